"""``RecallStore`` against LangGraph's own ``InMemoryStore``: the same operations, the same results.

LangGraph does not ship its store conformance tests in the wheel, so this is the equivalent suite:
every scenario runs on ``langgraph.store.memory.InMemoryStore`` and on ``RecallStore`` and the
results are compared (get/put/delete/list_namespaces exactly, search by the items found).
Then what only ``RecallStore`` does: query ranking, history, and an agent using it as
``runtime.store``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("langgraph.store.base")
pytest.importorskip("langchain")

from langchain.agents import create_agent
from langchain.tools import ToolRuntime
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.store.base import BaseStore, InvalidNamespaceError, Item
from langgraph.store.memory import InMemoryStore

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langgraph import RecallStore
from recall_memory_plugins.errors import ConfigurationError, InputError
from tests.conftest import Clock

ALICE = ("users", "alice")
BOB = ("users", "bob")

ITEMS: list[tuple[tuple[str, ...], str, dict[str, Any]]] = [
    (ALICE, "coffee", {"text": "Alice loves espresso coffee.", "kind": "preference", "n": 1}),
    (ALICE, "home", {"text": "Alice lives in Paris.", "kind": "fact", "n": 2}),
    (ALICE, "team", {"text": "Alice works with Bob on Project Orion.", "kind": "fact", "n": 3}),
    (BOB, "coffee", {"text": "Bob drinks green tea.", "kind": "preference", "n": 1}),
    (("docs", "a/b%c", "x"), "readme", {"text": "A namespace label with a slash.", "kind": "doc"}),
    (
        ("users", "alice", "notes"),
        "n1",
        {"text": "Buy milk.", "kind": "todo", "tags": ["home"], "n": 0},
    ),
    (("orgs",), "acme", {"name": "Acme", "size": 12}),  # no text field: every string indexed
]


@pytest.fixture
def engine() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline", clock=Clock()) as memory:
        yield memory


@pytest.fixture
def stores(engine: TemporalGraphMemory) -> tuple[InMemoryStore, RecallStore]:
    reference, ours = InMemoryStore(), RecallStore(engine)
    for store in (reference, ours):
        for namespace, key, value in ITEMS:
            store.put(namespace, key, value)
    return reference, ours


def plain(item: Item | None) -> tuple[Any, ...] | None:
    """An item without its timestamps (each store has its own clock)."""
    if item is None:
        return None
    assert item.created_at <= item.updated_at
    return (item.namespace, item.key, item.value)


def keys(items: Sequence[Item]) -> set[tuple[tuple[str, ...], str]]:
    return {(i.namespace, i.key) for i in items}


# ------------------------------------------------------------------------------ conformance
def test_get_returns_what_was_put(stores: tuple[InMemoryStore, RecallStore]) -> None:
    reference, ours = stores
    for namespace, key, _ in [*ITEMS, (ALICE, "missing", {}), (("nobody",), "coffee", {})]:
        assert plain(ours.get(namespace, key)) == plain(reference.get(namespace, key))
    assert plain(ours.get(ALICE, "home")) == (ALICE, "home", ITEMS[1][2])


def test_put_on_an_existing_key_replaces_the_value(
    stores: tuple[InMemoryStore, RecallStore],
) -> None:
    reference, ours = stores
    for store in stores:
        store.put(ALICE, "home", {"text": "Alice moved to Lyon.", "kind": "fact", "n": 5})
    assert plain(ours.get(ALICE, "home")) == plain(reference.get(ALICE, "home"))
    item = ours.get(ALICE, "home")
    assert item is not None and item.value["text"] == "Alice moved to Lyon."
    assert item.created_at < item.updated_at  # created by the first put, updated by this one


def test_delete_removes_the_item(stores: tuple[InMemoryStore, RecallStore]) -> None:
    reference, ours = stores
    for store in stores:
        store.delete(ALICE, "coffee")
        store.delete(ALICE, "never-stored")  # not an error
    assert ours.get(ALICE, "coffee") is None and reference.get(ALICE, "coffee") is None
    assert plain(ours.get(BOB, "coffee")) == plain(reference.get(BOB, "coffee"))
    assert keys(ours.search(ALICE)) == keys(reference.search(ALICE))


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"prefix": ("users",)},
        {"prefix": ("users", "*", "notes")},
        {"suffix": ("alice",)},
        {"suffix": ("x",)},
        {"max_depth": 1},
        {"prefix": ("users",), "max_depth": 2},
        {"limit": 2},
        {"limit": 2, "offset": 2},
        {"prefix": ("nothing",)},
    ],
)
def test_list_namespaces_matches(
    stores: tuple[InMemoryStore, RecallStore], kwargs: dict[str, Any]
) -> None:
    reference, ours = stores
    assert ours.list_namespaces(**kwargs) == reference.list_namespaces(**kwargs)


@pytest.mark.parametrize(
    ("prefix", "kwargs"),
    [
        (ALICE, {}),
        (("users",), {}),
        (("users",), {"filter": {"kind": "preference"}}),
        (("users",), {"filter": {"kind": "fact", "n": 3}}),
        ((), {"filter": {"kind": {"$ne": "fact"}}}),
        (("users",), {"filter": {"n": {"$gte": 2}}}),
        (("users",), {"filter": {"tags": ["home"]}}),
        (("orgs",), {"filter": {"size": {"$lt": 20}}}),
        (("users",), {"filter": {"kind": "none"}}),
        (("docs", "a/b%c"), {}),
        (("nobody",), {}),
    ],
)
def test_search_finds_the_same_items(
    stores: tuple[InMemoryStore, RecallStore],
    prefix: tuple[str, ...],
    kwargs: dict[str, Any],
) -> None:
    reference, ours = stores
    expected = reference.search(prefix, limit=100, **kwargs)
    found = ours.search(prefix, limit=100, **kwargs)
    assert keys(found) == keys(expected)
    by_key = {(i.namespace, i.key): i.value for i in expected}
    assert all(i.value == by_key[(i.namespace, i.key)] for i in found)


def test_search_pages_with_limit_and_offset(stores: tuple[InMemoryStore, RecallStore]) -> None:
    reference, ours = stores
    pages = [ours.search(("users",), limit=2, offset=o) for o in (0, 2, 4)]
    assert [len(p) for p in pages] == [2, 2, 1]
    assert set().union(*(keys(p) for p in pages)) == keys(reference.search(("users",), limit=100))


def test_namespaces_are_checked_like_langgraph(
    stores: tuple[InMemoryStore, RecallStore],
) -> None:
    for store in stores:
        for bad in [(), ("a.b",), ("langgraph", "x"), ("",)]:
            with pytest.raises(InvalidNamespaceError):
                store.put(bad, "k", {"text": "x"})


async def test_async_twins_match_sync(stores: tuple[InMemoryStore, RecallStore]) -> None:
    reference, ours = stores
    await ours.aput(BOB, "tea", {"text": "Bob likes oolong.", "kind": "preference"})
    reference.put(BOB, "tea", {"text": "Bob likes oolong.", "kind": "preference"})
    assert plain(await ours.aget(BOB, "tea")) == plain(reference.get(BOB, "tea"))
    assert keys(await ours.asearch(("users",), filter={"kind": "preference"})) == keys(
        reference.search(("users",), filter={"kind": "preference"})
    )
    assert await ours.alist_namespaces() == reference.list_namespaces()
    await ours.adelete(BOB, "tea")
    assert await ours.aget(BOB, "tea") is None


# ------------------------------------------------------------------------------ RecallStore only
def test_query_search_ranks_the_matching_item_first(
    stores: tuple[InMemoryStore, RecallStore],
) -> None:
    _, ours = stores
    results = ours.search(ALICE, query="Where does Alice live?")
    assert results[0].key == "home" and results[0].score is not None
    assert ours.search(("users",), query="What does Bob drink?")[0].key == "coffee"
    assert ours.search(("users",), query="green tea")[0].namespace == BOB
    team = ours.search(("users",), query="Project Orion", filter={"kind": "fact"}, limit=1)
    assert [(i.key, i.value["n"]) for i in team] == [("team", 3)]
    # matches best first; items the query does not match follow, unscored (as a vector
    # store returns k items)
    scored = [i.score for i in results if i.score is not None]
    assert scored == sorted(scored, reverse=True)
    assert [i.score is None for i in results] == sorted(i.score is None for i in results)
    assert len(results) == 4  # every item under ("users", "alice")


def test_items_are_statements_with_history(
    stores: tuple[InMemoryStore, RecallStore], engine: TemporalGraphMemory
) -> None:
    _, ours = stores
    ours.put(ALICE, "home", {"text": "Alice moved to Lyon.", "kind": "fact", "n": 5})
    [current] = engine.find_by_source("home", namespace="store/users/alice")
    # the text is every string of the value; the metadata the whole value
    assert current.text == "Alice moved to Lyon.\nfact" and current.metadata["n"] == 5
    history = engine.history(current.id, namespace="store/users/alice")
    assert [s.metadata["text"] for s in history] == [
        "Alice lives in Paris.",
        "Alice moved to Lyon.",
    ]
    # the recall of the engine's own adapters sees store items too
    assert "Lyon" in engine.recall("Where does Alice live?", namespace="store/users/alice").text
    assert engine.find_by_source("readme", namespace="store/docs/a%2Fb%25c/x")
    ours.delete(ALICE, "home")
    assert engine.find_by_source("home", namespace="store/users/alice") == []


def test_index_fields_choose_the_indexed_text(engine: TemporalGraphMemory) -> None:
    store = RecallStore(engine, prefix="")
    store.put(("u",), "k", {"title": "Alice likes jazz", "body": "zebra"}, index=["title"])
    store.put(("u",), "n", {"count": 3})  # no string: stored as its JSON
    assert [s.text for s in engine.find_by_source("k", namespace="u")] == ["Alice likes jazz"]
    assert store.search(("u",), query="zebra")[0].score is None
    assert store.search(("u",), query="jazz")[0].key == "k"
    assert store.get(("u",), "n") is not None


def test_store_needs_an_engine() -> None:
    with pytest.raises(ConfigurationError):
        RecallStore("memory.db")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError):
        RecallStore(TemporalGraphMemory(":memory:", annotator="offline"), prefix="a/b")


def test_items_survive_a_restart(tmp_path: Path) -> None:
    with TemporalGraphMemory(tmp_path / "m.db", annotator="offline") as memory:
        RecallStore(memory).put(ALICE, "home", {"text": "Alice lives in Paris."})
    with TemporalGraphMemory(tmp_path / "m.db", annotator="offline") as memory:
        item = RecallStore(memory).get(ALICE, "home")
        assert item is not None and item.value == {"text": "Alice lives in Paris."}


# ------------------------------------------------------------------------------ in an agent
class ScriptedToolCallingFakeChatModel(GenericFakeChatModel):
    """LangChain's scripted fake chat model, accepting ``bind_tools`` (the script decides)."""

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedToolCallingFakeChatModel:
        return self


