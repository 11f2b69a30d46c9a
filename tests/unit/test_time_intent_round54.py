"""Round 54: "before" + what came later, in a question told in the past ("Which firm was I at
before going solo?", "What did I do before the biotech job?", "before my current job") asks for
the value held before that change: the older of the statements that match its topic, as
"before the barn flooded" did. Before this round only "before" + a past-tense verb was read, and
"before my current job" read as asking for the current value. Look-alikes: a question not told
in the past ("What should I pack before traveling?"), a time of day, a deadline or a period
("before bed", "before noon", "before 2020"), "before tax", "before that"."""

from __future__ import annotations

import pytest

from recall_memory_plugins.engine.time_intent import question_time_intent

from .test_time_intent_round52_a import LDL, SAVINGS, _memory


@pytest.mark.parametrize(
    "question",
    [
        "Which hospital did I work nights at before traveling?",
        "Which firm was I at before going solo?",
        "What did I do for a living before the biotech job?",
        "Where did Luis work before the startup?",
        "Who was Bob's manager before Priya?",
        "What did we play before Blades in the Dark?",
        "What did I do for a living before my current job?",
        "Where was the team's office before the move?",
        "Which car had Kwame driven before his new one?",
    ],
)
def test_before_what_came_later_in_a_past_question_asks_for_the_older(question: str) -> None:
    assert question_time_intent(question) == "earliest"


@pytest.mark.parametrize(
    "question",
    [
        "What should I pack before traveling?",
        "What should I do before the interview tomorrow?",
        "What did I eat before bed?",
        "What was the profit before tax?",
        "What was my weight before 2020?",
        "What was it before that?",
        "Where do I live now, before the move next month?",
        "How do I stretch before running?",
    ],
)
def test_look_alikes_keep_their_reading(question: str) -> None:
    assert question_time_intent(question) is None


def test_a_current_value_asked_plainly_is_still_the_latest() -> None:
    assert question_time_intent("Where do I work in my current job?") == "latest"
    assert question_time_intent("What is my current job?") == "latest"


@pytest.mark.parametrize(
    ("history", "question", "value"),
    [
        (SAVINGS, "How much was in my emergency fund savings account before my raise?", "$3,000"),
        (LDL, "What was my LDL cholesterol before the diet?", "168"),
    ],
)
def test_the_older_value_enters_a_tight_budget(
    history: list[tuple[str, str]], question: str, value: str
) -> None:
    for budget in (40, 60):
        assert value in _memory(history).recall(question, token_budget=budget).text
        off = _memory(history, time_intent_weight=0.0)
        assert value not in off.recall(question, token_budget=budget).text


def test_a_plain_question_recalls_as_before() -> None:
    question = "How much was in my emergency fund savings account?"
    on, off = _memory(SAVINGS), _memory(SAVINGS, time_intent_weight=0.0)
    for budget in (40, 60, 120):
        assert (
            on.recall(question, token_budget=budget).text
            == off.recall(question, token_budget=budget).text
        )
