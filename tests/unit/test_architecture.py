"""The dependency direction and the public API are enforced, not just documented."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import recall_memory_plugins

SRC = Path(recall_memory_plugins.__file__).parent
FORBIDDEN_IN_ENGINE = (
    "sqlite3",
    "neo4j",
    "stanza",
    "langchain",
    "langchain_core",
    "langchain_classic",
    "llama_index",
    "jieba",
    "textblob",
)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engine_imports_no_backend_or_framework() -> None:
    offenders = {
        str(p.relative_to(SRC)): sorted(_imports(p) & set(FORBIDDEN_IN_ENGINE))
        for p in (SRC / "engine").rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_engine_relative_imports_only_reach_protocols() -> None:
    for path in (SRC / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level >= 2 and node.module:
                top = node.module.split(".")[0]
                if top == "stores":
                    assert node.module in ("stores.base", "stores.sqlite"), path
                if top == "nlp":
                    assert node.module in ("nlp.base", "nlp"), path
                assert top not in ("adapters", "cli"), path


def test_importing_the_package_imports_no_optional_dependency() -> None:
    code = (
        "import sys, recall_memory_plugins as r; "
        "bad = [m for m in ('langchain_core', 'llama_index', 'neo4j', 'stanza', 'torch') if m in sys.modules]; "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_all_names_exist_and_are_sorted() -> None:
    exported = recall_memory_plugins.__all__
    assert len(exported) == len(set(exported))
    for name in exported:
        assert hasattr(recall_memory_plugins, name), name
    public = {n for n in dir(recall_memory_plugins) if not n.startswith("_")}
    modules = {
        "adapters",
        "cli",
        "config",
        "engine",
        "errors",
        "models",
        "nlp",
        "stores",
        "extractors",
        "annotations",
        "viz",
    }
    assert public - set(exported) - modules == set()


def test_every_error_derives_from_recall_error() -> None:
    from recall_memory_plugins import errors

    for name in errors.__all__:
        assert issubclass(getattr(errors, name), errors.RecallError)


def test_no_print_in_library_code() -> None:
    for path in SRC.rglob("*.py"):
        if path.name == "cli.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = [
            n
            for n in ast.walk(tree)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "print"
        ]
        assert not calls, f"print() in {path}"
