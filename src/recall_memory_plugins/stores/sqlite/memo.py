"""What a batch's transaction has read of one entity's current relations (bulk ingest).

Inside :meth:`~.lifecycle.SqliteConnection.batch` the connection holds SQLite's write lock
(``BEGIN IMMEDIATE``) from the first statement to the commit, and the store's own lock: no other
connection or thread writes the file in between, so a read answered once stays true until this
transaction writes. The relation layer's doubt rule reads the current relations of the persons
a statement names, and a chat names the same few persons again and again: :class:`RelationMemo`
keeps those answers for the batch and forgets each one an update may change. It is the SQLite
store's counterpart of the Neo4j store's ``PlanCache``, simpler: it never edits an answer, it
drops it.

What an update changes (:meth:`RelationMemo.forget`): an added relation, the answers of its
namespace about either end that hold relations of its type; an ended or confirmed one, the
answers that hold it. Entity writes change no answer:
a relation row carries its ends' names, and a stored entity's name is never rewritten (an
answer with an end that has no entity row yet is not kept). Every other write of the
transaction, and every rollback, clears the memo (:meth:`~.lifecycle.SqliteConnection.atomic`).
"""

from __future__ import annotations

from collections.abc import Hashable

from ...models import GraphUpdate, Relation

__all__ = ["RelationMemo"]


class RelationMemo:
    """Current-relation reads of one transaction, each dropped when an update may change it.

    An answer is kept under its read's ``key`` with the entity ids it is anchored on (every
    relation of it has one of them as an end); :meth:`get` returns a new list each time.
    """

    __slots__ = ("_answers", "_by_entity", "_by_relation", "hits", "misses")

    def __init__(self) -> None:
        # key -> (the answer, its namespace, the relation types it holds: None for all)
        self._answers: dict[Hashable, tuple[tuple[Relation, ...], str, frozenset[str] | None]] = {}
        self._by_entity: dict[str, set[Hashable]] = {}
        self._by_relation: dict[str, set[Hashable]] = {}
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._answers)

    def get(self, key: Hashable) -> list[Relation] | None:
        """The kept answer of ``key`` (a new list), or None."""
        found = self._answers.get(key)
        if found is None:
            self.misses += 1
            return None
        self.hits += 1
        return list(found[0])

    def put(
        self,
        key: Hashable,
        namespace: str,
        anchors: tuple[str, ...],
        types: frozenset[str] | None,
        relations: list[Relation],
    ) -> None:
        """Keep ``relations``, the answer of ``key``: the relations of ``namespace`` of one of
        ``types`` (None: of any type) with one of ``anchors`` as an end. (The caller keeps no
        answer naming an end without a stored entity: its name would change when one is.)"""
        self._answers[key] = (tuple(relations), namespace, types)
        for entity_id in anchors:
            self._by_entity.setdefault(entity_id, set()).add(key)
        for rel in relations:
            self._by_relation.setdefault(rel.id, set()).add(key)

    def forget(self, update: GraphUpdate) -> None:
        """Drop every answer ``update``'s relation changes may change."""
        for change in update.relation_changes:
            if change.op == "add":  # the answers of its namespace and type about either end
                for entity_id in (change.subject_id, change.object_id):
                    keys = self._by_entity.get(entity_id or "", set())
                    for key in list(keys):
                        kept = self._answers.get(key)
                        if kept is None or (
                            kept[1] == update.namespace and (kept[2] is None or change.type in kept[2])
                        ):
                            self._answers.pop(key, None)
                            keys.discard(key)
            else:  # end, confirm: the answers that hold the relation
                self._drop(self._by_relation.pop(change.relation_id, ()))

    def clear(self) -> None:
        """Drop every answer (a write the memo does not follow, a rollback)."""
        self._answers.clear()
        self._by_entity.clear()
        self._by_relation.clear()

    def _drop(self, keys: set[Hashable] | tuple[()]) -> None:
        for key in keys:
            self._answers.pop(key, None)
