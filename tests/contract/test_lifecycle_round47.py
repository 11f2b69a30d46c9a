"""Lifecycle and time leftovers of round 47 (found by black-box sessions, 2026-12-06). On every
store.

- A cascade delete never leaves a relation ending before it begins (history told late keeps its
  own step), so the namespace's export always imports again.
- A correction read at its statement's own time is at that statement's step too: ``as_of=<step>``
  agrees with ``as_of=<the same moment>``, and never states what the correction replaced.
- A correction of only the date in the text moves the interval, as a fresh add would.
- ``recall(as_of=<datetime>)`` states no fact told after that instant.
- ``import_`` refuses a relation that ends before it begins in time, or ends by step only.
"""

from __future__ import annotations

import io
import json
from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import InputError, TemporalGraphMemory
from recall_memory_plugins.stores.base import GraphStore

U = timezone.utc


def _memory(store: GraphStore, ns: str) -> TemporalGraphMemory:
    return TemporalGraphMemory(store, annotator="offline", namespace=ns)


def _reimport(store: GraphStore, memory: TemporalGraphMemory, target: str) -> None:
    buf = io.StringIO()
    memory.export(buf)
    try:
        memory.import_(io.StringIO(buf.getvalue()), namespace=target)
    finally:
        store.clear(target)


