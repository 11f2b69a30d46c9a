"""LangGraph adapter: :class:`RecallStore`, the temporal graph as a LangGraph ``BaseStore``.

Needs the ``langchain`` extra, which brings LangGraph (``pip install
'recall-memory-plugins[langchain]'``); importing this package without it raises
:class:`~recall_memory_plugins.errors.MissingDependencyError`.
"""

from __future__ import annotations

from ..._optional import require

require("langgraph.store.base", extra="langchain", purpose="the LangGraph store")

from .store import RecallStore  # noqa: E402

__all__ = ["RecallStore"]
