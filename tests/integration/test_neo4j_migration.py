"""Schema migrations 4 and 5 of the Neo4j store on a real server: a database written at schema 3
(aliases only as a list property, statements indexed by their verbatim source) is upgraded in
place by ``setup()``: alias nodes and source keys are backfilled, look-ups find what was stored
before, an alias look-up is an index seek, and new writes keep the alias nodes in step. A
database written at schema 4 (postings with only their tf) gets its postings' keys, statement
ids, steps and lengths backfilled, and scores as before from the posting index. A database at
schema 6 gets migration 7's relation indexes by (namespace, end, type_key), which the reads of
one end and a type then seek.

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

from recall_memory_plugins.errors import SchemaVersionError
from recall_memory_plugins.models import (
    EntityRecord,
    GraphUpdate,
    RelationChange,
    StatementInput,
)
from recall_memory_plugins.stores.base import bulk
from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore, cypher_facts
from recall_memory_plugins.stores.neo4j import cypher as queries
from recall_memory_plugins.stores.neo4j.schema import LATEST_VERSION, SCHEMA_NODE_NAME, index_key
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


def _downgrade_postings_to_schema_4(driver: Any, config: Neo4jConfig) -> None:
    """What a database written by the schema-4 code looks like: postings carry only their tf."""
    with driver.session(database=config.database) as session:
        session.run(
            "MATCH ()-[o:OCCURS]->() CALL (o) { REMOVE o.namespace, o.key, o.sid, o.t_index, "
            "o.length } IN TRANSACTIONS OF 10000 ROWS"
        ).consume()
        session.run("DROP INDEX recall_posting_newest IF EXISTS").consume()
        session.run(
            "MATCH (v:RecallSchema {name: $name}) SET v.version = 4", name=SCHEMA_NODE_NAME
        ).consume()


def _plain_postings(driver: Any, config: Neo4jConfig) -> int:
    rows = cypher(
        driver, config, "MATCH ()-[o:OCCURS]->() WHERE o.sid IS NULL RETURN count(o) AS n"
    )
    return int(rows[0]["n"])


def test_schema_4_postings_are_backfilled(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    # a common term in every statement (newest postings decide), rarer ones, varying tf/length
    for i in range(30):
        terms = {"common": 1 + i % 3, f"t{i % 4}": 1, **({"pad": 1, "more": 2} if i % 5 else {})}
        store.apply_update(
            GraphUpdate(namespace=ns, at=T0, statements=(StatementInput(f"s{i}", terms),))
        )
    weights = {"common": (0.2, 7), "t1": (1.5, 3), "pad": (0.4, 20)}
    n, avg_len = store.count_statements(ns)
    before = store.score_terms(ns, weights, avg_len=avg_len, top=12)
    postings = store.find_postings(ns, ["common", "t2"], limit_per_term=4)
    assert n == 30 and len(before) == 12 and len(postings) == 7

    _downgrade_postings_to_schema_4(driver, config)
    old = Neo4jGraphStore(driver=driver, database=config.database)
    assert old.schema_version() == 4
    with pytest.raises(SchemaVersionError, match=r"version 4, older .* call store.setup\(\)"):
        old.score_terms(ns, weights, avg_len=avg_len, top=12)  # it would find nothing
    assert _plain_postings(driver, config) > 0

    old.setup()  # the upgrade
    assert old.schema_version() == LATEST_VERSION
    assert _plain_postings(driver, config) == 0
    assert old.score_terms(ns, weights, avg_len=avg_len, top=12) == before
    assert old.find_postings(ns, ["common", "t2"], limit_per_term=4) == postings
    with driver.session(database=config.database) as session:
        indexes = {
            r["name"]: r["properties"] for r in session.run("SHOW INDEXES YIELD name, properties")
        }
    assert indexes["recall_posting_newest"] == ["namespace", "key", "sid"]

    # new writes (one update, a bulk batch, an import) carry the posting properties
    old.apply_update(small_update(ns, "common again", ["common"]))
    with old.batch():
        old.apply_update(small_update(ns, "common in a batch", ["common", "t1"]))
    queued = Neo4jGraphStore(driver=driver, database=config.database, bulk_size=2)
    with bulk(queued):  # the first update runs at once, the next two go in one query
        for i in range(3):
            queued.apply_update(small_update(ns, f"common in bulk {i}", ["common"]))
    old.load_namespace(ns + "-copy", old.dump_namespace(ns))
    try:
        assert _plain_postings(driver, config) == 0
        copied = old.score_terms(ns + "-copy", weights, avg_len=avg_len, top=12)
        assert [score for _, _, score in copied] == [
            score for _, _, score in old.score_terms(ns, weights, avg_len=avg_len, top=12)
        ]
        newest = cypher(
            driver,
            config,
            "MATCH (:Term {namespace: $ns, key: $key})-[o:OCCURS]->(s:Statement) "
            "RETURN o.sid = s.id AND o.t_index = s.t_index AND o.length = s.length "
            "AND o.namespace = $ns AND o.key = $key AS same, count(*) AS n",
            ns=ns,
            key=index_key("common"),
        )
        assert newest == [{"same": True, "n": 35}]
    finally:
        old.clear(ns + "-copy")


def test_newest_postings_are_an_index_range(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig
) -> None:
    """A term's newest postings are read from the posting index in order, not gathered through
    the Term node and sorted (every posting of a common term read: 122k db hits at 100k)."""
    operators: list[str] = []

    def walk(node: Any) -> None:
        operators.append(node["operatorType"].split("@")[0])
        for child in node.get("children", ()):
            walk(child)

    with driver.session(database=config.database) as session:
        for query, params in (
            (queries.SCORE_TERMS, {"terms": [{"key": "x", "w": 1.0, "limit": 5}]}),
            (queries.FIND_POSTINGS, {"keys": ["x"], "limit": 5}),
        ):
            walk(
                session.run(
                    "EXPLAIN " + query,
                    ns="x",
                    max_limit=5,
                    top=3,
                    k1=1.2,
                    k1_plus_1=2.2,
                    b=0.75,
                    avg_len=1.0,
                    **params,
                )
                .consume()
                .plan
            )
    assert operators.count("DirectedRelationshipIndexSeek") == 2, operators
    # the range is cut in index order: no Sort or Top below the Limit, no expansion from a Term
    assert "Expand(All)" not in operators, operators
    assert "Sort" not in operators, operators


def _plan_operators(driver: Any, config: Neo4jConfig, query: str, **params: Any) -> list[str]:
    """Each operator of the query's plan as ``type | details``."""
    with driver.session(database=config.database) as session:
        plan = session.run("EXPLAIN " + query, **params).consume().plan
    out: list[str] = []

    def walk(node: Any) -> None:
        details = node.get("args", {}).get("Details", "")
        out.append(f"{node['operatorType'].split('@')[0]} | {details}")
        for child in node.get("children", ()):
            walk(child)

    walk(plan)
    return out


