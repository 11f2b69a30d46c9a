"""Names as text: the canonical form of a name, its short variants, whether text is CJK, and the
character offsets of a sentence's tokens. Shared by mention detection, entity resolution and the
pattern tables; pure functions."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ...nlp import chinese_places
from ...nlp.base import Annotation, Sentence, Token
from ..periods import MONTHS
from .lazy_regex import lazy_pattern
from .lexicon import PROJECT_WORDS, ROLE_TITLES, TITLES, ZH_ORG_SUFFIXES, gender_of
from .schema import ORG, OTHER, PERSON

__all__ = ["PLACES_TOO", "after_month", "clean_name", "full_person_name", "is_cjk", "name_variants", "token_offsets"]

_CJK = lazy_pattern(r"[\u3400-\u9fff\uf900-\ufaff]")
_EDGE_PUNCT = " \t\r\n'\"‘’“”「」『』《》()[]{}.,;:!?，。；：！？、"
_POSSESSIVE = lazy_pattern(r"(?:'s|’s|')$")


# first names that are also places: a mention typed as a place is the place ("Florence")
PLACES_TOO = frozenset(
    "florence victoria charlotte madison sofia jordan georgia adelaide sydney chelsea austin paris"
    " savannah india regina helena lincoln eugene orlando santiago marion camden denver dallas"
    " phoenix lourdes valencia alexandria trinidad".split()
)


# last words of a place named after a person ("Victoria Station", "Marco Polo Airport")
_PLACE_HEADS = frozenset(
    "street st road rd avenue ave lane station airport park square island lake bay hill hills city"
    " bridge beach bridge valley mountain mount river county district centre center hall".split()
)


def full_person_name(name: str) -> bool:
    """Whether a name is a first and a last name ("Marco Bianchi"), not a place named after one."""
    words = name.split()
    return (
        len(words) in (2, 3) and not is_cjk(name) and gender_of(words[0]) is not None
        and words[0].casefold() not in PLACES_TOO and words[-1].casefold() not in _PLACE_HEADS
        and all(w[:1].isupper() for w in words)
    )


def is_cjk(text: str) -> bool:
    """Whether ``text`` contains a CJK character.

    Called for every token of a text: ASCII text and text opening with a Han character are
    answered without the regular expression.
    """
    if text.isascii():
        return False
    if "\u4e00" <= text[0] <= "\u9fff":
        return True
    return _CJK.search(text) is not None


# a chat's sentence-final particle is no part of a name: 入职字节跳动啦 -> 字节跳动
_ZH_PARTICLE_LAST = lazy_pattern(r"(?<=[\u4e00-\u9fff]{2})(?:啦|啊|呀|哦|喔|嘛|呢|咯|喽|噢|哟|哈)+$")
# (and a conjunction that opens a clause: 结果计划取消了 -> 计划)
_ZH_ADVERB_FIRST = lazy_pattern(r"^(?:还是|就是|也是|都是|仍是|仍然是|依然是|还有|结果|但是|可是|不过|然后|所以|于是|因此|而且)(?=[\u4e00-\u9fff]{2})")
_ZH_DEPARTMENT = lazy_pattern(
    r"(?<=[\u4e00-\u9fff]{2})(?:市场|数据|技术|研发|人事|人力资源|财务|销售|产品|运营|法务|设计|客服|行政|公关)(?:部(?:门)?|组)$"
)
_ZH_JOB_TITLE = lazy_pattern(
    r"^(?:新任|新来的|现任|原)?[\u4e00-\u9fff]{0,6}?"  # 新任市场部总监吴凡, 新来的总监邓欣
    r"(?:CEO|CTO|CFO|COO|CMO|CIO|SVP|EVP|VP|HRBP|HR|PM|GM|首席[\u4e00-\u9fff]{1,4}?官|副总裁|总裁|副总经理|总经理|董事长|总监|经理|主管"
    r"|主任|院长|校长|教授|继任者|接班人|接任者|上司|领导|老板)"  # (他的继任者朱琳: 朱琳)
    r"(?=[\u4e00-\u9fff]{2,3}$)"
)


@lru_cache(maxsize=65536)
def clean_name(text: str) -> str:
    """The canonical form of a name: no quotes, no leading "the", no possessive, no "项目" after
    "计划" (星火计划项目 -> 星火计划). Memoised: the same names come back in every text."""
    name = " ".join(text.strip(_EDGE_PUNCT).split())
    name = _POSSESSIVE.sub("", name).strip(_EDGE_PUNCT)
    if name.lower().startswith("the ") and len(name) > 4:
        name = name[4:].strip()
    name = _ZH_JOB_TITLE.sub("", name)  # CEO冯志远, 副总裁白建华: the person, not the post
    name = _ZH_DEPARTMENT.sub("", name)  # 网易市场部: the employer is 网易
    name = _ZH_ADVERB_FIRST.sub("", name)  # 最爱还是川菜: 川菜
    name = _ZH_PARTICLE_LAST.sub("", name)
    head, _, rest = name.partition(" ")  # "Ms. Maya Goldberg" is Maya Goldberg ("Ms Ortega" stays)
    if (head.lower() in TITLES or head.lower() in ROLE_TITLES) and len(rest.split()) >= 2 and rest[:1].isupper():
        name = rest  # ("Chef Rafael Mendes" is Rafael Mendes)
    for suffix in ("项目",):
        stem = name[: -len(suffix)]
        if name.endswith(suffix) and len(stem) >= 2 and stem.endswith(("计划", "工程", "行动")):
            name = stem
    return name


def name_variants(name: str, type_: str | None) -> list[str]:
    """Short forms a new entity is also known by: "Alice" for "Alice Moreau" (a person's first
    name), "Spark" for "Project Spark"."""
    words = name.split()
    out: list[str] = []
    if len(words) >= 2 and not is_cjk(name) and type_ in (PERSON, None) \
            and (words[0].lower() in TITLES or words[0].lower().rstrip(".") in ROLE_TITLES):
        # "Kelly" for "Nurse Kelly", "Hale" for "Mr Hale" (a speaker named with a title): the
        # same person, never the title ("Nurse")
        out.append(" ".join(words[1:]))
        out.extend(name_variants(" ".join(words[1:]), type_) if len(words) > 2 else ())
    elif len(words) >= 2 and not is_cjk(name):
        if words[0].lower() not in TITLES and (
            type_ == PERSON or (type_ in (None, OTHER) and gender_of(words[0]) is not None)
        ):  # "Kwame" for "Kwame Asante", typed or not
            out.append(words[0])
        elif words[0].lower() in PROJECT_WORDS:
            out.append(" ".join(words[1:]))
        elif words[-1].lower() in PROJECT_WORDS or words[-1].lower() == "team":
            out.append(" ".join(words[:-1]))  # "Atlas" for "Atlas project", "Payments team"
    elif is_cjk(name) and type_ not in (PERSON,) and name.endswith(("项目", "计划", "工程")):
        out.append(name[:-2])  # 星火 for 星火项目, as "Spark" for "Project Spark"
    elif is_cjk(name) and type_ == PERSON and len(name) in (2, 3):
        if len(name) == 3:
            out.append(name[1:])  # 雨桐 for 赵雨桐: family and friends say the given name
        out.append(name[-1] * 2)  # 浩浩 for 孙浩, 桐桐 for 赵雨桐: the family's doubled name
    elif is_cjk(name) and len(name) == 4 and name.endswith("大学"):
        out.append(name[0] + "大")  # 北大 for 北京大学, 浙大 for 浙江大学
        if name[:2] not in chinese_places():
            out.append(name[:2])  # 复旦 for 复旦大学, 清华 for 清华大学 (not 浙江 for 浙江大学: a place)
    elif is_cjk(name) and type_ == ORG and len(name) == 4 and not name.endswith(ZH_ORG_SUFFIXES):
        out.append(name[:2])  # 阿里 for 阿里巴巴, 字节 for 字节跳动
    return [v for v in out if len(v) >= 2 and v.lower() != name.lower()]


def token_offsets(annotation: Annotation, sentence: Sentence) -> list[tuple[int, int]]:
    """Character offsets of the sentence's tokens, recomputed when the annotator left them out."""
    text = annotation.text
    size = len(text)
    out: list[tuple[int, int]] = []
    cursor = sentence.start_char
    for tok in sentence.tokens:
        start, end = tok.start_char, tok.end_char
        word = tok.text
        # text[start:end] == word, without copying the slice
        if not (
            0 <= start < end <= size and end - start == len(word) and text.startswith(word, start)
        ):
            found = text.find(word, cursor)
            if found < 0:
                start, end = cursor, cursor
            else:
                start, end = found, found + len(word)
        out.append((start, end))
        if end > cursor:
            cursor = end
    return out


# a date's month is no part of the name after it: "since the 1st of May Chiara Lombardi reports to …"
_BEFORE_A_MONTH = frozenset("of in on since from until till by".split())


def after_month(toks: Sequence[Token], i: int, j: int) -> int:
    """Where a name span ``toks[i:j]`` starts once a month name that ends a date is left out."""
    if j - i >= 2 and toks[i].text.lower() in MONTHS and toks[i].text[:1].isupper() and i > 0 \
            and (toks[i - 1].text.lower() in _BEFORE_A_MONTH or toks[i - 1].text[:1].isdigit()):
        return i + 1
    return i
