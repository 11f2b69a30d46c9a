"""The doubt rule's sentence gate (``doubt_words.worth_reading``): for a plain-ASCII sentence one
search of its lower-cased text stands for the four searches the rule made (change words, topic
words, cues, feelings); the answer must be the same for every sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmarks.synthetic import ChatGenerator

from recall_memory_plugins.engine.relations.doubt_words import (
    ANY_TOPIC,
    CHANGE,
    CUES,
    FEELING,
    worth_reading,
)

_DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"


def _four_searches(text: str) -> bool:
    return bool(
        CHANGE.search(text) or ANY_TOPIC.search(text) or CUES.search(text)
        or FEELING.search(text.casefold())
    )  # fmt: skip


def _texts() -> list[str]:
    texts = ChatGenerator(13).take(3000)
    for name in ("paraphrases.jsonl", "paraphrases_blind.jsonl"):
        for line in (_DATA / name).read_text(encoding="utf-8").splitlines():
            texts += [s["text"] for s in json.loads(line)["statements"]]
    # each clause alone, and shouted: the gate folds case
    texts += [part for t in list(texts) for part in t.split(",") if part.strip()]
    texts += [t.upper() for t in texts[:5000]]
    return texts


def test_one_search_answers_as_the_four() -> None:
    texts = _texts()
    differ = [t for t in texts if worth_reading(t) != _four_searches(t)]
    assert not differ, differ[:5]
    # both answers occur, in ASCII and in Chinese text
    for ascii_ in (True, False):
        answers = {worth_reading(t) for t in texts if t.isascii() == ascii_}
        assert answers == {True, False}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We had bagels with Lorenzo on the terrace.", False),
        ("Lorenzo moved to Lyon.", True),  # a change word
        ("Tara works at Oxfam.", True),  # a topic word
        ("Tara: Oxfam -> UNICEF", True),  # a cue
        ("I HATE coriander.", True),  # a feeling, in capitals
        ("Said FAREWELL to the team.", True),
        ("周五开会。", False),
        ("她从沈阳到深圳了。", True),
    ],
)
def test_examples(text: str, expected: bool) -> None:
    assert worth_reading(text) is expected
    assert _four_searches(text) is expected
