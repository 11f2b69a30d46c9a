"""The parser, the ``--db`` checks and :func:`main`, where every failure becomes one line."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .. import __version__
from ..engine.memory import TemporalGraphMemory
from ..errors import ConfigurationError, NotFoundError, RecallError, StoreError
from ._base import (
    EXIT_ERROR,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    PROG,
    Access,
    CliError,
    UsageError,
    _one_line,
    _Parser,
)
from .commands import COMMANDS

if TYPE_CHECKING:
    from ..stores.sqlite import SqliteGraphStore


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
    parser.add_argument("--annotator", default=default("auto"), help="auto | offline | stanza | corenlp")
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
        from ..stores.sqlite.store import default_db_path

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


def _existing_store(target: str, *, writes: bool) -> SqliteGraphStore | None:
    """The store of a command that needs an existing memory, opened with ``create=False``: a file
    that holds none (an empty file, say a mistyped --db) is refused and left unchanged. A command
    that only reads opens it ``read_only`` when its directory is not writable (the -shm file
    of SQLite's write-ahead log cannot be made there)."""
    if target == ":memory:" or target.startswith("file:"):
        return None
    from ..stores.sqlite import SqliteGraphStore
    from ..stores.sqlite.readonly import cannot_make_side_file

    try:
        try:
            return SqliteGraphStore(target, create=False)
        except StoreError as exc:
            if writes or not cannot_make_side_file(exc.__cause__, target):
                raise
        return SqliteGraphStore(target, read_only=True)
    except NotFoundError as exc:
        raise CliError(
            f"no memory at {target}: the file is empty or holds no memory; nothing was changed "
            "(check --db; 'add' creates one)"
        ) from exc


def _execute(args: argparse.Namespace) -> int:
    spec = next(s for s in COMMANDS if s.name == args.command)
    _check_decodable(args)
    if not args.namespace.strip():
        raise UsageError("--namespace must not be empty")
    spec.check(args)
    from ..nlp import make_annotator

    # the annotator is built before the store opens, so a bad --annotator creates no database
    annotator = make_annotator(args.annotator)
    target = _database(args, spec.access(args))
    store = None
    try:
        try:  # a --db the store refuses (no permission, another program's database): exit 1
            if spec.access(args) == "existing":
                store = _existing_store(target, writes=spec.writes)
            memory = TemporalGraphMemory(
                target if store is None else store, annotator=annotator, namespace=args.namespace
            )
        except ConfigurationError as exc:
            raise CliError(str(exc)) from exc
        with memory:
            data, lines = spec.run(args, memory)
    finally:
        if store is not None:
            store.close()
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
