"""Coreference: pronouns and definite descriptions -> the entity they refer to.

Chains from the annotator come first (:attr:`~recall_memory_plugins.nlp.base.Annotation.coref_chains`,
CoreNLP's for English): a third-person pronoun or description whose chain has named members that
all name one entity (or whose representative is named) resolves to that entity, when it agrees
with the pronoun as below; a chain covers one text, so a pronoun without one (or whose chain names
nobody, or disagrees) goes to the rules.

Rule-based: candidates are, in order: entities mentioned earlier in the same sentence, then in the previous
sentences of the text (nearest sentence first), then the namespace's recently salient entities
from earlier turns (most recent first). In a long text a pronoun reads the last 64 mentions that
name someone whole and older ones only as their 300 most recent entities (reading the whole text
before each pronoun was quadratic: "他说" 20,000 times took 83 s). A candidate must agree with the pronoun:

- ``he``/``him``/``his``/``他``: a person whose gender is male or unknown (first-name list);
  ``she``/``her``/``她``: female or unknown. Within a sentence the first-mentioned (usually the
  subject) wins: "李四是张三的团队成员，他..." -> 李四.
- ``it``/``its``/``它``: the nearest entity that is not a person.
- ``they``/``them``/``他们``: the persons of the nearest sentence that names two or more, else the
  nearest organisation.
- ``I``/``me``/``my``/``我``: the turn's speaker; ``you``/``we`` stay unresolved.
- "the project"/"这个项目", "the company"/"该公司": the nearest entity of that type.

Pure functions: the caller supplies the salient entities (rebuilt from the store when missing).
"""

from __future__ import annotations

import re
from collections import OrderedDict, deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from ...nlp.base import CorefChain, CorefMention
from .lexicon import KIN, POSSESSOR, gender_of, kin_gender
from .note_heads import without_note_heads
from .schema import DATE, ORG, OTHER, PERSON, PRODUCT, PROJECT, Mention

__all__ = ["Referent", "coordinated", "next_discourse", "resolve_references"]

_WORKISH = {PROJECT, PRODUCT}
# the earlier mentions (that name someone) a pronoun reads whole, and the entities of older ones
_REACH = 64
_FAR = 300


@dataclass(slots=True)
class Referent:
    """An entity as coreference sees it."""

    id: str
    name: str
    type: str | None
    gender: str | None = None
    aliases: tuple[str, ...] = ()

    def is_person(self) -> bool:
        return self.type == PERSON

    def maybe_person(self) -> bool:
        return self.type in (PERSON, None, OTHER)


def _agrees(ref: Referent, mention: Mention, *, strict: bool) -> bool:
    if mention.kind == "definite":
        want = mention.type
        return ref.type == want or (want in _WORKISH and ref.type in _WORKISH)
    if mention.gender == "n":
        if ref.type == DATE:  # "I made it yesterday. I love it!": "it" is never a date
            return False
        if strict:
            return ref.type not in (None, OTHER, PERSON)
        return ref.type is not None and ref.type != PERSON
    if mention.gender in ("m", "f"):
        if not (ref.is_person() if strict else ref.maybe_person()) or (len(ref.name) > 1 and ref.name.isupper()):
            return False  # (an acronym is no "her": "PTO requests go to Sunita now - I got moved under her")
        # (a referent whose gender was never set is read from its first name: "Greta" is no "he")
        return (ref.gender or gender_of(ref.name)) in (None, mention.gender)
    return False


_COORD = re.compile(r"^\s*(?:,\s*(?:and\s+)?|and\s+|&\s*|和|与|跟|及|、|以及)\s*$", re.IGNORECASE)


def coordinated(mentions: Sequence[Mention], text: str) -> list[tuple[int, tuple[str, ...]]]:
    """Groups of names joined by "and"/"和" ("Mia and Noah"), as (sentence, entity ids)."""
    groups: list[tuple[int, tuple[str, ...]]] = []
    chain: list[Mention] = []
    for m in mentions:
        if m.kind != "name" or not m.entity_ids:
            continue
        if (
            chain
            and chain[-1].sentence == m.sentence
            and _COORD.match(text[chain[-1].end : m.start])
        ):
            chain.append(m)
            continue
        if len(chain) >= 2:
            groups.append((chain[0].sentence, tuple(i for c in chain for i in c.entity_ids)))
        chain = [m]
    if len(chain) >= 2:
        groups.append((chain[0].sentence, tuple(i for c in chain for i in c.entity_ids)))
    return groups


