"""Scripts and language: which characters are Han, and whether a text is Chinese or English."""

from __future__ import annotations

import re

# Han ideographs (CJK unified + extension A/B..., compatibility ideographs and 〇).
_CJK = "\u3007\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ebef"
_CJK_RUN_RE = re.compile(f"[{_CJK}]+")
_CJK_CHAR_RE = re.compile(f"[{_CJK}]")
_LATIN_WORD_RE = re.compile(r"[A-Za-z\u00c0-\u024f]+")
_FULLWIDTH_PUNCT_RE = re.compile(r"[，。！？；：、（）“”「」《》]")


def _is_cjk(ch: str) -> bool:
    return _CJK_CHAR_RE.match(ch) is not None


def detect_language(text: str) -> str:
    """Guess whether ``text`` is Chinese (``"zh"``) or English (``"en"``).

    Mixed text is common (a Chinese sentence with English names, an English sentence with a
    Chinese word), so the decision weighs Han characters against Latin words: about 1.5 Han
    characters make one Chinese word, and full-width punctuation is a strong Chinese signal.

    Args:
        text: Any text; empty text is English.

    Returns:
        ``"zh"`` or ``"en"``.
    """
    cjk = sum(len(run) for run in _CJK_RUN_RE.findall(text))
    if not cjk:
        return "en"
    latin_words = len(_LATIN_WORD_RE.findall(text))
    score = cjk / 1.5 + 2 * len(_FULLWIDTH_PUNCT_RE.findall(text))
    return "zh" if score >= latin_words else "en"
