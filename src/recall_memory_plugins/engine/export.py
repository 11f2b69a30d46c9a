"""Export and import of memories as JSON Lines, store-neutral (SQLite <-> Neo4j).

The file is UTF-8 JSON Lines:

1. a header ``{"format": "recall-memory-export", "version": 1, "library": ..., "created_at":
   ..., "namespaces": [...], "records": N}``;
2. one line per record of :meth:`~recall_memory_plugins.stores.base.GraphStore.dump_namespace`,
   with its ``kind`` and ``namespace``: per namespace a ``namespace`` line (clock and totals),
   then its ``statement``, ``concept``, ``context``, ``link``, ``entity``, ``relation`` and
   ``support`` lines (a later statement that repeats a relation; a file written before they
   were exported has none); times are ISO 8601 strings with their offset: a statement's that of
   its ``at`` as given, a relation's that of its statement (an older file's, UTC, reads as UTC);
3. a trailer ``{"kind": "end", "records": N}``, so a truncated file is refused.

An import validates the whole file before anything is written (unknown version, missing or
mistyped fields, repeated keys, no trailer: :class:`InputError`, nothing written), and writes each
namespace in one store transaction. Statement ids are the exporting store's; the importing store
assigns its own in the same order, so everything ordered by id (recall's ties, contexts) is kept
and recall gives the same context before and after.
"""

from __future__ import annotations

import json
import logging
import os
import stat
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any

from ..errors import InputError
from ..stores.base import GraphStore
from .validation import MAX_LABEL_CHARS

__all__ = ["FORMAT", "VERSION", "export_namespaces", "import_namespaces", "read_export"]

logger = logging.getLogger(__name__)

FORMAT = "recall-memory-export"
VERSION = 1

# ------------------------------------------------------------------------------------ schema
_Check = Callable[[Any], bool]
_INT64 = range(-(2**63), 2**63)  # what a store can hold (SQLite and Neo4j integers)


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v in _INT64


def _utf8(v: str) -> bool:
    """Whether ``v`` can be stored as UTF-8 text (JSON's ``"\\ud800"`` gives a lone surrogate)
    that the API accepts: no NUL (``add`` refuses it; an imported one made a namespace that no
    call could read or clear)."""
    if "\x00" in v:
        return False
    try:
        v.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _opt(check: _Check) -> _Check:
    return lambda v: v is None or check(v)


def _str(v: Any) -> bool:
    return isinstance(v, str) and _utf8(v)


def _label(v: Any) -> bool:  # a speaker or a source, as ``add`` takes them
    return _str(v) and len(v) <= MAX_LABEL_CHARS


def _time(v: Any) -> bool:
    return isinstance(v, datetime)


def _strs(v: Any) -> bool:
    return isinstance(v, list) and all(_str(x) for x in v)


def _ints(v: Any) -> bool:
    return isinstance(v, list) and all(_int(x) for x in v)


def _object(v: Any) -> bool:
    if not isinstance(v, dict):
        return False
    try:  # every string in it, keys included, storable as UTF-8
        json.dumps(v, ensure_ascii=False).encode("utf-8")
    except (UnicodeEncodeError, ValueError, RecursionError):
        return False
    return True


def _term_counts(v: Any) -> bool:
    return isinstance(v, dict) and all(_str(k) and _int(x) and x > 0 for k, x in v.items())


def _str_map(v: Any) -> bool:
    return isinstance(v, dict) and all(_str(k) and _str(x) for k, x in v.items())


FIELDS: dict[str, dict[str, _Check]] = {
    "namespace": {
        "step": _int,
        "n_statements": _int,
        "total_length": _int,
        "relation_seq": _int,
    },
    "statement": {
        "id": _int,
        "text": _str,
        "t_index": _int,
        "at": _time,
        "speaker": _opt(_label),
        "source": _opt(_label),
        "length": _int,
        "metadata": _object,
        "superseded_by": _opt(_int),
        "terms": _term_counts,
    },
    "concept": {
        "name": _str,
        "t_index": _int,
        "revision_count": _int,
        "mentions": _int,
        "aliases": _strs,
    },
    "context": {"concept": _str, "statements": _ints},
    "link": {"source": _str, "target": _str, "strength": _int, "t_index": _int},
    "entity": {
        "id": _str,
        "name": _str,
        "type": _str,
        "aliases": _strs,
        "first_step": _int,
        "last_step": _int,
    },
    "relation": {
        "id": _str,
        "subject_id": _str,
        "type": _str,
        "object_id": _opt(_str),
        "attributes": _str_map,
        "valid_from_step": _int,
        "valid_from": _time,
        "recorded_at": _time,
        "valid_to_step": _opt(_int),
        "valid_to": _opt(_time),
        "expired_at": _opt(_time),
        "superseded_by": _opt(_str),
        "statement_id": _opt(_int),
        "confirmations": _int,
        "seq": _int,
    },
    "support": {"relation": _str, "statement": _int},  # the statement repeats the relation
}
"""Every record kind and its fields (all required), with their checks."""

