"""Readings of the thirty-sixth round's blind batches (issue 11, point 4): a commute compared is
no trip ("now at Bosch, way shorter commute"), "the one on the hook for it", "took over the PM
role on Beacon", "moves to Beacon full-time as its lead", "handed Falcon ovr to Yuki", "she's not
my manager anymore — new boss is Arjun", 跟着罗刚干, 他爱人 (a spouse, no taste), 早就不喜欢,
"working from home" as one taste, "the Friday team lunches" as one thing, "my back is DONE" (no
return), a new school beside 还在适应 (still, not also), an emoji between two parts of a day,
"done & dusted". Each with a look-alike that must not change.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from tests.unit.relation_facts import current_facts as _facts


@pytest.fixture(scope="module")
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


# --------------------------------------------------------------------------- a commute compared
def test_a_shorter_commute_is_a_new_job_not_a_trip(memory: TemporalGraphMemory) -> None:
    _facts(memory, "commute", ["Sofia Petrova works for Siemens."])
    facts = _facts(memory, "commute", ["used to be at Siemens, now I'm doing the same thing for Bosch, way shorter commute"],
                   speaker="Sofia Petrova")
    assert ("Sofia Petrova", "WORKS_FOR", "Siemens") not in facts


def test_a_commute_itself_is_still_a_trip(memory: TemporalGraphMemory) -> None:
    _facts(memory, "commute-trip", ["Jonas lives in Bristol."])
    facts = _facts(memory, "commute-trip", ["Jonas still has to commute back to Bristol every weekend from the new job in London"],
                   speaker="Mia")
    assert ("Jonas", "LIVES_IN", "Bristol") in facts


# --------------------------------------------------------------------------- roles taken
def test_the_one_on_the_hook_for_a_project_manages_it(memory: TemporalGraphMemory) -> None:
    _facts(memory, "hook", ["Chen Wei manages the Harbor project."])
    facts = _facts(memory, "hook", ["Chen Wei used to run Harbor, but since the reorg I'm the one on the hook for it."],
                   speaker="Marcus Hill")
    assert ("Marcus Hill", "MANAGES", "Harbor project") in facts
    assert not any(f[1] == "HAS_ROLE_IN" for f in facts)
    assert ("Chen Wei", "MANAGES", "Harbor project") not in facts


def test_a_role_taken_over_on_a_project_manages_it(memory: TemporalGraphMemory) -> None:
    _facts(memory, "took-role", ["Liam O'Connor manages the Beacon project."])
    facts = _facts(memory, "took-role", ["Aisha Rahman took over the PM role on Beacon."])
    assert facts == {("Aisha Rahman", "MANAGES", "Beacon project")}


def test_a_role_taken_over_at_a_company_is_a_job(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "took-cto", ["Ben took over as CTO at Stripe."])
    assert facts == {("Ben", "WORKS_FOR", "Stripe")}


def test_a_move_to_a_project_as_its_lead_is_no_home(memory: TemporalGraphMemory) -> None:
    _facts(memory, "as-lead", ["Liam O'Brien manages the Atlas project."])
    facts = _facts(memory, "as-lead", ["Standup notes: Atlas handed over to Chloe Martin as of today. "
                                       "Liam moves to Beacon full-time as its lead."])
    assert not any(f[1] == "LIVES_IN" for f in facts)
    facts = _facts(memory, "as-lead-2", ["Liam moves to the Beacon project as lead."])
    assert facts == {("Liam", "MANAGES", "Beacon project")}


def test_a_move_to_a_city_is_still_a_home(memory: TemporalGraphMemory) -> None:
    # (no month: "moves to Leeds in May", said before May, is a plan; round 46, defect 6)
    facts = _facts(memory, "as-home", ["Liam moves to Leeds full-time."])
    assert facts == {("Liam", "LIVES_IN", "Leeds")}


def test_a_chat_spelling_of_over_hands_a_project_over(memory: TemporalGraphMemory) -> None:
    _facts(memory, "ovr", ["Carlos Ruiz manages the Falcon project."])
    facts = _facts(memory, "ovr", ["handed Falcon ovr to Yuki this morning, finally free lol"], speaker="Carlos Ruiz")
    assert facts == {("Yuki", "MANAGES", "Falcon project")}


# --------------------------------------------------------------------------- reporting lines
def test_shes_not_my_manager_then_new_boss_is_the_speakers(memory: TemporalGraphMemory) -> None:
    _facts(memory, "new-boss", ["I report to Beatriz."], speaker="Lukas")
    facts = _facts(memory, "new-boss", ["Note to self: cancel the 1:1 series w/ Beatriz, she's not my manager "
                                        "anymore — new boss is Arjun, first 1:1 Thu."], speaker="Lukas")
    assert facts == {("Lukas", "REPORTS_TO", "Arjun")}


def test_working_under_someone_in_chinese_is_reporting_to_them(memory: TemporalGraphMemory) -> None:
    _facts(memory, "gen-zhe", ["杨帆的上级是徐明。"])
    facts = _facts(memory, "gen-zhe", ["徐总走了以后我就直接跟着CTO罗刚干了"], speaker="杨帆")
    assert facts == {("杨帆", "REPORTS_TO", "罗刚")}


def test_working_alongside_someone_is_no_reporting_line(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "gen-zhe-2", ["他跟着老王一起干。", "老李跟着师傅干活。"])
    assert not any(f[1] == "REPORTS_TO" for f in facts)


# --------------------------------------------------------------------------- tastes
def test_a_spouse_is_no_taste(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "airen", ["张伟和他爱人上个月在苏州买了房。"])
    assert not any(f[1] == "LIKES" for f in facts)
    assert _facts(memory, "ai", ["李娜爱吃辣。"]) == {("李娜", "LIKES", "辣")}


def test_long_since_stopped_liking_in_chinese(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zaojiu", ["邓雨喜欢远程办公。"])
    facts = _facts(memory, "zaojiu", ["邓雨早就不喜欢远程办公了。"])
    assert ("邓雨", "LIKES", "远程办公") not in facts


def test_a_gerund_keeps_where_it_is_done(memory: TemporalGraphMemory) -> None:
    _facts(memory, "wfh", ["Tariq Aziz likes working from home."])
    facts = _facts(memory, "wfh", ["He says he can't stand working from home now."])
    assert facts == {("Tariq Aziz", "DISLIKES", "working from home")}
    assert _facts(memory, "wfh-2", ["Tariq loves eating out."]) == {("Tariq", "LIKES", "eating out")}


def test_a_named_groups_lunches_are_the_taste(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "lunches", ["Ryan Murphy likes the Friday team lunches."])
    assert facts == {("Ryan Murphy", "LIKES", "Friday team lunches")}
    assert _facts(memory, "lunches-2", ["Ryan likes Arsenal."]) == {("Ryan", "LIKES", "Arsenal")}


# --------------------------------------------------------------------------- changes the doubt rule reads
def test_my_back_is_no_return(memory: TemporalGraphMemory) -> None:
    _facts(memory, "back", ["Mateo lives in Valencia."])
    facts = _facts(memory, "back", ["me and Jordi helped Mateo drag his whole life from Valencia to Bilbao "
                                    "this weekend, my back is DONE"], speaker="Lucia")
    assert ("Mateo", "LIVES_IN", "Valencia") not in facts


def test_back_in_the_old_city_keeps_the_home(memory: TemporalGraphMemory) -> None:
    _facts(memory, "back-home", ["Mateo lives in Valencia."])
    facts = _facts(memory, "back-home", ["Mateo is back in Valencia after a week in Bilbao."], speaker="Lucia")
    assert ("Mateo", "LIVES_IN", "Valencia") in facts


def test_a_new_school_while_still_settling_in_leaves_the_old_one_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "baoyan", ["彭飞在南京大学读书。"])
    facts = _facts(memory, "baoyan", ["保研去了清华大学，九月开学到现在已经一个月了，还在适应"], speaker="彭飞")
    assert facts == {("彭飞", "STUDIES_AT", "清华大学")}


def test_a_second_school_said_as_also_keeps_the_first(memory: TemporalGraphMemory) -> None:
    _facts(memory, "haidu", ["谢明在浙江大学读书。"])
    facts = _facts(memory, "haidu", ["谢明还在清华大学读书，挺忙的。"])
    assert facts == {("谢明", "STUDIES_AT", "浙江大学"), ("谢明", "STUDIES_AT", "清华大学")}


def test_an_emoji_ends_the_part_of_a_day(memory: TemporalGraphMemory) -> None:
    _facts(memory, "key", ["王芳住在成都。"])
    facts = _facts(memory, "key", ["成都那边的房子退了，杭州的钥匙今天刚拿到🔑终于不用合租了"], speaker="王芳")
    assert ("王芳", "LIVES_IN", "成都") not in facts


def test_a_day_denied_in_one_part_keeps_the_job(memory: TemporalGraphMemory) -> None:
    _facts(memory, "today-not", ["王芳在华为工作。"])
    facts = _facts(memory, "today-not", ["今天没去华为上班，在家休息。"], speaker="王芳")
    assert ("王芳", "WORKS_FOR", "华为") in facts


def test_done_and_dusted_ends_a_school(memory: TemporalGraphMemory) -> None:
    _facts(memory, "dusted", ["Wei Zhang studies at Imperial College."])
    facts = _facts(memory, "dusted", ["Wei: Imperial done and dusted."])
    assert ("Wei Zhang", "STUDIES_AT", "Imperial College") not in facts


# --------------------------------------------------------------------------- second wave
def test_the_reins_taken_over_on_a_project_manage_it(memory: TemporalGraphMemory) -> None:
    _facts(memory, "reins", ["Henrik Larsen manages the Polaris project."])
    facts = _facts(memory, "reins", ["As of this sprint Aisha Bello has taken over the reins on Polaris from me."],
                   speaker="Henrik Larsen")
    assert facts == {("Aisha Bello", "MANAGES", "Polaris project")}


def test_taking_over_as_manager_of_an_unknown_thing_is_no_employer(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "as-manager", ["Lukas takes over as manager of Orion."])
    assert not any(f[1] == "WORKS_FOR" for f in facts)


def test_a_handover_said_and_denied_names_no_new_manager(memory: TemporalGraphMemory) -> None:
    _facts(memory, "denied", ["林芳负责天马项目。"])
    facts = _facts(memory, "denied", ["听说林芳要把天马项目交给郭涛，不过她今天开会说没这回事，还是她自己带。"])
    assert ("郭涛", "MANAGES", "天马项目") not in facts
    facts = _facts(memory, "done", ["林芳把天马项目交给了郭涛。"])
    assert ("郭涛", "MANAGES", "天马项目") in facts


def test_a_last_day_with_a_plan_after_it_still_ends_the_job(memory: TemporalGraphMemory) -> None:
    _facts(memory, "last-day", ["陈静在阿里巴巴工作。"])
    facts = _facts(memory, "last-day", ["今天是我在阿里巴巴的最后一天，接下来打算先休息半年再说～"], speaker="陈静")
    assert ("陈静", "WORKS_FOR", "阿里巴巴") not in facts
    _facts(memory, "last-day-en", ["Chen works at Google."])
    facts = _facts(memory, "last-day-en", ["Today is my last day at Google, planning to travel for a while after."],
                   speaker="Chen")
    assert ("Chen", "WORKS_FOR", "Google") not in facts


def test_a_plan_alone_keeps_the_job(memory: TemporalGraphMemory) -> None:
    _facts(memory, "plan-only", ["陈静在阿里巴巴工作。"])
    facts = _facts(memory, "plan-only", ["接下来打算先休息半年再说～"], speaker="陈静")
    assert ("陈静", "WORKS_FOR", "阿里巴巴") in facts


def test_a_note_heading_leaves_the_speaker_as_subject(memory: TemporalGraphMemory) -> None:
    _facts(memory, "heading", ["我喜欢爵士乐。"], speaker="曹雪")
    facts = _facts(memory, "heading", ["随手记：最近完全听不进爵士乐了，天天单曲循环民谣，越听越上头。"], speaker="曹雪")
    assert ("曹雪", "LIKES", "爵士乐") not in facts


def test_not_eating_today_is_no_taste_ended(memory: TemporalGraphMemory) -> None:
    _facts(memory, "appetite", ["曹雪喜欢爵士乐。"])
    assert _facts(memory, "appetite", ["曹雪今天吃不下饭。"]) == {("曹雪", "LIKES", "爵士乐")}


def test_going_to_a_city_to_work_is_no_visit(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "lawfirm", ["韩雪今年夏天从复旦大学毕业了，九月份去了上海一家律所上班。"])
    assert not any(f[1] == "VISITED" for f in facts)
    assert _facts(memory, "tokyo", ["王五去过东京。"]) == {("王五", "VISITED", "东京")}


def test_over_them_ends_a_named_taste(memory: TemporalGraphMemory) -> None:
    _facts(memory, "over-them", ["Mateo Silva likes Friday team lunches."])
    facts = _facts(memory, "over-them", ["Mateo has been skipping the Friday team lunches - he told me he's over them, "
                                         "too loud and way too long."])
    assert not any(f[1] == "LIKES" for f in facts)


# --------------------------------------------------------------------------- a dropped Chinese subject
def test_a_chinese_sentence_without_a_subject_is_about_the_last_sentences_person(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zero", ["韩冰和唐杰结婚了。"])
    facts = _facts(memory, "zero", ["韩冰婚假回来了！跟唐杰离婚两年后，这次和董敏终于修成正果，喜糖放茶水间了🍬"])
    assert ("韩冰", "MARRIED_TO", "唐杰") not in facts
    assert ("董敏", "MARRIED_TO", "唐杰") not in facts
    _facts(memory, "zero-2", ["张伟住在上海。"])
    assert _facts(memory, "zero-2", ["张伟回来了。去年搬到了北京。"]) == {("张伟", "LIVES_IN", "北京")}


def test_a_sentence_that_opens_with_a_thing_carries_no_one(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zero-thing", ["张伟住在上海。"])
    assert _facts(memory, "zero-thing", ["张伟回来了。公司搬到了北京。"]) == {("张伟", "LIVES_IN", "上海")}
    _facts(memory, "zero-thing-2", ["张伟住在上海。"])
    assert _facts(memory, "zero-thing-2", ["公司搬到了北京。去年搬到了深圳。"]) == {("张伟", "LIVES_IN", "上海")}


# --------------------------------------------------------------------------- third wave
def test_two_people_joined_by_an_ampersand_are_two(memory: TemporalGraphMemory) -> None:
    _facts(memory, "amp", ["Rafael Costa is married to Beatriz Lima."])
    facts = _facts(memory, "amp", ["Reunion seating: Rafael Costa & Beatriz Lima - divorce finalised in May. "
                                   "Don't seat them together."])
    assert not any(f[1] == "MARRIED_TO" for f in facts)


def test_a_firm_with_an_ampersand_stays_one_name(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "amp-firm", ["Tom works at Marks & Spencer."]) == {("Tom", "WORKS_FOR", "Marks & Spencer")}


def test_part_of_a_firm_as_a_role_is_a_job(memory: TemporalGraphMemory) -> None:
    _facts(memory, "part-of", ["Lucas Moreau works for Airbus."])
    facts = _facts(memory, "part-of", ["After seven great years, Friday was my last day at Airbus. As of this morning "
                                       "I'm officially part of Dassault Systèmes as a solutions architect!"],
                   speaker="Lucas Moreau")
    assert facts == {("Lucas Moreau", "WORKS_FOR", "Dassault Systèmes")}
    assert _facts(memory, "part-of-2", ["Sara is part of Project Titan as a tester."]) == {
        ("Sara", "INVOLVED_IN", "Project Titan")}


def test_a_cap_thrown_in_the_air_ends_school(memory: TemporalGraphMemory) -> None:
    _facts(memory, "cap", ["Liam studies at Trinity College Dublin."])
    facts = _facts(memory, "cap", ["threw my cap in the air at trinity yesterday, officially done!! 🎓"], speaker="Liam")
    assert not any(f[1] == "STUDIES_AT" for f in facts)
    _facts(memory, "cap-2", ["Liam studies at Trinity College Dublin."])
    facts = _facts(memory, "cap-2", ["threw my cap in the lake lol"], speaker="Liam")
    assert ("Liam", "STUDIES_AT", "Trinity College Dublin") in facts


def test_a_verb_before_a_chinese_project_name_is_not_part_of_it(memory: TemporalGraphMemory) -> None:
    _facts(memory, "diaoli", ["吴敏负责云帆项目。"])
    facts = _facts(memory, "diaoli", ["吴敏已被调离云帆项目，该项目改由郑浩负责。"])
    assert facts == {("郑浩", "MANAGES", "云帆项目")}


# --------------------------------------------------------------------------- fourth wave
def test_a_colleague_heard_about_is_the_one_who_changed(memory: TemporalGraphMemory) -> None:
    _facts(memory, "heard-colleague", ["郑浩的上级是冯雪。"])
    facts = _facts(memory, "heard-colleague", ["听说同事小梁换了领导，归谢军管了，我这边倒是没变，还是冯雪带我。"],
                   speaker="郑浩")
    assert facts == {("郑浩", "REPORTS_TO", "冯雪"), ("小梁", "REPORTS_TO", "谢军")}


def test_taking_someone_somewhere_is_no_reporting_line(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "dai-wo", ["还是冯雪带我去吃饭。"], speaker="郑浩") == set()


def test_a_notes_handover_without_was(memory: TemporalGraphMemory) -> None:
    _facts(memory, "handed-note", ["Lucas Ferreira manages the Atlas project."])
    facts = _facts(memory, "handed-note", ["Standup 14/3: Atlas handed over to Noor Haddad."])
    assert facts == {("Noor Haddad", "MANAGES", "Atlas project")}
    _facts(memory, "handed-person", ["Lucas works at Acme."])
    facts = _facts(memory, "handed-person", ["Lucas handed over to Noor at noon."])
    assert not any(f[1] == "MANAGES" for f in facts)


def test_a_handover_under_way_during_a_leave_is_a_handover(memory: TemporalGraphMemory) -> None:
    _facts(memory, "handing", ["Yuki Tanaka manages the Kestrel project."])
    facts = _facts(memory, "handing", ["Hi all - I'm handing Kestrel over to Ben Carter while I'm on parental leave "
                                       "for the next six months. Ben is your point of contact from today."],
                   speaker="Yuki Tanaka")
    assert facts == {("Ben Carter", "MANAGES", "Kestrel project")}


def test_talk_of_a_handover_or_one_next_week_is_none(memory: TemporalGraphMemory) -> None:
    _facts(memory, "handing-next", ["Yuki Tanaka manages the Kestrel project."])
    facts = _facts(memory, "handing-next", ["I'm handing Kestrel over to Ben Carter next week."], speaker="Yuki Tanaka")
    assert facts == {("Yuki Tanaka", "MANAGES", "Kestrel project")}
    _facts(memory, "handing-talk", ["Ingrid manages the Beacon project."])
    facts = _facts(memory, "handing-talk", ["There was talk of Ingrid handing Beacon over to Marco, but in the end "
                                            "leadership decided she stays on it through launch."])
    assert not any(f[0] == "Marco" for f in facts)


def test_leading_a_project_is_no_one_leading_it(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "zhuanxin", ["林峰负责海鸥项目。", "海鸥我交出去了哈，以后有事找马超，我现在专心带蓝鲸"],
                   speaker="林峰")
    assert not any(f[1] == "REPORTS_TO" for f in facts)
    facts = _facts(memory, "dai-ta", ["韩冰的上级是曹宇。", "这次调整里，韩冰的同事罗婷改向蒋文汇报了，韩冰倒是没动，还是曹宇带她。"])
    assert ("罗婷", "REPORTS_TO", "曹宇") not in facts


def test_a_feeling_gone_ends_a_taste(memory: TemporalGraphMemory) -> None:
    _facts(memory, "ganjue", ["韩梅喜欢猫。"])
    facts = _facts(memory, "ganjue", ["被室友的猫抓伤三次以后，我对猫真的没感觉了，还是狗好"], speaker="韩梅")
    assert ("韩梅", "LIKES", "猫") not in facts
    _facts(memory, "ganjue-2", ["韩梅喜欢猫。"])
    assert _facts(memory, "ganjue-2", ["韩梅对这个方案没感觉了。"]) == {("韩梅", "LIKES", "猫")}


def test_who_signs_ones_reviews_is_ones_manager(memory: TemporalGraphMemory) -> None:
    _facts(memory, "signed", ["I report to Elena."], speaker="Hiroshi")
    facts = _facts(memory, "signed", ["Notes for myself: skip-level with Elena went fine, but from this week my "
                                      "reviews are signed by Ravi, not her. Set up a weekly with Ravi."], speaker="Hiroshi")
    assert facts == {("Hiroshi", "REPORTS_TO", "Ravi")}


def test_done_defending_a_tool_leaves_liking_it_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "defending", ["Marco Bianchi likes Jira."])
    facts = _facts(memory, "defending", ["Marco after the tooling migration: \"I'm done defending Jira, it's slow. "
                                         "Linear is just so much nicer.\""])
    assert ("Marco Bianchi", "LIKES", "Jira") not in facts


def test_a_quotes_future_is_no_plan_of_the_sentence(memory: TemporalGraphMemory) -> None:
    _facts(memory, "quoted", ["Layla Hassan likes the Friday all-hands."])
    facts = _facts(memory, "quoted", ["Layla Hassan, who used to rave about the Friday all-hands, now calls it "
                                      "\"an hour of my life I won't get back\" and hates sitting through it."])
    assert ("Layla Hassan", "LIKES", "Friday all-hands") not in facts


def test_a_plan_outside_quotes_is_still_a_plan(memory: TemporalGraphMemory) -> None:
    _facts(memory, "quoted-plan", ["Layla Hassan likes the Friday all-hands."])
    facts = _facts(memory, "quoted-plan", ["Layla Hassan will stop going to the Friday all-hands next month, "
                                           "\"too long\" she says."])
    assert ("Layla Hassan", "LIKES", "Friday all-hands") in facts


# --------------------------------------------------------------------------- last wave
def test_my_husband_is_not_me(memory: TemporalGraphMemory) -> None:
    _facts(memory, "laogong", ["我喜欢猫。"], speaker="邓丽")
    facts = _facts(memory, "laogong", ["我老公对猫毛过敏，也不喜欢猫，所以一直没养，好可惜"], speaker="邓丽")
    assert facts == {("邓丽", "LIKES", "猫")}


def test_work_at_a_firm_handed_over_is_no_job_said(memory: TemporalGraphMemory) -> None:
    _facts(memory, "jiaojie", ["赵磊在阿里巴巴工作。"])
    facts = _facts(memory, "jiaojie", ["各位好：赵磊已被京东录用，即日起加入京东物流部门，他在阿里巴巴的工作已交接完毕，特此告知。"])
    assert facts == {("赵磊", "WORKS_FOR", "京东")}
    assert _facts(memory, "zaishangban", ["赵磊在阿里巴巴上班。"]) == {("赵磊", "WORKS_FOR", "阿里巴巴")}


def test_a_department_team_is_no_employer(memory: TemporalGraphMemory) -> None:
    _facts(memory, "finance-team", ["Leila Haddad works for Deloitte."])
    facts = _facts(memory, "finance-team", ["Please join me in welcoming Leila Haddad, who joined the Finance team at "
                                            "Unilever this week as Senior Analyst after six years at Deloitte."])
    assert not any(f[1] == "WORKS_FOR" and f[2] in ("Finance team", "Deloitte") for f in facts)
    assert _facts(memory, "acme-group", ["Ana works at Acme Group."]) == {("Ana", "WORKS_FOR", "Acme Group")}

