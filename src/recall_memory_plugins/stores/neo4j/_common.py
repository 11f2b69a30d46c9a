"""Helpers shared by the Neo4j store's modules: timestamps, index keys, limits, record decoding."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta, timezone
from typing import Any

from ...errors import InputError, StoreError
from ...models import Entity
from .schema import MAX_NAMESPACE_BYTES, index_key

_UNLIMITED = 1 << 62  # what SQLite's "LIMIT -1" means; Cypher's LIMIT must be >= 0
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def _utc(value: Any) -> datetime:
    """A stored Neo4j DateTime (or ISO string) as an aware UTC ``datetime``."""
    if hasattr(value, "to_native"):
        value = value.to_native()
    elif isinstance(value, str):
        value = datetime.fromisoformat(value)
    if not isinstance(value, datetime) or value.tzinfo is None:
        raise StoreError(f"stored timestamp {value!r} is not timezone-aware")
    return value.astimezone(timezone.utc)


def _epoch(millis: Any, microseconds: Any) -> datetime:
    """A stored DateTime sent as ``[x.epochMillis, x.microsecond]`` (cheap to decode).

    Not ``x.epochSeconds``: Neo4j truncates that toward zero (``epochMillis / 1000``), a second
    late for a time before 1970 with a fraction of a second of 1 ms or more. ``epochMillis`` is
    floored, so its floor division by 1000 is the whole second and ``microsecond`` the rest.
    """
    return _EPOCH + timedelta(seconds=int(millis) // 1000, microseconds=int(microseconds))


def _epoch_or_none(millis: Any, microseconds: Any) -> datetime | None:
    return None if millis is None else _epoch(millis, microseconds)


def _utc_or_none(value: Any) -> datetime | None:
    return None if value is None else _utc(value)


def _aware(value: datetime) -> datetime:
    if not isinstance(value, datetime) or value.tzinfo is None or value.utcoffset() is None:
        raise InputError("timestamps must be timezone-aware (UTC); got a naive datetime")
    return value.astimezone(timezone.utc)


def _keys(values: Iterable[str]) -> list[str]:
    return [index_key(v) for v in values]


def _key_or_none(value: str | None) -> str | None:
    return None if value is None else index_key(value)


def alias_index_keys(aliases: Iterable[str]) -> list[str]:
    """The ``Alias`` node keys of an entity's aliases: case-folded, then as index keys."""
    return list(dict.fromkeys(index_key(a.casefold()) for a in aliases if a))


def _check_namespace(namespace: str) -> str:
    if not isinstance(namespace, str) or not namespace:
        raise InputError(f"namespace must be a non-empty string, got {namespace!r}")
    if len(namespace.encode("utf-8")) > MAX_NAMESPACE_BYTES:
        raise InputError(
            f"namespace is longer than {MAX_NAMESPACE_BYTES} UTF-8 bytes, the most a Neo4j index "
            "key can hold next to a name"
        )
    return namespace


def _limit(value: int | None) -> int:
    """SQLite's LIMIT semantics (None or negative = no limit) as a Cypher LIMIT value."""
    return _UNLIMITED if value is None or value < 0 else int(value)


def _entity(namespace: str, e: Mapping[str, Any]) -> Entity:
    return Entity(
        namespace=namespace,
        id=e["id"],
        name=e["name"],
        type=e["type"],
        aliases=tuple(e["aliases"] or ()),
        first_step=int(e["first_step"]),
        last_step=int(e["last_step"]),
    )


def _records(result: Any) -> list[dict[str, Any]]:
    """The default result transformer: every record as a plain dict.

    The values as the driver decoded them: no query returns a node or relationship (only maps
    and lists), and ``Record.data()`` walked every nested value again in Python to convert
    those, about a third of the client's time in a recall.
    """
    return [dict(zip(record.keys(), record, strict=True)) for record in result]
