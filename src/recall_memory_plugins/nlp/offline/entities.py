"""English entity spans: dates, then runs of proper nouns typed by cues and the gazetteers."""

from __future__ import annotations

import re

from .cues import (
    _CONNECTORS,
    _DATE_CUE_PREPS,
    _DATE_UNITS,
    _DAY_NUM_RE,
    _DAY_PARTS,
    _HOLIDAYS,
    _HYPHEN_GIVEN,
    _KOREAN_SURNAMES,
    _LOC_HEADS,
    _LOC_PREPS,
    _LOC_TAILS,
    _MONTH_ABBREVS,
    _MONTHS,
    _NAME_MONTHS,
    _NUMBER_WORDS,
    _ORG_HEADS,
    _ORG_SUFFIXES,
    _PERSON_PREV,
    _PROJECT_HEADS,
    _PROJECT_TAILS,
    _RELATIVE_DAYS,
    _RELATIVE_MODS,
    _TITLES,
    _WEEKDAY_ABBREVS,
    _WEEKDAYS,
    _YEAR_PREPS,
    _YEAR_RE,
)
from .english import _VERBISH
from .resources import _EnglishResources
from .tokens import _DATE, _NUM, _WORD, _Span, _Tok


def _is_day_num(tok: _Tok) -> bool:
    return tok.kind in (_NUM, _WORD) and _DAY_NUM_RE.match(tok.text) is not None


def _is_year(tok: _Tok) -> bool:
    return tok.kind == _NUM and _YEAR_RE.match(tok.text) is not None


def _month_or_weekday(toks: list[_Tok], k: int) -> bool:
    tok = toks[k]
    if tok.zh or not tok.text[:1].isupper():
        return False
    bare = tok.text.rstrip(".").lower()
    n = len(toks)
    near_number = (k > 0 and (_is_day_num(toks[k - 1]) or toks[k - 1].kind == _NUM)) or (
        k + 1 < n and toks[k + 1].kind == _NUM
    )
    if bare in _WEEKDAYS or bare in _HOLIDAYS:
        return True
    if bare in _MONTHS:
        if bare in _NAME_MONTHS:
            prev = toks[k - 1].text.lower() if k > 0 else ""
            return near_number or prev in _DATE_CUE_PREPS or prev in _RELATIVE_MODS
        return True
    if bare in _MONTH_ABBREVS or bare in _WEEKDAY_ABBREVS:
        return tok.text.endswith(".") or near_number
    return False


def _date_spans(toks: list[_Tok], taken: list[bool]) -> list[_Span]:
    spans: list[_Span] = []
    n = len(toks)
    k = 0
    while k < n:
        tok = toks[k]
        if tok.zh or taken[k]:
            k += 1
            continue
        low = tok.text.lower()
        start, end = k, k
        if tok.kind == _DATE:
            end = k + 1
        elif low in _RELATIVE_DAYS:
            end = k + 1
        elif _month_or_weekday(toks, k):
            end = k + 1
            if k > 0 and not taken[k - 1]:
                prev = toks[k - 1]
                if prev.text.lower() in _RELATIVE_MODS or _is_day_num(prev):
                    start = k - 1
        elif low in _RELATIVE_MODS and k + 1 < n and toks[k + 1].text.lower() in _DATE_UNITS:
            end = k + 2
        elif (
            (tok.kind == _NUM or low in _NUMBER_WORDS)
            and k + 2 < n
            and toks[k + 1].text.lower() in _DATE_UNITS
            and toks[k + 2].text.lower() == "ago"
        ):
            end = k + 3
        elif _is_year(tok) and k > 0 and toks[k - 1].text.lower() in _YEAR_PREPS:
            end = k + 1
        if end == k:
            k += 1
            continue
        # Grow over day numbers, years, month/weekday names and day parts ("March 5, 2024").
        while end < n and not taken[end]:
            nt = toks[end]
            if (
                _is_day_num(nt)
                or _is_year(nt)
                or _month_or_weekday(toks, end)
                or nt.text.lower() in _DAY_PARTS
            ):
                end += 1
            elif (
                nt.text == ","
                and end + 1 < n
                and (_is_year(toks[end + 1]) or _month_or_weekday(toks, end + 1))
            ):
                end += 2
            else:
                break
        for j in range(start, end):
            taken[j] = True
        spans.append(_Span(start, end, "DATE"))
        k = end
    return spans


