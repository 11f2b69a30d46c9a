"""The doubt rule: a statement that talks about a change the patterns cannot read leaves the old
fact unsure, and an unsure fact is not stated as current.

The patterns read many phrasings of a move or a job change, but new text keeps finding new ones
("Nora swapped Madrid for Barcelona", "Omar is between jobs right now", 孙丽和华为的合同到期了).
Before this rule, every phrasing the patterns missed left the old fact stated as current: the
worst thing a memory can say. Now, when a sentence

- mentions an entity that has a current relation of a tracked type (below) -- or, in a chat
  turn that names no one else, comes from the speaker; the object of "transferred", "poached",
  "turned" ... counts as mentioned, other objects do not,
- has a *change* word ("former", "no longer", "swapped", "new", "now", 以前, 不再, 现在, ...) in a
  clause that is no plan or denial ("蒋涛辞职了，打算先休息" still quits),
- and has a *topic* word of that relation type ("job", "payroll", "flat", "boss", 工作, 房子, ...),
  or names the relation's other end with a strong change word ("left", "goodbye", 离开, 卖) or
  after "from" / 从 ("posted from Cairo to Dubai"; not on a trip),
- and the patterns read no relation of that type about either end in the same text,

the relation gets a new version marked unsure. Wider still, because blind text keeps finding
changes no word list knows ("got caught up in the Spotify layoffs", "the keys to the Glasgow
flat are mine"): a topic word of the type alone, or a change word alone, also puts the person's
relations in doubt -- unless the sentence is about a trip or a bounded past ("back in 2010",
"house-sitting for the next two weeks"), denies or plans a change in another clause, the
patterns read a relation of the person from it ("Alice moved to Lyon" explains its "moved"),
or the change is a habit, a thing or a promotion ("quit smoking", "a new phone"); a trip, stay
or return of another person named as its subject is theirs ("..., Aiko stayed put"). The old
value said to hold keeps the fact ("is staying at Intel", 又回昆明). This costs recall on look-
alikes ("Ken turned down an offer from Cyberdyne" leaves his employer unsure) for fewer stale
facts; measured in benchmarks/README ("facts you can trust").

Widest of all (:mod:`.comention`): a sentence that says a change, whoever else it names, and
names both ends of a person's current fact that the patterns did not read ("not on comet anymore,
ping Baran for comet stuff" from Elif) puts that fact in doubt; not an owner's ("Noor's husband
left Aramco"), not when a value is said to hold ("still under Claire"), not a marriage.

In every case the relation gets a new version marked ``attributes["unsure"] = "true"``. It stays in the store
(a later statement confirms it, which clears the mark, or replaces it), but
:func:`~.reads.find_relations` and the facts of a recall leave it out: when the layer is unsure
it states nothing. History (``include_ended=True``, :meth:`timeline`) still shows it, with the
mark. Questions and conditionals ("Did Hugo move?", "If Ines quits, ...") doubt nothing.

A relation type whose values accumulate (LIKES, DISLIKES) is only doubted when its object is
named in the sentence ("Ray grew out of jazz"), and then with any change word or the opposite
feeling ("pineapple on pizza is actually vile"): liking one thing says nothing about the others.
A marriage is doubted at both ends. A boss who changed jobs ("Mae retired") leaves the reporting
lines to them unsure; a new marriage or school read beside a current one leaves the older unsure."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ...models import Relation
from ...nlp.base import Annotation
from ...stores.base import GraphStore
from . import doubt_asides as _asides
from . import doubt_figures as _figures
from .asking import stated_part
from .clauses import asserted_head, quoted_sentences, scheduled, spaced_clauses, undenied_head
from .comention import WEAK as _WEAK
from .comention import both_ends_named
from .doubt_names import CueOwners, left_out, zh_objects
from .doubt_names import acronym_named as _acronym_named
from .doubt_names import anyone_holds as _anyone_holds
from .doubt_names import arrowed as _arrowed
from .doubt_names import by_sentence as _by_sentence
from .doubt_names import carried_subject as _carried_subject
from .doubt_names import family_named as _family_named
from .doubt_names import kept as _kept
from .doubt_names import kept_at as _kept_at
from .doubt_names import left_from as _left_from
from .doubt_names import lone_holders as _lone_holders
from .doubt_names import modifier_only as _modifier_only
from .doubt_names import named as _named
from .doubt_names import reads_by_statement as _reads_by_statement
from .doubt_names import said_before as _said_before
from .doubt_names import same_thing as _same_thing
from .doubt_names import word_named as _word_named
from .doubt_words import ADDRESSED as _ADDRESSED
from .doubt_words import ANY_TOPIC as _ANY_TOPIC
from .doubt_words import AVERSE as _AVERSE
from .doubt_words import CHANGE as _CHANGE
from .doubt_words import CLAUSES as _CLAUSES
from .doubt_words import FAREWELL as _FAREWELL
from .doubt_words import FOND as _FOND
from .doubt_words import FORMER_AFTER as _FORMER_AFTER
from .doubt_words import GUEST as _GUEST
from .doubt_words import HABIT as _HABIT
from .doubt_words import HEARD as _HEARD
from .doubt_words import LAST_DAY_OF as _LAST_DAY_OF
from .doubt_words import MET as _MET
from .doubt_words import MET_BEFORE_INTO as _MET_BEFORE_INTO
from .doubt_words import MOVED_BY as _MOVED_BY
from .doubt_words import PAST as _PAST
from .doubt_words import POSSESSED as _POSSESSED
from .doubt_words import POSSESSED_WORK as _POSSESSED_WORK
from .doubt_words import QUOTING as _QUOTING
from .doubt_words import RECORD_OF as _RECORD_OF
from .doubt_words import SAYING as _SAYING
from .doubt_words import SENT_OFF as _SENT_OFF
from .doubt_words import SENT_OFF_BEFORE as _SENT_OFF_BEFORE
from .doubt_words import STILL as _STILL
from .doubt_words import STRONG as _STRONG
from .doubt_words import TOPICS as _TOPICS
from .doubt_words import TRIP as _TRIP
from .doubt_words import WITHIN_JOB as _WITHIN_JOB
from .doubt_words import ZH_CLAUSE as _ZH_CLAUSE
from .doubt_words import unquoted_future as _unquoted_future
from .doubt_words import worth_reading as _worth_reading
from .lexicon import POSSESSOR
from .patterns.mood import news_told, retort, retracted, unasserted, without_preface
from .schema import PERSON, Mention, RelationProposal, Side
from .topic_reads import current_topics as _current_topics
from .updates import SYMMETRIC, UNSURE, is_unsure, unsure_version

__all__ = ["UNSURE", "doubt_proposals", "is_unsure"]

# questions and conditionals doubt nothing
_OPEN_MOOD = re.compile(
    # (a Chinese condition in the first clause governs the sentence: 李明如果入职腾讯，会拿更多工资)
    r"[?？]|吗[。！!]?\s*$|^\s*(?:if|unless|whether|maybe|perhaps)\b|^[^，,。；;！!]{0,8}?(?:如果|要是|假如|假使|倘若|万一)"
    # "When Bea goes on leave, …"; not "When Bethany went on leave she handed …": that happened
    r"|^\s*when\b(?![^,]{0,40}\b(?:went|was|were|had|did|left|moved|got|came|became|began|took|\w+ed)\b)",
    re.IGNORECASE,
)
# a possessive determiner after a verb is no object ("has become my favourite")
_ADDITIVE = re.compile(r"\b(?:also|as well|too|in addition|besides)\b|也|还|同时|另外|兼(?!职)")  # (兼职: a side job)
_NOW = re.compile(r"\b(?:now|nowadays|these days)\b|如今|现在|眼下", re.IGNORECASE)
_STAYS = re.compile(r"\bstay(?:s|ed|ing)? put\b|not going anywhere|原地不动|哪儿也不去|不挪窝")
_WHO = re.compile(r"^\s*[,，]\s*(?:who|whose)\b", re.IGNORECASE)
_DETERMINERS = frozenset({"my", "our", "i"})  # never objects ("so i'm off X")
_OWNER = re.compile(r"^(?:'s|’s|的)|^[\u4e00-\u9fff]{0,4}的新?(?:家|房子|住处|地址|公司|单位|工作)")
_WITH = frozenset({"跟", "和", "与", "同", "with", "from"})
# a turn that says yes to the question before it (after its label, if any: "周杰：嗯，…")
_YES = re.compile(r"^\s*(?:\S{1,12}[:：]\s*)?(?:嗯|对|是的|是啊|没错|yes\b|yep\b|yeah\b|yup\b|ya\b|correct\b)",
                  re.IGNORECASE)
# a day with a negation is an absence, not a change ("isn't at the office today", 今天不在新浪); without one it only dates the change
_DAY = re.compile(
    # (not "as of this week", 这周起: the change's date)
    r"(?<!as of )(?<!from )(?<!starting )\b(?:today|tonight|this (?:week|weekend|morning|afternoon"
    r"|evening))\b|(?:今天|今晚|这周|本周|这个周末)(?![起开以])",
    re.IGNORECASE,
)
_NEGATION = re.compile(r"\b(?:not|no|never)\b|n't|不(?!好意思|错|少|久|仅)|没(?!想到|事|关系)", re.IGNORECASE)  # (not 不好意思 "sorry", 不久 "soon")
# words tagged as prepositions that open a clause: the name after them is its subject
_OPENS_CLAUSE = frozenset({"since", "after", "before", "until", "till", "once", "because", "as", "including", "包括"})
_DAY_PARTS = re.compile(r"[，；;—–。！,\U0001F300-\U0001FAFF\u2600-\u27BF]|(?<=[.!])\s+")  # ("… back today. no plan yet", "… today, not …": two)
_NO_MORE = re.compile(r"\bno (?:more|longer)\b|\bnot any ?more\b|不再|再也不", re.IGNORECASE)  # a change
# a longer "sentence" (a text without punctuation) doubts nothing: a change is said in a clause, and the look-ups and name searches stay linear
_LONGEST = 600
_WORK_TYPES = frozenset({"WORKS_FOR", "REPORTS_TO", "MANAGES"})
# the object is named: only then is a value of an accumulating type doubted
_NAMED_ONLY = frozenset({"LIKES", "DISLIKES"})


def doubt_proposals(
    store: GraphStore,
    namespace: str,
    annotation: Annotation,
    mentions: Sequence[Mention],
    proposals: Sequence[RelationProposal],
    sentence_statements: Sequence[int],
    exclusivity: Mapping[str, Side],
    speaker_id: str | None = None,
) -> list[RelationProposal]:
    """New versions, marked unsure, of the current relations this text puts in doubt.

    ``mentions`` are the resolved mentions of the text; ``proposals`` what the patterns read
    from it (a relation type read about an entity is never doubted for it). One indexed
    look-up per mentioned entity of a sentence (of at most ``_LONGEST`` characters) with a change
    word; none otherwise. ``speaker_id``: the entity of a chat turn's speaker, the subject of
    a sentence of the turn that mentions no person ("新工作在美团，比在华为的时候自由多了").
    """
    read = {(p.subject_id, p.type) for p in proposals if p.type not in _NAMED_ONLY}
    read |= {(p.object_id, p.type) for p in proposals if p.object_id and p.type not in _NAMED_ONLY}
    # an ending read of any type ("告别学生身份", "left X": every tracked type, negated) explains
    # no value but its own object; "used to work for Wipro" explains the rest
    kinds: dict[tuple[str, str | None], int] = {}
    for p in proposals:
        if p.negated and p.object_id:  # (an ending with no object ends the current value)
            kinds[(p.subject_id, p.object_id)] = kinds.get((p.subject_id, p.object_id), 0) + 1
    asserted = {
        (p.subject_id, p.type)
        for p in proposals
        if not p.negated or kinds.get((p.subject_id, p.object_id), 0) < 3
    }
    # an ending read under a short name: "graduated from Cardiff" for "Cardiff University"
    ended = [(p.subject_id, p.type, p.object_id) for p in proposals if p.negated and p.object_id]
    # a new value read for an exclusive end replaces the old one: doubting it too would put the
    # old value back after the new (the tracker applies the proposals in order)
    replaced = {
        (p.subject_id, p.type) for p in proposals
        if not p.negated and exclusivity.get(p.type) == "subject"
    }  # fmt: skip
    # a value of an accumulating type is kept from doubt only by a reading of that value
    read_values = {(p.subject_id, p.type, p.object_id) for p in proposals}
    # an entity the patterns read a relation of: its change words are explained by that reading
    # ("I don't hate it" explains no move: only a reading of a tracked, exclusive type does)
    explained = {
        e
        for p in proposals
        if p.type in _TOPICS and p.type not in _NAMED_ONLY and not p.negated
        for e in (p.subject_id, p.object_id)
    }
    out: list[RelationProposal] = []
    doubted: set[str] = set()
    looked: dict[str, list[Relation]] = {}

    def current_of(entity_id: str) -> list[Relation]:  # one look-up per entity and text
        if entity_id not in looked:
            looked[entity_id] = _current_topics(store, namespace, entity_id, _TOPICS, mentions)  # (every use below is of a topic's type: the others are never sent; of thousands of tastes, the newest)
        return looked[entity_id]

    def tastes_of(entity_id: str) -> set[str]:
        """What ``entity_id`` likes or dislikes now (a name a weak NER may call a person)."""
        return {str(r.object_id) for r in current_of(entity_id) if r.type in _NAMED_ONLY}

    def mark(rel: Relation, index: int) -> None:
        """``rel`` and, for a marriage, its other end ("Marta split from Josh"), as unsure."""
        doubts = [] if _figures.restated(annotation.text, rel) else [rel]  # (said to hold in its own words: 恭喜你搬到杭州！)
        if rel.type in SYMMETRIC and rel.object_id:
            doubts += [
                r
                for r in current_of(rel.object_id)
                if r.type == rel.type and r.subject_id == rel.object_id
                and r.object_id == rel.subject_id and not is_unsure(r)
            ]  # fmt: skip
        for r in doubts:
            if r.id not in doubted:
                doubted.add(r.id)
                out.append(unsure_version(r, index))

    def accounted(rel: Relation) -> bool:
        """Whether the patterns' readings of this text account for ``rel``: they read it
        again, or a value of its type for an end that holds one."""
        key = (rel.subject_id, rel.type)
        return (
            (rel.subject_id, rel.type, rel.object_id) in read_values
            or key in replaced
            or ((rel.object_id, rel.type) in read
                and (exclusivity.get(rel.type) == "object" or rel.type in SYMMETRIC))
            or (key in read and key in asserted and exclusivity.get(rel.type) != "object")
        )

    # a new marriage beside a current one leaves the older unsure ("this summer she married Paul", known married to Neil: widowed or divorced, unsaid)
    one_more = any(p.type == "STUDIES_AT" for p in proposals) and _ADDITIVE.search(_STILL.sub("", annotation.text.casefold())) is not None
    for p in proposals:  # a new school too ("现在在清华大学读研"), unless one more ("also")
        if (p.type in SYMMETRIC or (p.type == "STUDIES_AT" and not one_more)) \
                and not p.negated and p.object_id \
                and exclusivity.get(p.type) != "subject":  # exclusive: the tracker ends it
            for rel in current_of(p.subject_id):
                if rel.type == p.type and rel.subject_id == p.subject_id and not is_unsure(rel) \
                        and rel.object_id not in (p.object_id, p.subject_id):
                    mark(rel, p.statement_index)

    if retort(annotation.text) or not _worth_reading(annotation.text) or not _anyone_holds(mentions, speaker_id, current_of, annotation.text,
                                                                 any(p.type in _NAMED_ONLY and p.negated for p in proposals)):
        return out  # (no word the rule reads, as in most chat; or no one it names holds a fact it may doubt)
    whole, by_sentence, reads, quoted = annotation.text.casefold(), _by_sentence(mentions), _reads_by_statement(proposals), quoted_sentences(annotation)
    trip_note = bool(_TRIP.search(whole)) or "travel" in whole  # (once: a text of 2,500 sentences searched it for each)
    for i, sentence in enumerate(annotation.sentences):
        text, near = spaced_clauses(sentence.text), by_sentence.get(i - 1, []) + by_sentence.get(i, [])  # (its mentions and the last sentence's; 亲 地址改下 已经不在武汉了: three clauses)
        if len(text) > _LONGEST or i in quoted:  # (a reply's quote of an older message: .quotes)
            continue
        nxt = annotation.sentences[i + 1].text if i + 1 < len(annotation.sentences) else ""
        # a question the next turn says yes to states its news ("听说你和小雨分开了？\n周杰：嗯，…")
        text = text.rstrip("?？ ") + "！" if text.rstrip().endswith(("?", "？")) and _YES.match(nxt) \
            else stated_part(news_told(text))
        plain = without_preface(text)  # "if anyone's wondering, …" brings news, asks nothing
        text = _asides.not_topic(_unquoted_future(plain.lstrip(" ,:;-—") if plain != text else text))  # ("to keep Kiwi company")
        if not text or _OPEN_MOOD.search(text) or retracted(text):  # (…，但这是谣言: nothing holds)
            continue
        if not _worth_reading(text := _figures.plain(text)):  # (and "I live in hope", "很多人跳槽到阿里": no change of theirs)
            continue  # most sentences: three searches, no clause reading
        # a plan or a denial holds for its own clause: "蒋涛辞职了，打算先休息一段时间" still quits
        clauses = [c for c in _CLAUSES.split(text) if c.strip()]
        # (a future clause too: "天河项目我已经交接给小郑了，…下个月开始两头飞" still hands over)
        # (and for its own part of an English clause: "he's gone off the Vertuo and wants to cancel" has gone off it)
        kept = [h for c in clauses if (h := undenied_head(c))]
        denied = kept != clauses  # a plan or a denial: only the rules read the rest
        heads = [h for c in kept if (h := asserted_head(c))]  # a future: left out, denies nothing
        cut, kept = heads != kept, heads
        text = "，".join(kept)
        changed = bool(_CHANGE.search(text))
        if not changed and not _worth_reading(text):
            continue  # what is left of it: one search instead of one per type
        topics: dict[str, bool] = {}  # a type's topic words, searched when a relation asks

        def about(type_: str, text: str = text, topics: dict[str, bool] = topics) -> bool:
            if type_ not in topics:
                # (a guest's wedding is someone else's: "best wedding I've ever been to")
                said = _GUEST.sub(" ", text) if type_ == "MARRIED_TO" else text
                topics[type_] = type_ in _TOPICS and _TOPICS[type_].search(said) is not None
            return topics[type_]

        if any(_NEGATION.search(_NO_MORE.sub(" ", c[max(0, d.start() - 30) : d.end() + 30]))
               for c in _DAY_PARTS.split(text) for d in _DAY.finditer(c)):  # (near the day)
            continue  # "today I didn't go to the office"; not 今天是在腾讯的第一天，工牌还没焐热
        if unasserted(text) and not scheduled(text):  # a plan, a condition, a bounded past
            continue
        past = bool(_PAST.search(text)) and not _NOW.search(text)  # 当年…，如今在京东
        strong = bool(_STRONG.search(text))
        trip = bool(_TRIP.search(text))
        change_said = strong or _CHANGE.search(_WEAK.sub(" ", text)) is not None
        if not (past or trip or denied or _STAYS.search(text)) and (change_said or _ANY_TOPIC.search(text)):
            for rel in both_ends_named(
                    i, text, sentence.text, annotation.text, near, speaker_id, current_of
            ):
                # (a couple is named together all the time: "Agnes and Boris had a row")
                if rel.type not in SYMMETRIC and (change_said or about(rel.type)) and not accounted(rel):
                    mark(rel, sentence_statements[i] if i < len(sentence_statements) else 0)
        # who changed: not an object ("the manager who hired Mia retired"), not a possessor
        # "给孙悦办了欢送会", "drinks for Ola's send-off": the one sent off changed
        farewell = ("给", "for") if _FAREWELL.search(text) else ()
        after_verb = {
            t.start_char
            for before, prev, t in zip([None, *sentence.tokens], sentence.tokens, sentence.tokens[1:], strict=False)
            if prev.upos in ("VERB", "ADP")
            and not prev.text.casefold().startswith(_MOVED_BY + _SAYING + farewell)
            and prev.text.casefold() not in _OPENS_CLAUSE  # "since Daniela swapped Porto for …"
            # "turns out she jumped ship": a clause opens after the idiom
            and not (prev.text.casefold() == "out" and before is not None
                     and before.text.casefold().startswith("turn"))
            and not prev.text.casefold().startswith(_MET)  # "ran into Sam, he's at Google now"
            and not (prev.text.casefold() == "into" and before is not None
                     and before.text.casefold().startswith(_MET_BEFORE_INTO))
        } | (objects := zh_objects(annotation.text, near, farewell=bool(farewell)))  # (向赵敏汇报)
        after_preposition = {
            t.start_char
            for prev, t in zip(sentence.tokens, sentence.tokens[1:], strict=False)
            if prev.upos == "ADP"
        } | objects
        folded = text.casefold()
        ids: dict[str, bool | str] = {}  # entity -> only its work relations (True) or reporting line ("boss") may be doubted
        stmt = sentence_statements[i] if i < len(sentence_statements) else 0
        # what the patterns read of this text, by type, with its ends
        others_read = reads.get(stmt, set())
        for m in near:
            tail = annotation.text[m.end : m.end + 24]
            after = (
                m.start in after_verb
                and not _FORMER_AFTER.match(tail)  # "a laptop for Kenji (ex-Sony), who …"
                and not _LAST_DAY_OF.match(tail)  # "cake for Rafael's last day": his
                and not _QUOTING.match(tail)  # "Survey comment from Megan: '…'": she says it
                and not _RECORD_OF.match(tail)  # "the line manager on Ravi's record was changed"
                and m.text.casefold() not in _DETERMINERS
                and not _WHO.match(tail)  # "welcome to Ingrid, who joins DSV": she changed
                # an owner is no object: "Update Nadia's card: ex-Barclays", 参加赵磊的欢送会
                # (but "Oracle fired Leo's manager" is the manager's change, and "a member of
                # Zhang's team" an object of a preposition)
                and not (
                    m.start not in after_preposition
                    and _OWNER.match(tail)
                    and not POSSESSOR.match(tail)
                )
            )
            if m.sentence != i or after or _POSSESSED.match(tail) or left_out(annotation.text, sentence.start_char, m):
                continue
            heard = _HEARD.match(tail)
            if heard and any(  # "我听说刘洋换了领导"; not "周杰听说还在福州单着" (he, I hear)
                o.sentence == i and o.type == PERSON and 0 <= o.start - (m.end + heard.end()) <= 12
                for o in near
            ):
                continue
            if cut and m.kind == "pronoun" and not _named(m.text.casefold(), folded):
                continue  # in a future part left out: "…, will be reporting to him from Monday"
            for e in m.entity_ids:  # ("Alice's boss quit": her reporting line only)
                ids[e] = _asides.narrowed(ids.get(e), tail, _POSSESSED_WORK)
        # the other end of a change said with "跟X分手", "split from X": not someone else who changed
        partner = {
            t.start_char
            for prev, t in zip(sentence.tokens, sentence.tokens[1:], strict=False)
            if prev.text.casefold() in _WITH
        }
        # (names after the last Chinese clause with a change are not its subject: "今天把工牌交了，…，陪我妈去趟云南")
        said = [sentence.start_char + c.end() for c in _ZH_CLAUSE.finditer(sentence.text)
                if _CHANGE.search(c.group())] if speaker_id is not None else []
        if speaker_id is not None and not any(
            m.sentence == i
            and (not said or m.start < said[-1])
            and (m.entity_ids or (m.kind == "pronoun" and m.gender in ("m", "f")))  # (他辞职了: someone, unresolved)
            and (m.start not in partner or m.kind != "name")
            # the one a letter or message is addressed to ("Dear Aunt Rosa, you'll remember …")
            and not _ADDRESSED.search(annotation.text, max(0, m.start - 12), m.start)
            and (  # "帮我…" names no one else; "my sister" does (not after the change: "can't
                m.entity_ids != (speaker_id,)  # stand jazz anymore, my neighbour's sax did that")
                or (_POSSESSED.match(annotation.text[m.end : m.end + 24]) is not None
                    and not _said_before(sentence, m.start))
            )
            and (
                (m.kind == "pronoun" and m.gender != "n")  # "it" is never another person
                # "Asana's been unbearable" (a weak NER's PERSON): a thing the speaker likes
                or (m.type == PERSON and not set(m.entity_ids) <= tastes_of(speaker_id))
            )
            for m in near
        ):  # no one else named: the speaker ("our new place in Milwaukee")
            ids.setdefault(speaker_id, "boss" if _asides.my_boss_changed(text) else False)
        carried = _carried_subject(near, i, after_verb | after_preposition) if speaker_id is None else None
        if carried and trip_note:
            carried = None  # (a note about a trip: its sentences are the trip's)
        if carried:  # a note's sentence without a subject ("Graduated from X"): only X is doubted
            ids.setdefault(carried, False)
        if not carried and speaker_id is None and changed and not (trip or past or denied):
            for rel in _lone_holders(mentions, i, current_of):  # "客户表示已从中国银行离职": its one holder's
                if rel.type not in _NAMED_ONLY and about(rel.type) and not accounted(rel) and not is_unsure(rel):
                    mark(rel, stmt)

        def boss_left(text: str = text, changed: bool = changed, strong: bool = strong,
                      held: bool = trip or past, sent_off: bool = False) -> bool:
            """Whether the sentence changes its person's job: "Mae retired", "Lucia left the
            company", 徐刚调去总部了, 给马总办了欢送会. Whoever reported to that person is then unsure."""
            return not held and (sent_off or (
                changed
                and (strong or about("WORKS_FOR") or about("REPORTS_TO"))
                and _CHANGE.search(_WITHIN_JOB.sub(" ", text)) is not None
            ))

        sent_off = {e for m in near if m.sentence == i
                    and (_SENT_OFF.match(annotation.text, m.end, m.end + 16) or _SENT_OFF_BEFORE.search(annotation.text, max(0, m.start - 24), m.start))
                    for e in m.entity_ids} if farewell else set()
        stays = _STAYS.search(folded) is not None
        felt: dict[tuple[bool, bool], bool] = {}  # (aversion?, whole sentence?) -> said

        def feels(averse: bool, whole_sentence: bool = False, felt: dict[tuple[bool, bool], bool] = felt,
                  folded: str = folded, sentence_text: str = sentence.text) -> bool:
            """The feeling (aversion or fondness) said in the text, or in all of the sentence."""
            if (averse, whole_sentence) not in felt:
                said = _asides.others_feelings_blanked(sentence_text.casefold() if whole_sentence else folded)  # (阎丽的老公…就想吐: his)
                felt[(averse, whole_sentence)] = (_AVERSE if averse else _FOND).search(said) is not None
            return felt[(averse, whole_sentence)]

        cues = CueOwners(sentence, near, i, after_verb | after_preposition)  # (whose stay, trip or return)
        for entity_id, work_only in ids.items():
            for rel in current_of(entity_id):
                if rel.id in doubted or rel.type not in _TOPICS or is_unsure(rel):
                    continue
                if work_only and rel.type not in (_WORK_TYPES if work_only is True else ("REPORTS_TO",)):
                    continue
                # the person's boss changed jobs: "Mae retired", "Lucia left the company"
                boss = rel.subject_id != entity_id and rel.type == "REPORTS_TO" and boss_left(sent_off=entity_id in sent_off)
                if rel.subject_id != entity_id and exclusivity.get(rel.type) != "object" and not boss:
                    continue  # Lou's boss Mae moved house: Lou still reports to her
                if (rel.subject_id, rel.type) not in replaced and any(
                    (sid, t) == (rel.subject_id, rel.type) and oid != rel.object_id
                    and _same_thing(str(oid), str(rel.object_name or ""))
                    for sid, t, oid in ended
                ):  # fmt: skip
                    mark(rel, sentence_statements[i] if i < len(sentence_statements) else 0)
                    continue
                if (
                    # a reading about the other end explains only an end that has one holder:
                    # "Priti is joining Deloitte" says nothing of the speaker's Deloitte
                    (rel.object_id, rel.type) in read and not boss
                    and (exclusivity.get(rel.type) == "object" or rel.type in SYMMETRIC)
                ) or (
                    # a project has one manager: Ann running Orion now says nothing of Atlas
                    (rel.subject_id, rel.type) in read
                    # (an ending read of another thing explains nothing: 告别学生身份)
                    and ((rel.subject_id, rel.type) in asserted or (rel.subject_id, rel.type, rel.object_id) in read_values)
                    and (exclusivity.get(rel.type) != "object" or not changed or _ADDITIVE.search(folded))
                ):  # "Ivy also manages Sao", "took over Lyra as well", "Ivy manages Sao" (no change word): Rio and Vega stay
                    continue
                if (rel.subject_id, rel.type, rel.object_id) in read_values:
                    continue
                other = rel.object_name if rel.subject_id == entity_id else rel.subject_name
                other_id = rel.object_id if rel.subject_id == entity_id else rel.subject_id
                named = (bool(other) and _named(str(other).casefold(), folded)) or any(
                    m.sentence == i and other_id in m.entity_ids for m in near
                ) or _acronym_named(str(other or ""), sentence.text)  # "the Arc" for "Sonos Arc"
                if entity_id == carried and not named:
                    continue
                ends = (rel.subject_id, rel.object_id)  # (whose trip, stay or return it is)
                own_trip = trip and not cues.matched(_TRIP, ends)
                # "from Osaka to Tokyo", 从联想出来: the named end is the one left
                arrow = named and not own_trip and _arrowed(str(other).casefold(), folded)
                left = arrow or (named and not own_trip and _left_from(str(other).casefold(), folded))
                if not boss and stays and not cues.matched(_STAYS, ends):
                    continue  # "Jonas left Siemens, but Tobias says he's staying put"
                kept_name = next((k for k in (str(other).casefold(), "it") if _kept(k, folded) or _asides.holds_now(k, folded, rel.type)), None) \
                    if named and not strong and rel.type not in _NAMED_ONLY else None  # ("still running it")
                if kept_name is not None and not cues.others(_kept_at(kept_name, cues.folded), ends):
                    continue  # "is staying at Intel", "went back to Umar's group", 再回昆明
                if boss or (entity_id in sent_off and rel.type in _WORK_TYPES):
                    pass  # (给郑丽办了欢送会: her job and the projects she ran)
                elif rel.type in _NAMED_ONLY:  # a named preference, with a change word or
                    turned = feels(rel.type == "LIKES")
                    # (named in the statement: "别再给董琳带榴莲了！她说上次吃腻了")
                    named = named or (bool(other) and _named(str(other).casefold(), whole))
                    # an activity named by a word of its family ("sold her road bike": cycling)
                    # (with a strong change word or the opposite feeling: not "a new one")
                    named = named or (
                        bool(strong or turned or feels(rel.type == "LIKES", True))
                        and _family_named(str(other or ""), folded)
                    )
                    # a word of it ("can't stand it" after "the open-plan space"), not still liked
                    held = _FOND if rel.type == "LIKES" else _AVERSE
                    named = named or (bool(turned) and _word_named(str(other or ""), folded, still=held))
                    if not ((changed or turned) and named) or (not turned and _asides.since_only(text, _CHANGE) and feels(rel.type != "LIKES")):
                        continue
                    if not changed and _modifier_only(str(other), sentence.tokens):
                        continue  # "the queue at the oyster bar was awful": the bar's

                elif (changed or arrow) and (about(rel.type) or ((strong or left) and named)):
                    pass  # the change is said about this relation
                elif own_trip or past or denied:
                    continue  # a trip, "back in 2010", "自己没打算搬": the old value holds
                elif not about(rel.type) and (
                    not changed
                    or entity_id in explained
                    or _asides.aside_only(text, _CHANGE, _STRONG, _HABIT, folded, [(str(r.object_name), r.type) for r in current_of(entity_id)])
                    # (a promotion changes no home, school or spouse: only the work it is in)
                    or (rel.type not in ("REPORTS_TO", "MANAGES") and not _CHANGE.search(_WITHIN_JOB.sub(" ", text)))
                ):
                    continue  # "Mia quit smoking"; "Alice moved to Lyon" (read: a move)
                elif not changed and any(
                    t == rel.type and entity_id != a and (entity_id != b or t not in SYMMETRIC) for t, a, b in others_read
                ):  # (or about the boss: "Jasper hired Ellie, and she reports to him" keeps Jasper's)
                    continue  # a topic word alone, read about others: "Vikram married Leela"
                mark(rel, sentence_statements[i] if i < len(sentence_statements) else 0)
    return out
