"""What the doubt rule must not read as a change of the person's own job, home or marriage.

- a figure of speech with "live" ("I live in hope", "I live on coffee", "I practically live at
  the gym", "I live in Starbucks at this point"): no home is named, none is left;
- someone else's wedding told by one's part in it ("Alice was a bridesmaid at Sara's wedding",
  "I'm the best man at Tom's wedding"): no marriage of one's own;
- a change of unnamed other people ("很多人会从网易跳槽到阿里", "lots of people move from London
  to Leeds"): other people's changes doubt nothing (a clause after it in the first or second
  person is read as before: "很多人跳槽了，我也跳槽了");
- a time of one's life that is over (刚毕业那会儿, 上一份工作, 前几年, 结婚前): history, no change now;
- a work arrangement ("hybrid, 3 days in the West Loop office", "fully remote now", "WFH on
  Fridays", "in the office twice a week", 现在每周三天去公司坐班, 居家办公): where one works from,
  not for whom, nor where one lives (a move to an office, "transferred to the Austin office", is
  read as before);
- a sentence that restates the current value in its relation's own words ("你现在住在杭州",
  "恭喜你搬到杭州！", "you work at Tencent now"): the fact is said to hold, so it is not doubted
  (:func:`restated`).

Each table lists the sentences it is written for; ``tests/unit/test_relations_round50_d.py`` runs
them and the look-alikes that must still be read.
"""

from __future__ import annotations

import re

from ...models import Relation
from .doubt_words import AVERSE, FOND
from .lazy_regex import lazy_pattern
from .patterns.past_states import ZH_PAST_FRAME

__all__ = ["FIGURES", "plain", "restated"]

