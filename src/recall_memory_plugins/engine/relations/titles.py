"""A title with a surname is one mention of a person: "Ms Ortega", "Dr. Park", 周女士, 陈先生.

Support notes, letters and announcements name a person in full once and then by title and
surname. The annotator tags "Ms" and "Ortega" apart (or, in Chinese, leaves 周女士 untagged), so
the old fact's person was never found in the later note and a stale fact stayed current.
:func:`join_titles` makes one mention of the two; :meth:`.entities.EntityBook.resolve` links
it to the one salient person of that surname (and the title's gender).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from ...nlp.base import Annotation
from ...stores.base import GraphStore
from .coref import Referent
from .gates import solid_end, solid_start
from .lexicon import TITLES, gender_of
from .names import clean_name, is_cjk
from .schema import OTHER, PERSON, Gender, Mention
from .shared_names import held_apart

__all__ = ["ZH_TITLED", "join_titles", "named_apart", "zh_title_gender"]

_ZH_TITLES = "先生|女士|小姐|太太|老师|主管|经理|总监|医生|教练|主任|教授|律师|师傅|姐|哥|总|工(?![作厂程人资业具期地友])"
#: a surname with a title (周女士, 王总) or a familiar prefix (小孙, 老马): surname, title
ZH_TITLED = re.compile(f"(.{{1,2}}?)({_ZH_TITLES})|([小老])(.)")


def zh_title_gender(title: str) -> Gender | None:
    """The gender a Chinese title or familiar form tells (先生 m, 姐 f, 老师 none)."""
    if title.endswith(("先生", "哥")):
        return "m"
    return "f" if title.endswith(("女士", "小姐", "太太", "姐")) else None
_GAP = re.compile(r"\.?\s{1,2}")
_OF_THE = re.compile(r" of (?:the )?")


def _zh_surnames(referents: Iterable[Referent]) -> set[str]:
    return {
        r.name[0]
        for r in referents
        if r.type in (PERSON, None) and 2 <= len(r.name) <= 3 and is_cjk(r.name)
    }


def join_titles(
    annotation: Annotation, mentions: Sequence[Mention], referents: Iterable[Referent]
) -> list[Mention]:
    """``mentions`` with each title + surname pair joined, and Chinese surname + title spans
    (周女士) added for the surnames of ``referents`` (the salient entities)."""
    text = annotation.text
    out: list[Mention] = []
    skip = False
    for i, m in enumerate(mentions):
        if skip:
            skip = False
            continue
        nxt = mentions[i + 1] if i + 1 < len(mentions) else None
        if (
            nxt is not None
            and m.kind == "name"
            and nxt.kind == "name"
            and m.sentence == nxt.sentence
            and m.text.rstrip(".").lower() in TITLES
            and _GAP.fullmatch(text[m.end : nxt.start]) is not None
            and nxt.text[:1].isupper()
        ):
            out.append(
                replace(m, text=text[m.start : nxt.end], end=nxt.end, type=PERSON,
                        gender=gender_of(m.text))
            )  # fmt: skip
            skip = True
            continue
        if (
            nxt is not None
            and m.kind == "name"
            and nxt.kind == "name"
            and m.sentence == nxt.sentence
            and m.type in (None, OTHER)
            and nxt.type in (None, OTHER)
            and _OF_THE.fullmatch(text[m.end : nxt.start]) is not None
        ):  # a title: "Lord of the Rings", "Pirates of the Caribbean" (one thing, not two names)
            out.append(replace(m, text=text[m.start : nxt.end], end=nxt.end, type=OTHER))
            skip = True
            continue
        out.append(m)
    if not is_cjk(text[:200]):
        return out
    surnames = _zh_surnames(referents)
    if not surnames:
        return out
    taken = [(m.start, m.end) for m in out]
    names = "|".join(map(re.escape, sorted(surnames)))
    pattern = re.compile(f"(?:{names})(?:{_ZH_TITLES})|[小老](?:{names})")  # 周女士, 韩姐, 小孙
    added = []
    for hit in pattern.finditer(text):
        if any(a < hit.end() and hit.start() < b for a, b in taken):
            continue
        sentence = next(
            (k for k, sent in enumerate(annotation.sentences) if sent.end_char >= hit.end()), 0
        )
        gender = zh_title_gender(hit.group()) or _kin_gender(text, hit.start(), hit.end())
        added.append(
            Mention(hit.group(), hit.start(), hit.end(), sentence, "name", type=PERSON,
                    gender=gender)
        )  # fmt: skip
    return sorted(out + added, key=lambda m: m.start) if added else out


# a relative or a person of one's circle, named after the one they belong to: "张伟的爸爸老张",
# "Ana Ortega's mother Mrs Ortega" (another person, whoever shares the surname)
_ZH_KIN = (
    r"(?:爸爸|老爸|爸|父亲|妈妈|老妈|妈|母亲|哥哥|哥|弟弟|弟|姐姐|姐|妹妹|妹|儿子|女儿|丈夫|老公|妻子|老婆|爱人"
    r"|爷爷|奶奶|外公|外婆|姥姥|姥爷|叔叔|伯伯|伯父|舅舅|姑姑|阿姨|姨妈|婶婶|岳父|岳母|公公|婆婆|[表堂][哥姐弟妹]"
    r"|侄子|侄女|外甥|孙子|孙女|亲戚|同事|朋友|好友|室友|同学|邻居|领导|老板|上司|下属|助理|师傅|徒弟|男朋友|女朋友|对象"
    r"|前妻|前夫)"
)
_EN_KIN = (
    r"(?:mother|mum|mom|father|dad|brother|sister|son|daughter|husband|wife|uncle|aunt|cousin|nephew|niece"
    r"|grand(?:mother|father|ma|pa|son|daughter)|(?:mother|father|brother|sister)-in-law|colleague|friend"
    r"|neighbou?r|boss|manager|partner)"
)
# between the owner and the other person: 的爸爸(是|叫)?, "'s mother", "'s mother is"
_OWNER_KIN = re.compile(r"的" + _ZH_KIN + r"(?:是|叫|，)?|['’]s\s+" + _EN_KIN + r"(?:\s*,\s*|\s+(?:is\s+|was\s+)?)", re.IGNORECASE)
# between the other person and the owner: 老张是(张伟的爸爸), "Mrs Ortega is (Ana's mother)"
_IS_KIN = re.compile(r"(?:就|也)?是|\s*,?\s+(?:is|was)\s+|\s*[,，]\s*", re.IGNORECASE)  # (or in commas: "Mrs Ortega, Ana's mother,")
_KIN_AFTER = re.compile(r"的" + _ZH_KIN + r"|['’]s\s+" + _EN_KIN + r"\b", re.IGNORECASE)
_KIN_SOLID = 40  # the most characters but white space a match of _OWNER_KIN or _IS_KIN holds


def named_apart(text: str, mentions: Sequence[Mention], *, store: GraphStore | None = None,
                namespace: str = "") -> Mapping[str, frozenset[str]]:
    """Titled or familiar names (老张, "Mrs Ortega") the text says belong to another person
    (:data:`_ZH_KIN`: "张伟的爸爸老张", "老张是张伟的爸爸"), with the names of those persons: the
    name is not theirs (:meth:`.entities.EntityBook.resolve` leaves them out), whatever the
    surname says. Case-folded names. With ``store``, also a shared first name's people who do not
    hold the value its sentence names (:func:`.shared_names.held_apart`)."""
    names = [m for m in mentions if m.kind == "name"]
    out: dict[str, set[str]] = {k: set(v) for k, v in held_apart(store, namespace, mentions).items()} if store else {}
    titled = [m for m in names if ZH_TITLED.fullmatch(m.text) or m.text.split()[0].rstrip(".").lower() in TITLES]
    by_end, by_start = sorted(names, key=lambda p: p.end), sorted(names, key=lambda p: p.start)
    ends, starts = [p.end for p in by_end], [p.start for p in by_start]
    for m in titled:
        # (the other name ends in the few words before, or starts in the few after: not any name of the sentence)
        near = by_end[bisect_left(ends, solid_start(text, m.start, _KIN_SOLID)) : bisect_right(ends, m.start)] \
            + by_start[bisect_left(starts, m.end) : bisect_right(starts, solid_end(text, m.end, _KIN_SOLID))]
        for p in near:
            if p is m or p.sentence != m.sentence:
                continue
            if (p.end <= m.start and _OWNER_KIN.fullmatch(text, p.end, m.start)) or (
                m.end <= p.start and _IS_KIN.fullmatch(text, m.end, p.start) and _KIN_AFTER.match(text, p.end)
            ):
                out.setdefault(clean_name(m.text).casefold(), set()).add(p.text)
    return {k: frozenset(v) for k, v in out.items()}


_ZH_MALE_KIN = re.compile(r"(?:爸爸|老爸|爸|父亲|哥哥|哥|弟弟|弟|儿子|丈夫|老公|爷爷|外公|姥爷|叔叔|伯伯|伯父|舅舅|岳父|公公"
                          r"|[表堂][哥弟]|侄子|外甥|孙子|男朋友|前夫)$")
_ZH_FEMALE_KIN = re.compile(r"(?:妈妈|老妈|妈|母亲|姐姐|姐|妹妹|妹|女儿|妻子|老婆|奶奶|外婆|姥姥|姑姑|阿姨|姨妈|婶婶|岳母|婆婆"
                            r"|[表堂][姐妹]|侄女|孙女|女朋友|前妻)$")
_ZH_KIN_BEFORE = re.compile(r"的(" + _ZH_KIN + r")(?:是|叫)?$")
_ZH_KIN_AFTER = re.compile(r"(?:就|也)?是[\u4e00-\u9fff]{2,4}?的(" + _ZH_KIN + ")")


def _kin_gender(text: str, start: int, end: int) -> Gender | None:
    """The gender a Chinese kin term says of the name at ``start:end`` ("张伟的爸爸老张",
    "老张是张伟的爸爸": a man)."""
    kin = _ZH_KIN_BEFORE.search(text, max(0, start - 8), start) or _ZH_KIN_AFTER.match(text, end)
    if kin is None:
        return None
    word = kin.group(1)
    return "m" if _ZH_MALE_KIN.search(word) else "f" if _ZH_FEMALE_KIN.search(word) else None
