"""Stanford CoreNLP annotator (install the ``[corenlp]`` extra; needs a running CoreNLP server).

Talks to a CoreNLP 4.5 server through Stanza's ``CoreNLPClient`` (protobuf over HTTP; the client
never starts a server). English runs ``tokenize,ssplit,pos,lemma,ner,depparse`` and, by default,
``coref``; Chinese runs the same without coreference on CoreNLP's Chinese models. Output is mapped
to the fields Stanza gives (:mod:`recall_memory_plugins.nlp.base`):

* ``xpos`` is CoreNLP's tag (Penn Treebank for English, Penn Chinese Treebank for Chinese) and
  ``upos`` its Universal POS by the tables below (CoreNLP has no UPOS of its own);
* ``head``/``deprel`` come from the basic dependencies (Universal Dependencies labels);
* ``ner`` is BIOES over CoreNLP's entity mentions, with its labels renamed to Stanza's
  (OntoNotes) names by :data:`NER_LABELS`;
* English coreference chains become ``Annotation.coref_chains`` (character spans of each
  mention and of its head word, :class:`~recall_memory_plugins.nlp.base.CorefChain`), which the
  relation layer prefers to its rule-based resolver.

Start a local server with ``eval "$(scripts/corenlp-server start)"``; :meth:`CoreNLPAnnotator.from_env`
reads its ``CORENLP_URL``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .._optional import require
from ..errors import AnnotationError, ConfigurationError
from .base import Annotation, CorefChain, CorefMention, Sentence, Token
from .offline import detect_language

__all__ = [
    "NER_LABELS",
    "CoreNLPAnnotator",
    "CoreNLPDocument",
    "CorefChain",
    "CorefMention",
    "convert_document",
    "pipeline_properties",
    "upos_of",
]

logger = logging.getLogger(__name__)

LANGUAGES = ("en", "zh")
DEFAULT_URL = "http://127.0.0.1:9000"
COREF_ALGORITHMS = ("statistical", "neural", "fastneural", "deterministic")
_PURPOSE = "the CoreNLP annotator"

# Penn Treebank (English) -> Universal POS; the tags whose UPOS depends on the parse are fixed up
# by deprel in ``upos_of``.
_PTB_UPOS: Mapping[str, str] = {
    "NN": "NOUN", "NNS": "NOUN", "NNP": "PROPN", "NNPS": "PROPN",
    "VB": "VERB", "VBD": "VERB", "VBG": "VERB", "VBN": "VERB", "VBP": "VERB", "VBZ": "VERB",
    "MD": "AUX", "JJ": "ADJ", "JJR": "ADJ", "JJS": "ADJ", "AFX": "ADJ",
    "RB": "ADV", "RBR": "ADV", "RBS": "ADV", "WRB": "ADV", "RP": "ADP",
    "PRP": "PRON", "PRP$": "PRON", "WP": "PRON", "WP$": "PRON", "EX": "PRON",
    "DT": "DET", "PDT": "DET", "WDT": "DET", "IN": "ADP", "CC": "CCONJ", "CD": "NUM",
    "TO": "PART", "POS": "PART", "UH": "INTJ", "FW": "X", "LS": "X", "SYM": "SYM", "$": "SYM",
    "#": "SYM", "ADD": "X", "GW": "X", "XX": "X", "NFP": "PUNCT", "HYPH": "PUNCT",
    ".": "PUNCT", ",": "PUNCT", ":": "PUNCT", "``": "PUNCT", "''": "PUNCT",
    "-LRB-": "PUNCT", "-RRB-": "PUNCT", "-LSB-": "PUNCT", "-RSB-": "PUNCT",
    "-LCB-": "PUNCT", "-RCB-": "PUNCT",
}
# Penn Chinese Treebank -> Universal POS (as in the UD Chinese treebanks).
_CTB_UPOS: Mapping[str, str] = {
    "NR": "PROPN", "NN": "NOUN", "NT": "NOUN", "PN": "PRON", "VV": "VERB", "VA": "ADJ",
    "VC": "AUX", "VE": "VERB", "AD": "ADV", "P": "ADP", "CC": "CCONJ", "CS": "SCONJ",
    "DEC": "PART", "DEG": "PART", "DER": "PART", "DEV": "PART", "AS": "AUX", "SP": "PART",
    "ETC": "PART", "MSP": "PART", "CD": "NUM", "OD": "NUM", "M": "NOUN", "DT": "DET",
    "JJ": "ADJ", "LC": "ADP", "PU": "PUNCT", "IJ": "INTJ", "ON": "X", "FW": "X", "BA": "ADP",
    "LB": "ADP", "SB": "ADP", "URL": "X", "X": "X",
}
_AUX_DEPRELS = ("aux", "aux:pass", "cop")

#: CoreNLP's entity labels -> Stanza's (OntoNotes) names; None drops the label (job titles,
#: causes of death, ... are not entities in OntoNotes). Unknown labels pass through unchanged.
NER_LABELS: Mapping[str, str | None] = {
    "PERSON": "PERSON", "ORGANIZATION": "ORG", "LOCATION": "LOC", "CITY": "GPE",
    "COUNTRY": "GPE", "STATE_OR_PROVINCE": "GPE", "GPE": "GPE", "FACILITY": "FAC",
    "NATIONALITY": "NORP", "RELIGION": "NORP", "IDEOLOGY": "NORP", "DEMONYM": "NORP",
    "MISC": "MISC", "DATE": "DATE", "TIME": "TIME", "DURATION": "DATE", "SET": "DATE",
    "MONEY": "MONEY", "PERCENT": "PERCENT", "NUMBER": "CARDINAL", "ORDINAL": "ORDINAL",
    "TITLE": None, "CAUSE_OF_DEATH": None, "CRIMINAL_CHARGE": None, "URL": None, "EMAIL": None,
    "HANDLE": None,
}


# SUTime's values of deictic time words ("now", "recently", "现在"), which OntoNotes leaves untagged.
_DEICTIC_TIMES = frozenset({"PRESENT_REF", "PAST_REF", "FUTURE_REF"})


def upos_of(xpos: str, *, lang: str, deprel: str = "") -> str:
    """The Universal POS of a CoreNLP tag.

    Args:
        xpos: CoreNLP's tag (Penn Treebank for ``en``, Penn Chinese Treebank for ``zh``).
        lang: ``"en"`` or ``"zh"``.
        deprel: The token's dependency label, which separates auxiliaries from verbs, and
            subordinating conjunctions from prepositions.

    Returns:
        The UPOS tag; ``"X"`` for an unknown tag.
    """
    if lang == "zh":
        return _CTB_UPOS.get(xpos, "X")
    upos = _PTB_UPOS.get(xpos, "X")
    base = deprel.split(":", 1)[0]
    if upos == "VERB" and (deprel in _AUX_DEPRELS or base == "aux"):
        return "AUX"
    if xpos == "IN" and base == "mark":
        return "SCONJ"
    if xpos == "TO" and base == "case":
        return "ADP"
    return upos


def pipeline_properties(
    lang: str, *, coref: bool = True, coref_algorithm: str = "statistical"
) -> dict[str, str]:
    """The CoreNLP request properties of a language's pipeline.

    The server builds and caches one pipeline per distinct property set, so
    ``scripts/corenlp-server`` warms exactly these (a unit test keeps them equal).

    Args:
        lang: ``"en"`` or ``"zh"``.
        coref: Add English coreference.
        coref_algorithm: CoreNLP's ``coref.algorithm`` for English.

    Returns:
        The properties.

    Raises:
        ConfigurationError: For an unsupported language or algorithm.
    """
    if lang == "zh":
        return {
            "pipelineLanguage": "zh",
            "annotators": "tokenize,ssplit,pos,lemma,ner,depparse",
            "outputFormat": "serialized",
        }
    if lang != "en":
        raise ConfigurationError(f"CoreNLP pipelines exist for {LANGUAGES}, got {lang!r}")
    if coref_algorithm not in COREF_ALGORITHMS:
        raise ConfigurationError(
            f"coref_algorithm must be one of {COREF_ALGORITHMS}, got {coref_algorithm!r}"
        )
    props = {"annotators": "tokenize,ssplit,pos,lemma,ner,depparse", "outputFormat": "serialized"}
    if coref:
        props["annotators"] += ",coref"
        props["coref.algorithm"] = coref_algorithm
    return props


# --------------------------------------------------------------------------------------------------
# Conversion
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoreNLPDocument:
    """An annotation with CoreNLP's coreference chains (the same as ``annotation.coref_chains``;
    kept for callers of :meth:`CoreNLPAnnotator.annotate_document`)."""

    annotation: Annotation
    coref_chains: tuple[CorefChain, ...] = ()


def _bioes(n: int, label: str) -> list[str]:
    if n == 1:
        return [f"S-{label}"]
    return [f"B-{label}"] + [f"I-{label}"] * (n - 2) + [f"E-{label}"]


def _sentence_ner(sent: Any) -> list[str]:
    """BIOES tags of a sentence from CoreNLP's entity mentions (or runs of equal token labels)."""
    n = len(sent.token)
    tags = ["O"] * n
    spans: list[tuple[int, int, str]] = []
    mentions = list(getattr(sent, "mentions", ()))
    if mentions:
        # Despite their names, the mention's token indices count from the document's start.
        base = sent.tokenOffsetBegin
        for m in mentions:
            spans.append(
                (
                    m.tokenStartInSentenceInclusive - base,
                    m.tokenEndInSentenceExclusive - base,
                    m.entityType or m.ner,
                )
            )
    else:  # no entitymentions annotator: runs of the same token label
        i = 0
        while i < n:
            label = sent.token[i].ner or "O"
            j = i + 1
            while label != "O" and j < n and (sent.token[j].ner or "O") == label:
                j += 1
            if label != "O":
                spans.append((i, j, label))
            i = j
    for start, end, raw in spans:
        label = NER_LABELS.get(raw, raw)
        if label is None or not 0 <= start < end <= n or any(t != "O" for t in tags[start:end]):
            continue
        if label == "DATE" and all(
            sent.token[k].normalizedNER in _DEICTIC_TIMES for k in range(start, end)
        ):
            continue  # "now", "现在": SUTime's PRESENT_REF is no date (nor one in OntoNotes)
        tags[start:end] = _bioes(end - start, label)
    return tags


