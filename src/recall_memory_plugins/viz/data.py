"""What the memory page shows, read through the engine's and the store's public API.

Everything here is plain data (JSON-ready dicts), so the page, the local server and the tests
share one source. Large memories are *aggregated*, never sent whole: the concept graph keeps the
most mentioned concepts and the strongest edges among them, the entity graph the entities with
the most relations; the page says what it left out.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from ..engine.relations.endings import without_marks
from ..engine.relations.updates import is_unsure
from ..errors import InputError
from ..models import Concept, ConceptLink, Entity, Recall, Relation, Statement
from .layout import spring_positions

if TYPE_CHECKING:
    from ..engine.memory import TemporalGraphMemory

__all__ = ["ViewLimits", "collect_namespace", "collect_view", "recall_json"]

logger = logging.getLogger(__name__)

QUESTION_ENDINGS = ("?", "？")
RECENT_SCAN = 200  # newest statements scanned for questions to precompute


@dataclass(frozen=True)
class ViewLimits:
    """How much of a large memory the page carries (the rest is counted, not sent).

    Attributes:
        concepts: concepts shown, the most mentioned first (ties: most recent).
        edges: concept edges shown, the strongest among the shown concepts.
        entities: entities shown, those with the most relations first (ties: most recent).
        relations: relations shown in the entity graph and the timeline, newest first.
        context: newest statements carried per shown concept (shown when it is clicked).
        questions: recalls precomputed when no question is given.
        token_budget: the budget of the precomputed recalls (None: the memory's default).
    """

    concepts: int = 300
    edges: int = 1200
    entities: int = 150
    relations: int = 600
    context: int = 3
    questions: int = 5
    token_budget: int | None = None

    def __post_init__(self) -> None:
        for name, value in asdict(self).items():
            if name == "token_budget" and value is None:
                continue
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InputError(f"ViewLimits.{name} must be a non-negative int, got {value!r}")


def _iso(value: datetime | None) -> str | None:
    """A time in ISO form on the calendar it was given in (a statement's ``at`` keeps its UTC
    offset: the page's days are the user's days, as in the recall text)."""
    return None if value is None else value.isoformat()


def _label(concept: Concept) -> str:
    # The stored name is stemmed ("coffe"); the first surface form reads better ("coffee").
    return concept.aliases[0] if concept.aliases else concept.name


def recall_json(recall: Recall, *, source: str = "computed") -> dict[str, Any]:
    """A recall as the page's inspector shows it: chosen statements, scores, concepts."""
    return {
        "question": recall.question,
        "source": source,
        "strategy": recall.strategy,
        "token_count": recall.token_count,
        "token_budget": recall.token_budget,
        "facts": list(recall.facts),
        "statements": [
            {
                "id": r.statement.id,
                "t": r.statement.t_index,
                "at": _iso(r.statement.at),
                "speaker": r.statement.speaker,
                "text": r.statement.text,
                "score": round(float(r.score), 6),
                "concepts": list(r.concepts),
            }
            for r in recall.statements
        ],
        "concepts": [
            {
                "name": c.name,
                "label": c.aliases[0] if c.aliases else c.name,
                "essential": c.essential,
                "depth": c.depth,
                "t": c.t_index,
                "sort_val": round(float(c.sort_val), 6),
            }
            for c in recall.concepts
        ],
    }


def _statement_row(st: Statement) -> list[Any]:
    return [st.t_index, _iso(st.at), st.speaker, st.text]


def _concept_graph(memory: TemporalGraphMemory, ns: str, limits: ViewLimits) -> dict[str, Any]:
    store = memory.store
    links: list[ConceptLink] = store.find_links(ns)
    names = sorted({n for link in links for n in (link.source, link.target)})
    concepts = store.find_concepts(ns, names) if names else []
    concepts.sort(key=lambda c: (-c.mentions, -c.t_index, c.name))
    kept = concepts[: limits.concepts]
    kept_names = {c.name for c in kept}
    inner = [lk for lk in links if lk.source in kept_names and lk.target in kept_names]
    inner.sort(key=lambda lk: (-lk.strength, -lk.t_index, lk.source, lk.target))
    shown_links = inner[: limits.edges]
    degree: Counter[str] = Counter()
    for lk in links:
        degree[lk.source] += 1
        degree[lk.target] += 1
    contexts: dict[str, list[Statement]] = {}
    if kept and limits.context:
        contexts = store.find_contexts(ns, list(kept_names), limit_per_concept=limits.context)
    positions = spring_positions(
        [c.name for c in kept], ((lk.source, lk.target, lk.strength) for lk in shown_links)
    )
    nodes = [
        {
            "id": c.name,
            "label": _label(c),
            "xy": list(positions[c.name]),
            "mentions": c.mentions,
            "t": c.t_index,
            "revisions": c.revision_count,
            "degree": degree[c.name],
            "aliases": list(c.aliases),
            "context": [_statement_row(st) for st in contexts.get(c.name, [])],
        }
        for c in kept
    ]
    edges = [
        {"from": lk.source, "to": lk.target, "strength": lk.strength, "t": lk.t_index}
        for lk in shown_links
    ]
    return {
        "nodes": nodes,
        "edges": edges,
        "total_nodes": len(concepts),
        "total_edges": len(links),
    }


def _relation_row(rel: Relation, newest_at: datetime | None) -> dict[str, Any]:
    unsure = is_unsure(rel)  # left in doubt: relations() and recall facts leave it out too
    return {
        "id": rel.id,
        "from": rel.subject_id,
        "to": rel.object_id,
        "subject": rel.subject_name,
        "object": rel.object_name,
        "type": rel.type,
        "attributes": dict(rel.attributes),
        "current": rel.is_current and not unsure,
        "unsure": unsure,
        "from_step": rel.valid_from_step,
        "to_step": rel.valid_to_step,
        "from_at": _iso(rel.valid_from),
        "to_at": _iso(rel.valid_to),
        "now_at": _iso(newest_at) if rel.is_current else None,
        "confirmations": rel.confirmations,
        "superseded_by": rel.superseded_by,
    }


def _entity_graph(
    memory: TemporalGraphMemory, ns: str, limits: ViewLimits, newest_at: datetime | None
) -> dict[str, Any]:
    store = memory.store
    entities: list[Entity] = store.find_entities(ns)
    relations: list[Relation] = without_marks(store.find_relations(ns))
    degree: Counter[str] = Counter()
    for rel in relations:
        degree[rel.subject_id] += 1
        if rel.object_id is not None:
            degree[rel.object_id] += 1
    ranked = sorted(entities, key=lambda e: (-degree[e.id], -e.last_step, e.id))
    kept = ranked[: limits.entities]
    kept_ids = {e.id for e in kept}
    inner = [
        r
        for r in relations
        if r.subject_id in kept_ids and (r.object_id is None or r.object_id in kept_ids)
    ]
    # Newest first for the cut, then oldest first so the timeline reads forward.
    inner.sort(key=lambda r: (-r.valid_from_step, r.id))
    shown = sorted(inner[: limits.relations], key=lambda r: (r.valid_from_step, r.id))
    linked = {r.subject_id for r in shown if r.object_id is not None}
    linked |= {r.object_id for r in shown if r.object_id is not None}
    positions = spring_positions(
        [e.id for e in kept if e.id in linked],
        ((r.subject_id, r.object_id, 1.0) for r in shown if r.object_id is not None),
    )
    nodes = [
        {
            "id": e.id,
            "label": e.name,
            "xy": list(positions[e.id]) if e.id in positions else None,
            "type": e.type,
            "aliases": list(e.aliases),
            "first": e.first_step,
            "last": e.last_step,
            "degree": degree[e.id],
        }
        for e in kept
    ]
    return {
        "nodes": nodes,
        "relations": [_relation_row(r, newest_at) for r in shown],
        "total_nodes": len(entities),
        "total_relations": len(relations),
        "current_relations": sum(1 for r in relations if r.is_current and not is_unsure(r)),
    }


def _default_questions(memory: TemporalGraphMemory, ns: str, count: int) -> list[str]:
    """Recent questions: the newest stored statements that are questions (a chat's user turns)."""
    if count <= 0:
        return []
    found: list[str] = []
    for st in memory.store.find_recent_statements(ns, limit=RECENT_SCAN):
        text = st.text.strip()
        if text.endswith(QUESTION_ENDINGS) and text not in found:
            found.append(text)
            if len(found) >= count:
                break
    return found


def collect_namespace(
    memory: TemporalGraphMemory,
    namespace: str,
    *,
    limits: ViewLimits,
    questions: Sequence[str] = (),
) -> dict[str, Any]:
    """Everything the page shows about one namespace (aggregated to ``limits``)."""
    started = time.perf_counter()
    store = memory.store
    stats = memory.stats(namespace)
    newest = store.find_recent_statements(namespace, limit=1)
    first = store.find_statements(namespace, limit=1)
    newest_at = newest[0].at if newest else None
    concepts = _concept_graph(memory, namespace, limits)
    entities = _entity_graph(memory, namespace, limits, newest_at)
    recalls: list[dict[str, Any]] = []
    asked = [q for q in dict.fromkeys(q.strip() for q in questions) if q]
    source = "given"
    if not asked:
        asked, source = _default_questions(memory, namespace, limits.questions), "recent question"
    if stats.statements:
        for question in asked:
            recall = memory.recall(question, namespace=namespace, token_budget=limits.token_budget)
            recalls.append(recall_json(recall, source=source))
    logger.info(
        "view data of %r: %d/%d concepts, %d/%d edges, %d/%d entities, %d recalls in %.2f s",
        namespace,
        len(concepts["nodes"]),
        concepts["total_nodes"],
        len(concepts["edges"]),
        concepts["total_edges"],
        len(entities["nodes"]),
        entities["total_nodes"],
        len(recalls),
        time.perf_counter() - started,
    )
    return {
        "namespace": namespace,
        "stats": asdict(stats),
        "step": store.current_step(namespace),
        "first_at": _iso(first[0].at) if first else None,
        "newest_at": _iso(newest_at),
        "concepts": concepts,
        "entities": entities,
        "recalls": recalls,
    }


def collect_view(
    memory: TemporalGraphMemory,
    namespaces: Iterable[str],
    *,
    limits: ViewLimits | None = None,
    questions: Sequence[str] = (),
    title: str | None = None,
    served: bool = False,
) -> dict[str, Any]:
    """The page's whole data blob: one entry per namespace plus what the page needs to say."""
    lim = limits or ViewLimits()
    names = list(dict.fromkeys(namespaces))
    if not names:
        raise InputError("render at least one namespace")
    from .. import __version__

    return {
        "title": title or "recall-memory: " + ", ".join(names),
        "version": __version__,
        "generated_at": _iso(datetime.now(timezone.utc)),
        "served": served,
        "limits": asdict(lim),
        "namespaces": [
            collect_namespace(memory, ns, limits=lim, questions=questions) for ns in names
        ],
    }
