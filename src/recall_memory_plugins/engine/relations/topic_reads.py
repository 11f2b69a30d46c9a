"""The current relations of one entity that the doubt rule (:mod:`.doubt`) reads: bounded.

A person who manages hundreds of projects, a company with thousands of employees, a city with
thousands of residents: each text that names them read and tested all of their current
relations (``add_many`` of "Alice manages ProjectN." ran at 99/s at 200 statements, 3/s at
4,000). The rule now reads the newest :data:`CURRENT_READ` of them; only when there are more (the
bound is reached) it also reads, each indexed and bounded, the values of the entity's own
one-value types (its home, employer, school, manager, spouse: a few each, however old), and its
relations with the entities the text names (a taste of a thing the text names, however old).
Unchanged below the bound.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ...models import Relation
from ...stores.base import GraphStore, find_current_relations_of_types
from .doubt_names import newest_tastes
from .schema import Mention
from .updates import SYMMETRIC

__all__ = ["CURRENT_READ", "current_topics"]

# the newest current relations of one entity (either end) the doubt rule reads at first
CURRENT_READ = 100
# types whose values accumulate at the subject (a person runs many projects, likes many things)
_MANY = frozenset({"MANAGES", "LIKES", "DISLIKES"})
# the entities the text names whose relations with a bounded entity are read (each two reads)
_NAMED_READ = 32


def current_topics(
    store: GraphStore,
    namespace: str,
    entity_id: str,
    types: Collection[str],
    mentions: Sequence[Mention],
) -> list[Relation]:
    """The current relations of ``entity_id`` of ``types`` the doubt rule tests, oldest first
    (see the module docstring), with at most the newest tastes (:func:`.newest_tastes`)."""
    newest = find_current_relations_of_types(store, namespace, entity_id, types, newest=CURRENT_READ)
    if len(newest) < CURRENT_READ:
        return newest_tastes(newest, mentions)
    have = {r.id for r in newest}
    older: dict[str, Relation] = {}

    def keep(found: Sequence[Relation]) -> None:
        for r in found:
            if r.type in types and r.id not in have:
                older.setdefault(r.id, r)

    for type_ in sorted(set(types) - _MANY):  # its own home, job, school, manager, spouse
        keep(store.find_relations(namespace, subject_id=entity_id, type=type_, current_only=True, newest=CURRENT_READ))
        if type_ in SYMMETRIC:
            keep(store.find_relations(namespace, object_id=entity_id, type=type_, current_only=True, newest=CURRENT_READ))
    named = dict.fromkeys(e for m in mentions for e in m.entity_ids if e != entity_id)
    for other in list(named)[:_NAMED_READ]:  # what it has to do with what the text names
        keep(store.find_relations(namespace, subject_id=entity_id, object_id=other, current_only=True))
        keep(store.find_relations(namespace, subject_id=other, object_id=entity_id, current_only=True))
    # (each of these was recorded before every one of the newest)
    return newest_tastes(sorted(older.values(), key=lambda r: (r.valid_from_step, r.recorded_at)) + newest, mentions)