def _heads(sent: Any, n: int) -> tuple[list[int], list[str]]:
    """1-based heads (0 = root, -1 = no parse) and labels from the basic dependencies."""
    heads, rels = [-1] * n, [""] * n
    if not sent.HasField("basicDependencies"):
        return heads, rels
    graph = sent.basicDependencies
    for root in graph.root:
        if 1 <= root <= n:
            heads[root - 1], rels[root - 1] = 0, "root"
    for edge in graph.edge:
        if 1 <= edge.target <= n and not edge.isExtra:
            heads[edge.target - 1], rels[edge.target - 1] = edge.source, edge.dep
    return heads, rels


def _utf16_to_index(text: str) -> list[int] | None:
    """Java's offsets count UTF-16 code units: the Python index of each, when they differ."""
    if all(ord(c) <= 0xFFFF for c in text):
        return None
    out: list[int] = []
    for i, c in enumerate(text):
        out.extend([i, i] if ord(c) > 0xFFFF else [i])
    out.append(len(text))
    return out


def convert_document(doc: Any, text: str, *, lang: str) -> CoreNLPDocument:
    """Convert CoreNLP's protobuf ``Document`` to an annotation and coreference chains.

    Args:
        doc: The ``CoreNLP_pb2.Document`` the server returned for ``text``.
        text: The annotated text (CoreNLP's offsets index into it).
        lang: ``"en"`` or ``"zh"``.

    Returns:
        The document.
    """
    sentences: list[Sentence] = []
    spans: list[list[tuple[int, int]]] = []
    index = _utf16_to_index(text)
    for sent in doc.sentence:
        n = len(sent.token)
        if not n:
            spans.append([])
            continue
        heads, rels = _heads(sent, n)
        ners = _sentence_ner(sent)
        tokens: list[Token] = []
        offsets: list[tuple[int, int]] = []
        for i, tok in enumerate(sent.token):
            word = tok.originalText or tok.word
            start, end = tok.beginChar, tok.endChar
            if index is not None and 0 <= start <= end < len(index):
                start, end = index[start], index[end]
            if not (0 <= start <= end <= len(text)):
                start, end = 0, 0
            lemma = tok.lemma or word
            tokens.append(
                Token(
                    text=word,
                    lemma=lemma,
                    upos=upos_of(tok.pos, lang=lang, deprel=rels[i]),
                    xpos=tok.pos,
                    ner=ners[i],
                    head=heads[i],
                    deprel=rels[i],
                    start_char=start,
                    end_char=end,
                )
            )
            offsets.append((start, end))
        spans.append(offsets)
        s_start, s_end = tokens[0].start_char, max(t.end_char for t in tokens)
        sentences.append(
            Sentence(
                text=text[s_start:s_end],
                tokens=tuple(tokens),
                start_char=s_start,
                end_char=s_end,
                lang=lang,
            )
        )
    chains: list[CorefChain] = []
    for chain in doc.corefChain:
        mentions: list[CorefMention] = []
        representative = 0
        for m in chain.mention:
            if not 0 <= m.sentenceIndex < len(spans):
                continue
            offs = spans[m.sentenceIndex]
            if not 0 <= m.beginIndex < m.endIndex <= len(offs):
                continue
            start, end = offs[m.beginIndex][0], offs[m.endIndex - 1][1]
            head: tuple[int | None, int | None] = (None, None)
            if m.HasField("headIndex") and m.beginIndex <= m.headIndex < m.endIndex:
                head = offs[m.headIndex]  # sentence-relative, like beginIndex
            if m.mentionID == chain.representative:
                representative = len(mentions)
            mentions.append(CorefMention(text[start:end], start, end, m.sentenceIndex, *head))
        if len(mentions) > 1:
            order = sorted(range(len(mentions)), key=lambda k: mentions[k].start_char)
            chains.append(
                CorefChain(
                    mentions=tuple(mentions[k] for k in order),
                    representative=order.index(representative),
                )
            )
    return CoreNLPDocument(
        annotation=Annotation(
            text=text, sentences=tuple(sentences), coref_chains=tuple(chains)
        ),
        coref_chains=tuple(chains),
    )


