"""Small word lists used by mention detection and coreference (English and Chinese).

They are deliberately short: they give cues (gender of a first name, the type of "the project"),
never identities. Identity always comes from exact names and aliases.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal, cast

from .first_names import MORE_FEMALE_NAMES, MORE_MALE_NAMES, ZH_FEMALE_CHARS, ZH_MALE_CHARS
from .schema import Gender

__all__ = [
    "DEFINITE_NOUNS",
    "FEMALE_NAMES",
    "KIN",
    "KIN_OF",
    "MALE_NAMES",
    "ORG_SUFFIXES",
    "POSSESSIVE_DETERMINERS",
    "POSSESSOR",
    "PRONOUNS",
    "gender_of",
    "kin_gender",
]

MALE_NAMES = frozenset(
    """
    aaron adam adrian ahmed aiden alan albert alex alexander alfred ali andrew andy anthony arthur
    ben benjamin bill billy bob bobby brad bradley brandon brian bruce bryan caleb calvin carl
    carlos charles charlie chris christian christopher colin connor craig dan daniel danny dave
    david dennis derek dominic donald douglas dylan ed eddie edward eric ethan evan frank fred
    gabriel gary george gordon greg gregory harry henry hugo ian isaac jack jacob jake james jason
    jeff jeffrey jeremy jerry jim jimmy joe joel john johnny jon jonathan jordan jose joseph josh
    joshua juan justin keith ken kenneth kevin kyle larry leo leon liam logan louis lucas luke
    marcus mark martin matt matthew max michael mike mohamed mohammed muhammad nathan neil nicholas
    nick noah oliver omar oscar owen patrick paul peter philip phil ralph raymond richard rick
    robert roger ron ronald ross ryan sam samuel scott sean sebastian simon stephen steve steven
    ted thomas tim timothy todd tom tommy tony travis tyler victor vincent walter wayne will
    william zach zachary
    """.split()
)

FEMALE_NAMES = frozenset(
    """
    abby abigail alice alicia alexandra allison amanda amber amelia amy andrea angela anna anne
    annie ashley audrey ava barbara beatrice betty beth bella brenda brittany camila carla carmen
    carol caroline catherine charlotte chloe christina christine claire clara cynthia daisy diana
    diane donna dorothy elena eleanor elizabeth ella ellen emily emma erin eva evelyn fatima fiona
    florence grace hannah harper heather helen isabel isabella jane janet jasmine jean jennifer
    jenny jessica jill joan joanna julia julie karen kate katherine kathy katie kelly kim kimberly
    laura lauren leah lily linda lisa lucy lydia madison maria marie martha mary megan melanie
    melissa mia michelle mila monica nancy natalie nicole nina olivia paige pamela patricia paula
    penny rachel rebecca rose ruby ruth sandra sara sarah sofia sophia sophie stephanie susan
    teresa tina vanessa victoria wendy zoe
    """.split()
)

#: Pronouns: surface (lower case) -> (grammatical person, gender m/f/n or None, plural).
PRONOUNS: Mapping[str, tuple[int, Gender | None, bool]] = {
    "i": (1, None, False),
    "me": (1, None, False),
    "my": (1, None, False),
    "mine": (1, None, False),
    "myself": (1, None, False),
    "we": (1, None, True),
    "us": (1, None, True),
    "our": (1, None, True),
    "ours": (1, None, True),
    "you": (2, None, False),
    "your": (2, None, False),
    "yours": (2, None, False),
    "he": (3, "m", False),
    "him": (3, "m", False),
    "his": (3, "m", False),
    "himself": (3, "m", False),
    "she": (3, "f", False),
    "her": (3, "f", False),
    "hers": (3, "f", False),
    "herself": (3, "f", False),
    "it": (3, "n", False),
    "its": (3, "n", False),
    "itself": (3, "n", False),
    "they": (3, None, True),
    "them": (3, None, True),
    "their": (3, None, True),
    "theirs": (3, None, True),
    "themselves": (3, None, True),
    "我": (1, None, False),
    "我们": (1, None, True),
    "咱们": (1, None, True),
    "你": (2, None, False),
    "您": (2, None, False),
    "你们": (2, None, True),
    "他": (3, "m", False),
    "她": (3, "f", False),
    "它": (3, "n", False),
    "他们": (3, None, True),
    "她们": (3, None, True),
    "他俩": (3, None, True),  # the two of them: a couple, a pair named before
    "她俩": (3, None, True),
    "他们俩": (3, None, True),
    "她们俩": (3, None, True),
    "两个人": (3, None, True),  # (two tokens: 两个 + 人) "两个人都跳槽了": the two named before
    "两人": (3, None, True),
    "俩人": (3, None, True),
    "二人": (3, None, True),
    "它们": (3, "n", True),
}

#: Head nouns of definite descriptions ("the project", "这个项目") -> the entity type they denote.
DEFINITE_NOUNS: Mapping[str, str] = {
    "project": "PROJECT",
    "initiative": "PROJECT",
    "program": "PROJECT",
    "programme": "PROJECT",
    "company": "ORG",
    "firm": "ORG",
    "startup": "ORG",
    "team": "ORG",
    "department": "ORG",
    "organisation": "ORG",
    "organization": "ORG",
    "employer": "ORG",
    "business": "ORG",
    "city": "LOCATION",
    "town": "LOCATION",
    "country": "LOCATION",
    "product": "PRODUCT",
    "app": "PRODUCT",
    "tool": "PRODUCT",
    "项目": "PROJECT",
    "计划": "PROJECT",
    "工程": "PROJECT",
    "公司": "ORG",
    "部门": "ORG",
    "团队": "ORG",
    "企业": "ORG",
    "单位": "ORG",
    "城市": "LOCATION",
    "地方": "LOCATION",
    "产品": "PRODUCT",
}
DETERMINERS_EN = frozenset({"the", "this", "that"})
DETERMINERS_ZH = ("这个", "那个", "该", "此", "本", "这", "那", "这一", "那一")

#: Name endings that make a proper name an organisation / project (English words, Chinese suffixes).
ORG_SUFFIXES = frozenset(
    """
    inc inc. corp corp. corporation ltd ltd. llc gmbh company co co. department dept team group
    university college school bank labs lab agency institute foundation association committee
    division office ministry hospital studio
    """.split()
)
PROJECT_WORDS = frozenset({"project", "initiative", "program", "programme", "operation"})
ZH_PROJECT_SUFFIXES = ("计划", "项目", "工程", "行动")
ZH_ORG_SUFFIXES = (
    "公司",
    "集团",
    "部门",
    "团队",
    "中心",
    "银行",
    "大学",
    "学院",
    "医院",
    "研究院",
    "研究所",
    "工作室",
    "委员会",
    "事业部",
    "销售部",
    "研发部",
    "部",
    "组",
    "局",
    "处",
    "科",
    "厅",
    "所",
)
#: Industry words that end Chinese company names the segmenter splits (远航 + 物流, 恒信 + 证券).
ZH_INDUSTRY = frozenset(
    """
    物流 设计 证券 科技 医疗 能源 农业 咨询 传媒 地产 汽车 电子 软件 网络 教育 投资 保险 航空 制造
    文化 通信 电器 食品 化工 金融 资本 控股 实业 贸易 建设 环保 生物 医药 信息 数据 智能 影视 游戏
    纺织 服装 机械 钢铁 电力 石油 物业 餐饮 酒店 旅游 出版 家居 建材 光电 半导体 材料 航运 快递 置业
    """.split()
)
#: Verbs of the patterns: never names, even when a segmenter tags them so (汇报 as MISC).
ZH_RELATION_WORDS = frozenset(
    """
    汇报 报告 负责 管理 领导 主管 接手 接管 接替 加入 参加 参与 离开 退出 工作 上班 任职 就职 喜欢
    讨厌 依赖 住 居住 搬到 跳槽 担任 加盟 入职 带领 主导 牵头 卸任 离任 辞去 交接 移交 调任 出任 升任
    """.split()
)
ZH_LOCATION_SUFFIXES = ("市", "省", "县", "区", "镇", "村", "国")
TITLES = frozenset({"mr", "mr.", "mrs", "mrs.", "ms", "ms.", "dr", "dr.", "prof", "prof.", "sir"})
FEMALE_TITLES = frozenset({"mrs", "mrs.", "ms", "ms.", "miss"})
#: a calling said before a full name ("Chef Rafael Mendes", "Coach Ana Reyes"): no part of the name
ROLE_TITLES = frozenset(
    "chef coach captain professor judge nurse detective officer pastor reverend senator councillor councilor".split()
)


def gender_of(name: str) -> Literal["m", "f"] | None:
    """``"m"``/``"f"`` from a person's first name (or title), None when unknown.

    A Chinese name of two to four characters is read from the last character of its given
    name (徐刚 "m", 杨雪 "f", 王磊 "m"); most characters tell nothing.
    """
    if 2 <= len(name) <= 4 and all("\u4e00" <= c <= "\u9fff" for c in name):
        last = name[-1]
        return "m" if last in ZH_MALE_CHARS else "f" if last in ZH_FEMALE_CHARS else None
    words = name.replace(".", ". ").split()
    if not words:
        return None
    first = words[0].lower()
    if first in FEMALE_TITLES:
        return "f"
    if first in ("mr", "mr.", "sir"):
        return "m"
    if first in TITLES and len(words) > 1:
        first = words[1].lower()
    if first in MALE_NAMES or first in MORE_MALE_NAMES:
        return "m"
    if first in FEMALE_NAMES or first in MORE_FEMALE_NAMES:
        return "f"
    return None


#: A name followed by "'s" and a person of theirs is that person's possessor, not the object
#: (shared by the patterns and coreference: "Tariq's teammate Owen ... he" is Owen)
# words that own what follows them and are never a subject or an object on their own ("his
# direct reports", "married his girlfriend Leela"); "her" is an object too ("married her")
POSSESSIVE_DETERMINERS = frozenset({"his", "her", "my", "their", "our", "your", "its"})
POSSESSOR = re.compile(
    r"(?:'s|’s)\s+(?:(?:new|old|younger|older|elder|little|big|best|late|former|ex-)\s*)?"
    r"(?:brother|sister|mother|mom|mum|father|dad|son|daughter|cousin|aunt|uncle|niece|nephew"
    r"|grand\w+|friend|colleague|co-?worker|teammate|flatmate|roommate|neighbou?r|boss|manager"
    r"|deputy|intern|trainee"
    r"|assistant|partner|wife|husband|fianc\w*|ex|boyfriend|girlfriend|widow\w*|stepson"
    r"|stepdaughter|in-laws?)\b"
)

#: A person of someone's named before "of"/"de" and the one they belong to ("The brother of Ana",
#: "A friend of Ana", "La hermana de Ana", "El jefe de Ana"): that person, not the name after it,
#: is the subject (as "Ana's brother" is); matched on the text right before the name
KIN_OF = re.compile(
    r"\b(?:brother|sister|mother|mom|mum|father|dad|parents?|son|daughter|cousin|aunt|uncle|niece|nephew"
    r"|grand\w+|friend|colleague|co-?worker|teammate|flatmate|roommate|housemate|neighbou?r|boss|manager"
    r"|assistant|partner|wife|husband|fianc\w*|boyfriend|girlfriend|ex-?\w*|in-laws?|relatives?|family"
    # Spanish, Portuguese, Italian, French: "la hermana de", "o irmão de", "il fratello di", "la sœur de"
    r"|herman[oa]s?|madre|padre|mam[áa]|pap[áa]|hij[oa]s?|prim[oa]s?|t[íi][oa]s?|abuel[oa]s?|amig[oa]s?|novi[oa]"
    r"|espos[oa]|marido|mujer|jef[ea]|compañer[oa]|vecin[oa]|irm[ãa]o?|m[ãa]e|pai|filh[oa]|namorad[oa]|chefe"
    r"|fratello|sorella|figli[oa]|amic[oa]|fr[èe]re|s(?:œ|oe)ur|m[èe]re|p[èe]re|fils|fille|ami|amie|patron)"
    r"\s+(?:of|de|del|da|do|di|du|von|van)\s+$",
    re.IGNORECASE,
)


# an unnamed relative of someone's ("my brother's wedding — he married Nino"): the likely
# antecedent of a later "he"/"she" that names no one; it is no stored entity
# whose relative: "my", "her", "Sipho's" ("Sipho's wife says she …": the wife)
_KIN_OWNER = r"(?:\b(?:my|our|his|her|their|your)|\b[A-Z][\w-]*['’]s)\s+(?:(?:older|younger|big|little|baby|twin|kid)\s+)?"
KIN = {
    "m": re.compile(
        _KIN_OWNER + r"(?:brother|bro|dad|father|son|husband|hubby|boyfriend|uncle|nephew|grandpa|grandfather)\b"
        r"|(?:我|我们|他|她)(?:的)?(?:哥哥|哥|弟弟|弟|爸爸|爸|父亲|儿子|老公|丈夫|男朋友|叔叔|舅舅|爷爷|外公)",
        re.IGNORECASE,
    ),
    "f": re.compile(
        _KIN_OWNER + r"(?:sister|sis|mum|mom|mother|daughter|wife|girlfriend|aunt|niece|grandma|grandmother)\b"
        r"|(?:我|我们|他|她)(?:的)?(?:姐姐|姐|妹妹|妹|妈妈|妈|母亲|女儿|老婆|妻子|女朋友|阿姨|姑姑|奶奶|外婆)",
        re.IGNORECASE,
    ),
}


# the words a match of KIN ends with (a name right after one of them is all kin_gender reads)
_KIN_ENDS = tuple(
    "brother bro dad father son husband hubby boyfriend uncle nephew grandpa grandfather sister sis mum mom"
    " mother daughter wife girlfriend aunt niece grandma grandmother 哥 弟 爸 亲 子 公 夫 友 叔 舅 爷 姐 妹 妈 儿"
    " 婆 阿姨 姑 奶".split()
)


def kin_gender(text: str, start: int) -> Gender | None:
    """The gender of a relative's noun right before a name at ``start`` ("my brother Theo", "我哥哥张伟")."""
    end = min(start, len(text))  # (a text may be missing: "")
    while end > 0 and text[end - 1] in " ,":
        end -= 1
    if not text[max(0, end - 12) : end].lower().endswith(_KIN_ENDS):
        return None  # (no relative's noun right before: most names)
    for gender, rx in KIN.items():
        if any(k.end() == end for k in rx.finditer(text, max(0, start - 40), start)):
            return cast("Gender", gender)
    return None
