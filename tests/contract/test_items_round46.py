"""Deletes and corrections undo exactly what the statement did (found by a black-box test
session, 2026-12-06). On every store.

- A fact another current statement repeats ("Alice still lives in Paris.") outlives the delete or
  correction of the first statement that said it.
- ``update_statement`` replaces the old version's effect: what it alone had ended comes back, a
  new time or speaker moves its facts, a date in the new text counts from the statement's time.
- A cascade delete of a statement told late gives the relation it had clipped exactly the ending
  it had before (not the late statement's step: two homes at once).
- Entities named only in a deleted statement go with it.
- A delete reads what it touches, not the namespace (SQLite: its VM steps do not grow with it).
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.base import GraphStore
from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from tests.contract.test_items import orphans


def _d(month: int, day: int = 1) -> datetime:
    return datetime(2024, month, day, tzinfo=timezone.utc)


def _memory(store: GraphStore, ns: str) -> TemporalGraphMemory:
    return TemporalGraphMemory(store, annotator="offline", namespace=ns)


def _homes(memory: TemporalGraphMemory, who: str = "Alice", when: datetime | int | None = None) -> list[str]:
    return sorted(r.object_name or "" for r in memory.relations(who, type="LIVES_IN", as_of=when))


def test_a_fact_another_statement_repeats_outlives_the_first(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    first = memory.add("Alice lives in Paris.").statement_ids[0]
    again = memory.add("Alice still lives in Paris.").statement_ids[0]
    memory.delete_statement(first, cascade_relations=True)
    assert _homes(memory) == ["Paris"]
    [paris] = memory.relations("Alice", type="LIVES_IN")
    assert paris.statement_id == again  # the remaining statement is its evidence now
    memory.delete_statement(again, cascade_relations=True)  # ... and takes it along
    assert _homes(memory) == []
    assert orphans(store, ns) == []

    other = ns + "-upd"
    memory = _memory(store, other)
    first = memory.add("Alice lives in Paris.").statement_ids[0]
    memory.add("Alice still lives in Paris.")
    memory.update_statement(first, "Bob likes tea.")
    assert _homes(memory) == ["Paris"]
    assert "no longer" not in memory.recall("Where does Alice live?").text
    store.clear(other)


def test_a_correction_replaces_what_the_old_version_did(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add("Alice lives in Paris.", at=_d(1))
    rome = memory.add("Alice moved to Rome.", at=_d(5)).statement_ids[0]
    memory.update_statement(rome, "Alice likes pizza.")
    assert _homes(memory) == ["Paris"]  # what only the move had ended comes back
    assert "no longer" not in memory.recall("Where does Alice live?").text

    memory = _memory(store, ns + "-b")
    memory.add("Alice lives in Paris.", at=_d(1))
    rome = memory.add("Alice moved to Rome.", at=_d(5)).statement_ids[0]
    memory.update_statement(rome, "Alice moved to Rome.", at=_d(3))  # re-dated: the move too
    assert _homes(memory, when=_d(4, 15)) == ["Rome"] and _homes(memory, when=_d(2)) == ["Paris"]

    memory = _memory(store, ns + "-c")
    memory.add("Alice lives in Paris.", at=_d(1))
    rome = memory.add("Alice moved to Rome.", at=_d(5)).statement_ids[0]
    memory.update_statement(rome, "Alice moved to Milan last month.")  # counted from 1 May
    assert _homes(memory, when=_d(4, 15)) == ["Milan"] and _homes(memory) == ["Milan"]

    memory = _memory(store, ns + "-d")
    memory.add("I live in Paris.", speaker="Bob", at=_d(1))
    rome = memory.add("I moved to Rome.", speaker="Bob", at=_d(5)).statement_ids[0]
    memory.update_statement(rome, "I moved to Rome.", speaker="Carol")
    assert _homes(memory, "Bob") == ["Paris"] and _homes(memory, "Carol") == ["Rome"]
    for suffix in ("-b", "-c", "-d"):
        assert orphans(store, ns + suffix) == []
        store.clear(ns + suffix)


def test_an_unchanged_correction_keeps_the_facts_and_their_times(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add("Alice lives in Paris.", at=_d(1))
    rome = memory.add("Alice moved to Rome.", at=_d(5)).statement_ids[0]
    before = memory.relations("Alice", type="LIVES_IN", include_ended=True)
    newer = memory.update_statement(rome, "Alice moved to Rome.", metadata={"checked": True})
    after = memory.relations("Alice", type="LIVES_IN", include_ended=True)
    assert [(r.id, r.valid_from, r.valid_to) for r in after] == [
        (r.id, r.valid_from, r.valid_to) for r in before
    ]
    # drawn from the current version now: correcting that one undoes the move
    memory.update_statement(newer.statement_ids[0], "Alice likes pizza.")
    assert _homes(memory) == ["Paris"]


def test_deleting_a_late_statement_gives_back_the_exact_ending(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add("Dave moved to Lyon.", at=_d(3, 15))
    memory.add("Dave moved to Oslo.", at=_d(10, 26))
    late = memory.add("Dave moved to Rome.", at=_d(6, 27)).statement_ids[0]
    memory.delete_statement(late, cascade_relations=True)
    assert [_homes(memory, "Dave", step) for step in (1, 2, 3)] == [["Lyon"], ["Oslo"], ["Oslo"]]
    [lyon] = [r for r in memory.relations("Dave", include_ended=True) if r.object_name == "Lyon"]
    assert (lyon.valid_to_step, lyon.valid_to) == (2, _d(10, 26))


def test_entities_named_only_in_a_deleted_statement_go(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add("Alice lives in Paris.")
    hooli = memory.add("Quentin works at Hooli.").statement_ids[0]
    memory.delete_statement(hooli, cascade_relations=True)
    assert sorted(e.name for e in memory.entities()) == ["Alice", "Paris"]
    assert orphans(store, ns) == []


def _vm_steps_of_deletes(store: SqliteGraphStore, memory: TemporalGraphMemory, ns: str) -> int:
    ids = [s.id for s in memory.get_all(namespace=ns, limit=6)]
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0

    store._conn.set_progress_handler(count, 50)
    try:
        for sid in ids[:3]:
            memory.delete_statement(sid, namespace=ns, cascade_relations=True)
        for i in range(3):
            memory.delete_entity(f"Person{10 + i}", namespace=ns)
    finally:
        store._conn.set_progress_handler(None, 0)
    return steps[0]


def test_a_delete_reads_what_it_touches(store: GraphStore, ns: str) -> None:
    if not isinstance(store, SqliteGraphStore):
        pytest.skip("counts SQLite VM steps (a Neo4j delete is a fixed number of queries)")
    memory = _memory(store, ns)
    work = []
    for size, name in ((120, ns), (480, ns + "-big")):
        memory.add_many(
            [
                f"Person{i} lives in Town{i % 30}. They like dish{i % 17} and work at Firm{i % 23}."
                for i in range(size)
            ],
            namespace=name,
        )
        work.append(_vm_steps_of_deletes(store, memory, name))
    assert work[1] < 1.5 * work[0], work  # 4x the namespace: about the same work
    store.clear(ns + "-big")
