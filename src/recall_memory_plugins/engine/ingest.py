"""One write block of ``TemporalGraphMemory.add_many``: plan and write prepared updates in order
inside the store's bulk batch, with the entity names of the next plans announced to the store."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..models import UpdateResult
from .gcpause import paused_gc

if TYPE_CHECKING:
    from .memory import TemporalGraphMemory, _Prepared

__all__ = ["BATCH_HOLD_SECONDS", "PREFETCH_ITEMS", "write_block"]

BATCH_HOLD_SECONDS = 1.0  # add_many commits at least this often, so other writers get the file
# the plans of this many updates announce their names to the store in one hint (one read there)
PREFETCH_ITEMS = 64


def write_block(
    memory: TemporalGraphMemory,
    prepared: Sequence[_Prepared],
    pos: int,
    results: list[UpdateResult],
    step: Callable[[], Any] | None = None,
) -> int:
    """Commit ``prepared[pos:]`` in order (each planned and written), appending each result,
    until all are written or the block has held the store for :data:`BATCH_HOLD_SECONDS`;
    returns the position of the first update not written. Called inside the store's ``bulk()``
    block and the engine's write lock. ``step`` runs after each update (a progress bar)."""
    opened = time.monotonic()
    start = pos
    tracker = memory.tracker
    while pos < len(prepared):
        if tracker is not None and (pos - start) % PREFETCH_ITEMS == 0:
            ahead = prepared[pos : pos + PREFETCH_ITEMS]
            tracker.prefetch(
                memory.store, ahead[0].namespace, [(p.annotation, p.speaker) for p in ahead]
            )
        with paused_gc(len(prepared[pos].annotation.text)):
            results.append(memory._commit(prepared[pos]))
        pos += 1
        if step is not None:
            step()
        if time.monotonic() - opened > BATCH_HOLD_SECONDS:
            break
    return pos
