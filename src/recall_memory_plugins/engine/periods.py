"""The period a question names ("on 9 November, 2022", "in January 2024", "2023年5月"), read
by rules (pure functions, no store access).

``recall`` uses it as a ranking cue: a statement said within the period the question names is
more likely to be about it ("What did Nate cook on 9 November, 2022?"), and the relation facts
of a question about the past state what held then. Explicit calendar dates count; a month
without a year ("in November") names no period. A relative phrase ("last year", "two years ago",
"yesterday", 去年这个时候) names one only when the caller gives the time it counts from (``now``:
the recall's clock).
"""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Callable
from datetime import date, datetime, timedelta, timezone

__all__ = ["MONTHS", "Period", "question_period"]

Period = tuple[datetime, datetime]  # [start, end), aware UTC

MONTHS = {  # month names and abbreviations, lower case -> 1..12
    name: i + 1
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ]
    )
    for name in names
}
_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>(?:19|20)\d\d)"
# Most specific first: a day, then a month, then a year; each match blanks its text so a
# "May 2023" inside "1 May, 2023" is not read twice.
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("day", re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}\b", re.IGNORECASE)),
    ("day", re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR}\b", re.IGNORECASE)),
    (
        "day",
        re.compile(
            r"(?P<year>(?:19|20)\d\d)\s*年\s*(?P<month>1[0-2]|0?[1-9])\s*月\s*"
            r"(?P<day>3[01]|[12]\d|0?[1-9])\s*[日号]"
        ),
    ),
    (
        "day",
        re.compile(
            r"\b(?P<year>(?:19|20)\d\d)-(?P<month>1[0-2]|0[1-9])-(?P<day>3[01]|[12]\d|0[1-9])\b"
        ),
    ),
    ("month", re.compile(rf"\b{_MONTH},?\s+(?:of\s+)?{_YEAR}\b", re.IGNORECASE)),
    ("month", re.compile(r"(?P<year>(?:19|20)\d\d)\s*年\s*(?P<month>1[0-2]|0?[1-9])\s*月")),
    ("year", re.compile(r"(?P<year>(?:19|20)\d\d)\s*年")),
    ("year", re.compile(rf"\b(?:in|during|of|since|throughout)\s+{_YEAR}\b", re.IGNORECASE)),
)


def _month(value: str) -> int:
    return int(value) if value.isdigit() else MONTHS[value.lower().rstrip(".")]


def question_period(text: str, *, now: datetime | None = None) -> Period | None:
    """The span ``[start, end)`` covered by the calendar dates ``text`` names, or None.

    Several dates ("between 11 August 2023 and 15 August 2023") give the span from the first
    start to the last end. Invalid dates (31 February) are ignored. With ``now``, relative
    phrases count too (:data:`RELATIVE`: "last year" is the calendar year before ``now``'s).

    >>> question_period("What did Nate make on 9 November, 2022?")[0].date()
    datetime.date(2022, 11, 9)
    """
    spans: list[Period] = []
    rest = text
    for unit, pattern in _PATTERNS:
        for m in pattern.finditer(rest):
            try:
                year = int(m.group("year"))
                if unit == "year":
                    start = datetime(year, 1, 1, tzinfo=timezone.utc)
                    end = datetime(year + 1, 1, 1, tzinfo=timezone.utc)
                else:
                    month = _month(m.group("month"))
                    if unit == "month":
                        start = datetime(year, month, 1, tzinfo=timezone.utc)
                        end = start + timedelta(days=monthrange(year, month)[1])
                    else:
                        start = datetime(year, month, int(m.group("day")), tzinfo=timezone.utc)
                        end = start + timedelta(days=1)
            except (ValueError, KeyError):
                continue
            spans.append((start, end))
        rest = pattern.sub(lambda m: " " * len(m.group()), rest)
    if now is not None:
        today = now.astimezone(timezone.utc).date()
        for rule, span in RELATIVE:
            for m in rule.finditer(rest):
                spans.append(span(m, today))
            rest = rule.sub(lambda m: " " * len(m.group()), rest)
    if not spans:
        return None
    return min(s for s, _ in spans), max(e for _, e in spans)


# ---------------------------------------------------------------------- relative phrases


def _day(d: date, days: int = 1) -> Period:
    start = datetime(d.year, d.month, d.day, tzinfo=timezone.utc)
    return start, start + timedelta(days=days)


def _year(year: int) -> Period:
    return datetime(year, 1, 1, tzinfo=timezone.utc), datetime(year + 1, 1, 1, tzinfo=timezone.utc)


