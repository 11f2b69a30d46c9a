"""Round 48 (z), Chinese and English work and home changes: a return or a move to another firm
(又回美团了, 去了美团, "went back to Google") leaves the old employer unsure; 把-firings with a bare
verb (腾讯把我裁了, 老板把我炒了) end the job; a move between two districts a tagger took for names
(从高新区搬到了武侯区) is no change of manager; a tenure said after the verb phrase
(已经在阿里巴巴工作两年了) dates the job two years back; a place name ending in 苑/园/区 is kept whole."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

TZ = timezone(timedelta(hours=8))
T0 = datetime(2024, 1, 30, 12, tzinfo=TZ)
T1 = datetime(2024, 8, 30, 12, tzinfo=TZ)


def _now(first: str, later: str, *, speaker: str = "小雨") -> set[tuple[str, str, str | None]]:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add(first, speaker=speaker, at=T0)
        m.add(later, speaker=speaker, at=T1)
        return {(r.subject_name, r.type, r.object_name) for r in m.relations()}


@pytest.mark.parametrize(
    "later",
    [
        "字节太累了，我上个月又回美团了。",
        "我又回美团了。",
        "我上个月去了美团。",
        "我去美团了。",
        "我重新回美团上班了。",
        "上个月回到美团了。",
        "我今年三月又回美团工作了。",
        "I went back to Google last month.",
        "I returned to Google in June.",
    ],
)
def test_a_move_to_another_firm_leaves_the_old_employer_unsure(later: str) -> None:
    assert ("小雨", "WORKS_FOR", "字节跳动") not in _now("我在字节跳动上班。", later)


def test_a_named_persons_return_is_theirs() -> None:
    cur = _now("小王在腾讯工作。我在字节跳动上班。", "小王又回阿里巴巴了。")
    assert ("小王", "WORKS_FOR", "腾讯") not in cur
    assert ("小雨", "WORKS_FOR", "字节跳动") in cur


@pytest.mark.parametrize(
    "later",
    [
        "我上个月去了美团开会。",  # a visit with its purpose
        "我下个月去美团上班。",  # a plan
        "我老公又回美团了。",  # a relative's
        "我回字节了。",  # back at the firm one works for
        "我没回美团。",
        "我差点去了美团。",  # nearly
        "我猜小雨又回美团了。",  # a guess
        "你回美团了吗？",
        "I went back to Google for a meeting.",
        "I will go back to Google next year.",
    ],
)
def test_a_visit_a_plan_or_anothers_return_keeps_the_employer(later: str) -> None:
    assert ("小雨", "WORKS_FOR", "字节跳动") in _now("我在字节跳动上班。", later)


@pytest.mark.parametrize(
    ("first", "later", "who"),
    [
        ("我在腾讯工作。", "腾讯把我裁了。", "陈晨"),
        ("我在腾讯工作。", "老板把我炒了。", "陈晨"),
        ("我在腾讯工作。", "上个月老板把我给开了。", "陈晨"),
        ("我在腾讯工作。", "腾讯上个月把我也裁了。", "陈晨"),
        ("李明在腾讯工作。", "公司把李明裁了。", "李明"),
        ("李明在腾讯工作。", "腾讯把李明炒掉了。", "李明"),
    ],
)
def test_fired_with_a_bare_verb_after_ba_ends_the_job(first: str, later: str, who: str) -> None:
    assert (who, "WORKS_FOR", "腾讯") not in _now(first, later, speaker="陈晨")


@pytest.mark.parametrize("later", ["我把菜炒了。", "老板把门开了。"])
def test_ba_with_a_thing_fires_no_one(later: str) -> None:
    assert ("陈晨", "WORKS_FOR", "腾讯") in _now("我在腾讯工作。", later, speaker="陈晨")


@pytest.mark.parametrize(
    "text",
    [
        "我从高新区搬到了武侯区。",
        "我这个月搬家了，从高新区搬到了武侯区，离公司近一点。",
        "王芳从高新区搬到了武侯区。",
        "我上周从高新区搬到了金牛区。",
    ],
)
def test_a_move_between_districts_is_no_new_manager(text: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add(text, speaker="小雨", at=T0)
        rels = {(r.type, r.object_name) for r in m.relations()}
    assert not {r for r in rels if r[0] in ("REPORTS_TO", "MANAGES")}
    assert {o for t, o in rels if t == "LIVES_IN"} <= {"武侯区", "金牛区"}


@pytest.mark.parametrize(
    "later",
    ["我已经在阿里巴巴工作两年了。", "我在阿里巴巴上班两年了。", "我已经在阿里巴巴上班两年了。"],
)
def test_a_tenure_after_the_verb_phrase_dates_the_job(later: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add("我在腾讯工作。", speaker="王芳", at=datetime(2020, 5, 1, 12, tzinfo=TZ))
        m.add(later, speaker="王芳", at=datetime(2024, 3, 15, 12, tzinfo=TZ))
        then = {r.object_name for r in m.relations(as_of=datetime(2023, 6, 1, tzinfo=TZ), type="WORKS_FOR")}
        now = {r.object_name for r in m.relations(type="WORKS_FOR")}
    assert "腾讯" not in then
    assert now == {"阿里巴巴"}


def test_a_job_hunt_of_two_months_dates_no_job() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add("我在腾讯工作。", speaker="王芳", at=datetime(2020, 5, 1, 12, tzinfo=TZ))
        m.add("我找工作两个月了。", speaker="王芳", at=datetime(2024, 3, 15, 12, tzinfo=TZ))
        then = {r.object_name for r in m.relations(as_of=datetime(2024, 2, 1, tzinfo=TZ), type="WORKS_FOR")}
    assert then == {"腾讯"}


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("我住在天通苑。", "天通苑"),
        ("今天搬到天通苑了，东西好多，累死了。", "天通苑"),
        ("我最近搬到了天通苑。", "天通苑"),
    ],
)
def test_a_place_name_ending_in_a_place_word_is_kept_whole(text: str, place: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add(text, speaker="我", at=T0)
        objects = {r.object_name for r in m.relations()}
    assert not {o for o in objects if o and o != place and place.startswith(o)}
    assert objects <= {place}
