"""Asides the doubt rule (:mod:`.doubt`) reads as no news of a home, a job or a marriage.

A chat is full of them: a hobby given up ("I quit guitar lessons"), a diet ("I'm vegan now"),
a thing owned ("now I'm down to one credit card", "traded in the Civic for a Tesla"), a pet
("adopted a cockatiel to keep Kiwi company"), health ("back at work after my surgery"), or the
current value said to hold ("I love living in Paris", "have worked at Acme since 2020"). Each
is a table row here, with a test of its examples and look-alikes in
``tests/unit/test_doubt_asides_round50_a.py``.
"""

from __future__ import annotations

import re
from typing import Protocol

from .lazy_regex import lazy_pattern

__all__ = ["ASIDE", "HEALTH", "HOBBY_CHANGE", "aside_only", "boss_changed", "holds_now", "my_boss_changed", "narrowed", "not_topic", "others_feelings_blanked", "restated",
           "since_only"]

class Searcher(Protocol):
    """A word list of the doubt rule (a compiled pattern or :class:`.doubt_words.Folded`)."""

    def search(self, text: str) -> object: ...


# activities, diets and things a person has: none is a home, a job or a partner
_ACTIVITY = (
    r"climbing|bouldering|tennis|golf|yoga|pilates|crossfit|guitar|piano|violin|cello|drums|pottery|"
    r"ceramics|painting|drawing|knitting|sewing|chess|football|soccer|basketball|volleyball|rugby|"
    r"cricket|hockey|baseball|swimming|cycling|running|jogging|hiking|dancing|ballet|salsa|singing|"
    r"choir|boxing|karate|judo|jiu-?jitsu|martial arts|surfing|skiing|snowboarding|skating|"
    r"photography|baking|gardening|meditation|journaling|gaming|video games|spin|zumba|rowing|"
    r"archery|fencing|badminton|squash|padel|pickleball|sports?|gym|"
    r"lessons?|class(?:es)?|practice|hobby|habit|workouts?"
)
_FOOD = r"meat|dairy|gluten|sugar|carbs|alcohol|booze|beer|wine|coffee|caffeine|pork|beef|fish|eggs|milk|cheese|bread"
_DIET = r"vegan|vegetarian|veggie|plant-based|pescatarian|keto|paleo|gluten-free|dairy-free|teetotal|sober|low-carb"
_PET = r"pets?|dogs?|cats?|kittens?|pupp(?:y|ies)|parrots?|cockatiels?|budgies?|hamsters?|rabbits?|bunn(?:y|ies)|goldfish|vet"
_THING = (
    r"(?:credit|debit|store) cards?|cards?|car|bike|phone|iphone|tablet|sofa|couch|watch|"
    r"camera|debt|loan|mortgage payments?|savings|budget|subscriptions?|balances?"
)
# a strong change of one of them: its words are no change of anything else
HOBBY_CHANGE = lazy_pattern(
    r"\b(?:quit(?:s|ting)?|gave up|giv(?:e|es|ing) up|stopp(?:ed|ing)|stops?|dropp(?:ed|ing)|ditch(?:ed|es|ing)?"
    r"|swore off|no longer|cancell?(?:ed|ing)|sold|selling)\s+(?:(?:my|his|her|their|our|the|a|an|doing|going to|playing"
    rf"|plays?|eat(?:ing|s)?|drink(?:ing|s)?)\s+)*(?:[\w-]+\s+){{0,2}}?(?:{_ACTIVITY}|{_FOOD}|{_PET}|{_THING})\b"
    rf"|\b(?:(?:doesn'?t|don'?t|do not|does not|no longer|never)\s+(?:eat|drink|play|do)s?\s+(?:[\w-]+\s+){{0,2}}?"
    rf"(?:{_FOOD}|{_ACTIVITY})(?:\s+any ?more)?)\b"
    rf"|\b(?:went|gone|going|turned|is|am|are|was|'s|’s|'m|’m|'re|became|become|now|eat(?:s|ing)?)\s+(?:fully |strictly |mostly |now )?(?:{_DIET})\b"
    rf"|\bswitch(?:ed|es|ing)? (?:over )?(?:to|from) (?:[\w-]+ ){{0,2}}?(?:{_FOOD}|decaf|tea|{_DIET}|diet)\b"
    r"|\btrad(?:e|ed|es|ing)[ -]in\b|\b(?:down to|up to) (?:just |only )?(?:one|two|three|\d+) (?:credit |debit )?cards?\b"
    r"|健身|减肥|节食|吃素|戒[烟酒糖]|新?养了?[一两几]?[只条]?小?[猫狗]|撸猫|遛狗"
    r"|(?:不再|再也不|已经不|早就不|不)(?:吃|喝|抽|玩|打|练|弹|去)(?:肉|荤|酒|烟|糖|甜食|咖啡|奶茶|游戏|篮球|足球|网球|羽毛球"
    r"|乒乓球|吉他|钢琴|瑜伽|健身房)了?",
    re.IGNORECASE,
)
# what an aside is about, beside a change word of time ("now I'm down to one credit card", "I'm
# vegan now", 现在在减肥); in lower case: "the Kingsbridge Chess Club" is an employer's name
ASIDE = lazy_pattern(rf"\b(?:{_ACTIVITY}|{_DIET}|{_PET}|{_THING}|diet)\b|健身|减肥|节食|吃素|猫|狗|宠物")
_WHEN = lazy_pattern(r"\b(?:now|nowadays|these days|any ?more|instead|switch(?:ed|es|ing)?(?: over)? to|start(?:ed|s|ing)?)\b"
                     r"|现在|如今|目前|最近|开始", re.IGNORECASE)
