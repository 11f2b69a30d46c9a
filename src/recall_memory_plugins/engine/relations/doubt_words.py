"""The word lists of the doubt rule (:mod:`.doubt`): change words, strong change words and the
topic words of each relation type, in English and Chinese.

Kept apart from the rule itself so that the rule's logic stays readable; a word is added here
with a look-alike test in ``tests/unit/test_relations_doubt*.py``.
"""

from __future__ import annotations

import re

from .doubt_asides import HEALTH
from .doubt_world import CHANGE_WORLD, STRONG_WORLD
from .gates import Gated
from .lazy_regex import lazy_pattern
from .payments import without_payments
from .stand_ins import STAND_IN
from .word_trie import compact

__all__ = [
    "ANY_TOPIC",
    "AVERSE",
    "CHANGE",
    "CLAUSES",
    "EN_CLAUSE",
    "FAMILIES",
    "FAREWELL",
    "FEELING",
    "FOND",
    "FORMER_AFTER",
    "GUEST",
    "HABIT",
    "HEARD",
    "LAST_DAY_OF",
    "MET",
    "MET_BEFORE_INTO",
    "MOVED_BY",
    "PAST",
    "QUOTING",
    "RECORD_OF",
    "SAYING",
    "STRONG",
    "TOPICS",
    "TRIP",
    "WITHIN_JOB",
    "words",
    "worth_reading",
]

_W = r"(?<![a-z])(?:{})(?![a-z])"
_UPPER = re.compile(r"(?<!\\)[A-Z]")  # a capital outside an escape and the class [A-Z]


class Folded:
    """A case-insensitive pattern, searched in the lower-cased text.

    Gives what ``re.compile(pattern, re.IGNORECASE).search`` gives, about twice as fast for the
    long word lists here: without the flag a branch that starts with a letter is skipped on its
    first character; and the words are grouped by their first letters (:func:`.word_trie.compact`:
    two to three times faster again). Only whether it matches is used (the match is of the
    lower-cased text, and may be another of the matches). Compiled on the first search (the
    long lists took a quarter of a second at import)."""

    __slots__ = ("_plain", "_rx", "pattern")

    def __init__(self, pattern: str) -> None:
        plain = pattern.replace("[A-Z]", "[a-z]")
        if _UPPER.search(plain):
            raise ValueError(f"a folded pattern is written in lower case: {pattern[:60]!r}")
        self.pattern = pattern
        self._plain = plain
        self._rx: re.Pattern[str] | None = None

    def search(self, text: str) -> re.Match[str] | None:
        rx = self._rx
        if rx is None:
            rx = self._rx = re.compile(compact(self._plain))
        return rx.search(text.lower())



def _words(*parts: str) -> str:
    return _W.format("|".join(parts))