_TIMES = {"at", "valid_from", "recorded_at", "valid_to", "expired_at"}
# what must be unique within a namespace, per kind
_KEYS: dict[str, Callable[[Mapping[str, Any]], object]] = {
    "statement": lambda r: r["id"],
    "concept": lambda r: r["name"],
    "context": lambda r: r["concept"],
    "link": lambda r: (r["source"], r["target"]),
    "entity": lambda r: r["id"],
    "relation": lambda r: r["id"],
    "support": lambda r: (r["relation"], r["statement"]),
}


def _encode(record: Mapping[str, Any]) -> str:
    def value(v: Any) -> Any:
        if isinstance(v, datetime):  # (in the offset its statement was given in)
            return (v if v.utcoffset() is not None else v.astimezone(timezone.utc)).isoformat()
        return v

    return json.dumps({k: value(v) for k, v in record.items()}, ensure_ascii=False)


# ------------------------------------------------------------------------------------ export
@contextmanager
def _writer(target: str | Path | IO[str]) -> Iterator[IO[str]]:
    """A text stream to write to. A new path or a regular file gets a temporary file renamed over
    it at the end (through a symlink: over its target, the link stays); an existing FIFO, device
    or socket is opened and written as is, never replaced."""
    if not isinstance(target, (str, Path)):
        yield target
        return
    path = Path(target).expanduser()
    try:
        special = not stat.S_ISREG(path.stat().st_mode)  # follows symlinks
    except FileNotFoundError:  # a new path, or a link to one
        special = False
    if special:
        with path.open("w", encoding="utf-8", newline="\n") as stream:
            yield stream
        return
    path = Path(os.path.realpath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
            yield stream
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def export_namespaces(
    store: GraphStore,
    namespaces: list[str],
    target: str | Path | IO[str],
    *,
    progress: bool = False,
) -> int:
    """Write ``namespaces`` of ``store`` to ``target`` (a path or a text stream) as JSON Lines.

    A path is replaced whole at the end (a symlink's target, the link kept); an existing FIFO,
    device or socket is written as is. Returns the number of lines written (header and trailer
    included).
    """
    dumps = [(ns, store.dump_namespace(ns)) for ns in namespaces]
    dumps = [(ns, records) for ns, records in dumps if records]
    total = sum(len(records) for _, records in dumps)
    from .. import __version__

    header = {
        "format": FORMAT,
        "version": VERSION,
        "library": __version__,
        "created_at": datetime.now(timezone.utc).isoformat(),
        "namespaces": [ns for ns, _ in dumps],
        "records": total,
    }
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, desc="exporting", unit="rec")
    try:
        with _writer(target) as out:
            out.write(json.dumps(header, ensure_ascii=False) + "\n")
            for ns, records in dumps:
                for record in records:
                    out.write(_encode({"kind": record["kind"], "namespace": ns, **record}) + "\n")
                    if bar is not None:
                        bar.update(1)
            out.write(json.dumps({"kind": "end", "records": total}) + "\n")
    except OSError as exc:
        raise InputError(f"cannot write the export to {target!r}: {exc}") from exc
    finally:
        if bar is not None:
            bar.close()
    logger.info("exported %d records of %d namespace(s)", total, len(dumps))
    return total + 2


# ------------------------------------------------------------------------------------ import
def _lines(source: str | Path | IO[str]) -> Iterator[str]:
    if isinstance(source, (str, Path)):
        path = Path(source).expanduser()
        try:
            with path.open(encoding="utf-8") as stream:
                yield from stream
        except FileNotFoundError as exc:
            raise InputError(f"no export file at {path}") from exc
        except IsADirectoryError as exc:
            raise InputError(f"{path} is a directory, not an export file") from exc
        except UnicodeDecodeError as exc:
            raise InputError(f"{path} is not UTF-8 text: {exc}") from exc
        except OSError as exc:
            raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    else:
        try:
            yield from source
        except UnicodeDecodeError as exc:
            raise InputError(f"the export is not UTF-8 text: {exc}") from exc


