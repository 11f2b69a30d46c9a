"""A taste, a possession or a marriage the speaker takes back in the next turn.

Corrections of names are read by :mod:`.corrections` ("Sorry, I meant Lyon, not Lille"); a taste
or a pet is a common noun, which no name mention carries, so it is read here from the text and
the value the statement just before set:

- a correction that names the value meant and the one taken back: "Sorry, I meant ramen, not
  sushi", "oops, I meant a dog, not a cat", "Not sushi, ramen!", "不好意思，说错了，是拉面不是寿司",
  "不是猫，是狗": the slip's relation is replaced by the same relation with the value meant (held
  from when the slip's held; the slip never held, :func:`.corrections.replaced`);
- a take-back that opens the turn and says the opposite: "jk, I'm single", "jk, I hate it",
  "just kidding, I don't have a cat", "开玩笑的，我单身", "骗你的，我不喜欢": the relation ends.

Only a relation set by the statement just before (its ``valid_from_step`` is the namespace's last
step) is taken back, and only one whose value the text names in the place of the value taken back:
"I like ramen, not sushi" with no word of a slip is a plain preference (the patterns read it), "not
a cat person" names no value meant, and a value set earlier than the last turn is left alone.
Each table lists the turns it is written for; ``tests/unit/test_relations_round51_d.py`` runs them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ...models import Relation
from ...nlp.base import Annotation
from .coref import Referent
from .corrections import replaced
from .doubt_words import FELT_UNTIL
from .meant_alone import meant_alone
from .schema import EntityRef, RelationProposal
from .updates import SYMMETRIC, UNSURE, is_unsure

__all__ = ["OPPOSITES", "TAKEN_BACK_TYPES", "felt_until", "meant_instead", "taken_back"]

#: the relation types read here (names of the others are corrected by :mod:`.corrections`)
TAKEN_BACK_TYPES = ("LIKES", "DISLIKES", "OWNS", "MARRIED_TO")

# a word of a slip (as :mod:`.corrections`), and a take-back that opens the turn (the cue is
# searched in the lower-cased text, twice as fast as a case-insensitive search)
_CUE = re.compile(
    r"\b(?:(?:sorry|soz)(?!\s+(?:to|for|about|that|if|but|i|we|you)\b)|oops|whoops|typo|correction|my\s+bad|autocorrect\w*|i\s+meant|i\s+mean|meant\s+to\s+(?:say|write|type)"
    r"|i\s+misspoke|misspoke|mistyped|scratch\s+that|(?:that|it)\s+should\s+(?:be|read|say))\b"
    r"|\b(?:wait|no|actually)\s*[,.!]*\s*(?:no|wait)\b"
    r"|不对|(?:说|搞|弄|记|打|写|敲|输)错|口误|笔误|更正|纠正|我是说|我的意思是|应该是",
)
_OPENING_JOKE = re.compile(
    r"^\s*(?:我)?(?:(?:haha+|lol|哈+)[\s,，!！]*)?(?:(?:jk|j/k)(?![\w/])|just\s+kidding\b|(?:i['’]?m\s+)?(?:just\s+)?(?:kidding|joking)\b(?!\s+(?:me|aside)\b)"
    r"|开(?:个|了个)?玩笑(?:的|啦|呢|而已)|骗你(?:们)?(?:玩)?的|逗你(?:们)?(?:玩)?的)",
    re.IGNORECASE,
)
_ART = r"(?:(?:a|an|the|my|some)\s+)?"
_WORD = r"[^\W\d_][\w'’-]*"
# the value meant, before "not <the slip>": "I meant ramen, not", "it's a dog not", "是拉面不是", "拉面，不是"
_MEANT_BEFORE = re.compile(
    r"(?:^|[.!?;:,—–*-]\s*|\b(?:it['’]?s|it\s+is|it\s+was|that['’]?s|i\s+meant|i\s+mean|meant|make\s+that|should\s+(?:be|read|say))\s+)"
    + _ART + rf"(?P<x>{_WORD}(?:\s+{_WORD}){{0,2}}?)\s*,?\s*(?:and\s+)?(?:not|rather\s+than|instead\s+of)\s+" + _ART + r"$"
    r"|(?:^|[。！!？?；;：:，,]\s*|是)(?P<zx>[\u4e00-\u9fff]{1,6}?)\s*[，,、]?\s*(?:而|并)?不是\s*(?:一只|一辆|一个)?$",
    re.IGNORECASE,
)
# "not <the slip>, <the value meant>": "Not sushi, ramen!", "不是寿司，是拉面"
_NOT_BEFORE = re.compile(r"(?:^|[.!?;:,—–-]\s*|\bi\s+meant\s+)not\s+" + _ART + r"$|(?:^|[。！!？?；;：:，,]\s*)(?:而|并)?不是\s*(?:一只|一辆|一个)?$",
                         re.IGNORECASE)
_MEANT_AFTER = re.compile(
    r"\s*(?:[,;:—–-]+|!+|\.\.\.)\s*(?:but\s+|it['’]?s\s+|rather\s+)?" + _ART + rf"(?P<x>{_WORD}(?:\s+{_WORD}){{0,2}}?)\s*(?:[.!;,]|$)"
    r"|\s*[，,、]?\s*(?:而|应该|其实)?是\s*(?:一只|一辆|一个)?(?P<zx>[\u4e00-\u9fff]{1,6}?)(?:[。！!，,~～]|$)",
    re.IGNORECASE,
)
# what is never a value meant: "not a cat person" names none, "I meant it"
# (nor a word of the slip's cue: "oops, not a cat")
_NO_VALUE = re.compile(
    r"^(?:it|that|this|one|him|her|them|person|people|fan|thing|really|either|so|much|too|yet|anymore|sorry|soz|oops|whoops|typo"
    r"|correction|wait|no|nah|actually|lol|haha+|ok|okay|um|uh|well|jk|\w+\s+i)$|^(?:i|i['’]m|you|we|he|she|they|it|my)\b|人$|^(?:不对|说错了?|口误|是)",
    re.IGNORECASE,
)
# what may follow the value taken back: the end of a clause ("not a cat person": no value of its own)
_SLIP_END = re.compile(r"\s*(?:$|[^\w\s]|(?:lol|haha+|lmao|sorry|sry|oops|my\s+bad)\b)", re.IGNORECASE)

#: (relation type, regex of its opposite said after a take-back, turns it must read)
OPPOSITES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("MARRIED_TO",
     r"\b(?:i['’]?m|i\s+am)\s+(?:still\s+|totally\s+|very\s+much\s+)?(?:single|not\s+married|unmarried)\b|\bnever\s+(?:been\s+|got\s+)?married\b"
     r"|单身|(?:没|没有|还没|未)结婚|未婚",
     ("jk, I'm single", "just kidding, I'm not married", "开玩笑的，我单身", "骗你的，我还没结婚")),
    ("LIKES",
     r"\b(?:hate|hates|dislike|detest|loathe|can['’]?t\s+stand|don['’]?t\s+(?:really\s+)?(?:like|love|enjoy)|not\s+a\s+fan)\b"
     r"|讨厌|不喜欢|不爱|受不了|不感冒",
     ("jk, I hate it", "jk I can't stand sushi", "开玩笑的，我讨厌寿司", "骗你的，我不喜欢")),
    ("DISLIKES",
     r"\b(?:love|loves|like|likes|adore|enjoy|a\s+fan\s+of)\b|(?<![不没])(?:喜欢|爱)",
     ("jk, I love it", "开玩笑的，我很喜欢")),
    ("OWNS",
     r"\b(?:don['’]?t|do\s+not|never)\s+(?:even\s+)?(?:have|had|own|owned)\b|\bno\s+(?:pets?|car|cat|dog)\b|\bnot\s+mine\b"
     r"|(?:没|没有|没养|没买|不养)",
     ("jk, I don't have a cat", "just kidding, I don't own one", "开玩笑的，我没养猫")),
)
_OPPOSITE = {t: re.compile(regex, re.IGNORECASE) for t, regex, _ in OPPOSITES}


def _named(name: str, text: str) -> re.Match[str] | None:
    """Where ``text`` names ``name`` (a word of its own, plural allowed: "cats" for "cat")."""
    if re.search(r"[\u4e00-\u9fff]", name):
        return re.search(re.escape(name), text)
    return re.search(rf"(?<![\w'’-]){re.escape(name)}(?:s|es)?(?![\w'’-])", text, re.IGNORECASE)


def meant_instead(text: str, slip: str) -> str | None:
    """The value ``text`` names in place of ``slip`` in a correction ("Sorry, I meant ramen, not
    sushi": ramen); None when it names none or says no word of a slip."""
    found = _named(slip, text)
    if found is None or (_CUE.search(text.lower()) is None and not text.lstrip().startswith("*")):
        return None
    before, after = text[: found.start()], text[found.end() :]
    if not re.search(r"[\u4e00-\u9fff]", slip) and not _SLIP_END.match(after):
        return None
    # (the nearest value: "Sorry, I meant ramen, not" is ramen, not "I meant ramen")
    m = next(filter(None, (_MEANT_BEFORE.match(before, i) for i in range(len(before) - 1, max(-1, len(before) - 80), -1))), None)
    for found in (m, _MEANT_AFTER.match(after) if _NOT_BEFORE.search(before) else None):
        value = (found.group("x") or found.group("zx")) if found is not None else None
        if value and not _NO_VALUE.search(value) and value.casefold() != slip.casefold():
            return value
    return None


def felt_until(
    annotation: Annotation,
    referents: Sequence[Referent],
    speaker: Referent | None,
    current: Callable[[str], Sequence[Relation]],
    index: int,
) -> list[RelationProposal]:
    """Unsure versions of the tastes a sentence tells as over by a past bound ("I was obsessed
    with sushi until last year", "Tom hated running till recently"; :data:`.doubt_words.FELT_UNTIL`):
    the feeling since is not said, so neither is stated. The taste's object is named before the
    bound, and its holder is the speaker (said with "I") or named in the sentence."""
    out: list[RelationProposal] = []
    for sentence in annotation.sentences:
        said = FELT_UNTIL.search(sentence.text) if "til" in sentence.text.casefold() else None
        if said is None:
            continue
        for ref in referents:
            own = ref is speaker and re.search(r"\bI\b", sentence.text[: said.start() + 4]) is not None
            if not own and _named(ref.name, sentence.text) is None:
                continue
            for r in current(ref.id):
                if r.type in ("LIKES", "DISLIKES") and r.subject_id == ref.id and r.object_name and not is_unsure(r) \
                        and _named(r.object_name, said.group(0)) is not None:
                    out.append(RelationProposal(r.subject_id, r.type, r.object_id, {**r.attributes, UNSURE: "true"}, False, index))
    return out


# a return to a firm or a school left before: "Li Wei went back to Meituan", "I'm back at Acme",
# "rejoined Acme", 李伟又回到了美团, 重回美团 (not "never went back to", "went back to Acme for a visit")
_BACK_TO = re.compile(
    r"(?<!\bnever\s)(?<!\bnot\s)(?<!n['’]t\s)\b(?:(?:went|gone|goes|go|came|come|comes|headed|moved)\s+back\s+to|return(?:ed|s)\s+to"
    r"|(?:is|am|are|['’]s|['’]m)\s+back\s+(?:at|with)|rejoin(?:ed|s))\s+(?:the\s+)?$"
    r"|(?<![没不])(?:又|重新)?回(?:到|去|归)了?\s*$|(?<![没不])重回\s*$",
    re.IGNORECASE,
)
_BACK_WORDS = re.compile(r"\bback\s+(?:to|at|with)\b|\breturn(?:ed|s)\s+to\b|\brejoin|回到|回去|回归|重回", re.IGNORECASE)
_VISIT = re.compile(r"\s*(?:to\s+(?!work\b)\w+|for\b|on\s+a\s+visit|看看|参观|拿|玩|办事|开会)", re.IGNORECASE)
RETURN_TYPES = ("WORKS_FOR", "STUDIES_AT")


def returned(
    annotation: Annotation,
    referents: Sequence[Referent],
    speaker: Referent | None,
    history: Callable[[str, str, str], Sequence[Relation]],
    index: int,
) -> list[RelationProposal]:
    """The firm or school a sentence says its holder went back to, held again: only one held
    before (an ended relation of the subject in ``history(side, entity, type)``), not a visit."""
    out: list[RelationProposal] = []
    for sentence in annotation.sentences:
        text = sentence.text
        if _BACK_WORDS.search(text) is None:  # (most sentences: no history read)
            continue
        for ref in referents:
            own = ref is speaker and re.search(r"\bI\b|\bI['’]m\b|我", text) is not None
            if not own and _named(ref.name, text) is None:
                continue
            for rtype in RETURN_TYPES:
                for r in history("subject", ref.id, rtype):
                    found = _named(r.object_name, text) if r.valid_to is not None and r.object_name else None
                    if found is not None and _BACK_TO.search(text[max(0, found.start() - 40) : found.start()]) \
                            and not _VISIT.match(text[found.end() :]):
                        out.append(RelationProposal(ref.id, rtype, r.object_id, {}, False, index))
                        break
    return out


def _of(r: Relation, rest: str, speaker: Referent | None) -> bool:
    """Whether what a take-back says (``rest``) is of ``r``: its value named or referred to ("jk, I
    hate it"), or for a marriage one of the couple ("jk, I'm single" from one of them, 她单身)."""
    if r.type != "MARRIED_TO":
        said = r.object_name is not None and _named(r.object_name, rest) is not None
        return said or re.search(r"\b(?:it|that|them|one)\b|它|这个", rest, re.IGNORECASE) is not None
    ends = (r.subject_name, r.object_name)
    if any(name and _named(name, rest) for name in ends):
        return True
    if speaker is not None and speaker.id in (r.subject_id, r.object_id):
        return re.search(r"\bI\b|\bI['’]m\b|我", rest) is not None
    return re.search(r"\b(?:he|she|he['’]s|she['’]s)\b|他|她", rest, re.IGNORECASE) is not None


def taken_back(
    annotation: Annotation,
    proposals: Sequence[RelationProposal],
    sentence_statements: Sequence[int],
    resolve: Callable[[EntityRef], str | None],
    current: Callable[[str], Sequence[Relation]],
    recent: tuple[int, Sequence[Referent], Referent | None, Callable[[str, str, str], Sequence[Relation]] | None],
) -> list[RelationProposal]:
    """The tastes, possessions and marriages of the statement just before that ``annotation``
    corrects or takes back, the tastes it tells as over (:func:`felt_until`) and the firms and
    schools it says were gone back to (:func:`returned`). ``recent``: the namespace's last step,
    its salient entities, the speaker and a reader of stored history (side, entity, type);
    ``current(entity)``: the entity's current relations (either end)."""
    last_step, salient, speaker, history = recent
    referents = [*salient, *([speaker] if speaker is not None else [])]
    text = annotation.text
    index = sentence_statements[-1] if sentence_statements else 0
    over = felt_until(annotation, referents, speaker, current, index)
    over += returned(annotation, referents, speaker, history, index) if history is not None else []
    if last_step < 1 or "?" in text or "？" in text:
        return over
    joke = _OPENING_JOKE.search(text)
    if joke is None and _CUE.search(text.lower()) is None and not text.lstrip().startswith("*"):
        return over
    done = {(p.subject_id, p.type, p.object_id) for p in proposals if p.negated}
    slips: dict[str, Relation] = {}
    for ref in referents:
        for r in current(ref.id):
            if r.type in TAKEN_BACK_TYPES and r.valid_from_step == last_step and not is_unsure(r) \
                    and (r.subject_id, r.type, r.object_id) not in done and (r.type not in SYMMETRIC or r.object_id == ref.id):
                slips[r.id] = r
    out: list[RelationProposal] = list(over)
    for r in slips.values():
        if joke is not None:
            rest = text[joke.end() :]
            if _OPPOSITE[r.type].search(rest) and _of(r, rest, speaker):
                out.append(RelationProposal(r.subject_id, r.type, r.object_id, {}, True, index))
                if r.type in SYMMETRIC and r.object_id:
                    out.append(RelationProposal(r.object_id, r.type, r.subject_id, {}, True, index))
            continue
        value = meant_instead(text, r.object_name) if r.object_name else None
        new = resolve(EntityRef(value, None)) if value else None
        if new is not None and new != r.object_id and new != r.subject_id:
            out += replaced(r, new, index)
    # the value meant alone ("Sorry, I meant ramen."): the one taste or possession the speaker's
    # turn just before told (.meant_alone)
    lone = meant_alone(text, [r for r in slips.values() if speaker is None or r.subject_id == speaker.id]) if joke is None and len(out) == len(over) else None
    new = resolve(EntityRef(lone[1], None)) if lone is not None else None
    if lone is not None and new is not None and new not in (lone[0].object_id, lone[0].subject_id):
        out += replaced(lone[0], new, index)
    once = {(p.subject_id, p.type, p.object_id, p.negated): p for p in out}  # (a marriage found from both its ends)
    return list(once.values())
