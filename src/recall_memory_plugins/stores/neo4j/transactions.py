"""Queries and transactions of the Neo4j store: driver errors translated into ours, one managed
transaction per call, and :meth:`batch` (one explicit transaction per thread)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ...errors import RecallError, StoreError
from . import cypher
from ._common import _records
from .plan_cache import PlanCache
from .reads import _ROLLED_BACK, Neo4jReads
from .schema import STATEMENT_COUNTER

if TYPE_CHECKING:
    from neo4j import Driver

logger = logging.getLogger(__name__)




# Prepended to the first query of a batch's transaction: the store-wide counter lock (the one
# every update takes first), so a batch plans and writes against a state no other writer changes
# until it commits, as SQLite's BEGIN IMMEDIATE does. Without it, two engines could both plan
# "carol works at X" with no current employer and both add one (a plan check inside the update
# cannot see what the plan did not read). A unit subquery keeps the outer row either way, and
# riding on the first query costs no round trip of its own.
_BATCH_LOCK = (
    "CALL () { MATCH (batch_lock:RecallCounter {name: $batch_lock_counter}) "
    "SET batch_lock.locked = true REMOVE batch_lock.locked }\n"
)


def _locked(query: str) -> str:
    """``query`` taking the batch lock first (after its ``CYPHER`` options line, if any)."""
    text = query.lstrip()
    if text.startswith("CYPHER "):
        options, _, rest = text.partition("\n")
        return options + "\n" + _BATCH_LOCK + rest
    return _BATCH_LOCK + text


class _Batch:
    """The shared transaction of one thread's :meth:`Neo4jGraphStore.batch` block."""

    __slots__ = (
        "cache",
        "context_limit",
        "counter",
        "defer",
        "entity_keys",
        "failed",
        "generations",
        "pending",
        "pending_changes",
        "session",
        "steps",
        "tx",
        "updates",
        "writer",
        "writing",
    )

    def __init__(self, *, defer: bool = False) -> None:
        self.session: Any = None  # opened on first use, closed when the block ends
        self.tx: Any = None  # the open explicit transaction, None between commits
        self.updates = 0  # updates applied in ``tx``
        self.failed: str | None = None  # why the transaction was rolled back
        # the clocks ``tx`` has advanced: nobody else can change them before it ends, since it
        # holds their write locks, so reading them again needs no round trip
        self.steps: dict[str, int] = {}
        # the namespaces' generations as ``tx``'s updates read them: only clear() changes one
        # without the counter lock, and clear() waits for ``tx`` before deleting anything
        self.generations: dict[str, int] = {}
        # bulk(): updates are queued and written several per query (see Neo4jGraphStore.bulk)
        self.defer = defer
        self.pending: list[dict[str, Any]] = []  # the queued updates' query parameters
        self.context_limit: int | None = None  # theirs (one query's updates share it)
        self.entity_keys: set[str] = set()  # index keys of the entities they upsert
        self.pending_changes = False  # whether one of them changes relations
        # the store-wide statement counter after ``tx``'s last update (None: unknown, e.g.
        # after a write of another kind); with ``steps`` it predicts a queued update's result
        self.counter: int | None = None
        # entity and relation reads of ``tx``, kept current by its updates (see PlanCache)
        self.cache = PlanCache()
        # bulk(): a thread writing queued updates while the caller plans the next ones (see
        # Neo4jConnection._settle); ``writing`` is its current write, which owns ``tx`` until
        # it is settled: nothing else touches the transaction meanwhile
        self.writer: ThreadPoolExecutor | None = None
        self.writing: Future[str | None] | None = None

    def forget_state(self) -> None:
        """After a commit or rollback: nothing the transaction read stays locked."""
        self.cache.clear()
        self.steps.clear()
        self.generations.clear()
        self.counter = None
        self.context_limit = None


def _single_results(result: Any) -> Any:
    record = result.single()
    return None if record is None else record["results"]


