"""LangChain adapters: retriever options, construction checks and pickling (issue 13)."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langchain_classic")
pytest.importorskip("langchain")

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langchain import (
    RecallChatMessageHistory,
    RecallMemory,
    RecallMiddleware,
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


def texts(docs: list[Any]) -> list[str]:
    return [d.page_content for d in docs if d.metadata["type"] == "statement"]


def test_search_kwargs_k_is_honoured(memory: TemporalGraphMemory) -> None:
    everything = RecallRetriever(memory=memory, namespace="alice").invoke(ZH_Q)
    assert len(everything) == 4  # facts + three statements
    two = RecallRetriever(memory=memory, namespace="alice", search_kwargs={"k": 2}).invoke(ZH_Q)
    assert len(two) == 2
    assert two == everything[:2]  # the facts, then the best statement
    assert len(RecallRetriever(memory=memory, namespace="alice", k=3).invoke(ZH_Q)) == 3
    per_call = RecallRetriever(memory=memory, namespace="alice").invoke(ZH_Q, k=1)
    assert [d.metadata["type"] for d in per_call] == ["facts"]


def test_facts_first_and_the_flag_that_turns_them_off(memory: TemporalGraphMemory) -> None:
    docs = RecallRetriever(memory=memory, namespace="alice").invoke(ZH_Q)
    assert docs[0].metadata["type"] == "facts"
    assert docs[0].page_content.startswith("王五 manages 星火计划")
    assert docs[0].metadata["facts"] == list(memory.recall(ZH_Q, namespace="alice").facts)
    plain = RecallRetriever(memory=memory, namespace="alice", include_facts=False).invoke(ZH_Q)
    assert all(d.metadata["type"] == "statement" for d in plain)
    assert (
        len(
            RecallRetriever(memory=memory, namespace="alice", include_facts=False, k=2).invoke(ZH_Q)
        )
        == 2
    )


def test_statements_best_first_with_their_score(memory: TemporalGraphMemory) -> None:
    docs = RecallRetriever(memory=memory, namespace="alice", include_facts=False).invoke(ZH_Q)
    scores = [d.metadata["score"] for d in docs]
    assert scores == sorted(scores, reverse=True) and scores[0] > scores[-1]
    assert set(texts(docs)) == {ZH_1, OTHER, ZH_2}


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"filter": {"speaker": "Ben"}}, {OTHER}),
        ({"filter": {"source": ["m1", "m3"]}}, {ZH_1, ZH_2}),
        ({"filter": {"since": T0 + timedelta(minutes=2)}}, {OTHER, ZH_2}),
        ({"filter": {"until": T0 + timedelta(minutes=1)}}, {ZH_1}),
        ({"filter": {"since_step": 2, "until_step": 2}}, {OTHER}),
        ({"as_of": 1}, {ZH_1}),
    ],
)
def test_filters_and_as_of(
    memory: TemporalGraphMemory, options: dict[str, Any], expected: set[str]
) -> None:
    via_kwargs = RecallRetriever(memory=memory, namespace="alice", search_kwargs=options)
    assert set(texts(via_kwargs.invoke(ZH_Q))) == expected
    assert (
        set(texts(RecallRetriever(memory=memory, namespace="alice", **options).invoke(ZH_Q)))
        == expected
    )
    assert (
        set(texts(RecallRetriever(memory=memory, namespace="alice").invoke(ZH_Q, **options)))
        == expected
    )


def test_as_of_shows_the_facts_of_then(memory: TemporalGraphMemory) -> None:
    docs = RecallRetriever(memory=memory, namespace="alice", as_of=1).invoke(ZH_Q)
    assert docs[0].page_content == "张三 manages 星火计划 (since step 1)"


async def test_async_options_match_sync(memory: TemporalGraphMemory) -> None:
    retriever = RecallRetriever(memory=memory, namespace="alice", search_kwargs={"k": 2})
    assert await retriever.ainvoke(ZH_Q, filter={"speaker": "Ann"}) == retriever.invoke(
        ZH_Q, filter={"speaker": "Ann"}
    )


@pytest.mark.parametrize(
    "options",
    [
        {"search_kwargs": {"kk": 2}},
        {"search_kwargs": {"k": 0}},
        {"k": -1},
        {"filter": {"speakr": "Ann"}},
        {"search_kwargs": {"filter": {"since": "yesterday"}}},
    ],
)
def test_bad_retriever_options_fail_at_construction(
    memory: TemporalGraphMemory, options: dict[str, Any]
) -> None:
    with pytest.raises(ConfigurationError):
        RecallRetriever(memory=memory, **options)


# ------------------------------------------------------------------------------ construction
def test_a_path_instead_of_an_engine_fails_at_construction(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    with pytest.raises(ConfigurationError, match="from_path"):
        RecallMiddleware("x.db")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="from_path"):
        RecallRetriever(memory=str(db))  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="from_path"):
        RecallMemory(memory=db)
    with pytest.raises(ConfigurationError):
        RecallChatMessageHistory("x.db")  # type: ignore[arg-type]
    assert not db.exists() and not Path("x.db").exists()


@pytest.mark.parametrize(
    ("prompt", "message"),
    [
        ("Remember this.", "must contain {memory}"),
        ("Memory for {user}: {memory}", r"fields \['user'\]"),
        ('JSON {"a": 1} then {memory}', "fields"),
        ("unbalanced { {memory}", "not a valid template"),
    ],
)
def test_bad_prompts_fail_at_construction(
    memory: TemporalGraphMemory, prompt: str, message: str
) -> None:
    with pytest.raises(ConfigurationError, match=message):
        RecallMiddleware(memory, prompt=prompt)


class ScriptedToolCallingFakeChatModel(GenericFakeChatModel):
    """LangChain's scripted fake chat model, accepting ``bind_tools``."""

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedToolCallingFakeChatModel:
        return self


