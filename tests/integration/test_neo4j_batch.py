"""``Neo4jGraphStore.batch()`` on a real server: one shared transaction, reads that see its
uncommitted writes, per-update atomicity without savepoints, periodic commits, isolation from
other threads, and what a server-side failure in the middle rolls back.

Needs ``NEO4J_URI`` (``eval "$(scripts/neo4j-test-server start)"``); skips visibly without it,
except under ``RECALL_REQUIRE_SERVICES=1``. The failure test starts a private server with the
same script, so terminating "every other transaction" there never disturbs a shared one.
"""

from __future__ import annotations

import os
import shutil
import threading
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.errors import InputError, StoreError
from recall_memory_plugins.models import EntityRecord, RelationChange
from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore
from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from tests.conftest import Clock, skip_or_fail
from tests.integration.test_neo4j_store import CONVERSATION, _server, nodes_of, small_update

pytestmark = pytest.mark.neo4j


@pytest.fixture
def ns(store: Neo4jGraphStore) -> Iterator[str]:
    name = f"it-batch-{uuid.uuid4().hex[:12]}"
    yield name
    store.clear(name)


def committed_texts(driver: Any, config: Neo4jConfig, ns: str) -> list[str]:
    """The statements another connection sees (committed data only), oldest first."""
    records = driver.execute_query(
        "MATCH (s:Statement {namespace: $ns}) RETURN s.text AS text ORDER BY s.id",
        {"ns": ns},
        database_=config.database,
    ).records
    return [r["text"] for r in records]


