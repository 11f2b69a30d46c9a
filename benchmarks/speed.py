"""Speed and scale: ingest throughput, recall latency, growth, DB size, network/LLM calls.

    python -m benchmarks.speed [--smoke] [--out benchmarks/results] [--store sqlite|neo4j]

- One namespace grown to 1k, 10k and 100k synthetic chat statements (``benchmarks/synthetic.py``):
  ingest statements/s (offline NLP included) per segment, and recall latency p50/p95 (token
  budget 500) at each size, so the growth from 1k to 100k is visible.
- 1,000 namespaces (round-robin adds), recall latency in random namespaces.
- The dense-embedding alternative (all-MiniLM-L6-v2) in the same run: embedding throughput per
  message and batched, and query latency (embed + cosine over all vectors + top-k).
- Network/LLM calls per add: every socket connect and DNS lookup is blocked and counted during
  the memory's adds and recalls (must be 0), and the DB size per 10k statements.
- cProfile of ingest and recall at the largest size: the hotspots go into the report.

``--store neo4j`` runs the same on ``recall_memory_plugins.stores.neo4j.Neo4jGraphStore`` (needs
``NEO4J_URI``, ``NEO4J_USERNAME``, ``NEO4J_PASSWORD``; the namespaces are cleared afterwards).
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import random
import sqlite3
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from . import _common as C
from .synthetic import ChatGenerator

SIZES = (1_000, 10_000, 100_000)
T0 = datetime(2025, 1, 6, 9, 0, tzinfo=timezone.utc)
BUDGET = 500
TARGETS = {"ingest_per_s": 1000.0, "recall_p95_ms_100k": 10.0, "growth_1k_100k": 2.0}
# issue 14: the server store's own targets (a loopback Neo4j, measured beside SQLite)
STORE_TARGETS = {"sqlite": TARGETS,
                 "neo4j": {"ingest_per_s": 500.0, "recall_p95_ms_100k": 20.0,
                           "growth_1k_100k": 2.0}}


def db_bytes(path: Path) -> int:
    """Size of a SQLite database after folding the WAL back into the main file."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    total = 0
    for suffix in ("", "-wal", "-shm"):
        p = Path(str(path) + suffix)
        if p.exists() and suffix != "-shm":
            total += p.stat().st_size
    return total


def measure_recall(memory: Any, questions: Sequence[str], namespaces: Sequence[str],
                   guard: C.NetworkGuard, rng: random.Random) -> dict[str, float]:
    lat: list[float] = []
    sizes: list[int] = []
    with guard:
        for q in questions[:10]:  # warm caches
            memory.recall(q, namespace=namespaces[0], token_budget=BUDGET)
        for q in questions:
            ns = rng.choice(namespaces)
            t0 = time.perf_counter()
            rec = memory.recall(q, namespace=ns, token_budget=BUDGET)
            lat.append(time.perf_counter() - t0)
            sizes.append(len(rec.statements))
    return {"p50_ms": 1000 * C.percentile(lat, 50), "p95_ms": 1000 * C.percentile(lat, 95),
            "p99_ms": 1000 * C.percentile(lat, 99), "mean_ms": 1000 * C.mean(lat),
            "queries": len(lat), "mean_statements": C.mean([float(s) for s in sizes])}


