"""CoreNLPAnnotator against a real Stanford CoreNLP server (``CORENLP_URL``; start one with
``eval "$(scripts/corenlp-server start)"``). Skipped visibly without one, except under
``RECALL_REQUIRE_SERVICES=1``."""

from __future__ import annotations

import os
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.conftest import EN_1, EN_2, EN_Q, ZH_2, skip_or_fail

pytestmark = pytest.mark.corenlp


@pytest.fixture(scope="module")
def annotator() -> Any:
    """An annotator on the server at ``CORENLP_URL``, checked to answer /ready."""
    url = os.environ.get("CORENLP_URL")
    if not url:
        skip_or_fail(
            'CORENLP_URL is not set: start one with `eval "$(scripts/corenlp-server start)"`'
        )
    try:
        with urllib.request.urlopen(url.rstrip("/") + "/ready", timeout=10) as r:
            r.read()
    except (OSError, urllib.error.URLError) as exc:
        skip_or_fail(f"CoreNLP at {url} is not ready: {exc}")
    from recall_memory_plugins.errors import MissingDependencyError
    from recall_memory_plugins.nlp.corenlp import CoreNLPAnnotator

    try:
        return CoreNLPAnnotator(url=url)
    except MissingDependencyError as exc:
        skip_or_fail(f"the [corenlp] extra is not installed: {exc}")


def test_english_tags_entities_parse_and_coreference(annotator: Any) -> None:
    text = "Alice Smith moved to Paris last May 😀. She now leads Project Orion."
    doc = annotator.annotate_document(text)
    ann = doc.annotation
    assert len(ann.sentences) == 2 and {s.lang for s in ann.sentences} == {"en"}
    toks = {t.text: t for t in ann.tokens}
    assert all(text[t.start_char : t.end_char] == t.text for t in ann.tokens)
    assert toks["Alice"].ner == "B-PERSON" and toks["Smith"].ner == "E-PERSON"
    assert toks["Paris"].ner == "S-GPE" and toks["Paris"].upos == "PROPN"
    assert toks["moved"].upos == "VERB" and toks["moved"].deprel == "root"
    smith = ann.sentences[0].tokens.index(toks["Smith"])
    assert toks["Smith"].deprel == "nsubj" and ann.sentences[0].tokens[toks["Smith"].head - 1].text == "moved"
    assert smith == 1
    she = [c for c in doc.coref_chains if any(m.text == "She" for m in c.mentions)]
    assert she and she[0].representative_mention.text == "Alice Smith"


def test_chinese_segmentation_tags_entities_and_parse(annotator: Any) -> None:
    ann = annotator.annotate("张三正在负责星火计划。他住在北京。")
    assert [s.lang for s in ann.sentences] == ["zh", "zh"]
    toks = {t.text: t for t in ann.tokens}
    assert toks["张三"].ner == "S-PERSON" and toks["张三"].upos == "PROPN"
    assert toks["北京"].ner == "S-GPE"
    assert toks["负责"].upos == "VERB" and toks["负责"].deprel == "root"
    assert all(t.head >= 0 for t in ann.tokens)


def test_annotate_many_keeps_order_and_languages(annotator: Any) -> None:
    out = annotator.annotate_many([EN_1, "", ZH_2])
    assert [a.text for a in out] == [EN_1, "", ZH_2]
    assert out[1].sentences == () and out[2].sentences[0].lang == "zh"


def test_memory_on_corenlp_answers_the_handover(annotator: Any) -> None:
    from recall_memory_plugins import TemporalGraphMemory
    from recall_memory_plugins.stores.sqlite import SqliteGraphStore

    with SqliteGraphStore(":memory:") as store:
        memory = TemporalGraphMemory(store, annotator=annotator)
        memory.add(EN_1, namespace="team")
        memory.add(EN_2, namespace="team")
        recall = memory.recall(EN_Q, namespace="team", token_budget=200)
    assert recall.facts and recall.facts[0].startswith("Bob ")
    assert "Alice" in recall.facts[0]  # the former value, as history


def _relations(annotator: Any, *texts: str) -> set[tuple[str, str, str | None]]:
    from recall_memory_plugins import TemporalGraphMemory

    with TemporalGraphMemory(":memory:", annotator=annotator) as memory:
        for text in texts:
            memory.add(text)
        return {(r.subject_name, r.type, r.object_name) for r in memory.relations()}


def test_annotation_carries_the_chains_with_head_words(annotator: Any) -> None:
    text = "Bob's wife said she works at Acme."
    ann = annotator.annotate(text)
    (wife,) = [c for c in ann.coref_chains if any(m.text == "she" for m in c.mentions)]
    rep = wife.representative_mention
    assert rep.text == "Bob's wife" and text[rep.head[0] : rep.head[1]] == "wife"


def test_a_relation_is_drawn_through_a_chain_resolved_pronoun(annotator: Any) -> None:
    """"she" comes before its name: the rules have no candidate, CoreNLP's chain has Alice."""
    from recall_memory_plugins.nlp.corenlp import CoreNLPAnnotator

    text = "When she joined Acme, Alice moved to Paris."
    assert ("Alice", "WORKS_FOR", "Acme") in _relations(annotator, text)
    # the same server and pipeline without coreference: no chain, nobody joined Acme
    no_coref = CoreNLPAnnotator(url=annotator.url, coref=False)
    assert not any(rel[1:] == ("WORKS_FOR", "Acme") for rel in _relations(no_coref, text))


def test_a_chain_to_an_unnamed_person_keeps_the_rules_from_guessing(annotator: Any) -> None:
    """"she" is Bob's wife (CoreNLP's chain), whom nobody named: no fact about Alice Smith."""
    text = "Alice Smith met Bob. Bob's wife said she works at Acme."
    assert not any(rel[1:] == ("WORKS_FOR", "Acme") for rel in _relations(annotator, text))
