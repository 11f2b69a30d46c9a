"""Choosing the statements of a context (pure functions over store results).

Two strategies share the seed's graph, time steps and ``sort_val`` ranking:

- ``seed``: RecallM as published: whole concept contexts, related concepts in ascending
  ``sort_val``, the question's (essential) concepts last.
- ``fused`` (default): every candidate statement is scored by its relevance to the question
  (BM25 over statement terms), fused with the graph score of the concepts it mentions and its
  recency; the best statements that fit the budget are kept. On LOCOMO this recalls several times
  more evidence than ``seed`` at the same budget (see ``benchmarks/``).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from functools import lru_cache

from ..models import (
    Concept,
    ConceptLink,
    RecalledStatement,
    ScoredConcept,
    Statement,
    Subgraph,
    TermPosting,
    date_header,
    statement_line,
)
from ..nlp.base import WORD_MARKS
from .periods import Period
from .text import (
    ends_matching,
    is_cjk,
    match_weight,
    normalise_word,
    opening,
    speaker_index_terms,
)

__all__ = [
    "BM25",
    "Candidate",
    "add_follow_ups",
    "coverage_boost",
    "fit_to_budget",
    "period_boost",
    "question_names",
    "rank_concepts",
    "seed_order",
    "seed_sort_vals",
    "speaker_boost",
    "steps_after",
]


def seed_sort_vals(links: Iterable[ConceptLink], *, time_weight: float) -> dict[str, float]:
    """RecallM's ``sort_val``: per concept, the sum over its relations of ``t_index*w + strength``."""
    out: dict[str, float] = {}
    for link in links:
        value = link.t_index * time_weight + link.strength
        out[link.source] = out.get(link.source, 0.0) + value
        out[link.target] = out.get(link.target, 0.0) + value
    return out


def rank_concepts(
    subgraph: Subgraph, essential: Sequence[str], *, time_weight: float
) -> list[ScoredConcept]:
    """Related concepts in ascending ``sort_val`` (ties: name), then essential ones in question order."""
    sort_vals = seed_sort_vals(subgraph.links, time_weight=time_weight)
    by_name: dict[str, Concept] = {c.name: c for c in subgraph.concepts}
    essential_set = set(essential)
    related = sorted(
        (c for c in subgraph.concepts if c.name not in essential_set),
        key=lambda c: (sort_vals.get(c.name, 0.0), c.name),
    )
    out = [
        ScoredConcept(c.name, False, c.depth, c.t_index, sort_vals.get(c.name, 0.0), c.aliases)
        for c in related
    ]
    for name in essential:
        c = by_name.get(name)
        if c is not None:
            out.append(ScoredConcept(name, True, 0, c.t_index, sort_vals.get(name, 0.0), c.aliases))
    return out


def seed_order(
    concepts: Sequence[ScoredConcept], contexts: Mapping[str, Sequence[Statement]]
) -> list[tuple[Statement, tuple[str, ...]]]:
    """Each concept's context in concept order, identical statements kept once (first place)."""
    seen: dict[str, int] = {}
    out: list[tuple[Statement, list[str]]] = []
    for concept in concepts:
        for st in contexts.get(concept.name, ()):
            key = st.text
            if key in seen:
                idx = seen[key]
                if concept.name not in out[idx][1]:
                    out[idx][1].append(concept.name)
                continue
            seen[key] = len(out)
            out.append((st, [concept.name]))
    return [(st, tuple(names)) for st, names in out]


class BM25:
    """Okapi BM25 over the store's statement terms."""

    def __init__(
        self,
        *,
        n_docs: int,
        avg_len: float,
        df: Mapping[str, int],
        k1: float = 1.2,
        b: float = 0.75,
    ) -> None:
        self.n_docs = max(n_docs, 1)
        self.avg_len = avg_len or 1.0
        self.k1 = k1
        self.b = b
        self.idf = {t: self._idf(d) for t, d in df.items()}

    def _idf(self, df: int) -> float:
        return math.log(1.0 + (self.n_docs - df + 0.5) / (df + 0.5))

    def score(self, posting: TermPosting, query: Mapping[str, int]) -> float:
        total = 0.0
        norm = self.k1 * (1 - self.b + self.b * posting.length / self.avg_len)
        for term, tf in posting.terms.items():
            qtf = query.get(term, 0)
            if not qtf:
                continue
            total += self.idf.get(term, 0.0) * qtf * tf * (self.k1 + 1) / (tf + norm)
        return total


@dataclass(slots=True)
class Candidate:
    """A statement being considered for the context."""

    statement_id: int
    t_index: int
    lexical: float = 0.0
    graph: float = 0.0
    dense: float = 0.0
    concepts: tuple[str, ...] = ()
    score: float = 0.0


