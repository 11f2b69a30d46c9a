"""Name resolution in bulk: a text that names the same people thousands of times resolves each
repeat to the same entity as resolving the names one by one would, the book ends in the same
state, and "Alice Moreau" after one salient bare "Alice" is that Alice (never a guess among
several). Real SQLite store, offline annotator."""

from __future__ import annotations

import random
from datetime import datetime, timezone

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.coref import Referent
from recall_memory_plugins.engine.relations.entities import EntityBook
from recall_memory_plugins.models import EntityRecord, GraphUpdate, StatementInput
from recall_memory_plugins.stores.sqlite import SqliteGraphStore

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
NS = "people"
NAMES = ["Alice", "Alice Moreau", "Alice Smith", "Kai", "Kai Old", "Kai Lee", "Nova", "Nova Labs"]
NAMES += ["Paris", "Jo", "Jo Lee", "Dr Jo Lee", "alice moreau", "Initech"]
TYPES = ["PERSON", None, "ORG", "LOCATION", "OTHER"]


def _store() -> SqliteGraphStore:
    store = SqliteGraphStore(":memory:")
    records = [
        EntityRecord("kai-old", "Kai Old", "PERSON", ("Kai",)),
        EntityRecord("alice", "Alice", "PERSON", ()),
        EntityRecord("alice-moreau", "Alice Moreau", "PERSON", ("Alice",)),
        EntityRecord("nova", "Nova", "ORG", ("Nova Labs",)),
        EntityRecord("paris", "Paris", "LOCATION", ()),
    ]
    for rec in records:
        store.apply_update(
            GraphUpdate(NS, T0, (StatementInput(rec.name, {"x": 1}),), entities=(rec,))
        )
    return store


def _salient() -> list[Referent]:
    return [
        Referent("alice", "Alice", "PERSON", "f", ()),
        Referent("kai-old", "Kai Old", "PERSON", None, ("Kai",)),
    ]


def _state(book: EntityBook) -> tuple[object, ...]:
    return (
        sorted((n.id, n.name, n.type, tuple(n.aliases), n.keep) for n in book.new.values()),
        sorted(book.known),
        sorted((k, tuple(v)) for k, v in book.new_aliases.items()),
        sorted((r.id, r.name, r.type) for r in book.referents.values()),
    )


def test_bulk_resolution_equals_resolving_one_by_one() -> None:
    store = _store()
    rng = random.Random(3)
    for _ in range(400):
        items = [
            (rng.choice(NAMES), rng.choice(TYPES), rng.random() < 0.5)
            for _ in range(rng.randint(2, 12))
        ]
        items += items[: rng.randint(0, len(items))]  # repeats, as in a long text
        create = rng.random() < 0.6
        salient = rng.random() < 0.7
        one = EntityBook(store, NS, _salient() if salient else [])
        singly = [one.resolve(n, t, keep=k, create=create) for n, t, k in items]
        bulk = EntityBook(store, NS, _salient() if salient else [])
        together = bulk.resolve_many(items, create=create)
        assert [r.id if r else None for r in together] == [r.id if r else None for r in singly]
        assert _state(bulk) == _state(one), items


def test_full_name_after_one_salient_first_name_is_that_person() -> None:
    store = SqliteGraphStore(":memory:")
    book = EntityBook(store, NS, [Referent("zora", "Zora", "PERSON", "f", ())])
    ref = book.resolve("Zora Quell", "PERSON")
    assert ref is not None and ref.id == "zora"


def test_full_name_after_two_salient_first_names_is_a_new_person() -> None:
    store = SqliteGraphStore(":memory:")
    salient = [
        Referent("zora", "Zora", "PERSON", "f", ()),
        Referent("zora-2", "Zora", "PERSON", "f", ()),
    ]
    book = EntityBook(store, NS, salient)
    ref = book.resolve("Zora Quell", "PERSON")
    assert ref is not None and ref.id == "zora-quell"


def test_a_long_text_naming_the_same_people_stores_each_once() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Alice Moreau works at Initech.")
        memory.add(
            "alice moreau met bob okafor and Bob Okafor met Alice Moreau and she thanked him and "
            * 600
        )
        people = {(e.id, e.name, e.aliases) for e in memory.entities() if e.type == "PERSON"}
    assert people == {
        ("alice-moreau", "Alice Moreau", ("Alice Moreau", "Alice")),
        ("bob-okafor", "Bob Okafor", ("Bob Okafor", "Bob")),
    }
