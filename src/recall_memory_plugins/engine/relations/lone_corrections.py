"""A correction that names only the value meant: "不对，是杭州。", "我说错了，应该是中兴。",
"Sorry, I meant Lyon.", "*Lyon", "Correction: Globex." — and a retraction that names the value
still true: "骗你的，还在杭州", "开玩笑的，我还在杭州", "jk, still in Hangzhou".

The text is nothing but the name and the words of a correction (or of a joke taken back); the
slip is the one current relation that the statement just before set (its ``valid_from_step`` is
the namespace's last step) with an object of the name's kind (a place for a place, a firm for a
firm). It is replaced like a two-value correction (:mod:`.corrections`): the slip's relation ends
where it began, and the value meant holds from then. Two such relations, none, or a question
("不对，是杭州？") change nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ...models import Relation
from ...nlp.base import Annotation
from .coref import Referent
from .corrections import replaced
from .schema import LOCATION, ORG, OTHER, PERSON, PROJECT, Mention, RelationProposal
from .updates import is_unsure

__all__ = ["lone_corrections"]

# the words such a text may hold besides the name; a cue among them is required
_ZH_CUE = r"不对|(?:说|搞|弄|记|打|写|敲|输)错了?|口误|笔误|更正|纠正|我是说|我的意思是|应该是|骗你的|开玩笑的|逗你的|逗你玩的"
_ZH_FILL = r"不好意思|抱歉|其实|应该|才对|才是|还在|还住在|还住|还是在|还是|仍在|依然在|是|我|了|啦|的|吧|哈+|呵+|嘿+|嗯|哦|噢|啊|呀|哎|诶"
_ZH_TEXT = re.compile(rf"(?:\s|[，,。.!！~～…：:、*]|{_ZH_CUE}|{_ZH_FILL})*")
_ZH_HAS_CUE = re.compile(_ZH_CUE)
_EN_CUE = (
    r"sorry|oops|whoops|typo|correction|my\s+bad|autocorrect|scratch\s+that|i\s+meant|meant|i\s+mean"
    r"|(?:it|that)\s+should\s+(?:be|read|say)|just\s+kidding|jk|kidding|j/k"
)
_EN_FILL = r"i['’]?m|i\s+am|still|it['’]?s|it\s+is|in|at|to|for|with|the|not|lol|haha|ha|no|nah|ok|okay|wait|um|uh"
_EN_TEXT = re.compile(rf"(?:\s|[,.!~…:;*-]|\b(?:{_EN_CUE}|{_EN_FILL})\b)*", re.IGNORECASE)
_EN_HAS_CUE = re.compile(rf"\b(?:{_EN_CUE})\b|^\s*\*|\*\s*$", re.IGNORECASE)
# the kinds a name may be corrected into: a place for a place, a firm (or project) for a firm
_KIND = {LOCATION: "place", ORG: "work", PROJECT: "work"}


def _is_lone_correction(text: str, name: Mention) -> bool:
    if "?" in text or "？" in text:
        return False
    rest = text[: name.start] + " " + text[name.end :]
    if _ZH_TEXT.fullmatch(rest) and _ZH_HAS_CUE.search(rest):
        return True
    return _EN_TEXT.fullmatch(rest) is not None and _EN_HAS_CUE.search(rest) is not None


def lone_corrections(
    annotation: Annotation,
    mentions: Sequence[Mention],
    sentence_statements: Sequence[int],
    recent: tuple[int, Sequence[Referent]],
    current: Callable[[str], list[Relation]],
) -> list[RelationProposal]:
    """The slip of the statement just before replaced by the one value ``annotation`` names.
    ``recent``: the namespace's last step and its salient entities (most salient first);
    ``current(entity)``: the entity's current relations (either end)."""
    last_step, referents = recent
    names = [m for m in mentions if m.kind == "name" and m.entity_ids]
    if last_step < 1 or len(names) != 1 or not _is_lone_correction(annotation.text, names[0]):
        return []
    meant = names[0]
    new = meant.entity_ids[0]
    kind = _KIND.get(meant.type or OTHER)
    if meant.type == PERSON:
        return []
    slips: dict[str, Relation] = {}
    for ref in referents:
        if ref.id == new or _KIND.get(ref.type or OTHER) is None:
            continue
        if kind is not None and _KIND.get(ref.type or OTHER) != kind:
            continue
        for r in current(ref.id):
            if r.object_id == ref.id and r.subject_id != new and r.valid_from_step == last_step and not is_unsure(r):
                slips[r.id] = r
    if len(slips) != 1:  # (a marriage is between persons: never corrected into a place or a firm)
        return []
    (slip,) = slips.values()
    index = sentence_statements[meant.sentence] if 0 <= meant.sentence < len(sentence_statements) else 0
    return replaced(slip, new, index)