def fuse(
    candidates: Iterable[Candidate],
    *,
    newest_step: int,
    lexical_weight: float,
    graph_weight: float,
    recency_weight: float,
    dense_weight: float = 0.0,
) -> list[Candidate]:
    """Score candidates (each signal normalised to 0..1) and sort best first (ties: newer first)."""
    cands = list(candidates)
    if not cands:
        return []
    max_lex = max(c.lexical for c in cands) or 1.0
    max_graph = max(c.graph for c in cands) or 1.0
    max_dense = max(c.dense for c in cands) or 1.0
    span = max(newest_step, 1)
    for c in cands:
        c.score = (
            lexical_weight * c.lexical / max_lex
            + graph_weight * c.graph / max_graph
            + recency_weight * c.t_index / span
            + dense_weight * c.dense / max_dense
        )
    cands.sort(key=lambda c: (-c.score, -c.t_index, -c.statement_id))
    return cands


def fit_to_budget(
    ranked: Sequence[tuple[Statement, float, tuple[str, ...]]],
    *,
    budget: int,
    count: Callable[[str], int],
    grouped: bool = True,
    max_misses: int = 50,
) -> list[RecalledStatement]:
    """Greedily keep the best statements whose lines fit ``budget`` tokens.

    A line's cost is its tokens plus a newline; with ``grouped`` rendering, the first statement of
    a day also pays for the day's header line. A statement that does not fit is skipped (a smaller
    one may still fit); identical texts are kept once. Returns the kept statements, best first.
    """
    used = 0
    kept: list[RecalledStatement] = []
    seen: set[str] = set()
    headers: set[str] = set()
    misses = 0
    for st, score, concepts in ranked:
        if st.text in seen:
            continue
        cost = count(statement_line(st, with_date=not grouped)) + 1
        header = date_header(st) if grouped else ""
        extra = count(header) + 1 if grouped and header not in headers else 0
        if used + cost + extra > budget:
            misses += 1
            if misses >= max_misses or budget - used < 4:
                break
            continue
        seen.add(st.text)
        if extra:
            headers.add(header)
        used += cost + extra
        kept.append(RecalledStatement(statement=st, score=score, concepts=concepts, tokens=cost))
    return kept


Ranked = list[tuple[Statement, float, tuple[str, ...]]]


def _best_first(ranked: Ranked) -> Ranked:
    return sorted(ranked, key=lambda r: (-r[1], -r[0].t_index, -r[0].id))


_SENTENCE_END_RE = re.compile(r"[.!?]+\s+")


def question_names(question: str) -> set[str]:
    """Index terms of the question's capitalised words that do not open a sentence: a speaker
    named with a stop word ("How much did Will say ...", "What did May buy?") is still named
    there, while "Will it rain?", "may" (lower case) or a shouted "WILL" names nobody."""
    out: set[str] = set()
    for sentence in _SENTENCE_END_RE.split(question):
        words = _WORD_RE.findall(sentence)
        out.update(normalise_word(w) for w in words[1:] if w[0].isupper() and not w[1:].isupper())
    return out


# The speakers chat frameworks store their user's turns under (LangChain's "Human", LlamaIndex's
# "User"): in a question about "I" that does not ask "you", the asker is that user.
USER_SPEAKERS = frozenset({"user", "human", "用户"})
# the user's own turns score 1 + this in such a question (chosen on round 51's defect histories:
# in a user/assistant chat, "How many 5K races did I run?" is answered by the user's short turns,
# which the assistant's long replies, rich in the question's words, crowded out)
ASKER_WEIGHT = 1.0
_FIRST_PERSON_RE = re.compile(r"\bI\b|\b(?i:me|my|mine|myself)\b|我(?!们)")
_SECOND_PERSON_RE = re.compile(r"\b(?i:you|your|yours|yourself)\b|[你您]")


def asks_about_the_user(question: str) -> bool:
    """Whether ``question`` asks about the asker ("How many books did I finish?", 我现在在哪家公司上班？)
    and not about what "you" said ("What did you suggest I use?", 你给我的菜谱里放多少克冰糖？)."""
    return bool(_FIRST_PERSON_RE.search(question)) and not _SECOND_PERSON_RE.search(question)


