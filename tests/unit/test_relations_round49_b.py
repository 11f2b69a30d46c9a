"""Round 49 (B): time phrases read right -- a coming weekday or day is a plan, numeric dates by
one rule, each sentence dated by its own phrase, "as of 1 March", "a fortnight ago", "on the 1st"."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

UTC = timezone.utc
CST = timezone(timedelta(hours=8))
WEDNESDAY = datetime(2026, 3, 18, 15, tzinfo=UTC)  # "Friday" is 20 March, "Monday" 23 March


def _history(first: str, text: str, said: datetime = WEDNESDAY, *, speaker: str = "Olu") -> list[tuple[str, datetime, datetime | None]]:
    m = TemporalGraphMemory(":memory:", annotator="offline")
    m.add(first, speaker=speaker, at=datetime(2026, 1, 5, 9, tzinfo=said.tzinfo))
    m.add(text, speaker=speaker, at=said)
    return [(r.object_name or "", r.valid_from, r.valid_to) for r in m.relations(include_ended=True, include_unsure=True)]


@pytest.mark.parametrize(
    "text",
    [
        "Moving to Leeds on Friday!", "moving to Leeds on Friday", "We are moving to Leeds on Monday.",
        "I'm moving to Leeds this Friday.", "Packing up, moving to Leeds on Friday", "Moving to Leeds on the 25th!",
        "I'm moving to Leeds on the 1st.",
    ],
)  # fmt: skip
def test_a_move_planned_for_a_coming_day_changes_no_home(text: str) -> None:
    assert _history("I live in Manchester.", text) == [("Manchester", datetime(2026, 1, 5, 9, tzinfo=UTC), None)]


@pytest.mark.parametrize(
    "text",
    [
        "I'm starting at Atkins on Monday", "Starting at Atkins on Monday :)", "I start at Atkins on Monday.",
        "Last day at Arup on Friday, then Atkins", "Last day at Arup this Friday!", "Joining Atkins on Monday!",
    ],
)  # fmt: skip
def test_a_job_planned_for_a_coming_weekday_changes_no_job(text: str) -> None:
    assert _history("I work at Arup.", text) == [("Arup", datetime(2026, 1, 5, 9, tzinfo=UTC), None)]


@pytest.mark.parametrize("text", ["I moved to Leeds on Friday.", "Moved to Leeds on Friday!"])
def test_a_move_told_in_the_past_tense_keeps_the_last_weekday(text: str) -> None:
    leeds = [h for h in _history("I live in Manchester.", text) if h[0] == "Leeds"]
    assert leeds == [("Leeds", datetime(2026, 3, 13, tzinfo=UTC), None)]


@pytest.mark.parametrize("text", ["我3月1日入职腾讯", "我3月1号入职腾讯", "我３月１日入职腾讯", "3月1日起我在腾讯上班"])
def test_a_chinese_day_still_to_come_is_a_plan_never_last_year(text: str) -> None:
    said = datetime(2026, 2, 20, 10, tzinfo=CST)
    assert [h[0] for h in _history("我在阿里上班", text, said, speaker="小林")] == ["阿里"]


def test_a_chinese_move_to_a_coming_day_is_a_plan() -> None:
    said = datetime(2026, 2, 20, 10, tzinfo=CST)
    assert [(h[0], h[2]) for h in _history("我住在朝阳", "我3月1号搬到海淀", said, speaker="小林")] == [("朝阳", None)]


def test_a_chinese_day_already_passed_this_year_dates_the_change() -> None:
    said = datetime(2026, 2, 20, 10, tzinfo=CST)
    tencent = [h for h in _history("我在阿里上班", "我2月10日入职腾讯", said, speaker="小林") if h[0] == "腾讯"]
    assert tencent == [("腾讯", datetime(2026, 2, 10, tzinfo=CST), None)]


def _madrid_start(date_text: str) -> list[datetime]:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add("Ana lives in Paris.", at=datetime(2023, 1, 1, 12, tzinfo=UTC))
        m.add(f"Ana moved to Madrid on {date_text}.", at=datetime(2024, 6, 15, 12, tzinfo=UTC))
        return [r.valid_from for r in m.timeline("Ana") if r.object_name == "Madrid"]


@pytest.mark.parametrize(
    ("date_text", "day"),
    [("03.07.2023", datetime(2023, 7, 3, tzinfo=UTC)), ("07.03.2023", datetime(2023, 3, 7, tzinfo=UTC)),
     ("13.07.2023", datetime(2023, 7, 13, tzinfo=UTC)), ("13/07/2023", datetime(2023, 7, 13, tzinfo=UTC)),
     ("07/13/2023", datetime(2023, 7, 13, tzinfo=UTC)), ("05/05/2023", datetime(2023, 5, 5, tzinfo=UTC))],
)  # fmt: skip
def test_a_numeric_date_read_one_way_is_that_day(date_text: str, day: datetime) -> None:
    assert _madrid_start(date_text) == [day]


@pytest.mark.parametrize(
    ("date_text", "day"),
    [("07/03/2023", datetime(2023, 3, 7, tzinfo=UTC)), ("03/07/2023", datetime(2023, 7, 3, tzinfo=UTC)),
     ("02/11/2023", datetime(2023, 11, 2, tzinfo=UTC))],
)  # fmt: skip
def test_a_slashed_date_read_two_ways_is_read_day_first_as_a_dotted_one(date_text: str, day: datetime) -> None:
    assert _madrid_start(date_text) == [day]


@pytest.mark.parametrize(
    "text",
    [
        "Ten years ago, Tom Becker joined Lumen. He lives in Porto.",
        "Staff newsletter. Ten years ago, Tom Becker joined Lumen. Today he lives in Porto.",
        "Back in 2016, Tom Becker joined Lumen. He lives in Porto.",
        "In May 2016 Tom Becker joined Lumen. These days he lives in Porto.",
    ],
)
def test_each_sentence_keeps_its_own_date(text: str) -> None:
    m = TemporalGraphMemory(":memory:", annotator="offline")
    m.add(text, at=datetime(2026, 5, 20, tzinfo=UTC))
    starts = {r.object_name: r.valid_from for r in m.relations()}
    assert starts["Lumen"].year == 2016
    assert starts["Porto"] == datetime(2026, 5, 20, tzinfo=UTC)


@pytest.mark.parametrize(
    "text",
    [
        "As of 1 March, Tom Becker works at Lumen.", "Effective 1 March, Tom Becker works at Lumen.",
        "As of March 1, Tom Becker works at Lumen.", "Tom Becker works at Lumen as of 1 March.",
        "Effective from 1 March, Tom Becker works at Lumen.", "Starting 1 March, Tom Becker works at Lumen.",
    ],
)  # fmt: skip
def test_a_past_day_named_with_as_of_dates_the_change(text: str) -> None:
    m = TemporalGraphMemory(":memory:", annotator="offline")
    m.add("Tom Becker works at Acme.", at=datetime(2025, 1, 1, tzinfo=UTC))
    m.add(text, at=datetime(2026, 5, 20, tzinfo=UTC))
    assert [(r.object_name, r.valid_from) for r in m.relations("Tom Becker")] == [("Lumen", datetime(2026, 3, 1, tzinfo=UTC))]
    assert [r.object_name for r in m.relations("Tom Becker", as_of=datetime(2026, 4, 1, tzinfo=UTC))] == ["Lumen"]


def test_as_of_a_day_still_to_come_is_a_plan_never_last_year() -> None:
    m = TemporalGraphMemory(":memory:", annotator="offline")
    m.add("Tom Becker works at Acme.", at=datetime(2025, 1, 1, tzinfo=UTC))
    m.add("As of 1 June, Tom Becker works at Lumen.", at=datetime(2026, 5, 20, tzinfo=UTC))
    assert [r.object_name for r in m.relations("Tom Becker", include_ended=True, include_unsure=True)] == ["Acme"]


@pytest.mark.parametrize(
    ("text", "start"),
    [("I moved to Leeds a fortnight ago.", datetime(2026, 3, 4, tzinfo=UTC)),
     ("I moved to Leeds two fortnights ago.", datetime(2026, 2, 18, tzinfo=UTC)),
     ("I moved to Leeds on the 1st.", datetime(2026, 3, 1, tzinfo=UTC)),
     ("I moved to Leeds on the 20th.", datetime(2026, 2, 20, tzinfo=UTC))],
)  # fmt: skip
def test_chat_day_phrases_date_the_move(text: str, start: datetime) -> None:
    leeds = [h for h in _history("I live in Manchester.", text) if h[0] == "Leeds"]
    assert leeds == [("Leeds", start, None)]


def test_on_the_first_floor_is_no_date() -> None:
    leeds = [h for h in _history("I live in Manchester.", "I moved to Leeds on the 1st floor.") if h[0] == "Leeds"]
    assert leeds == [("Leeds", WEDNESDAY, None)]
