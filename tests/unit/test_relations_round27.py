"""Twenty-seventh round of the relation layer: general readings found by blind batches 188-189.
"i" is never an object ("so i'm off X"); "off X" leaves X; a thing handed back is no return to
the old value; a stand-in ("off sick", "in the meantime") changes no line; a past reason after
a plan is said ("… will be steered by Marta after Chidi stepped aside"); 许娜姐 is 许娜; a clause
that opens "before an event" (到位之前) is no past marker; "someone said" is hearsay; a classifier
is no object (养了只柯基). Real SQLite (``:memory:``), offline annotator; no mocks. The sentences
are written for these tests.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

from ._facts import facts_after


def test_off_a_project_said_by_its_manager_leaves_it(memory: TemporalGraphMemory) -> None:
    fact = ("Tomas Varga", "MANAGES", "Pegasus project")
    assert fact in facts_after(memory, [(None, "Tomas Varga manages the Pegasus project.")])
    facts = facts_after(memory, [("Tomas Varga", "so i'm officialy off Pegasus, Aisha's the PM now. pls stop tagging me")])
    assert fact not in facts, facts


@pytest.mark.parametrize(
    "later",
    [
        "we kicked off Lynx with the client today, long day",
        "my 3 pm slot is the Lynx demo, wish me luck",
    ],
)
def test_a_project_kicked_off_or_talked_about_stays(memory: TemporalGraphMemory, later: str) -> None:
    fact = ("Tomas Varga", "MANAGES", "Lynx project")
    assert fact in facts_after(memory, [(None, "Tomas Varga manages the Lynx project.")])
    facts = facts_after(memory, [("Tomas Varga", later)])
    assert fact in facts, facts


def test_a_badge_handed_back_is_no_return(memory: TemporalGraphMemory) -> None:
    fact = ("Ruth", "WORKS_FOR", "Accenture")
    assert fact in facts_after(memory, [("Ruth", "I work for Accenture.")])
    facts = facts_after(
        memory,
        [("Ruth", "Handed my laptop back to Accenture this afternoon, the whole floor signed a card.")],
    )
    assert fact not in facts, facts


def test_back_at_the_old_employer_still_holds(memory: TemporalGraphMemory) -> None:
    fact = ("Ruth", "WORKS_FOR", "Accenture")
    assert fact in facts_after(memory, [("Ruth", "I work for Accenture.")])
    facts = facts_after(memory, [("Ruth", "Holiday over, back at Accenture tomorrow and the new badge reader is broken")])
    assert fact in facts, facts


@pytest.mark.parametrize(
    "later",
    [
        "Diego was off sick all week and I had to answer to his boss Carmen, he's back monday",
        "Diego is on a course and in the meantime I have to answer to his boss Carmen.",
    ],
)
def test_a_stand_in_changes_no_line(memory: TemporalGraphMemory, later: str) -> None:
    fact = ("Nell", "REPORTS_TO", "Diego")
    assert fact in facts_after(memory, [(None, "Nell reports to Diego.")])
    facts = facts_after(memory, [("Nell", later)])
    assert fact in facts, facts


def test_a_past_reason_after_a_plan_is_said(memory: TemporalGraphMemory) -> None:
    fact = ("Kofi Boateng", "MANAGES", "Delta project")
    assert fact in facts_after(memory, [(None, "Kofi Boateng manages the Delta project.")])
    facts = facts_after(
        memory,
        [(None, "Delta, the tram signalling upgrade, will be run by Ana Petrova after Kofi Boateng "
                "stepped aside in March.")],
    )
    assert fact not in facts, facts


def test_a_future_reason_after_a_plan_changes_nothing(memory: TemporalGraphMemory) -> None:
    fact = ("Kofi Boateng", "MANAGES", "Delta project")
    assert fact in facts_after(memory, [(None, "Kofi Boateng manages the Delta project.")])
    facts = facts_after(memory, [(None, "Delta will be run by Ana Petrova after Kofi Boateng leaves next month.")])
    assert fact in facts, facts


def test_a_full_name_with_a_familiar_title_is_the_person(memory: TemporalGraphMemory) -> None:
    assert ("孟凡", "REPORTS_TO", "邓丽") in facts_after(memory, [(None, "孟凡的上级是邓丽。")])
    facts = facts_after(memory, [("孟凡", "邓丽姐上个月离职了。新经理到位之前，我直接向总监罗斌汇报。")])
    assert ("孟凡", "REPORTS_TO", "邓丽") not in facts, facts
    assert ("孟凡", "REPORTS_TO", "罗斌") in facts, facts


@pytest.mark.parametrize("text", ["结婚之前，孟凡住在大连。", "毕业之前，孟凡在腾讯工作。"])
def test_before_a_past_event_is_a_bounded_past(memory: TemporalGraphMemory, text: str) -> None:
    facts = facts_after(memory, [(None, text)])
    assert not any(f[0] == "孟凡" for f in facts), facts


def test_a_clause_opening_before_is_still_a_past_marker(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "孟凡的上级是罗斌。"), (None, "之前，孟凡向邓丽汇报。")])
    assert ("孟凡", "REPORTS_TO", "邓丽") not in facts, facts
    assert ("孟凡", "REPORTS_TO", "罗斌") in facts, facts


def test_what_someone_said_is_hearsay(memory: TemporalGraphMemory) -> None:
    facts = facts_after(
        memory,
        [(None, "Iris manages the Comet project."),
         ("Iris", "Somebody in the group chat said Pavel had taken over Comet. Not true, Comet is still mine.")],
    )
    assert ("Pavel", "MANAGES", "Comet project") not in facts, facts


def test_a_classifier_is_no_object(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "杜娟养了只猫。"), (None, "孔亮买了辆车。")])
    assert {("杜娟", "OWNS", "猫"), ("孔亮", "OWNS", "车")} <= facts, facts
    assert not any(f[2] == "只" for f in facts), facts


def test_out_of_a_city_as_of_a_day_is_a_move(memory: TemporalGraphMemory) -> None:
    fact = ("Omar", "LIVES_IN", "Derby")
    assert fact in facts_after(memory, [(None, "Omar lives in Derby.")])
    facts = facts_after(
        memory, [(None, "news for the cousins: Omar and Bilal are both out of Derby as of Sunday. Bilal only got as far as Leeds")]
    )
    assert fact not in facts, facts


def test_still_in_the_city_as_of_a_day_stays(memory: TemporalGraphMemory) -> None:
    fact = ("Omar", "LIVES_IN", "Derby")
    assert fact in facts_after(memory, [(None, "Omar lives in Derby.")])
    facts = facts_after(memory, [(None, "As of Sunday Omar is still in Derby, the flat in Leeds fell through.")])
    assert fact in facts, facts


def test_a_handover_today_is_said_before_a_negation_after_the_comma(memory: TemporalGraphMemory) -> None:
    fact = ("Bruno", "MANAGES", "Vega project")
    assert fact in facts_after(memory, [(None, "Bruno manages the Vega project.")])
    facts = facts_after(
        memory, [("Bruno", "handed Vega over to Ines today, so odd not being the one who gets paged at 3am. they gave me Orion instead")]
    )
    assert fact not in facts, facts


def test_an_absence_today_with_its_negation_changes_nothing(memory: TemporalGraphMemory) -> None:
    fact = ("Bruno", "WORKS_FOR", "Siemens")
    assert fact in facts_after(memory, [(None, "Bruno works for Siemens.")])
    facts = facts_after(memory, [("Bruno", "not at Siemens today, new boiler getting fitted")])
    assert fact in facts, facts


def test_a_badge_that_went_back_is_no_return(memory: TemporalGraphMemory) -> None:
    fact = ("Aoife", "WORKS_FOR", "Aer Lingus")
    assert fact in facts_after(memory, [(None, "Aoife works for Aer Lingus.")])
    facts = facts_after(memory, [("Aoife", "Badge and laptop went back to Aer Lingus today, that's me done there. No idea what's next.")])
    assert fact not in facts, facts


def test_a_lower_case_turn_that_opens_with_a_past_verb_is_the_speakers(memory: TemporalGraphMemory) -> None:
    assert ("Hana", "MANAGES", "Lyra project") in facts_after(memory, [(None, "Hana manages the Lyra project.")])
    facts = facts_after(memory, [("Hana", "handed Lyra over to Bea this morning, I'm running Vega now")])
    assert ("Bea", "MANAGES", "Lyra project") in facts, facts
    assert ("Hana", "MANAGES", "Lyra project") not in facts, facts


@pytest.mark.parametrize(
    "later",
    ["hand Lyra over to Bea tomorrow pls, I'm out", "handing Lyra over to Bea next week maybe"],
)
def test_an_order_or_a_plan_in_lower_case_states_nothing(memory: TemporalGraphMemory, later: str) -> None:
    assert ("Hana", "MANAGES", "Lyra project") in facts_after(memory, [(None, "Hana manages the Lyra project.")])
    facts = facts_after(memory, [("Hana", later)])
    assert ("Bea", "MANAGES", "Lyra project") not in facts, facts


def test_the_stuff_is_no_taste(memory: TemporalGraphMemory) -> None:
    facts = facts_after(
        memory, [(None, "Yaw likes jazz."), ("Yaw", "sold my jazz records to Kojo, can't stand the stuff anymore tbh")]
    )
    assert not any(f[2] and f[2].startswith("stuff") for f in facts), facts
    assert ("Yaw", "LIKES", "jazz") not in facts, facts


@pytest.mark.parametrize(
    "later",
    [
        "Dear Aunt Jo, you'll laugh: after ten years of tax returns I've gone from EY to a little bike shop in Ghent.",
        "you won't believe it: after ten years of tax returns I've gone from EY to a little bike shop in Ghent.",
    ],
)
def test_news_announced_to_the_reader_is_said(memory: TemporalGraphMemory, later: str) -> None:
    fact = ("Lotte", "WORKS_FOR", "EY")
    assert fact in facts_after(memory, [(None, "Lotte works for EY.")])
    facts = facts_after(memory, [("Lotte", later)])
    assert fact not in facts, facts


def test_a_plan_after_you_will_laugh_is_still_a_plan(memory: TemporalGraphMemory) -> None:
    fact = ("Lotte", "WORKS_FOR", "EY")
    assert fact in facts_after(memory, [(None, "Lotte works for EY.")])
    facts = facts_after(memory, [("Lotte", "you'll laugh: I might leave EY for a bike shop next year, who knows")])
    assert fact in facts, facts


def test_a_last_clause_asking_with_ma_leaves_the_rest_said(memory: TemporalGraphMemory) -> None:
    fact = ("韩松", "LIKES", "视频会议")
    assert fact in facts_after(memory, [(None, "韩松喜欢视频会议。")])
    facts = facts_after(memory, [("韩松", "老实说，现在一听到开视频会议就头大，以后能发邮件就别开会了好吗")])
    assert fact not in facts, facts


def test_a_question_with_ma_alone_changes_nothing(memory: TemporalGraphMemory) -> None:
    fact = ("韩松", "LIKES", "视频会议")
    assert fact in facts_after(memory, [(None, "韩松喜欢视频会议。")])
    facts = facts_after(memory, [(None, "韩松现在还喜欢开视频会议吗")])
    assert fact in facts, facts


def test_a_new_owner_in_a_relative_clause_is_no_takeover_by_the_speaker(memory: TemporalGraphMemory) -> None:
    fact = ("Esi", "MANAGES", "Kestrel project")
    assert fact in facts_after(memory, [(None, "Esi manages the Kestrel project.")])
    facts = facts_after(memory, [("Esi", "Kestrel got a new owner I haven't even met yet.")])
    assert fact not in facts, facts


def test_a_new_lead_named_after_a_colon_takes_over(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "Esi manages the Kestrel project."), (None, "Kestrel has a new lead: Kojo.")])
    assert ("Kojo", "MANAGES", "Kestrel project") in facts, facts


def test_from_the_old_city_to_a_new_one_in_chinese_is_a_move(memory: TemporalGraphMemory) -> None:
    fact = ("王丽", "LIVES_IN", "大连")
    assert fact in facts_after(memory, [("王丽", "我住在大连。")])
    facts = facts_after(memory, [("王丽", "从大连到厦门，两个箱子一条狗，南方生活正式开启～")])
    assert fact not in facts, facts


def test_from_the_old_city_to_a_new_one_on_a_trip_changes_nothing(memory: TemporalGraphMemory) -> None:
    fact = ("王丽", "LIVES_IN", "大连")
    assert fact in facts_after(memory, [("王丽", "我住在大连。")])
    facts = facts_after(memory, [("王丽", "从大连到厦门出差三天，周五回来")])
    assert fact in facts, facts
