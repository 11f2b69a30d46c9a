"""The pattern tables compile their regexes on first use, with the same answers.

Importing the package compiles none of the table rows (an English-only user never pays for the
Chinese ones); a Chinese text still yields its relation once it arrives, and a compiled pattern a
user appends to ``EN_PATTERNS`` still runs.
"""

from __future__ import annotations

import copy
import json
import pickle
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.lazy_regex import LazyPattern, lazy_pattern
from recall_memory_plugins.engine.relations.patterns import CLOSE, EN_PATTERNS, EN_ROWS, OPEN

_PROBE = textwrap.dedent(
    """
    import json
    import recall_memory_plugins
    from recall_memory_plugins import TemporalGraphMemory
    from recall_memory_plugins.engine.relations.lazy_regex import LazyPattern, compiled_count
    from recall_memory_plugins.engine.relations.patterns import EN_ROWS, ZH_ROWS

    def compiled(rows):
        return sum(1 for row in rows if not isinstance(row.pattern, LazyPattern) or row.pattern.is_compiled)

    out = {"lazy": all(isinstance(r.pattern, LazyPattern) for r in (*EN_ROWS, *ZH_ROWS)),
           "rows": [len(EN_ROWS), len(ZH_ROWS)], "at_import": [compiled_count(), compiled(EN_ROWS), compiled(ZH_ROWS)]}
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Alice Smith works for Globex.")
        out["after_en"] = [compiled(EN_ROWS), compiled(ZH_ROWS)]
        memory.add("张伟在腾讯工作。")
        out["after_zh"] = [compiled(EN_ROWS), compiled(ZH_ROWS)]
        out["relations"] = sorted(
            (r.subject_name, r.type, r.object_name) for name in ("Alice Smith", "张伟") for r in memory.relations(name)
        )
    print(json.dumps(out))
    """
)


@pytest.fixture(scope="module")
def probe() -> dict[str, object]:
    """What a fresh process compiled at import, after an English and after a Chinese text."""
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True, timeout=600)
    found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_importing_the_package_compiles_no_table_row(probe: dict[str, object]) -> None:
    assert probe["lazy"] is True
    assert probe["at_import"] == [0, 0, 0]


def test_an_english_text_compiles_no_chinese_row_and_few_english_ones(probe: dict[str, object]) -> None:
    en_rows, zh_rows = probe["rows"]  # type: ignore[misc]
    en_compiled, zh_compiled = probe["after_en"]  # type: ignore[misc]
    assert zh_compiled == 0
    assert 0 < en_compiled < en_rows // 2  # (only the rows whose literals the text holds)
    en_after, zh_after = probe["after_zh"]  # type: ignore[misc]
    assert 0 < zh_after < zh_rows and en_after == en_compiled


def test_both_texts_still_yield_their_relations(probe: dict[str, object]) -> None:
    assert probe["relations"] == [["Alice Smith", "WORKS_FOR", "Globex"], ["张伟", "WORKS_FOR", "腾讯"]]


@pytest.fixture
def zorbles() -> Iterator[re.Pattern[str]]:
    """A compiled pattern appended to ``EN_PATTERNS`` with the "works for" handler (removed after)."""
    handler = next(row.handler for row in EN_ROWS if row.handler.__name__ == "_works_for")
    slot = OPEN + r"\d+" + CLOSE
    pattern = re.compile(rf"(?P<s>{slot})\s+zorbles\s+for\s+(?P<o>{slot})", re.IGNORECASE)
    EN_PATTERNS.append((pattern, handler))
    try:
        yield pattern
    finally:
        EN_PATTERNS.remove((pattern, handler))


def test_a_compiled_pattern_a_user_appends_still_runs(zorbles: re.Pattern[str]) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Alice Smith zorbles for Globex.")
        found = [(r.subject_name, r.type, r.object_name) for r in memory.relations("Alice Smith")]
    assert found == [("Alice Smith", "WORKS_FOR", "Globex")]


def test_without_the_appended_pattern_the_phrase_says_nothing() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Alice Smith zorbles for Globex.")
        assert memory.relations("Alice Smith") == []


def test_a_lazy_pattern_answers_as_the_compiled_one() -> None:
    source, text = r"(?P<who>[A-Z]\w+)\s+(?:works|worked)\s+(?:at|for)\s+(\w+)", "so Ana works for Acme, Bo worked at Zed"
    lazy, real = lazy_pattern(source, re.IGNORECASE), re.compile(source, re.IGNORECASE)
    assert isinstance(lazy, LazyPattern) and not lazy.is_compiled
    assert (lazy.pattern, lazy.flags) == (real.pattern, real.flags)  # (known before compiling)
    assert not lazy.is_compiled
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
    assert lazy.is_compiled
    assert lazy.search(text).group("who") == real.search(text).group("who")  # type: ignore[union-attr]
    assert lazy.sub("_", text) == real.sub("_", text) and lazy.findall(text) == real.findall(text)
    assert (lazy.groups, lazy.groupindex) == (real.groups, real.groupindex)
    assert lazy == real and copy.deepcopy(lazy) is lazy
    assert pickle.loads(pickle.dumps(lazy)) == lazy
    # a pattern whose inline flags set its flags is compiled at once
    assert isinstance(lazy_pattern("(?s)a.b"), re.Pattern)
