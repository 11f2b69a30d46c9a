"""What a failed SQLite write leaves behind, and the message that says so.

On a full disk (or a file size limit: a quota, ``ulimit -f``) and on some I/O errors SQLite
rolls the whole transaction back by itself. A ``ROLLBACK`` after that fails with "cannot
rollback - no transaction is active", a ``ROLLBACK TO`` with "no such savepoint": that error
would replace the real one, so the store rolls back only a transaction that is still open.
"""

from __future__ import annotations

import logging
import os
import sqlite3

from ...errors import StoreError

logger = logging.getLogger(__name__)


def commit(conn: sqlite3.Connection) -> None:
    """``COMMIT``; when it fails, the transaction is rolled back (a failed commit may leave it
    open, and the connection would go on inside it) and the error raised."""
    try:
        conn.execute("COMMIT")
    except BaseException:
        rollback(conn)
        raise


def commit_kept(conn: sqlite3.Connection, path: str) -> None:
    """Commit the writes a batch acknowledged before the store closes under it (``close()``
    inside ``exclusive()``); :class:`StoreError` when that fails (they are not stored)."""
    try:
        commit(conn)
    except sqlite3.Error as exc:
        lost = "the writes of the batch it was closed in were not stored"
        raise StoreError(write_failed(path, exc, lost)) from exc


def rollback(conn: sqlite3.Connection) -> None:
    """Roll back the open transaction, if SQLite has not already done so; never raises (the
    error that caused the rollback is the one to report)."""
    if not conn.in_transaction:
        return
    try:
        conn.execute("ROLLBACK")
    except sqlite3.Error as exc:  # the database is gone or broken: the caller raises the cause
        logger.debug("ROLLBACK after a failed write failed too: %s", exc)


def _no_room(path: str, exc: BaseException) -> str | None:
    """Why a write to ``path`` found no room, when that is what ``exc`` says: SQLite's "database
    or disk is full", or an I/O error on a nearly full file system or under a file size limit
    (a write past ``ulimit -f`` fails with EFBIG, which SQLite reports as a disk I/O error)."""
    name = str(getattr(exc, "sqlite_errorname", ""))
    if name == "SQLITE_FULL" or "disk is full" in str(exc):
        return "the disk holding it is full (or a quota was reached)"
    if not name.startswith("SQLITE_IOERR") and "disk I/O error" not in str(exc):
        return None
    try:
        import resource  # (Unix only)

        limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
        if limit != resource.RLIM_INFINITY:
            return (
                f"this process may not write files larger than {limit:,} bytes (a file size "
                "limit, ulimit -f), and the database grew to it"
            )
    except (ImportError, OSError, ValueError):
        pass
    try:
        info = os.statvfs(os.path.dirname(os.path.abspath(path)))
    except (AttributeError, OSError):  # (no statvfs on Windows)
        return None
    free = info.f_bavail * info.f_frsize
    return f"the disk holding it is full ({free:,} bytes free)" if free < 16 << 20 else None


def _schema_hint(exc: BaseException) -> str:
    """What to check when a query finds no table or column: the store's schema is missing or
    older (a ``setup=False`` store before :meth:`setup`)."""
    text = str(exc)
    if "no such table" in text or "no such column" in text:
        return (
            "; the database has no schema, or an older one: a store opened with setup=False "
            "needs store.setup() first"
        )
    return ""


def read_failed(path: str, exc: BaseException) -> str:
    """The message of a failed read of the database ``path``."""
    return f"SQLite read failed on {path!r}: {exc}{_schema_hint(exc)}"


def write_failed(path: str, exc: BaseException, lost: str) -> str:
    """The message of a failed write to the database ``path``; ``lost`` says what was not
    stored (e.g. "nothing of it was stored", "this batch was not stored")."""
    cause = _no_room(path, exc)
    if cause is not None:
        return (
            f"cannot write SQLite database {path!r}: {cause}; {lost} ({exc}). Free some space "
            "(or raise the limit) and try again: what was committed before is intact"
        )
    return f"SQLite write failed on {path!r} ({lost}): {exc}{_schema_hint(exc)}"
