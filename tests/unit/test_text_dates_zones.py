"""Time phrases read in the calendar of the zone a statement's ``at`` was given in, and "N years /
months ago" as that day (``engine/relations/text_dates.py``): "去年" said at 07:00 in Beijing on
1 January 2026 is 2025, "yesterday" said there at 07:00 on 1 March is 28 February from its
midnight there, "two years ago" said on 1 March 2026 is 1 March 2024. Periods come out in UTC."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.text_dates import sentence_dates

UTC = timezone.utc
SH = ZoneInfo("Asia/Shanghai")
LA = ZoneInfo("America/Los_Angeles")
PLUS8 = timezone(timedelta(hours=8))
LONG_AGO = datetime(2000, 1, 1, tzinfo=UTC)
Clock = Callable[[], datetime]


def _utcnow() -> datetime:
    return datetime.now(UTC)


def _moved(first: str, text: str, who: str, at: datetime | None, clock: Clock = _utcnow) -> datetime:
    """The start of ``who``'s new current relation after ``text`` said at ``at``."""
    with TemporalGraphMemory(":memory:", annotator="offline", clock=clock) as memory:
        memory.add(first, at=LONG_AGO)
        memory.add(text, at=at)
        (new,) = [r for r in memory.timeline(who) if r.valid_to is None]
        # (in the offset of the statement that recorded it: its dates render on that calendar)
        assert new.valid_from.utcoffset() == (at or clock()).utcoffset()
        return new.valid_from


# ------------------------------------------------------------------ Defect A: the caller's zone
@pytest.mark.parametrize(
    ("first", "text", "who", "at", "start"),
    [
        ("张伟住在北京。", "张伟去年搬到了上海。", "张伟", datetime(2026, 1, 1, 7, tzinfo=SH),
         datetime(2025, 1, 1, tzinfo=SH)),
        ("张伟住在北京。", "张伟上个月搬到了上海。", "张伟", datetime(2026, 3, 1, 7, tzinfo=SH),
         datetime(2026, 2, 1, tzinfo=SH)),
        ("Alice lives in Paris.", "Alice moved to Rome yesterday.", "Alice",
         datetime(2026, 3, 1, 7, tzinfo=SH), datetime(2026, 2, 28, tzinfo=SH)),
        # late in the evening west of UTC: already the next day in UTC
        ("Alice lives in Paris.", "Alice moved to Rome yesterday.", "Alice",
         datetime(2026, 3, 1, 23, 30, tzinfo=LA), datetime(2026, 2, 28, tzinfo=LA)),
        ("Alice lives in Paris.", "Alice moved to Rome last month.", "Alice",
         datetime(2026, 3, 1, 7, tzinfo=PLUS8), datetime(2026, 2, 1, tzinfo=PLUS8)),
        ("Alice lives in Paris.", "Alice moved to Rome last year.", "Alice",
         datetime(2026, 1, 1, 7, tzinfo=PLUS8), datetime(2025, 1, 1, tzinfo=PLUS8)),
    ],
)
def test_relative_dates_count_from_the_callers_calendar_day(
    first: str, text: str, who: str, at: datetime, start: datetime
) -> None:
    assert _moved(first, text, who, at) == start


def test_add_many_reads_each_items_zone() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add_many([
            {"text": "Alice lives in Paris.", "at": LONG_AGO},
            {"text": "Alice moved to Rome yesterday.", "at": datetime(2026, 3, 1, 7, tzinfo=SH)},
        ])  # fmt: skip
        (rome,) = memory.relations("Alice")
        assert rome.object_name == "Rome"
        assert rome.valid_from == datetime(2026, 2, 28, tzinfo=SH)
        # the statement itself comes back in the offset it was given in (round 48)
        assert [s.at.utcoffset() for s in memory.statements()] == [timedelta(0), timedelta(hours=8)]


def test_a_defaulted_at_is_read_in_utc() -> None:
    def clock() -> datetime:  # 07:30 in Shanghai on 1 March, 23:30 UTC on 28 February
        return datetime(2026, 2, 28, 23, 30, tzinfo=UTC)

    start = _moved("Alice lives in Paris.", "Alice moved to Rome yesterday.", "Alice", None, clock=clock)
    assert start == datetime(2026, 2, 27, tzinfo=UTC)


