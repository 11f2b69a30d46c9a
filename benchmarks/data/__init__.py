"""Generated benchmark data (deterministic generators and their committed output)."""
