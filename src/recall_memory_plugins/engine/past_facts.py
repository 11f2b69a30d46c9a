"""The relation facts of a question about the past (pure functions of the relations read).

A recall's facts state what is current ("Alice lives in Oslo (since step 4; before: Rome, ...)").
A question that names a past period ("Where did Alice live in 2019?", "last year", 去年这个时候)
or a value it asks what came before or after ("Where did Alice live before Rome?") is not
answered by that: its facts state what held then, with when (``Alice lived in Berlin
(2018-06-01 to 2021-03-01, steps 2-3)``), or nothing when nothing known held then.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import datetime

from ..models import Relation
from ..stores.base import GraphStore, find_relations_of_entities
from .periods import Period
from .relations.facts import _date, _dated, _through, _value, cue_types, profile_question
from .relations.reads import FACT_HISTORY, FactAnchors
from .relations.schema import Side, phrase
from .relations.updates import is_unsure

__all__ = ["facts_then", "question_facts_then", "render_then"]

# how a fact's phrase reads in the past ("Alice lived in Berlin (2018 to 2021, ...)")
_PAST = {
    "works for": "worked for",
    "manages": "managed",
    "reports to": "reported to",
    "depends on": "depended on",
    "has a role in": "had a role in",
    "lives in": "lived in",
    "likes": "liked",
    "dislikes": "disliked",
    "wants to visit": "wanted to visit",
    "owns": "owned",
    "studies at": "studied at",
}
# "Where has Alice lived since 2019?" reaches the present: the current facts answer it
_UNTIL_NOW = re.compile(r"\b(?:since|so\s+far|until\s+now|to\s+date)\b|以来|至今", re.IGNORECASE)
_BEFORE, _AFTER = r"\b(?:before|prior\s+to)", r"\bafter"
_BEFORE_ZH, _AFTER_ZH = ("之前", "以前"), ("之后", "以后")
# the asker ("Where did I live in 2023?", 我搬到上海之前住在哪？)
_FIRST_PERSON = re.compile(r"\b(?:I|me|my|mine|myself)\b|我", re.IGNORECASE)
_BESIDE = re.compile(r"\b(?:before|prior\s+to|after)\b|之前|以前|之后|以后", re.IGNORECASE)


def render_then(rel: Relation) -> str:
    """A relation as it held in a past period, with its dates: ``Alice lived in Berlin
    (2018-06-01 to 2021-03-01, steps 2-3)``; a current one ``Alice lives in Oslo (since
    2023-03-01, step 4)``."""
    words = phrase(rel.type)
    if rel.is_current:
        head = (
            f"{rel.subject_name} {words}:"
            if rel.type == "STATUS"
            else f"{rel.subject_name} {words}"
        )
        return (
            f"{head} {_value(rel)}".rstrip()
            + f" (since {_date(rel.valid_from)}, step {rel.valid_from_step})"
        )
    if rel.type == "STATUS":
        head = f"{rel.subject_name} status was: {_value(rel)}"
    else:
        past = _PAST.get(words) or (f"was {words[3:]}" if words.startswith("is ") else words)
        head = f"{rel.subject_name} {past} {_value(rel)}".rstrip()
    end = rel.valid_to or rel.valid_from
    closed = rel.valid_to_step == rel.valid_from_step and rel.superseded_by is None
    last = _through(end) if _dated(rel) and closed else _date(end)
    first = _date(rel.valid_from)
    when = first if first == last else f"{first} to {last}"
    steps = (
        f"step {rel.valid_from_step}"
        if rel.valid_to_step in (None, rel.valid_from_step)
        else f"steps {rel.valid_from_step}-{rel.valid_to_step}"
    )
    return f"{head} ({when}, {steps})"


def question_facts_then(
    store: GraphStore,
    namespace: str,
    question: str,
    *,
    anchors: FactAnchors | None,
    relations: Sequence[Sequence[Relation]] | None,
    period: Period | None,
    now: datetime,
    exclusivity: Mapping[str, Side],
) -> list[str] | None:
    """:func:`facts_then` of the relations of the question's ``anchors`` (``relations``: those
    a recall read already, per anchor, else read here); None for a question not about the past
    or naming nobody.

    "I"/"my"/"me"/"我" name the asker, as in the current facts ("Where do I live now?"): the
    relations of the types the question asks about are read by type ("Where did I live in
    2023?", "Where did I work before Stripe?": the speaker's own moves, as the third person's)."""
    if anchors is None or (period is None and not _BESIDE.search(question)):
        return None
    mine = bool(anchors.cues) and _FIRST_PERSON.search(question) is not None
    if not anchors.anchors and not mine:
        return None
    if relations is None:
        relations = find_relations_of_entities(
            store, namespace, anchors.anchors, newest=FACT_HISTORY
        )
    if mine:
        relations = [
            *relations,
            *(
                store.find_relations(namespace, type=t, newest=FACT_HISTORY)
                for t in anchors.cues[:3]
            ),
        ]
    return facts_then(
        (r for of_anchor in relations for r in of_anchor),
        question,
        period=period,
        now=now,
        anchors=anchors.anchors,
        exclusivity=exclusivity,
    )


def facts_then(
    relations: Iterable[Relation],
    question: str,
    *,
    period: Period | None,
    now: datetime,
    anchors: Collection[str],
    exclusivity: Mapping[str, Side],
    limit: int = 8,
) -> list[str] | None:
    """The facts of ``question`` when it asks about the past, else None (the current facts
    answer it).

    Of ``relations`` (those of the question's ``anchors``, current and ended), chosen as the
    current facts are (the types the question's words ask about, else those whose both ends it
    names, or all of whom it names when it asks about them as a whole), and not left unsure:

    * "before X" / "after X" (X: a value of an exclusive relation, "X之前"): the value before or
      after X in its timeline;
    * a ``period`` that ended by ``now`` (and no "since"): the relations that held at some time
      in it, oldest first: both values with their dates when it spans a change.
    """
    known = {
        r.id: r
        for r in relations
        if not is_unsure(r) and (r.valid_to is None or r.valid_to > r.valid_from)
    }
    chosen = _about(list(known.values()), question, anchors)
    beside = _beside(chosen, list(known.values()), question, exclusivity)
    if beside is not None:
        return [render_then(r) for r in beside[:limit]]
    if period is None or period[1] > now or _UNTIL_NOW.search(question):
        return None
    start, end = period
    held = [r for r in chosen if r.valid_from < end and (r.valid_to is None or r.valid_to > start)]
    held.sort(key=lambda r: (r.valid_from, r.valid_from_step))
    return [render_then(r) for r in held[:limit]]


def _about(relations: list[Relation], question: str, anchors: Collection[str]) -> list[Relation]:
    """The relations ``question`` asks about, as the current facts choose them."""
    text = question.casefold()

    def names(entity: str | None, name: str | None) -> bool:
        return (entity is not None and entity in anchors) or bool(name and name.casefold() in text)

    cues = cue_types(question)
    typed = [r for r in relations if r.type in cues]
    if typed:
        return typed
    if not cues and profile_question(question):
        return relations
    return [
        r
        for r in relations
        if names(r.subject_id, r.subject_name) and names(r.object_id, r.object_name)
    ]


def _beside(
    chosen: list[Relation],
    known: list[Relation],
    question: str,
    exclusivity: Mapping[str, Side],
) -> list[Relation] | None:
    """The relations just before or after a value the question names ("before Rome"), None
    when it names no such value."""
    found: dict[str, Relation] = {}
    asked = False
    for rel in chosen:
        side = exclusivity.get(rel.type)
        if side is None:
            continue
        value = rel.subject_name if side == "object" else rel.object_name
        if not value:
            continue
        for before in (True, False):
            if not _says(question, value, before):
                continue
            asked = True
            chain = sorted(
                (r for r in known if r.type == rel.type and _same_end(r, rel, side)),
                key=lambda r: (r.valid_from, r.valid_from_step),
            )
            at = next(i for i, r in enumerate(chain) if r.id == rel.id)
            neighbour = at - 1 if before else at + 1
            if 0 <= neighbour < len(chain):
                found.setdefault(chain[neighbour].id, chain[neighbour])
    return sorted(found.values(), key=lambda r: r.valid_from) if asked else None


def _same_end(r: Relation, rel: Relation, side: Side) -> bool:
    if side == "object":
        return r.object_id == rel.object_id
    return r.subject_id == rel.subject_id


def _says(question: str, value: str, before: bool) -> bool:
    """Whether ``question`` asks what came before (or after) ``value``."""
    if not value.isascii():
        return any(value + word in question for word in (_BEFORE_ZH if before else _AFTER_ZH))
    word = _BEFORE if before else _AFTER
    # "before Rome", "before she moved to Rome": a few words may come between
    between = r"(?:\s+[\w'-]+){0,4}?"
    return bool(re.search(rf"{word}{between}\s+{re.escape(value)}\b", question, re.IGNORECASE))