class Neo4jConnection(Neo4jReads):
    """The driver of a Neo4j store and how every query runs (base of the domain mixins)."""

    uri: str
    _neo4j: ModuleType
    _driver: Driver
    _owns_driver: bool
    _database: str | None
    _bookmarks: Any
    _user: str | None
    _lock: threading.Lock
    _local: threading.local
    _closed: bool
    _batch_commit_every: int
    _bulk_size: int
    _write_behind: bool
    _stable_plans: bool

    # ------------------------------------------------------------------------------ plumbing
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
        pending_ok: bool = False,
    ) -> Any:
        """One query in one managed transaction (retried by the driver), one round trip + commit.

        Inside a :meth:`batch` (unless ``shared`` is False or ``quiet``), the query runs in the
        batch's transaction instead: no commit, no retries, and it sees the batch's writes.

        ``transform`` runs inside the transaction on the driver's result; raising there rolls the
        transaction back. Without it, the records are returned as a list of dicts. ``pending_ok``:
        a read that a :meth:`bulk` batch's queued updates cannot change (they are written first
        otherwise). In a batch, a
        :class:`RecallError` raised by ``transform`` leaves the transaction open, so the query
        must not have written anything when ``transform`` rejects its result.
        """
        self._check_open()
        if not self._stable_plans:
            query = query.removeprefix(cypher.STABLE_PLAN)
        reads = self._reads_block()
        if reads is not None and write:
            reads.namespaces.clear()  # the block's own write: read the clocks again
        batch = self._batch() if shared and not quiet else None
        if batch is not None:
            return self._run_in_batch(
                batch, action, query, params, transform, write=write, pending_ok=pending_ok
            )
        if reads is not None and not write and shared and not quiet and not reads.failed:
            done, value = self._run_in_reads(reads, query, params, transform)
            if done:
                return value
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

    # ------------------------------------------------------------------------------ batches
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
        *,
        write: bool = False,
        pending_ok: bool = False,
    ) -> Any:
        """Run a query in the batch's transaction.

        Queued updates (:meth:`bulk`) are written first, unless ``pending_ok`` (a read that has
        checked that they cannot change its answer). A write of another kind makes the statement
        counter unknown, so the next update runs at once and reads it again.
        """
        self._settle(batch)
        if batch.pending and not pending_ok:
            self._flush(batch)
        if write:
            batch.counter = None
            if query is not cypher.APPLY_UPDATE:  # (an update changes the cache itself)
                batch.cache.forget_writes()
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
                    query = _locked(query)
                    params = {**params, "batch_lock_counter": STATEMENT_COUNTER}
                return (transform or _records)(batch.tx.run(query, dict(params)))
            except RecallError:
                raise  # rejected by transform before anything was written: the batch goes on
            except BaseException:
                # a server error has already ended the transaction (Neo4j has no savepoints);
                # anything else (a broken connection, an interrupt) leaves it in doubt
                self._abort(batch, f"could not {action}")
                raise

    def _pending_block(self) -> _Batch | None:
        """The thread's batch when it has queued updates (:meth:`bulk`), else None."""
        batch = self._batch()
        return batch if batch is not None and batch.pending else None

    @staticmethod
    def _drop_pending(batch: _Batch) -> None:
        batch.pending = []
        batch.entity_keys.clear()
        batch.pending_changes = False

    def _flush(self, batch: _Batch, *, background: bool = False) -> None:
        """Write the batch's queued updates in order, ``bulk_size`` per query.

        Each was given its step and statement ids when queued; the query checks and writes them
        one after the other, as :meth:`apply_update` would have. A rejected one (or a result
        other than the one promised) rolls the batch back: the updates queued after it were
        already answered for. ``background``: the batch's writer thread writes them while the
        caller goes on (planning the next updates); whatever touches the transaction next waits
        for that write first, and raises its error (:meth:`_settle`).
        """
        self._settle(batch)
        pending, limit = batch.pending, batch.context_limit
        self._drop_pending(batch)
        if not pending:
            return
        if background:
            if batch.writer is None:
                batch.writer = ThreadPoolExecutor(1, thread_name_prefix="recall-neo4j-bulk")
            batch.writing = batch.writer.submit(self._write_queued, batch.tx, pending, limit)
            return
        self._settle_write(batch, lambda: self._write_queued(batch.tx, pending, limit))

    def _hand_off(self, batch: _Batch) -> None:
        """With write-behind: give the queued updates to the batch's writer thread when it is
        idle (while it is busy, more queue up and go in its next write)."""
        if (
            batch.pending
            and batch.tx is not None
            and batch.failed is None
            and self._write_behind
            and (batch.writing is None or batch.writing.done())
        ):
            self._flush(batch, background=True)

    def _write_queued(self, tx: Any, pending: list[dict[str, Any]], limit: int | None) -> str | None:
        """Run the queued updates' queries in ``tx``; what is wrong with their results (None:
        each got the step and ids it was promised). Touches nothing of the batch but ``tx``, so
        it may run on the batch's writer thread."""
        with self._busy():
            return self._write_chunks(tx, pending, limit)

    def _write_chunks(self, tx: Any, pending: list[dict[str, Any]], limit: int | None) -> str | None:
        for start in range(0, len(pending), self._bulk_size):
            chunk = pending[start : start + self._bulk_size]
            params = {"counter": STATEMENT_COUNTER, "updates": chunk, "context_limit": limit}
            rows = _single_results(tx.run(cypher.APPLY_UPDATES, params))
            if rows is None:
                return "the database is not set up for recall-memory-plugins (no counter)"
            for ui, step, base, _gen, missing, not_current, duplicate in sorted(rows):
                u = chunk[int(ui)]
                if missing or not_current or duplicate:
                    return (
                        f"a queued update of namespace {u['ns']!r} was rejected (links to "
                        f"unknown concepts {missing!r}, ends of relations that are not "
                        f"current {not_current!r}, relation ids added twice {duplicate!r})"
                    )
                if [step, base] != u["expect"]:
                    return (
                        f"a queued update of namespace {u['ns']!r} got step {step} and "
                        f"statements after {base}, not the {u['expect']} it was given"
                    )
        return None

    def _settle(self, batch: _Batch) -> None:
        """Wait for the batch's background write, if any, and raise its error (after rolling
        the batch back): called before anything else uses the batch's transaction."""
        writing, batch.writing = batch.writing, None
        if writing is not None:
            self._settle_write(batch, writing.result)

    def _settle_write(self, batch: _Batch, outcome: Callable[[], str | None]) -> None:
        """``outcome()`` (a write of queued updates, or its result): roll the batch back and
        raise when it failed or reports a problem."""
        with self._errors("store queued updates", batched=True):
            try:
                problem = outcome()
            except BaseException:
                # a server error has already ended the transaction; anything else leaves it
                # in doubt (as in _run_in_batch)
                self._abort(batch, "could not store queued updates")
                raise
        if problem is not None:
            self._abort(batch, problem)
            raise StoreError(f"Neo4j at {self.uri}: {problem}; {_ROLLED_BACK}")

    def _abort(self, batch: _Batch, reason: str) -> None:
        """Roll back the batch's transaction; the block's later calls raise StoreError."""
        writing, batch.writing = batch.writing, None
        if writing is not None:  # it owns the transaction until it ends: wait, its error aside
            try:
                writing.result()
            except BaseException as exc:  # the batch is rolled back either way
                logger.debug("a background write on %s failed too: %s", self.uri, exc)
        batch.failed = reason
        batch.forget_state()
        self._drop_pending(batch)
        tx, batch.tx = batch.tx, None
        if tx is not None:
            try:
                tx.close()
            except Exception as exc:  # (after close(), the driver's objects may be half gone)
                errors = self._neo4j.exceptions
                if not (self._closed or isinstance(exc, (errors.DriverError, errors.Neo4jError))):
                    raise
                logger.debug("rolling back a batch on %s failed too: %s", self.uri, exc)

    def _commit(self, batch: _Batch) -> None:
        """Commit the batch's open transaction, if any; the next query opens a new one."""
        self._flush(batch)
        tx = batch.tx
        if tx is None:
            return
        batch.forget_state()
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
        The transaction's first query takes the store-wide write lock (the statement counter,
        which every update locks until its commit): batches and updates of every thread, process
        and engine run one at a time, so what a batch reads stays true until it commits. Other
        threads' reads outside a batch do not wait, and see the batch's writes after a commit.

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
        yield from self._batch_block(defer=False)

    @contextmanager
    def bulk(self) -> Iterator[None]:
        """A :meth:`batch` whose updates are written several per query (bulk ingest).

        Inside the block, :meth:`apply_update` queues an update and returns its result at once
        (the step and statement ids it will get: the batch holds the store-wide write lock, so
        nobody else can take them), and the queued updates are written in order, up to
        ``bulk_size`` per query, before any read that they could change, before any other write
        and at commit. A read they cannot change (entities by other names, relations when none
        of them changes relations) runs without waiting for them. With ``write_behind`` (the
        default) a helper thread writes them while the caller plans the next updates; the
        transaction runs one query at a time, so the plans' entity and relation reads run
        beside it meanwhile (on the committed state, with the transaction's updates laid over
        it; see ``PlanCache``), any other query of the batch waits for that write first, and a
        failed write raises from the next call of the batch.

        The difference from :meth:`batch` is when a rejected update is noticed: queued updates
        are checked when written, and one that the store rejects (which an engine's update,
        planned inside the lock against what the store holds, never is) fails the whole batch:
        its transaction is rolled back and a :class:`StoreError` raised, as for a server error.
        Inside an open :meth:`batch` it joins that batch (and queues nothing).
        """
        yield from self._batch_block(defer=True)

    def _batch_block(self, *, defer: bool) -> Iterator[None]:
        if self._batch() is not None:
            yield  # nested: the outer block commits
            return
        self._check_open()
        batch = _Batch(defer=defer)
        self._local.batch = batch
        try:
            with self._overtaken_by_close():  # (a write that close() overtook)
                yield
        finally:
            try:
                with self._overtaken_by_close():
                    if batch.failed is None:
                        self._commit(batch)
            finally:
                self._local.batch = None
                if batch.writing is not None:  # (a commit that raised before settling it)
                    self._abort(batch, batch.failed or "the batch ended with a write in flight")
                if batch.writer is not None:
                    batch.writer.shutdown(wait=True)
                reads = self._reads_block()
                if reads is not None:  # what the batch wrote: read the clocks again
                    reads.namespaces.clear()
                session, batch.session = batch.session, None
                if session is not None:
                    try:
                        session.close()
                    except Exception as exc:  # (after close(): half-gone driver objects)
                        known = (self._neo4j.exceptions.DriverError, self._neo4j.exceptions.Neo4jError)
                        if not (self._closed or isinstance(exc, known)):
                            raise
                        logger.debug("closing a batch's session on %s failed: %s", self.uri, exc)
