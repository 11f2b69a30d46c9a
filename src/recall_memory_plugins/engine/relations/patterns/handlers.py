"""Pattern handlers: what a regex match means, as relation candidates.

A handler receives a :class:`_Match` (the match, its sentence view, the extraction state) and
decides the relation type from the ends' entity types: "works at" an organisation is
``WORKS_FOR``, "works on" a project ``INVOLVED_IN``; "is the manager of" a project ``MANAGES``,
of a person's team ``REPORTS_TO``. The tables in ``english.py`` / ``chinese.py`` pair each
regex with one handler.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..gates import InText, ends_at
from ..lexicon import POSSESSIVE_DETERMINERS, gender_of
from ..names import chinese_places, is_cjk
from ..schema import (
    LOCATION,
    ORG,
    OTHER,
    PERSON,
    PRODUCT,
    PROJECT,
    THING,
    EntityRef,
    RelationCandidate,
)
from .blocks import (
    _BOSS_ROLES,
    _FORMER,
    _FRIEND_ROLES,
    _LEAVE_TYPES,
    _MANAGER_ROLES,
    _MEMBER_ROLES,
    _NOT_STAFF,
    _REPORT_ROLES,
    _REPORTING_FOR_DUTY,
    _ROLE_PREFIX,
    _SITE,
    _SPOUSE_ROLES,
    _STUDYING,
    _UNIT,
    _WORKPLACE,
)
from .match import _NOT_A_PERSON, _OWNERS_TEAM, _ZH_GENERIC_PLAN, _cands, _employer, _Match, _typed
from .possessions import used_up


def _clean_role(role: str) -> tuple[str, bool]:
    """(role without "new"/"current", whether it was "former")."""
    role = role.strip(" ，,。.;；").lower() if not is_cjk(role) else role.strip(" ，,。.;；了啦呀哦喔哈呢嘛咯啊！!~～")
    former = bool(_FORMER.match(role))
    role = _FORMER.sub("", role)
    role = _ROLE_PREFIX.sub("", role).strip()
    return role, former


def _is_manager_role(role: str) -> bool:
    return role in _MANAGER_ROLES or role.endswith((" manager", " lead", " head", "负责人", "经理"))


# --------------------------------------------------------------------------- handlers
def _role(h: _Match) -> list[RelationCandidate]:
    """ "S is the <role> of/at O", "S是O的<role>"."""
    role, former = _clean_role(h.group("role"))
    if not role or len(role) > 40:
        return []
    neg = h.neg() or former
    subj, obj, otype = h.refs("s"), h.refs("o"), h.type("o")
    if not subj or not obj:
        return []
    if otype == PERSON:
        if role in _REPORT_ROLES:
            return _cands(subj, "REPORTS_TO", obj, negated=neg)
        if role in _BOSS_ROLES:
            return _cands(obj, "REPORTS_TO", subj, negated=neg)
        if role in _FRIEND_ROLES:
            return _cands(subj, "FRIEND_OF", obj, negated=neg)
        if role in _SPOUSE_ROLES:
            return _cands(subj, "MARRIED_TO", obj, negated=neg)
        return []
    if otype in (PROJECT, PRODUCT) or ((h.group("prep") or "").lower() == "on" and otype != LOCATION and _is_manager_role(role)):  # "the lead on Pulse"
        if _is_manager_role(role):  # (the one role in O now: an earlier one there ends)
            return _cands(subj, "MANAGES", obj, negated=neg) + ([] if neg else _cands(subj, "HAS_ROLE_IN", obj, negated=True))
        if role in _MEMBER_ROLES:
            return _cands(subj, "INVOLVED_IN", obj, negated=neg)
        return _cands(subj, "HAS_ROLE_IN", obj, {"role": role}, negated=neg)
    employer = otype in (ORG, None, OTHER) or (
        otype == LOCATION and h.group("prep").lower() in ("at", "for")  # "an engineer at Globex"
    )
    if employer:
        if role in _FRIEND_ROLES | _SPOUSE_ROLES | _NOT_STAFF or role.split()[-1] in _NOT_STAFF:
            return []
        attrs = {} if role in ("一员", "member", "part") else {"role": role}
        objs = _employer(obj)
        return _cands(subj, "WORKS_FOR", objs, attrs, negated=neg)
    return []


def _possessive_role(h: _Match) -> list[RelationCandidate]:
    """ "S is O's <role>" (Li Si is Zhang San's team member; Bob is Alice's manager)."""
    role, former = _clean_role(h.group("role"))
    subj, obj = h.refs("s"), h.refs("o")
    if not subj or not obj:
        return []
    neg = h.neg() or former
    if h.type("o") in (PERSON, None, OTHER):
        if role in _REPORT_ROLES:
            return _cands(subj, "REPORTS_TO", obj, negated=neg)
        if role in _BOSS_ROLES:
            return _cands(obj, "REPORTS_TO", subj, negated=neg)
        if role in _FRIEND_ROLES:
            return _cands(subj, "FRIEND_OF", obj, negated=neg)
        if role in _SPOUSE_ROLES:
            return _cands(subj, "MARRIED_TO", obj, negated=neg)
        return []
    return _role(h)


def _boss_is(h: _Match) -> list[RelationCandidate]:
    """ "S's manager is O", "S的上司是O"."""
    return _cands(h.refs("s"), "REPORTS_TO", h.refs("o"), negated=h.neg())


def _works_for(h: _Match) -> list[RelationCandidate]:
    otype = h.type("o")  # (a city is no employer: 现在在杭州上班, 在Tokyo工作; jieba calls firms places too: 苏宁)
    if otype == PERSON or (otype == LOCATION and h.view.zh and any(r.name in chinese_places() or not is_cjk(r.name) for r in h.refs("o"))):
        return []
    if otype in (PROJECT, PRODUCT):
        return _cands(h.refs("s"), "INVOLVED_IN", h.refs("o"), negated=h.neg())
    # "在深圳总部办完入职手续": a site of the employer, not the employer
    objs = [r for r in h.refs("o") if not _SITE.search(r.name) and not _STUDYING.search(r.name)]
    return _cands(h.refs("s"), "WORKS_FOR", _employer(objs), negated=h.neg())


def _involved(h: _Match) -> list[RelationCandidate]:
    otype = h.type("o")
    if otype in (PERSON, LOCATION):
        return []
    if otype == ORG or (otype not in (PROJECT, PRODUCT) and re.match(r"\s+as\s+an?\s+[a-z]", h.view.text[h.m.end():])):
        return _cands(h.refs("s"), "WORKS_FOR", h.refs("o"), negated=h.neg())  # ("part of Dassault as a solutions architect")
    objs = _typed(h.refs("o"), PROJECT)
    return _cands(h.refs("s"), "INVOLVED_IN", objs, negated=h.neg())


def _join(h: _Match) -> list[RelationCandidate]:
    otype, o = h.type("o"), h.slot("o")
    if otype in (PERSON, THING) or (o is not None and h.ex.mentions[o].kind == "definite"
                                    and h.ex.mentions[o].text.lower().endswith("team")):
        return []  # (and "she joins the team in September": the writer's team, not the firm before)
    if otype in (PROJECT, PRODUCT):
        return _cands(h.refs("s"), "INVOLVED_IN", h.refs("o"))
    if otype in (None, OTHER) and _OWNERS_TEAM.match(h.view.text, h.m.end()):
        return []  # "joining Sunita's team": a person's (the team row's), not an employer
    return _cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("o"), joined=True))  # (not "the Risk team")


def _join_team(h: _Match) -> list[RelationCandidate]:
    """ "S joined O's team" / "S加入了O的团队": reports to O when O is a person."""
    otype = h.type("o")
    if otype == PERSON:
        out = _cands(h.refs("s"), "REPORTS_TO", h.refs("o"), negated=h.neg())
        previous = [z for z in h.refs("z") if z.type in (PERSON, None, OTHER)]
        if previous and not h.neg():  # "from Laura's team to Omar's team"
            out.extend(_cands(h.refs("s"), "REPORTS_TO", previous, negated=True))
        return out
    if otype in (None, OTHER):
        # "Yara's team": a person's or a company's? The new manager is unsure, but S is in a new
        # team: the old manager ends (say nothing rather than keep a stale one)
        if h.neg():
            return []
        return _cands(h.refs("s"), "REPORTS_TO", [None], negated=True)
    return _involved(h)


def _leave(h: _Match) -> list[RelationCandidate]:
    otype = h.type("o")
    if otype == PERSON:
        return []
    types: tuple[str, ...] = ("LIVES_IN",) if otype == LOCATION else (*_LEAVE_TYPES, "STUDIES_AT")
    out: list[RelationCandidate] = []
    for t in types:
        out.extend(_cands(h.refs("s"), t, h.refs("o"), negated=True))
    return out


def _left_job(h: _Match) -> list[RelationCandidate]:
    """ "S retired", "S quit her job", "S was fired", "S退休了": S no longer works anywhere, so
    every current job, role and reporting line of S ends (no object is named, none is started)."""
    out: list[RelationCandidate] = []
    for t in (*_LEAVE_TYPES, "REPORTS_TO"):
        out.extend(_cands(h.refs("s"), t, [None], negated=True))
    return out


def _job_ended_at(h: _Match) -> list[RelationCandidate]:
    """ "S's last day at O was Friday", "O let S go", "S's contract with O ended": a job or a school
    at O ended (a weak tagger may read O as a place; ending a job at a place that is none ends
    nothing)."""
    if h.type("o") == PERSON:
        return []
    out: list[RelationCandidate] = []
    for t in (*_LEAVE_TYPES, "STUDIES_AT"):
        out.extend(_cands(h.refs("s"), t, _employer(h.refs("o")), negated=True))
    return out


def _left_school(h: _Match) -> list[RelationCandidate]:
    """ "Tom just graduated", "杨帆毕业了": no school named, so every current one ends."""
    return _cands(h.refs("s"), "STUDIES_AT", [None], negated=True)


def _replaced_as_head(h: _Match) -> list[RelationCandidate]:
    """ "Lou was replaced as head of Project Echo": Lou no longer manages it."""
    if h.type("o") in (PERSON, LOCATION):
        return []
    return _cands(h.refs("s"), "MANAGES", _typed(h.refs("o"), PROJECT), negated=True)


def _widowed(h: _Match) -> list[RelationCandidate]:
    """ "Lu is a widow now", "Rita's husband died", "金花的丈夫过世了": S's marriage ended."""
    return _cands(h.refs("s"), "MARRIED_TO", [None], negated=True)


