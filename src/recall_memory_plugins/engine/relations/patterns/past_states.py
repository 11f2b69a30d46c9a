"""Past states a text dates: "I worked at Unilever from 2014 to 2019", "Tomasz lived in Lisbon
in 2019", 我2017年到2019年在杭州住过. Undated, a past state says nothing about now ("Tom lived in
Denver" may still be true or long over), so these rows mark their readings :data:`PAST` and the
tracker keeps them only from a sentence with a past time phrase (:func:`dated_past`);
:mod:`..dated_changes` then stores them as history over that period, never as current.
Same shape as ``english.py``; ``tests/unit/test_relations_patterns_table.py`` runs every example.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from ....nlp.base import Annotation
from ..schema import RelationCandidate
from ..text_dates import sentence_dates
from .blocks import PatternRow, en, ex, zh
from .handlers import _lives, _reports, _studies, _works_for
from .match import Handler, _Match

__all__ = ["EN_PAST_ROWS", "PAST", "ZH_PAST_ROWS", "dated_past"]

PAST = "past"  # the attribute a past state's reading carries until it is dated


def _past(handler: Handler) -> Handler:
    def read(h: _Match) -> list[RelationCandidate]:
        return [
            replace(c, attributes={**c.attributes, PAST: "true"})
            for c in handler(h)
            if not c.negated
        ]

    return read


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
    """``candidates`` without the past states of sentences that name no past period."""
    if not any(PAST in c.attributes for c in candidates):
        return list(candidates)
    dated: dict[int, bool] = {}
    out = []
    for c in candidates:
        if PAST in c.attributes:
            if c.sentence not in dated:
                s = annotation.sentences[c.sentence] if 0 <= c.sentence < len(annotation.sentences) else None
                dated[c.sentence] = bool(s is not None and said_at is not None and sentence_dates(s.text, said_at))
            if not dated[c.sentence]:
                continue
        out.append(c)
    return out
