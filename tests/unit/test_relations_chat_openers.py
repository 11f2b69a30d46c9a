"""Readings of the thirty-third round's blind batches (issue 11, point 4): a chat interjection
before a subjectless turn, a gerund that opens a note, 要让 (a plan), "there" in Chinese (在那边),
a clause after "X and I ..." and "starting this week ... will". Each with a look-alike that must
not change.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.clauses import scheduled
from recall_memory_plugins.engine.relations.patterns.mood import unasserted
from recall_memory_plugins.nlp.offline import OfflineAnnotator
from recall_memory_plugins.nlp.offline.entities import _gerund
from recall_memory_plugins.nlp.offline.resources import _english
from tests.unit.relation_facts import current_facts as _facts


@pytest.fixture(scope="module")
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


@pytest.mark.parametrize(
    "text",
    [
        "yep relocated to Sapporo last month w/ my sister, Kenji's still stuck in Osaka haha",
        "yep, relocated to Sapporo last month",
        "Yeah just moved to Sapporo in May",
    ],
)
def test_an_interjection_before_a_subjectless_turn(memory: TemporalGraphMemory, text: str) -> None:
    ns = f"yep-{abs(hash(text))}"
    _facts(memory, ns, ["Mei Tanaka lives in Osaka."])
    facts = _facts(memory, ns, [text], speaker="Mei Tanaka")
    assert facts == {("Mei Tanaka", "LIVES_IN", "Sapporo")}


def test_an_interjection_before_a_trip_is_no_move(memory: TemporalGraphMemory) -> None:
    _facts(memory, "yep-trip", ["Mei Tanaka lives in Osaka."])
    facts = _facts(memory, "yep-trip", ["lol went to Sapporo last week"], speaker="Mei Tanaka")
    assert ("Mei Tanaka", "LIVES_IN", "Osaka") in facts
    assert ("Mei Tanaka", "LIVES_IN", "Sapporo") not in facts


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("Onboarding", True),
        ("Hiking", True),
        ("Packing", True),
        ("Moving", True),
        ("Xiaoming", False),
        ("Jianping", False),
        ("Liming", False),
        ("Ming", False),
        ("Fleming", False),
    ],
)
def test_a_gerund_is_no_given_name(word: str, expected: bool) -> None:
    assert _gerund(word, _english()) is expected


def test_a_note_opened_by_a_gerund_is_about_the_person_it_names(memory: TemporalGraphMemory) -> None:
    _facts(memory, "gerund1", ["Maya Patel works for Stripe."])
    facts = _facts(memory, "gerund1", ["Onboarding notes for Maya: she joined Shopify on Monday."])
    assert facts == {("Maya Patel", "WORKS_FOR", "Shopify")}


def test_an_unknown_given_name_still_opens_a_sentence() -> None:
    doc = OfflineAnnotator().annotate("Xiaoming moved to Berlin.")
    first = doc.sentences[0].tokens[0]
    assert first.text == "Xiaoming" and first.ner is not None and first.ner.endswith("PERSON")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("本来说要让郭敏接手云端项目，后来领导改主意了。", True),
        ("公司要让郭敏接手云端项目。", True),
        ("领导让郭敏接手了云端项目。", False),
        ("这件事很重要，郭敏接手了云端项目。", False),
    ],
)
def test_yao_rang_is_a_plan(text: str, expected: bool) -> None:
    assert unasserted(text) is expected


def test_a_cancelled_plan_hands_nothing_over(memory: TemporalGraphMemory) -> None:
    _facts(memory, "yaorang1", ["马超负责云端项目。"])
    facts = _facts(memory, "yaorang1", ["本来说要让郭敏接手云端项目，后来领导改主意了，还是马超管。"])
    assert ("郭敏", "MANAGES", "云端项目") not in facts


def test_a_handover_said_as_done_is_read(memory: TemporalGraphMemory) -> None:
    _facts(memory, "yaorang2", ["马超负责云端项目。"])
    facts = _facts(memory, "yaorang2", ["领导让郭敏接手了云端项目。"])
    assert ("郭敏", "MANAGES", "云端项目") in facts
    assert ("马超", "MANAGES", "云端项目") not in facts


@pytest.mark.parametrize("text", ["赵敏在那边上班。", "赵敏现在在这边工作。", "赵敏在那里上班。"])
def test_there_is_no_employer(memory: TemporalGraphMemory, text: str) -> None:
    ns = f"there-{abs(hash(text))}"
    facts = _facts(memory, ns, ["赵敏在腾讯工作。", text])
    assert not {f for f in facts if f[2] in ("那边", "这边", "那里")}


def test_there_after_the_new_employer_keeps_the_employer(memory: TemporalGraphMemory) -> None:
    _facts(memory, "there2", ["赵敏在腾讯工作。"])
    facts = _facts(memory, "there2", ["会议纪要：赵敏被网易挖走了，已经在那边上班两周，她手上的活交接给小孙。"])
    assert ("赵敏", "WORKS_FOR", "网易") in facts
    assert ("赵敏", "WORKS_FOR", "腾讯") not in facts


def test_a_clause_after_x_and_i_borrows_neither(memory: TemporalGraphMemory) -> None:
    _facts(memory, "and-i", ["Kenji is married to Aiko."])
    facts = _facts(
        memory, "and-i",
        ["aiko and I split up last year but guess what — married Rin in Kyoto on saturday"],
        speaker="Kenji",
    )
    assert ("Aiko", "MARRIED_TO", "Rin") not in facts
    assert ("Kenji", "MARRIED_TO", "Aiko") not in facts


def test_a_clause_after_one_subject_still_borrows_it(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "one-subject", ["Ana Lima married Ben Ortiz in May and moved to Rome."])
    assert ("Ana Lima", "LIVES_IN", "Rome") in facts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("starting this week Jamal Carter will report directly to Rafael Gómez", True),
        ("Starting today the team will roll up to Nadia", True),
        ("Jamal Carter will report to Rafael Gómez next month", False),
        # a date set first, as "effective next Monday" (thirty-fourth round): announced, not planned
        ("Starting next month Jamal will report to Rafael", True),
        ("Starting next month Jamal might report to Rafael", False),
    ],
)
def test_starting_now_is_an_announcement(text: str, expected: bool) -> None:
    assert scheduled(text) is expected


def test_an_announcement_starting_now_ends_the_old_line(memory: TemporalGraphMemory) -> None:
    _facts(memory, "starting1", ["Jamal Carter reports to Linda Park."])
    facts = _facts(
        memory, "starting1",
        ["Hi all, quick org update: starting this week Jamal Carter will report directly to "
         "Rafael Gómez, our new VP of Sales. Big thanks to Linda Park for her mentorship."],
    )
    assert ("Jamal Carter", "REPORTS_TO", "Linda Park") not in facts


def test_a_plan_for_next_month_keeps_the_old_line(memory: TemporalGraphMemory) -> None:
    _facts(memory, "starting2", ["Jamal Carter reports to Linda Park."])
    facts = _facts(memory, "starting2", ["Jamal Carter will report to Rafael Gómez next month."])
    assert ("Jamal Carter", "REPORTS_TO", "Linda Park") in facts


@pytest.mark.parametrize(("text", "thing"), [("I love jazz.", "jazz"), ("I adore jazz.", "jazz"),
                                             ("I love synthwave these days.", "synthwave")])
def test_a_noun_tagged_as_a_gerund_after_love_is_the_taste(
    memory: TemporalGraphMemory, text: str, thing: str
) -> None:
    facts = _facts(memory, f"love-{abs(hash(text))}", [text], speaker="Nadia Haddad")
    assert facts == {("Nadia Haddad", "LIKES", thing)}


def test_a_gerund_cut_from_its_object_is_still_no_taste(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "love-cut", ["I love taking long walks by the river."], speaker="Nadia Haddad")
    assert ("Nadia Haddad", "LIKES", "taking") not in facts


def test_not_loving_something_is_no_dislike(memory: TemporalGraphMemory) -> None:
    _facts(memory, "love-neg", ["I like jazz."], speaker="Grace")
    facts = _facts(
        memory, "love-neg",
        ["Not gonna lie, I don't love jazz the way I did in my twenties, but I still put Coltrane on."],
        speaker="Grace",
    )
    assert ("Grace", "DISLIKES", "jazz") not in facts


def test_not_liking_something_is_a_dislike(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "like-neg", ["I don't like jazz."], speaker="Grace")
    assert facts == {("Grace", "DISLIKES", "jazz")}


def test_after_all_those_nights_is_no_denial(memory: TemporalGraphMemory) -> None:
    _facts(memory, "after-all1", ["Nadia Haddad likes jazz."])
    facts = _facts(
        memory, "after-all1",
        ["honestly can't stand jazz anymore after all those nights at that bar."],
        speaker="Nadia Haddad",
    )
    assert ("Nadia Haddad", "LIKES", "jazz") not in facts


def test_after_all_is_still_a_denial(memory: TemporalGraphMemory) -> None:
    _facts(memory, "after-all2", ["Nadia Haddad lives in Lyon."])
    facts = _facts(memory, "after-all2", ["Nadia Haddad is not moving to Paris after all."])
    assert facts == {("Nadia Haddad", "LIVES_IN", "Lyon")}


def test_a_name_with_himself_is_the_subject(memory: TemporalGraphMemory) -> None:
    _facts(memory, "himself", ["Arjun Mehta reports to Linda Park."])
    facts = _facts(
        memory, "himself",
        ["Arjun Mehta's teammate Rosa got moved under Tom Fischer, but Arjun himself still reports "
         "to Linda Park."],
    )
    assert ("Tom Fischer", "REPORTS_TO", "Linda Park") not in facts
    assert ("Arjun Mehta", "REPORTS_TO", "Linda Park") in facts


def test_himself_as_an_object_is_no_subject(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "himself2", ["Tom lives in Leeds.", "Tom moved to York, and Ben bought himself a flat there."])
    assert facts == {("Tom", "LIVES_IN", "York")}


@pytest.mark.parametrize("text", ["被划到谢辉组下面了，以后周报发给他", "罗琳被调到谢辉手下了"])
def test_moved_under_a_person_in_chinese(memory: TemporalGraphMemory, text: str) -> None:
    ns = f"huadao-{abs(hash(text))}"
    _facts(memory, ns, ["罗琳的上级是宋杰。"])
    facts = _facts(memory, ns, [text], speaker="罗琳")
    assert facts == {("罗琳", "REPORTS_TO", "谢辉")}


def test_moved_to_a_department_names_no_manager(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "huadao3", ["罗琳的上级是宋杰。", "罗琳被调到销售部门了"], speaker="罗琳")
    assert not {f for f in facts if f[1] == "REPORTS_TO" and f[2] != "宋杰"}


def test_a_persons_line_is_no_employer(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "tiaoxian", ["杨帆的上级是曹磊。", "杨帆的同事许婷转到了韩梅那条线，不过杨帆还是跟着曹磊。"])
    assert not {f for f in facts if f[1] == "WORKS_FOR"}


def test_a_move_to_a_firm_is_still_read_in_chinese(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "zhuandao", ["许婷转到了字节跳动。"]) == {("许婷", "WORKS_FOR", "字节跳动")}


def test_a_notes_heading_is_no_subject(memory: TemporalGraphMemory) -> None:
    facts = _facts(
        memory, "heading",
        ["Zainab Hussain studies at Imperial College London.",
         "Alumni db: Zainab Hussain, MEng Civil Eng., graduated July 2024, now working at Arup."],
    )
    assert ("Zainab Hussain", "WORKS_FOR", "Arup") in facts
    assert not {f for f in facts if f[0] == "Alumni"}


def test_about_to_be_moved_is_a_plan(memory: TemporalGraphMemory) -> None:
    _facts(memory, "yaobei", ["唐晓的上级是韩磊。"])
    facts = _facts(memory, "yaobei", ["听说唐晓要被调到冯刚手下，其实是谣言，人事那边确认她还是归韩磊管。"])
    assert ("唐晓", "REPORTS_TO", "冯刚") not in facts


def test_a_move_to_someones_team_is_no_home(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "owners-team", ["Amir reports to Henrik Larsen.", "Amir has moved to Nadia Rahman's team."])
    assert facts == {("Amir", "REPORTS_TO", "Nadia Rahman")}


def test_a_move_to_someones_place_names_no_town(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "owners-place", ["Amir lives in Leeds.", "Amir moved to Nadia's place."])
    assert not {f for f in facts if f[1] == "LIVES_IN"}


def test_a_move_to_a_city_is_still_a_move(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "city-move", ["Amir moved to Berlin."]) == {("Amir", "LIVES_IN", "Berlin")}


def test_two_first_names_joined_by_an_ampersand_are_two_people(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "amp1", ["Lars & Ingrid got married."])
    assert facts == {("Lars", "MARRIED_TO", "Ingrid"), ("Ingrid", "MARRIED_TO", "Lars")}


def test_a_firm_with_an_ampersand_stays_one_name(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "amp2", ["Anna works for Ernst & Young."]) == {("Anna", "WORKS_FOR", "Ernst & Young")}


def test_a_latin_title_before_a_chinese_name_is_no_part_of_it(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "vp", ["许晴的上级是钱伟。", "许晴现在直接向VP唐明汇报。"])
    assert facts == {("许晴", "REPORTS_TO", "唐明")}


def test_boxes_in_a_new_town_leave_the_old_home_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "boxes1", ["Tomasz lives in Krakow."])
    facts = _facts(
        memory, "boxes1",
        ["ugh my back. carried like 40 boxes up to the 4th floor in Gdansk today, no lift obviously"],
        speaker="Tomasz",
    )
    assert ("Tomasz", "LIVES_IN", "Krakow") not in facts


def test_boxes_on_a_trip_keep_the_home(memory: TemporalGraphMemory) -> None:
    _facts(memory, "boxes2", ["Tomasz lives in Krakow."])
    facts = _facts(memory, "boxes2", ["carried 40 boxes of merch to the stand in Gdansk for the festival trip"], speaker="Tomasz")
    assert facts == {("Tomasz", "LIVES_IN", "Krakow")}


def test_an_online_rumour_denied_changes_nothing(memory: TemporalGraphMemory) -> None:
    _facts(memory, "rumour1", ["陈静在华为工作。"])
    facts = _facts(memory, "rumour1", ["网上传陈静跳槽去了小米，她本人辟谣说根本没这回事，还在华为干得好好的。"])
    assert facts == {("陈静", "WORKS_FOR", "华为")}


def test_a_move_said_plainly_is_still_read_in_chinese(memory: TemporalGraphMemory) -> None:
    _facts(memory, "rumour2", ["陈静在华为工作。"])
    assert _facts(memory, "rumour2", ["陈静跳槽去了小米。"]) == {("陈静", "WORKS_FOR", "小米")}


def test_a_project_lead_title_is_no_manager(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "lead-title", ["Beacon lead Yusuf is great."])
    assert not {f for f in facts if f[1] == "REPORTS_TO"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Sara Lopez manages Tom Reed.", ("Tom Reed", "REPORTS_TO", "Sara Lopez")),
        ("As of last Monday Noah is managed by Sven Larsen.", ("Noah", "REPORTS_TO", "Sven Larsen")),
    ],
)
def test_a_person_managing_a_person_is_still_read(memory: TemporalGraphMemory, text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(memory, f"lead-{abs(hash(text))}", [text])


def test_a_paper_about_a_person_is_about_them(memory: TemporalGraphMemory) -> None:
    _facts(memory, "paper1", ["Aiko Suzuki studies at Kyoto University."])
    facts = _facts(
        memory, "paper1",
        ["Notes for Aiko Suzuki's reference letter: graduated from Kyoto University in March."],
    )
    assert ("Aiko Suzuki", "STUDIES_AT", "Kyoto University") not in facts


def test_a_relatives_heading_is_not_about_the_person(memory: TemporalGraphMemory) -> None:
    _facts(memory, "paper2", ["Aiko Suzuki studies at Kyoto University."])
    facts = _facts(memory, "paper2", ["Aiko Suzuki's sister: graduated from Kyoto University in March."])
    assert facts == {("Aiko Suzuki", "STUDIES_AT", "Kyoto University")}


def test_a_colleague_in_my_group_opens_the_clause(memory: TemporalGraphMemory) -> None:
    _facts(memory, "tongzu", ["许亮的上级是冯磊。"], speaker="许亮")
    facts = _facts(memory, "tongzu", ["我同组的唐宁换老板了，改向邓超汇报，我还是跟着冯磊"], speaker="许亮")
    assert ("唐宁", "REPORTS_TO", "邓超") in facts
    assert ("许亮", "REPORTS_TO", "邓超") not in facts


def test_almost_hating_is_no_dislike(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "near-miss", ["the rain today almost made me hate hiking."], speaker="Owen")
    assert ("Owen", "DISLIKES", "hiking") not in facts


def test_hating_is_a_dislike(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "made-hate", ["the rain today made me hate hiking."], speaker="Owen")
    assert ("Owen", "DISLIKES", "hiking") in facts


def test_a_role_passed_from_one_to_another(memory: TemporalGraphMemory) -> None:
    _facts(memory, "pm-role", ["Björn Lindqvist manages the Harbor project."])
    facts = _facts(memory, "pm-role", ["Harbor PM role passed from Björn Lindqvist to Aisha Rahman as of 1 Sept."])
    assert facts == {("Aisha Rahman", "MANAGES", "Harbor project")}


def test_a_turn_opened_by_with_a_person_has_the_speaker_as_subject(memory: TemporalGraphMemory) -> None:
    _facts(memory, "gen1", ["彭磊和谢芳结婚了。"])
    facts = _facts(memory, "gen1", ["跟谢芳离了以后，今年五一和同事周琳领证了"], speaker="彭磊")
    assert ("彭磊", "MARRIED_TO", "谢芳") not in facts


def test_a_turn_opened_by_with_everyone_keeps_its_reading(memory: TemporalGraphMemory) -> None:
    _facts(memory, "gen2", ["何静在武汉大学读书。"])
    facts = _facts(memory, "gen2", ["跟大家汇报一下，武汉大学本科已经毕业了，现在在浙江大学读研"], speaker="何静")
    assert ("何静", "STUDIES_AT", "武汉大学") not in facts


def test_a_known_name_never_runs_across_a_colon(memory: TemporalGraphMemory) -> None:
    _facts(memory, "colon", ["Ingrid Olsen manages the Borealis project."])
    facts = _facts(memory, "colon", ["Borealis: project ownership transferred from Ingrid Olsen to Tariq Aziz."])
    assert not {f for f in facts if ":" in f[2]}


def test_cannot_drink_it_any_more_leaves_the_taste_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "hebuxia", ["袁飞喜欢美式咖啡。"])
    facts = _facts(memory, "hebuxia", ["自从茶水间换了咖啡豆，美式我是一口都喝不下去了，现在只喝茶。"], speaker="袁飞")
    assert ("袁飞", "LIKES", "美式咖啡") not in facts


def test_a_name_before_zhengshi_is_cut_right(memory: TemporalGraphMemory) -> None:
    _facts(memory, "zhengshi", ["王芳住在杭州。"])
    facts = _facts(memory, "zhengshi", ["搬家备忘：3月2日王芳正式搬进成都的新房，杭州那套已经退租了。"])
    assert facts == {("王芳", "LIVES_IN", "成都")}


def test_officially_over_a_taste_leaves_it_unsure(memory: TemporalGraphMemory) -> None:
    _facts(memory, "over1", ["Chloe Martin likes sushi."])
    facts = _facts(memory, "over1", ["ok I'm officially over sushi after that food poisoning"], speaker="Chloe Martin")
    assert ("Chloe Martin", "LIKES", "sushi") not in facts


def test_officially_over_the_moon_keeps_a_taste(memory: TemporalGraphMemory) -> None:
    _facts(memory, "over2", ["Chloe Martin likes sushi."])
    facts = _facts(memory, "over2", ["ok I'm officially over the moon about the sushi place"], speaker="Chloe Martin")
    assert ("Chloe Martin", "LIKES", "sushi") in facts


@pytest.mark.parametrize(
    ("old", "text", "fact"),
    [
        ("Fatima Al-Sayed works for Emirates.", "Fatima Al-Sayed was taken on by Etihad as a senior planner.",
         ("Fatima Al-Sayed", "WORKS_FOR", "Etihad")),
        ("Ravi Menon manages the Kestrel project.", "Kestrel is being run by Greta as of yesterday.",
         ("Greta", "MANAGES", "Kestrel project")),
        ("Yuki Tanaka manages the Orion project.", "The Orion project has been taken over by Dmitri Volkov.",
         ("Dmitri Volkov", "MANAGES", "Orion project")),
    ],
)
def test_passives_of_hiring_and_running(
    memory: TemporalGraphMemory, old: str, text: str, fact: tuple[str, str, str]
) -> None:
    ns = f"passive-{abs(hash(text))}"
    _facts(memory, ns, [old])
    assert _facts(memory, ns, [text]) == {fact}


def test_a_firm_taken_over_has_no_manager(memory: TemporalGraphMemory) -> None:
    assert not _facts(memory, "takeover-firm", ["Acme was taken over by Globex."])


def test_a_firms_group_names_the_firm(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "shujuzu", ["邓佳在复旦大学读书。", "欢迎新同事邓佳！她今天正式入职美团数据组。"])
    assert ("邓佳", "WORKS_FOR", "美团") in facts


@pytest.mark.parametrize(
    ("text", "firm"), [("赵敏入职腾讯。", "腾讯"), ("赵敏入职字节跳动当产品经理。", "字节跳动")]
)
def test_ruzhi_is_a_word(memory: TemporalGraphMemory, text: str, firm: str) -> None:
    assert _facts(memory, f"ruzhi-{abs(hash(text))}", [text]) == {("赵敏", "WORKS_FOR", firm)}


def test_a_role_after_the_new_firm_is_no_part_of_its_name(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "zuo", ["赵敏在腾讯工作。", "人事备注：赵敏6月被美团挖走了，从腾讯跳到美团做产品总监。"])
    assert facts == {("赵敏", "WORKS_FOR", "美团")}


def test_went_to_in_a_text_about_relocating_is_no_visit(memory: TemporalGraphMemory) -> None:
    facts = _facts(
        memory, "reloc",
        ["Amara Okafor lives in Lagos.",
         "Amara and her cousin Tunde both relocated last month: Tunde went to Abuja, and Amara moved "
         "from Lagos to Nairobi for good."],
    )
    assert facts == {("Amara Okafor", "LIVES_IN", "Nairobi")}


def test_went_to_alone_is_a_visit(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "visit", ["Tunde went to Abuja last week."]) == {("Tunde", "VISITED", "Abuja")}


@pytest.mark.parametrize(("text", "boss"), [("Ji-woo Kim is my manager.", "Ji-woo Kim"),
                                            ("Sarah Lee is my manager now.", "Sarah Lee")])
def test_someone_is_my_manager(memory: TemporalGraphMemory, text: str, boss: str) -> None:
    ns = f"mymgr-{abs(hash(text))}"
    _facts(memory, ns, ["I report to Ahmed Khalil."], speaker="Nadia Rahman")
    assert _facts(memory, ns, [text], speaker="Nadia Rahman") == {("Nadia Rahman", "REPORTS_TO", boss)}


def test_my_managers_boss_is_not_my_manager(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "mymgr3", ["Sarah Lee is my manager's boss."], speaker="Nadia Rahman")
    assert ("Nadia Rahman", "REPORTS_TO", "Sarah Lee") not in facts


def test_a_line_manager_switched_from_one_to_another(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "switched", ["Olu Adeyemi reports to Karen Brooks.",
                                        "Olu Adeyemi's line manager switched from Karen Brooks to Tom Haddad."])
    assert facts == {("Olu Adeyemi", "REPORTS_TO", "Tom Haddad")}


def test_an_appositive_opens_its_clause(memory: TemporalGraphMemory) -> None:
    _facts(memory, "appos1", ["Yusuf reports to Clara."])
    facts = _facts(memory, "appos1", ["Clara retired at the end of May, and her replacement, Henrik, is now Yusuf's line manager."])
    assert facts == {("Yusuf", "REPORTS_TO", "Henrik")}


def test_the_end_of_a_relative_clause_is_no_appositive(memory: TemporalGraphMemory) -> None:
    _facts(memory, "appos2", ["Nikhil Rao reports to Fiona Walsh."])
    facts = _facts(memory, "appos2", ["Nikhil, who used to report to Fiona Walsh, is now on Ahmed Karimi's team."])
    assert ("Fiona Walsh", "REPORTS_TO", "Ahmed Karimi") not in facts


@pytest.mark.parametrize(
    ("old", "text", "school"),
    [
        ("李明在浙江大学读书。", "李明大二转学去了香港大学。", "香港大学"),
        ("蒋涛在武汉大学读书。", "涛涛转学去中山大学的手续今天办完了，武大的宿舍也退了。", "中山大学"),
        ("彭亮在南京大学读书。", "彭亮保研到了清华大学，九月已经去报到了。", "清华大学"),
    ],
)
def test_a_transfer_names_the_new_school_only(memory: TemporalGraphMemory, old: str, text: str, school: str) -> None:
    ns = f"zhuanxue-{abs(hash(text))}"
    person = old[:2]
    facts = _facts(memory, ns, [old, text])
    assert facts == {(person, "STUDIES_AT", school)}


def test_a_transfer_of_a_job_is_no_school(memory: TemporalGraphMemory) -> None:
    assert _facts(memory, "zhuandao2", ["袁博转到了腾讯。"]) == {("袁博", "WORKS_FOR", "腾讯")}


def test_a_document_for_a_project_being_done_is_no_status(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "doc-done", ["Javier manages the Orion project.",
                                        "handover doc for Orion is finally done, I'm off it as of today"],
                   speaker="Javier")
    assert not {f for f in facts if f[1] == "STATUS"}


def test_a_project_being_done_is_a_status(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, "proj-done", ["Project Orion is done."])
    assert {f[:2] for f in facts} == {("Project Orion", "STATUS")}
