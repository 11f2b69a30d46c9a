"""The subcommands of ``recall-memory`` (:data:`COMMANDS`): add, ask, stats, demo, timeline,
relations, forget, export, import, view, serve. A new subcommand is one :class:`CommandSpec` here."""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..engine.memory import TemporalGraphMemory
from . import view as view_cli
from ._base import (
    CliError,
    CommandSpec,
    Output,
    UsageError,
    _as_of,
    _positive_int,
    _read_lines,
    _recall_json,
    _recall_lines,
    _relation_json,
    _relation_line,
)
from ._output import refuse_database
from .demo import _demo_arguments, _demo_run


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", nargs="*", help="statement(s); each argument is one time step")
    parser.add_argument(
        "--file", type=Path, help="a UTF-8 file, one statement per line ('-' = stdin)"
    )
    parser.add_argument("--speaker", default=None)


def _progress(args: argparse.Namespace) -> bool:
    """A progress bar only for a person watching: not with --json, not when stderr is a file or
    a pipe (a script reading stderr gets one line per failure and nothing else)."""
    return not args.json and sys.stderr.isatty()


def _add_check(args: argparse.Namespace) -> None:
    texts = list(args.text)
    if args.file is not None:
        texts.extend(_read_lines(args.file))
    args.texts = [t for t in texts if t.strip()]
    if not args.texts:
        raise UsageError("nothing to add (give TEXT or --file)")


def _add_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    results = memory.add_many(
        args.texts, speaker=args.speaker, progress=_progress(args) and len(args.texts) > 1
    )
    data = {"added": len(results), "steps": [r.t_index for r in results]}
    return data, [
        f"added {len(results)} statement(s) to {memory.namespace!r}, "
        f"now at step {results[-1].t_index}"
    ]


def _ask_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("question")
    parser.add_argument(
        "--budget", type=_positive_int, default=None, help="token budget (default 500)"
    )
    parser.add_argument("--strategy", choices=["fused", "seed"], default=None,
                        help="how to recall (default: fused); the output's 'strategy:' line says "
                             "what answered: graph, seed, lexical, recent (nothing matched) or empty")


def _ask_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    recall = memory.recall(args.question, token_budget=args.budget, strategy=args.strategy)
    return _recall_json(recall), _recall_lines(recall)


def _stats_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    data: dict[str, Any] = {
        "db": getattr(memory.store, "path", repr(memory.store)),
        "namespaces": memory.store.namespaces(),
        "all": asdict(memory.stats(None)),
        "namespace": asdict(memory.stats(memory.namespace)),
    }
    lines = [f"db          {data['db']}", f"namespaces  {', '.join(data['namespaces']) or '-'}"]
    for scope in ("namespace", "all"):
        counts = data[scope]
        shown = "  ".join(f"{k}={v}" for k, v in counts.items() if k != "namespace")
        lines.append(f"{(memory.namespace if scope == 'namespace' else 'all'):<11} {shown}")
    return data, lines


def _timeline_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("entity")


def _timeline_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    rels = memory.timeline(args.entity)
    lines = [_relation_line(rel) for rel in rels]
    return [_relation_json(r) for r in rels], lines or [
        f"no relations of {args.entity!r} in {memory.namespace!r}"
    ]


def _relations_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("entity", nargs="?")
    parser.add_argument("--as-of", default=None, help="a time step (e.g. 3) or an ISO time")
    parser.add_argument("--type", default=None)
    parser.add_argument("--all", action="store_true", help="include ended relations")


def _relations_check(args: argparse.Namespace) -> None:
    args.as_of_value = _as_of(args.as_of)


def _relations_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    rels = memory.relations(
        args.entity, type=args.type, as_of=args.as_of_value, include_ended=args.all
    )
    lines = [_relation_line(rel) for rel in rels]
    return [_relation_json(r) for r in rels], lines or ["no relations"]


def _forget_arguments(parser: argparse.ArgumentParser) -> None:
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--statement", type=_positive_int, default=None, help="only this statement (all versions)"
    )
    which.add_argument(
        "--entity", default=None, help="only this entity (name, alias or id) and its relations"
    )
    parser.add_argument(
        "--relations",
        action="store_true",
        help="with --statement: also delete the relations drawn from it",
    )


def _forget_check(args: argparse.Namespace) -> None:
    if args.relations and args.statement is None:
        raise UsageError("--relations goes with --statement")


