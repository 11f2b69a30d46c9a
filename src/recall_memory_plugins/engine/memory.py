"""``TemporalGraphMemory``: the public facade of the engine."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..config import MemoryConfig
from ..errors import InputError, NotFoundError, RecallError, WriteConflictError
from ..models import (
    ConceptMention,
    Entity,
    GraphUpdate,
    Recall,
    RecalledStatement,
    Relation,
    ScoredConcept,
    Statement,
    StatementInput,
    StoreStats,
    UpdateResult,
    date_header,
    render_statements,
    statement_line,
)
from ..nlp.base import Annotation, Annotator
from ..stores.base import GraphStore
from .items import ItemsMixin
from .filters import StatementFilter, facts_as_of, filter_candidates
from .relations import RelationTracker
from .retrieval import (
    BM25,
    Candidate,
    add_follow_ups,
    fit_to_budget,
    fuse,
    rank_concepts,
    seed_order,
    speaker_boost,
)
from .text import Extraction, excerpt, extract, link_pairs, speaker_index_terms
from .tokens import TokenCounter, get_token_counter
from .validation import (
    check_as_of,
    check_budget,
    check_items,
    check_label,
    check_limit,
    check_metadata,
    check_string,
    check_time,
)

__all__ = ["TemporalGraphMemory"]

logger = logging.getLogger(__name__)

MAX_TEXT_CHARS = 1_000_000
MAX_NAMESPACE_CHARS = 256
POSTINGS_PER_TERM = 200  # postings read per rare question term
POSTINGS_PER_COMMON_TERM = 60  # ...and per common term (df above N/20), newest first
LEXICAL_CANDIDATES_PER_KEPT = 3  # best lexical matches read per statement the ranking keeps
RELATED_CONTEXT = 8
FILL_RECENT = 100  # newest statements considered to fill a budget the matches leave free
FILL_MIN_FREE = 40  # ...when at least this many tokens are left
FOLLOW_UP_HITS = 8  # best candidates whose next statements join (config.follow_up_weights)
PLAN_ATTEMPTS = 5  # plans of one add refused as stale by the store before giving up
BATCH_HOLD_SECONDS = 1.0  # add_many commits at least this often, so other writers get the file


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(frozen=True)
class _Prepared:
    """An add's text analysis, done outside the write lock; the relation plan comes later."""

    namespace: str
    annotation: Annotation
    speaker: str | None
    sentence_statements: list[int]
    update: GraphUpdate


