"""``recall-memory``: add to, ask and inspect a memory from the shell.

Examples::

    recall-memory demo
    recall-memory --db notes.db add "Brandon loves coffee."
    recall-memory --db notes.db add --file notes.txt        # one statement per line
    recall-memory --db notes.db ask "What does Brandon love?"
    recall-memory --db notes.db --json stats
    recall-memory stats --db notes.db --json               # global options go either side

Every failure is one line on stderr (``recall-memory: error: ...``) and a non-zero exit: 2 for a
wrong command line, 1 for anything else; ``--debug`` adds the traceback. Commands that only read
(``CommandSpec.access == "existing"``) never create a database. A new subcommand is one
:class:`CommandSpec` in :data:`COMMANDS`.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, NoReturn

from . import __version__
from .engine.memory import TemporalGraphMemory
from .errors import ConfigurationError, RecallError
from .models import Recall, Relation
from .viz import cli as view_cli

PROG = "recall-memory"
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

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


def _recall_lines(recall: Recall) -> list[str]:
    lines = [f"strategy: {recall.strategy}   tokens: {recall.token_count}/{recall.token_budget}"]
    if recall.concepts:
        shown = ", ".join(
            f"{c.name}{'*' if c.essential else ''}={c.sort_val:g}" for c in recall.concepts[:12]
        )
        lines.append(f"concepts (* = from the question, value = sort_val): {shown}")
    lines.extend(f"  fact      {fact}" for fact in recall.facts)
    lines.extend(
        f"  step {r.statement.t_index:<4} {r.statement.render(with_time=False)}"
        for r in recall.statements
    )
    lines.append("\nprompt:\n" + recall.to_prompt())
    return lines


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


# ---------------------------------------------------------------------------------- errors
class CliError(RecallError):
    """A failure the CLI detected itself (a file it cannot read, a missing database): exit 1."""


class UsageError(CliError):
    """The command line is wrong (an unknown option, a bad value): exit 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, reported by :func:`main`."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _one_line(message: str) -> str:
    return " ".join(message.split())


# -------------------------------------------------------------------------------- commands
Access = Literal["existing", "create", "scratch"]
"""What a command needs from ``--db``: a database that already exists (read-only commands and
``forget``), one it may create, or a throwaway in-memory one."""

Output = tuple[Any, list[str]]
"""What a command returns: the JSON-able data printed with ``--json``, else the text lines."""


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    del parser


def _no_check(args: argparse.Namespace) -> None:
    del args


@dataclass(frozen=True)
class CommandSpec:
    """One subcommand of ``recall-memory``.

    Attributes:
        name: the subcommand's name.
        help: one line for ``--help``.
        run: does the work on an open memory and returns ``(json_data, text_lines)``; it prints
            nothing itself, so ``--json`` holds for every command.
        arguments: adds the command's own arguments to its parser.
        check: validates (and may complete) the parsed arguments before any database is opened;
            raises :class:`UsageError` or :class:`CliError`.
        access: what the command needs from ``--db`` (see :data:`Access`), given its arguments.
    """

    name: str
    help: str
    run: Callable[[argparse.Namespace, TemporalGraphMemory], Output]
    arguments: Callable[[argparse.ArgumentParser], None] = _no_arguments
    check: Callable[[argparse.Namespace], None] = _no_check
    access: Callable[[argparse.Namespace], Access] = lambda args: "existing"


def _step_or_time(value: str) -> int | datetime:
    # ASCII digits only: str.isdigit() accepts '²' (int() rejects it) and int() accepts '١٢'
    if re.fullmatch(r"[0-9]+", value):
        return int(value)
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError as exc:
        raise UsageError(
            f"--as-of must be a time step (0-9) or an ISO timestamp, got {value!r}"
        ) from exc
    if parsed.tzinfo is None:
        raise UsageError("--as-of timestamps need a timezone, e.g. 2026-01-01T00:00:00+00:00")
    return parsed


def _as_of(value: str | None) -> int | datetime | None:
    return None if value is None else _step_or_time(value)


def _positive_int(value: str) -> int:
    if not re.fullmatch(r"[0-9]+", value) or int(value) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {value!r}")
    return int(value)