def _hired_away(h: _Match) -> list[RelationCandidate]:
    """ "O hired/poached S (away from Z)": S works for O when O is an employer, and no longer
    for Z (true even when O's type is unsure: "Hooli" may read as a person's name)."""
    if h.type("s") not in (PERSON, None, OTHER):
        return []
    out: list[RelationCandidate] = []
    if h.type("o") not in (PERSON, LOCATION, THING):
        out.extend(_cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("o"))))
    # Z is read as a place after "from" by a weak tagger; ending a job at a place that is not one ends nothing
    if h.refs("z") and h.type("z") != PERSON:
        out.extend(_cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("z")), negated=True))
    return out


def _lives(h: _Match) -> list[RelationCandidate]:
    otype = h.type("o")
    if otype in (PERSON, PROJECT, PRODUCT, THING):
        return []
    objs = [o for o in _typed(h.refs("o"), LOCATION) if not _WORKPLACE.search(o.name)]
    return _cands(h.refs("s"), "LIVES_IN", objs, negated=h.neg())


# what follows a move's end when it names no home: a part of the employer ("moved to the APAC side", "to the EMEA sales org"), a role ("to Orion as lead")
_NO_HOME_AFTER = re.compile(r"(?:['’]s)?\s+(?:new\s+)?(?:(?:sales|engineering|marketing|product|finance|ops|operations|support|data|platform|design|research|hr|legal|security|growth|infra|cloud|analytics|strategy)\s+)?(?:side|team|group|org|division|department|dept|unit|squad|function|business|desk|practice|hub|office)\b|\s+(?:clinic|branch|hotel|site|store|shop|depot|campus|ward|hospital|surgery|plant|factory|warehouse|lab|laboratory|outlet|restaurant|bar|cafe|café|salon|garage|school|college|academy|studio|headquarters|hq)s?\b|\s+(?:rollout|launch|program|programme|initiative|workstream|migration|pilot|revamp|rebuild|redesign|overhaul)\b(?P<work_role>\s+as\s+(?:the\s+|its\s+)?(?:new\s+)?(?:lead|pm|head|owner|manager)\b)?|(?P<role>,?\s+(?:also\s+)?(?:full[- ]time\s+|permanently\s+)?as\s+(?:the\s+|its\s+|\ue000\d+\ue001\s+)?(?:new\s+)?(?:lead|pm|head|owner|manager)\b)",
                         re.IGNORECASE)
