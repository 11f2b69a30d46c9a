"""Chinese: segmentation through jieba, merging of names, dates, organisations and projects,
and Chinese upos, lemmas and entity spans.
"""

from __future__ import annotations

import functools
import itertools
import re

from .resources import _ChineseResources
from .tokens import _WORD, _ZH, _ZHDATE, _Span, _Tok
from .zh_tags import _ZH_UPOS

_ZH_WORD_UPOS = {"是": "AUX", "正在": "ADV"}
_ZH_SCONJ = frozenset("如果 因为 虽然 尽管 即使 只要 除非 假如 要是 由于 既然".split())
_ZH_NUMERALS = frozenset("一二三四五六七八九十")
_ZH_DATE_WORDS = frozenset(
    """今天 昨天 明天 前天 后天 今年 去年 明年 前年 后年 今晚 昨晚 明晚 本周 上周 下周 这周
    本月 上个月 下个月 这个月 上月 下月 周末 星期一 星期二 星期三 星期四 星期五 星期六 星期日
    星期天 周一 周二 周三 周四 周五 周六 周日 礼拜一 礼拜二 礼拜三 礼拜四 礼拜五 礼拜六 礼拜天
    上半年 下半年 本季度 上季度 下季度""".split()
) | frozenset(
    f"{when}{week}{day}"
    for when in ("上", "下", "本", "这", "这个", "上个", "下个")
    for week in ("周", "星期", "礼拜")
    for day in ("一", "二", "三", "四", "五", "六", "日", "天", "末")
)
_ZH_ORG_SUFFIXES = frozenset(
    """部 处 科 组 中心 公司 集团 团队 部门 小组 委员会 研究院 研究所 大学 学院 银行 医院 协会
    实验室 工作室 事业部 办公室 分公司 总部""".split()
)
_ZH_PROJECT_SUFFIXES = frozenset({"计划", "项目", "工程"})
_ZH_NAME_SUFFIXES = _ZH_ORG_SUFFIXES | _ZH_PROJECT_SUFFIXES
# Words before 部/处/... that name a part or a direction, not an organisation (全部, 东北部).
_ZH_NOT_ORG_PREFIXES = frozenset(
    """东北 东南 西北 西南 中东 东中 中西 中北 中南 上半 下半 上腹 下腹 下颌 大多 局 全 内
    外 好 坏 到 用 之 住 远 深 益 一 这 那 每 各 某 本 我们 你们 他们 她们""".split()
)
# Generic plans and projects ("五年计划", "合作项目"), not named ones.
_ZH_GENERIC_PREFIXES = frozenset(
    """国家 财务 家庭 课程 成本 年度 工作 学习 教学 行动 发展 研究 开发 测试 生产 销售 营销
    培训 旅行 旅游 投资 融资 采购 招聘 预算 短期 长期 中期 应变 调整 复习 收购 扩军 扩厂 这个
    那个 这些 那些 新 老 大型 小型 重点 合作 建设 基建 水利 软件 系统 土木 电气 机械 化学 生物
    环境 交通 体育 科研 基金 外资 创业 保留 子 核 周密 短 长 特征 提示 知识 数据 网络 信息 遗传
    基因 金融 工业 社会 城市 农业 医疗 教育 安全 质量 改进 改造 扶贫 民生 试点 示范 后续""".split()
)
# Common words that jieba's dictionary tags as person (nr) or place (ns) names.
_ZH_NOT_NAMES = frozenset(
    """陈述 索引 连贯 连贯性 鲁棒 鲁棒性 多义词 子图 明白 文明 武功 小姐 阳光 道德 卫星 雷达 荣誉
    古老 冷笑 明星 权威 宫殿 光荣 智慧 维生素 顾问 师傅 师兄 和尚 王朝 陆军 汉白玉 花岗岩 老太太
    贡献者 丘陵 言语 封锁 宣言 胡同 玉米 帝王 王爷 王公 侍卫 太后 武林 峰 岩 城市 深度 关联 维度
    东西 英雄 太阳 哥哥 海洋 美丽 上市 建国 大街 王国 平原 外国 爱国 朝廷 湖泊 大桥 高原 山区
    江湖 城镇 开国 共和国 自治州 自治县 长安 永乐 天门 中原 华北 华南 华东 华中 西北 东北 东南
    西南 南北 东西部 高级 平安 安全 方便 金融 文化 时代 龙头 宝贝 高峰 秦始皇陵""".split()
)
# what one posts ("发朋友圈"): after 发/晒 it ends a name, not continues it
_ZH_POSTS = frozenset("朋友圈 微博 消息 邮件 帖子 动态 视频 照片 短信 微信 文章 状态".split())
_ZH_ORGS = frozenset(
    """华为 阿里巴巴 阿里 腾讯 百度 小米 字节跳动 京东 美团 滴滴 网易 联想 比亚迪 拼多多 快手
    微软 谷歌 苹果公司 亚马逊 英伟达 特斯拉 三星 索尼 丰田 联合国 世卫组织 清华 北大""".split()
)
# Characters of transliterated foreign names (奥巴马, 马尔可夫).
_ZH_TRANSLIT = frozenset(
    """阿埃艾安奥巴拜班邦保鲍贝本比彼毕波伯博布查达戴丹道德迪蒂丁杜多厄恩法菲费芬弗福盖冈戈格
    哈海汉豪赫亨胡华霍基吉加贾杰金卡凯坎康考柯科克肯库拉莱赖兰朗劳勒雷里利莉丽林琳隆卢鲁路伦
    罗洛马玛迈麦曼梅门蒙米密摩莫姆穆纳娜奈南内尼妮涅纽努诺欧帕潘佩皮普奇齐乔切琼丘萨塞赛桑瑟
    森沙莎尚舍圣施什史舒斯松苏索塔泰坦汤唐特提汀图托瓦万威韦维温沃乌西希席夏谢辛休雅亚扬耶伊
    因英尤约泽扎詹芝朱兹卓佐默尔夫茨娃琪瑞蕾黛露可""".replace("\n", "").replace(" ", "")
)
# titles that follow a surname (张先生, 高老师); the flags of a surname-character that is a
# preposition, conjunction, adverb, pronoun or verb there (向老师请教, 给老师)
_ZH_TITLE_WORDS = frozenset("先生 女士 小姐 太太 老师 医生 律师 教授 师傅 经理 主任 总监 阿姨".split())
_ZH_NOT_SURNAME_FLAGS = frozenset({"p", "c", "d", "r", "v", "u", "uj", "ul", "y"})
# the last character of most place names (温州, 黄山, 江村): an unknown word ending so is no name
_ZH_PLACE_ENDS = frozenset("州市县区镇村乡山河江湖海岛港湾路街省城庄桥寺岭坡沟口")
_ZH_NOUNISH = frozenset({"n", "nz", "ns", "nt", "nl", "ng", "j", "vn", "an", "l", "eng"})
_ZH_NAMEISH = frozenset({"nr", "nrt", "nrfg"})
_ZH_FUNCTION_FLAGS = frozenset(
    {"p", "c", "u", "uj", "ul", "uz", "ug", "uv", "ud", "y", "r", "d", "x", "w", "m", "q", "e"}
)