def _read_lines(file: Path) -> list[str]:
    """The lines of a UTF-8 file (a BOM is dropped; ``-`` is stdin), or a one-line error."""
    from_stdin = str(file) == "-"
    name = "<stdin>" if from_stdin else str(file)
    try:
        if from_stdin:
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
        else:
            data = file.read_bytes()
    except FileNotFoundError as exc:
        raise CliError(f"--file {name}: no such file") from exc
    except IsADirectoryError as exc:
        raise CliError(f"--file {name} is a directory, not a text file") from exc
    except OSError as exc:
        raise CliError(f"cannot read --file {name}: {exc.strerror or exc}") from exc
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        hint = (
            "it looks like UTF-16; convert it to UTF-8"
            if data.startswith((b"\xff\xfe", b"\xfe\xff"))
            else "convert it to UTF-8 (e.g. iconv -f latin1 -t utf-8)"
        )
        line = data.count(b"\n", 0, exc.start) + 1
        raise CliError(
            f"--file {name} is not UTF-8 text: byte 0x{data[exc.start]:02x} at offset "
            f"{exc.start} (line {line}) cannot be decoded; {hint}"
        ) from exc
    if "\0" in text:
        offset = data.index(b"\0")
        raise CliError(f"--file {name} has a NUL byte at offset {offset}; is it a binary file?")
    return [line.rstrip("\r") for line in text.split("\n")]


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", nargs="*", help="statement(s); each argument is one time step")
    parser.add_argument(
        "--file", type=Path, help="a UTF-8 file, one statement per line ('-' = stdin)"
    )
    parser.add_argument("--speaker", default=None)


def _add_check(args: argparse.Namespace) -> None:
    texts = list(args.text)
    if args.file is not None:
        texts.extend(_read_lines(args.file))
    args.texts = [t for t in texts if t.strip()]
    if not args.texts:
        raise UsageError("nothing to add (give TEXT or --file)")


