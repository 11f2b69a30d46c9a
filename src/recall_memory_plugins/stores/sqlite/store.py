"""``SqliteGraphStore``: the embedded default store (stdlib ``sqlite3``, no server).

This module opens the database and applies one update in one transaction; the class is composed
of the domain modules: ``lifecycle`` (connection, transactions, migrations, clear, stats),
``statements`` (statements, concepts, links, contexts), ``lexical`` (postings, BM25) and
``entities`` (entities, relations).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import weakref
from pathlib import Path

from ..._locks import FairRLock
from ...errors import ConfigurationError, NotFoundError, StoreError
from ...models import GraphUpdate, UpdateResult
from ._common import _ts
from .entities import SqliteEntities
from .failures import write_failed
from .injected import settings
from .lexical import SqliteLexical
from .statements import SqliteStatements
from .vectors import SqliteVectors

__all__ = ["SqliteGraphStore", "default_db_path"]

logger = logging.getLogger(__name__)

MAX_TIMEOUT = 1_000_000  # seconds; SQLite's busy timeout is a C int of milliseconds


def default_db_path() -> Path:
    """The default database file: ``<user data dir>/recall-memory-plugins/memory.db``."""
    import platformdirs

    return Path(platformdirs.user_data_dir("recall-memory-plugins", appauthor=False)) / "memory.db"


def _resolve(path: str | Path | None, *, create: bool, read_only: bool) -> tuple[str, str | None]:
    """The database path to report and, for a read-only file, the URI to open.

    Checks the path before SQLite sees it, so a bad one creates nothing.
    """
    target = str(path) if path is not None else str(default_db_path())
    if "\x00" in target:
        raise ConfigurationError(f"SQLite path {target!r} contains a NUL character")
    try:
        os.fsencode(target)  # what sqlite3 does; undecodable bytes (surrogateescape) pass
    except UnicodeEncodeError as exc:
        raise ConfigurationError(
            f"SQLite path {target!r} cannot be a file name: a lone surrogate "
            f"{target[exc.start]!r} at position {exc.start}; check how the path was decoded"
        ) from exc
    if target == ":memory:" or target.startswith("file:"):
        if read_only or not create:
            raise ConfigurationError(
                f"read_only and create=False need a file path, not {target!r} (a URI carries "
                "its own mode= parameter)"
            )
        return target, None
    file = Path(target).expanduser()
    try:
        if file.is_dir():
            raise ConfigurationError(
                f"SQLite path {str(file)!r} is a directory; pass a database file, e.g. "
                f"{str(file / 'memory.db')!r}"
            )
        if not file.exists():
            if not create:
                raise NotFoundError(
                    f"no SQLite database at {str(file)!r}; check the path (nothing was created)"
                )
            parent = file.parent
            while not parent.exists() and parent != parent.parent:
                parent = parent.parent
            if not parent.is_dir():
                raise ConfigurationError(
                    f"cannot create SQLite database {str(file)!r}: {str(parent)!r} is not a "
                    "directory; check the path"
                )
            file.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigurationError(f"unusable SQLite path {target!r}: {exc}") from exc
    # absolute: the store's path names the file it opened whatever the working directory is
    # later (an adapter pickled with it reopens that file in a worker started elsewhere)
    return str(file.absolute()), (file.resolve().as_uri() + "?mode=ro" if read_only else None)


class SqliteGraphStore(SqliteStatements, SqliteLexical, SqliteEntities, SqliteVectors):
    """The embedded graph store on SQLite.

    Args:
        path: database file, ``":memory:"``, or None for :func:`default_db_path`. A relative
            path is made absolute when the store opens (``store.path``).
        connection: an existing ``sqlite3.Connection`` to use instead (the caller closes it).
        setup: run :meth:`setup` (migrations) right away; call it yourself when False.
        cache_mb: SQLite page cache of the connection, in MiB.
        mmap_mb: bytes of a file database read through memory mapping, in MiB (0 = off). Both
            only bound what SQLite may use; a small database uses what it needs.
        checkpoint_mb: the write-ahead log of a file database is copied into the file (a
            checkpoint, with its disk syncs) each time it holds this many MiB. SQLite's own
            default, 4 MiB, made a checkpoint every ~23 single adds; a larger log makes adds
            faster and reads that find their pages in it a little slower (benchmarks/README.md,
            "Twenty-sixth round"). The log file keeps its largest size until the last
            connection closes (then it is removed).
        timeout: seconds to wait for another connection's lock (0..1,000,000).
        create: create a missing file (and its missing directories). When False, a missing
            file, or one that holds no recall memory yet (an empty file or database), raises
            :class:`~recall_memory_plugins.errors.NotFoundError` and nothing is written; an
            existing memory is still migrated.
        read_only: open an existing database for reading only (implies ``create=False``):
            nothing is written, not even the journal mode or a ``-wal``/``-shm`` beside it (the
            file is read as immutable while no writer has it open, each read checking that
            none has come), so a memory in a directory this process cannot write is read too;
            a file without the current schema raises, and writes raise
            :class:`~recall_memory_plugins.errors.StoreError`.

    A file is used only when it is recognised before anything is written: a new or empty file,
    or one with this library's ``schema_migrations`` table. Another application's database is
    refused with :class:`~recall_memory_plugins.errors.ConfigurationError` and left untouched.

    Raises:
        ConfigurationError: a bad path (a directory, a parent that is a file, a NUL character,
            a lone surrogate), a ``connection`` that is no open ``sqlite3.Connection``, a
            ``timeout`` that is no number in range, a ``setup``/``create``/``read_only`` that is
            no bool, conflicting options, or another application's database.
        NotFoundError: ``create=False`` or ``read_only=True`` and the file does not exist (or,
            ``create=False``, holds no recall memory).
        SchemaVersionError: the database was written by a newer version of this library.
        StoreError: the file is not a SQLite database or cannot be opened.

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
        checkpoint_mb: int = 40,
        create: bool = True,
        read_only: bool = False,
    ) -> None:
        if path is not None and connection is not None:
            raise ConfigurationError("pass either a path or a connection, not both")
        if isinstance(connection, sqlite3.Connection):
            try:  # (a closed connection raises on any attribute: in hasattr() below too)
                connection.in_transaction  # noqa: B018
            except sqlite3.ProgrammingError as exc:
                raise ConfigurationError(
                    f"connection is not usable ({exc}); pass an open sqlite3.Connection"
                ) from exc
        if connection is not None and not all(  # (a DB-API twin such as pysqlite3's is fine)
            hasattr(connection, name) for name in ("execute", "commit", "isolation_level")
        ):
            raise ConfigurationError(
                f"connection must be a sqlite3.Connection, got {type(connection).__name__} "
                "(pass a file name as path=)"
            )
        if (
            isinstance(timeout, bool)
            or not isinstance(timeout, (int, float))
            or not 0 <= timeout <= MAX_TIMEOUT  # (NaN fails both)
        ):
            raise ConfigurationError(
                f"timeout must be a number of seconds in 0..{MAX_TIMEOUT:,}, got {timeout!r}"
            )
        for name, value, low in (
            ("cache_mb", cache_mb, 0), ("mmap_mb", mmap_mb, 0), ("checkpoint_mb", checkpoint_mb, 1)
        ):
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                raise ConfigurationError(f"{name} must be an int >= {low}, got {value!r}")
        for name, switch in (("setup", setup), ("create", create), ("read_only", read_only)):
            if not isinstance(switch, bool):  # ("false" is true: create it, open it read-only)
                raise ConfigurationError(f"{name} must be True or False, got {switch!r}")
        self._cache_mb = cache_mb
        self._mmap_mb = mmap_mb
        self._checkpoint_mb = checkpoint_mb
        self._lock = FairRLock()
        self._readers = threading.local()
        self._reader_pool = weakref.WeakSet()
        self._reader_guard = threading.Lock()
        self._owns_connection = connection is None
        self._read_only = read_only
        self._timeout = float(timeout)
        if connection is None:
            target, uri = _resolve(path, create=create and not read_only, read_only=read_only)
            try:
                connection = sqlite3.connect(
                    uri or target,
                    timeout=timeout,
                    check_same_thread=False,
                    isolation_level=None,
                    uri=uri is not None,
                )
            except sqlite3.Error as exc:
                raise StoreError(f"cannot open SQLite database {target!r}: {exc}") from exc
            self.path = target
            if not create and not read_only and target != ":memory:":
                self._conn = connection
                self._refuse_if_no_memory()
            # read connections open the same file whatever the working directory is later,
            # and never create one (mode=rw)
            if target != ":memory:" and not target.startswith("file:"):
                self._reader_uri = Path(target).resolve().as_uri() + "?mode=rw"
        else:
            if read_only or not create:
                raise ConfigurationError(
                    "read_only and create apply to a path; an injected connection is used as is"
                )
            self._given = settings(connection)  # restored by close() (injected.py)
            connection.isolation_level = None
            self.path = "<connection>"
        self._conn = connection
        self._conn.row_factory = sqlite3.Row
        self._closed = False
        self._depth = 0
        if setup:
            try:
                self.setup()
            except BaseException:
                self.close()  # a refused file is not held open
                raise

    def _refuse_if_no_memory(self) -> None:
        """With ``create=False``: a file that holds no recall schema yet (an empty file, an empty
        SQLite database) is refused before anything is written to it."""
        try:
            empty = self._recognise() == 0
        except BaseException:
            self._conn.close()
            raise
        if empty:
            self._conn.close()
            raise NotFoundError(
                f"{self.path!r} holds no recall memory (an empty file or database); check the "
                "path, or open it with create=True to start one there (nothing was written)"
            )

    # ------------------------------------------------------------------------------ writes
    def apply_update(self, update: GraphUpdate) -> UpdateResult:
        ns = update.namespace
        at = _ts(update.at)
        try:
            with self.atomic(memo_follows=True) as conn:
                if self._memo is not None:  # (a failed write clears it all)
                    self._memo.forget(update)
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
            raise StoreError(write_failed(self.path, exc, "nothing of it was stored")) from exc
        return UpdateResult(namespace=ns, t_index=step, statement_ids=tuple(ids))
