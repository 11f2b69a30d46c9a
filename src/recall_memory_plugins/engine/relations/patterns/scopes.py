"""Names a sentence states nothing of: the ones an exclusion leaves out ("Everyone except Bob
joined Globex", "All of them but Ann and Raj moved to York") and the ones a "neither … nor"
denies ("Neither Alice nor Bob lives in Rome", "I like neither sushi nor pizza").

A pattern reads the words right before the verb as its subject, so "except Bob joined Globex"
gave Bob the move the sentence says he did not make, and "nor Bob lives in Rome" gave him the
home it denies. A relation with an end an exclusion leaves out, or read inside a "neither … nor"
(up to the end of its clause), is dropped, positive or negated (precision before recall: the
sentence says nothing sure of it). The examples are in ``tests/unit/test_relations_round46_a.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..schema import Mention, RelationCandidate

__all__ = ["in_denied_or_excluded", "left_out"]

# a list of names (or object pronouns) after the word that leaves them out, up to the mention
_NAMES_BEFORE = (
    r"\s+(?:(?i:for)\s+)?(?:(?:[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*|(?i:me|him|her|them|us))"
    r"\s*(?:,\s*(?:(?i:and|or)\s+)?|\s+(?i:and|or)\s+|\s*&\s*))*$"
)
#: a mention left out of a group: "except (for) Bob", "other than Ann", "everyone but Raj"
_EXCLUDED = re.compile(
    r"(?:\b(?i:except(?:ing)?|excluding|other\s+than|apart\s+from|aside\s+from|save\s+for|not\s+including)"
    r"|\b(?i:everyone|everybody|all(?:\s+of\s+(?:them|us|you|those))?|the\s+(?:whole|entire)\s+\w+"
    r"|the\s+rest(?:\s+of\s+(?:them|us|you|the\s+\w+))?|every\s+\w+|each\s+of\s+(?:them|us)|anyone|anybody"
    r"|nobody|no\s+one|none(?:\s+of\s+(?:them|us))?)\s+(?i:but))" + _NAMES_BEFORE
)
_REACH = 120  # characters looked back from a mention for the word that leaves it out
_NEITHER = re.compile(r"\bneither\b(?!\s+of\b)", re.IGNORECASE)
_NOR = re.compile(r"\bnor\b", re.IGNORECASE)
_WORD = re.compile(r"\s*\S+")
# where the clause of a "nor" ends ("Neither Alice nor Bob moved, but Carol did")
_CLAUSE_END = re.compile(r"[.;:!?,()—–]|\s(?:but|and|while|whereas|yet|although|though|because|so)\b",
                         re.IGNORECASE)


def left_out(text: str, sentence_start: int, mention: Mention) -> bool:
    """Whether ``mention`` is in a list an exclusion leaves out ("everyone except Bob")."""
    return _EXCLUDED.search(text, max(sentence_start, mention.start - _REACH), mention.start) is not None


def _neither_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans from "neither" to the end of the clause of its "nor"."""
    out = []
    for n in _NEITHER.finditer(text, start, end):
        stop = _CLAUSE_END.search(text, n.end(), end)
        nor = _NOR.search(text, n.end(), stop.start() if stop is not None else end)
        if nor is None:
            continue
        after = _WORD.match(text, nor.end(), end)  # (the word the "nor" joins)
        close = _CLAUSE_END.search(text, after.end() if after else nor.end(), end)
        out.append((n.start(), close.start() if close is not None else end))
    return out


def in_denied_or_excluded(
    text: str,
    sentence_start: int,
    sentence_end: int,
    mentions: Sequence[Mention],
    members: Sequence[int],
    found: Sequence[tuple[int, RelationCandidate]],
) -> list[bool]:
    """For each (end of its evidence, candidate) of one sentence, whether the candidate is read
    inside a "neither … nor" or has an end an exclusion leaves out (``members``: the indices of the
    sentence's mentions in ``mentions``)."""
    folded = text[sentence_start:sentence_end].casefold()
    spans = _neither_spans(text, sentence_start, sentence_end) if "neither" in folded and "nor" in folded else []
    excluded: set[str] = set()
    if any(w in folded for w in ("except", "exclud", "other than", "apart from", "aside from", "save for",
                                 "not including", " but ")):
        for idx in members:
            m = mentions[idx]
            if left_out(text, sentence_start, m):
                excluded.update(m.entity_ids)
    return [
        any(a <= position <= b for a, b in spans)
        or any(e is not None and e.id is not None and e.id in excluded for e in (c.subject, c.object))
        for position, c in found
    ]
