"""Bounded entity look-up by alias (``find_entities(..., newest=N)``), on every backend."""

from __future__ import annotations

from datetime import datetime, timezone

from recall_memory_plugins.models import EntityRecord, GraphUpdate, StatementInput
from recall_memory_plugins.stores.base import GraphStore

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=timezone.utc)


def _mention(store: GraphStore, ns: str, *entities: EntityRecord) -> None:
    store.apply_update(
        GraphUpdate(
            namespace=ns,
            at=T0,
            statements=(StatementInput(" ".join(e.name for e in entities), {"x": 1}),),
            entities=entities,
        )
    )


def test_newest_per_alias_plus_exact_names(store: GraphStore, ns: str) -> None:
    # "Kai" the exact name first, then five people called Kai, then Émile (non-ASCII case)
    _mention(store, ns, EntityRecord("kai", "Kai", "PERSON"))
    for i, surname in enumerate(["Chen", "Park", "Ito", "Lund", "Moss"]):
        _mention(store, ns, EntityRecord(f"kai-{i}", f"Kai {surname}", "PERSON", ("Kai",)))
    _mention(store, ns, EntityRecord("emile", "Émile", "PERSON"))
    _mention(store, ns, EntityRecord("emile-z", "Émile Zola", "PERSON", ("Émile",)))
    _mention(store, ns, EntityRecord("kai-1", "Kai Park", "PERSON"))  # Kai Park is active again

    every = store.find_entities(ns, aliases=["kai"])
    assert len(every) == 6
    two = store.find_entities(ns, aliases=["KAI"], newest=2)
    # the two most recently active (Kai Park, then Kai Moss) and the exact name "Kai"
    assert {e.id for e in two} == {"kai-1", "kai-4", "kai"}
    assert [e.id for e in two] == sorted((e.id for e in two), key=[e.id for e in every].index)
    assert {e.id for e in store.find_entities(ns, aliases=["kai"], newest=0)} == {"kai"}
    assert {e.id for e in store.find_entities(ns, aliases=["kai", "émile"], newest=1)} == {
        "kai",
        "kai-1",
        "emile",
        "emile-z",
    }
    assert {e.id for e in store.find_entities(ns, aliases=["ÉMILE"], newest=0)} == {"emile"}
    # ids and type narrow the candidates before the newest are picked
    assert {e.id for e in store.find_entities(ns, ids=["kai-0"], aliases=["kai"], newest=1)} == {
        "kai-0"
    }
    assert store.find_entities(ns, aliases=["kai"], type="ORG", newest=3) == []
    assert store.find_entities(ns, aliases=["nobody"], newest=3) == []
    assert store.find_entities(ns, aliases=[], newest=3) == []
    [park] = [e for e in two if e.id == "kai-1"]
    assert park.name == "Kai Park" and set(park.aliases) == {"Kai Park", "Kai"}
