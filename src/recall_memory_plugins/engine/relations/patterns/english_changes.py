"""English rows for changes said in a team's or a note's words: a project's new lead ("The PM
of Phoenix is now Lucía", "Phoenix: PM is now Lucía"), a new employer's badge, a home rented.
Same shape as ``english.py``; ``tests/unit/test_relations_patterns_table.py`` runs every example.
"""

from __future__ import annotations

from dataclasses import replace

from ..lexicon import gender_of
from ..schema import LOCATION, ORG, OTHER, PERSON, PROJECT, RelationCandidate
from .blocks import PatternRow, en, ex
from .handlers import (
    _boss_is,
    _divorced,
    _handed_from,
    _leave,
    _left_school,
    _lives,
    _manages,
    _married,
    _reports,
    _role,
    _takeover,
    _widowed,
    _works_for,
)
from .match import _cands, _employer, _Match
from .tastes import _my_thing

__all__ = ["EN_CHANGE_ROWS"]


def _arrow(h: _Match) -> list[RelationCandidate]:
    """ "Name: A -> B" in a list of changes: a new manager when A and B are persons (a known
    first name counts: a weak NER may type "Hamid Rahimi" a place), a move when both are places."""
    def person(slot: str) -> bool:
        refs = h.refs(slot)
        return h.type(slot) == PERSON or bool(refs and gender_of(refs[0].name.split()[0]))
    if person("z") and person("o"):
        boss, old = [replace(r, type=PERSON) for r in h.refs("o")], [replace(r, type=PERSON) for r in h.refs("z")]
        return _cands(h.refs("s"), "REPORTS_TO", boss) + _cands(h.refs("s"), "REPORTS_TO", old, negated=True)
    return _lives(h) if h.type("z") == LOCATION == h.type("o") else []


def _role_taken(h: _Match) -> list[RelationCandidate]:
    """A role taken over: "took over as manager of Orion" says Orion is led, not that it employs
    (an employer only when it is known as one: "took over as CTO at Stripe")."""
    return [c for c in _role(h) if c.type != "WORKS_FOR" or h.type("o") == ORG or h.group("prep").lower() == "at"]


def _jumped_ship(h: _Match) -> list[RelationCandidate]:
    """ "jumped ship to Shopee": a new employer (not "to the Tundra team", not to a project)."""
    if h.type("o") in (PERSON, PROJECT) or any(r.name.casefold().endswith((" team", " project")) for r in h.refs("o")):
        return []
    return _cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("o")))


def _spouse_named(h: _Match) -> list[RelationCandidate]:
    """ "my husband is Daniel": a person named (not "my wife is Italian")."""
    return _married(h) if h.type("o") in (PERSON, None) else []


def _project_to(h: _Match) -> list[RelationCandidate]:
    """A known project's new lead (a weak NER may take "Liang" for a place; no place leads)."""
    return _manages(h) if h.type("o") == PROJECT and h.type("s") in (PERSON, None, OTHER, LOCATION) else []


def _project_goes_to(h: _Match) -> list[RelationCandidate]:
    """A known project handed to a person (not "Helios goes to Berlin", not an unknown thing)."""
    return _project_to(h) if h.type("s") != LOCATION else []


def _off_project(h: _Match) -> list[RelationCandidate]:
    """ "rahul's off falcon": a known project left (not "off work", "off sick")."""
    if h.type("o") != PROJECT:
        return []
    return [c for t in ("MANAGES", "INVOLVED_IN", "HAS_ROLE_IN") for c in _cands(h.refs("s"), t, h.refs("o"), negated=True)]


def _one_to_ones(h: _Match) -> list[RelationCandidate]:
    """ "S's 1:1s are with O (instead of Z)": S reports to O, no longer to Z."""
    out = _reports(h)
    olds = [z for z in h.refs("z") if z.type in (PERSON, None, OTHER)]
    return out + (_cands(h.refs("s"), "REPORTS_TO", olds, negated=True) if out and olds else [])


