"""English rows for the endings of ordinary life events: the employer laying someone off ("Acme
laid Sam off", "made Sam redundant"), a promotion to a new title ("Dana was promoted to
engineering manager"), a thing sold ("Dana sold her Tesla"), a project left ("rolled off Orion"),
a death ("Sam passed away last month"), a new holder named by the firm ("Acme named Priya as its
new CTO"). Same shape as ``english.py``; ``tests/unit/test_relations_patterns_table.py`` runs
every example.
"""

from __future__ import annotations

import re

from ..schema import LOCATION, ORG, OTHER, PERSON, PROJECT, RelationCandidate
from .blocks import PatternRow, en, ex
from .english_more import _OPENS
from .handlers import _clean_role, _job_ended_at, _left_job, _left_school, _widowed
from .match import _cands, _employer, _Match
from .possessions import EN_LOSS_ROWS

__all__ = ["EN_LIFE_ROWS"]

_PERSONS = (PERSON, None, OTHER)
_TITLE_WORDS = re.compile(r"^(?:(?:new|next|permanent|first|current|acting|interim)\s+)+", re.IGNORECASE)
# where a title ends: the clause ends, or a time or a reason follows ("promoted to lead last week")
_ROLE_END = (r"(?=\s*(?:[,.;!?]|$)|\s+(?:last|this|in|on|yesterday|today|recently|earlier|after|and|but|effective"
             r"|from|starting|as\s+of|at\s+the\s+end|two|three|a\s+(?:week|month|year))\b)")
_ROLE = r"(?:the\s+|a\s+|an\s+)?(?:role\s+of\s+|position\s+of\s+)?(?P<role>[a-z][a-z \-]{0,40}?)" + _ROLE_END


def _dismissed(h: _Match) -> list[RelationCandidate]:
    """ "Acme laid Sam off", "They made Sam redundant": S's job ends -- at O when O is a firm,
    else (an unnamed "they", a manager) every current one."""
    if h.type("s") not in _PERSONS:
        return []
    # a firm named, whatever a weak NER typed it ("Globex laid Sam off", "let Sam go at Acme"); not
    # "they", "my manager"
    idx = h.slot("o")
    named = idx is not None and h.ex.mentions[idx].kind == "name"
    if h.refs("o") and h.type("o") != PERSON and (named or h.type("o") == ORG):
        return _job_ended_at(h)
    return _left_job(h)


def _promoted(h: _Match) -> list[RelationCandidate]:
    """ "Acme promoted Dana to senior analyst": the new title at the firm named (with no firm
    named, "Dana was promoted to ...", the title goes to S's employer: :mod:`..life_events`)."""
    role, former = _clean_role(h.group("role"))
    if not role or former or len(role) > 40 or h.type("s") not in _PERSONS:
        return []
    if not h.refs("o") or h.type("o") in (PERSON, LOCATION, PROJECT):
        return []
    return _cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("o")), {"role": role})


def _named_as(h: _Match) -> list[RelationCandidate]:
    """ "Acme named Priya as its new CTO": S works for the firm O in that title."""
    role, former = _clean_role(_TITLE_WORDS.sub("", h.group("role").strip()))
    if not role or former or h.type("s") not in _PERSONS or not h.refs("o") or h.type("o") in (PERSON, LOCATION, PROJECT):
        return []
    return _cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("o")), {"role": role})


def _sold(h: _Match) -> list[RelationCandidate]:
    """ "Dana sold her Tesla", "got rid of the house": S no longer owns it (not a person, place
    or project: "sold me on the idea")."""
    objs = h.obj()
    if not objs or objs[0].type in (PERSON, LOCATION, PROJECT) or h.type("s") not in _PERSONS:
        return []
    # the one it went to owns it now: "Carla sold Sunny Side Bakery to Dev"
    buyers = h.refs("z") if _named_person(h, "z") else []
    return _cands(h.refs("s"), "OWNS", objs, negated=True) + _cands(buyers, "OWNS", objs)