_OWNERS = re.compile(r"['’]s\b")  # "moved to Nadia's team / place": no town named


def _move(h: _Match) -> list[RelationCandidate]:
    if h.type("s") in (PROJECT, PRODUCT) or h.type("z") in (PROJECT, PRODUCT):
        return []  # (a project, or a person "moved from Orion to Vega": between projects)
    if no_home := _NO_HOME_AFTER.match(h.view.text, h.m.end()):
        if h.view.text.startswith(("'s", "’s"), h.m.end()):  # "moved to Nadia's team"
            return _join_team(h) if h.type("o") == PERSON else _cands(h.refs("s"), "REPORTS_TO", [None], negated=True)
        # "moves to Orion as lead", "moving to the Pelican rollout as its lead": leads it
        lead = (no_home.group("role") or no_home.group("work_role")) and h.type("o") not in (LOCATION, ORG, PERSON)
        return _cands(h.refs("s"), "MANAGES", _typed(h.refs("o"), PROJECT)) if lead else []  # "moved to the APAC side": no home
    if _OWNERS.match(h.view.text, h.m.end()) or h.type("o") == PERSON:  # "Leila moves from Gabriel to Ingrid": a new manager
        return _cands(h.refs("s"), "REPORTS_TO", h.refs("o")) + _cands(h.refs("s"), "REPORTS_TO", h.refs("z"), negated=True) if h.type("o") == PERSON == h.type("z") and not h.view.zh else []  # (从高新区搬到武侯区: districts a tagger took for names)
    if h.type("z") == ORG:  # "Svetlana moved from Yandex to JetBrains": a new employer; "from
        # Yandex to Berlin" (or a weak NER's place after "to"): unsure, nothing
        return _works_for(h) if h.type("o") != LOCATION else []
    return _lives(h)


