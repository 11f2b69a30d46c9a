"""Round 46 (LangChain chat history and memory tools): what black-box testers found, each as the
behaviour a user sees.

- Opening a ``RecallChatMessageHistory`` (``RunnableWithMessageHistory`` does it per request) read
  every statement of the namespace, though it returns at most ``max_messages`` turns: its work
  grew with the facts stored beside the chat. The work is counted as SQLite's own virtual-machine
  steps (``set_progress_handler``) on the store's real connection, not timed.
- ``forget_memory`` replied "deleted statement N", yet ``search_memory`` still answered with the
  fact drawn from it ("Alice lives in Lyon").
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest

pytest.importorskip("langchain_core")

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langchain import (
    RecallChatMessageHistory,
    create_memory_tools,
)
from recall_memory_plugins.stores.sqlite import SqliteGraphStore

_STEPS_PER_CALL = 100  # SQLite VM instructions between two progress-handler calls


def _turns(first: int, n: int) -> list[BaseMessage]:
    return [
        (HumanMessage if i % 2 == 0 else AIMessage)(content=f"Turn {i}: hello Sam{i}.")
        for i in range(first, first + n)
    ]


def _facts(first: int, n: int) -> list[str]:
    return [f"Fact {i}: Person{i} lives in Town{i % 40}." for i in range(first, first + n)]


# ------------------------------------------------------------------------ 2: chat history cost
@pytest.fixture
def counted() -> Iterator[tuple[TemporalGraphMemory, sqlite3.Connection]]:
    """An engine on a SQLite connection of the test's own (to count the work done on it)."""
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    memory = TemporalGraphMemory(SqliteGraphStore(connection=conn), annotator="offline")
    try:
        yield memory, conn
    finally:
        memory.close()
        conn.close()


def _open_session_work(memory: TemporalGraphMemory, conn: sqlite3.Connection) -> tuple[int, int]:
    """(SQLite work units, messages) of opening the session's history once."""
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0  # (0: go on)

    conn.set_progress_handler(count, _STEPS_PER_CALL)
    try:
        history = RecallChatMessageHistory(memory=memory, namespace="chat")
    finally:
        conn.set_progress_handler(None, _STEPS_PER_CALL)
    return steps[0], len(history.messages)


def test_opening_a_session_costs_the_same_however_many_other_statements_are_stored(
    counted: tuple[TemporalGraphMemory, sqlite3.Connection],
) -> None:
    memory, conn = counted
    RecallChatMessageHistory(memory=memory, namespace="chat").add_messages(_turns(0, 20))
    memory.add_many(_facts(0, 300), namespace="chat")
    work_300, n_300 = _open_session_work(memory, conn)
    memory.add_many(_facts(300, 900), namespace="chat")
    work_1200, n_1200 = _open_session_work(memory, conn)
    assert n_300 == n_1200 == 20
    # in units of 100 VM steps: before, 54 -> 268 (every statement read for 20 returned); with
    # the speaker filter but no index on it, 35 -> 125 (a scan); now 4 -> 3
    assert work_1200 <= work_300 * 1.2 + 10, (work_300, work_1200)


def test_a_reopened_session_has_the_newest_turns_in_order_among_other_statements(
    memory: TemporalGraphMemory,
) -> None:
    history = RecallChatMessageHistory(memory=memory, namespace="chat")
    history.add_messages(_turns(0, 6))
    memory.add_many(_facts(0, 30), namespace="chat")
    history.add_messages(_turns(6, 5))
    memory.add("Bob moved to Oslo.", namespace="chat", speaker="Narrator")  # not a turn

    texts = [m.text for m in RecallChatMessageHistory(memory=memory, namespace="chat").messages]
    assert texts == [f"Turn {i}: hello Sam{i}." for i in range(11)]
    last = RecallChatMessageHistory(memory=memory, namespace="chat", max_messages=4).messages
    assert [(type(m).__name__, m.text) for m in last] == [
        ("HumanMessage" if i % 2 == 0 else "AIMessage", f"Turn {i}: hello Sam{i}.")
        for i in range(7, 11)
    ]
    assert RecallChatMessageHistory(memory=memory, namespace="chat", max_messages=0).messages == []


def test_a_long_turn_stored_in_chunks_comes_back_whole(memory: TemporalGraphMemory) -> None:
    long = " ".join(f"Sentence {i} says that Person{i} works at Company{i}." for i in range(60))
    history = RecallChatMessageHistory(memory=memory, namespace="chat")
    history.add_messages([HumanMessage(content=long), AIMessage(content="Noted.")])
    history.add_messages(_turns(0, 2))
    assert len(memory.get_all(namespace="chat", limit=1000)) > 4  # (the long turn is chunked)

    texts = [
        m.text
        for m in RecallChatMessageHistory(memory=memory, namespace="chat", max_messages=4).messages
    ]
    assert texts[1:] == ["Noted.", "Turn 0: hello Sam0.", "Turn 1: hello Sam1."]
    assert texts[0].split() == long.split()


# ---------------------------------------------------------------------------- 3: forget_memory
def test_a_forgotten_memory_is_no_longer_answered_as_a_fact(memory: TemporalGraphMemory) -> None:
    tools = {t.name: t for t in create_memory_tools(memory, namespace="tools")}
    saved = tools["save_memory"].invoke({"text": "Alice moved to Lyon."})
    sid = int(saved.split("statement ")[1].split()[0])
    assert (
        tools["forget_memory"].invoke({"statement_id": sid}).startswith(f"deleted statement {sid}")
    )

    assert "Lyon" not in tools["search_memory"].invoke({"query": "Where does Alice live?"})
    assert [r.object_name for r in memory.relations("Alice", namespace="tools")] == []


def test_forgetting_a_move_leaves_the_home_it_had_ended_current(
    memory: TemporalGraphMemory,
) -> None:
    tools = {t.name: t for t in create_memory_tools(memory, namespace="tools")}
    tools["save_memory"].invoke({"text": "Alice moved to Paris."})
    saved = tools["save_memory"].invoke({"text": "Alice moved to Rome."})
    sid = int(saved.split("statement ")[1].split()[0])
    tools["forget_memory"].invoke({"statement_id": sid})

    found = tools["search_memory"].invoke({"query": "Where does Alice live?"})
    assert "Rome" not in found
    assert [r.object_name for r in memory.relations("Alice", namespace="tools")] == ["Paris"]
