"""Chinese dates in other forms than ``2019年`` (``engine/relations/text_dates.py``): a year in
Chinese digits (二〇一九年 / 二零一九年), a two-digit year (19年) where it cannot be a count,
full-width digits (２０１９年), a month and day (3月5日, 3月5号); and a change placed in a past with
no date ("a long time ago", 很久以前: ``engine/relations/patterns/past_states.py``), which is not
news. Through the public API: a past change told after a newer fact is history, never current."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

UTC = timezone.utc
T0 = datetime(2026, 6, 15, tzinfo=UTC)
SAID = T0 + timedelta(days=5)  # 2026-06-20


def _current(first: str | None, text: str, who: str = "李明", type_: str = "LIVES_IN") -> list[tuple[str, str]]:
    """``who``'s current relations of ``type_`` (object, start day) after ``first`` (at T0) and
    ``text`` (five days later)."""
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        if first is not None:
            memory.add(first, at=T0)
        memory.add(text, at=SAID)
        return [(str(r.object_name), r.valid_from.date().isoformat()) for r in memory.relations(who, type=type_)]


# ------------------------------------------------------------------ 1: 二〇一九年, 19年
@pytest.mark.parametrize(
    ("first", "text", "type_", "keep"),
    [
        ("李明住在上海。", "二〇一九年，李明搬到了北京。", "LIVES_IN", "上海"),
        ("李明住在上海。", "二零一九年，李明搬到了北京。", "LIVES_IN", "上海"),
        ("李明住在上海。", "早在二〇一九年，李明就搬到了北京。", "LIVES_IN", "上海"),
        ("李明在腾讯工作。", "二〇一九年李明入职了阿里巴巴。", "WORKS_FOR", "腾讯"),
        ("李明住在上海。", "19年，李明搬到了北京。", "LIVES_IN", "上海"),
        ("李明住在上海。", "早在19年，李明就搬到了北京。", "LIVES_IN", "上海"),
        ("李明在腾讯工作。", "19年李明入职了阿里巴巴。", "WORKS_FOR", "腾讯"),
        ("李明住在上海。", "李明19年搬到了北京。", "LIVES_IN", "上海"),
    ],
)
def test_a_year_in_chinese_digits_or_two_digits_is_history(first: str, text: str, type_: str, keep: str) -> None:
    assert [o for o, _ in _current(first, text, type_=type_)] == [keep]


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("二〇一九年，李明搬到了北京。", "2019-01-01"),
        ("19年，李明搬到了北京。", "2019-01-01"),  # the latest year ending in 19
        ("98年，李明搬到了北京。", "1998-01-01"),
        ("19年3月5日，李明搬到了北京。", "2019-03-05"),
    ],
)
def test_a_chinese_or_two_digit_year_dates_news(text: str, start: str) -> None:
    assert _current(None, text) == [("北京", start)]


@pytest.mark.parametrize(
    "text",
    [
        "李明工作了19年，最近搬到了北京。",  # a count, not a year
        "凭着19年的经验，李明搬到了北京。",
        "李明花了3个月，终于搬到了北京。",  # three months, not March
    ],
)
def test_a_count_of_years_or_months_dates_nothing(text: str) -> None:
    assert _current("李明住在上海。", text) == [("北京", SAID.date().isoformat())]


def test_a_move_last_month_is_still_news() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("李明住在上海。", at=datetime(2026, 1, 10, tzinfo=UTC))
        memory.add("李明上个月搬到了北京。", at=SAID)
        homes = [(r.object_name, r.valid_from.date().isoformat()) for r in memory.relations("李明", type="LIVES_IN")]
    assert homes == [("北京", "2026-05-01")]


# ------------------------------------------------------------------ 2: full-width digits
@pytest.mark.parametrize(("text", "start"), [("２０１９年，李明搬到了北京。", "2019-01-01"), ("２０１９年３月，李明搬到了北京。", "2019-03-01")])
def test_full_width_digits_are_read(text: str, start: str) -> None:
    assert _current("李明住在上海。", text) == [("上海", T0.date().isoformat())]
    assert _current(None, text) == [("北京", start)]


# ------------------------------------------------------------------ 3: 3月5日
@pytest.mark.parametrize("text", ["3月5日，李明搬到了北京。", "李明3月5日搬到了北京。", "李明3月5号搬到了北京。", "三月五日，李明搬到了北京。"])
def test_a_month_and_day_dates_the_change(text: str) -> None:
    assert _current("李明住在上海。", text) == [("上海", T0.date().isoformat())]  # (March: before June's home)
    assert _current(None, text) == [("北京", "2026-03-05")]


def test_a_month_and_day_not_yet_come_this_year_is_last_year() -> None:
    assert _current(None, "12月24日，李明搬到了北京。") == [("北京", "2025-12-24")]


# ------------------------------------------------------------------ 4: a past with no date
@pytest.mark.parametrize(
    ("first", "text", "who", "moved_to"),
    [
        ("Alice lives in Rome.", "Alice moved to Paris a long time ago.", "Alice", "Paris"),
        ("Alice lives in Rome.", "Alice moved to Paris years ago.", "Alice", "Paris"),
        ("李明住在杭州。", "很久以前，李明搬到了北京。", "李明", "北京"),
        ("李明住在杭州。", "李明搬到北京已经是很久以前的事了。", "李明", "北京"),
    ],
)
def test_a_move_long_ago_is_not_current(first: str, text: str, who: str, moved_to: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(first, at=T0)
        memory.add(text, at=SAID)
        assert moved_to not in [r.object_name for r in memory.timeline(who)]
    assert _current(None, text, who) == []


def test_a_home_now_beside_a_move_long_ago_is_news() -> None:
    text = "Alice moved to Paris years ago, but now she lives in Berlin."
    assert _current("Alice lives in Rome.", text, "Alice") == [("Berlin", SAID.date().isoformat())]