_THEIR_GROUP = re.compile(r"\s+(?:[\w-]+\s+){0,4}?(?:team|group|squad|department|dept|unit|crew|division|projects?|workstreams?|accounts?|portfolio)\b",
                          re.IGNORECASE)


def _manages(h: _Match) -> list[RelationCandidate]:
    """ "S leads O", "S负责O"; a person object means O reports to S."""
    slot = h.slot("o")
    if slot is not None and h.ex.mentions[slot].text.casefold() in POSSESSIVE_DETERMINERS \
            and _THEIR_GROUP.match(h.view.text, h.m.end("o")):
        return []  # "leading their test bench team", "leads her project": no name, no fact
    objs = h.refs("o")
    if not objs and slot is not None and h.ex.mentions[slot].kind == "pronoun":
        return []  # "以后她归谢芳管" with 她 unresolved: not the department named before
    if not objs:
        objs = h.ex.implicit_object(h.view.origin[h.m.start()])
    otype = objs[0].type if objs else None
    if otype == PERSON:
        between = h.view.text[h.m.end("s") : h.m.start("o")].strip().lower()
        if (between in ("lead", "head", "manage", "run") and h.type("s") != PERSON) or " taken" in h.m.group(0):
            return []  # "Beacon lead Yusuf -> Hannah": a title; "Acme was taken over by Globex"
        return _cands(objs, "REPORTS_TO", h.refs("s"), negated=h.neg())
    if otype in (LOCATION, THING):
        return []
    objs = _typed(objs, PROJECT)
    out = _cands(h.refs("s"), "MANAGES", objs, negated=h.neg())
    previous = h.refs("z")
    if previous and not h.neg():
        out.extend(_cands(previous, "MANAGES", objs, negated=True))
    return out