_PARTS = lazy_pattern(r"[,;:.!?()，。；：！？—–\n\U0001F300-\U0001FAFF\u2600-\u27BF]|\s-\s")


def _beside_aside(part: str, said: str, change: Searcher) -> bool:
    """Whether every change word of ``part`` is one of time beside an aside word (after it, or
    just before: "now goes to the gym", "I'm vegan now"), not "new radiator", "now Elaine and I"."""
    if change.search(_WHEN.sub(" ", said)):  # (``said``: ``part`` with its hobby changes blanked)
        return False
    asides = [m.span() for m in ASIDE.finditer(part)]
    return all(any(-12 <= a - w.end() <= 32 or 0 <= w.start() - b <= 12 for a, b in asides) for w in _WHEN.finditer(said))
# health news: a stay or an absence, like a trip (a real move said with it is still read)
HEALTH = (
    r"\b(?:surgery|operation|recover(?:ing|y|ed|s)?|sick (?:leave|note)|signed (?:me|him|her|them|us) off"
    r"|off (?:work )?sick|in hospital|hospitali[sz]ed|physio\w*|chemo\w*|rehab|doctor'?s orders"
    r"|(?:broke|broken|sprained) (?:my|his|her|their) (?:leg|arm|wrist|ankle|foot|hip)|concussion)\b"
    r"|住院|手术|养病|病假|康复"
)
# an idiom or a preference with a topic word: no topic ("to keep Kiwi company", "my favourite city")
_IDIOM = lazy_pattern(
    r"\b(keep(?:s|ing)?|kept)\s+((?:[\w'’-]+\s+){1,3}?)company\b"
    r"|\b(for|good|great|some|enjoy(?:s|ed|ing)? (?:the|your|his|her|their|our))\s+company\b"
    r"|\b(fav(?:ou?rite)?s?)\s+(?:city|town|place|neighbou?rhood|house|home|job|team|class|company|office)\b",
    re.IGNORECASE,
)


def not_topic(text: str) -> str:
    """``text`` with the topic words of its idioms and preferences taken out."""
    return _IDIOM.sub(lambda m: " ".join(g for g in m.groups() if g) or " ", text)


# "since" of a fact that holds now ("have loved climbing since June", "ever since I was a kid")
_SINCE = lazy_pattern(r"\b(?:ever )?since\b", re.IGNORECASE)


def since_only(text: str, change: Searcher) -> bool:
    """Whether the change words of ``text`` are "since" alone (``change``: the change words)."""
    return bool(_SINCE.search(text)) and not change.search(_SINCE.sub(" ", text))


# the value said to hold in the present, in its relation's own verb: "I love living in Paris",
# "working at Acme is exhausting", "have worked at Acme since 2020", "I've loved climbing ever
# since I was a kid" (not "used to live in", "I miss working at", "loved it back then")
_NOW_BEFORE = (r"(?:^\s*|\b(?:i|we|he|she|they|you|love|loves|enjoy|enjoys|like|likes|hate|hates|still|currently"
               r"|now|been|am|is|are|'m|’m|'s|’s|'re|’re)\s+)")
_PERFECT = r"\b(?:have|has|'ve|’ve)\s+(?:always\s+|been\s+)?"
_HOLDS = {
    "LIVES_IN": rf"{_NOW_BEFORE}(?:living|lives|live)\s+in\s+|{_PERFECT}(?:lived|living)\s+in\s+",
    "WORKS_FOR": rf"{_NOW_BEFORE}(?:working|works|work)\s+(?:at|for|with)\s+|{_PERFECT}(?:worked|working)\s+(?:at|for|with)\s+",
    "LIKES": rf"{_PERFECT}(?:loved|liked|enjoyed|adored|been into)\s+",
    "DISLIKES": rf"{_PERFECT}(?:hated|disliked|loathed|detested)\s+",
}


