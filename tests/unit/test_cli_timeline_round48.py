"""`recall-memory timeline` / `relations --all` print each interval's world time beside its steps:
history told late holds at no step of its own ("[step 2 -> step 2]") and its dates were nowhere."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.cli.main import main

U = timezone.utc


def test_the_timeline_shows_the_dates_of_history_told_late(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "t.db")
    with TemporalGraphMemory(db, annotator="offline") as memory:
        memory.add("Alice lives in Rome.", at=datetime(2026, 5, 1, 12, tzinfo=U))
        memory.add("Back in 2019, Alice moved to Paris.", at=datetime(2026, 6, 1, 12, tzinfo=U))
    assert main(["--db", db, "--annotator", "offline", "timeline", "Alice"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any("Paris" in line and "2019-01-01 -> 2026-05-01" in line for line in lines), lines
    assert any("Rome" in line and "2026-05-01 -> now" in line for line in lines), lines
