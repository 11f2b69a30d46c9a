"""A concept's context on a real Neo4j server: its ``IN_CONTEXT`` links and the two lists the
concept keeps beside them (``context_ids``, ``context_steps``: the newest members, newest first,
schema 6) say the same thing after every kind of write: updates one by one and in bulk queries
past the bound, a deleted and a superseded statement, an export loaded elsewhere. Recall reads
the lists, so a list that drifted from the links would change what a recall finds. A database
written at schema 5 (links only) gets the lists backfilled by ``setup()``.

Needs ``NEO4J_URI`` (``eval "$(scripts/neo4j-test-server start)"``); skips visibly without it,
except under ``RECALL_REQUIRE_SERVICES=1``.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from recall_memory_plugins.errors import SchemaVersionError
from recall_memory_plugins.models import GraphUpdate
from recall_memory_plugins.stores.base import bulk
from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore, lifecycle
from recall_memory_plugins.stores.neo4j.schema import LATEST_VERSION, SCHEMA_NODE_NAME
from tests.integration.test_neo4j_store import cypher, small_update

pytestmark = pytest.mark.neo4j

LIMIT = 3


@pytest.fixture
def ns(store: Neo4jGraphStore) -> Iterator[str]:
    name = f"it-contexts-{uuid.uuid4().hex[:12]}"
    yield name
    store.clear(name)
    store.clear(name + "-copy")


def _update(ns: str, text: str, names: list[str]) -> GraphUpdate:
    return dataclasses.replace(small_update(ns, text, names), context_limit=LIMIT)


def contexts(driver: Any, config: Neo4jConfig, ns: str) -> dict[str, list[tuple[int, int]]]:
    """Each concept's context as its links give it, ``(id, step)`` newest first, checked
    against the concept's lists and size on the way."""
    rows = cypher(
        driver,
        config,
        """
        MATCH (c:Concept {namespace: $ns})
        CALL (c) {
          OPTIONAL MATCH (c)-[:IN_CONTEXT]->(s:Statement)
          WITH s ORDER BY s.id DESC
          RETURN collect([s.id, s.t_index]) AS linked
        }
        RETURN c.name AS name, linked, c.context_ids AS ids, c.context_steps AS steps,
               c.context_size AS size
        """,
        ns=ns,
    )
    out = {}
    for r in rows:
        linked = [(int(i), int(t)) for i, t in r["linked"]]
        assert list(zip(r["ids"], r["steps"], strict=True)) == linked, r["name"]
        assert r["size"] == len(linked), r["name"]
        out[r["name"]] = linked
    return out