def holds_now(name: str, text: str, type_: str) -> bool:
    """Whether ``text`` (lower-cased) says the value ``name`` of a ``type_`` relation holds now."""
    said = _HOLDS.get(type_)
    return said is not None and name in text and re.search(rf"(?:{said})(?:the\s+)?{re.escape(name)}(?![\w])", text) is not None


# a boss who changed: "Alice's boss quit", "my manager retired" (the reporting line, not the job)
_BOSS = lazy_pattern(
    r"(?:'s|’s|s'|的)?\s*(?:(?:old|new|former|line)\s+)?(?:boss|manager|supervisor|team lead|老板|领导|上司)"
    r"(?=(?:\s+(?-i:[A-Z][a-z]+))?\s+(?:has |had |just |finally |officially |suddenly )*(?:quit|left|retired|resigned|was fired|got fired"
    r"|was let go|got let go|is leaving|is retiring|changed jobs|jumped ship)\b|辞职|离职|退休|走了)",
    re.IGNORECASE,
)
_MY_BOSS = lazy_pattern(r"\b(?:my|our)\s+(?=(?:(?:old|new|former|line)\s+)?(?:boss|manager|supervisor|team lead))|我的?(?=老板|领导|上司)",
                        re.IGNORECASE)


def narrowed(before: bool | str | None, tail: str, work: re.Pattern[str]) -> bool | str:
    """The relations of a name the doubt rule may doubt, given the text after one more mention
    of it: False all, True its work ("Finn's company moved"), "boss" its reporting line
    ("Alice's boss quit"); ``before``, what its earlier mentions allowed (None: none yet)."""
    now: bool | str = "boss" if _BOSS.match(tail) else work.match(tail) is not None
    if before is None or before == now:
        return now
    return False if False in (before, now) else True


def aside_only(text: str, change: Searcher, strong: Searcher, habit: re.Pattern[str], folded: str,
               values: list[tuple[str, str]]) -> bool:
    """Whether the change words of ``text`` are those of an aside: a hobby, a diet, a thing or a
    pet changed ("quit guitar lessons"), a weak change word beside one ("now I'm vegan"), or the
    "since" of one of the person's ``values`` said to hold (:func:`restated`)."""
    rest = habit.sub(" ", HOBBY_CHANGE.sub(" ", text))
    if not change.search(rest) or restated(text, change, folded, values):
        return True
    if strong.search(rest) or ASIDE.search(text) is None:
        return False
    def blank(m: re.Match[str]) -> str:
        return " " * len(m.group())

    parts = [(p, habit.sub(blank, HOBBY_CHANGE.sub(blank, p))) for p in _PARTS.split(text)]
    return all(_beside_aside(p, said, change) for p, said in parts if change.search(said))


def restated(text: str, change: Searcher, folded: str, values: list[tuple[str, str]]) -> bool:
    """Whether ``text`` only restates a value that holds ("have worked at Acme since 2020"):
    its "since" is no change of the person's other facts."""
    return since_only(text, change) and any(holds_now(v.casefold(), folded, t) for v, t in values if v)


def boss_changed(tail: str) -> bool:
    """Whether ``tail`` (the text after a name) says the name's boss changed ("'s boss quit")."""
    return _BOSS.match(tail) is not None


def my_boss_changed(text: str) -> bool:
    """Whether a chat line's change is its speaker's boss's ("my boss quit today, chaos")."""
    return any(_BOSS.match(text, m.end()) for m in _MY_BOSS.finditer(text))


# a Chinese clause whose subject is someone's relative or friend ("阎丽的老公闻到榴莲味就想吐",
# "我男朋友一吃辣就难受"): a feeling said there is theirs, not a taste of the person named before
# (each clause is searched once for the relative: a pattern that spans the clause around it would
# rescan the clause from every position, quadratic in a long unpunctuated voice transcript)
_OTHERS = lazy_pattern(
    r"(?:的|[我他她你])(?:老公|老婆|丈夫|妻子|爱人|媳妇|对象|男朋友|女朋友|男友|女友|闺蜜"
    r"|爸爸|妈妈|爸|妈|父母|孩子|儿子|女儿|室友|同事|朋友|邻居|哥哥|姐姐|弟弟|妹妹)"
)
_CLAUSE_RUN = lazy_pattern(r"[^，,。！？；;!?\n]+")


def others_feelings_blanked(text: str) -> str:
    """``text`` with the Chinese clauses about a relative's or a friend's feelings blanked
    (same length): the feeling words left are the person's own."""
    if "的" not in text and not any(p in text for p in "我他她你"):
        return text
    return _CLAUSE_RUN.sub(lambda m: " " * len(m.group()) if _OTHERS.search(m.group()) else m.group(), text)
