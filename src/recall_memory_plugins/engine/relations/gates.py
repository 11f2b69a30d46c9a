"""A quick test before a regex search: words one of which every match contains.

Most sentences match none of the relation layer's mood and clause patterns, and Python's ``re``
tries such a pattern at every position of the text. Every match of ``\\bgoing\\s+to\\s+…|\\btomorrow\\b|…``
contains "going" or "tomorrow" or …; when the lower-cased text holds none of them, the pattern
cannot match and is not searched. :func:`required_words` derives those words from the parsed
pattern (for every alternative, its longest run of literal characters that must occur);
:class:`Gated` searches only texts that hold one. The answer of ``search`` is the pattern's own.

The test is done on the lower-cased text, which holds a literal of a match whatever its case
(and the case flags of the pattern). A text with one of the few characters that ``re``'s
case-insensitive matching pairs with a different lower-case letter (the dotless "ı" and the long
"ſ" for "i" and "s", Greek and Cyrillic variants) is always searched.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from typing import Any

from .lazy_regex import lazy_pattern
from .word_trie import split_alternatives

_c: Any
_p: Any
try:  # the parser behind re.compile (private; without it every text is searched)
    _c = importlib.import_module("re._constants")
    _p = importlib.import_module("re._parser")
except ImportError:  # pragma: no cover - Python 3.10 names them sre_constants, sre_parse
    try:
        _c = importlib.import_module("sre_constants")
        _p = importlib.import_module("sre_parse")
    except ImportError:
        _c = _p = None

__all__ = ["AnyOf", "Gated", "InText", "ends_after", "ends_at", "folds_plainly", "required_words", "solid_end", "solid_start"]

# characters that re.IGNORECASE pairs with a letter other than their lower case
try:
    _extra: dict[int, tuple[int, ...]] = importlib.import_module("re._casefix")._EXTRA_CASES
    _SPECIAL = frozenset(chr(c) for k, v in _extra.items() for c in (k, *v) if c > 127)
except (ImportError, AttributeError):  # pragma: no cover
    _SPECIAL = frozenset("ıſ")
_REPEATS = tuple(getattr(_c, n) for n in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") if hasattr(_c, n)) \
    if _c is not None else ()
_SPECIAL_RX = re.compile("[" + re.escape("".join(sorted(_SPECIAL))) + "]")


def folds_plainly(text: str) -> bool:
    """Whether case-insensitive matching of ``text`` is the same as comparing ``text.lower()``
    character by character: no letter that ``re`` pairs with another (dotless "ı", long "ſ", …),
    none whose lower case is longer ("İ") and no capital sigma (lower-cased by its place in a
    word: "ς" or "σ")."""
    return text.isascii() or (
        _SPECIAL_RX.search(text) is None and "Σ" not in text and len(text.lower()) == len(text)
    )


def _required(items: Any) -> set[str] | None:
    """One set of strings, one of which every match of the item sequence contains (the set whose
    shortest string is longest), or None when no such set is found."""
    best: set[str] | None = None

    def consider(found: set[str] | None) -> None:
        nonlocal best
        if found and all(found) and (best is None or min(map(len, found)) > min(map(len, best))):
            best = found

    run: list[str] = []
    for op, av in items:
        if op is _c.LITERAL:
            run.append(chr(av))
            continue
        if run:
            consider({"".join(run)})
            run = []
        if op is _c.SUBPATTERN:
            consider(_required(av[-1].data))
        elif op is _c.BRANCH:
            parts = [_required(b.data) for b in av[1]]
            if all(p is not None for p in parts):
                consider(set().union(*[p for p in parts if p is not None]))
        elif op in _REPEATS and av[0] >= 1:
            consider(_required(av[2].data))
        # anything else (a class, a look-around, an anchor) ends the run and requires nothing
    if run:
        consider({"".join(run)})
    return best


def required_words(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Lower-case strings one of which every match of ``pattern`` contains, or None."""
    if _p is None:  # pragma: no cover
        return None
    try:
        found = _required(_p.parse(pattern.pattern, pattern.flags).data)
    except Exception:  # (a pattern the private parser reads differently: no gate)
        return None
    if not found:
        return None
    kept: list[str] = []  # (a word holding another is found whenever that one is: left out)
    for word in sorted({w.lower() for w in found}, key=lambda w: (len(w), w)):
        if not any(k in word for k in kept):
            kept.append(word)
    return tuple(sorted(kept, key=lambda w: (-len(w), w)))


class Gated:
    """``pattern`` searched only in texts that hold one of its :func:`required_words`."""

    __slots__ = ("_ascii", "pattern", "words")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.words = required_words(pattern)
        # the words an ASCII text can hold (most chat: its Chinese words need no look)
        self._ascii = tuple(w for w in self.words or () if w.isascii())

    def search(self, text: str, folded: str | None = None) -> re.Match[str] | None:
        """``pattern.search(text)``; ``folded``: ``text.lower()``, when the caller has it."""
        if self.words is not None:
            if folded is None:
                folded = text.lower()
            if text.isascii():
                if not any(w in folded for w in self._ascii):
                    return None
            elif not any(w in folded for w in self.words) and not _SPECIAL_RX.search(text):
                return None
        return self.pattern.search(text)


