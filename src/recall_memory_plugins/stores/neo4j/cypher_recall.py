"""The Cypher of a recall's merged reads (:mod:`..merged`): what the store reads in several
queries of :mod:`.cypher` and :mod:`.cypher_facts`, answered in one round trip.

All values are parameters; see :mod:`.cypher` for the conventions (index keys, rows as lists).
"""

from __future__ import annotations

from .cypher import (
    _STATEMENT_ROW,
    ENTITIES_BY_ALIAS,
    EXPAND_QUESTION_APOC,
    FIND_CONTEXT_IDS_2,
    GET_STATEMENTS,
    NAMESPACE_STATE,
    RECENT_ENTITIES,
    SCORE_TERMS,
    STABLE_PLAN,
    STATEMENTS_AT,
    TERM_FREQUENCIES,
)
from .cypher_facts import RELATIONS_OF_ENTITIES

__all__ = [
    "FIND_STATEMENTS_SAID",
    "GET_STATEMENTS_AND_STATEMENTS_AT",
    "READ_QUESTION_AND_ENTITIES_APOC",
    "READ_QUESTION_APOC",
    "RECENT_ENTITIES_AND_ALIASES",
    "SCORE_TERMS_AND_CONTEXT_IDS",
]


def _subquery(query: str, imported: str = "") -> str:
    """``query`` as a ``CALL`` block (without its stable-plan prefix: only a whole query has one)."""
    return f"CALL ({imported}) {{{query.removeprefix(STABLE_PLAN)}}}\n"


_ANCHOR = "coalesce($anchor,"
assert EXPAND_QUESTION_APOC.count(_ANCHOR) == 1
assert NAMESPACE_STATE.strip().endswith("n.n_statements AS n, n.total_length AS total")

# NAMESPACE_STATE, TERM_FREQUENCIES of $term_keys (as [term, df] pairs) and EXPAND_QUESTION_APOC in one query;
# the expansion's window ends at the step read here when $anchor_newest (and $anchor is null)
READ_QUESTION_APOC = (
    NAMESPACE_STATE.replace("RETURN ", "WITH ")
    + _subquery(
        TERM_FREQUENCIES.replace("$keys", "$term_keys").replace(
            "RETURN t.term AS term, t.df AS df", "RETURN collect([t.term, t.df]) AS dfs"
        )
    )
    + _subquery(
        EXPAND_QUESTION_APOC.replace(
            _ANCHOR, "coalesce($anchor, CASE WHEN $anchor_newest THEN step END,"
        ),
        "step",
    )
    + "RETURN step, generation, n, total, dfs, adjacency, concepts, found\n"
)

# RECENT_ENTITIES (as recent) and ENTITIES_BY_ALIAS (entities) in one query
RECENT_ENTITIES_AND_ALIASES = (
    STABLE_PLAN
    + _subquery(RECENT_ENTITIES.replace("AS entities", "AS recent"))
    + _subquery(ENTITIES_BY_ALIAS)
    + "RETURN recent, entities\n"
)

# READ_QUESTION_APOC and RECENT_ENTITIES_AND_ALIASES in one query
READ_QUESTION_AND_ENTITIES_APOC = READ_QUESTION_APOC.replace(
    "RETURN step,",
    RECENT_ENTITIES_AND_ALIASES.removeprefix(STABLE_PLAN).replace("RETURN recent, entities\n", "")
    + "RETURN recent, entities, step,",
)

# SCORE_TERMS (scored), FIND_CONTEXT_IDS_2 (first, second) and RELATIONS_OF_ENTITIES (anchored:
# [i, relations] pairs, in the order of $entity_keys) in one query
SCORE_TERMS_AND_CONTEXT_IDS = (
    STABLE_PLAN
    + _subquery(SCORE_TERMS)
    + _subquery(_subquery(RELATIONS_OF_ENTITIES) + "RETURN collect([i, relations]) AS anchored\n")
    + FIND_CONTEXT_IDS_2.removeprefix(STABLE_PLAN).replace(
        "RETURN first, second", "RETURN scored, anchored, first, second"
    )
)

# GET_STATEMENTS (statements) and STATEMENTS_AT (at_steps) in one query
GET_STATEMENTS_AND_STATEMENTS_AT = (
    STABLE_PLAN
    + _subquery(GET_STATEMENTS)
    + _subquery(STATEMENTS_AT.replace("AS statements", "AS at_steps"))
    + "RETURN statements, at_steps\n"
)


# the newest current statements said in [$since, $until): a seek of (namespace, at)
FIND_STATEMENTS_SAID = STABLE_PLAN + f"""
MATCH (s:Statement) USING INDEX s:Statement(namespace, at)
WHERE s.namespace = $ns AND s.at >= $since AND s.at < $until
  AND s.superseded_by IS NULL AND s.t_index <= $until_step
WITH s ORDER BY s.at DESC, s.id DESC LIMIT $limit
RETURN collect({_STATEMENT_ROW}) AS statements
"""
