"""Round 51 (A), on every store: a correction of an older statement counts at that statement's
step (``as_of=<step>`` and ``as_of=<its time>`` agree), a LangGraph re-put keeps the old
value's facts as history, and the marks of endings (``engine/relations/endings.py``) are not
counted by ``stats()``."""

from __future__ import annotations

import io
from datetime import datetime, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.base import GraphStore


def _d(year: int, month: int = 1) -> datetime:
    return datetime(year, month, 1, tzinfo=timezone.utc)


def _steps(memory: TemporalGraphMemory, who: str, type_: str) -> list[tuple[str, int, int | None]]:
    return sorted(
        (r.object_name or "", r.valid_from_step, r.valid_to_step)
        for r in memory.timeline(who)
        if r.type == type_
    )


def _held(memory: TemporalGraphMemory, who: str, type_: str, as_of: int | datetime) -> list[str]:
    return sorted(r.object_name or "" for r in memory.relations(who, type=type_, as_of=as_of))


# (texts, the statement corrected, its new text, the subject, the type, the timeline after)
MIDDLE = [
    (
        ["Bob works at Acme.", "Bob joined Globex.", "Bob joined Initech."],
        2, "Bob joined Hooli.", "Bob", "WORKS_FOR",
        [("Acme", 1, 2), ("Hooli", 2, 3), ("Initech", 3, None)],
    ),
    (
        ["Dan lives in Rome.", "Dan likes tea.", "Dan moved to Milan."],
        1, "Dan lives in Naples.", "Dan", "LIVES_IN",
        [("Milan", 3, None), ("Naples", 1, 3)],
    ),
    (
        ["Bob works at Acme.", "Bob joined Globex."],
        1, "Bob works at Hooli.", "Bob", "WORKS_FOR",
        [("Globex", 2, None), ("Hooli", 1, 2)],
    ),
    (
        ["张三在阿里巴巴工作。", "张三加入了腾讯。", "张三加入了百度。"],
        2, "张三加入了华为。", "张三", "WORKS_FOR",
        [("华为", 2, 3), ("百度", 3, None), ("阿里巴巴", 1, 2)],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("texts", "sid", "text", "who", "type_", "after"), MIDDLE)
@pytest.mark.parametrize("dated", [False, True])
def test_a_correction_of_an_older_statement_counts_at_its_step(
    store: GraphStore,
    ns: str,
    texts: list[str],
    sid: int,
    text: str,
    who: str,
    type_: str,
    after: list[tuple[str, int, int | None]],
    dated: bool,
) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    ids = [memory.add(t, at=_d(2020 + 2 * i) if dated else None).statement_ids[0] for i, t in enumerate(texts)]
    at = memory.get(ids[sid - 1]).at
    memory.update_statement(ids[sid - 1], text)  # keeps its time
    assert _steps(memory, who, type_) == after
    # the step and the time of the corrected statement tell the same
    corrected = [name for name, first, _ in after if first == sid]
    assert _held(memory, who, type_, sid) == _held(memory, who, type_, at) == corrected
    # every step holds one value: none is left empty, none holds two
    for step in range(1, len(texts) + 2):
        assert len(_held(memory, who, type_, step)) == 1


def test_a_correction_of_the_newest_statement_and_one_dated_otherwise_are_unchanged(
    store: GraphStore, ns: str
) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Bob works at Acme.", at=_d(2020))
    newest = memory.add("Bob joined Globex.", at=_d(2022)).statement_ids[0]
    memory.update_statement(newest, "Bob joined Hooli.")  # the newest: as before
    assert _steps(memory, "Bob", "WORKS_FOR") == [("Acme", 1, 2), ("Hooli", 2, None)]

    other = TemporalGraphMemory(store, annotator="offline", namespace=ns + "-at")
    try:
        texts = ["Bob works at Acme.", "Bob joined Globex.", "Bob joined Initech."]
        ids = [other.add(t, at=_d(2020 + 2 * i)).statement_ids[0] for i, t in enumerate(texts)]
        # dated in 2025, after Initech: a new fact at the correction's own step (4)
        other.update_statement(ids[1], "Bob joined Hooli.", at=_d(2025))
        assert _steps(other, "Bob", "WORKS_FOR") == [("Acme", 1, 3), ("Hooli", 4, None), ("Initech", 3, 4)]
        assert _held(other, "Bob", "WORKS_FOR", 2) == ["Acme"]
    finally:
        store.clear(ns + "-at")


def test_a_correction_leaves_what_later_statements_made(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    texts = ["Alice lives in Paris.", "Alice moved to Rome.", "Alice moved to Berlin.", "Alice likes tea."]
    ids = [memory.add(t, at=_d(2020 + i)).statement_ids[0] for i, t in enumerate(texts)]
    memory.update_statement(ids[1], "Alice moved to Oslo.")
    assert _steps(memory, "Alice", "LIVES_IN") == [("Berlin", 3, None), ("Oslo", 2, 3), ("Paris", 1, 2)]
    assert _steps(memory, "Alice", "LIKES") == [("tea", 4, None)]
    assert _held(memory, "Alice", "LIVES_IN", _d(2021, 6)) == ["Oslo"]


def test_a_re_put_keeps_the_old_value_as_history(store: GraphStore, ns: str) -> None:
    pytest.importorskip("langgraph")
    from recall_memory_plugins.adapters.langgraph import RecallStore

    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    items = RecallStore(memory)
    space = (ns, "alice")
    items.put(space, "home", {"text": "Alice lives in Paris."})
    items.put(space, "job", {"text": "Alice works at Acme."})
    items.put(space, "home", {"text": "Alice moved to Lyon."})  # a new value: news
    items.put(space, "job", {"text": "Alice likes tea."})  # the job is no longer stated
    items.put(space, "job", {"text": "Alice likes tea.", "n": 2})  # the same text: nothing new
    engine_ns = f"store/{ns}/alice"
    try:
        alice = TemporalGraphMemory(store, annotator="offline", namespace=engine_ns)
        assert _steps(alice, "Alice", "LIVES_IN") == [("Lyon", 3, None), ("Paris", 1, 3)]
        assert _held(alice, "Alice", "LIVES_IN", 1) == ["Paris"]
        assert _held(alice, "Alice", "WORKS_FOR", 3) == ["Acme"]
        assert _held(alice, "Alice", "WORKS_FOR", 4) == []
        assert _steps(alice, "Alice", "LIKES") == [("tea", 4, None)]
        # a deleted item's facts go, its history with them
        items.delete(space, "home")
        assert _steps(alice, "Alice", "LIVES_IN") == []
    finally:
        store.clear(engine_ns)


def test_marks_of_endings_are_not_counted(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Ben left Lloyds.", at=_d(2024, 6))
    memory.add("离开了华为。", at=_d(2024, 6), speaker="张三")
    marks = len(store.find_relations(ns))
    assert marks > 0  # kept, hidden
    assert memory.relations(namespace=ns, include_ended=True) == []
    assert memory.timeline("Ben") == [] and memory.timeline("Lloyds") == []
    assert memory.stats(ns).relations == 0 and memory.stats(ns).current_relations == 0
    # a stated relation, current and ended, is counted as before
    memory.add("Ann works at Acme.")
    memory.add("Ann joined Globex.")
    assert (memory.stats(ns).relations, memory.stats(ns).current_relations) == (2, 1)
    # an export carries the marks; the copy counts and shows them as the original does
    buf = io.StringIO()
    memory.export(buf)
    buf.seek(0)
    copy = ns + "-copy"
    try:
        memory.import_(buf, namespace=copy)
        assert len(store.find_relations(copy)) == marks + 2
        assert (memory.stats(copy).relations, memory.stats(copy).current_relations) == (2, 1)
        assert memory.timeline("Ben", namespace=copy) == []
    finally:
        store.clear(copy)
