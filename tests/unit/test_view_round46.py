"""Round 46 of the memory page, ``serve`` and the CLI: ``view --out`` and ``export`` never write
over the memory they read, an unsure relation is not drawn as current, one idle or vanished
client neither blocks nor clutters ``serve``, the layout of a big graph grows as n log n, and a
``#q=`` link with a bare ``%`` opens the inspector. Real SQLite files, a real HTTP server on
127.0.0.1, the real CLI; the page's script in headless Chromium (skipped visibly without it)."""

from __future__ import annotations

import json
import logging
import os
import random
import shutil
import socket
import sqlite3
import struct
import subprocess
import sys
import threading
import time
import tracemalloc
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.cli import main
from recall_memory_plugins.errors import InputError
from recall_memory_plugins.viz import render_view
from recall_memory_plugins.viz.server import make_server
from tests.conftest import Clock, skip_or_fail

pytest.importorskip("pyvis", reason="the view extra (pyvis) is not installed")
nx = pytest.importorskip("networkx", reason="the view extra (networkx) is not installed")
np = pytest.importorskip("numpy", reason="the view extra (numpy) is not installed")

FACTS = ["Alice works at Acme.", "Alice left Acme and joined Globex."]
UNSURE = ["Omar works at Intel.", "Omar is between jobs right now."]  # docs/configuration.md


def _cli(*args: str) -> int:
    return main(["--annotator", "offline", *args])


def _statements(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM statements").fetchone()[0])


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    db = tmp_path / "notes.db"
    assert _cli("--db", str(db), "add", *FACTS) == 0
    return db


# ------------------------------------------------------------ 1. view --out / export onto --db
@pytest.mark.parametrize("force", [[], ["--force"]])
def test_view_out_never_replaces_the_memory_it_reads(
    notes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], force: list[str]
) -> None:
    link = tmp_path / "page.html"
    link.symlink_to(notes)
    for out in (notes, link, Path(f"{notes}-wal")):
        capsys.readouterr()
        assert _cli("--db", str(notes), "view", "--out", str(out), *force) == 1
        assert "the memory that --db reads" in capsys.readouterr().err
    wal = Path(f"{notes}-wal")
    assert not wal.exists() or not wal.read_bytes().startswith(b"<!DOCTYPE")
    assert notes.read_bytes().startswith(b"SQLite format 3\x00") and _statements(notes) == 2


