"""Chat turns that take themselves back as a joke or say the opposite in sarcasm.

"I moved to Paris... just kidding!", "jk I moved to Paris", "I moved to Paris (jk)", "April
fools!", "我搬到巴黎了，开玩笑的", "骗你的", and a sarcastic retort ("sure, and I'm the CEO of
Google", "yeah right, and I live in Buckingham Palace", "oh yes, and I moved to Hogwarts 🙄"):
nothing such a turn says holds, in any of its sentences, so the relation layer states nothing of
it (precision before recall). A retort also puts nothing in doubt (the true fact stays current);
a joke's marker may take back only the words before it, so a change the turn tells still leaves
the old fact unsure (:func:`retort`). A turn that
only opens with "jk" or 骗你的 may still name the value it restores ("jk, still in Hangzhou":
:mod:`..lone_corrections`), which reads no pattern.

Each row is a table row (name, regex, turns it must flag); ``tests/unit/test_relations_round48_g.py``
runs every example and the counter-examples in :data:`NOT_JOKING`.
"""

from __future__ import annotations

import re

from ..lazy_regex import lazy_pattern

__all__ = ["JOKE_TABLE", "NOT_JOKING", "joking", "retort"]

# what may follow a joke's marker at the end of a turn: punctuation, laughter, a winking emoji
_TAIL = r"(?:\s*(?:[.!…~,;:)\-—–]|\b(?:lol|lmao|haha+|hehe+|xd)\b|[\U0001F600-\U0001F64F\U0001F900-\U0001F9FF]))*\s*$"
# not "no kidding", "not joking", "you're kidding", "are u kidding": those say it is true, or ask
_NOT_DENIED = r"(?<!\bno\s)(?<!\bnot\s)(?<!n['’]t\s)(?<!\byou\s)(?<!['’]re\s)(?<!\bu\s)(?<!\bur\s)"
_KIDDING = r"(?:(?:i['’]?m\s+|i\s+am\s+)?(?:just\s+|only\s+)?(?:kidding|joking|jking)|jk|j/k)"

