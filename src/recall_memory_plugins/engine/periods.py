"""The period a question names ("on 9 November, 2022", "in January 2024", "2023年5月"), read
by rules (pure functions, no store access).

``recall`` uses it as a ranking cue: a statement said within the period the question names is
more likely to be about it ("What did Nate cook on 9 November, 2022?"). Only explicit calendar
dates count: a month without a year ("in November") or a relative phrase ("last week") names no
period, since a question has no time of its own to count from.
"""

from __future__ import annotations

import re
from calendar import monthrange
from datetime import datetime, timedelta, timezone

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


def question_period(text: str) -> Period | None:
    """The span ``[start, end)`` covered by the calendar dates ``text`` names, or None.

    Several dates ("between 11 August 2023 and 15 August 2023") give the span from the first
    start to the last end. Invalid dates (31 February) are ignored.

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
    if not spans:
        return None
    return min(s for s, _ in spans), max(e for _, e in spans)
