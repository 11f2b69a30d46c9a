"""A correction that names only the value meant ("不对，是杭州。", "Sorry, I meant Lyon.", "*Lyon")
and a retraction that names the value still true ("骗你的，还在杭州", "jk, still in Hangzhou")
replace the relation the statement just before set; anything else changes nothing."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

T0 = datetime(2026, 6, 15, 9, tzinfo=timezone.utc)


def _current(before: list[str], text: str, type_: str) -> list[tuple[str, str]]:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for i, said in enumerate([*before, text]):
            memory.add(said, at=T0 + timedelta(minutes=i), speaker="Mia")
        return sorted((r.subject_name, r.object_name) for r in memory.relations(type=type_))


@pytest.mark.parametrize(
    ("before", "text", "type_", "expected"),
    [
        (["我同事小王住在苏州。"], "不对，是杭州。", "LIVES_IN", [("小王", "杭州")]),
        (["我住在杭州", "我搬到上海了"], "骗你的，还在杭州", "LIVES_IN", [("Mia", "杭州")]),
        (["我住在杭州", "搬家了！现在住上海"], "开玩笑的哈哈，还在杭州", "LIVES_IN", [("Mia", "杭州")]),
        (["I moved to Lille."], "Sorry, I meant Lyon.", "LIVES_IN", [("Mia", "Lyon")]),
        (["I moved to Lille."], "*Lyon", "LIVES_IN", [("Mia", "Lyon")]),
        (["Alice works at Acme."], "Correction: Globex.", "WORKS_FOR", [("Alice", "Globex")]),
        (["I live in Hangzhou.", "I moved to Shanghai!"], "jk, still in Hangzhou", "LIVES_IN", [("Mia", "Hangzhou")]),
    ],
)
def test_a_lone_correction_replaces_the_slip(before: list[str], text: str, type_: str, expected: list[tuple[str, str]]) -> None:
    assert _current(before, text, type_) == expected


@pytest.mark.parametrize(
    ("before", "text", "type_", "expected"),
    [
        (["Alice works at Acme."], "Sorry, Lyon.", "WORKS_FOR", [("Alice", "Acme")]),  # a place is no firm
        (["Alice works at Acme."], "Globex?", "WORKS_FOR", [("Alice", "Acme")]),
        (["Alice works at Acme."], "Globex!", "WORKS_FOR", [("Alice", "Acme")]),  # no word of a correction
        (["Alice works at Acme.", "Nice weather today."], "Sorry, I meant Globex.", "WORKS_FOR", [("Alice", "Acme")]),
        (["我同事小王住在苏州。"], "不对，是杭州？", "LIVES_IN", [("小王", "苏州")]),
        (["我同事小王住在苏州。"], "不是吧，杭州？", "LIVES_IN", [("小王", "苏州")]),
        (["小王在华为工作。"], "不对，是杭州。", "WORKS_FOR", [("小王", "华为")]),
        # two slips of the kind: which one is meant is not said
        (["Alice and Bob moved to Paris."], "Sorry, I meant Lyon.", "LIVES_IN", [("Alice", "Paris"), ("Bob", "Paris")]),
        (["I moved to Lille."], "Sorry, I meant Lyon and then Paris.", "LIVES_IN", [("Mia", "Lille")]),
    ],
)
def test_anything_else_changes_nothing(before: list[str], text: str, type_: str, expected: list[tuple[str, str]]) -> None:
    assert _current(before, text, type_) == expected
