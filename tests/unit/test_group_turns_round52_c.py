"""Round 52 (C): in a group chat (three or more speakers), a question that names one of them
("Where does Omar work now?", 小雨现在在哪上班？) ranks that person's own first-person turns at
least level with the friends' turns that only mention the name ("Omar is a legend", 小雨好厉害):
those earn the graph credit of the name's concept and of the words said with it, which the
person's own turns ("I handed in my notice at Deloitte ...", 我下周开始去字节了) never got.
Look-alikes that do not change: a question about a person who never speaks, a chat of two, a
question naming two speakers, a speaker's turns that are not in the first person, and, when the
friends tell the person's news on the question's topic (a turn names both), the person's own
turns off the topic."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.group_turns import own_turn_credit
from recall_memory_plugins.engine.retrieval import speaker_boost
from recall_memory_plugins.models import ScoredConcept, Statement

T0 = datetime(2024, 3, 1, 9, 0, tzinfo=timezone.utc)

EN_GROUP = [
    ("Priya", "who's around this weekend? I need a hike"),
    ("Omar", "I'm in, Saturday works for me"),
    ("Dana", "can't, my sister is visiting"),
    ("Felix", "Saturday yes. Starved Rock again?"),
    ("Priya", "yes!! leaving at 8, I'll drive"),
    ("Dana", "how's everyone's month going, mine is insane"),
    ("Felix", "fine, boring as usual"),
    ("Omar", "ok news: I handed in my notice at Deloitte. starting at Quillby in May"),
    ("Dana", "book club on the 12th, my place, we're reading Piranesi"),
    ("Felix", "haven't started it yet lol"),
    ("Priya", "big news from me too: I adopted a rescue greyhound from the shelter on Saturday, "
              "his name is Pickle"),
    ("Dana", "a greyhound!! send pics"),
    ("Felix", "I signed up for a pottery class on Thursdays, first one was a disaster"),
    ("Dana", "Omar is a legend honestly"),
    ("Priya", "my bowl from last year is still the ugliest thing I own"),
    ("Felix", "startup Omar. drinks are on you now"),
    ("Dana", "Priya is so lucky, her landlord allows dogs"),
    ("Omar", "Dana picks the weirdest books, I love it"),
    ("Felix", "ask Omar about the spreadsheets, he's the expert"),
    ("Dana", "Sam says hi btw, he's back from Lisbon next week"),
    ("Felix", "Sam bought a vespa there apparently"),
    ("Omar", "of course Sam did"),
    ("Priya", "tell Sam the greyhound wants to meet him"),
    ("Dana", "I moved my desk to the window, working from home is so much better now"),
    ("Felix", "Dana's plants are thriving too"),
    ("Dana", "Omar!!! congrats again, we never celebrated"),
    ("Felix", "Priya with a dog. never thought I'd see the day"),
    ("Omar", "first week done, they gave me a standing desk"),
    ("Felix", "Omar in a hoodie, I can picture it"),
    ("Priya", "Pickle learned to sit! took two weeks"),
    ("Dana", "Priya you're the best"),
    ("Felix", "pottery update: I made a mug that holds liquid"),
    ("Dana", "Felix the potter, I need one"),
    ("Omar", "Felix's mug is going in a museum"),
]

ZH_GROUP = [
    ("小雨", "周末有人去爬山吗"),
    ("阿杰", "我可以，周六有空"),
    ("婷婷", "我不行，我妈来看我"),
    ("大伟", "周六可以，去香山？"),
    ("小雨", "我开车，八点出发"),
    ("婷婷", "这个月忙疯了，天天加班"),
    ("大伟", "摸鱼中哈哈"),
    ("小雨", "跟你们说个事，我从美团离职了，下周去字节"),
    ("婷婷", "读书会12号在我家，这次读《三体》"),
    ("大伟", "我还没开始读呢"),
    ("阿杰", "我领养了一只橘猫，从救助站接回来的，叫馒头，两个月大"),
    ("婷婷", "橘猫！快发照片"),
    ("大伟", "我报了个陶艺课，每周四晚上"),
    ("婷婷", "小雨好厉害，什么都会"),
    ("阿杰", "我去年做的碗还是丑得不行"),
    ("大伟", "小雨请客请客"),
    ("婷婷", "阿杰真幸运，房东让养宠物"),
    ("小雨", "婷婷选的书都好难"),
    ("大伟", "问小雨吧，她最懂这些"),
    ("婷婷", "小林说他下周从成都回来"),
    ("大伟", "小林在成都买了一辆电动车"),
    ("阿杰", "小林真会玩"),
    ("小雨", "让小林来我们读书会"),
    ("婷婷", "我把书桌搬到窗边了，在家办公舒服多了"),
    ("大伟", "婷婷的绿植也长得好好"),
    ("婷婷", "小雨太牛了！！还没给你庆祝"),
    ("大伟", "阿杰养猫了，真没想到"),
    ("小雨", "第一周结束了，食堂真不错"),
    ("大伟", "小雨以后带我们去蹭饭"),
    ("阿杰", "馒头会握手了！练了两个星期"),
    ("婷婷", "阿杰你是最好的铲屎官"),
    ("大伟", "陶艺更新：我做了一个能装水的杯子"),
    ("婷婷", "大伟大师，给我也做一个"),
    ("阿杰", "大伟的杯子可以进博物馆了"),
]


def _memory(turns: list[tuple[str, str]]) -> TemporalGraphMemory:
    memory = TemporalGraphMemory(":memory:")
    memory.add_many(
        [{"text": t, "speaker": s, "at": T0 + timedelta(hours=6 * i)} for i, (s, t) in enumerate(turns)]
    )
    return memory


@pytest.fixture(scope="module")
def en() -> TemporalGraphMemory:
    return _memory(EN_GROUP)


@pytest.fixture(scope="module")
def zh() -> TemporalGraphMemory:
    return _memory(ZH_GROUP)


def _ranks(memory: TemporalGraphMemory, question: str) -> list[Statement]:
    return [r.statement for r in memory.recall(question, token_budget=4000, order="rank").statements]


def _mentions_only(turns: list[Statement], name: str, words: tuple[str, ...]) -> list[int]:
    """Places of the other speakers' turns that name ``name`` and none of ``words``."""
    return [
        i
        for i, st in enumerate(turns)
        if st.speaker != name and name.casefold() in st.text.casefold()
        and not any(w in st.text.casefold() for w in words)
    ]


