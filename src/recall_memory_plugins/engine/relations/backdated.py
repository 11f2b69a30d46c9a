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
- a doubt (an unsure mark) or a repeat of the newer fact is dropped: the newer version stands;
  another value of the same triple (a status, a role in its attributes) is history, as above.

Relations that began at or before the statement's time change as before. An ended relation of
an exclusive type that the history falls inside ("Alice lives in Paris", January; "moved to
Rome", March; then a late "moved to Berlin" dated February) ends where the history begins (a
``clip``: Paris January to February, superseded by Berlin), and the history lasts until the
first stored value that began after it, ended or current, so ``relations(as_of=...)`` gives one
value at every time. The current state is always the newest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from ...models import Relation, RelationChange
from ...stores.base import GraphStore
from .schema import RelationProposal
from .updates import UNSURE

__all__ = ["backdate", "ended_reader", "late_endings"]

# (side, entity id, relation type) -> the relations of that end and type, current and ended
EndedReader = Callable[[str, str, str], Sequence[Relation]]


# the most recently recorded relations of one end and type :func:`backdate` reads: bounded, so
# a history fed newest first (each add older than all before it) costs the same per add however
# long it is; values recorded before these are not fitted against (their intervals may overlap)
HISTORY_READ = 300


def ended_reader(store: GraphStore, namespace: str) -> EndedReader:
    """Reads a subject's or an object's relations of one type from ``store`` for
    :func:`backdate` (called only for history an update records), the newest
    :data:`HISTORY_READ` recorded."""

    def read(side: str, entity_id: str, type_: str) -> Sequence[Relation]:
        if side == "object":
            return store.find_relations(
                namespace, object_id=entity_id, type=type_, newest=HISTORY_READ
            )
        return store.find_relations(namespace, subject_id=entity_id, type=type_, newest=HISTORY_READ)

    return read


def backdate(
    changes: Sequence[RelationChange],
    current: Sequence[Relation],
    when: datetime,
    exclusivity: Mapping[str, str] | None = None,
    ended: EndedReader | None = None,
    new_id: Callable[[], str] | None = None,
) -> list[RelationChange]:
    """``changes`` made from a statement dated ``when``, given the ``current`` relations they
    were decided against (see the module docstring); ``exclusivity`` and ``ended`` (a reader of
    stored relations) let it fit a history among the stored values of its end and type, and
    ``new_id`` (the tracker's) makes an earlier period of a repeated value history of its own."""
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
            if successor.type == newer.type and (
                successor.attributes.get(UNSURE) == "true" or _value(successor) == _value(newer)
            ):  # a doubt or a repeat of the newer fact
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
    if ended is not None and exclusivity:
        return _fit_history(out, when, exclusivity, ended, later, new_id)
    return out


def _value(rel: Relation | RelationChange) -> tuple[object, ...]:
    """What a relation says: its ends and attributes (a status, a role), not its mark."""
    attributes = {k: v for k, v in rel.attributes.items() if k != UNSURE}
    return rel.subject_id, rel.object_id, sorted(attributes.items())


def _fit_history(
    changes: list[RelationChange],
    when: datetime,
    exclusivity: Mapping[str, str],
    ended: EndedReader,
    later: Mapping[str, Relation],
    new_id: Callable[[], str] | None,
) -> list[RelationChange]:
    """Each history add of an exclusive type among the stored relations of its end and type:
    it lasts until the first of them that began after ``when`` (ended ones included), and an
    ended one of another value that held at ``when`` ends there (a ``clip``). A repeat of a newer
    value with another value between them ("on hold" in March, "in progress" in May, "on hold"
    again in July, the first told last) is history of its own, not a confirmation."""
    clips: list[RelationChange] = []
    out: list[RelationChange] = []
    for change in changes:
        newer = later.get(change.relation_id) if change.op == "confirm" else None
        rel_type = newer.type if newer is not None else change.type
        side = exclusivity.get(rel_type) if change.valid_to or newer is not None else None
        of = newer if newer is not None else change
        end = of.subject_id if side == "subject" else of.object_id if side == "object" else None
        if end is None:
            out.append(change)
            continue
        stored = ended(side or "", end, rel_type)
        first = min((r for r in stored if r.valid_from > when), key=lambda r: r.valid_from, default=None)
        if newer is not None:  # a repeat: history only when another value lies between
            if first is None or first.id == newer.id or new_id is None:
                out.append(change)
                continue
            attributes = {k: v for k, v in newer.attributes.items() if k != UNSURE}
            change = RelationChange(
                op="add",
                relation_id=new_id(),
                subject_id=newer.subject_id,
                type=newer.type,
                object_id=newer.object_id,
                attributes=attributes,
                statement_index=change.statement_index,
                superseded_by=newer.id,
                valid_to=newer.valid_from,
            )
        if first is not None and change.valid_to is not None and first.valid_from < change.valid_to:
            change = replace(change, valid_to=first.valid_from, superseded_by=first.id)
        says = _value(change)
        if change.op == "add" and any(  # the same value, stored as held then: no second copy
            _value(r) == says and r.valid_from <= when and (r.valid_to is None or when < r.valid_to) for r in stored
        ):
            continue
        for rel in stored:
            if (
                rel.valid_to is not None
                and rel.valid_from <= when < rel.valid_to  # (from the same instant: the later told wins)
                and _value(rel) != says
                and all(c.relation_id != rel.id for c in clips)
            ):
                clips.append(
                    RelationChange(
                        op="clip",
                        relation_id=rel.id,
                        superseded_by=change.relation_id,
                        statement_index=change.statement_index,
                        valid_to=when,
                    )
                )
        out.append(change)
    return out + clips


def late_endings(
    proposals: Sequence[RelationProposal],
    changes: Sequence[RelationChange],
    when: datetime,
    ended: EndedReader,
) -> list[RelationChange]:
    """Clips for the endings a statement dated ``when`` says ("Alice left Cyberdyne", written up
    late) of relations that are no longer current: a stored relation of the same ends and type
    that held at ``when`` and was ended later (by "Alice joined Soylent", told first) now ends at
    ``when``. Without this, the same dated statements gave another history in another order."""
    ended_now = {(c.subject_id, c.type, c.object_id) for c in changes if c.op == "end"}
    done = {c.relation_id for c in changes if c.op == "clip"}
    out: list[RelationChange] = []
    for p in proposals:
        if not p.negated or p.object_id is None or (p.subject_id, p.type, p.object_id) in ended_now:
            continue
        for rel in ended("subject", p.subject_id, p.type):
            if (
                rel.object_id == p.object_id
                and rel.valid_to is not None
                and rel.valid_from <= when < rel.valid_to
                and rel.id not in done
            ):
                done.add(rel.id)
                out.append(RelationChange(
                    op="clip", relation_id=rel.id, superseded_by=rel.superseded_by,
                    statement_index=p.statement_index, valid_to=when,
                ))  # fmt: skip
    return out
