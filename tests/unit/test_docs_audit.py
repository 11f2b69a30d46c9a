"""Defects found by a black-box audit of the docs against the behaviour (reproducers were run as
a user runs them): an offline token count, checked options, help that says what a command does,
read commands that leave a non-memory file alone, and ``serve`` without the ``[view]`` extra.

The adapters' construction checks are in tests/integration/test_adapter_options.py."""

from __future__ import annotations

import hashlib
import math
import os
import sqlite3
import subprocess
import sys
import textwrap
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins import ConfigurationError, MemoryConfig, SqliteGraphStore
from recall_memory_plugins.cli import main
from recall_memory_plugins.errors import MissingDependencyError, NotFoundError

ROOT = Path(__file__).resolve().parents[2]
CL100K_URL = b"https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken"
CL100K_SHA256 = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"


def _shipped_bpe() -> bytes:
    return (resources.files("recall_memory_plugins.engine") / "data" / "cl100k_base.tiktoken").read_bytes()


# ------------------------------------------------------------------ 1. tokens: no download
def test_the_encoding_file_ships_in_the_package_as_published() -> None:
    assert hashlib.sha256(_shipped_bpe()).hexdigest() == CL100K_SHA256
    licence = resources.files("recall_memory_plugins.engine") / "data" / "cl100k_base.LICENSE"
    assert "MIT License" in licence.read_text(encoding="utf-8")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    # package data: wheels, sdists and editable installs carry both files
    assert '"engine/data/*.tiktoken"' in pyproject and '"engine/data/*.LICENSE"' in pyproject


_CHILD = textwrap.dedent(
    r"""
    import socket, sys
    attempts = []
    def refuse(*args, **kwargs):
        attempts.append(repr(args[:2]))
        raise OSError("network blocked by the test")
    socket.getaddrinfo = refuse
    socket.create_connection = refuse
    sys.modules["llama_index"] = None  # a base install: no llama-index-core and its copy
    from recall_memory_plugins import TemporalGraphMemory
    from recall_memory_plugins.engine.tokens import get_token_counter
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Alice works at Acme.")
        recall = memory.recall("Where does Alice work?", token_budget=100)
    counter = get_token_counter()
    print(counter.exact, counter.count("Brandon loves coffee."), recall.token_count, attempts)
    """
)


def test_the_default_path_counts_exactly_without_network_or_llama_index(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TIKTOKEN", "DATA_GYM"))}
    # an empty cache of tiktoken's own: a download would be its only way to the encoding
    cache = tmp_path / "tiktoken"
    cache.mkdir()
    env |= {"HOME": str(tmp_path), "TMPDIR": str(tmp_path), "TIKTOKEN_CACHE_DIR": str(cache)}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD], capture_output=True, text=True, env=env, timeout=300
    )
    assert out.returncode == 0, out.stderr
    assert "estimate" not in out.stderr, out.stderr
    exact, brandon, tokens, attempts = out.stdout.split(" ", 3)
    assert (exact, brandon, attempts.strip()) == ("True", "4", "[]")
    assert int(tokens) > 0
    assert os.listdir(cache) == []  # nothing downloaded or cached


def test_the_shipped_encoding_is_tiktokens_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tiktoken

    from recall_memory_plugins.engine.tokens import _shipped_encoding

    ours = _shipped_encoding(tiktoken, "cl100k_base")
    # tiktoken builds its own from the same bytes, found in its cache under its own name
    (tmp_path / hashlib.sha1(CL100K_URL).hexdigest()).write_bytes(_shipped_bpe())
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    reference = tiktoken.get_encoding("cl100k_base")
    assert ours is not None
    assert ours._pat_str == reference._pat_str
    assert ours._special_tokens == reference._special_tokens
    assert ours.n_vocab == reference.n_vocab
    for text in ["Hello world!  \n\n  x", "张三负责星火计划。", "I'm 12345 😀👨‍👩‍👧 don't", " \t\r\n"]:
        assert ours.encode_ordinary(text) == reference.encode_ordinary(text)


def test_a_damaged_copy_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    import tiktoken

    from recall_memory_plugins.engine import tokens

    monkeypatch.setitem(tokens._SHIPPED, "cl100k_base", ("cl100k_base.tiktoken", "0" * 64, "", {}))
    assert tokens._shipped_encoding(tiktoken, "cl100k_base") is None


