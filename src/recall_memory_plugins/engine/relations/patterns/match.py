"""What a pattern handler sees: :class:`_Match` (the regex match, its sentence view, the
extraction state, with the slots read as entity references), the :data:`Handler` type, and the
small helpers every handler uses to turn references into relation candidates."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from ..lazy_regex import lazy_pattern
from ..lexicon import KIN_OF, POSSESSIVE_DETERMINERS, POSSESSOR
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
    _PERSON_RELATIONS,
    _SLOT_RE,
    _TIME_WORDS,
    _ZH_NP_TAIL,
    CLOSE,
    OPEN,
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
        # endswith with an end bound: no copy of the view up to the slot (quadratic in a long
        # unpunctuated sentence)
        if name == "s" and self.view.zh and (
            self.view.text.endswith("从", 0, self.m.start("s"))
            # (由阿里巴巴跳槽至腾讯: "from"; not 由王五接手: "by")
            or (self.view.text.endswith("由", 0, self.m.start("s"))
                and re.search("[至到]", self.view.text[self.m.end("s") : self.m.end()]) is not None)
        ):
            return []  # 从北京搬到了上海: the place one leaves is never the subject
        if name == "s" and not self.view.zh \
                and KIN_OF.search(self.view.text[max(0, self.m.start("s") - 24) : self.m.start("s")]):
            return []  # "The brother of Ana lives in Madrid": the brother, unnamed
        if name == "o" and self.m.end() == self.m.end("o") \
                and POSSESSOR.match(self.view.text, self.m.end("o")):
            return []  # "Liam married Sophie's cousin Ava": Sophie is not the one he married
        if name == "o" and _possessive_object(self.ex.mentions[idx].text, self.view.text, self.m.end("o")):
            # "married his girlfriend Leela": Leela, named after the role; "his" is no spouse
            named = _ROLE_THEN_NAME.match(self.view.text, self.m.end("o"))
            return self.ex.refs(int(named.group(1))) if named else []
        if name == "s" and _GROUP_AFTER.match(self.view.text, self.m.end("s")) \
                and self.ex.mentions[idx].text.casefold() in POSSESSIVE_DETERMINERS:
            return []  # "His direct reports … now report to Leah": not he
        out = self.ex.refs(idx)
        subject = self.ex.mentions[idx]
        # (a singular pronoun after a bare comma has no co-subject: "Lars escaped Greta, he reports
        # to Henrik now", "Dear Suki, my line manager is Rosa"; "Mia and I moved" has)
        if name == "s" and not (subject.kind == "pronoun" and not subject.plural and not self.view.zh
                                and _BARE_COMMA.fullmatch(self.view.text, self.view.text.rfind(CLOSE, 0, self.m.start("s")) + 1,
                                                          self.m.start("s"))):
            # coordinated subjects: "Mia and Noah moved", "张三和李四加入了"
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
        named = _ZH_OF_NAME.search(self.view.text, start, end)
        if named is not None and named.end() == end:  # "接替她的唐亮", 她原来的副手谢涛: the name
            return self.ex.refs(int(named.group(1)))
        lo, hi = self.view.origin[start], self.view.origin[end - 1] + 1
        name = _ZH_NP_TAIL.sub("", self.ex.annotation.text[lo:hi]).strip(' ‘’“”「」『』《》"')
        if name[:1] in _ZH_FUNCTION_CHARS:  # "由小张": the pattern cut the name badly; say nothing
            return []
        if _ZH_INDEFINITE.search(name):  # "(上海)一家律所", "某公司": no name, nothing to state
            return []
        if _ZH_CLAUSE.search(name) or _ZH_SOMEONE.fullmatch(name):  # "入职满一个月", "交由同事接手": no name
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
        if phrase.endswith("ing") and " " not in phrase and _VERB_GOES_ON.match(
            self.ex.annotation.text, lo + len(phrase)
        ):
            return []  # "can't stand sitting through a test": an activity said whole, not "sitting"
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
# a numeral or a demonstrative with its classifier opens a description, not a name
_ZH_OF_NAME = lazy_pattern(f"的[\u4e00-\u9fff]{{0,4}}{OPEN}(\\d+){CLOSE}")  # (her deputy 的副手谢涛: 谢涛)
# a person unnamed: "已交由同事接手", "交给新人" (no one to state a fact about)
_ZH_SOMEONE = lazy_pattern(r"(?:新|其他|另一位|一位|别的|老)?(?:同事|同学|朋友|别人|大家|对方|家人|新人|领导|老板|上司|下属|其他人|他人)们?")
_ZH_INDEFINITE = lazy_pattern(r"(?:[一两几某这那哪每][家个所间座位]|某|^(?:我们|咱们|你们|我司|本))")  # (我们部门: no name)
# adverbs and spans of time are clause material, never part of a name read as text
_ZH_CLAUSE = lazy_pattern(
    r"就|一直|已经|正在|岗位|职位|第[一二三四五六七八九十两\d]+[周天次]"
    r"|[一二三四五六七八九十两几半\d]+多?个?多?(?:周|星期|礼拜|天|月|小时|年)"
    # the rest of the clause after a name: a time around it (腾讯两年, 腾讯以后很忙, 腾讯之前在…),
    # a thing of it (腾讯的事还没定) or a state said of it (很忙, 还没定)
    r"|以后|之后|以前|之前|以来|的时候|[的很]|还[没未不]|尚未|没有"
    # a day ("入职手续周一办完"), someone's charge ("转到韩梅手下": under a person, no firm)
    r"|周[一二三四五六日天]|星期[一二三四五六日天]|[今明昨]天|[上下本这]周|手下$|名下$|麾下$"
)
# the rest of a Chinese clause ending in 了 (after the verb): "不喜欢X了" reads "no longer"
_ZH_CHANGE_END = lazy_pattern(r"[^，,。；;！!？?]{0,12}?了(?:[，,。；;！!？?]|$)")
_ROLES = r"(?:(?:old|new|former|long-?time|childhood)\s+)?(?:girlfriend|boyfriend|partner|fianc\w*|sweetheart|boss|manager|supervisor|line manager)"
# someone else named by "her": "now I report to her replacement", "works for her brother"
_OTHERS = (r"(?:(?:old|new|former|interim)\s+)?(?:replacement|successor|predecessor|deputy|assistant"
           r"|stand-?in|backfill|number two|brother|sister|husband|wife|son|daughter|mum|mom"
           r"|dad|father|mother|cousin|uncle|aunt|friend|colleague|co-?worker)")
_ROLE_THEN_NAME = lazy_pattern(
    r"\s+(?:" + _ROLES + "|" + _OTHERS + r")\s*,?\s+" + OPEN + r"(\d+)" + CLOSE + r"(?!['’])"
)
_GROUP_AFTER = lazy_pattern(
    r"\s+(?:direct\s+)?(?:reports|team|staff|colleagues|co-?workers|kids|children|family|parents"
    r"|friends|employees)\b"
)
_HER_NOUN = lazy_pattern(r"\s+(?:" + _ROLES + "|" + _OTHERS + r")\b")


def _possessive_object(text: str, view: str, end: int) -> bool:
    """Whether an object slot's mention is a possessive determiner ("married his girlfriend …";
    "her" only before a partner's role: "married her" is an object)."""
    word = text.casefold()
    if word == "her":
        return _HER_NOUN.match(view, end) is not None
    return word in POSSESSIVE_DETERMINERS


