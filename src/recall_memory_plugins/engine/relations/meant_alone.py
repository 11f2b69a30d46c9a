"""A taste or a possession corrected by naming only the value meant: "Sorry, I meant ramen.",
"oops, meant a dog", "*ramen", "不好意思，我是说拉面", "说错了，是拉面".

:mod:`.taken_back` reads a correction that names the slip too ("Sorry, I meant ramen, not sushi");
:mod:`.lone_corrections` one that names a place or a firm. A taste or a pet is a common noun, so
here the text must be nothing but the words of a slip and the value meant, and the statement just
before must have set exactly one taste or possession (its ``valid_from_step`` is the namespace's
last step): that one is replaced. Two ("I love sushi and pizza"), none, a time ("sorry, I meant
two weeks ago"), "I meant it" or "I meant to ask ..." change nothing. ``tests/unit/
test_relations_round52_b.py`` runs the examples and the look-alikes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...models import Relation
from .lazy_regex import lazy_pattern

__all__ = ["LONE_TYPES", "meant_alone"]

#: the types such a correction may replace (a marriage is never corrected by a common noun)
LONE_TYPES = ("LIKES", "DISLIKES", "OWNS")

_OPEN = (
    r"^\W*(?:(?:sorry|soz|sry|oops|whoops|typo|my\s+bad|correction|autocorrect\w*|ugh|lol|haha+|wait|no|actually)\W+)*"
)
_ART = r"(?:(?:a|an|the|my|some)\s+)?"
_WORD = r"[^\W\d_][\w'’-]*"
_EN = lazy_pattern(
    _OPEN
    + r"(?:i\s+meant|i\s+mean|meant|make\s+that|(?:it|that)\s+should\s+(?:be|read|say)|\*)\s*"
    + _ART
    + rf"(?P<x>{_WORD}(?:\s+{_WORD}){{0,2}}?)"
    + r"(?:\W+(?:lol|haha+|sorry|sry|oops|my\s+bad))*\W*$",
    re.IGNORECASE,
)
_ZH = lazy_pattern(
    r"^\W*(?:(?:不好意思|抱歉|sorry|哎呀|啊)\W*)*(?:我?(?:说|打|写|敲|输|记)错了?\W*)?"
    r"(?:我是说|我的意思是|应该是|其实是|是)(?:一只|一辆|一个|一条)?(?P<zx>[\u4e00-\u9fff]{1,6}?)(?:才对|啦|了|哈+)?\W*$",
    re.IGNORECASE,
)
# what is never a value meant: a pronoun or a word of manner ("I meant it", "meant well"), a
# verb's start ("meant to ask"), a time ("I meant two weeks ago", "meant yesterday")
_NO_VALUE = lazy_pattern(
    r"^(?:it|that|this|those|these|one|him|her|them|well|to|what|was|is|so|no|yes|ok|okay|either|both|all|everything|nothing"
    r"|sorry|oops|lol|i|you|we|he|she|they|my|your)\b"
    r"|\b(?:ago|yesterday|today|tomorrow|tonight|week|weeks|month|months|year|years|day|days|morning|evening|night"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august"
    r"|september|october|november|december|am|pm)\b"
    r"|^(?:昨天|今天|明天|上周|下周|去年|今年|上个月|下个月|他|她|它|这个|那个|我|你)",
    re.IGNORECASE,
)


def value_meant(text: str) -> str | None:
    """The value a text made of a slip's words and one value names ("Sorry, I meant ramen.":
    ramen), else None."""
    if "?" in text or "？" in text:
        return None
    found = _EN.match(text.strip()) or _ZH.match(text.strip())
    if found is None:
        return None
    value = found.groupdict().get("x") or found.groupdict().get("zx")
    return None if not value or _NO_VALUE.search(value) else value


def meant_alone(text: str, slips: Sequence[Relation]) -> tuple[Relation, str] | None:
    """The one taste or possession of ``slips`` (the relations the statement just before set)
    that ``text`` corrects, and the value meant; None when the text is no such correction or the
    statement before set no such value, or more than one."""
    ours = [r for r in slips if r.type in LONE_TYPES and r.object_name]
    if len(ours) != 1:
        return None
    value = value_meant(text)
    if value is None or value.casefold() == str(ours[0].object_name).casefold():
        return None
    return ours[0], value
