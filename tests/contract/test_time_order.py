"""The same dated statements give the same history whatever the order; a correction keeps its
statement's time; an ending never precedes its start (found by a black-box test session,
2026-12-06). On every store.

- "Alice left Cyberdyne" dated before "Alice joined Soylent" but added after it: Cyberdyne ends
  where the late note says, not where Soylent began (the order 0, 2, 1 already did).
- ``update_statement`` without ``at`` of a 2021 note is still about 2021: a 2022 home stays
  current (the corrected text had been read as news and ended it).
- Two writers whose clocks cross: a defaulted ``at`` older than the fact it replaces ends that
  fact where it began, never before (an interval from 12:02 to 12:00).
"""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta, timezone

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.base import GraphStore

_U = timezone.utc


def _d(year: int, month: int = 1, day: int = 1) -> datetime:
    return datetime(year, month, day, tzinfo=_U)


def _held(memory: TemporalGraphMemory, type_: str, when: datetime | None = None) -> list[str]:
    return sorted(r.object_name or "" for r in memory.relations("Alice", type=type_, as_of=when))


def test_a_late_dated_ending_gives_the_same_history_in_every_order(store: GraphStore, ns: str) -> None:
    texts = [
        ("Alice works at Cyberdyne.", _d(2019, 1, 18)),
        ("Alice joined Soylent.", _d(2021, 10, 21)),
        ("Alice left Cyberdyne.", _d(2021, 10, 17)),  # a note written up late
    ]
    ends = set()
    for k, order in enumerate(itertools.permutations(range(3))):
        if order[0] != 0:  # (the ending needs the job it ends)
            continue
        memory = TemporalGraphMemory(store, annotator="offline", namespace=f"{ns}-{k}")
        try:
            for i in order:
                memory.add(texts[i][0], at=texts[i][1])
            assert _held(memory, "WORKS_FOR", _d(2021, 10, 19)) == [], order
            assert _held(memory, "WORKS_FOR", _d(2020)) == ["Cyberdyne"], order
            assert _held(memory, "WORKS_FOR") == ["Soylent"], order
            ends |= {r.valid_to for r in memory.timeline("Alice") if r.object_name == "Cyberdyne"}
        finally:
            memory.clear()
    assert ends == {_d(2021, 10, 17)}


def test_a_late_dated_ending_outside_the_interval_changes_nothing(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Alice works at Cyberdyne.", at=_d(2019))
    memory.add("Alice joined Soylent.", at=_d(2021))
    memory.add("Alice left Cyberdyne.", at=_d(2018))  # before it began: nothing to move
    (cyberdyne,) = [r for r in memory.timeline("Alice") if r.object_name == "Cyberdyne"]
    assert cyberdyne.valid_to == _d(2021)
    assert _held(memory, "WORKS_FOR") == ["Soylent"]


def test_a_correction_without_at_keeps_its_statements_time(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Alice lives in Paris.", at=_d(2020))
    lyon = memory.add("Alice moved to Lyon.", at=_d(2021)).statement_ids[0]
    memory.add("Alice moved to Berlin.", at=_d(2022))
    new = memory.update_statement(lyon, "Alice moved to Lille.").statement_ids[0]
    assert _held(memory, "LIVES_IN") == ["Berlin"]
    assert _held(memory, "LIVES_IN", _d(2021, 6)) == ["Lille"]
    assert [s.at for s in memory.history(new)] == [_d(2021), _d(2021)]
    assert "Lille" not in memory.recall("Where does Alice live?").facts[0].split("(")[0]


def test_a_correction_of_the_newest_statement_is_still_current(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Alice lives in Paris.", at=_d(2020))
    rome = memory.add("Alice moved to Rome.", at=_d(2021)).statement_ids[0]
    memory.update_statement(rome, "Alice moved to Milan.")
    assert _held(memory, "LIVES_IN") == ["Milan"]
    assert _held(memory, "LIVES_IN", _d(2020, 6)) == ["Paris"]


def test_an_ending_never_precedes_its_start_when_clocks_cross(store: GraphStore, ns: str) -> None:
    t0 = datetime(2026, 5, 4, 12, 0, tzinfo=_U)
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns, clock=lambda: t0)
    memory.add("Alice lives in Paris.", at=t0 + timedelta(minutes=2))  # another writer's clock
    memory.add("Alice moved to Rome.")  # this writer's, two minutes behind
    assert _held(memory, "LIVES_IN") == ["Rome"]
    for r in memory.timeline("Alice"):
        assert r.valid_to is None or r.valid_to >= r.valid_from, (r.object_name, r.valid_from, r.valid_to)
