"""When a relation goes, what it ended comes back; a history told late at the same instant as a
stored value replaces it (found by a black-box test session, 2026-12-06). On every store.

- ``delete_statement(sid, cascade_relations=True)`` deletes the relations drawn from the
  statement, and the relations they had superseded take their endings (current again when the
  deleted one was current): "Alice no longer lives in Paris" was stated from a deleted statement.
- A statement dated at the same instant as an ended value of an exclusive relation, added later,
  clips that value (one value at every time); so does ``update_statement(..., at=)`` correcting it.
"""

from __future__ import annotations

from datetime import datetime, timezone

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.base import GraphStore


def _d(year: int, month: int = 1) -> datetime:
    return datetime(year, month, 1, tzinfo=timezone.utc)


def _memory(store: GraphStore, ns: str) -> TemporalGraphMemory:
    return TemporalGraphMemory(store, annotator="offline", namespace=ns)


def _homes(memory: TemporalGraphMemory, when: datetime | None = None) -> list[str]:
    return sorted(r.object_name or "" for r in memory.relations("Alice", type="LIVES_IN", as_of=when))


def test_deleting_the_statement_of_a_move_restores_the_home_it_ended(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add("Alice lives in Paris.")
    rome = memory.add("Alice moved to Rome.").statement_ids[0]
    assert _homes(memory) == ["Rome"]
    memory.delete_statement(rome, cascade_relations=True)
    assert _homes(memory) == ["Paris"]
    assert "no longer" not in memory.recall("Where does Alice live?").text


def test_deleting_a_middle_move_hands_its_ending_on(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add("Alice lives in Paris.", at=_d(2018))
    rome = memory.add("Alice moved to Rome.", at=_d(2019)).statement_ids[0]
    memory.add("Alice moved to Berlin.", at=_d(2020))
    memory.delete_statement(rome, cascade_relations=True)
    assert _homes(memory) == ["Berlin"]
    assert _homes(memory, _d(2019, 6)) == ["Paris"]  # Paris lasted until Berlin
    paris = [r for r in memory.relations("Alice", include_ended=True) if r.object_name == "Paris"]
    assert len(paris) == 1 and paris[0].valid_to == _d(2020)


def test_deleting_without_cascade_keeps_the_move(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add("Alice lives in Paris.")
    rome = memory.add("Alice moved to Rome.").statement_ids[0]
    memory.delete_statement(rome)
    assert _homes(memory) == ["Rome"]


def test_a_late_history_at_the_same_instant_leaves_one_home(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add("Alice lives in Paris.", at=_d(2018))
    memory.add("Alice moved to Rome.", at=_d(2020))
    memory.add("Alice lives in Berlin.", at=_d(2018))  # told late, same instant as Paris
    assert _homes(memory, _d(2019, 6)) == ["Berlin"]
    assert _homes(memory) == ["Rome"]


def test_a_correction_at_the_original_time_leaves_one_home(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    first = memory.add("Alice lives in Paris.", at=_d(2018)).statement_ids[0]
    memory.add("Alice moved to Rome.", at=_d(2020))
    memory.update_statement(first, "Alice lives in Berlin.", at=_d(2018))
    assert _homes(memory, _d(2019, 6)) == ["Berlin"]
    assert _homes(memory) == ["Rome"]
