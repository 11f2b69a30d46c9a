"""The annotator contract: sentences of tokens with Stanza's fields.

The engine only sees these types; every NLP backend (the offline default, Stanza, ...) converts its
output into them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

__all__ = ["Annotation", "Annotator", "Sentence", "Token"]


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
class Annotation:
    """The annotation of one text."""

    text: str
    sentences: tuple[Sentence, ...]

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
