"""Import of a damaged export raises the library's error and leaves stored data alone; export to
a path writes through a symlink, a FIFO or a device instead of replacing it."""

from __future__ import annotations

import io
import json
import os
import select
import stat
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.errors import InputError

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)
TEXTS = ["Alice works at Acme.", "Alice left Acme and joined Globex.", "Bob likes tea."]


def _memory(path: str | Path = ":memory:") -> TemporalGraphMemory:
    return TemporalGraphMemory(path, annotator="offline")


def _fill(memory: TemporalGraphMemory, namespace: str) -> None:
    for i, text in enumerate(TEXTS):
        memory.add(text, at=T0 + timedelta(hours=i), namespace=namespace, metadata={"i": i})


def _export(memory: TemporalGraphMemory, **kwargs: Any) -> str:
    buf = io.StringIO()
    memory.export(buf, **kwargs)
    return buf.getvalue()


def _snapshot(memory: TemporalGraphMemory, namespace: str) -> list[str]:
    """Everything stored for ``namespace`` (the export without its dated header)."""
    return _export(memory, namespace=namespace).splitlines()[1:]


@pytest.fixture(scope="module")
def exported() -> str:
    """An export of two namespaces, ``a`` then ``b``."""
    with _memory() as memory:
        _fill(memory, "a")
        _fill(memory, "b")
        return _export(memory, all_namespaces=True)


def _set(kind: str, field: str, value: Any) -> Callable[[str], str]:
    """A change of ``field`` in the first ``kind`` record of namespace ``b`` (the file's second
    namespace, so an import that writes as it goes has already written ``a``)."""

    def change(text: str) -> str:
        lines = text.splitlines()
        i = next(
            i
            for i, line in enumerate(lines)
            if json.loads(line).get("kind") == kind and json.loads(line).get("namespace") == "b"
        )
        record = json.loads(lines[i])
        record[field] = value
        lines[i] = json.dumps(record)  # ASCII: a lone surrogate is written as "\ud800"
        return "\n".join(lines) + "\n"

    return change


def _nested(text: str) -> str:
    lines = text.splitlines()
    return "\n".join([lines[0], "[" * 100_000, *lines[1:]]) + "\n"


def _long_number(text: str) -> str:
    return _set("statement", "t_index", 0)(text).replace('"t_index": 0', '"t_index": ' + "9" * 5000)


def _drop_a_linked_concept(text: str) -> str:
    """Namespace ``b`` without one concept record its contexts and links name (the end line
    counts one record fewer): SQLite stored the dangling link, Neo4j dropped it."""
    lines = [json.loads(line) for line in text.splitlines()]
    linked = {r["source"] for r in lines if r.get("kind") == "link" and r.get("namespace") == "b"}
    i = next(i for i, r in enumerate(lines)
             if r.get("kind") == "concept" and r.get("namespace") == "b" and r["name"] in linked)
    del lines[i]
    lines[-1]["records"] -= 1
    return "\n".join(json.dumps(r) for r in lines) + "\n"


def _header(version: Any) -> Callable[[str], str]:
    def change(text: str) -> str:
        lines = text.splitlines()
        head = json.loads(lines[0])
        head["version"] = version
        return "\n".join([json.dumps(head), *lines[1:]]) + "\n"

    return change


def _self_superseded(text: str) -> str:
    lines = [json.loads(line) for line in text.splitlines()]
    st = next(r for r in lines if r.get("kind") == "statement" and r.get("namespace") == "b")
    st["superseded_by"] = st["id"]
    return "\n".join(json.dumps(r) for r in lines) + "\n"


