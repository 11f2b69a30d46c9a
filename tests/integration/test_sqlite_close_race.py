"""close() on one thread while others read a SQLite file store: every read completes or raises
StoreError("the SQLite store is closed"); the process never dies.

A read connection closed from another thread in the middle of a query is freed under it
(SIGSEGV, the whole process gone), so the races run in a child process: a crash fails the test
instead of killing pytest.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from recall_memory_plugins import StoreError
from recall_memory_plugins.stores.sqlite import SqliteGraphStore

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    r"""
    import json, os, random, sys, threading, time
    from recall_memory_plugins import StoreError, TemporalGraphMemory

    path, trials, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    counts = {"ok": 0, "closed": 0}
    bad = []
    for trial in range(trials):
        for suffix in ("", "-wal", "-shm"):
            try:
                os.remove(path + suffix)
            except FileNotFoundError:
                pass
        m = TemporalGraphMemory(path, annotator="offline")
        m.add_many([f"Lou moved to Town{i}. Max met Ned{i}." for i in range(30)])
        m.get_all(limit=1)  # (this thread's read connection too: close() closes it)
        lock = threading.Lock()
        started = threading.Barrier(threads + 1)

        def reader(k):
            calls = (
                lambda: m.recall("Where does Lou live?"),
                lambda: m.relations("Lou"),
                lambda: m.get_all(limit=5),
                lambda: m.relations("Max", include_ended=True),
            )
            started.wait()
            i = k
            while True:
                try:
                    calls[i % len(calls)]()
                except StoreError as exc:
                    with lock:
                        if "closed" in str(exc):
                            counts["closed"] += 1
                        else:
                            bad.append(repr(exc))
                    return
                except BaseException as exc:  # anything else is a defect
                    with lock:
                        bad.append(repr(exc))
                    return
                with lock:
                    counts["ok"] += 1
                i += 1

        ts = [threading.Thread(target=reader, args=(k,)) for k in range(threads)]
        for t in ts:
            t.start()
        started.wait()
        time.sleep(random.uniform(0.0, 0.15))
        m.close()
        for t in ts:
            t.join(60)
        if any(t.is_alive() for t in ts):
            bad.append(f"trial {trial}: a reader hung after close()")
            break
        try:  # after close(): the store's error, on this thread and every other
            m.recall("Where does Lou live?")
            bad.append("a recall after close() succeeded")
        except StoreError:
            pass
    print(json.dumps({"counts": counts, "bad": bad}))
    sys.stdout.flush()
    os._exit(0)
    """
)


def _race(tmp_path: Path, trials: int, threads: int) -> dict[str, object]:
    proc = subprocess.run(
        [sys.executable, "-X", "faulthandler", "-c", CHILD, str(tmp_path / "race.db"),
         str(trials), str(threads)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, (
        f"close() racing reads killed the process (exit {proc.returncode}; -11 = SIGSEGV):\n"
        f"{proc.stderr[-3000:]}"
    )
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.parametrize("threads", [1, 3])
def test_reads_racing_close_complete_or_raise_store_error(tmp_path: Path, threads: int) -> None:
    result = _race(tmp_path, trials=25, threads=threads)
    assert result["bad"] == []
    counts = result["counts"]
    assert isinstance(counts, dict)
    assert counts["closed"] == 25 * threads  # every reader ended on the store's error
    assert counts["ok"] > 0


def _store(tmp_path: Path) -> SqliteGraphStore:
    store = SqliteGraphStore(str(tmp_path / "s.db"))
    assert store._separate_reads  # (file store in WAL mode: reads on their own connections)
    return store


def test_close_waits_for_a_read_in_flight_on_another_thread(tmp_path: Path) -> None:
    store = _store(tmp_path)
    inside, release, closed = threading.Event(), threading.Event(), threading.Event()
    seen: list[object] = []

    def read() -> None:
        with store.reading():
            seen.append(store.namespaces())
            inside.set()
            release.wait(30)
            seen.append(store.namespaces())  # still its connection: close() waits for it
        try:
            store.namespaces()
        except StoreError as exc:
            seen.append(str(exc))

    reader = threading.Thread(target=read)
    reader.start()
    assert inside.wait(30)
    closer = threading.Thread(target=lambda: (store.close(), closed.set()))
    closer.start()
    time.sleep(0.3)
    assert not closed.is_set()  # waiting for the read in flight
    release.set()
    assert closed.wait(30)
    reader.join(30)
    closer.join(30)
    assert seen == [[], [], "the SQLite store is closed"]
    assert all(r.closed for r in store._reader_pool)


def test_close_inside_a_read_block_of_the_same_thread(tmp_path: Path) -> None:
    store = _store(tmp_path)
    started = time.monotonic()
    with store.reading():
        assert store.namespaces() == []
        (own,) = list(store._reader_pool)
        store.close()  # does not wait for this thread's own read block
        assert not own.closed
    assert time.monotonic() - started < 5
    assert own.closed  # the block closed it when it ended
    with pytest.raises(StoreError, match="closed"):
        store.namespaces()
