"""Schema migrations of the Neo4j store (constraints and indexes).

The graph (one database may hold many namespaces; every node carries ``namespace``)::

    (:Namespace {namespace, step, n_statements, total_length, relation_seq})   per-namespace clock
    (:Statement {namespace, id, text, t_index, at, speaker, source, source_key, length,
                 metadata, superseded_by})                 metadata: JSON text or absent
    (:Concept {namespace, key, name, aliases, revision_count, t_index, mentions, context_size,
               context_ids, context_steps})  the context's ids and steps, newest first
    (:Concept)-[:RELATED {strength, t_index}]->(:Concept)      once per pair, source.name < target.name
    (:Concept)-[:IN_CONTEXT]->(:Statement)                       the concept's (trimmed) context
    (:Term {namespace, key, term, df})-[:OCCURS {tf, namespace, key, sid, t_index, length}]
        ->(:Statement)          lexical postings: the term's key, the statement's id, step, length
    (:Entity {namespace, key, id, name, type, aliases, alias_keys, first_step, last_step})
    (:Alias {namespace, key})-[:ALIAS_OF]->(:Entity)     one node per case-folded alias
    (:Relation {namespace, key, id, type, subject_id, subject_key, object_id, object_key,
                attributes_json, valid_from_step, valid_from, recorded_at, valid_to_step,
                valid_to, expired_at, superseded_by, statement_id, confirmations, seq})
    (:Relation)-[:SUBJECT]->(:Entity), (:Relation)-[:OBJECT]->(:Entity)
    (:Relation)-[:CONFIRMED_BY]->(:Statement)    a later statement that repeats the relation
    (:NamespaceGeneration {namespace, generation})   bumped by clear() and item writes; outlives
                                                     clear(), so cached engine state is dropped
    (:RecallCounter {name: 'statement_id', value})               store-wide statement ids
    (:RecallSchema {name: 'recall-memory-plugins', version, applied_at})

``key`` is what the uniqueness constraints index: the name/id itself, or for a value longer than
:data:`MAX_KEY_BYTES` (Neo4j cannot index values of about 8 kB) a digest of it, so any string can
be stored verbatim and still be found (see :func:`index_key`). Namespaces, indexed as they are,
are limited to :data:`MAX_NAMESPACE_BYTES`.

Each migration is a list of idempotent DDL statements (``IF NOT EXISTS``); its version is
recorded on the ``RecallSchema`` node afterwards. Never edit a released migration: append one.
"""

from __future__ import annotations

import hashlib

__all__ = [
    "BACKFILLS",
    "LATEST_VERSION",
    "MAX_KEY_BYTES",
    "MAX_NAMESPACE_BYTES",
    "MIGRATIONS",
    "PROPERTY_KEYS",
    "RELATIONSHIP_TYPES",
    "SCHEMA_NODE_NAME",
    "STATEMENT_COUNTER",
    "index_key",
]

MAX_KEY_BYTES = 4096
MAX_NAMESPACE_BYTES = 2048
SCHEMA_NODE_NAME = "recall-memory-plugins"
STATEMENT_COUNTER = "statement_id"


def index_key(value: str) -> str:
    """The indexed ``key`` of a name or id: the value itself when short enough, else a digest.

    Digest keys start with NUL, which no verbatim key does, so the two kinds never collide.
    """
    raw = value.encode("utf-8")
    if len(raw) <= MAX_KEY_BYTES and not value.startswith("\x00"):
        return value
    return "\x00sha256:" + hashlib.sha256(raw).hexdigest()


# Every property and relationship type a query reads, registered by the first migration.
PROPERTY_KEYS = [
    "namespace",
    "key",
    "subject_key",
    "object_key",
    "step",
    "n_statements",
    "total_length",
    "relation_seq",
    "id",
    "text",
    "t_index",
    "at",
    "speaker",
    "source",
    "length",
    "name",
    "aliases",
    "revision_count",
    "mentions",
    "context_size",
    "strength",
    "term",
    "df",
    "tf",
    "type",
    "alias_keys",
    "first_step",
    "last_step",
    "subject_id",
    "object_id",
    "attributes_json",
    "valid_from_step",
    "valid_from",
    "recorded_at",
    "valid_to_step",
    "valid_to",
    "expired_at",
    "superseded_by",
    "statement_id",
    "confirmations",
    "seq",
    "version",
    "description",
    "applied_at",
    "value",
    "metadata",
    "source_key",
    "generation",
    "type_key",
    "sid",
    "context_ids",
    "context_steps",
    "utc_offset",
]
RELATIONSHIP_TYPES = ["RELATED", "IN_CONTEXT", "OCCURS", "SUBJECT", "OBJECT", "ALIAS_OF", "CONFIRMED_BY"]