BROKEN: dict[str, Callable[[str], str]] = {
    # (found by a black-box test session, 2026-12-06: each was imported, and the next add reused
    # a step or numbered a relation twice)
    "a clock behind its statements": _set("namespace", "step", 1),
    "a relation counter behind its relations": _set("namespace", "relation_seq", 0),
    "a relation ending before it begins": _set("relation", "valid_to_step", 0),
    "a relation naming an entity with no record": _set("relation", "subject_id", "nobody"),
    "a statement superseded by itself": _self_superseded,
    "version true": _header(True),
    "version 1.0": _header(1.0),
    "a step that leaves no room to add": _set("namespace", "step", 2**63 - 1),
    "a link to a concept with no record": _drop_a_linked_concept,
    "statement text with a lone surrogate": _set("statement", "text", "\ud800"),
    "entity name with a lone surrogate": _set("entity", "name", "x\udfffy"),
    "metadata key with a lone surrogate": _set("statement", "metadata", {"\ud800": 1}),
    "relation attribute with a lone surrogate": _set("relation", "attributes", {"k": "\ud800"}),
    "t_index beyond 64 bits": _set("statement", "t_index", 2**70),
    "step beyond 64 bits": _set("namespace", "step", 2**70),
    "strength below -2**63": _set("link", "strength", -(2**63) - 1),
    "valid_from past year 9999 in UTC": _set("relation", "valid_from", "9999-12-31T23:59:59-14:00"),
    "at before year 1 in UTC": _set("statement", "at", "0001-01-01T00:00:00+14:00"),
    "a line nested 100,000 deep": _nested,
    "a number of 5000 digits": _long_number,
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_damaged_import_raises_input_error_and_keeps_stored_data(
    case: str, exported: str, tmp_path: Path
) -> None:
    with _memory(tmp_path / "memory.db") as memory:
        _fill(memory, "keep")
        before = _snapshot(memory, "keep")
        with pytest.raises(InputError):
            memory.import_(io.StringIO(BROKEN[case](exported)))
        # all or nothing: namespace "a" (valid, before the damage) is not written either
        assert memory.namespaces() == ["keep"]
        assert _snapshot(memory, "keep") == before
        assert [h.text for h in memory.get_all(namespace="keep")] == TEXTS
        memory.import_(io.StringIO(exported))  # the memory still works
        assert sorted(memory.namespaces()) == ["a", "b", "keep"]


def test_damaged_line_is_named(exported: str) -> None:
    with _memory() as memory, pytest.raises(InputError, match=r"^line 2 .*nested"):
        memory.import_(io.StringIO(_nested(exported)))


# ------------------------------------------------------------------------------------ export
def test_export_through_a_symlink_fills_its_target_and_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real" / "memory.jsonl"
    target.parent.mkdir()
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    with _memory() as memory:
        _fill(memory, "default")
        lines = memory.export(link)
        assert link.is_symlink() and os.readlink(link) == str(target)
        assert len(target.read_text(encoding="utf-8").splitlines()) == lines
        assert sorted(p.name for p in target.parent.iterdir()) == ["memory.jsonl"]  # no temp
    with _memory() as copy:
        copy.import_(link)
        assert [h.text for h in copy.get_all()] == TEXTS


def test_export_through_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    target = tmp_path / "new.jsonl"
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    with _memory() as memory:
        _fill(memory, "default")
        lines = memory.export(link)
    assert link.is_symlink()
    assert len(target.read_text(encoding="utf-8").splitlines()) == lines


def _drain(fd: int, chunks: list[bytes], deadline: float) -> None:
    """Read the FIFO until its writer closes it (or the deadline)."""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if not ready:
            continue
        chunk = os.read(fd, 1 << 16)
        if chunk:
            chunks.append(chunk)
        elif chunks:
            return  # end of file: the writer is done
        else:
            time.sleep(0.01)  # no writer yet


def test_export_to_a_fifo_writes_to_its_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader is there before the export
    chunks: list[bytes] = []
    reader = threading.Thread(target=_drain, args=(fd, chunks, time.monotonic() + 10))
    reader.start()
    try:
        with _memory() as memory:
            _fill(memory, "default")
            lines = memory.export(fifo)
        reader.join()
    finally:
        os.close(fd)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe.jsonl"]  # no temporary file left
    got = b"".join(chunks).decode("utf-8")
    assert len(got.splitlines()) == lines
    with _memory() as copy:
        copy.import_(io.StringIO(got))
        assert [h.text for h in copy.get_all()] == TEXTS
