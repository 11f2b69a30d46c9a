"""Unsure facts (the doubt rule, ``engine/relations/doubt.py``) on every store: a statement naming
a change the patterns cannot read leaves the old fact unsure and unstated, one by one and in a
batch, and the mark survives an export/import."""

from __future__ import annotations

import io

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.updates import is_unsure
from recall_memory_plugins.stores.base import GraphStore

TEXTS = [
    "Nora lives in Madrid.",
    "Omar works for Siemens.",
    "Nora traded Madrid for a farmhouse last year.",
    "Omar is between jobs right now.",
    "Omar works for Siemens.",  # stated again: sure again
]


def _state(memory: TemporalGraphMemory, namespace: str) -> list[tuple[str, str, str, bool, bool]]:
    return sorted(
        (r.subject_name, r.type, r.object_name or "", r.is_current, is_unsure(r))
        for r in memory.relations(namespace=namespace, include_ended=True)
    )


def test_unsure_facts_one_by_one_and_in_a_batch(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    for text in TEXTS:
        memory.add(text)
    assert [(r.subject_name, r.object_name) for r in memory.relations()] == [("Omar", "Siemens")]
    unsure = memory.relations(include_unsure=True)
    assert sorted((r.object_name, is_unsure(r)) for r in unsure) == [
        ("Madrid", True),
        ("Siemens", False),
    ]
    assert memory.relations(as_of=2) != [] and [
        r.object_name for r in memory.relations(as_of=3)
    ] == ["Siemens"]

    batch = ns + "-batch"
    try:
        memory.add_many(TEXTS, namespace=batch)
        assert _state(memory, batch) == _state(memory, ns)
    finally:
        store.clear(batch)


def test_the_unsure_mark_survives_export_and_import(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    for text in TEXTS[:3]:
        memory.add(text)
    buf = io.StringIO()
    memory.export(buf)
    copy = ns + "-copy"
    try:
        buf.seek(0)
        memory.import_(buf, namespace=copy)
        assert _state(memory, copy) == _state(memory, ns)
        assert ("Nora", "LIVES_IN", "Madrid", True, True) in _state(memory, copy)
        assert [r.object_name for r in memory.relations(namespace=copy)] == ["Siemens"]
    finally:
        store.clear(copy)
