"""One write block of ``TemporalGraphMemory.add_many``: plan and write prepared updates in order
inside the store's bulk batch, with the entity names of the next plans announced to the store;
and a chunk's prepared updates, analysed before the block or, on a store that writes behind,
inside it while the updates before them are written."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, overload

from ..models import UpdateResult
from .gcpause import paused_gc

if TYPE_CHECKING:
    from .memory import TemporalGraphMemory, _Prepared

__all__ = ["BATCH_HOLD_SECONDS", "PREFETCH_ITEMS", "LazyPrepared", "prepare_chunk", "write_block"]

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


class LazyPrepared(Sequence["_Prepared"]):
    """A chunk's prepared updates, each analysed (in order) when first asked for: the text
    analysis of the next updates then runs while the store's writer thread writes the ones
    before (``write_block`` asks for :data:`PREFETCH_ITEMS` at a time)."""

    def __init__(self, prepare: Callable[[int], _Prepared], n: int) -> None:
        self._prepare = prepare
        self._n = n
        self._done: list[_Prepared] = []

    def __len__(self) -> int:
        return self._n

    def _upto(self, stop: int) -> None:
        while len(self._done) < min(stop, self._n):
            self._done.append(self._prepare(len(self._done)))

    @overload
    def __getitem__(self, i: int) -> _Prepared: ...
    @overload
    def __getitem__(self, i: slice) -> list[_Prepared]: ...
    def __getitem__(self, i: int | slice) -> _Prepared | list[_Prepared]:
        if isinstance(i, slice):
            self._upto(i.indices(self._n)[1])
            return self._done[i]
        index = i + self._n if i < 0 else i
        if not 0 <= index < self._n:
            raise IndexError(i)
        self._upto(index + 1)
        return self._done[index]


def prepare_chunk(
    memory: TemporalGraphMemory, ns: str, chunk: Sequence[tuple[Any, ...]]
) -> Sequence[_Prepared]:
    """The prepared updates of ``chunk`` (checked items: text, time, speaker, source, metadata):
    all analysed now, or, on a store whose ``bulk()`` writes behind (``writes_behind``) and
    without an embedder (whose one call wants every text), as ``write_block`` reaches them."""

    def one(i: int) -> _Prepared:
        text, when, who, source, metadata = chunk[i]
        return memory._prepare(
            ns, text, memory._check_time(when), who, source, metadata, dated=when is not None
        )

    if getattr(memory.store, "writes_behind", False) is True and memory._dense is None:
        return LazyPrepared(one, len(chunk))
    return memory._with_vectors([one(i) for i in range(len(chunk))])
