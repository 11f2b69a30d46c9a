"""Three reads of the relation layer that were quadratic in a long text (no timings here:
``benchmarks/large_inputs.py`` measures them, shapes ``en_spaces``, ``en_possessives`` and
``zh_pronouns``).

- The English clause splitter was tried from every position of a run of spaces, and each try
  read the rest of the run: "x" + 20,000 spaces + "y" took 10.7 s to add.
- Whether a "'s" is "has" scanned the sentence's tokens from the start for each "'s": "Bob's"
  repeated took 2.1 s for 40,000 characters and 8.1 s for 80,000.
- Each pronoun read every mention before it: "他说" 20,000 times took 83 s to add.
"""

from __future__ import annotations

import random
import re
from typing import Any

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations import coref
from recall_memory_plugins.engine.relations.patterns import views
from recall_memory_plugins.nlp.base import Sentence, Token

# the splitter before the change: the same matches, found from anywhere
_OLD_CLAUSE = re.compile(
    r"(?:\s*[,;]\s*(?:and\s+|but\s+|then\s+|and\s+then\s+)?|\s+(?:and|but)\s+"
    r"(?:then\s+)?|\s+[-–—]\s+)",
    re.IGNORECASE,
)


def test_the_clause_splitter_finds_what_it_found_before() -> None:
    rng = random.Random(11)
    pieces = [" ", "  ", "\n", ",", ";", "and", "but", "then", "-", "—", "x", "Ann", "AND"]
    for _ in range(4000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        old = [m.span() for m in _OLD_CLAUSE.finditer(text)]
        assert [m.span() for m in views._EN_CLAUSE.finditer(text)] == old, text


def test_the_clause_splitter_is_not_tried_from_inside_a_run_of_spaces() -> None:
    text = "x" + " " * 60 + ", and y"
    assert views._EN_CLAUSE.match(text, 1) is not None  # from where the run starts
    # from inside it no try gets past its first character (a try per position read the rest of
    # the run: quadratic)
    assert all(views._EN_CLAUSE.match(text, pos) is None for pos in range(2, 61))


class _CountingTokens(tuple):  # type: ignore[type-arg]
    """Tokens that count each one read: by index, by iteration, or through a slice."""

    reads = 0

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, slice):
            return _CountingTokens(super().__getitem__(key))
        type(self).reads += 1
        return super().__getitem__(key)

    def __iter__(self) -> Any:
        for token in super().__iter__():
            type(self).reads += 1
            yield token


def _sentence(words: list[tuple[str, str]]) -> Sentence:
    tokens, text, pos = [], "", 0
    for word, xpos in words:
        if text and word not in ("'s", "’s"):
            text += " "
            pos += 1
        tokens.append(Token(text=word, lemma=word, upos="X", xpos=xpos,
                            start_char=pos, end_char=pos + len(word)))
        text += word
        pos += len(word)
    return Sentence(text=text, tokens=_CountingTokens(tokens), start_char=0, end_char=len(text))


def _scan(sentence: Sentence, at: int) -> bool:  # the old answer: a scan from the start
    tokens = sentence.tokens
    for k, t in enumerate(tokens[:-1]):
        if t.start_char == at:
            return t.text in ("'s", "’s") and t.xpos == "VBZ" and tokens[k + 1].xpos == "VBN"
    return False


def test_a_has_clitic_is_found_as_before() -> None:
    rng = random.Random(5)
    choices = [("Bob", "NNP"), ("'s", "POS"), ("'s", "VBZ"), ("’s", "VBZ"), ("left", "VBN"),
               ("dog", "NN"), ("gone", "VBN"), ("and", "CC")]
    for _ in range(500):
        sentence = _sentence([rng.choice(choices) for _ in range(rng.randint(1, 25))])
        for at in range(len(sentence.text) + 2):
            assert views._has_clitic(sentence, at) is _scan(sentence, at)


def test_a_has_clitic_reads_a_few_tokens_of_a_long_sentence() -> None:
    sentence = _sentence([("Bob", "NNP"), ("'s", "POS")] * 5000 + [("Kim", "NNP"), ("'s", "VBZ"), ("left", "VBN")])
    at = sentence.tokens[-2].start_char
    _CountingTokens.reads = 0
    assert views._has_clitic(sentence, at) is True
    assert _CountingTokens.reads <= 40  # a binary search of 10,003 tokens, not a scan