@tool
def remember(fact: str, runtime: ToolRuntime) -> str:
    """Save a fact about the user."""
    assert runtime.store is not None
    key = f"fact-{len(runtime.store.search(('memories',), limit=1000))}"
    runtime.store.put(("memories",), key, {"text": fact})
    return f"saved {key}"


@tool
def lookup(query: str, runtime: ToolRuntime) -> str:
    """Search the saved facts."""
    assert runtime.store is not None
    return "\n".join(i.value["text"] for i in runtime.store.search(("memories",), query=query))


def call(name: str, args: dict[str, Any], n: int) -> AIMessage:
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": f"call_{n}"}])


def test_create_agent_tools_read_runtime_store(engine: TemporalGraphMemory) -> None:
    store: BaseStore = RecallStore(engine)
    model = ScriptedToolCallingFakeChatModel(
        messages=iter(
            [
                call("remember", {"fact": "Alice leads Project Orion."}, 1),
                "Saved.",
                call("lookup", {"query": "Who leads Project Orion?"}, 2),
                "Alice leads it.",
            ]
        )
    )
    agent = create_agent(model, [remember, lookup], store=store)
    agent.invoke({"messages": [HumanMessage("Remember: Alice leads Project Orion.")]})
    result = agent.invoke({"messages": [HumanMessage("Who leads Project Orion?")]})
    tool_output = next(m for m in result["messages"] if isinstance(m, ToolMessage))
    assert tool_output.text == "Alice leads Project Orion."
    assert [s.text for s in engine.statements(namespace="store/memories")] == [
        "Alice leads Project Orion."
    ]


