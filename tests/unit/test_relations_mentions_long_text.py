"""Char-level mentions (quoted names, gazetteer names) in one very long sentence: each known name
found where it occurs, a longer known name replacing the token spans inside it, and the same
mentions as the plain overlap scan they replaced (which was quadratic in the sentence length).
Offline annotator, real store."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.lexicon import PRONOUNS, ZH_PROJECT_SUFFIXES
from recall_memory_plugins.engine.relations.mentions import (
    _QUOTED,
    Gazetteer,
    _add_char_level,
    _guess_type,
    _overlaps,
    _Spans,
    find_mentions,
    is_cjk,
)
from recall_memory_plugins.engine.relations.schema import Mention
from recall_memory_plugins.nlp.base import Sentence
from recall_memory_plugins.nlp.offline import OfflineAnnotator


@pytest.fixture(scope="module")
def annotator() -> OfflineAnnotator:
    return OfflineAnnotator()


def _scan_reference(
    text: str, sentence: Sentence, found: list[Mention], s_idx: int, gazetteer: Gazetteer
) -> list[Mention]:
    """The char-level step as it was written first: every span compared with every mention."""
    lo = sentence.start_char
    chunk = text[lo : sentence.end_char]
    for match in _QUOTED.finditer(chunk):
        inner = match.group(1).strip()
        if not inner or inner.lower() in PRONOUNS or len(inner.split()) > 5:
            continue
        start, end = lo + match.start(1), lo + match.end(1)
        found = [m for m in found if not _overlaps(m, start, end)]
        type_ = _guess_type(inner.split() if not is_cjk(inner) else [inner])
        if type_ is None and is_cjk(inner):
            type_ = "PROJECT" if inner.endswith(ZH_PROJECT_SUFFIXES) else None
        found.append(Mention(text[start:end], start, end, s_idx, "name", type=type_))
    for start, end, type_ in gazetteer.hits(chunk):
        start, end = lo + start, lo + end
        inside = [m for m in found if _overlaps(m, start, end)]
        if any(m.kind != "name" or (m.start <= start and end <= m.end) for m in inside):
            continue
        found = [m for m in found if not _overlaps(m, start, end)]
        found.append(Mention(text[start:end], start, end, s_idx, "name", type=type_))
    return sorted(found, key=lambda m: m.start)


def _random_case(rng: random.Random, *, overlapping: bool) -> tuple[str, list[Mention]]:
    """A text and token-like mentions at arbitrary character offsets: adjacent, empty, across
    word boundaries (the annotator's spans need not follow the gazetteer's words)."""
    words = ["zorblat", "widgets", "qwix", "met", "and", "the", "crew", "plan", '"Nova Lab"', "he"]
    text = rng.choice(("", " ")).join(rng.choice(words) for _ in range(rng.randint(5, 60)))
    cuts = sorted(rng.randint(0, len(text)) for _ in range(rng.randint(0, 40)))
    found: list[Mention] = []
    for start, end in zip(cuts[::2], cuts[1::2], strict=False):
        kind = rng.choice(("name", "name", "pronoun", "definite"))
        found.append(Mention(text[start:end], start, end, 0, kind))  # type: ignore[arg-type]
    if overlapping and found:  # odd offsets: a span overlapping another one
        m = rng.choice(found)
        found.append(Mention(text[m.start : m.end + 3], m.start, m.end + 3, 0, "name"))
    rng.shuffle(found)
    return text, found


@pytest.mark.parametrize("overlapping", [False, True])
def test_char_level_mentions_equal_the_plain_overlap_scan(overlapping: bool) -> None:
    gazetteer = Gazetteer(
        {"zorblat widgets": "ORG", "zorblat": "PRODUCT", "widgets crew": "ORG", "qwix": None}
    )
    rng = random.Random(12)
    for _ in range(1500):
        text, found = _random_case(rng, overlapping=overlapping)
        sentence = Sentence(text, (), 0, len(text))
        got = _add_char_level(text, sentence, list(found), 0, gazetteer)
        want = _scan_reference(text, sentence, list(found), 0, gazetteer)
        assert [(m.start, m.end, m.kind, m.type) for m in got] == [
            (m.start, m.end, m.kind, m.type) for m in want
        ], text


@pytest.mark.parametrize("overlapping", [False, True])
def test_a_sentence_without_quotes_or_known_names_keeps_its_token_spans_in_order(
    overlapping: bool,
) -> None:
    # the short cut taken by most sentences: the same mentions, in the same order, as the
    # general step (ties of equal starts: the earlier mention first)
    rng = random.Random(5)
    taken = 0
    for _ in range(1500):
        text, found = _random_case(rng, overlapping=overlapping)
        if '"' in text:
            continue
        taken += 1
        sentence = Sentence(text, (), 0, len(text))
        gazetteer = Gazetteer({"nowhere to be found": "ORG"})
        got = _add_char_level(text, sentence, list(found), 0, gazetteer)
        assert got == _Spans(list(found)).in_order() == sorted(found, key=lambda m: m.start)
        assert got == _scan_reference(text, sentence, list(found), 0, gazetteer)
    assert taken > 100


def test_every_known_name_in_a_long_sentence_is_a_mention(annotator: OfflineAnnotator) -> None:
    text = "we met zorblat widgets and qwix and the zorblat crew and " * 400
    found = find_mentions(
        annotator.annotate(text), gazetteer={"zorblat widgets": "ORG", "qwix": "PRODUCT"}
    )
    names = [(m.text, m.type) for m in found if m.kind == "name"]
    assert names.count(("zorblat widgets", "ORG")) == 400
    assert names.count(("qwix", "PRODUCT")) == 400
    assert [m.start for m in found] == sorted(m.start for m in found)
    assert all(a.end <= b.start for a, b in pairwise(found))


def test_a_long_question_without_punctuation_still_gets_the_fact() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Alice Moreau works at Initech.")
        question = "where does alice moreau work and what does she do and " * 300
        facts = memory.recall(question.strip()).facts
    assert any("Alice Moreau" in f and "Initech" in f for f in facts), facts
