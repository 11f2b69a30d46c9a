"""Statements dated before the facts they would change (``engine/relations/backdated.py``) on
every store: an older text is recorded as history and never replaces, ends or doubts a newer
fact, one ``add`` at a time and in an ``add_many`` batch, and the history survives an
export/import."""

from __future__ import annotations

import io
from datetime import datetime, timedelta, timezone

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.base import GraphStore


def _d(month: int) -> datetime:
    return datetime(2024, month, 1, tzinfo=timezone.utc)


# (text, month), in the order they are added: the second and later ones are dated earlier
BACKFILL = [
    ("Alice moved to Rome.", 3),
    ("Alice lives in Paris.", 1),  # before Rome: history
    ("Alice no longer lives in Rome.", 2),  # before Rome began: ends nothing
    ("Bob works for Siemens.", 5),
    ("Bob left Siemens and joined Bosch.", 4),  # before Siemens: Bosch is history
    ("Bob works for Siemens.", 6),  # after: a repeat
]


def _history(memory: TemporalGraphMemory, ns: str) -> list[tuple[str, str, str, str, str, str]]:
    """(subject, type, object, valid from, valid to, what superseded it) of every relation."""
    by_id = {r.id: r for r in memory.relations(namespace=ns, include_ended=True)}
    return sorted(
        (
            r.subject_name,
            r.type,
            r.object_name or "",
            r.valid_from.date().isoformat(),
            r.valid_to.date().isoformat() if r.valid_to else "",
            by_id[r.superseded_by].object_name or "" if r.superseded_by else "",
        )
        for r in by_id.values()
    )


def _current(memory: TemporalGraphMemory, ns: str) -> list[tuple[str, str, str]]:
    return sorted(
        (r.subject_name, r.type, r.object_name or "") for r in memory.relations(namespace=ns)
    )


EXPECTED_CURRENT = [("Alice", "LIVES_IN", "Rome"), ("Bob", "WORKS_FOR", "Siemens")]
EXPECTED_HISTORY = [
    ("Alice", "LIVES_IN", "Paris", "2024-01-01", "2024-03-01", "Rome"),
    ("Alice", "LIVES_IN", "Rome", "2024-03-01", "", ""),
    ("Bob", "WORKS_FOR", "Bosch", "2024-04-01", "2024-05-01", "Siemens"),
    ("Bob", "WORKS_FOR", "Siemens", "2024-05-01", "", ""),
]


def test_an_older_statement_is_history_one_by_one_and_in_a_batch(
    store: GraphStore, ns: str
) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    for text, month in BACKFILL:
        memory.add(text, at=_d(month))
    assert _current(memory, ns) == EXPECTED_CURRENT
    assert _history(memory, ns) == EXPECTED_HISTORY
    # world time: in February Alice lived in Paris, in April in Rome
    assert [r.object_name for r in memory.relations("Alice", as_of=_d(2))] == ["Paris"]
    assert [r.object_name for r in memory.relations("Alice", as_of=_d(4))] == ["Rome"]
    assert [r.object_name for r in memory.timeline("Alice")] == ["Paris", "Rome"]
    # the prompt states the newest fact, the older one as what came before
    text = memory.recall("Where does Alice live?").text
    assert "Alice lives in Rome (since step 1; before: Paris, step 2)" in text
    assert "Alice lives in Paris (" not in text

    batch = ns + "-batch"
    try:
        memory.add_many([{"text": t, "at": _d(m)} for t, m in BACKFILL], namespace=batch)
        assert _current(memory, batch) == EXPECTED_CURRENT
        assert _history(memory, batch) == EXPECTED_HISTORY
    finally:
        store.clear(batch)


