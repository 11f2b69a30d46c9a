"""Group chats: a wish in the simple past, a turn taken back as a joke, a sarcastic retort and a
forwarded or quoted message state nothing of the speaker and end nothing; a first name two
people share is the one who holds the value the sentence names."""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.forwards import FORWARD_TABLE, NOT_FORWARDED, forwarded
from recall_memory_plugins.engine.relations.patterns.jokes import JOKE_TABLE, NOT_JOKING, joking
from recall_memory_plugins.engine.relations.patterns.mood import unasserted

JOKES = [(name, text) for name, _, examples in JOKE_TABLE for text in examples]
FORWARDS = [(name, text) for name, _, examples in FORWARD_TABLE for text in examples]


@pytest.mark.parametrize(("name", "text"), JOKES, ids=[f"{n}:{t}" for n, t in JOKES])
def test_joke_rows_flag_their_examples(name: str, text: str) -> None:
    assert joking(text), (name, text)


@pytest.mark.parametrize("text", NOT_JOKING)
def test_plain_turns_are_no_jokes(text: str) -> None:
    assert not joking(text)


@pytest.mark.parametrize(("name", "text"), FORWARDS, ids=[f"{n}:{t}" for n, t in FORWARDS])
def test_forward_rows_flag_their_examples(name: str, text: str) -> None:
    assert forwarded(text), (name, text)


@pytest.mark.parametrize("text", NOT_FORWARDED)
def test_own_words_are_not_forwarded(text: str) -> None:
    assert not forwarded(text)


def _current(turns: list[tuple[str | None, str]], who: str, type_: str) -> list[str]:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for speaker, text in turns:
            memory.add(text, namespace="chat", speaker=speaker)
        return sorted(r.object_name or "" for r in memory.relations(who, namespace="chat", type=type_))


def _all(turns: list[tuple[str | None, str]]) -> list[tuple[str, str, str]]:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for speaker, text in turns:
            memory.add(text, namespace="chat", speaker=speaker)
        return sorted((r.subject_name, r.type, r.object_name or "")
                      for r in memory.relations(namespace="chat", include_unsure=True))


@pytest.mark.parametrize(
    ("first", "wish", "who", "type_", "old"),
    [
        ((None, "Carl lives in Rome."), ("Carl", "I wish I relocated to Paris back then"), "Carl", "LIVES_IN", "Rome"),
        (("Carl", "I work at Acme."), ("Carl", "Honestly I wish I'd joined Google."), "Carl", "WORKS_FOR", "Acme"),
        ((None, "Nina works at Acme."), (None, "Nina wishes she never left Initech."), "Nina", "WORKS_FOR", "Acme"),
        ((None, "Ola lives in Oslo."), (None, "Ola wished he moved to Bergen years ago."), "Ola", "LIVES_IN", "Oslo"),
        (("小李", "我住在南京。"), ("小李", "我好希望我已经搬去杭州了"), "小李", "LIVES_IN", "南京"),
    ],
)
def test_a_wish_in_the_past_tense_changes_nothing(
    first: tuple[str | None, str], wish: tuple[str | None, str], who: str, type_: str, old: str
) -> None:
    assert unasserted(wish[1])
    assert _current([first, wish], who, type_) == [old]


def test_a_wish_of_luck_keeps_the_news() -> None:
    assert _current([(None, "Tom moved to Leeds, wish him luck!")], "Tom", "LIVES_IN") == ["Leeds"]


@pytest.mark.parametrize(
    "joke",
    [
        "I moved to Berlin haha jk",
        "I relocated to Berlin!!! just kidding lol",
        "Jk, I moved to Berlin",
        "Moved to Berlin (not really)",
        "I moved to Berlin. Kidding 😜",
        "April Fools! I moved to Berlin.",
        "我搬到柏林了，开个玩笑哈",
        "逗你的，我搬到柏林了",
    ],
)
def test_a_turn_taken_back_as_a_joke_states_nothing(joke: str) -> None:
    # (its marker may take back only the words before it: the old home may be left unsure)
    turns: list[tuple[str | None, str]] = [("Carl", "I live in Rome."), ("Carl", joke)]
    assert _current(turns, "Carl", "LIVES_IN") in ([], ["Rome"])
    assert not [f for f in _all(turns) if f[2] in ("Berlin", "柏林")]


@pytest.mark.parametrize("text", ["I moved to Berlin, no kidding!", "I'm not joking, I moved to Berlin."])
def test_a_change_said_in_earnest_holds(text: str) -> None:
    assert _current([("Carl", "I live in Rome."), ("Carl", text)], "Carl", "LIVES_IN") == ["Berlin"]


@pytest.mark.parametrize(
    ("first", "retort", "type_", "old"),
    [
        ("I work at Acme.", "Sure, and I work for the Vatican.", "WORKS_FOR", "Acme"),
        ("I work at Acme.", "oh sure, and I'm the CEO of Apple lol", "WORKS_FOR", "Acme"),
        ("I live in Rome.", "Yeah right and I moved to Mars.", "LIVES_IN", "Rome"),
        ("I live in Rome.", "yep, and I live in the White House 🙄", "LIVES_IN", "Rome"),
        ("I work at Acme.", "Of course, and I joined NASA last week.", "WORKS_FOR", "Acme"),
    ],
)
def test_a_sarcastic_retort_states_and_ends_nothing(first: str, retort: str, type_: str, old: str) -> None:
    turns: list[tuple[str | None, str]] = [("Carl", first), ("Dana", "Carl, is it true you changed jobs and moved?"),
                                           ("Carl", retort)]
    assert _current(turns, "Carl", type_) == [old]


