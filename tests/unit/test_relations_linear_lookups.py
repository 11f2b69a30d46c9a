"""Look-ups of the relation layer that must stay linear in a huge text (no timings here:
``benchmarks/large_inputs.py`` measures them).

A rule that searched the whole text for each of its matches ("relocated" anywhere beside each
"去了…") or the whole prefix before each match (an end-anchored look-back such as "is like") made
``add`` quadratic: a 400,000-character Chinese text took 72 s instead of 7. These tests pin the
bounds: the whole-text answer is searched once per text, a look-back reads at most its reach.
"""

from __future__ import annotations

import random
import re
from typing import Any

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.gates import InText, ends_at
from recall_memory_plugins.engine.relations.patterns import extractor, handlers, tastes


class _Counting:
    """A compiled pattern that records the span of every search."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.inner = pattern
        self.spans: list[tuple[int, int]] = []

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        end = len(text) if endpos is None else endpos
        self.spans.append((pos, end))
        return self.inner.search(text, pos, end)


def test_in_text_gives_the_search_answer_for_every_text() -> None:
    found = InText(re.compile(r"\brelocat\w*|搬到"))
    for text in ("Tunde relocated. He went to Abuja.", "Tunde went to Abuja.", "张磊搬到武汉", "张磊去了武汉", ""):
        assert found(text) is (re.search(r"\brelocat\w*|搬到", text) is not None)
        assert found(text) is found("".join(list(text)))  # an equal text that is another object


def test_the_visit_rule_searches_a_text_for_a_move_once(monkeypatch: Any) -> None:
    counting = _Counting(handlers._RELOCATING.pattern)
    monkeypatch.setattr(handlers._RELOCATING, "pattern", counting)
    monkeypatch.setattr(handlers._RELOCATING, "_last", (None, False))
    text = "".join(f"{name}去了{city}。" for name, city in zip(["张伟", "李娜", "王芳", "刘洋"] * 10,
                                                              ["北京", "上海", "成都", "杭州"] * 10, strict=True))
    memory = TemporalGraphMemory(":memory:")
    memory.add(text)
    assert counting.spans == [(0, len(text))]  # once, however many visits the text reads
    assert any(r.type == "VISITED" for r in memory.relations(include_ended=True))


def test_ends_at_agrees_with_a_search_of_the_whole_prefix() -> None:
    rng = random.Random(7)
    patterns = [tastes._COMPARED, tastes._ONE_OF_A_KIND, tastes._EXAMPLE_BEFORE, handlers._OF_A_THING,
                extractor._ZH_PAST_BEFORE, extractor._ZH_YEARS_AGO]
    words = ["is", "a", "an", "every", "friend", "for", "of", "it's", "just", " ", ",", "-", "(",
             "以前", "三年前", "，", "我", "曾经", "looks", "really", "like", "on", "dog"]
    for _ in range(3000):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 80)))
        end = rng.randint(0, len(text))
        for pattern in patterns:
            assert ends_at(pattern, text, end) is (pattern.search(text, 0, end) is not None), (pattern, text, end)


def test_look_backs_read_at_most_their_reach_in_a_huge_sentence(monkeypatch: Any) -> None:
    counted = {}
    for module, name in ((tastes, "_COMPARED"), (tastes, "_ONE_OF_A_KIND"), (tastes, "_EXAMPLE_BEFORE")):
        counted[name] = _Counting(getattr(module, name))
        monkeypatch.setattr(module, name, counted[name])
    # one sentence with no end: every "like" looks back into it
    text = " ".join(["Anna and Ben really like jazz and the old market near the river"] * 300)
    TemporalGraphMemory(":memory:").add(text)
    spans = [span for c in counted.values() for span in c.spans]
    assert spans, "the look-backs ran"
    assert max(end - pos for pos, end in spans) <= 200


class _CountingMatch:
    """A compiled pattern that records the length of every text it is asked to match."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.inner = pattern
        self.lengths: list[int] = []

    def match(self, text: str, *args: Any) -> Any:
        self.lengths.append(len(text))
        return self.inner.match(text, *args)


def test_the_look_after_a_mention_reads_a_bounded_piece(monkeypatch: Any) -> None:
    from recall_memory_plugins.engine.relations.patterns import views

    counted = {name: _CountingMatch(getattr(views, name)) for name in ("_ZH_TITLE_AFTER", "_FIRST_BE", "_NOTE_SUBJECT")}
    for name, counting in counted.items():
        monkeypatch.setattr(views, name, counting)
    # one Chinese "sentence" with no end and an English one: every person named is looked after
    TemporalGraphMemory(":memory:").add("张伟和李娜去了北京" * 400)
    TemporalGraphMemory(":memory:").add(" ".join(["I am with Anna Berg and Tom Reed at the market"] * 300))
    lengths = [n for c in counted.values() for n in c.lengths]
    assert counted["_ZH_TITLE_AFTER"].lengths and counted["_NOTE_SUBJECT"].lengths
    assert max(lengths) <= 80
