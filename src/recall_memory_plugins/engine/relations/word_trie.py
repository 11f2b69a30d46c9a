"""Long word lists made quick to search with Python's ``re``: the same texts match, faster.

A word list like the doubt rule's change words (:mod:`.doubt_words`) is an alternation of a few
hundred words, ``(?<![a-z])(?:former(?:ly)?|ex-|old|…)(?![a-z])``, and Python's ``re`` tries every
alternative at the start of every word. :func:`compact` rewrites such a pattern:

- the words of every ``(?<![a-z])(?:…)(?![a-z])`` group are merged into one group and grouped by
  their first letters, as a trie (``mov(?:e|ed)|move in`` -> ``m(?:ov(?:e|ed)|ove in)``);
- a leading group of a few alternatives is spread out (``(?:is|was) over`` -> ``is over|was over``)
  so that its words join the trie;
- the alternatives that can only start with a Chinese character are grouped by their first
  characters too, and when there are many, tried only where one is (a look-ahead for the CJK
  range);
- anything else is kept as it is, after those.

Whether a text matches anywhere is unchanged; which match :meth:`re.Pattern.search` returns may
differ (the alternatives are reordered), so the result is for ``search(...) is not None`` only.
``tests/unit/test_word_trie.py`` checks both patterns on every word of the lists and on text.
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["compact", "split_alternatives"]

_HEAD = "(?<![a-z])(?:"
_TAIL = ")(?![a-z])"
# the ranges a Chinese word starts in (CJK punctuation and ideographs, full-width forms)
_CJK = "\u3000-\u9fff\uff00-\uffef"
_QUANTIFIERS = "?*+{"
_OPTIONAL = "?*{"  # (a quantifier that may match nothing: what follows may start the match)
_SPREAD = 8  # the most alternatives of a leading group that are spread into the trie
_GUARDED = 8  # more first characters than this: the Chinese words are tried after a look-ahead


def _syntax(pattern: str, start: int = 0) -> Iterator[tuple[int, str]]:
    """The characters of ``pattern`` from ``start`` that are syntax: not escaped, not in a class."""
    in_class, escaped = False, False
    for i in range(start, len(pattern)):
        ch = pattern[i]
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        else:
            yield i, ch


def split_alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of ``pattern`` (``|`` outside groups, classes and escapes)."""
    parts: list[str] = []
    depth, start = 0, 0
    for i, ch in _syntax(pattern):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
    parts.append(pattern[start:])
    return parts


def _group_end(pattern: str, start: int) -> int:
    """The index of the ``)`` that closes the group opened at ``start`` (-1: none)."""
    depth = 0
    for i, ch in _syntax(pattern, start):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _word_body(part: str) -> str | None:
    """The inside of a whole-word group ``(?<![a-z])(?:…)(?![a-z])``, else None."""
    if not (part.startswith(_HEAD) and part.endswith(_TAIL)):
        return None
    open_at = len(_HEAD) - len("(?:")
    if _group_end(part, open_at) != len(part) - len(_TAIL):
        return None
    return part[len(_HEAD) : -len(_TAIL)]


def _is_cjk(ch: str) -> bool:
    return "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef"


def _starts_cjk(part: str) -> bool:
    """Whether every match of ``part`` starts with a character in the CJK ranges."""
    if not part:
        return False
    if part.startswith("(?:"):
        end = _group_end(part, 0)
        inner = part[3:end]
        return end > 0 and part[end + 1 : end + 2] not in tuple(_OPTIONAL) \
            and all(_starts_cjk(a) for a in split_alternatives(inner))
    if part[0] == "[":
        end = part.find("]", 1)
        members = part[1:end]
        return end > 1 and part[end + 1 : end + 2] not in tuple(_OPTIONAL) \
            and all(_is_cjk(c) for c in members)
    return _is_cjk(part[0]) and part[1:2] not in tuple(_OPTIONAL)


def _literal_head(part: str) -> bool:
    """Whether ``part`` starts with one literal character that no quantifier follows."""
    return bool(part) and (part[0].isalnum() or part[0] in " -'’") \
        and part[1:2] not in tuple(_QUANTIFIERS)


def _spread(part: str) -> list[str]:
    """``(?:a|b)c`` as ``ac``, ``bc`` (a leading group of at most :data:`_SPREAD` alternatives
    that no quantifier follows), so that the trie can take them apart; else ``[part]``."""
    if not part.startswith("(?:"):
        return [part]
    end = _group_end(part, 0)
    inner = split_alternatives(part[3:end]) if end > 0 else []
    if not inner or len(inner) > _SPREAD or part[end + 1 : end + 2] in tuple(_QUANTIFIERS):
        return [part]
    return [spread for a in inner for spread in _spread(a + part[end + 1 :])]


def _trie(parts: list[str], depth: int = 4) -> str:
    """``parts`` as one alternation, grouped by their literal first characters."""
    groups: dict[str, list[str]] = {}
    rest: list[str] = []
    for part in (spread for p in parts for spread in _spread(p)):
        if _literal_head(part):
            groups.setdefault(part[0], []).append(part[1:])
        else:
            rest.append(part)
    out = []
    for ch, tails in groups.items():
        lead = "\\-" if ch == "-" else ch
        if len(tails) == 1:
            out.append(lead + tails[0])
        else:
            inner = _trie(tails, depth - 1) if depth > 1 else "|".join(tails)
            out.append(f"{lead}(?:{inner})")
    return "|".join(out + rest)


def compact(pattern: str) -> str:
    """``pattern`` rewritten to search faster; a text matches it iff it matches ``pattern``.

    For patterns without inline flags, searched for whether they match (see the module)."""
    words: list[str] = []
    cjk: list[str] = []
    other: list[str] = []
    for part in split_alternatives(pattern):
        body = _word_body(part)
        if body is not None:
            words.extend(split_alternatives(body))
        elif _starts_cjk(part):
            cjk.append(part)
        else:
            other.append(part)
    out = []
    if words:
        out.append(f"{_HEAD}{_trie(words)}{_TAIL}")
    if cjk:  # (a few are quicker tried as they are: the look-ahead costs at every position)
        many = len({p[0] for p in cjk for p in _spread(p)}) > _GUARDED
        out.append(f"(?=[{_CJK}])(?:{_trie(cjk)})" if many else _trie(cjk))
    return "|".join(out + other)