def _zh_tok(text: str, start: int, end: int, flag: str) -> _Tok:
    return _Tok(text, start, end, _ZH, flag)


def _segment_chinese(run: str, start: int, zh: _ChineseResources) -> list[_Tok]:
    out: list[_Tok] = []
    append = out.append
    pos = start
    for word, flag in zh.pos.lcut(run):
        end = pos + len(word)
        append(_Tok(word, pos, end, _ZH, flag))  # _zh_tok, inlined: one call less per word
        pos = end
    return out


def _split_junk_name(tok: _Tok, zh: _ChineseResources) -> list[_Tok] | None:
    """Split a rare dictionary "name" that is really two words (喝咖啡/nr -> 喝 + 咖啡).

    Only for a name-tagged word of 3+ characters: :func:`_merge_chinese` tests that before the
    call (most words are not, and the call is on every word of a long text).
    """
    w = tok.text
    if w[0] in zh.surnames or w[:2] in zh.compound_surnames or zh.freq.get(w, 0) > 5:
        return None
    best: tuple[int, int] | None = None
    for k in range(1, len(w)):
        left, right = zh.freq.get(w[:k], 0), zh.freq.get(w[k:], 0)
        if left >= 100 and right >= 100 and (best is None or left * right > best[1]):
            best = (k, left * right)
    if best is None:
        return None
    k = best[0]
    cut = tok.start + k
    return [
        _zh_tok(w[:k], tok.start, cut, zh.tags.get(w[:k], "x")),
        _zh_tok(w[k:], cut, tok.end, zh.tags.get(w[k:], "x")),
    ]


