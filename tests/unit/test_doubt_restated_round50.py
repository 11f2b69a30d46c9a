"""Round 50: a value said to hold now keeps it ("I love living in Paris"), but a value missed or
felt about in the past ("I miss living in Paris", "I loved working at Acme", 怀念住在杭州) is no
restatement: the old fact is left unsure as before."""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory


def _unsure(first: str, second: str) -> bool:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(first, speaker="Alice")
        memory.add(second, speaker="Alice")
        facts = memory.relations(include_unsure=True)
        assert facts, "the first fact was not read"
        return all(r.attributes.get("unsure") == "true" for r in facts)


@pytest.mark.parametrize(("first", "second"), [
    ("I live in Paris.", "I miss living in Paris."),
    ("I live in Paris.", "I really miss living in Paris so much."),
    ("I work at Acme.", "I loved working at Acme."),
    ("I work at Acme.", "I enjoyed working at Acme."),
    ("我住在杭州。", "我很怀念住在杭州的日子。"),
])
def test_a_value_missed_or_felt_about_in_the_past_is_left_unsure(first: str, second: str) -> None:
    assert _unsure(first, second)


@pytest.mark.parametrize(("first", "second"), [
    ("I live in Paris.", "I love living in Paris."),
    ("I work at Acme.", "I have worked at Acme since 2020."),
])
def test_a_value_said_to_hold_now_is_kept(first: str, second: str) -> None:
    assert not _unsure(first, second)


@pytest.mark.parametrize(("first", "second"), [
    ("赵敏在阿里巴巴工作。", "家人们我裸辞了，阿里巴巴的工牌已经交回去，先躺平一阵再说"),  # 家人们: those spoken to
    ("韩梅的上级是曹刚。", "跟大家说一声，韩梅下个月起转到冯涛团队，不再向我汇报"),
    ("陈静在华为工作。", "陈静昨天请大家吃散伙饭，她从华为裸辞了，打算先歇半年"),
    ("张伟在华为工作。", "今天去华为还了工牌和电脑，明天去字节跳动报到。"),  # 去华为 is no restatement
    ("汪海涛在华为工作。", "欢迎新同事汪海涛！海涛此前在华为任职九年，本周一起在小米手机部担任产品总监。"),
])
def test_an_announcement_to_everyone_still_doubts(first: str, second: str) -> None:
    """Round 50's exceptions (unnamed people's changes, a value restated) do not swallow a
    change told to a group (blind cases that lost their doubt in the round)."""
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(first)
        memory.add(second)
        assert not memory.relations(), memory.relations()
