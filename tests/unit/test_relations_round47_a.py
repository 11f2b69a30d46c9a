"""Forty-seventh round of the relation layer: a text told late (its ``at`` older than a fact
already stored) that says when its change happened is dated then, as the same text told in order.
"Back in 2019, Dave moved to Rome" with an ``at`` of June 2024, after homes stored for March and
October 2024, held from 2019 until the March home began; it used to be dated June 2024 and cut
the March home there. Real SQLite (``:memory:``), offline annotator; no mocks. The sentences are
written for these tests.
"""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory


def _d(year: int, month: int, day: int) -> datetime:
    return datetime(year, month, day, tzinfo=timezone.utc)


MARCH, JUNE, OCTOBER = _d(2024, 3, 15), _d(2024, 6, 27), _d(2024, 10, 26)


@pytest.fixture
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


def _spans(memory: TemporalGraphMemory, type_: str) -> dict[str, tuple[datetime, datetime | None]]:
    return {
        r.object_name: (r.valid_from, r.valid_to)
        for r in memory.timeline("Dave", namespace="n")
        if r.type == type_
    }


def _told_late(memory: TemporalGraphMemory, first: str, second: str, late: str) -> None:
    memory.add(first, namespace="n", at=MARCH)
    memory.add(second, namespace="n", at=OCTOBER)
    memory.add(late, namespace="n", at=JUNE)


@pytest.mark.parametrize(
    ("late", "start"),
    [
        ("Back in 2019, Dave moved to Rome.", _d(2019, 1, 1)),
        ("Two years ago Dave moved to Rome.", _d(2022, 6, 27)),  # (counted from its own ``at``)
    ],
)
def test_a_late_text_that_names_an_older_time_is_history_before_the_homes_stored(
    memory: TemporalGraphMemory, late: str, start: datetime
) -> None:
    _told_late(memory, "Dave moved to Lyon.", "Dave moved to Oslo.", late)
    spans = _spans(memory, "LIVES_IN")
    assert spans["Rome"] == (start, MARCH), spans
    assert spans["Lyon"] == (MARCH, OCTOBER), spans
    assert spans["Oslo"] == (OCTOBER, None), spans
    homes = memory.relations("Dave", namespace="n", as_of=_d(2024, 8, 1))
    assert [r.object_name for r in homes] == ["Lyon"], homes


def test_a_late_text_dated_after_the_home_it_ends_cuts_it_at_that_date(memory: TemporalGraphMemory) -> None:
    _told_late(memory, "Dave moved to Lyon.", "Dave moved to Oslo.", "In May 2024, Dave moved to Rome.")
    spans = _spans(memory, "LIVES_IN")
    assert spans["Lyon"] == (MARCH, _d(2024, 5, 1)), spans
    assert spans["Rome"] == (_d(2024, 5, 1), OCTOBER), spans
    assert spans["Oslo"] == (OCTOBER, None), spans


def test_a_late_dated_new_employer_is_history_before_the_employers_stored(memory: TemporalGraphMemory) -> None:
    _told_late(memory, "Dave works at Google.", "Dave joined Meta.", "Back in 2019, Dave joined IBM.")
    spans = _spans(memory, "WORKS_FOR")
    assert spans["IBM"] == (_d(2019, 1, 1), MARCH), spans
    assert spans["Google"] == (MARCH, OCTOBER), spans
    assert [r.object_name for r in memory.relations("Dave", namespace="n", type="WORKS_FOR")] == ["Meta"]


@pytest.mark.parametrize(
    ("late", "type_", "span"),
    [
        ("In 2019 Dave lived in Rome.", "LIVES_IN", (_d(2019, 1, 1), _d(2020, 1, 1))),
        ("Dave worked at IBM from 2015 to 2018.", "WORKS_FOR", (_d(2015, 1, 1), _d(2019, 1, 1))),
    ],
)
def test_a_late_dated_past_state_is_history_of_its_period(
    memory: TemporalGraphMemory, late: str, type_: str, span: tuple[datetime, datetime]
) -> None:
    first, second = (
        ("Dave moved to Lyon.", "Dave moved to Oslo.") if type_ == "LIVES_IN" else ("Dave works at Google.", "Dave joined Meta.")
    )
    _told_late(memory, first, second, late)
    spans = _spans(memory, type_)
    old = "Rome" if type_ == "LIVES_IN" else "IBM"
    assert spans[old] == span, spans
    assert spans["Lyon" if type_ == "LIVES_IN" else "Google"] == (MARCH, OCTOBER), spans
