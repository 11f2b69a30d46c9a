"""Neo4j writes racing each other across engines and processes: an import and an add into the same
namespace, an importer killed half-way, ``clear()`` against adds, ``close()`` against calls of other
threads. Each write must run alone (the store-wide write lock), never lose an acknowledged add,
never reuse a step, and never leave a namespace half-written where it blocks later writes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins import RecallError, TemporalGraphMemory

pytestmark = pytest.mark.neo4j

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def export_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An export of one namespace of 2,000 statements (an import of a few seconds)."""
    path = tmp_path_factory.mktemp("races") / "export.jsonl"
    with TemporalGraphMemory(":memory:", annotator="offline") as src:
        src.add_many(
            [f"Note {j}: Dana{j % 50} moved to Town{j}." for j in range(2000)], namespace="src"
        )
        src.export(str(path), namespace="src")
    return path


def _engine(config: Any) -> tuple[TemporalGraphMemory, Any]:
    from recall_memory_plugins.stores.neo4j import Neo4jGraphStore

    store = Neo4jGraphStore.from_config(config)
    return TemporalGraphMemory(store, annotator="offline"), store


@pytest.fixture
def ns(store: Any) -> Iterator[str]:
    name = f"races-{uuid.uuid4().hex[:10]}"
    yield name
    store.clear(name)


def _raw_statements(driver: Any, ns: str) -> int:
    records, _, _ = driver.execute_query(
        "MATCH (s:Statement {namespace: $ns}) RETURN count(s) AS n", ns=ns
    )
    return int(records[0]["n"])


