"""The memory page rendered by a real browser: headless Chromium (Debian's ``chromium``).

Skips visibly without Chromium, except under ``RECALL_REQUIRE_SERVICES=1`` (CI), where a missing
browser fails. The DOM is read after the page's scripts ran (``--dump-dom`` with a virtual time
budget): the graphs report how many nodes vis-network drew, the lists and the timeline are real
DOM elements.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
import urllib.parse
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.viz import MemoryView, render_view
from recall_memory_plugins.viz.server import make_server
from tests.conftest import Clock, skip_or_fail

pytest.importorskip("pyvis", reason="the view extra (pyvis) is not installed")

BRANDON = ["Brandon loves coffee.", "Brandon wants to travel to Paris."]
DIALOGUE = [
    "张三是销售部的经理，他正在负责星火计划项目。",
    "李四是张三的团队成员，最近王五也加入了星火计划。",
    "张三不再负责星火计划了，现在由王五接手。",
]
QUESTION = "现在谁负责星火计划？"
NODE_BLUE = (138, 180, 248)  # #8ab4f8: concept nodes and PERSON entities, drawn only on canvas
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    skip_or_fail("headless Chromium is not installed (apt-get install chromium)")
    raise AssertionError("unreachable")


def _browse(url: str, workdir: Path, *, screenshot: Path | None = None) -> str:
    """Load ``url`` in headless Chromium; return the DOM after its scripts ran (or screenshot)."""
    args = [
        _chromium(),
        "--headless",
        "--no-sandbox",  # CI runs as root
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-first-run",
        "--disable-extensions",
        f"--user-data-dir={workdir / 'chromium-profile'}",
        "--window-size=1400,2000",
        "--virtual-time-budget=15000",
        f"--screenshot={screenshot}" if screenshot else "--dump-dom",
        url,
    ]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=180, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


class _Dom(HTMLParser):
    """Every element of a dumped DOM: tag, attributes and the text inside it."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.elements: list[dict[str, Any]] = []
        self._open: list[dict[str, Any]] = []
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = {"tag": tag, "attrs": {k: v or "" for k, v in attrs}, "text": ""}
        self.elements.append(element)
        if tag not in VOID:
            self._open.append(element)

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i]["tag"] == tag:
                del self._open[i:]
                break

    def handle_data(self, data: str) -> None:
        for element in self._open:
            element["text"] += data

    def by_id(self, id_: str) -> dict[str, Any]:
        (found,) = [e for e in self.elements if e["attrs"].get("id") == id_]
        return found

    def find(self, tag: str, **attrs: str) -> list[dict[str, Any]]:
        return [
            e
            for e in self.elements
            if e["tag"] == tag
            and all(e["attrs"].get(k.replace("_", "-")) == v for k, v in attrs.items())
        ]

    def titles_in(self, list_id: str) -> set[str]:
        start = self.elements.index(self.by_id(list_id))
        titles = set()
        for e in self.elements[start + 1 :]:
            if e["tag"] == "span":  # the count inside each item
                continue
            if e["tag"] != "li":
                break
            titles.add(e["attrs"]["title"])
        return titles


@pytest.fixture(scope="module")
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(
        ":memory:", annotator="offline", clock=Clock(), namespace="demo"
    ) as mem:
        mem.add_many([*BRANDON, *DIALOGUE])
        yield mem


@pytest.fixture(scope="module")
def page(
    memory: TemporalGraphMemory, tmp_path_factory: pytest.TempPathFactory
) -> tuple[MemoryView, Path]:
    out = tmp_path_factory.mktemp("view") / "memory.html"
    return render_view(memory, questions=[QUESTION], out=out), out


def test_the_page_draws_both_graphs_and_lists_their_labels(
    page: tuple[MemoryView, Path], tmp_path: Path
) -> None:
    view, out = page
    dom = _Dom(_browse(out.as_uri(), tmp_path))
    body = dom.find("body")[0]["attrs"]
    assert "data-ready" in body, "the page did not finish drawing"
    ns = view.data["namespaces"][0]
    concept_graph = dom.by_id("concept-graph")["attrs"]
    assert int(concept_graph["data-drawn-nodes"]) == len(ns["concepts"]["nodes"]) >= 10
    assert int(concept_graph["data-drawn-edges"]) == len(ns["concepts"]["edges"])
    assert int(dom.by_id("entity-graph")["attrs"]["data-drawn-nodes"]) >= 5
    assert {"Brandon", "coffee", "Paris", "张三", "星火计划", "王五"} <= dom.titles_in(
        "concept-list"
    )
    assert {"张三 (PERSON)", "王五 (PERSON)", "星火计划 (PROJECT)"} <= dom.titles_in("entity-list")
    result = dom.by_id("recall-result")
    assert result["attrs"]["data-question"] == QUESTION
    assert "王五 manages 星火计划" in result["text"]


def test_the_timeline_shows_the_handover(page: tuple[MemoryView, Path], tmp_path: Path) -> None:
    _, out = page
    dom = _Dom(_browse(out.as_uri(), tmp_path))
    (old,) = dom.find("rect", data_subject="张三", data_type="MANAGES")
    (new,) = dom.find("rect", data_subject="王五", data_type="MANAGES")
    assert old["attrs"]["class"] == "bar ended" and new["attrs"]["class"] == "bar current"
    assert (old["attrs"]["data-from-step"], old["attrs"]["data-to-step"]) == (
        "3",
        "5",
    )  # after Brandon
    assert new["attrs"]["data-from-step"] == "5"
    old_end = float(old["attrs"]["x"]) + float(old["attrs"]["width"])
    assert old_end == pytest.approx(float(new["attrs"]["x"]), abs=0.05)
    assert float(old["attrs"]["x"]) < old_end
    assert "ended" in old["text"] and "current" in new["text"]  # the bars' tooltips


def test_the_screenshot_shows_the_graphs(page: tuple[MemoryView, Path], tmp_path: Path) -> None:
    image_mod = pytest.importorskip("PIL.Image")
    _, out = page
    shot = tmp_path / "view.png"
    _browse(out.as_uri(), tmp_path, screenshot=shot)
    with image_mod.open(shot) as img:
        rgb = img.convert("RGB")
        assert rgb.size == (1400, 2000)
        colors = rgb.getcolors(maxcolors=1 << 22)
    assert colors is not None
    counts = {color: n for n, color in colors}
    background = counts.get((255, 255, 255), 0)
    assert len(counts) > 200  # text, nodes, edges, bars: not a blank page
    assert background < 0.95 * 1400 * 2000
    assert counts.get(NODE_BLUE, 0) > 300  # graph nodes were painted on the canvases


def test_the_served_page_answers_a_new_question_live(
    memory: TemporalGraphMemory, tmp_path: Path
) -> None:
    server = make_server(memory, ["demo"], port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        question = "Who loves coffee?"
        dom = _Dom(_browse(server.url + "#q=" + urllib.parse.quote(question), tmp_path))
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
    result = dom.by_id("recall-result")
    assert result["attrs"].get("data-question") == question
    assert "Brandon loves coffee." in result["text"] and "live" in result["text"]
