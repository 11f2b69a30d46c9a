"""The collector pause around long-text analysis: on only inside, nested and across threads."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.gcpause import PAUSE_GC_CHARS, paused_gc


@pytest.fixture(autouse=True)
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_long_text_pauses_and_restores() -> None:
    with paused_gc(PAUSE_GC_CHARS):
        assert not gc.isenabled()
    assert gc.isenabled()


def test_short_text_leaves_the_collector_alone() -> None:
    with paused_gc(PAUSE_GC_CHARS - 1):
        assert gc.isenabled()
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_caller_stays_off() -> None:
    gc.disable()
    with paused_gc(PAUSE_GC_CHARS):
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_the_collector_comes_back_after_an_error() -> None:
    with pytest.raises(ValueError), paused_gc(PAUSE_GC_CHARS):
        raise ValueError("boom")
    assert gc.isenabled()


def test_overlapping_pauses_in_two_threads_restore_only_at_the_last_end() -> None:
    inside = threading.Event()
    release = threading.Event()

    def other() -> None:
        with paused_gc(PAUSE_GC_CHARS):
            inside.set()
            release.wait(10)

    t = threading.Thread(target=other)
    with paused_gc(PAUSE_GC_CHARS):
        t.start()
        assert inside.wait(10)
    assert not gc.isenabled()  # the other thread is still analysing
    release.set()
    t.join(10)
    assert gc.isenabled()


def test_engine_add_and_recall_of_a_long_text_leave_the_collector_on() -> None:
    text = "Alice met Bob in Paris. " * (PAUSE_GC_CHARS // 20)
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(text)
        assert gc.isenabled()
        assert memory.recall(text).statements
        assert gc.isenabled()


def test_engine_add_many_with_a_long_item_leaves_the_collector_on() -> None:
    long_text = "Carol moved to Lisbon. " * (PAUSE_GC_CHARS // 20)
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        results = memory.add_many(["Alice met Bob.", long_text, "Bob likes tea."])
        assert len(results) == 3
        assert gc.isenabled()
