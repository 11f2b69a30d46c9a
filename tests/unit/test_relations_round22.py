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


@pytest.mark.parametrize(
    "later",
    [
        "did anyone tell grandma that Hiro's lease in Nagoya ran out and he's living at his gf's in Kobe now??",
        "does Mum know that Hiro moved out of Nagoya?",
    ],
)
def test_news_in_a_question_about_who_knows_it_is_given_as_true(
    memory: TemporalGraphMemory, later: str
) -> None:
    facts = facts_after(memory, [(None, "Hiro lives in Nagoya."), (None, later)])
    assert ("Hiro", "LIVES_IN", "Nagoya") not in facts, facts


def test_a_question_about_knowing_a_thing_states_nothing(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "Hiro lives in Nagoya."), (None, "do you know that place in Nagoya?")])
    assert ("Hiro", "LIVES_IN", "Nagoya") in facts, facts
