"""Chinese mood (round 47, f): a change placed in a future year, a dated past state, a yes-no
question without a question mark, a guess, a report the same text calls wrong and a correction
of a slip ("是杭州不是苏州") state nothing wrong as current."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

EARLY = datetime(2026, 1, 10, 9, tzinfo=timezone.utc)
SAID = datetime(2026, 6, 15, 9, tzinfo=timezone.utc)


def _current(first: str, later: str, who: str, type_: str, *, gap: timedelta | None = None) -> list[str]:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add(first, at=EARLY if gap is None else SAID)
        m.add(later, at=SAID if gap is None else SAID + gap)
        return [r.object_name for r in m.relations(who, type=type_)]


@pytest.mark.parametrize(
    ("first", "later", "who", "type_", "keep"),
    [
        ("李娜住在北京。", "李娜2028年搬到上海。", "李娜", "LIVES_IN", "北京"),
        ("李娜住在北京。", "2027年李娜会搬到上海。", "李娜", "LIVES_IN", "北京"),
        ("李娜住在北京。", "2027年，李娜搬到上海。", "李娜", "LIVES_IN", "北京"),
        ("李娜住在北京。", "李娜二〇二八年搬到上海。", "李娜", "LIVES_IN", "北京"),
        ("王芳在腾讯工作。", "2027年起王芳在阿里巴巴工作。", "王芳", "WORKS_FOR", "腾讯"),
        ("王芳在腾讯工作。", "王芳2029年加入阿里巴巴。", "王芳", "WORKS_FOR", "腾讯"),
        ("Alice lives in Paris.", "Alice moves to Lyon in 2027.", "Alice", "LIVES_IN", "Paris"),
        ("Alice lives in Paris.", "In 2028, Alice moves to Lyon.", "Alice", "LIVES_IN", "Paris"),
    ],
)
def test_a_change_in_a_future_year_is_a_plan(first: str, later: str, who: str, type_: str, keep: str) -> None:
    assert _current(first, later, who, type_) == [keep]


@pytest.mark.parametrize(
    ("text", "type_", "obj", "start", "end"),
    [
        ("王芳2019年住在武汉。", "LIVES_IN", "武汉", 2019, 2020),
        ("2019年，王芳在华为工作。", "WORKS_FOR", "华为", 2019, 2020),
        ("王芳2017年住在成都。", "LIVES_IN", "成都", 2017, 2018),
        ("王芳去年还在华为工作。", "WORKS_FOR", "华为", 2025, 2026),
        ("前年王芳在百度上班。", "WORKS_FOR", "百度", 2024, 2025),
        ("王芳2018年负责天河项目。", "MANAGES", "天河项目", 2018, 2019),
    ],
)
def test_a_chinese_dated_past_state_is_history(text: str, type_: str, obj: str, start: int, end: int) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add(text, at=SAID)
        assert m.relations("王芳") == []
        held = [r for r in m.relations("王芳", include_ended=True) if r.type == type_ and r.object_name == obj]
        assert held
        assert [(r.valid_from.year, r.valid_to.year if r.valid_to else None) for r in held] == [(start, end)]


@pytest.mark.parametrize(
    "text", ["王芳上个月还住在武汉。", "王芳去年在华为工作。", "王芳2019年向刘洋汇报。"]
)
def test_a_chinese_state_of_a_period_over_is_never_current(text: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add(text, at=SAID)
        assert m.relations("王芳") == []


@pytest.mark.parametrize(
    "text", ["王芳2019年搬到了武汉。", "王芳从2019年起住在武汉。", "王芳住在武汉。"]
)
def test_a_dated_change_or_a_state_since_then_still_holds(text: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add(text, at=SAID)
        assert [r.object_name for r in m.relations("王芳", type="LIVES_IN")] == ["武汉"]


@pytest.mark.parametrize(
    ("first", "later", "who", "type_", "keep"),
    [
        # a yes-no question without a question mark
        ("李娜住在北京。", "我不知道李娜搬到上海没有。", "李娜", "LIVES_IN", "北京"),
        ("李娜住在北京。", "不知道李娜搬到上海了没。", "李娜", "LIVES_IN", "北京"),
        ("李娜住在北京。", "问问李娜搬到上海没有。", "李娜", "LIVES_IN", "北京"),
        ("李娜住在北京。", "我也不清楚李娜搬去上海了没有", "李娜", "LIVES_IN", "北京"),
        ("王芳在腾讯工作。", "回头问一下王芳跳槽去阿里了没", "王芳", "WORKS_FOR", "腾讯"),
        # a guess
        ("李娜住在北京。", "我猜李娜搬到上海了。", "李娜", "LIVES_IN", "北京"),
        ("李娜住在北京。", "估计李娜搬到上海了。", "李娜", "LIVES_IN", "北京"),
        ("李娜住在北京。", "说不定李娜搬到上海了。", "李娜", "LIVES_IN", "北京"),
        ("李娜住在北京。", "我怀疑李娜搬到上海了。", "李娜", "LIVES_IN", "北京"),
        ("李娜住在北京。", "没准李娜已经搬到上海了。", "李娜", "LIVES_IN", "北京"),
        ("王芳在腾讯工作。", "我猜王芳跳槽去阿里了。", "王芳", "WORKS_FOR", "腾讯"),
        # a report the same text calls wrong
        ("林静在华为上班。", "陈伟记错了，说林静在腾讯上班。", "林静", "WORKS_FOR", "华为"),
        ("林静在华为上班。", "陈伟搞错了，他说林静在腾讯上班。", "林静", "WORKS_FOR", "华为"),
        ("林静在华为上班。", "陈伟说林静在腾讯上班，其实不是。", "林静", "WORKS_FOR", "华为"),
        ("林静在华为上班。", "陈伟说林静在腾讯上班，他说错了。", "林静", "WORKS_FOR", "华为"),
        ("林静在华为上班。", "别听陈伟的，他说林静在腾讯上班是错的。", "林静", "WORKS_FOR", "华为"),
        ("林静在华为上班。", "陈伟弄错了，他告诉我林静在腾讯上班。", "林静", "WORKS_FOR", "华为"),
        ("林静在华为上班。", "小赵说林静跳槽去了腾讯，其实不是这样。", "林静", "WORKS_FOR", "华为"),
    ],
)
def test_a_question_a_guess_or_a_report_called_wrong_states_nothing(
    first: str, later: str, who: str, type_: str, keep: str
) -> None:
    assert _current(first, later, who, type_) == [keep]


@pytest.mark.parametrize(
    ("first", "later", "who", "type_", "moved"),
    [
        ("李娜住在北京。", "你猜怎么着，李娜搬到上海了。", "李娜", "LIVES_IN", "上海"),
        ("李娜住在北京。", "毫无疑问，李娜搬到上海了。", "李娜", "LIVES_IN", "上海"),
        ("林静在华为上班。", "陈伟告诉我林静跳槽去了腾讯。", "林静", "WORKS_FOR", "腾讯"),
        ("小王住在苏州。", "我刚才说错了，小王住在杭州。", "小王", "LIVES_IN", "杭州"),
    ],
)
def test_news_a_report_or_ones_own_correction_still_holds(
    first: str, later: str, who: str, type_: str, moved: str
) -> None:
    assert _current(first, later, who, type_) == [moved]


@pytest.mark.parametrize(
    ("first", "fix", "type_", "meant"),
    [
        ("小王住在苏州。", "不对，我说错了，是杭州不是苏州。", "LIVES_IN", "杭州"),
        ("小王住在苏州。", "说错了，不是苏州，是杭州。", "LIVES_IN", "杭州"),
        ("小王住在苏州。", "不对不对，应该是杭州，不是苏州。", "LIVES_IN", "杭州"),
        ("小王在华为工作。", "不好意思说错了，是中兴不是华为。", "WORKS_FOR", "中兴"),
        ("小王在华为工作。", "我打错了，不是华为，而是中兴。", "WORKS_FOR", "中兴"),
    ],
)
def test_a_chinese_correction_replaces_the_slip(first: str, fix: str, type_: str, meant: str) -> None:
    assert _current(first, fix, "小王", type_, gap=timedelta(minutes=1)) == [meant]


@pytest.mark.parametrize(
    ("first", "later", "who", "type_", "now"),
    [
        # a farewell letter is no report called wrong (告别信 holds 别信)
        ("林静在华为上班。", "林静发了告别信，说在华为五年很开心，已经入职腾讯了。", "林静", "WORKS_FOR", "腾讯"),
        # a dated clause that only meets the new employer is no past state of it
        ("陈静在阿里巴巴工作。", "陈静被腾讯挖走了，昨天还在腾讯楼下碰见她。", "陈静", "WORKS_FOR", "腾讯"),
        ("赵敏在阿里巴巴工作。", "赵敏早就不在阿里巴巴了，去年被字节跳动挖走，现在做产品。", "赵敏", "WORKS_FOR", "字节跳动"),
    ],
)
def test_a_farewell_or_a_dated_meeting_keeps_the_change(first: str, later: str, who: str, type_: str, now: str) -> None:
    assert _current(first, later, who, type_) == [now]


def test_an_idiom_of_doubt_is_no_guess() -> None:
    # 怀疑人生 ("makes one question life") guesses nothing: the move it tells stands
    assert _current("王芳住在杭州。", "搬到成都第三天了，辣得我怀疑人生😂 杭州的房子已经退了", "王芳", "LIVES_IN") != ["杭州"]
