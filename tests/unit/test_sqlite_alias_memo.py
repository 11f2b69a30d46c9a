"""A SQLite batch keeps the entity alias look-ups of the relation layer (stores/sqlite/memo.py,
``AliasMemo``) and keeps them true through its own entity writes: every look-up inside a batch
answers exactly what the same query on the file answers (newest per alias, exact names, type and
id filters), and bulk ingest resolves names as one add at a time does."""

from __future__ import annotations

import random
from datetime import datetime, timezone
from pathlib import Path

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.models import Entity, EntityRecord, GraphUpdate
from recall_memory_plugins.stores.sqlite import SqliteGraphStore

NS = "t"
FIRST = ["Alex", "Sam", "Lee", "Ana"]
LAST = ["Kim", "Diaz", "Moreau", "Okafor", "Berg", "Sato", "Novak", "Ruiz"]


def _update(records: list[EntityRecord]) -> GraphUpdate:
    return GraphUpdate(NS, datetime.now(timezone.utc), (), entities=tuple(records))


def _sql(store: SqliteGraphStore, **query: object) -> list[Entity]:
    """The look-up without the memo: the query on what the transaction holds."""
    live = store._memo_live
    store._memo_live = False
    try:
        return store.find_entities(NS, **query)  # type: ignore[arg-type]
    finally:
        store._memo_live = live


def _queries(rng: random.Random, ids: list[str]) -> list[dict[str, object]]:
    keys = [n.lower() for n in FIRST] + ["alex kim", "nobody", "ALEX"]
    out: list[dict[str, object]] = []
    for _ in range(6):
        query: dict[str, object] = {
            "aliases": rng.sample(keys, rng.randint(1, 3)),
            "newest": rng.choice([0, 1, 2, 3, 12]),
        }
        if rng.random() < 0.3:
            query["type"] = rng.choice(["PERSON", "OTHER"])
        if rng.random() < 0.3 and ids:
            query["ids"] = rng.sample(ids, min(len(ids), 4))
        out.append(query)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_look_ups_in_a_batch_answer_what_the_file_holds(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    store = SqliteGraphStore(tmp_path / "a.db")
    ids: list[str] = []
    hits = 0
    for batch in range(4):  # answers outlive a batch when nobody else wrote
        with store.batch():
            memo = store._memo
            assert memo is not None
            for _ in range(25):
                records = []
                for _ in range(rng.randint(1, 3)):
                    if ids and rng.random() < 0.5:  # a known entity mentioned again
                        eid = rng.choice(ids)
                        # (a later record may make a vague type precise, or add an alias)
                        kind = rng.choice(["PERSON", "OTHER"])
                        extra = (rng.choice(FIRST),) if rng.random() < 0.2 else ()
                        records.append(EntityRecord(eid, "ignored", kind, extra))
                    else:
                        first, last = rng.choice(FIRST), rng.choice(LAST)
                        eid = f"e{len(ids)}"
                        ids.append(eid)
                        kind = rng.choice(["PERSON", "PERSON", "OTHER"])
                        name = first if rng.random() < 0.15 else f"{first} {last}"
                        records.append(EntityRecord(eid, name, kind, (first,)))
                store.apply_update(_update(records))
                for query in _queries(rng, ids):
                    assert store.find_entities(NS, **query) == _sql(store, **query), query  # type: ignore[arg-type]
            hits += memo.aliases.hits
        assert len(memo.aliases) > 0, f"batch {batch}: the memo kept nothing"
    assert hits > 100  # the answers above came from the memo
    # and what the batches wrote is what the file holds
    with SqliteGraphStore(tmp_path / "a.db") as fresh:
        for query in _queries(rng, ids):
            assert store.find_entities(NS, **query) == fresh.find_entities(NS, **query)  # type: ignore[arg-type]
    store.close()


def test_other_writes_and_rollbacks_empty_it(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    store = SqliteGraphStore(path)
    query = {"aliases": ["alex"], "newest": 1}
    with store.batch():
        store.apply_update(_update([EntityRecord("e1", "Alex Kim", "PERSON", ("Alex",))]))
        assert [e.id for e in store.find_entities(NS, **query)] == ["e1"]  # type: ignore[arg-type]
        memo = store._memo
        assert memo is not None and len(memo.aliases) > 0
        with pytest.raises(RuntimeError), store.atomic(memo_follows=True):
            raise RuntimeError("a write that fails")
        assert len(memo.aliases) == 0
        store.find_entities(NS, **query)  # type: ignore[arg-type]
        assert len(memo.aliases) > 0
    # another connection writes between two batches: the kept look-ups are dropped
    with SqliteGraphStore(path) as other:
        other.apply_update(_update([EntityRecord("e2", "Alex Diaz", "PERSON", ("Alex",))]))
    with store.batch():
        assert [e.id for e in store.find_entities(NS, **query)] == ["e2"]  # type: ignore[arg-type]
        store.delete_entity(NS, "e2")  # a write the memo does not follow
        assert len(memo.aliases) == 0
        assert [e.id for e in store.find_entities(NS, **query)] == ["e1"]  # type: ignore[arg-type]
    store.close()


def test_bulk_ingest_resolves_names_as_single_adds(tmp_path: Path) -> None:
    texts = [
        f"{first} {last} moved to {city}." if i % 3 else f"{first} said hi to {first} {last}."
        for i, (first, last, city) in enumerate(
            (FIRST[i % 4], LAST[(i * 5) % 8], ["Oslo", "Lima", "Pune"][i % 3]) for i in range(60)
        )
    ]
    one = TemporalGraphMemory(str(tmp_path / "one.db"), annotator="offline")
    for text in texts:
        one.add(text, namespace=NS)
    bulk = TemporalGraphMemory(str(tmp_path / "bulk.db"), annotator="offline")
    bulk.add_many(texts, namespace=NS)

    def facts(memory: TemporalGraphMemory) -> list[tuple[str, str, str]]:
        names = {e.id: e.name for e in memory.entities(namespace=NS)}
        return sorted(
            (names[r.subject_id], r.type, names.get(r.object_id or "", ""))
            for r in memory.relations(namespace=NS)
        )

    assert facts(one) and facts(one) == facts(bulk)
    assert sorted(e.name for e in one.entities(namespace=NS)) == sorted(
        e.name for e in bulk.entities(namespace=NS)
    )
    one.close()
    bulk.close()
