"""The Neo4j store on a real server: the seed's graph, parity with SQLite, APOC vs plain Cypher,
namespaces, forget, hostile strings, a server going away and coming back, a missing driver.

Server-backed tests need ``NEO4J_URI`` (``eval "$(scripts/neo4j-test-server start)"``) and skip
visibly without it, except under ``RECALL_REQUIRE_SERVICES=1``. The outage test starts its own
private server with the same script (java and mvn needed), so it never disturbs a shared one.
"""

from __future__ import annotations

import dataclasses
import os
import random
import shutil
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.errors import (
    ConfigurationError,
    InputError,
    SchemaVersionError,
    StoreError,
    StoreUnavailableError,
)
from recall_memory_plugins.models import (
    Concept,
    ConceptLink,
    ConceptMention,
    EntityRecord,
    GraphUpdate,
    Recall,
    RelationChange,
    Statement,
    StatementInput,
    Subgraph,
)
from recall_memory_plugins.stores.base import GraphStore, expand_question_concepts, sorted_pair
from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore
from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from tests.conftest import T0, Clock, skip_or_fail

REPO = Path(__file__).resolve().parents[2]
SERVER_SCRIPT = REPO / "scripts" / "neo4j-test-server"


# ----------------------------------------------------------------------------------- fixtures
@pytest.fixture
def ns(store: Neo4jGraphStore) -> Iterator[str]:
    name = f"it-neo4j-{uuid.uuid4().hex[:12]}"
    yield name
    store.clear(name)


def cypher(driver: Any, config: Neo4jConfig, query: str, **params: Any) -> list[dict[str, Any]]:
    return [
        r.data() for r in driver.execute_query(query, params, database_=config.database).records
    ]


def nodes_of(driver: Any, config: Neo4jConfig, namespace: str) -> int:
    """The namespace's nodes, except its ``NamespaceGeneration`` node, which outlives
    ``clear()`` by design (its bumped counter tells other engines their caches are stale)."""
    # a full scan on purpose: it must also find nodes of labels the store might have forgotten
    rows = cypher(
        driver,
        config,
        "MATCH (n) WHERE n.namespace = $ns AND NOT n:NamespaceGeneration RETURN count(n) AS n",
        ns=namespace,
    )
    return int(rows[0]["n"])


def generation_of(driver: Any, config: Neo4jConfig, namespace: str) -> int:
    rows = cypher(
        driver,
        config,
        "OPTIONAL MATCH (g:NamespaceGeneration {namespace: $ns}) RETURN g.generation AS g",
        ns=namespace,
    )
    return int(rows[0]["g"] or 0)


def normalised(recall: Recall) -> dict[str, Any]:
    """A recall as plain data without store-assigned statement ids."""
    data = dataclasses.asdict(recall)
    for item in data["statements"]:
        item["statement"].pop("id")
    return data


def normalised_relations(memory: TemporalGraphMemory, **kwargs: Any) -> list[dict[str, Any]]:
    """``memory.relations(**kwargs)`` as plain data, ids renamed by their place in the history
    (relation ids are random per tracker)."""
    names: dict[str, str] = {}
    for r in memory.store.find_relations(memory.namespace):
        names.setdefault(r.id, f"r{len(names) + 1}")
    relations = memory.relations(**kwargs)
    out = []
    for r in relations:
        d = dataclasses.asdict(r)
        d["id"] = names[r.id]
        d["superseded_by"] = names.get(r.superseded_by or "", r.superseded_by)
        d.pop("statement_id")
        out.append(d)
    return out


