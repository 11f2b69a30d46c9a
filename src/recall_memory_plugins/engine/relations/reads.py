"""What recalls and look-ups read from the relation layer.

Owns the read side: entities by name or alias, relations now / at a time / with their history,
and the relation facts a recall puts in front of the model for one question (which entities and
relation types the question is about, which current relations and which ended ones to show, each
rendered by :func:`~.facts.render_fact`). Nothing here writes to the store.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ...errors import InputError
from ...models import Entity, Relation
from ...nlp.base import Annotation, Sentence, Token
from ...stores.base import GraphStore, find_relations_of_entities
from .coref import Referent, resolve_references
from .endings import is_mark
from .entities import EntityBook, Prefetched
from .facts import cue_types, profile_question, render_fact
from .mentions import clean_name, find_mentions
from .schema import PERSON, Mention, Side, normalise_relation_type
from .updates import is_unsure

__all__ = [
    "FACT_HISTORY",
    "FactAnchors",
    "entities_named",
    "fact_anchors",
    "find_relations",
    "question_keys",
    "select_facts",
]

FACT_HISTORY = 32  # relations per named entity a recall reads for its facts (the newest)
MAX_ANCHORS = 4  # entities of a question whose relations are read
# A question longer than this many characters takes its entities from its first sentences when
# they name MAX_ANCHORS of them (a pasted document is not read to its end for four names).
HEAD_CHARS = 2000


def entities_named(store: GraphStore, namespace: str, name: str) -> list[Entity]:
    """The entities known by ``name`` (an id, a name or an alias, any case), best match first:
    the id itself, the exact name, then the most recently mentioned.

    Raises:
        InputError: ``name`` is not a non-empty string.
    """
    if not isinstance(name, str) or not name.strip():
        raise InputError(f"an entity name must be a non-empty string, got {name!r}")
    by_id = store.find_entities(namespace, ids=[name])
    keys = list(dict.fromkeys([name.strip(), clean_name(name)]))
    found = {e.id: e for e in by_id}
    for ent in store.find_entities(namespace, aliases=[k for k in keys if k]):
        found.setdefault(ent.id, ent)
    key = clean_name(name).casefold()
    return sorted(
        found.values(),
        key=lambda e: (e.id != name, e.name.casefold() != key, -e.last_step, e.first_step),
    )


def find_relations(
    store: GraphStore,
    namespace: str,
    *,
    entity: str | None = None,
    type: str | None = None,
    as_of: int | datetime | None = None,
    include_ended: bool = False,
    include_unsure: bool = False,
) -> list[Relation]:
    """Relations true now, at ``as_of`` (a time step or an aware timestamp), or all of them.

    A relation a later statement left unsure (:mod:`.doubt`) is not stated as true now or at
    ``as_of`` unless ``include_unsure``; the history (``include_ended``) shows it, marked.

    Args:
        entity: a name, alias or id; relations where it is either end. An ambiguous alias
            ("Alice" for two people) uses the entities named exactly so, else all of them.
        type: one relation type (any case, ``"works for"`` works too).
        as_of: the state after that time step, or at that instant.
        include_ended: with no ``as_of``, also return ended relations (history).
        include_unsure: also state the relations marked unsure as true.

    Raises:
        InputError: ``as_of`` is a naive datetime or not a step/datetime.
    """
    holds = _as_of_filter(as_of)
    type_ = None
    if type is not None:
        type_ = normalise_relation_type(str(type))
        if type_ is None:
            return []
    current_only = as_of is None and not include_ended
    rels: dict[str, Relation] = {}
    if entity is not None:
        ents = entities_named(store, namespace, entity)
        exact = [
            e for e in ents if e.id == entity or e.name.casefold() == clean_name(entity).casefold()
        ]
        for ent in exact or ents:
            for rel in store.find_relations(
                namespace, entity_id=ent.id, type=type_, current_only=current_only
            ):
                rels.setdefault(rel.id, rel)
    else:
        for rel in store.find_relations(namespace, type=type_, current_only=current_only):
            rels.setdefault(rel.id, rel)
    keep_unsure = include_unsure or (as_of is None and include_ended)
    out = [r for r in rels.values() if holds(r) and (keep_unsure or not is_unsure(r)) and not is_mark(r)]
    out.sort(key=lambda r: (r.valid_from_step, r.recorded_at))
    return out


@dataclass(frozen=True, slots=True)
class FactAnchors:
    """What :func:`select_facts` finds in a question before it reads relations: the entities
    whose relations it reads (``anchors``), the relation types its words ask about (``cues``),
    and whether it names anything (``named``)."""

    anchors: list[str]
    cues: list[str]
    named: bool


def fact_anchors(
    store: GraphStore,
    namespace: str,
    question: Annotation,
    *,
    discourse: Sequence[Referent],
    read: Prefetched | None = None,
) -> FactAnchors:
    """The first part of :func:`select_facts` (see there), which a recall may make before its
    other reads, to read the anchors' relations with them."""
    head = _head(question, HEAD_CHARS)
    named_ids, noun_ids, named = _anchors(store, namespace, head, discourse, read)
    if head is not question and len(named_ids) < MAX_ANCHORS:
        named_ids, noun_ids, named = _anchors(store, namespace, question, discourse, read)
    anchors = list(dict.fromkeys([*named_ids, *noun_ids]))[:MAX_ANCHORS]
    return FactAnchors(anchors, cue_types(question.text), named)


