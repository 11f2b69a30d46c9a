"""The default relation extractor: patterns over annotated text, no LLM.

Each sentence is turned into a *view*: its text with every resolved mention replaced by a
placeholder, so one regular expression covers "Zhang San", "he" and "the project" alike. The
patterns cover English and Chinese forms (see ``EN_PATTERNS`` / ``ZH_PATTERNS`` below and the
README table). A clause without a subject ("..., and is leading Project Spark", "…，正在负责星火计划")
borrows the subject of the previous clause's relation. When the annotator produced a dependency
parse (Stanza: ``head``/``deprel``), sentences where no pattern matched fall back to
subject-verb-object triples.
"""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...nlp.base import Annotation, Sentence
from .mentions import is_cjk, token_offsets
from .schema import (
    DATE,
    LOCATION,
    ORG,
    OTHER,
    PERSON,
    PRODUCT,
    PROJECT,
    RELATION_TYPES,
    THING,
    EntityRef,
    ExtractionContext,
    Mention,
    RelationCandidate,
)

__all__ = ["PatternRelationExtractor"]

logger = logging.getLogger(__name__)

OPEN, CLOSE = "\ue000", "\ue001"
_SLOT = OPEN + r"\d+" + CLOSE
_SLOT_RE = re.compile(OPEN + r"(\d+)" + CLOSE)

# --------------------------------------------------------------------------- pattern building blocks
_EN = {
    "ADV": r"(?:(?:now|currently|also|still|recently|officially|just|already|actually|finally"
    r"|then|soon|since|again)\s+)*",
    "NEG": r"(?P<neg>no\s+longer\s+|not\s+|never\s+|(?:does|did|do)(?:\s+not|n['’]t)\s+"
    r"|(?:has|have)\s+stopped\s+|stopped\s+)?",
    "ANYMORE": r"(?P<anymore>\s+any\s?more)?",
    "THE": r"(?:the\s+)?",
    "BE": r"(?:is|was|are|were|'s|’s|has\s+been|have\s+been)",
    "NP": r"(?P<np>[A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*){0,3})",
    "STATUS_IN": r"(?P<status>testing|development|production|beta|alpha|review|planning|design"
    r"|maintenance|progress|qa|staging|trial|pilot|preview|prototype)",
    "STATUS_DONE": r"(?P<status>completed|complete|cancell?ed|canceled|launched|released|paused"
    r"|planned|under\s+review|under\s+construction|under\s+development|in\s+progress"
    r"|behind\s+schedule|on\s+track|at\s+risk"
    r"|on\s+hold|delayed|finished|shipped|done|approved|live|deployed|started"
    r"|blocked|suspended|archived|stalled|abandoned|postponed)",
}
_ZH = {
    "ADV": r"(?:现在|目前|正在|一直|也|还|已经|已|最近|刚刚|刚|开始|正式|将要|即将|将|会|要|又|都"
    r"|仍然|仍|依然|曾经|就|则|便|同时|另外|今年|今天|昨天|改为|改成|转而|如今)*",
    "NEG": r"(?P<neg>不再|没有再|没再|已经不再|已不再|已经不|已不|不|没有|没)?",
    "NP": r"(?P<np>[\u4e00-\u9fffA-Za-z]{1,8})",
    # a name the annotator split or missed (远航 + 物流, 高峰): text and mentions, unmasked later
    "ONP": r"(?P<onp>(?:[\u4e00-\u9fffA-Za-z]|" + _SLOT + r"){2,12}?)",
    "SNP": r"(?P<snp>[\u4e00-\u9fff]{2,3}?)",
}
_LQ, _RQ = r"[‘“「『《\"]?", r"[’”」』》\"]?"


def _en(pattern: str) -> re.Pattern[str]:
    for key, value in _EN.items():
        pattern = pattern.replace("{" + key + "}", value)
    for slot in ("S", "O", "Z"):
        pattern = pattern.replace("{" + slot + "}", f"(?P<{slot.lower()}>{_SLOT})")
    return re.compile(pattern, re.IGNORECASE)


def _zh(pattern: str) -> re.Pattern[str]:
    for key, value in _ZH.items():
        pattern = pattern.replace("{" + key + "}", value)
    for slot in ("S", "O", "Z"):
        pattern = pattern.replace("{" + slot + "}", f"{_LQ}(?P<{slot.lower()}>{_SLOT}){_RQ}")
    return re.compile(pattern)


# Roles that mean "leads it" / "is a member" / "is led by".
_MANAGER_ROLES = {
    "manager",
    "head",
    "lead",
    "leader",
    "director",
    "owner",
    "boss",
    "chief",
    "supervisor",
    "president",
    "ceo",
    "cto",
    "cfo",
    "coo",
    "coordinator",
    "project manager",
    "project lead",
    "team lead",
    "tech lead",
    "technical lead",
    "product owner",
    "person in charge",
    "经理",
    "总监",
    "主管",
    "负责人",
    "领导",
    "主任",
    "老板",
    "部长",
    "组长",
    "队长",
    "总经理",
    "项目经理",
    "头",
    "头儿",
    "总裁",
    "主席",
    "院长",
    "校长",
    "董事长",
    "总负责人",
    "带头人",
    "牵头人",
    "项目负责人",
}
_MEMBER_ROLES = {
    "member",
    "team member",
    "contributor",
    "participant",
    "employee",
    "staff member",
    "成员",
    "团队成员",
    "组员",
    "员工",
    "职员",
    "一员",
    "参与者",
    "队员",
}
_REPORT_ROLES = {
    "team member",
    "member",
    "assistant",
    "report",
    "direct report",
    "subordinate",
    "deputy",
    "intern",
    "团队成员",
    "成员",
    "组员",
    "下属",
    "助理",
    "手下",
    "部下",
    "员工",
    "实习生",
    "队员",
}
_BOSS_ROLES = {
    "manager",
    "boss",
    "supervisor",
    "lead",
    "team lead",
    "leader",
    "上司",
    "领导",
    "经理",
    "老板",
    "主管",
    "上级",
    "组长",
}
_FRIEND_ROLES = {"friend", "best friend", "close friend", "good friend", "朋友", "好友", "好朋友"}
_SPOUSE_ROLES = {"wife", "husband", "spouse", "partner", "妻子", "丈夫", "老婆", "老公", "爱人"}
_ROLE_PREFIX = re.compile(r"^(?:new|current|acting|interim|新|现任|新任|代理)\s*", re.IGNORECASE)
_FORMER = re.compile(r"^(?:former|ex-|ex\s+|previous|old|前|原|前任)\s*", re.IGNORECASE)
_LEAVE_TYPES = ("WORKS_FOR", "INVOLVED_IN", "MANAGES", "HAS_ROLE_IN")
_ZH_NP_VERBS = ("喝", "吃", "看", "玩", "听", "养", "去", "打", "读", "做")
_ZH_NP_TAIL = re.compile(r"(?:旅行|旅游|玩|看看|度假|出差|了|的|啊|呢|吧|呀|哦)+$")
_NOUNISH = {"NOUN", "PROPN", "ADJ", "NUM", "X"}
_DETS = {
    "a",
    "an",
    "the",
    "some",
    "my",
    "his",
    "her",
    "their",
    "our",
    "your",
    "its",
    "this",
    "that",
    "these",
    "those",
    "any",
    "all",
    "much",
    "many",
    "more",
    "lots",
    "lot",
    "of",
}