def _month_back(d: date, back: int) -> Period:
    index = d.year * 12 + d.month - 1 - back
    start = datetime(index // 12, index % 12 + 1, 1, tzinfo=timezone.utc)
    return start, start + timedelta(days=monthrange(start.year, start.month)[1])


def _year_ago(d: date, years: int = 1) -> date:
    try:
        return d.replace(year=d.year - years)
    except ValueError:  # 29 February
        return d.replace(year=d.year - years, day=28)


def _week_back(d: date, back: int) -> Period:
    monday = d - timedelta(days=d.weekday() + 7 * back)
    return _day(monday, 7)


_COUNTS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5,
    "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
}  # fmt: skip
_COUNT = r"(?P<n>\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten)"
_COUNT_ZH = r"(?P<n>\d{1,2}|[一两二三四五六七八九十])"


def _n(m: re.Match[str]) -> int:
    value = m.group("n").lower()
    return int(value) if value.isdigit() else _COUNTS[value]


def _ago(m: re.Match[str], today: date) -> Period:
    n, unit = _n(m), m.group("unit").lower()
    if unit in ("day", "天"):
        return _day(today - timedelta(days=n))
    if unit in ("week", "周", "星期"):
        return _week_back(today, n)
    if unit in ("month", "个月"):
        return _month_back(today, n)
    return _year(today.year - n)


_MONTHS_ZH = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
              "十一": 11, "十二": 12}  # fmt: skip
_YEARS_BACK = {"this": 0, "last": 1, "今年": 0, "本年": 0, "去年": 1, "前年": 2}


def _month_of_year(m: re.Match[str], today: date) -> Period:
    """A named month of a year counted from today's ("去年三月", "March of last year")."""
    month = m.group("month")
    number = _MONTHS_ZH.get(month) or (int(month) if month.isdigit() else MONTHS[month.lower().rstrip(".")])
    year = today.year - _YEARS_BACK[m.group("rel").lower()]
    start = datetime(year, number, 1, tzinfo=timezone.utc)
    return start, start + timedelta(days=monthrange(year, number)[1])


_Span = Callable[[re.Match[str], date], Period]
# Most specific first (each match blanks its text): "this time last year" before "last year".
# Calendar units counted back from today's: "last week" is the Monday-to-Sunday week before
# this one, "two years ago" the whole calendar year two before this one.
RELATIVE: tuple[tuple[re.Pattern[str], _Span], ...] = (
    # a month of this or last year: the month, not the whole year ("去年三月", "March last year")
    (
        re.compile(
            r"(?P<rel>今年|本年|去年|前年)\s*的?\s*(?P<month>十[一二]?|[一二三四五六七八九]|1[0-2]|0?[1-9])\s*月"
        ),
        _month_of_year,
    ),
    (
        re.compile(rf"\b{_MONTH},?\s+(?:of\s+)?(?P<rel>this|last)\s+year\b", re.IGNORECASE),
        _month_of_year,
    ),
    (
        re.compile(
            r"\b(?:(?:at\s+)?this\s+time\s+(?:last\s+year|a\s+year\s+ago)|a\s+year\s+ago\s+today)\b"
            r"|去年的?(?:这个时候|此时|今天|这时候)",
            re.IGNORECASE,
        ),
        lambda m, today: _day(_year_ago(today)),
    ),
    (
        re.compile(r"\bthe\s+day\s+before\s+yesterday\b|前天", re.IGNORECASE),
        lambda m, today: _day(today - timedelta(days=2)),
    ),
    (
        re.compile(r"\byesterday\b|昨天", re.IGNORECASE),
        lambda m, today: _day(today - timedelta(days=1)),
    ),
    (
        re.compile(rf"\b{_COUNT}\s+(?P<unit>day|week|month|year)s?\s+ago\b", re.IGNORECASE),
        _ago,
    ),
    (re.compile(rf"{_COUNT_ZH}\s*(?P<unit>天|周|星期|个月|年)(?:以)?前"), _ago),
    (
        re.compile(r"\bthe\s+year\s+before\s+last\b|前年", re.IGNORECASE),
        lambda m, today: _year(today.year - 2),
    ),
    # "last week"/"last year", but not "the last year" / "in the last month" (the past 12 months)
    (
        re.compile(r"(?<!the\s)\blast\s+week\b|上个?(?:星期|礼拜)|上周", re.IGNORECASE),
        lambda m, today: _week_back(today, 1),
    ),
    (
        re.compile(r"(?<!the\s)\blast\s+month\b|上个?月", re.IGNORECASE),
        lambda m, today: _month_back(today, 1),
    ),
    (
        re.compile(r"(?<!the\s)\blast\s+year\b|去年", re.IGNORECASE),
        lambda m, today: _year(today.year - 1),
    ),
)
