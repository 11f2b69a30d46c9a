"""Export/import on SQLite: refused files write nothing, the CLI commands, and the upgrade of a
database written before per-item control (schema 3) to the current schema."""

from __future__ import annotations

import io
import json
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.cli import main
from recall_memory_plugins.errors import InputError
from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from recall_memory_plugins.stores.sqlite.schema import LATEST_VERSION

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)
TEXTS = [
    "Brandon loves coffee.",
    "张三是销售部的经理，他正在负责星火计划项目。",
    "张三不再负责星火计划了，现在由王五接手。",
    "Alice likes tea.",
]
QUESTIONS = ["What does Brandon love?", "现在谁负责星火计划？", "What does Alice like?"]


def _memory(path: str | Path = ":memory:") -> TemporalGraphMemory:
    return TemporalGraphMemory(path, annotator="offline")


def _exported() -> str:
    with _memory() as memory:
        for i, text in enumerate(TEXTS):
            memory.add(text, at=T0 + timedelta(hours=i), metadata={"i": i})
        buf = io.StringIO()
        memory.export(buf)
    return buf.getvalue()


def _broken(text: str) -> dict[str, str]:
    lines = text.splitlines()
    stmt = next(i for i, line in enumerate(lines) if '"kind": "statement"' in line)
    bad_field = json.loads(lines[stmt])
    bad_field["t_index"] = "three"
    no_tz = json.loads(lines[stmt])
    no_tz["at"] = "2026-03-01T09:00:00"
    header = json.loads(lines[0])
    return {
        "unknown version": "\n".join([json.dumps({**header, "version": 99}), *lines[1:]]),
        "not an export": '{"hello": 1}\n',
        "truncated": "\n".join(lines[:-3]),
        "bad field": "\n".join([*lines[:stmt], json.dumps(bad_field), *lines[stmt + 1 :]]),
        "naive time": "\n".join([*lines[:stmt], json.dumps(no_tz), *lines[stmt + 1 :]]),
        "repeated": "\n".join([*lines[: stmt + 1], lines[stmt], *lines[stmt + 1 :]]),
        "not json": "\n".join([*lines[:2], "{oops", *lines[2:]]),
        "unknown kind": "\n".join([*lines[:2], '{"kind": "blob", "namespace": "x"}', *lines[2:]]),
    }


@pytest.mark.parametrize("case", list(_broken(_exported())))
def test_a_refused_file_writes_nothing(case: str) -> None:
    text = _broken(_exported())[case]
    with _memory() as memory:
        with pytest.raises(InputError):
            memory.import_(io.StringIO(text))
        assert memory.namespaces() == []
        assert memory.stats().statements == 0


def test_unknown_version_is_named() -> None:
    with _memory() as memory, pytest.raises(InputError, match="version 99"):
        memory.import_(io.StringIO(_broken(_exported())["unknown version"]))


