"""The whole exception tree of recall-memory-plugins.

Every error the library raises derives from :class:`RecallError`, so applications can catch one
type. Messages say what to check.
"""

from __future__ import annotations

__all__ = [
    "AnnotationError",
    "ConfigurationError",
    "EmbeddingError",
    "ExtractionError",
    "InputError",
    "MissingDependencyError",
    "NotFoundError",
    "RecallError",
    "SchemaVersionError",
    "StoreError",
    "StoreUnavailableError",
    "WriteConflictError",
]


class RecallError(Exception):
    """Root of every error raised by recall-memory-plugins.

    Attributes:
        stored: for a bulk write that failed part way (``add_many``), the results of the updates
            that were committed before the error, in order; empty otherwise.
    """

    stored: tuple[object, ...] = ()


class ConfigurationError(RecallError):
    """An option or environment variable has an invalid value."""


class NotFoundError(RecallError, LookupError):
    """A ``get_*`` call asked for something that is not stored."""


class StoreError(RecallError):
    """The graph store failed to read or write."""


class StoreUnavailableError(StoreError):
    """The store (e.g. a Neo4j server) cannot be reached. Nothing was written."""


class SchemaVersionError(StoreError):
    """The store's schema was written by a newer, unknown version of the library, or (Neo4j) by
    an older one and not yet upgraded by ``store.setup()``."""


class AnnotationError(RecallError):
    """The NLP annotator failed, or its models are missing."""


class EmbeddingError(RecallError):
    """The embedder of the semantic signal failed (nothing was stored)."""


class InputError(RecallError, ValueError):
    """The caller passed input the library cannot store or answer (nothing was written)."""


class WriteConflictError(InputError):
    """An update was planned on a state another writer has changed since (e.g. it ends a relation
    that is no longer current). Nothing was written; the engine plans again and retries."""


class ExtractionError(RecallError):
    """An (optional) LLM extractor returned output that could not be used."""


class MissingDependencyError(RecallError, ImportError):
    """An optional dependency is not installed; the message names the extra to install."""

    def __init__(self, package: str, extra: str, purpose: str = "") -> None:
        self.package = package
        self.extra = extra
        what = f" for {purpose}" if purpose else ""
        super().__init__(
            f"The optional package {package!r} is needed{what}. "
            f"Install it with: pip install 'recall-memory-plugins[{extra}]'"
        )
