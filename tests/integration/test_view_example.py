"""``examples/view_memory.py`` runs offline and writes the page."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "view_memory.py"


def test_view_example_writes_the_page(tmp_path: Path) -> None:
    pytest.importorskip("pyvis", reason="the view extra (pyvis) is not installed")
    out = tmp_path / "memory.html"
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), str(out)], capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stderr
    assert "张三 MANAGES 星火计划: step 1 -> step 3" in done.stdout
    assert "王五 MANAGES 星火计划: step 3 -> now" in done.stdout
    page = out.read_text(encoding="utf-8")
    assert "Who loves coffee?" in page and "星火计划" in page
