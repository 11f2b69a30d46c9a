"""recall-memory-plugins: a time-aware knowledge-graph memory for LLM applications.

The public API. Importing this package imports no optional dependency (LangChain, LlamaIndex,
neo4j, stanza); their adapters live in ``recall_memory_plugins.adapters.*`` and
``recall_memory_plugins.stores.neo4j``.
"""

from __future__ import annotations

from .config import MemoryConfig
from .engine.memory import TemporalGraphMemory
from .errors import (
    AnnotationError,
    ConfigurationError,
    EmbeddingError,
    ExtractionError,
    InputError,
    MissingDependencyError,
    NotFoundError,
    RecallError,
    SchemaVersionError,
    StoreError,
    StoreUnavailableError,
)
from .models import (
    Concept,
    ConceptLink,
    Entity,
    Recall,
    RecalledStatement,
    Relation,
    ScoredConcept,
    Statement,
    StoreStats,
    UpdateResult,
)
from .stores.base import GraphStore
from .stores.sqlite import SqliteGraphStore

__version__ = "0.1.0"

__all__ = [
    "AnnotationError",
    "Concept",
    "ConceptLink",
    "ConfigurationError",
    "EmbeddingError",
    "Entity",
    "ExtractionError",
    "GraphStore",
    "InputError",
    "MemoryConfig",
    "MissingDependencyError",
    "NotFoundError",
    "Recall",
    "RecallError",
    "RecalledStatement",
    "Relation",
    "SchemaVersionError",
    "ScoredConcept",
    "SqliteGraphStore",
    "Statement",
    "StoreError",
    "StoreStats",
    "StoreUnavailableError",
    "TemporalGraphMemory",
    "UpdateResult",
    "__version__",
]
