"""Sentence views: the text the patterns see, built from each sentence's own span.

The annotation and resolved mentions come from the real pipeline (offline annotator, mention
detection, coreference) through a recording extractor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import SupportsIndex

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations import PatternRelationExtractor, RelationTracker
from recall_memory_plugins.engine.relations.patterns import CLOSE, OPEN
from recall_memory_plugins.engine.relations.patterns.views import _make_view, _View
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
