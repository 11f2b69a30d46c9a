"""A long history added newest first: what recording late statements as history costs.

    python -m benchmarks.late_history [--sizes 1000 4000] [--smoke] [--out benchmarks/results]

One project's status changes N times ("The status of Project Atlas changed to blocked.", ...),
each statement at its own hour. The same N statements are added to a fresh SQLite memory oldest
first (every add the newest news) and newest first (every add late: it is recorded as history,
``engine/relations/backdated.py``), the two orders alternating in one run. Reports ms per add
and the ratio newest-first / oldest-first, and checks the outcome: the current status is the
newest one, and ``relations(as_of=t)`` gives one status at sampled hours, in both orders.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from . import _common as C

SIZES = (1000, 4000)
SMOKE_SIZES = (60,)
T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)
STATES = ("blocked", "on hold", "delayed", "in progress", "under review", "planned")


def _texts(n: int) -> list[tuple[str, datetime]]:
    return [(f"The status of Project Atlas changed to {STATES[i % len(STATES)]}.",
             T0 + timedelta(hours=i)) for i in range(n)]


def _one(order: str, n: int, annotator: Any, tmp: Path) -> dict[str, Any]:
    from recall_memory_plugins import TemporalGraphMemory

    items = _texts(n)
    if order == "newest first":
        items.reverse()
    tmp.mkdir(parents=True, exist_ok=True)
    store = C.make_store("sqlite", tmp / f"{order.replace(' ', '_')}-{n}.db")
    with TemporalGraphMemory(store, annotator=annotator) as memory:
        t0 = time.perf_counter()
        for text, at in items:
            memory.add(text, at=at)
        seconds = time.perf_counter() - t0
        current = [dict(r.attributes).get("status") for r in memory.relations("Project Atlas")]
        hours = sorted({1, n // 3, n // 2, n - 2})
        one_each = all(
            [dict(r.attributes).get("status")
             for r in memory.relations("Project Atlas", as_of=T0 + timedelta(hours=h, minutes=30))]
            == [STATES[h % len(STATES)]]
            for h in hours)
    store.close()
    return {"order": order, "statements": n, "seconds": seconds, "ms_per_add": 1000 * seconds / n,
            "current_is_newest": current == [STATES[(n - 1) % len(STATES)]],
            "one_status_at_sampled_hours": one_each}


def run(args: Any) -> dict[str, Any]:
    annotator = C.make_annotator(args.annotator)
    env = C.environment(annotator)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for order in ("oldest first", "newest first"):  # warm-up (imports, first store): untimed
            _one(order, 20, annotator, Path(tmp) / "warm")
        for k, n in enumerate(args.sizes):
            orders = ["oldest first", "newest first"]
            for order in orders if k % 2 == 0 else orders[::-1]:  # alternate which runs first
                row = _one(order, n, annotator, Path(tmp))
                rows.append(row)
                C.log(f"  {n:>6} {order:<13} {row['ms_per_add']:.2f} ms/add")
    ratios = {}
    for n in args.sizes:
        by = {r["order"]: r for r in rows if r["statements"] == n}
        ratios[str(n)] = by["newest first"]["ms_per_add"] / by["oldest first"]["ms_per_add"]
    return {"meta": {"command": "python -m benchmarks.late_history " + " ".join(args.argv),
                     "environment": env, "sizes": list(args.sizes)},
            "rows": rows, "ratio_newest_to_oldest": ratios}


def render(r: dict[str, Any]) -> str:
    lines = ["# A long history added newest first (late statements recorded as history)", "",
             C.env_line(r["meta"]["environment"]), "",
             f"Command: `{r['meta']['command']}` · one project's status changed N times, each "
             "statement at its own hour, SQLite, one process; the two orders alternate.", ""]
    rows = [[f"{row['statements']:,}", row["order"], f"{row['seconds']:.1f} s",
             f"{row['ms_per_add']:.2f}", "yes" if row["current_is_newest"] else "**no**",
             "yes" if row["one_status_at_sampled_hours"] else "**no**"] for row in r["rows"]]
    lines += [C.md_table(["N", "order", "time", "ms per add", "current = newest",
                          "one status at sampled hours"], rows), ""]
    lines += ["Ratio newest first / oldest first (ms per add): " + ", ".join(
        f"N = {n}: **{v:.2f}×**" for n, v in r["ratio_newest_to_oldest"].items()), ""]
    return "\n".join(lines)


def plot(r: dict[str, Any], out: Path) -> list[str]:
    plt = C.pyplot()
    fig, ax = plt.subplots(figsize=(6, 3.5))
    for order in ("oldest first", "newest first"):
        pts = [(row["statements"], row["ms_per_add"]) for row in r["rows"] if row["order"] == order]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=order)
    ax.set_xlabel("status changes of one project (N)")
    ax.set_ylabel("ms per add")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "late_history.png", dpi=120)
    plt.close(fig)
    return ["late_history.png"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = C.base_parser(__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=None)
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    if args.sizes is None:
        args.sizes = list(SMOKE_SIZES if args.smoke else SIZES)
    r = run(args)
    args.out.mkdir(parents=True, exist_ok=True)
    plots = plot(r, args.out)
    md = render(r) + "".join(f"\n![{p}]({p})\n" for p in plots)
    C.write_results(args.out, "late_history", md, r)
    ok = all(row["current_is_newest"] and row["one_status_at_sampled_hours"] for row in r["rows"])
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
