"""Sentence splitting: English abbreviations and initials, Chinese terminators, wrapped lines."""

from __future__ import annotations

import re

from .scripts import _is_cjk

# Chinese, Japanese (｡ half-width), Devanagari (। ॥), Arabic/Urdu (؟ ۔), Ethiopic (።) and full-width
# (．, not between digits) stops always end a sentence; Latin ones by the rules below
_ALWAYS_STOPS = "。！？；｡।॥؟۔።"
_TERMINATOR_RE = re.compile(rf"[{_ALWAYS_STOPS}]+|．(?![0-9０-９])|[.!?…]+|\n")
_CLOSERS = frozenset("\"'”’」』）)]》»")
_WORD_BEFORE_RE = re.compile(r"[\w.'’&-]+$")
_DOTTED_RE = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]")
_NEXT_WORD_RE = re.compile(r"[\"'“‘(\[]*([A-Za-z]+)")

# A period after these never ends a sentence (a name or a number follows).
_NEVER_FINAL_ABBREVS = frozenset(
    """mr mrs ms mx dr prof rev hon gen col capt lt sgt gov sen rep pres supt fig figs vs v cf
    e.g i.e eg ie approx al ca ph.d""".split()
)
# A period after these ends a sentence only when a typical sentence opener follows.
_MAYBE_FINAL_ABBREVS = frozenset(
    """etc inc ltd co corp llc plc bros jr sr st mt no nos vol ed eds dept univ ave blvd rd est
    jan feb mar apr jun jul aug sep sept oct nov dec tue tues thu thur thurs fri""".split()
)
# lower-case words that open a chat sentence after a full stop
_LOWER_STARTERS = frozenset(
    "i im she he they we it you u me my our pls please lol ok okay anyway thanks thx btw".split()
)
_SENTENCE_STARTERS = frozenset(
    """The A An I He She It We They You This That These Those There Then But And So Or Yet
    However Meanwhile Also In On At After Before When While If My Our His Her Their Its Your
    What Why How Who Where Which Yesterday Today Tomorrow Now Later Next Finally Still Because
    Although Since Please Thanks Thank No Yes""".split()
)


def _trimmed(text: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None


def _newline_breaks(text: str, i: int) -> bool:
    """Whether the single newline at ``i`` ends a sentence (wrapped English prose does not)."""
    n = len(text)
    j = i + 1
    while j < n and text[j] in " \t\r\f\v":
        j += 1
    if j >= n or text[j] == "\n":
        return True  # a blank line or the end of the text
    k = i - 1
    while k >= 0 and text[k] in " \t\r\f\v":
        k -= 1
    if k < 0:
        return True
    prev, nxt = text[k], text[j]
    # A hard-wrapped English line continues in lower case after a letter, digit or comma.
    return not (nxt.islower() and (prev.isalnum() or prev in ",;:-–(") and not _is_cjk(prev))


def _latin_break(text: str, s: int, e: int, term: str) -> bool:
    """Whether the Latin terminator ``text[s:e]`` (closers included) ends a sentence."""
    n = len(text)
    if (s > 0 and _is_cjk(text[s - 1])) or (e < n and _is_cjk(text[e])):
        return True  # Chinese text puts no space between sentences
    if e >= n:
        return True
    if not text[e].isspace():
        return False  # 3.5, e.g., example.com, "?!" inside a token
    j = e
    while j < n and text[j].isspace():
        j += 1
    if j >= n:
        return True
    if "!" in term or "?" in term:
        return True
    if text[j].islower():
        # chat style: "… this morning. she's ok": a new sentence in lower case after a word
        # that is no abbreviation (never "e.g. the", "approx. five", "vs. them")
        if term == "." and s > 0 and text[s - 1] in ")]":
            return True  # a bracket closed before the stop: "… (ex-JetBrains). not open to moves"
        nm = _NEXT_WORD_RE.match(text, j)
        if term != "." or nm is None or nm.group(1) not in _LOWER_STARTERS:
            return False
        m = _WORD_BEFORE_RE.search(text, max(0, s - 40), s)
        before = m.group().lstrip(".'’&-") if m else ""
        return len(before) > 1 and before.isalpha() and before.islower() and (
            before not in _NEVER_FINAL_ABBREVS and before not in _MAYBE_FINAL_ABBREVS
        )
    if term != ".":
        return True  # an ellipsis followed by a capital
    m = _WORD_BEFORE_RE.search(text, max(0, s - 40), s)
    word = m.group().lstrip(".'’&-") if m else ""
    low = word.lower()
    if low in _NEVER_FINAL_ABBREVS:
        return False
    if len(word) == 1 and word.isupper():
        return False  # an initial: "J. K. Rowling"
    if low in _MAYBE_FINAL_ABBREVS or _DOTTED_RE.fullmatch(word):
        nm = _NEXT_WORD_RE.match(text, j)
        return nm is not None and nm.group(1) in _SENTENCE_STARTERS
    return True


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Split ``text`` into sentences and return their ``(start, end)`` character offsets.

    English sentences end at ``.``, ``!``, ``?`` or an ellipsis followed by white space, except
    after abbreviations ("Dr. Smith", "e.g.", "U.S. Army"), initials and inside numbers ("3.5").
    Chinese sentences end at ``。！？；…`` (and at ASCII ``!?.`` next to Han characters); the stops
    of other scripts (``｡ ． । ॥ ؟ ۔ ።``) always end one. Closing
    quotes and brackets stay with their sentence. Blank lines always split; a single newline
    splits unless it looks like wrapped English prose. Offsets exclude surrounding white space.

    Args:
        text: The text to split.

    Returns:
        Non-empty, non-overlapping ``(start, end)`` pairs in text order.
    """
    spans: list[tuple[int, int]] = []
    start = 0
    n = len(text)

    def add(a: int, b: int) -> None:
        span = _trimmed(text, a, b)
        if span:
            spans.append(span)

    for m in _TERMINATOR_RE.finditer(text):
        s, e = m.span()
        if s < start:
            continue
        term = m.group()
        if term == "\n":
            if _newline_breaks(text, s):
                add(start, s)
                start = s + 1
            continue
        while e < n and text[e] in _CLOSERS:
            e += 1
        if term[0] in _ALWAYS_STOPS or term == "．" or _latin_break(text, s, e, term):
            add(start, e)
            start = e
    add(start, n)
    return spans
