"""Dates on the caller's calendar, on every store (round 48: three testers found every date of a
recall rendered on the UTC calendar). A statement's ``at`` keeps the UTC offset it was given in:
it comes back in it (the same instant), a recall's day headers are its days, and a fact line's
dates are on the calendar of the statement that recorded the relation. A text said in UTC renders
exactly as before, and export -> import keeps the offsets (an older file's UTC times read as UTC).
"""

from __future__ import annotations

import io
import json
from datetime import datetime, timedelta, timezone

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.base import GraphStore

U = timezone.utc
SHANGHAI = timezone(timedelta(hours=8))
TOKYO = timezone(timedelta(hours=9))
NEW_YORK = timezone(timedelta(hours=-5))
KATHMANDU = timezone(timedelta(hours=5, minutes=45))
ST_JOHNS = timezone(timedelta(hours=-3, minutes=-30))


def _memory(store: GraphStore, ns: str) -> TemporalGraphMemory:
    return TemporalGraphMemory(store, annotator="offline", namespace=ns)


def test_day_headers_and_fact_dates_are_on_the_calendar_of_the_zone_given(
    store: GraphStore, ns: str
) -> None:
    memory = _memory(store, ns)
    # 07:00 on 1 March in Shanghai is 23:00 on 29 February in UTC
    memory.add("我住在杭州。", speaker="李娜", at=datetime(2024, 3, 1, 7, 0, tzinfo=SHANGHAI))
    memory.add("我上个月搬到上海了。", speaker="李娜", at=datetime(2024, 6, 10, 7, 0, tzinfo=SHANGHAI))
    # 22:00 on 1 April in New York is 03:00 on 2 April in UTC
    memory.add("Kofi joined Acme.", at=datetime(2024, 4, 1, 22, 0, tzinfo=NEW_YORK))
    text = memory.recall("李娜现在住在哪？").text
    assert "(2024-03-01)" in text and "(2024-06-10)" in text
    assert "(2024-02-29)" not in text
    assert "since May 2024" in text  # last month, said in June in Shanghai (not "2024-04-30")
    assert "2024-04-30" not in text
    assert "(2024-04-01)" in memory.recall("Where does Kofi work?").text


def _facts(store: GraphStore, ns: str, at: datetime, text: str, question: str) -> list[str]:
    memory = _memory(store, ns)
    memory.add("Alice lives in Berlin.", at=datetime(2010, 1, 1, tzinfo=U))
    memory.add(text, at=at)
    return list(memory.recall(question).facts)


def test_a_date_a_text_names_renders_as_with_a_utc_at(store: GraphStore, ns: str) -> None:
    said = datetime(2026, 6, 1, 1, 0)  # 01:00 in Tokyo: still 31 May in UTC
    cases = [
        ("Alice moved to Rome in 2019.", "Tell me about Alice", "since 2019"),
        ("Alice moved to Rome in March 2019.", "Tell me about Alice", "since Mar 2019"),
        ("Kwame worked at Unilever from 2014 to 2019.", "Tell me about Kwame", "2014 to 2019"),
    ]
    for i, (text, question, expected) in enumerate(cases):
        in_utc = _facts(store, f"{ns}-utc{i}", said.replace(tzinfo=U), text, question)
        in_tokyo = _facts(store, f"{ns}-tokyo{i}", said.replace(tzinfo=TOKYO), text, question)
        try:
            assert any(expected in f for f in in_utc), in_utc
            assert in_tokyo == in_utc
        finally:
            store.clear(f"{ns}-utc{i}")
            store.clear(f"{ns}-tokyo{i}")