@pytest.mark.parametrize(
    ("lang", "question", "name", "own", "words", "answer"),
    [
        # the own turn shares no word with the question (as "I quit Target. starting at ...")
        ("en", "Where does Omar work now?", "Omar", "handed in my notice", ("work",), "Quillby"),
        ("en", "Where is Omar working these days?", "Omar", "handed in my notice", ("work",), "Quillby"),
        ("zh", "小雨跳槽去了哪里？", "小雨", "下周去字节", (), "字节"),
        ("zh", "小雨新公司是哪家？", "小雨", "下周去字节", (), "字节"),
        # ... and with the question's words (these already ranked first: they must stay)
        ("en", "What did Priya adopt?", "Priya", "rescue greyhound", ("adopt",), "Pickle"),
        ("en", "What did Felix sign up for?", "Felix", "signed up", ("sign",), "pottery"),
        ("zh", "阿杰领养了什么？", "阿杰", "领养", ("领养",), "橘猫"),
        ("zh", "大伟报了什么课？", "大伟", "陶艺课", ("报", "课"), "陶艺"),
    ],
)
def test_a_persons_own_turn_ranks_level_with_the_friends_mentions(
    request: pytest.FixtureRequest,
    lang: str,
    question: str,
    name: str,
    own: str,
    words: tuple[str, ...],
    answer: str,
) -> None:
    memory = request.getfixturevalue(lang)
    ranked = _ranks(memory, question)
    place = next(i for i, st in enumerate(ranked) if own in st.text)
    mentions = _mentions_only(ranked, name, words)
    assert mentions and place < mentions[0], [st.text for st in ranked[: mentions[0] + 1]]
    assert answer in memory.recall(question, token_budget=250).text


@pytest.mark.parametrize(
    ("lang", "question", "answer"),
    [
        ("en", "What did Sam buy?", "Sam bought a vespa there apparently"),  # never speaks
        ("zh", "小林买了什么？", "小林在成都买了一辆电动车"),
    ],
)
def test_a_person_who_never_speaks_is_still_found_by_the_mentions(
    request: pytest.FixtureRequest, lang: str, question: str, answer: str
) -> None:
    memory = request.getfixturevalue(lang)
    assert answer in [st.text for st in _ranks(memory, question)[:2]]
    assert answer in memory.recall(question, token_budget=250).text