def test_view_out_replaces_an_earlier_page_but_other_files_only_with_force(
    notes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "memory.html"
    assert _cli("--db", str(notes), "view", "--out", str(page)) == 0
    assert _cli("--db", str(notes), "view", "--out", str(page)) == 0  # re-running just works
    note = tmp_path / "note.txt"
    note.write_text("my own notes\n", encoding="utf-8")
    capsys.readouterr()
    assert _cli("--db", str(notes), "view", "--out", str(note)) == 1
    assert "--force" in capsys.readouterr().err
    assert note.read_text(encoding="utf-8") == "my own notes\n"
    assert _cli("--db", str(notes), "view", "--out", str(note), "--force") == 0
    assert "Alice" in note.read_text(encoding="utf-8")
    # another memory (or a link to one) is never replaced by a page, --force or not
    other = tmp_path / "other.db"
    shutil.copyfile(notes, other)
    link = tmp_path / "other.html"
    link.symlink_to(other)
    for out in (other, link):
        for force in ([], ["--force"]):
            assert _cli("--db", str(notes), "view", "--out", str(out), *force) == 1
    assert _statements(other) == 2
    with TemporalGraphMemory(":memory:", annotator="offline") as mem:
        mem.add("Bob lives in Paris.")
        with pytest.raises(InputError, match="SQLite database"):
            render_view(mem, out=other)  # the library refuses too
    assert _statements(other) == 2


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_view_out_onto_a_fifo_is_refused_instead_of_hanging(notes: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    cmd = [sys.executable, "-m", "recall_memory_plugins.cli", "--annotator", "offline"]
    proc = subprocess.run(
        [*cmd, "--db", str(notes), "view", "--out", str(fifo)],
        capture_output=True,
        text=True,
        timeout=120,  # before the fix it blocked in open() until a reader came
        check=False,
    )
    assert proc.returncode == 1 and "not a regular file" in proc.stderr


def test_export_force_never_replaces_the_memory_it_reads(
    notes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "dump.jsonl"
    link.symlink_to(notes)
    for target in (notes, link):
        capsys.readouterr()
        assert _cli("--db", str(notes), "export", "--all", "--force", str(target)) == 1
        assert "the memory that --db reads" in capsys.readouterr().err
    assert _statements(notes) == 2 and link.is_symlink()
    out = tmp_path / "real.jsonl"
    assert _cli("--db", str(notes), "export", "--all", str(out)) == 0
    assert out.read_text(encoding="utf-8").count("\n") > 3


# ---------------------------------------------------------------------- 4. unsure relations
def test_an_unsure_relation_is_not_drawn_as_current(tmp_path: Path) -> None:
    with TemporalGraphMemory(tmp_path / "m.db", annotator="offline", clock=Clock()) as mem:
        mem.add_many(UNSURE)
        stated = {r.id for r in mem.relations()}
        view = render_view(mem)
    entities = view.data["namespaces"][0]["entities"]
    works = [r for r in entities["relations"] if r["type"] == "WORKS_FOR"]
    doubted = [r for r in works if r["unsure"]]
    assert doubted and all(not r["current"] for r in doubted)
    assert all(r["id"] in stated for r in entities["relations"] if r["current"])
    assert entities["current_relations"] == len(stated)
    assert "unsure (left in doubt, not current)" in view.html


# ------------------------------------------------------------------------ 2./3. serve
@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    with TemporalGraphMemory(tmp_path / "m.db", annotator="offline", clock=Clock()) as mem:
        mem.add_many(FACTS)
        server = make_server(mem, ["default"], port=0)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield server.url
        finally:
            server.shutdown()
            server.server_close()
            thread.join(timeout=30)


def test_an_idle_connection_does_not_block_other_clients(served: str) -> None:
    port = int(served.rstrip("/").rsplit(":", 1)[1])
    idle = socket.create_connection(("127.0.0.1", port))  # connects, never sends a request
    try:
        with urllib.request.urlopen(served + "recall?q=Where+does+Alice+work%3F", timeout=10) as r:
            assert r.status == 200
            assert any("Globex" in s["text"] for s in json.loads(r.read())["statements"])
    finally:
        idle.close()


def test_a_client_that_goes_away_is_one_debug_line_not_a_traceback(
    served: str, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.DEBUG, logger="recall_memory_plugins.viz.server")
    port = int(served.rstrip("/").rsplit(":", 1)[1])
    for path in ("/", "/recall?q=Where%20does%20Alice%20work%3F"):
        s = socket.create_connection(("127.0.0.1", port))
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # RST on close
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        s.close()  # the tab was closed
    for _ in range(600):  # wait (up to a minute) until both requests were handled
        if sum("went away" in r.getMessage() for r in caplog.records) >= 2:
            break
        time.sleep(0.1)
    gone = [r for r in caplog.records if "went away" in r.getMessage()]
    assert len(gone) >= 2 and all(r.levelno == logging.DEBUG for r in gone)
    assert "Traceback" not in capsys.readouterr().err
    with urllib.request.urlopen(served + "recall?q=Alice", timeout=10) as r:  # still serving
        assert r.status == 200


# --------------------------------------------------------------------------------- 5. layout
def _hub_graph(n: int) -> tuple[list[str], list[tuple[str, str, float]]]:
    """A connected graph with hubs, like a concept graph (a few names linked to everything)."""
    rng = random.Random(n)
    edges = [(f"n{i}", f"n{rng.choice([0, 1, 2, rng.randrange(i)])}", 2.0) for i in range(1, n)]
    edges += [(f"n{rng.randrange(n)}", f"n{rng.randrange(n)}", 1.0) for _ in range(n // 2)]
    return [f"n{i}" for i in range(n)], edges


def _layout_peak(n: int) -> tuple[int, dict[str, tuple[float, float]]]:
    from recall_memory_plugins.viz.layout import spring_positions

    nodes, edges = _hub_graph(n)
    tracemalloc.start()
    try:
        positions = spring_positions(nodes, edges)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak, positions


def test_the_layout_of_a_big_component_grows_as_n_log_n() -> None:
    """All-pairs layout keeps n x n arrays: 4x the nodes took 16x the memory (and ~25x the CPU).
    The peak of traced allocations counts that work without timing anything."""
    small, _ = _layout_peak(200)
    big, positions = _layout_peak(800)
    assert big / small < 8, f"4x the nodes took {big / small:.1f}x the memory"
    xy = np.array(list(positions.values()))
    assert len(positions) == 800 and np.isfinite(xy).all()
    assert len({(round(x), round(y)) for x, y in xy}) > 700  # spread out, not collapsed


def test_the_grid_push_matches_the_all_pairs_push() -> None:
    from recall_memory_plugins.viz._grid_layout import _repulsion, cell_pairs

    rng = np.random.default_rng(3)
    pos = rng.random((1500, 2)) ** 2 * 4  # uneven density, as a real layout has
    k = (1 / len(pos)) ** 0.5
    delta = pos[:, None] - pos[None]
    dist2 = np.maximum((delta * delta).sum(-1), 1e-4)
    np.fill_diagonal(dist2, np.inf)
    exact = (delta * (k * k / dist2)[..., None]).sum(1)
    error = np.linalg.norm(_repulsion(pos, k) - exact, axis=1) / np.linalg.norm(exact, axis=1)
    assert np.median(error) < 0.02 and np.percentile(error, 95) < 0.05
    cells = np.floor(pos / 0.3).astype(np.int64)
    i, j = cell_pairs(cells)
    found = {(min(a, b), max(a, b)) for a, b in zip(i.tolist(), j.tolist(), strict=True)}
    near = np.abs(cells[:, None] - cells[None]).max(-1) <= 1
    want = {(a, b) for a, b in zip(*np.nonzero(np.triu(near, 1)), strict=True)}
    assert len(i) == len(found) and found == {(int(a), int(b)) for a, b in want}


# ------------------------------------------------------------------ the page in Chromium
def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    skip_or_fail("headless Chromium is not installed (apt-get install chromium)")
    raise AssertionError("unreachable")


def _browse(url: str, workdir: Path) -> tuple[str, str]:
    """The DOM after the page's scripts ran, and the browser's log (console errors)."""
    args = [
        _chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-extensions",
        f"--user-data-dir={workdir / 'chromium-profile'}",
        "--virtual-time-budget=8000",
        "--enable-logging=stderr",
        "--v=0",
        "--dump-dom",
        url,
    ]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=180, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout, proc.stderr


def test_a_q_link_with_a_bare_percent_opens_the_inspector(tmp_path: Path) -> None:
    question = "Who got a 10% raise?"
    out = tmp_path / "m.html"
    with TemporalGraphMemory(tmp_path / "m.db", annotator="offline", clock=Clock()) as mem:
        mem.add("Alice got a 10% raise at Acme.")
        render_view(mem, questions=["Where does Alice work?", question], out=out)
    for fragment in ("#q=Who+got+a+10%+raise?", "#q=Who%20got%20a%2010%25%20raise%3F"):
        dom, log = _browse(out.as_uri() + fragment, tmp_path)
        assert [line for line in log.splitlines() if "Uncaught" in line] == []
        assert f'data-question="{question}"' in dom


def test_the_timeline_marks_an_unsure_relation_unsure(tmp_path: Path) -> None:
    out = tmp_path / "m.html"
    with TemporalGraphMemory(tmp_path / "m.db", annotator="offline", clock=Clock()) as mem:
        mem.add_many(UNSURE)
        render_view(mem, out=out)
    dom, _log = _browse(out.as_uri(), tmp_path)
    timeline = dom[
        dom.index('<svg id="timeline"') : dom.index("</svg>", dom.index('id="timeline"'))
    ]
    assert 'class="bar unsure"' in timeline and "2→? unsure" in timeline
    assert 'class="bar current"' not in timeline and "→now" not in timeline