@pytest.mark.parametrize(
    "target", [None, 5, b"out.jsonl", io.BytesIO(), "", "out\x00.jsonl", "caf\udce9.jsonl"]
)
def test_export_and_import_refuse_what_is_neither_a_path_nor_a_text_stream(
    target: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by benchmarks/reliability.py: these escaped as AttributeError/TypeError/ValueError
    monkeypatch.chdir(tmp_path)
    with _memory() as memory:
        memory.add("Alice likes tea.")
        with pytest.raises(InputError, match="path_or_file"):
            memory.export(target)  # type: ignore[arg-type]
        with pytest.raises(InputError, match="path_or_file"):
            memory.import_(target, namespace="copy")  # type: ignore[arg-type]
        assert memory.namespaces() == ["default"]
    assert list(tmp_path.iterdir()) == []


def test_round_trip_through_a_file_and_all_namespaces(tmp_path: Path) -> None:
    with _memory(tmp_path / "a.db") as memory:
        for i, text in enumerate(TEXTS):
            memory.add(text, at=T0 + timedelta(hours=i), namespace="one" if i % 2 else "two")
        before = {
            (ns, q): memory.recall(q, namespace=ns).text for ns in ("one", "two") for q in QUESTIONS
        }
        memory.export(tmp_path / "all.jsonl", all_namespaces=True)
    with _memory(tmp_path / "b.db") as other:
        other.import_(tmp_path / "all.jsonl")
        assert other.namespaces() == ["one", "two"]
        for (ns, q), text in before.items():
            assert other.recall(q, namespace=ns).text == text
        with pytest.raises(InputError, match="2 namespaces"):
            other.import_(tmp_path / "all.jsonl", namespace="three")


def test_cli_export_import_forget(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, copy, file = str(tmp_path / "m.db"), str(tmp_path / "c.db"), str(tmp_path / "m.jsonl")
    base = ["--annotator", "offline"]
    assert main([*base, "--db", db, "add", "Alice works for Acme.", "Brandon loves coffee."]) == 0
    assert main([*base, "--db", db, "export", file]) == 0
    assert main([*base, "--db", db, "export", file]) == 1  # exists: --force needed
    assert "--force" in capsys.readouterr().err
    assert main([*base, "--db", copy, "--json", "import", file, "--into", "c"]) == 0
    assert json.loads(capsys.readouterr().out)["records"] > 0
    assert main([*base, "--db", copy, "-n", "c", "forget", "--entity", "Alice"]) == 0
    assert main([*base, "--db", copy, "-n", "c", "forget", "--statement", "999"]) == 1
    assert "no statement 999" in capsys.readouterr().err
    assert main([*base, "--db", copy, "-n", "c", "forget", "--statement", "2"]) == 0
    with _memory(copy) as memory:
        assert [s.text for s in memory.get_all(namespace="c")] == ["Alice works for Acme."]
        assert memory.entities("Alice", namespace="c") == []
    assert main([*base, "--db", copy, "forget", "--relations"]) == 2


def _downgrade_to_schema_3(path: Path) -> None:
    """The database as the version before per-item control left it: no metadata/superseded_by/
    terms columns, migrations after 3 not applied."""
    conn = sqlite3.connect(path)
    conn.executescript(
        "DROP INDEX ix_statements_source; DROP INDEX ix_statements_superseded;"
        "ALTER TABLE statements DROP COLUMN metadata;"
        "ALTER TABLE statements DROP COLUMN superseded_by;"
        "ALTER TABLE statements DROP COLUMN terms;"
        "DROP TABLE IF EXISTS namespace_generations;"
        "DROP TRIGGER IF EXISTS statements_keep_deleted_ids;"
        "DROP TABLE IF EXISTS statement_id_floor;"
        "DROP TABLE IF EXISTS statement_vectors;"
        "DELETE FROM schema_migrations WHERE version > 3;"
    )
    conn.commit()
    conn.close()


def test_an_older_database_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with _memory(path) as memory:
        for i, text in enumerate(TEXTS):
            memory.add(text, at=T0 + timedelta(hours=i))
        before = {q: memory.recall(q).text for q in QUESTIONS}
    _downgrade_to_schema_3(path)
    with SqliteGraphStore(path) as store:
        assert store.schema_version() == LATEST_VERSION
    with _memory(path) as memory:
        assert {q: memory.recall(q).text for q in QUESTIONS} == before
        first = memory.get_all(limit=1)[0]
        assert first.metadata == {} and first.superseded_by is None
        # the backfilled terms let a delete find the statement's postings
        memory.delete_statement(first.id)
        conn = memory.store._conn  # type: ignore[attr-defined]
        assert (
            conn.execute(
                "SELECT COUNT(*) FROM postings WHERE statement_id = ?", (first.id,)
            ).fetchone()[0]
            == 0
        )
        assert conn.execute("SELECT COUNT(*) FROM terms WHERE term = 'coffe'").fetchone()[0] == 0
        # migration 6: ids above every stored one, even after deleting the newest
        newest = memory.get_all()[-1].id
        memory.delete_statement(newest)
        assert memory.add("Brandon bought a grinder.").statement_ids[0] == newest + 1
