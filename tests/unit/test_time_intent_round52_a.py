"""Round 52 (A): a question's time intent. In a user/assistant history a value is told several
times as it changes; a question asking for the current one ("What's my balance now?", 最近一次…)
prefers, among the statements matching its topic, the newest; one asking for the first
("when I first asked", "originally", "before the barn flooded", 一开始, 最初) the oldest. The
cue reorders, never filters. Look-alikes that do not change: "now" in another sense ("Now, what
was...", "now that I moved", "until now"), a question with no time intent, and
``time_intent_weight=0``."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import MemoryConfig, TemporalGraphMemory
from recall_memory_plugins.engine.time_intent import (
    EARLIEST,
    LATEST,
    question_time_intent,
    time_intent_boost,
)
from recall_memory_plugins.errors import ConfigurationError
from recall_memory_plugins.models import Statement

T0 = datetime(2025, 1, 6, 9, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("rows", "intent"), [(LATEST, "latest"), (EARLIEST, "earliest")], ids=["latest", "earliest"]
)
def test_every_rows_examples(rows: tuple[tuple[str, tuple[str, ...]], ...], intent: str) -> None:
    for pattern, examples in rows:
        for example in examples:
            assert re.search(pattern, example, re.IGNORECASE), (pattern, example)
            assert question_time_intent(example) == intent, example


@pytest.mark.parametrize(
    "question",
    [
        "What's my student loan balance now?",
        "What was my most recent LDL number?",
        "What did I weigh last time I checked in?",
        "What's my diet these days?",
        "Which gym do I go to at the moment?",
        "How much have I saved so far?",
        "Do I still have the greyhound?",
        "Who does Ines Moreau report to now?",
        "我现在住在上海哪个区？",
        "最近一次量的血压是多少？",
        "我目前的房租是多少？",
        "这阵子我每周跑几次步？",
    ],
)
def test_questions_asking_for_the_current_value(question: str) -> None:
    assert question_time_intent(question) == "latest"


@pytest.mark.parametrize(
    "question",
    [
        "What was my LDL when I first asked you?",
        "How many guests were we planning on originally?",
        "What date was the wedding supposed to be before the barn flooded?",
        "What was my starting weight at the very beginning?",
        "Which gym was I going to before I switched?",
        "Where I used to live, how much was the rent?",
        "What was my previous rent?",
        "我刚开始攒首付的时候攒了多少？",
        "一开始婚礼打算请多少人？",
        "我最初的体重是多少？",
        "搬家之前我住在哪个区？",
        "我以前在哪家公司上班？",
    ],
)
def test_questions_asking_for_the_first_value(question: str) -> None:
    assert question_time_intent(question) == "earliest"


@pytest.mark.parametrize(
    "question",
    [
        "Now, what was the name of my dentist?",
        "Now that I moved, which bus do I take to work?",
        "What have I read until now?",
        "What have I spent up to now?",
        "What should I bring for now?",
        "What did I say just now about the dog?",
        "How much is my student loan?",
        "What is my LDL?",
        "Which dog breed did I adopt?",
        "What should I do before the interview tomorrow?",
        "What ingredient did Nate use to make the ice cream lactose-free?",
        "What was I currently reading in May 2023?",
        "Which tournament did Nate win in the beginning of November 2022?",
        "What was it at first and what is it now?",
        "我住在上海哪个区？",
        "离我家最近的超市叫什么？",
        "周五之前要交什么材料？",
        "原来如此，那我该怎么办？",
    ],
)
def test_look_alikes_without_a_time_intent(question: str) -> None:
    assert question_time_intent(question) is None


def _st(i: int, speaker: str = "User") -> Statement:
    return Statement(i, "ns", f"text {i}", i, T0 + timedelta(days=i), speaker)


def test_the_boost_reorders_only_the_candidates_that_match_the_topic() -> None:
    ranked = [(_st(1), 1.0, ()), (_st(5), 0.9, ()), (_st(9), 0.8, ()), (_st(12), 0.3, ())]
    latest = time_intent_boost(ranked, "What is it now?", 1.0)
    # the newest (9) of the three at >= half the best x1.5 (half the weight: recency already
    # leans that way), 5 x1.25, 1 x1; 12 (off the topic) unchanged
    assert [(st.id, score) for st, score, _ in latest] == [
        (9, 1.2),
        (5, 1.125),
        (1, 1.0),
        (12, 0.3),
    ]
    # the oldest x2 (the whole weight), 5 x1.5, 9 x1
    first = time_intent_boost(ranked, "What was it originally?", 1.0)
    assert [(st.id, score) for st, score, _ in first] == [(1, 2.0), (5, 1.35), (9, 0.8), (12, 0.3)]
    for question, weight in (("What is it?", 0.5), ("What is it now?", 0.0)):
        assert time_intent_boost(ranked, question, weight) == ranked


# (speaker, text) turns of a user/assistant history, a day apart
SAVINGS = [
    (
        "User",
        "I just opened a high-yield savings account for my emergency fund. I've saved $3,000 so far.",
    ),
    (
        "Assistant",
        "Great start! An emergency fund of three to six months of expenses is a common target. Keep automating your savings transfers and review your budget each month.",
    ),
    ("User", "Can you suggest a good way to track my grocery spending?"),
    ("Assistant", "Try a simple spreadsheet or an app that sorts purchases by category."),
    ("User", "Update on the emergency fund: my savings account is at $5,200 now."),
    (
        "Assistant",
        "Nice progress on the emergency fund! Your savings account is growing steadily. Keep it in a high-yield account and avoid dipping into it for non-emergencies.",
    ),
    ("User", "What's a reasonable budget for a weekend trip to Chicago?"),
    ("Assistant", "Around $400 to $600 covers a modest hotel, food and transit."),
    ("User", "Emergency fund check-in: the savings account reached $6,800 this week."),
    (
        "Assistant",
        "Excellent, your emergency fund savings account keeps growing! You are close to your target now, so consider what comes next for your savings.",
    ),
]
LDL = [
    ("User", "My doctor says my LDL cholesterol is 168, which is too high. What foods help?"),
    (
        "Assistant",
        "Oats, beans, nuts and fatty fish help lower LDL cholesterol; cut back on saturated fat. Recheck your cholesterol in about three months.",
    ),
    ("User", "Any tips for sleeping better?"),
    ("Assistant", "Keep a regular bedtime and avoid screens late at night."),
    ("User", "Good news: my LDL cholesterol came back at 131 on the recheck."),
    (
        "Assistant",
        "That is a big drop in LDL cholesterol! Keep up the oats and the walking; your cholesterol numbers are moving the right way.",
    ),
    ("User", "How long should I walk each day?"),
    ("Assistant", "Thirty minutes of brisk walking on most days is a good goal."),
    ("User", "Latest blood test: LDL cholesterol is down to 112."),
    (
        "Assistant",
        "Wonderful LDL cholesterol result! Your doctor will be pleased with these cholesterol numbers.",
    ),
]
DOWN_PAYMENT = [
    ("用户", "我决定攒钱买房，首付目前攒了3万。"),
    ("助手", "攒首付是个好目标！建议每个月固定存一笔钱到单独的账户，首付攒得会更稳。"),
    ("用户", "推荐一款记账软件吧。"),
    ("助手", "可以试试随手记或者鲨鱼记账。"),
    ("用户", "跟你说一下，首付攒到5万了。"),
    ("助手", "首付进度不错！继续坚持，攒首付的同时也别忘了留一点应急的钱。"),
    ("用户", "周末去杭州玩要准备几千块？"),
    ("助手", "两天一夜大概一千五左右就够了。"),
    ("用户", "好消息，首付攒到8万了！"),
    ("助手", "太棒了，首付攒得越来越多了！离目标又近了一步，首付的事继续加油。"),
]

DISTRICT = [
    ("用户", "我在上海住在徐汇区，租的一室一户，每个月房租六千。"),
    ("助手", "徐汇区交通方便，生活配套也好，在上海住这个区房租确实不低。"),
    ("用户", "上海哪里的小笼包好吃？"),
    ("助手", "南翔小笼和佳家汤包都很有名。"),
    ("用户", "我搬家了，搬到上海闵行区住，房租便宜一些。"),
    ("助手", "闵行区住起来安静，在上海通勤时间可能会长一点，提前规划好路线。"),
    ("用户", "周末想去爬山，有推荐吗？"),
    ("助手", "可以去佘山，地铁就能到。"),
    ("用户", "又搬了一次，住到上海杨浦区了。"),
    ("助手", "恭喜搬新家！在上海换了区住，记得更新居住登记。"),
]


def _memory(history: list[tuple[str, str]], **options: object) -> TemporalGraphMemory:
    memory = TemporalGraphMemory(":memory:", annotator="offline", fill_recent=False, **options)
    memory.add_many(
        [
            {"text": text, "speaker": speaker, "at": T0 + timedelta(days=i)}
            for i, (speaker, text) in enumerate(history)
        ]
    )
    return memory


CASES = [
    # (history, question, the value asked, budget, whether it entered without the cue)
    (SAVINGS, "How much is in my emergency fund savings account now?", "$6,800", 60, False),
    (SAVINGS, "How much was in my emergency fund savings account originally?", "$3,000", 60, False),
    (LDL, "What is my most recent LDL cholesterol number?", "112", 60, True),
    (LDL, "What was my LDL cholesterol when I first asked you?", "168", 60, False),
    (DOWN_PAYMENT, "我现在首付攒了多少？", "8万", 40, True),
    (DISTRICT, "我现在住在上海哪个区？", "杨浦区", 60, True),
    (DISTRICT, "我最初住在上海哪个区？", "徐汇区", 60, False),
    (DOWN_PAYMENT, "我刚开始攒首付的时候攒了多少？", "3万", 40, False),
]


@pytest.mark.parametrize(("history", "question", "value", "budget", "before"), CASES)
def test_the_value_asked_for_enters_a_tight_budget(
    history: list[tuple[str, str]], question: str, value: str, budget: int, before: bool
) -> None:
    memory = _memory(history)
    assert value in memory.recall(question, token_budget=budget).text
    off = _memory(history, time_intent_weight=0.0)
    assert (value in off.recall(question, token_budget=budget).text) is before


@pytest.mark.parametrize(
    ("history", "question"),
    [
        (SAVINGS, "How much is in my emergency fund savings account?"),
        (SAVINGS, "Now, how much is in my emergency fund savings account?"),
        (LDL, "What is my LDL cholesterol number?"),
        (DOWN_PAYMENT, "我首付攒了多少？"),
    ],
)
def test_look_alike_questions_recall_as_before(
    history: list[tuple[str, str]], question: str
) -> None:
    on, off = _memory(history), _memory(history, time_intent_weight=0.0)
    for budget in (40, 60, 120):
        assert (
            on.recall(question, token_budget=budget).text
            == off.recall(question, token_budget=budget).text
        )


def test_the_option() -> None:
    assert MemoryConfig().time_intent_weight > 0
    assert MemoryConfig.from_env({"RECALL_TIME_INTENT_WEIGHT": "0"}).time_intent_weight == 0.0
    with pytest.raises(ConfigurationError):
        MemoryConfig(time_intent_weight=-0.5)
