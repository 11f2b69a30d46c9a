"""The read side of the Neo4j store's connection: :meth:`Neo4jReads.reading`, one read
transaction shared by the reads of a block (a recall), with a fallback to managed transactions
when a read fails inside it."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ...errors import RecallError, StoreError, StoreUnavailableError
from ._common import _records

if TYPE_CHECKING:
    from neo4j import Driver

logger = logging.getLogger(__name__)

_NOTHING_WRITTEN = "nothing of this call was written"
_ROLLED_BACK = (
    "the batch's transaction was rolled back: the updates applied in the batch since its last "
    "commit were not stored; check current_step() before retrying"
)


class _Reads:
    """The shared read transaction of one thread's :meth:`Neo4jConnection.reading` block."""

    __slots__ = ("failed", "namespaces", "session", "tx")

    def __init__(self) -> None:
        self.session: Any = None  # opened on the block's first query
        self.tx: Any = None
        self.failed = False  # a query failed: the block's later reads run one by one
        self.namespaces: dict[str, tuple[int, int, int, int]] = {}  # see _namespace_state


class Neo4jReads:
    """``reading()`` blocks (base of :class:`~.transactions.Neo4jConnection`)."""

    uri: str
    _neo4j: ModuleType
    _driver: Driver
    _database: str | None
    _bookmarks: Any
    _local: threading.local
    _user: str | None
    _closed: bool
    # calls using the driver now; close() waits (bounded) for them before closing it
    _idle: threading.Condition
    _in_flight: int

    def _batch(self) -> Any: ...  # provided by Neo4jConnection

    def _closed_error(self, action: str | None = None) -> StoreError:
        what = f" (could not {action})" if action else ""
        return StoreError(f"the Neo4j store for {self.uri} is closed{what}")

    def _check_open(self) -> None:
        if self._closed:
            raise self._closed_error()

    @contextmanager
    def _overtaken_by_close(self, action: str | None = None) -> Iterator[None]:
        """Any error of a call that close() overtook (the driver's, say) is "the store is closed"."""
        try:
            yield
        except RecallError:
            raise
        except Exception as exc:
            if self._closed:
                raise self._closed_error(action) from exc
            raise

    @contextmanager
    def _busy(self) -> Iterator[None]:
        """A call using the driver (refused once the store is closed; close() waits for it)."""
        with self._idle:
            self._check_open()
            self._in_flight += 1
        try:
            yield
        finally:
            with self._idle:
                self._in_flight -= 1
                if not self._in_flight:
                    self._idle.notify_all()


    @contextmanager
    def _errors(self, action: str, *, batched: bool = False) -> Iterator[None]:
        """Translate driver errors into the library's errors (no credentials in messages).

        ``batched``: the call ran in a batch's transaction, which the caller has rolled back.
        Counts as a call in flight (:meth:`_busy`): refused once the store is closed, and any
        error of a call that close() overtook is "the store is closed".
        """
        exc_mod = self._neo4j.exceptions
        outcome = _ROLLED_BACK if batched else _NOTHING_WRITTEN
        try:
            with self._busy(), self._overtaken_by_close(action):
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

    # ------------------------------------------------------------------------------ reads
    def _reads_block(self) -> _Reads | None:
        """The thread's open :meth:`reading` block, if any."""
        block: _Reads | None = getattr(self._local, "reads", None)
        return block

    def _run_in_reads(
        self,
        reads: _Reads,
        query: str,
        params: Mapping[str, Any],
        transform: Callable[[Any], Any] | None,
    ) -> tuple[bool, Any]:
        """Run a read in the block's transaction: ``(True, value)``, or ``(False, None)`` when
        it failed there (the caller runs it again in a managed, retried transaction)."""
        with self._busy(), self._overtaken_by_close("read"):
            return self._read_in_block(reads, query, params, transform)

    def _read_in_block(
        self,
        reads: _Reads,
        query: str,
        params: Mapping[str, Any],
        transform: Callable[[Any], Any] | None,
    ) -> tuple[bool, Any]:
        exc_mod = self._neo4j.exceptions
        try:
            if reads.tx is None:
                if reads.session is None:
                    reads.session = self._driver.session(
                        database=self._database,
                        bookmark_manager=self._bookmarks,
                        default_access_mode=self._neo4j.READ_ACCESS,
                    )
                reads.tx = reads.session.begin_transaction()
            return True, (transform or _records)(reads.tx.run(query, dict(params)))
        except (exc_mod.DriverError, exc_mod.Neo4jError) as exc:
            # an explicit transaction is not retried by the driver: this read and the block's
            # later ones run as managed transactions, which are
            logger.debug(
                "a read of a reading() block on %s failed (%s): retried alone", self.uri, exc
            )
            reads.failed = True
            self._end_reads(reads)
            return False, None

    def _end_reads(self, reads: _Reads) -> None:
        tx, reads.tx = reads.tx, None
        session, reads.session = reads.session, None
        for resource in (tx, session):
            if resource is None:
                continue
            try:
                resource.close()
            except Exception as exc:  # (after close(), the driver's objects may be half gone)
                errors = self._neo4j.exceptions
                if not (self._closed or isinstance(exc, (errors.DriverError, errors.Neo4jError))):
                    raise
                logger.debug("closing a reading() block on %s failed: %s", self.uri, exc)

    @contextmanager
    def reading(self) -> Iterator[None]:
        """One read transaction for the reads of this thread inside the block (a recall).

        Each read costs one round trip instead of a transaction's (begin and commit ride on the
        first and last: about half the client time of a short read on a loopback server), and
        a namespace's clock, generation and totals are read once per block (Neo4j transactions
        read committed data, so the block is not a snapshot: a recall's stages read what was
        committed when each ran, as they did in transactions of their own). The transaction is opened in read mode, so on a
        cluster (``neo4j://``) it goes to a reader. A read that fails inside the block is run
        again in a managed, retried transaction of its own, as are the block's later reads.
        Writes, and everything inside a :meth:`batch` (which reads in its own transaction), are
        unaffected; a nested ``reading()`` joins the outer one.
        """
        if self._batch() is not None or getattr(self._local, "reads", None) is not None:
            yield
            return
        self._check_open()
        reads = _Reads()
        self._local.reads = reads
        try:
            with self._overtaken_by_close():  # (a read outside a read's own wrapper)
                yield
        finally:
            self._local.reads = None
            self._end_reads(reads)
