"""Agent tools over the memory: save, search and forget (LlamaIndex ``FunctionTool``)."""

from __future__ import annotations

from llama_index.core.tools import FunctionTool

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
) -> list[FunctionTool]:
    """``save_memory``, ``search_memory`` and ``forget_memory`` ``FunctionTool``s over one
    namespace, for ``FunctionAgent(tools=...)``, ``AgentWorkflow`` or ``ReActAgent``.

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
        FunctionTool.from_defaults(fn=fn, async_fn=afn, name=fn.__name__, description=description)
        for fn, afn, description in tools.functions()
    ]
