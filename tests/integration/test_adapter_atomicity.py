"""Adapter writes are whole or absent (found by a concurrency test session, 2026-12).

``RecallMemory.save_context`` stores both turns of an exchange or neither, also when its async
twin is cancelled; ``RecallStore`` puts of one key from several engines on one SQLite file end
with one current value (the last put's) and never raise for the race; a ``RecallStore`` on a
SQLite file pickles and works in a spawned process. Real SQLite, real LangChain / LangGraph
objects; no mocks.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import pickle
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("langgraph.store.base")
pytest.importorskip("langchain_classic")

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langchain import RecallMemory
from recall_memory_plugins.adapters.langgraph import RecallStore
from recall_memory_plugins.errors import InputError

REFUSED = ["bad\x00output", "\ud800"]  # a NUL character, a lone surrogate


@pytest.fixture
def memory() -> Any:
    with TemporalGraphMemory(":memory:", annotator="offline") as engine:
        yield engine


def _texts(memory: TemporalGraphMemory, ns: str) -> list[str]:
    return [s.text for s in memory.get_all(namespace=ns, limit=10000)]


# ---------------------------------------------------------------------------------- save_context
@pytest.mark.parametrize("bad", REFUSED)
def test_save_context_stores_both_turns_or_neither(memory: TemporalGraphMemory, bad: str) -> None:
    chain_memory = RecallMemory(memory=memory, namespace="s")
    with pytest.raises(InputError, match="nothing was stored"):
        chain_memory.save_context({"input": "Where is Kim now?"}, {"output": bad})
    with pytest.raises(InputError, match="nothing was stored"):
        asyncio.run(chain_memory.asave_context({"input": "Where is Kim now?"}, {"output": bad}))
    assert _texts(memory, "s") == []
    chain_memory.save_context({"input": "Kim moved to Oslo."}, {"output": "Oslo, noted."})
    asyncio.run(chain_memory.asave_context({"input": "Kim works for Equinor."}, {"output": "Noted."}))
    assert _texts(memory, "s") == ["Kim moved to Oslo.", "Oslo, noted.", "Kim works for Equinor.", "Noted."]
    statements = memory.get_all(namespace="s")
    assert [s.speaker for s in statements] == ["Human", "AI", "Human", "AI"]
    assert len({s.t_index for s in statements}) == 4  # still one time step per turn


def test_cancelled_asave_context_leaves_whole_exchanges(memory: TemporalGraphMemory) -> None:
    chain_memory = RecallMemory(memory=memory, namespace="c")

    def exchange(i: int) -> Any:
        return chain_memory.asave_context({"input": f"U #{i}: Kim moved to Oslo."}, {"output": f"AI #{i}: noted."})

    async def main() -> None:
        for i in range(8):  # cancelled once the write has begun (its first await)
            task = asyncio.ensure_future(exchange(i))
            await asyncio.sleep(0)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
        for i in range(8, 20):  # timed out at various points
            try:
                await asyncio.wait_for(exchange(i), timeout=0.0005 * (1 + i % 4))
            except asyncio.TimeoutError:
                pass

    asyncio.run(main())  # (waits for the worker threads before it returns)
    per_exchange = Counter(text.split(":")[0].split("#")[1] for text in _texts(memory, "c"))
    assert {k: n for k, n in per_exchange.items() if n != 2} == {}
    assert sum(1 for i in range(8) if per_exchange[str(i)] == 2) >= 1  # written although cancelled


# ---------------------------------------------------------------------------------- RecallStore
def _race(path: Path, work: Any, n_threads: int = 2) -> list[BaseException]:
    """``work(store, thread_no, barrier)`` in threads, each with its own engine on ``path``."""
    barrier = threading.Barrier(n_threads)
    errors: list[BaseException] = []

    def run(no: int) -> None:
        with TemporalGraphMemory(path, annotator="offline") as engine:
            try:
                work(RecallStore(engine), no, barrier)
            except BaseException as exc:  # reported by the test
                errors.append(exc)
                barrier.abort()

    threads = [threading.Thread(target=run, args=(no,)) for no in range(n_threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return errors


def _current_per_key(path: Path, ns: str) -> Counter[str | None]:
    with TemporalGraphMemory(path, annotator="offline") as engine:
        return Counter(s.source for s in engine.get_all(namespace=ns, limit=10000))


def test_engines_racing_puts_of_a_new_key_leave_one_current_value(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    TemporalGraphMemory(path, annotator="offline").close()

    def work(store: RecallStore, no: int, barrier: threading.Barrier) -> None:
        for i in range(25):
            barrier.wait(30)
            store.put(("prefs",), f"key{i}", {"text": f"Writer {no} says colour {i} is teal{no}."})

    assert _race(path, work) == []
    per_key = _current_per_key(path, "store/prefs")
    assert len(per_key) == 25
    assert {k: n for k, n in per_key.items() if n != 1} == {}
    with TemporalGraphMemory(path, annotator="offline") as engine:
        store = RecallStore(engine)
        for i in range(25):
            item = store.get(("prefs",), f"key{i}")
            assert item is not None
            (current,) = engine.find_by_source(f"key{i}", namespace="store/prefs")
            assert item.value["text"] == current.text  # what recall sees is what get returns


def test_engines_racing_puts_and_deletes_never_raise(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    with TemporalGraphMemory(path, annotator="offline") as engine:
        seed = RecallStore(engine)
        for i in range(5):
            seed.put(("kv",), f"k{i}", {"text": f"seed value {i}"})

    def work(store: RecallStore, no: int, barrier: threading.Barrier) -> None:
        for i in range(60):
            barrier.wait(30)
            key = f"k{i % 5}"
            if no == 2 and i % 3 == 0:
                store.delete(("kv",), key)
            else:
                store.put(("kv",), key, {"text": f"writer {no} value {i}"})

    assert _race(path, work, n_threads=3) == []
    per_key = _current_per_key(path, "store/kv")
    assert {k: n for k, n in per_key.items() if n != 1} == {}


def _use_pickled_store(store: RecallStore, queue: Any) -> None:
    """In a spawned process: read what the parent put, put an item of its own."""
    try:
        item = store.get(("memories", "alice"), "home")
        store.put(("memories", "alice"), "work", {"text": "Alice works for Airbus."})
        queue.put(None if item is None else item.value)
    except BaseException as exc:
        queue.put(f"{type(exc).__name__}: {exc}")
        raise


def test_store_on_a_sqlite_file_pickles_into_a_spawned_process(tmp_path: Path) -> None:
    with TemporalGraphMemory(tmp_path / "memory.db", annotator="offline") as engine:
        store = RecallStore(engine, prefix="agent")
        store.put(("memories", "alice"), "home", {"text": "Alice lives in Paris."})
        copy = pickle.loads(pickle.dumps(store))
        assert copy.prefix == "agent" and copy.memory is not engine
        assert copy.get(("memories", "alice"), "home").value == {"text": "Alice lives in Paris."}
        copy.memory.close()

        ctx = multiprocessing.get_context("spawn")
        queue = ctx.Queue()
        child = ctx.Process(target=_use_pickled_store, args=(store, queue))
        child.start()
        answer = queue.get(timeout=120)
        child.join(60)
        assert answer == {"text": "Alice lives in Paris."}
        assert child.exitcode == 0
        work = store.get(("memories", "alice"), "work")
        assert work is not None and work.value == {"text": "Alice works for Airbus."}

    with TemporalGraphMemory(":memory:", annotator="offline") as engine:
        with pytest.raises(InputError, match="cannot pickle"):
            pickle.dumps(RecallStore(engine))