def test_a_long_run_of_possessives_and_spaces_still_reads_its_facts() -> None:
    memory = TemporalGraphMemory(":memory:")
    memory.add("Bob's " * 300 + "\n\nAlice Moreau works at Orion Labs." + " " * 3000 + "Alice's boss is Carol Smith.")
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations()}
    assert ("Alice Moreau", "WORKS_FOR", "Orion Labs") in facts


def test_a_pronoun_reads_a_bounded_window_of_a_long_text(monkeypatch: Any) -> None:
    read: list[int] = []
    ordered = coref._ordered_candidates

    def counting(prior: Any, mention: Any, *, nearest_first: bool) -> list[str]:
        read.append(len(prior))
        return ordered(prior, mention, nearest_first=nearest_first)

    monkeypatch.setattr(coref, "_ordered_candidates", counting)
    memory = TemporalGraphMemory(":memory:")
    memory.add("张三说他明天去北京。" * 400 + "李娜说她想去上海。" * 400 + "王芳在阿里巴巴工作，她上个月搬到了杭州。")
    assert len(read) >= 800  # every pronoun asked
    assert max(read) <= coref._REACH  # not the whole text before it
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations(include_ended=True)}
    assert ("王芳", "LIVES_IN", "杭州") in facts  # the last "她" is still read
    assert ("李娜", "WANTS_TO_VISIT", "上海") in facts


def test_a_pronoun_still_finds_a_person_named_before_the_window() -> None:
    memory = TemporalGraphMemory(":memory:")
    # 300 mentions of two men between Maria and "she": she is found among the older entities
    memory.add("Maria Lopez works at Acme. " + "Tom Baker met John Smith. " * 150 + "She moved to Paris.")
    facts = {(r.subject_name, r.type, r.object_name) for r in memory.relations()}
    assert ("Maria Lopez", "LIVES_IN", "Paris") in facts


def test_a_run_of_capitalised_words_read_as_one_name_is_not_searched_for() -> None:
    from recall_memory_plugins.engine.relations.mentions import Gazetteer

    run = " ".join(f"{first} {last}" for first in ("Carol", "Erin", "Heidi", "Li") * 50 for last in ("Smith", "Rossi"))
    gazetteer = Gazetteer({run: "PERSON", "Carol Smith": "PERSON", "Bank of the Holy Spirit and Saint Mary": "ORG"})
    # each word of a text was tried with every length up to the longest name (here 800 words):
    # asking that text back was cubic
    assert gazetteer.longest == 8
    assert sorted(gazetteer.hits("met Carol Smith at the Bank of the Holy Spirit and Saint Mary")) == [
        (4, 15, "PERSON"), (23, 61, "ORG")]
    memory = TemporalGraphMemory(":memory:")
    memory.add(run)
    assert memory.recall(run).text  # (137 s for 40,000 characters before; now as long as the add)


def test_the_doubt_rule_tests_the_newest_tastes_of_a_person_and_those_named() -> None:
    from datetime import datetime, timezone

    from recall_memory_plugins.engine.relations.doubt_names import TASTES_READ, newest_tastes
    from recall_memory_plugins.engine.relations.schema import Mention
    from recall_memory_plugins.models import Relation

    at = datetime(2024, 1, 1, tzinfo=timezone.utc)

    def rel(i: int, type_: str, obj: str) -> Relation:
        return Relation("ns", f"rel-{i}", "sam", type_, obj, "Sam", obj, {}, i, at, at)

    relations = [rel(0, "LIVES_IN", "leeds"), rel(1, "LIKES", "jazz")]
    relations += [rel(i, "LIKES", f"thing-{i}") for i in range(2, 2 + TASTES_READ + 100)]
    relations += [rel(9999, "WORKS_FOR", "acme")]
    jazz = Mention("jazz", 10, 14, 0, "name", entity_ids=("jazz",))
    kept = newest_tastes(relations, [jazz])
    tastes = [r for r in kept if r.type == "LIKES"]
    # the newest tastes, the one the text names however old, and every other topic's relation
    assert len(tastes) == TASTES_READ + 1
    assert tastes[0].object_id == "jazz" and tastes[-1].object_id == f"thing-{TASTES_READ + 101}"
    assert [r.type for r in kept if r.type != "LIKES"] == ["LIVES_IN", "WORKS_FOR"]
    assert kept == sorted(kept, key=lambda r: r.valid_from_step)  # still oldest first
    # below the bound nothing is left out
    assert newest_tastes(relations[:TASTES_READ], []) == relations[:TASTES_READ]
