"""The relation layer's bounded entity look-up: a shared first name reads only the newest few
entities, yet a salient (recently discussed) older one stays a candidate and wins."""

from __future__ import annotations

from datetime import datetime, timezone

from recall_memory_plugins.engine.relations import tracker
from recall_memory_plugins.engine.relations.coref import Referent
from recall_memory_plugins.models import EntityRecord, GraphUpdate, StatementInput
from recall_memory_plugins.stores.sqlite import SqliteGraphStore

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
NS = "people"


def _store_with_many_kais(n: int) -> SqliteGraphStore:
    store = SqliteGraphStore(":memory:")
    records = [EntityRecord("kai-old", "Kai Old", "PERSON", ("Kai",))]
    records += [EntityRecord(f"kai-{i}", f"Kai N{i}", "PERSON", ("Kai",)) for i in range(n)]
    for rec in records:  # one step each: kai-old is the least recently active
        store.apply_update(
            GraphUpdate(NS, T0, (StatementInput(rec.name, {"x": 1}),), entities=(rec,))
        )
    return store


def test_a_shared_first_name_reads_only_the_newest_entities() -> None:
    store = _store_with_many_kais(3 * tracker._ENTITIES_PER_ALIAS)
    book = tracker._EntityBook(store, NS, [])
    book.prefetch(["Kai"])
    assert len(book.known) == tracker._ENTITIES_PER_ALIAS
    assert "kai-old" not in book.known
    chosen = book.resolve("Kai", "PERSON")
    assert chosen is not None and chosen.id == f"kai-{3 * tracker._ENTITIES_PER_ALIAS - 1}"


def test_a_salient_older_entity_stays_a_candidate_and_wins() -> None:
    store = _store_with_many_kais(3 * tracker._ENTITIES_PER_ALIAS)
    salient = [Referent("kai-old", "Kai Old", "PERSON", None, ("Kai Old", "Kai"))]
    book = tracker._EntityBook(store, NS, salient)
    chosen = book.resolve("Kai", "PERSON")
    assert chosen is not None and chosen.id == "kai-old"
    assert "kai-old" in book.known and book.known["kai-old"].last_step == 1
