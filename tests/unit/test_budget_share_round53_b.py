"""Under a tight budget one long reply no longer crowds out the short turns that state the answer
(round 53, B; issue 11: English user/assistant histories, where BM25 over whole turns won at 250
tokens). Before, a statement entered whole whenever it fitted the budget: a 200-token reply took
250 tokens' worth of room with the second-best candidate, and the user's turn that names the
place ("we booked the Maple Hall ...") was left out. Now a statement that would take more than
half the budget enters as its sentences that match the question, and gets its whole text back at
the end when the budget still allows. A question that counts into a list ("the third tip you
gave me"; "Which hotels did you suggest?" asks for all of it) still gets the list whole, and a
roomy budget changes nothing."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.positions import list_position

T0 = datetime(2025, 3, 1, 18, 0, tzinfo=timezone.utc)
REPLY = (
    "Congratulations on getting the reunion going, that is a lot of work and it will be worth it. "
    "Here is how I would plan a class reunion from here:\n\n"
    "1. **Send a save-the-date.** Email and message every classmate you can find at least three "
    "months ahead.\n"
    "2. **Set a ticket price.** Work out the cost per head for the hall, food and music, then add "
    "ten percent for surprises.\n"
    "3. **Book a photographer.** A student photographer often charges half of what a studio asks "
    "for an evening.\n"
    "4. **Plan a slideshow.** Ask everyone for old photos from school trips and the yearbook.\n"
    "5. **Choose a playlist.** Songs from your graduation year will get people dancing.\n\n"
    "Reunions usually draw fewer people than the first replies promise, so plan food for about "
    "four in five of those who say yes. Keep a small reunion fund for deposits, and name one "
    "classmate to hold it. Let me know how the planning goes and I can help with the invitation "
    "text."
)
TURNS = (
    ("user", "ok the class reunion is on. we booked the Maple Hall in Dayton for June 3, around 60 people."),
    ("assistant", REPLY),
    ("user", "the reunion committee is just me and Dana for now lol"),
    ("assistant", "Two people is plenty to start. Share a spreadsheet so you both see the replies."),
    ("user", "also my sister got a puppy, a beagle called Pretzel"),
    ("assistant", "Pretzel is a perfect beagle name! Beagles love long sniffy walks."),
)


def _memory(turns):
    mem = TemporalGraphMemory(":memory:", annotator="offline")
    mem.add_many(
        [{"text": t, "speaker": s, "at": T0 + timedelta(minutes=5 * i)} for i, (s, t) in enumerate(turns)]
    )
    return mem


@pytest.fixture(scope="module")
def memory():
    with _memory(TURNS) as mem:
        yield mem


@pytest.mark.parametrize("question", ["Where is the reunion being held?", "What date is the class reunion?"])
def test_the_short_turn_with_the_answer_enters_beside_a_long_reply(memory, question):
    recall = memory.recall(question, token_budget=250)
    assert "Maple Hall" in recall.text and "June 3" in recall.text
    assert recall.token_count <= 250
    reply = [r for r in recall.statements if r.statement.speaker == "assistant" and r.full_text]
    assert reply and reply[0].full_text.startswith("Congratulations")  # (an excerpt, whole text kept)


def test_a_roomy_budget_keeps_the_reply_whole(memory):
    recall = memory.recall("Where is the reunion being held?", token_budget=1000)
    assert "Maple Hall" in recall.text and "Book a photographer" in recall.text
    assert all(r.full_text is None for r in recall.statements)


@pytest.mark.parametrize(
    "question",
    [
        "What was the third reunion tip you gave me?",
        "Which was the 3rd step of your reunion plan?",
    ],
)
def test_a_question_counting_into_a_list_gets_the_list_whole(memory, question):
    recall = memory.recall(question, token_budget=250)
    assert "Book a photographer" in recall.text


def test_the_whole_reply_comes_back_when_the_budget_allows():
    with _memory(TURNS[:2]) as mem:
        recall = mem.recall("Where is the reunion being held?", token_budget=300)
        assert "Maple Hall" in recall.text and "Choose a playlist" in recall.text
        assert all(r.full_text is None for r in recall.statements)


@pytest.mark.parametrize(
    ("question", "position"),
    [
        ("What was the third hotel you recommended?", 3),
        ("the 4th tip you gave me?", 4),
        ("你推荐的第三本书叫什么？", 3),
        ("你推荐的第四个插件是什么？", 4),
        ("What was the second fund you suggested?", 2),
        # several items: the whole list
        ("Which hotels did you suggest for Lisbon?", 10),
        ("你推荐了哪些书？", 10),
        # look-alikes: no list item
        ("What was my LDL when I first asked you?", 1),
        ("第三天我们去了哪里？", 1),
        ("我第二次去日本是什么时候？", 1),
        ("When is our 25th anniversary?", 1),
        ("Where did we go on May 3rd?", 1),
        ("What did I do on the 3rd of June?", 1),
        ("What's my diet these days?", 1),
        ("What does Melanie do to relax?", 1),
        ("What was the treasurer's balance?", 1),
        ("Which bus do I take?", 1),
        ("What status is the order in?", 1),
    ],
)
def test_list_position(question, position):
    assert list_position(question) == position
