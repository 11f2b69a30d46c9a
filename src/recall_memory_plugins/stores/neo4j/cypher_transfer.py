"""The Cypher of the Neo4j store's export/import (``dump_namespace``/``load_namespace``) and of
its schema migrations' backfills; re-exported by :mod:`.cypher`, which holds every other query.

All values are parameters; see :mod:`.cypher` for the conventions (index keys, rows as lists).
"""

from __future__ import annotations

# ------------------------------------------------------------------------------------ transfer
DUMP_NAMESPACE = "MATCH (n:Namespace {namespace: $ns}) RETURN n {.*} AS n"

DUMP_STATEMENTS = """
MATCH (s:Statement {namespace: $ns})
CALL (s) {
  OPTIONAL MATCH (t:Term)-[o:OCCURS]->(s)
  RETURN collect([t.term, o.tf]) AS terms
}
RETURN s {.*, vector: null} AS s, terms ORDER BY s.id
"""

DUMP_CONCEPTS = """
MATCH (c:Concept {namespace: $ns})
CALL (c) {
  OPTIONAL MATCH (c)-[:IN_CONTEXT]->(s:Statement)
  WITH s ORDER BY s.id
  RETURN collect(s.id) AS context
}
RETURN c {.name, .t_index, .revision_count, .mentions, .aliases} AS c, context
"""

DUMP_LINKS = """
MATCH (a:Concept {namespace: $ns})-[r:RELATED]->(b:Concept)
RETURN a.name AS source, b.name AS target, r.strength AS strength, r.t_index AS t_index
"""

DUMP_ENTITIES = """
MATCH (e:Entity {namespace: $ns})
RETURN e {.id, .name, .type, .aliases, .first_step, .last_step} AS e
"""

DUMP_RELATIONS = """
MATCH (r:Relation {namespace: $ns})
RETURN r {.*} AS r ORDER BY r.seq
"""

# the later statements that repeat a relation (its CONFIRMED_BY links), as (relation, statement)
DUMP_SUPPORT = """
MATCH (r:Relation {namespace: $ns})-[:CONFIRMED_BY]->(s:Statement)
RETURN r.id AS relation, s.id AS statement
"""

RESERVE_STATEMENT_IDS = """
MATCH (counter:RecallCounter {name: $counter})
SET counter.locked = true
REMOVE counter.locked
WITH counter
SET counter.value = counter.value + $n
RETURN counter.value - $n AS base
"""

LOAD_STATEMENTS = """
UNWIND $rows AS st
CREATE (s:Statement {namespace: $ns, id: st.id, text: st.text, t_index: st.t_index, at: st.at,
                     speaker: st.speaker, source: st.source, source_key: st.source_key,
                     length: st.length, metadata: st.metadata, superseded_by: st.superseded_by,
                     utc_offset: st.utc_offset})
WITH s, st
UNWIND st.terms AS tm
MERGE (t:Term {namespace: $ns, key: tm.key})
  ON CREATE SET t.term = tm.term, t.df = 0
SET t.df = t.df + 1
CREATE (t)-[:OCCURS {tf: tm.tf, namespace: $ns, key: tm.key, sid: s.id, t_index: s.t_index,
                     length: s.length}]->(s)
"""

LOAD_CONCEPTS = """
UNWIND $rows AS c
CREATE (n:Concept {namespace: $ns, key: c.key, name: c.name, t_index: c.t_index,
                   revision_count: c.revision_count, mentions: c.mentions,
                   context_size: size(c.context), aliases: c.aliases})
WITH n, c
CALL (n, c) {
  UNWIND c.context AS sid
  MATCH (s:Statement {id: sid})
  CREATE (n)-[:IN_CONTEXT]->(s)
  WITH s ORDER BY s.id DESC
  RETURN collect(s.id) AS ids, collect(s.t_index) AS steps
}
SET n.context_ids = ids, n.context_steps = steps
"""

LOAD_LINKS = """
UNWIND $rows AS l
MATCH (a:Concept {namespace: $ns, key: l.source_key})
MATCH (b:Concept {namespace: $ns, key: l.target_key})
CREATE (a)-[:RELATED {strength: l.strength, t_index: l.t_index}]->(b)
"""

LOAD_ENTITIES = """
UNWIND $rows AS e
CREATE (n:Entity {namespace: $ns, key: e.key, id: e.id, name: e.name, type: e.type,
                  aliases: e.aliases, alias_keys: e.alias_keys, first_step: e.first_step,
                  last_step: e.last_step})
WITH n, e
CALL (n, e) {
  UNWIND e.alias_index_keys AS k
  MERGE (a:Alias {namespace: $ns, key: k})
  MERGE (a)-[:ALIAS_OF]->(n)
}
"""

