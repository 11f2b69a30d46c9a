"""CoreNLPAnnotator without a server: CoreNLP's protobuf output (built here with stanza's real
protobuf classes, as the server sends it) -> Annotation; options and errors.

The tests against a real server are in tests/integration/test_corenlp.py."""

from __future__ import annotations

import runpy
import socket
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins.errors import AnnotationError, ConfigurationError
from recall_memory_plugins.nlp import ANNOTATOR_NAMES, make_annotator

pb = pytest.importorskip("stanza.protobuf", reason="the [corenlp] extra (stanza) is not installed")

from recall_memory_plugins.nlp.corenlp import (  # noqa: E402
    NER_LABELS,
    CoreNLPAnnotator,
    convert_document,
    pipeline_properties,
    upos_of,
)

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "corenlp-server"


def _sentence(
    text: str,
    words: list[tuple[str, str, str, str]],
    edges: list[tuple[int, int, str]],
    roots: list[int],
    mentions: list[tuple[int, int, str]],
    *,
    utf16: bool = False,
    after: int = 0,
    first_token: int = 0,
) -> Any:
    """A protobuf Sentence: words (word, pos, lemma, ner) found in order in ``text``; offsets in
    UTF-16 code units when ``utf16`` (as Java counts them), searched from ``after``; ``first_token`` is the document index of the sentence's first token
    (CoreNLP counts mention tokens from the document's start)."""
    sent = pb.Sentence()
    cursor = after
    for word, pos, lemma, ner in words:
        start = text.index(word, cursor)
        end = start + len(word)
        cursor = end
        if utf16:
            start = len(text[:start].encode("utf-16-le")) // 2
            end = len(text[:end].encode("utf-16-le")) // 2
        tok = sent.token.add()
        tok.word = tok.originalText = word
        tok.pos, tok.lemma, tok.ner = pos, lemma, ner
        tok.beginChar, tok.endChar = start, end
    sent.tokenOffsetBegin, sent.tokenOffsetEnd = first_token, first_token + len(words)
    for source, target, dep in edges:
        edge = sent.basicDependencies.edge.add()
        edge.source, edge.target, edge.dep = source, target, dep
    sent.basicDependencies.root.extend(roots)
    for start, end, label in mentions:
        m = sent.mentions.add()
        m.tokenStartInSentenceInclusive = first_token + start
        m.tokenEndInSentenceExclusive = first_token + end
        m.entityType = m.ner = label
    return sent


EN = "Alice Smith moved to Paris 😀. She hired the CEO."


def _english_doc() -> Any:
    doc = pb.Document()
    doc.text = EN
    s1 = _sentence(
        EN,
        [
            ("Alice", "NNP", "Alice", "PERSON"),
            ("Smith", "NNP", "Smith", "PERSON"),
            ("moved", "VBD", "move", "O"),
            ("to", "IN", "to", "O"),
            ("Paris", "NNP", "Paris", "CITY"),
            ("😀", "SYM", "😀", "O"),
            (".", ".", ".", "O"),
        ],
        [(2, 1, "compound"), (3, 2, "nsubj"), (5, 4, "case"), (3, 5, "obl"), (3, 6, "dep"),
         (3, 7, "punct")],
        [3],
        [(0, 2, "PERSON"), (4, 5, "CITY")],
        utf16=True,
    )
    s2 = _sentence(
        EN,
        [("She", "PRP", "she", "O"), ("hired", "VBD", "hire", "O"), ("the", "DT", "the", "O"),
         ("CEO", "NN", "ceo", "TITLE"), (".", ".", ".", "O")],
        [(2, 1, "nsubj"), (4, 3, "det"), (2, 4, "obj"), (2, 5, "punct")],
        [2],
        [(3, 4, "TITLE")],
        utf16=True,
        after=EN.index("She"),
        first_token=7,
    )
    doc.sentence.extend([s1, s2])
    chain = doc.corefChain.add()
    chain.chainID = 1
    m = chain.mention.add()
    m.mentionID, m.sentenceIndex, m.beginIndex, m.endIndex = 7, 1, 0, 1  # "She"
    m = chain.mention.add()
    m.mentionID, m.sentenceIndex, m.beginIndex, m.endIndex = 3, 0, 0, 2  # "Alice Smith"
    m.headIndex = 1  # "Smith" (sentence-relative, like beginIndex); "She" has none
    chain.representative = 3
    return doc


