"""Options and constructor arguments are checked when the memory is built, with the library's
own error naming the option: never a raw TypeError/ValueError/OverflowError at the first add or
recall, nor a recall that loops for ever."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins import (
    ConfigurationError,
    MemoryConfig,
    SqliteGraphStore,
    TemporalGraphMemory,
)
from recall_memory_plugins.config import MAX_TOKEN_BUDGET
from recall_memory_plugins.engine import validation

FACTS = "Alice works at Acme. Alice lives in Paris."
QUESTION = "Where does Alice work?"

BAD_OPTIONS = [
    ("token_budget", None),
    ("token_budget", "500"),
    ("token_budget", True),
    ("token_budget", 500.5),
    ("token_budget", MAX_TOKEN_BUDGET + 1),
    ("temporal_window", "15"),
    ("temporal_window", 15.0),
    ("temporal_window", 2**63),
    ("time_weight", None),
    ("time_weight", "3"),
    ("time_weight", True),
    ("time_weight", -1.0),
    ("time_weight", float("inf")),
    ("time_weight", float("nan")),
    ("lexical_weight", 1e7),
    ("follow_up_weights", 0.5),
    ("follow_up_weights", ("a",)),
    ("follow_up_weights", "0.8"),
    ("follow_up_weights", (True,)),
    ("follow_up_weights", None),
    ("follow_up_weights", (0.5,) * 101),
    ("exclusive_relations", None),
    ("exclusive_relations", "WORKS_FOR"),
    ("exclusive_relations", ("WORKS_FOR", 5)),
    ("exclusive_relations", ("",)),
    ("context_limit", 10**30),
    ("context_limit", True),
    ("depth", 10**30),
    ("depth", 33),
    ("depth", True),
    ("max_neighbors", 2**63),
    ("distance", True),
    ("sentence_window", 10**30),
    ("max_statement_tokens", 10**30),
    ("excerpt_sentences", True),
    ("dense_candidates", 2**63),
    ("relations", "false"),
    ("fill_recent", None),
    ("encoding", None),
]


@pytest.mark.parametrize(("name", "value"), BAD_OPTIONS)
def test_a_bad_option_is_refused_when_the_memory_is_built(name: str, value: Any) -> None:
    with pytest.raises(ConfigurationError, match=name):
        MemoryConfig(**{name: value})
    with pytest.raises(ConfigurationError, match=name):
        MemoryConfig().with_options(**{name: value})
    with pytest.raises(ConfigurationError, match=name):
        TemporalGraphMemory(":memory:", annotator="offline", **{name: value})


@pytest.mark.parametrize(
    ("variable", "value"), [("RECALL_DEPTH", "1000000000000"), ("RECALL_TIME_WEIGHT", "nan")]
)
def test_an_environment_variable_out_of_range_is_refused(variable: str, value: str) -> None:
    name = variable.removeprefix("RECALL_").lower()
    with pytest.raises(ConfigurationError, match=name):
        MemoryConfig.from_env({variable: value})


@pytest.mark.parametrize("value", ["maybe", "2", ""])
def test_a_switch_variable_that_is_no_yes_or_no_is_refused(value: str) -> None:
    with pytest.raises(ConfigurationError, match="RECALL_RELATIONS"):  # (it turned relations off)
        MemoryConfig.from_env({"RECALL_RELATIONS": value})
    assert MemoryConfig.from_env({"RECALL_RELATIONS": "off"}).relations is False
    assert MemoryConfig.from_env({"RECALL_RELATIONS": "Yes"}).relations is True


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"strategy": "seed"},
        {"depth": 1},
        {"depth": 32, "strategy": "seed", "max_neighbors": 100},
        {"temporal_window": 0, "window_anchor": "newest"},
        {"token_budget": 800.0},
        {"token_budget": MAX_TOKEN_BUDGET},
        {"time_weight": 0, "lexical_weight": 2, "graph_weight": 0.0},
        {"follow_up_weights": ()},
        {"follow_up_weights": [0.6, 0.3]},
        {"exclusive_relations": ()},
        {"exclusive_relations": ["works for", "MANAGES:object"]},
        {"excerpts": True, "excerpt_sentences": 2},
        {"relations": False, "fill_recent": False, "dates_from_text": False},
        {"context_limit": 2**62, "dense_candidates": 0},
    ],
)
def test_documented_values_build_a_memory_that_recalls(options: dict[str, Any]) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline", **options) as memory:
        memory.add(FACTS)
        assert "Alice works at Acme" in memory.recall(QUESTION).text
        cfg = memory.config
    # list options are kept as tuples (the config is frozen and hashable), budgets as ints
    assert isinstance(cfg.follow_up_weights, tuple)
    assert isinstance(cfg.exclusive_relations, tuple)
    assert type(cfg.token_budget) is int
    hash(cfg)  # a list kept in the frozen config would make it unhashable


def test_the_budget_bound_is_that_of_a_recall() -> None:
    assert MAX_TOKEN_BUDGET == validation.MAX_TOKEN_BUDGET


@pytest.mark.parametrize("annotator", [None, 5, object(), b"offline"])
def test_an_annotator_that_is_neither_a_name_nor_an_annotator_is_refused(
    annotator: Any, tmp_path: Path
) -> None:
    path = tmp_path / "memory.db"
    with pytest.raises(ConfigurationError, match="annotator"):
        TemporalGraphMemory(path, annotator=annotator)
    assert not path.exists()  # refused before the database is created


@pytest.mark.parametrize("config", [5, {"distance": 2}, "offline", MemoryConfig])
def test_a_config_that_is_not_a_memory_config_is_refused(config: Any, tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    with pytest.raises(ConfigurationError, match="config"):
        TemporalGraphMemory(path, annotator="offline", config=config)
    assert not path.exists()


def test_a_memory_config_and_options_still_combine() -> None:
    config = MemoryConfig(context_limit=3, strategy="seed")
    with TemporalGraphMemory(
        ":memory:", annotator="offline", config=config, token_budget=300
    ) as memory:
        assert (memory.config.context_limit, memory.config.token_budget) == (3, 300)
        memory.add(FACTS)
        assert "Alice works at Acme" in memory.recall(QUESTION).text


def test_a_path_with_a_lone_surrogate_is_a_configuration_error(tmp_path: Path) -> None:
    path = str(tmp_path / "\ud800.db")
    with pytest.raises(ConfigurationError, match="surrogate"):
        SqliteGraphStore(path)
    with pytest.raises(ConfigurationError, match="surrogate"):
        TemporalGraphMemory(path, annotator="offline")
    with pytest.raises(ConfigurationError, match="surrogate"):
        SqliteGraphStore("file:\udfff?mode=memory")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(sys.platform != "linux", reason="file names of arbitrary bytes: Linux")
def test_a_path_of_undecodable_bytes_still_opens(tmp_path: Path) -> None:
    path = str(tmp_path / "\udcff.db")  # the byte 0xff, as os.listdir gives it back
    with TemporalGraphMemory(path, annotator="offline") as memory:
        memory.add(FACTS)
        assert "Alice works at Acme" in memory.recall(QUESTION).text
    assert (tmp_path / "\udcff.db").exists()
