"""Rows for a possession lost: a pet that died or was rehomed ("my dog passed away", "Alice's dog
Rex died", 我的狗去世了), a thing stolen or wrecked ("my iPhone got stolen", "someone stole my
bike", "my Civic got totaled"), given to someone ("I gave my Tesla to my brother") or no longer
had ("I don't have a dog anymore"). Each ends the owner's OWNS of it (a kind word, "the car",
leaves an owned thing of unknown kind unsure: :mod:`..lost_things`). Same shape as
``english.py``; ``tests/unit/test_relations_patterns_table.py`` runs every example.
"""

from __future__ import annotations

import re

from ..lexicon import POSSESSIVE_DETERMINERS
from ..schema import LOCATION, OTHER, PERSON, PROJECT, RelationCandidate
from .blocks import CLOSE, PatternRow, en, ex, zh
from .match import _cands, _Match

__all__ = ["EN_LOSS_ROWS", "ZH_LOSS_ROWS"]

_PERSONS = (PERSON, None, OTHER)
# a device "dies" when its battery runs out or it breaks for a day: no possession lost
_DIES_ONLY_FOR_NOW = frozenset({
    "phone", "iphone", "battery", "laptop", "computer", "pc", "mac", "macbook", "tablet", "ipad", "kindle",
    "watch", "headphones", "earbuds", "airpods", "car", "engine", "wifi", "router", "tv", "charger", "mouse",
    "keyboard", "camera", "console", "switch", "brain", "vibe", "joke", "mood", "conversation",
})
_ADJ = r"(?:(?:old|beloved|sweet|poor|little|lovely|dear|new|elderly|senior|rescue)\s+)*"
_POSSESSOR = r"{S}(?P<of>['’]s)?\s+" + _ADJ
_THING = r"(?:{O}|(?P<np>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?))"
_NAMED = r"(?:,?\s+" + "\ue000" + r"\d+" + CLOSE + r",?)?"  # "Alice's dog Rex died": its name
_WHEN = r"\s+(?:has\s+|had\s+|just\s+|sadly\s+|finally\s+|suddenly\s+|peacefully\s+)*"


def _possessor(h: _Match) -> bool:
    """Whether S owns what follows it: "my", "our", "Alice's" (not "Alice dog")."""
    idx = h.slot("s")
    if idx is None or h.type("s") not in _PERSONS:
        return False
    return bool(h.group("of")) or h.ex.mentions[idx].text.casefold() in POSSESSIVE_DETERMINERS


def _lost_of(h: _Match) -> list[RelationCandidate]:
    """ "my dog passed away", "my iPhone got stolen": the possessor no longer owns it."""
    if not _possessor(h):
        return []
    return _thing_gone(h)


def _thing_gone(h: _Match) -> list[RelationCandidate]:
    objs = [o for o in h.obj() if o.type not in (PERSON, LOCATION, PROJECT)]
    if not objs:
        return []
    died = re.search(r"\b(?:died|passed\s+away|dead)\b", h.group("verb"), re.IGNORECASE) is not None
    if died and objs[0].name.casefold().rsplit(" ", 1)[-1] in _DIES_ONLY_FOR_NOW:
        return []  # "my phone died": a flat battery, still hers
    return _cands(h.refs("s"), "OWNS", objs, negated=True)


def _given_up(h: _Match) -> list[RelationCandidate]:
    """ "We had to rehome the dog", "I gave my Tesla to my brother", "doesn't have a dog anymore"."""
    if h.type("s") not in _PERSONS:
        return []
    return _thing_gone(h)


