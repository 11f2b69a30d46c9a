"""Every Cypher query of the Neo4j store.

All values are parameters. Query texts are module constants; the only composed text is the plain
Cypher expansion, which repeats the constant block ``EXPAND_LEVEL`` once per hop because a
variable-length pattern cannot apply a per-node neighbour cap and Cypher cannot parameterise a
repetition count (the count is a validated ``int``, never caller text).

Names and ids are looked up by their index ``key`` (see :func:`~.schema.index_key`): the name
itself, or a digest for names too long for a Neo4j index. The verbatim value is always kept too.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .cypher_transfer import (  # noqa: F401  (re-exported: cypher.X names every query)
    BACKFILL_CONTEXTS,
    BACKFILL_POSTINGS,
    CONCEPT_NAMESPACES,
    DUMP_CONCEPTS,
    DUMP_ENTITIES,
    DUMP_LINKS,
    DUMP_NAMESPACE,
    DUMP_RELATIONS,
    DUMP_STATEMENTS,
    ENTITIES_WITHOUT_ALIASES,
    LINK_ALIASES,
    LOAD_CONCEPTS,
    LOAD_ENTITIES,
    LOAD_LINKS,
    LOAD_NAMESPACE,
    LOAD_RELATIONS,
    LOAD_STATEMENTS,
    RELATIONS_WITHOUT_TYPE_KEY,
    RESERVE_STATEMENT_IDS,
    SET_SOURCE_KEYS,
    SET_TYPE_KEYS,
    STATEMENTS_WITHOUT_SOURCE_KEY,
)

__all__ = [
    "APPLY_UPDATE",
    "APPLY_UPDATES",
    "CLEAR_BATCH",
    "CLEAR_RELATIONSHIPS",
    "COUNT_STATEMENTS",
    "CURRENT_STATE",
    "CURRENT_STEP",
    "DETECT_APOC",
    "ENTITIES_BY_ALIAS",
    "ENTITIES_BY_ID",
    "ENTITIES_BY_NAMESPACE",
    "EXPAND_APOC",
    "EXPAND_QUESTION_APOC",
    "FIND_CONCEPTS",
    "FIND_CONTEXTS",
    "FIND_CONTEXT_IDS",
    "FIND_CONTEXT_IDS_2",
    "FIND_LINKS_ALL",
    "FIND_LINKS_OF",
    "FIND_POSTINGS",
    "FIND_RECENT_STATEMENTS",
    "FIND_STATEMENTS",
    "FIND_VECTORS",
    "GET_STATEMENTS",
    "NAMESPACES",
    "NAMESPACE_STATE",
    "PUT_VECTORS",
    "READ_SCHEMA_VERSION",
    "RECENT_ENTITIES",
    "RELATIONS",
    "STABLE_PLAN",
    "STATEMENTS_AT",
    "STATS_ALL",
    "STATS_NAMESPACE",
    "TERM_FREQUENCIES",
    "WRITE_SCHEMA_VERSION",
    "expand_plain",
]

# The reads of every add and recall keep their first plan (`replan=skip`; re-planning as a namespace
# grows cost 50-400 ms a query) and name the index of each look-up (see docs/scaling.md).
STABLE_PLAN = "CYPHER replan=skip\n"

# ------------------------------------------------------------------------------------ schema
READ_SCHEMA_VERSION = "OPTIONAL MATCH (v:RecallSchema {name: $name}) RETURN v.version AS version"

WRITE_SCHEMA_VERSION = """
MERGE (v:RecallSchema {name: $name})
SET v.version = $version, v.description = $description, v.applied_at = $applied_at
MERGE (c:RecallCounter {name: $counter})
  ON CREATE SET c.value = 0
"""

DETECT_APOC = (
    "SHOW FUNCTIONS YIELD name WHERE name = 'apoc.coll.sortMulti' RETURN count(*) > 0 AS apoc"
)

# ------------------------------------------------------------------------------------ writes
# One query per update, in two phases, so that a rejected update writes nothing: an error raised
# by the server would poison the explicit transaction of a batch, which has no savepoints.
# 1. Lock the store-wide statement counter, changing nothing: set and remove a dummy property,
#    the explicit lock of Neo4j's manual (measured: "SET c.value = c.value" writes back a value
#    read before the lock, a lost update; "c.value + 0" deadlocks concurrent updates). Every
#    update takes this lock first and holds it until commit, so updates never deadlock, even
#    when a batch holds many namespaces, and the checks read a state no other update can change
#    (what BEGIN IMMEDIATE does for SQLite). Then check the input: links to concepts neither
#    stored nor in the update, ends of relations that are not current, relation ids added twice.
#    A change sees the changes before it in the update (an 'add' then an 'end' of it is fine).
# 2. Only when every check list is empty: the writes, in a unit subquery (no RETURN: the outer
#    row is kept whether or not it runs). Each CALL block inside returns one aggregated row, so
#    an empty list (no links, no entities ...) never drops the row. A CALL subquery runs once per
#    incoming row and sees the writes of the rows before it, which keeps duplicate mentions and
#    relation changes in their given order, as the SQLite store does.
# No row at all means the database is not set up (no counter).
# replan=skip: every lookup here is a unique-index seek, so the plan never improves, while
# re-planning this query (about 0.5 s) whenever a young database's statistics move stalls writes.
# The look-ups by key name their (namespace, key) index: unhinted, a plan made on a grown
# database read every concept of the namespace per link end (45k db hits an update at 10k).
APPLY_UPDATE = """
CYPHER replan=skip
MATCH (counter:RecallCounter {name: $counter})
SET counter.locked = true
REMOVE counter.locked
WITH counter, [m IN $concepts | m.key] AS fresh

