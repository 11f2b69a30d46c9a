"""The literal pre-filter of the pattern extractor never skips a pattern that matches: for every
pattern that matches a sentence view, in any case and with the characters Python's ``re`` folds
onto ASCII letters (ı, ſ, the Kelvin sign, İ), the pre-filter lets it run."""

from __future__ import annotations

import re

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.patterns import (
    CLOSE,
    EN_PATTERNS,
    OPEN,
    ZH_PATTERNS,
    _triggers,
)


def slots(text: str) -> str:
    """``<0> works at <1>`` -> the view text the patterns see."""
    return re.sub(r"<(\d+)>", lambda m: f"{OPEN}{m.group(1)}{CLOSE}", text)


EN = [
    "<0> works at <1>.",
    "<0> is no longer working for <1> anymore.",
    "<0> is the project manager of <1>.",
    "<0>'s manager is <1>.",
    "<1> is <0>’s manager.",
    "<0> took over <1> from <2>.",
    "<0> reports to <1>.",
    "<0> moved to <1> last year and lives in <2>.",
    "<0> has joined <1>'s team.",
    "<0> was hired by <1>.",
    "<1> hired <0>.",
    "<0> depends on <1>.",
    "<0> is now in testing.",
    "The status of <0> is completed.",
    "<0> loves <1> and hates <2>.",
    "<0> wants to visit <1>.",
    "<0> has been to <1>.",
    "<0> bought a new bike.",
    "<0> was born in <1>.",
    "<0> is from <1>.",
    "<0> studies at <1>.",
    "<0> married <1>.",
    "<0> is <1>'s friend.",
    "<0> got a job at <1>.",
    "<0> left <1> to join <2>.",
    "We had bagels with <0> at a small office in <1>.",
    "Did <0> know <1> wrote a blog post about history?",
]
ZH = [
    "<0>在<1>工作。",
    "<0>负责<1>。",
    "<0>加入了<1>。",
    "<0>离开了<1>，加入了<2>。",
    "<0>向<1>汇报。",
    "<0>的经理是<1>。",
    "<0>搬到了<1>。",
    "<0>喜欢<1>。",
    "<0>想去<1>。",
    "<0>已经完成了。",
    "<0>来自<1>。",
    "<0>是<1>的工程师。",
    "由<0>接手<1>。",
]


def variants(text: str) -> list[str]:
    return [
        text,
        text.upper(),
        text.lower(),
        text.title(),
        text.replace("s", "ſ").replace("i", "ı").replace("k", "\u212a").replace("I", "\u0130"),
        text.upper().replace("I", "\u0130").replace("K", "\u212a"),
    ]


@pytest.mark.parametrize(
    ("patterns", "texts"), [(EN_PATTERNS, EN), (ZH_PATTERNS, ZH)], ids=["en", "zh"]
)
def test_prefilter_keeps_every_matching_pattern(patterns: list, texts: list[str]) -> None:
    triggers = _triggers(patterns)
    matched = 0
    for text in (v for t in texts for v in variants(slots(t))):
        allowed = set(triggers.candidates(text))
        for k, (pattern, _handler) in enumerate(patterns):
            if pattern.search(text):
                matched += 1
                assert k in allowed, (pattern.pattern, text)
    assert matched >= len(texts)  # the corpus exercises the patterns


def test_prefilter_skips_patterns_without_their_words() -> None:
    allowed = _triggers(EN_PATTERNS).candidates(slots("<0> had a quiet day."))
    assert len(allowed) < len(EN_PATTERNS) // 2


def test_prefilter_skips_patterns_by_their_words_not_their_slots() -> None:
    # every view with a mention has the placeholder characters: a pattern is skipped by the
    # words it needs (喜欢, 是 ... 人), not run whenever its slots could be there
    assert _triggers(ZH_PATTERNS).candidates(slots("<0>和<1>聊天。")) == []
    assert len(_triggers(EN_PATTERNS).candidates(slots("<0> chatted with <1>."))) <= 1


@pytest.mark.parametrize("works", ["works AT", "woRKS at", "wor\u212as at"])
def test_relations_with_folded_letters_are_still_found(works: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(f"Alice {works} Acme Corp.")
        rels = memory.relations()
    assert [(r.subject_name, r.type, r.object_name) for r in rels] == [
        ("Alice", "WORKS_FOR", "Acme Corp")
    ]
