"""Per-item control and export/import of the Neo4j store: statement pages and versions,
superseding, hard deletes of statements and entities with everything that names them (whole
namespaces, ``dump_namespace``/``load_namespace``, are :mod:`.transfer`'s).

A write of several queries runs them in one transaction (the store's :meth:`batch`), after
taking the store-wide counter lock that every update takes first.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from ...errors import InputError, NotFoundError, StoreError
from ...models import Statement
from ..offsets import in_offset
from ..splice import spliced_endings, surviving_evidence
from . import cypher, cypher_guard
from ._common import _UNLIMITED, _epoch, _key_or_none
from .cypher_splice import (
    CLEAR_EVIDENCE_OF,
    DROP_ORPHAN_ENTITIES,
    DROP_SUPPORT,
    MOVE_EVIDENCE,
    PREDECESSORS,
    RELATION_ENDINGS,
    RESTEP,
    SET_ENDINGS,
    SUPPORTERS,
)
from .schema import STATEMENT_COUNTER, index_key
from .transfer import Neo4jTransfer


class Neo4jItems(Neo4jTransfer):
    """Statements and entities one by one (mixed into :class:`Neo4jGraphStore`)."""

    @staticmethod
    def _statement(namespace: str, row: Sequence[Any]) -> Statement:
        """A statement from its ``cypher._STATEMENT_ROW`` list."""
        sid, text, t_index, speaker, source, at_s, at_us, metadata, superseded_by, offset = row
        return Statement(
            id=int(sid),
            namespace=namespace,
            text=text,
            t_index=int(t_index),
            at=in_offset(_epoch(at_s, at_us), offset),  # (in the offset it was given in)
            speaker=speaker,
            source=source,
            metadata=json.loads(metadata) if metadata else {},
            superseded_by=None if superseded_by is None else int(superseded_by),
        )

    def _statements(
        self, namespace: str, action: str, query: str, params: Mapping[str, Any]
    ) -> list[Statement]:
        rows = self._run(action, query, params)
        return [self._statement(namespace, r) for r in rows[0]["statements"]]

    # ------------------------------------------------------------------------------ reads
    def find_statement_page(
        self,
        namespace: str,
        *,
        offset: int = 0,
        limit: int | None = None,
        source: str | None = None,
        speaker: str | None = None,
        include_superseded: bool = False,
        newest_first: bool = False,
    ) -> list[Statement]:
        query = cypher_guard.STATEMENT_PAGE[(source is not None, "DESC" if newest_first else "ASC")]
        # (a (namespace, speaker, t_index) index was tried and taken out: Neo4j's range indexes
        # refuse a speaker over ~8 kB, which the store accepts; a bounded key, e.g. a hash of
        # the speaker, would need a migration that backfills every statement)
        first = max(0, int(offset))
        size = _UNLIMITED if limit is None else max(0, int(limit))
        return self._statements(
            namespace,
            "read statements",
            query,
            {
                "ns": namespace,
                "source": source,
                "source_key": _key_or_none(source),
                "speaker": speaker,
                "include_superseded": bool(include_superseded),
                "offset": first,
                "limit": size,
                "reach": min(first + size, _UNLIMITED),
            },
        )

    def _chain(self, namespace: str, statement_id: int) -> list[int]:
        """The ids of every version of a statement, oldest first ([] when it is not stored)."""
        row = self._run(
            "read statement versions",
            cypher.STATEMENT_LINKS,
            {"ns": namespace, "id": statement_id},
        )[0]
        if not row["found"]:
            return []
        chain = [statement_id]
        older, newer = row["older"], row["newer"]
        while older is not None and older not in chain:
            chain.insert(0, int(older))
            older = self._run(
                "read statement versions", cypher.STATEMENT_LINKS, {"ns": namespace, "id": older}
            )[0]["older"]
        while newer is not None and newer not in chain:
            chain.append(int(newer))
            newer = self._run(
                "read statement versions", cypher.STATEMENT_LINKS, {"ns": namespace, "id": newer}
            )[0]["newer"]
        return chain

    def find_statement_versions(self, namespace: str, statement_id: int) -> list[Statement]:
        chain = self._chain(namespace, int(statement_id))
        if not chain:
            return []
        found = {
            s.id: s
            for s in self._statements(
                namespace, "read statements", cypher.GET_STATEMENTS, {"ns": namespace, "ids": chain}
            )
        }
        return [found[i] for i in chain if i in found]

    # ------------------------------------------------------------------------------ writes
    def _lock_counter(self) -> None:
        rows = self._run(
            "lock the store", cypher.LOCK_COUNTER, {"counter": STATEMENT_COUNTER}, write=True
        )
        if not rows:
            raise StoreError(
                f"the Neo4j database at {self.uri} is not set up for recall-memory-plugins: "
                "call store.setup() first"
            )

    def _unindex(self, namespace: str, ids: Sequence[int]) -> None:
        self._run(
            "unindex statements",
            cypher.UNINDEX_STATEMENTS,
            {"ns": namespace, "ids": list(ids)},
            write=True,
        )

    def supersede_statement(
        self,
        namespace: str,
        statement_id: int,
        by: int,
        *,
        keep_relations: Iterable[str] | None = (),
        restep: Iterable[str] = (),
    ) -> None:
        with self.batch():
            self._lock_counter()
            found = {
                s.id: s
                for s in self._statements(
                    namespace,
                    "read statements",
                    cypher.GET_STATEMENTS,
                    {"ns": namespace, "ids": [int(statement_id), int(by)]},
                )
            }
            old = found.get(int(statement_id))
            if old is None:
                raise NotFoundError(f"no statement {statement_id} in namespace {namespace!r}")
            if int(by) not in found or by == statement_id:
                raise InputError(
                    f"cannot supersede statement {statement_id} by {by}: the newer version "
                    f"must be another statement of namespace {namespace!r}"
                )
            if old.superseded_by is not None:
                raise InputError(
                    f"statement {statement_id} was already superseded by {old.superseded_by}; "
                    "update the current version"
                )
            self._unindex(namespace, [int(statement_id)])
            self._run("drop support", DROP_SUPPORT, {"ns": namespace, "ids": [int(statement_id)]}, write=True)
            drawn = self._drawn(namespace, [int(statement_id)])
            kept = drawn if keep_relations is None else [r for r in drawn if r in set(keep_relations)]
            self._run(
                "supersede a statement",
                cypher.SUPERSEDE_STATEMENT,
                {"ns": namespace, "id": int(statement_id), "by": int(by), "keep": kept},
                write=True,
            )
            # what the new version repeats is drawn from it now (a later correction finds it)
            self._move_evidence(namespace, {rid: int(by) for rid in kept})
            keys = [index_key(r) for r in dict.fromkeys(restep)]
            if keys:
                params = {"ns": namespace, "keys": keys, "step": found[int(by)].t_index, "at": old.t_index}
                self._run("restep relations", RESTEP, params, write=True)

    def _delete_relations(self, namespace: str, ids: Sequence[str]) -> None:
        if ids:
            params = {"ns": namespace, "ids": list(ids), "keys": [index_key(i) for i in ids]}
            self._run("delete relations", cypher.DELETE_RELATIONS, params, write=True)

    def _delete_spliced(self, namespace: str, ids: list[str]) -> None:
        """Delete relations; the relations they superseded take their endings (:mod:`..splice`)."""
        if not ids:
            return
        fields = ("valid_to_step", "valid_to", "expired_at", "superseded_by")
        read = self._run("read relation endings", RELATION_ENDINGS, {"ns": namespace, "keys": [index_key(i) for i in ids]})
        gone = {r["id"]: tuple(r[f] for f in fields) for r in read}
        began = {r["id"]: r["valid_from_step"] for r in read}
        marks = {r["id"] for r in read if json.loads(r["attributes_json"] or "{}").get("ending") == "true"}  # (engine.relations.endings)
        before = [(r["id"], r["superseded_by"], tuple(r[f] for f in fields), r["valid_from_step"]) for r in self._run("read predecessors", PREDECESSORS, {"ns": namespace, "ids": ids})]
        self._delete_relations(namespace, ids)
        rows = [{"key": index_key(pid), **dict(zip(fields, e, strict=True))} for pid, e in spliced_endings(gone, before, began, marks)]
        if rows:
            self._run("splice endings", SET_ENDINGS, {"ns": namespace, "rows": rows}, write=True)

    def _drawn(self, namespace: str, ids: Sequence[int]) -> list[str]:
        rows = self._run("read relations", cypher.RELATIONS_OF_STATEMENTS, {"ns": namespace, "ids": list(ids)})
        return list(dict.fromkeys(rows[0]["ids"])) if rows else []

    def _move_evidence(self, namespace: str, moves: Mapping[str, int]) -> None:
        if moves:
            rows = [{"key": index_key(rid), "sid": sid} for rid, sid in moves.items()]
            self._run("move relation evidence", MOVE_EVIDENCE, {"ns": namespace, "rows": rows}, write=True)

    def _retract(
        self, namespace: str, doomed: Sequence[int], *, keep: Collection[str] = (), cascade: bool = True
    ) -> list[str]:
        """What the ``doomed`` statements said about relations goes, except ``keep``: a relation
        drawn from one that another current statement repeats is drawn from that one (the
        earliest) instead; the others are deleted with ``cascade`` (what they ended takes their
        ending), else they lose their evidence. Returns the ids deleted."""
        self._run("drop support", DROP_SUPPORT, {"ns": namespace, "ids": list(doomed)}, write=True)
        drawn = [r for r in self._drawn(namespace, doomed) if r not in keep]
        if not drawn:
            return []
        keys = [index_key(r) for r in drawn]
        pairs = [(r["id"], int(r["sid"])) for r in self._run("read supporters", SUPPORTERS, {"ns": namespace, "keys": keys})]
        moves = surviving_evidence(drawn, pairs, set(doomed))
        self._move_evidence(namespace, moves)
        gone = [r for r in drawn if r not in moves]
        if cascade:
            self._delete_spliced(namespace, gone)
            return gone
        if gone:
            params = {"ns": namespace, "keys": [index_key(r) for r in gone]}
            self._run("clear relation evidence", CLEAR_EVIDENCE_OF, params, write=True)
        return []

    def retract_relations(self, namespace: str, statement_id: int, *, keep: Iterable[str] = ()) -> int:
        with self.batch():
            self._lock_counter()
            self._run("forget statements", cypher.BUMP_GENERATION_ITEMS, {"ns": namespace}, write=True)
            return len(self._retract(namespace, [int(statement_id)], keep=set(keep)))

    def delete_statements(
        self, namespace: str, ids: Iterable[int], *, cascade_relations: bool = False
    ) -> int:
        with self.batch():
            self._lock_counter()
            doomed: list[int] = []
            for sid in dict.fromkeys(int(i) for i in ids):
                if sid not in doomed:
                    doomed += [v for v in self._chain(namespace, sid) if v not in doomed]
            if not doomed:
                return 0
            params = {"ns": namespace, "ids": doomed}
            self._run("forget statements", cypher.BUMP_GENERATION_ITEMS, params, write=True)
            steps = sorted({s.t_index for s in self._statements(namespace, "read statements", cypher.GET_STATEMENTS, params)})
            self._unindex(namespace, doomed)
            self._retract(namespace, doomed, cascade=cascade_relations)
            rows = self._run("delete statements", cypher.DELETE_STATEMENTS, params, write=True)
            self._run("drop orphan entities", DROP_ORPHAN_ENTITIES, {"ns": namespace, "steps": steps}, write=True)
            return int(rows[0]["deleted"])

    def delete_entity(self, namespace: str, entity_id: str) -> int:
        key = index_key(entity_id)
        with self.batch():
            self._lock_counter()
            row = self._run(
                "read an entity's relations",
                cypher.ENTITY_RELATIONS,
                {"ns": namespace, "key": key},
            )[0]
            if not row["found"]:
                raise NotFoundError(f"no entity {entity_id!r} in namespace {namespace!r}")
            gone = list(dict.fromkeys(row["ids"]))
            self._run(
                "forget an entity", cypher.BUMP_GENERATION_ITEMS, {"ns": namespace}, write=True
            )
            self._delete_relations(namespace, gone)
            self._run(
                "delete an entity", cypher.DELETE_ENTITY, {"ns": namespace, "key": key}, write=True
            )
            return len(gone)
