"""The annotator contract: sentences of tokens with Stanza's fields.

The engine only sees these types; every NLP backend (the offline default, Stanza, ...) converts its
output into them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

__all__ = [
    "WORD_MARKS",
    "Annotation",
    "Annotator",
    "CorefChain",
    "CorefMention",
    "Sentence",
    "Token",
]


def _combining_marks() -> str:
    """The combining marks of the Basic Multilingual Plane that ``\\w`` does not match (the vowel
    signs of Devanagari, Bengali, Tamil, Thai…), as the ranges of a character class."""
    word = re.compile(r"\w")
    marks = [
        i for i in range(0x10000)
        if unicodedata.category(chr(i)) in ("Mn", "Mc", "Me") and not word.match(chr(i))
    ]  # fmt: skip
    ranges: list[str] = []
    start = prev = marks[0]
    for i in [*marks[1:], -1]:
        if i != prev + 1:
            ranges.append(f"\\u{start:04x}" if start == prev else f"\\u{start:04x}-\\u{prev:04x}")
            start = i
        prev = i
    return "".join(ranges)


#: combining marks that belong to a word although ``\\w`` does not match them: a word is
#: ``(?:\\w|[WORD_MARKS])+`` ("समोसा" is one word, not "सम" + "स")
WORD_MARKS = _combining_marks()


@dataclass(frozen=True, slots=True)
class Token:
    """One word with Stanza's fields.

    ``head`` is the 1-based index of the syntactic head within the sentence (0 = root, -1 = no
    parse); ``ner`` is a BIOES tag like ``S-PERSON`` / ``B-ORG`` or ``O``; ``start_char`` and
    ``end_char`` are offsets into the annotated text.
    """

    text: str
    lemma: str
    upos: str
    xpos: str = ""
    ner: str = "O"
    head: int = -1
    deprel: str = ""
    start_char: int = 0
    end_char: int = 0
    feats: str = ""

    @property
    def entity_type(self) -> str | None:
        """The entity type of the NER tag (``PERSON`` for ``B-PERSON``), or None."""
        if not self.ner or self.ner == "O":
            return None
        return self.ner.split("-", 1)[1] if "-" in self.ner else self.ner


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence: its text, its tokens and its language (``en``, ``zh``)."""

    text: str
    tokens: tuple[Token, ...]
    start_char: int
    end_char: int
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class CorefMention:
    """One mention of a coreference chain: its text and character offsets into the annotated
    text; ``head_start``/``head_end`` are those of its head word ("sister" in "Alice's sister"),
    None when the annotator gave no head (the whole mention is then its head)."""

    text: str
    start_char: int
    end_char: int
    sentence_index: int
    head_start: int | None = None
    head_end: int | None = None

    @property
    def head(self) -> tuple[int, int]:
        """Character offsets of the head word (of the whole mention without a head)."""
        if self.head_start is None or self.head_end is None:
            return self.start_char, self.end_char
        return self.head_start, self.head_end


@dataclass(frozen=True, slots=True)
class CorefChain:
    """Mentions an annotator found to refer to one entity, in text order; ``representative``
    indexes the most informative one ("Alice Smith" rather than "she")."""

    mentions: tuple[CorefMention, ...]
    representative: int = 0

    @property
    def representative_mention(self) -> CorefMention:
        return self.mentions[self.representative]


@dataclass(frozen=True, slots=True)
class Annotation:
    """The annotation of one text.

    ``coref_chains`` are the coreference chains of the text from annotators that find them
    (CoreNLP for English); empty otherwise. The relation layer prefers them to its rules.
    """

    text: str
    sentences: tuple[Sentence, ...]
    coref_chains: tuple[CorefChain, ...] = ()

    @property
    def tokens(self) -> tuple[Token, ...]:
        return tuple(t for s in self.sentences for t in s.tokens)


@runtime_checkable
class Annotator(Protocol):
    """Turns text into sentences of annotated tokens."""

    name: str

    def annotate(self, text: str) -> Annotation:
        """Annotate ``text``; raise :class:`~recall_memory_plugins.errors.AnnotationError` on failure."""
        ...

    def annotate_many(self, texts: Sequence[str]) -> list[Annotation]:
        """Annotate several texts (backends may batch)."""
        ...
