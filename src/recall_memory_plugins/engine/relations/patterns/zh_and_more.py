"""More liked things joined to the first in a Chinese taste: 喜欢寿司和披萨 likes both.

The taste patterns read the thing right after the verb (寿司); the things joined to it with 和, 、,
与 or 以及 up to the end of the clause are liked (or disliked) the same way. Only short plain words
joined to the clause's end count: a name (a mention's placeholder in the text read), a phrase with 的, 一起, a verb or an
adverb ends nothing ("喜欢寿司和朋友一起吃" names a companion, not a second taste).
"""

from __future__ import annotations

import re

from ..schema import EntityRef

__all__ = ["joined_tastes"]

_JOINED = re.compile(r"(?:和|、|与|以及)([\u4e00-\u9fff]{1,5}?)(?=和|、|与|以及|[。！!，,；;…~～]|$)")
# not a plain thing: a companion, a place, an action or a comparison
_NOT_A_THING = re.compile(r"[的了着过都也很在去说跟让被把比更最还又再就才]|一起|一块|一样|大家|朋友|家人")


def joined_tastes(text: str, end: int) -> list[EntityRef]:
    """The things joined to the taste read up to ``end`` of ``text``, to the clause's end
    (none unless the whole chain is plain words)."""
    out: list[EntityRef] = []
    pos = end
    while (m := _JOINED.match(text, pos)) is not None:
        if _NOT_A_THING.search(m.group(1)):
            return []
        out.append(EntityRef(m.group(1), None, None))
        pos = m.end()
    if pos == end or (pos < len(text) and text[pos] in "和、与"):
        return []
    return out
