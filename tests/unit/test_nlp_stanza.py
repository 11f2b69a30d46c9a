"""The Stanza annotator: conversion of real Stanza documents, missing models, the factory."""

from __future__ import annotations

import json
import logging
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest

from recall_memory_plugins.errors import AnnotationError, ConfigurationError
from recall_memory_plugins.nlp import (
    Annotation,
    Annotator,
    OfflineAnnotator,
    StanzaAnnotator,
    Token,
    make_annotator,
    models_available,
)
from recall_memory_plugins.nlp.stanza import convert_document

requires_stanza = pytest.mark.skipif(
    find_spec("stanza") is None, reason="the [stanza] extra is not installed"
)


def stanza_document(sentences: list[list[dict[str, Any]]], text: str) -> Any:
    """A real ``stanza.Document`` from Stanza's list-of-dicts form."""
    from stanza.models.common.doc import Document as StanzaDocument

    return StanzaDocument(sentences, text=text)


# Stanza's own annotation of "Brandon loves coffee" (the project's seed document).
BRANDON = [
    [
        {
            "id": 1,
            "text": "Brandon",
            "lemma": "Brandon",
            "upos": "PROPN",
            "xpos": "NNP",
            "feats": "Number=Sing",
            "head": 2,
            "deprel": "nsubj",
            "start_char": 0,
            "end_char": 7,
            "ner": "S-PERSON",
            "multi_ner": ["S-PERSON"],
        },
        {
            "id": 2,
            "text": "loves",
            "lemma": "love",
            "upos": "VERB",
            "xpos": "VBZ",
            "feats": "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin",
            "head": 0,
            "deprel": "root",
            "start_char": 8,
            "end_char": 13,
            "ner": "O",
            "multi_ner": ["O"],
        },
        {
            "id": 3,
            "text": "coffee",
            "lemma": "coffee",
            "upos": "NOUN",
            "xpos": "NN",
            "feats": "Number=Sing",
            "head": 2,
            "deprel": "obj",
            "start_char": 14,
            "end_char": 20,
            "ner": "O",
            "multi_ner": ["O"],
            "misc": "SpaceAfter=No",
        },
    ]
]


@requires_stanza
def test_convert_document_keeps_every_field() -> None:
    doc = stanza_document(BRANDON, text="Brandon loves coffee")
    result = convert_document(doc, lang="en")
    assert result.text == "Brandon loves coffee"
    (sentence,) = result.sentences
    assert (sentence.text, sentence.start_char, sentence.end_char, sentence.lang) == (
        "Brandon loves coffee",
        0,
        20,
        "en",
    )
    assert list(sentence.tokens) == [
        Token(
            text="Brandon",
            lemma="Brandon",
            upos="PROPN",
            xpos="NNP",
            ner="S-PERSON",
            head=2,
            deprel="nsubj",
            start_char=0,
            end_char=7,
            feats="Number=Sing",
        ),
        Token(
            text="loves",
            lemma="love",
            upos="VERB",
            xpos="VBZ",
            ner="O",
            head=0,
            deprel="root",
            start_char=8,
            end_char=13,
            feats="Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin",
        ),
        Token(
            text="coffee",
            lemma="coffee",
            upos="NOUN",
            xpos="NN",
            ner="O",
            head=2,
            deprel="obj",
            start_char=14,
            end_char=20,
            feats="Number=Sing",
        ),
    ]
    assert sentence.tokens[0].entity_type == "PERSON"


@requires_stanza
def test_convert_document_multi_word_tokens() -> None:
    # "don't" is one token of two words; Stanza gives the words no offsets of their own.
    sentences = [
        [
            {"id": (1, 2), "text": "don't", "start_char": 0, "end_char": 5, "ner": "O"},
            {"id": 1, "text": "do", "lemma": "do", "upos": "AUX", "xpos": "VBP"},
            {"id": 2, "text": "n't", "lemma": "not", "upos": "PART", "xpos": "RB"},
            {"id": (3, 4), "text": "ACME's", "start_char": 6, "end_char": 12, "ner": "S-ORG"},
            {"id": 3, "text": "ACME", "lemma": "ACME", "upos": "PROPN", "xpos": "NNP"},
            {"id": 4, "text": "'s", "lemma": "'s", "upos": "PART", "xpos": "POS"},
        ]
    ]
    result = convert_document(stanza_document(sentences, text="don't ACME's"))
    assert [(t.text, t.start_char, t.end_char, t.ner) for t in result.tokens] == [
        ("do", 0, 2, "O"),
        ("n't", 2, 5, "O"),
        ("ACME", 6, 10, "B-ORG"),
        ("'s", 10, 12, "E-ORG"),
    ]
    # No parse and no features: the Token defaults.
    assert {(t.head, t.deprel, t.feats) for t in result.tokens} == {(-1, "", "")}
    assert result.sentences[0].lang == "en"  # guessed from the text when not given


@requires_stanza
def test_convert_document_chinese_language_code() -> None:
    words = [
        [
            {
                "id": 1,
                "text": "张三",
                "lemma": "张三",
                "upos": "PROPN",
                "start_char": 0,
                "end_char": 2,
                "ner": "S-PERSON",
            },
            {
                "id": 2,
                "text": "是",
                "lemma": "是",
                "upos": "AUX",
                "start_char": 2,
                "end_char": 3,
                "ner": "O",
            },
        ]
    ]
    result = convert_document(stanza_document(words, text="张三是"), lang="zh-hans")
    assert result.sentences[0].lang == "zh"
    assert [t.ner for t in result.tokens] == ["S-PERSON", "O"]


