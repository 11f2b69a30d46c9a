"""What one ``add`` costs the Neo4j server: the db hits of its update query, by operator.

    python -m benchmarks.update_hits --namespace bench100k --adds 20      # an existing namespace
    python -m benchmarks.update_hits --fresh 3000 --adds 20               # a new one of 3,000

``--adds`` more ``ChatGenerator(11)`` statements are added one ``add()`` at a time (committed:
they stay in the namespace), each update query is captured, and then PROFILE'd again in a
transaction that is rolled back (it writes the same update a second time, on the state after
the adds; nothing of that stays). Prints the mean db hits per update and the operators with the
most. Run it with ``PYTHONPATH`` set to a tree's ``src`` to compare two trees (the namespace
grows by ``--adds`` each run), and the ``NEO4J_*`` variables of a test server
(``scripts/neo4j-test-server``).
"""

from __future__ import annotations

import argparse
import collections
import os
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from typing import Any

from . import _common as C
from .recall_reads import _total_hits
from .synthetic import ChatGenerator

T0 = datetime(2025, 6, 1, 9, 0, tzinfo=timezone.utc)


def _operators(plan: Any, into: collections.Counter[tuple[str, str]]) -> None:
    """Add each operator's own db hits to ``into`` (keyed by type and the start of its details)."""
    args = plan.get("args", {})
    key = (plan.get("operatorType", "?"), str(args.get("Details", "")).replace("\n", " ")[:70])
    into[key] += int(args.get("DbHits", plan.get("dbHits", 0)) or 0)
    for child in plan.get("children", []):
        _operators(child, into)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--namespace", help="an existing namespace to add to")
    parser.add_argument("--fresh", type=int, default=0,
                        help="ingest this many statements (add_many) into a new namespace first")
    parser.add_argument("--adds", type=int, default=20)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args(argv)
    from recall_memory_plugins import TemporalGraphMemory

    store = C.make_store("neo4j")
    memory = TemporalGraphMemory(store, annotator=C.make_annotator("offline"))
    ns = args.namespace or f"hits-{uuid.uuid4().hex[:8]}"
    texts = ChatGenerator(11).take(args.fresh + args.adds)
    if args.fresh:
        memory.add_many([{"text": t, "at": T0 + timedelta(seconds=i)}
                         for i, t in enumerate(texts[: args.fresh])], namespace=ns)
    captured: list[tuple[str, dict[str, Any]]] = []
    run = store._run

    def capture(action: str, query: str, params: Any, **kw: Any) -> Any:
        if "RecallCounter" in query and kw.get("write"):
            captured.append((query, dict(params)))
        return run(action, query, params, **kw)

    store._run = capture
    try:
        base = memory.stats(ns).statements
        for i, text in enumerate(texts[args.fresh:]):
            memory.add(text, namespace=ns, at=T0 + timedelta(days=1, seconds=base + i))
    finally:
        store._run = run
    per_operator: collections.Counter[tuple[str, str]] = collections.Counter()
    totals = []
    with store._driver.session(database=store._database) as session:
        for query, params in captured:
            tx = session.begin_transaction()
            try:
                plan = tx.run(query.replace("CYPHER replan=skip", "CYPHER replan=skip PROFILE", 1),
                              params).consume().profile
            finally:
                tx.rollback()
            totals.append(_total_hits(plan))
            _operators(plan, per_operator)
    memory.close()
    store.close()
    n = len(totals)
    if not n:
        C.log("no update query was captured")
        return 1
    print(f"namespace {ns}: {n} updates, db hits per update: mean {sum(totals) / n:.1f}, "
          f"min {min(totals)}, max {max(totals)} (load {os.getloadavg()[0]:.2f})")
    print("| operator | details | db hits per update |")
    print("|---|---|---:|")
    for (op, details), hits in per_operator.most_common(args.top):
        print(f"| {op.split('@')[0]} | `{details}` | {hits / n:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
