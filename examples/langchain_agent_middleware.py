"""A LangChain 1.x agent (``create_agent``) with ``RecallMiddleware`` as its long-term memory.

Each run is a fresh thread, so nothing but the middleware carries memory from one run to the
next: before every model call it adds the statements recalled for the latest user message to the
system prompt, and after the run it stores the new user and AI turns under the user's namespace
(``context=UserContext(user_id=...)``).

Run: ``python examples/langchain_agent_middleware.py``. Offline by default (a scripted fake chat
model; every prompt it receives is printed). ``OPENAI_API_KEY`` -> ``openai:gpt-4o-mini``;
``OLLAMA_BASE_URL`` -> an Ollama model (``OLLAMA_MODEL``, default ``llama3.2``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from langchain.agents import create_agent
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models import BaseChatModel
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.tools import tool

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langchain import RecallMiddleware


@dataclass
class UserContext:
    """The runtime context: whose memory to use."""

    user_id: str


@tool
def project_directory(project: str) -> str:
    """Look a project up in the company directory."""
    return f"The directory has no owner on record for {project}."


class ScriptedFakeChatModel(GenericFakeChatModel):
    """LangChain's scripted fake chat model; ``bind_tools`` is a no-op (the script decides)."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedFakeChatModel:
        return self


class PrintPrompt(BaseCallbackHandler):
    """Prints exactly what the chat model receives."""

    def on_chat_model_start(
        self, serialized: dict[str, Any], messages: list[list[BaseMessage]], **kwargs: Any
    ) -> None:
        for batch in messages:
            print("----- prompt sent to the model -----")
            for message in batch:
                print(f"[{message.type}] {message.text or message.content}")


def make_model() -> BaseChatModel:
    """A real model when one is configured, else the scripted fake."""
    if os.environ.get("OPENAI_API_KEY"):
        from langchain.chat_models import init_chat_model

        return init_chat_model("openai:gpt-4o-mini")
    if os.environ.get("OLLAMA_BASE_URL"):
        from langchain.chat_models import init_chat_model

        model = os.environ.get("OLLAMA_MODEL", "llama3.2")
        return init_chat_model(f"ollama:{model}", base_url=os.environ["OLLAMA_BASE_URL"])
    lookup = {"name": "project_directory", "args": {"project": "星火计划"}, "id": "call_1"}
    return ScriptedFakeChatModel(messages=iter([
        "好的，记住了。",
        "明白了。",
        AIMessage(content="", tool_calls=[lookup]),
        "现在由王五负责星火计划。",
        "我不知道。",
    ]))


def main() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        agent = create_agent(
            model=make_model(),
            tools=[project_directory],
            system_prompt="You are a helpful assistant.",
            middleware=[RecallMiddleware(memory, token_budget=300)],
            context_schema=UserContext,
        )
        runs = [
            ("alice", "张三正在负责星火计划"),
            ("alice", "张三不再负责星火计划了，现在由王五接手"),
            ("alice", "现在谁负责星火计划？"),
            ("bob", "现在谁负责星火计划？"),  # bob's namespace knows nothing about it
        ]
        for user, text in runs:
            print(f"\n===== {user}: {text}")
            result = agent.invoke(
                {"messages": [HumanMessage(text)]},
                config={"callbacks": [PrintPrompt()]},
                context=UserContext(user_id=user),
            )
            print(f"===== agent: {result['messages'][-1].text}")
        print("\nstored for alice:")
        for statement in memory.statements(namespace="alice"):
            print("  " + statement.render())


if __name__ == "__main__":
    main()
