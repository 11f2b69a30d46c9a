"""The Cypher of a recall's merged fact reads: what the relation layer reads in several queries
(:data:`.cypher.RELATIONS`), answered in one round trip.

All values are parameters; see :mod:`.cypher` for the conventions (index keys, rows as lists).
"""

from __future__ import annotations

from .cypher import _NEWEST_RELATIONS, STABLE_PLAN

__all__ = ["RELATIONS_OF_ENTITIES"]

# RELATIONS["entity"] of several entities (a recall's anchors): one row per entity, in the order
# of $entity_keys, with its newest $newest relations oldest first
RELATIONS_OF_ENTITIES = STABLE_PLAN + f"""
UNWIND range(0, size($entity_keys) - 1) AS i
WITH i, $entity_keys[i] AS entity_key
CALL (entity_key) {{
  CALL (entity_key) {{
    MATCH (r:Relation {{namespace: $ns, subject_key: entity_key}})
    USING INDEX r:Relation(namespace, subject_key) RETURN r
    UNION
    MATCH (r:Relation {{namespace: $ns, object_key: entity_key}})
    USING INDEX r:Relation(namespace, object_key) RETURN r
  }}
{_NEWEST_RELATIONS}}}
RETURN i, relations ORDER BY i
"""