@dataclass(slots=True)
class _View:
    """A sentence (or a clause with a borrowed subject) with placeholders for mentions."""

    text: str
    origin: list[int]  # view char -> offset in the annotated text
    sentence: int
    zh: bool


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
        out = self.ex.refs(idx)
        if name == "s":  # coordinated subjects: "Mia and Noah moved", "张三和李四加入了"
            before = self.view.text[: self.m.start("s")]
            while True:
                found = _COORD_RE.search(before)
                if found is None:
                    break
                out = self.ex.refs(int(found.group(1))) + out
                before = before[: found.start()]
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


_TIME_WORDS = frozenset(
    "yesterday today tomorrow tonight last next week weekend month year morning evening night "
    "now then recently lately ago 昨天 今天 明天 最近 现在 上周 下周 去年 今年".split()
)


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
    if h.type("o") == PERSON:
        return _cands(h.refs("s"), "REPORTS_TO", h.refs("o"), negated=h.neg())
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
    return _cands(subjects, "STATUS", [None], {"status": status})


def _likes(h: _Match) -> list[RelationCandidate]:
    verb = h.group("verb").lower()
    hate = bool(re.match(r"hate|dislike|can['’]t|detest|讨厌|厌恶|不喜欢", verb))
    objs = h.obj()
    if not objs:
        return []
    neg_text = h.group("neg").lower()
    tail = h.view.text[h.m.start() : h.m.end() + 16].lower()
    stopped = bool(h.group("anymore") or re.search(r"\bany\s?more\b", tail)) or any(
        w in neg_text for w in ("no longer", "stopped", "不再", "已经不", "已不", "没那么")
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


# --------------------------------------------------------------------------- the pattern tables
EN_PATTERNS: list[tuple[re.Pattern[str], Handler]] = [
    (
        _en(
            r"{S}\s+(?:is|was|'s|’s|has\s+been|became|becomes|remains|will\s+be)\s+(?P<neg>no\s+"
            r"longer\s+|not\s+)?{ADV}(?:the|a|an|our|their)\s+(?P<role>[a-z][a-z \-]{0,40}?)\s+"
            r"(?P<prep>of|at|for|in|on|with)\s+{THE}{O}"
        ),
        _role,
    ),
    (
        _en(
            r"{S}\s+(?:was|has\s+been|is)\s+(?:appointed|named|promoted|made)\s+(?:as\s+|to\s+)?"
            r"(?:the\s+|a\s+|an\s+)?(?P<role>[a-z][a-z \-]{0,40}?)\s+(?P<prep>of|at|for|in)\s+{THE}{O}"
        ),
        _role,
    ),
    (
        _en(
            r"{S}\s+(?:is|was|'s|’s|became|becomes|remains)\s+(?P<neg>no\s+longer\s+|not\s+)?"
            r"{ADV}{O}(?:'s|’s)\s+(?P<role>[a-z][a-z \-]{0,30}?)(?=\s*(?:[,.;!?]|$|\s+and\b|\s+but\b"
            r"|\s+now\b|\s+since\b))"
        ),
        _possessive_role,
    ),
    (
        _en(
            r"{S}(?:'s|’s)?\s+(?:direct\s+)?(?:manager|boss|supervisor|team\s+lead|lead)\s+"
            r"(?:is|was)\s+{ADV}(?:now\s+)?{O}"
        ),
        _boss_is,
    ),
    (
        _en(
            r"{S}\s+(?:is|was)\s+{NEG}{ADV}(?:a\s+)?(?:member\s+of|on|in|part\s+of)\s+{O}(?:'s|’s)"
            r"\s+team"
        ),
        _join_team,
    ),
    (
        _en(
            r"{S}\s+(?:has\s+|have\s+|had\s+|will\s+|also\s+)?{ADV}(?:joined|joins|join|is\s+joining"
            r"|rejoined)\s+{O}(?:'s|’s)\s+team"
        ),
        _join_team,
    ),
    (
        _en(
            r"{S}\s+(?:is\s+|was\s+)?{NEG}{ADV}(?:works?|working|has\s+been\s+working|started\s+"
            r"working|began\s+working|employed|got\s+a\s+job|got\s+hired)\s+(?:at|for|with|by)\s+"
            r"{THE}{O}{ANYMORE}"
        ),
        _works_for,
    ),
    (
        _en(
            r"{S}\s+(?:was|has\s+been|got|is)\s+(?:hired|recruited|employed)\s+(?:by|at)\s+{THE}{O}"
        ),
        _hired,
    ),
    (_en(r"{O}\s+(?:has\s+)?(?:hired|recruited|employs|employed)\s+{S}"), _hired),
    (
        _en(
            r"{S}\s+(?:is\s+|was\s+)?{NEG}{ADV}(?:works?|working|worked|has\s+been\s+working)\s+on\s+"
            r"{THE}{O}{ANYMORE}"
        ),
        _involved,
    ),
    (
        _en(
            r"{S}\s+(?:is|was|are|has\s+been)\s+{NEG}{ADV}(?:involved\s+in|(?:a\s+)?part\s+of"
            r"|a\s+member\s+of|a\s+contributor\s+to|assigned\s+to|on\s+the\s+team\s+(?:of|for))\s+"
            r"{THE}{O}{ANYMORE}"
        ),
        _involved,
    ),
    (
        _en(
            r"{S}\s+{NEG}{ADV}(?:participates|participated|contributes|contributed)\s+(?:in|to)\s+"
            r"{THE}{O}"
        ),
        _involved,
    ),
    (
        _en(
            r"{S}\s+(?:has\s+|have\s+|had\s+|will\s+)?{ADV}(?:joined|joins|join|is\s+joining"
            r"|rejoined)\s+{THE}{O}"
        ),
        _join,
    ),
    (
        _en(
            r"{S}\s+(?:has\s+|have\s+|had\s+|will\s+)?{ADV}(?:left|leaves|leave|is\s+leaving|quit"
            r"|quits|resigned\s+from|retired\s+from|departed(?:\s+from)?|stepped\s+down\s+from"
            r"|was\s+fired\s+from|was\s+let\s+go\s+from|moved\s+out\s+of|moved\s+away\s+from)\s+"
            r"{THE}{O}"
        ),
        _leave,
    ),
    (
        _en(
            r"{S}\s+(?:has\s+|have\s+|had\s+|will\s+|is\s+going\s+to\s+)?{ADV}(?:moved|moves|move"
            r"|is\s+moving|relocated|relocates|relocate)\s+(?:back\s+)?to\s+{THE}{O}"
        ),
        _move,
    ),
    (
        _en(
            r"{S}\s+(?:is\s+|are\s+)?{NEG}{ADV}(?:lives?|living|has\s+lived|have\s+lived|resides?"
            r"|residing|settled|based|stays?|staying)\s+in\s+{THE}{O}{ANYMORE}"
        ),
        _lives,
    ),
    (
        _en(
            r"{S}\s+(?:has\s+|had\s+|will\s+)?{ADV}(?:took|takes|take|taken|is\s+taking)\s+over\s+"
            r"{THE}{O}(?:\s+from\s+{Z})?"
        ),
        _takeover,
    ),
    (
        _en(
            r"{S}\s+(?:has\s+|had\s+|will\s+)?{ADV}(?:took|takes|take|taken|is\s+taking)\s+{THE}{O}"
            r"\s+over(?:\s+from\s+{Z})?"
        ),
        _takeover,
    ),
    (
        _en(
            r"{S}\s+(?:has\s+|had\s+|will\s+)?{ADV}(?:took|takes|take|taken|is\s+taking)\s+over"
            r"(?:\s+from\s+{Z})?(?=\s*(?:[,.;!?]|$|\s+(?:now|today|last|this|in|on)\b))"
        ),
        _takeover,
    ),
    (
        _en(
            r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:replaced|replaces|succeeded|succeeds)\s+{Z}\s+as\s+"
            r"(?:the\s+)?(?:manager|lead|leader|head|owner|director)\s+of\s+{THE}{O}"
        ),
        _manages,
    ),
    (
        # "Alice handed Project Orion over to Bob": Bob manages it now, Alice no longer does
        _en(
            r"{Z}\s+(?:has\s+|had\s+)?{ADV}(?:handed|hands|passed|passes|transferred|transfers)"
            r"\s+(?:over\s+|off\s+)?{THE}{O}\s+(?:over\s+|off\s+|on\s+)?to\s+{S}"
        ),
        _takeover,
    ),
    (
        _en(
            r"{O}\s+(?:is|was|has\s+been)\s+{ADV}(?:now\s+)?(?:led|managed|run|headed|overseen|owned)"
            r"\s+by\s+{S}"
        ),
        _manages,
    ),
    (
        _en(
            r"{S}\s+(?:is\s+|was\s+|are\s+)?{NEG}{ADV}(?:manages?|managing|leads?|leading|runs?"
            r"|running|heads?|heading|oversees?|overseeing|in\s+charge\s+of|responsible\s+for"
            r"|the\s+one\s+leading)\s+{THE}{O}{ANYMORE}"
        ),
        _manages,
    ),
    (
        _en(
            r"{S}\s+{NEG}{ADV}(?:reports?|reported|reporting|is\s+reporting)\s+(?:directly\s+)?to\s+"
            r"{O}{ANYMORE}"
        ),
        _reports,
    ),
    (
        _en(
            r"{S}\s+(?:is\s+|was\s+)?{NEG}{ADV}(?:depends?|depended|depending|relies|rely|relied"
            r"|relying|builds|built|is\s+built)\s+(?:up)?on\s+{THE}(?:{O}|{NP})"
        ),
        _depends,
    ),
    (
        _en(
            r"{S}\s+(?:is|was|are)\s+{NEG}{ADV}(?:blocked\s+by|dependent\s+on|waiting\s+(?:on|for))"
            r"\s+{THE}(?:{O}|{NP})"
        ),
        _depends,
    ),
    (
        _en(
            r"{S}\s+{BE}\s+{ADV}(?:in|at)\s+(?:the\s+)?(?P<status>[a-z]+(?:\s+[a-z]+)?)\s+"
            r"(?:phase|stage)"
        ),
        _status,
    ),
    (_en(r"{S}\s+{BE}\s+{ADV}in\s+{STATUS_IN}\b"), _status),
    (
        _en(
            r"{S}\s+(?:has\s+)?{ADV}(?:moved|went|entered|transitioned|is\s+moving|progressed)\s+"
            r"(?:in)?to\s+(?:the\s+)?{STATUS_IN}(?:\s+(?:phase|stage))?"
        ),
        _status,
    ),
    (
        _en(r"{S}\s+(?:is|was|has\s+been|got|'s|’s|have\s+been|were)\s+{ADV}{STATUS_DONE}\b"),
        _status,
    ),
    (
        _en(
            r"{S}(?:'s|’s)\s+status\s+(?:is|was|changed\s+to)\s+{ADV}(?:now\s+)?"
            r"(?P<status>[a-z]+(?:\s+[a-z]+)?)"
        ),
        _status,
    ),
    (
        _en(
            r"(?:the\s+)?status\s+of\s+{S}\s+(?:is|was|changed\s+to)\s+{ADV}"
            r"(?P<status>[a-z]+(?:\s+[a-z]+)?)"
        ),
        _status,
    ),
    (
        _en(
            r"{S}\s+(?:is\s+)?{NEG}{ADV}(?P<verb>loves?|loved|loving|likes?|liked|enjoys?|enjoyed"
            r"|adores?|adored|is\s+fond\s+of|fond\s+of|is\s+a\s+(?:big\s+|huge\s+)?fan\s+of"
            r"|(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of|is\s+into|into|is\s+crazy\s+about|prefers?"
            r"|hates?|hated|dislikes?|disliked|can['’]t\s+stand|detests?)\s+{THE}(?:{O}|{NP})"
            r"{ANYMORE}"
        ),
        _likes,
    ),
    (
        _en(
            r"{S}\s+{NEG}{ADV}(?:wants?|wanted|would\s+(?:really\s+)?like|'d\s+like|’d\s+like|plans?"
            r"|planned|planning|is\s+planning|hopes?|hoped|dreams?\s+of|is\s+dreaming\s+of"
            r"|is\s+going|intends?|longs?|wishes|wish)\s+(?:to\s+)?(?:travel(?:l?ing)?|go(?:ing)?"
            r"|fly(?:ing)?|visit(?:ing)?|see(?:ing)?|take\s+a\s+trip|make\s+a\s+trip)\s+(?:to\s+)?"
            r"{THE}(?:{O}|{NP})"
        ),
        _wants_to_visit,
    ),
    (
        _en(
            r"{S}\s+(?:has\s+|had\s+|have\s+)?{ADV}(?:visited|went\s+to|traveled\s+to|travelled\s+to"
            r"|flew\s+to|been\s+to)\s+{THE}(?:{O})"
        ),
        _visited,
    ),
    (
        _en(
            r"{S}\s+(?:has\s+|have\s+)?{NEG}{ADV}(?:owns?|bought|buys|adopted|adopts)\s+(?:(?:a|an"
            r"|the|two|three|four|\d+|new|some)\s+)*(?:{O}|{NP})"
        ),
        _owns,
    ),
    (_en(r"{S}\s+(?:was|were)\s+born\s+in\s+{THE}{O}"), _born),
    (_en(r"{S}\s+(?:is|was|are|comes?|came)\s+(?:originally\s+)?from\s+{THE}{O}"), _from),
    (
        _en(
            r"{S}\s+(?:is\s+)?{NEG}{ADV}(?:studies|studied|studying|attends?|attending|enrolled)\s+"
            r"(?:at\s+|in\s+)?{THE}{O}"
        ),
        _studies,
    ),
    (_en(r"{S}\s+(?:is\s+|was\s+|got\s+)?{ADV}married\s+(?:to\s+)?{O}"), _married),
    (
        _en(
            r"{S}\s+(?:is|was|are)\s+{ADV}(?:a\s+|an\s+)?(?:old\s+|good\s+|close\s+|best\s+)?"
            r"friends?\s+(?:of|with)\s+{O}"
        ),
        _friend,
    ),
    (
        _en(
            r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:started|starts|began|took|accepted|landed|got|has|found)"
            r"\s+(?:a\s+|an\s+)?(?:new\s+)?(?:job|position|role|gig)\s+(?:at|with)\s+{THE}{O}"
        ),
        _works_for,
    ),
    (
        _en(
            r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:moved|relocated|relocates|moves)\s+(?:back\s+)?from\s+{THE}{Z}"
            r"\s+to\s+{THE}{O}"
        ),
        _move,
    ),
    (
        _en(
            r"{S}\s+{ADV}(?:has|owns|rents|bought)\s+(?:an?\s+)?(?:new\s+)?(?:apartment|flat|house|home"
            r"|place|condo)\s+in\s+{THE}{O}"
        ),
        _lives,
    ),
]

