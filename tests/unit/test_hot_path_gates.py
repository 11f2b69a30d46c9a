"""The cheap gates added on the ingest hot path answer as the searches they stand before.

Each gate skips work that cannot find anything (a lower-cased search in place of a
case-insensitive one, a relative's noun looked for by its last letters before the regex runs, a
clitic searched only in a word with an apostrophe, a plan with nothing read and nothing current):
these tests compare each with the plain search it replaced, on mixed-case and edge-case inputs.
"""

from __future__ import annotations

import re

import pytest

from recall_memory_plugins.engine.relations import firm_moves, life_events, taken_back
from recall_memory_plugins.engine.relations.dated_changes import decide_in_time
from recall_memory_plugins.engine.relations.lexicon import KIN, kin_gender
from recall_memory_plugins.engine.relations.updates import decide_changes
from recall_memory_plugins.nlp.offline.tokens import _CANNOT_RE, _CLITIC_RE, _word_tokens

TEXTS = [
    "Dana was PROMOTED to lead.",
    "Sam Passed Away last week.",
    "I went Vegan in March.",
    "She Went Back To Acme.",
    "Returned to Initech after a year.",
    "SORRY, I MEANT Lyon, not Lille.",
    "Oops, Typo: it should be Porto.",
    "Wait, no, it's Friday.",
    "不对，是杭州。",
    "他又回到了腾讯。",
    "Nothing here at all.",
    "",
    "İstanbul is lovely.",
]


@pytest.mark.parametrize("text", TEXTS)
def test_lower_cased_gates_answer_as_case_insensitive_searches(text: str) -> None:
    for gate in (life_events._GATE, firm_moves._GATE, taken_back._CUE):
        slow = re.compile(gate.pattern, re.IGNORECASE)
        assert (gate.search(text.lower()) is not None) == (slow.search(text) is not None), gate.pattern[:40]


def _slow_kin_gender(text: str, start: int) -> str | None:
    return next(
        (
            g
            for g, rx in KIN.items()
            if any(k.end() == len(text[:start].rstrip(" ,")) for k in rx.finditer(text, max(0, start - 40), start))
        ),
        None,
    )


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("my brother Theo moved to Oslo.", "Theo"),
        ("My Sister, Ana, lives in Rome.", "Ana"),
        ("our grandfather ,  , Bob retired.", "Bob"),
        ("Sipho's wife Ana works at Acme.", "Ana"),
        ("Theo moved to Oslo with my brother.", "Theo"),
        ("A son Jim", "Jim"),
        ("我哥哥张伟去了腾讯。", "张伟"),
        ("她的女朋友小美搬家了。", "小美"),
        ("张伟去了腾讯。", "张伟"),
        ("the bro Sam", "Sam"),
    ],
)
def test_kin_gender_gate_keeps_every_answer(text: str, name: str) -> None:
    start = text.index(name)
    assert kin_gender(text, start) == _slow_kin_gender(text, start)


def test_kin_gender_reads_a_relative_and_a_missing_text() -> None:
    assert kin_gender("my brother Theo", 11) == "m"
    assert kin_gender("Sipho's wife, Ana", 14) == "f"
    assert kin_gender("my neighbour Theo", 13) is None
    assert kin_gender("", 5) is None  # (a mention of a text not given: no relative)


@pytest.mark.parametrize("word", ["don't", "DON’T", "I'm", "cannot", "CanNot", "can", "notice", "it's", "Ravi's", "dont"])
def test_word_tokens_split_as_before(word: str) -> None:
    out: list = []
    _word_tokens(word, 0, len(word), out)
    clitic = _CLITIC_RE.search(word)
    cannot = _CANNOT_RE.fullmatch(word)
    if clitic and clitic.start() > 0:
        expected = [word[: clitic.start()], word[clitic.start() :]]
    elif cannot:
        expected = [word[:3], word[3:]]
    else:
        expected = [word]
    assert [t.text for t in out] == expected


def test_a_plan_with_nothing_read_and_nothing_current_changes_nothing() -> None:
    assert decide_in_time([], [], [], decide=decide_changes, exclusivity={}, new_id=lambda: "x") == []


@pytest.mark.parametrize(
    "text",
    [
        "From: Björn Karlsson\nI moved to Oslo.",
        "From Amira's holiday card: we moved to Lisbon!",
        "罗丹朋友圈：搬到杭州了",
        "Count me out for the sushi place.\nNadia",
        "From Amira's holiday card we moved to Lisbon",
        "我搬到杭州了——吴敏",
        "In Tom's letter he says hi",
    ],
)
def test_signed_by_skips_the_header_search_only_without_a_colon(text: str) -> None:
    from recall_memory_plugins.engine.relations import implied

    header = implied._FROM.search(text) or implied._ZH_SIGNED.search(text[-12:])
    if header is not None:
        assert implied.signed_by(text) == next(g for g in header.groups() if g)
    else:
        assert implied.signed_by(text) in (None, "Nadia")
    assert implied.signed_by("From: Björn Karlsson\nI moved to Oslo.") == "Björn Karlsson"
