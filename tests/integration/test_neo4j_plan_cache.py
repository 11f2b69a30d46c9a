"""A batch's transaction keeps its entity and relation reads (``stores/neo4j/plan_cache.py``):
repeated plan reads cost no query, the batch's own updates keep them current, and nothing kept
outlives the transaction (after a commit another writer may change anything)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from recall_memory_plugins.models import EntityRecord, RelationChange
from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore
from tests.integration.test_neo4j_store import small_update

pytestmark = pytest.mark.neo4j


class CountingStore(Neo4jGraphStore):
    """A real Neo4j store that counts the queries its batches send."""

    queries = 0

    def _run_in_batch(
        self, batch: Any, action: str, query: str, params: Mapping[str, Any], *a: Any, **kw: Any
    ) -> Any:  # type: ignore[override]
        self.queries += 1
        return super()._run_in_batch(batch, action, query, params, *a, **kw)


@pytest.fixture
def ns(store: Neo4jGraphStore) -> Iterator[str]:
    name = f"it-cache-{uuid.uuid4().hex[:12]}"
    yield name
    store.clear(name)


def _counting(driver: Any, config: Neo4jConfig, **kw: Any) -> CountingStore:
    s = CountingStore(driver=driver, database=config.database, **kw)
    s.setup()
    return s


ALICE = EntityRecord("e-alice", "Alice", "PERSON")


def test_repeated_plan_reads_in_a_batch_cost_no_query_and_see_its_updates(
    driver: Any, config: Neo4jConfig, ns: str
) -> None:
    store = _counting(driver, config)
    with store.batch():
        store.apply_update(small_update(ns, "Alice", ["alice"], entities=(ALICE,)))
        before = store.queries
        assert [e.id for e in store.find_entities(ns, aliases=["ALICE"], newest=12)] == ["e-alice"]
        assert store.queries == before + 1
        assert [e.id for e in store.find_entities(ns, aliases=["alice"], newest=12)] == ["e-alice"]
        assert [e.id for e in store.find_entities(ns, ids=["e-alice"])] == ["e-alice"]
        assert store.find_entities(ns, aliases=["alice"], type="ORG") == []
        assert store.queries == before + 1  # answered from what the batch read
        assert (
            store.find_relations(ns, subject_id="e-alice", type="WORKS_AT", current_only=True) == []
        )
        assert store.queries == before + 2
        assert (
            store.find_relations(ns, subject_id="e-alice", type="WORKS_AT", current_only=True) == []
        )
        assert store.queries == before + 2

        # the batch's own update: a new alias, a new entity, a relation
        store.apply_update(
            small_update(
                ns,
                "Ally works at Initech",
                ["ally"],
                entities=(
                    EntityRecord("e-alice", "Alice", "PERSON", ("Ally",)),
                    EntityRecord("e-ini", "Initech", "ORG"),
                ),
                relation_changes=(RelationChange("add", "r1", "e-alice", "WORKS_AT", "e-ini"),),
            )
        )
        found = store.find_entities(ns, aliases=["alice"], newest=12)
        assert [(e.id, e.aliases, e.last_step) for e in found] == [
            ("e-alice", ("Alice", "Ally"), 2)
        ]
        rels = store.find_relations(ns, subject_id="e-alice", type="WORKS_AT", current_only=True)
        assert [(r.id, r.object_name, r.valid_from_step) for r in rels] == [("r1", "Initech", 2)]
        assert [e.id for e in store.find_entities(ns, aliases=["ally"])] == ["e-alice"]

        store.apply_update(
            small_update(
                ns, "Alice left", ["left"], relation_changes=(RelationChange("end", "r1"),)
            )
        )
        assert (
            store.find_relations(ns, subject_id="e-alice", type="WORKS_AT", current_only=True) == []
        )
    # what the batch answered is what the store holds
    assert [(e.id, e.aliases, e.last_step) for e in store.find_entities(ns, aliases=["alice"])] == [
        ("e-alice", ("Alice", "Ally"), 2)
    ]
    store.close()


def test_nothing_a_batch_read_outlives_its_commit(
    driver: Any, config: Neo4jConfig, ns: str
) -> None:
    """After each commit the batch releases the write lock: another writer may add what it read
    as absent, or change a relation it read, before its next query takes the lock again."""
    store = _counting(driver, config, batch_commit_every=1)
    other = Neo4jGraphStore(driver=driver, database=config.database)
    with store.batch():
        store.apply_update(small_update(ns, "Alice", ["alice"], entities=(ALICE,)))  # committed
        assert store.find_entities(ns, aliases=["zed"]) == []
        assert store.find_relations(ns, subject_id="e-alice", current_only=True) == []
        store.apply_update(small_update(ns, "one", ["one"]))  # committed: the lock is released
        other.apply_update(
            small_update(
                ns,
                "Zed hired Alice",
                ["zed"],
                entities=(EntityRecord("e-zed", "Zed", "PERSON"), ALICE),
                relation_changes=(RelationChange("add", "r9", "e-alice", "WORKS_FOR", "e-zed"),),
            )
        )
        assert [e.id for e in store.find_entities(ns, aliases=["zed"])] == ["e-zed"]
        rels = store.find_relations(ns, subject_id="e-alice", current_only=True)
        assert [r.id for r in rels] == ["r9"]
    store.close()


def test_relation_changes_of_a_batch_are_applied_to_what_it_read(
    driver: Any, config: Neo4jConfig, ns: str
) -> None:
    """A batch's relation reads stay kept through its relation changes: an added relation joins
    the rows of the reads whose filter it passes (its times, statement and end names as the
    store writes them), an ended one leaves, a confirmation is counted; without another query,
    and equal to what the store returns after the commit. A relation to an entity the batch
    knows nothing of drops the reads it joins (its end's name is not known): read again."""
    import dataclasses
    from datetime import datetime, timedelta, timezone

    at = datetime(2026, 3, 4, 5, 6, 7, 891011, tzinfo=timezone(timedelta(hours=2)))

    def update(text: str, **kw: Any) -> Any:
        nonlocal at
        at += timedelta(minutes=1, microseconds=7)
        return dataclasses.replace(small_update(ns, text, ["x"], **kw), at=at)

    ini, paris = EntityRecord("e-ini", "Initech", "ORG"), EntityRecord("e-paris", "Paris", "GPE")
    store = _counting(driver, config)

    def reads() -> list[Any]:
        return [
            store.find_relations(ns, subject_id="e-alice", current_only=True),
            store.find_relations(ns, entity_id="e-ini", current_only=True),
            store.find_relations(ns, subject_id="e-alice", type="LIVES_IN", current_only=True),
        ]

    with store.batch():
        store.apply_update(update("Alice, Initech, Paris", entities=(ALICE, ini, paris)))
        # (a plan reads the entities it names before its update: the batch knows their names)
        assert len(store.find_entities(ns, ids=["e-alice", "e-ini", "e-paris"])) == 3
        assert reads() == [[], [], []]
        before = store.queries
        store.apply_update(
            update(
                "Alice works at Initech",
                relation_changes=(RelationChange("add", "r1", "e-alice", "WORKS_AT", "e-ini"),),
            )
        )
        store.apply_update(
            update(
                "Alice lives in Paris",
                relation_changes=(
                    RelationChange("add", "r2", "e-alice", "LIVES_IN", "e-paris", {"since": "May"}),
                ),
            )
        )
        store.apply_update(
            update("Alice works at Initech", relation_changes=(RelationChange("confirm", "r1"),))
        )
        store.apply_update(
            update("She moved", relation_changes=(RelationChange("end", "r2", superseded_by=None),))
        )
        inside = reads()
        assert store.queries == before + 4  # the four updates: every read answered as kept
        assert [[r.id for r in rs] for rs in inside] == [["r1"], ["r1"], []]
        store.apply_update(
            update(
                "Alice lives in Oslo",
                entities=(EntityRecord("e-oslo", "Oslo", "GPE"),),
                relation_changes=(RelationChange("add", "r3", "e-alice", "LIVES_IN", "e-oslo"),),
            )
        )
        later = reads()
        # e-oslo was upserted by that update but never read: both e-alice reads are read again
        assert store.queries == before + 5 + 2
    assert inside[:2] == [
        store.find_relations(ns, subject_id="e-alice", type="WORKS_AT", current_only=True),
        store.find_relations(ns, entity_id="e-ini", current_only=True),
    ]
    assert later == reads()
    [r1] = inside[0]
    assert (r1.confirmations, r1.valid_from_step, r1.object_name) == (1, 2, "Initech")
    store.close()


def test_bounded_relation_reads_of_a_batch_are_kept_and_exact(
    driver: Any, config: Neo4jConfig, ns: str
) -> None:
    """A read of the newest few current relations (the doubt rule's, ``newest=``) is kept like
    an unbounded one: an added relation enters as the newest and the oldest row leaves; an end
    of a row below the bound leaves the rest exact; an end of a row while the answer is at the
    bound drops the read (the next older row is not known): read again. Every answer equals
    what the store returns after the commit."""
    import dataclasses
    from datetime import datetime, timedelta, timezone

    at = datetime(2026, 3, 4, 5, 6, 7, tzinfo=timezone.utc)

    def update(text: str, **kw: Any) -> Any:
        nonlocal at
        at += timedelta(minutes=1)
        return dataclasses.replace(small_update(ns, text, ["x"], **kw), at=at)

    things = [EntityRecord(f"e-t{i}", f"Thing{i}", "PRODUCT") for i in range(5)]
    store = _counting(driver, config)

    def owns(rid: str, i: int) -> Any:
        return RelationChange("add", rid, "e-alice", "OWNS", f"e-t{i}")

    def reads() -> list[list[str]]:
        return [
            [
                r.id
                for r in store.find_relations(ns, entity_id="e-alice", current_only=True, newest=2)
            ],
            [
                r.id
                for r in store.find_relations(
                    ns, subject_id="e-alice", type="OWNS", current_only=True, newest=9
                )
            ],
        ]

    def end(rid: str) -> Any:
        return update(
            f"{rid} ended", relation_changes=(RelationChange("end", rid, superseded_by=None),)
        )

    seen: list[list[list[str]]] = []
    with store.batch():
        store.apply_update(update("Alice and things", entities=(ALICE, *things)))
        assert len(store.find_entities(ns, ids=["e-alice", *(t.id for t in things)])) == 6
        store.apply_update(
            update("Alice owns two", relation_changes=(owns("o0", 0), owns("o1", 1)))
        )
        seen.append(reads())
        before = store.queries
        store.apply_update(update("Alice owns a third", relation_changes=(owns("o2", 2),)))
        store.apply_update(update("and a fourth", relation_changes=(owns("o3", 3),)))
        seen.append(reads())  # the newest two: o2, o3
        store.apply_update(end("o0"))
        seen.append(reads())  # o0 was not among the newest two: still kept
        assert store.queries == before + 3  # the three updates: every read answered as kept
        store.apply_update(end("o3"))
        seen.append(reads())  # at the bound: read again (o1 comes back), the other kept
        assert store.queries == before + 4 + 1
    assert seen == [
        [["o0", "o1"], ["o0", "o1"]],
        [["o2", "o3"], ["o0", "o1", "o2", "o3"]],
        [["o2", "o3"], ["o1", "o2", "o3"]],
        [["o1", "o2"], ["o1", "o2"]],
    ]
    assert seen[-1] == reads()
    store.close()
