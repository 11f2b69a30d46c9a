"""The lexical index of the SQLite store: term frequencies, postings and BM25 scoring in SQL."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, cast

from ...models import TermPosting
from ..scoring import score_terms_by_postings
from ._common import _chunks, _qmarks
from .lifecycle import SqliteConnection

if TYPE_CHECKING:
    from ..base import GraphStore


class SqliteLexical(SqliteConnection):
    """Lexical reads (mixed into :class:`SqliteGraphStore`; postings are written with statements)."""

    def count_statements(self, namespace: str) -> tuple[int, float]:
        with self._read() as conn:
            row = conn.execute(
                "SELECT n_statements, total_length FROM namespaces WHERE namespace = ?",
                (namespace,),
            ).fetchone()
        if not row or not row[0]:
            return 0, 0.0
        return int(row[0]), row[1] / row[0]

    def term_frequencies(self, namespace: str, terms: Iterable[str]) -> dict[str, int]:
        wanted = list(dict.fromkeys(terms))
        out: dict[str, int] = {}
        with self._read() as conn:
            for chunk in _chunks(wanted):
                for row in conn.execute(
                    f"SELECT term, df FROM terms WHERE namespace = ? AND term IN ({_qmarks(len(chunk))})",
                    (namespace, *chunk),
                ):
                    out[row[0]] = int(row[1])
        return out

    def find_postings(
        self,
        namespace: str,
        terms: Iterable[str],
        *,
        limit_per_term: int,
    ) -> list[TermPosting]:
        wanted = list(dict.fromkeys(terms))
        hits: dict[int, TermPosting] = {}
        with self._read() as conn:
            for chunk in _chunks(wanted, 100):
                # one query: each term's newest postings (an index range each; a posting
                # carries its statement's step and length)
                union = " UNION ALL ".join(
                    [
                        "SELECT * FROM (SELECT term, statement_id, tf, t_index, length "
                        "FROM postings WHERE namespace = ? AND term = ? "
                        "ORDER BY statement_id DESC LIMIT ?)"
                    ]
                    * len(chunk)
                )
                params: list[object] = []
                for term in chunk:
                    params += [namespace, term, limit_per_term]
                for term, sid, tf, t_index, length in conn.execute(union, params):
                    posting = hits.get(sid)
                    if posting is None:
                        posting = hits[sid] = TermPosting(sid, t_index, length, {})
                    posting.terms[term] = tf  # type: ignore[index]
        return list(hits.values())

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
        wanted = [(t, float(w), int(n)) for t, (w, n) in terms.items() if n > 0]
        if not wanted or top < 1:
            return []
        if len(wanted) > 150:  # beyond one statement's parameters: score in Python
            return score_terms_by_postings(
                cast("GraphStore", self), namespace, terms, avg_len=avg_len, top=top, k1=k1, b=b
            )
        # One aggregate: each term's newest postings (an index range each; a posting carries
        # its statement's step and length), summed per statement in SQLite.
        union = " UNION ALL ".join(
            [
                "SELECT * FROM (SELECT statement_id, tf, t_index, length, ? AS w FROM postings "
                "WHERE namespace = ? AND term = ? ORDER BY statement_id DESC LIMIT ?)"
            ]
            * len(wanted)
        )
        params: list[object] = [k1 + 1, k1, b, b, float(avg_len or 1.0)]
        for term, weight, limit in wanted:
            params += [weight, namespace, term, limit]
        params.append(top)
        with self._read() as conn:
            rows = conn.execute(
                "SELECT p.statement_id, MAX(p.t_index), "
                "SUM(p.w * p.tf * ? / (p.tf + ? * (1 - ? + ? * p.length / ?))) AS score "
                f"FROM ({union}) p "
                "GROUP BY p.statement_id ORDER BY score DESC, p.statement_id DESC LIMIT ?",
                params,
            ).fetchall()
        return [(int(r[0]), int(r[1]), float(r[2])) for r in rows]
