"""Readings a time phrase of their own clause makes something other than news of now.

- A change or a state placed in a year after the one the text was said in ("李娜2028年搬到上海",
  "2027年起王芳在阿里巴巴工作", "Alice moves to Lyon in 2027") has not happened yet: a plan,
  which states nothing (the old fact stays current). :func:`.text_dates.sentence_dates` leaves
  such a phrase out (it dates nothing), so without this the reading would be news of today.
- A Chinese state with no change verb, placed in a period already over ("王芳2019年住在武汉",
  "2019年，王芳在华为工作", "王芳去年还在华为工作", "王芳上个月还住在武汉"): Chinese marks no past
  tense, so the state is read like "In 2019 Tomasz lived in Lisbon": history over that period,
  never current. Its reading is marked as a past state (``key``), which
  :func:`.patterns.past_states.dated_past` dates by the sentence's one period.

Each rule holds for the clause of its phrase only ("王芳2019年住在武汉，现在住在长沙": 长沙 is news).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from ...nlp.base import Annotation
from .calendar_spans import full_year
from .future_starts import future_starts
from .lazy_regex import lazy_pattern
from .schema import RelationCandidate
from .text_dates import NOW, sentence_dates

__all__ = ["FUTURE_YEAR", "ZH_CHANGE", "dated_states", "future_year_spans", "without_plans"]

_FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")
_ZH_YEAR_DIGITS = lazy_pattern(r"[〇○零一二三四五六七八九]{4}(?=\s*年)")
_ZH_DIGIT = dict(zip("〇○零一二三四五六七八九", "000123456789", strict=True))

#: a year a change or a state is placed in: 2027年, 二〇二七年, "in 2027"; not a bound of a range
#: or a state that lasts till then ("住到2027年", "2027年前", "until 2027", "the 2027 contract")
FUTURE_YEAR = lazy_pattern(
    r"(?<![\d到至止~–-])(?<!直到)(?<!截至)(?<!截止)(?P<zh>(?:19|20)\d\d)\s*年(?!前|以前|之前|为止|到期|底前|的|代|度)"
    r"|\b(?:in|during|starting(?:\s+in)?|from)\s+(?:early\s+|late\s+|mid-?\s*)?(?P<en>(?:19|20)\d\d)\b(?!\s*(?:-|–|to|until|through)\b)",
    re.IGNORECASE,
)
# a year in two digits (27年, "in '27"), not a count ("住了27年", "27年的经验") or a bound ("到27年"):
# a plan when :func:`.calendar_spans.full_year` reads it as a year after the telling's
_SHORT_YEAR = lazy_pattern(
    r"(?<![\d到至止~–-])(?<![了有满快都近去这那第每花用足约共过要需])(?P<zh>\d\d)\s*年"
    r"(?![的多半间来后前以之左里内过代级届个度]|\s*\d+\s*个)"
    r"|\b(?:in|during|starting(?:\s+in)?|from)\s+(?P<en>['’]\d\d)(?![\w'’])",
    re.IGNORECASE,
)
#: a change (its start) or a turn to another time, in a Chinese clause: not a state of that period
ZH_CHANGE = lazy_pattern(
    r"搬|迁|入职|加入|加盟|跳槽|调(?:到|去|往|任|入)|转(?:到|去|投|岗|向|为|而|入|行)|嫁|娶|结婚|离婚|分手|离职|辞职|退休"
    r"|接手|接管|接任|接替|上任|升任|升为|当上|成为|变成|改(?:为|成|向|到|去|在|由|喝|吃)?|换|去了|到了|回到|回了|进了|进入"
    r"|开始|起|以来|至今|一直|从|交给|移交|毕业|考上|考入|录取|出生|生于|爱上|迷上|喜欢上|签约|离开|创办|创立|成立|了"
    r"|去|来|回|被|挖|报到",
)
# the relations a state of a period holds (not an event: a birth, a visit, an origin)
_STATES = frozenset({"LIVES_IN", "WORKS_FOR", "MANAGES", "REPORTS_TO", "HAS_ROLE_IN", "INVOLVED_IN",
                     "STUDIES_AT", "LIKES", "DISLIKES", "MARRIED_TO", "FRIEND_OF"})
_ENDS = lazy_pattern(r"[，,；;。！!？?：:]")
_CJK = lazy_pattern(r"[\u4e00-\u9fff]")
_SELF = lazy_pattern(r"[我他她]")
_ASCII_DIGIT = lazy_pattern(r"[0-9]")  # (in ASCII text, what str.isdigit finds: one search, not a loop)


def _ascii(text: str) -> str:
    """``text`` with full-width and Chinese year digits as ASCII (the same length)."""
    text = text.translate(_FULL_WIDTH)
    return _ZH_YEAR_DIGITS.sub(lambda m: "".join(_ZH_DIGIT[ch] for ch in m.group(0)), text) if "年" in text else text


def _clause(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the clause of the phrase at ``text[start:end]`` stands; a phrase that opens a clause
    alone ("2019年，王芳在华为工作") governs the next one too."""
    first = max((m.end() for m in _ENDS.finditer(text, 0, start)), default=0)
    after = _ENDS.search(text, end)
    if after is not None and not text[end : after.start()].strip() and not text[first:start].strip():
        after = _ENDS.search(text, after.end())
    return first, after.start() if after is not None else len(text)


