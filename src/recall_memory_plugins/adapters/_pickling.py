"""Pickling an adapter: the engine is replaced by what reopens it on its SQLite file (the
store's options, the embedder) in the process that unpickles it."""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..config import MemoryConfig
from ..embeddings.function import FunctionEmbedder
from ..engine.memory import TemporalGraphMemory
from ..errors import InputError

__all__ = ["EngineSpec", "FrameworkEmbedder", "engine_state", "reopened_state"]


# the SqliteGraphStore options a reopened store is given again (its attribute -> keyword)
_STORE_OPTIONS = {
    "_read_only": "read_only",
    "_timeout": "timeout",
    "_cache_mb": "cache_mb",
    "_mmap_mb": "mmap_mb",
    "_checkpoint_mb": "checkpoint_mb",
}


@dataclass(frozen=True)
class EngineSpec:
    """What reopens an engine on a SQLite file in another process (adapters pickle this): the
    store's options (``read_only`` ...), the annotator, config, namespace and embedder."""

    path: str
    annotator: Any
    config: MemoryConfig
    namespace: str
    embedder: Any = None
    store_options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, memory: TemporalGraphMemory) -> EngineSpec:
        """The spec of ``memory``; :class:`InputError` when it cannot be reopened elsewhere
        (not on a SQLite file path, or an embedder that cannot be pickled)."""
        path = getattr(memory.store, "path", None)
        if (
            not isinstance(path, str)
            or path in (":memory:", "<connection>")
            or path.startswith("file:")
        ):
            raise InputError(
                f"cannot pickle an adapter over {memory.store!r}: only an engine on a SQLite file "
                "path can be reopened in another process (an in-memory database, an injected "
                "connection or a Neo4j driver cannot); rebuild the adapter there instead"
            )
        name = getattr(memory.annotator, "name", None)
        annotator: Any = name if name in ("offline", "stanza") else memory.annotator
        dense = getattr(memory, "_dense", None)
        embedder = getattr(dense, "embedder", None)
        if embedder is not None:
            try:  # checked here: a copy without it would rank differently, without a word
                pickle.dumps(embedder)
            except Exception as exc:  # (pickling runs the embedder's own code: any error)
                raise InputError(
                    f"cannot pickle an adapter over an engine whose embedder ({embedder!r}) "
                    f"cannot be pickled ({exc}); rebuild the adapter there instead"
                ) from exc
        options = tuple(
            (keyword, getattr(memory.store, attr))
            for attr, keyword in _STORE_OPTIONS.items()
            if hasattr(memory.store, attr)
        )
        return cls(path, annotator, memory.config, memory.namespace, embedder, options)

    def open(self) -> TemporalGraphMemory:
        """A new engine on the same file, with the same store options and embedder (the
        relation layer rebuilt from the config); it closes the store it opens."""
        from ..stores.sqlite import SqliteGraphStore

        store = SqliteGraphStore(self.path, **dict(self.store_options))
        try:
            engine = TemporalGraphMemory(
                store,
                annotator=self.annotator,
                config=self.config,
                namespace=self.namespace,
                embedder=self.embedder,
            )
        except BaseException:
            store.close()
            raise
        engine._owns_store = True  # opened here: engine.close() closes it, as for a path
        return engine


class FrameworkEmbedder(FunctionEmbedder):
    """The embedder ``as_embedder`` makes of a framework's model: a :class:`FunctionEmbedder`
    over two of the model's methods that pickles (with an adapter) when the model does (the
    model and the methods' names are pickled, not the bound methods a framework may wrap).

    Args:
        model: the framework's embedding model.
        embed: the name of its method embedding a list of statements.
        embed_query: the name of its method embedding a question.
        name: the vector space stored with each vector.
        dimensions: the vectors' length; None: found by embedding one probe text.
    """

    def __init__(
        self, model: Any, embed: str, embed_query: str, name: str, dimensions: int | None = None
    ) -> None:
        super().__init__(
            getattr(model, embed),
            name=name,
            dimensions=dimensions,
            embed_query=getattr(model, embed_query),
        )
        self._source = (model, embed, embed_query)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (*self._source, self.name, self._dimensions))


def engine_state(state: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    """``state`` with the engines under ``keys`` replaced by their :class:`EngineSpec`."""
    out = dict(state)
    for key in keys:
        if isinstance(out.get(key), TemporalGraphMemory):
            out[key] = EngineSpec.of(out[key])
    return out


def reopened_state(state: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    """``state`` with the :class:`EngineSpec` under ``keys`` reopened as engines."""
    out = dict(state)
    for key in keys:
        if isinstance(out.get(key), EngineSpec):
            out[key] = out[key].open()
    return out