def dense_numbers(texts: Sequence[str], questions: Sequence[str], sizes: Sequence[int],
                  dense_max: int, per_message: int = 300) -> dict[str, Any]:
    """Embedding throughput and query latency of the dense alternative."""
    import numpy as np

    C.dense_model()
    n_embed = min(len(texts), dense_max)
    t0 = time.perf_counter()
    emb = C.embed(texts[:n_embed], batch_size=64)
    batched = n_embed / (time.perf_counter() - t0)
    one = texts[:min(per_message, n_embed)]
    t0 = time.perf_counter()
    for t in one:
        C.embed([t], batch_size=1)
    per_message = len(one) / (time.perf_counter() - t0)
    out: dict[str, Any] = {"embedded": n_embed, "batched_per_s": batched,
                           "per_message_per_s": per_message, "query": {}}
    for n in sizes:
        # Query cost depends on the number of vectors, not their content: beyond what was
        # embedded, the matrix is the embedded rows repeated (stated in the report).
        reps = -(-n // n_embed)
        matrix = np.ascontiguousarray(np.tile(emb, (reps, 1))[:n])
        lat: list[float] = []
        for q in questions:
            t0 = time.perf_counter()
            qv = C.embed([q], batch_size=1)[0]
            scores = matrix @ qv
            k = min(20, n)
            top = np.argpartition(-scores, k - 1)[:k]
            top[np.argsort(-scores[top])]
            lat.append(time.perf_counter() - t0)
        out["query"][str(n)] = {"p50_ms": 1000 * C.percentile(lat, 50),
                                "p95_ms": 1000 * C.percentile(lat, 95),
                                "synthetic_rows": n > n_embed, "bytes": int(matrix.nbytes)}
    return out


def profile_text(prof: cProfile.Profile, *, sort: str, limit: int = 25) -> str:
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf)
    stats.strip_dirs().sort_stats(sort).print_stats(limit)
    text = buf.getvalue()
    start = text.find("   ncalls")
    return text[start:] if start >= 0 else text


