"""Store leftovers of round 47, on every store.

- An export carries the repeats of a fact (``support`` records): after export and import, the
  delete of the first statement that said it keeps a fact another current statement repeats, as
  it does in the exporting store (SQLite -> Neo4j -> SQLite too). A file of the previous version
  (no ``support`` records) still imports; a support naming an unknown relation or statement is
  refused with nothing imported.
- ``stats()`` counts as current relations what ``relations()`` states as current: not a version
  the doubt rule left unsure.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.errors import InputError
from recall_memory_plugins.stores.base import GraphStore
from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from tests.contract.test_items import orphans

REPEATED = ["Alice lives in Paris.", "Alice still lives in Paris.", "Bob works for Siemens."]


def _memory(store: GraphStore, ns: str) -> TemporalGraphMemory:
    return TemporalGraphMemory(store, annotator="offline", namespace=ns)


def _homes(memory: TemporalGraphMemory, ns: str) -> list[tuple[str, str]]:
    return sorted(
        (r.object_name or "", memory.store.get_statements(ns, [r.statement_id])[0].text)
        for r in memory.relations("Alice", type="LIVES_IN", namespace=ns)
        if r.statement_id is not None
    )


def _export(memory: TemporalGraphMemory, ns: str) -> str:
    buf = io.StringIO()
    memory.export(buf, namespace=ns)
    return buf.getvalue()


def _first_deleted_keeps_the_fact(memory: TemporalGraphMemory, ns: str) -> None:
    """Delete the first statement that said Alice lives in Paris (cascading): the repeat keeps
    the fact, drawn from it now."""
    first = memory.get_all(namespace=ns)[0]
    assert first.text == REPEATED[0]
    memory.delete_statement(first.id, namespace=ns, cascade_relations=True)
    assert _homes(memory, ns) == [("Paris", REPEATED[1])]
    assert orphans(memory.store, ns) == []


def _without_supports(text: str) -> str:
    """The file the previous version wrote: no support records (and its trailer counts so)."""
    kept = [line for line in text.splitlines() if '"kind": "support"' not in line]
    end = json.loads(kept[-1])
    end["records"] -= len(text.splitlines()) - len(kept)
    kept[-1] = json.dumps(end)
    return "\n".join(kept) + "\n"


def test_an_export_carries_the_repeats_of_a_fact(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add_many(REPEATED)
    text = _export(memory, ns)
    supports = [json.loads(line) for line in text.splitlines() if '"kind": "support"' in line]
    again = memory.get_all()[1].id
    assert [(s["statement"], s["namespace"]) for s in supports] == [(again, ns)]
    copy, old = ns + "-copy", ns + "-old"
    try:
        memory.import_(io.StringIO(text), namespace=copy)
        assert _export(memory, copy).count('"kind": "support"') == 1
        _first_deleted_keeps_the_fact(memory, copy)
        # a file of the previous version (no support records) imports, without the repeat
        memory.import_(io.StringIO(_without_supports(text)), namespace=old)
        assert _homes(memory, old) == [("Paris", REPEATED[0])]
        assert '"kind": "support"' not in _export(memory, old)
        _first_deleted_keeps_the_fact(memory, ns)  # as in the store it came from
    finally:
        store.clear(copy)
        store.clear(old)


def test_repeats_survive_sqlite_to_this_store_and_back(store: GraphStore, ns: str) -> None:
    """SQLite -> the store under test (Neo4j in its run) -> SQLite: the repeat is kept each way."""
    origin = _memory(SqliteGraphStore(":memory:"), ns)
    origin.add_many(REPEATED)
    here = _memory(store, ns)
    here.import_(io.StringIO(_export(origin, ns)))
    back = _memory(SqliteGraphStore(":memory:"), ns)
    back.import_(io.StringIO(_export(here, ns)))
    for memory in (origin, here, back):
        assert _export(memory, ns).count('"kind": "support"') == 1
    for memory in (here, back):
        _first_deleted_keeps_the_fact(memory, ns)
    origin.store.close()
    back.store.close()


def _edit(kind: str, change: Callable[[dict], None]) -> Callable[[str], str]:
    def edit(text: str) -> str:
        lines = []
        for line in text.splitlines():
            rec = json.loads(line)
            if rec.get("kind") == kind:
                change(rec)
            lines.append(json.dumps(rec, ensure_ascii=False))
        return "\n".join(lines) + "\n"

    return edit


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (_edit("support", lambda r: r.update(relation="no-such-relation")), "relation 'no-such"),
        (_edit("support", lambda r: r.update(statement=r["statement"] + 99)), "statement"),
        (_edit("support", lambda r: r.update(statement="2")), "invalid value"),
        (_edit("support", lambda r: r.update(extra=1)), "unknown fields"),
    ],
    ids=["unknown relation", "unknown statement", "mistyped statement", "unknown field"],
)
def test_a_support_naming_nothing_is_refused(
    store: GraphStore, ns: str, broken: Callable[[str], str], message: str
) -> None:
    memory = _memory(store, ns)
    memory.add_many(REPEATED)
    copy = ns + "-bad"
    try:
        with pytest.raises(InputError, match=message):
            memory.import_(io.StringIO(broken(_export(memory, ns))), namespace=copy)
        assert copy not in memory.namespaces()
        assert memory.get_all(namespace=copy, include_superseded=True) == []
    finally:
        store.clear(copy)


def test_a_repeated_support_is_refused(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    memory.add_many(REPEATED)
    lines = _export(memory, ns).splitlines()
    [support] = [line for line in lines if '"kind": "support"' in line]
    lines.insert(lines.index(support), support)
    end = json.loads(lines[-1])
    end["records"] += 1
    lines[-1] = json.dumps(end)
    with pytest.raises(InputError, match="repeated"):
        memory.import_(io.StringIO("\n".join(lines) + "\n"), namespace=ns + "-rep")
    assert memory.get_all(namespace=ns + "-rep") == []


UNSURE = ["Nora lives in Madrid.", "Omar works for Siemens.", "Nora traded Madrid for a farmhouse last year."]


def test_stats_do_not_count_an_unsure_version_as_current(store: GraphStore, ns: str) -> None:
    memory = _memory(store, ns)
    before = memory.stats().current_relations  # the whole store (a shared server holds more)
    for text in UNSURE:
        memory.add(text)
    current = memory.relations()
    assert [(r.subject_name, r.object_name) for r in current] == [("Omar", "Siemens")]
    assert len(memory.relations(include_unsure=True)) == 2  # Madrid: unsure, not stated
    stats = memory.stats(ns)
    assert stats.current_relations == len(current) == 1
    assert stats.relations == len(memory.relations(include_ended=True)) == 3
    assert memory.stats().current_relations - before == 1
