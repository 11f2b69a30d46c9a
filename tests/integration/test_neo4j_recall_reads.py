"""A recall on the Neo4j store in few queries (the merged reads of ``stores.merged``), with the
same result as on SQLite, from an engine that wrote the namespace and from a fresh one (whose
discourse is read from the store)."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.models import Recall
from recall_memory_plugins.stores.base import find_context_ids_in_groups
from recall_memory_plugins.stores.neo4j import Neo4jGraphStore, cypher
from tests.conftest import T0, Clock

CONVERSATION = [
    ("Brandon", "Brandon loves coffee."),
    ("Brandon", "Brandon wants to travel to Paris."),
    ("Alice", "Alice Moreau works for Acme as an engineer and lives in Berlin."),
    ("Alice", "Bob manages Project Orion. Alice reports to Bob."),
    (None, "张三是销售部的经理，他正在负责星火计划项目。"),
    ("Alice", "I moved to Munich last month and my cat Luna came with me."),
    ("Bob", "Project Orion depends on the billing service."),
    ("Brandon", "The coffee in Paris was great, Brandon said."),
]
QUESTIONS = [
    "Who wants to travel to Paris?",
    "Where does Alice Moreau live now?",
    "Where does she live?",
    "谁负责星火计划？",
    "Who manages Project Orion?",
    "What does the zebra think about quantum soup?",
]


MERGED_AWAY = {
    "read the clock",
    "read term frequencies",
    "expand the concept graph",
    "read recent entities",
    "read entities",
    "read context ids",
}


class CountingStore(Neo4jGraphStore):
    """The real Neo4j store, recording the queries it sends (their actions)."""

    actions: list[str]
    queries: list[str]

    def _run(self, action: str, query: str, *args: Any, **kwargs: Any) -> Any:
        self.actions.append(action)
        self.queries.append(query)
        return super()._run(action, query, *args, **kwargs)


@pytest.fixture
def counting(config: Any, driver: Any) -> Iterator[CountingStore]:
    s = CountingStore(driver=driver, database=config.database)
    s.actions, s.queries = [], []
    s.setup()
    yield s
    s.close()


def normalised(recall: Recall) -> dict[str, Any]:
    data = dataclasses.asdict(recall)
    for item in data["statements"]:
        item["statement"].pop("id")
    return data


@pytest.mark.neo4j
def test_recall_reads_few_queries_and_answers_as_sqlite(counting: CountingStore) -> None:
    ns = f"it-recall-reads-{uuid.uuid4().hex[:12]}"
    writer = TemporalGraphMemory(counting, annotator="offline", clock=Clock(), namespace=ns)
    lite = TemporalGraphMemory(":memory:", annotator="offline", clock=Clock(), namespace=ns)
    try:
        for speaker, text in CONVERSATION:
            writer.add(text, speaker=speaker)
            lite.add(text, speaker=speaker)
        fresh = TemporalGraphMemory(counting, annotator="offline", namespace=ns)
        for question in QUESTIONS:
            want = normalised(lite.recall(question, token_budget=300))
            for memory in (writer, fresh):  # discourse cached / read from the store
                counting.actions = []
                got = memory.recall(question, token_budget=300)
                assert normalised(got) == want, question
                # the clock, the question's concepts, its terms' frequencies, the recent
                # entities and the alias look-up are one query; BM25 and the contexts another
                assert counting.actions[0] == "read the question", counting.actions
                assert MERGED_AWAY.isdisjoint(counting.actions), (question, counting.actions)
                assert len(counting.actions) <= 7, (question, counting.actions)
        assert any(lite.recall(q, token_budget=300).facts for q in QUESTIONS)
    finally:
        lite.close()
        counting.clear(ns)


@pytest.mark.neo4j
def test_recalls_of_a_longer_chat_match_sqlite(counting: CountingStore) -> None:
    from benchmarks.synthetic import ChatGenerator

    ns = f"it-recall-reads-{uuid.uuid4().hex[:12]}"
    gen = ChatGenerator(7)
    items = [{"text": t, "at": T0 + timedelta(seconds=i)} for i, t in enumerate(gen.take(1500))]
    TemporalGraphMemory(counting, annotator="offline").add_many(items, namespace=ns)
    lite = TemporalGraphMemory(":memory:", annotator="offline")
    try:
        lite.add_many(items, namespace=ns)
        fresh = TemporalGraphMemory(counting, annotator="offline")
        late_follow_ups = 0
        for question in gen.questions(60):
            counting.queries = []
            got = fresh.recall(question, namespace=ns, token_budget=3000)
            assert normalised(got) == normalised(
                lite.recall(question, namespace=ns, token_budget=3000)
            ), question
            # follow-ups the boosts brought in, read after the statements
            late_follow_ups += cypher.STATEMENTS_AT in counting.queries
        assert late_follow_ups > 0
    finally:
        lite.close()
        counting.clear(ns)


def _operators(plan: Any) -> Iterator[tuple[str, str]]:
    """Every operator of a profiled plan with its details."""
    yield plan["operatorType"], str(plan.get("args", {}).get("Details", ""))
    for child in plan.get("children", ()):
        yield from _operators(child)


@pytest.mark.neo4j
def test_context_ids_are_read_from_the_concepts(
    counting: CountingStore, driver: Any, config: Any
) -> None:
    ns = f"it-recall-reads-{uuid.uuid4().hex[:12]}"
    memory = TemporalGraphMemory(counting, annotator="offline", clock=Clock(), namespace=ns)
    lite = TemporalGraphMemory(":memory:", annotator="offline", clock=Clock(), namespace=ns)
    try:
        for speaker, text in CONVERSATION * 3:
            memory.add(text, speaker=speaker)
            lite.add(text, speaker=speaker)
        groups = [(["coffe", "brandon"], 50), (["alic"], 2)]
        params, _ = counting._context_params(ns, groups)
        assert params is not None
        with driver.session(database=config.database) as session:
            summary = session.run("PROFILE " + cypher.FIND_CONTEXT_IDS_2, params).consume()
        operators = list(_operators(summary.profile))
        # the concept's two lists (schema 6): no member is read, by link or by label
        assert not any("IN_CONTEXT" in d or ":Statement" in d for op, d in operators), operators
        assert not any(op.startswith("Expand") for op, d in operators), operators
        # the same members, newest first per limit, as SQLite's (ids are store-wide on Neo4j)
        found = counting.find_context_ids_in_groups(ns, groups)
        want = find_context_ids_in_groups(lite.store, ns, groups)
        assert {n: [t for _, t in m] for n, m in found.items()} == {
            n: [t for _, t in m] for n, m in want.items()
        }
        assert [len(found[n]) for n in ("coffe", "brandon", "alic")] == [6, 9, 2]
    finally:
        lite.close()
        counting.clear(ns)


@pytest.mark.neo4j
def test_recall_reads_benchmark_script(
    counting: CountingStore, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from benchmarks import recall_reads

    ns = f"it-recall-reads-{uuid.uuid4().hex[:12]}"
    export = tmp_path / "export.jsonl"
    try:
        build = ["build", "--size", "80", "--export", str(export), "--namespace"]
        assert recall_reads.main([*build, ns]) == 0
        written = export.read_text()
        assert len(written.splitlines()) > 80
        assert recall_reads.main([*build, ns + "-again"]) == 0  # from the file, as another tree
        assert export.read_text() == written
        assert counting.count_statements(ns + "-again") == counting.count_statements(ns)
        runs = tmp_path / "runs.jsonl"
        base = ["--namespace", ns, "--questions", "6"]
        assert recall_reads.main(["time", *base, "--repeat", "2", "--runs", str(runs)]) == 0
        (row,) = [json.loads(line) for line in runs.read_text().splitlines()]
        assert row["questions"] == 12 and 0 < row["p50_ms"] <= row["p95_ms"]
        assert row["best_p50_ms"] <= row["p50_ms"] and 1 <= row["queries_per_recall"] <= 7
        assert row["by_action_ms_per_recall"]["read the question"] > 0
        # the recall texts: the same in two runs, each recall's strategy and text
        for name in ("a", "b"):
            assert recall_reads.main(["texts", *base, "--out", str(tmp_path / name)]) == 0
        a = json.loads((tmp_path / "a").read_text())
        assert a == json.loads((tmp_path / "b").read_text()) and len(a) == 6
        assert all(strategy in ("graph", "lexical", "recent") for strategy, _ in a)
        capsys.readouterr()
        assert recall_reads.main(["profile", *base, "--plans"]) == 0
        out = capsys.readouterr().out
        assert "--- read the question" in out and "NodeUniqueIndexSeek" in out
        assert "| read the question | 1.00 |" in out
        again = ["--namespace", ns + "-again", "--questions", "6"]
        assert recall_reads.main(["texts", *again, "--out", str(tmp_path / "c")]) == 0
        assert json.loads((tmp_path / "c").read_text()) == a
    finally:
        counting.clear(ns)
        counting.clear(ns + "-again")


@pytest.mark.neo4j
def test_after_ingest_benchmark_script(
    counting: CountingStore, capsys: pytest.CaptureFixture[str]
) -> None:
    """Recall rounds right after a bulk ingest: one line per round, its own namespace cleared."""
    from benchmarks import recall_reads

    capsys.readouterr()
    args = ["after-ingest", "--size", "40", "--questions", "5", "--rounds", "2", "--slow-ms", "0"]
    assert recall_reads.main(args) == 0
    out = capsys.readouterr().out
    ns = out.split(" into ", 1)[1].split(" ", 1)[0]
    assert ns.startswith("after-ingest-") and "40 statements into" in out
    assert "round 1: p50" in out and "round 2: p50" in out and "5 recalls over 0 ms" in out
    assert "  slowest queries: [('" in out  # every query is over 0 ms
    assert counting.count_statements(ns)[0] == 0  # cleared after


@pytest.mark.neo4j
def test_update_hits_benchmark_script(
    counting: CountingStore, capsys: pytest.CaptureFixture[str]
) -> None:
    """The update profiler: every add's query PROFILE'd in a rolled-back transaction, the
    namespace left with exactly the statements added."""
    from benchmarks import update_hits

    ns = f"it-update-hits-{uuid.uuid4().hex[:12]}"
    try:
        capsys.readouterr()
        assert update_hits.main(["--namespace", ns, "--fresh", "30", "--adds", "3"]) == 0
        out = capsys.readouterr().out
        assert f"namespace {ns}: 3 updates, db hits per update: mean" in out
        assert "| Create | `(s:Statement" in out
        assert counting.count_statements(ns)[0] == 33  # the PROFILE'd repeats were rolled back
    finally:
        counting.clear(ns)