def _bought_from(h: _Match) -> list[RelationCandidate]:
    """ "Dev bought Sunny Side Bakery from Carla": Z, the seller, no longer owns it (S's owning it
    is read by the row of "owns"/"bought")."""
    objs = h.refs("o")
    if not objs or objs[0].type in (PERSON, LOCATION, PROJECT) or h.type("s") not in _PERSONS or not _named_person(h, "z"):
        return []
    return _cands(h.refs("z"), "OWNS", objs, negated=True)


def _named_person(h: _Match, slot: str) -> bool:
    """Whether the slot names a person, or a pronoun ends the phrase ("from her."; not "her" of "to
    her nephew"), and not a firm or a place."""
    idx = h.slot(slot)
    if idx is None or h.type(slot) != PERSON:
        return False
    return h.ex.mentions[idx].kind == "name" or _PHRASE_END.match(h.view.text, h.m.end(slot)) is not None


_PHRASE_END = re.compile(r"\s*(?:[,.;!?]|$|(?:last|this|yesterday|today|in|on|for|and|but)\b)", re.IGNORECASE)


def _off_project(h: _Match) -> list[RelationCandidate]:
    """ "Dana rolled off Orion", "was taken off Project Orion": a project left (its other names,
    "the Orion project" for "Project Orion": :mod:`..life_events`)."""
    if h.type("o") != PROJECT or h.type("s") not in _PERSONS:
        return []
    return [c for t in ("MANAGES", "INVOLVED_IN", "HAS_ROLE_IN") for c in _cands(h.refs("s"), t, h.refs("o"), negated=True)]


def _died(h: _Match) -> list[RelationCandidate]:
    """ "Sam passed away last month": his jobs, projects, reporting line, school and marriage end
    (not "I nearly died", "my phone died": a person named, not the speaker)."""
    idx = h.slot("s")
    if h.type("s") != PERSON or idx is None or h.ex.mentions[idx].person == 1:
        return []
    return _left_job(h) + _left_school(h) + _widowed(h)


