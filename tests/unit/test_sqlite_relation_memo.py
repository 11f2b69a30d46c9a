"""A SQLite batch keeps its reads of an entity's current relations (stores/sqlite/memo.py) and
forgets each one its own writes may change: a read inside the batch always answers what the
transaction holds, and bulk ingest states the same facts as one add at a time."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.models import Relation
from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from recall_memory_plugins.stores.sqlite import memo as memo_module

_DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"
NS = "t"
WORK = {"WORKS_FOR", "LIVES_IN"}


def _alice(memory: TemporalGraphMemory) -> str:
    ids = {e.id for e in memory.entities(namespace=NS) if e.name == "Alice"}
    assert len(ids) == 1
    return ids.pop()


def _current(store: SqliteGraphStore, entity_id: str) -> list[Relation]:
    return store.find_current_relations_of_types(NS, entity_id, WORK)


def _fresh(path: Path, entity_id: str) -> list[Relation]:
    """The same read by a store of its own (no batch, no memo): what the file holds."""
    with SqliteGraphStore(path) as other:
        return _current(other, entity_id)


def test_reads_in_a_batch_follow_its_writes(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    store = SqliteGraphStore(path)
    memory = TemporalGraphMemory(store, annotator="offline")
    with store.batch():
        memory.add("Alice works at Google.", namespace=NS)
        alice = _alice(memory)
        memo = store._memo
        assert memo is not None
        first = _current(store, alice)
        assert [r.object_name for r in first] == ["Google"]
        hits = memo.hits
        assert _current(store, alice) == first and memo.hits == hits + 1  # kept
        # an added relation (and the ended one it replaces): the kept answer is dropped
        memory.add("Alice moved to Leeds.", namespace=NS)
        memory.add("Alice left Google and joined Intel.", namespace=NS)
        now = _current(store, alice)
        assert sorted(r.object_name for r in now) == ["Intel", "Leeds"]
        # a repeat confirms: the kept answer with the old count is dropped
        assert _current(store, alice) == now
        memory.add("Alice works at Intel.", namespace=NS)
        counted = {r.object_name: r.confirmations for r in _current(store, alice)}
        assert counted["Intel"] == next(r for r in now if r.object_name == "Intel").confirmations + 1
        # a write of another kind clears everything
        assert len(memo) > 0
        memory.delete_entity("Leeds", namespace=NS)
        assert len(memo) == 0
        assert [r.object_name for r in _current(store, alice)] == ["Intel"]
        # a failed write block (rolled back) clears everything too
        assert len(memo) > 0
        with pytest.raises(RuntimeError), store.atomic(memo_follows=True):
            raise RuntimeError("a write that fails")
        assert len(memo) == 0
        inside = _current(store, alice)
    assert inside == _fresh(path, alice) == _current(store, alice)
    store.close()


def test_reads_outside_a_batch_do_not_use_it(tmp_path: Path) -> None:
    with TemporalGraphMemory(str(tmp_path / "m.db"), annotator="offline") as memory:
        memory.add("Alice works at Google.", namespace=NS)
        store = memory.store
        assert isinstance(store, SqliteGraphStore) and store._memo is not None
        alice = _alice(memory)
        before = (store._memo.hits, store._memo.misses)
        assert _current(store, alice) == _current(store, alice)
        assert (store._memo.hits, store._memo.misses) == before


def test_answers_outlive_a_batch_until_another_connection_commits(tmp_path: Path) -> None:
    """One ``add()`` is one batch: a person read by one add is answered from the memo by the
    next; a commit by another engine on the file (SQLite's data_version) empties it."""
    path = str(tmp_path / "m.db")
    with TemporalGraphMemory(path, annotator="offline") as mine, \
            TemporalGraphMemory(path, annotator="offline") as other:
        store = mine.store
        assert isinstance(store, SqliteGraphStore)
        mine.add("Alice works at Google.", namespace=NS)
        alice = _alice(mine)
        with store.batch():
            assert [r.object_name for r in _current(store, alice)] == ["Google"]
        assert store._memo is not None and len(store._memo) > 0
        with store.batch():
            hits = store._memo.hits
            assert [r.object_name for r in _current(store, alice)] == ["Google"]
            assert store._memo.hits == hits + 1  # kept from the batch before
        other.add("Alice left Google and joined Intel.", namespace=NS)
        with store.batch():
            assert [r.object_name for r in _current(store, alice)] == ["Intel"]
        hits = store._memo.hits
        for _ in range(3):  # the doubt rule reads her at each add (a work word): answers kept
            mine.add("Alice said the Intel office is noisy.", namespace=NS)
        assert store._memo.hits > hits + 1


def test_a_given_connection_keeps_answers_for_one_batch(tmp_path: Path) -> None:
    """A connection the caller gave may be written by anything: nothing is kept past a batch."""
    conn = sqlite3.connect(tmp_path / "m.db", check_same_thread=False, isolation_level=None)
    store = SqliteGraphStore(connection=conn)
    memory = TemporalGraphMemory(store, annotator="offline")
    memory.add("Alice works at Google.", namespace=NS)
    alice = _alice(memory)
    with store.batch():
        _current(store, alice)
    conn.execute(
        "UPDATE relations SET valid_to_step = 99 WHERE namespace = ? AND subject_id = ?",
        (NS, alice),
    )  # (behind the store's back)
    with store.batch():
        assert _current(store, alice) == []
    store.close()
    conn.close()


def _cases() -> list[dict[str, Any]]:
    lines = (_DATA / "paraphrases.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _facts(memory: TemporalGraphMemory, ns: str) -> list[tuple[Any, ...]]:
    return sorted(
        (r.subject_name, r.type, r.object_name, r.valid_from_step, r.valid_to_step,
         tuple(sorted(r.attributes.items())), r.confirmations)
        for r in memory.relations(namespace=ns, include_ended=True, include_unsure=True)
    )


def test_bulk_ingest_states_what_single_adds_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The statements of the paraphrase suite, each language's as one stream (its names come
    back again and again: a person read, written, read again), once through ``add_many`` and
    once one ``add`` at a time: the same relations, ended and unsure ones included; the memo
    answered many reads along the way."""
    hits: list[bool] = []
    get = memo_module.RelationMemo.get

    def counting(self: memo_module.RelationMemo, key: Any) -> list[Relation] | None:
        found = get(self, key)
        hits.append(found is not None)
        return found

    monkeypatch.setattr(memo_module.RelationMemo, "get", counting)
    streams: dict[str, list[dict[str, Any]]] = {}
    for case in _cases():
        streams.setdefault(case["lang"], []).extend(
            {"text": s["text"], "speaker": s.get("speaker")} for s in case["statements"]
        )
    assert sorted(streams) == ["en", "zh"]
    with TemporalGraphMemory(str(tmp_path / "bulk.db"), annotator="offline") as bulk, \
            TemporalGraphMemory(str(tmp_path / "one.db"), annotator="offline") as one:
        for ns, items in streams.items():
            bulk.add_many(items, namespace=ns)
            for item in items:
                one.add(item["text"], namespace=ns, speaker=item["speaker"])
            facts = _facts(bulk, ns)
            assert len(facts) > 300
            assert facts == _facts(one, ns)
    assert sum(hits) > 100
