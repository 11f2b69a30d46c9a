"""How new relation proposals change the current relations: a pure function, tested on its own.

Rules, applied to the proposals in text order:

1. **Repeat** -- the same ``(subject, type, object)`` is already current with the same (or a
   subset of the) attributes: ``confirm`` it once per update; nothing is duplicated.
2. **New version** -- the same triple is current with different attributes (a new role, a new
   status): ``end`` the old one, ``add`` the new one with the attributes merged (new wins), linked
   by ``superseded_by``.
3. **Contradiction** -- the type is exclusive (see :mod:`.schema`) and a current relation holds a
   different value on the exclusive side (another employer for the same subject; another manager
   for the same project): ``end`` it with ``superseded_by`` = the new relation's id.
4. **Negation** ("no longer", "不再", an LLM's DELETE) -- ``end`` the matching current relation
   without a successor. If a later proposal of the same update contradicts it ("left A and joined
   B"), the end gains that successor.
5. **Unsure** -- a proposal marked ``unsure`` (:mod:`.doubt`) is a new version of its relation
   (rule 2); a later repeat without the mark is a new version that clears it.
6. Explicit ``ends`` (an LLM's UPDATE) end exactly those current relations.

Nothing is deleted. Only relations that are current in ``current`` are ever ended, so the result
always applies cleanly. A relation added by this same update is never ended by it (its interval
would be empty); a later contradiction in the same text replaces it instead.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ...models import Relation, RelationChange
from .schema import RelationProposal, Side

# the mark of a relation a later statement left unsure (set by .doubt, cleared by a repeat)
UNSURE = "unsure"
# relation types that hold from both ends (an object-less ending ends both directions)
SYMMETRIC = frozenset({"MARRIED_TO"})

__all__ = ["SYMMETRIC", "UNSURE", "decide_changes", "is_unsure", "unsure_version"]

logger = logging.getLogger(__name__)


def is_unsure(rel: Relation) -> bool:
    """Whether a later statement left ``rel`` unsure (:mod:`.doubt`): it is not stated as true."""
    return rel.attributes.get(UNSURE) == "true"


def unsure_version(rel: Relation, statement_index: int) -> RelationProposal:
    """A new version of ``rel`` marked unsure, from the statement at ``statement_index``."""
    return RelationProposal(rel.subject_id, rel.type, rel.object_id, {**rel.attributes, UNSURE: "true"}, False, statement_index)


@dataclass(slots=True)
class _Live:
    id: str
    subject_id: str
    type: str
    object_id: str | None
    attributes: dict[str, str] = field(default_factory=dict)
    pending: bool = False  # added by this update


class _LiveIndex:
    """The live relations of :func:`decide_changes` by id, and by triple, (type, subject) and
    (type, object), each in the order they became live."""

    def __init__(self) -> None:
        self.rels: dict[str, _Live] = {}
        self._order: dict[str, int] = {}
        self._by_key: dict[tuple[str, str, str | None], dict[str, _Live]] = {}
        self._by_subject: dict[tuple[str, str], dict[str, _Live]] = {}
        self._by_object: dict[tuple[str, str | None], dict[str, _Live]] = {}

    def _keys(self, r: _Live) -> tuple[tuple[str, str, str | None], tuple[str, str], tuple[str, str | None]]:
        return (r.subject_id, r.type, r.object_id), (r.type, r.subject_id), (r.type, r.object_id)

    def keep(self, r: _Live) -> None:
        self.rels[r.id] = r
        self._order[r.id] = len(self._order)
        key, subject, obj = self._keys(r)
        self._by_key.setdefault(key, {})[r.id] = r
        self._by_subject.setdefault(subject, {})[r.id] = r
        self._by_object.setdefault(obj, {})[r.id] = r

    def drop(self, rel_id: str) -> None:
        r = self.rels.pop(rel_id, None)
        if r is not None:
            key, subject, obj = self._keys(r)
            self._by_key[key].pop(rel_id, None)
            self._by_subject[subject].pop(rel_id, None)
            self._by_object[obj].pop(rel_id, None)

    def first_with(self, key: tuple[str, str, str | None]) -> _Live | None:
        return next(iter(self._by_key.get(key, {}).values()), None)

    def with_subject(self, type_: str, subject_id: str) -> list[_Live]:
        return list(self._by_subject.get((type_, subject_id), {}).values())

    def with_object(self, type_: str, object_id: str | None) -> list[_Live]:
        return list(self._by_object.get((type_, object_id), {}).values())

    def in_order(self, rels: Iterable[_Live]) -> list[_Live]:
        return sorted(rels, key=lambda r: self._order[r.id])


def decide_changes(
    current: Sequence[Relation],
    proposals: Sequence[RelationProposal],
    *,
    exclusivity: Mapping[str, Side],
    new_id: Callable[[], str],
) -> list[RelationChange]:
    """The relation changes that bring ``current`` up to date with ``proposals``.

    Args:
        current: relations of the namespace that may be affected (ended ones are ignored).
        proposals: resolved candidates, in text order.
        exclusivity: exclusive relation types and their exclusive side.
        new_id: makes the id of each added relation.

    Returns:
        ``add`` / ``end`` / ``confirm`` changes in the order the store must apply them.
    """
    # the live relations, also indexed by triple, by (type, subject) and by (type, object): each
    # index keeps live's order, so a long text's proposals cost no scan of all of them
    live = _LiveIndex()
    for stored in current:
        if stored.is_current and stored.id not in live.rels:
            live.keep(
                _Live(
                    stored.id,
                    stored.subject_id,
                    stored.type,
                    stored.object_id,
                    dict(stored.attributes),
                )
            )
    first_current = {r.id: r for r in reversed(current)}  # (the first of an id, as a scan finds)
    changes: list[RelationChange | None] = []
    added: dict[str, int] = {}  # relation id -> index of its "add" change
    ended: dict[str, int] = {}  # relation id -> index of its "end" change
    open_ends: dict[str, None] = {}  # ended relations without a successor, in order
    confirmed: set[str] = set()

    def end(rel: _Live, successor: str | None, index: int) -> None:
        if rel.pending:
            # Added by this very update: replace the add instead of ending it (empty interval).
            changes[added.pop(rel.id)] = None
            logger.debug("relation %s replaced within one update", rel.id)
        else:
            ended[rel.id] = len(changes)
            if successor is None:
                open_ends[rel.id] = None
            changes.append(
                RelationChange(
                    op="end", relation_id=rel.id, superseded_by=successor, statement_index=index
                )
            )
        live.drop(rel.id)

    def give_successor(rel_id: str, successor: str) -> None:
        pos = ended[rel_id]
        old = changes[pos]
        if old is not None and old.superseded_by is None:
            open_ends.pop(rel_id, None)
            changes[pos] = RelationChange(
                op="end",
                relation_id=rel_id,
                superseded_by=successor,
                statement_index=old.statement_index,
            )

    for p in proposals:
        key = (p.subject_id, p.type, p.object_id)
        if p.negated:
            if p.ends:
                targets = [live.rels[i] for i in p.ends if i in live.rels]
            else:
                found = {
                    r.id: r
                    for r in live.with_subject(p.type, p.subject_id)
                    if p.object_id is None or r.object_id == p.object_id
                }
                if p.object_id is None and p.type in SYMMETRIC:
                    # "Lu is a widow now": the marriage ends from both ends
                    found.update((r.id, r) for r in live.with_object(p.type, p.subject_id))
                targets = live.in_order(found.values())
            for rel in targets:
                if rel.pending:
                    logger.debug(
                        "ignoring a negation of relation %s added in the same update", rel.id
                    )
                    continue
                end(rel, None, p.statement_index)
            continue

        same = live.first_with(key)
        attributes = {str(k): str(v) for k, v in p.attributes.items() if v not in (None, "")}
        if same is not None:
            merged = {**same.attributes, **attributes}
            if UNSURE not in attributes:  # stated again: no longer unsure (see .doubt)
                merged.pop(UNSURE, None)
            if merged == same.attributes:
                if not same.pending and same.id not in confirmed:
                    confirmed.add(same.id)
                    changes.append(
                        RelationChange(
                            op="confirm", relation_id=same.id, statement_index=p.statement_index
                        )
                    )
                for other in p.ends:
                    if other in live.rels and other != same.id and not live.rels[other].pending:
                        end(live.rels[other], same.id, p.statement_index)
                continue
            attributes = merged
        rid = new_id()
        added[rid] = len(changes)
        changes.append(
            RelationChange(
                op="add",
                relation_id=rid,
                subject_id=p.subject_id,
                type=p.type,
                object_id=p.object_id,
                attributes=attributes,
                statement_index=p.statement_index,
            )
        )
        to_end: list[_Live] = [same] if same is not None else []
        to_end.extend(live.rels[i] for i in p.ends if i in live.rels and live.rels[i] is not same)
        side = exclusivity.get(p.type)
        if side == "subject":
            to_end.extend(
                r for r in live.with_subject(p.type, p.subject_id) if r.object_id != p.object_id
            )
        elif side == "object" and p.object_id is not None:
            to_end.extend(
                r for r in live.with_object(p.type, p.object_id) if r.subject_id != p.subject_id
            )
        seen: set[str] = set()
        for rel in to_end:
            if rel.id not in seen:
                seen.add(rel.id)
                end(rel, rid, p.statement_index)
        # "X no longer leads P; Y took it over": the negation's end gains Y as successor.
        for rel_id in list(open_ends):
            old = changes[ended[rel_id]]
            if old is None or old.superseded_by is not None:
                continue
            prior = first_current.get(rel_id)
            if prior is None or prior.type != p.type:
                continue
            if (side == "subject" and prior.subject_id == p.subject_id) or (
                side == "object" and p.object_id is not None and prior.object_id == p.object_id
            ):
                give_successor(rel_id, rid)
        live.keep(_Live(rid, p.subject_id, p.type, p.object_id, attributes, pending=True))
    return [c for c in changes if c is not None]
