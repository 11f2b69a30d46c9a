"""``memory.exclusive()``: a read-check-write with no other writer in between, on every store,
for another thread of the same memory and for a second memory on the same store; writes that
completed inside a block that raises are kept (the block is not a rollback)."""

from __future__ import annotations

import threading

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.base import GraphStore


@pytest.mark.parametrize("two", [False, True])
def test_a_writer_waits_for_an_exclusive_block(store: GraphStore, ns: str, two: bool) -> None:
    a = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    b = TemporalGraphMemory(store, annotator="offline", namespace=ns) if two else a
    started = threading.Event()
    steps: dict[str, int] = {}

    def other() -> None:
        started.set()
        steps["other"] = b.add("Bob lives in Rome.").t_index

    thread = threading.Thread(target=other)
    with a.exclusive():
        steps["first"] = a.add("Alice lives in Paris.").t_index
        thread.start()
        started.wait()
        thread.join(0.5)  # it cannot finish while the block holds the write locks
        assert "other" not in steps
        # a read inside the block sees the block's writes
        assert [s.text for s in a.get_all()] == ["Alice lives in Paris."]
        steps["last"] = a.add("Alice lives in Lyon.").t_index
    thread.join()
    assert steps["first"] < steps["last"] < steps["other"], steps


def test_writes_that_completed_inside_a_failing_block_are_kept(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    with pytest.raises(RuntimeError), memory.exclusive():
        memory.add("Alice lives in Paris.")
        raise RuntimeError("the caller's own error")
    assert [s.text for s in memory.get_all()] == ["Alice lives in Paris."]
    memory.add("Alice moved to Lyon.")  # the store is writable afterwards
    assert [r.object_name for r in memory.relations("Alice") if r.type == "LIVES_IN"] == ["Lyon"]
