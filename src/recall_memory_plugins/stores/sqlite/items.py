"""Per-item control of the SQLite store: statement pages and versions, superseding, hard deletes
of statements and entities with everything that names them (postings, contexts, relations)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Iterable, Mapping, Sequence

from ...errors import InputError, NotFoundError, StoreError
from ...models import Statement
from ..splice import Ending, spliced_endings, surviving_evidence
from ._common import _chunks, _qmarks
from .transfer import SqliteTransfer


class SqliteItems(SqliteTransfer):
    """Statements and entities one by one (mixed into :class:`SqliteGraphStore`)."""

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
        sql = f"SELECT {self._STATEMENT_COLS} FROM statements WHERE namespace = ?"
        params: list[object] = [namespace]
        if source is not None:
            sql += " AND source = ?"
            params.append(source)
        if speaker is not None:
            sql += " AND speaker = ?"
            params.append(speaker)
        if not include_superseded:
            sql += " AND superseded_by IS NULL"
        order = "DESC" if newest_first else "ASC"
        sql += f" ORDER BY t_index {order}, id {order} LIMIT ? OFFSET ?"
        params += [-1 if limit is None else int(limit), max(0, int(offset))]
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [self._statement(r) for r in rows]

    def _chain(self, conn: sqlite3.Connection, namespace: str, statement_id: int) -> list[int]:
        """The ids of every version of a statement, oldest first ([] when it is not stored)."""
        row = conn.execute(
            "SELECT superseded_by FROM statements WHERE id = ? AND namespace = ?",
            (statement_id, namespace),
        ).fetchone()
        if row is None:
            return []
        chain = [statement_id]
        while True:  # older versions: those superseded by the oldest found so far
            older = conn.execute(
                "SELECT id FROM statements WHERE superseded_by = ? AND namespace = ?",
                (chain[0], namespace),
            ).fetchone()
            if older is None or older[0] in chain:
                break
            chain.insert(0, older[0])
        newer = row[0]
        while newer is not None and newer not in chain:
            chain.append(newer)
            found = conn.execute(
                "SELECT superseded_by FROM statements WHERE id = ? AND namespace = ?",
                (newer, namespace),
            ).fetchone()
            newer = found[0] if found else None
        return chain

    def find_statement_versions(self, namespace: str, statement_id: int) -> list[Statement]:
        with self._read() as conn:
            chain = self._chain(conn, namespace, int(statement_id))
            rows = {
                r["id"]: r
                for chunk in _chunks(chain)  # type: ignore[arg-type]
                for r in conn.execute(
                    f"SELECT {self._STATEMENT_COLS} FROM statements "
                    f"WHERE id IN ({_qmarks(len(chunk))})",
                    chunk,
                )
            }
        return [self._statement(rows[i]) for i in chain if i in rows]

    # ------------------------------------------------------------------------------ writes
    @staticmethod
    def _bump_generation(conn: sqlite3.Connection, namespace: str) -> None:
        """Engines sharing the file drop what they cached of the namespace (as after clear())."""
        conn.execute(
            "INSERT INTO namespace_generations (namespace, generation) VALUES (?, 1) "
            "ON CONFLICT(namespace) DO UPDATE SET generation = generation + 1",
            (namespace,),
        )

    def _unindex(self, conn: sqlite3.Connection, namespace: str, ids: Sequence[int]) -> None:
        """Take current statements out of everything recall reads: their postings (term counts
        and the namespace's totals follow), their concept contexts, and concepts left with an
        empty context (with their links). The statement rows stay."""
        rows = []
        for chunk in _chunks(list(ids)):  # type: ignore[arg-type]
            rows += conn.execute(
                f"SELECT id, terms, length FROM statements WHERE id IN ({_qmarks(len(chunk))}) "
                "AND namespace = ? AND superseded_by IS NULL",
                (*chunk, namespace),
            ).fetchall()
        if not rows:
            return
        postings: list[tuple[str, str, int]] = []
        df: dict[str, int] = {}
        for sid, encoded, _length in rows:
            for term in json.loads(encoded) if encoded else {}:
                postings.append((namespace, term, sid))
                df[term] = df.get(term, 0) + 1
        conn.executemany(
            "DELETE FROM postings WHERE namespace = ? AND term = ? AND statement_id = ?", postings
        )
        conn.executemany(
            "UPDATE terms SET df = df - ? WHERE namespace = ? AND term = ?",
            [(n, namespace, term) for term, n in df.items()],
        )
        conn.executemany(
            "DELETE FROM terms WHERE namespace = ? AND term = ? AND df <= 0",
            [(namespace, term) for term in df],
        )
        conn.execute(
            "UPDATE namespaces SET n_statements = n_statements - ?, "
            "total_length = total_length - ? WHERE namespace = ?",
            (len(rows), sum(r[2] for r in rows), namespace),
        )
        sids = [r[0] for r in rows]
        touched: dict[str, int] = {}
        for chunk in _chunks(sids):  # type: ignore[arg-type]
            q = _qmarks(len(chunk))
            for (name,) in conn.execute(
                f"SELECT concept FROM contexts WHERE statement_id IN ({q}) AND namespace = ?",
                (*chunk, namespace),
            ).fetchall():
                touched[name] = touched.get(name, 0) + 1
            conn.execute(
                f"DELETE FROM contexts WHERE statement_id IN ({q}) AND namespace = ?",
                (*chunk, namespace),
            )
        for name in sorted(touched):
            # context_size counts the context's rows: lowered, not counted again (a hub
            # concept's context is as large as the namespace, up to the context limit)
            size = conn.execute(
                "SELECT context_size FROM concepts WHERE namespace = ? AND name = ?",
                (namespace, name),
            ).fetchone()
            size = (size[0] if size else 0) - touched[name]
            if size <= 0:  # (checked by counting what is left: few rows)
                size = conn.execute(
                    "SELECT COUNT(*) FROM contexts WHERE namespace = ? AND concept = ?",
                    (namespace, name),
                ).fetchone()[0]
            if size:
                conn.execute(
                    "UPDATE concepts SET context_size = ? WHERE namespace = ? AND name = ?",
                    (size, namespace, name),
                )
                continue
            # no statement of its context is left: the concept and its links go
            conn.execute("DELETE FROM concepts WHERE namespace = ? AND name = ?", (namespace, name))
            conn.execute("DELETE FROM links WHERE namespace = ? AND source = ?", (namespace, name))
            conn.execute("DELETE FROM links WHERE namespace = ? AND target = ?", (namespace, name))

    def supersede_statement(
        self,
        namespace: str,
        statement_id: int,
        by: int,
        *,
        keep_relations: Iterable[str] | None = (),
        restep: Iterable[str] = (),
    ) -> None:
        try:
            with self.atomic() as conn:
                rows = {
                    r[0]: r[1]
                    for r in conn.execute(
                        "SELECT id, superseded_by FROM statements WHERE id IN (?, ?) "
                        "AND namespace = ?",
                        (statement_id, by, namespace),
                    )
                }
                if statement_id not in rows:
                    raise NotFoundError(f"no statement {statement_id} in namespace {namespace!r}")
                if by not in rows or by == statement_id:
                    raise InputError(
                        f"cannot supersede statement {statement_id} by {by}: the newer version "
                        f"must be another statement of namespace {namespace!r}"
                    )
                if rows[statement_id] is not None:
                    raise InputError(
                        f"statement {statement_id} was already superseded by "
                        f"{rows[statement_id]}; update the current version"
                    )
                self._bump_generation(conn, namespace)
                self._unindex(conn, namespace, [statement_id])
                conn.execute(
                    "UPDATE statements SET superseded_by = ? WHERE id = ?", (by, statement_id)
                )
                step, at = conn.execute(
                    "SELECT t_index, at FROM statements WHERE id = ?", (by,)
                ).fetchone()
                self._drop_support(conn, namespace, [statement_id])
                drawn = self._drawn(conn, namespace, [statement_id])
                kept = drawn if keep_relations is None else set(keep_relations) & set(drawn)
                conn.executemany(
                    "UPDATE relations SET valid_to_step = ?, valid_to = MAX(?, valid_from), expired_at = ? "
                    "WHERE namespace = ? AND id = ? AND valid_to_step IS NULL",
                    [(step, at, at, namespace, rid) for rid in drawn if rid not in kept],
                )
                # what the new version repeats is drawn from it now (a later correction finds it)
                self._move_evidence(conn, namespace, {rid: by for rid in kept})
                self._restep(conn, namespace, statement_id, step, restep)
        except sqlite3.Error as exc:
            raise StoreError(
                f"SQLite write failed on {self.path!r} (nothing changed): {exc}"
            ) from exc

    @staticmethod
    def _restep(
        conn: sqlite3.Connection, namespace: str, old: int, step: int, ids: Iterable[str]
    ) -> None:
        """The relations ``ids`` that a correction read at the time of the statement ``old``
        began or ended at its new version's ``step`` do so at ``old``'s step instead (never
        ending before they begin): history it added holds until its successor began (or at
        ``old``'s step alone), and an ended relation it clipped ends by ``old``'s step."""
        (at,) = conn.execute("SELECT t_index FROM statements WHERE id = ?", (old,)).fetchone()
        # (each SET reads the row as it was: one case per row)
        query = (
            "UPDATE relations SET "
            "valid_from_step = CASE WHEN valid_from_step = :step THEN :at ELSE valid_from_step END, "
            "valid_to_step = CASE WHEN valid_to_step IS NULL THEN NULL "
            "WHEN valid_from_step = :step AND valid_to_step = :step THEN MAX(:at, COALESCE(("
            "SELECT CASE WHEN s.valid_from_step >= :step THEN :at ELSE s.valid_from_step END "
            "FROM relations s WHERE s.namespace = :ns AND s.id = relations.superseded_by), :at)) "
            "WHEN valid_to_step = :step OR valid_to_step > :at THEN MAX(:at, valid_from_step) "
            "ELSE valid_to_step END "
            "WHERE namespace = :ns AND id = :id"
        )
        for rid in dict.fromkeys(ids):
            conn.execute(query, {"step": step, "at": at, "ns": namespace, "id": rid})

    def delete_statements(
        self, namespace: str, ids: Iterable[int], *, cascade_relations: bool = False
    ) -> int:
        try:
            with self.atomic() as conn:
                doomed: list[int] = []
                for sid in dict.fromkeys(int(i) for i in ids):
                    if sid not in doomed:
                        doomed += [v for v in self._chain(conn, namespace, sid) if v not in doomed]
                if not doomed:
                    return 0
                self._bump_generation(conn, namespace)
                steps = self._steps(conn, doomed)
                self._unindex(conn, namespace, doomed)
                self._retract(conn, namespace, doomed, cascade=cascade_relations)
                for chunk in _chunks(doomed):  # type: ignore[arg-type]
                    conn.execute(
                        f"DELETE FROM statements WHERE id IN ({_qmarks(len(chunk))}) "
                        "AND namespace = ?",
                        (*chunk, namespace),
                    )
                self._drop_orphan_entities(conn, namespace, steps)
                return len(doomed)
        except sqlite3.Error as exc:
            raise StoreError(
                f"SQLite write failed on {self.path!r} (nothing changed): {exc}"
            ) from exc

    def _delete_spliced(self, conn: sqlite3.Connection, namespace: str, doomed: Sequence[str]) -> None:
        """Delete the relations ``doomed`` (ids); the relations they superseded take their endings
        (:mod:`..splice`)."""
        gone: dict[str, Ending] = {}
        began: dict[str, int] = {}
        marks: set[str] = set()  # (the marks of endings imported before their starts)
        for chunk in _chunks(list(doomed)):
            for r in conn.execute(
                "SELECT id, valid_to_step, valid_to, expired_at, superseded_by, valid_from_step, "
                "json_extract(attributes, '$.ending') IS 'true' "
                f"FROM relations WHERE namespace = ? AND id IN ({_qmarks(len(chunk))})",
                (namespace, *chunk),
            ):
                gone[r[0]], began[r[0]] = tuple(r[1:5]), r[5]
                if r[6]:
                    marks.add(r[0])
        before: list[tuple[str, str, Ending, int]] = []
        for chunk in _chunks(list(gone)):
            before += [
                (r[0], r[1], tuple(r[2:6]), r[6])
                for r in conn.execute(
                    "SELECT id, superseded_by, valid_to_step, valid_to, expired_at, superseded_by, "
                    f"valid_from_step FROM relations WHERE namespace = ? AND superseded_by IN ({_qmarks(len(chunk))})",
                    (namespace, *chunk),
                )
            ]
        self._delete_relations(conn, namespace, list(gone))
        conn.executemany(
            "UPDATE relations SET valid_to_step = ?, valid_to = ?, expired_at = ?, superseded_by = ? "
            "WHERE namespace = ? AND id = ?",
            [(*ending, namespace, pid) for pid, ending in spliced_endings(gone, before, began, marks)],
        )

    # -------------------------------------------------------------------- relation evidence
    @staticmethod
    def _steps(conn: sqlite3.Connection, ids: Sequence[int]) -> set[int]:
        steps: set[int] = set()
        for chunk in _chunks(list(ids)):  # type: ignore[arg-type]
            steps.update(
                r[0]
                for r in conn.execute(
                    f"SELECT t_index FROM statements WHERE id IN ({_qmarks(len(chunk))})", chunk
                )
            )
        return steps

    @staticmethod
    def _drawn(conn: sqlite3.Connection, namespace: str, ids: Sequence[int]) -> list[str]:
        """The ids of the relations drawn from the statements ``ids`` (an index range each)."""
        out: list[str] = []
        for chunk in _chunks(list(ids)):  # type: ignore[arg-type]
            out += [
                r[0]
                for r in conn.execute(
                    "SELECT id FROM relations WHERE namespace = ? "
                    f"AND statement_id IN ({_qmarks(len(chunk))})",
                    (namespace, *chunk),
                )
            ]
        return out

    @staticmethod
    def _drop_support(conn: sqlite3.Connection, namespace: str, ids: Sequence[int]) -> None:
        """The statements ``ids`` no longer repeat any relation (one confirmation less each)."""
        for chunk in _chunks(list(ids)):  # type: ignore[arg-type]
            q = _qmarks(len(chunk))
            conn.execute(
                "UPDATE relations SET confirmations = MAX(confirmations - 1, 0) "
                "WHERE namespace = ? AND id IN (SELECT relation_id FROM relation_support "
                f"WHERE namespace = ? AND statement_id IN ({q}))",
                (namespace, namespace, *chunk),
            )
            conn.execute(
                f"DELETE FROM relation_support WHERE namespace = ? AND statement_id IN ({q})",
                (namespace, *chunk),
            )

    @staticmethod
    def _move_evidence(conn: sqlite3.Connection, namespace: str, moves: Mapping[str, int]) -> None:
        """Each relation of ``moves`` is drawn from the given statement from now on (which no
        longer counts as its confirmation)."""
        for rid, sid in moves.items():
            cur = conn.execute(
                "DELETE FROM relation_support WHERE namespace = ? AND relation_id = ? "
                "AND statement_id = ?",
                (namespace, rid, sid),
            )
            conn.execute(
                "UPDATE relations SET statement_id = ?, confirmations = "
                "MAX(confirmations - ?, 0) WHERE namespace = ? AND id = ?",
                (sid, cur.rowcount, namespace, rid),
            )

    def _retract(
        self,
        conn: sqlite3.Connection,
        namespace: str,
        doomed: Sequence[int],
        *,
        keep: Collection[str] = (),
        cascade: bool = True,
    ) -> list[str]:
        """What the ``doomed`` statements said about relations goes, except ``keep``: a relation
        drawn from one that another current statement repeats is drawn from that one (the
        earliest) instead; the others are deleted with ``cascade`` (what they ended takes their
        ending), else they lose their evidence. Returns the ids deleted."""
        self._drop_support(conn, namespace, doomed)
        drawn = [r for r in self._drawn(conn, namespace, doomed) if r not in keep]
        pairs: list[tuple[str, int]] = []
        for chunk in _chunks(drawn):
            pairs += conn.execute(
                "SELECT p.relation_id, p.statement_id FROM relation_support p JOIN statements s "
                "ON s.id = p.statement_id AND s.superseded_by IS NULL WHERE p.namespace = ? "
                f"AND p.relation_id IN ({_qmarks(len(chunk))})",
                (namespace, *chunk),
            ).fetchall()
        moves = surviving_evidence(drawn, pairs, set(doomed))
        self._move_evidence(conn, namespace, moves)
        gone = [r for r in drawn if r not in moves]
        if cascade:
            self._delete_spliced(conn, namespace, gone)
        else:
            conn.executemany(
                "UPDATE relations SET statement_id = NULL WHERE namespace = ? AND id = ?",
                [(namespace, rid) for rid in gone],
            )
        return gone if cascade else []

    def retract_relations(
        self, namespace: str, statement_id: int, *, keep: Iterable[str] = ()
    ) -> int:
        try:
            with self.atomic() as conn:
                self._bump_generation(conn, namespace)
                return len(
                    self._retract(conn, namespace, [int(statement_id)], keep=set(keep))
                )
        except sqlite3.Error as exc:
            raise StoreError(
                f"SQLite write failed on {self.path!r} (nothing changed): {exc}"
            ) from exc

    @staticmethod
    def _drop_orphan_entities(conn: sqlite3.Connection, namespace: str, steps: Iterable[int]) -> None:
        """Entities mentioned only at one of ``steps`` (whose statements are all gone) and in no
        relation go with their aliases."""
        for step in sorted(steps):
            if conn.execute(
                "SELECT 1 FROM statements WHERE namespace = ? AND t_index = ? LIMIT 1",
                (namespace, step),
            ).fetchone():
                continue  # (another statement of that step may name them)
            for (eid,) in conn.execute(
                "SELECT id FROM entities e INDEXED BY ix_entities_recent "
                "WHERE namespace = ? AND last_step = ? "
                "AND first_step = ? AND NOT EXISTS (SELECT 1 FROM relations r WHERE "
                "r.namespace = e.namespace AND r.subject_id = e.id) AND NOT EXISTS (SELECT 1 "
                "FROM relations r WHERE r.namespace = e.namespace AND r.object_id = e.id)",
                (namespace, step, step),
            ).fetchall():
                conn.execute(
                    "DELETE FROM entity_aliases WHERE namespace = ? AND entity_id = ?",
                    (namespace, eid),
                )
                conn.execute(
                    "DELETE FROM entities WHERE namespace = ? AND id = ?", (namespace, eid)
                )

    @staticmethod
    def _delete_relations(conn: sqlite3.Connection, namespace: str, ids: Sequence[str]) -> None:
        """Delete relations; the ended relations they superseded no longer point at them."""
        for chunk in _chunks(list(ids)):
            q = _qmarks(len(chunk))
            conn.execute(
                f"DELETE FROM relations WHERE namespace = ? AND id IN ({q})", (namespace, *chunk)
            )
            conn.execute(
                f"DELETE FROM relation_support WHERE namespace = ? AND relation_id IN ({q})",
                (namespace, *chunk),
            )
            conn.execute(
                f"UPDATE relations SET superseded_by = NULL WHERE namespace = ? "
                f"AND superseded_by IN ({q})",
                (namespace, *chunk),
            )

    def delete_entity(self, namespace: str, entity_id: str) -> int:
        try:
            with self.atomic() as conn:
                found = conn.execute(
                    "SELECT 1 FROM entities WHERE namespace = ? AND id = ?", (namespace, entity_id)
                ).fetchone()
                if found is None:
                    raise NotFoundError(f"no entity {entity_id!r} in namespace {namespace!r}")
                gone = [
                    r[0]
                    for r in conn.execute(
                        "SELECT id FROM relations WHERE namespace = ? AND subject_id = ? "
                        "UNION SELECT id FROM relations WHERE namespace = ? AND object_id = ?",
                        (namespace, entity_id, namespace, entity_id),
                    )
                ]
                self._bump_generation(conn, namespace)
                self._delete_relations(conn, namespace, gone)
                conn.execute(
                    "DELETE FROM entity_aliases WHERE namespace = ? AND entity_id = ?",
                    (namespace, entity_id),
                )
                conn.execute(
                    "DELETE FROM entities WHERE namespace = ? AND id = ?", (namespace, entity_id)
                )
                return len(gone)
        except sqlite3.Error as exc:
            raise StoreError(
                f"SQLite write failed on {self.path!r} (nothing changed): {exc}"
            ) from exc
