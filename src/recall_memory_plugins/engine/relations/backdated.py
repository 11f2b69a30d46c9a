"""Statements dated before the facts they would change: history, not news.

``add(text, at=...)`` may carry a time older than facts already stored (a chat history imported
out of order, a diary entry written up later). The relation rules read every text as the newest
word on its people, so before this module "Alice moved to Rome" (dated March), then "Alice lives
in Paris" (dated January, added second) ended Rome and stated Paris as current: a stale fact
stated as current, with Rome's interval running backwards (March to January).

:func:`backdate` rewrites a plan's changes against the time of its statement. For a current
relation that began *after* that time:

- its ``end`` is dropped: an older text neither ends nor doubts a newer fact;
- a new relation that would have replaced it (its successor, or, for an end without one such
  as a turned taste, a new relation between the same two ends) is recorded as history: it held
  from the statement's time until the newer fact began, ``superseded_by`` it (an ``add`` with
  ``valid_to``), and is never current;
- a new version of the same triple (an unsure mark, new attributes) is dropped: the newer
  version stands.

Relations that began at or before the statement's time change as before. Ended relations are
not revised (a backdated value between two ended ones may overlap the older one in
``relations(as_of=...)``); the current state is always the newest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from ...models import Relation, RelationChange

__all__ = ["backdate"]


def backdate(
    changes: Sequence[RelationChange], current: Sequence[Relation], when: datetime
) -> list[RelationChange]:
    """``changes`` made from a statement dated ``when``, given the ``current`` relations they
    were decided against (see the module docstring)."""
    later = {r.id: r for r in current if r.is_current and r.valid_from > when}
    if not later:
        return list(changes)
    adds = {c.relation_id: c for c in changes if c.op == "add"}
    until: dict[str, Relation] = {}  # an add's id -> the earliest newer fact it gives way to
    dropped: set[str] = set()
    kept: list[RelationChange] = []
    for change in changes:
        newer = later.get(change.relation_id) if change.op == "end" else None
        if newer is None:
            kept.append(change)
            continue
        successor = adds.get(change.superseded_by or "")
        if successor is not None:
            successors = [successor]
        else:  # a negation, a doubt, a turned taste ("can't stand jazz anymore": DISLIKES)
            successors = [
                a
                for a in adds.values()
                if a.subject_id == newer.subject_id and a.object_id == newer.object_id
            ]
        for successor in successors:
            if (successor.subject_id, successor.type, successor.object_id) == (
                newer.subject_id,
                newer.type,
                newer.object_id,
            ):
                dropped.add(successor.relation_id)
            elif successor.relation_id not in until or (
                newer.valid_from < until[successor.relation_id].valid_from
            ):
                until[successor.relation_id] = newer
    out: list[RelationChange] = []
    for change in kept:
        if change.op == "add":
            if change.relation_id in dropped:
                continue
            newer = until.get(change.relation_id)
            if newer is not None:
                change = replace(change, superseded_by=newer.id, valid_to=newer.valid_from)
        elif change.superseded_by in dropped:
            change = replace(change, superseded_by=None)
        out.append(change)
    return out
