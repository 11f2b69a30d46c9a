"""Forty-sixth round of the relation layer (a): what a sentence does not assert.

A clause under a verb of belief, doubt, hope or dream ("Maria believes Sam moved to Oslo", "I
doubt Ken quit") is no fact; a change told in the present or progressive tense with a time still
to come ("Ken is relocating to Oslo in <a later month>", "Ken starts at Hooli on <a later day>") is
a plan, never a current fact dated to the last such month; a name an exclusion leaves out
("everybody apart from Ann") or a "neither … nor" denies is given nothing; and a wish, a denied
change or another person's change told by someone leaves that someone's facts sure. (The doubt
rule reads a belief or a present-tense plan as before, so the true fact is never ended but may be
left unsure: stating nothing is allowed, a wrong fact is not.)
Real SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""

from __future__ import annotations

import calendar
import datetime as dt

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.patterns.mood import CLAUSE_ROWS, said_in_clause

from ._facts import after_turns, current


@pytest.fixture
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


# -- 0. the rows: each flags its examples, and no look-alike -------------------------------------

_CLAUSE_EXAMPLES = [(row.name, text) for row in CLAUSE_ROWS for text in row.examples]


@pytest.mark.parametrize(("name", "text"), _CLAUSE_EXAMPLES, ids=[f"{n}:{t}" for n, t in _CLAUSE_EXAMPLES])
def test_clause_row_flags_its_examples(name: str, text: str) -> None:
    row = next(r for r in CLAUSE_ROWS if r.name == name)
    assert row.pattern.search(text) and said_in_clause(text), text


@pytest.mark.parametrize("text", [
    "I can't believe Lena moved to Oslo!", "I thought so.", "I was thinking of moving to Lyon.",
    "weird to think i used to work for Aramex", "I used to think Valencia was hot.", "No doubt Alice moved.",
    "Owen's leaving drinks were on Friday.", "Alice's wedding is in June.", "Tom moved to Austin in March.",
    "Tom has been living in Austin since March.", "Tom is working at Google in London.",
    "Rosa is updating her form: she married Tom in April.", "Tom works at IBM on Mondays.",
])
def test_clause_rows_flag_no_look_alike(text: str) -> None:
    assert not said_in_clause(text), text


# -- 1. belief, doubt, hope, dream -----------------------------------------------------------------

@pytest.mark.parametrize(("first", "later", "kept", "wrong"), [
    ("Sam lives in Bergen.", "Maria believes Sam moved to Oslo.", ("Sam", "LIVES_IN", "Bergen"), ("Sam", "LIVES_IN", "Oslo")),
    ("Ken works at Initech.", "I suspect Ken joined Hooli.", ("Ken", "WORKS_FOR", "Initech"), ("Ken", "WORKS_FOR", "Hooli")),
    ("Ruth works at Initech.", "We assumed Ruth had joined Hooli, but she hadn't.", ("Ruth", "WORKS_FOR", "Initech"),
     ("Ruth", "WORKS_FOR", "Hooli")),
    ("Dev lives in Lviv.", "I'm not certain that Dev lives in Kyiv now.", ("Dev", "LIVES_IN", "Lviv"), ("Dev", "LIVES_IN", "Kyiv")),
    ("Omar works at Initech.", "Let's hope Omar joins Hooli.", ("Omar", "WORKS_FOR", "Initech"), ("Omar", "WORKS_FOR", "Hooli")),
    ("Priya lives in Pune.", "Priya dreamt she moved to Tokyo.", ("Priya", "LIVES_IN", "Pune"), ("Priya", "LIVES_IN", "Tokyo")),
    ("Lena works at Initech.", "Hopefully Lena joins Hooli.", ("Lena", "WORKS_FOR", "Initech"), ("Lena", "WORKS_FOR", "Hooli")),
    ("Ruth works at Initech.", "Sam is convinced Ruth works at Hooli.", ("Ruth", "WORKS_FOR", "Initech"), ("Ruth", "WORKS_FOR", "Hooli")),
    ("Ken works at Initech.", "Ken works at Initech, though his mum thinks he works at Hooli.",
     ("Ken", "WORKS_FOR", "Initech"), ("Ken", "WORKS_FOR", "Hooli")),
])
def test_a_clause_under_belief_doubt_hope_or_dream_is_no_fact(
    memory: TemporalGraphMemory, first: str, later: str, kept: tuple[str, str, str], wrong: tuple[str, str, str]
) -> None:
    facts = current(memory, first, later)
    assert wrong not in facts, facts
    assert _not_ended(memory, kept)


def _not_ended(memory: TemporalGraphMemory, fact: tuple[str, str, str]) -> bool:
    """Whether ``fact`` has a version still open: current, or at worst left unsure by the doubt
    rule (which reads such a sentence as before, and may state nothing); never ended."""
    return any((r.subject_name, r.type, r.object_name) == fact and r.valid_to is None
               for r in memory.relations(include_ended=True))


@pytest.mark.parametrize(("text", "fact"), [
    ("I can't believe Lena moved to Oslo!", ("Lena", "LIVES_IN", "Oslo")),
    ("Lena moved to Oslo, hope she likes it there.", ("Lena", "LIVES_IN", "Oslo")),
    ("No doubt about it: Lena moved to Oslo.", ("Lena", "LIVES_IN", "Oslo")),
])
def test_look_alikes_a_fact_beside_a_hope_or_surprise_is_read(
    memory: TemporalGraphMemory, text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in current(memory, text)


# -- 2. a plan in the present or progressive tense -------------------------------------------------

def _ahead(said: dt.datetime) -> tuple[str, str]:
    """A month name three months after ``said`` and a day ("June 3") about three weeks after it."""
    day = said + dt.timedelta(days=20)
    return calendar.month_name[(said.month + 2) % 12 + 1], f"{calendar.month_name[day.month]} {day.day}"


@pytest.mark.parametrize(("first", "plan", "kept", "wrong"), [
    ("Ken lives in Bergen.", "Ken is relocating to Oslo in {month}.", ("Ken", "LIVES_IN", "Bergen"), ("Ken", "LIVES_IN", "Oslo")),
    ("Ken works at Initech.", "Ken starts at Hooli on {day}.", ("Ken", "WORKS_FOR", "Initech"), ("Ken", "WORKS_FOR", "Hooli")),
    ("Ken works at Initech.", "In {month}, Ken is joining Hooli.", ("Ken", "WORKS_FOR", "Initech"), ("Ken", "WORKS_FOR", "Hooli")),
    ("Ken lives in Bergen.", "Ken's moving to Oslo in three weeks.", ("Ken", "LIVES_IN", "Bergen"), ("Ken", "LIVES_IN", "Oslo")),
    ("Ken works at Initech.", "I hear Ken is joining Hooli after the holidays.", ("Ken", "WORKS_FOR", "Initech"),
     ("Ken", "WORKS_FOR", "Hooli")),
    ("Ken lives in Bergen.", "Ken is moving to Oslo very soon.", ("Ken", "LIVES_IN", "Bergen"), ("Ken", "LIVES_IN", "Oslo")),
    ("Priya manages Atlas.", "Ken is taking over Atlas at the end of the month.", ("Priya", "MANAGES", "Atlas"),
     ("Ken", "MANAGES", "Atlas")),
])
def test_a_plan_in_the_present_tense_is_no_current_fact(
    memory: TemporalGraphMemory, first: str, plan: str, kept: tuple[str, str, str], wrong: tuple[str, str, str]
) -> None:
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    month, day = _ahead(now)
    memory.add(first, at=now - dt.timedelta(days=400))
    memory.add(plan.format(month=month, day=day), at=now - dt.timedelta(minutes=5))
    rels = memory.relations(as_of=now)
    facts = {(r.subject_name, r.type, r.object_name) for r in rels}
    assert wrong not in facts and _not_ended(memory, kept), facts
    # nothing of the plan is dated in the past either
    history = memory.relations(include_ended=True)
    assert not any((r.subject_name, r.type, r.object_name) == wrong for r in history), history


@pytest.mark.parametrize(("text", "fact"), [
    ("Ken moved to Oslo in March.", ("Ken", "LIVES_IN", "Oslo")),
    ("Ken joined Hooli on December 26.", ("Ken", "WORKS_FOR", "Hooli")),
    ("Ken moved in March and is living in Oslo now.", ("Ken", "LIVES_IN", "Oslo")),
    ("Ken has been living in Oslo since May.", ("Ken", "LIVES_IN", "Oslo")),
])
def test_look_alikes_a_change_in_the_past_tense_is_read(
    memory: TemporalGraphMemory, text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in current(memory, text)


# -- 3. an exclusion, "neither … nor" ---------------------------------------------------------------

@pytest.mark.parametrize(("speaker", "first", "later", "kept", "wrong"), [
    (None, "Ann, Raj and Ken live in Bergen.", "Everybody apart from Ann moved to Oslo.",
     ("Ann", "LIVES_IN", "Bergen"), ("Ann", "LIVES_IN", "Oslo")),
    (None, "Ann, Raj and Ken work at Initech.", "The whole team except for Raj and Ann joined Hooli.",
     ("Ann", "WORKS_FOR", "Initech"), ("Ann", "WORKS_FOR", "Hooli")),
    (None, "Ann, Raj and Ken work at Initech.", "Everyone other than Ken joined Hooli.",
     ("Ken", "WORKS_FOR", "Initech"), ("Ken", "WORKS_FOR", "Hooli")),
    # (the speaker's home is left unsure by the doubt rule's speaker fallback: missing, not wrong)
    ("Mia", "I live in Bergen.", "Everybody but me moved to Oslo.", None, ("Mia", "LIVES_IN", "Oslo")),
])
def test_a_name_an_exclusion_leaves_out_is_given_nothing(
    memory: TemporalGraphMemory, speaker: str | None, first: str, later: str,
    kept: tuple[str, str, str] | None, wrong: tuple[str, str, str],
) -> None:
    facts = after_turns(memory, speaker, first, later)
    assert wrong not in facts and (kept is None or kept in facts), facts


@pytest.mark.parametrize(("speaker", "text", "wrong"), [
    (None, "Neither Ken nor Ruth works at Hooli.", ("Ruth", "WORKS_FOR", "Hooli")),
    (None, "Neither Ken nor Ruth has moved to Oslo.", ("Ruth", "LIVES_IN", "Oslo")),
    (None, "Ruth enjoys neither jazz nor opera.", ("Ruth", "LIKES", "jazz")),
    ("Mia", "I like neither coffee nor tea.", ("Mia", "LIKES", "coffee")),
])
def test_neither_nor_asserts_nothing_of_its_names(
    memory: TemporalGraphMemory, speaker: str | None, text: str, wrong: tuple[str, str, str]
) -> None:
    assert wrong not in after_turns(memory, speaker, text)


def test_neither_nor_keeps_the_fact_it_denies(memory: TemporalGraphMemory) -> None:
    facts = current(memory, "Ruth works at Initech.", "Neither Ken nor Ruth has left Initech.")
    assert ("Ruth", "WORKS_FOR", "Initech") in facts, facts


@pytest.mark.parametrize(("text", "fact"), [
    ("Ruth lives in Oslo and likes neither jazz nor opera.", ("Ruth", "LIVES_IN", "Oslo")),
    ("Neither of them saw it coming, but Ken moved to Oslo.", ("Ken", "LIVES_IN", "Oslo")),
    ("Ann left Initech but Raj joined Hooli.", ("Raj", "WORKS_FOR", "Hooli")),
    ("Except for the commute, Raj loves his job at Hooli. Raj works at Hooli.", ("Raj", "WORKS_FOR", "Hooli")),
])
def test_look_alikes_a_fact_outside_the_exclusion_or_denial_is_read(
    memory: TemporalGraphMemory, text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in current(memory, text)


# -- 4. a wish, a denied change, another's change told ---------------------------------------------

@pytest.mark.parametrize(("first", "later", "kept"), [
    ("Ken lives in Bergen.", "Ken would really love to live in Oslo.", ("Ken", "LIVES_IN", "Bergen")),
    ("Ken works at Initech.", "Ken'd rather work at Hooli.", ("Ken", "WORKS_FOR", "Initech")),
    ("Ken works at Initech.", "Ken isn't joining Hooli.", ("Ken", "WORKS_FOR", "Initech")),
    ("Ken works at Initech.", "Ken never joined Hooli.", ("Ken", "WORKS_FOR", "Initech")),
    ("Ruth works at Initech.", "Ruth said, 'Ken moved to Oslo.'", ("Ruth", "WORKS_FOR", "Initech")),
    ("Ruth works at Initech.", "Ruth mentioned Ken quit Hooli.", ("Ruth", "WORKS_FOR", "Initech")),
])
def test_a_wish_a_denial_or_another_s_change_leaves_the_fact_sure(
    memory: TemporalGraphMemory, first: str, later: str, kept: tuple[str, str, str]
) -> None:
    assert kept in current(memory, first, later)


def test_look_alike_one_s_own_change_told_still_counts(memory: TemporalGraphMemory) -> None:
    facts = current(memory, "Ruth works at Initech.", "Ruth told me she quit her job.")
    assert ("Ruth", "WORKS_FOR", "Initech") not in facts, facts
