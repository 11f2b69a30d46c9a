"""An LCEL RAG chain over ``RecallRetriever``: the newest truth reaches the prompt, in order.

Run: ``python examples/langchain_lcel_rag.py``. Offline by default (LangChain's scripted fake chat
model; the prompt it receives is printed). ``OPENAI_API_KEY`` -> ``openai:gpt-4o-mini``;
``OLLAMA_BASE_URL`` -> an Ollama model (``OLLAMA_MODEL``, default ``llama3.2``).
"""

from __future__ import annotations

import os
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.documents import Document
from langchain_core.language_models import BaseChatModel
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import BaseMessage
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnablePassthrough

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langchain import RecallRetriever

PROMPT = ChatPromptTemplate.from_messages([
    ("system", "Answer from these statements. They are oldest first; a later statement "
               "supersedes an earlier one.\n\n{context}"),
    ("human", "{question}"),
])


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
    return GenericFakeChatModel(messages=iter(["王五。", "Bob."]))


def format_docs(docs: list[Document]) -> str:
    """The current facts (the first document), then one line per statement, oldest first.

    The retriever returns statements best first (``metadata["score"]``); the prompt lists them
    in time order so "a later statement supersedes an earlier one" holds.
    """
    facts = [d.page_content for d in docs if d.metadata["type"] == "facts"]
    statements = sorted(
        (d for d in docs if d.metadata["type"] == "statement"), key=lambda d: d.metadata["t_index"]
    )
    lines = [f"Current facts: {f}" for f in facts]
    lines += [
        f"[{d.metadata['timestamp'][:16]}] {d.metadata['speaker']}: {d.page_content}"
        for d in statements
    ]
    return "\n".join(lines)


def main() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for text in ("张三正在负责星火计划", "Alice leads Project Orion.", "食堂周五供应面条",
                     "张三不再负责星火计划了，现在由王五接手",
                     "Alice handed Project Orion over to Bob."):
            memory.add(text, namespace="team", speaker="Carol")
        retriever = RecallRetriever(memory=memory, namespace="team", token_budget=300)
        chain = (
            {"context": retriever | format_docs, "question": RunnablePassthrough()}
            | PROMPT
            | make_model()
            | StrOutputParser()
        )
        for question in ("现在谁负责星火计划？", "Who leads Project Orion now?"):
            print(f"\n===== Question: {question}")
            for doc in retriever.invoke(question):  # facts first, then best first
                if doc.metadata["type"] == "facts":
                    print(f"  retrieved facts: {doc.page_content}")
                else:
                    print(f"  retrieved: step {doc.metadata['t_index']} score "
                          f"{doc.metadata['score']:.3f} {doc.page_content}")
            answer = chain.invoke(question, config={"callbacks": [PrintPrompt()]})
            print(f"===== Answer: {answer}")


if __name__ == "__main__":
    main()