@requires_stanza
def test_missing_models_raise_an_error_that_says_how_to_download(tmp_path: Path) -> None:
    assert not models_available("en", resources_dir=tmp_path)
    annotator = StanzaAnnotator(resources_dir=tmp_path)
    assert annotator.annotate("   ") == Annotation(text="   ", sentences=())  # no model needed
    with pytest.raises(AnnotationError) as info:
        annotator.annotate("Brandon loves coffee.")
    message = str(info.value)
    assert "stanza.download('en'" in message
    assert str(tmp_path) in message
    assert "download=True" in message


def _fake_resources(directory: Path) -> list[Path]:
    """A minimal resources.json in Stanza's format, and the model files it implies."""
    en = {
        "lang_name": "English",
        "packages": {
            "default": {
                "tokenize": "combined",
                "mwt": "combined",
                "pos": "combined_charlm",
                "lemma": "combined_nocharlm",
                "ner": "ontonotes_charlm",
            }
        },
        "tokenize": {"combined": {}},
        "mwt": {"combined": {}},
        "pos": {"combined_charlm": {"dependencies": [{"model": "pretrain", "package": "conll17"}]}},
        "lemma": {"combined_nocharlm": {}},
        "ner": {
            "ontonotes_charlm": {
                "dependencies": [
                    {"model": "pretrain", "package": "conll17"},
                    {"model": "forward_charlm", "package": "1billion"},
                ]
            }
        },
        "pretrain": {"conll17": {}},
        "forward_charlm": {"1billion": {}},
    }
    (directory / "resources.json").write_text(json.dumps({"en": en}), encoding="utf-8")
    names = [
        "tokenize/combined",
        "mwt/combined",
        "pos/combined_charlm",
        "lemma/combined_nocharlm",
        "ner/ontonotes_charlm",
        "pretrain/conll17",
        "forward_charlm/1billion",
    ]
    return [directory / "en" / f"{name}.pt" for name in names]


@requires_stanza
def test_models_available_checks_every_file_the_pipeline_loads(tmp_path: Path) -> None:
    files = _fake_resources(tmp_path)
    assert not models_available("en", resources_dir=tmp_path)
    for f in files:
        f.parent.mkdir(parents=True, exist_ok=True)
        f.touch()
    assert models_available("en", resources_dir=tmp_path)
    assert not models_available("zh", resources_dir=tmp_path)  # not in resources.json
    assert not models_available("fr", resources_dir=tmp_path)  # not supported here
    files[-1].unlink()  # a dependency of the NER model
    assert not models_available("en", resources_dir=tmp_path)


def test_corrupt_resources_file_means_not_available(tmp_path: Path) -> None:
    (tmp_path / "resources.json").write_text("{not json", encoding="utf-8")
    assert not models_available("en", resources_dir=tmp_path)


@requires_stanza
def test_unsupported_language_is_a_configuration_error() -> None:
    with pytest.raises(ConfigurationError, match="fr"):
        StanzaAnnotator(lang="fr")


@requires_stanza
@pytest.mark.stanza
def test_real_pipeline_brandon_loves_coffee() -> None:
    if not models_available("en"):
        pytest.skip("stanza English models not downloaded (run stanza.download('en'))")
    result = StanzaAnnotator(lang="en").annotate("Brandon loves coffee.")
    assert [t.upos for t in result.tokens] == ["PROPN", "VERB", "NOUN", "PUNCT"]
    assert result.tokens[0].ner == "S-PERSON"
    assert [t.lemma for t in result.tokens][:3] == ["Brandon", "love", "coffee"]


# ---------------------------------------------------------------------------------- factory


@requires_stanza
def test_make_annotator_by_name() -> None:
    assert isinstance(make_annotator("offline"), OfflineAnnotator)
    assert isinstance(make_annotator(" Offline "), OfflineAnnotator)
    stanza_annotator = make_annotator("stanza", lang="en")
    assert isinstance(stanza_annotator, StanzaAnnotator)
    assert stanza_annotator.name == "stanza"


def test_make_annotator_passes_instances_through() -> None:
    class Scripted:
        """A stand-in annotator written for this test (any object with the protocol works)."""

        name = "scripted"

        def annotate(self, text: str) -> Annotation:
            return Annotation(text=text, sentences=())

        def annotate_many(self, texts: list[str]) -> list[Annotation]:
            return [self.annotate(t) for t in texts]

    instance = Scripted()
    assert isinstance(instance, Annotator)
    assert make_annotator(instance) is instance
    offline = OfflineAnnotator()
    assert make_annotator(offline) is offline


def test_make_annotator_errors() -> None:
    with pytest.raises(ConfigurationError, match="spacy"):
        make_annotator("spacy")
    with pytest.raises(ConfigurationError):
        make_annotator(42)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="OfflineAnnotator"):
        make_annotator("offline", no_such_option=True)
    with pytest.raises(ConfigurationError):
        make_annotator(OfflineAnnotator(), lang="en")


def test_auto_uses_offline_without_models_and_says_why(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="recall_memory_plugins.nlp")
    chosen = make_annotator("auto", resources_dir=tmp_path)
    assert isinstance(chosen, OfflineAnnotator)
    assert "offline annotator because" in caplog.text
    assert "not downloaded" in caplog.text


@requires_stanza
def test_auto_uses_stanza_when_its_models_are_present(tmp_path: Path) -> None:
    for f in _fake_resources(tmp_path):
        f.parent.mkdir(parents=True, exist_ok=True)
        f.touch()
    chosen = make_annotator("auto", resources_dir=tmp_path)
    assert isinstance(chosen, StanzaAnnotator)  # models load lazily, on first annotate()
