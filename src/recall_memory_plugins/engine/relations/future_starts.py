"""A change the text says starts after it was said: a plan, which states nothing now.

"From next month Dana reports to Lee", "Starting next month ...", "Dana reports to Lee from next
month", "From April, ..." (said in March), "From April 1 Dana works at Globex" put the start of what they say after the time of the statement. Read
as news, the new value held from when it was said, before the change. :func:`future_starts`
finds such phrases; :func:`.dated_states.dated_states` leaves the readings of their clause out,
as for a clause placed in a future year (the old fact stays current).

Only starts of a month or further away, or a named date still to come, are plans: a change set
for a day close by ("from tomorrow", "from next week", "from Monday") is said, not planned (the
doubt rules read it: ``clauses.scheduled``). A month or a date already reached this year ("From
March" said in March, "From April" said in May) is left to the other rules, as before; so is a
bare "May" (also a name: "heard from May").
"""

from __future__ import annotations

import re
from datetime import datetime

from ..periods import MONTHS

__all__ = ["FUTURE_START", "future_starts"]

_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\b\.?"
_DAY = r"(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?\b"
_FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")

#: a word that opens a start and the time it names: "from next month", "starting April 1",
#: "as of April", "beginning in May 2027" ("effective June 1" announces a change, as the docs say:
#: left to the rules that read it)
FUTURE_START = re.compile(
    r"\b(?:from|starting(?:\s+(?:from|in|on))?|beginning(?:\s+(?:in|on))?|as\s+of)\s+"
    r"(?:(?P<next>next\s+(?:month|quarter|year))\b"
    rf"|(?:the\s+)?(?P<d1>{_DAY})?\s*(?:of\s+)?{_MONTH}(?:\s+(?P<d2>{_DAY}))?(?:,?\s+(?P<year>(?:19|20)\d\d)\b)?)",
    re.IGNORECASE,
)


# a Chinese day with no year (3月1日, 3月1号; not 2026年3月1日, 去年3月1日) and the clause it stands in
_ZH_DAY = re.compile(r"(?<![\d年])(?<!去年)(?<!前年)(?P<month>1[0-2]|0?[1-9])\s*月\s*(?P<day>3[01]|[12]\d|0?[1-9])\s*[日号]")
_ZH_CLAUSE_END = re.compile(r"[，,。；;！!？?：:\n]")
_ZH_DONE = re.compile(r"[了过已]")  # (a change told done: 3月1日入职了腾讯 -- that day of last year)


def future_starts(text: str, said_at: datetime) -> list[tuple[int, int]]:
    """Where the phrases of ``text`` stand that start what it says after ``said_at``; a Chinese
    day still to come this year, with no year and nothing told done in its clause, is one too
    ("我3月1日入职腾讯" said on 20 February: a plan, never last year's 1 March)."""
    out: list[tuple[int, int]] = []
    for m in _ZH_DAY.finditer(text.translate(_FULL_WIDTH)) if "月" in text else ():
        first = max((e.end() for e in _ZH_CLAUSE_END.finditer(text, 0, m.start())), default=0)
        after = _ZH_CLAUSE_END.search(text, m.end())
        if after is not None and not text[first : m.start()].strip() and not text[m.end() : after.start()].strip():
            after = _ZH_CLAUSE_END.search(text, after.end())  # (a day alone opens the next clause: 12月24日，…搬到了北京)
        clause = text[first : after.start() if after is not None else len(text)]
        if (int(m.group("month")), int(m.group("day"))) > (said_at.month, said_at.day) and not _ZH_DONE.search(clause):
            out.append(m.span())
    for m in FUTURE_START.finditer(text):
        if m.group("next"):
            out.append(m.span())
            continue
        day = m.group("d1") or m.group("d2")
        if m.group("month").casefold() == "may" and not day and not m.group("year"):
            continue  # (also a name)
        month = MONTHS[m.group("month").casefold()]
        year = int(m.group("year")) if m.group("year") else said_at.year
        said = (said_at.year, said_at.month, said_at.day if day else 0)
        start = (year, month, int(re.sub(r"\D", "", day)) if day else 0)
        if start > said if day else start[:2] > said[:2]:
            out.append(m.span())
    return out
