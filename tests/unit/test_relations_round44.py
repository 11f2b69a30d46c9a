"""Forty-fourth round of the relation layer: general readings found by blind batches 866-869 and
874-877, and a person lookup that was quadratic in a text's people.

"any more" after a plural is no verb's object ("can't stand open-plan offices any more"); a
redundancy and a last payslip doubt an employer; "moved to X, also as PM" names no home; 原由X负责
is what was, and 现(已)改由Y牵头 is the new lead; a first weekend in a city doubts the old home; a
line labelled with a name no list knows and written in the first person is that person's.
Real SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""
from __future__ import annotations

import random

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.entities import EntityBook
from recall_memory_plugins.stores.sqlite import SqliteGraphStore

from ._facts import facts_after


@pytest.fixture
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


@pytest.mark.parametrize("tail", ["any more", "any longer"])
def test_a_plural_before_any_more_is_the_whole_thing(memory: TemporalGraphMemory, tail: str) -> None:
    facts = facts_after(memory, [(None, f"Tobias can't stand remote meetings {tail}.")])
    assert ("Tobias", "DISLIKES", "remote meetings") in facts, facts
    assert ("Tobias", "DISLIKES", "remote") not in facts, facts


def test_a_redundancy_and_a_last_payslip_doubt_the_employer(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "Ama works for Heineken."),
                                 ("Ama", "redundancy at Heineken is final, last payslip came in May.")])
    assert ("Ama", "WORKS_FOR", "Heineken") not in facts, facts


def test_a_move_to_a_project_as_its_pm_names_no_home(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "Ravi manages the Lantern project."),
                                 (None, "Lantern is now led by Mia. Ravi moved to Quasar, also as PM.")])
    assert not any(f[1] == "LIVES_IN" for f in facts), facts


def test_formerly_led_is_what_was_and_the_new_lead_is_read(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "谢婷负责蓝鲸项目。"),
                                 (None, "蓝鲸项目原由谢婷负责，现已改由许涛牵头。")])
    assert ("许涛", "MANAGES", "蓝鲸项目") in facts, facts
    assert ("谢婷", "MANAGES", "蓝鲸项目") not in facts, facts


def test_formerly_led_alone_states_no_current_lead(memory: TemporalGraphMemory) -> None:
    assert facts_after(memory, [(None, "蓝鲸项目原由谢婷负责。")]) == set()


def test_a_lead_with_its_project_named_after_is_not_the_one_before(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "郑丽负责长城项目。"),
                                 (None, "笔记：郑丽以前管长城项目，从三月起改由她牵头北斗项目了。")])
    assert ("郑丽", "MANAGES", "北斗项目") in facts, facts
    assert not any(f[2] != "北斗项目" and f[1] == "MANAGES" for f in facts), facts


def test_a_maintenance_lead_is_no_lead_of_a_team_named_before(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "郑凯负责北极星项目。"),
                                 (None, "北极星项目上线后，郑凯就被调去带增长团队了，后续维护由黄涛牵头。")])
    assert ("黄涛", "MANAGES", "增长团队") not in facts, facts


def test_a_first_weekend_in_a_city_doubts_the_old_home(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [("罗静", "我住在南昌。"), ("罗静", "在厦门的第一个周末，下了一整天雨，有点想南昌的拌粉。")])
    assert ("罗静", "LIVES_IN", "南昌") not in facts, facts


@pytest.mark.parametrize("label", ["Oskarine", "Oskarine Lindqvist"])
def test_a_line_labelled_with_an_unknown_name_in_the_first_person(memory: TemporalGraphMemory, label: str) -> None:
    facts = facts_after(memory, [(None, f"{label}: I moved to Tromsø last spring.")])
    assert (label, "LIVES_IN", "Tromsø") in facts, facts


@pytest.mark.parametrize("label", ["Handover", "Auto-reply", "Update"])
def test_a_heading_label_is_nobody(memory: TemporalGraphMemory, label: str) -> None:
    facts = facts_after(memory, [(None, f"{label}: I moved to Tromsø last spring.")])
    assert not any(f[0] == label for f in facts), facts


def test_short_names_find_their_person_among_many() -> None:
    """"Olu" and "Ms Adeyemi" still find Olumide Adeyemi in a text of a thousand other people;
    the lookup reads an index by name word (it scanned every person for every name before)."""
    rng = random.Random(7)
    syllables = ("ka", "lo", "mi", "ra", "ten", "vo", "sel", "dar")
    people = {f"{''.join(rng.choice(syllables) for _ in range(3)).capitalize()} "
              f"{''.join(rng.choice(syllables) for _ in range(3)).capitalize()}" for _ in range(1000)}
    book = EntityBook(SqliteGraphStore(":memory:"), "n", ())
    for name in sorted(people):
        book.resolve(name, "PERSON")
    target = book.resolve("Olumide Adeyemi", "PERSON")
    assert target is not None
    assert book._shortened("Olu") == target.id
    assert book._titled("Ms Adeyemi") == target.id
    book.resolve("Olufemi Bakare", "PERSON")
    assert book._shortened("Olu") is None  # two such people: never a guess
    zh = book.resolve("欧阳娜", "PERSON")
    assert zh is not None and book._titled("欧阳女士") == zh.id


def test_a_first_name_and_an_initial_among_many_of_that_first_name() -> None:
    """"Priya O." and "Mei Lin" among a thousand Priyas: the index by first name and initial (and
    by the first two words) finds the one; a text of people sharing a first name was quadratic."""
    rng = random.Random(3)
    book = EntityBook(SqliteGraphStore(":memory:"), "n", ())
    for _ in range(1000):
        book.resolve(f"Priya {rng.choice('ABCDEFGHIJKLMN')}{''.join(rng.choices('aeiourst', k=6))}", "PERSON")
    okafor = book.resolve("Priya Okafor", "PERSON")
    mei = book.resolve("Mei Lin Tan", "PERSON")
    assert okafor is not None and mei is not None
    assert book._shortened("Priya O.") == okafor.id
    assert book._shortened("Priya A.") is None  # many Priyas with an A surname
    assert book._shortened("Mei Lin") == mei.id
