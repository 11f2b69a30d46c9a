"""English rows for the firm a newcomer comes from: a welcome or an announcement names the
new firm and the old one side by side ("Dana joins us from Initech", "Omar, who joins the
platform team today after five years over at Initech", "Lea joins the Oslo office of
Globex after eleven years at Hooli"). The old firm is where the person no longer
works: its job ends. The new firm is often only the welcome's ("welcome to Globex"), so it is
not read here.

Not a time ("joins us from Monday": a date is no mention), not a person ("joins us from Ana's
team": a person is no firm), and not a firm kept ("joins the board after ten years at Acme,
where she remains CFO": a firm said to go on is not left).
Same shape as ``english.py``; ``tests/unit/test_relations_patterns_table.py`` runs every example.
"""

from __future__ import annotations

from .blocks import PatternRow, en, ex
from .handlers import _job_ended_at

__all__ = ["EN_JOINED_FROM_ROWS"]

# the joining verb, after the newcomer and an optional "who" ("Omar 🎉 who joins ...")
_JOINS = (
    r"{S}\s*(?:[^\w\s,.;:!?]+\s*)?,?\s*(?:who\s+)?(?:has\s+|have\s+|had\s+)?{ADV}"
    r"(?:joins|joined|comes|came|arrives|arrived)\b"
)

EN_JOINED_FROM_ROWS: tuple[PatternRow, ...] = (
    # "Dana joins us from Initech", "Dana joined the team from Initech last month"
    en(
        _JOINS + r"\s+(?:(?:(?:to\s+)?(?:us|\ue000\d+\ue001)|the\s+(?:[\w-]+\s+){0,3}(?:team|squad|group|department|office|company|firm|board))\s+)?"
        r"(?:over\s+)?from\s+{THE}{O}",
        _job_ended_at,
        ex("Dana joins us from Initech.", "Dana", "WORKS_FOR", "Initech", negated=True),
        ex("Dana joined the data team from Initech.", "Dana", "WORKS_FOR", "Initech", negated=True),
    ),
    # "who joins the platform team today after five years over at Initech"
    en(
        _JOINS + r"[^.;!?\n]{0,100}?\bafter\s+(?:(?:[\w-]+|\d+)\s+){1,2}(?:years?|months?|decades?)\s+(?:over\s+)?(?:at|with)\s+{THE}{O}"
        r"(?![^.;!?]{0,24}\b(?:remains?|stays?|still|continues)\b)",
        _job_ended_at,
        ex("Omar, who joins the platform team today after five years over at Initech.",
           "Omar", "WORKS_FOR", "Initech", negated=True),
        ex("Lea joins Globex as an engineer after eleven years at Hooli.",
           "Lea", "WORKS_FOR", "Hooli", negated=True),
    ),
)
