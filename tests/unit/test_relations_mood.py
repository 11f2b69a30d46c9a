"""Questions and conditions state no fact: every mood row flags its examples, plain statements
are not flagged, and a memory fed such sentences keeps its current relations unchanged."""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.patterns.mood import (
    MOOD_ROWS,
    NOT_UNASSERTED,
    unasserted,
)

EXAMPLES = [(row.name, text) for row in MOOD_ROWS for text in row.examples]


@pytest.mark.parametrize(("name", "text"), EXAMPLES, ids=[f"{n}:{t}" for n, t in EXAMPLES])
def test_row_flags_its_examples(name: str, text: str) -> None:
    row = next(r for r in MOOD_ROWS if r.name == name)
    assert row.pattern.search(text), text
    assert unasserted(text)


@pytest.mark.parametrize("text", NOT_UNASSERTED)
def test_statements_are_not_flagged(text: str) -> None:
    assert not unasserted(text)


@pytest.mark.parametrize(
    ("statements", "entity", "expected"),
    [
        (["Sofia lives in Naples.", "Did Sofia move to Rome?"], "Sofia", "Naples"),
        (
            ["Rita leads Project Titan.", "If Rita leaves, Sam will take over Project Titan."],
            "Project Titan",
            "Rita",
        ),
        (["孙丽住在天津。", "如果孙丽搬到北京，她会换工作。"], "孙丽", "天津"),
        (["赵磊住在太原。", "赵磊搬到武汉了吗？"], "赵磊", "太原"),
    ],
)
def test_question_or_condition_leaves_the_current_fact(
    statements: list[str], entity: str, expected: str
) -> None:
    memory = TemporalGraphMemory(":memory:")
    for text in statements:
        memory.add(text)
    names = {(r.subject_name, r.object_name) for r in memory.relations(entity)}
    assert len(names) == 1 and expected in next(iter(names)), names
