"""Readings of the thirty-ninth round (issue 11, point 4): a known project handed on with no verb
after its new lead (星火项目已经交给吴刚了); Chinese project names of two words (数据迁移项目); the
name at the end of a description (改向她原来的副手谢涛汇报); the one sent off named after 欢送; "jumped
ship to Shopee"; a project is no employer (我从天穹项目换到北斗项目了) and no taste ("moved from the
Atlas project to the Orion project"). Each with a look-alike that must not change.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from tests.unit.relation_facts import current_facts as _facts


@pytest.fixture(scope="module")
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


# --------------------------------------------------------------------------- a project handed on
@pytest.mark.parametrize("text", ["星火项目已经交给吴刚了。", "星火项目已经交给吴刚来管了。", "星火从这周起交接给吴刚了，我去带北斗项目"])
def test_a_project_handed_on_has_its_new_lead(memory: TemporalGraphMemory, text: str) -> None:
    ns = f"handed-{abs(hash(text))}"
    _facts(memory, ns, ["刘洋负责星火项目。"])
    facts = _facts(memory, ns, [text], speaker="刘洋")
    assert ("吴刚", "MANAGES", "星火项目") in facts
    assert ("刘洋", "MANAGES", "星火项目") not in facts


def test_a_thing_handed_over_is_no_project(memory: TemporalGraphMemory) -> None:
    _facts(memory, "papers", ["刘洋负责星火项目。"])
    assert _facts(memory, "papers", ["文件已经交给吴刚了。"]) == {("刘洋", "MANAGES", "星火项目")}


@pytest.mark.parametrize("name", ["数据迁移项目", "用户增长项目"])
def test_a_project_name_of_two_words(memory: TemporalGraphMemory, name: str) -> None:
    ns = f"two-{name}"
    assert _facts(memory, ns, [f"张伟负责{name}。"]) == {("张伟", "MANAGES", name)}
    assert _facts(memory, ns, [f"{name}已经交给吴刚了。"]) == {("吴刚", "MANAGES", name)}


def test_one_word_before_a_project_stays_out_of_its_name(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "one-word", ["刘洋负责星火项目。"]) == {("刘洋", "MANAGES", "星火项目")}


# --------------------------------------------------------------------------- the name described
def test_the_name_after_its_description_is_the_new_boss(memory: TemporalGraphMemory) -> None:
    _facts(memory, "deputy", ["胡军的上级是宋雪。"])
    facts = _facts(memory, "deputy", ["宋雪被提拔为副总裁之后，胡军就改向她原来的副手谢涛汇报了。"])
    assert facts == {("胡军", "REPORTS_TO", "谢涛")}


# --------------------------------------------------------------------------- sent off
def test_the_one_sent_off_after_huansong_has_an_unsure_job(memory: TemporalGraphMemory) -> None:
    _facts(memory, "farewell", ["赵敏在百度工作。", "赵敏住在北京。"])
    facts = _facts(memory, "farewell", ["周会记录：1. 欢送赵敏，明天起她去字节跳动报到；2. Q3预算下周再议。"])
    assert ("赵敏", "WORKS_FOR", "百度") not in facts
    assert ("赵敏", "LIVES_IN", "北京") in facts  # (her home is not her job)


def test_seeing_off_a_client_changes_nothing(memory: TemporalGraphMemory) -> None:
    _facts(memory, "client", ["赵敏在百度工作。"])
    assert _facts(memory, "client", ["赵敏昨天去机场欢送了客户。"]) == {("赵敏", "WORKS_FOR", "百度")}


def test_a_farewell_for_a_named_person(memory: TemporalGraphMemory) -> None:
    _facts(memory, "drinks", ["Kofi works for Deloitte."])
    assert _facts(memory, "drinks", ["Drinks tonight: a farewell for Kofi at the Crown."]) == set()


# --------------------------------------------------------------------------- jumped ship
def test_jumped_ship_to_a_firm_is_a_new_employer(memory: TemporalGraphMemory) -> None:
    _facts(memory, "ship", ["Mei Ling works for Grab."])
    assert _facts(memory, "ship", ["FYI Mei Ling jumped ship to Shopee in March."]) == {("Mei Ling", "WORKS_FOR", "Shopee")}


def test_jumped_ship_to_a_team_names_no_employer(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "ship-team", ["Marco jumped ship to the Tundra team."])
    assert not any(t == "WORKS_FOR" for _, t, _ in facts)


def test_almost_jumping_ship_changes_nothing(memory: TemporalGraphMemory) -> None:
    _facts(memory, "ship-almost", ["Mei Ling works for Grab."])
    assert ("Mei Ling", "WORKS_FOR", "Shopee") not in _facts(memory, "ship-almost", ["Mei Ling almost jumped ship to Shopee."])


# --------------------------------------------------------------------------- a project is a project
def test_a_project_is_no_employer(memory: TemporalGraphMemory) -> None:
    _facts(memory, "no-employer", ["黄丽负责天穹项目。"])
    facts = _facts(memory, "no-employer", ["跟大家说一声，我从天穹项目换到北斗项目了"], speaker="黄丽")
    assert not any(t == "WORKS_FOR" for _, t, _ in facts)
    assert ("黄丽", "MANAGES", "天穹项目") not in facts


def test_a_firm_after_a_job_change_stays_an_employer(memory: TemporalGraphMemory) -> None:
    assert ("王芳", "WORKS_FOR", "腾讯") in _facts(memory, "firm", ["王芳从阿里巴巴跳槽到腾讯了。"])


def test_moving_between_projects_is_no_taste(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "no-taste", ["I moved from the Atlas project to the Orion project."], speaker="Ana")
    assert not any(t in ("LIKES", "DISLIKES") for _, t, _ in facts)
    assert ("Ana", "LIKES", "coffee") in _facts(memory, "a-taste", ["I switched from tea to coffee."], speaker="Ana")


# --------------------------------------------------------------------------- a graduation
@pytest.mark.parametrize(("ns", "known", "text", "speaker"), [
    ("grad-short", "Mateo Silva studies at the University of Toronto.",
     "Congrats to Mateo, our intern, who graduated from U of T last week.", None),
    ("grad-dash", "Arjun Mehta studies at Imperial College.",
     "Congrats card for Arjun - graduated from Imperial last wk!! gap year next, then who knows", None),
    ("grad-own", "Mehmet studies at Boğaziçi University.",
     "here u go 🎓 diploma in hand, Boğaziçi is officially behind me. mum cried", "Mehmet"),
    ("grad-zh", "郭靖在浙江大学读书。", "校友录备注：郭靖2023年硕士毕业，留在浙江大学当了辅导员。", None),
    ("grad-zh-at", "郭靖在浙江大学读书。", "郭靖在浙江大学毕业了。", None),
])
def test_a_graduation_leaves_the_school_unsure(memory: TemporalGraphMemory, ns: str, known: str,
                                                text: str, speaker: str | None) -> None:
    _facts(memory, ns, [known], speaker=speaker)
    assert not any(t == "STUDIES_AT" for _, t, _ in _facts(memory, ns, [text], speaker=speaker))


@pytest.mark.parametrize(("ns", "text", "speaker"), [
    ("grad-next", "Ana will graduate next year.", None),
    ("grad-kin", "my brother graduated from Yale today!", "Ana"),
    ("grad-other", "Ana graduated from Stanford in 2015 and is now doing a PhD at MIT.", None),
    ("grad-asked", "Has Ana graduated yet?", None),
])
def test_a_graduation_ahead_or_of_another_school_keeps_it(memory: TemporalGraphMemory, ns: str, text: str,
                                                          speaker: str | None) -> None:
    _facts(memory, ns, ["Ana studies at MIT."])
    assert ("Ana", "STUDIES_AT", "MIT") in _facts(memory, ns, [text], speaker=speaker)


def test_staying_on_at_the_school_after_a_degree_keeps_it(memory: TemporalGraphMemory) -> None:
    _facts(memory, "grad-stay", ["郑凯在北京大学读书。"])
    facts = _facts(memory, "grad-stay", ["郑凯本科毕业后直接留在北京大学读博了，所以还是每周只能来公司实习两天。"])
    assert ("郑凯", "STUDIES_AT", "北京大学") in facts


# --------------------------------------------------------------------------- a home of another city
@pytest.mark.parametrize(("ns", "known", "text", "speaker"), [
    ("home-first-box", "I live in Gdańsk.", "@Mama the movers just dumped the last box in the Rotterdam flat 📦", "Tomasz"),
    ("home-capital", "I live in Gdańsk.", "The Rotterdam flat finally has wifi, first night here.", "Tomasz"),
    ("home-back", "I live in Porto.",
     "new one is Rua do Souto 12, Braga. moved in over the weekend and the Porto flat's been handed back", "Rafael"),
    ("home-named", "王磊住在北京。", "周末笔记：帮王磊把最后几箱书搬进了杭州的新家，钥匙昨天刚拿到。", None),
    ("home-first-night", "我住在南京。", "日记 5月3日：在深圳的第一晚，钥匙终于拿到手了。", "刘芳"),
])
def test_a_home_of_another_city_leaves_the_old_home_unsure(memory: TemporalGraphMemory, ns: str, known: str,
                                                            text: str, speaker: str | None) -> None:
    _facts(memory, ns, [known], speaker=speaker)
    assert not any(t == "LIVES_IN" for _, t, _ in _facts(memory, ns, [text], speaker=speaker))


@pytest.mark.parametrize(("ns", "text"), [
    ("home-friend", "right so quick update from the train, I've been in Edinburgh since Thursday helping Fiona move "
                    "into her new place in Leith, her boxes are EVERYWHERE, back home to Bristol on Sunday night thank "
                    "god, tell Gran I'll ring her then."),
    ("home-maybe", "Note to self: ask the landlord whether the Porto flat is still available."),
    ("home-sister", "staying at my sister's flat in York this weekend"),
    ("home-mum", "my mum's new flat in York has a garden, finally"),
])
def test_a_home_of_someone_else_or_hoped_for_keeps_the_home(memory: TemporalGraphMemory, ns: str, text: str) -> None:
    _facts(memory, ns, ["I live in Bristol."], speaker="Callum")
    assert ("Callum", "LIVES_IN", "Bristol") in _facts(memory, ns, [text], speaker="Callum")


# --------------------------------------------------------------------------- a handover set for a day
@pytest.mark.parametrize(("ns", "text", "new"), [
    ("day-tomorrow", "handing Mercury over to Liang tomorrow, i'm off on mat leave 👶 pls ping him not me", "Liang"),
    ("day-from", "handing Mercury off to Grace from tomorrow, I've been pulled onto the data-platform migration full time",
     "Grace"),
    ("day-leave", "handing Mercury over to Kwame from tomorrow, I'm on parental leave for 6 months.", "Kwame"),
])
def test_a_handover_set_for_a_day_is_said(memory: TemporalGraphMemory, ns: str, text: str, new: str) -> None:
    _facts(memory, ns, ["I manage the Mercury project."], speaker="Fatima")
    facts = _facts(memory, ns, [text], speaker="Fatima")
    assert ("Fatima", "MANAGES", "Mercury project") not in facts
    assert (new, "MANAGES", "Mercury project") in facts


def test_a_change_set_for_next_week_is_said(memory: TemporalGraphMemory) -> None:
    _facts(memory, "day-under", ["I report to Monique."], speaker="Rahul")
    facts = _facts(memory, "day-under", ["Heads up: Monique isn't my boss anymore - from next week I'm under Anders."],
                   speaker="Rahul")
    assert facts == {("Rahul", "REPORTS_TO", "Anders")}


@pytest.mark.parametrize("text", ["I'm thinking of handing Mercury over to Liang next week.",
                                  "passing the salt to Liang tomorrow lol"])
def test_a_handover_only_thought_of_names_no_new_lead(memory: TemporalGraphMemory, text: str) -> None:
    ns = f"day-plan-{abs(hash(text))}"
    _facts(memory, ns, ["I manage the Mercury project."], speaker="Fatima")
    assert ("Liang", "MANAGES", "Mercury project") not in _facts(memory, ns, [text], speaker="Fatima")


# --------------------------------------------------------------------------- where someone went is no thing taken over
@pytest.mark.parametrize(("known", "text", "wrong"), [
    ("高远的上级是罗敏。", "罗敏被调去上海分公司以后，高远的周报和请假审批都改由潘东负责了。", ("潘东", "MANAGES", "上海分公司")),
    ("赵磊在百度工作。", "会议纪要：赵磊被字节跳动挖走了，他在百度的活由孙强接手。", ("孙强", "MANAGES", "百度")),
    ("郭峰负责华东区售后团队。", "客服备注：郭峰调去总部做培训了，团队由她接手。", ("郭峰", "MANAGES", "调去总部")),
])
def test_a_destination_is_not_what_is_taken_over(memory: TemporalGraphMemory, known: str, text: str,
                                                 wrong: tuple[str, str, str]) -> None:
    ns = f"gone-{abs(hash(text))}"
    _facts(memory, ns, [known])
    facts = _facts(memory, ns, [text])
    assert wrong not in facts
    assert not any(o in ("上海分公司", "调去总部") or (t == "MANAGES" and o == "百度") for _, t, o in facts)
