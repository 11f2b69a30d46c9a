"""Schema migration 10 of the Neo4j store on a real server: statements indexed by (namespace, at).
A database at schema 9 is upgraded in place by ``setup()``; then the read of a period's
statements (``find_statements_said``, a question naming a period) is an index seek that reads
about the rows it returns, not the namespace's statements.

Counted in rows (PROFILE), never in time. Needs ``NEO4J_URI``; skips visibly without it, except
under ``RECALL_REQUIRE_SERVICES=1``. The test rewrites the schema of the server it is given (as
``test_neo4j_migration`` does): run it against a test server.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore
from recall_memory_plugins.stores.neo4j.cypher_recall import FIND_STATEMENTS_SAID
from recall_memory_plugins.stores.neo4j.schema import LATEST_VERSION, SCHEMA_NODE_NAME

pytestmark = pytest.mark.neo4j

U = timezone.utc
DAYS = 120  # one statement a day from 1 January 2024


@pytest.fixture
def ns(store: Neo4jGraphStore) -> Iterator[str]:
    name = f"it-said-{uuid.uuid4().hex[:12]}"
    yield name
    store.clear(name)


def _rows(profile: Any) -> int:
    """The most rows any operator of a profiled plan produced."""
    most = profile.get("rows", 0)
    for child in profile.get("children", ()):
        most = max(most, _rows(child))
    return most


def test_schema_9_is_upgraded_and_a_period_is_read_by_an_index_seek(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    memory = TemporalGraphMemory(store, annotator="offline")
    start = datetime(2024, 1, 1, 12, tzinfo=U)
    memory.add_many(
        [{"text": f"Day {i} note.", "at": start + timedelta(days=i)} for i in range(DAYS)], namespace=ns
    )
    with driver.session(database=config.database) as session:
        session.run("DROP INDEX recall_statement_ns_at IF EXISTS").consume()
        session.run(
            "MATCH (v:RecallSchema {name: $name}) SET v.version = 9", name=SCHEMA_NODE_NAME
        ).consume()
    old = Neo4jGraphStore(driver=driver, database=config.database)
    assert old.schema_version() == 9
    old.setup()  # the upgrade
    assert old.schema_version() == LATEST_VERSION >= 10
    with driver.session(database=config.database) as session:
        names = {r["name"] for r in session.run("SHOW INDEXES YIELD name")}
        assert "recall_statement_ns_at" in names
        session.run("CALL db.awaitIndexes(60)").consume()
        result = session.run(
            "PROFILE " + FIND_STATEMENTS_SAID,
            ns=ns, since=datetime(2024, 3, 1, tzinfo=U), until=datetime(2024, 3, 11, tzinfo=U),
            until_step=1 << 62, limit=100,
        )  # fmt: skip
        rows = result.single()["statements"]
        profile = result.consume().profile
    assert len(rows) == 10
    assert _rows(profile) <= 2 * len(rows)  # not the namespace's 120 statements
    text = TemporalGraphMemory(old, annotator="offline").recall(
        "What happened in March 2024?", namespace=ns, token_budget=100
    ).text
    # the newest of March (31 March is day 90 of a leap year), not the newest of the namespace
    assert "Day 90 note." in text and "Day 119 note." not in text
