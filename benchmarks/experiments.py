"""LOCOMO experiments: which retrieval changes would move answer in context, measured.

    python -m benchmarks.experiments [--smoke] [--out benchmarks/results] [--variants NAME ...]
                                     [--half tuning] [--db FILE] [--no-baselines]

Runs on the **tuning half** of LOCOMO (the first five conversations) unless ``--half`` says
otherwise: parameters are chosen there only, the reporting half judges them
(``benchmarks.locomo``). Scores are answer in context (categories 1-5) and evidence recall
(categories 1-4), as in ``benchmarks.locomo``.

Nothing here changes ``src/``: each variant is either a config override of
``TemporalGraphMemory`` (``lexical_weight``, ``graph_weight``, ``recency_weight``,
``max_neighbors``, ``depth``, ``temporal_window`` ...) or a small subclass that overrides one
method, so a variant that wins is a precise, tested recommendation for the engine. All variants
share one ingest of LOCOMO (recall-time options only; ingest-time options get their own store) and
are scored with the same code as ``benchmarks.locomo``, next to the baselines of the same run.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import _common as C
from . import locomo as L

# ----------------------------------------------------------------------------------- variants

@dataclass(frozen=True)
class Variant:
    """One experiment: memory options, optionally a subclass, optionally patched engine constants."""

    what: str
    options: dict[str, Any] = field(default_factory=dict)
    factory: Callable[..., Any] | None = None
    own_ingest: bool = False  # ingest-time option: needs its own store
    patches: dict[str, Any] = field(default_factory=dict)  # engine.recall module constants

def _with_adjacent(memory: Any, ns: str, out: list[Any], *, alpha: float = 0.6,
                   top: int = 8) -> list[Any]:
    """The turns just before and after the ``top`` best candidates join at ``alpha`` x score."""
    have = {st.id for st, _, _ in out}
    extra = []
    for st, score, names in out[:top]:
        for nb in memory.store.find_statements(ns, since_step=st.t_index - 1,
                                               until_step=st.t_index + 1):
            if nb.id not in have:
                have.add(nb.id)
                extra.append((nb, round(score * alpha, 6), names))
    return sorted(out + extra, key=lambda r: (-r[1], -r[0].t_index))

def _neighbours_class(alpha: float = 0.6, top: int = 8) -> Callable[..., Any]:
    """Adjacent turns of the best hits join the candidates (a reply completes its question)."""
    from recall_memory_plugins import TemporalGraphMemory

    class NeighbourMemory(TemporalGraphMemory):
        def _fused_candidates(self, ns, ex, concepts, newest, budget, *rest):  # type: ignore[no-untyped-def, override]
            out, how = super()._fused_candidates(ns, ex, concepts, newest, budget, *rest)
            return _with_adjacent(self, ns, out, alpha=alpha, top=top), how

    return NeighbourMemory

class DenseSide:
    """Embeddings of every stored statement (by namespace) for the dense variants."""

    def __init__(self) -> None:
        self.by_ns: dict[str, tuple[list[Any], Any, dict[int, int]]] = {}

    def index(self, memory: Any, ns: str) -> None:
        statements = memory.statements(namespace=ns)
        # as the dense baseline embeds a turn: with its date written out
        texts = [f"[{st.at.strftime('%I:%M %p on %d %B, %Y')}] {st.speaker}: {st.text}"
                 for st in statements]
        self.by_ns[ns] = (statements, C.embed(texts), {st.id: i for i, st in enumerate(statements)})

def _dense_class(side: DenseSide, *, mode: str = "rrf", k: int = 60, weight: float = 0.5,
                 adjacent: bool = False) -> Callable[..., Any]:
    """Our fused ranking combined with MiniLM cosine similarity over the same statements (what an
    optional embedder hook in the engine would do): ``rrf`` = reciprocal-rank fusion of the two
    rankings; ``signal`` = the engine's score (normalised to 0..1) + ``weight`` x cosine, over our
    candidates plus the 100 nearest statements. ``adjacent`` then adds the turns around the 8 best."""
    import numpy as np

    from recall_memory_plugins import TemporalGraphMemory

    class DenseFusedMemory(TemporalGraphMemory):
        def recall(self, question, **kwargs):  # type: ignore[no-untyped-def, override]
            self._question = question
            return super().recall(question, **kwargs)

        def _fused_candidates(self, ns, ex, concepts, newest, budget, *rest):  # type: ignore[no-untyped-def, override]
            out, how = super()._fused_candidates(ns, ex, concepts, newest, budget, *rest)
            statements, emb, pos_of = side.by_ns[ns]
            sims = emb @ C.embed([self._question])[0]
            order = np.argsort(-sims)[: 200 if mode == "rrf" else 100]
            score: dict[int, float] = {}
            info: dict[int, tuple[Any, tuple[str, ...]]] = {}
            if mode == "rrf":
                for pos, (st, _, names) in enumerate(out):
                    score[st.id] = 1.0 / (k + pos + 1)
                    info[st.id] = (st, names)
                for pos, i in enumerate(order):
                    st = statements[int(i)]
                    score[st.id] = score.get(st.id, 0.0) + 1.0 / (k + pos + 1)
                    info.setdefault(st.id, (st, ()))
            else:
                top = max((sc for _, sc, _ in out), default=1.0) or 1.0
                for st, sc, names in out:
                    score[st.id] = sc / top + weight * float(sims[pos_of[st.id]])
                    info[st.id] = (st, names)
                for i in order:
                    st = statements[int(i)]
                    if st.id not in score:
                        score[st.id] = weight * float(sims[int(i)])
                        info[st.id] = (st, ())
            ranked = sorted(score, key=lambda sid: (-score[sid], -info[sid][0].t_index))
            result = [(info[s][0], round(score[s], 6), info[s][1]) for s in ranked]
            if adjacent:
                result = _with_adjacent(self, ns, result)
            return result, how

    return DenseFusedMemory

def _newest_first_class() -> Callable[..., Any]:
    """Among candidates that match exactly the same question terms, the newest ranks first (the
    scores of the group are handed out again in recency order): the newest truth wins ties that
    BM25 length normalisation would otherwise give to the shorter, older statement."""
    from collections import defaultdict

    from recall_memory_plugins import TemporalGraphMemory
    from recall_memory_plugins.engine.text import extract, speaker_index_terms

    class NewestAmongEquals(TemporalGraphMemory):
        def _fused_candidates(self, ns, ex, concepts, newest, budget, *rest):  # type: ignore[no-untyped-def, override]
            out, how = super()._fused_candidates(ns, ex, concepts, newest, budget, *rest)
            query = set(ex.terms())
            if len(out) < 2 or not query:
                return out, how
            groups: dict[frozenset[str], list[int]] = defaultdict(list)
            for i, (st, _, _) in enumerate(out):
                terms = set(extract(self.annotator.annotate(st.text)).terms())
                terms.update(speaker_index_terms(st.speaker))
                key = frozenset(terms & query)
                if key:
                    groups[key].append(i)
            new = list(out)
            for idx in groups.values():
                if len(idx) > 1:
                    scores = sorted((out[i][1] for i in idx), reverse=True)
                    for score, i in zip(scores, sorted(idx, key=lambda i: -out[i][0].t_index), strict=True):
                        new[i] = (out[i][0], score, out[i][2])
            new.sort(key=lambda r: (-r[1], -r[0].t_index))
            return new, how

    return NewestAmongEquals

_HOW_NUMBER_RE = re.compile(r"\bhow\s+(?:many|much|often|long|old|far|big|tall)\b|\bwhat\s+"
                             r"(?:year|age|percentage|number)\b", re.IGNORECASE)
_WHEN_RE = re.compile(r"^\s*when\b|\bwhat\s+(?:year|month|day|date|time)\b|\bhow\s+long\b",
                      re.IGNORECASE)
_NUMBER_IN_RE = re.compile(r"\b(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|"
                           r"eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|dozen|once|"
                           r"twice|half|couple)\b", re.IGNORECASE)
_TIME_IN_RE = re.compile(r"\b(?:\d{4}|january|february|march|april|may|june|july|august|september|"
                         r"october|november|december|monday|tuesday|wednesday|thursday|friday|"
                         r"saturday|sunday|yesterday|today|tonight|ago|since|(?:last|next|this|"
                         r"past)\s+(?:week|weekend|month|year|summer|winter|spring|fall|night)|"
                         r"years?|months?|weeks?|days?)\b", re.IGNORECASE)
_WORD_RE = re.compile(r"\w+")


def _cue_class(*, date_weight: float = 0.0, date_after: int = 7, date_before: int = 0,
               date_near: float = 0.0, type_weight: float = 0.0, coverage_weight: float = 0.0,
               dedupe: float = 0.0) -> Callable[..., Any]:
    """Ranking cues applied to the fused candidates before the follow-up turns join:

    - ``date_weight``: a statement said within the period the question names ("on 9 November,
      2022", "in January 2024"; ``engine.periods.question_period``), widened by ``date_before`` /
      ``date_after`` days, scores ``1 + date_weight`` times as much (``date_near``: the factor
      for one said within 30 days after the period).
    - ``type_weight``: answer-type cues: "how many/long/often ..." favours statements with a
      number, "when/what year" statements with a time phrase (``1 + type_weight``).
    - ``coverage_weight``: x ``1 + w * share`` of the question's distinct terms the statement
      (text + speaker) matches.
    - ``dedupe``: a statement whose word set overlaps a better one's by this Jaccard share or
      more is dropped (0 = off)."""
    from datetime import timedelta

    from recall_memory_plugins import TemporalGraphMemory
    from recall_memory_plugins.engine.periods import question_period
    from recall_memory_plugins.engine.retrieval import add_follow_ups
    from recall_memory_plugins.engine.text import normalise_word, speaker_index_terms

    class CueMemory(TemporalGraphMemory):
        def recall(self, question, **kwargs):  # type: ignore[no-untyped-def, override]
            self._question = question
            return super().recall(question, **kwargs)

        def _fused_candidates(self, ns, ex, concepts, newest, budget, *rest):  # type: ignore[no-untyped-def, override]
            cfg = self.config
            self.config = cfg.with_options(follow_up_weights=())
            try:
                out, how = super()._fused_candidates(ns, ex, concepts, newest, budget, *rest)
            finally:
                self.config = cfg
            q = self._question
            period = question_period(q) if date_weight else None
            want_number = bool(type_weight and _HOW_NUMBER_RE.search(q))
            want_time = bool(type_weight and _WHEN_RE.search(q))
            qterms = set(ex.terms()) if coverage_weight or dedupe else set()
            rescored = []
            for st, score, names in out:
                f = 1.0
                if period is not None and st.at is not None:
                    lo = period[0] - timedelta(days=date_before)
                    hi = period[1] + timedelta(days=date_after)
                    if lo <= st.at < hi:
                        f *= 1 + date_weight
                    elif date_near and hi <= st.at < hi + timedelta(days=30):
                        f *= 1 + date_near
                if want_number and _NUMBER_IN_RE.search(st.text):
                    f *= 1 + type_weight
                elif want_time and _TIME_IN_RE.search(st.text):
                    f *= 1 + type_weight
                if qterms and coverage_weight:
                    words = {normalise_word(w) for w in _WORD_RE.findall(st.text)}
                    words |= set(speaker_index_terms(st.speaker))
                    f *= 1 + coverage_weight * len(qterms & words) / len(qterms)
                rescored.append((st, round(score * f, 6), names))
            out = sorted(rescored, key=lambda r: (-r[1], -r[0].t_index, -r[0].id))
            if dedupe:
                kept: list[Any] = []
                sets: list[set[str]] = []
                for r in out:
                    words = {normalise_word(w) for w in _WORD_RE.findall(r[0].text)}
                    if any(len(words & o) / max(len(words | o), 1) >= dedupe for o in sets[:60]):
                        continue
                    sets.append(words)
                    kept.append(r)
                out = kept
            if cfg.follow_up_weights and out:
                have = {st.id for st, _, _ in out}
                steps = {st.t_index + k for st, _, _ in out[:16]
                         for k in range(1, len(cfg.follow_up_weights) + 1)}
                pool = [st for st in self.store.statements_at(ns, steps) if st.id not in have]
                out = add_follow_ups(out, pool, cfg.follow_up_weights, hits=8)
            return out, how

    return CueMemory

def variants(side: DenseSide) -> dict[str, Variant]:
    return {
        "default": Variant("defaults"),
        "no-follow-ups": Variant("follow_up_weights=() (no turns after the best hits)",
                                 {"follow_up_weights": ()}),
        "no-speaker-boost": Variant("speaker_weight=0", {"speaker_weight": 0.0}),
        "excerpts-off": Variant('excerpts="off" (whole turns)', {"excerpts": "off"}),
        "previous-defaults": Variant('the defaults before issue 11: excerpts="turns", '
                                     "follow_up_weights=(0.7, 0.5)",
                                     {"excerpts": "turns", "follow_up_weights": (0.7, 0.5)}),
        "excerpt-2": Variant('excerpts="turns", excerpt_sentences=2 (turns cut to their two best '
                             "sentences)", {"excerpts": "turns", "excerpt_sentences": 2}),
        "excerpt-3": Variant('excerpts="turns", excerpt_sentences=3',
                             {"excerpts": "turns", "excerpt_sentences": 3}),
        "off+adjacent": Variant('excerpts="off", then the turns before/after the 8 best hits at '
                                "0.6x", {"excerpts": "off"}, factory=_neighbours_class()),
        "off+dense-signal": Variant('excerpts="off" + dense-signal', {"excerpts": "off"},
                                    factory=_dense_class(side, mode="signal")),
        "off+no-relations": Variant('excerpts="off", relations=False (no fact lines)',
                                    {"excerpts": "off", "relations": False}),
        "off+follow-1": Variant('excerpts="off", follow_up_weights=(0.7,)',
                                {"excerpts": "off", "follow_up_weights": (0.7,)}),
        "off+no-follow-ups": Variant('excerpts="off", follow_up_weights=()',
                                     {"excerpts": "off", "follow_up_weights": ()}),
        "off+no-speaker": Variant('excerpts="off", speaker_weight=0',
                                  {"excerpts": "off", "speaker_weight": 0.0}),
        "off+follow-0.9-0.6": Variant('excerpts="off", follow_up_weights=(0.9, 0.6)',
                                      {"excerpts": "off", "follow_up_weights": (0.9, 0.6)}),
        "off+follow-0.8-0.6-0.4": Variant('excerpts="off", follow_up_weights=(0.8, 0.6, 0.4)',
                                          {"excerpts": "off",
                                           "follow_up_weights": (0.8, 0.6, 0.4)}),
        "off+follow-0.7-0.5-0.3": Variant('excerpts="off", follow_up_weights=(0.7, 0.5, 0.3)',
                                          {"excerpts": "off",
                                           "follow_up_weights": (0.7, 0.5, 0.3)}),
        "off+no-fill": Variant('excerpts="off", fill_recent=False',
                               {"excerpts": "off", "fill_recent": False}),
        "excerpts-turns": Variant('excerpts="turns" (turns cut to their best sentence)',
                                  {"excerpts": "turns"}),
        "neither": Variant("follow_up_weights=(), speaker_weight=0 (the ranking before both)",
                           {"follow_up_weights": (), "speaker_weight": 0.0}),
        "depth-2": Variant("depth=2 (RecallM's expansion in the fused ranking)", {"depth": 2}),
        "lex-only": Variant("graph_weight=0, recency_weight=0 (statement BM25 only)",
                            {"graph_weight": 0.0, "recency_weight": 0.0}),
        "graph-0.15": Variant("graph_weight=0.15", {"graph_weight": 0.15}),
        "graph-0.7": Variant("graph_weight=0.7", {"graph_weight": 0.7}),
        "recency-0": Variant("recency_weight=0", {"recency_weight": 0.0}),
        "recency-0.3": Variant("recency_weight=0.3", {"recency_weight": 0.3}),
        "neighbors-4": Variant("max_neighbors=4", {"max_neighbors": 4}),
        "neighbors-32": Variant("max_neighbors=32", {"max_neighbors": 32}),
        "window-all": Variant("temporal_window=100000 (no temporal window)",
                              {"temporal_window": 100_000}),
        "anchor-newest": Variant("window_anchor='newest'", {"window_anchor": "newest"}),
        "context-200": Variant("context_limit=200 (ingest-time)", {"context_limit": 200},
                               own_ingest=True),
        "all-postings": Variant("every posting of every question term (POSTINGS_PER_COMMON_TERM and "
                                "POSTINGS_PER_TERM unbounded)",
                                patches={"POSTINGS_PER_COMMON_TERM": 1_000_000,
                                         "POSTINGS_PER_TERM": 1_000_000}),
        "adjacent-turns": Variant("subclass: the turns before/after the 8 best hits join at 0.6x "
                                  "their score", factory=_neighbours_class()),
        "dense-rrf": Variant("subclass: RRF of our ranking with MiniLM cosine over the same "
                             "statements", factory=_dense_class(side)),
        "dense-rrf-lex": Variant("dense-rrf on top of lex-only weights",
                                 {"graph_weight": 0.0, "recency_weight": 0.0},
                                 factory=_dense_class(side)),
        "dense-rrf+adjacent": Variant("dense-rrf, then adjacent turns",
                                      factory=_dense_class(side, mode="rrf", adjacent=True)),
        "dense-signal": Variant("subclass: engine score (0..1) + 0.5 x MiniLM cosine over our "
                                "candidates and the 100 nearest statements",
                                factory=_dense_class(side, mode="signal")),
        "dense-signal-1.0": Variant("dense-signal with weight 1.0",
                                    factory=_dense_class(side, mode="signal", weight=1.0)),
        "dense-signal+adjacent": Variant("dense-signal, then adjacent turns",
                                         factory=_dense_class(side, mode="signal", adjacent=True)),
        "lex+dense-signal+adjacent": Variant("lex-only weights + dense-signal + adjacent turns",
                                             {"graph_weight": 0.0, "recency_weight": 0.0},
                                             factory=_dense_class(side, mode="signal",
                                                                  adjacent=True)),
        "newest-among-equals": Variant("subclass: candidates matching the same question terms "
                                       "ranked newest first", factory=_newest_first_class()),
        **cue_variants(),
    }

# the defaults before the period and coverage cues (the cue subclass starts from them)
_BEFORE_CUES = {"speaker_weight": 0.4, "period_weight": 0.0, "coverage_weight": 0.0}


def cue_variants() -> dict[str, Variant]:
    """Issue 11 ranking cues (subclass ``_cue_class``), measured on the tuning half. Each starts
    from the defaults before the cues were adopted (``_BEFORE_CUES``), so it reproduces what was
    measured when they were chosen; ``issue11-previous`` is that starting point."""
    table = _cue_table()
    return {name: (v if name.startswith(("issue11", "engine", "no-")) else
                   Variant(v.what, {**_BEFORE_CUES, **v.options}, v.factory, v.own_ingest,
                           v.patches))
            for name, v in table.items()}


def _cue_table() -> dict[str, Variant]:
    return {
        "cues-none": Variant("cue subclass with every cue off (control: follow-ups re-added "
                             "after the cues)", factory=_cue_class()),
        "date-0.5": Variant("date cue x1.5 (period named by the question, +7 days)",
                            factory=_cue_class(date_weight=0.5)),
        "date-1": Variant("date cue x2 (+7 days)", factory=_cue_class(date_weight=1.0)),
        "date-2": Variant("date cue x3 (+7 days)", factory=_cue_class(date_weight=2.0)),
        "date-1-exact": Variant("date cue x2, the period only", factory=_cue_class(date_weight=1.0,
                                                                               date_after=0)),
        "date-1-near": Variant("date cue x2 (+7 days), x1.3 up to 30 days after",
                               factory=_cue_class(date_weight=1.0, date_near=0.3)),
        "type-0.2": Variant("answer-type cue x1.2 (number for how many/long/often, time phrase "
                            "for when)", factory=_cue_class(type_weight=0.2)),
        "type-0.5": Variant("answer-type cue x1.5", factory=_cue_class(type_weight=0.5)),
        "coverage-0.3": Variant("x(1 + 0.3 x share of distinct question terms matched)",
                                factory=_cue_class(coverage_weight=0.3)),
        "coverage-1": Variant("x(1 + 1.0 x share of distinct question terms matched)",
                              factory=_cue_class(coverage_weight=1.0)),
        "dedupe-0.8": Variant("drop a statement whose word set overlaps a better one's >= 80 %",
                              factory=_cue_class(dedupe=0.8)),
        "follow-hits-16": Variant("follow-ups of the 16 best hits (FOLLOW_UP_HITS=16)",
                                  patches={"FOLLOW_UP_HITS": 16}),
        "candidates-x2": Variant("twice the lexical candidates (LEXICAL_CANDIDATES_PER_KEPT=6)",
                                 patches={"LEXICAL_CANDIDATES_PER_KEPT": 6}),
        "speaker-0.2": Variant("speaker_weight=0.2", {"speaker_weight": 0.2}),
        "issue11-previous": Variant("the defaults before these cues: speaker_weight=0.4, "
                                    "period_weight=0, coverage_weight=0",
                                    {"speaker_weight": 0.4, "period_weight": 0.0,
                                     "coverage_weight": 0.0}),
        "engine-no-speaker": Variant("speaker_weight=0 with the engine's period and coverage cues",
                                     {"speaker_weight": 0.0}),
        "no-period": Variant("period_weight=0", {"period_weight": 0.0}),
        "no-coverage": Variant("coverage_weight=0", {"coverage_weight": 0.0}),
        "date-3": Variant("date cue x4 (+7 days)", factory=_cue_class(date_weight=3.0)),
        "date-2+coverage-1": Variant("date cue x3 + coverage x(1 + share)",
                                     factory=_cue_class(date_weight=2.0, coverage_weight=1.0)),
        "date-2+coverage-0.5": Variant("date cue x3 + coverage x(1 + 0.5 share)",
                                       factory=_cue_class(date_weight=2.0, coverage_weight=0.5)),
        "date-2+no-speaker": Variant("date cue x3, speaker_weight=0", {"speaker_weight": 0.0},
                                     factory=_cue_class(date_weight=2.0)),
        "date-2+coverage-1+no-speaker": Variant("date cue x3 + coverage x(1 + share), "
                                                "speaker_weight=0", {"speaker_weight": 0.0},
                                                factory=_cue_class(date_weight=2.0,
                                                                   coverage_weight=1.0)),
        "date-2+coverage-1+speaker-0.2": Variant("date cue x3 + coverage x(1 + share), "
                                                 "speaker_weight=0.2", {"speaker_weight": 0.2},
                                                 factory=_cue_class(date_weight=2.0,
                                                                    coverage_weight=1.0)),
        "date-2+coverage-1+type-0.2": Variant("date cue x3 + coverage x(1 + share) + answer-type "
                                              "x1.2", factory=_cue_class(date_weight=2.0,
                                                                        coverage_weight=1.0,
                                                                        type_weight=0.2)),
    }

def temporal_variants() -> dict[str, Variant]:
    return {
        "default": Variant("defaults"),
        "issue11-previous": Variant("the defaults before the period and coverage cues",
                                    dict(_BEFORE_CUES)),
        "no-relations": Variant("relations=False (statement ranking alone, no facts)",
                                {"relations": False}),
        "recency-0.3": Variant("recency_weight=0.3", {"recency_weight": 0.3}),
        "recency-0.6": Variant("recency_weight=0.6", {"recency_weight": 0.6}),
        "newest-among-equals": Variant("subclass: candidates matching the same question terms "
                                       "ranked newest first", factory=_newest_first_class()),
        "no-relations+newest": Variant("relations=False with newest-among-equals",
                                       {"relations": False}, factory=_newest_first_class()),
    }

@contextlib.contextmanager
def patched(patches: dict[str, Any]) -> Iterator[None]:
    # the recall constants live in engine/recall.py (engine/memory.py before the module split)
    from recall_memory_plugins.engine import recall as engine_recall

    saved = {k: getattr(engine_recall, k) for k in patches}
    for k, v in patches.items():
        setattr(engine_recall, k, v)
    try:
        yield
    finally:
        for k, v in saved.items():
            setattr(engine_recall, k, v)

def run_temporal(args: Any) -> dict[str, Any]:
    """The temporal suite once per variant (statement ranking and relation layer)."""
    from . import temporal as T

    table = temporal_variants()
    chosen = args.variants or list(table)
    out: dict[str, Any] = {}
    t_start = time.perf_counter()
    targs = argparse.Namespace(smoke=args.smoke, budget=300, no_dense=True, annotator=args.annotator,
                               max_gap=args.max_gap)
    for name in chosen:
        v = table[name]
        agg, payload = T.run(targs, memory_options=v.options, memory_class=v.factory)
        out[name] = {"what": v.what, "current_first": agg["ours"]["all"]["current_first"],
                     "in_context": agg["ours"]["all"]["in_context"],
                     "by_lang": {k[5:]: agg["ours"][k]["current_first"] for k in agg["ours"] if k.startswith("lang=")},
                     "by_gap": {k[4:]: agg["ours"][k]["current_first"] for k in agg["ours"] if k.startswith("gap=")},
                     "relations": agg["relations"]["all"]["correct"],
                     "environment": payload["meta"]["environment"]}
        C.log(f"  {name}: current-correct {C.pct(out[name]['current_first'])} "
              f"({time.perf_counter() - t_start:.0f} s)")
    return out

def render_temporal(r: dict[str, Any], command: str) -> str:
    gaps = sorted({g for v in r.values() for g in v["by_gap"]}, key=int)
    rows = []
    for name, v in r.items():
        rows.append([f"`{name}`", v["what"], C.pct(v["current_first"]), C.pct(v["in_context"]),
                     *(C.pct(v["by_lang"].get(lang, float("nan"))) for lang in ("en", "zh")),
                     *(C.pct(v["by_gap"][g]) for g in gaps), C.pct(v["relations"])])
    env = next(iter(r.values()))["environment"]
    return "\n".join([
        "# Temporal experiments (current value ranked before the stale one, 300 tokens)", "",
        C.env_line(env), "", f"Command: `{command}`.", "",
        C.md_table(["variant", "what", "current-correct", "current in context", "EN", "ZH",
                    *(f"gap {g}" for g in gaps), "relation layer"], rows), ""])

def run(args: Any) -> dict[str, Any]:
    from recall_memory_plugins import TemporalGraphMemory

    path = Path(args.data) if args.data else L.default_data_path()
    if not path.is_file():
        C.die_data_missing("LOCOMO (locomo10.json)", path, "pass --data PATH or set RECALL_LOCOMO_PATH")
    C.quiet_jieba()
    convs = L.load_locomo(path, max_sessions=4 if args.smoke else None,
                          conversations=1 if args.smoke else args.conversations,
                          half="all" if args.smoke else args.half)
    budgets = tuple(args.budgets)
    annotator = C.make_annotator(args.annotator)
    env = C.environment(annotator)  # at the start: the commit whose code this run loaded
    side = DenseSide()
    table = variants(side)
    chosen = args.variants or list(table)
    results = L.new_results()
    t_start = time.perf_counter()
    timings: dict[str, list[float]] = {name: [] for name in chosen}
    with tempfile.TemporaryDirectory() as tmp:
        # --db keeps the shared ingest between runs (recall-time variants only read it)
        db = Path(args.db) if getattr(args, "db", None) else Path(tmp) / "shared.db"
        fresh = not db.exists()
        shared = C.make_store("sqlite", db)
        base = TemporalGraphMemory(shared, annotator=annotator)
        for conv in convs:
            if fresh or base.store.current_step(conv.sample_id) == 0:
                L.ingest(base, conv, conv.sample_id)
            if any("dense" in n for n in chosen):
                side.index(base, conv.sample_id)
        for name in chosen:
            v = table[name]
            cls = v.factory or TemporalGraphMemory
            with patched(v.patches):
                if v.own_ingest:
                    store = C.make_store("sqlite", Path(tmp) / f"{name}.db")
                    memory = cls(store, annotator=annotator, **v.options)
                    for conv in convs:
                        L.ingest(memory, conv, conv.sample_id)
                else:
                    memory = cls(shared, annotator=annotator, **v.options)
                for conv in convs:
                    L.eval_memory(memory, conv, conv.sample_id, results, key=name,
                                  strategy="fused", budgets=budgets, latencies=timings[name])
            done = L.aggregate({k: r for k, r in results.items() if k.startswith(name + "@")})
            m = done[f"{name}@{budgets[0]}"]
            C.log(f"  {name}: answer {C.pct(m['1-5']['answer_in_context'])}, evidence "
                  f"{C.pct(m['1-4']['evidence_recall'])} at {budgets[0]} tokens "
                  f"({time.perf_counter() - t_start:.0f} s)")
        if not getattr(args, "no_baselines", False):
            for conv in convs:
                L.eval_baselines(conv, results, budgets=budgets, dense=True)
        shared.close()
    agg = L.aggregate(results)
    return {"agg": agg, "chosen": chosen, "descriptions": {n: table[n].what for n in chosen},
            "budgets": list(budgets), "seconds": time.perf_counter() - t_start,
            "recall_ms_p50": {n: 1000 * C.percentile(v, 50) for n, v in timings.items()},
            "recall_ms_p95": {n: 1000 * C.percentile(v, 95) for n, v in timings.items()},
            "environment": env, "half": "all" if args.smoke else args.half,
            "conversations": [c.sample_id for c in convs],
            "command": "python -m benchmarks.experiments" + (" --smoke" if args.smoke else "")}

def render(r: dict[str, Any]) -> str:
    agg, budgets = r["agg"], r["budgets"]
    b0 = 500 if 500 in budgets else budgets[0]
    ans, ev = "answer_in_context", "evidence_recall"

    def val(name: str, b: int, metric: str) -> float:
        cat = "1-5" if metric == ans else "1-4"
        return float(agg.get(f"{name}@{b}", {}).get(cat, {}).get(metric, float("nan")))

    best_name, best = L.best_baseline(agg, b0, "1-5", ans, L.ANSWER_BASELINES)
    if not best_name:  # --no-baselines
        best_name, best = "none run", float("nan")
    rows = []
    names = [*r["chosen"], *(n for n in ("fusion", "bm25", "dense") if f"{n}@{b0}" in agg)]
    for name in names:
        is_variant = name in r["chosen"]
        row = [f"`{name}`" if is_variant else name,
               r["descriptions"][name] if is_variant else "baseline (whole turns)"]
        row += [C.pct(val(name, b, ans)) for b in budgets]
        row += [C.pct(val(name, b, ev)) for b in budgets]
        row += [f"{100 * (val(name, b0, ans) - val('default', b0, ans)):+.1f}",
                f"{100 * (val(name, b0, ans) - best):+.1f}"]
        row += [C.pct(agg[f"{name}@{b0}"].get(str(c), {}).get(ans, float("nan"))) for c in (1, 2, 3, 4, 5)]
        row.append(f"{r['recall_ms_p50'][name]:.1f} / {r['recall_ms_p95'][name]:.1f}"
                   if is_variant else "–")
        rows.append(row)
    n = agg.get(f"{names[0]}@{b0}", {}).get("1-5", {}).get("answer_n", 0) if names else 0
    headers = ["variant", "what", *(f"answer @{b}" for b in budgets),
               *(f"evidence 1-4 @{b}" for b in budgets), f"Δ answer vs default @{b0}",
               f"Δ answer vs best baseline ({best_name}) @{b0}",
               *(f"answer cat {c}" for c in (1, 2, 3, 4, 5)), "recall p50 / p95 ms"]
    half = r.get("half", "all")
    return "\n".join([
        "# LOCOMO experiments (answer in context, categories 1-5; evidence recall, 1-4)", "",
        C.env_line(r["environment"]), "",
        f"Command: `{r['command']}` · {half} half ({', '.join(r.get('conversations', []))}), "
        f"{n} answerable questions · run time {r['seconds']:.0f} s. Per-category columns at "
        f"{b0} tokens.",
        "", C.md_table(headers, rows), "",
    ])

def main(argv: Sequence[str] | None = None) -> int:
    parser = C.base_parser(__doc__.splitlines()[0])
    parser.add_argument("--suite", choices=("locomo", "temporal"), default="locomo")
    parser.add_argument("--data")
    parser.add_argument("--budgets", type=int, nargs="+", default=[500])
    parser.add_argument("--conversations", type=int, default=None)
    parser.add_argument("--max-gap", type=int, default=None, help="temporal: only streams up to this gap")
    parser.add_argument("--variants", nargs="*", default=None)
    parser.add_argument("--name", default=None, help="result file name (default: experiments)")
    parser.add_argument("--half", choices=("tuning", "reporting", "all"), default="tuning",
                        help="LOCOMO conversations to run on (default: the tuning half; choose "
                             "parameters there only)")
    parser.add_argument("--db", default=None,
                        help="SQLite file of the shared ingest, kept and reused between runs")
    parser.add_argument("--no-baselines", action="store_true",
                        help="skip the baselines (faster when comparing variants)")
    args = parser.parse_args(argv)
    import sys

    shown = [a for a in (sys.argv[1:] if argv is None else argv)]
    command = " ".join(["python -m benchmarks.experiments", *shown])
    if args.suite == "temporal":
        r = run_temporal(args)
        md = render_temporal(r, command)
        C.write_results(args.out, args.name or "experiments_temporal", md, r)
    else:
        r = run(args)
        r["command"] = command
        md = render(r)
        C.write_results(args.out, args.name or "experiments", md, r)
    C.log(md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
