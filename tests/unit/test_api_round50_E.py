"""Round 50 (the API as an app developer uses it): ``add_many`` refuses an empty item as ``add``
does, ``view`` refuses a namespace of the wrong type, and the LlamaIndex retriever and the
LangChain middleware refuse an unknown option, each with the library's own error."""

from __future__ import annotations

from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.errors import ConfigurationError, InputError


# ------------------------------------------------------------------ D4: add_many's empty items
@pytest.mark.parametrize("blank", ["", "   ", "\n\t", {"text": ""}, {"text": "  ", "speaker": "Bob"}])
def test_add_many_refuses_an_empty_item_naming_its_index(
    memory: TemporalGraphMemory, blank: Any
) -> None:
    items = ["Alice works at Acme.", blank, "Bob lives in Rome."]
    with pytest.raises(InputError, match=r"item 1: cannot add empty text"):
        memory.add_many(items, namespace="n")
    assert memory.get_all(namespace="n") == []  # nothing was stored
    with pytest.raises(InputError, match="empty"):
        memory.add(blank if isinstance(blank, str) else blank["text"], namespace="n")


def test_add_many_results_line_up_with_short_and_odd_items(memory: TemporalGraphMemory) -> None:
    # look-alikes of an empty item that are texts: one character, a digit, punctuation
    items = ["Alice works at Acme.", "0", ".", {"text": " ok "}, "Bob lives in Rome."]
    results = memory.add_many(items, namespace="n")
    assert len(results) == len(items)
    texts = [memory.get(r.statement_ids[0], namespace="n").text for r in results]
    assert texts == ["Alice works at Acme.", "0", ".", "ok", "Bob lives in Rome."]
    assert memory.add_many([], namespace="n") == []  # no items: nothing to refuse


def test_chat_adapters_still_leave_out_empty_messages(memory: TemporalGraphMemory) -> None:
    """The adapters drop an empty message (an AI turn of tool calls only) before add_many."""
    pytest.importorskip("langchain_core")
    pytest.importorskip("llama_index.core")
    from langchain_core.messages import AIMessage, HumanMessage
    from llama_index.core.llms import ChatMessage, MessageRole

    from recall_memory_plugins.adapters.langchain import RecallChatMessageHistory
    from recall_memory_plugins.adapters.llama_index import RecallChatMemory

    history = RecallChatMessageHistory(memory=memory, namespace="lc")
    history.add_messages([HumanMessage("I live in Oslo."), AIMessage(""), AIMessage("Noted.")])
    assert [s.text for s in memory.get_all(namespace="lc")] == ["I live in Oslo.", "Noted."]
    chat = RecallChatMemory(memory=memory, namespace="li")
    chat.put_messages([ChatMessage(role=MessageRole.USER, content="I live in Oslo."),
                       ChatMessage(role=MessageRole.ASSISTANT, content="")])
    assert [s.text for s in memory.get_all(namespace="li")] == ["I live in Oslo."]


# ------------------------------------------------------------------ D5: view's namespace
@pytest.mark.parametrize("namespace", [5, 3.5, b"n", {"n": 1}, [5], ["n", None]])
def test_view_refuses_a_namespace_of_the_wrong_type(memory: TemporalGraphMemory, namespace: Any) -> None:
    pytest.importorskip("networkx")
    memory.add("Alice works at Acme.", namespace="n")
    with pytest.raises(InputError, match="namespace"):
        memory.view(namespace)


@pytest.mark.parametrize("namespace", ["n", ("n",), ["n", "m"], iter(["n"])])
def test_view_takes_a_name_or_names(memory: TemporalGraphMemory, namespace: Any) -> None:
    pytest.importorskip("networkx")
    memory.add("Alice works at Acme.", namespace="n")
    assert "Acme" in memory.view(namespace).html


# ------------------------------------------------------------------ unknown adapter options
def test_the_llama_index_retriever_refuses_an_unknown_option(memory: TemporalGraphMemory) -> None:
    pytest.importorskip("llama_index.core")
    from llama_index.core.llms.mock import MockLLM
    from llama_index.core.query_engine import RetrieverQueryEngine

    from recall_memory_plugins.adapters.llama_index import RecallRetriever

    with pytest.raises(ConfigurationError, match="'bogus'"):
        RecallRetriever(memory, bogus=1)  # type: ignore[call-arg]
    with pytest.raises(ConfigurationError, match="'similarity_topk'"):
        RecallRetriever(memory, similarity_topk=3)  # type: ignore[call-arg]
    # its real options still work inside a LlamaIndex query engine
    memory.add("Alice leads Project Orion.", namespace="a")
    retriever = RecallRetriever(memory, namespace="a", similarity_top_k=3, token_budget=500)
    engine = RetrieverQueryEngine.from_args(retriever, llm=MockLLM(max_tokens=3))
    found = {n.node.text for n in engine.query("Who leads Project Orion?").source_nodes}
    assert "Alice leads Project Orion." in found


def test_the_langchain_middleware_refuses_an_unknown_option(memory: TemporalGraphMemory) -> None:
    pytest.importorskip("langchain.agents")
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import HumanMessage

    from recall_memory_plugins.adapters.langchain import RecallMiddleware

    with pytest.raises(ConfigurationError, match="'bogus'"):
        RecallMiddleware(memory, bogus=1)  # type: ignore[call-arg]
    with pytest.raises(ConfigurationError, match="'namespace_key'"):
        RecallMiddleware(memory, namespace_key="user_id")  # type: ignore[call-arg]
    middleware = RecallMiddleware(memory, namespace="alice", token_budget=300)
    agent = create_agent(GenericFakeChatModel(messages=iter(["Noted."])), tools=[], middleware=[middleware])
    agent.invoke({"messages": [HumanMessage("I live in Oslo.")]})
    assert "I live in Oslo." in [s.text for s in memory.get_all(namespace="alice")]
