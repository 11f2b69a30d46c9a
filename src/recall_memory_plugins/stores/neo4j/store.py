"""``Neo4jGraphStore``: the GraphStore on a Neo4j 5 server or cluster (``pip install ...[neo4j]``)."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..._optional import require
from ...errors import (
    ConfigurationError,
    InputError,
    RecallError,
    SchemaVersionError,
    StoreError,
    StoreUnavailableError,
)
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
from ..base import newest_per_alias, score_terms_by_postings, sorted_pair
from . import cypher
from .config import Neo4jConfig, redact_uri
from .schema import (
    LATEST_VERSION,
    MAX_NAMESPACE_BYTES,
    MIGRATIONS,
    PROPERTY_KEYS,
    RELATIONSHIP_TYPES,
    SCHEMA_NODE_NAME,
    STATEMENT_COUNTER,
    index_key,
)

if TYPE_CHECKING:
    from neo4j import Driver

__all__ = ["Neo4jGraphStore"]

logger = logging.getLogger(__name__)

_UNLIMITED = 1 << 62  # what SQLite's "LIMIT -1" means; Cypher's LIMIT must be >= 0
_PURPOSE = "the Neo4j graph store"
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_NOTHING_WRITTEN = "nothing of this call was written"
_ROLLED_BACK = (
    "the batch's transaction was rolled back: the updates applied in the batch since its last "
    "commit were not stored; check current_step() before retrying"
)


class _Batch:
    """The shared transaction of one thread's :meth:`Neo4jGraphStore.batch` block."""

    __slots__ = ("failed", "session", "steps", "tx", "updates")

    def __init__(self) -> None:
        self.session: Any = None  # opened on first use, closed when the block ends
        self.tx: Any = None  # the open explicit transaction, None between commits
        self.updates = 0  # updates applied in ``tx``
        self.failed: str | None = None  # why the transaction was rolled back
        # the clocks ``tx`` has advanced: nobody else can change them before it ends, since it
        # holds their write locks, so reading them again needs no round trip
        self.steps: dict[str, int] = {}


def _utc(value: Any) -> datetime:
    """A stored Neo4j DateTime (or ISO string) as an aware UTC ``datetime``."""
    if hasattr(value, "to_native"):
        value = value.to_native()
    elif isinstance(value, str):
        value = datetime.fromisoformat(value)
    if not isinstance(value, datetime) or value.tzinfo is None:
        raise StoreError(f"stored timestamp {value!r} is not timezone-aware")
    return value.astimezone(timezone.utc)


def _utc_or_none(value: Any) -> datetime | None:
    return None if value is None else _utc(value)


def _aware(value: datetime) -> datetime:
    if not isinstance(value, datetime) or value.tzinfo is None or value.utcoffset() is None:
        raise InputError("timestamps must be timezone-aware (UTC); got a naive datetime")
    return value.astimezone(timezone.utc)


def _keys(values: Iterable[str]) -> list[str]:
    return [index_key(v) for v in values]


def _key_or_none(value: str | None) -> str | None:
    return None if value is None else index_key(value)


def _check_namespace(namespace: str) -> str:
    if not isinstance(namespace, str) or not namespace:
        raise InputError(f"namespace must be a non-empty string, got {namespace!r}")
    if len(namespace.encode("utf-8")) > MAX_NAMESPACE_BYTES:
        raise InputError(
            f"namespace is longer than {MAX_NAMESPACE_BYTES} UTF-8 bytes, the most a Neo4j index "
            "key can hold next to a name"
        )
    return namespace


def _limit(value: int | None) -> int:
    """SQLite's LIMIT semantics (None or negative = no limit) as a Cypher LIMIT value."""
    return _UNLIMITED if value is None or value < 0 else int(value)


def _entity(namespace: str, e: Mapping[str, Any]) -> Entity:
    return Entity(
        namespace=namespace,
        id=e["id"],
        name=e["name"],
        type=e["type"],
        aliases=tuple(e["aliases"] or ()),
        first_step=int(e["first_step"]),
        last_step=int(e["last_step"]),
    )


