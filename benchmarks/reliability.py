"""Reliability: hostile input, kill -9 and several writers never crash, corrupt, lose or resurrect.

    python -m benchmarks.reliability [--smoke] [--out DIR] [--store sqlite|neo4j]
        [--calls 10000] [--kills 60] [--rounds 5] [--writer-count 38] [--forget-trials 50]
        [--shared-items 3000]

Four parts, each with a fixed seed (``--seed``):

1. **Fuzz**: ``--calls`` calls drawn at random over the public API of ``TemporalGraphMemory``
   (add, add_many, recall, statements, get, get_all, find_by_source, history, relations,
   timeline, entities, get_entity, update_statement, delete_statement, delete_entity, export,
   import_, stats, namespaces, forget, to_networkx) with hostile values: lone surrogates, NUL,
   empty and white-space strings, ~1 MB strings now and then, wrong types for every argument,
   NaN/inf/huge/negative/bool/str numbers, ``datetime.max``/``min`` with offsets, naive
   datetimes, bad ``add_many`` items and unknown keys. Each call ends ok, with a library error
   (a ``RecallError``) or with any other exception (a bug). After each call a fingerprint of
   the store is taken (its counts of every kind, each namespace's step and generation); a call
   that raised and changed it wrote data (a bug, unless ``add_many`` reported what it stored in
   ``exc.stored``), and so did a read that changed it.
2. **Kill -9**: ``--kills`` writer processes (``python -m tests.integration._writer ... crash``)
   each SIGKILLed after its first commit plus a random delay; then the file's integrity check,
   every logged-committed step stored whole, nothing half-written, steps contiguous.
3. **Multi-writer**: ``--rounds`` of 2 processes x 2 engines x 4 threads
   (``_writer ... relations``, ``--writer-count`` adds per thread) on one file/database: lost
   statements, failures the writers reported, people with two current employers; and a forget
   probe (``--forget-trials``): one engine forgets while another holds caches, then writes.
4. **Shared engine**: one engine, three threads: ``add_many`` of ``--shared-items`` texts,
   ``add()`` in a loop and ``recall()`` in a loop until the ingest ends: hung threads,
   exceptions, lost statements and the worst waits of an add and a recall.

The value generators follow ``tests/contract/test_public_api_fuzz.py`` (which runs the same kind
of fuzz under hypothesis in the suite); here they are plain ``random`` so the run is one fixed,
countable sequence of calls.
"""

from __future__ import annotations

import io
import json
import math
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import _common as C

ROOT = C.REPO_ROOT

# ----------------------------------------------------------------------------------- values
NASTY_STRINGS = ("caf\udce9", "\ud800", "a\x00b", "", "   ", "\n\t ", "\u200b", "\ufeffAlice",
                 "x" * 300, "🙂" * 50, "\u202eevil", "e\u0301" * 20, "Alice\x07met Bob.")
SENTENCES = ("Alice met Bob in Paris.", "Alice works at Acme.", "Bob moved to Berlin.",
             "Carol joined Globex as an engineer.", "She manages Project Falcon.",
             "I love green tea.", "Dave left Initech last week.", "张三正在负责星火计划",
             "李雷搬到了上海。", "Erin visited Oslo with Frank.", "What does Alice do?",
             "Grace and Heidi both work at Umbrella now.")
BIG_WORDS = "the market river Alice Moreau visited Orion Labs in Berlin and wrote a report".split()
AWARE_OFFSETS = (timedelta(0), timedelta(hours=-5), timedelta(hours=5), timedelta(hours=14),
                 timedelta(hours=-12, minutes=-30))


