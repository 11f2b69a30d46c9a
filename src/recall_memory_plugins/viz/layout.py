"""Node positions computed while the page is generated, so the browser only draws.

A force-directed layout of a few hundred nodes costs seconds of JavaScript in a browser; the same
Fruchterman-Reingold layout in numpy (through networkx) costs a fraction of a second here, and a
fixed seed gives the same picture every time the page is rebuilt.

networkx computes the push between *every* pair of nodes, n² work per iteration: fine for a small
component, but a component of a few thousand nodes took tens of seconds. A component of more than
:data:`EXACT_MAX` nodes gets the same layout with the push of far nodes summed per grid cell
(:mod:`._grid_layout`): n log n work per iteration.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from .._optional import require
from ._grid_layout import grid_layout

__all__ = ["spring_positions"]

SPACING = 85.0  # a component of n nodes is drawn in a circle of radius ~ SPACING * 0.6 * n^(1/2)
MIN_RADIUS = 45.0
GAP = 60.0  # pixels between packed components
EXACT_MAX = 100  # components up to this size get networkx's all-pairs layout


def spring_positions(
    nodes: Sequence[str],
    edges: Iterable[tuple[str, str, float]],
    *,
    seed: int = 7,
    iterations: int = 60,
) -> dict[str, tuple[float, float]]:
    """Pixel positions of ``nodes`` (a spring layout; edges pull by ``1 + log(weight)``).

    Raises:
        MissingDependencyError: networkx (or numpy) is not installed (extra ``view``).
    """
    if not nodes:
        return {}
    nx = require("networkx", extra="view", purpose="the memory page's layout")
    require("numpy", extra="view", purpose="the memory page's layout")
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    for a, b, weight in edges:
        if a != b:
            graph.add_edge(a, b, weight=1.0 + math.log(max(float(weight), 1.0)))
    # Each connected component gets its own layout, then the components are packed in rows,
    # biggest first: one layout of them all would push small components off to the far edges.
    out: dict[str, tuple[float, float]] = {}
    comps = sorted(nx.connected_components(graph), key=lambda c: (-len(c), min(c)))
    radii = [
        max(SPACING * 0.6 * math.sqrt(len(c)), MIN_RADIUS) if len(c) > 1 else 0.0 for c in comps
    ]
    limit = math.sqrt(sum((2 * r + GAP) ** 2 for r in radii)) * 1.4
    x = y = row = 0.0
    for comp, r in zip(comps, radii, strict=True):
        size = 2 * r + GAP
        if x > 0 and x + size > limit:
            x, y, row = 0.0, y + row, 0.0
        cx, cy = x + size / 2, y + size / 2
        if len(comp) == 1:
            out[str(next(iter(comp)))] = (round(cx, 1), round(cy, 1))
        else:
            if len(comp) <= EXACT_MAX:  # all pairs: at most EXACT_MAX times the nodes' work
                pos = nx.spring_layout(
                    graph.subgraph(comp), seed=seed, iterations=iterations, weight="weight"
                )
            else:
                pos = grid_layout(graph.subgraph(comp), seed=seed, iterations=iterations)
            for n, (px, py) in pos.items():
                out[str(n)] = (round(cx + float(px) * r, 1), round(cy + float(py) * r, 1))
        x += size
        row = max(row, size)
    return out
