"""The files :meth:`~recall_memory_plugins.engine.items.ItemsMixin.export` never writes over:
its own database (the file, or its ``-wal`` / ``-shm`` / ``-journal``) and any other SQLite
database or write-ahead log (another memory, say). Writing JSON Lines there would destroy it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..errors import InputError

__all__ = ["refuse_database_target"]

_COMPANIONS = ("", "-wal", "-shm", "-journal")
_SQLITE_MAGIC = b"SQLite format 3\x00"
_WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)  # (hard links and symlinks included)
    except OSError:  # one of them does not exist (yet)
        return os.path.realpath(a) == os.path.realpath(b)


def _database_head(path: Path) -> bool:
    """Whether ``path`` is a regular file opening as an SQLite database or write-ahead log."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return False  # (a FIFO or device is written as is, never read here)
        with path.open("rb") as stream:
            head = stream.read(len(_SQLITE_MAGIC))
    except OSError:  # missing or unreadable: writing it fails (or succeeds) on its own
        return False
    return head == _SQLITE_MAGIC or head[:4] in _WAL_MAGIC


def refuse_database_target(path: str, own: object) -> None:
    """Raise :class:`InputError` when ``path`` is the store's file ``own`` (a path, or None for
    a store without one), one of its companions, or any SQLite database or write-ahead log."""
    target = Path(path).expanduser()
    if isinstance(own, str) and own not in (":memory:", "<connection>") and not own.startswith("file:"):
        db = Path(own)
        for suffix in _COMPANIONS:
            if _same_file(target, db.with_name(db.name + suffix)):
                raise InputError(
                    f"cannot export to {path!r}: it is {db}{suffix}, {'part of ' if suffix else ''}this "
                    "memory's own database; writing there would destroy it; give another file name"
                )
    if _database_head(target):
        raise InputError(
            f"cannot export to {path!r}: it is an SQLite database (another memory?); an export "
            "never writes over one; give another file name"
        )
