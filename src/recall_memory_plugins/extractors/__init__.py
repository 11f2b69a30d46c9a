"""Optional relation extractors for :class:`~recall_memory_plugins.engine.relations.RelationTracker`.

The default extractor (patterns, no LLM) lives in the engine. This package holds extractors that
need an optional dependency, imported only when they are used:

- :class:`~.llm.LLMRelationExtractor`: any LangChain chat model decides ADD / UPDATE / DELETE /
  NOOP against the current relations (Mem0^g). Needs ``pip install 'recall-memory-plugins[langchain]'``.
"""

from __future__ import annotations

from .llm import LLMRelationExtractor

__all__ = ["LLMRelationExtractor"]
