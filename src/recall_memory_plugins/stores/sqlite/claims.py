"""An empty SQLite file another application has already claimed.

A file with no tables yet is adopted as a new memory, unless its header says whose it is: a
non-zero ``PRAGMA application_id`` (GeoPackage, MBTiles, Fossil ... stamp theirs) or
``user_version`` (an application's own schema counter) belongs to another application that has
not created its tables yet. This library sets neither.
"""

from __future__ import annotations

import sqlite3

from ...errors import ConfigurationError


def header_claim(conn: sqlite3.Connection) -> tuple[int, int]:
    """The file's ``application_id`` and ``user_version`` (both 0 in a file nobody claimed)."""
    app = int(conn.execute("PRAGMA application_id").fetchone()[0])
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    return app, version


def refuse_claimed(path: str, claim: tuple[int, int] | None) -> int:
    """0 (an empty file is a new memory), or :class:`ConfigurationError` when its header says
    another application's (``claim``: what :func:`header_claim` read)."""
    if claim is None or claim == (0, 0):
        return 0
    app, version = claim
    tag = app.to_bytes(4, "big", signed=app < 0).decode("ascii", "replace")
    raise ConfigurationError(
        f"{path!r} is not a recall-memory-plugins database: it has no tables yet, but its header "
        f"claims it for another application (application_id={app} {tag!r}, "
        f"user_version={version}); nothing was changed. Check the path, or use a new file"
    )
