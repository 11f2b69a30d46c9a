"""The doubt rule's widest net: a later sentence that names both ends of a current fact, and that
the patterns could not read, is new text about that very fact ("Dmitri swapped Tbilisi for
Yerevan", "last day at Globant today" from Mateo, 雪儿在浙江大学参加了毕业典礼 ...). Whatever it
says, the layer did not understand it, so the fact becomes unsure and is not stated as current
(:mod:`.doubt`, which applies the patterns' readings: a sentence that restates or replaces the
fact explains itself). Blind text keeps finding changes no word list knows; the one thing they
share is that they talk about the fact. The cost is recall on sentences that name both ends and
change nothing ("Dmitri loves the Tbilisi food"); measured in benchmarks/README.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ...models import Relation
from .doubt_asides import boss_changed, holds_now, my_boss_changed
from .doubt_names import kept, named
from .doubt_words import POSSESSED, POSSESSED_WORK, WITHIN_JOB
from .gates import Gated
from .schema import PERSON, Mention
from .updates import is_unsure

__all__ = ["WEAK", "both_ends_named"]

# change words too common to say a change alone ("sent Umar the new deck", 现在开会): with only
# these, a sentence doubts a fact whose ends it names when it has a topic word of its type
WEAK = re.compile(
    r"\b(?:new|now|old|nowadays|these days|different|instead|now that)\b"
    r"|新|现在|如今|目前|已经|开始|越来越|终于|居然|后来|升|改|转|换",
    re.IGNORECASE,
)

# a sentence that says a value still holds names both ends to confirm, not to change: "Arjun is
# still under Claire", 他自己还在阿里巴巴熬着, "staying put at Atlassian" (measured: looking only at
# the clause that names the value lost more right facts than stale ones on the blind file)
_HOLDS = re.compile(
    r"\b(?:still|stay(?:s|ed|ing)?|remain(?:s|ed|ing)?|keeps?|kept|continu\w*|as ever|as always)\b"
    r"|not going anywhere|还在|还是|仍|依然|依旧|照样|照旧|继续|留在|没变|不变"
    # back at the old place after a trip: "back at his desk in Gothenburg Thursday", 周五回南京
    r"|(?<!\bmy )(?<!\bhis )(?<!\bher )(?<!\bour )(?<!\byour )(?<!\btheir )\bback\b|回(?![复答忆应头顾])"  # (not "my back is DONE")
    # a habit or a wish: "every winter", 一直想养条狗
    r"|\b(?:always|every (?:year|summer|winter|week|weekend|day|morning))\b|一直|每年|每周|每天|每个?月",
    re.IGNORECASE,
)
_HOLDS_GATE = Gated(_HOLDS)  # (searched only where one of its words is)
# the speaker's kin or colleague: "my sister just moved to Leeds too", 我妈…
_MY = re.compile(r"\b(?:my|our)\b|我们?的?", re.IGNORECASE)
# an owner ("Oracle fired Leo's manager", 张伟的领导): the sentence is about what is theirs
_OWNER = re.compile(r"^(?:'s|’s|s')\b|^的(?:领导|上级|老板|经理|主管)")
_OBJECT_CASE = frozenset({"him", "her", "them", "me", "us"})
_WORK = frozenset({"WORKS_FOR", "REPORTS_TO", "MANAGES"})


def both_ends_named(
    index: int,
    text: str,
    sentence: str,
    whole: str,
    mentions: Sequence[Mention],
    speaker_id: str | None,
    current_of: Callable[[str], list[Relation]],
) -> list[Relation]:
    """The current, sure relations of the entities mentioned in sentence ``index`` whose other
    end the sentence names too, by a mention resolved to it or by its name in ``text`` (the
    sentence after its asking clauses were left out). ``sentence`` is all of it, ``whole``
    the annotated text. The one the fact is about (its subject) must be mentioned as a person,
    as no one's owner ("Noel's wife ...") and not as an object pronoun; a chat turn's speaker is
    in every sentence of the turn that names no kin of theirs. A sentence that says a value
    holds ("still at Intel", 还在华为, "back at his desk in Gothenburg", 一直想养条狗) returns
    nothing."""
    if _HOLDS_GATE.search(sentence):
        return []
    here = [m for m in mentions if m.sentence == index and m.entity_ids]
    ids = {e for m in here for e in m.entity_ids}
    # the ones a fact may be about: persons (every tracked type has a person as its subject),
    # not owners ("何静的丈夫在网易工作"), not object pronouns (a look-up each, so no others)
    subjects = {
        e
        for m in here
        if (m.type == PERSON or (m.kind == "pronoun" and m.gender != "n"))
        and not _OWNER.match(tail := whole[m.end : m.end + 24])
        and not POSSESSED.match(tail)
        and not POSSESSED_WORK.match(tail)
        and not boss_changed(tail)  # "Alice's boss left Acme": the boss's change
        and m.text.casefold() not in _OBJECT_CASE  # "refuses to watch horror films with him"
        for e in m.entity_ids
    }
    if speaker_id is not None and not my_boss_changed(sentence) and not any(
        POSSESSED.match(sentence[k.end() : k.end() + 24]) for k in _MY.finditer(sentence)
    ):
        subjects.add(speaker_id)
    folded, whole_sentence = text.casefold(), sentence.casefold()
    promoted = WITHIN_JOB.search(sentence) is not None  # "Ines got promoted at Philips"
    out: list[Relation] = []
    for entity_id in sorted(subjects):
        for rel in current_of(entity_id):
            if rel.subject_id != entity_id or rel.object_id == entity_id or is_unsure(rel):
                continue
            if promoted and rel.type in _WORK:
                continue
            name = str(rel.object_name or "").casefold()
            if not (rel.object_id in ids or (name and named(name, folded))):
                continue
            if name and (kept(name, whole_sentence) or holds_now(name, folded, rel.type)):
                continue  # (and "I love living in Paris", "have worked at Acme since 2020")
            out.append(rel)
    return out
