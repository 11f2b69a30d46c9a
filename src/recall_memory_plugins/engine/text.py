"""From annotated text to concepts, links and index terms (pure functions).

English concepts are lower-cased and Porter-stemmed (``coffee`` -> ``coffe``, ``Paris`` -> ``pari``,
as in RecallM); a multi-word proper name (``San Francisco``, ``Project Orion``) is one concept whose
name is its stemmed words joined by a space. Chinese words are kept whole.
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..nlp.base import WORD_MARKS, Annotation, Sentence, Token
from .relations.names import is_cjk

__all__ = [
    "ConceptOccurrence",
    "Extraction",
    "ends_matching",
    "excerpt",
    "extract",
    "link_pairs",
    "match_weight",
    "normalise_word",
    "opening",
    "speaker_index_terms",
]

_NOUNS = {"NOUN", "PROPN"}
_CONTENT = {"NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM"}
_NUMBER_RE = re.compile(r"^[\d.,:/%+\-]+(st|nd|rd|th|s|am|pm|k|m)?$", re.IGNORECASE)
_CJK_RE = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_WORD_RE = re.compile(r"\w", re.UNICODE)

# Nouns too generic to be concepts (as concepts they only become hubs that link unrelated
# facts), but words a question and its answer can share ("Who dies at the end?", "What did she
# do yesterday?"): they stay lexical index terms, where BM25's idf weighs them. Kept out of the
# index too before: answer in context +2.2 / +1.2 / +0.0 points at 250 / 500 / 1000 tokens on
# the LOCOMO tuning half, +0.6 / +0.4 on DuoRC's tuning half (benchmarks/README.md).
GENERIC_NOUNS = frozenset(
    """
    thing things stuff way ways time times lot lots kind kinds sort bit bits something anything
    everything nothing someone anyone everyone day days week weeks month months
    year years today tomorrow yesterday tonight morning evening night moment while point fact case
    people person man woman men women place places number numbers idea ideas question questions
    answer answers problem problems reason reasons example examples end start side type types
    事情 东西 时候 问题 方面 情况 今天 明天 昨天 现在 最近
    """.split()
)

# Words that are never concepts: the generic nouns, fillers and pronouns.
STOP_NOUNS = GENERIC_NOUNS | frozenset(
    """
    one ones part parts
    yeah yes no ok okay lol haha hey hi hello thanks thank please sure wow oh ah um uh hmm guy guys
    i me you he she it we they him her us them my your his its our their mine yours
    这个 那个 什么 一些 我们 你们 他们
    """.split()
)

# Words that are never lexical index terms: function words, fillers and pronouns.
STOP_TERMS = (STOP_NOUNS - GENERIC_NOUNS) | frozenset(
    """
    be is am are was were been being have has had do does did doing get got gets go goes went
    going gone make made say said says will would can could should may might must shall also
    just really very so too quite still even much many more most less least well back up out
    not never always often sometimes again ever yet already there here then now how what when
    where which who whom whose why
    是 的 了 在 有 和 也 就 都 而 及 与 着 或 一个 没有 不 很 要 会 能 这 那
    """.split()
)


_STEMMERS = threading.local()


def _stem() -> Callable[[str], str]:
    """This thread's Porter stemmer.

    The original Porter algorithm (as RecallM's NLTK stemmer: coffee -> coffe, Paris -> pari),
    from snowballstemmer: pure Python, imports in milliseconds (nltk takes seconds). A stemmer
    keeps the word being stemmed in its own fields, so two threads sharing one raise IndexError
    or return each other's stems (which ``normalise_word``'s cache would then keep): each thread
    gets its own.
    """
    stem: Callable[[str], str] | None = getattr(_STEMMERS, "stem", None)
    if stem is None:
        import snowballstemmer

        stem = _STEMMERS.stem = snowballstemmer.stemmer("porter").stemWord
    return stem


@lru_cache(maxsize=65536)
def normalise_word(word: str) -> str:
    """The index form of one word: CJK kept whole, others lower-cased and Porter-stemmed."""
    if _CJK_RE.search(word):
        return word
    return _stem()(word.lower())


@dataclass(frozen=True, slots=True)
class ConceptOccurrence:
    """A concept found at ``position`` (its index among all concepts of the text)."""

    name: str
    surface: str
    kind: str
    sentence: int
    position: int


@dataclass(slots=True)
class Extraction:
    """Concepts (in text order) and lexical terms of one annotated text."""

    concepts: list[ConceptOccurrence] = field(default_factory=list)
    terms_by_sentence: list[Counter[str]] = field(default_factory=list)

    def concept_names(self) -> list[str]:
        return list(dict.fromkeys(c.name for c in self.concepts))

    def query_terms(self) -> list[str]:
        """Every term whose frequency a fused recall may read: the index terms and the
        multi-word concepts (its query adds those that are stored)."""
        return list(dict.fromkeys([*self.terms(), *(n for n in self.concept_names() if " " in n)]))

    def terms(self, sentences: Iterable[int] | None = None) -> Counter[str]:
        out: Counter[str] = Counter()
        idx = range(len(self.terms_by_sentence)) if sentences is None else sentences
        for i in idx:
            out.update(self.terms_by_sentence[i])
        return out


def _is_valid_concept(tokens: Sequence[Token], name: str) -> bool:
    if not name or not _WORD_RE.search(name):
        return False
    if len(tokens) == 1:
        tok = tokens[0]
        if tok.upos == "NUM" or _NUMBER_RE.match(tok.text):
            return False
        if name in STOP_NOUNS or tok.text.lower() in STOP_NOUNS:
            return False
        if not is_cjk(name) and len(name) < 2:
            return False
        if is_cjk(name) and len(name) < 2 and tok.upos != "PROPN":
            return False
    return True


def _spans(sentence: Sentence) -> list[tuple[list[Token], str]]:
    """Group a sentence's nouns into concept spans: entity spans and runs of proper nouns."""
    out: list[tuple[list[Token], str]] = []
    tokens = sentence.tokens
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        tag = tok.ner or "O"
        if tag.startswith("B-"):
            etype = tag[2:]
            span = [tok]
            j = i + 1
            while j < len(tokens) and (tokens[j].ner or "O")[:2] in ("I-", "E-"):
                span.append(tokens[j])
                j += 1
                if (tokens[j - 1].ner or "").startswith("E-"):
                    break
            if any(t.upos in _NOUNS for t in span):
                out.append((span, etype))
            i = j
            continue
        if tag.startswith("S-") and tok.upos in _NOUNS | {"X"}:
            out.append(([tok], tag[2:]))
            i += 1
            continue
        if tok.upos == "PROPN":
            span = [tok]
            j = i + 1
            while j < len(tokens) and tokens[j].upos == "PROPN" and (tokens[j].ner or "O") == "O":
                span.append(tokens[j])
                j += 1
            out.append((span, "PROPN"))
            i = j
            continue
        if tok.upos == "NOUN":
            out.append(([tok], "NOUN"))
        i += 1
    return out


