"""Round 51 (C): in a chat of a user and an assistant, a question about "I" that does not ask "you"
("How many races did I run?", 我一共去过几次游泳馆？) is the user's: the turns said by the user's
speaker ("User", "Human", "用户") score twice as much, so the user's short turns that tell their
own events are no longer crowded out by the assistant's long replies rich in the question's words.
Look-alikes that do not change: a question that asks "you" ("What did you suggest I use?",
你给我的菜谱), "we" (我们), a lower-case "i", a question about someone else, and speakers with
other names."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.retrieval import asks_about_the_user, speaker_boost
from recall_memory_plugins.models import Statement

T0 = datetime(2024, 2, 3, 9, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    "question",
    [
        "How many half marathons did I finish?",
        "Which cities have I lived in?",
        "What is my dentist's name?",
        "Remind me of my gym schedule.",
        "我一共去过几次游泳馆？",
        "我现在住在哪个城市？",
    ],
)
def test_a_question_about_the_asker(question: str) -> None:
    assert asks_about_the_user(question)


@pytest.mark.parametrize(
    "question",
    [
        "What did you suggest I use instead of eggs?",
        "Which book did you recommend to me?",
        "你给我推荐的酒店叫什么？",
        "我们上次去了哪里？",
        "What does Melanie do to relax?",
        "i think so",
        "How many races are there in the season?",
    ],
)
def test_look_alikes_that_do_not_ask_about_the_asker(question: str) -> None:
    assert not asks_about_the_user(question)


def _st(i: int, speaker: str) -> Statement:
    return Statement(i, "ns", "text", i, T0 + timedelta(minutes=i), speaker)


def test_the_users_turns_score_twice_as_much_only_for_a_question_about_the_asker() -> None:
    ranked = [(_st(1, "Assistant"), 1.0, ()), (_st(2, "User"), 0.6, ()), (_st(3, "human"), 0.5, ())]
    out = speaker_boost(ranked, {"race"}, 0.2, question="How many races did I run?")
    assert [(st.id, score) for st, score, _ in out] == [(2, 1.2), (3, 1.0), (1, 1.0)]
    # asking "you": unchanged
    out = speaker_boost(ranked, {"race"}, 0.2, question="Which race did you suggest I run?")
    assert [(st.id, score) for st, score, _ in out] == [(1, 1.0), (2, 0.6), (3, 0.5)]
    # speakers with names (a dialogue of two people): unchanged; a named one keeps its boost
    named = [(_st(1, "Caroline"), 1.0, ()), (_st(2, "Melanie"), 0.6, ())]
    out = speaker_boost(named, {"melani"}, 0.2, question="What did I tell Melanie?")
    assert [(st.id, score) for st, score, _ in out] == [(1, 1.0), (2, 0.72)]
    # speaker_weight 0 turns speaker boosts off
    assert speaker_boost(ranked, {"race"}, 0.0, question="How many races did I run?") == ranked


_EN_REPLY = (
    "Congratulations, that is a real milestone! To keep improving over the next couple of months, "
    "try this structure. First, do most of your weekly mileage at an easy, conversational pace. "
    "Second, add one session of intervals, for example six times three minutes a little faster "
    "than goal pace with two minutes of jogging between them. Third, keep one longer run on the "
    "weekend and build it slowly. Fourth, sleep well and eat enough carbohydrates on hard days. "
    "Before your next race, cut the volume for a few days so your legs feel fresh. Keep in mind "
    "that these are general suggestions rather than professional advice. Feel free to share more "
    "details and I will tailor the plan further. Hope this helps, and enjoy the training!"
)
_ZH_REPLY = (
    "游泳是很好的运动，给你几个去游泳馆的建议：一、去游泳馆之前先热身，游泳前拉伸肩膀和腿；二、游泳馆人多的时候选择"
    "慢泳道；三、每次游泳控制在四十分钟左右，游泳后补充水分；四、游泳馆的更衣室要注意保管好物品；五、坚持每周去"
    "游泳馆两到三次，游泳的进步会很明显；六、游泳馆的水温一般偏低，游泳前可以先冲个热水澡。"
)


def test_the_users_short_turns_reach_the_context_in_english_and_chinese() -> None:
    en = [
        "Ran the Maple Leaf race this morning, 28 minutes!",
        "Did the Riverside race today, new best time.",
        "Finished the Harbour Lights race, my third this year.",
    ]
    zh = [
        "今天第一次去游泳馆，游了两百米。",
        "今天又去了游泳馆，学会了换气。",
        "这周第三次去游泳馆了，能游五百米了。",
    ]
    with TemporalGraphMemory(":memory:", annotator="offline", fill_recent=False) as memory:
        for ns, turns, reply in (("en", en, _EN_REPLY), ("zh", zh, _ZH_REPLY)):
            for i, text in enumerate(turns):
                at = T0 + timedelta(days=30 * i)
                memory.add(text, speaker="User", at=at, namespace=ns)
                said = f"({i + 1}) {reply}"  # (each reply its own text)
                memory.add(said, speaker="Assistant", at=at + timedelta(minutes=1), namespace=ns)
        text = memory.recall("How many races did I run?", token_budget=300, namespace="en").text
        assert all(turn in text for turn in en)
        text = memory.recall("我一共去过几次游泳馆？", token_budget=300, namespace="zh").text
        assert all(turn in text for turn in zh)
        # look-alike: asking what "you" said still brings the assistant's reply
        text = memory.recall(
            "How did you say to run a race faster?", token_budget=300, namespace="en"
        ).text
        assert "six times three minutes" in text
