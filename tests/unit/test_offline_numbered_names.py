"""A number that belongs to a name ("Channel 4", "Studio 54", "Apollo 11 Labs") is part of the
entity the offline annotator finds; a count, an age, a year or a time after a name is not."""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory


@pytest.fixture(scope="module")
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


def _facts(memory: TemporalGraphMemory, text: str, ns: str) -> set[tuple[str, str, str]]:
    memory.add(text, namespace=ns)
    return {(r.subject_name, r.type, str(r.object_name)) for r in memory.relations(namespace=ns)}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Fatima works for Channel 4.", ("Fatima", "WORKS_FOR", "Channel 4")),
        ("Raj works for Channel 4 since 2019.", ("Raj", "WORKS_FOR", "Channel 4")),
        ("Sofia manages Metro Line 4.", ("Sofia", "MANAGES", "Metro Line 4")),
        ("Nadia joined Studio 54 last week.", ("Nadia", "WORKS_FOR", "Studio 54")),
        ("Ken works at Apollo 11 Labs.", ("Ken", "WORKS_FOR", "Apollo 11 Labs")),
        ("Jin works for Area 51 and lives in Reno.", ("Jin", "WORKS_FOR", "Area 51")),
    ],
)
def test_a_number_in_a_name(memory: TemporalGraphMemory, text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(memory, text, "n-" + text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Omar moved to Leeds 2 years ago.", ("Omar", "LIVES_IN", "Leeds")),
        ("Tom moved to Berlin 3 weeks ago.", ("Tom", "LIVES_IN", "Berlin")),
        ("Priya moved to Leeds in 2019.", ("Priya", "LIVES_IN", "Leeds")),
        ("Lena works at Google 2 days a week.", ("Lena", "WORKS_FOR", "Google")),
        ("Emma, 30, lives in Rome.", ("Emma", "LIVES_IN", "Rome")),
    ],
)
def test_a_count_after_a_name_is_not_part_of_it(
    memory: TemporalGraphMemory, text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in _facts(memory, text, "c-" + text)


def test_no_person_takes_a_number(memory: TemporalGraphMemory) -> None:
    memory.add("I gave Ana 5 apples, then Ana moved to Lima.", namespace="p")
    assert {e.name for e in memory.entities(namespace="p")} >= {"Ana"}
    assert not any(any(c.isdigit() for c in e.name) for e in memory.entities(namespace="p"))
