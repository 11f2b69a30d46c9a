"""A Chinese liking said to have ended leaves the liking unsure (the doubt rule's kind, :mod:`.doubt`).

Blind text says the end of a taste in words the patterns do not read as a dislike: 已经戒了咖啡,
摇滚乐听着只觉得吵, 我现在吃不了香菜了, 不跳广场舞了, 韩剧早就追腻了, 啤酒一口都不碰. The doubt rule
doubts a liking only when its object is named with a change word or the opposite feeling it knows;
these clauses name the liked thing (or the start of its name: 摇滚 of 摇滚乐) together with a word
that ends a habit (戒, 不再, 再也不, 不…了, 不碰) or an aversion (烦, 腻, 吵, 恶心, 受不了, 发怵).
The person is the one person the sentence names, else the speaker, else -- in a note that names
no one (客户表示已经戒了咖啡) -- the one salient person who likes that thing. Nothing is doubted when
the clause is asked, wished, hearsay or denied, when the liking is said to hold (还是, 照样, 依然),
when it is a pause (暂时, 少吃, 一周) or when the clause is about someone else (我妈, 女朋友, 同事).
Only ``LIKES``; the unsure liking is not stated as current and stays in the history.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ...models import Relation
from ...nlp.base import Annotation
from .coref import Referent
from .schema import PERSON, Mention, RelationProposal
from .updates import is_unsure, unsure_version

__all__ = ["zh_taste_ends"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
_CLAUSE = re.compile(r"[，,。；;！!？?：:~～…\s]+")
# a habit ended or an aversion said in the clause that names the liked thing
_ENDED = re.compile(
    r"戒(?!指|不)|不再|再也不|不碰|不沾|没兴趣|没意思|没感觉|不感冒|腻|(?<!麻)烦(?!着|请|劳|你|您|他|她)|讨厌|反感|受不了|[吃喝听看]不了|吵|恶心|难受|发怵|头大"
    r"|不(?!错|少|多|久|过|仅|但|到|同|一样|得|了)[^不了]{0,6}了$"
)
# not (yet) an end, in the clause: asked, wished, planned, paused
_NOT_ENDED = re.compile(
    r"[一几两三]天不|[要想]戒|离不开|少不了|没有\w{0,4}就|吗|么|呢|如果|要是|万一|假如|打算|准备|想要|会不会|能不能|是不是|不是|误会|暂时|少吃|少喝|一周|几天|这周|不然|怕是|哪里|怎么"
)
# in the sentence: the liking said to hold, or the end hearsay or denied
_KEPT = re.compile(r"还是|照样|照旧|依然|仍然|一直|始终|听说|据说|有人说|传言|谣言|没有的事|不是真的|[?？]")
# someone else's taste: a relative said as someone's (我妈, 他女朋友; not 妈 called), a friend,
# a colleague, people
_OTHERS = re.compile(
    r"(?:我|你|他|她|的|咱)们?(?:妈|爸|母亲|父亲|女朋友|男朋友|对象|老公|老婆|儿子|女儿|孩子|姐|哥|弟|妹|家)"
    r"|同事|室友|朋友|邻居|大家|别人|他们|她们|[多少些有]人|人们"
)


def _named_in(name: str, clause: str) -> bool:
    """Whether ``clause`` names ``name``, or the start of a name of three or more characters
    (摇滚 of 摇滚乐, 广场 of 广场舞 is too short to be the thing: two characters of two)."""
    if not name or not _CJK.search(name):
        return False
    return name in clause or (len(name) >= 3 and name[: len(name) - 1] in clause)


def _end_clauses(text: str) -> list[tuple[int, int]]:
    """The clauses (offsets) of a sentence that say an ended habit or an aversion, none asked,
    wished, denied, paused or about someone else."""
    out, start = [], 0
    for cut in [*_CLAUSE.finditer(text), None]:
        end = cut.start() if cut else len(text)
        clause = text[start:end]
        if clause and _ENDED.search(clause) and not _NOT_ENDED.search(clause) and not _OTHERS.search(clause):
            out.append((start, end))
        start = cut.end() if cut else end
    return out


def zh_taste_ends(
    annotation: Annotation,
    mentions: Sequence[Mention],
    proposals: Sequence[RelationProposal],
    sentence_statements: Sequence[int],
    speaker_id: str | None,
    likes_of: Callable[[str], list[Relation]],
    recent: tuple[int, Sequence[Referent]] = (0, ()),
) -> list[RelationProposal]:
    """Unsure versions of the current likings a Chinese sentence says have ended (none the
    ``proposals`` of the same text read).

    ``likes_of(entity)``: the entity's current ``LIKES`` relations (looked up only for a
    sentence with an end clause); ``recent``: the namespace's last step and salient entities."""
    # a taste the patterns read from this text (ended by 林晓戒了咖啡, or liked again) is theirs
    read = {(p.subject_id, p.object_id) for p in proposals if p.type in ("LIKES", "DISLIKES")}
    out: list[RelationProposal] = []
    seen: set[str] = set()
    for i, sentence in enumerate(annotation.sentences):
        if not _CJK.search(sentence.text) or _KEPT.search(sentence.text):
            continue
        spans = _end_clauses(sentence.text)
        clauses = [sentence.text[a:b] for a, b in spans]
        if not spans:
            continue
        named = [m for m in mentions if m.sentence == i and m.kind == "name" and m.type == PERSON]
        # whose taste ended: the people the end clauses name, else the speaker's, else the one
        # person the sentence names (not one who only recommended the new thing: 被石琳安利了)
        people = {e for m in named for e in m.entity_ids
                  if any(a <= m.start - sentence.start_char < b for a, b in spans)}
        if not people and speaker_id is None:
            people = {e for m in named for e in m.entity_ids}
        if len(people) > 1:
            continue  # unsure whose: "小吴戒咖啡了，邓丽也戒了"
        holders = sorted(people) or ([speaker_id] if speaker_id is not None else [])
        lone = not holders
        if lone:  # a note that names no one: the one salient person who likes the thing
            holders = [r.id for r in recent[1] if r.type == PERSON]
        index = sentence_statements[i] if i < len(sentence_statements) else 0
        found: list[Relation] = []
        for entity in holders:
            found += [rel for rel in likes_of(entity)
                      if rel.type == "LIKES" and rel.subject_id == entity and rel.id not in seen
                      and not is_unsure(rel) and (rel.subject_id, rel.object_id) not in read and any(_named_in(str(rel.object_name or ""), c) for c in clauses)]
        if lone and len({rel.subject_id for rel in found}) != 1:
            continue
        for rel in found:
            seen.add(rel.id)
            out.append(unsure_version(rel, index))
    return out
