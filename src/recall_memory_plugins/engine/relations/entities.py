"""Entity resolution for one plan: mention names -> canonical entities (the :class:`EntityBook`).

Owns how a name becomes an entity id: the store look-up per alias (bounded to the newest
:data:`ENTITIES_PER_ALIAS` plus exact names plus the salient ones), type compatibility, the
preference order among candidates, aliases learned on the way, new entities and their free ids,
and the entity records a plan stores. It reads the store, never writes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ...models import Entity, EntityRecord
from ...nlp.base import Annotation
from ...stores.base import GraphStore
from .coref import Referent
from .lexicon import TITLES, gender_of
from .mentions import find_mentions
from .name_words import NameWords
from .name_words import only as _only
from .names import PLACES_TOO, clean_name, full_person_name, is_cjk, name_variants
from .schema import LOCATION, OTHER, PERSON, PROJECT, EntityRef
from .titles import ZH_TITLED, zh_title_gender

__all__ = ["ENTITIES_PER_ALIAS", "EntityBook", "Prefetched"]

# Entities read per alias: the most recently active ones (plus exact names and the salient ones).
# A first name shared by hundreds of people then costs a bounded read, and resolution, which
# prefers the same type, the exact name, the salient and then the newest, rarely reaches further.
ENTITIES_PER_ALIAS = 12


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
    if len(name.split()) >= 2 and gender_of(name) is not None:
        return True  # "Ingrid Sørensen" tagged LOCATION once: a full name is the person's
    if b == PERSON and not is_cjk(name) and gender_of(name) is not None \
            and name.casefold() not in PLACES_TOO:
        return True  # "from Ingrid to Rajesh" tagged as places: the known Ingrid
    if is_cjk(name) and len(name) <= 3 and {a, b} == {PERSON, LOCATION}:
        return True  # 钱坤, 秦川: a short Chinese name the weak NER took for a place is the person
    if a == PERSON and b == PROJECT and is_cjk(name) and name.endswith(("项目", "计划", "工程")):
        return True  # 蓝鲸 for 蓝鲸项目: the weak NER reads a surname (蓝) in the project's short name
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


@dataclass(frozen=True, slots=True)
class Prefetched:
    """Entity reads a recall made before its books: the look-up of the alias ``keys``
    (case-folded) with ``newest=ENTITIES_PER_ALIAS`` (``entities``), read together with the
    ``recent`` entities (:meth:`GraphStore.find_recent_entities`, the discourse's source)."""

    keys: frozenset[str]
    entities: list[Entity]
    recent: list[Entity]


@lru_cache(maxsize=8192)
def _alias_keys(name: str, aliases: tuple[str, ...]) -> tuple[str, ...]:
    """The case-folded names an entity is known by (cached: the same entities are looked up on
    every mention of a shared first name)."""
    return tuple(dict.fromkeys([name.casefold(), *(a.casefold() for a in aliases)]))


class EntityBook:
    """Canonical entities of one plan: the store's (looked up by alias) and the new ones."""

    def __init__(self, store: GraphStore, namespace: str, discourse: Sequence[Referent],
                 apart: Mapping[str, frozenset[str]] | None = None) -> None:
        self.store, self.apart = store, apart or {}  # apart: names said to be another's (.titles.named_apart)
        self.namespace = namespace
        self.by_alias: dict[str, list[Entity]] = {}
        self.known: dict[str, Entity] = {}
        self.fetched: set[str] = set()
        self.new: dict[str, _New] = {}
        self.new_alias: dict[str, list[str]] = {}
        self.referents: dict[str, Referent] = {r.id: r for r in discourse}
        # referent ids by case-folded name, for "Alice Moreau" after a bare "Alice"
        self.by_name: dict[str, list[str]] = {}
        # referent ids by a word of their name (first name and its prefixes, surname, a Chinese
        # name's first one or two characters): "Olu", "Ms Ortega", 周女士 look up, never scan
        self._by_word: NameWords | None = None  # built at its first use (most adds never need it)
        for r in self.referents.values():
            self.by_name.setdefault(r.name.casefold(), []).append(r.id)
        # bumped by every change resolve() reads, so an unchanged book may reuse a resolution
        self.version = 0
        self.rank = {r.id: i for i, r in enumerate(discourse)}
        self.new_aliases: dict[str, list[str]] = {}  # existing id -> aliases to add
        self.alias_keys: dict[str, set[str]] = {}  # existing id -> its name's and aliases' keys, new ones too
        self.mentioned: list[str] = []
        self._ref_keys: dict[str, tuple[str, ...]] = {}

    # -- lookups --------------------------------------------------------------------------------
    def prefetch(self, names: Iterable[str], *, read: Prefetched | None = None) -> None:
        """Look all ``names`` up in the store in one query (the part ``read`` has not answered:
        none when ``read`` looked up some of them already)."""
        keys = []
        for name in names:
            key = name.casefold().strip()
            if key and key not in self.fetched:
                self.fetched.add(key)
                keys.append(name)
        if not keys:
            return
        self.version += 1
        asked = {k.casefold() for k in keys}  # as the store folds them
        if read is not None and read.keys <= asked:
            # each alias key is looked up on its own (its newest plus exact names), so the
            # look-up of all keys is the one of read's keys merged with the rest's, in the same
            # order (first_step, id)
            rest = [k for k in keys if k.casefold() not in read.keys]
            merged = {e.id: e for e in read.entities}
            if rest:
                for ent in self.store.find_entities(
                    self.namespace, aliases=rest, newest=ENTITIES_PER_ALIAS
                ):
                    merged.setdefault(ent.id, ent)
            found = sorted(merged.values(), key=lambda e: (e.first_step, e.id))
        else:
            read = None
            found = self.store.find_entities(
                self.namespace, aliases=keys, newest=ENTITIES_PER_ALIAS
            )
        for ent in found:
            self._index(ent)
        # salient entities known by one of these names are candidates even when older
        folded = {k.casefold().strip() for k in keys}
        salient = [
            rid
            for rid in self.rank  # (the discourse's ids, in the referents' order)
            if rid not in self.known and not folded.isdisjoint(self._keys_of(rid))
        ]
        if salient:
            wanted = set(salient)
            if read is not None and wanted <= {e.id for e in read.recent}:
                # the salient entities are recent ones: as read with them, in find_entities' order
                by_id = sorted(
                    (e for e in read.recent if e.id in wanted), key=lambda e: (e.first_step, e.id)
                )
            else:
                by_id = self.store.find_entities(self.namespace, ids=salient)
            for ent in by_id:
                self._index(ent)

    def _keys_of(self, referent_id: str) -> tuple[str, ...]:
        """The alias keys of a referent, kept for the plan (until :meth:`_add_referent` replaces it)."""
        keys = self._ref_keys.get(referent_id)
        if keys is None:
            r = self.referents[referent_id]
            keys = self._ref_keys[referent_id] = _alias_keys(r.name, tuple(r.aliases))
        return keys

    def _index(self, ent: Entity) -> None:
        if ent.id in self.known:
            return
        self.known[ent.id] = ent
        self.version += 1
        for alias in _alias_keys(ent.name, ent.aliases):
            self.by_alias.setdefault(alias, []).append(ent)

    def _referent(self, entity_id: str) -> Referent:
        """The referent of a known or new entity (made on first use: most fetched entities are
        only candidates)."""
        ref = self.referents.get(entity_id)
        if ref is None:
            ent = self.known[entity_id]
            gender = gender_of(ent.name) if ent.type == PERSON else None
            ref = self._add_referent(Referent(ent.id, ent.name, ent.type, gender, ent.aliases))
        return ref

    def _add_referent(self, ref: Referent) -> Referent:
        old = self.referents.get(ref.id)
        if old is not None:  # a new entity taking the id of a salient one that was not read
            self.by_name[old.name.casefold()].remove(ref.id)
            if self._by_word is not None:
                self._by_word.remove(old.id, old.name)
        self.referents[ref.id] = ref
        self._ref_keys.pop(ref.id, None)
        self.by_name.setdefault(ref.name.casefold(), []).append(ref.id)
        if self._by_word is not None:
            self._by_word.add(ref.id, ref.name)
        self.version += 1
        return ref

    def _with_word(self, kind: str, word: str) -> Iterator[Referent]:
        if self._by_word is None:
            self._by_word = NameWords()
            for r in self.referents.values():
                self._by_word.add(r.id, r.name)
        return (self.referents[i] for i in self._by_word.get((kind, word), ()))

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
        # (老张 said to be 张伟's father: never 张伟, by alias or by surname)
        others = {c[0] for p in self.apart.get(key, ()) for c in self._candidates(clean_name(p).casefold(), PERSON)}
        cands = [c for c in cands if c[0] not in others]
        chosen: str | None = self._pick(key, type_, cands) if cands else None
        if chosen is None and not is_cjk(name) and type_ in (PERSON, None, OTHER):
            # "Alice Moreau" after a recently mentioned bare "Alice": the same person when exactly
            # one such person is salient (never a guess among several, never a store-wide scan)
            words = [w for w in name.split() if w.lower() not in TITLES]
            if len(words) >= 2:
                first = words[0].casefold()
                people = [
                    i
                    for i in self.by_name.get(first, ())
                    if self.referents[i].type in (PERSON, None, OTHER)
                ]
                if len(people) == 1:
                    chosen = people[0]
                    if chosen not in self.known and chosen not in self.new:
                        self.prefetch([words[0]])
        if chosen is None and type_ in (PERSON, None, OTHER):
            chosen = self._titled(name) or self._shortened(name)  # "Ms Ortega", 周女士, "Daniel O."
            chosen = None if chosen in others else chosen
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
                    self.version += 1
        return self._referent(chosen)

    def _shortened(self, name: str) -> str | None:
        """The one salient person whose name a shorter one begins: "Daniel O." (an initial) for
        Daniel Okafor, "Mei Lin" for Mei Lin Tan, "Olu" for Olumide Adeyemi. None for anything
        else or several such."""
        words = name.replace(".", " ").split()
        if not 1 <= len(words) <= 2 or is_cjk(name) or not all(w[:1].isupper() for w in words):
            return None
        if len(words) == 1 and (len(name) < 3 or not name.isalpha()):
            return None
        if len(words) == 1:  # "Olu" for Olumide Adeyemi: the start of one first name (or all of
            # it: "my new manager Karim Haddad …, so I'm under Karim now")
            pool = self._with_word("prefix", name)
        elif len(words[1]) == 1:  # "Daniel O.": a first name and the surname's initial
            pool = self._with_word("initial", f"{words[0]} {words[1]}")
        else:  # "Mei Lin" for Mei Lin Tan
            pool = self._with_word("middle", f"{words[0]} {words[1]}")
        return _only(r.id for r in pool if r.type in (PERSON, None, OTHER))

    def _titled(self, name: str) -> str | None:
        """The one salient person a title and surname name ("Ms Ortega" for Marisol Ortega,
        周女士 for 周婷, Dr. Park), of the title's gender when it has one; None otherwise."""
        if is_cjk(name):
            m = ZH_TITLED.fullmatch(name)
            if m is None:
                return None
            surname, title = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
            gender = zh_title_gender(title)
            people = (
                r for r in (self._with_word("zh", surname) if len(surname) <= 2 else self.referents.values())
                if is_cjk(r.name) and r.name.startswith(surname)
                and (len(r.name) > len(surname) or len(surname) >= 2)  # 许娜姐 for 许娜 too
            )  # fmt: skip
        else:
            words = name.replace(".", ". ").split()
            if len(words) == 1 and words[0][:1].isupper():  # "Okafor, who spent eleven years"
                words = ["", *words]
            elif len(words) != 2 or words[0].lower() not in TITLES:
                return None
            surname = words[1].casefold()
            gender = gender_of(words[0]) if words[0] else None
            people = (
                r for r in self._with_word("last", surname)
                if len(r.name.split()) >= 2 and r.name.split()[-1].casefold() == surname
            )  # fmt: skip
        return _only(
            r.id for r in people
            if r.type in (PERSON, None, OTHER)
            and (gender is None or (r.gender or gender_of(r.name)) in (None, gender))
        )  # fmt: skip

    def resolve_many(
        self, names: Sequence[tuple[str, str | None, bool]], *, create: bool = True
    ) -> list[Referent | None]:
        """:meth:`resolve` of each ``(name, type, keep)`` in order.

        A text without punctuation may name the same few people thousands of times: a repeat
        of a name whose resolution changed nothing in the book reuses it (resolving it again
        would give the same referent and change nothing).
        """
        done: dict[tuple[str, str | None, bool], tuple[int, Referent | None]] = {}
        out: list[Referent | None] = []
        for item in names:
            hit = done.get(item)
            if hit is not None and hit[0] == self.version:
                out.append(hit[1])
                continue
            before = self.version
            ref = self.resolve(item[0], item[1], keep=item[2], create=create)
            if self.version == before:
                done[item] = (before, ref)
            out.append(ref)
        return out

    def _remember_alias(self, entity_id: str, alias: str) -> None:
        key = alias.casefold()
        if entity_id in self.new:
            ent = self.new[entity_id]
            if key != ent.name.casefold() and key not in (a.casefold() for a in ent.aliases):
                ent.aliases.append(alias)
                self.new_alias.setdefault(key, []).append(entity_id)
                self.version += 1
            return
        known = self.known.get(entity_id)
        if known is None:
            return
        have = self.alias_keys.get(entity_id) or self.alias_keys.setdefault(entity_id, {known.name.casefold(), *(a.casefold() for a in known.aliases)})
        if key not in have:  # (one set per entity: "Alice Smith0, Alice Jones1, ..." read all the new ones for each)
            have.add(key)
            self.new_aliases.setdefault(entity_id, []).append(alias)

    def _create(self, name: str, type_: str | None, *, keep: bool) -> str:
        if type_ == LOCATION and full_person_name(name):
            type_ = PERSON  # "hand over Atlas to Marco Bianchi" tagged a place: "Marco" is him
        base = _slug(name)
        rid, n = base, 1
        while rid in self.new or rid in self.known:
            n += 1
            rid = f"{base}-{n}"
        aliases = name_variants(name, type_)
        self.new[rid] = _New(rid, name, type_, list(aliases), keep)
        for alias in (name, *aliases):
            self.new_alias.setdefault(alias.casefold(), []).append(rid)
        gendered = type_ == PERSON or (type_ is None and not is_cjk(name))
        gender = gender_of(name) if gendered else None
        self._add_referent(Referent(rid, name, type_, gender, tuple(aliases)))
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
                    self.version += 1
                    for alias in name_variants(new.name, ref.type):  # now a person: "Stefan"
                        if alias not in new.aliases:
                            new.aliases.append(alias)
                            self.new_alias.setdefault(alias.casefold(), []).append(new.id)
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


def hint_prefetch(
    store: GraphStore, namespace: str, texts: Iterable[tuple[Annotation, str | None]]
) -> None:
    """Tell a store that keeps a batch's reads (``prefetch_entities``, Neo4j) the names the
    plans of ``texts`` (annotation, speaker) will likely look up, and the ids their new
    entities would take, so it reads them in one query. Only a hint: plans read as always,
    and names found otherwise (a gazetteer match) are looked up then."""
    hint = getattr(store, "prefetch_entities", None)
    if not callable(hint):
        return
    names: dict[str, None] = {}
    for annotation, speaker in texts:
        if annotation.sentences:
            names.update((clean_name(m.text), None) for m in find_mentions(annotation))
            if speaker:
                names[clean_name(speaker)] = None
    names.pop("", None)
    if names:
        hint(namespace, list(names), ids=[_slug(n) for n in names])