class TemporalGraphMemory(ItemsMixin):
    """A time-aware concept-graph memory (RecallM, fixed) with an optional relation layer.

    Args:
        store: a :class:`~recall_memory_plugins.stores.base.GraphStore`, a SQLite file path,
            ``":memory:"``, or None for the default SQLite file under the user data directory.
            A store passed in is not closed by :meth:`close`; one opened here is.
        annotator: ``"auto"`` (Stanza when its models are present, else offline), ``"offline"``,
            ``"stanza"`` or an :class:`~recall_memory_plugins.nlp.base.Annotator`.
        config: options; keyword ``options`` override single fields of it.
        namespace: the default namespace of calls that do not pass one.
        clock: returns "now" as an aware UTC datetime (injected for tests).
        tracker: the relation layer; None builds the default one when ``config.relations``.

    Example:
        >>> with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        ...     _ = memory.add("Brandon loves coffee.")
        ...     memory.recall("What does Brandon love?").text.endswith("Brandon loves coffee.")
        True
    """

    def __init__(
        self,
        store: GraphStore | str | Path | None = None,
        *,
        annotator: str | Annotator = "auto",
        config: MemoryConfig | None = None,
        namespace: str = "default",
        clock: Callable[[], datetime] = _utcnow,
        tracker: RelationTracker | None = None,
        **options: Any,
    ) -> None:
        cfg = config or MemoryConfig()
        self.config = cfg.with_options(**options) if options else cfg
        self._owns_store = not isinstance(store, GraphStore)
        if isinstance(store, GraphStore):
            self.store: GraphStore = store
        elif store is None or isinstance(store, (str, os.PathLike)):
            from ..stores.sqlite import SqliteGraphStore

            self.store = SqliteGraphStore(store)
        else:
            missing = [
                name
                for name in dir(GraphStore)
                if not name.startswith("_") and not hasattr(store, name)
            ]
            hint = f" (it lacks {', '.join(missing[:5])})" if missing and len(missing) < 20 else ""
            raise InputError(
                "store must be a GraphStore, a SQLite file path, ':memory:' or None; got "
                f"{type(store).__name__}{hint}"
            )
        if isinstance(annotator, str):
            from ..nlp import make_annotator

            self.annotator: Annotator = make_annotator(annotator)
        else:
            self.annotator = annotator
        self.namespace = self._check_namespace(namespace)
        self._clock = clock
        self._tokens: TokenCounter = get_token_counter(self.config.encoding)
        self._write_lock = threading.Lock()
        if tracker is not None:
            self.tracker: RelationTracker | None = tracker
        elif self.config.relations:
            self.tracker = RelationTracker(exclusive_types=self.config.exclusive_relations)
        else:
            self.tracker = None

    # ------------------------------------------------------------------------------ lifecycle
    def __enter__(self) -> TemporalGraphMemory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> TemporalGraphMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the store if this memory opened it."""
        if self._owns_store:
            self.store.close()

    def __repr__(self) -> str:
        return (
            f"TemporalGraphMemory(store={self.store!r}, annotator={self.annotator.name!r}, "
            f"namespace={self.namespace!r})"
        )

    # ------------------------------------------------------------------------------ validation
    @staticmethod
    def _check_namespace(namespace: object) -> str:
        if not isinstance(namespace, str) or not namespace.strip():
            raise InputError(f"namespace must be a non-empty string, got {namespace!r}")
        if len(namespace) > MAX_NAMESPACE_CHARS:
            raise InputError(f"namespace is longer than {MAX_NAMESPACE_CHARS} characters")
        return check_string(namespace, "namespace")

    def _ns(self, namespace: str | None) -> str:
        return self.namespace if namespace is None else self._check_namespace(namespace)

    @staticmethod
    def _check_text(text: object, what: str = "text") -> str:
        if not isinstance(text, str):
            raise InputError(f"{what} must be a string, got {type(text).__name__}")
        if len(text) > MAX_TEXT_CHARS:
            raise InputError(f"{what} is longer than {MAX_TEXT_CHARS:,} characters; split it first")
        return check_string(text, what)

    @staticmethod
    def _check_name(name: object, what: str) -> str:
        if not isinstance(name, str):
            raise InputError(f"{what} must be a string, got {type(name).__name__}")
        if len(name) > MAX_NAMESPACE_CHARS * 4:
            raise InputError(f"{what} is longer than {MAX_NAMESPACE_CHARS * 4} characters")
        return check_string(name, what)

    def _check_time(self, at: datetime | None) -> datetime:
        if at is None:
            return self._clock()
        return check_time(at, "at")

    # ------------------------------------------------------------------------------ knowledge in
    def add(
        self,
        text: str,
        *,
        namespace: str | None = None,
        at: datetime | None = None,
        speaker: str | None = None,
        source: str | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> UpdateResult:
        """Store ``text`` as the namespace's next time step (one all-or-nothing transaction).

        Args:
            text: a statement, a chat turn or a longer text (stored as sentence chunks).
            namespace: user/session scope (default: the memory's namespace).
            at: when the statement was made (aware datetime; default now).
            speaker: who said it (kept with the statement, resolves "I" in the relation layer).
            source: an opaque reference kept with the statement (e.g. a message id).
            metadata: a JSON-serialisable mapping kept with the statement (at most 64 kB
                encoded), returned by :meth:`get` and the other item reads.

        Raises:
            InputError: empty or invalid input (nothing is stored).
            StoreError: the store failed (nothing is stored).
        """
        ns = self._ns(namespace)
        text = self._check_text(text).strip()
        if not text:
            raise InputError("cannot add empty text")
        when = self._check_time(at)
        who = check_label(speaker, "speaker")
        ref = check_label(source, "source")
        meta = check_metadata(metadata)
        return self._commit(self._prepare(ns, text, when, who, ref, meta))

    def add_many(
        self,
        items: Iterable[str | Mapping[str, Any]],
        *,
        namespace: str | None = None,
        at: datetime | None = None,
        speaker: str | None = None,
        progress: bool = False,
        batch_size: int = 1000,
    ) -> list[UpdateResult]:
        """Add several texts in order, one time step each, committing ``batch_size`` at a time.

        An item is a text, or a mapping with ``"text"`` and optionally ``"at"``, ``"speaker"``,
        ``"source"`` and ``"metadata"`` (which override the keyword defaults). Each text stays all-or-nothing;
        sharing commits makes bulk ingest ~1.4x faster than calling :meth:`add` in a loop on
        SQLite (``benchmarks/README.md`` has the figures of both stores). A progress bar is shown when ``progress``.

        Every item is checked before anything is stored, and the text analysis runs before the
        store's write lock is taken; a batch commits after ``batch_size`` items or about a second,
        whichever comes first, so other writers and readers of the store are not kept waiting.

        Raises:
            InputError: an invalid item (nothing is stored; the message names the item's index;
                empty texts are skipped), or an update the store rejected.
            StoreError: the store failed. In both cases the error's ``stored`` attribute holds the
                results of the updates that were committed before it, in order.
        """
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
            raise InputError(f"batch_size must be an int >= 1, got {batch_size!r}")
        ns = self._ns(namespace)
        todo = check_items(
            items, at=at, speaker=speaker, check_text=self._check_text, check_when=self._check_time
        )
        results: list[UpdateResult] = []
        committed = 0
        bar = None
        if progress:
            from tqdm.auto import tqdm

            bar = tqdm(total=len(todo), desc="adding", unit="stmt")
        try:
            for start in range(0, len(todo), batch_size):
                # Text analysis runs before the store's batch opens, so the write lock is held
                # only for planning and writing; a batch also commits after BATCH_HOLD_SECONDS.
                prepared = [
                    self._prepare(ns, text, self._check_time(when), who, source, metadata)
                    for text, when, who, source, metadata in todo[start : start + batch_size]
                ]
                pos = 0
                while pos < len(prepared):
                    opened = time.monotonic()
                    try:
                        with self.store.batch():
                            while pos < len(prepared):
                                results.append(self._commit(prepared[pos]))
                                pos += 1
                                if bar is not None:
                                    bar.update(1)
                                if time.monotonic() - opened > BATCH_HOLD_SECONDS:
                                    break
                    except InputError as exc:
                        # A rejected update wrote nothing; the batch committed the ones before it.
                        committed = len(results)
                        exc.stored = tuple(results)
                        raise
                    except RecallError as exc:
                        exc.stored = tuple(results[:committed])
                        raise
                    committed = len(results)
        finally:
            if bar is not None:
                bar.close()
        return results

    async def aadd(self, text: str, **kwargs: Any) -> UpdateResult:
        """Async twin of :meth:`add` (runs in a worker thread)."""
        return await asyncio.to_thread(self.add, text, **kwargs)

    def _chunks(self, annotation: Annotation) -> list[tuple[int, int, list[int]]]:
        """Group sentences into statements of at most ``max_statement_tokens`` tokens."""
        limit = self.config.max_statement_tokens
        chunks: list[tuple[int, int, list[int]]] = []
        start = end = -1
        members: list[int] = []
        size = 0
        for i, sent in enumerate(annotation.sentences):
            n = self._tokens.count(sent.text)
            if members and size + n > limit:
                chunks.append((start, end, members))
                members, size = [], 0
            if not members:
                start = sent.start_char
            members.append(i)
            end = sent.end_char
            size += n
        if members:
            chunks.append((start, end, members))
        return chunks

    def _prepare(
        self,
        ns: str,
        text: str,
        when: datetime,
        speaker: str | None,
        source: str | None,
        metadata: Mapping[str, Any] | None = None,
    ) -> _Prepared:
        """Everything an add computes from the text alone (no store access, no lock)."""
        cfg = self.config
        annotation = self.annotator.annotate(text)
        ex: Extraction = extract(annotation)
        chunks = self._chunks(annotation)
        sentence_statement: list[int] = [0] * len(annotation.sentences)
        groups: list[tuple[str, list[int] | None]] = []
        members: list[int] | None
        if len(chunks) <= 1:
            groups.append((text, None))
        else:
            for idx, (start, end, members) in enumerate(chunks):
                for m in members:
                    sentence_statement[m] = idx
                groups.append((annotation.text[start:end].strip(), members))
        # The speaker is part of what a turn means ("what did Caroline say ..."), so index it.
        speaker_terms = speaker_index_terms(speaker)
        statements: list[StatementInput] = []
        for chunk_text, members in groups:
            terms = ex.terms(members)
            terms.update(speaker_terms)
            statements.append(
                StatementInput(chunk_text, dict(terms), speaker, source, dict(metadata or {}))
            )
        mentions: dict[str, tuple[str, str, set[int]]] = {}
        for occ in ex.concepts:
            entry = mentions.setdefault(occ.name, (occ.surface, occ.kind, set()))
            entry[2].add(sentence_statement[occ.sentence])
        concepts = tuple(
            ConceptMention(name, surface, kind, tuple(sorted(idx)))
            for name, (surface, kind, idx) in mentions.items()
        )
        links = tuple(
            (a, b, n)
            for (a, b), n in link_pairs(
                ex.concepts, distance=cfg.distance, sentence_window=cfg.sentence_window
            ).items()
        )
        return _Prepared(
            ns,
            annotation,
            speaker,
            sentence_statement,
            GraphUpdate(
                namespace=ns,
                at=when,
                statements=tuple(statements),
                concepts=concepts,
                links=links,
                context_limit=cfg.context_limit,
            ),
        )

    def _commit(self, prepared: _Prepared) -> UpdateResult:
        """Plan the relation changes against the stored state and write the update.

        Planning and writing share one store transaction (``store.batch()``): on SQLite it holds
        the file's write lock, so no other engine or process writes in between; on Neo4j a plan
        made stale by a concurrent writer is refused by the store (:class:`WriteConflictError`,
        nothing written) and planned again from the new state, up to ``PLAN_ATTEMPTS`` times.
        """
        ns = prepared.namespace
        update = prepared.update
        tracker = self.tracker
        for attempt in range(1, PLAN_ATTEMPTS + 1):
            plan = None
            try:
                with self._write_lock, self.store.batch():
                    if tracker is not None:
                        plan = tracker.plan(
                            self.store,
                            ns,
                            prepared.annotation,
                            speaker=prepared.speaker,
                            sentence_statements=prepared.sentence_statements,
                        )
                        update = replace(
                            update, entities=plan.entities, relation_changes=plan.changes
                        )
                    result = self.store.apply_update(update)
            except WriteConflictError:
                if tracker is not None:
                    tracker.discard(self.store, ns)
                if attempt == PLAN_ATTEMPTS:
                    raise
                logger.info("write conflict in %r (attempt %d): planning again", ns, attempt)
                continue
            except RecallError:
                if tracker is not None:
                    tracker.discard(self.store, ns)
                raise
            if tracker is not None and plan is not None:
                tracker.committed(self.store, ns, plan, result.t_index)
            break
        logger.debug(
            "stored step %s of %r: %d concepts, %d links, %d relation changes",
            result.t_index,
            ns,
            len(update.concepts),
            len(update.links),
            len(update.relation_changes),
        )
        return result

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

        newest = self.store.current_step(ns)
        if newest == 0:
            return Recall(question, ns, (), (), 0, budget, "empty")
        annotation = (
            self.annotator.annotate(question) if question.strip() else Annotation(question, ())
        )
        ex = extract(annotation)
        essential = ex.concept_names()
        ranked_concepts = self._graph(ns, essential, newest, strat)

        facts: list[str] = []
        reserved = 0
        if self.tracker is not None and annotation.sentences:
            for fact in (
                self.tracker.facts(self.store, ns, annotation)
                if as_of is None
                else facts_as_of(
                    self.tracker.find_relations(self.store, ns, as_of=as_of), question
                )
            ):
                cost = self._tokens.count(fact) + 1
                if reserved + cost > budget // 2:
                    break
                facts.append(fact)
                reserved += cost

        full_texts: dict[int, str] = {}
        weights: dict[str, float] = {}
        if strat == "seed":
            ranked, how = self._seed_candidates(ns, ranked_concepts)
        else:
            ranked, how = self._fused_candidates(ns, ex, ranked_concepts, newest, budget, weights)
            if self.config.excerpts != "off" and weights:
                ranked = self._excerpts(ranked, weights, full_texts)
        ranked = filter_candidates(ranked, only)
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
            kept.sort(key=lambda r: (r.statement.t_index, r.statement.id))
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
        return replace(recall, token_count=tokens)

    def _restore_full_texts(
        self,
        kept: list[RecalledStatement],
        full_texts: dict[int, str],
        budget: int,
        grouped: bool,
    ) -> list[RecalledStatement]:
        """Excerpted statements get their whole text back, best first, while the budget allows."""
        count = self._tokens.count
        free = budget - count(render_statements([r.statement for r in kept], grouped=grouped))
        out = []
        for r in sorted(kept, key=lambda r: -r.score):
            full = full_texts.get(r.statement.id)
            if full is None:
                out.append(r)
                continue
            whole = replace(r.statement, text=full)
            cost = count(statement_line(whole, with_date=not grouped)) + 1
            if cost - r.tokens <= free:
                free -= cost - r.tokens
                out.append(replace(r, statement=whole, tokens=cost))
            else:
                out.append(replace(r, full_text=full))
        return out

    def _excerpts(
        self,
        ranked: list[tuple[Statement, float, tuple[str, ...]]],
        weights: dict[str, float],
        full_texts: dict[int, str],
    ) -> list[tuple[Statement, float, tuple[str, ...]]]:
        """Long statements shortened to their sentences that match the question."""
        out = []
        turns_only = self.config.excerpts == "turns"
        for st, score, concepts in ranked:
            if turns_only and not st.speaker:
                out.append((st, score, concepts))
                continue
            short = excerpt(st.text, weights, max_sentences=self.config.excerpt_sentences)
            if short != st.text:
                full_texts[st.id] = st.text
                st = replace(st, text=short)
            out.append((st, score, concepts))
        return out

    def _truncated(
        self,
        best: tuple[Statement, float, tuple[str, ...]],
        budget: int,
        grouped: bool,
        weights: Mapping[str, float] | None = None,
        full_texts: dict[int, str] | None = None,
    ) -> RecalledStatement:
        """The best statement cut to fit a budget too small for any whole statement.

        With the question's term ``weights`` it is first cut to its sentences that match the
        question (what the budget can hold of the answer), and only then to its first tokens.
        """
        st, score, concepts = best
        if weights and (full_texts is None or st.id not in full_texts):  # not yet an excerpt
            short = excerpt(st.text, weights, max_sentences=self.config.excerpt_sentences)
            if short != st.text:
                if full_texts is not None:
                    full_texts[st.id] = st.text
                st = replace(st, text=short)
                cost = self._tokens.count(statement_line(st, with_date=not grouped)) + 1
                header = self._tokens.count(date_header(st)) + 1 if grouped else 0
                if cost + header <= budget:
                    return RecalledStatement(st, score, concepts, cost)
        probe = replace(st, text="")
        overhead = self._tokens.count(statement_line(probe, with_date=not grouped)) + 2
        if grouped:
            overhead += self._tokens.count(date_header(st)) + 1
        text = self._tokens.truncate(st.text, max(budget - overhead, 1)).rstrip() + "…"
        cut = replace(st, text=text)
        return RecalledStatement(
            cut, score, concepts, self._tokens.count(statement_line(cut, with_date=not grouped)) + 1
        )

    async def arecall(self, question: str, **kwargs: Any) -> Recall:
        """Async twin of :meth:`recall` (runs in a worker thread)."""
        return await asyncio.to_thread(self.recall, question, **kwargs)

    def _graph(
        self, ns: str, essential: Sequence[str], newest: int, strategy: str
    ) -> list[ScoredConcept]:
        cfg = self.config
        if not essential:
            return []
        starts = self.store.find_concepts(ns, essential)
        if not starts:
            return []
        if cfg.window_anchor == "newest":
            min_t = newest - cfg.temporal_window
        else:
            min_t = min(c.t_index for c in starts) - cfg.temporal_window
        sub = self.store.expand(
            ns,
            [c.name for c in starts],
            depth=cfg.depth_for(strategy),
            min_t_index=min_t,
            max_neighbors=cfg.max_neighbors,
        )
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
    ) -> tuple[list[tuple[Statement, float, tuple[str, ...]]], str]:
        """Candidates ranked by fused score; ``weights`` receives the question terms' idf weights
        (for excerpts), so the store's term statistics are read once per recall."""
        cfg = self.config
        query = ex.terms()
        for c in concepts:
            if c.essential and " " in c.name:
                query[c.name] += 1
        cands: dict[int, Candidate] = {}
        keep = min(400, max(40, budget // 5))  # candidates ranked for the budget
        if query:
            n_docs, avg_len = self.store.count_statements(ns)
            df = self.store.term_frequencies(ns, query)
            if df:
                bm25 = BM25(n_docs=n_docs, avg_len=avg_len, df=df)
                weights.update((t, bm25.idf[t] * q) for t, q in ex.terms().items() if t in bm25.idf)
                # Rare terms decide the ranking: read many of their postings. Common terms (low
                # idf) only add their newest statements, so hubs cost the same at any size.
                common_df = max(POSTINGS_PER_TERM, n_docs // 20)
                scored = self.store.score_terms(
                    ns,
                    {
                        t: (
                            bm25.idf[t] * q,
                            POSTINGS_PER_TERM if df[t] <= common_df else POSTINGS_PER_COMMON_TERM,
                        )
                        for t, q in query.items()
                        if t in df
                    },
                    avg_len=avg_len,
                    top=LEXICAL_CANDIDATES_PER_KEPT * keep,
                    k1=bm25.k1,
                    b=bm25.b,
                )
                for sid, t_index, score in scored:
                    cands[sid] = Candidate(sid, t_index, lexical=score)
        if concepts:
            max_sort = max((c.sort_val for c in concepts if not c.essential), default=0.0) or 1.0
            concept_weight: dict[str, float] = {}
            for c in concepts:
                if c.essential:
                    concept_weight[c.name] = 1.0
                else:
                    concept_weight[c.name] = (
                        0.5 * (0.5 + 0.5 * c.sort_val / max_sort) / max(c.depth, 1)
                    )
            essential = [c.name for c in concepts if c.essential]
            related = [c.name for c in concepts if not c.essential]
            contexts = self.store.find_context_ids(
                ns, essential, limit_per_concept=cfg.context_limit
            )
            if related:
                contexts.update(
                    self.store.find_context_ids(
                        ns, related, limit_per_concept=min(cfg.context_limit, RELATED_CONTEXT)
                    )
                )
            for name, members in contexts.items():
                for sid, t_index in members:
                    cand = cands.get(sid)
                    if cand is None:
                        cand = cands[sid] = Candidate(sid, t_index)
                    cand.graph += concept_weight[name]
                    cand.concepts = (*cand.concepts, name)
        if not cands:
            return [], "recent"
        ranked = fuse(
            cands.values(),
            newest_step=newest,
            lexical_weight=cfg.lexical_weight,
            graph_weight=cfg.graph_weight,
            recency_weight=cfg.recency_weight,
        )[:keep]
        by_id = {s.id: s for s in self.store.get_statements(ns, [c.statement_id for c in ranked])}
        follow: list[Statement] = []
        if cfg.follow_up_weights:
            # the statements stored just after the best hits (twice as many hits as follow: the
            # speaker boost below may reorder them)
            steps = {
                c.t_index + k
                for c in ranked[: 2 * FOLLOW_UP_HITS]
                for k in range(1, len(cfg.follow_up_weights) + 1)
            }
            follow = [st for st in self.store.statements_at(ns, steps) if st.id not in by_id]
        out = [
            (by_id[c.statement_id], round(c.score, 6), c.concepts)
            for c in ranked
            if c.statement_id in by_id
        ]
        if cfg.speaker_weight:
            out = speaker_boost(out, set(query), cfg.speaker_weight)
        if cfg.follow_up_weights:
            out = add_follow_ups(
                out,
                follow,
                cfg.follow_up_weights,
                hits=FOLLOW_UP_HITS,
            )
        return out, "graph" if concepts else "lexical"

    # ------------------------------------------------------------------------------ admin
    def stats(self, namespace: str | None = None) -> StoreStats:
        """Counts for ``namespace`` (all namespaces when None)."""
        return self.store.stats(None if namespace is None else self._check_namespace(namespace))

    def clear(self, namespace: str | None = None) -> None:
        """Hard-delete everything of the namespace (no history is kept)."""
        ns = self._ns(namespace)
        self.store.clear(ns)
        if self.tracker is not None:
            self.tracker.discard(self.store, ns)

    forget = clear

    async def aclear(self, namespace: str | None = None) -> None:
        """Async twin of :meth:`clear`."""
        await asyncio.to_thread(self.clear, namespace)

    def statements(
        self, *, namespace: str | None = None, limit: int | None = None
    ) -> list[Statement]:
        """Stored statements, oldest first."""
        return self.store.find_statements(self._ns(namespace), limit=check_limit(limit))

    # ------------------------------------------------------------------------------ relations
    def _require_tracker(self) -> RelationTracker:
        if self.tracker is None:
            return RelationTracker(exclusive_types=self.config.exclusive_relations)
        return self.tracker

    def entities(self, name: str | None = None, *, namespace: str | None = None) -> list[Entity]:
        """Entities of the namespace, or those known by ``name`` (name or alias)."""
        ns = self._ns(namespace)
        if name is not None:
            name = self._check_name(name, "name")
        return self._require_tracker().find_entities(self.store, ns, name)

    def get_entity(self, name: str, *, namespace: str | None = None) -> Entity:
        """The entity known by ``name``; raises :class:`NotFoundError` when there is none."""
        found = self.entities(name, namespace=namespace)
        if not found:
            raise NotFoundError(f"no entity named {name!r} in namespace {self._ns(namespace)!r}")
        return found[0]

    def relations(
        self,
        entity: str | None = None,
        *,
        namespace: str | None = None,
        type: str | None = None,
        as_of: int | datetime | None = None,
        include_ended: bool = False,
    ) -> list[Relation]:
        """Relations true now, or at ``as_of`` (a time step or an aware timestamp)."""
        ns = self._ns(namespace)
        if entity is not None:
            entity = self._check_name(entity, "entity")
        if type is not None:
            type = self._check_name(type, "type")
        return self._require_tracker().find_relations(
            self.store,
            ns,
            entity=entity,
            type=type,
            as_of=check_as_of(as_of),
            include_ended=bool(include_ended),
        )

    def timeline(self, entity: str, *, namespace: str | None = None) -> list[Relation]:
        """Every relation of ``entity`` with its validity interval, in the order they began."""
        ns = self._ns(namespace)
        return self._require_tracker().timeline(self.store, ns, self._check_name(entity, "entity"))
