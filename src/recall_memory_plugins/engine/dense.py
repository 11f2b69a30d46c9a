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
