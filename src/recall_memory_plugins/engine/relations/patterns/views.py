"""Sentence views: the text the patterns see, and the per-sentence state of one extraction.

A view is a sentence (or a clause with a borrowed subject) with every resolved mention replaced
by a placeholder (``OPEN`` index ``CLOSE``), so one regular expression covers "Zhang San", "he"
and "the project" alike; ``origin`` maps each view character back to the annotated text. Also
here: where clauses start, the sentence's opening subject, and noun phrases read from tokens.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from ....nlp.base import Annotation, Sentence, Token
from ..lexicon import POSSESSIVE_DETERMINERS, POSSESSOR, gender_of
from ..names import is_cjk, token_offsets
from ..schema import (
    ORG,
    OTHER,
    PERSON,
    PRODUCT,
    PROJECT,
    THING,
    EntityRef,
    ExtractionContext,
    Mention,
)
from .blocks import _DETS, _NOUNISH, _SLOT_RE, _ZH, _ZH_NP_TAIL, _ZH_NP_VERBS, CLOSE, OPEN
from .vocative import zh_spoken_to


@dataclass(slots=True)
class _View:
    """A sentence (or a clause with a borrowed subject) with placeholders for mentions."""

    text: str
    origin: list[int]  # view char -> offset in the annotated text
    sentence: int
    zh: bool


# before "由X接手": words of time and manner, then (if any) the clause's own topic
_ZH_TIME_FILLER = re.compile(
    r"现在|目前|如今|今后|以后|之后|往后|接下来|后续|然后|随后|从此|此后|这边|那边|这块|那块|都|也|就|已经|将|会"
    r"|(?:这个|那个|这|那|该|此)(?:项目|计划|团队|小组|部门|工程|系统|产品|公司)"  # 这个项目: the one before
    r"|正式|暂时|统一|改|全部|一律|(?:从|自)?(?:今天|本周|这周|下周|本月|下月|下个月|明天|周[一二三四五六日])起?"
)
# when a liked thing is done, before it: no part of it (周末去爬山, 晚上跑步)
_ZH_WHEN_DONE = re.compile(r"(?:周末|晚上|早上|每天|每周|平时|下班后|下班以后|有空|没事)(?:的时候)?(?=去|[\u4e00-\u9fff]{2})")
_ZH_OFTEN = re.compile(r"天天|每天|经常|总是|一直|常常|老是|整天")
_ZH_GONE_TO = re.compile(r"(?:调去|调任|调至|调回|调到|转岗至|转岗到|派往|派驻|在)$")
_ZH_GONE_VERB = re.compile(r"调(?:去|任|至|回|到)|转岗|派往|派驻")  # (a weak name that took its verb: 调去总部)
_ZH_TOPIC = re.compile(r"[\u4e00-\u9fff]{2}")
_COORD_RE = re.compile(
    OPEN + r"(\d+)" + CLOSE + r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*|和|与|跟|及|、)\s*$",
    re.IGNORECASE,
)
_AFTER_PREPOSITION = re.compile(
    r"(?:\b(?:for|at|with|to|from|by|of|in|on|about|than|into|under|like)\s+(?:the\s+)?"
    r"|(?:在|向|给|从|对|为|替|比|于))$",
    re.IGNORECASE,
)
# the look-back of _AFTER_PREPOSITION: "about the" with a few spaces (more whitespace than that
# between a preposition and a name is no object list)
_PREPOSITION_REACH = 32
_EN_CLAUSE = re.compile(
    # never from inside a run of spaces (each start would scan the rest of it: quadratic); a
    # match there also starts where the run does (no match ends in one), so finditer finds the
    # same ones
    r"(?:(?<!\s)|(?!\s))(?:\s*[,;]\s*(?:and\s+|but\s+|then\s+|and\s+then\s+)?|\s+(?:and|but)\s+"
    r"(?:then\s+)?|\s+[-–—]\s+)",
    re.IGNORECASE,
)
_ZH_CLAUSE = re.compile(r"[，,；;]\s*(?:而且|并且|同时|但是|但|然后|并|还)?")
_EN_LEAD = re.compile(
    r"^(?:(?:now|currently|also|still|recently|then|later|today|so)\s+)*", re.IGNORECASE
)
_ZH_LEAD = re.compile(r"^" + _ZH["ADV"])
_FIRST_BE = re.compile(r"['’]m(?=\s)|\s+am(?=\s)", re.IGNORECASE)


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
    members: Sequence[int] | None = None  # indices of the mentions in this sentence
    # the tokens with their offsets, and their starts and ends when both ascend (then the tokens
    # in a span are found by bisection); built on the first noun phrase
    _pairs: list[tuple[Token, int, int]] | None = None
    _starts: list[int] = field(default_factory=list)
    _ends: list[int] = field(default_factory=list)

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

    def implicit_object(self, before: int, *, named_only: bool = False) -> list[EntityRef]:
        """The nearest entity before ``before`` that is not a person (for "由王五接手"); else, unless
        ``named_only`` (only what the text names), the first project, product or organisation known."""
        for idx in range(len(self.mentions) - 1, -1, -1):
            m = self.mentions[idx]
            if m.start >= before or not m.entity_ids:
                continue
            refs = self.refs(idx)
            if refs and refs[0].type not in (PERSON, None, THING):
                # where someone went or works is no thing handed over: "罗敏被调去上海分公司以后，…由潘东负责"
                gone = _ZH_GONE_TO.search(self.annotation.text, max(0, m.start - 4), m.start) or _ZH_GONE_VERB.match(m.text)
                return [] if gone else refs[:1]
        if named_only:
            return []
        text = self.annotation.text
        lo = max(text.rfind(c, 0, before) for c in "，,。；;：:！!？?\n") + 1
        if _ZH_TOPIC.search(_ZH_TIME_FILLER.sub("", text[lo:before])):
            return []  # "邓丽的绩效考核由罗军负责": the clause names its own topic, not an entity
        for ent in self.context.entities:
            if ent.type in (PROJECT, PRODUCT, ORG):
                return [EntityRef(ent.name, ent.type, ent.id)]
        return []

    def _tokens_in(self, lo: int, hi: int) -> list[tuple[Token, int, int]]:
        """The sentence's tokens overlapping ``text[lo:hi]`` with their offsets, in order.

        A bisection over the offsets when they ascend (always, for the annotators we ship), so
        the noun phrases of a sentence with thousands of tokens are not a scan each.
        """
        if self._pairs is None:
            if not self.offsets:
                self.offsets = token_offsets(self.annotation, self.sentence)
            pairs = [
                (t, s, e) for t, (s, e) in zip(self.sentence.tokens, self.offsets, strict=False)
            ]
            starts = [s for _t, s, _e in pairs]
            ends = [e for _t, _s, e in pairs]
            if all(a <= b for a, b in pairwise(starts)) and all(a <= b for a, b in pairwise(ends)):
                self._starts, self._ends = starts, ends
            self._pairs = pairs
        if self._starts:
            first = bisect_right(self._ends, lo)  # the first token ending after lo
            last = bisect_left(self._starts, hi)  # the tokens before it start before hi
            return self._pairs[first:last]
        return [(t, s, e) for t, s, e in self._pairs if s < hi and e > lo]

    def noun_phrase(self, lo: int, hi: int, *, zh: bool) -> str:
        """The noun phrase at the start of ``text[lo:hi]`` (determiners and verbs trimmed)."""
        text = self.annotation.text
        toks = self._tokens_in(lo, hi)
        if zh:
            raw = text[lo:hi]
            if raw.startswith(("的就是", "的是", "就是")) and len(raw) > 4:
                cut = raw.index("是") + 1  # 最讨厌的就是数学: what follows 是 is the thing
                raw, lo = raw[cut:], lo + cut
            when = _ZH_WHEN_DONE.match(raw)
            if when is not None and len(raw) - when.end() >= 2:  # 周末去爬山: the hiking
                raw, lo = raw[when.end() :], lo + when.end()
            for verb in _ZH_NP_VERBS:
                if raw.startswith(verb) and len(raw) > len(verb) + 1:
                    raw = raw[len(verb) :]
                    break
            # stop at the first function word the tokens show
            cut = len(raw)
            base = hi - len(raw)
            for k, (tok, s, _e) in enumerate(toks):
                if (
                    s >= base
                    and tok.upos in ("ADP", "PART", "AUX", "CCONJ", "SCONJ", "PUNCT", "DET", "PRON")
                    and s - base > 0
                ):
                    if tok.text == "的" and s - base <= 4 and cut == len(raw):
                        # "靠窗的座位", "红色的裙子": the thing is after 的, its modifier before
                        nouns = list(itertools.takewhile(lambda x: x[0].upos == "NOUN", toks[k + 1 :]))
                        if nouns and nouns[-1][2] - base <= len(raw):
                            cut = min(cut, nouns[-1][2] - base)
                            break
                    cut = min(cut, s - base)
            raw = _ZH_NP_TAIL.sub("", raw[:cut])
            often = _ZH_OFTEN.search(raw, 2)
            if often is not None:
                raw = raw[: often.start()]  # 柯基天天晒: the corgi
            if _ZH_COUNT_ONLY.fullmatch(raw):
                return ""  # "又买了一整个": a count, no thing
            raw = _ZH_CLASSIFIER.sub("", raw)  # "养了条柯基": 柯基
            return raw if is_cjk(raw) or raw.isalpha() else ""
        words: list[str] = []
        started = False
        last_upos = ""
        for k, (tok, _s, _e) in enumerate(toks):
            low = tok.text.lower()
            if not started and (low in _DETS or low in _LEADING_ADVERBS or tok.upos in ("DET", "PRON")):
                continue  # (and "I like also cheese pizza")
            if not started and low in _DAY_WORDS:
                return ""  # "the figurines I bought yesterday remind me": a time, then a clause
            if not started and low in _INDEFINITES:
                return ""  # "can't stand anything scary": no thing named
            if started and (low in _DAY_WORDS or low in _TIME_OPENERS or low in _CHAT_TAILS):
                break  # "bought a laptop last week", "a bike yesterday", "jazz anymore tbh": no part
            # (a gerund; or a noun the tagger took for one after "love": "I love jazz")
            # "love padel these days", "into Thai food lately": a noun the tagger took for a verb
            now_after = tok.upos == "VERB" and k + 1 < len(toks) and toks[k + 1][0].text.lower() in _NOW_AFTER \
                and not low.endswith("ed")
            # (and one that ends the phrase after its modifier: "cold-water swimming.")
            ends = started and low.endswith("ing") and (k + 1 == len(toks) or toks[k + 1][0].upos == "PUNCT")
            # "loves video calls, she …": a plural the tagger took for a verb, ending the phrase
            plural = started and last_upos == "NOUN" and tok.upos == "VERB" and low.endswith("s") \
                and not low.endswith("ss") and (toks[k + 1][0].upos == "PUNCT" if k + 1 < len(toks)
                                                else _PUNCT_NEXT.match(text, _e) is not None)
            if tok.upos in _NOUNISH or now_after or ends or plural or (not started and tok.upos == "VERB" and (low.endswith("ing") or tok.xpos == "VBG")):
                words.append(tok.text if tok.upos == "PROPN" else low)
                started = True
                last_upos = tok.upos
                continue
            where = _WHERE_DONE.match(text, _s) if len(words) == 1 and words[0].endswith("ing") else None
            if where is not None:
                words.append(where.group(0).lower())
                break  # "working from home", "eating out": where the gerund is done is part of it
            if low == "of" and len(words) == 1 and words[0] in _PARTITIVES:
                return ""  # "a chunk of Boeing shares": the thing is after "of"; say nothing
            if low in ("and", "or") and last_upos == "ADJ":
                return ""  # "love making new| and powerful models": an adjective cut from its noun
            if len(words) == 1 and _shared_head(words[0], low, [t for t, _, _ in toks[k + 1 : k + 4]]):
                return ""  # "into electronic| and rock music", "classical| like Bach"
            break
        while words and words[-1] in _DETS:
            words.pop()
        if len(words) == 1 and (words[0] in _GENERIC or words[0] in _ASPECTS):
            return ""  # "I can't stand the stuff", "I love the color": the thing is elsewhere
        return " ".join(words)


_WHERE_DONE = re.compile(r"(?:from|at) home\b|remotely\b|outdoors\b|abroad\b|out\b(?!\s+(?:of|on|for|with)\b)", re.IGNORECASE)
_ADJ_SUFFIX = re.compile(r"\w{3}(?:ic|al|ous|ful|ive|less|able|ible|ish)$")


def _shared_head(word: str, stop: str, after: Sequence[Token]) -> bool:
    """Whether one word cut at ``stop`` is a modifier whose noun comes later: "electronic and
    rock music", "the self-acceptance and love theme" (an aspect noun ends the next part),
    "classical like Bach" (an adjective-looking word before an example)."""
    if stop in ("like", "such"):
        return _ADJ_SUFFIX.search(word) is not None
    if stop not in ("and", "or"):
        return False
    nouns: list[str] = []
    for t in after:
        if t.upos not in ("NOUN", "PROPN", "ADJ"):
            break
        nouns.append(t.text.lower())
    return len(nouns) >= 2 and (nouns[-1] in _ASPECTS or _ADJ_SUFFIX.search(word) is not None)


# a Chinese count with no thing ("一整个", "两只"); a classifier left before the thing ("条柯基")
_ZH_COUNT_ONLY = re.compile(r"[一二两几三四五六七八九十半]+整?[个条只台辆件双把张盆瓶杯颗头匹块份套本部]*")
_ZH_CLASSIFIER = re.compile(r"^[一两几]?[条只台辆件双把盆瓶杯颗头匹](?=[\u4e00-\u9fff]{2})")

# adverbs before a thing that are no part of it; day words that open no thing's name
_LEADING_ADVERBS = frozenset({"also", "really", "just", "even", "still", "actually", "especially"})
_DAY_WORDS = frozenset({"yesterday", "today", "tonight", "tomorrow"})
_PUNCT_NEXT = re.compile(r"\s*(?:[,.;!?]|$)")
_NOW_AFTER = frozenset({"these", "nowadays", "lately", "now"})
_INDEFINITES = frozenset(
    "anything something everything nothing anyone someone everyone anybody somebody everybody".split()
)
_TIME_OPENERS = frozenset({"last", "next", "every"})
# nouns that name no thing on their own
_GENERIC = frozenset({"stuff", "thing", "things", "one", "ones", "lot", "bit", "kind", "sort", "way"})
# nouns of time and nouns of an aspect of something, alone no thing ("the aquarium I bought the
# day before yesterday", "I love the color and texture", "I like the structure of the language")
_ASPECTS = frozenset(
    "day days week weeks month months year years weekend morning evening night afternoon time "
    "moment hour hours minute minutes color colour colors colours texture structure theme view "
    "views sky lesson rush connection vibe vibes atmosphere energy design look looks shape detail "
    "details message idea concept feeling feel style sound smell taste scenery setting mood genre "
    "part".split()
)
_PARTITIVES = frozenset(
    "chunk lot lots bunch piece pieces pair couple set share part bit handful box bag cup glass "
    "bottle kind sort type dozen number".split()
)


def coordinated_before(text: str, end: int) -> list[int]:
    """Mentions coordinated right before ``text[end:]``, nearest first ("Mia and Noah moved").

    The same as searching ``_COORD_RE`` in ``text[:end]`` again and again, cutting at each match,
    but a match can only start at the last placeholder before ``end`` (nothing it matches after
    its first character is an ``OPEN``), so each step looks back to that placeholder only instead
    of scanning the whole sentence before it: linear in a sentence without punctuation.
    """
    out: list[int] = []
    while True:
        pos = text.rfind(OPEN, 0, end)
        if pos < 0:
            break
        found = _COORD_RE.match(text, pos, end)
        if found is None:
            break
        out.append(int(found.group(1)))
        end = found.start()
    # the first of them follows a preposition: an object list ("works for Mastercard, and Cy
    # still works for Visa"), not subjects
    # (a bounded look back: searching from 0 made a long unpunctuated sentence quadratic)
    if out and _AFTER_PREPOSITION.search(text, max(0, end - _PREPOSITION_REACH), end):
        return []
    return out


def _lead_end(lead: re.Pattern[str], text: str) -> int:
    """Where ``text`` starts after its leading adverbs/conjunctions."""
    found = lead.match(text)
    return found.end() if found else 0


# a verb of hearing or saying between the subject and the person the clause is about
_REPORTED = re.compile(
    r"\s*(?:听说|听人说|说|表示|透露|告诉我|(?:heard|hear|said|says|told me)(?: that)?)\s*"
    r"(?:同事|朋友|室友|同学|邻居|隔壁组的|组里的)?"  # 听说同事小梁换了领导: 小梁's
    + OPEN + r"(\d+)" + CLOSE
)

_ZH_KIN_AFTER = re.compile(r"(?:" + OPEN + r"\d+" + CLOSE + r"|他|她)?(?:弟|哥|姐|妹|妈|爸|老婆|老公|媳妇|儿子|女儿)")
_OF_SLOT = re.compile("(?:同组|组里|手下|团队里|部门)?的" + OPEN + r"(\d+)" + CLOSE)  # (我同组的唐宁)


# a paper about a person: "Aiko Suzuki's reference letter: graduated from …" (not "'s sister:")
_PAPERS = r"(?:letter|file|notes?|profile|record|update|review|cv|resume|bio|application|form|entry|paperwork)"
_HEADING_ABOUT = re.compile(  # "Onboarding notes for Maya:", "Update on Priya's move:"
    r"[A-Za-z][\w-]*(?:\s+[\w-]+){0,3}?\s+(?:for|on|about|re)\s+" + OPEN + r"(\d+)" + CLOSE
    + r"(?:['’]s\s+(?:[a-z]+\s+)?" + _PAPERS + r")?\s*:\s")
_HEADING = re.compile(r"(?:\s+[a-z]+){1,2}\s*:\s*")  # a note's heading: "Alumni db: "
_CHAT_TAILS = frozenset("anymore tbh lol tho though anyway honestly imo ngl".split())
_ZH_HEADING_SLOT = re.compile(r"[\u4e00-\u9fff0-9A-Za-z]{1,10}[：:]\s*" + OPEN + r"(\d+)" + CLOSE)
# a heading that names a paper after the name: 康复科记录：, 王芳的周报：
_ZH_PAPER = re.compile(r"的?[\u4e00-\u9fff]{0,3}?(?:记录|笔记|备注|日志|报告|档案|病历|随访|周报|月报|简报|通知|纪要|动态|近况|更新)\s*[：:]")
_ZH_TITLED_SLOT = re.compile(r"[\u4e00-\u9fff]{0,6}[：:]\s*" + OPEN + r"(\d+)" + CLOSE)
_OWNER_NOUN = re.compile(r"(?:'s|’s)\s+([A-Za-z]+)")


def _sentence_subject(
    view: _View,
    lead: re.Pattern[str],
    ex: _SentenceExtraction,
    lo: int = 0,
    hi: int | None = None,
    *,
    person: bool = False,
) -> int | None:
    """The mention that opens the sentence (its subject in English and Chinese word order), or
    the clause ``view.text[lo:hi]``; with ``person``, only a person's mention."""
    clause = view.text[lo:hi]
    head = clause[_lead_end(lead, clause) :]
    found = _SLOT_RE.match(head) or (_ZH_HEADING_SLOT.match(head) if view.zh else None)  # (校友录备注：郭靖…)
    titled = _ZH_TITLED_SLOT.match(head, found.end()) if view.zh and found is not None else None
    if titled is not None and found is not None and (
        ex.mentions[int(found.group(1))].type != PERSON or _ZH_PAPER.match(head, found.end()) is not None
    ):
        found = titled  # 聊天笔记：陈静…, 康复科记录：秦明… (康复科 tagged a person): the heading's word is no subject
    about = None if found is not None or view.zh else _HEADING_ABOUT.match(head)
    if about is not None:  # "Notes for Aiko Suzuki's reference letter: graduated from …": Aiko
        idx = int(about.group(1))
        ok = 0 <= idx < len(ex.mentions) and ex.mentions[idx].entity_ids and ex.mentions[idx].type == PERSON
        return idx if ok else None
    if found is None:
        return None
    idx = int(found.group(1))
    heading = None if view.zh else _HEADING.match(head, found.end())
    if heading is not None:  # "Alumni db: Zainab Hussain, …, now working at Arup": Zainab
        found = _SLOT_RE.match(head, heading.end())
        if found is None:
            return None
        idx = int(found.group(1))
    # "我听说刘洋换了领导，…": the one heard about opens what was said
    reported = _REPORTED.match(head, found.end())
    if reported is not None:
        idx, found = int(reported.group(1)), reported
    # 隔壁组的刘洋: the person, not the group
    owned = _OF_SLOT.match(head, found.end())
    if owned is not None and 0 <= int(owned.group(1)) < len(ex.mentions) \
            and ex.mentions[int(owned.group(1))].type == PERSON:
        idx, found = int(owned.group(1)), owned
    if POSSESSOR.match(head, found.end()):
        return None  # "Hamish's sister packed up and moved to Dundee": the sister, unnamed
    owner = _OWNER_NOUN.match(head, found.end())
    if owner is not None and not view.zh:
        at = lo + (len(clause) - len(head)) + owner.start(1)
        if 0 <= at < len(view.origin):
            start = view.origin[at]
            toks = ex._tokens_in(start, start + len(owner.group(1)))
            if toks and toks[0][0].upos == "NOUN":
                return None  # "Nature's beauty reminds me to … enjoy": the beauty, not Nature
    if 0 <= idx < len(ex.mentions) and ex.mentions[idx].text.casefold() in POSSESSIVE_DETERMINERS:
        return None  # "His direct reports, including Grace, now report to Leah": not he
    if view.zh and (head.startswith("的", found.end()) or _ZH_KIN_AFTER.match(head, found.end()) or zh_spoken_to(head, found.end(), ex.mentions)):
        return None  # 复旦的硕士上个月毕业了，…: the degree's, not 复旦's; 邓超他弟…: the brother; 刘医生，按您说的: the one spoken to
    if not 0 <= idx < len(ex.mentions) or not ex.mentions[idx].entity_ids:
        return None
    m = ex.mentions[idx]
    # a pronoun's type is its entity's ("I" is the speaker's mention)
    kind = m.type if m.type is not None else ex.types.get(m.entity_ids[0])
    return idx if not person or kind == PERSON else None


