"""A Chinese liking said to have ended is no longer stated as current (round 54, C).

Blind text ends a taste in words the patterns do not read as a dislike (已经戒了咖啡, 摇滚乐听着只觉得吵,
我现在吃不了香菜了, 韩剧早就追腻了); the look-alikes keep the liking: a pause, an inability, a denial,
someone else's aversion, a question, a kept liking, a ring (戒指).
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

Fact = tuple[str, str, str]


def stated(first: str, later: str, speaker: str | None = None) -> set[Fact]:
    """The current facts after ``first`` (no speaker) and ``later`` (from ``speaker``)."""
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(first, namespace="t")
        memory.add(later, namespace="t", speaker=speaker)
        return {(r.subject_name, r.type, str(r.object_name)) for r in memory.relations(namespace="t")}


@pytest.mark.parametrize(
    ("later", "speaker"),
    [
        ("胃不好，已经把奶茶戒掉了，改喝白开水。", "唐宁"),  # 戒
        ("这两年奶茶喝着只觉得腻。", "唐宁"),  # an aversion in the clause naming it
        ("我现在喝不了奶茶了，一喝就难受。", "唐宁"),  # 喝不了…了
        ("唐宁说她现在特别烦奶茶，改喝白开水了。", None),  # named person, no speaker
        ("客户表示已经戒了奶茶，要求退订会员。", None),  # a note naming no one: the one who likes it
        ("爸你别买了，奶茶我再也不喝了。", "唐宁"),  # 爸 called, not someone's
    ],
)
def test_a_liking_said_to_have_ended_is_no_longer_stated(later: str, speaker: str | None) -> None:
    assert ("唐宁", "LIKES", "奶茶") not in stated("唐宁喜欢奶茶。", later, speaker)


@pytest.mark.parametrize(
    ("later", "speaker"),
    [
        ("这次奶茶店我去不了，家里有事。", "唐宁"),  # can't go this time
        ("我不是不喜欢奶茶了，只是最近没时间。", "唐宁"),  # denied
        ("部门很多人讨厌奶茶，但唐宁每次都点。", None),  # other people's aversion
        ("我妈现在喝不了奶茶了。", "唐宁"),  # the speaker's mother's
        ("唐宁的同事小吴戒奶茶了，唐宁还是每天一杯。", None),  # a colleague's; hers kept
        ("你是不是戒奶茶了？", "唐宁"),  # a question
        ("医生让我少喝奶茶，忍一周再说。", "唐宁"),  # a pause
        ("一天不喝奶茶就难受。", "唐宁"),  # can't do without it
        ("奶茶这辈子都戒不掉。", "唐宁"),  # can't give it up
        ("他送了我一枚戒指，晚上一起去喝了奶茶。", "唐宁"),  # 戒指 is a ring
    ],
)
def test_a_pause_a_denial_or_someone_elses_aversion_keeps_the_liking(later: str, speaker: str | None) -> None:
    assert ("唐宁", "LIKES", "奶茶") in stated("唐宁喜欢奶茶。", later, speaker)


def test_a_liking_named_by_the_start_of_its_name_ends_too() -> None:
    assert ("邓磊", "LIKES", "摇滚乐") not in stated("邓磊喜欢摇滚乐。", "人到中年，摇滚听着只觉得吵。", "邓磊")
    # another liking of the same person is kept
    assert ("邓磊", "LIKES", "昆曲") in stated("邓磊喜欢昆曲。", "人到中年，摇滚听着只觉得吵。", "邓磊")


# --- 喜欢寿司和披萨: every thing joined to the first is liked -----------------------------------

@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("林晓喜欢寿司和披萨。", {"寿司", "披萨"}),
        ("林晓喜欢寿司、披萨和拉面。", {"寿司", "披萨", "拉面"}),
        ("我喜欢猫和狗，但是对猫毛过敏。", {"猫", "狗"}),
    ],
)
def test_things_joined_with_he_are_each_liked(text: str, liked: set[str]) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(text, namespace="t", speaker="林晓")
        facts = {(r.subject_name, r.type, str(r.object_name)) for r in memory.relations(namespace="t")}
    assert facts == {("林晓", "LIKES", thing) for thing in liked}


def test_things_joined_in_a_dislike_are_each_disliked() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("林晓不喜欢香菜和葱。", namespace="t")
        facts = {(r.subject_name, r.type, str(r.object_name)) for r in memory.relations(namespace="t")}
    assert facts == {("林晓", "DISLIKES", "香菜"), ("林晓", "DISLIKES", "葱")}


@pytest.mark.parametrize(
    "text",
    [
        "林晓喜欢寿司和朋友一起吃。",  # a companion, not a second taste
        "林晓喜欢咖啡和茶的味道。",  # a phrase with 的: not a plain thing
        "林晓喜欢寿司和王明。",  # a person named
    ],
)
def test_a_companion_a_phrase_or_a_person_is_no_second_taste(text: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(text, namespace="t")
        liked = {str(r.object_name) for r in memory.relations(namespace="t") if r.type == "LIKES"}
    assert liked <= {"寿司", "咖啡"}
