"""Checks on the files that ``export`` and ``view`` write, made before any database is opened.

Neither command may write onto the memory it reads (``--db``, or its ``-wal``/``-shm``/``-journal``
companions), whatever ``--force`` says: that would replace every statement with the output.
"""

from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path
from urllib.parse import urlsplit

from ..viz.page import is_sqlite_file
from ._base import CliError

__all__ = ["check_new_page", "refuse_database"]

PAGE_HEAD = 256 * 1024  # an earlier page's markers are in its first few KB (after the CSS)
PAGE_MARKERS = (b'<meta name="generator" content="recall-memory">', b'id="memory-data"')
SQLITE_COMPANIONS = ("", "-wal", "-shm", "-journal")


def _database_file(args: argparse.Namespace) -> Path | None:
    """The file behind ``--db`` (the default path when it is not given); None for ``:memory:``."""
    target = getattr(args, "db", None)
    if target is None:
        from ..stores.sqlite.store import default_db_path

        return default_db_path()
    text = str(target)
    if text == ":memory:":
        return None
    if text.startswith("file:"):
        text = urlsplit(text).path
        if not text or text == ":memory:":
            return None
    return Path(text).expanduser()


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)  # hard links and symlinks included
    except OSError:  # one of them does not exist (yet)
        return os.path.realpath(a) == os.path.realpath(b)


def refuse_database(path: Path, args: argparse.Namespace, option: str) -> None:
    """Raise :class:`CliError` when ``path`` is the ``--db`` file (or one of its companions)."""
    db = _database_file(args)
    if db is None:
        return
    for suffix in SQLITE_COMPANIONS:
        if _same_file(path, db.with_name(db.name + suffix)):
            raise CliError(
                f"{option} {path} is {db}{suffix}, {'part of ' if suffix else ''}the memory that --db reads: writing there would "
                "destroy it (--force does not change this); give another file name"
            )


def _is_page(path: Path) -> bool:
    """Whether ``path`` holds a page written by ``view`` (so writing it again loses nothing)."""
    try:
        with path.open("rb") as stream:
            head = stream.read(PAGE_HEAD)
    except OSError:
        return False
    return head.lstrip().startswith(b"<!DOCTYPE html>") and any(m in head for m in PAGE_MARKERS)


def check_new_page(path: Path, args: argparse.Namespace) -> None:
    """``view --out``: never the database; an existing file only when it is an earlier page.

    Another SQLite database is refused too. Any other existing file (a note, a FIFO or device)
    needs ``--force``; a FIFO or device is then written as is, never replaced.
    """
    refuse_database(path, args, "--out")
    try:
        mode = path.stat().st_mode  # follows symlinks: the file that would be written
    except FileNotFoundError:
        if not path.parent.is_dir():
            raise CliError(f"cannot write --out {path}: {path.parent} is not a directory") from None
        return
    except OSError as exc:
        raise CliError(f"cannot access --out {path}: {exc.strerror or exc}") from exc
    if stat.S_ISDIR(mode):
        raise CliError(f"--out {path} is a directory; give a file name")
    try:
        sqlite = is_sqlite_file(path)
    except OSError:  # unreadable: writing it fails with the reason
        sqlite = False
    if sqlite:  # another memory: a page never replaces one (MemoryView.save)
        raise CliError(f"--out {path} is an SQLite database (a memory?); give another file name")
    if args.force:
        return
    if not stat.S_ISREG(mode):
        raise CliError(
            f"--out {path} is not a regular file (a FIFO, device or socket); pass --force to "
            "write the page to it as is"
        )
    if not _is_page(path):
        raise CliError(
            f"--out {path} exists and is not a page written by 'view'; pass --force to overwrite it"
        )