def test_english_document_maps_to_stanza_fields_with_exact_offsets() -> None:
    out = convert_document(_english_doc(), EN, lang="en")
    ann = out.annotation
    assert [s.lang for s in ann.sentences] == ["en", "en"]
    toks = ann.tokens
    # every token's offsets point at its text, past the emoji (2 UTF-16 units, 1 Python char)
    assert all(EN[t.start_char : t.end_char] == t.text for t in toks)
    by_text = {t.text: t for t in toks}
    assert [t.ner for t in toks[:2]] == ["B-PERSON", "E-PERSON"]
    assert by_text["Paris"].ner == "S-GPE"  # CoreNLP's CITY is Stanza's GPE
    assert by_text["CEO"].ner == "O"  # job titles are not entities in OntoNotes
    assert by_text["moved"].upos == "VERB" and by_text["moved"].head == 0
    assert by_text["moved"].deprel == "root"
    assert (by_text["Smith"].head, by_text["Smith"].deprel) == (3, "nsubj")
    assert (by_text["CEO"].upos, by_text["CEO"].xpos, by_text["CEO"].lemma) == ("NOUN", "NN", "ceo")
    assert by_text["She"].upos == "PRON" and by_text["Alice"].upos == "PROPN"
    assert ann.sentences[1].text == "She hired the CEO."


def test_coreference_chain_as_character_spans_representative_first_in_meaning() -> None:
    out = convert_document(_english_doc(), EN, lang="en")
    (chain,) = out.coref_chains
    assert [m.text for m in chain.mentions] == ["Alice Smith", "She"]  # text order
    assert chain.representative_mention.text == "Alice Smith"
    assert [(m.start_char, m.end_char) for m in chain.mentions] == [(0, 11), (30, 33)]
    assert [m.head for m in chain.mentions] == [(6, 11), (30, 33)]  # "Smith"; "She" whole
    # the annotation carries them for the relation layer (other annotators leave it empty)
    assert out.annotation.coref_chains == out.coref_chains


ZH = "张三负责星火计划。"


def test_chinese_document_ctb_tags_to_upos() -> None:
    doc = pb.Document()
    doc.text = ZH
    doc.sentence.append(
        _sentence(
            ZH,
            [("张三", "NR", "张三", "PERSON"), ("负责", "VV", "负责", "O"),
             ("星火", "NR", "星火", "O"), ("计划", "NN", "计划", "O"), ("。", "PU", "。", "O")],
            [(2, 1, "nsubj"), (4, 3, "compound:nn"), (2, 4, "dobj"), (2, 5, "punct")],
            [2],
            [(0, 1, "PERSON")],
            first_token=4,  # as if a sentence of 4 tokens came first
        )
    )
    ann = convert_document(doc, ZH, lang="zh").annotation
    assert [t.upos for t in ann.tokens] == ["PROPN", "VERB", "PROPN", "NOUN", "PUNCT"]
    assert ann.tokens[0].ner == "S-PERSON" and ann.sentences[0].lang == "zh"
    assert [t.head for t in ann.tokens] == [2, 0, 4, 2, 2]


def test_deictic_now_is_no_date_entity() -> None:
    doc = pb.Document()
    text = "Bob now works at Initech since May"
    sent = _sentence(
        text,
        [("Bob", "NNP", "Bob", "PERSON"), ("now", "RB", "now", "DATE"), ("works", "VBZ", "work", "O"),
         ("at", "IN", "at", "O"), ("Initech", "NNP", "Initech", "ORGANIZATION"),
         ("since", "IN", "since", "O"), ("May", "NNP", "May", "DATE")],
        [], [], [(0, 1, "PERSON"), (1, 2, "DATE"), (4, 5, "ORGANIZATION"), (6, 7, "DATE")],
    )
    sent.token[1].normalizedNER = "PRESENT_REF"
    sent.token[6].normalizedNER = "XXXX-05"
    doc.sentence.append(sent)
    toks = convert_document(doc, text, lang="en").annotation.tokens
    assert [t.ner for t in toks] == ["S-PERSON", "O", "O", "O", "S-ORG", "O", "S-DATE"]