ZH_PATTERNS: list[tuple[re.Pattern[str], Handler]] = [
    (
        _zh(
            r"{S}{ADV}(?P<neg>不再是|不是|已不是|已经不是)?(?:是|为|担任|作为|成为了?|当上了?|升任|出任)"
            r"{O}的(?P<role>[^，,。；;！!？?的\ue000\s]{1,8})"
        ),
        _role,
    ),
    (
        _zh(r"{S}{ADV}(?:在){O}(?:担任|当|做|任|出任)(?P<role>[^，,。；;！!？?\ue000\s]{1,8})"),
        _role,
    ),
    (
        _zh(
            r"{S}的(?:直属)?(?:上司|领导|老板|经理|主管|上级|直接领导)(?:现在|目前)?(?:是|为|换成了?|变成了?)"
            r"{O}"
        ),
        _boss_is,
    ),
    (_zh(r"{S}{ADV}{NEG}(?:直接)?(?:向|给){O}(?:汇报|报告)"), _reports),
    (
        _zh(r"{S}{ADV}(?:在|是|属于){O}(?:的)?(?:团队|小组|组|手下|部下)(?:里|中|的成员|成员)?"),
        _join_team,
    ),
    (_zh(r"{S}{ADV}(?:加入|进入|调入|调到|转到)(?:了|到)?{O}的(?:团队|小组|组|部门)"), _join_team),
    (_zh(r"{S}{ADV}{NEG}(?:在|于){O}(?:工作|上班|任职|就职|供职|实习)"), _works_for),
    (_zh(r"{S}{ADV}(?:就职于|任职于|供职于|受雇于|效力于|服务于){O}"), _works_for),
    (_zh(r"{O}{ADV}(?:招聘了|聘请了|雇用了|录用了){S}"), _hired),
    (_zh(r"{S}{ADV}(?:加入|参加|参与|进入|投入|调入|加盟)(?:了|到)?{O}"), _join),
    (_zh(r"{S}{ADV}{NEG}(?:参与|参加)(?:了|到)?{O}(?:的)?(?:工作|项目|开发|建设)"), _involved),
    (_zh(r"{S}{ADV}(?:离开|退出|辞去|告别|退休离开)(?:了)?{O}"), _leave),
    (_zh(r"{S}{ADV}(?:从){O}(?:离职|辞职|退出|退休|离开)"), _leave),
    (
        _zh(
            r"{O}{ADV}(?:改为|改|交给了?|转由|转交给|将由|由){S}(?:来|负责)?(?:接手|接管|负责|主管|领导"
            r"|管理|牵头|主导|接任)"
        ),
        _takeover,
    ),
    (_zh(r"由{S}(?:来)?(?:接手|接管|负责|主管|领导|管理|牵头|主导|接任)(?:了)?{O}"), _takeover),
    (_zh(r"由{S}(?:来)?(?:接手|接管|接任|负责|主管|领导)"), _takeover),
    (
        _zh(r"{S}{ADV}接替(?:了)?{Z}(?:的工作|的职位)?[，,]?(?:负责|管理|主管|领导)(?:着)?{O}"),
        _manages,
    ),
    (_zh(r"{S}{ADV}(?:接手|接管|接过|接替)(?:了)?{O}"), _takeover),
    (
        _zh(
            r"{O}的(?:负责人|经理|主管|领导)(?:现在|目前)?(?:换成了?|变成了?|改为|是|变为|换为){S}"
        ),
        _manages,
    ),
    (
        _zh(
            r"{S}{ADV}{NEG}{ADV}(?:负责|主管|管理|领导|带领|主导|牵头|掌管|主持|统筹)(?:着|了)?{O}"
        ),
        _manages,
    ),
    (
        _zh(r"{S}{ADV}{NEG}(?:住在|居住在|生活在|定居在|定居于|住于|居住于|常住|住)(?:于|在)?{O}"),
        _lives,
    ),
    (_zh(r"{S}{ADV}(?:搬到|搬去|搬家到|迁居到?|移居到?|搬回到?|回到)(?:了)?{O}"), _move),
    (
        _zh(r"{S}{ADV}{NEG}(?:依赖于?|取决于|依靠|依托于?|需要依赖|基于)(?:着)?(?:{O}|{NP})"),
        _depends,
    ),
    (
        _zh(
            r"{S}{ADV}(?:处于|进入了?|进入到|到了|转入|转到|在)(?P<status>[\u4e00-\u9fff]{1,6}?)"
            r"(?:阶段|状态|期)"
        ),
        _status,
    ),
    (
        _zh(
            r"{S}{ADV}(?P<status>已经完成|完成|上线|发布|取消|暂停|结束|启动|延期|交付|停止|终止|立项)"
            r"了"
        ),
        _status,
    ),
    (
        _zh(
            r"{S}的(?:状态|进度|进展)(?:现在|目前)?(?:是|为|变成了?|变为)(?P<status>[\u4e00-\u9fff]{1,8})"
        ),
        _status,
    ),
    (
        _zh(
            r"{S}{ADV}(?P<neg>不再|不|没那么|已经不|已不)?{ADV}(?P<verb>喜欢|爱|热爱|喜爱|钟爱|爱上了?"
            r"|迷上了?|讨厌|厌恶)(?:喝|吃|看|玩|听|养|去|打|读|做)?(?:{O}|{NP})"
        ),
        _likes,
    ),
    (
        _zh(r"{S}{ADV}{NEG}(?:想|想要|希望|打算|计划|准备|梦想|很想)(?:去|到|要去)(?:{O}|{NP})"),
        _wants_to_visit,
    ),
    (_zh(r"{S}{ADV}(?:去过|去了|到过|访问了?|参观了?|游览了?)(?:{O})"), _visited),
    (_zh(r"{S}{ADV}{NEG}(?:买了|养了|拥有|领养了)(?:一[个只辆条套台部])?(?:{O}|{NP})"), _owns),
    (_zh(r"{S}{ADV}(?:出生在|出生于|生于|生在){O}"), _born),
    (_zh(r"{S}{ADV}(?:来自于?){O}"), _from),
    (_zh(r"{S}是{O}人"), _from),
    (_zh(r"{S}{ADV}(?:在)?{O}(?:读书|上学|学习|读研|读博|念书)"), _studies),
    (_zh(r"{S}{ADV}(?:和|与|跟){O}结婚了?"), _married),
    (_zh(r"{S}{ADV}{NEG}(?:在|于){ONP}(?:工作|上班|任职|就职|供职|实习)"), _works_for),
    (
        _zh(
            r"{S}{ADV}(?:跳槽到|跳槽去|跳槽至|入职|加盟|转投|转到)(?:了)?(?:{O}|{ONP})(?=[，,。；;！!？?]|$|工作|上班)"
        ),
        _works_for,
    ),
    (_zh(r"{S}{ADV}(?:离开|退出|辞去|告别)(?:了)?{ONP}(?=[，,。；;！!？?]|$)"), _leave),
    (
        _zh(
            r"{S}{ADV}(?:是|为|成为了?){ONP}的(?P<role>员工|职员|经理|总监|主管|工程师|一员|销售|设计师|会计)"
        ),
        _role,
    ),
    (
        _zh(
            r"(?:{O}{ADV})?(?:改为|改|交给了?|转由|转交给|将由|由){SNP}(?:来)?(?:接手|接管|负责|主管|领导|管理|牵头|主导|接任)"
        ),
        _takeover,
    ),
    (_zh(r"{S}{ADV}从(?:{Z}|{NP})(?:搬到|搬去|搬回|迁到|迁居到|移居到|搬家到)(?:了)?{O}"), _move),
    (_zh(r"{S}的家(?:现在|目前)?(?:在|位于|搬到了?){O}"), _lives),
    (
        _zh(
            r"{S}{ADV}的(?:状态|进度|进展)(?:现在|目前)?(?:是|为|变成了?|变为|改为)(?P<status>[\u4e00-\u9fff]{1,8})"
        ),
        _status,
    ),
]

