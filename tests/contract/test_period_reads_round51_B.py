"""A question whose only content is a period gets that period's statements, on every store (round
51: "What did I do in March 2024?", 2024年6月我在忙什么？ recalled only the newest turns, as the
period boost multiplies a lexical score those turns never had).

``find_statements_said`` reads the statements said in a time span (an index read), current only,
within the namespace and up to a step; a recall adds the period's own statements to its
candidates, each day on the calendar its ``at`` was given in, respecting ``as_of`` and ``where``.
A question with other words still ranks the statements that match them first.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.base import GraphStore, statements_said

U = timezone.utc
SHANGHAI = timezone(timedelta(hours=8))
LONG = (
    "Here are a few ideas: keep a simple routine, write down what you want to reach each week, "
    "rest enough, drink water, and review the plan together next time we talk. "
) * 3


def _memory(store: GraphStore, ns: str) -> TemporalGraphMemory:
    return TemporalGraphMemory(store, annotator="offline", namespace=ns)


def _chat(memory: TemporalGraphMemory) -> None:
    turns = [
        (datetime(2024, 1, 10, 9, tzinfo=U), "user", "I signed up for a pottery class downtown."),
        (datetime(2024, 1, 10, 9, 1, tzinfo=U), "assistant", "Pottery is a lovely hobby! " + LONG),
        (
            datetime(2024, 3, 2, 9, tzinfo=U),
            "user",
            "I started going to the gym three mornings a week.",
        ),
        (datetime(2024, 3, 2, 9, 1, tzinfo=U), "assistant", "Great start! " + LONG),
        (datetime(2024, 3, 20, 9, tzinfo=U), "user", "Ok I started the keto diet today."),
        (datetime(2024, 3, 20, 9, 1, tzinfo=U), "assistant", "Keto can work well. " + LONG),
    ]
    for day in range(4, 9):  # the months after: the newest turns, which the budget used to get
        turns.append(
            (
                datetime(2024, day, 12, 9, tzinfo=U),
                "user",
                f"Quick update number {day}: work was busy.",
            )
        )
        turns.append(
            (datetime(2024, day, 12, 9, 1, tzinfo=U), "assistant", "Thanks for the update! " + LONG)
        )
    for at, speaker, text in turns:
        memory.add(text, speaker=speaker, at=at)


def test_the_store_reads_statements_by_the_time_they_were_said(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add("first", at=datetime(2024, 3, 1, tzinfo=U))
    memory.add("second", at=datetime(2024, 3, 15, tzinfo=U))
    memory.add("third", at=datetime(2024, 4, 1, tzinfo=U))  # the bound is excluded
    memory.add("elsewhere", namespace=ns + "-other", at=datetime(2024, 3, 10, tzinfo=U))
    try:
        found = store.find_statements_said(  # type: ignore[attr-defined]
            ns, since=datetime(2024, 3, 1, tzinfo=U), until=datetime(2024, 4, 1, tzinfo=U), limit=10
        )
        assert [s.text for s in found] == ["second", "first"]  # newest first
        one = store.find_statements_said(  # type: ignore[attr-defined]
            ns, since=datetime(2024, 3, 1, tzinfo=U), until=datetime(2024, 4, 1, tzinfo=U), limit=1
        )
        assert [s.text for s in one] == ["second"]
        upto = store.find_statements_said(  # type: ignore[attr-defined]
            ns, since=datetime(2024, 1, 1, tzinfo=U), until=datetime(2025, 1, 1, tzinfo=U), limit=10,
            until_step=1,
        )  # fmt: skip
        assert [s.text for s in upto] == ["first"]
        # a superseded statement is not read; its correction is
        sid = found[0].id
        memory.update_statement(sid, "second, corrected")
        again = statements_said(
            store,
            ns,
            since=datetime(2024, 3, 1, tzinfo=U),
            until=datetime(2024, 4, 1, tzinfo=U),
            limit=10,
        )
        assert "second" not in [s.text for s in again]
        assert "first" in [s.text for s in again]
    finally:
        store.clear(ns + "-other")


def test_a_question_naming_only_a_month_gets_that_months_statements(
    store: GraphStore, ns: str
) -> None:
    memory = _memory(store, ns)
    _chat(memory)
    for question in ("What did I do in March 2024?", "What was I up to in March 2024?"):
        for budget in (250, 500):
            text = memory.recall(question, token_budget=budget).text
            assert "keto diet" in text, (question, budget, text)
    # look-alikes: no period, or a period with another matching word, are ranked as before
    assert "pottery" in memory.recall("What did I start in January 2024?", token_budget=250).text
    plain = memory.recall("What did I do?", token_budget=250).text
    assert "keto" not in plain and "Quick update number 8" in plain
    # a period with nothing said in it adds nothing
    assert "keto" not in memory.recall("What did I do in October 2023?", token_budget=250).text


def test_the_period_respects_as_of_where_and_deletes(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    _chat(memory)
    q = "What did I do in March 2024?"
    # as_of before the keto turn (step 5): not known then
    assert "keto" not in memory.recall(q, token_budget=500, as_of=4).text
    assert "gym" in memory.recall(q, token_budget=500, as_of=4).text
    assert "keto" not in memory.recall(q, token_budget=500, where={"speaker": "assistant"}).text
    keto = next(s for s in memory.store.find_statements(ns) if "keto diet" in s.text)
    memory.delete_statement(keto.id)
    assert "keto diet" not in memory.recall(q, token_budget=500).text


def test_a_chinese_month_is_read_on_the_calendar_it_was_given_in(
    store: GraphStore, ns: str
) -> None:
    memory = _memory(store, ns)
    memory.add("我这周六开始学游泳了", speaker="user", at=datetime(2024, 5, 9, 19, tzinfo=SHANGHAI))
    # 07:00 on 1 June in Shanghai is 31 May in UTC: still June
    memory.add(
        "科目二考过了！倒车入库一次过", speaker="user", at=datetime(2024, 6, 1, 7, tzinfo=SHANGHAI)
    )
    memory.add("恭喜科目二顺利通过！" + "建议多练习，注意休息。" * 20, speaker="assistant",
               at=datetime(2024, 6, 1, 7, 2, tzinfo=SHANGHAI))  # fmt: skip
    for month in (7, 8, 9):
        memory.add(
            f"{month}月的工作很多", speaker="user", at=datetime(2024, month, 3, 19, tzinfo=SHANGHAI)
        )
        memory.add("辛苦了！" + "建议多练习，注意休息。" * 20, speaker="assistant",
                   at=datetime(2024, month, 3, 19, 2, tzinfo=SHANGHAI))  # fmt: skip
    assert "科目二考过了" in memory.recall("2024年6月我在忙什么？", token_budget=120).text
    assert "开始学游泳" in memory.recall("2024年5月我在忙什么？", token_budget=120).text