CALL (fresh) {
  UNWIND $links AS l
  OPTIONAL MATCH (a:Concept {namespace: $ns, key: l.source_key}) USING INDEX SEEK a:Concept(namespace, key)
  OPTIONAL MATCH (b:Concept {namespace: $ns, key: l.target_key}) USING INDEX SEEK b:Concept(namespace, key)
  WITH l, (a IS NOT NULL OR l.source_key IN fresh)
          AND (b IS NOT NULL OR l.target_key IN fresh) AS known
  RETURN collect(CASE WHEN NOT known THEN [l.source, l.target] END) AS missing
}

CALL () {
  UNWIND range(0, size($changes) - 1) AS ci
  WITH ci, $changes[ci] AS ch
  OPTIONAL MATCH (r:Relation {namespace: $ns, key: ch.key}) USING INDEX SEEK r:Relation(namespace, key)
  WITH ch, r IS NOT NULL AS stored, r IS NOT NULL AND r.valid_to_step IS NULL AS current,
       [j IN range(0, ci - 1) WHERE $changes[j].key = ch.key | $changes[j].op] AS before
  RETURN collect(CASE WHEN ch.op = 'end'
                       AND NOT ((current OR 'add' IN before) AND NOT 'end' IN before)
                      THEN ch.id END) AS not_current,
         collect(CASE WHEN ch.op = 'add' AND (stored OR 'add' IN before) THEN ch.id END)
           AS duplicate
}

WITH counter, missing, not_current, duplicate,
     missing = [] AND not_current = [] AND duplicate = [] AND NOT EXISTS { MATCH (imp:Namespace {namespace: $ns}) WHERE imp.step IS NULL } AS valid
CALL (counter, valid) {
  WITH counter WHERE valid
  SET counter.value = counter.value + size($statements)
  MERGE (n:Namespace {namespace: $ns})
    ON CREATE SET n.step = 0, n.n_statements = 0, n.total_length = 0, n.relation_seq = 0
  SET n.step = n.step + 1,
      n.n_statements = n.n_statements + size($statements),
      n.total_length = n.total_length + $total_length
  WITH n, n.step AS step, counter.value - size($statements) AS base

  CALL (step, base) {
    UNWIND range(0, size($statements) - 1) AS i
    WITH i, $statements[i] AS st
    CREATE (s:Statement {namespace: $ns, id: base + i + 1, text: st.text, t_index: step, at: $at,
                         speaker: st.speaker, source: st.source, source_key: st.source_key,
                         length: st.length, metadata: st.metadata, utc_offset: $utc_offset})
    WITH s, st
    UNWIND st.terms AS tm
    MERGE (t:Term {namespace: $ns, key: tm.key})
      ON CREATE SET t.term = tm.term, t.df = 0
    SET t.df = t.df + 1
    CREATE (t)-[:OCCURS {tf: tm.tf, namespace: $ns, key: tm.key, sid: s.id, t_index: step,
                         length: st.length}]->(s)
    RETURN count(*) AS postings
  }

  CALL (step, base) {
    UNWIND $concepts AS m
    WITH m, [i IN m.idx | base + i + 1] AS sids
    MERGE (c:Concept {namespace: $ns, key: m.key})
      ON CREATE SET c.name = m.name, c.t_index = step, c.revision_count = 0, c.mentions = 1,
                    c.context_size = 0, c.context_ids = [], c.context_steps = [],
                    c.aliases = CASE WHEN m.alias IS NULL THEN [] ELSE [m.alias] END
      ON MATCH SET c.t_index = step,
                   c.mentions = c.mentions + 1,
                   c.revision_count = c.revision_count
                                      + CASE WHEN size(sids) > 0 THEN 1 ELSE 0 END,
                   c.aliases = CASE WHEN m.alias IS NULL OR m.alias IN c.aliases THEN c.aliases
                                    ELSE c.aliases + m.alias END
    WITH c, sids, step
    CALL (c, sids) {
      UNWIND sids AS sid
      MATCH (s:Statement {id: sid})
      CREATE (c)-[:IN_CONTEXT]->(s)
    }
    // the new statements' links are new (CREATE, no MERGE look-up). The context's newest ids
    // and their steps, newest first, are also kept on the concept (a recall reads two
    // properties, not every member), and tell which links fall past the bound: those are
    // deleted by id, without reading the other members.
    WITH c, reverse(sids) + coalesce(c.context_ids, []) AS ids,
         [_ IN sids | step] + coalesce(c.context_steps, []) AS steps
    CALL (c, ids) {
      UNWIND ids[$context_limit..] AS gone
      MATCH (s:Statement {id: gone}) USING INDEX s:Statement(id)
      MATCH (c)-[x:IN_CONTEXT]->(s)
      DELETE x
    }
    SET c.context_ids = ids[..$context_limit], c.context_steps = steps[..$context_limit],
        c.context_size = size(ids[..$context_limit])
    RETURN count(*) AS concepts
  }

  CALL (step) {
    UNWIND $links AS l
    MATCH (a:Concept {namespace: $ns, key: l.source_key}) USING INDEX SEEK a:Concept(namespace, key)
    MATCH (b:Concept {namespace: $ns, key: l.target_key}) USING INDEX SEEK b:Concept(namespace, key)
    MERGE (a)-[r:RELATED]->(b)
      ON CREATE SET r.strength = 0
    SET r.strength = r.strength + l.count, r.t_index = step
    RETURN count(*) AS links
  }

  CALL (step) {
    UNWIND $entities AS ent
    MERGE (e:Entity {namespace: $ns, key: ent.key})
      ON CREATE SET e.id = ent.id, e.name = ent.name, e.type = ent.type, e.first_step = step,
                    e.aliases = [], e.alias_keys = []
    SET e.last_step = step,
        e.type = CASE WHEN e.type IN ['OTHER', 'THING'] AND NOT ent.type IN ['OTHER', 'THING']
                      THEN ent.type ELSE e.type END,
        e.aliases = reduce(acc = e.aliases, x IN ent.aliases |
                           CASE WHEN x IN acc THEN acc ELSE acc + x END),
        e.alias_keys = reduce(acc = e.alias_keys, x IN ent.alias_keys |
                              CASE WHEN x IN acc THEN acc ELSE acc + x END)
    WITH e, ent
    CALL (e, ent) {
      UNWIND ent.alias_index_keys AS k
      MERGE (a:Alias {namespace: $ns, key: k})
      MERGE (a)-[:ALIAS_OF]->(e)
    }
    RETURN count(*) AS entities
  }

  CALL (n, step, base) {
    UNWIND range(0, size($changes) - 1) AS ci
    WITH n, step, base, $changes[ci] AS ch
    CALL (n, step, base, ch) {
      WITH n, step, base, ch WHERE ch.op = 'add'
      SET n.relation_seq = n.relation_seq + 1
      CREATE (r:Relation {namespace: $ns, key: ch.key, id: ch.id, type: ch.type, type_key: ch.type_key,
                          subject_id: ch.subject_id, subject_key: ch.subject_key,
                          object_id: ch.object_id, object_key: ch.object_key,
                          attributes_json: ch.attributes_json,
                          valid_from_step: step, valid_from: coalesce(ch.since, $at), recorded_at: $at,
                          statement_id: CASE WHEN ch.sidx IS NULL THEN null
                                             ELSE base + ch.sidx + 1 END,
                          confirmations: 0, seq: n.relation_seq, superseded_by: ch.superseded_by, utc_offset: $utc_offset,
                          valid_to: ch.until, valid_to_step: CASE WHEN ch.until IS NULL THEN null ELSE step END,
                          expired_at: CASE WHEN ch.until IS NULL THEN null ELSE $at END})
      WITH r, ch
      OPTIONAL MATCH (se:Entity {namespace: $ns, key: ch.subject_key}) USING INDEX SEEK se:Entity(namespace, key)
      OPTIONAL MATCH (oe:Entity {namespace: $ns, key: ch.object_key}) USING INDEX SEEK oe:Entity(namespace, key)
      FOREACH (_ IN CASE WHEN se IS NULL THEN [] ELSE [1] END | CREATE (r)-[:SUBJECT]->(se))
      FOREACH (_ IN CASE WHEN oe IS NULL THEN [] ELSE [1] END | CREATE (r)-[:OBJECT]->(oe))
    }
    CALL (step, ch) {
      MATCH (r:Relation {namespace: $ns, key: ch.key}) USING INDEX SEEK r:Relation(namespace, key)
      WHERE ch.op = 'end' AND r.valid_to_step IS NULL
      SET r.valid_to_step = step, r.expired_at = $at,
          r.valid_to = CASE WHEN coalesce(ch.until, $at) < r.valid_from THEN r.valid_from ELSE coalesce(ch.until, $at) END,
          r.superseded_by = ch.superseded_by
    }
    CALL (ch, base) {
      MATCH (r:Relation {namespace: $ns, key: ch.key}) USING INDEX SEEK r:Relation(namespace, key)
      WHERE ch.op = 'confirm'
      SET r.confirmations = r.confirmations + 1
      WITH r WHERE ch.sidx IS NOT NULL MATCH (s:Statement {id: base + ch.sidx + 1}) MERGE (r)-[:CONFIRMED_BY]->(s)
    }
    CALL (ch) {
      MATCH (r:Relation {namespace: $ns, key: ch.key}) USING INDEX SEEK r:Relation(namespace, key)
      WHERE ch.op = 'clip' AND r.valid_to_step IS NOT NULL
      SET r.valid_to = ch.until, r.superseded_by = ch.superseded_by
    }
  }
}

