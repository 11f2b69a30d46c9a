"""The Cypher of a cascade delete's splice (:mod:`..splice`): a deleted relation's ending goes to
the relations it had superseded."""

# a cascade's relations with their endings, and the relations they superseded (:mod:`..splice`)
RELATION_ENDINGS = """
UNWIND $keys AS key
MATCH (r:Relation {namespace: $ns, key: key})
RETURN r.id AS id, r.valid_to_step AS valid_to_step, r.valid_to AS valid_to,
       r.expired_at AS expired_at, r.superseded_by AS superseded_by
"""

PREDECESSORS = """
MATCH (p:Relation {namespace: $ns})
WHERE p.superseded_by IN $ids
RETURN p.id AS id, p.superseded_by AS superseded_by
"""

SET_ENDINGS = """
UNWIND $rows AS row
MATCH (p:Relation {namespace: $ns, key: row.key})
SET p.valid_to_step = row.valid_to_step, p.valid_to = row.valid_to, p.expired_at = row.expired_at,
    p.superseded_by = row.superseded_by
"""
