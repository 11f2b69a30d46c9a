"""See a memory: the HTML page (graphs, timeline, recall inspector) and a networkx graph.

    pip install -e '.[view]'
    python examples/view_memory.py [memory.html]

Offline; open the written file in any browser (it needs no network). In a notebook,
``render_view(memory)`` displays itself.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.viz import render_view, to_networkx

DIALOGUE = [
    "张三是销售部的经理，他正在负责星火计划项目。",
    "李四是张三的团队成员，最近王五也加入了星火计划。",
    "张三不再负责星火计划了，现在由王五接手。",
    "Brandon loves coffee.",
    "Brandon wants to travel to Paris.",
]


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.gettempdir()) / "memory.html"
    with TemporalGraphMemory(":memory:", annotator="offline", namespace="team") as memory:
        memory.add_many(DIALOGUE)

        concepts = to_networkx(memory)  # networkx.Graph: nodes = concepts, edges = RELATED
        top = sorted(concepts.nodes(data=True), key=lambda n: -n[1]["mentions"])[:5]
        print(
            "most mentioned concepts:", ", ".join(f"{d['label']} ({d['mentions']})" for _, d in top)
        )

        entities = to_networkx(memory, kind="entities")  # MultiDiGraph of relations over time
        for subject, obj, rel in entities.edges(data=True):
            until = "now" if rel["current"] else f"step {rel['valid_to_step']}"
            if rel["unsure"] and rel["valid_to_step"] is None:
                until = "? (left unsure)"
            print(f"  {subject} {rel['type']} {obj}: step {rel['valid_from_step']} -> {until}")

        view = render_view(memory, questions=["现在谁负责星火计划？", "Who loves coffee?"], out=out)
        print(f"wrote {out} ({len(view.html) // 1024} KB): open it in a browser")


if __name__ == "__main__":
    main()
