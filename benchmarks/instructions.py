"""Instructions per ``add_many`` statement, counted by valgrind rather than timed.

This machine's speed drifts by +-15 % within minutes and with other work, so the ingest cost of
two versions is compared by counting: a store of ``--size`` ``ChatGenerator(--seed)`` statements
is built once with ``add_many`` (SQLite, offline annotator, ``at`` one second apart), then
``valgrind --tool=callgrind`` runs a child process that copies the store and adds the next
``--small`` statements, and another that adds the next ``--large``; per statement =
(Ir of large - Ir of small) / (large - small), so imports and start-up cancel. ``add_many``
commits once per call in the child (``BATCH_HOLD_SECONDS`` raised where the version has it).
Both children first add the ``--large`` texts to a scratch ``:memory:`` store (``--no-warm``
skips it): what a process does once (regexes compiled on their first use, since 0d6ebf6) is then
paid alike by both and cancels; without it, rows first used by the larger child count as its
per-statement cost.

The version measured is the one on ``PYTHONPATH`` (put a tree's ``src`` first); the statements
come from this checkout's ``benchmarks.synthetic``, so two versions add the same texts::

    python -m benchmarks.instructions --out /tmp/ir --name new
    PYTHONPATH=/tmp/old/src:. python -m benchmarks.instructions --out /tmp/ir --name old

About 6-10 minutes a version on one core (the 40k build ~1-2 min, the two runs under valgrind).
Needs ``valgrind`` (Debian package) on the PATH.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path

T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)

_CHILD = """
import shutil, sys
from datetime import timedelta
from benchmarks.instructions import T0
from benchmarks.synthetic import ChatGenerator
try:
    from recall_memory_plugins.engine import ingest
    ingest.BATCH_HOLD_SECONDS = 1e9
except ImportError:
    pass
from recall_memory_plugins import TemporalGraphMemory
base, work, size, n, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
warm = int(sys.argv[6]) if len(sys.argv) > 6 else 0
if warm:  # the same texts in every child, into a scratch store: what runs once a process (regexes
    # compiled on first use) is paid here alike, so the difference counts the steady cost only
    with TemporalGraphMemory(":memory:", annotator="offline") as scratch:
        scratch.add_many([{"text": t, "at": T0 + timedelta(seconds=i)}
                          for i, t in enumerate(ChatGenerator(seed).take(size + warm)[size:])])
for suffix in ("", "-wal", "-shm"):
    try:
        shutil.copyfile(base + suffix, work + suffix)
    except FileNotFoundError:
        pass
texts = ChatGenerator(seed).take(size + n)[size:]
with TemporalGraphMemory(work, annotator="offline") as memory:
    memory.add_many([{"text": t, "at": T0 + timedelta(seconds=size + i)} for i, t in enumerate(texts)])
"""


def build(path: Path, size: int, seed: int) -> float:
    from benchmarks.synthetic import ChatGenerator
    from recall_memory_plugins import TemporalGraphMemory

    texts = ChatGenerator(seed).take(size)
    started = time.perf_counter()
    with TemporalGraphMemory(str(path), annotator="offline") as memory:
        for start in range(0, size, 2000):
            memory.add_many(
                [
                    {"text": t, "at": T0 + timedelta(seconds=start + i)}
                    for i, t in enumerate(texts[start : start + 2000])
                ]
            )
    return time.perf_counter() - started


def count(base: Path, size: int, n: int, seed: int, workdir: Path, warm: int = 0) -> int:
    """Instructions (callgrind's Ir total) of a child adding the next ``n`` statements."""
    work = workdir / f"work-{n}.sqlite"
    out = workdir / f"callgrind-{n}.out"
    cmd = [
        "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
        sys.executable, "-c", _CHILD, str(base), str(work), str(size), str(n), str(seed), str(warm),
    ]  # fmt: skip
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    text = out.read_text(encoding="utf-8", errors="replace")
    match = re.search(r"^(?:summary|totals):\s+(\d+)", text, re.MULTILINE)
    if match is None:
        raise SystemExit(f"no instruction total in {out}")
    return int(match.group(1))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=40000)
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--large", type=int, default=700)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--name", default="instructions")
    parser.add_argument("--keep", action="store_true", help="keep the built store and outputs")
    parser.add_argument(
        "--no-warm", action="store_true",
        help="no warm-up: each child pays what runs once a process (lazily compiled regexes) in its count",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    import recall_memory_plugins

    args.out.mkdir(parents=True, exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="ir-", dir=args.out))
    base = workdir / "base.sqlite"
    built = build(base, args.size, args.seed)
    warm = 0 if args.no_warm else args.large  # (the texts of the larger child, added first by both)
    small = count(base, args.size, args.small, args.seed, workdir, warm)
    large = count(base, args.size, args.large, args.seed, workdir, warm)
    per = (large - small) / (args.large - args.small)
    report = {
        "command": "python -m benchmarks.instructions " + " ".join(argv or sys.argv[1:]),
        "package": os.path.dirname(recall_memory_plugins.__file__),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "size": args.size, "seed": args.seed, "small": args.small, "large": args.large,
        "build_seconds": round(built, 1), "warm_up": warm,
        "ir_small": small, "ir_large": large,
        "instructions_per_statement": round(per),
    }  # fmt: skip
    (args.out / f"{args.name}.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    print(json.dumps(report, indent=1))
    if not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
