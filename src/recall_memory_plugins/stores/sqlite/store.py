"""``SqliteGraphStore``: the embedded default store (stdlib ``sqlite3``, no server)."""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path

from ...errors import ConfigurationError, InputError, SchemaVersionError, StoreError
from ...models import (
    Concept,
    ConceptLink,
    Entity,
    GraphUpdate,
    Relation,
    Statement,
    StoreStats,
    Subgraph,
    TermPosting,
    UpdateResult,
)
from ..base import score_terms_by_postings, sorted_pair
from .schema import LATEST_VERSION, MIGRATIONS

__all__ = ["SqliteGraphStore", "default_db_path"]

logger = logging.getLogger(__name__)

_MAX_VARS = 500  # stay well below SQLite's host-parameter limit when chunking IN (...) lists


def default_db_path() -> Path:
    """The default database file: ``<user data dir>/recall-memory-plugins/memory.db``."""
    import platformdirs

    return Path(platformdirs.user_data_dir("recall-memory-plugins", appauthor=False)) / "memory.db"


def _ts(value: datetime) -> str:
    if value.tzinfo is None:
        raise InputError("timestamps must be timezone-aware (UTC); got a naive datetime")
    return value.astimezone(timezone.utc).isoformat()


def _dt(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


def _chunks(items: Sequence[str], size: int = _MAX_VARS) -> Iterator[Sequence[str]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def _qmarks(n: int) -> str:
    # Only the number of placeholders is built into the SQL; every value is a parameter.
    return ",".join("?" * n)


@lru_cache(maxsize=4096)
def _aliases(encoded: str) -> tuple[str, ...]:
    """Decoded alias lists, cached: the same entities are read on every mention of a name."""
    return tuple(json.loads(encoded))


_NEIGHBOURS_SQL = {
    side: (
        f"SELECT l.{other}, l.strength, l.t_index, c.t_index FROM links l "
        f"JOIN concepts c ON c.namespace = l.namespace AND c.name = l.{other} "
        f"WHERE l.namespace = ? AND l.{side} = ? ORDER BY l.t_index DESC"
    )
    for side, other in (("source", "target"), ("target", "source"))
}


def _newest_neighbours(
    conn: sqlite3.Connection, namespace: str, origin: str, min_t_index: int, limit: int
) -> list[tuple[int, int, str]]:
    """(t_index, strength, name) of ``origin``'s best neighbours in the window.

    Best: link ``t_index`` desc, strength desc, name asc, at most ``limit`` per side. Each side's
    links are read newest first and the read stops once ``limit`` neighbours are found and the
    next link is older than the last of them (a hub is not read whole).
    """
    out: list[tuple[int, int, str]] = []
    for sql in _NEIGHBOURS_SQL.values():
        found: list[tuple[int, int, str]] = []
        cursor = conn.execute(sql, (namespace, origin))
        for other, strength, t_index, concept_t in cursor:
            if len(found) >= limit and t_index < found[-1][0]:
                break
            if concept_t >= min_t_index:
                found.append((t_index, strength, other))
        cursor.close()
        found.sort(key=lambda c: (-c[0], -c[1], c[2]))
        out.extend(found[:limit])
    return out


class SqliteGraphStore:
    """The embedded graph store on SQLite.

    Args:
        path: database file, ``":memory:"``, or None for :func:`default_db_path`.
        connection: an existing ``sqlite3.Connection`` to use instead (the caller closes it).
        setup: run :meth:`setup` (migrations) right away; call it yourself when False.
        cache_mb: SQLite page cache of the connection, in MiB.
        mmap_mb: bytes of a file database read through memory mapping, in MiB (0 = off). Both
            only bound what SQLite may use; a small database uses what it needs.

    The store is safe to share between threads (one connection guarded by a lock). File databases
    use WAL journaling so readers in other processes are not blocked by writers.
    """

    name = "sqlite"

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        connection: sqlite3.Connection | None = None,
        setup: bool = True,
        timeout: float = 30.0,
        cache_mb: int = 32,
        mmap_mb: int = 256,
    ) -> None:
        if path is not None and connection is not None:
            raise ConfigurationError("pass either a path or a connection, not both")
        for name, value in (("cache_mb", cache_mb), ("mmap_mb", mmap_mb)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ConfigurationError(f"{name} must be an int >= 0, got {value!r}")
        self._cache_mb = cache_mb
        self._mmap_mb = mmap_mb
        self._lock = threading.RLock()
        self._owns_connection = connection is None
        if connection is None:
            target = str(path) if path is not None else str(default_db_path())
            if target != ":memory:" and not target.startswith("file:"):
                Path(target).expanduser().parent.mkdir(parents=True, exist_ok=True)
                target = str(Path(target).expanduser())
            try:
                connection = sqlite3.connect(
                    target,
                    timeout=timeout,
                    check_same_thread=False,
                    isolation_level=None,
                    uri=target.startswith("file:"),
                )
            except sqlite3.Error as exc:
                raise StoreError(f"cannot open SQLite database {target!r}: {exc}") from exc
            self.path = target
        else:
            connection.isolation_level = None
            self.path = "<connection>"
        self._conn = connection
        self._conn.row_factory = sqlite3.Row
        self._closed = False
        self._depth = 0
        if setup:
            self.setup()

    # ------------------------------------------------------------------------------ lifecycle
    def __enter__(self) -> SqliteGraphStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SqliteGraphStore(path={self.path!r})"

    def close(self) -> None:
        """Close the connection if this store opened it."""
        with self._lock:
            if not self._closed and self._owns_connection:
                self._conn.close()
            self._closed = True

    def setup(self) -> None:
        """Apply pending migrations (idempotent) and set pragmas."""
        with self._lock:
            conn = self._conn
            try:
                if self.path not in (":memory:", "<connection>"):
                    conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=NORMAL")
                conn.execute("PRAGMA foreign_keys=ON")
                # a larger page cache and memory-mapped reads: recall at 100k statements reads
                # postings and statements spread over the file (benchmarks/results/speed.md)
                if self._owns_connection:
                    conn.execute(f"PRAGMA cache_size=-{int(self._cache_mb) * 1024}")
                if self._owns_connection and self.path != ":memory:":
                    conn.execute(f"PRAGMA mmap_size={int(self._mmap_mb) * 1024 * 1024}")
                conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations ("
                    "version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL)"
                )
                row = conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
            except sqlite3.Error as exc:
                raise StoreError(f"cannot initialise SQLite database {self.path!r}: {exc}") from exc
            current = row[0] or 0
            if current > LATEST_VERSION:
                raise SchemaVersionError(
                    f"database {self.path!r} has schema version {current}, newer than this "
                    f"library supports ({LATEST_VERSION}); upgrade recall-memory-plugins"
                )
            for version, description, statements in MIGRATIONS:
                if version <= current:
                    continue
                with self.atomic():
                    for sql in statements:
                        conn.execute(sql)
                    conn.execute(
                        "INSERT INTO schema_migrations(version, description, applied_at) "
                        "VALUES (?, ?, ?)",
                        (version, description, _ts(datetime.now(timezone.utc))),
                    )
                logger.info("applied SQLite schema migration %s (%s)", version, description)

    def schema_version(self) -> int:
        """The applied schema version."""
        with self._lock:
            return int(
                self._conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()[0]
            )

    @contextmanager
    def atomic(self) -> Iterator[sqlite3.Connection]:
        """A transaction (savepoint when nested): commits on success, rolls back on error."""
        with self._lock:
            if self._closed:
                raise StoreError("the SQLite store is closed")
            conn = self._conn
            name = f"sp{self._depth}"
            if self._depth == 0:
                conn.execute("BEGIN IMMEDIATE")
            else:
                conn.execute(f"SAVEPOINT {name}")
            self._depth += 1
            try:
                yield conn
            except BaseException:
                self._depth -= 1
                if self._depth == 0:
                    conn.execute("ROLLBACK")
                else:
                    conn.execute(f"ROLLBACK TO {name}")
                    conn.execute(f"RELEASE {name}")
                raise
            else:
                self._depth -= 1
                if self._depth == 0:
                    conn.execute("COMMIT")
                else:
                    conn.execute(f"RELEASE {name}")

    @contextmanager
    def batch(self) -> Iterator[None]:
        """One transaction around the updates applied inside (each is a savepoint in it).

        When the block ends, normally or by an error, the updates that completed are committed:
        a failing update has already been rolled back to its savepoint.
        """
        with self._lock:
            if self._closed:
                raise StoreError("the SQLite store is closed")
            if self._depth:  # already inside a transaction: it decides
                yield
                return
            conn = self._conn
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite write failed on {self.path!r}: {exc}") from exc
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                try:
                    conn.execute("COMMIT")
                except sqlite3.Error as exc:
                    conn.execute("ROLLBACK")
                    raise StoreError(
                        f"SQLite commit failed on {self.path!r} (this batch was not stored): {exc}"
                    ) from exc

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._closed:
                raise StoreError("the SQLite store is closed")
            try:
                yield self._conn
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite read failed on {self.path!r}: {exc}") from exc

    # ------------------------------------------------------------------------------ writes
    def apply_update(self, update: GraphUpdate) -> UpdateResult:
        ns = update.namespace
        at = _ts(update.at)
        try:
            with self.atomic() as conn:
                total_length = sum(sum(st.terms.values()) for st in update.statements)
                step = conn.execute(
                    "INSERT INTO namespaces(namespace, step, n_statements, total_length) "
                    "VALUES (?, 1, ?, ?) ON CONFLICT(namespace) DO UPDATE SET step = step + 1, "
                    "n_statements = n_statements + excluded.n_statements, "
                    "total_length = total_length + excluded.total_length RETURNING step",
                    (ns, len(update.statements), total_length),
                ).fetchone()[0]
                ids = self._write_statements(conn, update, step, at)
                self._write_concepts(conn, update, step, ids)
                self._write_links(conn, update, step)
                self._write_entities(conn, update, step)
                self._write_relations(conn, update, step, at, ids)
        except sqlite3.Error as exc:
            raise StoreError(
                f"SQLite write failed on {self.path!r} (nothing was stored): {exc}"
            ) from exc
        return UpdateResult(namespace=ns, t_index=step, statement_ids=tuple(ids))

    def _write_statements(
        self, conn: sqlite3.Connection, update: GraphUpdate, step: int, at: str
    ) -> list[int]:
        ns = update.namespace
        ids: list[int] = []
        postings: list[tuple[str, str, int, int, int, int]] = []
        terms: list[tuple[str, str]] = []
        for st in update.statements:
            length = sum(st.terms.values())
            sid = conn.execute(
                "INSERT INTO statements(namespace, text, t_index, at, speaker, source, length) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (ns, st.text, step, at, st.speaker, st.source, length),
            ).fetchone()[0]
            ids.append(sid)
            postings.extend((ns, term, sid, tf, step, length) for term, tf in st.terms.items())
            terms.extend((ns, term) for term in st.terms)
        conn.executemany(
            "INSERT INTO postings(namespace, term, statement_id, tf, t_index, length) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            postings,
        )
        conn.executemany(
            "INSERT INTO terms(namespace, term, df) VALUES (?, ?, 1) "
            "ON CONFLICT(namespace, term) DO UPDATE SET df = df + 1",
            terms,
        )
        return ids

    def _write_links(self, conn: sqlite3.Connection, update: GraphUpdate, step: int) -> None:
        ns = update.namespace
        touched = {m.name for m in update.concepts}
        rows: list[tuple[str, str, str, int, int]] = []
        unknown: set[str] = set()
        for source, target, count in update.links:
            source, target = sorted_pair(source, target)
            unknown.update(end for end in (source, target) if end not in touched)
            rows.append((ns, source, target, count, step))
        if unknown:  # links normally join concepts of the same update; others must exist
            known: set[str] = set()
            for chunk in _chunks(sorted(unknown)):
                known.update(
                    r[0]
                    for r in conn.execute(
                        f"SELECT name FROM concepts WHERE namespace = ? AND name IN ({_qmarks(len(chunk))})",
                        (ns, *chunk),
                    )
                )
            missing = sorted(unknown - known)
            if missing:
                source, target, _ = next(lk for lk in update.links if missing[0] in (lk[0], lk[1]))
                raise InputError(f"link {source!r}-{target!r} names unknown concept {missing[0]!r}")
        conn.executemany(
            "INSERT INTO links(namespace, source, target, strength, t_index) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT(namespace, source, target) DO UPDATE "
            "SET strength = strength + excluded.strength, t_index = excluded.t_index",
            rows,
        )

    def _write_concepts(
        self, conn: sqlite3.Connection, update: GraphUpdate, step: int, ids: list[int]
    ) -> None:
        ns = update.namespace
        limit = max(1, update.context_limit)
        names = [m.name for m in update.concepts]
        existing: dict[str, sqlite3.Row] = {}
        for chunk in _chunks(names):
            for row in conn.execute(
                "SELECT name, aliases, context_size FROM concepts "
                f"WHERE namespace = ? AND name IN ({_qmarks(len(chunk))})",
                (ns, *chunk),
            ):
                existing[row["name"]] = row
        inserts: list[tuple[object, ...]] = []
        updates: list[tuple[object, ...]] = []
        contexts: list[tuple[str, str, int]] = []
        added: dict[str, int] = {}
        for mention in update.concepts:
            statement_ids = sorted({ids[i] for i in mention.statement_indexes if 0 <= i < len(ids)})
            contexts.extend((ns, mention.name, sid) for sid in statement_ids)
            added[mention.name] = len(statement_ids)
            row = existing.get(mention.name)
            if row is None:
                aliases = [mention.alias] if mention.alias else []
                size = min(len(statement_ids), limit)
                inserts.append(
                    (ns, mention.name, step, size, json.dumps(aliases, ensure_ascii=False))
                )
                continue
            encoded = row["aliases"]
            if mention.alias:  # most mentions add no alias: the stored list is kept as it is
                aliases = json.loads(encoded)
                if mention.alias not in aliases:
                    aliases.append(mention.alias)
                    encoded = json.dumps(aliases, ensure_ascii=False)
            size = row["context_size"] + len(statement_ids)
            updates.append(
                (step, 1 if statement_ids else 0, encoded, min(size, limit), ns, mention.name)
            )
        conn.executemany(
            "INSERT INTO concepts(namespace, name, t_index, revision_count, mentions, "
            "context_size, aliases) VALUES (?, ?, ?, 0, 1, ?, ?)",
            inserts,
        )
        conn.executemany(
            "UPDATE concepts SET t_index = ?, mentions = mentions + 1, "
            "revision_count = revision_count + ?, aliases = ?, context_size = ? "
            "WHERE namespace = ? AND name = ?",
            updates,
        )
        conn.executemany(
            "INSERT OR IGNORE INTO contexts(namespace, concept, statement_id) VALUES (?, ?, ?)",
            contexts,
        )
        # Bound each touched context to the newest ``limit`` statements (the statements stay):
        # drop its oldest ones beyond the limit (an index range from the old end).
        trims = []
        for name, count in added.items():
            excess = (existing[name]["context_size"] if name in existing else 0) + count - limit
            if excess > 0:
                trims.append((ns, name, ns, name, excess))
        conn.executemany(
            "DELETE FROM contexts WHERE namespace = ? AND concept = ? AND statement_id IN ("
            "SELECT statement_id FROM contexts WHERE namespace = ? AND concept = ? "
            "ORDER BY statement_id ASC LIMIT ?)",
            trims,
        )

    def _write_entities(self, conn: sqlite3.Connection, update: GraphUpdate, step: int) -> None:
        ns = update.namespace
        if not update.entities:
            return
        known: dict[str, list[str]] = {}
        stored: dict[str, str] = {}
        ids = list(dict.fromkeys(e.id for e in update.entities))
        for chunk in _chunks(ids):
            for row in conn.execute(
                f"SELECT id, aliases FROM entities WHERE namespace = ? AND id IN ({_qmarks(len(chunk))})",
                (ns, *chunk),
            ):
                stored[row[0]] = row[1]
                known[row[0]] = list(_aliases(row[1]))
        inserts: list[tuple[object, ...]] = []
        updates: list[tuple[object, ...]] = []
        alias_rows: list[tuple[str, str, str]] = []
        for ent in update.entities:
            is_new = ent.id not in known
            aliases = known.setdefault(ent.id, [])
            added = [a for a in dict.fromkeys((ent.name, *ent.aliases)) if a and a not in aliases]
            aliases.extend(added)
            # only the aliases this update adds need an index row (the others have one)
            alias_rows.extend((ns, a.casefold(), ent.id) for a in added)
            if added or ent.id not in stored:
                encoded = stored[ent.id] = json.dumps(aliases, ensure_ascii=False)
            else:
                encoded = stored[ent.id]
            if is_new:
                inserts.append((ns, ent.id, ent.name, ent.type, encoded, step, step))
            else:
                updates.append((encoded, step, ent.type, ent.type, ns, ent.id))
        for params in inserts:  # in order: a later record of the same id is an update
            conn.execute(
                "INSERT INTO entities(namespace, id, name, type, aliases, first_step, last_step) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(namespace, id) DO NOTHING",
                params,
            )
        conn.executemany(
            "UPDATE entities SET aliases = ?, last_step = ?, type = CASE "
            "WHEN type IN ('OTHER', 'THING') AND ? NOT IN ('OTHER', 'THING') THEN ? "
            "ELSE type END WHERE namespace = ? AND id = ?",
            updates,
        )
        conn.executemany(
            "INSERT OR IGNORE INTO entity_aliases(namespace, alias_key, entity_id) "
            "VALUES (?, ?, ?)",
            alias_rows,
        )

    def _write_relations(
        self, conn: sqlite3.Connection, update: GraphUpdate, step: int, at: str, ids: list[int]
    ) -> None:
        ns = update.namespace
        adds = sum(1 for change in update.relation_changes if change.op == "add")
        seq = 0
        if adds:  # reserve this update's sequence numbers
            seq = (
                conn.execute(
                    "UPDATE namespaces SET relation_seq = relation_seq + ? WHERE namespace = ? "
                    "RETURNING relation_seq",
                    (adds, ns),
                ).fetchone()[0]
                - adds
            )
        for change in update.relation_changes:
            sid = ids[change.statement_index] if 0 <= change.statement_index < len(ids) else None
            if change.op == "add":
                seq += 1
                conn.execute(
                    "INSERT INTO relations(namespace, id, subject_id, type, object_id, attributes, "
                    "valid_from_step, valid_from, recorded_at, statement_id, seq) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        ns,
                        change.relation_id,
                        change.subject_id,
                        change.type,
                        change.object_id,
                        json.dumps(dict(change.attributes), ensure_ascii=False),
                        step,
                        at,
                        at,
                        sid,
                        seq,
                    ),
                )
            elif change.op == "end":
                cur = conn.execute(
                    "UPDATE relations SET valid_to_step = ?, valid_to = ?, expired_at = ?, "
                    "superseded_by = ? WHERE namespace = ? AND id = ? AND valid_to_step IS NULL",
                    (step, at, at, change.superseded_by, ns, change.relation_id),
                )
                if cur.rowcount != 1:
                    raise InputError(f"cannot end relation {change.relation_id!r}: not current")
            elif change.op == "confirm":
                conn.execute(
                    "UPDATE relations SET confirmations = confirmations + 1 "
                    "WHERE namespace = ? AND id = ?",
                    (ns, change.relation_id),
                )
            else:  # pragma: no cover - Literal type guards this
                raise InputError(f"unknown relation change {change.op!r}")

    def clear(self, namespace: str) -> None:
        try:
            with self.atomic() as conn:
                for table in (
                    "statements",
                    "concepts",
                    "links",
                    "contexts",
                    "postings",
                    "terms",
                    "entities",
                    "entity_aliases",
                    "relations",
                    "namespaces",
                ):
                    # table names come from the fixed tuple above, never from input
                    conn.execute(f"DELETE FROM {table} WHERE namespace = ?", (namespace,))
        except sqlite3.Error as exc:
            raise StoreError(f"SQLite clear failed on {self.path!r}: {exc}") from exc

    # ------------------------------------------------------------------------------ reads
    def current_step(self, namespace: str) -> int:
        with self._read() as conn:
            row = conn.execute(
                "SELECT step FROM namespaces WHERE namespace = ?", (namespace,)
            ).fetchone()
        return int(row[0]) if row else 0

    @staticmethod
    def _statement(row: sqlite3.Row) -> Statement:
        return Statement(
            id=row["id"],
            namespace=row["namespace"],
            text=row["text"],
            t_index=row["t_index"],
            at=datetime.fromisoformat(row["at"]),
            speaker=row["speaker"],
            source=row["source"],
        )

    _STATEMENT_COLS = "id, namespace, text, t_index, at, speaker, source"

    def get_statements(self, namespace: str, ids: Sequence[int]) -> list[Statement]:
        found: dict[int, Statement] = {}
        with self._read() as conn:
            for chunk in _chunks(list(ids)):  # type: ignore[arg-type]
                for row in conn.execute(
                    # "+namespace" keeps SQLite on the rowid lookup instead of walking the
                    # (namespace, t_index) index, which grows with the namespace
                    f"SELECT {self._STATEMENT_COLS} FROM statements "
                    f"WHERE id IN ({_qmarks(len(chunk))}) AND +namespace = ?",
                    (*chunk, namespace),
                ):
                    found[row["id"]] = self._statement(row)
        return [found[i] for i in ids if i in found]

    def find_recent_statements(self, namespace: str, *, limit: int) -> list[Statement]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {self._STATEMENT_COLS} FROM statements WHERE namespace = ? "
                "ORDER BY t_index DESC, id DESC LIMIT ?",
                (namespace, limit),
            ).fetchall()
        return [self._statement(r) for r in rows]

    def find_statements(
        self,
        namespace: str,
        *,
        since_step: int = 0,
        until_step: int | None = None,
        limit: int | None = None,
    ) -> list[Statement]:
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {self._STATEMENT_COLS} FROM statements WHERE namespace = ? "
                "AND t_index >= ? AND t_index <= ? ORDER BY t_index, id LIMIT ?",
                (
                    namespace,
                    since_step,
                    until_step if until_step is not None else 2**62,
                    limit if limit is not None else -1,
                ),
            ).fetchall()
        return [self._statement(r) for r in rows]

    def statements_at(self, namespace: str, steps: Iterable[int]) -> list[Statement]:
        wanted = sorted({int(t) for t in steps})
        out: list[Statement] = []
        with self._read() as conn:
            for chunk in _chunks(wanted):  # type: ignore[arg-type]
                out.extend(
                    self._statement(row)
                    for row in conn.execute(
                        f"SELECT {self._STATEMENT_COLS} FROM statements WHERE namespace = ? "
                        f"AND t_index IN ({_qmarks(len(chunk))}) ORDER BY t_index, id",
                        (namespace, *chunk),
                    )
                )
        return out

    @staticmethod
    def _concept(row: sqlite3.Row, depth: int = 0) -> Concept:
        return Concept(
            namespace=row["namespace"],
            name=row["name"],
            t_index=row["t_index"],
            revision_count=row["revision_count"],
            mentions=row["mentions"],
            aliases=tuple(json.loads(row["aliases"])),
            depth=depth,
        )

    def find_concepts(self, namespace: str, names: Iterable[str]) -> list[Concept]:
        wanted = list(dict.fromkeys(names))
        out: list[Concept] = []
        with self._read() as conn:
            for chunk in _chunks(wanted):
                rows = conn.execute(
                    "SELECT namespace, name, t_index, revision_count, mentions, aliases FROM concepts "
                    f"WHERE namespace = ? AND name IN ({_qmarks(len(chunk))})",
                    (namespace, *chunk),
                ).fetchall()
                out.extend(self._concept(r) for r in rows)
        order = {n: i for i, n in enumerate(wanted)}
        return sorted(out, key=lambda c: order[c.name])

    def find_links(self, namespace: str, names: Iterable[str] | None = None) -> list[ConceptLink]:
        with self._read() as conn:
            if names is None:
                rows = conn.execute(
                    "SELECT source, target, strength, t_index FROM links WHERE namespace = ? "
                    "ORDER BY source, target",
                    (namespace,),
                ).fetchall()
            else:
                wanted = list(dict.fromkeys(names))
                seen: dict[tuple[str, str], sqlite3.Row] = {}
                for chunk in _chunks(wanted):
                    q = _qmarks(len(chunk))
                    for row in conn.execute(
                        "SELECT source, target, strength, t_index FROM links WHERE namespace = ? "
                        f"AND (source IN ({q}) OR target IN ({q}))",
                        (namespace, *chunk, *chunk),
                    ):
                        seen[(row["source"], row["target"])] = row
                rows = [seen[k] for k in sorted(seen)]
        return [
            ConceptLink(namespace, r["source"], r["target"], r["strength"], r["t_index"])
            for r in rows
        ]

    def expand(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        depth: int,
        min_t_index: int,
        max_neighbors: int,
    ) -> Subgraph:
        starts = [c for c in self.find_concepts(namespace, names) if c.t_index >= min_t_index]
        depths: dict[str, int] = {c.name: 0 for c in starts}
        links: dict[tuple[str, str], ConceptLink] = {}
        frontier = [c.name for c in starts]
        with self._read() as conn:
            for level in range(1, depth + 1):
                next_frontier: list[str] = []
                for origin in frontier:
                    candidates = _newest_neighbours(
                        conn, namespace, origin, min_t_index, max_neighbors
                    )
                    candidates.sort(key=lambda c: (-c[0], -c[1], c[2]))
                    for t_index, strength, other in candidates[:max_neighbors]:
                        a, b = sorted_pair(origin, other)
                        links[(a, b)] = ConceptLink(namespace, a, b, strength, t_index)
                        if other not in depths:
                            depths[other] = level
                            next_frontier.append(other)
                frontier = next_frontier
        concepts = [
            Concept(
                namespace=c.namespace,
                name=c.name,
                t_index=c.t_index,
                revision_count=c.revision_count,
                mentions=c.mentions,
                aliases=c.aliases,
                depth=depths[c.name],
            )
            for c in self.find_concepts(namespace, depths)
        ]
        return Subgraph(concepts=tuple(concepts), links=tuple(links[k] for k in sorted(links)))

    @staticmethod
    def _newest_context_sql(n_names: int, columns: str) -> str:
        """The newest ``?`` context statements of each of ``n_names`` concepts, in one query
        (one index range per concept)."""
        union = " UNION ALL ".join(
            [
                "SELECT * FROM (SELECT concept, statement_id FROM contexts WHERE namespace = ? "
                "AND concept = ? ORDER BY statement_id DESC LIMIT ?)"
            ]
            * n_names
        )
        return (
            f"SELECT y.concept, {columns} FROM ({union}) y "
            "JOIN statements s ON s.id = y.statement_id"
        )

    def find_contexts(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        limit_per_concept: int,
    ) -> dict[str, list[Statement]]:
        wanted = list(dict.fromkeys(names))
        found: dict[str, list[Statement]] = {}
        with self._read() as conn:
            for chunk in _chunks(wanted, 100):
                sql = self._newest_context_sql(
                    len(chunk), "s.id, s.namespace, s.text, s.t_index, s.at, s.speaker, s.source"
                )
                params = [v for name in chunk for v in (namespace, name, limit_per_concept)]
                for row in conn.execute(sql, params):
                    found.setdefault(row[0], []).append(self._statement(row))
        return {name: sorted(found[name], key=lambda st: st.id) for name in wanted if name in found}

    def find_context_ids(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        limit_per_concept: int,
    ) -> dict[str, list[tuple[int, int]]]:
        wanted = list(dict.fromkeys(names))
        found: dict[str, list[tuple[int, int]]] = {}
        with self._read() as conn:
            for chunk in _chunks(wanted, 100):
                sql = self._newest_context_sql(len(chunk), "s.id, s.t_index")
                params = [v for name in chunk for v in (namespace, name, limit_per_concept)]
                for concept, sid, t_index in conn.execute(sql, params):
                    found.setdefault(concept, []).append((sid, t_index))
        return {name: sorted(found[name]) for name in wanted if name in found}

    # ------------------------------------------------------------------------------ lexical
    def count_statements(self, namespace: str) -> tuple[int, float]:
        with self._read() as conn:
            row = conn.execute(
                "SELECT n_statements, total_length FROM namespaces WHERE namespace = ?",
                (namespace,),
            ).fetchone()
        if not row or not row[0]:
            return 0, 0.0
        return int(row[0]), row[1] / row[0]

    def term_frequencies(self, namespace: str, terms: Iterable[str]) -> dict[str, int]:
        wanted = list(dict.fromkeys(terms))
        out: dict[str, int] = {}
        with self._read() as conn:
            for chunk in _chunks(wanted):
                for row in conn.execute(
                    f"SELECT term, df FROM terms WHERE namespace = ? AND term IN ({_qmarks(len(chunk))})",
                    (namespace, *chunk),
                ):
                    out[row[0]] = int(row[1])
        return out

    def find_postings(
        self,
        namespace: str,
        terms: Iterable[str],
        *,
        limit_per_term: int,
    ) -> list[TermPosting]:
        wanted = list(dict.fromkeys(terms))
        hits: dict[int, TermPosting] = {}
        with self._read() as conn:
            for chunk in _chunks(wanted, 100):
                # one query: each term's newest postings (an index range each; a posting
                # carries its statement's step and length)
                union = " UNION ALL ".join(
                    [
                        "SELECT * FROM (SELECT term, statement_id, tf, t_index, length "
                        "FROM postings WHERE namespace = ? AND term = ? "
                        "ORDER BY statement_id DESC LIMIT ?)"
                    ]
                    * len(chunk)
                )
                params: list[object] = []
                for term in chunk:
                    params += [namespace, term, limit_per_term]
                for term, sid, tf, t_index, length in conn.execute(union, params):
                    posting = hits.get(sid)
                    if posting is None:
                        posting = hits[sid] = TermPosting(sid, t_index, length, {})
                    posting.terms[term] = tf  # type: ignore[index]
        return list(hits.values())

    def score_terms(
        self,
        namespace: str,
        terms: Mapping[str, tuple[float, int]],
        *,
        avg_len: float,
        top: int,
        k1: float = 1.2,
        b: float = 0.75,
    ) -> list[tuple[int, int, float]]:
        wanted = [(t, float(w), int(n)) for t, (w, n) in terms.items() if n > 0]
        if not wanted or top < 1:
            return []
        if len(wanted) > 150:  # beyond one statement's parameters: score in Python
            return score_terms_by_postings(
                self, namespace, terms, avg_len=avg_len, top=top, k1=k1, b=b
            )
        # One aggregate: each term's newest postings (an index range each; a posting carries
        # its statement's step and length), summed per statement in SQLite.
        union = " UNION ALL ".join(
            [
                "SELECT * FROM (SELECT statement_id, tf, t_index, length, ? AS w FROM postings "
                "WHERE namespace = ? AND term = ? ORDER BY statement_id DESC LIMIT ?)"
            ]
            * len(wanted)
        )
        params: list[object] = [k1 + 1, k1, b, b, float(avg_len or 1.0)]
        for term, weight, limit in wanted:
            params += [weight, namespace, term, limit]
        params.append(top)
        with self._read() as conn:
            rows = conn.execute(
                "SELECT p.statement_id, MAX(p.t_index), "
                "SUM(p.w * p.tf * ? / (p.tf + ? * (1 - ? + ? * p.length / ?))) AS score "
                f"FROM ({union}) p "
                "GROUP BY p.statement_id ORDER BY score DESC, p.statement_id DESC LIMIT ?",
                params,
            ).fetchall()
        return [(int(r[0]), int(r[1]), float(r[2])) for r in rows]

    # ------------------------------------------------------------------------------ entities
    @staticmethod
    def _entity(row: sqlite3.Row) -> Entity:
        return Entity(
            namespace=row["namespace"],
            id=row["id"],
            name=row["name"],
            type=row["type"],
            aliases=_aliases(row["aliases"]),
            first_step=row["first_step"],
            last_step=row["last_step"],
        )

    def find_entities(
        self,
        namespace: str,
        *,
        ids: Iterable[str] | None = None,
        aliases: Iterable[str] | None = None,
        type: str | None = None,
        newest: int | None = None,
    ) -> list[Entity]:
        if aliases is not None and newest is not None:
            return self._entities_by_alias(namespace, aliases, ids, type, max(0, int(newest)))
        sql = (
            "SELECT namespace, id, name, type, aliases, first_step, last_step FROM entities "
            "WHERE namespace = ?"
        )
        params: list[object] = [namespace]
        with self._read() as conn:
            if ids is not None:
                id_list = list(dict.fromkeys(ids))
                if not id_list:
                    return []
                sql += f" AND id IN ({_qmarks(len(id_list))})"
                params.extend(id_list)
            if aliases is not None:
                keys = list(dict.fromkeys(a.casefold() for a in aliases))
                if not keys:
                    return []
                sql += (
                    " AND id IN (SELECT entity_id FROM entity_aliases WHERE namespace = ? "
                    f"AND alias_key IN ({_qmarks(len(keys))}))"
                )
                params.extend([namespace, *keys])
            if type is not None:
                sql += " AND type = ?"
                params.append(type)
            rows = conn.execute(sql + " ORDER BY first_step, id", params).fetchall()
        return [self._entity(r) for r in rows]

    def _entities_by_alias(
        self,
        namespace: str,
        aliases: Iterable[str],
        ids: Iterable[str] | None,
        type: str | None,
        newest: int,
    ) -> list[Entity]:
        """Per alias, the ``newest`` most recent entities plus those named exactly the alias.

        SQLite returns each alias's candidates newest first as plain tuples; only the kept ones
        become entities.
        """
        keys = list(dict.fromkeys(a.casefold() for a in aliases))
        id_set = None if ids is None else set(ids)
        if not keys or id_set == set():
            return []
        sql = (
            "SELECT a.alias_key, e.id, e.name, e.type, e.aliases, e.first_step, e.last_step "
            "FROM entity_aliases a JOIN entities e ON e.namespace = a.namespace "
            f"AND e.id = a.entity_id WHERE a.namespace = ? AND a.alias_key IN ({_qmarks(len(keys))})"
        )
        params: list[object] = [namespace, *keys]
        if type is not None:
            sql += " AND e.type = ?"
            params.append(type)
        sql += " ORDER BY a.alias_key, e.last_step DESC, e.first_step DESC, e.id"
        kept: dict[str, Entity] = {}
        with self._read() as conn:
            cur = conn.cursor()
            cur.row_factory = None
            key, rank = None, 0
            for alias_key, eid, name, type_, encoded, first, last in cur.execute(sql, params):
                if id_set is not None and eid not in id_set:
                    continue
                if alias_key != key:
                    key, rank = alias_key, 0
                rank += 1
                if eid not in kept and (rank <= newest or name.casefold() == alias_key):
                    kept[eid] = Entity(namespace, eid, name, type_, _aliases(encoded), first, last)
        return sorted(kept.values(), key=lambda e: (e.first_step, e.id))

    def find_recent_entities(self, namespace: str, *, limit: int) -> list[Entity]:
        with self._read() as conn:
            rows = conn.execute(
                "SELECT namespace, id, name, type, aliases, first_step, last_step FROM entities "
                "WHERE namespace = ? ORDER BY last_step DESC, first_step DESC, id ASC LIMIT ?",
                (namespace, limit),
            ).fetchall()
        return [self._entity(r) for r in rows]

    def find_relations(
        self,
        namespace: str,
        *,
        subject_id: str | None = None,
        object_id: str | None = None,
        entity_id: str | None = None,
        type: str | None = None,
        current_only: bool = False,
        newest: int | None = None,
    ) -> list[Relation]:
        sql = (
            "SELECT r.*, s.name AS subject_name, o.name AS object_name FROM relations r "
            "LEFT JOIN entities s ON s.namespace = r.namespace AND s.id = r.subject_id "
            "LEFT JOIN entities o ON o.namespace = r.namespace AND o.id = r.object_id "
            # with entity_id the rowid list below drives the read, not a namespace index
            + ("WHERE +r.namespace = ?" if entity_id is not None else "WHERE r.namespace = ?")
        )
        params: list[object] = [namespace]
        if subject_id is not None:
            sql += " AND r.subject_id = ?"
            params.append(subject_id)
        if object_id is not None:
            sql += " AND r.object_id = ?"
            params.append(object_id)
        if entity_id is not None:
            # either end, each through its own index (an OR would scan the namespace)
            sql += (
                " AND r.rowid IN (SELECT rowid FROM relations WHERE namespace = ? AND "
                "subject_id = ? UNION SELECT rowid FROM relations WHERE namespace = ? AND "
                "object_id = ?)"
            )
            params.extend([namespace, entity_id, namespace, entity_id])
        if type is not None:
            # with an entity given, its index is the selective one; "+" keeps SQLite from
            # walking every relation of a common type instead
            anchored = subject_id is not None or object_id is not None or entity_id is not None
            sql += " AND +r.type = ?" if anchored else " AND r.type = ?"
            params.append(type)
        if current_only:
            sql += " AND r.valid_to_step IS NULL"
        with self._read() as conn:
            if newest is None:
                rows = conn.execute(sql + " ORDER BY r.seq", params).fetchall()
            else:
                # the newest matches, returned oldest first like the unbounded read
                limited = sql + " ORDER BY r.seq DESC LIMIT ?"
                rows = conn.execute(limited, [*params, max(newest, 0)]).fetchall()[::-1]
        return [
            Relation(
                namespace=r["namespace"],
                id=r["id"],
                subject_id=r["subject_id"],
                type=r["type"],
                object_id=r["object_id"],
                subject_name=r["subject_name"] or r["subject_id"],
                object_name=r["object_name"],
                attributes=json.loads(r["attributes"]),
                valid_from_step=r["valid_from_step"],
                valid_from=datetime.fromisoformat(r["valid_from"]),
                recorded_at=datetime.fromisoformat(r["recorded_at"]),
                valid_to_step=r["valid_to_step"],
                valid_to=_dt(r["valid_to"]),
                expired_at=_dt(r["expired_at"]),
                superseded_by=r["superseded_by"],
                statement_id=r["statement_id"],
                confirmations=r["confirmations"],
            )
            for r in rows
        ]

    # ------------------------------------------------------------------------------ stats
    def stats(self, namespace: str | None = None) -> StoreStats:
        where, params = ("WHERE namespace = ?", (namespace,)) if namespace is not None else ("", ())
        counts: dict[str, int] = {}
        with self._read() as conn:
            for key, table in (
                ("statements", "statements"),
                ("concepts", "concepts"),
                ("links", "links"),
                ("entities", "entities"),
                ("relations", "relations"),
            ):
                counts[key] = conn.execute(
                    f"SELECT COUNT(*) FROM {table} {where}", params
                ).fetchone()[0]
            cur_where = f"{where} {'AND' if where else 'WHERE'} valid_to_step IS NULL"
            counts["current"] = conn.execute(
                f"SELECT COUNT(*) FROM relations {cur_where}",
                params,
            ).fetchone()[0]
            steps = conn.execute(
                f"SELECT COALESCE(SUM(step), 0) FROM namespaces {where}", params
            ).fetchone()[0]
        return StoreStats(
            namespace=namespace,
            steps=int(steps),
            statements=counts["statements"],
            concepts=counts["concepts"],
            links=counts["links"],
            entities=counts["entities"],
            relations=counts["relations"],
            current_relations=counts["current"],
        )

    def namespaces(self) -> list[str]:
        with self._read() as conn:
            return [
                r[0] for r in conn.execute("SELECT namespace FROM namespaces ORDER BY namespace")
            ]
