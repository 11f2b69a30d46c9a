"""Round 50 (B): a turn that joins a recall only for its place (the reply to a matching turn,
the rest of a long message) costs little when it matches nothing of the question: the first chunk
of a reply stored as several chunks enters as its opening sentences, a later chunk (its list, its
generic closing) not at all. Look-alikes that stay whole: a reply that matches, a reply of one
chunk, a candidate of its own, and every follow-up when the question has no weighted term."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.retrieval import add_follow_ups
from recall_memory_plugins.models import Statement

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=timezone.utc)
TERMS = {"camp": 2.0, "trip": 1.0}


def _st(i: int, t: int, text: str, speaker: str | None = "Ann") -> Statement:
    return Statement(i, "ns", text, t, T0 + timedelta(minutes=t), speaker)


LONG_REPLY = (
    "Yes, it went well. We left on Friday. The weather held up. "
    "Everyone slept fine in the tents."
)
CLOSING = "Have a great week. Tell me what you think. Talk soon. Take care."


def _texts(out: list[tuple[Statement, float, tuple[str, ...]]]) -> dict[int, str]:
    return {st.id: st.text for st, _, _ in out}


def test_a_long_reply_that_matches_nothing_enters_as_its_opening() -> None:
    hit = _st(1, 1, "How was the camping trip?")
    reply = _st(2, 2, LONG_REPLY, "Bob")
    rest = _st(3, 2, CLOSING, "Bob")  # the reply's second chunk
    out = add_follow_ups([(hit, 1.0, ())], [reply, rest], (0.7,), hits=8, terms=TERMS)
    assert _texts(out) == {1: hit.text, 2: "Yes, it went well. We left on Friday. …"}
    assert [score for _, score, _ in out] == [1.0, 0.7]
    # without the question's terms (no rule to judge by), every follow-up joins whole
    out = add_follow_ups([(hit, 1.0, ())], [reply, rest], (0.7,), hits=8)
    assert _texts(out) == {1: hit.text, 2: LONG_REPLY, 3: CLOSING}


def test_look_alikes_stay_whole() -> None:
    hit = _st(1, 1, "How was the camping trip?")
    matching = _st(2, 2, "We left Friday. The camp was full. It rained. We swam.", "Bob")
    short = _st(4, 4, "Yes! We roasted marshmallows.", "Cy")
    more = _st(5, 2, "Next time we camp by the lake. It is quieter. Bring boots.", "Bob")
    out = add_follow_ups([(hit, 1.0, ())], [matching, more, short], (0.7, 0.6, 0.5), hits=8, terms=TERMS)
    assert _texts(out) == {1: hit.text, 2: matching.text, 5: more.text, 4: short.text}
    # a long reply stored as one chunk (a dialogue turn of a few sentences) joins whole
    alone = _st(2, 2, LONG_REPLY, "Bob")
    out = add_follow_ups([(hit, 1.0, ())], [alone], (0.7,), hits=8, terms=TERMS)
    assert _texts(out) == {1: hit.text, 2: LONG_REPLY}
    # a statement that is a candidate of its own is never cut, even when its words do not match
    own = _st(2, 2, LONG_REPLY, "Bob")
    out = add_follow_ups([(hit, 1.0, ()), (own, 0.1, ())], [], (0.7,), hits=8, terms=TERMS)
    assert _texts(out) == {1: hit.text, 2: LONG_REPLY}


def test_the_rest_of_a_long_hit_that_matches_nothing_is_left_out() -> None:
    hit = _st(1, 1, "Our camping trip: day one was rainy.")
    rest = _st(2, 1, CLOSING)  # same step and speaker: the hit's next chunk
    matching_rest = _st(3, 1, "Day two at the camp was sunny. We hiked. We swam. We slept.")
    out = add_follow_ups([(hit, 1.0, ())], [rest, matching_rest], (0.7,), hits=8, terms=TERMS)
    assert _texts(out) == {1: hit.text, 3: matching_rest.text}


_BOILERPLATE = (
    "Feel free to tell me more about your situation and I will adapt these ideas. "
    "Remember that small steady habits tend to work better than dramatic overhauls. "
    "Please treat all of this as general guidance rather than professional advice. "
    "Check back whenever you like and we can revisit the plan together. "
    "Good luck, and enjoy the process. "
)


def _reply(topic: str) -> str:
    items = "\n".join(
        f"{i}. Step {i}: keep a short weekly review and write down what changed."
        for i in range(1, 7)
    )
    return f"Great question about {topic}. Here is a plan:\n\n{items}\n\n" + _BOILERPLATE * 2


def test_a_replys_generic_closing_takes_no_budget_from_the_users_facts() -> None:
    turns = [
        ("2024-01-06", "I have three savings accounts at different banks and want to simplify."),
        ("2024-02-10", "I started running twice a week in the park."),
        ("2024-04-20", "I closed one of them, so I only have two savings accounts now."),
        ("2024-07-14", "We planted tomatoes and basil on the balcony."),
        ("2025-01-04", "Now I am down to a single savings account at my credit union."),
    ]
    with TemporalGraphMemory(":memory:", annotator="offline", fill_recent=False) as memory:
        for day, text in turns:
            at = datetime.fromisoformat(day).replace(hour=9, tzinfo=timezone.utc)
            memory.add(text, speaker="user", at=at)
            memory.add(_reply("savings accounts"), speaker="assistant", at=at + timedelta(minutes=1))
        question = "How many savings accounts do I have now?"
        small = memory.recall(question, token_budget=250).text
        for fact in ("three savings accounts", "two savings accounts", "single savings account"):
            assert fact in small
        # the closing chunk of a reply (it matches nothing) is not spent on
        assert "dramatic overhauls" not in small
        # the reply's chunk that matches the question still joins whole when it fits
        assert "Step 6: keep a short weekly review" in memory.recall(question, token_budget=400).text
