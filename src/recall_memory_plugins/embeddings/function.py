"""An embedder made of functions: wraps any model client (or a framework's embeddings object, see
``adapters.langchain.as_embedder`` and ``adapters.llama_index.as_embedder``)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from ..errors import ConfigurationError

__all__ = ["FunctionEmbedder"]

Vectors = Sequence[Sequence[float]]


class FunctionEmbedder:
    """An :class:`~.base.Embedder` from ``embed(texts) -> vectors`` (documents, i.e. statements)
    and optionally ``embed_query(text) -> vector`` (questions, for models that embed the two
    differently).

    Args:
        embed: one vector per text, in order (need not be unit length: recall normalises).
        name: the vector space, e.g. ``"openai:text-embedding-3-small"``: stored with each vector,
            so changing the model never compares vectors of two spaces.
        dimensions: the vectors' length; None: found by embedding one probe text on first use.
        embed_query: the question's vector (default: ``embed([question])[0]``).
    """

    def __init__(
        self,
        embed: Callable[[list[str]], Vectors],
        *,
        name: str,
        dimensions: int | None = None,
        embed_query: Callable[[str], Sequence[float]] | None = None,
    ) -> None:
        if not callable(embed) or (embed_query is not None and not callable(embed_query)):
            raise ConfigurationError("embed and embed_query must be callables")
        if not isinstance(name, str) or not name.strip():
            raise ConfigurationError(f"name must be a non-empty string, got {name!r}")
        if dimensions is not None and (
            isinstance(dimensions, bool) or not isinstance(dimensions, int) or dimensions < 1
        ):
            raise ConfigurationError(f"dimensions must be an int >= 1, got {dimensions!r}")
        self.name = name
        self._embed = embed
        self._embed_query = embed_query
        self._dimensions = dimensions
        self._lock = threading.Lock()

    @property
    def dimensions(self) -> int:
        with self._lock:
            if self._dimensions is None:
                self._dimensions = len(self._embed(["dimension probe"])[0])
            return self._dimensions

    def embed(self, texts: Sequence[str]) -> Vectors:
        return self._embed(list(texts))

    def embed_query(self, text: str) -> Sequence[float]:
        if self._embed_query is None:
            return self._embed([text])[0]
        return self._embed_query(text)

    def __repr__(self) -> str:
        return f"FunctionEmbedder(name={self.name!r})"
