"""The ``recall-memory`` CLI under a hostile user: every failure is one line, never a traceback.

Each test runs the CLI in a real subprocess, as a shell user does, and checks the exit code (2 for
a wrong command line, 1 for anything else), that stderr is exactly one ``recall-memory: error:``
line, and that no database was created or changed where none should be.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

OFFLINE = ("--annotator", "offline")
ENV = os.environ | {"PYTHONIOENCODING": "utf-8"}
SCRIPT = Path(sys.executable).with_name("recall-memory")


def run(
    *args: str | bytes, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "recall_memory_plugins.cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="backslashreplace",
        cwd=cwd,
        env=ENV if env is None else env,
        timeout=120,
    )


def assert_one_line_error(out: subprocess.CompletedProcess[str], code: int) -> str:
    """The failure is exit ``code`` and one stderr line; returns that line."""
    assert out.returncode == code, (out.returncode, out.stderr)
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert lines[0].startswith("recall-memory: error: "), lines[0]
    return lines[0]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def no_database(directory: Path, name: str = "m.db") -> bool:
    return not any(p.name.startswith(name) for p in directory.iterdir())


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A memory with two statements (Alice at Initech, then at Globex); tests copy it."""
    directory = tmp_path_factory.mktemp("filled")
    out = run(
        "--db",
        "m.db",
        *OFFLINE,
        "add",
        "Alice works at Initech.",
        "Alice left Initech and joined Globex.",
        cwd=directory,
    )
    assert out.returncode == 0, out.stderr
    return directory / "m.db"