def select_facts(
    store: GraphStore,
    namespace: str,
    question: Annotation,
    *,
    discourse: Sequence[Referent],
    exclusivity: Mapping[str, Side],
    limit: int = 8,
    read: Prefetched | None = None,
    found: FactAnchors | None = None,
    relations: Sequence[Sequence[Relation]] | None = None,
) -> list[str]:
    """Short statements of the current relations relevant to ``question``, newest first.

    Relevant: relations of the entities the question names (or refers to with a pronoun),
    of the relation types its words ask about ("who manages", "负责", "where ... live") first.
    A current relation shows what it replaced; a relation ended without a successor is shown
    as "no longer".

    Args:
        discourse: the salient entities of the namespace (for names and pronouns of earlier
            turns).
        exclusivity: the tracker's exclusivity table (which side a replaced relation shares).
        limit: at most this many facts.
        read: entity look-ups read with the discourse (of :func:`question_keys`), if any.
        found: :func:`fact_anchors` of the question, when already found (``discourse`` and
            ``read`` are then not used).
        relations: ``find_relations_of_entities(found.anchors, newest=FACT_HISTORY)``, when
            already read.
    """
    if limit < 1 or not question.sentences:
        return []
    found = found or fact_anchors(store, namespace, question, discourse=discourse, read=read)
    anchors, cues, named = found.anchors, found.cues, found.named

    rels: dict[str, Relation] = {}
    # the newest part of the history is what a context shows; older relations of a
    # much-mentioned entity stay reachable through relations()/timeline()
    if relations is None:
        relations = find_relations_of_entities(store, namespace, anchors, newest=FACT_HISTORY)
    for of_anchor in relations:
        for rel in of_anchor:
            if not is_mark(rel):  # (an ending that found nothing states nothing: .endings)
                rels.setdefault(rel.id, rel)
    if not anchors and cues and not named:  # "Who manages the project?" names nobody
        for type_ in cues[:3]:
            for rel in store.find_relations(namespace, type=type_, current_only=True, newest=limit):
                rels.setdefault(rel.id, rel)
    if not rels:
        return []
    anchor_rank = {a: i for i, a in enumerate(anchors)}
    # a relation left unsure states nothing (nor does its predecessor's "before: ...")
    current = [r for r in rels.values() if r.is_current and not is_unsure(r)]
    ended = [r for r in rels.values() if not r.is_current]
    if cues and any(r.type in cues for r in rels.values()):
        # only the types asked about: "Where does Bob work?" is not answered by where he lives
        # ("张三现在负责什么？" after 张三 lost 星火计划: the answer is in the history)
        current = [r for r in current if r.type in cues]
        ended = [r for r in ended if r.type in cues]
    elif cues or not (named and profile_question(question.text)):
        # No relation word in the question ("When did Caroline go to the support group?"), or
        # none of the types it asks about is known: only relations whose both ends the question
        # names are worth their tokens (unless it asks about whom it names as a whole, with no
        # relation word: "Tell me about Alice").
        text = question.text.casefold()

        def both_ends(r: Relation) -> bool:
            if r.subject_id not in anchor_rank and r.subject_name.casefold() not in text:
                return False
            return r.object_id in anchor_rank or bool(
                r.object_name and r.object_name.casefold() in text
            )

        current = [r for r in current if both_ends(r)][-5:]
        ended = [r for r in ended if both_ends(r)]

    def rank(r: Relation) -> tuple[int, int, int]:
        where = min(anchor_rank.get(r.subject_id, 99), anchor_rank.get(r.object_id or "", 99))
        return (0 if r.type in cues else 1, -r.valid_from_step, where)

    chosen = sorted(current, key=rank)[:limit]
    shown = {r.id for r in chosen}
    out = [_render(store, namespace, r, rels, exclusivity) for r in chosen]
    for r in sorted(ended, key=lambda r: -(r.valid_to_step or 0)):
        if len(out) >= limit:
            break
        if r.superseded_by is not None:
            if r.superseded_by in shown:
                continue  # its successor's fact already says "before: ..."
            successor = _successor(store, namespace, r, exclusivity.get(r.type))
            if successor is not None and is_unsure(successor):
                continue
            if successor is not None and successor.is_current:
                shown.add(successor.id)
                out.append(render_fact(successor, predecessor=r, side=exclusivity.get(r.type)))
                continue
        if any(
            c.type == r.type and (c.object_id == r.object_id or c.subject_id == r.subject_id)
            for c in chosen
        ):
            continue
        out.append(render_fact(r))
    return out