_HOME_HINT = re.compile(
    r"\b(?:mov(?:e|ed|ing)|relocat\w*|settled|liv(?:e|ed|ing)|left|flat|apartment|house|home"
    r"|address|divorced?|separated|rehom\w*|stolen|passed\s+away|died|put\s+down)\b|搬|住|迁|定居|新家|离婚|离异",  # (our dog died)
    re.IGNORECASE,
)


def _after_kin(mention: Mention, before: Sequence[Mention], text: str) -> bool:
    """Whether a gendered third-person pronoun follows an unnamed relative of its gender with no
    person named between them (within 160 characters): it is taken to mean the relative."""
    rx = KIN.get(mention.gender or "")
    if rx is None or mention.person != 3 or mention.plural or not text:
        return False
    kin = next(reversed(list(rx.finditer(text, max(0, mention.start - 160), mention.start))), None)
    if kin is None:
        return False
    return not any(
        m.kind == "name" and m.type in (PERSON, OTHER, None) and kin.end() <= m.start < mention.start
        for m in before
    )


def resolve_references(
    mentions: Sequence[Mention],
    *,
    referents: Mapping[str, Referent],
    discourse: Sequence[Referent] = (),
    speaker: Referent | None = None,
    text: str = "",
    previous_group: Sequence[str] = (),
    chains: Sequence[CorefChain] = (),
) -> list[Mention]:
    """Resolve the pronouns and definite descriptions of ``mentions`` (names are already resolved).

    Args:
        mentions: the text's mentions in order; names carry their ``entity_ids``.
        referents: entity id -> referent for every resolved name (and the discourse).
        discourse: salient entities of earlier turns, most salient first.
        speaker: who said the text (for "I"/"我").
        text: the annotated text (to see "X and Y" for "they").
        previous_group: the last "X and Y" group of earlier turns (for "they").
        chains: the annotator's coreference chains of ``text`` (preferred to the rules).

    Returns:
        The mentions, with ``entity_ids`` set where a referent was found. A referent's unknown
        gender is learned from the pronoun that resolved to it.
    """
    labels = without_note_heads(_speaker_labels(mentions, referents, text), text)
    addressed = _addressed(mentions, text)
    labelled = 0  # how many labels start before the mention (both in text order)
    out: list[Mention] = []
    # the window: the last mentions that name or resolved to someone (the others tell a pronoun
    # nothing), each with whether it is an owner's ("Tariq's"); then the entities of older ones
    recent: deque[tuple[Mention, bool]] = deque()
    far: OrderedDict[str, None] = OrderedDict()  # newest last

    def keep(m: Mention) -> None:
        out.append(m)
        gender = m.gender or (kin_gender(text, m.start) if m.kind == "name" else None)  # ("my brother Theo": a man)
        named = referents.get(m.entity_ids[0]) if m.kind == "name" and m.entity_ids and gender else None
        if named is not None and named.gender is None:  # (老张 said to be 张伟's father: a man)
            named.gender = gender
        if not (m.entity_ids or m.kind == "name"):
            return
        if len(recent) == _REACH:
            for i in recent.popleft()[0].entity_ids:
                far[i] = None
                far.move_to_end(i)
            while len(far) > _FAR:
                far.popitem(last=False)
        recent.append((m, POSSESSOR.match(text, m.end) is not None))

    for mention in mentions:
        while labelled < len(labels) and labels[labelled][0] <= mention.start:
            labelled += 1
        if mention.kind in ("name", "noun") or mention.resolved:
            keep(mention)
            continue
        ids: tuple[str, ...] = ()
        label = labels[labelled - 1][1] if labelled else None
        chained = (
            _from_chains(mention, mentions, referents, chains)
            if chains and mention.person == 3
            else None
        )
        if chained is not None:
            ids = chained
        elif mention.kind == "pronoun" and mention.text.lower() in _INTENSIFIERS and out \
                and out[-1].entity_ids and not text[out[-1].end : mention.start].strip():
            ids = out[-1].entity_ids  # "Arjun himself still reports to Linda": Arjun
        elif mention.kind == "pronoun":
            # "we"/"我们" of a chat turn include its speaker where a home is meant ("we moved to
            # Portland"); elsewhere ("we love our stories") a group says little of the speaker
            if mention.person == 1 and not mention.plural and label is not None:
                ids = label  # "Ana: how's the commute? Tomasz: I walk now": Tomasz's "I"
            elif (
                mention.person == 1
                and speaker is not None
                and (not mention.plural or _HOME_HINT.search(text, mention.end, mention.end + 60))
            ):
                ids = (speaker.id,)
            elif mention.person == 2 and len(addressed) == 1 and min(e for e, _ in addressed.values()) <= mention.start:
                ids = tuple(addressed)  # the one greeted: "Welcome aboard, Wei! Your Continental badge …"
            elif mention.person == 3 and mention.plural and mention.gender != "n":
                ids = _plural([m for m, _ in recent], mention, referents, text, previous_group, discourse)
            elif mention.person == 3 and _after_kin(mention, [m for m, _ in recent], text):
                ids = ()
            elif mention.person == 3:
                # "他"/"she" in a chat turn is never its speaker, who says "I" (周敏: "帮我给老公
                # 张伟挑个礼物，他刚跳槽去了腾讯")
                # (nor, in a labelled turn, its label's person: "马超：星河现在归他管了")
                # (nor the one a greeting addresses: "Hi Sam, … Jack hates running. He loves …")
                me = set(label or (() if speaker is None else (speaker.id,))) | {i for i, (_, w) in addressed.items() if not w}
                ids = _singular(
                    [m for m, owner in recent if not owner]  # not "Tariq's" (teammate)
                    + [m for m, owner in recent if owner],
                    mention,
                    _Without(referents, me),
                    [r for r in discourse if r.id not in me],
                    list(reversed(far)),
                )
        elif mention.kind == "definite":
            ids = _singular([m for m, _ in recent], mention, referents, discourse, list(reversed(far)))
        if ids:
            ref = referents.get(ids[0]) or next((r for r in discourse if r.id == ids[0]), None)
            if ref is not None and mention.gender in ("m", "f") and ref.gender is None:
                ref.gender = mention.gender
                if ref.type in (None, OTHER):
                    ref.type = PERSON
            keep(replace(mention, entity_ids=ids, canonical=ref.name if ref else None))
        else:
            keep(mention)
    return out


