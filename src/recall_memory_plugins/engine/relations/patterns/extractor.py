"""The pattern extractor: runs the pattern tables over each sentence view of an annotated text.

Each sentence's view is matched against the English or Chinese table (only the patterns whose
literals occur in it, see ``prefilter.py``). A clause without a subject ("..., and is leading
Project Spark", "…，正在负责星火计划") borrows the subject of the previous clause's relation.
When the annotator produced a dependency parse, sentences where no pattern matched fall back to
subject-verb-object triples (``dependency.py``). Candidates come out in text order, deduplicated.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ....nlp.base import Annotation
from ..gates import ends_at
from ..lexicon import gender_of
from ..names import is_cjk
from ..schema import (
    DATE,
    EVENT,
    LOCATION,
    ORG,
    OTHER,
    PERSON,
    PRODUCT,
    PROJECT,
    RELATION_TYPES,
    EntityRef,
    ExtractionContext,
    RelationCandidate,
)
from .blocks import CLOSE, OPEN
from .chains import last_stop
from .chinese import ZH_PATTERNS
from .dependency import _dependency_triples, _has_parse
from .english import EN_PATTERNS
from .match import _Found, _Match
from .misreads import misread
from .prefilter import _triggers
from .scopes import in_denied_or_excluded
from .unit_moves import unit_move
from .views import (
    _EN_CLAUSE,
    _EN_LEAD,
    _ZH_CLAUSE,
    _ZH_LEAD,
    _lead_end,
    _make_view,
    _sentence_subject,
    _SentenceExtraction,
    _View,
)

__all__ = ["PatternRelationExtractor"]

_PLACES_AND_BODIES = frozenset({ORG, PROJECT, LOCATION})
_APPOSITIVE = re.compile(r",\s*" + OPEN + r"(\d+)" + CLOSE + r"\s*,\s*$")  # (not "who reported to X, is")
_BE_FIRST = re.compile(r"(?:is|was|has|had)\b")
_COORDINATED = re.compile(r"\s+(?:and|&)\s+(?:I|me|[A-Z])")  # a subject's "and I", "and Ben"
_ZH_GROUP_BEFORE = re.compile(CLOSE + r"的?(?:手下|下属|部下|团队|组员)|包括")
_NO_PLACE = frozenset({ORG, PROJECT, PERSON})
# a person's own relation (home, job, school, taste, trip, marriage) never has a firm, a project,
# a product, a date or an event as its subject ("Ørsted has confirmed that Ingrid …, lured away
# from Equinor"; "KPMG LIKES Aisha")
_NO_PERSON = frozenset({ORG, PROJECT, PRODUCT, DATE, EVENT})
_A_PERSON_S = frozenset(
    {"LIVES_IN", "WORKS_FOR", "STUDIES_AT", "LIKES", "DISLIKES", "VISITED", "WANTS_TO_VISIT", "MARRIED_TO"}
)
_SITE = re.compile(r"\s(?:office|branch|site|campus|HQ|headquarters)$", re.IGNORECASE)
# a team of no named employer is no employer: 今天正式加入数据组 (the company is not said)
_ZH_TEAM_ONLY = re.compile(
    r"(?:市场|数据|技术|研发|人事|人力资源|财务|销售|产品|运营|法务|设计|客服|行政|公关|算法|测试|前端|后端|风控|增长|安全|架构|平台|质量)"
    r"(?:组|小组|团队)"  # (a department, 销售部, stays the seed's employer: 张三是销售部的经理)
)
_OVER = re.compile(r"\b(?:was|were)\s+married\b", re.IGNORECASE)
_FOR_YEARS = re.compile(r"\s+for\s+(?:[\w-]+\s+){0,2}?(?:years?|decades?)\b", re.IGNORECASE)
# days are no places: "1:1 w/ Gareth moved to Weds"
_DAY_NAME = re.compile(
    r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:days?|s)?|weds|thurs|noon|midnight"
    r"|(?:this|next|last) (?:week|month|year)|tomorrow|tonight|周[一二三四五六日天]|星期[一二三四五六日天]",
    re.IGNORECASE,
)


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
        # each sentence's view looks only at its own mentions (linear in the text's length)
        members: dict[int, list[int]] = {}
        for idx, m in enumerate(mentions):
            members.setdefault(m.sentence, []).append(idx)
        found: list[_Found] = []
        carried: int | None = None  # the person a Chinese sentence without a subject is about
        for s_idx, sentence in enumerate(annotation.sentences):
            ex = _SentenceExtraction(
                annotation,
                sentence,
                s_idx,
                mentions,
                types,
                context,
                members=members.get(s_idx, []),
            )
            sentence_found, carried = self._sentence(ex, carried)
            if not sentence_found and self.dependency_fallback and _has_parse(sentence):
                sentence_found = [
                    _Found(sentence.end_char, None, c) for c in _dependency_triples(ex)
                ]
            if sentence_found:  # "Everyone except Bob joined X", "Neither Alice nor Bob lives in Y"
                dropped = in_denied_or_excluded(annotation.text, sentence.start_char, sentence.end_char, mentions,
                                                members.get(s_idx, []), [(f.position, f.candidate) for f in sentence_found])
                sentence_found = [f for f, out in zip(sentence_found, dropped, strict=True) if not out]
            found.extend(sentence_found)
        out: list[RelationCandidate] = []
        at: list[int] = []  # where each of ``out`` was found
        seen: set[tuple[object, ...]] = set()
        for f in sorted(found, key=lambda f: f.position):
            c = _finish(f.candidate)
            spec = RELATION_TYPES.get(c.type)
            if spec is not None and spec.object_type == LOCATION and c.object is not None \
                    and (c.object.type in _NO_PLACE or _DAY_NAME.fullmatch(c.object.name.strip(". "))
                         or unit_move(c, annotation.sentences)):
                continue  # 黄丽回到研发部: a department, not where she lives
            if c.type == "WORKS_FOR" and c.object is not None and _ZH_TEAM_ONLY.fullmatch(c.object.name):
                continue
            if c.type in _A_PERSON_S and (
                c.subject.type in _NO_PERSON
                # a dateline ("ZURICH — Mateo, 24, …") or an office ("our Lyon office is moving")
                or (c.subject.type == LOCATION and (c.subject.name.isupper() or _SITE.search(c.subject.name)))
            ):
                continue  # (a weak NER's place may be a person: "Jun Park"; its facts stay)
            if c.type == "STATUS" and (
                types.get(c.subject.id or "") == PERSON or gender_of(c.subject.name.split()[0]) is not None
            ):
                continue  # "Maria got shipped off to Marketing": a project's status, not a person's
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
                at.append(f.position)
        # "陈伟喜欢咖啡，后来改喝茶了": a fact the same text takes back later is not stated
        taken_back = {_triple(c): p for c, p in zip(out, at, strict=True) if c.negated}
        return [c for c, p in zip(out, at, strict=True) if c.negated or taken_back.get(_triple(c), p) <= p]

    def _sentence(self, ex: _SentenceExtraction, carried: int | None = None) -> tuple[list[_Found], int | None]:
        """What a sentence states, and the person the next sentence is about if it names no one
        first (Chinese drops a subject the sentence before gave: "韩冰婚假回来了！跟唐杰离婚两年后，…")."""
        annotation, sentence = ex.annotation, ex.sentence
        zh = sentence.lang.startswith("zh") or is_cjk(sentence.text)
        view = _make_view(annotation, sentence, ex.index, ex.mentions, zh, ex.members)
        found = _run(view, ex)
        opener = _sentence_subject(view, _ZH_LEAD, ex) if zh else None
        own = _sentence_subject(view, _ZH_LEAD, ex, person=True) if opener is not None else None
        if zh and opener is None and carried is not None:
            first = next((m.start() for m in _ZH_CLAUSE.finditer(view.text)), len(view.text))
            clause = view.text[:first]
            rest = clause[_lead_end(_ZH_LEAD, clause) :]
            if rest and not rest.startswith(OPEN):
                placeholder = f"{OPEN}{carried}{CLOSE}"
                sub = _View(placeholder + clause, [ex.mentions[carried].start] * len(placeholder) + view.origin[:first],
                            ex.index, zh)
                found.extend(f for f in _run(sub, ex) if f.subject == carried)
        return self._clauses(ex, view, found, zh), own if opener is not None else (carried if zh else None)

    def _clauses(self, ex: _SentenceExtraction, view: _View, found: list[_Found], zh: bool) -> list[_Found]:
        annotation, sentence = ex.annotation, ex.sentence
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
            last = before[-1].subject if before else None
            if last is not None and not zh and _COORDINATED.match(annotation.text, ex.mentions[last].end):
                continue  # "aiko and I split up but … married Rin": neither of the two alone
            appositive = None if zh else _APPOSITIVE.search(view.text, max(0, start - 20), start)
            subject = (
                int(appositive.group(1))  # "her replacement, Henrik, is now Yusuf's line manager"
                if appositive is not None and _BE_FIRST.match(rest)
                and ex.mentions[int(appositive.group(1))].type not in _NO_PERSON
                else before[-1].subject
                if before
                # the person who opens the clause before (邵峰和叶楠闹掰了，叶楠申请调岗成功，现在归孟琳管), or
                # the one before it ("…; Ines, like the rest of them, now reports to Sunita"), else the sentence's
                else _sentence_subject(view, lead, ex, bounds[i - 1] if i else 0, start, person=True)
                if i
                else None
            )
            if subject is None and i > 1 and not before and not zh:
                subject = _sentence_subject(view, lead, ex, bounds[i - 2], bounds[i - 1], person=True)
            if subject is None:
                subject = _sentence_subject(view, lead, ex)
                # a school or firm that opens a Chinese sentence is its topic, not the one who
                # acts in a later clause (武汉大学本科读完了，现在在清华大学读研)
                if subject is not None and zh and ex.mentions[subject].type in _PLACES_AND_BODIES:
                    subject = None
            # a group opened a clause before (他手下的人，包括杨帆，现在都向邓雅汇报): the group's
            if subject is None or (zh and _ZH_GROUP_BEFORE.search(view.text, 0, start)):
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


def _triple(c: RelationCandidate) -> tuple[str, str, str | None]:
    return c.subject.id or c.subject.name, c.type, (c.object.id or c.object.name) if c.object else None


def _run(view: _View, ex: _SentenceExtraction) -> list[_Found]:
    out: list[_Found] = []
    patterns = ZH_PATTERNS if view.zh else EN_PATTERNS
    for k in _triggers(patterns).candidates(view.text):
        pattern, handler = patterns[k]
        for m in pattern.finditer(view.text):
            h = _Match(m, view, ex)
            for cand in last_stop(h, handler(h)):  # (a chain of moves: its last stop)
                if misread(h, cand):
                    continue  # a partner, a name that only qualifies, a short stay, a firm (misreads.py)
                if _it_for_a_person(h, cand) or (cand.type == "MARRIED_TO" and not cand.negated and _OVER.search(m.group(0))
                                                 and _FOR_YEARS.match(view.text, m.end())):
                    continue  # "I was married to Katya for seven years": over and done with
                if view.zh and not cand.negated and (
                    ends_at(_ZH_PAST_BEFORE, view.text, m.start())
                    # 几年前李娜在百度上班: a state years ago (not 三年前搬到上海, a change then)
                    or (ends_at(_ZH_YEARS_AGO, view.text, m.start()) and _ZH_STATE.search(m.group(0))
                        and not _ZH_CHANGE.search(m.group(0)))
                ):
                    # 此前她在中国银行任职八年: what was, now ended (as "以前" after the subject)
                    cand = replace(cand, negated=True)
                if cand.sentence != view.sentence:
                    cand = RelationCandidate(
                        cand.subject,
                        cand.type,
                        cand.object,
                        cand.attributes,
                        cand.negated,
                        view.sentence,
                        cand.ends,
                    )
                out.append(_Found(h.end, _grammatical_subject(h), cand))
    return out


def _grammatical_subject(h: _Match) -> int | None:
    """The slot a later clause borrows as its subject: the relation's subject, or in English the
    giver that opens the match ("Oliver handed Atlas over to Grace and is now running Beacon")."""
    s, z = h.slot("s"), h.slot("z")
    mentions = h.ex.mentions
    if h.view.zh:  # "朱浩已经不归何伟管了，调到郭敏的组了": 朱浩 moved, not his old manager
        o = h.slot("o")
        led = s is not None and o is not None and 0 <= o < len(mentions) and 0 <= s < len(mentions) \
            and mentions[o].type == PERSON and mentions[o].start < mentions[s].start
        return o if led and _ZH_LED_BY.search(h.m.group(0)) else s
    if s is None or z is None:
        return s
    return z if 0 <= z < len(mentions) and 0 <= s < len(mentions) and mentions[z].start < mentions[s].start else s


_ZH_YEARS_AGO = re.compile(r"(?:几|多|好几|[一二三四五六七八九十两0-9]+)年(?:前|以前|之前)[，,]?$")
_ZH_STATE = re.compile(r"工作|上班|任职|就职|供职|住|生活|读书|上学|念书")
_ZH_CHANGE = re.compile(r"搬|迁|入职|加入|跳槽|调|转|升|离|去了|到了")
_ZH_LED_BY = re.compile(r"(?:由|归)[^，。]{0,8}(?:管理|领导|带领|带|管)")
# a past marker that opens the clause right before the subject (not "三个月之前": a time ago; not
# "新领导到位之前，": until someone is in place, an interim now)
_ZH_PAST_BEFORE = re.compile(
    r"(?:(?<![月年天周期久])(?<!到位)(?<!到岗)(?<!就位)(?<!确定)(?<!定下来)(?<!招到人)(?:以前|之前)|此前|先前|早前|曾经|从前|早年)[，,]?$"
)
# "it" never names a person, and as the thing someone likes, owns or relies on it is resolved by
# salience alone ("I rely on it" after a trip to Lake Tahoe, said of a car the text never named)
_IT = frozenset({"it", "its", "它"})
_IT_OBJECT_TYPES = frozenset({"LIKES", "DISLIKES", "OWNS", "DEPENDS_ON"})


def _it_for_a_person(h: _Match, cand: RelationCandidate) -> bool:
    """Whether the candidate's subject is "it" where the relation's subject is a person ("It's
    been a rough week - I gave in and bought snacks" borrowing "It"), or its object is "it" for
    a taste, a possession or a dependence."""
    spec = RELATION_TYPES.get(cand.type)
    for slot, end in (("s", cand.subject), ("o", cand.object)):
        idx = h.slot(slot)
        if idx is None or end is None or not 0 <= idx < len(h.ex.mentions):
            continue
        m = h.ex.mentions[idx]
        if m.kind != "pronoun" or m.text.lower() not in _IT or end.id not in m.entity_ids:
            continue
        if end is cand.subject and spec is not None and spec.subject_type == PERSON:
            return True
        if end is cand.object and cand.type in _IT_OBJECT_TYPES:
            return True
    return False


def _finish(c: RelationCandidate) -> RelationCandidate:
    """Give untyped ends the type the relation implies (a place for LIVES_IN)."""
    spec = RELATION_TYPES.get(c.type)
    if spec is None:
        return c
    subject, obj = c.subject, c.object
    if subject.type in (None, OTHER) and spec.subject_type:
        subject = EntityRef(subject.name, spec.subject_type, subject.id)
    elif spec.subject_type == PERSON and subject.type == LOCATION and " " in subject.name \
            and gender_of(subject.name.split()[0]) is not None:
        subject = EntityRef(subject.name, PERSON, subject.id)  # "Ethan Park studies at ...": a person
    if obj is not None and obj.type is None and spec.object_type:
        obj = EntityRef(obj.name, spec.object_type, obj.id)
    if subject is c.subject and obj is c.object:
        return c
    return RelationCandidate(subject, c.type, obj, c.attributes, c.negated, c.sentence, c.ends)
