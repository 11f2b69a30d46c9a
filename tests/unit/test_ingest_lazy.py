"""``add_many``'s lazily prepared chunk (``engine/ingest.py``): each update analysed once, in
order, when first asked for."""

from __future__ import annotations

from typing import Any

import pytest

from recall_memory_plugins.engine.ingest import LazyPrepared


def test_lazy_prepared_analyses_in_order_and_only_what_is_asked() -> None:
    calls: list[int] = []

    def prepare(i: int) -> Any:
        calls.append(i)
        return f"p{i}"

    lazy = LazyPrepared(prepare, 5)
    assert len(lazy) == 5 and calls == []
    assert lazy[1] == "p1" and calls == [0, 1]
    assert lazy[0:3] == ["p0", "p1", "p2"] and calls == [0, 1, 2]
    assert lazy[2:2] == [] and calls == [0, 1, 2]
    assert lazy[3:99] == ["p3", "p4"] and calls == [0, 1, 2, 3, 4]
    assert lazy[-1] == "p4" and lazy[-5] == "p0"
    with pytest.raises(IndexError):
        lazy[5]
    with pytest.raises(IndexError):
        lazy[-6]
    assert list(lazy) == ["p0", "p1", "p2", "p3", "p4"] and calls == [0, 1, 2, 3, 4]


def test_an_analysis_error_is_raised_where_the_update_is_asked_for() -> None:
    def prepare(i: int) -> Any:
        if i == 2:
            raise ValueError("bad text")
        return i

    lazy = LazyPrepared(prepare, 4)
    assert lazy[0:2] == [0, 1]
    with pytest.raises(ValueError, match="bad text"):
        lazy[3]
