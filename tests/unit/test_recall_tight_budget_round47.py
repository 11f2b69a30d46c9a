"""Under a tight token budget the current fact still leads the context: before, facts took at
most half the budget, so "Alice works for Globex (...; before: Acme ...)" (~22 tokens) was left
out at budgets under ~47 and the context could hold "[1] Alice works at Acme." alone."""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.tokens import TokenCounter


@pytest.fixture(scope="module")
def memory():
    with TemporalGraphMemory(":memory:", annotator="offline") as mem:
        for text in (
            "Alice works at Acme.",
            "Bob lives in Paris.",
            "Alice left Acme and joined Globex.",
            "Carol likes tea.",
            "Bob moved to Lyon.",
        ):
            mem.add(text, namespace="alice", speaker="Human")
        yield mem


@pytest.mark.parametrize("budget", [25, 30, 40, 44, 60])
def test_the_current_fact_fits_a_tight_budget(memory, budget):
    recall = memory.recall("Where does Alice work?", namespace="alice", token_budget=budget)
    assert recall.facts and recall.facts[0].startswith("Alice works for Globex")
    assert recall.token_count <= budget


@pytest.mark.parametrize("budget", list(range(1, 80, 3)))
def test_the_budget_is_never_exceeded(memory, budget):
    counter = TokenCounter()
    recall = memory.recall("Where does Alice work?", namespace="alice", token_budget=budget)
    assert counter.count(recall.text) == recall.token_count <= budget
