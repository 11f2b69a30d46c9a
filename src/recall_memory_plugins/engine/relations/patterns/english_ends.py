"""English rows for a job, a home or a school that is over: a past state bounded by "until"
("I was at Acme until March", "Alice was in Paris until 2025"), a wish that it still held ("I wish
I still worked at Acme", "I wish I was still at MIT": it no longer does), and a way out told by
the firm or school ("MIT kicked me out", "Acme and I parted ways", "I got the sack from Acme");
a marriage that is over ("Alice's first husband was Jake"); and a job told with its role first
("I work as a barista at Blue Bottle", "I started a new job as a data analyst at Redfin").

"was at / in" names no verb of its own, so a bounded "was at X until ..." reads the job, the
school and the home at X: a past state with an end alone only ends the same fact held
(:mod:`..past_bounds`), so only the one the memory holds is ended. Same shape as
``english.py``; ``tests/unit/test_relations_patterns_table.py`` runs every example.
"""

from __future__ import annotations

from dataclasses import replace

from ..schema import RelationCandidate
from .blocks import PatternRow, en, ex
from .handlers import _lives, _married, _role, _studies, _works_for
from .job_moves import EN_JOB_MOVE_ROWS
from .joined_from import EN_JOINED_FROM_ROWS
from .match import _Match
from .past_states import _past

__all__ = ["EN_END_ROWS"]

_UNTIL = r"(?=\s+(?:up\s+)?(?:until|till|til)\b)"


def _was_at(h: _Match) -> list[RelationCandidate]:
    """ "was at X": a job or a school at a firm, a home in a place (the handlers type X)."""
    return _works_for(h) + _studies(h) + _lives(h)


def _left(h: _Match) -> list[RelationCandidate]:
    """A way out of a firm or a school (negated: ``neg`` is set by every row that uses it)."""
    return _works_for(h) + _studies(h)


EN_END_ROWS: tuple[PatternRow, ...] = (
    en(
        r"{S}\s+{ADV}(?:was|were)\s+(?:at|with)\s+{THE}{O}" + _UNTIL,
        _past(_was_at),
        ex("Alice was at Acme until 2025.", "Alice", "WORKS_FOR", "Acme", past="true"),
    ),
    en(
        r"{S}\s+{ADV}(?:was|were)\s+(?:in|based\s+in)\s+{THE}{O}" + _UNTIL,
        _past(_lives),
        ex("Alice was in Paris until 2025.", "Alice", "LIVES_IN", "Paris", past="true"),
    ),
    # "I wish I still worked at Acme", "Alice wishes she was still at MIT": it no longer holds
    en(
        r"\bwish(?:es|ed)?\s+(?:that\s+)?{S}\s+(?:(?P<neg>still)\s+(?:worked|was\s+working|were\s+working)\s+(?:at|for)"
        r"|(?:was|were)\s+(?P<anymore>still)\s+(?:working\s+)?(?:at|with|for))\s+{THE}{O}",
        _works_for,
        ex("Alice wishes she still worked at Acme.", "Alice", "WORKS_FOR", "Acme", negated=True),
    ),
    en(
        r"\bwish(?:es|ed)?\s+(?:that\s+)?{S}\s+(?:(?P<neg>still)\s+(?:lived|was\s+living|were\s+living)"
        r"|(?:was|were)\s+(?P<anymore>still)(?:\s+living)?)\s+in\s+{THE}{O}",
        _lives,
        ex("Alice wishes she still lived in Paris.", "Alice", "LIVES_IN", "Paris", negated=True),
    ),
    en(
        r"\bwish(?:es|ed)?\s+(?:that\s+)?{S}\s+(?:(?P<neg>still)\s+(?:studied|was\s+studying|were\s+studying)"
        r"|(?:was|were)\s+(?P<anymore>still)(?:\s+studying)?)\s+at\s+{THE}{O}",
        _studies,
        ex("Alice wishes she was still at MIT.", "Alice", "STUDIES_AT", "MIT", negated=True),
    ),
    # the firm or school puts one out: "MIT kicked me out", "Acme booted Sam out"
    en(
        r"{O}\s+(?:has\s+|had\s+)?{ADV}(?P<neg>kicked|threw|booted|chucked|turfed)\s+{S}\s+out\b(?!\s+(?:of|for\s+the))",
        _left,
        ex("MIT kicked Alice out.", "Alice", "STUDIES_AT", "MIT", negated=True),
    ),
    # "Acme and I parted ways" (not yet "I got the sack from Acme": a row the prefilter could not gate)
    en(
        r"{O}\s+(?:and|&)\s+{S}\s+(?:have\s+|had\s+)?(?P<neg>parted\s+ways|parted\s+company|split\s+up)\b",
        _works_for,
        ex("Acme and Alice parted ways.", "Alice", "WORKS_FOR", "Acme", negated=True),
    ),
)



def _married_before(h: _Match) -> list[RelationCandidate]:
    """A marriage that is over (the patterns' own marriage reader states it)."""
    return [replace(c, negated=True) for c in _married(h)]


# a marriage over: "Alice's first husband was Jake", "her late wife was Ann", "Alice used to be
# married to Jake" (it says nothing of a marriage now: a current one to another stays current)
EN_END_ROWS += (
    en(
        r"{S}(?:'s|’s)\s+(?P<neg>first|ex|ex-|former|previous|late|old)\s*(?:husband|wife|spouse)\s*,?\s+(?:was|is)\s+{O}",
        _married_before,
        ex("Alice's first husband was Jake.", "Alice", "MARRIED_TO", "Jake", negated=True),
    ),
    en(
        r"{S}\s+(?P<neg>used\s+to\s+be|was\s+once|had\s+once\s+been|were\s+once)\s+married\s+to\s+{O}",
        _married_before,
        ex("Alice used to be married to Jake.", "Alice", "MARRIED_TO", "Jake", negated=True),
    ),
)
# a job told with its role first: "I work as a barista at Blue Bottle", "Alice is working as a
# clinic manager at Kaiser", "I started a new job as a data analyst at Redfin" (not "worked as",
# over; not "as a volunteer": no job)
EN_END_ROWS += (
    en(
        r"{S}(?:\s+(?:am|is|are)|\s*['’](?:m|s|re))?\s+{ADV}(?:work|works|working|(?:have|has|'ve|’ve)\s+(?:just\s+)?"
        r"(?:started|got|landed|taken|accepted)\s+(?:a\s+)?(?:new\s+)?(?:job|position|role)|(?:just\s+)?(?:started|got|landed|took"
        r"|accepted)\s+(?:a\s+)?(?:new\s+)?(?:job|position|role|gig))\s+as\s+(?:a|an|the|our)\s+"
        r"(?!(?:volunteer|unpaid)\b)(?P<role>[a-z][a-z \-]{0,40}?)\s+(?P<prep>at|for)\s+{THE}{O}",
        _role,
        ex("Alice works as a barista at Blue Bottle.", "Alice", "WORKS_FOR", "Blue Bottle", role="barista"),
        ex("Alice started a new job as a data analyst at Redfin.", "Alice", "WORKS_FOR", "Redfin", role="data analyst"),
    ),
)

EN_END_ROWS += EN_JOB_MOVE_ROWS  # (a notice given, a start at a firm: job_moves.py)
EN_END_ROWS += EN_JOINED_FROM_ROWS  # (the firm a newcomer comes from: joined_from.py)
