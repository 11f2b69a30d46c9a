"""A graduation said of a person leaves their school unsure (the doubt rule's kind, :mod:`.doubt`).

Blind text says a studies' end in many words the patterns do not read, and names the school
by a short form or not at all: "Congrats to Mateo, our intern, who graduated from U of T last
week", "diploma in hand, Boğaziçi is officially behind me", "picked up her MBA from UCT",
郭靖2023年硕士毕业，留在浙江大学当了辅导员. A school one has graduated from is no school one
studies at now, so when a sentence says a graduation (in the past, not planned, not denied) and
names a person -- or is the speaker's own -- that person's current schools are unsure, unless the
patterns read a school of theirs in the same text ("graduated from Peking University and is now
doing a PhD at Tsinghua" is read). A parent's or a sibling's graduation ("my son graduated") is
theirs, not the speaker's. The plan, the denial or the relative must be in the graduation's own
clause ("grad pics all over insta, and she's marrying Conor next summer" is a graduation), and a
school named as the one a degree was finished at is left ("completed my MS at Georgia Tech").
A sentence that names nobody, in a text that names one person, is that person's ("Congrats Wei!!
Grad photos are on the shared drive.").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ...models import Relation
from ...nlp.base import Annotation
from .gates import Gated
from .lazy_regex import lazy_pattern
from .schema import PERSON, Mention, RelationProposal
from .updates import is_unsure, unsure_version

__all__ = ["graduation_doubts"]

# a finished degree: "completed my MS", "wrapping up her MSc"
_DEGREE = r"(?:degree|diploma|mba|master'?s|phd|thesis|dissertation|viva|msc|ms|ma|ba|bsc|meng|mphil|llm|jd)"
_GRADUATED = lazy_pattern(
    r"\bgraduated\b|\bgrad(?:uation)? (?:pics|photos|ceremony)\b|\bcap,? (?:and|&) gown\b"
    r"|\b(?:diploma|degree|thesis|dissertation|viva|mba|master'?s|phd|bachelor'?s)\b[^.!?;]{0,24}"
    r"\b(?:in hand|done|defended|passed|collected|picked up|awarded|finished|behind (?:me|her|him|them))\b"
    rf"|\b(?:collected|picked up|finished|completed|defended|passed|got|wrapp(?:ed|ing) up) (?:(?:his|her|my|their) )?{_DEGREE}\b"
    r"|\b(?:is|are|am|'s|'m) (?:now )?(?:an? )?(?:[\w-]+ ){0,3}(?:graduate|grad|alum|alumna|alumnus)\b"
    r"|\bwalk(?:ed|s)? at (?:the |(?:his|her|my|their) )?graduation\b"
    # (the stage of a school or in a gown, not a theatre's: "walk across the stage at open mic")
    r"|\bwalk(?:ed|s)? across the stage\b(?=\s+at\s+(?-i:[A-Z])|[^.!?]{0,40}\b(?:gown|diploma|degree)\b)"
    r"|(?:\b(?:his|her|my|their)|'s|’s) graduation(?: ceremony)? (?:was |is )?(?:today|yesterday|this (?:morning|afternoon))\b"
    r"|(?<![快将要没未])毕业(?![后以之]?(?:前|典礼前))|答辩(?:过了|通过|结束)|学生证[^，。！]{0,6}(?:上交|交回|交了)",
    re.IGNORECASE,
)
_GRADUATED_GATE = Gated(_GRADUATED)
# a graduation ahead, asked, wished or denied: nothing changed yet
_NOT_YET = lazy_pattern(
    r"\b(?:will|'ll|going to|gonna|about to|soon|next (?:year|month|week|spring|summer|term)|hasn'?t|haven'?t"
    r"|not yet|never|if|when (?:i|she|he|they) graduate|plan(?:s|ning)? to|hop(?:e|es|ing) to|expect\w*)\b"
    r"|[?？]|明年|下个?月|下学期|快要|快毕业|即将|将要|打算|准备|还没|没能|如果|等.{0,6}毕业",
    re.IGNORECASE,
)
# someone else's graduation: "my son graduated", "Grace's brother", 她女儿毕业了
_KIN = lazy_pattern(
    r"\b(?:my|his|her|our|their|your)\s+(?:son|daughter|kid|child|brother|sister|cousin|niece|nephew|friend|mate"
    r"|husband|wife|partner|boyfriend|girlfriend)s?\b"
    r"|(?:'s|’s)\s+(?:son|daughter|kid|child|brother|sister|cousin|friend|husband|wife|partner)\b"
    r"|(?:儿子|女儿|孩子|弟弟|妹妹|哥哥|姐姐|表弟|表妹|侄子|外甥|朋友|同学|学生)",
    re.IGNORECASE,
)
_LEFT_FROM = lazy_pattern(
    r"(?:\bfrom|\bof|从)\s*(?:the\s+)?$"
    # the school of a finished degree or of what is over: "completed my MS at Georgia Tech",
    # "no more early lectures at the University of Ibadan" (not "now doing a PhD at MIT")
    rf"|\b(?:completed|finished|wrapp(?:ed|ing) up|defended|got) (?:(?:his|her|my|their) )?{_DEGREE} at\s+(?:the\s+)?$"
    r"|\bno more (?:[\w-]+ ){0,3}(?:at|in)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# the school named as what one graduated from: "a Howard University graduate"
_GRADUATE_OF = lazy_pattern(r"\s*(?:graduate|grad|alum(?:na|nus|ni)?)s?\b", re.IGNORECASE)
# a plan or a wish in another clause of the sentence does not make the graduation one:
# "grad pics all over insta, and she's marrying Conor next summer"
_CLAUSE = lazy_pattern(r";|,\s*(?:and|but|so|while)\b|\s[-—–]\s", re.IGNORECASE)


def _still_there(school: str, text: str) -> bool:
    """Whether ``text`` names ``school`` other than as the one graduated from: "graduated from
    Stanford and is now doing a PhD at MIT" (known at MIT) keeps MIT."""
    at = text.casefold().find(school.casefold()) if school else -1
    if at < 0:
        return False
    after = text[at + len(school) : at + len(school) + 12]
    return not _LEFT_FROM.search(text[max(0, at - 48) : at]) and "毕业" not in after[:6] \
        and not _GRADUATE_OF.match(after)


