"""A classic LangChain ``ConversationChain`` with ``RecallMemory`` as its long-term memory.

Run: ``python examples/langchain_classic_chain.py``. Offline by default: LangChain's scripted fake
chat model answers, and every prompt the model receives is printed. With ``OPENAI_API_KEY`` set it
uses ``openai:gpt-4o-mini`` (needs ``langchain-openai``); with ``OLLAMA_BASE_URL`` an Ollama model
(``OLLAMA_MODEL``, default ``llama3.2``; needs ``langchain-ollama``).
"""

from __future__ import annotations

import os
import warnings
from typing import Any

from langchain_classic.chains import ConversationChain
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models import BaseChatModel
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import BaseMessage

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langchain import RecallMemory

TURNS = [
    "张三正在负责星火计划",
    "Alice leads Project Orion.",
    "张三不再负责星火计划了，现在由王五接手",
    "Alice handed Project Orion over to Bob.",
    "现在谁负责星火计划？",
    "Who leads Project Orion now?",
]


class PrintPrompt(BaseCallbackHandler):
    """Prints exactly what the chat model receives."""

    def on_chat_model_start(
        self, serialized: dict[str, Any], messages: list[list[BaseMessage]], **kwargs: Any
    ) -> None:
        for batch in messages:
            print("----- prompt sent to the model -----")
            for message in batch:
                print(f"[{message.type}] {message.text}")


def make_model() -> BaseChatModel:
    """A real model when one is configured, else LangChain's scripted fake."""
    if os.environ.get("OPENAI_API_KEY"):
        from langchain.chat_models import init_chat_model

        return init_chat_model("openai:gpt-4o-mini")
    if os.environ.get("OLLAMA_BASE_URL"):
        from langchain.chat_models import init_chat_model

        model = os.environ.get("OLLAMA_MODEL", "llama3.2")
        return init_chat_model(f"ollama:{model}", base_url=os.environ["OLLAMA_BASE_URL"])
    replies = ["好的，记住了。", "Noted.", "明白了。", "Noted.", "王五。", "Bob."]
    return GenericFakeChatModel(messages=iter(replies))


def main() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        with warnings.catch_warnings():
            # LangChain deprecates the classic chains themselves (see the agent example).
            warnings.filterwarnings("ignore", message=".*ConversationChain")
            chain = ConversationChain(
                llm=make_model(),
                memory=RecallMemory(memory=memory, namespace="alice", token_budget=300),
            )
        for turn in TURNS:
            print(f"\n===== Human: {turn}")
            result = chain.invoke({"input": turn}, config={"callbacks": [PrintPrompt()]})
            print(f"===== AI: {result['response']}")


if __name__ == "__main__":
    main()
