"""The read connections of a SQLite file store in WAL mode: one per thread.

A read connection is used by its own thread only, but :meth:`SqliteConnection.close` runs on
another thread. Closing a ``sqlite3.Connection`` while another thread is inside one of its
queries frees what that query uses (the process dies with SIGSEGV), so each read connection
has an ``in_use`` lock: its thread holds it through its outermost read block, and
:func:`close_readers` takes it before closing the connection. Readers never share that lock:
reads on different threads still run at the same time.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Iterable

from ...errors import StoreError

logger = logging.getLogger(__name__)

# How long close() waits for the reads in flight on other threads to end, in all. A read that
# is still going after that closes its connection itself when it ends (the store is closed).
CLOSE_WAIT = 30.0


class _Reader:
    """One thread's read-only connection to a file store; closed with the store, or when the
    thread ends (its thread-local slot goes, and this object with it)."""

    __slots__ = ("__weakref__", "closed", "conn", "depth", "in_use")

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.depth = 0  # nested reading() blocks (only its own thread changes it)
        self.closed = False
        self.in_use = threading.Lock()  # held through the outermost read block

    def close(self) -> None:
        """Close the connection. Callers other than its own thread hold ``in_use``."""
        if not self.closed:
            self.closed = True
            try:
                self.conn.close()
            except sqlite3.Error as exc:  # pragma: no cover - closing never fails in practice
                logger.debug("closing a read connection failed: %s", exc)

    def __del__(self) -> None:  # nobody holds it any more: no read can be using it
        self.close()


def open_reader(uri: str, path: str, timeout: float, cache_mb: int, mmap_mb: int) -> _Reader:
    """A new read connection to the file ``uri`` (the store's ``path``, for messages).

    Raises:
        StoreError: SQLite could not open it.
    """
    try:
        conn = sqlite3.connect(
            uri, timeout=timeout, check_same_thread=False, isolation_level=None, uri=True
        )
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open SQLite database {path!r}: {exc}") from exc
    try:
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA query_only=ON")
        conn.execute(f"PRAGMA cache_size=-{int(cache_mb) * 1024}")
        conn.execute(f"PRAGMA mmap_size={int(mmap_mb) * 1024 * 1024}")
    except sqlite3.Error as exc:
        conn.close()
        raise StoreError(f"cannot open SQLite database {path!r}: {exc}") from exc
    return _Reader(conn)


def close_readers(readers: Iterable[_Reader], own: _Reader | None) -> None:
    """Close the read connections of a store that is already marked closed.

    Each is closed once no read of its thread uses it: a read in flight ends first (waited for
    up to :data:`CLOSE_WAIT` seconds in all). ``own`` is the calling thread's reader: if this
    thread is inside a read block (close() called from within a read), that block closes it
    when it ends, as does any read still going when the wait runs out.
    """
    deadline = time.monotonic() + CLOSE_WAIT
    for reader in readers:
        if reader is own and reader.depth:
            continue  # this thread is reading on it: its read block closes it at the end
        if not reader.in_use.acquire(timeout=max(0.0, deadline - time.monotonic())):
            logger.warning(
                "a read on another thread still runs %.0f s after close(): its connection "
                "is closed when that read ends",
                CLOSE_WAIT,
            )
            continue
        try:
            reader.close()
        finally:
            reader.in_use.release()
