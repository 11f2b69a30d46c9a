"""How the doubt rule (:mod:`.doubt`) finds a relation's other end in a sentence: named, by a
short name, by its initials, by a word of its family, after "from", or said to hold ("is staying
at Intel", 还在华为)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence

from ...models import Relation
from ...nlp.base import Sentence, Token
from .doubt_words import ARROW, CHANGE, FAMILIES
from .lexicon import gender_of
from .names import is_cjk
from .patterns.scopes import left_out as _excluded
from .schema import DATE, LOCATION, ORG, PERSON, PRODUCT, PROJECT, Mention, RelationProposal

__all__ = [
    "acronym_named",
    "by_sentence",
    "carried_subject",
    "family_named",
    "kept",
    "left_from",
    "left_out",
    "modifier_only",
    "named",
    "reads_by_statement",
    "same_thing",
    "word_named",
    "zh_objects",
]


# a transcript line's label ("Alice: my bf moved to Paris", "Alice：我哥哥搬到了上海"), its line about
# someone of the label's (a first-person possessive with a person noun): not the one who changed
# (a line in the first person alone, "田甜：医生不让我碰咖啡了", is still the label's own change)
_LABELLED_LINE = re.compile(
    r"[ \t]*[:：][ \t]*(?=[^\n]*?(?:\b[Mm]y\s+(?:bf|gf|boyfriend|girlfriend|husband|wife|partner"
    r"|brother|sister|mum|mom|dad|father|mother|son|daughter|friend|boss|colleague|roommate|flatmate"
    r"|cousin|uncle|aunt|neighbou?r)s?\b|我的?(?:哥哥|哥|弟弟|弟|姐姐|姐|妹妹|妹|老公|老婆|男朋友|女朋友"
    r"|对象|爸爸|爸|妈妈|妈|儿子|女儿|朋友|同事|室友|老板|领导|邻居)))"
)


def left_out(text: str, sentence_start: int, mention: Mention) -> bool:
    """Whether ``mention`` names no one who changed: a name in a list an exclusion leaves out
    ("everyone except Bob"), or the label of a transcript line about someone of the label's
    ("Alice: my bf moved to Paris" is the bf's move)."""
    if mention.kind == "name" and _LABELLED_LINE.match(text, mention.end) \
            and not text[text.rfind("\n", 0, mention.start) + 1 : mention.start].strip():
        return True
    return _excluded(text, sentence_start, mention)


def named(name: str, text: str) -> bool:
    """Whether ``name`` occurs in ``text`` as words ("pho" is not in "phone"; 武汉 in 武汉的)."""
    if not name.isascii():  # (团建 names 团建活动, 清华 names 清华大学)
        stem = re.sub(r"(?:活动|项目|计划|工程|大学|学院|公司|集团|团队|音乐|乐)$", "", name)  # (摇滚 for 摇滚乐)
        short = f"{name[0]}大" if name.endswith("大学") and len(name) >= 4 else ""  # 浙大 for 浙江大学
        # (a verb and its object with an aspect between them: 爬过山 names 爬山, 游了泳 游泳)
        split = len(name) == 2 and any(f"{name[0]}{a}{name[1]}" in text for a in "过了着")
        return name in text or (len(stem) >= 2 and stem in text) or (bool(short) and short in text) or split
    # "podcasts" is named by "every podcast" too
    forms = [name, name[:-1]] if name.endswith("s") and len(name) > 3 else [name]
    last = name.split()[-1] if name.strip() else ""
    if " " in name and len(last) >= 4 and last not in _GENERIC_HEADS:
        forms.append(last)  # "the Vertuo" names "Nespresso Vertuo"
    # (a form not in the text at all needs no regex: most names of a person's many facts)
    return any(f in text and re.search(rf"(?<![\w]){re.escape(f)}(?![\w])", text) for f in forms)


def kept(name: str, text: str) -> bool:
    """Whether ``text`` says the old value ``name`` holds ("is staying at Intel", "went back to
    Umar's group", 还在华为, 开春再回昆明)."""
    return bool(kept_at(name, text))


def kept_at(name: str, text: str) -> list[int]:
    """Where ``text`` says the old value ``name`` holds (see :func:`kept`)."""
    if name not in text:  # (each form below holds the name as it is)
        return []
    if not name.isascii():
        return [text.find(f"{k}{name}") for k in _KEPT_ZH if f"{k}{name}" in text]
    if not any(k in text for k in _KEPT_WORDS):  # (one of them is in every match: no regex)
        return []
    keep = r"(?:stay(?:s|ed|ing)?(?: on)?|still(?: \w+)?|remain(?:s|ed|ing)?|back(?: home)?)"
    # (a thing given back is no return: "handed my laptop and badge back to Deloitte")
    runs = r"still (?:running|managing|leading|heading|owning|on|in charge of)"  # "she's still running it"
    return [
        m.start()
        for m in re.finditer(rf"\b(?:{keep} (?:at|in|with|to|for|under)|{runs}) (?:the )?{re.escape(name)}(?![\w])", text)
        if not (m.group().startswith("back") and _GIVEN.search(text, max(0, m.start() - 48), m.start()))
        # "used to be 5 mins from the pitch back in valencia": then, not a return
        and not (m.group().startswith("back in") and _USED_TO.search(text, max(0, m.start() - 60), m.start()))
    ]


_USED_TO = re.compile(r"\bused to\b|\bwhen (?:i|we|he|she|they) (?:was|were|lived)\b")


# a marriage's end said as a noun ("the divorce from Javier went through"): a change for
# :func:`said_before` only (a divorce lawyer changes no one's home or job)
_UNION_ENDED = re.compile(r"\bdivorc(?:e|ed|es|ing)\b", re.IGNORECASE)
# the clauses of :data:`EN_CLAUSE`, also cut before "so" ("... went through last week so it should
# be my sister now")
_SAID_PARTS = re.compile(r"(?:[^,;!—–\s]+|\s+(?!so\s))+")
_THINGS = frozenset({DATE, LOCATION, ORG, PRODUCT, PROJECT})
_WHO = re.compile(r"\s*,?\s*who\b", re.IGNORECASE)
_BREAK = re.compile(r"[;:!?，；：！？。—–]|,(?!\s*who\b)|\s-\s|[\U0001F300-\U0001FAFF\u2600-\u27BF]")  # (", who": hers)


class CueOwners:
    """Whose a cue of a sentence is: the person named as the subject right before it. "Mei's the
    one who left: she's renting in Sapporo now, Aiko stayed put" -- the stay is Aiko's, not Mei's;
    "Jonas still has to commute back to bristol" is Jonas's trip. A pronoun before it, an object
    ("approvals go to Pedro in the meantime"), a clause break or a name that may be a thing
    ("Mombasa conference") leaves it anyone's."""

    def __init__(self, sentence: Sentence, mentions: Sequence[Mention], index: int, objects: set[int]) -> None:
        self.folded = sentence.text.casefold()
        self._args = (sentence, mentions, index, objects)
        self._names: list[tuple[int, int, bool, tuple[str, ...]]] | None = None  # (read when asked)

    @property
    def _before(self) -> list[tuple[int, int, bool, tuple[str, ...]]]:
        """The persons named in the sentence: (start, end, a subject's name?, entity ids)."""
        if self._names is None:
            sentence, mentions, index, objects = self._args
            start = sentence.start_char
            verb_next = {  # names followed by a verb ("Jonas still has to"): a subject
                t.start_char - start
                for t, nxt, after in zip(sentence.tokens, sentence.tokens[1:], [*sentence.tokens[2:], None], strict=False)
                if nxt.upos in ("VERB", "AUX") or (nxt.upos == "ADV" and after is not None and after.upos in ("VERB", "AUX"))
            }
            self._names = sorted(
                (m.start - start, m.end - start, (m.kind == "name" and m.start not in objects and (
                    m.type == PERSON or gender_of(m.text.split()[0]) is not None
                    or bool(verb_next & set(range(m.start - start, m.end - start)))
                    or _WHO.match(sentence.text, m.end - start) is not None  # "his cousin Efua, who still drives back"
                )) or (m.kind == "pronoun" and m.person == 1)  # ("… and I'm still in Toronto": the writer's)
                # "she's settled in Wrocław now, he stayed put": his, the one "he" names
                or (m.kind == "pronoun" and m.text.casefold() in ("he", "she") and len(m.entity_ids) == 1
                    and m.start not in objects), m.entity_ids)
                for m in mentions
                if m.sentence == index and m.type not in _THINGS and (m.kind == "name" or (m.kind == "pronoun" and m.gender != "n"))
            )
        return self._names

    def others(self, starts: Iterable[int], ends: Iterable[str | None]) -> bool:
        """Whether there is a cue at ``starts`` and every one follows the name of a person who is
        not one of ``ends`` (a relation's: "Diego was off sick" is a stand-in for his report)."""
        found, ends = False, set(ends)
        for at in starts:
            near = [b for b in self._before if b[0] < at]
            if not near or not near[-1][2] or ends.intersection(near[-1][3]) \
                    or _BREAK.search(self.folded, near[-1][1], at):
                return False
            found = True
        return found

    def matched(self, pattern: re.Pattern[str], ends: Iterable[str | None]) -> bool:
        """:meth:`others` for the matches of ``pattern`` in the sentence."""
        return self.others((m.start() for m in pattern.finditer(self.folded)), ends)


_GIVEN = re.compile(r"\b(?:hand(?:s|ed|ing)?|g[ai]ve|giv(?:es|en|ing)|return(?:s|ed|ing)?|sen[dt]|sending"
                    r"|brought|bring(?:s|ing)?|mail(?:s|ed)?|post(?:s|ed)?|drop(?:s|ped)?|pa(?:y|id)"
                    r"|badges?|laptops?|keys|(?:id|access|staff|work) (?:card|pass)|lanyard|uniform)\b")


_KEPT_ZH = ("还在", "仍在", "仍然在", "依然在", "留在", "再回", "又回", "回到", "还是")
_KEPT_WORDS = ("stay", "still", "remain", "back")
# last words of a name that alone name nothing ("the plan", "the team")
_GENERIC_HEADS = frozenset(
    "plan plans team club show music food project office group company school university college"
    " band game games app apps lunch lunches dinner course class".split()
)
_NAME_FILLER = frozenset({"university", "of", "the", "college", "school", "project", "team", "inc"})


@functools.lru_cache(maxsize=4096)
def _initials(name: str) -> str:
    """The first letters of ``name``'s capitalised words: "UT" for "University of Texas"."""
    return "".join(w[0] for w in re.findall(r"[A-Z][\w'’]*", name))


def same_thing(entity_id: str, name: str) -> bool:
    """Whether an entity id (a slug of its name) and a name share a distinctive word, or one
    Chinese name starts the other: "cardiff" and "Cardiff University", 复旦 and 复旦大学; or the
    id is the name's initials: "ut" and "University of Texas", "u-of-t" and "University of
    Toronto"."""
    initials = _initials(name).casefold()
    if len(initials) >= 2 and entity_id.casefold() == initials:
        return True
    letters = [w for w in re.split(r"[\W_]+", entity_id.casefold()) if w and w not in _NAME_FILLER]
    if len(initials) >= 2 and len(letters) >= 2 and all(len(w) == 1 for w in letters) \
            and "".join(letters) == initials:
        return True  # "u-of-t": "U of T" for "University of Toronto"
    name = name.casefold()
    if is_cjk(name):
        return len(entity_id) >= 2 and (name.startswith(entity_id) or entity_id.startswith(name))
    words = set(re.split(r"[\W_]+", entity_id.casefold())) - _NAME_FILLER - {""}
    return bool(words & (set(re.split(r"\W+", name)) - _NAME_FILLER))


def acronym_named(name: str, text: str) -> bool:
    """Whether the initials of ``name``'s capitalised words ("UT" for "University of Texas",
    "KCL" for "King's College London") stand in ``text`` as a word in capitals."""
    initials = _initials(name)
    return len(initials) >= 2 and initials in text \
        and re.search(rf"(?<![\w]){initials}(?![\w])", text) is not None


def family_named(name: str, text: str) -> bool:
    """Whether a word of the activity ``name``'s family occurs in ``text`` (:data:`FAMILIES`)."""
    family = FAMILIES.get(name.casefold())
    return family is not None and family.search(text) is not None


def modifier_only(name: str, tokens: Sequence[Token]) -> bool:
    """Whether every use of ``name``'s last word in ``tokens`` modifies a noun after it ("the
    oyster bar", "a jazz gig"): a feeling in that sentence is about the other noun."""
    last = name.casefold().split()[-1] if name.isascii() and name.strip() else ""
    forms = {last, last[:-1]} if last.endswith("s") and len(last) > 3 else {last}
    uses = [k for k, t in enumerate(tokens) if last and t.text.casefold() in forms]
    return bool(uses) and all(  # (not "the desk drives me mad": a verb a tagger calls a noun)
        k + 1 < len(tokens) and tokens[k + 1].upos in ("NOUN", "PROPN")
        and not tokens[k + 1].text.casefold().endswith("s")
        for k in uses
    )


def left_from(name: str, text: str) -> bool:
    """Whether ``name`` follows "from" / 从 in ``text`` (the end a change leaves), or "off"
    or "out of" ("i'm officially off Pegasus" for "the Pegasus project"; not "kicked off Pegasus")."""
    if not name.isascii():  # (前华为高管, 原阿里巴巴员工: a former employer)
        return f"从{name}" in text or f"前{name}" in text or f"原{name}" in text
    if f"from {name}" in text or f"from the {name}" in text:
        if re.search(rf"(?<![\w])from (?:the )?{re.escape(name)}(?![\w])", text) is not None:
            return True
    short = _PROJECT_HEAD.sub("", name)  # (and "moved out of Cork", "both out of Leicester")
    return ("off " in text or "out of " in text) and short in text and any(
        not text[: m.start()].rstrip().endswith(_STARTED)
        for m in re.finditer(rf"(?<![\w])(?:off|out of) (?:the )?{re.escape(short)}(?![\w])", text)
    )


_PROJECT_HEAD = re.compile(r"^the |\s+(?:project|team)$")
_STARTED = ("kick", "kicked", "kicks", "kicking", "sign", "signed", "signs", "show", "showed", "showing")


def arrowed(name: str, text: str) -> bool:
    """Whether ``name`` stands before an arrow to another name: a change said in notation, or
    in Chinese "从沈阳到深圳"."""
    if name not in text:
        return False
    if not name.isascii() and re.search(rf"从{re.escape(name)}(?:搬|调|转|跳槽|跳)?到", text) is not None:
        return True
    return re.search(rf"(?<![\w]){re.escape(name)}\s*(?:{ARROW.pattern})\s*\w", text) is not None


_NOT_DISTINCTIVE = _GENERIC_HEADS | _NAME_FILLER
# the parts of a sentence a feeling holds for ("can't stand the machine, but the layout is great")
_FELT_PARTS = re.compile(r"[,，;；—–。！.!]|\bbut\b|但是?")


def word_named(name: str, text: str, *, still: re.Pattern[str] | None = None) -> bool:
    """Whether a distinctive word of ``name`` stands in ``text`` by its stem ("runs" for
    "running", "pizza Fridays" for "Friday pizza lunches"), or, in Chinese, a two-character part
    of it (在家办公 for 远程办公), and no part of ``text`` that names it says the feeling ``still``
    holds. Looser than :func:`named`: the doubt rule asks it only beside the opposite feeling
    ("can't stand it", 受不了)."""

    def in_(part: str) -> bool:
        if not name.isascii():
            return len(name) >= 3 and any(name[k : k + 2] in part for k in range(len(name) - 1))
        words = [w for w in re.findall(r"[a-z]{4,}", name.casefold()) if w not in _NOT_DISTINCTIVE]
        return any(w[:4] in part and re.search(rf"(?<![\w]){re.escape(w[:4])}", part) for w in words)

    return in_(text) and not (
        still is not None and any(in_(p) and still.search(p) for p in _FELT_PARTS.split(text))
    )


def said_before(sentence: Sentence, at: int) -> bool:
    """Whether a clause of ``sentence`` that says a change ends at or before offset ``at`` (of
    the annotated text): "can't stand jazz anymore, my neighbour's sax did that" -- "my
    neighbour" comes after the change and is not its subject. Read only when asked."""
    end = next((c.end() for c in _SAID_PARTS.finditer(sentence.text)
                if CHANGE.search(c.group()) or _UNION_ENDED.search(c.group())), None)
    return end is not None and at >= sentence.start_char + end


def carried_subject(mentions: Sequence[Mention], index: int, objects: set[int]) -> str | None:
    """The person sentence ``index`` of a note is about when it names no one as its subject:
    the one person named in the sentence before ("Congrats card for Jamal!! Graduated from
    Howard on Saturday", "saw Lars at the gym ... asked him - left Spotify after 6 yrs").
    ``objects``: offsets of the sentence's mentions after a verb or a preposition, which are
    not its subject. None when it names a subject (a person, "I", "she") or the sentence
    before names no person or several."""
    if index == 0:
        return None

    def person(m: Mention) -> bool:
        return m.type == PERSON or (m.kind == "pronoun" and m.gender != "n")

    if any(m.sentence == index and m.start not in objects and person(m) for m in mentions):
        return None
    before = {e for m in mentions if m.sentence == index - 1 and person(m) for e in m.entity_ids}
    return next(iter(before)) if len(before) == 1 else None


# the mentions :func:`lone_holders` last read, whether they name a person, and them by sentence
_LAST: list[tuple[Sequence[Mention], bool, dict[int, list[Mention]]]] = []


def _read_once(mentions: Sequence[Mention]) -> tuple[bool, dict[int, list[Mention]]]:
    """Whether ``mentions`` name a person (or a pronoun resolved to one), and them by sentence:
    read once per text (a transcript of 1,600 turns tested every mention for each turn)."""
    last = _LAST[0] if _LAST else None
    if last is not None and last[0] is mentions:
        return last[1], last[2]
    person = any(m.type == PERSON or (m.kind == "pronoun" and m.entity_ids)
                 or (m.kind == "name" and gender_of(m.text.split()[0]) is not None) for m in mentions)
    by = by_sentence(mentions)
    _LAST[:] = [(mentions, person, by)]
    return person, by


def lone_holders(
    mentions: Sequence[Mention], index: int, current_of: Callable[[str], list[Relation]]
) -> list[Relation]:
    """The current relations whose object sentence ``index`` names, when the text names no person
    and each such object has one holder ("客户表示已从中国银行离职": a note about someone unnamed;
    the one person known to work at 中国银行 is the one it is likely about). Empty when the text
    names a person or resolves a pronoun to one, or for an object with several holders."""
    person, by = _read_once(mentions)  # (once per text: the rule asks for each of its sentences)
    if person:  # (in any sentence: "HQ is moving from Lyon to Paris. Margot stays")
        return []
    out: list[Relation] = []
    for m in by.get(index, ()):
        if m.kind != "name" or m.type in (PERSON, DATE):
            continue
        for entity_id in m.entity_ids:
            held = [r for r in current_of(entity_id) if r.object_id == entity_id]
            if len({r.subject_id for r in held}) == 1:
                out += held
    return out


def anyone_holds(
    mentions: Sequence[Mention], speaker_id: str | None, current_of: Callable[[str], list[Relation]],
    text: str = "", tastes_read: bool = True,
) -> bool:
    """Whether the speaker or an entity the text mentions holds a current relation the rule may
    doubt: without one, the rule has nothing to read (every relation it doubts is one of theirs).
    A taste (LIKES, DISLIKES) is doubted only where ``text`` names its thing (:func:`named`,
    :func:`word_named`, :func:`family_named`, :func:`acronym_named`, a mention of it) or the
    patterns read a taste ended (``tastes_read``): a taste whose thing has no word, letter or
    initials in ``text`` counts as none (a looser test than theirs: it never gates what they pass).
    The speaker and persons are asked first: most texts stop at the first look-up."""
    persons = sorted({e for m in mentions if m.type == PERSON for e in m.entity_ids})
    ids = {e for m in mentions for e in m.entity_ids}
    folded = text.casefold()
    for e in [*([speaker_id] if speaker_id else []), *persons, *sorted(ids - set(persons))]:
        for rel in current_of(e):
            if rel.type not in _TASTES or tastes_read or not text or _may_name(rel, text, folded, ids):
                return True
    return False


_TASTES = frozenset({"LIKES", "DISLIKES"})
# the tastes of one person the rule tests (the newest), besides those of a thing the text names
TASTES_READ = 300


def newest_tastes(relations: list[Relation], mentions: Sequence[Mention]) -> list[Relation]:
    """``relations`` (oldest first) with at most the newest :data:`TASTES_READ` tastes, and the
    tastes of things the text mentions: a person's thousands of likes were each tested in every
    text that mentions them (``add`` grew with them: 73 ms at 5,000). Unchanged below the bound."""
    tastes = [i for i, r in enumerate(relations) if r.type in _TASTES]
    if len(tastes) <= TASTES_READ:
        return relations
    named = {e for m in mentions for e in m.entity_ids}
    old = {i for i in tastes[:-TASTES_READ] if relations[i].object_id not in named}
    return [r for i, r in enumerate(relations) if i not in old]


def _may_name(rel: Relation, text: str, folded: str, ids: set[str]) -> bool:
    """Whether ``text`` may name the thing of the taste ``rel`` (a superset of the doubt rule's tests)."""
    name = str(rel.object_name or "")
    if not name:
        return False
    low = name.casefold()
    if rel.object_id in ids or (low in FAMILIES and FAMILIES[low].search(folded) is not None):
        return True
    initials = _initials(name)
    if len(initials) >= 2 and initials in text:
        return True
    if not name.isascii():  # (every Chinese test holds a character of the name)
        return any(ch in folded for ch in low if not ch.isspace())
    return any(w[:3] in folded for w in re.findall(r"[^\W_]+", low))


def by_sentence(mentions: Sequence[Mention]) -> dict[int, list[Mention]]:
    """``mentions`` by sentence: the doubt rule reads each sentence with its own (a text of
    thousands of sentences would otherwise cost each of them a pass over all)."""
    out: dict[int, list[Mention]] = {}
    for m in mentions:
        out.setdefault(m.sentence, []).append(m)
    return out


def reads_by_statement(proposals: Sequence[RelationProposal]) -> dict[int, set[tuple[str, str, str | None]]]:
    """What the patterns read, by statement: (type, subject, object) of each reading that is no
    ending."""
    out: dict[int, set[tuple[str, str, str | None]]] = {}
    for p in proposals:
        if not p.negated:
            out.setdefault(p.statement_index, set()).add((p.type, p.subject_id, p.object_id))
    return out


# a Chinese preposition the tokenizer may join to the name after it (向赵敏, 给老李, 被王总): the
# name is its object, not the one who changed ("李娜现在向赵敏汇报": 李娜's line, not 赵敏's job);
# not 和/跟/与 (co-subjects: "王强和赵敏都离职了"), not 把 (its object is the one moved: 把赵敏调走了)
_ZH_PREPOSITION = re.compile(r"(?:向|对|替|为|归|被|受|给)$")


def zh_objects(text: str, mentions: Iterable[Mention], *, farewell: bool = False) -> set[int]:
    """The starts of the Chinese mentions right after a preposition (:data:`_ZH_PREPOSITION`);
    after 给 only when the sentence sends no one off ("给孙悦办了欢送会": she changed)."""
    out = set()
    for m in mentions:
        before = _ZH_PREPOSITION.search(text, max(0, m.start - 1), m.start)
        if before is not None and is_cjk(m.text) and not (farewell and before.group() == "给"):
            out.add(m.start)
    return out
