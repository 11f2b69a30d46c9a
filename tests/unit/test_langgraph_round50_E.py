"""Round 50 (LangGraph store, API): bad input through ``batch`` and ``put`` raises the library's
own errors, the same way on both paths, with nothing applied (and still LangGraph's error types,
so code written for its stores keeps working)."""

from __future__ import annotations

import asyncio
from types import MappingProxyType
from typing import Any, TypedDict

import pytest

pytest.importorskip("langgraph.store.base")

from langgraph.graph import END, START, StateGraph
from langgraph.store.base import (
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    ListNamespacesOp,
    PutOp,
    SearchOp,
)

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langgraph import RecallStore
from recall_memory_plugins.errors import ConfigurationError, InputError, RecallError

NS = ("memories", "alice")


def _stored(memory: TemporalGraphMemory) -> list[str]:
    return [s.text for ns in memory.namespaces() for s in memory.get_all(namespace=ns)]


# ------------------------------------------------------------------ D1: a value not a mapping
@pytest.mark.parametrize("value", ["Alice lives in Paris.", ["a", "list"], 42, ("t", "u")])
def test_a_value_that_is_not_a_mapping_is_an_input_error_naming_the_item(
    memory: TemporalGraphMemory, value: Any
) -> None:
    store = RecallStore(memory)
    ops = [PutOp(NS, "ok", {"text": "Bob likes tea."}), PutOp(NS, "home", value)]
    with pytest.raises(InputError, match=r"'home'.*mapping"):
        store.batch(ops)
    with pytest.raises(InputError, match="'home'"):
        store.put(NS, "home", value)
    assert _stored(memory) == []  # nothing of the batch was applied


def test_mappings_and_none_are_still_values(memory: TemporalGraphMemory) -> None:
    store = RecallStore(memory)
    store.batch([PutOp(NS, "a", {"text": "Alice lives in Paris."})])
    store.batch([PutOp(NS, "b", MappingProxyType({"text": "Alice likes tea."}))])
    assert store.get(NS, "b").value == {"text": "Alice likes tea."}  # type: ignore[union-attr]
    store.batch([PutOp(NS, "a", None)])  # a put of None deletes
    assert store.get(NS, "a") is None
    assert _stored(memory) == ["Alice likes tea."]


# ------------------------------------------------------------------ D2: namespace and key
@pytest.mark.parametrize(
    ("namespace", "key"),
    [(("memories", ""), "k"), (("memories",), ""), ((), "k"), (("memories", 3), "k"), (NS, 5), (NS, None)],
)
def test_a_bad_namespace_or_key_is_an_input_error_in_batch_and_put(
    memory: TemporalGraphMemory, namespace: Any, key: Any
) -> None:
    store = RecallStore(memory)
    with pytest.raises(InputError) as raised:
        store.batch([PutOp(NS, "ok", {"text": "fine"}), PutOp(namespace, key, {"text": "x"})])
    # code written for LangGraph's stores still catches it as their error
    assert isinstance(raised.value, InvalidNamespaceError)
    with pytest.raises(InputError):
        store.put(namespace, key, {"text": "x"})
    with pytest.raises(InputError):
        asyncio.run(store.aput(namespace, key, {"text": "x"}))
    assert _stored(memory) == []


def test_langgraphs_own_namespace_rules_on_put_are_input_errors_too(
    memory: TemporalGraphMemory,
) -> None:
    store = RecallStore(memory)
    for bad in [("a.b",), ("langgraph", "x")]:
        with pytest.raises(InputError):
            store.put(bad, "k", {"text": "x"})
        with pytest.raises(InvalidNamespaceError):
            store.put(bad, "k", {"text": "x"})
    # look-alikes: a key that looks like a number, a label with a dash, a deep namespace
    store.put(("a-b", "c", "d"), "5", {"text": "Alice likes tea."})
    assert store.get(("a-b", "c", "d"), "5") is not None


# ------------------------------------------------------------------ D7: TTL on both paths
def test_a_ttl_is_refused_the_same_way_through_put_and_batch(memory: TemporalGraphMemory) -> None:
    store = RecallStore(memory)
    assert store.supports_ttl is False
    for run in (
        lambda: store.put(("a",), "k1", {"text": "temporary note"}, ttl=0.5),
        lambda: store.batch([PutOp(("a",), "ok", {"text": "x"}), PutOp(("a",), "k2", {"text": "y"}, ttl=0.5)]),
        lambda: asyncio.run(store.abatch([PutOp(("a",), "k3", {"text": "y"}, ttl=1.0)])),
    ):
        with pytest.raises(ConfigurationError, match="TTL is not supported") as raised:
            run()
        assert isinstance(raised.value, NotImplementedError)  # as LangGraph's put raises it
    assert _stored(memory) == []
    # ttl=None (no expiry) is no TTL
    store.put(("a",), "k4", {"text": "kept note"}, ttl=None)
    store.batch([PutOp(("a",), "k5", {"text": "kept too"}, ttl=None)])
    assert store.get(("a",), "k4") is not None and store.get(("a",), "k5") is not None


# ------------------------------------------------------------------ paging: offset / limit
@pytest.mark.parametrize("page", [{"offset": -1}, {"limit": -1}, {"limit": 1.5}, {"offset": True}])
def test_a_negative_or_non_integer_page_is_refused(memory: TemporalGraphMemory, page: dict[str, Any]) -> None:
    store = RecallStore(memory)
    store.put(NS, "a", {"text": "Alice likes tea."})
    with pytest.raises(InputError, match=r"offset|limit"):
        store.batch([PutOp(NS, "b", {"text": "x"}), SearchOp(("memories",), **page)])
    with pytest.raises(InputError):
        store.batch([ListNamespacesOp(**page)])
    assert store.get(NS, "b") is None  # nothing of the batch was applied


def test_zero_and_positive_pages_still_page(memory: TemporalGraphMemory) -> None:
    store = RecallStore(memory)
    for k in "abc":
        store.put(NS, k, {"text": f"note {k}"})
    assert store.search(("memories",), limit=0) == []
    assert len(store.search(("memories",), limit=2, offset=0)) == 2
    assert len(store.search(("memories",), limit=10, offset=2)) == 1
    assert store.list_namespaces(offset=0, limit=5) == [NS]
    assert store.list_namespaces(offset=1) == []
    assert store.batch([GetOp(NS, "a")])[0] is not None


# ------------------------------------------------------------------ inside a LangGraph graph
class _State(TypedDict):
    note: Any


def _graph(store: RecallStore) -> Any:
    def remember(state: _State, *, store: BaseStore) -> dict[str, Any]:
        store.put(NS, "note", state["note"])
        return {}

    builder = StateGraph(_State)
    builder.add_node("remember", remember)
    builder.add_edge(START, "remember")
    builder.add_edge("remember", END)
    return builder.compile(store=store)


def test_a_graph_node_putting_a_bad_value_gets_the_librarys_error(memory: TemporalGraphMemory) -> None:
    store = RecallStore(memory)
    graph = _graph(store)
    with pytest.raises(RecallError):
        graph.invoke({"note": "Alice lives in Paris."})
    assert _stored(memory) == []
    graph.invoke({"note": {"text": "Alice lives in Paris."}})
    assert _stored(memory) == ["Alice lives in Paris."]
