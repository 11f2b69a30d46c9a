"""Readings of the thirty-seventh round (issue 11, point 4): a new liking said as a turn ("into
techno now", 现在迷上了游泳) leaves the older likings unsure; likings said with an intensifier
("really loves", "is obsessed with", "she's into"), before "these days" (a noun the tagger took
for a verb), after a qualifying name ("Thai food"); 改喝红茶, 不碰美式了, X不适合我; a staffing
line in arrows ("Nimbus PM → Tariq Aziz"); a commute that "went from" one thing to another is no
trip. Each with a look-alike that must not change.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from tests.unit.relation_facts import current_facts as _facts


@pytest.fixture(scope="module")
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


# --------------------------------------------------------------------------- a turn of taste
def test_a_new_liking_said_as_a_turn_leaves_the_older_one_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "turn", ["Tom likes jazz."])
    facts = _facts(memory, "turn", ["Tom's into techno now."])
    assert facts == {("Tom", "LIKES", "techno")}
    history = {(r.object_name, r.attributes.get("unsure")) for r in memory.relations(namespace="turn", include_ended=True)}
    assert ("jazz", "true") in history  # kept in the history, marked unsure


def test_one_more_liking_or_one_kept_leaves_the_others(memory: TemporalGraphMemory) -> None:
    _facts(memory, "turn-also", ["Tom likes jazz."])
    facts = _facts(memory, "turn-also", ["Tom is also into techno now."])
    assert facts == {("Tom", "LIKES", "jazz"), ("Tom", "LIKES", "techno")}
    _facts(memory, "turn-still", ["I like jazz."], speaker="Ana")
    facts = _facts(memory, "turn-still", ["I still love jazz, but I'm really into techno these days."], speaker="Ana")
    assert ("Ana", "LIKES", "jazz") in facts
    assert ("Ana", "LIKES", "techno") in facts


def test_a_liking_without_a_turn_adds_to_the_others(memory: TemporalGraphMemory) -> None:
    _facts(memory, "no-turn", ["Tom likes jazz."])
    facts = _facts(memory, "no-turn", ["Tom loves techno."])
    assert facts == {("Tom", "LIKES", "jazz"), ("Tom", "LIKES", "techno")}


def test_a_chinese_turn_of_taste(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zh-turn", ["王芳喜欢跑步。"])
    assert _facts(memory, "zh-turn", ["王芳现在迷上了游泳。"]) == {("王芳", "LIKES", "游泳")}
    _facts(memory, "zh-turn-also", ["王芳喜欢跑步。"])
    facts = _facts(memory, "zh-turn-also", ["王芳现在也迷上了游泳。"])
    assert facts == {("王芳", "LIKES", "跑步"), ("王芳", "LIKES", "游泳")}


def test_a_switch_of_drink_in_chinese(memory: TemporalGraphMemory) -> None:
    _facts(memory, "gai-he", ["邓琳喜欢喝美式咖啡。"])
    facts = _facts(memory, "gai-he", ["自从胃不好以后,邓琳就不碰美式了,现在每天下午改喝红茶。"])
    assert facts == {("邓琳", "LIKES", "红茶")}
    _facts(memory, "bu-peng", ["邓琳喜欢美式。"])
    assert _facts(memory, "bu-peng", ["邓琳就不碰美式了。"]) == set()


def test_a_suggested_switch_is_no_liking(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "gai-ba", ["最近一喝咖啡就心慌。改喝茶吧，试试看。"], speaker="韩雪")
    assert ("韩雪", "LIKES", "茶") not in facts


# --------------------------------------------------------------------------- how a liking is said
def test_likings_said_with_an_intensifier(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "really", ["Agnes really loves jigsaws."]) == {("Agnes", "LIKES", "jigsaws")}
    assert _facts(memory, "obsessed", ["Agnes is obsessed with jigsaws."]) == {("Agnes", "LIKES", "jigsaws")}
    assert _facts(memory, "hooked", ["Agnes is hooked on jigsaws."]) == {("Agnes", "LIKES", "jigsaws")}
    assert _facts(memory, "really-into", ["I'm really into padel."], speaker="Ana") == {("Ana", "LIKES", "padel")}
    # a negation still reads as one: "not really into it" is a dislike, as "not into it" was
    assert _facts(memory, "not-really", ["I don't really like jazz."], speaker="Ana") == {("Ana", "DISLIKES", "jazz")}


def test_a_comparison_or_an_owner_is_still_no_liking(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "like-dad", ["Tom's like his dad."]) == set()
    # "'s" is "is" only before "into", "obsessed", "a fan" ...: here it is an owner's
    assert _facts(memory, "owner-love", ["Family's love really grounds us and gives us strength."]) == set()
    assert _facts(memory, "owner-fan", ["Tom's a huge fan of techno."]) == {("Tom", "LIKES", "techno")}


def test_a_liking_before_these_days(memory: TemporalGraphMemory) -> None:
    # (the offline tagger takes "jigsaws" before "these" for a verb)
    assert _facts(memory, "these-days", ["I love jigsaws these days."], speaker="Ana") == {("Ana", "LIKES", "jigsaws")}


def test_a_liking_of_a_thing_a_name_qualifies(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "thai", ["Book the Thai place, Mei Lin is really into Thai food lately."])
    assert facts == {("Mei Lin", "LIKES", "Thai food")}
    facts = _facts(memory, "cold-water", ["Bartholomew is obsessed with cold-water swimming."])
    assert facts == {("Bartholomew", "LIKES", "cold-water swimming")}


def test_a_name_with_an_adverb_after_it_stays_the_name(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "python-way", ["I like Python way more than Java now."], speaker="Rohan")
    assert facts == {("Rohan", "LIKES", "Python")}
    assert _facts(memory, "berlin", ["Tom loves Berlin in winter."]) == {("Tom", "LIKES", "Berlin")}


def test_not_suited_to_me_is_an_aversion(memory: TemporalGraphMemory) -> None:
    _facts(memory, "bu-shihe", ["罗佳喜欢远程办公。"])
    facts = _facts(memory, "bu-shihe", ["居家办公半年，感觉快和社会脱节了，远程办公真的不适合我，下周开始天天回公司坐班"],
                   speaker="罗佳")
    assert ("罗佳", "LIKES", "远程办公") not in facts


def test_a_dress_not_suited_to_me_says_nothing_of_a_liking(memory: TemporalGraphMemory) -> None:
    _facts(memory, "bu-shihe-2", ["罗佳喜欢远程办公。"])
    facts = _facts(memory, "bu-shihe-2", ["这件衣服不适合我"], speaker="罗佳")
    assert facts == {("罗佳", "LIKES", "远程办公")}


# --------------------------------------------------------------------------- staffing in arrows
def test_a_staffing_line_in_arrows(memory: TemporalGraphMemory) -> None:
    _facts(memory, "arrows", ["Grace Kim manages the Nimbus project."])
    facts = _facts(memory, "arrows", ["Q3 staffing (final): Nimbus PM → Tariq Aziz. Grace Kim → Sirius PM. "
                                      "Please redirect status reports accordingly."])
    assert facts == {("Tariq Aziz", "MANAGES", "Nimbus project"), ("Grace Kim", "MANAGES", "Sirius")}


def test_an_arrow_between_two_people_names_no_project(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "arrow-people", ["Swap: Yusuf -> Hannah for the demo."])
    assert not any(f[1] == "MANAGES" for f in facts)


# --------------------------------------------------------------------------- the doubt rule
def test_a_commute_that_went_from_one_thing_to_another_is_no_trip(memory: TemporalGraphMemory) -> None:
    _facts(memory, "commute-went", ["I live in Porto."], speaker="Inês")
    facts = _facts(memory, "commute-went", ["ok officially a Lisbon person now 🎉 commute went from a 3h train to 12 min "
                                            "on foot. dm me if u need my new desk number"], speaker="Inês")
    assert ("Inês", "LIVES_IN", "Porto") not in facts


def test_a_commute_is_still_a_trip(memory: TemporalGraphMemory) -> None:
    _facts(memory, "commute-long", ["I live in Porto."], speaker="Inês")
    facts = _facts(memory, "commute-long", ["new record: the commute took 2h today, trains everywhere cancelled"], speaker="Inês")
    assert facts == {("Inês", "LIVES_IN", "Porto")}


# --------------------------------------------------------------------------- marriages ended and begun
def test_a_split_years_back_is_a_split(memory: TemporalGraphMemory) -> None:
    _facts(memory, "split-back", ["Marcus is married to Chloe."])
    facts = _facts(memory, "split-back", ["Dear Jen, you'll have heard Marcus and Chloe split a couple of years back. "
                                          "Well, last Saturday he wed Beatriz in a tiny ceremony in Porto!"])
    assert facts == {("Marcus", "MARRIED_TO", "Beatriz"), ("Beatriz", "MARRIED_TO", "Marcus")}


def test_a_bill_split_is_no_divorce(memory: TemporalGraphMemory) -> None:
    _facts(memory, "split-cost", ["Marcus is married to Chloe."])
    facts = _facts(memory, "split-cost", ["Marcus and Chloe split the cost two years ago."])
    assert facts == {("Marcus", "MARRIED_TO", "Chloe"), ("Chloe", "MARRIED_TO", "Marcus")}


def test_a_divorce_named_after_following_happened(memory: TemporalGraphMemory) -> None:
    _facts(memory, "divorce-from", ["Daniel Cohen is married to Sarah Cohen."])
    facts = _facts(memory, "divorce-from", ["Hi HR, could you please update Daniel Cohen's emergency contact? "
                                            "Following his divorce from Sarah it should be his brother Eli now."])
    assert not any(f[1] == "MARRIED_TO" for f in facts)


def test_a_divorce_done_in_chinese(memory: TemporalGraphMemory) -> None:
    _facts(memory, "lihun-shouxu", ["曹颖和许飞结婚了。"])
    assert _facts(memory, "lihun-shouxu", ["曹颖和许飞的离婚手续上周办完了，以后各自安好吧"]) == set()


def test_a_future_you_will_know_is_still_a_condition(memory: TemporalGraphMemory) -> None:
    _facts(memory, "you-know", ["Tom lives in Paris."])
    facts = _facts(memory, "you-know", ["You'll know soon enough whether Tom moved to Lyon."])
    assert facts == {("Tom", "LIVES_IN", "Paris")}


# --------------------------------------------------------------------------- dates, schools, badges
def test_a_change_effective_on_a_date_leaves_the_old_value_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "effective", ["Bruno Costa reports to Anika Patel."])
    facts = _facts(memory, "effective", ["Effective June 1, Bruno Costa will report to Leon Fischer."])
    assert ("Bruno Costa", "REPORTS_TO", "Anika Patel") not in facts


def test_a_move_that_might_happen_in_a_month_changes_nothing(memory: TemporalGraphMemory) -> None:
    _facts(memory, "might-june", ["Tom lives in Paris."])
    assert _facts(memory, "might-june", ["Tom might move to Lyon in June."]) == {("Tom", "LIVES_IN", "Paris")}


def test_a_dorm_given_back_too_is_no_second_school(memory: TemporalGraphMemory) -> None:
    _facts(memory, "dorm-too", ["彭磊在浙江大学读书。"])
    facts = _facts(memory, "dorm-too", ["保研去了清华大学，上周已经报到了，浙大的宿舍也退了"], speaker="彭磊")
    assert facts == {("彭磊", "STUDIES_AT", "清华大学")}
    _facts(memory, "school-too", ["彭磊在浙江大学读书。"])
    facts = _facts(memory, "school-too", ["我也在清华大学读研了"], speaker="彭磊")
    assert ("彭磊", "STUDIES_AT", "浙江大学") in facts


def test_a_badge_handed_in_before_a_plan_is_a_job_left(memory: TemporalGraphMemory) -> None:
    _facts(memory, "badge-plan", ["刘洋在腾讯工作。"])
    facts = _facts(memory, "badge-plan", ["工牌交了，电脑也还了，接下来打算先歇半年再说🙃"], speaker="刘洋")
    assert facts == set()


def test_a_badge_left_at_home_is_no_job_left(memory: TemporalGraphMemory) -> None:
    _facts(memory, "badge-home", ["刘洋在腾讯工作。"])
    facts = _facts(memory, "badge-home", ["工牌落在家里了，打算明天去拿"], speaker="刘洋")
    assert facts == {("刘洋", "WORKS_FOR", "腾讯")}


# --------------------------------------------------------------------------- who took over what
def test_a_new_boss_said_in_a_chinese_chat_turn_is_the_speakers(memory: TemporalGraphMemory) -> None:
    _facts(memory, "xin-laoban", ["郭涛的上级是宋雪。"])
    facts = _facts(memory, "xin-laoban", ["新老板是韩冰，第一次一对一聊得还行😅"], speaker="郭涛")
    assert facts == {("郭涛", "REPORTS_TO", "韩冰")}
    _facts(memory, "xin-laoban-2", ["郭涛的上级是宋雪。"])
    facts = _facts(memory, "xin-laoban-2", ["听说小王的新老板是韩冰"], speaker="郭涛")
    assert ("郭涛", "REPORTS_TO", "宋雪") in facts


def test_someones_work_taken_over_names_no_project(memory: TemporalGraphMemory) -> None:
    _facts(memory, "qi-gongzuo", ["杨帆在京东工作。"])
    facts = _facts(memory, "qi-gongzuo", ["各位同事：杨帆已于本月15日正式离职，感谢他在京东期间的付出。其工作暂由孙莉接手。"])
    assert not any(f[1] == "MANAGES" for f in facts)
    _facts(memory, "zan-you", ["星火计划由杨帆负责。"])
    assert _facts(memory, "zan-you", ["星火计划暂由孙莉接手。"]) == {("孙莉", "MANAGES", "星火计划")}


def test_a_new_boss_in_a_later_clause_of_a_chat_turn_is_the_speakers(memory: TemporalGraphMemory) -> None:
    _facts(memory, "xin-laoban-3", ["何琳的上级是郭峰。"])
    facts = _facts(memory, "xin-laoban-3", ["郭峰走了，新老板是韩梅，今天刚跟她开完一对一"], speaker="何琳")
    assert facts == {("何琳", "REPORTS_TO", "韩梅")}
    # narrated, the clause's owner is not known: nothing is said of 林娜's new boss
    _facts(memory, "xin-lingdao", ["林娜的上级是郭涛。"])
    facts = _facts(memory, "xin-lingdao", ["林娜她们组有个同事换老板了，新领导是何平。"])
    assert ("林娜", "REPORTS_TO", "何平") not in facts
    # said by the old boss of a colleague who moved on: hers
    _facts(memory, "xin-lingdao-2", ["韩雪的上级是冯伟。"])
    facts = _facts(memory, "xin-lingdao-2", ["韩雪以后不归我管了哈，她转岗去了产品部，新领导是唐丽"], speaker="冯伟")
    assert ("冯伟", "REPORTS_TO", "唐丽") not in facts
