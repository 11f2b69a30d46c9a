"""A possession lost under another name leaves the owned thing unsure.

"I bought a Honda Civic." then "I sold the car." / "my Civic got totaled" / "I no longer own a
car": the patterns read the loss (a negated OWNS) of "car" or "Civic", which is not the entity
"Honda Civic" the memory holds, so the update rule (:mod:`.updates`) ends nothing. Read here: a
negated OWNS that ends none of the person's current possessions leaves unsure

* an owned thing that shares a word with the lost one ("Civic" of "Honda Civic", "the car" of
  "red car"), and
* when the lost one is a kind word (lower case: "the car", "a dog"), every owned thing of
  unknown kind, a name ("Tesla", "iPhone"), which may be that car or that phone.

Another kind ("I don't have a dog anymore" beside "owns a bike") and another name ("sold the
Toyota" beside "owns Tesla") are left alone. An unsure fact is not stated as current; stating
it again confirms it (:mod:`.updates`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...models import Relation
from .schema import EntityRef, RelationCandidate, RelationProposal
from .updates import UNSURE, is_unsure

__all__ = ["lost_things"]

_TYPE = "OWNS"


def lost_things(
    candidates: Sequence[RelationCandidate],
    proposals: Sequence[RelationProposal],
    sentence_statements: Sequence[int],
    resolve: Callable[[EntityRef], str | None],
    current: Callable[[str], Sequence[Relation]],
) -> list[RelationProposal]:
    """New versions, marked unsure, of the possessions a loss under another name may be."""
    out: list[RelationProposal] = []
    done: set[str] = set()
    for c in candidates:
        if c.type != _TYPE or not c.negated or c.object is None:
            continue
        subject_id = resolve(c.subject)
        if subject_id is None:
            continue
        owned = [r for r in current(subject_id) if r.type == _TYPE and r.subject_id == subject_id and not is_unsure(r)]
        object_id = resolve(c.object)
        if any(r.object_id == object_id for r in owned):
            continue  # the very thing: the update rule ends it
        lost = c.object.name.casefold().split()
        kind = c.object.name[:1].islower()
        stmt = sentence_statements[c.sentence] if 0 <= c.sentence < len(sentence_statements) else 0
        for rel in owned:
            name = rel.object_name or ""
            shared = bool(set(lost) & set(name.casefold().split()))
            if rel.id in done or not (shared or (kind and name[:1].isupper() and not _ended_too(rel, candidates))):
                continue
            done.add(rel.id)
            out.append(RelationProposal(rel.subject_id, rel.type, rel.object_id, {**rel.attributes, UNSURE: "true"}, False, stmt))
    return out


def _ended_too(rel: Relation, candidates: Sequence[RelationCandidate]) -> bool:
    """Whether the same text reads the owned thing again (its own loss or a new owning)."""
    name = (rel.object_name or "").casefold()
    return any(c.type == _TYPE and c.object is not None and c.object.name.casefold() == name for c in candidates)
