"""Eighteenth round of the relation layer's rules (blind batches 126-129): a Chinese sentence that
opens with a school or firm lends it to no later clause as a subject (南京大学本科读完了，现在在复旦读研
is not 南京大学 studying at 复旦); a person named after the last clause that says a change is not
the one who changed (…离职手续也办好了，准备陪张伟去趟海南 is the speaker's); 离职 and 入职 are
changes, as are a project that ended (叫停, 结项, "got axed") and a taste given up (不敢碰了); "A →
B" is a move from A; "once I own" is a condition; a person "shipped off" to a team
has no project status; a farewell for the boss leaves the reporting line unsure. Real SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for
these tests, not taken from the batches.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

from ._facts import Case, after_turns, assert_case

_CASES: list[Case] = [
    # the speaker's change, with someone named only in a later clause
    ("孙丽", "我在华为工作。", "上周把电脑还了，离职手续也办好了，准备陪张伟去趟海南。",
     ("孙丽", "WORKS_FOR", "华为"), False),
    # someone else's change: the speaker's job stays
    ("孙丽", "我在华为工作。", "张伟上个月离职了，现在在家带孩子。", ("孙丽", "WORKS_FOR", "华为"), True),
    # 入职 a new firm is a change of job
    ("赵强", "我在京东工作。", "入职美团第一周，感觉节奏比以前快。", ("赵强", "WORKS_FOR", "京东"), False),
    # a move said with an arrow; a condition with "once" owns nothing
    ("Lucia", "I live in Seville.", "the whole seville → Bilbao thing, my arms hurt lol, visit once i buy chairs",
     ("Lucia", "LIVES_IN", "Seville"), False),
    # a farewell for the boss leaves the reporting line unsure; a farewell the boss attends does not
    (None, "Ana reports to Kofi.", "Cake at 4 in the kitchen for Kofi's send-off.", ("Ana", "REPORTS_TO", "Kofi"), False),
    (None, "Ana reports to Kofi.", "Kofi gave a speech at Ana's send-off.", ("Ana", "REPORTS_TO", "Kofi"), True),
    (None, "吴敏的上级是马军。", "今天给马总办了欢送会，大家都有点舍不得。", ("吴敏", "REPORTS_TO", "马军"), False),
    # a project that ended takes its manager with it; a plan that got scrapped changes nothing
    ("韩冬", "我负责北斗项目。", "北斗项目上周被公司叫停了，我这两天先整理文档。", ("韩冬", "MANAGES", "北斗项目"), False),
    ("Kim", "I manage the Falcon project.", "Falcon got axed in the budget review.",
     ("Kim", "MANAGES", "Falcon project"), False),
    # a taste given up: 一口都不敢碰了, with a colleague named after it
    ("曹颖", "我喜欢奶茶。", "体检以后奶茶一口都不敢喝了，同事小王天天笑我。", ("曹颖", "LIKES", "奶茶"), False),
    # fallen out of love with a thing named earlier in the text
    ("Sven", "I like opera.", "Opera night with Tove again. Honestly I've fallen out of love with the whole thing.",
     ("Sven", "LIKES", "opera"), False),
    # the one a letter is addressed to is not the one who changed; "you'll remember" is no future
    ("Hana", "I'm married to Oren.", "Dear Aunt Rosa, you'll remember the divorce went through in May.",
     ("Hana", "MARRIED_TO", "Oren"), False),
    ("Kim", "I report to Dana.", "I'm sending my updates to Ruth while Dana is on holiday.", ("Kim", "REPORTS_TO", "Dana"), True),
    # a school that opens the sentence is its topic: the speaker left it
    ("刘洋", "我在南京大学读书。", "南京大学本科读完了，现在在复旦大学读研。",
     ("刘洋", "STUDIES_AT", "南京大学"), False),
]


@pytest.mark.parametrize("case", _CASES)
def test_a_later_statement_leaves_the_fact_or_keeps_it(memory: TemporalGraphMemory, case: Case) -> None:
    assert_case(memory, case)


def test_a_school_that_opens_the_sentence_studies_nowhere(memory: TemporalGraphMemory) -> None:
    facts = after_turns(memory, "刘洋", "我在南京大学读书。", "南京大学本科读完了，现在在复旦大学读研。")
    assert not any(f[0] == "南京大学" for f in facts), facts


def test_once_i_own_a_sofa_owns_nothing(memory: TemporalGraphMemory) -> None:
    facts = after_turns(memory, "Lucia", "I live in Seville.", "come visit once i own a sofa")
    assert not any(f[1] == "OWNS" for f in facts), facts


def test_a_person_shipped_off_to_a_team_has_no_status(memory: TemporalGraphMemory) -> None:
    facts = after_turns(memory, None, "Lena reports to Thomas.", "Jonas got shipped off to Marketing, lucky him.")
    assert not any(f[1] == "STATUS" for f in facts), facts
    facts = after_turns(memory, None, "Project Echo was shipped last week.")
    assert ("Project Echo", "STATUS", None) in facts, facts  # a project still has one


def test_a_time_before_a_join_names_no_firm(memory: TemporalGraphMemory) -> None:
    facts = after_turns(memory, None, "周强在联想工作。", "周强已被京东挖走，并于上周一正式入职其物流部门。")
    assert ("周强", "WORKS_FOR", "京东") in facts, facts
    assert not any(f[1] == "WORKS_FOR" and "周" in str(f[2]) for f in facts), facts
