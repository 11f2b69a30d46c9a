"""Sixteenth round of the relation layer's rules (blind batches 102-109): a question mark that asks
nothing ("刘洋辞职了你们知道吗？", a first-person "I can't stand it now??" in a chat) no longer hides
the change it follows, and "X is done with me" is no project status. Real SQLite
(``:memory:``), offline annotator; no mocks. The sentences are written for these tests, not
taken from the batches.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

from ._facts import Case, after_turns, assert_case

_RHETORICAL: list[Case] = [
    # a tag question after a change: the change is said
    (None, "王磊在京东工作。", "王磊离职了你们知道吗？京东那边上周就走了。", ("王磊", "WORKS_FOR", "京东"), False),
    (None, "吴静住在厦门。", "吴静搬走了你知道吗？厦门的房子都退了。", ("吴静", "LIVES_IN", "厦门"), False),
    # news asked as a question: the news is said
    (None, "Ingrid works for Sonos.", "did you hear Ingrid got let go??", ("Ingrid", "WORKS_FOR", "Sonos"), False),
    (None, "Ingrid works for Sonos.", "did you hear whether Ingrid is still at Sonos?",
     ("Ingrid", "WORKS_FOR", "Sonos"), True),
    # a first-person "??" in a chat: surprise, not a question
    ("Noor", "I like tea.", "two months off tea and honestly I can't stand the taste of it now??",
     ("Noor", "LIKES", "tea"), False),
    # look-alikes: real questions still doubt nothing
    (None, "王磊在京东工作。", "王磊离职了吗？", ("王磊", "WORKS_FOR", "京东"), True),
    ("Noor", "I like tea.", "do I still like tea??", ("Noor", "LIKES", "tea"), True),
    (None, "Noor likes tea.", "Noor can't stand tea now??", ("Noor", "LIKES", "tea"), True),
]


def test_done_with_someone_is_no_project_status(memory: TemporalGraphMemory) -> None:
    facts = after_turns(memory, "Ahmed",
                        "Walked across the stage today. U of T is done with me and I'm done with it.")
    assert not any(f[1] == "STATUS" for f in facts), facts
    # a project that is done still is
    assert ("Project Kite", "STATUS", None) in after_turns(memory, None, "Project Kite is done.")


def test_a_company_has_no_project_status(memory: TemporalGraphMemory) -> None:
    facts = after_turns(memory, "Sofia", "I work for Inditex.", "Final shift at Inditex is done. No plan B.")
    assert not any(f[1] == "STATUS" for f in facts), facts


_SENTENCES_TITLES_AND_PAIRS: list[Case] = [
    # a question after a sentence end the annotator did not split at asks only for itself
    ("Beatriz", "I'm married to Tomas.",
     "the divorce papers are signed as of this morning 🥂 Tomas gets the car. drinks friday?",
     ("Beatriz", "MARRIED_TO", "Tomas"), False),
    ("Beatriz", "I'm married to Tomas.", "are Tomas and I still going to the wedding friday?",
     ("Beatriz", "MARRIED_TO", "Tomas"), True),
    # "no more" beside "today" is a change, not an absence
    ("Lena", "I study at KTH.", "picked up my diploma today 🎓 no more KTH exam weeks",
     ("Lena", "STUDIES_AT", "KTH"), False),
    ("Lena", "I work for Sonos.", "I'm not at Sonos today, dentist appointment",
     ("Lena", "WORKS_FOR", "Sonos"), True),
    ("Jonas", "I work for Bosch.", "officially ex-Bosch now. handed my badge back today. no plan yet, gonna sleep for a week",
     ("Jonas", "WORKS_FOR", "Bosch"), False),
    # "X and I are done": the couple split; a change near "today" with a negation elsewhere
    ("Gemma", "I'm married to Lewis.",
     "the lawyer rang this morning, Lewis and I are officially done. wine or tea, haven't decided",
     ("Gemma", "MARRIED_TO", "Lewis"), False),
    # words of an end: a final day, 迁居, answering to someone new
    ("Sofia", "I work for Inditex.", "After nine years, today is my final day at Inditex.",
     ("Sofia", "WORKS_FOR", "Inditex"), False),
    ("Sofia", "I work for Inditex.", "final day of the Lisbon conference today, then back to Inditex on Monday",
     ("Sofia", "WORKS_FOR", "Inditex"), True),
    (None, "周敏住在杭州。", "客服备注：周敏来电称已于上月从杭州迁居成都。", ("周敏", "LIVES_IN", "杭州"), False),
    (None, "周敏住在杭州。", "周敏的邻居迁居成都了。", ("周敏", "LIVES_IN", "杭州"), True),
    (None, "Ravi reports to Claudia.", "Ravi is answering to Dominik now that Claudia has moved on.",
     ("Ravi", "REPORTS_TO", "Claudia"), False),
    (None, "Ravi reports to Claudia.", "Ravi says Claudia answered all his questions today.",
     ("Ravi", "REPORTS_TO", "Claudia"), True),
    # a change announced "effective Monday" or "going forward" is said; a plan is not
    (None, "Ravi reports to Claudia.", "Effective Monday, Ravi's whole team will report to Dominik.",
     ("Ravi", "REPORTS_TO", "Claudia"), False),
    (None, "Ines manages the Lumen project.", "Going forward Lumen will be run by Kai, as Ines moves to sales.",
     ("Ines", "MANAGES", "Lumen project"), False),
    (None, "Ravi reports to Claudia.", "Ravi might report to Dominik, effective Monday, if HR agrees.",
     ("Ravi", "REPORTS_TO", "Claudia"), True),
    # a liked thing named by a word of it beside the opposite feeling
    ("Mira", "I like open-plan offices.", "a month in the open-plan area now and honestly I can't stand it",
     ("Mira", "LIKES", "open-plan offices"), False),
    (None, "黄涛喜欢远程办公。", "黄涛说在家办公一年，现在真受不了了。", ("黄涛", "LIKES", "远程办公"), False),
    ("Mira", "I like open-plan offices.", "honestly I can't stand the new coffee machine",
     ("Mira", "LIKES", "open-plan offices"), True),
    # a title before a full name is the same person
    (None, "Priya Raman likes oysters.",
     "Booking note for Mrs. Priya Raman: she can't stand oysters since last summer.",
     ("Priya Raman", "LIKES", "oysters"), False),
    # 他俩: the pair named before
    (None, "高伟和陈丽结婚了。", "他俩去年就把离婚手续办完了。", ("高伟", "MARRIED_TO", "陈丽"), False),
    (None, "高伟和陈丽结婚了。", "他俩上周去三亚度假了。", ("高伟", "MARRIED_TO", "陈丽"), True),
]


@pytest.mark.parametrize("case", _RHETORICAL + _SENTENCES_TITLES_AND_PAIRS)
def test_a_later_statement_leaves_the_fact_or_keeps_it(memory: TemporalGraphMemory, case: Case) -> None:
    facts = assert_case(memory, case)
    assert not any(f[0].startswith(("Mrs. ", "Ms. ")) for f in facts), facts


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I'm married to Tomas.", ("Beatriz", "MARRIED_TO", "Tomas")),
        ("I am working for Sonos these days.", ("Beatriz", "WORKS_FOR", "Sonos")),
        ("I'm living in Leeds.", ("Beatriz", "LIVES_IN", "Leeds")),
        ("I'm studying at KTH.", ("Beatriz", "STUDIES_AT", "KTH")),
    ],
)
def test_the_speaker_says_i_am(memory: TemporalGraphMemory, said: str, fact: tuple[str, str, str]) -> None:
    """ "I'm"/"I am" read as "she is": a chat's most common way to state a fact."""
    assert fact in after_turns(memory, "Beatriz", said)


@pytest.mark.parametrize("said", ["I'm moving to Leeds next year.", "I'm not married to Tomas anymore.",
                                  "I'm not working for Sonos."])
def test_the_speaker_says_i_am_not_or_will(memory: TemporalGraphMemory, said: str) -> None:
    facts = after_turns(memory, "Beatriz", said)
    assert not any(f[0] == "Beatriz" for f in facts), facts


def test_no_taste_for_each_other_or_a_smell_and_no_home_in_an_office(memory: TemporalGraphMemory) -> None:
    facts = after_turns(memory, None, "Chen and Dmitri can't stand each other.",
                        "Aisha says she can't stand the taste anymore.",
                        "Daniel moved to the Singapore office last month.")
    assert not any(f[1] in ("LIKES", "DISLIKES") for f in facts), facts
    assert not any(f[1] == "LIVES_IN" and f[2] and "office" in f[2] for f in facts), facts
    # a city is still a home
    assert ("Tom", "LIVES_IN", "Singapore") in after_turns(memory, None, "Tom moved to Singapore.")