# (not 太太, 主管 as in titles.ZH_TITLED: after a full name they are roles, "张伟主管销售")
_ZH_TITLE_AFTER = re.compile(r"(?:先生|女士|小姐|老师|教练|经理|总监|主任|教授|医生|律师|师傅|同学)(?![的们])")


# a note's subject before a colon or a dash, then its verb: "Samir Khan: has dropped tennis"
_NOTE_SUBJECT = re.compile(r"(?:['’]s\s+(?:[a-z]+\s+)?" + _PAPERS + r"(?=:))?\s*(?::|\s[—–-])\s+(?=(?:has|had|is|was|now|just|finally|recently|officially|[a-z]+ed)\b)"
                           # and of a relative clause that brings news: "Lucía Fernández, who joined Accenture",
                           # "please welcome Kenji Mori, who takes over as manager of Mosaic"
                           r"|,\s+who\s+(?=(?:has\s+|just\s+|recently\s+)?(?:joined|joins|moved|relocated|started|took\s+over|(?:takes|taken)\s+over(?!\s+as\s+(?:her|his|their|my|your|our)\b)|transferred|switched|swapped)\b)")


def _has_clitic(sentence: Sentence, at: int) -> bool:
    """Whether a "'s" at ``at`` is "has" before a participle (not an owner's)."""
    tokens = sentence.tokens  # in text order: a binary search (a scan per "'s" was quadratic)
    k = bisect_left(tokens, at, key=lambda t: t.start_char)
    if k + 1 >= len(tokens) or tokens[k].start_char != at:
        return False
    t = tokens[k]
    return t.text in ("'s", "’s") and t.xpos == "VBZ" and tokens[k + 1].xpos == "VBN"