# (not an absence: "on leave", "maternity leave")
_LEAVE = r"leav(?:e(?<!on leave)(?<!ernity leave)(?<!rental leave)(?<!sick leave)(?<!annual leave)(?<!medical leave)|es|ing)"
_CHANGE_EN = _words(
    r"former(?:ly)?", r"ex-", "old", "used to", "no longer", r"any ?more", "no more", "not now",
    "left", _LEAVE, r"quit(?:s|ting)?", r"swap(?:s|ped|ping)?", r"trad(?:e|ed|ing)",
    "farewell", r"good-?bye", r"mov(?:e|ed|es|ing)", r"relocat\w*", "packed up", "sold", "as of",
    r"selling", "for rent", "new", "now", "nowadays", "these days", r"switch\w*", "lost",
    r"g[ia]ve up", "giving up", "between jobs", r"step(?:s|ped|ping) (?:down|aside|back)",
    r"hand(?:ed|s)? (?:in|over)", r"hand(?:ed|s)? (?:[\w']+ ){1,4}over to", r"hand(?:ed|s|ing)? (?:me|him|her|them|us) over", r"pass(?:ed|es)? \w+ (?:on|over)", r"resign\w*", r"retir\w*",
    "baton",  # "passing the Mercury baton", "handed the baton to Ines"
    r"alum(?:n\w*|s)?", r"graduat\w*", r"tassels?", "finished", r"dropp(?:ed|ing) out", r"wrapp(?:ed|ing) up", "archived", "on the bench",
    r"dropp(?:ed|ing) (?:the |his |her |my |their |out of (?:the |his |her |my |their )?)?(?:[\w-]+ ){0,3}?(?:program(?:me)?|course|degree|major|mba|phd|masters?)\b", r"gr[eo]w(?:n)? out", r"outgr(?:ew|own|ow|ows|owing)",
    r"ditch(?:ed|es|ing)?",
    r"previous(?:ly)?", r"(?:last|final) (?:day|paycheck|shift|week at|session|class|lesson|practice|training)", "instead", "different",
    r"hasn'?t", r"haven'?t", r"ended", r"can'?t stand", r"(?:is|are|was|were) over",
    r"(?:are|'re|’re) (?:officially |finally |so )?(?:done|through)(?! with)",
    r"clear(?:ed|s)? out", "first day", r"buyout",
    r"complet(?:ed|es) (?:(?:her|his|my|their|a) )?(?:phd|degree|studies|master'?s|bachelor'?s)",
    r"sign(?:ed|s)? (?:an?|the) (?:new )?lease", r"accept(?:ed|s)? an? (?:job )?offer",
    r"(?:took|takes|taking|taken) (?:the|an|a|their|her|his) (?:job )?offer", "now that",
    r"start(?:ed|s|ing) (?:at|with|in|a|her|his|my|their)",
    r"transferr?(?:ed|ing)?", r"reassign\w*", r"promot(?:ed|ion)", r"(?:taken|took) over",
    r"hand(?:ed|s|ing)? (?:it |them )?off", r"finali[sz](?:ed|es)", r"split(?:ting)? up",
    r"broke up", r"break(?:ing)? up", r"separated", r"c(?:o|a)me around", r"warm(?:ed|ing) up to",
    "since", r"these days", "nowadays", r"ever since", r"jump(?:ed|s|ing)? ship", r"shelved",
    r"scrapp(?:ed|ing)", r"cancell?ed", r"wound down", r"between projects", r"landed",
    r"folded into", r"merg(?:ed|er)", r"reorg\w*", r"done with", r"sw(?:ore|orn|ear|ears) off",
    r"hooked", r"bumped up", r"split(?:ting)? from", r"remarri(?:ed|es|age)", r"chang(?:e|ed|es|ing)",
    r"turn(?:ed|s)? (?:me|him|her|them|us) into", r"convert(?:ed|s)?",
    r"(?:did|done|doing|pulled|pulling) an? (?:full |complete |total |major |real )?(?:180|u-?turn|about-?face)",
    r"disband(?:ed|s|ing)?", r"(?:project|team) (?:is |was |got |has been )?(?:closed|shut down|dissolved)",
    # "posted from Cairo to Dubai": a change between two named values
    r"from (?:\w+ ){1,3}?to", r"didn'?t renew", r"not renewed", r"sign(?:ed|s)? on", "onboarding",
    r"pull(?:ed|s)? (?:\w+ )?off", r"picked up", r"bec(?:o|a)me", r"diploma", "no more",
    r"poach(?:ed|es|ing)?", r"cuts?", r"replac(?:ed|es|ing)", r"behind (?:him|her|me|them|us)",
    r"yank(?:ed|s)?", r"snapp(?:ed|ing) (?:\w+ )?up",
    r"let go", r"departure", r"exit interview", "another life", "a lifetime ago", r"handover", r"unpacked", r"settled in",
    r"first (?:week|month|shift|paycheck|1:1|one-on-one|1-on-1)", r"shipp(?:ed|ing) (?:\w+ )?off",
    r"removal (?:van|lorry|truck|men|company)", "movers",
    r"freelanc\w*", "self-employed", r"(?:went|gone|going) solo", r"(?:made|been made) redundant", r"redundanc(?:y|ies)",
    r"chapter(?:['’]s| is| was)? (?:\w+ )?(?:closed|over|done)",
    r"shipp(?:ed|ing) (?:[\w']+ ){1,5}off to", r"pack(?:ed|ing) (?:[\w']+ ){1,5}off to",
    r"pack(?:ed|s|ing)? (?:me|him|her|them|us) off", r"packed off to", "for good", r"(?:took|take|takes|taken|taking) up residence",
    # a handover in other words: "in the reshuffle I've been handed Northgate, and Harbourfront
    # went to a colleague"; a first night in a new place
    r"(?:been|got|was|were) handed",
    r"went to (?:a|an|my|our|another|some) (?:new )?(?:colleague|co-?worker|teammate|pm|manager|lead)",
    "first night",
    # a start or an end in other words: "day one at Revolut", "survived week one", "headhunted by
    # Iberdrola ... started there on the 1st", "walked out", "thanks for everything, Fatima!"
    r"(?:day|week) one", r"headhunt(?:ed|ing)", r"start(?:ed|s|ing) there", r"walked out(?! on)",
    r"thanks? (?:you )?for everything", r"from here on(?: out| in)?", "from now on",
    # a diet that rules a food out: "went vegan in Feb, so sushi's off the table"
    r"(?:went|gone|going|turned|is|'s|’s) (?:fully |strictly )?(?:vegan|vegetarian|veggie|plant-based|pescatarian|teetotal)",
    "off the table",
)
_STRONG_EN = _words(
    r"former(?:ly)?", r"ex-", "no longer", r"any ?more", "left", _LEAVE,
    r"quit(?:s|ting)?", r"swap(?:s|ped|ping)?", r"trad(?:e|ed|ing)", "farewell", r"good-?bye",
    "sold", "for rent", "packed up", r"(?:is|are|was|were) over", r"clear(?:ed|s)? out",
    r"(?:are|'re|’re) (?:officially |finally |so )?(?:done|through)(?! with)",  # "Lewis and I are done"
    r"done (?:&|and) dusted", r"last (?:day|shift|week) (?:at|with|in|on)",  # "Imperial done & dusted, starts at Arup in September"
    r"dropp(?:ed|ing) out", r"gr[eo]w(?:n)? out", r"hasn'?t", r"haven'?t",
    r"c(?:o|a)me around", r"finali[sz](?:ed|es)", r"(?:not|never|won['’]?t|will not) (?:be )?coming back", r"split(?:ting)? (?:up|from)", "broke up",
    r"jump(?:ed|s|ing)? ship", r"done with", r"sw(?:ore|orn|ear|ears) off", "rear-view mirror",
    r"(?:don'?t|doesn'?t|do not|does not) miss", r"pull(?:ed|s)? (?:\w+ )?off",
    r"replac(?:ed|es|ing)", r"(?:are|is) behind (?:him|her|me|them|us)",
    r"off (?:his|her|my|their|our) plate",
    # a stretch that is over: "after four years at Deloitte"
    r"after (?:\w+ )?(?:years?|months?|decades?) (?:at|with|in)",
    r"divorc(?:e|ed|es|ing)", r"hand(?:ed|s|ing)? back",
    # a couple that split ("Vera and Tom split last year"), not a bill or a team split
    r"(?:and|&) \w+ (?:have |had |just |finally )?split(?! (?:the|a|an|their|our|his|her|its|it|this|that)\b)",
    r"(?:is|'s|are|'re|was) (?:now )?ancient history", r"(?:is|'s|are|'re) history now",
    r"hand(?:ed|s|ing)? (?:the |my |our |her |his |their )?(?:[a-z]+ )?keys? (?:back|over|in|to)", "for good",
    r"wrapp(?:ed|ing) up (?:at|with)", r"(?:days|weeks|months|years) off", r"(?:last|final) day (?:at|with|in)",
    # "handed my lanyard back", "lured away from Equinor"
    r"hand(?:ed|s|ing)? (?:my|the|her|his|their|our) (?:lanyard|badge|keycard|key card|access card|uniform) back",
    r"lured away", r"(?:feels|seems|felt) like a lifetime ago",
    # a project that ended ("Phoenix got axed")
    r"axed", r"wound down", r"shut down",  # (not "scrapped": "the plan got scrapped")
    # a doctorate finished: "passed his viva", "defended her thesis"
    r"pass(?:ed|es)? (?:his|her|my|their|the) (?:viva|(?:thesis |phd )?defen[cs]e)",
    r"defend(?:ed|s)? (?:his|her|my|their|the) (?:thesis|dissertation|phd)",
)
_CHANGE_ZH = (
    "以前|原来|曾经|前任|不再|再也不|再也没|已经|离开|换|搬|迁居|迁往|乔迁|最后一天|最后一个班|告别|读完|答辩通过|卸任|毕业|失去|现在|如今|目前|辞|退|不是"
    "|没有了|不在|卖|买了|改|跳槽|到期|结束|新|转|裁员|离职|入职"
    "|定居|交出|交给|交接|移交|分到|调到|调去|调走|调往|升职|提拔|接任|接替|接手|分手|离了|居然|开始|后来|出来|说了算|升|挂在|自从|安了家|安家了|过去了|代管|接管|拜拜|博士帽|毕业帽|学士帽"
    "|架构|重组|以后就|终于|解约|解了约|转身|抽调|越来越|从此|爱上|挂帅|接棒|交棒|调回|执掌|走到头|调动|外派|清空"
    # what is given back on leaving: 工牌交了, 交还了门禁卡, 钥匙还给房东了
    "|(?:工牌|门禁卡|钥匙)(?:已经|也)?(?:交|还)|(?:交|还)(?:了|回|还了?)(?:工牌|门禁卡|钥匙)"
    "|(?:这周|本周|下周|这个月|本月|今年|明天|今天)[一二三四五六日天]?起"
    # a former employer's post: 前华为高管, 原阿里巴巴员工
    "|[前原](?=[\u4e00-\u9fff]{2,6}(?:高管|员工|总裁|副总裁|总监|经理|主管|工程师|董事|职员|[A-Z]{2,3}))"
)
_STRONG_ZH = (
    "以前|原来|曾经|不再|再也不|离开|告别|卖|退|不是|没有了|不在|到期|结束|裁员|分开了|分居|最后一天|最后一个班"
    # "no longer" said with a negated verb: 已经不碰了, 早就不去了, 不喝了
    r"|(?:已经|早就|早已|再也)不|不(?:敢|想|愿|能|会)?[\u4e00-\u9fff]了|交出去|移交|分手|离了|被[^，。]{0,6}裁了|说了拜拜|解约|解了约"
    r"|(?:早就|已经|早已)分了|领了?证|好聚好散"
    # poached: 被美团挖走了, 挖过去
    r"|挖走|挖过去|被[^，。]{0,8}挖了"
    # a project that ended: 结项, 被砍了, 叫停
    r"|结项|叫停|被砍|砍掉|停掉|黄了"
    # offloaded: 飞鱼终于甩出去了
    r"|甩出去|甩掉了|甩给"
    # goodbye to a place or a school: 浙大再见
    r"|再见"
)

