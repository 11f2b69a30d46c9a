"""A statement longer than the whole budget enters as its question-matched sentences: the best
one, then the next best while the excerpt stays within half the budget, each with the sentence
after it (round 49: a minutes note whose header matched the question's date kept only the header,
and the treasurer's paragraph with the answer was cut while most of the budget was unused). Real
SQLite and token counter; the note is written for this test."""

from __future__ import annotations

from datetime import datetime, timezone

from recall_memory_plugins import TemporalGraphMemory

NOTE = """Allotment society minutes, April 2026.

Apologies came from three plot holders who were away. The minutes of the last meeting were agreed as written. The chair thanked everyone who helped clear the paths.

Visiting speaker. Our visitor this month was Dr Ines Caldwell. She talked about soil health and answered questions for half an hour.

Treasurer's report. The society's balance stands at 3,418 pounds. The committee agreed that the seed swap should run again in May.

Water. The new tap by plot 12 works well. Several members asked for a second water butt near the shed.

Next meeting. The next meeting will be in the church hall. The secretary will circulate the rota before then."""


def test_an_oversized_note_keeps_the_sentence_with_the_answer() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(NOTE, at=datetime(2026, 4, 9, 19, tzinfo=timezone.utc))
        recall = memory.recall("What was the treasurer's balance in April 2026?", token_budget=150)
    assert "3,418 pounds" in recall.text, recall.text
    assert recall.token_count <= 150
    assert "church hall" not in recall.text  # an excerpt, not the whole note


def test_a_tiny_budget_still_gets_the_best_sentence_alone() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(NOTE, at=datetime(2026, 4, 9, 19, tzinfo=timezone.utc))
        recall = memory.recall("Who was the visiting speaker?", token_budget=40)
    assert recall.token_count <= 40
    assert "Caldwell" in recall.text or "Visiting speaker" in recall.text, recall.text


def test_a_decimal_number_is_no_sentence_end() -> None:
    filler = (
        "The minutes of the last meeting were agreed as written. Members discussed how to bring in "
        "more volunteers. The secretary will update the contact list. "
    )
    text = (
        "Canal footbridge report. " + filler + "The footbridge budget was revised. The footbridge "
        "budget is now 4.7 million euros. It was approved by the council. " + filler + filler
    )
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(text)
        for budget in (40, 60, 90):
            recall = memory.recall("What is the footbridge budget now?", token_budget=budget)
            assert "4.7 million euros" in recall.text, (budget, recall.text)


def test_sentences_split_at_ends_not_inside_numbers_or_addresses() -> None:
    from recall_memory_plugins.engine.text import excerpt

    text = (
        "Release notes follow. Version 2.1.4 fixes the login bug. Write to help@example.com for "
        "help. The grant is 12.5 percent of the budget. Wait... it was moved!! 我们搬家了。你呢？"
    )
    got = excerpt(text, {"grant": 1.0}, max_sentences=1)
    assert got == "… The grant is 12.5 percent of the budget. …", got
    got = excerpt(text, {"2.1.4": 1.0, "version": 1.0}, max_sentences=1)
    assert got == "… Version 2.1.4 fixes the login bug. …", got
    got = excerpt(text, {"help": 1.0}, max_sentences=1)
    assert got.startswith("… Write to help@example.com for help."), got