# what follows a saint's or founder's name in an institution's name
_INSTITUTIONS = frozenset(
    "College University School Hospital Infirmary Academy Cathedral Church Hall Institute".split()
)


def _institution_at(toks: list[_Tok], i: int, k: int | None = None) -> bool:
    """Whether a capitalised name from ``toks[i]`` to ``toks[k]`` + "'s" + College / Hospital …
    names an institution: after "at", "to", "from", "in", "of" or "near" ("studies at King's
    College London", "from St John's College"; not "Priya's College friends")."""
    k = i if k is None else k
    return (
        toks[i].text[:1].isupper()
        and i > 0
        and toks[i - 1].text.lower() in ("at", "to", "from", "in", "of", "near")
        and k + 2 < len(toks)
        and toks[k + 1].text in ("'s", "’s")
        and toks[k + 2].text in _INSTITUTIONS
        and not toks[k + 2].zh
    )


def _is_title(tok: _Tok) -> bool:
    return tok.text.rstrip(".") in _TITLES


def _span_type(toks: list[_Tok], i: int, j: int, res: _EnglishResources) -> tuple[str, bool]:
    """Type a proper-noun span from cues; returns (type, strong)."""
    words = [toks[k].text for k in range(i, j)]
    key = " ".join(words).lower()
    first, last = words[0].rstrip("."), words[-1].rstrip(".")
    single = j - i == 1
    prev = toks[i - 1].text.lower() if i > 0 else ""
    is_first_name = words[0] in res.first_names
    if key in res.places:
        # "Jordan", "Austin": a place after a place preposition, otherwise a person.
        if is_first_name and single and (prev not in _LOC_PREPS or _from_person(toks, i, res)):
            return "PERSON", True
        return "LOCATION", True
    if key in res.entities:
        return res.entities[key], True
    if not single and (first in _PROJECT_HEADS or last in _PROJECT_TAILS):
        return "PROJECT", True
    if not single and last in _ORG_SUFFIXES:
        return "ORG", True
    if any(w in ("'s", "’s") for w in words) and any(w in _INSTITUTIONS for w in words):
        return "ORG", True
    if not single and first in _ORG_HEADS:
        return "ORG", True
    if i > 0 and _is_title(toks[i - 1]):
        return "PERSON", True
    if is_first_name and last not in _LOC_TAILS:
        return "PERSON", True
    if j - i == 2 and _HYPHEN_GIVEN.match(first) and last in _KOREAN_SURNAMES:
        return "PERSON", True  # "Jin-woo Park"
    if not single and (first in _LOC_HEADS or last in _LOC_TAILS):
        return "LOCATION", True
    if prev in _LOC_PREPS:
        return ("PERSON" if single and _from_person(toks, i, res) else "LOCATION"), False
    nxt = toks[j] if j < len(toks) else None
    verb_follows = nxt is not None and (nxt.xpos in _VERBISH or nxt.upos == "AUX")
    # Fallbacks. Acronyms and CamelCase words (RAG, GraphRAG, OpenAI) are as often products or
    # methods as organisations, so they stay MISC unless a cue or the gazetteer says otherwise.
    # A word the lexicon has never seen, acting as a subject or after "met"/"with", is most
    # likely a given name ("Xiaoming moved to Berlin").
    if (
        single
        and (words[0].istitle() or _HYPHEN_GIVEN.match(words[0]) is not None)  # ("Jin-woo")
        and words[0] not in res.lexicon
        and (nxt is None or not nxt.zh)
        and (verb_follows or prev in _PERSON_PREV)
        and not _gerund(words[0], res)
    ):
        return "PERSON", False
    return "MISC", False


def _from_person(toks: list[_Tok], i: int, res: _EnglishResources) -> bool:
    """Whether the given name at ``i`` ends "from <a given name> to <it>" ("moves from Gabriel to
    Ingrid", "switched from Nora to Marcus"): a person, like the one before it, not the town."""
    return (
        i >= 3
        and toks[i - 1].text.lower() == "to"
        and toks[i - 3].text.lower() == "from"
        and toks[i - 2].text in res.first_names
        and toks[i - 2].text.lower() not in res.places
    )


