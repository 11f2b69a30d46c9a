"""One suite, every store: the ``store`` fixture is parametrised over SQLite and Neo4j."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

from recall_memory_plugins.stores.base import GraphStore
from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from tests.conftest import skip_or_fail


def _neo4j_store() -> GraphStore:
    uri = os.environ.get("NEO4J_URI")
    if not uri:
        skip_or_fail(
            'NEO4J_URI is not set: start one with `eval "$(scripts/neo4j-test-server start)"`'
        )
    try:
        from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore
    except ImportError as exc:
        skip_or_fail(f"Neo4j store unavailable: {exc}")
        raise
    store = Neo4jGraphStore.from_config(Neo4jConfig.from_env())
    store.setup()
    return store


@pytest.fixture(params=["sqlite", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def store(request: pytest.FixtureRequest) -> Iterator[GraphStore]:
    """A fresh, set-up store of each backend."""
    if request.param == "sqlite":
        s: GraphStore = SqliteGraphStore(":memory:")
    else:
        s = _neo4j_store()
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def ns(store: GraphStore) -> Iterator[str]:
    """A namespace of this test alone (cleared afterwards, so shared servers stay clean)."""
    name = f"test-{uuid.uuid4().hex[:12]}"
    yield name
    store.clear(name)
