""":class:`RelationTracker`: entities and relations that evolve over time, on any GraphStore.

One ``plan`` per ``add``: find mentions, resolve names to canonical entities (exact name or alias,
case-insensitive, through the store), resolve pronouns and definite descriptions (coreference),
extract relation candidates (patterns, or an optional LLM extractor), and decide with the pure
update rules (:func:`~.updates.decide_changes`) which relations to add, end or confirm.

The only in-process state is, per (store, namespace), the short list of recently salient entities
used for coreference across turns. It is a cache: it is rebuilt from the store (the entities with
the highest ``last_step``) whenever the store's step is not the one it was computed for (another
writer, a failed write, a cleared namespace).
"""

from __future__ import annotations

import logging
import re
import threading
import uuid
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from typing import Any

from ...errors import ExtractionError, InputError
from ...models import Entity, EntityRecord, Relation, RelationChange
from ...nlp.base import Annotation
from ...stores.base import GraphStore
from .coref import Referent, coordinated, next_discourse, resolve_references
from .facts import cue_types, render_fact
from .lexicon import TITLES, gender_of
from .mentions import Gazetteer, clean_name, find_mentions, is_cjk, known_names, name_variants
from .patterns import PatternRelationExtractor
from .schema import (
    DEFAULT_EXCLUSIVE,
    EVENT,
    LOCATION,
    ORG,
    OTHER,
    PERSON,
    PRODUCT,
    PROJECT,
    EntityRef,
    ExtractionContext,
    Mention,
    RelationCandidate,
    RelationExtractor,
    RelationProposal,
    Side,
    exclusivity_table,
    normalise_relation_type,
)
from .updates import decide_changes

__all__ = ["RelationPlan", "RelationTracker"]

logger = logging.getLogger(__name__)

_ALWAYS_KEEP = {PERSON, ORG, PROJECT, LOCATION, PRODUCT, EVENT}  # named types stored on sight
_MAX_CONTEXT_RELATIONS = 40
# Entities read per alias: the most recently active ones (plus exact names and the salient ones).
# A first name shared by hundreds of people then costs a bounded read, and resolution, which
# prefers the same type, the exact name, the salient and then the newest, rarely reaches further.
_ENTITIES_PER_ALIAS = 12
FACT_HISTORY = 32  # relations per named entity a recall reads for its facts (the newest)


@dataclass(frozen=True, slots=True)
class RelationPlan:
    """What one ``add`` changes in the relation layer."""

    entities: tuple[EntityRecord, ...] = ()
    changes: tuple[RelationChange, ...] = ()


def _person_certain(name: str) -> bool:
    """Whether a name is surely a person's (a Chinese name, a known first name, a title)."""
    words = name.split()
    return (
        is_cjk(name)
        or gender_of(name) is not None
        or (len(words) > 1 and words[0].lower() in TITLES)
    )


def _compatible(a: str | None, b: str | None, name: str) -> bool:
    """Whether a mention typed ``a`` may denote an entity typed ``b`` (same exact name or alias).

    Only a person and a non-person are kept apart ("Paris" the city, "Paris" a friend), and only
    when the name surely is a person's: a weak annotator guesses PERSON for any capitalised word
    ("Initech shipped ..."). The other types often differ between two annotations of the same
    name (ORG vs LOCATION), so they match.
    """
    if a in (None, OTHER) or b in (None, OTHER) or (a == PERSON) == (b == PERSON):
        return True
    return not _person_certain(name)


def _slug(name: str) -> str:
    slug = re.sub(r"[^\w]+", "-", name.casefold(), flags=re.UNICODE).strip("-_")
    return slug[:48] or "entity"


@dataclass(slots=True)
class _New:
    """An entity this update will create."""

    id: str
    name: str
    type: str | None
    aliases: list[str] = field(default_factory=list)
    keep: bool = False  # store it even if no relation uses it


@dataclass(slots=True)
class _Discourse:
    step: int
    referents: list[Referent]
    store: Callable[[], object | None]
    group: tuple[str, ...] = ()  # the last "X and Y" of the previous text (for "they")


@lru_cache(maxsize=8192)
def _alias_keys(name: str, aliases: tuple[str, ...]) -> tuple[str, ...]:
    """The case-folded names an entity is known by (cached: the same entities are looked up on
    every mention of a shared first name)."""
    return tuple(dict.fromkeys([name.casefold(), *(a.casefold() for a in aliases)]))


