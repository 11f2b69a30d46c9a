"""``gates.Gated``: a pattern searched only in texts holding one of the words its matches
contain gives the pattern's own answer (the same match), on the suites' texts and edge cases."""

from __future__ import annotations

import importlib
import pkgutil
import re
from typing import cast

import recall_memory_plugins.engine.relations as relations
from recall_memory_plugins.engine.relations.gates import AnyOf, Gated, folds_plainly, required_words
from recall_memory_plugins.engine.relations.lazy_regex import LazyPattern
from recall_memory_plugins.engine.relations.patterns.mood import (
    MOOD_ROWS,
    unasserted,
    without_preface,
)
from tests.unit._suite_texts import suite_texts


def _texts() -> list[str]:
    texts = sorted(set(suite_texts()))[::3]  # (a third of them: a few seconds)
    pieces = [p for t in texts[:3000] for p in re.split(r"(?<=[.!?。！？,，;；])\s*", t) if p]
    return texts + pieces + [t.upper() for t in texts[:500]]


def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    """Every module-level pattern of the relation layer, compiled or compiled on first use."""
    found: dict[int, tuple[str, re.Pattern[str]]] = {}
    for info in pkgutil.walk_packages(relations.__path__, relations.__name__ + "."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern | LazyPattern) and value.pattern:
                found.setdefault(id(value), (f"{info.name}.{name}", cast("re.Pattern[str]", value)))
    return list(found.values())


def test_the_patterns_compiled_on_first_use_are_among_those_tested() -> None:
    patterns = _patterns()
    found = {id(pattern) for _, pattern in patterns}
    for module, name in (("doubt_words", "AVERSE"), ("patterns.hedges", "_WHOLE"), ("forwards", "_FORWARDED"),
                         ("patterns.mood", "PREFACE")):
        value = getattr(importlib.import_module(f"{relations.__name__}.{module}"), name)
        assert isinstance(value, LazyPattern) and id(value) in found, (module, name)
    assert len(patterns) >= 380  # (390 when the walk first saw LazyPattern: none left out)


def test_every_pattern_of_the_relation_layer_gated_gives_its_own_matches() -> None:
    texts = _texts()
    gated = 0
    for name, pattern in _patterns():
        gate = Gated(pattern)
        if gate.words is None:
            continue
        gated += 1
        for text in texts:
            mine, theirs = gate.search(text), pattern.search(text)
            assert (mine and mine.span()) == (theirs and theirs.span()), (name, gate.words, text)
    assert gated >= 60  # (most of the layer's patterns have words to look for)


def test_any_of_every_pattern_split_answers_as_the_pattern() -> None:
    """``AnyOf`` searches each top-level alternative on its own, behind its own words: for every
    pattern of the relation layer (and for all mood rows together) the same yes or no as the
    pattern's search, on the suites' texts and texts with letters the lower case hides."""
    texts = [*_texts(), "I'll move to Iſtanbul next week", "HE WAS IN ıZMIR IN THE 1990S", "Will"]
    patterns = _patterns()
    split = 0
    for name, pattern in patterns:
        anyof = AnyOf([pattern])
        split += len(anyof._all) > 1
        for text in texts:
            assert anyof.search(text) == (pattern.search(text) is not None), (name, text)
    assert split >= 40
    rows = AnyOf(row.pattern for row in MOOD_ROWS)
    for text in texts:
        assert rows.search(text) == any(row.pattern.search(text) for row in MOOD_ROWS), text


def test_folds_plainly_means_lower_case_containment_is_case_insensitive_search() -> None:
    """Where both texts fold plainly, ``name.lower() in text.lower()`` answers as a
    case-insensitive search of the name (the taste handler's test before building a regex)."""
    texts = [*_texts()[:4000], "ΟΔΟΣ ΣΟΦΙΑΣ", "ΟΔΟΣΑ", "İstanbul", "Iſtanbul", "KELVIN", "Straße"]
    names = sorted({w for t in texts[:400] for w in re.findall(r"\w+(?: \w+)?", t)})[:300]
    names += ["σοφιας", "ΟΔΟΣ", "istanbul", "kelvin", "strasse", "ss"]
    plain = 0
    for text in texts:
        for name in names:
            if folds_plainly(text) and folds_plainly(name):
                plain += 1
                found = re.search(re.escape(name), text, re.IGNORECASE) is not None
                assert (name.lower() in text.lower()) == found, (name, text)
    assert plain > 100_000
    assert not folds_plainly("ΟΔΟΣ") and not folds_plainly("İstanbul") and not folds_plainly("Iſtanbul")


def test_unasserted_answers_as_every_mood_row_searched() -> None:
    for text in _texts():
        expected = any(row.pattern.search(without_preface(text)) for row in MOOD_ROWS)
        assert unasserted(text) == expected, text


def test_required_words() -> None:
    words = lambda p, f=0: required_words(re.compile(p, f))  # noqa: E731
    assert words(r"\bgoing\s+to\b|\btomorrow\b") == ("tomorrow", "going")
    # the longest literal run of an alternative; a leading optional part requires nothing
    assert words(r"(?:^|[.;]\s*)(?:(?:years|months)\s+)?before\s+\w") == ("before",)
    assert words(r"\b(?:at|in)\s+(?:her|his)\s+first\s+job\b") == ("first",)
    # an alternative with no literal at all: no gate
    assert words(r"\bnext\b|[?？]\s*$") is None
    assert words(r"x*") is None
    # case: the words are lower case, whatever the flags of their parts
    assert words(r"(?-i:Will)|Shall", re.IGNORECASE) == ("shall", "will")
    assert words(r"(?:ab)+c{2}") == ("ab",)  # (a repeat of at least one keeps its words)
    # a word holding another adds nothing to the look
    assert words(r"\blov(?:e|es|ely)\b|\blove\b|loved") == ("love",)
    assert words(r"hates|hate|网传|网传说") == ("hate", "网传")


def test_an_ascii_text_is_looked_at_for_the_ascii_words_only() -> None:
    gate = Gated(re.compile(r"网传|谣言|\brumou?r"))
    assert gate.search("rumours abound") is not None and gate.search("no news") is None
    assert gate.search("他说网传的消息") is not None
    assert Gated(re.compile("网传|谣言")).search("wangchuan") is None


def test_a_text_with_a_letter_that_case_folding_pairs_differently_is_searched() -> None:
    for pattern, text in ((re.compile("if", re.IGNORECASE), "ıf"), (re.compile("us", re.IGNORECASE), "uſ")):
        gate = Gated(pattern)
        assert gate.words is not None
        assert pattern.search(text) is not None
        assert gate.search(text) is not None
    assert Gated(re.compile("tomorrow", re.IGNORECASE)).search("TOMORROW then") is not None
    assert Gated(re.compile("tomorrow")).search("no match here") is None