class Neo4jGraphStore:
    """The graph store on Neo4j 5 (Community, Enterprise or Aura), with or without APOC.

    Args:
        uri: ``bolt://host:7687`` (one server) or ``neo4j://host:7687`` (routing: clusters,
            Aura); ``+s``/``+ssc`` for TLS. Mutually exclusive with ``driver``.
        auth: ``(username, password)``; None for a server without authentication.
        database: database name (None: the user's home database).
        driver: an existing ``neo4j.Driver`` to use instead; the caller closes it.
        use_apoc: expand with APOC (True), plain Cypher (False), or detect once in
            :meth:`setup` (None).
        max_transaction_retry_time: seconds the driver retries a transaction (transient errors,
            leader switches, an unreachable server) before the store raises.
        connection_timeout: seconds to wait for a TCP connection.
        driver_options: further keyword arguments for ``neo4j.GraphDatabase.driver``.
        clear_batch_size: nodes, and relationships, of each kind :meth:`clear` deletes per
            transaction.
        batch_commit_every: updates a :meth:`batch` applies per transaction before it commits
            and opens the next, so one long batch stays within the server's transaction memory.

    The constructor performs no I/O and no DDL: call :meth:`setup` once (idempotent) before use.
    The store is thread-safe (the driver pools connections; each call uses its own session, a
    :meth:`batch` one session per thread) and causally consistent for its own reads after its
    own writes (one bookmark manager per store).

    Raises:
        MissingDependencyError: the ``neo4j`` driver is not installed (extra ``[neo4j]``).
        ConfigurationError: invalid or conflicting connection options.
    """

    name = "neo4j"

    def __init__(
        self,
        uri: str | None = None,
        *,
        auth: tuple[str, str] | None = None,
        database: str | None = None,
        driver: Driver | None = None,
        use_apoc: bool | None = None,
        max_transaction_retry_time: float = 30.0,
        connection_timeout: float = 30.0,
        driver_options: Mapping[str, Any] | None = None,
        clear_batch_size: int = 10_000,
        batch_commit_every: int = 500,
    ) -> None:
        self._neo4j: ModuleType = require("neo4j", extra="neo4j", purpose=_PURPOSE)
        if (uri is None) == (driver is None):
            raise ConfigurationError("pass either a Neo4j uri or an existing driver (exactly one)")
        if clear_batch_size < 1:
            raise ConfigurationError("clear_batch_size must be >= 1")
        self._clear_batch = int(clear_batch_size)
        if not isinstance(batch_commit_every, int) or batch_commit_every < 1:
            raise ConfigurationError(
                f"batch_commit_every must be an int >= 1, got {batch_commit_every!r}"
            )
        self._batch_commit_every = batch_commit_every
        self._local = threading.local()  # .batch: the thread's open _Batch, if any
        self._database = database
        self._use_apoc = use_apoc
        self._apoc_checked = False
        self._lock = threading.Lock()
        self._closed = False
        if driver is not None:
            self._driver = driver
            self._owns_driver = False
            self.uri = self._describe_driver(driver)
        else:
            assert uri is not None
            Neo4jConfig(uri=uri)  # validates the scheme
            self.uri = redact_uri(uri)
            try:
                self._driver = self._neo4j.GraphDatabase.driver(
                    uri,
                    auth=auth,
                    max_transaction_retry_time=max_transaction_retry_time,
                    connection_timeout=connection_timeout,
                    **dict(driver_options or {}),
                )
            except (ValueError, TypeError, self._neo4j.exceptions.ConfigurationError) as exc:
                raise ConfigurationError(
                    f"invalid Neo4j driver options for {self.uri}: {type(exc).__name__}: "
                    f"{str(exc).replace(uri, self.uri)}"
                ) from exc
            self._owns_driver = True
        self._user = auth[0] if auth else None
        self._bookmarks = self._neo4j.GraphDatabase.bookmark_manager()

    @classmethod
    def from_config(cls, config: Neo4jConfig, **kwargs: Any) -> Neo4jGraphStore:
        """A store that opens (and later closes) its own driver from ``config``.

        Args:
            config: connection options, e.g. ``Neo4jConfig.from_env()``.
            **kwargs: further constructor options (e.g. ``driver_options``).
        """
        return cls(
            config.uri,
            auth=config.auth,
            database=config.database,
            use_apoc=config.use_apoc,
            max_transaction_retry_time=config.max_transaction_retry_time,
            connection_timeout=config.connection_timeout,
            **kwargs,
        )

    @staticmethod
    def _describe_driver(driver: Any) -> str:
        # the driver keeps no public URI; its (initial) address is enough to say where it points
        address = getattr(driver, "_address", None) or getattr(
            getattr(driver, "_pool", None), "address", None
        )
        routing = type(driver).__name__ == "Neo4jDriver"
        scheme = "neo4j" if routing else "bolt"
        return f"{scheme}://{address}" if address else f"{scheme}://<injected driver>"

    # ------------------------------------------------------------------------------ lifecycle
    def __enter__(self) -> Neo4jGraphStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        db = f", database={self._database!r}" if self._database else ""
        return f"Neo4jGraphStore(uri={self.uri!r}{db})"

    def close(self) -> None:
        """Close the driver if this store opened it (an injected driver stays open)."""
        with self._lock:
            if not self._closed and self._owns_driver:
                self._driver.close()
            self._closed = True

    @property
    def uses_apoc(self) -> bool | None:
        """Whether :meth:`expand` uses APOC (None until detected by :meth:`setup`)."""
        return self._use_apoc

    def setup(self) -> None:
        """Create constraints and indexes (idempotent), record the schema version, detect APOC.

        Raises:
            SchemaVersionError: the database was set up by a newer version of this library.
            ConfigurationError: ``use_apoc=True`` but the server has no APOC.
            StoreUnavailableError: the server cannot be reached.

        Inside a :meth:`batch`, the batch's updates so far are committed first: DDL runs in
        transactions of its own, which would wait for the locks the batch holds.
        """
        self._commit_pending()
        current = self.schema_version()
        if current > LATEST_VERSION:
            raise SchemaVersionError(
                f"Neo4j database at {self.uri} has recall schema version {current}, newer than "
                f"this library supports ({LATEST_VERSION}); upgrade recall-memory-plugins"
            )
        for version, description, statements in MIGRATIONS:
            if version <= current:
                continue
            for ddl in statements:
                self._ddl(ddl, {"tokens": PROPERTY_KEYS, "types": RELATIONSHIP_TYPES})
            self._run(
                "wait for the new indexes",
                "CALL db.awaitIndexes($seconds)",
                {"seconds": 300},
                write=True,
                shared=False,
            )
            self._run(
                "record the schema version",
                cypher.WRITE_SCHEMA_VERSION,
                {
                    "name": SCHEMA_NODE_NAME,
                    "version": version,
                    "description": description,
                    "applied_at": datetime.now(timezone.utc),
                    "counter": STATEMENT_COUNTER,
                },
                write=True,
                shared=False,
            )
            logger.info(
                "applied Neo4j schema migration %s (%s) on %s", version, description, self.uri
            )
        self._detect_apoc(force=True)

    def _ddl(self, statement: str, params: Mapping[str, Any]) -> None:
        try:
            self._run("create the schema", statement, params, write=True, shared=False)
        except StoreError as exc:
            # two processes running setup() at once: the other one created it first
            cause = exc.__cause__
            code = getattr(cause, "code", "") or ""
            if "EquivalentSchemaRuleAlreadyExists" not in code:
                raise
            logger.debug("schema rule already exists: %s", statement)

    def schema_version(self) -> int:
        """The recorded schema version (0 when :meth:`setup` never ran)."""
        rows = self._run(
            "read the schema version",
            cypher.READ_SCHEMA_VERSION,
            {"name": SCHEMA_NODE_NAME},
            quiet=True,
        )
        value = rows[0]["version"] if rows else None
        return int(value) if value is not None else 0

    def _detect_apoc(self, *, force: bool = False) -> bool:
        with self._lock:
            if not force and (self._apoc_checked or self._use_apoc is not None):
                return bool(self._use_apoc)
        try:
            rows = self._run("detect APOC", cypher.DETECT_APOC, {}, shared=False)
            available = bool(rows and rows[0]["apoc"])
        except StoreUnavailableError:
            raise
        except StoreError as exc:
            # e.g. a user without the privilege to list functions: plain Cypher always works
            logger.warning(
                "cannot detect APOC on %s, expanding with plain Cypher: %s", self.uri, exc
            )
            available = False
        with self._lock:
            if self._use_apoc is None:
                self._use_apoc = available
                logger.info(
                    "Neo4j store on %s expands with %s",
                    self.uri,
                    "APOC" if available else "plain Cypher",
                )
            elif self._use_apoc and not available:
                raise ConfigurationError(
                    f"use_apoc=True but the Neo4j server at {self.uri} has no APOC "
                    "(apoc.coll.sortMulti); install APOC core or pass use_apoc=False/None"
                )
            self._apoc_checked = True
            return bool(self._use_apoc)

    # ------------------------------------------------------------------------------ plumbing
    @contextmanager
    def _errors(self, action: str, *, batched: bool = False) -> Iterator[None]:
        """Translate driver errors into the library's errors (no credentials in messages).

        ``batched``: the call ran in a batch's transaction, which the caller has rolled back.
        """
        exc_mod = self._neo4j.exceptions
        outcome = _ROLLED_BACK if batched else _NOTHING_WRITTEN
        try:
            yield
        except RecallError:
            raise
        except exc_mod.IncompleteCommit as exc:
            raise StoreError(
                f"the connection to Neo4j at {self.uri} broke while committing ({action}); the "
                "write may or may not have been stored: check current_step() before retrying"
            ) from exc
        except (exc_mod.ServiceUnavailable, exc_mod.SessionExpired) as exc:
            raise StoreUnavailableError(
                f"Neo4j at {self.uri} is unavailable (could not {action}): {exc}. Check that the "
                f"server is running and reachable; {outcome}"
            ) from exc
        except exc_mod.AuthError as exc:
            raise StoreUnavailableError(
                f"Neo4j at {self.uri} rejected the credentials of "
                f"{'user ' + repr(self._user) if self._user else 'the configured user'} (could "
                f"not {action}): check NEO4J_USERNAME / NEO4J_PASSWORD"
            ) from exc
        except exc_mod.Neo4jError as exc:
            raise StoreError(
                f"Neo4j at {self.uri} could not {action} "
                f"({'nothing was written' if not batched else outcome}): "
                f"{exc.code}: {exc.message}"
            ) from exc
        except exc_mod.DriverError as exc:
            suffix = f"; {outcome}" if batched else ""
            raise StoreError(
                f"Neo4j driver error for {self.uri} ({action}): {exc}{suffix}"
            ) from exc

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError(f"the Neo4j store for {self.uri} is closed")

    def _run(
        self,
        action: str,
        query: str,
        params: Mapping[str, Any],
        *,
        write: bool = False,
        transform: Callable[[Any], Any] | None = None,
        quiet: bool = False,
        shared: bool = True,
    ) -> Any:
        """One query in one managed transaction (retried by the driver), one round trip + commit.

        Inside a :meth:`batch` (unless ``shared`` is False or ``quiet``), the query runs in the
        batch's transaction instead: no commit, no retries, and it sees the batch's writes.

        ``transform`` runs inside the transaction on the driver's result; raising there rolls the
        transaction back. Without it, the records are returned as a list of dicts. In a batch, a
        :class:`RecallError` raised by ``transform`` leaves the transaction open, so the query
        must not have written anything when ``transform`` rejects its result.
        """
        self._check_open()
        batch = self._batch() if shared and not quiet else None
        if batch is not None:
            return self._run_in_batch(batch, action, query, params, transform)
        routing = self._neo4j.RoutingControl.WRITE if write else self._neo4j.RoutingControl.READ
        with self._errors(action):
            if quiet:
                # before setup() the labels/keys a query names may not exist yet: that is
                # expected, so the server's "does not exist" notifications are switched off
                with self._driver.session(
                    database=self._database,
                    bookmark_manager=self._bookmarks,
                    notifications_min_severity="OFF",
                ) as session:
                    work = session.execute_write if write else session.execute_read
                    return work(lambda tx: (transform or _records)(tx.run(query, dict(params))))
            return self._driver.execute_query(
                query,
                dict(params),
                routing_=routing,
                database_=self._database,
                bookmark_manager_=self._bookmarks,
                result_transformer_=transform or _records,
            )

    # ------------------------------------------------------------------------------ writes
    def _batch(self) -> _Batch | None:
        batch: _Batch | None = getattr(self._local, "batch", None)
        return batch

    def _run_in_batch(
        self,
        batch: _Batch,
        action: str,
        query: str,
        params: Mapping[str, Any],
        transform: Callable[[Any], Any] | None,
    ) -> Any:
        if batch.failed is not None:
            raise StoreError(
                f"Neo4j at {self.uri}: cannot {action} in this batch, its transaction was rolled "
                f"back after an earlier error ({batch.failed}); leave the batch() block"
            )
        with self._errors(action, batched=True):
            try:
                if batch.tx is None:
                    if batch.session is None:
                        batch.session = self._driver.session(
                            database=self._database, bookmark_manager=self._bookmarks
                        )
                    batch.tx = batch.session.begin_transaction()
                    batch.updates = 0
                return (transform or _records)(batch.tx.run(query, dict(params)))
            except RecallError:
                raise  # rejected by transform before anything was written: the batch goes on
            except BaseException:
                # a server error has already ended the transaction (Neo4j has no savepoints);
                # anything else (a broken connection, an interrupt) leaves it in doubt
                self._abort(batch, f"could not {action}")
                raise

    def _abort(self, batch: _Batch, reason: str) -> None:
        """Roll back the batch's transaction; the block's later calls raise StoreError."""
        batch.failed = reason
        batch.steps.clear()
        tx, batch.tx = batch.tx, None
        if tx is not None:
            try:
                tx.close()
            except (self._neo4j.exceptions.DriverError, self._neo4j.exceptions.Neo4jError) as exc:
                logger.debug("rolling back a batch on %s failed too: %s", self.uri, exc)

    def _commit(self, batch: _Batch) -> None:
        """Commit the batch's open transaction, if any; the next query opens a new one."""
        tx = batch.tx
        if tx is None:
            return
        batch.steps.clear()
        try:
            with self._errors("commit the batch", batched=True):
                try:
                    tx.commit()
                except BaseException:
                    self._abort(batch, "could not commit")
                    raise
        finally:
            batch.tx = None
        logger.debug("committed a batch of %s updates on %s", batch.updates, self.uri)
        batch.updates = 0

    def _commit_pending(self) -> None:
        """Inside a batch: commit its updates so far, before a call that needs its own
        transactions (which would wait for the locks the batch holds)."""
        batch = self._batch()
        if batch is None:
            return
        if batch.failed is not None:
            raise StoreError(
                f"Neo4j at {self.uri}: this batch's transaction was rolled back after an earlier "
                f"error ({batch.failed}); leave the batch() block"
            )
        self._commit(batch)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """One explicit transaction for the calls of this thread inside the block.

        Every query of the thread inside the block (reads too, so they see the batch's
        uncommitted writes) runs in one transaction, committed when the block ends, and every
        ``batch_commit_every`` updates before that. A nested ``batch()`` joins the outer one.
        Other threads do not see the batch's writes before a commit, and their updates wait for
        it (every update locks the store-wide statement counter until its commit).

        Each update stays all-or-nothing: one the store rejects (a link to an unknown concept,
        the end of a relation that is not current, a relation id added twice) writes nothing and
        raises, and when the block ends, normally or by any error, the updates that completed are
        committed. A server or connection error, however, ends the transaction (Neo4j has no
        savepoints): it is rolled back, and the :class:`StoreError` raised says that the updates
        applied in the batch since its last commit were not stored; further calls inside the
        block raise too. Queries run without the driver's retries (a transaction cannot be
        replayed). :meth:`setup` and :meth:`clear` run in transactions of their own and commit
        the batch first.

        Raises:
            StoreError: the commit failed (the batch's updates since its last commit were rolled
                back, or, for a connection lost while committing, may or may not be stored).
        """
        if self._batch() is not None:
            yield  # nested: the outer block commits
            return
        self._check_open()
        batch = _Batch()
        self._local.batch = batch
        try:
            yield
        finally:
            try:
                if batch.failed is None:
                    self._commit(batch)
            finally:
                self._local.batch = None
                session, batch.session = batch.session, None
                if session is not None:
                    try:
                        session.close()
                    except (
                        self._neo4j.exceptions.DriverError,
                        self._neo4j.exceptions.Neo4jError,
                    ) as exc:
                        logger.debug("closing a batch's session on %s failed: %s", self.uri, exc)

    def apply_update(self, update: GraphUpdate) -> UpdateResult:
        ns = _check_namespace(update.namespace)
        at = _aware(update.at)
        n = len(update.statements)
        statements = []
        total_length = 0
        for st in update.statements:
            length = sum(st.terms.values())
            total_length += length
            statements.append(
                {
                    "text": st.text,
                    "speaker": st.speaker,
                    "source": st.source,
                    "length": length,
                    "terms": [
                        {"term": t, "key": index_key(t), "tf": tf} for t, tf in st.terms.items()
                    ],
                }
            )
        concepts = [
            {
                "name": m.name,
                "key": index_key(m.name),
                "alias": m.alias or None,
                "idx": sorted({i for i in m.statement_indexes if 0 <= i < n}),
            }
            for m in update.concepts
        ]
        links = []
        for source, target, count in update.links:
            a, b = sorted_pair(source, target)
            links.append(
                {
                    "source": a,
                    "target": b,
                    "source_key": index_key(a),
                    "target_key": index_key(b),
                    "count": count,
                }
            )
        entities = []
        for ent in update.entities:
            aliases = [a for a in (ent.name, *ent.aliases) if a]
            entities.append(
                {
                    "id": ent.id,
                    "key": index_key(ent.id),
                    "name": ent.name,
                    "type": ent.type,
                    "aliases": aliases,
                    "alias_keys": [a.casefold() for a in aliases],
                }
            )
        changes = []
        for ch in update.relation_changes:
            if ch.op not in ("add", "end", "confirm"):
                raise InputError(f"unknown relation change {ch.op!r}")
            changes.append(
                {
                    "op": ch.op,
                    "id": ch.relation_id,
                    "key": index_key(ch.relation_id),
                    "type": ch.type,
                    "subject_id": ch.subject_id,
                    "subject_key": index_key(ch.subject_id),
                    "object_id": ch.object_id,
                    "object_key": None if ch.object_id is None else index_key(ch.object_id),
                    "attributes_json": json.dumps(dict(ch.attributes), ensure_ascii=False),
                    "superseded_by": ch.superseded_by,
                    "sidx": ch.statement_index if 0 <= ch.statement_index < n else None,
                }
            )
        params = {
            "ns": ns,
            "at": at,
            "counter": STATEMENT_COUNTER,
            "statements": statements,
            "total_length": total_length,
            "concepts": concepts,
            "context_limit": max(1, update.context_limit),
            "links": links,
            "entities": entities,
            "changes": changes,
        }

        def check(result: Any) -> tuple[int, int]:
            # runs inside the transaction: raising here rolls the whole update back
            record = result.single()
            if record is None:
                raise StoreError(
                    f"the Neo4j database at {self.uri} is not set up for recall-memory-plugins: "
                    "call store.setup() first"
                )
            # the query wrote nothing when one of its checks failed
            if record["not_current"]:
                raise InputError(f"cannot end relation {record['not_current'][0]!r}: not current")
            if record["missing"]:
                a, b = record["missing"][0]
                raise InputError(
                    f"link ({a!r}, {b!r}) names a concept that is neither stored nor in the update"
                )
            if record["duplicate"]:
                raise StoreError(
                    f"relation id {record['duplicate'][0]!r} already exists in namespace {ns!r} "
                    "(a relation id is unique in its namespace; nothing was written)"
                )
            return int(record["step"]), int(record["base"])

        step, base = self._run(
            "store the update", cypher.APPLY_UPDATE, params, write=True, transform=check
        )
        batch = self._batch()
        if batch is not None:
            batch.steps[ns] = step
            batch.updates += 1
            if batch.updates >= self._batch_commit_every:
                self._commit(batch)
        return UpdateResult(
            namespace=ns, t_index=step, statement_ids=tuple(range(base + 1, base + n + 1))
        )

    def clear(self, namespace: str) -> None:
        """Hard-delete every node of ``namespace``.

        Relationships go first, then nodes, the clock last, each at most ``clear_batch_size`` per
        kind and transaction (two transactions for a small namespace; re-run ``clear`` after an
        interruption). Inside a :meth:`batch`, the batch's updates so far are committed first.
        """
        self._commit_pending()
        while True:
            rows = self._run(
                "forget the namespace",
                cypher.CLEAR_RELATIONSHIPS,
                {"ns": namespace, "batch": self._clear_batch},
                write=True,
                shared=False,
            )
            if all(c < self._clear_batch for c in rows[0]["counts"]):
                break
            logger.debug("forgetting %r: deleted relationships %s", namespace, rows[0]["counts"])
        while True:
            rows = self._run(
                "forget the namespace",
                cypher.CLEAR_BATCH,
                {"ns": namespace, "batch": self._clear_batch},
                write=True,
                shared=False,
            )
            if rows[0]["clocks"] or all(c < self._clear_batch for c in rows[0]["counts"]):
                return
            logger.debug("forgetting %r: deleted a batch %s", namespace, rows[0]["counts"])

    # ------------------------------------------------------------------------------ reads
    def current_step(self, namespace: str) -> int:
        batch = self._batch()
        if batch is not None and namespace in batch.steps:
            self._check_open()
            return batch.steps[namespace]
        rows = self._run("read the clock", cypher.CURRENT_STEP, {"ns": namespace})
        step = rows[0]["step"] if rows else None
        return int(step) if step is not None else 0

    @staticmethod
    def _statement(namespace: str, row: Sequence[Any]) -> Statement:
        """A statement from its ``cypher._STATEMENT_ROW`` list."""
        sid, text, t_index, speaker, source, at_s, at_us = row
        return Statement(
            id=int(sid),
            namespace=namespace,
            text=text,
            t_index=int(t_index),
            at=_EPOCH + timedelta(seconds=int(at_s), microseconds=int(at_us)),
            speaker=speaker,
            source=source,
        )

    def _statements(
        self, namespace: str, action: str, query: str, params: Mapping[str, Any]
    ) -> list[Statement]:
        rows = self._run(action, query, params)
        return [self._statement(namespace, r) for r in rows[0]["statements"]]

    def get_statements(self, namespace: str, ids: Sequence[int]) -> list[Statement]:
        wanted = [int(i) for i in ids]
        statements = self._statements(
            namespace,
            "read statements",
            cypher.GET_STATEMENTS,
            {"ns": namespace, "ids": list(dict.fromkeys(wanted))},
        )
        found = {s.id: s for s in statements}
        return [found[i] for i in wanted if i in found]

    def find_recent_statements(self, namespace: str, *, limit: int) -> list[Statement]:
        return self._statements(
            namespace,
            "read statements",
            cypher.FIND_RECENT_STATEMENTS,
            {"ns": namespace, "limit": _limit(limit)},
        )

    def find_statements(
        self,
        namespace: str,
        *,
        since_step: int = 0,
        until_step: int | None = None,
        limit: int | None = None,
    ) -> list[Statement]:
        return self._statements(
            namespace,
            "read statements",
            cypher.FIND_STATEMENTS,
            {
                "ns": namespace,
                "since": since_step,
                "until": until_step if until_step is not None else _UNLIMITED,
                "limit": _limit(limit),
            },
        )

    def statements_at(self, namespace: str, steps: Iterable[int]) -> list[Statement]:
        wanted = sorted({int(t) for t in steps})
        if not wanted:
            return []
        return self._statements(
            namespace, "read statements", cypher.STATEMENTS_AT, {"ns": namespace, "steps": wanted}
        )

    @staticmethod
    def _concept(namespace: str, row: Mapping[str, Any], depth: int = 0) -> Concept:
        return Concept(
            namespace=namespace,
            name=row["name"],
            t_index=int(row["t_index"]),
            revision_count=int(row["revision_count"]),
            mentions=int(row["mentions"]),
            aliases=tuple(row["aliases"] or ()),
            depth=depth,
        )

    def find_concepts(self, namespace: str, names: Iterable[str]) -> list[Concept]:
        wanted = list(dict.fromkeys(names))
        if not wanted:
            return []
        rows = self._run(
            "read concepts", cypher.FIND_CONCEPTS, {"ns": namespace, "keys": _keys(wanted)}
        )
        found = {r["c"]["name"]: self._concept(namespace, r["c"]) for r in rows}
        return [found[n] for n in wanted if n in found]

    def find_links(self, namespace: str, names: Iterable[str] | None = None) -> list[ConceptLink]:
        if names is None:
            rows = self._run("read links", cypher.FIND_LINKS_ALL, {"ns": namespace})
        else:
            wanted = list(dict.fromkeys(names))
            if not wanted:
                return []
            rows = self._run(
                "read links", cypher.FIND_LINKS_OF, {"ns": namespace, "keys": _keys(wanted)}
            )
        links = {
            (r["source"], r["target"]): ConceptLink(
                namespace, r["source"], r["target"], int(r["strength"]), int(r["t_index"])
            )
            for r in rows
        }
        # Python (code point) order, as SQLite's BINARY collation; Cypher sorts UTF-16 units
        return [links[k] for k in sorted(links)]

    def expand(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        depth: int,
        min_t_index: int,
        max_neighbors: int,
    ) -> Subgraph:
        wanted = list(dict.fromkeys(names))
        if not wanted:
            return Subgraph(concepts=(), links=())
        hops = max(0, int(depth)) if int(max_neighbors) > 0 else 0
        params = {
            "ns": namespace,
            "keys": _keys(wanted),
            "min_t_index": int(min_t_index),
            "max_neighbors": max(0, int(max_neighbors)),
            "depth": hops,
        }
        if hops > 32:
            raise InputError(f"expand depth must be at most 32, got {depth!r}")
        query = cypher.EXPAND_APOC if self._detect_apoc() else cypher.expand_plain(hops)
        rows = self._run("expand the concept graph", query, params)
        row = rows[0]
        props = {c["name"]: c for c in row["concepts"]}
        adjacency: dict[str, list[Mapping[str, Any]]] = {
            a["origin"]: a["picks"] for a in row["adjacency"]
        }
        # Rebuild depths, links and the discovery order exactly like the SQLite store's BFS.
        starts = [n for n in wanted if n in props]
        depths: dict[str, int] = {n: 0 for n in starts}
        links: dict[tuple[str, str], ConceptLink] = {}
        frontier = list(starts)
        for level in range(1, hops + 1):
            next_frontier: list[str] = []
            for origin in frontier:
                for pick in adjacency.get(origin, ()):
                    other = pick["name"]
                    a, b = sorted_pair(origin, other)
                    links[(a, b)] = ConceptLink(
                        namespace, a, b, int(pick["strength"]), int(pick["t_index"])
                    )
                    if other not in depths:
                        depths[other] = level
                        next_frontier.append(other)
            frontier = next_frontier
        concepts = tuple(self._concept(namespace, props[n], d) for n, d in depths.items())
        return Subgraph(concepts=concepts, links=tuple(links[k] for k in sorted(links)))

    def find_contexts(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        limit_per_concept: int,
    ) -> dict[str, list[Statement]]:
        wanted = list(dict.fromkeys(names))
        if not wanted:
            return {}
        rows = self._run(
            "read contexts",
            cypher.FIND_CONTEXTS,
            {"ns": namespace, "keys": _keys(wanted), "limit": _limit(limit_per_concept)},
        )
        if not rows:
            return {}
        statements = {int(s[0]): self._statement(namespace, s) for s in rows[0]["statements"]}
        found = {
            c["name"]: [statements[int(i)] for i in reversed(c["ids"])]
            for c in rows[0]["contexts"]
            if c["ids"]
        }
        return {n: found[n] for n in wanted if n in found}

    def find_context_ids(
        self,
        namespace: str,
        names: Iterable[str],
        *,
        limit_per_concept: int,
    ) -> dict[str, list[tuple[int, int]]]:
        wanted = list(dict.fromkeys(names))
        if not wanted:
            return {}
        rows = self._run(
            "read context ids",
            cypher.FIND_CONTEXT_IDS,
            {"ns": namespace, "keys": _keys(wanted), "limit": _limit(limit_per_concept)},
        )
        found = {
            name: [(int(i), int(t)) for i, t in reversed(members)]
            for name, members in rows[0]["contexts"]
            if members
        }
        return {n: found[n] for n in wanted if n in found}

    # ------------------------------------------------------------------------------ lexical
    def count_statements(self, namespace: str) -> tuple[int, float]:
        rows = self._run("count statements", cypher.COUNT_STATEMENTS, {"ns": namespace})
        if not rows or not rows[0]["n"]:
            return 0, 0.0
        n = int(rows[0]["n"])
        return n, int(rows[0]["total"]) / n

    def term_frequencies(self, namespace: str, terms: Iterable[str]) -> dict[str, int]:
        wanted = list(dict.fromkeys(terms))
        if not wanted:
            return {}
        rows = self._run(
            "read term frequencies",
            cypher.TERM_FREQUENCIES,
            {"ns": namespace, "keys": _keys(wanted)},
        )
        found = {r["term"]: int(r["df"]) for r in rows}
        return {t: found[t] for t in wanted if t in found}

    def find_postings(
        self,
        namespace: str,
        terms: Iterable[str],
        *,
        limit_per_term: int,
    ) -> list[TermPosting]:
        wanted = list(dict.fromkeys(terms))
        if not wanted:
            return []
        rows = self._run(
            "read postings",
            cypher.FIND_POSTINGS,
            {"ns": namespace, "keys": _keys(wanted), "limit": _limit(limit_per_term)},
        )
        by_term = {r["term"]: r["hits"] for r in rows}
        hits: dict[int, dict[str, int]] = {}
        meta: dict[int, tuple[int, int]] = {}
        for term in wanted:  # the SQLite store's order: term by term, newest statement first
            for sid, tf, t_index, length in by_term.get(term, ()):
                hits.setdefault(int(sid), {})[term] = int(tf)
                meta[int(sid)] = (int(t_index), int(length))
        return [
            TermPosting(statement_id=sid, t_index=meta[sid][0], length=meta[sid][1], terms=t)
            for sid, t in hits.items()
        ]

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
        return score_terms_by_postings(self, namespace, terms, avg_len=avg_len, top=top, k1=k1, b=b)

    # ------------------------------------------------------------------------------ entities
    def find_entities(
        self,
        namespace: str,
        *,
        ids: Iterable[str] | None = None,
        aliases: Iterable[str] | None = None,
        type: str | None = None,
        newest: int | None = None,
    ) -> list[Entity]:
        params: dict[str, Any] = {"ns": namespace, "type": type, "alias_keys": None}
        if aliases is not None:
            alias_keys = list(dict.fromkeys(a.casefold() for a in aliases))
            if not alias_keys:
                return []
            params["alias_keys"] = alias_keys
        if ids is not None:
            params["keys"] = _keys(dict.fromkeys(ids))
            if not params["keys"]:
                return []
            query = cypher.ENTITIES_BY_ID
        else:
            query = cypher.ENTITIES_BY_NAMESPACE
        rows = self._run("read entities", query, params)
        entities = [_entity(namespace, e) for e in rows[0]["entities"]]
        if newest is not None and params["alias_keys"] is not None:
            return newest_per_alias(entities, params["alias_keys"], max(0, int(newest)))
        return sorted(entities, key=lambda e: (e.first_step, e.id))

    def find_recent_entities(self, namespace: str, *, limit: int) -> list[Entity]:
        rows = self._run(
            "read recent entities", cypher.RECENT_ENTITIES, {"ns": namespace, "limit": int(limit)}
        )
        return [_entity(namespace, e) for e in rows[0]["entities"]]

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
        if subject_id is not None:
            query = cypher.RELATIONS["subject"]
        elif object_id is not None:
            query = cypher.RELATIONS["object"]
        elif entity_id is not None:
            query = cypher.RELATIONS["entity"]
        else:
            query = cypher.RELATIONS["namespace"]
        rows = self._run(
            "read relations",
            query,
            {
                "ns": namespace,
                "subject_key": _key_or_none(subject_id),
                "object_key": _key_or_none(object_id),
                "entity_key": _key_or_none(entity_id),
                "type": type,
                "current_only": bool(current_only),
                "newest": 2**62 if newest is None else max(int(newest), 0),
            },
        )
        out: list[Relation] = []
        for row in rows[0]["relations"]:
            r = row["r"]
            out.append(
                Relation(
                    namespace=namespace,
                    id=r["id"],
                    subject_id=r["subject_id"],
                    type=r["type"],
                    object_id=r.get("object_id"),
                    subject_name=row["subject_name"] or r["subject_id"],
                    object_name=row["object_name"],
                    attributes=json.loads(r.get("attributes_json") or "{}"),
                    valid_from_step=int(r["valid_from_step"]),
                    valid_from=_utc(r["valid_from"]),
                    recorded_at=_utc(r["recorded_at"]),
                    valid_to_step=r.get("valid_to_step"),
                    valid_to=_utc_or_none(r.get("valid_to")),
                    expired_at=_utc_or_none(r.get("expired_at")),
                    superseded_by=r.get("superseded_by"),
                    statement_id=r.get("statement_id"),
                    confirmations=int(r.get("confirmations") or 0),
                )
            )
        return out

    # ------------------------------------------------------------------------------ stats
    def stats(self, namespace: str | None = None) -> StoreStats:
        if namespace is None:
            rows = self._run("count the store", cypher.STATS_ALL, {})
        else:
            rows = self._run("count the namespace", cypher.STATS_NAMESPACE, {"ns": namespace})
        r = rows[0]
        return StoreStats(
            namespace=namespace,
            steps=int(r["steps"]),
            statements=int(r["statements"]),
            concepts=int(r["concepts"]),
            links=int(r["links"]),
            entities=int(r["entities"]),
            relations=int(r["relations"]),
            current_relations=int(r["current"]),
        )

    def namespaces(self) -> list[str]:
        rows = self._run("list namespaces", cypher.NAMESPACES, {})
        return sorted(r["namespace"] for r in rows)


def _records(result: Any) -> list[dict[str, Any]]:
    """The default result transformer: every record as a plain dict."""
    return [record.data() for record in result]
