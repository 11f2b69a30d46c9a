"""``python -m recall_memory_plugins.cli``."""

import sys

from .main import main

sys.exit(main())