@pytest.fixture
def db(filled: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "m.db"
    shutil.copyfile(filled, copy)
    return copy


# ------------------------------------------------------------------------------- add --file
def test_add_file_missing(tmp_path: Path) -> None:
    out = run("--db", "m.db", *OFFLINE, "add", "--file", "nope.txt", cwd=tmp_path)
    assert "nope.txt: no such file" in assert_one_line_error(out, 1)
    assert no_database(tmp_path)


def test_add_file_is_a_directory(tmp_path: Path) -> None:
    (tmp_path / "notes").mkdir()
    out = run("--db", "m.db", *OFFLINE, "add", "--file", "notes", cwd=tmp_path)
    assert "notes is a directory" in assert_one_line_error(out, 1)
    assert no_database(tmp_path)


def test_add_latin1_file_names_the_file_and_the_byte_offset(tmp_path: Path) -> None:
    (tmp_path / "latin.txt").write_bytes("Alice drinks coffee.\nCafé au lait.\n".encode("latin-1"))
    out = run("--db", "m.db", *OFFLINE, "add", "--file", "latin.txt", cwd=tmp_path)
    line = assert_one_line_error(out, 1)
    assert "latin.txt is not UTF-8" in line
    assert "byte 0xe9 at offset 24 (line 2)" in line
    assert no_database(tmp_path)


@pytest.mark.parametrize(
    "content",
    [b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", b"ELF\x00\x01\x02 valid UTF-8 but binary"],
    ids=["undecodable", "nul-bytes"],
)
def test_add_binary_file(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "blob.bin").write_bytes(content)
    out = run("--db", "m.db", *OFFLINE, "add", "--file", "blob.bin", cwd=tmp_path)
    line = assert_one_line_error(out, 1)
    assert "blob.bin" in line and "offset" in line
    assert no_database(tmp_path)


def test_add_file_with_bom_and_crlf_stores_clean_lines(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_bytes(
        b"\xef\xbb\xbfAlice works at Initech.\r\n\r\nAlice plays chess.\r\n"
    )
    out = run("--db", "m.db", *OFFLINE, "--json", "add", "--file", "notes.txt", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"added": 2, "steps": [1, 2]}
    out = run("--db", "m.db", *OFFLINE, "--json", "relations", "Alice", cwd=tmp_path)
    assert [r["subject_name"] for r in json.loads(out.stdout)] == ["Alice"]
    out = run("--db", "m.db", *OFFLINE, "--json", "ask", "What does Alice play?", cwd=tmp_path)
    texts = [s["text"] for s in json.loads(out.stdout)["statements"]]
    assert "Alice plays chess." in texts and "Alice works at Initech." in texts


def test_add_nothing_is_a_usage_error_and_creates_nothing(tmp_path: Path) -> None:
    (tmp_path / "blank.txt").write_text("\n  \n", encoding="utf-8")
    out = run("--db", "m.db", *OFFLINE, "add", "--file", "blank.txt", cwd=tmp_path)
    assert "nothing to add" in assert_one_line_error(out, 2)
    assert no_database(tmp_path)


# ------------------------------------------------------------------------- non-UTF-8 argv
def test_non_utf8_text_is_refused_before_the_database_is_created(tmp_path: Path) -> None:
    out = run("--db", "m.db", *OFFLINE, "add", b"caf\xe9", cwd=tmp_path)
    line = assert_one_line_error(out, 2)
    assert "byte 0xe9" in line and "nothing was stored" in line
    assert no_database(tmp_path)


def test_non_utf8_text_among_good_ones_stores_nothing(db: Path) -> None:
    before = digest(db)
    out = run("--db", "m.db", *OFFLINE, "add", "Bob likes tea.", b"\xff", cwd=db.parent)
    assert "TEXT 2" in assert_one_line_error(out, 2)
    assert digest(db) == before


def test_non_utf8_question_is_refused(db: Path) -> None:
    out = run("--db", "m.db", *OFFLINE, "ask", b"Who \xff?", cwd=db.parent)
    assert "QUESTION" in assert_one_line_error(out, 2)


# ---------------------------------------------------------------------------------- values
@pytest.mark.parametrize("value", ["²", "١٢", "yesterday", "2026-01-01T00:00:00"])
def test_relations_as_of_accepts_only_ascii_steps_or_aware_times(db: Path, value: str) -> None:
    out = run("--db", "m.db", *OFFLINE, "relations", "--as-of", value, cwd=db.parent)
    assert "--as-of" in assert_one_line_error(out, 2)


def test_relations_as_of_step_still_works(db: Path) -> None:
    out = run("--db", "m.db", *OFFLINE, "relations", "Alice", "--as-of", "1", cwd=db.parent)
    assert out.returncode == 0, out.stderr
    assert "Alice WORKS_FOR Initech" in out.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("stats", "--bogus"),
        (),
        ("ask", "x", "--budget", "0"),
        ("ask", "x", "--strategy", "nope"),
        ("--annotator", "nope", "stats"),
        ("--namespace", " ", "stats"),
    ],
    ids=["unknown-option", "no-command", "budget", "strategy", "annotator", "namespace"],
)
def test_usage_errors_are_one_line_exit_2(db: Path, args: tuple[str, ...]) -> None:
    before = digest(db)
    assert_one_line_error(run("--db", "m.db", *args, cwd=db.parent), 2)
    assert digest(db) == before


# -------------------------------------------------------------------------------- --db
def test_db_whose_parent_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    out = run("--db", "afile/m.db", *OFFLINE, "add", "hello", cwd=tmp_path)
    assert "afile is not a directory" in assert_one_line_error(out, 1)


def test_db_that_is_a_directory(tmp_path: Path) -> None:
    out = run("--db", str(tmp_path), *OFFLINE, "add", "hello", cwd=tmp_path)
    assert "is a directory" in assert_one_line_error(out, 1)


def test_db_that_is_not_a_database_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / "m.db").write_text("not sqlite, just text\n" * 10, encoding="utf-8")
    out = run("--db", "m.db", *OFFLINE, "stats", cwd=tmp_path)
    assert "not a database" in assert_one_line_error(out, 1)


@pytest.mark.parametrize(
    "args",
    [("stats",), ("ask", "Who?"), ("relations",), ("timeline", "Alice"), ("forget",)],
    ids=lambda a: a[0],
)
def test_commands_that_need_a_memory_never_create_one(tmp_path: Path, args: tuple[str]) -> None:
    out = run("--db", "typo.db", *OFFLINE, *args, cwd=tmp_path)
    assert "no memory at typo.db" in assert_one_line_error(out, 1)
    assert no_database(tmp_path, "typo.db")


