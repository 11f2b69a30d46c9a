"""A surname that jieba reads as a measure word before a title (张 + 先生) is one person, as
陈先生 is; the asked-for word then outranks the greeting. Real jieba, real SQLite, no mocks; the
sentences are written for these tests (round 49; the defect: a 客服 chat where every greeting of
张先生 outranked both 邮箱 turns, and a 250-token budget cut the correction of the address)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
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
        ("张先生，我到楼下了。", "张先生"),
        ("您好张先生，请问您的订单号是多少？", "张先生"),
        ("张女士明天来取件。", "张女士"),
        ("张老师布置了作业。", "张老师"),
        ("我把合同发给张律师了。", "张律师"),
        ("高老师和我们一起去。", "高老师"),
        ("黄师傅说下午到。", "黄师傅"),
    ],
)
def test_a_surname_before_a_title_is_one_person(
    annotator: OfflineAnnotator, text: str, name: str
) -> None:
    assert name in _people(annotator, text)


@pytest.mark.parametrize(
    ("text", "not_a_name"),
    [
        ("我向老师请教了一个问题。", "向老师"),  # a preposition
        ("这张医生开的单子找不到了。", "张医生"),  # 这张: a measure word after a pronoun
        ("桌上有一张老师的照片。", "张老师"),  # 一张: after a numeral
    ],
)
def test_no_person_where_the_character_is_not_a_surname(
    annotator: OfflineAnnotator, text: str, not_a_name: str
) -> None:
    assert not_a_name not in _people(annotator, text)


def test_a_corrected_address_is_in_context_with_the_stale_one() -> None:
    tz = timezone(timedelta(hours=8))
    turns = [
        (0, "张先生", "我买的空气净化器滤网一直报警。"),
        (0, "客服阿琳", "您好张先生，请问订单号是多少？"),
        (0, "张先生", "订单号是TM20250310442。"),
        (0, "客服阿琳", "请您先关机拔掉电源，再重新装一次滤网。"),
        (3, "王师傅", "张先生，我到小区门口了，几栋？"),
        (3, "张先生", "7栋1502。"),
        (3, "王师傅", "传感器坏了，要寄回厂里换。"),
        (6, "客服阿琳", "保修凭证会发到您的邮箱zhang.lei@example.org。"),
        (6, "张先生", "邮箱写错了，应该是zhanglei2020@example.org。"),
        (6, "客服阿琳", "已改好，凭证今天重新发送。"),
        (9, "客服阿琳", "净化器已经寄出，快递单号SF998877。"),
    ]
    t0 = datetime(2025, 3, 10, 10, tzinfo=tz)
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for i, (day, speaker, text) in enumerate(turns):
            memory.add(text, speaker=speaker, at=t0 + timedelta(days=day, minutes=i))
        text = memory.recall("张先生的邮箱是什么？", token_budget=150).text
    assert "zhanglei2020@example.org" in text, text
