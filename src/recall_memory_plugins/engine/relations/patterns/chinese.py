"""The Chinese pattern table: one row per phrasing, with the sentences it must match.

Same shape as ``english.py``. ``{ONP}`` / ``{SNP}`` capture a name the annotator split or missed
(远航 + 物流, 星光书店) as text. Adding a phrasing is one row plus its examples;
``tests/unit/test_relations_patterns_table.py`` runs every example.
"""

from __future__ import annotations

import re

from .blocks import PatternRow, ex, zh
from .chinese_more import ZH_MORE_ROWS
from .handlers import (
    _admitted,
    _born,
    _boss_is,
    _depends,
    _divorced,
    _from,
    _graduated,
    _hired,
    _involved,
    _job_change,
    _job_ended_at,
    _join,
    _join_team,
    _leave,
    _left_job,
    _left_school,
    _lives,
    _manages,
    _married,
    _move,
    _owns,
    _reports,
    _role,
    _school_change,
    _status,
    _studies,
    _takeover,
    _visited,
    _wants_to_visit,
    _widowed,
    _works_for,
)
from .match import Handler
from .tastes import _likes, _stopped_liking

__all__ = ["ZH_PATTERNS", "ZH_ROWS"]

_ZH_MAIN_ROWS: tuple[PatternRow, ...] = (
    zh(
        r"{S}{ADV}(?P<neg>不再是|不是|已不是|已经不是)?(?:是|为|担任|作为|成为了?|当上了?|升任|出任)"
        r"{O}的(?P<role>[^，,。；;！!？?的\ue000\s]{1,8})",
        _role,
        ex("张三是销售部的经理。", "张三", "WORKS_FOR", "销售部", role="经理"),
        ex("王五是星火计划的工程师。", "王五", "HAS_ROLE_IN", "星火计划", role="工程师"),
    ),
    zh(
        r"{S}{ADV}(?:在){O}(?:担任|当|做|任(?!职)|出任)(?P<role>[^，,。；;！!？?\ue000\s]{1,8})",
        _role,
        ex("张三在腾讯公司担任经理。", "张三", "WORKS_FOR", "腾讯公司", role="经理"),
    ),
    zh(
        r"{S}的(?:新|现任|新任|现在的)?(?:直属)?(?:上司|领导|老板|经理|主管|上级|直接领导)(?:现在|目前)?(?:是|为|换成了?|变成了?)"
        r"{O}",
        _boss_is,
        ex("孙七的上司是王五。", "孙七", "REPORTS_TO", "王五"),
        ex("孙七的新领导是王五。", "孙七", "REPORTS_TO", "王五"),
    ),
    zh(
        r"{S}{ADV}{NEG}(?:直接|改)?(?:向|给){O}(?:汇报|报告)",
        _reports,
        ex("孙七向王五汇报。", "孙七", "REPORTS_TO", "王五"),
    ),
    zh(
        r"{S}{ADV}(?:在|是|属于){O}(?:的)?(?:团队|小组|组|手下|部下)(?:里|中|的成员|成员)?",
        _join_team,
        ex("李四在张三的团队里。", "李四", "REPORTS_TO", "张三"),
    ),
    zh(
        r"{S}{ADV}(?:加入|进入|调入|调到|转到)(?:了|到)?{O}的(?:团队|小组|组|部门)",
        _join_team,
        ex("李四加入了张三的团队。", "李四", "REPORTS_TO", "张三"),
    ),
    zh(
        r"{S}{ADV}{NEG}(?:在|于){O}(?:工作|上班|任职|就职|供职|实习)",
        _works_for,
        ex("赵六在腾讯公司工作。", "赵六", "WORKS_FOR", "腾讯公司"),
    ),
    zh(
        r"{S}{ADV}(?:就职于|任职于|供职于|受雇于|效力于|服务于){O}",
        _works_for,
        ex("赵六就职于腾讯公司。", "赵六", "WORKS_FOR", "腾讯公司"),
    ),
    zh(
        r"{O}{ADV}(?:招聘了|聘请了|雇用了|录用了){S}",
        _hired,
        ex("腾讯公司招聘了赵六。", "赵六", "WORKS_FOR", "腾讯公司"),
    ),
    zh(
        r"{S}{ADV}(?:加入|参加|参与|进入|投入|调入|加盟)(?:了|到)?{O}",
        _join,
        ex("王五也加入了星火计划。", "王五", "INVOLVED_IN", "星火计划"),
        ex("赵六加入了阿里巴巴。", "赵六", "WORKS_FOR", "阿里巴巴"),
    ),
    zh(
        r"{S}{ADV}{NEG}(?:参与|参加)(?:了|到)?{O}(?:的)?(?:工作|项目|开发|建设)",
        _involved,
        ex("王五参与了星火计划的开发。", "王五", "INVOLVED_IN", "星火计划"),
    ),
    zh(
        r"{S}{ADV}(?:离开|退出|辞去|告别|退休离开)(?:了)?{O}",
        _leave,
        ex("赵六离开了腾讯公司。", "赵六", "WORKS_FOR", "腾讯公司", negated=True),
    ),
    zh(
        r"{S}{ADV}(?:从){O}(?:离职|辞职|退出|退休|离开)",
        _leave,
        ex("赵六从腾讯公司离职。", "赵六", "WORKS_FOR", "腾讯公司", negated=True),
    ),
    zh(
        r"{O}{ADV}(?P<neg>不再|已经不再|已不再|原来|原先|原本|原(?=由)|以前|之前|曾经)?(?:改由|改为|改|交给了?|转由|转交给|将由|由|还是由?|仍然由?|仍由|依旧由?|依然由?){S}(?:来|负责)?"
        r"(?:接手|接管|负责|主管|领导|管理|牵头|主导|接任)",
        _takeover,
        ex("北斗计划由郑十负责。", "郑十", "MANAGES", "北斗计划"),
        ex("最后决定不换，北斗计划还是郑十负责。", "郑十", "MANAGES", "北斗计划"),
    ),
    zh(
        r"(?<!不再)(?<!不)由{S}(?:来)?(?:接手|接管|负责|主管|领导|管理|牵头|主导|接任)(?:了)?{O}",
        _takeover,
        ex("由郑十负责北斗计划。", "郑十", "MANAGES", "北斗计划"),
    ),
    zh(
        r"(?P<chg>改|转|现)?(?<!不再)(?<!不)(?<!交接)(?<!交接工作)(?<!交接事宜)(?<!其工作)(?<!其工作暂)(?<!工作暂时)(?<!原)(?<!原来)(?<!原先)(?<!原本)(?<!以前)(?<!之前)(?<!曾经)由{S}(?:来)?(?:接手|接管|接任|负责|主管|领导|(?(chg)(?:牵头|主导)(?![了的]?[‘“「『《\"]?\ue000)|(?!)))",  # (not 交接由X负责)
        _takeover,
        ex("北斗计划很重要，由郑十接手。", "郑十", "MANAGES", "北斗计划"),
    ),
    zh(
        r"{S}{ADV}接替(?:了)?{Z}(?:的工作|的职位)?[，,]?(?:负责|管理|主管|领导)(?:着)?{O}",
        _manages,
        ex("郑十接替了吴九，负责北斗计划。", "郑十", "MANAGES", "北斗计划"),
        ex("郑十接替了吴九，负责北斗计划。", "吴九", "MANAGES", "北斗计划", negated=True),
    ),
    zh(
        r"{S}{ADV}(?:接手|接管|接过|接替)(?:了)?{O}",
        _takeover,
        ex("郑十接手了北斗计划。", "郑十", "MANAGES", "北斗计划"),
    ),
    zh(
        r"{O}的(?:负责人|经理|主管|领导)(?:现在|目前)?(?:换成了?|变成了?|改为|是|变为|换为){S}",
        _manages,
        ex("北斗计划的负责人换成了郑十。", "郑十", "MANAGES", "北斗计划"),
    ),
    zh(
        r"{S}{ADV}{NEG}{ADV}(?:负责|主管|管理|领导|带领|主导|牵头|掌管|主持|统筹|主抓)(?:着|了)?{O}",
        _manages,
        ex("吴九负责北斗计划。", "吴九", "MANAGES", "北斗计划"),
        ex("吴九不再负责北斗计划。", "吴九", "MANAGES", "北斗计划", negated=True),
    ),
    zh(
        # (not 住在朝阳的酒店: a stay on a trip)
        r"{S}{ADV}{NEG}(?:住在|居住在|生活在|定居在|定居于|住于|居住于|常住|住)(?:于|在)?{O}"
        r"(?!的?(?:酒店|宾馆|旅馆|民宿|招待所|青旅))",
        _lives,
        ex("王五住在北京。", "王五", "LIVES_IN", "北京"),
    ),
    zh(
        r"{S}{ADV}(?:搬到|搬去|搬家到|迁居到?|迁往|迁到|迁至|搬往|移居到?|搬回到?|回到)(?:了)?{O}",
        _move,
        ex("王五搬到了上海。", "王五", "LIVES_IN", "上海"),
        ex("三月份刘洋举家迁往苏州。", "刘洋", "LIVES_IN", "苏州"),
    ),
    zh(
        r"{S}{ADV}{NEG}(?:依赖于?|取决于|依靠|依托于?|需要依赖|基于)(?:着)?(?:{O}|{NP})",
        _depends,
        ex("星火计划依赖于天网项目。", "星火计划", "DEPENDS_ON", "天网项目"),
    ),
    zh(
        r"{S}{ADV}(?:处于|进入了?|进入到|到了|转入|转到|在)(?P<status>[\u4e00-\u9fff]{1,6}?)"
        r"(?:阶段|状态|期)",
        _status,
        ex("星火计划目前处于测试阶段。", "星火计划", "STATUS", status="测试"),
    ),
    zh(
        r"{S}{ADV}(?P<status>已经完成|完成|上线|发布|取消|暂停|结束|启动|延期|交付|停止|终止|立项)"
        r"了",
        _status,
        ex("星火计划已经上线了。", "星火计划", "STATUS", status="上线"),
    ),
    zh(
        r"{S}的(?:状态|进度|进展)(?:现在|目前)?(?:是|为|变成了?|变为)(?P<status>[\u4e00-\u9fff]{1,8})",
        _status,
        ex("星火计划的状态是暂停。", "星火计划", "STATUS", status="暂停"),
    ),
    zh(
        r"{S}{ADV}(?P<neg>不再|不|没那么|已经不|已不|早就不|早已不|以前|以往|曾经|原来|原先|过去|之前|从前|小时候"
        r"|早年)?{ADV}(?P<verb>最(?:喜欢|爱|讨厌|厌恶)的[\u4e00-\u9fff]{0,3}?(?:变成了?|换成了?|成了|就是|是)|爱上了?|迷上了?|喜欢上了?|喜欢|热爱"
        r"|喜爱|钟爱|爱(?![人好心情护])|讨厌|厌恶)(?:喝|吃|看|玩|听|养|去|打|读|做|用(?![户途处]))?"
        r"(?:(?:清淡|麻辣|辣|甜|咸|酸|新鲜|健康|素|冰)的)?(?!的)(?:{O}|{NP})",  # (清淡的粤菜: 粤菜; not 最喜欢的…)
        _likes,
        ex("陈一喜欢咖啡。", "陈一", "LIKES", "咖啡"),
        ex("陈一不再喜欢咖啡了。", "陈一", "LIKES", "咖啡", negated=True),
        ex("王五最近爱上了咖啡。", "王五", "LIKES", "咖啡"),
        ex("王丽以前很喜欢咖啡。", "王丽", "LIKES", "咖啡", negated=True),
        ex("胡军现在更爱清淡的粤菜。", "胡军", "LIKES", "粤菜"),
    ),
    zh(
        r"{S}{ADV}{NEG}(?:想|想要|希望|打算|计划|准备|梦想|很想)(?:去|到|要去)(?:{O}|{NP})",
        _wants_to_visit,
        ex("王五想去巴黎旅行。", "王五", "WANTS_TO_VISIT", "巴黎"),
    ),
    zh(
        r"{S}{ADV}(?:去过|去了|到过|访问了?|参观了?|游览了?)(?:{O})(?![^，。]{0,10}(?:上班|工作|任职|实习|读书|读研|定居|安家))",
        _visited,
        ex("王五去过东京。", "王五", "VISITED", "东京"),
    ),
    zh(
        r"{S}{ADV}{NEG}(?:买了|养了|拥有|领养了)(?:[一两几]?[个只辆条套台部头匹])?(?:{O}|{NP})",
        _owns,
        ex("王五买了一辆汽车。", "王五", "OWNS", "汽车"),
    ),
    zh(
        r"{S}{ADV}(?:出生在|出生于|生于|生在){O}",
        _born,
        ex("王五出生在杭州。", "王五", "BORN_IN", "杭州"),
    ),
    zh(
        r"{S}{ADV}(?:来自于?){O}",
        _from,
        ex("王五来自广州。", "王五", "FROM", "广州"),
    ),
    zh(
        r"{S}是{O}人",
        _from,
        ex("王五是上海人。", "王五", "FROM", "上海"),
    ),
    zh(
        r"{S}{ADV}(?:在|(?:转|转学|转学到|转到|转去|去|到)了?)?{O}(?:读书|上学|学习|读研|读博|念书)",
        _studies,
        ex("王五在北京大学读书。", "王五", "STUDIES_AT", "北京大学"),
        ex("王五现在转到复旦大学读博。", "王五", "STUDIES_AT", "复旦大学"),
    ),
    zh(
        r"{S}{ADV}(?:(?:保研|考研|读研|读博|读硕)(?:去了|到了|进了|转到了?|转去了?|转入了?)|考上了?|考进了?|考入了?){O}(?!的(?!研究生|博士|硕士|本科|研))",
        _admitted,
        ex("顾嘉禾保研去了复旦大学。", "顾嘉禾", "STUDIES_AT", "复旦大学"),
        ex("李雷考上了清华大学。", "李雷", "STUDIES_AT", "清华大学"),
    ),
    zh(
        r"{S}{ADV}(?:和|与|跟){O}{ADV}结婚了?",
        _married,
        ex("王五和李梅结婚了。", "王五", "MARRIED_TO", "李梅"),
        ex("王五和李梅已经结婚三年了。", "王五", "MARRIED_TO", "李梅"),
    ),
    zh(  # a wedding held: 他和潘敏的婚礼办得超热闹
        r"{S}{ADV}(?:和|与|跟){O}的婚礼(?:已经|昨天|上周|周末)?(?:办得|办完|办好|举行了|圆满)",
        _married,
        ex("彭涛和潘敏的婚礼办得超热闹。", "彭涛", "MARRIED_TO", "潘敏"),
    ),
    zh(
        # (在上海找工作 is a job hunt: no firm ends in 找)
        r"{S}{ADV}{NEG}(?:在|于)(?!朋友圈|群里|网上|微博|抖音|小红书)(?:{O}|{ONP})(?<![找换丢辞的])(?:工作|上班|任职|就职|供职|实习|(?:办完了?|办好了?|办理了?|办了)?入职)",
        _works_for,
        ex("李雷在星光书店上班。", "李雷", "WORKS_FOR", "星光书店"),
        ex("王芳上周在小米入职了。", "王芳", "WORKS_FOR", "小米"),
        ex("王五在远航物流公司工作。", "王五", "WORKS_FOR", "远航物流公司"),
    ),
    zh(
        # (not 入职培训一整天, 入职手续: the onboarding, no employer)
        r"{S}{ADV}(?:跳槽到|跳槽去|跳槽至|入职|加盟|转投|转到)(?:了)?(?!培训|手续|体检|第一天|第一周|报到|材料|当天|以来|以后|之后)(?![^，,。；;！!？?]{0,8}?(?:组|团队|手下|那边|这边|条线))(?:{O}|{ONP})(?=[，,。；;！!？?]|$|工作|上班|做|当|担任)",
        _works_for,
        ex("李雷跳槽到了华为。", "李雷", "WORKS_FOR", "华为"),
    ),
    zh(
        r"{S}{ADV}(?:离开|退出|辞去|告别)(?:了)?{ONP}(?=以后|之后|后|的时候|时|[，,。；;！!？?]|$)",
        _leave,
        ex("李雷离开了星光书店。", "李雷", "WORKS_FOR", "星光书店", negated=True),
    ),
    zh(
        r"{S}{ADV}(?:是|为|成为了?){ONP}的(?P<role>员工|职员|经理|总监|主管|工程师|一员|销售|设计师|会计)",
        _role,
        ex("李雷是星光书店的员工。", "李雷", "WORKS_FOR", "星光书店", role="员工"),
    ),
    zh(
        r"(?:{O}{ADV})?(?<!交接)(?<!交接工作)(?<!原)(?<!原来)(?<!原先)(?<!原本)(?<!以前)(?<!之前)(?<!曾经)(?:改由|改为|改|交给了?|转由|转交给|将由|由){SNP}(?:来)?(?:接手|接管|负责|主管|领导|管理|牵头|主导|接任)",
        _takeover,
        ex("星火计划交给阿明负责。", "阿明", "MANAGES", "星火计划"),
    ),
    zh(
        r"{S}{ADV}从(?:{Z}|{NP})(?:搬到|搬去|搬回到?|迁到|迁居到|移居到|搬家到)(?:了)?{O}",
        _move,
        ex("王五从北京搬到了上海。", "王五", "LIVES_IN", "上海"),
        ex("王五上个月从北京搬到了上海。", "王五", "LIVES_IN", "上海"),
    ),
    zh(
        r"{S}的(?:新)?家(?:现在|目前)?(?:在|位于|搬到了?){O}",
        _lives,
        ex("王五的家在杭州。", "王五", "LIVES_IN", "杭州"),
    ),
    zh(
        r"{S}{ADV}的(?:状态|进度|进展)(?:现在|目前)?(?:是|为|变成了?|变为|改为)(?P<status>[\u4e00-\u9fff]{1,8})",
        _status,
        ex("星火计划目前的进度是延期。", "星火计划", "STATUS", status="延期"),
    ),
    zh(
        r"{S}{ADV}从(?:{Z}|{NP})(?:跳槽到|跳槽去|跳槽至|跳到|换到)(?:了)?(?:{O}|{ONP})"
        r"(?=[，,。；;！!？?]|$|工作|上班|做|当|担任)",
        _job_change,
        ex("李雷去年从华为跳槽到了阿里巴巴。", "李雷", "WORKS_FOR", "阿里巴巴"),
        ex("李雷去年从华为跳槽到了阿里巴巴。", "李雷", "WORKS_FOR", "华为", negated=True),
    ),
    zh(
        r"{S}{ADV}被(?!调|派|安排|分配|借调|抽调)(?:{O}|{ONP})(?:正式)?(?:录用|聘用|雇用|雇佣|招聘|聘请|招进|招入|挖走|聘为|聘任为|聘请为)(?:了)?",
        _hired,
        ex("王芳被字节跳动录用了。", "王芳", "WORKS_FOR", "字节跳动"),
    ),
    # 彭博在滴滴的最后一天是上周五 (past: a last day still to come ends nothing yet)
    zh(
        r"{S}在{O}的最后一(?:天|个工作日)(?:是|在)?(?:昨天|前天|上周|上个?星期|上个?礼拜|上个?月|去年|今天)",
        _job_ended_at,
        ex("彭博在滴滴公司的最后一天是上周五。", "彭博", "WORKS_FOR", "滴滴公司", negated=True),
    ),
    # 谢娜已经不在新浪了: no longer there (a job at an organisation, a home at a place)
    zh(
        r"{S}(?:已经|已|早就)不在{O}(?:工作|上班|任职)?了",
        _leave,
        ex("谢娜已经不在新浪公司了。", "谢娜", "WORKS_FOR", "新浪公司", negated=True),
    ),
    # 程浩的妻子林夕去年去世了: the marriage ends both ways
    zh(
        r"{S}的(?:妻子|丈夫|老婆|老公|爱人){O}{ADV}(?:去世|过世|病逝|逝世)",
        _divorced,
        ex("程浩的妻子林夕去年去世了。", "程浩", "MARRIED_TO", "林夕", negated=True),
    ),
    # 星河项目换了新负责人，是邱实
    zh(
        r"{O}{ADV}(?:换了|有了)(?:新的?|一位新的?|一个新的?)(?:负责人|经理|主管|领导)[，,]?(?:是|由)?"
        r"(?:{S}|{SNP}(?=[。，,；;！!]|$))",
        _takeover,
        ex("星河项目换了新负责人，是邱实。", "邱实", "MANAGES", "星河项目"),
    ),
    # 蒋雯现在和丈夫住在大连
    zh(
        r"{S}{ADV}(?:和|跟|与)(?:丈夫|妻子|老公|老婆|家人|父母|孩子|男朋友|女朋友|爱人|未婚夫|未婚妻)"
        r"{ADV}(?:一起)?住在{O}",
        _lives,
        ex("蒋雯现在和丈夫住在大连。", "蒋雯", "LIVES_IN", "大连"),
    ),
    # 杜甫现在自己创业了: no employer any more
    zh(
        r"{S}{ADV}(?:自己创业|出来创业|自主创业|开始创业|辞职创业|当了自由职业者|成了自由职业者|做起了自由职业)",
        _left_job,
        ex("张伟现在自己创业了。", "张伟", "WORKS_FOR", None, negated=True),
    ),
    # 白露已经从长沙搬走了
    zh(
        r"{S}{ADV}从{O}搬(?:走|出去|出来)",
        _leave,
        ex("白露已经从长沙搬走了。", "白露", "LIVES_IN", "长沙", negated=True),
    ),
    # 王勃去年在复旦大学拿到了学位
    zh(
        r"{S}{ADV}(?:在|从){O}(?:拿到|获得|取得|拿)了?(?:学位|文凭|毕业证|硕士学位|博士学位|学士学位)",
        _graduated,
        ex("王勃去年在复旦大学拿到了学位。", "王勃", "STUDIES_AT", "复旦大学", negated=True),
    ),
    # 卫青离开海尔以后加入了华为: the second clause keeps the subject
    zh(
        r"{S}{ADV}离开(?:了)?(?:{Z}|(?P<znp>[\u4e00-\u9fffA-Za-z]{2,8}?))(?:以后|之后|后)[，,]?{ADV}"
        r"(?:加入|跳槽到|跳槽去|进入|进了)(?:了)?{O}",
        _job_change,
        ex("卫青离开海尔以后加入了华为。", "卫青", "WORKS_FOR", "华为"),
    ),
    # 林峰已经不是我的上司了
    zh(
        r"{O}{ADV}(?P<neg>不是|不再是|已经不是|已不是){S}的(?:直属)?(?:上司|领导|老板|经理|主管|上级)",
        _boss_is,
        ex("林峰已经不是马超的上司了。", "马超", "REPORTS_TO", "林峰", negated=True),
    ),
    # 杨帆毕业了 (no school named)
    zh(
        r"{S}{ADV}(?:毕业|顺利毕业)(?:了)(?=[。，,；;！!]|$)",
        _left_school,
        ex("杨帆毕业了！", "杨帆", "STUDIES_AT", None, negated=True),
    ),
    # 我现在对寿司过敏，不能吃了
    zh(
        r"{S}{ADV}对(?:{O}|{NP})过敏[，,]\s*(?:已经|再也|现在)?(?:不能|没法|不再|不敢)(?:吃|喝|碰)了",
        _stopped_liking,
        ex("韩梅现在对寿司过敏，不能吃了。", "韩梅", "LIKES", "寿司", negated=True),
    ),
    # 终于搬进了南京的新家
    zh(
        r"{S}{ADV}搬进(?:了)?{O}的(?:新)?(?:家|房子?|公寓|住处)",
        _move,
        ex("柏林终于搬进了南京的新家。", "柏林", "LIVES_IN", "南京"),
    ),
    # 金花的丈夫去年过世了 (no name), 金花守寡了
    zh(
        r"{S}的(?:妻子|丈夫|老婆|老公|爱人){ADV}(?:去世|过世|病逝|逝世)",
        _widowed,
        ex("宋佳的丈夫去年过世了。", "宋佳", "MARRIED_TO", None, negated=True),
    ),
    zh(
        r"{S}{ADV}(?:守寡|成了寡妇|成了鳏夫)",
        _widowed,
        ex("宋佳守寡了。", "宋佳", "MARRIED_TO", None, negated=True),
    ),
    # 吴迪和网易的合同三月份到期了
    zh(
        r"{S}(?:和|与|跟){O}的(?:劳动|工作)?合同{ADV}(?:到期|结束|终止|没有续签)",
        _job_ended_at,
        ex("吴迪和网易公司的合同三月份到期了。", "吴迪", "WORKS_FOR", "网易公司", negated=True),
    ),
    # 网易把吴迪开除了
    zh(
        r"{O}{ADV}把{S}(?:给|也|都)?(?:开除|解雇|辞退|裁掉|裁了|炒了|炒掉|炒鱿鱼|开掉)",  # (裁/炒 bare: 腾讯把我裁了)
        _job_ended_at,
        ex("网易公司把吴迪开除了。", "吴迪", "WORKS_FOR", "网易公司", negated=True),
    ),
    # 她从春天开始就在宁波住了
    zh(
        r"{S}{ADV}从[^，,。\ue000]{1,8}(?:开始|起)(?:就)?(?:一直)?(?:在|住在){O}(?:住|生活|定居)?",
        _lives,
        ex("周敏从春天开始就在宁波住了。", "周敏", "LIVES_IN", "宁波"),
    ),
    # a job ended without naming it: 黄明去年退休了 / 周杰辞职了 / 朱琳被解雇了 (the clause ends there)
    zh(
        r"{S}{ADV}(?:辞职|退休|离职|下岗|失业|丢了工作|丢掉了工作|没了工作"
        r"|被(?:公司)?(?:裁员|解雇|辞退|开除|裁掉|炒鱿鱼))(?:了)?"
        r"(?=[。，,；;！!]|$)",
        _left_job,
        ex("黄明去年退休了。", "黄明", "WORKS_FOR", None, negated=True),
        ex("周杰辞职了。", "周杰", "REPORTS_TO", None, negated=True),
        ex("朱琳被解雇了。", "朱琳", "WORKS_FOR", None, negated=True),
    ),
    zh(
        r"{S}{ADV}被{O}(?:裁员|解雇|辞退|开除|裁掉|炒鱿鱼)(?:了)?",
        _leave,
        ex("朱琳被滴滴公司裁员了。", "朱琳", "WORKS_FOR", "滴滴公司", negated=True),
    ),
    zh(
        r"{S}{ADV}(?:从)?{O}{ADV}(?:毕业|退学|辍学|肄业)(?:了)?",
        _graduated,
        ex("李华去年从北京大学毕业了。", "李华", "STUDIES_AT", "北京大学", negated=True),
    ),
    zh(
        r"{S}{ADV}(?:毕业于){O}",
        _graduated,
        ex("李华毕业于北京大学。", "李华", "STUDIES_AT", "北京大学", negated=True),
    ),
    zh(
        r"{S}{ADV}(?:和|与|跟){O}{ADV}(?:离婚|离异|分居|分手)(?:了)?",
        _divorced,
        ex("陈明和赵雪去年离婚了。", "陈明", "MARRIED_TO", "赵雪", negated=True),
        ex("陈明和赵雪去年离婚了。", "赵雪", "MARRIED_TO", "陈明", negated=True),
    ),
    zh(  # a divorce done: "和许飞的离婚手续上周办完了"
        r"{S}{ADV}(?:和|与|跟){O}的离婚(?:手续|协议|官司)?[^，。！？]{0,6}?(?:办完|办好|签了|签好|生效|办理完毕|完成|判了|判下来)",
        _divorced,
        ex("曹颖和许飞的离婚手续上周办完了。", "曹颖", "MARRIED_TO", "许飞", negated=True),
    ),
    zh(
        r"{S}{ADV}从{Z}的(?:团队|小组|组|部门)(?:调到|转到|调入|换到|调去|去|进入)(?:了)?(?:{O}|{ONP})的"
        r"(?:团队|小组|组|部门)",
        _join_team,
        ex("刘芳从陈伟的团队调到了张敏的团队。", "刘芳", "REPORTS_TO", "张敏"),
        ex("刘芳从陈伟的团队调到了张敏的团队。", "刘芳", "REPORTS_TO", "陈伟", negated=True),
    ),
    zh(
        r"{S}{ADV}被(?:调到|调入|分到|分配到|安排到|调去|调进|划到|划入|划归)(?:了)?(?:{O}的?|{ONP}的)(?:团队|小组|组|部门|手下)",
        _join_team,
        ex("夏雨被调到了王五的团队。", "夏雨", "REPORTS_TO", "王五"),
    ),
    # 把-handover: "唐宁把星河项目(的管理工作)交给了韦东"; "没有把…交给" states nothing new
    zh(
        r"{Z}{ADV}{NEG}把{O}(?:的(?:管理|负责)?工作|的管理权|的负责人)?(?:交给|移交给|转交给|交接给"
        r"|转给|交由|移交)(?:了)?{S}(?:来)?(?:负责|管理|主管|接手|打理)?",
        _takeover,
        ex("唐宁把星河项目交给了韦东。", "韦东", "MANAGES", "星河项目"),
        ex("唐宁把星河项目交给了韦东。", "唐宁", "MANAGES", "星河项目", negated=True),
    ),
    zh(
        r"{O}{ADV}被(?:交给|移交给|转交给|交接给|转给|交由)(?:了)?{S}(?:来)?(?:负责|管理|主管|接手"
        r"|打理)?",
        _takeover,
        ex("猎户计划被交给了曹颖管理。", "曹颖", "MANAGES", "猎户计划"),
    ),
    zh(
        r"{S}{ADV}(?P<neg>不再|已经不再|已不再|已经不|已不)(?P<status>暂停|延期|取消|停止|冻结|搁置"
        r"|测试|开发)(?:了)?",
        _status,
        ex("北斗计划不再暂停了。", "北斗计划", "STATUS", negated=True, status="暂停"),
    ),
    zh(
        r"{S}{ADV}(?:对)(?:{O}|{NP})(?:感到)?(?:厌倦|腻|没兴趣|失去了?兴趣)(?:了)?",
        _stopped_liking,
        ex("韩梅梅对咖啡厌倦了。", "韩梅梅", "LIKES", "咖啡", negated=True),
    ),
    zh(
        r"{S}{ADV}(?:从{Z}(?:转学到|转学去|转学至|转到|转入)|转学(?:到|去|至))(?:了)?{O}",  # (袁博大二转学去了港大)
        _school_change,
        ex("刘洋从南开大学转学到了天津大学。", "刘洋", "STUDIES_AT", "天津大学"),
        ex("刘洋从南开大学转学到了天津大学。", "刘洋", "STUDIES_AT", "南开大学", negated=True),
    ),
    # "白露现在由钱伟管理": managed by a person is reporting to them (a project: managing it)
    zh(
        r"{O}{ADV}(?P<neg>不再|已经不|已不|不)?(?:改由|转由|由|归)(?:{S}|{SNP})(?:来)?(?:管理|领导|带领|带|管)",
        _manages,
        ex("白露现在由王五管理。", "白露", "REPORTS_TO", "王五"),
        ex("包拯现在归寇准管。", "包拯", "REPORTS_TO", "寇准"),
        ex("飞鸿项目从三月份起就不归吴强管了。", "吴强", "MANAGES", "飞鸿项目", negated=True),
    ),
)

ZH_ROWS: tuple[PatternRow, ...] = _ZH_MAIN_ROWS + ZH_MORE_ROWS
# What the extractor and the literal pre-filter run: (compiled regex, handler) per row.
ZH_PATTERNS: list[tuple[re.Pattern[str], Handler]] = [(r.pattern, r.handler) for r in ZH_ROWS]
