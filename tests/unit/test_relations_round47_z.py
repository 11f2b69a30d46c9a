"""Round 47 (z), Chinese: a pair named in separate sentences and then "他们俩/他俩/他们都/两个人都";
a project handed over in the clause after it was led; a habit quit (戒烟了) or a taste switched
away from in the next clause; a new manager role in a project ends the old role there; a relative's
or friend's job change (or an unresolved 他 in a chat turn) is not the speaker's."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

T0 = datetime(2026, 6, 15, 9, tzinfo=timezone.utc)


def _current(texts: list[str], type_: str, *, speaker: str | None = None) -> set[tuple[str, str | None]]:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        for i, t in enumerate(texts):
            if speaker is None:
                m.add(t, at=T0 + timedelta(minutes=i))
            else:
                m.add(t, at=T0 + timedelta(minutes=i), speaker=speaker)
        return {(r.subject_name, r.object_name) for r in m.relations(type=type_)}


@pytest.mark.parametrize(
    ("texts", "type_", "old", "new"),
    [
        (["何军住在北京。", "冯娟住在天津。", "他们俩都搬到了成都。"], "LIVES_IN", {("何军", "北京"), ("冯娟", "天津")}, "成都"),
        (["何军住在北京，冯娟住在天津。", "他俩都搬到了成都。"], "LIVES_IN", {("何军", "北京"), ("冯娟", "天津")}, "成都"),
        (["何军住在北京。", "冯娟住在天津。", "他们都搬到了成都。"], "LIVES_IN", {("何军", "北京"), ("冯娟", "天津")}, "成都"),
        (["何军在阿里工作。", "冯娟在腾讯工作。", "两个人都跳槽去了百度。"], "WORKS_FOR", {("何军", "阿里"), ("冯娟", "腾讯")}, "百度"),
        # variants: two tokens after the pronoun, 两人, another pair and city
        (["刘洋住在西安。", "孙丽住在郑州。", "他们两个都搬到了杭州。"], "LIVES_IN", {("刘洋", "西安"), ("孙丽", "郑州")}, "杭州"),
        (["刘洋住在西安。", "孙丽住在郑州。", "两人都搬到了杭州。"], "LIVES_IN", {("刘洋", "西安"), ("孙丽", "郑州")}, "杭州"),
        (["我姐姐林静在华为上班，住在深圳。", "她去年嫁给了陈伟。", "他们今年搬到了广州。"], "LIVES_IN", {("林静", "深圳")}, "广州"),
    ],
)
def test_a_pair_named_apart_moves_together(
    texts: list[str], type_: str, old: set[tuple[str, str]], new: str
) -> None:
    cur = _current(texts, type_)
    assert not cur & old
    assert {o for _, o in cur} <= {new}


def test_they_of_three_people_is_left_unresolved() -> None:
    # three persons salient: "他们" is not taken for any two of them (nothing stated)
    cur = _current(["何军住在北京。", "冯娟住在天津。", "王芳住在上海。", "他们都搬到了成都。"], "LIVES_IN")
    assert ("何军", "成都") not in cur and ("冯娟", "成都") not in cur and ("王芳", "成都") not in cur


def test_we_two_is_not_the_pair_named_before() -> None:
    assert _current(["何军和冯娟住在北京。", "我们两个人都搬到了成都。"], "LIVES_IN") == {("何军", "北京"), ("冯娟", "北京")}


@pytest.mark.parametrize(
    "text",
    [
        "陈伟负责天河项目，后来交给了赵磊。",
        "陈伟负责天河项目，现在交给赵磊了。",
        "陈伟负责天河项目，上个月交给了赵磊。",
        "陈伟负责天河项目，2021年交给了赵磊。",
        "陈伟2018年开始负责天河项目，后来交给了赵磊。",
        "吴刚主管星火项目，不过去年已经移交给了林晓。",
        "吴刚负责星火项目，后来交给了林晓负责。",
    ],
)
def test_a_project_handed_on_in_the_next_clause(text: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add(text, at=T0)
        managers = {r.subject_name for r in m.relations(type="MANAGES")}
        starts = {r.valid_from.year for r in m.relations(type="MANAGES")}
    assert not managers & {"陈伟", "吴刚"}
    assert managers <= {"赵磊", "林晓"}
    assert 2018 not in starts  # (the first clause's year is not the handover's)


@pytest.mark.parametrize(
    ("texts", "old"),
    [
        (["陈伟喜欢抽烟。", "陈伟戒烟了。"], "抽烟"),
        (["陈伟喜欢喝酒。", "陈伟戒酒了。"], "酒"),
        (["孙丽喜欢抽烟。", "孙丽去年终于戒了烟。"], "抽烟"),
        (["陈伟喜欢咖啡，不过现在改喝茶了。"], "咖啡"),
        (["陈伟喜欢咖啡，后来改喝茶了。"], "咖啡"),
        (["陈伟喜欢打篮球，后来改踢足球了。"], "篮球"),
        (["孙丽很喜欢听摇滚，但是最近改听爵士了。"], "摇滚"),
    ],
)
def test_a_taste_given_up(texts: list[str], old: str) -> None:
    assert old not in {o for _, o in _current(texts, "LIKES")}


@pytest.mark.parametrize("text", ["陈伟要戒烟了。", "陈伟正在戒烟。", "陈伟打算戒烟。"])
def test_a_plan_to_quit_keeps_the_taste(text: str) -> None:
    assert ("陈伟", "抽烟") in _current(["陈伟喜欢抽烟。", text], "LIKES")


def test_a_plan_to_switch_keeps_the_taste() -> None:
    assert ("陈伟", "咖啡") in _current(["陈伟喜欢咖啡，以后要改喝茶。"], "LIKES")


@pytest.mark.parametrize(
    "new",
    ["陈伟现在是天河项目的项目经理。", "陈伟升任天河项目的负责人。", "陈伟现在是天河项目的产品经理。"],
)
def test_a_manager_role_ends_the_old_role_in_the_project(new: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add("陈伟是天河项目的架构师。", at=T0)
        m.add(new, at=T0 + timedelta(minutes=1))
        roles = [dict(r.attributes).get("role") for r in m.relations("陈伟", type="HAS_ROLE_IN")]
    assert "架构师" not in roles


@pytest.mark.parametrize(
    ("texts", "speaker", "person"),
    [
        (["何军在阿里工作。", "何军的太太跳槽去了百度。"], None, "何军"),
        (["何军在阿里工作。", "何军的闺蜜辞职了。"], None, "何军"),
        (["我在阿里上班", "我闺蜜跳槽去了字节"], "小美", "小美"),
        (["我在阿里上班", "我老公在腾讯上班", "他上个月辞职了"], "小美", "小美"),
        (["我在阿里上班", "我男朋友跳槽去了京东"], "小美", "小美"),
    ],
)
def test_another_persons_job_change_leaves_the_employer(texts: list[str], speaker: str | None, person: str) -> None:
    assert (person, "阿里") in _current(texts, "WORKS_FOR", speaker=speaker)


def test_the_speakers_own_job_change_still_doubts() -> None:
    assert ("小美", "阿里") not in _current(["我在阿里上班", "我辞职了"], "WORKS_FOR", speaker="小美")