@pytest.mark.parametrize("name", ["APPLY_UPDATE", "APPLY_UPDATES"])
def test_the_update_finds_concepts_and_relations_by_their_unique_key(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, name: str
) -> None:
    """Every node the update query looks up is a seek of its (namespace, key) constraint. The
    planner had chosen the (namespace) index and a filter on the key for the link checks and the
    relation checks (or a scan of the whole key index for the links' ends): 45,000 db hits per
    update on a 10k-statement namespace instead of ~900, growing with the namespace."""
    update = {
        "ns": "x",
        "at": T0,
        "statements": [],
        "total_length": 0,
        "concepts": [],
        "links": [],
        "entities": [],
        "changes": [],
    }
    params: dict[str, Any] = {"counter": "statement_id", "context_limit": 5}
    params |= {"updates": [{**update, "expect": [1, 0]}]} if name == "APPLY_UPDATES" else update
    operators = _plan_operators(driver, config, getattr(queries, name), **params)
    scans = [op for op in operators if "Scan" in op.split(" | ")[0]]
    assert not scans, scans
    seeks = [op for op in operators if "IndexSeek" in op.split(" | ")[0]]
    for label in ("Concept", "Relation", "Entity"):
        mine = [op for op in seeks if f":{label}(" in op]
        assert mine, (label, operators)
        assert all(f":{label}(namespace, key)" in op for op in mine), mine


