"""The memory ``FunctionTool``s in a LlamaIndex ``FunctionAgent`` with a scripted mock LLM."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core.agent.workflow import FunctionAgent, ToolCallResult
from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.llms.mock import MockFunctionCallingLLM

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.llama_index import create_memory_tools
from tests.conftest import Clock


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline", clock=Clock()) as engine:
        yield engine


def test_tools_are_function_tools_over_one_namespace(memory: TemporalGraphMemory) -> None:
    save, search, forget = create_memory_tools(memory, namespace="alice")
    assert [t.metadata.name for t in (save, search, forget)] == [
        "save_memory",
        "search_memory",
        "forget_memory",
    ]
    assert save.call(text="Alice leads Project Orion.").content == "saved as statement 1 (step 1)"
    found = search.call(query="Who leads Project Orion?").content
    assert "[1] " in found and "Alice leads Project Orion." in found
    assert forget.call(statement_id=1).content.startswith("deleted statement 1")
    assert memory.statements(namespace="alice") == []


def scripted_llm(*steps: ChatMessage) -> MockFunctionCallingLLM:
    """LlamaIndex's mock function-calling LLM answering with ``steps`` in order (the script)."""
    replies = iter(steps)
    llm = MockFunctionCallingLLM()
    llm.response_generator = lambda messages, **kwargs: next(replies)
    return llm


def calls(name: str, n: int, **kwargs: object) -> ChatMessage:
    block = ToolCallBlock(tool_call_id=f"call_{n}", tool_name=name, tool_kwargs=dict(kwargs))
    return ChatMessage(role=MessageRole.ASSISTANT, blocks=[block])


def says(text: str) -> ChatMessage:
    return ChatMessage(role=MessageRole.ASSISTANT, content=text)


async def run(agent: FunctionAgent, text: str) -> list[tuple[str, str]]:
    handler = agent.run(user_msg=text)
    results = []
    async for event in handler.stream_events():
        if isinstance(event, ToolCallResult):
            results.append((event.tool_name, event.tool_output.content))
    await handler
    return results


async def test_function_agent_saves_searches_and_forgets(memory: TemporalGraphMemory) -> None:
    llm = scripted_llm(
        calls("save_memory", 1, text="Alice leads Project Orion."),
        says("Saved."),
        calls("search_memory", 2, query="Who leads Project Orion?"),
        says("Alice."),
        calls("forget_memory", 3, statement_id=1),
        says("Forgotten."),
    )
    agent = FunctionAgent(tools=create_memory_tools(memory, namespace="alice"), llm=llm)
    assert await run(agent, "Remember: Alice leads Orion.") == [
        ("save_memory", "saved as statement 1 (step 1)")
    ]
    [(name, found)] = await run(agent, "Who leads Orion?")
    assert name == "search_memory" and "[1] " in found and "Alice leads Project Orion." in found
    assert await run(agent, "Forget it.") == [
        ("forget_memory", "deleted statement 1: Alice leads Project Orion.")
    ]
    assert memory.statements(namespace="alice") == []
