"""The memory page's data, HTML, networkx export, local server and CLI (no browser here; the
page rendered in Chromium is tests/integration/test_view_browser.py)."""

from __future__ import annotations

import json
import random
import re
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.cli import main
from recall_memory_plugins.errors import InputError, MissingDependencyError
from recall_memory_plugins.viz import ViewLimits, collect_view, render_view, to_networkx
from recall_memory_plugins.viz.page import vis_network_js
from recall_memory_plugins.viz.server import make_server
from tests.conftest import Clock

pytest.importorskip("pyvis", reason="the view extra (pyvis) is not installed")
pytest.importorskip("networkx", reason="the view extra (networkx) is not installed")

DIALOGUE = [
    "张三是销售部的经理，他正在负责星火计划项目。",
    "李四是张三的团队成员，最近王五也加入了星火计划。",
    "张三不再负责星火计划了，现在由王五接手。",
]
QUESTION = "现在谁负责星火计划？"
PEOPLE = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"]
THINGS = ["coffee", "bikes", "tea", "chess", "music", "books", "films", "cats"]


@pytest.fixture(scope="module")
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline", clock=Clock()) as mem:
        mem.add_many(DIALOGUE, namespace="seed")
        rng = random.Random(5)
        mem.add_many(
            [
                f"{rng.choice(PEOPLE)} likes {rng.choice(THINGS)} and {rng.choice(THINGS)}."
                for _ in range(60)
            ]
            + ["Who likes chess?", "Does Bob like tea?"],
            namespace="chat",
        )
        yield mem


def _relation(rows: list[dict], subject: str, type_: str) -> dict:
    (row,) = [r for r in rows if r["subject"] == subject and r["type"] == type_]
    return row


def test_seed_dialogue_relations_and_recall(memory: TemporalGraphMemory) -> None:
    data = collect_view(memory, ["seed"], questions=[QUESTION])
    (ns,) = data["namespaces"]
    assert {"张三", "星火计划", "王五"} <= {n["label"] for n in ns["concepts"]["nodes"]}
    rels = ns["entities"]["relations"]
    old = _relation(rels, "张三", "MANAGES")
    new = _relation(rels, "王五", "MANAGES")
    assert (old["from_step"], old["to_step"], old["current"]) == (1, 3, False)
    assert (new["from_step"], new["to_step"], new["current"]) == (3, None, True)
    assert old["to_at"] == new["from_at"]  # ended at the moment the successor began
    (rec,) = ns["recalls"]
    assert rec["question"] == QUESTION and rec["source"] == "given"
    assert any("王五" in fact for fact in rec["facts"])
    assert any(c["essential"] and c["name"] == "星火计划" for c in rec["concepts"])
    assert all(s["score"] > 0 for s in rec["statements"])


def test_a_large_memory_is_aggregated_and_says_so(memory: TemporalGraphMemory) -> None:
    limits = ViewLimits(concepts=6, edges=3, entities=3, relations=2, context=1)
    (ns,) = collect_view(memory, ["chat"], limits=limits)["namespaces"]
    full = to_networkx(memory, "chat")
    concepts = ns["concepts"]
    assert concepts["total_nodes"] == full.number_of_nodes() > 6
    assert concepts["total_edges"] == full.number_of_edges() > 3
    kept = {n["id"] for n in concepts["nodes"]}
    assert len(kept) == 6
    least_kept = min(full.nodes[n]["mentions"] for n in kept)
    assert all(full.nodes[n]["mentions"] <= least_kept for n in set(full) - kept)
    assert all(e["from"] in kept and e["to"] in kept for e in concepts["edges"])
    inner = sorted(
        (d["strength"] for a, b, d in full.edges(data=True) if {a, b} <= kept), reverse=True
    )
    assert len(inner) > 3 and len(concepts["edges"]) == 3
    assert sorted((e["strength"] for e in concepts["edges"]), reverse=True) == inner[:3]
    assert all(len(n["context"]) <= 1 for n in concepts["nodes"])
    entities = ns["entities"]
    assert len(entities["nodes"]) == 3 < entities["total_nodes"]
    assert len(entities["relations"]) <= 2 < entities["total_relations"]


def test_recent_questions_are_precomputed_by_default(memory: TemporalGraphMemory) -> None:
    (ns,) = collect_view(memory, ["chat"])["namespaces"]
    assert [r["question"] for r in ns["recalls"]] == ["Does Bob like tea?", "Who likes chess?"]
    assert all(r["source"] == "recent question" and r["statements"] for r in ns["recalls"])