def _span_name(span: Sequence[Token]) -> str:
    words = [t.text for t in span if _WORD_RE.search(t.text)]
    if not words:
        return ""
    if all(is_cjk(w) for w in words):
        return "".join(words)
    return " ".join(normalise_word(w) for w in words)


def speaker_index_terms(speaker: str | None) -> Counter[str]:
    """Index terms of a speaker's name (so a turn can be found by who said it)."""
    if not speaker:
        return Counter()
    return Counter(normalise_word(w) for w in re.findall(r"\w+", speaker))


def extract(annotation: Annotation) -> Extraction:
    """Concepts in text order (positions across the whole text) and terms per sentence."""
    result = Extraction()
    position = 0
    for s_idx, sentence in enumerate(annotation.sentences):
        terms: Counter[str] = Counter()
        for span, kind in _spans(sentence):
            if len(span) == 1:  # most spans: memoised on the word and its part of speech
                key = (span[0].text, span[0].upos)
                one = _ONE_WORD.get(key, _UNSEEN)
                if one is _UNSEEN:
                    if len(_ONE_WORD) >= _TERMS_SIZE:
                        _ONE_WORD.clear()
                    name = _span_name(span)
                    one = _ONE_WORD[key] = name if _is_valid_concept(span, name) else None
                if one is None:
                    continue
                name = one
            else:
                name = _span_name(span)
                if not _is_valid_concept(span, name):
                    continue
            surface = annotation.text[span[0].start_char : span[-1].end_char] or " ".join(
                t.text for t in span
            )
            result.concepts.append(ConceptOccurrence(name, surface, kind, s_idx, position))
            position += 1
            if len(span) > 1:
                terms[name] += 1
        for tok in sentence.tokens:
            if tok.upos not in _CONTENT:
                continue
            tkey = (tok.text, tok.lemma, tok.upos)
            term = _TERMS.get(tkey, _UNSEEN)
            if term is _UNSEEN:
                if len(_TERMS) >= _TERMS_SIZE:
                    _TERMS.clear()
                term = _TERMS[tkey] = _index_term(tok)
            if term is not None:
                terms[term] += 1
        result.terms_by_sentence.append(terms)
    return result


# The index term of a token depends on its text, lemma and part of speech only; a long text
# repeats the same few thousand words, so the term is memoised on the three.
_TERMS: dict[tuple[str, str, str], str | None] = {}
_ONE_WORD: dict[tuple[str, str], str | None] = {}  # concept name of a one-token span, or None
_TERMS_SIZE = 200_000
_UNSEEN = "\x00unseen"


def _index_term(tok: Token) -> str | None:
    """The lexical index term of a content token, or None (stop word, no word character)."""
    if not _WORD_RE.search(tok.text):
        return None
    if tok.text.lower() in STOP_TERMS or (tok.lemma or "").lower() in STOP_TERMS:
        return None
    term = normalise_word(tok.text)
    if term in STOP_TERMS or (not is_cjk(term) and len(term) < 2 and tok.upos != "NUM"):
        return None
    return term


