"""A LlamaIndex ``SimpleChatEngine`` whose ``Memory`` has a ``RecallMemoryBlock``.

Session 1 talks; turns that overflow the (deliberately small) chat-history share of the memory
are flushed into the temporal graph. Session 2 is a new ``Memory`` with an empty history: the
block recalls what answers the question and ``Memory`` puts it into the system message.

Run: ``python examples/llama_index_chat_engine.py``. Offline by default (LlamaIndex's
``MockLLMWithChatMemoryOfLastCall``; the messages it receives are printed). ``OPENAI_API_KEY`` ->
``llama-index-llms-openai`` (gpt-4o-mini); ``OLLAMA_BASE_URL`` -> ``llama-index-llms-ollama``.
"""

from __future__ import annotations

import os

from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.llms import LLM
from llama_index.core.llms.mock import MockLLMWithChatMemoryOfLastCall
from llama_index.core.memory import Memory

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.llama_index import RecallMemoryBlock


def make_llm() -> LLM:
    """A real LLM when one is configured, else LlamaIndex's recording mock."""
    if os.environ.get("OPENAI_API_KEY"):
        from llama_index.llms.openai import OpenAI

        return OpenAI(model="gpt-4o-mini")
    if os.environ.get("OLLAMA_BASE_URL"):
        from llama_index.llms.ollama import Ollama

        return Ollama(model=os.environ.get("OLLAMA_MODEL", "llama3.2"),
                      base_url=os.environ["OLLAMA_BASE_URL"])
    return MockLLMWithChatMemoryOfLastCall(max_tokens=4)


def new_session(memory: TemporalGraphMemory, llm: LLM) -> SimpleChatEngine:
    block = RecallMemoryBlock(memory=memory, namespace="alice", token_budget=300)
    chat_memory = Memory.from_defaults(
        memory_blocks=[block], token_limit=2000, chat_history_token_ratio=0.02
    )
    return SimpleChatEngine.from_defaults(llm=llm, memory=chat_memory)


def main() -> None:
    llm = make_llm()
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        first = new_session(memory, llm)
        for text in ("张三正在负责星火计划", "Alice leads Project Orion.",
                     "张三不再负责星火计划了，现在由王五接手",
                     "Alice handed Project Orion over to Bob.", "谢谢！"):
            print(f"session 1 | user: {text}\nsession 1 | assistant: {first.chat(text)}")
        print("\nstored in the graph (flushed turns):")
        for statement in memory.statements(namespace="alice"):
            print("  " + statement.render())

        second = new_session(memory, llm)
        for question in ("现在谁负责星火计划？", "Who leads Project Orion now?"):
            print(f"\nsession 2 | user: {question}")
            answer = second.chat(question)
            if isinstance(llm, MockLLMWithChatMemoryOfLastCall):
                print("----- prompt sent to the model -----")
                for message in llm.last_chat_messages or ():
                    print(f"[{message.role.value}] {message.content}")
            print(f"session 2 | assistant: {answer}")


if __name__ == "__main__":
    main()