def top_functions(prof: cProfile.Profile, limit: int = 12, *, by: str = "tottime",
                  package_only: bool = False) -> list[dict[str, Any]]:
    """The most expensive functions: by own time, or (``by="cumtime"``) by time including callees,
    optionally only this package's functions (where a fix would go)."""
    stats = pstats.Stats(prof)
    total = stats.total_tt or 1e-9
    rows = []
    for (file, line, func), (_cc, nc, tt, ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        if package_only and "recall_memory_plugins" not in file:
            continue
        where = file.split("recall_memory_plugins/", 1)[-1] if "recall_memory_plugins/" in file else Path(file).name
        rows.append({"function": f"{where}:{line}({func})", "calls": nc, "tottime_s": tt,
                     "cumtime_s": ct, "share_self": tt / total, "share_cum": ct / total})
    rows.sort(key=lambda r: -r["tottime_s" if by == "tottime" else "cumtime_s"])
    if package_only and rows:  # relative to the entry point (add or recall), the largest
        top = rows[0]["cumtime_s"] or 1e-9
        for r in rows:
            r["share_cum"] = r["cumtime_s"] / top
    return rows[:limit]


def run(args: Any) -> dict[str, Any]:
    from recall_memory_plugins import TemporalGraphMemory

    rng = random.Random(args.seed)
    sizes = sorted(set(args.sizes))
    gen = ChatGenerator(args.seed)
    total = sizes[-1] + args.profile_adds
    C.log(f"generating {total} statements ...")
    texts = gen.take(total)
    questions = gen.questions(args.queries)
    annotator = C.make_annotator(args.annotator)
    env = C.environment(annotator)  # at the start: the commit whose code this run loaded
    if args.store == "neo4j":
        env["neo4j_codec"] = _neo4j_codec()
    guard = C.NetworkGuard(allow=_neo4j_hosts() if args.store == "neo4j" else ())
    run_id = uuid.uuid4().hex[:8]
    result: dict[str, Any] = {"growth": [], "namespaces": {}, "profile": {},
                              "load_average_start": os.getloadavg()[0]}
    t_start = time.perf_counter()

    with tempfile.TemporaryDirectory() as tmp:
        # ---------------------------------------------------------------- annotator alone
        sample = texts[: min(2000, len(texts))]
        t0 = time.perf_counter()
        for t in sample:
            annotator.annotate(t)
        result["annotator_per_s"] = len(sample) / (time.perf_counter() - t0)

        # ---------------------------------------------------------------- one namespace
        db = Path(tmp) / "one.db"
        options = {"bulk_size": args.neo4j_bulk_size} if args.neo4j_bulk_size else {}
        store = C.make_store(args.store, db, **options)
        semantic = {"embedder": C.minilm_embedder()} if args.embedder == "minilm" else {}
        memory = TemporalGraphMemory(store, annotator=annotator, **semantic)
        ns = f"speed-{run_id}"
        done = 0
        ingest_total = 0.0
        for size in sizes:
            if args.prefill_via_sqlite and done == 0 and size > args.prefill_via_sqlite:
                # a first segment too long to ingest through the measured store: all but its
                # last N statements are ingested by a SQLite engine (same annotator, same texts)
                # and copied in with export/import; only the last N are measured
                done = size - args.prefill_via_sqlite
                C.log(f"  prefilling {done} statements through SQLite + export/import ...")
                buf = io.StringIO()
                with TemporalGraphMemory(str(Path(tmp) / "prefill.db"),
                                         annotator=annotator) as lite:
                    lite.add_many([{"text": texts[i], "at": T0 + timedelta(seconds=i)}
                                   for i in range(done)], namespace=ns)
                    lite.export(buf, namespace=ns)
                buf.seek(0)
                t0 = time.perf_counter()
                memory.import_(buf, namespace=ns)
                result["prefill"] = {"statements": done, "import_s": time.perf_counter() - t0}
                C.log(f"  imported {done} statements in {result['prefill']['import_s']:.0f} s")
            # the first half of each segment one add() at a time (a chat memory, every message
            # committed), the second half through add_many (bulk ingest, shared commits)
            half = done if args.bulk_only else done + (size - done) // 2
            t0 = time.perf_counter()
            with guard:
                for i in range(done, half):
                    memory.add(texts[i], namespace=ns, at=T0 + timedelta(seconds=i))
            t_one = time.perf_counter() - t0
            t0, c0, s0 = time.perf_counter(), time.process_time(), _server_cpu(args.server_pid)
            with guard:
                memory.add_many([{"text": texts[i], "at": T0 + timedelta(seconds=i)}
                                 for i in range(half, size)], namespace=ns)
            t_bulk = time.perf_counter() - t0
            cpu = _cpu_per_statement(size - half, time.process_time() - c0, s0,
                                     _server_cpu(args.server_pid))
            seg = t_one + t_bulk
            ingest_total += seg
            seg_start = done
            rate = (size - done) / seg if seg else float("nan")
            rate_one = (half - done) / t_one if half > done and t_one else float("nan")
            rate_bulk = (size - half) / t_bulk if t_bulk else float("nan")
            done = size
            rec = measure_recall(memory, questions, [ns], guard, rng)
            stats = memory.stats(ns)
            point = {"statements": size, "segment_from": seg_start, "ingest_per_s_segment": rate,
                     "add_per_s_segment": rate_one, "add_many_per_s_segment": rate_bulk,
                     "ingest_per_s_cumulative": size / ingest_total, "recall": rec,
                     "concepts": stats.concepts, "links": stats.links,
                     "entities": stats.entities, "relations": stats.relations,
                     "add_many_cpu": cpu}
            if args.store == "sqlite":
                point["db_bytes"] = db_bytes(db)
                point["db_mb_per_10k"] = point["db_bytes"] / 1e6 / (size / 10_000)
            result["growth"].append(point)
            C.log(f"  {size:>7} statements: add() {rate_one:.0f}/s, add_many {rate_bulk:.0f}/s, "
                  f"recall p50 {rec['p50_ms']:.1f} ms "
                  f"p95 {rec['p95_ms']:.1f} ms ({time.perf_counter() - t_start:.0f} s)")

        # ---------------------------------------------------------------- profiles at the largest size
        if args.profile_adds:
            prof = cProfile.Profile()
            with guard:
                prof.enable()
                for i in range(done, done + args.profile_adds):
                    memory.add(texts[i], namespace=ns, at=T0 + timedelta(seconds=i))
                prof.disable()
            result["profile"]["ingest"] = {"adds": args.profile_adds,
                                           "top": top_functions(prof),
                                           "cumulative": top_functions(prof, 15, by="cumtime",
                                                                       package_only=True),
                                           "text": profile_text(prof, sort="tottime")}
            prof = cProfile.Profile()
            with guard:
                prof.enable()
                for q in questions:
                    memory.recall(q, namespace=ns, token_budget=BUDGET)
                prof.disable()
            result["profile"]["recall"] = {"recalls": len(questions), "top": top_functions(prof),
                                           "cumulative": top_functions(prof, 15, by="cumtime",
                                                                       package_only=True),
                                           "text": profile_text(prof, sort="tottime")}
        if args.store == "neo4j":
            memory.clear(ns)
        memory.close()
        store.close()

        # ---------------------------------------------------------------- many namespaces
        n_ns, per_ns = args.namespaces, args.per_namespace
        db2 = Path(tmp) / "many.db"
        store = C.make_store(args.store, db2)
        memory = TemporalGraphMemory(store, annotator=annotator, **semantic)
        names = [f"user-{run_id}-{i:04d}" for i in range(n_ns)]
        t0 = time.perf_counter()
        with guard:
            for i in range(n_ns * per_ns):
                memory.add(texts[i], namespace=names[i % n_ns], at=T0 + timedelta(seconds=i))
        seg = time.perf_counter() - t0
        rec = measure_recall(memory, questions, names, guard, rng)
        result["namespaces"] = {"namespaces": n_ns, "per_namespace": per_ns,
                                "ingest_per_s": n_ns * per_ns / seg, "recall": rec}
        if args.store == "sqlite":
            result["namespaces"]["db_bytes"] = db_bytes(db2)
        C.log(f"  {n_ns} namespaces x {per_ns}: ingest {n_ns * per_ns / seg:.0f}/s, recall p50 "
              f"{rec['p50_ms']:.1f} ms p95 {rec['p95_ms']:.1f} ms")
        if args.store == "neo4j":
            for name in names:
                memory.clear(name)
        memory.close()
        store.close()

    # -------------------------------------------------------------------- dense alternative
    if not args.no_dense:
        C.log("dense embeddings ...")
        result["dense"] = dense_numbers(texts, questions, sizes, args.dense_max,
                                        per_message=20 if args.smoke else 300)
    result["network_attempts"] = len(guard.attempts)
    result["network_attempt_samples"] = guard.attempts[:5]
    result["llm_calls_per_add"] = 0 if not guard.attempts else float("nan")
    result["seconds"] = time.perf_counter() - t_start
    result["load_average_end"] = os.getloadavg()[0]
    result["meta"] = {
        "command": "python -m benchmarks.speed " + " ".join(args.argv),
        "environment": env, "store": args.store, "sizes": sizes, "embedder": args.embedder,
        "queries": len(questions), "budget": BUDGET, "seed": args.seed,
        "vocabulary": {"people": gen.vocab[0], "places": gen.vocab[1],
                       "objects_activities": gen.vocab[2], "topics": gen.vocab[3]},
        "sample_statements": texts[:5], "sample_questions": questions[:5],
    }
    result["targets"] = evaluate_targets(result)
    return result


def _server_cpu(pid: int | None) -> float | None:
    """CPU seconds (user + system) the process ``pid`` (a local database server) has used."""
    if not pid:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _cpu_per_statement(n: int, client_s: float, server_start: float | None,
                       server_end: float | None) -> dict[str, Any] | None:
    """CPU per statement of an ``add_many`` segment: this process (all its threads) and, with
    ``--server-pid``, the database server; ``bound_per_s`` is what the machine's cores could do
    at most if both kept every core busy."""
    if n <= 0:
        return None
    out: dict[str, Any] = {"client_ms": client_s / n * 1000}
    if server_start is not None and server_end is not None:
        out["server_ms"] = (server_end - server_start) / n * 1000
        total = out["client_ms"] + out["server_ms"]
        out["cores"] = os.cpu_count() or 1
        out["bound_per_s"] = out["cores"] * 1000 / total if total else float("nan")
    return out


def _neo4j_codec() -> str:
    """Which packstream codec the Neo4j driver decodes records with."""
    try:
        from neo4j._codec.packstream._common import RUST_AVAILABLE
    except ImportError:
        return "unknown"
    return "rust (neo4j-rust-ext)" if RUST_AVAILABLE else "pure Python"


def _neo4j_hosts() -> tuple[str, ...]:
    from urllib.parse import urlparse

    host = urlparse(os.environ.get("NEO4J_URI", "")).hostname
    return tuple(h for h in (host, "localhost", "127.0.0.1", "::1") if h)


def evaluate_targets(r: dict[str, Any]) -> dict[str, Any]:
    goals = STORE_TARGETS[r["meta"]["store"]]
    growth = r["growth"]
    first, last = growth[0], growth[-1]
    # the slowest segment counts (the largest memory is the slowest to grow)
    bulk = min(p["add_many_per_s_segment"] for p in growth)
    ones = [p["add_per_s_segment"] for p in growth if p["add_per_s_segment"] == p["add_per_s_segment"]]
    one = min(ones) if ones else float("nan")  # nan: --bulk-only measured no add() segment
    out = {
        "ingest_per_s": {"value": bulk, "target": f">= {goals['ingest_per_s']:.0f}",
                         "met": bulk >= goals["ingest_per_s"]},
        "add_per_s": {"value": one, "target": f">= {goals['ingest_per_s']:.0f}",
                      "met": one >= goals["ingest_per_s"]},
        "recall_p95_ms_at_largest": {"value": last["recall"]["p95_ms"], "size": last["statements"],
                                     "target": f"<= {goals['recall_p95_ms_100k']:.0f} ms",
                                     "met": last["recall"]["p95_ms"] <= goals["recall_p95_ms_100k"]},
    }
    for q in ("p50_ms", "p95_ms"):
        ratio = last["recall"][q] / first["recall"][q] if first["recall"][q] else float("nan")
        out[f"growth_{q}"] = {"value": ratio, "from": first["statements"], "to": last["statements"],
                              "target": "< 2x", "met": ratio < goals["growth_1k_100k"]}
    out["llm_calls_per_add"] = {"value": 0 if not r["network_attempts"] else r["network_attempts"],
                                "target": "0", "met": r["network_attempts"] == 0}
    return out


def render(r: dict[str, Any], plots: Sequence[str]) -> str:
    m = r["meta"]
    lines = ["# Speed and scale", "", C.env_line(m["environment"]), "",
             f"Command: `{m['command']}` · store `{m['store']}` · synthetic chat statements "
             f"(seed {m['seed']}; vocabulary: {m['vocabulary']['people']} person names, "
             f"{m['vocabulary']['places']} cities, {m['vocabulary']['objects_activities']} objects "
             f"and activities, {m['vocabulary']['topics']} topics; Zipf-distributed slots) · "
             + ("semantic signal on (`embedder=MiniLMEmbedder()`) · "
                if m.get("embedder") == "minilm" else "")
             + (f"Neo4j driver codec: {m['environment']['neo4j_codec']} · "
                if "neo4j_codec" in m["environment"] else "")
             + f"{m['queries']} recall queries per point, budget {m['budget']} tokens · run time "
             f"{r['seconds']:.0f} s · 1-minute load average {r['load_average_start']:.1f} at the "
             f"start, {r['load_average_end']:.1f} at the end (other work on the machine slows "
             "every number here alike).", "",
             "Example statements: " + " / ".join(f"“{s}”" for s in m["sample_statements"][:3]), "",
             "## Targets", ""]
    t = r["targets"]
    rows = [
        ["bulk ingest, `add_many` (statements/s, NLP included; slowest segment)",
         f"{t['ingest_per_s']['value']:.0f}",
         t["ingest_per_s"]["target"], "met" if t["ingest_per_s"]["met"] else "**NOT met**"],
        ["one `add()` at a time, each committed (statements/s; slowest segment)",
         f"{t['add_per_s']['value']:.0f}",
         t["add_per_s"]["target"], "met" if t["add_per_s"]["met"] else "**NOT met**"],
        [f"recall p95 at {t['recall_p95_ms_at_largest']['size']:,} statements",
         f"{t['recall_p95_ms_at_largest']['value']:.1f} ms", t["recall_p95_ms_at_largest"]["target"],
         "met" if t["recall_p95_ms_at_largest"]["met"] else "**NOT met**"],
        [f"recall p50 growth {t['growth_p50_ms']['from']:,} → {t['growth_p50_ms']['to']:,}",
         f"{t['growth_p50_ms']['value']:.2f}x", "< 2x", "met" if t["growth_p50_ms"]["met"] else "**NOT met**"],
        [f"recall p95 growth {t['growth_p95_ms']['from']:,} → {t['growth_p95_ms']['to']:,}",
         f"{t['growth_p95_ms']['value']:.2f}x", "< 2x", "met" if t["growth_p95_ms"]["met"] else "**NOT met**"],
        ["LLM / network calls per add and recall", str(t["llm_calls_per_add"]["value"]), "0",
         "met" if t["llm_calls_per_add"]["met"] else "**NOT met**"],
    ]
    lines += [C.md_table(["measure", "value", "target", "verdict"], rows), ""]
    lines += ["## Growth in one namespace", ""]
    rows = []
    for p in r["growth"]:
        rows.append([f"{p['statements']:,}", f"{p['add_per_s_segment']:.0f}",
                     f"{p['add_many_per_s_segment']:.0f}",
                     f"{p['recall']['p50_ms']:.1f}", f"{p['recall']['p95_ms']:.1f}",
                     f"{p['recall']['p99_ms']:.1f}", f"{p['concepts']:,}", f"{p['links']:,}",
                     f"{p.get('db_mb_per_10k', float('nan')):.1f}"])
    lines += [C.md_table(["statements", "add()/s (segment)", "add_many/s (segment)",
                          "recall p50 ms", "p95 ms", "p99 ms",
                          "concepts", "links", "DB MB per 10k"], rows), "",
              f"Annotator alone: {r['annotator_per_s']:.0f} statements/s (the ceiling of ingest).", ""]
    cpu_rows = [[f"{p['statements']:,}", f"{c['client_ms']:.2f}",
                 f"{c['server_ms']:.2f}" if "server_ms" in c else "–",
                 f"{c['bound_per_s']:.0f} ({c['cores']} cores)" if "bound_per_s" in c else "–"]
                for p in r["growth"] if (c := p.get("add_many_cpu"))]
    if cpu_rows:
        lines += ["CPU per `add_many` statement (this process's threads; the server's with "
                  "`--server-pid`), and the rate the machine's cores allow at most when the "
                  "client and the server keep all of them busy:", "",
                  C.md_table(["statements", "client CPU ms", "server CPU ms", "bound /s"],
                             cpu_rows), ""]
    ns = r["namespaces"]
    lines += ["## Many namespaces", "",
              f"{ns['namespaces']:,} namespaces × {ns['per_namespace']} statements (round-robin): "
              f"ingest {ns['ingest_per_s']:.0f}/s; recall in random namespaces p50 "
              f"{ns['recall']['p50_ms']:.1f} ms, p95 {ns['recall']['p95_ms']:.1f} ms"
              + (f"; DB {ns['db_bytes'] / 1e6:.1f} MB." if "db_bytes" in ns else "."), ""]
    if "dense" in r:
        d = r["dense"]
        lines += ["## Dense-embedding alternative (all-MiniLM-L6-v2, CPU, same run)", "",
                  f"Embedding throughput: {d['per_message_per_s']:.0f} statements/s one message at "
                  f"a time (what a chat memory does), {d['batched_per_s']:.0f}/s batched by 64 "
                  f"(measured on {d['embedded']:,} statements).", ""]
        rows = []
        for p in r["growth"]:
            q = d["query"].get(str(p["statements"]))
            if q:
                rows.append([f"{p['statements']:,}", f"{p['recall']['p50_ms']:.1f} / {p['recall']['p95_ms']:.1f}",
                             f"{q['p50_ms']:.1f} / {q['p95_ms']:.1f}" + (" *" if q["synthetic_rows"] else ""),
                             f"{q['bytes'] / 1e6:.0f} MB"])
        lines += [C.md_table(["statements", "ours recall p50 / p95 ms",
                              "dense query p50 / p95 ms (embed + cosine + top-k)", "vectors in RAM"], rows),
                  "", "\\* beyond the embedded rows the matrix repeats them (query cost depends only "
                  "on the number of vectors).", ""]
    if r["profile"]:
        lines += ["## Profile (cProfile, largest size)", ""]
        for part in ("ingest", "recall"):
            p = r["profile"].get(part)
            if not p:
                continue
            n = p.get("adds") or p.get("recalls")
            lines += [f"### {part} ({n} calls), top functions by own time", "",
                      C.md_table(["function", "calls", "own s", "cum s", "share of own time"],
                                 [[f"`{x['function']}`", x["calls"], f"{x['tottime_s']:.3f}",
                                   f"{x['cumtime_s']:.3f}", C.pct(x["share_self"])] for x in p["top"]]),
                      "", f"### {part}: this package's functions by time including callees", "",
                      C.md_table(["function", "calls", "cum s", f"share of {'add' if part == 'ingest' else 'recall'}()"],
                                 [[f"`{x['function']}`", x["calls"], f"{x['cumtime_s']:.3f}",
                                   C.pct(x["share_cum"])] for x in p["cumulative"]]),
                      ""]
    for p in plots:
        lines += [f"![{p}]({p})", ""]
    return "\n".join(lines)


def plot(r: dict[str, Any], out: Path) -> list[str]:
    plt = C.pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2))
    xs = [p["statements"] for p in r["growth"]]
    ax.plot(xs, [p["recall"]["p50_ms"] for p in r["growth"]], marker="o", color="C3",
            label="ours recall p50")
    ax.plot(xs, [p["recall"]["p95_ms"] for p in r["growth"]], marker="o", ls="--", color="C3",
            label="ours recall p95")
    if "dense" in r:
        q = r["dense"]["query"]
        ax.plot(xs, [q[str(x)]["p50_ms"] for x in xs], marker="s", color="C2", label="dense query p50")
        ax.plot(xs, [q[str(x)]["p95_ms"] for x in xs], marker="s", ls="--", color="C2",
                label="dense query p95")
    goal = STORE_TARGETS[r["meta"]["store"]]["recall_p95_ms_100k"]
    ax.axhline(goal, color="k", ls=":", lw=1, label=f"target p95 {goal:.0f} ms")
    ax.set_xscale("log")
    ax.set_xlabel("statements in the namespace")
    ax.set_ylabel("latency (ms)")
    ax.set_title(f"Recall latency growth ({r['meta']['store']})")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    fig.tight_layout()
    out.mkdir(parents=True, exist_ok=True)
    name = f"speed_growth_{r['meta']['store']}.png"
    fig.savefig(out / name, dpi=120)
    plt.close(fig)
    return [name]


