"""The taste patterns' handlers (LIKES / DISLIKES): who likes or hates what, and when a match is no
taste at all (a comparison, "is like"; a gerund cut from its own object, "love taking| long
walks"); a switch of tastes ("from tea to coffee", "dropped tennis for padel") and a taste
given up."""

from __future__ import annotations

import functools
import re

from ..gates import ends_at, folds_plainly
from ..lexicon import POSSESSIVE_DETERMINERS
from ..schema import LOCATION, ORG, PERSON, PROJECT, EntityRef, RelationCandidate
from .blocks import _NOT_A_TASTE, _PAST_MARKERS, CLOSE, OPEN
from .en_and_more import joined_things
from .match import _ZH_CHANGE_END, _cands, _Match
from .zh_and_more import joined_tastes

__all__ = ["_likes", "_quit_habit", "_stopped_liking", "_switched_away", "_taste_switch"]

# a word that points back at a thing named before ("sold my jazz vinyl, can't stand the stuff")
_REFERRING = frozenset({"stuff", "thing", "things"})

# "is like", "looks like": a comparison, not a taste (right before the verb)
_COMPARED = re.compile(r"(?:\b(?:is|am|are|was|were|be|been|looks?|looked|feels?|felt|seems?|seemed"
                       r"|sounds?|sounded)|['’](?:s|m|re))\s+(?:just\s+|really\s+|so\s+|a\s+bit\s+)?$",
                       re.IGNORECASE)
# what follows a taste that starts with a gerund and was cut before the gerund's own object
# ("taking long| walks", "expressing| myself"; a mention's placeholder: "seeing| them"): any word
# but one that ends the phrase ("playing tennis with friends", "reading in bed")
_CUT_GERUND = re.compile(
    r"\s+(?:\ue000|(?!(?:and|or|but|so|with|in|at|on|for|to|by|because|when|while|too|very|much"
    r"|every|all|than|as|more|if|since|after|before|during|from|of|whenever|together|again|now"
    r"|there|here|though|although|even|especially|like|is|was|are|were|has|had|can|will|would"
    r"|a\s+lot|the\s+most|most|best|i|it|any\s?more|anyway|these\s+days|nowadays|lately|either|at\s+all"
    r"|ever|yet|no\s+more)\b)[a-z\ue000])",
    re.IGNORECASE,
)


# "like" right after a comma, a dash or a bracket introduces an example or a comparison
_EXAMPLE_BEFORE = re.compile(r"[,(:;\-–—]\s*$")
# "a German Shepherd like Toby", "every coach like Ana": one of a kind, "like" is "such as"
_TAKES_BARE = re.compile(r"\b(?:and|&|or|do|does|did|would|will|to|let|make|makes|made|both)\s+$|[,&]\s*$", re.IGNORECASE)
_ONE_OF_A_KIND = re.compile(r"\b(?:a|an|every|each|another|any)\s+\S+\s+$", re.IGNORECASE)
# a demonstrative right after the verb: the thing in front of the speaker, not a taste
_DEMONSTRATIVE = re.compile(r"\s+(?:all\s+)?(?:this|these|those|that)\s+(?!is\b|was\b|\ue000)[a-z]",
                            re.IGNORECASE)


_THE_AT = re.compile(r"\s+(?:\w+\s+)?the\s+", re.IGNORECASE)


def _absent(name: str, text: str, start: int) -> bool:
    """Whether ``name`` is certainly not in ``text`` after ``start``, in any case (a text with a
    letter that case-insensitive matching pairs differently is left to the regex). Spares
    building a regex for the name."""
    return folds_plainly(name) and folds_plainly(text) and name.lower() not in text[start:].lower()


def _cut_gerund(name: str, text: str, start: int) -> bool:
    """Whether ``name`` starts with a gerund and ``text`` continues it after ``start``."""
    if not re.match(r"[a-z]+ing\b", name, re.IGNORECASE) or _absent(name, text, start):
        return False
    at = re.compile(rf"\b{re.escape(name)}(?![\w'’-])", re.IGNORECASE).search(text, start)
    return at is not None and _CUT_GERUND.match(text, at.end()) is not None


def _aspect_of(name: str, text: str, start: int) -> bool:
    """Whether ``name`` follows "the" at ``start`` and is said of something after it ("the tech
    and funny jokes of Iron Man", "the freedom it brings")."""
    if _THE_AT.match(text, start) is None or _absent(name, text, start):
        return False  # (the pattern below starts with this one)
    return _aspect_pattern(name).match(text[start:]) is not None


