"""English rows for a project taken up again or launched, in everyday words: "Project Orion is
back on track", "We resumed work on Project Orion", "Orion is active again", "Orion was
restarted last week", "Orion was revived", "Orion launched last week". Each says a new status,
which replaces the old one (on hold, cancelled, delayed). Same shape as ``english.py``;
``tests/unit/test_relations_patterns_table.py`` runs every example.
"""

from __future__ import annotations

from ..schema import PROJECT, RelationCandidate
from .blocks import _SLOT, PatternRow, en, ex
from .handlers import _status
from .match import _Match

__all__ = ["EN_STATUS_ROWS"]

# (a time or a full stop after an intransitive "launched": "Orion launched a new app" says
# nothing of Orion's own status; "Zephyr shipped!!" is left to the lead's doubt rule)
_THEN = r"(?=\s*(?:[.,;:!)]|$|\s+(?:last|yesterday|today|this|on|in|earlier|recently|successfully|again|at\s+last|after)\b))"
_BACK = r"(?:now\s+|finally\s+|officially\s+|fully\s+)?"
# a status told in a clause of time or cause is background ("when it launched", "Now that Nimbus
# has launched, …"), not news of the project's status now
_MAIN = "".join(f"(?<!{w} )" for w in ("when", "that", "after", "since", "once", "before", "until", "because", "as"))


def _taken_up(h: _Match) -> list[RelationCandidate]:
    """ "We resumed work on Orion", "They restarted Project Orion": a project's new status; not
    "Sam restarted Windows" (no work, and no project named)."""
    if "work" not in h.m.group(0).lower() and h.type("s") != PROJECT:
        return []
    return _status(h)


EN_STATUS_ROWS: tuple[PatternRow, ...] = (
    en(
        _MAIN + r"{S}\s+(?:is|was|are|were|'s|’s|has\s+been|have\s+been|got|is\s+getting)\s+" + _BACK
        + r"back\s+(?P<status>on\s+track|in\s+progress|in\s+development|underway|under\s+way|live)\b",
        _status,
        ex("Project Orion is back on track.", "Project Orion", "STATUS", status="on track"),
        ex("Project Orion is now back in progress.", "Project Orion", "STATUS", status="in progress"),
    ),
    en(
        _MAIN + r"{S}\s+(?:is|are|'s|’s)\s+" + _BACK + r"(?P<status>active|live|running|underway|moving)\s+again\b",
        _status,
        ex("Project Orion is active again.", "Project Orion", "STATUS", status="active"),
        ex("Project Orion is finally running again.", "Project Orion", "STATUS", status="running"),
    ),
    en(
        _MAIN + r"{S}\s+(?:was|were|has\s+been|have\s+been|got|is|are|'s|’s)\s+(?:now\s+|finally\s+|officially\s+|just\s+)?"
        r"(?P<status>restarted|revived|resumed|relaunched|reactivated|reopened|rebooted|unpaused|un-paused|resurrected)\b",
        _status,
        ex("Project Orion was restarted last week.", "Project Orion", "STATUS", status="restarted"),
        ex("Project Orion was revived.", "Project Orion", "STATUS", status="revived"),
        ex("Project Orion has been unpaused.", "Project Orion", "STATUS", status="unpaused"),
    ),
    en(
        # "We resumed work on Project Orion", "The team restarted Orion", "They've picked Orion back up"
        r"(?:" + _SLOT + r"|\b(?:we|they|i|the\s+team|the\s+company|management))\s+(?:have\s+|has\s+|'ve\s+|’ve\s+|just\s+|finally\s+|officially\s+)*"
        r"(?P<status>resumed|restarted|revived|relaunched|reactivated|unpaused)\s+(?:(?:the\s+)?work\s+on\s+)?{THE}{S}",
        _taken_up,
        ex("We resumed work on Project Orion.", "Project Orion", "STATUS", status="resumed"),
        ex("They restarted Project Orion last month.", "Project Orion", "STATUS", status="restarted"),
    ),
    en(
        _MAIN + r"{S}\s+(?:has\s+|have\s+)?(?:finally\s+|officially\s+|just\s+|successfully\s+)?"
        r"(?P<status>launched|went\s+live|resumed|restarted)" + _THEN,
        _taken_up,
        ex("Project Orion launched last week.", "Project Orion", "STATUS", status="launched"),
        ex("Project Orion finally went live.", "Project Orion", "STATUS", status="went live"),
    ),
)