def link_pairs(
    concepts: Sequence[ConceptOccurrence], *, distance: int, sentence_window: int
) -> Counter[tuple[str, str]]:
    """Co-mention counts of concept pairs within ``distance`` positions of each other.

    Positions count across the whole text (not per sentence), but a pair is only linked when both
    concepts lie within ``sentence_window`` consecutive sentences, so unrelated sentences are not
    chained together. A concept never links to itself.
    """
    pairs: Counter[tuple[str, str]] = Counter()
    for i, a in enumerate(concepts):
        for j in range(i + 1, min(len(concepts), i + distance + 1)):
            b = concepts[j]
            if b.sentence - a.sentence >= sentence_window or a.name == b.name:
                continue
            key = (a.name, b.name) if a.name <= b.name else (b.name, a.name)
            pairs[key] += 1
    return pairs


# a sentence ends at a terminator followed by a space, a closing quote or the end ("3.9 million",
# "version 2.1.4", "example.com" go on), at a Chinese terminator, or at a line break
_SENTENCE_RE = re.compile(
    r"(?:[^.!?。！？；｡．।॥؟۔።\n]|[.!?](?![\s\"'”’)\]]|$))+(?:[.!?。！？；｡．।॥؟۔።]+[\"'”’)\]]*|\n|$)\s*"
)
_TOKEN_RE = re.compile(rf"(?:\w|[{WORD_MARKS}])+")  # (a vowel sign is part of its word: समोसा)
_ANAPHORS = frozenset(
    "he she it they his her its their him them this that these those there "
    "他 她 它 他们 她们 它们 这 那 这个 那个".split()
)
ELLIPSIS = "…"


def _sentence_score(sentence: str, weights: Mapping[str, float]) -> float:
    words = {normalise_word(w) for w in _TOKEN_RE.findall(sentence)}
    if is_cjk(sentence):
        # CJK text has no spaces: match the question's terms as substrings
        words |= {t for t in weights if is_cjk(t) and t in sentence}
    return sum(weights.get(w, 0.0) for w in words)


def match_weight(text: str, weights: Mapping[str, float]) -> float:
    """The summed weight of the question's distinct terms that ``text`` contains (Chinese terms
    as substrings): how much of what was asked a statement speaks of."""
    return _sentence_score(text, weights)


def ends_matching(text: str, weights: Mapping[str, float]) -> bool:
    """Whether the last sentence of ``text`` matches one of the weighted terms: what it names
    may be told in the text that follows ("I have booked an engineer visit." - "It is on ...")."""
    parts = [m.group() for m in _SENTENCE_RE.finditer(text) if m.group().strip()]
    return bool(parts) and _sentence_score(parts[-1], weights) > 0


def opening(text: str, weights: Mapping[str, float], *, sentences: int) -> str | None:
    """``text`` when it matches one of the question's weighted terms or is at most ``sentences``
    sentences long; else its first ``sentences`` sentences and "…" (0: None, nothing of it).

    What a turn that joins a recall only for its place (the reply to a matching turn, the rest of
    a long one) costs when it matches nothing: a reply answers first ("Yes! We roasted
    marshmallows."); the rest of a long reply that matches nothing is its list and its generic
    closing ("Let me know how it goes..."), which answer nothing.
    """
    parts = [m.group() for m in _SENTENCE_RE.finditer(text) if m.group().strip()]
    if len(parts) <= sentences or any(_sentence_score(p, weights) for p in parts):
        return text
    if not sentences:
        return None
    return " ".join([*(p.strip() for p in parts[:sentences]), ELLIPSIS])


def excerpt(text: str, weights: Mapping[str, float], *, max_sentences: int = 1, following: int = 0) -> str:
    """The sentences of ``text`` that best match the question (weighted terms), in order.

    Left-out stretches are marked with "…"; a kept sentence that opens with a pronoun ("He wants
    to travel to Paris.") keeps the sentence before it, so the referent stays in view; with
    ``following``, each kept sentence keeps that many sentences after it too (the answer often
    follows the sentence that names the topic: "I booked an engineer visit. It is on Thursday.").
    Texts of one sentence, or with no matching sentence, are returned whole.
    """
    sentences = [m.group() for m in _SENTENCE_RE.finditer(text) if m.group().strip()]
    if len(sentences) <= max_sentences:
        return text
    scores = [_sentence_score(sentence, weights) for sentence in sentences]
    if not any(scores):
        return text
    keep: set[int] = set()
    for i in sorted(range(len(sentences)), key=lambda i: (-scores[i], i))[:max_sentences]:
        if scores[i] <= 0:
            continue
        keep.add(i)
        keep.update(range(i + 1, min(i + 1 + following, len(sentences))))
        first = _TOKEN_RE.findall(sentences[i][:12])
        if i > 0 and first and first[0].casefold() in _ANAPHORS:
            keep.add(i - 1)
    if len(keep) == len(sentences):
        return text
    parts: list[str] = []
    previous = -1
    for i in sorted(keep):
        if i != previous + 1:
            parts.append(ELLIPSIS)
        parts.append(sentences[i].strip())
        previous = i
    if previous != len(sentences) - 1:
        parts.append(ELLIPSIS)
    return " ".join(parts)