_TOPICS_EN = {
    "LIVES_IN": _words(
        r"li(?:ve|ves|ved|ving)", "house", r"removals?", "movers", r"house-hunting", "flat", "apartment", "address",
        r"rent(?:s|ed|ing|al)?", "lease", r"settl\w*", r"mov(?:e|ed|es|ing)", r"relocat\w*", r"neighbou?rhood", "city",
        "town", "view", "place", r"based", "home", r"moved in", r"neighbors?", r"neighbours?",
        "residence", r"resid(?:e|es|ed|ing|ent|ents)",
        # a new home in the words of the first days there
        r"first (?:full )?(?:week|night|month|weekend|days?) in", "boxes", r"unpack\w*", "landlord", r"flatmates?",
        r"roommates?", "moving truck", "mail",
    ),
    "WORKS_FOR": _words(
        r"jobs?", r"work(?:s|ed|ing)?", r"employ\w*", "payroll", "paycheck", r"payslips?", "salary",
        r"colleagues?", r"co-?workers?", r"compan(?:y|ies)", "office", "career", "position",
        "badge", "contract", "laptop", "training", "onboarding", r"poach\w*", "email", r"cuts?", "hired", "fired", "laid off", r"retir\w*", "full-time", "part-time",
        r"resign\w*", "team", "desk", "stint", "buyout", r"offers?", "first day",
        r"layoffs?", "let go", "lanyard", "keycard", "exit interview", "notice", "stand-up",
        r"first (?:week|month|shift|paycheck)", r"join(?:s|ed|ing)", r"mov(?:ed|ing) on",
        r"freelanc\w*", "self-employed", r"leaving (?:drinks|do|party|card)", r"start(?:ed|s|ing) at", r"lured away",
    ),
    "STUDIES_AT": _words(
        r"stud(?:y|ies|ying|ied|ent|ents)", "school", r"universit\w*", "college", r"class(?:es)?",
        "degree", "phd", r"master'?s", "thesis", "viva", "dissertation", "diploma", "finals", "uni", r"exams?", "commencement", "stage", r"graduat\w*", r"alum(?:n\w*|s)?", "convocation", r"tassels?", "campus", "semester", r"enrol\w*", r"dropp\w* out",
    ),
    "MANAGES": _words(
        r"manag\w*", r"lead(?:s|ing|er)?", "led", r"head(?:s|ed)?", "in charge", "reins",
        r"run(?:s|ning)?", "ran", r"(?:taken|took|take|takes) over", "owner", r"hand(?:ed|s)? off",
        r"charge", r"helm", r"projects?", r"shelved", r"scrapp(?:ed|ing)", r"picked up", "hands",
        r"hand(?:ing|ed|s)? (?:\w+ )?over", r"(?:been|got|was|were) handed",
        r"(?:the|new) pm",  # "Aisha's the PM now" (not "3 pm", "confirmed as PM")
    ),
    "REPORTS_TO": _words(
        r"boss(?:es)?", r"manager", r"report(?:s|ed|ing)?", r"supervisor", "lead", "under",
        r"team", r"reassign\w*", r"transferr?(?:ed|ing)?", "org chart", r"one-on-ones?", "org",
        r"line(?: manag\w*)?", r"rolls? up to", r"reports? into", r"sign(?:s|ed)?[ -]off",
        r"answer(?:s|ed|ing)? to", r"1:1s?", r"1-on-1s?",
    ),
    "LIKES": _words(
        r"lik(?:e|es|ed|ing)", r"lov(?:e|es|ed|ing)", r"enjoy\w*", r"fan", r"passion", r"interest\w*",
        r"hobby", "into", "stand", "taste", "tired of", "sick of", r"gr[eo]w(?:n)? out",
        r"bor(?:es|ed|ing)", "hooked", r"addict\w*", r"obsess\w*", r"favou?rite",
    ),
    "DISLIKES": _words(
        r"hat(?:e|es|ed|ing)", r"dislik\w*", "stand", r"c(?:o|a)me around", r"warm(?:ed|ing) up",
        r"toler\w*", r"accept\w*", r"lik(?:e|es|ed|ing)", r"lov(?:e|es|ed|ing)", r"enjoy\w*",
        r"fan", r"into", "hooked", r"addict\w*", r"obsess\w*", r"favou?rite",
    ),
    "MARRIED_TO": _words(
        "married", "marriage", r"remarri(?:ed|es|age)", "wife", "husband", "spouse", r"divorc\w*", r"separat\w*",
        "decree absolute", "decree nisi",
        r"widow\w*", "wedding", r"split(?:ting)? up", "broke up", r"ex(?:-wife|-husband)?",
    ),
}
_TOPICS_ZH = {
    "LIVES_IN": "住|搬|迁居|迁往|迁到|乔迁|家|房|定居|落户|安家|户口|落脚|扎根|这边|安顿|常驻|公寓|租",
    "WORKS_FOR": "加盟|出任|工牌|工位|上任|干|工作|打工|裁员|录用|公司|上班|同事|员工|职位|岗位|合同|待业|失业|离职|辞职|裸辞|辞了|辞掉|跳槽|入职|就职|单位|工资|老东家|散伙饭|欢送会|挖走|挖过去|挖了",
    "STUDIES_AT": "读书|上学|学生|大学|毕业|学校|校友|退学|学业|学位|在读|博士|硕士|本科|读博|读研",
    "MANAGES": "负责|管理|主管|卸任|接手|牵头|带队|主持|交出|交给|交接|移交|接任|接替|带|说了算|担子|挂帅|接棒|交棒|执掌|一把手",
    "REPORTS_TO": "审批|签字|领导|上司|汇报|主管|上级|手下|底下|团队|组里|老板|归|下面|挂在|代管|接管|安排|周报|日报|绩效",
    "LIKES": "喜欢|爱|热情|兴趣|爱好|迷|再也不",
    "DISLIKES": "讨厌|不喜欢|受不了|接受|爱吃|喜欢|反感|烦",
    "MARRIED_TO": "结婚|离婚|老婆|老公|丈夫|妻子|配偶|分手|离了|前妻|前夫|婚姻|单身|分开|分居|好聚好散|一个人的日子",
}
_TOPICS = {t: Folded(f"{_TOPICS_EN[t]}|{_TOPICS_ZH[t]}") for t in _TOPICS_EN}
_ANY_TOPIC = Folded("|".join(rx.pattern for rx in _TOPICS.values()))
# "ex-Siemens", "ex-Googler": the prefix before a name (``_words`` wants no letter after it)
_EX = r"(?<![a-z])ex-(?=[a-z])"
_CHANGE = Folded(f"{_CHANGE_EN}|{_CHANGE_ZH}|{_STRONG_EN}|{_STRONG_ZH}|{_EX}|{CHANGE_WORLD}")
_STRONG = Folded(f"{_STRONG_EN}|{_STRONG_ZH}|{_EX}|{STRONG_WORLD}")