def _name_and_next(tok: _Tok, nxt: _Tok | None, zh: _ChineseResources) -> list[_Tok] | None:
    """A three-character "name" whose last character belongs to what follows: a verb before a post
    (陈晓 + 发 + 朋友圈), the next word (罗佳 + 微博), a body part unwell (曹颖 + 胃 + 不好, 潘婷 + 胃 + 出问题)."""
    w = tok.text
    if nxt is None or nxt.kind != _ZH or nxt.start != tok.end or w[0] not in zh.surnames:
        return None
    name = _zh_tok(w[:2], tok.start, tok.start + 2, "nr")
    body = w[2] in "胃腿脚头手腰眼牙膝肩背嗓" and nxt.text[:1] in "不疼痛很受有好坏难又还也一出总老"
    if body or (w[2] in "发晒" and nxt.text in _ZH_POSTS) or (w[2] in "归向跟被把给" and nxt.xpos.startswith("nr")) or (w[2] == "休" and nxt.text[:1] in "假年产病婚事") \
            or w[2] == "说" or (w[2] in "发寄送" and nxt.text[:1] in "个条封份张"):  # (何静 + 归 + 徐峰, 黄丽 + 休 + 产假, 林晓 + 说, 周杰 + 发 + 个红包)
        return [name, _zh_tok(w[2], tok.start + 2, tok.end, "n" if body else "v")]
    joined = w[2] + nxt.text
    if len(nxt.text) <= 2 and zh.freq.get(joined, 0) >= max(100, 100 * zh.freq.get(w, 0)):  # (王芳正/2 + 式)
        return [name, _zh_tok(joined, tok.start + 2, nxt.end, zh.tags.get(joined, "n"))]
    return None


_GLUE = frozenset("在被和是说把给也就都跟与向从去")  # glued by jieba to a name's last character (涵在, 萱被)
# what may follow a name: a function word, a verb, a time word, punctuation
_AFTER_NAME_FLAGS = _ZH_FUNCTION_FLAGS | {"t", "v", "vd", "vi", "vg", "vq", "vl"}
_NAME_POSITION_FLAGS = frozenset({"", "x", "w", "p", "c", "v", "vn", "ul", "uj", "u", "y"})