def _add_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    results = memory.add_many(
        args.texts, speaker=args.speaker, progress=not args.json and len(args.texts) > 1
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
    parser.add_argument("--strategy", choices=["fused", "seed"], default=None)


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


def _demo_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--scratch",
        action="store_true",
        help="run in a throwaway in-memory store (default: store the demo namespaces in --db, "
        "so that 'recall-memory view' shows them)",
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
    if path.exists() and not args.force:
        raise CliError(f"{path} exists; pass --force to overwrite it")
    if not path.parent.is_dir():
        raise CliError(f"cannot write {path}: {path.parent} is not a directory")


def _export_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    lines = memory.export(args.file, all_namespaces=args.all, progress=not args.json)
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
    written = memory.import_(args.file, namespace=args.into, progress=not args.json)
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
        "the seed walkthroughs, on a throwaway in-memory store",
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


# ---------------------------------------------------------------------------------- parser
def _add_global_options(parser: argparse.ArgumentParser, *, after_command: bool) -> None:
    # After the subcommand the options default to SUPPRESS, so an option given only before the
    # subcommand is not overwritten by the subparser's default.
    def default(value: object) -> object:
        return argparse.SUPPRESS if after_command else value

    parser.add_argument(
        "--db",
        default=default(None),
        help="SQLite file (default: the user data dir; ':memory:' for a throwaway)",
    )
    parser.add_argument("--namespace", "-n", default=default("default"), help="user/session scope")
    parser.add_argument("--annotator", default=default("auto"), help="auto | offline | stanza")
    parser.add_argument(
        "--json", action="store_true", default=default(False), help="machine-readable output"
    )
    parser.add_argument(
        "--verbose", "-v", action="count", default=default(0), help="more logging (-vv: debug)"
    )
    parser.add_argument(
        "--debug", action="store_true", default=default(False), help="show tracebacks of errors"
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``recall-memory``; global options go before or after the command."""
    parser = _Parser(
        prog=PROG, description="A time-aware knowledge-graph memory (offline by default)."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    _add_global_options(parser, after_command=False)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for spec in COMMANDS:
        command_parser = sub.add_parser(spec.name, help=spec.help, description=spec.help)
        spec.arguments(command_parser)
        _add_global_options(command_parser, after_command=True)
    return parser


# ----------------------------------------------------------------------------------- main
_ARGUMENT_NAMES = {"text": "TEXT", "question": "QUESTION", "entity": "ENTITY"}
# paths may hold any bytes the file system allows; the OS gets them back via surrogateescape
_PATH_ARGUMENTS = {"db", "file"}  # export/import's FILE is "file" too


def _check_decodable(args: argparse.Namespace) -> None:
    """Refuse text that came from a non-UTF-8 command line (lone surrogates) before any write."""
    for dest, value in vars(args).items():
        if dest in _PATH_ARGUMENTS:
            continue
        values = value if isinstance(value, list) else [value]
        for number, item in enumerate(values, start=1):
            if not isinstance(item, str):
                continue
            bad = next((i for i, ch in enumerate(item) if 0xD800 <= ord(ch) <= 0xDFFF), None)
            if bad is None:
                continue
            name = _ARGUMENT_NAMES.get(dest, "--" + dest.replace("_", "-"))
            if isinstance(value, list) and len(value) > 1:
                name += f" {number}"
            code = ord(item[bad])
            what = f"byte 0x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else "a surrogate"
            raise UsageError(
                f"{name} is not valid UTF-8: {what} at character {bad}; set a UTF-8 locale "
                "(LANG/LC_ALL) or pass UTF-8 text; nothing was stored"
            )


def _database(args: argparse.Namespace, access: Access) -> str:
    """The ``--db`` target, checked so that a failure is one clear line and nothing is created."""
    if access == "scratch":
        return ":memory:"
    if args.db is not None:
        target = str(args.db)
    else:
        from .stores.sqlite.store import default_db_path

        target = str(default_db_path())
    if target == ":memory:" or target.startswith("file:"):
        return target
    path = Path(target).expanduser()
    try:
        if path.is_dir():
            raise CliError(f"--db {path} is a directory, not a memory file")
        if access == "existing":
            if not path.exists():
                raise CliError(f"no memory at {path} (check --db; 'add' creates one)")
        else:
            parent = next((p for p in path.parents if p.exists()), None)
            if parent is not None and not parent.is_dir():
                raise CliError(f"cannot create a memory at {path}: {parent} is not a directory")
    except OSError as exc:
        raise CliError(f"cannot access --db {path}: {exc.strerror or exc}") from exc
    return str(path)


def _execute(args: argparse.Namespace) -> int:
    spec = next(s for s in COMMANDS if s.name == args.command)
    _check_decodable(args)
    if not args.namespace.strip():
        raise UsageError("--namespace must not be empty")
    spec.check(args)
    from .nlp import make_annotator

    # the annotator is built before the store opens, so a bad --annotator creates no database
    annotator = make_annotator(args.annotator)
    with TemporalGraphMemory(
        _database(args, spec.access(args)), annotator=annotator, namespace=args.namespace
    ) as memory:
        data, lines = spec.run(args, memory)
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        for line in lines:
            print(line)
    return 0


def _error(message: str) -> None:
    print(f"{PROG}: error: {_one_line(message)}", file=sys.stderr)


def _report(exc: Exception, *, debug: bool) -> int:
    """Print one line for ``exc`` (plus its traceback with ``--debug``); return the exit code."""
    if debug:
        traceback.print_exception(exc)
    if isinstance(exc, (UsageError, ConfigurationError)):
        _error(str(exc))
        return EXIT_USAGE
    if isinstance(exc, RecallError):
        stored = f" ({len(exc.stored)} statement(s) before it were stored)" if exc.stored else ""
        _error(f"{exc}{stored}")
        return EXIT_ERROR
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    if isinstance(exc, UnicodeEncodeError) and encoding and encoding != "utf8":
        _error(
            f"cannot print {exc.object[exc.start]!r} in the output encoding "
            f"{exc.encoding}; set PYTHONIOENCODING=utf-8 or a UTF-8 locale"
        )
        return EXIT_ERROR
    hint = "" if debug else "; re-run with --debug to see the traceback"
    _error(f"unexpected {type(exc).__name__}: {exc}{hint}")
    return EXIT_ERROR


def _silence_stdout() -> None:
    """After a broken pipe (``| head``), send the rest of stdout, and its flush at exit, nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # stdout without a file descriptor (tests)
        logging.getLogger(__name__).debug("stdout has no file descriptor to redirect")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``recall-memory`` console script. Returns the exit code.

    Every failure is one line on stderr and a non-zero exit code (2: the command line is wrong,
    1: anything else, 130: interrupted); ``--debug`` also prints the traceback.
    """
    debug = False
    try:
        args = build_parser().parse_args(argv)
        debug = args.debug
        logging.basicConfig(
            level=[logging.WARNING, logging.INFO, logging.DEBUG][min(args.verbose, 2)],
            format="%(levelname)s %(name)s: %(message)s",
        )
        code = _execute(args)
        # flush here, inside the handler: a reader that quit early breaks the pipe now, not at
        # interpreter exit where Python would print "Exception ignored ..."
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Exception as exc:  # the one place every error becomes one line
        return _report(exc, debug=debug)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