MIGRATIONS: list[tuple[int, str, list[str]]] = [
    (
        1,
        "initial schema: namespaces, statements, concepts, terms, entities, relations",
        [
            "CREATE CONSTRAINT recall_schema_name IF NOT EXISTS "
            "FOR (n:RecallSchema) REQUIRE n.name IS UNIQUE",
            "CREATE CONSTRAINT recall_counter_name IF NOT EXISTS "
            "FOR (n:RecallCounter) REQUIRE n.name IS UNIQUE",
            "CREATE CONSTRAINT recall_namespace IF NOT EXISTS "
            "FOR (n:Namespace) REQUIRE n.namespace IS UNIQUE",
            "CREATE CONSTRAINT recall_statement_id IF NOT EXISTS "
            "FOR (n:Statement) REQUIRE n.id IS UNIQUE",
            "CREATE CONSTRAINT recall_concept_key IF NOT EXISTS "
            "FOR (n:Concept) REQUIRE (n.namespace, n.key) IS UNIQUE",
            "CREATE CONSTRAINT recall_term_key IF NOT EXISTS "
            "FOR (n:Term) REQUIRE (n.namespace, n.key) IS UNIQUE",
            "CREATE CONSTRAINT recall_entity_key IF NOT EXISTS "
            "FOR (n:Entity) REQUIRE (n.namespace, n.key) IS UNIQUE",
            "CREATE CONSTRAINT recall_relation_key IF NOT EXISTS "
            "FOR (n:Relation) REQUIRE (n.namespace, n.key) IS UNIQUE",
            # single-property namespace indexes serve the per-namespace scans (forget, stats)
            "CREATE INDEX recall_statement_ns IF NOT EXISTS FOR (n:Statement) ON (n.namespace)",
            "CREATE INDEX recall_statement_ns_t IF NOT EXISTS "
            "FOR (n:Statement) ON (n.namespace, n.t_index)",
            "CREATE INDEX recall_concept_ns IF NOT EXISTS FOR (n:Concept) ON (n.namespace)",
            "CREATE INDEX recall_term_ns IF NOT EXISTS FOR (n:Term) ON (n.namespace)",
            "CREATE INDEX recall_entity_ns IF NOT EXISTS FOR (n:Entity) ON (n.namespace)",
            "CREATE INDEX recall_relation_ns IF NOT EXISTS FOR (n:Relation) ON (n.namespace)",
            "CREATE INDEX recall_relation_subject IF NOT EXISTS "
            "FOR (n:Relation) ON (n.namespace, n.subject_key)",
            "CREATE INDEX recall_relation_object IF NOT EXISTS "
            "FOR (n:Relation) ON (n.namespace, n.object_key)",
            # Register the tokens that reads name before any write has used them, so a fresh
            # database answers without "property/relationship type does not exist" warnings.
            "UNWIND $tokens AS t CALL db.createProperty(t)",
            "UNWIND $types AS t CALL db.createRelationshipType(t)",
        ],
    ),
]

MIGRATIONS.append(
    (
        2,
        "index entities by recency (coreference looks up the newest entities)",
        [
            "CREATE INDEX recall_entity_recent IF NOT EXISTS "
            "FOR (n:Entity) ON (n.namespace, n.last_step)",
        ],
    )
)

MIGRATIONS.append(
    (
        3,
        "per-item control: statements found by source and by their successor "
        "(superseded_by), relations by their evidence statement; the metadata property",
        [
            "CREATE INDEX recall_statement_source IF NOT EXISTS "
            "FOR (n:Statement) ON (n.namespace, n.source)",
            "CREATE INDEX recall_statement_superseded IF NOT EXISTS "
            "FOR (n:Statement) ON (n.superseded_by)",
            "CREATE INDEX recall_relation_statement IF NOT EXISTS "
            "FOR (n:Relation) ON (n.namespace, n.statement_id)",
            "UNWIND $tokens AS t CALL db.createProperty(t)",
        ],
    )
)