# --------------------------------------------------------------------------------------------------
# The annotator
# --------------------------------------------------------------------------------------------------


class CoreNLPAnnotator:
    """Annotate with a Stanford CoreNLP server (English and Chinese).

    The language of each text is detected (``"zh"`` when it is mostly Chinese) unless ``lang``
    fixes it. Each text is one HTTP request; the instance can be shared between threads (the
    server handles concurrent requests with its own thread pool).

    Args:
        url: The server's address, e.g. ``CoreNLPAnnotator("http://127.0.0.1:9000")``
            (positional or ``url=``). None (default): ``$CORENLP_URL`` when it is set (what
            ``scripts/corenlp-server start`` exports), else ``http://127.0.0.1:9000``;
            :meth:`from_env` instead refuses an unset ``CORENLP_URL``.
        lang: ``"en"`` or ``"zh"`` to skip detection; None detects per text.
        coref: Run English coreference (chains in ``Annotation.coref_chains``). About 30 %
            more time per sentence than without (benchmarks/results/annotators.md).
        coref_algorithm: CoreNLP's English ``coref.algorithm`` (``statistical`` by default:
            lighter than ``neural``).
        timeout: Seconds to wait for one request (the first request of a pipeline the server has
            not built yet loads its models).
        username: Basic-auth user of a protected server.
        password: Basic-auth password.

    Raises:
        MissingDependencyError: If stanza is not installed.
        ConfigurationError: For an unsupported ``lang``, algorithm, empty URL or bad timeout.
    """

    name = "corenlp"

    def __init__(
        self,
        url: str | None = None,
        *,
        lang: str | None = None,
        coref: bool = True,
        coref_algorithm: str = "statistical",
        timeout: float = 120.0,
        username: str | None = None,
        password: str | None = None,
    ) -> None:
        if lang is not None and lang not in LANGUAGES:
            raise ConfigurationError(
                f"CoreNLPAnnotator supports lang in {LANGUAGES} (or None to detect), got {lang!r}"
            )
        if url is None:  # what scripts/corenlp-server exports, else where it listens
            url = os.environ.get("CORENLP_URL", "").strip() or DEFAULT_URL
        if not isinstance(url, str) or not url.strip().startswith(("http://", "https://")):
            raise ConfigurationError(f"CoreNLPAnnotator needs an http(s) URL, got {url!r}")
        if not timeout or timeout <= 0:
            raise ConfigurationError(f"timeout must be a positive number of seconds, got {timeout!r}")
        self._properties = {
            code: pipeline_properties(code, coref=coref, coref_algorithm=coref_algorithm)
            for code in LANGUAGES
        }
        server = require("stanza.server", extra="corenlp", purpose=_PURPOSE)
        self._url = url.strip().rstrip("/")
        self._lang = lang
        self._auth = (
            {"username": username, "password": password} if username is not None else {}
        )
        self._client = server.CoreNLPClient(
            start_server=server.StartServer.DONT_START,
            endpoint=self._url,
            timeout=int(timeout * 1000 / 2),  # the client waits twice this many milliseconds
            output_format="serialized",
        )

    @classmethod
    def from_env(cls, **kw: Any) -> CoreNLPAnnotator:
        """Build an annotator for the server at ``$CORENLP_URL``.

        Args:
            **kw: Other constructor options.

        Raises:
            ConfigurationError: If ``CORENLP_URL`` is not set.
        """
        url = os.environ.get("CORENLP_URL", "").strip()
        if not url:
            raise ConfigurationError(
                "CORENLP_URL is not set: start a server with "
                '`eval "$(scripts/corenlp-server start)"` or pass url=...'
            )
        return cls(url=url, **kw)

    def __repr__(self) -> str:
        return f"CoreNLPAnnotator(url={self._url!r}, lang={self._lang!r})"

    @property
    def url(self) -> str:
        """The server's address."""
        return self._url

    def properties(self, lang: str) -> dict[str, str]:
        """The request properties of ``lang``'s pipeline (a copy)."""
        return dict(self._properties[lang])

    def annotate_document(self, text: str) -> CoreNLPDocument:
        """Annotate ``text`` and return its coreference chains too.

        Args:
            text: Any text; empty or white-space-only text gives an empty annotation.

        Returns:
            The annotation (offsets into ``text``) and, for English with ``coref``, the chains.

        Raises:
            AnnotationError: If the server is unreachable or fails.
        """
        if not text.strip():
            return CoreNLPDocument(Annotation(text=text, sentences=()))
        lang = self._lang or detect_language(text)
        server = require("stanza.server", extra="corenlp", purpose=_PURPOSE)
        try:
            doc = self._client.annotate(
                text, properties=self._properties[lang], reset_default=lang != "en", **self._auth
            )
        except (server.client.AnnotationException, server.client.TimeoutException) as exc:
            raise AnnotationError(
                f"CoreNLP at {self._url} failed to annotate a {lang} text: {exc}. Check that the "
                "server runs (scripts/corenlp-server status) and has the "
                f"{'Chinese' if lang == 'zh' else 'English'} models on its classpath."
            ) from exc
        except OSError as exc:
            raise AnnotationError(f"CoreNLP at {self._url} is unreachable: {exc}") from exc
        return convert_document(doc, text, lang=lang)

    def annotate(self, text: str) -> Annotation:
        """Annotate ``text``.

        Args:
            text: Any text; empty or white-space-only text gives an empty annotation.

        Returns:
            The annotation with offsets into ``text``; for English with ``coref``, its
            coreference chains in ``coref_chains``.

        Raises:
            AnnotationError: If the server is unreachable or fails.
        """
        return self.annotate_document(text).annotation

    def annotate_many(self, texts: Sequence[str]) -> list[Annotation]:
        """Annotate several texts, one request each.

        Args:
            texts: The texts.

        Returns:
            One annotation per text, in order.

        Raises:
            AnnotationError: As :meth:`annotate`.
        """
        return [self.annotate(t) for t in texts]
