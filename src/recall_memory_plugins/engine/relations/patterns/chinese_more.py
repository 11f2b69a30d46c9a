"""More rows of the Chinese pattern table (``chinese.py`` holds the first ones; same shape)."""

from __future__ import annotations

import re

from ..schema import ORG, PERSON, PRODUCT, PROJECT, RelationCandidate
from .blocks import PatternRow, ex, zh
from .handlers import (
    _left_job,
    _married,
    _move,
    _picks_up,
    _reports,
    _takeover,
    _widowed,
    _works_for,
)
from .job_moves import ZH_JOB_MOVE_ROWS
from .match import _cands, _Match
from .past_states import ZH_PAST_ROWS
from .possessions import ZH_LOSS_ROWS
from .tastes import _likes, _quit_habit, _stopped_liking, _switched_away
from .zh_handovers import ZH_HANDOVER_ROWS

__all__ = ["ZH_MORE_ROWS"]


def _led_by(h: _Match) -> list[RelationCandidate]:
    """ "还是冯雪带我": the one led reports to the one who leads; not 他/她, whom the rules may
    resolve to the wrong person of a crowded sentence (韩冰的同事罗婷…，还是曹宇带她)."""
    s = h.slot("s")
    if s is None or h.ex.mentions[s].text in ("他", "她", "他们", "她们") or h.type("s") in (ORG, PROJECT, PRODUCT):
        return []
    return _reports(h)


def _stopped_managing(h: _Match) -> list[RelationCandidate]:
    """ "吴刚不管天河了": a known project no longer led (not 不管怎样 "whatever")."""
    return _cands(h.refs("s"), "MANAGES", h.refs("o"), negated=True) if h.type("o") == PROJECT else []


def _persons_married(h: _Match) -> list[RelationCandidate]:
    """A marriage whose subject is a person (not a school or a place the tagger read a pronoun or
    a dropped subject as: "浙大毕业了，昨天和吴昊领证了"), and not one the same text names as
    another's partner ("他前年和姚琴离婚后，这个月与方敏登记结婚": 姚琴 is not the one who married)."""
    refs = h.refs("s")
    if h.type("s") != PERSON or any(re.search(f"[和与跟同]{re.escape(r.name)}", h.ex.annotation.text) for r in refs):
        return []
    return _married(h)


# a time said of the clause before a handover ("2018年开始负责…，后来交给了赵磊"): not the handover's
_CLAUSE_TIME = re.compile(r"[0-9０-９]{2,4}年|[去前今]年|上个?(?:月|周|星期|礼拜)|[0-9０-９一二三四五六七八九十]{1,2}月")


def _handed_on(h: _Match) -> list[RelationCandidate]:
    """ "陈伟负责天河项目，后来交给了赵磊": 赵磊 manages it, 陈伟 no longer; when only the first
    clause is dated, the one who took over is left unsaid (the text would date it wrongly)."""
    out = _takeover(h)
    first, second = h.view.text[h.m.start() : h.m.start("later")], h.view.text[h.m.start("later") : h.m.end()]
    if _CLAUSE_TIME.search(first) and not _CLAUSE_TIME.search(second):
        return [c for c in out if c.negated]
    return out


