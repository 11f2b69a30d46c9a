"""Whose "I" a chat turn speaks in: a forwarded or quoted message is its author's, not the speaker's.

"Fwd: I joined Google", "Tom texted me: I moved to Oslo!", "quoting Ben: I work at Google", "Ben's
status: I moved to Oslo", "and Ben's like, I work at Google now", "转发：我入职字节了" and an e-mail
forwarded below "---------- Forwarded message ----------": the "I" after such a frame is someone
else's, so the turn's speaker is not its subject. Only a forwarded e-mail names its writer in a
way the layer reads as a speaker ("From: Tom Lee", :func:`.implied.written_by`); any other such turn
speaks for nobody (its "I" states nothing: a forwarder's own words after the quote cannot be told
apart from it). A fact about a third person in it ("Fwd: Dana moved to Paris") is read as ever.

Each row is a table row (name, regex, turns it must flag); ``tests/unit/test_relations_round48_g.py``
runs every example and the counter-examples in :data:`NOT_FORWARDED`.
"""

from __future__ import annotations

import re

from .lazy_regex import lazy_pattern

__all__ = ["FORWARD_TABLE", "NOT_FORWARDED", "forwarded"]

# someone named (not "I"/"we": one's own words) before a colon or a "like,"
_WHO = r"(?:(?!(?:I|We)\b)(?-i:[A-Z])[\w'’-]+(?:\s+(?-i:[A-Z])[\w'’-]+)?|my\s+\w+|he|she|they)"
_LEAD = r"^\s*(?:(?:and|so|lol|omg|haha|ok|well)[,!]?\s+)*"
# a quotation introduced or followed by someone's verb of saying, whose words have a first person
_SAYER = r"(?:" + _WHO + r"|(?:the|his|her|our|their|your)\s+\w+)"
_SAYING = r"(?:said|says|told|tells|texted|wrote|writes|added|adds|replied|explained|mentioned|announced|insisted|admitted|confirmed)"
_SAID = (r"(?<![\w'’])" + _SAYER + r"\s+(?:(?:just|then|also|finally)\s+)?" + _SAYING
         + r"(?:\s+(?:me|us|him|her|them|everyone|back|to\s+(?:me|us))){0,2}")
_QUOTE_OPEN = r"[\"“„«‘']"
_FIRST = r"[^\"”»\n]{0,200}?\b(?:I|I['’]m|my|me|we|our|us)\b"

