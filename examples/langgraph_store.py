"""A LangChain 1.x agent whose long-term store (``runtime.store``) is the temporal graph.

``create_agent(model, tools, store=RecallStore(memory))``: the tools put and search items in the
store; each item is a statement of the graph, so a search is a recall (best match first) and a
correction keeps the old version as history.

Run: ``python examples/langgraph_store.py``. Offline by default (a scripted fake chat model
decides which tool to call; every tool result is printed). ``OPENAI_API_KEY`` ->
``openai:gpt-4o-mini``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from langchain.agents import create_agent
from langchain.tools import ToolRuntime
from langchain_core.language_models import BaseChatModel
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.tools import tool

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langgraph import RecallStore

USER = ("memories", "alice")  # the store namespace of this user's memories


@tool
def save_memory(key: str, text: str, runtime: ToolRuntime) -> str:
    """Save (or correct) the memory ``key`` about the user."""
    assert runtime.store is not None
    runtime.store.put(USER, key, {"text": text})
    return f"saved {key}"


@tool
def search_memories(query: str, runtime: ToolRuntime) -> str:
    """Search the user's memories, best match first."""
    assert runtime.store is not None
    items = runtime.store.search(USER, query=query, limit=3)
    return "\n".join(f"{i.key}: {i.value['text']} (score {i.score})" for i in items)


class ScriptedFakeChatModel(GenericFakeChatModel):
    """LangChain's scripted fake chat model; ``bind_tools`` is a no-op (the script decides)."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedFakeChatModel:
        return self


def call(name: str, n: int, **args: str) -> AIMessage:
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": f"call_{n}"}])


def make_model() -> BaseChatModel:
    """A real model when one is configured, else the scripted fake."""
    if os.environ.get("OPENAI_API_KEY"):
        from langchain.chat_models import init_chat_model

        return init_chat_model("openai:gpt-4o-mini")
    return ScriptedFakeChatModel(messages=iter([
        call("save_memory", 1, key="home", text="Alice lives in Paris."),
        call("save_memory", 2, key="work", text="Alice leads Project Orion."),
        "Noted.",
        call("save_memory", 3, key="home", text="Alice moved to Lyon."),
        "Updated.",
        call("search_memories", 4, query="Where does Alice live?"),
        "Alice lives in Lyon.",
    ]))


def main() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        store = RecallStore(memory)
        agent = create_agent(make_model(), [save_memory, search_memories], store=store)
        for text in (
            "I live in Paris and I lead Project Orion.",
            "I moved to Lyon.",
            "Where do I live?",
        ):
            print(f"\n===== user: {text}")
            result = agent.invoke({"messages": [HumanMessage(text)]})
            for message in result["messages"]:
                if isinstance(message, ToolMessage):
                    print(f"----- tool {message.name}:\n{message.text}")
            print(f"===== agent: {result['messages'][-1].text}")
        print("\nstore items:")
        for item in store.search(USER, limit=10):
            print(f"  {item.key}: {item.value}")
        home = memory.find_by_source("home", namespace="store/memories/alice")[0]
        print("history of 'home':")
        for version in memory.history(home.id, namespace="store/memories/alice"):
            print("  " + version.render())


if __name__ == "__main__":
    main()