OPTIONAL MATCH (n:Namespace {namespace: $ns})
OPTIONAL MATCH (g:NamespaceGeneration {namespace: $ns})
RETURN n.step AS step, counter.value - size($statements) AS base, missing, not_current, duplicate,
       g.generation AS generation, n IS NOT NULL AND n.step IS NULL AS importing
"""


def _per_update(query: str) -> str:
    """APPLY_UPDATE's text after its lock, for one element ``u`` of ``$updates``."""
    body = query.split("REMOVE counter.locked\n", 1)[1]
    for name in ("ns", "at", "utc_offset", "statements", "total_length", "concepts", "links", "entities"):
        body = re.sub(r"\$" + name + r"\b", "u." + name, body)
    body = re.sub(r"\$changes\b", "u.changes", body)
    body = body.replace("CALL () {", "CALL (u) {")
    body = re.sub(r"CALL \((?!u\))", "CALL (u, ", body)
    return re.sub(r"\bWITH ", "WITH u, ", body)


# Several updates in one query (``Neo4jGraphStore.bulk``): APPLY_UPDATE's checks and writes once
# per element of $updates, in order, in a subquery that sees the writes of the ones before (the
# text is APPLY_UPDATE's, each $-parameter of the update read from ``u``, which every WITH and
# subquery carries along). $context_limit stays a parameter: SKIP cannot read a variable, so the
# updates of one query share it. One query costs about as much client and server overhead as
# one update's (2-3 ms here), so a batch of 20 pays it once.
APPLY_UPDATES = (
    """
CYPHER replan=skip
MATCH (counter:RecallCounter {name: $counter})
SET counter.locked = true
REMOVE counter.locked
WITH counter
UNWIND range(0, size($updates) - 1) AS ui
WITH counter, ui, $updates[ui] AS u
CALL (counter, u) {
"""
    + _per_update(APPLY_UPDATE)
    + """}
RETURN collect([ui, step, base, generation, missing, not_current, duplicate]) AS results
"""
)

