""":class:`RelationTracker`: entities and relations that evolve over time, on any GraphStore.

This module owns the write plan and is the facade :class:`~recall_memory_plugins.engine.memory.
TemporalGraphMemory` calls. One ``plan`` per ``add``: find mentions (:mod:`.mentions`), resolve
names to canonical entities (:mod:`.entities`), resolve pronouns and definite descriptions
(:mod:`.coref`), extract relation candidates (patterns, or an optional LLM extractor), turn them
into proposals, read the current relations they may touch, and decide with the pure update rules
(:func:`~.updates.decide_changes`) which relations to add, end or confirm.

The salient entities carried across turns live in :mod:`.discourse`; the read side (look-ups,
history, the facts a recall shows) in :mod:`.reads`.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from ...errors import ExtractionError
from ...models import Entity, EntityRecord, Relation, RelationChange
from ...nlp.base import Annotation
from ...stores.base import GraphStore, find_current_relations_of_types
from .backdated import ended_reader
from .clauses import asserted_candidates
from .coref import coordinated, next_discourse, resolve_references
from .dated_changes import decide_in_time, others_than_read
from .discourse import Discourse, DiscourseCache
from .doubt import doubt_proposals
from .entities import ENTITIES_PER_ALIAS, Prefetched, hint_prefetch
from .entities import ENTITIES_PER_ALIAS as _ENTITIES_PER_ALIAS  # noqa: F401  (old home)
from .entities import EntityBook as _EntityBook
from .implied import star_slip_names, with_implied_speaker, written_by
from .implied_ends import implied_ends
from .mentions import Gazetteer, clean_name, find_mentions, known_names
from .patterns import PatternRelationExtractor
from .patterns.past_states import dated_past, without_plans
from .reads import (
    FACT_HISTORY,
    FactAnchors,
    entities_named,
    fact_anchors,
    find_relations,
    question_keys,
    select_facts,
)
from .schema import (
    DATE,
    DEFAULT_EXCLUSIVE,
    EVENT,
    LOCATION,
    ORG,
    OTHER,
    PERSON,
    PRODUCT,
    PROJECT,
    ExtractionContext,
    Mention,
    RelationCandidate,
    RelationExtractor,
    RelationProposal,
    Side,
    exclusivity_table,
    normalise_relation_type,
)
from .taste_turns import TAKEN_BACK_TYPES, turned_tastes
from .titles import join_titles, named_apart
from .updates import SYMMETRIC, decide_changes

__all__ = ["FACT_HISTORY", "RelationPlan", "RelationTracker"]

logger = logging.getLogger(__name__)

_ALWAYS_KEEP = {PERSON, ORG, PROJECT, LOCATION, PRODUCT, EVENT}  # named types stored on sight
_MAX_CONTEXT_RELATIONS = 40


@dataclass(frozen=True, slots=True)
class RelationPlan:
    """What one ``add`` changes in the relation layer."""

    entities: tuple[EntityRecord, ...] = ()
    changes: tuple[RelationChange, ...] = ()
    # the discourse state after this plan's write; cached by RelationTracker.committed
    discourse: Discourse | None = field(default=None, compare=False, repr=False)


class RelationTracker:
    """Extracts entities/relations from annotated text and decides how they change the store.

    Args:
        exclusive_types: relation types of which only one value is current, as ``"TYPE"`` (the
            side from :data:`~.schema.RELATION_TYPES`, else the subject) or ``"TYPE:side"``.
        extractor: reads relation candidates; default: the pattern extractor (no LLM). When it
            raises :class:`~recall_memory_plugins.errors.ExtractionError` the tracker logs a
            warning and uses the pattern extractor for that text.
        id_factory: makes new relation ids (default: random ``rel-<hex>``).
        salience: how many recent entities per namespace coreference considers across turns.

    Example:
        >>> tracker = RelationTracker()
        >>> tracker.exclusivity["MANAGES"]
        'object'
    """

    def __init__(
        self,
        *,
        exclusive_types: Sequence[str] = DEFAULT_EXCLUSIVE,
        extractor: RelationExtractor | None = None,
        id_factory: Callable[[], str] | None = None,
        salience: int = 16,
        max_namespaces: int = 1024,
    ) -> None:
        self.exclusive_types = tuple(exclusive_types)
        self.exclusivity: dict[str, Side] = exclusivity_table(self.exclusive_types)
        self.patterns = PatternRelationExtractor()
        self.extractor: RelationExtractor = extractor if extractor is not None else self.patterns
        self._new_id = id_factory or (lambda: f"rel-{uuid.uuid4().hex[:16]}")
        self.salience = max(1, int(salience))
        self._discourse = DiscourseCache(max_namespaces=max_namespaces)

    def __repr__(self) -> str:
        return (
            f"RelationTracker(extractor={getattr(self.extractor, 'name', self.extractor)!r}, "
            f"exclusive={self.exclusivity!r})"
        )

    # ------------------------------------------------------------------------------ discourse
    def _load_discourse(self, store: GraphStore, namespace: str) -> Discourse:
        return self._discourse.load(store, namespace, size=self.salience)

    # ------------------------------------------------------------------------------ writes
    def prefetch(
        self, store: GraphStore, namespace: str, texts: Iterable[tuple[Annotation, str | None]]
    ) -> None:
        """Tell a store that keeps a batch's reads the names the plans of ``texts`` will likely
        look up (:func:`.entities.hint_prefetch`)."""
        hint_prefetch(store, namespace, texts)

    def plan(
        self,
        store: GraphStore,
        namespace: str,
        annotation: Annotation,
        *,
        speaker: str | None,
        sentence_statements: Sequence[int],
        when: datetime | None = None,
        said_at: datetime | None = None,
    ) -> RelationPlan:
        """The entity upserts and relation changes for one annotated text.

        ``sentence_statements[i]`` is the index (in the update) of the statement holding
        sentence ``i``; ``when`` its caller-given time (older than a current fact: :func:`.backdate`),
        ``said_at`` its time however given (a time phrase counts from it: :mod:`.dated_changes`). Never
        raises for odd text (no relation found is an empty plan); store errors propagate.
        """
        if not annotation.sentences:
            return RelationPlan()
        speaker = written_by(" ".join((speaker or "").split()), annotation.text)  # ("Anna\n" is Anna; a mail signed "Nadia"; "Fwd: I …" nobody)
        if speaker:  # "Started my new role at Stripe!": the speaker is the dropped subject
            annotation = with_implied_speaker(annotation)
        discourse = self._load_discourse(store, namespace)
        gazetteer = Gazetteer.merge(
            [known_names((r.name, *r.aliases), r.type) for r in discourse.referents]
        )
        mentions = find_mentions(star_slip_names(annotation), gazetteer=gazetteer)  # ("*Bath": a slip's value)
        mentions = join_titles(annotation, mentions, discourse.referents)  # "Ms Ortega", 周女士
        book = _EntityBook(store, namespace, discourse.referents, apart=named_apart(annotation.text, mentions, store=store, namespace=namespace))  # (张伟的爸爸老张; "Tom left Acme")
        names = [clean_name(m.text) for m in mentions if m.kind == "name"]
        book.prefetch([*names, *([speaker] if speaker else [])])

        resolved: list[Mention] = []
        refs = iter(
            book.resolve_many(
                [
                    (m.text, m.type, m.type in _ALWAYS_KEEP and not m.weak)
                    for m in mentions
                    if m.kind == "name"
                ]
            )
        )
        for m in mentions:
            if m.kind == "name":
                ref = next(refs)
                if ref is None:
                    continue
                book.mentioned.append(ref.id)
                m = m.resolve_to(
                    (ref.id,), ref.name, ref.type if ref.type not in (None, OTHER) else m.type
                )
            resolved.append(m)
        speaker_ref = None
        if speaker and any(m.kind == "pronoun" and m.person == 1 for m in resolved):
            speaker_ref = book.resolve(speaker, PERSON, keep=False)
        elif speaker and any(m.kind == "pronoun" and m.person == 3 for m in resolved):  # (he/she: never a known speaker)
            speaker_ref = book.resolve(speaker, PERSON, keep=False, create=False)
        resolved = resolve_references(
            resolved,
            referents=book.referents,
            discourse=discourse.referents,
            speaker=speaker_ref,
            text=annotation.text,
            previous_group=discourse.group,
            chains=annotation.coref_chains,
        )
        for m in resolved:
            if m.kind in ("pronoun", "definite") and m.person != 1:
                book.mentioned.extend(i for i in m.entity_ids if i not in book.new)

        context = ExtractionContext(
            namespace=namespace,
            speaker=speaker,
            # a date is never a relation's end; left as text, "上个月"/"last month" between a
            # subject and its verb reads like any adverb
            mentions=tuple(m for m in resolved if m.type != DATE),
            entities=book.as_entities(),
            relations=self._context_relations(store, namespace, book, resolved),
        )
        candidates = dated_past(self._extract(annotation, context), annotation, said_at)  # (past states)
        proposals = self._proposals(book, candidates, sentence_statements)
        n_read = len(proposals)
        if self.extractor is self.patterns:  # a change the patterns cannot read: unsure
            if speaker and speaker_ref is None:
                speaker_ref = book.resolve(speaker, PERSON, keep=False, create=False)
            proposals += doubt_proposals(  # (a clause placed in a future year: a plan, it doubts nothing)
                store, namespace, without_plans(annotation, said_at), resolved, proposals, sentence_statements,
                self.exclusivity, speaker_ref.id if speaker_ref is not None else None,
            )  # fmt: skip
            proposals += implied_ends(  # a graduation, a home of another city: the old value unsure
                annotation, resolved, proposals, sentence_statements, speaker_ref.id if speaker_ref is not None else None,
                lambda e, types: find_current_relations_of_types(store, namespace, e, types), (discourse.step, discourse.referents),
            )
            proposals += turned_tastes(  # "swimming is my thing now", "sold the car": unsure; "jk, I'm single"
                annotation, candidates, proposals, sentence_statements, book.resolve_ref,
                lambda e: find_current_relations_of_types(store, namespace, e, TAKEN_BACK_TYPES), (discourse.step, discourse.referents, speaker_ref, ended_reader(store, namespace)),
            )
        current = self._current(store, namespace, proposals, context.relations, book)
        changes = decide_in_time(  # dated by the text ("in 2019") or by the caller (an old ``at``)
            current, proposals, candidates, decide=decide_changes, annotation=annotation, others=others_than_read(proposals, n_read), said_at=said_at, when=when, exclusivity=self.exclusivity,
            ended=ended_reader(store, namespace), new_id=self._new_id, named=frozenset(i for m in resolved for i in m.entity_ids), mentions=resolved,
        )  # fmt: skip
        used = {c.subject_id for c in changes if c.op == "add"}
        used |= {c.object_id for c in changes if c.op == "add" and c.object_id}
        remap = book.finalize(used)
        if remap:
            changes = [
                replace(
                    c,
                    subject_id=remap.get(c.subject_id, c.subject_id),
                    object_id=remap.get(c.object_id, c.object_id) if c.object_id else None,
                )
                for c in changes
            ]
        records = book.records(used, remap)
        stored = {r.id for r in records}
        referents = {
            remap.get(rid, rid): replace(ref, id=remap[rid]) if rid in remap else ref
            for rid, ref in book.referents.items()
        }
        remapped = [replace(m, entity_ids=tuple(remap.get(i, i) for i in m.entity_ids)) for m in resolved] if remap else resolved  # fmt: skip
        next_salient = next_discourse(
            remapped,
            {k: v for k, v in referents.items() if k in stored},
            discourse.referents,
            size=self.salience,
        )
        groups = coordinated(remapped, annotation.text)
        group = tuple(i for i in groups[-1][1] if i in stored) if groups else ()
        after = Discourse(
            discourse.step + 1,
            next_salient,
            discourse.store,
            group if len(group) >= 2 else (),
            generation=discourse.generation,
        )
        logger.debug("relation plan for %r: %d entities, %d changes from %d candidates",
                     namespace, len(records), len(changes), len(candidates))  # fmt: skip
        return RelationPlan(tuple(records), tuple(changes), after)

    def committed(self, store: GraphStore, namespace: str, plan: RelationPlan, step: int) -> None:
        """Tell the tracker that ``plan`` was written as time step ``step``.

        Its discourse state is cached only when the write landed right after the state the plan
        read (no other writer in between); otherwise the next plan rebuilds it from the store.
        """
        if plan.discourse is not None and plan.discourse.step == step:
            self._discourse.save(store, namespace, plan.discourse)
        else:
            self._discourse.drop(store, namespace)

    def discard(self, store: GraphStore, namespace: str) -> None:
        """Drop the cached discourse state (after a write that failed or a conflict)."""
        self._discourse.drop(store, namespace)

    def _extract(
        self, annotation: Annotation, context: ExtractionContext
    ) -> list[RelationCandidate]:
        if self.extractor is self.patterns:
            return asserted_candidates(annotation, self.patterns.extract(annotation, context))
        try:
            return list(self.extractor.extract(annotation, context))
        except ExtractionError as exc:
            logger.warning(
                "relation extractor %r failed, using the pattern extractor for this text: %s",
                getattr(self.extractor, "name", type(self.extractor).__name__),
                exc,
            )
            return asserted_candidates(annotation, self.patterns.extract(annotation, context))

    def _context_relations(
        self, store: GraphStore, namespace: str, book: _EntityBook, mentions: Sequence[Mention]
    ) -> tuple[Relation, ...]:
        """Current relations of the mentioned entities, for extractors that compare (an LLM)."""
        if self.extractor is self.patterns:
            return ()
        out: dict[str, Relation] = {}
        ids = dict.fromkeys(i for m in mentions for i in m.entity_ids if i not in book.new)
        for entity_id in list(ids)[:8]:
            for rel in store.find_relations(namespace, entity_id=entity_id, current_only=True):
                out.setdefault(rel.id, rel)
        rels = sorted(out.values(), key=lambda r: -r.valid_from_step)[:_MAX_CONTEXT_RELATIONS]
        return tuple(sorted(rels, key=lambda r: r.valid_from_step))

    def _proposals(
        self,
        book: _EntityBook,
        candidates: Sequence[RelationCandidate],
        sentence_statements: Sequence[int],
    ) -> list[RelationProposal]:
        book.prefetch(
            ref.name
            for c in candidates
            for ref in (c.subject, c.object)
            if ref is not None and ref.id is None
        )
        out: list[RelationProposal] = []
        for c in candidates:
            type_ = normalise_relation_type(c.type)
            if type_ is None:
                logger.debug("skipping a relation with an invalid type %r", c.type)
                continue
            subject_id = book.resolve_ref(c.subject)
            object_id = book.resolve_ref(c.object) if c.object is not None else None
            if subject_id is None or (c.object is not None and object_id is None):
                continue
            if subject_id == object_id:
                continue
            index = (
                sentence_statements[c.sentence] if 0 <= c.sentence < len(sentence_statements) else 0
            )
            attributes = {str(k): str(v) for k, v in c.attributes.items() if v is not None}
            out.append(
                RelationProposal(
                    subject_id, type_, object_id, attributes, c.negated, index, tuple(c.ends)
                )
            )
        return out

    def _current(
        self,
        store: GraphStore,
        namespace: str,
        proposals: Sequence[RelationProposal],
        context: Iterable[Relation],
        book: _EntityBook,
    ) -> list[Relation]:
        """The current relations the proposals may touch (targeted, indexed look-ups)."""
        found: dict[str, Relation] = {r.id: r for r in context if r.is_current}
        asked: set[tuple[str, str, str]] = set()
        asked_triples: set[tuple[str, str, str]] = set()
        for p in proposals:
            if p.object_id and p.type not in self.exclusivity:
                # a non-exclusive relation is only touched by the same triple (a repeat, a new
                # version, a negation): a subject may own thousands of things
                triple = (p.subject_id, p.type, p.object_id)
                if p.subject_id in book.new or triple in asked_triples:
                    continue
                asked_triples.add(triple)
                for rel in store.find_relations(
                    namespace,
                    subject_id=p.subject_id,
                    object_id=p.object_id,
                    type=p.type,
                    current_only=True,
                ):
                    found.setdefault(rel.id, rel)
                continue
            lookups = [("subject", p.subject_id)]
            if self.exclusivity.get(p.type) == "object" and p.object_id:  # (it and its holder's other values
                lookups = [("object", p.object_id)]  # are untouched: a person may run hundreds of projects)
            if p.negated and p.object_id is None and p.type in SYMMETRIC:
                lookups.append(("object", p.subject_id))
            for side, entity_id in lookups:
                if entity_id in book.new or (side, entity_id, p.type) in asked:
                    continue
                asked.add((side, entity_id, p.type))
                if side == "subject":
                    rels = store.find_relations(
                        namespace, subject_id=entity_id, type=p.type, current_only=True
                    )
                else:
                    rels = store.find_relations(
                        namespace, object_id=entity_id, type=p.type, current_only=True
                    )
                for rel in rels:
                    found.setdefault(rel.id, rel)
        return sorted(found.values(), key=lambda r: (r.valid_from_step, r.recorded_at))

    # ------------------------------------------------------------------------------ reads
    def find_entities(
        self, store: GraphStore, namespace: str, name: str | None = None
    ) -> list[Entity]:
        """Entities of the namespace, or those known by ``name`` (name or alias, any case; the
        best match first: exact name, then the most recently mentioned)."""
        if name is None:
            return store.find_entities(namespace)
        return entities_named(store, namespace, name)

    def find_relations(
        self,
        store: GraphStore,
        namespace: str,
        *,
        entity: str | None = None,
        type: str | None = None,
        as_of: int | datetime | None = None,
        include_ended: bool = False,
        include_unsure: bool = False,
    ) -> list[Relation]:
        """Relations true now, at ``as_of`` (a time step or an aware timestamp), or all of them:
        :func:`.reads.find_relations`, whose arguments these are.

        Raises:
            InputError: ``as_of`` is a naive datetime or not a step/datetime.
        """
        return find_relations(
            store, namespace, entity=entity, type=type, as_of=as_of,
            include_ended=include_ended, include_unsure=include_unsure,
        )  # fmt: skip

    def timeline(self, store: GraphStore, namespace: str, entity: str) -> list[Relation]:
        """Every relation of ``entity`` (current and ended) in the order they began."""
        return self.find_relations(store, namespace, entity=entity, include_ended=True)

    def entity_reads(self, question: Annotation) -> tuple[int, list[str], int]:
        """What :meth:`facts` reads first: ``(limit, aliases, newest)`` of
        :func:`~...stores.base.find_recent_entities_and_aliases`, which a recall may read with
        its first query and pass to :meth:`facts`."""
        return self.salience, question_keys(question), ENTITIES_PER_ALIAS

    def facts(
        self,
        store: GraphStore,
        namespace: str,
        question: Annotation,
        *,
        limit: int = 8,
        entities: tuple[Sequence[str], list[Entity], list[Entity]] | None = None,
        anchors: FactAnchors | None = None,
        relations: Sequence[Sequence[Relation]] | None = None,
    ) -> list[str]:
        """Short statements of the current relations relevant to ``question``, newest first.

        Relevant: relations of the entities the question names (or refers to with a pronoun),
        of the relation types its words ask about ("who manages", "负责", "where ... live") first.
        A current relation shows what it replaced; a relation ended without a successor is shown
        as "no longer". See :func:`~.reads.select_facts`.

        ``entities``: ``(aliases, recent, by_alias)``, the reads :meth:`entity_reads` names,
        made by the caller with the namespace's state (else they are made here). ``anchors``:
        :meth:`fact_anchors` of the question, and ``relations`` those of its anchors
        (``find_relations_of_entities(anchors.anchors, newest=FACT_HISTORY)``), when the
        caller found or read them already.
        """
        if limit < 1 or not question.sentences:
            return []
        if anchors is None:
            anchors, relations = (
                self.fact_anchors(store, namespace, question, entities=entities),
                None,
            )
        return select_facts(
            store,
            namespace,
            question,
            discourse=(),
            exclusivity=self.exclusivity,
            limit=limit,
            found=anchors,
            relations=relations,
        )

    def fact_anchors(
        self,
        store: GraphStore,
        namespace: str,
        question: Annotation,
        *,
        entities: tuple[Sequence[str], list[Entity], list[Entity]] | None = None,
    ) -> FactAnchors:
        """The entities (and relation types) whose relations :meth:`facts` reads for
        ``question``: a caller may read those relations with its own reads and pass both to
        :meth:`facts`. ``entities`` as for :meth:`facts`."""
        if entities is not None:
            keys, recent, by_alias = entities
            discourse = self._discourse.load_read(
                store, namespace, size=self.salience, recent=recent
            )
            read: Prefetched | None = Prefetched(
                frozenset(k.casefold() for k in keys), by_alias, recent
            )
        else:  # the question's names and nouns are looked up with the salient entities
            discourse, read = self._discourse.load_with_aliases(
                store, namespace, size=self.salience, aliases=question_keys(question)
            )
        return fact_anchors(store, namespace, question, discourse=discourse.referents, read=read)
