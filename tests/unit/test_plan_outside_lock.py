"""A long text's relation plan is made before the store's write lock and used only when nobody
wrote the namespace in between; otherwise it is made again under the lock."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.memory import PLAN_OUTSIDE_LOCK_CHARS
from recall_memory_plugins.engine.relations import RelationTracker
from recall_memory_plugins.stores.sqlite import SqliteGraphStore

FILLER = "The harbour was quiet and the boats stayed in. "


def _long(text: str) -> str:
    pad = FILLER * (PLAN_OUTSIDE_LOCK_CHARS // len(FILLER) + 1)
    return f"{pad}{text}"


class InterruptedTracker(RelationTracker):
    """A real tracker whose first plan lets another engine write the namespace right after it
    (a concurrent writer landing between planning and committing)."""

    def __init__(self, other: TemporalGraphMemory, text: str) -> None:
        super().__init__()
        self.other, self.text, self.plans = other, text, 0

    def plan(self, *args: Any, **kwargs: Any) -> Any:
        self.plans += 1
        plan = super().plan(*args, **kwargs)
        if self.plans == 1:
            self.other.add(self.text)
        return plan


def _works_for(memory: TemporalGraphMemory) -> list[str]:
    return [r.object_name for r in memory.relations("Alice", type="WORKS_FOR")]


def test_a_plan_made_stale_by_another_writer_is_made_again(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with SqliteGraphStore(db) as s1, SqliteGraphStore(db) as s2:
        other = TemporalGraphMemory(s2, annotator="offline", namespace="n")
        other.add("Alice works at Acme.")
        tracker = InterruptedTracker(other, "Alice left Acme and joined Globex.")
        memory = TemporalGraphMemory(s1, annotator="offline", namespace="n", tracker=tracker)
        memory.add(_long("Alice left Globex and joined Initech."))
        assert tracker.plans == 2  # the first plan read Acme as current: made again
        assert _works_for(memory) == ["Initech"]
        ended = {r.object_name for r in memory.relations("Alice", include_ended=True)}
        assert {"Acme", "Globex", "Initech"} <= ended
        assert sorted({s.t_index for s in memory.statements()}) == [1, 2, 3]


def test_an_undisturbed_long_text_is_planned_once(tmp_path: Path) -> None:
    with SqliteGraphStore(tmp_path / "m.db") as store:
        counting = InterruptedTracker(TemporalGraphMemory(":memory:", annotator="offline"), "x")
        memory = TemporalGraphMemory(store, annotator="offline", namespace="n", tracker=counting)
        memory.add("Alice works at Acme.")
        counting.plans = 2  # past the interruption: from here on a plain tracker
        memory.add(_long("Alice left Acme and joined Globex."))
        assert counting.plans == 3
        assert _works_for(memory) == ["Globex"]
