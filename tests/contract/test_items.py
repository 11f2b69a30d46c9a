"""Per-item control (issue 13) on every store: get/get_all/find_by_source, update_statement with
history, hard deletes of statements and entities that leave nothing naming them, export/import."""

from __future__ import annotations

import io
import json
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.errors import InputError, NotFoundError
from recall_memory_plugins.stores.base import GraphStore
from recall_memory_plugins.stores.sqlite import SqliteGraphStore

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)

DIALOGUE = [
    "Brandon loves coffee.",
    "Brandon wants to travel to Paris.",
    "张三是销售部的经理，他正在负责星火计划项目。",
    "李四是张三的团队成员，最近王五也加入了星火计划。",
    "张三不再负责星火计划了，现在由王五接手。",
    "Alice works for Acme.",
    "Alice likes tea.",
]
QUESTIONS = [
    "What does Alice like?",
    "现在谁负责星火计划？",
    "Who wants to travel to Paris?",
    "Where does Alice work?",
    "What does Brandon love?",
]


def _memory(store: GraphStore, ns: str) -> TemporalGraphMemory:
    return TemporalGraphMemory(store, annotator="offline", namespace=ns)


def _fill(memory: TemporalGraphMemory) -> list[int]:
    ids = []
    for i, text in enumerate(DIALOGUE):
        result = memory.add(
            text,
            at=T0 + timedelta(hours=i),
            source=f"msg-{i}",
            speaker="Bob" if i % 2 else None,
            metadata={"turn": i, "tags": ["x"]},
        )
        ids += result.statement_ids
    return ids


