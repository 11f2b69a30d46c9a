"""A speaker's correction of a slip: "Sorry, I meant Lyon, not Lille", "Oops, typo: Lyon, not
Lille", "Not Lille, Lyon! Autocorrect strikes again", "Did I say Acme? I meant Globex.", "Wait,
no, it's Globex, not Acme."

The value taken back was never a fact: the newest current relation that names it (the slip, said
by the statement just before) is replaced by the same relation with the value meant, held from
when the slip's relation held ("moved to Lille last month", then "I meant Lyon": Lyon since last
month), and the slip's relation ends where it began (an empty interval: it never held).

A correction names both values: the one meant and the one taken back, in one of the shapes
below; "X, not Y" and "not Y, X" count only beside a word of a correction ("sorry", "oops",
"typo", "correction", "I meant", "wait, no", "autocorrect" ...), since "works at Globex, not
Acme" is a plain statement the patterns read. A person is never corrected into a place or a
firm, nor the other way round.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from itertools import pairwise

from ...models import Relation, RelationChange
from ...nlp.base import Annotation
from .gates import InText, ends_after
from .lazy_regex import lazy_pattern
from .schema import PERSON, RELATION_TYPES, Mention, RelationProposal
from .updates import SYMMETRIC, UNSURE, is_unsure

__all__ = ["CORRECTS", "as_corrected", "correction_proposals", "replaced"]

#: the attribute of a proposal that corrects a slip: "<the slip's relation id>|<its start, ISO>"
CORRECTS = "corrects"
TYPES = tuple(RELATION_TYPES)

_CUE = lazy_pattern(
    r"\b(?:(?:sorry|soz)(?!\s+(?:to|for|about|that|if|but|i|we|you)\b)|oops|whoops|typo|correction|my\s+bad"
    r"|autocorrect\w*|auto-correct\w*|scratch\s+that"
    r"|i\s+meant|i\s+mean|meant\s+to\s+(?:say|write|type)|did\s+i\s+(?:just\s+)?(?:say|write|type|put)"
    r"|i\s+misspoke|misspoke|mistyped|slip\s+of\s+the\s+(?:tongue|finger)|(?:that|it)\s+should\s+(?:be|read|say))\b"
    r"|\b(?:wait|no|actually)\s*[,.!]*\s*(?:no|wait)\b",
    re.IGNORECASE,
)
_PREP = r"(?:(?:in|at|to|for|from|with|the|a|an|my)\s+)?"  # ("I meant a Toyota, not a Tesla")
# what may stand before the value meant in "X, not Y": the start of a clause, "it's", "I meant";
# or, after "correction"/"typo", the statement said again ("Correction: I moved to Lyon, not Lille")
_OPENS = lazy_pattern(
    r"(?:^|[.!?;:,—–*-]\s*|\b(?:it['’]?s|it\s+is|it\s+was|that['’]?s|i\s+meant|i\s+mean|meant|make\s+that"
    r"|should\s+(?:be|read|say|have\s+said))\s+(?:to\s+(?:say|write|type)\s+)?)" + r"(?:(?:in|at|to|for|the|a|an|my)\s+)?$",
    re.IGNORECASE,
)
_RESTATED = lazy_pattern(r"\b(?:correction|typo|i\s+meant|meant\s+to\s+(?:say|write|type))\b", re.IGNORECASE)
_RESTATED_IN = InText(_RESTATED)
# "X, not Y" / "X not Y" / "X rather than Y"
_X_NOT_Y = lazy_pattern(r"\s*,?\s*(?:and\s+)?(?:not|rather\s+than|instead\s+of)\s+" + _PREP, re.IGNORECASE)
# "not Y, X" opening a sentence or a clause
_NOT_BEFORE = lazy_pattern(r"(?:^|[.!?;:,—–-]\s*)not\s+" + _PREP + r"$", re.IGNORECASE)
_Y_THEN_X = lazy_pattern(r"\s*(?:[,;:—–-]+|!+|\.\.\.)\s*(?:but\s+|it['’]?s\s+|rather\s+)?", re.IGNORECASE)
# "did I say Y? I meant X", "I said Y but I meant X"
_SAID_BEFORE = lazy_pattern(r"\b(?:did|have)\s+i\s+(?:just\s+)?(?:say|said|write|written|type|typed|put)\s+" + _PREP + r"$"
                            r"|\bi\s+(?:said|wrote|typed|put)\s+" + _PREP + r"$", re.IGNORECASE)
_MEANT_BETWEEN = lazy_pattern(
    r"\s*(?:\?+|[,.!;]|\s+but|\s+-+|\s*[—–])\s*(?:(?:sorry|oops|whoops|my\s+bad)\s*[,.!]*\s*)?(?:but\s+)?"
    r"i\s+(?:meant|mean)\s+(?:to\s+(?:say|write|type)\s+)?" + _PREP,
    re.IGNORECASE,
)


# the same in Chinese: a word of a slip ("不对", "我说错了", "口误", "打错了") beside "是X不是Y",
# "X，不是Y" or "不是Y，是X" ("小王住在杭州，不是苏州" alone is a plain statement the patterns read)
_ZH_CUE = lazy_pattern(r"不对|(?:说|搞|弄|记|打|写|敲|输)错|口误|笔误|更正|纠正|我是说|我的意思是|应该是")
_ZH_X_NOT_Y = lazy_pattern(r"\s*[，,、]?\s*(?:而|并)?不是\s*")
_ZH_OPENS = lazy_pattern(r"(?:^|[。！!？?；;：:，,]\s*)(?:(?:应该|其实|我是说)?是)?\s*$")
_ZH_NOT_BEFORE = lazy_pattern(r"(?:^|[。！!？?；;：:，,]\s*)(?:而|并)?不是\s*$")
_ZH_Y_THEN_X = lazy_pattern(r"\s*[，,、]?\s*(?:而|应该|其实)?是\s*")
# the most characters but white space a match of the patterns before a name holds (_OPENS ... _ZH_NOT_BEFORE)
_SOLID = 40


def _pairs(text: str, names: Sequence[Mention]) -> list[tuple[Mention, Mention]]:
    """(meant, taken back) pairs of name mentions in ``text``."""
    cue = _CUE.search(text) is not None or text.lstrip().startswith("*")  # ("*Lyon, not Lille": a chat slip's star)
    zh_cue = "不" in text and _ZH_CUE.search(text) is not None
    out = []
    for a, b in pairwise(names):
        between = text[a.end : b.start]
        # (what stands before the first name: looked for in its last words, not the text before it)
        if zh_cue and _ZH_X_NOT_Y.fullmatch(between) and ends_after(_ZH_OPENS, text, a.start, _SOLID):
            out.append((a, b))  # "是杭州不是苏州"
            continue
        if zh_cue and ends_after(_ZH_NOT_BEFORE, text, a.start, _SOLID) and _ZH_Y_THEN_X.fullmatch(between):
            out.append((b, a))  # "不是苏州，是杭州"
            continue
        if cue and _X_NOT_Y.fullmatch(between) and (
            ends_after(_OPENS, text, a.start, _SOLID)
            or _RESTATED_IN(text)  # (searched once a text: not once a pair)
        ):
            out.append((a, b))  # "Lyon, not Lille"
        elif cue and ends_after(_NOT_BEFORE, text, a.start, _SOLID) and _Y_THEN_X.fullmatch(between):
            out.append((b, a))  # "Not Lille, Lyon!"
        elif ends_after(_SAID_BEFORE, text, a.start, _SOLID) and _MEANT_BETWEEN.fullmatch(between):
            out.append((b, a))  # "Did I say Acme? I meant Globex."
    return out


def correction_proposals(
    annotation: Annotation,
    mentions: Sequence[Mention],
    sentence_statements: Sequence[int],
    speaker_id: str | None,
    current: Callable[[str], list[Relation]],
) -> list[RelationProposal]:
    """What the corrections of ``annotation`` change: each slip's relation taken back and the
    same relation with the value meant (marked :data:`CORRECTS`, see :func:`as_corrected`).
    ``current(entity)``: the entity's current relations (either end)."""
    text = annotation.text
    if "not" not in text.casefold() and "meant" not in text.casefold() and "不是" not in text:
        return []
    names = sorted((m for m in mentions if m.kind == "name" and m.entity_ids), key=lambda m: m.start)
    out: list[RelationProposal] = []
    for meant, slip in _pairs(text, names):
        new, old = meant.entity_ids[0], slip.entity_ids[0]
        if new == old or ((meant.type == PERSON) != (slip.type == PERSON) and None not in (meant.type, slip.type)):
            continue
        held = [r for r in current(old) if r.object_id == old and r.subject_id != new and not is_unsure(r)]
        if speaker_id is not None and any(r.subject_id == speaker_id for r in held):
            held = [r for r in held if r.subject_id == speaker_id]
        if not held:
            continue
        newest = max(r.valid_from_step for r in held)
        index = sentence_statements[meant.sentence] if 0 <= meant.sentence < len(sentence_statements) else 0
        for r in (r for r in held if r.valid_from_step == newest):
            out += replaced(r, new, index)
            if r.type in SYMMETRIC:  # the marriage from its other end too
                out += [p for back in current(old) if (back.subject_id, back.type, back.object_id) == (old, r.type, r.subject_id)
                        for p in replaced(back, new, index, subject=True)]  # fmt: skip
    return out


