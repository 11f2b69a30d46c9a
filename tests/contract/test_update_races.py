"""A call that raises writes nothing, also when threads race on one statement (found by a
black-box test session, 2026-12-06). Two ``update_statement`` calls on the same id: one wins,
the other raises ``InputError`` and its text is not stored (both had been stored, two current
versions); an update racing a delete raises ``NotFoundError`` and stores nothing (its text and
relations had stayed). On every store, one memory and two memories on one store."""

from __future__ import annotations

import threading
from functools import partial

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.errors import InputError, NotFoundError
from recall_memory_plugins.stores.base import GraphStore


def _race(*calls: object) -> list[BaseException | None]:
    out: list[BaseException | None] = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(k: int) -> None:
        start.wait()
        try:
            calls[k]()  # type: ignore[operator]
        except BaseException as exc:  # collected and asserted by the caller
            out[k] = exc

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


@pytest.mark.parametrize("two", [False, True])
def test_two_updates_of_one_statement_leave_one_current_version(store: GraphStore, ns: str, two: bool) -> None:
    for trial in range(4):
        a = TemporalGraphMemory(store, annotator="offline", namespace=f"{ns}-{trial}")
        b = TemporalGraphMemory(store, annotator="offline", namespace=f"{ns}-{trial}") if two else a
        sid = a.add("Alice works at Initech.").statement_ids[0]
        errors = _race(partial(a.update_statement, sid, "Alice works at Org0."),
                       partial(b.update_statement, sid, "Alice works at Org1."))
        failed = [e for e in errors if e is not None]
        assert len(failed) == 1 and isinstance(failed[0], InputError), errors
        current = [s.text for s in a.get_all()]
        assert len(current) == 1 and current[0] in ("Alice works at Org0.", "Alice works at Org1."), current
        employers = [r.object_name for r in a.relations("Alice") if r.type == "WORKS_FOR"]
        assert employers == [current[0].split(" at ")[1].rstrip(".")], employers
        store.clear(f"{ns}-{trial}")


def test_an_update_racing_a_delete_stores_nothing_when_it_fails(store: GraphStore, ns: str) -> None:
    for trial in range(4):
        memory = TemporalGraphMemory(store, annotator="offline", namespace=f"{ns}-{trial}")
        sid = memory.add("Alice works at Initech.").statement_ids[0]
        errors = _race(partial(memory.update_statement, sid, "Alice works at Globex."),
                       partial(memory.delete_statement, sid))
        texts = [s.text for s in memory.get_all()]
        employers = [r.object_name for r in memory.relations("Alice") if r.type == "WORKS_FOR"]
        assert errors[1] is None and texts == [], (errors, texts)  # the delete takes every version
        if isinstance(errors[0], NotFoundError):  # the delete came first: nothing of the update
            assert "Globex" not in employers, employers
        else:
            assert errors[0] is None, errors
        store.clear(f"{ns}-{trial}")
