"""A name before a colon that heads a note about the person, not a turn the person speaks.

"Nora: turns out she's allergic. Says she's gone off cats entirely", "Lena: jazz is out,
apparently; she's into techno these days": notes, gift lists and dinner-party plans name whom a
line is about, then speak of them as "she"/"he". A transcript's turn ("Tom: haha no, I'm still
married to Ana!") speaks in the first person. :mod:`.coref` reads a label as a turn, whose
"I" is the labelled person and whose "she" is never them; here a label whose part of the text
says "she"/"he"/"her"/"him"/"his" and nothing in the first person (English only: "马超：星河现在归他管了"
stays a turn; so does a label among others) is no turn, so its "she" may be the person named.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .lazy_regex import lazy_pattern

__all__ = ["without_note_heads"]

_THIRD = lazy_pattern(r"\b(?:she|he|her|him|his|hers|herself|himself)\b", re.IGNORECASE)
_FIRST = lazy_pattern(
    r"\b(?:i|i['’](?:m|ve|d|ll)|im|ive|me|my|mine|myself|we|we['’](?:re|ve|d|ll)|us|our|ours)\b|[\u3400-\u9fff]",
    re.IGNORECASE,
)

# another turn's label, even of a name no list knows: "\nLina: no, she handed her badge back"
_TURN = lazy_pattern(r"\n\s*[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)?\s*:")


def without_note_heads(
    labels: Sequence[tuple[int, tuple[str, ...]]], text: str
) -> list[tuple[int, tuple[str, ...]]]:
    """``labels`` (where each labelled turn starts, whose it is) without the one heading a note
    about the person: the text's only label, on its first line, whose rest of ``text`` speaks of someone in the
    third person and of nobody in the first (two labels are a transcript: "Omar: is Ana
    coming?\nLina: no, she handed her badge back" is Lina's turn about Ana, even when "Omar" is not
    known to be a person)."""
    if len(labels) == 1 and _THIRD.search(text, labels[0][0]) and not _FIRST.search(text, labels[0][0]) \
            and not _TURN.search(text, labels[0][0]) and "\n" not in text[: labels[0][0]].strip():
        return []
    return list(labels)
