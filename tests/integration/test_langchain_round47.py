"""LangChain adapters, round 47: options checked as documented, namespaces never silently
shared, pickled adapters that behave as the original, chat history reloaded in time order, and
agent tools that say when a current fact did not fit their budget.

The only stand-in is the chat model: LangChain's scripted ``GenericFakeChatModel`` (a fake, named
as such) and its ``DeterministicFakeEmbedding`` as the embedding model.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langchain_classic")
pytest.importorskip("langchain")

from langchain.agents import create_agent
from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage

from recall_memory_plugins import SqliteGraphStore, TemporalGraphMemory
from recall_memory_plugins.adapters.langchain import (
    RecallChatMessageHistory,
    RecallMemory,
    RecallMiddleware,
    RecallRetriever,
    as_embedder,
    create_memory_tools,
)
from recall_memory_plugins.embeddings.function import FunctionEmbedder
from recall_memory_plugins.errors import ConfigurationError, InputError, StoreError
from tests.conftest import Clock

QUESTION = "Where does Alice work?"
JOB_TEXTS = (
    "Alice works at Acme.",
    "Bob lives in Paris.",
    "Alice left Acme and joined Globex.",
    "Carol likes tea.",
    "Bob moved to Lyon.",
)


class ScriptedFakeChatModel(GenericFakeChatModel):
    """LangChain's scripted fake chat model (no real LLM), accepting ``bind_tools``."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedFakeChatModel:
        return self


@dataclass
class UserContext:
    user_id: str


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline", clock=Clock()) as engine:
        yield engine


def agent_with(middleware: RecallMiddleware, replies: int = 1) -> Any:
    model = ScriptedFakeChatModel(messages=iter(["Noted."] * replies))
    return create_agent(model, tools=[], middleware=[middleware], context_schema=UserContext)


# ------------------------------------------------------------------------------ middleware
def test_one_namespace_key_given_as_a_string_is_one_key(memory: TemporalGraphMemory) -> None:
    middleware = RecallMiddleware(memory, namespace_keys="user_id")
    assert middleware.namespace_keys == ("user_id",)
    agent_with(middleware).invoke(
        {"messages": [HumanMessage("Alice works at Acme.")]}, context=UserContext("alice")
    )
    assert [s.text for s in memory.statements(namespace="alice")] == [
        "Alice works at Acme.",
        "Noted.",
    ]
    assert memory.statements() == []  # nothing in the shared default namespace


@pytest.mark.parametrize("keys", [5, ["user_id", 3], [""], None])
def test_namespace_keys_that_name_no_key_are_refused(
    memory: TemporalGraphMemory, keys: Any
) -> None:
    with pytest.raises(ConfigurationError, match="namespace_keys"):
        RecallMiddleware(memory, namespace_keys=keys)


def test_an_empty_user_id_is_refused_not_the_shared_namespace(
    memory: TemporalGraphMemory,
) -> None:
    memory.add("Mallory's bank PIN is 4321.")  # another user's data in the default namespace
    agent = agent_with(RecallMiddleware(memory), replies=2)
    with pytest.raises(InputError, match="user_id"):
        agent.invoke({"messages": [HumanMessage("What is the PIN?")]}, context=UserContext(""))
    with pytest.raises(InputError, match="user_id"):  # (no context: the run config's key)
        agent.invoke(
            {"messages": [HumanMessage("What is the PIN?")]},
            config={"configurable": {"user_id": ""}},
        )
    assert [s.text for s in memory.statements()] == ["Mallory's bank PIN is 4321."]


# ------------------------------------------------------------------------------ retriever
def test_include_facts_per_call_and_in_search_kwargs_read_like_the_field(
    memory: TemporalGraphMemory,
) -> None:
    memory.add("Alice works at Acme.", namespace="ns")

    def kinds(retriever: RecallRetriever, **call: Any) -> list[str]:
        return [d.metadata["type"] for d in retriever.invoke(QUESTION, **call)]

    plain = RecallRetriever(memory=memory, namespace="ns")
    assert kinds(plain) == ["facts", "statement"]
    assert kinds(plain, include_facts="false") == ["statement"]
    assert kinds(RecallRetriever(memory=memory, namespace="ns", include_facts="false")) == [
        "statement"
    ]
    off = RecallRetriever(memory=memory, namespace="ns", search_kwargs={"include_facts": "false"})
    assert kinds(off) == ["statement"]
    assert kinds(off, include_facts="yes") == ["facts", "statement"]  # per call wins
    unset = RecallRetriever(
        memory=memory, namespace="ns", include_facts=False, search_kwargs={"include_facts": None}
    )
    assert kinds(unset) == ["statement"]  # None in search_kwargs: the field's value
    for bad in ("maybe", 2):
        with pytest.raises(ConfigurationError, match="include_facts"):
            RecallRetriever(memory=memory, namespace="ns", search_kwargs={"include_facts": bad})
        with pytest.raises(ConfigurationError, match="include_facts"):
            plain.invoke(QUESTION, include_facts=bad)


