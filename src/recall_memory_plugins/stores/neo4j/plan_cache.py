"""What a batch's transaction has read about entities and current relations (bulk ingest).

Inside a :meth:`~.transactions.Neo4jConnection.batch` the transaction holds the store-wide write
lock from its first query to its commit: nobody else changes the store in between, so a read
answered once stays true until this transaction writes. :class:`PlanCache` keeps those answers
and applies each update of the batch to them (as ``APPLY_UPDATE`` changes the stored entities),
or forgets what an update may have changed; a relation plan's reads of the same names and
relations then cost no round trip. It is dropped at every commit and rollback (the lock is
released) and by every write of another kind.

Entities are kept as the maps the ``ENTITIES_*`` queries return. An alias look-up's answer is
kept per alias key (case-folded), complete: every entity known by that alias. A look-up by id
keeps the entities found and the ids found absent. Current relations are kept per relation query
(only ``current_only`` reads of every relation, as the relation layer's plans make them), as the
rows ``RELATIONS`` returns; an update that could change such an answer drops it.

It also keeps every update of the transaction (``updates``) and what they touch: a read whose
answer none of them can change may then run beside the transaction, on the committed state
(which nobody else can change while the transaction holds the lock), while the batch's writer
thread is busy with the transaction (see ``Neo4jEntities``). ``exact`` is False once the
transaction holds a write of another kind, which the cache does not follow.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .schema import index_key

__all__ = ["PlanCache"]

_VAGUE = ("OTHER", "THING")  # entity types a specific one replaces (as APPLY_UPDATE does)
# a relation row (cypher._RELATION_ROW): its id, subject and object ids, and their names
_ROW_ID, _ROW_SUBJECT, _ROW_OBJECT, _ROW_SUBJECT_NAME, _ROW_OBJECT_NAME = 0, 1, 3, 18, 19


def _alias_keys(entity: Mapping[str, Any]) -> list[str]:
    """The case-folded aliases an entity map is found by (its name is among its aliases)."""
    return list(dict.fromkeys(a.casefold() for a in entity["aliases"] or ()))


class PlanCache:
    """Entity and current-relation reads of one transaction, kept current by its updates."""

    __slots__ = (
        "absent",
        "aliases",
        "entities",
        "exact",
        "relation_ends",
        "relation_keys",
        "relations",
        "updates",
        "upserted",
    )

    def __init__(self) -> None:
        self.entities: dict[tuple[str, str], dict[str, Any]] = {}  # (ns, index key) -> map
        self.absent: set[tuple[str, str]] = set()  # (ns, index key) read and not found
        self.aliases: dict[tuple[str, str], list[str]] = {}  # (ns, alias) -> index keys
        self.relations: dict[tuple[Any, ...], list[Any]] = {}  # read -> its rows
        # the transaction's updates, (step, APPLY_UPDATE parameters), in order, and what they
        # touch: entity index keys upserted, relation keys changed, and the index keys of the
        # ends of every relation they change (all per namespace)
        self.updates: list[tuple[int, Mapping[str, Any]]] = []
        self.upserted: set[tuple[str, str]] = set()
        self.relation_keys: set[tuple[str, str]] = set()
        self.relation_ends: set[tuple[str, str]] = set()
        self.exact = True  # False: the transaction holds writes that ``updates`` lacks

    def clear(self) -> None:
        """Forget everything: a new transaction (see ``forget_writes`` for a write of another
        kind in the same one)."""
        self.entities.clear()
        self.absent.clear()
        self.aliases.clear()
        self.relations.clear()
        self.updates.clear()
        self.upserted.clear()
        self.relation_keys.clear()
        self.relation_ends.clear()
        self.exact = True

    def forget_writes(self) -> None:
        """The transaction made a write of another kind: every answer kept may be wrong, and
        the committed state no longer tells what the transaction sees."""
        self.clear()
        self.exact = False

    def untouched(self, ns: str, entity_keys: Iterable[str | None]) -> bool:
        """Whether no update of the transaction changed a relation with one of ``entity_keys``
        as an end (so the committed current relations of those entities are the
        transaction's)."""
        return self.exact and not any((ns, k) in self.relation_ends for k in entity_keys)

    def rows_untouched(self, ns: str, rows: Sequence[Any]) -> bool:
        """Whether relation rows read from the committed state are the transaction's: none of
        them changed by its updates, and no end named by none (an entity not stored then)
        upserted by them."""
        return not any(
            (ns, index_key(row[_ROW_ID])) in self.relation_keys
            or (
                row[_ROW_SUBJECT_NAME] is None
                and (ns, index_key(row[_ROW_SUBJECT])) in self.upserted
            )
            or (
                row[_ROW_OBJECT] is not None
                and row[_ROW_OBJECT_NAME] is None
                and (ns, index_key(row[_ROW_OBJECT])) in self.upserted
            )
            for row in rows
        )

    # ------------------------------------------------------------------------------ entities
    def by_alias(
        self, ns: str, alias_keys: Sequence[str]
    ) -> tuple[list[dict[str, Any]], list[str]]:
        """The cached entities known by one of ``alias_keys`` and the keys not cached."""
        found: dict[str, dict[str, Any]] = {}
        missing = []
        for alias in alias_keys:
            keys = self.aliases.get((ns, alias))
            if keys is None:
                missing.append(alias)
                continue
            for key in keys:
                found.setdefault(key, self.entities[(ns, key)])
        return list(found.values()), missing

    def by_id(self, ns: str, keys: Sequence[str]) -> list[dict[str, Any]] | None:
        """The cached answer of a look-up by index keys, or None if one of them is unknown."""
        out = []
        for key in dict.fromkeys(keys):
            ent = self.entities.get((ns, key))
            if ent is not None:
                out.append(ent)
            elif (ns, key) not in self.absent:
                return None
        return out

    def read_aliases(
        self, ns: str, alias_keys: Iterable[str], entities: Iterable[Mapping[str, Any]]
    ) -> None:
        """Keep an alias look-up's answer (``entities``: all it found, no type filter)."""
        asked = list(dict.fromkeys(alias_keys))
        for alias in asked:
            self.aliases[(ns, alias)] = []
        for ent in entities:
            key = self._keep(ns, ent)
            for alias in _alias_keys(ent):
                keys = self.aliases.get((ns, alias))
                if keys is not None and alias in asked and key not in keys:
                    keys.append(key)

    def read_ids(self, ns: str, keys: Iterable[str], entities: Iterable[Mapping[str, Any]]) -> None:
        """Keep a look-up by index keys (``entities``: all it found, no filter)."""
        found = {self._keep(ns, ent) for ent in entities}
        for key in keys:
            if key not in found:
                self.absent.add((ns, key))

    def _keep(self, ns: str, ent: Mapping[str, Any]) -> str:
        key = index_key(ent["id"])
        self.entities.setdefault((ns, key), dict(ent))
        self.absent.discard((ns, key))
        return key

    # ------------------------------------------------------------------------------ relations
    def relation_rows(self, read: tuple[Any, ...]) -> list[Any] | None:
        return self.relations.get(read)

    def read_relations(self, read: tuple[Any, ...], rows: Sequence[Any]) -> None:
        self.relations[read] = list(rows)

    # ------------------------------------------------------------------------------ updates
    def apply(self, update: Mapping[str, Any], step: int) -> None:
        """Change the cached answers as ``update`` (``APPLY_UPDATE``'s parameters, written as
        time step ``step``) changes the store; forget those it may change in unknown ways."""
        ns = update["ns"]
        self.updates.append((step, update))
        self.upserted.update((ns, ent["key"]) for ent in update["entities"])
        for ch in update["changes"]:
            self.relation_keys.add((ns, ch["key"]))
            self.relation_ends.add((ns, ch["subject_key"]))
            if ch["object_key"] is not None:
                self.relation_ends.add((ns, ch["object_key"]))
        for ent in update["entities"]:
            self._upsert(ns, ent, step)
        if update["changes"]:
            self._forget_relations(ns, update["changes"])
        if update["entities"] and self.relations:
            # a relation row names an end entity that was not stored: an upsert may create it
            upserted = {ent["id"] for ent in update["entities"]}
            for read in [r for r in self.relations if r[0] == ns]:
                if any(
                    (row[_ROW_SUBJECT_NAME] is None and row[_ROW_SUBJECT] in upserted)
                    or (
                        row[_ROW_OBJECT] is not None
                        and row[_ROW_OBJECT_NAME] is None
                        and row[_ROW_OBJECT] in upserted
                    )
                    for row in self.relations[read]
                ):
                    del self.relations[read]

    def _upsert(self, ns: str, ent: Mapping[str, Any], step: int) -> None:
        """An entity of an update: merged into its cached map, or, when its stored state is not
        known, forgotten under every alias it may now be found by."""
        key = ent["key"]
        cached = self.entities.get((ns, key))
        if cached is None and (ns, key) not in self.absent:
            for alias in ent["alias_keys"]:
                self.aliases.pop((ns, alias), None)
            return
        if cached is None:  # created by this update
            cached = {
                "id": ent["id"],
                "name": ent["name"],
                "type": ent["type"],
                "aliases": [],
                "first_step": step,
            }
            self.absent.discard((ns, key))
            self.entities[(ns, key)] = cached
        if cached["type"] in _VAGUE and ent["type"] is not None and ent["type"] not in _VAGUE:
            cached["type"] = ent["type"]
        aliases = list(cached["aliases"] or ())
        aliases += [a for a in dict.fromkeys(ent["aliases"]) if a not in aliases]
        cached["aliases"], cached["last_step"] = aliases, step
        for alias in ent["alias_keys"]:
            keys = self.aliases.get((ns, alias))
            if keys is not None and key not in keys:
                keys.append(key)

    def _forget_relations(self, ns: str, changes: Sequence[Mapping[str, Any]]) -> None:
        """Drop the cached relation reads that ``changes`` may change: those holding a relation
        they end or confirm, and those whose filter a relation they add may pass."""
        touched = {ch["id"] for ch in changes if ch["op"] != "add"}
        ends = set()
        for ch in changes:
            if ch["op"] == "add":
                ends.add(ch["subject_id"])
                if ch["object_id"] is not None:
                    ends.add(ch["object_id"])
        for read in [r for r in self.relations if r[0] == ns]:
            _ns, kind, subject_id, object_id, entity_id = read[:5]
            if (
                any(row[_ROW_ID] in touched for row in self.relations[read])
                or kind not in ("subject", "object", "entity")
                or (ends and {subject_id, object_id, entity_id} & ends)
            ):
                del self.relations[read]