ZH_MORE_ROWS: tuple[PatternRow, ...] = (
    # how long a job has held, said after its employer (named whole): "入职腾讯两年了" (still there);
    # not 转到 (a school too: 转到南京大学已经一个月了), not a name read as text (入职都快一个月了)
    zh(
        r"{S}{ADV}(?:跳槽到|跳槽去|跳槽至|入职|加盟|转投)(?:了)?{O}(?={SINCE})",
        _works_for,
        ex("李明入职腾讯两年了。", "李明", "WORKS_FOR", "腾讯"),
        ex("王芳入职字节跳动三个月了。", "王芳", "WORKS_FOR", "字节跳动"),
    ),
    # a manager's name the annotator missed: "袁浩直接向程功汇报"
    zh(
        r"{S}{ADV}{NEG}(?:直接|改)?(?:向|给){ONP}(?:汇报|报告)",
        _reports,
        ex("袁浩直接向程功汇报。", "袁浩", "REPORTS_TO", "程功"),
    ),
    # the verb first: "现在直接汇报给罗斌"
    zh(
        r"{S}{ADV}{NEG}(?:直接|改)?(?:汇报|报告)给(?:[\u4e00-\u9fff]{0,4}?(?:总监|经理|主管|总裁|副总|老板|负责人|VP))?{O}",
        _reports,
        ex("徐丽现在直接汇报给罗斌。", "徐丽", "REPORTS_TO", "罗斌"),
        ex("马超现在直接汇报给部门总监罗军。", "马超", "REPORTS_TO", "罗军"),
    ),
    # working under someone: "徐总走了以后我就直接跟着CTO罗刚干了" (not 跟着他一起干: a colleague)
    zh(
        r"{S}{ADV}{NEG}(?:直接|改)?跟着(?:[\u4e00-\u9fffA-Za-z]{0,4}?(?:总监|经理|主管|总裁|副总|老板|负责人|VP|CTO|CEO|COO|CFO))?{O}(?:干|做事|混)(?!活)",
        _reports,
        ex("徐总走了以后杨帆就直接跟着CTO罗刚干了。", "杨帆", "REPORTS_TO", "罗刚"),
        ex("小周现在跟着罗刚干。", "小周", "REPORTS_TO", "罗刚"),
    ),
    # the one who leads someone, said last in the clause: "我这边没变，还是冯雪带我"
    zh(
        r"(?:还是|现在|目前|改由|由|换成了?){O}(?:在)?带{S}(?=\s*(?:[，,。！!；;～~]|$))",
        _led_by,
        ex("我这边没变，还是王芳带郑浩。", "郑浩", "REPORTS_TO", "王芳"),
    ),
    # a home moved: "张伟把家搬到了深圳", "把户口和房子都迁到深圳了"
    zh(
        r"{S}{ADV}把(?:家|户口|房子|户口和房子|户口和家|家和户口)(?:都|也|一起)?"
        r"(?:搬到|搬去|迁到|迁往|迁至|搬回到?|迁回到?)(?:了)?{O}",
        _move,
        ex("张伟把家搬到了深圳。", "张伟", "LIVES_IN", "深圳"),
        ex("张伟去年年底就把户口和房子都迁到深圳了。", "张伟", "LIVES_IN", "深圳"),
    ),
    # a taste given up: "已经戒了咖啡"
    zh(
        r"{S}{ADV}戒(?:掉)?了(?:{O}|{NP})",
        _stopped_liking,
        ex("林晓已经戒了咖啡。", "林晓", "LIKES", "咖啡", negated=True),
    ),
    # a habit quit in one word: "陈伟戒烟了", "终于戒了酒" (the liked habit too: 抽烟, 喝酒)
    zh(
        r"{S}{ADV}(?:终于|成功|彻底|早就|已经)?(?P<verb>戒(?:掉了?|了)?)(?P<np>烟|酒|糖|咖啡|奶茶|可乐|赌|游戏)"
        r"(?=了|[，。！？,.!?；;\s]|$)",
        _quit_habit,
        ex("陈伟喜欢抽烟。陈伟戒烟了。", "陈伟", "LIKES", "抽烟", negated=True),
        ex("陈伟去年就戒酒了。", "陈伟", "LIKES", "酒", negated=True),
    ),
    # a taste, then the switch away from it in the next clause: "陈伟喜欢咖啡，后来改喝茶了"
    zh(
        r"{S}{ADV}(?:喜欢|爱|热爱|迷上了?|爱上了?)(?:喝|吃|看|玩|听|打|踢|抽|弹|读)?(?:{Z}|(?P<znp>[\u4e00-\u9fffA-Za-z]{1,8}?))"
        r"[，,]\s*(?:但|但是|不过|可是|可)?(?P<later>{ADV})(?P<verb>改(?:喝|吃|看|玩|听|打|踢|抽|弹|读|学)(?:起了?|了)?)"
        r"(?:{O}|{NP})了?(?=[，。！？,.!?；;\s]|$)",
        _switched_away,
        ex("陈伟喜欢咖啡，后来改喝茶了。", "陈伟", "LIKES", "咖啡", negated=True),
        ex("陈伟喜欢咖啡，不过现在改喝茶了。", "陈伟", "LIKES", "茶"),
    ),
    # a taste one can no longer take: "最近完全听不进爵士乐了", "再也吃不下榴莲了"
    zh(
        r"{S}{ADV}(?:完全|再也|实在|根本|已经)?(?:听不进去?|看不进去?|吃不下去?|喝不下去?)(?:{O}|{NP})(?=[^，。！？]{0,4}了)",
        _stopped_liking,
        ex("曹雪最近完全听不进爵士乐了。", "曹雪", "LIKES", "爵士乐", negated=True),
    ),
    # a feeling gone: "我对猫真的没感觉了", "对摇滚早就没兴趣了"
    zh(
        r"{S}{ADV}对(?:{O}|(?P<np>[\u4e00-\u9fffA-Za-z]{1,8}?))(?:真的|已经|早就|完全|彻底|再也)?(?:没|没有)(?:什么|啥)?(?:感觉|兴趣|热情)了",
        _stopped_liking,
        ex("韩梅对猫真的没感觉了。", "韩梅", "LIKES", "猫", negated=True),
    ),
    # a taste not touched any more: "就不碰美式了"
    zh(
        r"{S}{ADV}(?:就|早就|再也|已经)?不(?:再)?碰(?:{O}|{NP})了",
        _stopped_liking,
        ex("邓琳就不碰美式了。", "邓琳", "LIKES", "美式", negated=True),
    ),
    # a taste switched to: "现在每天下午改喝红茶" (not a suggestion: "改喝茶吧")
    zh(
        r"{S}{ADV}(?:每天|平时|早上|下午|晚上|每天早上|每天下午|每天晚上)?(?P<verb>改(?:喝|吃|听|看)(?:起了?|了)?)(?![^，。！？]{0,8}吧)(?:{O}|{NP})",
        _likes,
        ex("邓琳现在每天下午改喝红茶。", "邓琳", "LIKES", "红茶"),
    ),
    # a new employer's badge: "陈静刚领了字节跳动的工牌"
    zh(
        r"{S}{ADV}(?:领了|领到了?|拿到了?)(?:{O}|{ONP})的工牌",
        _works_for,
        ex("陈静刚领了字节跳动的工牌。", "陈静", "WORKS_FOR", "字节跳动"),
    ),
    # a known project no longer led: "吴刚不管天河了", "她已经不带星河了"
    zh(
        r"{S}{ADV}(?:已经)?不(?:再)?(?:管|带){O}了",
        _stopped_managing,
        ex("吴刚负责天河项目。吴刚不管天河了。", "吴刚", "MANAGES", "天河项目", negated=True),
    ),
    # a taste given up, the thing first: "董洁最近把咖啡戒了"
    zh(
        r"{S}{ADV}把(?:{O}|{NP})(?:给)?戒(?:掉)?了",
        _stopped_liking,
        ex("董洁最近把咖啡戒了。", "董洁", "LIKES", "咖啡", negated=True),
    ),
    # a divorce done, no name: "我们上个月办了离婚手续", "帮我把系统里的婚姻状况改成离异"
    zh(
        r"{S}{ADV}(?:已经|上个月|上周|去年|今天|昨天)?(?:办了|办完了?|办好了?)离婚手续",
        _widowed,
        ex("徐明上个月办了离婚手续。", "徐明", "MARRIED_TO", None, negated=True),
    ),
    zh(
        r"{S}(?:把)?[^，。！？]{0,8}?(?:婚姻状况|婚姻状态)[^，。！？]{0,4}?(?:改成|改为|变成|更新为|填成?)了?离异",
        _widowed,
        ex("周杰把系统里的婚姻状况改成离异了。", "周杰", "MARRIED_TO", None, negated=True),
    ),
    # single now, every current marriage ends: "我现在单身", "她又恢复单身了" (not 单身公寓, 单身的时候)
    zh(
        r"{S}{ADV}(?:是|又是|恢复(?:了)?|重新|回归)?单身(?:汉|狗|一人)?(?=了|啦|[，,。！!~～\s]|$)",
        _widowed,
        ex("王芳现在单身。", "王芳", "MARRIED_TO", None, negated=True),
    ),
    # a marriage registered: "王五跟李梅领证了", "我们登记结婚了" is read by the rows of 结婚
    zh(
        r"{S}{ADV}(?:和|与|跟){O}{ADV}(?:领证|领了证|领了结婚证|领结婚证|扯证|扯了证|登记结婚|登记了结婚)",
        _persons_married,
        ex("王五跟李梅领证了。", "王五", "MARRIED_TO", "李梅"),
    ),
    # the partner by a pet name the tagger leaves untyped (小刚, 阿强: 小 or 阿 and a given name's
    # character): "我和小刚结婚了", "我跟阿强领证了" (not 小孩, 小区, 小组)
    zh(
        r"{S}{ADV}(?:和|与|跟)(?P<onp>[小阿](?![孩姐伙区组学说时候心猫狗朋姨叔])[\u4e00-\u9fff])"
        r"{ADV}(?:结婚|领证|领了证|领了结婚证|领结婚证|扯证|扯了证|登记结婚|登记了结婚)",
        _persons_married,
        ex("王五和小刚结婚了。", "王五", "MARRIED_TO", "小刚"),
        ex("王五跟阿强领证了。", "王五", "MARRIED_TO", "阿强"),
    ),
    # a known project handed on, no verb after the one who has it: "星火项目已经交给吴刚了"
    zh(
        r"{O}{ADV}(?:交给|移交给|转交给|交接给)了?{S}(?:来管|管)?了(?=[，。！？,.!?\s]|$)",
        _picks_up,
        ex("星火项目已经交给吴刚了。", "吴刚", "MANAGES", "星火项目"),
        ex("数据迁移项目上周交给吴刚来管了。", "吴刚", "MANAGES", "数据迁移项目"),
    ),
    # a project led, then handed on in the next clause: "陈伟负责天河项目，后来交给了赵磊"
    zh(
        r"{Z}{ADV}(?:负责|管理|主管|牵头|带)(?:了|过)?{O}[，,]\s*(?:但|但是|不过|可是)?(?P<later>{ADV})(?:已经|已)?"
        r"(?:交给|移交给|转交给|交接给|转给|交由)了?{S}(?:来)?(?:负责|管理|主管|接手|打理|管)?了?(?=[，。！？,.!?；;\s]|$)",
        _handed_on,
        ex("陈伟负责天河项目，后来交给了赵磊。", "赵磊", "MANAGES", "天河项目"),
        ex("陈伟负责天河项目，现在交给赵磊了。", "陈伟", "MANAGES", "天河项目", negated=True),
        ex("吴刚去年负责星火项目，不过上个月已经交给了林晓。", "林晓", "MANAGES", "星火项目"),
    ),
    # a note's aside on the present employer: "赵敏（现京东）介绍了…", "赵敏(现就职于京东)"
    zh(
        r"{S}[（(]\s*现(?:就职于|任职于|供职于|在|于)?{O}[^（）()]{0,8}[）)]",
        _works_for,
        ex("会议记录：赵敏（现京东）介绍了推荐系统。", "赵敏", "WORKS_FOR", "京东"),
    ),
    # fired by one the text does not name: "老板把我炒了", "公司把他裁了", "领导把她给开了" (the job ends)
    zh(
        r"(?:公司|老板|领导|单位|上司|东家|厂里|主管|经理|部门|人事|HR)(?:{ADV})?把{S}(?:给|也|都)?(?:开除|解雇|辞退|裁掉|裁了|炒了|炒掉|炒鱿鱼|开了|开掉)",
        _left_job,
        ex("老板把李明炒了。", "李明", "WORKS_FOR", None, negated=True),
        ex("公司上个月把王芳给裁了。", "王芳", "WORKS_FOR", None, negated=True),
    ),
    *ZH_PAST_ROWS,
    *ZH_LOSS_ROWS,
    *ZH_JOB_MOVE_ROWS,
    *ZH_HANDOVER_ROWS,
)