def _st(i: int, speaker: str, text: str) -> Statement:
    return Statement(i, "ns", text, i, T0 + timedelta(minutes=i), speaker)


_LUIS = ScoredConcept("lui", True, 0, 5, 0.0)
_WORK = ScoredConcept("work", True, 0, 5, 0.0)
_DRINK = ScoredConcept("drink", False, 1, 5, 1.0)


def _group(first: str = "Kenji") -> list[tuple[Statement, float, tuple[str, ...]]]:
    return [
        (_st(1, "Jordan", "robot overlord Luis. drinks on you"), 0.42, ("lui", "drink")),
        (_st(2, "Maya", "LUIS!!! congrats"), 0.35, ("lui",)),
        (_st(3, "Luis", "soooo I quit Target. starting at Fernbrook"), 0.16, ()),
        (_st(4, "Luis", "hybrid, 3 days in the office"), 0.15, ()),  # not first person
        (_st(5, first, "congrats man! is it remote?"), 0.2, ()),
    ]


def test_the_own_first_person_turn_earns_what_a_mention_of_the_name_earns() -> None:
    out = own_turn_credit(_group(), {"Luis"}, [_WORK, _LUIS, _DRINK], 0.2, lambda st: False)
    scores = {st.id: score for st, score, _ in out}
    # 0.16 + 0.2 * (1 + 0.5) / 1.5: the best mention's credit from the name and its words
    assert scores[3] == pytest.approx(0.36)
    assert {i: scores[i] for i in (1, 2, 4, 5)} == {1: 0.42, 2: 0.35, 4: 0.15, 5: 0.2}
    boosted = speaker_boost(
        _group(), {"lui", "work"}, 0.2, question="Where does Luis work now?",
        concepts=[_WORK, _LUIS, _DRINK], graph_weight=0.2,
    )
    assert [st.id for st, _, _ in boosted][:2] == [3, 1]


@pytest.mark.parametrize(
    ("ranked", "speakers"),
    [
        (_group("Luis"), {"Luis"}),  # a chat of two (Jordan's and Maya's turns aside: 3 speakers)
        (_group(), {"Luis", "Maya"}),  # a question naming two speakers
        (_group(), set()),  # a person who never speaks: no speaker named
    ],
)
def test_look_alikes_are_left_as_they_were(
    ranked: list[tuple[Statement, float, tuple[str, ...]]], speakers: set[str]
) -> None:
    if speakers == {"Luis"}:  # make it a real chat of two: Luis and Jordan only
        ranked = [(_st(st.id, "Jordan" if st.speaker != "Luis" else "Luis", st.text), s, c)
                  for st, s, c in ranked]
    assert own_turn_credit(ranked, speakers, [_WORK, _LUIS, _DRINK], 0.2, lambda st: True) == ranked


def test_when_friends_tell_the_news_on_the_topic_off_topic_own_turns_stay() -> None:
    # 奶奶住院后来怎么样了？: 妈妈's turns tell it (奶奶 and 住院 in one turn); 奶奶's own
    # first-person turns off the topic are not lifted, the one on the topic is
    hospital = ScoredConcept("住院", True, 0, 5, 0.0)
    grandma = ScoredConcept("奶奶", True, 0, 5, 0.0)
    ranked = [
        (_st(1, "妈妈", "奶奶住院了，在八楼。"), 1.2, ("奶奶", "住院")),
        (_st(2, "妈妈", "奶奶今天出院了。"), 0.6, ("奶奶",)),
        (_st(3, "奶奶", "我腿不行，你们去吧。"), 0.5, ()),
        (_st(4, "奶奶", "我住院住得好闷。"), 0.5, ()),
        (_st(5, "小军", "周末去云南"), 0.1, ()),
    ]
    out = own_turn_credit(ranked, {"奶奶"}, [hospital, grandma], 0.2, lambda st: "住院" in st.text)
    scores = {st.id: score for st, score, _ in out}
    assert scores[3] == 0.5 and scores[4] > 0.5