def speaker_boost(
    ranked: Ranked, question_terms: set[str], weight: float, *, question: str = ""
) -> Ranked:
    """Statements said by someone the question names score ``1 + weight`` times as much.

    "What does Melanie do to relax?" is best answered by what Melanie said about herself; her
    name as a term only tells BM25 that a statement mentions her (or that she said it), with the
    low weight of a word found in half the conversation. A speaker is named by the question's
    terms or by a capitalised word of ``question`` (:func:`question_names`: "Will", "May" are
    stop words, not terms). A question about the asker (:func:`asks_about_the_user`) names the
    chat's user: the turns said by a speaker of ``USER_SPEAKERS`` score ``1 + ASKER_WEIGHT``
    times as much.
    """
    asker = bool(question) and asks_about_the_user(question)
    if question:
        question_terms = question_terms | question_names(question)
    if (not question_terms and not asker) or not weight:
        return ranked
    factors: dict[str, float] = {}
    out = []
    for st, score, concepts in ranked:
        speaker = st.speaker or ""
        factor = factors.get(speaker)
        if factor is None:
            if asker and speaker.casefold() in USER_SPEAKERS:
                factor = 1 + ASKER_WEIGHT
            elif speaker_index_terms(speaker).keys() & question_terms:
                factor = 1 + weight
            else:
                factor = 1.0
            factors[speaker] = factor
        out.append((st, round(score * factor, 6) if factor != 1.0 else score, concepts))
    return _best_first(out)


PERIOD_GRACE = timedelta(days=7)  # a period's events are still told up to a week after it
_WORD_RE = re.compile(rf"(?:\w|[{WORD_MARKS}])+")  # (a vowel sign is part of its word)


def period_boost(
    ranked: Ranked, period: Period | None, weight: float, *, grace: timedelta = PERIOD_GRACE
) -> Ranked:
    """Statements said within the ``period`` the question names score ``1 + weight`` times as much.

    "What dish did Nate make on 9 November, 2022?" is best answered by what was said that day;
    the date is in the statement's time (``at``), not in its words, so BM25 cannot see it. A
    statement said up to ``grace`` after the period counts too ("Last week I ...").

    The period is a span of calendar days; a statement's day is the one on the calendar its
    ``at`` was given in (07:00 on 1 December in Shanghai is 1 December, not 30 November UTC).
    """
    if period is None or not weight:
        return ranked
    start, end = period[0], period[1] + grace
    out = [
        (st, round(score * (1 + weight), 6) if start <= _wall(st.at) < end else score, concepts)
        for st, score, concepts in ranked
    ]
    return _best_first(out)


def _wall(at: datetime) -> datetime:
    """``at``'s wall-clock time on its own calendar, as a UTC time (comparable with the UTC
    bounds of a calendar period)."""
    return at.replace(tzinfo=timezone.utc) if at.utcoffset() else at


COVERAGE_CANDIDATES = 60  # best candidates rescored by coverage (the rest cannot reach the budget)


@lru_cache(maxsize=8192)
def statement_terms(text: str, speaker: str | None = None) -> frozenset[str]:
    """A statement's words in index form (lower-cased, stemmed), with its speaker's name
    (cached: a conversation's recalls keep meeting the same statements)."""
    words = {normalise_word(w) for w in _WORD_RE.findall(text)}
    words.update(speaker_index_terms(speaker))
    return frozenset(words)


def coverage_boost(
    ranked: Ranked, question_terms: set[str], weight: float, *, top: int = COVERAGE_CANDIDATES
) -> Ranked:
    """A statement scores ``1 + weight * share`` times as much, ``share`` being the part of the
    question's distinct terms it contains (its text or its speaker).

    BM25 lets one rare word outweigh several common ones; a statement that matches more of what
    was asked ("What book did Caroline recommend to Melanie?": book, Caroline, recommend,
    Melanie) is more often the one that answers it. Chinese terms are matched as substrings.
    Only the ``top`` best candidates are rescored (the boost at most doubles a score, so the
    candidates below them seldom reach a budget, and reading their words costs time).
    """
    if not question_terms or not weight:
        return ranked
    cjk = {t for t in question_terms if is_cjk(t)}
    out = list(ranked[top:])
    for st, score, concepts in ranked[:top]:
        words = statement_terms(st.text, st.speaker)
        found = sum(1 for t in question_terms if t in words or (t in cjk and t in st.text))
        share = found / len(question_terms)
        out.append((st, round(score * (1 + weight * share), 6) if share else score, concepts))
    return _best_first(out)


def steps_after(steps: Iterable[int], n: int) -> set[int]:
    """Each of ``steps`` and the ``n`` time steps after it (where a hit's later chunks and its
    follow-ups are)."""
    return {t + k for t in steps for k in range(n + 1)}


# a joined statement that matches nothing of the question enters as this many opening sentences
FOLLOW_UP_OPENING = 2
CONTINUATION_WEIGHT = 0.95  # per chunk: the rest of a hit's turn ranks just below the hit
# a follow-up is said within this time of its hit: a turn said days later is no reply (LOCOMO's
# sessions are 28+ hours apart, so there this keeps every follow-up within a session)
FOLLOW_UP_GAP = timedelta(hours=12)


