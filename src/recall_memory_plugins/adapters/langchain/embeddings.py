"""A LangChain ``Embeddings`` model as the memory's embedder (the optional semantic signal)."""

from __future__ import annotations

from typing import Any

from ...embeddings.function import FunctionEmbedder
from ...errors import ConfigurationError
from .._common import FrameworkEmbedder

__all__ = ["as_embedder"]


def as_embedder(
    embeddings: Any, *, name: str | None = None, dimensions: int | None = None
) -> FunctionEmbedder:
    """Wrap a LangChain ``Embeddings`` (OpenAI, Ollama, HuggingFace, ...) for
    ``TemporalGraphMemory(embedder=...)``: statements go through ``embed_documents``, questions
    through ``embed_query``.

    Args:
        embeddings: a ``langchain_core.embeddings.Embeddings``.
        name: the vector space stored with each vector (default: ``langchain:<class>:<model>``).
        dimensions: the vectors' length (default: found by embedding one probe text).

    Example:
        >>> from langchain_core.embeddings import DeterministicFakeEmbedding
        >>> as_embedder(DeterministicFakeEmbedding(size=8)).name
        'langchain:DeterministicFakeEmbedding'
    """
    from langchain_core.embeddings import Embeddings

    if not isinstance(embeddings, Embeddings):
        raise ConfigurationError(
            f"as_embedder needs a langchain_core Embeddings, got {type(embeddings).__name__}"
        )
    model = getattr(embeddings, "model", None) or getattr(embeddings, "model_name", None)
    default = f"langchain:{type(embeddings).__name__}" + (f":{model}" if model else "")
    return FrameworkEmbedder(
        embeddings, "embed_documents", "embed_query", name or default, dimensions
    )
