"""Readings of the thirty-eighth round (issue 11, point 4): a spouse named after "my husband is"
or before "is my wife"; "swimming is my thing now" (a liking, said as a turn); "my new boss
Andrés Molina" without a comma; "he's stepping off Harbor"; a plural the tagger took for a verb
("loves video calls, she …"); 周末去爬山 is 爬山; a Chinese note's heading (聊天笔记：) is no
subject. Each with a look-alike that must not change.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from tests.unit.relation_facts import current_facts as _facts


@pytest.fixture(scope="module")
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


# --------------------------------------------------------------------------- a spouse named
def test_my_husband_is_a_named_person(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "husband", ["my husband is Daniel Kiptoo."], speaker="Grace")
    assert facts == {("Grace", "MARRIED_TO", "Daniel Kiptoo"), ("Daniel Kiptoo", "MARRIED_TO", "Grace")}
    facts = _facts(memory, "wife-of", ["Rita's wife is Sam Okoye."])
    assert ("Rita", "MARRIED_TO", "Sam Okoye") in facts


def test_a_named_spouse_replaces_the_old_marriage(memory: TemporalGraphMemory) -> None:
    _facts(memory, "remarried", ["Grace Mwangi is married to Peter Otieno."])
    facts = _facts(
        memory,
        "remarried",
        ["For those asking: Peter Otieno and I split last year, and I got remarried in April — my husband "
         "is Daniel Kiptoo, you'll meet him at the summer party."],
        speaker="Grace Mwangi",
    )
    assert ("Grace Mwangi", "MARRIED_TO", "Daniel Kiptoo") in facts
    assert not any("Peter Otieno" in (s, o) for s, _, o in facts)


def test_a_person_is_my_wife(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "is-my-wife", ["Daniel Kiptoo is my husband."], speaker="Grace")
    assert ("Grace", "MARRIED_TO", "Daniel Kiptoo") in facts


def test_a_spouse_described_or_someone_elses_is_no_marriage(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "wife-italian", ["my wife is Italian."], speaker="Grace") == set()
    assert _facts(memory, "wife-sister", ["My wife's sister is Ana."], speaker="Grace") == set()
    facts = _facts(memory, "wife-boss", ["My wife is Tom Reed's boss."], speaker="Grace")
    assert not any(t == "MARRIED_TO" for _, t, _ in facts)


# --------------------------------------------------------------------------- "my thing now"
def test_my_thing_now_is_a_liking_that_replaces_the_older(memory: TemporalGraphMemory) -> None:
    _facts(memory, "thing", ["Leila likes running."])
    facts = _facts(memory, "thing", ["haha no, my knees gave up on me. swimming is my thing now"], speaker="Leila")
    assert facts == {("Leila", "LIKES", "swimming")}
    _facts(memory, "thing-honestly", ["Tom likes jazz."])
    facts = _facts(memory, "thing-honestly", ["Honestly, cooking is my thing now."], speaker="Tom")
    assert facts == {("Tom", "LIKES", "cooking")}


def test_my_jam_or_my_entire_personality_now(memory: TemporalGraphMemory) -> None:
    _facts(memory, "jam", ["Tom likes jazz."])
    assert _facts(memory, "jam", ["techno is my jam now."], speaker="Tom") == {("Tom", "LIKES", "techno")}
    _facts(memory, "personality", ["Amara likes running."])
    facts = _facts(memory, "personality", ["Quit running. Bouldering is my entire personality now."], speaker="Amara")
    assert ("Amara", "LIKES", "Bouldering") in facts
    assert ("Amara", "LIKES", "running") not in facts


def test_a_duty_or_a_pointer_is_no_thing_liked(memory: TemporalGraphMemory) -> None:
    _facts(memory, "thing-duty", ["Tom likes jazz."])
    assert _facts(memory, "thing-duty", ["The budget is my thing now."], speaker="Tom") == {("Tom", "LIKES", "jazz")}
    assert _facts(memory, "thing-duty", ["that is my thing now."], speaker="Tom") == {("Tom", "LIKES", "jazz")}
    assert _facts(memory, "thing-place", ["Berlin is my thing now."], speaker="Tom") == set()


# --------------------------------------------------------------------------- a new boss, a project left
def test_my_new_boss_without_a_comma(memory: TemporalGraphMemory) -> None:
    _facts(memory, "new-boss", ["I report to Lucía Vargas."], speaker="Mateo Fernández")
    facts = _facts(memory, "new-boss", ["prep for fri 1:1 - first one with my new boss Andrés Molina."],
                   speaker="Mateo Fernández")
    assert facts == {("Mateo Fernández", "REPORTS_TO", "Andrés Molina")}


def test_a_new_boss_of_someone_elses_team_is_not_mine(memory: TemporalGraphMemory) -> None:
    _facts(memory, "new-boss-other", ["I report to Lucía Vargas."], speaker="Mateo")
    facts = _facts(memory, "new-boss-other", ["Had lunch with Nadia's new boss Andrés Molina."], speaker="Mateo")
    assert ("Mateo", "REPORTS_TO", "Andrés Molina") not in facts
    assert ("Nadia", "REPORTS_TO", "Andrés Molina") in facts


def test_he_is_stepping_off_a_project(memory: TemporalGraphMemory) -> None:
    _facts(memory, "step-off", ["Liam O'Connor manages the Harbor project."])
    facts = _facts(memory, "step-off", ["1:1 w/ Liam - he's stepping off Harbor effective this sprint, no PM lined up yet."])
    assert facts == set()
    _facts(memory, "step-off-other", ["Liam O'Connor manages the Harbor project."])
    facts = _facts(memory, "step-off-other", ["Liam says he's stepping off the stage at the gala."])
    assert ("Liam O'Connor", "MANAGES", "Harbor project") in facts


# --------------------------------------------------------------------------- the thing liked
def test_a_plural_read_as_a_verb_before_a_comma(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "video-calls", ["Jamal's new teammate Keira loves video calls, she even has her camera on."])
    assert ("Keira", "LIKES", "video calls") in facts
    facts = _facts(memory, "board-games", ["Ken loves board games, he hosts every week."])
    assert ("Ken", "LIKES", "board games") in facts


def test_when_a_chinese_liking_is_done_is_no_part_of_it(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zh-when", ["袁媛喜欢剧本杀。"])
    facts = _facts(memory, "zh-when", ["袁媛说这辈子都不想再碰剧本杀了，现在她更喜欢周末去爬山。"])
    assert ("袁媛", "LIKES", "爬山") in facts
    assert _facts(memory, "zh-when-night", ["袁媛喜欢晚上跑步。"]) == {("袁媛", "LIKES", "跑步")}
    assert _facts(memory, "zh-weekend-noun", ["袁媛喜欢周末。"]) == {("袁媛", "LIKES", "周末")}


# --------------------------------------------------------------------------- a note's heading
def test_a_chinese_notes_heading_is_no_subject(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zh-heading", ["陈静在阿里巴巴工作。"])
    facts = _facts(memory, "zh-heading", ["聊天笔记：陈静说她以前在阿里巴巴干了五年，现在在字节跳动做产品，挺适应的。"])
    assert facts == {("陈静", "WORKS_FOR", "字节跳动")}
    _facts(memory, "zh-heading-person", ["陈静在阿里巴巴工作。"])
    facts = _facts(memory, "zh-heading-person", ["校友录备注：陈静现在在字节跳动做产品。"])
    assert facts == {("陈静", "WORKS_FOR", "字节跳动")}


# --------------------------------------------------------------------------- a known project's handover
def test_a_known_project_goes_to_a_person(memory: TemporalGraphMemory) -> None:
    _facts(memory, "goes-to", ["Chloé Martin manages the Helios project."])
    facts = _facts(memory, "goes-to", ["fyi Helios goes to Yusuf from Monday."], speaker="Chloé Martin")
    assert facts == {("Yusuf", "MANAGES", "Helios project")}
    _facts(memory, "goes-to-place", ["Ana manages the Helios project."])
    assert _facts(memory, "goes-to-place", ["Helios goes to Berlin."]) == {("Ana", "MANAGES", "Helios project")}
    _facts(memory, "goes-to-thing", ["Ana manages the Helios project."])
    facts = _facts(memory, "goes-to-thing", ["The award goes to Yusuf."])
    assert facts == {("Ana", "MANAGES", "Helios project")}


def test_an_interim_lead_of_a_known_project(memory: TemporalGraphMemory) -> None:
    _facts(memory, "interim", ["Fatima manages the Mercury project."])
    assert _facts(memory, "interim", ["Liang is interim PM on Mercury."]) == {("Liang", "MANAGES", "Mercury project")}


def test_off_a_known_project(memory: TemporalGraphMemory) -> None:
    _facts(memory, "off", ["Rahul Mehta manages the Falcon project."])
    assert _facts(memory, "off", ["fyi rahul's off falcon, he's on parental leave till march"]) == set()
    _facts(memory, "off-work", ["Rahul Mehta manages the Falcon project."])
    facts = _facts(memory, "off-work", ["Rahul's off to Falmouth for the weekend."])
    assert facts == {("Rahul Mehta", "MANAGES", "Falcon project")}


# --------------------------------------------------------------------------- a calling before a name
def test_a_calling_before_a_full_name_is_no_part_of_it(memory: TemporalGraphMemory) -> None:
    _facts(memory, "chef", ["Rafael Mendes lives in Porto."])
    facts = _facts(memory, "chef", ["Chef Rafael Mendes, who relocated from Porto to Lisbon last spring, has opened a tasco."])
    assert facts == {("Rafael Mendes", "LIVES_IN", "Lisbon")}
    _facts(memory, "swapped-who", ["Ines Carvalho lives in Porto."])
    facts = _facts(memory, "swapped-who", ["Chef Ines Carvalho, who swapped Porto for Marseille last spring, opens her second restaurant."])
    assert facts == {("Ines Carvalho", "LIVES_IN", "Marseille")}
    assert _facts(memory, "coach", ["Coach Ana Reyes moved to Lyon."]) == {("Ana Reyes", "LIVES_IN", "Lyon")}


# --------------------------------------------------------------------------- a divorce in other words
def test_a_divorce_finalised_gone_through_or_a_spouse_removed(memory: TemporalGraphMemory) -> None:
    _facts(memory, "div-final", ["Olumide Adeyemi is married to Funke Adeyemi."])
    assert _facts(memory, "div-final", ["Olumide and Funke finalised the divorce in March."]) == set()
    _facts(memory, "div-through", ["Elena Petrova is married to Marco Rossi."])
    facts = _facts(memory, "div-through", ["My divorce went through last month, so put my sister Anya instead of Marco."],
                   speaker="Elena Petrova")
    assert facts == set()
    _facts(memory, "div-removed", ["Grace Kim is married to Daniel Park."])
    assert _facts(memory, "div-removed", ["Grace Kim has removed Daniel Park as spouse on her health plan."]) == set()


def test_a_visa_coming_through_or_a_divorce_lawyer_ends_no_marriage(memory: TemporalGraphMemory) -> None:
    _facts(memory, "visa", ["Tom is married to Ana."])
    assert ("Tom", "MARRIED_TO", "Ana") in _facts(memory, "visa", ["my visa came through."], speaker="Tom")


def test_a_chinese_divorce_without_the_spouses_name(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zh-div", ["徐明和林小雨结婚了。"])
    assert _facts(memory, "zh-div", ["我们上个月办了离婚手续，孩子跟她"], speaker="徐明") == set()
    _facts(memory, "zh-div-status", ["周杰和许静结婚了。"])
    facts = _facts(memory, "zh-div-status", ["麻烦帮我把系统里的婚姻状况改成离异，紧急联系人也换成我妈。"], speaker="周杰")
    assert facts == set()
    _facts(memory, "zh-div-form", ["周杰和许静结婚了。"])
    facts = _facts(memory, "zh-div-form", ["麻烦帮我把系统里的紧急联系人换成我妈。"], speaker="周杰")
    assert ("周杰", "MARRIED_TO", "许静") in facts


# --------------------------------------------------------------------------- other readings of batches 798-805
def test_a_passive_move_from_one_place_to_another(memory: TemporalGraphMemory) -> None:
    _facts(memory, "relocated", ["Amara lives in Lagos."])
    assert _facts(memory, "relocated", ["Amara was relocated from Lagos to Nairobi."]) == {("Amara", "LIVES_IN", "Nairobi")}


def test_she_after_someones_wife_is_the_wife(memory: TemporalGraphMemory) -> None:
    _facts(memory, "wife-says", ["Sipho likes running."])
    facts = _facts(memory, "wife-says", ["Sipho's wife says she hates running."])
    assert ("Sipho", "DISLIKES", "running") not in facts


def test_joining_the_team_is_no_job_at_the_firm_named_before(memory: TemporalGraphMemory) -> None:
    _facts(memory, "team", ["Leila Karimi studies at Imperial College."])
    facts = _facts(memory, "team", ["Congrats to our intern Leila, who just defended her PhD thesis at Imperial. "
                                    "She joins the team full-time in September."])
    assert not any(t == "WORKS_FOR" for _, t, _ in facts)
    _facts(memory, "company", ["Tom joined Google."])
    assert _facts(memory, "company", ["Tom joined the company in May."]) == {("Tom", "WORKS_FOR", "Google")}


def test_a_chinese_taste_given_up_and_a_pet_kept(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zh-jie", ["董洁喜欢咖啡。"])
    assert _facts(memory, "zh-jie", ["董洁最近把咖啡戒了。"]) == set()
    facts = _facts(memory, "zh-corgi", ["袁芳养了条柯基天天晒。"])
    assert ("袁芳", "OWNS", "柯基") in facts


def test_a_feast_is_a_time_not_the_person_she_means(memory: TemporalGraphMemory) -> None:
    _facts(memory, "xmas", ["Lucía Fernández is married to Javier Ruiz."])
    facts = _facts(memory, "xmas", ["Christmas card list. Lucía: separate card this year, she and Javier finalized "
                                    "the divorce in October. Her new address TBC."])
    assert facts == set()
    assert not any(e.name == "Christmas" for e in memory.entities(namespace="xmas"))


# --------------------------------------------------------------------------- 1:1s, a change set for a day
def test_whose_one_to_ones_names_the_manager(memory: TemporalGraphMemory) -> None:
    _facts(memory, "one-to-ones", ["Jake reports to Linda."])
    assert _facts(memory, "one-to-ones", ["Jake's 1:1s are with Omar now."]) == {("Jake", "REPORTS_TO", "Omar")}
    _facts(memory, "one-to-ones-mine", ["Yusuf reports to Omar Haddad."])
    facts = _facts(memory, "one-to-ones-mine", ["note to self: skip-levels still go to Omar Haddad, but my 1:1s are with "
                                                "Leila Farouk now - she became my line manager on Monday."], speaker="Yusuf")
    assert facts == {("Yusuf", "REPORTS_TO", "Leila Farouk")}


def test_a_change_set_for_a_weekday_or_a_date_leaves_the_old_manager_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "from-monday", ["Jake reports to Linda."])
    assert _facts(memory, "from-monday", ["From Monday Jake will report to Omar."]) == set()
    _facts(memory, "from-date", ["Jake reports to Linda."])
    assert _facts(memory, "from-date", ["From 1 July, Jake will report directly to Omar instead of Linda."]) == set()


def test_a_span_of_days_or_dates_changes_nothing(memory: TemporalGraphMemory) -> None:
    _facts(memory, "monday-to-friday", ["Jake reports to Linda."])
    facts = _facts(memory, "monday-to-friday", ["From Monday to Friday Jake will be in Paris with Omar."])
    assert facts == {("Jake", "REPORTS_TO", "Linda")}
    _facts(memory, "date-to-date", ["Jake lives in Leeds."])
    facts = _facts(memory, "date-to-date", ["From 1 July to 3 August Jake will stay in Paris."])
    assert facts == {("Jake", "LIVES_IN", "Leeds")}


def test_a_chinese_date_set_and_settled_names_the_new_manager(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zh-next-month", ["马超向何军汇报。"])
    # (a change set for a day and settled is said: the new boss, since the thirty-ninth round)
    assert _facts(memory, "zh-next-month", ["从下个月开始我直接向罗静汇报了，何总那边不用再抄送"], speaker="马超") == {("马超", "REPORTS_TO", "罗静")}
    _facts(memory, "zh-next-month-plan", ["马超向何军汇报。"])
    facts = _facts(memory, "zh-next-month-plan", ["下个月开始我打算向罗静汇报了"], speaker="马超")
    assert facts == {("马超", "REPORTS_TO", "何军")}
    _facts(memory, "zh-next-week-leave", ["马超向何军汇报。"])
    assert _facts(memory, "zh-next-week-leave", ["下周起我休年假了"], speaker="马超") == {("马超", "REPORTS_TO", "何军")}


def test_a_note_that_opens_with_quick_names_no_one(memory: TemporalGraphMemory) -> None:
    _facts(memory, "quick", ["I work at Deloitte."], speaker="Rosalind")
    facts = _facts(memory, "quick", ["Quick update for the alumni list: handed in my Deloitte laptop yesterday and "
                                     "picked up my KPMG badge this morning."], speaker="Rosalind")
    assert not any(s == "Quick" for s, _, _ in facts)
    assert not any(e.name == "Quick" for e in memory.entities(namespace="quick"))


# --------------------------------------------------------------------------- read after the round's report
def test_a_name_before_a_leave_keeps_its_verb(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zh-leave", ["黄丽负责天穹项目。"])
    assert _facts(memory, "zh-leave", ["备忘：黄丽休产假了，不再负责天穹项目，天穹暂时没人管。"]) == set()
    _facts(memory, "zh-leave-back", ["黄丽负责天穹项目。"])
    facts = _facts(memory, "zh-leave-back", ["纪要：黄丽休年假两周，期间天穹项目的日常站会由吴刚代为主持，回来后照常由她负责。"])
    assert facts == {("黄丽", "MANAGES", "天穹项目")}


def test_a_known_project_no_longer_led_in_chinese(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zh-buguan", ["吴刚负责天河项目。"])
    assert _facts(memory, "zh-buguan", ["吴刚不管天河了，天河暂时没人接"], speaker="郑洁") == set()
    _facts(memory, "zh-buguan-whatever", ["吴刚负责天河项目。"])
    assert _facts(memory, "zh-buguan-whatever", ["吴刚不管天河怎样了。"]) == {("吴刚", "MANAGES", "天河项目")}
