"""A Neo4j store set up by ``setup()`` draws no server notification for ``utc_offset`` (schema 9
registers it): before, every recall and add of UTC-only data logged driver WARNINGs naming the
property (five per recall, each with the query's text), and two writer processes whose stderr
filled with them stalled. Needs ``NEO4J_URI``; skips visibly without it, except under
``RECALL_REQUIRE_SERVICES=1``."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterator
from datetime import datetime, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.neo4j import Neo4jGraphStore

pytestmark = pytest.mark.neo4j


@pytest.fixture
def ns(store: Neo4jGraphStore) -> Iterator[str]:
    name = f"it-notify48-{uuid.uuid4().hex[:12]}"
    yield name
    store.clear(name)


def test_setup_registers_utc_offset_and_reads_stay_quiet(
    store: Neo4jGraphStore, ns: str, caplog: pytest.LogCaptureFixture
) -> None:
    store.setup()
    keys = {row["propertyKey"] for row in store._run("property keys", "CALL db.propertyKeys()", {})}
    assert "utc_offset" in keys
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    with caplog.at_level(logging.WARNING, logger="neo4j"):
        memory.add("Alice works at Acme.", at=datetime(2024, 1, 1, tzinfo=timezone.utc))
        memory.add("Alice moved to Rome.", at=datetime(2024, 2, 1, tzinfo=timezone.utc))
        memory.recall("Where does Alice live?")
        memory.relations("Alice")
    assert not [r for r in caplog.records if "utc_offset" in r.getMessage()]
