"""A re-entrant lock that hands over in arrival order.

The engine's write lock and the SQLite store's connection lock are held for a while by bulk
ingest, which releases them about once a second and asks again at once. ``threading.RLock`` is
not fair: the releasing thread nearly always gets it back before a waiting thread wakes up, so
an ``add`` on another thread could wait through a whole ``add_many``. Here a thread that asks
for the lock while others wait queues behind them.
"""

from __future__ import annotations

import threading
from collections import deque
from types import TracebackType

__all__ = ["FairRLock"]


class FairRLock:
    """Re-entrant; when it is released, the longest-waiting thread gets it next."""

    __slots__ = ("_cond", "_count", "_owner", "_queue")

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._owner: int | None = None
        self._count = 0
        self._queue: deque[int] = deque()

    def acquire(self) -> bool:
        me = threading.get_ident()
        if self._owner == me:  # (only this thread sets the owner to itself: no lock needed)
            self._count += 1
            return True
        with self._cond:
            if self._owner == me:
                self._count += 1
                return True
            if self._owner is None and not self._queue:
                self._owner, self._count = me, 1
                return True
            try:
                self._queue.append(me)
                while self._owner is not None or self._queue[0] != me:
                    self._cond.wait()
                self._queue.popleft()
                self._owner, self._count = me, 1
            except BaseException:  # KeyboardInterrupt anywhere in here: leave no trace
                if self._owner == me:
                    self._owner, self._count = None, 0
                if me in self._queue:
                    self._queue.remove(me)
                self._cond.notify_all()
                raise
            return True

    def held(self) -> bool:
        """Whether the calling thread holds the lock."""
        return self._owner == threading.get_ident()

    def release(self) -> None:
        if self._count > 1 and self._owner == threading.get_ident():  # (an inner release)
            self._count -= 1
            return
        with self._cond:
            if self._owner != threading.get_ident():
                raise RuntimeError("cannot release a lock this thread does not hold")
            self._count -= 1
            if self._count == 0:
                self._owner = None
                if self._queue:
                    self._cond.notify_all()

    def __enter__(self) -> bool:
        return self.acquire()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()
