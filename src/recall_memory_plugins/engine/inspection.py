"""Reading the relation layer and drawing the memory: entities, relations as of a time, an
entity's timeline, the graphs as networkx objects and the memory page. Mixed into
:class:`~recall_memory_plugins.engine.memory.TemporalGraphMemory`.

The drawing methods delegate to :mod:`recall_memory_plugins.viz` (extra ``view``), imported when
called, so the engine itself depends on no drawing library.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import NotFoundError
from ..models import Entity, Relation
from .validation import check_as_of

if TYPE_CHECKING:
    from ..stores.base import GraphStore
    from ..viz.page import MemoryView
    from .relations import RelationTracker

__all__ = ["InspectionMixin"]


class InspectionMixin:
    """``entities``/``get_entity``/``relations``/``timeline``/``to_networkx``/``view``."""

    if TYPE_CHECKING:  # provided by TemporalGraphMemory
        store: GraphStore

        def _ns(self, namespace: str | None) -> str: ...
        def _check_name(self, name: object, what: str) -> str: ...
        def _require_tracker(self) -> RelationTracker: ...

    def entities(self, name: str | None = None, *, namespace: str | None = None) -> list[Entity]:
        """Entities of the namespace, or those known by ``name`` (name or alias)."""
        ns = self._ns(namespace)
        if name is not None:
            name = self._check_name(name, "name")
        return self._require_tracker().find_entities(self.store, ns, name)

    def get_entity(self, name: str, *, namespace: str | None = None) -> Entity:
        """The entity known by ``name``; raises :class:`NotFoundError` when there is none."""
        found = self.entities(name, namespace=namespace)
        if not found:
            raise NotFoundError(f"no entity named {name!r} in namespace {self._ns(namespace)!r}")
        return found[0]

    def relations(
        self,
        entity: str | None = None,
        *,
        namespace: str | None = None,
        type: str | None = None,
        as_of: int | datetime | None = None,
        include_ended: bool = False,
        include_unsure: bool = False,
    ) -> list[Relation]:
        """Relations true now, or at ``as_of`` (a time step or an aware timestamp).

        A relation that a later statement left unsure (it names a change the relation layer
        cannot read, e.g. "Nora swapped Madrid for Barcelona") is not stated as true unless
        ``include_unsure``; ``include_ended`` (the history) shows it, with
        ``attributes["unsure"] == "true"``."""
        ns = self._ns(namespace)
        if entity is not None:
            entity = self._check_name(entity, "entity")
        if type is not None:
            type = self._check_name(type, "type")
        return self._require_tracker().find_relations(
            self.store,
            ns,
            entity=entity,
            type=type,
            as_of=check_as_of(as_of),
            include_ended=bool(include_ended),
            include_unsure=bool(include_unsure),
        )

    def timeline(self, entity: str, *, namespace: str | None = None) -> list[Relation]:
        """Every relation of ``entity`` with its validity interval, in the order they began
        (``valid_from``; a backdated statement's history before the facts it preceded)."""
        ns = self._ns(namespace)
        found = self._require_tracker().timeline(self.store, ns, self._check_name(entity, "entity"))
        return sorted(found, key=lambda r: r.valid_from)  # stable: learned order among ties

    # ------------------------------------------------------------------------------ drawing
    def to_networkx(self, namespace: str | None = None, *, kind: str = "concepts") -> Any:
        """The concept graph (``kind="concepts"``) or the entity and relation graph
        (``kind="entities"``, current and ended relations) of ``namespace`` as a networkx graph.

        See :func:`recall_memory_plugins.viz.graph.to_networkx` for the node and edge attributes.

        Raises:
            MissingDependencyError: networkx is not installed (extra ``view``).
            InputError: ``kind`` is not ``"concepts"`` or ``"entities"``.
        """
        from ..viz.graph import to_networkx

        return to_networkx(self, namespace, kind=kind)  # type: ignore[arg-type]

    def view(
        self,
        namespace: str | Sequence[str] | None = None,
        *,
        questions: Sequence[str] = (),
        out: str | Path | None = None,
        title: str | None = None,
    ) -> MemoryView:
        """The memory page (concept graph, entities and relations, timelines, recall inspector)
        of one or more namespaces: displays itself in a notebook; ``.save(path)`` or ``out=``
        writes the self-contained HTML file that ``recall-memory view`` writes.

        Raises:
            MissingDependencyError: the ``view`` extra is not installed.
            InputError: a namespace is invalid.
        """
        from ..viz.page import render_view

        return render_view(self, namespace, questions=questions, out=out, title=title)  # type: ignore[arg-type]