def _modern_given_name(
    t: _Tok, nxt: _Tok, after: _Tok | None, prev_flag: str, zh: _ChineseResources
) -> str | None:
    """A surname and a given name jieba does not know as one word (刘 + 雨萱, 闫 + 欣怡, 邹梓 + 轩),
    where a name can stand (after nothing, punctuation, a preposition, a conjunction or a verb;
    before a function word, a verb, a time word or the end: not 高 + 颜值 + 手机, not 向 + 领导).
    Returns "name" (one name), "split" (蒋 + 文说 -> 蒋文 + 说), "glued" (余梓 + 涵在 -> 余梓涵 + 在)."""
    w, v = t.text, nxt.text
    if prev_flag not in _NAME_POSITION_FLAGS or nxt.text in _ZH_NOT_NAMES:
        return None
    if len(w) == 2 and len(v) == 2 and v[1] in _GLUE and zh.freq.get(v, 0) <= 50 \
            and zh.freq.get(v[0], 0) < 1000:  # (not 田甜 + 改向, 詹宁 + 转去: a verb's first character)
        # 余梓 + 涵在, 雷雨 + 萱被: the name's last character glued to the word after it
        name = w[0] in zh.surnames and (t.xpos in _ZH_NAMEISH or zh.freq.get(w, 0) <= 50)
        return "glued" if name else None
    if after is not None and after.kind == _ZH and after.xpos not in _AFTER_NAME_FLAGS:
        return None
    # (a surname jieba tags as a name may come before a rare word it tags an adverb: 陆 + 欣然)
    adverb_name = t.xpos in _ZH_NAMEISH and nxt.xpos == "d" and zh.freq.get(v, 0) <= 500
    if nxt.xpos in _ZH_FUNCTION_FLAGS and not adverb_name:
        return None
    if len(w) == 1 and len(v) == 2:  # (not 一万 + 晨曦, 高 + 颜值: a numeral, an adjective)
        # (not 蒋 + 文说: a common verb or function word glued to the name's last character)
        last = zh.tags.get(v[1], "")
        glued = zh.freq.get(v[1], 0) > 5000 and (last.startswith("v") or last in _ZH_FUNCTION_FLAGS)
        # a surname that is also an adverb, numeral or adjective (曾, 万, 高) only before a verb
        # or a preposition: 万浩然喜欢…, 严晨曦被…; not 高颜值的手机
        odd = t.xpos in ("a", "ad", "d", "m", "q", "mq", "b")
        verb_after = after is not None and (after.xpos.startswith("v") or after.xpos == "p")
        name = (
            w in zh.surnames
            and (zh.freq.get(v, 0) <= 200 or adverb_name
                 # a given name jieba knows as a name or proper noun (郭 + 建华): a rarer word still
                 or (t.xpos in _ZH_NAMEISH and nxt.xpos in ("nr", "nrfg", "nz") and zh.freq.get(v, 0) <= 1000))
            and not nxt.xpos.startswith("v")
            and (not odd or (verb_after and prev_flag in ("", "x", "w", "c", "v")))
        )
        return "split" if name and glued else "name" if name else None
    if len(w) == 2 and len(v) == 1:  # (涵 is a verb to jieba; 说, 走 are too common)
        name = (
            w[0] in zh.surnames
            and (t.xpos in _ZH_NAMEISH or zh.freq.get(w, 0) <= 50)
            and zh.freq.get(v, 0) < 1000
            and nxt.xpos in ("n", "nr", "nz", "ng", "g", "zg", "v", "vg", "ns")
        )
        return "name" if name else None
    return None

def _merged(toks: list[_Tok], text: str, flag: str, upos: str) -> _Tok:
    tok = _Tok(text[toks[0].start : toks[-1].end], toks[0].start, toks[-1].end, _ZH, flag)
    tok.upos = upos
    return tok


def _contiguous(toks: list[_Tok]) -> bool:
    return all(a.end == b.start for a, b in itertools.pairwise(toks))


def _zh_prefix_ok(prefix: str, zh: _ChineseResources, stop: frozenset[str]) -> bool:
    """Whether the part before an 部/计划-like suffix can start a name."""
    if len(prefix) < 2 or prefix in stop or any(c in _ZH_NUMERALS or c.isdigit() for c in prefix):
        return False
    flag = zh.tags.get(prefix)
    return flag is None or flag in _ZH_NOUNISH or flag in _ZH_NAMEISH or flag.startswith("v")


_ENTITY_MEMO: dict[tuple[str, str, bool], str | None] = {}
_ENTITY_MEMO_OWNER: list[int] = [0]
_ENTITY_MEMO_SIZE = 100_000


def _zh_entity(tok: _Tok, zh: _ChineseResources) -> str | None:
    """The entity type of a Chinese token after merging, or None.

    Memoised by (word, tag, date kind) for one set of resources: a long text asks for the same
    few thousand words again and again.
    """
    if tok.upos.startswith("@"):
        return tok.upos[1:]
    if _ENTITY_MEMO_OWNER[0] != id(zh) or len(_ENTITY_MEMO) >= _ENTITY_MEMO_SIZE:
        _ENTITY_MEMO.clear()
        _ENTITY_MEMO_OWNER[0] = id(zh)
    key = (tok.text, tok.xpos, tok.kind == _ZHDATE)
    try:
        return _ENTITY_MEMO[key]
    except KeyError:
        ent = _ENTITY_MEMO[key] = _word_entity(tok.text, tok.xpos, key[2], zh)
        return ent


