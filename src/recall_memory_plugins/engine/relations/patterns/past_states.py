"""Past states a text dates: "I worked at Unilever from 2014 to 2019", "Tomasz lived in Lisbon
in 2019", 我2017年到2019年在杭州住过. Undated, a past state says nothing about now ("Tom lived in
Denver" may still be true or long over), so these rows mark their readings :data:`PAST` and the
tracker keeps them only from a sentence with a past time phrase (:func:`dated_past`);
:mod:`..dated_changes` then stores them as history over that period, never as current. A change
placed in a past with no date ("Alice moved to Paris a long time ago", 很久以前，李明搬到了北京,
…已经是很久以前的事了: :data:`..text_dates.VAGUE_PAST`) is over, but there is no period to store it
as history over (nothing records an undated past state): its readings are left out, so it
neither ends nor replaces a fact, and is never current.
Same shape as ``english.py``; ``tests/unit/test_relations_patterns_table.py`` runs every example.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from ....nlp.base import Annotation
from ..dated_states import dated_states, without_plans
from ..past_bounds import until_end
from ..schema import RelationCandidate
from ..text_dates import VAGUE_PAST, TextDate, sentence_dates, unplaced_year
from .blocks import PatternRow, en, ex, zh
from .handlers import _lives, _married, _reports, _role, _studies, _works_for
from .match import Handler, _Match

__all__ = ["EN_PAST_ROWS", "PAST", "ZH_PAST_FRAME", "ZH_PAST_ROWS", "dated_past", "without_plans"]

PAST = "past"  # the attribute a past state's reading carries until it is dated


def _past(handler: Handler) -> Handler:
    def read(h: _Match) -> list[RelationCandidate]:
        return [
            replace(c, attributes={**c.attributes, PAST: "true"})
            for c in handler(h)
            if not c.negated
        ]

    return read


_WEDDING = r"(?!\s*,?\s+(?:on|at|in|last|this|yesterday|today|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)"

EN_PAST_ROWS: tuple[PatternRow, ...] = (
    en(
        r"{S}\s+{ADV}(?:lived|was\s+living|were\s+living)\s+in\s+{THE}{O}",
        _past(_lives),
        ex("Tomasz lived in Lisbon from 2018 to 2020.", "Tomasz", "LIVES_IN", "Lisbon", past="true"),
    ),
    en(
        r"{S}\s+{ADV}(?:worked|was\s+working|were\s+working)\s+(?:at|for)\s+{THE}{O}",
        _past(_works_for),
        ex("Kwame worked at Unilever from 2014 to 2019.", "Kwame", "WORKS_FOR", "Unilever", past="true"),
    ),
    en(
        r"{S}\s+{ADV}(?:studied|was\s+studying|were\s+studying)\s+at\s+{THE}{O}",
        _past(_studies),
        ex("Gabriel studied at Unicamp in 2021.", "Gabriel", "STUDIES_AT", "Unicamp", past="true"),
    ),
    en(
        r"{S}\s+{ADV}(?:reported|was\s+reporting|were\s+reporting)\s+(?:directly\s+)?to\s+{O}",
        _past(_reports),
        ex("Chloe reported to Helen Price from 2019 to 2021.", "Chloe", "REPORTS_TO", "Helen Price", past="true"),
    ),
    # (not a wedding told with its day or place: "were married Saturday at St. Anne's")
    en(
        r"{S}\s+{ADV}(?:was|were|had\s+been)\s+{ADV}married\s+to\s+{O}" + _WEDDING,
        _past(_married),
        ex("Marcus was married to Rachel from 2008 to 2013.", "Marcus", "MARRIED_TO", "Rachel", past="true"),
    ),
    en(
        r"{S}\s+(?:and|&)\s+{O}\s+(?:were|had\s+been)\s+{ADV}married\b" + _WEDDING,
        _past(_married),
        ex("Eve and Frank were married from 1990 to 1995.", "Eve", "MARRIED_TO", "Frank", past="true"),
    ),
    en(
        r"{S}\s+{ADV}(?:was|were|had\s+been)\s+{ADV}(?:the|a|an|our|their)\s+(?P<role>[a-z][a-z \-]{0,40}?)\s+"
        r"(?P<prep>of|at|for|in|on|with)\s+{THE}{O}",
        _past(_role),
        ex("Priya was the CTO of Acme until 2021.", "Priya", "WORKS_FOR", "Acme", role="cto", past="true"),
    ),
)

ZH_PAST_ROWS: tuple[PatternRow, ...] = (
    zh(
        r"{S}{ADV}(?:在|于){O}(?:住过|生活过|待过|呆过)",
        _past(_lives),
        ex("王丽2018年在杭州住过。", "王丽", "LIVES_IN", "杭州", past="true"),
    ),
    zh(
        r"{S}{ADV}(?:在|于){O}(?:工作过|上过班|干过|实习过|任职过)",
        _past(_works_for),
        ex("黄磊2016年在联想工作过。", "黄磊", "WORKS_FOR", "联想", past="true"),
    ),
)


def dated_past(
    candidates: Sequence[RelationCandidate], annotation: Annotation, said_at: datetime | None
) -> list[RelationCandidate]:
    """``candidates`` with each past state dated by its sentence's one past period (``PAST``:
    "start|end", ISO), or left out when the sentence names none (or several); and a reading
    from a clause with a closed range of the past ("2006年到2010年他在网易做游戏策划", "from 2018
    until 2021 she led Northgate") made a past state of that range too; a reading of a part
    placed in an undated past ("years ago", 很久以前) left out."""
    vague: dict[int, tuple[str, int, int, str] | None] = {}  # (read once per sentence, not per reading)
    candidates = [c for c in candidates if not _vaguely_past(c, annotation, said_at, vague)]
    if said_at is not None:  # a future year: a plan; a Chinese state of a period over: a past state
        candidates = dated_states(candidates, annotation, said_at, key=PAST)
    # a past state's own reading says what a general row read in its words ("Raj reported to
    # Tom": not news that he reports to Tom); a wedding may be said so too ("were married in June")
    past = {_key(c) for c in candidates if PAST in c.attributes}
    if said_at is None:
        return [c for c in candidates if PAST not in c.attributes and (c.negated or _key(c) not in past)]
    periods: dict[int, list[TextDate]] = {}
    out = []
    for c in candidates:
        s = annotation.sentences[c.sentence] if 0 <= c.sentence < len(annotation.sentences) else None
        if c.sentence not in periods:
            periods[c.sentence] = sentence_dates(s.text, said_at) if s is not None else []
        dates = periods[c.sentence]
        one = dates[0] if len({(d.start, d.end, d.ongoing) for d in dates}) == 1 else None
        until = until_end(s.text, said_at, past=True) if s is not None and PAST in c.attributes and not (one and one.bounded) else None
        if until is not None:  # "lived in Denver until 2021": the end alone (..past_bounds)
            out.append(replace(c, attributes={**c.attributes, PAST: f"|{until.isoformat()}"}))
            continue
        wedding = c.type in _EVENT_TOO and one is not None and not one.bounded and not one.ongoing
        if PAST in c.attributes:
            if one is None or one.ongoing or wedding:
                continue
        elif not c.negated and _key(c) in past and not wedding:
            continue
        elif c.negated or one is None or not one.bounded or not _in_range_clause(c, annotation, one):
            out.append(c)
            continue
        out.append(replace(c, attributes={**c.attributes, PAST: f"{one.start.isoformat()}|{one.end.isoformat()}"}))
    return out


# a state whose past form names its start too: "Eve and Frank were married in June" (the wedding)
_EVENT_TOO = frozenset({"MARRIED_TO"})


def _key(c: RelationCandidate) -> tuple[object, ...]:
    return (c.sentence, c.subject.id or c.subject.name, c.type, (c.object.id or c.object.name) if c.object else None)


_CLAUSE_END = re.compile(r"[,;:，；：。!?！？]")


def _in_range_clause(c: RelationCandidate, annotation: Annotation, date: TextDate) -> bool:
    """Whether a reading belongs to the range: its object is named in the clause of the range
    ("I was at Deloitte 2016 to 2019, now at Unilever": only Deloitte; "moved to Lyon, after
    2018 to 2025 in Paris": not Lyon)."""
    text = annotation.sentences[c.sentence].text
    if c.object is None:
        return False
    start = max((m.end() for m in _CLAUSE_END.finditer(text, 0, date.span[0])), default=0)
    end = next((m.start() for m in _CLAUSE_END.finditer(text, date.span[1])), len(text))
    return c.object.name in text[start:end]


# where a part of a sentence gives way to another time: "…years ago, but now she lives in Rome"; an
# aside on the present ("赵敏（现京东）…在百度那几年": 京东 is not of 那几年)
_TURN = re.compile(
    r"[;；]|[（(]\s*(?:现|now\b|currently\b)[^（()）]{0,30}[）)]|\b(?:but|now|today|currently|these days|later|then|since then)\b|但是?|可是|不过|现在|如今|目前|后来|然后|此后",
    re.IGNORECASE,
)


def _vaguely_past(
    c: RelationCandidate,
    annotation: Annotation,
    said_at: datetime | None,
    seen: dict[int, tuple[str, int, int, str] | None],
) -> bool:
    """Whether a reading's object is named in the part of its sentence a past with no date
    governs (:data:`VAGUE_PAST`, or a past year no time phrase places: "moved to Rome at Easter
    2019", :func:`..text_dates.unplaced_year`; a sentence that also names a date is dated by it).
    ``seen`` keeps each sentence's part (text, start, end, the phrase), or None, across the
    readings of a text."""
    if c.object is None or not 0 <= c.sentence < len(annotation.sentences):
        return False
    if c.sentence not in seen:
        seen[c.sentence] = _vague_part(annotation.sentences[c.sentence].text, said_at)
    part = seen[c.sentence]
    # (a year in the object's own name, "Windows 2000", dates nothing)
    return part is not None and c.object.name in part[0][part[1]:part[2]] and part[3] not in c.object.name


# a Chinese time of one's life that is over, with no date: 刚毕业那会儿, 疫情那年, 读研那三年, 前几年,
# 上一份工作, 结婚前 (not 那年 of a plan: 明年那会儿; not 前台)
ZH_PAST_FRAME = re.compile(
    r"(?:刚[\u4e00-\u9fff]{1,4}?)?(?<![明后今])那(?:会儿?|时候?|阵子?|段时间|(?:[一两二三四五六七八九十几]|\d+)?年)(?![后底初])|前(?:几|些|两|三)年"
    r"|上一?份工作|毕业后(?:的)?第一份工作|(?:结婚|毕业|读研|读博|上大学|出国|回国|离婚|生娃|生孩子|工作)(?:以|之)?前(?![台端])"
)


def _vague_part(text: str, said_at: datetime | None) -> tuple[str, int, int, str] | None:
    found = VAGUE_PAST.search(text) or ZH_PAST_FRAME.search(text)
    span = found.span() if found is not None else unplaced_year(text, said_at) if said_at is not None else None
    if span is None or (said_at is not None and (sentence_dates(text, said_at) or until_end(text, said_at))):
        return None
    start = max((m.end() for m in _TURN.finditer(text, 0, span[0])), default=0)
    end = next((m.start() for m in _TURN.finditer(text, span[1])), len(text))
    return text, start, end, text[span[0] : span[1]]
