"""``SqliteGraphStore``: the embedded default store (stdlib ``sqlite3``, no server).

This module opens the database and applies one update in one transaction; the class is composed
of the domain modules: ``lifecycle`` (connection, transactions, migrations, clear, stats),
``statements`` (statements, concepts, links, contexts), ``lexical`` (postings, BM25) and
``entities`` (entities, relations).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path

from ...errors import ConfigurationError, StoreError
from ...models import GraphUpdate, UpdateResult
from ._common import _ts
from .entities import SqliteEntities
from .lexical import SqliteLexical
from .statements import SqliteStatements

__all__ = ["SqliteGraphStore", "default_db_path"]

logger = logging.getLogger(__name__)


def default_db_path() -> Path:
    """The default database file: ``<user data dir>/recall-memory-plugins/memory.db``."""
    import platformdirs

    return Path(platformdirs.user_data_dir("recall-memory-plugins", appauthor=False)) / "memory.db"


class SqliteGraphStore(SqliteStatements, SqliteLexical, SqliteEntities):
    """The embedded graph store on SQLite.

    Args:
        path: database file, ``":memory:"``, or None for :func:`default_db_path`.
        connection: an existing ``sqlite3.Connection`` to use instead (the caller closes it).
        setup: run :meth:`setup` (migrations) right away; call it yourself when False.
        cache_mb: SQLite page cache of the connection, in MiB.
        mmap_mb: bytes of a file database read through memory mapping, in MiB (0 = off). Both
            only bound what SQLite may use; a small database uses what it needs.

    The store is safe to share between threads (one connection guarded by a lock). File databases
    use WAL journaling so readers in other processes are not blocked by writers.
    """

    name = "sqlite"

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        connection: sqlite3.Connection | None = None,
        setup: bool = True,
        timeout: float = 30.0,
        cache_mb: int = 32,
        mmap_mb: int = 256,
    ) -> None:
        if path is not None and connection is not None:
            raise ConfigurationError("pass either a path or a connection, not both")
        for name, value in (("cache_mb", cache_mb), ("mmap_mb", mmap_mb)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ConfigurationError(f"{name} must be an int >= 0, got {value!r}")
        self._cache_mb = cache_mb
        self._mmap_mb = mmap_mb
        self._lock = threading.RLock()
        self._owns_connection = connection is None
        if connection is None:
            target = str(path) if path is not None else str(default_db_path())
            if target != ":memory:" and not target.startswith("file:"):
                Path(target).expanduser().parent.mkdir(parents=True, exist_ok=True)
                target = str(Path(target).expanduser())
            try:
                connection = sqlite3.connect(
                    target,
                    timeout=timeout,
                    check_same_thread=False,
                    isolation_level=None,
                    uri=target.startswith("file:"),
                )
            except sqlite3.Error as exc:
                raise StoreError(f"cannot open SQLite database {target!r}: {exc}") from exc
            self.path = target
        else:
            connection.isolation_level = None
            self.path = "<connection>"
        self._conn = connection
        self._conn.row_factory = sqlite3.Row
        self._closed = False
        self._depth = 0
        if setup:
            self.setup()

    # ------------------------------------------------------------------------------ writes
    def apply_update(self, update: GraphUpdate) -> UpdateResult:
        ns = update.namespace
        at = _ts(update.at)
        try:
            with self.atomic() as conn:
                total_length = sum(sum(st.terms.values()) for st in update.statements)
                step = conn.execute(
                    "INSERT INTO namespaces(namespace, step, n_statements, total_length) "
                    "VALUES (?, 1, ?, ?) ON CONFLICT(namespace) DO UPDATE SET step = step + 1, "
                    "n_statements = n_statements + excluded.n_statements, "
                    "total_length = total_length + excluded.total_length RETURNING step",
                    (ns, len(update.statements), total_length),
                ).fetchone()[0]
                ids = self._write_statements(conn, update, step, at)
                self._write_concepts(conn, update, step, ids)
                self._write_links(conn, update, step)
                self._write_entities(conn, update, step)
                self._write_relations(conn, update, step, at, ids)
        except sqlite3.Error as exc:
            raise StoreError(
                f"SQLite write failed on {self.path!r} (nothing was stored): {exc}"
            ) from exc
        return UpdateResult(namespace=ns, t_index=step, statement_ids=tuple(ids))