# how often or since when one works somewhere (a work arrangement)
_COUNT = r"(?:\d|one|two|three|four|five|a\s+couple\s+of|a\s+few)"
_WEEKDAYS = r"(?:mon|tues|wednes|thurs|fri)days"
_OFTEN = (
    r"(?:(?:on\s+)?" + _WEEKDAYS + r"(?:\s*(?:and|&|,)\s*" + _WEEKDAYS + r")*|(?:on\s+)?weekends|most\s+days|every\s+(?:day|week)"
    r"|(?:once|twice|three\s+times)\s+a\s+week|" + _COUNT + r"\s+days?\s+(?:a|per|each|every)\s+week)"
)
_NOW = r"(?:now|nowadays|these\s+days|for\s+now|at\s+the\s+moment|again|full[- ]time|part[- ]time|permanently)"
_HYPERBOLE = r"(?:practically|basically|pretty\s+much|virtually|all\s+but|literally|might\s+as\s+well|effectively)"
#: (name, regex, sentences whose match is taken out of the text the doubt rule reads)
FIGURES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "a figure of speech with live",
        r"\b(?:live|lives|living|lived)\s+(?:in\s+(?:hope|fear|denial|sin|luxury|harmony|peace|limbo|the\s+(?:moment|past"
        r"|present|now|fast\s+lane)|a\s+(?:bubble|dream\s+world|fantasy)|my\s+(?:head|own\s+world))\b"
        r"|on\s+(?!(?:the|a|an|my|our|his|her|their|own|campus|site|base|board|main|\d)\b)(?-i:[a-z])[\w'’-]*"
        r"(?:\s+(?:and|&)\s+(?-i:[a-z])[\w'’-]*)?"
        r"|for\s+(?!(?:now|a\s+while|the\s+(?:time\s+being|next|past|last|moment)|(?:a|one|two|three|four|five|six|\d+)\s|"
        r"(?:a\s+)?(?:few|couple|several|many)\b|years|months|weeks|ages|decades)\b)[\w'’-]+(?:\s+[\w'’-]+)?)"
        r"|\b" + _HYPERBOLE + r"\s+(?:live|lives|living|lived)\s+(?:at|in)\s+(?:the\s+|my\s+|our\s+|this\s+)?[\w'’-]+(?:\s+[\w'’-]+)?"
        r"|\b(?:live|lives|living)\s+(?:at|in)\s+[^.;!?,]{1,30}?\s+(?:at\s+this\s+point|these\s+days\s+lol)\b",
        ("I live in hope", "I live on coffee", "I practically live at the gym", "I live in Starbucks at this point",
         "Honestly I live for the weekend.", "Tom basically lives in the library."),
    ),
    (
        "someone else's wedding told by one's part in it",
        r"\b(?:(?:a|the)\s+)?(?:bridesmaid|maid\s+of\s+hono(?:u)?r|matron\s+of\s+hono(?:u)?r|best\s+man|groomsman|usher"
        r"|flower\s+girl|ring\s+bearer|officiant|wedding\s+(?:guest|photographer|planner|singer|dj))s?\b"
        r"(?:\s+(?:at|for|in|to)\s+(?:[^.;!?]{0,40}?\bwedding\b|(?:the\s+|her\s+|his\s+|my\s+|our\s+)?[\w'’]+))?",
        ("Alice was a bridesmaid at Sara's wedding.", "I'm the best man at Tom's wedding.",
         "She was maid of honour for her sister."),
    ),
    (
        "a change of unnamed other people",
        # (its own clause only; not those spoken to: 家人们, 跟大家说一声, 谢谢大家, 请大家吃散伙饭)
        r"(?:(?:很多|不少|许多|好多|一些|有些|有的|大多数|多数|大部分|越来越多的?)(?:[\u4e00-\u9fff]{0,3})?人"
        r"|(?<![跟和给向对同谢诉请叫让])大家(?![好伙])|(?<!家)人们)"
        r"[^。！？!?；;，,：:]*"
        r"|\b(?:(?:many|most|some|a\s+lot\s+of|lots\s+of|plenty\s+of|loads\s+of|tons\s+of|so\s+many|more\s+and\s+more)"
        r"\s+(?:\w+\s+)?(?:people|folks|devs|developers|engineers|programmers|grads|graduates|employees|workers|expats"
        r"|families|students|tech\s+workers)|people\s+(?:often|usually|tend\s+to|generally|always|sometimes|typically))\b"
        r"[^.;!?]*?(?=,\s*(?:but|and|so)?\s*(?:i|you|we)\b|[.;!?]|$)",
        ("很多人会从网易跳槽到阿里。", "很多人从上海搬到杭州，因为房租便宜。", "Lots of people move from London to Leeds.",
         "Many engineers quit Google for startups."),
    ),
    (
        "a time of one's life that is over",
        # history, not a change now: its clause doubts nothing (what follows a turn is read:
        # "前几年我在米哈游上班，现在在网易")
        r"(?:" + ZH_PAST_FRAME.pattern + r")[，,]?[^。！？!?；;，,]*",  # (to the end of its clause)
        ("刚毕业那会儿我在米哈游上班", "上一份工作我在米哈游上班", "前几年我在米哈游上班", "结婚前我住在上海"),
    ),
    (
        "a work arrangement",
        # where one works from, and how often: the cue words and the times around them only ("I
        # moved to Denver and now work remotely" keeps its move; "I'm in the Austin office now",
        # with no days, is a transfer)
        r"(?:\b(?:" + _OFTEN + "|" + _COUNT + r"\s+days?)\s*,?\s+)?(?:\b(?:now|currently)\s+)?(?:\b(?:fully|mostly|partly|partially|completely|full[- ]time)\s+)?"
        r"\b(?:remote(?:ly)?|hybrid|wfh|work(?:s|ed|ing)?\s+from\s+home|home[- ]?working|on[- ]?site|in[- ]office)\b"
        r"(?:\s*,?\s*(?:" + _NOW + "|" + _OFTEN + r"))*"
        r"|\b(?:" + _OFTEN + "|" + _COUNT + r"\s+days?)\s+(?:in|at|into|from)\s+(?:the|our|my|an?)\s+(?:[\w'’-]+\s+){0,3}?"
        r"(?:office|hq|headquarters|campus)\b"
        r"|\b(?:back\s+)?(?:in|at|into|to)\s+(?:the|our|my)\s+(?:[\w'’-]+\s+){0,3}?(?:office|hq|headquarters|campus)\s*,?\s*(?:"
        + _OFTEN + r")"
        r"|(?:现在|目前|如今)?(?:每周|一周|每个?(?:星期|礼拜))?(?:[一二三四五两1-5]天|周[一二三四五](?:[和、到至]周[一二三四五])?)?都?"
        r"(?:(?:(?:去|到|回|在)(?:公司|办公室|单位))?坐班|(?:在家|居家|远程|线上|混合|弹性)(?:办公|上班|工作))"
        r"|(?:现在|目前|如今)?(?:每周|一周|每个?(?:星期|礼拜))[一二三四五两1-5]天都?(?:去|到|回|在)(?:公司|办公室|单位)(?:上班|办公)?",
        ("hybrid, 3 days in the West Loop office", "I'm fully remote now", "WFH on Fridays", "back in the office Tuesdays",
         "in the office twice a week", "现在每周三天去公司坐班", "在家办公", "居家办公"),
    ),
)
_ARRANGED = "a work arrangement"
_FIGURES = lazy_pattern("|".join(f"(?:{regex})" for name, regex, _ in FIGURES if name != _ARRANGED), re.IGNORECASE)
_ARRANGEMENTS = lazy_pattern(next(regex for name, regex, _ in FIGURES if name == _ARRANGED), re.IGNORECASE)
# a feeling about the arrangement makes it a taste, which the doubt rule reads ("黄涛说在家办公一年，
# 现在真受不了了" of a liking of 远程办公; "I miss WFH")
_FELT = lazy_pattern(r"\b(?:like[sd]?|enjoy\w*|prefer\w*|miss\w*|want\w*|wish\w*)\b|喜欢|怀念|想念|[不没]爱")
_WORDS = ("live", "living", "bride", "best man", "groom", "usher", "honour", "honor", "flower girl", "ring bearer",
          "officiant", "wedding", "人", "大家", "people", "folks", "devs", "developers", "engineers", "programmers",
          "grads", "graduates", "employees", "workers", "expats", "families", "students", "那", "前", "份工作",
          "remote", "hybrid", "wfh", "from home", "homeworking", "home-working", "site", "office", "hq", "headquarters", "campus",
          "坐班", "办公", "上班", "工作")


