"""The relation update rules as a pure function: current relations + proposals -> changes."""

from __future__ import annotations

import itertools
from datetime import datetime, timezone

from recall_memory_plugins.engine.relations import (
    RelationProposal,
    decide_changes,
    exclusivity_table,
)
from recall_memory_plugins.models import Relation

T0 = datetime(2025, 1, 1, tzinfo=timezone.utc)
EXCLUSIVE = exclusivity_table(
    ["WORKS_FOR", "LIVES_IN", "REPORTS_TO", "MANAGES", "HAS_ROLE_IN", "STATUS"]
)


def rel(
    rid: str,
    subject: str,
    type_: str,
    obj: str | None,
    *,
    step: int = 1,
    attributes: dict[str, str] | None = None,
    ended: int | None = None,
) -> Relation:
    return Relation(
        namespace="ns",
        id=rid,
        subject_id=subject,
        type=type_,
        object_id=obj,
        subject_name=subject,
        object_name=obj,
        attributes=attributes or {},
        valid_from_step=step,
        valid_from=T0,
        recorded_at=T0,
        valid_to_step=ended,
    )


def decide(current: list[Relation], *proposals: RelationProposal) -> list[tuple[object, ...]]:
    counter = itertools.count(1)
    changes = decide_changes(
        current, proposals, exclusivity=EXCLUSIVE, new_id=lambda: f"new{next(counter)}"
    )
    return [
        (
            c.op,
            c.relation_id,
            c.subject_id,
            c.type,
            c.object_id,
            dict(c.attributes),
            c.superseded_by,
        )
        for c in changes
    ]


def test_exclusivity_sides_are_documented_per_type() -> None:
    assert EXCLUSIVE == {
        "WORKS_FOR": "subject",
        "LIVES_IN": "subject",
        "REPORTS_TO": "subject",
        "MANAGES": "object",
        "HAS_ROLE_IN": "pair",
        "STATUS": "subject",
    }
    assert exclusivity_table(["manages:subject", "FOUNDED"]) == {
        "MANAGES": "subject",
        "FOUNDED": "subject",
    }


def test_a_new_fact_is_added() -> None:
    assert decide([], RelationProposal("alice", "LIKES", "coffee")) == [
        ("add", "new1", "alice", "LIKES", "coffee", {}, None)
    ]


def test_a_repeat_confirms_once_and_never_duplicates() -> None:
    current = [rel("r1", "alice", "LIKES", "coffee")]
    p = RelationProposal("alice", "LIKES", "coffee")
    assert decide(current, p, p) == [("confirm", "r1", "", "", None, {}, None)]


def test_a_repeat_without_attributes_keeps_the_stored_attributes() -> None:
    current = [rel("r1", "zs", "WORKS_FOR", "sales", attributes={"role": "经理"})]
    assert decide(current, RelationProposal("zs", "WORKS_FOR", "sales")) == [
        ("confirm", "r1", "", "", None, {}, None)
    ]


def test_changed_attributes_end_the_old_version_and_merge_into_the_new_one() -> None:
    current = [rel("r1", "ken", "WORKS_FOR", "sales", attributes={"role": "manager", "x": "1"})]
    out = decide(current, RelationProposal("ken", "WORKS_FOR", "sales", {"role": "director"}))
    assert out == [
        ("add", "new1", "ken", "WORKS_FOR", "sales", {"role": "director", "x": "1"}, None),
        ("end", "r1", "", "", None, {}, "new1"),
    ]


def test_subject_exclusive_type_supersedes_the_old_value() -> None:
    current = [rel("r1", "alice", "WORKS_FOR", "initech"), rel("r2", "alice", "LIKES", "tea")]
    out = decide(current, RelationProposal("alice", "WORKS_FOR", "globex"))
    assert out == [
        ("add", "new1", "alice", "WORKS_FOR", "globex", {}, None),
        ("end", "r1", "", "", None, {}, "new1"),
    ]


def test_object_exclusive_manages_supersedes_the_previous_manager_only() -> None:
    current = [
        rel("r1", "zhangsan", "MANAGES", "spark"),
        rel("r2", "zhangsan", "MANAGES", "other-project"),
    ]
    out = decide(current, RelationProposal("wangwu", "MANAGES", "spark"))
    assert out == [
        ("add", "new1", "wangwu", "MANAGES", "spark", {}, None),
        ("end", "r1", "", "", None, {}, "new1"),
    ]


