""""2" and "4" are numbers where a number stands ("week 2", "floor 4", "in 2 weeks"), and "to" /
"for" only in chat shorthand ("going 2 school", "thanks 4 coming"). TextBlob's lexicon tags both
as prepositions, so "What was the spend in week 2?" lost its only rare term and found week 15
(round 49). Real annotator and SQLite; the texts are written for this test."""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.nlp.offline import OfflineAnnotator


@pytest.fixture(scope="module")
def annotator() -> OfflineAnnotator:
    return OfflineAnnotator()


def _tags(annotator: OfflineAnnotator, text: str) -> list[str]:
    annotation = annotator.annotate(text)
    return [t.upos for s in annotation.sentences for t in s.tokens if t.text in ("2", "4")]


@pytest.mark.parametrize(
    ("text", "tags"),
    [
        ("What was the spend in week 2?", ["NUM"]),
        ("Floor 4 is closed for painting.", ["NUM"]),
        ("Phase 2 starts in 2 weeks.", ["NUM", "NUM"]),
        ("We have 2 kids and 4 cats.", ["NUM", "NUM"]),
        ("Version 4 of the app is out.", ["NUM"]),
        ("im going 2 school now", ["ADP"]),
        ("thanks 4 coming yesterday", ["ADP"]),
        ("talk 2 me later", ["ADP"]),
        ("I moved 2 Leeds last year", ["ADP"]),
    ],
)
def test_two_and_four_are_numbers_where_a_number_stands(
    annotator: OfflineAnnotator, text: str, tags: list[str]
) -> None:
    assert _tags(annotator, text) == tags


def test_a_question_about_week_two_finds_week_two() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add_many(
            [
                f"Halcyon weekly status, week {n}. Spend to date is {n * 97} thousand euros."
                for n in range(1, 13)
            ]
        )
        for n in (2, 4):
            text = memory.recall(f"What was the Halcyon spend in week {n}?", token_budget=60).text
            assert f"week {n}." in text, (n, text)
