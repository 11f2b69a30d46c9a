"""The benchmarks' answer metrics: what counts as "the answer is in the context" and how the
temporal suite's reader reads a context (pure functions, no benchmark data needed)."""

from __future__ import annotations

from benchmarks import _common as C
from benchmarks import locomo as L
from benchmarks import temporal as T

STREAM = {
    "values": ["Initech", "Bluefin Analytics", "Rekall Travel"],
    "current": "Rekall Travel",
    "stale": ["Initech", "Bluefin Analytics"],
}


def test_normalise_answer_lowercases_drops_punctuation_and_collapses_space() -> None:
    assert C.normalise_answer("7 May, 2023") == "7 may 2023"
    assert C.normalise_answer("  Self-care\tis   IMPORTANT! ") == "self care is important"
    assert C.normalise_answer(2022) == "2022"
    assert C.normalise_answer("李娜。") == "李娜"


def test_answer_in_matches_whole_words_only() -> None:
    ctx = C.normalise_answer("(2023-05-08)\n[3] Caroline: I went to the LGBTQ support group!")
    assert C.answer_in("lgbtq support group", ctx)
    assert C.answer_in("2023", ctx)
    assert not C.answer_in("port", ctx)  # inside "support"
    assert not C.answer_in("", ctx)
    assert C.answer_in("李娜", C.normalise_answer("彭程现在向李娜汇报。"))


def test_locomo_tally_counts_answers_of_answerable_questions_only() -> None:
    tally = L.Tally()
    tally.add(("D1:1",), {"D1:1"}, 10, answer="7 may 2023", context="[1] A: On 7 May, 2023.")
    tally.add(("D1:2",), set(), 10, answer="paris", context="[1] A: Lyon.")
    tally.add(("D1:3",), {"D1:3"}, 10, answer="", context="anything")  # not answerable
    s = tally.summary()
    assert s["answer_n"] == 2 and s["answer_in_context"] == 0.5
    assert s["n"] == 3 and abs(s["evidence_recall"] - 2 / 3) < 1e-9


def test_reader_takes_the_first_value_of_the_first_fact_naming_one() -> None:
    fact = "Gustav Holm works for Rekall Travel (since step 13; before: Bluefin Analytics)"
    out = T.read_context([fact], [0, 1], STREAM)
    assert out == {"reader": True, "reader_source": "fact", "stale_fact": False}


def test_reader_flags_a_fact_stating_a_stale_value_as_current() -> None:
    out = T.read_context(["Gustav Holm works for Initech (since step 1)"], [2], STREAM)
    assert out["reader"] is False and out["stale_fact"] is True


def test_reader_without_facts_takes_the_latest_statement_asserting_a_value() -> None:
    assert T.read_context([], [0, T.NO_VALUE, 2, T.NO_VALUE], STREAM)["reader"] is True
    assert T.read_context([], [2, 1, T.NO_VALUE], STREAM)["reader"] is False
    nothing = T.read_context(["Gustav Holm is busy"], [T.NO_VALUE], STREAM)
    assert nothing["reader"] is False and nothing["reader_source"] == "none"
