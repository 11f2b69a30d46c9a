"""The Cypher of a cascade delete's splice (:mod:`..splice`): a deleted relation's ending goes to
the relations it had superseded; a relation a later statement repeats (``CONFIRMED_BY``) is drawn
from that statement instead; entities left with no statement and no relation go."""

from __future__ import annotations

from .cypher import STABLE_PLAN

# a cascade's relations with their endings, and the relations they superseded (:mod:`..splice`)
RELATION_ENDINGS = """
UNWIND $keys AS key
MATCH (r:Relation {namespace: $ns, key: key})
RETURN r.id AS id, r.valid_to_step AS valid_to_step, r.valid_to AS valid_to,
       r.expired_at AS expired_at, r.superseded_by AS superseded_by,
       r.valid_from_step AS valid_from_step, r.attributes_json AS attributes_json
"""

# a seek of migration 8's (namespace, superseded_by) index, not the namespace's relations read
PREDECESSORS = STABLE_PLAN + """
MATCH (p:Relation {namespace: $ns}) USING INDEX p:Relation(namespace, superseded_by)
WHERE p.superseded_by IN $ids
RETURN p.id AS id, p.superseded_by AS superseded_by, p.valid_to_step AS valid_to_step,
       p.valid_to AS valid_to, p.expired_at AS expired_at, p.valid_from_step AS valid_from_step
"""

SET_ENDINGS = """
UNWIND $rows AS row
MATCH (p:Relation {namespace: $ns, key: row.key})
SET p.valid_to_step = row.valid_to_step, p.valid_to = row.valid_to, p.expired_at = row.expired_at,
    p.superseded_by = row.superseded_by
"""

# the statements $ids no longer repeat any relation (one confirmation less each)
DROP_SUPPORT = """
UNWIND $ids AS sid
MATCH (s:Statement {id: sid}) WHERE s.namespace = $ns
MATCH (r:Relation)-[c:CONFIRMED_BY]->(s)
DELETE c
SET r.confirmations = CASE WHEN r.confirmations > 0 THEN r.confirmations - 1 ELSE 0 END
"""

# the current statements that repeat the relations $keys
SUPPORTERS = """
UNWIND $keys AS key
MATCH (r:Relation {namespace: $ns, key: key})-[:CONFIRMED_BY]->(s:Statement)
WHERE s.superseded_by IS NULL
RETURN r.id AS id, s.id AS sid
"""

# each relation of $rows is drawn from row.sid from now on (no longer its confirmation)
MOVE_EVIDENCE = """
UNWIND $rows AS row
MATCH (r:Relation {namespace: $ns, key: row.key})
OPTIONAL MATCH (r)-[c:CONFIRMED_BY]->(:Statement {id: row.sid})
WITH r, row, collect(c) AS cs
FOREACH (x IN cs | DELETE x)
SET r.statement_id = row.sid,
    r.confirmations = CASE WHEN r.confirmations > size(cs) THEN r.confirmations - size(cs) ELSE 0 END
"""

CLEAR_EVIDENCE_OF = """
UNWIND $keys AS key
MATCH (r:Relation {namespace: $ns, key: key})
SET r.statement_id = null
"""

# entities mentioned only at one of $steps (no statement of it is left) and in no relation
DROP_ORPHAN_ENTITIES = """
UNWIND $steps AS step
CALL (step) {
  WITH step WHERE NOT EXISTS { MATCH (:Statement {namespace: $ns, t_index: step}) }
  MATCH (e:Entity {namespace: $ns, last_step: step})
  WHERE e.first_step = step
    AND NOT EXISTS { MATCH (:Relation {namespace: $ns, subject_key: e.key}) }
    AND NOT EXISTS { MATCH (:Relation {namespace: $ns, object_key: e.key}) }
  OPTIONAL MATCH (a:Alias)-[:ALIAS_OF]->(e)
  WITH collect(DISTINCT e) AS es, collect(DISTINCT a) AS aliases
  FOREACH (x IN es | DETACH DELETE x)
  WITH aliases
  UNWIND aliases AS a
  WITH a WHERE NOT EXISTS { (a)-[:ALIAS_OF]->() }
  DELETE a
}
"""

# a correction read at its statement's own time: what the new version began or ended at its step
# $step does so at the old version's step $at instead, never ending before it begins; history it
# added holds until its successor began (or at $at alone), an ended relation it clipped ends by $at
RESTEP = """
UNWIND $keys AS key
MATCH (r:Relation {namespace: $ns, key: key})
OPTIONAL MATCH (s:Relation {namespace: $ns, key: r.superseded_by}) WHERE s.id = r.superseded_by  // (an id short enough to be its key)
WITH r, CASE WHEN s IS NULL OR s.valid_from_step >= $step THEN $at ELSE s.valid_from_step END AS next,
     CASE WHEN r.valid_from_step = $step THEN $at ELSE r.valid_from_step END AS first
WITH r, first, CASE
       WHEN r.valid_to_step IS NULL THEN null
       WHEN r.valid_from_step = $step AND r.valid_to_step = $step
         THEN CASE WHEN next > $at THEN next ELSE $at END
       WHEN r.valid_to_step = $step OR r.valid_to_step > $at
         THEN CASE WHEN first > $at THEN first ELSE $at END
       ELSE r.valid_to_step END AS last
SET r.valid_from_step = first, r.valid_to_step = last
"""