_INTENSIFIERS = frozenset({"himself", "herself", "themselves"})


# a turn of a transcript inside one text: a person's name at the start of a line or after a
# sentence's end, then a colon ("Layla: is Nadia coming?\nNadia: my ex-husband will not …")
_LABEL_AFTER = re.compile(r"\s*[:：]\s*\S")
_LABEL_BEFORE = frozenset("\n.!?。！？…)]】」\"'”")
# a message passed on, its writer named before a colon: "fwd from Hyun-woo: \"… I moved …\""
_FORWARDED = re.compile(r"\b(?:fwd|fw|forwarded|forwarding|message|msg|text|note|e-?mail)\s+from\s*$", re.IGNORECASE)
# a name no list knows, labelling a line written in the first person: "Greta Olsen: I moved …"
_FIRST_PERSON_AFTER = re.compile(r"\s*[:：]\s*(?:I\b|I['’]|[Mm]y\b|我)")
_NAME_LIKE = re.compile(r"[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}|[\u4e00-\u9fff]{2,4}")
# a heading's word, not a name: "Handover: I'm stepping away from Beacon"
_HEADINGS = frozenset(
    "handover update updates note notes reminder memo minutes diary journal log recap summary status "
    "announcement news subject re fwd fyi ps edit todo agenda feedback question answer context background "
    "followup action confession rant vent draft message reply response intro welcome hello hi hey "
    "dear thanks sorry congrats me myself personal private work home family btw info nb tldr aside addendum "
    "nota notas aviso avviso obs hinweis nachtrag anmerkung remarque rappel actualización atualização".split()
)


def _speaker_labels(
    mentions: Sequence[Mention], referents: Mapping[str, Referent], text: str
) -> list[tuple[int, tuple[str, ...]]]:
    """Where each labelled turn of ``text`` starts and whose it is, in order: "I"/"我" after
    a label is the labelled person's, not the text's speaker's."""
    out: list[tuple[int, tuple[str, ...]]] = []
    for m in mentions:
        if m.kind != "name" or len(m.entity_ids) != 1 or not _LABEL_AFTER.match(text, m.end):
            continue
        ref = referents.get(m.entity_ids[0])
        at = m.start  # the text before, without the spaces and tabs (no copy of it: linear)
        while at and text[at - 1] in " \t":
            at -= 1
        person = m.type == PERSON or (ref is not None and ref.is_person())
        if not person and m.type in (None, OTHER) and (not at or text[at - 1] == "\n") \
                and _FIRST_PERSON_AFTER.match(text, m.end) and _NAME_LIKE.fullmatch(text, m.start, m.end) \
                and text[m.start : m.end].split(" ")[0].casefold() not in _HEADINGS:
            person = True
        if person and (not at or text[at - 1] in _LABEL_BEFORE or _FORWARDED.search(text, max(0, at - 24), at)):
            out.append((m.end, m.entity_ids))
    return out