# "… is now <S>": not a clause of its own after the name ("… is now Rajesh's problem")
_IS_NOW = (r"(?:\s+(?:is|['’]s)\s+(?:now\s+)?|\s*=\s*){S}"  # ("Falcon: owner = Grace Kim")
           r"(?![\s'’]+(?:\w+n['’]t|have|has|had|am|is|was|were|will|would|ve|d|ll|m|s|never|just)\b)")

EN_CHANGE_ROWS: tuple[PatternRow, ...] = (
    # "The PM of Phoenix is now Lucía", "Phoenix: PM is now Lucía"
    en(
        r"(?:the\s+)?(?:new\s+)?(?:PM|project\s+lead|project\s+manager|lead|owner)\s+(?:of|for|on)\s+{THE}{O}" + _IS_NOW,
        _takeover,
        ex("The PM of Project Phoenix is now Lucía Fernández.", "Lucía Fernández", "MANAGES", "Project Phoenix"),
    ),
    en(
        r"{O}\s*:\s+(?:the\s+)?(?:new\s+)?(?:PM|project\s+lead|project\s+manager|lead|owner)" + _IS_NOW,
        _takeover,
        ex("Retro notes — Project Orion: PM is now Rajesh.", "Rajesh", "MANAGES", "Project Orion"),
    ),
    # a staffing line in notation: "Nimbus PM → Tariq Aziz", "Grace Kim → Sirius PM"
    en(
        r"{O}\s+(?:PM|lead|owner|project\s+lead|project\s+manager)\s*(?:→|->|=>|⟶|➡)\s*{S}(?=\s*(?:[,.;)]|$))",
        _takeover,
        ex("Q3 staffing: Nimbus PM → Tariq Aziz.", "Tariq Aziz", "MANAGES", "Nimbus"),
    ),
    en(
        r"{S}\s*(?:→|->|=>|⟶|➡)\s*{O}\s+(?:PM|lead|owner)\b",
        _takeover,
        ex("Q3 staffing: Grace Kim → Sirius PM.", "Grace Kim", "MANAGES", "Sirius"),
    ),
    # a project handed off with no one named: "handed Pegasus off this morning"
    en(
        r"{S}\s+(?:has\s+|have\s+)?{ADV}(?:handed|passed)\s+{THE}{O}\s+off\b(?!\s+to\b)",
        _leave,
        ex("Ana handed Project Pegasus off this morning.", "Ana", "MANAGES", "Project Pegasus", negated=True),
    ),
    # "I'm under her now": a new manager
    en(
        r"{S}(?:\s+(?:is|am|are)|\s*['’](?:m|s|re))\s+(?:now\s+)?(?:directly\s+)?under\s+{O}"
        r"(?=\s*(?:[,.;!]|$)|\s+now\b|\s+since\b|\s+from\s+now\s+on\b)",
        _reports,
        ex("Nadia is under Fatima now.", "Nadia", "REPORTS_TO", "Fatima"),
        ex("Linda's on leave so Ravi is under Tom Becker from now on.", "Ravi", "REPORTS_TO", "Tom Becker"),
    ),
    # "first 1:1 with my new boss, Fatima"
    en(
        r"{S}(?:['’]s)?\s+new\s+(?:direct\s+|line\s+)?(?:manager|boss|supervisor|team\s+lead)\s*,?\s*{O}(?=\s*(?:[,.;!]|$))",
        _boss_is,
        ex("First 1:1 with Nadia's new boss, Fatima.", "Nadia", "REPORTS_TO", "Fatima"),
        ex("Prep: first one with Nadia's new boss Fatima Ali.", "Nadia", "REPORTS_TO", "Fatima Ali"),
    ),
    # "my husband is Daniel Kiptoo", "Daniel is my wife's …" is not one ("S is O's husband": english.py)
    en(
        r"{S}(?:['’]s)?\s+(?:new\s+)?(?:husband|wife|spouse)\s+(?:is|['’]s)\s+(?:now\s+)?{O}(?!\s*['’]s\b|-)",
        _spouse_named,
        ex("Grace's husband is Daniel Kiptoo.", "Grace", "MARRIED_TO", "Daniel Kiptoo"),
    ),
    en(
        r"{O}\s+(?:is|['’]s)\s+(?:now\s+)?{S}(?:['’]s)?\s+(?:new\s+)?(?:husband|wife|spouse)\b(?!['’])",
        _spouse_named,
        ex("Daniel is Grace's husband now.", "Grace", "MARRIED_TO", "Daniel"),
    ),
    # a known project's handover in a team's words: "Helios goes to Yusuf", "Tariq is interim PM on
    # Beacon"; and one off it: "rahul's off falcon"
    en(
        r"{O}\s+(?:goes|is\s+going|will\s+go|went)\s+(?:over\s+)?to\s+{S}"
        r"(?=\s*(?:[,.;!]|$)|\s+(?:from|after|next|as\s+of|starting|tomorrow|now|for\s+good)\b)",
        _project_goes_to,
        ex("Ana runs Project Helios. Helios goes to Yusuf from Monday.", "Yusuf", "MANAGES", "Project Helios"),
    ),
    en(
        r"{S}(?:\s+is|['’]s)\s+(?:now\s+)?(?:the\s+)?(?:interim|acting|temporary|new)\s+(?:PM|project\s+manager|lead|owner)"
        r"\s+(?:on|for|of)\s+{THE}{O}",
        _project_to,
        ex("Tariq is interim PM on Project Beacon.", "Tariq", "MANAGES", "Project Beacon"),
    ),
    en(
        r"{S}(?:\s+is|['’]s)\s+(?:now\s+)?off\s+{THE}{O}"
        r"(?=\s*(?:[,.;!]|$)|\s+(?:now|from|as\s+of|effective|for\s+good)\b)",
        _off_project,
        ex("Ben runs Project Falcon. Now Ben's off Falcon, he's on leave.", "Ben", "MANAGES", "Project Falcon", negated=True),
    ),
    # a divorce done in other words: "Olumide and Funke finalised the divorce", "my divorce went
    # through", "Grace removed Daniel as spouse on her health plan"
    en(
        r"{S}\s+(?:and|&)\s+{O}\s+(?:have\s+|had\s+)?{ADV}(?:finali[sz]ed|completed)\s+(?:the|their)\s+divorce",
        _divorced,
        ex("Olumide and Funke finalised the divorce in March.", "Olumide", "MARRIED_TO", "Funke", negated=True),
    ),
    en(
        r"{S}(?:['’]s)?\s+divorce\s+(?:from\s+{O}\s+)?(?:has\s+|finally\s+)?(?:went|gone|came|come)\s+through",
        _widowed,
        ex("Elena's divorce went through last month.", "Elena", "MARRIED_TO", None, negated=True),
    ),
    # a list of changes, old -> new: "- Thabo Mokoena: Ngozi Eze -> Hamid Rahimi" (a new manager
    # for persons, a move for places, a new employer for firms: the rules of "from Z to O")
    en(
        r"{S}\s*:\s*{Z}\s*(?:->|→|=>)\s*{O}\s*(?=$|[\n;,.])",
        _arrow,
        ex("Reporting lines:\n- Tom Baker: Anna Eze -> Hamid Rahimi", "Tom Baker", "REPORTS_TO", "Hamid Rahimi"),
    ),
    # a mail's signature: "Best regards, Ngozi Okafor | Senior Analyst | KPMG" (name, title, employer)
    en(
        r"{S}\s*\|\s*[^|\n]{2,40}?\s*\|\s*{O}\s*$",
        _works_for,
        ex("Best regards, Ngozi Okafor | Senior Analyst | Deloitte", "Ngozi Okafor", "WORKS_FOR", "Deloitte"),
    ),
    # the papers signed: "my divorce papers w/ Lucia got signed today", "Marek's divorce from Joanna is final"
    en(
        r"{S}(?:['’]s)?\s+divorce\s+(?:papers\s+|paperwork\s+|decree\s+)?(?:with|w/?|from)\s+{O}\s+"
        r"(?:(?:are|were|is|was|got|have\s+been|has\s+been|finally|all|now|officially|just)\s+)*"
        r"(?:signed|finali[sz]ed|final|through|done|official)\b",
        _divorced,
        ex("Marek's divorce from Joanna is final.", "Marek", "MARRIED_TO", "Joanna", negated=True),
        ex("Priya's divorce papers w/ Daniel were signed today.", "Priya", "MARRIED_TO", "Daniel", negated=True),
    ),
    en(
        r"{S}\s+(?:has\s+|had\s+)?{ADV}removed\s+{O}\s+as\s+(?:(?:her|his|their|my)\s+)?(?:spouse|husband|wife)\b",
        _divorced,
        ex("Grace Kim has removed Daniel Park as spouse on her health plan.", "Daniel Park", "MARRIED_TO", "Grace Kim", negated=True),
    ),
    # who one's 1:1s are with is one's manager: "Jake's 1:1s are with Omar now", "from Monday your
    # 1:1s will be with Fatima Zahra instead of David" (not "skip-levels", not "1:1s with the team")
    en(
        r"{S}(?:['’]s)?\s+(?:weekly\s+|regular\s+)?(?:1:1s|1-1s|one-to-ones|one-on-ones|1-on-1s)\s+(?:are|will\s+be|have\s+moved)"
        r"\s+(?:now\s+)?(?:with\s+|w/\s*){O}(?:\s+(?:now\s+)?(?:instead\s+of|rather\s+than)\s+{Z})?(?=\s*(?:[,.;!-]|$)|\s+(?:now|from|instead|rather)\b)",
        _one_to_ones,
        ex("Jake's 1:1s are with Omar now.", "Jake", "REPORTS_TO", "Omar"),
        ex("From Monday Ana's 1:1s will be with Omar instead of Linda.", "Ana", "REPORTS_TO", "Linda", negated=True),
    ),
    # "swimming is my thing now" (the older likings: ``taste_turns``; an emoji ends a chat's part:
    # "no more running for me 😭 swimming is my thing now 🏊"; "These days padel is my thing, …")
    en(
        r"(?:^|(?<=[.!;,:]\s)|(?<=\s-\s)|(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF]\s))(?:(?:honestly|tbh|lol|haha|ok|okay|well|so|yeah|but|and|now|these\s+days|nowadays)\s*,?\s+)*(?:{O}|{NP})\s+(?:is|['’]s)\s+(?:totally\s+|really\s+|so\s+)?{S}(?:['’]s)?"
        r"\s+(?:new\s+|entire\s+|whole\s+)?(?:thing|jam|obsession|personality)(?=\s*(?:now|these\s+days|nowadays)?\s*(?:[,.;!\U0001F300-\U0001FAFF\u2600-\u27BF]|$))",
        _my_thing,
        ex("Swimming is Leila's thing now.", "Leila", "LIKES", "swimming"),
        ex("no more running for Leila 😭 swimming is Leila's thing now 🏊", "Leila", "LIKES", "swimming"),
        ex("These days padel is Leila's thing, three evenings a week!", "Leila", "LIKES", "padel"),
    ),
    # the project named with the baton: "Mei Ling passed the baton on Phoenix to Oskar"
    en(
        r"{Z}\s+(?:has\s+|had\s+)?{ADV}(?:passed|handed)\s+(?:on\s+)?the\s+(?:baton|reins)\s+(?:on|for|of)\s+{THE}{O}"
        r"\s+(?:on\s+|over\s+)?to\s+{S}",
        _handed_from,
        ex("Mei Ling passed the baton on Project Phoenix to Rajesh.", "Rajesh", "MANAGES", "Project Phoenix"),
    ),
    # a new employer's badge: "got my Northwind Analytics badge today"
    en(
        r"{S}\s+(?:has\s+|have\s+)?{ADV}(?:got|picked\s+up|received|collected)\s+(?:my|his|her|their|\ue000\d+\ue001)\s+"
        r"(?:new\s+)?{O}\s+(?:badge|lanyard|access\s+card|employee\s+id)\b",
        _works_for,
        ex("Hannah got her Northwind Analytics badge today.", "Hannah", "WORKS_FOR", "Northwind Analytics"),
    ),
    # a role taken over: "Aisha took over the PM role on Beacon", "took over as CTO at Stripe"
    en(
        r"{S}\s+(?:has\s+|have\s+|had\s+)?{ADV}(?:took|takes|taken|taking|has\s+taken)\s+over\s+(?:as\s+)?(?:the\s+|a\s+)?"
        r"(?P<role>(?!(?:the\s+)?(?:reins|leadership|control|ownership|helm)\b)[a-z][a-z \-]{0,30}?)(?:\s+(?:role|position|job|seat|spot|duties))?\s+(?P<prep>on|for|of|at)\s+{THE}{O}",
        _role_taken,
        ex("Aisha Rahman took over the PM role on Beacon.", "Aisha Rahman", "MANAGES", "Beacon"),
        ex("Ben took over as CTO at Stripe.", "Ben", "WORKS_FOR", "Stripe", role="cto"),
    ),
    # a note's handover without its verb's "was": "Standup 14/3: Atlas handed over to Noor Haddad."
    en(
        r"(?:^|(?<=[:;.!]\s)){O}\s+{ADV}(?:handed|passed)\s+(?:over|off|on)\s+to\s+{S}",
        _takeover,
        ex("Standup notes: Atlas handed over to Noor Haddad.", "Noor Haddad", "MANAGES", "Atlas"),
    ),
    # who signs one's reviews is one's manager: "from this week my reviews are signed by Ravi, not her"
    en(
        r"{S}(?:['’]s)?\s+(?:performance\s+)?(?:reviews?|appraisals?|timesheets?|leave\s+requests?|PTO\s+requests?|expense\s+claims?)"
        r"\s+(?:are|is|get|gets|will\s+be)\s+{ADV}(?:signed(?:\s+off)?|approved)\s+by\s+{O}",
        _reports,
        ex("From this week Hiroshi's reviews are signed by Ravi.", "Hiroshi", "REPORTS_TO", "Ravi"),
    ),
    # the cap thrown at graduation (no school named: every school ends): "threw my cap in the air at trinity"
    en(
        r"(?:^|(?<=[.!;,:]\s))\s*{S}\s+{ADV}(?:threw|tossed)\s+(?:my|his|her|their|\ue000\d+\ue001)\s+(?:graduation\s+)?"
        r"(?:cap|mortarboard)\s+in\s+the\s+air",
        _left_school,
        ex("Tom threw his cap in the air at Trinity yesterday.", "Tom", "STUDIES_AT", None, negated=True),
    ),
    # a job left for another in a team's words: "Mei Ling jumped ship to Shopee"
    en(
        r"{S}\s+(?:has\s+|have\s+|had\s+)?{ADV}(?:jumped|jumps|jumping)\s+ship\s+(?:to|for)\s+{THE}{O}",
        _jumped_ship,
        ex("Mei Ling jumped ship to Shopee in March.", "Mei Ling", "WORKS_FOR", "Shopee"),
    ),
    # "has been renting in Bilbao since the spring"
    en(
        r"{S}\s+(?:has\s+been|have\s+been|is|am|['’]s|['’]m)\s+{ADV}renting\s+(?:a\s+(?:flat|place|room|house|apartment)\s+)?in\s+{THE}{O}",
        _lives,
        ex("Lucía has been renting in Bilbao since the spring.", "Lucía", "LIVES_IN", "Bilbao"),
    ),
)