def test_pair_exclusive_role_changes_within_one_project_only() -> None:
    current = [
        rel("r1", "liam", "HAS_ROLE_IN", "nova", attributes={"role": "designer"}),
        rel("r2", "liam", "HAS_ROLE_IN", "atlas", attributes={"role": "reviewer"}),
    ]
    out = decide(current, RelationProposal("liam", "HAS_ROLE_IN", "nova", {"role": "lead"}))
    assert out == [
        ("add", "new1", "liam", "HAS_ROLE_IN", "nova", {"role": "lead"}, None),
        ("end", "r1", "", "", None, {}, "new1"),
    ]


def test_status_is_one_value_per_subject() -> None:
    current = [rel("r1", "spark", "STATUS", None, attributes={"status": "development"})]
    out = decide(current, RelationProposal("spark", "STATUS", None, {"status": "testing"}))
    assert out == [
        ("add", "new1", "spark", "STATUS", None, {"status": "testing"}, None),
        ("end", "r1", "", "", None, {}, "new1"),
    ]


def test_non_exclusive_types_accumulate() -> None:
    current = [rel("r1", "brandon", "LIKES", "coffee")]
    out = decide(current, RelationProposal("brandon", "LIKES", "cats"))
    assert out == [("add", "new1", "brandon", "LIKES", "cats", {}, None)]


def test_negation_ends_without_successor_and_ignores_unknown_facts() -> None:
    current = [rel("r1", "carol", "LIVES_IN", "london")]
    out = decide(
        current,
        RelationProposal("carol", "LIVES_IN", "london", negated=True),
        RelationProposal("carol", "LIKES", "tea", negated=True),  # nothing to end
    )
    assert out == [("end", "r1", "", "", None, {}, None)]


def test_negation_then_takeover_links_the_successor() -> None:
    """张三不再负责星火计划了，现在由王五接手。"""
    current = [rel("r1", "zhangsan", "MANAGES", "spark")]
    out = decide(
        current,
        RelationProposal("zhangsan", "MANAGES", "spark", negated=True),
        RelationProposal("wangwu", "MANAGES", "spark", statement_index=0),
    )
    assert out == [
        ("end", "r1", "", "", None, {}, "new1"),
        ("add", "new1", "wangwu", "MANAGES", "spark", {}, None),
    ]


def test_left_and_joined_supersedes_the_old_employer() -> None:
    current = [rel("r1", "ivan", "WORKS_FOR", "initech")]
    out = decide(
        current,
        RelationProposal("ivan", "WORKS_FOR", "initech", negated=True),
        RelationProposal("ivan", "WORKS_FOR", "hooli"),
    )
    assert out == [
        ("end", "r1", "", "", None, {}, "new1"),
        ("add", "new1", "ivan", "WORKS_FOR", "hooli", {}, None),
    ]


def test_explicit_ends_replace_exactly_the_named_relation() -> None:
    current = [rel("r1", "alice", "LIKES", "tea"), rel("r2", "alice", "LIKES", "coffee")]
    out = decide(current, RelationProposal("alice", "LIKES", "cocoa", ends=("r2", "missing")))
    assert out == [
        ("add", "new1", "alice", "LIKES", "cocoa", {}, None),
        ("end", "r2", "", "", None, {}, "new1"),
    ]


def test_only_current_relations_are_ever_ended() -> None:
    current = [rel("r0", "alice", "WORKS_FOR", "acme", ended=3)]
    out = decide(
        current,
        RelationProposal("alice", "WORKS_FOR", "acme", negated=True, ends=("r0",)),
        RelationProposal("alice", "WORKS_FOR", "globex", ends=("r0",)),
    )
    assert out == [("add", "new1", "alice", "WORKS_FOR", "globex", {}, None)]


def test_a_contradiction_within_one_update_keeps_the_last_value_only() -> None:
    out = decide(
        [],
        RelationProposal("bob", "LIVES_IN", "berlin"),
        RelationProposal("bob", "LIVES_IN", "paris"),
    )
    assert out == [("add", "new2", "bob", "LIVES_IN", "paris", {}, None)]


def test_a_negation_of_a_fact_added_by_the_same_update_is_ignored() -> None:
    out = decide(
        [],
        RelationProposal("bob", "LIKES", "tea"),
        RelationProposal("bob", "LIKES", "tea", negated=True),
    )
    assert out == [("add", "new1", "bob", "LIKES", "tea", {}, None)]


def test_statement_index_is_kept_on_every_change() -> None:
    current = [rel("r1", "alice", "WORKS_FOR", "initech")]
    changes = decide_changes(
        current,
        [RelationProposal("alice", "WORKS_FOR", "globex", statement_index=2)],
        exclusivity=EXCLUSIVE,
        new_id=lambda: "n",
    )
    assert [c.statement_index for c in changes] == [2, 2]