EN_LIFE_ROWS: tuple[PatternRow, ...] = (
    # the employer acts, its object before the particle: "Acme laid Sam off", "made Sam redundant"
    en(
        r"{O}\s+(?:has\s+|had\s+|have\s+)?{ADV}(?:laid|made)\s+{S}\s+(?:off|redundant)\b",
        _dismissed,
        ex("Globex laid Sam off last week.", "Sam", "WORKS_FOR", "Globex", negated=True),
        ex("They made Sam redundant.", "Sam", "WORKS_FOR", None, negated=True),
    ),
    en(
        r"{O}\s+(?:has\s+|had\s+|have\s+)?{ADV}terminated\s+{S}(?!['’]s)"
        r"(?=\s*(?:[,.;!]|$)|\s+(?:last|this|in|on|after|yesterday|today|for|without|and)\b)",
        _dismissed,
        ex("Globex terminated Ann in May.", "Ann", "WORKS_FOR", "Globex", negated=True),
    ),
    # by an unnamed "they" or a manager: "They laid off Sam", "They let Sam go at Acme"
    en(
        r"{O}\s+(?:has\s+|had\s+|have\s+)?{ADV}(?:laid\s+off|let\s+go(?:\s+of)?|fired|sacked)\s+{S}(?!['’]s)"
        r"(?=\s*(?:[,.;!]|$)|\s+(?:last|this|in|on|after|yesterday|today|for|and)\b)",
        _dismissed,
        ex("They laid off Sam.", "Sam", "WORKS_FOR", None, negated=True),
    ),
    en(
        r"{Z}\s+(?:has\s+|had\s+|have\s+)?{ADV}(?:let|laid)\s+{S}\s+(?:go|off)\s+(?:at|from)\s+{THE}{O}",
        _dismissed,
        ex("They let Sam go at Acme.", "Sam", "WORKS_FOR", "Acme", negated=True),
    ),
    # a promotion names the new title, and the employer stays: "Acme promoted Dana to senior analyst"
    en(
        r"{O}\s+(?:has\s+|had\s+)?{ADV}promoted\s+{S}\s+(?:again\s+)?to\s+" + _ROLE,
        _promoted,
        ex("Globex promoted Dana to senior analyst.", "Dana", "WORKS_FOR", "Globex", role="senior analyst"),
    ),
    # the firm names its new holder: "Acme named Priya as its new CTO", "hired Priya as its permanent CTO"
    en(
        r"{O}\s+(?:has\s+|had\s+)?{ADV}(?:named|appointed|hired|tapped|made)\s+{S}\s+(?:as\s+)?(?:its|their|the|our|\ue000\d+\ue001)\s+"
        r"(?P<role>(?:new\s+|next\s+|permanent\s+|first\s+)?[a-z][a-z \-]{0,30}?)" + _ROLE_END,
        _named_as,
        ex("Globex named Priya as its new CTO.", "Priya", "WORKS_FOR", "Globex", role="cto"),
    ),
    # a thing sold or given away: "Dana sold her Tesla", "We sold the house in Leeds"
    en(
        r"{S}\s+(?:has\s+|have\s+|had\s+)?{ADV}(?:sold|traded\s+in|got\s+rid\s+of|gave\s+away|scrapped|parted\s+with)\s+"
        r"(?:(?:the|my|our|his|her|their|its)\s+|\ue000\d+\ue001\s+)?(?:old\s+)?"
        r"(?!(?:out|off|on|up|short|it|them|that|this|everything|all|lots|well|more|shares|stock|to|for|from|back|at)\b)(?:{O}|{NP})"
        r"(?!\s+(?:shares|stock|stocks|options|tickets)\b)(?:\s+to\s+{Z}(?!['’]s))?",
        _sold,
        ex("Dana sold her Tesla last month.", "Dana", "OWNS", "Tesla", negated=True),
        ex("Carla sold Sunny Side Bakery to Dev.", "Carla", "OWNS", "Sunny Side Bakery", negated=True),
        ex("Carla sold Sunny Side Bakery to Tom Lee.", "Tom Lee", "OWNS", "Sunny Side Bakery"),
    ),
    # the seller of a thing bought: "Dev bought Sunny Side Bakery from Carla"
    en(
        r"{S}\s+(?:has\s+|have\s+|had\s+)?{ADV}(?:bought|purchased|acquired|took\s+over)\s+{THE}{O}\s+from\s+{Z}(?!['’]s)",
        _bought_from,
        ex("Dev bought Sunny Side Bakery from Carla.", "Carla", "OWNS", "Sunny Side Bakery", negated=True),
    ),
    # a project left: "Dana rolled off Orion", "was taken off Project Orion", "left the Orion project"
    en(
        r"{S}\s+(?:has\s+|have\s+|had\s+)?{ADV}(?:left|quit|rolled\s+off|moved\s+off|came\s+off|stepped\s+off"
        r"|(?:was|were|got|has\s+been|had\s+been)\s+{ADV}(?:taken|pulled|moved|removed|rotated|rolled)\s+(?:off|from))"
        r"\s+(?:of\s+)?{THE}{O}",
        _off_project,
        ex("Dana rolled off Project Orion last sprint.", "Dana", "INVOLVED_IN", "Project Orion", negated=True),
        ex("Dana was taken off Project Orion.", "Dana", "INVOLVED_IN", "Project Orion", negated=True),
    ),
    # a death ends a person's job, school and marriage ("Sam's wife died" is hers: S opens its
    # clause; not "died laughing", "died of embarrassment")
    en(
        _OPENS + r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:sadly\s+|suddenly\s+|unexpectedly\s+|peacefully\s+|tragically\s+)?"
        r"(?:passed\s+away|died)(?!\s+(?:laughing|inside|down|out|off|a\s+little|of\s+(?:embarrassment|shame|laughter|boredom"
        r"|cringe|envy|jealousy)|(?:his|her|their)\s+hair))",
        _died,
        ex("Sam passed away last month.", "Sam", "WORKS_FOR", None, negated=True),
        ex("Tom died last year.", "Tom", "MARRIED_TO", None, negated=True),
    ),
    *EN_LOSS_ROWS,
)