def test_schema_6_gets_the_relation_indexes_by_end_and_type(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    """Migration 7: relations by (namespace, end, type_key). A schema-6 database is upgraded by
    ``setup()``; the reads of one end and a type find what they found before, through those
    indexes (an index seek, not every relation of the entity read and filtered)."""
    people = tuple(EntityRecord(i, i.title(), "PERSON") for i in ("ann", "bob", "oslo", "rome"))
    changes = [
        RelationChange("add", "r1", "ann", "LIVES_IN", "oslo"),
        RelationChange("add", "r2", "ann", "OWNS", "bob"),
        RelationChange("add", "r3", "bob", "LIKES", "ann"),
        RelationChange("end", "r1", "ann", "LIVES_IN", "oslo"),
        RelationChange("add", "r4", "ann", "LIVES_IN", "rome"),
    ]
    for ch in changes:
        store.apply_update(
            GraphUpdate(
                namespace=ns,
                at=T0,
                statements=(StatementInput("x", {"x": 1}),),
                entities=people,
                relation_changes=(ch,),
            )
        )

    def reads(s: Neo4jGraphStore) -> list[list[str]]:
        return [
            [r.id for r in rels]
            for rels in (
                s.find_relations(ns, subject_id="ann", type="LIVES_IN"),
                s.find_relations(ns, subject_id="ann", type="LIVES_IN", current_only=True),
                s.find_relations(ns, object_id="ann", type="LIKES"),
                s.find_current_relations_of_types(ns, "ann", {"LIVES_IN", "LIKES"}),
            )
        ]

    before = reads(store)
    assert before == [["r1", "r4"], ["r4"], ["r3"], ["r3", "r4"]]
    with driver.session(database=config.database) as session:
        for name in ("recall_relation_subject_type", "recall_relation_object_type"):
            session.run(f"DROP INDEX {name} IF EXISTS").consume()
        session.run(
            "MATCH (v:RecallSchema {name: $name}) SET v.version = 6", name=SCHEMA_NODE_NAME
        ).consume()
    old = Neo4jGraphStore(driver=driver, database=config.database)
    assert old.schema_version() == 6
    old.setup()  # the upgrade
    assert old.schema_version() == LATEST_VERSION
    assert reads(old) == before
    for query, params in (
        (cypher_facts.RELATIONS_BY_SUBJECT_TYPE, {"subject_key": "ann", "object_key": None}),
        (cypher_facts.RELATIONS_BY_OBJECT_TYPE, {"subject_key": None, "object_key": "ann"}),
    ):
        ops = _plan_operators(
            driver,
            config,
            query,
            ns=ns,
            entity_key=None,
            type=None,
            types=None,
            type_key="LIVES_IN",
            current_only=True,
            newest=5,
            **params,
        )
        seeks = [op for op in ops if op.startswith("NodeIndexSeek")]
        assert len(seeks) == 1 and "type_key = $type_key" in seeks[0], ops
    ops = _plan_operators(
        driver,
        config,
        cypher_facts.RELATIONS_OF_ENTITY_TYPES,
        ns=ns,
        subject_key=None,
        object_key=None,
        entity_key="ann",
        type=None,
        types=["LIKES"],
        type_keys=["LIKES"],
        current_only=True,
        newest=5,
    )
    seeks = [op for op in ops if op.startswith("NodeIndexSeek")]
    assert len(seeks) == 2 and all("type_key" in op and "$type_keys" in op for op in seeks), ops