def test_unknown_constructor_options_are_named_not_dropped(memory: TemporalGraphMemory) -> None:
    for make, name in (
        (lambda: RecallRetriever(memory=memory, top_k=1), "top_k"),
        (lambda: RecallRetriever(memory=memory, searchkwargs={"k": 1}), "searchkwargs"),
        (lambda: RecallMemory(memory=memory, tokenbudget=10), "tokenbudget"),
    ):
        with pytest.raises(ConfigurationError, match=f"{name}: unknown option"):
            make()
    # the frameworks' own fields still pass
    retriever = RecallRetriever(memory=memory, tags=["t"], metadata={"m": 1}, name="mine")
    assert retriever.tags == ["t"] and retriever.name == "mine"
    assert RecallMemory(memory=memory, memory_key="past").memory_variables == ["past"]


def test_a_path_instead_of_an_engine_names_an_api_that_exists() -> None:
    for make in (
        lambda: RecallChatMessageHistory("x.db"),  # type: ignore[arg-type]
        lambda: create_memory_tools("x.db"),  # type: ignore[arg-type]
    ):
        with pytest.raises(ConfigurationError) as caught:
            make()
        assert "from_path" not in str(caught.value)
        assert "TemporalGraphMemory('x.db')" in str(caught.value)
    with pytest.raises(ConfigurationError, match=r"RecallRetriever\.from_path\('x.db'"):
        RecallRetriever(memory="x.db")
    assert hasattr(RecallRetriever, "from_path")


# ------------------------------------------------------------------------------ chat history
def test_max_messages_is_checked_and_named(memory: TemporalGraphMemory) -> None:
    RecallChatMessageHistory(memory, namespace="s").add_messages(
        [HumanMessage("Alice works at Acme."), AIMessage("Noted.")]
    )
    for bad in ("3", 2.5, -1, True):
        with pytest.raises(ConfigurationError, match="max_messages"):
            RecallChatMessageHistory(memory, namespace="s", max_messages=bad)
    assert RecallChatMessageHistory(memory, namespace="s", max_messages=0).messages == []
    assert len(RecallChatMessageHistory(memory, namespace="s", max_messages=None).messages) == 2


def test_history_reloads_turns_in_time_order_newest_in_time_last(
    memory: TemporalGraphMemory,
) -> None:
    RecallChatMessageHistory(memory, namespace="s").add_messages(
        [HumanMessage("today hello"), AIMessage("today reply")]
    )
    old = datetime(2020, 1, 1, tzinfo=timezone.utc)
    memory.add_many(
        [
            {"text": "old imported question", "speaker": "Human", "at": old},
            {"text": "old imported answer", "speaker": "AI", "at": old.replace(minute=1)},
        ],
        namespace="s",
    )
    reloaded = RecallChatMessageHistory(memory, namespace="s").messages
    assert [m.text for m in reloaded] == [
        "old imported question",
        "old imported answer",
        "today hello",
        "today reply",
    ]
    assert [type(m) for m in reloaded] == [HumanMessage, AIMessage, HumanMessage, AIMessage]
    newest = RecallChatMessageHistory(memory, namespace="s", max_messages=2).messages
    assert [m.text for m in newest] == ["today hello", "today reply"]


# ------------------------------------------------------------------------------ pickling
def test_a_pickled_retriever_keeps_the_engines_embedder(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    embedder = as_embedder(DeterministicFakeEmbedding(size=16))
    with TemporalGraphMemory(db, annotator="offline", embedder=embedder) as engine:
        for text in ("Alice works at Acme.", "The cafeteria serves noodles on Friday.",
                     "Bob lives in Paris."):
            engine.add(text, namespace="a")
        original = RecallRetriever(memory=engine, namespace="a")
        copy = pickle.loads(pickle.dumps(original))
        try:
            def ranked(retriever: RecallRetriever) -> list[tuple[str, Any]]:
                return [(d.page_content, d.metadata["score"]) for d in retriever.invoke("lunch")]

            assert ranked(copy) == ranked(original)
            assert any(score for _, score in ranked(copy))  # the semantic signal is there
        finally:
            copy.memory.close()


def test_an_embedder_that_cannot_be_pickled_is_the_librarys_error(tmp_path: Path) -> None:
    local = FunctionEmbedder(lambda texts: [[1.0, 0.0] for _ in texts], name="local", dimensions=2)
    with TemporalGraphMemory(tmp_path / "m.db", annotator="offline", embedder=local) as engine:
        with pytest.raises(InputError, match="embedder"):
            pickle.dumps(RecallRetriever(memory=engine, namespace="a"))


def test_a_pickled_history_over_a_read_only_store_stays_read_only(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    with TemporalGraphMemory(db, annotator="offline") as engine:
        engine.add("Alice works at Acme.", namespace="a")
    with TemporalGraphMemory(SqliteGraphStore(db, read_only=True), annotator="offline") as ro:
        history = RecallChatMessageHistory(ro, namespace="a")
        with pytest.raises(StoreError):
            history.add_messages([HumanMessage("written through a read-only memory")])
        copy = pickle.loads(pickle.dumps(history))
        try:
            with pytest.raises(StoreError):
                copy.add_messages([HumanMessage("written through a read-only memory")])
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
    tight = {t.name: t for t in create_memory_tools(memory, namespace="alice", token_budget=20)}
    answer = tight["search_memory"].invoke({"query": QUESTION})
    assert "Alice works at Acme." in answer
    assert answer.endswith(
        "(a current fact did not fit token_budget=20: the statements above may be out of date)"
    )
    roomy = {t.name: t for t in create_memory_tools(memory, namespace="alice")}
    full = roomy["search_memory"].invoke({"query": QUESTION})
    assert full.startswith("Alice works for Globex") and "did not fit" not in full