def _takeover(h: _Match) -> list[RelationCandidate]:
    """ "S took over O (from Z)", "由S接手", "O由S负责": S manages O (never a person object)."""
    if h.type("o") == PERSON:
        return []
    return _manages(h)


def _picks_up(h: _Match) -> list[RelationCandidate]:
    """ "Tariq Hassan picks up Orion": a known project only (not "picked up Anna", "the tab")."""
    return _manages(h) if h.type("o") == PROJECT else []


def _baton(h: _Match) -> list[RelationCandidate]:
    """ "Phoenix retro: Chen Wei passed the baton to Ingrid": the project named before, only."""
    objs = h.ex.implicit_object(h.view.origin[h.m.start()], named_only=True)
    if not objs or objs[0].type not in (PROJECT, PRODUCT):
        return []
    return _cands(h.refs("s"), "MANAGES", objs) + _cands(h.refs("z"), "MANAGES", objs, negated=True)


def _handed_from(h: _Match) -> list[RelationCandidate]:
    """ "O was handed over from Z to S": S manages O, Z no longer. Both ends are people: "the
    Atlas project moved from Leeds to York" is a project's move (a weak NER types "from Ingrid to
    Rajesh" as places: a first name is a person's)."""
    people = [h.refs("s"), h.refs("z")]
    if not all(people) or any(
        r.type not in (PERSON, None, OTHER) and gender_of(r.name) is None for refs in people for r in refs
    ):
        return []
    if h.type("o") in (PERSON, LOCATION) or any(gender_of(r.name.split()[0]) for r in h.refs("o")):
        return []  # ("Leila moves from Gabriel to Ingrid": a person's new manager)
    objs = _typed(h.refs("o"), PROJECT)
    people = [[replace(r, type=PERSON) for r in refs] for refs in people]
    return [*_cands(people[0], "MANAGES", objs), *_cands(people[1], "MANAGES", objs, negated=True)]


def _reports(h: _Match) -> list[RelationCandidate]:
    if h.type("o") not in (PERSON, None, OTHER, LOCATION) or h.type("s") in (ORG, PROJECT, PRODUCT):  # (a team reports to no one here)
        return []
    objs = [replace(o, type=PERSON) for o in h.refs("o")]
    return _cands(h.refs("s"), "REPORTS_TO", objs, negated=h.neg())


def _under(h: _Match) -> list[RelationCandidate]:
    """ "I'm under Priyanka now": a person or a name of no known type, at the end of its clause
    (not an organisation or a place, not "under the weather", "under Dr Lee's care")."""
    return _reports(h) if h.type("o") in (PERSON, None, OTHER) else []


def _depends(h: _Match) -> list[RelationCandidate]:
    return _cands(h.refs("s"), "DEPENDS_ON", h.obj(), negated=h.neg())


_OF_A_THING = re.compile(r"\b[a-z]+\s+(?:for|of|on)\s+$")