def _said_done(text: str) -> bool:
    """Whether a graduation of ``text`` is said as done and as no relative's: not planned,
    asked or denied (:data:`_NOT_YET`), nor a kin's (:data:`_KIN`), in its own clause."""
    for m in _GRADUATED.finditer(text):
        starts = [0, *(c.end() for c in _CLAUSE.finditer(text, 0, m.start()))]
        end = next((c.start() for c in _CLAUSE.finditer(text, m.end())), len(text))
        if not _NOT_YET.search(text[starts[-1] : end]) and not _KIN.search(text[starts[-1] : end]):
            return True
    return False


_FIRST_PERSON = lazy_pattern(r"\b(?:i|i'm|i've|my|me)\b|我", re.IGNORECASE)


def graduation_doubts(
    annotation: Annotation,
    mentions: Sequence[Mention],
    proposals: Sequence[RelationProposal],
    sentence_statements: Sequence[int],
    schools_of: Callable[[str], list[Relation]],
    speaker_id: str | None = None,
) -> list[RelationProposal]:
    """Unsure versions of the current schools of each person a graduation is said of.

    ``schools_of(entity)``: the entity's current ``STUDIES_AT`` relations (one look-up per person
    of a sentence that says a graduation; none for other text)."""
    if not _GRADUATED_GATE.search(annotation.text):
        return []  # (most text: a few substring tests)
    read = {p.subject_id for p in proposals if p.type == "STUDIES_AT" and not p.negated}  # (a new school)
    ended = {(p.subject_id, p.object_id) for p in proposals if p.type == "STUDIES_AT" and p.negated}  # (no doubt)
    # the school named as a workplace is no longer a school: 毕业，留在浙江大学当了辅导员
    employers = {(p.subject_id, p.object_id) for p in proposals if p.type == "WORKS_FOR" and not p.negated}
    out: list[RelationProposal] = []
    seen: set[str] = set()
    named = {e for m in mentions if m.type == PERSON and m.person != 1 for e in m.entity_ids}
    for i, sentence in enumerate(annotation.sentences):
        text = sentence.text
        # (a relative's graduation: whose it is, is not clear enough to doubt anyone's school)
        if not _said_done(text):
            continue
        people = {e for m in mentions if m.sentence == i and m.person != 1
                  and (m.type == PERSON or (m.kind == "pronoun" and m.gender != "n")) for e in m.entity_ids}
        if not people and speaker_id is None and len(named) == 1:
            people = set(named)  # "Congrats Wei!! Grad photos are on the shared drive.": the one person named
        if speaker_id is not None and (not people or _FIRST_PERSON.search(text)
                                       or any(m.sentence == i and m.person == 1 for m in mentions)):
            people.add(speaker_id)
        for entity in sorted(people - read):
            for rel in schools_of(entity):
                if rel.subject_id != entity or rel.type != "STUDIES_AT" or is_unsure(rel) or rel.id in seen \
                        or (entity, rel.object_id) in ended or (entity, None) in ended \
                        or ((entity, rel.object_id) not in employers and _still_there(str(rel.object_name or ""), text)):
                    continue
                seen.add(rel.id)
                index = sentence_statements[i] if i < len(sentence_statements) else 0
                out.append(unsure_version(rel, index))
    return out
