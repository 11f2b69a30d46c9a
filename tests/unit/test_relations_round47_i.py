"""Round 47 (i): a change that starts after it is said is a plan; a late repeat of a stored value
is merged with it; a dated past state never gives an exclusive relation two values at once."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.future_starts import future_starts

U = timezone.utc
JAN5 = datetime(2026, 1, 5, 9, 0, tzinfo=U)
MAR6 = datetime(2026, 3, 6, 9, 0, tzinfo=U)


def _held(memory: TemporalGraphMemory, name: str, type_: str, at: datetime) -> list[str]:
    return [r.object_name for r in memory.relations(name, namespace="u", type=type_, as_of=at)]


# --------------------------------------------------------------------------- a start still to come
@pytest.mark.parametrize(("first", "future", "type_", "old"), [
    ("Dana reports to Kim.", "From next month Dana reports to Lee.", "REPORTS_TO", "Kim"),
    ("Dana reports to Kim.", "Starting next month Dana reports to Lee.", "REPORTS_TO", "Kim"),
    ("Dana reports to Kim.", "Dana reports to Lee from next month.", "REPORTS_TO", "Kim"),
    ("Dana reports to Kim.", "From April, Dana reports to Lee.", "REPORTS_TO", "Kim"),
    ("Dana works at Acme.", "From April 1 Dana works at Globex.", "WORKS_FOR", "Acme"),
    ("Dana works at Acme.", "From next month Dana works at Globex.", "WORKS_FOR", "Acme"),
    # variants
    ("Dana works at Acme.", "Beginning next quarter Dana works at Globex.", "WORKS_FOR", "Acme"),
    ("Dana works at Acme.", "From 1 June 2026, Dana works at Globex.", "WORKS_FOR", "Acme"),
    ("Dana reports to Kim.", "As of next month, Dana reports to Lee.", "REPORTS_TO", "Kim"),
    ("Dana lives in Paris.", "From next month Dana lives in Lyon.", "LIVES_IN", "Paris"),
    ("Dana lives in Paris.", "Dana lives in Lyon starting in September.", "LIVES_IN", "Paris"),
])
def test_a_change_that_starts_after_it_is_said_states_nothing_before_then(
    first: str, future: str, type_: str, old: str
) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add(first, namespace="u", at=JAN5)
        m.add(future, namespace="u", at=MAR6)
        assert _held(m, "Dana", type_, MAR6 + timedelta(days=14)) == [old]
        assert [r.object_name for r in m.relations("Dana", namespace="u", type=type_)] == [old]


def test_a_start_already_reached_or_a_name_is_no_plan() -> None:
    may = datetime(2026, 5, 10, tzinfo=U)
    assert future_starts("From April, Dana reports to Lee.", may) == []  # (April is over)
    assert future_starts("From March Dana reports to Lee.", datetime(2026, 3, 20, tzinfo=U)) == []
    assert future_starts("Dana got a postcard from May in Lyon.", datetime(2026, 3, 1, tzinfo=U)) == []
    assert future_starts("From next week I'm under Anders.", may) == []  # (a day close by: said)
    assert future_starts("Dana reports to Lee from next month.", may) != []


# --------------------------------------------------------------------------- a late repeat
@pytest.mark.parametrize(("said", "place"), [
    ("Alice lives in Paris.", "Paris"),
    ("Alice works at Acme.", "Acme"),
])
def test_a_late_repeat_inside_a_stored_interval_adds_no_second_copy(said: str, place: str) -> None:
    other = "Alice lives in Rome." if place == "Paris" else "Alice works at Globex."
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add(other, at=datetime(2024, 1, 1, tzinfo=U))
        m.add(said, at=datetime(2020, 1, 1, tzinfo=U))
        m.add(said, at=datetime(2021, 1, 1, tzinfo=U))
        m.add(said, at=datetime(2022, 5, 1, tzinfo=U))
        for year in (2020, 2021, 2022, 2023):
            held = [r.object_name for r in m.relations("Alice", as_of=datetime(year, 6, 1, tzinfo=U))]
            assert held == [place], (year, held)
        assert [r.object_name for r in m.relations("Alice")] != [place]


# --------------------------------------------------------------------------- a dated past state
@pytest.mark.parametrize(("first", "past", "type_"), [
    ("Dana reports to Kim.", "In February Dana reported to Lee.", "REPORTS_TO"),
    ("Dana reports to Kim.", "Dana reported to Lee for a week in February, then went back to Kim.", "REPORTS_TO"),
    ("Dana works at Acme.", "Dana worked at Globex in February.", "WORKS_FOR"),
    # variants
    ("Dana works at Acme.", "In February, Dana worked for Globex.", "WORKS_FOR"),
    ("Dana lives in Paris.", "Dana lived in Lyon in February.", "LIVES_IN"),
])
def test_a_dated_past_state_inside_a_current_fact_gives_no_second_value(first: str, past: str, type_: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add(first, namespace="u", at=JAN5)
        m.add(past, namespace="u", at=MAR6)
        for day in (datetime(2026, 2, 1, 12, tzinfo=U), datetime(2026, 2, 15, 12, tzinfo=U), MAR6):
            assert len(_held(m, "Dana", type_, day)) == 1, day


def test_a_dated_past_state_before_the_current_fact_is_still_history() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add("Dana lives in Paris.", namespace="u", at=JAN5)
        m.add("Dana lived in Lyon in 2019.", namespace="u", at=MAR6)
        assert _held(m, "Dana", "LIVES_IN", datetime(2019, 6, 1, tzinfo=U)) == ["Lyon"]
        assert _held(m, "Dana", "LIVES_IN", MAR6) == ["Paris"]
