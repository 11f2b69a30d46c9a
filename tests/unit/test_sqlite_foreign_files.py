"""The SQLite store touches only files that are its own, and bad paths create nothing.

Another application's database, a file that is not a database, and a database of a newer schema
are refused with our errors and left byte-identical (a hash of the file before and after).
"""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest

from recall_memory_plugins.errors import (
    ConfigurationError,
    NotFoundError,
    SchemaVersionError,
    StoreError,
)
from recall_memory_plugins.models import GraphUpdate, StatementInput
from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from recall_memory_plugins.stores.sqlite.schema import LATEST_VERSION

AT = datetime(2024, 5, 1, tzinfo=timezone.utc)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def make_db(path: Path, *statements: str) -> Path:
    conn = sqlite3.connect(path)
    for sql in statements:
        conn.execute(sql)
    conn.commit()
    conn.close()
    return path


def add(store: SqliteGraphStore, text: str) -> None:
    store.apply_update(
        GraphUpdate(namespace="ns", at=AT, statements=(StatementInput(text, {"tea": 1}),))
    )


def tables(path: Path) -> list[str]:
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return sorted(r[0] for r in conn.execute("SELECT name FROM sqlite_master"))
    finally:
        conn.close()


# ------------------------------------------------------------------------------ foreign files
@pytest.mark.parametrize(
    "schema",
    [
        (
            "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)",
            "INSERT INTO users VALUES (1, 'a')",
        ),
        # a table named like one of ours, with other columns
        ("CREATE TABLE statements (id INTEGER PRIMARY KEY, body TEXT)",),
        # a Rails-style migrations table is not ours
        (
            "CREATE TABLE schema_migrations (version TEXT PRIMARY KEY)",
            "INSERT INTO schema_migrations VALUES ('2024')",
        ),
        # what an earlier version of this library left when it failed half way on such a file
        (
            "CREATE TABLE statements (id INTEGER PRIMARY KEY, body TEXT)",
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, "
            "description TEXT NOT NULL, applied_at TEXT NOT NULL)",
        ),
        # a migrations table with our name and columns, at a version whose tables are missing
        (
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, description TEXT, "
            "applied_at TEXT)",
            "INSERT INTO schema_migrations VALUES (3, 'x', 'y')",
            "CREATE TABLE users (id INTEGER PRIMARY KEY)",
        ),
    ],
    ids=[
        "other-tables",
        "own-statements-table",
        "rails-migrations",
        "half-altered",
        "look-alike-migrations",
    ],
)
def test_another_applications_database_is_refused_and_left_unchanged(
    tmp_path: Path, schema: tuple[str, ...]
) -> None:
    db = make_db(tmp_path / "app.db", *schema)
    before, files, names = digest(db), tree(tmp_path), tables(db)
    with pytest.raises(ConfigurationError, match="not a recall-memory-plugins database"):
        SqliteGraphStore(db)
    assert digest(db) == before
    assert tree(tmp_path) == files  # no journal or WAL files left either
    assert tables(db) == names


