"""The doubt rule's word lists are searched in lower-cased text (``Folded``): the same answers
as the case-insensitive patterns they replace, and a capital in a list is refused."""

from __future__ import annotations

import re

import pytest

from recall_memory_plugins.engine.relations import doubt_words
from recall_memory_plugins.engine.relations.doubt_words import Folded

_TEXTS = [
    "Tom MOVED to Leeds last year.",
    "She's an ex-Googler now at Stripe.",
    "We Relocated the office, so I LIVE in Porto.",
    "The weather is nice today.",
    "Priya left Acme and joined Globex.",
    "前华为CEO说了什么",  # [A-Z]{2,3} after a Chinese post
    "前华为ceo说了什么",
    "张伟已经搬到深圳了",
    "He graduated from MIT.",
    "I can't STAND olives any more",
    "Kelly's boss is Dan; she reports to him.",
    "Nothing to see here",
]


@pytest.mark.parametrize("name", ["CHANGE", "STRONG", "ANY_TOPIC"])
def test_folded_lists_answer_as_the_case_insensitive_patterns(name: str) -> None:
    folded = getattr(doubt_words, name)
    ignorecase = re.compile(folded.pattern, re.IGNORECASE)
    for text in _TEXTS:
        assert (folded.search(text) is not None) == (ignorecase.search(text) is not None), text


def test_every_topic_list_answers_as_its_case_insensitive_pattern() -> None:
    for type_, folded in doubt_words.TOPICS.items():
        ignorecase = re.compile(folded.pattern, re.IGNORECASE)
        for text in _TEXTS:
            assert (folded.search(text) is None) == (ignorecase.search(text) is None), (type_, text)


def test_a_capital_in_a_folded_list_is_refused() -> None:
    with pytest.raises(ValueError, match="lower case"):
        Folded(r"(?<![a-z])(?:Moved|left)")
    # escapes and the class [A-Z] are not capitals of the text
    assert Folded(r"\Bx|[A-Z]{2}\W").search("AB!") is not None
