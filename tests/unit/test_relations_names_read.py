"""What the relation layer accepts as a name, and whose name tells a gender (thirteenth round).

A clause read as a name ("入职第一周就一直在催"), a generic noun as a liked thing ("the stuff")
and a pronoun resolved to a person of the other gender each made a wrong fact current. Real
SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.lexicon import gender_of

Fact = tuple[str, str, "str | None"]


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:") as m:
        yield m


def _facts(memory: TemporalGraphMemory, *turns: tuple[str | None, str]) -> set[Fact]:
    for speaker, text in turns:
        memory.add(text, speaker=speaker)
    return {(r.subject_name, r.type, r.object_name) for r in memory.relations()}


@pytest.mark.parametrize(
    "text",
    [
        "字节跳动的HR在我入职第一周就一直在催。",
        "祝贺他在小米入职满一个月。",
        "我入职三个月了。",
    ],
)
def test_a_clause_after_a_verb_of_joining_is_no_employer(
    memory: TemporalGraphMemory, text: str
) -> None:
    facts = _facts(memory, ("赵敏", text))
    assert not any(t == "WORKS_FOR" for _s, t, _o in facts), facts


@pytest.mark.parametrize(
    ("text", "fact"),
    [  # look-alikes: names read as text still work
        ("李雷跳槽到了华为。", ("李雷", "WORKS_FOR", "华为")),
        ("王芳入职了第一财经。", ("王芳", "WORKS_FOR", "第一财经")),
    ],
)
def test_names_read_as_text_still_read(memory: TemporalGraphMemory, text: str, fact: Fact) -> None:
    assert fact in _facts(memory, (None, text))


def test_a_generic_noun_is_no_liked_or_disliked_thing(memory: TemporalGraphMemory) -> None:
    facts = _facts(
        memory,
        ("Zoe", "I like coffee."),
        ("Zoe", "Since the doctor's chat I can't stand the stuff, it makes me jittery."),
    )
    assert not any(o == "stuff" for _s, _t, o in facts), facts
    # a thing named outright is still read
    assert ("Zoe", "DISLIKES", "olives") in _facts(memory, ("Zoe", "I can't stand olives."))


@pytest.mark.parametrize(
    ("name", "gender"),
    [
        ("Lucia", "f"), ("Kwame Asante", "m"), ("Freya", "f"), ("Dmitri", "m"),
        ("徐刚", "m"), ("杨雪", "f"), ("王磊", "m"), ("李梅", "f"),
        ("Jordan", "m"),  # the older list's reading, unchanged
        ("张三", None), ("Robin", None), ("高峰项目", None), ("Sydney", None),
    ],
)
def test_gender_of_names(name: str, gender: str | None) -> None:
    assert gender_of(name) == gender


def test_a_pronoun_skips_a_person_of_the_other_gender(memory: TemporalGraphMemory) -> None:
    facts = _facts(
        memory,
        (None, "杨雪的上级是徐刚。"),
        (None, "徐刚上个月调去总部了，她的新领导是宋佳。"),
    )
    assert ("杨雪", "REPORTS_TO", "宋佳") in facts
    assert ("徐刚", "REPORTS_TO", "宋佳") not in facts
