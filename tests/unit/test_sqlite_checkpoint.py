"""The write-ahead log of a file store is checkpointed per ``checkpoint_mb``, not SQLite's 4 MiB.

A checkpoint copies the log into the database file and syncs the disk; with SQLite's default
(1,000 pages) a single ``add()`` per commit met one every ~10 adds (benchmarks/README.md,
"Twenty-sixth round").
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.errors import ConfigurationError
from recall_memory_plugins.stores.sqlite import SqliteGraphStore

T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)


def _autocheckpoint(store: SqliteGraphStore) -> int:
    return int(store._conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0])


def _page_size(store: SqliteGraphStore) -> int:
    return int(store._conn.execute("PRAGMA page_size").fetchone()[0])


def test_default_checkpoint_is_forty_mib_of_pages(tmp_path: Path) -> None:
    store = SqliteGraphStore(tmp_path / "m.db")
    try:
        assert _autocheckpoint(store) == 40 * 1024 * 1024 // _page_size(store)
    finally:
        store.close()


def test_checkpoint_mb_sets_the_pages(tmp_path: Path) -> None:
    store = SqliteGraphStore(tmp_path / "m.db", checkpoint_mb=2)
    try:
        assert _autocheckpoint(store) == 2 * 1024 * 1024 // _page_size(store)
    finally:
        store.close()


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "8", None])
def test_bad_checkpoint_mb_is_refused_before_opening(tmp_path: Path, bad: object) -> None:
    with pytest.raises(ConfigurationError, match="checkpoint_mb"):
        SqliteGraphStore(tmp_path / "m.db", checkpoint_mb=bad)  # type: ignore[arg-type]
    assert not (tmp_path / "m.db").exists()


def test_an_injected_connection_keeps_its_own_setting(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "m.db")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=123")
    store = SqliteGraphStore(connection=conn)
    try:
        assert _autocheckpoint(store) == 123
    finally:
        store.close()
        conn.close()


def _wal_after_adds(path: Path, checkpoint_mb: int, n: int = 250) -> int:
    store = SqliteGraphStore(path, checkpoint_mb=checkpoint_mb)
    memory = TemporalGraphMemory(store)  # the caller's store: closed below
    try:
        for i in range(n):
            memory.add(
                f"Person{i % 37} met Friend{i % 53} in City{i % 41} to talk about topic{i}.",
                at=T0 + timedelta(minutes=i),
            )
        size = Path(str(path) + "-wal").stat().st_size
        assert len(memory.statements()) == n
    finally:
        memory.close()
        store.close()
    return size


def test_the_log_is_checkpointed_at_the_size_asked_for(tmp_path: Path) -> None:
    """With 1 MiB the log is rewound once it holds 1 MiB (it stays near that size); with 40 it
    grows past it. Data survive either way (reopened and counted)."""
    small = _wal_after_adds(tmp_path / "small.db", 1)
    large = _wal_after_adds(tmp_path / "large.db", 40)
    assert small < 1.6 * 1024 * 1024
    assert large > 2 * small
    for name in ("small.db", "large.db"):
        reopened = TemporalGraphMemory(tmp_path / name)
        try:
            assert len(reopened.statements()) == 250
        finally:
            reopened.close()
        assert not Path(str(tmp_path / name) + "-wal").exists()  # the last close removed it
