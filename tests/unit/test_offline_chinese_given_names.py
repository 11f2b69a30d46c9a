"""Modern Chinese given names that jieba's dictionary does not know (雨萱, 欣怡, 梓轩): the offline
annotator joins them to the surname where a name can stand, and nowhere else. Real jieba, no
mocks; the names and sentences are written for these tests."""

from __future__ import annotations

import pytest

from recall_memory_plugins.nlp.offline import OfflineAnnotator


@pytest.fixture(scope="module")
def annotator() -> OfflineAnnotator:
    return OfflineAnnotator()


def _people(annotator: OfflineAnnotator, text: str) -> list[str]:
    annotation = annotator.annotate(text)
    return [t.text for s in annotation.sentences for t in s.tokens if t.ner.endswith("PERSON")]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("刘雨萱在南京大学读书。", "刘雨萱"),  # 刘 + 雨萱 (a word jieba does not know)
        ("肖欣怡喜欢咖啡。", "肖欣怡"),  # 肖 + 欣怡 (an idiom to jieba)
        ("听说闫欣怡被美团挖走了。", "闫欣怡"),
        ("邹梓轩喜欢爬山。", "邹梓轩"),  # 邹梓 + 轩
        ("蒋雨萱去年毕业了。", "蒋雨萱"),  # 蒋雨 + 萱
        ("我和陶浩然结婚了。", "陶浩然"),
        ("秦梓涵在南开大学读书。", "秦梓涵"),  # 秦梓 + 涵在: the last character glued to 在
        ("听说赵雨彤被美团挖走了。", "赵雨彤"),  # 赵雨 + 彤被
        ("陆欣然喜欢咖啡。", "陆欣然"),  # 欣然 is an adverb to jieba
        ("万浩然喜欢咖啡。", "万浩然"),  # 万 is a numeral to jieba, before a verb
    ],
)
def test_a_modern_given_name_joins_its_surname(annotator: OfflineAnnotator, text: str, name: str) -> None:
    assert name in _people(annotator, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [("顾城离职后，田甜改向沈括汇报。", "田甜"), ("合并以后，詹宁转去做售前了。", "詹宁")],
)
def test_a_verb_after_a_known_name_stays_a_verb(annotator: OfflineAnnotator, text: str, name: str) -> None:
    assert name in _people(annotator, text)


def test_a_common_verb_glued_to_the_name_is_split_off(annotator: OfflineAnnotator) -> None:
    annotation = annotator.annotate("蒋文说自己去年就戒了咖啡。")
    tokens = [t.text for s in annotation.sentences for t in s.tokens]
    assert tokens[:2] == ["蒋文", "说"]
    assert _people(annotator, "蒋文说自己去年就戒了咖啡。") == ["蒋文"]


@pytest.mark.parametrize(
    "text",
    [
        "高颜值手机卖得很好。",  # an adjective before a noun phrase
        "我向领导汇报了进度。",  # a preposition before a common noun
        "他向晨曦走去。",  # a preposition after a pronoun
        "一万元不算多。",  # a numeral
    ],
)
def test_no_name_where_none_can_stand(annotator: OfflineAnnotator, text: str) -> None:
    assert _people(annotator, text) == []