def _record(line_no: int, data: Any) -> dict[str, Any]:
    """One record line checked and decoded (times as datetimes)."""
    where = f"line {line_no}"
    if not isinstance(data, dict):
        raise InputError(f"{where}: a record must be a JSON object")
    kind = data.get("kind")
    fields = FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise InputError(f"{where}: unknown record kind {kind!r}")
    ns = data.get("namespace")
    if not isinstance(ns, str) or not ns or not _utf8(ns):
        raise InputError(
            f"{where}: a {kind} record needs its namespace (a non-empty, valid Unicode string)"
        )
    record: dict[str, Any] = {"kind": kind, "namespace": ns}
    for name, check in fields.items():
        if name not in data:
            raise InputError(f"{where}: {kind} record without {name!r}")
        value = data[name]
        if name in _TIMES and isinstance(value, str):
            try:
                value = datetime.fromisoformat(value)
            except ValueError as exc:
                raise InputError(f"{where}: {name} {value!r} is not an ISO time") from exc
            if value.tzinfo is None:
                raise InputError(f"{where}: {name} {data[name]!r} has no timezone offset")
            try:
                value.astimezone(timezone.utc)  # (kept in its offset: the stores keep it)
            except OverflowError as exc:
                raise InputError(
                    f"{where}: {name} {data[name]!r} is outside the range of UTC datetimes"
                ) from exc
        if not check(value):
            raise InputError(f"{where}: {kind} field {name!r} has an invalid value {value!r}")
        record[name] = value
    unknown = set(data) - set(fields) - {"kind", "namespace"}
    if unknown:
        raise InputError(f"{where}: {kind} record with unknown fields {sorted(unknown)}")
    return record


def read_export(source: str | Path | IO[str]) -> tuple[dict[str, Any], dict[str, list]]:
    """Read and validate a whole export: ``(header, records by namespace)``.

    Raises:
        InputError: not an export of this format, an unknown version, a malformed or truncated
            file.
    """
    header: dict[str, Any] | None = None
    by_ns: dict[str, list[dict[str, Any]]] = {}
    seen: dict[tuple[str, str], set[object]] = {}
    ended: int | None = None
    count = 0
    for line_no, line in enumerate(_lines(source), start=1):
        if not line.strip():
            continue
        if ended is not None:
            raise InputError(f"line {line_no}: data after the end of the export")
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"line {line_no} is not valid JSON: {exc.msg}") from exc
        except RecursionError as exc:
            raise InputError(f"line {line_no} is JSON nested too deeply to read") from exc
        except ValueError as exc:  # e.g. a number of more than 4300 digits
            raise InputError(f"line {line_no} cannot be read: {exc}") from exc
        if header is None:
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise InputError(
                    f'not a {FORMAT} file (its first line has no "format": {FORMAT!r})'
                )
            if not (_int(data.get("version")) and data.get("version") == VERSION):  # (not true, 1.0)
                raise InputError(
                    f"unknown {FORMAT} version {data.get('version')!r}: this library reads "
                    f"version {VERSION}; upgrade recall-memory-plugins"
                )
            header = data
            continue
        if isinstance(data, dict) and data.get("kind") == "end":
            ended = data.get("records") if _int(data.get("records")) else -1
            continue
        record = _record(line_no, data)
        ns = record["namespace"]
        kind = record["kind"]
        records = by_ns.setdefault(ns, [])
        if kind == "namespace":
            if records:
                raise InputError(f"line {line_no}: namespace {ns!r} opens twice or too late")
        elif not records:
            raise InputError(f"line {line_no}: a {kind} record before its namespace record")
        else:
            keys = seen.setdefault((ns, kind), set())
            key = _KEYS[kind](record)
            if key in keys:
                raise InputError(f"line {line_no}: {kind} {key!r} repeated in namespace {ns!r}")
            keys.add(key)
        records.append(record)
        count += 1
    if header is None:
        raise InputError("the export is empty (no header line)")
    if ended is None:
        raise InputError("the export is truncated: its end line is missing")
    if ended != count:
        raise InputError(f"the export's end line counts {ended} records, the file holds {count}")
    for ns, records in by_ns.items():
        _check_references(ns, records)
    return header, by_ns


_ROOM = 2**62  # a counter must leave room to grow: the next add adds to it (64-bit integers)


def _check_references(ns: str, records: list[dict[str, Any]]) -> None:
    """Every context and link names a concept of its namespace (the stores disagreed on the
    rest: SQLite kept a dangling link, Neo4j dropped it), and the counters leave room to grow."""
    concepts = {r["name"] for r in records if r["kind"] == "concept"}
    for r in records:
        named = [r["concept"]] if r["kind"] == "context" else [r["source"], r["target"]] if r["kind"] == "link" else []
        missing = [c for c in named if c not in concepts]
        if missing:
            raise InputError(f"namespace {ns!r}: a {r['kind']} names concept {missing[0]!r}, which has no record")
        big = [f for f in ("step", "n_statements", "total_length", "relation_seq", "id", "t_index")
               if r["kind"] in ("namespace", "statement") and isinstance(r.get(f), int) and r[f] >= _ROOM]
        if big:
            raise InputError(f"namespace {ns!r}: {r['kind']} {big[0]} {r[big[0]]} leaves no room to add (at most {_ROOM - 1})")
    _check_clock(ns, records)
    _check_support(ns, records)