def replaced(r: Relation, new: str, index: int, *, subject: bool = False) -> list[RelationProposal]:
    attributes = {k: v for k, v in r.attributes.items() if k != UNSURE}
    attributes[CORRECTS] = f"{r.id}|{r.valid_from.isoformat()}"
    ends = (new, r.object_id) if subject else (r.subject_id, new)
    return [
        RelationProposal(r.subject_id, r.type, r.object_id, {}, True, index),
        RelationProposal(ends[0], r.type, ends[1], attributes, False, index, (r.id,)),
    ]


def as_corrected(changes: Sequence[RelationChange]) -> list[RelationChange]:
    """``changes`` with each correction's value held from when the slip's relation began, and
    the slip's relation ended there, replaced by it (:data:`CORRECTS`)."""
    marks: dict[str, tuple[str, datetime]] = {}
    for c in changes:
        if c.op == "add" and CORRECTS in c.attributes:
            old, _, start = c.attributes[CORRECTS].partition("|")
            marks[old] = (c.relation_id, datetime.fromisoformat(start))
    if not marks:
        return list(changes)
    out = []
    for c in changes:
        if c.op == "add" and CORRECTS in c.attributes:
            began = datetime.fromisoformat(c.attributes[CORRECTS].partition("|")[2])
            attributes = {k: v for k, v in c.attributes.items() if k != CORRECTS}
            c = replace(c, attributes=attributes, valid_from=began if c.valid_to is None else c.valid_from)
        elif c.op == "end" and c.relation_id in marks:
            successor, began = marks[c.relation_id]
            c = replace(c, valid_to=began, superseded_by=successor)
        out.append(c)
    return out
