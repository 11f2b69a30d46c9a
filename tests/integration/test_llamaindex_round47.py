"""LlamaIndex adapters, round 47: options checked as documented (``include_facts``,
``from_defaults``' framework arguments, unknown options), errors that name an API that exists,
pickled adapters that behave as the original, and agent tools that say when a current fact did
not fit their budget.

The only stand-ins are LlamaIndex's own ``MockLLM`` (a fake LLM that echoes its prompt) and
``MockEmbedding`` (a fake embedding model with constant vectors).
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.embeddings import MockEmbedding
from llama_index.core.llms.mock import MockLLM
from llama_index.core.memory import Memory

from recall_memory_plugins import SqliteGraphStore, TemporalGraphMemory
from recall_memory_plugins.adapters.llama_index import (
    RecallChatMemory,
    RecallMemoryBlock,
    RecallRetriever,
    as_embedder,
    create_memory_tools,
)
from recall_memory_plugins.errors import ConfigurationError, StoreError
from tests.conftest import Clock

QUESTION = "Where does Alice work?"
JOB_TEXTS = (
    "Alice works at Acme.",
    "Bob lives in Paris.",
    "Alice left Acme and joined Globex.",
    "Carol likes tea.",
    "Bob moved to Lyon.",
)


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline", clock=Clock()) as engine:
        yield engine


# ------------------------------------------------------------------------------ retriever
def test_retriever_include_facts_is_checked_like_the_langchain_field(
    memory: TemporalGraphMemory,
) -> None:
    memory.add("Alice works at Acme.", namespace="ns")

    def kinds(**options: Any) -> list[str]:
        nodes = RecallRetriever(memory, namespace="ns", **options).retrieve(QUESTION)
        return [n.node.metadata["type"] for n in nodes]

    assert kinds() == ["facts", "statement"]
    assert kinds(include_facts="false") == ["statement"]
    assert kinds(include_facts="on") == ["facts", "statement"]
    for bad in ("maybe", 2, None):
        with pytest.raises(ConfigurationError, match="include_facts"):
            RecallRetriever(memory, namespace="ns", include_facts=bad)


# ------------------------------------------------------------------------------ chat memory
def test_from_defaults_checks_the_chat_engines_arguments(memory: TemporalGraphMemory) -> None:
    for options, named in (
        ({"token_limit": "x"}, "token_limit"),
        ({"token_limit": 0}, "token_limit"),
        ({"token_limit": -5}, "token_limit"),
        ({"token_limit": True}, "token_limit"),
        ({"chat_history": "x"}, "chat_history"),
        ({"chat_history": ["hello"]}, "chat_history"),
    ):
        with pytest.raises(ConfigurationError, match=named):
            RecallChatMemory.from_defaults(memory=memory, namespace="n", **options)
    # as a chat engine calls it
    history = [ChatMessage(role=MessageRole.USER, content="Alice works at Acme.")]
    chat_memory = RecallChatMemory.from_defaults(
        memory=memory, namespace="n", chat_history=history, token_limit=3900 - 256
    )
    assert chat_memory.get_all() == history
    assert chat_memory.token_budget == min(memory.config.token_budget, 3900 - 256)
    engine = SimpleChatEngine.from_defaults(llm=MockLLM(), memory=chat_memory)
    assert engine.chat("Where does Alice work?").response  # MockLLM echoes; it ran


def test_unknown_options_are_named_and_the_frameworks_fields_still_pass(
    memory: TemporalGraphMemory,
) -> None:
    with pytest.raises(ConfigurationError, match="recent_message: unknown option"):
        RecallChatMemory(memory=memory, namespace="a", recent_message=1)
    with pytest.raises(ConfigurationError, match="token_budjet: unknown option"):
        RecallMemoryBlock(memory=memory, namespace="a", token_budjet=10)
    block = RecallMemoryBlock(
        memory=memory, namespace="a", name="long_term", description="d", priority=2,
        accept_short_term_memory=True,
    )
    assert (block.name, block.priority) == ("long_term", 2)
    Memory.from_defaults(memory_blocks=[block])  # type: ignore[list-item]
    assert RecallChatMemory(memory=memory, recent_messages=2).recent_messages == 2


def test_a_path_instead_of_an_engine_names_an_api_that_exists() -> None:
    for make in (
        lambda: RecallChatMemory(memory="x.db"),
        lambda: create_memory_tools("x.db"),  # type: ignore[arg-type]
    ):
        with pytest.raises(ConfigurationError) as caught:
            make()
        assert "from_path" not in str(caught.value)
        assert "TemporalGraphMemory('x.db')" in str(caught.value)
    with pytest.raises(ConfigurationError, match=r"RecallMemoryBlock\.from_path\('x.db'"):
        RecallMemoryBlock(memory="x.db")
    assert hasattr(RecallMemoryBlock, "from_path")


# ------------------------------------------------------------------------------ pickling
def test_a_pickled_retriever_keeps_the_engines_embedder(tmp_path: Path) -> None:
    embedder = as_embedder(MockEmbedding(embed_dim=8))
    with TemporalGraphMemory(tmp_path / "m.db", annotator="offline", embedder=embedder) as engine:
        for text in JOB_TEXTS:
            engine.add(text, namespace="a")
        original = RecallRetriever(engine, namespace="a", include_facts=False)
        copy = pickle.loads(pickle.dumps(original))
        try:
            def ranked(retriever: RecallRetriever) -> list[tuple[str, float | None]]:
                return [(n.node.text, n.score) for n in retriever.retrieve("lunch menu")]

            assert ranked(copy) == ranked(original)
            assert all(score for _, score in ranked(copy))  # the semantic signal is there
        finally:
            copy.memory.close()


def test_a_pickled_chat_memory_over_a_read_only_store_stays_read_only(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with TemporalGraphMemory(db, annotator="offline") as engine:
        engine.add("Alice works at Acme.", namespace="a")
    message = ChatMessage(role=MessageRole.USER, content="written through a read-only memory")
    with TemporalGraphMemory(SqliteGraphStore(db, read_only=True), annotator="offline") as ro:
        copy = pickle.loads(pickle.dumps(RecallChatMemory(memory=ro, namespace="a")))
        try:
            with pytest.raises(StoreError):
                copy.put(message)
        finally:
            copy.memory.close()
        ro.store.close()
    with TemporalGraphMemory(db, annotator="offline") as engine:
        assert [s.text for s in engine.statements(namespace="a")] == ["Alice works at Acme."]


# ------------------------------------------------------------------------------ agent tools
def test_search_memory_says_when_the_current_fact_did_not_fit(
    memory: TemporalGraphMemory,
) -> None:
    for text in JOB_TEXTS:
        memory.add(text, namespace="alice")
    tight = {t.metadata.name: t for t in create_memory_tools(memory, namespace="alice",
                                                             token_budget=20)}
    answer = tight["search_memory"].call(query=QUESTION).content
    assert "Alice works at Acme." in answer
    assert answer.endswith(
        "(a current fact did not fit token_budget=20: the statements above may be out of date)"
    )
    roomy = {t.metadata.name: t for t in create_memory_tools(memory, namespace="alice")}
    full = roomy["search_memory"].call(query=QUESTION).content
    assert full.startswith("Alice works for Globex") and "did not fit" not in full
