"""Migration 11 of the SQLite store: statements and relations keep the UTC offset their ``at`` was
given in. A database from before it is upgraded in place: what it held reads as UTC (the same
instants and the same recall text as before), and what is added afterwards keeps its offset."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from recall_memory_plugins.stores.sqlite.schema import LATEST_VERSION, MIGRATIONS

SHANGHAI = timezone(timedelta(hours=8))
OFFSETS = next(v for v, description, _ in MIGRATIONS if "UTC offset" in description)


def _downgrade(path: Path) -> None:
    """The file as the migration before the offsets left it."""
    conn = sqlite3.connect(path)
    conn.executescript(
        "ALTER TABLE statements DROP COLUMN utc_offset;"
        "ALTER TABLE relations DROP COLUMN utc_offset;"
        f"DELETE FROM schema_migrations WHERE version >= {OFFSETS};"
    )
    conn.commit()
    conn.close()


def _columns(path: Path, table: str) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
    finally:
        conn.close()


def test_a_database_before_the_offsets_is_upgraded_and_reads_as_utc(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    said = datetime(2024, 3, 1, 7, 0, tzinfo=timezone.utc)
    with TemporalGraphMemory(path, annotator="offline") as memory:
        memory.add("Alice lives in Paris.", at=said)
        memory.add("Alice moved to Rome last month.", at=said + timedelta(days=100))
        before = memory.recall("Where does Alice live?").text
        times = [s.at for s in memory.statements()]
    _downgrade(path)
    assert "utc_offset" not in _columns(path, "statements")

    with SqliteGraphStore(path) as store:
        assert store.schema_version() == LATEST_VERSION >= OFFSETS  # (and the later ones applied)
    assert "utc_offset" in _columns(path, "statements") and "utc_offset" in _columns(path, "relations")
    with TemporalGraphMemory(path, annotator="offline") as memory:
        assert memory.recall("Where does Alice live?").text == before
        old = memory.statements()
        assert [s.at for s in old] == times
        assert {s.at.utcoffset() for s in old} == {timedelta(0)}
        # added after the upgrade: in the zone given, its day and its dates on that calendar
        memory.add("Bob moved to Lyon last month.", at=datetime(2024, 7, 1, 7, 0, tzinfo=SHANGHAI))
        new = memory.statements()[-1]
        assert new.at.utcoffset() == timedelta(hours=8)
        recall = memory.recall("Where does Bob live?")
        assert "(2024-07-01)" in recall.text
        assert any("since Jun 2024" in f for f in recall.facts), recall.facts


def test_a_migration_run_again_over_its_columns_skips_them(tmp_path: Path) -> None:
    """Its record gone but its columns there (a hand-edited file): the upgrade adds nothing twice."""
    path = tmp_path / "again.db"
    SqliteGraphStore(path).close()
    conn = sqlite3.connect(path)
    conn.execute("DELETE FROM schema_migrations WHERE version >= ?", (OFFSETS,))
    conn.commit()
    conn.close()
    with SqliteGraphStore(path) as store:
        assert store.schema_version() == LATEST_VERSION
