"""A chat loop on SQLite: one ``add()`` and one ``recall()`` per turn, store options side by side.

What a LangChain or LlamaIndex chat does with the memory: each turn stores the new message
(committed) and recalls for the next answer, so every recall follows a write. The store is
prefilled once through ``add_many`` (synthetic chat statements, ``ChatGenerator(13)``, one second
apart), then each setting runs the same turns on its own copy of that file; settings alternate
round by round so that the machine's drift hits them alike.

    python -m benchmarks.chat_loop --prefill 50000 --turns 2000 --rounds 3 --checkpoint-mb 4 40

Reports add and recall latency (mean, p50, p95, p99) per setting and round, and the ratio of
each setting's pooled mean to the first setting's.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from benchmarks._common import (
    base_parser,
    env_line,
    environment,
    log,
    md_table,
    mean,
    percentile,
    write_results,
)
from benchmarks.synthetic import ChatGenerator

T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)
SEED = 13


def _prefill(path: Path, size: int, annotator: str) -> None:
    from recall_memory_plugins import TemporalGraphMemory

    texts = ChatGenerator(SEED).take(size)
    memory = TemporalGraphMemory(path, annotator=annotator)
    try:
        memory.add_many(
            [{"text": t, "at": T0 + timedelta(seconds=i)} for i, t in enumerate(texts)]
        )
    finally:
        memory.close()


def _turns(
    base: Path, work: Path, checkpoint_mb: int, size: int, turns: int, annotator: str
) -> dict[str, list[float]]:
    from recall_memory_plugins import TemporalGraphMemory
    from recall_memory_plugins.stores.sqlite import SqliteGraphStore

    path = work / f"loop-{checkpoint_mb}.sqlite"
    shutil.copy(base, path)
    generator = ChatGenerator(SEED)
    texts = generator.take(size + turns)[size:]
    questions = generator.questions(turns)
    store = SqliteGraphStore(path, checkpoint_mb=checkpoint_mb)
    memory = TemporalGraphMemory(store, annotator=annotator)
    adds: list[float] = []
    recalls: list[float] = []
    try:
        for i, (text, question) in enumerate(zip(texts, questions, strict=True)):
            started = time.perf_counter()
            memory.add(text, at=T0 + timedelta(seconds=size + i))
            adds.append(time.perf_counter() - started)
            started = time.perf_counter()
            memory.recall(question, token_budget=500)
            recalls.append(time.perf_counter() - started)
    finally:
        memory.close()
        store.close()
    path.unlink()
    return {"add": adds, "recall": recalls}


def _summary(seconds: Sequence[float]) -> dict[str, float]:
    ms = [1000.0 * s for s in seconds]
    return {
        "mean": mean(ms),
        "p50": percentile(ms, 50),
        "p95": percentile(ms, 95),
        "p99": percentile(ms, 99),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = base_parser(__doc__.splitlines()[0])
    parser.add_argument("--prefill", type=int, default=50_000, help="statements stored first")
    parser.add_argument("--turns", type=int, default=2_000, help="add + recall turns per run")
    parser.add_argument("--rounds", type=int, default=3, help="runs per setting, alternating")
    parser.add_argument("--checkpoint-mb", type=int, nargs="+", default=[4, 40],
                        help="SqliteGraphStore(checkpoint_mb=...) values to compare")
    parser.add_argument("--work", type=Path, default=None,
                        help="directory for the prefilled file (kept and reused when given)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.prefill, args.turns, args.rounds = 300, 40, 2
    settings: list[int] = list(dict.fromkeys(args.checkpoint_mb))
    scratch = None
    if args.work is None:
        scratch = tempfile.TemporaryDirectory(prefix="recall-chat-loop-")
        work = Path(scratch.name)
    else:
        work = args.work
        work.mkdir(parents=True, exist_ok=True)
    started = time.time()
    try:
        base = work / f"prefill-{args.prefill}-{args.annotator}.sqlite"
        if not base.exists():
            log(f"prefilling {args.prefill:,} statements through add_many")
            partial = base.with_suffix(".partial")
            partial.unlink(missing_ok=True)
            _prefill(partial, args.prefill, args.annotator)
            partial.rename(base)
        runs: list[dict[str, Any]] = []
        for round_ in range(args.rounds):
            order = settings if round_ % 2 == 0 else settings[::-1]
            for value in order:
                timings = _turns(base, work, value, args.prefill, args.turns, args.annotator)
                run = {"round": round_ + 1, "checkpoint_mb": value,
                       **{k: _summary(v) for k, v in timings.items()}, "raw": timings}
                runs.append(run)
                log(f"round {round_ + 1} checkpoint_mb={value}: add mean "
                    f"{run['add']['mean']:.2f} ms, recall mean {run['recall']['mean']:.2f} ms")
    finally:
        if scratch is not None:
            scratch.cleanup()
    pooled = {
        value: {
            kind: _summary([s for r in runs if r["checkpoint_mb"] == value for s in r["raw"][kind]])
            for kind in ("add", "recall")
        }
        for value in settings
    }
    first = pooled[settings[0]]
    info = {**environment(), "annotator": args.annotator}
    command = "python -m benchmarks.chat_loop " + " ".join(sys.argv[1:] if argv is None else argv)
    rows = [
        [r["round"], r["checkpoint_mb"],
         *(f"{r[k][q]:.2f}" for k in ("add", "recall") for q in ("mean", "p50", "p95", "p99"))]
        for r in runs
    ]
    pooled_rows = [
        [value, *(f"{pooled[value][k][q]:.2f}" for k in ("add", "recall")
                  for q in ("mean", "p50", "p95", "p99")),
         f"{pooled[value]['add']['mean'] / first['add']['mean']:.3f}",
         f"{pooled[value]['recall']['mean'] / first['recall']['mean']:.3f}"]
        for value in settings
    ]
    headers = ["add mean", "p50", "p95", "p99", "recall mean", "p50", "p95", "p99"]
    markdown = "\n".join([
        "# Chat loop: one add() and one recall() per turn (SQLite)", "",
        env_line(info), "",
        f"Command: `{command}` · prefilled {args.prefill:,} statements, {args.turns:,} turns "
        f"per run, {args.rounds} rounds, settings alternating · run time "
        f"{time.time() - started:.0f} s", "",
        "## Pooled (ms; ratios of means to the first setting)", "",
        md_table(["checkpoint_mb", *headers, "add ratio", "recall ratio"], pooled_rows), "",
        "## Runs (ms)", "",
        md_table(["round", "checkpoint_mb", *headers], rows), "",
    ])
    payload = {
        "meta": {**info, "command": command, "prefill": args.prefill, "turns": args.turns,
                 "rounds": args.rounds, "settings": settings},
        "pooled": {str(k): v for k, v in pooled.items()},
        "runs": [{k: v for k, v in r.items() if k != "raw"} for r in runs],
    }
    write_results(args.out, "chat_loop", markdown, payload)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
