"""A move to a team or a project is no move of home (English).

Org notes say who went where in words a move home also uses: "after the reorg Elena's line
manager is Grace Kim; Marcus moved to Sales Ops", "Amelia moved to Sparrow in the autumn
reshuffle", "Tariq took over Helix on monday and I moved to Nimbus", "Amara's new manager is
Freya Dahl, Jonas went to Ops". A name given as where someone moved or went, in a sentence about
a reorganisation, a handover or a new manager, is a unit of the firm: the move states no home and no trip (the
annotator types any name after "moved to" as a place, so the type cannot tell). A move in a
sentence that says nothing of work keeps its reading ("Kwame moved to Kumasi"; "Team update: Lena
moved to Munich", whose work is only its heading's).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....nlp.base import Sentence
from ..schema import RelationCandidate

__all__ = ["unit_move"]

# (not a team one moves with, a manager who moves: "Karen moved to Berlin with her team")
_WORK = re.compile(
    r"\b(?:re-?orgs?|reorgani[sz]\w*|reshuffle[sd]?|restructur\w*|took over|taken over|takes over|taking over"
    r"|hand(?:ed|s|ing)? (?:\w+ )?over|handover|directs|direct reports|(?:line|new) manager|new boss|1:1s?"
    r"|one-to-ones?|org chart)\b",
    re.IGNORECASE,
)
_MOVED_OR_WENT = re.compile(r"\b(?:moved|went|gone|transferred|switched)\s+(?:over\s+)?(?:back\s+)?to\s+(?:the\s+)?$",
                            re.IGNORECASE)
# a note's heading says what the note is, not what the sentence is about: "Team update: Lena moved to Munich"
_HEADER = re.compile(r"^[\w ]{0,30}:\s")
_TYPES = frozenset({"LIVES_IN", "VISITED"})


def unit_move(c: RelationCandidate, sentences: Sequence[Sentence]) -> bool:
    """Whether ``c``, a home or a trip read in its sentence of ``sentences``, names a team, a
    project or a person moved or gone to rather than a place (see the module's docstring)."""
    if c.type not in _TYPES or c.object is None or not 0 <= c.sentence < len(sentences):
        return False
    sentence = sentences[c.sentence]
    if sentence.lang != "en":
        return False
    said = sentence.text
    name = c.object.name
    at = said.find(name)
    if at < 0 or not _MOVED_OR_WENT.search(said[max(0, at - 40) : at]):
        return False
    return _WORK.search(_HEADER.sub("", said)) is not None
