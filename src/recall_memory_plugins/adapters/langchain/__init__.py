"""LangChain adapters: classic-chain memory, an LCEL retriever, agent middleware, chat history.

Needs the ``langchain`` extra (``pip install 'recall-memory-plugins[langchain]'``); importing this
package without it raises :class:`~recall_memory_plugins.errors.MissingDependencyError`.
"""

from __future__ import annotations

from ..._optional import require

for _module in ("langchain_core", "langchain_classic", "langchain"):
    require(_module, extra="langchain", purpose="the LangChain adapters")

from .embeddings import as_embedder  # noqa: E402
from .history import RecallChatMessageHistory  # noqa: E402
from .memory import RecallMemory  # noqa: E402
from .middleware import RecallAgentState, RecallMiddleware  # noqa: E402
from .retriever import RecallRetriever  # noqa: E402
from .tools import create_memory_tools  # noqa: E402

__all__ = [
    "RecallAgentState",
    "RecallChatMessageHistory",
    "RecallMemory",
    "RecallMiddleware",
    "RecallRetriever",
    "as_embedder",
    "create_memory_tools",
]
