"""Endings imported before their starts: an ending that found nothing to end is kept as a mark,
and a start told later but dated before it ends there.

A history imported out of order may tell "Ben left Lloyds" (dated June 2024) before "Ben works
at Lloyds" (dated January 2023). Before this module the ending found nothing current, left no
record, and the start, added next, was stated as current: a stale fact. Now:

- :func:`ending_marks`: a negation ("left", "no longer", 离开, 不再) that ends no current relation
  is recorded as a *mark*: a relation of its two ends and type (no object: "quit his job", for a
  type with one value per subject) held from its time until that same time (an empty interval,
  so it holds at no time), attribute :data:`MARK`. Reads never show a mark
  (:func:`without_marks`); an export carries it like any relation.
- :func:`close_late_starts`: an add of a dated statement (an ``at`` given, or a date in its text)
  that would be current ends at the first of the stored relations of its key after its start:
  a mark of its two ends (:data:`CLOSED_BY`), or another start of its key that has ended (the
  same two ends; any value on the exclusive side of an exclusive type), ``superseded_by`` it. A start dated after
  the ending stays current. Deleting the ending's statement (with ``cascade_relations``, or
  correcting it) deletes the mark, and what it had ended is current again (:mod:`...stores.splice`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from ...models import Relation, RelationChange
from .schema import RelationProposal
from .updates import SYMMETRIC, UNSURE

__all__ = ["CLOSED_BY", "MARK", "close_late_starts", "ending_marks", "is_mark", "without_marks"]

# the attribute of an ending that found nothing to end (value "true")
MARK = "ending"

# the mark types that end a start of a type, besides its own: "Ben moved out of Leeds", told
# before Leeds was known as a place, is read as leaving a firm (WORKS_FOR among others)
CLOSED_BY: Mapping[str, tuple[str, ...]] = {"LIVES_IN": ("LIVES_IN", "WORKS_FOR")}

# how long before a statement dated by its text alone a mark must have been recorded to end it
SETTLED = timedelta(days=1)

# (side, entity id, relation type) -> the stored relations of that end and type, marks included
Reader = Callable[[str, str, str], Sequence[Relation]]


def is_mark(rel: Relation | RelationChange) -> bool:
    """Whether ``rel`` is the mark of an ending that found nothing to end (never stated)."""
    return rel.attributes.get(MARK) == "true"


def without_marks(rels: Iterable[Relation]) -> list[Relation]:
    """``rels`` without the marks of endings (what a read shows)."""
    return [r for r in rels if not is_mark(r)]


def ending_marks(
    proposals: Sequence[RelationProposal],
    decided: Sequence[RelationChange],
    current: Sequence[Relation],
    *,
    at: datetime | None,
    exclusivity: Mapping[str, str],
    new_id: Callable[[], str],
) -> list[RelationChange]:
    """The marks (see the module docstring) of the negations among ``proposals`` whose ends
    (subject, and object when named) ended none of the ``current`` relations in ``decided`` (the
    plan's changes before they were placed in time), at ``at`` (the ending's time; None: no mark). A negation without an object marks
    only a type with one value per subject ("Dan quit his job"); explicit ``ends`` (an
    extractor's) mark nothing."""
    if at is None:
        return []
    by_id = {r.id: r for r in current}
    ended = [by_id[c.relation_id] for c in decided if c.op == "end" and c.relation_id in by_id]
    out: list[RelationChange] = []
    seen: set[tuple[str, str, str | None]] = set()
    for p in proposals:
        key = (p.subject_id, p.type, p.object_id)
        if not p.negated or p.ends or key in seen or p.type in SYMMETRIC:
            continue
        if p.object_id is None and (exclusivity.get(p.type) != "subject" or any(
            c.op == "add" and c.subject_id == p.subject_id and c.type == p.type for c in decided
        )):  # (no object: one value per subject, and none read in its place)
            continue
        # (one reading of several types, "left Lloyds": a job, a project, a school, found in one)
        if any(r.subject_id == p.subject_id and p.object_id in (None, r.object_id) for r in ended):
            continue
        seen.add(key)
        out.append(RelationChange(
            op="add", relation_id=new_id(), subject_id=p.subject_id, type=p.type, object_id=p.object_id,
            attributes={MARK: "true"}, statement_index=p.statement_index, valid_from=at, valid_to=at,
        ))  # fmt: skip
    return out


def close_late_starts(
    changes: Sequence[RelationChange],
    *,
    when: datetime | None,
    exclusivity: Mapping[str, str],
    read: Reader | None,
    said_at: datetime | None = None,
) -> list[RelationChange]:
    """``changes`` with each add that would be current, of a statement dated ``when`` (else
    dated by its text: its ``valid_from``), ended at the first stored relation of its key after
    its start (see the module docstring); ``read``: the stored relations of an end and type. A
    statement dated by its text alone, said at ``said_at``, ends at a mark recorded at least
    :data:`SETTLED` before it (texts said together are read in order, as news)."""
    if read is None:
        return list(changes)
    out: list[RelationChange] = []
    for c in changes:
        start = c.valid_from or when
        if c.op != "add" or c.valid_to is not None or start is None or is_mark(c) or UNSURE in c.attributes:
            out.append(c)
            continue
        settled = None if when is not None or said_at is None else said_at - SETTLED
        stop = _first_stop(c, start, exclusivity, read, settled)
        if stop is not None:
            c = replace(c, valid_to=stop[0], superseded_by=stop[1].id)
        out.append(c)
    return out


def _first_stop(
    c: RelationChange, start: datetime, exclusivity: Mapping[str, str], read: Reader, settled: datetime | None
) -> tuple[datetime, Relation] | None:
    side = exclusivity.get(c.type)
    if side == "object" and c.object_id is not None:
        stored = list(read("object", c.object_id, c.type))
    else:
        stored = list(read("subject", c.subject_id, c.type))
    for other in CLOSED_BY.get(c.type, ()):
        if other != c.type:
            stored += read("subject", c.subject_id, other)
    stops: list[tuple[datetime, Relation]] = []
    for r in stored:
        if r.is_current:  # (one that began later was placed before: .backdated; or this plan ends it)
            continue
        if is_mark(r):
            if (settled is None or r.recorded_at <= settled) and (
                r.subject_id == c.subject_id
                and r.type in CLOSED_BY.get(c.type, (c.type,))
                and r.valid_to is not None
                and start < r.valid_to
                and (r.object_id == c.object_id or (r.object_id is None and exclusivity.get(r.type) == "subject"))
            ):
                stops.append((r.valid_to, r))
        elif r.type == c.type and start < r.valid_from and (
            side in ("subject", "object") or (r.subject_id, r.object_id) == (c.subject_id, c.object_id)
        ):
            stops.append((r.valid_from, r))
    return min(stops, key=lambda s: s[0], default=None)