def add_follow_ups(
    ranked: Ranked,
    pool: Sequence[Statement],
    weights: Sequence[float],
    *,
    hits: int,
    continuation: float = CONTINUATION_WEIGHT,
    gap: timedelta | None = FOLLOW_UP_GAP,
    terms: Mapping[str, float] | None = None,
) -> Ranked:
    """The turns that follow each of the ``hits`` best candidates join the ranking.

    In a dialogue the reply to a matching turn often answers it without repeating its words
    ("Did you go camping?" - "Yes! We roasted marshmallows..."). A turn ``k`` time steps after a
    hit (``k`` = 1, 2, ...; taken from ``pool``) scores ``weights[k - 1]`` times the hit's score,
    or keeps its own score when that is higher. Only turns follow turns (statements with a
    speaker): the next chunk of a plain text is no reply; nor is a turn said more than ``gap``
    after the hit (days later, about something else; None: no limit).

    A long turn is stored as several chunks of one time step; the ``j``-th chunk after a hit in
    its turn (same step and speaker, a later id) is the rest of the same message and scores
    ``continuation ** j`` times the hit's score (above the reply): the sentence after the one
    that matched often holds the answer ("I have booked an engineer visit." - "It is on
    Thursday March 6 ...").

    With the question's weighted ``terms``, a chunk of a long message (one stored as several
    chunks) that joins and matches none of them costs little: a long reply's first chunk enters
    as its ``FOLLOW_UP_OPENING`` opening sentences (a reply answers first), a later chunk (a list,
    a generic closing: "Let me know how it goes...") not at all. A reply of one chunk, and a
    statement that is a candidate of its own, join whole. A later chunk (of a reply, or the rest of
    the hit's own turn) that matches some of them takes its place's score times the share of the
    hit's matched weight that it matches (at most all): a closing that shares one common word
    with the question ("these are general suggestions") ranks below the user's short turns, not
    next to the hit it follows. The chunk right after a hit whose last sentence matches keeps its
    place's whole score: it goes on with what that sentence names.
    """
    if not ranked or not weights:
        return ranked
    by_step: dict[int, list[Statement]] = {}
    for st in pool:
        by_step.setdefault(st.t_index, []).append(st)
    for st, _, _ in ranked:
        by_step.setdefault(st.t_index, []).append(st)
    best: dict[int, tuple[Statement, float, tuple[str, ...]]] = {
        st.id: (st, score, concepts) for st, score, concepts in ranked
    }
    own = set(best)

    def join(st: Statement, score: float, concepts: tuple[str, ...], first: bool) -> None:
        if st.id in best and best[st.id][1] >= score:
            return
        if terms and st.id not in own:
            text = opening(st.text, terms, sentences=FOLLOW_UP_OPENING if first else 0)
            if text is None:
                return
            if text != st.text:
                st = replace(st, text=text)
        best[st.id] = (st, score, best[st.id][2] if st.id in best else concepts)

    def share(st: Statement, matched: float) -> float:
        # (without terms, or when the hit matched none of them: no rule to judge by)
        if not terms or matched <= 0:
            return 1.0
        return min(1.0, match_weight(st.text, terms) / matched)

    for hit, score, concepts in ranked[:hits]:
        if not hit.speaker:
            continue
        matched = match_weight(hit.text, terms) if terms else 0.0
        rest = {
            st.id: st
            for st in by_step.get(hit.t_index, ())
            if st.id > hit.id and st.speaker == hit.speaker
        }
        # (the chunk right after a hit whose last sentence matches goes on with what it names)
        runs_on = ends_matching(hit.text, terms) if terms else False
        for j, st in enumerate((rest[i] for i in sorted(rest)), start=1):
            part = 1.0 if j == 1 and runs_on else share(st, matched)
            join(st, round(score * continuation**j * part, 6), concepts, False)
        for k, w in enumerate(weights, start=1):
            step = {st.id: st for st in by_step.get(hit.t_index + k, ())}
            chunks = Counter(st.speaker for st in step.values())
            opened: set[str] = set()  # the speakers whose reply at this step has begun
            for st in (step[i] for i in sorted(step)):
                if not st.speaker or (gap is not None and st.at - hit.at > gap):
                    continue
                follow = round(score * w, 6)
                if chunks[st.speaker] < 2:  # a reply of one chunk: whole, as it was said
                    if st.id not in best or best[st.id][1] < follow:
                        best[st.id] = (st, follow, best[st.id][2] if st.id in best else concepts)
                elif st.speaker not in opened:
                    join(st, follow, concepts, True)
                else:
                    join(st, round(follow * share(st, matched), 6), concepts, False)
                opened.add(st.speaker)
    return _best_first(list(best.values()))
