"""How long the memory page takes at 100k statements: generating it, and Chromium loading it.

    python -m benchmarks.view_load            # 100k statements (builds and caches the memory)
    python -m benchmarks.view_load --smoke    # 2k statements, seconds

The memory is built once from the speed suite's synthetic chat (``benchmarks/synthetic.py``) into
a SQLite file under the temp dir and reused. The page is aggregated by ``ViewLimits`` (top
concepts by mentions, strongest edges among them, entities with the most relations). Browser
figures come from headless Chromium (Debian's ``chromium``): the wall time of loading the file
and dumping its DOM, the same for a blank page (browser start-up), and the page's own
``performance.now()`` when both graphs finished laying out and the timeline was drawn
(``data-ready``, measured from navigation start).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from benchmarks._common import base_parser, env_line, environment, log, md_table, write_results
from benchmarks.synthetic import ChatGenerator

T0 = datetime(2025, 1, 1, 8, 0, tzinfo=timezone.utc)
NAMESPACE = "bench"
CHUNK = 5_000


def build(db: Path, n: int, annotator: str, seed: int) -> Any:
    from recall_memory_plugins import TemporalGraphMemory

    memory = TemporalGraphMemory(db, annotator=annotator, namespace=NAMESPACE)
    have = memory.stats(NAMESPACE).statements
    if have >= n:
        log(f"reusing {db} ({have:,} statements)")
        return memory
    if have:
        memory.clear(NAMESPACE)
    gen = ChatGenerator(seed)
    started = time.perf_counter()
    for start in range(0, n, CHUNK):
        texts = gen.take(min(CHUNK, n - start))
        memory.add_many(
            [{"text": t, "at": T0 + timedelta(minutes=start + i)} for i, t in enumerate(texts)],
            namespace=NAMESPACE,
        )
        done = start + len(texts)
        log(f"  {done:,} statements, {done / (time.perf_counter() - started):,.0f}/s")
    return memory


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def load(exe: str, url: str, profile: Path) -> tuple[float, str]:
    args = [
        exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-extensions", f"--user-data-dir={profile}", "--window-size=1400,2000",
        "--virtual-time-budget=30000", "--dump-dom", url,
    ]
    started = time.perf_counter()
    proc = subprocess.run(args, capture_output=True, text=True, timeout=300, check=True)
    return time.perf_counter() - started, proc.stdout


def run(args: Any) -> dict[str, Any]:
    from recall_memory_plugins.viz import render_view

    n = 2_000 if args.smoke else args.statements
    db = args.db or Path(tempfile.gettempdir()) / f"recall-view-load-{n}-{args.seed}.db"
    memory = build(db, n, args.annotator, args.seed)
    questions = ChatGenerator(args.seed + 1).questions(3)
    gen_times, view = [], None
    for _ in range(args.runs):
        started = time.perf_counter()
        view = render_view(memory, NAMESPACE, questions=questions)
        gen_times.append(time.perf_counter() - started)
    assert view is not None
    ns = view.data["namespaces"][0]
    work = Path(tempfile.mkdtemp(prefix="recall-view-load-"))
    page = view.save(work / "memory.html")
    blank = work / "blank.html"
    blank.write_text("<!DOCTYPE html><title>blank</title><p>blank</p>", encoding="utf-8")
    result: dict[str, Any] = {
        "statements": ns["stats"]["statements"],
        "concepts_total": ns["concepts"]["total_nodes"],
        "edges_total": ns["concepts"]["total_edges"],
        "concepts_shown": len(ns["concepts"]["nodes"]),
        "edges_shown": len(ns["concepts"]["edges"]),
        "entities_total": ns["entities"]["total_nodes"],
        "entities_shown": len(ns["entities"]["nodes"]),
        "relations_total": ns["entities"]["total_relations"],
        "relations_shown": len(ns["entities"]["relations"]),
        "html_bytes": len(view.html.encode("utf-8")),
        "generate_s": gen_times,
        "browser": None,
    }
    exe = chromium()
    if exe is None:
        log("chromium not found: browser load time not measured (apt-get install chromium)")
    else:
        walls, blanks, ready = [], [], []
        for i in range(args.runs):
            wall, dom = load(exe, page.as_uri(), work / f"profile-{i}")
            walls.append(wall)
            match = re.search(r'<body[^>]*\sdata-ready="(\d+)"', dom)
            ready.append(int(match.group(1)) if match else None)
            blanks.append(load(exe, blank.as_uri(), work / f"blank-{i}")[0])
        result["browser"] = {"wall_s": walls, "blank_wall_s": blanks, "ready_ms": ready}
    return result


def render(r: dict[str, Any], info: dict[str, Any]) -> str:
    best = min(r["generate_s"])
    rows = [
        ["statements", f"{r['statements']:,}"],
        ["concepts shown / linked", f"{r['concepts_shown']:,} / {r['concepts_total']:,}"],
        ["concept edges shown / total", f"{r['edges_shown']:,} / {r['edges_total']:,}"],
        ["entities shown / total", f"{r['entities_shown']:,} / {r['entities_total']:,}"],
        ["relations shown / total", f"{r['relations_shown']:,} / {r['relations_total']:,}"],
        ["page size", f"{r['html_bytes'] / 1024:,.0f} KB (vis-network ~458 KB of it)"],
        ["generate (collect + 3 recalls + HTML), best of runs", f"{best:.2f} s"],
    ]
    b = r["browser"]
    if b:
        ready = [x for x in b["ready_ms"] if x is not None]
        rows += [
            ["Chromium: load + layout until data-ready (in-page), best", f"{min(ready) / 1000:.2f} s" if ready else "never ready"],
            ["Chromium: process wall time, page / blank page, best", f"{min(b['wall_s']):.2f} s / {min(b['blank_wall_s']):.2f} s"],
        ]
    return "# Memory page load\n\n" + env_line(info) + "\n\n" + md_table(["", "value"], rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = base_parser("memory page generation and browser load time")
    parser.add_argument("--statements", type=int, default=100_000)
    parser.add_argument("--db", type=Path, default=None, help="memory file (cached between runs)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if args.smoke:
        args.runs = 1
    from benchmarks._common import make_annotator

    info = environment(make_annotator(args.annotator))
    result = run(args)
    markdown = render(result, info)
    print(markdown)
    write_results(args.out, "view_load", markdown, {"environment": info, **result})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
