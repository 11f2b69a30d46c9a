"""Reading a SQLite file read-only without writing anything beside it.

SQLite reads a WAL database through a ``-shm`` file beside it, which the first connection
creates, even a read-only one (with a ``-wal``, which a read-only connection cannot remove when
it closes); in a directory the reader cannot write (another user's folder, a read-only mount)
``mode=ro`` fails with "attempt to write a readonly database". So a read-only store opens its
file ``immutable=1``, which needs neither, while no writer has the file open (no ``-wal``
beside it), and a plain ``mode=ro`` connection while one has: ``immutable`` tells SQLite the
file never changes, so it takes no locks and keeps what it read.

Each read checks that promise (:meth:`SqliteReadOnlyFile._immutable_read`): before it, a
``-wal`` that appeared switches the store to a plain ``mode=ro`` connection (which works while
the writer's ``-shm`` is there), and a file changed since it was opened is opened again;
after it, a ``-wal`` or a change means a writer worked during the read, which may have seen a
half-written file: :class:`~recall_memory_plugins.errors.StoreError`, read again. When the
writer is gone (no ``-wal``), the next read opens the file immutable again.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ...errors import StoreError

logger = logging.getLogger(__name__)

# SQLite's extended codes for "the -shm (or journal) file beside the database cannot be made"
_NO_SIDE_FILE = ("SQLITE_READONLY_DIRECTORY", "SQLITE_READONLY_CANTINIT")


def cannot_make_side_file(exc: BaseException | None, path: str) -> bool:
    """Whether ``exc``, from opening the database ``path``, says SQLite could not create a file
    beside it (Python < 3.11 has no extended code on the error: an unwritable directory and
    "attempt to write a readonly database" say the same)."""
    if not isinstance(exc, sqlite3.Error):
        return False
    folder = os.path.dirname(os.path.abspath(path))
    if os.access(folder, os.W_OK):
        return False  # (then SQLite could make it: something else failed)
    if os.path.exists(path + "-wal") and not os.path.exists(path + "-shm"):
        return True  # a writer that crashed left its -wal: its -shm cannot be made again here
    name = getattr(exc, "sqlite_errorname", None)
    return name in _NO_SIDE_FILE if name is not None else "readonly database" in str(exc)


def writer_files(path: str) -> bool:
    """Whether a writer has the database ``path`` open, or was killed in a write: its ``-wal``
    (WAL mode) or ``-journal`` (rollback mode) is there. Never read such a file immutable."""
    return os.path.exists(path + "-wal") or os.path.exists(path + "-journal")


def open_problem(path: str, exc: BaseException, *, read_only: bool) -> str | None:
    """The message for an error opening ``path`` whose cause is not the file's content: an
    unwritable directory, or a hot journal a read-only connection may not roll back."""
    if cannot_make_side_file(exc, path):
        return directory_message(path, exc, read_only=read_only)
    hot = getattr(exc, "sqlite_errorname", None) == "SQLITE_READONLY_ROLLBACK" or (
        "readonly database" in str(exc) and os.path.exists(path + "-journal")
    )
    if not hot:
        return None
    return (
        f"cannot read SQLite database {path!r}: a write to it was interrupted (a crash) and its "
        f"journal {path + '-journal'!r} must be rolled back first ({exc}), which a read-only "
        "open may not do; open it once without read_only, as a user who may write that "
        "directory. The file itself was not changed"
    )


def directory_message(path: str, exc: BaseException, *, read_only: bool) -> str:
    """The error message for a database whose directory this process cannot write."""
    folder = os.path.dirname(os.path.abspath(path)) or "."
    hint = (
        "a writer (another process) has it open and its -shm file cannot be read, or it "
        "was not closed cleanly (its -wal file is still there); open it once where the "
        "directory is writable, or give this user read access to the -shm file"
        if read_only
        else "make the directory writable, or open the file with read_only=True to read it "
        "(nothing is written then)"
    )
    return (
        f"cannot use SQLite database {path!r}: its directory {folder!r} is not writable by "
        "this process (permissions, or a read-only mount), and SQLite needs to create the -shm "
        f"(or journal) file beside it ({exc}); {hint}. The file itself was not changed"
    )


class _Signature:
    """What changes when a writer changes the file: its inode, size and modification time."""

    __slots__ = ("path", "stat")

    def __init__(self, path: str) -> None:
        self.path = path
        self.stat = self._now()

    def _now(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def wal(self) -> bool:
        return writer_files(self.path)

    def changed(self) -> bool:
        return self.wal() or self._now() != self.stat


class SqliteReadOnlyFile:
    """The immutable fallback of a read-only store (mixed into the store's connection class)."""

    path: str
    _conn: sqlite3.Connection
    _read_only: bool
    _owns_connection: bool
    _timeout: float
    _cache_mb: int
    _mmap_mb: int
    _immutable: _Signature | None = None  # the file as it was when opened immutable=1
    _guarded: bool = False  # read-only, checking each read (see the module docstring)

    def _read_immutably(self) -> None:
        """A read-only store on a file no writer has open (no ``-wal``) reads it ``immutable=1``
        from the start: a ``mode=ro`` connection would make a ``-wal`` and ``-shm`` beside it,
        which it cannot remove when it closes ("nothing is written")."""
        if self._read_only and self._owns_connection and not writer_files(self.path):
            try:
                self._reconnect(immutable=True)
            except StoreError as exc:  # (not a database, say: the plain open reports it)
                logger.debug("cannot open %r immutable: %s", self.path, exc)

    def _open_immutable(self, exc: BaseException | None) -> bool:
        """After ``exc`` from opening a read-only store: reopen the file ``immutable=1`` if the
        failure is the missing ``-shm`` and no writer has the file open. False: it is not."""
        if not (
            self._read_only and self._owns_connection and cannot_make_side_file(exc, self.path)
        ):
            return False
        if writer_files(self.path):
            return False  # a writer is (or was, and crashed) at work: immutable would lie
        self._reconnect(immutable=True)
        logger.info(
            "SQLite database %r: its directory is not writable, so it is read as an immutable "
            "file (no -shm); each read checks that no writer has opened it since",
            self.path,
        )
        return True

    def _reconnect(self, *, immutable: bool) -> None:
        uri = Path(self.path).resolve().as_uri() + (
            "?mode=ro&immutable=1" if immutable else "?mode=ro"
        )
        signature = _Signature(self.path) if immutable else None
        try:
            conn = sqlite3.connect(
                uri,
                timeout=self._timeout,
                check_same_thread=False,
                isolation_level=None,
                uri=True,
            )
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA query_only=ON")
            conn.execute(f"PRAGMA cache_size=-{int(self._cache_mb) * 1024}")
            conn.execute(f"PRAGMA mmap_size={int(self._mmap_mb) * 1024 * 1024}")
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as exc:
            if cannot_make_side_file(exc, self.path):
                raise StoreError(directory_message(self.path, exc, read_only=True)) from exc
            raise StoreError(f"cannot open SQLite database {self.path!r}: {exc}") from exc
        self._conn.close()
        self._conn = conn
        self._immutable = signature
        self._guarded = True

    def _follow_writer(self) -> None:
        """Before a read: the connection that fits the file now (see the module's docstring)."""
        wal = writer_files(self.path)
        if self._immutable is not None:
            if wal:
                logger.info(
                    "SQLite database %r: a writer opened it; reading via its -shm", self.path
                )
                self._reconnect(immutable=False)
            elif self._immutable.changed():
                self._reconnect(immutable=True)  # a writer came and went: what it left
        elif not wal:
            self._reconnect(immutable=True)  # the writer closed it (and removed -wal, -shm)

    @contextmanager
    def _immutable_read(self, outer: bool) -> Iterator[None]:
        """Around the ``outer``-most read of a read-only store in an unwritable directory (the
        caller holds the store's lock); a no-op elsewhere."""
        if not (outer and self._guarded):
            yield
            return
        self._follow_writer()
        yield
        if self._immutable is not None and self._immutable.changed():
            raise StoreError(
                f"SQLite database {self.path!r} was changed by another process during a read "
                "(it is read as an immutable file: its directory is not writable); the read may "
                "have seen a half-written file and was discarded: read again"
            )
