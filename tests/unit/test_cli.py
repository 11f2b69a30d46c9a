"""The ``recall-memory`` console script, run as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from recall_memory_plugins.cli import main


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "recall_memory_plugins.cli", *args],
        capture_output=True,
        text=True,
        env=os.environ | {"PYTHONIOENCODING": "utf-8"} | (env or {}),
    )


def test_demo_runs_offline_and_prints_both_walkthroughs() -> None:
    out = run("--annotator", "offline", "demo", "--scratch")
    assert out.returncode == 0, out.stderr
    assert "RELATED brandon-coffe strength=1 t_index=1" in out.stdout
    assert "concept brandon  t_index=2 revision_count=1" in out.stdout
    assert out.stdout.index("Brandon loves coffee.") < out.stdout.rindex(
        "Brandon wants to travel to Paris."
    )
    assert "现在由王五接手" in out.stdout


def test_add_ask_stats_json_round_trip(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    db = str(tmp_path / "m.db")
    notes = tmp_path / "notes.txt"
    notes.write_text("Alice works at Acme.\n\nAlice plays chess on Sundays.\n", encoding="utf-8")
    assert main(["--db", db, "--annotator", "offline", "--json", "add", "--file", str(notes)]) == 0
    assert json.loads(capsys.readouterr().out) == {"added": 2, "steps": [1, 2]}
    assert (
        main(["--db", db, "--annotator", "offline", "--json", "ask", "What does Alice play?"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["statements"][-1]["text"] == "Alice plays chess on Sundays."
    assert data["prompt"].endswith("question: What does Alice play?\nAnswer:")
    assert main(["--db", db, "--annotator", "offline", "--json", "stats"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["namespace"]["statements"] == 2 and stats["namespaces"] == ["default"]


def test_cli_errors_are_clean(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    db = str(tmp_path / "m.db")
    assert main(["--db", db, "--annotator", "nope", "stats"]) == 2
    assert "error:" in capsys.readouterr().err
    assert main(["--db", db, "--annotator", "offline", "add"]) == 2
    assert main(["--db", db, "--annotator", "offline", "relations", "--as-of", "yesterday"]) == 2


def test_relations_and_timeline_commands(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    db = str(tmp_path / "m.db")
    base = ["--db", db, "--annotator", "offline"]
    assert (
        main([*base, "add", "Alice works at Initech.", "Alice left Initech and joined Globex."])
        == 0
    )
    capsys.readouterr()
    assert main([*base, "relations", "Alice"]) == 0
    now = capsys.readouterr().out
    assert "Alice WORKS_FOR Globex" in now and "Initech" not in now
    assert main([*base, "relations", "Alice", "--as-of", "1"]) == 0
    assert "Alice WORKS_FOR Initech" in capsys.readouterr().out
    assert main([*base, "--json", "timeline", "Alice"]) == 0
    timeline = json.loads(capsys.readouterr().out)
    assert [(r["object_name"], r["valid_from_step"], r["valid_to_step"]) for r in timeline] == [
        ("Initech", 1, 2),
        ("Globex", 2, None),
    ]


def test_demo_then_view_with_the_default_database(tmp_path: Path) -> None:
    """The issue's two commands as typed: the demo stores its namespaces in the default database
    (under the user data dir, here a temporary XDG_DATA_HOME) and ``view`` draws them."""
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    demo = run("--annotator", "offline", "demo", env=env)
    assert demo.returncode == 0, demo.stderr
    assert "recall-memory view --out demo.html" in demo.stdout
    page = tmp_path / "demo.html"
    view = run("--annotator", "offline", "view", "--out", str(page), env=env)
    assert view.returncode == 0, view.stderr
    html = page.read_text(encoding="utf-8")
    assert "demo-dialogue" in html and "demo-brandon" in html
    assert "\\u738b\\u4e94" in html or "王五" in html  # 王五 takes over from 张三
    again = run("--annotator", "offline", "--json", "demo", env=env)
    stats = run("--annotator", "offline", "--json", "stats", env=env)
    assert again.returncode == 0 and stats.returncode == 0, again.stderr + stats.stderr
    first = json.loads(stats.stdout)
    rerun = run("--annotator", "offline", "--json", "demo", env=env)
    assert rerun.returncode == 0, rerun.stderr
    # a re-run replaces the demo namespaces: nothing piles up
    assert json.loads(run("--annotator", "offline", "--json", "stats", env=env).stdout) == first
