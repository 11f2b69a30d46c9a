"""Entities and relations of the Neo4j store: alias look-ups, recent entities, relation history."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

from ...models import Entity, Relation
from ..base import newest_per_alias
from ..offsets import in_offset
from . import cypher, cypher_facts
from ._common import _entity, _epoch, _key_or_none, _keys
from .lifecycle import Neo4jLifecycle
from .plan_cache import ONE_END as _ONE_END
from .schema import index_key
from .transactions import _Batch

_VAGUE = ("OTHER", "THING")  # entity types a specific one replaces


class Neo4jEntities(Neo4jLifecycle):
    """Entity and relation reads (mixed into :class:`Neo4jGraphStore`)."""

    def find_entities(
        self,
        namespace: str,
        *,
        ids: Iterable[str] | None = None,
        aliases: Iterable[str] | None = None,
        type: str | None = None,
        newest: int | None = None,
    ) -> list[Entity]:
        params: dict[str, Any] = {"ns": namespace, "type": type, "alias_keys": None}
        if aliases is not None:
            alias_keys = list(dict.fromkeys(a.casefold() for a in aliases))
            if not alias_keys:
                return []
            params["alias_keys"] = alias_keys
        if ids is not None:
            params["keys"] = _keys(dict.fromkeys(ids))
            if not params["keys"]:
                return []
            query = cypher.ENTITIES_BY_ID
        elif params["alias_keys"] is not None:
            params["alias_index_keys"] = _keys(params["alias_keys"])
            query = cypher.ENTITIES_BY_ALIAS
        else:
            query = cypher.ENTITIES_BY_NAMESPACE
        by_id_only = query is cypher.ENTITIES_BY_ID and aliases is None
        batch = self._batch()
        if (
            batch is not None
            and batch.tx is not None
            and batch.failed is None
            and (query is cypher.ENTITIES_BY_ALIAS or by_id_only)
        ):
            maps = self._cached_entities(batch, namespace, query, params)
        else:
            maps = self._read_entities(namespace, query, params)
        entities = [_entity(namespace, e) for e in maps]
        if newest is not None and params["alias_keys"] is not None:
            return newest_per_alias(entities, params["alias_keys"], max(0, int(newest)))
        return sorted(entities, key=lambda e: (e.first_step, e.id))

    def prefetch_entities(
        self, namespace: str, names: Sequence[str], *, ids: Sequence[str] = ()
    ) -> None:
        """Inside a batch: read the entities known by ``names`` and those with ``ids`` in one
        query each, for the batch's later look-ups (see :class:`~.plan_cache.PlanCache`).
        Outside a batch, nothing (nothing would be kept)."""
        batch = self._batch()
        if batch is None or batch.failed is not None:
            return
        params: dict[str, Any] = {"ns": namespace, "type": None, "alias_keys": None}
        alias_keys = list(dict.fromkeys(a.casefold() for a in names))
        if alias_keys:
            params |= {"alias_keys": alias_keys, "alias_index_keys": _keys(alias_keys)}
            self._cached_entities(batch, namespace, cypher.ENTITIES_BY_ALIAS, params)
        keys = [k for k in dict.fromkeys(_keys(ids)) if batch.cache.by_id(namespace, [k]) is None]
        if keys and batch.tx is not None:
            params = {"ns": namespace, "type": None, "alias_keys": None, "keys": keys}
            self._cached_entities(batch, namespace, cypher.ENTITIES_BY_ID, params)

    def _read_entities(
        self, namespace: str, query: str, params: dict[str, Any]
    ) -> list[dict[str, Any]]:
        queued = self._pending_block()
        by_id_only = query is cypher.ENTITIES_BY_ID and params["alias_keys"] is None
        if queued is not None and (query is cypher.ENTITIES_BY_ALIAS or by_id_only):
            return self._entities_with_queued(queued, namespace, query, params)
        # (queued updates, if any, are written first)
        return list(self._run("read entities", query, params)[0]["entities"])

    def _cached_entities(
        self, batch: _Batch, namespace: str, query: str, params: dict[str, Any]
    ) -> list[dict[str, Any]]:
        """A look-up by aliases or ids inside a batch's transaction: what it has read before
        (kept current by its updates, see :class:`~.plan_cache.PlanCache`), the rest read."""
        cache = batch.cache
        if query is cypher.ENTITIES_BY_ALIAS:
            found, missing = cache.by_alias(namespace, params["alias_keys"])
            if missing:
                fresh = self._plan_entities(
                    batch,
                    namespace,
                    query,
                    {
                        **params,
                        "type": None,
                        "alias_keys": missing,
                        "alias_index_keys": _keys(missing),
                    },
                )
                if batch.tx is not None:  # (still the same transaction)
                    cache.read_aliases(namespace, missing, fresh)
                seen = {e["id"] for e in found}
                found += [e for e in fresh if e["id"] not in seen]
        else:
            cached = cache.by_id(namespace, params["keys"])
            if cached is None:
                found = self._plan_entities(batch, namespace, query, {**params, "type": None})
                if batch.tx is not None:
                    cache.read_ids(namespace, params["keys"], found)
            else:
                found = cached
        return [e for e in found if params["type"] is None or e["type"] == params["type"]]

    def _plan_entities(
        self, batch: _Batch, namespace: str, query: str, params: dict[str, Any]
    ) -> list[dict[str, Any]]:
        """An entity look-up of a batch's plan: beside the transaction while its writer thread
        writes (the committed entities, changed by every update of the transaction), else in
        it (:meth:`_read_entities`)."""
        if self._beside_writer(batch):
            return self._entities_overlaid(
                [(step, u) for step, u, _base in batch.cache.updates],
                namespace,
                query,
                params,
                lambda q, p: self._read_beside("read entities", q, p)[0]["entities"],
            )
        return self._read_entities(namespace, query, params)

    def _entities_with_queued(
        self, queued: _Batch, namespace: str, query: str, params: dict[str, Any]
    ) -> list[dict[str, Any]]:
        """A look-up by ids or aliases as it will read once the queued updates (bulk) are
        written, without writing them (see :meth:`_entities_overlaid`)."""
        return self._entities_overlaid(
            [(u["expect"][0], u) for u in queued.pending],
            namespace,
            query,
            params,
            lambda q, p: self._run("read entities", q, p, pending_ok=True)[0]["entities"],
        )

    def _entities_overlaid(
        self,
        updates: Iterable[tuple[int, Mapping[str, Any]]],
        namespace: str,
        query: str,
        params: dict[str, Any],
        read: Callable[[str, dict[str, Any]], Iterable[Mapping[str, Any]]],
    ) -> list[dict[str, Any]]:
        """A look-up by ids or aliases as it reads after ``updates`` ((step, ``APPLY_UPDATE``
        parameters), in order) on the state ``read`` reads, which has none of them: the stored
        entities found, plus those the updates name, each changed by them as ``APPLY_UPDATE``
        changes it (created, aliases merged in order, a vague type upgraded, ``last_step`` their
        step). The type filter runs here, on the changed entities; a look-up by ids here has no
        alias filter."""
        asked_keys = set(params.get("keys") or ())
        asked_aliases = params["alias_keys"] if not asked_keys else None
        records = [
            (step, ent) for step, u in updates if u["ns"] == namespace for ent in u["entities"]
        ]
        # the queued entities the look-up finds: by id, or carrying an asked alias (merging
        # only adds aliases, so a stored entity found by one stays found)
        touched = {
            ent["key"]
            for _, ent in records
            if ent["key"] in asked_keys
            or (asked_aliases is not None and not set(ent["alias_keys"]).isdisjoint(asked_aliases))
        }
        unfiltered = {**params, "type": None, "alias_keys": None}
        found = {index_key(e["id"]): dict(e) for e in read(query, unfiltered)}
        stored = [k for k in touched if k not in found]
        if stored:  # the stored state of the entities the updates add an asked alias to
            for e in read(cypher.ENTITIES_BY_ID, {**unfiltered, "keys": stored}):
                found[index_key(e["id"])] = dict(e)
        for step, ent in records:
            key = ent["key"]
            if key not in found and key not in touched:
                continue
            e = found.get(key) or {
                "id": ent["id"],
                "name": ent["name"],
                "type": ent["type"],
                "aliases": [],
                "first_step": step,
            }
            if e["type"] in _VAGUE and ent["type"] is not None and ent["type"] not in _VAGUE:
                e["type"] = ent["type"]
            aliases = list(e["aliases"] or ())
            aliases += [a for a in dict.fromkeys(ent["aliases"]) if a not in aliases]
            e["aliases"], e["last_step"] = aliases, step
            found[key] = e
        return [e for e in found.values() if params["type"] is None or e["type"] == params["type"]]

    def find_recent_entities(self, namespace: str, *, limit: int) -> list[Entity]:
        rows = self._run(
            "read recent entities", cypher.RECENT_ENTITIES, {"ns": namespace, "limit": int(limit)}
        )
        return [_entity(namespace, e) for e in rows[0]["entities"]]

    @staticmethod
    def _relation(namespace: str, row: Sequence[Any]) -> Relation:
        """A relation from its ``cypher._RELATION_ROW`` list."""
        (
            rid,
            subject_id,
            type_,
            object_id,
            attributes,
            from_step,
            from_s,
            from_us,
            rec_s,
            rec_us,
            to_step,
            to_s,
            to_us,
            exp_s,
            exp_us,
            superseded_by,
            statement_id,
            confirmations,
            subject_name,
            object_name,
            offset,  # (its statement's: the times are given in it)
        ) = row
        return Relation(
            namespace=namespace,
            id=rid,
            subject_id=subject_id,
            type=type_,
            object_id=object_id,
            subject_name=subject_name or subject_id,
            object_name=object_name,
            attributes=json.loads(attributes or "{}"),
            valid_from_step=int(from_step),
            valid_from=in_offset(_epoch(from_s, from_us), offset),
            recorded_at=in_offset(_epoch(rec_s, rec_us), offset),
            valid_to_step=to_step,
            valid_to=None if to_s is None else in_offset(_epoch(to_s, to_us), offset),
            expired_at=None if exp_s is None else in_offset(_epoch(exp_s, exp_us), offset),
            superseded_by=superseded_by,
            statement_id=statement_id,
            confirmations=int(confirmations or 0),
        )

    def find_current_relations_of_types(
        self, namespace: str, entity_id: str, types: Collection[str], *, newest: int | None = None
    ) -> list[Relation]:
        """:func:`~..merged.find_current_relations_of_types`: only those types are read."""
        return self.find_relations(
            namespace, entity_id=entity_id, current_only=True, types=tuple(sorted(set(types))), newest=newest
        )

    def find_relations(
        self,
        namespace: str,
        *,
        subject_id: str | None = None,
        object_id: str | None = None,
        entity_id: str | None = None,
        type: str | None = None,
        current_only: bool = False,
        newest: int | None = None,
        types: tuple[str, ...] | None = None,
    ) -> list[Relation]:
        """:meth:`~..base.GraphStore.find_relations`; ``types`` (this store's own): only
        relations of one of these types (with ``entity_id``: the (end, type) indexes)."""
        if subject_id is not None:
            kind = "subject"
        elif object_id is not None:
            kind = "object"
        elif entity_id is not None:
            kind = "entity"
        elif type is not None:
            kind = "type"
        else:
            kind = "namespace"
        if kind == "subject" and type is not None:
            kind = "subject_type"
        elif kind == "object" and type is not None and subject_id is None:
            kind = "object_type"
        elif kind == "entity" and types is not None and type is None:
            kind = "entity_types"
        query = cypher_facts.RELATIONS_TYPED.get(kind) or cypher.RELATIONS[kind]
        # queued updates (bulk) without relation changes leave every relation as it is; only
        # the name of an end entity they create could differ (a relation naming an entity that
        # was not stored)
        # a batch keeps what its transaction read of the current relations (see PlanCache)
        batch = self._batch()
        # (a bounded read is kept too: PlanCache keeps its newest rows, see ``_changed_rows``)
        read = (namespace, kind, subject_id, object_id, entity_id, type, types, newest)
        cached = None
        if batch is not None and current_only and batch.failed is None:
            if batch.tx is not None:
                cached = batch.cache.relation_rows(read)
        else:
            batch = None
        params: dict[str, Any] = {
            "ns": namespace,
            "subject_key": _key_or_none(subject_id),
            "object_key": _key_or_none(object_id),
            "entity_key": _key_or_none(entity_id),
            "type": type,
            "type_key": _key_or_none(type),
            "types": None if types is None else list(types),
            "type_keys": None if types is None else _keys(types),
            "current_only": bool(current_only),
            "newest": 2**62 if newest is None else max(int(newest), 0),
        }
        if (
            cached is None
            and batch is not None
            and kind in _ONE_END
            and self._beside_writer(batch)
        ):
            # while the writer writes: the committed relations, with the transaction's relation
            # changes applied (None: one cannot be applied here; read in the transaction, below)
            rows = self._read_beside("read relations", query, params)[0]["relations"]
            cached = batch.cache.overlay(namespace, read, rows)
            if cached is not None:  # kept as a read in the transaction is (the updates follow)
                batch.cache.read_relations(read, cached)
        if cached is None:
            queued = self._pending_block()
            if queued is not None and queued.pending_changes:
                self._flush(queued)
            cached = self._relation_rows(query, params)
            if batch is not None and batch.tx is not None:
                batch.cache.read_relations(read, cached)
        return [self._relation(namespace, row) for row in cached]

    def find_relations_of_entities(
        self, namespace: str, entity_ids: Sequence[str], *, newest: int
    ) -> list[list[Relation]]:
        """:func:`~..base.find_relations_of_entities` in one query (queued bulk updates: one
        :meth:`find_relations` per entity, which handles them)."""
        ids = list(entity_ids)
        if not ids:
            return []
        if self._pending_block() is not None:
            return [self.find_relations(namespace, entity_id=i, newest=newest) for i in ids]
        rows = self._run(
            "read relations",
            cypher_facts.RELATIONS_OF_ENTITIES,
            {"ns": namespace, "entity_keys": _keys(ids), "newest": max(int(newest), 0)},
        )
        by_index = {int(row["i"]): row["relations"] for row in rows}
        return [
            [self._relation(namespace, r) for r in by_index.get(i, ())] for i in range(len(ids))
        ]

    def _beside_writer(self, batch: _Batch) -> bool:
        """Whether a read of a batch's plan runs beside its transaction: its writer thread is
        writing (the transaction is busy; updates queued since its last write are handed to it
        first), and the transaction holds only updates the batch's cache knows
        (``PlanCache.exact``). The transaction holds the store-wide write lock, so the
        committed state is the one it started from."""
        self._hand_off(batch)
        writing = batch.writing
        return (
            batch.tx is not None
            and batch.failed is None
            and writing is not None
            and not writing.done()
            and batch.cache.exact
        )

    def _read_beside(self, action: str, query: str, params: dict[str, Any]) -> Any:
        """A read in a transaction of its own, outside the thread's batch, on the primary
        server (``write``: a cluster's follower may not have every commit that came before the
        batch's lock)."""
        return self._run(action, query, params, shared=False, write=True)

    def _relation_rows(self, query: str, params: dict[str, Any]) -> list[Any]:
        rows = self._run("read relations", query, params, pending_ok=True)[0]["relations"]
        queued = self._pending_block()
        if queued is not None and any(
            (row[18] is None and index_key(row[1]) in queued.entity_keys)
            or (row[3] is not None and row[19] is None and index_key(row[3]) in queued.entity_keys)
            for row in rows
        ):
            self._flush(queued)
            rows = self._run("read relations", query, params)[0]["relations"]
        return list(rows)
