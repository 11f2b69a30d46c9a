"""Forty-sixth round of the relation layer (b): a match that is about something else states
nothing.

"Works with" a firm names a partner, no employer; a name that only qualifies the object ("works
for Globex's biggest client", "leads the Atlas mobile team") is not the object (a unit of an
employer is: "Google's London office"); a short stay ("staying in York this weekend", "living in
York for a few weeks") is no home and leaves the home current; an organisation ("moved to
Spotify", "moved to Hooli from Initech") is never a home.
Real SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""
from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.patterns.misreads import KNOWN_FIRMS

from ._facts import after_turns, current


@pytest.fixture
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


# -- 1. "works with" a firm: a partner -------------------------------------------------------------

@pytest.mark.parametrize("later", [
    "Alice works with Globex on the merger.",
    "Alice is working with Globex on a new deal.",
    "Alice works closely with Globex.",
    "Alice worked with Globex on the launch.",
    "Alice has been working with Globex for months.",
    "Alice is working with the Globex team on the migration.",
])
def test_working_with_a_firm_is_no_job_there(memory: TemporalGraphMemory, later: str) -> None:
    facts = current(memory, "Alice works at Acme.", later)
    assert ("Alice", "WORKS_FOR", "Globex") not in facts, facts


@pytest.mark.parametrize("text", [
    "Alice works at Globex.", "Alice got a job with Globex.", "Alice is employed with Globex.",
    "Alice started a new job with Globex.",
])
def test_look_alikes_a_job_with_a_firm_is_read(memory: TemporalGraphMemory, text: str) -> None:
    assert ("Alice", "WORKS_FOR", "Globex") in current(memory, text)


# -- 2. a name that only qualifies the object -------------------------------------------------------

@pytest.mark.parametrize("later", [
    "Alice works for Globex's biggest client.",
    "Alice works for Globex's main supplier.",
    "Alice is a designer at Globex's parent company.",
    "Alice works for the Globex account.",
])
def test_a_firm_named_as_owner_is_no_employer(memory: TemporalGraphMemory, later: str) -> None:
    facts = current(memory, "Alice works at Acme.", later)
    assert ("Alice", "WORKS_FOR", "Globex") not in facts, facts


@pytest.mark.parametrize("later", [
    "Ben leads Atlas's QA effort.",
    "Ben leads the Atlas mobile team.",
    "Ben runs Atlas's backend squad.",
    "Ben heads the Atlas data team.",
    "Ben is in charge of the Atlas QA effort.",
])
def test_leading_a_part_of_a_project_is_not_leading_it(memory: TemporalGraphMemory, later: str) -> None:
    facts = current(memory, "Priya leads the Atlas project.", later)
    assert not any(f[0] == "Ben" and f[1] == "MANAGES" and f[2] == "Atlas project" for f in facts), facts


@pytest.mark.parametrize(("text", "fact"), [
    ("Alice works at Google's London office.", ("Alice", "WORKS_FOR", "Google")),
    ("Alice works at Acme's Berlin branch.", ("Alice", "WORKS_FOR", "Acme")),
    ("Alice works at the Tesco supermarket.", ("Alice", "WORKS_FOR", "Tesco")),
    ("Ben leads the Atlas project.", ("Ben", "MANAGES", "Atlas project")),
])
def test_look_alikes_a_unit_of_the_employer_is_the_employer(
    memory: TemporalGraphMemory, text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in current(memory, text)


@pytest.mark.parametrize("later", [
    "Ben is running the Atlas rollout now.", "Ben owns the Atlas roadmap from today.",
    "Ben has taken over the Atlas migration.",
])
def test_look_alikes_the_work_of_a_project_said_in_one_word_is_the_project(
    memory: TemporalGraphMemory, later: str
) -> None:
    assert ("Ben", "MANAGES", "Atlas project") in current(memory, "Priya leads the Atlas project.", later)


@pytest.mark.parametrize("later", [
    "Alice joined the Globex payments team last week.", "Alice joined Globex's graduate scheme.",
])
def test_look_alikes_a_team_or_scheme_of_a_firm_is_a_job_there(memory: TemporalGraphMemory, later: str) -> None:
    assert ("Alice", "WORKS_FOR", "Globex") in current(memory, "Alice works at Acme.", later)


def test_look_alikes_a_verb_after_a_name_is_no_noun_phrase(memory: TemporalGraphMemory) -> None:
    """("Corp." ends no sentence: the weak tagger reads the next "works" as a noun.)"""
    facts = current(memory, "Alice works at Acme Corp. Bob works at Initech.")
    assert any(f[0] == "Alice" and f[1] == "WORKS_FOR" for f in facts), facts


# -- 3. a short stay --------------------------------------------------------------------------------

@pytest.mark.parametrize(("speaker", "later"), [
    ("Maya", "I'm staying in York this weekend."),
    (None, "Maya is staying in York for the weekend."),
    (None, "Maya is living in York for a few weeks while her flat is renovated."),
    (None, "Maya is staying in York over the holidays."),
    (None, "Maya is staying in York until Sunday."),
    (None, "Maya is living in York for the summer."),
    (None, "Maya stays in York for two nights."),
    (None, "Maya is staying with friends in York this week."),
])
def test_a_short_stay_is_no_home_and_ends_none(memory: TemporalGraphMemory, speaker: str | None, later: str) -> None:
    first = "I live in Leeds." if speaker else "Maya lives in Leeds."
    facts = after_turns(memory, speaker, first, later)
    assert ("Maya", "LIVES_IN", "York") not in facts, facts
    assert ("Maya", "LIVES_IN", "Leeds") in facts, facts


@pytest.mark.parametrize("later", [
    "Maya stays in Leeds for now.", "Maya is staying in Leeds until the kids finish school.",
])
def test_look_alikes_staying_put_keeps_the_home(memory: TemporalGraphMemory, later: str) -> None:
    assert ("Maya", "LIVES_IN", "Leeds") in current(memory, "Maya lives in Leeds.", later)


@pytest.mark.parametrize("later", [
    "Maya has been living in York for two months.", "Maya has been living in York for a few weeks.",
    "Maya is living in York now.", "Maya lives in York.",
])
def test_look_alikes_a_home_held_for_a_while_is_a_home(memory: TemporalGraphMemory, later: str) -> None:
    facts = current(memory, "Maya lives in Leeds.", later)
    assert ("Maya", "LIVES_IN", "York") in facts, facts


# -- 4. a firm is never a home ----------------------------------------------------------------------

@pytest.mark.parametrize(("first", "later", "firm"), [
    ("Alice works at Acme.", "Alice moved to Globex.", "Globex"),
    ("Alice works at Acme.", "Alice moved to Globex last month.", "Globex"),
    ("Alice lives in Rome.", "Alice moved to Spotify from Apple.", "Spotify"),
    ("Alice lives in Rome.", "Alice moved to Netflix last year.", "Netflix"),
    ("Alice lives in Rome.", "Alice moved to Hooli from Initech.", "Hooli"),
    ("Alice lives in Rome.", "Alice moved to Brightwave from Google.", "Brightwave"),
    ("Bob works at Vantrix.", "Alice moved to Vantrix.", "Vantrix"),
])
def test_moving_to_a_firm_is_no_home(memory: TemporalGraphMemory, first: str, later: str, firm: str) -> None:
    facts = current(memory, first, later)
    assert ("Alice", "LIVES_IN", firm) not in facts, facts


@pytest.mark.parametrize(("later", "town"), [
    ("Alice moved to Berlin.", "Berlin"), ("Alice moved to Berlin from Rome.", "Berlin"),
    ("Alice moved to York last month.", "York"), ("Alice moved to York this week.", "York"),
])
def test_look_alikes_moving_to_a_town_is_a_home(memory: TemporalGraphMemory, later: str, town: str) -> None:
    assert ("Alice", "LIVES_IN", town) in current(memory, "Alice lives in Rome.", later)


def test_no_known_firm_is_a_known_place() -> None:
    from recall_memory_plugins.nlp.offline.resources import _package_words

    places = {w.casefold() for w in _package_words("places.txt")}
    assert not KNOWN_FIRMS & places