def _forget_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    if args.statement is not None:
        memory.delete_statement(args.statement, cascade_relations=args.relations)
        return {"forgot_statement": args.statement}, [
            f"forgot statement {args.statement} of {memory.namespace!r} (every version)"
        ]
    if args.entity is not None:
        removed = memory.delete_entity(args.entity)
        return {"forgot_entity": args.entity, "relations": removed}, [
            f"forgot entity {args.entity!r} of {memory.namespace!r} and {removed} relation(s)"
        ]
    memory.forget()
    return {"forgot": memory.namespace}, [f"forgot namespace {memory.namespace!r}"]


def _export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="the JSON Lines file to write")
    parser.add_argument("--all", action="store_true", help="every namespace, not only --namespace")
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")


def _export_check(args: argparse.Namespace) -> None:
    path = Path(args.file).expanduser()
    if path.is_dir():
        raise CliError(f"{path} is a directory; give a file name")
    refuse_database(path, args, "export FILE")
    if path.exists() and not args.force:
        raise CliError(f"{path} exists; pass --force to overwrite it")
    if not path.parent.is_dir():
        raise CliError(f"cannot write {path}: {path.parent} is not a directory")


def _export_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    lines = memory.export(args.file, all_namespaces=args.all, progress=_progress(args))
    scope = "every namespace" if args.all else repr(memory.namespace)
    return {"exported": str(args.file), "lines": lines}, [
        f"exported {scope} to {args.file} ({lines} lines)"
    ]


def _import_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a file written by 'export'")
    parser.add_argument(
        "--into",
        default=None,
        help="store the file's only namespace under this name (default: the names in the file)",
    )


def _import_check(args: argparse.Namespace) -> None:
    path = Path(args.file).expanduser()
    if not path.is_file():
        raise CliError(f"no export file at {path}")
    if args.into is not None and not args.into.strip():
        raise UsageError("--into must not be empty")


def _import_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    written = memory.import_(args.file, namespace=args.into, progress=_progress(args))
    return {"imported": str(args.file), "records": written}, [
        f"imported {written} records from {args.file}"
    ]


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "add",
        "add statements (one time step each)",
        _add_run,
        arguments=_add_arguments,
        check=_add_check,
        access=lambda args: "create",
    ),
    CommandSpec(
        "ask",
        "recall the statements that answer a question",
        _ask_run,
        arguments=_ask_arguments,
    ),
    CommandSpec("stats", "counts of what is stored", _stats_run),
    CommandSpec(
        "demo",
        "run the seed walkthroughs and store them in --db (namespaces demo-brandon and "
        "demo-dialogue, replaced on each run); --scratch keeps nothing",
        _demo_run,
        arguments=_demo_arguments,
        access=lambda args: "scratch" if args.scratch else "create",
    ),
    CommandSpec(
        "timeline",
        "every relation of an entity, with its interval",
        _timeline_run,
        arguments=_timeline_arguments,
    ),
    CommandSpec(
        "relations",
        "relations true now (or --as-of a step / ISO time)",
        _relations_run,
        arguments=_relations_arguments,
        check=_relations_check,
    ),
    # forget on a mistyped --db must not report success on a new, empty file
    CommandSpec(
        "forget",
        "hard-delete everything of --namespace, or one --statement / --entity",
        _forget_run,
        arguments=_forget_arguments,
        check=_forget_check,
        writes=True,
    ),
    CommandSpec(
        "export",
        "write --namespace (or --all) to a JSON Lines file",
        _export_run,
        arguments=_export_arguments,
        check=_export_check,
    ),
    CommandSpec(
        "import",
        "load a file written by 'export' into empty namespaces",
        _import_run,
        arguments=_import_arguments,
        check=_import_check,
        access=lambda args: "create",
    ),
    CommandSpec(
        "view",
        "write one HTML page: concept and entity graphs, timeline, recall inspector",
        view_cli.view_run,
        arguments=view_cli.view_arguments,
        check=view_cli.view_check,
        access=view_cli.view_access,
    ),
    CommandSpec(
        "serve",
        "serve that page with live recall on 127.0.0.1 (Ctrl-C stops)",
        view_cli.serve_run,
        arguments=view_cli.serve_arguments,
        access=view_cli.serve_access,
    ),
)
"""The subcommands, in ``--help`` order. Add a :class:`CommandSpec` here to add one."""