_COORD_RE = re.compile(
    OPEN + r"(\d+)" + CLOSE + r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*|和|与|跟|及|、)\s*$",
    re.IGNORECASE,
)
_EN_CLAUSE = re.compile(
    r"(?:\s*[,;]\s*(?:and\s+|but\s+|then\s+|and\s+then\s+)?|\s+(?:and|but)\s+"
    r"(?:then\s+)?)",
    re.IGNORECASE,
)
_ZH_CLAUSE = re.compile(r"[，,；;]\s*(?:而且|并且|同时|但是|但|然后|并|还)?")
_EN_LEAD = re.compile(
    r"^(?:(?:now|currently|also|still|recently|then|later|today|so)\s+)*", re.IGNORECASE
)
_ZH_LEAD = re.compile(r"^" + _ZH["ADV"])


# --------------------------------------------------------------------------- extraction
@dataclass(slots=True)
class _SentenceExtraction:
    """Per-sentence state of one extraction."""

    annotation: Annotation
    sentence: Sentence
    index: int
    mentions: Sequence[Mention]
    types: dict[str, str | None]
    context: ExtractionContext
    offsets: list[tuple[int, int]] = field(default_factory=list)

    def refs(self, idx: int) -> list[EntityRef]:
        if not 0 <= idx < len(self.mentions):
            return []
        m = self.mentions[idx]
        out = []
        for eid in m.entity_ids:
            type_ = self.types.get(eid, m.type)
            name = m.canonical if len(m.entity_ids) == 1 and m.canonical else self._name(eid, m)
            out.append(EntityRef(name, type_, eid))
        return out

    def _name(self, eid: str, m: Mention) -> str:
        for other in self.mentions:
            if other.kind == "name" and eid in other.entity_ids and other.canonical:
                return other.canonical
        for ent in self.context.entities:
            if ent.id == eid:
                return ent.name
        return m.canonical or m.text

    def implicit_object(self, before: int) -> list[EntityRef]:
        """The nearest entity before ``before`` that is not a person (for "由王五接手")."""
        for idx in range(len(self.mentions) - 1, -1, -1):
            m = self.mentions[idx]
            if m.start >= before or not m.entity_ids:
                continue
            refs = self.refs(idx)
            if refs and refs[0].type not in (PERSON, None, THING):
                return refs[:1]
        for ent in self.context.entities:
            if ent.type in (PROJECT, PRODUCT, ORG):
                return [EntityRef(ent.name, ent.type, ent.id)]
        return []

    def noun_phrase(self, lo: int, hi: int, *, zh: bool) -> str:
        """The noun phrase at the start of ``text[lo:hi]`` (determiners and verbs trimmed)."""
        text = self.annotation.text
        if not self.offsets:
            self.offsets = token_offsets(self.annotation, self.sentence)
        toks = [
            (t, s, e)
            for t, (s, e) in zip(self.sentence.tokens, self.offsets, strict=False)
            if s < hi and e > lo
        ]
        if zh:
            raw = text[lo:hi]
            for verb in _ZH_NP_VERBS:
                if raw.startswith(verb) and len(raw) > len(verb) + 1:
                    raw = raw[len(verb) :]
                    break
            # stop at the first function word the tokens show
            cut = len(raw)
            base = hi - len(raw)
            for tok, s, _e in toks:
                if (
                    s >= base
                    and tok.upos in ("ADP", "PART", "AUX", "CCONJ", "SCONJ", "PUNCT", "DET", "PRON")
                    and s - base > 0
                ):
                    cut = min(cut, s - base)
            raw = _ZH_NP_TAIL.sub("", raw[:cut])
            return raw if is_cjk(raw) or raw.isalpha() else ""
        words: list[str] = []
        started = False
        for tok, _s, _e in toks:
            low = tok.text.lower()
            if not started and (low in _DETS or tok.upos in ("DET", "PRON")):
                continue
            if tok.upos in _NOUNISH or (not started and tok.upos == "VERB" and low.endswith("ing")):
                words.append(tok.text if tok.upos == "PROPN" else low)
                started = True
                continue
            break
        while words and words[-1] in _DETS:
            words.pop()
        return " ".join(words)


