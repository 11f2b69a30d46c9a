"""Schema setup, APOC detection and store-wide maintenance of the Neo4j store: migrations,
:meth:`stats`, closing the driver (:meth:`clear` is in :mod:`.exclusive`)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any, TypeVar

from ...errors import ConfigurationError, SchemaVersionError, StoreError, StoreUnavailableError
from ...models import StoreStats
from . import cypher, cypher_guard
from ._common import alias_index_keys
from .schema import (
    BACKFILLS,
    LATEST_VERSION,
    MIGRATIONS,
    PROPERTY_KEYS,
    RELATIONSHIP_TYPES,
    SCHEMA_NODE_NAME,
    STATEMENT_COUNTER,
    index_key,
)
from .transactions import Neo4jConnection

logger = logging.getLogger(__name__)

_S = TypeVar("_S", bound="Neo4jLifecycle")
_CLOSE_WAIT = 10.0  # seconds close() waits for calls in flight
_MIGRATION_BATCH = 5_000  # nodes a migration backfill reads and writes per transaction


class Neo4jLifecycle(Neo4jConnection):
    """Setup, schema version, clear and stats (mixed into :class:`Neo4jGraphStore`)."""

    _use_apoc: bool | None
    _apoc_checked: bool
    _clear_batch: int
    _schema_known = False  # the database's schema version was checked (once per store)

    def _run(self, action: str, query: str, params: Mapping[str, Any], **kwargs: Any) -> Any:
        if not (self._schema_known or kwargs.get("quiet")):
            self._check_schema()
        return super()._run(action, query, params, **kwargs)

    def _refuse_newer(self, current: int) -> None:
        if current > LATEST_VERSION:
            raise SchemaVersionError(
                f"Neo4j database at {self.uri} has recall schema version {current}, newer than "
                f"this library supports ({LATEST_VERSION}); upgrade recall-memory-plugins"
            )

    def _check_schema(self) -> None:
        """Before this store's first query: a database set up by an older version of the library
        lacks what the newer migrations derive (context lists, posting keys, ...), so reading
        it would answer wrongly and writing it would leave it inconsistent: refuse until
        :meth:`setup` has upgraded it. A database never set up is left to the queries' own
        errors ("call store.setup() first")."""
        current = self.schema_version()
        self._refuse_newer(current)
        if 0 < current < LATEST_VERSION:
            raise SchemaVersionError(
                f"Neo4j database at {self.uri} has recall schema version {current}, older than "
                f"this library's ({LATEST_VERSION}): call store.setup() once to upgrade it in "
                "place (stop processes of the older version first)"
            )
        self._schema_known = True

    # ------------------------------------------------------------------------------ lifecycle
    def __enter__(self: _S) -> _S:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        db = f", database={self._database!r}" if self._database else ""
        return f"Neo4jGraphStore(uri={self.uri!r}{db})"

    def close(self) -> None:
        """Close the driver if this store opened it (an injected driver stays open).

        Waits (at most ``_CLOSE_WAIT`` seconds) for the calls other threads are making through
        the driver; every call after, or overtaken by, ``close()`` raises StoreError ("... is
        closed"), never one of the driver's errors."""
        with self._idle:
            if self._closed:
                return
            self._closed = True  # calls from now on raise StoreError("... is closed")
            deadline = time.monotonic() + _CLOSE_WAIT
            while self._in_flight and deadline > time.monotonic():
                self._idle.wait(deadline - time.monotonic())
        if self._owns_driver:
            try:
                self._driver.close()
            except Exception as exc:  # e.g. a BufferError of a connection still in use
                logger.debug("closing the driver of %s failed: %s", self.uri, exc)

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
        self._schema_known = current <= LATEST_VERSION  # the migrations' own queries run
        self._refuse_newer(current)
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
            for name in BACKFILLS.get(version, ()):
                self._backfill(name)
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

    def _backfill(self, name: str) -> None:
        """Derive a migration's new data from what is stored, ``_MIGRATION_BATCH`` at a time.

        Each round reads what still lacks the new data and writes it; an interrupted upgrade
        (the version is recorded only afterwards) resumes where it stopped.
        """
        if name == "postings":
            self._backfill_postings()
            return
        if name == "contexts":
            self._backfill_contexts()
            return
        find, write = {
            "aliases": (cypher.ENTITIES_WITHOUT_ALIASES, cypher.LINK_ALIASES),
            "source_keys": (cypher.STATEMENTS_WITHOUT_SOURCE_KEY, cypher.SET_SOURCE_KEYS),
            "type_keys": (cypher.RELATIONS_WITHOUT_TYPE_KEY, cypher.SET_TYPE_KEYS),
        }[name]
        done = 0
        while True:
            rows = self._run(
                f"find what the migration's {name} backfill lacks",
                find,
                {"batch": _MIGRATION_BATCH},
                write=True,
                shared=False,
            )
            if not rows:
                break
            if name == "aliases":
                out = [
                    {"id": r["id"], "ns": r["ns"], "keys": alias_index_keys(r["alias_keys"])}
                    for r in rows
                ]
            else:
                column = "source" if name == "source_keys" else "type"
                out = [{"id": r["id"], "key": index_key(r[column])} for r in rows]
            self._run(f"backfill {name}", write, {"rows": out}, write=True, shared=False)
            done += len(rows)
            if len(rows) < _MIGRATION_BATCH:
                break
        if done:
            logger.info("migration backfill %s on %s: %d nodes", name, self.uri, done)

    def _backfill_contexts(self) -> None:
        """Migration 6: every concept gets its context as two lists read from its links,
        ``_MIGRATION_BATCH`` concepts of a namespace at a time in key order."""
        namespaces = [
            r["ns"]
            for r in self._run(
                "list the namespaces of concepts",
                cypher.CONCEPT_NAMESPACES,
                {},
                write=True,
                shared=False,
            )
        ]
        concepts = 0
        for ns in namespaces:
            after = ""
            while True:
                rows = self._run(
                    "backfill contexts",
                    cypher.BACKFILL_CONTEXTS,
                    {"ns": ns, "after": after, "batch": _MIGRATION_BATCH},
                    write=True,
                    shared=False,
                )
                done = int(rows[0]["concepts"] or 0) if rows else 0
                if not done:
                    break
                after = str(rows[0]["last"])
                concepts += done
                if done < _MIGRATION_BATCH:
                    break
        if concepts:
            logger.info("migration backfill contexts on %s: %d concepts", self.uri, concepts)

    def _backfill_postings(self) -> None:
        """Migration 5: every posting gets its term's key and its statement's id, step and
        length, ``_MIGRATION_BATCH`` statements at a time in id order (all on the server; an
        interrupted upgrade starts over, setting the same values again)."""
        after, statements, postings = -1, 0, 0
        while True:
            rows = self._run(
                "backfill postings",
                cypher.BACKFILL_POSTINGS,
                {"after": after, "batch": _MIGRATION_BATCH},
                write=True,
                shared=False,
            )
            row = rows[0] if rows else {}
            done = int(row.get("statements") or 0)
            if not done:
                break
            after = int(row["last"])
            statements += done
            postings += int(row.get("postings") or 0)
            if done < _MIGRATION_BATCH:
                break
        if statements:
            logger.info(
                "migration backfill postings on %s: %d postings of %d statements",
                self.uri,
                postings,
                statements,
            )

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

    # ------------------------------------------------------------------------------ stats
    def stats(self, namespace: str | None = None) -> StoreStats:
        # a version the doubt rule left unsure is not current (as in relations() and the page):
        # its attributes hold "unsure": "true", as json.dumps wrote them
        unsure = json.dumps({"unsure": "true"})[1:-1]
        # an ending's mark (engine.relations.endings) was never stated: not counted either
        marks = {"unsure": unsure, "ending": json.dumps({"ending": "true"})[1:-1]}
        if namespace is None:
            rows = self._run("count the store", cypher.STATS_ALL, marks)
        else:
            params = {"ns": namespace, **marks}
            rows = self._run("count the namespace", cypher_guard.STATS_NAMESPACE, params)
        if not rows:  # the remains of an unfinished import: nothing
            return StoreStats(namespace, 0, 0, 0, 0, 0, 0, 0)
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
        rows = self._run("list namespaces", cypher_guard.NAMESPACES, {})
        return sorted(r["namespace"] for r in rows)
