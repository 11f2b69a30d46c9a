"""An ending imported before its start (``engine/relations/endings.py``), on every store: "Ben
left Lloyds" (June 2024), then "Ben works at Lloyds" dated before it (January 2023), gives the
job from January 2023 until June 2024, ended, never current; so for a move, a manager handover
and Chinese, one ``add`` at a time and in an ``add_many`` batch. The mark of the ending survives
an export/import; deleting or correcting the ending makes the start current again; a start dated
after the ending stays current."""

from __future__ import annotations

import io
from datetime import datetime, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.base import GraphStore

ENDED = datetime(2024, 6, 1, tzinfo=timezone.utc)
BEGAN = datetime(2023, 1, 10, tzinfo=timezone.utc)

# (the ending, the start told after it but dated before, subject, type, object)
CASES = [
    ("Ben left Lloyds.", "Ben works at Lloyds.", "Ben", "WORKS_FOR", "Lloyds"),
    ("Ben moved out of Leeds.", "Ben lives in Leeds.", "Ben", "LIVES_IN", "Leeds"),
    ("Ann no longer manages Apollo.", "Ann manages Apollo.", "Ann", "MANAGES", "Apollo"),
    ("张三离开了华为。", "张三在华为工作。", "张三", "WORKS_FOR", "华为"),
    ("Dan quit his job.", "Dan works at Acme.", "Dan", "WORKS_FOR", "Acme"),
]


def _d(year: int, month: int = 1) -> datetime:
    return datetime(year, month, 1, tzinfo=timezone.utc)


def _rows(memory: TemporalGraphMemory, ns: str, **kwargs: object) -> list[tuple[str, str, str, str, str]]:
    """(subject, type, object, valid from, valid to) of the relations ``relations()`` gives."""
    return sorted(
        (
            r.subject_name,
            r.type,
            r.object_name or "",
            r.valid_from.date().isoformat(),
            r.valid_to.date().isoformat() if r.valid_to else "",
        )
        for r in memory.relations(namespace=ns, **kwargs)  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(("ending", "start", "who", "type_", "what"), CASES)
def test_a_start_told_after_its_ending_is_history(
    store: GraphStore, ns: str, ending: str, start: str, who: str, type_: str, what: str
) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add(ending, at=ENDED)
    memory.add(start, at=BEGAN)
    expected = [(who, type_, what, "2023-01-10", "2024-06-01")]
    assert _rows(memory, ns) == []  # nothing current
    assert _rows(memory, ns, include_ended=True) == expected  # (the ending's mark is never shown)
    assert [r.object_name for r in memory.relations(who, as_of=_d(2023, 6), namespace=ns)] == [what]
    assert memory.relations(who, as_of=_d(2024, 7), namespace=ns) == []

    batch = ns + "-batch"
    try:
        memory.add_many([{"text": ending, "at": ENDED}, {"text": start, "at": BEGAN}], namespace=batch)
        assert _rows(memory, batch) == []
        assert _rows(memory, batch, include_ended=True) == expected
    finally:
        store.clear(batch)


def test_a_start_dated_after_the_ending_stays_current(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Ben left Lloyds.", at=ENDED)
    memory.add("Ben works at Lloyds.", at=_d(2024, 9))
    assert _rows(memory, ns) == [("Ben", "WORKS_FOR", "Lloyds", "2024-09-01", "")]


def test_an_even_older_start_ends_where_the_next_began(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Ben left Lloyds.", at=ENDED)
    memory.add("Ben works at Lloyds.", at=BEGAN)
    memory.add("Ben works at Barclays.", at=_d(2021))
    assert _rows(memory, ns) == []
    assert _rows(memory, ns, include_ended=True) == [
        ("Ben", "WORKS_FOR", "Barclays", "2021-01-01", "2023-01-10"),
        ("Ben", "WORKS_FOR", "Lloyds", "2023-01-10", "2024-06-01"),
    ]


def test_the_ending_survives_export_and_import(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Ben left Lloyds.", at=ENDED)
    buf = io.StringIO()
    memory.export(buf)
    copy = ns + "-copy"
    try:
        buf.seek(0)
        memory.import_(buf, namespace=copy)
        memory.add("Ben works at Lloyds.", at=BEGAN, namespace=copy)
        assert _rows(memory, copy) == []
        assert _rows(memory, copy, include_ended=True) == [("Ben", "WORKS_FOR", "Lloyds", "2023-01-10", "2024-06-01")]
    finally:
        store.clear(copy)


def test_deleting_the_ending_makes_the_start_current_again(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    ending = memory.add("Ben left Lloyds.", at=ENDED).statement_ids[0]
    memory.add("Ben works at Lloyds.", at=BEGAN)
    assert _rows(memory, ns) == []
    memory.delete_statement(ending, cascade_relations=True)
    assert _rows(memory, ns) == [("Ben", "WORKS_FOR", "Lloyds", "2023-01-10", "")]
    assert _rows(memory, ns, include_ended=True) == [("Ben", "WORKS_FOR", "Lloyds", "2023-01-10", "")]


def test_correcting_the_ending_moves_or_drops_it(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    ending = memory.add("Ben left Lloyds.", at=ENDED).statement_ids[0]
    memory.add("Ben works at Lloyds.", at=BEGAN)
    memory.update_statement(ending, "Ben left Lloyds.", at=_d(2024, 9))
    assert _rows(memory, ns, include_ended=True) == [("Ben", "WORKS_FOR", "Lloyds", "2023-01-10", "2024-09-01")]

    other = ns + "-other"
    try:
        ending = memory.add("Ben left Lloyds.", at=ENDED, namespace=other).statement_ids[0]
        memory.add("Ben works at Lloyds.", at=BEGAN, namespace=other)
        assert _rows(memory, other) == []
        memory.update_statement(ending, "Ben likes tea.", namespace=other)
        assert ("Ben", "WORKS_FOR", "Lloyds", "2023-01-10", "") in _rows(memory, other)
    finally:
        store.clear(other)


def test_a_recall_states_no_current_job(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Ben left Lloyds.", at=ENDED)
    memory.add("Ben works at Lloyds.", at=BEGAN)
    text = memory.recall("Where does Ben work?").text
    assert "Ben works for Lloyds (" not in text
    assert "Ben no longer works for Lloyds" in text
