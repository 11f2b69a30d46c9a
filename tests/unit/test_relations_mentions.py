"""Mentions found through the gazetteer of recently seen names: whole words in any case, the
longest known name first, Chinese names as substrings, and the same result whether the gazetteer
is a mapping or merged from per-entity parts (offline annotator)."""

from __future__ import annotations

import pytest

from recall_memory_plugins.engine.relations.mentions import Gazetteer, find_mentions, known_names
from recall_memory_plugins.nlp.offline import OfflineAnnotator


@pytest.fixture(scope="module")
def annotator() -> OfflineAnnotator:
    return OfflineAnnotator()


def names(annotator: OfflineAnnotator, text: str, gazetteer: object) -> list[tuple[str, object]]:
    found = find_mentions(annotator.annotate(text), gazetteer=gazetteer)  # type: ignore[arg-type]
    return [(m.text, m.type) for m in found if m.kind == "name"]


def test_gazetteer_finds_known_names_in_any_case(annotator: OfflineAnnotator) -> None:
    gazetteer = {"zorblat widgets": "ORG", "Qwix": "PRODUCT"}
    got = names(annotator, "we met the zorblat WIDGETS crew and tried qwix today", gazetteer)
    assert ("zorblat WIDGETS", "ORG") in got
    assert ("qwix", "PRODUCT") in got


def test_gazetteer_prefers_the_longest_name(annotator: OfflineAnnotator) -> None:
    gazetteer = {"zorblat": "PRODUCT", "zorblat widgets": "ORG"}
    got = names(annotator, "the zorblat widgets crew", gazetteer)
    assert got == [("zorblat widgets", "ORG")]


def test_gazetteer_matches_whole_words_only(annotator: OfflineAnnotator) -> None:
    got = names(annotator, "the qwixotic plan", {"qwix": "PRODUCT"})
    assert ("qwix", "PRODUCT") not in got


def test_gazetteer_finds_chinese_names_as_substrings(annotator: OfflineAnnotator) -> None:
    got = names(annotator, "我们昨天讨论了飞鸿计划的进度", {"飞鸿计划": "PROJECT"})
    assert ("飞鸿计划", "PROJECT") in got


def test_merged_gazetteer_equals_the_mapping(annotator: OfflineAnnotator) -> None:
    parts = [
        (("zorblat", "zorblat widgets"), "ORG"),
        (("Zorblat",), "PRODUCT"),  # folds to a name of the first part: its type loses
        (("飞鸿计划",), "PROJECT"),
    ]
    mapping: dict[str, str | None] = {}
    for aliases, type_ in parts:
        for alias in aliases:
            mapping.setdefault(alias, type_)
    merged = Gazetteer.merge([known_names(a, t) for a, t in parts])
    for text in ("we use zorblat daily", "the zorblat widgets crew", "飞鸿计划和zorblat"):
        assert names(annotator, text, merged) == names(annotator, text, mapping)
    assert ("zorblat", "ORG") in names(annotator, "we use zorblat daily", merged)
