"""Fruchterman-Reingold in n log n per iteration, for the big components of the page's graphs.

Every node pushes every other (``k²/d``) and edges pull (``d²/k``, times their weight), as in
networkx's layout, but the push is not summed pair by pair. Nodes are binned into square cells
of side ``2k``, then of twice that side, and so on until the grid is at most 4 x 4 cells. A node
gets the exact push of the nodes in its own and the 8 neighbouring finest cells, and from farther
nodes the push of each cell's centre of mass, choosing at every level the cells that are not
next to its own but whose parents are next to its parent (at most 27 cells a level; at the top
level every cell not next to its own). Each other node is counted exactly once, so the picture
keeps networkx's spread while the work grows as n log n, not n².
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

__all__ = ["cell_pairs", "grid_layout"]

ROW = 1 << 24  # key = x * ROW + y: cell coordinates stay far below this
TOP = 4  # the coarsest grid has at most TOP x TOP cells
NEIGHBOURS = ((0, 0), (1, -1), (1, 0), (1, 1), (0, 1))  # each pair of adjacent cells once
# from 2 * (the cell // 2): the children of the parent's 3 x 3 neighbourhood (6 x 6 cells)
CHILDREN = tuple((dx, dy) for dx in range(-2, 4) for dy in range(-2, 4))
# at the top level: every cell of the TOP x TOP grid, relative to the node's own
EVERYWHERE = tuple((dx, dy) for dx in range(1 - TOP, TOP) for dy in range(1 - TOP, TOP))


def cell_pairs(cells: Any) -> tuple[Any, Any]:
    """Index pairs ``(i, j)``, each once, of the points in the same or in adjacent cells.

    ``cells`` holds each point's integer cell coordinates (n x 2, non-negative). The work is the
    number of points plus the number of pairs returned.
    """
    import numpy as np

    n = len(cells)
    key = (cells[:, 0] + 1) * ROW + cells[:, 1] + 1
    order = np.argsort(key, kind="stable")
    sorted_key = key[order]
    firsts, seconds = [], []
    for dx, dy in NEIGHBOURS:
        target = key + dx * ROW + dy
        lo = np.searchsorted(sorted_key, target, side="left")
        count = np.searchsorted(sorted_key, target, side="right") - lo
        total = int(count.sum())
        if not total:
            continue
        first = np.repeat(np.arange(n), count)
        second = order[np.repeat(lo - np.cumsum(count) + count, count) + np.arange(total)]
        if (dx, dy) == (0, 0):
            keep = first < second
            first, second = first[keep], second[keep]
        firsts.append(first)
        seconds.append(second)
    if not firsts:
        return np.empty(0, np.int64), np.empty(0, np.int64)
    return np.concatenate(firsts), np.concatenate(seconds)


def _summed(at: Any, force: Any, n: int) -> Any:
    import numpy as np

    return np.stack([np.bincount(at, weights=force[:, d], minlength=n) for d in (0, 1)], axis=1)


def _push(delta: Any, k: float) -> Any:
    import numpy as np

    return delta * (k * k / np.maximum((delta * delta).sum(axis=1), 1e-4))[:, None]


def _repulsion(pos: Any, k: float) -> Any:
    """Each node's summed push (n x 2): exact nearby, per cell farther away."""
    import numpy as np

    n = len(pos)
    side = 2 * k
    rel = pos - pos.min(axis=0)
    i, j = cell_pairs(np.floor(rel / side).astype(np.int64))
    push = _push(pos[i] - pos[j], k)
    move = _summed(i, push, n) - _summed(j, push, n)
    while True:
        cells = np.floor(rel / side).astype(np.int64)
        top = int(cells.max()) < TOP
        key = cells[:, 0] * ROW + cells[:, 1]
        uniq, inverse = np.unique(key, return_inverse=True)
        mass = np.bincount(inverse, minlength=len(uniq)).astype(float)
        centre = _summed(inverse, pos, len(uniq)) / mass[:, None]
        if top:
            target = cells[None, :, :] + np.array(EVERYWHERE)[:, None, :]
        else:
            target = 2 * (cells[None, :, :] // 2) + np.array(CHILDREN)[:, None, :]
        # the cells next to the node's own: exact pairs, or counted a level down
        near = np.abs(target - cells[None, :, :]).max(axis=2) <= 1
        t_key = target[:, :, 0] * ROW + target[:, :, 1]
        at = np.minimum(np.searchsorted(uniq, t_key), len(uniq) - 1)
        use = ~near & (uniq[at] == t_key) & (target >= 0).all(axis=2)
        node = np.broadcast_to(np.arange(n), use.shape)[use]
        cell = at[use]
        push = _push(pos[node] - centre[cell], k) * mass[cell, None]
        move += _summed(node, push, n)
        if top:
            return move
        side *= 2


def grid_layout(graph: Any, *, seed: int, iterations: int) -> dict[Hashable, tuple[float, float]]:
    """Positions in [-1, 1] of the nodes of a connected networkx graph (edge attr ``weight``)."""
    import numpy as np

    nodes = list(graph.nodes)
    n = len(nodes)
    index = {node: i for i, node in enumerate(nodes)}
    links = [(index[a], index[b], float(w)) for a, b, w in graph.edges(data="weight", default=1.0)]
    src = np.array([a for a, _, _ in links], dtype=np.int64)
    dst = np.array([b for _, b, _ in links], dtype=np.int64)
    weight = np.array([w for _, _, w in links], dtype=float)
    pos = np.random.default_rng(seed).random((n, 2))
    k = math.sqrt(1.0 / n)  # the ideal distance, as in networkx
    step = 0.1
    cool = step / (iterations + 1)
    for _ in range(iterations):
        move = _repulsion(pos, k)
        delta = pos[src] - pos[dst]
        pull = delta * (np.sqrt((delta * delta).sum(axis=1)) * weight / k)[:, None]
        move += _summed(dst, pull, n) - _summed(src, pull, n)
        length = np.sqrt((move * move).sum(axis=1))
        length = np.where(length < 0.01, 0.1, length)
        pos += move * (step / length)[:, None]
        step -= cool
    pos -= pos.mean(axis=0)
    scale = float(np.abs(pos).max())
    if scale > 0:
        pos /= scale
    return {node: (float(x), float(y)) for node, (x, y) in zip(nodes, pos, strict=True)}
