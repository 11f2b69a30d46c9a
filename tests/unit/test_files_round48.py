"""The database file in the real world (round 48): a memory in a directory its reader cannot
write, a full disk, an unreadable model cache, and switches that are no bool.

Real SQLite files, real permissions, a real file size limit (``RLIMIT_FSIZE``, what ``ulimit -f``
sets) and, where this machine lets a test mount one, a real full file system. What needs
another user runs in a subprocess: as ``nobody`` (``setpriv``) when the tests run as root, else
as this user with the directory made unwritable (or the cache unreadable) for everyone.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from recall_memory_plugins import ConfigurationError, SqliteGraphStore, TemporalGraphMemory

pytestmark = pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")

ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
ENV = {k: v for k, v in os.environ.items() if k != "STANZA_RESOURCES_DIR"} | {
    "PYTHONIOENCODING": "utf-8"
}


NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


@functools.cache
def _nobody_problem() -> str | None:
    """Why user ``nobody`` cannot run the package here (None: it can)."""
    if shutil.which("setpriv") is None:
        return "running as root without setpriv: cannot run the reader as another user"
    probe = subprocess.run(
        [*NOBODY, sys.executable, "-c", "import recall_memory_plugins"],
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
        timeout=120,
    )
    return (
        f"user nobody cannot import the package: {probe.stderr[-200:]!r}"
        if probe.returncode
        else None
    )


def as_other_user(*argv: str) -> list[str]:
    """``argv`` run as a user without the permissions the test takes away."""
    if not ROOT:
        return list(argv)
    problem = _nobody_problem()
    if problem is not None:
        pytest.skip(problem)
    return [*NOBODY, *argv]


def run(*argv: str, home: Path | None = None, **kw: object) -> subprocess.CompletedProcess[str]:
    env = ENV | ({"HOME": str(home)} if home is not None else {})
    return subprocess.run(  # type: ignore[call-overload,no-any-return]
        as_other_user(*argv),
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=tempfile.gettempdir(),
        timeout=300,
        **kw,
    )


@pytest.fixture
def shared() -> Iterator[Path]:
    """A directory the other user can enter (a pytest tmp_path under root is 0700)."""
    folder = Path(tempfile.mkdtemp(prefix="recall48_"))
    folder.chmod(0o755)
    yield folder
    for path in (folder, *folder.rglob("*")):
        if path.is_dir():
            path.chmod(0o755)
    shutil.rmtree(folder, ignore_errors=True)


def memory_file(folder: Path, *texts: str) -> Path:
    """A WAL memory, cleanly closed (no -wal, no -shm), readable by everyone; then the
    directory is made unwritable (root, the writer here, still writes: see ``writer``)."""
    db = folder / "m.db"
    with TemporalGraphMemory(db, annotator="offline") as memory:
        for text in texts or ("Alice works at Acme.",):
            memory.add(text)
    db.chmod(0o644)
    folder.chmod(0o555)
    return db


# ------------------------------------------------------------------ 1. an unwritable directory
READ = r"""
import sys
from recall_memory_plugins import SqliteGraphStore, TemporalGraphMemory, RecallError
try:
    with SqliteGraphStore(sys.argv[1], read_only=True) as store:
        with TemporalGraphMemory(store, annotator="offline") as memory:
            print("RECALL", memory.recall("Where does Alice work?").text.splitlines()[0])
            print("STEPS", store.stats().steps)
except RecallError as exc:
    print("ERROR", type(exc).__name__, exc)
