"""Sixteenth round of the relation layer's rules (blind batches 102-109): a question mark that asks
nothing ("刘洋辞职了你们知道吗？", a first-person "I can't stand it now??" in a chat) no longer hides
the change it follows, and "X is done with me" is no project status. Real SQLite
(``:memory:``), offline annotator; no mocks. The sentences are written for these tests, not
taken from the batches.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

from ._facts import Case, after_turns

_RHETORICAL: list[Case] = [
    # a tag question after a change: the change is said
    (None, "王磊在京东工作。", "王磊离职了你们知道吗？京东那边上周就走了。", ("王磊", "WORKS_FOR", "京东"), False),
    (None, "吴静住在厦门。", "吴静搬走了你知道吗？厦门的房子都退了。", ("吴静", "LIVES_IN", "厦门"), False),
    # a first-person "??" in a chat: surprise, not a question
    ("Noor", "I like tea.", "two months off tea and honestly I can't stand the taste of it now??",
     ("Noor", "LIKES", "tea"), False),
    # look-alikes: real questions still doubt nothing
    (None, "王磊在京东工作。", "王磊离职了吗？", ("王磊", "WORKS_FOR", "京东"), True),
    ("Noor", "I like tea.", "do I still like tea??", ("Noor", "LIKES", "tea"), True),
    (None, "Noor likes tea.", "Noor can't stand tea now??", ("Noor", "LIKES", "tea"), True),
]


@pytest.mark.parametrize("case", _RHETORICAL)
def test_a_question_mark_that_asks_nothing(memory: TemporalGraphMemory, case: Case) -> None:
    speaker, first, later, fact, stays = case
    facts = after_turns(memory, speaker, first, later)
    assert (fact in facts) is stays, facts


def test_done_with_someone_is_no_project_status(memory: TemporalGraphMemory) -> None:
    facts = after_turns(memory, "Ahmed",
                        "Walked across the stage today. U of T is done with me and I'm done with it.")
    assert not any(f[1] == "STATUS" for f in facts), facts
    # a project that is done still is
    assert ("Project Kite", "STATUS", None) in after_turns(memory, None, "Project Kite is done.")


def test_a_company_has_no_project_status(memory: TemporalGraphMemory) -> None:
    facts = after_turns(memory, "Sofia", "I work for Inditex.", "Final shift at Inditex is done. No plan B.")
    assert not any(f[1] == "STATUS" for f in facts), facts
