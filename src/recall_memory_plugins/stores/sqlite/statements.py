"""Statements, concepts, links and contexts of the SQLite store: their writes (parts of one
update) and their reads (recall's concept graph, statements by id, step or recency)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from datetime import datetime

from ...errors import InputError
from ...models import Concept, ConceptLink, GraphUpdate, Statement, Subgraph
from ..base import sorted_pair
from ._common import _chunks, _encode_json, _qmarks, _ts
from .items import SqliteItems
from .schema import NEXT_STATEMENT_ID

_NEIGHBOURS_SQL = {
    side: (
        f"SELECT l.{other}, l.strength, l.t_index, c.t_index FROM links l "
        f"JOIN concepts c ON c.namespace = l.namespace AND c.name = l.{other} "
        f"WHERE l.namespace = ? AND l.{side} = ? ORDER BY l.t_index DESC"
    )
    for side, other in (("source", "target"), ("target", "source"))
}


def _newest_neighbours(
    conn: sqlite3.Connection, namespace: str, origin: str, min_t_index: int, limit: int
) -> list[tuple[int, int, str]]:
    """(t_index, strength, name) of ``origin``'s best neighbours in the window.

    Best: link ``t_index`` desc, strength desc, name asc, at most ``limit`` per side. Each side's
    links are read newest first and the read stops once ``limit`` neighbours are found and the
    next link is older than the last of them (a hub is not read whole).
    """
    out: list[tuple[int, int, str]] = []
    for sql in _NEIGHBOURS_SQL.values():
        found: list[tuple[int, int, str]] = []
        cursor = conn.execute(sql, (namespace, origin))
        for other, strength, t_index, concept_t in cursor:
            if len(found) >= limit and t_index < found[-1][0]:
                break
            if concept_t >= min_t_index:
                found.append((t_index, strength, other))
        cursor.close()
        found.sort(key=lambda c: (-c[0], -c[1], c[2]))
        out.extend(found[:limit])
    return out


class SqliteStatements(SqliteItems):
    """Statements and the concept graph (mixed into :class:`SqliteGraphStore`; per-item control
    and export/import come with :class:`~.items.SqliteItems`)."""

    # ------------------------------------------------------------------------------ writes
    def _write_statements(
        self, conn: sqlite3.Connection, update: GraphUpdate, step: int, at: str
    ) -> list[int]:
        ns = update.namespace
        ids: list[int] = []
        postings: list[tuple[str, str, int, int, int, int]] = []
        terms: list[tuple[str, str]] = []
        for st in update.statements:
            length = sum(st.terms.values())
            sid = conn.execute(
                "INSERT INTO statements(id, namespace, text, t_index, at, speaker, source, length, "
                f"metadata, terms, utc_offset) VALUES ({NEXT_STATEMENT_ID}, ?, ?, ?, ?, ?, ?, ?, ?, "
                "?, ?) RETURNING id",
                (
                    ns,
                    st.text,
                    step,
                    at,
                    st.speaker,
                    st.source,
                    length,
                    _encode_json(st.metadata),
                    _encode_json(st.terms),
                    update.utc_offset,
                ),
            ).fetchone()[0]
            ids.append(sid)
            postings.extend((ns, term, sid, tf, step, length) for term, tf in st.terms.items())
            terms.extend((ns, term) for term in st.terms)
        conn.executemany(
            "INSERT INTO postings(namespace, term, statement_id, tf, t_index, length) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            postings,
        )
        conn.executemany(
            "INSERT INTO terms(namespace, term, df) VALUES (?, ?, 1) "
            "ON CONFLICT(namespace, term) DO UPDATE SET df = df + 1",
            terms,
        )
        return ids

    def _write_links(self, conn: sqlite3.Connection, update: GraphUpdate, step: int) -> None:
        ns = update.namespace
        touched = {m.name for m in update.concepts}
        rows: list[tuple[str, str, str, int, int]] = []
        unknown: set[str] = set()
        for source, target, count in update.links:
            source, target = sorted_pair(source, target)
            unknown.update(end for end in (source, target) if end not in touched)
            rows.append((ns, source, target, count, step))
        if unknown:  # links normally join concepts of the same update; others must exist
            known: set[str] = set()
            for chunk in _chunks(sorted(unknown)):
                known.update(
                    r[0]
                    for r in conn.execute(
                        f"SELECT name FROM concepts WHERE namespace = ? AND name IN ({_qmarks(len(chunk))})",
                        (ns, *chunk),
                    )
                )
            missing = sorted(unknown - known)
            if missing:
                source, target, _ = next(lk for lk in update.links if missing[0] in (lk[0], lk[1]))
                raise InputError(f"link {source!r}-{target!r} names unknown concept {missing[0]!r}")
        conn.executemany(
            "INSERT INTO links(namespace, source, target, strength, t_index) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT(namespace, source, target) DO UPDATE "
            "SET strength = strength + excluded.strength, t_index = excluded.t_index",
            rows,
        )

    def _write_concepts(
        self, conn: sqlite3.Connection, update: GraphUpdate, step: int, ids: list[int]
    ) -> None:
        ns = update.namespace
        limit = max(1, update.context_limit)
        names = [m.name for m in update.concepts]
        existing: dict[str, sqlite3.Row] = {}
        for chunk in _chunks(names):
            for row in conn.execute(
                "SELECT name, aliases, context_size FROM concepts "
                f"WHERE namespace = ? AND name IN ({_qmarks(len(chunk))})",
                (ns, *chunk),
            ):
                existing[row["name"]] = row
        inserts: list[tuple[object, ...]] = []
        updates: list[tuple[object, ...]] = []
        contexts: list[tuple[str, str, int]] = []
        added: dict[str, int] = {}
        for mention in update.concepts:
            statement_ids = sorted({ids[i] for i in mention.statement_indexes if 0 <= i < len(ids)})
            contexts.extend((ns, mention.name, sid) for sid in statement_ids)
            added[mention.name] = len(statement_ids)
            row = existing.get(mention.name)
            if row is None:
                aliases = [mention.alias] if mention.alias else []
                size = min(len(statement_ids), limit)
                inserts.append(
                    (ns, mention.name, step, size, json.dumps(aliases, ensure_ascii=False))
                )
                continue
            encoded = row["aliases"]
            if mention.alias:  # most mentions add no alias: the stored list is kept as it is
                aliases = json.loads(encoded)
                if mention.alias not in aliases:
                    aliases.append(mention.alias)
                    encoded = json.dumps(aliases, ensure_ascii=False)
            size = row["context_size"] + len(statement_ids)
            updates.append(
                (step, 1 if statement_ids else 0, encoded, min(size, limit), ns, mention.name)
            )
        if inserts:  # (most updates name known concepts only: no empty statement run)
            conn.executemany(
                "INSERT INTO concepts(namespace, name, t_index, revision_count, mentions, "
                "context_size, aliases) VALUES (?, ?, ?, 0, 1, ?, ?)",
                inserts,
            )
        if updates:
            conn.executemany(
                "UPDATE concepts SET t_index = ?, mentions = mentions + 1, "
                "revision_count = revision_count + ?, aliases = ?, context_size = ? "
                "WHERE namespace = ? AND name = ?",
                updates,
            )
        conn.executemany(
            "INSERT OR IGNORE INTO contexts(namespace, concept, statement_id) VALUES (?, ?, ?)",
            contexts,
        )
        # Bound each touched context to the newest ``limit`` statements (the statements stay):
        # drop its oldest ones beyond the limit, i.e. up to the excess-th oldest id (a range
        # from the old end of the primary key; no temporary list of ids to look up again).
        trims = []
        for name, count in added.items():
            excess = (existing[name]["context_size"] if name in existing else 0) + count - limit
            if excess > 0:
                trims.append((ns, name, ns, name, excess - 1))
        if trims:
            conn.executemany(
                "DELETE FROM contexts WHERE namespace = ? AND concept = ? AND statement_id <= ("
                "SELECT statement_id FROM contexts WHERE namespace = ? AND concept = ? "
                "ORDER BY statement_id ASC LIMIT 1 OFFSET ?)",
                trims,
            )

    # ------------------------------------------------------------------------------ reads
    def current_step(self, namespace: str) -> int:
        with self._read() as conn:
            row = conn.execute(
                "SELECT step FROM namespaces WHERE namespace = ?", (namespace,)
            ).fetchone()
        return int(row[0]) if row else 0

    def current_state(self, namespace: str) -> tuple[int, int]:
        with self._read() as conn:
            row = conn.execute(
                "SELECT (SELECT generation FROM namespace_generations WHERE namespace = ?), "
                "(SELECT step FROM namespaces WHERE namespace = ?)",
                (namespace, namespace),
            ).fetchone()
        return int(row[0] or 0), int(row[1] or 0)

    def get_statements(self, namespace: str, ids: Sequence[int]) -> list[Statement]:
        found: dict[int, Statement] = {}
        with self._read() as conn:
            cur = conn.cursor()
            cur.row_factory = None  # (plain tuples: read by position)
            for chunk in _chunks(list(ids)):  # type: ignore[arg-type]
                for row in cur.execute(
                    # "+namespace" keeps SQLite on the rowid lookup instead of walking the
                    # (namespace, t_index) index, which grows with the namespace
                    f"SELECT {self._STATEMENT_COLS} FROM statements "
                    f"WHERE id IN ({_qmarks(len(chunk))}) AND +namespace = ?",
                    (*chunk, namespace),
                ):
                    found[row[0]] = self._statement(row)
        return [found[i] for i in ids if i in found]

    def find_recent_statements(self, namespace: str, *, limit: int) -> list[Statement]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {self._STATEMENT_COLS} FROM statements WHERE namespace = ? "
                "AND superseded_by IS NULL ORDER BY t_index DESC, id DESC LIMIT ?",
                (namespace, limit),
            ).fetchall()
        return [self._statement(r) for r in rows]

    def find_statements(
        self,
        namespace: str,
        *,
        since_step: int = 0,
        until_step: int | None = None,
        limit: int | None = None,
    ) -> list[Statement]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {self._STATEMENT_COLS} FROM statements WHERE namespace = ? "
                "AND t_index >= ? AND t_index <= ? ORDER BY t_index, id LIMIT ?",
                (
                    namespace,
                    since_step,
                    until_step if until_step is not None else 2**62,
                    limit if limit is not None else -1,
                ),
            ).fetchall()
        return [self._statement(r) for r in rows]

    def find_statements_said(
        self,
        namespace: str,
        *,
        since: datetime,
        until: datetime,
        limit: int,
        until_step: int | None = None,
    ) -> list[Statement]:
        step = until_step if until_step is not None else 2**62
        with self._read() as conn:  # (ix_statements_ns_at: `at` is UTC ISO text, ordered as text)
            rows = conn.execute(
                f"SELECT {self._STATEMENT_COLS} FROM statements INDEXED BY ix_statements_ns_at "
                "WHERE namespace = ? AND at >= ? AND at < ? AND superseded_by IS NULL "
                "AND t_index <= ? ORDER BY at DESC, id DESC LIMIT ?",
                (namespace, _ts(since), _ts(until), step, limit),
            ).fetchall()
        return [self._statement(r) for r in rows]

    def statements_at(self, namespace: str, steps: Iterable[int]) -> list[Statement]:
        wanted = sorted({int(t) for t in steps})
        out: list[Statement] = []
        with self._read() as conn:
            cur = conn.cursor()
            cur.row_factory = None  # (plain tuples: read by position)
            for chunk in _chunks(wanted):  # type: ignore[arg-type]
                out.extend(
                    self._statement(row)
                    for row in cur.execute(
                        f"SELECT {self._STATEMENT_COLS} FROM statements WHERE namespace = ? "
                        f"AND t_index IN ({_qmarks(len(chunk))}) AND superseded_by IS NULL "
                        "ORDER BY t_index, id",
                        (namespace, *chunk),
                    )
                )
        return out

    @staticmethod
    def _concept(row: sqlite3.Row, depth: int = 0) -> Concept:
        return Concept(
            namespace=row["namespace"],
            name=row["name"],
            t_index=row["t_index"],
            revision_count=row["revision_count"],
            mentions=row["mentions"],
            aliases=tuple(json.loads(row["aliases"])),
            depth=depth,
        )

    def find_concepts(self, namespace: str, names: Iterable[str]) -> list[Concept]:
        wanted = list(dict.fromkeys(names))
        out: list[Concept] = []
        with self._read() as conn:
            for chunk in _chunks(wanted):
                rows = conn.execute(
                    "SELECT namespace, name, t_index, revision_count, mentions, aliases FROM concepts "
                    f"WHERE namespace = ? AND name IN ({_qmarks(len(chunk))})",
                    (namespace, *chunk),
                ).fetchall()
                out.extend(self._concept(r) for r in rows)
        order = {n: i for i, n in enumerate(wanted)}
        return sorted(out, key=lambda c: order[c.name])

    def find_links(self, namespace: str, names: Iterable[str] | None = None) -> list[ConceptLink]:
        with self._read() as conn:
            if names is None:
                rows = conn.execute(
                    "SELECT source, target, strength, t_index FROM links WHERE namespace = ? "
                    "ORDER BY source, target",
                    (namespace,),
                ).fetchall()
            else:
                wanted = list(dict.fromkeys(names))
                seen: dict[tuple[str, str], sqlite3.Row] = {}
                for chunk in _chunks(wanted):
                    q = _qmarks(len(chunk))
                    for row in conn.execute(
                        "SELECT source, target, strength, t_index FROM links WHERE namespace = ? "
                        f"AND (source IN ({q}) OR target IN ({q}))",
                        (namespace, *chunk, *chunk),
                    ):
                        seen[(row["source"], row["target"])] = row
                rows = [seen[k] for k in sorted(seen)]
        return [
            ConceptLink(namespace, r["source"], r["target"], r["strength"], r["t_index"])
            for r in rows
        ]

    def expand(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        depth: int,
        min_t_index: int,
        max_neighbors: int,
    ) -> Subgraph:
        starts = [c for c in self.find_concepts(namespace, names) if c.t_index >= min_t_index]
        depths: dict[str, int] = {c.name: 0 for c in starts}
        links: dict[tuple[str, str], ConceptLink] = {}
        frontier = [c.name for c in starts]
        with self._read() as conn:
            for level in range(1, depth + 1):
                next_frontier: list[str] = []
                for origin in frontier:
                    candidates = _newest_neighbours(
                        conn, namespace, origin, min_t_index, max_neighbors
                    )
                    candidates.sort(key=lambda c: (-c[0], -c[1], c[2]))
                    for t_index, strength, other in candidates[:max_neighbors]:
                        a, b = sorted_pair(origin, other)
                        links[(a, b)] = ConceptLink(namespace, a, b, strength, t_index)
                        if other not in depths:
                            depths[other] = level
                            next_frontier.append(other)
                frontier = next_frontier
        concepts = [
            Concept(
                namespace=c.namespace,
                name=c.name,
                t_index=c.t_index,
                revision_count=c.revision_count,
                mentions=c.mentions,
                aliases=c.aliases,
                depth=depths[c.name],
            )
            for c in self.find_concepts(namespace, depths)
        ]
        return Subgraph(concepts=tuple(concepts), links=tuple(links[k] for k in sorted(links)))

    @staticmethod
    def _newest_context_sql(n_names: int, columns: str) -> str:
        """The newest ``?`` context statements of each of ``n_names`` concepts, in one query
        (one index range per concept)."""
        union = " UNION ALL ".join(
            [
                "SELECT * FROM (SELECT concept, statement_id FROM contexts WHERE namespace = ? "
                "AND concept = ? ORDER BY statement_id DESC LIMIT ?)"
            ]
            * n_names
        )
        return (
            f"SELECT y.concept, {columns} FROM ({union}) y "
            "JOIN statements s ON s.id = y.statement_id"
        )

    def find_contexts(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        limit_per_concept: int,
    ) -> dict[str, list[Statement]]:
        wanted = list(dict.fromkeys(names))
        found: dict[str, list[Statement]] = {}
        with self._read() as conn:
            for chunk in _chunks(wanted, 100):
                sql = self._newest_context_sql(
                    len(chunk),
                    "s.id, s.namespace, s.text, s.t_index, s.at, s.speaker, s.source, "
                    "s.metadata, s.superseded_by, s.utc_offset",
                )
                params = [v for name in chunk for v in (namespace, name, limit_per_concept)]
                for row in conn.execute(sql, params):
                    found.setdefault(row[0], []).append(self._statement(row, 1))
        return {name: sorted(found[name], key=lambda st: st.id) for name in wanted if name in found}

    def find_context_ids(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        limit_per_concept: int,
    ) -> dict[str, list[tuple[int, int]]]:
        wanted = list(dict.fromkeys(names))
        found: dict[str, list[tuple[int, int]]] = {}
        with self._read() as conn:
            for chunk in _chunks(wanted, 100):
                sql = self._newest_context_sql(len(chunk), "s.id, s.t_index")
                params = [v for name in chunk for v in (namespace, name, limit_per_concept)]
                for concept, sid, t_index in conn.execute(sql, params):
                    found.setdefault(concept, []).append((sid, t_index))
        return {name: sorted(found[name]) for name in wanted if name in found}
