"""Forty-sixth round of the relation layer (d): corrections, undated past states, past ends.

A speaker who takes a value back ("Sorry, I meant Rome, not Paris", "Did I say Initech? I meant
Hooli") leaves the value meant, held since the slip's relation began, and the slip never held; a
past state without a date ("Dev reported to Kim", "Dev was the head of Nimbus", "Dev and Uma
were married") states nothing as current; a past state that bounds the current same fact ("Kim
lived in Oslo until 2020", "from 2015 to 2020") ends it there, with no closed copy beside it.
Real SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""

from __future__ import annotations

import datetime as dt

import pytest

from recall_memory_plugins import TemporalGraphMemory

from ._facts import after_turns, current

UTC = dt.timezone.utc
OLD = dt.datetime(2017, 3, 6, 9, tzinfo=UTC)
NOW = dt.datetime(2026, 5, 20, 9, tzinfo=UTC)


@pytest.fixture
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


# -- 1. a correction of a slip ---------------------------------------------------------------------

@pytest.mark.parametrize("fix", [
    "Sorry, I meant Rome, not Paris.",
    "Oops, typo: Rome, not Paris.",
    "Not Paris, Rome! Stupid autocorrect.",
    "My bad - Rome, not Paris.",
    "Wait, that should be Rome, not Paris.",
    "Did I say Paris? I meant Rome.",
    "I said Paris but I meant Rome.",
    "Correction: I moved to Rome, not Paris.",
])
def test_a_correction_replaces_the_slip_as_if_it_never_held(memory: TemporalGraphMemory, fix: str) -> None:
    memory.add("I moved to Paris last month.", speaker="Noor", at=NOW)
    memory.add(fix, speaker="Noor", at=NOW + dt.timedelta(minutes=2))
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations()}
    assert ("Noor", "LIVES_IN", "Rome") in facts and ("Noor", "LIVES_IN", "Paris") not in facts, facts
    # held since the move the slip told of; Paris never held, not even then
    mid_april = dt.datetime(2026, 4, 15, tzinfo=UTC)
    then = {(r.type, r.object_name) for r in memory.relations(as_of=mid_april)}
    assert then == {("LIVES_IN", "Rome")}, then
    assert "Paris" not in " ".join(memory.recall("Where does Noor live?").facts)


@pytest.mark.parametrize(("speaker", "first", "fix", "meant", "slip"), [
    ("Noor", "I work at Initech.", "Did I say Initech? I meant Hooli.", ("Noor", "WORKS_FOR", "Hooli"), ("Noor", "WORKS_FOR", "Initech")),
    (None, "Ken works at Initech.", "Wait, no, it's Hooli, not Initech.", ("Ken", "WORKS_FOR", "Hooli"), ("Ken", "WORKS_FOR", "Initech")),
    (None, "Ken reports to Gita.", "Whoops, I meant Omar, not Gita.", ("Ken", "REPORTS_TO", "Omar"), ("Ken", "REPORTS_TO", "Gita")),
    ("Noor", "I'm married to Tom.", "Sorry, I meant Tim, not Tom.", ("Tim", "MARRIED_TO", "Noor"), ("Tom", "MARRIED_TO", "Noor")),
])
def test_a_correction_of_a_job_a_boss_or_a_spouse(
    memory: TemporalGraphMemory, speaker: str | None, first: str, fix: str,
    meant: tuple[str, str, str], slip: tuple[str, str, str],
) -> None:
    facts = after_turns(memory, speaker, first, fix)
    assert meant in facts and slip not in facts, facts
    assert (slip[2], slip[1], slip[0]) not in facts  # (a marriage from its other end too)


@pytest.mark.parametrize("later", [
    "Sorry to hear that. We picked Hooli, not Initech, for the offsite.",
    "We should meet at Hooli, not Initech.",
    "Sorry, I meant Ken.",  # (the value taken back is not said)
])
def test_no_correction_without_both_values_said_as_one(memory: TemporalGraphMemory, later: str) -> None:
    facts = after_turns(memory, "Noor", "I work at Initech.", later)
    assert ("Noor", "WORKS_FOR", "Initech") in facts and ("Noor", "WORKS_FOR", "Hooli") not in facts, facts


def test_a_correction_takes_back_the_newest_statement_of_that_value(memory: TemporalGraphMemory) -> None:
    facts = current(memory, "Ken works at Initech.", "Bo lives in Oslo.", "Sorry, I meant Hooli, not Initech.")
    assert {("Ken", "WORKS_FOR", "Hooli"), ("Bo", "LIVES_IN", "Oslo")} <= facts, facts
    assert ("Ken", "WORKS_FOR", "Initech") not in facts


# -- 2. a past state without a date ----------------------------------------------------------------

@pytest.mark.parametrize(("text", "wrong"), [
    ("Dev reported to Kim.", ("Dev", "REPORTS_TO", "Kim")),
    ("Dev studied at Uppsala University.", ("Dev", "STUDIES_AT", "Uppsala University")),
    ("Dev was married to Uma.", ("Dev", "MARRIED_TO", "Uma")),
    ("Dev had been married to Uma.", ("Uma", "MARRIED_TO", "Dev")),
    ("Dev and Uma were married.", ("Dev", "MARRIED_TO", "Uma")),
    ("Dev was the head of Nimbus Labs.", ("Dev", "WORKS_FOR", "Nimbus Labs")),
    ("Dev was a developer at Initech.", ("Dev", "WORKS_FOR", "Initech")),
    # dated, a past state is history of its period, never current
    ("Dev studied at Uppsala University in 2019.", ("Dev", "STUDIES_AT", "Uppsala University")),
    ("Dev reported to Kim last year.", ("Dev", "REPORTS_TO", "Kim")),
    ("Dev was the CTO of Initech in 2020.", ("Dev", "WORKS_FOR", "Initech")),
])
def test_a_past_state_is_never_current(memory: TemporalGraphMemory, text: str, wrong: tuple[str, str, str]) -> None:
    memory.add(text, at=NOW)
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations()}
    assert wrong not in facts, facts


@pytest.mark.parametrize(("first", "later", "wrong"), [
    ("Dev reports to Gita.", "Dev reported to Kim for years.", ("Dev", "REPORTS_TO", "Kim")),
    ("Ada studies at Yale.", "Ada studied at Brown before Yale.", ("Ada", "STUDIES_AT", "Brown")),
    ("Dev works at Hooli.", "Dev was the head of Initech.", ("Dev", "WORKS_FOR", "Initech")),
])
def test_an_undated_past_state_replaces_nothing(
    memory: TemporalGraphMemory, first: str, later: str, wrong: tuple[str, str, str]
) -> None:
    facts = current(memory, first, later)
    assert wrong not in facts, facts


@pytest.mark.parametrize("text", [
    "Dev was married to Uma in 2015.",
    "Dev and Uma were married Saturday at St. Anne's.",
    "Dev was married to Uma last June.",
])
def test_a_wedding_said_in_the_past_with_its_day_still_holds(memory: TemporalGraphMemory, text: str) -> None:
    memory.add(text, at=NOW)
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations()}
    assert ("Dev", "MARRIED_TO", "Uma") in facts, facts


# -- 3. a past state that bounds the current fact ------------------------------------------------

@pytest.mark.parametrize(("first", "later", "fact", "end"), [
    ("Kim lives in Oslo.", "Kim lived in Oslo until 2020.", ("Kim", "LIVES_IN", "Oslo"), dt.datetime(2021, 1, 1, tzinfo=UTC)),
    ("Kim lives in Oslo.", "Kim lived in Oslo till 2020.", ("Kim", "LIVES_IN", "Oslo"), dt.datetime(2021, 1, 1, tzinfo=UTC)),
    ("Kim lives in Oslo.", "Kim lived in Oslo until March 2023.", ("Kim", "LIVES_IN", "Oslo"), dt.datetime(2023, 4, 1, tzinfo=UTC)),
    ("Kim lives in Oslo.", "Kim lived in Oslo from 2016 to 2020.", ("Kim", "LIVES_IN", "Oslo"), dt.datetime(2021, 1, 1, tzinfo=UTC)),
    ("Kim lives in Oslo.", "Kim lived in Oslo between 2015 and 2022.", ("Kim", "LIVES_IN", "Oslo"), dt.datetime(2023, 1, 1, tzinfo=UTC)),
    ("Kim works at Initech.", "Kim worked at Initech from 2018 to 2023.", ("Kim", "WORKS_FOR", "Initech"), dt.datetime(2024, 1, 1, tzinfo=UTC)),
    ("Kim is the CFO of Initech.", "Kim was the CFO of Initech until last year.", ("Kim", "WORKS_FOR", "Initech"), dt.datetime(2026, 1, 1, tzinfo=UTC)),
    ("Kim reports to Gita.", "Kim reported to Gita until 2024.", ("Kim", "REPORTS_TO", "Gita"), dt.datetime(2025, 1, 1, tzinfo=UTC)),
    ("Kim studies at Yale.", "Kim studied at Yale until 2022.", ("Kim", "STUDIES_AT", "Yale"), dt.datetime(2023, 1, 1, tzinfo=UTC)),
    ("Kim is married to Bo.", "Kim was married to Bo until 2019.", ("Kim", "MARRIED_TO", "Bo"), dt.datetime(2020, 1, 1, tzinfo=UTC)),
    ("Kim lives in Oslo.", "Kim lived in Oslo until recently.", ("Kim", "LIVES_IN", "Oslo"), NOW),
])
def test_the_current_fact_ends_where_a_past_state_bounds_it(
    memory: TemporalGraphMemory, first: str, later: str, fact: tuple[str, str, str], end: dt.datetime
) -> None:
    memory.add(first, at=OLD)
    memory.add(later, at=NOW)
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations(as_of=NOW)}
    assert fact not in facts, facts
    same = [r for r in memory.timeline(fact[0]) if (r.subject_name, r.type, r.object_name) == fact]
    assert [(r.valid_from, r.valid_to) for r in same] == [(OLD, end)]  # one stay, no closed copy beside it


@pytest.mark.parametrize(("later", "kept"), [
    ("Kim lived in Oslo from 2010 to 2012.", True),  # an earlier stay: history beside
    ("Did Kim live in Oslo until 2020?", True),
    ("Kim will live in Oslo until 2030.", True),
    ("Kim lived in Bergen until 2020.", True),
])
def test_a_bound_of_another_stay_or_no_bound_leaves_the_fact(memory: TemporalGraphMemory, later: str, kept: bool) -> None:
    memory.add("Kim lives in Oslo.", at=OLD)
    memory.add(later, at=NOW)
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations(as_of=NOW)}
    assert (("Kim", "LIVES_IN", "Oslo") in facts) is kept, facts
    assert ("Kim", "LIVES_IN", "Bergen") not in facts
