"""Endings imported before their starts as pure functions (``engine/relations/endings.py``): the
mark an ending that found nothing leaves, the start told later that it closes, and what a
cascade delete of the mark gives back (``stores/splice.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timezone

from recall_memory_plugins.engine.relations import RelationProposal
from recall_memory_plugins.engine.relations.endings import (
    MARK,
    close_late_starts,
    ending_marks,
    without_marks,
)
from recall_memory_plugins.models import Relation, RelationChange
from recall_memory_plugins.stores.splice import spliced_endings
from tests.unit.test_relations_updates import EXCLUSIVE
from tests.unit.test_relations_updates import rel as updates_rel

JUNE = datetime(2024, 6, 1, tzinfo=timezone.utc)
JANUARY = datetime(2023, 1, 10, tzinfo=timezone.utc)


def _rel(rid: str, type_: str, obj: str | None, since: datetime, until: datetime | None = None, *, mark: bool = False) -> Relation:
    r = updates_rel(rid, "ben", type_, obj, attributes={MARK: "true"} if mark else None)
    return replace(r, valid_from=since, recorded_at=since, valid_to=until, valid_to_step=None if until is None else 1)


def _reader(stored: Sequence[Relation]):  # type: ignore[no-untyped-def]
    def read(side: str, end: str, type_: str) -> list[Relation]:
        return [r for r in stored if r.type == type_ and (r.subject_id if side == "subject" else r.object_id) == end]

    return read


def _marks(proposals: Sequence[RelationProposal], decided: Sequence[RelationChange] = (), current: Sequence[Relation] = ()) -> list[tuple]:
    ids = iter(f"m{i}" for i in range(1, 10))
    made = ending_marks(proposals, decided, current, at=JUNE, exclusivity=EXCLUSIVE, new_id=lambda: next(ids))
    return [(c.relation_id, c.type, c.object_id, c.valid_from, c.valid_to, dict(c.attributes)) for c in made]


def test_an_ending_that_found_nothing_leaves_a_mark_of_no_length() -> None:
    left = [RelationProposal("ben", "WORKS_FOR", "lloyds", negated=True), RelationProposal("ben", "MANAGES", "lloyds", negated=True)]
    assert _marks(left) == [
        ("m1", "WORKS_FOR", "lloyds", JUNE, JUNE, {MARK: "true"}),
        ("m2", "MANAGES", "lloyds", JUNE, JUNE, {MARK: "true"}),
    ]
    # one reading ended a current relation of its two ends: nothing to mark
    job = _rel("job", "WORKS_FOR", "lloyds", JANUARY)
    assert _marks(left, [RelationChange(op="end", relation_id="job")], [job]) == []
    # no object: only a type with one value per subject ("Dan quit his job")
    quit_ = [RelationProposal("ben", "WORKS_FOR", None, negated=True), RelationProposal("ben", "INVOLVED_IN", None, negated=True)]
    assert [m[1] for m in _marks(quit_)] == ["WORKS_FOR"]
    # no time known, or not a negation: no mark
    assert ending_marks(left, [], [], at=None, exclusivity=EXCLUSIVE, new_id=lambda: "x") == []
    assert _marks([RelationProposal("ben", "WORKS_FOR", "lloyds")]) == []


def _closed(when: datetime, stored: Sequence[Relation], type_: str = "WORKS_FOR", obj: str = "lloyds") -> tuple:
    add = RelationChange(op="add", relation_id="new", subject_id="ben", type=type_, object_id=obj)
    (c,) = close_late_starts([add], when=when, exclusivity=EXCLUSIVE, read=_reader(stored))
    return c.valid_to, c.superseded_by


def test_a_start_before_a_mark_ends_there_and_one_after_it_stays_current() -> None:
    mark = _rel("m", "WORKS_FOR", "lloyds", JUNE, JUNE, mark=True)
    assert _closed(JANUARY, [mark]) == (JUNE, "m")
    assert _closed(datetime(2024, 9, 1, tzinfo=timezone.utc), [mark]) == (None, None)
    assert _closed(JANUARY, [mark], obj="hsbc") == (None, None)  # another employer: not ended
    # "quit his job": any employer; "moved out of Leeds" read as leaving a firm ends a home there
    assert _closed(JANUARY, [_rel("q", "WORKS_FOR", None, JUNE, JUNE, mark=True)], obj="hsbc") == (JUNE, "q")
    assert _closed(JANUARY, [_rel("l", "WORKS_FOR", "leeds", JUNE, JUNE, mark=True)], "LIVES_IN", "leeds") == (JUNE, "l")


def test_a_newer_start_between_ends_it_first() -> None:
    mark = _rel("m", "WORKS_FOR", "lloyds", JUNE, JUNE, mark=True)
    hsbc = _rel("hsbc", "WORKS_FOR", "hsbc", datetime(2023, 6, 1, tzinfo=timezone.utc), JUNE)
    assert _closed(JANUARY, [mark, hsbc]) == (hsbc.valid_from, "hsbc")
    assert without_marks([mark, hsbc]) == [hsbc]


def test_a_deleted_mark_gives_back_a_current_start() -> None:
    gone = {"m": (2, JUNE, JUNE, None)}
    assert spliced_endings(gone, [("job", "m", (3, JUNE, JANUARY, "m"), 3)], {"m": 2}, marks={"m"}) == [
        ("job", (None, None, None, None))
    ]
    # not a mark: the predecessor takes its ending, as before
    assert spliced_endings(gone, [("job", "m", (3, JUNE, JANUARY, "m"), 3)], {"m": 2})[0][1][1] == JUNE
