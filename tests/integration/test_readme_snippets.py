"""Every ``python`` block of the README, pasted into a fresh file and run in a fresh process.

Each block runs alone in an empty temporary directory (``memory.db`` is created there), so a
block that uses a name it does not define fails here as it would for a reader who pastes it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import skip_or_fail

README = Path(__file__).resolve().parents[2] / "README.md"

#: What a block must print, by the section it is in.
EXPECTED = {
    "Quickstart": ["王五 manages 星火计划", "张三"],
    "Using your own Neo4j": [],
    "LangChain": ["Bob leads Project Orion now.", "facts ", "statement "],
    "LangGraph store": ["Alice moved to Lyon."],
    "LlamaIndex": ["Alice leads Project Orion."],
}

#: Blocks known to be fragments (not run; a visible skip). Outside the framework sections, which
#: are not this test's to edit: complete the block, then delete its entry here.
FRAGMENTS: dict[str, str] = {}


def blocks() -> list[tuple[str, str]]:
    """(section heading, code) of every ```python block, numbered when a section has several."""
    out: list[tuple[str, str]] = []
    section = ""
    seen: dict[str, int] = {}
    for match in re.finditer(
        r"^## ([^\n]+)$|^```python\n(.*?)^```", README.read_text("utf-8"), re.M | re.S
    ):
        if match.group(1):
            section = match.group(1).strip()
            continue
        seen[section] = seen.get(section, 0) + 1
        name = section if seen[section] == 1 else f"{section} #{seen[section]}"
        out.append((name, match.group(2)))
    return out


BLOCKS = blocks()


def test_the_readme_has_the_framework_blocks() -> None:
    names = [name for name, _ in BLOCKS]
    assert set(EXPECTED) <= set(names), names
    assert set(FRAGMENTS) <= set(names), "a fragment was completed or renamed: update FRAGMENTS"


@pytest.mark.parametrize(("section", "code"), BLOCKS, ids=[name for name, _ in BLOCKS])
def test_readme_block_runs_as_pasted(section: str, code: str, tmp_path: Path) -> None:
    if section in FRAGMENTS:
        pytest.skip(f"README section {section!r}: {FRAGMENTS[section]}")
    if "Neo4jConfig.from_env()" in code and not os.environ.get("NEO4J_URI"):
        skip_or_fail(
            'NEO4J_URI is not set: start one with `eval "$(scripts/neo4j-test-server start)"`'
        )
    if any(m in code for m in ("langchain", "langgraph")):
        pytest.importorskip("langchain")
    if "llama_index" in code:
        pytest.importorskip("llama_index.core")
    script = tmp_path / "snippet.py"
    script.write_text(code, "utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "OLLAMA_BASE_URL")}
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env=env,
    )
    assert done.returncode == 0, f"README section {section!r} fails as pasted:\n{done.stderr}"
    for text in EXPECTED.get(section, []):
        assert text in done.stdout, done.stdout
    assert "Empty Response" not in done.stdout


def test_the_cli_block_runs_as_typed(tmp_path: Path) -> None:
    """The README's CLI lines, each in a shell, in order, on one notes.db (with a notes.txt)."""
    match = re.search(r"^## CLI\n\n```bash\n(.*?)^```", README.read_text("utf-8"), re.M | re.S)
    assert match, "the README has no CLI block"
    (tmp_path / "notes.txt").write_text("Bob likes tea.\nBob moved to Oslo.\n", "utf-8")
    scripts = Path(sys.executable).parent
    env = os.environ | {"PATH": f"{scripts}{os.pathsep}{os.environ.get('PATH', '')}"}
    outputs = []
    for line in match.group(1).strip().splitlines():
        command = line.split("  #")[0].strip()
        done = subprocess.run(
            command, shell=True, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300
        )
        assert done.returncode == 0, f"{command!r} fails:\n{done.stderr}"
        outputs.append(done.stdout)
    assert any("Alice WORKS_FOR Acme" in out for out in outputs), outputs
    assert (tmp_path / "alice.jsonl").stat().st_size > 0
