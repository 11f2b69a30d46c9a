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
