"""Graph stores: the Protocol every backend implements, and the backends."""

from .base import GraphStore
from .sqlite import SqliteGraphStore

__all__ = ["GraphStore", "SqliteGraphStore"]