def future_year_spans(text: str, said_at: datetime) -> list[tuple[int, int]]:
    """Where the clauses of ``text`` stand that place what they say in a year after ``said_at``'s,
    or start it later ("from next month", "From April 1" said in March: :mod:`.future_starts`)."""
    starts = [_clause(text, *span) for span in future_starts(text, said_at)]
    if not (_ASCII_DIGIT.search(text) if text.isascii() else any(map(str.isdigit, text))) and "年" not in text:
        return starts  # (most sentences: no search)
    text = _ascii(text)
    return starts + [_clause(text, *m.span()) for m in FUTURE_YEAR.finditer(text)
                     if int(m.group("zh") or m.group("en")) > said_at.year] \
        + [_clause(text, *m.span()) for m in _SHORT_YEAR.finditer(text)
           if full_year(m.group("zh") or m.group("en"), said_at) > said_at.year]


def without_plans(annotation: Annotation, said_at: datetime | None) -> Annotation:
    """``annotation`` with its clauses placed in a future year blanked (the same offsets): a plan
    puts no current fact in doubt ("李娜2028年搬到上海" leaves 北京 her home)."""
    if said_at is None:
        return annotation
    sentences, text = [], annotation.text
    for s in annotation.sentences:
        spans = future_year_spans(s.text, said_at)
        blanked = s.text
        for a, b in spans:
            blanked = blanked[:a] + " " * (b - a) + blanked[b:]
            if text[s.start_char : s.end_char] == s.text:
                text = text[: s.start_char + a] + " " * (b - a) + text[s.start_char + b :]
        sentences.append(replace(s, text=blanked) if spans else s)
    return replace(annotation, text=text, sentences=tuple(sentences)) if text != annotation.text or \
        any(a is not b for a, b in zip(sentences, annotation.sentences, strict=True)) else annotation


def _named(c: RelationCandidate, text: str, span: tuple[int, int]) -> bool:
    return (c.object.name if c.object is not None else c.subject.name) in text[span[0] : span[1]]


def dated_states(
    candidates: Sequence[RelationCandidate], annotation: Annotation, said_at: datetime, *, key: str
) -> list[RelationCandidate]:
    """``candidates`` without the readings of a clause placed in a future year, and with each
    reading of a Chinese state in a period already over marked ``key`` (a past state)."""
    out: list[RelationCandidate] = []
    futures: dict[int, list[tuple[int, int]]] = {}
    for c in candidates:
        if not 0 <= c.sentence < len(annotation.sentences):
            out.append(c)
            continue
        text = annotation.sentences[c.sentence].text
        if c.sentence not in futures:
            futures[c.sentence] = future_year_spans(text, said_at)
        if any(_named(c, text, span) for span in futures[c.sentence]):
            continue  # a plan: states nothing
        out.append(replace(c, attributes={**c.attributes, key: "true"}) if _past_state(c, text, said_at, key) else c)
    return out


def _past_state(c: RelationCandidate, text: str, said_at: datetime, key: str) -> bool:
    """Whether ``c`` is a Chinese state, no change, in the clause of the sentence's one past
    period, a period already over ("王芳去年在华为工作")."""
    if c.negated or key in c.attributes or c.type not in _STATES or c.object is None or not _CJK.search(text):
        return False
    dates = sentence_dates(text, said_at)
    if len({(d.start, d.end, d.ongoing) for d in dates}) != 1:
        return False
    date = dates[0]
    if date.ongoing or date.bounded or date.end >= said_at:
        return False  # (since then, a range, or a period not over: 今年)
    ascii_text = _ascii(text)
    first, last = _clause(ascii_text, *date.span)
    clause = ascii_text[first:last]
    rest = clause.replace(ascii_text[date.span[0] : date.span[1]], " ")
    # (both ends named in the clause, the object nowhere else: "…挖走了，昨天还在腾讯门口碰见她" is no state)
    # (the subject may be a pronoun there: "2019年我住在朝阳", said by the one it names)
    named = c.subject.name in clause or _SELF.search(clause) is not None
    return named and c.object.name in clause and text.count(c.object.name) == 1 \
        and not ZH_CHANGE.search(rest) and not NOW.search(rest)