# a month named in words (九月份, 十二月): jieba's dictionary tags some of them nz, a name
_ZH_MONTH = re.compile(r"(?:十[一二]?|[一二三四五六七八九])月份?")


def _word_entity(w: str, flag: str, date: bool, zh: _ChineseResources) -> str | None:
    if date or w in _ZH_DATE_WORDS or _ZH_MONTH.fullmatch(w):
        return "DATE"
    # the tag is checked before the suffixes: most tokens are not nouns (a third of the
    # annotation time of a long Chinese text went into these loops)
    if flag in ("n", "nz", "l"):
        for suffix in _ZH_PROJECT_SUFFIXES:
            if w.endswith(suffix) and suffix != "项目":
                if _zh_prefix_ok(w[: -len(suffix)], zh, _ZH_GENERIC_PREFIXES):
                    return "PROJECT"
    if w in zh.places:
        return "LOCATION"
    if w in _ZH_ORGS or flag == "nt":
        return "ORG"
    if flag in ("n", "nz", "j"):
        for suffix in _ZH_ORG_SUFFIXES:
            if w.endswith(suffix) and len(w) > len(suffix):
                if _zh_prefix_ok(w[: -len(suffix)], zh, _ZH_NOT_ORG_PREFIXES):
                    return "ORG"
    if w in _ZH_NOT_NAMES or len(w) < 2:
        return None
    if flag in _ZH_NAMEISH:
        return "PERSON" if _zh_person_ok(w, zh) else None
    if flag == "ns":
        # jieba guesses ns for a word its dictionary lacks (钱坤): a surname and one or two more
        # characters, with no place ending, is a person's name rather than an unknown place
        if w not in zh.tags and len(w) <= 3 and w[-1] not in _ZH_PLACE_ENDS and _zh_person_ok(w, zh):
            return "PERSON"
        return "LOCATION"
    if flag == "nz":
        return "MISC"
    return None


def _zh_person_ok(w: str, zh: _ChineseResources) -> bool:
    """Whether a word jieba tags as a name looks like one (its dictionary tags are noisy)."""
    if w[0] in zh.surnames or w[:2] in zh.compound_surnames:
        # Frequent two-character dictionary words are mostly common words (陈述, 文明).
        return len(w) <= 4 and not (len(w) == 2 and zh.freq.get(w, 0) >= 300 and w not in ("李娜", "王明", "安娜"))  # (names)
    if len(w) == 2 and w[0] in "老小阿" and w[1] in zh.surnames:
        return True  # 老刘, 小王
    return len(w) >= 3 and all(c in _ZH_TRANSLIT for c in w)


@functools.lru_cache(maxsize=64)
def _group_starts(known_names: frozenset[str]) -> frozenset[str]:
    """Every non-empty proper prefix of a date word or known name: the tokens that can start a
    multi-token group in :func:`_merge_chinese` (memoised: a text's names are the same set for
    all its sentences)."""
    return frozenset(w[:k] for w in _ZH_DATE_WORDS | known_names for k in range(1, len(w)))


