"""A day a question names is matched on the calendar each statement was said in (round 49): a
turn said at 07:00 on 1 December in Shanghai (23:00 on 30 November UTC) is 1 December's. Real
SQLite, the offline annotator; the turns are written for this test."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.periods import question_period
from recall_memory_plugins.engine.retrieval import period_boost
from recall_memory_plugins.models import Statement

SHANGHAI = timezone(timedelta(hours=8))
NEW_YORK = timezone(timedelta(hours=-5))


def _statement(i: int, at: datetime) -> Statement:
    return Statement(id=i, namespace="n", t_index=i, text=f"turn {i}", at=at)


def test_the_boost_reads_the_statements_own_calendar() -> None:
    period = question_period("What did I eat on 2023-12-01?")
    early_shanghai = _statement(1, datetime(2023, 12, 1, 7, tzinfo=SHANGHAI))  # 30 Nov, 23:00 UTC
    late_new_york = _statement(2, datetime(2023, 11, 30, 21, tzinfo=NEW_YORK))  # 1 Dec, 02:00 UTC
    ranked = [(late_new_york, 1.0, ()), (early_shanghai, 1.0, ())]
    boosted = {st.id: score for st, score, _ in period_boost(ranked, period, 2.0, grace=timedelta())}
    assert boosted == {1: 3.0, 2: 1.0}


def test_a_turn_said_early_in_the_morning_in_shanghai_is_found_by_its_day() -> None:
    foods = {25: "包子", 27: "馄饨", 29: "豆浆", 33: "煎饼", 36: "粥", 40: "面条"}
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for day, food in foods.items():
            at = datetime(2023, 11, 1, 12, tzinfo=SHANGHAI) + timedelta(days=day - 1)
            memory.add(f"早饭吃了{food}。", speaker="我", at=at)
        memory.add("早饭吃了油条。", speaker="我", at=datetime(2023, 12, 1, 7, tzinfo=SHANGHAI))
        text = memory.recall("2023年12月1日早饭吃了什么？", token_budget=40).text
    assert "油条" in text, text
