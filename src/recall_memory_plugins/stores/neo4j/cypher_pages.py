"""The Cypher of a statement page of one speaker (a chat history's turns), through migration 8's
(namespace, speaker, t_index) index; see :mod:`.cypher` for the conventions.

A page reads what it returns, not the namespace: the first index range, in index order (the
order of every indexed property, so the server stops after ``$reach = offset + limit`` rows),
finds the step of the page's last statement; the second reads the statements from there (those
of that step too: ties are ordered by id), sorted and cut as ``STATEMENT_PAGE`` cuts them. An
unfinished import's namespace reads as empty (:mod:`.cypher_guard`), checked after the range.
"""

from __future__ import annotations

from .cypher import _STATEMENT_ROW, STABLE_PLAN


def _speaker_page(order: str) -> str:
    edge, reached = ("min", ">=") if order == "DESC" else ("max", "<=")
    return STABLE_PLAN + f"""
MATCH (s:Statement) USING INDEX s:Statement(namespace, speaker, t_index)
WHERE s.namespace = $ns AND s.speaker = $speaker AND s.t_index IS NOT NULL
  AND ($include_superseded OR s.superseded_by IS NULL)
WITH s ORDER BY s.namespace {order}, s.speaker {order}, s.t_index {order} LIMIT $reach
WITH {edge}(s.t_index) AS edge
OPTIONAL MATCH (clock:Namespace {{namespace: $ns}})
WITH edge WHERE clock IS NULL OR clock.step IS NOT NULL
MATCH (s:Statement {{namespace: $ns, speaker: $speaker}})
USING INDEX SEEK s:Statement(namespace, speaker, t_index)
WHERE s.t_index {reached} edge AND ($include_superseded OR s.superseded_by IS NULL)
WITH s ORDER BY s.t_index {order}, s.id {order} SKIP $offset LIMIT $limit
RETURN collect({_STATEMENT_ROW}) AS statements
"""


SPEAKER_PAGE_OLDEST = _speaker_page("ASC")
SPEAKER_PAGE_NEWEST = _speaker_page("DESC")