class AnyOf:
    """Whether any of several patterns matches a text: each pattern's top-level alternatives are
    searched apart, each only where one of its own required words is.

    A long alternation such as the bounded past's (``before …,|… first job|in the 1990s|back
    then|…``) shares one gate word with its commonest alternative ("the"), and once the gate
    opens Python's ``re`` tries every alternative at every position. Split, ``in the …`` alone is
    searched in a text with "the", the rest only where their words are. A pattern matches a text
    exactly when one of its top-level alternatives does, so the answer is the same as
    ``any(p.search(text) for p in patterns)``; no match object is returned.

    The split is made on the first search, and each alternative is compiled when first searched
    (at import, splitting and compiling the mood rows took a fifth of a second).
    """

    __slots__ = ("_ascii", "_by_word", "_open", "_whole")

    def __init__(self, patterns: Iterable[re.Pattern[str]]) -> None:
        self._whole = tuple(patterns)
        self._open: tuple[re.Pattern[str], ...] | None = None  # (None: not split yet)
        self._by_word: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = ()
        self._ascii: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = ()

    def _split(self) -> tuple[re.Pattern[str], ...]:
        alternatives: list[Gated] = []
        for pattern in self._whole:
            # (a pattern with a global inline flag, "(?i)…", is not split)
            parts = [pattern.pattern] if re.match(r"\(\?[aiLmsux]+\)", pattern.pattern) \
                else split_alternatives(pattern.pattern)
            alternatives += [Gated(lazy_pattern(part, pattern.flags)) for part in parts]
        by_word: dict[str, list[re.Pattern[str]]] = {}
        for gated in alternatives:
            for word in gated.words or ():
                by_word.setdefault(word, []).append(gated.pattern)
        self._by_word = tuple((w, tuple(p)) for w, p in by_word.items())
        self._ascii = tuple((w, p) for w, p in self._by_word if w.isascii())
        self._open = tuple(g.pattern for g in alternatives if g.words is None)
        return self._open

    @property
    def _all(self) -> tuple[tuple[str, tuple[re.Pattern[str], ...]], ...]:
        """Each required word with the alternatives that hold it."""
        if self._open is None:
            self._split()
        return self._by_word

    def search(self, text: str, folded: str | None = None) -> bool:
        """``any(p.search(text) for p in patterns)``; ``folded``: ``text.lower()``, when known."""
        opened = self._open
        if opened is None:
            opened = self._split()
        if any(p.search(text) for p in opened):
            return True
        if folded is None:
            folded = text.lower()
        if text.isascii():
            words = self._ascii
        elif _SPECIAL_RX.search(text):  # (a letter the lower-cased text does not show)
            return any(p.search(text) for p in self._whole)
        else:
            words = self._by_word
        tried: set[int] = set()
        for word, patterns in words:
            if word in folded:
                for p in patterns:
                    if id(p) not in tried:
                        tried.add(id(p))
                        if p.search(text):
                            return True
        return False


class InText:
    """Whether ``pattern`` occurs anywhere in a text, searched once per text: a rule that asks it of
    the whole text for each of its matches ("relocated" anywhere beside "went to Abuja") would
    otherwise search a huge text once per match (quadratic in its length). The last text asked is
    kept (by identity: the same annotation's text is asked again and again)."""

    __slots__ = ("_last", "pattern")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self._last: tuple[str | None, bool] = (None, False)  # (one tuple: threads may share it)

    def __call__(self, text: str) -> bool:
        last = self._last
        if last[0] is not text:
            last = self._last = (text, self.pattern.search(text) is not None)
        return last[1]


def ends_at(pattern: re.Pattern[str], text: str, end: int, reach: int = 200) -> bool:
    """Whether ``pattern`` (anchored with ``$``) matches ending at ``end``, looked for in the
    ``reach`` characters before it: searched from the text's start, a look-back costs the whole
    prefix, for each match of a huge sentence (``\\b`` still sees the character before)."""
    return pattern.search(text, max(0, end - reach), end) is not None


def ends_after(pattern: re.Pattern[str], text: str, end: int, solid: int) -> bool:
    """Whether ``pattern`` (anchored with ``$``) matches ending at ``end``, for a pattern whose
    matches hold at most ``solid`` characters that are not white space (its ``\\s`` runs may be
    of any length): searched from :func:`solid_start`, where no match can start before, so the
    answer is that of a search from the text's start, at a cost bounded by the pattern, not by
    the text (``^`` and ``\\b`` still see the text before)."""
    return pattern.search(text, solid_start(text, end, solid), end) is not None


def solid_start(text: str, end: int, solid: int) -> int:
    """The first offset of the longest part of ``text`` ending at ``end`` that holds at most
    ``solid`` characters other than white space (0 when the text before holds no more)."""
    start, left = end, solid + 1
    while start > 0:
        if not text[start - 1].isspace():
            left -= 1
            if not left:
                break
        start -= 1
    return start


def solid_end(text: str, start: int, solid: int) -> int:
    """The end of the longest part of ``text`` from ``start`` that holds at most ``solid``
    characters other than white space (the text's end when the text after holds no more)."""
    end, left = start, solid + 1
    while end < len(text):
        if not text[end].isspace():
            left -= 1
            if not left:
                break
        end += 1
    return end
