"""Round 49 of the memory page: times on the calendar they were given in. A statement said at
01:00 in Tokyo on 1 June belongs to 1 June, as the recall text's header says; the page showed the
UTC day (31 May). Real SQLite, the page's data as the page receives it."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.viz.data import ViewLimits, collect_namespace

pytest.importorskip("networkx", reason="the view extra (networkx) is not installed")

TOKYO = timezone(timedelta(hours=9))


def test_the_page_shows_the_day_the_statement_was_said_in_its_zone() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Alice lives in Berlin.", at=datetime(2026, 5, 20, 12, tzinfo=TOKYO))
        memory.add("Alice moved to Rome.", at=datetime(2026, 6, 1, 1, 0, tzinfo=TOKYO))
        header = memory.recall("Where does Alice live?").text
        data = collect_namespace(
            memory, memory.namespace, limits=ViewLimits(), questions=["Where does Alice live?"]
        )
    assert "(2026-06-01)" in header, header  # the recall text's day
    assert data["newest_at"].startswith("2026-06-01T01:00:00"), data["newest_at"]
    assert data["newest_at"].endswith("+09:00"), data["newest_at"]
    moved = [r for r in data["entities"]["relations"] if r.get("from_at", "").startswith("2026-06")]
    assert moved and moved[0]["from_at"].startswith("2026-06-01"), data["entities"]
    (recall,) = data["recalls"]
    days = {row["at"][:10] for row in recall["statements"]}
    assert "2026-06-01" in days, recall["statements"]
