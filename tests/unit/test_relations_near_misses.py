"""Seventeenth round of the relation layer's rules (blind batches 118-121): a finished doctorate
("passed his viva") and a poached employee (被美团挖走) end the old fact; a near miss ("nearly
quit", 差点被挖走) or a wish (想把他挖过去) does not; "he" after "my brother" is the brother, not
a person of an earlier turn; "like she owns the place" owns nothing. Real SQLite (``:memory:``), offline annotator; no mocks. The
sentences are written for these tests, not taken from the batches.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

from ._facts import Case, after_turns, assert_case

_CASES: list[Case] = [
    # a doctorate finished: the school is left
    (None, "Ravi studies at Imperial College.", "RAVI PASSED HIS VIVA!! 🎓 drinks at 6",
     ("Ravi", "STUDIES_AT", "Imperial College"), False),
    (None, "Ines studies at Leiden University.", "Ines defended her thesis yesterday.",
     ("Ines", "STUDIES_AT", "Leiden University"), False),
    (None, "Ravi studies at Imperial College.", "Is it true Ravi passed his viva?",
     ("Ravi", "STUDIES_AT", "Imperial College"), True),
    # poached: 被……挖走 ends the old employer
    (None, "赵峰在京东工作。", "赵峰已被拼多多挖走，下月起出任拼多多物流负责人。", ("赵峰", "WORKS_FOR", "京东"), False),
    # a near miss or a wish changes nothing
    (None, "赵峰在京东工作。", "赵峰差点被拼多多挖走，最后还是留下了。", ("赵峰", "WORKS_FOR", "京东"), True),
    (None, "赵峰在京东工作。", "拼多多想把赵峰挖过去，他没答应。", ("赵峰", "WORKS_FOR", "京东"), True),
    (None, "Ann works for Sony.", "Ann nearly quit Sony last week, then they gave her a raise.",
     ("Ann", "WORKS_FOR", "Sony"), True),
    (None, "Ann works for Sony.", "Ann almost got poached by Apple, lol.", ("Ann", "WORKS_FOR", "Sony"), True),
    # a work pass handed back, a person lured away (fixed after the round's second check)
    ("Declan", "I work for Ryanair.", "Handed my lanyard back at Ryanair today. No next gig lined up, just a long walk by the canal.",
     ("Declan", "WORKS_FOR", "Ryanair"), False),
    (None, "Ingrid Solberg works for Equinor.",
     "Ørsted confirmed that Ingrid Solberg, lured away from Equinor after a decade, joined this month.",
     ("Ingrid Solberg", "WORKS_FOR", "Equinor"), False),
    # (a near miss is not every "almost": a stretch of years is still over)
    (None, "Ann works for Sony.", "After almost four years at Sony, Ann left in May.",
     ("Ann", "WORKS_FOR", "Sony"), False),
]


@pytest.mark.parametrize("case", _CASES)
def test_a_later_statement_leaves_the_fact_or_keeps_it(memory: TemporalGraphMemory, case: Case) -> None:
    assert_case(memory, case)


def test_he_after_my_brother_is_the_brother(memory: TemporalGraphMemory) -> None:
    memory.add("Dmitri is married to Olga.")
    memory.add("Spent the weekend at my brother's wedding in Tbilisi — he married Nino at last!",
               speaker="Dmitri")
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations()}
    assert not any("Nino" in (f[0], f[2]) for f in facts), facts


def test_he_after_a_named_person_is_that_person(memory: TemporalGraphMemory) -> None:
    memory.add("My brother's friend Paul came too; he married Nino.", speaker="Dmitri")
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations()}
    assert ("Paul", "MARRIED_TO", "Nino") in facts, facts


def test_ta_after_my_brother_is_the_brother(memory: TemporalGraphMemory) -> None:
    memory.add("张伟和李娜结婚了。")
    memory.add("我哥上周结婚了，他娶了王芳。", speaker="李娜")
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations()}
    assert not any("王芳" in (f[0], f[2]) for f in facts), facts


def test_like_she_owns_the_place_owns_nothing(memory: TemporalGraphMemory) -> None:
    memory.add("Aisha strolled into the meeting like she owns the place.")
    memory.add("Tomas acts as if he owns the bank.")
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations()}
    assert not any(f[1] == "OWNS" for f in facts), facts
    assert ("Vera", "OWNS", "red bike") in after_turns(memory, None, "Vera owns a red bike.")
