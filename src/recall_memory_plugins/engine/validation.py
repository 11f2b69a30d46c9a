"""Checks of every value that crosses the public boundary, raising :class:`InputError`.

The engine, the adapters and the CLI call these before anything is read or written, so bad input
gets the library's own error (never a ``TypeError``/``UnicodeEncodeError``/``OverflowError`` from
deep inside) and nothing is stored by a call that fails.
"""

from __future__ import annotations

import io
import json
import math
import os
import re
import unicodedata
from collections.abc import Iterable, Mapping
from datetime import datetime, timezone
from numbers import Integral, Real
from typing import Any

from ..errors import InputError

__all__ = [
    "MAX_LABEL_CHARS",
    "MAX_LIMIT",
    "MAX_NAME_CHARS",
    "MAX_TOKEN_BUDGET",
    "check_as_of",
    "check_budget",
    "check_items",
    "check_label",
    "check_limit",
    "check_metadata",
    "check_name",
    "check_path_or_stream",
    "check_statement_id",
    "check_string",
    "check_time",
    "plain_text",
]

MAX_LABEL_CHARS = 1_000  # a speaker or a source
MAX_TOKEN_BUDGET = 10_000_000
MAX_LIMIT = 2**62  # SQLite integers are 64-bit signed
MAX_METADATA_BYTES = 65_536  # a statement's metadata, JSON-encoded
ITEM_KEYS = frozenset({"text", "at", "speaker", "source", "metadata"})


def check_string(value: str, what: str) -> str:
    """``value`` if it can be stored as UTF-8 text: no NUL, no lone surrogate."""
    if "\x00" in value:
        raise InputError(f"{what} contains a NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InputError(
            f"{what} is not valid Unicode text: a lone surrogate {value[exc.start]!r} at "
            f"position {exc.start} (was it decoded with errors='surrogateescape'?)"
        ) from exc
    return value


# invisible characters that split a word without a visible mark (pasted from web pages and chat
# apps: "星火\u200b计划" is 星火计划); ZWNJ / ZWJ stay, they change how text is shaped
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u2060\ufeff"))
# full-width Latin letters (typed with a CJK input method: "Ｂｏｂ") are the letters themselves, as
# NFKC reads them; full-width punctuation ("，", "：") stays, it is how CJK text is written
_WIDE_LATIN = {c: c - 0xFEE0 for c in (*range(0xFF21, 0xFF3B), *range(0xFF41, 0xFF5B))}
_WIDE = re.compile("[\uff21-\uff3a\uff41-\uff5a]")


def plain_text(value: str, what: str) -> str:
    """:func:`check_string`, in Unicode's composed form (NFC: "Zoë" typed either way is one
    name), without zero-width spaces and with full-width Latin letters as letters ("Ｂｏｂ" is Bob)."""
    value = check_string(value, what)
    if not value.isascii():
        if not unicodedata.is_normalized("NFC", value):
            value = unicodedata.normalize("NFC", value)
        if "\u200b" in value or "\u2060" in value or "\ufeff" in value:
            value = value.translate(_INVISIBLE)
        if _WIDE.search(value):
            value = value.translate(_WIDE_LATIN)
    return value


MAX_NAME_CHARS = 1_024  # an entity's name or a relation type asked for


def check_name(name: object, what: str) -> str:
    """A name to look up: a string of at most ``MAX_NAME_CHARS``, as :func:`plain_text`."""
    if not isinstance(name, str):
        raise InputError(f"{what} must be a string, got {type(name).__name__}")
    if len(name) > MAX_NAME_CHARS:
        raise InputError(f"{what} is longer than {MAX_NAME_CHARS} characters")
    return plain_text(name, what)


def check_label(value: object, what: str) -> str | None:
    """A speaker or source: None, or a storable string of at most ``MAX_LABEL_CHARS``."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise InputError(f"{what} must be a string or None, got {type(value).__name__}")
    if len(value) > MAX_LABEL_CHARS:
        raise InputError(f"{what} is longer than {MAX_LABEL_CHARS:,} characters")
    return plain_text(value, what)


def check_time(value: object, what: str) -> datetime:
    """An aware datetime, converted to UTC."""
    if not isinstance(value, datetime):
        raise InputError(f"{what} must be a datetime, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise InputError(f"{what} must be timezone-aware (e.g. datetime(..., tzinfo=timezone.utc))")
    try:
        return value.astimezone(timezone.utc)
    except (OverflowError, ValueError) as exc:
        raise InputError(f"{what} {value!r} is outside the range of UTC datetimes") from exc


def check_budget(value: object, what: str = "token_budget") -> int:
    """A positive whole number of tokens (ints, or floats that are whole numbers)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise InputError(f"{what} must be a whole number >= 1, got {value!r}")
    if isinstance(value, Integral):
        number = int(value)
    else:
        as_float = float(value)
        if not math.isfinite(as_float) or not as_float.is_integer():
            raise InputError(f"{what} must be a whole number >= 1, got {value!r}")
        number = int(as_float)
    if number < 1:
        raise InputError(f"{what} must be >= 1, got {value!r}")
    if number > MAX_TOKEN_BUDGET:
        raise InputError(f"{what} must be <= {MAX_TOKEN_BUDGET:,}, got {value!r}")
    return number