def _gerund(word: str, res: _EnglishResources) -> bool:
    """Whether an unknown capitalised word is an English gerund ("Onboarding notes", "Hiking
    plans": a sentence's first word): "-ing" after a word the lexicon knows ("onboard",
    "hike", "plan"). Given names ("Xiaoming", "Jing", "Sterling") have no such stem."""
    low = word.lower()
    if len(low) < 6 or not low.endswith("ing"):
        return False
    if res.lexicon.get(low, "NNP") not in ("NNP", "NNPS"):
        return True  # "hiking", "moving"
    stem = low[:-3]
    stems = (stem, stem + "e", stem[:-1] if stem[-1] == stem[-2] else "")
    return len(low) >= 7 and any(
        len(s) >= 4 and res.lexicon.get(s, "NNP") not in ("NNP", "NNPS") for s in stems
    )


def _english_spans(toks: list[_Tok], res: _EnglishResources) -> list[_Span]:
    n = len(toks)
    taken = [False] * n
    spans = _date_spans(toks, taken)
    i = 0
    while i < n:
        t = toks[i]
        # ("King's College": "King" may be tagged a common noun)
        owner = _institution_at(toks, i)
        if taken[i] or t.zh or (t.upos != "PROPN" and not owner) or (_is_title(t) and not owner):
            i += 1
            continue
        j = i + 1
        while j < n:
            u = toks[j]
            if u.zh or taken[j]:
                break
            if u.upos == "PROPN" and not _is_title(u):
                j += 1
                continue
            if (  # "King's College London", "St John's College": one institution
                u.text in ("'s", "’s")
                and _institution_at(toks, i, j - 1)
                and not toks[j + 1].zh
                and not taken[j + 1]
            ):
                j += 2
                continue
            if (
                u.text in _CONNECTORS
                and j + 1 < n
                and toks[j + 1].upos == "PROPN"
                and not toks[j + 1].zh
                and not taken[j + 1]
                # two people, not a firm: "Rafael Costa & Beatriz Lima", "Tom & Ana" (but "Marks & Spencer")
                and not (u.text == "&" and ((toks[i].text in res.first_names and toks[j + 1].text in res.first_names)
                                            or (j - i >= 2 and j + 2 < n and toks[j + 2].upos == "PROPN")))
            ):
                j += 2
                continue
            break
        typ, strong = _span_type(toks, i, j, res)
        if j < n and not taken[j] and _VERSION.fullmatch(toks[j].text):
            j += 1  # "Loyalty 2.0", "Web 3.0": a dotted version is part of the name
        elif typ != "PERSON" and _numbered(toks, j, taken):
            # "Channel 4", "Studio 54", "Apollo 11 Labs": a number closes or continues a name
            j += 1
            while j < n and toks[j].upos == "PROPN" and not toks[j].zh and not taken[j]:
                j += 1
            typ, strong = _span_type(toks, i, j, res)
        spans.append(_Span(i, j, typ, strong))
        i = j
    return spans


_VERSION = re.compile(r"v?\d+(?:\.\d+)+")
_NUMBER = re.compile(r"[1-9]\d{0,2}")  # (not a year, not "07")
# what may follow a name's number: the end of the clause, a word that is no counted thing
_AFTER_NUMBER = frozenset({"PUNCT", "ADP", "CCONJ", "SCONJ", "VERB", "AUX", "PART", "PROPN"})
_WHEN = frozenset("last next this today yesterday tomorrow tonight now recently".split())
_COUNTED = _DATE_UNITS | frozenset(
    "hours hour minutes mins times am pm a.m. p.m. % percent km miles kg lbs o'clock x".split()
)


def _numbered(toks: list[_Tok], j: int, taken: list[bool]) -> bool:
    """Whether the token at ``j``, after a name, is a number that belongs to it: "Channel 4",
    "Metro Line 4 since May"; not "Leeds 2 years ago", "gave Ana 5 apples", "Zara 2020"."""
    if j >= len(toks) or taken[j] or not _NUMBER.fullmatch(toks[j].text):
        return False
    if j + 1 == len(toks):
        return True
    after = toks[j + 1]
    word = after.text.lower()
    return not after.zh and word not in _COUNTED and (after.upos in _AFTER_NUMBER or word in _WHEN)
