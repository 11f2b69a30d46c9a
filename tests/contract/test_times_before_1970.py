"""Times before 1970 with a fraction of a second, on every store: a statement's time and a
relation's interval come back exactly as given (to the microsecond), through ``add``,
``add_many``, a store batch's own reads and an export/import, for any time SQLite takes (year 1
to 9999). Neo4j's ``DateTime.epochSeconds`` truncates toward zero, so a store reading times as
``[epochSeconds, microsecond]`` gave such a time back one second late."""

from __future__ import annotations

import io
from datetime import datetime, timedelta, timezone

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.models import (
    EntityRecord,
    GraphUpdate,
    RelationChange,
    StatementInput,
)
from recall_memory_plugins.stores.base import GraphStore

U = timezone.utc
US = timedelta(microseconds=1)

# in order: each is later than the one before (a statement moves Alice on at each)
TIMES = [
    datetime(1, 1, 1, 0, 0, 0, 1, tzinfo=U),  # the earliest SQLite takes, but a microsecond
    datetime(1, 1, 1, 0, 0, 0, 500000, tzinfo=U),
    datetime(1900, 2, 28, 23, 59, 59, 999000, tzinfo=U),
    datetime(1950, 6, 15, 12, 0, 0, 500000, tzinfo=U),
    datetime(1969, 12, 31, 23, 59, 58, 1000, tzinfo=U),  # a whole millisecond
    datetime(1969, 12, 31, 23, 59, 59, 999, tzinfo=U),  # under a millisecond
    datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=U),
    datetime(1970, 1, 1, 0, 0, 0, 1, tzinfo=U),  # after 1970: as before
    datetime(1999, 6, 15, 12, 0, 0, 500000, tzinfo=U),
    datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=U),  # the latest SQLite takes
]
CITIES = ["Paris", "Lyon", "Rome", "Oslo", "Bern", "Riga", "Kyiv", "Lima", "Doha", "Baku"]
TEXTS = [f"Alice moved to {city}." for city in CITIES]


def _ats(memory: TemporalGraphMemory, ns: str) -> list[datetime]:
    return [s.at for s in memory.statements(namespace=ns)]


def _homes(
    memory: TemporalGraphMemory, ns: str
) -> list[tuple[str | None, datetime, datetime | None]]:
    """(city, valid from, valid to) of every home of Alice's, oldest first."""
    return [
        (r.object_name, r.valid_from, r.valid_to) for r in memory.timeline("Alice", namespace=ns)
    ]


EXPECTED_HOMES = [
    (city, start, TIMES[i + 1] if i + 1 < len(TIMES) else None)
    for i, (city, start) in enumerate(zip(CITIES, TIMES, strict=True))
]


def _check_homes(memory: TemporalGraphMemory, ns: str) -> None:
    assert _ats(memory, ns) == TIMES
    assert _homes(memory, ns) == EXPECTED_HOMES
    for i, t in enumerate(TIMES):
        # from the first microsecond of each interval to its last
        assert [r.object_name for r in memory.relations("Alice", as_of=t, namespace=ns)] == [
            CITIES[i]
        ], t.isoformat()
        if i:
            before = [r.object_name for r in memory.relations("Alice", as_of=t - US, namespace=ns)]
            assert before == [CITIES[i - 1]], (t - US).isoformat()


def test_statement_times_and_intervals_come_back_exactly(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    for text, t in zip(TEXTS, TIMES, strict=True):
        memory.add(text, at=t)
    _check_homes(memory, ns)
    # a relation is recorded, and an ended one expired, at the time of its statement
    relations = memory.relations("Alice", include_ended=True, namespace=ns)
    assert sorted(r.recorded_at for r in relations) == TIMES
    assert sorted(r.expired_at for r in relations if r.expired_at) == TIMES[1:]
    # a statement read by id, by step and in a recall
    ids = [s.id for s in memory.statements(namespace=ns)]
    assert [s.at for s in store.get_statements(ns, ids)] == TIMES
    assert [s.at for s in store.statements_at(ns, range(1, len(TIMES) + 1))] == TIMES
    recalled = memory.recall("Where did Alice move to Rome?", namespace=ns).statements
    assert recalled and all(r.statement.at == TIMES[r.statement.id - ids[0]] for r in recalled)


def test_times_before_1970_in_one_batch(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add_many([{"text": text, "at": t} for text, t in zip(TEXTS, TIMES, strict=True)])
    _check_homes(memory, ns)


def test_times_before_1970_survive_export_and_import(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    for text, t in zip(TEXTS, TIMES, strict=True):
        memory.add(text, at=t)
    buf = io.StringIO()
    memory.export(buf)
    copy = ns + "-copy"
    try:
        buf.seek(0)
        memory.import_(buf, namespace=copy)
        _check_homes(memory, copy)
        assert _times(memory, copy) == _times(memory, ns)
    finally:
        store.clear(copy)


def _times(memory: TemporalGraphMemory, ns: str) -> list[tuple[object, ...]]:
    return [
        (r.object_name, r.valid_from, r.recorded_at, r.valid_to, r.expired_at)
        for r in memory.relations("Alice", include_ended=True, namespace=ns)
    ]


def _update(ns: str, at: datetime, *changes: RelationChange) -> GraphUpdate:
    return GraphUpdate(
        namespace=ns,
        at=at,
        statements=(StatementInput("Alice moved."),),
        entities=(
            EntityRecord("alice", "Alice", "PERSON"),
            EntityRecord("paris", "Paris", "PLACE"),
            EntityRecord("rome", "Rome", "PLACE"),
        ),
        relation_changes=changes,
    )


def test_dated_relation_changes_in_and_after_a_store_batch(store: GraphStore, ns: str) -> None:
    """A dated add (``valid_from``) and a dated end (``valid_to``) before 1970, read inside the
    batch (Neo4j makes its second read's rows from what the batch wrote) and after it."""
    since = datetime(1950, 6, 15, 12, 0, 0, 500000, tzinfo=U)
    since2 = datetime(1960, 3, 1, 8, 30, 15, 250000, tzinfo=U)
    until = datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=U)
    first, second = TIMES[4], TIMES[2]

    def read() -> list[tuple[str | None, datetime, datetime, datetime | None]]:
        return [
            (r.object_id, r.valid_from, r.recorded_at, r.valid_to)
            for r in store.find_relations(ns, subject_id="alice", current_only=True)
        ]

    with store.batch():
        store.apply_update(
            _update(
                ns,
                first,
                RelationChange("add", "r1", "alice", "LIVES_IN", "paris", valid_from=since),
            )
        )
        assert read() == [("paris", since, first, None)]
        # the ends known (Neo4j keeps them): the next read is made from what the batch wrote
        assert [e.id for e in store.find_entities(ns, ids=["alice", "paris", "rome"])] == [
            "alice",
            "paris",
            "rome",
        ]
        store.apply_update(
            _update(
                ns,
                second,
                RelationChange("add", "r2", "alice", "WORKS_IN", "rome", valid_from=since2),
            )
        )
        in_batch = read()
        assert in_batch == [("paris", since, first, None), ("rome", since2, second, None)]
    assert read() == in_batch
    store.apply_update(
        _update(
            ns, TIMES[8], RelationChange("end", "r1", "alice", "LIVES_IN", "paris", valid_to=until)
        )
    )
    ended = store.find_relations(ns, subject_id="alice", type="LIVES_IN")
    assert [(r.valid_from, r.valid_to, r.expired_at) for r in ended] == [(since, until, TIMES[8])]