# ------------------------------------------------------------ 3. MemoryConfig(encoding=...)
def test_an_unknown_encoding_is_refused_naming_the_option() -> None:
    with pytest.raises(ConfigurationError, match=r"MemoryConfig\.encoding.*cl100k_base.*'cl100k_bsae'"):
        MemoryConfig(encoding="cl100k_bsae")
    with pytest.raises(ConfigurationError, match="encoding"):
        MemoryConfig.from_env({"RECALL_ENCODING": "nope"})


def test_a_known_encoding_is_accepted_without_loading_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import tiktoken

    def no_load(name: str) -> Any:
        raise AssertionError(f"{name} loaded at config time")

    monkeypatch.setattr(tiktoken, "get_encoding", no_load)
    for name in tiktoken.list_encoding_names():
        assert MemoryConfig(encoding=name).encoding == name


# ------------------------------------------------------------------------- 4. demo's help
def test_demo_help_says_it_stores_in_db() -> None:
    from recall_memory_plugins.cli.main import build_parser

    parser = build_parser()
    demo = parser._subparsers._group_actions[0].choices["demo"]  # type: ignore[union-attr]
    texts = [parser.format_help(), demo.format_help()]
    for text in texts:
        summary = " ".join(text.split())
        assert "on a throwaway in-memory store" not in summary
        assert "store them in --db" in summary and "demo-brandon" in summary


# ------------------------------------------------- 7. SqliteGraphStore(timeout=, connection=)
@pytest.mark.parametrize("timeout", ["30", -1, math.nan, math.inf, True, None])
def test_sqlite_refuses_a_bad_timeout(timeout: object) -> None:
    with pytest.raises(ConfigurationError, match="timeout"):
        SqliteGraphStore(":memory:", timeout=timeout)  # type: ignore[arg-type]


@pytest.mark.parametrize("connection", ["x", 5, object()])
def test_sqlite_refuses_what_is_no_connection(connection: object) -> None:
    with pytest.raises(ConfigurationError, match=r"connection must be a sqlite3\.Connection"):
        SqliteGraphStore(connection=connection)  # type: ignore[arg-type]


def test_sqlite_accepts_good_timeouts_and_connections() -> None:
    for timeout in (0, 0.5, 30):
        SqliteGraphStore(":memory:", timeout=timeout).close()
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    SqliteGraphStore(connection=conn).close()
    conn.close()


# ------------------------------------------------ 8. create=False and read-only CLI commands
def test_create_false_refuses_an_empty_file_and_leaves_it(tmp_path: Path) -> None:
    empty = tmp_path / "notes.txt"
    empty.write_bytes(b"")
    with pytest.raises(NotFoundError, match="holds no recall memory"):
        SqliteGraphStore(empty, create=False)
    assert empty.read_bytes() == b""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_create_false_refuses_a_database_without_a_memory(tmp_path: Path) -> None:
    path = tmp_path / "blank.db"
    sqlite3.connect(path).execute("VACUUM").connection.close()  # a SQLite file, no tables
    before = path.read_bytes()
    with pytest.raises(NotFoundError):
        SqliteGraphStore(path, create=False)
    assert path.read_bytes() == before


def test_create_false_opens_an_existing_memory(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    SqliteGraphStore(path).close()
    with SqliteGraphStore(path, create=False) as store:
        assert store.namespaces() == []


@pytest.mark.parametrize(
    "command", [["stats"], ["ask", "hello"], ["relations"], ["timeline", "Alice"], ["forget"]]
)
def test_commands_that_need_a_memory_leave_an_empty_file_alone(
    tmp_path: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"")
    assert main(["--db", str(path), "--annotator", "offline", *command]) == 1
    assert "no memory at" in capsys.readouterr().err
    assert path.read_bytes() == b""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_read_commands_still_read_a_memory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "m.db")
    assert main(["--db", db, "--annotator", "offline", "add", "Alice works at Acme."]) == 0
    assert main(["--db", db, "--annotator", "offline", "relations"]) == 0
    assert "Alice WORKS_FOR Acme" in capsys.readouterr().out


