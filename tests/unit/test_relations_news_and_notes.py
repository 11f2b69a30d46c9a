"""Readings of the thirty-fifth round's blind batches (issue 11, point 4): news asked as a
question ("did u hear Keiko's up in Sapporo now??"), a move "up to" a city, a note that drops
its verb ("Mercury now owned by Tom Fletcher"), a handover whose old holder "won't take it back",
"I'm under Tom Becker from now on", a company's region in Chinese (去了华南区 is a post, not a
visit), "gave up coffee for Lent", a note's next line after a bracket, "a full 180 on", "jazz
bores him", 赵敏（现京东）, "won't be on my team anymore", the subject of a clause after an aside.
Each with a look-alike that must not change.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.patterns.mood import news_told, unasserted
from recall_memory_plugins.nlp.offline.sentences import split_sentences
from tests.unit.relation_facts import current_facts as _facts


@pytest.fixture(scope="module")
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


def test_news_asked_as_a_question_is_told() -> None:
    assert news_told("did you hear that Keiko moved to Sapporo??") == "Keiko moved to Sapporo"
    assert not unasserted("did you hear that Keiko moved to Sapporo??")


@pytest.mark.parametrize(
    "text",
    [
        "did you hear if Keiko moved to Sapporo?",
        "have you heard from Keiko?",
        "did you hear anything about the move?",
        "Did Keiko move to Sapporo?",
    ],
)
def test_a_real_question_stays_a_question(text: str) -> None:
    assert news_told(text) == text
    assert unasserted(text)


def test_news_asked_in_chat_moves_the_person(memory: TemporalGraphMemory) -> None:
    _facts(memory, "heard", ["Keiko lives in Osaka."])
    facts = _facts(memory, "heard", ["did you hear that Keiko moved to Sapporo??"], speaker="Daniel")
    assert facts == {("Keiko", "LIVES_IN", "Sapporo")}


def test_news_asked_with_a_word_no_rule_reads_leaves_the_old_home_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "heard-up", ["Keiko lives in Osaka."])
    facts = _facts(memory, "heard-up", ["did u hear Keiko's up in Sapporo now??"], speaker="Daniel")
    assert ("Keiko", "LIVES_IN", "Osaka") not in facts


def test_asking_whether_keeps_the_old_home(memory: TemporalGraphMemory) -> None:
    _facts(memory, "heard-if", ["Keiko lives in Osaka."])
    facts = _facts(memory, "heard-if", ["did you hear if Keiko moved to Sapporo?"], speaker="Daniel")
    assert facts == {("Keiko", "LIVES_IN", "Osaka")}


def test_moving_up_to_a_city_is_a_move(memory: TemporalGraphMemory) -> None:
    _facts(memory, "up-to", ["Lucía Fernández lives in Valencia."])
    facts = _facts(memory, "up-to", ["In March she moved up to Bilbao for good."])
    assert facts == {("Lucía Fernández", "LIVES_IN", "Bilbao")}


def test_moving_over_to_a_company_is_no_home(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "over-to", ["Tom moved over to Meta."])
    assert ("Tom", "LIVES_IN", "Meta") not in facts


def test_a_note_without_its_verb_names_the_new_owner(memory: TemporalGraphMemory) -> None:
    _facts(memory, "owned", ["Grace Kim manages the Mercury project."])
    facts = _facts(memory, "owned", ["Handover notes - Mercury now owned by Tom Fletcher, grace out on leave."])
    assert facts == {("Tom Fletcher", "MANAGES", "Mercury project")}


def test_an_owner_who_wont_take_it_back_hands_over_for_good(memory: TemporalGraphMemory) -> None:
    _facts(memory, "back", ["Grace Kim manages the Mercury project."])
    facts = _facts(memory, "back", ["Mercury is now led by Tom Fletcher, Grace will not take it back."])
    assert facts == {("Tom Fletcher", "MANAGES", "Mercury project")}


def test_an_owner_who_takes_it_back_is_covered_for(memory: TemporalGraphMemory) -> None:
    _facts(memory, "cover", ["Grace Kim manages the Mercury project."])
    facts = _facts(memory, "cover", [
        "Mercury is now led by Tom Fletcher while Grace is away, she will take it back in May."
    ])
    assert facts == {("Grace Kim", "MANAGES", "Mercury project")}


def test_under_a_new_manager_from_now_on(memory: TemporalGraphMemory) -> None:
    _facts(memory, "under", ["Ravi Shankar reports to Linda Park."])
    facts = _facts(memory, "under", [
        "linda's off on parental leave so I'm under Tom Becker from now on, new 1:1s start tmrw"
    ], speaker="Ravi Shankar")
    assert facts == {("Ravi Shankar", "REPORTS_TO", "Tom Becker")}


def test_a_company_region_is_no_visit(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "region", ["马超的上级是何军。", "组织架构调整后，马超改为向高敏汇报，何军去了华南区。"])
    assert facts == {("马超", "REPORTS_TO", "高敏")}


def test_a_city_district_is_still_a_visit(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "district", ["何军去了朝阳区。"])
    assert ("何军", "VISITED", "朝阳区") in facts


def test_giving_a_thing_up_for_lent_likes_no_lent(memory: TemporalGraphMemory) -> None:
    _facts(memory, "lent", ["Yasmin likes coffee."])
    facts = _facts(memory, "lent", ["Yasmin gave up coffee for Lent and never went back."])
    assert facts == set()


def test_dropping_one_sport_for_another_likes_the_other(memory: TemporalGraphMemory) -> None:
    _facts(memory, "padel", ["Samir likes tennis."])
    assert _facts(memory, "padel", ["Samir has dropped tennis for padel, plays 3x a week."]) == {
        ("Samir", "LIKES", "padel")
    }


def test_a_bracket_closed_before_a_stop_ends_the_sentence() -> None:
    text = "Dmitri was poached by Yandex (ex-JetBrains). not open to moves rn."
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "Dmitri was poached by Yandex (ex-JetBrains).",
        "not open to moves rn.",
    ]
    assert len(split_sentences("He met Dr. no one there.")) == 1


def test_a_run_on_note_line_does_not_hide_the_change(memory: TemporalGraphMemory) -> None:
    _facts(memory, "poached", ["Dmitri Volkov works for JetBrains."])
    facts = _facts(memory, "poached", [
        "recruiter notes: Dmitri was poached by Yandex in the spring (ex-JetBrains). not open to moves rn, check back in 2025."
    ])
    assert ("Dmitri Volkov", "WORKS_FOR", "JetBrains") not in facts


def test_a_full_180_on_a_liked_thing_leaves_it_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "180", ["Noah Fischer likes open-plan offices."])
    facts = _facts(memory, "180", ["six months in and I've done a full 180 on open-plan offices. give me a door"],
                   speaker="Noah Fischer")
    assert facts == set()


def test_a_180_on_another_thing_keeps_the_taste(memory: TemporalGraphMemory) -> None:
    _facts(memory, "180-other", ["Noah Fischer likes open-plan offices."])
    facts = _facts(memory, "180-other", ["I've done a full 180 on pineapple pizza."], speaker="Noah Fischer")
    assert ("Noah Fischer", "LIKES", "open-plan offices") in facts


def test_a_liked_thing_that_bores_him_now_is_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "bores", ["Mateo Fernández likes jazz."])
    assert _facts(memory, "bores", ["Mateo says jazz bores him these days."]) == set()


def test_a_lecture_that_bored_him_keeps_the_taste(memory: TemporalGraphMemory) -> None:
    _facts(memory, "bored", ["Mateo Fernández likes jazz."])
    assert _facts(memory, "bored", ["Mateo says the lecture bored him."]) == {("Mateo Fernández", "LIKES", "jazz")}


def test_a_notes_aside_names_the_present_employer(memory: TemporalGraphMemory) -> None:
    _facts(memory, "xian", ["赵敏在百度工作。"])
    facts = _facts(memory, "xian", ["会议记录：赵敏（现京东）介绍了她们团队的推荐系统，提到在百度那几年学到很多。"])
    assert facts == {("赵敏", "WORKS_FOR", "京东")}


def test_an_aside_with_a_role_keeps_the_employer(memory: TemporalGraphMemory) -> None:
    _facts(memory, "xianren", ["赵敏在百度工作。"])
    assert _facts(memory, "xianren", ["赵敏（现任组长）介绍了推荐系统。"]) == {("赵敏", "WORKS_FOR", "百度")}


def test_wont_be_on_my_team_anymore_is_said_now(memory: TemporalGraphMemory) -> None:
    _facts(memory, "anymore", ["Chloé reports to Marcus."])
    facts = _facts(memory, "anymore", [
        "fyi Chloé won't be on my team anymore, she's under Aiko now over in design ops"
    ], speaker="Marcus")
    assert facts == {("Chloé", "REPORTS_TO", "Aiko")}


def test_wont_be_on_my_team_next_year_is_a_plan() -> None:
    assert unasserted("fyi Chloé won't be on my team next year.")
    assert not unasserted("fyi Chloé won't be on my team anymore.")


def test_the_person_who_opens_the_clause_before_the_aside_is_the_subject(memory: TemporalGraphMemory) -> None:
    _facts(memory, "rest", ["Ines reports to Patrick."])
    facts = _facts(memory, "rest", [
        "Patrick, who left in March, had a team of four; Ines, like the rest of them, now reports to Sunita."
    ])
    assert ("Ines", "REPORTS_TO", "Sunita") in facts
    assert ("Patrick", "REPORTS_TO", "Sunita") not in facts


def test_a_few_weeks_in_a_city_is_a_stay(memory: TemporalGraphMemory) -> None:
    _facts(memory, "weeks", ["Aisha Bello lives in Lagos."])
    facts = _facts(memory, "weeks", [
        "did u hear Aisha's been in Accra for like three weeks?? it's a consultancy gig, she flies home to Lagos on Friday"
    ], speaker="Dami")
    assert facts == {("Aisha Bello", "LIVES_IN", "Lagos")}


@pytest.mark.parametrize("text", ["Aisha has been in Accra for two years.", "Aisha has been living in Accra for three weeks."])
def test_years_in_a_city_or_living_there_is_a_home(memory: TemporalGraphMemory, text: str) -> None:
    ns = f"years-{abs(hash(text))}"
    _facts(memory, ns, ["Aisha Bello lives in Lagos."])
    assert _facts(memory, ns, [text]) == {("Aisha Bello", "LIVES_IN", "Accra")}


def test_a_chat_line_in_lower_case_after_a_stop_stays_with_its_sentence() -> None:
    text = "I said no thanks. not going anywhere, Infosys is stuck with me"
    assert len(split_sentences(text)) == 1


def test_he_is_the_man_named_before_not_the_woman(memory: TemporalGraphMemory) -> None:
    _facts(memory, "escaped", ["Ivan reports to Greta."])
    facts = _facts(memory, "escaped", ["Lars finally escaped Greta, he reports to Henrik now."])
    assert ("Lars", "REPORTS_TO", "Henrik") in facts
    assert ("Greta", "REPORTS_TO", "Henrik") not in facts


def test_she_is_still_the_woman_named_before(memory: TemporalGraphMemory) -> None:
    _facts(memory, "escaped-she", ["Ivan reports to Greta."])
    facts = _facts(memory, "escaped-she", ["Lars finally escaped Greta, she reports to Henrik now."])
    assert ("Greta", "REPORTS_TO", "Henrik") in facts
    assert ("Lars", "REPORTS_TO", "Henrik") not in facts


def test_two_named_subjects_still_move_together(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "coord", ["Mia and Noah moved to Lisbon."])
    assert {("Mia", "LIVES_IN", "Lisbon"), ("Noah", "LIVES_IN", "Lisbon")} <= facts


def test_a_project_now_being_managed_by_someone(memory: TemporalGraphMemory) -> None:
    _facts(memory, "being", ["Emeka Obi manages the Tidewater project."])
    facts = _facts(memory, "being", [
        "Please note the Tidewater project is now being managed by Lucía Fernández, as Emeka has been seconded to the regulatory team."
    ])
    assert facts == {("Lucía Fernández", "MANAGES", "Tidewater project")}


def test_a_notes_line_passes_ownership(memory: TemporalGraphMemory) -> None:
    _facts(memory, "falcon", ["Hiroshi manages the Falcon project."])
    facts = _facts(memory, "falcon", [
        "Q3 planning notes\n- Falcon: ownership passed from Hiroshi to Leilani (Hiroshi on parental leave till Jan)\n- budget review moved to 10/2"
    ])
    assert facts == {("Leilani", "MANAGES", "Falcon project")}


def test_a_chinese_projects_short_name_is_not_a_person(memory: TemporalGraphMemory) -> None:
    _facts(memory, "lanjing", ["吴刚负责蓝鲸项目。"])
    facts = _facts(memory, "lanjing", ["笔记 3/12：蓝鲸现在归郑洁管了，吴刚调去市场部。"])
    assert facts == {("郑洁", "MANAGES", "蓝鲸项目")}


def test_a_person_still_reports_to_a_person_in_chinese(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "baozheng", ["包拯现在归寇准管。"]) == {("包拯", "REPORTS_TO", "寇准")}


def test_hiring_someone_who_reports_to_you_keeps_your_own_boss(memory: TemporalGraphMemory) -> None:
    _facts(memory, "hired", ["Jasper reports to Moira."])
    facts = _facts(memory, "hired", ["Jasper hired Ellie last week, and she reports to him."])
    assert facts == {("Jasper", "REPORTS_TO", "Moira"), ("Ellie", "REPORTS_TO", "Jasper")}


def test_a_new_marriage_of_the_other_end_leaves_the_old_one_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "married", ["Leela is married to Omar."])
    facts = _facts(memory, "married", ["Vikram married Leela."])
    assert ("Leela", "MARRIED_TO", "Omar") not in facts


def test_a_department_is_no_employer(memory: TemporalGraphMemory) -> None:
    _facts(memory, "vp", ["Felix works at Acme."])
    facts = _facts(memory, "vp", ["Felix was promoted to VP of Engineering last month."])
    assert facts == {("Felix", "WORKS_FOR", "Acme")}


def test_a_company_after_director_of_is_the_employer(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "director", ["Nina was appointed the director of Umbrella Corp."])
    assert facts == {("Nina", "WORKS_FOR", "Umbrella Corp")}


def test_a_move_to_a_companys_hub_names_no_home(memory: TemporalGraphMemory) -> None:
    _facts(memory, "hub", ["Sofia Marquez reports to Alan Brooks."])
    facts = _facts(memory, "hub", [
        "Org update: following the restructure, Sofia Marquez's new line manager is Nadia Haddad. "
        "Alan Brooks moves to the Singapore hub."
    ])
    assert facts == {("Sofia Marquez", "REPORTS_TO", "Nadia Haddad")}


def test_a_move_to_a_city_is_still_a_home(memory: TemporalGraphMemory) -> None:
    _facts(memory, "city", ["Alan lives in London."])
    assert _facts(memory, "city", ["Alan moves to Singapore."]) == {("Alan", "LIVES_IN", "Singapore")}


def test_a_disbanded_team_leaves_the_project_lead_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "disband", ["Fatima manages the Zephyr project."])
    facts = _facts(memory, "disband", ["Zephyr shipped!! project closed, team disbanded, im on leave for two weeks"],
                   speaker="Fatima")
    assert facts == set()


def test_a_shipped_project_keeps_its_lead(memory: TemporalGraphMemory) -> None:
    _facts(memory, "shipped", ["Fatima manages the Zephyr project."])
    facts = _facts(memory, "shipped", ["Zephyr shipped!! im on leave for two weeks"], speaker="Fatima")
    assert facts == {("Fatima", "MANAGES", "Zephyr project")}


def test_my_new_line_manager_in_a_letter_is_the_writers(memory: TemporalGraphMemory) -> None:
    _facts(memory, "dear", ["I report to Callum."], speaker="Noor")
    facts = _facts(memory, "dear", [
        "Dear Suki, my line manager is Rosa now — Callum got shuffled off to the Dublin branch."
    ], speaker="Noor")
    assert facts == {("Noor", "REPORTS_TO", "Rosa")}


def test_a_name_and_i_move_together(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "mia-and-i", ["Mia and I moved to Lisbon."], speaker="Noor")
    assert facts == {("Mia", "LIVES_IN", "Lisbon"), ("Noor", "LIVES_IN", "Lisbon")}


def test_reporting_to_me_from_this_week_is_announced(memory: TemporalGraphMemory) -> None:
    _facts(memory, "this-week", ["Hannah reports to Lars."], speaker="Chiara")
    facts = _facts(memory, "this-week", ["Hi Hannah, you'll be reporting to me from this week."], speaker="Chiara")
    assert ("Hannah", "REPORTS_TO", "Lars") not in facts


def test_reporting_to_me_next_month_is_a_plan(memory: TemporalGraphMemory) -> None:
    _facts(memory, "next-month", ["Hannah reports to Lars."], speaker="Chiara")
    facts = _facts(memory, "next-month", ["Hi Hannah, you'll be reporting to me next month."], speaker="Chiara")
    assert ("Hannah", "REPORTS_TO", "Lars") in facts


def test_a_chinese_city_is_no_employer(memory: TemporalGraphMemory) -> None:
    _facts(memory, "hangzhou", ["陈静在腾讯工作。"])
    facts = _facts(memory, "hangzhou", ["陈静上个月被阿里巴巴挖走了，现在在杭州上班。"])
    assert facts == {("陈静", "WORKS_FOR", "阿里巴巴")}


def test_a_chinese_company_is_still_an_employer(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "bookshop", ["李雷在星光书店上班。"]) == {("李雷", "WORKS_FOR", "星光书店")}
