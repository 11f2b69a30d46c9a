"""The relation layer: typed entities and relations that evolve over time (seed 001, Mem0^g).

- :mod:`.schema`: entity/relation types, the exclusivity table, the extractor Protocol.
- :mod:`.mentions`, :mod:`.coref`: names, pronouns and definite descriptions -> entities.
- :mod:`.patterns`: the default extractor (English and Chinese patterns, dependency fallback).
- :mod:`.updates`: the pure update rules (add / end / confirm).
- :mod:`.facts`: relations as short prompt lines.
- :mod:`.entities`: names -> canonical entities for one plan (store look-ups, new entities).
- :mod:`.discourse`: the salient entities carried across turns (a cache rebuilt from the store).
- :mod:`.reads`: look-ups, history and the facts a recall shows.
- :mod:`.tracker`: :class:`RelationTracker` (the write plan), what
  :class:`~recall_memory_plugins.engine.memory.TemporalGraphMemory` calls.
"""

from __future__ import annotations

from .patterns import PatternRelationExtractor
from .schema import (
    DEFAULT_EXCLUSIVE,
    RELATION_TYPES,
    EntityRef,
    ExtractionContext,
    Mention,
    RelationCandidate,
    RelationExtractor,
    RelationProposal,
    RelationSpec,
    exclusivity_table,
    normalise_relation_type,
)
from .tracker import RelationPlan, RelationTracker
from .updates import decide_changes

__all__ = [
    "DEFAULT_EXCLUSIVE",
    "RELATION_TYPES",
    "EntityRef",
    "ExtractionContext",
    "Mention",
    "PatternRelationExtractor",
    "RelationCandidate",
    "RelationExtractor",
    "RelationPlan",
    "RelationProposal",
    "RelationSpec",
    "RelationTracker",
    "decide_changes",
    "exclusivity_table",
    "normalise_relation_type",
]
