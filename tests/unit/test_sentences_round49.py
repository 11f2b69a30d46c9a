"""The full stops of other scripts end a sentence (round 49): Devanagari ``।``, Japanese
half-width ``｡``, full-width ``．`` (not inside a number), Arabic ``؟``, Urdu ``۔``, Ethiopic
``።``. Before, a Hindi or Japanese text was one sentence: one statement, excerpted or dropped
whole, and slow to read. Real splitter and SQLite; the texts are written for this test."""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.text import excerpt
from recall_memory_plugins.nlp.offline.sentences import split_sentences


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("मैं दिल्ली में रहता हूँ। मुझे चाय पसंद है।", ["मैं दिल्ली में रहता हूँ।", "मुझे चाय पसंद है।"]),
        ("価格は３．５ドル｡次は来週", ["価格は３．５ドル｡", "次は来週"]),
        ("Ｔｏｍ ｌｉｋｅｓ ｊａｍ．Ｈｅ ｌｉｖｅｓ ｉｎ Ｏｓｌｏ．", ["Ｔｏｍ ｌｉｋｅｓ ｊａｍ．", "Ｈｅ ｌｉｖｅｓ ｉｎ Ｏｓｌｏ．"]),
        ("هل وصلت؟ نعم", ["هل وصلت؟", "نعم"]),
        ("ዛሬ ደረስኩ። ነገ እመጣለሁ።", ["ዛሬ ደረስኩ።", "ነገ እመጣለሁ።"]),
    ],
)
def test_other_scripts_full_stops_end_a_sentence(text: str, expected: list[str]) -> None:
    assert [text[a:b] for a, b in split_sentences(text)] == expected


def test_an_excerpt_of_hindi_text_keeps_the_matching_sentence() -> None:
    text = "मैं दिल्ली में रहता हूँ। मुझे चाय पसंद है। कल बारिश हुई।"
    assert excerpt(text, {"चाय": 1.0}) == "… मुझे चाय पसंद है। …"


def test_a_long_text_in_another_script_is_stored_as_sentence_chunks() -> None:
    sentences = [f"दिन {i} को हमने बगीचे में {i} पौधे लगाए।" for i in range(60)]
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(" ".join(sentences))
        assert memory.stats().statements > 1


def test_a_vowel_sign_is_part_of_its_word() -> None:
    """"समोसा" is one word: split at its vowel signs ("सम" + "स") it also matched "समुद्र"."""
    turns = [f"हमने {topic} के बारे में बात की। #{i}" for i, topic in enumerate(
        ["पहाड़", "फूल", "समुद्र", "बारिश", "समुद्र तट", "किताब"] * 4
    )]
    turns[5] = "मुझे समोसा बहुत पसंद है।"
    turns[11] = "कल हमने समोसा बनाया।"
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add_many(turns)
        recall = memory.recall("समोसा किसे पसंद है?", token_budget=60)
    found = [s.statement.text for s in recall.statements]
    assert "मुझे समोसा बहुत पसंद है।" in found, found
    assert not any("समुद्र" in t for t in found), found


def test_the_annotator_keeps_indic_words_whole() -> None:
    from recall_memory_plugins.nlp.offline import OfflineAnnotator

    annotation = OfflineAnnotator().annotate("मुझे समोसा पसंद है। আমি সমুচা খাই।")
    words = [t.text for s in annotation.sentences for t in s.tokens]
    assert "समोसा" in words and "समुचा" not in words and "সমুচা" in words, words
