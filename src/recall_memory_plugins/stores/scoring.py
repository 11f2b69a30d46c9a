"""BM25 over postings already read, for stores that cannot aggregate on their side (the SQLite
store's fallback for questions with more terms than one statement takes parameters)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..models import TermPosting

if TYPE_CHECKING:
    from .base import GraphStore

__all__ = ["score_postings", "score_terms_by_postings"]


def score_postings(
    postings: Iterable[TermPosting],
    weights: Mapping[str, float],
    *,
    avg_len: float,
    top: int,
    k1: float = 1.2,
    b: float = 0.75,
) -> list[tuple[int, int, float]]:
    """The ``GraphStore.score_terms`` computation over postings already read (for stores that
    cannot aggregate themselves): ``(statement_id, t_index, score)``, best first, ties newest.
    A statement met in several postings (read for different terms) sums their scores."""
    avg = avg_len or 1.0
    totals: dict[int, list[float]] = {}
    for posting in postings:
        norm = k1 * (1 - b + b * posting.length / avg)
        score = 0.0
        for term, tf in posting.terms.items():
            weight = weights.get(term)
            if weight:
                score += weight * tf * (k1 + 1) / (tf + norm)
        entry = totals.setdefault(posting.statement_id, [posting.t_index, 0.0])
        entry[1] += score
    scored = [(sid, int(t_index), score) for sid, (t_index, score) in totals.items()]
    scored.sort(key=lambda x: (-x[2], -x[0]))
    return scored[: max(top, 0)]


def score_terms_by_postings(
    store: GraphStore,
    namespace: str,
    terms: Mapping[str, tuple[float, int]],
    *,
    avg_len: float,
    top: int,
    k1: float = 1.2,
    b: float = 0.75,
) -> list[tuple[int, int, float]]:
    """``GraphStore.score_terms`` through ``find_postings``: one read per distinct posting limit
    (usually two), scored in Python exactly as the SQLite aggregate scores."""
    postings: list[TermPosting] = []
    for limit in sorted({int(n) for _, n in terms.values() if n > 0}):
        group = [t for t, (_, n) in terms.items() if int(n) == limit]
        postings += store.find_postings(namespace, group, limit_per_term=limit)
    weights = {t: float(w) for t, (w, _) in terms.items()}
    return score_postings(postings, weights, avg_len=avg_len, top=top, k1=k1, b=b)
