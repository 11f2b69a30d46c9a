"""Every row of the pattern tables matches its example sentences and yields their relations.

Runs each example through the real pipeline (offline annotator, mention detection, coreference,
the pattern extractor, a SQLite memory); a recording extractor keeps what the pattern extractor
was given and returned, so the test checks both that the row's own regex matches the sentence
view and that the extracted relation is the expected one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations import PatternRelationExtractor, RelationTracker
from recall_memory_plugins.engine.relations.mentions import is_cjk
from recall_memory_plugins.engine.relations.patterns import (
    EN_PATTERNS,
    EN_ROWS,
    ZH_PATTERNS,
    ZH_ROWS,
    Example,
    PatternRow,
)
from recall_memory_plugins.engine.relations.patterns.views import _make_view
from recall_memory_plugins.engine.relations.schema import (
    RELATION_TYPES,
    ExtractionContext,
    RelationCandidate,
)
from recall_memory_plugins.nlp.base import Annotation

ROWS: list[PatternRow] = [*EN_ROWS, *ZH_ROWS]
CASES = [(row, example) for row in ROWS for example in row.examples]


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


def _case_id(case: tuple[PatternRow, Example]) -> str:
    row, example = case
    table = EN_ROWS if row.lang == "en" else ZH_ROWS
    return f"{row.lang}{table.index(row)}:{example.text}:{example.relation}"


def test_every_row_has_examples_of_known_relations() -> None:
    assert len(EN_ROWS) >= 40 and len(ZH_ROWS) >= 40
    for row in ROWS:
        assert row.examples, row.spec
        assert row.lang in ("en", "zh")
        for example in row.examples:
            assert example.relation in RELATION_TYPES, example
            assert is_cjk(example.text) == (row.lang == "zh"), example


def test_the_extractor_runs_exactly_the_table_rows() -> None:
    assert EN_PATTERNS == [(row.pattern, row.handler) for row in EN_ROWS]
    assert ZH_PATTERNS == [(row.pattern, row.handler) for row in ZH_ROWS]


@pytest.mark.parametrize(("row", "example"), CASES, ids=[_case_id(c) for c in CASES])
def test_row_matches_its_example_and_yields_its_relation(row: PatternRow, example: Example) -> None:
    recorder = RecordingExtractor()
    with TemporalGraphMemory(
        ":memory:", annotator="offline", tracker=RelationTracker(extractor=recorder)
    ) as memory:
        memory.add(example.text)
    [(annotation, context, candidates)] = recorder.seen

    views = [
        _make_view(
            annotation,
            sentence,
            i,
            context.mentions,
            sentence.lang.startswith("zh") or is_cjk(sentence.text),
        )
        for i, sentence in enumerate(annotation.sentences)
    ]
    # the row's own regex matches a view of its language (not only some other row)
    matching = [v for v in views if v.zh == (row.lang == "zh") and row.pattern.search(v.text)]
    assert matching, [v.text for v in views]

    got = _relations(candidates)
    wanted = (example.subject, example.relation, example.object, example.negated)
    assert wanted in got, got
    assert set(example.attributes) <= set(got[wanted]), got[wanted]


def _relations(
    candidates: Sequence[RelationCandidate],
) -> dict[tuple[str, str, str | None, bool], list[tuple[str, str]]]:
    out: dict[tuple[str, str, str | None, bool], list[tuple[str, str]]] = {}
    for c in candidates:
        key = (c.subject.name, c.type, c.object.name if c.object else None, c.negated)
        out.setdefault(key, []).extend(c.attributes.items())
    return out
