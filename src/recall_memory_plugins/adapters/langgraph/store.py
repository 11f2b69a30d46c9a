"""``RecallStore``: the temporal graph as a LangGraph ``BaseStore`` (long-term agent memory)."""

from __future__ import annotations

import asyncio
import json
import threading
import weakref
from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime
from typing import Any
from urllib.parse import unquote

from langgraph.store.base import (
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)
from langgraph.store.base.embed import get_text_at_path, tokenize_path

from ...engine.memory import TemporalGraphMemory
from ...engine.validation import check_items
from ...errors import ConfigurationError, InputError, NotFoundError
from ...models import Statement
from .._common import check_engine, engine_state, reopened_state

__all__ = ["RecallStore"]

_PAGE = 1000
_PUT_ATTEMPTS = 3  # a put that lost a race for its key (a store that lets writers in) retries
# one lock per engine: a put reads an item's statements and then replaces them, and a search reads
# statements another thread may be replacing; the store's ops run one at a time in a process
_LOCKS: weakref.WeakKeyDictionary[TemporalGraphMemory, threading.RLock] = weakref.WeakKeyDictionary()
_LOCKS_GUARD = threading.Lock()


def _engine_lock(memory: TemporalGraphMemory) -> threading.RLock:
    with _LOCKS_GUARD:
        lock = _LOCKS.get(memory)
        if lock is None:
            lock = _LOCKS[memory] = threading.RLock()
        return lock
_SEARCH_BUDGET = 4000  # tokens of recall a query search ranks items with


def _escape(label: str) -> str:
    return label.replace("%", "%25").replace("/", "%2F")


