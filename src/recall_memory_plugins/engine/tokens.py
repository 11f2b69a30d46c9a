"""Token counting for context budgets: tiktoken ``cl100k_base``, offline.

Order of attempts: for ``cl100k_base``, the encoding file shipped in this package
(``engine/data/cl100k_base.tiktoken``, tiktoken's MIT-licensed data: ``cl100k_base.LICENSE``
beside it), checked against its published SHA-256 and read without any network access. For another
encoding (or a damaged copy): tiktoken with ``TIKTOKEN_CACHE_DIR`` as the user set it; when unset,
the encoding files that ``llama-index-core`` ships (``llama_index/core/_static/tiktoken_cache``);
then tiktoken's own download. If no encoding can be loaded, an estimate is used (about 4
characters per token for Latin text, 1 token per CJK character, never under the word count) and
one warning is logged.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import logging
import math
import os
import re
import threading
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

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


# The encodings shipped in engine/data: file name and the SHA-256 tiktoken expects of it; the
# pattern and special tokens are tiktoken's (tiktoken_ext/openai_public.py, cl100k_base()).
_SHIPPED = {
    "cl100k_base": (
        "cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
        {
            "<|endoftext|>": 100257,
            "<|fim_prefix|>": 100258,
            "<|fim_middle|>": 100259,
            "<|fim_suffix|>": 100260,
            "<|endofprompt|>": 100276,
        },
    ),
}


def _shipped_encoding(tiktoken: Any, name: str) -> Any | None:
    """The encoding ``name`` built from the file this package ships (no network, no cache
    directory), or None when none is shipped or the copy is missing or damaged."""
    shipped = _SHIPPED.get(name)
    if shipped is None:
        return None
    file, sha256, pattern, special = shipped
    try:
        data = (resources.files(__package__ or "recall_memory_plugins.engine") / "data" / file).read_bytes()
    except OSError as exc:
        logger.warning("the shipped encoding file %s cannot be read (%s)", file, exc)
        return None
    if hashlib.sha256(data).hexdigest() != sha256:
        logger.warning("the shipped encoding file %s is damaged (SHA-256 mismatch)", file)
        return None
    try:
        ranks = {
            base64.b64decode(token): int(rank)
            for token, rank in (line.split() for line in data.splitlines() if line)
        }
        return tiktoken.Encoding(
            name, pat_str=pattern, mergeable_ranks=ranks, special_tokens=dict(special)
        )
    except Exception as exc:  # an incompatible tiktoken: its own loaders are tried next
        logger.warning(
            "cannot build %s from the shipped file (%s: %s)", name, type(exc).__name__, exc
        )
        return None


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
        enc = _shipped_encoding(tiktoken, self.encoding_name)
        if enc is not None:
            self._use(enc)
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
        self._use(enc)

    def _use(self, enc: Any) -> None:
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
        return text[:_cluster_start(text, lo)]


def _joins_before(ch: str) -> bool:
    """Whether ``ch`` belongs to the character before it: a combining mark, a joiner, a
    variation selector, an emoji skin tone or tag."""
    code = ord(ch)
    return (
        unicodedata.category(ch) in ("Mn", "Me", "Mc")
        or ch in "\u200d\ufe0e\ufe0f"
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xE0020 <= code <= 0xE007F
    )


def _cluster_start(text: str, cut: int) -> int:
    """``cut``, moved back so that ``text[:cut]`` does not end inside a user-perceived
    character ("é" with its accent, a flag's two letters, an emoji family joined by ZWJ)."""
    while 0 < cut < len(text) and (
        _joins_before(text[cut]) or text[cut - 1] == "\u200d"
        or (text[cut - 1] == "\r" and text[cut] == "\n")
    ):
        cut -= 1
    if 0 < cut < len(text) and _regional(text[cut]):
        run = cut
        while run > 0 and _regional(text[run - 1]):
            run -= 1
        cut -= (cut - run) % 2  # flags are pairs of regional indicators
    return cut


def _regional(ch: str) -> bool:
    return "\U0001f1e6" <= ch <= "\U0001f1ff"


def get_token_counter(encoding_name: str = "cl100k_base") -> TokenCounter:
    """A shared :class:`TokenCounter` (loaded once per process and encoding)."""
    with _lock:
        counter = _cache.get(encoding_name)
        if counter is None:
            counter = _cache[encoding_name] = TokenCounter(encoding_name)
        return counter
