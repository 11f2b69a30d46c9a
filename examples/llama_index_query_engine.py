"""A LlamaIndex ``RetrieverQueryEngine`` over ``RecallRetriever``.

Run: ``python examples/llama_index_query_engine.py``. Offline by default: LlamaIndex's ``MockLLM``
echoes its prompt, so the answer printed is exactly the prompt the model received.
``OPENAI_API_KEY`` -> ``llama-index-llms-openai`` (gpt-4o-mini); ``OLLAMA_BASE_URL`` ->
``llama-index-llms-ollama``.
"""

from __future__ import annotations

import os

from llama_index.core.llms import LLM
from llama_index.core.llms.mock import MockLLM
from llama_index.core.query_engine import RetrieverQueryEngine

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.llama_index import RecallRetriever


def make_llm() -> LLM:
    """A real LLM when one is configured, else LlamaIndex's echoing mock."""
    if os.environ.get("OPENAI_API_KEY"):
        from llama_index.llms.openai import OpenAI

        return OpenAI(model="gpt-4o-mini")
    if os.environ.get("OLLAMA_BASE_URL"):
        from llama_index.llms.ollama import Ollama

        return Ollama(model=os.environ.get("OLLAMA_MODEL", "llama3.2"),
                      base_url=os.environ["OLLAMA_BASE_URL"])
    return MockLLM()


def main() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for text in ("张三正在负责星火计划", "Alice leads Project Orion.", "食堂周五供应面条",
                     "张三不再负责星火计划了，现在由王五接手",
                     "Alice handed Project Orion over to Bob."):
            memory.add(text, namespace="team", speaker="Carol")
        retriever = RecallRetriever(memory, namespace="team", token_budget=300)
        llm = make_llm()
        engine = RetrieverQueryEngine.from_args(retriever, llm=llm)
        offline = isinstance(llm, MockLLM)
        for question in ("现在谁负责星火计划？", "Who leads Project Orion now?"):
            print(f"\n===== Question: {question}")
            response = engine.query(question)
            for node in response.source_nodes:  # the current facts first, then best first
                meta = node.node.metadata
                if meta["type"] == "facts":
                    print(f"  retrieved facts: {node.node.get_content()}")
                    continue
                print(f"  retrieved: step {meta['t_index']} score {node.score:.3f} "
                      f"{node.node.get_content()}")
            if offline:
                print("----- prompt sent to the model (MockLLM echoes it) -----")
            print(str(response))


if __name__ == "__main__":
    main()