def _string_leaves(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        if value.strip():
            yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _string_leaves(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _string_leaves(v)


def _matches(item_value: Any, wanted: Any) -> bool:
    """LangGraph's filter semantics (as its in-memory and Postgres stores apply them)."""
    if isinstance(wanted, dict):
        if any(k.startswith("$") for k in wanted):
            return all(_operator(item_value, op, arg) for op, arg in wanted.items())
        if not isinstance(item_value, dict):
            return False
        return all(_matches(item_value.get(k), v) for k, v in wanted.items())
    if isinstance(wanted, (list, tuple)):
        return (
            isinstance(item_value, (list, tuple))
            and len(item_value) == len(wanted)
            and all(_matches(a, b) for a, b in zip(item_value, wanted, strict=True))
        )
    return bool(item_value == wanted)


def _operator(value: Any, op: str, arg: Any) -> bool:
    if op == "$eq":
        return bool(value == arg)
    if op == "$ne":
        return bool(value != arg)
    if op in ("$gt", "$gte", "$lt", "$lte"):
        try:
            a, b = float(value), float(arg)
        except (TypeError, ValueError):
            return False
        return {"$gt": a > b, "$gte": a >= b, "$lt": a < b, "$lte": a <= b}[op]
    raise ConfigurationError(f"unsupported filter operator {op!r}; use $eq $ne $gt $gte $lt $lte")


def _namespace_matches(condition: MatchCondition, namespace: tuple[str, ...]) -> bool:
    path = tuple(condition.path)
    if len(namespace) < len(path):
        return False
    part = namespace[: len(path)] if condition.match_type == "prefix" else namespace[-len(path) :]
    return all(p == "*" or p == n for p, n in zip(path, part, strict=True)) if path else True


class RecallStore(BaseStore):
    """A LangGraph ``BaseStore`` whose items are statements of a :class:`TemporalGraphMemory`.

    Give it to ``create_agent(model, tools, store=RecallStore(memory))`` (or
    ``graph.compile(store=...)``); tools and nodes reach it as ``runtime.store``. Each item is
    one statement (several for a long text) in the engine namespace named after the item's
    namespace tuple (``("memories", "alice")`` -> ``"store/memories/alice"``; ``/`` and ``%`` in
    labels are escaped): its text is the value's indexed text (the ``index`` fields, else every
    string in the value), its ``metadata`` the whole value, its ``source`` the key. So items are
    recalled like any other memory, and ``search(..., query=...)`` ranks them with the engine's
    recall (lexical + concept graph + recency), best first, with the score on each
    :class:`~langgraph.store.base.SearchItem`; items the query does not match follow, unscored
    (as LangGraph's stores return them). ``filter`` compares value fields (equality, or
    ``$eq``, ``$ne``, ``$gt``, ``$gte``, ``$lt``, ``$lte``).

    A put on an existing key is ``update_statement`` (the old version stays as history:
    ``memory.history(id)``); a put of ``None`` (``delete``) hard-deletes the item with its
    history. ``created_at`` is when the first version was stored, ``updated_at`` the current
    one. TTLs are not supported.

    Search and namespace listing read the namespaces' items page by page: fine for agent
    memories (thousands of items), not for millions.

    Args:
        memory: the engine (injected; not closed by this store).
        prefix: the engine namespaces this store uses start with ``prefix + "/"`` (``""``: the
            namespace tuple alone, so ``("alice",)`` is the engine namespace ``"alice"`` other
            adapters write to).

    Raises:
        ConfigurationError: ``memory`` is not an engine, or ``prefix`` has a ``/``.
    """

    supports_ttl = False

    def __init__(self, memory: TemporalGraphMemory, *, prefix: str = "store") -> None:
        self.memory = check_engine(memory, "RecallStore")
        if not isinstance(prefix, str) or "/" in prefix:
            raise ConfigurationError(f"prefix must be a string without '/', got {prefix!r}")
        self.prefix = prefix

    def __repr__(self) -> str:
        return f"RecallStore(prefix={self.prefix!r})"

    def __getstate__(self) -> dict[str, Any]:
        # an engine on a SQLite file travels as what reopens it (as the other adapters' do)
        return engine_state(self.__dict__, "memory")

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(reopened_state(state, "memory"))

    # ------------------------------------------------------------------------------ namespaces
    def _encode(self, namespace: tuple[str, ...]) -> str:
        if not namespace:
            raise InvalidNamespaceError("Namespace cannot be empty.")
        for label in namespace:
            if not isinstance(label, str) or not label:
                raise InvalidNamespaceError(
                    f"Namespace labels must be non-empty strings, got {label!r} in {namespace}"
                )
        joined = "/".join(_escape(label) for label in namespace)
        return f"{self.prefix}/{joined}" if self.prefix else joined

    def _decode(self, name: str) -> tuple[str, ...] | None:
        if self.prefix:
            head = f"{self.prefix}/"
            if not name.startswith(head):
                return None
            name = name[len(head) :]
        return tuple(unquote(part) for part in name.split("/"))

    def _namespaces(self, prefix: tuple[str, ...] = ()) -> list[tuple[str, tuple[str, ...]]]:
        """(engine namespace, tuple) of every namespace of this store under ``prefix``."""
        out = []
        for name in self.memory.namespaces():
            decoded = self._decode(name)
            if decoded is not None and decoded[: len(prefix)] == tuple(prefix):
                out.append((name, decoded))
        return out

    # ------------------------------------------------------------------------------ items
    def _statements(self, ns: str) -> Iterator[Statement]:
        offset = 0
        while True:
            page = self.memory.get_all(namespace=ns, offset=offset, limit=_PAGE)
            yield from page
            if len(page) < _PAGE:
                return
            offset += len(page)

    def _groups(self, ns: str) -> dict[str, list[Statement]]:
        """key -> the item's current statements, in the order the items were last written."""
        groups: dict[str, list[Statement]] = {}
        for st in self._statements(ns):
            if st.source is not None:
                groups.setdefault(st.source, []).append(st)
        return groups

    def _item(self, ns: str, namespace: tuple[str, ...], key: str, parts: list[Statement]) -> Item | None:
        first = parts[0]
        try:
            versions = self.memory.history(first.id, namespace=ns)
        except NotFoundError:  # deleted meanwhile by another process: no such item any more
            return None
        return Item(
            value=dict(first.metadata),
            key=key,
            namespace=namespace,
            created_at=versions[0].at,
            updated_at=first.at,
        )

    def _get(self, op: GetOp) -> Item | None:
        ns = self._encode(op.namespace)
        parts = self.memory.find_by_source(op.key, namespace=ns)
        if not parts:
            return None
        return self._item(ns, tuple(op.namespace), op.key, parts)

    @staticmethod
    def _text(value: Mapping[str, Any], index: Any) -> str:
        if index is False:
            texts: list[str] = []
        elif index:
            texts = [t for path in index for t in get_text_at_path(value, tokenize_path(path))]
        else:
            texts = list(_string_leaves(value))
        text = "\n".join(t for t in texts if t.strip())
        return text or json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)

    def _put(self, op: PutOp, text: str | None) -> None:
        ns = self._encode(op.namespace)
        if not isinstance(op.key, str) or not op.key:
            raise InvalidNamespaceError(f"key must be a non-empty string, got {op.key!r}")
        value = None if op.value is None else dict(op.value)
        if value is not None and text is None:
            text = self._value_text(op)
        for attempt in range(1, _PUT_ATTEMPTS + 1):
            seen: list[int] = []
            try:
                # The key's read-check-write in one store write transaction (the SQLite file's
                # write lock, Neo4j's store-wide one): another engine or process on the same
                # store cannot add, update or delete the key's statements in between.
                with self.memory.exclusive():
                    existing = self.memory.find_by_source(op.key, namespace=ns)
                    seen = [st.id for st in existing]
                    self._write_key(ns, op.key, existing, text, value)
                return
            except (NotFoundError, InputError):
                # (a store whose batch lets other writers in) the key's statements changed
                # between the read and the write: read them again and retry, a few times
                if attempt == _PUT_ATTEMPTS or self._key_ids(ns, op.key) == seen:
                    raise

    def _key_ids(self, ns: str, key: str) -> list[int]:
        return [st.id for st in self.memory.find_by_source(key, namespace=ns)]

    def _write_key(
        self, ns: str, key: str, existing: list[Statement], text: str | None, value: Any
    ) -> None:
        """Write (``value`` None: delete) the item ``key`` whose current statements are
        ``existing``; afterwards only the new version's statements hold the key."""
        if value is None or text is None:
            for st in existing:
                self._delete(ns, st.id)
            return
        if not existing:
            result = self.memory.add(text, namespace=ns, source=key, metadata=value)
        else:
            # the rest of a long item's chunks go; the new version is chunked anew
            for st in existing[1:]:
                self._delete(ns, st.id)
            # a put is a new value now (updated_at), not a correction dated like the old one
            now = self.memory._check_time(None)
            result = self.memory.update_statement(
                existing[0].id, text, namespace=ns, metadata=value, at=now
            )
        # one current value per key, the last put's: an older version another writer added
        # meanwhile (possible only on a store whose batch does not keep other writers out) goes
        newest = min(result.statement_ids, default=0)
        for st in self.memory.find_by_source(key, namespace=ns):
            if st.id < newest:
                self._delete(ns, st.id)

    def _delete(self, ns: str, statement_id: int) -> None:
        try:
            self.memory.delete_statement(statement_id, namespace=ns)
        except NotFoundError:  # deleted meanwhile by another writer: the goal is reached
            pass

    def _search(self, op: SearchOp) -> list[SearchItem]:
        if op.filter is not None and not isinstance(op.filter, Mapping):
            raise InputError(
                "filter must be a mapping of value fields to values or {'$op': value}, "
                f"got {type(op.filter).__name__}"
            )
        if op.query is not None and not isinstance(op.query, str):
            raise InputError(f"query must be a string or None, got {type(op.query).__name__}")
        found: list[tuple[float | None, datetime, SearchItem]] = []
        for ns, namespace in self._namespaces(tuple(op.namespace_prefix)):
            scores: dict[str, float] = {}
            if op.query and op.query.strip():
                recall = self.memory.recall(
                    op.query, namespace=ns, token_budget=_SEARCH_BUDGET, order="rank"
                )
                if recall.strategy not in ("recent", "empty"):
                    for r in recall.statements:
                        key = r.statement.source
                        if key is not None and r.score > scores.get(key, float("-inf")):
                            scores[key] = r.score
            for key, parts in self._groups(ns).items():
                value = parts[0].metadata
                if op.filter and not all(_matches(value.get(k), v) for k, v in op.filter.items()):
                    continue
                item = self._item(ns, namespace, key, parts)
                if item is None:
                    continue
                score = scores.get(key)
                found.append(
                    (
                        score,
                        item.updated_at,
                        SearchItem(
                            namespace=item.namespace,
                            key=item.key,
                            value=item.value,
                            created_at=item.created_at,
                            updated_at=item.updated_at,
                            score=score,
                        ),
                    )
                )
        if op.query:
            # matches best first; the rest newest first, unscored
            found.sort(key=lambda f: (f[0] is None, -(f[0] or 0.0), -f[1].timestamp()))
        start = max(0, op.offset)
        return [f[2] for f in found[start : start + max(0, op.limit)]]

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        names = [
            namespace
            for ns, namespace in self._namespaces()
            if self.memory.get_all(namespace=ns, limit=1)  # holds at least one item
            and all(_namespace_matches(c, namespace) for c in op.match_conditions or ())
        ]
        if op.max_depth is not None:
            names = [n[: op.max_depth] for n in names]
        unique = sorted(set(names))
        start = max(0, op.offset)  # as search pages: a negative offset or limit reads nothing odd
        return unique[start : start + max(0, op.limit)]

    # ------------------------------------------------------------------------------ BaseStore
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run ``ops`` in order (puts are applied when reached, so later reads see them).

        The ops of one call run while no other thread of this process runs ops on the same engine
        (puts of one key from several threads: the last one wins, as in ``InMemoryStore``)."""
        with _engine_lock(self.memory):
            return self._batch(list(ops))

    def _check_puts(self, ops: list[Op]) -> dict[int, str]:
        """Every put of a batch checked before any runs: one the engine would refuse (a NUL
        character, a value too large) raises ``InputError`` with nothing of the batch applied.
        Returns each put's text by its place in ``ops`` (made once)."""
        texts: dict[int, str] = {}
        for k, op in enumerate(ops):
            if isinstance(op, PutOp):
                self._encode(op.namespace)
                if not isinstance(op.key, str) or not op.key:
                    raise InvalidNamespaceError(f"key must be a non-empty string, got {op.key!r}")
                if op.value is not None:
                    texts[k] = self._value_text(op)
                    item = {"text": texts[k], "source": op.key, "metadata": dict(op.value)}
                    try:
                        check_items([item], at=None, speaker=None,
                                    check_text=self.memory._check_text, check_when=self.memory._check_time)
                    except InputError as exc:
                        reason = exc.__cause__ if exc.__cause__ is not None else exc
                        raise InputError(f"item {op.key!r} cannot be stored: {reason} "
                                         "(nothing of this batch was applied)") from None
        return texts

    def _value_text(self, op: PutOp) -> str:
        try:
            text = self._text(dict(op.value or {}), op.index)
            json.dumps(op.value, default=str)  # (the engine encodes it; a value nested too deep fails here)
        except RecursionError:
            raise InputError(f"the value of item {op.key!r} is nested too deeply to store") from None
        return text

    def _batch(self, ops: list[Op]) -> list[Result]:
        texts = self._check_puts(ops)
        results: list[Result] = []
        for k, op in enumerate(ops):
            if isinstance(op, GetOp):
                results.append(self._get(op))
            elif isinstance(op, SearchOp):
                results.append(self._search(op))
            elif isinstance(op, ListNamespacesOp):
                results.append(self._list_namespaces(op))
            elif isinstance(op, PutOp):
                self._put(op, texts.get(k))
                results.append(None)
            else:
                raise ConfigurationError(f"RecallStore cannot run {type(op).__name__}")
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """Async twin of :meth:`batch` (runs in a worker thread)."""
        return await asyncio.to_thread(self.batch, list(ops))