def _merge_chinese(
    toks: list[_Tok], text: str, zh: _ChineseResources, known_names: frozenset[str]
) -> list[_Tok]:
    """Fix jieba's segmentation of names, dates, organisations and projects in one sentence.

    Merged tokens carry their entity type as ``upos = "@TYPE"`` until :func:`_finish_chinese`.
    """
    expanded: list[_Tok] = []
    k = 0
    while k < len(toks):
        t = toks[k]
        k += 1
        # only a name-tagged word of 3+ characters may be split (see _split_junk_name)
        parts = (
            _split_junk_name(t, zh)
            if t.kind == _ZH and t.xpos in _ZH_NAMEISH and len(t.text) >= 3
            else None
        )
        if parts is None and t.kind == _ZH and t.xpos in _ZH_NAMEISH and len(t.text) == 3:
            parts = _name_and_next(t, toks[k] if k < len(toks) else None, zh)
            if parts is not None and len(parts) == 2 and parts[1].end > t.end:
                k += 1  # the next token joined the name's last character (罗佳 + 微博)
        expanded.extend(parts or (t,))
    toks = expanded
    starts = _group_starts(known_names)

    out: list[_Tok] = []
    n = len(toks)
    i = 0
    while i < n:
        t = toks[i]
        if t.kind != _ZH:
            out.append(t)
            i += 1
            continue
        # Known multi-token strings: date words, names seen elsewhere in the text. Only a token
        # that starts one of them can start a group (most tokens do not: skip the joins).
        done = False
        for width in (3, 2) if t.text in starts else ():
            group = toks[i : i + width]
            if len(group) == width and all(g.kind == _ZH for g in group) and _contiguous(group):
                s = "".join(g.text for g in group)
                if s in _ZH_DATE_WORDS:
                    out.append(_merged(group, text, "t", "@DATE"))
                elif s in known_names:
                    out.append(_merged(group, text, "nr", "@PERSON"))
                else:
                    continue
                i += width
                done = True
                break
        if done:
            continue
        nxt = toks[i + 1] if i + 1 < n else None
        if nxt is not None and nxt.kind == _ZH and t.end == nxt.start:
            prev_flag = out[-1].xpos if out and out[-1].kind == _ZH else ""
            w, v = t.text, nxt.text
            if w in ("老", "小") and len(v) == 1 and v in zh.surnames and nxt.xpos in _ZH_NAMEISH:
                out.append(_merged([t, nxt], text, "nr", "@PERSON"))  # 老 + 刘
                i += 2
                continue
            surname = w in zh.compound_surnames or (len(w) == 1 and w in zh.surnames)
            if (
                surname
                and prev_flag not in ("m", "q", "mq")
                and (
                    # 张 + 三 (placeholder names), 欧阳 + 娜娜, 李 + 雷/nr
                    (len(v) == 1 and v in _ZH_NUMERALS and len(w) == 1)
                    # 张 + 先生: jieba reads 张 as a measure word before a title (张先生 is
                    # one person, as 陈先生/nr is; not 向 + 老师, a preposition; not 这张 + 医生)
                    or (
                        v in _ZH_TITLE_WORDS
                        and t.xpos not in _ZH_NOT_SURNAME_FLAGS
                        and not (out and out[-1].end == t.start and out[-1].text in "这那哪每某")
                    )
                    or (len(v) <= 2 and nxt.xpos in _ZH_NAMEISH)
                    or (
                        len(w) == 2
                        and len(v) <= 2
                        and nxt.xpos not in _ZH_FUNCTION_FLAGS
                        and not nxt.xpos.startswith("v")
                    )
                )
            ):
                out.append(_merged([t, nxt], text, "nr", "@PERSON"))
                i += 2
                continue
            given = _modern_given_name(t, nxt, toks[i + 2] if i + 2 < n else None, prev_flag, zh)
            if given == "name":
                out.append(_merged([t, nxt], text, "nr", "@PERSON"))  # 刘 + 雨萱, 邹梓 + 轩
                i += 2
                continue
            if given == "glued":  # 余梓 + 涵在 -> 余梓涵 + 在
                name = _zh_tok(w + v[0], t.start, nxt.start + 1, "nr")
                name.upos = "@PERSON"
                out.extend((name, _zh_tok(v[1], nxt.start + 1, nxt.end, zh.tags.get(v[1], "p"))))
                i += 2
                continue
            if given == "split":  # 蒋 + 文说 -> 蒋文 + 说
                name = _zh_tok(w + v[0], t.start, nxt.start + 1, "nr")
                name.upos = "@PERSON"
                out.extend((name, _zh_tok(v[1], nxt.start + 1, nxt.end, zh.tags.get(v[1], "v"))))
                i += 2
                continue
        # X + 部/中心/公司... -> ORG; X + 计划/项目/工程 -> PROJECT (X a noun, not generic).
        if out and t.text in _ZH_NAME_SUFFIXES:
            x = out[-1]
            project = t.text in _ZH_PROJECT_SUFFIXES
            x_ent = _zh_entity(x, zh) if x.kind == _ZH else None
            ok_ents = (
                (None, "MISC", "PERSON", "LOCATION") if project else (None, "MISC", "LOCATION")
            )
            if x.end == t.start and not x.upos.startswith("@") and x_ent in ok_ents:
                if x.kind == _ZH:
                    allowed = _ZH_NOUNISH | _ZH_NAMEISH if project else _ZH_NOUNISH | {"v"}
                    ok = x.xpos in allowed and _zh_prefix_ok(
                        x.text, zh, _ZH_GENERIC_PREFIXES if project else _ZH_NOT_ORG_PREFIXES
                    )
                else:  # a Latin name: "Orion计划"
                    ok = x.kind == _WORD and x.text[:1].isupper()
                if ok:
                    group = [out.pop(), t]
                    if out and out[-1].kind == _ZH and out[-1].end == x.start:
                        y = out[-1]  # one more noun in front: 北京 + 销售 + 部, 薪酬 + 系统升级 + 项目
                        if y.xpos in ((("n", "nz") if x.xpos in _ZH_NAMEISH else ("n", "nz", "vn")) if project else ("n", "ns", "nz", "j")) \
                                and not y.upos.startswith("@") \
                                and _zh_entity(y, zh) in ((None,) if project else (None, "LOCATION")):
                            group.insert(0, out.pop())
                    if project:
                        out.append(_merged(group, text, "nz", "@PROJECT"))
                    else:
                        out.append(_merged(group, text, "nt", "@ORG"))
                    i += 1
                    continue
        out.append(t)
        i += 1
    return out


