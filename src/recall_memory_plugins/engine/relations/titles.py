"""A title with a surname is one mention of a person: "Ms Ortega", "Dr. Park", 周女士, 陈先生.

Support notes, letters and announcements name a person in full once and then by title and
surname. The annotator tags "Ms" and "Ortega" apart (or, in Chinese, leaves 周女士 untagged), so
the old fact's person was never found in the later note and a stale fact stayed current.
:func:`join_titles` makes one mention of the two; :meth:`.entities.EntityBook.resolve` links
it to the one salient person of that surname (and the title's gender).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ...nlp.base import Annotation
from .coref import Referent
from .lexicon import TITLES, gender_of
from .names import is_cjk
from .schema import OTHER, PERSON, Gender, Mention

__all__ = ["ZH_TITLED", "join_titles", "zh_title_gender"]

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
        gender = zh_title_gender(hit.group())
        added.append(
            Mention(hit.group(), hit.start(), hit.end(), sentence, "name", type=PERSON,
                    gender=gender)
        )  # fmt: skip
    return sorted(out + added, key=lambda m: m.start) if added else out
