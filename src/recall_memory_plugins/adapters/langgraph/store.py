"""``RecallStore``: the temporal graph as a LangGraph ``BaseStore`` (long-term agent memory)."""

from __future__ import annotations

import asyncio
import json
import threading
import weakref
from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime
from typing import Any, Literal
from urllib.parse import unquote

from langgraph.store.base import (
    NOT_PROVIDED,
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
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
from ._checks import ItemInputError, TTLNotSupportedError, check_page, check_put_call, ttl_message
from ._values import (
    UNINDEXED,
    UNINDEXED_TEXT,
    UPDATED_AT,
    check_filter,
    escape,
    item_value,
    key_source,
    matches,
    namespace_matches,
    same_text,
    source_key,
    string_leaves,
    updated_at,
)

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


class RecallStore(BaseStore):
    """A LangGraph ``BaseStore`` whose items are statements of a :class:`TemporalGraphMemory`.

    Give it to ``create_agent(model, tools, store=RecallStore(memory))`` (or
    ``graph.compile(store=...)``); tools and nodes reach it as ``runtime.store``. Each item is
    one statement (several for a long text) in the engine namespace named after the item's
    namespace tuple (``("memories", "alice")`` -> ``"store/memories/alice"``; ``/`` and ``%`` in
    labels are escaped): its text is the value's indexed text (the ``index`` fields, else every
    string in the value), its ``metadata`` the whole value, its ``source`` the key (a key the
    engine would normalise, e.g. not in NFC or with a zero-width space, is stored escaped, so
    every key comes back exactly as put). So items are recalled like any other memory, and
    ``search(..., query=...)`` ranks them with the engine's recall (lexical + concept graph +
    recency), best first, with the score on each :class:`~langgraph.store.base.SearchItem`;
    items the query does not match follow, unscored (``score=None``, as LangGraph's stores
    return them). ``filter`` compares value fields (equality, or ``$eq``, ``$ne``, ``$gt``,
    ``$gte``, ``$lt``, ``$lte``). An item put with ``index=False`` goes to a second engine
    namespace (``.../%noindex``) that recall never reads: ``get``, ``search`` (unscored) and
    ``list_namespaces`` find it, a query never ranks it and no prompt shows it.

    A put on an existing key is ``update_statement(..., keep_history=True)``: the old version
    stays as history (``memory.history(id)``) and so do its facts, held until the put (as
    after an ``add``: "Alice moved to Lyon." put over "Alice lives in Paris." ends Paris at
    the put's step, so ``as_of`` the old step still finds Paris); a put that keeps the item's
    text (only other fields of the value changed) states nothing new, so the item's facts keep
    their times. A put of ``None``
    (``delete``) hard-deletes the item with its history and the facts drawn from it (what
    they had replaced is current again). ``created_at`` is when the first version was stored,
    ``updated_at`` when the current one was put. TTLs are not supported.

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
            raise ItemInputError("Namespace cannot be empty (nothing of this batch was applied).")
        for label in namespace:
            if not isinstance(label, str) or not label:
                raise ItemInputError(
                    f"Namespace labels must be non-empty strings, got {label!r} in {namespace} "
                    "(nothing of this batch was applied)"
                )
        joined = "/".join(escape(label) for label in namespace)
        return f"{self.prefix}/{joined}" if self.prefix else joined

    def _decode(self, name: str) -> tuple[tuple[str, ...], bool] | None:
        """The namespace tuple of an engine namespace, and whether it holds indexed items."""
        if self.prefix:
            head = f"{self.prefix}/"
            if not name.startswith(head):
                return None
            name = name[len(head) :]
        parts = name.split("/")
        indexed = len(parts) < 2 or parts[-1] != UNINDEXED
        return tuple(unquote(part) for part in (parts if indexed else parts[:-1])), indexed

    def _namespaces(
        self, prefix: tuple[str, ...] = ()
    ) -> list[tuple[str, tuple[str, ...], bool]]:
        """(engine namespace, tuple, indexed) of every namespace of this store under ``prefix``
        (a tuple holding items put with ``index=False`` has a second engine namespace)."""
        out = []
        for name in self.memory.namespaces():
            decoded = self._decode(name)
            if decoded is not None and decoded[0][: len(prefix)] == tuple(prefix):
                out.append((name, *decoded))
        return out

    @staticmethod
    def _unindexed(ns: str) -> str:
        """The engine namespace of the items of ``ns`` put with ``index=False``: recall, and so
        a query, the retrievers and the prompts, never reads it."""
        return f"{ns}/{UNINDEXED}"

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
                groups.setdefault(source_key(st.source), []).append(st)
        return groups

    def _item(self, ns: str, namespace: tuple[str, ...], key: str, parts: list[Statement]) -> Item | None:
        first = parts[0]
        try:
            versions = self.memory.history(first.id, namespace=ns)
        except NotFoundError:  # deleted meanwhile by another process: no such item any more
            return None
        return Item(
            value=item_value(first),
            key=key,
            namespace=namespace,
            created_at=versions[0].at,
            updated_at=updated_at(first),
        )

    def _get(self, op: GetOp) -> Item | None:
        ns = self._encode(op.namespace)
        source = key_source(op.key)
        for name in (ns, self._unindexed(ns)):
            parts = self.memory.find_by_source(source, namespace=name)
            if parts:
                return self._item(name, tuple(op.namespace), op.key, parts)
        return None

    @staticmethod
    def _text(value: Mapping[str, Any], index: Any) -> str:
        if index is False:
            return UNINDEXED_TEXT  # (the value is the metadata; the text is never read)
        if index:
            texts = [t for path in index for t in get_text_at_path(value, tokenize_path(path))]
        else:
            texts = list(string_leaves(value))
        text = "\n".join(t for t in texts if t.strip())
        return text or json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)

    def _put(self, op: PutOp, text: str | None) -> None:
        ns = self._encode(op.namespace)
        source = key_source(op.key)
        value = None if op.value is None else dict(op.value)
        if value is not None and text is None:
            text = self._value_text(op)
        # an item put with index=False lives in the namespace recall never reads
        names = (ns, self._unindexed(ns))
        target = names[1] if op.index is False else names[0]
        for attempt in range(1, _PUT_ATTEMPTS + 1):
            seen: list[int] = []
            try:
                # The key's read-check-write in one store write transaction (the SQLite file's
                # write lock, Neo4j's store-wide one): another engine or process on the same
                # store cannot add, update or delete the key's statements in between.
                with self.memory.exclusive():
                    found = {n: self.memory.find_by_source(source, namespace=n) for n in names}
                    seen = [st.id for n in names for st in found[n]]
                    for name in names:
                        if name != target or value is None:
                            for st in found[name]:
                                self._delete(name, st.id)
                    if value is not None and text is not None:
                        self._write_key(target, source, found[target], text, value)
                return
            except (NotFoundError, InputError):
                # (a store whose batch lets other writers in) the key's statements changed
                # between the read and the write: read them again and retry, a few times
                if attempt == _PUT_ATTEMPTS or self._key_ids(names, source) == seen:
                    raise

    def _key_ids(self, names: tuple[str, ...], source: str) -> list[int]:
        return [st.id for n in names for st in self.memory.find_by_source(source, namespace=n)]

    def _write_key(
        self, ns: str, source: str, existing: list[Statement], text: str, value: Any
    ) -> None:
        """Write the item of engine source ``source`` whose current statements are
        ``existing``; afterwards only the new version's statements hold the key."""
        # a put is a new value now (updated_at), not a correction dated like the old one
        now = self.memory._check_time(None)
        if not existing:
            results = [self.memory.add(text, namespace=ns, source=source, metadata=value)]
        elif same_text(existing, self.memory._check_text(text).strip()):
            # the text is unchanged (a counter in the value moved, say): each chunk gets a new
            # version with the new value at its old time, which the engine reads as stating
            # nothing new (its facts keep their times: an old item does not make its stale facts
            # current again); the time of the put goes with the value (updated_at)
            stamped = {**value, UPDATED_AT: now.isoformat()}
            results = [
                self.memory.update_statement(st.id, st.text, namespace=ns, metadata=stamped)
                for st in existing
            ]
        else:
            # the rest of a long item's chunks go (with the facts drawn from them); the new
            # version is chunked anew
            for st in existing[1:]:
                self._delete(ns, st.id)
            results = [
                self.memory.update_statement(
                    existing[0].id, text, namespace=ns, metadata=value, at=now, keep_history=True
                )
            ]
        # one current value per key, the last put's: an older version another writer added
        # meanwhile (possible only on a store whose batch does not keep other writers out) goes
        newest = min((i for r in results for i in r.statement_ids), default=0)
        for st in self.memory.find_by_source(source, namespace=ns):
            if st.id < newest:
                self._delete(ns, st.id)

    def _delete(self, ns: str, statement_id: int) -> None:
        """Hard-delete a statement of an item and the facts drawn from it (what they had
        replaced is current again): a deleted item no longer states anything."""
        try:
            self.memory.delete_statement(statement_id, namespace=ns, cascade_relations=True)
        except NotFoundError:  # deleted meanwhile by another writer: the goal is reached
            pass

    @staticmethod
    def _check_search(op: SearchOp) -> None:
        if op.filter is not None and not isinstance(op.filter, Mapping):
            raise InputError(
                "filter must be a mapping of value fields to values or {'$op': value}, "
                f"got {type(op.filter).__name__}"
            )
        if op.query is not None and not isinstance(op.query, str):
            raise InputError(f"query must be a string or None, got {type(op.query).__name__}")
        for wanted in (op.filter or {}).values():
            check_filter(wanted)

    def _search(self, op: SearchOp) -> list[SearchItem]:
        self._check_search(op)
        found: list[tuple[float | None, datetime, SearchItem]] = []
        for ns, namespace, indexed in self._namespaces(tuple(op.namespace_prefix)):
            scores: dict[str, float] = {}
            if indexed and op.query and op.query.strip():
                recall = self.memory.recall(
                    op.query, namespace=ns, token_budget=_SEARCH_BUDGET, order="rank"
                )
                if recall.strategy not in ("recent", "empty"):
                    for r in recall.statements:
                        # (score 0: a statement recall adds to fill its budget, not a match)
                        source = r.statement.source
                        if source is not None and r.score > scores.get(source_key(source), 0.0):
                            scores[source_key(source)] = r.score
            for key, parts in self._groups(ns).items():
                value = item_value(parts[0])
                if op.filter and not all(matches(value.get(k), v) for k, v in op.filter.items()):
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
        return [f[2] for f in found[op.offset : op.offset + op.limit]]

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        names = [
            namespace
            for ns, namespace, _ in self._namespaces()
            if self.memory.get_all(namespace=ns, limit=1)  # holds at least one item
            and all(namespace_matches(c, namespace) for c in op.match_conditions or ())
        ]
        if op.max_depth is not None:
            names = [n[: op.max_depth] for n in names]
        unique = sorted(set(names))
        return unique[op.offset : op.offset + op.limit]

    # ------------------------------------------------------------------------------ BaseStore
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run ``ops`` in order (puts are applied when reached, so later reads see them).

        The ops of one call run while no other thread of this process runs ops on the same engine
        (puts of one key from several threads: the last one wins, as in ``InMemoryStore``)."""
        with _engine_lock(self.memory):
            return self._batch(list(ops))

    def _check_ops(self, ops: list[Op]) -> dict[int, str]:
        """Every op of a batch checked before any runs: an op of an unknown kind
        (``ConfigurationError``), a bad namespace, key, ``index``, filter or query, or a put the
        engine would refuse (a NUL character, a value too large: ``InputError``) raises with
        nothing of the batch applied. Returns each put's text by its place in ``ops`` (made
        once)."""
        texts: dict[int, str] = {}
        for k, op in enumerate(ops):
            if isinstance(op, SearchOp):
                self._check_search(op)
            elif isinstance(op, GetOp):
                self._encode(op.namespace)
            elif not isinstance(op, (PutOp, ListNamespacesOp)):
                raise ConfigurationError(
                    f"RecallStore cannot run {type(op).__name__} (nothing of this batch was "
                    "applied); it runs GetOp, PutOp, SearchOp and ListNamespacesOp"
                )
            if isinstance(op, (SearchOp, ListNamespacesOp)):
                check_page(op)
            if isinstance(op, PutOp):
                self._encode(op.namespace)
                if not isinstance(op.key, str) or not op.key:
                    raise ItemInputError(
                        f"key must be a non-empty string, got {op.key!r} "
                        "(nothing of this batch was applied)"
                    )
                if op.ttl is not None:
                    raise TTLNotSupportedError(ttl_message(op.key))
                if op.value is not None and not isinstance(op.value, Mapping):
                    raise InputError(
                        f"the value of item {op.key!r} must be a mapping (a dict, e.g. "
                        f"{{'text': ...}}) or None, got {type(op.value).__name__} "
                        "(nothing of this batch was applied)"
                    )
                if op.value is not None:
                    texts[k] = self._value_text(op)
                    # (checked with the time a put of an unchanged text keeps with the value)
                    stamp = {UPDATED_AT: "0000-00-00T00:00:00.000000+00:00"}
                    metadata = {**dict(op.value), **stamp}
                    item = {"text": texts[k], "source": key_source(op.key), "metadata": metadata}
                    try:
                        check_items([item], at=None, speaker=None,
                                    check_text=self.memory._check_text, check_when=self.memory._check_time)
                    except InputError as exc:
                        reason = exc.__cause__ if exc.__cause__ is not None else exc
                        raise InputError(f"item {op.key!r} cannot be stored: {reason} "
                                         "(nothing of this batch was applied)") from None
        return texts

    def _value_text(self, op: PutOp) -> str:
        index = op.index
        if not (
            index is None
            or index is False
            or (isinstance(index, (list, tuple)) and all(isinstance(p, str) for p in index))
        ):
            raise InputError(
                f"index of item {op.key!r} must be False, None or a list of field paths "
                f"(strings, e.g. ['text', 'tags[*]']), got {index!r}"
            )
        try:
            text = self._text(dict(op.value or {}), op.index)
            json.dumps(op.value, default=str)  # (the engine encodes it; a value nested too deep fails here)
        except RecursionError:
            raise InputError(f"the value of item {op.key!r} is nested too deeply to store") from None
        return text

    def _batch(self, ops: list[Op]) -> list[Result]:
        texts = self._check_ops(ops)
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

    def put(
        self,
        namespace: tuple[str, ...],
        key: str,
        value: Mapping[str, Any],
        index: Literal[False] | list[str] | None = None,
        *,
        ttl: Any = NOT_PROVIDED,
    ) -> None:
        """LangGraph's ``put``, checked as :meth:`batch` checks a ``PutOp``: a bad namespace or a
        key that is not a non-empty string is an ``InputError`` (also LangGraph's
        ``InvalidNamespaceError``), a TTL a ``ConfigurationError`` (also ``NotImplementedError``).
        """
        check_put_call(namespace, key, ttl)
        super().put(namespace, key, value, index)

    async def aput(
        self,
        namespace: tuple[str, ...],
        key: str,
        value: Mapping[str, Any],
        index: Literal[False] | list[str] | None = None,
        *,
        ttl: Any = NOT_PROVIDED,
    ) -> None:
        """Async twin of :meth:`put`."""
        check_put_call(namespace, key, ttl)
        await super().aput(namespace, key, value, index)

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """Async twin of :meth:`batch` (runs in a worker thread)."""
        return await asyncio.to_thread(self.batch, list(ops))
