"""Sentence views: the text the patterns see, built from each sentence's own span.

The annotation and resolved mentions come from the real pipeline (offline annotator, mention
detection, coreference) through a recording extractor.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import SupportsIndex

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations import PatternRelationExtractor, RelationTracker
from recall_memory_plugins.engine.relations.patterns import CLOSE, OPEN
from recall_memory_plugins.engine.relations.patterns.views import (
    _AFTER_PREPOSITION,
    _COORD_RE,
    _make_view,
    _SentenceExtraction,
    _View,
    coordinated_before,
)
from recall_memory_plugins.engine.relations.schema import (
    ExtractionContext,
    Mention,
    RelationCandidate,
)
from recall_memory_plugins.nlp.base import Annotation


@dataclass
class RecordingExtractor:
    """The pattern extractor, keeping each input and output (a ``RelationExtractor``)."""

    name: str = "recording"
    inner: PatternRelationExtractor = field(default_factory=PatternRelationExtractor)
    seen: list[tuple[Annotation, ExtractionContext, list[RelationCandidate]]] = field(
        default_factory=list
    )

    def extract(
        self, annotation: Annotation, context: ExtractionContext
    ) -> list[RelationCandidate]:
        out = self.inner.extract(annotation, context)
        self.seen.append((annotation, context, out))
        return out


def analysed(text: str) -> tuple[Annotation, ExtractionContext, list[RelationCandidate]]:
    recorder = RecordingExtractor()
    with TemporalGraphMemory(
        ":memory:", annotator="offline", tracker=RelationTracker(extractor=recorder)
    ) as memory:
        memory.add(text)
    [seen] = recorder.seen
    return seen


def views(annotation: Annotation, mentions: tuple[Mention, ...]) -> list[_View]:
    return [
        _make_view(annotation, s, i, mentions, False) for i, s in enumerate(annotation.sentences)
    ]


def slots(view: _View) -> str:
    """The view with each placeholder written ``<k>``."""
    return view.text.replace(OPEN, "<").replace(CLOSE, ">")


def mapped(view: _View, shift: int = 0) -> list[tuple[str, int, int]]:
    """Each character or placeholder (as ``<>``) of the view, with the span it maps back to."""
    out = []
    for m in re.finditer(f"{OPEN}[0-9]+{CLOSE}|.", view.text, re.DOTALL):
        piece = "<>" if m.group().startswith(OPEN) else m.group()
        out.append((piece, view.origin[m.start()] - shift, view.origin[m.end() - 1] - shift))
    return out


def test_a_view_replaces_each_mention_and_maps_back_to_the_text() -> None:
    annotation, context, _ = analysed("Alice works at Globex. Bob moved to Berlin.")
    first, second = views(annotation, context.mentions)
    assert slots(first) == "<0> works at <1>."
    assert slots(second) == "<2> moved to <3>."
    for view in (first, second):
        assert len(view.origin) == len(view.text)
        for ch, at in zip(view.text, view.origin, strict=True):
            if ch not in (OPEN, CLOSE) and not ch.isdigit():
                assert annotation.text[at] == ch
    assert annotation.text[second.origin[0] : second.origin[2] + 1] == "Bob"


def test_a_view_does_not_depend_on_the_text_around_its_sentence() -> None:
    alone, alone_context, _ = analysed("Carol lives in London.")
    prefix = "Alice met Bob. " * 200
    long, long_context, _ = analysed(prefix + "Carol lives in London. Dan met Eve.")
    [view] = views(alone, alone_context.mentions)
    same = views(long, long_context.mentions)[200]
    shift = len(prefix)
    offset = min(i for i, m in enumerate(long_context.mentions) if m.sentence == 200)
    assert slots(same) == slots(view).replace("<0>", f"<{offset}>").replace(
        "<1>", f"<{offset + 1}>"
    )
    assert mapped(same, shift) == mapped(view)


def test_the_views_of_a_long_text_extract_what_each_sentence_alone_does() -> None:
    _, _, candidates = analysed("Alice met Bob. " * 300 + "Carol lives in London.")
    assert [(c.subject.name, c.type, c.object.name if c.object else None) for c in candidates] == [
        ("Carol", "LIVES_IN", "London")
    ]


def test_placeholder_characters_in_the_text_become_spaces() -> None:
    text = f"Alice works at Globex. {OPEN}7{CLOSE} lives in Paris."
    annotation, context, _ = analysed(text)
    texts = [slots(v) for v in views(annotation, context.mentions)]
    assert "<7>" not in "".join(texts)
    assert " 7  lives in" in texts[-1]


class CountingMentions(tuple[Mention, ...]):
    """The mentions, counting which indices were read."""

    read: set[int]

    def __getitem__(self, idx: SupportsIndex | slice):  # type: ignore[override]
        if isinstance(idx, SupportsIndex):
            self.read.add(int(idx))
        return super().__getitem__(idx)


def test_a_view_given_its_members_reads_only_its_own_mentions() -> None:
    annotation, context, _ = analysed("Alice met Bob. " * 50 + "Carol lives in London.")
    last = len(annotation.sentences) - 1
    members = [i for i, m in enumerate(context.mentions) if m.sentence == last]
    mentions = CountingMentions(context.mentions)
    mentions.read = set()
    sentence = annotation.sentences[last]
    view = _make_view(annotation, sentence, last, mentions, False, members)
    assert mentions.read == set(members)
    assert view == _make_view(annotation, sentence, last, context.mentions, False)


def coordinated_by_search(text: str, end: int) -> list[int]:
    """The former scan: search the coordination regex in the whole text before ``end``."""
    out, before = [], text[:end]
    while (found := _COORD_RE.search(before)) is not None:
        out.append(int(found.group(1)))
        before = before[: found.start()]
    return out


def test_coordinated_subjects_are_the_mentions_joined_right_before_the_subject() -> None:
    view = f"{OPEN}0{CLOSE}, {OPEN}1{CLOSE} and {OPEN}2{CLOSE} moved"
    assert coordinated_before(view, view.index(f"{OPEN}2")) == [1, 0]
    view = f"{OPEN}0{CLOSE} met {OPEN}1{CLOSE}和{OPEN}2{CLOSE}"
    assert coordinated_before(view, view.index(f"{OPEN}2")) == [1]
    assert coordinated_before(view, view.index(f"{OPEN}1")) == []


def test_coordinated_subjects_match_a_search_of_the_whole_text_before() -> None:
    rng = random.Random(7)
    joints = [", ", ",and ", " and ", "And ", "& ", "和", "、", "与", " ", "\n", "met ", "x", "7"]
    pieces = [f"{OPEN}{k}{CLOSE}" for k in range(4)] + joints + [OPEN, CLOSE]
    for _ in range(1500):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        for end in range(len(text) + 1):
            assert coordinated_before(text, end) == coordinated_by_search(text, end), (text, end)


def test_the_preposition_look_back_matches_a_search_of_the_whole_text_before() -> None:
    # "works for Mastercard, and Cy ...": an object list after a preposition has no co-subjects;
    # the look-back is bounded (a search from 0 was quadratic in a long unpunctuated sentence)
    rng = random.Random(11)
    joints = [", ", " and ", "和", "for ", "about  the ", " in ", "在", "to the ", "x", " "]
    pieces = [f"{OPEN}{k}{CLOSE}" for k in range(4)] + joints
    checked = 0
    for _ in range(1500):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
        for end in range(len(text) + 1):
            expected, before = [], text[:end]
            while (found := _COORD_RE.search(before)) is not None:
                expected.append(int(found.group(1)))
                before = before[: found.start()]
            if expected and _AFTER_PREPOSITION.search(before):
                expected = []
                checked += 1
            assert coordinated_before(text, end) == expected, (text, end)
    assert checked > 100  # the preposition case was exercised
    view = f"works for {OPEN}0{CLOSE}, and {OPEN}1{CLOSE} still works"
    assert coordinated_before(view, view.index(f"{OPEN}1")) == []
    view = "x" * 5000 + f" for y, {OPEN}0{CLOSE} and {OPEN}1{CLOSE} moved"
    assert coordinated_before(view, view.index(f"{OPEN}1")) == [0]


def test_tokens_of_a_span_are_those_a_scan_of_the_sentence_finds() -> None:
    text = "Alice Moreau and the old garden team walked to Orion Labs with Bob " * 40
    annotation, context, _ = analysed(text.strip())
    [sentence] = annotation.sentences
    ex = _SentenceExtraction(annotation, sentence, 0, context.mentions, {}, context)
    ex.noun_phrase(0, 5, zh=False)
    assert ex._starts, "the offline annotator's offsets ascend"
    pairs = [(t, t.start_char, t.end_char) for t in sentence.tokens]
    for lo, hi in [(0, 5), (3, 40), (100, 101), (2000, 2700), (len(text) - 9, len(text) + 3)]:
        assert ex._tokens_in(lo, hi) == [p for p in pairs if p[1] < hi and p[2] > lo]
    # offsets that do not ascend: the plain scan
    ex = _SentenceExtraction(annotation, sentence, 0, context.mentions, {}, context)
    ex.offsets = [(s, e) for _t, s, e in pairs]
    ex.offsets[1], ex.offsets[2] = ex.offsets[2], ex.offsets[1]
    assert ex._tokens_in(0, 40) == [
        (t, s, e) for t, (s, e) in zip(sentence.tokens, ex.offsets, strict=True) if s < 40 and e > 0
    ]
    assert not ex._starts
