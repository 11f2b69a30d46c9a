"""The zone a statement's time was given in, kept by the stores as a fixed UTC offset.

Stores keep every time in UTC (so times sort and compare as stored) and, beside a statement and a
relation, ``utc_offset``: the seconds east of UTC of the ``at`` its statement was given in (a
relation: of the statement that recorded it). A time read back is given in that offset, the same
instant, so a date is rendered on the caller's calendar. A row or node written before the offset
was kept has none: UTC.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from functools import lru_cache

__all__ = ["in_offset", "utc_offset"]

_DAY = 86400


def utc_offset(at: datetime) -> int:
    """The whole seconds east of UTC of an aware ``at`` (0 for UTC, or a naive value)."""
    offset = at.utcoffset()
    return 0 if offset is None else int(offset // timedelta(seconds=1))


@lru_cache(maxsize=256)
def _zone(seconds: int) -> timezone:
    return timezone(timedelta(seconds=seconds))


def in_offset(at: datetime, seconds: int | None) -> datetime:
    """``at`` (a UTC time as stored) in the fixed offset ``seconds``; as it is for 0 or None, an
    offset no zone has (a day or more), or a time the offset would take out of range."""
    if not seconds or not -_DAY < seconds < _DAY:
        return at
    try:
        return at.astimezone(_zone(int(seconds)))
    except (OverflowError, ValueError):
        return at
