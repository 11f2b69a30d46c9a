"""Round 46: an export of a Neo4j namespace that another engine writes is one consistent snapshot.

The export read the namespace in several queries, each seeing every commit made before it: a
file could hold a relation whose statement and entities it lacked, a context naming a missing
statement, a clock behind its statements (SQLite reads in one transaction). It now reads under the
store-wide write lock, so a writer waits until the export is read.

Made deterministic by a pass-through wrapper of the test's real driver: just before the export
sends its relations query, another engine adds "Bob moved to Paris." to the namespace, and the
test waits until that add has either committed or stays blocked by a lock (``SHOW TRANSACTIONS``).
"""

from __future__ import annotations

import io
import json
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.neo4j import cypher

pytestmark = pytest.mark.neo4j


class _Tx:
    def __init__(self, tx: Any, before: Callable[[str], None]) -> None:
        self._tx, self._before = tx, before

    def run(self, query: str, *args: Any, **kwargs: Any) -> Any:
        self._before(query)
        return self._tx.run(query, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._tx, name)


class _Session:
    def __init__(self, session: Any, before: Callable[[str], None]) -> None:
        self._session, self._before = session, before

    def begin_transaction(self, *args: Any, **kwargs: Any) -> _Tx:
        return _Tx(self._session.begin_transaction(*args, **kwargs), self._before)

    def execute_read(self, work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return self._session.execute_read(lambda tx: work(_Tx(tx, self._before)), *args, **kwargs)

    def execute_write(self, work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return self._session.execute_write(lambda tx: work(_Tx(tx, self._before)), *args, **kwargs)

    def __enter__(self) -> _Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self._session.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


class _WatchedDriver:
    """The real driver; ``before(query)`` runs before each query the store sends through it."""

    def __init__(self, driver: Any, before: Callable[[str], None]) -> None:
        self._driver, self._before = driver, before

    def execute_query(self, query: str, *args: Any, **kwargs: Any) -> Any:
        self._before(query)
        return self._driver.execute_query(query, *args, **kwargs)

    def session(self, *args: Any, **kwargs: Any) -> _Session:
        return _Session(self._driver.session(*args, **kwargs), self._before)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._driver, name)


@pytest.fixture
def ns(store: Any) -> Iterator[str]:
    name = f"export46-{uuid.uuid4().hex[:10]}"
    yield name
    store.clear(name)


def _blocked(driver: Any, database: str, ns: str) -> bool:
    """Whether a transaction writing ``ns`` waits for a lock."""
    records = driver.execute_query(
        "SHOW TRANSACTIONS YIELD status, parameters RETURN status, parameters",
        database_=database,
    ).records
    return any(
        r["status"].startswith("Blocked") and (r["parameters"] or {}).get("ns") == ns
        for r in records
    )


def _problems(text: str) -> list[str]:
    """What makes an export file not a snapshot of one state of its namespace."""
    rows = [json.loads(line) for line in text.splitlines()]
    statements = {r["id"]: r for r in rows if r.get("kind") == "statement"}
    entities = {r["id"] for r in rows if r.get("kind") == "entity"}
    (clock,) = [r for r in rows if r.get("kind") == "namespace"]
    out = []
    if clock["step"] < max((s["t_index"] for s in statements.values()), default=0):
        out.append("the namespace clock is behind a statement")
    if clock["n_statements"] != sum(1 for s in statements.values() if s["superseded_by"] is None):
        out.append("n_statements is not the number of current statements")
    for r in rows:
        if r.get("kind") == "relation":
            if r["statement_id"] is not None and r["statement_id"] not in statements:
                out.append(f"relation {r['type']} names a statement not in the file")
            if r["subject_id"] not in entities or r["object_id"] not in entities:
                out.append(f"relation {r['type']} names an entity not in the file")
        if r.get("kind") == "context" and set(r["statements"]) - set(statements):
            out.append(f"context of {r['concept']} names a statement not in the file")
    return out


def test_an_export_while_another_engine_adds_is_one_snapshot(
    store: Any, driver: Any, config: Any, ns: str
) -> None:
    from recall_memory_plugins.stores.neo4j import Neo4jGraphStore

    writer = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    writer.add("Alice moved to Lyon. Alice works at Acme.")
    added: list[Any] = []
    sent: list[str] = []

    def add_meanwhile(query: str) -> None:
        sent.append(query)
        if query != cypher.DUMP_RELATIONS or added:
            return
        thread = threading.Thread(target=lambda: added.append(writer.add("Bob moved to Paris.")))
        added.append(thread)
        thread.start()
        # until it has committed, or has waited for a lock through 25 checks in a row (other
        # clients of a shared server may hold the lock briefly; the export's is held until here)
        deadline = time.monotonic() + 60  # (a guard against a hang, not a measurement)
        waiting = 0
        while thread.is_alive() and waiting < 25:
            assert time.monotonic() < deadline, "the add neither finished nor waited for a lock"
            waiting = waiting + 1 if _blocked(driver, config.database, ns) else 0
            time.sleep(0.02)

    watched = Neo4jGraphStore(
        driver=_WatchedDriver(driver, add_meanwhile), database=config.database
    )
    reader = TemporalGraphMemory(watched, annotator="offline", namespace=ns)
    try:
        buf = io.StringIO()
        reader.export(buf)
    finally:
        added[0].join()
        reader.close()
    assert added[1:], "the concurrent add did not complete"
    assert sent.count(cypher.DUMP_RELATIONS) == 1  # the hook ran once, inside the export

    assert _problems(buf.getvalue()) == []
    exported = {r["text"] for r in map(json.loads, buf.getvalue().splitlines()) if "text" in r}
    assert exported == {"Alice moved to Lyon. Alice works at Acme."}  # the state before the add

    # the next export holds the add whole, and the file comes back whole
    again = io.StringIO()
    writer.export(again)
    assert _problems(again.getvalue()) == []
    assert "Bob moved to Paris." in again.getvalue()
    copy = f"{ns}-copy"
    try:
        writer.import_(io.StringIO(again.getvalue()), namespace=copy)
        assert {r.object_name for r in writer.relations("Bob", namespace=copy)} == {"Paris"}
    finally:
        store.clear(copy)
