"""The relation layer: typed entities and relations that evolve over time.

STUB: the full implementation (entity extraction, coreference, relation patterns, update rules,
as-of queries, timelines, recall facts) lands with the relation-tracking issue. The interface
below is what :class:`~recall_memory_plugins.engine.memory.TemporalGraphMemory` calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ..models import Entity, EntityRecord, Relation, RelationChange
from ..nlp.base import Annotation
from ..stores.base import GraphStore

__all__ = ["RelationPlan", "RelationTracker"]


@dataclass(frozen=True, slots=True)
class RelationPlan:
    """What one ``add`` changes in the relation layer."""

    entities: tuple[EntityRecord, ...] = ()
    changes: tuple[RelationChange, ...] = ()


class RelationTracker:
    """Extracts entities/relations from annotated text and decides how they change the store."""

    def __init__(self, *, exclusive_types: Sequence[str] = ()) -> None:
        self.exclusive_types = tuple(exclusive_types)

    def plan(
        self, store: GraphStore, namespace: str, annotation: Annotation, *,
        speaker: str | None, sentence_statements: Sequence[int],
    ) -> RelationPlan:
        """The entity upserts and relation changes for one annotated text.

        ``sentence_statements[i]`` is the index (in the update) of the statement holding
        sentence ``i``.
        """
        return RelationPlan()

    def facts(
        self, store: GraphStore, namespace: str, question: Annotation, *, limit: int = 8,
    ) -> list[str]:
        """Short statements of the current relations relevant to ``question``, newest first."""
        return []

    def find_entities(self, store: GraphStore, namespace: str, name: str | None = None) -> list[Entity]:
        """Entities of the namespace (matching ``name`` or an alias when given)."""
        return store.find_entities(namespace, aliases=[name] if name else None)

    def find_relations(
        self, store: GraphStore, namespace: str, *, entity: str | None = None,
        type: str | None = None, as_of: int | datetime | None = None, include_ended: bool = False,
    ) -> list[Relation]:
        """Relations true now (or at ``as_of``: a time step or a timestamp)."""
        return []

    def timeline(self, store: GraphStore, namespace: str, entity: str) -> list[Relation]:
        """Every relation of ``entity`` (current and ended) in the order they began."""
        return []
