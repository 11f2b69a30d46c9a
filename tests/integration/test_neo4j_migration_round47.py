"""Schema migration 8 of the Neo4j store on a real server: relations indexed by
(namespace, superseded_by) and statements by (namespace, speaker, t_index). A database at schema 7
is upgraded in place by ``setup()``; then a cascade delete finds the relations its relations had
superseded by an index seek (``PREDECESSORS``, ``DELETE_RELATIONS``), and a speaker's statement
page (a chat history's turns) reads about the rows it returns, not the namespace's statements.

Counted in rows and db hits (PROFILE), never in time. Needs ``NEO4J_URI``; skips visibly without
it, except under ``RECALL_REQUIRE_SERVICES=1``. The test rewrites the schema of the server it is
given (as ``test_neo4j_migration`` does): run it against a test server.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore
from recall_memory_plugins.stores.neo4j.schema import LATEST_VERSION, SCHEMA_NODE_NAME

pytestmark = pytest.mark.neo4j

PEOPLE = 60  # each lives in a city, then moves: 120 relations, 60 of them superseded
TURNS = 12  # statements of the speaker "Human", among 120 others


@pytest.fixture
def ns(store: Neo4jGraphStore) -> Iterator[str]:
    name = f"it-migrate8-{uuid.uuid4().hex[:12]}"
    yield name
    store.clear(name)


def _operators(profile: Any) -> tuple[list[tuple[str, str, int]], int]:
    """Each operator of a profiled plan as (type, details, rows), and the total db hits."""
    ops: list[tuple[str, str, int]] = []
    hits = 0

    def walk(node: Any) -> None:
        nonlocal hits
        args = node.get("args", {})
        ops.append((node["operatorType"].split("@")[0], args.get("Details", ""), node.get("rows", 0)))
        hits += node.get("dbHits", 0)
        for child in node.get("children", ()):
            walk(child)

    walk(profile)
    return ops, hits


@contextmanager
def _profiled(store: Neo4jGraphStore, actions: set[str]) -> Iterator[dict[str, list[Any]]]:
    """The store's queries of ``actions`` run as PROFILE (in the store's own transaction):
    per action, the (operators, db hits) of each run."""
    seen: dict[str, list[Any]] = {}
    run = store._run

    def profiled(action: str, query: str, params: Any, **kw: Any) -> Any:
        if action not in actions or kw.get("transform") is not None:
            return run(action, query, params, **kw)

        def transform(result: Any) -> list[dict[str, Any]]:
            rows = [dict(r) for r in result]
            seen.setdefault(action, []).append(_operators(result.consume().profile))
            return rows

        return run(action, "PROFILE " + query, params, **kw, transform=transform)

    store._run = profiled  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        del store._run


def _fill(memory: TemporalGraphMemory, ns: str) -> None:
    items: list[dict[str, Any]] = []
    for i in range(PEOPLE):
        items.append({"text": f"Person{i} lives in City{i}."})
        items.append({"text": f"Person{i} moved to Town{i}."})
        if i % (PEOPLE // TURNS) == 0:
            items.append({"text": f"Hello number {i}.", "speaker": "Human"})
    memory.add_many(items, namespace=ns)


def _downgrade_to_schema_7(driver: Any, config: Neo4jConfig) -> None:
    with driver.session(database=config.database) as session:
        for name in ("recall_relation_successor",):
            session.run(f"DROP INDEX {name} IF EXISTS").consume()
        session.run(
            "MATCH (v:RecallSchema {name: $name}) SET v.version = 7", name=SCHEMA_NODE_NAME
        ).consume()


def test_schema_7_is_upgraded_and_deletes_seek_the_successor_index(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    memory = TemporalGraphMemory(store, annotator="offline")
    _fill(memory, ns)
    relations = memory.relations(namespace=ns, include_ended=True)
    assert len(relations) == 2 * PEOPLE
    _downgrade_to_schema_7(driver, config)
    old = Neo4jGraphStore(driver=driver, database=config.database)
    assert old.schema_version() == 7
    old.setup()  # the upgrade
    assert old.schema_version() == LATEST_VERSION >= 8
    with driver.session(database=config.database) as session:
        names = {r["name"] for r in session.run("SHOW INDEXES YIELD name")}
    assert {"recall_relation_successor"} <= names

    # a cascade delete of a move: its relation goes, the home it had ended comes back
    move = next(r for r in relations if r.superseded_by is None and "Town" in (r.object_name or ""))
    with _profiled(old, {"read predecessors", "delete relations"}) as seen:
        TemporalGraphMemory(old, annotator="offline").delete_statement(
            move.statement_id, namespace=ns, cascade_relations=True
        )
    who = move.subject_name
    assert [r.object_name for r in memory.relations(who, namespace=ns)] == [
        who.replace("Person", "City")
    ]
    for action in ("read predecessors", "delete relations"):
        [(ops, hits)] = seen[action]
        seeks = [(d.split(" WHERE")[0], rows) for op, d, rows in ops if op == "NodeIndexSeek"]
        assert ("RANGE INDEX p:Relation(namespace, superseded_by)", 1) in seeks or (
            "RANGE INDEX r:Relation(namespace, superseded_by)", 1
        ) in seeks, ops  # the one relation the move had superseded, not every relation
        assert not [op for op in ops if "Scan" in op[0] or "Relation(namespace) WHERE" in op[1]], ops
        assert hits < len(relations) // 4, ops  # the namespace read: 2 hits a relation and more


def _brute_page(memory: TemporalGraphMemory, ns: str, **page: Any) -> list[int]:
    """The page as the namespace's statements filtered and cut here."""
    every = memory.get_all(namespace=ns, limit=10_000, include_superseded=page["include_superseded"], newest_first=page["newest_first"])
    mine = [s.id for s in every if s.speaker == "Human"]
    return mine[page["offset"] : page["offset"] + page["limit"]]
