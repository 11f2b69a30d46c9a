"""Round 49, fix G: Chinese and English dates read wrong. A two-digit year after the telling's
year is the coming one (a plan, never 1927); a past period of one's life (小时候, 读高中那会,
实习的时候) is history, never news; 上周末 is last week's Saturday and Sunday; a written year
before a lunar month or a month range is kept. Real SQLite (``:memory:``), offline annotator;
no mocks. The sentences are written for these tests.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.text_dates import sentence_dates

TZ = timezone(timedelta(hours=8))
UTC = timezone.utc


def _timeline(turns: list[tuple[str, datetime]], who: str = "小林") -> list[tuple[str, str, datetime | None]]:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        for text, at in turns:
            m.add(text, speaker=who, at=at, namespace="p")
        return [(r.type, r.object_name, r.valid_from) for r in m.timeline(who, namespace="p")]


def _current(turns: list[tuple[str, datetime]], who: str = "小林", as_of: datetime | None = None) -> list[tuple[str, str]]:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        for text, at in turns:
            m.add(text, speaker=who, at=at, namespace="p")
        return [(r.type, r.object_name) for r in m.relations(who, namespace="p", as_of=as_of)]


SAID = datetime(2026, 3, 1, 10, tzinfo=TZ)
HOME = ("我住在朝阳", datetime(2025, 1, 5, 10, tzinfo=TZ))


@pytest.mark.parametrize("text", ["我27年搬到海淀", "我们27年搬到海淀", "27年我搬到海淀", "我30年3月搬到海淀", "I move to Haidian in '27."])
def test_a_two_digit_year_after_the_telling_is_a_plan(text: str) -> None:
    tl = _timeline([HOME, (text, SAID)])
    assert all(vf is None or vf.year > 2000 for _, _, vf in tl), tl
    assert not any(obj in ("海淀", "Haidian") for _, obj, _ in tl), tl
    assert _current([HOME, (text, SAID)]) == [("LIVES_IN", "朝阳")]


@pytest.mark.parametrize(("text", "year"), [("我19年搬到海淀", 2019), ("我99年搬到海淀", 1999)])
def test_a_two_digit_year_before_the_telling_stays_past(text: str, year: int) -> None:
    tl = _timeline([(text, SAID)])
    assert [vf.year for t, obj, vf in tl if obj == "海淀" and vf is not None] == [year], tl


@pytest.mark.parametrize(
    ("first", "second", "keep"),
    [
        ("我住在海淀", "小时候我住在朝阳", ("LIVES_IN", "海淀")),
        ("我住在海淀", "小的时候我住在朝阳。", ("LIVES_IN", "海淀")),
        ("我住在海淀", "读高中那会我住在朝阳", ("LIVES_IN", "海淀")),
        ("我住在海淀", "上初中时我住在朝阳。", ("LIVES_IN", "海淀")),
        ("我住在海淀", "大学期间我住在朝阳。", ("LIVES_IN", "海淀")),
        ("我在美团上班", "实习的时候我在百度上班", ("WORKS_FOR", "美团")),
        ("我在美团上班", "年轻时我在百度上班。", ("WORKS_FOR", "美团")),
    ],
)
def test_a_past_period_of_life_is_no_news(first: str, second: str, keep: tuple[str, str]) -> None:
    cur = _current([(first, datetime(2026, 8, 1, 10, tzinfo=TZ)), (second, datetime(2026, 8, 5, 10, tzinfo=TZ))])
    assert cur == [keep], cur


def test_hours_are_no_period_of_life() -> None:
    # (两个小时: no 小时候)
    dates = sentence_dates("我等了两个小时", datetime(2026, 8, 5, 10, tzinfo=TZ))
    assert dates == []
    cur = _current([("我住在海淀", datetime(2026, 8, 1, 10, tzinfo=TZ)),
                    ("我在美团上班两个小时了", datetime(2026, 8, 5, 10, tzinfo=TZ))])
    assert ("LIVES_IN", "海淀") in cur, cur


@pytest.mark.parametrize("text", ["我上周末搬到了海淀", "上个周末我搬到了海淀"])
def test_last_weekend_is_saturday_and_sunday(text: str) -> None:
    monday = datetime(2026, 6, 15, 10, tzinfo=TZ)
    turns = [("我住在朝阳", datetime(2026, 1, 5, 10, tzinfo=TZ)), (text, monday)]
    assert ("LIVES_IN", "海淀") not in _current(turns, as_of=datetime(2026, 6, 10, 12, tzinfo=TZ))
    (date,) = sentence_dates(text, monday)
    assert (date.start.astimezone(TZ).date().isoformat(), date.end.astimezone(TZ).date().isoformat()) == ("2026-06-13", "2026-06-15")


def test_the_weekend_before_last() -> None:
    (date,) = sentence_dates("上上周末搬到海淀", datetime(2026, 6, 17, 10, tzinfo=TZ))
    assert date.start.astimezone(TZ).date().isoformat() == "2026-06-06"


@pytest.mark.parametrize(
    "when", ["2023年农历三月", "2023年阴历三月", "2023年3-5月", "2023年3月至5月", "2023年3月到5月", "23年3至5月", "去年农历三月"]
)
def test_a_written_year_before_a_lunar_month_or_a_month_range_is_kept(when: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add("张伟住在北京。", at=datetime(2022, 1, 10, tzinfo=UTC))
        m.add(f"张伟{when}搬到了上海。", at=datetime(2024, 6, 15, tzinfo=UTC))
        changed = [r.valid_from for r in m.timeline("张伟") if r.valid_from > datetime(2022, 1, 10, tzinfo=UTC)]
        assert changed and all(c.year == 2023 for c in changed), changed
        assert "北京" not in [r.object_name for r in m.relations("张伟", as_of=datetime(2024, 3, 15, tzinfo=UTC))]


def test_a_lunar_month_spans_the_gregorian_months_it_may_fall_in() -> None:
    (date,) = sentence_dates("2023年农历十二月搬到了上海", datetime(2024, 6, 15, tzinfo=UTC))
    assert (date.start.date().isoformat(), date.end.date().isoformat()) == ("2023-12-01", "2024-04-01")
    assert sentence_dates("农历三月搬到上海", datetime(2024, 6, 15, tzinfo=UTC)) == []  # (not Gregorian March)
