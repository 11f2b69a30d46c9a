"""A day named inside a past period is that day, not the period's first: 上个月15号, 上上个月3号,
去年3月5日, 上周五 / 上周日; and "王芳上周五搬到了上海" is read like "王芳上周搬到了上海"."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.text_dates import sentence_dates

SAID = datetime(2026, 6, 15, 9, tzinfo=timezone.utc)  # a Monday


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("王芳上个月15号搬到了上海。", date(2026, 5, 15)),
        ("上上个月3号她入职了。", date(2026, 4, 3)),
        ("上个月31号她离职了。", date(2026, 5, 31)),
        ("去年3月5日她入职了。", date(2025, 3, 5)),
        ("王芳上周五离职了。", date(2026, 6, 12)),
        ("王芳上星期一搬家了。", date(2026, 6, 8)),
        ("王芳上周日离职了。", date(2026, 6, 14)),
    ],
)
def test_a_named_day_of_a_past_period_is_that_day(text: str, day: date) -> None:
    (found,) = sentence_dates(text, SAID)
    assert (found.start.date(), found.end - found.start) == (day, timedelta(days=1))


@pytest.mark.parametrize("text", ["这周五她离职。", "上个月32号"])
def test_a_day_still_ahead_or_off_the_calendar_dates_nothing(text: str) -> None:
    assert [d for d in sentence_dates(text, SAID) if d.end - d.start == timedelta(days=1)] == []


@pytest.mark.parametrize(
    ("text", "home", "start"),
    [
        ("王芳上周五搬到了上海。", "上海", date(2026, 6, 12)),
        ("王芳上个月15号搬到了上海。", "上海", date(2026, 5, 15)),
    ],
)
def test_the_move_holds_from_that_day(text: str, home: str, start: date) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("王芳住在北京。", at=SAID - timedelta(days=150))
        memory.add(text, at=SAID)
        (now,) = memory.relations("王芳", type="LIVES_IN")
        assert (now.object_name, now.valid_from.date()) == (home, start)
        (before,) = memory.relations("王芳", type="LIVES_IN", as_of=datetime(2026, 5, 10, tzinfo=timezone.utc))
        assert before.object_name == "北京"