# Deletes at most $batch nodes of each kind; the caller repeats until a round deletes fewer, and
# the namespace node (the clock) goes in the round that empties the namespace.
# Relationships go first, a bounded number per kind of start node and transaction: a hub term or
# concept may carry hundreds of thousands of them, too many for one DETACH DELETE.
CLEAR_RELATIONSHIPS = """
CALL () { MATCH (:Statement {namespace: $ns})-[r]->() WITH r LIMIT $batch
          DELETE r RETURN count(*) AS statements }
CALL () { MATCH (:Concept {namespace: $ns})-[r]->() WITH r LIMIT $batch
          DELETE r RETURN count(*) AS concepts }
CALL () { MATCH (:Term {namespace: $ns})-[r]->() WITH r LIMIT $batch
          DELETE r RETURN count(*) AS terms }
CALL () { MATCH (:Entity {namespace: $ns})-[r]->() WITH r LIMIT $batch
          DELETE r RETURN count(*) AS entities }
CALL () { MATCH (:Relation {namespace: $ns})-[r]->() WITH r LIMIT $batch
          DELETE r RETURN count(*) AS relations }
CALL () { MATCH (:Alias {namespace: $ns})-[r]->() WITH r LIMIT $batch
          DELETE r RETURN count(*) AS aliases }
RETURN [statements, concepts, terms, entities, relations, aliases] AS counts
"""

CLEAR_BATCH = """
CALL () { MATCH (x:Statement {namespace: $ns}) WITH x LIMIT $batch
          DETACH DELETE x RETURN count(*) AS statements }
CALL () { MATCH (x:Concept {namespace: $ns}) WITH x LIMIT $batch
          DETACH DELETE x RETURN count(*) AS concepts }
CALL () { MATCH (x:Term {namespace: $ns}) WITH x LIMIT $batch
          DETACH DELETE x RETURN count(*) AS terms }
CALL () { MATCH (x:Entity {namespace: $ns}) WITH x LIMIT $batch
          DETACH DELETE x RETURN count(*) AS entities }
CALL () { MATCH (x:Relation {namespace: $ns}) WITH x LIMIT $batch
          DETACH DELETE x RETURN count(*) AS relations }
CALL () { MATCH (x:Alias {namespace: $ns}) WITH x LIMIT $batch
          DETACH DELETE x RETURN count(*) AS aliases }
WITH [statements, concepts, terms, entities, relations, aliases] AS counts
CALL (counts) {
  OPTIONAL MATCH (x:Namespace {namespace: $ns})
  WHERE all(c IN counts WHERE c < $batch)
  DETACH DELETE x
  RETURN count(x) AS clocks
}
RETURN counts, clocks
"""

# ------------------------------------------------------------------------------------ reads
CURRENT_STEP = "OPTIONAL MATCH (n:Namespace {namespace: $ns}) RETURN n.step AS step"
CURRENT_STATE = """
OPTIONAL MATCH (n:Namespace {namespace: $ns})
OPTIONAL MATCH (g:NamespaceGeneration {namespace: $ns})
RETURN n.step AS step, g.generation AS generation
"""
# CURRENT_STATE and COUNT_STATEMENTS in one (a recall's reading() block reads it once)
NAMESPACE_STATE = STABLE_PLAN + """
OPTIONAL MATCH (n:Namespace {namespace: $ns})
OPTIONAL MATCH (g:NamespaceGeneration {namespace: $ns})
RETURN n.step AS step, g.generation AS generation, n.n_statements AS n, n.total_length AS total
"""
# clear() bumps the namespace's generation first (the node outlives the clear): engines that
# cached the namespace's state see the change even when it is refilled to the same step.
BUMP_GENERATION = """
MERGE (g:NamespaceGeneration {namespace: $ns})
SET g.generation = coalesce(g.generation, 0) + 1
"""

COUNT_STATEMENTS = """
OPTIONAL MATCH (n:Namespace {namespace: $ns})
RETURN n.n_statements AS n, n.total_length AS total
"""

# Reads that find many items return them in one row, collected (the driver spends more on each
# record than the server spends finding it); a statement goes out as a list (``_statement``), its
# time as epoch milliseconds + microseconds (hydrating DateTime values cost more than the read;
# not epochSeconds, which is truncated toward zero: see ``_common._epoch``).
_STATEMENT_ROW = (
    "[s.id, s.text, s.t_index, s.speaker, s.source, s.at.epochMillis, s.at.microsecond, "
    "s.metadata, s.superseded_by, s.utc_offset]"
)

GET_STATEMENTS = STABLE_PLAN + f"""
UNWIND $ids AS sid
MATCH (s:Statement {{id: sid}}) USING INDEX SEEK s:Statement(id)
WHERE s.namespace = $ns
RETURN collect({_STATEMENT_ROW}) AS statements
"""

# Statement vectors (the optional semantic signal): float32 bytes and the embedder's name.
PUT_VECTORS = """
UNWIND $rows AS r
MATCH (s:Statement {id: r[0]})
WHERE s.namespace = $ns
SET s.vector = r[1], s.vector_space = $space
RETURN count(s) AS stored
"""

FIND_VECTORS = """
UNWIND $ids AS sid
MATCH (s:Statement {id: sid})
WHERE s.namespace = $ns AND s.vector_space = $space
RETURN collect([s.id, s.vector]) AS vectors
"""

# As RECENT_ENTITIES, via the (namespace, t_index) index (the whole namespace sorted: 150 ms at 100k)
FIND_RECENT_STATEMENTS = STABLE_PLAN + f"""
MATCH (s:Statement) USING INDEX s:Statement(namespace, t_index)
WHERE s.namespace = $ns AND s.t_index IS NOT NULL AND s.superseded_by IS NULL
WITH s ORDER BY s.namespace DESC, s.t_index DESC LIMIT $limit
WITH min(s.t_index) AS floor
MATCH (s:Statement {{namespace: $ns}}) USING INDEX SEEK s:Statement(namespace, t_index)
WHERE s.t_index >= floor AND s.superseded_by IS NULL
WITH s ORDER BY s.t_index DESC, s.id DESC LIMIT $limit
RETURN collect({_STATEMENT_ROW}) AS statements
"""

