"""FairRLock: re-entrant, owner-checked, and handed over in arrival order."""

from __future__ import annotations

import threading
import time

import pytest

from recall_memory_plugins._locks import FairRLock


def _wait_queued(lock: FairRLock, n: int) -> None:
    deadline = time.monotonic() + 30
    while len(lock._queue) < n:
        assert time.monotonic() < deadline, "waiters never queued"
        time.sleep(0.001)


def test_reentrant_and_only_the_owner_releases() -> None:
    lock = FairRLock()
    with lock, lock:
        assert lock.held()
    assert not lock.held()
    with pytest.raises(RuntimeError):
        lock.release()
    lock.acquire()
    other: list[BaseException] = []

    def release_from_elsewhere() -> None:
        try:
            lock.release()
        except RuntimeError as exc:
            other.append(exc)

    t = threading.Thread(target=release_from_elsewhere)
    t.start()
    t.join()
    assert other and lock.held()
    lock.release()


def test_waiters_get_the_lock_in_arrival_order() -> None:
    lock = FairRLock()
    order: list[int] = []
    lock.acquire()

    def take(i: int) -> None:
        with lock:
            order.append(i)

    threads = []
    for i in range(5):
        t = threading.Thread(target=take, args=(i,))
        t.start()
        _wait_queued(lock, i + 1)
        threads.append(t)
    lock.release()
    for t in threads:
        t.join(30)
    assert order == [0, 1, 2, 3, 4]


def test_a_thread_that_releases_and_asks_again_goes_behind_a_waiter() -> None:
    """What add_many does between its batches: a waiting recall or add gets its turn."""
    lock = FairRLock()
    order: list[str] = []
    lock.acquire()
    waiter = threading.Thread(
        target=lambda: (lock.acquire(), order.append("waiter"), lock.release())
    )
    waiter.start()
    _wait_queued(lock, 1)
    lock.release()
    lock.acquire()
    order.append("writer again")
    lock.release()
    waiter.join(30)
    assert order == ["waiter", "writer again"]
