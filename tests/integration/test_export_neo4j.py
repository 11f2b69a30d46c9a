"""SQLite <-> Neo4j through an export file: the same recall (text and facts) before and after, in
both directions; and a Neo4j database set up before per-item control upgraded in place."""

from __future__ import annotations

import io
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory

pytestmark = pytest.mark.neo4j

T0 = datetime(2026, 4, 1, 8, 0, tzinfo=timezone.utc)
TEXTS = [
    "Brandon loves coffee.",
    "Brandon wants to travel to Paris.",
    "张三是销售部的经理，他正在负责星火计划项目。",
    "李四是张三的团队成员，最近王五也加入了星火计划。",
    "张三不再负责星火计划了，现在由王五接手。",
    "Alice works for Acme. She manages the Atlas project with Bob.",
    "Bob moved to Berlin last year.",
    "Alice likes tea.",
]
QUESTIONS = [
    "Who wants to travel to Paris?",
    "现在谁负责星火计划？",
    "Where does Alice work?",
    "What does Alice like?",
    "Where does Bob live?",
    "Who manages Atlas?",
    "What happened last year?",
]


@pytest.fixture
def ns(store: Any) -> Iterator[str]:
    name = f"export-{uuid.uuid4().hex[:10]}"
    yield name
    store.clear(name)


def _fill(memory: TemporalGraphMemory) -> None:
    ids = []
    for i, text in enumerate(TEXTS):
        speaker = "Carol" if i % 3 == 0 else None
        result = memory.add(text, at=T0 + timedelta(hours=i), speaker=speaker, metadata={"i": i})
        ids += result.statement_ids
    memory.update_statement(ids[-1], "Alice likes green tea.", at=T0 + timedelta(days=2))
    memory.delete_statement(ids[1])


def _recalls(memory: TemporalGraphMemory) -> dict[str, tuple[str, tuple[str, ...]]]:
    return {q: (r.text, r.facts) for q in QUESTIONS for r in [memory.recall(q)]}


def test_sqlite_to_neo4j_and_back_gives_the_same_recall(store: Any, ns: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline", namespace=ns) as lite:
        _fill(lite)
        before = _recalls(lite)
        first = io.StringIO()
        lite.export(first)
    first.seek(0)
    graph = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    graph.import_(first)
    assert _recalls(graph) == before
    assert [s.text for s in graph.history(graph.get_all()[-1].id)] == [
        "Alice likes tea.",
        "Alice likes green tea.",
    ]
    second = io.StringIO()
    graph.export(second)
    second.seek(0)
    with TemporalGraphMemory(":memory:", annotator="offline", namespace=ns) as back:
        back.import_(second)
        assert _recalls(back) == before

        # the records themselves survive both hops (ids aside)
        def strip(records: list[dict[str, Any]]) -> list[Any]:
            return [
                {
                    k: v
                    for k, v in r.items()
                    if k not in ("id", "statement_id", "superseded_by", "statements")
                }
                for r in records
            ]

        assert strip(back.store.dump_namespace(ns)) == strip(graph.store.dump_namespace(ns))


def test_neo4j_to_sqlite_gives_the_same_recall(store: Any, ns: str) -> None:
    graph = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    _fill(graph)
    before = _recalls(graph)
    buf = io.StringIO()
    graph.export(buf)
    buf.seek(0)
    with TemporalGraphMemory(":memory:", annotator="offline", namespace=ns) as lite:
        lite.import_(buf)
        assert _recalls(lite) == before
        history = lite.history(lite.get_all()[-1].id)
        assert [s.text for s in history] == ["Alice likes tea.", "Alice likes green tea."]


def test_schema_upgrade_on_the_server(store: Any, driver: Any, config: Any) -> None:
    """A database whose schema is version 2 (before per-item control) is upgraded by setup()."""
    from recall_memory_plugins.stores.neo4j import Neo4jGraphStore
    from recall_memory_plugins.stores.neo4j.schema import LATEST_VERSION, SCHEMA_NODE_NAME

    with driver.session(database=config.database) as session:
        for index in (
            "recall_statement_source",
            "recall_statement_superseded",
            "recall_relation_statement",
        ):
            session.run(f"DROP INDEX {index} IF EXISTS").consume()
        session.run(
            "MATCH (v:RecallSchema {name: $name}) SET v.version = 2", name=SCHEMA_NODE_NAME
        ).consume()
    fresh = Neo4jGraphStore(driver=driver, database=config.database)
    assert fresh.schema_version() == 2
    fresh.setup()
    assert fresh.schema_version() == LATEST_VERSION
    with driver.session(database=config.database) as session:
        names = {r["name"] for r in session.run("SHOW INDEXES YIELD name RETURN name")}
    assert {
        "recall_statement_source",
        "recall_statement_superseded",
        "recall_relation_statement",
    } <= names