class Values:
    """Hostile values of each kind a public argument takes, from one seeded ``random.Random``."""

    def __init__(self, rng: random.Random, namespaces: Sequence[str], workdir: Path) -> None:
        self.rng = rng
        self.namespaces = list(namespaces)
        self.workdir = workdir
        self.ids: list[int] = []  # statement ids returned by successful writes
        self.sources: list[str] = ["src-1"]
        self.entities: list[str] = ["Alice", "Bob", "张三", "Acme"]
        self.exported = ""  # text of the last successful export to a stream

    def pick(self, *options: Callable[[], Any], weights: Sequence[float] | None = None) -> Any:
        return self.rng.choices(options, weights=weights)[0]()

    # ------------------------------------------------------------------ scalars
    def wrong_type(self) -> Any:
        r = self.rng
        return r.choice([None, 0, 5, -1, 3.5, math.nan, True, b"bytes", bytearray(b"x"), [1],
                         ["Alice met Bob."], {"a": 1}, {"x"}, (1, 2), object(), Decimal("1.5"),
                         Path("x"), date(2024, 1, 1), 10**30, complex(1, 2)])

    def unicode_noise(self) -> str:
        r = self.rng
        ranges = [(0x20, 0x7E), (0x0, 0x1F), (0xA0, 0x24F), (0x4E00, 0x9FFF), (0xD800, 0xDFFF),
                  (0x1F300, 0x1FAFF), (0x300, 0x36F), (0x590, 0x6FF), (0xFFF0, 0xFFFF)]
        out = []
        for _ in range(r.randint(0, 60)):
            lo, hi = r.choice(ranges)
            out.append(chr(r.randint(lo, hi)))
        return "".join(out)

    def big(self) -> str:
        r = self.rng
        if r.random() < 0.7:  # over the 1,000,000-character limit: refused before any work
            return "a" * r.choice([1_000_001, 1_200_000])
        words = [r.choice(BIG_WORDS) for _ in range(r.choice([20_000, 150_000]))]
        return " ".join(words)[: 1_000_000]

    def string(self) -> str:
        r = self.rng
        x = r.random()
        if x < 0.45:
            return r.choice(SENTENCES)
        if x < 0.7:
            return r.choice(NASTY_STRINGS)
        if x < 0.9:
            return self.unicode_noise()
        if x < 0.999:
            return " ".join(r.choice(SENTENCES) for _ in range(r.randint(5, 200)))
        return self.big()

    def text(self) -> Any:
        return self.string() if self.rng.random() < 0.8 else self.wrong_type()

    def label(self) -> Any:
        r = self.rng
        x = r.random()
        if x < 0.4:
            return None
        if x < 0.6:
            return r.choice(["Alice", "user", "assistant", "src-1", "张三"])
        if x < 0.75:
            return r.choice(NASTY_STRINGS)
        if x < 0.8:
            return "s" * r.choice([1000, 1001, 5000])
        return self.wrong_type()

    def namespace(self) -> Any:
        r = self.rng
        x = r.random()
        if x < 0.5:
            return None  # the memory's default
        if x < 0.8:
            return r.choice(self.namespaces)
        return r.choice(["", "   ", "caf\udce9", "a\x00b", "n" * 257, 7, b"ns", ["a"], 1.5])

    def time(self) -> Any:
        r = self.rng
        x = r.random()
        if x < 0.35:
            return None
        if x < 0.55:
            naive = datetime(r.randint(1, 9999), r.randint(1, 12), r.randint(1, 28),
                             r.randint(0, 23), r.randint(0, 59))
            return naive.replace(tzinfo=timezone(r.choice(AWARE_OFFSETS)))
        if x < 0.65:
            return datetime(2024, r.randint(1, 12), 1)  # naive
        if x < 0.85:
            return r.choice([
                datetime.max.replace(tzinfo=timezone(timedelta(hours=-5))),
                datetime.min.replace(tzinfo=timezone(timedelta(hours=5))),
                datetime.max.replace(tzinfo=timezone.utc),
                datetime.min.replace(tzinfo=timezone.utc),
                datetime.max.replace(tzinfo=timezone(timedelta(hours=23, minutes=59))),
                datetime.min.replace(tzinfo=timezone(timedelta(hours=-23, minutes=-59))),
            ])
        return r.choice(["2024-01-01", "yesterday", 0, 1.7e9, date(2024, 1, 1), math.nan,
                         b"2024", True])

    def number(self) -> Any:
        r = self.rng
        x = r.random()
        if x < 0.3:
            return r.randint(0, 2000)
        if x < 0.4:
            return r.randint(-(2**70), 2**70)
        return r.choice([None, 0, 1, -1, -(10**20), 10**20, 2**63, 2**64, 10**100, math.nan,
                         math.inf, -math.inf, 1.5, 500.0, 1e300, -0.0, True, False, "abc",
                         "500", "", Decimal("NaN"), Decimal("250"), Fraction(1, 2), [500],
                         complex(500, 0), _np_value(r)])

    def as_of(self) -> Any:
        return self.time() if self.rng.random() < 0.5 else self.number()

    def statement_id(self) -> Any:
        r = self.rng
        if self.ids and r.random() < 0.6:
            return r.choice(self.ids)
        return self.number()

    def metadata(self) -> Any:
        r = self.rng
        deep: Any = {}
        cur = deep
        for _ in range(3000):
            cur["k"] = {}
            cur = cur["k"]
        return r.choice([None, None, {"k": "v", "n": [1, 2.5, None, True]}, {"k": math.nan},
                         {1: "x"}, {"k": object()}, ["k"], "k=v", {"k": "caf\udce9"},
                         {"k": "v" * 70_000}, {"k": (1, 2)}, {"k": b"x"}, deep, {"k\x00": 1},
                         {"k": {"nested": {"x": [1, {"y": "z"}]}}}])

    def entity(self) -> Any:
        if self.rng.random() < 0.5:
            return self.rng.choice(self.entities)
        return self.label()

    def item(self) -> Any:
        r = self.rng
        x = r.random()
        if x < 0.4:
            return self.string()
        if x < 0.75:
            item: dict[Any, Any] = {"text": self.text()}
            for key, make in (("speaker", self.label), ("source", self.label), ("at", self.time),
                              ("metadata", self.metadata)):
                if r.random() < 0.3:
                    item[key] = make()
            if r.random() < 0.05:
                item[r.choice(["txt", "Text", "extra", 5])] = "x"
            return item
        if x < 0.85:
            return r.choice([{}, {"txt": "Alice"}, {"speaker": "x"}, {"text": None}])
        return self.wrong_type()

    def items(self) -> Any:
        r = self.rng
        x = r.random()
        if x < 0.75:
            items = [self.item() for _ in range(r.randint(0, 6))]
            if r.random() < 0.5:  # mostly valid batches, so some of them are stored
                items = [r.choice(SENTENCES) for _ in range(r.randint(1, 4))] + items[:1]
            if r.random() < 0.1:
                return (i for i in items)
            if r.random() < 0.05:
                return tuple(items)
            return items
        return r.choice([None, "abc", 5, {"text": "a dict"}, b"bytes", {"a", "b"}, 3.5,
                         [[["nested"]]]])

    def where(self) -> Any:
        r = self.rng
        return r.choice([None, None, {}, {"speaker": "Alice"}, {"speaker": 5},
                         {"source": ["src-1", "src-2"]}, {"since": self.time()},
                         {"until": self.time()}, {"since_step": self.number()},
                         {"until_step": self.number()}, {"bogus": 1}, {5: 1}, "speaker=Alice",
                         5, [("speaker", "x")]])

    def export_target(self) -> Any:
        r = self.rng
        return r.choice([io.StringIO(), io.StringIO(), self.workdir / f"e{r.randint(0, 3)}.jsonl",
                         self.workdir, self.workdir / "missing" / "x.jsonl", str(self.workdir / "a\x00b"),
                         None, 5, b"bytes-path", io.BytesIO()])

    def import_source(self) -> Any:
        r = self.rng
        return r.choice([io.StringIO(self.exported), io.StringIO(self.exported),
                         io.StringIO("garbage\n"), io.StringIO(""),
                         io.StringIO('{"format": "recall-memory", "version": 99}\n'),
                         io.StringIO(self.exported[: len(self.exported) // 2]),
                         self.workdir / "nope.jsonl", self.workdir, None, 5, io.BytesIO(b"x")])


def _np_value(r: random.Random) -> Any:
    try:
        import numpy as np
    except ImportError:
        return 7
    return r.choice([np.int64(300), np.float64("nan"), np.int32(-3), np.float32(250.0)])


# ----------------------------------------------------------------------------------- calls
def call_for(method: str, v: Values) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """``(method, args, kwargs)`` of one hostile call."""
    r = v.rng
    kw: dict[str, Any] = {}

    def opt(key: str, make: Callable[[], Any], p: float = 0.5) -> None:
        if r.random() < p:
            kw[key] = make()

    if method == "add":
        opt("namespace", v.namespace)
        opt("at", v.time)
        opt("speaker", v.label, 0.4)
        opt("source", v.label, 0.4)
        opt("metadata", v.metadata, 0.2)
        return method, (v.text(),), kw
    if method == "add_many":
        opt("namespace", v.namespace)
        opt("at", v.time, 0.3)
        opt("speaker", v.label, 0.3)
        opt("batch_size", v.number, 0.15)
        return method, (v.items(),), kw
    if method == "recall":
        opt("namespace", v.namespace)
        opt("token_budget", v.number)
        opt("strategy", lambda: r.choice([None, "fused", "seed", "bogus", 5, ["fused"], ""]), 0.3)
        opt("order", lambda: r.choice([None, "chronological", "rank", "x", 0]), 0.3)
        opt("as_of", v.as_of, 0.2)
        opt("where", v.where, 0.2)
        return method, (v.text(),), kw
    if method == "statements":
        opt("namespace", v.namespace)
        opt("limit", v.number, 0.7)
        return method, (), kw
    if method in ("get", "history", "delete_statement"):
        opt("namespace", v.namespace, 0.3)
        if method == "delete_statement":
            opt("cascade_relations", lambda: r.choice([True, False, None, "yes"]), 0.3)
        return method, (v.statement_id(),), kw
    if method == "get_all":
        opt("namespace", v.namespace)
        opt("offset", v.number, 0.4)
        opt("limit", v.number, 0.5)
        opt("source", v.label, 0.2)
        opt("speaker", v.label, 0.2)
        opt("include_superseded", lambda: r.choice([True, False, None, "x", 2]), 0.3)
        opt("newest_first", lambda: r.choice([True, False, None, [], 0.5]), 0.3)
        return method, (), kw
    if method == "find_by_source":
        opt("namespace", v.namespace, 0.3)
        src = r.choice(v.sources) if r.random() < 0.5 else v.label()
        return method, (src,), kw
    if method == "relations":
        opt("namespace", v.namespace)
        opt("type", lambda: r.choice(["WORKS_FOR", "LIVES_IN", "bogus", "", "caf\udce9", 5, None]),
            0.3)
        opt("as_of", v.as_of, 0.4)
        opt("include_ended", lambda: r.choice([True, False, "x", None]), 0.3)
        return method, ((v.entity(),) if r.random() < 0.6 else ()), kw
    if method in ("timeline", "get_entity", "delete_entity"):
        opt("namespace", v.namespace, 0.3)
        return method, (v.entity(),), kw
    if method == "entities":
        opt("namespace", v.namespace)
        return method, ((v.entity(),) if r.random() < 0.5 else ()), kw
    if method == "update_statement":
        opt("namespace", v.namespace, 0.3)
        opt("at", v.time, 0.3)
        opt("metadata", v.metadata, 0.2)
        opt("speaker", v.label, 0.2)
        opt("source", v.label, 0.2)
        return method, (v.statement_id(), v.text()), kw
    if method == "export":
        opt("namespace", v.namespace, 0.4)
        opt("all_namespaces", lambda: r.choice([True, False, "x"]), 0.2)
        return method, (v.export_target(),), kw
    if method == "import_":
        if r.random() < 0.7:
            kw["namespace"] = r.choice([f"{v.namespaces[0]}-imp-{r.randint(0, 10**9)}",
                                        v.namespaces[0], "", 5, "caf\udce9", None])
        return method, (v.import_source(),), kw
    if method in ("stats", "forget"):
        return method, ((v.namespace(),) if r.random() < 0.7 else ()), kw
    if method == "namespaces":
        return method, (), kw
    if method == "to_networkx":
        kw["kind"] = r.choice(["concepts", "entities", "bogus", 5])
        return method, ((v.namespace(),) if r.random() < 0.5 else ()), kw
    raise ValueError(method)


METHODS = {  # relative frequency of each public method in the fuzz
    "add": 20, "add_many": 10, "recall": 15, "statements": 4, "get": 4, "get_all": 5,
    "find_by_source": 2, "history": 3, "relations": 5, "timeline": 3, "entities": 3,
    "get_entity": 2, "update_statement": 6, "delete_statement": 3, "delete_entity": 2,
    "export": 2, "import_": 2, "stats": 2, "namespaces": 1, "forget": 0.3, "to_networkx": 1,
}


READS = frozenset({"recall", "statements", "get", "get_all", "find_by_source", "history",
                   "relations", "timeline", "entities", "get_entity", "export", "stats",
                   "namespaces", "to_networkx"})


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    if len(text) > limit:
        text = f"{text[: limit - 20]}...<{len(text):,} chars>"
    return text


def describe(method: str, args: tuple[Any, ...], kw: dict[str, Any]) -> str:
    parts = [_short(a) for a in args] + [f"{k}={_short(x)}" for k, x in kw.items()]
    return f"{method}({', '.join(parts)})"


def fingerprint(store: Any, namespaces: Sequence[str]) -> tuple[Any, ...]:
    """Cheap state of the store: its counts of every kind (all namespaces) and each watched
    namespace's step and generation (an add, an update or an import moves the step, a forget
    the generation, a delete the counts)."""
    s = store.stats(None)
    counts = (s.steps, s.statements, s.concepts, s.links, s.entities, s.relations,
              s.current_relations)
    return (counts, *(tuple(store.current_state(ns)) for ns in namespaces))


def fuzz(store_kind: str, calls: int, seed: int, workdir: Path) -> dict[str, Any]:
    from recall_memory_plugins import TemporalGraphMemory
    from recall_memory_plugins.errors import RecallError

    run = uuid.uuid4().hex[:6]
    prefix = f"relfuzz-{run}"
    namespaces = [f"{prefix}-a", f"{prefix}-b", f"{prefix} spaced ", f"{prefix}-名字",
                  prefix + "x" * (256 - len(prefix))]
    store = C.make_store(store_kind, workdir / "fuzz.db")
    memory = TemporalGraphMemory(store, annotator="offline", namespace=namespaces[0])
    rng = random.Random(seed)
    values = Values(rng, namespaces, workdir)
    outcomes: Counter[str] = Counter()
    library: Counter[str] = Counter()
    by_method: dict[str, Counter[str]] = {m: Counter() for m in METHODS}
    bugs: dict[str, dict[str, Any]] = {}
    wrote: list[dict[str, Any]] = []
    reported_partial = 0
    count_mismatch: list[str] = []
    imported: list[str] = []
    state: tuple[Any, ...] | None = None  # the fingerprint after the previous call
    reads_that_wrote: list[str] = []
    names, weights = list(METHODS), list(METHODS.values())
    t0 = time.perf_counter()
    try:
        for i in range(calls):
            method = rng.choices(names, weights=weights)[0]
            method, args, kw = call_for(method, values)
            if method == "import_" and isinstance(kw.get("namespace"), str):
                imported.append(kw["namespace"])
            watched = list(dict.fromkeys(namespaces + [n for n in imported if n.startswith(prefix)]))
            if state is None or len(state) != len(watched) + 1:
                state = fingerprint(store, watched)
            before = state
            try:
                result = getattr(memory, method)(*args, **kw)
            except RecallError as exc:
                outcomes["library_error"] += 1
                library[type(exc).__name__] += 1
                by_method[method]["library_error"] += 1
                after = state = fingerprint(store, watched)
                if after != before:
                    if exc.stored:
                        reported_partial += 1
                    else:
                        wrote.append({"call": describe(method, args, kw),
                                      "error": f"{type(exc).__name__}: {exc}"[:300]})
            except Exception as exc:  # a bug: anything else escaping the public API
                outcomes["other_exception"] += 1
                by_method[method]["other_exception"] += 1
                key = f"{method}: {type(exc).__name__}"
                entry = bugs.setdefault(key, {"count": 0, "example": describe(method, args, kw),
                                              "error": f"{type(exc).__name__}: {exc}"[:300],
                                              "where": traceback.format_exc(limit=-3)[-1500:]})
                entry["count"] += 1
                state = fingerprint(store, watched)
                if state != before:
                    wrote.append({"call": describe(method, args, kw),
                                  "error": f"{type(exc).__name__}: {exc}"[:300]})
            else:
                outcomes["ok"] += 1
                by_method[method]["ok"] += 1
                _learn(values, method, args, kw, result, memory)
                state = fingerprint(store, watched)
                if method in READS and state != before:
                    reads_that_wrote.append(describe(method, args, kw))
                if method in ("add", "add_many"):
                    ids = ([result] if method == "add" else result)
                    added = sum(len(r.statement_ids) for r in ids)
                    if state[0][1] - before[0][1] != added:
                        count_mismatch.append(describe(method, args, kw))
            if (i + 1) % 1000 == 0:
                C.log(f"  fuzz {i + 1:>6,} calls: {dict(outcomes)} "
                      f"({time.perf_counter() - t0:.0f} s)")
    finally:
        for ns in set(namespaces + imported):
            try:
                memory.clear(ns)
            except RecallError:
                pass
        memory.close()
        store.close()
    return {"tried": calls, "ok": outcomes["ok"], "library_errors": outcomes["library_error"],
            "non_library_exceptions": outcomes["other_exception"],
            "failed_calls_that_wrote": len(wrote), "failed_calls_partial_reported": reported_partial,
            "add_count_mismatches": len(count_mismatch), "reads_that_wrote": len(reads_that_wrote),
            "reads_that_wrote_examples": reads_that_wrote[:20], "library_error_types": dict(library),
            "by_method": {m: dict(c) for m, c in by_method.items()}, "bugs": bugs,
            "wrote_examples": wrote[:20], "count_mismatch_examples": count_mismatch[:20],
            "seconds": time.perf_counter() - t0}


def _learn(v: Values, method: str, args: tuple[Any, ...], kw: dict[str, Any], result: Any,
           memory: Any) -> None:
    """Feed what a successful call returned back into the values (real ids, sources, exports)."""
    if method == "add":
        v.ids.extend(result.statement_ids)
    elif method in ("add_many", "update_statement"):
        for r in (result if method == "add_many" else [result]):
            v.ids.extend(r.statement_ids)
    elif method == "export" and isinstance(args[0], io.StringIO):
        v.exported = args[0].getvalue()
    elif method == "entities":
        v.entities.extend(e.name for e in result[:3])
        del v.entities[:-50]
    if method in ("add", "update_statement") and isinstance(kw.get("source"), str):
        v.sources.append(kw["source"])
    del v.ids[:-500]


# ----------------------------------------------------------------------------------- processes
def writer(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tests.integration._writer", *args],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


def open_store(spec: str) -> Any:
    sys.path.insert(0, str(ROOT))
    from tests.integration._writer import open_store as opener

    return opener(spec)


def _lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def _norm(text: str) -> str:
    return " ".join(text.split())


LONG_FIRST, LONG_LAST = "Sentence 0 ", "Sentence 59 of a long note about the harbour."


def kill_loop(store_kind: str, kills: int, seed: int, workdir: Path) -> dict[str, Any]:
    spec = str(workdir / "crash.db") if store_kind == "sqlite" else "neo4j"
    ns = f"relkill-{uuid.uuid4().hex[:8]}"
    log = workdir / "committed.jsonl"
    rng = random.Random(seed)
    not_started = 0
    t0 = time.perf_counter()
    for round_ in range(kills):
        before = _lines(log)
        proc = writer(spec, ns, "crash", f"r{round_}", "100000", str(log))
        deadline = time.monotonic() + 120
        while _lines(log) == before and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        if proc.poll() is not None or _lines(log) == before:
            not_started += 1
            err = proc.communicate(timeout=30)[1] if proc.poll() is not None else ""
            C.log(f"  kill round {round_}: the writer did not commit first: {err[-500:]}")
            proc.kill()
            proc.wait(timeout=30)
            continue
        time.sleep(rng.random() * 1.5)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        if (round_ + 1) % 10 == 0:
            C.log(f"  kill -9 {round_ + 1}/{kills} ({time.perf_counter() - t0:.0f} s)")
    corrupt: int | None = None
    if store_kind == "sqlite":
        with sqlite3.connect(spec) as conn:
            corrupt = int(conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok")
    store = open_store(spec)
    try:
        by_step: dict[int, list[Any]] = {}
        for st in store.find_statements(ns):
            by_step.setdefault(st.t_index, []).append(st)
        if store_kind == "neo4j":
            store.clear(ns)
    finally:
        store.close()
    stored = {step: _norm(" ".join(s.text for s in sorted(g, key=lambda s: s.id)))
              for step, g in by_step.items()}
    lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    committed = [json.loads(line) for line in lines]
    lost = sum(1 for e in committed if stored.get(e["step"]) != _norm(e["text"]))
    texts = {_norm(e["text"]) for e in committed}
    logged = {e["step"] for e in committed}
    partial = unlogged = 0
    for step, text in stored.items():
        if step in logged:  # compared with its log line above
            continue
        # committed, then killed before its log line was written: it must still be whole
        whole = text in texts or (text.startswith(LONG_FIRST) and text.endswith(LONG_LAST)) or (
            text.startswith("r") and ("single" in text or "batch item" in text))
        unlogged += int(whole)
        partial += int(not whole)
    steps = sorted(stored)
    gaps = len(set(range(1, (steps[-1] if steps else 0) + 1)) - set(steps))
    return {"kills": kills - not_started, "rounds": kills, "writers_not_started": not_started,
            "committed_steps_logged": len(committed), "stored_steps": len(stored),
            "committed_unlogged_whole": unlogged, "corrupt_files": corrupt,
            "partial_updates": partial, "lost_committed": lost, "step_gaps": gaps,
            "seconds": time.perf_counter() - t0}


def multi_writer(store_kind: str, rounds: int, count: int, workdir: Path) -> dict[str, Any]:
    from recall_memory_plugins import TemporalGraphMemory

    per_round = 2 * 2 * 4 * count
    lost = failures = duplicates = exclusive_violations = gaps = crashed = 0
    examples: list[str] = []
    t0 = time.perf_counter()
    for round_ in range(rounds):
        spec = str(workdir / f"multi-{round_}.db") if store_kind == "sqlite" else "neo4j"
        ns = f"relmw-{uuid.uuid4().hex[:8]}"
        procs = [writer(spec, ns, "relations", f"p{p}", str(count)) for p in range(2)]
        for proc in procs:
            out, err = proc.communicate(timeout=3600)
            if proc.returncode != 0:
                crashed += 1
                examples.append(err[-500:])
                continue
            reported = json.loads(out.strip().splitlines()[-1])["failures"]
            failures += len(reported)
            examples += reported[:3]
        store = open_store(spec)
        try:
            memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
            statements = memory.statements()
            expected = {f"p{p}e{e}t{t}-{i}" for p in range(2) for e in range(2)
                        for t in range(4) for i in range(count)}
            sources = Counter(s.source for s in statements)
            lost += len(expected - set(sources))
            duplicates += sum(n - 1 for n in sources.values() if n > 1)
            steps = sorted(s.t_index for s in statements)
            gaps += len(set(range(1, len(steps) + 1)) - set(steps))
            current = memory.relations(type="WORKS_FOR")
            subjects = Counter(r.subject_id for r in current)
            exclusive_violations += sum(1 for n in subjects.values() if n > 1)
            if store_kind == "neo4j":
                memory.clear(ns)
        finally:
            store.close()
        C.log(f"  multi-writer round {round_ + 1}/{rounds}: lost {lost}, failures {failures}, "
              f"two employers {exclusive_violations} ({time.perf_counter() - t0:.0f} s)")
    return {"rounds": rounds, "adds_per_round": per_round, "adds": rounds * per_round,
            "lost_statements": lost, "write_failures": failures,
            "duplicate_statements": duplicates, "step_gaps": gaps,
            "exclusive_relation_violations": exclusive_violations, "writers_crashed": crashed,
            "examples": examples[:10], "seconds": time.perf_counter() - t0}


def forget_probe(store_kind: str, trials: int, workdir: Path) -> dict[str, Any]:
    """One engine forgets the namespace while another holds caches; the other must not bring
    the forgotten entity or fact back (test_forget_by_one_engine_is_not_undone_by_another)."""
    from recall_memory_plugins import TemporalGraphMemory

    spec = str(workdir / "forget.db") if store_kind == "sqlite" else "neo4j"
    ns = f"relforget-{uuid.uuid4().hex[:8]}"
    store_a, store_b = open_store(spec), open_store(spec)
    a = TemporalGraphMemory(store_a, annotator="offline", namespace=ns)
    b = TemporalGraphMemory(store_b, annotator="offline", namespace=ns)
    entities = facts = 0
    try:
        for _ in range(trials):
            b.add("Zoe Quinn works at Acme.")
            b.add("She manages Project Falcon.")
            a.forget()
            a.add("The weather was mild.")
            a.add("Nothing else happened.")
            b.add("She moved to Berlin.")  # "she" must not resolve to the forgotten Zoe
            entities += int("Zoe Quinn" in {e.name for e in b.entities()})
            facts += int(any("Zoe" in r.subject_name for r in b.relations(include_ended=True))
                         or any("Falcon" in f for f in b.recall("Who manages Project Falcon?").facts))
            a.forget()
    finally:
        store_a.close()
        store_b.close()
    return {"trials": trials, "resurrected_entities": entities, "resurrected_facts": facts}


def shared_engine_probe(store_kind: str, items: int, workdir: Path) -> dict[str, Any]:
    """One engine shared by three threads: add_many of ``items`` texts, add() in a loop and
    recall() in a loop, until the bulk ingest ends. Counts hangs (a thread still running two
    minutes after the ingest should have ended: add_many and add() once took the engine's and
    the store's locks in opposite orders), exceptions, lost statements, and how long an add()
    and a recall() waited at worst while add_many ran."""
    from recall_memory_plugins import TemporalGraphMemory

    spec = str(workdir / "shared.db") if store_kind == "sqlite" else "neo4j"
    ns = f"shared-{uuid.uuid4().hex[:8]}"
    store = open_store(spec)
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    rng = random.Random(11)
    people = ("Alice Moreau", "Bob Tanaka", "Carol Novak", "Dave Okafor")
    cities = ("Berlin", "Paris", "Lisbon", "Oslo")
    texts = [f"{rng.choice(people)} moved to {rng.choice(cities)} and met "
             f"{rng.choice(people)} at the market on a quiet morning." for _ in range(items)]
    errors: list[str] = []
    add_waits: list[float] = []
    recall_waits: list[float] = []
    singles = [0]
    done = threading.Event()

    def bulk() -> None:
        try:
            memory.add_many(texts)
        except Exception as exc:
            errors.append(f"add_many: {type(exc).__name__}: {exc}")
        finally:
            done.set()

    def single() -> None:
        while not done.is_set():
            t0 = time.perf_counter()
            try:
                memory.add(f"{rng.choice(people)} said hello number {singles[0]}.")
                singles[0] += 1
            except Exception as exc:
                errors.append(f"add: {type(exc).__name__}: {exc}")
            add_waits.append(time.perf_counter() - t0)

    def asker() -> None:
        while not done.is_set():
            t0 = time.perf_counter()
            try:
                memory.recall(f"Where does {rng.choice(people)} live?")
            except Exception as exc:
                errors.append(f"recall: {type(exc).__name__}: {exc}")
            recall_waits.append(time.perf_counter() - t0)

    threads = [threading.Thread(target=f, daemon=True) for f in (bulk, single, asker)]
    t_start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=max(120.0, items * 0.1))
    hung = sum(t.is_alive() for t in threads)
    seconds = time.perf_counter() - t_start
    stored = memory.stats(ns).statements if not hung else None
    if not hung:
        memory.forget()
        store.close()
    add_waits.sort()
    recall_waits.sort()
    return {"items": items, "single_adds": singles[0], "recalls": len(recall_waits),
            "hung_threads": hung, "exceptions": len(errors), "examples": errors[:5],
            "lost_statements": None if stored is None else items + singles[0] - stored,
            "add_worst_s": add_waits[-1] if add_waits else None,
            "recall_worst_s": recall_waits[-1] if recall_waits else None,
            "recall_p95_s": C.percentile(recall_waits, 95) if recall_waits else None,
            "seconds": seconds}


# ----------------------------------------------------------------------------------- report
def run(args: Any) -> dict[str, Any]:
    C.quiet_jieba()
    with tempfile.TemporaryDirectory(prefix="recall-reliability-") as tmp:
        work = Path(tmp)
        C.log(f"fuzz: {args.calls:,} calls on {args.store} (seed {args.seed})")
        fz = fuzz(args.store, args.calls, args.seed, work)
        C.log(f"kill -9: {args.kills} rounds")
        kl = kill_loop(args.store, args.kills, args.seed, work)
        C.log(f"multi-writer: {args.rounds} rounds x {2 * 2 * 4 * args.writer_count} adds")
        mw = multi_writer(args.store, args.rounds, args.writer_count, work)
        C.log(f"forget probe: {args.forget_trials} trials")
        fp = forget_probe(args.store, args.forget_trials, work)
        C.log(f"shared engine: add_many of {args.shared_items} texts with add() and recall() "
              "threads")
        se = shared_engine_probe(args.store, args.shared_items, work)
    cmd = " ".join(["python -m benchmarks.reliability", *(args.argv or [])])
    return {"meta": {**C.environment(), "annotator": "offline", "store": args.store,
                     "seed": args.seed, "command": cmd, "smoke": args.smoke},
            "fuzz": fz, "kill": kl, "multi_writer": mw, "forget": fp, "shared_engine": se}


def summary_rows(r: dict[str, Any]) -> list[list[Any]]:
    fz, kl, mw, fp = r["fuzz"], r["kill"], r["multi_writer"], r["forget"]
    corrupt = "n/a" if kl["corrupt_files"] is None else kl["corrupt_files"]
    rows: list[list[Any]] = [
        ["fuzz of the public API", f"{fz['tried']:,} calls",
         f"{fz['ok']:,} ok, {fz['library_errors']:,} library errors",
         f"{fz['non_library_exceptions']} non-library exceptions, "
         f"{fz['failed_calls_that_wrote']} failed calls that wrote data"],
        ["kill -9 during add/add_many", f"{kl['kills']} kills",
         f"{kl['committed_steps_logged']:,} committed steps checked",
         f"{corrupt} corrupt files, {kl['partial_updates']} partial updates, "
         f"{kl['lost_committed']} lost committed steps, {kl['step_gaps']} step gaps"],
        ["2 processes x 2 engines x 4 threads", f"{mw['adds']:,} adds ({mw['rounds']} rounds)",
         f"{mw['write_failures']} write failures",
         f"{mw['lost_statements']} lost statements, {mw['duplicate_statements']} duplicates, "
         f"{mw['exclusive_relation_violations']} people with two current employers"],
        ["forget by one engine, other engine writes", f"{fp['trials']} trials", "",
         f"{fp['resurrected_entities']} resurrected entities, "
         f"{fp['resurrected_facts']} resurrected facts"],
    ]
    se = r.get("shared_engine")
    if se:
        rows.append(
            ["one engine: add_many + add() + recall() threads",
             f"{se['items']:,} + {se['single_adds']:,} adds, {se['recalls']:,} recalls",
             f"worst wait: add {_secs(se['add_worst_s'])}, recall {_secs(se['recall_worst_s'])} "
             f"(p95 {_secs(se['recall_p95_s'])})",
             f"{se['hung_threads']} hung threads, {se['exceptions']} exceptions, "
             f"{'?' if se['lost_statements'] is None else se['lost_statements']} lost statements"])
    return rows


def _secs(x: float | None) -> str:
    return "–" if x is None else f"{x:.2f} s"


def render(r: dict[str, Any]) -> str:
    fz, m = r["fuzz"], r["meta"]
    lines = ["# Reliability: hostile input, kill -9, several writers", "", C.env_line(m), "",
             f"Command: `{m['command']}` · store `{m['store']}` · seed {m['seed']}"
             + (" · **smoke run (numbers not meaningful)**" if m["smoke"] else ""), "",
             C.md_table(["part", "tried", "outcome", "failed / lost (target 0)"],
                        summary_rows(r)), "",
             "## Fuzz", "",
             f"{fz['tried']:,} calls in {fz['seconds']:.0f} s. A library error is a "
             "`RecallError` (the caller's input refused, nothing written); anything else is a "
             "bug. 'Wrote data' compares a fingerprint of the store (its counts of every kind, each "
             "namespace's step and generation) before and after each failing call. add_many "
             "failures that reported what they stored (`exc.stored`): "
             f"{fz['failed_calls_partial_reported']}; successful adds whose statement count did "
             f"not match their ids: {fz['add_count_mismatches']}; successful reads that changed "
             f"the store: {fz['reads_that_wrote']}.", "",
             C.md_table(["library error", "calls"],
                        sorted(fz["library_error_types"].items(), key=lambda kv: -kv[1])), "",
             C.md_table(["method", "ok", "library error", "other exception"],
                        [[k, c.get("ok", 0), c.get("library_error", 0),
                          c.get("other_exception", 0)] for k, c in fz["by_method"].items()]), ""]
    if fz["bugs"]:
        lines += ["Non-library exceptions (first example of each):", "",
                  C.md_table(["method: type", "calls", "example", "error"],
                             [[k, b["count"], f"`{b['example']}`", b["error"]]
                              for k, b in fz["bugs"].items()]), ""]
    if fz["wrote_examples"]:
        lines += ["Failed calls that wrote data:", ""]
        lines += [f"- `{w['call']}`: {w['error']}" for w in fz["wrote_examples"]] + [""]
    kl, mw = r["kill"], r["multi_writer"]
    lines += ["## Kill -9", "",
              f"{kl['kills']} writers (`python -m tests.integration._writer STORE NS crash ...`: "
              "single adds, 5-item add_many batches, a 60-sentence text stored as several "
              "statements) each SIGKILLed after its first commit plus 0-1.5 s; "
              f"{kl['committed_steps_logged']:,} steps logged as committed, {kl['stored_steps']:,} "
              f"steps stored ({kl['committed_unlogged_whole']} committed whole but killed before "
              f"their log line). Writers that never committed: {kl['writers_not_started']}. "
              f"{kl['seconds']:.0f} s.", "",
              "## Several writers", "",
              f"{mw['rounds']} rounds of 2 processes x 2 engines x 4 threads "
              f"({mw['adds_per_round']} adds per round, each moving a person to a company, "
              "WORKS_FOR exclusive) on one "
              f"{'file' if m['store'] == 'sqlite' else 'database'}; "
              f"step gaps {mw['step_gaps']}, writers crashed {mw['writers_crashed']}; "
              f"{mw['seconds']:.0f} s.", ""]
    if mw["examples"]:
        lines += ["Reported failures (examples):", ""] + [f"- {e}" for e in mw["examples"]] + [""]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = C.base_parser(__doc__.splitlines()[0])
    parser.add_argument("--store", choices=("sqlite", "neo4j"), default="sqlite")
    parser.add_argument("--calls", type=int, default=None, help="fuzz calls (default 10,000)")
    parser.add_argument("--kills", type=int, default=None, help="kill -9 rounds (default 60)")
    parser.add_argument("--rounds", type=int, default=None, help="multi-writer rounds (default 5)")
    parser.add_argument("--writer-count", type=int, default=None,
                        help="adds per thread of a multi-writer round (default 38: 608 per round)")
    parser.add_argument("--forget-trials", type=int, default=None, help="default 50")
    parser.add_argument("--shared-items", type=int, default=None,
                        help="add_many size of the shared-engine probe (default 3,000)")
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    smoke = args.smoke
    for name, full, small in (("calls", 10_000, 300), ("kills", 60, 3), ("rounds", 5, 1),
                              ("writer_count", 38, 3), ("forget_trials", 50, 3),
                              ("shared_items", 3000, 200)):
        if getattr(args, name) is None:
            setattr(args, name, small if smoke else full)
    if args.store == "neo4j" and args.out == C.DEFAULT_OUT:
        args.out = C.DEFAULT_OUT / "neo4j"
    r = run(args)
    md = render(r)
    C.write_results(args.out, "reliability" if args.store == "sqlite" else "reliability_neo4j",
                    md, r)
    C.log(md)
    fz, kl, mw, fp = r["fuzz"], r["kill"], r["multi_writer"], r["forget"]
    se = r["shared_engine"]
    bad = (fz["non_library_exceptions"] + fz["failed_calls_that_wrote"] + (kl["corrupt_files"] or 0)
           + kl["partial_updates"] + kl["lost_committed"] + kl["step_gaps"]
           + mw["lost_statements"] + mw["write_failures"] + mw["exclusive_relation_violations"]
           + mw["writers_crashed"] + fp["resurrected_entities"] + fp["resurrected_facts"]
           + se["hung_threads"] + se["exceptions"] + (se["lost_statements"] or 0))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
