"""The literal pre-filter: which patterns of a table may match a text, from one scan.

Most sentences match none of the patterns. Each pattern gets, from its parsed form, a set of
literals of which every match contains at least one; a text with none of them is skipped without
running the pattern. Exact: a text is only skipped when the pattern cannot match it.
"""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Iterable, Sequence
from typing import Any

from .blocks import CLOSE, OPEN
from .match import Handler

logger = logging.getLogger(__name__)


# Case-insensitive matching of an ASCII letter also accepts these characters (Python's ``re``:
# simple lower case, plus ı/i and ſ/s); mapped here so ``str.lower`` keeps one char per char.
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
_MAX_EXACT = 32  # strings a pattern fragment may match before it is treated as unknown

_Info = tuple[frozenset[str] | None, list[frozenset[str]]]  # (exact strings, required sets)


class _Opaque(Exception):
    """A pattern construct the pre-filter does not analyse (the pattern always runs)."""


def _regex_parser() -> Any:
    try:
        return importlib.import_module("re._parser")
    except ImportError:  # Python 3.10
        return importlib.import_module("sre_parse")


def _char(code: int, fold: bool) -> str | None:
    """The text a literal character requires (lower case under IGNORECASE); None if unsure."""
    ch = chr(code)
    if not fold or ch.lower() == ch == ch.upper():  # uncased: matched exactly
        return ch
    return ch.lower() if ch.isascii() else None


def _best(sets: Iterable[frozenset[str]]) -> frozenset[str] | None:
    """The most selective of several required sets: longest shortest literal, then fewest."""
    usable = [s for s in sets if s and "" not in s]
    if not usable:
        return None
    return max(usable, key=lambda s: (min(len(x) for x in s), -len(s)))


def _node(op: Any, av: Any, fold: bool) -> _Info:
    name = getattr(op, "name", str(op))
    if name == "LITERAL":
        ch = _char(av, fold)
        return (frozenset([ch]) if ch is not None else None), []
    if name in ("AT", "ASSERT", "ASSERT_NOT"):
        return frozenset([""]), []  # zero width
    if name == "SUBPATTERN":
        _group, add_flags, del_flags, sub = av
        if add_flags or del_flags:
            raise _Opaque("inline flags")
        return _sequence(sub, fold)
    if name == "ATOMIC_GROUP":
        return _sequence(av, fold)
    if name == "BRANCH":
        infos = [_sequence(alt, fold) for alt in av[1]]
        exact: frozenset[str] | None = None
        if all(e is not None for e, _ in infos):
            union = frozenset().union(*(e for e, _ in infos if e is not None))
            exact = union if len(union) <= _MAX_EXACT else None
        picks = [_best([*f, *([e] if e is not None else [])]) for e, f in infos]
        if all(p is not None for p in picks):
            return exact, [frozenset().union(*(p for p in picks if p is not None))]
        return exact, []
    if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        low, high, sub = av
        if low < 1:
            return None, []
        e, f = _sequence(sub, fold)
        return (e if low == high == 1 else None), [*f, *([e] if e is not None else [])]
    return None, []  # classes, any, back references ...: no literal required


def _sequence(items: Any, fold: bool) -> _Info:
    factors: list[frozenset[str]] = []
    run: frozenset[str] = frozenset([""])
    whole = True
    for op, av in items:
        e, f = _node(op, av, fold)
        factors.extend(f)
        if e is not None:
            joined = frozenset(a + b for a in run for b in e)
            if len(joined) <= _MAX_EXACT:
                run = joined
                continue
        factors.append(run)  # a contiguous stretch of every match
        whole = False
        run = e if e is not None else frozenset([""])
    factors.append(run)
    return (run if whole else None), factors


def _trie_regex(words: Iterable[str]) -> str:
    """A regex matching any of ``words``, the longest one where several start at a position."""
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        alts = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        if "" in node:  # a word ends here: longer words first, then this one
            return "(?:" + body + ")?"
        return body

    return emit(trie)


class _Triggers:
    """Which patterns of a list may match a text, from one scan of the text for their literals."""

    def __init__(self, patterns: Sequence[tuple[re.Pattern[str], Handler]]) -> None:
        self.snapshot = tuple(patterns)
        self.always: list[int] = []  # patterns without literals: they always run
        enables: dict[bool, dict[str, set[int]]] = {True: {}, False: {}}
        for k, (pattern, _handler) in enumerate(patterns):
            need = _analyse(pattern)
            if need is None:
                self.always.append(k)
                continue
            fold = bool(pattern.flags & re.IGNORECASE)
            for lit in need:
                enables[fold].setdefault(lit, set()).add(k)
        # Where literals overlap at a position the scan reports the longest; its prefixes that
        # are literals occur there too.
        self.scans: list[tuple[bool, re.Pattern[str], dict[str, frozenset[int]]]] = []
        for fold, table in enables.items():
            if not table:
                continue
            chained = {
                lit: frozenset().union(
                    *(ks for other, ks in table.items() if lit.startswith(other))
                )
                for lit in table
            }
            regex = re.compile("(?=(" + _trie_regex(table) + "))", re.DOTALL)
            self.scans.append((fold, regex, chained))

    def candidates(self, text: str) -> list[int]:
        """Indices, in order, of the patterns that may match ``text`` (a superset)."""
        found: set[int] = set(self.always)
        for fold, regex, chained in self.scans:
            haystack = text.translate(_FOLD).lower() if fold else text
            for m in regex.finditer(haystack):
                found |= chained[m.group(1)]
        return sorted(found)


_TRIGGERS: dict[int, _Triggers] = {}


def _triggers(patterns: Sequence[tuple[re.Pattern[str], Handler]]) -> _Triggers:
    """The trigger index of a pattern list, rebuilt when the list was changed."""
    known = _TRIGGERS.get(id(patterns))
    if known is None or known.snapshot != tuple(patterns):
        known = _TRIGGERS[id(patterns)] = _Triggers(patterns)
    return known


def _analyse(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    try:
        parsed = _regex_parser().parse(pattern.pattern, pattern.flags)
        _, factors = _sequence(list(parsed), bool(pattern.flags & re.IGNORECASE))
    except (_Opaque, ImportError, AttributeError, TypeError, ValueError, re.error) as exc:
        logger.debug("no literal pre-filter for %r: %s", pattern.pattern, exc)
        return None
    # a literal made of placeholder characters only is in every view with a mention: any other
    # required set is more selective (every one of them is exact)
    best = _best(f for f in factors if not any(_placeholders_only(x) for x in f))
    if best is None:
        best = _best(factors)
    return tuple(sorted(best)) if best is not None else None


def _placeholders_only(literal: str) -> bool:
    return not literal.strip(OPEN + CLOSE)