FIND_STATEMENTS = f"""
MATCH (s:Statement {{namespace: $ns}})
WHERE s.t_index >= $since AND s.t_index <= $until
WITH s ORDER BY s.t_index, s.id
LIMIT $limit
RETURN collect({_STATEMENT_ROW}) AS statements
"""

STATEMENTS_AT = STABLE_PLAN + f"""
UNWIND $steps AS step
MATCH (s:Statement {{namespace: $ns, t_index: step}}) USING INDEX SEEK s:Statement(namespace, t_index)
WHERE s.superseded_by IS NULL
WITH s ORDER BY s.t_index, s.id
RETURN collect({_STATEMENT_ROW}) AS statements
"""

_CONCEPT_MAP = "{.name, .t_index, .revision_count, .mentions, .aliases}"

FIND_CONCEPTS = f"""
UNWIND $keys AS key
MATCH (c:Concept {{namespace: $ns, key: key}})
RETURN c {_CONCEPT_MAP} AS c
"""

FIND_LINKS_ALL = """
MATCH (a:Concept {namespace: $ns})-[r:RELATED]->(b:Concept)
RETURN a.name AS source, b.name AS target, r.strength AS strength, r.t_index AS t_index
"""

FIND_LINKS_OF = """
UNWIND $keys AS key
MATCH (:Concept {namespace: $ns, key: key})-[r:RELATED]-(:Concept)
WITH DISTINCT r
RETURN startNode(r).name AS source, endNode(r).name AS target,
       r.strength AS strength, r.t_index AS t_index
"""

# Contexts overlap (a statement is in the context of each of its concepts): each statement is
# sent once, the contexts as id lists (a concept's ``context_ids``: its newest members' ids,
# newest first, kept by the update beside its IN_CONTEXT links).
FIND_CONTEXTS = f"""
UNWIND $keys AS key
MATCH (c:Concept {{namespace: $ns, key: key}})
WITH collect({{name: c.name, ids: c.context_ids[..$limit]}}) AS contexts
CALL (contexts) {{
  UNWIND contexts AS context
  UNWIND context.ids AS sid
  WITH DISTINCT sid
  MATCH (s:Statement {{id: sid}})
  WHERE s.namespace = $ns
  RETURN collect(s) AS statements
}}
RETURN contexts, [s IN statements | {_STATEMENT_ROW}] AS statements
"""


def _context_ids(keys: str, limit: str, name: str) -> str:
    """Each concept's newest ``limit`` context members as ``[name, ids, steps]`` (parameter
    names), newest first: two list properties of the concept, no member read."""
    return f"""
UNWIND ${keys} AS key
MATCH (c:Concept {{namespace: $ns, key: key}}) USING INDEX SEEK c:Concept(namespace, key)
RETURN collect([c.name, c.context_ids[..${limit}], c.context_steps[..${limit}]]) AS {name}
"""


FIND_CONTEXT_IDS = STABLE_PLAN + _context_ids("keys", "limit", "contexts")

# FIND_CONTEXT_IDS for two groups of concepts with a limit each, in one round trip (a recall's
# question concepts and the related ones)
FIND_CONTEXT_IDS_2 = STABLE_PLAN + f"""
CALL () {{{_context_ids("keys", "limit", "first")}}}
CALL () {{{_context_ids("second_keys", "second_limit", "second")}}}
RETURN first, second
"""

TERM_FREQUENCIES = STABLE_PLAN + """
UNWIND $keys AS key
MATCH (t:Term {namespace: $ns, key: key}) USING INDEX SEEK t:Term(namespace, key)
RETURN t.term AS term, t.df AS df
"""

# A term's newest postings: a descending range of the (namespace, key, sid) posting index in index
# order (no sort), cut at the limit, without the statement nodes. Read through the Term node, every
# posting of a common term was read and sorted (122k db hits in one recall at 100k statements).
FIND_POSTINGS = """
UNWIND $keys AS key
MATCH (t:Term {namespace: $ns, key: key})
CALL (key) {
  MATCH ()-[o:OCCURS]->()
  WHERE o.namespace = $ns AND o.key = key AND o.sid IS NOT NULL
  WITH o ORDER BY o.namespace DESC, o.key DESC, o.sid DESC
  LIMIT $limit
  RETURN collect([o.sid, o.tf, o.t_index, o.length]) AS hits
}
RETURN t.term AS term, hits
"""

# BM25 on the server: each term's newest postings (as FIND_POSTINGS; the largest limit read once,
# then sliced per term), summed per statement, only the ``top`` best sent back (decoding the
# postings in the Python driver cost more than the whole query).
SCORE_TERMS = STABLE_PLAN + """
UNWIND $terms AS q
CALL (q) {
  MATCH ()-[o:OCCURS]->()
  WHERE o.namespace = $ns AND o.key = q.key AND o.sid IS NOT NULL
  WITH o ORDER BY o.namespace DESC, o.key DESC, o.sid DESC
  LIMIT $max_limit
  RETURN collect([o.sid, o.tf, o.t_index, o.length]) AS hits
}
UNWIND hits[..q.limit] AS h
WITH h[0] AS sid, max(h[2]) AS t_index,
     sum(q.w * h[1] * $k1_plus_1 / (h[1] + $k1 * (1.0 - $b + $b * h[3] / $avg_len))) AS score
ORDER BY score DESC, sid DESC
LIMIT $top
RETURN collect([sid, t_index, score]) AS scored
"""

