"""More liked things joined to the first in an English taste: "I love sushi and pizza" likes both.

The taste patterns read the thing right after the verb (sushi); the things listed after it ("X and
Y", "X, Y and Z", "X, Y, and Z", "both X and Y") are liked (or disliked, or no longer liked) the
same way. Only plain lower-case things of the first one's kind (a noun or an -ing activity) join;
the list is read as nothing (today's single reading kept) when "and" opens a clause or names one
thing:

- a person, a pronoun or a verb after "and" ("I like jazz and Tom likes rock", "and eat it weekly",
  "and I go every week"), or a listed thing followed by a verb ("cats and dogs hate me");
- a capitalised part: a title or a name joined by "and" ("Tom and Jerry", "Simon and Garfunkel");
- a fixed pair that names one thing (:data:`_ONE_THING`: "rock and roll", "mac and cheese").

"or" lists are left alone: "I don't like tea or coffee" is two dislikes only under the negation.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..schema import PERSON, EntityRef
from .blocks import _NOT_A_TASTE

if TYPE_CHECKING:
    from .match import _Match

__all__ = ["joined_things"]

# between two listed things: ", ", ", and ", " and " (one separator, nothing else)
_SEP = re.compile(r"[ \t]{0,3},[ \t]{0,3}(?:and[ \t]{1,3})?|[ \t]{1,3}and[ \t]{1,3}", re.IGNORECASE)
_AND = re.compile(r"\band\b", re.IGNORECASE)
_THE = re.compile(r"(?:the|some|a|an)[ \t]{1,3}", re.IGNORECASE)
_GERUND = re.compile(r"[a-z]+ing\b")
# a pair joined by "and" that names one thing (a dish, a genre, a seasoning): kept short, general
_ONE_THING = frozenset({
    ("rock", "roll"), ("mac", "cheese"), ("macaroni", "cheese"), ("fish", "chips"), ("salt", "pepper"),
    ("bread", "butter"), ("rhythm", "blues"), ("drum", "bass"), ("sweet", "sour"), ("surf", "turf"),
    ("butter", "jelly"), ("bangers", "mash"), ("hide", "seek"), ("trial", "error"), ("oil", "vinegar"),
})
# what a listed thing may not be followed by: a possessive, another list ("X and Y or Z")
_NOT_AFTER = re.compile(r"['’]|[ \t]{1,3}(?:or|nor)\b", re.IGNORECASE)
_SPAN = 160  # how far a listed thing is read (a bound: no scan of a long sentence per match)


def _first_end(h: _Match, first: EntityRef) -> int:
    """Where the first thing read ends in the annotated text (-1 when it is not found in the match)."""
    text = h.ex.annotation.text
    lo = h.view.origin[h.m.end("verb") - 1] + 1
    hi = h.end + len(first.name)
    at = text[lo:hi].lower().find(first.name.lower())
    return -1 if at < 0 else lo + at + len(first.name)


def _item(h: _Match, lo: int) -> tuple[str, int] | None:
    """The plain lower-case thing listed at ``lo`` and where it ends, if one is."""
    text = h.ex.annotation.text
    the = _THE.match(text, lo)
    start = the.end() if the is not None else lo
    if not text[start : start + 1].islower():
        return None  # a name, a title, a pronoun "I"
    phrase = h.ex.noun_phrase(lo, min(len(text), lo + _SPAN), zh=False)
    if not phrase or not text.startswith(phrase, start) or phrase in _NOT_A_TASTE:
        return None  # a verb ("and eat it"), a pronoun ("and she loves"), no thing
    if any(lo <= m.start < start + len(phrase) for m in h.ex.mentions):
        return None  # a mention: someone, not a thing
    return phrase, start + len(phrase)


def _opens_clause(h: _Match, end: int) -> bool:
    """Whether the word after a listed thing ending at ``end`` is its verb, after an adverb or two
    ("dogs hate me", "jazz just puts me to sleep")."""
    if _NOT_AFTER.match(h.ex.annotation.text, end):
        return True
    adverbs = 0
    for tok, start, _e in h.ex._tokens_in(end, end + 60):
        if start < end:
            continue
        if tok.upos == "ADV" and adverbs < 2:
            adverbs += 1
            continue
        return tok.upos in ("VERB", "AUX", "PRON", "PROPN") and not tok.text.lower().endswith("ing")
    return False


def joined_things(h: _Match, first: EntityRef) -> list[EntityRef]:
    """The things listed after ``first``, the one thing an English taste read (none unless every
    listed part is a plain thing of its kind and the list ends with "and" and a thing)."""
    if first.type == PERSON:
        return []
    pos = _first_end(h, first)
    if pos < 0:
        return []
    text = h.ex.annotation.text
    gerund = _GERUND.match(first.name) is not None
    last_word = first.name.rsplit(" ", 1)[-1].lower()
    out: list[EntityRef] = []
    anded = False  # whether the last separator read holds "and"
    while (sep := _SEP.match(text, pos)) is not None:
        item = _item(h, sep.end())
        if item is None or (_GERUND.match(item[0]) is not None) != gerund:
            break  # the list ends before a clause ("and I go every week") or another kind of thing
        phrase, end = item
        if (last_word, phrase.split(" ", 1)[0]) in _ONE_THING:
            return []  # "mac and cheese": one thing
        out.append(EntityRef(phrase, first.type))
        anded = _AND.search(sep.group(0)) is not None
        last_word, pos = phrase.rsplit(" ", 1)[-1], end
    if not out or not anded or _opens_clause(h, pos):
        return []
    return out