class _EntityBook:
    """Canonical entities of one plan: the store's (looked up by alias) and the new ones."""

    def __init__(self, store: GraphStore, namespace: str, discourse: Sequence[Referent]) -> None:
        self.store = store
        self.namespace = namespace
        self.by_alias: dict[str, list[Entity]] = {}
        self.known: dict[str, Entity] = {}
        self.fetched: set[str] = set()
        self.new: dict[str, _New] = {}
        self.new_alias: dict[str, list[str]] = {}
        self.referents: dict[str, Referent] = {r.id: r for r in discourse}
        self.rank = {r.id: i for i, r in enumerate(discourse)}
        self.new_aliases: dict[str, list[str]] = {}  # existing id -> aliases to add
        self.mentioned: list[str] = []

    # -- lookups --------------------------------------------------------------------------------
    def prefetch(self, names: Iterable[str]) -> None:
        """Look all ``names`` up in the store in one query."""
        keys = []
        for name in names:
            key = name.casefold().strip()
            if key and key not in self.fetched:
                self.fetched.add(key)
                keys.append(name)
        if not keys:
            return
        for ent in self.store.find_entities(
            self.namespace, aliases=keys, newest=_ENTITIES_PER_ALIAS
        ):
            self._index(ent)
        # salient entities known by one of these names are candidates even when older
        folded = {k.casefold().strip() for k in keys}
        salient = [
            r.id
            for r in self.referents.values()
            if r.id in self.rank
            and r.id not in self.known
            and not folded.isdisjoint(_alias_keys(r.name, tuple(r.aliases)))
        ]
        if salient:
            for ent in self.store.find_entities(self.namespace, ids=salient):
                self._index(ent)

    def _index(self, ent: Entity) -> None:
        if ent.id in self.known:
            return
        self.known[ent.id] = ent
        for alias in _alias_keys(ent.name, ent.aliases):
            self.by_alias.setdefault(alias, []).append(ent)

    def _referent(self, entity_id: str) -> Referent:
        """The referent of a known or new entity (made on first use: most fetched entities are
        only candidates)."""
        ref = self.referents.get(entity_id)
        if ref is None:
            ent = self.known[entity_id]
            gender = gender_of(ent.name) if ent.type == PERSON else None
            ref = self.referents[entity_id] = Referent(
                ent.id, ent.name, ent.type, gender, ent.aliases
            )
        return ref

    def _candidates(self, key: str, type_: str | None) -> list[tuple[str, str, str | None, int]]:
        """(id, name, type, last_step) of entities known by alias ``key`` and compatible."""
        out: list[tuple[str, str, str | None, int]] = [
            (e.id, e.name, e.type, e.last_step)
            for e in self.by_alias.get(key, [])
            if _compatible(type_, e.type, e.name)
        ]
        out.extend(
            (i, self.new[i].name, self.new[i].type, 1 << 60)
            for i in self.new_alias.get(key, [])
            if _compatible(type_, self.new[i].type, self.new[i].name)
        )
        return out

    def _pick(
        self, key: str, type_: str | None, cands: list[tuple[str, str, str | None, int]]
    ) -> str:
        """Same type first, then the exact name, then the most salient, then the newest."""

        def order(c: tuple[str, str, str | None, int]) -> tuple[int, int, int, int]:
            same_type = 0 if type_ is not None and c[2] == type_ else 1
            exact = 0 if c[1].casefold() == key else 1
            return (same_type, exact, self.rank.get(c[0], 1 << 30), -c[3])

        return min(cands, key=order)[0]

    def resolve(
        self, name: str, type_: str | None, *, keep: bool = True, create: bool = True
    ) -> Referent | None:
        """The referent of a name: an existing entity (exact name or alias) or a new one."""
        name = clean_name(name)
        if not name:
            return None
        key = name.casefold()
        self.prefetch([name])
        cands = self._candidates(key, type_)
        chosen: str | None = self._pick(key, type_, cands) if cands else None
        if chosen is None and not is_cjk(name) and type_ in (PERSON, None, OTHER):
            # "Alice Moreau" after a recently mentioned bare "Alice": the same person when exactly
            # one such person is salient (never a guess among several, never a store-wide scan)
            words = [w for w in name.split() if w.lower() not in TITLES]
            if len(words) >= 2:
                first = words[0].casefold()
                people = [
                    r.id
                    for r in self.referents.values()
                    if r.name.casefold() == first and r.type in (PERSON, None, OTHER)
                ]
                if len(people) == 1:
                    chosen = people[0]
                    if chosen not in self.known and chosen not in self.new:
                        self.prefetch([words[0]])
        if chosen is None:
            if not create:
                return None
            chosen = self._create(name, type_, keep=keep)
        else:
            self._remember_alias(chosen, name)
            if chosen in self.new:
                self.new[chosen].keep |= keep
                if self.new[chosen].type in (None, OTHER) and type_ not in (None, OTHER):
                    self.new[chosen].type = type_
                    self.referents[chosen].type = type_
        return self._referent(chosen)

    def _remember_alias(self, entity_id: str, alias: str) -> None:
        key = alias.casefold()
        if entity_id in self.new:
            ent = self.new[entity_id]
            if key != ent.name.casefold() and key not in (a.casefold() for a in ent.aliases):
                ent.aliases.append(alias)
                self.new_alias.setdefault(key, []).append(entity_id)
            return
        known = self.known.get(entity_id)
        if known is None:
            return
        have = {known.name.casefold(), *(a.casefold() for a in known.aliases)}
        extra = self.new_aliases.setdefault(entity_id, [])
        if key not in have and key not in (a.casefold() for a in extra):
            extra.append(alias)

    def _create(self, name: str, type_: str | None, *, keep: bool) -> str:
        base = _slug(name)
        rid, n = base, 1
        while rid in self.new or rid in self.known:
            n += 1
            rid = f"{base}-{n}"
        aliases = name_variants(name, type_)
        self.new[rid] = _New(rid, name, type_, list(aliases), keep)
        for alias in (name, *aliases):
            self.new_alias.setdefault(alias.casefold(), []).append(rid)
        gender = gender_of(name) if type_ in (PERSON, None) and not is_cjk(name) else None
        self.referents[rid] = Referent(rid, name, type_, gender, tuple(aliases))
        return rid

    def resolve_ref(self, ref: EntityRef) -> str | None:
        """The entity id of one end of a candidate relation."""
        if ref.id is not None and (ref.id in self.known or ref.id in self.new):
            if ref.id in self.new:
                new = self.new[ref.id]
                new.keep = True
                if ref.type not in (None, OTHER) and ref.type != new.type:
                    # the relation knows better than a weak NER guess ("works at Initech": ORG)
                    new.type = ref.type
                    self.referents[ref.id].type = ref.type
            return ref.id
        if ref.id is not None:
            found = self.store.find_entities(self.namespace, ids=[ref.id])
            if found:
                self._index(found[0])
                return found[0].id
        referent = self.resolve(ref.name, ref.type, keep=True)
        return referent.id if referent else None

    def entity_type(self, entity_id: str) -> str | None:
        if entity_id in self.new:
            return self.new[entity_id].type
        known = self.known.get(entity_id)
        if known is not None:
            return known.type
        ref = self.referents.get(entity_id)
        return ref.type if ref else None

    def as_entities(self) -> tuple[Entity, ...]:
        """Every entity this plan knows (existing and new), for the extractor's context."""
        out = list(self.known.values())
        out.extend(
            Entity(self.namespace, n.id, n.name, n.type or OTHER, tuple(n.aliases))
            for n in self.new.values()
        )
        known_ids = {e.id for e in out}
        out.extend(
            Entity(self.namespace, r.id, r.name, r.type or OTHER, r.aliases)
            for r in self.referents.values()
            if r.id not in known_ids
        )
        return tuple(out)

    # -- the end of a plan ------------------------------------------------------------------------
    def finalize(self, used: set[str]) -> dict[str, str]:
        """Give every new entity that will be stored an id that is free in the store."""
        wanted = [n.id for n in self.new.values() if n.keep or n.id in used]
        remap: dict[str, str] = {}
        if not wanted:
            return remap
        taken = {e.id for e in self.store.find_entities(self.namespace, ids=wanted)}
        reserved = set(self.known) | {i for i in wanted if i not in taken}
        for rid in wanted:
            if rid not in taken:
                continue
            n = 2
            while True:
                cand = f"{rid}-{n}"
                if cand not in reserved and not self.store.find_entities(
                    self.namespace, ids=[cand]
                ):
                    break
                n += 1
            reserved.add(cand)
            remap[rid] = cand
        return remap

    def records(self, used: set[str], remap: Mapping[str, str]) -> list[EntityRecord]:
        out: list[EntityRecord] = []
        for rid in dict.fromkeys([*self.mentioned, *used]):
            if rid in self.new:
                n = self.new[rid]
                if not (n.keep or rid in used):
                    continue
                type_ = n.type
                if type_ in (None, OTHER) and rid in self.referents:
                    type_ = self.referents[rid].type  # coreference learned "he" -> a person
                out.append(
                    EntityRecord(remap.get(rid, rid), n.name, type_ or OTHER, tuple(n.aliases))
                )
            elif rid in self.known:
                k = self.known[rid]
                out.append(EntityRecord(rid, k.name, k.type, tuple(self.new_aliases.get(rid, ()))))
            elif rid in self.referents:
                r = self.referents[rid]  # salient entity of an earlier turn, resolved by a pronoun
                out.append(EntityRecord(rid, r.name, r.type or OTHER, ()))
        return out


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
        self._max_namespaces = max(1, int(max_namespaces))
        self._discourse: OrderedDict[tuple[int, str], _Discourse] = OrderedDict()
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return (
            f"RelationTracker(extractor={getattr(self.extractor, 'name', self.extractor)!r}, "
            f"exclusive={self.exclusivity!r})"
        )

    # ------------------------------------------------------------------------------ discourse
    def _load_discourse(self, store: GraphStore, namespace: str) -> _Discourse:
        step = store.current_step(namespace)
        key = (id(store), namespace)
        with self._lock:
            cached = self._discourse.get(key)
            if cached is not None and cached.step == step and cached.store() is store:
                self._discourse.move_to_end(key)
                return cached
        entities = store.find_recent_entities(namespace, limit=self.salience)
        referents = [
            Referent(
                e.id, e.name, e.type, gender_of(e.name) if e.type == PERSON else None, e.aliases
            )
            for e in entities[: self.salience]
        ]
        logger.debug(
            "rebuilt the salient entities of %r from the store (%d)", namespace, len(referents)
        )
        return _Discourse(step, referents, _store_ref(store))

    def _save_discourse(self, store: GraphStore, namespace: str, state: _Discourse) -> None:
        key = (id(store), namespace)
        with self._lock:
            self._discourse[key] = state
            self._discourse.move_to_end(key)
            while len(self._discourse) > self._max_namespaces:
                self._discourse.popitem(last=False)

    # ------------------------------------------------------------------------------ writes
    def plan(
        self,
        store: GraphStore,
        namespace: str,
        annotation: Annotation,
        *,
        speaker: str | None,
        sentence_statements: Sequence[int],
    ) -> RelationPlan:
        """The entity upserts and relation changes for one annotated text.

        ``sentence_statements[i]`` is the index (in the update) of the statement holding
        sentence ``i``. Never raises for odd text (no relation found is an empty plan); store
        errors propagate.
        """
        if not annotation.sentences:
            return RelationPlan()
        discourse = self._load_discourse(store, namespace)
        gazetteer = Gazetteer.merge(
            [known_names((r.name, *r.aliases), r.type) for r in discourse.referents]
        )
        mentions = find_mentions(annotation, gazetteer=gazetteer)
        book = _EntityBook(store, namespace, discourse.referents)
        names = [clean_name(m.text) for m in mentions if m.kind == "name"]
        book.prefetch([*names, *([speaker] if speaker else [])])

        resolved: list[Mention] = []
        for m in mentions:
            if m.kind == "name":
                keep = m.type in _ALWAYS_KEEP and not m.weak
                ref = book.resolve(m.text, m.type, keep=keep)
                if ref is None:
                    continue
                book.mentioned.append(ref.id)
                m = replace(
                    m,
                    entity_ids=(ref.id,),
                    canonical=ref.name,
                    type=ref.type if ref.type not in (None, OTHER) else m.type,
                )
            resolved.append(m)
        speaker_ref = None
        if speaker and any(m.kind == "pronoun" and m.person == 1 for m in resolved):
            speaker_ref = book.resolve(speaker, PERSON, keep=False)
        resolved = resolve_references(
            resolved,
            referents=book.referents,
            discourse=discourse.referents,
            speaker=speaker_ref,
            text=annotation.text,
            previous_group=discourse.group,
        )
        for m in resolved:
            if m.kind in ("pronoun", "definite") and m.person != 1:
                book.mentioned.extend(i for i in m.entity_ids if i not in book.new)

        context = ExtractionContext(
            namespace=namespace,
            speaker=speaker,
            mentions=tuple(resolved),
            entities=book.as_entities(),
            relations=self._context_relations(store, namespace, book, resolved),
        )
        candidates = self._extract(annotation, context)
        proposals = self._proposals(book, candidates, sentence_statements)
        current = self._current(store, namespace, proposals, context.relations, book)
        changes = decide_changes(
            current, proposals, exclusivity=self.exclusivity, new_id=self._new_id
        )
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
        remapped = (
            [replace(m, entity_ids=tuple(remap.get(i, i) for i in m.entity_ids)) for m in resolved]
            if remap
            else resolved
        )
        next_salient = next_discourse(
            remapped,
            {k: v for k, v in referents.items() if k in stored},
            discourse.referents,
            size=self.salience,
        )
        groups = coordinated(remapped, annotation.text)
        group = tuple(i for i in groups[-1][1] if i in stored) if groups else ()
        self._save_discourse(
            store,
            namespace,
            _Discourse(
                discourse.step + 1, next_salient, discourse.store, group if len(group) >= 2 else ()
            ),
        )
        logger.debug(
            "relation plan for %r: %d entities, %d changes from %d candidates",
            namespace,
            len(records),
            len(changes),
            len(candidates),
        )
        return RelationPlan(tuple(records), tuple(changes))

    def _extract(
        self, annotation: Annotation, context: ExtractionContext
    ) -> list[RelationCandidate]:
        if self.extractor is self.patterns:
            return self.patterns.extract(annotation, context)
        try:
            return list(self.extractor.extract(annotation, context))
        except ExtractionError as exc:
            logger.warning(
                "relation extractor %r failed, using the pattern extractor for this text: %s",
                getattr(self.extractor, "name", type(self.extractor).__name__),
                exc,
            )
            return self.patterns.extract(annotation, context)

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
            if self.exclusivity.get(p.type) == "object" and p.object_id:
                lookups.append(("object", p.object_id))
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
    def _entities_named(self, store: GraphStore, namespace: str, name: str) -> list[Entity]:
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

    def find_entities(
        self, store: GraphStore, namespace: str, name: str | None = None
    ) -> list[Entity]:
        """Entities of the namespace, or those known by ``name`` (name or alias, any case; the
        best match first: exact name, then the most recently mentioned)."""
        if name is None:
            return store.find_entities(namespace)
        return self._entities_named(store, namespace, name)

    def find_relations(
        self,
        store: GraphStore,
        namespace: str,
        *,
        entity: str | None = None,
        type: str | None = None,
        as_of: int | datetime | None = None,
        include_ended: bool = False,
    ) -> list[Relation]:
        """Relations true now, at ``as_of`` (a time step or an aware timestamp), or all of them.

        Args:
            entity: a name, alias or id; relations where it is either end. An ambiguous alias
                ("Alice" for two people) uses the entities named exactly so, else all of them.
            type: one relation type (any case, ``"works for"`` works too).
            as_of: the state after that time step, or at that instant.
            include_ended: with no ``as_of``, also return ended relations (history).

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
            ents = self._entities_named(store, namespace, entity)
            exact = [
                e
                for e in ents
                if e.id == entity or e.name.casefold() == clean_name(entity).casefold()
            ]
            for ent in exact or ents:
                for rel in store.find_relations(
                    namespace, entity_id=ent.id, type=type_, current_only=current_only
                ):
                    rels.setdefault(rel.id, rel)
        else:
            for rel in store.find_relations(namespace, type=type_, current_only=current_only):
                rels.setdefault(rel.id, rel)
        out = [r for r in rels.values() if holds(r)]
        out.sort(key=lambda r: (r.valid_from_step, r.recorded_at))
        return out

    def timeline(self, store: GraphStore, namespace: str, entity: str) -> list[Relation]:
        """Every relation of ``entity`` (current and ended) in the order they began."""
        return self.find_relations(store, namespace, entity=entity, include_ended=True)

    def facts(
        self,
        store: GraphStore,
        namespace: str,
        question: Annotation,
        *,
        limit: int = 8,
    ) -> list[str]:
        """Short statements of the current relations relevant to ``question``, newest first.

        Relevant: relations of the entities the question names (or refers to with a pronoun),
        of the relation types its words ask about ("who manages", "负责", "where ... live") first.
        A current relation shows what it replaced; a relation ended without a successor is shown
        as "no longer".
        """
        if limit < 1 or not question.sentences:
            return []
        discourse = self._load_discourse(store, namespace)
        gazetteer = {a: r.type for r in discourse.referents for a in (r.name, *r.aliases)}
        mentions = find_mentions(question, gazetteer=gazetteer)
        book = _EntityBook(store, namespace, discourse.referents)
        keys = [clean_name(m.text) for m in mentions if m.kind == "name"]
        keys += [t.text for t in question.tokens if t.upos in ("NOUN", "PROPN") and len(t.text) > 1]
        book.prefetch(keys)
        anchors: list[str] = []
        resolved: list[Mention] = []
        for m in mentions:
            if m.kind == "name":
                ref = book.resolve(m.text, m.type, create=False)
                if ref is None:
                    continue
                m = replace(m, entity_ids=(ref.id,), canonical=ref.name)
            resolved.append(m)
        for m in resolve_references(
            resolved, referents=book.referents, discourse=discourse.referents
        ):
            anchors.extend(i for i in m.entity_ids if i in book.known or i in book.referents)
        for key in keys:  # nouns the mention finder did not tag ("咖啡", "coffee")
            for ent in book.by_alias.get(key.casefold(), []):
                anchors.append(ent.id)
        anchors = list(dict.fromkeys(anchors))[:4]
        cues = cue_types(question.text)

        rels: dict[str, Relation] = {}
        for entity_id in anchors:
            # the newest part of the history is what a context shows; older relations of a
            # much-mentioned entity stay reachable through relations()/timeline()
            for rel in store.find_relations(namespace, entity_id=entity_id, newest=FACT_HISTORY):
                rels.setdefault(rel.id, rel)
        named = any(m.kind == "name" for m in mentions) or any(
            t.upos == "PROPN" for t in question.tokens
        )
        if not anchors and cues and not named:  # "Who manages the project?" names nobody
            for type_ in cues[:3]:
                for rel in store.find_relations(
                    namespace, type=type_, current_only=True, newest=limit
                ):
                    rels.setdefault(rel.id, rel)
        if not rels:
            return []
        anchor_rank = {a: i for i, a in enumerate(anchors)}
        current = [r for r in rels.values() if r.is_current]
        ended = [r for r in rels.values() if not r.is_current]
        if cues:
            matching = [r for r in current if r.type in cues]
            ended = [r for r in ended if r.type in cues]
            # "张三现在负责什么？" after 张三 lost 星火计划: the answer is in the history
            current = matching or ([] if ended else current)
        else:
            # No relation word in the question ("When did Caroline go to the support group?"):
            # only relations whose both ends the question names are worth their tokens.
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
        out = [self._render(store, namespace, r, rels) for r in chosen]
        for r in sorted(ended, key=lambda r: -(r.valid_to_step or 0)):
            if len(out) >= limit:
                break
            if r.superseded_by is not None:
                if r.superseded_by in shown:
                    continue  # its successor's fact already says "before: ..."
                successor = self._successor(store, namespace, r)
                if successor is not None and successor.is_current:
                    shown.add(successor.id)
                    out.append(
                        render_fact(successor, predecessor=r, side=self.exclusivity.get(r.type))
                    )
                    continue
            if any(
                c.type == r.type and (c.object_id == r.object_id or c.subject_id == r.subject_id)
                for c in chosen
            ):
                continue
            out.append(render_fact(r))
        return out

    def _successor(self, store: GraphStore, namespace: str, rel: Relation) -> Relation | None:
        pool = store.find_relations(
            namespace, entity_id=rel.object_id or rel.subject_id, type=rel.type
        )
        return next((r for r in pool if r.id == rel.superseded_by), None)

    def _render(
        self, store: GraphStore, namespace: str, rel: Relation, known: Mapping[str, Relation]
    ) -> str:
        side = self.exclusivity.get(rel.type)
        predecessor = next((r for r in known.values() if r.superseded_by == rel.id), None)
        if predecessor is None and side is not None:
            if side == "object" and rel.object_id:
                pool = store.find_relations(namespace, object_id=rel.object_id, type=rel.type)
            else:
                pool = store.find_relations(namespace, subject_id=rel.subject_id, type=rel.type)
            predecessor = next((r for r in pool if r.superseded_by == rel.id), None)
        return render_fact(rel, predecessor=predecessor, side=side)


def _store_ref(store: GraphStore) -> Callable[[], object | None]:
    try:
        return weakref.ref(store)
    except TypeError:  # a store without weakref support: keep it alive with the cache entry
        return lambda: store


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
