"""Rows for a Chinese handover told in a notice's or a note's words: a project now run by someone,
said with a time before it or a stand-in's verb (凤凰项目自即日起由郑雪暂代负责, 青鸟项目这段时间由
胡军暂管, 灯塔项目以后归邓超管了), given to someone (北斗项目被划给了林晓燕管), or its lead changed from one
person to another (青松项目负责人由吴娜变更为郑浩); and a minutes list's "(原X，现Y)" after a name
(魏明（原比亚迪，现蔚来）): the firm now is Y.

The rows in ``chinese.py`` read the plain forms (北斗计划由郑十负责, 白露现在由王五管理); a time phrase
between the project and 由/归 (以后, 这段时间, 自即日起) or a stand-in's 暂/代 before the verb left
the old lead stated as current. A person after 由/归 is a reporting line, not a project (``_manages``
reads it so); a plan is not read here (由郑雪负责吧? a question, 将由: the rows of plans).
``tests/unit/test_relations_patterns_table.py`` runs every example.
"""

from __future__ import annotations

from .blocks import _SLOT, PatternRow, ex, zh
from .handlers import _manages, _takeover, _works_for

__all__ = ["ZH_HANDOVER_ROWS"]

# a time said between a project and who runs it now ("以后", "这段时间", "自即日起", "从本周起")
_SINCE = (
    r"(?:以后|今后|往后|此后|从此|这段时间|这段期间|这阵子|期间|暂时|临时"
    r"|(?:自|从)?即日起|(?:自|从)(?:本|下|这)(?:周|个?月)(?:一)?起"
    r"|这" + _SLOT + r")"  # (这 + 段时间, the annotator's time word)
)
# a stand-in's or a full lead's word before the verb: 暂代负责, 暂管, 全权负责, 代为管理
_STAND_IN = r"(?:暂代|暂时|暂|临时|全权|代为|代)?"

ZH_HANDOVER_ROWS: tuple[PatternRow, ...] = (
    zh(
        r"{O}{ADV}" + _SINCE + r"{ADV}(?:改由|转由|由|归){S}(?:来)?" + _STAND_IN
        + r"(?:负责|管理|主管|接手|接管|管|带)(?![^，。！？]{0,6}[吗吧？?])",
        _takeover,
        ex("凤凰项目自即日起由郑雪负责。", "郑雪", "MANAGES", "凤凰项目"),
        ex("青鸟项目这段时间由胡军暂管。", "胡军", "MANAGES", "青鸟项目"),
        ex("灯塔项目以后归邓超管了。", "邓超", "MANAGES", "灯塔项目"),
    ),
    zh(
        r"{O}{ADV}(?:改由|转由|由|归){S}(?:暂代|暂时|暂|临时|代为|代)"
        r"(?:负责|管理|主管|接手|接管|管|带)(?![^，。！？]{0,6}[吗吧？?])",
        _takeover,
        ex("青鸟项目由胡军暂管。", "胡军", "MANAGES", "青鸟项目"),
    ),
    zh(
        r"{O}{ADV}被(?:划给|划归|划到|分给|分到)了?{S}(?:来)?(?:管|负责|管理|名下)",
        _takeover,
        ex("北斗项目被划给了林晓燕管。", "林晓燕", "MANAGES", "北斗项目"),
    ),
    zh(
        r"{O}的?(?:负责人|项目经理|经理|主管){ADV}由{Z}(?:变更|更换|调整|改|换)(?:为|成){S}",
        _manages,
        ex("青松项目负责人由吴娜变更为郑浩。", "郑浩", "MANAGES", "青松项目"),
        ex("青松项目负责人由吴娜变更为郑浩。", "吴娜", "MANAGES", "青松项目", negated=True),
    ),
    # a minutes list: "魏明（原比亚迪，现蔚来）" (the row in chinese_more.py reads "（现京东）")
    zh(
        r"{S}[（(]\s*原[^（）()，,、；;]{1,12}[，,、；;]\s*现(?:就职于|任职于|供职于|在|于)?{O}[^（）()]{0,8}[）)]",
        _works_for,
        ex("参会人：魏明（原比亚迪，现蔚来）、刘佳（主持）。", "魏明", "WORKS_FOR", "蔚来"),
    ),
)