_ENTITY_MAP = "e {.id, .name, .type, .aliases, .first_step, .last_step}"
_ENTITY_FILTER_RETURN = f"""
WHERE ($alias_keys IS NULL OR any(k IN e.alias_keys WHERE k IN $alias_keys))
  AND ($type IS NULL OR e.type = $type)
RETURN collect({_ENTITY_MAP}) AS entities
"""
ENTITIES_BY_ID = STABLE_PLAN + (
    "UNWIND $keys AS key MATCH (e:Entity {namespace: $ns, key: key}) "
    "USING INDEX SEEK e:Entity(namespace, key)" + _ENTITY_FILTER_RETURN
)
ENTITIES_BY_NAMESPACE = "MATCH (e:Entity {namespace: $ns})" + _ENTITY_FILTER_RETURN
# An alias look-up seeks the (namespace, key) constraint of the Alias nodes, as an IN list: as
# UNWIND + MATCH per key, the planner came to scan the whole alias index per key (6,751 db hits
# for one alias on a 100k-statement database), with or without an index hint.
ENTITIES_BY_ALIAS = STABLE_PLAN + f"""
MATCH (a:Alias) USING INDEX SEEK a:Alias(namespace, key)
WHERE a.namespace = $ns AND a.key IN $alias_index_keys
MATCH (a)-[:ALIAS_OF]->(e:Entity)
WITH DISTINCT e
WHERE $type IS NULL OR e.type = $type
RETURN collect({_ENTITY_MAP}) AS entities
"""
# The newest $limit by the (namespace, last_step) index alone, in index order (no sort), give the
# lowest last_step that can make the cut; only the entities from that step on (ties included)
# are sorted and projected (before, every entity of the namespace was).
RECENT_ENTITIES = STABLE_PLAN + f"""
MATCH (e:Entity) USING INDEX e:Entity(namespace, last_step)
WHERE e.namespace = $ns AND e.last_step IS NOT NULL
WITH e ORDER BY e.namespace DESC, e.last_step DESC LIMIT $limit
WITH min(e.last_step) AS floor
MATCH (e:Entity {{namespace: $ns}}) USING INDEX SEEK e:Entity(namespace, last_step)
WHERE e.last_step >= floor
WITH e ORDER BY e.last_step DESC, e.first_step DESC, e.id ASC LIMIT $limit
RETURN collect({_ENTITY_MAP}) AS entities
"""

# A relation goes out as a list (see ``Neo4jEntities._relation``), its times as epoch millis +
# microseconds (``_common._epoch``): hydrating four Neo4j DateTime values per relation cost the pure-Python driver
# more than the whole query (15 vs 6 ms for 32 relations).
_RELATION_ROW = (
    "[r.id, r.subject_id, r.type, r.object_id, r.attributes_json, r.valid_from_step, "
    "r.valid_from.epochMillis, r.valid_from.microsecond, "
    "r.recorded_at.epochMillis, r.recorded_at.microsecond, r.valid_to_step, "
    "r.valid_to.epochMillis, r.valid_to.microsecond, "
    "r.expired_at.epochMillis, r.expired_at.microsecond, "
    "r.superseded_by, r.statement_id, r.confirmations, subject_name, object_name, r.utc_offset]"
)
# The names of the kept relations' ends: one unique-index seek each, in a subquery per row (as
# OPTIONAL MATCHes on the outer row the planner scanned the whole Entity index per relation:
# 160k db hits for 32 relations at 10k statements).
# The newest $newest relations r (oldest first) as rows with their ends' names
_NEWEST_RELATIONS = f"""WITH r ORDER BY r.seq DESC LIMIT $newest
CALL (r) {{
  OPTIONAL MATCH (s:Entity {{namespace: $ns, key: r.subject_key}})
  USING INDEX SEEK s:Entity(namespace, key)
  RETURN s.name AS subject_name
}}
CALL (r) {{
  OPTIONAL MATCH (o:Entity {{namespace: $ns, key: r.object_key}})
  USING INDEX SEEK o:Entity(namespace, key)
  RETURN o.name AS object_name
}}
WITH r, subject_name, object_name ORDER BY r.seq
RETURN collect({_RELATION_ROW}) AS relations
"""
_RELATION_FILTER_RETURN = f"""
WHERE ($subject_key IS NULL OR r.subject_key = $subject_key)
  AND ($object_key IS NULL OR r.object_key = $object_key)
  AND ($entity_key IS NULL OR r.subject_key = $entity_key OR r.object_key = $entity_key)
  AND ($type IS NULL OR r.type = $type) AND ($types IS NULL OR r.type IN $types)
  AND (NOT $current_only OR r.valid_to_step IS NULL)
{_NEWEST_RELATIONS}"""
# The anchor follows the given filter and names its index: with statistics where most relations
# share a namespace, the planner otherwise picked the (namespace) index and filtered every
# relation of the namespace.
RELATIONS = {
    "subject": "MATCH (r:Relation {namespace: $ns, subject_key: $subject_key}) "
    "USING INDEX r:Relation(namespace, subject_key)" + _RELATION_FILTER_RETURN,
    "object": "MATCH (r:Relation {namespace: $ns, object_key: $object_key}) "
    "USING INDEX r:Relation(namespace, object_key)" + _RELATION_FILTER_RETURN,
    # (every relation has a seq: the predicate only lets the 3-property index serve the seek)
    "type": "MATCH (r:Relation {namespace: $ns, type_key: $type_key}) "
    "USING INDEX r:Relation(namespace, type_key, seq) WHERE r.seq IS NOT NULL WITH r"
    + _RELATION_FILTER_RETURN,
    "namespace": "MATCH (r:Relation {namespace: $ns}) USING INDEX r:Relation(namespace)"
    + _RELATION_FILTER_RETURN,
    # either end: one indexed look-up per side, never the namespace's whole history
    "entity": "CALL () { MATCH (r:Relation {namespace: $ns, subject_key: $entity_key}) "
    "USING INDEX r:Relation(namespace, subject_key) RETURN r "
    "UNION MATCH (r:Relation {namespace: $ns, object_key: $entity_key}) "
    "USING INDEX r:Relation(namespace, object_key) RETURN r } WITH r" + _RELATION_FILTER_RETURN,
}
RELATIONS = {kind: STABLE_PLAN + query for kind, query in RELATIONS.items()}

