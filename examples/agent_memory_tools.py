"""Memory tools for agents: the model saves, searches and forgets memories itself.

``create_memory_tools(memory, namespace=...)`` gives ``save_memory``, ``search_memory`` and
``forget_memory``: LangChain tools for ``create_agent`` and LlamaIndex ``FunctionTool``s for
``FunctionAgent`` (both shown here, over the same engine).

Run: ``python examples/agent_memory_tools.py``. Offline: each framework's scripted fake model
decides which tool to call; every tool result is printed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from llama_index.core.agent.workflow import FunctionAgent, ToolCallResult
from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.llms.mock import MockFunctionCallingLLM

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters import langchain as lc
from recall_memory_plugins.adapters import llama_index as li


class ScriptedFakeChatModel(GenericFakeChatModel):
    """LangChain's scripted fake chat model; ``bind_tools`` is a no-op (the script decides)."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedFakeChatModel:
        return self


def lc_call(name: str, n: int, **args: Any) -> AIMessage:
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": f"call_{n}"}])


def langchain_agent(memory: TemporalGraphMemory) -> None:
    model = ScriptedFakeChatModel(messages=iter([
        lc_call("save_memory", 1, text="Alice leads Project Orion."),
        lc_call("save_memory", 2, text="Alice's cat is called Pixel."),
        "Saved.",
        lc_call("search_memory", 3, query="Who leads Project Orion?"),
        "Alice leads it.",
        lc_call("forget_memory", 4, statement_id=2),
        "Forgotten.",
    ]))
    agent = create_agent(model, lc.create_memory_tools(memory, namespace="alice"))
    for text in ("Remember: Alice leads Orion; her cat is Pixel.", "Who leads Orion?",
                 "Forget the cat."):
        print(f"\n===== langchain user: {text}")
        result = agent.invoke({"messages": [HumanMessage(text)]})
        for message in result["messages"]:
            if isinstance(message, ToolMessage):
                print(f"----- tool {message.name}: {message.text}")
        print(f"===== agent: {result['messages'][-1].text}")


def scripted_llm(*replies: ChatMessage) -> MockFunctionCallingLLM:
    """LlamaIndex's mock function-calling LLM, answering with ``replies`` in order."""
    script = iter(replies)
    llm = MockFunctionCallingLLM()
    llm.response_generator = lambda messages, **kwargs: next(script)
    return llm


def li_call(name: str, n: int, **args: Any) -> ChatMessage:
    block = ToolCallBlock(tool_call_id=f"call_{n}", tool_name=name, tool_kwargs=args)
    return ChatMessage(role=MessageRole.ASSISTANT, blocks=[block])


async def llama_index_agent(memory: TemporalGraphMemory) -> None:
    llm = scripted_llm(
        li_call("save_memory", 1, text="Bob drinks green tea."),
        ChatMessage(role=MessageRole.ASSISTANT, content="Saved."),
        li_call("search_memory", 2, query="What does Bob drink?"),
        ChatMessage(role=MessageRole.ASSISTANT, content="Green tea."),
    )
    agent = FunctionAgent(tools=li.create_memory_tools(memory, namespace="bob"), llm=llm)
    for text in ("Remember: Bob drinks green tea.", "What does Bob drink?"):
        print(f"\n===== llama-index user: {text}")
        handler = agent.run(user_msg=text)
        async for event in handler.stream_events():
            if isinstance(event, ToolCallResult):
                print(f"----- tool {event.tool_name}: {event.tool_output.content}")
        print(f"===== agent: {await handler}")


def main() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        langchain_agent(memory)
        asyncio.run(llama_index_agent(memory))
        for namespace in ("alice", "bob"):
            print(f"\nstored for {namespace}:")
            for statement in memory.statements(namespace=namespace):
                print("  " + statement.render())


if __name__ == "__main__":
    main()
