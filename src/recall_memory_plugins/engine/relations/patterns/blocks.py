"""Building blocks of the relation patterns: placeholders, regex fragments and role words.

A pattern is written as a *spec*: a regular expression in which ``{S}``, ``{O}`` and ``{Z}``
stand for mention placeholders (subject, object, a previous holder) and ``{ADV}``, ``{NEG}``,
``{NP}`` ... for the shared fragments below. :func:`en` and :func:`zh` turn a spec into a
:class:`PatternRow`, which keeps the spec, its regex (compiled on first use: ``lazy_regex.py``), its
handler and the example sentences it must match (``tests/unit/test_relations_patterns_table.py``
runs every row's examples).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..lazy_regex import lazy_pattern

if TYPE_CHECKING:
    from .match import Handler

OPEN, CLOSE = "\ue000", "\ue001"
_SLOT = OPEN + r"\d+" + CLOSE
_SLOT_RE = lazy_pattern(OPEN + r"(\d+)" + CLOSE)

# --------------------------------------------------------------------------- pattern building blocks
_EN = {
    "ADV": r"(?:(?:now|currently|also|still|recently|officially|just|already|actually|finally"
    r"|then|soon|since|again)\s+)*",
    # "used to" reads as "no longer": it ends a current relation and never starts one
    "NEG": r"(?P<neg>no\s+longer\s+|not\s+|never\s+|(?:does|did|do)(?:\s+not|n['’]t)\s+"
    r"|(?:is|are|was|were)n['’]t\s+"
    r"|(?:has|have)\s+stopped\s+|stopped\s+|used\s+to\s+)?",
    "ANYMORE": r"(?P<anymore>\s+any\s?more)?",
    "THE": r"(?:the\s+)?",
    "BE": r"(?:is|was|are|were|'s|’s|has\s+been|have\s+been)",
    "NP": r"(?P<np>[A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*){0,3})",
    "STATUS_IN": r"(?P<status>testing|development|production|beta|alpha|review|planning|design"
    r"|maintenance|progress|qa|staging|trial|pilot|preview|prototype)",
    "STATUS_DONE": r"(?P<status>completed|complete|cancell?ed|canceled|launched|released|paused"
    r"|planned|under\s+review|under\s+construction|under\s+development|in\s+progress"
    r"|behind\s+schedule|on\s+track|at\s+risk"
    r"|on\s+hold|delayed|finished|shipped|done(?!\s+with\b)|approved|live|deployed|started"
    r"|blocked|suspended|archived|stalled|abandoned|postponed)",
}
_ZH = {
    # adverbs, time phrases (上个月, 去年年底, 2023年), degree words and reasons that may stand
    # between a subject and its verb; 曾经/以前 are not here: they read as NEG (no longer). At most
    # 12 of them, and a date is read one way only (atomic: 2019年3月, never 2019年 + 3月): a run
    # of dates read every way before a failing match took exponential time (张三2019年3月5日…×24)
    "ADV": r"(?:自己|本人|留(?=在)|(?:本科|硕士|博士|研究生)(?=毕业)|现在|目前|正在|一直|也|还|已经|已|最近|刚刚|刚|开始|正式|将要|即将|将|会|要|又|都|俩|两(?:个人|个|人)(?=都|也|一起)"
    r"|仍然|仍|依然|就|则|便|同时|另外|现(?=已|由|改|转)|今年|今天|昨天|改为|改成|转而|如今|后来|终于|最终|直接"
    r"|上个?月|(?:上上?个?|这个?|本)?(?:周|星期|礼拜)[一二三四五六日天末]|上周|上星期|上礼拜|这个月|本月|前几天|前天|前阵子|前段时间|不久前|去年|前年"
    r"|年初|年底|年中|月初|月底|上半年|下半年|春天|夏天|秋天|冬天|(?>[0-9０-９]{2,4}年(?:[0-9０-９]{1,2}月份?)?(?:(?:到|至|-|–|~)[0-9０-９]{2,4}年)?)"
    r"|[0-9０-９一二三四五六七八九十]{1,3}月份?|[0-9０-９]{1,2}[日号]|很|最|更|非常|特别|比较|挺"
    r"|农历|阴历|旧历|(?:[0-9０-９一二三四五六七八九十]{1,3}|(?<=[月份]))(?:到|至|-|–|~)(?=[0-9０-９一二三四五六七八九十]{1,3}月)"  # (2023年农历三月, 3-5月, 3月至5月)
    r"|一家人?|全家|举家|[大研高初][一二三四](?:那年|的时候|时)?|(?:因为|由于)[^，,。；;！!？?\ue000]{1,10}?(?:的原因|的关系|原因)"
    r"|从[^，,。；;！!？?\ue000]{1,5}?起){0,12}",  # (从三月份起就不归吴强管了)
    "NEG": r"(?P<neg>不再|没有再|没再|已经不再|已不再|已经不|已不|不|没有|没"
    r"|以前|以往|曾经|原来|原先|过去|之前|从前|小时候|早年)?",
    "NP": r"(?P<np>[\u4e00-\u9fffA-Za-z]{1,8})",
    # a name the annotator split or missed (远航 + 物流, 高峰): text and mentions, unmasked later
    # (never a time: 于本周一正式入职 names no firm; nor "there": 在那边上班)
    "ONP": r"(?P<onp>(?!(?:本|上|下|这|今|明|昨|去|前)(?:周|个?月|年|天)|周[一二三四五六日末]|星期|礼拜"
    r"|[这那哪](?:边|里|儿|头))"
    r"(?:[\u4e00-\u9fffA-Za-z]|" + _SLOT + r"){2,12}?)",
    "SNP": r"(?P<snp>[\u4e00-\u9fff]{2,3}?)",
    # how long a state has held, said after it: 入职腾讯两年了, 加盟小米快半年了 (it still holds)
    "SINCE": r"(?:快|已经|已|都|有|满)*[0-9０-９一二三四五六七八九十两几半]+多?个?多?(?:年|月|周|星期|礼拜|天)多?(?:了|啦)",
}
_LQ, _RQ = r"[‘“「『《\"]?", r"[’”」』》\"]?"


def _en(pattern: str) -> re.Pattern[str]:
    """The regex of an English spec, compiled on first use (see ``lazy_regex.py``)."""
    for key, value in _EN.items():
        pattern = pattern.replace("{" + key + "}", value)
    for slot in ("S", "O", "Z"):
        pattern = pattern.replace("{" + slot + "}", f"(?P<{slot.lower()}>{_SLOT})")
    return lazy_pattern(pattern, re.IGNORECASE)


def _zh(pattern: str) -> re.Pattern[str]:
    """The regex of a Chinese spec, compiled on first use (see ``lazy_regex.py``)."""
    for key, value in _ZH.items():
        pattern = pattern.replace("{" + key + "}", value)
    for slot in ("S", "O", "Z"):
        pattern = pattern.replace("{" + slot + "}", f"{_LQ}(?P<{slot.lower()}>{_SLOT}){_RQ}")
    return lazy_pattern(pattern)


@dataclass(frozen=True, slots=True)
class Example:
    """A sentence a pattern row must match and one relation it must yield.

    Attributes:
        text: the sentence, as a user would write it.
        subject: the subject's name in the extracted relation.
        relation: the relation type (``WORKS_FOR``, ``STATUS`` ...).
        object: the object's name (``None`` for ``STATUS``).
        negated: whether the relation is read as ended ("no longer", "不再", "left").
        attributes: attributes the relation must carry (``role``, ``status``).
    """

    text: str
    subject: str
    relation: str
    object: str | None = None
    negated: bool = False
    attributes: tuple[tuple[str, str], ...] = ()


def ex(
    text: str,
    subject: str,
    relation: str,
    obj: str | None = None,
    *,
    negated: bool = False,
    **attributes: str,
) -> Example:
    """An :class:`Example` (keyword arguments other than ``negated`` are attributes)."""
    return Example(text, subject, relation, obj, negated, tuple(sorted(attributes.items())))


@dataclass(frozen=True, slots=True)
class PatternRow:
    """One phrasing: its spec, the compiled regex, what turns a match into relations, examples.

    Attributes:
        lang: ``"en"`` or ``"zh"``.
        spec: the regex with building blocks in braces, as written in the table.
        pattern: the regex the extractor runs over sentence views (an ``re.Pattern``-like
            :class:`~..lazy_regex.LazyPattern`, compiled on first use).
        handler: turns a match into relation candidates (it picks the relation type, e.g.
            ``WORKS_FOR`` or ``MANAGES`` from the object's type).
        examples: sentences the row must match, each with a relation it must yield.
    """

    lang: str
    spec: str
    pattern: re.Pattern[str]
    handler: Handler
    examples: tuple[Example, ...]


def en(spec: str, handler: Handler, *examples: Example) -> PatternRow:
    """An English row (the regex matches case-insensitively)."""
    return PatternRow("en", spec, _en(spec), handler, examples)


def zh(spec: str, handler: Handler, *examples: Example) -> PatternRow:
    """A Chinese row (``{S}``/``{O}``/``{Z}`` may stand in quotes: 「星火计划」)."""
    return PatternRow("zh", spec, _zh(spec), handler, examples)


# Roles that mean "leads it" / "is a member" / "is led by".
_MANAGER_ROLES = {
    "manager",
    "head",
    "lead",
    "leader",
    "director",
    "owner",
    "boss",
    "chief",
    "supervisor",
    "president",
    "ceo",
    "cto",
    "cfo",
    "coo",
    "coordinator",
    "project manager",
    "pm",  # "Chloe Dubois is the new PM for it"
    "tpm",
    "project lead",
    "team lead",
    "tech lead",
    "technical lead",
    "product owner",
    "person in charge",
    # "since the reorg I'm the one on the hook for it"
    "one on the hook",
    "one in charge",
    "one responsible",
    "经理",
    "总监",
    "主管",
    "负责人",
    "领导",
    "主任",
    "老板",
    "部长",
    "组长",
    "队长",
    "总经理",
    "项目经理",
    "头",
    "头儿",
    "总裁",
    "主席",
    "院长",
    "校长",
    "董事长",
    "总负责人",
    "带头人",
    "牵头人",
    "项目负责人",
}
_MEMBER_ROLES = {
    "member",
    "team member",
    "contributor",
    "participant",
    "employee",
    "staff member",
    "成员",
    "团队成员",
    "组员",
    "员工",
    "职员",
    "一员",
    "参与者",
    "队员",
}
_REPORT_ROLES = {
    "team member",
    "member",
    "assistant",
    "report",
    "direct report",
    "subordinate",
    "deputy",
    "intern",
    "团队成员",
    "成员",
    "组员",
    "下属",
    "助理",
    "手下",
    "部下",
    "员工",
    "实习生",
    "队员",
}
_BOSS_ROLES = {
    "manager",
    "boss",
    "supervisor",
    "lead",
    "team lead",
    "leader",
    "上司",
    "领导",
    "经理",
    "老板",
    "主管",
    "上级",
    "组长",
}
_FRIEND_ROLES = {"friend", "best friend", "close friend", "good friend", "朋友", "好友", "好朋友"}
# "S是O的校友", "S is a customer of O": not on O's staff
_NOT_STAFF = {
    "alumnus", "alumna", "alumni", "graduate", "student", "fan", "customer", "client", "guest",
    "patient", "visitor", "校友", "毕业生", "学生", "粉丝", "客户", "顾客", "会员", "常客",
    "病人", "游客",
    # a place described by where it lies is nobody's employee: "Vellmar Ridge is a market town in
    # the county of Eastmoor" (the role's last word, as the role runs to the object's "of")
    "town", "city", "village", "hamlet", "parish", "county", "district", "borough", "suburb", "region",
    "province", "state", "country", "municipality", "commune", "prefecture", "township", "canton",
    "territory", "island", "isle", "peninsula", "river", "lake", "mountain", "hill", "valley", "forest",
    "port", "harbour", "harbor", "capital", "settlement", "neighbourhood", "neighborhood", "locality",
    "area", "resort", "estate", "wold", "moor", "coast", "bay", "street", "square", "park",
    "小镇", "城镇", "城市", "村庄", "县城", "省会", "首府", "首都",
}  # fmt: skip
_SPOUSE_ROLES = {"wife", "husband", "spouse", "partner", "妻子", "丈夫", "老婆", "老公", "爱人"}
_ROLE_PREFIX = lazy_pattern(r"^(?:new|current|acting|interim|新|现任|新任|代理)\s*", re.IGNORECASE)
_FORMER = lazy_pattern(r"^(?:former|ex-|ex\s+|previous|old|前|原|前任)\s*", re.IGNORECASE)
_LEAVE_TYPES = ("WORKS_FOR", "INVOLVED_IN", "MANAGES", "HAS_ROLE_IN")
_ZH_NP_VERBS = ("喝", "吃", "看", "玩", "听", "养", "去", "打", "读", "做")
_ZH_NP_TAIL = lazy_pattern(r"(?:旅行|旅游|玩|看看|度假|出差|一事|的事|的传言|的消息|了|的|啊|呢|吧|呀|哦)+$")
_NOUNISH = {"NOUN", "PROPN", "ADJ", "NUM", "X"}
_DETS = {
    "a",
    "an",
    "the",
    "some",
    "my",
    "his",
    "her",
    "their",
    "our",
    "your",
    "its",
    "this",
    "that",
    "these",
    "those",
    "any",
    "all",
    "much",
    "many",
    "more",
    "lots",
    "lot",
    "of",
}


_TIME_WORDS = frozenset(
    "yesterday today tomorrow tonight last next week weekend month year morning evening night "
    "now then recently lately ago 昨天 今天 明天 最近 现在 上周 下周 去年 今年 前年 上个月 下个月 "
    "前几天 年底 年初".split()
)

# Negations that mean "no longer" (end a current relation) rather than "dislikes" / "is not":
# "used to", 以前, 曾经 ... ("Kevin used to love jazz" says nothing about jazz now).
_PAST_MARKERS = (
    "no longer",
    "stopped",
    "used to",
    "不再",
    "已经不",
    "已不",
    "没那么",
    "以前",
    "以往",
    "曾经",
    "原来",
    "原先",
    "过去",
    "之前",
    "从前",
    "小时候",
    "早年",
)
# Subject types a relation about a person cannot have ("北京 LIVES_IN 上海" from 从北京搬到上海,
# "Huawei WORKS_FOR Alibaba" from 从华为跳槽到阿里巴巴): such candidates are dropped.
_PERSON_RELATIONS = frozenset(
    {
        "WORKS_FOR",
        "LIVES_IN",
        "REPORTS_TO",
        "HAS_ROLE_IN",
        "LIKES",
        "DISLIKES",
        "WANTS_TO_VISIT",
        "VISITED",
        "STUDIES_AT",
        "BORN_IN",
        "FROM",
        "MARRIED_TO",
        "FRIEND_OF",
    }
)


# "现在转到香港大学读博": a school and its studies, read by the studies rows
_STUDYING = lazy_pattern(r"(?:读博|读研|读书|上学|念书|深造|进修)$")
_SITE = lazy_pattern(r"(?:总部|分部|办事处|办公室)$|\b(?:headquarters|hq|office)$", re.IGNORECASE)
# a workplace is no home either: "moved to the Singapore office", 调到深圳分部
_WORKPLACE = lazy_pattern(_SITE.pattern + r"|\b(?:branch|campus|site|plant)$|(?:分公司|园区)$", re.IGNORECASE)
# after 去了<organisation>: starting a job there, not a visit
_REPORTING_FOR_DUTY = lazy_pattern(r"(?:报到|报道|上班|入职)")
# a unit of an organisation after the place: the place names a post, not a visit
_UNIT = lazy_pattern(
    # (a company's region: 去了华南区 is a post)
    r"\s*(?:分部|分公司|总部|办事处|办公室|分行|分院|研究院|工厂|门店|部门|部(?![\u4e00-\u9fff])|(?<=华[东南北中])区|(?<=西[南北])区"
    r"|(?:'s\s+)?(?:office|branch|"
    r"headquarters|hq|campus|site|plant|team|hub)\b)",
    re.IGNORECASE,
)

# no thing liked or disliked: "can't stand each other", "can't stand the taste (of it)", "can't
# stand the noise anymore" (of the open-plan office liked before: a quality of a thing, no thing)
_NOT_A_TASTE = frozenset(
    "other each other one another taste smell sound look feel idea thought sight noise clutter mess"
    " 互相 对方 彼此 味道".split(" ")
)
