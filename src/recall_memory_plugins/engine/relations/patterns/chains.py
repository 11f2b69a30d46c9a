"""A chain of moves ends at its last stop: "moved to Paris after college, then to Rome".

The move patterns read the first destination of a sentence ("moved to Paris"); a chain that goes
on ("..., then to Rome", "and later to Berlin", "then on to Berlin", "before moving to Rome")
says that home was left again. :func:`last_stop` gives the home a pattern read the chain's last
destination instead, and nothing when the chain goes on to something that is no place
("moved to Paris, then to Google": which home is current is not said). Only a chain with no
subject of its own: "then she moved to Berlin" is a clause the patterns read by itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from ..lexicon import gender_of
from ..schema import LOCATION, ORG, OTHER, PERSON, RelationCandidate
from .blocks import CLOSE, OPEN
from .match import _Match

__all__ = ["last_stop"]

_YEAR = r"\s+(?:in|during|around|by)\s+(?:(?:early|mid|late)[\s-]+)?(?:[a-z]+\s+)?(?:19|20)\d{2}\b"
# a job joined, then another, each with its year: "joined Globex in 2019 and Initech in 2022",
# "started at Globex in 2019, then at Initech in 2022" (not "joined Globex and Initech": both)
_JOINED = re.compile(r"\b(?:joined|started\s+(?:at|with)|moved\s+to|went\s+to|switched\s+to|was\s+hired\s+by)\s", re.IGNORECASE)
_NEXT_JOB = re.compile(
    _YEAR + r"\s*(?:,\s*|\s+)(?:and\s+)?(?:then\s+|later\s+)?(?:(?:joined|moved\s+to|went\s+to|switched\s+to|started\s+(?:at|with))\s+"
    r"|(?:at|with|to)\s+)?(?:the\s+)?" + OPEN + r"(?P<slot>\d+)" + CLOSE + r"(?=" + _YEAR + ")",
    re.IGNORECASE,
)

_SLOT = OPEN + r"(?P<slot>\d+)" + CLOSE
# what may follow a move's destination before the chain's next step, in the same sentence
_GAP = r"[^.;!?" + OPEN + r"]{0,60}?"
# "then", "and later", ", afterwards", "and after that", "eventually", "before moving", then
# "to X" / "on to X" / "back to X"; a bare "then X" only before a clause's end ("then Rome.")
_NEXT = re.compile(
    _GAP + r"(?:,\s*|\s+)(?:and\s+)?(?:(?:then|later|afterwards|after\s+that|subsequently|eventually)"
    r"(?:\s*,)?\s+(?:(?:moved|relocated|went|headed|settled)\s+)?(?P<to>(?:on\s+|back\s+|over\s+)?(?:to|in)\s+)?"
    r"|before\s+(?:moving|relocating|heading|settling|going)\s+(?P<to2>(?:on\s+|back\s+|over\s+)?(?:to|in)\s+)"
    # "moved to Leeds in 2019 and to York in 2022": a second destination of the same move
    r"|and\s+(?P<to3>(?:on\s+|back\s+|over\s+)?to\s+))"
    r"(?:the\s+)?" + _SLOT,
    re.IGNORECASE,
)
_BARE_END = re.compile(r"\s*(?:[,.;!?]|$|\s(?:in|on|during|around|last|this|when|after|for|and)\b)", re.IGNORECASE)
_PLACE_TYPES = frozenset({LOCATION, OTHER, None})


def last_stop(h: _Match, read: Iterable[RelationCandidate]) -> list[RelationCandidate]:
    """``read`` (what a pattern's handler read from ``h``) with each new home replaced by the
    last destination of a chain that follows the match (see the module docstring)."""
    cands = list(read)
    if not h.view.zh and any(c.type == "WORKS_FOR" and not c.negated for c in cands):
        cands = _last_job(h, cands)
    if h.view.zh or not any(c.type == "LIVES_IN" and not c.negated for c in cands):
        return cands
    text, pos, last = h.view.text, h.m.end(), None
    while (m := _NEXT.match(text, pos)) is not None:
        if not (m.group("to") or m.group("to2") or m.group("to3")) and not _BARE_END.match(text, m.end()):
            break  # "then Bob joined": a new clause, no step of the chain
        last, pos = int(m.group("slot")), m.end()
    if last is None:
        return cands
    homes = h.ex.refs(last)
    if not homes or any(r.type not in _PLACE_TYPES for r in homes):
        homes = []  # (the chain goes on to no place: no home is said to be current)
    out = [c for c in cands if c.type != "LIVES_IN" or c.negated]
    for c in cands:
        if c.type == "LIVES_IN" and not c.negated:
            out.extend(replace(c, object=r) for r in homes if r.id != c.subject.id)
    return out


def _last_job(h: _Match, cands: list[RelationCandidate]) -> list[RelationCandidate]:
    """``cands`` with a job joined replaced by the last of a dated chain of jobs that follows."""
    if _JOINED.search(h.m.group(0)) is None:
        return cands
    text, pos, last = h.view.text, h.m.end(), None
    while (m := _NEXT_JOB.match(text, pos)) is not None:
        last, pos = int(m.group("slot")), m.end()
    if last is None:
        return cands
    # (a weak tagger types firms as persons; "joined Globex in 2019 and Tom in 2022": Tom joined it too)
    firms = [r for r in h.ex.refs(last) if r.type != LOCATION and not (r.type == PERSON and gender_of(r.name.split()[0]))]
    if not firms:
        return cands
    out = [c for c in cands if c.type != "WORKS_FOR" or c.negated]
    for c in cands:
        if c.type == "WORKS_FOR" and not c.negated:
            out.extend(replace(c, object=replace(r, type=ORG)) for r in firms)
    return out