def _make_view(
    annotation: Annotation,
    sentence: Sentence,
    index: int,
    mentions: Sequence[Mention],
    zh: bool,
    members: Sequence[int] | None = None,
) -> _View:
    """The view of sentence ``index``: its text with its mentions replaced by placeholders.

    Built from the sentence's own span, so building every view of a long text is linear in it.

    Args:
        annotation: the annotated text.
        sentence: the sentence (``annotation.sentences[index]``).
        index: the sentence's index.
        mentions: all mentions of the text; a placeholder names a mention by its index here.
        zh: whether the Chinese patterns read the view.
        members: indices (ascending) of the mentions in sentence ``index``, if known; by default
            every mention is looked at.
    """
    start, end = sentence.start_char, sentence.end_char
    chosen: list[tuple[int, Mention]] = []
    pos = start
    for idx in range(len(mentions)) if members is None else members:
        m = mentions[idx]
        if m.sentence != index or m.start < pos or m.kind == "noun":
            continue
        chosen.append((idx, m))
        pos = m.end
    # the placeholder characters must not come from the user's text
    lo = start
    hi = max([end, *(m.end for _, m in chosen)])
    text = annotation.text[lo:hi].replace(OPEN, " ").replace(CLOSE, " ")

    def piece(a: int, b: int) -> str:  # annotation.text[a:b], a >= lo (a look after a mention: at most 80, linear)
        return text[a - lo : b - lo] if b > a else ""

    parts: list[str] = []
    origin: list[int] = []
    pos = start
    for idx, m in chosen:
        parts.append(piece(pos, m.start))
        origin.extend(range(pos, m.start))
        placeholder = f"{OPEN}{idx}{CLOSE}"
        parts.append(placeholder)
        origin.extend([m.start] * (len(placeholder) - 1) + [m.end - 1])
        pos = m.end
        # "I'm married to Tom", "I am working for Sonos": the patterns' "is" ("she is ...")
        be = None if zh or m.kind != "pronoun" or m.person != 1 else _FIRST_BE.match(piece(pos, min(end, pos + 80)))
        if be is not None:
            parts.append(" is")
            origin.extend([pos, pos, pos + be.end() - 1])
            pos += be.end()
        elif zh and m.kind == "name" and m.type == PERSON and (t := _ZH_TITLE_AFTER.match(piece(pos, min(end, pos + 80)))):
            pos += t.end()  # "刘洋教练已被飞翔体育聘为…": the title is part of the name
        elif not zh and m.kind == "name" and (m.type == PERSON or (m.type in (None, OTHER) and gender_of(m.text.split()[0]))) \
                and (n := _NOTE_SUBJECT.match(piece(pos, min(end, pos + 80)))):  # (a known first name: "Rafael Costa")
            parts.append(" ")  # "Samir Khan: has dropped tennis for padel" (a note about him)
            origin.append(pos)
            pos += n.end()
        elif not zh and m.kind == "pronoun" and piece(pos, pos + 3) in ("'ve", "’ve"):
            parts.append(" have")  # "I've joined Allegro", "we've moved to Leeds": the rows' "have"
            origin.extend([pos, pos, pos + 1, pos + 2, pos + 2])
            pos += 3
        elif not zh and m.kind == "name" and piece(pos, pos + 2) in ("'s", "’s") and _has_clitic(sentence, pos):
            parts.append(" has")  # "Kwame's moved to Kumasi" (the tagger's VBZ before a participle)
            origin.extend([pos, pos, pos, pos + 1])
            pos += 2
    parts.append(piece(pos, end))
    origin.extend(range(pos, end))
    return _View("".join(parts), origin, index, zh)
