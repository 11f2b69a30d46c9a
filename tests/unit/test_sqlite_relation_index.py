"""Relations indexed by (end, type) in the SQLite store (schema migration 8): a database made before
it is upgraded in place, keeps its relations, and the doubt rule's read of one entity's topic
types walks only those index ranges. Real SQLite files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.base import find_current_relations_of_types
from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from recall_memory_plugins.stores.sqlite.schema import LATEST_VERSION
from tests.conftest import T0

TYPES = ("LIVES_IN", "WORKS_FOR")


def _indexes(path: Path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'relations' "
            "AND name NOT LIKE 'sqlite_autoindex%'"
        ).fetchall()
    finally:
        conn.close()
    return {r[0] for r in rows}


def _downgrade_to_7(path: Path) -> None:
    """The file as schema 7 left it: relations indexed by each end alone."""
    conn = sqlite3.connect(path)
    conn.executescript(
        "DROP INDEX ix_relations_subject_type; DROP INDEX ix_relations_object_type;"
        "CREATE INDEX ix_relations_subject ON relations(namespace, subject_id);"
        "CREATE INDEX ix_relations_object ON relations(namespace, object_id);"
        "DELETE FROM schema_migrations WHERE version >= 8;"
    )
    conn.commit()
    conn.close()


def test_a_database_before_the_typed_indexes_is_upgraded_and_keeps_its_relations(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    with TemporalGraphMemory(path, annotator="offline") as memory:
        memory.add("Anna lives in Lisbon.", at=T0)
        memory.add("Anna owns a red bike.", at=T0)
        before = [(r.subject_name, r.type, r.object_name) for r in memory.relations()]
    assert ("Anna", "LIVES_IN", "Lisbon") in before
    _downgrade_to_7(path)
    assert "ix_relations_subject" in _indexes(path)

    with SqliteGraphStore(path) as store:
        assert store.schema_version() == LATEST_VERSION
    assert _indexes(path) == {
        "ix_relations_subject_type", "ix_relations_object_type", "ix_relations_type",
        "ix_relations_statement", "ix_relations_successor",  # (migration 9: a delete's reads)
    }  # fmt: skip
    with TemporalGraphMemory(path, annotator="offline") as memory:
        assert [(r.subject_name, r.type, r.object_name) for r in memory.relations()] == before
        anna = next(r.subject_id for r in memory.relations() if r.type == "LIVES_IN")
        topical = find_current_relations_of_types(memory.store, "default", anna, TYPES)
        assert [(r.type, r.object_name) for r in topical] == [("LIVES_IN", "Lisbon")]


def test_the_typed_read_walks_the_typed_index_ranges(tmp_path: Path) -> None:
    path = tmp_path / "plan.db"
    SqliteGraphStore(path).close()
    conn = sqlite3.connect(path)
    try:
        plan = " ".join(
            str(row[-1])
            for row in conn.execute(
                "EXPLAIN QUERY PLAN SELECT rowid FROM relations WHERE namespace = ? AND "
                "subject_id = ? AND type IN (?, ?) UNION SELECT rowid FROM relations WHERE "
                "namespace = ? AND object_id = ? AND type IN (?, ?)",
                ("n", "anna", *TYPES, "n", "anna", *TYPES),
            )
        )
    finally:
        conn.close()
    assert "ix_relations_subject_type (namespace=? AND subject_id=? AND type=?)" in plan
    assert "ix_relations_object_type (namespace=? AND object_id=? AND type=?)" in plan
