"""``backdate`` as a pure function: the changes decided for a statement dated before the current
facts they touch (``engine/relations/backdated.py``)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import datetime, timedelta, timezone

from recall_memory_plugins.engine.relations import RelationProposal, decide_changes
from recall_memory_plugins.engine.relations.backdated import backdate
from recall_memory_plugins.engine.relations.updates import unsure_version
from recall_memory_plugins.models import Relation, RelationChange
from tests.unit.test_relations_updates import EXCLUSIVE
from tests.unit.test_relations_updates import rel as updates_rel

MARCH = datetime(2024, 3, 1, tzinfo=timezone.utc)
JANUARY = datetime(2024, 1, 1, tzinfo=timezone.utc)


def rel(rid: str, subject: str, type_: str, obj: str | None, since: datetime) -> Relation:
    return replace(updates_rel(rid, subject, type_, obj), valid_from=since, recorded_at=since)


def plan(current: list[Relation], when: datetime, *proposals: RelationProposal) -> list[tuple]:
    counter = itertools.count(1)
    changes = decide_changes(
        current, proposals, exclusivity=EXCLUSIVE, new_id=lambda: f"new{next(counter)}"
    )
    return [
        (c.op, c.relation_id, c.object_id, c.superseded_by, c.valid_to)
        for c in backdate(changes, current, when)
    ]


ROME = rel("rome", "alice", "LIVES_IN", "Rome", MARCH)


def test_a_value_older_than_the_current_one_is_history_until_it_began() -> None:
    assert plan([ROME], JANUARY, RelationProposal("alice", "LIVES_IN", "Paris")) == [
        ("add", "new1", "Paris", "rome", MARCH)
    ]


def test_a_value_at_or_after_the_current_one_replaces_it() -> None:
    for when in (MARCH, MARCH + timedelta(days=1)):
        assert plan([ROME], when, RelationProposal("alice", "LIVES_IN", "Paris")) == [
            ("add", "new1", "Paris", None, None),
            ("end", "rome", None, "new1", None),
        ]


def test_an_older_negation_or_doubt_leaves_a_newer_fact_alone() -> None:
    negation = RelationProposal("alice", "LIVES_IN", "Rome", negated=True)
    assert plan([ROME], JANUARY, negation) == []
    doubt = unsure_version(ROME, 0)
    assert plan([ROME], JANUARY, doubt) == []
    # the same doubt dated after Rome began marks it unsure, as before
    assert [c[0] for c in plan([ROME], MARCH + timedelta(days=1), doubt)] == ["add", "end"]


def test_only_the_newer_facts_are_spared() -> None:
    # Bob's employer began before the statement, Alice's home after it
    acme = rel("acme", "bob", "WORKS_FOR", "Acme", JANUARY - timedelta(days=30))
    changes = plan(
        [ROME, acme],
        JANUARY,
        RelationProposal("alice", "LIVES_IN", "Paris"),
        RelationProposal("bob", "WORKS_FOR", "Bosch"),
    )
    assert changes == [
        ("add", "new1", "Paris", "rome", MARCH),
        ("add", "new2", "Bosch", None, None),
        ("end", "acme", None, "new2", None),
    ]


def test_an_older_turned_taste_is_history_beside_the_newer_taste() -> None:
    # "I love jazz" (March), then "I can't stand jazz anymore" dated January: the plan ends the
    # liking without naming a successor and adds the dislike
    likes = rel("likes", "mia", "LIKES", "jazz", MARCH)
    changes = [
        RelationChange(op="add", relation_id="dis", subject_id="mia", type="DISLIKES", object_id="jazz"),
        RelationChange(op="end", relation_id="likes"),
    ]
    out = backdate(changes, [likes], JANUARY)
    assert [(c.op, c.relation_id, c.superseded_by, c.valid_to) for c in out] == [
        ("add", "dis", "likes", MARCH)
    ]
    # a new taste of another thing is not the newer one's history
    other = RelationChange(op="add", relation_id="blues", subject_id="mia", type="LIKES", object_id="blues")
    out = backdate([*changes, other], [likes], JANUARY)
    assert [(c.relation_id, c.valid_to) for c in out] == [("dis", MARCH), ("blues", None)]


def test_history_clips_the_ended_fact_it_falls_inside() -> None:
    paris = replace(rel("paris", "alice", "LIVES_IN", "Paris", JANUARY - timedelta(days=60)), valid_to_step=2, valid_to=MARCH, superseded_by="rome")
    lyon = replace(rel("lyon", "bob", "LIVES_IN", "Lyon", JANUARY - timedelta(days=60)), valid_to_step=2, valid_to=MARCH)
    counter = itertools.count(1)
    changes = decide_changes([ROME], [RelationProposal("alice", "LIVES_IN", "Berlin")], exclusivity=EXCLUSIVE, new_id=lambda: f"new{next(counter)}")
    asked: list[tuple[str, str, str]] = []

    def ended(side: str, entity: str, type_: str) -> list[Relation]:
        asked.append((side, entity, type_))
        return [r for r in (paris, lyon, ROME) if r.subject_id == entity]

    out = backdate(changes, [ROME], JANUARY, EXCLUSIVE, ended)
    assert [(c.op, c.relation_id, c.superseded_by, c.valid_to) for c in out] == [
        ("add", "new1", "rome", MARCH),
        ("clip", "paris", "new1", JANUARY),
    ]
    assert asked == [("subject", "alice", "LIVES_IN")]
    # nothing backdated: nothing is read
    asked.clear()
    backdate(changes, [ROME], MARCH + timedelta(days=1), EXCLUSIVE, ended)
    assert asked == []


def test_an_older_role_at_the_same_employer_is_history() -> None:
    engineer = replace(rel("acme", "alice", "WORKS_FOR", "Acme", MARCH), attributes={"role": "engineer"})
    intern = RelationProposal("alice", "WORKS_FOR", "Acme", {"role": "intern"})
    assert plan([engineer], JANUARY, intern) == [("add", "new1", "Acme", "acme", MARCH)]
    # the same role told earlier is a repeat: nothing to record
    assert [c[0] for c in plan([engineer], JANUARY, RelationProposal("alice", "WORKS_FOR", "Acme", {"role": "engineer"}))] == ["confirm"]


def test_an_earlier_period_of_a_repeated_value_is_history_of_its_own() -> None:
    may, july = MARCH + timedelta(days=61), MARCH + timedelta(days=122)
    on_hold = replace(rel("hold2", "atlas", "STATUS", None, july), attributes={"status": "on hold"})
    working = replace(
        rel("work", "atlas", "STATUS", None, may),
        attributes={"status": "in progress"}, valid_to_step=3, valid_to=july, superseded_by="hold2",
    )
    told = RelationProposal("atlas", "STATUS", None, {"status": "on hold"})
    counter = itertools.count(1)
    changes = decide_changes([on_hold], [told], exclusivity=EXCLUSIVE, new_id=lambda: f"new{next(counter)}")
    assert [c.op for c in changes] == ["confirm"]  # the same value as the current one
    out = backdate(changes, [on_hold], MARCH, EXCLUSIVE, lambda *_: [working, on_hold], lambda: "hist")
    assert [(c.op, c.relation_id, dict(c.attributes), c.superseded_by, c.valid_to) for c in out] == [
        ("add", "hist", {"status": "on hold"}, "work", may)
    ]
    # with nothing between the two, it is the same period: a confirmation
    out = backdate(changes, [on_hold], MARCH, EXCLUSIVE, lambda *_: [on_hold], lambda: "hist")
    assert [c.op for c in out] == ["confirm"]