class PatternRelationExtractor:
    """Reads relations with patterns (English and Chinese) and, given a parse, dependency triples.

    Args:
        dependency_fallback: derive subject-verb-object relations from a dependency parse
            (``head``/``deprel``, e.g. Stanza) in sentences where no pattern matched.
    """

    name = "patterns"

    def __init__(self, *, dependency_fallback: bool = True) -> None:
        self.dependency_fallback = dependency_fallback

    def extract(
        self, annotation: Annotation, context: ExtractionContext
    ) -> list[RelationCandidate]:
        """Relation candidates of ``annotation``, in text order, without duplicates."""
        mentions = list(context.mentions)
        types: dict[str, str | None] = {e.id: e.type for e in context.entities}
        for m in mentions:
            if m.kind == "name" and m.entity_ids and m.type is not None:
                types.setdefault(m.entity_ids[0], m.type)
                if types[m.entity_ids[0]] in (None, OTHER):
                    types[m.entity_ids[0]] = m.type
        found: list[_Found] = []
        for s_idx, sentence in enumerate(annotation.sentences):
            ex = _SentenceExtraction(annotation, sentence, s_idx, mentions, types, context)
            sentence_found = self._sentence(ex)
            if not sentence_found and self.dependency_fallback and _has_parse(sentence):
                sentence_found = [
                    _Found(sentence.end_char, None, c) for c in _dependency_triples(ex)
                ]
            found.extend(sentence_found)
        out: list[RelationCandidate] = []
        seen: set[tuple[object, ...]] = set()
        for f in sorted(found, key=lambda f: f.position):
            c = _finish(f.candidate)
            key = (
                c.subject.id or c.subject.name,
                c.type,
                (c.object.id or c.object.name) if c.object else None,
                c.negated,
                tuple(sorted(c.attributes.items())),
            )
            if key not in seen:
                seen.add(key)
                out.append(c)
        return out

    def _sentence(self, ex: _SentenceExtraction) -> list[_Found]:
        annotation, sentence = ex.annotation, ex.sentence
        zh = sentence.lang.startswith("zh") or is_cjk(sentence.text)
        view = _make_view(annotation, sentence, ex.index, ex.mentions, zh)
        found = _run(view, ex)
        # Clauses without a subject borrow the subject of the relation found before them.
        splitter = _ZH_CLAUSE if zh else _EN_CLAUSE
        lead = _ZH_LEAD if zh else _EN_LEAD
        bounds = [m.end() for m in splitter.finditer(view.text)]
        for i, start in enumerate(bounds):
            end = bounds[i + 1] if i + 1 < len(bounds) else len(view.text)
            clause = view.text[start:end]
            rest = clause[_lead_end(lead, clause) :]
            if not rest or rest.startswith(OPEN):
                continue
            origin = view.origin[start] if start < len(view.origin) else sentence.end_char
            before = [f for f in found if f.position <= origin and f.subject is not None]
            subject = before[-1].subject if before else _sentence_subject(view, lead, ex)
            if subject is None:
                continue
            placeholder = f"{OPEN}{subject}{CLOSE}"
            sub = _View(
                placeholder + ("" if zh else " ") + clause,
                [ex.mentions[subject].start] * (len(placeholder) + (0 if zh else 1))
                + view.origin[start:end],
                ex.index,
                zh,
            )
            found.extend(_run(sub, ex))
        return found