# the one a text is written to: "Hi Sam, …", "Dear Ms Ortiz,", "Thanks Ravi!" (at its start or a line's)
_GREETING_BEFORE = re.compile(
    r"(?:^|[\n.!?]\s*)(?:hi|hey|hello|dear|thanks|thank\s+you|morning|good\s+morning|cheers|yo"
    r"|(?P<welcome>welcome(?:\s+aboard|\s+back|\s+to\s+the\s+team)?))\s*,?\s*$",
    re.IGNORECASE,
)
_GREETING_AFTER = re.compile(r"\s*(?:[,!:\n]|$)")


def _addressed(mentions: Sequence[Mention], text: str) -> dict[str, tuple[int, bool]]:
    """The entities a greeting of ``text`` addresses, with where the greeting ends and whether
    it is a welcome: "you" after it is theirs ("Welcome aboard, Wei! Your badge …"); a
    third-person pronoun never is, but after a welcome ("Welcome back Lucía! She married …")."""
    out: dict[str, tuple[int, bool]] = {}
    for m in mentions:
        if m.kind == "name" and m.entity_ids and _GREETING_AFTER.match(text, m.end) \
                and (g := _GREETING_BEFORE.search(text, max(0, m.start - 24), m.start)) is not None:
            out.update((i, (m.end, g.group("welcome") is not None)) for i in m.entity_ids)
    return out


def _overlaps(mention: Mention, span: tuple[int, int]) -> bool:
    return mention.start < span[1] and span[0] < mention.end


def _from_chains(
    mention: Mention,
    mentions: Sequence[Mention],
    referents: Mapping[str, Referent],
    chains: Sequence[CorefChain],
) -> tuple[str, ...] | None:
    """The entity of ``mention``'s chain: the one entity its named members name (their head
    word inside a resolved name: "Alice" in "Alice's", not in "Alice's sister"), else its
    representative's; "they": the names inside a member ("Mia and Noah"), or an organisation.

    None (the rules decide) without a chain, or when the chain's entity disagrees with the
    pronoun, or names nobody but ends in pronouns or names. Empty (unresolved: no guess against
    the chain) when the chain names nobody and its representative is a description the rules
    cannot see as an entity ("Alice's sister ... she", "my kids ... they")."""
    chain = next((c for c in chains if any(_overlaps(mention, m.head) for m in c.mentions)), None)
    if chain is None:
        return None
    names = [m for m in mentions if m.kind == "name" and m.entity_ids]
    members = [m for m in chain.mentions if not _overlaps(mention, m.head)]
    if not any(_overlaps(n, m.head) for n in names for m in members):
        rep = chain.representative_mention
        seen = any(
            _overlaps(m, rep.head) for m in mentions if m.kind in ("name", "pronoun", "definite")
        )
        return None if seen or rep not in members else ()
    if mention.plural and mention.gender != "n":
        for member in sorted(members, key=lambda m: m is not chain.representative_mention):
            inside = [
                i
                for n in names
                if member.start_char <= n.start and n.end <= member.end_char
                for i in n.entity_ids
                if i in referents
            ]
            inside = list(dict.fromkeys(inside))
            if len(inside) >= 2 or (inside and referents[inside[0]].type == ORG):
                return tuple(inside)
        return None
    named: dict[CorefMention, str] = {}
    for member in members:
        for n in names:
            if _overlaps(n, member.head) and n.entity_ids[0] in referents:
                named[member] = n.entity_ids[0]
                break
    entities = set(named.values())
    if len(entities) > 1:  # a chain naming two entities: only its representative is trusted
        rep_id = named.get(chain.representative_mention)
        entities = {rep_id} if rep_id is not None else set()
    if len(entities) != 1:
        return None
    (rid,) = entities
    return (rid,) if _agrees(referents[rid], mention, strict=False) else None


def _ordered_candidates(
    prior: Sequence[Mention], mention: Mention, *, nearest_first: bool
) -> list[str]:
    """Entity ids of the earlier mentions: same sentence first, then earlier sentences."""
    by_sentence: dict[int, list[str]] = {}
    for m in prior:
        if m.entity_ids and m.end <= mention.start:
            by_sentence.setdefault(m.sentence, []).extend(m.entity_ids)
    ids: list[str] = []
    for s in sorted(by_sentence, reverse=True):
        group = by_sentence[s]
        ids.extend(reversed(group) if nearest_first else group)
    return list(dict.fromkeys(ids))