def test_bad_filters_and_paging_get_clear_answers(
    stores: tuple[InMemoryStore, RecallStore],
) -> None:
    _, ours = stores
    with pytest.raises(InputError, match="filter must be a mapping"):
        ours.search(("users",), filter="kind=fact")  # type: ignore[arg-type]
    # a negative offset or limit is refused (as the engine's get_all refuses it), not a slice
    with pytest.raises(InputError, match="limit"):
        ours.list_namespaces(limit=-1)
    with pytest.raises(InputError, match="offset"):
        ours.list_namespaces(offset=-2)
    with pytest.raises(InputError, match="offset"):
        ours.search(("users",), offset=-1, limit=100)


def test_random_operations_agree_with_langgraph(engine: TemporalGraphMemory) -> None:
    """Seeded random put/get/delete/search/list_namespaces on both stores: every answer of
    ``RecallStore`` equals ``InMemoryStore``'s, and its namespaces are those that hold an item
    (``InMemoryStore`` also lists emptied ones). Inputs ``RecallStore`` refuses (NaN, NUL, an
    empty key) are not applied to either store."""
    import random

    rng = random.Random(7)
    reference, ours = InMemoryStore(), RecallStore(engine)
    labels = ["users", "u1", "memories", "a/b", "x%y", " ", "ünï", "用户", "0"]
    keys_ = ["k1", "k2", "a/b", " ", "键", "1"]
    values = [
        {"text": "Alice lives in Paris."},
        {"text": "I like tea", "n": 3},
        {"food": "pizza", "tags": ["a", "b"]},
        {"nested": {"a": 1, "b": [1, 2]}},
        {},
        {"t": None, "x": 1.5},
        {"text": "Bob works at Acme.", "n": 5},
        None,  # put(None) deletes
    ]
    # (no "$gt": InMemoryStore raises TypeError on an item without the field)
    filters = [None, {"n": 3}, {"food": "pizza"}, {"n": 5}, {"nested": {"a": 1}}]
    live: set[tuple[tuple[str, ...], str]] = set()
    for _ in range(300):
        namespace = tuple(rng.choice(labels) for _ in range(rng.randint(1, 3)))
        key = rng.choice(keys_)
        op = rng.choice(["put", "put", "get", "delete", "search", "list"])
        if op == "put":
            value = rng.choice(values)
            for store in (reference, ours):
                store.put(namespace, key, value)
            (live.discard if value is None else live.add)((namespace, key))
        elif op == "delete":
            for store in (reference, ours):
                store.delete(namespace, key)
            live.discard((namespace, key))
        elif op == "get":
            assert plain(ours.get(namespace, key)) == plain(reference.get(namespace, key))
        elif op == "search":
            prefix, wanted = namespace[: rng.randint(0, 2)], rng.choice(filters)
            found = ours.search(prefix, filter=wanted, limit=1000)
            expected = reference.search(prefix, filter=wanted, limit=1000)
            assert sorted(map(plain, found)) == sorted(map(plain, expected))  # type: ignore[type-var]
        else:
            prefix_or_none = rng.choice([None, namespace[:1]])
            depth = rng.choice([None, 1, 2])
            holding = {
                n[:depth] if depth else n
                for n, _ in live
                if prefix_or_none is None or n[: len(prefix_or_none)] == prefix_or_none
            }
            got = ours.list_namespaces(prefix=prefix_or_none, max_depth=depth, limit=1000)
            assert sorted(got) == sorted(holding)
