"""``recall(..., where=..., as_of=...)``: filters applied before the budget, and past views."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.filters import StatementFilter
from recall_memory_plugins.errors import InputError
from tests.conftest import T0, Clock


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline", clock=Clock()) as m:
        m.add("张三是销售部的经理，他正在负责星火计划项目。", speaker="Ann", source="m1")
        m.add("李四是张三的团队成员，最近王五也加入了星火计划。", speaker="Ben", source="m2")
        m.add("张三不再负责星火计划了，现在由王五接手。", speaker="Ann", source="m3")
        yield m


Q = "现在谁负责星火计划？"


def steps(memory: TemporalGraphMemory, **kwargs: object) -> list[int]:
    return sorted(s.statement.t_index for s in memory.recall(Q, **kwargs).statements)  # type: ignore[arg-type]


def test_without_options_every_statement_is_recalled(memory: TemporalGraphMemory) -> None:
    assert steps(memory) == [1, 2, 3]


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        ({"speaker": "Ben"}, [2]),
        ({"speaker": ["Ann"]}, [1, 3]),
        ({"source": ("m1", "m2")}, [1, 2]),
        ({"since_step": 2}, [2, 3]),
        ({"until_step": 1}, [1]),
        ({"since": T0 + timedelta(minutes=2)}, [2, 3]),
        ({"until": T0 + timedelta(minutes=2)}, [1, 2]),
        (StatementFilter.of(speaker="Ann", since_step=2), [3]),
        ({"speaker": "Nobody"}, []),
    ],
)
def test_where_keeps_only_matching_statements(
    memory: TemporalGraphMemory, where: object, expected: list[int]
) -> None:
    assert steps(memory, where=where) == expected


def test_as_of_step_shows_the_past_and_its_facts(memory: TemporalGraphMemory) -> None:
    now = memory.recall(Q)
    assert now.facts[0].startswith("王五 manages 星火计划")
    then = memory.recall(Q, as_of=1)
    assert [s.statement.t_index for s in then.statements] == [1]
    assert then.facts == ("张三 manages 星火计划 (since step 1)",)
    assert "王五" not in then.text


def test_as_of_datetime(memory: TemporalGraphMemory) -> None:
    then = memory.recall(Q, as_of=T0 + timedelta(minutes=2, seconds=30))
    assert sorted(s.statement.t_index for s in then.statements) == [1, 2]
    assert any(f.startswith("张三 manages 星火计划") for f in then.facts)


@pytest.mark.parametrize(
    "where",
    [
        {"speakr": "Ann"},
        {"since": datetime(2026, 1, 1)},  # naive
        {"since_step": -1},
        {"speaker": 3},
        "Ann",
    ],
)
def test_bad_filters_raise_input_error(memory: TemporalGraphMemory, where: object) -> None:
    with pytest.raises(InputError):
        memory.recall(Q, where=where)  # type: ignore[arg-type]


def test_bad_as_of_raises_input_error(memory: TemporalGraphMemory) -> None:
    with pytest.raises(InputError):
        memory.recall(Q, as_of=datetime(2026, 1, 1))
    with pytest.raises(InputError):
        memory.recall(Q, as_of="yesterday")  # type: ignore[arg-type]


def test_filter_applies_before_the_budget() -> None:
    """A tight budget filled with filtered statements, not with the ones the filter drops."""
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        for i in range(30):
            m.add(f"Coffee note number {i} about espresso and coffee beans.", speaker="Bot")
        m.add("I like coffee with milk.", speaker="Ann", at=datetime.now(timezone.utc))
        r = m.recall("coffee", where={"speaker": "Ann"}, token_budget=60)
        assert [s.statement.speaker for s in r.statements] == ["Ann"]
