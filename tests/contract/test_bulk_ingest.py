"""Bulk ingest stores exactly what one add() at a time stores on SQLite, on every store.

On Neo4j, ``add_many``'s plans answer their entity and relation reads from what the batch's
transaction has read before (``stores/neo4j/plan_cache.py``), kept current by the batch's own
updates; a stale answer would resolve a name to another entity or miss a current relation, and
change what is stored. The synthetic chat repeats names (Zipf), relations change and end, and the
small commit interval makes the cache start again many times.
"""

from __future__ import annotations

import collections
import itertools
import time
from datetime import timedelta
from typing import Any

import pytest
from benchmarks.synthetic import ChatGenerator

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations import RelationTracker
from recall_memory_plugins.stores.base import GraphStore
from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from tests.conftest import T0

# relations that change: a job, a home, a manager (interleaved with the synthetic chat)
SCRIPT = [
    "Alice Moreau works at Initech.",
    "Bob lives in Paris.",
    "Carol manages the Apollo project.",
    "Alice moved to Berlin.",
    "Alice now works at Globex.",
    "Bob moved to Rome.",
    "Dan manages the Apollo project now.",
    "She lives in Madrid now.",
]
# the same relations read by consecutive plans, changed in between
RUN = [
    "Erin works at Initech.",
    "Erin works at Globex.",
    "Erin works at Hooli.",
    "Erin lives in Oslo.",
    "Erin lives in Lima.",
    "Erin works at Hooli.",
]
TEXTS = [
    t
    for i, line in enumerate(ChatGenerator(11).take(240))
    for t in ([line, SCRIPT[i // 30]] if i % 30 == 29 else [*RUN, line] if i == 100 else [line])
]
QUESTIONS = ChatGenerator(11).questions(12)


def _memory(store: GraphStore, ns: str) -> TemporalGraphMemory:
    ids = itertools.count(1)  # relation ids in the order the plans make them
    tracker = RelationTracker(id_factory=lambda: f"rel-{next(ids)}")
    return TemporalGraphMemory(store, annotator="offline", namespace=ns, tracker=tracker)


def _items() -> list[dict[str, Any]]:
    return [
        {"text": t, "at": T0 + timedelta(seconds=i), "speaker": ("Ann", "Bo", None)[i % 3]}
        for i, t in enumerate(TEXTS)
    ]


def _state(memory: TemporalGraphMemory, store: GraphStore, ns: str) -> dict[str, Any]:
    steps = {s.id: s.t_index for s in store.find_statements(ns)}
    return {
        "stats": store.stats(ns),
        "statements": [(s.t_index, s.text, s.speaker, s.at) for s in store.find_statements(ns)],
        "entities": [
            (e.id, e.name, e.type, e.aliases, e.first_step, e.last_step)
            for e in store.find_entities(ns)
        ],
        "relations": [
            (
                r.id,
                r.subject_id,
                r.type,
                r.object_id,
                r.subject_name,
                r.object_name,
                r.attributes,
                r.valid_from_step,
                r.valid_from,
                r.valid_to_step,
                r.valid_to,
                r.superseded_by,
                steps.get(r.statement_id) if r.statement_id is not None else None,
                r.confirmations,
            )
            for r in store.find_relations(ns)
        ],
        "recall": [memory.recall(q, token_budget=300).text for q in QUESTIONS],
    }


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"batch_commit_every": 7},
        {"batch_commit_every": 9, "bulk_size": 4},
        {"batch_commit_every": 9, "bulk_size": 4, "write_behind": False},
        {"batch_commit_every": 500, "bulk_size": 25},
    ],
    ids=["defaults", "commit-every-7", "bulk-size-4", "bulk-size-4-inline", "bulk-size-25"],
)
def test_add_many_stores_what_add_stores_on_sqlite(
    store: GraphStore, ns: str, options: dict[str, Any]
) -> None:
    if options:
        if not hasattr(store, "_bulk_size"):
            pytest.skip("options of the Neo4j store")
        store._batch_commit_every = options["batch_commit_every"]  # type: ignore[attr-defined]
        store._bulk_size = options.get("bulk_size", 1)  # type: ignore[attr-defined]
        # write_behind: queued updates written by a helper thread while the next are planned
        store._write_behind = options.get("write_behind", True)  # type: ignore[attr-defined]
    got = _add_many_as_sqlite_adds(store, ns, batch_size=50)
    assert got["relations"], "the texts should make relations"
    assert any(r[9] is not None for r in got["relations"]), "and end some"


