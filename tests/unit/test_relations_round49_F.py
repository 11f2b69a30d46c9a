"""Texts whose add() grew quadratically with their length (round 49; no timings: each test counts
the work).

- "Alice: " n times (a speaker label pasted n times, one sentence of n names): each name read
  every name of its sentence again, to find the others.
- A transcript pasted as one text ("Alice: I moved to Paris" lines): each sentence with a life
  event word ("moved") read every mention of the text to find its own.
- "Sorry, I meant Lyon, not Lille." n times: each pair of names searched the whole text before it
  for what opens a correction ("I meant", "not", "did I say").
"""

from __future__ import annotations

import logging
import re
import sys
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations import corrections, shared_names
from recall_memory_plugins.engine.relations.gates import ends_after
from recall_memory_plugins.engine.relations.life_events import life_doubts


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    logging.disable(logging.CRITICAL)
    yield
    logging.disable(logging.NOTSET)


def _memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


def _lives(m: TemporalGraphMemory, who: str) -> set[str]:
    return {str(r.object_name) for r in m.relations(who, namespace="x") if r.type == "LIVES_IN"}


@pytest.mark.parametrize(
    "unit",
    ["Alice: ", "Alice's ", "Alice, ", "Alice and Bob: ", "Tom and Tom Baker, "],
)
def test_a_name_said_many_times_in_one_sentence_reads_its_sentence_once(monkeypatch: pytest.MonkeyPatch, unit: str) -> None:
    m = _memory()
    m.add("Alice lives in Paris.", namespace="x")
    calls = [0]
    real = shared_names.clean_name

    def counted(name: str) -> str:
        calls[0] += 1
        return real(name)

    monkeypatch.setattr(shared_names, "clean_name", counted)
    n = 400
    m.add(unit * n, namespace="x")
    assert 0 < calls[0] <= 3 * unit.count(" ") * n, calls[0]  # (was each name: every name of the sentence)
    assert _lives(m, "Alice") == {"Paris"}


def test_a_shared_first_name_still_goes_to_the_one_who_holds_the_named_value() -> None:
    """(the reading the sentence's names serve, unchanged: "Tom left Acme" is Tom Baker's)"""
    m = _memory()
    m.add("Tom Baker works at Acme.", namespace="x")
    m.add("Tom Kim works at Globex.", namespace="x")
    m.add("Tom Kim lives in Oslo.", namespace="x")
    m.add("Tom left Acme and joined Initech. " + "Tom, Tom, Tom. " * 50, namespace="x")
    baker = {(r.type, r.object_name) for r in m.relations("Tom Baker", namespace="x")}
    kim = {(r.type, r.object_name) for r in m.relations("Tom Kim", namespace="x")}
    assert ("WORKS_FOR", "Acme") not in baker and ("WORKS_FOR", "Globex") in kim


class _CountedMentions(list[Any]):
    reads = 0

    def __iter__(self) -> Any:
        type(self).reads += 1
        return super().__iter__()


@pytest.mark.parametrize(
    "line",
    ["{name}: I moved to {city}\n", "{name}: we moved to {city} last year.\n", "{name}: I switched to decaf coffee in {city}.\n"],
)
def test_a_pasted_transcript_s_life_events_read_its_mentions_once(line: str) -> None:
    m = _memory()
    names, cities = ["Alice", "Bob", "Carol"], ["Paris", "Lyon", "Rome"]
    text = "".join(line.format(name=names[i % 3], city=cities[i % 3]) for i in range(300))
    annotation = m.annotator.annotate(text)
    assert len(annotation.sentences) >= 100  # (one sentence a turn: each of them was a read)
    mentions = _CountedMentions()
    _CountedMentions.reads = 0
    life_doubts(annotation, mentions, [], [], None, lambda entity, types: [])
    assert _CountedMentions.reads <= 3, _CountedMentions.reads


def test_a_transcript_of_moves_still_ends_the_older_home() -> None:
    m = _memory()
    m.add("Bob lives in Lyon.", namespace="x")
    m.add("".join(f"{['Alice', 'Carol'][i % 2]}: I moved to {['Paris', 'Rome'][i % 2]}\n" for i in range(200))
          + "Bob: I moved to Oslo\n", namespace="x")
    assert _lives(m, "Bob") == {"Oslo"}


class _CountedPattern:
    """A pattern that counts the characters it is asked to search (and, with a second counter, its calls)."""

    def __init__(self, pattern: re.Pattern[str], counter: list[int]) -> None:
        self.pattern, self.counter = pattern, counter

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        self.counter[0] += max(0, min(endpos, len(text)) - pos)
        self.counter[-1] += len(self.counter) - 1
        return self.pattern.search(text, pos, endpos)

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        self.counter[0] += max(0, min(endpos, len(text)) - pos)
        self.counter[-1] += len(self.counter) - 1
        return self.pattern.fullmatch(text, pos, endpos)


_BEFORE = ("_OPENS", "_NOT_BEFORE", "_SAID_BEFORE", "_ZH_OPENS", "_ZH_NOT_BEFORE", "_RESTATED")


