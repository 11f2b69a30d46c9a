"""What a clause of a later statement asserts, for the doubt rule (:mod:`.doubt`).

A plan, a denial, a future or a condition holds for its own part of a clause, not for the
parts before it: "Desmond completed his relocation to Glasgow and will dial in from there"
asserts the move, "Handed in my badge on Friday and might try freelancing" the leaving, while
"is going to move to Lyon and sell the flat" asserts nothing (the future governs what follows
it) and a denial anywhere ("… never, I'm not leaving Glasgow") leaves the clause saying that
nothing changed. Chinese clauses are split by their commas before these run.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...nlp.base import Annotation
from .asking import news_asked
from .gates import AnyOf, Gated
from .lazy_regex import lazy_pattern
from .past_bounds import UNTIL
from .patterns.mood import MOOD_ROWS, PREFACE, joking, retracted, said_in_clause, unasserted
from .patterns.past_states import PAST
from .quotes import quoted_sentences
from .schema import RelationCandidate
from .stand_ins import stood_in

__all__ = ["NO_CHANGE", "asserted_candidates", "asserted_head", "scheduled", "spaced_clauses", "undenied_head"]

# a wish for a change: 想入职腾讯, 想搬去上海 (not 想起, 想念: no change after them)
_ZH_WANTS = r"想(?:要|去|再|着)?(?=入职|加入|加盟|跳槽|搬|离职|辞职|换|调|转到|转去|嫁|娶|结婚|离婚|分手)"
# a change denied or called off ("did not move", "never left", "fell through", 没有搬到)
NO_CHANGE = lazy_pattern(
    # (not "never moving again": after a move, no more of them)
    r"(?:\bnot|\bnever|n't|\bnor)\s+(?:\w+\s+){0,2}?(?:mov|relocat|leav|left|quit|switch|sw[ai]p|divorc|join(?!t)|transferr?(?:s|ed|ing)?\b"
    r"|split|separat|tak(?:e|es|ing)\s+over|hand(?:ed|ing)?\s+\w+)(?!\w*\s+(?:again|ever again)\b)"
    r"|fell through|after all(?!\s+(?:the|those|these|that|this|my|his|her|their|our|your|of|\d+)\b)|called off"
    # nothing changes: "but the line management doesn't change", 汇报关系不变
    r"|(?:doesn'?t|does not|won'?t|will not|didn'?t|did not) change|\bunchanged\b|\bstays? the same\b"
    r"|不变|没变"
    # an intention or a possibility is no change yet ("wants to move", "might move", 打算搬)
    r"|\b(?:thinking (?:about|of)|consider(?:s|ed|ing)?(?!\s+(?:it|this|that)\b)|wants? to|plan(?:s|ning)? (?:to|on)|hop(?:es|ing) to"
    r"|might|(?<!in )(?<!since )(?<!from )(?<!until )(?<!by )(?<!of )(?<!early )(?<!late )(?<!mid )(?-i:may)(?! \d)|could|would like|dream\w* (?:of|about)|house-hunting|looking (?:for|at))\b"
    # a wish: "would love to live in Austin", "I'd rather work at Globex"
    r"|(?:\bwould|['’]d)\s+(?:really\s+|so\s+)?(?:love|like|prefer|rather)\b"
    r"|打算|想要|想让|想把|有意让|可能|准备|计划|考虑|看房|也许|或许|说不定|兴许|没准|" + _ZH_WANTS +
    # a near miss: "nearly quit", "almost got poached", 差点被挖走
    r"|\b(?:almost|nearly)\s+(?:got\s+|been\s+)?(?:mov|relocat|leav|left|quit|poach|fired|let go|laid off"
    r"|switch|sw[ai]p|divorc|split|broke|gave up|resign|transferr|retir)|差点|差一点|险些"
    # a degree, not a change ("not as much as he used to")
    r"|\bas much as\b"
    # (直接 "directly", 接着 "then" are no handover: "毕业没直接工作")
    r"|(?:没有|没|未|不会|从来没有|从未)[^，。,]{0,3}(?:搬|离开|辞|换|跳槽|退|调|分到|交|(?<![直间迎])接(?![着下受]))"
    # (a job begun or left, denied right at its verb: 没有入职腾讯, 还没离职; not 没多久就离职了)
    r"|(?:没有|没|未|不会|从来没有|从未)(?:再|真的|正式|能|去|有)?(?:入职|加入|离职|加盟|转投|结婚|离婚|分手)"
    r"|(?<!得)不(?:让|准|同意|打算|想)?(?:搬|跳槽|辞职|离职|退租|换工作|转行)"  # 家不搬, 不跳槽了 (not 不得不搬)
    # a change called off: 搬家取消了, 跳槽的事黄了, 调岗的计划泡汤了
    r"|(?:搬家|搬迁|跳槽|离职|辞职|调动|调岗|转岗|退租|换工作|入职|离婚|结婚)(?:的事|的计划|计划|的打算|这事)?(?:也|都|又|已经|被)?"
    r"(?:取消|泡汤|黄了|作罢|告吹|搁浅|不了了之|没戏)"
    r"|(?:没有|没|未|不会)(?:把|将)[^，。,]{1,12}(?:交|给|让|转)",
    re.IGNORECASE,
)
_NO_CHANGE_GATE = Gated(NO_CHANGE)  # (searched only where one of its words is)
# the plans and possibilities among them
_INTENT = lazy_pattern(
    r"thinking (?:about|of)|consider(?:s|ed|ing)?|wants? to|plan(?:s|ning)? (?:to|on)|hop(?:es|ing) to|might"
    r"|may|could|would like|dream\w* (?:of|about)|house-hunting|looking (?:for|at)"
    r"|(?:\bwould|['’]d)\s+(?:really\s+|so\s+)?(?:love|like|prefer|rather)\b"
    r"|打算|想要|想让|想把|有意让|可能|准备|计划|考虑|看房|也许|或许|说不定|兴许|没准|" + _ZH_WANTS[:-1] + "|$)",
    re.IGNORECASE,
)
# a future that ends what came before it: a stay, a return, a cover ("she'll be back at the helm")
_FOR_A_WHILE = lazy_pattern(
    r"\b(?:(?<!my )(?<!his )(?<!her )(?<!our )(?<!your )(?<!their )back(?! to (?:her|his|my|their) maiden name)|return\w*|stay(?:s|ing)?|until|till|cover\w*|keep\w*|still|again|holidays?|christmas"
    r"|weekend|drive over|commut\w*)\b",
    re.IGNORECASE,
)
# "won't be coming back to it": no stay, the change is for good
# ("won't take it back after": the one who left does not return to it)
_NO_RETURN = lazy_pattern(r"\b(?:won['’]t|will not|never|not)\s+(?:be\s+)?(?:com(?:e|ing)|go(?:ing)?|tak(?:e|ing)\s+(?:it|them))\s+back\b", re.IGNORECASE)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
_DATE = r"(?:" + _MONTH + r"\.? \d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)? " + _MONTH + r")"
# a change set for a date or announced as done from now on: stated, not planned
_SCHEDULED = lazy_pattern(r"\b(?:effective (?:immediately|today|now|from|as of|next|this"
                          r"|(?:mon|tues|wednes|thurs|fri)day)|going forward|until further notice"
                          r"|henceforth|with immediate effect|as of now|from now on"
                          # (the change starts now: "starting this week Jamal will report to Rafael")
                          r"|starting (?:today|this (?:week|morning|month)|immediately))\b"
                          # a handover under way, with its day: "handing Mercury over to Liang tomorrow"
                          r"|\b(?:handing|passing)\b[^.!?;]{0,60}\b(?:tomorrow|tmrw|tmr|today|tonight|eod|this afternoon)\b"  # (not "next week": a plan)
                          # a date set, in English: "From tomorrow I report straight to Robert" (下周起 may be a plan)
                          r"|\b(?:(?:from|starting|as of) (?:tomorrow|this week|next (?:week|month|sprint|quarter|(?:mon|tues|wednes|thurs|fri)day))"
                          r"|as of (?:mon|tues|wednes|thurs|fri)day)\b"
                          # a date set by an announcement: "Effective June 1, …", "as of 1 May your line manager will be …"
                          r"|\b(?:effective|as of|from|starting) (?:on )?" + _DATE + r"\b(?! (?:to|till|until|through)\b| ?[-–])"
                          # a clause that opens with its day: "heads up: from Monday your 1:1s will be with Fatima"
                          # (not "working from Bergen from Tuesday": a plan; not "from Monday to Friday": a span)
                          r"|(?:^|(?<=[,.;:!?—–-])|(?<=[,.;:!?—–-] ))(?:from|starting) (?:mon|tues|wednes|thurs|fri)day\b"
                          r"(?! (?:to|till|until|through)\b| ?[-–])"
                          # a Chinese date set and said as settled: "从下周起我的领导换成韩梅了", "定了，下周一起…"
                          r"|(?<![他她])(?<![他她]从)(?:从)?(?:下(?:个)?(?:周|星期|礼拜)[一二三四五六日天]?|下(?:个)?月|明天)(?:起|开始)"  # (not 他下周起…: another's)
                          r"(?=[^。！？!?]*(?:了(?:[，。！？,!?\s]|$)|定了|正式))"
                          r"(?=[^。！？!?]*(?:汇报|领导|老板|上级|主管|团队|负责|接手|接管|搬|入职|加入|跳槽|调到|调去|转到))"
                          r"(?![^。！？!?]*(?:休假|年假|产假|请假|出差))",
                          re.IGNORECASE)
_BOUNDED_PAST = AnyOf(row.pattern for row in MOOD_ROWS if "bounded past" in row.name)
_HEARD = lazy_pattern(
    r"\b(?:i )?(?:don'?t|do not|dunno) know (?:if|whether) you(?:'ve| have)? (?:heard|seen)\b"
    r"|\b(?:if|in case) you (?:haven'?t |didn'?t )?(?:remember|recall)\b"
    rf"|{PREFACE.pattern}"
    r"|\b(?:as )?you(?:'ll|’ll| will| may| might)? (?:remember|recall)\b",  # a reminder, no future
    re.IGNORECASE,
)
# the parts of an English clause: a future or a condition holds from its part on
# (an emoji ends a part of a chat message: "ex-Nokia as of Friday 🙂 lmk if …")
_DONE = lazy_pattern(
    r"(?i:\b(?:yesterday|last (?:night|week|weekend|month)|already)\b)|昨天|上周|上个月|已经"
    r"|^\s*(?i:finally|just)\s+[a-z]{2,}ed\b"  # "…, finally signed the lease on a place near …"
    # a subject and a verb in the past: "…, Priyanka handed me over before she left"
    r"|^\s*(?:[A-Z][a-z]+|I|he|she|they|we)\s+(?:(?!need|feed|speed|seed)[a-z]{2,}ed|left|went|came|got|took|gave|sold|quit)\b"
)
_HANDOVER = lazy_pattern(r"\bhand(?:ed|s)? (?:[\w']+ ){0,4}over to\b|\bpass(?:ed|es)? (?:[\w']+ ){0,3}baton", re.IGNORECASE)
_IN_PASSING = lazy_pattern(
    r"\b(?:my|our|his|her|their) new (?:boss|manager|line manager|employer|flat|place|house|home|apartment|address|school)\b"
    r"|我的新(?:家|住处|地址|公司|单位|老板|领导|学校)", re.IGNORECASE
)
# (a comma typed in ASCII in Chinese text separates parts too: "鲲鹏项目已被移交给林晓,黄强下个月起…";
# so does a bracket: "… joined Accenture (many of you will know her from her years at Telefónica)",
# and a chat's sentence end the annotator did not split at: "… at infosys today. taking a few months off")
_PARTS = lazy_pattern(
    r",\s+|(?<=[\u3400-\u9fff]),\s*|\s*[，；]\s*|\s+\(|\)\s*|(?<=[a-z]{3}[.!])\s+(?=[a-z])|\s+(?:and|but|so)\s+|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]+\s*", re.IGNORECASE
)


# a chat line's space between two Chinese words: a clause break, as a comma is
# ("亲 地址帮我改下哈 已经不在武汉了": the request is one clause, the move another)
_ZH_SPACE = lazy_pattern(r"(?<=[\u4e00-\u9fff])[ \u3000](?=[\u4e00-\u9fff])")


def spaced_clauses(text: str) -> str:
    """``text`` with each space between two Chinese characters read as a comma (same length)."""
    return _ZH_SPACE.sub("，", text) if " " in text or "\u3000" in text else text


def scheduled(text: str) -> bool:
    """Whether ``text`` announces a change in the words of an announcement ("effective next Monday
    the team will roll up to Nadia", "going forward Orchid will be run by Marcus"): said, not
    planned; the fact it ends is no longer sure. So is a date set with no word of intent ("From
    tomorrow I report straight to Robert"); in Chinese 下周起, 下个月开始 may be a plan or a leave,
    so only with 了, 定了 or 正式 after it ("从下个月开始我直接向罗静汇报了")."""
    return _SCHEDULED.search(text) is not None and _INTENT.search(text) is None


def undenied_head(clause: str) -> str:
    """``clause`` without a denial (nothing of it), or up to the part with its first plan."""
    found = _NO_CHANGE_GATE.search(clause)
    if found is None:
        return clause
    if not _INTENT.fullmatch(found.group(0)):
        return ""  # "… and I'm like, never, I'm not leaving Glasgow": nothing changed
    starts = [m.end() for m in _PARTS.finditer(clause, 0, found.start())]
    return clause[: starts[-1]] if starts else ""


def asserted_head(clause: str) -> str:
    """What ``clause`` asserts before its first future, condition or bounded past: "completed his
    relocation to Glasgow and will dial in from there" keeps its first part, "contracting for
    Bosch now, lmk if u need anything" too; "is going to move to Lyon and sell the flat" keeps
    nothing (the future governs what follows it)."""
    if _BOUNDED_PAST.search(clause):
        # "Years before she joined Leon's team, Bianca reported to Harriet": then, not now; but
        # a handover is an event ("Before his leave started, Olu handed Falcon over to Ingrid")
        rest = clause.split(",", 1)[1] if clause.lstrip()[:7].lower() == "before " and "," in clause else ""
        if not _HANDOVER.search(rest):
            return ""
        clause = rest
    clause = _HEARD.sub(" ", clause)  # "I don't know if you heard but …" asks nothing
    starts = [0, *(m.end() for m in _PARTS.finditer(clause))]
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(clause)
        if unasserted(clause[start:end]) and not scheduled(clause):
            if _FOR_A_WHILE.search(clause[start:]) and not _NO_RETURN.search(clause[start:]):
                return ""  # "…, since he'll be staying with her over the holidays": a stay
            # a later part said as done is no part of the plan: "I'll be WFH from the new place
            # from Monday, movers came yesterday"
            done = [clause[a:b] for a, b in zip(starts[k + 1 :], [*starts[k + 2 :], len(clause)], strict=False)
                    if _DONE.search(clause[a:b]) and not unasserted(clause[a:b])]
            # and a change said in passing: "first 1:1 with my new boss Hiroshi tomorrow"
            done += [m.group() for m in _IN_PASSING.finditer(clause, start)]
            return "，".join(part for part in (clause[:start], *done) if part.strip())
    return clause


_QUESTION_END = lazy_pattern(r"[?？]|[吗么]\s*\W*$")


def _named_in(name: str, part: str) -> bool:
    """Whether ``part`` names ``name``, or a capitalised word of it ("Mercury" for the resolved
    "Mercury project")."""
    return name in part or any(len(w) > 2 and w[0].isupper() and re.search(rf"\b{re.escape(w)}\b", part)
                               for w in name.split())


def _until_only(text: str) -> bool:
    """Whether ``text`` asserts nothing only for its "until <past date>" ("Tom lived in Denver
    until 2021": a bounded past, yet the end of the state it names)."""
    return UNTIL.search(text) is not None and not unasserted(UNTIL.sub(" ", text))


# the parts a belief or a plan told in the present tense governs: up to a comma, a colon, a dash,
# an emoji or a "but" ("I thought Carol had joined Globex, but she's still at Acme"); not an
# "and" ("Bob thinks Carol and Dan live in Paris")
_SAID_PARTS = lazy_pattern(
    r"\s*[;:—–]\s*|,\s+|\s+(?=(?:but|yet|though|although|whereas|so)\b)|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]+\s*",
    re.IGNORECASE,
)


def _said_apart(text: str) -> tuple[str, str]:
    """``text`` without its parts that are a belief, a doubt, a hope, a dream or a plan told in the
    present tense (:func:`.patterns.mood.said_in_clause`), and those parts; when no part is one
    alone ("Tom is moving to Austin, probably in March"), nothing of ``text`` is kept."""
    starts = [0, *(m.end() for m in _SAID_PARTS.finditer(text))]
    parts = [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=False)]
    said = [said_in_clause(part) for part in parts]
    if not any(said):
        return "", text
    return ("，".join(p for p, s in zip(parts, said, strict=True) if not s and p.strip()),
            " ".join(p for p, s in zip(parts, said, strict=True) if s))


def asserted_candidates(
    annotation: Annotation, candidates: Sequence[RelationCandidate]
) -> list[RelationCandidate]:
    """The pattern candidates not read from a question, a condition or a future (see
    ``patterns.mood``): "Did Sofia move to Rome?" and "If Rita leaves, Sam will take over" state no
    fact. In a statement whose later part is a plan, what it says before the plan holds ("我从华为
    跳到字节跳动了，下周一入职": the move is said): a candidate is kept when its object is named
    before the plan and neither end is named in it."""
    if not candidates or joking(annotation.text):  # ("I moved to Paris... jk": nothing of the turn holds)
        return []
    heads: dict[int, tuple[str, str]] = {}  # sentence -> (asserted head, the rest)
    apart: set[int] = set()  # sentences whose only unsure parts are beliefs or plans told now
    for i, sentence in enumerate(annotation.sentences):
        text = sentence.text
        if news_asked(text):
            continue
        if not unasserted(text):
            if said_in_clause(text):  # a belief or a plan told in the present tense: its own part
                heads[i] = _said_apart(text)
                apart.add(i)
            continue
        # (not a stay: "I've been in Edinburgh since Thursday …, back home to Bristol on Sunday")
        # (nor a report called false: "…，但这是谣言" takes back the part before it)
        head = "" if _QUESTION_END.search(text) or (_FOR_A_WHILE.search(text) and not _NO_RETURN.search(text)) \
            or retracted(text) else asserted_head(text)
        if head.strip() and unasserted(head) and not scheduled(head):  # (a change set for a day is said)
            head = ""
        rest = text[len(head):]
        if head.strip() and said_in_clause(head):  # ("I think Alice moved to Lyon and she'll love it")
            head, left = _said_apart(head)
            rest = f"{left} {rest}"
        heads[i] = (head, rest)
    out = []
    quoted = quoted_sentences(annotation)  # (an older message a reply quotes: no news)
    for c in candidates:
        if c.sentence in quoted or (0 <= c.sentence < len(annotation.sentences)
                                    and stood_in(c, annotation.sentences[c.sentence].text)):
            continue  # (a stand-in: .stand_ins)
        if c.sentence not in heads or (PAST in c.attributes and _until_only(annotation.sentences[c.sentence].text)):
            out.append(c)  # (a past state that says when it ended: .past_bounds)
            continue
        head, rest = heads[c.sentence]
        ends = [c.subject.name, *([c.object.name] if c.object is not None else [])]
        # (beside a belief, either end named: "I never thought I'd do this again but Julia and I
        # got married" is said of both spouses)
        if head.strip() and (c.object is None or _named_in(c.object.name, head)
                             or (c.sentence in apart and _named_in(c.subject.name, head))) \
                and not any(e and e in rest for e in ends):
            out.append(c)
    return out
