"""Calendar periods on a wall clock (naive datetimes: :mod:`.text_dates` gives them their zone):
a day, a month, a season, a part of a period ("late 2021": September to December, from midnight),
a named day, quarter, half or decade ("at Christmas 2019", "in Q3 2019", "in the 1990s") and a
day written with slashes or dots, day first ("05/03/2019", "05.03.2019": 5 March; "03/13/2019", which
can be read one way only, 13 March).
Pure functions, split from :mod:`.text_dates`.
"""

from __future__ import annotations

import re
from calendar import monthrange
from datetime import datetime, timedelta

from ..periods import MONTHS

__all__ = [
    "SEASONS",
    "day_span",
    "full_year",
    "midnight",
    "month_span",
    "named_period",
    "part_of",
    "season_span",
]

SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}


def _month_number(text: str) -> int:
    """A month named in words ("March", "Sept."), digits or Chinese numerals (十二)."""
    text = text.lower().rstrip(".")
    if text.isdigit():
        return int(text)
    if text in MONTHS:
        return MONTHS[text]
    digits = "一二三四五六七八九"
    tens, _, units = text.rpartition("十")
    return 10 * bool(tens or "十" in text) + (digits.index(units) + 1 if units else 0)


def full_year(text: str, at: datetime, *, ahead: int = 20) -> int:
    """A year's number; two digits (19年, '19): the latest year ending in them, not after ``at``,
    or the next one if it is at most ``ahead`` years after ``at``'s (27年 said in 2026: 2027, a
    plan, never 1927)."""
    text = text.lstrip("'’")
    year = int(text)
    if len(text) > 2:
        return year
    year = at.year - (at.year - year) % 100
    return year + 100 if 0 < year + 100 - at.year <= ahead else year


def midnight(year: int, month: int = 1, day: int = 1) -> datetime:
    """The start of that day on the caller's wall clock (naive: :mod:`.text_dates` gives it its
    zone)."""
    return datetime(year, month, day)


def day_span(year: int, month: int, day: int) -> tuple[datetime, datetime] | None:
    if day > monthrange(year, month)[1]:
        return None
    start = midnight(year, month, day)
    return start, start + timedelta(days=1)


def month_span(year: int, month: int, *, lunar: bool = False, through: int = 0) -> tuple[datetime, datetime]:
    """A month, or the months from it ``through`` another (2023年3-5月; 12-2月: into the next
    year); a lunar one (2023年农历三月): the Gregorian months it may fall in, from its namesake's
    start to four months on (its first day is between the namesake's 21st and, after a leap
    month, two months later)."""
    after = 4 if lunar else 1 + ((through - month) % 12 if through else 0)
    index = year * 12 + month - 1 + after  # (the month after the last, zero-based)
    return midnight(year, month), midnight(index // 12, index % 12 + 1)


def season_span(year: int, first_month: int) -> tuple[datetime, datetime]:
    start = midnight(year, first_month)
    end_month = first_month + 3
    return start, midnight(year + (end_month > 12), (end_month - 1) % 12 + 1)


def part_of(
    span: tuple[datetime, datetime] | None, part: str | None
) -> tuple[datetime, datetime] | None:
    """Narrow ``span`` to the part a modifier names ("early 2019", 2019年底, 3月初): a third (a
    half: 上半年 / 下半年) of it, cut at a midnight: a year's in whole months ("late 2021" is
    September to December), a shorter span's in whole days (never 08:00 on 1 September)."""
    if span is None or not part:
        return span
    start, end = span
    part = part.lower()
    half = part in ("上半年", "下半年")
    if (start.month, start.day, end.month, end.day, end.year - start.year) == (1, 1, 1, 1, 1):
        first, last = midnight(start.year, 7 if half else 5), midnight(start.year, 7 if half else 9)
    else:
        days = (end - start).days
        cut = timedelta(days=round(days / (2 if half else 3)))
        first, last = start + cut, end - cut
    if part in ("early", "初", "年初", "the start of", "the beginning of", "上半年"):
        return start, first
    if part in ("late", "底", "末", "年底", "年末", "the end of", "下半年"):
        return last, end
    return first, last  # mid, 中, 中旬, the middle of


_HOLIDAYS = {"christmas eve": (12, 24), "christmas": (12, 25), "christmas day": (12, 25), "xmas": (12, 25),
             "new years eve": (12, 31), "new years": (1, 1), "new years day": (1, 1)}  # fmt: skip
_NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}


def named_period(kind: str, g: dict[str, str], at: datetime) -> tuple[datetime, datetime] | None:
    """The period of a named day, quarter, half, decade, a season of last year or a d/m/y date."""
    if kind == "season_rel":
        return season_span(at.year - (g["rel"].lower() == "last"), SEASONS[g["season"].lower()])
    if kind == "holiday":
        month, day = _HOLIDAYS[
            re.sub(r"\s+", " ", g["holiday"].lower().replace("'", "").replace("’", ""))
        ]
        if g.get("year"):
            return day_span(full_year(g["year"], at), month, day)
        year = (
            at.year if (month, day) < (at.month, at.day) else at.year - 1
        )  # (last: the latest one past)
        return day_span(year, month, day)
    if kind == "quarter":
        year = full_year(g["year"], at)
        if g.get("q") or (g.get("of") or "").lower() == "quarter":
            q = int(g["q"]) if g.get("q") else _NTH[g["nth"].lower()]
            return midnight(year, 3 * q - 2), month_span(year, 3 * q)[1]
        h = int(g["h"]) if g.get("h") else _NTH[g["nth"].lower()]
        return None if h > 2 else (midnight(year, 6 * h - 5), month_span(year, 6 * h)[1])
    if kind == "decade":
        first = full_year(g["decade"], at, ahead=0)  # ("the '30s": the 1930s)
        return part_of((midnight(first), midnight(first + 10)), g.get("part"))
    if kind == "nth_day":  # "on the 1st": the latest such day not after ``at`` (this month's or last month's)
        index = at.year * 12 + at.month - 1 - (int(g["day"]) > at.day)
        return day_span(index // 12, index % 12 + 1, int(g["day"]))
    if kind == "month_year_range":  # "from March 2018 to June 2020", 2014年3月到2019年6月: both months in
        if (g.get("sep") or "").lower() == "and" and not g.get("between"):
            return None  # ("in March 2018 and June 2020": two months, no range)
        begin = midnight(full_year(g["year"], at), _month_number(g["month"]))
        stop = month_span(full_year(g["year2"], at), _month_number(g["month2"]))[1]
        return (begin, stop) if begin < stop else None
    a, b = (
        int(g["a"]),
        int(g["b"]),
    )  # 05/03/2019, 05.03.2019: 5 March (day first, as Europe and Asia write it); 03/13/2019: 13 March
    year = full_year(g["year"], at)
    readings = [(b, a)] if g.get("sep") == "." else [(b, a), (a, b)]
    days = [d for d in readings if d[0] <= 12 and d[1] <= monthrange(year, d[0])[1]]
    return day_span(year, *days[0]) if days else None
