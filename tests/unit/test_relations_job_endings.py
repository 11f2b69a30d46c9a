"""Jobs that end without naming the employer ("Mia retired", "黄明辞职了") and hires away from
an employer ("Hooli poached Dana from Acme"), through the public API; and the sentences that
look alike but end nothing. Real SQLite (``:memory:``), offline annotator; no mocks.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from recall_memory_plugins import TemporalGraphMemory


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline") as mem:
        yield mem


def current(memory: TemporalGraphMemory, *texts: str) -> set[tuple[str, str, str | None]]:
    for text in texts:
        memory.add(text)
    return {(r.subject_name, r.type, r.object_name) for r in memory.relations()}


MIA = "Mia works for Stark Industries."
HUANG = "黄明在小米工作。"


@pytest.mark.parametrize(
    "text",
    [
        "Mia retired last year.",
        "Mia resigned.",
        "Mia quit her job.",
        "Mia was fired in May.",
        "Mia is retired now.",
        "Last year, after 30 years at the company, Mia retired.",
    ],
)
def test_a_job_ended_without_its_employer_ends_the_current_job(
    memory: TemporalGraphMemory, text: str
) -> None:
    assert current(memory, MIA, text) == set()
    [ended] = memory.relations(include_ended=True)
    assert ended.object_name == "Stark Industries" and ended.valid_to_step == 2


@pytest.mark.parametrize("text", ["黄明去年退休了。", "黄明辞职了。", "黄明被解雇了。"])
def test_chinese_job_endings_without_the_employer(memory: TemporalGraphMemory, text: str) -> None:
    assert current(memory, HUANG, text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Mia quit smoking.",
        "Mia's father retired last year.",
        "The manager who hired Mia retired.",
        "If Mia retires, she will move to Spain.",
        "Mia might quit.",
        "Mia didn't quit.",
        "Will Mia retire?",
        "Mia wants to quit.",
    ],
)
def test_look_alikes_end_nothing(memory: TemporalGraphMemory, text: str) -> None:
    assert current(memory, MIA, text) == {("Mia", "WORKS_FOR", "Stark Industries")}


@pytest.mark.parametrize(
    "text", ["黄明的父亲退休了。", "黄明没有辞职。", "黄明打算辞职。", "如果黄明辞职了，谁来接手？"]
)
def test_chinese_look_alikes_end_nothing(memory: TemporalGraphMemory, text: str) -> None:
    assert current(memory, HUANG, text) == {("黄明", "WORKS_FOR", "小米")}


def test_a_hire_away_from_an_employer_ends_that_job(memory: TemporalGraphMemory) -> None:
    # "Hooli" reads as a person's name to the offline tagger: the new employer is unsure, the
    # old one certainly ended
    assert current(memory, "Dana works for Acme.", "Hooli poached Dana from Acme in May.") == set()


def test_a_hire_of_someone_else_ends_nothing(memory: TemporalGraphMemory) -> None:
    assert current(memory, "Dana works for Acme.", "Hooli hired Dana's brother.") == {
        ("Dana", "WORKS_FOR", "Acme")
    }


def test_a_move_with_qianwang(memory: TemporalGraphMemory) -> None:
    assert current(memory, "刘洋住在南京。", "三月份刘洋举家迁往苏州。") == {
        ("刘洋", "LIVES_IN", "苏州")
    }