@pytest.mark.parametrize(
    ("first", "unit", "namespace_check"),
    [
        ("Alice moved to Lille. ", "Sorry, I meant Lyon, not Lille. ", ("Alice", {"Lyon"})),
        ("Alice moved to Lille. ", "Oops, not Lille, Lyon! ", ("Alice", {"Lyon"})),
        ("Alice moved to Lille. ", "Did I say Lille? I meant Lyon. ", ("Alice", {"Lyon"})),
        ("Alice moved to Lille. ", "Typo: Alice moved to Lyon, not Lille. ", ("Alice", {"Lyon"})),
        ("小王搬到了苏州。", "不对，是杭州不是苏州。", ("小王", {"杭州"})),
        ("小王搬到了苏州。", "我说错了，不是苏州，是杭州。", ("小王", {"杭州"})),
    ],
)
def test_many_corrections_in_one_text_search_a_bounded_part_before_each_name(
    monkeypatch: pytest.MonkeyPatch, first: str, unit: str, namespace_check: tuple[str, set[str]]
) -> None:
    m = _memory()
    searched = [0]
    for name in _BEFORE:
        monkeypatch.setattr(corrections, name, _CountedPattern(getattr(corrections, name), searched))
    m.add(first, namespace="x")  # (a slip of an earlier message: one of the same text is not yet a fact)
    text = unit * 300
    m.add(text, namespace="x")
    assert searched[0] <= 30 * len(text), (searched[0], len(text))  # (was each pair: the text before it)
    who, homes = namespace_check
    assert _lives(m, who) == homes


@pytest.mark.parametrize(
    "name", ["_OPENS", "_NOT_BEFORE", "_SAID_BEFORE", "_ZH_OPENS", "_ZH_NOT_BEFORE"],
)
def test_a_pattern_before_a_name_holds_a_bounded_number_of_characters_but_white_space(name: str) -> None:
    """(what makes the bounded search the search from the text's start: see ends_after)"""
    parser = pytest.importorskip("re._parser")
    pattern = getattr(corrections, name)
    assert "\\S" not in pattern.pattern and "." not in pattern.pattern.replace("[.", "").replace("\\.", "")
    solid = parser.parse(pattern.pattern.replace("\\s", "(?:)"), pattern.flags).getwidth()[1]
    assert solid <= corrections._SOLID


@pytest.mark.parametrize(
    "text",
    [
        "Sorry, I meant " + " " * 500 + "Lyon",
        "Sorry,\n\n" + "\t " * 300 + "Lyon",
        "not" + " " * 400 + "Lyon",
        "not   the   " + "Lyon",
        "x" * 500 + ". not Lyon",
        "Lyon",
        "  Lyon",
        "did I\n just say" + " " * 300 + "Lyon",
        "应该是" + "　" * 300 + "杭州",
        "。不是" + " " * 100 + "杭州",
    ],
)
def test_a_bounded_look_back_answers_as_a_search_from_the_start(text: str) -> None:
    end = len(text) - (2 if text.endswith("杭州") else 4)
    for name in ("_OPENS", "_NOT_BEFORE", "_SAID_BEFORE", "_ZH_OPENS", "_ZH_NOT_BEFORE"):
        pattern = getattr(corrections, name)
        for at in {end, max(0, end - 1), len(text) // 2, 0}:
            assert ends_after(pattern, text, at, corrections._SOLID) == (pattern.search(text, 0, at) is not None), (name, at)


def test_a_correction_after_a_long_white_space_is_still_read() -> None:
    m = _memory()
    m.add("Alice moved to Lille.", namespace="x")
    m.add("Sorry, I meant" + " " * 300 + "Lyon, not Lille.", namespace="x")
    assert _lives(m, "Alice") == {"Lyon"}


@pytest.mark.parametrize("unit", ["Ms Ortega ", "Mrs. Priya Raman ", "Dr Park, ", "Mrs Ortega and Ana "])
def test_titled_names_said_many_times_read_only_the_names_beside_them(monkeypatch: pytest.MonkeyPatch, unit: str) -> None:
    """"Ms Ortega Ms Ortega …": each titled name tried every name of its sentence as its owner
    ("Ana's mother, Mrs Ortega"); only a name in the few words beside it can be."""
    from recall_memory_plugins.engine.relations import titles

    tried = [0, 0]  # (characters, calls)
    for name in ("_OWNER_KIN", "_IS_KIN"):
        monkeypatch.setattr(titles, name, _CountedPattern(getattr(titles, name), tried))
    m = _memory()
    m.add("Ana Ortega lives in Porto.", namespace="x")
    n = 400
    m.add(unit * n, namespace="x")
    assert 0 < tried[1] <= 30 * n, tried  # (was each titled name: every name)


@pytest.mark.parametrize(
    "said",
    [
        "Ana's mother, Mrs Ortega, moved to Lisbon.",
        "Mrs Ortega, Ana's mother, moved to Lisbon.",
        "Mrs Ortega is Ana's mother. Mrs Ortega moved to Lisbon.",
        "Ana's   mother   Mrs Ortega moved to Lisbon.",
    ],
)
def test_a_titled_name_said_to_be_another_s_kin_is_still_kept_apart(said: str) -> None:
    m = _memory()
    m.add("Ana Ortega lives in Porto.", namespace="x")
    m.add(said, namespace="x")
    assert _lives(m, "Ana Ortega") == {"Porto"}


@pytest.mark.parametrize("name", ["_OWNER_KIN", "_IS_KIN"])
def test_a_kin_pattern_holds_a_bounded_number_of_characters_but_white_space(name: str) -> None:
    from recall_memory_plugins.engine.relations import titles

    parser = pytest.importorskip("re._parser")
    pattern = getattr(titles, name)
    assert "\\S" not in pattern.pattern
    solid = parser.parse(pattern.pattern.replace("\\s", "(?:)"), pattern.flags).getwidth()[1]
    assert solid <= titles._KIN_SOLID
