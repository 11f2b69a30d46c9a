"""A first name two known people share: the one who holds the value the sentence names.

"Tom left Acme and joined Initech", said when Tom Baker works at Acme and Tom Kim at Globex, is
about Tom Baker, however recently Tom Kim was mentioned. When a sentence names a bare first name
that several known people's full names share, and exactly one of them holds (now, and surely) a
relation whose other end the same sentence names, the others are not meant: they are given to
:meth:`.entities.EntityBook.resolve` as names the first name is not (the ``apart`` mapping of
:func:`.titles.named_apart`). Otherwise resolution is unchanged (the same type, the exact name,
the most salient).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...stores.base import GraphStore
from .names import clean_name, is_cjk
from .schema import OTHER, PERSON, Mention
from .updates import is_unsure

__all__ = ["held_apart"]

_PER_NAME = 12  # the people read per first name (the newest: as the entity book reads them)
_PER_PERSON = 200  # the current relations read per such person


def held_apart(store: GraphStore, namespace: str, mentions: Sequence[Mention]) -> dict[str, frozenset[str]]:
    """For each bare first name of ``mentions`` shared by several known people, the names of
    those who do not hold a value its sentence names, when exactly one of them does (case-folded
    first name -> full names). Reads the store only for a bare name beside another name."""
    names = [m for m in mentions if m.kind == "name"]
    by_sentence: dict[int, set[str]] = {}  # (each sentence's names, read once: not once a mention)
    for p in names:
        by_sentence.setdefault(p.sentence, set()).add(clean_name(p.text).casefold())
    out: dict[str, frozenset[str]] = {}
    tried: set[tuple[str, int]] = set()  # (the same name in the same sentence reads the same)
    for m in names:
        name = clean_name(m.text)
        key = name.casefold()
        if key in out or (name, m.sentence) in tried or " " in name or not name[:1].isupper() or is_cjk(name) or m.type not in (PERSON, None, OTHER):
            continue
        tried.add((name, m.sentence))
        named = by_sentence[m.sentence]  # (but the name itself: read as such below)
        if len(named) < 2 and key in named:
            continue
        people = [e for e in store.find_entities(namespace, aliases=[name], newest=_PER_NAME) if e.type == PERSON]
        if len(people) < 2 or any(e.name.casefold() == key for e in people):
            continue
        holders = [
            e for e in people
            if any(not is_unsure(r) and _other_named(str((r.object_name if r.subject_id == e.id else r.subject_name) or "").casefold(), named, key)
                   for r in store.find_relations(namespace, entity_id=e.id, current_only=True, newest=_PER_PERSON))
        ]
        if len(holders) == 1:
            out[key] = frozenset(e.name for e in people if e.id != holders[0].id)
    return out


def _other_named(name: str, named: set[str], but: str) -> bool:
    return name != but and name in named
