"""Round 46 (LangGraph store and retrievers): what a black-box comparison with LangGraph's
``InMemoryStore`` and the docs found, each as the behaviour a user sees."""

from __future__ import annotations

import asyncio
import unicodedata

import pytest

pytest.importorskip("langgraph.store.base")
pytest.importorskip("langchain_core")

from langgraph.store.base import PutOp

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langchain import RecallRetriever
from recall_memory_plugins.adapters.langgraph import RecallStore
from recall_memory_plugins.errors import ConfigurationError, InputError

NS = ("memories", "alice")
ENGINE_NS = "store/memories/alice"


def _objects(memory: TemporalGraphMemory, namespace: str = ENGINE_NS) -> list[str | None]:
    return [r.object_name for r in memory.relations("Alice", namespace=namespace)]


# ---------------------------------------------------------------------------------- 1: delete
@pytest.mark.parametrize("how", ["delete", "put_none"])
def test_a_deleted_item_no_longer_states_its_fact(memory: TemporalGraphMemory, how: str) -> None:
    store = RecallStore(memory)
    store.put(NS, "job", {"text": "Alice works at Acme."})
    store.put(NS, "job2", {"text": "Alice joined Globex."})
    assert _objects(memory) == ["Globex"]
    if how == "delete":
        store.delete(NS, "job2")
    else:
        store.put(NS, "job2", None)
    # what the deleted item had superseded is current again; nothing states Globex
    assert _objects(memory) == ["Acme"]
    recall = memory.recall("Where does Alice work?", namespace=ENGINE_NS)
    assert "Globex" not in recall.text
    docs = RecallRetriever(memory=memory, namespace=ENGINE_NS).invoke("Where does Alice work?")
    assert not any("Globex" in d.page_content for d in docs)


# ---------------------------------------------------------------------------------- 2: as_of
@pytest.mark.parametrize("bad", [2.5, True, "2"])
def test_retriever_constructor_refuses_an_as_of_the_call_refuses(
    memory: TemporalGraphMemory, bad: object
) -> None:
    memory.add("Alice works at Acme.", namespace="t")
    with pytest.raises(ConfigurationError, match="as_of"):
        RecallRetriever(memory=memory, namespace="t").invoke("Alice", as_of=bad)
    with pytest.raises(ConfigurationError, match="as_of"):
        RecallRetriever(memory=memory, namespace="t", as_of=bad)


# ---------------------------------------------------------------------------------- 3: index
@pytest.mark.parametrize("index", [[5], True, 5, "text"])
def test_an_index_that_is_not_a_list_of_paths_is_an_input_error(
    memory: TemporalGraphMemory, index: object
) -> None:
    store = RecallStore(memory)
    with pytest.raises(InputError, match="index of item 'k'"):
        store.put(("docs",), "k", {"text": "Alice likes tea."}, index=index)  # type: ignore[arg-type]
    assert store.get(("docs",), "k") is None


# ---------------------------------------------------------------------------------- 4: batch
@pytest.mark.parametrize(
    "bad",
    [
        "not an op",
        # a search the batch would reach after the put: refused before the put is applied
        "filter",
    ],
)
def test_a_batch_with_a_bad_op_applies_nothing(memory: TemporalGraphMemory, bad: str) -> None:
    from langgraph.store.base import SearchOp

    store = RecallStore(memory)
    last = bad if bad != "filter" else SearchOp(("b",), filter={"n": {"$near": 1}})
    with pytest.raises((ConfigurationError, InputError)):
        store.batch([PutOp(("b",), "k1", {"t": "one"}), last])  # type: ignore[list-item]
    assert store.get(("b",), "k1") is None


# ---------------------------------------------------------------------------------- 5: scores
def test_items_a_query_does_not_match_are_unscored(memory: TemporalGraphMemory) -> None:
    store = RecallStore(memory)
    store.put(("n",), "a", {"text": "Alice lives in Paris."})
    store.put(("n",), "b", {"text": "Bob likes coffee."})
    store.put(("n",), "c", {"text": "Carol plays chess."})
    hits = store.search(("n",), query="coffee")
    assert hits[0].key == "b" and hits[0].score is not None and hits[0].score > 0
    assert {(i.key, i.score) for i in hits[1:]} == {("a", None), ("c", None)}


# ---------------------------------------------------------------------------------- 7: index=False
def test_an_unindexed_item_is_listed_but_never_scored_or_recalled(
    memory: TemporalGraphMemory,
) -> None:
    store = RecallStore(memory)
    store.put(("n",), "pub", {"text": "Alice lives in Paris."})
    store.put(("n",), "secret", {"text": "Bob's PIN is zebra-4411.", "kind": "pin"}, index=False)
    scores = {i.key: i.score for i in store.search(("n",), query="zebra PIN")}
    assert scores == {"pub": None, "secret": None}
    # reachable by get, a filter and the listing, as LangGraph documents index=False
    item = store.get(("n",), "secret")
    assert item is not None and item.value["text"] == "Bob's PIN is zebra-4411."
    assert [i.key for i in store.search(("n",), filter={"kind": "pin"})] == ["secret"]
    assert store.list_namespaces() == [("n",)]
    docs = RecallRetriever(memory=memory, namespace="store/n").invoke("What is Bob's PIN?")
    assert not any("zebra" in d.page_content for d in docs)
    # indexed again: found by a query; unindexed again: gone from recall
    store.put(("n",), "secret", {"text": "Bob's PIN is zebra-4411."})
    assert store.search(("n",), query="zebra PIN")[0].key == "secret"
    store.put(("n",), "secret", {"text": "Bob's PIN is zebra-4411."}, index=False)
    assert "zebra" not in memory.recall("zebra PIN", namespace="store/n").text
    store.delete(("n",), "secret")
    assert store.get(("n",), "secret") is None
    assert [i.key for i in store.search(("n",))] == ["pub"]