STATS_NAMESPACE = """
OPTIONAL MATCH (n:Namespace {namespace: $ns})
RETURN coalesce(n.step, 0) AS steps,
       COUNT { (:Statement {namespace: $ns}) } AS statements,
       COUNT { (:Concept {namespace: $ns}) } AS concepts,
       COUNT { (:Concept {namespace: $ns})-[:RELATED]->(:Concept) } AS links,
       COUNT { (:Entity {namespace: $ns}) } AS entities,
       COUNT { (r:Relation {namespace: $ns}) WHERE NOT coalesce(r.attributes_json CONTAINS $ending, false) } AS relations,
       COUNT { (r:Relation {namespace: $ns}) WHERE r.valid_to_step IS NULL AND NOT coalesce(r.attributes_json CONTAINS $unsure, false) } AS current
"""

STATS_ALL = """
CALL () { MATCH (n:Namespace) RETURN coalesce(sum(n.step), 0) AS steps }
RETURN steps,
       COUNT { (:Statement) } AS statements,
       COUNT { (:Concept) } AS concepts,
       COUNT { (:Concept)-[:RELATED]->() } AS links,
       COUNT { (:Entity) } AS entities,
       COUNT { (r:Relation) WHERE NOT coalesce(r.attributes_json CONTAINS $ending, false) } AS relations,
       COUNT { (r:Relation) WHERE r.valid_to_step IS NULL AND NOT coalesce(r.attributes_json CONTAINS $unsure, false) } AS current
"""

NAMESPACES = "MATCH (n:Namespace) RETURN n.namespace AS namespace"

# ------------------------------------------------------------------------------------ expand
# Both variants walk the same thing breadth first: from each concept of the frontier its
# $max_neighbors best neighbours inside the window (link t_index desc, strength desc, name asc),
# keeping the concepts not reached before as the next frontier. They return, for every expanded
# concept, its capped neighbour list, plus every reached concept; the store rebuilds depths, links
# and the discovery order from that exactly as the SQLite store's loop does.
_EXPAND_HEAD = """
UNWIND $keys AS key
MATCH (c:Concept {namespace: $ns, key: key})
WHERE c.t_index >= $min_t_index
WITH collect(c) AS starts
"""

_EXPAND_TAIL = f"""
RETURN adjacency, [v IN seen | v {_CONCEPT_MAP}] AS concepts
"""

EXPAND_LEVEL = """
CALL (frontier) {
  UNWIND frontier AS u
  CALL (u) {
    MATCH (u)-[r:RELATED]-(v:Concept)
    WHERE v.t_index >= $min_t_index
    WITH v, r ORDER BY r.t_index DESC, r.strength DESC, v.name ASC
    LIMIT $max_neighbors
    RETURN collect({name: v.name, t_index: r.t_index, strength: r.strength}) AS picks,
           collect(v) AS reached
  }
  RETURN collect({origin: u.name, picks: picks}) AS level_adjacency,
         reduce(acc = [], vs IN collect(reached) | acc + vs) AS reached
}
WITH seen, adjacency + level_adjacency AS adjacency,
     reduce(acc = [], v IN reached |
            CASE WHEN v IN seen OR v IN acc THEN acc ELSE acc + v END) AS frontier
WITH frontier, seen + frontier AS seen, adjacency
"""


@lru_cache(maxsize=16)
def expand_plain(depth: int) -> str:
    """The plain-Cypher expansion for ``depth`` hops (constant blocks only; cached)."""
    if not isinstance(depth, int) or not 0 <= depth <= 32:
        raise ValueError(f"depth must be an int in 0..32, got {depth!r}")
    return (
        _EXPAND_HEAD
        + "WITH starts AS frontier, starts AS seen, [] AS adjacency\n"
        + EXPAND_LEVEL * depth
        + _EXPAND_TAIL
    )


# One constant query whatever the depth: a reduce() over the hops, ranking each frontier
# concept's neighbours with apoc.coll.sortMulti (descending by default, ^ = ascending; its own
# limit argument fails on shorter lists, hence the slice). The [x IN [expr] | ...][0] idiom binds
# an intermediate value inside the expression.
_EXPAND_APOC_BODY = """
WITH reduce(st = {frontier: starts, seen: starts, adjacency: []}, level IN range(1, $depth) |
  [lv IN [[u IN st.frontier | {
      origin: u.name,
      picks: apoc.coll.sortMulti(
        [(u)-[r:RELATED]-(v:Concept) WHERE v.t_index >= $min_t_index |
          {name: v.name, t_index: r.t_index, strength: r.strength, node: v}],
        ['t_index', 'strength', '^name'])[0..$max_neighbors]
    }]] |
    [fr IN [reduce(acc = [], p IN lv | reduce(acc2 = acc, x IN p.picks |
              CASE WHEN x.node IN st.seen OR x.node IN acc2 THEN acc2 ELSE acc2 + x.node END))] |
      {frontier: fr, seen: st.seen + fr,
       adjacency: st.adjacency + [p IN lv | {origin: p.origin, picks: [x IN p.picks |
                                   {name: x.name, t_index: x.t_index, strength: x.strength}]}]}
    ][0]
  ][0]
) AS st
WITH st.seen AS seen, st.adjacency AS adjacency
"""
EXPAND_APOC = _EXPAND_HEAD + _EXPAND_APOC_BODY + _EXPAND_TAIL

# The question's concepts (FIND_CONCEPTS) and the expansion from them in one query: the window
# starts $window steps before $anchor, or before the oldest of them (anchor null).
EXPAND_QUESTION_APOC = STABLE_PLAN + f"""
UNWIND $keys AS key
MATCH (c:Concept {{namespace: $ns, key: key}}) USING INDEX SEEK c:Concept(namespace, key)
WITH collect(c) AS found
WITH found, coalesce($anchor, apoc.coll.min([c IN found | c.t_index])) - $window AS min_t
WITH found, min_t, [c IN found WHERE c.t_index >= min_t] AS starts
{_EXPAND_APOC_BODY.replace("$min_t_index", "min_t").replace("WITH ", "WITH found, ")}
RETURN adjacency, [v IN seen | v {_CONCEPT_MAP}] AS concepts, [c IN found | c {_CONCEPT_MAP}] AS found
"""

