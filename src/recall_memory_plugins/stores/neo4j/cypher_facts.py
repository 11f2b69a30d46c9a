"""The Cypher of a recall's merged fact reads: what the relation layer reads in several queries
(:data:`.cypher.RELATIONS`), answered in one round trip; and the relation reads of one end and
a type (or a few types), which seek the (namespace, end, type_key) indexes of migration 7.

All values are parameters; see :mod:`.cypher` for the conventions (index keys, rows as lists).
"""

from __future__ import annotations

from .cypher import _NEWEST_RELATIONS, _RELATION_FILTER_RETURN, STABLE_PLAN

__all__ = ["RELATIONS_OF_ENTITIES", "RELATIONS_TYPED"]

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

# One end and its type(s): the planner reads only the relations of those types, not every
# relation the entity ever had (a person who owns 200 things; 528 relations read to find one).
RELATIONS_BY_SUBJECT_TYPE = STABLE_PLAN + (
    "MATCH (r:Relation {namespace: $ns, subject_key: $subject_key, type_key: $type_key}) "
    "USING INDEX r:Relation(namespace, subject_key, type_key)" + _RELATION_FILTER_RETURN
)
RELATIONS_BY_OBJECT_TYPE = STABLE_PLAN + (
    "MATCH (r:Relation {namespace: $ns, object_key: $object_key, type_key: $type_key}) "
    "USING INDEX r:Relation(namespace, object_key, type_key)" + _RELATION_FILTER_RETURN
)
RELATIONS_OF_ENTITY_TYPES = STABLE_PLAN + (
    "CALL () { MATCH (r:Relation {namespace: $ns, subject_key: $entity_key}) "
    "USING INDEX r:Relation(namespace, subject_key, type_key) WHERE r.type_key IN $type_keys "
    "RETURN r UNION MATCH (r:Relation {namespace: $ns, object_key: $entity_key}) "
    "USING INDEX r:Relation(namespace, object_key, type_key) WHERE r.type_key IN $type_keys "
    "RETURN r } WITH r" + _RELATION_FILTER_RETURN
)
# the kinds of ``Neo4jEntities.find_relations`` these serve (see ``cypher.RELATIONS``)
RELATIONS_TYPED = {
    "subject_type": RELATIONS_BY_SUBJECT_TYPE,
    "object_type": RELATIONS_BY_OBJECT_TYPE,
    "entity_types": RELATIONS_OF_ENTITY_TYPES,
}
