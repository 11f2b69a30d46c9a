"""Chat sentences that start in lower case with "me", "my" or "our" after a full stop are sentences
of their own (the offline annotator's splitter); an abbreviation before the stop still joins."""

from __future__ import annotations

import pytest

from recall_memory_plugins.nlp.offline.sentences import split_sentences


def _sentences(text: str) -> list[str]:
    return [text[a:b] for a, b in split_sentences(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Tobi got moved under Ines, lucky him. me, still stuck with Ravi",
            ["Tobi got moved under Ines, lucky him.", "me, still stuck with Ravi"],
        ),
        ("long week at work. my boss left on friday", ["long week at work.", "my boss left on friday"]),
        ("we moved last month. our flat is tiny", ["we moved last month.", "our flat is tiny"]),
    ],
)
def test_a_lower_case_chat_sentence_after_a_full_stop_is_its_own(
    text: str, expected: list[str]
) -> None:
    assert _sentences(text) == expected


@pytest.mark.parametrize("text", ["the sets cost approx. me and Ravi 40 quid", "see Fig. my notes"])
def test_an_abbreviation_before_the_stop_still_joins(text: str) -> None:
    assert len(_sentences(text)) == 1
