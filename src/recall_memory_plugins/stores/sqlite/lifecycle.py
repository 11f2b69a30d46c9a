"""Connection, transactions, schema migrations and store-wide maintenance of the SQLite store.

:class:`SqliteConnection` owns the connection and its lock: opening, :meth:`atomic`
transactions, :meth:`batch`, :meth:`setup` (migrations), :meth:`clear`, :meth:`stats`. The
domain modules (statements, lexical, entities) build on it.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import TypeVar

from ..._locks import FairRLock
from ...errors import ConfigurationError, NotFoundError, SchemaVersionError, StoreError
from ...models import StoreStats
from ._common import _ts
from .claims import header_claim, refuse_claimed
from .failures import commit, commit_kept, read_failed, rollback, write_failed
from .injected import give_back
from .memo import RelationMemo
from .readers import _Reader, close_readers, open_reader
from .readonly import SqliteReadOnlyFile, cannot_make_side_file, directory_message, open_problem
from .schema import LATEST_VERSION, MIGRATIONS, has_column_added_by, tables_at

logger = logging.getLogger(__name__)

_S = TypeVar("_S", bound="SqliteConnection")


class SqliteConnection(SqliteReadOnlyFile):
    """The connection of a SQLite store and what acts on the whole database."""

    path: str
    _conn: sqlite3.Connection
    _lock: FairRLock
    _owns_connection: bool
    _closed: bool
    _depth: int
    _cache_mb: int
    _mmap_mb: int
    _checkpoint_mb: int
    _read_only: bool
    _timeout: float
    _readers: threading.local  # each thread's _Reader (file stores in WAL mode)
    _reader_pool: weakref.WeakSet[_Reader]
    _reader_guard: threading.Lock  # opening and closing read connections
    _separate_reads: bool = False  # set by setup(): reads outside a batch use a reader
    _reader_uri: str | None = None  # the file as an absolute URI (file stores)
    _batch_clean: bool = False  # inside a batch that has not written yet (see atomic)
    _memo: RelationMemo | None = None  # current-relation reads kept between writes (memo.py)
    _memo_live: bool = False  # inside a batch (which renewed the memo)

    # ------------------------------------------------------------------------------ lifecycle
    def __enter__(self: _S) -> _S:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SqliteGraphStore(path={self.path!r})"

    def close(self) -> None:
        """Close the connection if this store opened it (and the threads' read connections)."""
        with self._lock:
            if not self._closed and self._depth and self._conn.in_transaction:
                commit_kept(self._conn, self.path)  # close() inside batch()/exclusive(): kept
            if not self._closed and self._owns_connection:
                self._conn.close()
            elif not self._closed:  # the caller's connection: its settings back (injected.py)
                give_back(self._conn, getattr(self, "_given", None))
            self._closed = True
        with self._reader_guard:  # (no reader opens after this: the store is closed)
            readers = list(self._reader_pool)
        # each once no read of its thread uses it (closing it under a query: SIGSEGV)
        close_readers(readers, getattr(self._readers, "reader", None))

    def setup(self) -> None:
        """Recognise the database as ours, then set pragmas and apply pending migrations.

        Nothing is written before the database is recognised: an empty file, or one with this
        library's ``schema_migrations`` table, is ours; any other file is left byte-identical.
        A read-only store checks the schema and sets only per-connection pragmas.

        Raises:
            ConfigurationError: the file belongs to another application (it has tables and no
                ``schema_migrations`` table of ours).
            SchemaVersionError: the schema is newer than this library supports.
            NotFoundError: read-only, and the file holds no recall schema yet.
            StoreError: the file is not a SQLite database, or SQLite failed.
        """
        # Several processes opening a new file at once: switching it to WAL and reading the
        # schema while another process does so can fail at once with "database is locked"
        # (SQLite does not always call the busy handler there); tried again until the timeout.
        self._read_immutably()  # read-only and no writer: nothing written beside it (readonly.py)
        deadline = time.monotonic() + getattr(self, "_timeout", 30.0)
        attempt = 0
        while True:
            try:
                self._setup_once()
                return
            except StoreError as exc:
                cause = exc.__cause__
                if self._open_immutable(cause):  # read-only, in a directory it cannot write
                    continue
                busy = isinstance(cause, sqlite3.OperationalError) and (
                    "locked" in str(cause) or "busy" in str(cause)
                )
                if not busy or time.monotonic() >= deadline:
                    raise
                attempt += 1
                logger.debug(
                    "SQLite database %r busy during setup (attempt %d)", self.path, attempt
                )
                time.sleep(min(0.02 * 2**attempt, 0.5))

    def _setup_once(self) -> None:
        with self._lock:
            conn = self._conn
            current = self._recognise()
            if current > LATEST_VERSION:
                raise SchemaVersionError(
                    f"database {self.path!r} has schema version {current}, newer than this "
                    f"library supports ({LATEST_VERSION}); upgrade recall-memory-plugins"
                )
            if self._read_only and current == 0:
                raise NotFoundError(
                    f"SQLite database {self.path!r} holds no recall memory yet (no schema); "
                    "check the path, or store something in it first"
                )
            if self._read_only and current < LATEST_VERSION:
                raise StoreError(
                    f"database {self.path!r} has schema version {current}, older than this "
                    f"library's ({LATEST_VERSION}); open it once without read_only to upgrade it"
                )
            try:
                # journal_mode writes the file header: only on a file recognised as ours
                if self.path not in (":memory:", "<connection>") and not self._read_only:
                    mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
                    # WAL readers see the last commit while a writer holds its transaction:
                    # reads outside a batch go through a read connection of their thread
                    self._separate_reads = (
                        str(mode).lower() == "wal"
                        and self._owns_connection
                        and self._reader_uri is not None
                    )
                    if self._separate_reads:  # a checkpoint per checkpoint_mb of WAL, not 4 MiB
                        size = int(conn.execute("PRAGMA page_size").fetchone()[0])
                        pages = max(1, self._checkpoint_mb * 1024 * 1024 // size)
                        conn.execute(f"PRAGMA wal_autocheckpoint={pages}")
                conn.execute("PRAGMA synchronous=NORMAL")
                conn.execute("PRAGMA foreign_keys=ON")
                # a larger page cache and memory-mapped reads: recall at 100k statements reads
                # postings and statements spread over the file (benchmarks/results/speed.md)
                if self._owns_connection:
                    conn.execute(f"PRAGMA cache_size=-{int(self._cache_mb) * 1024}")
                if self._owns_connection and self.path != ":memory:":
                    conn.execute(f"PRAGMA mmap_size={int(self._mmap_mb) * 1024 * 1024}")
                for version, description, statements in MIGRATIONS:
                    if version <= current:
                        continue
                    with self.atomic():
                        conn.execute(
                            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER "
                            "PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL)"
                        )
                        # another process may have applied it since we read the version:
                        # decided under the write lock this transaction holds
                        if conn.execute(
                            "SELECT 1 FROM schema_migrations WHERE version = ?", (version,)
                        ).fetchone():
                            continue
                        for sql in statements:
                            if not has_column_added_by(conn, sql):
                                conn.execute(sql)
                        conn.execute(
                            "INSERT INTO schema_migrations(version, description, applied_at) "
                            "VALUES (?, ?, ?)",
                            (version, description, _ts(datetime.now(timezone.utc))),
                        )
                    logger.info("applied SQLite schema migration %s (%s)", version, description)
            except sqlite3.Error as exc:
                if cannot_make_side_file(exc, self.path):
                    msg = directory_message(self.path, exc, read_only=self._read_only)
                    raise StoreError(msg) from exc
                raise StoreError(f"cannot initialise SQLite database {self.path!r}: {exc}") from exc

    def _recognise(self) -> int:
        """The schema version of an empty or recall database (0: empty), read without writing.

        Raises:
            ConfigurationError: the database has tables but no ``schema_migrations`` of ours.
            StoreError: the file is not a SQLite database.
        """
        conn = self._conn
        # one snapshot for both reads: another process may commit a migration between them
        # (tables read before it, its version after: "not a recall database" for a recall file)
        own = not conn.in_transaction
        try:
            if own:
                conn.execute("BEGIN")
            names = sorted(
                row[0]
                for row in conn.execute(
                    "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite!_%' ESCAPE '!'"
                )
            )
            claim = header_claim(conn) if not names else None  # (claims.py)
            version: object = 0
            ours = False
            if "schema_migrations" in names:
                columns = {row[1] for row in conn.execute("PRAGMA table_info(schema_migrations)")}
                ours = {"version", "description", "applied_at"} <= columns
                if ours:
                    version = conn.execute(
                        "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"
                    ).fetchone()[0]
        except sqlite3.Error as exc:
            msg = open_problem(self.path, exc, read_only=self._read_only)  # (not the file)
            if msg is not None:
                raise StoreError(msg) from exc
            raise StoreError(
                f"cannot read {self.path!r} as a SQLite database ({exc}); check the path: it "
                "must be a recall-memory-plugins database or a new file (nothing was changed)"
            ) from exc
        finally:
            if own and conn.in_transaction:
                conn.execute("ROLLBACK")  # a read: nothing to keep
        if not names:
            return refuse_claimed(self.path, claim)  # another application's empty file raises
        others = [n for n in names if n != "schema_migrations"]
        # our migrations table with no version in it next to other tables: an earlier version
        # of this library was pointed at another application's file and failed half way
        # another application's table of the same name and columns says a version whose tables
        # are not all there: not ours either (nothing may be written to it, not even WAL mode)
        missing = (
            sorted(tables_at(min(version, LATEST_VERSION)) - set(names))
            if ours and isinstance(version, int) and version > 0
            else []
        )
        if not ours or not isinstance(version, int) or (version == 0 and others) or missing:
            shown = ", ".join(others[:5]) + (", ..." if len(others) > 5 else "")
            raise ConfigurationError(
                f"{self.path!r} is not a recall-memory-plugins database: it holds another "
                f"application's tables ({shown or 'schema_migrations'}) and no recall schema "
                "version; nothing was changed. Check the path, or use a new file"
            )
        return version

    def schema_version(self) -> int:
        """The applied schema version (0: none yet, a ``setup=False`` store on a new file)."""
        with self._lock:
            return self._recognise()

    @contextmanager
    def atomic(self, *, memo_follows: bool = False) -> Iterator[sqlite3.Connection]:
        """A transaction (savepoint when nested): commits on success, rolls back on error.

        ``memo_follows``: the caller tells the batch's :class:`~.memo.RelationMemo` what it
        changes (``apply_update``); any other write block clears it, and so does a rollback.
        """
        with self._lock:
            if self._closed:
                raise StoreError("the SQLite store is closed")
            if not memo_follows:
                self._forget_reads()
            conn = self._conn
            name = f"sp{self._depth}"
            # The first write block of a batch that has written nothing yet needs no savepoint
            # (a savepoint journals every page the block changes: ~0.1 ms per add): on an
            # error the whole transaction, which holds no other write, is rolled back and
            # begun again.
            flat = self._depth == 1 and self._batch_clean
            if self._depth == 0:
                conn.execute("BEGIN IMMEDIATE")
            elif not flat:
                conn.execute(f"SAVEPOINT {name}")
            self._batch_clean = False
            self._depth += 1
            try:
                yield conn
            except BaseException as exc:
                self._forget_reads()
                self._depth -= 1
                lost = bool(self._depth) and not flat and not conn.in_transaction  # (disk full)
                if self._depth == 0 or flat or lost:
                    rollback(conn)  # (unless SQLite has rolled it all back itself)
                    self._batch_clean = self._depth > 0
                    if self._depth:  # the batch goes on in a new transaction
                        conn.execute("BEGIN IMMEDIATE")
                else:
                    conn.execute(f"ROLLBACK TO {name}")
                    conn.execute(f"RELEASE {name}")
                if lost and isinstance(exc, sqlite3.Error):
                    msg = "SQLite rolled back the whole batch: none of its updates was stored"
                    raise StoreError(write_failed(self.path, exc, msg)) from exc
                raise
            else:
                self._depth -= 1
                if self._depth == 0:
                    commit(conn)  # (a failed one is rolled back: failures.py)
                elif not flat:
                    conn.execute(f"RELEASE {name}")

    def _forget_reads(self) -> None:
        """Drop the kept relation reads (a write the memo does not follow, a rollback)."""
        if self._memo is not None:
            self._memo.clear()

    @contextmanager
    def batch(self) -> Iterator[None]:
        """One transaction around the updates applied inside (each is a savepoint in it).

        When the block ends, normally or by an error, the updates that completed are committed:
        a failing update has already been rolled back to its savepoint.
        """
        with self._lock:
            if self._closed:
                raise StoreError("the SQLite store is closed")
            if self._depth:  # already inside a transaction: it decides
                yield
                return
            conn = self._conn
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite write failed on {self.path!r}: {exc}") from exc
            self._depth += 1
            self._batch_clean = True
            if self._memo is None:
                self._memo = RelationMemo()
            self._memo.renew(conn, own=self._owns_connection)  # (kept if nobody else wrote)
            self._memo_live = True
            try:
                yield
            finally:
                self._memo_live = False
                self._depth -= 1
                self._batch_clean = False
                try:
                    if not self._closed and conn.in_transaction:  # (none: a failed restart)
                        conn.execute("COMMIT")
                except sqlite3.Error as exc:
                    self._forget_reads()
                    rollback(conn)  # (on a full disk SQLite has rolled back already)
                    lost = "nothing of this batch (an add, or add_many's items since its last "
                    lost += "commit) was stored"
                    raise StoreError(write_failed(self.path, exc, lost)) from exc

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """The connection a read uses: this thread's read connection when the store has them
        and the thread is not inside a batch (whose writes only the shared connection sees),
        else the shared connection under the store's lock.

        A read connection sees the last committed state and waits for nobody: a recall on one
        thread is not held up by ``add_many`` committing on another (it waited for the lock
        through every batch).
        """
        reader = self._reader()
        if reader is None:
            outer = not self._lock.held()
            with self._lock:
                if self._closed:
                    raise StoreError("the SQLite store is closed")
                try:
                    with self._immutable_read(outer):
                        yield self._conn
                except sqlite3.Error as exc:
                    raise StoreError(read_failed(self.path, exc)) from exc
            return
        with self._snapshot(reader):
            try:
                yield reader.conn
            except sqlite3.Error as exc:
                if self._closed:
                    raise StoreError("the SQLite store is closed") from exc
                raise StoreError(read_failed(self.path, exc)) from exc

    @contextmanager
    def _snapshot(self, reader: _Reader) -> Iterator[None]:
        """One read transaction on ``reader`` around the block (the outermost block begins and
        ends it): the queries of one read (an export's, the counts of stats()) see one commit."""
        if reader.depth == 0:  # close() closes the connection only while nobody reads on it
            reader.in_use.acquire()
            try:
                if reader.closed:  # close() got there first
                    raise StoreError("the SQLite store is closed")
                reader.conn.execute("BEGIN")
            except BaseException as exc:
                reader.in_use.release()
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(read_failed(self.path, exc)) from exc
                raise
        reader.depth += 1
        try:
            yield
        finally:
            reader.depth -= 1
            if reader.depth == 0:
                try:
                    if not reader.closed and reader.conn.in_transaction:
                        reader.conn.execute("COMMIT")
                except sqlite3.Error as exc:
                    logger.debug("ending a read transaction on %r failed: %s", self.path, exc)
                finally:
                    if self._closed:  # close() ran meanwhile (and left this connection to us)
                        reader.close()
                    reader.in_use.release()

    def _reader(self) -> _Reader | None:
        """This thread's read connection (opened on first use), or None where reads must use
        the shared connection (in-memory or injected databases, or inside a batch)."""
        if not self._separate_reads or self._lock.held():
            return None
        reader: _Reader | None = getattr(self._readers, "reader", None)
        if reader is not None and not reader.closed:
            return reader
        with self._reader_guard:  # not the store's lock: a batch may hold that for a second
            if self._closed:
                raise StoreError("the SQLite store is closed")
            reader = open_reader(
                str(self._reader_uri), self.path, self._timeout, self._cache_mb, self._mmap_mb
            )
            self._readers.reader = reader
            self._reader_pool.add(reader)
        return reader

    @contextmanager
    def reading(self) -> Iterator[None]:
        """The reads of this thread inside the block (a recall) see one committed state.

        On a file store in WAL mode the thread's read connection holds one read transaction
        for the block; elsewhere (in-memory, injected connection, read-only, inside a batch)
        the block holds the store's lock, so a recall waits for a writer's batch once, not
        once per read.
        """
        reader = self._reader()
        if reader is None:
            outer = not self._lock.held()
            with self._lock, self._immutable_read(outer):
                yield
            return
        with self._snapshot(reader):
            yield

    def clear(self, namespace: str) -> None:
        try:
            with self.atomic() as conn:
                for table in (
                    "statements",
                    "concepts",
                    "links",
                    "contexts",
                    "postings",
                    "terms",
                    "entities",
                    "entity_aliases",
                    "relations",
                    "relation_support",
                    "namespaces",
                ):
                    # table names come from the fixed tuple above, never from input
                    conn.execute(f"DELETE FROM {table} WHERE namespace = ?", (namespace,))
                conn.execute(
                    "INSERT INTO namespace_generations (namespace, generation) VALUES (?, 1) "
                    "ON CONFLICT(namespace) DO UPDATE SET generation = generation + 1",
                    (namespace,),
                )
        except sqlite3.Error as exc:
            raise StoreError(f"SQLite clear failed on {self.path!r}: {exc}") from exc

    # ------------------------------------------------------------------------------ stats
    def stats(self, namespace: str | None = None) -> StoreStats:
        where, params = ("WHERE namespace = ?", (namespace,)) if namespace is not None else ("", ())
        counts: dict[str, int] = {}
        with self._read() as conn:
            for key, table in (
                ("statements", "statements"),
                ("concepts", "concepts"),
                ("links", "links"),
                ("entities", "entities"),
            ):
                counts[key] = conn.execute(
                    f"SELECT COUNT(*) FROM {table} {where}", params
                ).fetchone()[0]
            # as relations() and the page: no ending's mark (never stated); current: not unsure
            rel_where = f"{where} {'AND' if where else 'WHERE'} json_extract(attributes, '$.ending') IS NOT 'true'"
            counts["relations"] = conn.execute(f"SELECT COUNT(*) FROM relations {rel_where}", params).fetchone()[0]
            cur_where = f"{rel_where} AND valid_to_step IS NULL AND json_extract(attributes, '$.unsure') IS NOT 'true'"
            counts["current"] = conn.execute(
                f"SELECT COUNT(*) FROM relations {cur_where}",
                params,
            ).fetchone()[0]
            steps = conn.execute(
                f"SELECT COALESCE(SUM(step), 0) FROM namespaces {where}", params
            ).fetchone()[0]
        return StoreStats(
            namespace=namespace,
            steps=int(steps),
            statements=counts["statements"],
            concepts=counts["concepts"],
            links=counts["links"],
            entities=counts["entities"],
            relations=counts["relations"],
            current_relations=counts["current"],
        )

    def namespaces(self) -> list[str]:
        with self._read() as conn:
            return [
                r[0] for r in conn.execute("SELECT namespace FROM namespaces ORDER BY namespace")
            ]