# ---------------------------------------------------------------------------------- 8: keys
def test_keys_round_trip_exactly_and_stay_distinct(memory: TemporalGraphMemory) -> None:
    store = RecallStore(memory)
    # NFC / NFD, a zero-width space, and a key that looks like an escaped one
    keys = ["caf\u00e9", "cafe\u0301", "k\u200b", "k", "\u2400key:k"]
    for key in keys:
        store.put(("keys",), key, {"text": f"item {key!r}"})
    for key in keys:
        item = store.get(("keys",), key)
        assert item is not None and item.key == key and item.value == {"text": f"item {key!r}"}
    assert sorted(i.key for i in store.search(("keys",))) == sorted(keys)
    store.delete(("keys",), "k\u200b")
    assert store.get(("keys",), "k\u200b") is None
    assert sorted(i.key for i in store.search(("keys",))) == sorted(set(keys) - {"k\u200b"})


@pytest.mark.parametrize("key", ["home", "caf\u00e9"])
def test_items_an_older_version_stored_are_still_found(
    memory: TemporalGraphMemory, key: str
) -> None:
    # the previous version stored an item as a statement whose source is the key itself
    assert unicodedata.is_normalized("NFC", key)
    memory.add("Alice lives in Paris.", namespace="store/old", source=key,
               metadata={"text": "Alice lives in Paris."})
    store = RecallStore(memory)
    item = store.get(("old",), key)
    assert item is not None and item.key == key
    assert [i.key for i in store.search(("old",), query="Paris")] == [key]
    # a new key that differs from it only in form is another item
    other = unicodedata.normalize("NFD", key) if not key.isascii() else key + "\u200b"
    store.put(("old",), other, {"text": "Bob likes tea."})
    assert store.get(("old",), key).value == {"text": "Alice lives in Paris."}  # type: ignore[union-attr]
    store.put(("old",), key, {"text": "Alice moved to Lyon."})
    assert len(memory.find_by_source(key, namespace="store/old")) == 1
    store.delete(("old",), key)
    assert store.get(("old",), key) is None
    assert [i.key for i in store.search(("old",))] == [other]


# ---------------------------------------------------------------------------------- 9: re-put
def test_re_putting_an_unchanged_text_states_nothing_new(memory: TemporalGraphMemory) -> None:
    store = RecallStore(memory)
    store.put(NS, "home", {"text": "Alice lives in Paris.", "uses": 1})
    store.put(NS, "move", {"text": "Alice moved to Lyon.", "uses": 1})
    before = store.get(NS, "home")
    store.put(NS, "home", {"text": "Alice lives in Paris.", "uses": 2})  # bookkeeping only
    after = store.get(NS, "home")
    assert _objects(memory) == ["Lyon"]
    assert memory.recall("Where does Alice live?", namespace=ENGINE_NS).facts[0].startswith(
        "Alice lives in Lyon"
    )
    assert before is not None and after is not None
    assert after.value["uses"] == 2 and after.updated_at > before.updated_at
    assert after.created_at == before.created_at
    # a real change of the text is still news
    store.put(NS, "home", {"text": "Alice moved to Rome.", "uses": 3})
    assert _objects(memory) == ["Rome"]


def test_re_putting_a_long_unchanged_item_keeps_its_chunks_and_facts(
    memory: TemporalGraphMemory,
) -> None:
    store = RecallStore(memory)
    text = "Alice lives in Paris. " + " ".join(
        f"Note {i}: Bob met Carol number {i} in Berlin today." for i in range(60)
    )
    store.put(NS, "long", {"text": text, "uses": 1})
    chunks = [st.text for st in memory.find_by_source("long", namespace=ENGINE_NS)]
    assert len(chunks) > 1
    store.put(NS, "move", {"text": "Alice moved to Lyon."})
    store.put(NS, "long", {"text": text, "uses": 2})
    again = memory.find_by_source("long", namespace=ENGINE_NS)
    assert [st.text for st in again] == chunks
    assert _objects(memory) == ["Lyon"]
    item = store.get(NS, "long")
    assert item is not None and item.value == {"text": text, "uses": 2}


# ---------------------------------------------------------------------------------- 10: namespace
def test_an_empty_namespace_per_call_is_refused(memory: TemporalGraphMemory) -> None:
    memory.add("Bob likes tea.", namespace="bob")
    retriever = RecallRetriever(memory=memory, namespace="bob")
    with pytest.raises(InputError, match="namespace"):
        retriever.invoke("tea", namespace="")
    with pytest.raises(InputError, match="namespace"):
        asyncio.run(retriever.ainvoke("tea", namespace=""))
    assert retriever.invoke("tea", namespace="bob")
