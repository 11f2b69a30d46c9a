"""Long statements enter a context as the sentences that answer the question."""

from __future__ import annotations

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.text import excerpt

TURN = (
    "Hey Mel! Good to see you. How have you been? "
    "I went to a LGBTQ support group yesterday and it was so powerful. The weather was nice."
)


def test_excerpt_keeps_the_best_sentence_and_marks_gaps() -> None:
    out = excerpt(TURN, {"support": 2.0, "group": 1.0})
    assert out == "… I went to a LGBTQ support group yesterday and it was so powerful. …"
    assert excerpt(TURN, {"nothing": 1.0}) == TURN
    assert excerpt("One sentence about support.", {"support": 1.0}) == "One sentence about support."


def test_a_pronoun_keeps_its_antecedent_sentence() -> None:
    text = "Brandon loves coffee. He wants to travel to Paris. He also likes cats a lot."
    assert excerpt(text, {"pari": 2.0, "travel": 1.0}) == (
        "Brandon loves coffee. He wants to travel to Paris. …"
    )


def test_chinese_sentences_are_excerpted() -> None:
    text = "今天天气很好。张三不再负责星火计划了。我们明天见。"
    assert excerpt(text, {"星火计划": 2.0}) == "… 张三不再负责星火计划了。 …"


def test_whole_statements_by_default_and_the_answer_sentence_when_none_fits() -> None:
    """Excerpts cut the sentence that holds the answer too often: whole turns by default; a
    statement too long for the whole budget keeps its matching sentence, not its first words."""
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    assert memory.config.excerpts == "off"
    memory.add(TURN, speaker="Caroline")
    question = "When did Caroline go to the support group?"
    [r] = memory.recall(question, token_budget=200).statements
    assert r.statement.text == TURN and r.full_text is None
    [r] = memory.recall(question, token_budget=30).statements
    assert r.statement.text.startswith("… I went to a LGBTQ support group yesterday")
    assert r.full_text == TURN
    rec = memory.recall(question, token_budget=30)
    assert rec.token_count <= 30 and "support group yesterday" in rec.text


def test_recall_uses_excerpts_under_budget_pressure_and_keeps_the_full_text() -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline", excerpts="turns")
    memory.add(TURN, speaker="Caroline")
    question = "When did Caroline go to the support group?"
    [r] = memory.recall(question, token_budget=40).statements
    assert r.statement.text.startswith("… I went to a LGBTQ support group")
    assert r.full_text == TURN
    # with room to spare the statement gets its whole text back
    [r] = memory.recall(question, token_budget=500).statements
    assert r.statement.text == TURN
    whole = TemporalGraphMemory(memory.store, annotator="offline", excerpts=False)
    [r] = whole.recall(question, token_budget=60).statements
    assert r.statement.text == TURN and r.full_text is None
    [r] = memory.recall(question, strategy="seed").statements
    assert r.statement.text == TURN


def test_free_budget_is_filled_with_recent_statements() -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    memory.add("Brandon loves coffee.")
    memory.add("The weather in Oslo was cold.")
    memory.add("Sophie plays the violin.")
    texts = [r.statement.text for r in memory.recall("What does Brandon love?").statements]
    assert texts[0] == "Brandon loves coffee." and len(texts) == 3
    lean = TemporalGraphMemory(memory.store, annotator="offline", fill_recent=False)
    assert [r.statement.text for r in lean.recall("What does Brandon love?").statements] == [
        "Brandon loves coffee."
    ]


def test_only_chat_turns_are_excerpted_with_turns() -> None:
    """Narrative text (no speaker) keeps its whole chunks; excerpts="all" cuts it too."""
    memory = TemporalGraphMemory(":memory:", annotator="offline", excerpts="turns")
    memory.add(TURN)  # a document chunk: no speaker
    question = "When did someone go to the support group?"
    [r] = memory.recall(question, token_budget=60).statements
    assert r.statement.text == TURN and r.full_text is None
    cut = TemporalGraphMemory(memory.store, annotator="offline", excerpts="all")
    [r] = cut.recall(question, token_budget=40).statements
    assert r.statement.text.startswith("… I went to a LGBTQ support group")
    assert (
        TemporalGraphMemory(":memory:", annotator="offline", excerpts=True).config.excerpts == "all"
    )