def test_a_batch_renders_the_dates_of_its_zone_too(store: GraphStore, ns: str) -> None:
    """``add_many`` (a store batch: Neo4j makes a second read's relation rows from the batch)."""
    memory = _memory(store, ns)
    memory.add_many(
        [
            {"text": "Bob lives in Oslo.", "at": datetime(2015, 6, 1, 12, tzinfo=SHANGHAI)},
            {"text": "Bob moved to Bergen last year.", "at": datetime(2022, 6, 1, 7, tzinfo=SHANGHAI)},
            {"text": "Where does Bob live now?", "at": datetime(2022, 6, 1, 7, 5, tzinfo=SHANGHAI)},
        ]
    )
    facts = memory.recall("Where does Bob live?").facts
    assert any("Bergen (since 2021," in f for f in facts), facts
    assert not any("2020-12-31" in f for f in facts), facts


TIMES = [
    datetime(2024, 3, 1, 7, 0, tzinfo=SHANGHAI),
    datetime(2024, 3, 2, 22, 30, tzinfo=NEW_YORK),
    datetime(2024, 3, 4, 6, 15, 30, 250000, tzinfo=KATHMANDU),
    datetime(2024, 3, 5, 1, 0, tzinfo=ST_JOHNS),
    datetime(2024, 3, 6, 12, 0, tzinfo=U),
]
TEXTS = [
    "Alice lives in Paris.",
    "Alice moved to Lyon.",
    "Alice moved to Rome.",
    "Alice moved to Oslo.",
    "Alice moved to Bern.",
]


_TIME_KEYS = ("at", "valid_from", "recorded_at", "valid_to", "expired_at")


def _offsets(values: list[datetime]) -> list[timedelta | None]:
    return [v.utcoffset() for v in values]