def _head(question: Annotation, chars: int) -> Annotation:
    """The sentences of ``question`` within its first ``chars`` characters (the first sentence
    cut to them when it alone is longer); ``question`` itself when it is that short."""
    if (
        not question.sentences
        or question.sentences[-1].end_char - question.sentences[0].start_char <= chars
    ):
        return question
    limit = question.sentences[0].start_char + chars
    kept = tuple(s for s in question.sentences if s.end_char <= limit)
    if not kept:
        first = question.sentences[0]
        tokens = tuple(t for t in first.tokens if t.end_char <= limit)
        kept = (
            Sentence(
                question.text[first.start_char : limit], tokens, first.start_char, limit, first.lang
            ),
        )
    return Annotation(question.text, kept)


def question_keys(question: Annotation) -> list[str]:
    """The alias keys :func:`select_facts` will look up for ``question``, as far as they are
    known before the discourse: the names in its first :data:`HEAD_CHARS` characters found
    without the salient entities' names, and its nouns. A recall reads them together with the
    discourse; :func:`select_facts` then reads only the keys this missed (or, when this named a
    key it does not look up, all of them again)."""
    head = _head(question, HEAD_CHARS)
    return [k for k in _alias_keys(find_mentions(head, gazetteer={}), head.tokens) if k.strip()]


def _alias_keys(mentions: Sequence[Mention], tokens: Sequence[Token]) -> list[str]:
    """The names among ``mentions``, then the nouns and proper nouns among ``tokens``."""
    keys = [clean_name(m.text) for m in mentions if m.kind == "name"]
    return keys + [t.text for t in tokens if t.upos in ("NOUN", "PROPN") and len(t.text) > 1]


