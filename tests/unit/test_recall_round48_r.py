"""Recall, round 48 (R): what the model reads.

- a long turn stored as chunks keeps its continuation with it: the chunk after the one that
  matched ranks just below it, above the short turns that merely follow the message;
- a speaker whose name is a stop word ("Will", "May") is still named by a question that says it;
- a follow-up is a reply: a turn said more than 12 hours after its hit does not follow it.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.retrieval import add_follow_ups, question_names
from recall_memory_plugins.models import Statement

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)

BOOKED = (
    "Thanks for waiting Dana, I have gone through the whole history of your line and the logs "
    "from your router over the last month. The line test shows intermittent noise on the line, "
    "most likely from a damaged cable between the pole and your house. We also saw that the "
    "router rebooted itself eleven times last week, always between eight and nine in the "
    "evening. That pattern usually means the line drops and the router gives up and restarts, "
    "rather than a fault in the router itself. I checked with our field team and they agree it "
    "is worth sending someone rather than replacing the router first. Our records show the cable "
    "on your street was last replaced in 2009, so it is at the end of its expected life anyway. "
    "The neighbours at number 12 and number 16 also reported evening drops this month, which "
    "supports the cable theory. So, to fix this properly, I have booked an engineer visit for you "
    "to replace the cable and check the wall socket. "
)
WHEN = (
    "It is on Thursday March 6, between 8am and 1pm, and the engineer will call thirty minutes "
    "before arriving. Please make sure someone over eighteen is at home and that the router is "
    "reachable. If the slot does not suit you, reply here and I will move it, there are more "
    "slots the week after. In the meantime you can plug the router directly into the master "
    "socket, which sometimes reduces drops. I have also added a note to your account so any "
    "colleague can see the history if you call us. "
)


def _st(i: int, t: int, text: str, speaker: str | None = "Raj") -> Statement:
    return Statement(i, "ns", text, t, T0 + timedelta(minutes=t), speaker)


def test_the_rest_of_a_long_turn_enters_with_the_chunk_that_matched() -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    for i, text in enumerate(
        ["Hi, my internet keeps dropping every evening around 8pm.",
         "It's the white router you sent me, an Archer AX55."]
    ):  # fmt: skip
        memory.add(text, speaker="Dana", at=T0 + timedelta(minutes=i))
    stored = memory.add(BOOKED + WHEN, speaker="Raj", at=T0 + timedelta(minutes=10))
    assert len(stored.statement_ids) == 2  # (max_statement_tokens: one turn, two chunks)
    for i, text in enumerate(
        ["ok thanks", "Will the engineer need access to the garden?",
         "Also my bill seems higher this month.", "Thanks, have a good day!"]
    ):  # fmt: skip
        memory.add(text, speaker="Dana", at=T0 + timedelta(minutes=20 + i))
    recall = memory.recall("When is the engineer visit?", token_budget=350)
    # the whole reply fits: the date the question asks for is in its second chunk
    assert "March 6" in recall.text and "booked an engineer visit" in recall.text
    ranked = [r.statement.id for r in sorted(recall.statements, key=lambda r: -r.score)]
    assert ranked[:2] == list(stored.statement_ids)  # the message first, then what followed


def test_a_later_chunk_ranks_just_below_its_hit_and_above_the_reply() -> None:
    hit = _st(1, 1, "I have booked an engineer visit.")
    rest = _st(2, 1, "It is on Thursday March 6.")
    last = _st(3, 1, "The engineer will call first.")
    reply = _st(4, 2, "ok thanks", "Dana")
    out = add_follow_ups([(hit, 1.0, ()), (rest, 0.3, ())], [last, reply], (0.8,), hits=8)
    assert [(st.id, score) for st, score, _ in out] == [(1, 1.0), (2, 0.95), (3, 0.9025), (4, 0.8)]
    # an earlier chunk is not the continuation of a later one, nor another speaker's statement
    other = _st(5, 1, "Noted.", "Dana")
    out = add_follow_ups([(rest, 1.0, ())], [hit, other], (0.8,), hits=8)
    assert [(st.id, score) for st, score, _ in out] == [(2, 1.0)]
    # plain text chunks (no speaker) are left as they were, as for follow-ups
    plain = [(_st(1, 1, "Chapter one.", None), 1.0, ())]
    assert add_follow_ups(plain, [_st(2, 1, "Chapter two.", None)], (0.8,), hits=8) == plain


@pytest.mark.parametrize("name", ["Will", "May", "Maya"])
def test_a_speaker_named_will_or_may_is_named_by_the_question(name: str) -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    turns = [
        (name, "The car is making a weird squeal when braking."),
        ("Ben", "Take it to Dave's garage then."),
        ("Rose", "I think it's the brake pads, mine did the same."),
        (name, "Dave says the pads are worn out, 240 dollars."),
        ("Ben", "I can pay half if you like."),
    ]
    for i, (who, text) in enumerate(turns):
        memory.add(text, speaker=who, at=T0 + timedelta(days=i))
    recall = memory.recall(f"How much did {name} say the pads cost?", token_budget=40)
    assert "240 dollars" in recall.text


def test_only_capitalised_words_inside_a_sentence_name_someone() -> None:
    assert question_names("How much did Will say the pads cost?") == {"will"}
    assert "will" not in question_names("Will it rain? what will Ben say?")
    assert question_names("what may happen") == set()
    assert question_names("WHAT DID WILL SAY") == set()  # shouted: no names


def test_a_turn_said_days_after_a_hit_is_no_follow_up() -> None:
    hit = _st(1, 1, "Did you go camping?", "Ann")
    reply = Statement(2, "ns", "Yes! We roasted marshmallows.", 2, T0 + timedelta(hours=10), "Bob")
    days = Statement(3, "ns", "Which database are we going with?", 3, T0 + timedelta(days=1), "Tom")
    out = add_follow_ups([(hit, 1.0, ())], [reply, days], (0.8, 0.6), hits=8)
    assert [(st.id, score) for st, score, _ in out] == [(1, 1.0), (2, 0.8)]
    out = add_follow_ups([(hit, 1.0, ())], [reply, days], (0.8, 0.6), hits=8, gap=None)
    assert [st.id for st, _, _ in out] == [1, 2, 3]


def test_the_newer_correction_is_not_crowded_out_by_turns_said_days_later() -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    turns = [
        (0, "Wen", "Notes from kickoff: the launch target is November 20, beta on October 15."),
        (1, "Tom", "Which database are we going with?"),
        (2, "Aisha", "Postgres, the platform team already supports it."),
        (10, "Carlos", "Test plan draft is in Confluence."),
        (20, "Wen", "User testing session with six customers is booked."),
        (60, "Aisha", "Leadership asked to move the launch to December 3 so it doesn't clash."),
        (61, "Tom", "So November 20 is off?"),
        (62, "Carlos", "Regression pass done, zero critical bugs."),
    ]
    for i, (day, who, text) in enumerate(turns):
        memory.add(text, speaker=who, at=T0 + timedelta(days=day, minutes=i))
    for budget in (80, 120):
        recall = memory.recall("What is the launch target now?", token_budget=budget)
        assert "December 3" in recall.text
        assert "database" not in recall.text and "Confluence" not in recall.text
