"""Round 46: what ``RecallStore`` promises on every store (SQLite and Neo4j): a deleted item
states nothing, a put that keeps an item's text states nothing new, keys come back exactly."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

pytest.importorskip("langgraph.store.base")

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langgraph import RecallStore
from recall_memory_plugins.stores.base import GraphStore

NS = ("memories", "alice")


@pytest.fixture
def items(store: GraphStore) -> Iterator[tuple[RecallStore, str]]:
    """A ``RecallStore`` under a prefix of this test alone, and its engine namespace of ``NS``
    (every engine namespace under the prefix is cleared afterwards)."""
    prefix = f"lg46-{uuid.uuid4().hex[:10]}"
    memory = TemporalGraphMemory(store, annotator="offline")
    try:
        yield RecallStore(memory, prefix=prefix), f"{prefix}/memories/alice"
    finally:
        for name in memory.namespaces():
            if name.startswith(f"{prefix}/"):
                memory.clear(name)


def _current(store: RecallStore, ns: str) -> list[str | None]:
    return [r.object_name for r in store.memory.relations("Alice", namespace=ns)]


def test_deleting_an_item_deletes_the_facts_it_stated(items: tuple[RecallStore, str]) -> None:
    store, ns = items
    store.put(NS, "job", {"text": "Alice works at Acme."})
    store.put(NS, "job2", {"text": "Alice joined Globex."})
    assert _current(store, ns) == ["Globex"]
    store.delete(NS, "job2")
    assert _current(store, ns) == ["Acme"]
    assert "Globex" not in store.memory.recall("Where does Alice work?", namespace=ns).text


def test_a_put_keeping_the_text_keeps_the_facts_times(items: tuple[RecallStore, str]) -> None:
    store, ns = items
    store.put(NS, "home", {"text": "Alice lives in Paris.", "uses": 1})
    store.put(NS, "move", {"text": "Alice moved to Lyon.", "uses": 1})
    before = store.get(NS, "home")
    store.put(NS, "home", {"text": "Alice lives in Paris.", "uses": 2})
    after = store.get(NS, "home")
    assert _current(store, ns) == ["Lyon"]
    assert before is not None and after is not None
    assert after.value == {"text": "Alice lives in Paris.", "uses": 2}
    assert after.updated_at > before.updated_at


def test_keys_differing_in_unicode_form_are_two_items(items: tuple[RecallStore, str]) -> None:
    store, _ = items
    for key in ("caf\u00e9", "cafe\u0301", "k\u200b", "k"):
        store.put(NS, key, {"text": f"item {key!r}"})
    for key in ("caf\u00e9", "cafe\u0301", "k\u200b", "k"):
        item = store.get(NS, key)
        assert item is not None and item.key == key and item.value == {"text": f"item {key!r}"}
    assert len(store.search(NS)) == 4
