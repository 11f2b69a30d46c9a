"""A connection the caller injected (``SqliteGraphStore(connection=...)``) is the caller's: the
store sets what it needs (autocommit, ``sqlite3.Row`` rows, ``foreign_keys``, ``synchronous``)
while it is open, and :func:`give_back` restores the caller's settings when it closes."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

logger = logging.getLogger(__name__)


def settings(conn: sqlite3.Connection) -> dict[str, Any]:
    """What the store changes on ``conn``, as the caller left it."""
    return {
        "row_factory": conn.row_factory,
        "isolation_level": conn.isolation_level,
        "foreign_keys": int(conn.execute("PRAGMA foreign_keys").fetchone()[0]),
        "synchronous": int(conn.execute("PRAGMA synchronous").fetchone()[0]),
    }


def give_back(conn: sqlite3.Connection, given: dict[str, Any] | None) -> None:
    """Restore ``given`` (from :func:`settings`) on the caller's connection; never raises (the
    caller may have closed it already)."""
    if not given:
        return
    try:
        # (the pragmas first: foreign_keys cannot change inside a transaction)
        conn.execute(f"PRAGMA foreign_keys={int(given['foreign_keys'])}")
        conn.execute(f"PRAGMA synchronous={int(given['synchronous'])}")
        conn.row_factory = given["row_factory"]
        conn.isolation_level = given["isolation_level"]
    except sqlite3.Error as exc:
        logger.debug("could not restore the injected connection's settings: %s", exc)