EN_LOSS_ROWS: tuple[PatternRow, ...] = (
    # the thing of someone's is gone: "my dog passed away", "Alice's dog Rex died", "my Civic got
    # totaled" (not "my phone died": a battery; not "my dad died": a person, read by the death row)
    en(
        r"(?<![\w'’])" + _POSSESSOR + _THING + _NAMED + _WHEN
        + r"(?P<verb>passed\s+away|died|(?:was|got|has\s+been|had\s+been)\s+(?:stolen|nicked|totall?ed|written\s+off"
        r"|wrecked|repossessed|rehomed|put\s+(?:down|to\s+sleep))|ran\s+away|went\s+missing)\b",
        _lost_of,
        ex("Alice's dog Rex died last week.", "Alice", "OWNS", "dog", negated=True),
        ex("Sam's bike got stolen yesterday.", "Sam", "OWNS", "bike", negated=True),
    ),
    # taken by someone: "someone stole my bike", "thieves took Sam's car"
    en(
        r"\b(?:someone|somebody|a\s+thief|thieves|they|burglars)\s+(?:has\s+|have\s+)?(?P<verb>stole|nicked|took|swiped)\s+"
        + _POSSESSOR + _THING,
        _lost_of,
        ex("Someone stole Sam's bike.", "Sam", "OWNS", "bike", negated=True),
    ),
    # given up: "we had to rehome the dog", "rehomed our cat"
    en(
        r"{S}\s+(?:has\s+|have\s+)?(?:finally\s+|just\s+)?(?P<verb>had\s+to\s+rehome|rehomed|gave\s+away|surrendered)\s+"
        r"(?:the|my|our|his|her|their|\ue000\d+" + CLOSE + r")\s+" + _ADJ + _THING,
        _given_up,
        ex("Ann had to rehome the dog.", "Ann", "OWNS", "dog", negated=True),
    ),
    # given to someone: "I gave my Tesla to my brother Tom" (a thing of one's own; not "gave the
    # car to the mechanic": a repair, still hers)
    en(
        r"{S}\s+(?:has\s+|have\s+|had\s+)?(?:finally\s+|just\s+)?(?P<verb>gave|handed|donated|passed)\s+"
        r"(?:my|our|his|her|their|\ue000\d+" + CLOSE + r")\s+" + _ADJ + _THING
        + r"\s+(?:on\s+)?to\s+(?!(?:the\s+|a\s+)?(?:vet|shop|garage|mechanic|repair|dealer|cleaners?|valet)\b)",
        _given_up,
        ex("Ann gave her Tesla to her brother Tom.", "Ann", "OWNS", "Tesla", negated=True),
    ),
    # no longer had: "I don't have a dog anymore", "no longer has a car"
    en(
        r"{S}\s+(?:(?:do|does|did)(?:\s+not|n['’]t)\s+(?:have|own)(?=.{0,40}?\bany\s?more\b)"
        r"|(?:no\s+longer|don['’]t\s+even)\s+(?:have|has|owns?)(?=\s+(?:a|an|the|any|my|his|her|our|their)\b))\s+"
        r"(?P<verb>)(?:a|an|the|any|my|his|her|our|their)\s+" + _THING,
        _given_up,
        ex("Ann doesn't have a dog anymore.", "Ann", "OWNS", "dog", negated=True),
        ex("Ann no longer has a car.", "Ann", "OWNS", "car", negated=True),
    ),
)

ZH_LOSS_ROWS: tuple[PatternRow, ...] = (
    # 我的狗去世了, 她家的猫丢了, 我的车被偷了 (not 我的手机没电了: a battery)
    zh(
        r"{S}(?:的|家的?)(?P<np>[\u4e00-\u9fff]{1,3}?)(?:[^，,。；;！!？?]{0,6}?)"
        r"(?P<verb>去世|死掉|死|走丢|丢|被偷|被盗|被撞坏|报废|送人|送走)了",
        _given_up,
        ex("李娜的狗去世了。", "李娜", "OWNS", "狗", negated=True),
    ),
)


# bought to be eaten, drunk, used once or given: no possession that lasts ("bought lunch", "a
# coffee", "a ticket to Rome", "a gift for her mum"; not "a coffee machine", "a lunch box")
_USED_UP = frozenset({
    "coffee", "coffees", "tea", "latte", "cappuccino", "espresso", "lunch", "dinner", "breakfast", "brunch", "supper",
    "sandwich", "sandwiches", "snack", "snacks", "drink", "drinks", "beer", "beers", "wine", "pint", "pints", "round",
    "pizza", "burger", "groceries", "food", "meal", "meals", "takeaway", "takeout", "cake", "ice cream", "candy",
    "chocolate", "chocolates", "bread", "milk", "petrol", "gas", "fuel", "ticket", "tickets", "gift", "gifts",
    "present", "presents", "flowers", "bouquet", "dessert", "donuts", "doughnuts", "popcorn", "smoothie",
})
_BOUGHT = re.compile(r"\b(?:bought|buys|buy|buying|purchased|got\s+me)\b", re.IGNORECASE)
# bought for someone else: "a gift for her mum", "a bike for Tom" (theirs, not the buyer's)
_FOR_ANOTHER = re.compile(
    r"\bfor\s+(?:(?:my|his|her|their|our|your|\ue000\d+" + CLOSE + r")\s+(?:(?:little|big|best|old|new)\s+)?(?:mum|mom|mother|dad|father|brother|sister"
    r"|son|daughter|wife|husband|partner|boyfriend|girlfriend|friend|boss|niece|nephew|grand\w+|aunt|uncle|cousin"
    r"|colleague|neighbou?r|teacher|in-laws?|parents)\b"
    r"|\ue000(?P<idx>\d+)" + CLOSE + r"|someone|somebody|a\s+(?:friend|colleague|neighbou?r)\b)",
    re.IGNORECASE,
)


def used_up(h: _Match, name: str) -> bool:
    """Whether a thing *bought* is no possession: eaten, used once or bought for someone else."""
    if h.view.zh or not _BOUGHT.search(h.m.group(0)):
        return False
    last = name.casefold().rsplit(" ", 1)[-1]
    if last in _USED_UP or name.casefold() in _USED_UP:
        return True
    given = _FOR_ANOTHER.search(h.view.text[h.m.start() : h.m.end() + 40].split(".")[0])
    if given is None or given.group("idx") is None:
        return given is not None
    # a person named ("for Tom"), not oneself ("for herself", "for me")
    mention = h.ex.mentions[int(given.group("idx"))]
    text = mention.text.casefold()
    return mention.person == 3 and mention.type in (PERSON, None) and text not in POSSESSIVE_DETERMINERS \
        and not text.endswith(("self", "selves"))
