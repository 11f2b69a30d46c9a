"""``recall-memory``: add to, ask and inspect a memory from the shell.

Examples::

    recall-memory demo
    recall-memory --db notes.db add "Brandon loves coffee."
    recall-memory --db notes.db add --file notes.txt        # one statement per line
    recall-memory --db notes.db ask "What does Brandon love?"
    recall-memory --db notes.db --json stats
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Any

from . import __version__
from .engine.memory import TemporalGraphMemory
from .errors import RecallError
from .models import Recall, Relation

DEMO_BRANDON = ["Brandon loves coffee.", "Brandon wants to travel to Paris."]
DEMO_BRANDON_QUESTION = "Who wants to travel to Paris?"
DEMO_DIALOGUE = [
    "张三是销售部的经理，他正在负责星火计划项目。",
    "李四是张三的团队成员，最近王五也加入了星火计划。",
    "张三不再负责星火计划了，现在由王五接手。",
]
DEMO_DIALOGUE_QUESTION = "现在谁负责星火计划？"


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def _recall_json(recall: Recall) -> dict[str, Any]:
    return {
        "question": recall.question,
        "namespace": recall.namespace,
        "strategy": recall.strategy,
        "token_count": recall.token_count,
        "token_budget": recall.token_budget,
        "facts": list(recall.facts),
        "statements": [
            {
                "text": r.statement.text,
                "t_index": r.statement.t_index,
                "at": r.statement.at.isoformat(),
                "speaker": r.statement.speaker,
                "score": r.score,
                "concepts": list(r.concepts),
            }
            for r in recall.statements
        ],
        "concepts": [_jsonable(asdict(c)) for c in recall.concepts],
        "prompt": recall.to_prompt(),
    }


def _print_recall(recall: Recall) -> None:
    print(f"strategy: {recall.strategy}   tokens: {recall.token_count}/{recall.token_budget}")
    if recall.concepts:
        shown = ", ".join(
            f"{c.name}{'*' if c.essential else ''}={c.sort_val:g}" for c in recall.concepts[:12]
        )
        print(f"concepts (* = from the question, value = sort_val): {shown}")
    for fact in recall.facts:
        print(f"  fact      {fact}")
    for r in recall.statements:
        print(f"  step {r.statement.t_index:<4} {r.statement.render(with_time=False)}")
    print("\nprompt:\n" + recall.to_prompt())


def _relation_line(rel: Relation) -> str:
    obj = rel.object_name or ""
    attrs = ", ".join(f"{k}={v}" for k, v in rel.attributes.items())
    until = f"step {rel.valid_to_step}" if rel.valid_to_step is not None else "now"
    return (
        f"{rel.subject_name} {rel.type} {obj}".strip()
        + (f" ({attrs})" if attrs else "")
        + f"   [step {rel.valid_from_step} -> {until}]"
    )


def _relation_json(rel: Relation) -> dict[str, Any]:
    return _jsonable(asdict(rel))  # type: ignore[no-any-return]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="recall-memory",
        description="A time-aware knowledge-graph memory (offline by default).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--db",
        default=None,
        help="SQLite file (default: the user data dir; ':memory:' for a throwaway)",
    )
    parser.add_argument("--namespace", "-n", default="default", help="user/session scope")
    parser.add_argument("--annotator", default="auto", help="auto | offline | stanza")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--verbose", "-v", action="count", default=0)
    sub = parser.add_subparsers(dest="command", required=True)

    p_add = sub.add_parser("add", help="add statements (one time step each)")
    p_add.add_argument("text", nargs="*", help="statement(s); each argument is one time step")
    p_add.add_argument(
        "--file", type=Path, help="a UTF-8 file, one statement per line ('-' = stdin)"
    )
    p_add.add_argument("--speaker", default=None)

    p_ask = sub.add_parser("ask", help="recall the statements that answer a question")
    p_ask.add_argument("question")
    p_ask.add_argument("--budget", type=int, default=None, help="token budget (default 500)")
    p_ask.add_argument("--strategy", choices=["fused", "seed"], default=None)

    sub.add_parser("stats", help="counts of what is stored")
    p_demo = sub.add_parser("demo", help="the seed walkthroughs, on a throwaway in-memory store")
    p_demo.add_argument("--keep", action="store_true", help="store the demo in --db instead")

    p_tl = sub.add_parser("timeline", help="every relation of an entity, with its interval")
    p_tl.add_argument("entity")
    p_rel = sub.add_parser("relations", help="relations true now (or --as-of a step / ISO time)")
    p_rel.add_argument("entity", nargs="?")
    p_rel.add_argument("--as-of", default=None)
    p_rel.add_argument("--type", default=None)
    p_rel.add_argument("--all", action="store_true", help="include ended relations")
    sub.add_parser("forget", help="hard-delete everything of --namespace")
    return parser


def _as_of(value: str | None) -> int | datetime | None:
    if value is None:
        return None
    if value.isdigit():
        return int(value)
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError as exc:
        raise RecallError(
            f"--as-of must be a time step or an ISO timestamp, got {value!r}"
        ) from exc
    if parsed.tzinfo is None:
        raise RecallError("--as-of timestamps need a timezone, e.g. 2026-01-01T00:00:00+00:00")
    return parsed


def _demo(memory: TemporalGraphMemory, ns_prefix: str, as_json: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    ns = f"{ns_prefix}demo-brandon"
    memory.clear(ns)
    rounds = []
    for text in DEMO_BRANDON:
        memory.add(text, namespace=ns)
        concepts = memory.store.find_concepts(ns, [c for c in ("brandon", "coffe", "pari")])
        rounds.append(
            {
                "added": text,
                "concepts": [
                    {"name": c.name, "t_index": c.t_index, "revision_count": c.revision_count}
                    for c in concepts
                ],
                "links": [asdict(lk) for lk in memory.store.find_links(ns)],
            }
        )
        if not as_json:
            print(f"\n+ {text}")
            for c in concepts:
                print(
                    f"  concept {c.name:<8} t_index={c.t_index} revision_count={c.revision_count}"
                )
            for lk in memory.store.find_links(ns):
                print(
                    f"  RELATED {lk.source}-{lk.target} strength={lk.strength} t_index={lk.t_index}"
                )
    recall = memory.recall(DEMO_BRANDON_QUESTION, namespace=ns, strategy="seed")
    if not as_json:
        print(f"\n? {DEMO_BRANDON_QUESTION}")
        _print_recall(recall)
    out["brandon"] = {"rounds": rounds, "recall": _recall_json(recall)}

    ns = f"{ns_prefix}demo-dialogue"
    memory.clear(ns)
    for text in DEMO_DIALOGUE:
        memory.add(text, namespace=ns)
        if not as_json:
            print(f"\n+ {text}")
    recall = memory.recall(DEMO_DIALOGUE_QUESTION, namespace=ns)
    relations = memory.relations(namespace=ns, include_ended=True)
    if not as_json:
        print("\nrelations (current and ended):")
        for rel in relations:
            print("  " + _relation_line(rel))
        print(f"\n? {DEMO_DIALOGUE_QUESTION}")
        _print_recall(recall)
    out["dialogue"] = {
        "relations": [_relation_json(r) for r in relations],
        "recall": _recall_json(recall),
    }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``recall-memory`` console script. Returns the exit code."""
    args = build_parser().parse_args(argv)
    logging.basicConfig(
        level=[logging.WARNING, logging.INFO, logging.DEBUG][min(args.verbose, 2)],
        format="%(levelname)s %(name)s: %(message)s",
    )
    try:
        db = ":memory:" if args.command == "demo" and not args.keep else args.db
        with TemporalGraphMemory(db, annotator=args.annotator, namespace=args.namespace) as memory:
            return _run(args, memory)
    except RecallError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _run(args: argparse.Namespace, memory: TemporalGraphMemory) -> int:
    if args.command == "add":
        texts = list(args.text)
        if args.file is not None:
            handle = sys.stdin if str(args.file) == "-" else args.file.open(encoding="utf-8")
            with handle:
                texts.extend(line.rstrip("\n") for line in handle)
        texts = [t for t in texts if t.strip()]
        if not texts:
            print("error: nothing to add (give TEXT or --file)", file=sys.stderr)
            return 2
        results = memory.add_many(
            texts, speaker=args.speaker, progress=not args.json and len(texts) > 1
        )
        if args.json:
            print(json.dumps({"added": len(results), "steps": [r.t_index for r in results]}))
        else:
            print(
                f"added {len(results)} statement(s) to {memory.namespace!r}, "
                f"now at step {results[-1].t_index}"
            )
    elif args.command == "ask":
        recall = memory.recall(args.question, token_budget=args.budget, strategy=args.strategy)
        if args.json:
            print(json.dumps(_recall_json(recall), ensure_ascii=False, indent=2))
        else:
            _print_recall(recall)
    elif args.command == "stats":
        data: dict[str, Any] = {
            "db": getattr(memory.store, "path", repr(memory.store)),
            "namespaces": memory.store.namespaces(),
            "all": asdict(memory.stats(None)),
            "namespace": asdict(memory.stats(memory.namespace)),
        }
        if args.json:
            print(json.dumps(data, ensure_ascii=False, indent=2))
        else:
            print(f"db          {data['db']}")
            print(f"namespaces  {', '.join(data['namespaces']) or '-'}")
            for scope in ("namespace", "all"):
                counts = data[scope]
                shown = "  ".join(f"{k}={v}" for k, v in counts.items() if k != "namespace")
                print(f"{(memory.namespace if scope == 'namespace' else 'all'):<11} {shown}")
    elif args.command == "demo":
        out = _demo(memory, "" if args.namespace == "default" else f"{args.namespace}-", args.json)
        if args.json:
            print(json.dumps(_jsonable(out), ensure_ascii=False, indent=2))
    elif args.command == "timeline":
        rels = memory.timeline(args.entity)
        if args.json:
            print(json.dumps([_relation_json(r) for r in rels], ensure_ascii=False, indent=2))
        else:
            if not rels:
                print(f"no relations of {args.entity!r} in {memory.namespace!r}")
            for rel in rels:
                print(_relation_line(rel))
    elif args.command == "relations":
        rels = memory.relations(
            args.entity, type=args.type, as_of=_as_of(args.as_of), include_ended=args.all
        )
        if args.json:
            print(json.dumps([_relation_json(r) for r in rels], ensure_ascii=False, indent=2))
        else:
            for rel in rels:
                print(_relation_line(rel))
            if not rels:
                print("no relations")
    elif args.command == "forget":
        memory.forget()
        print(f"forgot namespace {memory.namespace!r}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
