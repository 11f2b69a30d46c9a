"""Ranking cues of the fused strategy: the period a question names and question-term coverage."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from recall_memory_plugins import ConfigurationError, MemoryConfig, TemporalGraphMemory
from recall_memory_plugins.engine.periods import question_period
from recall_memory_plugins.engine.retrieval import coverage_boost, period_boost
from recall_memory_plugins.engine.text import normalise_word
from recall_memory_plugins.models import Statement


def _utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=timezone.utc)


def _st(i: int, text: str, at: datetime, speaker: str | None = "Nate") -> Statement:
    return Statement(i, "ns", text, i, at, speaker)


# (question, expected [start, end) dates or None): one row per form the rules read
PERIODS = [
    ("What dish did Nate make on 9 November, 2022?", ((2022, 11, 9), (2022, 11, 10))),
    ("What did Gina get accepted for on May 23, 2023?", ((2023, 5, 23), (2023, 5, 24))),
    ("What did Maria do on the 3rd of June 2023?", ((2023, 6, 3), (2023, 6, 4))),
    ("What did John share with Tim in January 2024?", ((2024, 1, 1), (2024, 2, 1))),
    ("What happened in Feb. 2024?", ((2024, 2, 1), (2024, 3, 1))),
    ("What charity event did John organize recently in 2024?", ((2024, 1, 1), (2025, 1, 1))),
    ("Where was Tim between 11 August 2023 and 15 August 2023?", ((2023, 8, 11), (2023, 8, 16))),
    ("王伟2023年5月1日做了什么？", ((2023, 5, 1), (2023, 5, 2))),
    ("王伟2023年12月在哪里？", ((2023, 12, 1), (2024, 1, 1))),
    ("李娜2022年去了哪里？", ((2022, 1, 1), (2023, 1, 1))),
    ("What did Nate do on 2022-11-09?", ((2022, 11, 9), (2022, 11, 10))),
    # no calendar period: a month without its year, relative phrases, a bare number, 31 February
    ("Which country was Tim visiting in the second week of November?", None),
    ("What did Melanie do last week?", None),
    ("How many of the 2023 songs did she like?", None),
    ("What happened on 31 February, 2023?", None),
    ("What did you do in May?", None),
]


@pytest.mark.parametrize(("question", "expected"), PERIODS)
def test_question_period(question: str, expected: tuple[tuple[int, ...], ...] | None) -> None:
    got = question_period(question)
    if expected is None:
        assert got is None
    else:
        assert got == (_utc(*expected[0]), _utc(*expected[1]))


def test_period_boost_prefers_statements_said_in_the_period() -> None:
    period = question_period("What did Nate make on 9 November, 2022?")
    before = _st(1, "I made a lemon cake.", _utc(2022, 11, 1))
    that_day = _st(2, "I made coconut ice cream!", _utc(2022, 11, 9, 15))
    week_after = _st(3, "Last week I made bread.", _utc(2022, 11, 15))
    month_after = _st(4, "I made pasta.", _utc(2022, 12, 9))
    ranked = [(before, 1.0, ()), (month_after, 0.9, ()), (that_day, 0.5, ()), (week_after, 0.4, ())]
    out = period_boost(ranked, period, 2.0)
    assert [(st.id, score) for st, score, _ in out] == [
        (2, 1.5),
        (3, 1.2),
        (1, 1.0),
        (4, 0.9),
    ]
    assert period_boost(ranked, None, 2.0) == ranked
    assert period_boost(ranked, period, 0.0) == ranked


def test_coverage_boost_prefers_statements_matching_more_of_the_question() -> None:
    one_rare = _st(1, "Becoming Nicole is on my shelf.", _utc(2023, 1, 1), "Caroline")
    more = _st(2, "I recommend this book, Melanie!", _utc(2023, 1, 2), "Caroline")
    terms = {normalise_word(w) for w in ("book", "recommend", "Caroline", "Melanie")}
    out = coverage_boost([(one_rare, 1.0, ()), (more, 0.6, ())], terms, 1.0)
    # one_rare: caroline (speaker) = 1/4; more: all four (caroline as speaker) = 4/4
    assert [(st.id, score) for st, score, _ in out] == [(1, 1.25), (2, 1.2)]
    out = coverage_boost([(one_rare, 1.0, ()), (more, 0.7, ())], terms, 1.0)
    assert [st.id for st, _, _ in out] == [2, 1]
    # only the ``top`` best candidates are rescored
    out = coverage_boost([(one_rare, 1.0, ()), (more, 0.7, ())], terms, 1.0, top=1)
    assert [(st.id, score) for st, score, _ in out] == [(1, 1.25), (2, 0.7)]
    zh = _st(3, "我住在北京。", _utc(2023, 1, 1), None)
    assert coverage_boost([(zh, 1.0, ())], {"北京", "上海"}, 1.0) == [(zh, 1.5, ())]
    assert coverage_boost([(zh, 1.0, ())], set(), 1.0) == [(zh, 1.0, ())]


def test_recall_ranks_what_was_said_on_the_date_the_question_names() -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline", fill_recent=False)
    memory.add("I made a lemon cake for my friend.", at=_utc(2022, 2, 25), speaker="Nate")
    for i in range(4):
        memory.add(
            f"I made a chocolate cake with my sister, try {i}.",
            at=_utc(2022, 6, 1 + i),
            speaker="Nate",
        )
    memory.add(
        "Look at this homemade coconut ice cream I made!", at=_utc(2022, 11, 9), speaker="Nate"
    )
    question = "What did Nate make on 9 November, 2022?"
    first = memory.recall(question, token_budget=40).statements[0].statement.text
    assert "coconut" in first
    plain = TemporalGraphMemory(
        memory.store, annotator="offline", fill_recent=False, period_weight=0.0
    )
    assert "coconut" not in plain.recall(question, token_budget=40).statements[0].statement.text


def test_cue_options() -> None:
    cfg = MemoryConfig.from_env({"RECALL_PERIOD_WEIGHT": "0", "RECALL_COVERAGE_WEIGHT": "0.5"})
    assert cfg.period_weight == 0.0 and cfg.coverage_weight == 0.5
    assert MemoryConfig().period_weight > 0 and MemoryConfig().coverage_weight > 0
    with pytest.raises(ConfigurationError):
        MemoryConfig(period_weight=-1.0)
    with pytest.raises(ConfigurationError):
        MemoryConfig(coverage_weight=-0.1)