def test_prompt_with_literal_braces_reaches_the_model(memory: TemporalGraphMemory) -> None:
    """Doubled braces are literal; the memory goes where ``{memory}`` is."""
    seen: list[Any] = []

    class Recorder(ScriptedToolCallingFakeChatModel):
        def _generate(self, messages: Any, *args: Any, **kwargs: Any) -> Any:
            seen.append(messages)
            return super()._generate(messages, *args, **kwargs)

    middleware = RecallMiddleware(
        memory, namespace="alice", prompt='Answer as JSON {{"answer": ...}}. Memory:\n{memory}'
    )
    agent = create_agent(
        Recorder(messages=iter([AIMessage(content="王五")])), [], middleware=[middleware]
    )
    agent.invoke({"messages": [HumanMessage(ZH_Q)]})
    system = seen[-1][0]
    assert isinstance(system, SystemMessage)
    assert system.text.startswith('Answer as JSON {"answer": ...}. Memory:\n')
    assert ZH_2 in system.text


# ------------------------------------------------------------------------------ pickling
def test_adapters_pickle_and_reopen_their_file(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    with TemporalGraphMemory(db, annotator="offline") as engine:
        engine.add(ZH_1, namespace="alice", speaker="Human")
        engine.add(ZH_2, namespace="alice", speaker="AI")
        adapters = [
            RecallMemory(memory=engine, namespace="alice"),
            RecallRetriever(memory=engine, namespace="alice", k=2),
            RecallMiddleware(engine, namespace="alice", token_budget=200),
            RecallChatMessageHistory(engine, namespace="alice"),
        ]
        copies = [pickle.loads(pickle.dumps(a)) for a in adapters]
    try:
        memory_copy, retriever_copy, middleware_copy, history_copy = copies
        assert all(c.memory is not engine for c in copies)
        assert memory_copy.load_memory_variables({"input": ZH_Q})["history"].endswith(ZH_2)
        assert len(retriever_copy.invoke(ZH_Q)) == 2
        assert middleware_copy.token_budget == 200 and middleware_copy.namespace == "alice"
        assert [m.text for m in history_copy.messages] == [ZH_1, ZH_2]
        memory_copy.save_context({"input": "新的问题"}, {"output": "新的回答"})
        assert len(retriever_copy.memory.statements(namespace="alice")) == 4  # same file
    finally:
        for c in copies:
            c.memory.close()


def test_pickling_an_in_memory_engine_says_why_it_cannot(memory: TemporalGraphMemory) -> None:
    for adapter in (
        RecallMemory(memory=memory),
        RecallRetriever(memory=memory),
        RecallMiddleware(memory),
        RecallChatMessageHistory(memory),
    ):
        with pytest.raises(InputError, match="SQLite file"):
            pickle.dumps(adapter)
