"""Forty-ninth round of the relation layer (D): English chats. A move to a workplace ("the
Northside clinic", "the Leeds branch", "the Hilton hotel") names no home; a slip corrected with a
star names its value even when the town is also a word ("*Bath", "*Reading", "*Nice"); a question
with a person's full name reads that person's facts, not those of one who shares the first name;
a full-width Latin name typed with a CJK input method ("Ｂｏｂ") is the same name. Real SQLite
(``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

T0 = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


@pytest.fixture
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


def _current(memory: TemporalGraphMemory) -> set[tuple[str, str, str | None]]:
    return {(r.subject_name, r.type, r.object_name) for r in memory.relations()}


@pytest.mark.parametrize(
    "move",
    [
        "Kelly moved to the Northside clinic, Ade is my nurse now",
        "Kelly moved to the Northside branch last week.",
        "Kelly moved to the Hilton hotel.",
        "Kelly has moved to the Riverside site.",
        "Kelly moved to the Mayfield ward.",
        "Kelly moved to the Harrow store",
        "Kelly moved to the Leeds depot.",
        "Kelly moved over to the Selly Oak hospital.",
    ],
)
def test_a_move_to_a_workplace_names_no_home(memory: TemporalGraphMemory, move: str) -> None:
    memory.add("Kelly lives in York, she drives in every day.", speaker="Nina", at=T0)
    memory.add(move, speaker="Nina", at=T0 + timedelta(days=90))
    homes = [r.object_name for r in memory.relations(type="LIVES_IN", include_ended=True, include_unsure=True)]
    assert set(homes) <= {"York"}, homes
    assert not any("York" not in f for f in memory.recall("Where does Kelly live?").facts)


@pytest.mark.parametrize("move", ["Kelly moved to Leeds.", "Kelly moved to the Leeds area."])
def test_a_move_to_a_town_is_still_a_home(memory: TemporalGraphMemory, move: str) -> None:
    memory.add("Kelly lives in York.", speaker="Nina", at=T0)
    memory.add(move, speaker="Nina", at=T0 + timedelta(days=90))
    assert ("Kelly", "LIVES_IN", "Leeds") in _current(memory)


@pytest.mark.parametrize(
    ("first", "slip", "meant"),
    [
        ("I live in Bristol.", "*Bath", "Bath"),
        ("I live in Bristol.", "*Reading", "Reading"),
        ("I live in Lyon.", "*Nice", "Nice"),
        ("I live in Bristol.", "* Bath!", "Bath"),
        ("I live in Bristol.", "Bath*", "Bath"),
        ("I live in Bristol.", "*Reading lol", "Reading"),
        ("I live in Bristol.", "*Wells.", "Wells"),
        ("I live in Bristol.", "*Bath, not Bristol", "Bath"),
        ("I live in Bristol.", "*Cardiff, not Bristol", "Cardiff"),
        ("I live in Bristol.", "*Cardiff", "Cardiff"),
    ],
)
def test_a_starred_slip_names_a_town_that_is_also_a_word(
    memory: TemporalGraphMemory, first: str, slip: str, meant: str
) -> None:
    memory.add(first, speaker="Leo", at=T0)
    memory.add(slip, speaker="Leo", at=T0 + timedelta(minutes=1))
    homes = {r.object_name for r in memory.relations(type="LIVES_IN")}
    assert homes == {meant}, homes


@pytest.mark.parametrize("text", ["*Reading* a great book tonight", "*Bath time* for the kids"])
def test_emphasis_with_stars_corrects_nothing(memory: TemporalGraphMemory, text: str) -> None:
    memory.add("I live in Bristol.", speaker="Leo", at=T0)
    memory.add(text, speaker="Leo", at=T0 + timedelta(minutes=1))
    assert {r.object_name for r in memory.relations(type="LIVES_IN")} == {"Bristol"}


def test_a_full_name_in_a_question_is_that_person_or_nobody(memory: TemporalGraphMemory) -> None:
    memory.add("Sam Patel works at Deloitte.", speaker="Carla", at=T0)
    memory.add("Sam Reed lives in Leeds.", speaker="Carla", at=T0 + timedelta(days=2))
    memory.add("Sam Reed moved to Bath last week.", speaker="Carla", at=T0 + timedelta(days=15))
    for question in ("Where does Sam Patel live?", "where does sam patel live?", "Which city is Sam Patel in?"):
        facts = memory.recall(question, token_budget=250).facts
        assert not any("Sam Reed" in f for f in facts), (question, facts)
    assert not any("Sam Patel" in f for f in memory.recall("Where does Sam Reed work?").facts)
    assert any("Bath" in f for f in memory.recall("Where does Sam Reed live?").facts)
    assert any("Deloitte" in f for f in memory.recall("Where does Sam Patel work?").facts)


def test_a_full_name_is_not_a_speaker_of_the_first_name(memory: TemporalGraphMemory) -> None:
    memory.add("I live in York.", speaker="Sam", at=T0)
    memory.add("Sam Reed works at Arup.", speaker="Carla", at=T0 + timedelta(days=1))
    facts = memory.recall("Where does Sam Reed live?", token_budget=250).facts
    assert not any("York" in f for f in facts), facts


@pytest.mark.parametrize(
    ("texts", "question", "now", "stale"),
    [
        (["Bob works at Acme.", "Ｂｏｂ joined Globex."], "Where does Bob work?", "Globex", "Acme"),
        (["Ｂｏｂ works at Acme.", "Bob joined Globex."], "Where does Ｂｏｂ work?", "Globex", "Acme"),
        (["Ｂｏｂ在腾讯工作。", "Bob离开了腾讯，加入了阿里巴巴。"], "Ｂｏｂ在哪里工作？", "阿里巴巴", "腾讯"),
        (["Ｋｅｌｌｙ lives in York.", "Kelly moved to Leeds."], "Where does Kelly live?", "Leeds", "York"),
    ],
)
def test_a_full_width_name_is_the_same_name(
    memory: TemporalGraphMemory, texts: list[str], question: str, now: str, stale: str
) -> None:
    for i, text in enumerate(texts):
        memory.add(text, at=T0 + timedelta(days=i))
    current = _current(memory)
    assert {s for s, _, _ in current} <= {"Bob", "Kelly"}, current
    assert {o for _, _, o in current} == {now}, current
    facts = memory.recall(question).facts
    assert facts and facts[0].split(" (")[0].endswith(now), facts


def test_full_width_punctuation_stays(memory: TemporalGraphMemory) -> None:
    memory.add("张伟在腾讯工作，住在北京。", at=T0)
    (statement,) = memory.statements()
    assert statement.text == "张伟在腾讯工作，住在北京。"
