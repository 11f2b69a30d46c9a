"""Agent tools over the memory: save, search and forget (LlamaIndex ``FunctionTool``)."""

from __future__ import annotations

import asyncio

from llama_index.core.tools import FunctionTool

from ...engine.memory import TemporalGraphMemory
from .._common import FORGET_DESCRIPTION, SAVE_DESCRIPTION, SEARCH_DESCRIPTION, MemoryToolset

__all__ = ["create_memory_tools"]


def create_memory_tools(
    memory: TemporalGraphMemory,
    *,
    namespace: str | None = None,
    k: int = 5,
    token_budget: int | None = None,
    speaker: str | None = None,
) -> list[FunctionTool]:
    """``save_memory``, ``search_memory`` and ``forget_memory`` ``FunctionTool``s over one
    namespace, for ``FunctionAgent(tools=...)``, ``AgentWorkflow`` or ``ReActAgent``.

    Args:
        memory: the engine (injected).
        namespace: the scope the tools read and write; None uses the engine's default.
        k: results of a search (the facts line counts as one).
        token_budget: tokens a search may return; None uses the engine's budget.
        speaker: speaker stored with saved statements (e.g. ``"agent"``).
    """
    tools = MemoryToolset(
        memory, namespace=namespace, k=k, token_budget=token_budget, speaker=speaker
    )

    def save_memory(text: str) -> str:
        return tools.save(text)

    async def asave_memory(text: str) -> str:
        return await asyncio.to_thread(tools.save, text)

    def search_memory(query: str) -> str:
        return tools.search(query)

    async def asearch_memory(query: str) -> str:
        return await asyncio.to_thread(tools.search, query)

    def forget_memory(statement_id: int) -> str:
        return tools.forget(statement_id)

    async def aforget_memory(statement_id: int) -> str:
        return await asyncio.to_thread(tools.forget, statement_id)

    return [
        FunctionTool.from_defaults(
            fn=save_memory,
            async_fn=asave_memory,
            name="save_memory",
            description=SAVE_DESCRIPTION,
        ),
        FunctionTool.from_defaults(
            fn=search_memory,
            async_fn=asearch_memory,
            name="search_memory",
            description=SEARCH_DESCRIPTION,
        ),
        FunctionTool.from_defaults(
            fn=forget_memory,
            async_fn=aforget_memory,
            name="forget_memory",
            description=FORGET_DESCRIPTION,
        ),
    ]