def test_a_corrected_statement_is_read_in_the_zone_given_else_in_its_statements() -> None:
    said = datetime(2026, 3, 1, 7, tzinfo=SH)  # 23:00 UTC on 28 February
    for at, start in (
        (said, datetime(2026, 2, 28, tzinfo=SH)),
        (None, datetime(2026, 2, 28, tzinfo=SH)),
        (said.astimezone(UTC), datetime(2026, 2, 27, tzinfo=UTC)),
    ):
        with TemporalGraphMemory(":memory:", annotator="offline") as memory:
            memory.add("Alice lives in Paris.", at=LONG_AGO)
            old = memory.add("The weather is nice.", at=said)
            # without ``at`` the correction keeps its statement's time, in the zone it was given in
            # (before round 48 the stores kept no zone: it was read in UTC)
            memory.update_statement(old.statement_ids[0], "Alice moved to Rome yesterday.", at=at)
            (rome,) = memory.relations("Alice")
            assert (rome.object_name, rome.valid_from) == ("Rome", start)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("张伟去年搬到了上海。", datetime(2025, 1, 1, tzinfo=PLUS8), datetime(2026, 1, 1, tzinfo=PLUS8)),
        ("I quit yesterday.", datetime(2025, 12, 31, tzinfo=PLUS8), datetime(2026, 1, 1, tzinfo=PLUS8)),
        ("Back in 2019, Alice moved to Paris.", datetime(2019, 1, 1, tzinfo=PLUS8),
         datetime(2020, 1, 1, tzinfo=PLUS8)),
        ("Bob joined Meta on 9 November 2022.", datetime(2022, 11, 9, tzinfo=PLUS8),
         datetime(2022, 11, 10, tzinfo=PLUS8)),
    ],
)
def test_sentence_dates_read_the_zone_of_at_and_give_utc(text: str, start: datetime, end: datetime) -> None:
    (found,) = sentence_dates(text, datetime(2026, 1, 1, 7, tzinfo=PLUS8))
    assert (found.start, found.end) == (start, end)
    assert found.start.tzinfo is UTC and found.end.tzinfo is UTC


def test_one_instant_said_in_two_zones_is_read_twice() -> None:
    said = datetime(2026, 3, 1, 7, tzinfo=SH)
    (there,) = sentence_dates("I quit yesterday.", said)
    (utc,) = sentence_dates("I quit yesterday.", said.astimezone(UTC))  # (not the memoised one)
    assert there.start == datetime(2026, 2, 28, tzinfo=SH)
    assert utc.start == datetime(2026, 2, 27, tzinfo=UTC)


def test_a_period_across_a_change_of_summer_time_keeps_local_midnights() -> None:
    # said in Los Angeles in April (UTC-7) about March (begun at UTC-8)
    (found,) = sentence_dates("He moved to Lyon last month.", datetime(2026, 4, 15, 12, tzinfo=LA))
    assert found.start == datetime(2026, 3, 1, 8, tzinfo=UTC)
    assert found.end == datetime(2026, 4, 1, 7, tzinfo=UTC)


# ---------------------------------------------------------- Defect B: "N years / months ago"
@pytest.mark.parametrize(
    ("text", "at", "day"),
    [
        ("Alice moved to Rome two years ago.", datetime(2026, 3, 1, tzinfo=UTC), datetime(2024, 3, 1, tzinfo=UTC)),
        ("Alice moved to Rome three years ago.", datetime(2026, 7, 1, tzinfo=UTC), datetime(2023, 7, 1, tzinfo=UTC)),
        ("Alice moved to Rome two months ago.", datetime(2026, 7, 31, tzinfo=UTC), datetime(2026, 5, 31, tzinfo=UTC)),
        # a day the month back lacks: the month's last
        ("Alice moved to Rome a month ago.", datetime(2026, 3, 31, 15, tzinfo=UTC), datetime(2026, 2, 28, tzinfo=UTC)),
        ("Alice moved to Rome a year ago.", datetime(2024, 2, 29, 9, tzinfo=UTC), datetime(2023, 2, 28, tzinfo=UTC)),
        ("Alice moved to Rome 14 months ago.", datetime(2026, 1, 15, 9, tzinfo=UTC), datetime(2024, 11, 15, tzinfo=UTC)),
        ("Alice moved to Rome 3 days ago.", datetime(2026, 6, 10, 12, tzinfo=UTC), datetime(2026, 6, 7, tzinfo=UTC)),
        ("Alice moved to Rome two weeks ago.", datetime(2026, 6, 10, 12, tzinfo=UTC), datetime(2026, 5, 27, tzinfo=UTC)),
        ("王五三年前搬到了北京。", datetime(2026, 7, 1, 9, tzinfo=UTC), datetime(2023, 7, 1, tzinfo=UTC)),
        ("王五两个月前搬到了北京。", datetime(2026, 7, 31, 9, tzinfo=UTC), datetime(2026, 5, 31, tzinfo=UTC)),
        ("他搬到成都已经两年了", datetime(2026, 3, 1, 9, tzinfo=UTC), datetime(2024, 3, 1, tzinfo=UTC)),
        # in the caller's zone: that day's midnight there
        ("Alice moved to Rome two years ago.", datetime(2026, 3, 1, 7, tzinfo=SH), datetime(2024, 3, 1, tzinfo=SH)),
        ("Alice moved to Rome a month ago.", datetime(2026, 3, 31, 23, tzinfo=LA), datetime(2026, 2, 28, tzinfo=LA)),
    ],
)
def test_n_units_ago_is_that_calendar_day(text: str, at: datetime, day: datetime) -> None:
    (found,) = sentence_dates(text, at)
    assert found.when == day
    assert found.start < found.when < found.end <= at


def test_two_years_ago_dates_the_change_that_day() -> None:
    start = _moved("Alice lives in Paris.", "Alice moved to Rome two years ago.", "Alice",
                   datetime(2026, 3, 1, tzinfo=UTC))  # fmt: skip
    assert start == datetime(2024, 3, 1, tzinfo=UTC)
    start = _moved("Alice lives in Paris.", "Alice moved to Rome two months ago.", "Alice",
                   datetime(2026, 7, 31, 7, tzinfo=SH))  # fmt: skip
    assert start == datetime(2026, 5, 31, tzinfo=SH)
