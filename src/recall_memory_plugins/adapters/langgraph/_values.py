"""What :class:`~.store.RecallStore` makes of LangGraph items, free of the store: keys as
engine sources, the value's text, filters and namespace conditions."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Any
from urllib.parse import quote, unquote

from langgraph.store.base import MatchCondition

from ...engine.validation import plain_text
from ...errors import ConfigurationError
from ...models import Statement

__all__ = [
    "FILTER_OPS",
    "KEY_MARK",
    "UNINDEXED",
    "UNINDEXED_TEXT",
    "UPDATED_AT",
    "check_filter",
    "escape",
    "item_value",
    "key_source",
    "matches",
    "namespace_matches",
    "same_text",
    "source_key",
    "string_leaves",
    "updated_at",
]

# the last part of the engine namespace of the items put with index=False (no recall reads it; no
# label escapes to it, as every "%" of a label becomes "%25"), and their statements' text
UNINDEXED = "%noindex"
UNINDEXED_TEXT = "(not indexed)"
# the engine source of a key the engine would not keep as is starts with this (a rare non-ASCII
# symbol: no ASCII key, and in practice no key an older version stored as is, starts with it)
KEY_MARK = "\u2400key:"
# the metadata field holding the time of a put that kept the item's text (and its time): not
# part of the value (a value holding this field loses it)
UPDATED_AT = "\u2400updated_at"
FILTER_OPS = frozenset({"$eq", "$ne", "$gt", "$gte", "$lt", "$lte"})


def key_source(key: str) -> str:
    """The engine source of item ``key``: the key itself when the engine keeps it as it is (every
    ASCII key; what older versions stored), else an ASCII escape of it, which the engine's
    normalisation (NFC, zero-width spaces dropped) leaves alone: keys that differ only there stay
    two items and come back exactly as they were put.

    Raises:
        InputError: a key the engine cannot store (a NUL character, a lone surrogate).
    """
    if plain_text(key, "key") != key or key.startswith(KEY_MARK):
        return KEY_MARK + quote(key, safe="")
    return key


def source_key(source: str) -> str:
    """The item key of an engine source (:func:`key_source` undone)."""
    return unquote(source[len(KEY_MARK) :]) if source.startswith(KEY_MARK) else source


def item_value(statement: Statement) -> dict[str, Any]:
    """The value of the item ``statement`` holds (its metadata, without :data:`UPDATED_AT`)."""
    return {k: v for k, v in statement.metadata.items() if k != UPDATED_AT}


def updated_at(statement: Statement) -> datetime:
    """When the item ``statement`` holds was last put: the statement's time, or the later time
    of a put that kept the text (and so the statement's time: see :data:`UPDATED_AT`)."""
    stamp = statement.metadata.get(UPDATED_AT)
    try:
        put = datetime.fromisoformat(stamp) if isinstance(stamp, str) else None
    except ValueError:
        put = None
    return put if put is not None and put.tzinfo is not None and put > statement.at else statement.at


def check_filter(wanted: Any) -> None:
    """A filter's operators, checked before a batch runs (a misspelt one refuses the batch)."""
    if isinstance(wanted, dict):
        if any(str(k).startswith("$") for k in wanted):  # (as matches reads it)
            for k in wanted:
                if k not in FILTER_OPS:
                    raise ConfigurationError(
                        f"unsupported filter operator {k!r}; use {' '.join(sorted(FILTER_OPS))}"
                    )
            return
        for v in wanted.values():
            check_filter(v)
    elif isinstance(wanted, (list, tuple)):
        for v in wanted:
            check_filter(v)


def same_text(parts: list[Statement], text: str) -> bool:
    """Whether ``text`` is what the item's statements ``parts`` (its chunks, in order) hold,
    but for the whitespace between chunks (which the engine does not keep)."""
    pos = 0
    for st in parts:
        pos += len(text[pos:]) - len(text[pos:].lstrip())
        if not text.startswith(st.text, pos):
            return False
        pos += len(st.text)
    return not text[pos:].strip()


def escape(label: str) -> str:
    return label.replace("%", "%25").replace("/", "%2F")


def string_leaves(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        if value.strip():
            yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from string_leaves(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from string_leaves(v)


def matches(item_value: Any, wanted: Any) -> bool:
    """LangGraph's filter semantics (as its in-memory and Postgres stores apply them)."""
    if isinstance(wanted, dict):
        if any(str(k).startswith("$") for k in wanted):
            return all(operator(item_value, op, arg) for op, arg in wanted.items())
        if not isinstance(item_value, dict):
            return False
        return all(matches(item_value.get(k), v) for k, v in wanted.items())
    if isinstance(wanted, (list, tuple)):
        return (
            isinstance(item_value, (list, tuple))
            and len(item_value) == len(wanted)
            and all(matches(a, b) for a, b in zip(item_value, wanted, strict=True))
        )
    return bool(item_value == wanted)


def operator(value: Any, op: str, arg: Any) -> bool:
    if op == "$eq":
        return bool(value == arg)
    if op == "$ne":
        return bool(value != arg)
    if op in ("$gt", "$gte", "$lt", "$lte"):
        try:
            a, b = float(value), float(arg)
        except (TypeError, ValueError):
            return False
        return {"$gt": a > b, "$gte": a >= b, "$lt": a < b, "$lte": a <= b}[op]
    raise ConfigurationError(f"unsupported filter operator {op!r}; use $eq $ne $gt $gte $lt $lte")


def namespace_matches(condition: MatchCondition, namespace: tuple[str, ...]) -> bool:
    path = tuple(condition.path)
    if len(namespace) < len(path):
        return False
    part = namespace[: len(path)] if condition.match_type == "prefix" else namespace[-len(path) :]
    return all(p == "*" or p == n for p, n in zip(path, part, strict=True)) if path else True
