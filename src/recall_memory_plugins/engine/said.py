"""The statements said in the period a question names, as recall candidates.

A question whose only content is a period ("What did I do in March 2024?", 2024年6月我在忙什么？,
去年三月我在干嘛) shares no word with what was said then: the period boost
(:func:`~.retrieval.period_boost`) multiplies a score that such statements never get. So the
period's own statements join the candidates, read from the store by the time they were said
(:meth:`~recall_memory_plugins.stores.base.GraphStore.find_statements_said`, an index read),
and ranked by the usual signals: recency, then the boosts (period, speaker, coverage) and the
follow-ups. With no other signal they score at most ``recency_weight`` before the boosts, below
a statement that matches the question's words, so a question with other words ranks those first.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from ..models import Statement
from ..stores.base import statements_said
from .periods import Period
from .retrieval import _wall

if TYPE_CHECKING:
    from ..stores.base import GraphStore

__all__ = ["said_candidates", "said_in_period"]

# a statement's day is the one on the calendar its `at` was given in: UTC-12 .. UTC+14
ZONE_MARGIN = timedelta(hours=14)


def said_in_period(
    store: GraphStore,
    namespace: str,
    period: Period | None,
    *,
    limit: int,
    as_of: int | datetime | None,
) -> list[Statement]:
    """The newest ``limit`` current statements said within ``period`` (each on its own calendar),
    stored up to ``as_of`` (a step or an instant; None: all), newest first.

    The read is bounded by ``limit`` (the number of candidates the budget ranks: no more of the
    period can reach the context) and only the period itself counts, not the 7 days after it
    that the boost also covers: read newest first, those days would take the period's place.
    """
    if period is None or limit <= 0:
        return []
    start, end = period
    until, until_step = end + ZONE_MARGIN, None
    if isinstance(as_of, datetime):
        until = min(until, as_of + timedelta(microseconds=1))  # (as_of itself included)
    elif as_of is not None:
        until_step = as_of
    found = statements_said(
        store, namespace, since=start - ZONE_MARGIN, until=until, limit=limit, until_step=until_step
    )
    return [st for st in found if start <= _wall(st.at) < end]


def said_candidates(
    said: Sequence[Statement], seen: Collection[int], *, newest: int, recency_weight: float
) -> list[tuple[Statement, float, tuple[str, ...]]]:
    """The ``said`` statements that are not candidates already (``seen`` ids), scored as
    :func:`~.retrieval.fuse` scores a candidate with no lexical, graph or semantic signal."""
    span = max(newest, 1)
    return [
        (st, round(recency_weight * st.t_index / span, 6), ()) for st in said if st.id not in seen
    ]
