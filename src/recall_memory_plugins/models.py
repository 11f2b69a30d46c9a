"""Core domain models: frozen dataclasses shared by the engine, the stores and the adapters.

Times are timezone-aware ``datetime`` values: a statement's ``at`` in the UTC offset it was given
in, a relation's times in that of the statement that recorded it, others in UTC. A *time step*
(``t_index``) is the per-namespace counter that every ``add`` advances by one (RecallM's global
time step, kept per namespace).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import lru_cache
from typing import Any, Literal

__all__ = [
    "Concept",
    "ConceptLink",
    "ConceptMention",
    "Entity",
    "EntityRecord",
    "GraphUpdate",
    "Recall",
    "RecalledStatement",
    "Relation",
    "RelationChange",
    "ScoredConcept",
    "Statement",
    "StatementInput",
    "StoreStats",
    "Subgraph",
    "TermPosting",
    "UpdateResult",
    "chronological",
    "date_header",
    "render_statements",
    "statement_line",
]

DEFAULT_PROMPT = (
    "Use the following statements to answer the question. The statements are in chronological "
    "order and each is true at its time step:\n\nstatements:\n{statements}\n\n"
    "question: {question}\nAnswer:"
)


@dataclass(frozen=True, slots=True)
class Statement:
    """One stored piece of text (a turn, or a chunk of sentences of one ``add``).

    ``metadata`` is the JSON object given to ``add`` (empty when none). ``superseded_by`` is the
    id of the newer version written by ``update_statement`` (None while this one is current);
    a superseded statement is kept as history but never recalled.
    """

    id: int
    namespace: str
    text: str
    t_index: int
    at: datetime
    speaker: str | None = None
    source: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict, hash=False)
    superseded_by: int | None = None

    def render(self, *, with_time: bool = True) -> str:
        """The statement as one prompt line, e.g. ``[step 2 · 2026-11-29] Brandon: hi``."""
        body = f"{self.speaker}: {self.text}" if self.speaker else self.text
        if not with_time:
            return body
        return f"[step {self.t_index} · {self.at.strftime('%Y-%m-%d %H:%M')}] {body}"


@dataclass(frozen=True, slots=True)
class Concept:
    """A node of the concept graph: a stemmed noun or a (multi-word) proper name."""

    namespace: str
    name: str
    t_index: int
    revision_count: int
    mentions: int = 1
    aliases: tuple[str, ...] = ()
    depth: int = 0  # set by Subgraph expansion: hops from the nearest start concept


@dataclass(frozen=True, slots=True)
class ConceptLink:
    """The undirected ``RELATED`` edge between two concepts; ``source < target``."""

    namespace: str
    source: str
    target: str
    strength: int
    t_index: int


@dataclass(frozen=True, slots=True)
class Subgraph:
    """What a temporal expansion around some start concepts returned."""

    concepts: tuple[Concept, ...]
    links: tuple[ConceptLink, ...]


@dataclass(frozen=True, slots=True)
class TermPosting:
    """A statement that contains some of the looked-up terms (for lexical scoring)."""

    statement_id: int
    t_index: int
    length: int
    terms: Mapping[str, int]  # term -> count in the statement


@dataclass(frozen=True, slots=True)
class Entity:
    """One canonical real-world entity (person, org, project, ...) with its aliases."""

    namespace: str
    id: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    first_step: int = 0
    last_step: int = 0


@dataclass(frozen=True, slots=True)
class Relation:
    """A typed relation with two timelines: world time (valid_*) and system time (recorded/expired).

    ``valid_to_step`` is ``None`` while the relation is current. Ended relations are kept as
    history; only an explicit forget deletes them.

    System time is the statements' time, not the order they were added in: ``recorded_at`` is
    the ``at`` of the statement that recorded the relation, ``expired_at`` that of the one that
    ended it (or of the one that recorded it, for history told late, which is stored ended). A
    statement dated before one already stored (added later, ``at`` earlier) can so end a
    relation with ``expired_at`` before its ``recorded_at``. The order the memory learned
    things in is the steps' (``valid_from_step``, ``valid_to_step``; a correction read at its
    statement's own time counts at that statement's step).
    """

    namespace: str
    id: str
    subject_id: str
    type: str
    object_id: str | None
    subject_name: str
    object_name: str | None
    attributes: Mapping[str, str]
    valid_from_step: int
    valid_from: datetime
    recorded_at: datetime
    valid_to_step: int | None = None
    valid_to: datetime | None = None
    expired_at: datetime | None = None
    superseded_by: str | None = None
    statement_id: int | None = None
    confirmations: int = 0

    @property
    def is_current(self) -> bool:
        return self.valid_to_step is None

    def holds_at(self, step: int) -> bool:
        """Whether the relation was true at time step ``step``."""
        return self.valid_from_step <= step and (
            self.valid_to_step is None or step < self.valid_to_step
        )


# ----------------------------------------------------------------------------- write payloads


@dataclass(frozen=True, slots=True)
class ConceptMention:
    """A concept touched by an update, with the surface form it was seen as."""

    name: str
    alias: str
    kind: str = "NOUN"  # UPOS or entity type
    statement_indexes: tuple[int, ...] = (0,)  # which statements of the update mention it


@dataclass(frozen=True, slots=True)
class StatementInput:
    """A statement to store, with the index terms the engine computed for it."""

    text: str
    terms: Mapping[str, int] = field(default_factory=dict)  # term -> count
    speaker: str | None = None
    source: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict, hash=False)  # a JSON object


@dataclass(frozen=True, slots=True)
class EntityRecord:
    """Create an entity or merge new aliases into an existing one (by id)."""

    id: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RelationChange:
    """One change to the relation layer, applied in the update's transaction.

    ``add`` creates a current relation valid from this update's step; ``end`` closes an existing
    current relation at this update's step (``superseded_by`` links its successor, if any);
    ``confirm`` counts a repeat of a current relation.

    An ``add`` with ``valid_to`` records history instead (a statement dated before a newer
    current fact, :mod:`~recall_memory_plugins.engine.relations.backdated`): the relation held
    from this update's time until ``valid_to`` and was ``superseded_by`` that newer fact; it is
    stored ended at this update's step and is never current. A ``clip`` moves an ended
    relation's world-time end back to ``valid_to``, ``superseded_by`` that history.

    A text that says when its change happened ("moved to Lyon last month",
    :mod:`~recall_memory_plugins.engine.relations.dated_changes`) dates it: an ``add`` with
    ``valid_from`` held from then (not from this update's time), an ``end`` with ``valid_to``
    ended then. Both are world time; the steps stay this update's.
    """

    op: Literal["add", "end", "confirm", "clip"]
    relation_id: str
    subject_id: str = ""
    type: str = ""
    object_id: str | None = None
    attributes: Mapping[str, str] = field(default_factory=dict)
    superseded_by: str | None = None
    statement_index: int = 0
    valid_to: datetime | None = None
    valid_from: datetime | None = None


@dataclass(frozen=True, slots=True)
class GraphUpdate:
    """Everything one ``add`` writes, applied by a store as one all-or-nothing transaction."""

    namespace: str
    at: datetime
    statements: tuple[StatementInput, ...]
    concepts: tuple[ConceptMention, ...] = ()
    links: tuple[tuple[str, str, int], ...] = ()  # (source, target, co-mentions), source < target
    context_limit: int = 50
    entities: tuple[EntityRecord, ...] = ()
    relation_changes: tuple[RelationChange, ...] = ()
    utc_offset: int = 0  # seconds east of UTC of the zone ``at`` was given in (stores/offsets.py)


@dataclass(frozen=True, slots=True)
class UpdateResult:
    """The time step an update was stored under and the ids of its statements."""

    namespace: str
    t_index: int
    statement_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StoreStats:
    """Counts for one namespace (or all, when ``namespace`` is None)."""

    namespace: str | None
    steps: int
    statements: int
    concepts: int
    links: int
    entities: int
    relations: int
    current_relations: int


# ----------------------------------------------------------------------------- recall results


@dataclass(frozen=True, slots=True)
class ScoredConcept:
    """A concept used by a recall: essential (from the question) or related (from the graph)."""

    name: str
    essential: bool
    depth: int
    t_index: int
    sort_val: float
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RecalledStatement:
    """A statement chosen for the context, with why it was chosen."""

    statement: Statement
    score: float
    concepts: tuple[str, ...] = ()
    tokens: int = 0
    full_text: str | None = None  # set when ``statement.text`` is an excerpt of this text


@lru_cache(maxsize=8192)
def _day(day: date) -> str:
    # memoised: a recall formats the day of every candidate it weighs, often the same days (keyed
    # by the local date: aware datetimes of one instant in two zones compare equal)
    return day.strftime("%Y-%m-%d")


def statement_line(statement: Statement, *, with_date: bool = True) -> str:
    """One prompt line: ``[step · date] speaker: text`` (``[step] ...`` under a date header)."""
    # (a speaker's line breaks and runs of spaces would break the line's format: one space each)
    body = f"{' '.join(statement.speaker.split())}: {statement.text}" if statement.speaker else statement.text
    if with_date:
        return f"[{statement.t_index} · {_day(statement.at.date())}] {body}"
    return f"[{statement.t_index}] {body}"


def chronological(statement: Statement) -> tuple[datetime, int, int]:
    """The order a grouped context lists statements in: by the time said, then as added (a
    backdated statement among its days, so no day is told twice)."""
    return statement.at, statement.t_index, statement.id


def date_header(statement: Statement) -> str:
    """The header line opening a group of statements of one day."""
    return f"({_day(statement.at.date())})"


def render_statements(statements: Sequence[Statement], *, grouped: bool = True) -> str:
    """Statements one per line; ``grouped`` puts a date header before each run of one day."""
    lines: list[str] = []
    last: str | None = None
    for st in statements:
        if grouped:
            header = date_header(st)
            if header != last:
                lines.append(header)
                last = header
            lines.append(statement_line(st, with_date=False))
        else:
            lines.append(statement_line(st, with_date=True))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Recall:
    """The context recalled for a question, ready to render into a prompt.

    ``strategy`` tells how the statements were found: ``graph`` (concept graph + lexical
    relevance), ``seed`` (RecallM's original selection), ``lexical`` (no known concept, matched by
    words), ``recent`` (nothing matched: most recent statements) or ``empty`` (memory is empty).
    ``token_count`` is the number of tokens of :attr:`text`, never more than ``token_budget``.
    ``grouped`` renders statements under one date header per day (chronological order).
    """

    question: str
    namespace: str
    statements: tuple[RecalledStatement, ...]
    concepts: tuple[ScoredConcept, ...]
    token_count: int
    token_budget: int
    strategy: str
    facts: tuple[str, ...] = ()
    grouped: bool = True
    prompt_template: str = DEFAULT_PROMPT

    @property
    def text(self) -> str:
        """Facts first, then the statements (``[step] speaker: text`` lines)."""
        parts = list(self.facts)
        body = render_statements([r.statement for r in self.statements], grouped=self.grouped)
        if body:
            parts.append(body)
        return "\n".join(parts)

    def __len__(self) -> int:
        return len(self.statements)

    def to_prompt(self, question: str | None = None) -> str:
        """Render the seed's statements prompt for ``question`` (default: the recalled one)."""
        return self.prompt_template.format(
            statements=self.text, question=question if question is not None else self.question
        )
