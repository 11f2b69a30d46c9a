"""The quoted part of an e-mail reply: an older message, not news.

A reply quotes the message it answers below a header ("On Mon, Jan 5, 2026 at 9:00 AM Kim
wrote:", "-----Original Message-----") or line by line ("> Dana reports to Kim."). What the quote
says held when it was written, perhaps long before a newer fact ("Dana now reports to Lee"):
read as said now, it would restate a superseded fact as current. So the relation layer states
nothing from a quoted line (precision before recall; the header's date is not read). A quoted
question answered on its own line ("> Can you confirm your address? Yes, …") quotes only the
question; a message that forwards its quote as news ("FYI — sad news below") quotes nothing.
"""

from __future__ import annotations

import re

from ...nlp.base import Annotation
from .frames import framed_sentences

__all__ = ["QUOTE_EXAMPLES", "quoted_sentences"]

# a line quoted line by line ("> …", "| …" is a table, not a quote)
_QUOTED_LINE = re.compile(r"^[ \t]*>", re.MULTILINE)
# a header after which the rest of a reply is the quoted message: Gmail's "On <date> <who>
# wrote:" (its own line, perhaps wrapped once), Outlook's "-----Original Message-----"
_HEADER = re.compile(
    r"^[ \t]*On\s[^\n]{4,160}?(?:\n[^\n]{0,80}?)?\swrote[ \t]*:[ \t]*$"
    r"|^[ \t]*-{2,}[ \t]*Original[ \t]+Message[ \t]*-{2,}[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)

# a message that points at what it quotes as news forwards it ("FYI — sad news below", "Fwd:"):
# the quote is then read as any text
_FORWARDED = re.compile(r"\b(?:fyi|fw|fwd|forward(?:ed|ing)?|below|see\s+attached)\b", re.IGNORECASE)
# a question quoted and answered on its own line ("> Can you confirm your address? Yes, …"):
# only the question is quoted
_ASKED = re.compile(r"[?？][\"'”’)]*[ \t]+(?=\S)")

#: (a reply, the text of a quoted sentence in it)
QUOTE_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("Thanks, noted!\n\nOn Mon, Jan 5, 2026 at 9:00 AM Kim wrote:\n> Hi all, Dana reports to Kim.", "Dana reports to Kim"),
    ("Sounds good.\n\n-----Original Message-----\nFrom: Kim\nSent: Monday, January 5, 2026 9:00 AM\n"
     "Subject: org\n\nDana reports to Kim.", "Dana reports to Kim"),
    ("Agreed.\n> Alice lives in Rome.", "Alice lives in Rome"),
)


def _quoted_spans(text: str) -> list[tuple[int, int]]:
    """The character spans of ``text`` that quote an older message."""
    if ">" not in text and "wrote" not in text.lower() and "original" not in text.lower():
        return []  # (most texts: no regex search)
    spans = []
    header = _HEADER.search(text)
    if header is not None:
        spans.append((header.start(), len(text)))
    for m in _QUOTED_LINE.finditer(text):
        end = text.find("\n", m.start())
        end = len(text) if end < 0 else end
        asked = _ASKED.search(text, m.start(), end)
        spans.append((m.start(), asked.end() if asked is not None else end))
    if spans and _FORWARDED.search(text, 0, min(a for a, _ in spans)):
        return []  # (forwarded as news)
    return spans


def quoted_sentences(annotation: Annotation) -> frozenset[int]:
    """The indexes of the sentences of ``annotation`` that lie in a quoted part of a reply (a
    quoted line, or after a reply header): what they say is no news."""
    spans = _quoted_spans(annotation.text)
    if not spans:  # (nor what follows an old source's heading or examples: .frames)
        return framed_sentences(annotation)
    return framed_sentences(annotation) | frozenset(
        i for i, s in enumerate(annotation.sentences)
        # (all of it in a quote: a sentence that goes on after a quoted question is read as ever)
        if any(a <= s.start_char < b and s.end_char <= b + 1 for a, b in spans)
    )
