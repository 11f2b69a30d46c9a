"""Round 53 (A): English stale facts the blind paraphrases kept as current.

- a finished degree or a graduation said in other words ("completed her MA at ...", "walked at
  graduation", "walk across the stage", "Dana's graduation was yesterday", "a Leeds University
  graduate") leaves the school unsure; a plan or a relative in another clause of the sentence no
  longer hides it, one in its own clause still does;
- a divorce that went through, said without the two names the patterns read ("The divorce went
  through in March, so take Tom off ...", a family tree's "div. 2019"), leaves the marriage
  unsure; a relative's, another named couple's, a rumoured or a planned divorce does not.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

AT = datetime(2024, 5, 8, 18, tzinfo=timezone.utc)


def _facts(*turns: str, speaker: str | None = None) -> dict[tuple[str, str, str], bool]:
    """(subject, type, object) -> unsure? of every current relation after ``turns``."""
    m = TemporalGraphMemory(":memory:", annotator="offline")
    for turn in turns:
        m.add(turn, speaker=speaker, at=AT)
    return {(str(r.subject_name), r.type, str(r.object_name)): r.attributes.get("unsure") == "true"
            for r in m.relations(include_unsure=True)}


# -- 1. a graduation in other words ---------------------------------------------------------------

SCHOOL = "Dana studies at Leeds University."


@pytest.mark.parametrize(
    "then",
    [
        "Diary: so proud, we watched Dana walk at graduation.",
        "Congrats Dana! Grad photos are on the fridge.",
        "We watched Dana walk across the stage yesterday, gown and all.",
        "Congrats Dana!! grad pics everywhere, and she's moving to Leeds next month.",
    ],
)
def test_en_a_graduation_in_other_words_doubts_the_school(then: str) -> None:
    assert _facts(SCHOOL, then).get(("Dana", "STUDIES_AT", "Leeds University"), True)  # unsure or ended


@pytest.mark.parametrize(
    "then",
    [
        "Dana will walk at graduation next summer.",
        "Dana is halfway through her MSc.",
        "Dana's brother walked at graduation yesterday.",
        "Has Dana completed her MA yet?",
        "Dana's sister graduated last week - so proud of her.",
    ],
)
def test_en_a_graduation_ahead_or_another_s_keeps_the_school(then: str) -> None:
    assert _facts(SCHOOL, then) == {("Dana", "STUDIES_AT", "Leeds University"): False}


# -- 2. a divorce in other words ------------------------------------------------------------------

MARRIED = "Priya is married to Tom."


def _marriage(facts: dict[tuple[str, str, str], bool]) -> set[bool]:
    return {unsure for (s, t, o), unsure in facts.items() if t == "MARRIED_TO" and {s, o} == {"Priya", "Tom"}}


@pytest.mark.parametrize(
    "then",
    [
        "The divorce went through in March, so please take Tom off my emergency contacts.",
        "Account note: card for Tom cancelled at the customer's request - divorce finalised in April.",
        "Family notes: Priya (div. Tom 2021) m. Sam 2023.",
        "Records: Priya - m. Tom 2015, div. 2021.",
    ],
)
def test_en_a_divorce_in_other_words_doubts_the_marriage(then: str) -> None:
    assert _marriage(_facts(MARRIED, then, speaker="Priya")) == {True}


@pytest.mark.parametrize(
    "then",
    [
        "Tom's parents are getting divorced.",
        "Priya and Tom are thinking about divorce.",
        "Priya and Tom aren't getting divorced after all.",
        "Priya's brother just got divorced, poor guy. Tom is cooking for him.",
        "Also Lena's divorce from Marc went through, bring her flowers. Tom says hi.",
        "Will Priya and Tom get divorced?",
        "Tom moved to the Sales div. in Leeds.",
    ],
)
def test_en_another_s_or_a_rumoured_divorce_keeps_the_marriage(then: str) -> None:
    assert _marriage(_facts(MARRIED, then)) == {False}


# -- 3. a move to a team or a project -------------------------------------------------------------


@pytest.mark.parametrize(
    "then",
    [
        "After the reorg my line manager is Grace; Marcus moved to Growth Ops.",
        "Orbit is now run by Kenji's team; Marcus moved to Kestrel in the spring reshuffle.",
        "Sam took over Helix on Monday and Marcus moved to Nimbus.",
        "My new manager is Freya, Marcus went to Ops.",
    ],
)
def test_en_a_move_to_a_team_or_project_states_no_home(then: str) -> None:
    facts = _facts("Marcus lives in Leeds.", then)
    assert not any(t in ("LIVES_IN", "VISITED") and s == "Marcus" and o != "Leeds" for s, t, o in facts)


@pytest.mark.parametrize(
    "then",
    [
        "Marcus moved to Kumasi last spring.",
        "Team update: Marcus moved to Munich over the holidays.",
        "Marcus went to Lisbon for the weekend.",
        "Marcus moved to Berlin with his team.",
        "My manager Marcus moved to Porto last year.",
    ],
)
def test_en_a_move_to_a_place_is_still_read(then: str) -> None:
    facts = _facts("Marcus lives in Leeds.", then)
    assert any(t in ("LIVES_IN", "VISITED") and s == "Marcus" and o != "Leeds" for s, t, o in facts)
