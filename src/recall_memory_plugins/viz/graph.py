"""The memory as a :mod:`networkx` graph, for notebooks and your own analysis."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._optional import require
from ..engine.relations.endings import without_marks
from ..engine.relations.updates import is_unsure
from ..errors import InputError

if TYPE_CHECKING:
    from ..engine.memory import TemporalGraphMemory

__all__ = ["to_networkx"]

KINDS = ("concepts", "entities")


def to_networkx(
    memory: TemporalGraphMemory,
    namespace: str | None = None,
    *,
    kind: str = "concepts",
) -> Any:
    """The whole concept graph or entity graph of ``namespace`` as a networkx graph.

    Args:
        memory: the memory to read.
        namespace: the namespace (default: the memory's own).
        kind: ``"concepts"``: an undirected ``networkx.Graph`` of the concepts that have a
            ``RELATED`` edge (node attributes ``label``, ``mentions``, ``t_index``,
            ``revision_count``, ``aliases``; edge attributes ``strength``, ``t_index``).
            ``"entities"``: a ``networkx.MultiDiGraph`` of every entity (``label``, ``type``,
            ``aliases``, ``first_step``, ``last_step``) and every relation, current and ended,
            keyed by relation id (``type``, ``current``, ``unsure``, ``valid_from_step``,
            ``valid_to_step``, ``valid_from``, ``valid_to``, ``attributes``; a relation a later
            statement left unsure is never ``current``). Relations without an object (an
            attribute such as a status) are listed in the subject's ``attributes_over_time``.

    Raises:
        MissingDependencyError: networkx is not installed (extra ``view``).
        InputError: ``kind`` is not one of the two.

    Example:
        >>> g = to_networkx(memory, "user-1")                      # doctest: +SKIP
        >>> sorted(g.degree(weight="strength"), key=lambda x: -x[1])[:5]  # doctest: +SKIP
    """
    if kind not in KINDS:
        raise InputError(f"kind must be one of {KINDS}, got {kind!r}")
    nx = require("networkx", extra="view", purpose="to_networkx")
    ns = memory.namespace if namespace is None else namespace
    stats = memory.stats(ns)  # validates the namespace
    store = memory.store
    if kind == "concepts":
        graph = nx.Graph(namespace=ns, kind=kind, steps=stats.steps)
        links = store.find_links(ns)
        names = sorted({n for lk in links for n in (lk.source, lk.target)})
        for c in store.find_concepts(ns, names) if names else []:
            graph.add_node(
                c.name,
                label=c.aliases[0] if c.aliases else c.name,
                mentions=c.mentions,
                t_index=c.t_index,
                revision_count=c.revision_count,
                aliases=tuple(c.aliases),
            )
        for lk in links:
            graph.add_edge(lk.source, lk.target, strength=lk.strength, t_index=lk.t_index)
        return graph
    multi = nx.MultiDiGraph(namespace=ns, kind=kind, steps=stats.steps)
    for e in store.find_entities(ns):
        multi.add_node(
            e.id,
            label=e.name,
            type=e.type,
            aliases=tuple(e.aliases),
            first_step=e.first_step,
            last_step=e.last_step,
            attributes_over_time=[],
        )
    for r in without_marks(store.find_relations(ns)):
        data = {
            "type": r.type,
            "current": r.is_current and not is_unsure(r),  # (unsure: never stated as now)
            "unsure": is_unsure(r),
            "valid_from_step": r.valid_from_step,
            "valid_to_step": r.valid_to_step,
            "valid_from": r.valid_from,
            "valid_to": r.valid_to,
            "attributes": dict(r.attributes),
            "statement_id": r.statement_id,
        }
        if r.object_id is None:
            if r.subject_id not in multi:
                multi.add_node(r.subject_id, label=r.subject_name, attributes_over_time=[])
            multi.nodes[r.subject_id]["attributes_over_time"].append(data)
            continue
        for node, name in ((r.subject_id, r.subject_name), (r.object_id, r.object_name)):
            if node not in multi:  # a relation may outlive a forgotten entity's record
                multi.add_node(node, label=name, attributes_over_time=[])
        multi.add_edge(r.subject_id, r.object_id, key=r.id, **data)
    return multi
