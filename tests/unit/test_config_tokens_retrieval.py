"""Config, token counting and the pure retrieval functions."""

from __future__ import annotations

import hashlib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins import ConfigurationError, MemoryConfig
from recall_memory_plugins.engine.retrieval import BM25, rank_concepts, seed_sort_vals
from recall_memory_plugins.engine.text import ConceptOccurrence, link_pairs
from recall_memory_plugins.engine.tokens import estimate_tokens, get_token_counter
from recall_memory_plugins.models import Concept, ConceptLink, Subgraph, TermPosting


def test_config_from_env_and_validation() -> None:
    cfg = MemoryConfig.from_env(
        {
            "RECALL_TOKEN_BUDGET": "800",
            "RECALL_WINDOW_ANCHOR": "newest",
            "RECALL_RELATIONS": "false",
            "RECALL_EXCLUSIVE_RELATIONS": "A, B",
        }
    )
    assert (cfg.token_budget, cfg.window_anchor, cfg.relations) == (800, "newest", False)
    assert cfg.exclusive_relations == ("A", "B")
    with pytest.raises(ConfigurationError):
        MemoryConfig.from_env({"RECALL_DEPTH": "two"})
    with pytest.raises(ConfigurationError):
        MemoryConfig(distance=0)
    with pytest.raises(ConfigurationError):
        MemoryConfig().with_options(nope=1)


def test_token_counter_is_exact_offline() -> None:
    counter = get_token_counter()
    assert counter.exact, "cl100k_base should load offline from the file this package ships"
    assert counter.count("Brandon loves coffee.") == 4
    assert counter.count("") == 0
    assert counter.count(counter.truncate("word " * 100, 10)) <= 10


def tiktoken_cl100k(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """tiktoken's own ``cl100k_base``, built by tiktoken from the file this package ships (put
    in a cache directory under tiktoken's name for it): an independent reference, offline."""
    import tiktoken

    url = b"https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken"
    shipped = resources.files("recall_memory_plugins.engine") / "data" / "cl100k_base.tiktoken"
    (cache_dir / hashlib.sha1(url).hexdigest()).write_bytes(shipped.read_bytes())
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(cache_dir))
    return tiktoken.get_encoding("cl100k_base")


def test_remembered_counts_match_the_encoding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from recall_memory_plugins.engine.tokens import COUNT_CACHE_MAX_CHARS

    counter = get_token_counter()
    enc = tiktoken_cl100k(tmp_path, monkeypatch)
    short = ["Brandon loves coffee.", "张三负责星火计划。", "Tue 4 Mar 2025", "a" * 999]
    long_ = "Alice met Bob in Paris. " * (COUNT_CACHE_MAX_CHARS // 10)
    for text in [*short, *short, long_, long_]:  # the second time from the cache
        assert counter.count(text) == len(enc.encode_ordinary(text))


def test_count_over_is_exact_unless_surely_over_the_limit() -> None:
    counter = get_token_counter()
    for text in ["Brandon loves coffee.", "张三负责星火计划。" * 20, "word " * 300]:
        assert counter.count_over(text, 200) == counter.count(text)
    # 200 tokens of at most 128 characters each hold fewer characters than this run
    run = "我们在北京开会" * 4000
    assert counter.count(run) > 200
    assert counter.count_over(run, 200) > 200
    assert counter.count_over(run, 10**6) == counter.count(run)


def test_count_over_without_an_encoding_uses_the_estimate() -> None:
    from recall_memory_plugins.engine.tokens import TokenCounter

    counter = TokenCounter("no-such-encoding")  # cannot load: estimates, one warning
    assert not counter.exact
    text = "one two three"
    assert counter.count_over(text, 200) == counter.count(text) == estimate_tokens(text)
    run = "我" * 801  # the estimate counts at least one token per 4 characters
    assert counter.count_over(run, 200) > 200
    assert estimate_tokens(run) > 200


def test_estimate_is_documented_shape() -> None:
    assert estimate_tokens("张三负责星火计划") == 8
    assert estimate_tokens("one two three") >= 3


def occ(name: str, sentence: int, position: int) -> ConceptOccurrence:
    return ConceptOccurrence(name, name, "NOUN", sentence, position)


def test_link_pairs_distance_and_sentence_window() -> None:
    concepts = [occ("a", 0, 0), occ("b", 0, 1), occ("c", 0, 2), occ("d", 1, 3)]
    assert link_pairs(concepts, distance=1, sentence_window=1) == {("a", "b"): 1, ("b", "c"): 1}
    assert set(link_pairs(concepts, distance=2, sentence_window=1)) == {
        ("a", "b"),
        ("b", "c"),
        ("a", "c"),
    }
    assert ("c", "d") in link_pairs(concepts, distance=1, sentence_window=2)
    assert link_pairs([occ("a", 0, 0), occ("a", 0, 1)], distance=1, sentence_window=1) == {}


def test_seed_sort_vals_and_rank() -> None:
    links = (ConceptLink("n", "brandon", "coffe", 1, 1), ConceptLink("n", "brandon", "pari", 1, 2))
    assert seed_sort_vals(links, time_weight=3) == {"brandon": 11, "coffe": 4, "pari": 7}
    sub = Subgraph(
        concepts=(
            Concept("n", "pari", 2, 0),
            Concept("n", "brandon", 2, 1, depth=1),
            Concept("n", "coffe", 1, 0, depth=2),
        ),
        links=links,
    )
    ranked = rank_concepts(sub, ["pari"], time_weight=3)
    assert [(c.name, c.essential) for c in ranked] == [
        ("coffe", False),
        ("brandon", False),
        ("pari", True),
    ]


def test_bm25_prefers_rare_terms() -> None:
    bm25 = BM25(n_docs=100, avg_len=5, df={"alice": 50, "violin": 2})
    common = TermPosting(1, 1, 5, {"alice": 1})
    rare = TermPosting(2, 2, 5, {"violin": 1})
    q = {"alice": 1, "violin": 1}
    assert bm25.score(rare, q) > bm25.score(common, q) > 0
