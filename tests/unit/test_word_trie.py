"""``word_trie.compact``: a word list rewritten to search faster matches exactly the texts the
list matches (whether it matches; the span may differ)."""

from __future__ import annotations

import itertools
import re

import pytest

from recall_memory_plugins.engine.relations import doubt_words
from recall_memory_plugins.engine.relations.word_trie import compact, split_alternatives
from tests.unit._suite_texts import suite_texts

_W = r"(?<![a-z])(?:{})(?![a-z])"


def _texts() -> list[str]:
    """The suites' texts, lower-cased, whole and by sentence."""
    texts = [t.lower() for t in suite_texts()]
    return texts + [p for t in texts for p in re.split(r"(?<=[.!?。！？])\s*", t) if p]


def _lists() -> dict[str, str]:
    lists = {"CHANGE": doubt_words.CHANGE.pattern, "STRONG": doubt_words.STRONG.pattern,
             "ANY_TOPIC": doubt_words.ANY_TOPIC.pattern}
    lists |= {t: f.pattern for t, f in doubt_words.TOPICS.items()}
    return {k: v.replace("[A-Z]", "[a-z]") for k, v in lists.items()}


def test_the_doubt_lists_match_the_same_suite_texts() -> None:
    texts = _texts()
    assert len(texts) > 10_000
    for name, pattern in _lists().items():
        plain, fast = re.compile(pattern), re.compile(compact(pattern))
        assert fast.pattern != plain.pattern, name
        differ = [t for t in texts if (plain.search(t) is None) != (fast.search(t) is None)]
        assert not differ, (name, differ[:3])


def test_every_word_of_the_lists_is_found_alone_and_in_a_sentence() -> None:
    # the literal words (no regex syntax): each must match where the plain list matches
    fast = {name: re.compile(compact(p)) for name, p in _lists().items()}
    for name, pattern in _lists().items():
        plain = re.compile(pattern)
        words = [w for part in split_alternatives(pattern) for w in _leaves(part)]
        assert len(words) > 5, name
        for word in words:
            for text in (word, f"so {word} now", f"x{word}", f"他说{word}了"):
                assert (plain.search(text) is None) == (fast[name].search(text) is None), (name, text)


def _leaves(part: str) -> list[str]:
    """The plain literal words inside ``part`` (a whole-word group's members)."""
    if part.startswith("(?<![a-z])(?:") and part.endswith(")(?![a-z])"):
        part = part[len("(?<![a-z])(?:") : -len(")(?![a-z])")]
        return [w for a in split_alternatives(part) for w in _leaves(a)]
    return [part] if re.fullmatch(r"[\w '\-’]+", part) else []


@pytest.mark.parametrize(
    "words",
    [
        # a first letter a quantifier makes optional, groups before and after, a class first
        ["a?b", "ab", "abc", "(?:x|y)?z", "(?:x|y)z", "[ab]c", "b", "bb+", "c{2}d"],
        # the same first letters and shared prefixes at several depths
        ["mov(?:e|ed|es|ing)", "move in", "moved", "m", "mo", "(?:is|are|was) over", "over"],
        # a leading group too long to spread, and one with a quantifier
        ["(?:a|b|c|d|e|f|g|h|i|j)x", "(?:ab|cd)+y", "(?:ab|cd)*"],
    ],
)
def test_compact_matches_what_the_word_list_matches(words: list[str]) -> None:
    pattern = _W.format("|".join(words)) + "|前?后|(?:这周|本周)起|[前原]任|被[^，。]{0,3}裁|再也不|x(?=y)"
    plain, fast = re.compile(pattern), re.compile(compact(pattern))
    alphabet = ["a", "b", "c", "d", "x", "y", "z", " ", "mo", "ve", "d", "in", "is", "over", "前", "后",
                "这周", "起", "原", "任", "被", "裁", "，"]
    checked = 0
    for n in (1, 2, 3):
        for combo in itertools.product(alphabet, repeat=n):
            text = "".join(combo)
            assert (plain.search(text) is None) == (fast.search(text) is None), text
            checked += 1
    assert checked > 10_000


def test_many_chinese_words_are_tried_after_a_look_ahead_and_few_are_not() -> None:
    many = "|".join(["以前", "原来", "曾经", "离开", "告别", "卸任", "毕业", "失去", "现在", "如今"])
    assert compact(many).startswith("(?=[")
    assert not compact("喜欢|爱|热情").startswith("(?=[")
    # a word that may start with a Latin letter is never behind the look-ahead
    for may_be_latin in ("前?ab", "(?:前|后)?ab", "[前后]*ab", "a前"):
        assert re.search(compact(f"{many}|{may_be_latin}"), "xab a前") is not None, may_be_latin


def test_split_alternatives_keeps_groups_classes_and_escapes_whole() -> None:
    assert split_alternatives(r"a|(?:b|c)|[|]|\||d") == ["a", "(?:b|c)", "[|]", r"\|", "d"]
