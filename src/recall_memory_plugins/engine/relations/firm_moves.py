"""A return or a move to another firm leaves a person's current employer unsure (the doubt rule's
kind, :mod:`.doubt`).

Chat says a job change as a trip to the new firm: 字节太累了，我上个月又回美团了; 我重新回到了美团;
我上个月去了美团; "I went back to Meituan last month". The patterns read no job from it (a visit
is said the same way: 去了美团开会), yet the old employer is no longer sure. So when a sentence
says its person went (back) to a firm -- the clause ends at the firm or goes on with a job word
(上班, 工作), never with a purpose (开会, "for a meeting") -- that person's current employers other
than that firm are unsure. Whose: the person named right before the verb, or the speaker (我, a
turn without a subject); not a relative's ("我老公回美团了"). Never on a trip, in a question, a
plan, a denial or a rumour denied (下个月去美团, 没回美团), nor when the old employer is said to hold
(还在华为) or the patterns read a job of that person.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ...models import Relation
from ...nlp.base import Annotation
from .doubt_names import kept, named, same_thing
from .doubt_words import POSSESSED, TRIP
from .patterns.mood import retracted
from .schema import DATE, ORG, PERSON, Mention, RelationProposal
from .updates import is_unsure, unsure_version

__all__ = ["firm_move_doubts"]

_GATE = re.compile(r"回|去|back\s+to|returned\s+to")  # (searched in the lower-cased text: faster)
# the verb right before the firm: 又回, 重新回到了, 回去, 去了; "went back to", "returned to"
_ZH_TO = re.compile(r"(?:回(?:到|去)?了?|去了)$")
_ZH_GO = re.compile(r"去$")  # 去美团了: with 了 after the firm
_EN_TO = re.compile(
    r"\b(?:(?:went|gone|go|goes|going|moved|moving|headed|heading|came|coming|am|'m|’m|is|'s|’s)\s+back|returned)\s+to\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# what may follow the firm: the clause ends, or a job word, or a time ("last month")
_ZH_AFTER = re.compile(r"(?:上班|工作|干活|那边|那儿|那里)?了?(?:[，,。！!；;…~～\s]|$)")
_ZH_AFTER_GO = re.compile(r"(?:上班|工作|干活)?了(?:[，,。！!；;…~～\s]|$)")
_EN_AFTER = re.compile(
    r"\s*(?:[,.;!]|$|(?:last|this|in|on|earlier|recently|again|yesterday|full[- ]time|after|and|but|since|as\s+(?:a|an|the))\b)",
    re.IGNORECASE,
)
# a question, a plan, a wish, a denial, a guess, a trip: nothing changed (yet); 跳槽去X is the patterns' to read
_OPEN = re.compile(
    r"[?？]|吗|差(?:一)?点|险些|几乎|本来|原本|猜|估计|听说|据说|传|好像|似乎|大概|跳槽|下个?月|下周|明年|明天|打算|准备|计划|想|要|会|将|如果|要是|可能|也许|还没|没|不|别|未|面试|参观|拜访|开会|培训|办事|见|玩|吃|取|送|接"
    r"|\b(?:will|would|might|may|could|should|if|unless|whether|want(?:s|ed)? to|hop(?:e|es|ing) to|plan(?:s|ning)?"
    r"|thinking|considering|going to|gonna|about to|almost|nearly|guess|heard|apparently|supposedly|rumou?r\w*|not|never|no|visit\w*|interview\w*|meeting|lunch|dinner|drinks)\b|n['’]t\b|['’]ll\b",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"[^，,。！!；;？?]+")


def _subject(sentence_mentions: Sequence[Mention], text: str, clause_start: int, at: int,
             speaker_id: str | None) -> str | None:
    """Whose move it is: the person named last before ``at`` in its clause, else the speaker."""
    before = [m for m in sentence_mentions if clause_start <= m.start and m.end <= at and m.type not in (ORG, DATE)]
    if before:
        m = before[-1]
        if POSSESSED.match(text[m.end : m.end + 24]) or len(m.entity_ids) != 1:
            return None  # "我老公回美团了": his; "他们": several
        if m.kind == "pronoun" or m.type == PERSON:
            return m.entity_ids[0]
        return None
    return speaker_id


def firm_move_doubts(
    annotation: Annotation,
    mentions: Sequence[Mention],
    proposals: Sequence[RelationProposal],
    sentence_statements: Sequence[int],
    speaker_id: str | None,
    jobs_of: Callable[[str], list[Relation]],
) -> list[RelationProposal]:
    """Unsure versions of the current employers a move to another firm leaves in doubt.
    ``jobs_of(entity)``: the entity's current ``WORKS_FOR`` relations."""
    text_all = annotation.text
    if not _GATE.search(text_all.lower()):
        return []
    read = {p.subject_id for p in proposals if p.type == "WORKS_FOR"}
    out: list[RelationProposal] = []
    seen: set[str] = set()
    for i, sentence in enumerate(annotation.sentences):
        inside = [m for m in mentions if m.sentence == i]
        for firm in inside:
            if firm.kind != "name" or not firm.entity_ids:
                continue
            before, after = text_all[max(sentence.start_char, firm.start - 40) : firm.start], text_all[firm.end : firm.end + 16]
            zh = not firm.text.isascii()
            if zh and firm.type == ORG:
                went = (_ZH_TO.search(before) and _ZH_AFTER.match(after)) or (_ZH_GO.search(before) and _ZH_AFTER_GO.match(after))
            elif not zh and firm.type == ORG:  # (not a place: "went back to Leeds" is a visit as often)
                went = _EN_TO.search(before) and _EN_AFTER.match(after)
            else:
                continue
            if not went:
                continue
            clause = next((c for c in _CLAUSE.finditer(text_all, sentence.start_char, sentence.end_char)
                           if c.start() <= firm.start < c.end()), None)
            if clause is None or _OPEN.search(clause.group()) or TRIP.search(clause.group()) or retracted(sentence.text):
                continue  # (…，她本人辟谣说根本没这回事: nothing holds)
            who = _subject(inside, text_all, clause.start(), firm.start, speaker_id)
            if who is None or who in read:
                continue
            for rel in jobs_of(who):
                if rel.subject_id != who or rel.type != "WORKS_FOR" or is_unsure(rel) or rel.id in seen:
                    continue
                old = str(rel.object_name or "")
                if rel.object_id in firm.entity_ids or same_thing(str(rel.object_id), firm.text) \
                        or (old and (named(old.casefold(), firm.text.casefold()) or kept(old, sentence.text))):
                    continue  # back at the firm one works for, or said to stay there (还在华为)
                seen.add(rel.id)
                out.append(unsure_version(rel, sentence_statements[i] if i < len(sentence_statements) else 0))
    return out

