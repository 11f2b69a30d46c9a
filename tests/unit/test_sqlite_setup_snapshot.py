"""Opening a SQLite store while another process commits a schema migration: the store reads the
tables and the schema version in one snapshot, so a recall file is never taken for another
application's (a CI run saw "is not a recall-memory-plugins database" for a file two writer
processes opened at once). Real SQLite files; the other process is a second connection that
commits the last migration between the two reads, driven by SQLite's own trace callback."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from recall_memory_plugins.stores.sqlite.schema import LATEST_VERSION, MIGRATIONS, tables_at


def test_a_migration_committed_between_the_reads_of_setup_is_not_taken_for_a_foreign_file(
    tmp_path: Path,
) -> None:
    path = str(tmp_path / "shared.db")
    SqliteGraphStore(path).close()
    # the last migration that creates a table (later ones only add indexes)
    last, description, statements = next(
        m for m in reversed(MIGRATIONS) if tables_at(m[0]) - tables_at(m[0] - 1)
    )
    created = sorted(tables_at(last) - tables_at(last - 1))
    # the file as another process leaves it just before it commits that migration
    raw = sqlite3.connect(path, isolation_level=None)
    for table in created:
        raw.execute(f"DROP TABLE {table}")
    raw.execute("DELETE FROM schema_migrations WHERE version >= ?", (last,))
    raw.close()

    writer = sqlite3.connect(path, isolation_level=None)
    done: list[bool] = []

    def commit_the_migration_now(sql: str) -> None:
        if "MAX(version)" in sql and not done:
            done.append(True)
            writer.execute("BEGIN IMMEDIATE")
            for statement in statements:
                writer.execute(statement)
            writer.execute(
                "INSERT INTO schema_migrations(version, description, applied_at) VALUES (?, ?, ?)",
                (last, description, datetime.now(timezone.utc).isoformat()),
            )
            writer.execute("COMMIT")

    reader = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    reader.set_trace_callback(commit_the_migration_now)
    store = SqliteGraphStore(connection=reader)  # raised ConfigurationError before the fix
    try:
        assert done, "the other connection never committed between the reads"
        assert store.schema_version() == LATEST_VERSION  # (and the later ones applied)
    finally:
        reader.set_trace_callback(None)
        store.close()
        writer.close()
