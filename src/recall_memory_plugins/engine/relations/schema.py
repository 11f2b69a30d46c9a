"""The vocabulary of the relation layer: entity types, relation types, exclusivity, and the small
value types that flow between mention detection, coreference, extraction and the update rules.

Relation types and which side is exclusive (used when the type is listed in
``MemoryConfig.exclusive_relations``):

============== =================== ===========================================================
type           exclusive side      meaning of a new value
============== =================== ===========================================================
WORKS_FOR      subject             a person has one employer: a new one ends the old one
LIVES_IN       subject             a person lives in one place
REPORTS_TO     subject             a person has one manager
MANAGES        object              a project/team has one manager: a new manager ends the old
HAS_ROLE_IN    pair                one role per (person, project): a new role ends the old one
STATUS         subject             a project has one status (value in ``attributes["status"]``)
STUDIES_AT     subject             (not exclusive by default)
MARRIED_TO     subject             (not exclusive by default)
BORN_IN        subject             (not exclusive by default)
others         --                  non-exclusive: values accumulate (LIKES coffee, LIKES cats)
============== =================== ===========================================================

A custom type listed as exclusive without a side here is exclusive on its subject; the side can
also be given explicitly in the config as ``"TYPE:object"`` (``subject``, ``object``, ``pair``).
Independently of exclusivity, the same ``(subject, type, object)`` is one fact: a repeat confirms
it, and a repeat with changed attributes (a new role) ends it and starts a new version.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, runtime_checkable

from ...models import Entity, Relation
from ...nlp.base import Annotation

__all__ = [
    "DEFAULT_EXCLUSIVE",
    "ENTITY_TYPES",
    "RELATION_TYPES",
    "EntityRef",
    "ExtractionContext",
    "Mention",
    "RelationCandidate",
    "RelationExtractor",
    "RelationProposal",
    "RelationSpec",
    "Side",
    "exclusivity_table",
    "normalise_relation_type",
    "phrase",
]

Side = Literal["subject", "object", "pair"]
Gender = Literal["m", "f", "n"]  # "n": it/它 (not a person)
MentionKind = Literal["name", "pronoun", "definite", "noun", "speaker"]

PERSON = "PERSON"
ORG = "ORG"
PROJECT = "PROJECT"
LOCATION = "LOCATION"
PRODUCT = "PRODUCT"
DATE = "DATE"
EVENT = "EVENT"
THING = "THING"  # a common-noun object ("coffee", "cats")
OTHER = "OTHER"  # a named entity of unknown type

ENTITY_TYPES = (PERSON, ORG, PROJECT, LOCATION, PRODUCT, DATE, EVENT, THING, OTHER)

#: NER labels of the annotators (Stanza/OntoNotes, CoNLL, the offline annotator) -> entity type.
#: Labels mapped to None (numbers, nationalities, ...) never become entities.
NER_TYPES: Mapping[str, str | None] = {
    "PERSON": PERSON,
    "PER": PERSON,
    "NR": PERSON,
    "ORG": ORG,
    "ORGANIZATION": ORG,
    "ORGANISATION": ORG,
    "NT": ORG,
    "PROJECT": PROJECT,
    "GPE": LOCATION,
    "LOC": LOCATION,
    "LOCATION": LOCATION,
    "FAC": LOCATION,
    "NS": LOCATION,
    "PRODUCT": PRODUCT,
    "WORK_OF_ART": PRODUCT,
    "EVENT": EVENT,
    "DATE": DATE,
    "TIME": DATE,
    "MISC": OTHER,
    "NORP": None,
    "LANGUAGE": None,
    "LAW": None,
    "PERCENT": None,
    "MONEY": None,
    "QUANTITY": None,
    "ORDINAL": None,
    "CARDINAL": None,
}


@dataclass(frozen=True, slots=True)
class RelationSpec:
    """One relation type: how it reads, which side is exclusive, what its ends usually are."""

    name: str
    phrase: str
    side: Side | None = None
    subject_type: str | None = None
    object_type: str | None = None


RELATION_TYPES: Mapping[str, RelationSpec] = {
    s.name: s
    for s in (
        RelationSpec("WORKS_FOR", "works for", "subject", PERSON, ORG),
        RelationSpec("MANAGES", "manages", "object", PERSON, PROJECT),
        RelationSpec("INVOLVED_IN", "is involved in", None, PERSON, PROJECT),
        RelationSpec("REPORTS_TO", "reports to", "subject", PERSON, PERSON),
        RelationSpec("DEPENDS_ON", "depends on", None, None, None),
        RelationSpec("HAS_ROLE_IN", "has a role in", "pair", PERSON, PROJECT),
        RelationSpec("LIVES_IN", "lives in", "subject", PERSON, LOCATION),
        RelationSpec("STATUS", "status", "subject", None, None),
        RelationSpec("LIKES", "likes", None, PERSON, THING),
        RelationSpec("DISLIKES", "dislikes", None, PERSON, THING),
        RelationSpec("WANTS_TO_VISIT", "wants to visit", None, PERSON, LOCATION),
        RelationSpec("VISITED", "visited", None, PERSON, LOCATION),
        RelationSpec("OWNS", "owns", None, PERSON, THING),
        RelationSpec("STUDIES_AT", "studies at", "subject", PERSON, ORG),
        RelationSpec("BORN_IN", "was born in", "subject", PERSON, LOCATION),
        RelationSpec("FROM", "is from", None, PERSON, LOCATION),
        RelationSpec("MARRIED_TO", "is married to", "subject", PERSON, PERSON),
        RelationSpec("FRIEND_OF", "is a friend of", None, PERSON, PERSON),
    )
}

DEFAULT_EXCLUSIVE = ("WORKS_FOR", "LIVES_IN", "REPORTS_TO", "MANAGES", "HAS_ROLE_IN", "STATUS")

_TYPE_RE = re.compile(r"^[A-Z][A-Z0-9_]{0,47}$")
_SYNONYMS = {
    "WORKS_AT": "WORKS_FOR",
    "EMPLOYED_BY": "WORKS_FOR",
    "EMPLOYEE_OF": "WORKS_FOR",
    "LEADS": "MANAGES",
    "MANAGER_OF": "MANAGES",
    "HEADS": "MANAGES",
    "RUNS": "MANAGES",
    "WORKS_ON": "INVOLVED_IN",
    "MEMBER_OF": "INVOLVED_IN",
    "PARTICIPATES_IN": "INVOLVED_IN",
    "LIVE_IN": "LIVES_IN",
    "RESIDES_IN": "LIVES_IN",
    "LOCATED_IN": "LIVES_IN",
    "LOVES": "LIKES",
    "LIKE": "LIKES",
    "ENJOYS": "LIKES",
    "PREFERS": "LIKES",
    "HATES": "DISLIKES",
    "REPORTS_TO_": "REPORTS_TO",
    "HAS_STATUS": "STATUS",
    "DEPENDS": "DEPENDS_ON",
    "RELIES_ON": "DEPENDS_ON",
}


def normalise_relation_type(value: str) -> str | None:
    """``"works for"`` -> ``"WORKS_FOR"``; None when the name cannot be a relation type.

    Relation types reach Cypher as labels, so only ``[A-Z][A-Z0-9_]*`` is allowed.
    """
    name = re.sub(r"[\s\-]+", "_", value.strip()).upper()
    name = _SYNONYMS.get(name, name)
    return name if _TYPE_RE.match(name) else None


def phrase(type_: str) -> str:
    """How a relation type reads in a fact (``MANAGES`` -> ``manages``)."""
    spec = RELATION_TYPES.get(type_)
    return spec.phrase if spec else type_.lower().replace("_", " ")


def exclusivity_table(exclusive_types: Sequence[str]) -> dict[str, Side]:
    """The exclusive side of each configured type (``"TYPE"`` or ``"TYPE:side"``)."""
    table: dict[str, Side] = {}
    for item in exclusive_types:
        name, _, side = str(item).partition(":")
        rel = normalise_relation_type(name)
        if rel is None:
            continue
        sides: dict[str, Side] = {"subject": "subject", "object": "object", "pair": "pair"}
        if side in sides:
            table[rel] = sides[side]
        else:
            spec = RELATION_TYPES.get(rel)
            table[rel] = spec.side if spec and spec.side else "subject"
    return table


# ----------------------------------------------------------------------------- mentions & refs


@dataclass(frozen=True, slots=True)
class Mention:
    """A span of the text that refers (or may refer) to an entity.

    ``kind``: ``name`` (a proper name), ``pronoun`` (he, 他, it, I), ``definite`` ("the project",
    "这个项目"), ``noun`` (a common noun, only an entity when a relation uses it). ``start``/``end``
    are offsets into the annotated text. ``entity_ids`` is filled by coreference (several for
    "they"); ``canonical`` is the resolved entity's name.
    """

    text: str
    start: int
    end: int
    sentence: int
    kind: MentionKind
    type: str | None = None
    gender: Gender | None = None
    plural: bool = False
    person: int = 3  # grammatical person of pronouns: 1 (I, 我), 2 (you), 3
    entity_ids: tuple[str, ...] = ()
    canonical: str | None = None
    weak: bool = False  # a name guessed from a suffix only: stored when a relation uses it

    @property
    def resolved(self) -> bool:
        return bool(self.entity_ids)

    def resolve_to(
        self, entity_ids: tuple[str, ...], canonical: str | None, type_: str | None
    ) -> Mention:
        """This mention resolved to ``entity_ids`` (a copy; ``dataclasses.replace`` without its
        field introspection: the relation layer resolves every name of a text this way)."""
        return Mention(
            self.text,
            self.start,
            self.end,
            self.sentence,
            self.kind,
            type_,
            self.gender,
            self.plural,
            self.person,
            entity_ids,
            canonical,
            self.weak,
        )


@dataclass(frozen=True, slots=True)
class EntityRef:
    """An end of a candidate relation: a known entity id, or a name (and type) to resolve."""

    name: str
    type: str | None = None
    id: str | None = None


@dataclass(frozen=True, slots=True)
class RelationCandidate:
    """A relation an extractor read from the text (not yet checked against the store).

    ``negated`` candidates end a matching current relation ("no longer", "不再") without a
    successor; ``ends`` names current relations (by id) that this candidate explicitly replaces
    (an LLM's UPDATE) or, when negated, ends (an LLM's DELETE).
    """

    subject: EntityRef
    type: str
    object: EntityRef | None = None
    attributes: Mapping[str, str] = field(default_factory=dict)
    negated: bool = False
    sentence: int = 0
    ends: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RelationProposal:
    """A candidate with both ends resolved to entity ids: the input of the update rules."""

    subject_id: str
    type: str
    object_id: str | None = None
    attributes: Mapping[str, str] = field(default_factory=dict)
    negated: bool = False
    statement_index: int = 0
    ends: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ExtractionContext:
    """What an extractor may use besides the text.

    Attributes:
        namespace: the namespace being written.
        speaker: who said the text (resolves "I"/"我"), if known.
        mentions: the mentions found in the text, already resolved by coreference.
        entities: known entities relevant to the text (mentioned ones and recently salient ones).
        relations: the current relations of the mentioned entities (for an LLM to compare with).
    """

    namespace: str
    speaker: str | None = None
    mentions: tuple[Mention, ...] = ()
    entities: tuple[Entity, ...] = ()
    relations: tuple[Relation, ...] = ()


@runtime_checkable
class RelationExtractor(Protocol):
    """Reads relation candidates from an annotated text.

    The default is :class:`~recall_memory_plugins.engine.relations.patterns.PatternRelationExtractor`
    (no LLM); :class:`~recall_memory_plugins.extractors.llm.LLMRelationExtractor` asks a chat model.
    Implementations raise :class:`~recall_memory_plugins.errors.ExtractionError` when their output
    cannot be used at all; the tracker then falls back to the pattern extractor.
    """

    name: str

    def extract(
        self, annotation: Annotation, context: ExtractionContext
    ) -> Sequence[RelationCandidate]:
        """The relation candidates of ``annotation`` in text order."""
        ...
