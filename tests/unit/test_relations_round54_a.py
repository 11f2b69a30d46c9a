"""Round 54 (A): English stale or wrong taste and job facts the blind paraphrases stated.

- a note headed by a person's name ("Nora: turns out she's allergic. Says she's gone off cats")
  speaks of that person as "she": the heading is no turn of a transcript, so "she" may be them;
  a first-person turn and a transcript of several turns keep the old reading;
- "can't stand the noise anymore" (of the open-plan office liked before) is a quality of a thing,
  no disliked thing; "can't stand jazz anymore" still is one;
- a newcomer's old firm ("Akira joins us from Rakuten", "who joins the squad after four years
  at Flutterwave") is a job that ended; another's old firm or a firm kept is not;
- "swimming is my thing now" after an emoji or "These days" is the turn of taste it is without them.
"""

from __future__ import annotations

import pytest

from .test_relations_round53_a import _facts


def _current(facts: dict[tuple[str, str, str], bool], fact: tuple[str, str, str]) -> bool:
    return fact in facts and not facts[fact]


# -- 1. a note headed by the person's name -----------------------------------------------------------

CATS = ("Nora", "LIKES", "cats")


@pytest.mark.parametrize(
    "then",
    [
        "Nora: turns out she's allergic. Says she's gone off cats entirely, dogs for her now.",
        "Nora: she's gone off cats completely.",
    ],
)
def test_en_a_note_headed_by_the_name_speaks_of_her(then: str) -> None:
    assert not _current(_facts("Nora likes cats.", then), CATS)


@pytest.mark.parametrize(
    "then",
    [
        "Nora: my sister says she's gone off cats entirely.",  # a turn in the first person
        "Omar: is Nora coming?\nLina: no, she's gone off cats, the host has three.",  # a transcript
    ],
)
def test_en_a_turn_in_the_first_person_or_a_transcript_keeps_the_label(then: str) -> None:
    assert _current(_facts("Nora likes cats.", then), CATS)


# -- 2. a quality of a thing is no disliked thing ----------------------------------------------------


@pytest.mark.parametrize(
    "then",
    [
        "Six months in, the open-plan office has really worn me down - I can't stand the noise anymore.",
        "Beatriz asked us to stop the paper invoices, says she can't stand the clutter on her desk anymore.",
    ],
)
def test_en_cant_stand_the_noise_is_no_taste(then: str) -> None:
    facts = _facts("Beatriz likes the open-plan office.", then, speaker="Beatriz")
    assert not any(t == "DISLIKES" and o in ("noise", "clutter") for _, t, o in facts)


def test_en_cant_stand_a_named_thing_is_still_a_dislike() -> None:
    facts = _facts("Beatriz likes jazz.", "I can't stand jazz anymore.", speaker="Beatriz")
    assert _current(facts, ("Beatriz", "DISLIKES", "jazz"))


# -- 3. the firm a newcomer comes from ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "then", "fact"),
    [
        ("Dana Ruiz works for Initech.",
         "All-hands update: We're delighted to welcome Dana Ruiz to Globex as our new Head of Data. Dana joins us from"
         " Initech, where she spent six years building their analytics business.",
         ("Dana Ruiz", "WORKS_FOR", "Initech")),
        ("Omar works for Initech.",
         "Please give a big Globex welcome to Omar 🎉 who joins the platform team today after five years over at Initech!",
         ("Omar", "WORKS_FOR", "Initech")),
    ],
)
def test_en_a_newcomers_old_firm_ends_the_job(first: str, then: str, fact: tuple[str, str, str]) -> None:
    assert not _current(_facts(first, then), fact)


@pytest.mark.parametrize(
    "then",
    [
        "Please give a big Globex welcome to Ken 🎉 who joins the platform team today after five years over at Initech!",
        "Please give a big Globex welcome to Ken 🎉 who joins Omar's team today, five years after Omar came to Initech!",
    ],
)
def test_en_another_newcomer_keeps_the_job(then: str) -> None:
    assert _current(_facts("Omar works for Initech.", then), ("Omar", "WORKS_FOR", "Initech"))


# -- 4. "X is my thing now" after an emoji or "These days" ------------------------------------------


@pytest.mark.parametrize(
    "then",
    [
        "knee surgery done, docs say no more running for me 😭 swimming is my thing now, weirdly luv it",
        "ran my last half marathon lol, knees r done. swimming is my thing now 🏊",
        "Since the surgery I can't do it. These days swimming is my thing, three evenings a week!",
    ],
)
def test_en_my_thing_now_after_an_emoji_is_a_turn(then: str) -> None:
    facts = _facts("Zara likes running.", then, speaker="Zara")
    assert _current(facts, ("Zara", "LIKES", "swimming"))
    assert not _current(facts, ("Zara", "LIKES", "running"))


def test_en_my_thing_too_adds_a_taste() -> None:
    facts = _facts("Zara likes running.", "long run done 🏃 swimming is my thing too 🏊", speaker="Zara")
    assert _current(facts, ("Zara", "LIKES", "running"))
