"""What every ``recall-memory`` command shares: exit codes, the CLI's errors, :class:`CommandSpec`,
argument converters and the JSON/text renderings of recalls and relations."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, NoReturn

from ..engine.memory import TemporalGraphMemory
from ..errors import RecallError
from ..models import Recall, Relation

PROG = "recall-memory"
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


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
    # (the world time beside the steps: history told late holds at no step of its own)
    ended = rel.valid_to.date().isoformat() if rel.valid_to is not None else "now"
    return (
        f"{rel.subject_name} {rel.type} {obj}".strip()
        + (f" ({attrs})" if attrs else "")
        + f"   [step {rel.valid_from_step} -> {until} · {rel.valid_from.date().isoformat()} -> {ended}]"
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
        writes: the command changes an existing database; one that only reads it opens it
            read-only when its directory cannot be written (SQLite cannot make its -shm there).
    """

    name: str
    help: str
    run: Callable[[argparse.Namespace, TemporalGraphMemory], Output]
    arguments: Callable[[argparse.ArgumentParser], None] = _no_arguments
    check: Callable[[argparse.Namespace], None] = _no_check
    access: Callable[[argparse.Namespace], Access] = lambda args: "existing"
    writes: bool = False


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