def test_a_cascade_delete_never_inverts_history_told_late(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    acme = memory.add("Alice works at Acme Corp.", at=datetime(2025, 3, 6, tzinfo=U)).statement_ids[0]
    memory.add("Alice joined Globex.", at=datetime(2025, 3, 11, tzinfo=U))
    memory.add("Alice joined Hooli.", at=datetime(2025, 3, 1, tzinfo=U))  # told late: history
    memory.delete_statement(acme, cascade_relations=True)
    rels = {r.object_name: r for r in memory.relations("Alice", include_ended=True)}
    hooli = rels["Hooli"]
    assert (hooli.valid_from_step, hooli.valid_to_step) == (3, 3)  # as it was stored
    assert hooli.valid_to == datetime(2025, 3, 11, tzinfo=U)  # until Globex began
    assert hooli.superseded_by == rels["Globex"].id
    assert [r.object_name for r in memory.relations("Alice")] == ["Globex"]
    _reimport(store, memory, ns + "-copy")  # (raised InputError: ends at step 2, before 3)


def test_a_cascade_delete_after_a_dated_correction_reimports(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    acme = memory.add("Alice works at Acme Corp.", at=datetime(2025, 3, 6, tzinfo=U)).statement_ids[0]
    tea = memory.add("Bob likes tea.", at=datetime(2025, 3, 8, tzinfo=U)).statement_ids[0]
    memory.add("Alice joined Globex.", at=datetime(2025, 3, 11, tzinfo=U))
    memory.update_statement(tea, "Alice joined Hooli on 1 March 2025.")
    memory.delete_statement(acme, cascade_relations=True)
    rels = memory.relations("Alice", include_ended=True, include_unsure=True)
    ids = {r.id for r in rels}
    for r in rels:
        assert r.valid_to_step is None or r.valid_to_step >= r.valid_from_step, r
        assert r.superseded_by is None or r.superseded_by in ids, r
    _reimport(store, memory, ns + "-copy")


def test_a_correction_at_its_own_time_is_at_its_own_step(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    start = datetime(2025, 1, 6, 9, tzinfo=U)
    texts = ["Alice works at Acme Corp.", "Bob lives in Paris.",
             "Alice left Acme Corp and joined Globex.", "Bob likes tea.", "Carla lives in Rome."]
    ids = [memory.add(t, at=start + timedelta(days=i)).statement_ids[0] for i, t in enumerate(texts)]
    memory.update_statement(ids[2], "Alice left Acme Corp and joined Hooli.")  # step 6, day 3
    for step in (3, 4, 5):
        when = start + timedelta(days=step - 1, hours=1)
        by_step = [r.object_name for r in memory.relations("Alice", as_of=step, type="WORKS_FOR")]
        by_time = [r.object_name for r in memory.relations("Alice", as_of=when, type="WORKS_FOR")]
        assert by_step == by_time == ["Hooli"]  # (as_of=3..5 said Acme Corp, ended at step 6)
        facts = memory.recall("Where does Alice work?", as_of=step, token_budget=300).facts
        assert not any("Acme" in f for f in facts), facts
    assert [r.object_name for r in memory.relations("Alice", as_of=2, type="WORKS_FOR")] == ["Acme Corp"]
    _reimport(store, memory, ns + "-copy")


@pytest.mark.parametrize(
    ("old", "new", "began"),
    [
        ("Alice moved to Rome last year.", "Alice moved to Rome two months ago.", datetime(2022, 4, 1, tzinfo=U)),
        ("Alice moved to Rome.", "Alice moved to Rome last year.", datetime(2021, 1, 1, tzinfo=U)),
        ("Alice moved to Rome last year.", "Alice moved to Rome.", datetime(2022, 6, 1, tzinfo=U)),
    ],
)
def test_correcting_only_the_date_moves_the_interval(
    store: GraphStore, ns: str, old: str, new: str, began: datetime
) -> None:
    memory = _memory(store, ns)
    memory.add("Alice lives in Paris.", at=datetime(2020, 1, 1, tzinfo=U))
    sid = memory.add(old, at=datetime(2022, 6, 1, tzinfo=U)).statement_ids[0]
    memory.update_statement(sid, new)
    homes = {r.object_name: r for r in memory.relations("Alice", include_ended=True)}
    assert homes["Rome"].valid_from == began  # (kept the old text's start)
    assert homes["Rome"].is_current
    assert homes["Paris"].valid_to == began  # Paris ends when Rome begins
    assert [r.object_name for r in memory.relations("Alice", as_of=began - timedelta(days=1))] == ["Paris"]


def test_a_recall_of_the_past_knows_nothing_told_later(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add("Bob works at Acme.", at=datetime(2025, 3, 1, tzinfo=U))
    memory.add("Dmitri moved to Madrid two years ago.", at=datetime(2025, 4, 1, tzinfo=U))
    before = memory.recall("Where does Dmitri live?", as_of=datetime(2025, 3, 15, tzinfo=U))
    assert not any("Madrid" in f for f in before.facts), before.facts  # (told on 1 April)
    after = memory.recall("Where does Dmitri live?", as_of=datetime(2025, 4, 2, tzinfo=U))
    assert any("Madrid" in f for f in after.facts), after.facts
    assert memory.recall("Where does Dmitri live?", as_of=1).facts == ()


@pytest.mark.parametrize(
    "change",
    [{"valid_to": "2019-01-01T00:00:00+00:00"}, {"valid_to": None}],
    ids=["ends-before-it-begins", "ended-by-step-only"],
)
def test_import_refuses_relation_times_out_of_order(store: GraphStore, ns: str, change: dict) -> None:
    memory = _memory(store, ns)
    memory.add("Alice lives in Paris.", at=datetime(2020, 1, 1, tzinfo=U))
    memory.add("Alice moved to Rome.", at=datetime(2022, 1, 1, tzinfo=U))
    buf = io.StringIO()
    memory.export(buf)
    lines = []
    for line in buf.getvalue().splitlines():
        record = json.loads(line)
        if record.get("kind") == "relation" and record.get("object_id") == "paris":
            record.update(change)
        lines.append(json.dumps(record))
    target = ns + "-copy"
    try:
        with pytest.raises(InputError, match=r"before it begins|no valid_to"):
            memory.import_(io.StringIO("\n".join(lines) + "\n"), namespace=target)
        assert target not in memory.namespaces()  # nothing imported
    finally:
        store.clear(target)