_FINISH_MEMO: dict[tuple[str, str, int, str], tuple[str, str, str | None]] = {}
_FINISH_MEMO_OWNER: list[int] = [0]


def _finish_chinese(toks: list[_Tok], zh: _ChineseResources) -> list[_Span]:
    """Set upos/lemma of Chinese tokens and return their (single-token) entity spans.

    What a token gets depends on its text, tag, kind and merged type (``@TYPE``) only, so it is
    memoised on the four for one set of resources, like :func:`_zh_entity`.
    """
    if _FINISH_MEMO_OWNER[0] != id(zh) or len(_FINISH_MEMO) >= _ENTITY_MEMO_SIZE:
        _FINISH_MEMO.clear()
        _FINISH_MEMO_OWNER[0] = id(zh)
    memo = _FINISH_MEMO
    spans: list[_Span] = []
    for k, tok in enumerate(toks):
        if not tok.zh:
            continue
        upos = tok.upos
        key = (tok.text, tok.xpos, tok.kind, upos if upos.startswith("@") else "")
        done = memo.get(key)
        if done is None:
            done = memo[key] = _finish_one(tok, zh)
        tok.upos, tok.xpos, ent = done
        tok.lemma = tok.text
        if ent:
            spans.append(_Span(k, k + 1, ent))
    return spans


def _finish_one(tok: _Tok, zh: _ChineseResources) -> tuple[str, str, str | None]:
    """``(upos, xpos, entity type)`` of one Chinese token (the token is not changed)."""
    ent = _zh_entity(tok, zh)
    w, flag = tok.text, tok.xpos
    if tok.kind == _ZHDATE:
        flag = "t"
    if ent in ("PERSON", "ORG", "LOCATION", "PROJECT", "MISC"):
        upos = "PROPN"
    elif ent == "DATE":
        upos = "NOUN"
    elif w in _ZH_WORD_UPOS:
        upos = _ZH_WORD_UPOS[w]
    elif flag.startswith("c") and w in _ZH_SCONJ:
        upos = "SCONJ"
    elif flag in ("nr", "nrt", "nrfg", "ns", "nt", "nz"):
        upos = "NOUN"  # jieba's name tag on a common word (城市/ns, 陈述/nr)
    elif flag == "x" and w.isalnum():
        upos = "X"  # a rare Han character outside jieba's range
    else:
        upos = _ZH_UPOS.get(flag) or _ZH_UPOS.get(flag[:1], "X")
    return upos, flag, ent
