"""A past state that says when it ended: "Tom lived in Denver until 2021", "Priya was the CTO of
Acme until last year", "Tom worked at IBM from 2019 to 2024".

A past state (:mod:`.patterns.past_states`) dated by its text is history of its period. When the
memory holds the very same fact as current and it began before the period ended, the text is no
second, parallel stay: it bounds the fact we hold, which ends there (Denver, current since 2018,
ends with 2021; not a closed copy of 2018-2021 beside a Denver still current). A fact that began
after the period ended ("lived in Denver from 2010 to 2012", said of a home stated in 2026) is
another, later stay: the period is history beside it, as before.

"until <date>" names only the end (:func:`until_end`): it ends a fact held since before then, and
stores nothing else (no start to store history from). Only a date of the past with a year or a
relative past ("until 2021", "until May 2024", "until last year", "until two years ago") is read;
a bare month ("until May") may well be a plan. "Until recently" names no date: the fact ended
no later than when the text was said. A fact said to end is ended even when we hold it only since
after that end (stated after, or said together: "lives in Denver", "lived in Denver until 2021").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

from ...models import Relation, RelationChange
from .schema import RelationProposal
from .text_dates import sentence_dates

__all__ = ["UNTIL", "past_changes", "until_end"]

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_COUNT = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|a\s+few|a\s+couple\s+of|several)"
#: "until" and the past date it names (its group ``date``)
UNTIL = re.compile(
    r"\b(?:until|till|til|up\s+until|up\s+till)\s+(?P<date>"
    r"(?:(?:quite|fairly|very)\s+)?(?:recently|lately)\b|not\s+(?:so\s+|that\s+)?long\s+ago\b|"
    r"(?:(?:early|mid|late)[\s-]+|the\s+(?:end|start|beginning|middle)\s+of\s+)?"
    rf"(?:{_DAY}\s+)?(?:{_MONTH}\s+)?(?:{_DAY},?\s+)?(?:19|20)\d{{2}}\b"
    r"|last\s+(?:year|month|week|summer|spring|autumn|fall|winter)\b"
    r"|the\s+(?:year|month)\s+before\s+last\b"
    rf"|{_COUNT}\s+(?:years?|months?|weeks?)\s+ago\b)",
    re.IGNORECASE,
)
_LATELY = re.compile(r"(?:(?:quite|fairly|very)\s+)?(?:recently|lately)|not\s+(?:so\s+|that\s+)?long\s+ago", re.IGNORECASE)


# a bare month after "until": read only for a state told in the past tense ("I was at Acme until
# March": the last March; "I'm at Acme until March" may be a plan)
_UNTIL_MONTH = re.compile(
    rf"\b(?:until|till|til|up\s+until|up\s+till)\s+(?P<date>(?:(?:early|mid|late)[\s-]+|the\s+(?:end|start|beginning|middle)\s+of\s+)?"
    rf"{_MONTH})(?!\s*\d)(?!\w)",
    re.IGNORECASE,
)


def until_end(text: str, at: datetime, *, past: bool = False) -> datetime | None:
    """When the state ``text`` bounds with "until <date>" ended (said at ``at``): the end of the
    period the date names ("until 2021": 1 January 2022, as "from 2018 to 2021"), the day itself
    for "N years ago"; None when it names no such date, several, or one not in the past. A state
    told in the ``past`` tense may name a bare month ("was at Acme until March": the last one)."""
    found = [m.group("date") for m in UNTIL.finditer(text)]
    if not found and past:
        found = [m.group("date") for m in _UNTIL_MONTH.finditer(text)]
    if len(found) != 1:
        return None
    phrase = found[0]
    if _LATELY.fullmatch(phrase):
        return at  # (ended lately: no later than when it was said)
    dates = sentence_dates(phrase, at) or sentence_dates("in " + phrase, at)
    if len(dates) != 1 or dates[0].ongoing:
        return None
    end = dates[0].point or dates[0].end
    return end if end <= at else None


def past_changes(
    past: Sequence[RelationProposal],
    current: Sequence[Relation],
    *,
    key: str,
    new_id: Callable[[], str],
    done: frozenset[str] = frozenset(),
    exclusivity: Mapping[str, str] | None = None,
    history: Callable[[str, str, str], Sequence[Relation]] | None = None,
) -> list[RelationChange]:
    """The changes of dated past states (``key``: the attribute holding "start|end", ISO; an
    empty start for "until"): the current same fact that began before the end ends there (none
    of ``done``, the relations other changes end already); else a period with a start is history
    of its own, unless a current fact of another value of an ``exclusivity`` type held already
    then ("In February Dana reported to Lee", Kim her manager since January): two values at once
    are never stored, and where the current one paused is not known, so nothing is. So too for
    an ended value of that type (``history``: a reader of an end's stored relations of a type) held
    during the period ("In 2019 Alice lived in Lisbon", Paris stated 2015 to 2021): ending it
    there would end a value we were told held, so the period is not stored."""
    out: list[RelationChange] = []
    seen: set[tuple[object, ...]] = set()
    ended: set[str] = set(done)
    for p in past:
        start, _, end = p.attributes[key].partition("|")
        until = datetime.fromisoformat(end)
        same = [
            r for r in current
            if r.is_current and (r.subject_id, r.type, r.object_id) == (p.subject_id, p.type, p.object_id)
            and (r.valid_from < until or not start)
        ]  # fmt: skip
        if same:
            for r in same:
                if r.id not in ended:
                    ended.add(r.id)
                    out.append(RelationChange(op="end", relation_id=r.id, statement_index=p.statement_index,
                                              valid_to=until))  # fmt: skip
            continue
        if not start or _held_apart(p, current, until, exclusivity or {}) or _held_then(
            p, datetime.fromisoformat(start), until, exclusivity or {}, history
        ):
            continue  # an end alone, of no fact held then; or another value held then: nothing to store
        attributes = {k: v for k, v in p.attributes.items() if k != key}
        seen_key = (p.subject_id, p.type, p.object_id, start, end, tuple(sorted(attributes.items())))
        if seen_key in seen:
            continue
        seen.add(seen_key)
        out.append(RelationChange(
            op="add", relation_id=new_id(), subject_id=p.subject_id, type=p.type,
            object_id=p.object_id, attributes=attributes, statement_index=p.statement_index,
            valid_from=datetime.fromisoformat(start), valid_to=until,
        ))  # fmt: skip
    return out


def _held_then(p: RelationProposal, start: datetime, until: datetime, exclusivity: Mapping[str, str],
               history: Callable[[str, str, str], Sequence[Relation]] | None) -> bool:
    """Whether an ended relation of ``p``'s exclusive type held another value on its exclusive
    side for part of ``[start, until)``."""
    side = exclusivity.get(p.type)
    end = p.subject_id if side == "subject" else p.object_id if side == "object" else None
    if history is None or side is None or end is None:
        return False
    value = p.object_id if side == "subject" else p.subject_id
    return any(
        r.valid_to is not None and r.valid_from < until and start < r.valid_to
        and (r.object_id if side == "subject" else r.subject_id) != value
        for r in history(side, end, p.type)
    )  # fmt: skip


def _held_apart(p: RelationProposal, current: Sequence[Relation], until: datetime, exclusivity: Mapping[str, str]) -> bool:
    """Whether a current relation of ``p``'s exclusive type holds another value on its exclusive
    side and began before ``until`` (the end of ``p``'s period): it held during the period too."""
    side = exclusivity.get(p.type)
    if side is None:
        return False
    return any(
        r.is_current and r.type == p.type and r.valid_from < until
        and ((side == "subject" and r.subject_id == p.subject_id and r.object_id != p.object_id)
             or (side == "object" and r.object_id == p.object_id and r.subject_id != p.subject_id))
        for r in current
    )  # fmt: skip