#: (name, regex, turns it must flag)
FORWARD_TABLE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "a forward's header",
        r"^\s*(?:subject\s*:\s*)?(?:fwd?|fw)\s*:|(?:^|\n)[ \t]*-{2,}\s*forwarded\s+message\s*-{2,}|^\s*begin\s+forwarded\s+message\s*:"
        r"|^\s*(?:转发|转自|转载)\s*[：:]",
        ("Fwd: I joined Google last month.", "FW: I joined Google.", "转发：我入职字节了",
         "---------- Forwarded message ----------\nFrom: Tom Lee <tom@x.com>\n\nI joined Google last week.",
         "Subject: Fwd: hello\n\n---------- Forwarded message ---------\nFrom: Tom Becker\n\nI work at Globex.",
         "See below.\n\n---------- Forwarded message ---------\nFrom: Tom Becker\n\nI work at Globex."),
    ),
    (
        "a message forwarded or quoted from someone",
        _LEAD + r"(?:forwarding|fwding|passing\s+on|sharing|quoting|copying)\s+(?:this|that|a\s+\w+|an\s+\w+|what\s+\w+\s+\w+)?\s*"
        r"(?:(?:from|by|of)\s+)?" + _WHO + r"(?:['’]s\s+\w+)?\s*:"
        r"|" + _LEAD + r"(?:message|text|note|e-?mail|update|post|news|dm|reply)\s+from\s+" + _WHO
        # ("Message from Tom, pasted here: …")
        + r"(?:\s*,\s*(?:pasted|copied|forwarded|quoted|verbatim|as\s+(?:is|sent)|below|here|in\s+full)\b[^:\n]{0,20})?\s*:",
        ("forwarding this from Tom: I joined Google.", "quoting Ben: I work at Google", "Message from Ana: I moved to Rome.",
         "Message from Tom, pasted here: I live in Porto now and work at Globex."),
    ),
    (
        "someone else's document pasted",
        # "Pasting the CV of the candidate for my notes: …" (not "Pasting my CV: …": one's own);
        # a CV's or a résumé's heading: its "I" is the one it is about
        _LEAD + r"(?:pasting|pasted|copying|copied|attaching|attached|saving|filing)\s+(?:in\s+|here\s+|below\s+)?"
        r"(?:the|a|an|this|that|his|her|their|(?!my\b|our\b)\w+['’]s)\s+(?:[\w-]+\s+){0,2}?(?:cv|r[ée]sum[ée]|bio|profile"
        r"|cover\s+letter|letter|e-?mail|message|text|statement|application|post|reply|answers?|questionnaire|form)\b[^:\n]{0,60}:"
        r"|(?:^|\n)[ \t]*(?:curriculum\s+vitae|r[ée]sum[ée]|cv)[ \t]*\n",
        ("Pasting the CV of the candidate for my notes:\n\nCURRICULUM VITAE\nName: Elena Marsh\nI live in Paris.",
         "Pasting Tom's cover letter: I have worked at Acme since 2019.",
         "RÉSUMÉ\nName: Elena Marsh, I live in Paris."),
    ),
    (
        "someone's words after a verb of saying and a colon",
        _LEAD + _WHO + r"\s+(?:just\s+)?(?:texted|messaged|wrote|e-?mailed|dm['’]?e?d|posted|tweeted|said|says|replied|commented"
        r"|announced|shared|put|updated|told|tells)(?:\s+(?:me|us|back|this|that|to\s+(?:me|us)|on\s+\w+|in\s+(?:the\s+)?\w+(?:\s+\w+)?)){0,3}\s*:",
        ("Tom texted me: I moved to Oslo!", "Ben posted on LinkedIn: I joined Google!", "my sister wrote: I live in Lyon now",
         "Tom told me: I live in Porto now."),
    ),
    (
        "someone's words in quotation marks with a first person, anywhere in the turn",
        # ('Tom said, "I live in Porto now."', '"I joined Globex," my sister told me.'): the quote's "I"
        # is the one who says it; not one's own ('I told him: "I moved."', 'Tom said "hi".')
        _SAID + r"\s*[,:]?\s*" + _QUOTE_OPEN + r"(?=" + _FIRST + r")"
        + r"|[\"“„«](?=" + _FIRST + r")[^\"”»\n]{1,300}[\"”»]\s*,?\s*(?:" + _SAYER + r"\s+" + _SAYING
        + r"|" + _SAYING + r"\s+" + _SAYER + r")\b",
        ('Tom said, "I live in Porto now and work at Globex."', 'Met Tom today. He told me, “I moved to Porto.”',
         '"I joined Globex last week," my sister told me.', "The nurse said: 'I work nights now.'"),
    ),
    (
        "someone's post or status",
        _LEAD + _WHO + r"['’]s\s+(?:new\s+|latest\s+)?(?:status|post|tweet|message|text|story|update|bio|caption|e-?mail|reply"
        r"|comment|announcement)(?:\s+(?:on|in)\s+\w+)?\s*:",
        ("Ben's status: I moved to Oslo", "Tom's latest post on Instagram: I joined Google"),
    ),
    (
        "someone's words reported with like or goes",
        # (not "Hi all, …": a greeting)
        _LEAD + _WHO + r"(?:['’]s|\s+is|\s+was|\s+were)\s+(?:like|all|all\s+like|going)\s*[,:]\s*(?=\w)"
        r"|" + _LEAD + _WHO + r"\s+goes\s*[,:]\s*(?=\w)",
        ("and Ben's like, I work at Google now, lol", "Tom was like: I moved to Oslo", "and Kim goes, I quit Acme"),
    ),
    (
        "someone's words in Chinese after a colon",
        # (not 我想说：…, 我们说：…: one's own words)
        r"^\s*(?![我咱])([\u4e00-\u9fff]{2,3})(?<![想要再先就也还都又])(?:(?:给我|跟我|对我)?(?:发消息|发微信|发短信|留言|发帖|发朋友圈|回复)(?:说)?|说)\s*[：:]",
        ("小王发消息说：我入职字节了", "小王说：我搬到上海了"),
    ),
)

#: turns in the speaker's own words, which must not be flagged
NOT_FORWARDED: tuple[str, ...] = (
    "I joined Google last month.",
    "I texted Tom: I moved to Oslo!",
    "Update: I joined Google.",
    "Tom texted me, so I moved to Oslo.",
    "FYI I joined Google.",
    "News: I moved to Oslo!",
    "Like, I work at Google now.",
    "我说：我搬到上海了",
    "我想说：我搬到上海了",
    "Tom went, I stayed in Rome.",
    "Ben's like my brother, I moved in with him.",
    "Hi all, I moved to Utrecht.",
    "Hey all: I joined Google!",
    "Pasting my CV: I live in Paris and work at Banco Sol.",
    "Message from Tom, so I moved to Oslo.",
    'I told Tom, "I moved to Porto."',
    'Tom said "hi" and I moved to Porto.',
    "I'm at Tom's, I moved in last week.",
    'Tom said, "you should move to Porto."',
)

_FORWARDED = lazy_pattern("|".join(f"(?:{regex})" for _, regex, _ in FORWARD_TABLE), re.IGNORECASE)
_SPOKEN = lazy_pattern(next(regex for name, regex, _ in FORWARD_TABLE if name.startswith("someone's words in quotation")), re.IGNORECASE)
_QUOTE_MARK = lazy_pattern(r"[\"“„«‘']")


def forwarded(text: str) -> bool:
    """Whether the turn ``text`` opens by forwarding or quoting someone else's message (see
    :data:`FORWARD_TABLE`): its "I" is not the speaker."""
    if _QUOTE_MARK.search(text) and _SPOKEN.search(text):
        return True  # (someone's words in quotation marks: anywhere in the turn)
    head = text[:400]  # (a frame opens the turn: every row needs a colon or a comma)
    if ":" not in head and "：" not in head and "," not in head:
        return False
    return _FORWARDED.search(head) is not None

