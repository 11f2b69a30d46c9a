"""A stand-in changes no one's role: "While Alice is on leave, Bob is managing Project Orion",
"张工请假期间，装修项目由李工负责", "装修项目暂时由李工负责，张工下周回来", "装修项目临时由李工负责".

Someone who covers for the time another is away (the absence or the return is named in the
sentence), or ad hoc (临时), holds no role of their own: neither the stand-in's reading nor the
end of the absent one's is news. A handover "for now" after someone left ("其工作暂由孙莉接手",
"Tariq is interim PM") is no stand-in: nobody is coming back.
"""

from __future__ import annotations

import re

from .schema import RelationCandidate

__all__ = ["STAND_IN", "stood_in"]

_AWAY = r"(?:请假|休假|休年假|休产假|产假|病假|出差|住院|养病|不在|外出|出国)"
#: a sentence that gives a role for someone's absence, or ad hoc
STAND_IN = re.compile(
    _AWAY + r"[^，。；！？]{0,6}?(?:期间|这段时间|这段日子|这几天|这阵子|的时候)"
    r"|(?:暂时|暂|先|临时)[^。；！？]{0,30}?[，,][^。；！？]{0,12}?(?:回来|回归|销假|复工|返岗)"
    r"|(?:回来|销假|返岗)(?:之前|以前|前)|临时(?:由|让|交给|代|负责|接手|接管|管)|暂代|代为"
    r"|\b(?:while|whilst)\s+\S+(?:\s+\S+)?\s+(?:is|'s|’s|was|are)\s+(?:away|out|off|on\s+(?:\w+\s+)?leave|on\s+holiday"
    r"|on\s+vacation|sick|ill|travel\w*|in\s+hospital)\b"
    r"|\b(?:until|till)\s+\S+(?:\s+\S+)?\s+(?:is\s+back|gets\s+back|returns|comes\s+back)\b"
    r"|\b(?:covering|standing\s+in|filling\s+in|deputi[sz]ing)\s+for\b|\bin\s+\S+?(?:['’]s?)?\s+absence\b"
    r"|\btemporarily\b[^.;!?]{0,60}\b(?:back|returns?)\b",
    re.IGNORECASE,
)
# the relations a stand-in seems to take over
_ROLES = frozenset({"MANAGES", "REPORTS_TO", "HAS_ROLE_IN"})


def stood_in(candidate: RelationCandidate, sentence: str) -> bool:
    """Whether ``candidate`` is a role read from ``sentence`` that names a stand-in (see the
    module docstring): it states nothing, and ends nothing."""
    return candidate.type in _ROLES and STAND_IN.search(sentence) is not None
