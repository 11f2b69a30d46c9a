"""The embedded SQLite store."""

from .store import SqliteGraphStore, default_db_path

__all__ = ["SqliteGraphStore", "default_db_path"]
