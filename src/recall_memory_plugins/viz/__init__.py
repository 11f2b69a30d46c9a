"""See the memory: an interactive page (graphs, timeline, recall inspector) and networkx export.

Needs the ``view`` extra (``pip install 'recall-memory-plugins[view]'``: pyvis, which ships the
vis-network script the page embeds, and networkx). Importing this package imports neither.

Example:
    >>> from recall_memory_plugins.viz import render_view, to_networkx   # doctest: +SKIP
    >>> render_view(memory, "user-1").save("memory.html")                 # doctest: +SKIP
    >>> graph = to_networkx(memory, "user-1")                             # doctest: +SKIP
"""

from __future__ import annotations

from .data import ViewLimits, collect_view, recall_json
from .graph import to_networkx
from .page import MemoryView, render_view

__all__ = ["MemoryView", "ViewLimits", "collect_view", "recall_json", "render_view", "to_networkx"]