def test_in_order_statements_still_replace_facts(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Alice lives in Paris.", at=_d(1))
    memory.add("Alice moved to Rome.", at=_d(3))
    memory.add("Alice moved to Oslo.", at=_d(3))  # the same instant is not older
    assert _current(memory, ns) == [("Alice", "LIVES_IN", "Oslo")]
    assert [h[2] for h in _history(memory, ns)] == ["Oslo", "Paris", "Rome"]


def test_backdated_history_survives_export_and_import(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    for text, month in BACKFILL[:2]:
        memory.add(text, at=_d(month))
    buf = io.StringIO()
    memory.export(buf)
    copy = ns + "-copy"
    try:
        buf.seek(0)
        memory.import_(buf, namespace=copy)
        assert _history(memory, copy) == _history(memory, ns)
        assert _current(memory, copy) == [("Alice", "LIVES_IN", "Rome")]
    finally:
        store.clear(copy)


def test_the_context_lists_statements_by_the_time_they_were_said(
    store: GraphStore, ns: str
) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Alice moved to Rome.", at=_d(3))
    memory.add("Alice lives in Paris.", at=_d(1))
    memory.add("Alice bought a bike in Rome.", at=_d(3))
    recall = memory.recall("Where does Alice live?", token_budget=400)
    # one header per day, January first: no day is told twice, so nothing is dropped to fit
    assert [r.statement.text for r in recall.statements] == [
        "Alice lives in Paris.",
        "Alice moved to Rome.",
        "Alice bought a bike in Rome.",
    ]
    assert recall.text.count("(2024-03-01)") == 1



def test_an_older_turned_taste_does_not_contradict_the_newer_one(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("I love jazz.", at=_d(5), speaker="Mia")
    memory.add("I can't stand jazz anymore.", at=_d(2), speaker="Mia")
    assert _current(memory, ns) == [("Mia", "LIKES", "jazz")]
    assert ("Mia", "DISLIKES", "jazz", "2024-02-01", "2024-05-01", "jazz") in _history(memory, ns)


# Paris from January, Berlin from March, Rome from May, however they arrive
THREE_HOMES = [
    ("Alice", "LIVES_IN", "Berlin", "2024-03-01", "2024-05-01", "Rome"),
    ("Alice", "LIVES_IN", "Paris", "2024-01-01", "2024-03-01", "Berlin"),
    ("Alice", "LIVES_IN", "Rome", "2024-05-01", "", ""),
]


def test_history_inside_an_ended_fact_ends_it_where_the_history_begins(
    store: GraphStore, ns: str
) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Alice lives in Paris.", at=_d(1))
    memory.add("Alice moved to Rome.", at=_d(5))
    memory.add("Alice moved to Berlin.", at=_d(3))  # late: between Paris and Rome
    assert _current(memory, ns) == [("Alice", "LIVES_IN", "Rome")]
    assert _history(memory, ns) == THREE_HOMES
    _one_home_at_every_time(memory)
    batch = ns + "-batch"
    try:
        memory.add_many(
            [{"text": t, "at": _d(m)} for t, m in [("Alice lives in Paris.", 1), ("Alice moved to Rome.", 5), ("Alice moved to Berlin.", 3)]],
            namespace=batch,
        )
        assert _history(memory, batch) == _history(memory, ns)
    finally:
        store.clear(batch)


def test_history_before_an_ended_fact_lasts_until_that_fact_began(
    store: GraphStore, ns: str
) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Alice moved to Berlin.", at=_d(3))
    memory.add("Alice moved to Rome.", at=_d(5))
    memory.add("Alice lives in Paris.", at=_d(1))  # late: before Berlin, which has ended
    assert _history(memory, ns) == THREE_HOMES
    _one_home_at_every_time(memory)


def _one_home_at_every_time(memory: TemporalGraphMemory) -> None:
    for month, city in ((2, "Paris"), (4, "Berlin"), (6, "Rome")):
        assert [r.object_name for r in memory.relations("Alice", as_of=_d(month))] == [city]


def test_an_older_status_is_history_of_the_same_project(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("The status of Project Atlas changed to on hold.", at=_d(3))
    memory.add("The status of Project Atlas is blocked.", at=_d(1))  # late
    states = [
        dict(r.attributes).get("status")
        for month in (2, 4)
        for r in memory.relations("Project Atlas", as_of=_d(month))
    ]
    assert states == ["blocked", "on hold"]
    assert [dict(r.attributes)["status"] for r in memory.relations("Project Atlas")] == ["on hold"]


def test_a_history_fed_newest_first_reads_a_bounded_part_of_it(store: GraphStore, ns: str) -> None:
    """Each late status reads the newest HISTORY_READ recorded statuses of the project, not all
    of them (before the bound, each add read the whole history: quadratic), and the timeline is
    still one status at a time."""
    from recall_memory_plugins.engine.relations.backdated import HISTORY_READ

    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    states = ["blocked", "on hold", "delayed", "in progress"]
    n = HISTORY_READ + 40  # each a status other than the one after it
    read: list[int] = []
    find = store.find_relations

    def counting(*args: object, **kwargs: object) -> list:  # type: ignore[type-arg]
        found = find(*args, **kwargs)  # type: ignore[arg-type]
        if kwargs.get("newest") == HISTORY_READ:
            read.append(len(found))
        return found

    store.find_relations = counting  # type: ignore[method-assign]
    try:
        memory.add_many(
            [
                {"text": f"The status of Project Atlas changed to {states[i % 4]}.", "at": _d(1) + timedelta(hours=i)}
                for i in reversed(range(n))
            ]
        )
    finally:
        del store.find_relations
    assert len(read) > n // 2 and max(read) == HISTORY_READ
    for hour in (3, n // 2, n - 3):
        at = _d(1) + timedelta(hours=hour, minutes=30)
        assert [dict(r.attributes)["status"] for r in memory.relations("Project Atlas", as_of=at)] == [states[hour % 4]]
