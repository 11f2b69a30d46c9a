"""Text that looks the same is the same (found by a black-box test session, 2026-12-06).

- "Zoë" typed composed (NFC) and decomposed (NFD, as macOS and some keyboards give it) was two
  people with two current homes; an NFD question did not find the NFC statement.
- A zero-width space pasted inside a name ("星火\u200b计划") made a second entity, so
  "王五不再负责星火计划了" ended nothing.
- ``import_`` wrote a NUL character (a namespace no call could then read or clear) and speakers
  longer than ``add`` takes.
"""

from __future__ import annotations

import io
import json
import unicodedata

import pytest

from recall_memory_plugins import InputError, TemporalGraphMemory
from recall_memory_plugins.engine.validation import MAX_LABEL_CHARS, plain_text

NFC = unicodedata.normalize("NFC", "Zoë")
NFD = unicodedata.normalize("NFD", "Zoë")


def _memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


def test_composed_and_decomposed_names_are_one_person() -> None:
    assert NFC != NFD
    with _memory() as memory:
        memory.add(f"{NFC} lives in Paris.")
        memory.add(f"{NFD} moved to Lyon.")
        homes = [r.object_name for r in memory.relations(NFC, type="LIVES_IN")]
        assert homes == ["Lyon"]
        assert [r.object_name for r in memory.relations(NFD, type="LIVES_IN")] == ["Lyon"]


def test_a_decomposed_question_finds_a_composed_statement() -> None:
    text = unicodedata.normalize("NFC", "Nguyễn Văn An thích phở bò.")
    with _memory() as memory:
        memory.add(text)
        memory.add("The weather was cold on Tuesday.")
        recall = memory.recall(unicodedata.normalize("NFD", "Nguyễn Văn An thích gì?"))
        assert text in recall.text


def test_a_zero_width_space_inside_a_name_is_not_a_new_name() -> None:
    with _memory() as memory:
        memory.add("王五负责星火计划。")
        memory.add("王五不再负责星火\u200b计划了。")
        assert [r.object_name for r in memory.relations("王五", type="MANAGES")] == []
        assert not any("\u200b" in (e.name or "") for e in memory.entities())


def test_plain_text_keeps_what_shapes_text() -> None:
    assert plain_text("a\u200bb\ufeffc\u2060d", "text") == "abcd"
    # ZWJ and ZWNJ change how text is shaped (emoji families, Persian): kept
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert plain_text(family, "text") == family
    assert plain_text("می\u200cخواهم", "text") == "می\u200cخواهم"
    assert plain_text("plain ascii", "text") == "plain ascii"
    with pytest.raises(InputError):
        plain_text("a\x00b", "text")


def _export(memory: TemporalGraphMemory) -> list[dict[str, object]]:
    buf = io.StringIO()
    memory.export(buf)
    return [json.loads(line) for line in buf.getvalue().splitlines()]


def _import(records: list[dict[str, object]]) -> TemporalGraphMemory:
    memory = _memory()
    memory.import_(io.StringIO("".join(json.dumps(r) + "\n" for r in records)))
    return memory


@pytest.mark.parametrize("field", ["namespace", "text", "speaker"])
def test_import_refuses_a_nul_character_and_writes_nothing(field: str) -> None:
    with _memory() as memory:
        memory.add("张三住在北京。", speaker="李四")
        records = _export(memory)
    for r in records:
        if field == "namespace" and isinstance(r.get("namespace"), str):
            r["namespace"] = "用户\x00一"
        if field == "namespace" and "namespaces" in r:
            r["namespaces"] = ["用户\x00一"]
        if r.get("kind") == "statement" and field in r:
            r[field] = f"{r[field]}\x00"
    target = _memory()
    with pytest.raises(InputError):
        target.import_(io.StringIO("".join(json.dumps(r) + "\n" for r in records)))
    assert target.namespaces() == []
    target.close()


def test_import_refuses_a_speaker_longer_than_add_takes() -> None:
    with _memory() as memory:
        memory.add("Anna lives in Oslo.", speaker="Anna")
        records = _export(memory)
    for r in records:
        if r.get("kind") == "statement":
            r["speaker"] = "x" * (MAX_LABEL_CHARS + 1)
    with pytest.raises(InputError):
        _import(records)
    for r in records:
        if r.get("kind") == "statement":
            r["speaker"] = "x" * MAX_LABEL_CHARS
    with _import(records) as memory:  # (at the limit: taken)
        assert memory.stats().statements == 1


@pytest.mark.parametrize(
    "unit",
    [
        "\U0001f1e8\U0001f1f3",  # a flag: two regional indicators
        "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466",  # a family joined by ZWJ
        "e\u0301\u0302\u0303",  # a letter and its accents (no composed form for all three)
        "\U0001f44d\U0001f3fd",  # a thumb and its skin tone
    ],
)
def test_a_cut_never_splits_a_perceived_character(unit: str) -> None:
    from recall_memory_plugins.engine.tokens import get_token_counter

    counter = get_token_counter()
    text = unit * 60 + " latte"
    for budget in range(1, 40):
        cut = counter.truncate(text, budget)
        assert counter.count(cut) <= budget
        assert len(cut) % len(unit) == 0 and text.startswith(cut), (budget, ascii(cut[-4:]))


def test_a_clock_that_is_not_callable_is_refused_at_construction() -> None:
    from recall_memory_plugins import ConfigurationError

    with pytest.raises(ConfigurationError, match="clock"):
        TemporalGraphMemory(":memory:", annotator="offline", clock=5)  # type: ignore[arg-type]
