"""``TemporalGraphMemory``: the public facade of the engine."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from .._locks import FairRLock
from ..config import MemoryConfig
from ..embeddings.base import Embedder
from ..errors import ConfigurationError, InputError, RecallError, WriteConflictError
from ..models import (
    ConceptMention,
    GraphUpdate,
    Statement,
    StatementInput,
    StoreStats,
    UpdateResult,
)
from ..nlp.base import Annotation, Annotator
from ..stores.base import OPTIONAL_MEMBERS, GraphStore, bulk, is_graph_store
from .dense import DenseSignal
from .gcpause import paused_gc
from .ingest import prepare_chunk, write_block
from .inspection import InspectionMixin
from .items import ItemsMixin
from .recall import RecallMixin
from .relations import RelationPlan, RelationTracker
from .text import Extraction, extract, link_pairs, speaker_index_terms
from .tokens import TokenCounter, get_token_counter
from .validation import (
    check_items,
    check_label,
    check_limit,
    check_metadata,
    check_name,
    check_string,
    check_time,
    plain_text,
)

__all__ = ["TemporalGraphMemory"]

logger = logging.getLogger(__name__)

MAX_TEXT_CHARS = 1_000_000
MAX_NAMESPACE_CHARS = 256
PLAN_ATTEMPTS = 5  # plans of one add refused as stale by the store before giving up
PLAN_OUTSIDE_LOCK_CHARS = 10_000  # longer texts are planned before the store lock is taken


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
    vectors: tuple[bytes, ...] = ()  # one per statement, with an embedder (engine/dense.py)
    dated: bool = False  # ``at`` given by the caller (else the clock's: never backdated)
    said_at: datetime | None = None  # ``at`` in its caller's zone: "yesterday" is read there


class TemporalGraphMemory(RecallMixin, InspectionMixin, ItemsMixin):
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
        embedder: an :class:`~recall_memory_plugins.embeddings.Embedder` (e.g.
            ``MiniLMEmbedder()``, ``dense`` extra) adds a semantic signal to ``fused`` recall,
            weighted by ``config.dense_weight``. None (default): lexical and graph signals only.

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
        embedder: Embedder | None = None,
        **options: Any,
    ) -> None:
        if config is not None and not isinstance(config, MemoryConfig):
            raise ConfigurationError(
                f"config must be a MemoryConfig or None, got {type(config).__name__} (pass "
                "options as keywords: TemporalGraphMemory(store, **options))"
            )
        cfg = config or MemoryConfig()
        self.config = cfg.with_options(**options) if options else cfg
        from ..nlp import make_annotator  # refuses what is neither a name nor an Annotator

        self.annotator: Annotator = make_annotator(annotator)
        self.namespace = self._check_namespace(namespace)  # (both before a store is opened)
        self._owns_store = not is_graph_store(store)
        if is_graph_store(store):
            self.store: GraphStore = store
        elif store is None or isinstance(store, (str, os.PathLike)):
            from ..stores.sqlite import SqliteGraphStore

            self.store = SqliteGraphStore(store)
        else:
            missing = [
                name
                for name in sorted(set(dir(GraphStore)) - OPTIONAL_MEMBERS)
                if not name.startswith("_") and not hasattr(store, name)
            ]
            hint = f" (it lacks {', '.join(missing[:5])})" if missing and len(missing) < 20 else ""
            raise InputError(
                "store must be a GraphStore, a SQLite file path, ':memory:' or None; got "
                f"{type(store).__name__}{hint}"
            )
        if not callable(clock):
            raise ConfigurationError(f"clock must be a callable giving an aware datetime, not {clock!r}")
        self._clock = clock
        self._tokens: TokenCounter = get_token_counter(self.config.encoding)
        self._write_lock = FairRLock()  # before the store's lock, always; fair (see _locks)
        if tracker is not None:
            self.tracker: RelationTracker | None = tracker
        elif self.config.relations:
            self.tracker = RelationTracker(exclusive_types=self.config.exclusive_relations)
        else:
            self.tracker = None
        self._dense = DenseSignal(embedder) if embedder is not None else None

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
        return plain_text(text, what)

    _check_name = staticmethod(check_name)  # an entity's name or a relation type

    def _check_time(self, at: datetime | None) -> datetime:  # (in the zone it was given in)
        return self._clock() if at is None else check_time(at, "at").astimezone(at.tzinfo)

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
            at: when the statement was made (aware datetime; default now). A time given here
                that is before a current fact's start records history, never a change of it.
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
        with paused_gc(len(text)):
            prepared = self._prepare(ns, text, when, who, ref, meta, dated=at is not None)
            (prepared,) = self._with_vectors([prepared])
            result = self._commit(prepared)
        self._store_vectors(ns, [result], [prepared])
        return result

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
        store's write lock is taken (on a store that writes behind, Neo4j, inside its batch, while
        the updates before are written); a batch commits after ``batch_size`` items or about a
        second, whichever comes first, so other writers and readers of the store are not kept
        waiting.

        Raises:
            InputError: an invalid item, an empty or blank text included, as :meth:`add`
                refuses it (nothing is stored; the message names the item's index), or an
                update the store rejected.
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
                # analysed with the collector off (gcpause); commits after BATCH_HOLD_SECONDS
                with paused_gc(sum(len(item[0]) for item in todo[start : start + batch_size])):
                    prepared = prepare_chunk(self, ns, todo[start : start + batch_size])
                    pos = 0
                    while pos < len(prepared):
                        try:
                            # several updates per write where the store can (Neo4j); the write
                            # lock first, as in add() (the other order deadlocked against it)
                            with self._write_lock, bulk(self.store):
                                step = None if bar is None else (lambda: bar.update(1))
                                pos = write_block(self, prepared, pos, results, step)
                        except InputError as exc:
                            # A rejected update wrote nothing; the batch committed the ones before it.
                            committed = len(results)
                            exc.stored = tuple(results)
                            raise
                        except RecallError as exc:
                            exc.stored = tuple(results[:committed])
                            raise
                        done = len(results) - committed  # this block's updates: prepared[pos-done:pos]
                        self._store_vectors(ns, results[committed:], prepared[pos - done : pos])
                        committed = len(results)
        finally:
            if bar is not None:
                bar.close()
        return results

    async def aadd(self, text: str, **kwargs: Any) -> UpdateResult:
        """Async twin of :meth:`add` (runs in a worker thread)."""
        return await asyncio.to_thread(self.add, text, **kwargs)

    def _with_vectors(self, prepared: list[_Prepared]) -> list[_Prepared]:
        """With an embedder, each update's statement vectors (one embedder call for all of them,
        before the store lock is taken; a failure raises before anything is stored)."""
        if self._dense is None:
            return prepared
        vectors = self._dense.encode_updates([p.update for p in prepared])
        return [replace(p, vectors=v) for p, v in zip(prepared, vectors, strict=True)]

    def _store_vectors(
        self, ns: str, results: Sequence[UpdateResult], prepared: Sequence[_Prepared]
    ) -> None:
        if self._dense is not None:
            self._dense.keep(self.store, ns, results, [p.vectors for p in prepared])

    def _chunks(self, annotation: Annotation) -> list[tuple[int, int, list[int]]]:
        """Group sentences into statements of at most ``max_statement_tokens`` tokens."""
        limit = self.config.max_statement_tokens
        chunks: list[tuple[int, int, list[int]]] = []
        start = end = -1
        members: list[int] = []
        size = 0
        for i, sent in enumerate(annotation.sentences):
            # the exact size of a sentence over the limit does not matter: it is a chunk alone
            n = self._tokens.count_over(sent.text, limit)
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
        *,
        dated: bool = False,
    ) -> _Prepared:
        """Everything an add computes from the text alone (no store access, no lock); a long
        text is analysed with the cyclic collector paused (``gcpause``)."""
        with paused_gc(len(text)):
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
                    at=when.astimezone(timezone.utc),
                    utc_offset=(when.utcoffset() or timedelta()) // timedelta(seconds=1),
                    statements=tuple(statements),
                    concepts=concepts,
                    links=links,
                    context_limit=cfg.context_limit,
                ),
                dated=dated,
                said_at=when,
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
        early: tuple[tuple[int, int], RelationPlan] | None = None
        if tracker is not None and len(prepared.annotation.text) >= PLAN_OUTSIDE_LOCK_CHARS:
            # a long text's plan (mentions, patterns) takes a while: made before the store's
            # write lock, and kept only if nobody wrote the namespace in between
            with self._write_lock:
                state = self.store.current_state(ns)
                early = (state, self._plan(tracker, prepared))
        for attempt in range(1, PLAN_ATTEMPTS + 1):
            plan = None
            try:
                with self._write_lock, self.store.batch():
                    if tracker is not None:
                        if early is not None and self.store.current_state(ns) == early[0]:
                            plan = early[1]
                        else:
                            plan = self._plan(tracker, prepared)
                        early = None
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

    def _plan(self, tracker: RelationTracker, prepared: _Prepared) -> RelationPlan:
        return tracker.plan(
            self.store,
            prepared.namespace,
            prepared.annotation,
            speaker=prepared.speaker,
            sentence_statements=prepared.sentence_statements,
            when=prepared.update.at if prepared.dated else None,
            said_at=prepared.said_at if self.config.dates_from_text else None,
        )

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

    def _require_tracker(self) -> RelationTracker:
        if self.tracker is None:
            return RelationTracker(exclusive_types=self.config.exclusive_relations)
        return self.tracker
