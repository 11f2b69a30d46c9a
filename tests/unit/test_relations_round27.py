"""Twenty-seventh round of the relation layer: general readings found by blind batches 186-197.
"i" is never an object ("so i'm off X"); "off X" / "out of X" leave X; a thing handed back is no
return to the old value; a stand-in ("off sick", "in the meantime") changes no line; a past reason
after a plan is said ("… will be steered by Marta after Chidi stepped aside"); 许娜姐 is 许娜;
"新领导到位之前" is an interim now; "someone said" is hearsay; a classifier is no object
(养了只猫); news announced to the reader is said; a lower-case turn that opens with a past verb
is the speaker's. Real SQLite (``:memory:``), offline annotator; no mocks. The sentences are
written for these tests.
"""
from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

from ._facts import Fact, facts_after

Turn = tuple[str | None, str]


# (first turn, later turn, fact, whether the fact is still stated as current): each turn is
# (speaker or None, text); the first turn states the fact
_CASES = [
    pytest.param((None, "Tomas Varga manages the Pegasus project."),
                 ("Tomas Varga", "so i'm officialy off Pegasus, Aisha's the PM now. pls stop tagging me"),
                 ("Tomas Varga", "MANAGES", "Pegasus project"), False, id="off-a-project"),
    pytest.param((None, "Tomas Varga manages the Lynx project."),
                 ("Tomas Varga", "we kicked off Lynx with the client today, long day"),
                 ("Tomas Varga", "MANAGES", "Lynx project"), True, id="kicked-off"),
    pytest.param((None, "Tomas Varga manages the Lynx project."),
                 ("Tomas Varga", "my 3 pm slot is the Lynx demo, wish me luck"),
                 ("Tomas Varga", "MANAGES", "Lynx project"), True, id="3-pm"),
    pytest.param(("Ruth", "I work for Accenture."),
                 ("Ruth", "Handed my laptop back to Accenture this afternoon, the whole floor signed a card."),
                 ("Ruth", "WORKS_FOR", "Accenture"), False, id="laptop-handed-back"),
    pytest.param(("Ruth", "I work for Accenture."),
                 ("Ruth", "Holiday over, back at Accenture tomorrow and the new badge reader is broken"),
                 ("Ruth", "WORKS_FOR", "Accenture"), True, id="back-at-the-old-employer"),
    pytest.param((None, "Aoife works for Aer Lingus."),
                 ("Aoife", "Badge and laptop went back to Aer Lingus today, that's me done there. No idea what's next."),
                 ("Aoife", "WORKS_FOR", "Aer Lingus"), False, id="badge-went-back"),
    pytest.param((None, "Nell reports to Diego."),
                 ("Nell", "Diego was off sick all week and I had to answer to his boss Carmen, he's back monday"),
                 ("Nell", "REPORTS_TO", "Diego"), True, id="stand-in-off-sick"),
    pytest.param((None, "Nell reports to Diego."),
                 ("Nell", "Diego is on a course and in the meantime I have to answer to his boss Carmen."),
                 ("Nell", "REPORTS_TO", "Diego"), True, id="stand-in-meantime"),
    pytest.param((None, "Kofi Boateng manages the Delta project."),
                 (None, "Delta, the tram signalling upgrade, will be run by Ana Petrova after Kofi Boateng "
                        "stepped aside in March."),
                 ("Kofi Boateng", "MANAGES", "Delta project"), False, id="past-reason-after-a-plan"),
    pytest.param((None, "Kofi Boateng manages the Delta project."),
                 (None, "Delta will be run by Ana Petrova after Kofi Boateng leaves next month."),
                 ("Kofi Boateng", "MANAGES", "Delta project"), True, id="future-reason-after-a-plan"),
    pytest.param((None, "Omar lives in Derby."),
                 (None, "news for the cousins: Omar and Bilal are both out of Derby as of Sunday. Bilal only got as far as Leeds"),
                 ("Omar", "LIVES_IN", "Derby"), False, id="out-of-a-city-as-of"),
    pytest.param((None, "Omar lives in Derby."),
                 (None, "As of Sunday Omar is still in Derby, the flat in Leeds fell through."),
                 ("Omar", "LIVES_IN", "Derby"), True, id="still-in-the-city-as-of"),
    pytest.param((None, "Bruno manages the Vega project."),
                 ("Bruno", "handed Vega over to Ines today, so odd not being the one who gets paged at 3am. they gave me Orion instead"),
                 ("Bruno", "MANAGES", "Vega project"), False, id="handover-today-negation-after-comma"),
    pytest.param((None, "Bruno works for Siemens."),
                 ("Bruno", "not at Siemens today, new boiler getting fitted"),
                 ("Bruno", "WORKS_FOR", "Siemens"), True, id="absence-today"),
    pytest.param((None, "Lotte works for EY."),
                 ("Lotte", "Dear Aunt Jo, you'll laugh: after ten years of tax returns I've gone from EY to a little bike shop in Ghent."),
                 ("Lotte", "WORKS_FOR", "EY"), False, id="you-will-laugh"),
    pytest.param((None, "Lotte works for EY."),
                 ("Lotte", "you won't believe it: after ten years of tax returns I've gone from EY to a little bike shop in Ghent."),
                 ("Lotte", "WORKS_FOR", "EY"), False, id="you-wont-believe-it"),
    pytest.param((None, "Lotte works for EY."),
                 ("Lotte", "you'll laugh: I might leave EY for a bike shop next year, who knows"),
                 ("Lotte", "WORKS_FOR", "EY"), True, id="a-plan-after-you-will-laugh"),
    pytest.param((None, "韩松喜欢视频会议。"),
                 ("韩松", "老实说，现在一听到开视频会议就头大，以后能发邮件就别开会了好吗"),
                 ("韩松", "LIKES", "视频会议"), False, id="last-clause-asks-with-ma"),
    pytest.param((None, "韩松喜欢视频会议。"), (None, "韩松现在还喜欢开视频会议吗"),
                 ("韩松", "LIKES", "视频会议"), True, id="a-question-with-ma"),
    pytest.param((None, "Esi manages the Kestrel project."),
                 ("Esi", "Kestrel got a new owner I haven't even met yet."),
                 ("Esi", "MANAGES", "Kestrel project"), False, id="new-owner-in-a-relative-clause"),
    pytest.param(("王丽", "我住在大连。"), ("王丽", "从大连到厦门，两个箱子一条狗，南方生活正式开启～"),
                 ("王丽", "LIVES_IN", "大连"), False, id="from-the-old-city-to-a-new-one"),
    pytest.param(("王丽", "我住在大连。"), ("王丽", "从大连到厦门出差三天，周五回来"),
                 ("王丽", "LIVES_IN", "大连"), True, id="from-the-old-city-on-a-trip"),
]


@pytest.mark.parametrize(("first", "later", "fact", "stays"), _CASES)
def test_a_later_turn_changes_the_fact_or_not(
    memory: TemporalGraphMemory, first: Turn, later: Turn, fact: Fact, stays: bool
) -> None:
    assert fact in facts_after(memory, [first])
    facts = facts_after(memory, [later])
    assert (fact in facts) is stays, facts


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


def test_a_new_lead_named_after_a_colon_takes_over(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "Esi manages the Kestrel project."), (None, "Kestrel has a new lead: Kojo.")])
    assert ("Kojo", "MANAGES", "Kestrel project") in facts, facts
