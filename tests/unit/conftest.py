"""Fixtures shared by the unit tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from recall_memory_plugins import TemporalGraphMemory


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    """A fresh memory on real SQLite (``:memory:``) with the offline annotator (a test module
    may define its own ``memory``)."""
    with TemporalGraphMemory(":memory:", annotator="offline") as mem:
        yield mem