def _lead_end(lead: re.Pattern[str], text: str) -> int:
    """Where ``text`` starts after its leading adverbs/conjunctions."""
    found = lead.match(text)
    return found.end() if found else 0


def _sentence_subject(view: _View, lead: re.Pattern[str], ex: _SentenceExtraction) -> int | None:
    """The mention that opens the sentence (its subject in English and Chinese word order)."""
    head = view.text[_lead_end(lead, view.text) :]
    found = _SLOT_RE.match(head)
    if found is None:
        return None
    idx = int(found.group(1))
    return idx if 0 <= idx < len(ex.mentions) and ex.mentions[idx].entity_ids else None


def _make_view(
    annotation: Annotation, sentence: Sentence, index: int, mentions: Sequence[Mention], zh: bool
) -> _View:
    # the placeholder characters must not come from the user's text
    text = annotation.text.replace(OPEN, " ").replace(CLOSE, " ")
    parts: list[str] = []
    origin: list[int] = []
    pos = sentence.start_char
    for idx, m in enumerate(mentions):
        if m.sentence != index or m.start < pos or m.kind == "noun":
            continue
        parts.append(text[pos : m.start])
        origin.extend(range(pos, m.start))
        placeholder = f"{OPEN}{idx}{CLOSE}"
        parts.append(placeholder)
        origin.extend([m.start] * (len(placeholder) - 1) + [m.end - 1])
        pos = m.end
    parts.append(text[pos : sentence.end_char])
    origin.extend(range(pos, sentence.end_char))
    return _View("".join(parts), origin, index, zh)


