"""The one spoken to: a name that opens a Chinese text, then a comma and a clause with 您 or 你
("刘医生，按您说的，…", "王老师，你放心，…"), is the addressee, not the subject of a later clause
that names none (the speaker's: "…，改喝绿茶了" is the writer's news, not the doctor's)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..schema import Mention
from .blocks import _SLOT_RE

__all__ = ["zh_spoken_to"]

# the clause right after the name's comma
_NEXT_CLAUSE = re.compile(r"[，,]\s*([^，,。！？!?；;]{1,16})")


def zh_spoken_to(head: str, at: int, mentions: Sequence[Mention]) -> bool:
    """Whether the name that ends at ``at`` of the view ``head`` is the one spoken to: the
    clause after its comma says 您 or 你 (a pronoun is a placeholder there)."""
    found = _NEXT_CLAUSE.match(head, at)
    if found is None:
        return False
    clause = _SLOT_RE.sub(
        lambda s: mentions[int(s.group(1))].text if int(s.group(1)) < len(mentions) else "", found.group(1)
    )
    return "您" in clause or "你" in clause
