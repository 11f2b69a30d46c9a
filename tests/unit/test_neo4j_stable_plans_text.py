"""The Neo4j reads that keep their first plan (``cypher.STABLE_PLAN``, ``replan=skip``) name the
index of every node they look up, so a plan made on an empty database is the plan of a large one.

Text only (no server): ``tests/integration/test_neo4j_stable_plans.py`` checks the plans.
"""

from __future__ import annotations

import re

import pytest

from recall_memory_plugins.stores.neo4j import (
    cypher,
    cypher_facts,
    cypher_recall,
    cypher_splice,
)

# labels with one index only (a unique namespace): no other plan to fall into
ONE_INDEX = {"Namespace", "NamespaceGeneration", "RecallCounter"}
_LOOK_UP = re.compile(r"MATCH\s*\((\w+):(\w+)")
_NEXT_CLAUSE = re.compile(r"\b(WHERE|RETURN|WITH|CALL|UNWIND|MATCH|UNION|ORDER)\b")


def stable_queries() -> dict[str, str]:
    found: dict[str, str] = {}
    for module in (cypher, cypher_facts, cypher_recall, cypher_splice):
        for name, value in vars(module).items():
            if isinstance(value, str) and value.startswith(cypher.STABLE_PLAN) and value != cypher.STABLE_PLAN:
                found[f"{module.__name__.rsplit('.', 1)[-1]}.{name}"] = value
    for kind, query in cypher.RELATIONS.items():
        found[f"RELATIONS[{kind}]"] = query
    return found


def unhinted_look_ups(query: str) -> list[str]:
    """The ``MATCH (var:Label ...)`` look-ups of ``query`` without a ``USING INDEX`` hint."""
    missing = []
    for m in _LOOK_UP.finditer(query):
        var, label = m.group(1), m.group(2)
        if label in ONE_INDEX:
            continue
        rest = query[m.end():]
        end = _NEXT_CLAUSE.search(rest)
        clause = rest[: end.start() if end else len(rest)]
        if not re.search(rf"USING INDEX (SEEK )?{var}:{label}\(", clause):
            missing.append(f"{var}:{label}")
    return missing


def test_the_recall_and_plan_reads_keep_their_plan() -> None:
    names = set(stable_queries())
    for expected in (
        "cypher_recall.READ_QUESTION_APOC",
        "cypher_recall.READ_QUESTION_AND_ENTITIES_APOC",
        "cypher_recall.SCORE_TERMS_AND_CONTEXT_IDS",
        "cypher_recall.GET_STATEMENTS_AND_STATEMENTS_AT",
        "cypher.ENTITIES_BY_ALIAS",
        "cypher.ENTITIES_BY_ID",
        "cypher_facts.RELATIONS_OF_ENTITIES",
        "RELATIONS[subject]",
        "cypher.DELETE_RELATIONS",  # migration 8's index: a delete seeks its relations
        "cypher_splice.PREDECESSORS",
    ):
        assert expected in names


@pytest.mark.parametrize("name", sorted(stable_queries()))
def test_every_look_up_of_a_stable_query_names_its_index(name: str) -> None:
    query = stable_queries()[name]
    assert unhinted_look_ups(query) == []
    # the prefix opens the query once: nested in another query it must have been removed
    assert query.count("CYPHER") == 1


def test_the_check_finds_a_look_up_without_a_hint() -> None:
    assert unhinted_look_ups("MATCH (c:Concept {namespace: $ns, key: k}) RETURN c") == ["c:Concept"]
    assert unhinted_look_ups(
        "OPTIONAL MATCH (s:Entity {namespace: $ns, key: r.k})\n  USING INDEX SEEK "
        "s:Entity(namespace, key) RETURN s"
    ) == []
