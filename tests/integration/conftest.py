"""Fixtures of the Neo4j integration tests: the server from ``NEO4J_URI``, a driver of the
tests' own, and a set-up store on it (skipped visibly without a server, except under
``RECALL_REQUIRE_SERVICES=1``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import skip_or_fail


@pytest.fixture(scope="module")
def config() -> Any:
    """The Neo4j server's settings (``Neo4jConfig``) from the environment."""
    if not os.environ.get("NEO4J_URI"):
        skip_or_fail(
            'NEO4J_URI is not set: start one with `eval "$(scripts/neo4j-test-server start)"`'
        )
    from recall_memory_plugins.stores.neo4j import Neo4jConfig

    return Neo4jConfig.from_env()


@pytest.fixture(scope="module")
def driver(config: Any) -> Iterator[Any]:
    """A driver of the test's own: raw Cypher checks, what another process sees, and injected
    into stores."""
    try:
        import neo4j
    except ImportError as exc:
        skip_or_fail(f"the neo4j driver is not installed: {exc}")
        raise
    drv = neo4j.GraphDatabase.driver(config.uri, auth=config.auth)
    try:
        drv.verify_connectivity()
    except Exception as exc:  # any failure here means "no usable server"
        drv.close()
        skip_or_fail(f"Neo4j at {config.uri} is not reachable: {exc}")
    yield drv
    drv.close()


@pytest.fixture
def store(config: Any, driver: Any) -> Iterator[Any]:
    """A set-up ``Neo4jGraphStore`` on the test's driver."""
    from recall_memory_plugins.stores.neo4j import Neo4jGraphStore

    s = Neo4jGraphStore(driver=driver, database=config.database)
    s.setup()
    yield s
    s.close()
