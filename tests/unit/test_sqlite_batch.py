"""A SQLite batch: an update that fails writes nothing, the ones that completed are committed,
whether the failing one came first (no savepoint: the transaction is begun again) or later."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from recall_memory_plugins.stores.sqlite import SqliteGraphStore


class Boom(Exception):
    pass


def _write(store: SqliteGraphStore, name: str, *, fail: bool = False) -> None:
    with store.atomic() as conn:
        conn.execute("INSERT INTO namespaces(namespace, step) VALUES (?, 1)", (name,))
        if fail:
            raise Boom(name)


def _stored(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:  # another connection: only committed rows
        return [r[0] for r in conn.execute("SELECT namespace FROM namespaces ORDER BY namespace")]


@pytest.mark.parametrize("first_fails", [True, False])
def test_failed_updates_write_nothing_and_completed_ones_commit(
    tmp_path: Path, first_fails: bool
) -> None:
    path = tmp_path / "m.db"
    with SqliteGraphStore(path) as store:
        with store.batch():
            if first_fails:
                with pytest.raises(Boom):
                    _write(store, "a", fail=True)
            _write(store, "b")
            with pytest.raises(Boom):
                _write(store, "c", fail=True)
            _write(store, "d")
        assert _stored(path) == ["b", "d"]
        with store.batch():  # a batch that only fails commits nothing and leaves no transaction
            with pytest.raises(Boom):
                _write(store, "e", fail=True)
        assert _stored(path) == ["b", "d"]
        _write(store, "f")  # outside a batch, as before
        assert _stored(path) == ["b", "d", "f"]