@functools.lru_cache(maxsize=1024)
def _aspect_pattern(name: str) -> re.Pattern[str]:
    return re.compile(
        rf"\s+(?:\w+\s+)?the\s+{re.escape(name)}(?:\s+and\s+(?:[\w-]+\s+){{0,2}}?[\w-]+)?\s+"
        rf"(?:of\b|(?:it|that|they|which|{OPEN}\d+{CLOSE})\s+(?:brings?|gives?|offers?|creates?|has|have)\b)",
        re.IGNORECASE,
    )


def _lone_name_before(h: _Match) -> bool:
    """Whether the subject of a bare "like" is one name with nothing that takes a bare verb
    before it ("and", "do", "did", "would", "to", "let": "Does Ana like jazz?", "Ana and Bo like
    jazz"): a singular subject, so "like" is no verb of it."""
    idx = h.slot("s")
    if idx is None or not 0 <= idx < len(h.ex.mentions):
        return False
    subject = h.ex.mentions[idx]
    if subject.kind != "name" or subject.plural:
        return False
    before = h.ex.annotation.text[max(0, subject.start - 12) : subject.start]
    return _TAKES_BARE.search(before) is None


# an event a named group or a day holds: "the Friday team| lunches", "the Thursday quiz| nights"
_EVENT_AFTER = re.compile(r"\s+(lunch(?:es)?|dinners?|breakfasts?|meetings?|drinks|nights?|sessions?|socials?"
                          r"|stand-?ups?|calls?|parties|party|runs?|games?|matches|quizz?(?:es)?|meetups?)\b", re.IGNORECASE)
_NEAR_MISS = re.compile(r"\b(?:almost|nearly)\s+(?:made|makes|make)\s+$", re.IGNORECASE)


# a word after a name that is no thing the name qualifies ("likes Python way more than Java")
_NO_HEAD = frozenset({"way", "lot", "bit", "more", "much", "stuff", "today", "tonight", "anyway", "tho"})


def _nouns_after(h: _Match, end: int) -> str:
    """The lower-case common nouns (at most two) right after a name that ends at ``end``: the
    thing the name only qualifies ("Thai food", "Korean barbecue", "Python scripting")."""
    text, words = h.ex.annotation.text, []
    for t in h.ex.sentence.tokens:
        if t.start_char < end:
            continue
        if text[end : t.start_char] != " " or t.upos not in ("NOUN", "VERB") or not t.text.islower() \
                or t.text in _NO_HEAD \
                or (t.upos == "VERB" and not t.text.endswith("ing")):
            break
        words.append(t.text)
        end = t.end_char
        if len(words) == 2:
            break
    return " ".join(words)


# a name that owns what follows it: "Tom's dog", "汤姆的狗" (not "Tom's" alone at the end: "loves Nando's")
_OWNER_OF = re.compile(r"(?:['’]s|的)\s*(?=[A-Za-z\u4e00-\u9fff])")


