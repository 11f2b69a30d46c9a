"""The Neo4j store's answers to :mod:`..merged`: reads a recall makes one after the other, each
answered in one query (:mod:`.cypher_recall`). Each returns None where it cannot answer in one
query (inside a batch, without APOC), and the shared function makes the separate calls."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ...models import Entity, Relation, Statement, Subgraph
from ..base import newest_per_alias
from ..merged import QuestionReads
from . import cypher_recall
from ._common import _entity, _keys
from .entities import Neo4jEntities
from .statements import Neo4jStatements


class Neo4jMergedReads(Neo4jStatements, Neo4jEntities):
    """Merged recall reads (mixed into :class:`Neo4jGraphStore`)."""

    def read_question(
        self,
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
    ) -> QuestionReads | None:
        """:func:`~..merged.read_question` in one query with APOC, with the document frequencies
        of ``terms`` and (``recent`` given) the recent entities and the look-up of ``aliases``.
        The namespace's state read here is the one the :meth:`reading` block's later reads use
        (and a state the block read before is the one used here)."""
        if self._batch() is not None or not self._detect_apoc():
            return None
        wanted = list(dict.fromkeys(names))
        asked = list(dict.fromkeys(terms))
        block = self._reads_block()
        known = block.namespaces.get(namespace) if block is not None else None
        params = self._expand_params(namespace, wanted, depth, max_neighbors)
        params.update(
            anchor=known[1] if known is not None and anchor_newest else None,
            anchor_newest=bool(anchor_newest),
            window=int(window),
            term_keys=_keys(asked),
        )
        query = cypher_recall.READ_QUESTION_APOC
        alias_keys = list(dict.fromkeys(a.casefold() for a in aliases))
        if recent is not None:
            query = cypher_recall.READ_QUESTION_AND_ENTITIES_APOC
            params.update(limit=int(recent), type=None, alias_index_keys=_keys(alias_keys))
        row = self._run("read the question", query, params)[0]
        state = known or (
            int(row["generation"] or 0),
            int(row["step"] or 0),
            int(row["n"] or 0),
            int(row["total"] or 0),
        )
        if block is not None:
            block.namespaces.setdefault(namespace, state)
        found = {term: int(df) for term, df in row["dfs"]}
        df = {t: found[t] for t in asked if t in found}
        entities: dict[str, list[Entity] | None] = {"recent": None, "by_alias": None}
        if recent is not None:
            entities["recent"] = [_entity(namespace, e) for e in row["recent"]]
            found_by_alias = [_entity(namespace, e) for e in row["entities"]]
            entities["by_alias"] = (
                newest_per_alias(found_by_alias, alias_keys, max(0, int(newest)))
                if alias_keys
                else []
            )
        by_name = {c["name"]: self._concept(namespace, c) for c in row["found"]}
        starts = [by_name[n] for n in wanted if n in by_name]
        if not starts or state[1] == 0:
            return QuestionReads(state[1], [], Subgraph(concepts=(), links=()), df, **entities)
        sub = self._subgraph(namespace, [c.name for c in starts], row, params["depth"])
        return QuestionReads(state[1], starts, sub, df, **entities)

    def find_recent_entities_and_aliases(
        self, namespace: str, *, limit: int, aliases: Sequence[str], newest: int
    ) -> tuple[list[Entity], list[Entity]] | None:
        """:func:`~..merged.find_recent_entities_and_aliases` in one query (inside a batch: the
        separate calls, which see queued updates)."""
        if self._batch() is not None:
            return None
        alias_keys = list(dict.fromkeys(a.casefold() for a in aliases))
        row = self._run(
            "read recent entities",
            cypher_recall.RECENT_ENTITIES_AND_ALIASES,
            {
                "ns": namespace,
                "limit": int(limit),
                "type": None,
                "alias_index_keys": _keys(alias_keys),
            },
        )[0]
        recent = [_entity(namespace, e) for e in row["recent"]]
        if not alias_keys:
            return recent, []
        found = [_entity(namespace, e) for e in row["entities"]]
        return recent, newest_per_alias(found, alias_keys, max(0, int(newest)))

    def score_terms_and_find_context_ids(
        self,
        namespace: str,
        terms: Mapping[str, tuple[float, int]],
        groups: Sequence[tuple[Sequence[str], int]],
        *,
        avg_len: float,
        top: int,
        k1: float,
        b: float,
        entity_ids: Sequence[str] = (),
        newest: int = 0,
    ) -> (
        tuple[
            list[tuple[int, int, float]],
            dict[str, list[tuple[int, int]]],
            list[list[Relation]] | None,
        ]
        | None
    ):
        """:func:`~..merged.score_terms_and_find_context_ids` in one query, with the relations
        of ``entity_ids``, when both have something to read and there are at most two groups (a
        recall's); the relations are not read while a bulk batch has queued updates."""
        scoring = self._score_params(namespace, terms, avg_len=avg_len, top=top, k1=k1, b=b)
        if scoring is None or len(groups) > 2:
            return None
        contexts, pair = self._context_params(namespace, groups)
        if contexts is None:
            return None
        ids = list(entity_ids) if self._pending_block() is None else []
        row = self._run(
            "score statements and read context ids",
            cypher_recall.SCORE_TERMS_AND_CONTEXT_IDS,
            {
                **scoring,
                **contexts,
                "entity_keys": _keys(ids),
                "newest": max(int(newest), 0),
            },
        )[0]
        scored = [(int(sid), int(t), float(score)) for sid, t, score in row["scored"]]
        out: dict[str, list[tuple[int, int]]] = {}
        self._context_rows(row, pair, out)
        if not ids:
            return scored, out, None
        by_index = {int(i): rels for i, rels in row["anchored"]}
        relations = [
            [self._relation(namespace, r) for r in by_index.get(i, ())] for i in range(len(ids))
        ]
        return scored, out, relations

    def get_statements_and_statements_at(
        self, namespace: str, ids: Sequence[int], steps: Iterable[int]
    ) -> tuple[list[Statement], list[Statement]] | None:
        """:func:`~..merged.get_statements_and_statements_at` in one query (no steps: None)."""
        wanted = [int(i) for i in ids]
        at = sorted({int(t) for t in steps})
        if not at or not wanted:
            return None
        row = self._run(
            "read statements",
            cypher_recall.GET_STATEMENTS_AND_STATEMENTS_AT,
            {"ns": namespace, "ids": list(dict.fromkeys(wanted)), "steps": at},
        )[0]
        found = {s.id: s for s in (self._statement(namespace, r) for r in row["statements"])}
        after = [self._statement(namespace, r) for r in row["at_steps"]]
        return [found[i] for i in wanted if i in found], after