def _wait_for_statements(driver: Any, ns: str, alive: Any, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while _raw_statements(driver, ns) == 0:
        assert alive(), "the import ended before it wrote anything"
        assert time.monotonic() < deadline, "the import wrote nothing in time"
        time.sleep(0.01)


def _steps_unique(memory: TemporalGraphMemory, ns: str) -> list[int]:
    steps = Counter(s.t_index for s in memory.get_all(namespace=ns, limit=10_000))
    return sorted(k for k, v in steps.items() if v > 1)


# ------------------------------------------------------------------------------------ import
def test_add_during_an_import_waits_for_it(
    config: Any, driver: Any, store: Any, ns: str, export_file: Path
) -> None:
    importer, importer_store = _engine(config)
    writer, writer_store = _engine(config)
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["import"] = importer.import_(str(export_file), namespace=ns)
        except RecallError as exc:
            outcome["import"] = exc

    thread = threading.Thread(target=run)
    try:
        thread.start()
        _wait_for_statements(driver, ns, thread.is_alive)
        # written half-way: readers see nothing of it yet
        assert writer.stats(ns).statements == 0
        assert ns not in writer.namespaces()
        acknowledged = [writer.add(f"Dana3 moved to Nice{i}.", namespace=ns) for i in range(3)]
        thread.join(120)
        assert not isinstance(outcome["import"], Exception), outcome["import"]
        # the adds waited for the import: they come after its 2,000 steps
        assert [r.t_index for r in acknowledged] == [2001, 2002, 2003]
        stored = {s.id for s in writer.get_all(namespace=ns, limit=10_000)}
        assert all(set(r.statement_ids) <= stored for r in acknowledged)
        assert writer.stats(ns).statements == 2003
        assert _steps_unique(writer, ns) == []
    finally:
        thread.join(120)
        importer.close()
        importer_store.close()
        writer.close()
        writer_store.close()


_CHILD = (
    "import sys\n"
    "from recall_memory_plugins import TemporalGraphMemory\n"
    "from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore\n"
    "m = TemporalGraphMemory(Neo4jGraphStore.from_config(Neo4jConfig.from_env()), "
    "annotator='offline')\n"
    "m.import_(sys.argv[1], namespace=sys.argv[2])\n"
)


def _kill_an_import(driver: Any, ns: str, export_file: Path) -> None:
    """Start an import of ``export_file`` into ``ns`` in another process and kill -9 it once it
    has written statements."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    proc = subprocess.Popen([sys.executable, "-c", _CHILD, str(export_file), ns], env=env)
    try:
        _wait_for_statements(driver, ns, lambda: proc.poll() is None)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()


def test_a_killed_import_reads_as_absent_and_an_add_removes_it(
    config: Any, driver: Any, store: Any, ns: str, export_file: Path
) -> None:
    _kill_an_import(driver, ns, export_file)
    memory = TemporalGraphMemory(store, annotator="offline")
    assert _raw_statements(driver, ns) > 0  # the dead import's remains
    stats = memory.stats(ns)
    assert (stats.steps, stats.statements, stats.entities) == (0, 0, 0)
    assert ns not in memory.namespaces()
    assert memory.get_all(namespace=ns) == []
    assert store.current_step(ns) == 0
    result = memory.add("Zoe moved to Zurich.", namespace=ns)
    assert result.t_index == 1
    assert [s.text for s in memory.get_all(namespace=ns)] == ["Zoe moved to Zurich."]
    assert _raw_statements(driver, ns) == 1
    assert memory.stats(ns).steps == 1
    assert ns in memory.namespaces()


def test_an_import_after_a_killed_one_succeeds(
    config: Any, driver: Any, store: Any, ns: str, export_file: Path
) -> None:
    _kill_an_import(driver, ns, export_file)
    memory = TemporalGraphMemory(store, annotator="offline")
    assert memory.import_(str(export_file), namespace=ns) > 0
    stats = memory.stats(ns)
    assert (stats.steps, stats.statements) == (2000, 2000)
    assert _raw_statements(driver, ns) == 2000
    assert memory.add("Zoe moved to Zurich.", namespace=ns).t_index == 2001
    assert _steps_unique(memory, ns) == []


def test_clear_removes_a_killed_import(
    config: Any, driver: Any, store: Any, ns: str, export_file: Path
) -> None:
    _kill_an_import(driver, ns, export_file)
    store.clear(ns)
    assert _raw_statements(driver, ns) == 0
    records, _, _ = driver.execute_query(
        "MATCH (n {namespace: $ns}) WHERE NOT n:NamespaceGeneration RETURN count(n) AS n", ns=ns
    )
    assert records[0]["n"] == 0


# ------------------------------------------------------------------------------------ clear
def test_clear_racing_adds_of_another_engine(config: Any, store: Any, ns: str) -> None:
    writer, writer_store = _engine(config)
    clearer, clearer_store = _engine(config)
    errors: list[str] = []
    duplicates: list[list[int]] = []
    try:
        writer.add("warm up", namespace=ns + "-warm")
        for _ in range(2):
            done = threading.Event()

            def clear_loop(done: threading.Event = done) -> None:
                while not done.is_set():
                    clearer.clear(ns)
                    time.sleep(0.1)

            def write_loop() -> None:
                for i in range(30):
                    try:
                        writer.add(f"Ann Lee moved to City{i}.", namespace=ns)
                        if i % 3 == 1:
                            writer.add_many(
                                [f"Ann Lee moved to Burg{i}.", f"Ann Lee joined Firm{i}."],
                                namespace=ns,
                            )
                    except RecallError as exc:
                        errors.append(f"{type(exc).__name__}: {exc}")

            clearing = threading.Thread(target=clear_loop)
            clearing.start()
            try:
                write_loop()
            finally:
                done.set()
                clearing.join()
            dups = _steps_unique(writer, ns)
            if dups:
                duplicates.append(dups)
            # what is left started from a fresh clock: steps 1..n, one statement each
            left = writer.get_all(namespace=ns, limit=10_000)
            assert sorted(s.t_index for s in left) == list(range(1, len(left) + 1))
            assert writer.stats(ns).steps == len(left)
            clearer.clear(ns)
        assert errors == []
        assert duplicates == []
    finally:
        clearer.clear(ns + "-warm")
        for closing in (writer, clearer, writer_store, clearer_store):
            closing.close()


# ------------------------------------------------------------------------------------ close
def test_close_while_other_threads_use_the_store(config: Any) -> None:
    for trial in range(4):
        memory, store = _engine(config)
        raw: list[str] = []

        def work(kind: str, memory: TemporalGraphMemory = memory, raw: list[str] = raw) -> None:
            i = 0
            while True:
                i += 1
                try:
                    if kind == "add":
                        memory.add(f"Lou moved to Town{i}.", namespace="races-close")
                    else:
                        memory.recall("Where does Lou live?", namespace="races-close")
                        memory.relations("Lou", namespace="races-close")
                except RecallError:
                    return
                except Exception as exc:
                    raw.append(f"{kind}: {type(exc).__module__}.{type(exc).__name__}: {exc}")
                    return

        threads = [
            threading.Thread(target=work, args=(k,), daemon=True)
            for k in ("add", "recall", "recall")
        ]
        for t in threads:
            t.start()
        time.sleep(0.3 + 0.3 * trial)
        store.close()  # neither a driver error nor a hang
        for t in threads:
            t.join(15)
        assert not any(t.is_alive() for t in threads), f"trial {trial}: a call hung after close()"
        assert raw == [], f"trial {trial}"
        with pytest.raises(RecallError, match="closed"):
            memory.add("after", namespace="races-close")
    _, cleaner = _engine(config)
    cleaner.clear("races-close")
    cleaner.close()
