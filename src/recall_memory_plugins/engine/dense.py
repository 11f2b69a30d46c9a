"""The optional semantic signal of recall: cosine similarity between the question and each
candidate statement, from an :class:`~recall_memory_plugins.embeddings.Embedder`.

Statement vectors are computed when a statement is added (outside the store lock) and kept by the
store as float32 bytes tagged with the embedder's name; a candidate without a stored vector
(added before the embedder was set, or edited) is embedded at recall time and kept in an
in-memory cache. numpy is imported only when an embedder is in use (``dense`` extra).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .._optional import require
from ..errors import ConfigurationError, EmbeddingError, RecallError, StoreError
from ..models import GraphUpdate, Statement, UpdateResult

if TYPE_CHECKING:
    from ..stores.base import GraphStore

__all__ = ["DenseSignal"]

logger = logging.getLogger(__name__)

CACHE_SIZE = 20_000  # vectors of statements without a stored one, kept in memory (~1.5 kB each)
QUESTION_CACHE_SIZE = 256  # question vectors (a question is often asked at several budgets)
# the nearest statements are searched among each namespace's newest this many steps (all
# namespaces' searched vectors together stay under it too: ~77 MB at 384 dimensions)
NEAREST_STEPS = 50_000
# statements without a stored vector (added before the embedder was set) embedded for that search
# per namespace; beyond it they are left out of the search (still scored when found otherwise)
NEAREST_EMBED_LIMIT = 2_000


@dataclass
class _NearestIndex:
    """One namespace's searched statements: ids, steps and unit vectors (rows of ``matrix``)."""

    generation: int  # the namespace's generation (edits, deletes and clears bump it)
    step: int  # the newest step read
    ids: list[int]
    steps: list[int]
    buffer: Any  # rows 0..len(ids) are the vectors; room to grow after them (no copy per add)
    embedded: int = 0  # statements embedded here (no stored vector)

    def append(self, np: Any, rows: Any) -> None:
        """Add ``rows`` after the searched ones, growing the buffer by doubling."""
        size, n = len(self.ids), len(rows)
        if size + n > len(self.buffer):
            grown = np.zeros((max(2 * len(self.buffer), size + n, 64), self.buffer.shape[1]), dtype="float32")
            grown[:size] = self.buffer[:size]
            self.buffer = grown
        self.buffer[size : size + n] = rows


