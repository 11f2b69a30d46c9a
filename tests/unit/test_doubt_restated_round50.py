"""Round 50: a value said to hold now keeps it ("I love living in Paris"), but a value missed or
felt about in the past ("I miss living in Paris", "I loved working at Acme", 怀念住在杭州) is no
restatement: the old fact is left unsure as before."""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory


def _unsure(first: str, second: str) -> bool:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(first, speaker="Alice")
        memory.add(second, speaker="Alice")
        facts = memory.relations(include_unsure=True)
        assert facts, "the first fact was not read"
        return all(r.attributes.get("unsure") == "true" for r in facts)


@pytest.mark.parametrize(("first", "second"), [
    ("I live in Paris.", "I miss living in Paris."),
    ("I live in Paris.", "I really miss living in Paris so much."),
    ("I work at Acme.", "I loved working at Acme."),
    ("I work at Acme.", "I enjoyed working at Acme."),
    ("我住在杭州。", "我很怀念住在杭州的日子。"),
])
def test_a_value_missed_or_felt_about_in_the_past_is_left_unsure(first: str, second: str) -> None:
    assert _unsure(first, second)


@pytest.mark.parametrize(("first", "second"), [
    ("I live in Paris.", "I love living in Paris."),
    ("I work at Acme.", "I have worked at Acme since 2020."),
])
def test_a_value_said_to_hold_now_is_kept(first: str, second: str) -> None:
    assert not _unsure(first, second)
