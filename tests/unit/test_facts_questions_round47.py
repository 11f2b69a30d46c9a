"""Which facts lead a recall for questions with no relation word: "Where is Alice now?" and
questions about a person as a whole ("Tell me about Alice", "Who is Bob?", "介绍一下张三").

A recall of the present and a recall ``as_of`` the newest step read the same state, so they
give the same facts (before, the first gave none and the second all of Alice's)."""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.facts import cue_types, profile_question


@pytest.fixture
def memory():
    with TemporalGraphMemory(":memory:", annotator="offline") as mem:
        for text in ("Alice works at Acme.", "Bob likes tea.", "Alice moved to Lyon."):
            mem.add(text, namespace="t")
        yield mem


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Where is Alice now?", ["Alice lives in Lyon (since step 3)"]),
        ("where's Alice?", ["Alice lives in Lyon (since step 3)"]),
        (
            "Tell me about Alice",
            ["Alice lives in Lyon (since step 3)", "Alice works for Acme (since step 1)"],
        ),
        (
            "Who is Alice?",
            ["Alice lives in Lyon (since step 3)", "Alice works for Acme (since step 1)"],
        ),
    ],
)
def test_facts_of_now_and_of_the_newest_step_agree(memory, question, expected):
    now = memory.recall(question, namespace="t").facts
    then = memory.recall(question, namespace="t", as_of=3).facts
    assert list(now) == expected
    assert list(then) == expected


def test_a_question_naming_one_end_only_still_states_no_fact(memory):
    # no relation word, not about Alice as a whole: the facts are not worth their tokens
    for question in ("When did Alice finish the painting?", "What did Alice say about the book?"):
        assert memory.recall(question, namespace="t").facts == ()
        assert memory.recall(question, namespace="t", as_of=3).facts == ()


def test_as_of_keeps_the_types_the_question_asks_about(memory):
    assert memory.recall("Where does Alice work?", namespace="t", as_of=3).facts == (
        "Alice works for Acme (since step 1)",
    )


def test_chinese_profile_question():
    with TemporalGraphMemory(":memory:", annotator="offline") as mem:
        mem.add("张三搬到了上海。", namespace="z")
        mem.add("张三在阿里巴巴工作。", namespace="z")
        assert set(mem.recall("介绍一下张三", namespace="z").facts) == {
            "张三 works for 阿里巴巴 (since step 2)",
            "张三 lives in 上海 (since step 1)",
        }


@pytest.mark.parametrize(
    "question",
    ["Where is Alice now?", "Where's Bob these days?", "where is Ann Lee?", "Where are Tom?"],
)
def test_where_is_a_name_asks_where_they_live(question):
    assert cue_types(question) == ["LIVES_IN"]


@pytest.mark.parametrize(
    "question",
    [
        "Where is Gina's fashion internship?",
        "Where is the meeting?",
        "Where are John and his teammates planning to explore?",
        "Where is Alice going on holiday?",
    ],
)
def test_where_is_something_else_is_no_cue(question):
    assert "LIVES_IN" not in cue_types(question)


@pytest.mark.parametrize(
    ("question", "profile"),
    [
        ("Tell me about Alice", True),
        ("What do you know about Bob?", True),
        ("Who is Carol?", True),
        ("介绍一下张三", True),
        ("Who is Carol's manager?", False),
        ("Who is a fan of jazz?", False),
        ("When did Caroline go to the support group?", False),
        ("What did Alice say about the trip?", False),
    ],
)
def test_profile_questions(question, profile):
    assert profile_question(question) is profile
