"""Forty-fifth round of the relation layer: general readings found by the Chinese and timing
fuzzers.

A name read as text stops where the clause goes on (入职腾讯两年了 is 腾讯, not 腾讯两年; 腾讯以后很忙,
腾讯的事还没定 name no firm); a change named as a plan, an application turned down or a report
called false states nothing ("搬到上海的计划取消了", "…，但这是谣言", "The news that … is false"); a
familiar name said to be a relative's (张伟的爸爸老张) is another person; a Chinese denial, wish,
condition or possibility doubts no current fact (没有入职腾讯, 想入职腾讯, 如果入职腾讯，…); and a
name after a Chinese preposition (向赵敏汇报) is no one who changed.
Real SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""
from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

from ._facts import current


@pytest.fixture
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


# -- 1. a name read as text stops where the clause goes on ---------------------------------------

@pytest.mark.parametrize("later", ["李明入职腾讯两年了。", "李明入职腾讯以后很忙。", "李明入职腾讯的事还没定。",
                                   "李明在腾讯之前在阿里巴巴工作。", "李明入职腾讯半年多了。"])
def test_an_employer_read_as_text_takes_no_rest_of_the_clause(memory: TemporalGraphMemory, later: str) -> None:
    facts = current(memory, "李明在阿里巴巴工作。", later)
    employers = {f[2] for f in facts if f[0] == "李明" and f[1] == "WORKS_FOR"}
    assert employers <= {"腾讯", "阿里巴巴"}, facts


@pytest.mark.parametrize(("later", "firm"), [("李明入职腾讯两年了。", "腾讯"), ("王芳入职字节跳动三个月了。", "字节跳动"),
                                             ("赵雷跳槽到华为快一年了。", "华为")])
def test_how_long_a_job_has_held_keeps_the_employer(memory: TemporalGraphMemory, later: str, firm: str) -> None:
    facts = current(memory, later)
    assert (later[:2], "WORKS_FOR", firm) in facts, facts


@pytest.mark.parametrize(("text", "fact"), [
    ("李明在远航物流公司工作。", ("李明", "WORKS_FOR", "远航物流公司")),  # a split name is still read whole
    ("李明跳槽到了华为。", ("李明", "WORKS_FOR", "华为")),
    ("李明入职腾讯了。", ("李明", "WORKS_FOR", "腾讯")),
])
def test_look_alikes_an_employer_said_whole_is_read(memory: TemporalGraphMemory, text: str, fact: tuple[str, str, str]) -> None:
    assert fact in current(memory, text)


def test_a_duration_before_another_clause_is_no_state(memory: TemporalGraphMemory) -> None:
    facts = current(memory, "李明在阿里巴巴工作。", "李明入职腾讯两年后离职了。")
    assert not any(f[1] == "WORKS_FOR" and f[2] not in ("腾讯", "阿里巴巴") for f in facts), facts


# -- 2. a change that did not happen ----------------------------------------------------------------

@pytest.mark.parametrize(("first", "later", "kept", "new"), [
    ("李明住在北京。", "李明搬到上海的计划取消了。", ("李明", "LIVES_IN", "北京"), ("李明", "LIVES_IN", "上海")),
    ("李明住在北京。", "李明搬到上海的计划还在讨论。", ("李明", "LIVES_IN", "北京"), ("李明", "LIVES_IN", "上海")),
    ("李明在阿里巴巴工作。", "李明加入腾讯的申请被拒绝了。", ("李明", "WORKS_FOR", "阿里巴巴"), ("李明", "WORKS_FOR", "腾讯")),
    ("李明在阿里巴巴工作。", "听说李明入职了腾讯，但这是谣言。", ("李明", "WORKS_FOR", "阿里巴巴"), ("李明", "WORKS_FOR", "腾讯")),
    ("李明住在北京。", "李明搬到上海的消息是假的。", ("李明", "LIVES_IN", "北京"), ("李明", "LIVES_IN", "上海")),
    ("王五负责星火计划。", "张三接手星火计划的提议被否决了。", ("王五", "MANAGES", "星火计划"), ("张三", "MANAGES", "星火计划")),
    ("李明在阿里巴巴工作。", "李明入职腾讯的事还没定。", ("李明", "WORKS_FOR", "阿里巴巴"), ("李明", "WORKS_FOR", "腾讯")),
    ("Alice works at Acme.", "The news that Alice joined Globex is false.", ("Alice", "WORKS_FOR", "Acme"),
     ("Alice", "WORKS_FOR", "Globex")),
    ("Alice works at Acme.", "Alice joined Globex, but that's just a rumour.", ("Alice", "WORKS_FOR", "Acme"),
     ("Alice", "WORKS_FOR", "Globex")),
])
def test_a_change_called_off_turned_down_or_false_states_nothing(
    memory: TemporalGraphMemory, first: str, later: str, kept: tuple[str, str, str], new: tuple[str, str, str]
) -> None:
    facts = current(memory, first, later)
    assert new not in facts, facts
    assert kept in facts, facts


def test_a_change_said_to_be_reported_is_not_stated(memory: TemporalGraphMemory) -> None:
    facts = current(memory, "李明在阿里巴巴工作。", "据说李明入职了腾讯。")
    assert ("李明", "WORKS_FOR", "腾讯") not in facts, facts


@pytest.mark.parametrize(("first", "later", "fact"), [
    ("李明住在北京。", "李明搬到了上海，计划下个月装修。", ("李明", "LIVES_IN", "上海")),  # a plan after the move
    ("王五负责星火计划。", "张三接手了星火计划。", ("张三", "MANAGES", "星火计划")),  # a project named 计划
    ("Alice works at Acme.", "Alice joined Globex, and it is true.", ("Alice", "WORKS_FOR", "Globex")),
    ("李明在阿里巴巴工作。", "李明入职了腾讯。", ("李明", "WORKS_FOR", "腾讯")),
])
def test_look_alikes_a_change_that_happened_is_stated(
    memory: TemporalGraphMemory, first: str, later: str, fact: tuple[str, str, str]
) -> None:
    assert fact in current(memory, first, later)


# -- 3. a familiar name said to be a relative's is another person -----------------------------------

@pytest.mark.parametrize(("later", "kept", "moved"), [
    ("张伟的爸爸老张搬到了深圳。", ("张伟", "LIVES_IN", "北京"), ("老张", "LIVES_IN", "深圳")),
    ("张伟的同事老张搬到了深圳。", ("张伟", "LIVES_IN", "北京"), ("老张", "LIVES_IN", "深圳")),
    ("老张是张伟的爸爸，他搬到了深圳。", ("张伟", "LIVES_IN", "北京"), ("老张", "LIVES_IN", "深圳")),
    ("老张，张伟的爸爸，搬到了深圳。", ("张伟", "LIVES_IN", "北京"), ("老张", "LIVES_IN", "深圳")),
    ("张伟的爸爸老张在腾讯工作。", ("张伟", "WORKS_FOR", "阿里巴巴"), ("老张", "WORKS_FOR", "腾讯")),
])
def test_a_familiar_name_of_a_relative_is_another_person(
    memory: TemporalGraphMemory, later: str, kept: tuple[str, str, str], moved: tuple[str, str, str]
) -> None:
    facts = current(memory, "张伟住在北京。张伟在阿里巴巴工作。", later)
    assert kept in facts, facts
    assert moved in facts, facts
    assert all("老张" not in e.aliases for e in memory.entities("张伟")), memory.entities("张伟")


@pytest.mark.parametrize("later", ["Ana Ortega's mother Mrs Ortega moved to Lyon.",
                                   "Mrs Ortega, Ana Ortega's mother, moved to Lyon."])
def test_a_title_of_a_relative_is_another_person(memory: TemporalGraphMemory, later: str) -> None:
    facts = current(memory, "Ana Ortega lives in Madrid.", later)
    assert ("Ana Ortega", "LIVES_IN", "Madrid") in facts, facts


def test_look_alike_a_familiar_name_alone_is_the_one_person_of_that_surname(memory: TemporalGraphMemory) -> None:
    facts = current(memory, "张伟住在北京。", "老张搬到了深圳。")
    assert ("张伟", "LIVES_IN", "深圳") in facts, facts


def test_look_alike_an_unnamed_relative_moves_no_one(memory: TemporalGraphMemory) -> None:
    facts = current(memory, "张伟住在北京。", "张伟的爸爸搬到了深圳。")
    assert ("张伟", "LIVES_IN", "北京") in facts, facts


# -- 4. a denial, a wish, a condition or a possibility doubts no current fact -----------------------

@pytest.mark.parametrize("later", [
    "李明没有入职腾讯。", "李明并没有入职腾讯。", "李明并没有离职。", "李明还没离职。", "李明从来没有加入腾讯。",
    "李明如果入职腾讯，会拿更多工资。", "李明想入职腾讯。", "李明也许会入职腾讯。", "李明说不定会跳槽去腾讯。",
])
def test_a_denial_wish_condition_or_possibility_keeps_the_employer(memory: TemporalGraphMemory, later: str) -> None:
    facts = current(memory, "李明在阿里巴巴工作。", later)
    assert ("李明", "WORKS_FOR", "阿里巴巴") in facts, facts


# (a condition in a later clause governs only its own part: the leaving is said)
@pytest.mark.parametrize("later", ["李明离职了。", "李明没多久就离职了。", "李明入职了腾讯。", "李明离职了，如果有合适的机会再说。"])
def test_look_alikes_a_job_left_or_begun_ends_the_employer(memory: TemporalGraphMemory, later: str) -> None:
    facts = current(memory, "李明在阿里巴巴工作。", later)
    assert ("李明", "WORKS_FOR", "阿里巴巴") not in facts, facts


# -- 5. a name after a Chinese preposition is no one who changed ------------------------------------

@pytest.mark.parametrize("later", ["李娜现在向赵敏汇报。", "李娜现在归赵敏管。"])
def test_another_persons_new_line_to_the_same_boss_keeps_mine(memory: TemporalGraphMemory, later: str) -> None:
    facts = current(memory, "王强的领导是赵敏。", later)
    assert ("王强", "REPORTS_TO", "赵敏") in facts, facts


@pytest.mark.parametrize("later", ["赵敏离职了。", "赵敏被调去总部了，李娜现在向钱进汇报。"])
def test_look_alikes_a_boss_who_left_leaves_the_line_unsure(memory: TemporalGraphMemory, later: str) -> None:
    facts = current(memory, "王强的领导是赵敏。", later)
    assert ("王强", "REPORTS_TO", "赵敏") not in facts, facts


def test_look_alike_my_own_new_line_replaces_the_old(memory: TemporalGraphMemory) -> None:
    facts = current(memory, "王强的领导是赵敏。", "王强现在向李娜汇报。")
    assert ("王强", "REPORTS_TO", "李娜") in facts and ("王强", "REPORTS_TO", "赵敏") not in facts, facts
