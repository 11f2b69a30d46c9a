"""LlamaIndex adapters: retriever options, construction checks and pickling (issue 13)."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.llms.mock import MockLLM
from llama_index.core.query_engine import RetrieverQueryEngine

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.llama_index import (
    RecallChatMemory,
    RecallMemoryBlock,
    RecallRetriever,
)
from recall_memory_plugins.errors import ConfigurationError, InputError
from tests.conftest import T0, ZH_1, ZH_2, ZH_Q, Clock

OTHER = "星火计划的预算是十万元"


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline", clock=Clock()) as engine:
        engine.add(ZH_1, namespace="alice", speaker="Ann", source="m1")  # step 1, T0+1min
        engine.add(OTHER, namespace="alice", speaker="Ben", source="m2")  # step 2, T0+2min
        engine.add(ZH_2, namespace="alice", speaker="Ann", source="m3")  # step 3, T0+3min
        yield engine


def texts(nodes: list[Any]) -> set[str]:
    return {n.node.text for n in nodes if n.node.metadata["type"] == "statement"}


def test_top_k_facts_first_best_first(memory: TemporalGraphMemory) -> None:
    everything = RecallRetriever(memory, namespace="alice").retrieve(ZH_Q)
    assert len(everything) == 4
    assert everything[0].node.metadata["type"] == "facts" and everything[0].score is None
    assert everything[0].node.text.startswith("王五 manages 星火计划")
    scores = [n.score for n in everything[1:]]
    assert scores == sorted(scores, reverse=True)
    two = RecallRetriever(memory, namespace="alice", similarity_top_k=2).retrieve(ZH_Q)
    assert [n.node.node_id for n in two] == [n.node.node_id for n in everything[:2]]
    assert len(RecallRetriever(memory, namespace="alice", top_k=3).retrieve(ZH_Q)) == 3
    plain = RecallRetriever(memory, namespace="alice", include_facts=False, top_k=2).retrieve(ZH_Q)
    assert [n.node.metadata["type"] for n in plain] == ["statement", "statement"]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"filters": {"speaker": "Ben"}}, {OTHER}),
        ({"filters": {"source": ["m1", "m3"]}}, {ZH_1, ZH_2}),
        ({"filters": {"since": T0 + timedelta(minutes=2)}}, {OTHER, ZH_2}),
        ({"filters": {"until_step": 1}}, {ZH_1}),
        ({"as_of": 2}, {ZH_1, OTHER}),
    ],
)
def test_filters_and_as_of(
    memory: TemporalGraphMemory, options: dict[str, Any], expected: set[str]
) -> None:
    assert texts(RecallRetriever(memory, namespace="alice", **options).retrieve(ZH_Q)) == expected


async def test_async_matches_sync(memory: TemporalGraphMemory) -> None:
    retriever = RecallRetriever(memory, namespace="alice", top_k=2, filters={"speaker": "Ann"})
    sync = [(n.node.text, n.score) for n in retriever.retrieve(ZH_Q)]
    assert [(n.node.text, n.score) for n in await retriever.aretrieve(ZH_Q)] == sync


@pytest.mark.parametrize(
    "options",
    [{"top_k": 0}, {"filters": {"speakr": "x"}}, {"top_k": 2, "similarity_top_k": 3}],
)
def test_bad_options_fail_at_construction(
    memory: TemporalGraphMemory, options: dict[str, Any]
) -> None:
    with pytest.raises(ConfigurationError):
        RecallRetriever(memory, **options)


def test_a_path_instead_of_an_engine_fails_at_construction(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    with pytest.raises(ConfigurationError, match="from_path"):
        RecallRetriever(str(db))  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="from_path"):
        RecallMemoryBlock(memory=db)
    with pytest.raises(ConfigurationError):
        RecallChatMemory(memory="x.db")
    assert not db.exists() and not Path("x.db").exists()


@pytest.mark.parametrize("cls", [RecallChatMemory, RecallMemoryBlock])
@pytest.mark.parametrize(
    ("prompt", "message"),
    [("no memory here", "must contain"), ("{user}: {memory}", "fields"), ("{memory", "valid")],
)
def test_bad_prompts_fail_at_construction(
    memory: TemporalGraphMemory, cls: Any, prompt: str, message: str
) -> None:
    with pytest.raises(ConfigurationError, match=message):
        cls(memory=memory, prompt=prompt)


def test_literal_braces_in_the_prompt_reach_the_model(memory: TemporalGraphMemory) -> None:
    chat = RecallChatMemory(memory=memory, namespace="alice", prompt="{{json}} {memory}")
    system = chat.get(ZH_Q)[0]
    assert system.role == MessageRole.SYSTEM
    assert system.content is not None and system.content.startswith("{json} ")
    assert ZH_2 in system.content


def test_first_chat_turn_is_retrievable_at_once(tmp_path: Path) -> None:
    """The README's LlamaIndex path: a fact said in the chat is found by the query engine right
    away (no "Empty Response" while the short-term buffer has not overflowed)."""
    with TemporalGraphMemory(tmp_path / "m.db", annotator="offline") as engine:
        llm = MockLLM(max_tokens=3)  # LlamaIndex's mock: answers "text text text"
        chat = SimpleChatEngine.from_defaults(
            llm=llm, memory=RecallChatMemory(memory=engine, namespace="alice")
        )
        chat.chat("Alice leads Project Orion.")
        chat.chat("Bob joined Project Orion.")
        query = RetrieverQueryEngine.from_args(RecallRetriever(engine, namespace="alice"), llm=llm)
        response = query.query("Who is in Project Orion?")
        assert str(response) != "Empty Response"
        found = {n.node.text for n in response.source_nodes}
        assert {"Alice leads Project Orion.", "Bob joined Project Orion."} <= found


def test_adapters_pickle_and_reopen_their_file(tmp_path: Path) -> None:
    with TemporalGraphMemory(tmp_path / "m.db", annotator="offline") as engine:
        engine.add(ZH_1, namespace="alice")
        engine.add(ZH_2, namespace="alice")
        chat = RecallChatMemory(memory=engine, namespace="alice", token_budget=300)
        chat.put(ChatMessage(role=MessageRole.USER, content="你好"))
        adapters = [
            chat,
            RecallMemoryBlock(memory=engine, namespace="alice"),
            RecallRetriever(engine, namespace="alice", top_k=2),
        ]
        copies = [pickle.loads(pickle.dumps(a)) for a in adapters]
    try:
        chat_copy, block_copy, retriever_copy = copies
        assert all(c.memory is not engine for c in copies)
        assert chat_copy.token_budget == 300
        assert [m.content for m in chat_copy.get_all()] == ["你好"]
        assert ZH_2 in (chat_copy.get(ZH_Q)[0].content or "")
        assert block_copy.namespace == "alice"
        assert len(retriever_copy.retrieve(ZH_Q)) == 2
    finally:
        for c in copies:
            c.memory.close()


def test_pickling_an_in_memory_engine_says_why_it_cannot(memory: TemporalGraphMemory) -> None:
    for adapter in (
        RecallChatMemory(memory=memory),
        RecallMemoryBlock(memory=memory),
        RecallRetriever(memory),
    ):
        with pytest.raises(InputError, match="SQLite file"):
            pickle.dumps(adapter)
