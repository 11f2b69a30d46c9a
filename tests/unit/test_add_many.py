"""Bulk ingest: ``add_many`` shares commits but keeps each text's meaning and order."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.errors import InputError

from ..conftest import T0


def test_add_many_matches_add_one_by_one(tmp_path: Path) -> None:
    turns = [
        {"text": "Alice leads Project Orion.", "speaker": "Bob", "source": "m1"},
        {"text": "I moved to Lisbon last spring.", "speaker": "Alice", "source": "m2"},
        {"text": "Alice handed Project Orion over to Bob.", "source": "m3"},
        "Carol works at Acme.",
    ]
    bulk = TemporalGraphMemory(tmp_path / "bulk.db", annotator="offline")
    one = TemporalGraphMemory(tmp_path / "one.db", annotator="offline")
    results = bulk.add_many(turns, at=T0, batch_size=3)
    for i, turn in enumerate(turns):
        item = turn if isinstance(turn, dict) else {"text": turn}
        one.add(item["text"], at=T0, speaker=item.get("speaker"), source=item.get("source"))
        assert results[i].t_index == i + 1
    assert [(s.text, s.speaker, s.source, s.t_index) for s in bulk.statements()] == [
        (s.text, s.speaker, s.source, s.t_index) for s in one.statements()
    ]
    question = "Who leads Project Orion now?"
    assert bulk.recall(question).text == one.recall(question).text

    def facts(memory: TemporalGraphMemory) -> list[tuple[object, ...]]:
        return [
            (r.subject_name, r.type, r.object_name, r.valid_from_step, r.valid_to_step)
            for r in memory.relations(include_ended=True)
        ]

    assert facts(bulk) == facts(one) and len(facts(one)) >= 3
    # the store reopened from disk holds every batch
    bulk.close()
    again = TemporalGraphMemory(tmp_path / "bulk.db", annotator="offline")
    assert len(again.statements()) == 4


def test_add_many_item_times_and_defaults() -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    memory.add_many([{"text": "first", "at": T0}, {"text": "second"}], at=T0 + timedelta(days=2))
    assert [s.at for s in memory.statements()] == [T0, T0 + timedelta(days=2)]


@pytest.mark.parametrize(
    "bad",
    [
        [{"text": "ok"}, {"txt": "typo"}],
        [{"text": "ok"}, 42],
        [{"text": "ok"}, {"text": "naive time", "at": T0.replace(tzinfo=None)}],
    ],
)
def test_an_invalid_item_stores_nothing(bad: list[object]) -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    memory.add("kept before")
    with pytest.raises(InputError):
        memory.add_many(bad)  # type: ignore[arg-type]
    assert [s.text for s in memory.statements()] == ["kept before"]


def test_batch_size_is_checked() -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    with pytest.raises(InputError):
        memory.add_many(["x"], batch_size=0)
