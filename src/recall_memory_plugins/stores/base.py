"""The graph-store contract: domain operations, not query strings.

Every backend (embedded SQLite, Neo4j) implements :class:`GraphStore`; the engine sees nothing else.
The contract tests in ``tests/contract/`` run one suite against every implementation.

Rules every implementation follows:
- :meth:`GraphStore.apply_update` is one all-or-nothing transaction that advances the namespace's
  clock by one step; a failure raises :class:`~recall_memory_plugins.errors.StoreError` and leaves
  the store as it was.
- Every value reaches the database as a parameter; nothing is built into query strings.
- Reads and writes only ever touch the namespace they are given.
- ``setup()`` creates schema/indexes idempotently; constructors never run DDL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from datetime import datetime
from typing import Any, Protocol, TypeGuard, runtime_checkable

from ..errors import InputError
from ..models import (
    Concept,
    ConceptLink,
    Entity,
    GraphUpdate,
    Relation,
    Statement,
    StoreStats,
    Subgraph,
    TermPosting,
    UpdateResult,
)
from .merged import QuestionReads as QuestionReads
from .merged import find_context_ids_in_groups as find_context_ids_in_groups
from .merged import find_current_relations_of_types as find_current_relations_of_types
from .merged import find_recent_entities_and_aliases as find_recent_entities_and_aliases
from .merged import get_statements_and_statements_at as get_statements_and_statements_at
from .merged import newest_per_alias as newest_per_alias
from .merged import read_question as read_question
from .merged import score_terms_and_find_context_ids as score_terms_and_find_context_ids
from .merged import statements_said as statements_said

__all__ = ["GraphStore"]


@runtime_checkable
class GraphStore(Protocol):
    """Domain operations of a temporal concept/entity graph store."""

    # -- lifecycle ---------------------------------------------------------------------------
    def setup(self) -> None:
        """Create (or migrate) schema, constraints and indexes. Idempotent."""
        ...

    def close(self) -> None:
        """Release what the store opened itself (not an injected connection/driver)."""
        ...

    # -- writes ------------------------------------------------------------------------------
    def apply_update(self, update: GraphUpdate) -> UpdateResult:
        """Store one ``add`` atomically under the namespace's next time step.

        Every link must name concepts that exist or are upserted by the same update (else
        :class:`~recall_memory_plugins.errors.InputError`, nothing written). Entities merge new
        aliases; a vague stored type (``OTHER``/``THING``) is upgraded by a specific one.
        Concepts are upserted (``t_index`` = the step, ``mentions`` += 1, ``revision_count`` + 1
        when an existing concept's context gains a statement, new aliases merged); each link's
        ``strength`` grows by its count and its ``t_index`` becomes the step; each concept's context
        gains the statements that mention it and is trimmed to the ``context_limit`` most recent
        (the statements themselves stay); index terms are recorded; entities are upserted (aliases
        merged) and relation changes applied with this step and ``update.at`` as their time.
        """
        ...

    def batch(self) -> AbstractContextManager[None]:
        """Updates applied inside may share commits (bulk ingest); each stays all-or-nothing.

        When the block ends, normally or by an error, every update that completed inside it is
        committed; an update the store rejects (:class:`InputError`) leaves nothing behind. A
        store-level failure may lose the batch's uncommitted updates (on Neo4j, whose transactions
        have no savepoints, a server error rolls back everything since the batch's last commit),
        and the :class:`StoreError` raised says so. A store without shared commits returns a no-op
        context.
        """
        ...

    def clear(self, namespace: str) -> None:
        """Hard-delete everything of ``namespace`` (forget). Other namespaces are untouched."""
        ...

    # -- clock & statements --------------------------------------------------------------------
    def current_step(self, namespace: str) -> int:
        """The namespace's newest time step (0 when empty)."""
        ...

    def current_state(self, namespace: str) -> tuple[int, int]:
        """``(generation, step)``: the namespace's generation, which :meth:`clear` increases (it
        survives the clear, so a namespace forgotten and refilled to the same step is told apart
        from the one before), and its newest time step. One read."""
        ...

    def get_statements(self, namespace: str, ids: Sequence[int]) -> list[Statement]:
        """Statements by id (missing ids are skipped), in the order of ``ids``; superseded ones
        too (recall never meets their ids: they are in no posting or context)."""
        ...

    def find_recent_statements(self, namespace: str, *, limit: int) -> list[Statement]:
        """The newest current (not superseded) statements, newest first."""
        ...

    def find_statements(
        self,
        namespace: str,
        *,
        since_step: int = 0,
        until_step: int | None = None,
        limit: int | None = None,
    ) -> list[Statement]:
        """Statements with ``since_step <= t_index <= until_step``, oldest first."""
        ...

    def statements_at(self, namespace: str, steps: Iterable[int]) -> list[Statement]:
        """Every current statement stored at one of the time ``steps``, oldest first (step, then
        id)."""
        ...

    def find_statements_said(
        self,
        namespace: str,
        *,
        since: datetime,
        until: datetime,
        limit: int,
        until_step: int | None = None,
    ) -> list[Statement]:
        """The newest ``limit`` current statements said (``at``) in ``[since, until)``, stored
        up to ``until_step`` (None: any), newest first (``at``, then id): an index read.

        Added in round 51 (a question naming a period reads what was said then); the default,
        for a store written before it, finds none, so such a store is recalled as before."""
        return []

    # -- statement vectors (the optional semantic signal) ----------------------------------------
    def put_vectors(self, namespace: str, space: str, vectors: Mapping[int, bytes]) -> int:
        """Store (or replace) the vectors of statements by id, in the vector ``space`` (an
        embedder's name); ids not stored in ``namespace`` are skipped. Returns how many were
        stored. A vector is deleted with its statement."""
        ...

    def find_vectors(self, namespace: str, space: str, ids: Sequence[int]) -> dict[int, bytes]:
        """The stored vectors of ``space`` of the statements ``ids`` (ids without one are
        missing from the result)."""
        ...

    # -- concept graph ---------------------------------------------------------------------------
    def find_concepts(self, namespace: str, names: Iterable[str]) -> list[Concept]:
        """The stored concepts among ``names``."""
        ...

    def find_links(self, namespace: str, names: Iterable[str] | None = None) -> list[ConceptLink]:
        """Links touching any of ``names`` (all links of the namespace when None)."""
        ...

    def expand(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        depth: int,
        min_t_index: int,
        max_neighbors: int,
    ) -> Subgraph:
        """The temporal spanning tree around ``names``, in one round trip.

        Walks ``RELATED`` links up to ``depth`` hops, only through concepts with
        ``t_index >= min_t_index``; from each concept at most ``max_neighbors`` neighbours are
        followed, the most recent (then strongest) first. Returns the reached concepts (with their
        ``depth``, starts at 0; starts are included only when stored and inside the window) and
        every link among them.
        """
        ...

    def find_contexts(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        limit_per_concept: int,
    ) -> dict[str, list[Statement]]:
        """Each concept's context: its newest statements (at most ``limit_per_concept``), oldest
        first."""
        ...

    def find_context_ids(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        limit_per_concept: int,
    ) -> dict[str, list[tuple[int, int]]]:
        """Like :meth:`find_contexts`, but only ``(statement id, t_index)`` pairs (cheap)."""
        ...

    # -- lexical index ---------------------------------------------------------------------------
    def count_statements(self, namespace: str) -> tuple[int, float]:
        """Number of statements and their mean length in index terms."""
        ...

    def term_frequencies(self, namespace: str, terms: Iterable[str]) -> dict[str, int]:
        """Document frequency of each known term (unknown terms are absent)."""
        ...

    def find_postings(
        self,
        namespace: str,
        terms: Iterable[str],
        *,
        limit_per_term: int,
    ) -> list[TermPosting]:
        """Statements containing any of ``terms`` (for each term its newest ``limit_per_term``)."""
        ...

    def score_terms(
        self,
        namespace: str,
        terms: Mapping[str, tuple[float, int]],
        *,
        avg_len: float,
        top: int,
        k1: float = 1.2,
        b: float = 0.75,
    ) -> list[tuple[int, int, float]]:
        """BM25 of the statements containing any of ``terms``, best first.

        ``terms`` maps a term to ``(weight, limit)``: its weight (idf x query count) and how many
        of its newest postings are read. A statement scores
        ``sum(weight * tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / avg_len)))`` over the
        read postings. Returns the ``top`` best as ``(statement_id, t_index, score)``; ties:
        newest statement first.
        """
        ...

    # -- entities & relations --------------------------------------------------------------------
    def find_entities(
        self,
        namespace: str,
        *,
        ids: Iterable[str] | None = None,
        aliases: Iterable[str] | None = None,
        type: str | None = None,
        newest: int | None = None,
    ) -> list[Entity]:
        """Entities by id, by alias (case-insensitive match on any alias or the name) or type.

        With ``aliases`` and ``newest``, each alias yields at most its ``newest`` entities by
        ``last_step`` (the order of :meth:`find_recent_entities`) plus every entity whose name is
        that alias: a first name shared by hundreds of people costs a bounded read.
        """
        ...

    def find_recent_entities(self, namespace: str, *, limit: int) -> list[Entity]:
        """The most recently mentioned entities: ``last_step`` desc, then ``first_step`` desc,
        then id."""
        ...

    def find_relations(
        self,
        namespace: str,
        *,
        subject_id: str | None = None,
        object_id: str | None = None,
        entity_id: str | None = None,
        type: str | None = None,
        current_only: bool = False,
        newest: int | None = None,
    ) -> list[Relation]:
        """Relations matching all given filters, oldest first (``entity_id``: either end).

        ``newest``: only the ``newest`` most recently recorded of them (still oldest first), so
        a recall reads a bounded part of a long history. As-of filtering is done by the engine
        from the returned intervals.
        """
        ...

    # -- items -------------------------------------------------------------------------------------
    def find_statement_page(
        self,
        namespace: str,
        *,
        offset: int = 0,
        limit: int | None = None,
        source: str | None = None,
        speaker: str | None = None,
        include_superseded: bool = False,
        newest_first: bool = False,
    ) -> list[Statement]:
        """One page of the namespace's statements, by (``t_index``, id), oldest first unless
        ``newest_first``; only those with the given ``source``/``speaker``; superseded ones only
        with ``include_superseded``."""
        ...

    def find_statement_versions(self, namespace: str, statement_id: int) -> list[Statement]:
        """Every version of a statement (the chain of ``superseded_by``, both ways), oldest
        first; empty when the statement is not stored in ``namespace``."""
        ...

    def supersede_statement(
        self,
        namespace: str,
        statement_id: int,
        by: int,
        *,
        keep_relations: Iterable[str] | None = (), restep: Iterable[str] = (),
    ) -> None:
        """Mark a current statement as superseded by the newer statement ``by`` (one
        transaction): it stays as history, readable by id and in its versions, but leaves
        everything recall reads: its postings (term counts and the namespace's statement count and
        length follow), its concept contexts, and a concept left with an empty context goes with
        its links. :meth:`find_recent_statements` and :meth:`statements_at` skip it. The current
        relations it is the evidence of end at ``by``'s step and time (kept as history), except
        those in ``keep_relations`` (None: all), which are drawn from ``by`` from now on. The relations ``restep`` that ``by`` began or ended at its step begin or end at ``statement_id``'s step instead (a correction read at its statement's own time), never before they begin; history it added holds until its successor began, and an ended relation it clipped ends by that step.

        Raises:
            NotFoundError: ``statement_id`` is not stored in ``namespace``.
            InputError: it is already superseded, or ``by`` is not another statement of it.
        """
        ...

    def delete_statements(
        self, namespace: str, ids: Iterable[int], *, cascade_relations: bool = False
    ) -> int:
        """Hard-delete statements and every other version of them (one transaction), and what
        names them: postings, contexts (concepts left with an empty context go with their links),
        and the evidence ``statement_id`` of relations (the relations themselves too with ``cascade_relations``; the relations they superseded take their endings), but a relation another current statement repeats is drawn from it instead;
        entities named at their steps alone, in no relation, go. Ids not stored are skipped. Returns how many statements went."""
        ...

    def retract_relations(self, namespace: str, statement_id: int, *, keep: Iterable[str] = ()) -> int:
        """What :meth:`delete_statements` with ``cascade_relations`` does to the relations drawn from the current statement ``statement_id`` (except ``keep``), the statement staying; returns how many relations went."""

    def delete_entity(self, namespace: str, entity_id: str) -> int:
        """Hard-delete an entity, its aliases and every relation that has it as subject or object
        (one transaction); returns how many relations were deleted.

        Raises:
            NotFoundError: no entity ``entity_id`` in ``namespace``.
        """
        ...

    # -- export / import ---------------------------------------------------------------------
    def dump_namespace(self, namespace: str) -> list[dict[str, Any]]:
        """Everything stored for ``namespace`` as store-neutral records (empty when it holds
        nothing), each a dict with a ``kind``, in this order:

        - ``namespace``: ``step, n_statements, total_length, relation_seq`` (its clock/totals);
        - ``statement``: ``id, text, t_index, at, speaker, source, length, metadata,
          superseded_by, terms`` (the index terms, ``{}`` for a superseded statement), by id;
        - ``concept``: ``name, t_index, revision_count, mentions, aliases``;
        - ``context``: ``concept, statements`` (statement ids, ascending);
        - ``link``: ``source, target, strength, t_index`` (``source < target``);
        - ``entity``: ``id, name, type, aliases, first_step, last_step``;
        - ``relation``: every field of :class:`Relation` but the names, plus ``seq``;
        - ``support``: ``relation, statement`` (a later statement that repeats the relation).

        Times are aware ``datetime`` values. The ids are this store's; :meth:`load_namespace`
        maps them to its own.
        """
        ...

    def load_namespace(
        self,
        namespace: str,
        records: Sequence[Mapping[str, Any]],
        *,
        progress: Callable[[int], None] | None = None,
    ) -> int:
        """Write the records of :meth:`dump_namespace` (already validated) into ``namespace``,
        which must hold nothing (:class:`InputError` otherwise). Statement ids are assigned anew in
        the records' id order, so every order by id is kept. ``progress`` is called, by parts, with
        the number of records written since its last call. Returns the number of records.

        Nothing is left of a failed load (one transaction; a store that must split a large load
        removes what it wrote before raising).
        """
        ...

    # -- introspection ---------------------------------------------------------------------------
    def stats(self, namespace: str | None = None) -> StoreStats:
        """Counts for one namespace or the whole store."""
        ...

    def namespaces(self) -> list[str]:
        """Every namespace that holds data."""
        ...


def expand_question_concepts(
    store: GraphStore,
    namespace: str,
    names: Iterable[str],
    *,
    depth: int,
    window: int,
    anchor: int | None,
    max_neighbors: int,
) -> tuple[list[Concept], Subgraph]:
    """The stored concepts among ``names`` (:meth:`GraphStore.find_concepts`) and, when there
    are any, :meth:`GraphStore.expand` from them within ``window`` steps before ``anchor`` (None:
    before the oldest of them).

    A store may offer ``expand_question_concepts`` (a server: one round trip instead of two);
    when it returns None (it cannot answer in one query), the two calls are made here.
    """
    names = list(names)
    method = getattr(store, "expand_question_concepts", None)
    if callable(method):
        found: tuple[list[Concept], Subgraph] | None = method(
            namespace,
            names,
            depth=depth,
            window=window,
            anchor=anchor,
            max_neighbors=max_neighbors,
        )
        if found is not None:
            return found
    starts = store.find_concepts(namespace, names)
    if not starts:
        return [], Subgraph(concepts=(), links=())
    low = (min(c.t_index for c in starts) if anchor is None else anchor) - window
    sub = store.expand(
        namespace,
        [c.name for c in starts],
        depth=depth,
        min_t_index=low,
        max_neighbors=max_neighbors,
    )
    return starts, sub


def find_relations_of_entities(
    store: GraphStore, namespace: str, entity_ids: Sequence[str], *, newest: int
) -> list[list[Relation]]:
    """:meth:`GraphStore.find_relations` of each entity (either end), its ``newest`` ones: one
    list per id, in the order given.

    A store may offer ``find_relations_of_entities`` (a server: one round trip instead of one
    per entity); else it is one ``find_relations`` call per id.
    """
    method = getattr(store, "find_relations_of_entities", None)
    if callable(method):
        found: list[list[Relation]] = method(namespace, entity_ids, newest=newest)
        return found
    return [store.find_relations(namespace, entity_id=i, newest=newest) for i in entity_ids]


# members a store may lack and still be a GraphStore (added later; the engine reads without them)
OPTIONAL_MEMBERS = frozenset({"find_statements_said"})


def is_graph_store(store: object) -> TypeGuard[GraphStore]:
    """Whether ``store`` has every member of :class:`GraphStore` but the optional ones."""
    if isinstance(store, GraphStore):
        return True
    names = (n for n in dir(GraphStore) if not n.startswith("_") and n not in OPTIONAL_MEMBERS)
    return not isinstance(store, type) and all(hasattr(store, n) for n in names)


def reading(store: GraphStore) -> AbstractContextManager[None]:
    """The store's ``reading()`` block when it has one, else a no-op context.

    A store may offer ``reading()``: the reads of the calling thread inside the block (a recall)
    share one read transaction, so they see one state (and, on a server, save round trips). It
    is optional: a store without it is used as before. Both stores here have one (the SQLite
    store's is a read transaction on the thread's own read connection of a file in WAL mode).
    """
    block = getattr(store, "reading", None)
    return block() if callable(block) else nullcontext()


def bulk(store: GraphStore) -> AbstractContextManager[None]:
    """The store's ``bulk()`` block when it has one, else its :meth:`GraphStore.batch`.

    A store may offer ``bulk()``: a batch whose updates it may write several per query, which
    answers :meth:`GraphStore.apply_update` before the update is written (the step and statement
    ids it will get) and notices a rejected update only when writing it, failing the whole batch
    then. Only a caller whose updates the store does not reject (an engine's, planned against
    what the store holds) should use it; anything else uses :meth:`GraphStore.batch`.
    """
    block = getattr(store, "bulk", None)
    return block() if callable(block) else store.batch()


def records_by_kind(
    namespace: str, records: Iterable[Mapping[str, Any]]
) -> tuple[dict[str, list[Mapping[str, Any]]], Mapping[str, Any]]:
    """``load_namespace``'s records grouped by ``kind``, and the one ``namespace`` record (its
    clock): what every store's loader starts from.

    Raises:
        InputError: there is not exactly one namespace record.
    """
    by_kind: dict[str, list[Mapping[str, Any]]] = {}
    for rec in records:
        by_kind.setdefault(rec["kind"], []).append(rec)
    clocks = by_kind.get("namespace", [])
    if len(clocks) != 1:
        raise InputError(f"namespace {namespace!r}: expected one namespace record")
    return by_kind, clocks[0]


def sorted_pair(a: str, b: str) -> tuple[str, str]:
    """The canonical (source, target) order of an undirected link."""
    return (a, b) if a <= b else (b, a)
