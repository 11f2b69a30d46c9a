"""Round 50, letter C: possessions and tastes.

A possession lost (died, rehomed, stolen, wrecked, given away, "don't have ... anymore") is no
longer stated as owned; a lost "car" leaves an owned thing of unknown kind ("Tesla") unsure; a
thing bought to be used up or for someone else is no possession; "loves Tom's dog" likes no Tom;
a denied or hedged liking states nothing; a slip corrected with "a" ("I meant a Toyota, not a
Tesla") is replaced; a marriage question gets its fact line. Each case has look-alikes that keep
what they said.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.facts import cue_types


def _current(texts: list[str], speaker: str | None = "Alice") -> list[tuple[str, str | None]]:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for text in texts:
            if speaker:
                memory.add(text, namespace="u", speaker=speaker)
            else:
                memory.add(text, namespace="u")
        return [(r.type, r.object_name) for r in memory.relations("Alice", namespace="u")]


@pytest.mark.parametrize(
    ("first", "second", "thing", "speaker"),
    [
        ("Alice owns a dog named Rex.", "Alice's dog Rex died last week.", "dog", None),
        ("I own a dog.", "my dog passed away", "dog", "Alice"),
        ("I own a dog.", "our dog died last night", "dog", "Alice"),
        ("I adopted a dog last spring.", "We had to rehome the dog, he did not get along with the baby.", "dog", "Alice"),
        ("I bought a Honda Civic.", "I sold the car.", "Honda Civic", "Alice"),
        ("I bought a Honda Civic.", "my Civic got totaled in a crash last week", "Honda Civic", "Alice"),
        ("I bought an iPhone.", "my iPhone got stolen on the train", "iPhone", "Alice"),
        ("I own a bike.", "someone stole my bike", "bike", "Alice"),
        ("I own a Tesla.", "I gave my Tesla to my brother Tom.", "Tesla", "Alice"),
        ("I own a dog.", "I don't have a dog anymore.", "dog", "Alice"),
        ("Alice owns a dog.", "Alice doesn't have a dog anymore.", "dog", None),
        ("I own a Tesla.", "I don't have a car anymore.", "Tesla", "Alice"),
        ("I own a Tesla.", "I no longer own a car.", "Tesla", "Alice"),
        ("我养了一只狗。", "我的狗去世了。", "狗", "Alice"),
    ],
)
def test_a_lost_possession_is_no_longer_stated(first: str, second: str, thing: str, speaker: str | None) -> None:
    assert ("OWNS", thing) in _current([first], speaker)
    assert ("OWNS", thing) not in _current([first, second], speaker)


@pytest.mark.parametrize(
    ("first", "second", "thing"),
    [
        ("I own a phone.", "my phone died", "phone"),  # a flat battery
        ("I own a Tesla.", "I sold the Toyota.", "Tesla"),  # another name
        ("I own a Tesla.", "I gave the car to the mechanic.", "Tesla"),  # a repair
        ("I own a dog.", "I don't have a cat anymore.", "dog"),  # another kind
        ("I own a dog.", "my brother died last year", "dog"),  # a person
        ("I own a dog.", "my dog is sick", "dog"),
        ("I own a bike.", "someone stole my idea", "bike"),
        ("我养了一只狗。", "我的手机没电了。", "狗"),
    ],
)
def test_look_alikes_keep_the_possession(first: str, second: str, thing: str) -> None:
    assert ("OWNS", thing) in _current([first, second])


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Alice bought coffee and a sandwich for lunch.", "coffee"),
        ("Alice bought a gift for her mum.", "gift"),
        ("Alice bought lunch.", "lunch"),
        ("Alice bought a ticket to Rome.", "ticket"),
        ("Alice bought a laptop for her brother.", "laptop"),
        ("Alice bought a bike for Tom.", "bike"),
    ],
)
def test_a_thing_used_up_or_given_is_no_possession(text: str, thing: str) -> None:
    assert not [o for t, o in _current([text], None) if t == "OWNS" and thing in (o or "")]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Alice bought a coffee machine.", "coffee machine"),
        ("Alice owns a coffee shop.", "coffee shop"),
        ("Alice bought a bike for herself.", "bike"),
        ("Alice bought a car for her commute.", "car"),
        ("Alice bought a car.", "car"),
    ],
)
def test_lasting_things_bought_are_still_owned(text: str, thing: str) -> None:
    assert ("OWNS", thing) in _current([text], None)


def test_the_owner_of_a_liked_thing_is_not_liked() -> None:
    assert ("LIKES", "Tom") not in _current(["Alice loves Tom's dog."], None)
    assert ("LIKES", "Tom") not in _current(["Alice likes Tom's cooking."], None)
    assert ("LIKES", "Tom") not in _current(["I love Tom's new haircut"])
    assert ("LIKES", "Tom") in _current(["Alice loves Tom."], None)  # the person himself


@pytest.mark.parametrize(
    "text",
    ["can't say I love sushi", "I wouldn't say I love sushi", "I never said I love sushi",
     "not that I love sushi or anything", "I couldn't honestly say I love sushi"],
)
def test_a_denied_or_hedged_liking_states_nothing(text: str) -> None:
    assert ("LIKES", "sushi") not in _current([text])


@pytest.mark.parametrize(
    "text",
    ["I love sushi", "Not that it matters, but I love sushi.", "I'd say I love sushi",
     "I can't say enough good things about sushi, I love sushi"],
)
def test_a_plain_liking_is_still_read(text: str) -> None:
    assert ("LIKES", "sushi") in _current([text])


def test_a_slip_corrected_with_an_article_is_replaced() -> None:
    got = _current(["I bought a Tesla.", "Sorry, I meant a Toyota, not a Tesla."])
    assert ("OWNS", "Toyota") in got and ("OWNS", "Tesla") not in got
    # without a word of a correction it is a plain statement: nothing taken back
    assert ("OWNS", "Tesla") in _current(["I bought a Tesla.", "I bought a Toyota, not a Tesla."])
    assert ("LIVES_IN", "Lyon") in _current(["I moved to Lille.", "Sorry, I meant Lyon, not Lille."])


@pytest.mark.parametrize("question", ["Who is Alice married to?", "Who is Alice's husband?", "Is Alice married?", "李娜的老公是谁？"])
def test_a_marriage_question_asks_for_the_marriage(question: str) -> None:
    assert "MARRIED_TO" in cue_types(question)


def test_a_marriage_question_gets_its_fact_line() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Alice is married to Tom.", namespace="u")
        memory.add("Alice lives in Paris.", namespace="u")
        prompt = memory.recall("Who is Alice married to?", namespace="u", token_budget=300).to_prompt()
    assert "Alice is married to Tom (since" in prompt
    assert "MARRIED_TO" not in cue_types("Where does Alice live?")


def _likes_after(text: str) -> list[tuple[str, str | None]]:
    from datetime import datetime, timezone

    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Alice loves sushi.", namespace="u", at=datetime(2020, 1, 1, tzinfo=timezone.utc))
        memory.add(text, namespace="u", at=datetime(2026, 11, 1, tzinfo=timezone.utc))
        return [(r.type, r.object_name) for r in memory.relations("Alice", namespace="u")]


@pytest.mark.parametrize(
    "text",
    ["Alice stopped liking sushi in 2023.", "Alice stopped liking sushi two years ago.",
     "Two years ago Alice stopped liking sushi.", "Alice stopped eating sushi two years ago.",
     "Alice quit loving sushi last year."],
)
def test_a_dated_end_of_a_taste_still_ends_it(text: str) -> None:
    assert ("LIKES", "sushi") not in _likes_after(text)


@pytest.mark.parametrize(
    "text",
    ["Alice stopped liking ramen in 2023.", "Alice stopped eating meat two years ago.", "Alice still loves sushi."],
)
def test_another_taste_ended_keeps_this_one(text: str) -> None:
    assert ("LIKES", "sushi") in _likes_after(text)
