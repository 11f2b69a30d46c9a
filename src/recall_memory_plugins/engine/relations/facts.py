"""Relations as short prompt lines, and the relation words of a question (pure functions).

A fact reads ``王五 manages 星火计划 (since step 3; before: 张三, steps 1-3)``: the current value
first, with what it replaced, so the newest truth wins even when older statements repeat the old
one more often.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime, timedelta

from ...models import Relation
from .schema import Side, phrase

__all__ = ["cue_types", "profile_question", "render_fact"]

_CUES: Mapping[str, tuple[str, ...]] = {
    "MANAGES": (
        "manage",
        "manages",
        "managed",
        "managing",
        "manager",
        "lead",
        "leads",
        "leading",
        "led",
        "leader",
        "in charge",
        "responsible",
        "run",
        "runs",
        "running",
        "head",
        "heads",
        "owner",
        "负责",
        "管理",
        "领导",
        "主管",
        "接手",
        "经理",
        "负责人",
        "牵头",
        "带领",
    ),
    "WORKS_FOR": (
        "work",
        "works",
        "working",
        "worked",
        "job",
        "employer",
        "employed",
        "company",
        "employ",
        "工作",
        "上班",
        "任职",
        "就职",
        "公司",
        "单位",
    ),
    "LIVES_IN": (
        "live",
        "lives",
        "lived",
        "living",
        "reside",
        "resides",
        "home",
        "moved",
        "move",
        "住",
        "居住",
        "生活",
        "搬",
    ),
    "REPORTS_TO": (
        "report",
        "reports",
        "reported",
        "boss",
        "manager",
        "supervisor",
        "team",
        "汇报",
        "上司",
        "领导",
        "团队",
        "成员",
    ),
    "INVOLVED_IN": (
        "involved",
        "member",
        "members",
        "team",
        "join",
        "joined",
        "work on",
        "working on",
        "参与",
        "加入",
        "成员",
        "团队",
    ),
    "HAS_ROLE_IN": ("role", "position", "title", "角色", "职位", "担任"),
    "STATUS": ("status", "stage", "phase", "progress", "state", "状态", "阶段", "进展", "进度"),
    "DEPENDS_ON": ("depend", "depends", "dependency", "rely", "relies", "依赖", "取决"),
    "LIKES": (
        "like",
        "likes",
        "love",
        "loves",
        "enjoy",
        "enjoys",
        "favorite",
        "favourite",
        "喜欢",
        "爱",
        "喜爱",
    ),
    "DISLIKES": ("hate", "hates", "dislike", "dislikes", "讨厌"),
    "WANTS_TO_VISIT": ("travel", "visit", "trip", "go to", "旅行", "旅游", "想去"),
    "VISITED": ("visited", "been to", "went", "去过"),
    "OWNS": ("own", "owns", "have", "has", "pet", "拥有", "养"),
    "STUDIES_AT": ("study", "studies", "school", "university", "学习", "上学", "读书"),
    # "Who is Alice married to?", "Who is Alice's husband?", 她老公是谁
    "MARRIED_TO": ("married", "marry", "husband", "wife", "spouse", "wed", "wedded", "结婚", "老公", "老婆", "丈夫", "妻子", "配偶"),
}


# "Where is Alice (now)?": a named person's whereabouts, asked without a relation word
_WHERE_IS = re.compile(
    r"\b(?i:where(?:'s|\s+is|\s+are))\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?"
    r"(?i:\s+(?:now|these\s+days|nowadays|currently|at\s+the\s+moment|right\s+now))?\s*[?.!]*\s*$"
)
# "Tell me about Alice", "What do you know about Bob?", "Who is Carol?", "介绍一下张三": everything
# current about whom the question names
_PROFILE = re.compile(
    r"\b(?:tell\s+me\s+about|(?:do|does)\s+(?:you|we|i)\s+know\s+about|what\s+about"
    r"|what(?:'s|\s+is)\s+new\s+with|how\s+is\s+[A-Z]\w*\s+doing|remind\s+me\s+about)\b",
    re.IGNORECASE,
)
_WHO_IS = re.compile(r"^\s*(?i:who(?:'s|\s+is|\s+was))\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s*\?*\s*$")
_PROFILE_ZH = ("介绍一下", "介绍下", "的情况", "最近怎么样", "近况")


def profile_question(text: str) -> bool:
    """Whether ``text`` asks about whom it names as a whole, with no relation word ("Tell me
    about Alice", "Who is Bob?", "介绍一下张三"): every current relation of theirs is relevant."""
    return bool(
        _PROFILE.search(text) or _WHO_IS.match(text) or any(c in text for c in _PROFILE_ZH)
    )


def cue_types(text: str) -> list[str]:
    """Relation types whose words appear in ``text`` ("Who manages X?" -> ``["MANAGES"]``;
    "Where is Alice now?" -> ``["LIVES_IN"]``)."""
    low = text.lower()
    words = set(re.findall(r"[a-z]+", low))
    out: list[str] = ["LIVES_IN"] if _WHERE_IS.search(text) else []
    for type_, cues in _CUES.items():
        for cue in cues:
            if (" " in cue and cue in low) or cue in words or (not cue.isascii() and cue in text):
                if type_ not in out:
                    out.append(type_)
                break
    return out


def _ended_phrase(type_: str) -> str:
    words = phrase(type_)
    if words.startswith("is "):
        return "is no longer " + words[3:]
    return "no longer " + words


def _value(rel: Relation) -> str:
    if rel.type == "STATUS":
        return rel.attributes.get("status", "")
    role = rel.attributes.get("role")
    obj = rel.object_name or ""
    return f"{obj} as {role}" if role else obj


def render_fact(
    rel: Relation, *, predecessor: Relation | None = None, side: Side | None = None
) -> str:
    """One relation as a short line, e.g. ``Alice works for Globex as engineer (since step 7;
    before: Initech, steps 1-7)`` or ``张三 no longer manages 星火计划 (steps 1-3)``."""
    subject = rel.subject_name
    if rel.type == "STATUS":  # (an ended one said ended, as other types: "status: no longer on hold")
        head = f"{subject} status: {'' if rel.is_current else 'no longer '}{_value(rel)}"
    elif rel.is_current:
        head = f"{subject} {phrase(rel.type)} {_value(rel)}".rstrip()
    else:
        head = f"{subject} {_ended_phrase(rel.type)} {_value(rel)}".rstrip()
    if not rel.is_current:
        return f"{head} ({_steps(rel)})"
    when = f"since step {rel.valid_from_step}"
    if _dated(rel):  # "moved to Rome last month": since then, told at that step
        when = f"since {_date(rel.valid_from)}, step {rel.valid_from_step}"
    if predecessor is None:
        return f"{head} ({when})"
    if side == "object":
        before = predecessor.subject_name
    elif rel.type == "STATUS":
        before = _value(predecessor)
    elif side == "pair" or predecessor.object_id == rel.object_id:
        before = predecessor.attributes.get("role", "") or _value(predecessor)
    else:
        before = _value(predecessor)
    return f"{head} ({when}; before: {before}, {_steps(predecessor)})"


def _dated(rel: Relation) -> bool:
    """Whether the text dated the relation ("in 2019", "last month"): it began a day or more
    before it was recorded (:mod:`.dated_changes`)."""
    return (rel.recorded_at - rel.valid_from).total_seconds() >= 86400


def _date(at: datetime) -> str:
    """A date as a text gives one: ``2019`` (a year), ``May 2026`` (a month), ``2026-05-27``."""
    if (at.hour, at.minute, at.second, at.microsecond) == (0, 0, 0, 0) and at.day == 1:
        return str(at.year) if at.month == 1 else at.strftime("%b %Y")
    return at.date().isoformat()


def _through(end: datetime) -> str:
    """The last year, month or day before the exclusive end of a period a text named ("from 2014
    to 2019" ends on 1 January 2020: ``2019``); an end at no midnight as it is."""
    if (end.hour, end.minute, end.second, end.microsecond) != (0, 0, 0, 0):
        return _date(end)
    last = end - timedelta(days=1)
    if end.day == 1:
        return str(last.year) if end.month == 1 else last.strftime("%b %Y")
    return last.date().isoformat()


def _steps(rel: Relation) -> str:
    """``steps 1-7``; ``step 2`` for history told at one step (a backdated statement); the dates
    of history a text dated (``2018-2020, step 2``)."""
    if _dated(rel) and rel.valid_to is not None:
        first, last = _date(rel.valid_from), _date(rel.valid_to)
        if rel.valid_to_step == rel.valid_from_step and rel.superseded_by is None:
            last = _through(rel.valid_to)  # (a period one text closed: "2014 to 2019", not 2020)
        return f"{first if first == last else f'{first} to {last}'}, step {rel.valid_from_step}"
    if rel.valid_to_step == rel.valid_from_step:
        return f"step {rel.valid_from_step}"
    return f"steps {rel.valid_from_step}-{rel.valid_to_step}"
