"""Writes of the Neo4j store that take several transactions (:meth:`clear`, an import) and must
still run alone: the store-wide write lock held from their first transaction to their last.

Every write takes the statement counter's lock with its first query and holds it until it
commits (see :mod:`.cypher`), so a write of one transaction runs alone. :meth:`clear` deletes
``clear_batch_size`` nodes per transaction and an import commits every 5,000 rows, so they hold
the lock in a transaction of their own (``_exclusive``), opened before their first write and
ended after their last: meanwhile every other writer of the database waits for it (readers do
not), and a writer that dies releases it with its connection. Their own transactions never touch
the counter, so they never wait for that transaction.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ...errors import StoreError, WriteConflictError
from . import cypher, cypher_guard
from .lifecycle import Neo4jLifecycle
from .schema import STATEMENT_COUNTER

logger = logging.getLogger(__name__)

_LOCK_ATTEMPTS = 5  # a transient error while waiting for the lock (a deadlock victim) is retried


class UnfinishedImport(WriteConflictError):
    """An update found the remains of an import that died (raised inside its transaction, which
    wrote nothing); the store removes them and the engine plans the update again."""


class Neo4jExclusive(Neo4jLifecycle):
    """The write lock across transactions, and :meth:`clear` (mixed into the store)."""

    @contextmanager
    def _exclusive(self, action: str) -> Iterator[Any]:
        """Hold the store-wide write lock until the block ends: yields the transaction holding it
        (committed when the block ends normally, rolled back otherwise). The block's own writes
        run in transactions of their own (``shared=False``) that must not touch the counter."""
        self._check_open()
        self._commit_pending()
        exc_mod = self._neo4j.exceptions
        session = self._driver.session(database=self._database, bookmark_manager=self._bookmarks)
        tx: Any = None
        try:
            for attempt in range(1, _LOCK_ATTEMPTS + 1):
                tx = session.begin_transaction()
                try:
                    rows = list(tx.run(cypher_guard.HOLD_WRITE_LOCK, counter=STATEMENT_COUNTER))
                    break
                except exc_mod.TransientError as exc:
                    tx.close()
                    tx = None
                    if attempt == _LOCK_ATTEMPTS:
                        raise
                    logger.debug("waiting for the write lock on %s: %s; again", self.uri, exc)
                    time.sleep(0.05 * attempt)
            if not rows:
                raise StoreError(
                    f"the Neo4j database at {self.uri} is not set up for recall-memory-plugins: "
                    "call store.setup() first"
                )
            yield tx
            tx, committing = None, tx
            committing.commit()
        except (exc_mod.DriverError, exc_mod.Neo4jError) as exc:
            with self._errors(action):
                raise exc
        finally:
            for resource in (tx, session):
                if resource is None:
                    continue
                try:
                    resource.close()
                except (exc_mod.DriverError, exc_mod.Neo4jError) as exc:
                    logger.debug("releasing the write lock on %s failed: %s", self.uri, exc)

    def clear(self, namespace: str) -> None:
        """Hard-delete every node of ``namespace``.

        Relationships go first, then nodes, the clock last, each at most ``clear_batch_size`` per
        kind and transaction (two transactions for a small namespace; re-run ``clear`` after an
        interruption). The store-wide write lock is held throughout: a concurrent update lands
        before the clear (and is deleted) or after it (on a fresh clock). Inside a
        :meth:`batch`, the batch's updates so far are committed first.
        """
        with self._exclusive("forget the namespace"):
            self._forget(namespace)

    def _forget(self, namespace: str) -> None:
        """:meth:`clear`'s deletes, by a caller that holds the write lock."""
        self._run(
            "forget the namespace",
            cypher.BUMP_GENERATION,
            {"ns": namespace},
            write=True,
            shared=False,
        )
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

    def _remove_unfinished(self, namespace: str) -> None:
        """Remove the remains of a dead import of ``namespace`` (an update found them), under the
        write lock and if they are still there. Inside a batch, its updates so far are committed
        first: its transaction may hold locks of the namespace's nodes (the update's reads)."""
        self._commit_pending()
        self._clear_unfinished(namespace)
        logger.warning(
            "removed the remains of an unfinished import of %r on %s", namespace, self.uri
        )

    def _clear_unfinished(self, namespace: str) -> None:
        with self._exclusive("remove an unfinished import") as lock:
            if self._import_state(lock, namespace)["importing"]:
                self._forget(namespace)

    def _import_state(self, lock: Any, namespace: str) -> dict[str, Any]:
        """What ``namespace`` holds, read in the transaction holding the write lock."""
        record = lock.run(cypher_guard.IMPORT_STATE, ns=namespace).single()
        return {"importing": False, "step": None, "statements": False, **dict(record or {})}
