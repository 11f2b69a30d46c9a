"""`export(path)` never writes over a database: the memory's own file (or its -wal / -shm /
-journal, through a symlink too) nor another memory; it wrote JSON Lines over them, destroying
the memory. Other files are written as before."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from recall_memory_plugins import InputError, TemporalGraphMemory


def _memory(path: Path, text: str) -> None:
    with TemporalGraphMemory(str(path), annotator="offline") as memory:
        memory.add(text)


@pytest.mark.parametrize("target", ["notes.db", "notes.db-wal", "link.db", "other.db", "other.db-wal"])
def test_export_refuses_a_database(tmp_path: Path, target: str) -> None:
    _memory(tmp_path / "other.db", "Bob lives in Rome.")
    os.symlink(tmp_path / "notes.db", tmp_path / "link.db")
    with TemporalGraphMemory(str(tmp_path / "notes.db"), annotator="offline") as memory:
        memory.add("Alice works at Acme.")
        other = TemporalGraphMemory(str(tmp_path / "other.db"), annotator="offline")  # (its -wal exists while open)
        other.add("Bob works at Initech.")
        try:
            with pytest.raises(InputError, match="cannot export"):
                memory.export(str(tmp_path / target))
        finally:
            other.close()
    for path, name, firm in (("notes.db", "Alice", "Acme"), ("other.db", "Bob", "Initech")):
        with TemporalGraphMemory(str(tmp_path / path), annotator="offline") as reopened:
            assert [r.object_name for r in reopened.relations(name, type="WORKS_FOR")] == [firm]


def test_export_writes_other_files(tmp_path: Path) -> None:
    (tmp_path / "old.jsonl").write_text("old\n", encoding="utf-8")
    with TemporalGraphMemory(str(tmp_path / "notes.db"), annotator="offline") as memory:
        memory.add("Alice works at Acme.")
        assert memory.export(tmp_path / "old.jsonl") > 1
        assert memory.export(str(tmp_path / "new.jsonl")) > 1
    assert (tmp_path / "old.jsonl").read_text(encoding="utf-8").startswith("{")
