"""``Neo4jGraphStore``: the GraphStore on a Neo4j 5 server or cluster (``pip install ...[neo4j]``).

This module opens the driver and writes one update in one query; the class is composed of the
domain modules: ``transactions`` (queries, errors, batches), ``lifecycle`` (schema setup, APOC,
clear, stats), ``statements`` (statements, concept graph, lexical reads), ``entities``
(entities, relations) and ``merged`` (reads a recall makes one after the other, in one query).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..._optional import require
from ...errors import ConfigurationError, InputError, StoreError, WriteConflictError
from ...models import GraphUpdate, UpdateResult
from ..base import sorted_pair
from . import cypher
from ._common import _aware, _check_namespace, _key_or_none, alias_index_keys
from .config import Neo4jConfig, check_optional_name, check_seconds, redact_uri
from .exclusive import UnfinishedImport
from .merged import Neo4jMergedReads
from .schema import STATEMENT_COUNTER, index_key
from .transactions import _Batch

if TYPE_CHECKING:
    from neo4j import Driver

__all__ = ["Neo4jGraphStore"]

_PURPOSE = "the Neo4j graph store"


def _check_auth(auth: object, neo4j: ModuleType) -> None:
    """None, ``(user, password)`` (or with a realm: 3 strings), or the driver's own ``Auth`` /
    auth manager objects."""
    if auth is None or isinstance(auth, neo4j.Auth):
        return
    manager = getattr(getattr(neo4j, "auth_management", None), "AuthManager", None)
    if manager is not None and isinstance(auth, manager):
        return
    if (
        isinstance(auth, (tuple, list))
        and len(auth) in (2, 3)
        and all(isinstance(part, str) for part in auth)
    ):
        return
    shown = type(auth).__name__ if not isinstance(auth, (tuple, list)) else f"{len(auth)} items"
    raise ConfigurationError(
        "auth must be (username, password), a neo4j.Auth (e.g. neo4j.basic_auth(...)) or None, "
        f"got {shown}"
    )


class Neo4jGraphStore(Neo4jMergedReads):
    """The graph store on Neo4j 5 (Community, Enterprise or Aura), with or without APOC.

    Args:
        uri: ``bolt://host:7687`` (one server) or ``neo4j://host:7687`` (routing: clusters,
            Aura); ``+s``/``+ssc`` for TLS. Mutually exclusive with ``driver``.
        auth: ``(username, password)`` (or a ``neo4j.Auth``); None for a server without
            authentication.
        database: database name (None: the user's home database).
        driver: an existing ``neo4j.Driver`` to use instead; the caller closes it.
        use_apoc: expand with APOC (True), plain Cypher (False), or detect once in
            :meth:`setup` (None).
        max_transaction_retry_time: seconds the driver retries a transaction (transient errors,
            leader switches, an unreachable server) before the store raises (>= 0).
        connection_timeout: seconds to wait for a TCP connection (> 0).
        driver_options: further keyword arguments for ``neo4j.GraphDatabase.driver``.
        clear_batch_size: nodes, and relationships, of each kind :meth:`clear` deletes per
            transaction.
        batch_commit_every: updates a :meth:`batch` applies per transaction before it commits
            and opens the next, so one long batch stays within the server's transaction memory.
        bulk_size: updates a :meth:`bulk` batch (``add_many``) writes per query, at most.
            1: none queued, each written when applied, as in :meth:`batch`.
        write_behind: in a :meth:`bulk` batch, queued updates are written by a helper thread
            while the caller plans the next ones (each write takes what has queued since the
            last, ``bulk_size`` per query); False: written when ``bulk_size`` have queued.
            With both (the defaults), ``add_many`` at 10k statements ran 1.2-2.3x as fast as with
            ``bulk_size=1`` (benchmarks/README.md).
        stable_plans: the reads of every add and recall keep their first plan on the server
            (``CYPHER replan=skip``; each names its indexes): no re-planning stalls as the
            database grows. False: the server re-plans them when its statistics move.

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
        bulk_size: int = 25,
        write_behind: bool = True,
        stable_plans: bool = True,
    ) -> None:
        self._neo4j: ModuleType = require("neo4j", extra="neo4j", purpose=_PURPOSE)
        if (uri is None) == (driver is None):
            raise ConfigurationError("pass either a Neo4j uri or an existing driver (exactly one)")
        if uri is not None and not isinstance(uri, str):
            raise ConfigurationError(f"uri must be a string, got {type(uri).__name__}")
        _check_auth(auth, self._neo4j)
        check_optional_name("database", database)
        if use_apoc is not None and not isinstance(use_apoc, bool):
            raise ConfigurationError(
                f"use_apoc must be True, False or None (detect), got {use_apoc!r}"
            )
        max_transaction_retry_time = check_seconds(
            "max_transaction_retry_time", max_transaction_retry_time, zero=True
        )
        connection_timeout = check_seconds("connection_timeout", connection_timeout, zero=False)
        if (
            isinstance(clear_batch_size, bool)
            or not isinstance(clear_batch_size, int)
            or clear_batch_size < 1
        ):
            raise ConfigurationError(
                f"clear_batch_size must be an int >= 1, got {clear_batch_size!r}"
            )
        self._clear_batch = clear_batch_size
        if not isinstance(batch_commit_every, int) or batch_commit_every < 1:
            raise ConfigurationError(
                f"batch_commit_every must be an int >= 1, got {batch_commit_every!r}"
            )
        self._batch_commit_every = batch_commit_every
        if not isinstance(bulk_size, int) or bulk_size < 1:
            raise ConfigurationError(f"bulk_size must be an int >= 1, got {bulk_size!r}")
        self._bulk_size = bulk_size
        self._write_behind = bool(write_behind)
        self._stable_plans = bool(stable_plans)
        self._local = threading.local()  # .batch: the thread's open _Batch, if any
        self._database = database
        self._use_apoc = use_apoc
        self._apoc_checked = False
        self._lock = threading.Lock()
        self._closed = False
        self._idle = threading.Condition()  # calls in flight (see close())
        self._in_flight = 0
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
        self._user = (
            auth[0] if isinstance(auth, (tuple, list)) else getattr(auth, "principal", None)
        )
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

    # ------------------------------------------------------------------------------ writes
    @property
    def writes_behind(self) -> bool:
        """Whether :meth:`bulk` writes queued updates on a helper thread (``bulk_size`` > 1 and
        ``write_behind``): a caller may then do its own work for the next updates inside the
        block while they are written (``add_many`` analyses its texts there)."""
        return self._bulk_size > 1 and self._write_behind

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
                    "source_key": _key_or_none(st.source),
                    "length": length,
                    "metadata": json.dumps(dict(st.metadata), ensure_ascii=False)
                    if st.metadata
                    else None,
                    "terms": [
                        {"term": t, "key": index_key(t), "tf": tf} for t, tf in st.terms.items()
                    ],
                }
            )
        # one row per concept (a name mentioned twice would link its statements twice)
        by_name: dict[str, dict[str, Any]] = {}
        for m in update.concepts:
            idx = {i for i in m.statement_indexes if 0 <= i < n}
            row = by_name.setdefault(
                m.name, {"name": m.name, "key": index_key(m.name), "alias": None, "idx": set()}
            )
            row["idx"] |= idx
            row["alias"] = row["alias"] or m.alias or None
        concepts = [{**row, "idx": sorted(row["idx"])} for row in by_name.values()]
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
                    "alias_index_keys": alias_index_keys(aliases),
                }
            )
        changes = []
        for ch in update.relation_changes:
            if ch.op not in ("add", "end", "confirm", "clip"):
                raise InputError(f"unknown relation change {ch.op!r}")
            changes.append(
                {
                    "op": ch.op,
                    "id": ch.relation_id,
                    "key": index_key(ch.relation_id),
                    "type": ch.type,
                    "type_key": None if ch.type is None else index_key(ch.type),
                    "subject_id": ch.subject_id,
                    "subject_key": index_key(ch.subject_id),
                    "object_id": ch.object_id,
                    "object_key": None if ch.object_id is None else index_key(ch.object_id),
                    "attributes_json": json.dumps(dict(ch.attributes), ensure_ascii=False),
                    "superseded_by": ch.superseded_by,  # on an add: only history's
                    "sidx": ch.statement_index if 0 <= ch.statement_index < n else None,
                    # an add of history, a clip (engine.relations.backdated) or a dated end
                    # (engine.relations.dated_changes): its world-time end
                    "until": None if ch.valid_to is None else _aware(ch.valid_to),
                    # a dated add: its world-time start
                    "since": None if ch.valid_from is None else _aware(ch.valid_from),
                }
            )
        params = {
            "ns": ns,
            "at": at,
            "utc_offset": update.utc_offset or None,  # (seconds east of UTC; none: UTC)
            "counter": STATEMENT_COUNTER,
            "statements": statements,
            "total_length": total_length,
            "concepts": concepts,
            "context_limit": max(1, update.context_limit),
            "links": links,
            "entities": entities,
            "changes": changes,
        }

        batch = self._batch()
        if batch is not None and batch.defer and self._can_queue(batch, ns, params):
            return self._queue(batch, params)

        def check(result: Any) -> tuple[int, int, int]:
            # runs inside the transaction: raising here rolls the whole update back
            record = result.single()
            if record is None:
                raise StoreError(
                    f"the Neo4j database at {self.uri} is not set up for recall-memory-plugins: "
                    "call store.setup() first"
                )
            # the query wrote nothing when one of its checks failed
            if record["importing"]:  # (seen under the write lock: a dead import)
                raise UnfinishedImport(f"namespace {ns!r} holds the remains of an import")
            if record["not_current"]:
                raise WriteConflictError(
                    f"cannot end relation {record['not_current'][0]!r}: not current"
                )
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
            return int(record["step"]), int(record["base"]), int(record["generation"] or 0)

        try:
            step, base, generation = self._run(
                "store the update", cypher.APPLY_UPDATE, params, write=True, transform=check
            )
        except UnfinishedImport:
            self._remove_unfinished(ns)
            raise WriteConflictError(
                f"namespace {ns!r} held the remains of an import that did not finish: they were "
                "removed, nothing of the update was written; plan it again"
            ) from None
        if batch is not None:
            batch.cache.apply(params, step, base)
            batch.steps[ns] = step
            batch.generations[ns] = generation
            batch.counter = base + n
            batch.updates += 1
            if batch.updates >= self._batch_commit_every:
                self._commit(batch)
        return UpdateResult(
            namespace=ns, t_index=step, statement_ids=tuple(range(base + 1, base + n + 1))
        )

    # ------------------------------------------------------------------------------ bulk
    def _can_queue(self, batch: _Batch, ns: str, params: Mapping[str, Any]) -> bool:
        """Whether an update can be queued: the batch's transaction holds the write lock and
        knows the namespace's step and the statement counter (its first update of a namespace,
        and the first after another kind of write, run at once and read them)."""
        return (
            self._bulk_size > 1
            and batch.failed is None
            and batch.tx is not None
            and batch.counter is not None
            and ns in batch.steps
            and ns in batch.generations
            and batch.context_limit in (None, params["context_limit"])
        )

    def _queue(self, batch: _Batch, params: dict[str, Any]) -> UpdateResult:
        """Queue an update of a :meth:`bulk` batch; its result is known already."""
        ns = params["ns"]
        n = len(params["statements"])
        assert batch.counter is not None
        step, base = batch.steps[ns] + 1, batch.counter
        update = {k: v for k, v in params.items() if k not in ("counter", "context_limit")}
        update["expect"] = [step, base]
        batch.pending.append(update)
        batch.cache.apply(update, step, base)
        batch.context_limit = params["context_limit"]
        batch.entity_keys.update(ent["key"] for ent in params["entities"])
        batch.pending_changes = batch.pending_changes or bool(params["changes"])
        batch.steps[ns] = step
        batch.counter = base + n
        batch.updates += 1
        if not self._write_behind:
            if len(batch.pending) >= self._bulk_size:
                self._flush(batch)
        else:  # written by the batch's writer thread while the next updates are planned
            self._hand_off(batch)
        if batch.updates >= self._batch_commit_every:
            self._commit(batch)
        return UpdateResult(
            namespace=ns, t_index=step, statement_ids=tuple(range(base + 1, base + n + 1))
        )