LOAD_RELATIONS = """
UNWIND $rows AS x
CREATE (r:Relation {namespace: $ns, key: x.key, id: x.id, type: x.type, type_key: x.type_key,
                    subject_id: x.subject_id, subject_key: x.subject_key,
                    object_id: x.object_id, object_key: x.object_key,
                    attributes_json: x.attributes_json, valid_from_step: x.valid_from_step,
                    valid_from: x.valid_from, recorded_at: x.recorded_at,
                    valid_to_step: x.valid_to_step, valid_to: x.valid_to,
                    expired_at: x.expired_at, superseded_by: x.superseded_by,
                    statement_id: x.statement_id, confirmations: x.confirmations, seq: x.seq,
                    utc_offset: x.utc_offset})
WITH r, x
OPTIONAL MATCH (se:Entity {namespace: $ns, key: x.subject_key})
OPTIONAL MATCH (oe:Entity {namespace: $ns, key: x.object_key})
FOREACH (_ IN CASE WHEN se IS NULL THEN [] ELSE [1] END | CREATE (r)-[:SUBJECT]->(se))
FOREACH (_ IN CASE WHEN oe IS NULL THEN [] ELSE [1] END | CREATE (r)-[:OBJECT]->(oe))
"""

LOAD_SUPPORT = """
UNWIND $rows AS row
MATCH (r:Relation {namespace: $ns, key: row.key})
MATCH (s:Statement {id: row.sid})
CREATE (r)-[:CONFIRMED_BY]->(s)
"""

LOAD_NAMESPACE = """
CREATE (:Namespace {namespace: $ns, step: $step, n_statements: $n_statements,
                    total_length: $total_length, relation_seq: $relation_seq})
"""

# ------------------------------------------------------------------------------------ migrations
# Migration 4's backfills, a bounded batch per call (the caller repeats until none is left).
# Alias keys and source keys may need a digest (see index_key), so the store computes them.
ENTITIES_WITHOUT_ALIASES = """
MATCH (e:Entity)
WHERE size(e.alias_keys) > 0 AND NOT EXISTS { (:Alias)-[:ALIAS_OF]->(e) }
RETURN elementId(e) AS id, e.namespace AS ns, e.alias_keys AS alias_keys
LIMIT $batch
"""

LINK_ALIASES = """
UNWIND $rows AS row
MATCH (e:Entity) WHERE elementId(e) = row.id
CALL (e, row) {
  UNWIND row.keys AS k
  MERGE (a:Alias {namespace: row.ns, key: k})
  MERGE (a)-[:ALIAS_OF]->(e)
}
"""

STATEMENTS_WITHOUT_SOURCE_KEY = """
MATCH (s:Statement)
WHERE s.source IS NOT NULL AND s.source_key IS NULL
RETURN elementId(s) AS id, s.source AS source
LIMIT $batch
"""

RELATIONS_WITHOUT_TYPE_KEY = """
MATCH (r:Relation)
WHERE r.type_key IS NULL
RETURN elementId(r) AS id, r.type AS type
LIMIT $batch
"""

SET_TYPE_KEYS = """
UNWIND $rows AS row
MATCH (r:Relation) WHERE elementId(r) = row.id
SET r.type_key = row.key
"""

SET_SOURCE_KEYS = """
UNWIND $rows AS row
MATCH (s:Statement) WHERE elementId(s) = row.id
SET s.source_key = row.key
"""

# Migration 5's backfill: the postings of the next $batch statements in id order (a range of the
# unique id index, resumed after $after) get their term's key and their statement's id, step and
# length. Setting them again is harmless, so an interrupted upgrade can start over.
BACKFILL_POSTINGS = """
MATCH (s:Statement) WHERE s.id > $after
WITH s ORDER BY s.id LIMIT $batch
CALL (s) {
  MATCH (t:Term)-[o:OCCURS]->(s)
  SET o.namespace = t.namespace, o.key = t.key, o.sid = s.id, o.t_index = s.t_index,
      o.length = s.length
  RETURN count(o) AS postings
}
RETURN count(s) AS statements, max(s.id) AS last, sum(postings) AS postings
"""

# Migration 6's backfill: a concept's context as two lists, newest first (its members' ids and
# steps, read from its IN_CONTEXT links), for the next $batch concepts of a namespace in key order
# (a range of the (namespace, key) constraint's index, resumed after $after). Setting them again
# is harmless, so an interrupted upgrade can start over.
CONCEPT_NAMESPACES = """
MATCH (c:Concept)
RETURN DISTINCT c.namespace AS ns
"""

BACKFILL_CONTEXTS = """
MATCH (c:Concept {namespace: $ns}) WHERE c.key > $after
WITH c ORDER BY c.key LIMIT $batch
CALL (c) {
  OPTIONAL MATCH (c)-[:IN_CONTEXT]->(s)
  WITH s ORDER BY s.id DESC
  RETURN collect(s.id) AS ids, collect(s.t_index) AS steps
}
SET c.context_ids = ids, c.context_steps = steps, c.context_size = size(ids)
RETURN count(c) AS concepts, max(c.key) AS last
"""
