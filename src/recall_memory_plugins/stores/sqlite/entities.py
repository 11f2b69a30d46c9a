"""Entities and relations of the SQLite store: their writes (parts of one update) and reads
(alias look-ups, recent entities, relation history)."""

from __future__ import annotations

import heapq
import json
import sqlite3
from collections.abc import Collection, Iterable
from datetime import datetime

from ...errors import InputError, WriteConflictError
from ...models import Entity, GraphUpdate, Relation
from ..offsets import in_offset
from ._common import _aliases, _chunks, _qmarks, _ts
from .lifecycle import SqliteConnection
from .memo import AliasMemo

_VAGUE = frozenset({"OTHER", "THING"})  # entity types a later record may make precise


def _newest_first(entity: Entity) -> tuple[int, int, str]:
    return (-entity.last_step, -entity.first_step, entity.id)


class SqliteEntities(SqliteConnection):
    """Entities and relations (mixed into :class:`SqliteGraphStore`)."""

    # ------------------------------------------------------------------------------ writes
    def _write_entities(self, conn: sqlite3.Connection, update: GraphUpdate, step: int) -> None:
        ns = update.namespace
        if not update.entities:
            return
        known: dict[str, list[str]] = {}
        stored: dict[str, str] = {}
        # name, type, first_step of each entity after this update (for the alias memo)
        state: dict[str, tuple[str, str, int]] = {}
        ids = list(dict.fromkeys(e.id for e in update.entities))
        for chunk in _chunks(ids):
            for row in conn.execute(
                "SELECT id, aliases, name, type, first_step FROM entities "
                f"WHERE namespace = ? AND id IN ({_qmarks(len(chunk))})",
                (ns, *chunk),
            ):
                stored[row[0]] = row[1]
                known[row[0]] = list(_aliases(row[1]))
                state[row[0]] = (row[2], row[3], row[4])
        inserts: list[tuple[object, ...]] = []
        updates: list[tuple[object, ...]] = []
        alias_rows: list[tuple[str, str, str]] = []
        for ent in update.entities:
            is_new = ent.id not in known
            aliases = known.setdefault(ent.id, [])
            added = [a for a in dict.fromkeys((ent.name, *ent.aliases)) if a and a not in aliases]
            aliases.extend(added)
            # only the aliases this update adds need an index row (the others have one)
            alias_rows.extend((ns, a.casefold(), ent.id) for a in added)
            if added or ent.id not in stored:
                encoded = stored[ent.id] = json.dumps(aliases, ensure_ascii=False)
            else:
                encoded = stored[ent.id]
            if is_new:
                inserts.append((ns, ent.id, ent.name, ent.type, encoded, step, step))
                state[ent.id] = (ent.name, ent.type, step)
            else:
                updates.append((encoded, step, ent.type, ent.type, ns, ent.id))
                name, type_, first = state[ent.id]
                if type_ in _VAGUE and ent.type not in _VAGUE:  # as the UPDATE below does
                    state[ent.id] = (name, ent.type, first)
        for params in inserts:  # in order: a later record of the same id is an update
            conn.execute(
                "INSERT INTO entities(namespace, id, name, type, aliases, first_step, last_step) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(namespace, id) DO NOTHING",
                params,
            )
        if updates:  # (no empty statement runs: most updates add no alias)
            conn.executemany(
                "UPDATE entities SET aliases = ?, last_step = ?, type = CASE "
                "WHEN type IN ('OTHER', 'THING') AND ? NOT IN ('OTHER', 'THING') THEN ? "
                "ELSE type END WHERE namespace = ? AND id = ?",
                updates,
            )
        if alias_rows:
            conn.executemany(
                "INSERT OR IGNORE INTO entity_aliases(namespace, alias_key, entity_id) "
                "VALUES (?, ?, ?)",
                alias_rows,
            )
        if self._memo is not None and len(self._memo.aliases):  # the kept alias look-ups
            for eid, aliases in known.items():
                name, type_, first = state[eid]
                entity = Entity(ns, eid, name, type_, tuple(aliases), first, step)
                self._memo.aliases.note(entity, {a.casefold() for a in aliases})

    def _write_relations(
        self, conn: sqlite3.Connection, update: GraphUpdate, step: int, at: str, ids: list[int]
    ) -> None:
        ns = update.namespace
        adds = sum(1 for change in update.relation_changes if change.op == "add")
        seq = 0
        if adds:  # reserve this update's sequence numbers
            seq = (
                conn.execute(
                    "UPDATE namespaces SET relation_seq = relation_seq + ? WHERE namespace = ? "
                    "RETURNING relation_seq",
                    (adds, ns),
                ).fetchone()[0]
                - adds
            )
        for change in update.relation_changes:
            sid = ids[change.statement_index] if 0 <= change.statement_index < len(ids) else None
            if change.op == "add":
                seq += 1
                history = change.valid_to is not None  # held until a newer fact: never current
                conn.execute(
                    "INSERT INTO relations(namespace, id, subject_id, type, object_id, attributes, "
                    "valid_from_step, valid_from, recorded_at, statement_id, seq, "
                    "valid_to_step, valid_to, expired_at, superseded_by, utc_offset) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        ns,
                        change.relation_id,
                        change.subject_id,
                        change.type,
                        change.object_id,
                        json.dumps(dict(change.attributes), ensure_ascii=False),
                        step,
                        _ts(change.valid_from) if change.valid_from is not None else at,
                        at,
                        sid,
                        seq,
                        step if history else None,
                        _ts(change.valid_to) if change.valid_to is not None else None,
                        at if history else None,
                        change.superseded_by if history else None,
                        update.utc_offset,
                    ),
                )
            elif change.op == "clip":  # an ended relation ends earlier (world time)
                conn.execute(
                    "UPDATE relations SET valid_to = ?, superseded_by = ? WHERE namespace = ? "
                    "AND id = ? AND valid_to_step IS NOT NULL",
                    (_ts(change.valid_to) if change.valid_to else None, change.superseded_by, ns, change.relation_id),
                )
            elif change.op == "end":
                cur = conn.execute(
                    "UPDATE relations SET valid_to_step = ?, valid_to = MAX(?, valid_from), expired_at = ?, "  # (never before it began)
                    "superseded_by = ? WHERE namespace = ? AND id = ? AND valid_to_step IS NULL",
                    (
                        step,
                        _ts(change.valid_to) if change.valid_to is not None else at,
                        at,
                        change.superseded_by,
                        ns,
                        change.relation_id,
                    ),
                )
                if cur.rowcount != 1:
                    raise WriteConflictError(
                        f"cannot end relation {change.relation_id!r}: not current"
                    )
            elif change.op == "confirm":
                conn.execute(
                    "UPDATE relations SET confirmations = confirmations + 1 "
                    "WHERE namespace = ? AND id = ?",
                    (ns, change.relation_id),
                )
                if sid is not None:  # (it outlives the delete of its first statement)
                    conn.execute(
                        "INSERT OR IGNORE INTO relation_support VALUES (?, ?, ?)",
                        (ns, change.relation_id, sid),
                    )
            else:  # pragma: no cover - Literal type guards this
                raise InputError(f"unknown relation change {change.op!r}")

    # ------------------------------------------------------------------------------ reads
    @staticmethod
    def _entity(row: sqlite3.Row) -> Entity:
        return Entity(
            namespace=row["namespace"],
            id=row["id"],
            name=row["name"],
            type=row["type"],
            aliases=_aliases(row["aliases"]),
            first_step=row["first_step"],
            last_step=row["last_step"],
        )

    def find_entities(
        self,
        namespace: str,
        *,
        ids: Iterable[str] | None = None,
        aliases: Iterable[str] | None = None,
        type: str | None = None,
        newest: int | None = None,
    ) -> list[Entity]:
        if aliases is not None and newest is not None:
            return self._entities_by_alias(namespace, aliases, ids, type, max(0, int(newest)))
        sql = (
            "SELECT namespace, id, name, type, aliases, first_step, last_step FROM entities "
            "WHERE namespace = ?"
        )
        params: list[object] = [namespace]
        with self._read() as conn:
            if ids is not None:
                id_list = list(dict.fromkeys(ids))
                if not id_list:
                    return []
                sql += f" AND id IN ({_qmarks(len(id_list))})"
                params.extend(id_list)
            if aliases is not None:
                keys = list(dict.fromkeys(a.casefold() for a in aliases))
                if not keys:
                    return []
                sql += (
                    " AND id IN (SELECT entity_id FROM entity_aliases WHERE namespace = ? "
                    f"AND alias_key IN ({_qmarks(len(keys))}))"
                )
                params.extend([namespace, *keys])
            if type is not None:
                sql += " AND type = ?"
                params.append(type)
            rows = conn.execute(sql + " ORDER BY first_step, id", params).fetchall()
        return [self._entity(r) for r in rows]

    def _entities_by_alias(
        self,
        namespace: str,
        aliases: Iterable[str],
        ids: Iterable[str] | None,
        type: str | None,
        newest: int,
    ) -> list[Entity]:
        """Per alias, the ``newest`` most recent entities plus those named exactly the alias.

        SQLite returns each alias's candidates newest first as plain tuples; only the kept ones
        become entities.
        """
        keys = list(dict.fromkeys(a.casefold() for a in aliases))
        id_set = None if ids is None else set(ids)
        if not keys or id_set == set():
            return []
        memo = self._memo.aliases if self._memo is not None and self._memo_live and self._lock.held() else None
        if memo is not None:  # inside a batch: the kept entities, ranked here (memo.py)
            return self._ranked_aliases(namespace, keys, id_set, type, newest, memo)
        sql = (
            "SELECT a.alias_key, e.id, e.name, e.type, e.aliases, e.first_step, e.last_step "
            "FROM entity_aliases a JOIN entities e ON e.namespace = a.namespace "
            f"AND e.id = a.entity_id WHERE a.namespace = ? AND a.alias_key IN ({_qmarks(len(keys))})"
        )
        params: list[object] = [namespace, *keys]
        if type is not None:
            sql += " AND e.type = ?"
            params.append(type)
        sql += " ORDER BY a.alias_key, e.last_step DESC, e.first_step DESC, e.id"
        kept: dict[str, Entity] = {}
        with self._read() as conn:
            cur = conn.cursor()
            cur.row_factory = None
            key, rank = None, 0
            for alias_key, eid, name, type_, encoded, first, last in cur.execute(sql, params):
                if id_set is not None and eid not in id_set:
                    continue
                if alias_key != key:
                    key, rank = alias_key, 0
                rank += 1
                if eid not in kept and (rank <= newest or name.casefold() == alias_key):
                    kept[eid] = Entity(namespace, eid, name, type_, _aliases(encoded), first, last)
        return sorted(kept.values(), key=lambda e: (e.first_step, e.id))

    def _ranked_aliases(
        self,
        namespace: str,
        keys: list[str],
        id_set: set[str] | None,
        type: str | None,
        newest: int,
        memo: AliasMemo,
    ) -> list[Entity]:
        """:meth:`_entities_by_alias` from the entities ``memo`` keeps (the missing keys read
        in one query, every entity of each, kept): the same entities, ranked the same way."""
        found = {key: memo.get(namespace, key) for key in keys}
        missing = [key for key, rows in found.items() if rows is None]
        if missing:
            read: dict[str, dict[str, Entity]] = {key: {} for key in missing}
            with self._read() as conn:
                cur = conn.cursor()
                cur.row_factory = None
                for chunk in _chunks(missing):
                    for key, eid, name, type_, encoded, first, last in cur.execute(
                        "SELECT a.alias_key, e.id, e.name, e.type, e.aliases, e.first_step, "
                        "e.last_step FROM entity_aliases a JOIN entities e ON e.namespace = "
                        "a.namespace AND e.id = a.entity_id WHERE a.namespace = ? AND "
                        f"a.alias_key IN ({_qmarks(len(chunk))})",
                        (namespace, *chunk),
                    ):
                        read[key][eid] = Entity(
                            namespace, eid, name, type_, _aliases(encoded), first, last
                        )
            for key, rows in read.items():
                memo.put(namespace, key, rows)
                found[key] = rows
        kept: dict[str, Entity] = {}
        for key in keys:
            candidates = [
                e for e in (found[key] or {}).values()
                if (type is None or e.type == type) and (id_set is None or e.id in id_set)
            ]  # fmt: skip
            if len(candidates) <= newest:  # (most keys: every candidate is kept)
                kept.update((e.id, e) for e in candidates)
                continue
            # the newest (last_step, then first_step descending, then id), and exact names
            for e in heapq.nsmallest(newest, candidates, key=_newest_first):
                kept[e.id] = e
            for e in candidates:
                if e.name.casefold() == key:
                    kept[e.id] = e
        return sorted(kept.values(), key=lambda e: (e.first_step, e.id))

    def find_recent_entities(self, namespace: str, *, limit: int) -> list[Entity]:
        with self._read() as conn:
            rows = conn.execute(
                "SELECT namespace, id, name, type, aliases, first_step, last_step FROM entities "
                "WHERE namespace = ? ORDER BY last_step DESC, first_step DESC, id ASC LIMIT ?",
                (namespace, limit),
            ).fetchall()
        return [self._entity(r) for r in rows]

    def find_current_relations_of_types(
        self, namespace: str, entity_id: str, types: Collection[str], *, newest: int | None = None
    ) -> list[Relation]:
        """:func:`~..merged.find_current_relations_of_types`: only those types are read (a
        speaker who owns 200 things is not decoded for a reader of moves)."""
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
        relations of one of these types."""
        if types is not None and not types:
            return []
        # reads of one entity's current relations in a batch are kept until a write changes
        # them (memo.py)
        memo, key = None, None
        anchors: tuple[str, ...] = ()
        # (a bounded answer too: a write that adds, ends or confirms one of its type drops it)
        if self._memo_live and current_only and self._lock.held():
            anchors = tuple(e for e in (subject_id, object_id, entity_id) if e is not None)
            if anchors:
                memo, key = self._memo, (namespace, subject_id, object_id, entity_id, type, types, newest)
                found = memo.get(key) if memo is not None else None
                if found is not None:
                    return found
        head = (
            "SELECT r.namespace, r.id, r.subject_id, r.type, r.object_id, s.name, o.name, "
            "r.attributes, r.valid_from_step, r.valid_from, r.recorded_at, r.valid_to_step, "
            "r.valid_to, r.expired_at, r.superseded_by, r.statement_id, r.confirmations, "
            "r.utc_offset FROM relations r "
            "LEFT JOIN entities s ON s.namespace = r.namespace AND s.id = r.subject_id "
            "LEFT JOIN entities o ON o.namespace = r.namespace AND o.id = r.object_id "
        )
        # with entity_id the rowid list below drives the read, not a namespace index
        sql = "WHERE +r.namespace = ?" if entity_id is not None else "WHERE r.namespace = ?"
        params: list[object] = [namespace]
        if subject_id is not None:
            sql += " AND r.subject_id = ?"
            params.append(subject_id)
        if object_id is not None:
            sql += " AND r.object_id = ?"
            params.append(object_id)
        if entity_id is not None:
            # either end, each through its own (end, type) index (an OR would scan the
            # namespace); with types, only those index ranges
            typed = "" if not types else f" AND type IN ({_qmarks(len(types))})"
            sql += (
                " AND r.rowid IN (SELECT rowid FROM relations WHERE namespace = ? AND "
                f"subject_id = ?{typed} UNION SELECT rowid FROM relations WHERE namespace = ? AND "
                f"object_id = ?{typed})"
            )
            params.extend([namespace, entity_id, *(types or ()), namespace, entity_id, *(types or ())])
        if type is not None:
            # with an entity given, its index is the selective one; "+" keeps SQLite from
            # walking every relation of a common type instead
            anchored = subject_id is not None or object_id is not None or entity_id is not None
            sql += " AND +r.type = ?" if anchored else " AND r.type = ?"
            params.append(type)
        if types and entity_id is None:  # (with entity_id its index ranges hold only these)
            sql += f" AND +r.type IN ({_qmarks(len(types))})"
            params.extend(types)
        if current_only:
            sql += " AND r.valid_to_step IS NULL"
        with self._read() as conn:
            cur = conn.cursor()
            cur.row_factory = None  # (plain tuples, read by position: ~2x faster to decode)
            if newest is None:
                rows = cur.execute(head + sql + " ORDER BY r.seq", params).fetchall()
            else:
                # the newest matches, returned oldest first like the unbounded read; chosen
                # before the names are joined, so a long history costs a sort of its keys only
                limited = (
                    f"{head}WHERE r.rowid IN (SELECT r.rowid FROM relations r {sql} "
                    "ORDER BY r.seq DESC LIMIT ?) ORDER BY r.seq DESC"
                )
                rows = cur.execute(limited, [*params, max(newest, 0)]).fetchall()[::-1]
        def iso(value: str, offset: int) -> datetime:  # (in the offset of its statement)
            at = datetime.fromisoformat(value)
            return in_offset(at, offset) if offset else at

        relations = [
            Relation(
                ns, rid, sid, rtype, oid, sname or sid, oname,
                json.loads(attributes) if attributes != "{}" else {},
                from_step, iso(valid_from, off), iso(recorded_at, off), to_step,
                None if valid_to is None else iso(valid_to, off),
                None if expired is None else iso(expired, off),
                superseded_by, statement_id, confirmations,
            )
            for (ns, rid, sid, rtype, oid, sname, oname, attributes, from_step, valid_from,
                 recorded_at, to_step, valid_to, expired, superseded_by, statement_id,
                 confirmations, off) in rows
        ]
        if memo is not None and all(row[5] is not None and (row[4] is None or row[6] is not None)
                                    for row in rows):  # (an end with no entity yet: not kept)
            memo.put(key, namespace, anchors, type, types, relations)
        return relations
