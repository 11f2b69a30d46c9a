"""Find the mentions of entities in annotated text: names, pronouns and definite descriptions.

Names come from the annotator's NER spans first, then from runs of proper nouns, Chinese name
suffixes (星火 + 计划 -> PROJECT, 销售 + 部 -> ORG), quoted names (‘星火计划’) and a small
gazetteer of the namespace's recently seen names (so a name the annotator missed this time is
still found). Pure functions: no store access.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import pairwise

from ...nlp.base import Annotation, Sentence
from .lexicon import (
    DEFINITE_NOUNS,
    DETERMINERS_EN,
    DETERMINERS_ZH,
    ORG_SUFFIXES,
    PROJECT_WORDS,
    PRONOUNS,
    TITLES,
    ZH_INDUSTRY,
    ZH_LOCATION_SUFFIXES,
    ZH_ORG_SUFFIXES,
    ZH_PROJECT_SUFFIXES,
    ZH_RELATION_WORDS,
    gender_of,
)
from .names import after_month, clean_name, is_cjk, name_variants, token_offsets
from .schema import (
    LOCATION,
    NER_TYPES,
    ORG,
    OTHER,
    PERSON,
    PROJECT,
    Mention,
)

__all__ = [
    "Gazetteer",
    "clean_name",
    "find_mentions",
    "is_cjk",
    "known_names",
    "name_variants",
    "token_offsets",
]

_QUOTED = re.compile(r"[‘“「『《\"]([^’”」』》\"\n]{1,24})[’”」』》\"]")
_HAS_WORD = re.compile(r"\w")
_ZH_PREPOSITIONS = frozenset("向给由和跟与被把对让叫请从")
_WORDS = re.compile(r"\w+")
# Lexicon combinations tested per token, built once.
_NAME_SUFFIX_WORDS = ORG_SUFFIXES | PROJECT_WORDS
_ZH_INDUSTRY_TUPLE = tuple(ZH_INDUSTRY)
_ZH_NAME_SUFFIXES = ZH_PROJECT_SUFFIXES + ZH_ORG_SUFFIXES
_ZH_NAME_SUFFIXES_SHORT = ZH_PROJECT_SUFFIXES + ZH_ORG_SUFFIXES[:6] + tuple("苑园区村庄城")  # (天通 + 苑: a place kept whole)
_ZH_DETERMINER_STARTS = frozenset(d[0] for d in DETERMINERS_ZH)


@lru_cache(maxsize=1024)
def _ner_type(tag: str) -> tuple[str, str | None] | None:
    """``("B", "PERSON")`` from ``B-PERSON``; ``("S", type)`` for an unprefixed tag."""
    if not tag or tag == "O":
        return None
    if len(tag) > 2 and tag[1] == "-" and tag[0] in "BIESLU":
        prefix, label = tag[0], tag[2:]
    else:
        prefix, label = "S", tag
    label = label.upper()
    if label not in NER_TYPES:
        return prefix, label  # an unknown label: keep it as the type
    return prefix, NER_TYPES[label]


def _guess_type(words: Sequence[str]) -> str | None:
    """A type for an untagged proper name from its words (Mr Smith, Acme Inc, Project Spark)."""
    if not words:
        return None
    joined = "".join(words)
    if is_cjk(joined):
        if joined.endswith(ZH_PROJECT_SUFFIXES) and len(joined) >= 3:
            return PROJECT
        if joined.endswith(ZH_ORG_SUFFIXES) and len(joined) >= 3:
            return ORG
        if joined.endswith(ZH_LOCATION_SUFFIXES) and len(joined) >= 2:
            return LOCATION
        return None
    first, last = words[0].lower(), words[-1].lower()
    if first in TITLES:
        return PERSON
    if first in PROJECT_WORDS or last in PROJECT_WORDS:
        return PROJECT
    if last in ORG_SUFFIXES:
        return ORG
    if gender_of(words[0]) is not None:
        return PERSON
    return None


def _sentence_spans(
    sentence: Sentence,
) -> list[tuple[int, int, str, str | None]]:
    """Token spans ``(first, end, kind, type)`` of names, definites and pronouns."""
    toks = sentence.tokens
    n = len(toks)
    taken = [False] * n
    spans: list[tuple[int, int, str, str | None]] = []

    def claim(a: int, b: int, kind: str, type_: str | None) -> None:
        if a < b and not any(taken[a:b]):
            for k in range(a, b):
                taken[k] = True
            spans.append((a, b, kind, type_))

    def trim(a: int, b: int) -> int:
        """End of a Latin name span without trailing lower-case words ("Alice now" -> "Alice")."""
        while b - 1 > a and toks[b - 1].text[:1].islower() and toks[b - 1].text.isascii() and toks[b - 1].text not in _NAME_SUFFIX_WORDS:
            b -= 1
        return b

    # 1. NER spans (BIOES / BIO / bare labels).
    i = 0
    while i < n:
        ner = toks[i].ner
        parsed = _ner_type(ner) if ner and ner != "O" else None
        if parsed is None:
            i += 1
            continue
        prefix, type_ = parsed
        j = i + 1
        if prefix in "BI":
            while j < n:
                nxt = _ner_type(toks[j].ner)
                if nxt is None or nxt[0] not in "IEL" or nxt[1] != type_:
                    break
                j += 1
                if nxt[0] in "EL":
                    break
        joined = "".join(t.text for t in toks[i:j])
        if type_ == PERSON and len(joined) >= 4 and joined.endswith(_ZH_INDUSTRY_TUPLE):
            type_ = ORG  # 东方纺织: a company whose first word is also a surname
        if type_ == OTHER and joined in ZH_RELATION_WORDS:
            i = max(j, i + 1)  # a verb the segmenter took for a name (汇报 as MISC)
            continue
        if type_ is not None and not all(t.upos == "PRON" for t in toks[i:j]):
            latin = toks[i].text.isascii()
            if latin and j < n and toks[j].text.lower() in _NAME_SUFFIX_WORDS \
                    and (toks[j].ner or "O") == "O":  # "Nova team", "Apollo project"
                j += 1
                type_ = _guess_type([t.text for t in toks[i:j]]) or type_
            if not latin and j < n and toks[j].text in ZH_INDUSTRY and (toks[j].ner or "O") == "O":
                j += 1  # 华彩 + 设计, 恒信 + 证券: a company name
                type_ = ORG
            # a PROJECT/ORG name followed by its suffix word (星火 + 计划) belongs together
            if (
                j < n
                and toks[j].text in _ZH_NAME_SUFFIXES_SHORT
                and not (toks[j].ner and toks[j].ner != "O") and not (type_ in (ORG, PERSON) and toks[j].text in "苑园区村庄城")
            ):
                if "".join(t.text for t in toks[i:j]).endswith(ZH_PROJECT_SUFFIXES):
                    pass  # 星火计划 + 项目: the suffix is a classifier, not part of the name
                else:
                    j += 1
                    type_ = _guess_type([t.text for t in toks[i:j]]) or type_
            if j - i == 3 and toks[i + 1].text == "&" and ((gender_of(toks[i].text) and gender_of(toks[i + 2].text)) or (type_ == PERSON and (gender_of(toks[i].text) or gender_of(toks[i + 2].text)))):
                claim(i, i + 1, "name", PERSON)  # "Lars & Ingrid separated", "Elena & Igor": two people
                claim(i + 2, j, "name", PERSON)
            else:
                claim((a := after_month(toks, i, j)), trim(a, j), "name", type_)
        i = max(j, i + 1)

    # 2. Chinese names by suffix: one word (销售部, 星火计划) or a word + suffix word (星火 + 计划,
    #    归航 + 项目, 远航 + 物流). Only a cue: such names are kept when a relation uses them.
    for i, tok in enumerate(toks):
        if taken[i] or tok.upos not in ("NOUN", "PROPN", "X") or not is_cjk(tok.text):
            continue
        suffix = tok.text in _ZH_NAME_SUFFIXES or tok.text in ZH_INDUSTRY
        if suffix and i > 0 and not taken[i - 1]:
            prev = toks[i - 1]
            if (
                prev.upos in ("NOUN", "PROPN", "X", "VERB", "ADJ")
                and is_cjk(prev.text)
                and len(prev.text) >= 2
                and prev.text not in ZH_RELATION_WORDS
                and prev.text not in DEFINITE_NOUNS and prev.xpos not in ("t", "NT")  # (a time: not 现在 + 项目)
            ):
                type_ = ORG if tok.text in ZH_INDUSTRY else _guess_type([prev.text, tok.text])
                if type_ in (PROJECT, ORG):  # (a project of two words: 数据 + 迁移 + 项目, 用户 + 增长 + 项目)
                    two = tok.text == "项目" and i > 1 and not taken[i - 2] and toks[i - 2].upos == "NOUN" and is_cjk(toks[i - 2].text) and len(toks[i - 2].text) >= 2 and toks[i - 2].text not in DEFINITE_NOUNS
                    claim(i - 2 if two else i - 1, i + 1, "weak", type_)
                    continue
        if tok.text in DEFINITE_NOUNS or tok.text in ZH_ORG_SUFFIXES:
            continue
        type_ = _guess_type([tok.text])
        if type_ in (PROJECT, ORG) and len(tok.text) >= 3:
            claim(i, i + 1, "weak", type_)

    # 3. Runs of proper nouns the NER left out (an English name starts with a capital).
    def propn(k: int) -> bool:
        tok = toks[k]
        if tok.upos != "PROPN" or tok.text in ZH_RELATION_WORDS:
            return False
        return not (tok.text.isascii() and tok.text[:1].islower())

    i = 0
    while i < n:
        if taken[i] or not propn(i):
            i += 1
            continue
        j = i + 1
        while j < n and not taken[j] and propn(j):
            j += 1
        words = [t.text for t in toks[i:j]]
        if i > 0 and not taken[i - 1] and toks[i - 1].text.lower() in TITLES:
            i -= 1
            words = [toks[i].text, *words]
        if j < n and not taken[j] and toks[j].text.lower() in _NAME_SUFFIX_WORDS:
            j += 1
            words.append(toks[j - 1].text)
        a = after_month(toks, i, j)
        claim(a, j, "name", _guess_type(words[a - i :]))
        i = j

    # 4. Definite descriptions: "the project", "this company", "这个项目", "该公司".
    lows = [t.text.lower() for t in toks]
    for i, tok in enumerate(toks):
        if taken[i]:
            continue
        low = lows[i]
        if (
            low in DEFINITE_NOUNS
            and i > 0
            and not taken[i - 1]
            and not (i + 1 < n and toks[i + 1].upos in ("NOUN", "PROPN"))  # "the project manager"
        ):
            det = lows[i - 1]
            if det in DETERMINERS_EN or det in DETERMINERS_ZH:
                claim(i - 1, i + 1, "definite", DEFINITE_NOUNS[low])
                continue
        if tok.text[:1] not in _ZH_DETERMINER_STARTS:
            continue
        for det in DETERMINERS_ZH:  # jieba may keep 这个项目 / 该公司 as one word
            rest = tok.text[len(det) :]
            if tok.text.startswith(det) and rest in DEFINITE_NOUNS:
                claim(i, i + 1, "definite", DEFINITE_NOUNS[rest])
                break

    for i, low in enumerate(lows):  # 5. Pronouns; "两个"+"人": the two of them (not "我们两个人")
        two = i + 1 < n and low + lows[i + 1] in PRONOUNS and not (i and lows[i - 1] in PRONOUNS)
        if not taken[i] and (low in PRONOUNS or two) and not (two and taken[i + 1]):
            claim(i, i + 1 + (low not in PRONOUNS), "pronoun", None)
    return sorted(spans)


def find_mentions(
    annotation: Annotation, *, gazetteer: Mapping[str, str | None] | Gazetteer | None = None
) -> list[Mention]:
    """Mentions of entities in ``annotation``, in text order.

    Args:
        annotation: the annotated text.
        gazetteer: known names (any case) -> entity type, searched for in the text too, so a
            recently seen entity is found even where the annotator did not tag it (a mapping,
            or a prepared :class:`Gazetteer`).
    """
    text = annotation.text
    known = gazetteer if isinstance(gazetteer, Gazetteer) else Gazetteer(gazetteer)
    out: list[Mention] = []
    for s_idx, sentence in enumerate(annotation.sentences):
        offsets = token_offsets(annotation, sentence)
        found: list[Mention] = []
        for a, b, kind, type_ in _sentence_spans(sentence):
            start, end = offsets[a][0], offsets[b - 1][1]
            surface = text[start:end]
            if kind == "pronoun":
                person, gender, plural = PRONOUNS[surface.lower()]
                found.append(
                    Mention(
                        surface,
                        start,
                        end,
                        s_idx,
                        "pronoun",
                        gender=gender,
                        plural=plural,
                        person=person,
                    )
                )
            elif kind == "definite":
                found.append(Mention(surface, start, end, s_idx, "definite", type=type_))
            else:
                if (
                    type_ == PERSON
                    and is_cjk(surface)
                    and len(surface) >= 3
                    and (surface[0] in _ZH_PREPOSITIONS)
                ):  # jieba glues a preposition to a name: 向王五 -> 王五
                    start += 1
                    surface = text[start:end]
                name = clean_name(surface)
                if not name or not _HAS_WORD.search(name):
                    continue
                gendered = type_ == PERSON or (type_ is None and not is_cjk(name))
                gender = gender_of(name) if gendered else None
                found.append(
                    Mention(
                        surface,
                        start,
                        end,
                        s_idx,
                        "name",
                        type=type_,
                        gender=gender,
                        weak=kind == "weak",
                    )
                )
        out.extend(_add_char_level(text, sentence, found, s_idx, known))  # in text order
    return out


def _start(m: Mention) -> int:
    return m.start


def _overlaps(m: Mention, start: int, end: int) -> bool:
    return m.start < end and start < m.end


class _Spans:
    """The mentions of one sentence while char-level names replace the token spans they overlap.

    A long sentence (text without punctuation) has thousands of mentions and thousands of
    gazetteer hits, so the mentions a span overlaps are found by bisection, not by a scan: the
    token spans do not overlap each other, and each replacement keeps it so. Spans that do
    overlap (odd annotator offsets) fall back to scanning, with the same result.
    """

    __slots__ = ("disjoint", "ends", "items", "next_seq", "seq", "starts")

    def __init__(self, mentions: Sequence[Mention]) -> None:
        order = sorted(range(len(mentions)), key=lambda k: (mentions[k].start, mentions[k].end))
        items = [mentions[k] for k in order]
        self.disjoint = all(m.start <= m.end for m in items) and all(
            a.end <= b.start for a, b in pairwise(items)
        )
        if self.disjoint:
            self.items = items
            self.seq = order  # insertion order: it breaks ties of equal starts, as before
        else:
            self.items = list(mentions)
            self.seq = list(range(len(mentions)))
        self.starts = [m.start for m in self.items]
        self.ends = [m.end for m in self.items]
        self.next_seq = len(mentions)

    def _range(self, start: int, end: int) -> tuple[int, int]:
        """``[i, j)``: the items overlapping ``start..end`` (sorted, disjoint items)."""
        i = bisect_right(self.ends, start)
        return i, max(i, bisect_left(self.starts, end))

    def overlapping(self, start: int, end: int) -> list[Mention]:
        """The mentions overlapping ``start..end`` (``start < end``)."""
        if self.disjoint:
            i, j = self._range(start, end)
            return self.items[i:j]
        return [m for m in self.items if _overlaps(m, start, end)]

    def replace(self, mention: Mention) -> None:
        """Drop the mentions ``mention`` overlaps and add it (``mention.start < mention.end``)."""
        seq = self.next_seq
        self.next_seq += 1
        start, end = mention.start, mention.end
        if self.disjoint:
            i, j = self._range(start, end)
            self.items[i:j] = [mention]
            self.starts[i:j] = [start]
            self.ends[i:j] = [end]
            self.seq[i:j] = [seq]
            return
        keep = [k for k, m in enumerate(self.items) if not _overlaps(m, start, end)]
        self.items = [*(self.items[k] for k in keep), mention]
        self.seq = [*(self.seq[k] for k in keep), seq]
        self.starts = [m.start for m in self.items]
        self.ends = [m.end for m in self.items]

    def in_order(self) -> list[Mention]:
        """The mentions by start, the earlier added first on equal starts."""
        order = sorted(range(len(self.items)), key=lambda k: (self.starts[k], self.seq[k]))
        return [self.items[k] for k in order]


def _add_char_level(
    text: str,
    sentence: Sentence,
    found: list[Mention],
    s_idx: int,
    gazetteer: Gazetteer,
) -> list[Mention]:
    """Add quoted names and gazetteer names (character offsets, not tokens); the mentions in
    text order."""
    lo, hi = sentence.start_char, sentence.end_char
    chunk = text[lo:hi]
    hits = gazetteer.hits(chunk)
    if not hits and _QUOTED.search(chunk) is None:
        # nothing to add (most sentences): the token spans by start, the earlier first on
        # equal starts, as :meth:`_Spans.in_order` gives them
        return sorted(found, key=_start)
    spans = _Spans(found)
    for match in _QUOTED.finditer(chunk):
        inner = match.group(1).strip()
        if not inner or inner.lower() in PRONOUNS or len(inner.split()) > 5:
            continue
        start = lo + match.start(1)
        end = lo + match.end(1)
        # a quoted name replaces the token spans it overlaps (‘星火计划’ tagged 星火 + 计划)
        type_ = _guess_type(inner.split() if not is_cjk(inner) else [inner])
        if type_ is None and is_cjk(inner):
            type_ = PROJECT if inner.endswith(ZH_PROJECT_SUFFIXES) else None
        spans.replace(Mention(text[start:end], start, end, s_idx, "name", type=type_))
    for start, end, type_ in hits:
        start, end = lo + start, lo + end
        inside = spans.overlapping(start, end)
        if any(m.kind != "name" or (m.start <= start and end <= m.end) for m in inside):
            continue
        # a longer known name wins over shorter token spans inside it (张 + 三 -> 张三)
        spans.replace(Mention(text[start:end], start, end, s_idx, "name", type=type_))
    return spans.in_order()


@lru_cache(maxsize=16384)
def _gazetteer_key(name: str) -> tuple[bool, str, str, int] | None:
    """How a known name is searched for: ``(cjk, key, first word, words)``; None if too short."""
    if len(name) < 2:
        return None
    if is_cjk(name):
        return True, name, "", 0
    words = _WORDS.findall(name.casefold())
    if not words:
        return None
    return False, " ".join(words), words[0], len(words)


_BREAK = re.compile(r"[:;,!?()\[\]\"|/]")  # no name runs across ("Borealis: project")
# words of the longest name searched for: a longer "name" is a run of capitalised words read
# as one ("Carol Smith Erin Smith Heidi Rossi …", 600 words), and trying every length up to it
# at each word made asking that text back cubic (137 s for 40,000 characters)
_LONGEST_NAME = 8


class Gazetteer:
    """Known names (any case) -> entity type, prepared for searching texts: Chinese names are
    found as substrings, the others (of at most 8 words) by their case-folded words, indexed by
    first word so a text is scanned in one pass. When two names fold to the same words, the
    first one's type wins. Read-only once built: :func:`known_names` shares instances.
    """

    __slots__ = ("cjk", "first", "latin", "longest")

    def __init__(self, names: Mapping[str, str | None] | None = None) -> None:
        self.cjk: dict[str, str | None] = {}
        self.latin: dict[str, str | None] = {}
        self.first: set[str] = set()
        self.longest = 0
        for name, type_ in (names or {}).items():
            key = _gazetteer_key(name)
            if key is None:
                continue
            if key[0]:
                self.cjk.setdefault(name, type_)
            elif key[3] <= _LONGEST_NAME:
                self.latin.setdefault(key[1], type_)
                self.first.add(key[2])
                self.longest = max(self.longest, key[3])

    @classmethod
    def merge(cls, parts: Sequence[Gazetteer]) -> Gazetteer:
        """One gazetteer of ``parts`` in order (the earlier part's type wins)."""
        out = cls()
        for part in reversed(parts):  # later updates overwrite: the first part's type stays
            out.cjk.update(part.cjk)
            out.latin.update(part.latin)
            out.first.update(part.first)
            out.longest = max(out.longest, part.longest)
        return out

    def hits(self, chunk: str) -> list[tuple[int, int, str | None]]:
        """Where the known names occur in ``chunk``, longest first: Chinese names as substrings,
        others as whole words (any case; no name across ":" or ","). Linear, no regex per name."""
        hits: list[tuple[int, int, str | None]] = []
        if self.cjk and is_cjk(chunk):  # a Chinese name cannot occur in a text without one
            for name, type_ in self.cjk.items():
                at = chunk.find(name)
                while at >= 0:
                    hits.append((at, at + len(name), type_))
                    at = chunk.find(name, at + len(name))
        if self.latin:
            latin, first, longest = self.latin, self.first, self.longest
            spans = [(m.start(), m.end(), m.group().casefold()) for m in _WORDS.finditer(chunk)]
            for i, (start, _, word) in enumerate(spans):
                if word not in first:  # every key starts with one of these words
                    continue
                for n in range(min(longest, len(spans) - i), 0, -1):
                    key = " ".join(w for _, _, w in spans[i : i + n]) if n > 1 else word
                    if key in latin and (n == 1 or not _BREAK.search(chunk, start, spans[i + n - 1][0])):
                        hits.append((start, spans[i + n - 1][1], latin[key]))
                        break
        hits.sort(key=lambda h: (h[0] - h[1], h[0]))
        return hits


@lru_cache(maxsize=4096)
def known_names(names: tuple[str, ...], type_: str | None) -> Gazetteer:
    """The gazetteer of one entity's names (memoised: a text's is a :meth:`Gazetteer.merge`)."""
    return Gazetteer(dict.fromkeys(names, type_))