def test_the_page_is_self_contained_and_statements_cannot_inject_markup() -> None:
    evil = "Mallory wrote </script><script>window.pwned = 1</script> & <!-- here."
    with TemporalGraphMemory(":memory:", annotator="offline", clock=Clock()) as mem:
        mem.add(evil)
        mem.add("Mallory likes coffee.")
        view = render_view(mem, questions=["What did Mallory write?"])
    page = view.html
    assert not re.search(r"<script[^>]*\bsrc=", page)
    assert not re.search(r"<link\b", page)
    assert page.count("</script>") == 3  # the data blob, vis-network, the page's script
    assert "window.pwned" in page and "<script>window.pwned" not in page
    blob = re.search(r'<script type="application/json" id="memory-data">(.*?)</script>', page, re.S)
    assert blob is not None
    assert json.loads(blob.group(1)) == view.data
    texts = [s["text"] for s in view.data["namespaces"][0]["recalls"][0]["statements"]]
    assert evil in texts
    assert vis_network_js() in page


def test_to_networkx_concept_and_entity_graphs(memory: TemporalGraphMemory) -> None:
    concepts = to_networkx(memory, "seed")
    assert concepts["星火计划"]["王五"]["strength"] == 2
    assert concepts.nodes["张三"]["mentions"] == 3
    entities = to_networkx(memory, "seed", kind="entities")
    manages = {(a, b): d for a, b, d in entities.edges(data=True) if d["type"] == "MANAGES"}
    assert manages[("张三", "星火计划")]["current"] is False
    assert manages[("张三", "星火计划")]["valid_to_step"] == 3
    assert manages[("王五", "星火计划")]["current"] is True
    with pytest.raises(InputError):
        to_networkx(memory, "seed", kind="pictures")


def test_a_missing_view_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    vis_network_js.cache_clear()
    monkeypatch.setitem(sys.modules, "pyvis", None)  # as if pyvis were not installed
    try:
        with TemporalGraphMemory(":memory:", annotator="offline") as mem:
            with pytest.raises(MissingDependencyError, match=r"\[view\]"):
                render_view(mem)
    finally:
        vis_network_js.cache_clear()


def test_limits_are_checked() -> None:
    with pytest.raises(InputError):
        ViewLimits(concepts=-1)


def _get(url: str, host: str | None = None) -> tuple[int, bytes]:
    req = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def test_server_answers_recall_on_loopback_only(memory: TemporalGraphMemory) -> None:
    server = make_server(memory, ["chat", "seed"], port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        assert server.server_address[0] == "127.0.0.1"
        base = server.url
        status, body = _get(base + "recall?namespace=seed&q=" + urllib.request.quote(QUESTION))
        assert status == 200
        rec = json.loads(body)
        assert rec["source"] == "live" and any("王五" in f for f in rec["facts"])
        status, body = _get(base + "recall?q=Who%20likes%20chess%3F")  # first namespace: chat
        assert status == 200 and any("chess" in s["text"] for s in json.loads(body)["statements"])
        assert _get(base + "recall?namespace=other&q=x")[0] == 400
        assert _get(base + "recall?q=")[0] == 400
        assert _get(base + "nothing-here")[0] == 404
        assert _get(base + "recall?q=x", host="evil.example:80")[0] == 403
        status, body = _get(base)
        assert status == 200 and b'"served":true' in body and b"chat" in body
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def test_cli_view_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, out = tmp_path / "m.db", tmp_path / "page.html"
    assert main(["--db", str(db), "--annotator", "offline", "-n", "team", "add", *DIALOGUE]) == 0
    capsys.readouterr()
    code = main(
        [
            "--db",
            str(db),
            "--annotator",
            "offline",
            "view",
            "--out",
            str(out),
            "-q",
            QUESTION,
            "--json",
        ]
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    # the global namespace 'default' is empty, so every namespace with data is shown
    assert report["namespaces"] == ["team"] and report["bytes"] == out.stat().st_size
    assert "星火计划" in out.read_text(encoding="utf-8")


def test_cli_view_demo_needs_no_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "demo.html"
    assert main(["--annotator", "offline", "view", "--demo", "--out", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    page = out.read_text(encoding="utf-8")
    assert "Brandon loves coffee." in page and "星火计划" in page
    missing = tmp_path / "missing.db"
    assert main(["--db", str(missing), "view", "--out", str(out)]) == 1
    assert not missing.exists()


def test_the_engine_draws_itself_for_notebooks(memory: TemporalGraphMemory, tmp_path: Path) -> None:
    """``memory.to_networkx()`` and ``memory.view()``: the same graphs and page from the engine."""
    graph = memory.to_networkx("seed", kind="entities")
    ended = [
        d for _a, b, d in graph.edges(data=True) if d["type"] == "MANAGES" and not d["current"]
    ]
    assert [d["valid_to_step"] for d in ended] == [3]
    assert set(memory.to_networkx("seed").nodes) == set(to_networkx(memory, "seed").nodes)
    out = tmp_path / "seed.html"
    view = memory.view("seed", questions=[QUESTION], out=out)
    html = out.read_text(encoding="utf-8")
    assert html == view.html and "<iframe" in view._repr_html_()
    assert json.dumps(QUESTION)[1:-1] in html or QUESTION in html
