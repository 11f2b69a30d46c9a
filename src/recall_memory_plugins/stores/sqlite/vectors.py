"""Statement vectors of the SQLite store (the optional semantic signal of recall).

A vector belongs to one statement and one vector space (the embedder's name); it is deleted with
its statement (foreign key, ``ON DELETE CASCADE``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence

from ...errors import StoreError
from ._common import _chunks, _qmarks
from .lifecycle import SqliteConnection


class SqliteVectors(SqliteConnection):
    """``put_vectors`` / ``find_vectors`` (mixed into :class:`SqliteGraphStore`)."""

    def put_vectors(self, namespace: str, space: str, vectors: Mapping[int, bytes]) -> int:
        if not vectors:
            return 0
        rows = [(int(sid), space, bytes(vec), namespace) for sid, vec in vectors.items()]
        try:
            with self.atomic() as conn:
                before = conn.total_changes
                # only statements of this namespace that still exist get a vector
                conn.executemany(
                    "INSERT INTO statement_vectors (statement_id, space, vector) "
                    "SELECT id, ?2, ?3 FROM statements WHERE id = ?1 AND namespace = ?4 "
                    "ON CONFLICT(statement_id) DO UPDATE SET space = excluded.space, "
                    "vector = excluded.vector",
                    rows,
                )
                return conn.total_changes - before
        except sqlite3.Error as exc:
            raise StoreError(f"SQLite could not store vectors in {self.path!r}: {exc}") from exc

    def find_vectors(self, namespace: str, space: str, ids: Sequence[int]) -> dict[int, bytes]:
        out: dict[int, bytes] = {}
        wanted = [int(i) for i in dict.fromkeys(ids)]
        with self._read() as conn:
            for chunk in _chunks(wanted):  # type: ignore[arg-type]
                for sid, vec in conn.execute(
                    "SELECT v.statement_id, v.vector FROM statement_vectors v "
                    "JOIN statements s ON s.id = v.statement_id "
                    f"WHERE v.statement_id IN ({_qmarks(len(chunk))}) AND v.space = ? "
                    "AND s.namespace = ?",
                    (*chunk, space, namespace),
                ):
                    out[int(sid)] = bytes(vec)
        return out