class DenseSignal:
    """Embeds questions and statements and scores statements against a question."""

    def __init__(self, embedder: Any, *, cache_size: int = CACHE_SIZE) -> None:
        for attr in ("name", "dimensions", "embed"):
            if attr not in dir(embedder):  # dir(): a property (a probe) is not called here
                raise ConfigurationError(
                    "embedder must have name, dimensions and embed() (see "
                    f"recall_memory_plugins.embeddings.Embedder); {type(embedder).__name__} "
                    f"lacks {attr}"
                )
        name = embedder.name
        if not isinstance(name, str) or not name.strip():
            raise ConfigurationError(f"embedder.name must be a non-empty string, got {name!r}")
        self.np = require("numpy", extra="dense", purpose="the semantic signal of recall")
        self.embedder = embedder
        self.name = name
        self._dimensions: int | None = None  # read on first use (an embedder may probe it)
        self._cache: OrderedDict[str, Any] = OrderedDict()
        self._questions: OrderedDict[str, Any] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self._nearest: OrderedDict[str, _NearestIndex] = OrderedDict()  # by namespace, LRU
        self._nearest_lock = threading.Lock()

    @property
    def dimensions(self) -> int:
        if self._dimensions is None:
            try:
                dims = self.embedder.dimensions
            except RecallError:
                raise
            except Exception as exc:  # an embedder that probes its model
                raise EmbeddingError(f"embedder {self.name!r} failed: {exc}") from exc
            if isinstance(dims, bool) or not isinstance(dims, int) or dims < 1:
                raise ConfigurationError(f"embedder.dimensions must be an int >= 1, got {dims!r}")
            self._dimensions = dims
        return self._dimensions

    # ------------------------------------------------------------------------------ vectors
    def embed(self, texts: Sequence[str]) -> Any:
        """A float32 matrix, one unit-length row per text.

        Raises:
            EmbeddingError: the embedder failed or returned vectors of the wrong shape.
        """
        np = self.np
        if not texts:
            return np.zeros((0, self.dimensions), dtype="float32")
        return self._checked(lambda: self.embedder.embed(list(texts)), len(texts))

    def embed_question(self, question: str) -> Any:
        """The question's unit vector (``embed_query`` when the embedder has one), cached."""
        with self._lock:
            vec = self._questions.get(question)
        if vec is None:
            query = getattr(self.embedder, "embed_query", None)
            if callable(query):
                vec = self._checked(lambda: [query(question)], 1)[0]
            else:
                vec = self.embed([question])[0]
            with self._lock:
                self._questions[question] = vec
                while len(self._questions) > QUESTION_CACHE_SIZE:
                    self._questions.popitem(last=False)
        return vec

    def _checked(self, call: Callable[[], Any], n: int) -> Any:
        """The embedder's rows as a unit-length float32 matrix of ``n`` rows (or our error)."""
        np = self.np
        try:
            rows = np.asarray(call(), dtype="float32")
        except RecallError:
            raise
        except Exception as exc:  # a third-party model: any failure becomes ours
            raise EmbeddingError(f"embedder {self.name!r} failed on {n} text(s): {exc}") from exc
        if rows.shape != (n, self.dimensions):
            raise EmbeddingError(
                f"embedder {self.name!r} returned shape {rows.shape}, expected "
                f"({n}, {self.dimensions})"
            )
        if not np.isfinite(rows).all():
            raise EmbeddingError(f"embedder {self.name!r} returned a non-finite value")
        norms = np.linalg.norm(rows, axis=1, keepdims=True)
        return rows / np.where(norms > 0, norms, 1.0)

    def encode(self, texts: Sequence[str]) -> list[bytes]:
        """Each text's vector as the bytes a store keeps (little-endian float32)."""
        return [row.astype("<f4").tobytes() for row in self.embed(texts)]

    def encode_updates(self, updates: Sequence[GraphUpdate]) -> list[tuple[bytes, ...]]:
        """The vectors of each update's statements, from one embedder call for all of them."""
        blobs = self.encode([st.text for u in updates for st in u.statements])
        out = []
        pos = 0
        for u in updates:
            out.append(tuple(blobs[pos : pos + len(u.statements)]))
            pos += len(u.statements)
        return out

    def keep(
        self,
        store: GraphStore,
        namespace: str,
        results: Sequence[UpdateResult],
        vectors: Sequence[tuple[bytes, ...]],
    ) -> None:
        """Store the vectors of committed updates. They are an index, not data: when the store
        fails here the statements stay stored and recall embeds them again (logged)."""
        rows = {
            sid: blob
            for result, blobs in zip(results, vectors, strict=True)
            if len(result.statement_ids) == len(blobs)
            for sid, blob in zip(result.statement_ids, blobs, strict=True)
        }
        try:
            store.put_vectors(namespace, self.name, rows)
        except StoreError as exc:
            logger.warning("statement vectors not stored (recall embeds them again): %s", exc)

    def decode(self, blob: bytes) -> Any:
        """A stored vector, or None when it is not one of this space's (wrong length)."""
        if len(blob) != 4 * self.dimensions:
            return None
        return self.np.frombuffer(blob, dtype="<f4")

    def _cached(self, texts: Iterable[str]) -> dict[str, Any]:
        """Each distinct text's vector (embedding only the ones not cached)."""
        out: dict[str, Any] = {}
        missing: list[str] = []
        with self._lock:
            for text in texts:
                if text in out:
                    continue
                vec = self._cache.get(text)
                if vec is None:
                    missing.append(text)
                else:
                    self._cache.move_to_end(text)
                out[text] = vec
        if missing:
            rows = self.embed(missing)
            with self._lock:
                for text, row in zip(missing, rows, strict=True):
                    out[text] = row
                    self._cache[text] = row
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return out

    # ------------------------------------------------------------------------------ scoring
    def similarities(
        self,
        question: str,
        statements: Iterable[Statement],
        stored: Mapping[int, bytes],
    ) -> dict[int, float]:
        """Cosine similarity (clipped at 0) of each statement to the question, by statement id;
        ``stored`` holds the vectors the store has (the others are embedded here)."""
        sts = list(statements)
        if not sts or not question.strip():
            return {}
        q = self.embed_question(question)
        vectors: dict[int, Any] = {}
        for st in sts:
            blob = stored.get(st.id)
            vec = None if blob is None else self.decode(blob)
            if vec is not None:
                vectors[st.id] = vec
        rest = [st for st in sts if st.id not in vectors]
        if rest:
            by_text = self._cached(st.text for st in rest)
            for st in rest:
                vectors[st.id] = by_text[st.text]
        return {sid: max(0.0, float(vec @ q)) for sid, vec in vectors.items()}

    # ------------------------------------------------------------------------------ search
    def nearest(self, store: GraphStore, namespace: str, question: str, k: int) -> list[tuple[int, int]]:
        """The ``k`` current statements of ``namespace`` nearest to ``question`` by cosine, as
        ``(statement id, step)``, best first: the candidates a question that shares no word with
        its answer can only find this way. Searched in memory among the namespace's newest
        :data:`NEAREST_STEPS` steps; each call reads the namespace's state (one read) and first
        reads what was stored since the last one (``find_statements`` after the newest step read,
        and their stored vectors; the others embedded, up to :data:`NEAREST_EMBED_LIMIT` a
        namespace). An edit, a delete or a clear (a new generation) reads the namespace again."""
        np = self.np
        if k <= 0 or not question.strip():
            return []
        generation, newest_step = store.current_state(namespace)
        if newest_step <= 0:
            return []
        with self._nearest_lock:
            index = self._nearest.get(namespace)
            if index is None or index.generation != generation or newest_step < index.step:
                index = _NearestIndex(generation, 0, [], [], np.zeros((0, self.dimensions), dtype="float32"))
            grown = newest_step > index.step
            if grown:
                self._extend(store, namespace, index, newest_step)
            self._nearest[namespace] = index
            self._nearest.move_to_end(namespace)
            # (only a read can grow what is kept: then all namespaces' rows are counted)
            while grown and len(self._nearest) > 1 and sum(len(i.ids) for i in self._nearest.values()) > NEAREST_STEPS:
                self._nearest.popitem(last=False)
            if not index.ids:
                return []
            sims = index.buffer[: len(index.ids)] @ self.embed_question(question)
            top = min(k, len(index.ids))
            best = np.argpartition(-sims, top - 1)[:top] if top < len(index.ids) else np.arange(len(index.ids))
            best = best[np.argsort(-sims[best], kind="stable")]
            return [(index.ids[i], index.steps[i]) for i in best.tolist() if sims[i] > 0]

    def _extend(self, store: GraphStore, namespace: str, index: _NearestIndex, newest_step: int) -> None:
        """Add the current statements of steps after ``index.step`` up to ``newest_step``."""
        np = self.np
        since = max(index.step + 1, newest_step - NEAREST_STEPS + 1)
        found = [
            st for st in store.find_statements(namespace, since_step=since, until_step=newest_step)
            if st.superseded_by is None
        ]
        index.step = newest_step
        if not found:
            return
        stored = store.find_vectors(namespace, self.name, [st.id for st in found])
        vectors: dict[int, Any] = {}
        missing: list[Statement] = []
        for st in found:
            blob = stored.get(st.id)
            vec = None if blob is None else self.decode(blob)
            if vec is None:
                missing.append(st)
            else:
                vectors[st.id] = vec
        room = max(0, NEAREST_EMBED_LIMIT - index.embedded)
        if len(missing) > room:
            logger.info(
                "%d statements of %r have no stored %r vector and are left out of the nearest-"
                "statement search (added before the embedder was set)",
                len(missing) - room, namespace, self.name,
            )
            missing = missing[len(missing) - room :] if room else []  # (the newest kept)
        if missing:
            by_text = self._cached(st.text for st in missing)
            vectors.update((st.id, by_text[st.text]) for st in missing)
            index.embedded += len(missing)
        kept = [st for st in found if st.id in vectors]  # (in the store's order: by step)
        if not kept:
            return
        index.append(np, np.asarray([vectors[st.id] for st in kept], dtype="float32"))
        index.ids += [st.id for st in kept]
        index.steps += [st.t_index for st in kept]
        over = len(index.ids) - NEAREST_STEPS
        if over > 0:  # (several statements a step: the newest NEAREST_STEPS statements)
            size = len(index.ids)
            index.buffer = index.buffer[over:size].copy()
            del index.ids[:over], index.steps[:over]
