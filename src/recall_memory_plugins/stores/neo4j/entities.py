"""Entities and relations of the Neo4j store: alias look-ups, recent entities, relation history."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from ...models import Entity, Relation
from ..base import newest_per_alias
from . import cypher
from ._common import _entity, _epoch, _epoch_or_none, _key_or_none, _keys
from .lifecycle import Neo4jLifecycle


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
        rows = self._run("read entities", query, params)
        entities = [_entity(namespace, e) for e in rows[0]["entities"]]
        if newest is not None and params["alias_keys"] is not None:
            return newest_per_alias(entities, params["alias_keys"], max(0, int(newest)))
        return sorted(entities, key=lambda e: (e.first_step, e.id))

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
            valid_from=_epoch(from_s, from_us),
            recorded_at=_epoch(rec_s, rec_us),
            valid_to_step=to_step,
            valid_to=_epoch_or_none(to_s, to_us),
            expired_at=_epoch_or_none(exp_s, exp_us),
            superseded_by=superseded_by,
            statement_id=statement_id,
            confirmations=int(confirmations or 0),
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
    ) -> list[Relation]:
        if subject_id is not None:
            query = cypher.RELATIONS["subject"]
        elif object_id is not None:
            query = cypher.RELATIONS["object"]
        elif entity_id is not None:
            query = cypher.RELATIONS["entity"]
        elif type is not None:
            query = cypher.RELATIONS["type"]
        else:
            query = cypher.RELATIONS["namespace"]
        rows = self._run(
            "read relations",
            query,
            {
                "ns": namespace,
                "subject_key": _key_or_none(subject_id),
                "object_key": _key_or_none(object_id),
                "entity_key": _key_or_none(entity_id),
                "type": type,
                "type_key": _key_or_none(type),
                "current_only": bool(current_only),
                "newest": 2**62 if newest is None else max(int(newest), 0),
            },
        )
        return [self._relation(namespace, row) for row in rows[0]["relations"]]
