"""Nineteenth round of the relation layer's rules: a later sentence that says a change and names
both ends of a current fact puts the fact in doubt, whoever else it names ("not on comet anymore,
ping Baran for comet stuff" from Elif; "last shift at Farfetch today, they threw me a party" from
Rui), unless the one the fact is about is only an owner ("Noor's husband left Aramco"), the
sentence says a value holds ("still under Claire", "back at my desk in Nairobi"), the change is a
promotion, the fact is a marriage (couples are named together all the time) or the only change
words are common ones without a topic word of the fact's type. Real SQLite (``:memory:``),
offline annotator; no mocks. The sentences are written for these tests, not taken from the
blind batches.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

from ._facts import Case, assert_case

_CASES: list[Case] = [
    # the speaker's change, with someone else named in the same sentence
    ("Elif", "I manage the Comet project.",
     "not on comet anymore, ping Baran for comet stuff, he's running it",
     ("Elif", "MANAGES", "Comet project"), False),
    ("Rui", "I work for Farfetch.", "last shift at Farfetch today, they threw me a little party",
     ("Rui", "WORKS_FOR", "Farfetch"), False),
    ("Dev", "I study at Leeds University.",
     "Leeds University is officially behind me, Mum and Priya cried at the ceremony.",
     ("Dev", "STUDIES_AT", "Leeds University"), False),
    # an owner did not change
    (None, "Noor works for Aramco.", "Noor's husband finally left Aramco last month.",
     ("Noor", "WORKS_FOR", "Aramco"), True),
    (None, "何静在网易工作。", "何静的丈夫也离开网易了。", ("何静", "WORKS_FOR", "网易"), True),
    # the speaker's kin changed, not the speaker
    ("Cara", "I live in Leeds.", "My sister just moved to Leeds as well.", ("Cara", "LIVES_IN", "Leeds"), True),
    # a value said to hold
    (None, "Arjun reports to Claire.", "Owen got a new boss, but Arjun is still under Claire.",
     ("Arjun", "REPORTS_TO", "Claire"), True),
    ("Aisha", "I live in Nairobi.", "I'll be in Kampala till Thursday, back at my desk in Nairobi on Friday.",
     ("Aisha", "LIVES_IN", "Nairobi"), True),
    # a promotion and a couple named together change nothing
    (None, "Ines works for Philips.", "Ines got promoted at Philips, new title and all.",
     ("Ines", "WORKS_FOR", "Philips"), True),
    (None, "Agnes is married to Boris.", "Agnes and Boris bought a new sofa.", ("Agnes", "MARRIED_TO", "Boris"), True),
]


@pytest.mark.parametrize("case", _CASES)
def test_a_change_that_names_both_ends_leaves_the_fact_unsure(memory: TemporalGraphMemory, case: Case) -> None:
    assert_case(memory, case)


def test_an_unsure_fact_stays_in_the_history(memory: TemporalGraphMemory) -> None:
    memory.add("I work for Farfetch.", speaker="Rui")
    memory.add("last shift at Farfetch today, they threw me a little party", speaker="Rui")
    assert not [r for r in memory.relations() if r.type == "WORKS_FOR"]
    history = [r for r in memory.relations(include_ended=True) if r.type == "WORKS_FOR"]
    assert any(r.attributes.get("unsure") == "true" for r in history), history


# Tastes read from real chat turns that were no tastes: a comparison ("is like"), and a gerund cut
# from its own object ("love taking long walks" had stated LIKES "taking long").
_NO_TASTE = [
    (None, "Lisbon is like a smaller San Francisco."),
    ("Calvin", "Touring with her band is like a dream come true!"),
    ("Ana", "I love taking long walks by the river."),
    ("Nate", "I love seeing them play in the garden."),
    ("Sam", "I love expressing myself through writing."),
]


@pytest.mark.parametrize(("speaker", "text"), _NO_TASTE)
def test_a_comparison_or_a_cut_gerund_is_no_taste(
    memory: TemporalGraphMemory, speaker: str | None, text: str
) -> None:
    memory.add(text, speaker=speaker)
    tastes = [(r.subject_name, r.object_name) for r in memory.relations() if r.type in ("LIKES", "DISLIKES")]
    assert tastes == [], tastes


@pytest.mark.parametrize(
    ("text", "taste"),
    [
        ("I love reading.", ("Ana", "LIKES", "reading")),
        ("I love playing tennis with friends.", ("Ana", "LIKES", "playing tennis")),
        ("Since my knee surgery I can't stand running anymore.", ("Ana", "DISLIKES", "running")),
    ],
)
def test_a_gerund_that_ends_its_phrase_is_a_taste(
    memory: TemporalGraphMemory, text: str, taste: tuple[str, str, str]
) -> None:
    memory.add(text, speaker="Ana")
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations()}
    assert taste in facts, facts


def test_a_thing_read_as_text_drops_a_leading_adverb_and_never_starts_with_a_day(
    memory: TemporalGraphMemory,
) -> None:
    memory.add("I like also cheese pizza and prosciutto.", speaker="James")
    memory.add("These figurines I bought yesterday remind me of family love.", speaker="Melanie")
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations()}
    assert ("James", "LIKES", "cheese pizza") in facts, facts
    assert not [f for f in facts if f[0] == "Melanie" and str(f[2]).startswith("yesterday")], facts
