"""Token counting for context budgets: tiktoken ``cl100k_base``, offline when possible.

Order of attempts: tiktoken with ``TIKTOKEN_CACHE_DIR`` as the user set it; when unset, the
encoding file that ``llama-index-core`` ships (``llama_index/core/_static/tiktoken_cache``); then
tiktoken's own download. If no encoding can be loaded, an estimate is used (about 4 characters per
token for Latin text, 1 token per CJK character, never under the word count) and one warning is
logged.
"""

from __future__ import annotations

import importlib.util
import logging
import math
import os
import re
import threading
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

__all__ = ["TokenCounter", "estimate_tokens", "get_token_counter"]

logger = logging.getLogger(__name__)

_CJK_RE = re.compile(r"[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]")
_WORD_RE = re.compile(r"\S+")
_lock = threading.Lock()
_cache: dict[str, TokenCounter] = {}
# Counts of short texts are remembered: a recall counts each candidate line, and the same lines
# (a conversation's statements, its day headers) come back recall after recall.
COUNT_CACHE_SIZE = 16384
COUNT_CACHE_MAX_CHARS = 1000


def estimate_tokens(text: str) -> int:
    """A tokenizer-free estimate of the cl100k token count of ``text``."""
    cjk = len(_CJK_RE.findall(text))
    rest = len(text) - cjk
    words = len(_WORD_RE.findall(_CJK_RE.sub(" ", text)))
    return cjk + max(words, math.ceil(rest / 4))


def _llama_index_cache_dir() -> Path | None:
    spec = importlib.util.find_spec("llama_index")
    if spec is None or not spec.submodule_search_locations:
        return None
    for base in spec.submodule_search_locations:
        candidate = Path(base) / "core" / "_static" / "tiktoken_cache"
        if candidate.is_dir() and any(candidate.iterdir()):
            return candidate
    return None


class TokenCounter:
    """Counts tokens with one encoding (or the documented estimate)."""

    def __init__(self, encoding_name: str = "cl100k_base") -> None:
        self.encoding_name = encoding_name
        self._encode: Callable[[str], list[int]] | None = None
        self._count_short: Callable[[str], int] = estimate_tokens
        self._token_bytes: Callable[[], list[bytes]] | None = None
        self._max_token_chars: int | None = None
        self.exact = False
        self._load()

    def _load(self) -> None:
        try:
            import tiktoken
        except ImportError:  # pragma: no cover - tiktoken is a base dependency
            logger.warning("tiktoken is not installed; token counts are estimates")
            return
        user_dir = os.environ.get("TIKTOKEN_CACHE_DIR")
        shipped = _llama_index_cache_dir() if not user_dir else None
        try:
            if shipped is not None:
                # tiktoken reads the cache dir from the environment at load time only; set it for
                # this one call and restore it, under a lock.
                os.environ["TIKTOKEN_CACHE_DIR"] = str(shipped)
                try:
                    enc = tiktoken.get_encoding(self.encoding_name)
                finally:
                    os.environ.pop("TIKTOKEN_CACHE_DIR", None)
            else:
                enc = tiktoken.get_encoding(self.encoding_name)
        except Exception as exc:
            logger.warning(
                "cannot load the tiktoken encoding %r (%s: %s); token counts are estimates "
                "(~4 characters per token, 1 per CJK character). Set TIKTOKEN_CACHE_DIR to a "
                "directory holding the encoding file to count exactly.",
                self.encoding_name,
                type(exc).__name__,
                exc,
            )
            return
        self._encode = enc.encode_ordinary
        self.exact = True
        encode = enc.encode_ordinary
        self._count_short = lru_cache(maxsize=COUNT_CACHE_SIZE)(lambda t: len(encode(t)))
        self._token_bytes = enc.token_byte_values

    def count(self, text: str) -> int:
        """Number of tokens of ``text``."""
        if not text:
            return 0
        if len(text) <= COUNT_CACHE_MAX_CHARS:
            return self._count_short(text)
        if self._encode is None:
            return estimate_tokens(text)
        return len(self._encode(text))

    def count_over(self, text: str, limit: int) -> int:
        """The number of tokens of ``text``, or some number above ``limit`` when the text is so
        long that it must have more than ``limit`` tokens (it is then not tokenised: one
        1,000,000-character run without spaces takes tiktoken about a second).

        A token spans at most as many characters as its encoding's longest token has bytes
        (128 for ``cl100k_base``; the estimate counts at least one token per 4 characters).
        """
        if self._max_token_chars is None:
            self._max_token_chars = (
                max(map(len, self._token_bytes())) if self._token_bytes is not None else 4
            )
        if len(text) > self._max_token_chars * max(limit, 0):
            return max(limit, 0) + 1
        return self.count(text)

    def truncate(self, text: str, max_tokens: int) -> str:
        """``text`` cut to at most ``max_tokens`` tokens (on a character boundary when estimating)."""
        if self.count(text) <= max_tokens:
            return text
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.count(text[:mid]) <= max_tokens:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo]


def get_token_counter(encoding_name: str = "cl100k_base") -> TokenCounter:
    """A shared :class:`TokenCounter` (loaded once per process and encoding)."""
    with _lock:
        counter = _cache.get(encoding_name)
        if counter is None:
            counter = _cache[encoding_name] = TokenCounter(encoding_name)
        return counter
