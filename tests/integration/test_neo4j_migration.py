"""Schema migration 4 of the Neo4j store on a real server: a database written at schema 3 (aliases
only as a list property, statements indexed by their verbatim source) is upgraded in place by
``setup()``: alias nodes and source keys are backfilled, look-ups find what was stored before,
an alias look-up is an index seek, and new writes keep the alias nodes in step.

Needs ``NEO4J_URI`` (``eval "$(scripts/neo4j-test-server start)"``); skips visibly without it,
except under ``RECALL_REQUIRE_SERVICES=1``. The test rewrites the schema of the server it is
given (as ``test_export_neo4j``'s upgrade test does): run it against a test server.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from recall_memory_plugins.models import (
    EntityRecord,
    GraphUpdate,
    RelationChange,
    StatementInput,
)
from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore
from recall_memory_plugins.stores.neo4j import cypher as queries
from recall_memory_plugins.stores.neo4j.schema import LATEST_VERSION, SCHEMA_NODE_NAME
from tests.integration.test_neo4j_store import T0, cypher, small_update

pytestmark = pytest.mark.neo4j

LONG_ALIAS = "Ω" * 3000  # 6,000 UTF-8 bytes: its alias key is a digest
LONG_SOURCE = "chat/" + "x" * 5000  # indexable verbatim at schema 3, a digest key at schema 4


@pytest.fixture
def ns(store: Neo4jGraphStore) -> Iterator[str]:
    name = f"it-migrate-{uuid.uuid4().hex[:12]}"
    yield name
    store.clear(name)


def _downgrade_to_schema_3(driver: Any, config: Neo4jConfig) -> None:
    """What a database written by the schema-3 code looks like: no Alias nodes, no source keys,
    the source index on the verbatim source, version 3 recorded."""
    with driver.session(database=config.database) as session:
        session.run("MATCH (a:Alias) DETACH DELETE a").consume()
        session.run("MATCH (s:Statement) REMOVE s.source_key").consume()
        session.run("MATCH (r:Relation) REMOVE r.type_key").consume()
        session.run("DROP INDEX recall_relation_type IF EXISTS").consume()
        session.run("DROP CONSTRAINT recall_alias_key IF EXISTS").consume()
        session.run("DROP CONSTRAINT recall_namespace_generation IF EXISTS").consume()
        session.run("DROP INDEX recall_statement_source IF EXISTS").consume()
        session.run(
            "CREATE INDEX recall_statement_source IF NOT EXISTS "
            "FOR (n:Statement) ON (n.namespace, n.source)"
        ).consume()
        session.run("CALL db.awaitIndexes(300)").consume()
        session.run(
            "MATCH (v:RecallSchema {name: $name}) SET v.version = 3", name=SCHEMA_NODE_NAME
        ).consume()


def test_schema_3_database_is_upgraded_in_place(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    alice = EntityRecord("e-alice", "Alice Smith", "PERSON", ("Al", "ALICE", LONG_ALIAS))
    bob = EntityRecord("e-bob", "Bob", "PERSON", ("al",))  # shares the alias "al" with Alice
    met = RelationChange("add", "r-met", "e-alice", "MET", "e-bob")
    update = small_update(
        ns, "Alice met Bob", ["alice", "bob"], entities=(alice, bob), relation_changes=(met,)
    )
    statement = dataclasses.replace(update.statements[0], source=LONG_SOURCE)
    store.apply_update(dataclasses.replace(update, statements=(statement,)))
    store.apply_update(
        GraphUpdate(namespace=ns, at=T0, statements=(StatementInput("plain", {"plain": 1}),))
    )
    before = {
        "al": store.find_entities(ns, aliases=["AL"]),
        "long": store.find_entities(ns, aliases=[LONG_ALIAS.lower()]),
        "source": store.find_statement_page(ns, source=LONG_SOURCE),
    }
    assert [e.id for e in before["al"]] == ["e-alice", "e-bob"]
    assert [s.text for s in before["source"]] == ["Alice met Bob"]

    store.clear(ns + "-cleared")  # a generation node
    _downgrade_to_schema_3(driver, config)
    # two clear() calls racing at schema 3 could MERGE a namespace's generation twice
    cypher(driver, config, "CREATE (:NamespaceGeneration {namespace: $ns, generation: 7})", ns=ns)
    cypher(driver, config, "CREATE (:NamespaceGeneration {namespace: $ns, generation: 9})", ns=ns)
    assert (
        cypher(driver, config, "MATCH (a:Alias {namespace: $ns}) RETURN count(a) AS n", ns=ns)[0][
            "n"
        ]
        == 0
    )
    old = Neo4jGraphStore(driver=driver, database=config.database)
    assert old.schema_version() == 3

    old.setup()  # the upgrade
    assert old.schema_version() == LATEST_VERSION
    aliases = cypher(
        driver,
        config,
        "MATCH (a:Alias {namespace: $ns})-[:ALIAS_OF]->(e:Entity) "
        "RETURN e.id AS id, count(a) AS n ORDER BY id",
        ns=ns,
    )
    # Alice: "alice smith", "al", "alice", the long one; Bob: "bob", "al" (one shared node)
    assert [(r["id"], r["n"]) for r in aliases] == [("e-alice", 4), ("e-bob", 2)]
    shared = cypher(
        driver,
        config,
        "MATCH (a:Alias {namespace: $ns, key: 'al'}) RETURN COUNT { (a)-->() } AS n",
        ns=ns,
    )
    assert shared == [{"n": 2}]
    assert {
        "al": old.find_entities(ns, aliases=["AL"]),
        "long": old.find_entities(ns, aliases=[LONG_ALIAS.lower()]),
        "source": old.find_statement_page(ns, source=LONG_SOURCE),
    } == before
    assert old.find_statement_page(ns, source=LONG_SOURCE + "y") == []
    assert [r.id for r in old.find_relations(ns, type="MET")] == ["r-met"]  # type_key backfilled
    with driver.session(database=config.database) as session:
        constraints = {r["name"] for r in session.run("SHOW CONSTRAINTS YIELD name")}
        indexes = {
            r["name"]: r["properties"] for r in session.run("SHOW INDEXES YIELD name, properties")
        }
    assert {"recall_alias_key", "recall_namespace_generation"} <= constraints
    assert old.current_state(ns) == (9, 2)  # folded into one, the highest kept
    assert old.current_state(ns + "-cleared") == (1, 0)
    assert indexes["recall_statement_source"] == ["namespace", "source_key"]
    assert indexes["recall_relation_type"] == ["namespace", "type_key", "seq"]

    # setup() again changes nothing; new writes keep the alias nodes in step
    old.setup()
    old.apply_update(
        small_update(
            ns,
            "Al again",
            ["al"],
            entities=(EntityRecord("e-alice", "Alice Smith", "PERSON", ("Ally",)),),
        )
    )
    assert [e.id for e in old.find_entities(ns, aliases=["ally"])] == ["e-alice"]
    assert old.delete_entity(ns, "e-bob") == 1  # with the relation naming him
    assert [e.id for e in old.find_entities(ns, aliases=["al"])] == ["e-alice"]
    left = cypher(
        driver,
        config,
        "MATCH (a:Alias {namespace: $ns}) WHERE NOT EXISTS { (a)-->() } RETURN count(a) AS n",
        ns=ns,
    )
    assert left == [{"n": 0}]  # Bob's own alias went with him, the shared one stayed


def test_alias_look_up_is_an_index_seek(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig
) -> None:
    with driver.session(database=config.database) as session:
        plan = (
            session.run(
                "EXPLAIN " + queries.ENTITIES_BY_ALIAS,
                ns="x",
                alias_index_keys=["al"],
                type=None,
            )
            .consume()
            .plan
        )
    operators: list[str] = []

    def walk(node: Any) -> None:
        operators.append(node["operatorType"])
        for child in node.get("children", ()):
            walk(child)

    walk(plan)
    assert any("NodeUniqueIndexSeek" in op for op in operators), operators
    assert not any("LabelScan" in op for op in operators), operators
