"""Helpers shared by the SQLite store's modules: timestamps, IN-list chunking, alias decoding."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any

from ...errors import InputError

_MAX_VARS = 500  # stay well below SQLite's host-parameter limit when chunking IN (...) lists


def _ts(value: datetime) -> str:
    if value.tzinfo is None:
        raise InputError("timestamps must be timezone-aware (UTC); got a naive datetime")
    return value.astimezone(timezone.utc).isoformat()


def _dt(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


def _chunks(items: Sequence[str], size: int = _MAX_VARS) -> Iterator[Sequence[str]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def _qmarks(n: int) -> str:
    # Only the number of placeholders is built into the SQL; every value is a parameter.
    return ",".join("?" * n)


@lru_cache(maxsize=4096)
def _aliases(encoded: str) -> tuple[str, ...]:
    """Decoded alias lists, cached: the same entities are read on every mention of a name."""
    return tuple(json.loads(encoded))


def _encode_json(value: Mapping[str, Any] | None) -> str | None:
    """A metadata or term mapping as stored: JSON text, NULL when empty."""
    return json.dumps(dict(value), ensure_ascii=False) if value else None


def _decode_json(encoded: str | None) -> dict[str, Any]:
    return json.loads(encoded) if encoded else {}