def test_the_lists_follow_the_links_through_every_write(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    ids = []
    for i in range(5):  # one by one, past the bound of 3
        names = ["alpha", "beta"] if i % 2 else ["alpha", "gamma"]
        ids += store.apply_update(_update(ns, f"one {i}", names)).statement_ids
    after_single = contexts(driver, config, ns)
    assert [i for i, _ in after_single["alpha"]] == ids[::-1][:LIMIT]
    assert [i for i, _ in after_single["beta"]] == [ids[3], ids[1]]
    assert [i for i, _ in after_single["gamma"]] == [ids[4], ids[2], ids[0]]

    queued = Neo4jGraphStore(driver=driver, database=config.database, bulk_size=4)
    with bulk(queued):  # APPLY_UPDATES: several updates in one query
        for i in range(6):
            queued.apply_update(_update(ns, f"bulk {i}", ["alpha", "delta"]))
    after_bulk = contexts(driver, config, ns)
    newest = [i for i, _ in after_bulk["alpha"]]
    assert len(newest) == LIMIT and newest == sorted(newest, reverse=True)
    assert newest[0] > ids[-1]
    assert [i for i, _ in after_bulk["delta"]] == newest

    # one update of two statements: both join, the oldest member leaves
    two = _update(ns, "two a", ["alpha"])
    two = dataclasses.replace(
        two, statements=(*two.statements, *_update(ns, "two b", []).statements)
    )
    two = dataclasses.replace(
        two, concepts=(dataclasses.replace(two.concepts[0], statement_indexes=(0, 1)),)
    )
    pair = store.apply_update(two).statement_ids
    steps = {t for _, t in contexts(driver, config, ns)["alpha"][:2]}
    assert [i for i, _ in contexts(driver, config, ns)["alpha"][:2]] == [pair[1], pair[0]]
    assert len(steps) == 1  # one update, one step

    # a deleted statement leaves its contexts; a concept left with none goes
    gamma = [i for i, _ in contexts(driver, config, ns)["gamma"]]
    store.delete_statements(ns, [gamma[0]])
    assert [i for i, _ in contexts(driver, config, ns)["gamma"]] == gamma[1:]
    store.delete_statements(ns, gamma[1:])
    assert "gamma" not in contexts(driver, config, ns)

    # a superseded statement leaves them too
    alpha = [i for i, _ in contexts(driver, config, ns)["alpha"]]
    newer = store.apply_update(_update(ns, "replacement", ["epsilon"])).statement_ids[0]
    store.supersede_statement(ns, alpha[0], newer)
    assert [i for i, _ in contexts(driver, config, ns)["alpha"]] == alpha[1:]

    # what recall reads equals the links, oldest first
    final = contexts(driver, config, ns)
    read = store.find_context_ids(ns, list(final), limit_per_concept=LIMIT)
    assert read == {n: m[::-1] for n, m in final.items() if m}
    read_two = store.find_context_ids(ns, ["alpha", "beta"], limit_per_concept=1)
    assert read_two == {"alpha": final["alpha"][:1], "beta": final["beta"][:1]}
    full = store.find_contexts(ns, ["alpha", "delta"], limit_per_concept=2)
    assert {n: [s.id for s in st] for n, st in full.items()} == {
        n: [i for i, _ in final[n][:2][::-1]] for n in ("alpha", "delta")
    }

    # an export loaded into another namespace has the same contexts, under new ids
    store.load_namespace(ns + "-copy", store.dump_namespace(ns))
    copied = contexts(driver, config, ns + "-copy")
    assert {n: len(m) for n, m in copied.items()} == {n: len(m) for n, m in final.items()}
    assert {n: [t for _, t in m] for n, m in copied.items()} == {
        n: [t for _, t in m] for n, m in final.items()
    }


def _downgrade_contexts_to_schema_5(driver: Any, config: Neo4jConfig) -> None:
    """What a database written by the schema-5 code looks like: contexts only as links."""
    with driver.session(database=config.database) as session:
        session.run("MATCH (c:Concept) REMOVE c.context_ids, c.context_steps").consume()
        session.run(
            "MATCH (v:RecallSchema {name: $name}) SET v.version = 5", name=SCHEMA_NODE_NAME
        ).consume()


def test_schema_5_contexts_are_backfilled(
    store: Neo4jGraphStore,
    driver: Any,
    config: Neo4jConfig,
    ns: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    names = [f"c{i}" for i in range(7)]  # seven concepts: four backfill rounds of two
    # (the first update names c0 twice: the store links its statement once)
    for i in range(9):
        store.apply_update(_update(ns, f"s{i}", [names[i % 7], names[(i * 3) % 7], "hub"]))
    other = ns + "-copy"  # a second namespace, backfilled in its own key order
    store.apply_update(_update(other, "elsewhere", ["hub", "c1"]))
    before = {n: contexts(driver, config, n) for n in (ns, other)}
    read = store.find_context_ids(ns, [*names, "hub"], limit_per_concept=LIMIT)
    assert len(before[ns]["hub"]) == LIMIT and len(read) == 8

    _downgrade_contexts_to_schema_5(driver, config)
    old = Neo4jGraphStore(driver=driver, database=config.database)
    assert old.schema_version() == 5
    # before the upgrade the store refuses to read (it would find no context) or to write (the
    # lists would drift from the links), and writes nothing
    with pytest.raises(SchemaVersionError, match="version 5, older"):
        old.find_context_ids(ns, [*names, "hub"], limit_per_concept=LIMIT)
    with pytest.raises(SchemaVersionError):
        old.apply_update(_update(ns, "before the upgrade", ["hub"]))
    assert store.count_statements(ns)[0] == 9  # (a store checked before the downgrade)

    monkeypatch.setattr(lifecycle, "_MIGRATION_BATCH", 2)
    old.setup()  # the upgrade
    assert old.schema_version() == LATEST_VERSION
    assert {n: contexts(driver, config, n) for n in (ns, other)} == before
    assert old.find_context_ids(ns, [*names, "hub"], limit_per_concept=LIMIT) == read

    # the next update trims from the backfilled lists
    newest = old.apply_update(_update(ns, "after the upgrade", ["hub"])).statement_ids[0]
    hub = contexts(driver, config, ns)["hub"]
    assert [i for i, _ in hub] == [newest] + [i for i, _ in before[ns]["hub"][: LIMIT - 1]]