def test_times_come_back_in_the_offset_they_were_given_in(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    for text, at in zip(TEXTS, TIMES, strict=True):
        memory.add(text, at=at)
    stored = memory.statements()
    assert [s.at for s in stored] == TIMES  # the same instants ...
    assert _offsets([s.at for s in stored]) == _offsets(TIMES)  # ... in the offsets given
    ids = [s.id for s in stored]
    assert _offsets([s.at for s in store.get_statements(ns, ids)]) == _offsets(TIMES)
    assert _offsets([s.at for s in store.statements_at(ns, range(1, 6))]) == _offsets(TIMES)
    assert memory.get(ids[2]).at.utcoffset() == timedelta(hours=5, minutes=45)
    recalled = memory.recall("Where did Alice move to Rome?").statements
    assert recalled
    assert all(r.statement.at.utcoffset() == TIMES[ids.index(r.statement.id)].utcoffset() for r in recalled)
    # a relation's times are in the offset of the statement that recorded it
    homes = memory.relations("Alice", include_ended=True)
    assert sorted(((r.recorded_at, r.recorded_at.utcoffset()) for r in homes), key=lambda x: x[0]) == [
        (t, t.utcoffset()) for t in TIMES
    ]
    for r in homes:
        assert r.valid_from.utcoffset() == r.recorded_at.utcoffset()
        if r.valid_to is not None:
            assert r.valid_to.utcoffset() == r.recorded_at.utcoffset()
    # a correction keeps its statement's time, and its zone
    new = memory.update_statement(ids[2], "Alice moved to Milan.").statement_ids[0]
    assert [(s.at, s.at.utcoffset()) for s in memory.history(new)] == [(TIMES[2], TIMES[2].utcoffset())] * 2
    assert "(2024-03-04)" in memory.recall("Where did Alice move to Milan?").text


def _export(memory: TemporalGraphMemory) -> str:
    buf = io.StringIO()
    memory.export(buf)
    return buf.getvalue()


def _state(memory: TemporalGraphMemory, ns: str) -> tuple[object, ...]:
    statements = [(s.text, s.at, s.at.utcoffset()) for s in memory.statements(namespace=ns)]
    relations = [
        (r.object_name, *((t, t and t.utcoffset()) for t in (r.valid_from, r.recorded_at, r.valid_to, r.expired_at)))
        for r in memory.relations("Alice", include_ended=True, namespace=ns)
    ]
    return statements, relations, memory.recall("Where does Alice live?", namespace=ns).text


def _written_times(exported: str) -> list[tuple[str, ...]]:
    return [
        tuple(str(record.get(key)) for key in ("kind", *_TIME_KEYS))
        for record in map(json.loads, exported.splitlines()[1:])
    ]


def test_offsets_survive_export_and_import(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    for text, at in zip(TEXTS, TIMES, strict=True):
        memory.add(text, at=at)
    memory.add("Alice moved to Kyoto last month.", at=datetime(2024, 6, 1, 1, 0, tzinfo=TOKYO))
    exported = _export(memory)
    assert '"at": "2024-03-01T07:00:00+08:00"' in exported
    copy = ns + "-copy"
    try:
        memory.import_(io.StringIO(exported), namespace=copy)
        assert _state(memory, copy) == _state(memory, ns)
        assert "since May 2024" in _state(memory, copy)[2]
        again = _export(TemporalGraphMemory(store, annotator="offline", namespace=copy))
        assert _written_times(again) == _written_times(exported)  # (the same text, offsets too)
    finally:
        store.clear(copy)


def _in_utc(line: str) -> str:
    """A record line as a file written before offsets were kept has it: every time in UTC."""
    record = json.loads(line)
    for key in _TIME_KEYS:
        if isinstance(record.get(key), str):
            record[key] = datetime.fromisoformat(record[key]).astimezone(U).isoformat()
    return json.dumps(record, ensure_ascii=False)


def test_an_export_without_offsets_imports_as_utc(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    for text, at in zip(TEXTS, TIMES, strict=True):
        memory.add(text, at=at)
    lines = _export(memory).splitlines()
    old = "\n".join([lines[0], *(_in_utc(line) for line in lines[1:])]) + "\n"
    assert "+08:00" not in old
    copy = ns + "-old"
    try:
        memory.import_(io.StringIO(old), namespace=copy)
        ats = [s.at for s in memory.statements(namespace=copy)]
        assert ats == TIMES and _offsets(ats) == [timedelta(0)] * len(TIMES)
        assert "(2024-02-29)" in memory.recall("Where does Alice live?", namespace=copy).text
    finally:
        store.clear(copy)


def test_a_time_stored_without_an_offset_reads_as_utc(store: GraphStore, ns: str) -> None:
    """A row or node written before offsets were kept (SQLite: the migration's default; Neo4j:
    no property) reads as UTC, the same instant."""
    memory = _memory(store, ns)
    memory.add("Alice lives in Paris.", at=TIMES[0])
    memory.add("Alice moved to Rome in 2019.", at=datetime(2024, 6, 1, 1, 0, tzinfo=TOKYO))
    if hasattr(store, "_conn"):
        with store.batch():  # type: ignore[attr-defined]
            store._conn.execute("UPDATE statements SET utc_offset = 0 WHERE namespace = ?", (ns,))  # type: ignore[attr-defined]
            store._conn.execute("UPDATE relations SET utc_offset = 0 WHERE namespace = ?", (ns,))  # type: ignore[attr-defined]
    else:
        store._run(  # type: ignore[attr-defined]
            "drop the offsets",
            "MATCH (x {namespace: $ns}) WHERE x:Statement OR x:Relation REMOVE x.utc_offset",
            {"ns": ns},
            write=True,
        )
    fresh = _memory(store, ns)  # (no cached reads)
    ats = [s.at for s in fresh.statements()]
    assert ats == [TIMES[0], datetime(2024, 6, 1, 1, 0, tzinfo=TOKYO)]
    assert _offsets(ats) == [timedelta(0)] * 2
    recall = fresh.recall("Where does Alice live?")
    assert "(2024-02-29)" in recall.text  # the UTC calendar, as before the offsets were kept
    assert any("2018-12-31" in f for f in recall.facts), recall.facts  # (2019 in Tokyo)