# ----------------------------------------------------------------------------------- the seed
@pytest.mark.neo4j
def test_seed_rounds_leave_the_seeds_graph_in_neo4j(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", clock=Clock(), namespace=ns)

    def concepts() -> dict[str, tuple[int, int]]:
        rows = cypher(
            driver,
            config,
            "MATCH (c:Concept {namespace: $ns}) "
            "RETURN c.name AS name, c.t_index AS t, c.revision_count AS rev",
            ns=ns,
        )
        return {r["name"]: (r["t"], r["rev"]) for r in rows}

    def related() -> dict[tuple[str, str], tuple[int, int]]:
        rows = cypher(
            driver,
            config,
            "MATCH (a:Concept {namespace: $ns})-[r:RELATED]->(b) "
            "RETURN a.name AS a, b.name AS b, r.strength AS s, r.t_index AS t",
            ns=ns,
        )
        return {(r["a"], r["b"]): (r["s"], r["t"]) for r in rows}

    def clock() -> dict[str, Any]:
        [row] = cypher(
            driver,
            config,
            "MATCH (n:Namespace {namespace: $ns}) RETURN n.step AS step, n.n_statements AS n",
            ns=ns,
        )
        return row

    memory.add("Brandon loves coffee.")
    assert concepts() == {"brandon": (1, 0), "coffe": (1, 0)}
    assert related() == {("brandon", "coffe"): (1, 1)}  # stored once, source < target
    assert clock() == {"step": 1, "n": 1}

    memory.add("Brandon wants to travel to Paris.")
    assert concepts() == {"brandon": (2, 1), "coffe": (1, 0), "pari": (2, 0)}
    assert related() == {("brandon", "coffe"): (1, 1), ("brandon", "pari"): (1, 2)}
    assert clock() == {"step": 2, "n": 2}
    rows = cypher(
        driver,
        config,
        "MATCH (c:Concept {namespace: $ns})-[:IN_CONTEXT]->(s:Statement) "
        "WITH c, s ORDER BY s.id RETURN c.name AS name, collect(s.text) AS texts",
        ns=ns,
    )
    assert {r["name"]: r["texts"] for r in rows} == {
        "brandon": ["Brandon loves coffee.", "Brandon wants to travel to Paris."],
        "coffe": ["Brandon loves coffee."],
        "pari": ["Brandon wants to travel to Paris."],
    }
    rows = cypher(
        driver,
        config,
        "MATCH (s:Statement {namespace: $ns}) RETURN s.t_index AS t, s.at AS at ORDER BY s.id",
        ns=ns,
    )
    assert [(r["t"], r["at"].to_native()) for r in rows] == [
        (1, T0 + timedelta(minutes=1)),
        (2, T0 + timedelta(minutes=2)),
    ]

    recall = memory.recall("Who wants to travel to Paris?", strategy="seed", order="rank")
    assert [(c.name, c.sort_val, c.essential) for c in recall.concepts] == [
        ("coffe", 4.0, False),
        ("brandon", 11.0, False),
        ("pari", 7.0, True),
    ]
    assert [r.statement.text for r in recall.statements] == [
        "Brandon loves coffee.",
        "Brandon wants to travel to Paris.",
    ]


CONVERSATION = [
    ("Brandon", "Brandon loves coffee."),
    ("Brandon", "Brandon wants to travel to Paris."),
    ("Alice", "Alice works for Acme as an engineer and lives in Berlin."),
    ("Alice", "Bob manages Project Orion. Alice reports to Bob."),
    (None, "张三是销售部的经理，他正在负责星火计划项目。"),
    (None, "李四是张三的团队成员，最近王五也加入了星火计划。"),
    ("Alice", "I moved to Munich last month and my cat Luna came with me."),
    (None, "张三不再负责星火计划了，现在由王五接手。"),
    ("Bob", "Project Orion depends on the billing service."),
    ("Brandon", "The coffee in Paris was great, Brandon said."),
]
QUESTIONS = [
    "Who wants to travel to Paris?",
    "Where does Alice live now?",
    "谁负责星火计划？",
    "Who manages Project Orion?",
    "What does the zebra think about quantum soup?",
    "",
]


@pytest.mark.neo4j
def test_recall_relations_and_history_match_sqlite(store: Neo4jGraphStore, ns: str) -> None:
    memories = {
        "neo4j": TemporalGraphMemory(store, annotator="offline", clock=Clock(), namespace=ns),
        "sqlite": TemporalGraphMemory(":memory:", annotator="offline", clock=Clock(), namespace=ns),
    }
    try:
        for speaker, text in CONVERSATION:
            steps = {k: m.add(text, speaker=speaker).t_index for k, m in memories.items()}
            assert steps["neo4j"] == steps["sqlite"]
        neo, lite = memories["neo4j"], memories["sqlite"]
        assert neo.stats(ns) == lite.stats(ns)
        for question in QUESTIONS:
            for strategy in ("fused", "seed"):
                got = normalised(neo.recall(question, strategy=strategy, token_budget=300))
                want = normalised(lite.recall(question, strategy=strategy, token_budget=300))
                assert got == want, (question, strategy)
        assert [dataclasses.asdict(e) for e in neo.entities()] == [
            dataclasses.asdict(e) for e in lite.entities()
        ]
        for kwargs in (
            {},
            {"include_ended": True},
            {"as_of": 6},
            {"as_of": T0},
            {"entity": "张三", "include_ended": True},
        ):
            assert normalised_relations(neo, **kwargs) == normalised_relations(lite, **kwargs), (
                kwargs
            )
        assert len(neo.relations(include_ended=True)) > len(neo.relations())  # history exists
        assert [r.valid_to_step for r in neo.timeline("张三")] == [
            r.valid_to_step for r in lite.timeline("张三")
        ]
    finally:
        memories["sqlite"].close()


# ----------------------------------------------------------------------------------- expand
def reference_expand(
    concepts: dict[str, Concept],
    links_: list[ConceptLink],
    names: list[str],
    *,
    depth: int,
    min_t_index: int,
    max_neighbors: int,
) -> Subgraph:
    """The documented rule, computed in Python from every stored link (the test's oracle)."""
    neighbours: dict[str, list[ConceptLink]] = {}
    for lk in links_:
        neighbours.setdefault(lk.source, []).append(lk)
        neighbours.setdefault(lk.target, []).append(lk)
    starts = [
        n for n in dict.fromkeys(names) if n in concepts and concepts[n].t_index >= min_t_index
    ]
    depths = {n: 0 for n in starts}
    links: dict[tuple[str, str], ConceptLink] = {}
    frontier = list(starts)
    for level in range(1, depth + 1):
        nxt: list[str] = []
        for origin in frontier:
            cands = []
            for lk in neighbours.get(origin, []):
                other = lk.target if lk.source == origin else lk.source
                if concepts[other].t_index >= min_t_index:
                    cands.append((-lk.t_index, -lk.strength, other, lk))
            for _, _, other, lk in sorted(cands)[:max_neighbors]:
                links[sorted_pair(origin, other)] = lk
                if other not in depths:
                    depths[other] = level
                    nxt.append(other)
        frontier = nxt
    return Subgraph(
        tuple(dataclasses.replace(concepts[n], depth=d) for n, d in depths.items()),
        tuple(links[k] for k in sorted(links)),
    )


def random_graph(stores: list[GraphStore], ns: str, *, seed: int, steps: int) -> list[str]:
    rng = random.Random(seed)
    vocab = [f"c{i:02d}" for i in range(70)] + ["hub"] * 12 + ["Ünïcode", "名字"]
    for step in range(steps):
        words = list(dict.fromkeys(rng.choice(vocab) for _ in range(rng.randint(1, 7))))
        update = GraphUpdate(
            namespace=ns,
            at=T0 + timedelta(minutes=step),
            statements=(StatementInput(" ".join(words), {w: 1 for w in words}),),
            concepts=tuple(ConceptMention(w, w.upper()) for w in words),
            links=tuple((a, b, rng.randint(1, 3)) for a, b in pairwise(words)),
            context_limit=5,
        )
        for s in stores:
            s.apply_update(update)
    return sorted(set(vocab))


@pytest.mark.neo4j
def test_apoc_and_plain_cypher_expand_identically_on_a_bigger_random_graph(
    config: Neo4jConfig, driver: Any, ns: str
) -> None:
    apoc = Neo4jGraphStore(driver=driver, database=config.database, use_apoc=None)
    apoc.setup()
    if not apoc.uses_apoc:
        skip_or_fail(f"the Neo4j server at {config.uri} has no APOC")
    plain = Neo4jGraphStore(driver=driver, database=config.database, use_apoc=False)
    plain.setup()
    assert plain.uses_apoc is False
    lite = SqliteGraphStore(":memory:")
    try:
        vocab = random_graph([apoc, lite], ns, seed=5, steps=300)
        rng = random.Random(11)
        links = apoc.find_links(ns)
        concepts = {c.name: c for c in apoc.find_concepts(ns, vocab)}
        max_degree = max(sum(1 for lk in links if n in (lk.source, lk.target)) for n in vocab)
        for _ in range(120):
            names = [*rng.sample(vocab, rng.randint(1, 3)), "not-stored"]
            kw = {
                "depth": rng.randint(0, 3),
                "min_t_index": rng.randint(0, 290),
                "max_neighbors": rng.randint(1, 10),
            }
            got = apoc.expand(ns, names, **kw)
            assert got == plain.expand(ns, names, **kw), kw
            assert got == reference_expand(concepts, links, names, **kw), kw
            # SQLite agrees wherever its per-direction LIMIT cannot cut between ties
            uncapped = {**kw, "max_neighbors": max_degree}
            assert apoc.expand(ns, names, **uncapped) == lite.expand(ns, names, **uncapped)
            # the question's concepts and their expansion in one query (APOC) or two (plain)
            window, anchor = rng.randint(0, 200), rng.choice([None, rng.randint(0, 300)])
            both = {"depth": kw["depth"], "window": window, "anchor": anchor}
            both["max_neighbors"] = kw["max_neighbors"]
            got_starts, got_sub = expand_question_concepts(apoc, ns, names, **both)
            found = apoc.find_concepts(ns, names)
            low = (min(c.t_index for c in found) if anchor is None else anchor) - window
            assert got_starts == found, both
            assert got_sub == reference_expand(
                concepts,
                links,
                [c.name for c in found],
                depth=kw["depth"],
                min_t_index=low,
                max_neighbors=kw["max_neighbors"],
            ), both
            assert expand_question_concepts(plain, ns, names, **both) == (got_starts, got_sub)
            assert expand_question_concepts(lite, ns, names, **both)[0] == got_starts
    finally:
        lite.close()


@pytest.mark.neo4j
def test_other_reads_match_sqlite_on_the_random_graph(store: Neo4jGraphStore, ns: str) -> None:
    lite = SqliteGraphStore(":memory:")
    try:
        vocab = random_graph([store, lite], ns, seed=3, steps=150)
        assert store.find_concepts(ns, vocab) == lite.find_concepts(ns, vocab)
        assert store.find_links(ns) == lite.find_links(ns)
        assert store.find_links(ns, ["hub", "c01"]) == lite.find_links(ns, ["hub", "c01"])

        def strip(ctx: dict[str, list[Statement]]) -> dict[str, list[tuple[Any, ...]]]:
            return {k: [(s.text, s.t_index, s.at) for s in v] for k, v in ctx.items()}

        def postings(s: GraphStore) -> list[tuple[Any, ...]]:
            found = s.find_postings(ns, ["hub", "c05", "名字"], limit_per_term=7)
            return [(p.t_index, dict(p.terms), p.length) for p in found]

        def rows(statements: list[Statement]) -> list[tuple[Any, ...]]:
            return [(s.text, s.t_index, s.at) for s in statements]

        for limit in (1, 3, 50):
            assert strip(store.find_contexts(ns, vocab, limit_per_concept=limit)) == strip(
                lite.find_contexts(ns, vocab, limit_per_concept=limit)
            )
        assert postings(store) == postings(lite)
        assert store.term_frequencies(ns, vocab) == lite.term_frequencies(ns, vocab)
        assert store.count_statements(ns) == lite.count_statements(ns)
        assert rows(store.find_recent_statements(ns, limit=9)) == rows(
            lite.find_recent_statements(ns, limit=9)
        )
        assert rows(store.find_statements(ns, since_step=20, until_step=40, limit=5)) == rows(
            lite.find_statements(ns, since_step=20, until_step=40, limit=5)
        )
        assert store.stats(ns) == lite.stats(ns)
    finally:
        lite.close()


# ----------------------------------------------------------------------------------- scope
def small_update(ns: str, text: str, names: list[str], **kw: Any) -> GraphUpdate:
    kw.setdefault("links", tuple((a, b, 1) for a, b in pairwise(names)))
    return GraphUpdate(
        namespace=ns,
        at=T0,
        statements=(StatementInput(text, {n: 1 for n in names}),),
        concepts=tuple(ConceptMention(n, n) for n in names),
        **kw,
    )


def populate(store: GraphStore, ns: str, tag: str) -> None:
    ents = (
        EntityRecord("e-a", f"Alice {tag}", "PERSON", ("Al",)),
        EntityRecord("e-p", "Project", "PROJECT"),
    )
    store.apply_update(
        small_update(
            ns,
            f"{tag}: Alice leads the project",
            ["alice", "project", tag],
            entities=ents,
            relation_changes=(RelationChange("add", "r1", "e-a", "MANAGES", "e-p"),),
        )
    )
    store.apply_update(
        small_update(
            ns,
            f"{tag}: Alice left",
            ["alice", "left"],
            relation_changes=(
                RelationChange("end", "r1"),
                RelationChange("add", "r2", "e-a", "LEFT", None),
            ),
        )
    )


@pytest.mark.neo4j
def test_namespaces_are_isolated(store: Neo4jGraphStore, ns: str) -> None:
    other = ns + "-other"
    try:
        populate(store, ns, "mine")
        populate(store, other, "theirs")  # same concept names, entity and relation ids
        assert [s.text for s in store.find_statements(ns)] == [
            "mine: Alice leads the project",
            "mine: Alice left",
        ]
        assert store.find_concepts(ns, ["theirs"]) == []
        assert {
            c.name
            for c in store.expand(ns, ["alice"], depth=3, min_t_index=0, max_neighbors=9).concepts
        } == {"alice", "project", "mine", "left"}
        assert [e.name for e in store.find_entities(ns, aliases=["al"])] == ["Alice mine"]
        assert [(r.id, r.valid_to_step) for r in store.find_relations(ns, entity_id="e-a")] == [
            ("r1", 2),
            ("r2", None),
        ]
        assert store.term_frequencies(ns, ["alice", "theirs"]) == {"alice": 2}
        assert dataclasses.replace(store.stats(ns), namespace=other) == store.stats(other)
        assert {ns, other} <= set(store.namespaces())
    finally:
        store.clear(other)
    assert other not in store.namespaces()
    assert store.stats(ns).statements == 2


@pytest.mark.neo4j
@pytest.mark.parametrize("batch", [10_000, 2])
def test_forget_removes_a_namespace_completely(
    config: Neo4jConfig, driver: Any, ns: str, batch: int
) -> None:
    store = Neo4jGraphStore(driver=driver, database=config.database, clear_batch_size=batch)
    store.setup()
    keep = ns + "-kept"
    try:
        memory = TemporalGraphMemory(store, annotator="offline", clock=Clock(), namespace=ns)
        for _, text in CONVERSATION:
            memory.add(text)
        populate(store, ns, "more")
        populate(store, keep, "kept")
        kept_before = (nodes_of(driver, config, keep), store.stats(keep))
        assert nodes_of(driver, config, ns) > 40
        generation = generation_of(driver, config, ns)
        memory.forget()
        assert nodes_of(driver, config, ns) == 0
        # the generation outlives the clear, bumped: other engines drop what they cached
        assert generation_of(driver, config, ns) == generation + 1
        assert store.current_state(ns) == (generation + 1, 0)
        assert ns not in store.namespaces() and store.current_step(ns) == 0
        assert store.stats(ns).statements == 0 and store.find_links(ns) == []
        assert (nodes_of(driver, config, keep), store.stats(keep)) == kept_before
        # the store-wide nodes stay: statement ids keep growing, the schema stays recorded
        assert store.schema_version() >= 1
        again = store.apply_update(small_update(ns, "fresh start", ["x"]))
        assert again.t_index == 1
    finally:
        store.clear(keep)


@pytest.mark.neo4j
def test_concurrent_writers_get_consecutive_steps_and_unique_ids(
    store: Neo4jGraphStore, ns: str
) -> None:
    namespaces = [ns, ns + "-b"]
    try:

        def work(i: int) -> Any:
            return store.apply_update(small_update(namespaces[i % 2], f"s{i}", ["x", f"y{i % 3}"]))

        with ThreadPoolExecutor(8) as pool:
            results = list(pool.map(work, range(40)))
        ids = [i for r in results for i in r.statement_ids]
        assert len(ids) == len(set(ids))
        for name in namespaces:
            assert sorted(r.t_index for r in results if r.namespace == name) == list(range(1, 21))
            assert store.find_concepts(name, ["x"])[0].mentions == 20
            assert store.count_statements(name) == (20, 2.0)
    finally:
        store.clear(namespaces[1])


# ----------------------------------------------------------------------------------- hostile input
HOSTILE = [
    'O\'Brien said "hi"',
    "`backtick` name",
    "}) DETACH DELETE n //",
    "x'}) MATCH (m) DETACH DELETE m RETURN 1 //",
    "$ns {namespace: 'other'}",
    '\\u0027 \\" \\\\ \n\t\r newline and tab',
    "emoji 🧠🔥 and 中文 and عربي and ZWJ 👩‍💻",
    "y" * 10_000,
]


@pytest.mark.neo4j
@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_strings_are_stored_verbatim_and_touch_nothing_else(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str, text: str
) -> None:
    canary = ns + "-canary"
    namespace = ns + text[:300]
    try:
        populate(store, canary, "canary")
        before = (nodes_of(driver, config, canary), store.stats(canary))
        constraints = cypher(driver, config, "SHOW CONSTRAINTS YIELD name RETURN count(*) AS n")
        entity = EntityRecord(text, text, "PERSON", (text + " alias",))
        update = GraphUpdate(
            namespace=namespace,
            at=T0,
            statements=(StatementInput(text, {text: 2, "safe": 1}, speaker=text, source=text),),
            concepts=(ConceptMention(text, text), ConceptMention("safe", "Safe")),
            links=((text, "safe", 1),),
            entities=(entity,),
            relation_changes=(RelationChange("add", text, text, text, text, {text: text}),),
        )
        result = store.apply_update(update)
        [st] = store.get_statements(namespace, result.statement_ids)
        assert (st.text, st.speaker, st.source, st.namespace) == (text, text, text, namespace)
        [concept] = store.find_concepts(namespace, [text])
        assert (concept.name, concept.aliases) == (text, (text,))
        assert store.find_links(namespace, [text]) == [
            ConceptLink(namespace, *sorted_pair(text, "safe"), 1, 1)
        ]
        assert {
            c.name
            for c in store.expand(
                namespace, [text], depth=1, min_t_index=0, max_neighbors=5
            ).concepts
        } == {text, "safe"}
        assert store.find_contexts(namespace, [text], limit_per_concept=3)[text][0].text == text
        assert store.term_frequencies(namespace, [text]) == {text: 1}
        [posting] = store.find_postings(namespace, [text], limit_per_term=3)
        assert dict(posting.terms) == {text: 2}
        [ent] = store.find_entities(namespace, aliases=[(text + " alias").upper()])
        assert (ent.id, ent.name, ent.aliases) == (text, text, (text, text + " alias"))
        [rel] = store.find_relations(namespace, subject_id=text, type=text)
        assert (rel.id, rel.object_id, rel.subject_name, dict(rel.attributes)) == (
            text,
            text,
            text,
            {text: text},
        )
        assert namespace in store.namespaces()
        assert (nodes_of(driver, config, canary), store.stats(canary)) == before
        assert cypher(driver, config, "SHOW CONSTRAINTS YIELD name RETURN count(*) AS n") == (
            constraints
        )
    finally:
        store.clear(namespace)
        store.clear(canary)
    assert nodes_of(driver, config, namespace) == 0


@pytest.mark.neo4j
def test_long_values_and_bad_input_write_nothing(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    store.apply_update(small_update(ns, "kept", ["x"]))
    before = store.stats(ns)
    with pytest.raises(InputError, match="namespace"):
        store.apply_update(small_update("n" * 3000, "too long a namespace", ["x"]))
    assert nodes_of(driver, config, "n" * 3000) == 0
    with pytest.raises(InputError, match="timezone-aware"):
        store.apply_update(
            dataclasses.replace(small_update(ns, "naive", ["x"]), at=datetime(2026, 1, 1))
        )
    with pytest.raises(InputError, match="neither stored nor in the update"):
        store.apply_update(small_update(ns, "dangling link", ["x"], links=(("x", "ghost", 1),)))
    with pytest.raises(StoreError):  # a relation id is unique in its namespace
        store.apply_update(
            small_update(
                ns,
                "dup",
                ["x"],
                relation_changes=(
                    RelationChange("add", "r", "a", "T", None),
                    RelationChange("add", "r", "a", "T", None),
                ),
            )
        )
    assert store.stats(ns) == before
    # names longer than a Neo4j index key (about 8 kB) are kept verbatim under a digest key
    huge = "長" * 5_000
    store.apply_update(small_update(ns, huge, [huge, "x"]))
    assert store.find_concepts(ns, [huge])[0].name == huge
    assert store.term_frequencies(ns, [huge, "x"]) == {huge: 1, "x": 2}
    assert {
        c.name for c in store.expand(ns, ["x"], depth=1, min_t_index=0, max_neighbors=3).concepts
    } == {"x", huge}


# ----------------------------------------------------------------------------------- plumbing
class CountingDriver:
    """The real driver, counting the transactions the store runs through it."""

    def __init__(self, driver: Any) -> None:
        self._driver = driver
        self.calls = 0
        self._lock = threading.Lock()

    def execute_query(self, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            self.calls += 1
        return self._driver.execute_query(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._driver, name)


@pytest.mark.neo4j
def test_every_store_call_is_one_query(config: Neo4jConfig, driver: Any, ns: str) -> None:
    counting = CountingDriver(driver)
    store = Neo4jGraphStore(driver=counting, database=config.database)  # type: ignore[arg-type]
    store.setup()
    populate(store, ns, "tag")
    calls: list[Any] = [
        lambda: store.apply_update(small_update(ns, "one more", ["x", "y", "z"])),
        lambda: store.current_step(ns),
        lambda: store.find_concepts(ns, ["alice", "x"]),
        lambda: store.expand(ns, ["alice"], depth=3, min_t_index=0, max_neighbors=12),
        lambda: store.find_contexts(ns, ["alice", "project"], limit_per_concept=50),
        lambda: store.count_statements(ns),
        lambda: store.term_frequencies(ns, ["alice", "x"]),
        lambda: store.find_postings(ns, ["alice", "x"], limit_per_term=400),
        lambda: store.get_statements(ns, [1, 2, 3]),
        lambda: store.find_entities(ns, aliases=["al"]),
        lambda: store.find_relations(ns, entity_id="e-a"),
        lambda: store.find_links(ns, ["alice"]),
        lambda: store.stats(ns),
    ]
    for i, call in enumerate(calls):
        counting.calls = 0
        call()
        assert counting.calls == 1, i


@pytest.mark.neo4j
def test_injected_driver_stays_open_and_owned_driver_is_closed(
    config: Neo4jConfig, driver: Any
) -> None:
    injected = Neo4jGraphStore(driver=driver, database=config.database)
    with injected:
        assert injected.current_step("it-neo4j-nothing-here") == 0
    driver.verify_connectivity()  # still usable
    owned = Neo4jGraphStore.from_config(config)
    owned.setup()
    owned.close()
    with pytest.raises(StoreError, match="closed"):
        owned.current_step("x")
    assert config.password is None or config.password not in repr(owned) + repr(config)


@pytest.mark.neo4j
def test_routing_uris_work(config: Neo4jConfig, ns: str) -> None:
    scheme, rest = config.uri.split("://", 1)
    routed = dataclasses.replace(config, uri=scheme.replace("bolt", "neo4j") + "://" + rest)
    with Neo4jGraphStore.from_config(routed) as store:
        store.setup()
        assert store.apply_update(small_update(ns, "routed", ["x"])).t_index == 1
        assert [s.text for s in store.find_recent_statements(ns, limit=1)] == ["routed"]
        assert repr(store).startswith("Neo4jGraphStore(uri='neo4j")


@pytest.mark.neo4j
def test_wrong_password_is_reported_without_the_password(config: Neo4jConfig) -> None:
    # an unknown user, so failed attempts never lock out the real one on a shared server
    secret = "wrong-" + uuid.uuid4().hex
    bad = dataclasses.replace(
        config, username="recall-nobody", password=secret, max_transaction_retry_time=0.0
    )
    with Neo4jGraphStore.from_config(bad) as store, pytest.raises(StoreUnavailableError) as err:
        store.current_step("x")
    assert config.uri in str(err.value) and secret not in str(err.value)


def test_config_reads_only_the_given_environment_and_hides_the_password() -> None:
    cfg = Neo4jConfig.from_env(
        {
            "NEO4J_URI": "neo4j+s://abc.databases.neo4j.io",
            "NEO4J_PASSWORD": "s3cret",
            "NEO4J_DATABASE": "mem",
        }
    )
    assert (cfg.uri, cfg.username, cfg.database, cfg.auth) == (
        "neo4j+s://abc.databases.neo4j.io",
        "neo4j",
        "mem",
        ("neo4j", "s3cret"),
    )
    assert "s3cret" not in repr(cfg)
    with pytest.raises(ConfigurationError, match="NEO4J_URI"):
        Neo4jConfig.from_env({})
    with pytest.raises(ConfigurationError, match="must start with"):
        Neo4jConfig(uri="http://localhost:7474")


def test_a_missing_driver_names_the_extra_to_install() -> None:
    code = (
        "import sys; sys.modules['neo4j'] = None\n"
        "from recall_memory_plugins.errors import MissingDependencyError\n"
        "from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore\n"
        "try:\n"
        "    Neo4jGraphStore('bolt://localhost:7687')\n"
        "except MissingDependencyError as exc:\n"
        "    print(exc.extra, '|', exc)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    extra, message = out.stdout.strip().split(" | ", 1)
    assert extra == "neo4j"
    assert "pip install 'recall-memory-plugins[neo4j]'" in message


# ----------------------------------------------------------------------------------- outage
def _server(command: str, state_dir: Path, env: dict[str, str]) -> str:
    proc = subprocess.run(
        [sys.executable, str(SERVER_SCRIPT), command, "--dir", str(state_dir)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(
            f"neo4j-test-server {command} failed ({proc.returncode}): {proc.stderr[-2000:]}"
        )
    return proc.stdout


@pytest.fixture
def private_server(tmp_path: Path) -> Iterator[tuple[str, str, Path, dict[str, str]]]:
    """A Neo4j server of this test alone, started with scripts/neo4j-test-server."""
    for tool in ("java", "mvn"):
        if shutil.which(tool) is None and not (tool == "java" and os.environ.get("JAVA_HOME")):
            skip_or_fail(f"{tool} is needed to start a private Neo4j server")
    password = "pw-" + uuid.uuid4().hex
    # small memory settings: in CI this server runs next to the shared one
    env = {
        **os.environ,
        "NEO4J_TEST_PASSWORD": password,
        "NEO4J_TEST_HEAP": "512m",
        "NEO4J_TEST_PAGECACHE": "64m",
    }
    state_dir = tmp_path / "neo4j"
    exports = _server("start", state_dir, env)
    values = dict(
        line.removeprefix("export ").split("=", 1)
        for line in exports.splitlines()
        if line.startswith("export ")
    )
    try:
        yield values["NEO4J_URI"], password, state_dir, env
    finally:
        _server("stop", state_dir, env)


@pytest.mark.neo4j
def test_a_stopped_server_raises_unavailable_and_keeps_every_commit(
    private_server: tuple[str, str, Path, dict[str, str]],
) -> None:
    uri, password, state_dir, env = private_server
    store = Neo4jGraphStore(
        uri, auth=("neo4j", password), max_transaction_retry_time=1.0, connection_timeout=2.0
    )
    try:
        store.setup()
        memory = TemporalGraphMemory(store, annotator="offline", clock=Clock(), namespace="outage")
        for _, text in CONVERSATION[:4]:
            memory.add(text)
        before = (store.stats("outage"), [s.text for s in store.find_statements("outage")])

        _server("stop", state_dir, env)
        for attempt in (
            lambda: memory.add("Written while the server is down."),
            lambda: store.current_step("outage"),
        ):
            with pytest.raises(StoreUnavailableError) as err:
                attempt()
            assert uri in str(err.value) and password not in str(err.value)

        _server("start", state_dir, env)
        assert (store.stats("outage"), [s.text for s in store.find_statements("outage")]) == before
        assert memory.add("Written after the restart.").t_index == 5

        # a database set up by a newer library version is refused, not migrated backwards
        import neo4j

        with neo4j.GraphDatabase.driver(uri, auth=("neo4j", password)) as raw:
            raw.execute_query("MATCH (v:RecallSchema) SET v.version = 99")
        with pytest.raises(SchemaVersionError, match="99"):
            store.setup()
    finally:
        store.close()


@pytest.mark.neo4j
def test_a_load_split_over_transactions_is_whole_or_gone(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str, monkeypatch: Any
) -> None:
    """A large namespace is loaded in several transactions (one would exceed the server's
    transaction memory); a failure after some of them committed leaves nothing behind."""
    from recall_memory_plugins.stores.neo4j import transfer

    monkeypatch.setattr(transfer, "_LOAD_COMMIT_ROWS", 2)
    source = ns + "-src"
    try:
        populate(store, source, "x")
        records = store.dump_namespace(source)
        assert store.load_namespace(ns, records) == len(records)
        assert nodes_of(driver, config, ns) == nodes_of(driver, config, source)
        assert store.stats(ns) == dataclasses.replace(store.stats(source), namespace=ns)
        broken = [
            {k: v for k, v in r.items() if k != "t_index"} if r["kind"] == "link" else r
            for r in records
        ]
        other = ns + "-broken"
        with pytest.raises(KeyError):
            store.load_namespace(other, broken)  # fails after statements and concepts committed
        assert nodes_of(driver, config, other) == 0
        assert store.current_step(other) == 0
    finally:
        store.clear(source)
        store.clear(ns + "-broken")