def _anchors(
    store: GraphStore,
    namespace: str,
    question: Annotation,
    discourse: Sequence[Referent],
    read: Prefetched | None,
) -> tuple[list[str], list[str], bool]:
    """The entities ``question`` names or refers to, in text order (distinct), then those its
    nouns are aliases of; and whether it names anything at all."""
    gazetteer = {a: r.type for r in discourse for a in (r.name, *r.aliases)}
    mentions = find_mentions(question, gazetteer=gazetteer)
    book = EntityBook(store, namespace, discourse)
    tokens = question.tokens
    keys = _alias_keys(mentions, tokens)
    book.prefetch(keys, read=read)
    resolved: list[Mention] = []
    refs = iter(
        book.resolve_many(
            [(m.text, m.type, True) for m in mentions if m.kind == "name"], create=False
        )
    )
    full: set[str] = set()  # the words of a person's full name: "Sam Patel" is no "Sam Reed"
    for m in mentions:
        if m.kind == "name":
            ref = next(refs)
            if len(words := clean_name(m.text).casefold().split()) > 1 and PERSON in (m.type, ref and ref.type):
                full.update(words)
            if ref is None:
                continue
            m = m.resolve_to((ref.id,), ref.name, m.type)
        resolved.append(m)
    named_ids: list[str] = []
    for m in resolve_references(resolved, referents=book.referents, discourse=discourse):
        named_ids.extend(i for i in m.entity_ids if i in book.known or i in book.referents)
    noun_ids: list[str] = []
    for key in keys:  # nouns the mention finder did not tag ("咖啡", "coffee")
        for ent in book.by_alias.get(key.casefold(), []) if key.casefold() not in full else ():
            noun_ids.append(ent.id)
    named = any(m.kind == "name" for m in mentions) or any(t.upos == "PROPN" for t in tokens)
    return list(dict.fromkeys(named_ids)), noun_ids, named


def _same_end(
    store: GraphStore, namespace: str, rel: Relation, side: Side | None, *, current_only: bool
) -> list[Relation]:
    """The relations of ``rel``'s type on the end a replacement shares with it (the subject for
    LIVES_IN, the object for MANAGES, as the tracker's exclusivity says)."""
    if side == "object" and rel.object_id:
        return store.find_relations(
            namespace, object_id=rel.object_id, type=rel.type, current_only=current_only
        )
    return store.find_relations(
        namespace, subject_id=rel.subject_id, type=rel.type, current_only=current_only
    )


def _successor(
    store: GraphStore, namespace: str, rel: Relation, side: Side | None
) -> Relation | None:
    """The current relation that replaced ``rel`` (None when there is none, or it has ended
    too). Only current relations of the shared end are read: the object's relations were read
    for every type, so a move (same person, another city) was never found and the stale
    city's whole history was read instead."""
    pool = _same_end(store, namespace, rel, side, current_only=True)
    return next((r for r in pool if r.id == rel.superseded_by), None)


def _render(
    store: GraphStore,
    namespace: str,
    rel: Relation,
    known: Mapping[str, Relation],
    exclusivity: Mapping[str, Side],
) -> str:
    side = exclusivity.get(rel.type)
    predecessor = next((r for r in known.values() if r.superseded_by == rel.id), None)
    if predecessor is None and side is not None:
        pool = _same_end(store, namespace, rel, side, current_only=False)
        predecessor = next((r for r in pool if r.superseded_by == rel.id), None)
    if predecessor is not None and (is_unsure(predecessor) or predecessor.valid_to == predecessor.valid_from):
        predecessor = None  # stated again after a doubt, or a slip taken back: nothing was "before"
    return render_fact(rel, predecessor=predecessor, side=side)


def _as_of_filter(as_of: Any) -> Callable[[Relation], bool]:
    if as_of is None:
        return lambda r: True
    if isinstance(as_of, bool):
        raise InputError("as_of must be a time step (int) or an aware datetime, not a bool")
    if isinstance(as_of, int):
        step = as_of
        return lambda r: r.holds_at(step)
    if isinstance(as_of, datetime):
        if as_of.tzinfo is None or as_of.utcoffset() is None:
            raise InputError(
                "as_of must be timezone-aware (e.g. datetime(..., tzinfo=timezone.utc))"
            )
        when = as_of
        return lambda r: r.valid_from <= when and (r.valid_to is None or when < r.valid_to)
    raise InputError(f"as_of must be a time step (int) or an aware datetime, got {as_of!r}")