"""


def test_read_only_reads_a_memory_in_a_directory_it_cannot_write(shared: Path) -> None:
    db = memory_file(shared)
    before = db.read_bytes()
    out = run(sys.executable, "-c", READ, str(db))
    assert "RECALL Alice works for Acme" in out.stdout, (out.stdout, out.stderr)
    assert "STEPS 1" in out.stdout
    assert sorted(p.name for p in shared.iterdir()) == ["m.db"]  # no -shm, no -wal made
    assert db.read_bytes() == before


def test_a_writable_open_there_names_the_directory_not_the_file(shared: Path) -> None:
    db = memory_file(shared)
    code = (
        "import sys\nfrom recall_memory_plugins import TemporalGraphMemory, RecallError\n"
        "try:\n    TemporalGraphMemory(sys.argv[1], annotator='offline')\n"
        "except RecallError as exc:\n    print('ERROR', type(exc).__name__, exc)\n"
    )
    out = run(sys.executable, "-c", code, str(db))
    assert "ERROR StoreError" in out.stdout, (out.stdout, out.stderr)
    assert f"its directory {str(shared)!r} is not writable" in out.stdout
    assert "read_only=True" in out.stdout
    assert "as a SQLite database" not in out.stdout


def test_a_crashed_writers_wal_without_its_shm_is_named(shared: Path) -> None:
    db = shared / "m.db"
    crash = (
        "import os, sys\nfrom recall_memory_plugins import TemporalGraphMemory\n"
        "m = TemporalGraphMemory(sys.argv[1], annotator='offline')\n"
        "m.add('Alice works at Acme.')\nos._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", crash, str(db)], check=True, timeout=120)
    assert (shared / "m.db-wal").exists()
    (shared / "m.db-shm").unlink()
    for path in shared.iterdir():
        path.chmod(0o644)
    shared.chmod(0o555)
    out = run(sys.executable, "-c", READ, str(db))
    assert "ERROR StoreError" in out.stdout, (out.stdout, out.stderr)
    assert "is not writable" in out.stdout and "-wal file is still there" in out.stdout
    assert "as a SQLite database" not in out.stdout


FOLLOW = r"""
import sys
from recall_memory_plugins import SqliteGraphStore, RecallError
store = SqliteGraphStore(sys.argv[1], read_only=True)
for line in sys.stdin:
    try:
        if line.strip() == "race":
            with store.reading():
                print("IN", flush=True)
                sys.stdin.readline()
                store.stats()
        print("STEPS", store.stats().steps, flush=True)
    except RecallError as exc:
        print("ERROR", type(exc).__name__, " ".join(str(exc).split()), flush=True)
"""


def test_a_read_only_reader_there_follows_a_writer_and_refuses_a_raced_read(
    shared: Path,
) -> None:
    db = memory_file(shared)
    child = subprocess.Popen(
        as_other_user(sys.executable, "-c", FOLLOW, str(db)),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=ENV,
        cwd=tempfile.gettempdir(),
    )
    assert child.stdin is not None and child.stdout is not None

    def ask(command: str = "stats") -> str:
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(command + "\n")
        child.stdin.flush()
        return child.stdout.readline().strip()

    def write(text: str, *, keep: bool = False) -> TemporalGraphMemory:
        shared.chmod(0o755)  # (as root the writer needs no change; as this user it does)
        writer = TemporalGraphMemory(db, annotator="offline")
        writer.add(text)
        if not keep:
            writer.close()
            shared.chmod(0o555)
        return writer

    try:
        assert ask() == "STEPS 1"
        # a writer that comes and goes during one read: the read is refused, not trusted
        assert ask("race") == "IN"
        write("Bob works at Initech.")
        line = ask("go")
        assert line.startswith("ERROR StoreError"), line
        assert "changed by another process during a read" in line or "malformed" in line
        assert ask() == "STEPS 2"  # the next read opens the changed file again
        writer = write("Carol works at Globex.", keep=True)  # a writer that stays
        assert ask() == "STEPS 3"
        writer.add("Dan works at Hooli.")
        assert ask() == "STEPS 4"
        writer.close()
        shared.chmod(0o555)
        assert ask() == "STEPS 4"
        write("Erin works at Umbrella.")
        assert ask() == "STEPS 5"
    finally:
        child.stdin.close()
        child.wait(timeout=60)


def test_the_cli_reads_there_and_a_write_gets_one_line(shared: Path) -> None:
    db = memory_file(shared)
    cli = (sys.executable, "-m", "recall_memory_plugins.cli", "--db", str(db), "--annotator")
    for command in (("stats",), ("ask", "Where does Alice work?"), ("relations",)):
        out = run(*cli, "offline", *command)
        assert out.returncode == 0, (command, out.stderr)
        assert "Acme" in out.stdout or "steps=1" in out.stdout
    out = run(*cli, "offline", "forget", "--namespace", "default")
    assert out.returncode == 1
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "is not writable" in lines[0], out.stderr
    assert sorted(p.name for p in shared.iterdir()) == ["m.db"]


# ---------------------------------------------------------------------------- 2. a full disk
FILL = r"""
import json, os, resource, sys
from recall_memory_plugins import StoreError, TemporalGraphMemory
path, call = sys.argv[1], sys.argv[2]
memory = TemporalGraphMemory(path, annotator="offline")
memory.add("Alice works at Acme.")
resource.setrlimit(resource.RLIMIT_FSIZE, (400_000, resource.RLIM_INFINITY))
result = {}
try:
    for i in range(3000):
        text = f"Person{i} works at Company{i}. " + " ".join(f"w{i}x{j}" for j in range(30))
        if call == "add":
            memory.add(text)
        else:
            memory.add_many([text, text + " again"], batch_size=1)