class _Without(Mapping[str, Referent]):
    """``referents`` without the entities ``gone`` (not a copy: a pronoun's look-ups are few)."""

    def __init__(self, referents: Mapping[str, Referent], gone: set[str]) -> None:
        self._referents, self._gone = referents, gone

    def __getitem__(self, key: str) -> Referent:
        if key in self._gone:
            raise KeyError(key)
        return self._referents[key]

    def __contains__(self, key: object) -> bool:
        return key not in self._gone and key in self._referents

    def __iter__(self) -> Iterator[str]:
        return (k for k in self._referents if k not in self._gone)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _singular(
    prior: Sequence[Mention],
    mention: Mention,
    referents: Mapping[str, Referent],
    discourse: Sequence[Referent],
    older: Sequence[str] = (),
) -> tuple[str, ...]:
    """``prior``: the mentions before (the window); ``older``: entities of mentions before it,
    most recent first."""
    nearest_first = mention.gender == "n" or mention.kind == "definite"
    ordered = _ordered_candidates(prior, mention, nearest_first=nearest_first)
    if older:
        ordered = list(dict.fromkeys(ordered + list(older)))
    in_text = [referents[i] for i in ordered if i in referents]
    if mention.gender in ("m", "f"):  # a person of its gender named in its own sentence or the one before,
        # before one of unknown gender ("Gregor's gone, so Fatima's 1:1s go to Nadia - Nadia is her manager")
        same = {i for m in prior if mention.sentence - 1 <= m.sentence <= mention.sentence and m.end <= mention.start
                for i in m.entity_ids}
        for ref in in_text:
            if ref.id in same and ref.maybe_person() and (ref.gender or gender_of(ref.name)) == mention.gender:
                return (ref.id,)  # (a first name of the pronoun's gender the weak NER did not type: "Lars")
    pool = in_text + [r for r in discourse if r.id not in {x.id for x in in_text}]
    for strict in (True, False):
        for ref in pool:
            if _agrees(ref, mention, strict=strict):
                return (ref.id,)
    return ()


def _plural(
    prior: Sequence[Mention],
    mention: Mention,
    referents: Mapping[str, Referent],
    text: str,
    previous_group: Sequence[str],
    discourse: Sequence[Referent] = (),
) -> tuple[str, ...]:
    """ "they": the nearest "X and Y" group, else two or more persons of the nearest sentence,
    else the nearest organisation, else the last group of the previous turn, else (a Chinese
    "they" opening its text) the two persons the previous turns were about."""
    before = [m for m in prior if m.end <= mention.start]
    groups = coordinated(before, text) if text else []
    if groups:
        return groups[-1][1]
    sentences = sorted({m.sentence for m in before}, reverse=True)
    for s in sentences:
        people = [
            i
            for m in before
            if m.sentence == s and m.kind == "name"
            for i in m.entity_ids
            if i in referents and referents[i].is_person()
        ]
        people = list(dict.fromkeys(people))
        if len(people) >= 2:
            return tuple(people)
    for m in reversed(before):
        for i in m.entity_ids:
            if i in referents and referents[i].type == ORG:
                return (i,)
    if previous_group or mention.text not in _ZH_THEY or any(m.type != DATE for m in before):
        return tuple(previous_group)
    # "何军住在北京。" "冯娟住在天津。" "他们俩都搬到了成都。" ("她嫁给了陈伟。" "他们搬到了广州。"): the
    # most salient entity is a person and exactly one more is among the next few (else unsure)
    people = [r.id for r in discourse[:6] if r.is_person()]
    return tuple(people) if len(people) == 2 and discourse[0].is_person() else ()


_ZH_THEY = frozenset({"他们", "她们", "他俩", "她俩", "他们俩", "她们俩", "两个人", "两人", "俩人", "二人"})


def next_discourse(
    mentions: Sequence[Mention],
    referents: Mapping[str, Referent],
    previous: Sequence[Referent],
    *,
    size: int,
) -> list[Referent]:
    """The salient entities after this text: its last sentence's entities first (in the order they
    were mentioned, so the subject leads), then earlier sentences, then the older ones."""
    by_sentence: dict[int, list[str]] = {}
    for m in mentions:
        if m.person == 1 and m.kind == "pronoun":
            continue  # the speaker is not a candidate for "he"/"she" in the next turn
        by_sentence.setdefault(m.sentence, []).extend(m.entity_ids)
    order: list[str] = []
    for s in sorted(by_sentence, reverse=True):
        order.extend(by_sentence[s])
    seen: set[str] = set()
    out: list[Referent] = []
    for rid in order:
        if rid in referents and rid not in seen:
            seen.add(rid)
            out.append(referents[rid])
    out.extend(r for r in previous if r.id not in seen)
    return out[:size]