def test_a_file_that_is_not_a_database_is_refused_and_left_unchanged(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list: tea, milk\n" * 40)
    before = digest(notes)
    with pytest.raises(StoreError, match=r"cannot read .* as a SQLite database") as info:
        SqliteGraphStore(notes)
    assert not isinstance(info.value, SchemaVersionError)
    assert digest(notes) == before


def test_a_newer_schema_raises_before_any_pragma_writes(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    with SqliteGraphStore(db) as store:
        add(store, "I like tea.")
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA journal_mode=DELETE")  # as a newer version might leave it
    conn.execute(
        "INSERT INTO schema_migrations VALUES (?, 'from the future', '2030-01-01')",
        (LATEST_VERSION + 1,),
    )
    conn.commit()
    conn.close()
    before = digest(db)
    with pytest.raises(SchemaVersionError, match="upgrade recall-memory-plugins"):
        SqliteGraphStore(db)
    assert digest(db) == before
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


def test_an_injected_connection_to_a_foreign_database_is_refused_too(tmp_path: Path) -> None:
    db = make_db(tmp_path / "app.db", "CREATE TABLE users (id INTEGER PRIMARY KEY)")
    before = digest(db)
    conn = sqlite3.connect(db)
    try:
        with pytest.raises(ConfigurationError, match="users"):
            SqliteGraphStore(connection=conn)
        assert conn.execute("SELECT COUNT(*) FROM users").fetchone()[0] == 0  # still usable
    finally:
        conn.close()
    assert digest(db) == before


# ------------------------------------------------------------------------------ files of ours
def test_new_empty_and_own_files_are_used(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    with SqliteGraphStore(empty) as store:
        add(store, "I like tea.")
        assert store.schema_version() == LATEST_VERSION
    fresh = tmp_path / "deep" / "er" / "memory.db"
    with SqliteGraphStore(fresh) as store:
        add(store, "I like tea.")
    # an application table added next to ours later does not make the file foreign
    make_db(empty, "CREATE TABLE notes (id INTEGER PRIMARY KEY)")
    with SqliteGraphStore(empty) as store:
        assert store.stats("ns").statements == 1


# ------------------------------------------------------------------------------ bad paths
def test_a_path_whose_parent_is_a_file_creates_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "memory"
    blocker.write_text("a file, not a directory")
    files = tree(tmp_path)
    for path in (blocker / "memory.db", blocker / "sub" / "memory.db"):
        with pytest.raises(ConfigurationError, match="is not a directory"):
            SqliteGraphStore(path)
    assert tree(tmp_path) == files
    assert blocker.read_text() == "a file, not a directory"


def test_a_path_with_a_nul_character_creates_nothing(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="NUL"):
        SqliteGraphStore(str(tmp_path / "mem\x00ory.db"))
    assert tree(tmp_path) == []


def test_a_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    with pytest.raises(ConfigurationError, match="is a directory"):
        SqliteGraphStore(folder)
    assert tree(tmp_path) == ["data"]


# ------------------------------------------------------------------------------ no-create modes
@pytest.mark.parametrize("options", [{"create": False}, {"read_only": True}])
def test_a_missing_file_is_not_created_without_create(tmp_path: Path, options: dict) -> None:
    path = tmp_path / "missing" / "memory.db"
    with pytest.raises(NotFoundError, match="no SQLite database"):
        SqliteGraphStore(path, **options)
    assert tree(tmp_path) == []


def test_create_false_opens_and_writes_an_existing_database(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    SqliteGraphStore(db).close()
    with SqliteGraphStore(db, create=False) as store:
        add(store, "I like tea.")
        assert store.stats().statements == 1


def test_read_only_reads_and_never_writes(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    with SqliteGraphStore(db) as store:
        add(store, "I like tea.")
    before = digest(db)
    with SqliteGraphStore(db, read_only=True) as store:
        assert store.stats("ns").statements == 1
        assert [s.text for s in store.find_recent_statements("ns", limit=5)] == ["I like tea."]
        with pytest.raises(StoreError, match="readonly"):
            add(store, "I like coffee.")
    assert digest(db) == before


def test_read_only_refuses_an_empty_or_older_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    with pytest.raises(NotFoundError, match="no recall memory yet"):
        SqliteGraphStore(empty, read_only=True)
    assert empty.read_bytes() == b""
    db = tmp_path / "memory.db"
    SqliteGraphStore(db).close()
    conn = sqlite3.connect(db)
    conn.execute("DELETE FROM schema_migrations WHERE version = ?", (LATEST_VERSION,))
    conn.commit()
    conn.close()
    before = digest(db)
    with pytest.raises(StoreError, match="without read_only to upgrade"):
        SqliteGraphStore(db, read_only=True)
    assert digest(db) == before


@pytest.mark.parametrize("options", [{"create": False}, {"read_only": True}])
def test_no_create_modes_need_a_file_path(options: dict) -> None:
    with pytest.raises(ConfigurationError, match="need a file path"):
        SqliteGraphStore(":memory:", **options)
    conn = sqlite3.connect(":memory:")
    try:
        with pytest.raises(ConfigurationError, match="injected connection"):
            SqliteGraphStore(connection=conn, **options)
    finally:
        conn.close()