def _check_support(ns: str, records: list[dict[str, Any]]) -> None:
    """Every support names a relation and a statement of its namespace's records."""
    relations = {r["id"] for r in records if r["kind"] == "relation"}
    statements = {r["id"] for r in records if r["kind"] == "statement"}
    for r in records:
        if r["kind"] == "support" and (r["relation"] not in relations or r["statement"] not in statements):
            what = f"relation {r['relation']!r}" if r["relation"] not in relations else f"statement {r['statement']}"
            raise InputError(f"namespace {ns!r}: a support names {what}, which has no record")


def _check_clock(ns: str, records: list[dict[str, Any]]) -> None:
    """The namespace's clock is at or after every step of its records (else the next add
    would reuse a step), its relation counter at or after every relation's; a relation ends no
    earlier than it begins (in steps and in time; ended by step, it has an end in time),
    relations name entities of the file, nothing supersedes itself."""
    head = next((r for r in records if r["kind"] == "namespace"), None)
    if head is None:
        return
    steps = {"statement": ("t_index",), "concept": ("t_index",), "link": ("t_index",),
             "entity": ("first_step", "last_step"), "relation": ("valid_from_step", "valid_to_step")}
    entities = {r["id"] for r in records if r["kind"] == "entity"}
    for r in records:
        late = [f for f in steps.get(r["kind"], ()) if isinstance(r.get(f), int) and r[f] > head["step"]]
        if late:
            raise InputError(f"namespace {ns!r}: a {r['kind']}'s {late[0]} {r[late[0]]} is after the namespace's step {head['step']}")
        if r["kind"] == "statement" and r["superseded_by"] == r["id"]:
            raise InputError(f"namespace {ns!r}: statement {r['id']} is superseded by itself")
        if r["kind"] != "relation":
            continue
        if r["seq"] > head["relation_seq"]:
            raise InputError(f"namespace {ns!r}: relation {r['id']!r} is numbered {r['seq']}, after the namespace's counter {head['relation_seq']}")
        if r["valid_to_step"] is not None and r["valid_to_step"] < r["valid_from_step"]:
            raise InputError(f"namespace {ns!r}: relation {r['id']!r} ends at step {r['valid_to_step']}, before it begins ({r['valid_from_step']})")
        if r["valid_to_step"] is not None and r["valid_to"] is None:
            raise InputError(f"namespace {ns!r}: relation {r['id']!r} ends at step {r['valid_to_step']} but has no valid_to (when it ended)")
        if r["valid_to"] is not None and r["valid_to"] < r["valid_from"]:
            raise InputError(f"namespace {ns!r}: relation {r['id']!r} ends at {r['valid_to'].isoformat()}, before it begins ({r['valid_from'].isoformat()})")
        unknown = [e for e in (r["subject_id"], r["object_id"]) if e is not None and e not in entities]
        if unknown or r["superseded_by"] == r["id"]:
            what = f"names entity {unknown[0]!r}, which has no record" if unknown else "is superseded by itself"
            raise InputError(f"namespace {ns!r}: relation {r['id']!r} {what}")


def import_namespaces(
    store: GraphStore,
    source: str | Path | IO[str],
    *,
    namespace: str | None = None,
    progress: bool = False,
) -> int:
    """Load an export into ``store``; returns the number of records written.

    ``namespace`` renames the file's only namespace. Every target namespace must hold nothing.
    If a later namespace fails to load, the ones this import wrote are forgotten again.
    """
    _, by_ns = read_export(source)
    if namespace is not None:
        if len(by_ns) > 1:
            raise InputError(
                f"the export holds {len(by_ns)} namespaces ({', '.join(sorted(by_ns))}); "
                "import it without a target namespace"
            )
        by_ns = {namespace: next(iter(by_ns.values()))} if by_ns else {}
    for ns in by_ns:
        if store.current_step(ns) or store.find_statement_page(
            ns, limit=1, include_superseded=True
        ):
            raise InputError(
                f"namespace {ns!r} already holds data: forget it first, or import into another "
                "namespace (nothing was imported)"
            )
    total = sum(len(records) for records in by_ns.values())
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, desc="importing", unit="rec")
    done: list[str] = []
    written = 0
    try:
        for ns, records in by_ns.items():
            written += store.load_namespace(
                ns, records, progress=None if bar is None else bar.update
            )
            done.append(ns)
    except BaseException:
        for ns in done:  # all or nothing across namespaces too
            store.clear(ns)
        raise
    finally:
        if bar is not None:
            bar.close()
    logger.info("imported %d records into %d namespace(s)", written, len(done))
    return written
