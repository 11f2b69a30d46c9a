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

from ..schema import LOCATION, OTHER, RelationCandidate
from .blocks import CLOSE, OPEN
from .match import _Match

__all__ = ["last_stop"]

_SLOT = OPEN + r"(?P<slot>\d+)" + CLOSE
# what may follow a move's destination before the chain's next step, in the same sentence
_GAP = r"[^.;!?" + OPEN + r"]{0,60}?"
# "then", "and later", ", afterwards", "and after that", "eventually", "before moving", then
# "to X" / "on to X" / "back to X"; a bare "then X" only before a clause's end ("then Rome.")
_NEXT = re.compile(
    _GAP + r"(?:,\s*|\s+)(?:and\s+)?(?:(?:then|later|afterwards|after\s+that|subsequently|eventually)"
    r"(?:\s*,)?\s+(?:(?:moved|relocated|went|headed|settled)\s+)?(?P<to>(?:on\s+|back\s+|over\s+)?(?:to|in)\s+)?"
    r"|before\s+(?:moving|relocating|heading|settling|going)\s+(?P<to2>(?:on\s+|back\s+|over\s+)?(?:to|in)\s+))"
    r"(?:the\s+)?" + _SLOT,
    re.IGNORECASE,
)
_BARE_END = re.compile(r"\s*(?:[,.;!?]|$|\s(?:in|on|during|around|last|this|when|after|for|and)\b)", re.IGNORECASE)
_PLACE_TYPES = frozenset({LOCATION, OTHER, None})


def last_stop(h: _Match, read: Iterable[RelationCandidate]) -> list[RelationCandidate]:
    """``read`` (what a pattern's handler read from ``h``) with each new home replaced by the
    last destination of a chain that follows the match (see the module docstring)."""
    cands = list(read)
    if h.view.zh or not any(c.type == "LIVES_IN" and not c.negated for c in cands):
        return cands
    text, pos, last = h.view.text, h.m.end(), None
    while (m := _NEXT.match(text, pos)) is not None:
        if not (m.group("to") or m.group("to2")) and not _BARE_END.match(text, m.end()):
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
