"""A recall's reads on Neo4j, old code against new: build a namespace once, then time recalls,
count and time the store's queries, hash the recall texts (to compare two trees on the same
data) and PROFILE each query of one recall.

    python -m benchmarks.recall_reads build --size 100000 --namespace bench100k --export /tmp/b.jsonl
    python -m benchmarks.recall_reads time --namespace bench100k --questions 100 --name new1
    python -m benchmarks.recall_reads texts --namespace bench100k --out /tmp/new.json
    python -m benchmarks.recall_reads profile --namespace bench100k --questions 20
    python -m benchmarks.recall_reads after-ingest --size 3000 --rounds 2

Run it with ``PYTHONPATH`` set to the tree under test (``src`` and the tree itself) and the
``NEO4J_*`` variables of a test server. ``texts`` writes every recall's texts (JSON) and their
SHA-256; two trees' files must be equal. Each ``time`` run appends a line to ``--runs``.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from . import _common as C
from .synthetic import ChatGenerator

T0 = datetime(2025, 1, 6, 9, 0, tzinfo=timezone.utc)
BUDGET = 500
SEED = 7


def _memory() -> tuple[Any, Any]:
    from recall_memory_plugins import TemporalGraphMemory

    store = C.make_store("neo4j")
    return TemporalGraphMemory(store, annotator=C.make_annotator("offline")), store


def build(args: argparse.Namespace) -> None:
    """The namespace: ``--size`` statements of ChatGenerator(7), ingested by SQLite, imported."""

    saved = Path(args.export) if args.export else None
    if saved is not None and saved.exists():  # another tree's build: the same data
        buf = io.StringIO(saved.read_text(encoding="utf-8"))
        C.log(f"read the export {saved}")
    else:
        buf = _ingest(args)
        if saved is not None:
            saved.write_text(buf.getvalue(), encoding="utf-8")
    buf.seek(0)
    memory, store = _memory()
    t0 = time.perf_counter()
    memory.import_(buf, namespace=args.namespace)
    C.log(f"imported in {time.perf_counter() - t0:.0f} s")
    memory.close()
    store.close()


def _ingest(args: argparse.Namespace) -> io.StringIO:
    from recall_memory_plugins import TemporalGraphMemory

    texts = ChatGenerator(SEED).take(args.size)
    buf = io.StringIO()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        with TemporalGraphMemory(
            str(Path(tmp) / "prefill.db"), annotator=C.make_annotator("offline")
        ) as lite:
            lite.add_many(
                [{"text": t, "at": T0 + timedelta(seconds=i)} for i, t in enumerate(texts)],
                namespace=args.namespace,
            )
            lite.export(buf, namespace=args.namespace)
    C.log(f"ingested {args.size} through SQLite in {time.perf_counter() - t0:.0f} s")
    return buf


def _questions(n: int) -> list[str]:
    return ChatGenerator(SEED).questions(n)


def _wrap_run(store: Any, log: list[tuple[str, float]]) -> None:
    """Count and time the store's queries (the action name and the seconds of each)."""
    run: Callable[..., Any] = store._run

    def timed(action: str, *a: Any, **kw: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return run(action, *a, **kw)
        finally:
            log.append((action, time.perf_counter() - t0))

    store._run = timed


def _commit() -> str:
    """The commit of the tree the library under test was imported from (plus ``+`` when that
    tree has uncommitted changes)."""
    import recall_memory_plugins

    root = Path(recall_memory_plugins.__file__).resolve().parent
    dirty = subprocess.run(
        ["git", "-C", str(root), "status", "--porcelain", "--", "."],
        capture_output=True,
        text=True,
    ).stdout.strip()
    out = subprocess.run(
        ["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    )
    return out.stdout.strip() + ("+" if dirty else "")


def time_recalls(args: argparse.Namespace) -> None:
    """Warm-up and timed recalls in a fresh process; one JSON line per run."""
    memory, store = _memory()
    questions = _questions(args.questions)
    load_start = os.getloadavg()[0]
    for q in questions[:10]:
        memory.recall(q, namespace=args.namespace, token_budget=BUDGET)
    log: list[tuple[str, float]] = []
    _wrap_run(store, log)
    lat: list[float] = []
    best = [float("inf")] * len(questions)  # each question's fastest of the --repeat rounds
    for _ in range(args.repeat):
        for i, q in enumerate(questions):
            t0 = time.perf_counter()
            memory.recall(q, namespace=args.namespace, token_budget=BUDGET)
            lat.append(time.perf_counter() - t0)
            best[i] = min(best[i], lat[-1])
    memory.close()
    store.close()
    n = len(lat)
    by_action: dict[str, float] = {}
    for action, sec in log:
        by_action[action] = by_action.get(action, 0.0) + sec
    row = {
        "name": args.name,
        "commit": _commit(),
        "namespace": args.namespace,
        "questions": n,
        "load": [round(load_start, 2), round(os.getloadavg()[0], 2)],
        "p50_ms": round(1000 * C.percentile(lat, 50), 2),
        "p95_ms": round(1000 * C.percentile(lat, 95), 2),
        "mean_ms": round(1000 * statistics.fmean(lat), 2),
        "repeat": args.repeat,
        "best_p50_ms": round(1000 * C.percentile(best, 50), 2),
        "best_p95_ms": round(1000 * C.percentile(best, 95), 2),
        "queries_per_recall": round(len(log) / n, 3),
        "query_ms_per_recall": round(1000 * sum(s for _, s in log) / n, 2),
        "by_action_ms_per_recall": {k: round(1000 * v / n, 2) for k, v in by_action.items()},
    }
    print(json.dumps(row))
    if args.runs:
        with open(args.runs, "a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")


def texts(args: argparse.Namespace) -> None:
    """Every question's recall (its strategy and rendered text, as JSON) and one SHA-256."""
    memory, store = _memory()
    out: list[list[str]] = []
    for q in _questions(args.questions):
        rec = memory.recall(q, namespace=args.namespace, token_budget=args.budget)
        out.append([rec.strategy, rec.text])
    memory.close()
    store.close()
    blob = json.dumps(out, ensure_ascii=False)
    digest = hashlib.sha256(blob.encode("utf-8")).hexdigest()
    Path(args.out).write_text(blob, encoding="utf-8")
    print(f"{len(out)} recalls, sha256 {digest}")


def _plan_rows(plan: Any, depth: int = 0) -> list[str]:
    args = plan.get("args", {}) if isinstance(plan, dict) else {}
    op = plan.get("operatorType", "?")
    rows = args.get("Rows", plan.get("rows", "?"))
    hits = args.get("DbHits", plan.get("dbHits", "?"))
    details = str(args.get("Details", ""))[:90]
    lines = [f"{'  ' * depth}{op} rows={rows} dbHits={hits} {details}"]
    for child in plan.get("children", []):
        lines.extend(_plan_rows(child, depth + 1))
    return lines


def _total_hits(plan: Any) -> int:
    own = plan.get("args", {}).get("DbHits", plan.get("dbHits", 0)) or 0
    return int(own) + sum(_total_hits(c) for c in plan.get("children", []))


def _capture(memory: Any, store: Any, questions: Sequence[str], namespace: str) -> list[Any]:
    """The ``(action, query, params)`` of every query the recalls of ``questions`` make."""
    captured: list[tuple[str, str, dict[str, Any]]] = []
    run = store._run

    def capture(action: str, query: str, params: Any, **kw: Any) -> Any:
        captured.append((action, query, dict(params)))
        return run(action, query, params, **kw)

    store._run = capture
    try:
        for q in questions:
            memory.recall(q, namespace=namespace, token_budget=BUDGET)
    finally:
        store._run = run
    return captured


def _server_ms(summary: Any) -> float:
    return float((summary.result_available_after or 0) + (summary.result_consumed_after or 0))


def profile(args: argparse.Namespace) -> None:
    """PROFILE every query of ``--questions`` recalls (after the same warm-up): per query
    action its db hits, and its fastest of three plain runs in one read transaction (as a
    recall runs them): the server's time (result_available_after + result_consumed_after,
    whole ms) and the client's (round trip, server time and decoding), beside a
    ``RETURN 1`` round trip."""
    memory, store = _memory()
    questions = _questions(args.questions)
    for q in questions[:10]:
        memory.recall(q, namespace=args.namespace, token_budget=BUDGET)
    captured = _capture(memory, store, questions, args.namespace)
    stats: dict[str, dict[str, list[float]]] = {}
    shown: set[str] = set()
    with store._driver.session(database=store._database) as session:
        tx = session.begin_transaction()
        for action, query, params in [("RETURN 1", "RETURN 1 AS one", {}), *captured]:
            plan = tx.run("PROFILE " + query, params).consume().profile
            runs = []
            for _ in range(3):
                t0 = time.perf_counter()
                result = tx.run(query, params)
                list(result)
                runs.append((1000 * (time.perf_counter() - t0), _server_ms(result.consume())))
            client, server = min(runs)
            entry = stats.setdefault(action, {"hits": [], "server": [], "client": []})
            entry["hits"].append(_total_hits(plan))
            entry["server"].append(server)
            entry["client"].append(client)
            if args.plans and action not in shown:
                shown.add(action)
                print(f"--- {action}")
                print("\n".join(_plan_rows(plan)))
        tx.close()
    memory.close()
    store.close()
    n = len(questions)
    print(f"{n} recalls, {len(captured)} queries, load {os.getloadavg()[0]:.2f}")
    print("| query | per recall | db hits (median, max) | server ms (median) | client ms |")
    print("|---|---:|---:|---:|---:|")
    for action, e in stats.items():
        print(
            f"| {action} | {len(e['hits']) / n:.2f} | {statistics.median(e['hits']):.0f}, "
            f"{max(e['hits']):.0f} | {statistics.median(e['server']):.1f} | "
            f"{statistics.median(e['client']):.1f} |"
        )


def after_ingest(args: argparse.Namespace) -> None:
    """Recalls right after a bulk ingest into a fresh namespace: ``--rounds`` rounds over the
    same questions, each with its p50 / p95 and the recalls over ``--slow-ms`` (their index and
    ms), and the slowest queries of the first round. The first round is where the server
    re-plans queries whose statistics the ingest moved (the second is the same work, planned)."""
    memory, store = _memory()
    ns = args.namespace or f"after-ingest-{uuid.uuid4().hex[:8]}"
    texts = ChatGenerator(SEED).take(args.size)
    questions = _questions(args.questions)
    t0 = time.perf_counter()
    memory.add_many(
        [{"text": t, "at": T0 + timedelta(seconds=i)} for i, t in enumerate(texts)], namespace=ns
    )
    rate = args.size / (time.perf_counter() - t0)
    print(f"{args.size} statements into {ns} through add_many: {rate:.0f}/s")
    log: list[tuple[str, float]] = []
    _wrap_run(store, log)
    for r in range(args.rounds):
        lat, slow_queries = [], []
        for q in questions:
            log.clear()
            t1 = time.perf_counter()
            memory.recall(q, namespace=ns, token_budget=BUDGET)
            lat.append(1000 * (time.perf_counter() - t1))
            slow_queries += [(a, round(1000 * s)) for a, s in log if 1000 * s > args.slow_ms]
        slow = [(i, round(ms)) for i, ms in enumerate(lat) if ms > args.slow_ms]
        print(
            f"round {r + 1}: p50 {C.percentile(lat, 50):.1f} ms, p95 "
            f"{C.percentile(lat, 95):.1f} ms, {len(slow)} recalls over {args.slow_ms:.0f} ms "
            f"{slow[:12]}"
        )
        if r == 0 and slow_queries:
            print("  slowest queries:", sorted(slow_queries, key=lambda x: -x[1])[:6])
    if not args.namespace:
        store.clear(ns)
    memory.close()
    store.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("build")
    p.add_argument("--size", type=int, default=100_000)
    p.add_argument("--namespace", default="bench100k")
    p.add_argument(
        "--export",
        default="",
        help="a JSONL file: imported when it exists (two trees, same data), else written",
    )
    p = sub.add_parser("time")
    p.add_argument("--namespace", default="bench100k")
    p.add_argument("--questions", type=int, default=100)
    p.add_argument("--repeat", type=int, default=1, help="rounds over the questions")
    p.add_argument("--name", default="run")
    p.add_argument("--runs", default="")
    p = sub.add_parser("texts")
    p.add_argument("--namespace", default="bench100k")
    p.add_argument("--questions", type=int, default=300)
    p.add_argument("--budget", type=int, default=BUDGET)
    p.add_argument("--out", required=True)
    p = sub.add_parser("profile")
    p.add_argument("--namespace", default="bench100k")
    p.add_argument("--questions", type=int, default=20)
    p.add_argument("--plans", action="store_true")
    p = sub.add_parser("after-ingest")
    p.add_argument("--size", type=int, default=3000)
    p.add_argument("--namespace", default="", help="default: a fresh one, cleared after")
    p.add_argument("--questions", type=int, default=100)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--slow-ms", type=float, default=40.0)
    args = parser.parse_args(argv)
    commands = {"build": build, "time": time_recalls, "texts": texts, "profile": profile,
                "after-ingest": after_ingest}
    commands[args.command](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
