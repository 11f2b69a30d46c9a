"""Sentences that assert nothing yet: questions, conditions and plans or announcements of the
future ("Did Sofia move to Rome?", "If Rita leaves, Sam will take over", "如果孙丽搬到北京，…",
"李涛喜欢吃辣吗？", "Alice will join Globex next month", "张三即将接手星火计划").

A relation read from such a sentence would be stated as a current fact although nobody said it
holds, so the tracker drops every pattern candidate of a sentence one of these rows matches
(precision before recall: an unsure sentence states nothing). Each row is a regex with the
sentences it must flag; ``tests/unit/test_relations_mood.py`` runs them, and the counter-examples
below, which must not be flagged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..gates import AnyOf
from ..lazy_regex import lazy_pattern
from .hedges import HEDGE_TABLE, hedged_whole
from .jokes import joking, retort

__all__ = ["CLAUSE_ROWS", "MOOD_ROWS", "NOT_UNASSERTED", "PREFACE", "MoodRow", "joking", "news_told", "retort",
           "retracted", "said_in_clause", "unasserted", "without_preface"]


@dataclass(frozen=True, slots=True)
class MoodRow:
    """A marker of a sentence that asserts nothing, with sentences it must flag."""

    name: str
    pattern: re.Pattern[str]
    examples: tuple[str, ...]


def _row(name: str, regex: str, *examples: str) -> MoodRow:
    return MoodRow(name, lazy_pattern(regex, re.IGNORECASE), examples)  # (compiled on first use)


_FALSE_EN = (r"(?:false|untrue|not\s+true|fake(?:\s+news)?|baseless|unfounded|made\s+up|bogus|nonsense"
             r"|a\s+(?:hoax|lie|rumou?r)|(?:just|only)\s+(?:a\s+)?rumou?rs?)\b")
_FALSE_ZH = r"(?:谣言|假的|假消息|误传|瞎传|乌龙|不是真的|不实|有误)"
#: a report called false ("the news that Alice joined Globex is false", 李明搬走的消息是假的) or
#: what came before taken back ("…, but that's just a rumour", "…，但这是谣言"): nothing of it holds
_RETRACTED = (
    r"\b(?:news|reports?|rumou?rs?|claims?|story|stories|word|talk|posts?)\s+(?:that|of|about)\s[^.;!?]{1,80}?"
    r"\b(?:is|was|are|were|turned\s+out\s+to\s+be|proved(?:\s+to\s+be)?)\s+(?:(?:completely|totally|entirely|simply|all)\s+)?"
    + _FALSE_EN
    + r"|(?:^|[,;:—–]\s*|\b(?:but|and)\s+)(?:that|this|it)(?:['’]s|\s+is|\s+was|\s+turned\s+out\s+to\s+be)\s+"
    r"(?:(?:all|simply|completely|totally)\s+)?" + _FALSE_EN
    + r"|(?:消息|说法|传闻|传言|新闻|报道|帖子)(?:都|也)?(?:是|纯属|完全是|根本是|根本就是)?" + _FALSE_ZH
    + r"|(?:^|[，,；;：:])\s*(?:但|但是|不过|可|其实|结果)?(?:这|那|此|该)(?:个|条|件)?(?:消息|说法|传闻|事)?(?:都|也)?"
    r"(?:是|只是|纯属|完全是|根本是|根本就是|不过是)?" + _FALSE_ZH
)
_RETRACTED_RE = lazy_pattern(_RETRACTED, re.IGNORECASE)
# a mistake of someone else's (not 我说错了 / 我刚才记错了: one's own correction, the rest holds)
_WRONG_ZH = (r"(?<!我)(?<!我刚才)(?<!我刚刚)(?<!我之前)(?<!我刚)(?<!我上次)(?<!是我)(?:记|搞|弄|听|看|说|传)错"
             r"|是错的|不对的|其实(?:并)?(?:不是|没有)(?:这样|的)?[。！!\s]*$|并非如此|不是这样|瞎说|胡说|乱说|(?<![告离分辞道送])别(?:听|信)|不要(?:听|信)")  # (not 告别信)
# a report: 说, 称, 告诉 (not 说错, 瞎说: the mistake itself; not 我说: one's own word)
_REPORT_ZH = r"(?<![我瞎胡乱听])(?:说|称|讲|告诉|表示)(?!错)"

_MONTHS = (r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
           r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b")
#: a time still to come, as a plan names it ("in March", "on December 26", "in two weeks", "soon")
_AHEAD = (
    r"\b(?:in|by|on|come)\s+(?:(?:early|late|mid)[\s-]+)?" + _MONTHS
    + r"|\bon\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b|\bon\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
    r"|\bin\s+(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|a\s+few|a\s+couple(?:\s+of)?|couple\s+of"
    r"|several)\s+(?:more\s+)?(?:days?|weeks?|months?|years?)\b"
    r"|\b(?:very\s+)?soon\b|\bshortly\b|\blater\s+(?:this|in\s+the)\s+(?:week|month|year|spring|summer|autumn|fall|winter)\b"
    r"|\bafter\s+(?:the\s+)?(?:summer|winter|spring|autumn|fall|holidays?|break|new\s+year|christmas|easter)\b"
    r"|\b(?:by|at|before|around)\s+the\s+(?:end|start|beginning|middle)\s+of\s+(?:(?:the|this)\s+(?:week|month|year"
    r"|quarter|term|semester|summer)\b|" + _MONTHS + r")"
    r"|\bthis\s+(?:spring|summer|autumn|fall|winter)\b"
)
#: a verb in the progressive ("is moving", "'m joining") or a change in the simple present ("joins")
_NOW_TENSE = (
    r"\b(?:am|is|are)\s+(?:\w+ly\s+|also\s+)?\w{2,}ing\b|['’](?:m|re)\s+(?:\w+ly\s+|also\s+)?\w{2,}ing\b"
    # ("Alice's wedding is in June": a noun after a possessive)
    r"|['’]s\s+(?:\w+ly\s+|also\s+)?(?:mov|relocat|join|start|leav|quitt|switch|transferr|tak|head|go|gett|marry"
    r"|retir|resign|return|chang|com|be)ing\b(?=\s+(?:to|in|into|over|from|out|up|back|on|at|with|for|married|the|a|an"
    r"|his|her|their|our|my|(?-i:[A-Z])))"  # ("Owen's leaving drinks were on Friday": a noun)
    r"|\b(?:moves?|relocates?|joins?|starts?|begins?|leaves|transfers?|switch(?:es)?|retires?|resigns?"
    r"|takes?\s+over|marr(?:y|ies))\b"
)

MOOD_ROWS: tuple[MoodRow, ...] = (
    _row(
        "question mark",
        # (a surprised "?!" too, and a chat tail after it: "Anna moved to Paris?!! omg")
        r"[?？][?？!！]*\s*[\"'”’」』)]*(?:\s*(?:\b(?:omg|lol|lmao|wtf|haha+|really|seriously)\b|[\U0001F300-\U0001FAFF]))*\s*$",
        "Did Sofia move to Rome?",
        "Does Eva report to Felix?",
        "赵磊搬到武汉了吗？",
        "谁负责昆仑计划？",
        "wait, Anna moved to Paris?!",
        "Anna moved to Paris?!! omg",
    ),
    # a question typed without its mark: "Has Anna moved to Paris", "is it true Anna moved to Paris",
    # "so Anna moved to Paris or what"; not an imperative ("do it this weekend", "do NOT miss it")
    _row(
        "English question without a question mark",
        # (never inside brackets: "Felipe → Deborah (was Margaret until Jan)" asks nothing)
        r"^[^\w(\[（]*(?:(?:so|wait|but|and|ok|okay|hey|um|lol|omg)[,!]?\s+)*(?:has|have|did|does|is|are|was|were)\s+"
        r"(?:(?-i:[A-Z][a-z])[\w'’-]*|he|she|they|you|u|it|anyone|anybody|everyone|your|his|her|their"
        # (a name typed in lower case before a participle: "has anna moved"; not "was just promoted")
        r"|(?!(?:not|never|just|also|already|finally|recently|officially|been|being|really|now)\b)(?!\w+ly\b)[a-z]{2,}(?=\s+\w{2,}ed\b))\b(?!['’])"
        # (a subject asked about is followed by what it did: not "(was Margaret until Jan)", "(was Holm, …)")
        r"(?!\s*(?:[,;:)\]）.]|$|(?:until|till|before|after|since|in|at|on|from|to|for|with|and|or|back|then)\b))"
        r"|\bis\s+it\s+true\b|\bor\s+(?:what|not)\s*[.!…]*\s*$",
        "Has Anna moved to Paris",
        "is it true Anna moved to Paris",
        "so Anna moved to Paris or what",
        "Did Tom quit Acme",
        "wait has anna moved to Lyon",
    ),
    _row(
        "Chinese question particle at the end",
        # (not a tag after news: "张伟从广州搬到深圳了你知道吗")
        r"(?:(?<!了你知道)(?<!了你们知道)(?<!了大家知道)吗|么|是不是|有没有)[。.!！\s]*$",
        "你知道王五搬到上海了吗",
    ),
    _row(
        "English condition",
        r"(?:^|[\s,;(])(?:if|unless|whether|in\s+case|suppose|supposing|assuming)\s"
        # "come visit once i own a sofa"; not "once she left Oslo" (then)
        r"|\bonce\s+(?:i|he|she|we|they|you)\s+(?!\w+ed\b|was\b|were\b|had\b|did\b|got\b|left\b|went\b)"
        # "once the contract is signed", "once it's official" (a present tense: still to come)
        r"|\bonce\s+(?:(?:the|my|our|his|her|their|your|this|that)\s+(?:(?!\b(?:and|but|or|who|which)\b)[^.;!?,]){1,30}?|it|(?-i:[A-Z])\w+)"
        r"\s+(?:is|are|has|have|gets?|comes?|goes?|clears?|closes?)\b|\bonce\s+it['’]s\b",  # (not "once Jira's loudest critic")
        "If Rita leaves, Sam will take over Project Titan.",
        "Update my LinkedIn to say I work at Globex once the contract is signed.",
        "Come visit once I own a sofa.",
        "Quinn will report to Steve if she is promoted.",
        "I wonder whether Alice moved to Denver.",
    ),
    # a wish is no fact: "he wishes he reported to Bart instead", "I wish I moved to Paris" (a past
    # tense in a wish is no past), 真希望能调去上海, 我多希望我搬到上海了; not "wish him luck"
    _row(
        "wish",
        # (not "wish I still worked at Acme", "wish I was still at MIT": it no longer holds, ..english_ends)
        r"\bwish(?:es|ed|ing)?\s+(?:that\s+)?(?:i|he|she|they|we|you|[A-Z]\w+)(?!\s+(?:still\s+\w+|(?:was|were)\s+still)\s+(?:(?:working|living|studying|based)\s+)?(?:at|in|for|with)\s)(?:['’]d\b|\s+(?:(?:\w+ly|just|also|never"
        r"|still|really|had|could|would)\s+)*(?:were|was|had|could|would|still|\w{2,}ed|ran|led|went|got|took|left"
        r"|became|came|quit|stayed|sold|bought|found|met|made|did|knew|lived)\b)"
        r"|\bif only\b|真希望|但愿|巴不得|要是能|(?<![失没无有绝])(?:多么?|好|很|特别|一直|总|真的)?希望(?!工程)",
        "Ivo wishes he reported to Bart instead of Greta.",
        "孙悦真希望能调去上海。",
        "I wish I moved to Paris.",
        "Anna wishes she joined Google.",
        "Tom wished he'd stayed in Oslo.",
        "我多希望我搬到上海了",
    ),
    # a rumour or a denied report says nothing happened ("rumoured to be joining Meta", 网传)
    _row(
        "hearsay or a denied report",
        r"\brumou?r(?:s|ed)?\b|\bspeculation\b|\bunconfirmed\b|\bden(?:ied|ies|y)\s+(?:the\s+)?"
        r"(?:reports?|rumou?rs?|claims?)\b|网传|传言|传闻|据传|谣言|消息不实|辟谣|据说"
        r"|(?:群里|圈里|公司里|外面|坊间|都在|有人|网上|朋友圈里?|微博上)传(?![给来到达递真统承播了过图照文视])|没这回事|没有的事|假消息"
        r"|\bsome(?:one|body)\b[^.;!?]{0,20}\b(?:said|says|claimed|claims|posted)\b|有人说|听人说"
        # a change under way that one only heard of: "heard Marco is taking it over"
        r"|(?:^|[.;!?,]\s*)(?:i\s+|we\s+)?(?:heard|hearing)\s+(?:that\s+)?[^.;!?]{1,40}?\b(?:is|are|['’]s|['’]re)\s+(?:\w+ly\s+)?\w+ing\b",
        "Joan is rumoured to be joining Meta.",
        "Someone on here said Hamid had taken over Beacon.",
        "heard Marco is taking it over",
        "Acme denied reports that Joan had quit.",
        "网传刘洋将跳槽至阿里巴巴，腾讯回应称消息不实。",
        "群里传郭强接手北斗项目了，林峰说没这回事。",
        "据说李明入职了腾讯。",
    ),
    # a report called false, or a statement its own sentence takes back (:data:`_RETRACTED`)
    _row(
        "a report called false",
        _RETRACTED,
        "The news that Alice joined Globex is false.",
        "Alice joined Globex, but that's just a rumour.",
        "李明搬到上海的消息是假的。",
        "听说李明入职了腾讯，但这是谣言。",
    ),
    # a change named as a plan or a request: "搬到上海的计划", "加入腾讯的申请被拒绝了" (nothing
    # happened yet, or it was turned down); not "入职腾讯的消息传开了" (news of a change that happened)
    _row(
        "Chinese change named as a plan",
        r"的(?:计划|打算|想法|念头|规划)(?![部处科组书表])"
        r"|的(?:申请|提议|请求|方案|建议|动议|提案|事情?)[^，,。；;！!？?]{0,8}?(?:取消|拒绝|拒|否决|否|驳回|搁置|放弃|作罢"
        r"|黄了|泡汤|流产|撤回|撤销|叫停|没(?:有)?(?:通过|批|成)|未(?:通过|获批|批准|成)|不了了之"
        r"|(?:还|尚|仍)(?:没|未)(?:有)?(?:定|确定|落实|敲定|谈妥|批|下来)|待定|悬而未决)",
        "李明搬到上海的计划取消了。",
        "李明加入腾讯的申请被拒绝了。",
        "张三接手星火计划的提议被否决了。",
        "李明入职腾讯的事还没定。",
    ),
    # a yes-no question asked or wondered about without a question mark: "我不知道李娜搬到上海没有",
    # "问问李娜搬到上海没有", "李娜搬到上海了没"; not an answer of one's own ("王芳搬走了，李娜没有", "还没有")
    _row(
        "Chinese yes-no question without a question mark",
        r"(?:[^，,；;。！!：:\s]{5}了没有?|[^，,；;。！!：:\s]{4}(?<![都还也并从再就却可但我你他她它们])没有)[。.!！~～\s]*$",
        "我不知道李娜搬到上海没有。",
        "不知道李娜搬到上海了没。",
        "问问李娜搬到上海没有。",
    ),
    # a guess is no fact: 我猜 / 估计 / 说不定 / 没准 / 我怀疑 (not "你猜怎么着": news; not 不用怀疑),
    # of a change done or a state ("估计李娜搬到上海了"; not "估计要一直做到年底": a plan, its own clause)
    _row(
        "Chinese guess",
        r"(?:(?<![你您])猜(?!猜|怎么|什么|中|对|错|到|不到|谜)|估计|估摸|说不定|没准|兴许"
        r"|(?<![不别无用])(?<!毫不)(?<!无需)怀疑(?!过|论|人生))(?=[^，,。；;！!？?\s\U0001F300-\U0001FAFF]*(?:了|住|在|是|负责|汇报|喜欢|爱))",
        "我猜李娜搬到上海了。",
        "估计王芳跳槽去阿里了。",
        "说不定李娜搬到上海了。",
        "我怀疑李娜搬到上海了。",
    ),
    # a report the same text calls wrong: "陈伟记错了，说林静在腾讯上班", "陈伟说…，其实不是",
    # "别听陈伟的，他说…是错的"; not one's own correction ("我刚才说错了，小王住在杭州": it holds)
    _row(
        "Chinese report called wrong",
        r"(?:" + _WRONG_ZH + r")[^。！？!?]*?" + _REPORT_ZH + r"|" + _REPORT_ZH + r"[^。！？!?]*?(?:" + _WRONG_ZH + r")",
        "陈伟记错了，说林静在腾讯上班。",
        "陈伟搞错了，他说林静在腾讯上班。",
        "陈伟说林静在腾讯上班，其实不是。",
        "陈伟说林静在腾讯上班，他说错了。",
        "别听陈伟的，他说林静在腾讯上班是错的。",
    ),
    _row(
        "Chinese condition",
        r"如果|要是|假如|假设|假使|万一|倘若|若是|的话|除非|是否|要不要|会不会|能不能",
        "如果孙丽搬到北京，她会换工作。",
        "要是林涛离职，雪豹项目由何平接手。",
        "王五搬到上海的话，就离公司近了。",
    ),
    # Not true yet: "Alice will join Globex next month" must not end Acme today. A later
    # statement in the past or present tense ("Alice joined Globex") states it.
    _row(
        "English future or plan",
        # ("won't be on my team anymore": a change said now)
        # ("will be run by Lars going forward": decided now, from now on)
        r"(?-i:\b(?:will|shall|won't)\b)(?!\s+(?:go\s+near|touch)\b)(?![^.;!?]{0,80}\b(?:going\s+forward|from\s+now\s+on|with\s+immediate\s+effect|effective\s+immediately)\b)(?<!won't(?=\s+be\s+(?:on|in|at|with|part\s+of|working|living|reporting)\b[^.;!?]{0,40}\b(?:anymore|any\s+more|any\s+longer)\b))|['’]ll\b|\bgoing\s+to\s+(?!(?:the|a|an|my|his|her|their|our|your|work|school|bed|church)\b)\w|\babout\s+to\b"
        # ("seconded to London until next year": a present state, bounded)
        r"|(?<!until )(?<!till )\bnext\s+(?:week|month|year|spring|summer|autumn|fall|winter|monday|tuesday"
        r"|wednesday|thursday|friday|saturday|sunday)\b|\btomorrow\b"
        r"|\bthat\s+(?:[\w'’-]+\s+){1,3}?would\b"  # reported: "reports that Aaron would take over"
        # a weekday close by in the progressive or a plan with no verb ("Moving to Leeds on Friday!",
        # "Last day at Arup on Friday"): the coming one, not the last (not "was", "moved ... on Friday")
        r"|(?:\b(?:am|is|are)\s+(?:\w+ly\s+|also\s+)?\w{2,}ing\b|['’](?:m|re)\s+(?:\w+ly\s+|also\s+)?\w{2,}ing\b|^\W*(?!(?:having|being|nothing|something|anything|everything|morning|evening|during"
        r"|according)\b)\w{2,}ing\s+(?:to|at|in|into|from|over|up|out|back|with|for|(?-i:[A-Z]))"
        r"|^\W*(?:(?:my|his|her|our|their|the)\s+)?last\s+day\b(?![^.;!?]*\b(?:was|were|had|has|did)\b))"
        r"(?:(?!\b(?:and|but|or|then|after|before|since|when|while|because|until|till)\b)[^.;:!?,—–]){0,60}?"
        r"(?:\b(?:on|this)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|\bon\s+the\s+\d{1,2}(?:st|nd|rd|th))\b",
        "Alice will join Globex next month.",
        "Reports said that Aaron would take over Phoenix.",
        "Alice is going to move to Berlin.",
        "Alice is moving to Lyon next week.",
        "Bob's about to take over Project Orion.",
        "She'll report to Dan from Monday.",
        "Moving to Leeds on Friday!",
        "I'm starting at Atkins on Monday.",
        "Last day at Arup on Friday, then Atkins.",
    ),
    _row(
        "Chinese future or plan",
        r"即将|将要|将会|打算|准备(?!好)|下(?:个)?(?:月|周|星期|礼拜|季度)|明年|明天|后天|马上(?:就)?要|快要|就要"
        r"|想让|考虑让|考虑过让|有意让|提议让|建议让|提出让|计划让|讨论(?:过)?(?:让|要不要|是否)"
        # 要 right before a change ("郭强要接手北斗项目": about to), not 重要, 需要, 只要, 不要
        r"|(?<![重主需只不还总想])要(?=接手|接管|加入|入职|搬|嫁|娶|结婚|离职|离婚|跳槽|辞职|退休|调到|调去|让|被|把[^，。]{1,10}(?:交给|交接|移交|转给|让给))",
        "张三即将接手星火计划。",
        "群里传郭强要接手北斗项目。",
        "本来说要让郭敏接手云端项目，后来领导改主意了。",
        "HR曾提议让徐婷改向谢刚汇报。",
        "老板想让何佳接手星火项目，但最后没换人。",
        "原本讨论让黄丽把云帆项目交给马超，最后决定不换。",
        "原本计划下季度让杨帆改向谢东汇报，后来这个方案被否了。",
        "王五下个月将加入腾讯。",
        "李四明年要去北京工作。",
        "王五准备搬到深圳。",
        "她打算搬到大连。",
    ),
    # A bounded past ("Before Raj, Lin managed Project Blue", "Kim reported to Erin until last
    # year", "Jo was married to Ben in the nineties"): it says what held then, not now. A year
    # alone is no such bound: "In 2020 Tom moved to Denver" may well still hold.
    _row(
        "English bounded past",
        r"(?:^|[.;]\s*)(?:(?:years|months|long|shortly|just|right)\s+)?before\s+[^,;.]{1,40},"
        r"|\b(?:at|in)\s+(?:her|his|my|their|our)\s+first\s+job\b|\buntil\s+(?:last|recently|\d{4}\b|a\s+(?:few|couple)\b)"
        r"|\bin\s+the\s+(?:(?:19|20)?[0-9]0['’]?s|eighties|nineties|seventies|sixties)\b"
        r"|\bback\s+then\b|\bas\s+an?\s+(?:child|kid|teenager|teen|student|undergrad)\b"
        r"|\bwhen\s+(?:he|she|i|they|we|you|\w+)\s+(?:was|were)\s+(?:a\s+)?(?:kid|child|young|little"
        r"|teenager|student|in\s+(?:college|school|university))\b",
        "Before Raj, Project Blue was managed by Lin.",
        "Years before she joined Leon's team, Bianca reported to Harriet.",
        "Kim reported to Erin until last year.",
        "Jo was married to Ben in the nineties.",
        "When he was a kid, Tom lived in Denver.",
        "As a child, Sue liked milk.",
    ),
    # a belief said to be mistaken: 大家都以为X (but it is not so); not 引以为傲, 以为主
    _row(
        "Chinese mistaken belief",
        # (and a dislike said not to be the reason: 不是她不喜欢猫，是她男朋友过敏)
        r"(?<!引)以为(?![主荣傲戒鉴])|不是(?:说|因为)?[\u4e00-\u9fff]{0,3}?(?:不喜欢|讨厌|不爱)",
        "朋友都以为我不喜欢猫了，怎么可能。",
        "别买猫相关的——不是她不喜欢猫，是她男朋友对猫毛过敏。",
        "大家还以为孙悦搬去上海了，其实她没走。",
    ),
    _row(
        "Chinese bounded past",
        r"[0-9０-９]{2,4}年(?:代)?的时候|那时候|那个时候|当年|上大学的时候|读书的时候|(?:加入|来到?|去|进入?|搬到)[^，,。]{1,8}之前"
        # a past period of one's life: 小时候, 年轻时, 读高中那会, 实习的时候, 大学期间
        r"|小(?:的)?时候|(?:年轻|年少|童年|小学|初中|中学|高中|大学|读书|念书|上学|求学|实习|读研|读博|留学)"
        r"(?:的)?(?:时候|那会儿?|那阵子?|那几年|期间|时(?![间刻]))",
        "2010年的时候张伟住在北京。",
        "小时候我住在朝阳。",
        "读高中那会我住在朝阳。",
        "实习的时候我在百度上班。",
        "那时候王磊向陈刚汇报。",
        "加入腾讯之前李娜在百度工作。",
    ),
    # English denials by a frame, guesses and fiction (:mod:`.hedges`)
    *(_row(name, regex, *examples) for name, regex, examples in HEDGE_TABLE),
)
# each row's alternatives searched only in a text holding one of the words their matches
# contain (most hold none)
_ANY_ROW = AnyOf(row.pattern for row in MOOD_ROWS)

#: what holds for its own part of a sentence only, and only for what the patterns read from that
#: part (:func:`..clauses.asserted_candidates`); the doubt rule reads such a sentence as before:
#: a change it also tells ("Last day at Hillcrest today 🥲 I start at Riverside after the
#: holidays") still leaves the old fact unsure
CLAUSE_ROWS: tuple[MoodRow, ...] = (
    # a clause under a verb of belief, doubt, hope or dream is no fact ("Bob thinks Carol lives in
    # Paris", "I doubt Alice joined Globex", "Alice dreamed she joined Globex"); a clause must
    # follow ("I thought so", "thinking of moving", "can't believe it" are no such clause)
    _row(
        "belief, doubt, hope or dream",
        r"(?:\b(?<!to\s)(?:think(?:s|ing)?|thought|(?<!n't\s)(?<!n’t\s)(?<!not\s)(?<!cannot\s)(?<!to\s)believ(?:e|es|ed|ing)"
        r"|assum(?:e|es|ed|ing)|presum(?:e|es|ed)|suppos(?:e|es|ed)|suspect(?:s|ed|ing)?|reckon(?:s|ed)?"
        r"|guess(?:es|ed)?|imagin(?:e|es|ed|ing)|pretend(?:s|ed|ing)?|convinced|under\s+the\s+impression"
        r"|(?<!no\s)(?<!a\s)doubt(?:s|ed|ing)?|hop(?:e|es|ed|ing)|hopefully,?|dream(?:s|ed|t|ing)?"
        r"|unsure|uncertain|(?:not|n't|n’t)\s+(?:[\w%]+\s+)?(?:sure|certain|convinced))"
        r"\s+(?:that\s+)?(?!(?:it|this|that|these|those|there|so|not|about|of|to|for|in|on|back|over|up|out)\b)"
        r"(?:i|he|she|they|we|you|my|his|her|our|their|the|(?-i:[A-Z])[\w'’-]*)\b)",
        "Bob thinks Carol lives in Paris.",
        "I thought Carol had joined Globex, but she's still at Acme.",
        "I doubt Alice joined Globex.",
        "I'm not sure Alice joined Globex.",
        "I hope Alice joins Globex.",
        "Alice dreamed she joined Globex.",
        "Everyone believes that Tom moved to Austin.",
        "My mum is convinced I work for Google.",
    ),
    # a change told in the present or progressive tense with a time still to come is a plan ("Tom
    # is moving to Austin in March", "Tom joins Google on December 26", "is joining Google after the
    # summer"): not true yet, and never dated to the last such month or day, which is past
    _row(
        "English present-tense plan",
        r"(?:" + _NOW_TENSE + r")(?:(?!\b(?:and|but|or|then|after|before|since|when|while|because|until|till)\b)[^.;:!?,—–]){0,60}?(?:"
        + _AHEAD + r")|(?:^|[,;:—–]\s*)(?:" + _AHEAD + r")\s*,?\s*(?:(?!\b(?:and|but|or|then|since|when|while)\b)[^.;:!?,—–]){0,40}?(?:"
        + _NOW_TENSE + r")",
        "Tom is moving to Austin in March.",
        "Tom moves to Austin in March.",
        "Tom joins Google on December 26.",
        "Tom is joining Google after the summer.",
        "Tom is moving to Austin in a few months.",
        "I'm starting at Globex in two weeks.",
        "In March, Tom is moving to Austin.",
        "Priya is taking over Atlas soon.",
    ),
)
_ANY_CLAUSE_ROW = AnyOf(row.pattern for row in CLAUSE_ROWS)

#: sentences that state something and must not be flagged
NOT_UNASSERTED: tuple[str, ...] = (
    "Alice moved to Denver.",
    "Who knows. Alice moved to Denver.",
    "Ifeoma works at Globex.",
    "王五搬到了上海。",
    "吗啡项目由张三负责。",
    "Will Smith works at Acme.",
    "Willa moved to Denver.",
    "Alice joined Globex last month.",
    "王五准备好了，已经搬到了深圳。",
    "In 2020 Tom moved to Denver.",
    "Since 2019, Tom has lived in Denver.",
    "Tom moved to Denver before the pandemic.",
    "2020年张伟搬到了北京。",
    "My bank letters keep going to the old flat.",  # going to a place: no future
    "Tom moved to Leeds, wish him luck!",
    "In case ppl missed it: Sara got poached by Nokia.",
    "If anyone's wondering, I left Google in May.",
    "If you haven't heard yet, Omar moved to Dubai.",
    "Beacon will be run by Kofi going forward.",  # decided now
    "I've gone off running if I'm honest.",
    "李明入职腾讯的消息传开了。",  # news of a change that happened
    "Alice joined Globex, and it is true.",
    "李明负责星火计划。",
    "do it this weekend!!",
    "do NOT miss the Porto commute tho",
)

# a reminder to the readers is no condition on the news it brings: "in case ppl missed it: Sara
# got poached by Nokia", "if anyone's wondering, I left Google", "if you haven't heard yet"
PREFACE = lazy_pattern(
    r"\b(?:if|in\s+case)\s+(?:you|u|ya|y'?all|you\s+(?:all|guys)|u\s+guys|ppl|people|folks|anyone|anybody"
    r"|everyone|everybody|some\s+of\s+you|any\s+of\s+you|others|the\s+team)(?:['’]s|['’]re)?\s+"
    r"(?:(?:has|have|had|did|do|does)(?:n['’]?t|\s+not)\s+|(?:is|are|was|were)\s+|already\s+)?"
    r"(?:heard|missed(?:\s+(?:it|this|that|the\s+(?:news|memo|email|announcement)))?|wonder(?:s|ed|ing)?|ask(?:s|ed|ing)?"
    r"|curious|seen(?:\s+(?:it|this|that|the\s+(?:news|memo|email|announcement)))?|know)\b"
    r"(?:\s+(?:yet|already))?"
    # news announced to the reader: "Grandpa, you'll laugh: …", "you won't believe it: …"
    r"|\byou['’]?ll\s+(?:laugh|never\s+guess|love\s+this|be\s+(?:glad|happy|pleased|surprised|shocked)\s+to\s+(?:hear|know)"
    r"|have\s+heard|(?:already\s+)?know)\b"  # ("you'll have heard Marcus and Chloe split")
    r"|\byou\s+won['’]?t\s+believe\s+(?:it|this|what\s+happened)\b|\bguess\s+what\b|\bbelieve\s+it\s+or\s+not\b"
    # an admission is no promise: "ok I'll admit it: the standups are my favourite", "ngl"
    r"|\b(?:i['’]?ll|i\s+will|i\s+(?:have|had|got)\s+to|i\s+must|(?:i\s+)?gotta|(?:i\s+)?have\s+to|i\s+do)\s+"
    r"(?:admit|confess)(?:\s+(?:it|this|that))?\b|\bi['’]?ll\s+be\s+honest\b|\bnot\s+gonna\s+lie\b|\bngl\b"
    # a hedge is no condition: "I've kinda gone off running if I'm honest"
    r"|\bif\s+i(?:['’]?m|\s+am)\s+(?:being\s+)?honest\b",
    re.IGNORECASE,
)


# news asked as a question: "did u hear keiko's up in Sapporo now??" tells it (not "did you hear
# if …", "have you heard from Tom?", "did you hear anything?")
_NEWS_ASKED = lazy_pattern(
    r"^\s*(?:(?:so|omg|oh|hey|btw|wait)[,!]?\s+)?(?:did|have|has)\s+(?:you|u|ya|y['’]?all|you\s+guys)\s+"
    r"(?:hear|heard|see|seen)\s+(?:that\s+|about\s+)?(?!(?:if|whether|from|anything|something|back|it|this|that|the)\b)(?=\w)",
    re.IGNORECASE,
)


def news_told(text: str) -> str:
    """The news of "did you hear (that) …?" without the asking; any other text as it is."""
    asked = _NEWS_ASKED.match(text)
    return (text[asked.end():].rstrip().rstrip("?？").rstrip() or text) if asked else text


def without_preface(text: str) -> str:
    """``text`` without its reminders to the readers and its announcements of news
    (:data:`PREFACE`), and what led into them."""
    folded = text.casefold()
    if ("hear" in folded or "seen" in folded or " see " in folded) and (told := news_told(text)) != text:
        return told
    if "if" not in folded and "case" not in folded and "you" not in folded and "guess" not in folded \
            and "believe" not in folded and "admit" not in folded and "confess" not in folded \
            and "honest" not in folded and "gonna lie" not in folded and "ngl" not in folded:
        # (most texts: no regex search)
        return text
    return PREFACE.sub(" ", text)


def retracted(sentence: str) -> bool:
    """Whether ``sentence`` calls a report false or takes back what it said before
    (:data:`_RETRACTED`): nothing in it holds, in any of its clauses."""
    return _RETRACTED_RE.search(sentence) is not None or hedged_whole(sentence)


def unasserted(sentence: str) -> bool:
    """Whether ``sentence`` is a question, a condition, about the future or a bounded past (its
    relations are not facts now). A reminder to the readers (:data:`PREFACE`) is no condition."""
    sentence = without_preface(sentence)
    folded = sentence.lower()
    return _ANY_ROW.search(sentence, folded)


def said_in_clause(text: str) -> bool:
    """Whether a part of ``text`` is a belief, a doubt, a hope, a dream or a plan told in the
    present tense (:data:`CLAUSE_ROWS`): what the patterns read from that part is no fact."""
    return _ANY_CLAUSE_ROW.search(text, text.lower())
