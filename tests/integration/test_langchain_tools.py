"""The memory tools (save, search, forget) in a LangChain ``create_agent`` with a scripted model."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("langchain")

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langchain import create_memory_tools
from tests.conftest import Clock


class ScriptedToolCallingFakeChatModel(GenericFakeChatModel):
    """LangChain's scripted fake chat model, accepting ``bind_tools`` (the script decides)."""

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedToolCallingFakeChatModel:
        return self


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline", clock=Clock()) as engine:
        yield engine


def call(name: str, args: dict[str, Any], n: int) -> AIMessage:
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": f"call_{n}"}])


def tool_outputs(result: dict[str, Any]) -> list[str]:
    return [m.text for m in result["messages"] if isinstance(m, ToolMessage)]


def test_agent_saves_searches_and_forgets(memory: TemporalGraphMemory) -> None:
    tools = create_memory_tools(memory, namespace="alice")
    assert [t.name for t in tools] == ["save_memory", "search_memory", "forget_memory"]
    model = ScriptedToolCallingFakeChatModel(
        messages=iter(
            [
                call("save_memory", {"text": "Alice leads Project Orion."}, 1),
                call("save_memory", {"text": "Alice's cat is called Pixel."}, 2),
                "Saved both.",
                call("search_memory", {"query": "Who leads Project Orion?"}, 3),
                "Alice.",
                call("forget_memory", {"statement_id": 2}, 4),
                call("search_memory", {"query": "What is the cat called?"}, 5),
                "Forgotten.",
            ]
        )
    )
    agent = create_agent(model, tools)
    saved = agent.invoke({"messages": [HumanMessage("Remember two things.")]})
    assert tool_outputs(saved) == ["saved as statement 1 (step 1)", "saved as statement 2 (step 2)"]
    found = tool_outputs(agent.invoke({"messages": [HumanMessage("Who leads Orion?")]}))[0]
    facts, best = found.splitlines()[:2]
    assert facts == "Alice manages Project Orion (since step 1)"  # current facts first
    assert best.startswith("[1] ") and best.endswith("Alice leads Project Orion.")
    forgot = tool_outputs(agent.invoke({"messages": [HumanMessage("Forget the cat.")]}))
    assert forgot[0] == "deleted statement 2: Alice's cat is called Pixel."
    assert "Pixel" not in forgot[1]
    assert [s.text for s in memory.statements(namespace="alice")] == ["Alice leads Project Orion."]
    assert memory.statements(namespace="default") == []


async def test_tools_async_and_the_models_mistakes(memory: TemporalGraphMemory) -> None:
    save, search, forget = create_memory_tools(memory, namespace="bob", k=1)
    assert await search.ainvoke({"query": "anything"}) == "nothing found: the memory is empty"
    assert (await save.ainvoke({"text": "Bob drinks tea."})).startswith("saved as statement")
    assert (await save.ainvoke({"text": "   "})).startswith("not saved:")
    assert await search.ainvoke({"query": "What does Bob drink?"}) == search.invoke(
        {"query": "What does Bob drink?"}
    )
    assert len(search.invoke({"query": "What does Bob drink?"}).splitlines()) == 1  # k=1
    assert (await forget.ainvoke({"statement_id": 99})).startswith("not deleted:")
