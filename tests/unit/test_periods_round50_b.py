"""Round 50 (B): a named month of this or last year ("去年三月", "March last year") is that month,
not the whole year; look-alikes keep their periods ("去年", "去年这个时候", "last year", a month
alone names none)."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from recall_memory_plugins.engine.periods import question_period

NOW = datetime(2025, 4, 20, 12, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("question", "span"),
    [
        ("去年三月我买了什么？", (date(2024, 3, 1), date(2024, 4, 1))),
        ("去年3月我在忙什么？", (date(2024, 3, 1), date(2024, 4, 1))),
        ("去年的十二月你推荐过哪本书？", (date(2024, 12, 1), date(2025, 1, 1))),
        ("前年十一月份我住在哪里？", (date(2023, 11, 1), date(2023, 12, 1))),
        ("今年二月我去了哪里？", (date(2025, 2, 1), date(2025, 3, 1))),
        ("What did I buy in March last year?", (date(2024, 3, 1), date(2024, 4, 1))),
        ("Where was I in October of last year?", (date(2024, 10, 1), date(2024, 11, 1))),
        ("What did I start in January this year?", (date(2025, 1, 1), date(2025, 2, 1))),
        # look-alikes that keep their periods
        ("去年我买了什么？", (date(2024, 1, 1), date(2025, 1, 1))),
        ("去年这个时候我在哪里？", (date(2024, 4, 20), date(2024, 4, 21))),
        ("What did I buy last year?", (date(2024, 1, 1), date(2025, 1, 1))),
        ("2024年3月我买了什么？", (date(2024, 3, 1), date(2024, 4, 1))),
    ],
)
def test_a_month_of_a_relative_year(question: str, span: tuple[date, date]) -> None:
    period = question_period(question, now=NOW)
    assert period is not None
    assert (period[0].date(), period[1].date()) == span


@pytest.mark.parametrize("question", ["三月我买了什么？", "What did I buy in March?", "去年三月我买了什么？"])
def test_no_clock_or_no_year_names_no_period(question: str) -> None:
    now = NOW if "去年" not in question else None
    assert question_period(question, now=now) is None
