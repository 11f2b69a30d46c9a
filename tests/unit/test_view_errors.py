"""``view(out=...)`` and ``MemoryView.save`` refuse a path they cannot write with our
``InputError`` (they raised FileNotFoundError, IsADirectoryError, ValueError, TypeError), as
``export`` does. Real SQLite, the real page; no mocks."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

pytest.importorskip("networkx")

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.errors import InputError


@pytest.mark.parametrize("kind", ["missing_dir", "a_dir", "nul", "int", "stringio"])
def test_view_refuses_a_path_it_cannot_write(tmp_path: Path, kind: str) -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    memory.add("Alice works at Acme.")
    out = {"missing_dir": tmp_path / "no" / "x.html", "a_dir": tmp_path, "nul": str(tmp_path / "a\x00b.html"),
           "int": 5, "stringio": io.StringIO()}[kind]
    with pytest.raises(InputError):
        memory.view(out=out)  # type: ignore[arg-type]
    assert memory.recall("Where does Alice work?").statements  # nothing lost


def test_view_writes_a_good_path(tmp_path: Path) -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    memory.add("Alice works at Acme.")
    memory.view(out=tmp_path / "page.html")
    assert "Acme" in (tmp_path / "page.html").read_text(encoding="utf-8")
