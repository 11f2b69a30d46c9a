"""The reads that keep their first plan (``cypher.STABLE_PLAN``) get index seeks from the server:
no label scan, and no key looked up through the (namespace) index, which is what an unhinted
query was planned as on an empty database (its first plan, kept by ``replan=skip``).

Needs ``NEO4J_URI`` (``eval "$(scripts/neo4j-test-server start)"``); skips visibly without it,
except under ``RECALL_REQUIRE_SERVICES=1``.
"""

from __future__ import annotations

from typing import Any

import pytest

from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore
from tests.unit.test_neo4j_stable_plans_text import stable_queries

pytestmark = pytest.mark.neo4j

# reads every relation of a namespace by design: its (namespace) index is the right one
WHOLE_NAMESPACE = {"RELATIONS[namespace]"}


def operators(plan: Any) -> list[str]:
    args = plan.get("args", {})
    out = [f"{plan['operatorType'].split('@')[0]} {args.get('Details', '')}"]
    for child in plan.get("children", ()):
        out.extend(operators(child))
    return out


@pytest.mark.parametrize("name", sorted(stable_queries()))
def test_stable_reads_are_index_seeks(
    name: str, store: Neo4jGraphStore, driver: Any, config: Neo4jConfig
) -> None:
    with driver.session(database=config.database, notifications_min_severity="OFF") as session:
        plan = session.run("EXPLAIN " + stable_queries()[name]).consume().plan
    ops = operators(plan)
    assert not [op for op in ops if "Scan" in op.split(" ", 1)[0]], ops
    if name not in WHOLE_NAMESPACE:
        assert not [op for op in ops if "(namespace) WHERE" in op and "UNIQUE" not in op], ops
    assert any("IndexSeek" in op for op in ops), ops


def _recall_queries(store: Neo4jGraphStore, ns: str, question: str) -> tuple[list[str], str]:
    from recall_memory_plugins import TemporalGraphMemory

    sent: list[str] = []
    run = store._run_in_reads

    def record(reads: Any, query: str, params: Any, transform: Any) -> Any:
        sent.append(query)
        return run(reads, query, params, transform)

    store._run_in_reads = record  # type: ignore[method-assign]
    try:
        text = TemporalGraphMemory(store, annotator="offline").recall(question, namespace=ns).text
    finally:
        del store._run_in_reads
    return sent, text


def test_stable_plans_can_be_switched_off(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig
) -> None:
    """``stable_plans=False`` sends the same reads without the prefix, with the same answer."""
    import uuid

    from recall_memory_plugins import TemporalGraphMemory

    ns = f"it-stable-{uuid.uuid4().hex[:12]}"
    memory = TemporalGraphMemory(store, annotator="offline")
    memory.add_many(["Alice moved to Lisbon in May.", "Bob works at Acme with Alice."], namespace=ns)
    plain = Neo4jGraphStore(driver=driver, database=config.database, stable_plans=False)
    try:
        stable_sent, stable_text = _recall_queries(store, ns, "Where does Alice live?")
        plain_sent, plain_text = _recall_queries(plain, ns, "Where does Alice live?")
        assert len(stable_sent) >= 3
        assert all(q.startswith("CYPHER replan=skip") for q in stable_sent)
        assert plain_sent and not any("replan" in q for q in plain_sent)
        assert [q.removeprefix("CYPHER replan=skip\n") for q in stable_sent] == plain_sent
        assert plain_text == stable_text and "Lisbon" in plain_text
    finally:
        plain.close()
        store.clear(ns)
