"""``doubt_asides.others_feelings_blanked``: the Chinese clauses about a relative's or a friend's
feelings are blanked (same length), each clause looked at once (a long unpunctuated voice
transcript is searched clause by clause, not rescanned from every position)."""

from __future__ import annotations

import pytest

from recall_memory_plugins.engine.relations.doubt_asides import others_feelings_blanked


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        ("阎丽的老公闻到榴莲味就想吐，她自己还是很爱吃", "阎丽的老公闻到榴莲味就想吐"),
        ("她最近不吃辣了，我男朋友一吃辣就难受", "我男朋友一吃辣就难受"),
        ("我室友特别讨厌猫。我倒是挺喜欢的", "我室友特别讨厌猫"),
    ],
)
def test_the_relatives_clause_is_blanked_and_the_rest_kept(text: str, blanked: str) -> None:
    out = others_feelings_blanked(text)
    assert len(out) == len(text)
    start = text.index(blanked)
    assert out[start : start + len(blanked)].strip() == ""
    assert out[:start] + out[start + len(blanked) :] == text[:start] + text[start + len(blanked) :]


@pytest.mark.parametrize("text", ["她现在吃腻了火锅，闻到就想吐", "我们周末去公园", "I can't stand it any more", ""])
def test_a_text_without_a_relative_is_unchanged(text: str) -> None:
    assert others_feelings_blanked(text) == text


def test_a_long_unpunctuated_transcript_blanks_only_when_a_relative_is_in_it() -> None:
    plain = "张伟说" + "我们周末一起去公园散步然后回家做饭" * 1100  # 18,703 characters, one clause
    assert others_feelings_blanked(plain) == plain
    with_wife = plain + "他的老婆闻到火锅就想吐"
    assert others_feelings_blanked(with_wife) == " " * len(with_wife)
    two = plain + "，" + "他的老婆闻到火锅就想吐"
    assert others_feelings_blanked(two) == plain + "，" + " " * len("他的老婆闻到火锅就想吐")