_KNOWN_TYPES = frozenset({PERSON, ORG, LOCATION, PROJECT, PRODUCT, THING, DATE})
# entity types that cannot be the subject of a relation about a person (not ORG or LOCATION: a
# weak NER types people so, "Mina Park" LOCATION)
_NOT_A_PERSON = frozenset({PROJECT, PRODUCT, THING, DATE})
# a Chinese organisation by its suffix (the segmenter's place and organisation tags are good)
_ZH_ORG_TAIL = lazy_pattern(r"[\u4e00-\u9fff](?:总部|公司|集团|分公司|部门)$")


# a gerund that goes on with its own object or place ("sitting through a test", "getting up")
_VERB_GOES_ON = lazy_pattern(
    r"\s+(?:through|in|on|at|around|up|down|with|for|about|into|out|over|to|the|a|an|my|his|her)\b"
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
        if type_ in _PERSON_RELATIONS and (
            s.type in _NOT_A_PERSON or _ZH_ORG_TAIL.search(s.name) is not None
        ):
            continue  # 公司总部搬到了重庆: the company's place, no one's home
        if type_ == "MANAGES" and s.type in _NOT_A_PERSON:
            continue  # "Atlas transferred from Ingrid to Rajesh": a project manages nothing
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


def _employer(refs: Sequence[EntityRef], *, joined: bool = False) -> list[EntityRef]:
    """An employer is an organisation, whatever a weak NER guessed ("works at Initech"); a
    department is none ("promoted to VP of Engineering"). ``joined``: what one joined, where a
    team, a party, a club or a site (:data:`_NO_EMPLOYER`) is none either."""
    if joined:
        refs = [r for r in refs if not _NO_EMPLOYER.search(r.name.strip())]
    return [r if r.type in (ORG, PROJECT, PRODUCT) else replace(r, type=ORG) for r in refs
            if _UNIT_WORD.sub("", r.name.casefold()) not in _DEPARTMENTS]  # (nor "the Finance team")


_UNIT_WORD = lazy_pattern(r"\s+team$")  # (a department of the seed, "the Sales Department", stays an employer)
# what one joins that is no employer: a team inside the firm, a party, a club, a board, a site
# one signs up to ("joined the Risk team", "the Labour Party", "joined LinkedIn"); unsure whose
# team ("the Stripe team"), so no employer is said (the doubt rule may leave the old one unsure)
_NO_EMPLOYER = lazy_pattern(
    r"(?:^|\s)(?:team|squad|crew|party|club|society|league|choir|band|orchestra|committee|caucus|board|guild"
    r"|fraternity|sorority|movement|community|forum|waitlist|wait\s+list|cohort|\u515a|\u4ff1\u4e50\u90e8)$"
    r"|^(?:linkedin|facebook|twitter|instagram|tiktok|reddit|discord|slack|github|strava|tinder|bumble|hinge"
    r"|mastodon|bluesky|snapchat|whatsapp|pinterest|youtube|nextdoor|duolingo|goodreads|meetup|patreon)$",
    re.IGNORECASE,
)


_BARE_COMMA = lazy_pattern(r"\s*[,;:]\s*")
_DEPARTMENTS = frozenset((
    *"engineering marketing sales finance operations ops product design hr legal research r&d it data "
    "platform security support procurement accounting compliance strategy growth analytics infrastructure "
    "qa recruiting communications pr".split(),
    "human resources", "customer success", "people ops",
))


# "joining Sunita's team": a person's team, the object of the team row
_OWNERS_TEAM = lazy_pattern(r"['’]s\s+(?:team|group|squad|crew)\b", re.IGNORECASE)  # (not "Stripe's finance team")
# a plan with no name has no status of its own ("计划取消了", "项目计划取消了", "调动计划取消了")
_ZH_GENERIC_PLAN = lazy_pattern(r"(?:这个|那个|该|原|原来的|整个|项目|调动|调岗|出差|旅行|旅游|搬家|工作|培训|招聘|装修)?(?:计划|项目|方案|安排)$")
