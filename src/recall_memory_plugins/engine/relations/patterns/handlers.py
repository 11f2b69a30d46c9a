"""Pattern handlers: what a regex match means, as relation candidates.

A handler receives a :class:`_Match` (the match, its sentence view, the extraction state) and
decides the relation type from the ends' entity types: "works at" an organisation is
``WORKS_FOR``, "works on" a project ``INVOLVED_IN``; "is the manager of" a project ``MANAGES``,
of a person's team ``REPORTS_TO``. The tables in ``english.py`` / ``chinese.py`` pair each
regex with one handler.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from ..mentions import is_cjk
from ..schema import (
    DATE,
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
    _PAST_MARKERS,
    _PERSON_RELATIONS,
    _REPORT_ROLES,
    _ROLE_PREFIX,
    _SLOT_RE,
    _SPOUSE_ROLES,
    _TIME_WORDS,
    _ZH_NP_TAIL,
)
from .views import _SentenceExtraction, _View, coordinated_before


@dataclass(slots=True)
class _Found:
    position: int  # offset in the annotated text where the relation's evidence ends
    subject: int | None  # index of the subject mention
    candidate: RelationCandidate


@dataclass(slots=True)
class _Match:
    """What a pattern handler sees."""

    m: re.Match[str]
    view: _View
    ex: _SentenceExtraction

    def slot(self, name: str) -> int | None:
        try:
            text = self.m.group(name)
        except IndexError:
            return None
        if not text:
            return None
        found = _SLOT_RE.search(text)
        return int(found.group(1)) if found else None

    def refs(self, name: str) -> list[EntityRef]:
        idx = self.slot(name)
        if idx is None:
            return self._phrase(name + "np")
        if name == "s" and self.view.zh and self.view.text[: self.m.start("s")].endswith("从"):
            return []  # 从北京搬到了上海: the place one leaves is never the subject
        out = self.ex.refs(idx)
        if name == "s":  # coordinated subjects: "Mia and Noah moved", "张三和李四加入了"
            kind = out[0].type if out else None
            for idx_before in coordinated_before(self.view.text, self.m.start("s")):
                extra = self.ex.refs(idx_before)
                # "After ten years at Siemens, Lucas ...": a name of another known type before
                # a comma is not a co-subject
                if kind in _KNOWN_TYPES and any(
                    r.type in _KNOWN_TYPES and r.type != kind for r in extra
                ):
                    break
                out = extra + out
        return out

    def _phrase(self, group: str) -> list[EntityRef]:
        """A name captured as text (``snp``/``onp``: the annotator split or missed it)."""
        try:
            start, end = self.m.span(group)
        except IndexError:
            return []
        if start < 0 or end <= start:
            return []
        lo, hi = self.view.origin[start], self.view.origin[end - 1] + 1
        name = _ZH_NP_TAIL.sub("", self.ex.annotation.text[lo:hi]).strip(' ‘’“”「」『』《》"')
        if name[:1] in _ZH_FUNCTION_CHARS:  # "由小张": the pattern cut the name badly; say nothing
            return []
        return [EntityRef(name, None)] if len(name) >= 2 else []

    def type(self, name: str) -> str | None:
        refs = self.refs(name)
        return refs[0].type if refs else None

    def group(self, name: str) -> str:
        try:
            return (self.m.group(name) or "").strip()
        except IndexError:
            return ""

    def neg(self) -> bool:
        return bool(self.group("neg") or self.group("anymore"))

    def np(self) -> list[EntityRef]:
        """The common-noun object captured as ``np`` (trimmed with the tokens), as a THING."""
        try:
            start, end = self.m.span("np")
        except IndexError:
            return []
        if start < 0:
            return []
        lo = self.view.origin[start]
        hi = self.view.origin[end - 1] + 1
        phrase = self.ex.noun_phrase(lo, hi, zh=self.view.zh)
        return [EntityRef(phrase, THING)] if phrase else []

    def obj(self) -> list[EntityRef]:
        """The ``o`` slot, else the ``np`` group."""
        return self.refs("o") or self.np()

    @property
    def end(self) -> int:
        return self.view.origin[max(self.m.end() - 1, 0)] + 1


Handler = Callable[[_Match], Iterable[RelationCandidate]]

# a name read as text never starts with a preposition or particle (由小张, 被公司, 把项目)
_ZH_FUNCTION_CHARS = frozenset("由被把给向从和跟与对让在于了的")
# the rest of a Chinese clause ending in 了 (after the verb): "不喜欢X了" reads "no longer"
_ZH_CHANGE_END = re.compile(r"[^，,。；;！!？?]{0,12}?了(?:[，,。；;！!？?]|$)")
_KNOWN_TYPES = frozenset({PERSON, ORG, LOCATION, PROJECT, PRODUCT, THING, DATE})
# entity types that cannot be the subject of a relation about a person (not ORG or LOCATION: a
# weak NER types people so, "Mina Park" LOCATION)
_NOT_A_PERSON = frozenset({PROJECT, PRODUCT, THING, DATE})


def _is_time(ref: EntityRef) -> bool:
    """Dates and time words ("yesterday", "last week") are never relation ends."""
    if ref.type == DATE:
        return True
    words = ref.name.casefold().split()
    return bool(words) and all(w in _TIME_WORDS for w in words)


def _cands(
    subjects: Sequence[EntityRef],
    type_: str,
    objects: Sequence[EntityRef | None],
    attributes: dict[str, str] | None = None,
    *,
    negated: bool = False,
) -> list[RelationCandidate]:
    out = []
    for s in subjects:
        if _is_time(s):
            continue
        if type_ in _PERSON_RELATIONS and s.type in _NOT_A_PERSON:
            continue
        for o in objects:
            if o is not None and s.id is not None and s.id == o.id:
                continue
            if o is not None and _is_time(o) and type_ != "STATUS":
                continue
            out.append(RelationCandidate(s, type_, o, dict(attributes or {}), negated=negated))
    return out


def _typed(refs: Sequence[EntityRef], default: str) -> list[EntityRef]:
    """``refs`` with ``default`` as the type of those whose type is unknown."""
    return [r if r.type not in (None, OTHER) else replace(r, type=default) for r in refs]


def _employer(refs: Sequence[EntityRef]) -> list[EntityRef]:
    """An employer is an organisation, whatever a weak NER guessed ("works at Initech")."""
    return [r if r.type in (ORG, PROJECT, PRODUCT) else replace(r, type=ORG) for r in refs]


def _clean_role(role: str) -> tuple[str, bool]:
    """(role without "new"/"current", whether it was "former")."""
    role = role.strip(" ，,。.;；").lower() if not is_cjk(role) else role.strip(" ，,。.;；")
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
    if otype in (PROJECT, PRODUCT):
        if _is_manager_role(role):
            return _cands(subj, "MANAGES", obj, negated=neg)
        if role in _MEMBER_ROLES:
            return _cands(subj, "INVOLVED_IN", obj, negated=neg)
        return _cands(subj, "HAS_ROLE_IN", obj, {"role": role}, negated=neg)
    employer = otype in (ORG, None, OTHER) or (
        otype == LOCATION and h.group("prep").lower() in ("at", "for")  # "an engineer at Globex"
    )
    if employer:
        if role in _FRIEND_ROLES | _SPOUSE_ROLES:
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
    otype = h.type("o")
    if otype == PERSON:
        return []
    if otype in (PROJECT, PRODUCT):
        return _cands(h.refs("s"), "INVOLVED_IN", h.refs("o"), negated=h.neg())
    return _cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("o")), negated=h.neg())


def _involved(h: _Match) -> list[RelationCandidate]:
    otype = h.type("o")
    if otype in (PERSON, LOCATION):
        return []
    if otype == ORG:
        return _cands(h.refs("s"), "WORKS_FOR", h.refs("o"), negated=h.neg())
    objs = _typed(h.refs("o"), PROJECT)
    return _cands(h.refs("s"), "INVOLVED_IN", objs, negated=h.neg())


def _join(h: _Match) -> list[RelationCandidate]:
    otype = h.type("o")
    if otype in (PERSON, THING):
        return []
    if otype in (PROJECT, PRODUCT):
        return _cands(h.refs("s"), "INVOLVED_IN", h.refs("o"))
    return _cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("o")))


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


def _lives(h: _Match) -> list[RelationCandidate]:
    otype = h.type("o")
    if otype in (PERSON, PROJECT, PRODUCT, THING):
        return []
    objs = _typed(h.refs("o"), LOCATION)
    return _cands(h.refs("s"), "LIVES_IN", objs, negated=h.neg())


def _move(h: _Match) -> list[RelationCandidate]:
    if h.type("s") in (PROJECT, PRODUCT):
        return []
    return _lives(h)


def _manages(h: _Match) -> list[RelationCandidate]:
    """ "S leads O", "S负责O"; a person object means O reports to S."""
    objs = h.refs("o")
    if not objs:
        objs = h.ex.implicit_object(h.view.origin[h.m.start()])
    otype = objs[0].type if objs else None
    if otype == PERSON:
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


def _reports(h: _Match) -> list[RelationCandidate]:
    if h.type("o") not in (PERSON, None, OTHER, LOCATION):  # a weak NER reads "to Heidi" as a place
        return []
    objs = [replace(o, type=PERSON) for o in h.refs("o")]
    return _cands(h.refs("s"), "REPORTS_TO", objs, negated=h.neg())


def _depends(h: _Match) -> list[RelationCandidate]:
    return _cands(h.refs("s"), "DEPENDS_ON", h.obj(), negated=h.neg())


def _status(h: _Match) -> list[RelationCandidate]:
    if h.type("s") in (PERSON, LOCATION):
        return []
    status = " ".join(h.group("status").lower().split()) if not h.view.zh else h.group("status")
    status = re.sub(r"^已经", "", status)
    if status == "progress":
        status = "in progress"
    if not status:
        return []
    subjects = _typed(h.refs("s"), PROJECT)
    return _cands(subjects, "STATUS", [None], {"status": status}, negated=h.neg())


def _likes(h: _Match) -> list[RelationCandidate]:
    verb = h.group("verb").lower()
    hate = bool(re.match(r"hate|dislike|can['’]t|detest|讨厌|厌恶|不喜欢", verb))
    objs = h.obj()
    if not objs:
        return []
    neg_text = h.group("neg").lower()
    if not neg_text and re.fullmatch(r"loved|liked|enjoyed|adored|hated|disliked|detested", verb):
        return []  # "Victor enjoyed hiking when he was young": a past taste, unsure now
    tail = h.view.text[h.m.start() : h.m.end() + 16].lower()
    stopped = (
        bool(h.group("anymore") or re.search(r"\bany\s?more\b", tail))
        or any(w in neg_text for w in _PAST_MARKERS)
        # "didn't like it at first": a past dislike says nothing about now
        or bool(re.match(r"did(?:\s+not|n['’]t)", neg_text))
        # "已经不喜欢看电影了", "现在不喜欢咖啡了": 不…了 is a change, "no longer"
        or (
            h.view.zh
            and bool(neg_text)
            and _ZH_CHANGE_END.match(h.view.text, h.m.end("verb")) is not None
        )
    )
    if hate:
        if h.neg():  # "doesn't hate X (anymore)"
            return _cands(h.refs("s"), "DISLIKES", objs, negated=True)
        return _cands(h.refs("s"), "DISLIKES", objs) + _cands(
            h.refs("s"), "LIKES", objs, negated=True
        )
    if stopped:
        return _cands(h.refs("s"), "LIKES", objs, negated=True)
    if neg_text:  # "doesn't like X", "不喜欢X"
        return _cands(h.refs("s"), "DISLIKES", objs) + _cands(
            h.refs("s"), "LIKES", objs, negated=True
        )
    return _cands(h.refs("s"), "LIKES", objs) + _cands(h.refs("s"), "DISLIKES", objs, negated=True)


def _wants_to_visit(h: _Match) -> list[RelationCandidate]:
    objs = h.obj()
    if not objs or objs[0].type == PERSON:
        return []
    objs = [replace(o, type=LOCATION if o.type in (None, THING, OTHER) else o.type) for o in objs]
    return _cands(h.refs("s"), "WANTS_TO_VISIT", objs, negated=h.neg())


def _visited(h: _Match) -> list[RelationCandidate]:
    objs = h.obj()
    if not objs or objs[0].type == PERSON:
        return []
    objs = [replace(o, type=LOCATION if o.type in (None, THING, OTHER) else o.type) for o in objs]
    return _cands(h.refs("s"), "VISITED", objs)


def _owns(h: _Match) -> list[RelationCandidate]:
    objs = h.obj()
    if not objs or objs[0].type in (PERSON, LOCATION):
        return []
    return _cands(h.refs("s"), "OWNS", objs, negated=h.neg())


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
    if h.type("o") in (PERSON, PROJECT, THING):
        return []
    objs = _typed(h.refs("o"), ORG)
    return _cands(h.refs("s"), "STUDIES_AT", objs, negated=h.neg())


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


def _stopped_liking(h: _Match) -> list[RelationCandidate]:
    """ "S has grown tired of O", "S lost interest in O": S no longer likes O."""
    objs = h.obj()
    if not objs or objs[0].type in (PERSON, LOCATION):
        return []
    return _cands(h.refs("s"), "LIKES", objs, negated=True)


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
    """ "S从Z跳槽到O": S works for O and no longer for Z."""
    if h.type("o") == PERSON:
        return []
    out = _cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("o")))
    if h.type("z") not in (PERSON, LOCATION):
        out.extend(_cands(h.refs("s"), "WORKS_FOR", _employer(h.refs("z")), negated=True))
    return out


def _school_change(h: _Match) -> list[RelationCandidate]:
    """ "S从Z转学到O": S studies at O and no longer at Z."""
    if h.type("o") in (PERSON, LOCATION, THING) or h.type("z") == PERSON:
        return []
    out = _cands(h.refs("s"), "STUDIES_AT", _typed(h.refs("o"), ORG))
    out.extend(_cands(h.refs("s"), "STUDIES_AT", _typed(h.refs("z"), ORG), negated=True))
    return out
