"""Per-item control of the SQLite store: statement pages and versions, superseding, hard deletes
of statements and entities with everything that names them (postings, contexts, relations)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence

from ...errors import InputError, NotFoundError, StoreError
from ...models import Statement
from ..splice import Ending, spliced_endings
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
        touched: set[str] = set()
        for chunk in _chunks(sids):  # type: ignore[arg-type]
            q = _qmarks(len(chunk))
            touched.update(
                r[0]
                for r in conn.execute(
                    f"SELECT concept FROM contexts WHERE statement_id IN ({q}) AND namespace = ?",
                    (*chunk, namespace),
                )
            )
            conn.execute(
                f"DELETE FROM contexts WHERE statement_id IN ({q}) AND namespace = ?",
                (*chunk, namespace),
            )
        for name in sorted(touched):
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
        keep_relations: Iterable[str] = (),
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
                kept = list(dict.fromkeys(keep_relations))
                conn.execute(
                    "UPDATE relations SET valid_to_step = ?, valid_to = MAX(?, valid_from), expired_at = ? "
                    "WHERE namespace = ? AND statement_id = ? AND valid_to_step IS NULL "
                    f"AND id NOT IN ({_qmarks(len(kept))})",
                    (step, at, at, namespace, statement_id, *kept),
                )
        except sqlite3.Error as exc:
            raise StoreError(
                f"SQLite write failed on {self.path!r} (nothing changed): {exc}"
            ) from exc

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
                self._unindex(conn, namespace, doomed)
                if cascade_relations:
                    self._delete_spliced(conn, namespace, doomed)
                for chunk in _chunks(doomed):  # type: ignore[arg-type]
                    q = _qmarks(len(chunk))
                    if not cascade_relations:
                        conn.execute(
                            "UPDATE relations SET statement_id = NULL WHERE namespace = ? "
                            f"AND statement_id IN ({q})",
                            (namespace, *chunk),
                        )
                    conn.execute(
                        f"DELETE FROM statements WHERE id IN ({q}) AND namespace = ?",
                        (*chunk, namespace),
                    )
                return len(doomed)
        except sqlite3.Error as exc:
            raise StoreError(
                f"SQLite write failed on {self.path!r} (nothing changed): {exc}"
            ) from exc

    def _delete_spliced(self, conn: sqlite3.Connection, namespace: str, doomed: Sequence[int]) -> None:
        """Delete the relations drawn from the ``doomed`` statements; the relations they
        superseded take their endings (:mod:`..splice`)."""
        gone: dict[str, Ending] = {}
        for chunk in _chunks(list(doomed)):  # type: ignore[arg-type]
            gone.update(
                (r[0], tuple(r[1:]))
                for r in conn.execute(
                    "SELECT id, valid_to_step, valid_to, expired_at, superseded_by FROM relations "
                    f"WHERE namespace = ? AND statement_id IN ({_qmarks(len(chunk))})",
                    (namespace, *chunk),
                )
            )
        before: list[tuple[str, str]] = []
        for chunk in _chunks(list(gone)):
            before += conn.execute(
                "SELECT id, superseded_by FROM relations WHERE namespace = ? "
                f"AND superseded_by IN ({_qmarks(len(chunk))})",
                (namespace, *chunk),
            ).fetchall()
        self._delete_relations(conn, namespace, list(gone))
        conn.executemany(
            "UPDATE relations SET valid_to_step = ?, valid_to = ?, expired_at = ?, superseded_by = ? "
            "WHERE namespace = ? AND id = ?",
            [(*ending, namespace, pid) for pid, ending in spliced_endings(gone, before)],
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