def _run(view: _View, ex: _SentenceExtraction) -> list[_Found]:
    out: list[_Found] = []
    patterns = ZH_PATTERNS if view.zh else EN_PATTERNS
    for k in _triggers(patterns).candidates(view.text):
        pattern, handler = patterns[k]
        for m in pattern.finditer(view.text):
            h = _Match(m, view, ex)
            for cand in handler(h):
                out.append(_Found(h.end, h.slot("s"), replace(cand, sentence=view.sentence)))
    return out


# --------------------------------------------------------------------------- literal pre-filter
# Most sentences match none of the ~45 patterns. Each pattern gets, from its parsed form, a set of
# literals of which every match contains at least one; a text with none of them is skipped without
# running the pattern. Exact: a text is only skipped when the pattern cannot match it.

# Case-insensitive matching of an ASCII letter also accepts these characters (Python's ``re``:
# simple lower case, plus ı/i and ſ/s); mapped here so ``str.lower`` keeps one char per char.
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
_MAX_EXACT = 32  # strings a pattern fragment may match before it is treated as unknown

_Info = tuple[frozenset[str] | None, list[frozenset[str]]]  # (exact strings, required sets)


class _Opaque(Exception):
    """A pattern construct the pre-filter does not analyse (the pattern always runs)."""


def _regex_parser() -> Any:
    try:
        return importlib.import_module("re._parser")
    except ImportError:  # Python 3.10
        return importlib.import_module("sre_parse")


def _char(code: int, fold: bool) -> str | None:
    """The text a literal character requires (lower case under IGNORECASE); None if unsure."""
    ch = chr(code)
    if not fold or ch.lower() == ch == ch.upper():  # uncased: matched exactly
        return ch
    return ch.lower() if ch.isascii() else None


def _best(sets: Iterable[frozenset[str]]) -> frozenset[str] | None:
    """The most selective of several required sets: longest shortest literal, then fewest."""
    usable = [s for s in sets if s and "" not in s]
    if not usable:
        return None
    return max(usable, key=lambda s: (min(len(x) for x in s), -len(s)))


def _node(op: Any, av: Any, fold: bool) -> _Info:
    name = getattr(op, "name", str(op))
    if name == "LITERAL":
        ch = _char(av, fold)
        return (frozenset([ch]) if ch is not None else None), []
    if name in ("AT", "ASSERT", "ASSERT_NOT"):
        return frozenset([""]), []  # zero width
    if name == "SUBPATTERN":
        _group, add_flags, del_flags, sub = av
        if add_flags or del_flags:
            raise _Opaque("inline flags")
        return _sequence(sub, fold)
    if name == "ATOMIC_GROUP":
        return _sequence(av, fold)
    if name == "BRANCH":
        infos = [_sequence(alt, fold) for alt in av[1]]
        exact: frozenset[str] | None = None
        if all(e is not None for e, _ in infos):
            union = frozenset().union(*(e for e, _ in infos if e is not None))
            exact = union if len(union) <= _MAX_EXACT else None
        picks = [_best([*f, *([e] if e is not None else [])]) for e, f in infos]
        if all(p is not None for p in picks):
            return exact, [frozenset().union(*(p for p in picks if p is not None))]
        return exact, []
    if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        low, high, sub = av
        if low < 1:
            return None, []
        e, f = _sequence(sub, fold)
        return (e if low == high == 1 else None), [*f, *([e] if e is not None else [])]
    return None, []  # classes, any, back references ...: no literal required


def _sequence(items: Any, fold: bool) -> _Info:
    factors: list[frozenset[str]] = []
    run: frozenset[str] = frozenset([""])
    whole = True
    for op, av in items:
        e, f = _node(op, av, fold)
        factors.extend(f)
        if e is not None:
            joined = frozenset(a + b for a in run for b in e)
            if len(joined) <= _MAX_EXACT:
                run = joined
                continue
        factors.append(run)  # a contiguous stretch of every match
        whole = False
        run = e if e is not None else frozenset([""])
    factors.append(run)
    return (run if whole else None), factors


def _trie_regex(words: Iterable[str]) -> str:
    """A regex matching any of ``words``, the longest one where several start at a position."""
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        alts = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        if "" in node:  # a word ends here: longer words first, then this one
            return "(?:" + body + ")?"
        return body

    return emit(trie)


class _Triggers:
    """Which patterns of a list may match a text, from one scan of the text for their literals."""

    def __init__(self, patterns: Sequence[tuple[re.Pattern[str], Handler]]) -> None:
        self.snapshot = tuple(patterns)
        self.always: list[int] = []  # patterns without literals: they always run
        enables: dict[bool, dict[str, set[int]]] = {True: {}, False: {}}
        for k, (pattern, _handler) in enumerate(patterns):
            need = _analyse(pattern)
            if need is None:
                self.always.append(k)
                continue
            fold = bool(pattern.flags & re.IGNORECASE)
            for lit in need:
                enables[fold].setdefault(lit, set()).add(k)
        # Where literals overlap at a position the scan reports the longest; its prefixes that
        # are literals occur there too.
        self.scans: list[tuple[bool, re.Pattern[str], dict[str, frozenset[int]]]] = []
        for fold, table in enables.items():
            if not table:
                continue
            chained = {
                lit: frozenset().union(
                    *(ks for other, ks in table.items() if lit.startswith(other))
                )
                for lit in table
            }
            regex = re.compile("(?=(" + _trie_regex(table) + "))", re.DOTALL)
            self.scans.append((fold, regex, chained))

    def candidates(self, text: str) -> list[int]:
        """Indices, in order, of the patterns that may match ``text`` (a superset)."""
        found: set[int] = set(self.always)
        for fold, regex, chained in self.scans:
            haystack = text.translate(_FOLD).lower() if fold else text
            for m in regex.finditer(haystack):
                found |= chained[m.group(1)]
        return sorted(found)


