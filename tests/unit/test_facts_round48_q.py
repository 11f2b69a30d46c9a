"""Which facts lead a recall for questions about the past, and for questions of a type the
memory holds no fact of.

* A question naming a past period ("Where did Alice live in 2019?", "last year", 去年这个时候)
  states what held then, with its dates (both values when the period spans a change), or
  nothing: never the present value as if it answered.
* "before X" / "after X" states X's neighbour in the timeline, not the present value.
* "Where does Bob work?" when Bob only lives somewhere states nothing (before: "Bob lives in
  Leeds" led the context).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.periods import question_period

U = timezone.utc
NOW = datetime(2026, 6, 15, 12, tzinfo=U)


def _d(y: int, m: int = 1) -> datetime:
    return datetime(y, m, 1, 12, tzinfo=U)


@pytest.fixture(scope="module")
def history():
    with TemporalGraphMemory(":memory:", annotator="offline", clock=lambda: NOW) as mem:
        for text, at in [
            ("Alice lives in Paris.", _d(2015)),
            ("Alice moved to Berlin.", _d(2018, 6)),
            ("Alice moved to Rome.", _d(2021, 3)),
            ("Alice moved to Oslo.", _d(2023, 3)),
            ("Bob reports to Carol.", _d(2019)),
            ("Bob reports to Dan.", _d(2022)),
            ("Bob reports to Erin.", _d(2024)),
            ("Dan manages Orion.", _d(2019)),
            ("Erin manages Orion.", _d(2022)),
            ("张三在阿里巴巴工作。", datetime(2024, 1, 10, 12, tzinfo=U)),
            ("张三跳槽到了腾讯。", datetime(2026, 4, 1, 12, tzinfo=U)),
        ]:
            mem.add(text, namespace="h", at=at)
        yield mem


BERLIN = "Alice lived in Berlin (2018-06-01 to 2021-03-01, steps 2-3)"
ROME = "Alice lived in Rome (2021-03-01 to 2023-03-01, steps 3-4)"
CAROL = "Bob reported to Carol (2019-01-01 to 2022-01-01, steps 5-6)"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Where did Alice live in 2019?", [BERLIN]),
        ("Where was Alice living in March 2019?", [BERLIN]),
        ("Who was Bob's manager in 2020?", [CAROL]),
        ("Who managed Orion in 2020?", ["Dan managed Orion (2019-01-01 to 2022-01-01, steps 8-9)"]),
        # a period spanning a change: both values, with their dates
        ("Where did Alice live in 2021?", [BERLIN, ROME]),
        # relative phrases count from the clock (15 June 2026)
        ("Where did Alice live four years ago?", [ROME]),
        ("Where did Alice live last year?", ["Alice lives in Oslo (since 2023-03-01, step 4)"]),
        (
            "去年这个时候张三在哪工作？",
            ["张三 worked for 阿里巴巴 (2024-01-10 to 2026-04-01, steps 10-11)"],
        ),
        # nothing known held then, or no fact of the type asked: nothing (not the present)
        ("Where did Alice live in 2010?", []),
        ("Where did Alice work in 2019?", []),
    ],
)
def test_a_question_naming_a_past_period_states_what_held_then(history, question, expected):
    assert list(history.recall(question, namespace="h").facts) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Where did Alice live before Rome?", [BERLIN]),
        ("Where did Alice live before she moved to Rome?", [BERLIN]),
        ("Where did Alice live after Berlin?", [ROME]),
        ("Who was Bob's manager before Dan?", [CAROL]),
        (
            "Who managed Orion before Erin?",
            ["Dan managed Orion (2019-01-01 to 2022-01-01, steps 8-9)"],
        ),
        (
            "张三在腾讯之前在哪工作？",
            ["张三 worked for 阿里巴巴 (2024-01-10 to 2026-04-01, steps 10-11)"],
        ),
        ("Where did Alice live before Paris?", []),  # nothing known before the first home
    ],
)
def test_before_and_after_a_value_state_its_neighbour(history, question, expected):
    assert list(history.recall(question, namespace="h").facts) == expected


def test_only_questions_about_a_period_that_is_over_change_their_facts(history):
    current = ("Alice lives in Oslo (since step 4; before: Rome, steps 3-4)",)
    for question in (
        "Where does Alice live?",
        "Where is Alice now?",
        "Where has Alice lived since 2019?",  # reaches the present
        "Where did Alice live in 2026?",  # a period not over yet
    ):
        assert history.recall(question, namespace="h").facts == current, question
    assert history.recall("Where did Alice live in 2019?", namespace="h").facts == (BERLIN,)


def test_relative_phrases_name_a_period_only_with_a_time_to_count_from():
    now = datetime(2026, 12, 6, 23, tzinfo=U)
    day = timedelta(days=1)
    assert question_period("Where did Alice live last year?") is None
    assert question_period("Where did Alice live last year?", now=now) == (
        datetime(2025, 1, 1, tzinfo=U),
        datetime(2026, 1, 1, tzinfo=U),
    )
    assert question_period("What did I say yesterday?", now=now) == (
        datetime(2026, 12, 5, tzinfo=U),
        datetime(2026, 12, 5, tzinfo=U) + day,
    )
    assert question_period("去年这个时候张三在哪？", now=now) == (
        datetime(2025, 12, 6, tzinfo=U),
        datetime(2025, 12, 6, tzinfo=U) + day,
    )
    assert question_period("两年前张三在哪？", now=now)[0] == datetime(2024, 1, 1, tzinfo=U)
    assert question_period("What did we do last month?", now=now)[0] == datetime(
        2026, 11, 1, tzinfo=U
    )
    # "the last year" is the past twelve months, no calendar year
    assert question_period("Has Alice moved in the last year?", now=now) is None


@pytest.fixture
def few():
    with TemporalGraphMemory(":memory:", annotator="offline") as mem:
        t0 = datetime(2025, 3, 1, 9, tzinfo=U)
        mem.add("Alice works at Acme.", speaker="Alice", at=t0)
        mem.add("Bob lives in Leeds.", speaker="Bob", at=t0 + timedelta(days=1))
        mem.add(
            "Bought a second hand bike, a blue Trek.", speaker="Maya", at=t0 + timedelta(days=2)
        )
        yield mem


@pytest.mark.parametrize(
    "question",
    [
        "Where does Bob work?",
        "Who manages Bob?",
        "How many siblings does Bob have?",
        "Where does Alice live?",
        "Where does Maya live?",
    ],
)
def test_a_fact_of_a_type_the_question_does_not_ask_about_is_not_stated(few, question):
    assert few.recall(question).facts == ()
    assert few.recall(question, as_of=3).facts == ()


def test_facts_of_the_type_asked_about_still_lead(few):
    assert few.recall("Where does Bob live?").facts == ("Bob lives in Leeds (since step 2)",)
    assert few.recall("Where does Alice work?", as_of=3).facts == (
        "Alice works for Acme (since step 1)",
    )
    assert few.recall("Where does Bob work?").facts == ()
