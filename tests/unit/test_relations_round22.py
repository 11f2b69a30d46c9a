"""Twenty-second round of the relation layer: general readings. A reminder to the readers ("in
case ppl missed it:", "if anyone's wondering,") is no condition on the news after it. Real SQLite
(``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.patterns.mood import unasserted

from ._facts import facts_after


@pytest.mark.parametrize(
    "later",
    [
        "in case ppl missed it: Rhea got poached by Siemens, she's been there since the 3rd.",
        "If anyone's wondering, Rhea got poached by Siemens last week.",
        "If you haven't heard yet, Rhea got poached by Siemens.",
    ],
)
def test_a_reminder_to_the_readers_does_not_hold_back_the_news(
    memory: TemporalGraphMemory, later: str
) -> None:
    facts = facts_after(memory, [(None, "Rhea Okafor works for Bosch."), (None, later)])
    assert ("Rhea Okafor", "WORKS_FOR", "Bosch") not in facts, facts


@pytest.mark.parametrize(
    "sentence",
    [
        "If Rita leaves, Sam will take over Project Titan.",
        "If anyone asks, Tom will move to Paris.",
        "In case the deal fails, Ada moves to Lyon.",
    ],
)
def test_a_real_condition_still_asserts_nothing(sentence: str) -> None:
    assert unasserted(sentence)
