"""Every thing listed in an English taste is liked (round 55, E; issue 11).

"I love sushi and pizza" read one taste (sushi); "X and Y", "X, Y and Z", "X, Y, and Z" and "both
X and Y" now state each thing with the first one's reading (a dislike, a negation, an ended
liking). The look-alikes keep today's reading: "and" opening a clause (a person, a pronoun or a
verb after it, a verb after the listed thing), a name or title joined by "and", a fixed pair
naming one thing, and an "or" list.
"""

from __future__ import annotations

import time

import pytest

from recall_memory_plugins import TemporalGraphMemory

Fact = tuple[str, str, str]


def _facts(*texts: str, speaker: str = "Lin") -> set[Fact]:
    """The current facts after ``texts``, each said by ``speaker``."""
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for text in texts:
            memory.add(text, namespace="t", speaker=speaker)
        return {(r.subject_name, r.type, str(r.object_name)) for r in memory.relations(namespace="t")}


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("I love sushi and pizza.", {("Lin", "LIKES", "sushi"), ("Lin", "LIKES", "pizza")}),
        ("Maya loves hiking and cooking.", {("Maya", "LIKES", "hiking"), ("Maya", "LIKES", "cooking")}),
        ("Tom likes jazz, opera and techno.",
         {("Tom", "LIKES", "jazz"), ("Tom", "LIKES", "opera"), ("Tom", "LIKES", "techno")}),
        ("Tom likes jazz, opera, and techno.",
         {("Tom", "LIKES", "jazz"), ("Tom", "LIKES", "opera"), ("Tom", "LIKES", "techno")}),
        ("I love both sushi and pizza.", {("Lin", "LIKES", "sushi"), ("Lin", "LIKES", "pizza")}),
        ("Ana hates mushrooms and olives.", {("Ana", "DISLIKES", "mushrooms"), ("Ana", "DISLIKES", "olives")}),
        ("I don't like sushi and pizza.", {("Lin", "DISLIKES", "sushi"), ("Lin", "DISLIKES", "pizza")}),
        ("I can't stand mushrooms and olives.", {("Lin", "DISLIKES", "mushrooms"), ("Lin", "DISLIKES", "olives")}),
        ("I'm a big fan of jazz and blues.", {("Lin", "LIKES", "jazz"), ("Lin", "LIKES", "blues")}),
        # the list ends before a clause joined by "and" or "but"
        ("I love sushi and pizza but hate olives.",
         {("Lin", "LIKES", "sushi"), ("Lin", "LIKES", "pizza"), ("Lin", "DISLIKES", "olives")}),
        ("I love sushi and pizza and she loves ramen.", {("Lin", "LIKES", "sushi"), ("Lin", "LIKES", "pizza")}),
    ],
)
def test_every_listed_thing_is_a_taste(text: str, facts: set[Fact]) -> None:
    assert _facts(text) == facts


@pytest.mark.parametrize(
    "ended",
    ["I no longer like sushi and pizza.", "I don't like sushi and pizza anymore."],
)
def test_an_ended_liking_ends_every_listed_thing(ended: str) -> None:
    before = _facts("I love sushi.", "I love pizza.")
    assert {("Lin", "LIKES", "sushi"), ("Lin", "LIKES", "pizza")} <= before
    after = _facts("I love sushi.", "I love pizza.", ended)
    assert ("Lin", "LIKES", "sushi") not in after
    assert ("Lin", "LIKES", "pizza") not in after


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # "and" opens a clause: someone with a verb, a pronoun, a verb, a listed thing's verb
        ("I like jazz and Tom likes rock.", {("Lin", "LIKES", "jazz"), ("Tom", "LIKES", "rock")}),
        ("I love sushi and she loves pizza.", {("Lin", "LIKES", "sushi")}),
        ("I love hiking and I go every week.", {("Lin", "LIKES", "hiking")}),
        ("I love sushi and eat it weekly.", {("Lin", "LIKES", "sushi")}),
        ("I love sushi and my sister loves pizza.", {("Lin", "LIKES", "sushi")}),
        ("I love cats and dogs hate me.", {("Lin", "LIKES", "cats")}),
        ("I love hiking and cooking is my passion.", {("Lin", "LIKES", "hiking")}),
        ("I love walking and it keeps me fit.", {("Lin", "LIKES", "walking")}),
        ("my bf got me hooked on k-pop and ngl jazz just puts me to sleep now", {("Lin", "LIKES", "k-pop")}),
        # a title or a name joined by "and": one thing, read as today
        ("I love Tom and Jerry.", {("Lin", "LIKES", "Tom")}),
        ("I love Ben and Jerry's.", {("Lin", "LIKES", "Ben")}),
        ("I love Simon and Garfunkel.", {("Lin", "LIKES", "Simon")}),
        # a fixed pair names one thing
        ("I love rock and roll.", {("Lin", "LIKES", "rock")}),
        ("I love mac and cheese.", {("Lin", "LIKES", "mac")}),
        ("I love fish and chips.", {("Lin", "LIKES", "fish")}),
        ("I like salt and pepper.", {("Lin", "LIKES", "salt")}),
        # an "or" list, and a thing of another kind, are left as they were read
        ("I don't like tea or coffee.", {("Lin", "DISLIKES", "tea")}),
        ("I love sushi and pizza or pasta.", {("Lin", "LIKES", "sushi")}),
        ("I love sushi and swimming.", {("Lin", "LIKES", "sushi")}),
        ("I like pizza and stuff.", {("Lin", "LIKES", "pizza")}),
    ],
)
def test_a_clause_a_name_or_a_fixed_pair_after_and_keeps_one_taste(text: str, facts: set[Fact]) -> None:
    assert _facts(text) == facts


def test_a_long_list_without_an_end_reads_in_linear_time() -> None:
    for text in ("I love sushi " + "and x, " * 2_900, "I love sushi and pizza " + "word " * 4_000):
        started = time.perf_counter()
        _facts(text)
        assert time.perf_counter() - started < 20