def _status(h: _Match) -> list[RelationCandidate]:
    # a company or a school has no project status: "U of T is done with me" (not "Project Acme")
    if h.type("s") in (PERSON, LOCATION, ORG) or (not h.view.zh and ends_at(_OF_A_THING, h.view.text, h.m.start())):
        return []  # (and "the handover doc for Orion is done": the doc is)
    status = " ".join(h.group("status").lower().split()) if not h.view.zh else h.group("status")
    status = re.sub(r"^已经", "", status)
    if status == "progress":
        status = "in progress"
    if not status:
        return []
    subjects = [r for r in _typed(h.refs("s"), PROJECT) if not _ZH_GENERIC_PLAN.match(r.name)]
    return _cands(subjects, "STATUS", [None], {"status": status}, negated=h.neg())


def _wants_to_visit(h: _Match) -> list[RelationCandidate]:
    objs = h.obj()
    if not objs or objs[0].type == PERSON:
        return []
    objs = [replace(o, type=LOCATION if o.type in (None, THING, OTHER) else o.type) for o in objs]
    return _cands(h.refs("s"), "WANTS_TO_VISIT", objs, negated=h.neg())


_RELOCATING = InText(re.compile(r"\brelocat\w*|换了?城市|搬家|搬到", re.IGNORECASE))  # (once per text)


def _visited(h: _Match) -> list[RelationCandidate]:
    objs = h.obj()
    if not objs or objs[0].type == PERSON:
        return []
    if _UNIT.match(h.view.text, h.m.end()) or _UNIT.search(objs[0].name.rsplit(" ", 1)[-1]):
        return []  # "去了新加坡分部", "went to the Dublin office": a post, not a visit
    if objs[0].type == ORG and _REPORTING_FOR_DUTY.match(h.view.text, h.m.end()):
        return _cands(h.refs("s"), "WORKS_FOR", _employer(objs))  # 去了腾讯报到: a new job
    if _RELOCATING(h.ex.annotation.text):
        return []  # "both relocated: Tunde went to Abuja", 都换了城市：张磊去了武汉: a move, unsure
    objs = [replace(o, type=LOCATION if o.type in (None, THING, OTHER) else o.type) for o in objs]
    return _cands(h.refs("s"), "VISITED", objs)


def _owns(h: _Match) -> list[RelationCandidate]:
    objs = h.obj()
    if not objs or objs[0].type in (PERSON, LOCATION) or used_up(h, objs[0].name):  # "bought lunch"
        return []
    if h.view.zh and h.view.text.endswith("在", 0, h.m.start("s")):
        return []  # "在杭州买了房子": the place, not the buyer
    idx = h.slot("s")
    if idx is not None and h.ex.mentions[idx].text.casefold() in _POSSESSIVES:
        return []  # "her own idea": an adjective, not a verb
    if _END_TO_END.search(h.ex.annotation.text, h.view.origin[h.m.start()], h.end + 8):
        return []  # "I own that end to end": an idiom, no thing owned
    if objs[0].type == PROJECT:  # "Kwame owns Project Phoenix now": he runs it
        return _cands(h.refs("s"), "MANAGES", objs, negated=h.neg())
    return _cands(h.refs("s"), "OWNS", objs, negated=h.neg())


_POSSESSIVES = frozenset({"my", "your", "his", "her", "its", "our", "their"})
_END_TO_END = re.compile(r"\bend\s+to\s+end\b", re.IGNORECASE)


def _born(h: _Match) -> list[RelationCandidate]:
    objs = _typed(h.refs("o"), LOCATION)
    return _cands(h.refs("s"), "BORN_IN", objs)


def _from(h: _Match) -> list[RelationCandidate]:
    otype = h.type("o")
    if otype == ORG:
        return _cands(h.refs("s"), "WORKS_FOR", h.refs("o"))
    if otype in (PERSON, PROJECT, PRODUCT, THING):
        return []
    objs = _typed(h.refs("o"), LOCATION)
    return _cands(h.refs("s"), "FROM", objs)


def _studies(h: _Match) -> list[RelationCandidate]:
    if h.type("o") in (PERSON, PROJECT, THING) or h.type("s") in _NOT_A_PERSON:
        return []  # (not 九月份去浙江大学读研: a date is no student)
    if h.type("o") == LOCATION and h.view.zh:  # "现在在北京读研": a city (not "at Leiden")
        return []
    objs = _typed(h.refs("o"), ORG)
    return _cands(h.refs("s"), "STUDIES_AT", objs, negated=h.neg())


