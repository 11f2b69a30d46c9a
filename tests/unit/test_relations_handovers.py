"""Readings of the thirty-fourth round's blind batches (issue 11, point 4): handovers and new
managers said in other words ("stepping off Beacon", "the lead on Pulse", "Ownership of Fjord
passes from …", "PM is now …", "reporting into", "moves from Gabriel to Ingrid", "reports to
Hannah's own boss, Viktor Ivanov"), a divorce said as a noun, "can't look at sushi", and in
Chinese the subject of a clause after 不归X管 and after 邓超他弟. Each with a look-alike that must
not change.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.doubt_words import AVERSE
from recall_memory_plugins.nlp.offline import OfflineAnnotator
from tests.unit.relation_facts import current_facts as _facts


@pytest.fixture(scope="module")
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


def test_stepping_off_a_project_ends_leading_it(memory: TemporalGraphMemory) -> None:
    _facts(memory, "off", ["Arjun manages the Beacon project."])
    assert _facts(memory, "off", ["Arjun stepped off Beacon last week."]) == set()


def test_stepping_off_a_train_ends_no_job(memory: TemporalGraphMemory) -> None:
    _facts(memory, "off-train", ["Arjun works at Google."])
    facts = _facts(memory, "off-train", ["Arjun stepped off the train in Lisbon."])
    assert ("Arjun", "WORKS_FOR", "Google") in facts


def test_the_lead_on_a_project_manages_it(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "lead-on", ["Chloé manages the Nova project.", "Chloé is the lead on Pulse now."])
    assert ("Chloé", "MANAGES", "Pulse") in facts
    assert ("Chloé", "WORKS_FOR", "Pulse") not in facts


def test_a_lead_at_a_company_works_there(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "lead-at", ["Chloé is the lead engineer at Globex."])
    assert facts == {("Chloé", "WORKS_FOR", "Globex")}


@pytest.mark.parametrize(
    "text",
    [
        "Ownership of Fjord passes from Ingrid to Lars Berg effective today, as Ingrid starts her parental leave.",
        "Ownership of Fjord was transferred from Ingrid to Lars Berg during yesterday's meeting.",
    ],
)
def test_ownership_of_a_project_passes(memory: TemporalGraphMemory, text: str) -> None:
    ns = f"own-{abs(hash(text))}"
    _facts(memory, ns, ["Ingrid Solberg manages the Fjord project."])
    assert _facts(memory, ns, [text]) == {("Lars Berg", "MANAGES", "Fjord project")}


def test_ownership_opening_a_sentence_is_no_name() -> None:
    annotator = OfflineAnnotator()
    tokens = annotator.annotate("Ownership of Fjord passes from Ingrid to Lars.").sentences[0].tokens
    assert [t.upos for t in tokens[:3]] == ["NOUN", "ADP", "PROPN"]
    bank = annotator.annotate("Bank of America hired Lars.").sentences[0].tokens
    assert [t.upos for t in bank[:3]] == ["PROPN", "ADP", "PROPN"]


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("The PM of Phoenix is now Rajesh.", "Rajesh"),
        ("Retro notes — Phoenix: PM is now Lucía Fernández (Chen Wei stepped down before going on parental leave).",
         "Lucía Fernández"),
    ],
)
def test_a_projects_lead_is_now(memory: TemporalGraphMemory, text: str, lead: str) -> None:
    ns = f"pm-{abs(hash(text))}"
    _facts(memory, ns, ["Chen Wei manages the Phoenix project."])
    assert _facts(memory, ns, [text]) == {(lead, "MANAGES", "Phoenix project")}


def test_a_clause_after_the_name_is_no_new_lead(memory: TemporalGraphMemory) -> None:
    _facts(memory, "pm-problem", ["Chen Wei manages the Phoenix project."])
    facts = _facts(memory, "pm-problem", ["The lead on Phoenix is now Rajesh's problem."])
    assert ("Rajesh", "MANAGES", "Phoenix project") not in facts


def test_moving_to_a_sales_org_is_no_home(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "org", ["Karen Wells is moving to the EMEA sales org."])
    assert not any(t == "LIVES_IN" for _, t, _ in facts)


def test_moving_with_a_team_is_a_home(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "org-team", ["Karen Wells moved to Berlin with her team."])
    assert ("Karen Wells", "LIVES_IN", "Berlin") in facts


def test_cannot_look_at_a_food_is_an_aversion() -> None:
    assert AVERSE.search("i genuinely can't look at sushi.") is not None
    assert AVERSE.search("i can't look at the report right now") is None


def test_a_moved_subordinate_borrows_its_own_subject(memory: TemporalGraphMemory) -> None:
    _facts(memory, "gui", ["朱浩的上级是何伟。"])
    facts = _facts(memory, "gui", ["朱浩已经不归何伟管了，调到郭敏的组了"])
    assert facts == {("朱浩", "REPORTS_TO", "郭敏")}


def test_a_project_no_longer_managed_still_gets_its_new_lead(memory: TemporalGraphMemory) -> None:
    _facts(memory, "gui-project", ["吴强负责飞鸿项目。"])
    facts = _facts(memory, "gui-project", ["飞鸿项目从三月份起就不归吴强管了，改由郑十负责。"])
    assert facts == {("郑十", "MANAGES", "飞鸿项目")}


def test_a_new_favourite_is_liked(memory: TemporalGraphMemory) -> None:
    _facts(memory, "fav", ["冯磊喜欢打篮球。"])
    facts = _facts(memory, "fav", ["冯磊膝盖受伤之后就不打篮球了，说现在挺烦的，最喜欢的变成游泳，天天去。"])
    assert facts == {("冯磊", "LIKES", "游泳")}


def test_reporting_into(memory: TemporalGraphMemory) -> None:
    _facts(memory, "into", ["Mateo reports to Laura."])
    facts = _facts(memory, "into", ["from now on Mateo is reporting into Sanjay, reorg finally landed"], speaker="Laura")
    assert facts == {("Mateo", "REPORTS_TO", "Sanjay")}


def test_a_divorce_finalised_ends_the_marriage(memory: TemporalGraphMemory) -> None:
    _facts(memory, "div", ["Aisha Bello is married to Kunle Bello."])
    assert _facts(memory, "div", ["Aisha and Kunle's divorce was finalised in May."]) == set()
    # ended, not only left unsure
    assert memory.relations(namespace="div", include_unsure=True) == []


def test_another_thing_finalised_is_no_divorce(memory: TemporalGraphMemory) -> None:
    _facts(memory, "div-lawyer", ["Aisha Bello is married to Kunle Bello."])
    facts = _facts(memory, "div-lawyer", ["Aisha and Kunle's mortgage came through in May."])
    assert ("Aisha Bello", "MARRIED_TO", "Kunle Bello") in facts


@pytest.mark.parametrize("text", ["Leila moves from Gabriel to Ingrid.", "Leila moved from Gabriel to Marcus."])
def test_moving_from_one_manager_to_another(memory: TemporalGraphMemory, text: str) -> None:
    ns = f"mgr-{abs(hash(text))}"
    _facts(memory, ns, ["Leila reports to Gabriel."])
    new = text.rstrip(".").rsplit(" ", 1)[1]
    assert _facts(memory, ns, [text]) == {("Leila", "REPORTS_TO", new)}


def test_moving_from_one_town_to_another(memory: TemporalGraphMemory) -> None:
    _facts(memory, "town", ["Hank lives in Boston."])
    assert _facts(memory, "town", ["Hank moved from Boston to Denver."]) == {("Hank", "LIVES_IN", "Denver")}


def test_a_brothers_change_is_not_his(memory: TemporalGraphMemory) -> None:
    _facts(memory, "di", ["邓超喜欢篮球。"])
    facts = _facts(memory, "di", ["邓超他弟现在不爱打篮球了，迷上了足球；邓超还是每周打两场。"])
    assert facts == {("邓超", "LIKES", "篮球")}


def test_his_own_change_is_his(memory: TemporalGraphMemory) -> None:
    _facts(memory, "di-own", ["邓超喜欢篮球。"])
    facts = _facts(memory, "di-own", ["邓超现在不爱打篮球了，迷上了足球。"])
    assert facts == {("邓超", "LIKES", "足球")}


def test_reports_to_the_boss_named_after_a_comma(memory: TemporalGraphMemory) -> None:
    _facts(memory, "own-boss", ["Mateo Silva reports to Hannah Berg."])
    facts = _facts(memory, "own-boss", [
        "Mateo got promoted to team lead last week, so he now reports to Hannah's own boss, Viktor Ivanov, "
        "and Hannah Berg is his peer."
    ])
    assert facts == {("Mateo Silva", "REPORTS_TO", "Viktor Ivanov")}


def test_a_home_moved_with_ba(memory: TemporalGraphMemory) -> None:
    _facts(memory, "ba", ["张伟住在广州。"])
    facts = _facts(memory, "ba", ["张伟的爸妈还在广州，他自己去年年底就把户口和房子都迁到深圳了。"])
    assert facts == {("张伟", "LIVES_IN", "深圳")}


def test_a_car_driven_with_ba_is_no_home(memory: TemporalGraphMemory) -> None:
    _facts(memory, "ba-car", ["张伟住在广州。"])
    facts = _facts(memory, "ba-car", ["张伟把车开到深圳了。"])
    assert ("张伟", "LIVES_IN", "广州") in facts
    assert ("张伟", "LIVES_IN", "深圳") not in facts


def test_a_new_badge_is_a_new_employer(memory: TemporalGraphMemory) -> None:
    _facts(memory, "badge", ["陈静在阿里巴巴工作。"])
    facts = _facts(memory, "badge", ["陈静刚领了字节跳动的工牌，还在朋友圈晒了入职礼包。"])
    assert facts == {("陈静", "WORKS_FOR", "字节跳动")}
    _facts(memory, "badge-en", ["Hannah Schmidt works for Vantor Bank."])
    facts = _facts(memory, "badge-en", ["got my Northwind Analytics badge today, still feels weird lol"],
                   speaker="Hannah Schmidt")
    assert facts == {("Hannah Schmidt", "WORKS_FOR", "Northwind Analytics")}


def test_a_post_on_moments_names_no_employer(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "moments", ["陈静还在朋友圈晒了入职礼包。"])
    assert not any(t == "WORKS_FOR" for _, t, _ in facts)


def test_renting_in_a_town(memory: TemporalGraphMemory) -> None:
    _facts(memory, "rent", ["Lucía Fernández lives in Valencia."])
    facts = _facts(memory, "rent", ["Lucía's sister stayed on in Valencia, but Lucía herself has been renting in "
                                    "Bilbao since the spring."])
    assert facts == {("Lucía Fernández", "LIVES_IN", "Bilbao")}


def test_renting_back_then_is_no_move(memory: TemporalGraphMemory) -> None:
    _facts(memory, "rent-then", ["Lucía Fernández lives in Valencia."])
    facts = _facts(memory, "rent-then", ["Lucía was renting in Bilbao back in 2015."])
    assert ("Lucía Fernández", "LIVES_IN", "Valencia") in facts


def test_not_wanting_to_touch_it_again_is_an_aversion() -> None:
    assert AVERSE.search("跑步是真不想再碰了") is not None
    assert AVERSE.search("跑步是真的想再跑一次") is None


def test_a_date_set_for_a_new_manager_leaves_the_old_one_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "tomorrow", ["Yusuf Demir reports to Anna Kowalski."])
    facts = _facts(memory, "tomorrow", [
        "Anna's farewell cake was today 😢 From tomorrow I report straight to the VP, Robert Tan, "
        "until they backfill her role."
    ], speaker="Yusuf Demir")
    assert ("Yusuf Demir", "REPORTS_TO", "Anna Kowalski") not in facts


def test_a_move_next_month_that_might_happen_changes_nothing(memory: TemporalGraphMemory) -> None:
    _facts(memory, "might", ["Mia lives in Oslo."])
    facts = _facts(memory, "might", ["From next month I might move to Bergen."], speaker="Mia")
    assert facts == {("Mia", "LIVES_IN", "Oslo")}


@pytest.mark.parametrize(
    "text",
    [
        "杨帆被京东挖走了，这周一已经入职，美团这边的交接由小周负责。",
        "HR通知：杨帆已于本月15日从美团离职，工作交接由孙浩负责。",
    ],
)
def test_the_one_who_handles_a_handover_manages_no_company(memory: TemporalGraphMemory, text: str) -> None:
    ns = f"jiaojie-{abs(hash(text))}"
    _facts(memory, ns, ["杨帆在美团工作。"])
    assert not any(t == "MANAGES" for _, t, _ in _facts(memory, ns, [text]))


def test_a_project_handled_by_a_new_lead_still_is(memory: TemporalGraphMemory) -> None:
    _facts(memory, "jiaojie-project", ["吴九负责北斗计划。"])
    assert _facts(memory, "jiaojie-project", ["北斗计划以后由小周负责。"]) == {("小周", "MANAGES", "北斗计划")}


def test_a_taste_said_with_a_demonstrative_is_no_new_thing(memory: TemporalGraphMemory) -> None:
    _facts(memory, "nage", ["秦雨喜欢榴莲。"])
    facts = _facts(memory, "nage", ["聚餐备注：别给秦雨点榴莲，她现在特别讨厌那个味道。"])
    assert not any(o.startswith("那个") for _, _, o in facts)


def test_off_a_project_as_of_friday(memory: TemporalGraphMemory) -> None:
    _facts(memory, "friday", ["Arjun Mehta manages the Billing Revamp project."])
    facts = _facts(memory, "friday", [
        "handing Billing Revamp over to Chloe Martin this sprint, I'm off it as of Friday but will still answer "
        "questions in #billing"
    ], speaker="Arjun Mehta")
    assert ("Arjun Mehta", "MANAGES", "Billing Revamp project") not in facts


def test_her_is_the_woman_named_in_her_sentence(memory: TemporalGraphMemory) -> None:
    _facts(memory, "her", ["Fatima Al-Sayed reports to Gregor."])
    facts = _facts(memory, "her", [
        "Gregor's gone (last day Thu), so Fatima Al-Sayed's 1:1s and approvals go to Nadia now - "
        "Nadia is her manager going forward."
    ])
    assert facts == {("Fatima Al-Sayed", "REPORTS_TO", "Nadia")}


def test_her_is_no_acronym(memory: TemporalGraphMemory) -> None:
    _facts(memory, "her-pto", ["I report to Dmitri."], speaker="Leila")
    facts = _facts(memory, "her-pto", [
        "note to self: PTO requests go to Sunita now, not Dmitri - I got moved under her in the reshuffle."
    ], speaker="Leila")
    assert ("Leila", "REPORTS_TO", "PTO") not in facts


def test_he_still_is_the_man_before(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "he", ["Gregor met Fatima at the fair.", "He now works for Siemens."])
    assert facts == {("Gregor", "WORKS_FOR", "Siemens")}


def test_a_move_last_week_said_shang_libai(memory: TemporalGraphMemory) -> None:
    _facts(memory, "libai", ["李娜住在上海。"])
    facts = _facts(memory, "libai", ["李娜上礼拜从上海搬到杭州了，说是离她老公公司近一点"], speaker="陈静")
    assert facts == {("李娜", "LIVES_IN", "杭州")}


def test_a_frequent_dictionary_word_is_still_no_name() -> None:
    tokens = OfflineAnnotator().annotate("陈述很清楚。").sentences[0].tokens
    assert tokens[0].text == "陈述" and tokens[0].upos != "PROPN"


def test_two_people_split(memory: TemporalGraphMemory) -> None:
    _facts(memory, "split", ["Elena Sokolova is married to Igor Petrov."])
    assert _facts(memory, "split", ["Elena & Igor officially split, she kept the flat."]) == set()


def test_two_people_split_the_bill(memory: TemporalGraphMemory) -> None:
    _facts(memory, "split-bill", ["Elena Sokolova is married to Igor Petrov."])
    facts = _facts(memory, "split-bill", ["Elena and Igor split the bill."])
    assert ("Elena Sokolova", "MARRIED_TO", "Igor Petrov") in facts


def test_running_a_projects_standups_is_no_lead(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "standups", ["Ben Carter is running the Horizon standups this week."])
    assert not any(t == "MANAGES" for _, t, _ in facts)


def test_two_people_joined_by_an_ampersand_one_name_unknown(memory: TemporalGraphMemory) -> None:
    _facts(memory, "amp", ["Aisha Bello is married to Kunle Bello."])
    assert _facts(memory, "amp", ["Aisha & Kunle's divorce was finalised in May."]) == set()
    assert memory.relations(namespace="amp", include_unsure=True) == []


@pytest.mark.parametrize("name", ["李娜", "王芳"])
def test_a_job_years_ago_is_past(memory: TemporalGraphMemory, name: str) -> None:
    ns = f"ago-{name}"
    _facts(memory, ns, [f"{name}在腾讯工作。"])
    assert _facts(memory, ns, [f"几年前{name}在百度上班。"]) == {(name, "WORKS_FOR", "腾讯")}


def test_a_move_years_ago_still_holds(memory: TemporalGraphMemory) -> None:
    _facts(memory, "ago-move", ["李娜住在上海。"])
    assert _facts(memory, "ago-move", ["三年前李娜搬到了杭州。"]) == {("李娜", "LIVES_IN", "杭州")}


def test_news_with_a_tag_question_is_stated(memory: TemporalGraphMemory) -> None:
    _facts(memory, "tag", ["张伟住在广州。"])
    facts = _facts(memory, "tag", ["张伟从广州搬到深圳了你知道吗"], speaker="陈静")
    assert facts == {("张伟", "LIVES_IN", "深圳")}


@pytest.mark.parametrize("text", ["你知道张伟搬到深圳了吗", "张伟从广州搬到深圳了吗"])
def test_a_question_about_news_states_nothing(memory: TemporalGraphMemory, text: str) -> None:
    ns = f"tag-q-{abs(hash(text))}"
    _facts(memory, ns, ["张伟住在广州。"])
    assert _facts(memory, ns, [text], speaker="陈静") == {("张伟", "LIVES_IN", "广州")}


def test_reporting_to_a_titled_manager(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zongjian", ["马超的上级是高洁。"])
    facts = _facts(memory, "zongjian", ["1对1笔记：高洁离职了，马超现在直接汇报给部门总监罗军。"])
    assert facts == {("马超", "REPORTS_TO", "罗军")}


def test_a_name_glued_to_gui(memory: TemporalGraphMemory) -> None:
    _facts(memory, "gui-glue", ["何静的上级是林涛。"])
    facts = _facts(memory, "gui-glue", ["跟大家说一下，从这周起何静归徐峰管了"], speaker="林涛")
    assert facts == {("何静", "REPORTS_TO", "徐峰")}


def test_a_project_handed_off(memory: TemporalGraphMemory) -> None:
    _facts(memory, "off-hand", ["Ana Souza manages the Pegasus project."])
    facts = _facts(memory, "off-hand", ["Ana Souza handed Pegasus off this morning."])
    assert facts == set()
    assert memory.relations(namespace="off-hand", include_unsure=True) == []  # ended, not only unsure


def test_a_project_handed_off_to_someone_is_a_handover(memory: TemporalGraphMemory) -> None:
    _facts(memory, "off-to", ["Ana Souza manages the Pegasus project."])
    facts = _facts(memory, "off-to", ["Ana Souza handed Pegasus over to Kenji."])
    assert ("Kenji", "MANAGES", "Pegasus project") in facts


def test_a_new_boss_named_after_a_comma_and_under_her(memory: TemporalGraphMemory) -> None:
    _facts(memory, "under", ["I report to Chen Wei."], speaker="Nadia")
    facts = _facts(memory, "under", [
        "1:1 notes - first one with my new boss, Fatima. Chen Wei's team got split in two, so I'm under her now."
    ], speaker="Nadia")
    assert facts == {("Nadia", "REPORTS_TO", "Fatima")}


def test_a_chinese_note_heading_before_its_subject(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "zh-heading", ["校友录备注：郭靖2023年硕士毕业，留在浙江大学当了辅导员。"])
    assert ("郭靖", "WORKS_FOR", "浙江大学") in facts


def test_the_first_full_week_in_a_town(memory: TemporalGraphMemory) -> None:
    _facts(memory, "full-week", ["I live in Nairobi."], speaker="Wanjiru")
    facts = _facts(memory, "full-week", ["journal 3 Mar - first full week in Kisumu done. miss Nairobi a bit."],
                   speaker="Wanjiru")
    assert ("Wanjiru", "LIVES_IN", "Nairobi") not in facts


def test_a_sentence_after_exclamation_marks(memory: TemporalGraphMemory) -> None:
    _facts(memory, "bang", ["Wei Zhang studies at Imperial College London."])
    facts = _facts(memory, "bang", ["last standup from me as an intern!! graduated from Imperial on Tuesday so this is goodbye"],
                   speaker="Wei Zhang")
    assert facts == set()


def test_a_lower_case_sentence_after_a_full_stop_keeps_its_text(memory: TemporalGraphMemory) -> None:
    _facts(memory, "dot", ["Wei Zhang studies at Imperial College London."])
    facts = _facts(memory, "dot", ["my sister says hi. visited Imperial on Tuesday for her open day."], speaker="Wei Zhang")
    assert ("Wei Zhang", "STUDIES_AT", "Imperial College London") in facts


@pytest.mark.parametrize(
    ("text", "boss"),
    [("Nadia is under Fatima now.", "Fatima"), ("Lunch with Nadia's new boss, Fatima.", "Fatima")],
)
def test_a_new_manager_said_in_few_words(memory: TemporalGraphMemory, text: str, boss: str) -> None:
    ns = f"few-{abs(hash(text))}"
    _facts(memory, ns, ["Nadia reports to Chen Wei."])
    assert _facts(memory, ns, [text]) == {("Nadia", "REPORTS_TO", boss)}


def test_under_pressure_is_no_manager(memory: TemporalGraphMemory) -> None:
    _facts(memory, "pressure", ["Nadia reports to Chen Wei."])
    facts = _facts(memory, "pressure", ["Nadia is under a lot of pressure now."])
    assert all(o == "Chen Wei" for _, t, o in facts if t == "REPORTS_TO")


def test_a_chat_tail_is_no_part_of_a_taste(memory: TemporalGraphMemory) -> None:
    _facts(memory, "tbh", ["Noah Williams likes jazz."])
    facts = _facts(memory, "tbh", ["can't stand jazz anymore tbh, too many years of my dad's records"],
                   speaker="Noah Williams")
    assert facts == {("Noah Williams", "DISLIKES", "jazz")}


def test_hating_a_person_is_no_taste(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "hates-him", ["Greg is my manager.", "my friend Nadia got a new manager and she hates him already."],
                   speaker="Olivia")
    assert not any(t in ("LIKES", "DISLIKES") for _, t, _ in facts)


def test_a_first_name_after_the_full_name_in_the_same_text(memory: TemporalGraphMemory) -> None:
    _facts(memory, "karim", ["I report to Meera Iyer."], speaker="Arjun Nair")
    facts = _facts(memory, "karim", [
        "1:1 with my new manager Karim Haddad went great. Meera moved over to the platform org last week "
        "so I'm under Karim now."
    ], speaker="Arjun Nair")
    assert facts == {("Arjun Nair", "REPORTS_TO", "Karim Haddad")}


def test_a_first_name_two_people_share_stays_apart(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "two-karims", ["Karim Haddad lives in Oslo. Karim Nasser lives in Bergen. Karim moved to Paris."])
    assert ("Karim Haddad", "LIVES_IN", "Oslo") in facts and ("Karim Nasser", "LIVES_IN", "Bergen") in facts


def test_a_time_word_before_xiangmu_is_no_project_name(memory: TemporalGraphMemory) -> None:
    _facts(memory, "xianzai", ["我负责北斗项目。"], speaker="林涛")
    facts = _facts(memory, "xianzai", ["林涛被调离北斗项目了，现在项目由何静牵头。"])
    assert not any(o == "现在项目" for _, _, o in facts)


def test_a_team_reports_to_no_one_as_a_person(memory: TemporalGraphMemory) -> None:
    _facts(memory, "team-reports", ["徐婷的上级是马超。"])
    facts = _facts(memory, "team-reports", ["组织架构调整：自本周一起，徐婷所在的数据组改为向郑凯汇报。"])
    assert not any(s == "数据组" for s, _, _ in facts)


def test_a_person_still_reports_to_a_person(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "person-reports", ["徐婷改为向郑凯汇报。"]) == {("徐婷", "REPORTS_TO", "郑凯")}


def test_the_baton_on_a_project(memory: TemporalGraphMemory) -> None:
    _facts(memory, "baton-on", ["Mei Ling Tan manages the Phoenix project."])
    facts = _facts(memory, "baton-on", ["Mei Ling passed the baton on Phoenix to Rajesh when she went on leave."])
    assert facts == {("Rajesh", "MANAGES", "Phoenix project")}


def test_burned_out_on_a_thing_is_an_aversion() -> None:
    assert AVERSE.search("honestly i'm burned out on pair programming") is not None


def test_moving_to_a_project_as_its_lead_is_no_home(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "as-lead", ["Sofia Greco moves to Orion as lead."])
    assert not any(t == "LIVES_IN" for _, t, _ in facts)
    assert _facts(memory, "as-lead-town", ["Sofia Greco moved to Bergen last year."]) == {("Sofia Greco", "LIVES_IN", "Bergen")}


def test_an_owner_given_with_an_equals_sign(memory: TemporalGraphMemory) -> None:
    _facts(memory, "owner-eq", ["Liam O'Connor manages the Falcon project."])
    facts = _facts(memory, "owner-eq", ["Q3 planning notes - Falcon: owner = Grace Kim (took it over in July)."])
    assert facts == {("Grace Kim", "MANAGES", "Falcon project")}


def test_a_taste_given_up_with_jie(memory: TemporalGraphMemory) -> None:
    _facts(memory, "jie", ["林晓喜欢咖啡。"])
    assert _facts(memory, "jie", ["林晓已经戒了咖啡。"]) == set()
    assert memory.relations(namespace="jie", include_unsure=True) == []  # ended, not only unsure
