"""Rows for a job change told in chat words (English and Chinese): a notice given at a firm
("giving notice at Acme", "handed in my notice at Acme", "my last day at Acme is Friday",
在奥美提了离职, 从奥美裸辞了) ends the job there; a start at a firm ("starting at Fernbrook on
May 20", "I started at Fernbrook") and a move to a firm told with the work done
there (去小红书上班, 下个月去小红书做内容运营) start one. A start on a day still to come is a plan,
read by the rules that read plans (as "I'm joining Acme next month"); told after a quit with no
subject of its own ("I quit Target. starting at Fernbrook on May 20") it states nothing.

Not a time or a price ("starting at 9am", "starting at $50"), a notice to a person ("I gave notice
to my landlord"), a last day of anything else ("my last day of vacation"), nor a visit (去小红书看看
攻略, 去星巴克买咖啡: no work is done there). Same shape as ``english.py``;
``tests/unit/test_relations_patterns_table.py`` runs every example.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..lazy_regex import lazy_pattern
from ..schema import ORG, PERSON, RelationCandidate
from .blocks import PatternRow, en, ex, zh
from .handlers import _job_ended_at, _role, _works_for
from .match import _cands, _Match
from .mood import _AHEAD, _MONTHS

__all__ = ["EN_JOB_MOVE_ROWS", "ZH_JOB_MOVE_ROWS"]

# "a startup called Fernbrook", "this small agency named Brightline": the name, not the kind (a
# firm's kind says the name is a firm's, which a tagger reading "called X" may take for a person's)
_CALLED = (
    r"(?:(?:a|an|this|that)\s+(?:[a-z]+\s+)?(?P<kind>startup|company|firm|agency|studio|consultancy|bank|lab"
    r"|nonprofit|non-profit|business|restaurant|bakery|cafe|shop|store|hospital|clinic|school)\s+(?:called|named)\s+)?"
)


# a name read with the day after it ("starts at Nintendo Mon"): no firm's name, say nothing
_DAY_LAST = lazy_pattern(r"\s(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day)?\.?$")


# a time still to come after the firm ("starting at Fernbrook on May 20", "... next month")
_TO_COME = lazy_pattern(
    r"\s*,?\s*(?:" + _AHEAD + r"|\bon\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTHS
    + r"|\bnext\s+(?:week|month|year|spring|summer|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday)\b|\btomorrow\b)",
    re.IGNORECASE,
)
_NOT_DONE = lazy_pattern(r"\bstart(?:ing|s)?\b", re.IGNORECASE)


def _started_at(h: _Match) -> list[RelationCandidate]:
    """ "started at Fernbrook", "starting at a startup called Fernbrook" (a firm by its kind)."""
    # (a person starts a job: not "Already started at KPMG" nor a pronoun read as "Farewell")
    subjects = [r for r in h.refs("s") if r.type == PERSON]
    if not subjects or (_NOT_DONE.search(h.m.group(0)) and _TO_COME.match(h.ex.annotation.text, h.end)):
        return []  # (a start on a day still to come, told with no tense: "I quit Target. starting at Fernbrook on May 20")
    if h.group("kind") and h.type("o") == PERSON:
        return _cands(subjects, "WORKS_FOR", [replace(r, type=ORG) for r in h.refs("o")])
    return [c for c in _works_for(h) if c.subject in subjects and not (c.object and _DAY_LAST.search(c.object.name))]


def _studies_done_at(h: _Match) -> list[RelationCandidate]:
    """ "finished his MSc at Imperial": the studies at O are over."""
    return [] if h.type("o") == PERSON else _cands(h.refs("s"), "STUDIES_AT", h.refs("o"), negated=True)

EN_JOB_MOVE_ROWS: tuple[PatternRow, ...] = (
    # "giving notice at Acme", "I handed in my notice at Acme", "put in my two weeks at Acme"
    en(
        r"{S}(?:\s+|(?=['’][sm]\s))(?:['’][ms]\s+|am\s+|is\s+|was\s+|have\s+|has\s+|had\s+|just\s+)?{ADV}"
        r"(?:giving|gave|given|handing\s+in|handed\s+in|putting\s+in|put\s+in|turning\s+in|turned\s+in"
        r"|submitting|submitted)\s+(?:(?:my|his|her|their|a|\ue000\d+\ue001)\s+)?(?:(?:two|2)[-\s]weeks['’]?\s+)?"
        r"(?:notice|resignation|two\s+weeks)\s+(?:at|with)\s+{THE}{O}",
        _job_ended_at,
        ex("Alice handed in her notice at Initech.", "Alice", "WORKS_FOR", "Initech", negated=True),
        ex("Bob is giving notice at Globex.", "Bob", "WORKS_FOR", "Globex", negated=True),
    ),
    # "my last day at Acme is Friday", "Lena's last day at SAP will be June 28"
    en(
        r"{S}(?:'s|’s)\s+last\s+(?:day|week|shift)\s+(?:at|with)\s+{THE}{O}\s*(?:is|will\s+be|['’]s|,)",
        _job_ended_at,
        ex("Lena's last day at Initech is Friday.", "Lena", "WORKS_FOR", "Initech", negated=True),
    ),
    # "starting at Fernbrook on May 20", "I started at a startup called Fernbrook"
    en(
        r"{S}(?:\s+|(?=['’][sm]\s))(?:['’][ms]\s+|am\s+|is\s+|was\s+|will\s+|have\s+|has\s+)?{ADV}"
        r"(?:starting|started|starts|start)\s+(?:(?:my|his|her|their|a|the|\ue000\d+\ue001)\s+new\s+(?:job|role|position)\s+)?at\s+"
        + _CALLED
        + r"{THE}{O}(?!\s*(?:o['’]clock|am\b|pm\b))",
        _started_at,
        ex("Luis started at Fernbrook.", "Luis", "WORKS_FOR", "Fernbrook"),
        ex("Luis started at a startup called Fernbrook.", "Luis", "WORKS_FOR", "Fernbrook"),
    ),
)

EN_JOB_MOVE_ROWS += (
    # "finished his MSc at Imperial", "completed my PhD at ETH" (then often a start elsewhere)
    en(
        r"{S}\s+(?:[—–-]\s+)?{ADV}(?:finished|completed)\s+(?:(?:my|his|her|their|\ue000\d+\ue001)\s+)?(?:MSc|MA|BA|BSc|MBA|MPhil|PhD|\ue000\d+\ue001"
        r"|degree|master['’]?s(?:\s+degree)?|bachelor['’]?s(?:\s+degree)?|doctorate|studies)\s+at\s+{THE}{O}",
        _studies_done_at,
        ex("Rohan finished his MSc at Imperial College.", "Rohan", "STUDIES_AT", "Imperial College", negated=True),
    ),
    # the start told on after the quit, its subject left out: "I quit Target. starting at Fernbrook
    # on May 20", "left Acme, started at a startup called Fernbrook"
    en(
        r"{S}\s+{ADV}(?:quit|left)\s+{THE}{Z}\s*[.,;!]+\s*(?:and\s+)?(?:now\s+)?(?:starting|started)\s+at\s+"
        + _CALLED
        + r"{THE}{O}",
        _started_at,
        ex("Luis quit Target. starting at Fernbrook.", "Luis", "WORKS_FOR", "Fernbrook"),
    ),
)

# work done at a place one goes to: 上班, 工作, 做内容运营, 当老师 (not 看看, 买咖啡, 做检查)
_ZH_ROLE = (
    r"(?P<role>[^，,。；;！!？?\ue000\s]{0,6}?(?:运营|经理|工程师|设计师|文案|编辑|老师|教师|销售|主管|总监|实习生|"
    r"产品经理|程序员|开发|会计|律师|医生|护士|助理|顾问|分析师|记者|策划|客服|研究员|架构师|专员|店长|店员|厨师))"
)

ZH_JOB_MOVE_ROWS: tuple[PatternRow, ...] = (
    zh(
        r"{S}{ADV}(?:(?:下个?月|下周|明年|今年|年后|月底|月初)(?:就|要)?)?(?:跳槽)?去(?:了)?{O}(?:上班|工作|任职|就职|实习)",
        _works_for,
        ex("李明去腾讯上班了。", "李明", "WORKS_FOR", "腾讯"),
    ),
    zh(
        r"{S}{ADV}(?:(?:下个?月|下周|明年|今年|年后|月底|月初)(?:就|要)?)?(?:跳槽)?去(?:了)?{O}(?:做|当|担任)" + _ZH_ROLE,
        _role,
        ex("李明去小红书做内容运营了。", "李明", "WORKS_FOR", "小红书", role="内容运营"),
    ),
    # 在奥美提了离职, 从奥美裸辞了, 向奥美递了辞呈
    zh(
        r"{S}{ADV}(?:在|从|向){O}(?:提了?|提出了?|递了?|交了?)(?:离职|辞职|辞呈|辞职信|离职申请)",
        _job_ended_at,
        ex("王芳在奥美提了离职。", "王芳", "WORKS_FOR", "奥美", negated=True),
    ),
    zh(
        r"{S}{ADV}从{O}裸辞",
        _job_ended_at,
        ex("王芳从奥美裸辞了。", "王芳", "WORKS_FOR", "奥美", negated=True),
    ),
)