@pytest.mark.parametrize(
    "args",
    [("stats",), ("ask", "Where does Alice work?"), ("relations", "Alice"), ("timeline", "Alice")],
    ids=lambda a: a[0],
)
def test_read_only_commands_leave_the_database_unchanged(db: Path, args: tuple[str]) -> None:
    before = digest(db)
    out = run("--db", "m.db", *OFFLINE, *args, cwd=db.parent)
    assert out.returncode == 0, out.stderr
    assert digest(db) == before


# ------------------------------------------------------------------------- options, --json
def test_global_options_after_the_command(db: Path) -> None:
    out = run("stats", "--db", "m.db", "--json", "-n", "other", *OFFLINE, cwd=db.parent)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["all"]["statements"] == 2 and data["namespace"]["statements"] == 0
    mixed = run("--db", "m.db", "-n", "default", "stats", "--json", *OFFLINE, cwd=db.parent)
    assert json.loads(mixed.stdout)["namespace"]["statements"] == 2


@pytest.mark.parametrize(
    "args",
    [
        ("add", "Bob likes tea."),
        ("ask", "Where does Alice work?"),
        ("stats",),
        ("timeline", "Alice"),
        ("relations", "Alice"),
        ("forget",),
        ("demo",),
    ],
    ids=lambda a: a[0],
)
def test_json_is_honoured_by_every_command(db: Path, args: tuple[str]) -> None:
    out = run("--db", "m.db", *OFFLINE, *args, "--json", cwd=db.parent)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    if args[0] == "forget":
        assert data == {"forgot": "default"}
        stats = run("--db", "m.db", *OFFLINE, "--json", "stats", cwd=db.parent)
        assert json.loads(stats.stdout)["all"]["statements"] == 0


# ----------------------------------------------------------------------- output, unexpected
def test_reader_that_quits_early_is_quiet(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "recall_memory_plugins.cli", *OFFLINE, "demo", "--scratch"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=ENV,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # closed before the CLI writes: its first write breaks the pipe
    err = proc.stderr.read()
    proc.wait(timeout=120)
    assert err == b""


@pytest.mark.skipif(not SCRIPT.exists() or shutil.which("bash") is None, reason="no script/bash")
def test_console_script_piped_into_head_is_quiet(tmp_path: Path) -> None:
    out = subprocess.run(
        ["bash", "-c", f"'{SCRIPT}' --annotator offline demo | head -1"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=ENV,
        timeout=120,
    )
    assert out.returncode == 0 and out.stderr == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_unexpected_error_is_one_line_with_a_debug_hint(db: Path) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:  # every write fails: ENOSPC
        out = subprocess.run(
            [sys.executable, "-m", "recall_memory_plugins.cli", "--db", "m.db", "stats"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=db.parent,
            env=ENV,
            timeout=120,
        )
        line = assert_one_line_error(out, 1)
        assert "unexpected OSError" in line and "--debug" in line
        debug = subprocess.run(
            [sys.executable, "-m", "recall_memory_plugins.cli", "--db", "m.db", "stats", "--debug"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=db.parent,
            env=ENV,
            timeout=120,
        )
    assert debug.returncode == 1
    assert "Traceback" in debug.stderr
    assert debug.stderr.strip().splitlines()[-1].startswith("recall-memory: error: unexpected")


def test_output_the_terminal_cannot_encode_is_one_line(tmp_path: Path) -> None:
    out = run(*OFFLINE, "demo", "--scratch", cwd=tmp_path, env=ENV | {"PYTHONIOENCODING": "ascii"})
    assert "PYTHONIOENCODING=utf-8" in assert_one_line_error(out, 1)


def test_no_progress_bar_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    """A script capturing stderr sees nothing on success: progress bars are for terminals."""
    db = tmp_path / "m.db"
    added = run(
        "--db", str(db), *OFFLINE, "add", "Alice met Bob.", "Carol likes tea.", cwd=tmp_path
    )
    assert added.returncode == 0, added.stderr
    exported = run("--db", str(db), "export", str(tmp_path / "out.jsonl"), cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    imported = run(
        "--db", str(tmp_path / "copy.db"), "import", str(tmp_path / "out.jsonl"), cwd=tmp_path
    )
    assert imported.returncode == 0, imported.stderr
    assert (added.stderr, exported.stderr, imported.stderr) == ("", "", "")
