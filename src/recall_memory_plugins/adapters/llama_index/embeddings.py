"""A LlamaIndex embedding model as the memory's embedder (the optional semantic signal)."""

from __future__ import annotations

from typing import Any

from ...embeddings.function import FunctionEmbedder
from ...errors import ConfigurationError
from .._common import FrameworkEmbedder

__all__ = ["as_embedder"]


def as_embedder(
    embed_model: Any, *, name: str | None = None, dimensions: int | None = None
) -> FunctionEmbedder:
    """Wrap a LlamaIndex ``BaseEmbedding`` (OpenAI, Ollama, HuggingFace, ...) for
    ``TemporalGraphMemory(embedder=...)``: statements go through ``get_text_embedding_batch``,
    questions through ``get_query_embedding``.

    Args:
        embed_model: a ``llama_index.core.base.embeddings.base.BaseEmbedding``.
        name: the vector space stored with each vector (default: ``llama-index:<model_name>``).
        dimensions: the vectors' length (default: found by embedding one probe text).
    """
    from llama_index.core.base.embeddings.base import BaseEmbedding

    if not isinstance(embed_model, BaseEmbedding):
        raise ConfigurationError(
            f"as_embedder needs a LlamaIndex BaseEmbedding, got {type(embed_model).__name__}"
        )
    model = getattr(embed_model, "model_name", None) or type(embed_model).__name__
    return FrameworkEmbedder(
        embed_model,
        "get_text_embedding_batch",
        "get_query_embedding",
        name or f"llama-index:{model}",
        dimensions,
    )