def orphans(store: GraphStore, ns: str) -> list[str]:
    """Every row/node of ``ns`` that refers to something no longer stored (empty when clean)."""
    if isinstance(store, SqliteGraphStore):
        conn = store._conn
        checks = {
            "posting": "SELECT statement_id FROM postings p WHERE namespace = ? AND NOT EXISTS "
            "(SELECT 1 FROM statements s WHERE s.id = p.statement_id AND s.superseded_by IS NULL)",
            "context": "SELECT statement_id FROM contexts c WHERE namespace = ? AND NOT EXISTS "
            "(SELECT 1 FROM statements s WHERE s.id = c.statement_id AND s.superseded_by IS NULL)",
            "relation evidence": "SELECT id FROM relations r WHERE namespace = ? AND statement_id "
            "IS NOT NULL AND NOT EXISTS (SELECT 1 FROM statements s WHERE s.id = r.statement_id)",
            "alias": "SELECT alias_key FROM entity_aliases a WHERE namespace = ? AND NOT EXISTS "
            "(SELECT 1 FROM entities e WHERE e.namespace = a.namespace AND e.id = a.entity_id)",
            "relation end": "SELECT id FROM relations r WHERE namespace = ? AND (NOT EXISTS "
            "(SELECT 1 FROM entities e WHERE e.namespace = r.namespace AND e.id = r.subject_id) "
            "OR (object_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM entities e WHERE "
            "e.namespace = r.namespace AND e.id = r.object_id)))",
            "successor": "SELECT id FROM relations r WHERE namespace = ? AND superseded_by IS NOT "
            "NULL AND NOT EXISTS (SELECT 1 FROM relations o WHERE o.namespace = r.namespace "
            "AND o.id = r.superseded_by)",
            "term df": "SELECT term FROM terms t WHERE namespace = ? AND df != (SELECT COUNT(*) "
            "FROM postings p WHERE p.namespace = t.namespace AND p.term = t.term)",
            "link end": "SELECT source FROM links l WHERE namespace = ? AND (NOT EXISTS (SELECT 1 "
            "FROM concepts c WHERE c.namespace = l.namespace AND c.name = l.source) OR NOT EXISTS "
            "(SELECT 1 FROM concepts c WHERE c.namespace = l.namespace AND c.name = l.target))",
            "statement version": "SELECT id FROM statements s WHERE namespace = ? AND "
            "superseded_by IS NOT NULL AND NOT EXISTS (SELECT 1 FROM statements o "
            "WHERE o.id = s.superseded_by)",
        }
        found = []
        for what, sql in checks.items():
            found += [f"{what}: {row[0]}" for row in conn.execute(sql, (ns,))]
        totals = conn.execute(
            "SELECT n_statements, total_length FROM namespaces WHERE namespace = ?", (ns,)
        ).fetchone()
        actual = conn.execute(
            "SELECT COUNT(*), COALESCE(SUM(length), 0) FROM statements WHERE namespace = ? "
            "AND superseded_by IS NULL",
            (ns,),
        ).fetchone()
        if totals is not None and tuple(totals) != tuple(actual):
            found.append(f"totals {tuple(totals)} != {tuple(actual)}")
        return found
    checks = {
        "posting": "MATCH (t:Term {namespace: $ns})-[:OCCURS]->(s:Statement) "
        "WHERE s.superseded_by IS NOT NULL RETURN s.id AS x",
        "context": "MATCH (c:Concept {namespace: $ns})-[:IN_CONTEXT]->(s:Statement) "
        "WHERE s.superseded_by IS NOT NULL RETURN s.id AS x",
        "relation evidence": "MATCH (r:Relation {namespace: $ns}) WHERE r.statement_id IS NOT "
        "NULL AND NOT EXISTS { MATCH (s:Statement {id: r.statement_id}) } RETURN r.id AS x",
        "relation end": "MATCH (r:Relation {namespace: $ns}) WHERE NOT EXISTS { MATCH "
        "(e:Entity {namespace: $ns, key: r.subject_key}) } OR (r.object_key IS NOT NULL AND "
        "NOT EXISTS { MATCH (e:Entity {namespace: $ns, key: r.object_key}) }) RETURN r.id AS x",
        "successor": "MATCH (r:Relation {namespace: $ns}) WHERE r.superseded_by IS NOT NULL AND "
        "NOT EXISTS { MATCH (o:Relation {namespace: $ns, id: r.superseded_by}) } RETURN r.id AS x",
        "term df": "MATCH (t:Term {namespace: $ns}) WHERE t.df <> COUNT { (t)-[:OCCURS]->() } "
        "RETURN t.term AS x",
        "context size": "MATCH (c:Concept {namespace: $ns}) WHERE c.context_size <> "
        "COUNT { (c)-[:IN_CONTEXT]->() } RETURN c.name AS x",
        "statement version": "MATCH (s:Statement {namespace: $ns}) WHERE s.superseded_by IS NOT "
        "NULL AND NOT EXISTS { MATCH (o:Statement {id: s.superseded_by}) } RETURN s.id AS x",
        "totals": "MATCH (n:Namespace {namespace: $ns}) WITH n, COUNT { (s:Statement "
        "{namespace: $ns}) WHERE s.superseded_by IS NULL } AS n_cur RETURN CASE WHEN "
        "n.n_statements <> n_cur THEN [n.n_statements, n_cur] END AS x",
    }
    found = []
    for what, query in checks.items():
        rows: list[dict[str, Any]] = store._run("check", query, {"ns": ns})  # type: ignore[attr-defined]
        found += [f"{what}: {r['x']}" for r in rows if r["x"] is not None]
    return found


