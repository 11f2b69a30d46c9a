"""Property-based fuzz of the public API on every store: any input either works or raises a
:class:`RecallError`, and a call that raises has written nothing."""

from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.errors import RecallError
from recall_memory_plugins.models import Recall, UpdateResult
from recall_memory_plugins.stores.base import GraphStore

# Values users (and hostile users) pass: lone surrogates, NUL, wrong types, extreme numbers.
NASTY_STRINGS = [
    "caf\udce9",
    "\ud800",
    "a\x00b",
    "",
    "   ",
    "Alice met Bob.",
    "张三正在负责星火计划",
    "x" * 300,
]
strings = st.one_of(st.text(max_size=40), st.sampled_from(NASTY_STRINGS))
not_strings = st.one_of(
    st.none(),
    st.integers(),
    st.floats(),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=2),
)
aware = st.datetimes(
    min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30), timezones=st.just(timezone.utc)
)
times = st.one_of(
    st.none(),
    aware,
    st.datetimes(),  # naive
    st.sampled_from(
        [
            datetime.max.replace(tzinfo=timezone(timedelta(hours=-5))),
            datetime.min.replace(tzinfo=timezone(timedelta(hours=5))),
        ]
    ),
    st.integers(),
    st.text(max_size=5),
)
numbers = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, "abc", "500", None, True, 10**20]),
)
labels = st.one_of(st.none(), strings, st.integers(), st.floats())
namespaces = st.one_of(st.none(), st.sampled_from(["fuzz-a", "fuzz-b"]), strings, st.integers())
items = st.one_of(
    strings,
    not_strings,
    st.fixed_dictionaries(
        {"text": st.one_of(strings, not_strings)},
        optional={"speaker": labels, "source": labels, "at": times},
    ),
    st.dictionaries(st.sampled_from(["text", "txt", "speaker"]), strings, max_size=2),
)
item_lists = st.one_of(
    st.lists(items, max_size=5),
    st.none(),
    strings,
    st.integers(),
    st.dictionaries(st.text(max_size=3), st.text(max_size=3), max_size=2),
)

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _memory(store: GraphStore, ns: str) -> TemporalGraphMemory:
    return TemporalGraphMemory(store, annotator="offline", namespace=ns)


def _count(memory: TemporalGraphMemory) -> int:
    # Every namespace this test can write to: its own and the two fixed fuzz ones.
    return sum(memory.stats(n).statements for n in (memory.namespace, "fuzz-a", "fuzz-b"))


def _clear(memory: TemporalGraphMemory) -> None:
    for n in ("fuzz-a", "fuzz-b"):
        memory.clear(n)


def _scoped(ns_value: Any, ns: str) -> Any:
    # Strings the strategy invents would leave data behind on a shared Neo4j: map them onto
    # the test's namespace unless they are invalid (which must be refused before any write).
    if isinstance(ns_value, str) and ns_value not in ("fuzz-a", "fuzz-b"):
        try:
            ns_value.encode("utf-8")
        except UnicodeEncodeError:
            return ns_value
        return (
            ns if ns_value.strip() and "\x00" not in ns_value and len(ns_value) <= 256 else ns_value
        )
    return ns_value


@FUZZ
@given(
    text=st.one_of(strings, not_strings),
    namespace=namespaces,
    at=times,
    speaker=labels,
    source=labels,
)
def test_add_works_or_raises_ours_and_writes_nothing(
    store: GraphStore, ns: str, text: Any, namespace: Any, at: Any, speaker: Any, source: Any
) -> None:
    memory = _memory(store, ns)
    before = _count(memory)
    try:
        result = memory.add(
            text, namespace=_scoped(namespace, ns), at=at, speaker=speaker, source=source
        )
    except RecallError:
        assert _count(memory) == before
    else:
        assert isinstance(result, UpdateResult)
        assert _count(memory) == before + len(result.statement_ids)
    finally:
        _clear(memory)


@FUZZ
@given(items=item_lists, speaker=labels, at=times)
def test_add_many_checks_every_item_before_writing(
    store: GraphStore, ns: str, items: Any, speaker: Any, at: Any
) -> None:
    memory = _memory(store, ns)
    before = _count(memory)
    try:
        results = memory.add_many(items, speaker=speaker, at=at)
    except RecallError as exc:
        assert _count(memory) == before, "a refused add_many wrote data"
        assert exc.stored == ()
    else:
        assert _count(memory) == before + sum(len(r.statement_ids) for r in results)


@FUZZ
@given(
    question=st.one_of(strings, not_strings),
    budget=numbers,
    strategy=st.sampled_from([None, "fused", "seed", "bogus", 5]),
    order=st.sampled_from([None, "chronological", "rank", "x"]),
)
def test_recall_answers_or_raises_ours(
    store: GraphStore, ns: str, question: Any, budget: Any, strategy: Any, order: Any
) -> None:
    memory = _memory(store, ns)
    if memory.stats(ns).statements == 0:
        memory.add("Alice met Bob in Paris.")
        memory.add("张三正在负责星火计划")
    try:
        recall = memory.recall(question, token_budget=budget, strategy=strategy, order=order)
    except RecallError:
        return
    assert isinstance(recall, Recall)
    assert recall.token_count <= recall.token_budget


@FUZZ
@given(limit=numbers, entity=st.one_of(strings, not_strings), as_of=st.one_of(numbers, times))
def test_reads_work_or_raise_ours(
    store: GraphStore, ns: str, limit: Any, entity: Any, as_of: Any
) -> None:
    memory = _memory(store, ns)
    if memory.stats(ns).statements == 0:
        memory.add("Alice works at Acme.")
    for call in (
        lambda: memory.statements(limit=limit),
        lambda: memory.relations(entity, as_of=as_of),
        lambda: memory.timeline(entity),
        lambda: memory.entities(entity),
    ):
        try:
            call()
        except RecallError:
            pass


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.add("caf\udce9"),
        lambda m: m.add("fine", speaker=5),
        lambda m: m.add("fine", source=b"x"),
        lambda m: m.add("fine", namespace="caf\udce9"),
        lambda m: m.add("fine", at=datetime.max.replace(tzinfo=timezone(timedelta(hours=-5)))),
        lambda m: m.recall("caf\udce9"),
        lambda m: m.recall("x", token_budget=math.nan),
        lambda m: m.recall("x", token_budget=math.inf),
        lambda m: m.recall("x", token_budget="abc"),
        lambda m: m.statements(limit="3"),
        lambda m: m.add_many(None),
        lambda m: m.add_many("abc"),
        lambda m: m.add_many({"text": "a dict, not a list"}),
        lambda m: m.add_many(["Ann met Bo.", "Cy met Di.", {"text": "Dan", "speaker": 5}]),
        lambda m: m.relations("Alice", as_of="yesterday"),
    ],
)
def test_the_reported_reproductions_raise_ours_and_store_nothing(
    store: GraphStore, ns: str, call: Any
) -> None:
    memory = _memory(store, ns)
    with pytest.raises(RecallError):
        call(memory)
    assert memory.stats(ns).statements == 0


def test_huge_limit_is_accepted(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add("Alice works at Acme.")
    assert [s.text for s in memory.statements(limit=10**20)] == ["Alice works at Acme."]