def check_limit(value: object, what: str = "limit") -> int | None:
    """None (no limit) or an int in ``0 .. MAX_LIMIT``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise InputError(f"{what} must be an int >= 0 or None, got {value!r}")
    number = int(value)
    if number < 0:
        raise InputError(f"{what} must be >= 0, got {value!r}")
    return min(number, MAX_LIMIT)


def check_metadata(value: object, what: str = "metadata") -> dict[str, Any]:
    """A statement's metadata: None (empty) or a JSON-serialisable mapping with string keys.

    Returns a copy as JSON gives it back (tuples become lists), so what is stored is what a read
    returns; at most ``MAX_METADATA_BYTES`` once encoded.
    """
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InputError(
            f"{what} must be a mapping (a JSON object) or None, got {type(value).__name__}"
        )
    bad = next((k for k in value if not isinstance(k, str)), None)
    if bad is not None:
        raise InputError(f"{what} keys must be strings, got {bad!r}")
    try:
        encoded = json.dumps(dict(value), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise InputError(
            f"{what} must be JSON-serialisable (str, numbers, bool, None, lists, "
            f"mappings with str keys): {exc}"
        ) from exc
    check_string(encoded, what)  # no lone surrogates (NUL is escaped by JSON)
    if len(encoded.encode("utf-8")) > MAX_METADATA_BYTES:
        raise InputError(f"{what} is larger than {MAX_METADATA_BYTES:,} bytes once JSON-encoded")
    decoded: dict[str, Any] = json.loads(encoded)
    return decoded


def check_statement_id(value: object, what: str = "statement_id") -> int:
    """A statement id: an int >= 1 (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise InputError(f"{what} must be an int, got {value!r}")
    number = int(value)
    if not 1 <= number <= MAX_LIMIT:
        raise InputError(f"{what} must be an int >= 1, got {value!r}")
    return number


def check_path_or_stream(value: object, what: str, *, writing: bool) -> Any:
    """A file path (``str`` or ``os.PathLike``) or a text stream: one with ``write`` when
    ``writing``, else an iterable of lines. Binary streams and ``bytes`` paths are refused."""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if isinstance(value, str):
        if not value.strip():
            raise InputError(f"{what} must not be an empty path")
        check_string(value, what)
        return value
    if isinstance(value, (bytes, bytearray, io.RawIOBase, io.BufferedIOBase)):
        raise InputError(
            f"{what} must be a path or a text stream, got {type(value).__name__} (open the file "
            "in text mode with encoding='utf-8')"
        )
    if writing and not callable(getattr(value, "write", None)):
        raise InputError(f"{what} must be a path or a writable text stream, got {value!r}")
    if not writing and not isinstance(value, Iterable):
        raise InputError(f"{what} must be a path or a readable text stream, got {value!r}")
    return value


def check_as_of(value: object) -> int | datetime | None:
    """None, a time step (int >= 0) or an aware datetime."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return check_time(value, "as_of")
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise InputError(f"as_of must be a time step (int) or an aware datetime, got {value!r}")
    step = int(value)
    if step < 0:
        raise InputError(f"as_of must be a step >= 0, got {value!r}")
    return min(step, MAX_LIMIT)


def check_items(
    items: object,
    *,
    at: object,
    speaker: object,
    check_text: Any,
    check_when: Any,
) -> list[tuple[str, datetime | None, str | None, str | None, dict[str, Any]]]:
    """Every ``add_many`` item checked before anything is stored.

    Returns ``(text, at, speaker, source, metadata)`` per item, texts stripped (an empty or
    blank text is refused, as ``add`` refuses it, so the results line up with the items). An item
    is a text or a mapping with ``"text"`` and optionally ``"at"``, ``"speaker"``, ``"source"``,
    ``"metadata"``.
    """
    if items is None or isinstance(items, (str, bytes, bytearray, Mapping)):
        raise InputError(
            "add_many takes an iterable of texts or of mappings with 'text' (a list, a generator, "
            f"...), got {type(items).__name__}; use add() for a single text"
        )
    if not isinstance(items, Iterable):
        raise InputError(f"add_many takes an iterable of items, got {type(items).__name__}")
    default_speaker = check_label(speaker, "speaker")
    if at is not None:
        check_when(at)
    todo: list[tuple[str, datetime | None, str | None, str | None, dict[str, Any]]] = []
    for index, item in enumerate(items):
        try:
            if isinstance(item, Mapping):
                unknown = set(item) - ITEM_KEYS
                if unknown or "text" not in item:
                    raise InputError(
                        "an item must be a text or a mapping with 'text' and optionally "
                        f"'at', 'speaker', 'source'; got keys {sorted(map(str, item))}"
                    )
                text = item["text"]
                when = item.get("at", at)
                who = check_label(item.get("speaker", default_speaker), "speaker")
                source = check_label(item.get("source"), "source")
                metadata = check_metadata(item.get("metadata"))
            else:
                text, when, who, source, metadata = item, at, default_speaker, None, {}
            text = check_text(text).strip()
            if not text:
                # refused as add() refuses it: a skipped item would shift every result after it
                raise InputError("cannot add empty text (an item of only whitespace is empty)")
            if when is not None:
                check_when(when)
        except InputError as exc:
            raise InputError(f"add_many item {index}: {exc} (nothing was stored)") from exc
        todo.append((text, when, who, source, metadata))
    return todo
