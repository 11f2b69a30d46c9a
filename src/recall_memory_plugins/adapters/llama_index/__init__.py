"""LlamaIndex adapters: a ``Memory`` block, a legacy chat memory and a retriever.

Needs the ``llama-index`` extra (``pip install 'recall-memory-plugins[llama-index]'``); importing
this package without it raises :class:`~recall_memory_plugins.errors.MissingDependencyError`.
"""

from __future__ import annotations

from ..._optional import require

require("llama_index.core", extra="llama-index", purpose="the LlamaIndex adapters")

from .chat_memory import RecallChatMemory  # noqa: E402
from .embeddings import as_embedder  # noqa: E402
from .memory_block import RecallMemoryBlock  # noqa: E402
from .retriever import RecallRetriever  # noqa: E402
from .tools import create_memory_tools  # noqa: E402

__all__ = [
    "RecallChatMemory",
    "RecallMemoryBlock",
    "RecallRetriever",
    "as_embedder",
    "create_memory_tools",
]
