"""The Neo4j store (``pip install 'recall-memory-plugins[neo4j]'``).

Importing this package does not import the ``neo4j`` driver; constructing a store does, and raises
:class:`~recall_memory_plugins.errors.MissingDependencyError` naming the extra when it is missing.
"""

from .config import Neo4jConfig
from .store import Neo4jGraphStore

__all__ = ["Neo4jConfig", "Neo4jGraphStore"]
