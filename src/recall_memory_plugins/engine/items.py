"""Per-item control of a memory: read, page, correct, trace and hard-delete single statements and
entities; export and import whole namespaces. Mixed into
:class:`~recall_memory_plugins.engine.memory.TemporalGraphMemory`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .._locks import FairRLock
from ..errors import InputError, NotFoundError, RecallError
from ..models import Statement, UpdateResult
from .validation import (
    check_label,
    check_limit,
    check_metadata,
    check_path_or_stream,
    check_statement_id,
)

if TYPE_CHECKING:
    from ..config import MemoryConfig
    from ..stores.base import GraphStore
    from .relations import RelationTracker

__all__ = ["ItemsMixin"]

logger = logging.getLogger(__name__)

MAX_PAGE = 10_000  # statements one get_all call returns at most


class ItemsMixin:
    """``get``/``get_all``/``find_by_source``/``update_statement``/``history``/``delete_*``,
    ``namespaces``, ``export``/``import_``."""

    if TYPE_CHECKING:  # provided by TemporalGraphMemory
        store: GraphStore
        tracker: RelationTracker | None
        config: MemoryConfig
        _write_lock: FairRLock

        def _ns(self, namespace: str | None) -> str: ...
        def _check_text(self, text: object, what: str = "text") -> str: ...
        def _check_name(self, name: object, what: str) -> str: ...
        def _check_time(self, at: datetime | None) -> datetime: ...
        def _prepare(
            self,
            ns: str,
            text: str,
            when: datetime,
            speaker: str | None,
            source: str | None,
            metadata: Mapping[str, Any] | None = None,
            *,
            dated: bool = False,
        ) -> Any: ...
        def _with_vectors(self, prepared: list[Any]) -> list[Any]: ...
        def _store_vectors(
            self, ns: str, results: Sequence[Any], prepared: Sequence[Any]
        ) -> None: ...
        def _require_tracker(self) -> RelationTracker: ...

    # ------------------------------------------------------------------------------ reads
    def get(self, statement_id: int, *, namespace: str | None = None) -> Statement:
        """The statement ``statement_id`` (a superseded one too: see ``superseded_by``).

        Raises:
            NotFoundError: no such statement in the namespace.
            InputError: ``statement_id`` is not an int >= 1.
        """
        ns = self._ns(namespace)
        sid = check_statement_id(statement_id)
        found = self.store.get_statements(ns, [sid])
        if not found:
            raise NotFoundError(f"no statement {sid} in namespace {ns!r}")
        return found[0]

    def get_all(
        self,
        *,
        namespace: str | None = None,
        offset: int = 0,
        limit: int = 100,
        source: str | None = None,
        speaker: str | None = None,
        include_superseded: bool = False,
        newest_first: bool = False,
    ) -> list[Statement]:
        """One page of the namespace's statements, oldest first (``newest_first`` reverses).

        Args:
            offset: statements skipped before the page.
            limit: page size (at most 10,000).
            source: only statements with this source.
            speaker: only statements of this speaker.
            include_superseded: also the older versions replaced by :meth:`update_statement`.
            newest_first: order by time step descending.
        """
        ns = self._ns(namespace)
        first = check_limit(offset, "offset") or 0
        size = check_limit(limit, "limit")
        if size is None or size > MAX_PAGE:
            raise InputError(f"limit must be an int in 0..{MAX_PAGE:,}, got {limit!r}")
        return self.store.find_statement_page(
            ns,
            offset=first,
            limit=size,
            source=check_label(source, "source"),
            speaker=check_label(speaker, "speaker"),
            include_superseded=bool(include_superseded),
            newest_first=bool(newest_first),
        )

    def find_by_source(self, source: str, *, namespace: str | None = None) -> list[Statement]:
        """The current statements whose source is ``source``, oldest first (a text stored in
        several chunks has several)."""
        ns = self._ns(namespace)
        ref = check_label(source, "source")
        if ref is None:
            raise InputError("source must be a string, got None")
        return self.store.find_statement_page(ns, source=ref)

    def history(self, statement_id: int, *, namespace: str | None = None) -> list[Statement]:
        """Every version of the statement, oldest first (the current one last).

        Raises:
            NotFoundError: no such statement in the namespace.
        """
        ns = self._ns(namespace)
        sid = check_statement_id(statement_id)
        versions = self.store.find_statement_versions(ns, sid)
        if not versions:
            raise NotFoundError(f"no statement {sid} in namespace {ns!r}")
        return versions

    def namespaces(self) -> list[str]:
        """Every namespace that holds data."""
        return self.store.namespaces()

    # ------------------------------------------------------------------------------ writes
    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """Writes with nobody else's in between: ``with memory.exclusive(): ...``.

        For a read-check-write (read an item, decide, write it): inside the block this thread
        holds the memory's write lock and the store's (the SQLite file's write transaction,
        Neo4j's store-wide write lock), so other threads, engines and processes writing the
        same store wait until the block ends; reads inside the block see its writes. Each write
        stays all-or-nothing on its own, and those that completed are kept when the block
        raises (it is not a rollback). Keep the block short: every writer waits for it.
        """
        with self._write_lock, self.store.batch():
            yield

    def _forget_discourse(self, ns: str) -> None:
        """Drop the relation layer's cached state of ``ns`` (entities may have gone)."""
        if self.tracker is not None:
            self.tracker.discard(self.store, ns)

    def update_statement(
        self,
        statement_id: int,
        text: str,
        *,
        namespace: str | None = None,
        at: datetime | None = None,
        metadata: Mapping[str, Any] | None = None,
        speaker: str | None = None,
        source: str | None = None,
        keep_history: bool = False,
    ) -> UpdateResult:
        """Correct a statement: ``text`` is stored as the namespace's next time step, and the old
        statement is marked superseded by it (kept as :meth:`history`, no longer recalled).

        Speaker, source, metadata and time (``at``) are the old statement's unless given: a
        corrected 2021 note is still about 2021, so a newer fact stays current (pass ``at`` to
        date the correction otherwise). The correction replaces what the old version did to the
        relations: those it alone stated go, and what they had ended takes its ending back (as
        with :meth:`delete_statement` and ``cascade_relations``); then the new text is read at
        the statement's time (a date in it counts from that time), for its speaker, and, at
        the statement's own time, at its step too (``as_of=<step>`` agrees with the time). A fact the
        new text repeats at the same time (the same ``at`` and the same dates in the text: a
        corrected date moves the fact) stays, with its times; one another current statement
        states stays too ("Alice still lives in Paris."). An update that keeps the text, the
        speaker and the time states nothing new: the relations drawn from the statement stay as
        they are (only its metadata or source change), drawn from the new version.

        With ``keep_history`` the new text is not a correction but a new version said at ``at``
        (default: now), news as an :meth:`add` is: what the old version stated stays as
        history, held until then (a fact the new text does not repeat ends at its step), as a
        LangGraph ``RecallStore`` put to an existing key does.

        Raises:
            NotFoundError: no such statement in the namespace.
            InputError: invalid input, or the statement was already superseded (update the
                current version, the last of :meth:`history`).
        """
        ns = self._ns(namespace)
        sid = check_statement_id(statement_id)
        body = self._check_text(text).strip()
        if not body:
            raise InputError("cannot update a statement to empty text (delete it instead)")
        given = None if at is None else self._check_time(at)
        meta = None if metadata is None else check_metadata(metadata)
        who = check_label(speaker, "speaker")
        ref = check_label(source, "source")
        old = self._current_version(ns, sid)
        news = bool(keep_history)
        if news and given is None:
            given = self._check_time(None)
        when = old.at if given is None else given  # (a correction is about its statement's time)
        prepared = self._prepare(
            ns,
            body,
            when,
            old.speaker if who is None else who,
            old.source if ref is None else ref,
            dict(old.metadata) if meta is None else meta,
            dated=True,
        )
        (prepared,) = self._with_vectors([prepared])
        # One transaction on both stores: the new version and the old one's retirement. The
        # relations drawn from the old version end, unless the new one repeats them. Same lock
        # order as TemporalGraphMemory._commit: the write lock, then the store's batch.
        update = prepared.update
        tracker = self.tracker
        plan = None
        try:
            with self._write_lock, self.store.batch():
                # checked again under the lock, before anything is written: a concurrent update
                # or delete of the same statement made a failing call store its text anyway
                self._current_version(ns, sid)
                kept: list[str] | None = None  # (the same claim at the same time: all stay)
                restep: list[str] = []
                same = (body, prepared.speaker, when) == (old.text, old.speaker, old.at)
                if not same and tracker is not None:
                    at_once = when == old.at and self._same_dates(old.text, body, prepared)
                    plan = self._replan(tracker, ns, sid, prepared, same_time=at_once, news=news)
                    update = replace(update, entities=plan.entities, relation_changes=plan.changes)
                    kept = [c.relation_id for c in plan.changes if c.op == "confirm"]
                    if when == old.at and not news:  # read at the statement's time: its step too
                        # (every start and end the plan made: history it added, ends it clipped)
                        restep = [c.relation_id for c in plan.changes if c.op in ("add", "end", "clip")]
                result = self.store.apply_update(update)
                self.store.supersede_statement(
                    ns, sid, result.statement_ids[0], keep_relations=kept, restep=restep
                )
        except RecallError:
            if tracker is not None:
                tracker.discard(self.store, ns)
            raise
        if tracker is not None:
            # relations ended outside the plan: the cached discourse state is rebuilt
            tracker.discard(self.store, ns)
        self._store_vectors(ns, [result], [prepared])
        logger.debug("statement %s of %r superseded by %s", sid, ns, result.statement_ids[0])
        return result

    def _replan(
        self,
        tracker: RelationTracker,
        ns: str,
        sid: int,
        prepared: Any,
        *,
        same_time: bool,
        news: bool = False,
    ) -> Any:
        """The relation plan of a correction, made as if the old version had never been said:
        what it alone stated goes first (what that had ended takes its ending back), except,
        at an unchanged time, the facts the new text repeats, which keep their times. Of a new
        version that is ``news``, the plan of an add: the old version's facts stay history."""

        def plan() -> Any:
            return tracker.plan(
                self.store,
                ns,
                prepared.annotation,
                speaker=prepared.speaker,
                sentence_statements=prepared.sentence_statements,
                when=prepared.update.at if prepared.dated else None,
                said_at=prepared.said_at if self.config.dates_from_text else None,
            )

        if news:
            return plan()
        keep = {c.relation_id for c in plan().changes if c.op == "confirm"} if same_time else set()
        self.store.retract_relations(ns, sid, keep=sorted(keep))
        tracker.discard(self.store, ns)  # (what the plans read may be gone)
        return plan()

    def _same_dates(self, old: str, new: str, prepared: Any) -> bool:
        """Whether the two texts date their facts alike, read at the same time: a correction of
        only the date ("last year" -> "two months ago") moves what it dates."""
        if not self.config.dates_from_text:
            return True
        from .relations.text_dates import sentence_dates, unplaced_year

        at = prepared.said_at or prepared.update.at
        read = [(sentence_dates(t, at), unplaced_year(t, at) is None) for t in (old, new)]
        return read[0] == read[1]

    def _current_version(self, ns: str, sid: int) -> Statement:
        old = self.get(sid, namespace=ns)
        if old.superseded_by is not None:
            raise InputError(
                f"statement {sid} was already superseded by {old.superseded_by}; update the "
                "current version (the last of history())"
            )
        return old

    def delete_statement(
        self,
        statement_id: int,
        *,
        namespace: str | None = None,
        cascade_relations: bool = False,
    ) -> None:
        """Hard-delete a statement with all its versions and what names it: its index terms,
        its places in concept contexts (a concept left with none goes, with its links), the
        entities named at its time step alone that are in no relation, and the evidence link of
        relations drawn from it (the relations too with ``cascade_relations``: what such a
        relation had ended takes its ending, exactly as it was before, so "Alice moved to Rome",
        deleted, leaves Paris current again). A relation another current statement repeats
        ("Alice still lives in Paris.") stays, drawn from that statement from then on.

        Raises:
            NotFoundError: no such statement in the namespace.
        """
        ns = self._ns(namespace)
        sid = check_statement_id(statement_id)
        with self._write_lock:
            deleted = self.store.delete_statements(
                ns, [sid], cascade_relations=bool(cascade_relations)
            )
            self._forget_discourse(ns)
        if not deleted:
            raise NotFoundError(f"no statement {sid} in namespace {ns!r}")

    def delete_entity(self, name_or_id: str, *, namespace: str | None = None) -> int:
        """Hard-delete an entity (by id, else by name or alias), its aliases and every relation
        it is the subject or object of. Returns how many relations were deleted.

        Raises:
            NotFoundError: no entity has that id, name or alias.
            InputError: the name belongs to several entities (pass one's id).
        """
        ns = self._ns(namespace)
        key = self._check_name(name_or_id, "entity")
        found = self.store.find_entities(ns, ids=[key])
        if not found:
            found = self._require_tracker().find_entities(self.store, ns, key)
            exact = [e for e in found if e.name.casefold() == key.casefold()]
            if len(exact) == 1:
                found = exact
        if not found:
            raise NotFoundError(f"no entity named {key!r} in namespace {ns!r}")
        if len(found) > 1:
            listed = ", ".join(f"{e.id!r} ({e.name})" for e in found[:10])
            raise InputError(f"{key!r} names {len(found)} entities: {listed}; pass one's id")
        with self._write_lock:
            try:
                return self.store.delete_entity(ns, found[0].id)
            finally:
                self._forget_discourse(ns)

    # ------------------------------------------------------------------------------ transfer
    def export(
        self,
        path_or_file: str | Path | IO[str],
        *,
        namespace: str | None = None,
        all_namespaces: bool = False,
        progress: bool = False,
    ) -> int:
        """Write the namespace (every namespace with ``all_namespaces``) as JSON Lines: a
        versioned header, then one line per record (see :mod:`.export`). Returns the number of
        lines written.

        A path is written whole or not at all (a temporary file renamed at the end; through a
        symlink, over its target); an existing FIFO or device is written as is. The memory's own
        database file (or its ``-wal`` / ``-shm`` / ``-journal``) and any other SQLite database
        are refused (:class:`~recall_memory_plugins.errors.InputError`): an export never
        replaces a memory.
        """
        from .export import export_namespaces
        from .export_targets import refuse_database_target

        path_or_file = check_path_or_stream(path_or_file, "path_or_file", writing=True)
        if isinstance(path_or_file, str):  # (never over a database: its own, or another memory)
            refuse_database_target(path_or_file, getattr(self.store, "path", None))
        names = self.namespaces() if all_namespaces else [self._ns(namespace)]
        return export_namespaces(self.store, names, path_or_file, progress=progress)

    def import_(
        self,
        path_or_file: str | Path | IO[str],
        *,
        namespace: str | None = None,
        progress: bool = False,
    ) -> int:
        """Load an :meth:`export` file into this memory's store; returns the records written.

        Every namespace of the file is written under its own name, or, for a file of one
        namespace, under ``namespace`` when given. The whole file is validated before anything
        is written, and each target namespace must hold nothing.

        Raises:
            InputError: a malformed file, an unknown format version, or a target namespace that
                already holds data (nothing is written).
        """
        from .export import import_namespaces

        path_or_file = check_path_or_stream(path_or_file, "path_or_file", writing=False)
        target = None if namespace is None else self._ns(namespace)
        with self._write_lock:
            try:
                return import_namespaces(
                    self.store, path_or_file, namespace=target, progress=progress
                )
            finally:
                for ns in self.namespaces():
                    self._forget_discourse(ns)

    # ------------------------------------------------------------------------------ async
    async def aget(self, statement_id: int, **kwargs: Any) -> Statement:
        """Async twin of :meth:`get`."""
        return await asyncio.to_thread(self.get, statement_id, **kwargs)

    async def aget_all(self, **kwargs: Any) -> list[Statement]:
        """Async twin of :meth:`get_all`."""
        return await asyncio.to_thread(self.get_all, **kwargs)

    async def afind_by_source(self, source: str, **kwargs: Any) -> list[Statement]:
        """Async twin of :meth:`find_by_source`."""
        return await asyncio.to_thread(self.find_by_source, source, **kwargs)

    async def aupdate_statement(self, statement_id: int, text: str, **kwargs: Any) -> UpdateResult:
        """Async twin of :meth:`update_statement`."""
        return await asyncio.to_thread(self.update_statement, statement_id, text, **kwargs)

    async def ahistory(self, statement_id: int, **kwargs: Any) -> list[Statement]:
        """Async twin of :meth:`history`."""
        return await asyncio.to_thread(self.history, statement_id, **kwargs)

    async def adelete_statement(self, statement_id: int, **kwargs: Any) -> None:
        """Async twin of :meth:`delete_statement`."""
        await asyncio.to_thread(self.delete_statement, statement_id, **kwargs)

    async def adelete_entity(self, name_or_id: str, **kwargs: Any) -> int:
        """Async twin of :meth:`delete_entity`."""
        return await asyncio.to_thread(self.delete_entity, name_or_id, **kwargs)