def _likes(h: _Match) -> list[RelationCandidate]:
    verb = h.group("verb").lower().removeprefix("最")  # (最讨厌的就是数学: 讨厌)
    if verb.startswith("like") and ends_at(_COMPARED, h.view.text, h.m.start("verb")):
        return []  # "Shibuya Crossing is like Tokyo's Times Square": a comparison
    if verb == "like" and ends_at(_ONE_OF_A_KIND, h.view.text, h.m.start("verb")):
        return []  # "a German Shepherd like Toby needs walks": no verb of a singular subject
    if verb == "like" and not h.m.group("neg") and _lone_name_before(h):
        return []  # "used to be in Berlin like Anke": a name alone takes "likes"
    if verb.startswith("like") and ends_at(_EXAMPLE_BEFORE, h.ex.annotation.text, h.view.origin[h.m.start("verb")]):
        return []  # "2D adventures with puzzles - like The Legend of Zelda": an example
    if _NEAR_MISS.search(h.view.text, max(0, h.m.start() - 24), h.m.start()):
        return []  # "the rain almost made me hate hiking": it did not
    idx = h.slot("o")
    if idx is not None and _OWNER_OF.match(h.view.text, h.m.end("o")) and h.ex.mentions[idx].kind == "name":
        return []  # "loves Tom's dog", 喜欢汤姆的狗: the dog, not Tom (the owner is no liked thing)
    if idx is not None and 0 <= idx < len(h.ex.mentions) \
            and h.ex.mentions[idx].text.casefold() in POSSESSIVE_DETERMINERS:
        return []  # "loves her team too much": the team, not her
    if idx is not None and 0 <= idx < len(h.ex.mentions) and h.ex.mentions[idx].kind == "pronoun" \
            and h.ex.mentions[idx].text.casefold() in ("him", "her", "them", "他", "她"):
        return []  # "she hates him already": a person, no taste
    hate = bool(re.match(r"hate|dislike|can['’]t|detest|讨厌|厌恶|不喜欢", verb))
    if _DEMONSTRATIVE.match(h.view.text, h.m.end("verb")):
        return []  # "I'm loving this recipe I found", "a huge fan of this genre": one thing seen
    objs = [o for o in h.obj() if o.name.casefold() not in _NOT_A_TASTE
            and o.name.casefold().partition(" ")[0] not in _REFERRING  # "can't stand the stuff anymore"
            and not o.name.startswith(("那个", "这个", "那种", "这种"))]  # 讨厌那个味道: said before
    # "love taking walks", "expressing myself": a gerund cut from its own object is no taste
    objs = [o for o in objs if not _cut_gerund(o.name, h.view.text, h.m.end("verb"))]
    event = _EVENT_AFTER.match(h.view.text, h.m.end()) if idx is not None and h.m.end() == h.m.end("o") else None
    if event is not None:  # "likes the Friday team lunches": the lunches, not the "Friday team" named
        objs = [EntityRef(f"{o.name} {event.group(1).lower()}", None, None) for o in objs if o.type != PERSON]
    elif idx is not None and h.m.end() == h.m.end("o") and h.ex.mentions[idx].kind == "name":
        nouns = _nouns_after(h, h.ex.mentions[idx].end)  # "into Thai food lately": the food, not "Thai"
        if nouns:
            objs = [EntityRef(f"{o.name} {nouns}", None, None) for o in objs if o.type != PERSON]
    # "I love the tech and funny jokes of Iron Man", "the freedom and connection it brings": an
    # aspect of something named after it, not a thing liked on its own
    objs = [o for o in objs if not _aspect_of(o.name, h.view.text, h.m.end("verb"))]
    if not objs:
        return []
    if h.view.zh and len(objs) == 1:  # 喜欢寿司和披萨: both (:mod:`.zh_and_more`)
        at = h.view.text.find(objs[0].name, h.m.end("verb"))  # (the match may span "寿司和披萨")
        objs += joined_tastes(h.view.text, at + len(objs[0].name)) if 0 <= at < h.m.end() else []
    elif len(objs) == 1:  # "sushi and pizza": both (:mod:`.en_and_more`)
        objs += joined_things(h, objs[0])
    o = h.slot("o")
    if o is not None and h.ex.mentions[o].kind == "pronoun" and any(r.type == LOCATION for r in objs):
        return []  # "… food poisoning in Osaka; she can't stand it now": "it" is not the city
    neg_text = h.group("neg").lower()
    if not neg_text and re.fullmatch(r"loved|liked|enjoyed|adored|hated|disliked|detested", verb):
        return []  # "Victor enjoyed hiking when he was young": a past taste, unsure now
    tail = h.view.text[h.m.start() : h.m.end() + 16].lower()
    stopped = (
        bool(h.group("anymore") or re.search(r"\bany\s?more\b", tail))
        # "not into hiking these days": a negation now is a change
        or bool(neg_text and re.search(r"\bthese\s+days\b|\bnowadays\b", tail))
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
    after = h.view.text[h.m.end("verb") : h.m.end() + 12]
    if neg_text and re.search(r"\b(?:as|that|so)\s+much\b|\bthe\s+way\b", after):
        return []  # "doesn't like football as much as he used to": less, not a dislike
    if neg_text and verb.startswith(("love", "adore")):
        return []  # "I don't love jazz": less than love, no dislike
    if neg_text:  # "doesn't like X", "不喜欢X"
        return _cands(h.refs("s"), "DISLIKES", objs) + _cands(
            h.refs("s"), "LIKES", objs, negated=True
        )
    return _cands(h.refs("s"), "LIKES", objs) + _cands(h.refs("s"), "DISLIKES", objs, negated=True)


def _taste_switch(h: _Match) -> list[RelationCandidate]:
    """ "S switched from tea to coffee", "S从喝茶改成了喝咖啡": S likes O now, no longer Z."""
    if h.type("o") in (PERSON, LOCATION, ORG, PROJECT) or h.type("z") in (PERSON, LOCATION, ORG, PROJECT):
        return []  # ("moved from the Atlas project to Orion": work, not a taste)
    olds, news = h.refs("z"), h.obj() or h._phrase("np")
    if not olds or not news:
        return []
    if news[0].name.casefold() in _SEASONS:  # "gave up coffee for Lent": a time, no new taste
        return _cands(h.refs("s"), "LIKES", olds, negated=True)
    return _cands(h.refs("s"), "LIKES", news) + _cands(h.refs("s"), "LIKES", olds, negated=True)


# what one gives a thing up for that is no other thing: a season of fasting, a resolution
_SEASONS = frozenset({"lent", "ramadan", "january", "dry january", "veganuary", "new year", "the new year", "sober october", "a month"})


# a time said after a thing named as text: "sushi two years ago", "sushi in 2023", "sushi last year"
_TIME_AFTER = re.compile(r"\s+(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple(?:\s+of)?|\d+|several)"
                         r"(?:\s+(?:days?|weeks?|months?|years?|decades?))?(?:\s+ago)?|in\s+\d{4}|last\s+\w+|ago"
                         r"|(?:days?|weeks?|months?|years?)(?:\s+ago)?)\s*$", re.IGNORECASE)


def _stopped_liking(h: _Match) -> list[RelationCandidate]:
    """ "S has grown tired of O", "S lost interest in O": S no longer likes O (not the time after
    it: "stopped eating sushi two years ago" is sushi)."""
    objs = [EntityRef(_TIME_AFTER.sub("", o.name), o.type, o.id) if o.id is None else o for o in h.obj()]
    objs = [o for o in objs if o.name]
    if not objs or objs[0].type in (PERSON, LOCATION):
        return []
    return _cands(h.refs("s"), "LIKES", objs, negated=True)


# a habit quit in one word (戒烟, 戒酒): the thing, and the habit it is liked as ("喜欢抽烟")
_HABITS = {"烟": ("抽烟", "吸烟", "香烟"), "酒": ("喝酒", "饮酒"), "糖": ("吃糖", "甜食"), "咖啡": ("喝咖啡",),
           "奶茶": ("喝奶茶",), "可乐": ("喝可乐",), "赌": ("赌博",), "游戏": ("打游戏", "玩游戏")}
# a plan or an attempt, no change yet: "要戒烟了", "在戒烟", "改天改喝茶吧"
_NOT_YET = re.compile(r"要|会|将|想|打算|准备|决定|试着|尝试|(?<![现实])在|得|该|应该|必须|别|不要|没")


def _quit_habit(h: _Match) -> list[RelationCandidate]:
    """ "陈伟戒烟了", "戒了酒": S no longer likes the thing nor its habit (抽烟); not a plan
    ("要戒烟了") nor an attempt ("在戒烟")."""
    between = h.view.text[h.m.end("s") : h.m.start("verb")]
    thing = h.group("np")
    if _NOT_YET.search(between) or "了" not in h.m.group(0) + h.view.text[h.m.end() : h.m.end() + 1]:
        return []
    objs = [EntityRef(n) for n in (thing, *_HABITS.get(thing, ()))]
    return _cands(h.refs("s"), "LIKES", objs, negated=True)


def _switched_away(h: _Match) -> list[RelationCandidate]:
    """ "陈伟喜欢咖啡，后来改喝茶了": the taste of the first clause given up for the second's
    (not a plan or a suggestion: "以后要改喝茶", "改喝茶吧")."""
    if _NOT_YET.search(h.view.text[h.m.start("later") : h.m.start("verb")]):
        return []
    return _taste_switch(h)


_NOT_MY_THING = frozenset("the a an this that these those it which what my his her our their your".split())


def _my_thing(h: _Match) -> list[RelationCandidate]:
    """ "swimming is my thing now": S likes O (a person, place or employer is no taste; "the
    budget is my thing now", "that is my thing" say what S does or points at, no taste)."""
    np = (h.group("np") or "").casefold().split()
    if np and np[0] in _NOT_MY_THING:
        return []
    objs = [o for o in (h.obj() or h._phrase("np")) if o.type not in (PERSON, LOCATION, ORG)
            and o.name.casefold() not in _NOT_A_TASTE]
    return _cands(h.refs("s"), "LIKES", objs) if objs else []
