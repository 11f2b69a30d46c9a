"""The current relations of an entity, as read in earlier batches and kept true since (ingest).

Inside :meth:`~.lifecycle.SqliteConnection.batch` the connection holds SQLite's write lock
(``BEGIN IMMEDIATE``) and the store's own lock until the commit: nobody else writes the file in
between. The relation layer's doubt rule reads the current relations of the persons a statement
names, and a chat names the same few persons again and again: :class:`RelationMemo` keeps those
answers and forgets each one that this connection's updates may change. It is the SQLite store's
counterpart of the Neo4j store's ``PlanCache``, simpler: it never edits an answer, it drops it.

What an update changes (:meth:`RelationMemo.forget`): an added relation, the answers of its
namespace about either end that hold relations of its type; an ended or confirmed one, the
answers that hold it. Entity writes change no answer: a relation row carries its ends' names,
and a stored entity's name is never rewritten (an answer with an end that has no entity row yet
is not kept). Every other write of this connection, and every rollback, empties the memo
(:meth:`~.lifecycle.SqliteConnection.atomic`).

The memo also keeps the entity alias look-ups of the relation layer (:class:`AliasMemo`): per
alias, every entity known by it, as stored; the ranking (newest first) is done on each
look-up, and this connection's entity writes update the entities they change.

Answers outlive a batch (one ``add()`` is one batch): the next batch keeps them only when no
other connection committed in between (:meth:`RelationMemo.renew`, SQLite's
``PRAGMA data_version``). Reads outside a batch never use the memo.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Hashable, Iterable

from ...models import Entity, GraphUpdate, Relation

__all__ = ["MAX_ALIAS_ROWS", "MAX_ANSWERS", "AliasMemo", "RelationMemo"]

# the memo is emptied when a batch starts with more answers than this (a bound on its memory)
MAX_ANSWERS = 4096
# ... or with more entities kept for alias look-ups than this
MAX_ALIAS_ROWS = 100_000


class AliasMemo:
    """Per (namespace, alias key), every entity the key finds in ``entity_aliases``, kept
    true by :meth:`note` (this connection's entity writes: a new entity, a new alias, a later
    ``last_step``, a type made precise). Only entity writes change these rows, and the store's
    other entity writes (deletes, imports, clears) go through blocks that empty the memo."""

    __slots__ = ("_rows", "_size", "hits", "misses")

    def __init__(self) -> None:
        self._rows: dict[tuple[str, str], dict[str, Entity]] = {}
        self._size = 0
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return self._size

    def get(self, namespace: str, key: str) -> dict[str, Entity] | None:
        """The entities known by ``key`` (entity id -> entity; not a copy), or None."""
        found = self._rows.get((namespace, key))
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
        return found

    def put(self, namespace: str, key: str, rows: dict[str, Entity]) -> None:
        """Keep ``rows``, every entity ``key`` finds in ``namespace`` (none: an empty dict)."""
        old = self._rows.get((namespace, key))
        self._size += len(rows) - (len(old) if old is not None else 0) + (old is None)
        self._rows[(namespace, key)] = rows

    def note(self, entity: Entity, keys: Iterable[str]) -> None:
        """An entity as just written, known by the alias ``keys``."""
        for key in keys:
            kept = self._rows.get((entity.namespace, key))
            if kept is not None:
                self._size += entity.id not in kept
                kept[entity.id] = entity

    def clear(self) -> None:
        self._rows.clear()
        self._size = 0


class RelationMemo:
    """Current-relation reads of one transaction, each dropped when an update may change it.

    An answer is kept under its read's ``key`` with the entity ids it is anchored on (every
    relation of it has one of them as an end); :meth:`get` returns a new list each time.
    """

    __slots__ = ("_answers", "_by_entity", "_by_relation", "_version", "aliases", "hits", "misses")

    def __init__(self) -> None:
        self.aliases = AliasMemo()  # the entity alias look-ups, kept and emptied with the rest
        # key -> (the answer, its namespace, the relation types it holds: None for all)
        self._answers: dict[Hashable, tuple[tuple[Relation, ...], str, frozenset[str] | None]] = {}
        self._by_entity: dict[str, set[Hashable]] = {}
        self._by_relation: dict[str, set[Hashable]] = {}
        self._version: int | None = None
        self.hits = 0
        self.misses = 0

    def renew(self, conn: sqlite3.Connection, *, own: bool) -> None:
        """At the start of a batch, the write lock just taken on ``conn``: the answers of
        earlier batches are kept only when no other connection has committed since (SQLite's
        ``PRAGMA data_version`` is unchanged: this connection's own writes tell the memo what
        they change) and there are at most :data:`MAX_ANSWERS`. A connection the store does
        not ``own`` (given by the caller) may be written by anything: its answers last one
        batch."""
        version: int | None = None
        if own:
            try:
                version = int(conn.execute("PRAGMA data_version").fetchone()[0])
            except sqlite3.Error:
                version = None
        if (
            version is None
            or version != self._version
            or len(self._answers) > MAX_ANSWERS
            or len(self.aliases) > MAX_ALIAS_ROWS
        ):
            self.clear()
        self._version = version

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
        type: str | None,
        types: Collection[str] | None,
        relations: list[Relation],
    ) -> None:
        """Keep ``relations``, the answer of ``key``: the relations of ``namespace`` with one of
        ``anchors`` as an end, of ``type`` and of one of ``types`` (None: any). (The caller
        keeps no answer naming an end without a stored entity: its name would change when one
        is.)"""
        kinds = None if types is None else frozenset(types)
        if type is not None:
            kinds = frozenset({type}) if kinds is None else kinds & {type}
        self._answers[key] = (tuple(relations), namespace, kinds)
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
        self.aliases.clear()

    def _drop(self, keys: set[Hashable] | tuple[()]) -> None:
        for key in keys:
            self._answers.pop(key, None)
