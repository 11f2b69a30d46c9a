"""Graph stores: the Protocol every backend implements, and the backends."""

from .base import GraphStore
from .neo4j import Neo4jConfig, Neo4jGraphStore  # the driver itself is imported lazily
from .sqlite import SqliteGraphStore

__all__ = ["GraphStore", "Neo4jConfig", "Neo4jGraphStore", "SqliteGraphStore"]
