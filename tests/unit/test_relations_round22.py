"""Twenty-second round of the relation layer: general readings. A reminder to the readers ("in
case ppl missed it:", "if anyone's wondering,") is no condition on the news after it. Real SQLite
(``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.patterns.mood import unasserted

from ._facts import facts_after


@pytest.mark.parametrize(
    "later",
    [
        "in case ppl missed it: Rhea got poached by Siemens, she's been there since the 3rd.",
        "If anyone's wondering, Rhea got poached by Siemens last week.",
        "If you haven't heard yet, Rhea got poached by Siemens.",
    ],
)
def test_a_reminder_to_the_readers_does_not_hold_back_the_news(
    memory: TemporalGraphMemory, later: str
) -> None:
    facts = facts_after(memory, [(None, "Rhea Okafor works for Bosch."), (None, later)])
    assert ("Rhea Okafor", "WORKS_FOR", "Bosch") not in facts, facts


@pytest.mark.parametrize(
    "sentence",
    [
        "If Rita leaves, Sam will take over Project Titan.",
        "If anyone asks, Tom will move to Paris.",
        "In case the deal fails, Ada moves to Lyon.",
    ],
)
def test_a_real_condition_still_asserts_nothing(sentence: str) -> None:
    assert unasserted(sentence)


@pytest.mark.parametrize(
    "later",
    [
        "did anyone tell grandma that Hiro's lease in Nagoya ran out and he's living at his gf's in Kobe now??",
        "does Mum know that Hiro moved out of Nagoya?",
    ],
)
def test_news_in_a_question_about_who_knows_it_is_given_as_true(
    memory: TemporalGraphMemory, later: str
) -> None:
    facts = facts_after(memory, [(None, "Hiro lives in Nagoya."), (None, later)])
    assert ("Hiro", "LIVES_IN", "Nagoya") not in facts, facts


def test_a_question_about_knowing_a_thing_states_nothing(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "Hiro lives in Nagoya."), (None, "do you know that place in Nagoya?")])
    assert ("Hiro", "LIVES_IN", "Nagoya") in facts, facts


@pytest.mark.parametrize(
    ("first", "later", "speaker", "gone", "new"),
    [
        # (before this round the plan made the whole sentence say nothing: the doubt rule left
        # the old job unsure; now the quit is read and ends it)
        ("蒋涛在中国银行工作。", "蒋涛辞职了，打算先休息一段时间再说。", None,
         ("蒋涛", "WORKS_FOR", "中国银行"), None),
        ("张伟在华为工作。", "兄弟们我从华为跳到字节跳动了，下周一入职，请吃饭🍻", "张伟",
         ("张伟", "WORKS_FOR", "华为"), ("张伟", "WORKS_FOR", "字节跳动")),
        ("Nils works for Volvo.", "Nils left Volvo for Scania, and he'll start there on Monday.", None,
         ("Nils", "WORKS_FOR", "Volvo"), None),
    ],
)  # fmt: skip
def test_what_a_sentence_says_before_its_plan_holds(
    memory: TemporalGraphMemory,
    first: str,
    later: str,
    speaker: str | None,
    gone: tuple[str, str, str],
    new: tuple[str, str, str] | None,
) -> None:
    facts = facts_after(memory, [(speaker, first), (speaker, later)])
    assert gone not in facts, facts
    if new is not None:
        assert new in facts, facts
    ended = {
        (r.subject_name, r.type, r.object_name)
        for r in memory.relations(include_ended=True)
        if r.valid_to_step is not None
    }
    assert gone in ended, ended


@pytest.mark.parametrize(
    "later",
    [
        "Nils will leave Volvo for Scania next month.",
        "If the offer holds, Nils leaves Volvo, and he'll start at Scania on Monday.",
        "Is it true Nils left Volvo, or will he start at Scania in May?",
        "I've been in Gothenburg since Thursday helping Nils, back home to Volvo's town on Sunday.",
    ],
)
def test_a_plan_or_a_question_before_the_rest_still_says_nothing(
    memory: TemporalGraphMemory, later: str
) -> None:
    facts = facts_after(memory, [(None, "Nils works for Volvo."), (None, later)])
    assert ("Nils", "WORKS_FOR", "Scania") not in facts, facts
    ended = [r for r in memory.relations(include_ended=True) if r.valid_to_step is not None]
    assert not ended, ended


@pytest.mark.parametrize(
    "text",
    ["Especially for a German Shepherd like Biscuit, walks matter.", "A collie like Biscuit needs room."],
)
def test_like_after_one_of_a_kind_is_such_as(memory: TemporalGraphMemory, text: str) -> None:
    facts = facts_after(memory, [("Audrey", text)])
    assert not [f for f in facts if f[1] == "LIKES"], facts


def test_a_plural_subject_still_likes(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "Biscuit and Ana like jazz.")])
    assert ("Ana", "LIKES", "jazz") in facts, facts


@pytest.mark.parametrize(
    ("later", "new"),
    [
        ("Sarah got bumped up to VP and now i report to her replacement.", None),
        ("Sarah left, so now I report to her deputy Viktor.", ("Jamal", "REPORTS_TO", "Viktor")),
    ],
)
def test_her_before_a_person_noun_is_someone_else(
    memory: TemporalGraphMemory, later: str, new: tuple[str, str, str] | None
) -> None:
    facts = facts_after(memory, [(None, "Jamal reports to Sarah."), ("Jamal", later)])
    assert ("Jamal", "REPORTS_TO", "Sarah") not in facts, facts
    if new is not None:
        assert new in facts, facts


def test_her_alone_is_still_the_object(memory: TemporalGraphMemory) -> None:
    facts = facts_after(memory, [(None, "Jamal reports to Sarah."), ("Jamal", "I report to her now.")])
    assert ("Jamal", "REPORTS_TO", "Sarah") in facts, facts


@pytest.mark.parametrize(
    ("first", "later", "speaker", "doubted"),
    [
        ("Kofi works for Shopify.", "My husband Kofi got caught in the Shopify cuts back in March.",
         "Ama", ("Kofi", "WORKS_FOR", "Shopify")),
        # 直接 ("directly") is no 接 ("take over"): the sentence denies nothing
        ("曹阳在南京大学读书。", "本科毕业没直接工作，保研去了清华大学。", "曹阳",
         ("曹阳", "STUDIES_AT", "南京大学")),
    ],
)  # fmt: skip
def test_more_changes_leave_the_fact_unsure(
    memory: TemporalGraphMemory, first: str, later: str, speaker: str, doubted: tuple[str, str, str]
) -> None:
    facts = facts_after(memory, [(None, first), (speaker, later)])
    assert doubted not in facts, facts


@pytest.mark.parametrize(
    ("first", "speaker", "later", "doubted"),
    [
        ("Ingrid manages the Harbourfront project.", "Ingrid",
         "I've been handed Northgate, and Harbourfront went to a colleague.",
         ("Ingrid", "MANAGES", "Harbourfront project")),
        ("Wei Lin lives in Shenzhen.", "Wei Lin", "first night in the Hangzhou place!",
         ("Wei Lin", "LIVES_IN", "Shenzhen")),
    ],
)  # fmt: skip
def test_a_handover_or_a_first_night_in_other_words(
    memory: TemporalGraphMemory, first: str, speaker: str, later: str, doubted: tuple[str, str, str]
) -> None:
    facts = facts_after(memory, [(None, first), (speaker, later)])
    assert doubted not in facts, facts


def test_a_dotted_version_is_part_of_the_name() -> None:
    from recall_memory_plugins.nlp.offline import OfflineAnnotator

    memory = TemporalGraphMemory(":memory:", annotator=OfflineAnnotator())
    facts = facts_after(memory, [("Elif", "I'm running Loyalty 2.0 full time from this sprint.")])
    assert ("Elif", "MANAGES", "Loyalty 2.0") in facts, facts


def test_a_wedding_held_with_someone_else_leaves_the_old_marriage_unsure(
    memory: TemporalGraphMemory,
) -> None:
    facts = facts_after(
        memory, [(None, "彭涛和蒋雨结婚了。"), (None, "彭涛婚假回来啦！他和潘敏的婚礼办得超热闹，喜糖放前台了自取")]
    )
    assert ("彭涛", "MARRIED_TO", "潘敏") in facts, facts
    assert ("彭涛", "MARRIED_TO", "蒋雨") not in facts, facts