TOPICS = _TOPICS
ANY_TOPIC = _ANY_TOPIC
CHANGE = _CHANGE
STRONG = _STRONG
words = _words

# a feeling told as over by a past bound ("I was obsessed with sushi until last year", "hated it till
# recently"): the feeling before it has ended, whichever it was (read by :mod:`.taken_back`)
FELT_UNTIL = lazy_pattern(
    r"\b(?:was|were|used\s+to\s+be|(?:lov|lik|hat|enjoy|ador|detest|loath)ed)\b[^.;!?]{0,40}?\b(?:until|till|up\s+until)\s+"
    r"(?:last\s+(?:year|month|week|summer|winter|spring|autumn|fall|term)|(?:quite\s+|fairly\s+|very\s+)?recently|lately"
    r"|(?:a|one|two|three|four|five|a\s+few|a\s+couple\s+of|\d+)\s+(?:years?|months?|weeks?)\s+ago|(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
# the opposite feeling about a named liked / disliked thing ("pineapple on pizza is vile"; "sushi
# is off the menu for me")
AVERSE = lazy_pattern(
    r"\b(?:(?:is|are|'s|’s)\s+(?:now\s+|totally\s+|completely\s+|firmly\s+)?off\s+the\s+(?:menu|table|list)\s+for\s+(?:me|him|her|them|us)"
    r"|vile|disgusting|gross|revolting|unbearable|awful|nauseat\w*|can['’]?t stand|cannot stand"
    r"|turns? my stomach|stomach turning|sick of|fed up with|hat(?:e|es|ed|ing)|dread\w*"
    r"|won['’]t (?:go near|touch)|burn(?:ed|t) out on|can['’]?t (?:even )?look at (?!(?:the|a|my|your|his|her|their|our|it|this|that|any)\b)|queasy|drives? (?:me|him|her|them|us) (?:up the wall|crazy|nuts|mad|"
    r"bonkers|round the bend)|gets? on (?:my|his|her|their|our) nerves|can['’]?t bear|over (?:it|them)"
    r"|had it with|had enough of|sick and tired of|done defending|(?:gone|went|going|goes) (?:right |completely |totally |kinda |kind of |sort of |a bit |really )?off"
    r"|never really (?:my|for me)|not (?:really )?my thing|dead to (?:me|him|her|them|us)"
    r"|f(?:a|e)ll(?:en|ing|s)? out of love|lost (?:all )?(?:interest|my taste|the taste|the appetite)"
    r"|(?:gone|went|going) cold on|(?:is|are|was|were) the worst|never again|cured (?:me|him|her|them|us)|(?:a|an absolute|a total|a living) nightmare"
    r"|bor(?:es|ed) (?:me|him|her|them|us)|can go in the (?:bin|trash)|outgr(?:ew|own)|(?:so|totally|completely|well and truly|officially) over|i take (?:it|that|everything(?: i (?:ever )?said)?) back|i take back everything)\b"
    r"|反胃|恶心|想吐|(?<![不没][\u4e00-\u9fff])(?<![不没][\u4e00-\u9fff]{2})(?<![不没][\u4e00-\u9fff]{3})(?<![不没][\u4e00-\u9fff]{4})就难受|没(?:了|有)?好感|(?<![劝提警要想])戒(?![不指备严律])(?:了|掉|掉了)?|受不了|[吃喝]不下去?|发怵|讨厌|腻了|敬而远之|避之不及|皱眉|吃不消|提不起(?:兴趣|劲)|没(?:了)?兴趣|不感兴趣|不(?:想|愿意?)再碰"
    r"|头疼|头大|想跑|心累|粉转黑|脱粉|受够|烦透|(?:特别|非常|很|超级?|好|真心?|太|越来越|最近|就)烦(?![恼请着])|能不能别(?:再)?(?:搞|办|开|弄|整)了|厌倦|死心|(?:天天|整天|成天|老是|总是|一直|最近)吐槽|(?:真的|根本|完全|实在|确实)?不适合(?:我|他|她)(?![们的])|不(?:再)?爱[\u4e00-\u9fff]{1,4}了|(?:现在|如今|开始|越来越)嫌|烦死|崩溃|谁爱[\u4e00-\u9fff]{0,3}谁[\u4e00-\u9fff]{0,2}"
)
FOND = lazy_pattern(
    r"\b(?:lov(?:e|es|ed|ing)|obsessed|hooked on|addicted to|big fan of|crazy about"
    r"|gr(?:own|ew|ows|owing) on (?:me|him|her|them|us)|c(?:o|a)me (?:round )?to (?:enjoy|like|love)"
    r"|f(?:a|e)ll(?:en)? for|(?:the )?most fun|so much fun|such fun|a blast|(?:my|our|his|her|their) fav(?:ou?rite)?s?)\b"
    r"|爱上|迷上|上瘾|入坑|真香|越\w{0,2}越(?:喜欢|爱|合胃口|香)"
)
# changes of a habit or a thing owned: they say nothing about a home, a job or a partner
HABIT = lazy_pattern(
    r"\b(?:quit(?:s|ting)?|gave up|giving up|stopp(?:ed|ing)|swore off)\s+(?:smoking|drinking|vaping|"
    r"sugar|coffee|caffeine|alcohol|meat|dairy|carbs|social media|twitter|facebook|instagram|"
    r"tiktok|the gym|running|gaming)\b"
    r"|\b(?:a|my|his|her|their|our) (?:new|old) (?:car|phone|haircut|puppy|dog|cat|kitten|bike|glasses|"
    r"hobby|tattoo|sofa|couch|watch|camera|game|book|recipe|diet|routine)\b"
    r"|戒烟|戒酒|戒糖|新手机|新车|新发型",
    re.IGNORECASE,
)
# a change inside one employer says nothing of the employer ("Beth was promoted at Pfizer")
WITHIN_JOB = lazy_pattern(
    r"\b(?:got |was |been |being )?(?:promot(?:ed|ion)|bumped up|a raise|new (?:role|title|desk))\b"
    r"|升职|升了职|提拔|加薪|调岗",
    re.IGNORECASE,
)
# a past with its own time: "Back in 2010, Tom lived in Denver", "years ago", 小时候
PAST = lazy_pattern(
    # ("back in January": the date of a change, not a bounded past)
    r"\b(?:back (?:in(?! (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)|then|when)|(?:years|decades|long) ago|as a (?:kid|child|teen\w*)"
    r"|in (?:19|20)\d\d|before (?:joining|moving|that))\b|小时候|当年|那时候|那会儿|年前"
    r"|以前[^，。]*[\u4e00-\u9fff]过"
    # a stay with its end in sight: "house-sitting for the next two weeks", 借住几天
    r"|\bhouse-?sitting\b|\bfor the (?:next|coming) (?:few |couple of |\w+ )?(?:days|weeks|nights)\b"
    # (a stay bounded: "staying in York this weekend", "is living in York for a few weeks")
    r"|\b(?:staying|(?<!been )living)\b[^.;!?]{0,60}?\b(?:(?:for|over|during) (?:the |a |an |one |a few |a couple of "
    r"|two |three |\d+ )?(?:nights?|days?|weeks?|weekends?|summer|holidays?)|this (?:weekend|week))\b"
    r"|借住|暂住|住几天|住两天|待几天",
    re.IGNORECASE,
)


# the words that name a liked activity without its name ("sold her road bike": cycling); a
# liked or disliked activity is doubted when one of them is in a sentence with a change word
_FAMILY_WORDS = {
    ("running", "跑步"): r"\b(?:run|runs|ran|runner|jog\w*|(?:half-)?marathons?|5k|10k|parkrun)\b|跑|马拉松",
    ("cycling", "biking", "骑行", "骑车"): r"\b(?:bikes?|bicycles?|cycl\w*|rides?|riding)\b|骑|单车|自行车",
    ("swimming", "游泳"): r"\b(?:swim\w*|pool|laps)\b|游泳|泳池",
    ("hiking", "徒步", "爬山"): r"\b(?:hik\w*|trails?|trek\w*)\b|徒步|爬山|登山",
    ("climbing", "攀岩"): r"\b(?:climb\w*|bouldering)\b|攀岩",
    ("yoga", "瑜伽"): r"\byoga\b|瑜伽",
    ("coffee", "咖啡"): r"\b(?:coffee|espresso|lattes?|cappuccinos?|flat whites?|caffeine)\b|咖啡|拿铁",
    ("gaming", "video games", "游戏", "打游戏"): r"\b(?:gam(?:e|es|ing)|console|playstation|xbox)\b|游戏|手游",
    ("the gym", "gym", "健身"): r"\b(?:gym|weights|lifting)\b|健身|撸铁",
}
FAMILIES = {
    name: lazy_pattern(pattern, re.IGNORECASE) for names, pattern in _FAMILY_WORDS.items() for name in names
}


# who changed, in the doubt rule: the one who heard of a change is not the one who changed ("我听说刘洋换了领导"),
# nor the one who tells of another's ("Alice said, 'Bob moved to Globex.'", "Ann told me Raj quit")
HEARD = lazy_pattern(r"^\s*(?:听说|听人说|heard\b|hear\b|(?:said|says|wrote|writes|mentioned|posted|texted"
                     r"|(?:told|tells)\s+(?:me|us))\s*[,:]?\s*(?:that\s+)?[\"'“‘]?)", re.IGNORECASE)
# a former employer right after a name: "for Kenji (ex-Sony)"
FORMER_AFTER = lazy_pattern(r"^\s*[(（,，]\s*(?:ex-|former\s|前(?!天|年|几)|原(?!来|本))", re.IGNORECASE)
# a farewell for someone: the one sent off changed
FAREWELL = lazy_pattern(r"欢送|散伙饭|送别|farewell|send-?off|leaving (?:do|drinks|party)", re.IGNORECASE)
# a guest's wedding is someone else's
GUEST = lazy_pattern(
    r"\bwedding\b[^.!?]{0,30}\b(?:been to|went to|attended|invited to)"
    r"|\b(?:been to|went to|going to|attend\w*|guest at|invited to)\b[^.!?]{0,20}\bwedding\b"
    r"|参加[^，。]{0,10}婚礼|喝喜酒|随份子",
    re.IGNORECASE,
)
# the speaker of a quoted comment ("Feedback from Adele: ...")
QUOTING = lazy_pattern(r"^\s*[:：]")
# the one whose record is updated changed ("the line manager on Ravi's record was changed")
RECORD_OF = lazy_pattern(r"^(?:'s|’s)\s+(?:hr\s+|staff\s+|employee\s+)?(?:record|file|card|profile|details|entry)\b", re.IGNORECASE)
# the clauses of a Chinese sentence
ZH_CLAUSE = lazy_pattern(r"[^，；。！]+")
# clauses a plan or a denial may hold for alone (a reason after a plan is said: "the fair will be run
# by Dmitri, as Léa has stepped back", "… after Chidi stepped aside"; not "…, as he'll be staying")
CLAUSES = lazy_pattern(
    r"[，；;—–]|\s-\s|,\s+(?=(?:while|whereas|who|whom|which|and (?:he|she|they) (?:won['’]?t|will not))\b"
    r"|(?:as|because)\b(?![^,.]*(?:\bwill\b|['’]ll\b|\bgoing to\b|\bgonna\b)))"
    r"|\s(?=after\b[^,.;]{0,60}?\b(?:stepped|left|quit|retired|resigned|was|were|went)\b)",
    re.IGNORECASE,
)
EN_CLAUSE = lazy_pattern(r"[^,;!—–]+")
# a change said in notation: "the whole Valencia → Madrid thing"
ARROW = lazy_pattern(r"→|->|=>|⟶|➡")
# read on without a change word: an arrow, a farewell
CUES = Gated(lazy_pattern(f"{ARROW.pattern}|{FAREWELL.pattern}|从[^，。！？]{{1,12}}到", re.IGNORECASE))  # (从沈阳到深圳)
# either feeling, for the sentences with no change or topic word ("won't go near sushi")
FEELING = Gated(lazy_pattern(f"{AVERSE.pattern}|{FOND.pattern}"))
# the four at once, for a plain-ASCII text: one search of its lower-cased form
_WORTH = Folded("|".join((_CHANGE.pattern, _ANY_TOPIC.pattern, CUES.pattern.pattern, FEELING.pattern.pattern)))


def worth_reading(text: str) -> bool:
    """Whether ``text`` holds a change word, a topic word, a cue (an arrow, a farewell, 从…到)
    or a feeling: the sentences the doubt rule reads (most chat holds none of them)."""
    if text.isascii():  # (lower-cased, ASCII matches as the case-insensitive searches below)
        return _WORTH.search(text) is not None
    return bool(
        _CHANGE.search(text) or _ANY_TOPIC.search(text) or CUES.search(text)
        or FEELING.search(text.casefold())
    )  # fmt: skip
# after the name of the one sent off: "Kofi's send-off", 给马总办了欢送会
SENT_OFF = lazy_pattern(r"(?:'s|’s|的)?\s*(?:farewell|send-?off|leaving (?:do|drinks|party)|欢送|散伙|送别)"
                        r"|办了?[个场]?(?:欢送|散伙|送别)", re.IGNORECASE)
# before the name: "欢送赵敏", "a farewell for Kofi", "leaving drinks for Ola"
SENT_OFF_BEFORE = lazy_pattern(r"(?:欢送|送别)(?:一下)?\s*$|\b(?:farewell|send-?off|leaving (?:do|drinks|party)) (?:to|for) $", re.IGNORECASE)
# a possessor is not the one who changed: "Grace's brother moved", 陈静的妹妹搬到了重庆
POSSESSED = lazy_pattern(
    r"^(?:'s|’s|s'|的)?\s*(?:(?:old|new|little|big|younger|older|elder|best)\s+)?"
    r"(?:brother|sister|mother|mom|mum|father|dad|parents?|son|daughter|kids?|children|wife|"
    r"husband|partner|boyfriend|girlfriend|bf|gf|fianc\w*|spouse|ex|bestie|bff|niece|nephew|in-laws?|"
    r"friend|cousin|aunt|uncle|grand\w+|neighbou?r|roommate|flatmate|housemate|family|"
    r"colleague|co-?worker|teammate|assistant|intern|trainee|apprentice|mentee|deputy|"
    r"哥哥|姐姐|弟弟|妹妹|父母|爸爸|妈妈|父亲|母亲|儿子|女儿|孩子|妻子|丈夫|老婆|老公|朋友(?!圈)|"
    r"家人|邻居|室友|同事|助理)(?![a-z])"
    # (not one who reports: "彭亮女朋友说：他…" may be about him; 刘洋先生: Mr Liu himself)
    r"|^(?:的?(?:爱人|媳妇|对象|男朋友|女朋友|男友|女友|闺蜜|哥们|兄弟|姐妹|亲戚|表[哥姐弟妹]|堂[哥姐弟妹]|舅舅|叔叔|阿姨|姑姑"
    r"|爷爷|奶奶|外公|外婆|公公|婆婆|岳父|岳母)|的(?:太太|先生))(?![^，,。！？]{0,3}?(?:说|讲|称|表示|告诉))|^[他她]?(?:弟|哥|姐|妹|妈|爸|老婆|老公|媳妇)",  # (邓超他弟: his brother)
    re.IGNORECASE,
)
# "Finn's company moved": the company's place, not Finn's home ("Dev's manager" still counts)
POSSESSED_WORK = lazy_pattern(
    r"^(?:'s|’s|s'|的)?\s*(?:(?:old|new)\s+)?(?:company|firm|employer|team|office|hq|"
    r"headquarters|公司|单位|团队|总部)(?![a-z])",
    re.IGNORECASE,
)
# before the name of the one a letter or message is addressed to: "Dear Aunt Rosa,", "Hi Tom,", 亲爱的
ADDRESSED = lazy_pattern(r"(?:\b(?:dear|dearest|hi|hey|hello)\s+(?:(?:aunt|uncle|auntie|grandma|grandpa|"
                         r"mr\.?|mrs\.?|ms\.?|dr\.?)\s+)?|亲爱的|致)$", re.IGNORECASE)

# verbs whose object is the one who changed ("the firm transferred him to Tokyo")
MOVED_BY = (
    "transfer", "relocat", "mov", "send", "sent", "post", "reassign", "assign", "turn", "pull",
    "poach", "ship", "pack", "把", "将", "起",  # 上周起邓凯…: a time, not a verb
    "派", "外派", "调派", "安排", "欢送", "送别",  # 公司派刘建国常驻深圳; 欢送赵敏: the one sent off
    "appoint", "任命", "聘", "委任",
    "handed", "handing",  # "Priyanka handed me over": the one handed over changed  # 宣布任命前华为高管赵雪梅为副总裁
)
# verbs of meeting: the one met is the subject of what follows ("ran into Sam, he's at Google now",
# 碰到赵敏，胸前挂的是京东的工牌); "ran into", "bumped into" end in "into" (the word before is checked)
MET = ("met", "碰到", "遇到", "碰见", "遇见", "撞见", "见到")
MET_BEFORE_INTO = ("ran", "run", "bump")
# the one whose last day it is changed: "cake for Rafael's last day", 给小王的最后一天
LAST_DAY_OF = lazy_pattern(r"^(?:'s|’s|的)\s*(?:last|final|最后一)\s*(?:day|shift|week|天|个班)", re.IGNORECASE)
# verbs of saying and knowing: the name after them opens a clause ("confirmed he's no longer ...")
SAYING = (
    "said", "says", "say", "told", "tells", "confirm", "mention", "heard", "hear", "think",
    "thought", "report", "announc", "wrote", "writes", "note", "explain", "guess", "know",
    "knew", "learn", "realis", "realiz", "说", "表示", "称", "听说", "证实", "透露",
    "知道", "得知", "发现",  # 问了才知道她三月份就跳槽过去了
)


# "driving him nuts": no journey
_MADDENS = r"(?! (?:me|him|her|us|them|you|everyone) (?:nuts|crazy|mad|insane|bananas|up the wall|round the bend))"
# a commute compared is a job's or a home's, no journey ("now at Bosch, way shorter commute",
# "commute went from a 3h train to 12 min on foot")
_COMPARED = "".join(rf"(?<!{w} )" for w in ("shorter", "longer", "better", "worse", "easier", "quicker", "nicer", "new"))
# a journey or a stand-in leaves no home or job behind ("flew to Dubai for a conference", "off sick")
TRIP = lazy_pattern(
    words(r"fl(?:ew|y|ies|ying|ight)", r"dr(?:o|i)ves?" + _MADDENS, "driving" + _MADDENS, r"trips?", "vacation",
           "holiday", r"conferences?", "business", "tour", _COMPARED + r"commut(?:e|es|ed|ing|er|ers)(?! (?:is|'s|was) (?:done|over|finished|history)| went from| (?:dropped|fell|shrank|went down))", "off sick", "in the meantime",
           r"workshops?", r"stay(?:s|ing)? with", "fortnight", r"on (?:\w+ )?leave")
    # (去北京开会; not 第一次开会就拖堂了: a meeting where one works)
    + "|出差|旅游|旅行|度假|(?:去|到|赶)[^，。；]{0,8}开会|飞|" + STAND_IN.pattern + "|" + HEALTH,  # (a stand-in: .stand_ins; health: .doubt_asides)
    re.IGNORECASE,
)

# 还 that is "still", not "also", beside a new school: "保研去了清华大学，…还在适应"; 也 of a thing
# given back, not of a school: "保研去了清华大学，…浙大的宿舍也退了"
STILL = lazy_pattern(r"还(?![^，。,]{0,12}[读上念修学报])|也(?=[退交还搬卖清注])")

# words quoted: their tense is the quote's ("now calls it "an hour of my life I won't get back"")
_QUOTED = lazy_pattern(r"[\"“][^\"“”]{1,120}[\"”]")
_QUOTED_FUTURE = lazy_pattern(r"\bwon['’]t\b|\bwill\b|['’]ll\b|\bgoing to\b", re.IGNORECASE)


def unquoted_future(text: str) -> str:
    """``text`` with the future of its quotes taken out: "won't" reads "don't", "will" nothing;
    and its money transfers blanked (:mod:`.payments`: 房租已转 moves no one)."""
    text = without_payments(text)
    if '"' not in text and "“" not in text:
        return text
    return _QUOTED.sub(lambda m: _QUOTED_FUTURE.sub(lambda f: "don't" if f.group().lower()[:3] == "won" else "", m.group()), text)