def _admitted(h: _Match) -> list[RelationCandidate]:
    """ "S考上了O", "S保研去了O": a school, never a city (考上了杭州的公务员 is a job)."""
    if h.type("o") == LOCATION or h.type("s") not in (PERSON, None):
        return []  # (复旦的研究生我没读完…，今年考上了清华大学的博士: not 复旦)
    return _studies(h)


def _married(h: _Match) -> list[RelationCandidate]:
    if h.type("o") not in (PERSON, None, OTHER, LOCATION):  # a weak NER reads "to Ola" as a place
        return []
    spouse = [replace(o, type=PERSON) for o in h.refs("o")]
    return _cands(h.refs("s"), "MARRIED_TO", spouse) + _cands(spouse, "MARRIED_TO", h.refs("s"))


def _friend(h: _Match) -> list[RelationCandidate]:
    if h.type("o") not in (PERSON, None, OTHER):
        return []
    return _cands(h.refs("s"), "FRIEND_OF", h.refs("o"))


def _hired(h: _Match) -> list[RelationCandidate]:
    """ "O hired S", "S was hired by O"."""
    if h.type("o") == PERSON:
        return []
    return _cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("o")))


def _graduated(h: _Match) -> list[RelationCandidate]:
    """ "S graduated from O", "S从O毕业了": S no longer studies at O."""
    if h.type("o") in (PERSON, PROJECT, THING):
        return []
    return _cands(h.refs("s"), "STUDIES_AT", _typed(h.refs("o"), ORG), negated=True)


def _divorced(h: _Match) -> list[RelationCandidate]:
    """ "S and O got divorced", "S和O离婚了": neither is married to the other any more."""
    if h.type("o") not in (PERSON, None, OTHER):
        return []
    other = [replace(o, type=PERSON) for o in h.refs("o")]
    return _cands(h.refs("s"), "MARRIED_TO", other, negated=True) + _cands(
        other, "MARRIED_TO", h.refs("s"), negated=True
    )


def _swapped(h: _Match) -> list[RelationCandidate]:
    """ "S swapped Z for O": a new home for a place, a new employer for an organisation (a taste
    or anything untyped: nothing)."""
    otype = h.type("o")
    if otype == LOCATION and h.type("s") not in (PROJECT, PRODUCT):
        return _lives(h)
    return _works_for(h) if otype == ORG and h.type("z") == ORG else []


def _left_for(h: _Match) -> list[RelationCandidate]:
    """ "S switched/transferred from Z to O": S left Z; what S does at O is unsure (a job? a
    school?), so only the ending is stated."""
    if h.type("z") == PERSON:
        return []
    out: list[RelationCandidate] = []
    for t in (*_LEAVE_TYPES, "STUDIES_AT"):
        out.extend(_cands(h.refs("s"), t, h.refs("z"), negated=True))
    return out


def _job_change(h: _Match) -> list[RelationCandidate]:
    """ "S从Z跳槽到O": S works for O and no longer for Z (not 从天穹项目换到北斗项目: a project)."""
    if h.type("o") in (PERSON, PROJECT) or any(r.name.endswith("项目") for r in h.refs("o")):
        return []
    out = _cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("o")))
    if h.type("z") not in (PERSON, LOCATION):
        out.extend(_cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("z")), negated=True))
    return out


def _school_change(h: _Match) -> list[RelationCandidate]:
    """ "S从Z转学到O": S studies at O and no longer at Z."""
    if h.type("o") in (PERSON, LOCATION, THING) or h.type("z") == PERSON:
        return []
    olds: list[EntityRef | None] = [*_typed(h.refs("z"), ORG)] or [None]  # (转学去了港大: the school before)
    return _cands(h.refs("s"), "STUDIES_AT", olds, negated=True) + _cands(h.refs("s"), "STUDIES_AT", _typed(h.refs("o"), ORG))
