"""Sentences a text frames as no news: what it pastes from an old source, or writes as examples.

"Archive copy of the 2019 staff directory: Tom works at Acme", "Re-reading my old notes from
January: Tom works at Acme": what an old source says held when it was written, perhaps long
before a newer fact ("Tom left Acme and joined Globex"); read as said now, it would restate a
superseded fact as current. "For the English class I had to write example sentences. I live in
London.": a sentence written as an example says nothing of its writer. The relation layer states
nothing from what follows such a frame, to the end of the text, as from a reply's quote
(:mod:`.quotes`; precision before recall: the source's date is not read, so no history either).

Each row is a table row (name, regex, texts whose last sentence it must frame);
``tests/unit/test_relations_round49_a.py`` runs every example and the counter-examples in
:data:`NOT_FRAMED`.
"""

from __future__ import annotations

import re

from ...nlp.base import Annotation
from .lazy_regex import lazy_pattern

__all__ = ["FRAME_TABLE", "NOT_FRAMED", "framed_sentences"]

# a document, a list or a record that may be old
_DOC = (r"(?:cop(?:y|ies)|notes?|notebooks?|director(?:y|ies)|records?|files?|versions?|lists?|listings?|rosters?|rotas?"
        r"|minutes|diar(?:y|ies)|journals?|entr(?:y|ies)|letters?|e-?mails?|messages?|documents?|pages?|profiles?"
        r"|snapshots?|excerpts?|org\s*charts?|handbooks?|newsletters?|brochures?|cvs?|r[ée]sum[ée]s?|bios?|posts?"
        r"|articles?|reports?|databases?|spreadsheets?|registers?|address\s+books?|contacts|yearbooks?|census|logs?"
        r"|wiki|chats?|texts?|cards?|printouts?|clippings?)")
# a word that calls a source old
_OLD = (r"(?:archived?|archives|archival|old|older|outdated|out[-\s]of[-\s]date|previous|earlier|historic(?:al)?"
        r"|back-?up|superseded|obsolete|last\s+year['’]s|(?:years|decades)[-\s]old)")
# reading a source again, or finding it
_REREAD = (r"(?:re-?read(?:ing|s)?|going\s+(?:back\s+)?through|went\s+(?:back\s+)?through|looking\s+(?:back\s+)?(?:at|through|over)"
           r"|dug\s+up|digging\s+(?:up|through|out)|found|came\s+across|stumbled\s+(?:up)?on|unearthed|cleaning\s+out)")
_MONTHS = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
# a time in the past the source is from ("from January", "from 2019", "from years ago")
_PAST_WHEN = (r"(?:from|of|dated)\s+(?:(?:last\s+|early\s+|late\s+)?" + _MONTHS + r"|(?:19|20)\d\d|last\s+(?:year|month|spring"
              r"|summer|autumn|fall|winter)|(?:a\s+few\s+|many\s+|several\s+|two\s+|three\s+)?years\s+ago|back\s+(?:in|then|when)"
              r"|(?:my|our|his|her|their)\s+(?:old|previous|first|former)\b)")
# what a heading may hold before its colon (no sentence end, no clause break)
_HEAD = r"[^:\n.!?;]"

#: (name, regex, texts whose last sentence the row must frame)
FRAME_TABLE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "an old source before a colon",
        # "Archive copy of the 2019 staff directory: …", "Old notes from the offsite: …"
        r"(?:^|(?<=[\n.!?]))\s*" + _HEAD + r"{0,60}?\b" + _OLD + r"\s+(?:[\w'’-]+\s+){0,3}?" + _DOC + r"\b" + _HEAD + r"{0,60}:"
        r"|(?:^|(?<=[\n.!?]))\s*(?:" + _HEAD + r"{0,30}?\b)?(?:from|in)\s+(?:the|our|my|his|her|their|an?)\s+(?:\w+\s+)?archives?\b"
        + _HEAD + r"{0,60}:",
        ("Archive copy of the 2019 staff directory: Tom Becker works at Acme and lives in Leeds.",
         "Re-reading my old notes from January: Tom Becker works at Acme.",
         "From the archives: Tom Becker works at Acme.",
         "I moved to York last week.\nOutdated version of the team page:\nTom Becker works at Acme."),
    ),
    (
        "a source read again from a past time",
        # "Re-reading my notes from January: …", "Found a letter from 2015: …"
        r"(?:^|(?<=[\n.!?]))\s*" + _HEAD + r"{0,40}?\b" + _REREAD + r"\s+(?:[\w'’-]+\s+){0,3}?" + _DOC + r"\s+(?:[\w'’-]+\s+){0,2}?"
        + _PAST_WHEN + _HEAD + r"{0,40}:",
        ("Re-reading my notes from January: Tom Becker works at Acme.",
         "Found a letter from 2015: I live in Bristol and work at Acme.",
         "Going through my diary from last year: Tom lives in Leeds."),
    ),
    (
        "sentences written as examples",
        # "For the English class I had to write example sentences. I live in London."
        r"\b(?:example|sample|practice|model|dummy|made-up|fake|made\s+up|test)\s+(?:sentences|phrases|answers|dialogues?"
        r"|conversations?|texts?|data|entries|records)\b[^.!?:\n]*[.!:\n]",
        ("For the English class I had to write example sentences. I live in London.",
         "Homework, three practice sentences: I live in London. I work at a bank. I love tea."),
    ),
)

#: texts whose last sentence no row may frame
NOT_FRAMED: tuple[str, ...] = (
    "Notes from today's meeting: Tom Becker moved to Globex.",
    "Old news, but Tom Becker moved to Globex.",
    "My old boss Tom Becker works at Acme.",
    "Update on the old office: Tom Becker moved to York.",
    "Previous notes said Tom was at Acme; now: Tom works at Globex.",
    "Found my notes: Tom Becker works at Globex now.",
)

_FRAMES = lazy_pattern("|".join(f"(?:{regex})" for _, regex, _ in FRAME_TABLE[:2]), re.IGNORECASE)
_EXAMPLES = lazy_pattern(FRAME_TABLE[2][1], re.IGNORECASE)
_OPENS = lazy_pattern(r"copy|notes?|archiv|old|outdated|previous|earlier|historic|back-?up|obsolete|superseded|re-?read"
                      r"|through|found|dug|came across|stumbled|unearthed|example|sample|practice|model|dummy|made|fake|test",
                      re.IGNORECASE)


def _frame_end(text: str) -> int | None:
    """Where the first frame of ``text`` ends (what follows it is framed), or None."""
    if not _OPENS.search(text):
        return None  # (most texts: one search)
    ends = [m.end() for m in (_FRAMES.search(text), _EXAMPLES.search(text)) if m is not None]
    return min(ends) if ends else None


def framed_sentences(annotation: Annotation) -> frozenset[int]:
    """The indexes of the sentences of ``annotation`` that follow (or hold the rest of) a frame
    naming an old source or examples (:data:`FRAME_TABLE`): what they say is no news.

    The frame is a heading ending in a colon ("Archive copy of the 2019 staff directory: …") or
    a sentence announcing examples; the sentences after it, to the end of the text, are framed
    (a sentence that only holds the frame is not: it states nothing anyway)."""
    end = _frame_end(annotation.text)
    if end is None:
        return frozenset()
    text = annotation.text
    return frozenset(i for i, s in enumerate(annotation.sentences)
                     if s.start_char >= end or (s.end_char > end and text[end : s.end_char].strip(" \t\n.!?")))
