"""Reads that a recall makes one after the other and a server store may answer in one round trip.

Each function here calls the store's method of the same name when it has one (the Neo4j store:
one query) and, when it has none or that returns None (it cannot answer in one query, e.g. inside
a batch), makes the separate :class:`~.base.GraphStore` calls itself: the SQLite store's answers
are those calls. The contract tests compare both ways on every store. Re-exported by
:mod:`.base`, where the engine imports them from.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from ..models import Concept, Entity, Relation, Statement, Subgraph

if TYPE_CHECKING:
    from .base import GraphStore

__all__ = [
    "QuestionReads",
    "find_context_ids_in_groups",
    "find_current_relations_of_types",
    "find_recent_entities_and_aliases",
    "get_statements_and_statements_at",
    "newest_per_alias",
    "read_question",
    "score_terms_and_find_context_ids",
    "statements_said",
]


@dataclass(frozen=True, slots=True)
class QuestionReads:
    """What :func:`read_question` read: the namespace's newest ``step`` (0: empty), the
    question's stored concepts (``starts``) and the expansion from them (``sub``), and the
    document frequency of the asked terms (``df``: None when they were not read; unknown terms
    are absent); the ``recent`` entities and the entities found by alias (``by_alias``) when
    they were read (else None)."""

    step: int
    starts: list[Concept]
    sub: Subgraph
    df: dict[str, int] | None = None
    recent: list[Entity] | None = None
    by_alias: list[Entity] | None = None


def read_question(
    store: GraphStore,
    namespace: str,
    names: Sequence[str],
    terms: Sequence[str],
    *,
    depth: int,
    window: int,
    anchor_newest: bool,
    max_neighbors: int,
    recent: int | None = None,
    aliases: Sequence[str] = (),
    newest: int = 0,
) -> QuestionReads:
    """A recall's first reads: :meth:`~.base.GraphStore.current_step` and, when the namespace is
    not empty and ``names`` are given, :func:`~.base.expand_question_concepts` of ``names``
    within ``window`` steps before that step (``anchor_newest``) or before the oldest of them.

    A store's ``read_question`` may also return, read in the same query, the document
    frequencies of ``terms`` (:meth:`~.base.GraphStore.term_frequencies`) and, when ``recent``
    is given, :func:`find_recent_entities_and_aliases` (``limit=recent``, ``aliases``,
    ``newest``); here they are not read (None: the caller asks for them when it needs them).
    """
    method = getattr(store, "read_question", None)
    if callable(method):
        found: QuestionReads | None = method(
            namespace,
            names,
            terms,
            depth=depth,
            window=window,
            anchor_newest=anchor_newest,
            max_neighbors=max_neighbors,
            recent=recent,
            aliases=aliases,
            newest=newest,
        )
        if found is not None:
            return found
    from .base import expand_question_concepts

    step = store.current_step(namespace)
    if step == 0 or not names:
        return QuestionReads(step, [], Subgraph(concepts=(), links=()))
    starts, sub = expand_question_concepts(
        store,
        namespace,
        names,
        depth=depth,
        window=window,
        anchor=step if anchor_newest else None,
        max_neighbors=max_neighbors,
    )
    return QuestionReads(step, starts, sub)


def find_recent_entities_and_aliases(
    store: GraphStore,
    namespace: str,
    *,
    limit: int,
    aliases: Sequence[str],
    newest: int,
) -> tuple[list[Entity], list[Entity]]:
    """:meth:`~.base.GraphStore.find_recent_entities` (``limit``) and
    :meth:`~.base.GraphStore.find_entities` by ``aliases`` with ``newest`` (``[]`` when there
    are no aliases): the salient entities of a namespace and the look-up of a question's nouns,
    which a server answers in one round trip instead of two."""
    method = getattr(store, "find_recent_entities_and_aliases", None)
    if callable(method):
        found: tuple[list[Entity], list[Entity]] | None = method(
            namespace, limit=limit, aliases=aliases, newest=newest
        )
        if found is not None:
            return found
    recent = store.find_recent_entities(namespace, limit=limit)
    keys = list(aliases)
    return recent, (store.find_entities(namespace, aliases=keys, newest=newest) if keys else [])


def score_terms_and_find_context_ids(
    store: GraphStore,
    namespace: str,
    terms: Mapping[str, tuple[float, int]] | None,
    groups: Sequence[tuple[Sequence[str], int]] | None,
    *,
    avg_len: float,
    top: int,
    k1: float,
    b: float,
    entity_ids: Sequence[str] = (),
    newest: int = 0,
) -> tuple[
    list[tuple[int, int, float]], dict[str, list[tuple[int, int]]], list[list[Relation]] | None
]:
    """:meth:`~.base.GraphStore.score_terms` of ``terms`` (``[]`` when None) and
    :func:`~.base.find_context_ids_in_groups` of ``groups`` (``{}`` when None): a recall's
    lexical and graph candidates, which do not depend on each other, in one round trip on a
    server; such a store may also read, in the same query,
    :func:`~.base.find_relations_of_entities` of ``entity_ids`` (``newest``), which here are
    not read (None: the caller asks for them when it needs them)."""
    method = getattr(store, "score_terms_and_find_context_ids", None)
    if callable(method) and terms is not None and groups is not None:
        found: (
            tuple[
                list[tuple[int, int, float]],
                dict[str, list[tuple[int, int]]],
                list[list[Relation]] | None,
            ]
            | None
        )
        found = method(
            namespace,
            terms,
            groups,
            avg_len=avg_len,
            top=top,
            k1=k1,
            b=b,
            entity_ids=entity_ids,
            newest=newest,
        )
        if found is not None:
            return found
    scored = (
        store.score_terms(namespace, terms, avg_len=avg_len, top=top, k1=k1, b=b)
        if terms is not None
        else []
    )
    contexts = find_context_ids_in_groups(store, namespace, groups) if groups is not None else {}
    return scored, contexts, None


def find_context_ids_in_groups(
    store: GraphStore,
    namespace: str,
    groups: Sequence[tuple[Sequence[str], int]],
) -> dict[str, list[tuple[int, int]]]:
    """:meth:`~.base.GraphStore.find_context_ids` of several groups of concepts, each ``(names,
    limit_per_concept)``, merged in group order (a later group's concept replaces an earlier's).

    A store may offer ``find_context_ids_in_groups`` (a server: one round trip instead of one
    per group); else it is one ``find_context_ids`` call per group with names.
    """
    method = getattr(store, "find_context_ids_in_groups", None)
    if callable(method):
        found: dict[str, list[tuple[int, int]]] = method(namespace, groups)
        return found
    out: dict[str, list[tuple[int, int]]] = {}
    for names, limit in groups:
        if names:
            out.update(store.find_context_ids(namespace, names, limit_per_concept=limit))
    return out


def get_statements_and_statements_at(
    store: GraphStore, namespace: str, ids: Sequence[int], steps: Iterable[int]
) -> tuple[list[Statement], list[Statement] | None]:
    """:meth:`~.base.GraphStore.get_statements` of ``ids`` and, from a store that reads them in
    the same query, :meth:`~.base.GraphStore.statements_at` of ``steps`` (None: not read, the
    caller asks for them when it needs them)."""
    method = getattr(store, "get_statements_and_statements_at", None)
    if callable(method):
        found: tuple[list[Statement], list[Statement] | None] | None = method(namespace, ids, steps)
        if found is not None:
            return found
    return store.get_statements(namespace, ids), None


def find_current_relations_of_types(
    store: GraphStore, namespace: str, entity_id: str, types: Collection[str], *, newest: int | None = None
) -> list[Relation]:
    """The current relations of ``entity_id`` (either end) whose type is one of ``types``,
    oldest first: :meth:`~.base.GraphStore.find_relations` with ``current_only``, filtered;
    ``newest``: only the ``newest`` most recently recorded of them.

    A store may offer ``find_current_relations_of_types`` (a server: only those relations are
    read and sent; a person who owns 200 things need not send them to a reader of moves)."""
    wanted = frozenset(types)
    method = getattr(store, "find_current_relations_of_types", None)
    if callable(method):
        found: list[Relation] = method(namespace, entity_id, wanted) if newest is None \
            else method(namespace, entity_id, wanted, newest=newest)
        return found
    found = [
        r
        for r in store.find_relations(namespace, entity_id=entity_id, current_only=True)
        if r.type in wanted
    ]
    return found if newest is None else found[len(found) - newest:] if newest > 0 else []


def statements_said(
    store: GraphStore,
    namespace: str,
    *,
    since: datetime,
    until: datetime,
    limit: int,
    until_step: int | None = None,
) -> list[Statement]:
    """:meth:`~.base.GraphStore.find_statements_said`, or none from a store without it."""
    method = getattr(store, "find_statements_said", None)
    if not callable(method):
        return []
    found: list[Statement] = method(
        namespace, since=since, until=until, limit=limit, until_step=until_step
    )
    return found


def newest_per_alias(entities: Iterable[Entity], keys: Sequence[str], newest: int) -> list[Entity]:
    """``find_entities(..., newest=)`` for stores that read every candidate anyway: per alias
    key (case-folded), its ``newest`` entities by recency plus those named exactly the key."""
    pool = list(entities)
    kept: dict[str, Entity] = {}
    for key in keys:
        cands = [e for e in pool if key in {e.name.casefold(), *(a.casefold() for a in e.aliases)}]
        cands.sort(key=lambda e: (-e.last_step, -e.first_step, e.id))
        for i, ent in enumerate(cands):
            if i < newest or ent.name.casefold() == key:
                kept.setdefault(ent.id, ent)
    return sorted(kept.values(), key=lambda e: (e.first_step, e.id))