def test_reads_inside_a_batch_see_its_writes_and_others_see_them_after_the_commit(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    alice = EntityRecord("e-alice", "Alice", "PERSON", ("Al",))
    with store.batch():
        first = store.apply_update(small_update(ns, "one", ["a", "b"], entities=(alice,)))
        second = store.apply_update(
            small_update(
                ns,
                "two",
                ["b", "c"],
                relation_changes=(RelationChange("add", "r1", "e-alice", "LIKES", None),),
            )
        )
        # the engine reads back what it just wrote: same transaction, uncommitted
        assert (first.t_index, second.t_index) == (1, 2)
        assert store.current_step(ns) == 2
        assert [s.text for s in store.find_statements(ns)] == ["one", "two"]
        assert [e.id for e in store.find_entities(ns, aliases=["al"])] == ["e-alice"]
        assert [r.id for r in store.find_relations(ns, current_only=True)] == ["r1"]
        assert store.find_concepts(ns, ["b"])[0].mentions == 2
        assert committed_texts(driver, config, ns) == []  # nothing committed yet
        # a nested batch joins the outer one: leaving it commits nothing
        with store.batch():
            store.apply_update(
                small_update(ns, "three", ["c"], relation_changes=(RelationChange("end", "r1"),))
            )
        assert committed_texts(driver, config, ns) == []
        assert store.find_relations(ns, current_only=True) == []
    assert committed_texts(driver, config, ns) == ["one", "two", "three"]
    assert store.current_step(ns) == 3
    assert store.find_relations(ns)[0].valid_to_step == 3


@pytest.mark.parametrize(
    "bad",
    [
        pytest.param({"links": (("x", "ghost", 1),)}, id="link-to-an-unknown-concept"),
        pytest.param({"relation_changes": (RelationChange("end", "nope"),)}, id="end-unknown"),
        pytest.param(
            {"relation_changes": (RelationChange("end", "r1"), RelationChange("end", "r1"))},
            id="end-twice",
        ),
        pytest.param(
            {"relation_changes": (RelationChange("add", "r1", "e", "T"),)}, id="duplicate-id"
        ),
    ],
)
def test_a_rejected_update_writes_nothing_and_the_completed_ones_are_committed(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str, bad: dict[str, Any]
) -> None:
    first = small_update(
        ns, "one", ["a"], relation_changes=(RelationChange("add", "r1", "e", "T"),)
    )
    with pytest.raises((InputError, StoreError)) as err:
        with store.batch():
            store.apply_update(first)
            store.apply_update(small_update(ns, "two", ["a", "b"]))
            before = nodes_of(driver, config, ns)  # committed nodes: none yet
            store.apply_update(small_update(ns, "bad", ["x", "a"], **bad))
    assert "rolled back" not in str(err.value)
    assert before == 0
    # the two updates before it were committed, nothing of the rejected one exists
    assert committed_texts(driver, config, ns) == ["one", "two"]
    assert store.current_step(ns) == 2
    assert store.find_concepts(ns, ["x"]) == []
    assert store.find_concepts(ns, ["a"])[0].mentions == 2
    assert store.term_frequencies(ns, ["a", "x"]) == {"a": 2}
    assert [(r.id, r.valid_to_step) for r in store.find_relations(ns)] == [("r1", None)]
    assert store.count_statements(ns) == (2, 1.5)


def test_a_rejected_update_caught_inside_the_batch_lets_the_batch_go_on(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    with store.batch():
        store.apply_update(small_update(ns, "one", ["a"]))
        with pytest.raises(InputError):
            store.apply_update(small_update(ns, "bad", ["x"], links=(("x", "ghost", 1),)))
        assert store.apply_update(small_update(ns, "two", ["a"])).t_index == 2
    assert committed_texts(driver, config, ns) == ["one", "two"]


def test_any_other_error_in_the_block_still_commits_the_completed_updates(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    with pytest.raises(ZeroDivisionError):
        with store.batch():
            store.apply_update(small_update(ns, "one", ["a"]))
            _ = 1 / 0
    assert committed_texts(driver, config, ns) == ["one"]


def test_a_long_batch_commits_every_n_updates(driver: Any, config: Neo4jConfig, ns: str) -> None:
    store = Neo4jGraphStore(driver=driver, database=config.database, batch_commit_every=3)
    seen: list[int] = []
    with store.batch():
        for i in range(8):
            store.apply_update(small_update(ns, f"s{i}", ["a", f"t{i % 2}"]))
            assert store.current_step(ns) == i + 1  # before and after each commit
            seen.append(len(committed_texts(driver, config, ns)))
    assert seen == [0, 0, 3, 3, 3, 6, 6, 6]
    assert committed_texts(driver, config, ns) == [f"s{i}" for i in range(8)]
    assert store.current_step(ns) == 8
    assert store.find_concepts(ns, ["a"])[0].mentions == 8


def test_other_threads_do_not_see_a_batch_before_its_commit(
    store: Neo4jGraphStore, ns: str
) -> None:
    seen: dict[str, Any] = {}

    def other_thread() -> None:
        seen["step"] = store.current_step(ns)
        seen["texts"] = [s.text for s in store.find_statements(ns)]

    with store.batch():
        store.apply_update(small_update(ns, "one", ["a"]))
        worker = threading.Thread(target=other_thread)
        worker.start()
        worker.join(timeout=60)
        assert not worker.is_alive()
        assert store.current_step(ns) == 1
    assert seen == {"step": 0, "texts": []}
    worker = threading.Thread(target=other_thread)
    worker.start()
    worker.join(timeout=60)
    assert seen == {"step": 1, "texts": ["one"]}


def test_clear_and_setup_inside_a_batch_commit_it_first(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    other = ns + "-other"
    with store.batch():
        store.apply_update(small_update(ns, "one", ["a"]))
        store.apply_update(small_update(other, "gone", ["a"]))
        # in transactions of their own, which would otherwise wait for the batch's locks
        store.clear(other)
        assert committed_texts(driver, config, ns) == ["one"]
        store.setup()
        store.apply_update(small_update(ns, "two", ["a"]))
    assert committed_texts(driver, config, ns) == ["one", "two"]
    assert nodes_of(driver, config, other) == 0


def test_add_many_on_neo4j_stores_what_add_stores_on_sqlite(
    config: Neo4jConfig, driver: Any, ns: str
) -> None:
    # a small commit interval and batch size: add_many crosses both boundaries
    neo = Neo4jGraphStore(driver=driver, database=config.database, batch_commit_every=2)
    neo.setup()
    bulk = TemporalGraphMemory(neo, annotator="offline", clock=Clock(), namespace=ns)
    bulk.add_many([{"text": t, "speaker": who} for who, t in CONVERSATION], batch_size=4)
    with SqliteGraphStore(":memory:") as lite:
        one = TemporalGraphMemory(lite, annotator="offline", clock=Clock(), namespace=ns)
        for who, text in CONVERSATION:
            one.add(text, speaker=who)
        assert neo.stats(ns) == lite.stats(ns)
        assert [(s.text, s.t_index) for s in neo.find_statements(ns)] == [
            (s.text, s.t_index) for s in lite.find_statements(ns)
        ]
        assert [
            (r.type, r.subject_name, r.object_name, r.valid_to_step) for r in bulk.relations()
        ] == [(r.type, r.subject_name, r.object_name, r.valid_to_step) for r in one.relations()]
    neo.close()


# ----------------------------------------------------------------------------------- failure
@pytest.fixture
def private_server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A Neo4j server of this test alone (its transactions may be terminated at will)."""
    for tool in ("java", "mvn"):
        if shutil.which(tool) is None and not (tool == "java" and os.environ.get("JAVA_HOME")):
            skip_or_fail(f"{tool} is needed to start a private Neo4j server")
    password = "pw-" + uuid.uuid4().hex
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
        yield values["NEO4J_URI"], password
    finally:
        _server("stop", state_dir, env)


def test_a_server_side_failure_rolls_back_the_uncommitted_part_of_the_batch(
    private_server: tuple[str, str],
) -> None:
    import neo4j

    uri, password = private_server
    ns = "failure"
    with neo4j.GraphDatabase.driver(uri, auth=("neo4j", password)) as admin:
        store = Neo4jGraphStore(uri, auth=("neo4j", password), batch_commit_every=2)
        try:
            store.setup()
            with pytest.raises(StoreError, match="rolled back") as err:
                with store.batch():
                    for text in ("one", "two", "three"):  # one and two are committed
                        store.apply_update(small_update(ns, text, ["a"]))
                    # what an administrator, a timeout or a failover does to the open transaction
                    others = admin.execute_query(
                        "SHOW TRANSACTIONS YIELD transactionId, currentQuery "
                        "WHERE NOT currentQuery STARTS WITH 'SHOW TRANSACTIONS' "
                        "RETURN collect(transactionId) AS ids"
                    ).records[0]["ids"]
                    assert others
                    admin.execute_query("TERMINATE TRANSACTIONS $ids", {"ids": others})
                    try:
                        store.apply_update(small_update(ns, "four", ["a"]))
                    finally:
                        # the block is unusable now, reads included
                        with pytest.raises(StoreError, match="leave the batch"):
                            store.current_step(ns)
            assert uri in str(err.value)
            assert [s.text for s in store.find_statements(ns)] == ["one", "two"]
            assert store.current_step(ns) == 2
            # the store itself is fine: outside the batch, and in a new one
            with store.batch():
                assert store.apply_update(small_update(ns, "five", ["a"])).t_index == 3
            assert [s.text for s in store.find_statements(ns)] == ["one", "two", "five"]
        finally:
            store.close()


def test_a_batch_holds_the_write_lock_from_its_first_read(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    """What a batch reads stays true until it commits: its first query, even a read, takes the
    store-wide lock every writer takes first, so another writer waits (here: times out)."""
    from neo4j import Query
    from neo4j.exceptions import Neo4jError

    def other_writer() -> str:
        with driver.session(database=config.database) as session:
            try:
                session.run(
                    Query(
                        "MATCH (c:RecallCounter {name: 'statement_id'}) SET c.probe = 1 "
                        "REMOVE c.probe",
                        timeout=3,
                    )
                ).consume()
            except Neo4jError as exc:
                return f"waited: {exc.code}"
            return "wrote"

    assert other_writer() == "wrote"  # nothing holds the lock
    with store.batch():
        assert store.current_step(ns) == 0  # a read only
        assert other_writer().startswith("waited")
    assert other_writer() == "wrote"


# -------------------------------------------------------------------------------------- bulk
def _bulk_store(driver: Any, config: Neo4jConfig, **kw: Any) -> Neo4jGraphStore:
    s = Neo4jGraphStore(driver=driver, database=config.database, **kw)
    s.setup()
    return s


def test_bulk_answers_updates_before_writing_them_and_reads_see_them(
    driver: Any, config: Neo4jConfig, ns: str
) -> None:
    # write_behind=False: queued updates wait for bulk_size (or a read) as below
    store = _bulk_store(driver, config, bulk_size=3, write_behind=False)
    alice = EntityRecord("e-alice", "Alice", "PERSON", ("Al",))
    bob = EntityRecord("e-bob", "Bob", "PERSON")
    with store.bulk():
        first = store.apply_update(small_update(ns, "one", ["a", "b"]))  # at once: reads the clock
        second = store.apply_update(small_update(ns, "two", ["b", "c"], entities=(alice,)))
        # queued, answered with the step and ids it will get; nothing of it written yet
        assert (second.t_index, second.statement_ids) == (2, (first.statement_ids[0] + 1,))
        assert store.current_step(ns) == 2
        # entity look-ups answer as after the queued writes, without writing them
        assert store.find_entities(ns, aliases=["bob"]) == []
        assert [e.id for e in store.find_entities(ns, aliases=["al"])] == ["e-alice"]
        assert _texts_in_transaction(store, ns) == ["one"]
        store.apply_update(
            small_update(
                ns,
                "three",
                ["c"],
                entities=(bob,),
                relation_changes=(RelationChange("add", "r1", "e-alice", "KNOWS", "e-bob"),),
            )
        )
        # queued relation changes: every relation read writes them first
        rels = store.find_relations(ns, entity_id="e-alice")
        assert [(r.id, r.subject_name, r.object_name) for r in rels] == [("r1", "Alice", "Bob")]
        results = [store.apply_update(small_update(ns, f"x{i}", ["d", "a"])) for i in range(5)]
        assert [r.t_index for r in results] == [4, 5, 6, 7, 8]  # crossed bulk_size: written
        assert committed_texts(driver, config, ns) == []  # one transaction until the block ends
    texts = ["one", "two", "three", "x0", "x1", "x2", "x3", "x4"]
    assert committed_texts(driver, config, ns) == texts
    stored = store.find_statements(ns)
    assert [(s.text, s.t_index) for s in stored] == [(t, i + 1) for i, t in enumerate(texts)]
    assert [s.id for s in stored[-5:]] == [i for r in results for i in r.statement_ids]
    # the same updates through batch(), one query each, store the same graph
    plain = ns + "-plain"
    try:
        with store.batch():
            store.apply_update(small_update(plain, "one", ["a", "b"]))
            store.apply_update(small_update(plain, "two", ["b", "c"], entities=(alice,)))
            store.apply_update(
                small_update(
                    plain,
                    "three",
                    ["c"],
                    entities=(bob,),
                    relation_changes=(RelationChange("add", "r1", "e-alice", "KNOWS", "e-bob"),),
                )
            )
            for i in range(5):
                store.apply_update(small_update(plain, f"x{i}", ["d", "a"]))
        assert store.stats(plain) == replace(store.stats(ns), namespace=plain)
        names = ["a", "b", "c", "d"]
        assert [(c.name, c.mentions, c.revision_count) for c in store.find_concepts(ns, names)] == [
            (c.name, c.mentions, c.revision_count) for c in store.find_concepts(plain, names)
        ]
        assert store.find_links(ns) == [
            type(lk)(ns, lk.source, lk.target, lk.strength, lk.t_index)
            for lk in store.find_links(plain)
        ]
    finally:
        store.clear(plain)
        store.close()


def test_entity_look_ups_in_bulk_answer_as_after_the_queued_writes(
    driver: Any, config: Neo4jConfig, ns: str
) -> None:
    store = _bulk_store(driver, config, bulk_size=50, write_behind=False)
    looks: list[dict[str, Any]] = [
        {"aliases": ["xav"]},
        {"aliases": ["x", "yara", "nobody"]},
        {"ids": ["e-x", "e-y", "e-none"]},
        {"aliases": ["xav"], "type": "PERSON"},
        {"aliases": ["x"], "type": "OTHER"},
        {"aliases": ["xav"], "newest": 1},
    ]
    try:
        with store.bulk():
            store.apply_update(  # at once: stored
                small_update(
                    ns, "one", ["a"], entities=(EntityRecord("e-x", "Xavier", "OTHER", ("X",)),)
                )
            )
            # queued: a new alias and a specific type for e-x, a new entity sharing the alias
            store.apply_update(
                small_update(
                    ns, "two", ["a"], entities=(EntityRecord("e-x", "Xavier", "PERSON", ("Xav",)),)
                )
            )
            store.apply_update(
                small_update(
                    ns, "three", ["a"], entities=(EntityRecord("e-y", "Yara", "PERSON", ("Xav",)),)
                )
            )
            before = [store.find_entities(ns, **kw) for kw in looks]
            assert _texts_in_transaction(store, ns) == ["one"]  # nothing written for them
            store.find_statements(ns)  # any other read writes the queue first
            assert _texts_in_transaction(store, ns) == ["one", "two", "three"]
            after = [store.find_entities(ns, **kw) for kw in looks]
        assert before == after
        x, y = before[2]
        assert (x.type, x.aliases, x.first_step, x.last_step) == (
            "PERSON",
            ("Xavier", "X", "Xav"),
            1,
            2,
        )
        assert (y.id, y.first_step, y.last_step) == ("e-y", 3, 3)
        assert [e.id for e in before[5]] == ["e-y"]  # the newest one with the alias
        assert before[4] == []
    finally:
        store.close()


def _texts_in_transaction(store: Neo4jGraphStore, ns: str) -> list[str]:
    """The statements the batch's own transaction holds, read without writing its queue."""
    rows = store._run(
        "read statements",
        "MATCH (s:Statement {namespace: $ns}) RETURN s.text AS text ORDER BY s.id",
        {"ns": ns},
        pending_ok=True,
    )
    return [r["text"] for r in rows]


def test_a_rejected_queued_update_rolls_the_bulk_batch_back(
    driver: Any, config: Neo4jConfig, ns: str
) -> None:
    store = _bulk_store(driver, config, bulk_size=25)
    try:
        with pytest.raises(StoreError, match="rolled back") as err:
            with store.bulk():
                store.apply_update(small_update(ns, "one", ["a"]))
                # queued and answered: the link to an unknown concept is noticed when written
                store.apply_update(small_update(ns, "bad", ["x"], links=(("x", "ghost", 1),)))
        assert "ghost" in str(err.value)
        assert committed_texts(driver, config, ns) == []
        assert store.current_step(ns) == 0
    finally:
        store.close()


def test_add_many_through_bulk_stores_what_add_stores(
    config: Neo4jConfig, driver: Any, ns: str
) -> None:
    neo = _bulk_store(driver, config, bulk_size=2)
    many = TemporalGraphMemory(neo, annotator="offline", clock=Clock(), namespace=ns)
    many.add_many([{"text": t, "speaker": who} for who, t in CONVERSATION * 2])
    one_ns = ns + "-one"
    one = TemporalGraphMemory(neo, annotator="offline", clock=Clock(), namespace=one_ns)
    try:
        for who, text in CONVERSATION * 2:
            one.add(text, speaker=who)
        assert replace(neo.stats(ns), namespace=one_ns) == neo.stats(one_ns)
        assert [
            (r.type, r.subject_name, r.object_name, r.valid_from_step, r.valid_to_step)
            for r in many.relations(include_ended=True)
        ] == [
            (r.type, r.subject_name, r.object_name, r.valid_from_step, r.valid_to_step)
            for r in one.relations(include_ended=True)
        ]
        question = "Where does Alice work now?"
        assert many.recall(question).text == one.recall(question).text
    finally:
        neo.clear(one_ns)
        neo.close()


# ----------------------------------------------------------------------------------- reading
def test_reads_inside_reading_answer_as_outside_and_writes_are_unaffected(
    store: Neo4jGraphStore, driver: Any, config: Neo4jConfig, ns: str
) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", clock=Clock(), namespace=ns)
    memory.add_many([{"text": t, "speaker": who} for who, t in CONVERSATION])
    questions = ["Where does Alice work?", "Who manages the project?", "anything"]
    outside = [memory.recall(q).text for q in questions]
    with store.reading():
        with store.reading():  # nested: joins the outer block
            assert [memory.recall(q).text for q in questions] == outside
        # a write inside the block is its own transaction, committed at once
        store.apply_update(small_update(ns, "later", ["a"]))
        assert committed_texts(driver, config, ns)[-1] == "later"
        assert store.current_step(ns) == len(CONVERSATION) + 1
    # inside a batch the batch's transaction answers (its uncommitted writes included)
    with store.batch(), store.reading():
        store.apply_update(small_update(ns, "uncommitted", ["a"]))
        assert store.find_statements(ns)[-1].text == "uncommitted"
