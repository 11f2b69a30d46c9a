"""Schema migrations of the embedded SQLite store.

Each migration is a list of statements applied in one transaction and recorded in
``schema_migrations``. Never edit a released migration: append a new one.
"""

from __future__ import annotations

import re
import sqlite3

MIGRATIONS: list[tuple[int, str, list[str]]] = [
    (
        1,
        "initial schema: statements, concept graph, lexical index, entities, relations",
        [
            """CREATE TABLE IF NOT EXISTS namespaces (
                namespace TEXT PRIMARY KEY,
                step INTEGER NOT NULL DEFAULT 0,
                n_statements INTEGER NOT NULL DEFAULT 0,
                total_length INTEGER NOT NULL DEFAULT 0
            )""",
            """CREATE TABLE IF NOT EXISTS statements (
                id INTEGER PRIMARY KEY,
                namespace TEXT NOT NULL,
                text TEXT NOT NULL,
                t_index INTEGER NOT NULL,
                at TEXT NOT NULL,
                speaker TEXT,
                source TEXT,
                length INTEGER NOT NULL DEFAULT 0
            )""",
            "CREATE INDEX IF NOT EXISTS ix_statements_ns_t ON statements(namespace, t_index)",
            """CREATE TABLE IF NOT EXISTS concepts (
                namespace TEXT NOT NULL,
                name TEXT NOT NULL,
                t_index INTEGER NOT NULL,
                revision_count INTEGER NOT NULL DEFAULT 0,
                mentions INTEGER NOT NULL DEFAULT 0,
                context_size INTEGER NOT NULL DEFAULT 0,
                aliases TEXT NOT NULL DEFAULT '[]',
                PRIMARY KEY (namespace, name)
            ) WITHOUT ROWID""",
            """CREATE TABLE IF NOT EXISTS links (
                namespace TEXT NOT NULL,
                source TEXT NOT NULL,
                target TEXT NOT NULL,
                strength INTEGER NOT NULL DEFAULT 0,
                t_index INTEGER NOT NULL,
                PRIMARY KEY (namespace, source, target)
            ) WITHOUT ROWID""",
            "CREATE INDEX IF NOT EXISTS ix_links_source_t ON links(namespace, source, t_index)",
            "CREATE INDEX IF NOT EXISTS ix_links_target_t ON links(namespace, target, t_index)",
            """CREATE TABLE IF NOT EXISTS contexts (
                namespace TEXT NOT NULL,
                concept TEXT NOT NULL,
                statement_id INTEGER NOT NULL,
                PRIMARY KEY (namespace, concept, statement_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX IF NOT EXISTS ix_contexts_statement ON contexts(statement_id)",
            """CREATE TABLE IF NOT EXISTS postings (
                namespace TEXT NOT NULL,
                term TEXT NOT NULL,
                statement_id INTEGER NOT NULL,
                tf INTEGER NOT NULL,
                PRIMARY KEY (namespace, term, statement_id)
            ) WITHOUT ROWID""",
            """CREATE TABLE IF NOT EXISTS terms (
                namespace TEXT NOT NULL,
                term TEXT NOT NULL,
                df INTEGER NOT NULL,
                PRIMARY KEY (namespace, term)
            ) WITHOUT ROWID""",
            """CREATE TABLE IF NOT EXISTS entities (
                namespace TEXT NOT NULL,
                id TEXT NOT NULL,
                name TEXT NOT NULL,
                type TEXT NOT NULL,
                aliases TEXT NOT NULL DEFAULT '[]',
                first_step INTEGER NOT NULL,
                last_step INTEGER NOT NULL,
                PRIMARY KEY (namespace, id)
            ) WITHOUT ROWID""",
            """CREATE TABLE IF NOT EXISTS entity_aliases (
                namespace TEXT NOT NULL,
                alias_key TEXT NOT NULL,
                entity_id TEXT NOT NULL,
                PRIMARY KEY (namespace, alias_key, entity_id)
            ) WITHOUT ROWID""",
            """CREATE TABLE IF NOT EXISTS relations (
                namespace TEXT NOT NULL,
                id TEXT NOT NULL,
                subject_id TEXT NOT NULL,
                type TEXT NOT NULL,
                object_id TEXT,
                attributes TEXT NOT NULL DEFAULT '{}',
                valid_from_step INTEGER NOT NULL,
                valid_from TEXT NOT NULL,
                recorded_at TEXT NOT NULL,
                valid_to_step INTEGER,
                valid_to TEXT,
                expired_at TEXT,
                superseded_by TEXT,
                statement_id INTEGER,
                confirmations INTEGER NOT NULL DEFAULT 0,
                seq INTEGER NOT NULL,
                PRIMARY KEY (namespace, id)
            )""",
            "CREATE INDEX IF NOT EXISTS ix_relations_subject ON relations(namespace, subject_id)",
            "CREATE INDEX IF NOT EXISTS ix_relations_object ON relations(namespace, object_id)",
            "CREATE INDEX IF NOT EXISTS ix_relations_type ON relations(namespace, type)",
        ],
    ),
]

MIGRATIONS.append(
    (
        2,
        "index entities by recency (coreference looks up the newest entities)",
        [
            "CREATE INDEX IF NOT EXISTS ix_entities_recent ON entities(namespace, last_step)",
        ],
    )
)

MIGRATIONS.append(
    (
        3,
        "count relations per namespace (the next sequence number without reading relations); "
        "postings carry their statement's step and length (lexical scoring reads postings only)",
        [
            "ALTER TABLE namespaces ADD COLUMN relation_seq INTEGER NOT NULL DEFAULT 0",
            "UPDATE namespaces SET relation_seq = (SELECT COALESCE(MAX(seq), 0) FROM relations "
            "WHERE relations.namespace = namespaces.namespace)",
            "ALTER TABLE postings ADD COLUMN t_index INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE postings ADD COLUMN length INTEGER NOT NULL DEFAULT 0",
            "UPDATE postings SET (t_index, length) = (SELECT s.t_index, s.length FROM statements s "
            "WHERE s.id = postings.statement_id)",
        ],
    )
)

MIGRATIONS.append(
    (
        4,
        "per-item control: statement metadata (JSON), superseded_by (the newer version's id) and "
        "index terms (JSON, so a deleted or superseded statement's postings are found without an "
        "index on postings(statement_id)); statements found by source and by their successor",
        [
            "ALTER TABLE statements ADD COLUMN metadata TEXT",
            "ALTER TABLE statements ADD COLUMN superseded_by INTEGER",
            "ALTER TABLE statements ADD COLUMN terms TEXT",
            "UPDATE statements SET terms = g.terms FROM (SELECT statement_id, "
            "json_group_object(term, tf) AS terms FROM postings GROUP BY statement_id) AS g "
            "WHERE g.statement_id = statements.id",
            "CREATE INDEX IF NOT EXISTS ix_statements_source ON statements(namespace, source) "
            "WHERE source IS NOT NULL",
            "CREATE INDEX IF NOT EXISTS ix_statements_superseded ON statements(superseded_by) "
            "WHERE superseded_by IS NOT NULL",
        ],
    )
)

MIGRATIONS.append(
    (
        MIGRATIONS[-1][0] + 1,
        "namespace generations: clear() bumps a namespace's generation (kept across the clear), "
        "so engines sharing the file drop caches of a namespace another engine forgot",
        [
            """CREATE TABLE IF NOT EXISTS namespace_generations (
                namespace TEXT PRIMARY KEY,
                generation INTEGER NOT NULL DEFAULT 0
            )""",
        ],
    )
)

MIGRATIONS.append(
    (
        MIGRATIONS[-1][0] + 1,
        "statement ids are never reused: the highest deleted id is kept (a trigger), and new "
        "statements are numbered above it, as on Neo4j",
        [
            "CREATE TABLE IF NOT EXISTS statement_id_floor (id INTEGER NOT NULL)",
            "INSERT INTO statement_id_floor(id) SELECT COALESCE(MAX(id), 0) FROM statements "
            "WHERE NOT EXISTS (SELECT 1 FROM statement_id_floor)",
            """CREATE TRIGGER IF NOT EXISTS statements_keep_deleted_ids AFTER DELETE ON statements
                WHEN OLD.id > (SELECT id FROM statement_id_floor)
                BEGIN UPDATE statement_id_floor SET id = OLD.id; END""",
        ],
    )
)

MIGRATIONS.append(
    (
        MIGRATIONS[-1][0] + 1,
        "statement vectors of the optional semantic signal (an embedder's space and float32 "
        "bytes), deleted with their statement",
        [
            """CREATE TABLE IF NOT EXISTS statement_vectors (
                statement_id INTEGER PRIMARY KEY REFERENCES statements(id) ON DELETE CASCADE,
                space TEXT NOT NULL,
                vector BLOB NOT NULL
            )""",
        ],
    )
)

MIGRATIONS.append(
    (
        MIGRATIONS[-1][0] + 1,
        "relations indexed by (end, type): a reader of one entity's moves and jobs reads those "
        "relations only, not every thing a speaker ever owned (the old (end) indexes are their "
        "prefixes, replaced)",
        [
            "CREATE INDEX IF NOT EXISTS ix_relations_subject_type "
            "ON relations(namespace, subject_id, type)",
            "CREATE INDEX IF NOT EXISTS ix_relations_object_type "
            "ON relations(namespace, object_id, type)",
            "DROP INDEX IF EXISTS ix_relations_subject",
            "DROP INDEX IF EXISTS ix_relations_object",
        ],
    )
)

MIGRATIONS.append(
    (
        MIGRATIONS[-1][0] + 1,
        "a delete reads what it touches: relations found by their evidence statement and by "
        "their successor, aliases by their entity; relation_support, the later statements that repeat a relation (a fact "
        "another current statement states outlives the delete or correction of the first)",
        [
            "CREATE INDEX IF NOT EXISTS ix_relations_statement "
            "ON relations(namespace, statement_id)",
            "CREATE INDEX IF NOT EXISTS ix_relations_successor "
            "ON relations(namespace, superseded_by)",
            """CREATE TABLE IF NOT EXISTS relation_support (
                namespace TEXT NOT NULL,
                relation_id TEXT NOT NULL,
                statement_id INTEGER NOT NULL,
                PRIMARY KEY (namespace, relation_id, statement_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX IF NOT EXISTS ix_relation_support_statement "
            "ON relation_support(namespace, statement_id)",
            "CREATE INDEX IF NOT EXISTS ix_entity_aliases_entity "
            "ON entity_aliases(namespace, entity_id)",
        ],
    )
)

MIGRATIONS.append(
    (
        MIGRATIONS[-1][0] + 1,
        "statements found by speaker in time order: a chat history reads its newest turns "
        "without scanning the namespace's other statements",
        [
            "CREATE INDEX IF NOT EXISTS ix_statements_speaker "
            "ON statements(namespace, speaker, t_index) WHERE speaker IS NOT NULL",
        ],
    )
)

MIGRATIONS.append(
    (
        MIGRATIONS[-1][0] + 1,
        "the zone a statement's time was given in: its UTC offset in seconds, on statements and "
        "on the relations they record (times stay UTC; a date is rendered on that calendar); "
        "rows written before have none: UTC",
        [
            "ALTER TABLE statements ADD COLUMN utc_offset INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE relations ADD COLUMN utc_offset INTEGER NOT NULL DEFAULT 0",
        ],
    )
)

MIGRATIONS.append(
    (
        MIGRATIONS[-1][0] + 1,
        "statements found by the time they were said: a question naming a period reads that "
        "period's statements by an index seek, not by scanning the namespace",
        ["CREATE INDEX IF NOT EXISTS ix_statements_ns_at ON statements(namespace, at)"],
    )
)

# The id of the next statement: above every id stored or ever deleted (see migration 6).
NEXT_STATEMENT_ID = (
    "(SELECT MAX(COALESCE((SELECT MAX(id) FROM statements), 0), "
    "(SELECT id FROM statement_id_floor)) + 1)"
)

LATEST_VERSION = MIGRATIONS[-1][0]

_CREATE_TABLE = re.compile(r"CREATE TABLE IF NOT EXISTS (\w+)")
_ADD_COLUMN = re.compile(r"ALTER TABLE (\w+) ADD COLUMN (\w+)")


def has_column_added_by(conn: sqlite3.Connection, sql: str) -> bool:
    """Whether ``sql`` adds a column its table already has. SQLite has no ``ADD COLUMN IF NOT
    EXISTS``: a migration run again over a file that has its columns (its record removed by hand,
    or a copy restored over the records) skips them, as the other statements' IF NOT EXISTS do."""
    m = _ADD_COLUMN.match(sql)
    return m is not None and any(
        row[1] == m.group(2) for row in conn.execute(f"PRAGMA table_info({m.group(1)})")
    )


def tables_at(version: int) -> frozenset[str]:
    """The tables a database at schema ``version`` holds (those its migrations created)."""
    return frozenset(
        name
        for v, _, statements in MIGRATIONS
        if v <= version
        for sql in statements
        for name in _CREATE_TABLE.findall(sql)
    )
