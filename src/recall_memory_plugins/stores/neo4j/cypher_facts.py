"""The Cypher of a recall's merged fact reads: what the relation layer reads in several queries
(:data:`.cypher.RELATIONS`), answered in one round trip.

All values are parameters; see :mod:`.cypher` for the conventions (index keys, rows as lists).
"""

from __future__ import annotations

from .cypher import _RELATION_ROW

__all__ = ["RELATIONS_OF_ENTITIES"]

# RELATIONS["entity"] of several entities (a recall's anchors): one row per entity, in the order
# of $entity_keys, with its newest $newest relations oldest first
RELATIONS_OF_ENTITIES = f"""
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
  WITH r ORDER BY r.seq DESC LIMIT $newest
  CALL (r) {{
    OPTIONAL MATCH (s:Entity {{namespace: $ns, key: r.subject_key}})
    RETURN s.name AS subject_name
  }}
  CALL (r) {{
    OPTIONAL MATCH (o:Entity {{namespace: $ns, key: r.object_key}})
    RETURN o.name AS object_name
  }}
  WITH r, subject_name, object_name ORDER BY r.seq
  RETURN collect({_RELATION_ROW}) AS relations
}}
RETURN i, relations ORDER BY i
"""
