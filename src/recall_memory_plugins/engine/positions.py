"""The place in a list that a question asks for ("the third hotel you recommended", 你推荐的第四个插件),
read by a rule (a pure function).

A reply that lists things ("Here are a few hotels: 1. ... 2. ... 3. ...") matches a question
about one of them in its opening sentence, which names the topic; the item asked for comes
``n`` sentences later. An excerpt of that reply keeps the ``n`` sentences after each sentence
it keeps (:meth:`~.fill.BudgetFillMixin._fitting_excerpt`), so the third item stays in view.
"""

from __future__ import annotations

import re

__all__ = ["MAX_POSITION", "list_position"]

MAX_POSITION = 10  # a place beyond this is no short list's item ("the 25th anniversary")

_EN_ORDINALS = {
    "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10,
}  # fmt: skip
_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_MONTHS = frozenset(
    "jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july "
    "august september october november december".split()
)
_POSITION_RE = re.compile(
    r"\b(?P<word>" + "|".join(_EN_ORDINALS) + r")\b"
    r"|\b(?P<num>\d{1,2})(?:st|nd|rd|th)\b"
    r"|第(?P<zh>[一二两三四五六七八九十]|\d{1,2})(?![天年月日周次回遍])",
    re.IGNORECASE,
)


# "Which hotels did you suggest?", "What songs were on your list?", 你推荐了哪些书？: several items
_NOT_PLURAL = frozenset(
    "does was has is this his its always news plus bus gas yes thus less across perhaps "
    "series species whereas".split()
)
_SEVERAL_RE = re.compile(r"\b(?:which|what)\s+(?:(\w+)\s+)?(\w{3,}?(?<![su])s)\b|哪些|哪几", re.IGNORECASE)


def _asks_for_several(question: str) -> bool:
    for m in _SEVERAL_RE.finditer(question):
        if m[0] in ("哪些", "哪几"):
            return True
        first, noun = (m[1] or "").casefold(), m[2].casefold()
        if first in _NOT_PLURAL or noun in _NOT_PLURAL:  # ("What does ...", "What was ...")
            continue
        return True
    return False


def list_position(question: str) -> int:
    """The place (2 to ``MAX_POSITION``) of the list item ``question`` asks for ("What was the
    third point?", "the 4th tip", 第三本书), else 1. A day, a year or a time counted by an
    ordinal (第三天, 第二次, "the 25th", "May 3rd", "the 3rd of May") is no list item; "first"
    asks for the item the matching sentence itself holds or the one right after it. A question
    asking for several items ("Which hotels did you suggest?", 你推荐了哪些书？) asks for the
    whole list: ``MAX_POSITION``."""
    for m in _POSITION_RE.finditer(question):
        if m["word"]:
            n = _EN_ORDINALS[m["word"].casefold()]
        elif m["num"]:
            before = question[: m.start()].split()[-1:]
            after = question[m.end() :].split()[:1]
            if (before and before[0].casefold().strip(".,") in _MONTHS) or after == ["of"]:
                continue  # (a date)
            n = int(m["num"])
        else:
            zh = m["zh"]
            n = int(zh) if zh.isdigit() else _ZH_DIGITS[zh]
        if 2 <= n <= MAX_POSITION:
            return n
    return MAX_POSITION if _asks_for_several(question) else 1
