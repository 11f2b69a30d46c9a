"""``recall-memory demo``: the seed's two walkthroughs (Brandon's concept graph; 张三 hands 星火计划
over to 王五), stored in ``--db`` so that ``recall-memory view`` can draw them."""

from __future__ import annotations

import argparse
from dataclasses import asdict
from typing import Any

from ..engine.memory import TemporalGraphMemory
from ._base import Output, _jsonable, _recall_json, _recall_lines, _relation_json, _relation_line

DEMO_BRANDON = ["Brandon loves coffee.", "Brandon wants to travel to Paris."]
DEMO_BRANDON_QUESTION = "Who wants to travel to Paris?"
DEMO_DIALOGUE = [
    "张三是销售部的经理，他正在负责星火计划项目。",
    "李四是张三的团队成员，最近王五也加入了星火计划。",
    "张三不再负责星火计划了，现在由王五接手。",
]
DEMO_DIALOGUE_QUESTION = "现在谁负责星火计划？"


def _demo_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--scratch",
        action="store_true",
        help="run in a throwaway in-memory store (default: store the demo namespaces in --db, "
        "prefixed with '<--namespace>-' unless that is 'default', so that 'recall-memory view' "
        "shows them)",
    )
    # the default since the memory page: kept so that existing scripts still run
    parser.add_argument("--keep", action="store_true", help=argparse.SUPPRESS)


def _demo_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    ns_prefix = "" if args.namespace == "default" else f"{args.namespace}-"
    out: dict[str, Any] = {}
    lines: list[str] = []
    ns = f"{ns_prefix}demo-brandon"
    memory.clear(ns)
    rounds = []
    for text in DEMO_BRANDON:
        memory.add(text, namespace=ns)
        concepts = memory.store.find_concepts(ns, ["brandon", "coffe", "pari"])
        links = memory.store.find_links(ns)
        rounds.append(
            {
                "added": text,
                "concepts": [
                    {"name": c.name, "t_index": c.t_index, "revision_count": c.revision_count}
                    for c in concepts
                ],
                "links": [asdict(lk) for lk in links],
            }
        )
        lines.append(f"\n+ {text}")
        lines.extend(
            f"  concept {c.name:<8} t_index={c.t_index} revision_count={c.revision_count}"
            for c in concepts
        )
        lines.extend(
            f"  RELATED {lk.source}-{lk.target} strength={lk.strength} t_index={lk.t_index}"
            for lk in links
        )
    recall = memory.recall(DEMO_BRANDON_QUESTION, namespace=ns, strategy="seed")
    lines.append(f"\n? {DEMO_BRANDON_QUESTION}")
    lines.extend(_recall_lines(recall))
    out["brandon"] = {"rounds": rounds, "recall": _recall_json(recall)}

    ns = f"{ns_prefix}demo-dialogue"
    memory.clear(ns)
    for text in DEMO_DIALOGUE:
        memory.add(text, namespace=ns)
        lines.append(f"\n+ {text}")
    recall = memory.recall(DEMO_DIALOGUE_QUESTION, namespace=ns)
    relations = memory.relations(namespace=ns, include_ended=True)
    lines.append("\nrelations (current and ended):")
    lines.extend("  " + _relation_line(rel) for rel in relations)
    lines.append(f"\n? {DEMO_DIALOGUE_QUESTION}")
    lines.extend(_recall_lines(recall))
    out["dialogue"] = {
        "relations": [_relation_json(r) for r in relations],
        "recall": _recall_json(recall),
    }
    if not args.scratch:
        where = getattr(memory.store, "path", "the store")
        out["stored_in"] = {"db": where, "namespaces": [f"{ns_prefix}demo-brandon", ns]}
        lines.append(
            f"\nstored in {where} (namespaces {ns_prefix}demo-brandon, {ns}; each run replaces "
            f"them): see them with `recall-memory view --out demo.html`; remove them with "
            f"`recall-memory --namespace {ns_prefix}demo-brandon forget` and "
            f"`recall-memory --namespace {ns} forget`"
        )
    return _jsonable(out), lines
