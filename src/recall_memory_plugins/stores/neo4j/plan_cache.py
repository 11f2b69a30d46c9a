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
(only ``current_only`` reads, of every relation or of the newest few, as the relation layer's
plans make them), as the rows ``RELATIONS`` returns; an update's relation changes are applied to
them (an added relation joins, an ended one leaves, a confirmation is counted), or the answer is
dropped when the rows cannot be made here.

It also keeps every update of the transaction (``updates``, and the entities they upsert): while
the batch's writer thread is busy with the transaction, a plan's read runs beside it, on the
committed state (which nobody else can change while the transaction holds the lock), and the
transaction's updates are laid over the answer (:meth:`PlanCache.overlay` for relations; entities
in ``Neo4jEntities._entities_overlaid``). ``exact`` is False once the transaction holds a write
of another kind, which the cache does not follow: reads then run in the transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta, timezone
from typing import Any

from .schema import index_key

__all__ = ["ONE_END", "PlanCache"]

_VAGUE = ("OTHER", "THING")  # entity types a specific one replaces (as APPLY_UPDATE does)
# a relation row (cypher._RELATION_ROW): its id, subject and object ids, and their names
_ROW_ID, _ROW_SUBJECT, _ROW_OBJECT, _ROW_SUBJECT_NAME, _ROW_OBJECT_NAME = 0, 1, 3, 18, 19
_ROW_CONFIRMATIONS = 17
# the kinds of relation read that are of one entity's relations: kept current by the updates
ONE_END = frozenset({"subject", "object", "entity", "subject_type", "object_type", "entity_types"})
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


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
        "relations",
        "updates",
        "upserted",
    )

    def __init__(self) -> None:
        self.entities: dict[tuple[str, str], dict[str, Any]] = {}  # (ns, index key) -> map
        self.absent: set[tuple[str, str]] = set()  # (ns, index key) read and not found
        self.aliases: dict[tuple[str, str], list[str]] = {}  # (ns, alias) -> index keys
        self.relations: dict[tuple[Any, ...], list[Any]] = {}  # read -> its rows
        # the transaction's updates, (step, APPLY_UPDATE parameters, statement counter before
        # them), in order, and the (namespace, index key) of every entity they upsert
        self.updates: list[tuple[int, Mapping[str, Any], int | None]] = []
        self.upserted: set[tuple[str, str]] = set()
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
        self.exact = True

    def forget_writes(self) -> None:
        """The transaction made a write of another kind: every answer kept may be wrong, and
        the committed state no longer tells what the transaction sees."""
        self.clear()
        self.exact = False

    def overlay(self, ns: str, read: tuple[Any, ...], rows: Sequence[Any]) -> list[Any] | None:
        """The rows of a relation ``read`` as the transaction sees them, from ``rows``, its
        answer on the committed state (the state the transaction started from): every relation
        change of the transaction's updates applied in order, and the names of ends the
        transaction created filled in. None when a row cannot be made here (an end entity the
        batch knows nothing of)."""
        named = list(rows)
        for i, row in enumerate(rows):
            for end, name in ((_ROW_SUBJECT, _ROW_SUBJECT_NAME), (_ROW_OBJECT, _ROW_OBJECT_NAME)):
                key = None if row[end] is None else (ns, index_key(row[end]))
                if row[name] is None and key in self.upserted:
                    if key not in self.entities:
                        return None
                    named[i] = [*named[i][:name], self.entities[key]["name"], *named[i][name + 1 :]]
        out: list[Any] | None = named
        for step, update, base in self.updates:
            if out is None:
                break
            if update["ns"] == ns and update["changes"]:
                out = self._changed_rows(ns, read, out, update, step, base)
        return out

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
    def apply(self, update: Mapping[str, Any], step: int, base: int | None = None) -> None:
        """Change the cached answers as ``update`` (``APPLY_UPDATE``'s parameters, written as
        time step ``step``, its statements numbered after ``base``) changes the store; forget
        those it may change in unknown ways."""
        ns = update["ns"]
        self.updates.append((step, update, base))
        self.upserted.update((ns, ent["key"]) for ent in update["entities"])
        for ent in update["entities"]:
            self._upsert(ns, ent, step)
        if update["changes"]:
            self._change_relations(ns, update, step, base)
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

    def _change_relations(
        self, ns: str, update: Mapping[str, Any], step: int, base: int | None
    ) -> None:
        """Change the cached relation reads as ``update``'s relation changes change their
        answers (run after its entities are upserted, as ``APPLY_UPDATE`` writes them first): an
        added relation that passes a read's filter joins its rows (the newest), an ended one
        leaves them, a confirmed one counts one more confirmation. A read is dropped instead
        when it is not of one entity's relations, or when an added row cannot be made here (an
        end entity whose state is not known, so neither is the name the row carries)."""
        for read in [r for r in self.relations if r[0] == ns]:
            rows = self._changed_rows(ns, read, self.relations[read], update, step, base)
            if rows is None:
                del self.relations[read]
            else:
                self.relations[read] = rows

    def _changed_rows(
        self,
        ns: str,
        read: tuple[Any, ...],
        rows: Sequence[Any],
        update: Mapping[str, Any],
        step: int,
        base: int | None,
    ) -> list[Any] | None:
        """``rows``, the answer of ``read``, after ``update``'s relation changes (see
        :meth:`_change_relations`); None when they cannot be made here."""
        if read[1] not in ONE_END:
            return None
        # a bounded read (``newest``): its newest rows, oldest first. Fewer rows than the bound
        # are all there are (a kept answer only ever shrinks below the bound by an end, and an
        # end of a row at the bound drops the read: the next older row is not known here).
        bound = read[7] if len(read) > 7 and read[7] is not None else None
        out = list(rows)
        for ch in update["changes"]:
            if ch["op"] == "add":
                if ch.get("until") is None and _passes(read, ch):  # history is never current
                    row = self._added_row(ns, ch, update, step, base)
                    if row is None:
                        return None
                    out.append(row)  # (the newest: the highest seq)
                    if bound is not None and len(out) > bound:
                        out = out[len(out) - max(bound, 0) :]
                continue
            if ch["op"] == "clip":  # of an ended relation: not among current rows
                continue
            for i, row in enumerate(out):
                if index_key(row[_ROW_ID]) == ch["key"]:
                    if ch["op"] == "end":
                        if bound is not None and len(out) >= bound:
                            return None
                        del out[i]
                    else:  # confirm
                        out[i] = [
                            *row[:_ROW_CONFIRMATIONS],
                            (row[_ROW_CONFIRMATIONS] or 0) + 1,
                            *row[_ROW_CONFIRMATIONS + 1 :],
                        ]
                    break
        return out

    def _added_row(
        self,
        ns: str,
        ch: Mapping[str, Any],
        update: Mapping[str, Any],
        step: int,
        base: int | None,
    ) -> list[Any] | None:
        """The ``RELATIONS`` row of a relation ``ch`` adds (as ``APPLY_UPDATE`` creates it), or
        None when the names of its ends or its statement's id are not known here."""
        names: list[str | None] = []
        for key in (ch["subject_key"], ch["object_key"]):
            if key is None:
                names.append(None)
            elif (ns, key) in self.entities:
                names.append(self.entities[(ns, key)]["name"])
            elif (ns, key) in self.absent:
                names.append(None)
            else:
                return None
        sidx = ch["sidx"]
        if sidx is not None and base is None:
            return None
        since, micros_since = _epoch_parts(ch.get("since") or update["at"])
        seconds, micros = _epoch_parts(update["at"])
        return [
            ch["id"],
            ch["subject_id"],
            ch["type"],
            ch["object_id"],
            ch["attributes_json"],
            step,
            since,
            micros_since,
            seconds,
            micros,
            None,  # valid_to_step, valid_to, expired_at
            None,
            None,
            None,
            None,
            None,  # superseded_by
            None if sidx is None or base is None else base + sidx + 1,
            0,  # confirmations
            names[0],
            names[1],
            update.get("utc_offset"),  # (its statement's offset, as APPLY_UPDATE stores it)
        ]


def _passes(read: tuple[Any, ...], ch: Mapping[str, Any]) -> bool:
    """Whether a relation ``ch`` adds passes the filter of a cached ``RELATIONS`` read."""
    _ns, _kind, subject_id, object_id, entity_id, type_, types = read[:7]
    return (
        (subject_id is None or ch["subject_key"] == index_key(subject_id))
        and (object_id is None or ch["object_key"] == index_key(object_id))
        and (entity_id is None or index_key(entity_id) in (ch["subject_key"], ch["object_key"]))
        and (type_ is None or ch["type"] == type_)
        and (types is None or ch["type"] in types)
    )


def _epoch_parts(at: datetime) -> tuple[int, int]:
    """``[at.epochMillis, at.microsecond]`` as Neo4j gives them for a stored DateTime (the
    milliseconds floored, as ``_common._epoch`` reads them)."""
    return (at - _EPOCH) // timedelta(milliseconds=1), at.astimezone(timezone.utc).microsecond
