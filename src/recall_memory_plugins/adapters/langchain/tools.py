"""Agent tools over the memory: save, search and forget (LangChain ``StructuredTool``)."""

from __future__ import annotations

from langchain_core.tools import BaseTool, StructuredTool

from ...engine.memory import TemporalGraphMemory
from .._common import MemoryToolset

__all__ = ["create_memory_tools"]


def create_memory_tools(
    memory: TemporalGraphMemory,
    *,
    namespace: str | None = None,
    k: int = 5,
    token_budget: int | None = None,
    speaker: str | None = None,
) -> list[BaseTool]:
    """``save_memory``, ``search_memory`` and ``forget_memory`` tools over one namespace.

    Give them to ``create_agent(model, tools=create_memory_tools(memory, namespace="alice"))``:
    the model decides what to remember (``save_memory(text)``), looks it up
    (``search_memory(query)``: current facts, then the ``k`` best statements with their ids) and
    erases it (``forget_memory(statement_id)``, a hard delete of the statement and of the facts
    drawn from it alone, so search no longer states them). Sync and async.

    Args:
        memory: the engine (injected).
        namespace: the scope the tools read and write; None uses the engine's default.
        k: results of a search (the facts line counts as one).
        token_budget: tokens a search may return; None uses the engine's budget. When a
            current fact does not fit a smaller budget, the answer ends with a note saying so.
        speaker: speaker stored with saved statements (e.g. ``"agent"``).
    """
    tools = MemoryToolset(
        memory, namespace=namespace, k=k, token_budget=token_budget, speaker=speaker
    )
    return [
        StructuredTool.from_function(func=fn, coroutine=afn, description=description)
        for fn, afn, description in tools.functions()
    ]