def test_ner_from_token_labels_when_there_are_no_mentions() -> None:
    doc = pb.Document()
    text = "Bob met Carol Jones"
    doc.sentence.append(
        _sentence(text, [("Bob", "NNP", "Bob", "PERSON"), ("met", "VBD", "meet", "O"),
                         ("Carol", "NNP", "Carol", "PERSON"), ("Jones", "NNP", "Jones", "PERSON")],
                  [], [], [])
    )
    toks = convert_document(doc, text, lang="en").annotation.tokens
    assert [t.ner for t in toks] == ["S-PERSON", "O", "B-PERSON", "E-PERSON"]
    assert all(t.head == -1 for t in toks)  # no parse: Stanza's convention


# Data as data: each row is (tag, lang, deprel, expected UPOS).
UPOS_ROWS = [
    ("NNS", "en", "obj", "NOUN"), ("NNPS", "en", "nsubj", "PROPN"), ("VBZ", "en", "root", "VERB"),
    ("VBZ", "en", "aux", "AUX"), ("VBD", "en", "cop", "AUX"), ("VBN", "en", "aux:pass", "AUX"),
    ("MD", "en", "aux", "AUX"), ("IN", "en", "case", "ADP"), ("IN", "en", "mark", "SCONJ"),
    ("TO", "en", "mark", "PART"), ("TO", "en", "case", "ADP"), ("PRP$", "en", "nmod:poss", "PRON"),
    ("-LRB-", "en", "punct", "PUNCT"), ("WEIRD", "en", "", "X"),
    ("NR", "zh", "", "PROPN"), ("NT", "zh", "", "NOUN"), ("VC", "zh", "cop", "AUX"),
    ("AS", "zh", "", "AUX"), ("DEG", "zh", "", "PART"), ("PU", "zh", "", "PUNCT"),
]


@pytest.mark.parametrize(("tag", "lang", "deprel", "want"), UPOS_ROWS)
def test_upos_table(tag: str, lang: str, deprel: str, want: str) -> None:
    assert upos_of(tag, lang=lang, deprel=deprel) == want


def test_ner_labels_are_stanza_names_the_relation_layer_knows() -> None:
    from recall_memory_plugins.engine.relations.schema import NER_TYPES

    assert {v for v in NER_LABELS.values() if v is not None} <= set(NER_TYPES) | {
        "CARDINAL", "ORDINAL"}


def test_the_server_script_warms_exactly_the_annotators_pipelines() -> None:
    script = runpy.run_path(str(SCRIPT), run_name="corenlp_server_script")
    assert script["WARM_PROPERTIES"] == {lang: pipeline_properties(lang) for lang in ("en", "zh")}
    annotator = CoreNLPAnnotator(url="http://127.0.0.1:9")
    assert annotator.properties("en") == script["WARM_PROPERTIES"]["en"]
    assert "coref" not in CoreNLPAnnotator(url="http://127.0.0.1:9", coref=False).properties("en")[
        "annotators"]


def test_factory_builds_it_by_name_and_needs_an_address(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "corenlp" in ANNOTATOR_NAMES
    monkeypatch.delenv("CORENLP_URL", raising=False)
    with pytest.raises(ConfigurationError, match="CORENLP_URL"):
        make_annotator("corenlp")
    built = make_annotator("corenlp", url="http://127.0.0.1:9000/", lang="zh")
    assert isinstance(built, CoreNLPAnnotator) and built.url == "http://127.0.0.1:9000"
    monkeypatch.setenv("CORENLP_URL", "http://127.0.0.1:9001")
    assert make_annotator("corenlp").url == "http://127.0.0.1:9001"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "options",
    [{"lang": "fr"}, {"url": "localhost:9000"}, {"timeout": 0}, {"coref_algorithm": "magic"}],
)
def test_bad_options_are_configuration_errors(options: dict[str, Any]) -> None:
    with pytest.raises(ConfigurationError):
        CoreNLPAnnotator(**{"url": "http://127.0.0.1:9000", **options})


def test_unreachable_server_is_an_annotation_error_naming_it() -> None:
    with socket.socket() as s:  # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    annotator = CoreNLPAnnotator(url=f"http://127.0.0.1:{port}", timeout=5)
    with pytest.raises(AnnotationError, match=f"127.0.0.1:{port}"):
        annotator.annotate("Alice leads Project Orion.")
    assert annotator.annotate("   ").sentences == ()  # blank text never reaches the server