#: (name, regex, turns it must flag)
JOKE_TABLE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "a joke taken back at the end",
        r"(?:^|[\s.,;:!?…(\-—–])" + _NOT_DENIED + r"(?:" + _KIDDING + r"|not\s+really|april\s+fool(?:s|['’]s?)?)" + _TAIL,
        ("I moved to Paris... just kidding!", "I moved to Paris lol not really", "I moved to Paris, kidding",
         "I moved to Paris. April fools!", "I joined Google jk 😂", "Tom moved to Oslo. Joking!"),
    ),
    (
        "a joke flagged in brackets",
        r"\(\s*(?:" + _KIDDING + r"|not\s+really|lol\s+no)\s*\)",
        ("I moved to Paris (jk)", "I joined Google (just kidding) and love it"),
    ),
    (
        "a turn that opens with its joke",
        # (not "JK Rowling moved to Edinburgh": a name)
        r"^\s*(?:(?:jk|j/k)(?=\s*[,.!:;\-—–]|\s+(?-i:[a-z]|I\b))|just\s+kidding\b|(?:i['’]?m\s+)?(?:just\s+)?kidding\b(?!\s+(?:me|aside)\b))"
        r"|^\s*april\s+fool(?:s|['’]s?)?\s*[!,.:]",
        ("jk I moved to Paris", "Just kidding, I moved to Paris.", "April fools! I moved to Paris."),
    ),
    (
        "a Chinese joke taken back",
        # (not 不是开玩笑的, 没骗你的: it is true; not 开玩笑的吧: a question)
        r"(?<![不没])(?<!没有)(?<!不是)(?:开(?:个|了个)?玩笑(?:的|啦|呢|而已|哈)|骗你(?:们)?(?:玩)?的|逗你(?:们)?(?:玩)?的"
        r"|骗你(?:们)?(?:玩)?(?:啦|呢)|愚人节快乐)(?![吧吗么?？])",
        ("我搬到巴黎了，开玩笑的", "我搬到巴黎了哈哈，骗你的", "逗你玩的，我入职腾讯了", "我跳槽去阿里了，愚人节快乐！"),
    ),
    (
        "retort: a sarcastic retort",
        # "sure, and I'm the CEO of Google": a leading "sure / yeah right / of course, and I …"
        r"^\s*(?:(?:oh|ah|well)[,!]?\s+)?(?:sure+|yeah\s+right|right|of\s+course|totally|riiight)\s*[,!.…]*\s*"
        r"(?:and|&)\s+(?:i\b|i['’]|my\b|me\b)",
        ("sure, and I'm the CEO of Google", "yeah right, and I live in Buckingham Palace", "sure, and I work at NASA",
         "Of course, and my husband is Brad Pitt."),
    ),
    (
        "retort: a retort with an eye roll",
        # "yeah and I work at NASA 🙄": a weaker "yeah / oh yes, and I …" with 🙄, 😒, 🙃 or "/s"
        r"^\s*(?:(?:oh|ah|well)[,!]?\s+)?(?:yeah|yes|yep|yup|uh[\s-]huh|oh\s+yeah)\s*[,!.…]*\s*(?:and|&)\s+(?:i\b|i['’]|my\b)"
        r"(?=.*(?:[\U0001F644\U0001F612\U0001F643\U0001F60F]|(?:^|\s)/s\b))",
        ("yeah and I work at NASA 🙄", "oh yes, and I moved to Hogwarts 🙄", "yeah, and my boss is the Pope /s"),
    ),
    (
        "a sarcasm tag",
        r"(?:^|\s)/s\s*$|#sarcasm\b",
        ("I love working at Acme /s", "Moved to Slough, living the dream #sarcasm"),
    ),
)

#: turns that state something and must not be flagged
NOT_JOKING: tuple[str, ...] = (
    "I moved to Paris, no kidding!",
    "I'm not kidding, I moved to Paris.",
    "You're kidding! I moved to Paris too.",
    "JK Rowling moved to Edinburgh.",
    "We moved to Paris on April Fools' Day.",
    "Yeah, and I moved to Paris last month.",
    "我不是开玩笑的，我搬到巴黎了。",
    "你开玩笑的吧？",
    "I joined Google and I'm not really sure about it yet but it's fine.",
    "Sure, I work at Acme.",
    "Kidding aside, I moved to Paris.",
)

_JOKING = lazy_pattern("|".join(f"(?:{regex})" for _, regex, _ in JOKE_TABLE), re.IGNORECASE | re.DOTALL)
_RETORT = lazy_pattern("|".join(f"(?:{regex})" for name, regex, _ in JOKE_TABLE if name.startswith("retort:")),
                       re.IGNORECASE | re.DOTALL)
# the words one of the rows needs (most turns hold none: no regex search)
_WORDS = ("kid", "jok", "jk", "j/k", "really", "fool", "no)", "玩笑", "骗你", "逗你", "愚人节", "and", "&", "/s", "sarcasm")


def joking(text: str) -> bool:
    """Whether the turn ``text`` takes itself back as a joke or is a sarcastic retort (see
    :data:`JOKE_TABLE`): nothing it says holds."""
    folded = text.casefold()
    if not any(w in folded for w in _WORDS):
        return False
    return _JOKING.search(text) is not None


def retort(text: str) -> bool:
    """Whether the turn ``text`` is a sarcastic retort ("sure, and I'm the CEO of Google"): it
    also ends nothing. A joke taken back may take back only its last words ("first week at McGill
    done after the transfer from UofT, way less snow than i expected jk"), so the change it tells
    still puts the old fact in doubt."""
    return ("and" in text.casefold() or "&" in text) and _RETORT.search(text) is not None
