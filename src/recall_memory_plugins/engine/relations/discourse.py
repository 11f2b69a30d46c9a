"""The discourse state carried across turns: the recently salient entities per (store, namespace).

Owns the tracker's only in-process state. Coreference across turns ("she" in the next message)
needs the short list of recently salient entities and the last "X and Y" group. It is a cache:
it is rebuilt from the store (the entities with the highest ``last_step``) whenever the store's
state is not the one it was computed for: the namespace's step (another writer, a failed write)
or its generation, which ``clear``/``forget`` bumps (so a namespace forgotten by another engine
and refilled to the same step is never taken for the one cached). A state is cached only after
its write committed at the expected step (:meth:`DiscourseCache.save`). The cache is bounded
(least recently used namespaces are dropped) and thread-safe.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...models import Entity
from ...stores.base import GraphStore, find_recent_entities_and_aliases
from .coref import Referent
from .entities import ENTITIES_PER_ALIAS, Prefetched
from .lexicon import gender_of
from .schema import PERSON

__all__ = ["Discourse", "DiscourseCache"]

logger = logging.getLogger(__name__)


@dataclass(slots=True)
class Discourse:
    """The salient entities after store step ``step`` of ``generation`` (most salient first)."""

    step: int
    referents: list[Referent]
    store: Callable[[], object | None]
    group: tuple[str, ...] = ()  # the last "X and Y" of the previous text (for "they")
    generation: int = 0  # the namespace's generation (bumped by clear) the state belongs to


def _store_ref(store: GraphStore) -> Callable[[], object | None]:
    try:
        return weakref.ref(store)
    except TypeError:  # a store without weakref support: keep it alive with the cache entry
        return lambda: store


class DiscourseCache:
    """Per (store, namespace) discourse states, at most ``max_namespaces`` of them.

    Args:
        max_namespaces: how many namespaces to keep (least recently used dropped first).
    """

    def __init__(self, *, max_namespaces: int) -> None:
        self._max = max(1, int(max_namespaces))
        self._states: OrderedDict[tuple[int, str], Discourse] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._states)

    def load(self, store: GraphStore, namespace: str, *, size: int) -> Discourse:
        """The state for the store's current step: cached, else rebuilt from the store."""
        generation, step = store.current_state(namespace)
        cached = self._cached(store, namespace, generation, step)
        if cached is not None:
            return cached
        entities = store.find_recent_entities(namespace, limit=size)
        return self._rebuilt(store, namespace, entities, size, generation, step)

    def load_with_aliases(
        self, store: GraphStore, namespace: str, *, size: int, aliases: Sequence[str]
    ) -> tuple[Discourse, Prefetched | None]:
        """:meth:`load`, and when the state is rebuilt, the look-up of ``aliases``
        (``newest=ENTITIES_PER_ALIAS``) read with the recent entities: one round trip on a
        server store instead of two (None when the state was cached)."""
        generation, step = store.current_state(namespace)
        cached = self._cached(store, namespace, generation, step)
        if cached is not None:
            return cached, None
        keys = list(aliases)
        recent, found = find_recent_entities_and_aliases(
            store, namespace, limit=size, aliases=keys, newest=ENTITIES_PER_ALIAS
        )
        state = self._rebuilt(store, namespace, recent, size, generation, step)
        return state, Prefetched(frozenset(k.casefold() for k in keys), found, recent)

    def load_read(
        self, store: GraphStore, namespace: str, *, size: int, recent: Sequence[Entity]
    ) -> Discourse:
        """:meth:`load` with ``recent`` (``find_recent_entities(namespace, limit=size)``) already
        read with the namespace's state."""
        generation, step = store.current_state(namespace)
        cached = self._cached(store, namespace, generation, step)
        if cached is not None:
            return cached
        return self._rebuilt(store, namespace, recent, size, generation, step)

    def _cached(
        self, store: GraphStore, namespace: str, generation: int, step: int
    ) -> Discourse | None:
        key = (id(store), namespace)
        with self._lock:
            cached = self._states.get(key)
            if (
                cached is not None
                and cached.step == step
                and cached.generation == generation
                and cached.store() is store
            ):
                self._states.move_to_end(key)
                return cached
        return None

    def _rebuilt(
        self,
        store: GraphStore,
        namespace: str,
        entities: Sequence[Entity],
        size: int,
        generation: int,
        step: int,
    ) -> Discourse:
        referents = [
            Referent(
                e.id, e.name, e.type, gender_of(e.name) if e.type == PERSON else None, e.aliases
            )
            for e in entities[:size]
        ]
        logger.debug(
            "rebuilt the salient entities of %r from the store (%d)", namespace, len(referents)
        )
        return Discourse(step, referents, _store_ref(store), generation=generation)

    def save(self, store: GraphStore, namespace: str, state: Discourse) -> None:
        """Remember ``state``: the state after a write that committed at step ``state.step``."""
        key = (id(store), namespace)
        with self._lock:
            self._states[key] = state
            self._states.move_to_end(key)
            while len(self._states) > self._max:
                self._states.popitem(last=False)

    def drop(self, store: GraphStore, namespace: str) -> None:
        """Forget the cached state of ``namespace`` (rebuilt from the store on next use)."""
        with self._lock:
            self._states.pop((id(store), namespace), None)