# ------------------------------------------------------------------- 6. Neo4j options
@pytest.mark.parametrize(
    "options",
    [
        {"connection_timeout": -1},
        {"connection_timeout": 0},
        {"connection_timeout": "3"},
        {"connection_timeout": math.nan},
        {"max_transaction_retry_time": "x"},
        {"max_transaction_retry_time": -1},
        {"clear_batch_size": 1.5},
        {"clear_batch_size": True},
        {"auth": "x"},
        {"auth": ("only-a-user",)},
        {"database": 5},
        {"database": ""},
        {"use_apoc": "yes"},
    ],
)
def test_neo4j_store_refuses_bad_options_at_construction(options: dict[str, Any]) -> None:
    pytest.importorskip("neo4j")
    from recall_memory_plugins.stores.neo4j import Neo4jGraphStore

    with pytest.raises(ConfigurationError):
        Neo4jGraphStore("bolt://127.0.0.1:1", **options)


def test_neo4j_store_accepts_the_drivers_auth() -> None:
    neo4j = pytest.importorskip("neo4j")
    from recall_memory_plugins.stores.neo4j import Neo4jGraphStore

    for auth in (None, ("neo4j", "secret"), neo4j.basic_auth("neo4j", "secret")):
        store = Neo4jGraphStore("bolt://127.0.0.1:1", auth=auth, max_transaction_retry_time=0)
        store.close()


@pytest.mark.parametrize(
    "options",
    [
        {"connection_timeout": "3"},
        {"connection_timeout": 0},
        {"connection_timeout": math.inf},
        {"max_transaction_retry_time": -1},
        {"max_transaction_retry_time": True},
        {"use_apoc": "yes"},
        {"database": 5},
        {"password": 5},
    ],
)
def test_neo4j_config_refuses_bad_options(options: dict[str, Any]) -> None:
    from recall_memory_plugins.stores.neo4j.config import Neo4jConfig

    with pytest.raises(ConfigurationError):
        Neo4jConfig(uri="bolt://localhost:7687", **options)
    assert Neo4jConfig(uri="bolt://localhost:7687", max_transaction_retry_time=0, use_apoc=False)


# ------------------------------------------------------------------ 9. CoreNLPAnnotator(url)
def test_corenlp_takes_the_url_positionally_or_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("stanza.server", reason="the [corenlp] extra (stanza) is not installed")
    from recall_memory_plugins.nlp.corenlp import CoreNLPAnnotator

    assert CoreNLPAnnotator("http://127.0.0.1:9123").url == "http://127.0.0.1:9123"
    monkeypatch.setenv("CORENLP_URL", "http://127.0.0.1:9124")
    assert CoreNLPAnnotator().url == "http://127.0.0.1:9124"
    assert CoreNLPAnnotator(url="http://127.0.0.1:9125").url == "http://127.0.0.1:9125"
    monkeypatch.delenv("CORENLP_URL")
    assert CoreNLPAnnotator().url == "http://127.0.0.1:9000"
    with pytest.raises(ConfigurationError):
        CoreNLPAnnotator("localhost:9000")


# ------------------------------------------------------------ 10. serve without [view]
@pytest.fixture
def without_pyvis(monkeypatch: pytest.MonkeyPatch) -> Any:
    from recall_memory_plugins.viz.page import vis_network_js

    vis_network_js.cache_clear()
    monkeypatch.setitem(sys.modules, "pyvis", None)  # import pyvis -> ImportError
    yield
    vis_network_js.cache_clear()


def test_make_server_refuses_before_binding_without_the_extra(without_pyvis: Any) -> None:
    from recall_memory_plugins import TemporalGraphMemory
    from recall_memory_plugins.viz.server import make_server

    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        try:
            server = make_server(memory, ["default"], port=0)
        except MissingDependencyError as exc:
            assert "[view]" in str(exc)
        else:
            server.server_close()
            pytest.fail("make_server bound a port although the page cannot be drawn")


def test_serve_exits_1_with_the_view_message(
    tmp_path: Path,
    without_pyvis: Any,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from recall_memory_plugins.viz import server

    # were a server started, it would stop at once (instead of serving forever)
    def stop(self: Any, *args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(server._MemoryServer, "serve_forever", stop)
    db = str(tmp_path / "m.db")
    assert main(["--db", db, "--annotator", "offline", "add", "Alice works at Acme."]) == 0
    capsys.readouterr()
    assert main(["--db", db, "--annotator", "offline", "serve", "--port", "0"]) == 1
    out = capsys.readouterr()
    assert "serving" not in out.out
    assert "pip install 'recall-memory-plugins[view]'" in out.err

