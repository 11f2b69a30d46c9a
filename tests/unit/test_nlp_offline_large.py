"""The offline annotator on huge and pathological inputs: the bounds that keep it linear-time.

No timings here (benchmarks/large_inputs.py measures them); these tests pin the behaviour of the
bounds: what changes past them, and that nothing changes below them.
"""

from __future__ import annotations

import random

import pytest

from recall_memory_plugins.nlp import Annotation, OfflineAnnotator
from recall_memory_plugins.nlp.offline import _chinese, annotator, jieba_pos


@pytest.fixture(scope="module")
def ann() -> OfflineAnnotator:
    return OfflineAnnotator()


def assert_offsets(a: Annotation) -> None:
    """Every token and sentence points at its own text, in order, without overlap."""
    end = 0
    for sentence in a.sentences:
        assert a.text[sentence.start_char : sentence.end_char] == sentence.text
        for tok in sentence.tokens:
            assert tok.start_char >= end
            assert a.text[tok.start_char : tok.end_char] == tok.text
            end = tok.end_char


def test_viterbi_port_matches_jieba_on_out_of_vocabulary_han() -> None:
    # Random Han characters are mostly out of vocabulary: long HMM stretches, unusual states.
    import jieba
    import jieba.posseg

    reference = jieba.posseg.POSTokenizer(jieba.Tokenizer())
    zh = _chinese()
    rng = random.Random(7)
    for _ in range(12):
        text = "".join(chr(rng.randint(0x4E00, 0x9FA5)) for _ in range(rng.randint(5, 60)))
        assert zh.pos.lcut(text) == [(p.word, p.flag) for p in reference.lcut(text)], text


def test_a_stretch_over_the_hmm_bound_keeps_one_word_per_character() -> None:
    zh = _chinese()
    rng = random.Random(3)
    stretch = ""
    while len(stretch) <= jieba_pos._MAX_HMM_CHARS or zh.freq.get(stretch):
        stretch += chr(rng.randint(0x4E00, 0x9FA5))
    out: list[tuple[str, str]] = []
    zh.pos._flush(stretch, out)
    assert [w for w, _ in out] == list(stretch)
    # At the bound the HMM still joins characters into words.
    joined: list[tuple[str, str]] = []
    zh.pos._flush(stretch[: jieba_pos._MAX_HMM_CHARS], joined)
    assert len(joined) < jieba_pos._MAX_HMM_CHARS


def test_huge_random_han_text_keeps_exact_offsets(ann: OfflineAnnotator) -> None:
    rng = random.Random(5)
    text = "".join(chr(rng.randint(0x4E00, 0x9FA5)) for _ in range(20_000))
    a = ann.annotate(text)
    assert_offsets(a)
    assert "".join(t.text for t in a.tokens) == text


def test_long_runs_of_email_characters_tokenize_one_symbol_at_a_time(ann: OfflineAnnotator) -> None:
    text = "Alice wrote " + "+-" * 20_000 + " and " + "_" * 20_000 + " then left."
    a = ann.annotate(text)
    assert_offsets(a)
    assert [t.text for t in a.tokens][:5] == ["Alice", "wrote", "+", "-", "+"]
    assert a.tokens[-2].text == "left"


def test_email_local_part_is_bounded_at_64_characters(ann: OfflineAnnotator) -> None:
    ok = "a" * 64 + "@example.com"
    assert [t.text for t in ann.annotate(f"Write to {ok} today.").tokens][2] == ok
    too_long = "a" * 65 + "@example.com"
    words = [t.text for t in ann.annotate(f"Write to {too_long} today.").tokens]
    assert too_long not in words and "a" * 65 in words


def test_name_search_by_sliding_equals_one_search_per_name() -> None:
    rng = random.Random(11)
    chars = "张三李四王五赵六小明雷梅的了说和去"
    for _ in range(300):
        sentence = "".join(rng.choice(chars) for _ in range(rng.randint(0, 40)))
        sentence += rng.choice(("", "，Alice 说", "。"))
        names = frozenset(
            "".join(rng.choice(chars) for _ in range(rng.randint(2, 4)))
            for _ in range(rng.randint(0, 6))
        )
        expected = any(n in sentence for n in names)
        assert annotator._any_substring(sentence, names) is expected


def test_annotations_are_the_same_with_the_sliding_name_search(
    ann: OfflineAnnotator, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = [
        "张三是销售部的经理。李四是张三的团队成员，最近王五也加入了。张三不再负责了。",
        "赵六和李雷韩梅梅去了北京。欧阳娜娜喜欢喝咖啡，赵六也喜欢。",
        "老刘和小王在北京开会。后来老刘说小王的计划很好。",
    ]
    expected = [ann.annotate(t) for t in texts]
    monkeypatch.setattr(annotator, "_NAIVE_SEARCH_BUDGET", 0)
    assert [ann.annotate(t) for t in texts] == expected
