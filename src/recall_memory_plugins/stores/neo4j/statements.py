"""Statements, concepts, links, contexts and the lexical index of the Neo4j store: the reads
recall makes (the writes are part of the single update query in :mod:`.store`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from ...errors import InputError
from ...models import Concept, ConceptLink, Statement, Subgraph, TermPosting
from ..base import sorted_pair
from . import cypher
from ._common import _UNLIMITED, _keys, _limit
from .cypher_recall import FIND_STATEMENTS_SAID
from .items import Neo4jItems
from .reads import _Reads
from .schema import index_key


class Neo4jStatements(Neo4jItems):
    """Statement, concept-graph and lexical reads (mixed into :class:`Neo4jGraphStore`)."""

    # ------------------------------------------------------------------------------ reads
    def current_step(self, namespace: str) -> int:
        batch = self._batch()
        if batch is not None and namespace in batch.steps:
            self._check_open()
            return batch.steps[namespace]
        block = self._reads_block()
        if block is not None and batch is None:
            return self._namespace_state(block, namespace)[1]
        rows = self._run("read the clock", cypher.CURRENT_STEP, {"ns": namespace})
        step = rows[0]["step"] if rows else None
        return int(step) if step is not None else 0

    def current_state(self, namespace: str) -> tuple[int, int]:
        batch = self._batch()
        if batch is not None and namespace in batch.generations and namespace in batch.steps:
            # the batch's own update read both: no round trip (see _Batch.generations)
            self._check_open()
            return batch.generations[namespace], batch.steps[namespace]
        block = self._reads_block()
        if block is not None and batch is None:
            gen, clock, _, _ = self._namespace_state(block, namespace)
            return gen, clock
        rows = self._run("read the clock", cypher.CURRENT_STATE, {"ns": namespace})
        row = rows[0] if rows else {}
        generation, step = row.get("generation"), row.get("step")
        batch = self._batch()
        if batch is not None and namespace in batch.steps:
            step = batch.steps[namespace]
        return int(generation or 0), int(step or 0)

    def _namespace_state(self, block: _Reads, namespace: str) -> tuple[int, int, int, int]:
        """``(generation, step, statements, total length)`` of a namespace, read once per
        :meth:`reading` block: a recall asks for its clock, its generation and its totals (three
        queries of the same two nodes), and one value of each for the whole recall is what a
        single snapshot would give too."""
        state = block.namespaces.get(namespace)
        if state is None:
            rows = self._run("read the clock", cypher.NAMESPACE_STATE, {"ns": namespace})
            row: dict[str, Any] = rows[0] if rows else {}
            state = (
                int(row.get("generation") or 0),
                int(row.get("step") or 0),
                int(row.get("n") or 0),
                int(row.get("total") or 0),
            )
            block.namespaces[namespace] = state
        return state

    def get_statements(self, namespace: str, ids: Sequence[int]) -> list[Statement]:
        wanted = [int(i) for i in ids]
        statements = self._statements(
            namespace,
            "read statements",
            cypher.GET_STATEMENTS,
            {"ns": namespace, "ids": list(dict.fromkeys(wanted))},
        )
        found = {s.id: s for s in statements}
        return [found[i] for i in wanted if i in found]

    def put_vectors(self, namespace: str, space: str, vectors: Mapping[int, bytes]) -> int:
        if not vectors:
            return 0
        rows = self._run(
            "store vectors",
            cypher.PUT_VECTORS,
            {
                "ns": namespace,
                "space": space,
                "rows": [[int(sid), bytes(vec)] for sid, vec in vectors.items()],
            },
            write=True,
        )
        return int(rows[0]["stored"]) if rows else 0

    def find_vectors(self, namespace: str, space: str, ids: Sequence[int]) -> dict[int, bytes]:
        wanted = [int(i) for i in dict.fromkeys(ids)]
        if not wanted:
            return {}
        rows = self._run(
            "read vectors",
            cypher.FIND_VECTORS,
            {"ns": namespace, "space": space, "ids": wanted},
        )
        return {int(sid): bytes(vec) for sid, vec in (rows[0]["vectors"] if rows else [])}

    def find_recent_statements(self, namespace: str, *, limit: int) -> list[Statement]:
        return self._statements(
            namespace,
            "read statements",
            cypher.FIND_RECENT_STATEMENTS,
            {"ns": namespace, "limit": _limit(limit)},
        )

    def find_statements(
        self,
        namespace: str,
        *,
        since_step: int = 0,
        until_step: int | None = None,
        limit: int | None = None,
    ) -> list[Statement]:
        return self._statements(
            namespace,
            "read statements",
            cypher.FIND_STATEMENTS,
            {
                "ns": namespace,
                "since": since_step,
                "until": until_step if until_step is not None else _UNLIMITED,
                "limit": _limit(limit),
            },
        )

    def find_statements_said(
        self,
        namespace: str,
        *,
        since: datetime,
        until: datetime,
        limit: int,
        until_step: int | None = None,
    ) -> list[Statement]:
        return self._statements(
            namespace,
            "read statements",
            FIND_STATEMENTS_SAID,
            {
                "ns": namespace,
                "since": since,
                "until": until,
                "until_step": until_step if until_step is not None else _UNLIMITED,
                "limit": _limit(limit),
            },
        )

    def statements_at(self, namespace: str, steps: Iterable[int]) -> list[Statement]:
        wanted = sorted({int(t) for t in steps})
        if not wanted:
            return []
        return self._statements(
            namespace, "read statements", cypher.STATEMENTS_AT, {"ns": namespace, "steps": wanted}
        )

    @staticmethod
    def _concept(namespace: str, row: Mapping[str, Any], depth: int = 0) -> Concept:
        return Concept(
            namespace=namespace,
            name=row["name"],
            t_index=int(row["t_index"]),
            revision_count=int(row["revision_count"]),
            mentions=int(row["mentions"]),
            aliases=tuple(row["aliases"] or ()),
            depth=depth,
        )

    def find_concepts(self, namespace: str, names: Iterable[str]) -> list[Concept]:
        wanted = list(dict.fromkeys(names))
        if not wanted:
            return []
        rows = self._run(
            "read concepts", cypher.FIND_CONCEPTS, {"ns": namespace, "keys": _keys(wanted)}
        )
        found = {r["c"]["name"]: self._concept(namespace, r["c"]) for r in rows}
        return [found[n] for n in wanted if n in found]

    def find_links(self, namespace: str, names: Iterable[str] | None = None) -> list[ConceptLink]:
        if names is None:
            rows = self._run("read links", cypher.FIND_LINKS_ALL, {"ns": namespace})
        else:
            wanted = list(dict.fromkeys(names))
            if not wanted:
                return []
            rows = self._run(
                "read links", cypher.FIND_LINKS_OF, {"ns": namespace, "keys": _keys(wanted)}
            )
        links = {
            (r["source"], r["target"]): ConceptLink(
                namespace, r["source"], r["target"], int(r["strength"]), int(r["t_index"])
            )
            for r in rows
        }
        # Python (code point) order, as SQLite's BINARY collation; Cypher sorts UTF-16 units
        return [links[k] for k in sorted(links)]

    def expand(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        depth: int,
        min_t_index: int,
        max_neighbors: int,
    ) -> Subgraph:
        wanted = list(dict.fromkeys(names))
        if not wanted:
            return Subgraph(concepts=(), links=())
        params = self._expand_params(namespace, wanted, depth, max_neighbors)
        params["min_t_index"] = int(min_t_index)
        hops = params["depth"]
        query = cypher.EXPAND_APOC if self._detect_apoc() else cypher.expand_plain(hops)
        rows = self._run("expand the concept graph", query, params)
        return self._subgraph(namespace, wanted, rows[0], hops)

    def expand_question_concepts(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        depth: int,
        window: int,
        anchor: int | None,
        max_neighbors: int,
    ) -> tuple[list[Concept], Subgraph] | None:
        """:func:`~..base.expand_question_concepts` in one query with APOC; without APOC None
        (the plain-Cypher expansion takes its window as a parameter: the two separate calls)."""
        wanted = list(dict.fromkeys(names))
        if not wanted:
            return [], Subgraph(concepts=(), links=())
        if not self._detect_apoc():
            return None
        params = self._expand_params(namespace, wanted, depth, max_neighbors)
        params["anchor"] = None if anchor is None else int(anchor)
        params["window"] = int(window)
        rows = self._run("expand the concept graph", cypher.EXPAND_QUESTION_APOC, params)
        by_name = {c["name"]: self._concept(namespace, c) for c in rows[0]["found"]}
        starts = [by_name[n] for n in wanted if n in by_name]
        if not starts:
            return [], Subgraph(concepts=(), links=())
        found = [c.name for c in starts]
        return starts, self._subgraph(namespace, found, rows[0], params["depth"])

    @staticmethod
    def _expand_params(
        namespace: str, wanted: list[str], depth: int, max_neighbors: int
    ) -> dict[str, Any]:
        hops = max(0, int(depth)) if int(max_neighbors) > 0 else 0
        if hops > 32:
            raise InputError(f"expand depth must be at most 32, got {depth!r}")
        return {
            "ns": namespace,
            "keys": _keys(wanted),
            "max_neighbors": max(0, int(max_neighbors)),
            "depth": hops,
        }

    def _subgraph(
        self, namespace: str, wanted: list[str], row: Mapping[str, Any], hops: int
    ) -> Subgraph:
        """The expansion's result rebuilt exactly like the SQLite store's BFS: depths, links
        and the discovery order, from each expanded concept's capped neighbour list."""
        props = {c["name"]: c for c in row["concepts"]}
        adjacency: dict[str, list[Mapping[str, Any]]] = {
            a["origin"]: a["picks"] for a in row["adjacency"]
        }
        starts = [n for n in wanted if n in props]
        depths: dict[str, int] = {n: 0 for n in starts}
        links: dict[tuple[str, str], ConceptLink] = {}
        frontier = list(starts)
        for level in range(1, hops + 1):
            next_frontier: list[str] = []
            for origin in frontier:
                for pick in adjacency.get(origin, ()):
                    other = pick["name"]
                    a, b = sorted_pair(origin, other)
                    links[(a, b)] = ConceptLink(
                        namespace, a, b, int(pick["strength"]), int(pick["t_index"])
                    )
                    if other not in depths:
                        depths[other] = level
                        next_frontier.append(other)
            frontier = next_frontier
        concepts = tuple(self._concept(namespace, props[n], d) for n, d in depths.items())
        return Subgraph(concepts=concepts, links=tuple(links[k] for k in sorted(links)))

    def find_contexts(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        limit_per_concept: int,
    ) -> dict[str, list[Statement]]:
        wanted = list(dict.fromkeys(names))
        if not wanted:
            return {}
        rows = self._run(
            "read contexts",
            cypher.FIND_CONTEXTS,
            {"ns": namespace, "keys": _keys(wanted), "limit": _limit(limit_per_concept)},
        )
        if not rows:
            return {}
        statements = {int(s[0]): self._statement(namespace, s) for s in rows[0]["statements"]}
        found = {
            c["name"]: [statements[int(i)] for i in reversed(c["ids"])]
            for c in rows[0]["contexts"]
            if c["ids"]
        }
        return {n: found[n] for n in wanted if n in found}

    def find_context_ids(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        limit_per_concept: int,
    ) -> dict[str, list[tuple[int, int]]]:
        wanted = list(dict.fromkeys(names))
        if not wanted:
            return {}
        rows = self._run(
            "read context ids",
            cypher.FIND_CONTEXT_IDS,
            {"ns": namespace, "keys": _keys(wanted), "limit": _limit(limit_per_concept)},
        )
        found = {name: _members(ids, steps) for name, ids, steps in rows[0]["contexts"] if ids}
        return {n: found[n] for n in wanted if n in found}

    def find_context_ids_in_groups(
        self,
        namespace: str,
        groups: Sequence[tuple[Sequence[str], int]],
    ) -> dict[str, list[tuple[int, int]]]:
        """:func:`~..base.find_context_ids_in_groups`: two groups per query (a recall has two)."""
        out: dict[str, list[tuple[int, int]]] = {}
        for i in range(0, len(groups), 2):
            params, pair = self._context_params(namespace, groups[i : i + 2])
            if params is None:
                continue
            rows = self._run("read context ids", cypher.FIND_CONTEXT_IDS_2, params)
            self._context_rows(rows[0], pair, out)
        return out

    @staticmethod
    def _context_params(
        namespace: str, groups: Sequence[tuple[Sequence[str], int]]
    ) -> tuple[dict[str, Any] | None, list[list[str]]]:
        """FIND_CONTEXT_IDS_2's parameters for (at most) two groups (None: both are empty), and
        each group's distinct names."""
        pair = [(list(dict.fromkeys(names)), limit) for names, limit in groups]
        (first, limit), (second, second_limit) = [*pair, ([], 1)][:2]
        if not first and not second:
            return None, [first, second]
        params = {
            "ns": namespace,
            "keys": _keys(first),
            "limit": _limit(limit),
            "second_keys": _keys(second),
            "second_limit": _limit(second_limit),
        }
        return params, [first, second]

    @staticmethod
    def _context_rows(
        row: Mapping[str, Any], pair: list[list[str]], out: dict[str, list[tuple[int, int]]]
    ) -> None:
        """FIND_CONTEXT_IDS_2's answer merged into ``out`` in group order."""
        for wanted, column in zip(pair, ("first", "second"), strict=True):
            found = {name: _members(ids, steps) for name, ids, steps in row[column] if ids}
            out.update({n: found[n] for n in wanted if n in found})

    # ------------------------------------------------------------------------------ lexical
    def count_statements(self, namespace: str) -> tuple[int, float]:
        block = self._reads_block()
        if block is not None and self._batch() is None:
            _, _, n, total = self._namespace_state(block, namespace)
            return (n, total / n) if n else (0, 0.0)
        rows = self._run("count statements", cypher.COUNT_STATEMENTS, {"ns": namespace})
        if not rows or not rows[0]["n"]:
            return 0, 0.0
        n = int(rows[0]["n"])
        return n, int(rows[0]["total"]) / n

    def term_frequencies(self, namespace: str, terms: Iterable[str]) -> dict[str, int]:
        wanted = list(dict.fromkeys(terms))
        if not wanted:
            return {}
        rows = self._run(
            "read term frequencies",
            cypher.TERM_FREQUENCIES,
            {"ns": namespace, "keys": _keys(wanted)},
        )
        found = {r["term"]: int(r["df"]) for r in rows}
        return {t: found[t] for t in wanted if t in found}

    def find_postings(
        self,
        namespace: str,
        terms: Iterable[str],
        *,
        limit_per_term: int,
    ) -> list[TermPosting]:
        wanted = list(dict.fromkeys(terms))
        if not wanted:
            return []
        rows = self._run(
            "read postings",
            cypher.FIND_POSTINGS,
            {"ns": namespace, "keys": _keys(wanted), "limit": _limit(limit_per_term)},
        )
        by_term = {r["term"]: r["hits"] for r in rows}
        hits: dict[int, dict[str, int]] = {}
        meta: dict[int, tuple[int, int]] = {}
        for term in wanted:  # the SQLite store's order: term by term, newest statement first
            for sid, tf, t_index, length in by_term.get(term, ()):
                hits.setdefault(int(sid), {})[term] = int(tf)
                meta[int(sid)] = (int(t_index), int(length))
        return [
            TermPosting(statement_id=sid, t_index=meta[sid][0], length=meta[sid][1], terms=t)
            for sid, t in hits.items()
        ]

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
        params = self._score_params(namespace, terms, avg_len=avg_len, top=top, k1=k1, b=b)
        if params is None:
            return []
        rows = self._run("score statements", cypher.SCORE_TERMS, params)
        return [(int(sid), int(t), float(score)) for sid, t, score in rows[0]["scored"]]

    @staticmethod
    def _score_params(
        namespace: str,
        terms: Mapping[str, tuple[float, int]],
        *,
        avg_len: float,
        top: int,
        k1: float,
        b: float,
    ) -> dict[str, Any] | None:
        """SCORE_TERMS' parameters; None when nothing is to be scored."""
        wanted: list[dict[str, Any]] = [
            {"key": index_key(t), "w": float(w), "limit": int(n)}
            for t, (w, n) in terms.items()
            if int(n) > 0
        ]
        if not wanted or top < 1:
            return None
        return {
            "ns": namespace,
            "terms": wanted,
            "max_limit": max(q["limit"] for q in wanted),
            "top": int(top),
            "k1": float(k1),
            "k1_plus_1": float(k1) + 1.0,
            "b": float(b),
            "avg_len": float(avg_len or 1.0),
        }


def _members(ids: Sequence[Any], steps: Sequence[Any]) -> list[tuple[int, int]]:
    """A context read as ``(id, t_index)`` pairs, oldest first (the concept keeps them newest
    first)."""
    return [(int(i), int(t)) for i, t in zip(reversed(ids), reversed(steps), strict=True)]
