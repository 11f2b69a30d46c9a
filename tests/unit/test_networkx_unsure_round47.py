"""``to_networkx(kind="entities")`` never marks a relation left unsure as current (found by a
black-box session, 2026-12-06): ``relations()`` leaves it out, and the README says an unsure
relation is never shown as current."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.viz import to_networkx

pytest.importorskip("networkx", reason="the view extra (networkx) is not installed")


def test_an_unsure_relation_is_not_current_in_the_entity_graph() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Nora lives in Madrid.", at=datetime(2024, 1, 1, tzinfo=timezone.utc))
        memory.add("Nora is between homes right now.", at=datetime(2024, 2, 1, tzinfo=timezone.utc))
        assert memory.relations("Nora") == []
        graph = to_networkx(memory, kind="entities")
    edges = [d for _, _, d in graph.edges(data=True) if d["attributes"].get("unsure") == "true"]
    assert edges, "the unsure version of Madrid is in the graph (as history)"
    assert [d["current"] for d in edges] == [False] * len(edges)  # (was current=True)
    assert all(d["unsure"] for d in edges)