# ------------------------------------------------------------------------------------ items
# Per-item writes take the store-wide counter lock first, like APPLY_UPDATE, so they never
# interleave with an update planned against the state they change.
LOCK_COUNTER = """
MATCH (counter:RecallCounter {name: $counter})
SET counter.locked = true
REMOVE counter.locked
RETURN counter.value AS value
"""

STATEMENT_PAGE = {
    (by_source, order): f"""
MATCH (s:Statement {{namespace: $ns{", source_key: $source_key" if by_source else ""}}})
WHERE ($source IS NULL OR s.source = $source)
  AND ($speaker IS NULL OR s.speaker = $speaker)
  AND ($include_superseded OR s.superseded_by IS NULL)
WITH s ORDER BY s.t_index {order}, s.id {order}
SKIP $offset LIMIT $limit
RETURN collect({_STATEMENT_ROW}) AS statements
"""
    for by_source in (False, True)
    for order in ("ASC", "DESC")
}

STATEMENT_LINKS = """
OPTIONAL MATCH (s:Statement {id: $id}) WHERE s.namespace = $ns
OPTIONAL MATCH (o:Statement {superseded_by: $id}) WHERE o.namespace = $ns
RETURN s IS NOT NULL AS found, s.superseded_by AS newer, o.id AS older
"""

# Take current statements out of what recall reads: postings (term df, emptied terms), the
# namespace's totals, concept contexts (a concept left with none goes with its links).
UNINDEX_STATEMENTS = """
UNWIND $ids AS sid
MATCH (s:Statement {id: sid})
WHERE s.namespace = $ns AND s.superseded_by IS NULL
CALL (s) {
  MATCH (t:Term)-[o:OCCURS]->(s)
  DELETE o
  SET t.df = t.df - 1
  WITH t WHERE t.df <= 0
  DETACH DELETE t
}
CALL (s) {
  OPTIONAL MATCH (c:Concept)-[x:IN_CONTEXT]->(s)
  DELETE x
  RETURN collect(c) AS touched
}
WITH collect(s) AS gone, coalesce(sum(s.length), 0) AS total,
     reduce(acc = [], cs IN collect(touched) | acc + cs) AS touched
CALL (gone, total) {
  MATCH (n:Namespace {namespace: $ns})
  SET n.n_statements = n.n_statements - size(gone), n.total_length = n.total_length - total
}
CALL (touched, gone) {
  UNWIND touched AS c
  WITH DISTINCT c, [g IN gone | g.id] AS gone_ids
  WITH c, [i IN range(0, size(c.context_ids) - 1) WHERE NOT c.context_ids[i] IN gone_ids] AS kept
  SET c.context_ids = [i IN kept | c.context_ids[i]],
      c.context_steps = [i IN kept | c.context_steps[i]],
      c.context_size = size(kept)
  WITH c WHERE c.context_size = 0
  DETACH DELETE c
}
RETURN size(gone) AS unindexed
"""

SUPERSEDE_STATEMENT = """
MATCH (s:Statement {id: $id}) WHERE s.namespace = $ns
MATCH (b:Statement {id: $by}) WHERE b.namespace = $ns
SET s.superseded_by = $by
WITH s, b
CALL (s, b) {
  MATCH (r:Relation {namespace: $ns, statement_id: s.id})
  WHERE r.valid_to_step IS NULL AND NOT r.id IN $keep
  SET r.valid_to_step = b.t_index, r.expired_at = b.at,
      r.valid_to = CASE WHEN b.at < r.valid_from THEN r.valid_from ELSE b.at END
}
MERGE (g:NamespaceGeneration {namespace: $ns})
SET g.generation = coalesce(g.generation, 0) + 1
"""

RELATIONS_OF_STATEMENTS = """
UNWIND $ids AS sid
MATCH (r:Relation {namespace: $ns, statement_id: sid})
RETURN collect(r.id) AS ids
"""

DELETE_STATEMENTS = """
UNWIND $ids AS sid
MATCH (s:Statement {id: sid}) WHERE s.namespace = $ns
DETACH DELETE s
RETURN count(*) AS deleted
"""

DELETE_RELATIONS = STABLE_PLAN + """
CALL () {
  UNWIND $keys AS key
  MATCH (r:Relation {namespace: $ns, key: key}) USING INDEX SEEK r:Relation(namespace, key)
  DETACH DELETE r
}
CALL () {
  MATCH (r:Relation {namespace: $ns}) USING INDEX r:Relation(namespace, superseded_by)
  WHERE r.superseded_by IN $ids
  SET r.superseded_by = null
}
"""

# the relations are collected inside the subquery: a subquery returning no rows would drop the
# outer row (an entity without relations would read as "not found")
ENTITY_RELATIONS = """
OPTIONAL MATCH (e:Entity {namespace: $ns, key: $key})
CALL () {
  CALL () {
    MATCH (r:Relation {namespace: $ns, subject_key: $key}) RETURN r
    UNION
    MATCH (r:Relation {namespace: $ns, object_key: $key}) RETURN r
  }
  RETURN collect(r.id) AS ids
}
RETURN e IS NOT NULL AS found, ids
"""

DELETE_ENTITY = """
MATCH (e:Entity {namespace: $ns, key: $key})
OPTIONAL MATCH (a:Alias)-[:ALIAS_OF]->(e)
WITH e, collect(a) AS aliases
DETACH DELETE e
WITH aliases
CALL (aliases) {
  UNWIND aliases AS a
  WITH a WHERE NOT EXISTS { (a)-[:ALIAS_OF]->() }
  DELETE a
}
"""

BUMP_GENERATION_ITEMS = """
MERGE (g:NamespaceGeneration {namespace: $ns})
SET g.generation = coalesce(g.generation, 0) + 1
"""