except Exception as exc:
    result = {"type": type(exc).__name__, "message": str(exc),
              "stored": len(getattr(exc, "stored", ())), "is_store_error": isinstance(exc, StoreError)}
finally:
    resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY,) * 2)
result["steps"] = memory.stats().steps
memory.close()
with TemporalGraphMemory(path, annotator="offline") as again:
    result["steps_reopened"] = again.stats().steps
    result["alice"] = bool(again.relations("Alice"))
print(json.dumps(result))
"""


@pytest.mark.skipif(importlib.util.find_spec("resource") is None, reason="needs RLIMIT_FSIZE")
@pytest.mark.parametrize("call", ["add", "add_many"])
def test_a_full_disk_is_a_store_error_that_says_so(tmp_path: Path, call: str) -> None:
    out = subprocess.run(
        [sys.executable, "-c", FILL, str(tmp_path / "full.db"), call],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result.get("is_store_error"), result
    assert "file size limit" in result["message"] and "ulimit -f" in result["message"]
    assert "nothing of this batch" in result["message"]
    assert "cannot rollback" not in result["message"]
    assert result["steps"] == result["steps_reopened"] and result["alice"]
    if call == "add_many":  # the updates committed before the error, as its docs say
        assert result["stored"] == result["steps"] - 1


@pytest.mark.skipif(importlib.util.find_spec("resource") is None, reason="needs RLIMIT_FSIZE")
def test_the_cli_on_a_full_disk_prints_one_line(tmp_path: Path) -> None:
    import resource

    db = tmp_path / "c.db"
    big = tmp_path / "big.txt"
    big.write_text(
        "\n".join(f"Person{i} works at Company{i}. w{i} " * 5 for i in range(3000)),
        encoding="utf-8",
    )
    cli = [sys.executable, "-m", "recall_memory_plugins.cli", "--db", str(db)]
    subprocess.run([*cli, "--annotator", "offline", "add", "Alice works at Acme."], check=True)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (400_000, resource.RLIM_INFINITY))

    out = subprocess.run(
        [*cli, "--annotator", "offline", "add", "--file", str(big)],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=300,
        preexec_fn=limit,
    )
    assert out.returncode == 1
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("recall-memory: error: "), out.stderr
    assert "file size limit" in lines[0] and "unexpected" not in lines[0]


@pytest.fixture
def tiny_disk() -> Iterator[Path]:
    """A real 1 MiB file system (tmpfs), where this machine lets the tests mount one."""
    if not ROOT or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs root")
    folder = Path(tempfile.mkdtemp(prefix="recall48_disk_"))
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True
    )
    if done.returncode:
        folder.rmdir()
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()!r}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)
        folder.rmdir()


def test_a_really_full_file_system(tiny_disk: Path) -> None:
    db = tiny_disk / "c.db"
    big = tiny_disk.parent / f"{tiny_disk.name}.txt"
    big.write_text(
        "\n".join(f"Person{i} works at Company{i}. w{i} " * 5 for i in range(3000)),
        encoding="utf-8",
    )
    try:
        cli = [sys.executable, "-m", "recall_memory_plugins.cli", "--db", str(db)]
        subprocess.run([*cli, "--annotator", "offline", "add", "Alice works at Acme."], check=True)
        out = subprocess.run(
            [*cli, "--annotator", "offline", "add", "--file", str(big)],
            capture_output=True,
            text=True,
            env=ENV,
            timeout=300,
        )
    finally:
        big.unlink()
    assert out.returncode == 1
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "is full" in lines[0] and "unexpected" not in lines[0], out.stderr
    with TemporalGraphMemory(db, annotator="offline") as memory:
        assert memory.relations("Alice")


# ------------------------------------------------------------------- 3. an unreadable cache
needs_stanza = pytest.mark.skipif(
    importlib.util.find_spec("stanza") is None,
    reason="stanza is not installed: 'auto' never looks at its model directory",
)


@pytest.fixture
def private_home(shared: Path) -> Path:
    """A HOME whose .cache the other user may not read (another user's, inherited)."""
    cache = shared / ".cache"
    (cache / "stanza").mkdir(parents=True)
    cache.chmod(0o700 if ROOT else 0o000)
    return shared


@needs_stanza
def test_auto_falls_back_to_offline_when_the_model_cache_is_unreadable(
    private_home: Path,
) -> None:
    code = (
        "import logging\nlogging.basicConfig()\n"
        "from recall_memory_plugins import TemporalGraphMemory\n"
        "with TemporalGraphMemory(':memory:') as m:\n"
        "    m.add('Alice works at Acme.')\n"
        "    print(type(m.annotator).__name__, m.recall('Where does Alice work?').facts)\n"
    )
    out = run(sys.executable, "-c", code, home=private_home)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("OfflineAnnotator") and "Acme" in out.stdout
    assert "WARNING" in out.stderr and "cannot read Stanza's model directory" in out.stderr
    assert str(private_home / ".cache") in out.stderr


@needs_stanza
def test_an_explicit_stanza_annotator_names_the_unreadable_path(private_home: Path) -> None:
    code = (
        "import sys\nfrom recall_memory_plugins import RecallError\n"
        "from recall_memory_plugins.nlp import make_annotator\n"
        "try:\n    make_annotator('stanza', resources_dir=sys.argv[1]).annotate('Hi there.')\n"
        "except RecallError as exc:\n    print(type(exc).__name__, exc)\n"
    )
    models = private_home / ".cache" / "stanza"
    out = run(sys.executable, "-c", code, str(models), home=private_home)
    assert out.stdout.startswith("AnnotationError Cannot read"), (out.stdout, out.stderr)
    assert str(models) in out.stdout and "not downloaded" not in out.stdout


@needs_stanza
def test_the_cli_with_auto_and_an_unreadable_cache(private_home: Path) -> None:
    cli = (sys.executable, "-m", "recall_memory_plugins.cli", "--db", ":memory:")
    out = run(*cli, "add", "Alice works at Acme.", home=private_home)
    assert out.returncode == 0, out.stderr
    assert "unexpected" not in out.stderr and "PermissionError" not in out.stderr


# ----------------------------------------------------------------- 4. switches that are no bool
@pytest.mark.parametrize("option", ["create", "read_only", "setup"])
@pytest.mark.parametrize("value", ["false", 0, None, 1])
def test_a_switch_that_is_no_bool_is_refused(tmp_path: Path, option: str, value: object) -> None:
    db = tmp_path / "missing.db"
    with pytest.raises(ConfigurationError, match=f"{option} must be True or False"):
        SqliteGraphStore(db, **{option: value})  # type: ignore[arg-type]
    assert not any(tmp_path.iterdir())  # nothing created


# ------------------------------------------------------------------ 6. a relative database path
def test_a_relative_path_reopens_the_same_file_from_another_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pickle

    from recall_memory_plugins.adapters._pickling import EngineSpec

    app, worker = tmp_path / "app", tmp_path / "worker"
    app.mkdir()
    worker.mkdir()
    monkeypatch.chdir(app)
    with TemporalGraphMemory("memory.db", annotator="offline") as memory:
        memory.add("Alice works at Acme.")
        assert memory.store.path == str(app / "memory.db")  # type: ignore[attr-defined]
        blob = pickle.dumps(EngineSpec.of(memory))
    monkeypatch.chdir(worker)  # (a worker started elsewhere unpickles it)
    with pickle.loads(blob).open() as again:
        assert again.relations("Alice")
    assert not any(worker.iterdir())


# ------------------------------------------------------- 7. --db problems are not usage errors
def test_a_db_the_store_refuses_exits_1_like_any_other_bad_file(shared: Path) -> None:
    import sqlite3

    other = shared / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE users (id)")
    conn.close()
    (shared / "locked").mkdir()
    (shared / "notes.txt").write_text("hello\n", encoding="utf-8")
    cli = (sys.executable, "-m", "recall_memory_plugins.cli", "--annotator", "offline", "--db")
    calls = [
        (str(other), "stats"),
        (str(shared / "notes.txt"), "stats"),
        (str(shared / "locked" / "sub" / "new.db"), "add", "Alice works at Acme."),
    ]
    shared.chmod(0o555)
    (shared / "locked").chmod(0o555)
    for call in calls:
        out = run(*cli, *call)
        assert out.returncode == 1, (call, out.stderr)
        assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert not (shared / "locked" / "sub").exists()


# ---------------------------------------------------- 5. read-only leaves nothing beside the file
def test_read_only_leaves_no_wal_or_shm_behind(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with TemporalGraphMemory(db, annotator="offline") as memory:
        memory.add("Alice works at Acme.")
    before = db.read_bytes()
    with SqliteGraphStore(db, read_only=True) as store:
        with TemporalGraphMemory(store, annotator="offline") as memory:
            assert memory.relations("Alice")
            assert memory.recall("Where does Alice work?").facts
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.db"]
    assert db.read_bytes() == before


def test_read_only_on_a_hot_journal_says_it_must_be_rolled_back(tmp_path: Path) -> None:
    import sqlite3

    from recall_memory_plugins import StoreError

    db = tmp_path / "m.db"
    with TemporalGraphMemory(db, annotator="offline") as memory:
        memory.add("Alice works at Acme.")
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA journal_mode=delete")
    conn.close()
    killed = (  # a writer killed in the middle of a large transaction (rollback journal)
        "import os, sqlite3, sys\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute('PRAGMA cache_size=1')\nc.execute('BEGIN IMMEDIATE')\n"
        "c.execute(\"UPDATE statements SET text = text || 'x'\")\n"
        "c.execute('CREATE TABLE big(x)')\n"
        "c.execute('INSERT INTO big VALUES (zeroblob(2000000))')\nos._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", killed, str(db)], check=True, timeout=120)
    assert (tmp_path / "m.db-journal").exists()
    before = db.read_bytes()
    with pytest.raises(StoreError, match="must be rolled back first") as caught:
        SqliteGraphStore(db, read_only=True)
    assert "as a SQLite database" not in str(caught.value)
    assert db.read_bytes() == before
    with SqliteGraphStore(db) as store:  # a writable open rolls it back: the memory is intact
        assert store.stats().statements == 1


# ------------------------------------------------- 10. a closed connection; 13. before setup()
def test_a_closed_connection_is_refused_with_a_library_error() -> None:
    import sqlite3

    conn = sqlite3.connect(":memory:")
    conn.close()
    with pytest.raises(ConfigurationError, match=r"pass an open sqlite3\.Connection"):
        SqliteGraphStore(connection=conn)


def test_a_store_before_setup_says_to_call_setup(tmp_path: Path) -> None:
    from recall_memory_plugins import StoreError

    with SqliteGraphStore(tmp_path / "new.db", setup=False) as store:
        assert store.schema_version() == 0
        memory = TemporalGraphMemory(store, annotator="offline")
        with pytest.raises(StoreError, match=r"needs store\.setup\(\) first"):
            memory.add("Alice works at Acme.")
        store.setup()
        assert store.schema_version() >= 1
        memory.add("Alice works at Acme.")
        assert memory.relations("Alice")


# --------------------------------------------- 9. an empty file another application has claimed
@pytest.mark.parametrize("pragmas", [(1196444487, 10300), (0, 7)], ids=["gpkg", "user_version"])
def test_an_empty_file_claimed_by_another_application_is_refused(
    tmp_path: Path, pragmas: tuple[int, int]
) -> None:
    import sqlite3

    path = tmp_path / "layers.gpkg"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id = {pragmas[0]}")
    conn.execute(f"PRAGMA user_version = {pragmas[1]}")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(ConfigurationError, match="claims it for another application"):
        TemporalGraphMemory(path, annotator="offline")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["layers.gpkg"]


# ------------------------------------------- 11. an injected connection is given back as it came
def test_an_injected_connection_gets_its_settings_back(tmp_path: Path) -> None:
    import sqlite3

    conn = sqlite3.connect(tmp_path / "app.db")

    def state() -> tuple[object, ...]:
        return (
            conn.row_factory,
            conn.isolation_level,
            conn.execute("PRAGMA foreign_keys").fetchone()[0],
            conn.execute("PRAGMA synchronous").fetchone()[0],
        )

    before = state()
    store = SqliteGraphStore(connection=conn)
    with TemporalGraphMemory(store, annotator="offline") as memory:
        memory.add("Alice works at Acme.")
        assert memory.relations("Alice")
    store.close()
    assert state() == before
    assert conn.execute("SELECT 1").fetchone() == (1,)
    conn.close()


# ------------------------------------------------ 12. close() inside exclusive() keeps its writes
def test_close_inside_exclusive_keeps_the_acknowledged_adds(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with TemporalGraphMemory(db, annotator="offline") as memory:
        memory.add("Alice works at Acme.")
    memory = TemporalGraphMemory(db, annotator="offline")
    with memory.exclusive():
        assert memory.add("Bob works at Globex.").t_index == 2
        memory.close()
    with TemporalGraphMemory(db, annotator="offline") as again:
        assert again.stats().steps == 2
        assert again.relations("Bob")