MIGRATIONS.append(
    (
        4,
        "alias nodes with a (namespace, key) constraint (an alias look-up is an index seek, not "
        "a scan of the namespace's entities); namespace generations unique and indexed; relations "
        "by type; "
        "statements found by an indexed source key (a source too long for an index is stored "
        "verbatim)",
        [
            "CREATE CONSTRAINT recall_alias_key IF NOT EXISTS "
            "FOR (n:Alias) REQUIRE (n.namespace, n.key) IS UNIQUE",
            # every recall and add reads the generation: a seek, not a scan of every namespace
            # ever cleared; two clear() calls racing on a fresh namespace could MERGE it twice
            # (no constraint yet), so duplicates are folded into one first (the highest wins)
            "MATCH (g:NamespaceGeneration) WITH g.namespace AS ns, collect(g) AS gs "
            "WHERE size(gs) > 1 "
            "WITH gs[0] AS keep, gs[1..] AS rest, "
            "reduce(m = 0, x IN gs | CASE WHEN x.generation > m THEN x.generation ELSE m END) "
            "AS top SET keep.generation = top FOREACH (x IN rest | DELETE x)",
            "CREATE CONSTRAINT recall_namespace_generation IF NOT EXISTS "
            "FOR (n:NamespaceGeneration) REQUIRE n.namespace IS UNIQUE",
            # the current facts of a type, newest first (every recall with facts): an index
            # range in seq order instead of a scan of the namespace's whole relation history
            "CREATE INDEX recall_relation_type IF NOT EXISTS "
            "FOR (n:Relation) ON (n.namespace, n.type_key, n.seq)",
            # same name, now on the key: migration 3 indexed the verbatim source, which made
            # a statement with a source over ~8 kB fail to store
            "DROP INDEX recall_statement_source IF EXISTS",
            "CREATE INDEX recall_statement_source IF NOT EXISTS "
            "FOR (n:Statement) ON (n.namespace, n.source_key)",
            "UNWIND $tokens AS t CALL db.createProperty(t)",
            "UNWIND $types AS t CALL db.createRelationshipType(t)",
        ],
    )
)

MIGRATIONS.append(
    (
        5,
        "postings carry their term's (namespace, key) and their statement's id, step and length, "
        "indexed by (namespace, key, sid): a term's newest postings are an index range, read "
        "without sorting every posting of the term or reading its statements",
        [
            "CREATE INDEX recall_posting_newest IF NOT EXISTS "
            "FOR ()-[o:OCCURS]-() ON (o.namespace, o.key, o.sid)",
            "UNWIND $tokens AS t CALL db.createProperty(t)",
        ],
    )
)

MIGRATIONS.append(
    (
        6,
        "a concept keeps its context's newest statement ids and steps as two lists, newest "
        "first (context_ids, context_steps): a recall reads them instead of every member, an "
        "update trims the context without reading its members",
        ["UNWIND $tokens AS t CALL db.createProperty(t)"],
    )
)

MIGRATIONS.append(
    (
        7,
        "relations indexed by (namespace, end, type_key): the reads of one end and a type (a "
        "plan's exclusive relations, the doubt rule's topics) seek them instead of reading "
        "every relation the entity ever had",
        [
            "CREATE INDEX recall_relation_subject_type IF NOT EXISTS "
            "FOR (n:Relation) ON (n.namespace, n.subject_key, n.type_key)",
            "CREATE INDEX recall_relation_object_type IF NOT EXISTS "
            "FOR (n:Relation) ON (n.namespace, n.object_key, n.type_key)",
        ],
    )
)

MIGRATIONS.append(
    (
        8,
        "relations indexed by (namespace, superseded_by): a delete finds the relations its "
        "relations had superseded by a seek, not by reading the namespace's relations",
        [
            "CREATE INDEX recall_relation_successor IF NOT EXISTS "
            "FOR (n:Relation) ON (n.namespace, n.superseded_by)",
        ],
    )
)

MIGRATIONS.append(
    (
        9,
        "statements and relations may carry utc_offset (the seconds east of UTC of the `at` "
        "given; none: UTC): registered, so a read naming it before any write used it draws no "
        "server notification (each one a driver WARNING in the caller's log)",
        ["UNWIND $tokens AS t CALL db.createProperty(t)"],
    )
)

MIGRATIONS.append(
    (
        10,
        "statements indexed by (namespace, at): a question naming a period reads that period's "
        "statements by an index seek, not by reading the namespace's statements",
        [
            "CREATE INDEX recall_statement_ns_at IF NOT EXISTS "
            "FOR (n:Statement) ON (n.namespace, n.at)",
        ],
    )
)

# Data a migration derives from what is already stored, run after its DDL (see
# ``Neo4jLifecycle._backfill``), in bounded batches so a large database never needs one huge
# transaction; each is idempotent, so an interrupted upgrade resumes where it stopped.
BACKFILLS: dict[int, tuple[str, ...]] = {
    4: ("aliases", "source_keys", "type_keys"),
    5: ("postings",),
    6: ("contexts",),
}

LATEST_VERSION = MIGRATIONS[-1][0]