_TRIGGERS: dict[int, _Triggers] = {}


def _triggers(patterns: Sequence[tuple[re.Pattern[str], Handler]]) -> _Triggers:
    """The trigger index of a pattern list, rebuilt when the list was changed."""
    known = _TRIGGERS.get(id(patterns))
    if known is None or known.snapshot != tuple(patterns):
        known = _TRIGGERS[id(patterns)] = _Triggers(patterns)
    return known


def _analyse(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    try:
        parsed = _regex_parser().parse(pattern.pattern, pattern.flags)
        _, factors = _sequence(list(parsed), bool(pattern.flags & re.IGNORECASE))
    except (_Opaque, ImportError, AttributeError, TypeError, ValueError, re.error) as exc:
        logger.debug("no literal pre-filter for %r: %s", pattern.pattern, exc)
        return None
    best = _best(factors)
    return tuple(sorted(best)) if best is not None else None


def _finish(c: RelationCandidate) -> RelationCandidate:
    """Give untyped ends the type the relation implies (a place for LIVES_IN)."""
    spec = RELATION_TYPES.get(c.type)
    if spec is None:
        return c
    subject, obj = c.subject, c.object
    if subject.type in (None, OTHER) and spec.subject_type:
        subject = replace(subject, type=spec.subject_type)
    if obj is not None and obj.type is None and spec.object_type:
        obj = replace(obj, type=spec.object_type)
    return replace(c, subject=subject, object=obj)


# --------------------------------------------------------------------------- dependency fallback
_DEP_VERBS: dict[tuple[str, str], str] = {
    ("work", "at"): "WORKS_FOR",
    ("work", "for"): "WORKS_FOR",
    ("work", "on"): "INVOLVED_IN",
    ("live", "in"): "LIVES_IN",
    ("move", "to"): "LIVES_IN",
    ("relocate", "to"): "LIVES_IN",
    ("report", "to"): "REPORTS_TO",
    ("depend", "on"): "DEPENDS_ON",
    ("rely", "on"): "DEPENDS_ON",
    ("manage", ""): "MANAGES",
    ("lead", ""): "MANAGES",
    ("run", ""): "MANAGES",
    ("head", ""): "MANAGES",
    ("oversee", ""): "MANAGES",
    ("join", ""): "INVOLVED_IN",
    ("like", ""): "LIKES",
    ("love", ""): "LIKES",
    ("enjoy", ""): "LIKES",
    ("adore", ""): "LIKES",
    ("hate", ""): "DISLIKES",
    ("dislike", ""): "DISLIKES",
    ("visit", ""): "VISITED",
    ("own", ""): "OWNS",
    ("study", "at"): "STUDIES_AT",
    ("负责", ""): "MANAGES",
    ("管理", ""): "MANAGES",
    ("领导", ""): "MANAGES",
    ("加入", ""): "INVOLVED_IN",
    ("参与", ""): "INVOLVED_IN",
    ("喜欢", ""): "LIKES",
    ("依赖", ""): "DEPENDS_ON",
    ("住", "在"): "LIVES_IN",
}
_NEG_WORDS = {"not", "n't", "never", "no", "longer", "不", "不再", "没", "没有"}


def _has_parse(sentence: Sentence) -> bool:
    return any(t.head >= 0 and t.deprel for t in sentence.tokens)


def _dependency_triples(ex: _SentenceExtraction) -> list[RelationCandidate]:
    """Subject-verb-object relations from a dependency parse (Universal Dependencies labels)."""
    toks = ex.sentence.tokens
    if not ex.offsets:
        ex.offsets = token_offsets(ex.annotation, ex.sentence)
    offsets = ex.offsets

    def ref(i: int) -> list[EntityRef]:
        start, end = offsets[i]
        for idx, m in enumerate(ex.mentions):
            if m.start <= start and end <= m.end and m.entity_ids:
                return ex.refs(idx)
        tok = toks[i]
        if tok.upos == "NOUN":
            return [EntityRef(tok.lemma.lower() or tok.text.lower(), THING)]
        return []

    children: dict[int, list[int]] = {}
    for i, tok in enumerate(toks):
        children.setdefault(tok.head - 1, []).append(i)
    out: list[RelationCandidate] = []
    for v, verb in enumerate(toks):
        if verb.upos != "VERB":
            continue
        kids = children.get(v, [])
        subjects = [k for k in kids if toks[k].deprel.split(":")[0] == "nsubj"]
        if not subjects:
            continue
        negated = any(
            toks[k].text.lower() in _NEG_WORDS or toks[k].lemma in _NEG_WORDS
            for k in kids
            if toks[k].deprel.split(":")[0] in ("advmod", "neg", "aux")
        )
        lemma = (verb.lemma or verb.text).lower()
        objects: list[tuple[int, str]] = [
            (k, "") for k in kids if toks[k].deprel.split(":")[0] in ("obj", "dobj")
        ]
        for k in kids:
            if toks[k].deprel.split(":")[0] in ("obl", "nmod"):
                case = next(
                    (
                        toks[c].lemma.lower() or toks[c].text.lower()
                        for c in children.get(k, [])
                        if toks[c].deprel == "case"
                    ),
                    "",
                )
                objects.append((k, case))
        for o, case in objects:
            type_ = _DEP_VERBS.get((lemma, case))
            subj_refs, obj_refs = ref(subjects[0]), ref(o)
            if not subj_refs or not obj_refs:
                continue
            if type_ is None:
                strong = obj_refs[0].type not in (THING, None) and subj_refs[0].type != THING
                if not strong or not lemma.isascii() or not lemma.isalpha():
                    continue
                type_ = (lemma + ("_" + case if case.isalpha() and case.isascii() else "")).upper()
            out.extend(_cands(subj_refs, type_, obj_refs, negated=negated))
    return out
