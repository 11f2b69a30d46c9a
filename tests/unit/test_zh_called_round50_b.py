"""Round 50 (B): a noun or a name glued to 叫 ("to be called") by jieba's dictionary (猫叫, 狗叫) is read as the noun and the verb, so "我的猫叫什么？" asks about the 猫 and finds the turn
that names it; words where 叫 is part of the verb (尖叫, 名叫, 大叫) stay whole."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.nlp.offline import OfflineAnnotator


@pytest.fixture(scope="module")
def annotator() -> OfflineAnnotator:
    return OfflineAnnotator()


def _words(annotator: OfflineAnnotator, text: str) -> list[str]:
    return [t.text for s in annotator.annotate(text).sentences for t in s.tokens]


@pytest.mark.parametrize(
    ("text", "noun"),
    [("我的猫叫什么？", "猫"), ("你家的狗叫什么名字？", "狗"), ("半夜猪叫得很响。", "猪")],
)
def test_a_noun_before_called_is_a_word_of_its_own(annotator: OfflineAnnotator, text: str, noun: str) -> None:
    words = _words(annotator, text)
    assert noun in words and "叫" in words


@pytest.mark.parametrize(("text", "word"), [("她尖叫了一声。", "尖叫"), ("他名叫张三。", "名叫"), ("孩子们大叫起来。", "大叫")])
def test_verbs_ending_in_called_stay_whole(annotator: OfflineAnnotator, text: str, word: str) -> None:
    assert word in _words(annotator, text)


def test_what_is_my_pet_called_finds_the_turn_that_names_it() -> None:
    tz = timezone(timedelta(hours=8))
    turns = [
        ("user", "我们家新来了一只猫，叫团子，很黏人。"),
        ("assistant", "恭喜！新猫到家头几天要给它准备安静的角落、猫砂盆和食盆。"),
        ("user", "楼下的狗每天早上都把我吵醒，它叫豆豆。"),
        ("user", "最近想学做面包，需要买什么工具？"),
        ("assistant", "可以先准备电子秤、揉面盆和烤箱温度计。"),
        ("user", "周末要去爬山，天气好像不错。"),
        ("user", "推荐几部轻松的电影吧。"),
    ]
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for i, (speaker, text) in enumerate(turns):
            memory.add(text, speaker=speaker, at=datetime(2024, 3, 1 + i, 20, tzinfo=tz))
        cat = memory.recall("我的猫叫什么？", token_budget=60)
        assert "团子" in cat.statements[0].statement.text
        dog = memory.recall("楼下那只狗叫什么？", token_budget=60)
        assert "豆豆" in dog.statements[0].statement.text
