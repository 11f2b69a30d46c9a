"""Ingest CPU (round 52, D): ``add_many`` pauses the cyclic collector over a chunk of many short
texts, whose analyses all live until the chunk is written (as for one long text, ``gcpause``);
a small batch, a failed batch and a caller's own setting are left as they were."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins import StoreError, TemporalGraphMemory
from recall_memory_plugins.engine.gcpause import PAUSE_GC_CHARS
from recall_memory_plugins.stores.sqlite import SqliteGraphStore

# chat turns of the speed suite's kind: ~50 characters each, no one of them long
TURNS = [
    f"{name} borrowed {other}'s bike in {city} and has not returned it."
    for name, other, city in zip(
        ["Keiko", "Farah", "Nell", "Tariq", "Ulla", "Wei", "Grace", "Dmitri"] * 40,
        ["Bianca", "Hiro", "Zuri", "Kira", "Leila", "Mei", "Anton", "Emil"] * 40,
        ["Naples", "Delhi", "Manila", "Chengdu", "Mumbai", "Sapporo", "Oslo", "Lima"] * 40,
        strict=True,
    )
]


@pytest.fixture(autouse=True)
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


@pytest.fixture
def collections() -> Iterator[list[int]]:
    """The generations of the collections that ran (automatic ones: no test calls collect)."""
    seen: list[int] = []

    def record(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            seen.append(int(info["generation"]))

    gc.callbacks.append(record)
    yield seen
    gc.callbacks.remove(record)


def test_a_chunk_of_many_short_texts_is_analysed_and_written_without_collections(
    collections: list[int],
) -> None:
    assert sum(map(len, TURNS)) >= PAUSE_GC_CHARS and max(map(len, TURNS)) < 100
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        collections.clear()
        results = memory.add_many(TURNS, namespace="chat")
        during = list(collections)
        assert gc.isenabled()  # on again after the batch
        assert len(results) == len(TURNS)
        assert memory.stats("chat").statements == len(TURNS)
    assert len(during) <= 3, during  # (checking the items; before: about one per 20 turns)


def test_each_chunk_pauses_on_its_own_length(collections: list[int]) -> None:
    # chunks of 40 turns (~2,500 characters each) are short: the collector runs as before
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        collections.clear()
        memory.add_many(TURNS, namespace="chat", batch_size=40)
        assert collections  # not paused
        assert gc.isenabled()


def test_a_small_batch_leaves_the_collector_alone(collections: list[int]) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add_many(TURNS[:3], namespace="chat")
        assert gc.isenabled()
        assert memory.stats("chat").statements == 3


def test_a_batch_that_fails_in_its_chunk_turns_the_collector_back_on(tmp_path: Path) -> None:
    path = str(tmp_path / "memory.db")
    with TemporalGraphMemory(path, annotator="offline") as memory:
        memory.add("Keiko lives in Naples.", namespace="chat")
    # analysed under the pause, then the write fails: the collector is on again
    with TemporalGraphMemory(SqliteGraphStore(path, read_only=True), annotator="offline") as memory:
        with pytest.raises(StoreError):
            memory.add_many(TURNS, namespace="chat")
        assert gc.isenabled()


def test_a_collector_the_caller_turned_off_stays_off() -> None:
    gc.disable()
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add_many(TURNS, namespace="chat")
        assert not gc.isenabled()