def main(argv: Sequence[str] | None = None) -> int:
    parser = C.base_parser(__doc__.splitlines()[0])
    parser.add_argument("--store", choices=("sqlite", "neo4j"), default="sqlite")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--namespaces", type=int, default=1000)
    parser.add_argument("--per-namespace", type=int, default=20)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--dense-max", type=int, default=10_000,
                        help="statements actually embedded for the dense comparison")
    parser.add_argument("--profile-adds", type=int, default=2000)
    parser.add_argument("--no-dense", action="store_true")
    parser.add_argument("--embedder", choices=("none", "minilm"), default="none",
                        help="minilm: the memory runs with the optional semantic signal "
                             "(embedder=MiniLMEmbedder(), [dense] extra): its cost")
    parser.add_argument("--bulk-only", action="store_true",
                        help="grow every segment through add_many only (no add() half)")
    parser.add_argument("--name", help="results file stem (default: speed / speed_<store>)")
    parser.add_argument("--prefill-via-sqlite", type=int, default=0, metavar="N",
                        help="ingest all but the last N statements of the first segment "
                             "through SQLite and import them (only those N are timed)")
    parser.add_argument("--neo4j-bulk-size", type=int, default=None,
                        help="Neo4jGraphStore(bulk_size=N): updates per query in add_many "
                             "(default: the store's)")
    parser.add_argument("--server-pid", type=int, default=None,
                        help="pid of a local database server (e.g. $(cat DIR/neo4j.pid) of "
                        "scripts/neo4j-test-server): its CPU per add_many statement is reported")
    parser.add_argument("--neo4j-pure-python", action="store_true",
                        help="keep the Neo4j driver off its Rust codec (neo4j-rust-ext), to "
                             "measure what the codec is worth")
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    if args.neo4j_pure_python:
        sys.modules["neo4j._rust"] = None  # type: ignore[assignment]  # import fails: pure Python
    if args.smoke:
        args.sizes, args.namespaces, args.per_namespace = [200, 1000], 20, 10
        args.queries, args.dense_max, args.profile_adds = 30, 200, 100
    r = run(args)
    plots = plot(r, args.out)
    md = render(r, plots)
    name = args.name or ("speed" if args.store == "sqlite" else f"speed_{args.store}")
    profile = r.pop("profile")
    r["profile_top"] = {k: {"own": v["top"], "cumulative": v["cumulative"]}
                        for k, v in profile.items()}
    C.write_results(args.out, name, md, r)
    if profile:
        (args.out / f"{name}_profile.txt").write_text(
            "\n\n".join(f"== {k} ==\n{v['text']}" for k, v in profile.items()), encoding="utf-8")
    C.log(md.split("## Profile")[0])
    return 1 if r["network_attempts"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