def plain(text: str) -> str:
    """``text`` without its figures of speech, others' weddings, changes of unnamed people and
    work arrangements not felt about (:data:`FIGURES`)."""
    folded = text.casefold()
    if not any(w in folded for w in _WORDS):
        return text
    if not (_FELT.search(folded) or AVERSE.search(folded) or FOND.search(folded)):
        text = _ARRANGEMENTS.sub(" ", text)
    return _FIGURES.sub(" ", text).strip(" ,，")


# the value said to hold in its relation's own words, before it: "住在杭州", "搬到杭州", "在腾讯工作",
# "lives in Paris", "moved to Paris", "work at Acme" (not "从杭州", "left Acme", "不住在杭州")
_HOLDS_BEFORE = {
    "LIVES_IN": r"(?:(?<![不没])住在|(?<![不没])搬(?:到|去|来|回)了?|定居(?:在|于)?|(?<![不没])在(?=VALUE(?:住|生活|定居|安家)))"
                r"|\b(?:live|lives|living)\s+in\s+|\bmoved\s+(?:back\s+)?to\s+|\bsettled\s+in\s+",
    "WORKS_FOR": r"(?:(?<![不没])在(?=VALUE(?:工作|上班|任职|做))|(?<![不没])(?:加入|入职)了?|(?<![不没])去了)"
                 r"|\b(?:work|works|working)\s+(?:at|for)\s+|\bjoined\s+",
}
# (and a value missed or felt about in the past: "I miss living in Paris", "I loved working at Acme", 怀念)
_NOT_NOW = lazy_pattern(r"不再|不在|没在|离开|离职|辞职|以前|之前|此前|先前|原先|曾经|怀念|想念|no\s+longer|not\s|n['’]t\s|used\s+to|left\s|quit\s|former"
                        r"|\bmiss(?:es|ed|ing)?\b|\b(?:loved|liked|enjoyed|hated|adored)\s+(?:living|working|being|studying)\b",
                        re.IGNORECASE)


def restated(text: str, rel: Relation) -> bool:
    """Whether ``text`` names ``rel``'s value as holding, in its relation's own words ("恭喜你搬到
    杭州！", "你现在在腾讯工作", "you live in Paris now"), and says nothing of it ending."""
    name = rel.object_name
    if rel.type not in _HOLDS_BEFORE or not name or name not in text or _NOT_NOW.search(text):
        return False
    value = re.escape(name)
    before = _HOLDS_BEFORE[rel.type].replace("VALUE", value)
    return re.search(rf"(?:{before})(?:the\s+)?{value}(?![\w\u4e00-\u9fff]*(?:的|之前|以前))", text, re.IGNORECASE) is not None
