"""A home named by its city leaves a person's other home unsure (the doubt rule's kind, :mod:`.doubt`).

Blind text moves people without a verb of moving: "first night in the Rotterdam flat", "the
Sapporo apartment has heated floors", "keys to the Glasgow flat are mine", "his new place in
Wrocław", 杭州的新家, 在深圳的第一晚. A home is one place: when a sentence names a home of a city
other than a person's current one -- or says their current city's home is given back ("the Porto
flat's been handed back", 北京那套房子退租了) -- the current city is unsure for that person: the
speaker of a turn that names no one else or speaks in the first person, else the one person the
sentence names. Not on a trip ("the Lisbon hotel", a conference), not a relative's or a friend's
home ("my sister's flat in Leeds", 我妈的新家), not when the patterns read a home of that person in
the same text (then the update rules already decide), not a question.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ...models import Relation
from ...nlp.base import Annotation
from .doubt_words import TRIP
from .gates import Gated
from .lazy_regex import lazy_pattern
from .schema import PERSON, Mention, RelationProposal
from .updates import is_unsure, unsure_version

__all__ = ["home_doubts"]

_HOME = r"(?:place|flat|apartment|apt|house|unit|dorm|condo|studio|pad)"
_CITY = r"([A-Z][\w'’.-]+(?:\s+[A-Z][\w'’-]+)?)"
_HOME_OF_CITY = lazy_pattern(
    rf"\b(?i:the|my|our|his|her|their|new)\s+(?:new\s+)?{_CITY}\s+{_HOME}\b"  # "the Rotterdam flat", "The Sapporo …"
    rf"|\b(?:new\s+)?{_HOME}\s+(?:in|near)\s+{_CITY}"  # "my new flat in Bristol"
    rf"|\bkeys\s+(?:to|for)\s+(?:the\s+|my\s+|a\s+)?(?:new\s+)?{_CITY}\s+{_HOME}\b"
    rf"|\blease\s+(?:in|on\s+(?:a|the)\s+{_HOME}\s+in)\s+{_CITY}",
)
_ZH_HOME_OF_CITY = lazy_pattern(
    r"([\u4e00-\u9fff]{2,4}?)(?:的新家|的新房子?|的新住处|那套房子?|那边的房子|的房子退租|的公寓|的出租屋)"
    r"|在([\u4e00-\u9fff]{2,4}?)的第一(?:晚|夜|天|个?周末|个?星期|个?礼拜|周|个月)"
)
_HOME_GATE, _ZH_HOME_GATE = Gated(_HOME_OF_CITY), Gated(_ZH_HOME_OF_CITY)
# the current city's home given back: "the Porto flat's been handed back", 北京那套房子已经退租了
_GIVEN_BACK = lazy_pattern(
    r"\bhanded\s+back\b|\bback\s+to\s+the\s+landlord\b|\bgave\s+(?:\w+\s+)?back\s+the\s+keys\b|\bkeys\s+back\b"
    r"|\bsomeone\s+else'?s\s+problem\b|\bmoved\s+out\b|\bgoes\s+back\b|\bgave\s+up\b|退租|退房|交还|还给房东|搬空",
    re.IGNORECASE,
)
# not one's own home: a relative's or a friend's, a visit, a question
_OTHERS = lazy_pattern(
    r"\b(?:my|his|her|our|their)\s+(?:mum|mom|mother|dad|father|parents|sister|brother|son|daughter|aunt|uncle"
    r"|gran|grandma|grandpa|cousin|friend|mate|boss|colleague|neighbour|neighbor|in-laws)(?:'s|’s)?\b"
    r"|(?:'s|’s)\s+(?:new\s+)?" + _HOME + r"\b|\b(?:airbnb|hotel|hostel)\b|[?？]"
    r"|(?:我|他|她)(?:妈|爸|父母|姐|哥|弟|妹|朋友|同事)|朋友的|同事的"
    # a home looked at or hoped for: "whether the Porto flat is still available", 在看杭州的房子
    r"|\b(?:if|whether|might|could|would|thinking|viewing|viewed|plan(?:s|ning)?|hop(?:e|es|ing))\b|如果|打算|考虑|看房"
    # a home then, or one that fell through: "Back in 2015, Nell rented a flat in Cardiff", "still in Derby, the flat in Leeds fell through"
    r"|\bback in\b|\bused to\b|\byears ago\b|\bin (?:19|20)\d\d\b|\bfell through\b|\bcalled off\b|\bstill (?:in|at|living)\b|以前|曾经|当年|黄了",
    re.IGNORECASE,
)
# a home of someone named ("helping Fiona move into her new place in Leith"): not the speaker's
_THIRD_PERSON_HOME = lazy_pattern(r"\b(?:his|her|their)\s+(?:new\s+)?(?:[A-Z][\w'’-]+\s+)?" + _HOME + r"\b")
# the old city named as home still: "back home to Bristol on Sunday"
_HOME_AGAIN = lazy_pattern(r"\b(?:home|back)\s+(?:to|in)\s+(.{2,24})", re.IGNORECASE)
_FIRST_PERSON = lazy_pattern(r"\b(?:i|i'm|i've|i'll|my|me|we|our)\b|我", re.IGNORECASE)


def _same(city: str, home: str) -> bool:
    a, b = city.casefold().strip(" .'’"), home.casefold()
    return bool(a) and (b == a or b.startswith(a) or a.startswith(b))


def home_doubts(
    annotation: Annotation,
    mentions: Sequence[Mention],
    proposals: Sequence[RelationProposal],
    sentence_statements: Sequence[int],
    homes_of: Callable[[str], list[Relation]],
    speaker_id: str | None = None,
) -> list[RelationProposal]:
    """Unsure versions of the current homes a home of another city (or given back) leaves in doubt.

    ``homes_of(entity)``: the entity's current ``LIVES_IN`` relations (one look-up per person of
    a sentence that names a city's home; none for other text)."""
    text_all = annotation.text
    if not (_HOME_GATE.search(text_all) or _ZH_HOME_GATE.search(text_all)):
        return []  # (most text: a few substring tests)
    read = {p.subject_id for p in proposals if p.type == "LIVES_IN"}
    out: list[RelationProposal] = []
    seen: set[str] = set()
    for i, sentence in enumerate(annotation.sentences):
        text = sentence.text
        cities = [c for m in _HOME_OF_CITY.finditer(text) for c in m.groups() if c] + [
            c for m in _ZH_HOME_OF_CITY.finditer(text) for c in m.groups() if c
        ]
        if not cities or _OTHERS.search(text) or TRIP.search(text):
            continue
        named = {e for m in mentions if m.sentence == i and m.person != 1 and m.type == PERSON for e in m.entity_ids}
        people = set(named) if len(named) == 1 else set()
        theirs = _THIRD_PERSON_HOME.search(text) is not None
        # the speaker's own: said in the first person, or of no one else with a home ("new one is
        # Rua do Souto 12": a street read as a name)
        if speaker_id is not None and not theirs and (
            not people or _FIRST_PERSON.search(text) or not any(homes_of(e) for e in people)
        ):
            people = {speaker_id}
        for entity in sorted(people - read):
            for rel in homes_of(entity):
                if rel.subject_id != entity or rel.type != "LIVES_IN" or is_unsure(rel) or rel.id in seen:
                    continue
                home = str(rel.object_name or "")
                elsewhere = any(not _same(c, home) for c in cities)
                given_back = any(_same(c, home) for c in cities) and _GIVEN_BACK.search(text) is not None
                if not (elsewhere or given_back) or any(_same(h.group(1)[: len(home)], home) for h in _HOME_AGAIN.finditer(text)):
                    continue  # ("… back home to Bristol on Sunday": the home holds)
                seen.add(rel.id)
                index = sentence_statements[i] if i < len(sentence_statements) else 0
                out.append(unsure_version(rel, index))
    return out
