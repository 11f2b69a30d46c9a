"""The adapters refuse a bad option at construction with the library's ConfigurationError (as
``k=0`` always did), never pydantic's ValidationError, and never later at the first call."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langchain_classic")
pytest.importorskip("langchain")
pytest.importorskip("llama_index.core")

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters import langchain as lc
from recall_memory_plugins.adapters import llama_index as li
from recall_memory_plugins.adapters._common import MemoryToolset
from recall_memory_plugins.errors import ConfigurationError


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline") as engine:
        yield engine


Build = Callable[..., Any]
BUILDERS: dict[str, Build] = {
    "lc.RecallRetriever": lambda m, **kw: lc.RecallRetriever(memory=m, **kw),
    "lc.RecallMemory": lambda m, **kw: lc.RecallMemory(memory=m, **kw),
    "lc.RecallMiddleware": lambda m, **kw: lc.RecallMiddleware(m, **kw),
    "li.RecallChatMemory": lambda m, **kw: li.RecallChatMemory(memory=m, **kw),
    "li.RecallMemoryBlock": lambda m, **kw: li.RecallMemoryBlock(memory=m, **kw),
    "li.RecallRetriever": lambda m, **kw: li.RecallRetriever(m, **kw),
}
BAD_BUDGETS = [1.5, 0, -3, "500", 10**8]
BAD_NAMESPACES = ["", "   ", 5]


@pytest.mark.parametrize("adapter", sorted(BUILDERS))
@pytest.mark.parametrize("budget", BAD_BUDGETS)
def test_a_bad_token_budget_is_a_configuration_error(
    memory: TemporalGraphMemory, adapter: str, budget: object
) -> None:
    with pytest.raises(ConfigurationError, match="token_budget"):
        BUILDERS[adapter](memory, token_budget=budget)


@pytest.mark.parametrize("adapter", [*sorted(BUILDERS), "lc.RecallChatMessageHistory", "tools"])
@pytest.mark.parametrize("namespace", BAD_NAMESPACES)
def test_a_bad_namespace_is_a_configuration_error(
    memory: TemporalGraphMemory, adapter: str, namespace: object
) -> None:
    build = {
        **BUILDERS,
        "lc.RecallChatMessageHistory": lambda m, **kw: lc.RecallChatMessageHistory(m, **kw),
        "tools": lambda m, **kw: MemoryToolset(m, **kw),
    }[adapter]
    with pytest.raises(ConfigurationError, match="namespace"):
        build(memory, namespace=namespace)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"k": 1.5}, "k"),
        ({"k": 0}, "k"),
        ({"mode": "x"}, "mode"),
        ({"as_of": "x"}, "as_of"),
        ({"include_facts": "maybe"}, "include_facts"),
        ({"search_kwargs": 5}, "search_kwargs"),
        ({"search_kwargs": {"token_budget": 0}}, "token_budget"),
    ],
)
def test_langchain_retriever_options(
    memory: TemporalGraphMemory, options: dict[str, Any], named: str
) -> None:
    with pytest.raises(ConfigurationError, match=named):
        lc.RecallRetriever(memory=memory, **options)


@pytest.mark.parametrize(
    ("build", "named"),
    [
        (lambda m: lc.RecallMemory(memory=m, memory_key=5), "memory_key"),
        (lambda m: li.RecallChatMemory(memory=m, recent_messages=-1), "recent_messages"),
        (lambda m: li.RecallMemoryBlock(memory=m, priority="x"), "priority"),
    ],
)
def test_pydantic_field_errors_become_configuration_errors(
    memory: TemporalGraphMemory, build: Callable[[TemporalGraphMemory], Any], named: str
) -> None:
    with pytest.raises(ConfigurationError, match=named):
        build(memory)


def test_good_options_are_kept(memory: TemporalGraphMemory) -> None:
    retriever = lc.RecallRetriever(memory=memory, namespace="a", token_budget=2.0, k=2)
    assert (retriever.namespace, retriever.token_budget, retriever.k) == ("a", 2, 2)
    assert isinstance(retriever.token_budget, int)
    assert lc.RecallMemory(memory=memory, token_budget=None).token_budget is None
    assert li.RecallChatMemory(memory=memory, namespace="b", token_budget=300).token_budget == 300
    assert li.RecallMemoryBlock(memory=memory, token_budget=40).token_budget == 40
    assert li.RecallRetriever(memory, namespace="c", token_budget=50).token_budget == 50
    # token_limit caps the whole message: the default prompt's own 31 tokens come off the budget
    assert li.RecallChatMemory.from_defaults(memory=memory, token_limit=100).token_budget == 69
