"""Round 51 (E): a job change told in chat words -- a notice given or a quit told in Chinese ends
the job, a move to a firm told with the work done there starts one; visits, times and notices to
a person change nothing."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

AT = datetime(2024, 5, 8, 18, tzinfo=timezone.utc)


def _jobs(first: str, then: str, speaker: str = "user") -> dict[str, bool]:
    """Current employers after ``then`` (name -> unsure?)."""
    m = TemporalGraphMemory(":memory:", annotator="offline")
    m.add(first, speaker=speaker, at=AT)
    m.add(then, speaker=speaker, at=AT)
    rels = m.relations(speaker, type="WORKS_FOR", include_unsure=True)
    return {r.object_name: r.attributes.get("unsure") == "true" for r in rels}


@pytest.mark.parametrize(
    "then",
    ["我去小红书做内容运营了", "我去小红书上班了", "我跳槽去小红书做产品经理了", "我去了小红书工作"],
)
def test_zh_going_to_work_at_a_firm_is_a_join(then: str) -> None:
    jobs = _jobs("我在奥美做广告文案", then)
    assert "小红书" in jobs and not jobs["小红书"]
    assert "奥美" not in jobs or jobs["奥美"]


@pytest.mark.parametrize("then", ["我在奥美提了离职", "我从奥美裸辞了", "我向奥美递了辞呈"])
def test_zh_notice_or_quit_ends_the_job(then: str) -> None:
    assert "奥美" not in _jobs("我在奥美做广告文案", then)


@pytest.mark.parametrize("then", ["我去小红书看看攻略", "我去星巴克买咖啡", "周末去星巴克坐坐"])
def test_zh_a_visit_is_no_job(then: str) -> None:
    jobs = _jobs("我在奥美做广告文案", then)
    assert jobs == {"奥美": False}


@pytest.mark.parametrize(
    "then",
    ["I handed in my notice at Halvorsen & Tate.", "I'm giving notice at Halvorsen & Tate.", "I put in my two weeks at Halvorsen & Tate."],
)
def test_en_notice_at_the_firm_is_not_current(then: str) -> None:
    jobs = _jobs("I'm a senior accountant at Halvorsen & Tate.", then)
    assert "Halvorsen & Tate" not in jobs or jobs["Halvorsen & Tate"]


def test_en_started_at_a_firm_is_a_join() -> None:
    jobs = _jobs("I work at Target.", "I started at Fernbrook last week.", speaker="Luis")
    assert "Fernbrook" in jobs and not jobs["Fernbrook"]


def test_en_a_time_is_no_employer() -> None:
    assert "Target" in _jobs("I work at Target.", "My shift is starting at 9am.", speaker="Luis")


@pytest.mark.parametrize("then", ["A startup called Fernbrook is hiring.", "My last day of vacation was great."])
def test_en_look_alikes_change_nothing(then: str) -> None:
    assert _jobs("I work at Target.", then, speaker="Luis") == {"Target": False}


@pytest.mark.parametrize(
    ("then", "new"),
    [
        # (round 52: "... on May 20" said on 8 May is a plan: tests/unit/test_relations_round52_b.py)
        ("soooo I quit Target. starting at a startup called Fernbrook", "Fernbrook"),
        ("I quit Target, started at a small agency named Brightline last week.", "Brightline"),
    ],
)
def test_en_a_start_told_after_the_quit_is_the_new_job(then: str, new: str) -> None:
    jobs = _jobs("I work at Target.", then, speaker="Luis")
    assert jobs == {new: False}


@pytest.mark.parametrize(
    "then",
    ["I started talking to a guy called Fernbrook.", "The party is starting at Fernbrook's place at 8."],
)
def test_en_no_person_starting_at_a_firm_changes_nothing(then: str) -> None:
    jobs = _jobs("I work at Target.", then, speaker="Luis")
    assert "Fernbrook" not in jobs and "Target" in jobs


def test_en_finished_a_degree_at_the_school_ends_the_studies() -> None:
    m = TemporalGraphMemory(":memory:", annotator="offline")
    m.add("Rohan studies at Imperial College.", at=AT)
    m.add("Rohan finished his MSc at Imperial College in Sept, started at Arup in Oct.", at=AT)
    facts = {(r.type, r.object_name) for r in m.relations("Rohan")}
    assert ("STUDIES_AT", "Imperial College") not in facts and ("WORKS_FOR", "Arup") in facts


def test_read_changes_end_what_was_only_doubted_before() -> None:
    """Two cases the doubt tests kept as unreadable (left unsure) are read now: the old fact ends."""
    m = TemporalGraphMemory(":memory:", annotator="offline")
    m.add("Nia studies at MIT.", at=AT)
    m.add("Nia completed her PhD at MIT this spring.", at=AT)
    assert not [r for r in m.relations("Nia", include_unsure=True) if r.type == "STUDIES_AT"]
    jobs = _jobs("I work at Deloitte.", "Started at Stripe this week after four years at Deloitte!", speaker="Sofia")
    assert jobs == {"Stripe": False}
