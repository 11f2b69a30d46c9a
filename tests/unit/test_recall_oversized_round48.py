"""With the default ``excerpts="off"``, a statement longer than the whole budget enters as its
sentences that match the question (docs/configuration.md), also when other statements are
stored: it was dropped and the budget went to them."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

LONG = (
    "Long day today. I woke up at six because the neighbour's dog was barking at the postman again. "
    "Breakfast was porridge with the last of the blueberries, and then I cycled to the library in the rain. "
    "At eleven the council inspector came to look at the roof above the local history shelves. "
    "He said the full roof replacement will cost around 30,000 pounds. "
    "Lunch was a sad sandwich at my desk while I answered emails about the summer reading program. "
    "After closing I went to pottery, where Bea showed us how to pull handles for mugs."
)
T0 = datetime(2025, 3, 1, 21, tzinfo=timezone.utc)


@pytest.mark.parametrize("budget", [60, 80, 100])
def test_an_oversized_answer_enters_as_its_matching_sentences(budget: int) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Quick note: the boiler is fine again.", speaker="Nora", at=T0 - timedelta(days=3))
        memory.add(LONG, speaker="Nora", at=T0)
        recall = memory.recall("How much will the roof replacement cost?", token_budget=budget)
        assert "30,000 pounds" in recall.text
        assert recall.token_count <= budget


def test_a_statement_that_fits_enters_whole() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Quick note: the boiler is fine again.", speaker="Nora", at=T0 - timedelta(days=3))
        memory.add(LONG, speaker="Nora", at=T0)
        recall = memory.recall("How much will the roof replacement cost?", token_budget=400)
        assert LONG in recall.text


VISIT = (
    "Thanks for waiting Dana, I have gone through the whole history of your line and the logs from the router. "
    "The line test shows noise on the line, most likely from a damaged cable between the pole and your house. "
    "I have booked an engineer visit for you to replace the cable and check the wall socket. "
    "It is on Thursday March 6, between 8am and 1pm, and the engineer will call thirty minutes before arriving. "
    "Please make sure someone over eighteen is at home and that the router is reachable. "
    "If the slot does not suit you, reply here and I will move it, there are more slots the week after."
)


@pytest.mark.parametrize("others", [0, 1])
def test_an_excerpt_keeps_the_sentence_after_its_match_when_it_fits(others: int) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        if others:
            memory.add("ok thanks, the router is back on", speaker="Dana", at=T0 - timedelta(days=1))
        memory.add(VISIT, speaker="Raj", at=T0)
        recall = memory.recall("When is the engineer visit?", token_budget=90)
        assert "I have booked an engineer visit" in recall.text
        assert "Thursday March 6" in recall.text
        assert recall.token_count <= 90


def test_the_sentence_after_is_left_out_when_it_does_not_fit() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(VISIT, speaker="Raj", at=T0)
        recall = memory.recall("When is the engineer visit?", token_budget=40)
        assert "I have booked an engineer visit" in recall.text
        assert "Thursday March 6" not in recall.text
        assert recall.token_count <= 40