@pytest.mark.parametrize(
    "text",
    [
        "Fwd: I moved to Lisbon in May.",
        "Kim messaged me on WhatsApp: I joined Initech!",
        "quoting my sister: I live in Lyon now",
        "Ben's post on LinkedIn: I joined Stripe",
        "lol and Tom was like, I work at Initech now",
        "Forwarding a note from Priya: I relocated to Pune.",
        "转发：我搬到成都了",
    ],
)
def test_a_forwarded_message_is_not_the_forwarders(text: str) -> None:
    facts = _all([("Anna", "I live in Rome."), ("Anna", text)])
    assert [f for f in facts if f[0] == "Anna"] == [("Anna", "LIVES_IN", "Rome")], facts


def test_a_forwarded_mail_is_its_writers() -> None:
    text = "---------- Forwarded message ---------\nFrom: Tom Lee <tom@x.com>\nSubject: news\n\nI joined Initech last week."
    facts = _all([("Anna", "I work at Acme."), ("Anna", text)])
    assert ("Anna", "WORKS_FOR", "Acme") in facts and ("Anna", "WORKS_FOR", "Initech") not in facts
    assert ("Tom Lee", "WORKS_FOR", "Initech") in facts


@pytest.mark.parametrize("text", ["FYI I joined Google.", "Update: I joined Google!"])
def test_own_news_with_a_heading_is_the_speakers(text: str) -> None:
    assert _current([("Anna", text)], "Anna", "WORKS_FOR") == ["Google"]


def test_a_forwarded_fact_about_someone_else_holds() -> None:
    assert _current([("Anna", "Fwd: Dana moved to Paris.")], "Dana", "LIVES_IN") == ["Paris"]


_TOMS = [("Tom Baker", "I work at Acme."), ("Tom Kim", "I work at Globex.")]


@pytest.mark.parametrize(
    ("turns", "type_", "baker", "kim"),
    [
        ([*_TOMS, ("Anna", "Tom quit Acme, he's at Initech now.")], "WORKS_FOR", [], ["Globex"]),
        ([*_TOMS, ("Anna", "Tom left Acme and joined Initech")], "WORKS_FOR", ["Initech"], ["Globex"]),
        ([(None, "Tom Kim works at Globex."), (None, "Tom Baker works at Acme."), (None, "Tom quit Globex and joined Initech.")],
         "WORKS_FOR", ["Acme"], ["Initech"]),
        ([("Tom Baker", "I live in Rome."), ("Tom Kim", "I live in Oslo."), ("Anna", "Tom relocated from Rome to Paris.")],
         "LIVES_IN", ["Paris"], ["Oslo"]),
    ],
)
def test_a_shared_first_name_is_the_one_who_holds_the_named_value(
    turns: list[tuple[str | None, str]], type_: str, baker: list[str], kim: list[str]
) -> None:
    assert _current(turns, "Tom Kim", type_) == kim
    found = _current(turns, "Tom Baker", type_)
    assert found == baker or (not baker and found != ["Acme"]), found


def test_a_handover_of_one_toms_project_leaves_the_other() -> None:
    turns: list[tuple[str | None, str]] = [(None, "Tom Baker leads Project Orion."), (None, "Tom Kim leads Project Atlas."),
                                           ("Anna", "Tom handed Project Orion over to Ben.")]
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for speaker, text in turns:
            memory.add(text, namespace="chat", speaker=speaker)
        kim = [(r.type, r.object_name) for r in memory.relations("Tom Kim", namespace="chat")]
    assert ("MANAGES", "Project Atlas") in kim, kim


@pytest.mark.parametrize(
    "question",
    [
        "hold on, Anna relocated to Lyon?!",
        "Anna moved to Lyon??! 😮",
        "Anna moved to Lyon?! lol",
        "Did Anna move to Lyon",
        "wait has anna moved to Lyon",
        "ok so is it true Anna lives in Lyon now",
        "Anna moved to Lyon or not",
    ],
)
def test_a_question_without_its_plain_mark_states_nothing(question: str) -> None:
    turns: list[tuple[str | None, str]] = [("Ben", "Anna lives in Rome."), ("Carl", question)]
    assert _current(turns, "Anna", "LIVES_IN") == ["Rome"]


@pytest.mark.parametrize("text", ["Anna moved to Lyon!", "Was promoted and moved to Lyon!"])
def test_news_with_an_exclamation_holds(text: str) -> None:
    assert _current([("Anna", "I live in Rome."), ("Anna", text)], "Anna", "LIVES_IN") == ["Lyon"]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Felipe reports to Margaret.", "Org chart v7: Felipe → Deborah (was Margaret until the Jan shuffle)."),
        ("Sara Lindqvist is married to Erik Holm.",
         "Address book: Sara (was Holm, back to Lindqvist) split from Erik in 2022 and married Jonas Berg last summer."),
    ],
)
def test_a_bracketed_was_asks_nothing(first: str, second: str) -> None:
    """"(was Margaret until …)" is no question typed without its mark: the change it tells keeps
    the old value from being stated as current."""
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(first)
        memory.add(second)
        assert memory.relations() == []
