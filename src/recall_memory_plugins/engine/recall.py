"""Recall: the statements that best answer a question within a token budget, mixed into
:class:`~recall_memory_plugins.engine.memory.TemporalGraphMemory`.

Owns the search (concept graph spreading from the question's concepts, fused with lexical BM25),
follow-up turns, the budget fill (whole statements, or question-matched excerpts), ``as_of`` and
``where`` filters, and the relation facts that lead the rendered context."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..config import MemoryConfig
from ..errors import InputError
from ..models import (
    Recall,
    Relation,
    ScoredConcept,
    Statement,
    chronological,
)
from ..nlp.base import Annotation, Annotator
from ..stores.base import (
    QuestionReads,
    get_statements_and_statements_at,
    read_question,
    reading,
    score_terms_and_find_context_ids,
)
from .fill import BudgetFillMixin
from .filters import StatementFilter, facts_as_of, filter_candidates
from .gcpause import paused_gc
from .past_facts import question_facts_then
from .periods import Period, question_period
from .relations.reads import FACT_HISTORY
from .retrieval import (
    BM25,
    Candidate,
    add_follow_ups,
    coverage_boost,
    fit_to_budget,
    fuse,
    period_boost,
    rank_concepts,
    seed_order,
    speaker_boost,
    steps_after,
)
from .said import said_candidates, said_in_period
from .text import Extraction, extract
from .time_intent import time_intent_boost
from .tokens import TokenCounter
from .validation import check_as_of, check_budget

if TYPE_CHECKING:
    from ..stores.base import GraphStore
    from .dense import DenseSignal
    from .relations import RelationTracker

__all__ = ["RecallMixin"]

logger = logging.getLogger(__name__)

POSTINGS_PER_TERM = 200  # postings read per rare question term
POSTINGS_PER_COMMON_TERM = 60  # ...and per common term (df above N/20), newest first
LEXICAL_CANDIDATES_PER_KEPT = 3  # best lexical matches read per statement the ranking keeps
RELATED_CONTEXT = 8
FILL_RECENT = 100  # newest statements considered to fill a budget the matches leave free
FILL_MIN_FREE = 40  # ...when at least this many tokens are left
FOLLOW_UP_HITS = 8  # best candidates whose next statements join (config.follow_up_weights)


class RecallMixin(BudgetFillMixin):
    """``recall``/``arecall`` and the search stages behind them."""

    if TYPE_CHECKING:  # provided by TemporalGraphMemory
        store: GraphStore
        tracker: RelationTracker | None
        config: MemoryConfig
        annotator: Annotator
        _tokens: TokenCounter
        _dense: DenseSignal | None

        _clock: Callable[[], datetime]

        def _ns(self, namespace: str | None) -> str: ...
        def _check_text(self, text: object, what: str = "text") -> str: ...

    # ------------------------------------------------------------------------------ knowledge out
    def recall(
        self,
        question: str,
        *,
        namespace: str | None = None,
        token_budget: int | None = None,
        strategy: str | None = None,
        order: str | None = None,
        as_of: int | datetime | None = None,
        where: StatementFilter | Mapping[str, Any] | None = None,
    ) -> Recall:
        """The statements that best answer ``question`` within ``token_budget`` tokens.

        Never raises for an unknown question: with no known concept it falls back to lexical
        matches, then to the most recent statements (see :attr:`Recall.strategy`).
        ``where`` (a :class:`~.filters.StatementFilter` or a mapping of its ``of`` keywords:
        speaker, source, since, until, since_step, until_step) keeps only the statements it
        accepts; ``as_of`` (a time step or an aware datetime) recalls only what was stored up to
        then, with the relation facts that held then.

        Raises:
            InputError: ``question`` is not a string or the budget is not positive.
        """
        # the recall's reads share one read transaction where the store offers it (Neo4j)
        chars = len(question) if isinstance(question, str) else 0
        with reading(self.store), paused_gc(chars):
            return self._recall(question, namespace, token_budget, strategy, order, as_of, where)

    def _recall(
        self,
        question: str,
        namespace: str | None,
        token_budget: int | None,
        strategy: str | None,
        order: str | None,
        as_of: int | datetime | None,
        where: StatementFilter | Mapping[str, Any] | None,
    ) -> Recall:
        ns = self._ns(namespace)
        question = self._check_text(question, "question")
        budget = check_budget(self.config.token_budget if token_budget is None else token_budget)
        strat = strategy or self.config.strategy
        if strat not in ("fused", "seed"):
            raise InputError(f"strategy must be 'fused' or 'seed', got {strategy!r}")
        ordering = order or self.config.order
        if ordering not in ("chronological", "rank"):
            raise InputError(f"order must be 'chronological' or 'rank', got {order!r}")
        as_of = check_as_of(as_of)
        only = StatementFilter.coerce(where)
        if as_of is not None:
            only = (only or StatementFilter()).with_as_of(as_of)

        annotation = (
            self.annotator.annotate(question) if question.strip() else Annotation(question, ())
        )
        ex = extract(annotation)
        essential = ex.concept_names()
        cfg = self.config
        tracker = self.tracker if as_of is None and annotation.sentences else None
        salient, aliases, newest_per_alias = (
            tracker.entity_reads(annotation) if tracker is not None else (None, [], 0)
        )
        # the clock, the question's concepts, (for "fused") its terms' frequencies and what the
        # facts read first: one round trip on a server store
        opened = read_question(
            self.store,
            ns,
            essential,
            ex.query_terms() if strat == "fused" else (),
            depth=cfg.depth_for(strat),
            window=cfg.temporal_window,
            anchor_newest=cfg.window_anchor == "newest",
            max_neighbors=cfg.max_neighbors,
            recent=salient,
            aliases=aliases,
            newest=newest_per_alias,
        )
        newest = opened.step
        if newest == 0:
            return Recall(question, ns, (), (), 0, budget, "empty")
        ranked_concepts = self._graph(opened)

        anchors = None  # the entities the facts are about: their relations go with the candidates
        if tracker is not None:
            read = (
                None
                if opened.recent is None or opened.by_alias is None
                else (aliases, opened.recent, opened.by_alias)
            )
            anchors = tracker.fact_anchors(self.store, ns, annotation, entities=read)
        full_texts: dict[int, str] = {}
        weights: dict[str, float] = {}
        anchored: list[list[list[Relation]]] = []
        # the period the question names (relative phrases count from now: the clock, or as_of)
        asked = question_period(question, now=as_of if isinstance(as_of, datetime) else self._clock())
        if strat == "seed":
            ranked, how = self._seed_candidates(ns, ranked_concepts)
        else:
            period = asked if self.config.period_weight else None
            ranked, how = self._fused_candidates(
                ns,
                ex,
                ranked_concepts,
                newest,
                budget,
                weights,
                period,
                question,
                opened.df,
                anchors.anchors if anchors is not None else (),
                anchored,
                as_of,
            )
            if self.config.excerpts != "off" and weights:
                ranked = self._excerpts(ranked, weights, full_texts)
        facts: list[str] = []
        reserved = 0
        if self.tracker is not None and annotation.sentences:
            then = None if as_of is not None else question_facts_then(
                self.store, ns, question, anchors=anchors, relations=next(iter(anchored), None),
                period=asked, now=self._clock(), exclusivity=self.tracker.exclusivity,
            )  # fmt: skip
            for fact in (
                then
                if then is not None
                else self.tracker.facts(
                    self.store,
                    ns,
                    annotation,
                    anchors=anchors,
                    relations=next(iter(anchored), None),
                )
                if as_of is None
                else facts_as_of(self._held_then(ns, annotation, as_of), question)
            ):
                cost = self._tokens.count(fact) + 1
                # facts take at most half the budget, but the first (the best: it says what is
                # current) may take all of it: under a tight budget a statement alone could state
                # what it replaced
                if reserved + cost > budget // 2 and (facts or cost > budget):
                    break
                facts.append(fact)
                reserved += cost
        ranked = filter_candidates(ranked, only)
        if cfg.excerpts == "off" and weights:  # (what can never enter whole: its matching sentences)
            ranked = self._excerpt_oversized(ranked, weights, full_texts, budget - reserved, ordering == "chronological")
        if not ranked:
            ranked = [(s, 0.0, ()) for s in self.store.find_recent_statements(ns, limit=200)]
            ranked = filter_candidates(ranked, only)
            how = "recent"
        grouped = ordering == "chronological"
        kept = fit_to_budget(
            ranked, budget=budget - reserved, count=self._tokens.count, grouped=grouped
        )
        if strat == "fused" and how != "recent" and self.config.fill_recent:
            free = budget - reserved - sum(r.tokens for r in kept) - 8 * len(kept)
            if free >= FILL_MIN_FREE:
                # Budget the question's matches leave free goes to the newest other statements
                # (the conversation so far), as a window buffer would use it.
                seen = {st.id for st, _, _ in ranked}
                recent = [
                    (st, 0.0, ())
                    for st in self.store.find_recent_statements(ns, limit=FILL_RECENT)
                    if st.id not in seen and (only is None or only.matches(st))
                ]
                kept = fit_to_budget(
                    [*ranked, *recent],
                    budget=budget - reserved,
                    count=self._tokens.count,
                    grouped=grouped,
                )
        if not kept and ranked and budget - reserved >= 8:
            kept = [self._truncated(ranked[0], budget - reserved, grouped, weights, full_texts)]
        if full_texts:
            kept = self._restore_full_texts(kept, full_texts, budget - reserved, grouped)
        if grouped:
            kept.sort(key=lambda r: chronological(r.statement))
        else:  # best first; for "seed" that is RecallM's concept order
            kept.sort(key=lambda r: -r.score)
        recall = Recall(
            question=question,
            namespace=ns,
            statements=tuple(kept),
            concepts=tuple(ranked_concepts),
            token_count=0,
            token_budget=budget,
            strategy=how,
            facts=tuple(facts),
            grouped=grouped,
        )
        # Exact accounting on the rendered text; drop the weakest statement while over budget
        # (only possible when dates go back and forth and add date headers).
        tokens = self._tokens.count(recall.text)
        while tokens > budget and recall.statements:
            weakest = min(range(len(recall.statements)), key=lambda i: recall.statements[i].score)
            rest = recall.statements[:weakest] + recall.statements[weakest + 1 :]
            recall = replace(recall, statements=rest)
            tokens = self._tokens.count(recall.text)
        while tokens > budget and recall.facts:
            recall = replace(recall, facts=recall.facts[:-1])
            tokens = self._tokens.count(recall.text)
        return replace(recall, token_count=tokens)

    async def arecall(self, question: str, **kwargs: Any) -> Recall:
        """Async twin of :meth:`recall` (runs in a worker thread)."""
        return await asyncio.to_thread(self.recall, question, **kwargs)

    def _held_then(self, ns: str, annotation: Annotation, as_of: int | datetime) -> list[Relation]:
        """The relations that held at ``as_of`` and had been told by then (for an instant: by
        statements said at or before it), of the question's anchors (of the namespace when it
        has none): a recall of the past does not know what was said later."""
        tracker = self.tracker
        if tracker is None:
            return []
        anchors = tracker.fact_anchors(self.store, ns, annotation).anchors
        if anchors:
            found = {
                r.id: r
                for a in anchors
                for r in tracker.find_relations(self.store, ns, entity=a, as_of=as_of)
            }
            held = sorted(found.values(), key=lambda r: (r.valid_from_step, r.recorded_at))
        else:
            held = tracker.find_relations(self.store, ns, as_of=as_of)
        if isinstance(as_of, datetime):  # (recorded_at: the time its statement was said)
            held = [r for r in held if r.recorded_at <= as_of]
        return held

    def _graph(self, opened: QuestionReads) -> list[ScoredConcept]:
        """The question's concepts ranked over the expansion :func:`read_question` read."""
        cfg = self.config
        starts, sub = opened.starts, opened.sub
        if not starts:
            return []
        if cfg.window_anchor == "start" and len(starts) > 1:
            # each concept must lie in the window of at least one start concept
            lows = [s.t_index - cfg.temporal_window for s in starts]
            keep = {c.name for c in sub.concepts if any(c.t_index >= lo for lo in lows)}
            sub = type(sub)(
                tuple(c for c in sub.concepts if c.name in keep),
                tuple(lk for lk in sub.links if lk.source in keep and lk.target in keep),
            )
        return rank_concepts(sub, [c.name for c in starts], time_weight=cfg.time_weight)

    def _seed_candidates(
        self, ns: str, concepts: Sequence[ScoredConcept]
    ) -> tuple[list[tuple[Statement, float, tuple[str, ...]]], str]:
        if not concepts:
            return [], "recent"
        contexts = self.store.find_contexts(
            ns, [c.name for c in concepts], limit_per_concept=self.config.context_limit
        )
        ordered = seed_order(concepts, contexts)
        # The last statements (essential concepts) matter most: fill the budget from the end.
        n = len(ordered)
        ranked = [(st, float(n - i), names) for i, (st, names) in enumerate(ordered)]
        ranked.reverse()
        return ranked, "seed"

    def _fused_candidates(
        self,
        ns: str,
        ex: Extraction,
        concepts: Sequence[ScoredConcept],
        newest: int,
        budget: int,
        weights: dict[str, float],
        period: Period | None = None,
        question: str = "",
        read_df: Mapping[str, int] | None = None,
        anchors: Sequence[str] = (),
        anchored: list[list[list[Relation]]] | None = None,
        as_of: int | datetime | None = None,
    ) -> tuple[list[tuple[Statement, float, tuple[str, ...]]], str]:
        """Candidates ranked by fused score; ``weights`` receives the question terms' idf weights
        (for excerpts), so the store's term statistics are read once per recall. ``period``: the
        calendar span the question names (statements said then rank higher). ``read_df``: the
        document frequencies :func:`read_question` read of ``ex.query_terms()`` (None: not
        read). ``anchored`` receives the relations of the facts' ``anchors`` when they are read
        with the candidates."""
        cfg = self.config
        query = ex.terms()
        for c in concepts:
            if c.essential and " " in c.name:
                query[c.name] += 1
        cands: dict[int, Candidate] = {}
        keep = min(400, max(40, budget // 5))  # candidates ranked for the budget
        terms: dict[str, tuple[float, int]] | None = None
        avg_len, k1, b = 0.0, 1.2, 0.75  # (used only with terms to score)
        if query:
            n_docs, avg_len = self.store.count_statements(ns)
            if read_df is not None and set(query) <= set(ex.query_terms()):
                df = {t: read_df[t] for t in query if t in read_df}
            else:
                df = self.store.term_frequencies(ns, query)
            if df:
                bm25 = BM25(n_docs=n_docs, avg_len=avg_len, df=df)
                k1, b = bm25.k1, bm25.b
                weights.update((t, bm25.idf[t] * q) for t, q in ex.terms().items() if t in bm25.idf)
                # Rare terms decide the ranking: read many of their postings. Common terms (low
                # idf) only add their newest statements, so hubs cost the same at any size.
                common_df = max(POSTINGS_PER_TERM, n_docs // 20)
                terms = {
                    t: (
                        bm25.idf[t] * q,
                        POSTINGS_PER_TERM if df[t] <= common_df else POSTINGS_PER_COMMON_TERM,
                    )
                    for t, q in query.items()
                    if t in df
                }
        groups: list[tuple[Sequence[str], int]] | None = None
        concept_weight: dict[str, float] = {}
        if concepts:
            max_sort = max((c.sort_val for c in concepts if not c.essential), default=0.0) or 1.0
            for c in concepts:
                if c.essential:
                    concept_weight[c.name] = 1.0
                else:
                    concept_weight[c.name] = (
                        0.5 * (0.5 + 0.5 * c.sort_val / max_sort) / max(c.depth, 1)
                    )
            groups = [
                ([c.name for c in concepts if c.essential], cfg.context_limit),
                (
                    [c.name for c in concepts if not c.essential],
                    min(cfg.context_limit, RELATED_CONTEXT),
                ),
            ]
        # the lexical and the graph candidates (and the facts' relations): one round trip on a
        # server store
        scored, contexts, relations = score_terms_and_find_context_ids(
            self.store,
            ns,
            terms,
            groups,
            avg_len=avg_len,
            top=LEXICAL_CANDIDATES_PER_KEPT * keep,
            k1=k1,
            b=b,
            entity_ids=anchors,
            newest=FACT_HISTORY,
        )
        if relations is not None and anchored is not None:
            anchored.append(relations)
        for sid, t_index, score in scored:
            cands[sid] = Candidate(sid, t_index, lexical=score)
        for name, members in contexts.items():
            for sid, t_index in members:
                cand = cands.get(sid)
                if cand is None:
                    cand = cands[sid] = Candidate(sid, t_index)
                cand.graph += concept_weight[name]
                cand.concepts = (*cand.concepts, name)
        by_id: dict[int, Statement] = {}
        dense = self._dense
        dense_weight = cfg.dense_weight if dense is not None else 0.0
        if dense is not None and dense_weight:
            # the statements nearest in meaning join the candidates: an answer that shares no
            # word with the question is found only this way
            for sid, t_index in dense.nearest(self.store, ns, question, cfg.dense_candidates):
                cands.setdefault(sid, Candidate(sid, t_index))
            # (a statement superseded or deleted since the search read it: left out)
            by_id = {s.id: s for s in self.store.get_statements(ns, list(cands)) if s.superseded_by is None}
            cands = {sid: c for sid, c in cands.items() if sid in by_id}
        said = said_in_period(self.store, ns, period, limit=keep, as_of=as_of)  # (the period's own)
        if not cands and not said:
            return [], "recent"
        if by_id and dense is not None:
            ids = list(cands)
            stored = self.store.find_vectors(ns, dense.name, ids)
            for sid, sim in dense.similarities(question, by_id.values(), stored).items():
                cands[sid].dense = sim
        ranked = fuse(
            cands.values(),
            newest_step=newest,
            lexical_weight=cfg.lexical_weight,
            graph_weight=cfg.graph_weight,
            recency_weight=cfg.recency_weight,
            dense_weight=dense_weight,
        )[:keep]
        follow_steps = len(cfg.follow_up_weights)
        guessed: set[int] = set()  # follow-up steps read with the statements
        read_after: list[Statement] | None = None
        if not by_id:
            # with the statements, the follow-ups of the best candidates before the boosts below
            # (most often the best after them too; the boosts' newcomers are read after)
            guessed = steps_after((c.t_index for c in ranked[: 2 * FOLLOW_UP_HITS]), follow_steps)
            statements, read_after = get_statements_and_statements_at(
                self.store, ns, [c.statement_id for c in ranked], guessed
            )
            by_id = {s.id: s for s in statements}
        out = [
            (by_id[c.statement_id], round(c.score, 6), c.concepts)
            for c in ranked
            if c.statement_id in by_id
        ]
        out += said_candidates(said, by_id, newest=newest, recency_weight=cfg.recency_weight)
        by_id.update((st.id, st) for st in said)
        if cfg.speaker_weight:
            out = speaker_boost(out, set(query), cfg.speaker_weight, question=question)
        if cfg.period_weight:
            out = period_boost(out, period, cfg.period_weight)
        if cfg.coverage_weight:
            out = coverage_boost(out, set(ex.terms()), cfg.coverage_weight)
        if cfg.follow_up_weights:
            # the statements stored just after the best hits (twice as many hits as follow, as
            # a hit's own follow-ups may outrank the next hits)
            steps = steps_after(
                (st.t_index for st, _, _ in out[: 2 * FOLLOW_UP_HITS]), follow_steps
            )
            if read_after is None:
                pool = self.store.statements_at(ns, steps)
            else:  # statements_at(steps): the steps read with the statements, then the rest
                pool = [st for st in read_after if st.t_index in steps]
                if not steps <= guessed:
                    pool += self.store.statements_at(ns, steps - guessed)
                    pool.sort(key=lambda st: (st.t_index, st.id))
            follow = [st for st in pool if st.id not in by_id]
            out = add_follow_ups(
                out,
                follow,
                cfg.follow_up_weights,
                hits=FOLLOW_UP_HITS,
                terms=weights,
            )
        out = time_intent_boost(out, question, cfg.time_intent_weight)  # (0: unchanged)
        return out, "graph" if concepts else "lexical"