def _add_many_as_sqlite_adds(store: GraphStore, ns: str, *, batch_size: int) -> dict[str, Any]:
    """``add_many`` of the texts on ``store``, checked part by part against one ``add()`` at a
    time on SQLite; returns what ``store`` holds."""
    bulk = _memory(store, ns)
    bulk.add_many(_items(), batch_size=batch_size)
    with SqliteGraphStore(":memory:") as lite:
        one = _memory(lite, ns)
        for item in _items():
            one.add(item["text"], at=item["at"], speaker=item["speaker"])
        expected = _state(one, lite, ns)
    got = _state(bulk, store, ns)
    for part in expected:
        assert got[part] == expected[part], part
    return got


def test_add_many_plans_beside_a_busy_writer_as_add_does_on_sqlite(
    store: GraphStore, ns: str
) -> None:
    """While the batch's writer thread writes, the plans' entity and relation reads run beside
    the transaction, on the committed state with the transaction's updates laid over it
    (entities merged, relations added, ended and confirmed). The writer here waits before each
    write, so that nearly every read meets it busy."""
    if not hasattr(store, "_read_beside"):
        pytest.skip("the Neo4j store's writer thread")
    store._batch_commit_every = 500  # type: ignore[attr-defined]
    store._bulk_size = 4  # type: ignore[attr-defined]
    store._write_behind = True  # type: ignore[attr-defined]
    write, beside = store._write_queued, store._read_beside  # type: ignore[attr-defined]
    reads: collections.Counter[str] = collections.Counter()

    def slow_write(*args: Any) -> Any:
        time.sleep(0.01)  # a busy server: the next plans are made meanwhile
        return write(*args)

    relation_reads: collections.Counter[str] = collections.Counter()

    def counted(action: str, query: str, params: Any) -> Any:
        reads[action] += 1
        if action == "read relations":
            relation_reads[repr(sorted(params.items()))] += 1
        return beside(action, query, params)

    commit = store._commit  # type: ignore[attr-defined]
    transactions = 0

    def counted_commit(batch: Any) -> Any:
        nonlocal transactions
        transactions += batch.tx is not None
        return commit(batch)

    store._write_queued = slow_write  # type: ignore[attr-defined]
    store._read_beside = counted  # type: ignore[attr-defined]
    store._commit = counted_commit  # type: ignore[attr-defined]
    got = _add_many_as_sqlite_adds(store, ns, batch_size=120)
    assert reads["read entities"] > 10 and reads["read relations"] > 10, reads
    # a read made beside the writer is kept for the batch, as one in its transaction is: at
    # most one read of a kind per transaction (one per chunk, or more when a chunk takes over
    # a second: add_many commits at least once a second; 14 of one entity before, in 2 chunks)
    assert transactions >= -(-len(_items()) // 120)
    assert max(relation_reads.values()) <= transactions, relation_reads.most_common(3)
    assert any(r[9] is not None for r in got["relations"]), "relations should end"


def test_add_many_analyses_inside_the_batch_only_on_a_store_that_writes_behind(
    store: GraphStore, ns: str
) -> None:
    """On Neo4j (write-behind), a chunk's texts are analysed as the writes reach them, so the
    first updates are written before the last texts are analysed; on SQLite every text of a
    chunk is analysed before the batch opens."""
    events: list[str] = []
    memory = _memory(store, ns)
    prepare, apply = memory._prepare, store.apply_update

    def prepared(*args: Any, **kwargs: Any) -> Any:
        events.append("prepare")
        return prepare(*args, **kwargs)

    def applied(update: Any) -> Any:
        events.append("apply")
        return apply(update)

    memory._prepare = prepared  # type: ignore[method-assign]
    store.apply_update = applied  # type: ignore[method-assign]
    memory.add_many(_items()[:150], batch_size=150)
    assert events.count("prepare") == events.count("apply") == 150
    first_apply, last_prepare = (
        events.index("apply"),
        len(events) - 1 - events[::-1].index("prepare"),
    )
    if getattr(store, "writes_behind", False):
        assert first_apply < last_prepare  # 64 analysed, then written while the next are
    else:
        assert first_apply == 150  # all analysed first
