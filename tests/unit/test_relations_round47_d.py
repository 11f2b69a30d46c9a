"""Life events in English end (or leave unsure) the facts they change: an employer laying
someone off, a promotion, a successor in a one-holder title, a thing sold, a project left, a
death, a diet; never another person's facts, never in a question or with a figure of speech."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
Triple = tuple[str, str, str]


def _after(first: str, change: str, speaker: str | None = None) -> tuple[set[Triple], dict[Triple, dict[str, str]]]:
    """The current (sure) relations after ``first`` and, a month later, ``change``."""
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(first, namespace="u", at=T0, speaker=speaker)
        memory.add(change, namespace="u", at=T0 + timedelta(days=30), speaker=speaker)
        rels = memory.relations(namespace="u")
        return (
            {(r.subject_name, r.type, str(r.object_name)) for r in rels},
            {(r.subject_name, r.type, str(r.object_name)): dict(r.attributes) for r in rels},
        )


@pytest.mark.parametrize("change", [
    "Acme laid Sam off.", "They laid Sam off.", "Acme laid Sam off last week.", "Acme made Sam redundant.",
    "Acme terminated Sam.", "They let Sam go at Acme.", "They laid off Sam.", "The company made Sam redundant in May.",
    "They let Sam go from Acme.", "Acme has laid Sam off.",
])
def test_an_employer_laying_someone_off_ends_the_job(change: str) -> None:
    current, _ = _after("Sam works at Acme.", change)
    assert ("Sam", "WORKS_FOR", "Acme") not in current


@pytest.mark.parametrize("change", ["Acme terminated the contract.",
                                    "Acme made Sam a manager.", "Acme laid Sam's cousin off."])
def test_other_objects_of_the_employer_end_nothing(change: str) -> None:
    current, _ = _after("Sam works at Acme.", change)
    assert ("Sam", "WORKS_FOR", "Acme") in current


@pytest.mark.parametrize(("first", "change", "old", "new"), [
    ("Dana is a software engineer at Acme.", "Dana was promoted to engineering manager.", "software engineer", "engineering manager"),
    ("Dana is a software engineer at Acme.", "Dana got promoted to senior engineer last week.", "software engineer", "senior engineer"),
    ("Dana is a junior analyst at Acme.", "Acme promoted Dana to senior analyst.", "junior analyst", "senior analyst"),
    ("Dana is a junior analyst at Acme.", "They promoted Dana to team lead.", "junior analyst", "team lead"),
    ("Dana is a designer at Acme.", "Dana has just been promoted to design director!", "designer", "design director"),
])
def test_a_promotion_gives_the_new_title_at_the_same_employer(first: str, change: str, old: str, new: str) -> None:
    _, attrs = _after(first, change)
    assert attrs.get(("Dana", "WORKS_FOR", "Acme"), {}).get("role") == new, attrs
    assert all(a.get("role") != old for a in attrs.values())


def test_a_promotion_in_the_first_person() -> None:
    _, attrs = _after("I am a designer at Acme.", "Big news: I got promoted to design director!", speaker="Maya")
    assert attrs[("Maya", "WORKS_FOR", "Acme")]["role"] == "design director"


@pytest.mark.parametrize("change", ["Will Dana be promoted to engineering manager?", "Dana hopes to be promoted to lead.",
                                    "Dana was not promoted to engineering manager."])
def test_a_promotion_asked_hoped_or_denied_changes_nothing(change: str) -> None:
    _, attrs = _after("Dana is a software engineer at Acme.", change)
    assert attrs[("Dana", "WORKS_FOR", "Acme")]["role"] == "software engineer"


@pytest.mark.parametrize(("first", "change"), [
    ("Sam is the CTO of Acme.", "Priya is the new CTO of Acme."),
    ("Sam is the CTO of Acme.", "Priya took over from Sam as CTO."),
    ("Sam is the CTO of Acme.", "Priya succeeded Sam as CTO of Acme."),
    ("Sam is the CTO of Acme.", "Acme named Priya as its new CTO."),
    ("Sam is the interim CTO of Acme.", "Acme hired Priya as its permanent CTO."),
    ("Sam is the CEO of Globex.", "Globex appointed Priya as its new CEO."),
    ("Sam is the chairman of Acme.", "Priya is the new chairman of Acme."),
])
def test_a_successor_in_a_one_holder_title_leaves_the_predecessor_unsure(first: str, change: str) -> None:
    _, attrs = _after(first, change)
    assert not any(s == "Sam" and a.get("role") in ("cto", "ceo", "chairman") for (s, _t, _o), a in attrs.items())


def test_a_second_engineer_leaves_the_first_in_place() -> None:
    _, attrs = _after("Sam is a software engineer at Acme.", "Priya is the new software engineer at Acme.")
    assert attrs[("Sam", "WORKS_FOR", "Acme")]["role"] == "software engineer"


@pytest.mark.parametrize(("first", "change", "thing", "speaker"), [
    ("Dana owns a Tesla.", "Dana sold her Tesla.", "Tesla", None),
    ("Dana owns a Tesla.", "Dana sold the Tesla last month.", "Tesla", None),
    ("Dana owns a Tesla.", "Dana traded in her Tesla for a Rivian.", "Tesla", None),
    ("Dana owns a Tesla.", "Dana got rid of her Tesla.", "Tesla", None),
    ("Dana owns a Tesla.", "Dana finally sold her old Tesla in May.", "Tesla", None),
    ("I own a house in Leeds.", "We sold the house in Leeds.", "house", "Dana"),
])
def test_a_thing_sold_is_no_longer_owned(first: str, change: str, thing: str, speaker: str | None) -> None:
    current, _ = _after(first, change, speaker)
    assert ("Dana", "OWNS", thing) not in current


@pytest.mark.parametrize("change", ["Dana sold Tesla shares.", "Dana sold me on the Tesla.", "The Tesla sold out."])
def test_other_sales_keep_the_thing(change: str) -> None:
    current, _ = _after("Dana owns a Tesla.", change)
    assert ("Dana", "OWNS", "Tesla") in current


@pytest.mark.parametrize("change", [
    "Dana left the Orion project.", "Dana rolled off Orion last sprint.", "Dana moved off Project Orion.",
    "Dana was taken off Project Orion.", "Dana was reassigned to Project Atlas.", "Dana got pulled off Orion.",
    "Dana was moved to Project Atlas last week.",
])
def test_a_project_left_is_no_longer_current(change: str) -> None:
    current, _ = _after("Dana works on Project Orion.", change)
    assert ("Dana", "INVOLVED_IN", "Project Orion") not in current


def test_a_project_added_keeps_the_other() -> None:
    current, _ = _after("Dana works on Project Orion.", "Dana was also moved to Project Atlas.")
    assert ("Dana", "INVOLVED_IN", "Project Orion") in current


@pytest.mark.parametrize(("first", "change", "stale"), [
    ("Sam works at Acme.", "Sam passed away last month.", ("Sam", "WORKS_FOR", "Acme")),
    ("Sam works at Acme.", "Sam died in a car accident.", ("Sam", "WORKS_FOR", "Acme")),
    ("Sam works at Acme.", "Sadly, Sam passed away in June.", ("Sam", "WORKS_FOR", "Acme")),
    ("Dana reports to Sam.", "Sam passed away suddenly last week.", ("Dana", "REPORTS_TO", "Sam")),
    ("Dana reports to Sam.", "Sam died last month.", ("Dana", "REPORTS_TO", "Sam")),
    ("Maya is married to Tom.", "Tom died last year.", ("Maya", "MARRIED_TO", "Tom")),
])
def test_a_death_ends_or_doubts_the_persons_facts(first: str, change: str, stale: Triple) -> None:
    current, _ = _after(first, change)
    assert stale not in current


@pytest.mark.parametrize("change", [
    "Sam's wife died.", "Sam's father passed away last week.", "I nearly died laughing at Sam.",
    "Sam's phone died.", "Did Sam die?", "Sam died laughing at the joke.",
])
def test_a_death_of_another_or_a_figure_of_speech_keeps_the_facts(change: str) -> None:
    current, _ = _after("Sam works at Acme. Dana reports to Sam.", change)
    assert {("Sam", "WORKS_FOR", "Acme"), ("Dana", "REPORTS_TO", "Sam")} <= current


@pytest.mark.parametrize(("first", "change", "food"), [
    ("I love steak.", "I'm vegan now.", "steak"),
    ("I love bacon.", "I've been vegetarian since March.", "bacon"),
    ("I love steak.", "I don't eat meat anymore.", "steak"),
    ("I love burgers.", "I stopped eating meat.", "burgers"),
    ("I love cheese.", "I went vegan.", "cheese"),
    ("I love beer.", "I stopped drinking.", "beer"),
    ("I love coffee.", "I cut out caffeine completely.", "coffee"),
    ("I love salmon.", "I've gone vegetarian.", "salmon"),
    ("I love red wine.", "I'm sober now.", "red wine"),
])
def test_a_diet_leaves_a_ruled_out_food_unsure(first: str, change: str, food: str) -> None:
    current, _ = _after(first, change, speaker="Maya")
    assert ("Maya", "LIKES", food) not in current


@pytest.mark.parametrize(("first", "change", "food"), [
    ("I love steak.", "My sister went vegan.", "steak"),
    ("I love steak.", "I might go vegan.", "steak"),
    ("I love steak.", "I'm not vegan.", "steak"),
    ("I love jazz.", "I went vegan.", "jazz"),
    ("I love beer.", "I stopped eating meat.", "beer"),
    ("I love steak.", "Are you vegan?", "steak"),
    ("I love beer.", "I stopped drinking for a month.", "beer"),
    ("I love steak.", "I went vegetarian for a week.", "steak"),
])
def test_a_diet_of_another_asked_or_of_other_foods_keeps_the_taste(first: str, change: str, food: str) -> None:
    current, _ = _after(first, change, speaker="Maya")
    assert ("Maya", "LIKES", food) in current