def test_metadata_get_get_all_and_find_by_source(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    ids = _fill(memory)
    first = memory.get(ids[0])
    assert first.text == "Brandon loves coffee." and first.metadata == {"turn": 0, "tags": ["x"]}
    assert first.superseded_by is None and first.source == "msg-0"
    page = memory.get_all(offset=2, limit=3)
    assert [s.text for s in page] == DIALOGUE[2:5]
    assert [s.text for s in memory.get_all(limit=2, newest_first=True)] == DIALOGUE[:-3:-1]
    assert [s.text for s in memory.get_all(speaker="Bob")] == DIALOGUE[1::2]
    assert [s.text for s in memory.find_by_source("msg-3")] == [DIALOGUE[3]]
    assert memory.find_by_source("nope") == []
    assert ns in memory.namespaces()
    with pytest.raises(NotFoundError):
        memory.get(ids[-1] + 10_000)
    with pytest.raises(NotFoundError):
        memory.get(ids[0], namespace=ns + "-other")  # ids do not cross namespaces
    for bad in ({1: "x"}, {"x": float("nan")}, {"x": object()}, "text", {"x": "a" * 70_000}):
        with pytest.raises(InputError):
            memory.add("Carol sings.", metadata=bad)  # type: ignore[arg-type]
    assert store.current_step(ns) == len(DIALOGUE)  # nothing stored by the refused adds


def test_update_statement_keeps_history_and_recalls_only_the_new_version(
    store: GraphStore, ns: str
) -> None:
    memory = _memory(store, ns)
    ids = _fill(memory)
    tea = ids[-1]
    before = memory.recall("What does Alice like?")
    assert "Alice likes tea" in before.text
    result = memory.update_statement(tea, "Alice likes green tea.", at=T0 + timedelta(days=1))
    new = result.statement_ids[0]
    assert result.t_index == len(DIALOGUE) + 1
    history = memory.history(tea)
    assert [s.text for s in history] == ["Alice likes tea.", "Alice likes green tea."]
    assert memory.history(new) == history
    assert history[0].superseded_by == new and history[1].superseded_by is None
    # speaker, source and metadata carried over
    assert (history[1].source, history[1].metadata) == ("msg-6", {"turn": 6, "tags": ["x"]})
    after = memory.recall("What does Alice like?")
    assert "Alice likes green tea." in after.text
    assert "Alice likes tea." not in after.text
    assert not any("likes tea" in f and "green" not in f for f in after.facts), after.facts
    assert [s.text for s in memory.find_by_source("msg-6")] == ["Alice likes green tea."]
    assert "Alice likes tea." not in [s.text for s in memory.get_all()]
    assert "Alice likes tea." in [s.text for s in memory.get_all(include_superseded=True)]
    assert all(s.id != tea for s in store.find_recent_statements(ns, limit=50))
    with pytest.raises(InputError):
        memory.update_statement(tea, "Alice likes coffee.")  # not the current version
    with pytest.raises(NotFoundError):
        memory.update_statement(new + 10_000, "x")
    assert orphans(store, ns) == []


def test_delete_statement_leaves_nothing_naming_it(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    ids = _fill(memory)
    newer = memory.update_statement(ids[-1], "Alice likes green tea.").statement_ids[0]
    works = [r for r in memory.relations("Alice") if r.type == "WORKS_FOR"]
    assert works and works[0].statement_id == ids[5]
    memory.delete_statement(ids[5])  # relations drawn from it stay, without their evidence
    assert [r.statement_id for r in memory.relations("Alice") if r.type == "WORKS_FOR"] == [None]
    # Brandon loves coffee: "coffe" is only there; cascade: its relations go too
    memory.delete_statement(ids[0], cascade_relations=True)
    memory.delete_statement(ids[-1], cascade_relations=True)  # the old version: all of it goes
    with pytest.raises(NotFoundError):
        memory.get(ids[0])
    with pytest.raises(NotFoundError):
        memory.get(newer)
    with pytest.raises(NotFoundError):
        memory.delete_statement(ids[0])
    assert store.find_concepts(ns, ["coffe"]) == []
    assert all(lk.target != "coffe" for lk in store.find_links(ns))
    assert "coffee" not in memory.recall("What does Brandon love?").text
    assert "tea" not in memory.recall("What does Alice like?").text
    assert orphans(store, ns) == []
    assert memory.stats(ns).statements == len(DIALOGUE) - 3


def test_delete_entity_removes_aliases_and_relations(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    _fill(memory)
    zhang = memory.get_entity("张三")
    had = [
        r for r in memory.relations(include_ended=True) if zhang.id in (r.subject_id, r.object_id)
    ]
    assert had
    assert memory.delete_entity("张三") == len(had)
    assert memory.entities("张三") == []
    assert all(
        zhang.id not in (r.subject_id, r.object_id) for r in memory.relations(include_ended=True)
    )
    assert store.find_entities(ns, aliases=["张三"]) == []
    with pytest.raises(NotFoundError):
        memory.delete_entity("张三")
    assert memory.relations("星火计划")  # 王五's relations stay
    assert orphans(store, ns) == []


def test_export_import_round_trip_gives_the_same_recall(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    ids = _fill(memory)
    memory.update_statement(ids[-1], "Alice likes green tea.")
    memory.delete_statement(ids[1])
    before = {q: memory.recall(q) for q in QUESTIONS}
    buf = io.StringIO()
    lines = memory.export(buf)
    header = json.loads(buf.getvalue().splitlines()[0])
    assert (header["format"], header["version"], header["namespaces"]) == (
        "recall-memory-export",
        1,
        [ns],
    )
    assert lines == len(buf.getvalue().splitlines())
    copy = ns + "-copy"
    try:
        buf.seek(0)
        memory.import_(buf, namespace=copy)
        for q in QUESTIONS:
            after = memory.recall(q, namespace=copy)
            assert (after.text, after.facts) == (before[q].text, before[q].facts), q
        assert [
            s.text
            for s in memory.history(
                memory.find_by_source("msg-6", namespace=copy)[0].id, namespace=copy
            )
        ] == [
            "Alice likes tea.",
            "Alice likes green tea.",
        ]
        assert orphans(store, copy) == []
        buf.seek(0)
        with pytest.raises(InputError, match="already holds data"):
            memory.import_(buf, namespace=copy)
    finally:
        store.clear(copy)


def test_a_deleted_statement_id_is_never_given_to_another(store: GraphStore, ns: str) -> None:
    """A caller holding a deleted id (an erasure log, an export) must not find another statement
    under it: ids are not reused, even for the newest statement or after forgetting."""
    memory = _memory(store, ns)
    first = memory.add("Erin keeps bees.").statement_ids[0]
    newest = memory.add("Erin sells honey.").statement_ids[0]
    memory.delete_statement(newest)
    again = memory.add("Erin moved to Oslo.").statement_ids[0]
    assert again > newest
    with pytest.raises(NotFoundError):
        memory.get(newest)
    memory.clear()
    after_clear = memory.add("Frank plays chess.").statement_ids[0]
    assert after_clear > again > first
    with pytest.raises(NotFoundError):
        memory.get(again)


def test_recent_statements_are_the_newest_current_ones(store: GraphStore, ns: str) -> None:
    """The newest statements, newest first (a step's chunks by id, descending), without
    superseded or deleted ones, whatever the limit cuts through (one query on Neo4j reads them
    through the (namespace, t_index) index: the newest step that can make the cut, then all
    statements from that step on)."""
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns, max_statement_tokens=12)
    words = " ".join(f"word{j}" for j in range(8))
    for i in range(6):
        memory.add(f"Alice met Bob on day {i} {words}. They talked about plan {i} {words}.")
    assert len(memory.get_all()) == 12  # two statements a step
    old = memory.get_all()[10].id  # the newest step's first statement
    memory.update_statement(old, "Alice met Carol instead.")
    memory.delete_statement(memory.get_all()[7].id)
    memory.add("One last word from Alice.")
    current = sorted(memory.get_all(), key=lambda s: (-s.t_index, -s.id))
    assert len(current) == 12 and len({s.t_index for s in current}) < 12  # ties
    for limit in (1, 2, 3, 4, 5, 7, len(current), len(current) + 5):
        recent = store.find_recent_statements(ns, limit=limit)
        assert [s.id for s in recent] == [s.id for s in current[:limit]], limit
