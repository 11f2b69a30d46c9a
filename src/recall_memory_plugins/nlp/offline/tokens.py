"""Tokenisation: the token regular expression, working tokens and token-level entity spans.

:class:`_Tok` is the mutable token every later stage (tagger, lemmas, Chinese merging, entity rules)
works on; :class:`_Span` is an entity span over token indexes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..base import WORD_MARKS
from .scripts import _CJK

_TOKEN_ABBREVS = (
    "Mrs|Mr|Ms|Mx|Dr|Prof|Sr|Jr|St|Mt|Gen|Col|Capt|Lt|Sgt|Rev|Hon|Gov|Sen|Rep|Pres|Inc|Ltd|Corp|"
    "Co|Bros|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec|Tues|Tue|Thurs|Thur|Thu|Fri|No|Nos|"
    "Fig|Vol|vs|etc|approx|cf|al|Ave|Blvd|Rd|Dept|Univ|viz|est"
)
# kana and hangul: a run of them is a word of its own, so a Latin name before a particle is a
# word ("Ben은", "Benは" -> "Ben" + the particle; "BenはもうLloydsで" -> four words)
_KANA_HANGUL = "\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\uac00-\ud7af\uff66-\uff9f"
_LETTER = f"[^\\W\\d_{_CJK}{_KANA_HANGUL}]"
_WORD_CHAR = f"[^\\W_{_CJK}{_KANA_HANGUL}]"
_EMOJI_CORE = "\u2300-\u23ff\u2600-\u27bf\u2b00-\u2bff\U0001f000-\U0001faff"
_EMOJI = (
    f"(?:[\U0001f1e6-\U0001f1ff]{{2}}|[{_EMOJI_CORE}]"
    f"(?:\ufe0f|[\U0001f3fb-\U0001f3ff]|\u200d[{_EMOJI_CORE}])*)"
)
# The e-mail local part is bounded (RFC 5321 allows 64 characters): unbounded, the pattern would
# rescan a long run of "+-_." from every position of it, quadratic in the run's length.
_TOKEN_RE = re.compile(
    r"(?P<zhdate>\d{2,4}年(?:\d{1,2}月(?:\d{1,2}[日号])?)?|\d{1,2}月(?:\d{1,2}[日号]|份)?)"
    f"|(?P<cjk>[{_CJK}]+)"
    r"|(?P<url>(?:https?://|www\.)[^\s<>\"'，。！？、；）]*[^\s<>\"'，。！？、；）.,;:!?)\]])"
    r"|(?P<email>[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)"
    r"|(?P<date>\d{4}-\d{1,2}-\d{1,2}(?:T\d{1,2}:\d{2}(?::\d{2})?)?|\d{1,2}/\d{1,2}/\d{2,4})"
    f"|(?P<abbr>(?:[A-Za-z]\\.){{2,}}|\\b(?:{_TOKEN_ABBREVS})\\.(?=\\s*\\S))"
    r"|(?P<num>\d+(?:[.,:]\d+)*(?:[A-Za-z]+)?)"
    f"|(?P<word>[{_KANA_HANGUL}]+|{_LETTER}(?:{_WORD_CHAR}|[{WORD_MARKS}]|['’](?={_LETTER})|[-.&](?={_WORD_CHAR}))*)"
    f"|(?P<emoji>{_EMOJI})"
    "|(?P<punct>(?P<pc>[^\\w\\s\u200b-\u200d\u2060\ufeff])(?P=pc)*)"
)
_CLITIC_RE = re.compile(r"(?i)(?:(?<=[a-z])n['’]t|['’](?:s|m|re|ve|ll|d))$")
_CANNOT_RE = re.compile(r"(?i)(can)(not)$")

# Token kinds.
_WORD, _NUM, _PUNCT, _EMOJI_K, _URL, _DATE, _ABBR, _ZH, _ZHDATE = range(9)
_KIND_OF_GROUP = {
    "zhdate": _ZHDATE,
    "url": _URL,
    "email": _URL,
    "date": _DATE,
    "abbr": _ABBR,
    "num": _NUM,
    "word": _WORD,
    "emoji": _EMOJI_K,
    "punct": _PUNCT,
}


class _Tok:
    """A mutable working token; converted to the frozen :class:`Token` at the end."""

    # ``zh`` (a Chinese word or date) is set once: ``kind`` never changes after construction.
    __slots__ = ("end", "kind", "lemma", "start", "text", "upos", "xpos", "zh")

    def __init__(self, text: str, start: int, end: int, kind: int, xpos: str = "") -> None:
        self.text = text
        self.start = start
        self.end = end
        self.kind = kind
        self.zh = kind == _ZH or kind == _ZHDATE
        self.xpos = xpos
        self.upos = ""
        self.lemma = ""

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"_Tok({self.text!r}, {self.xpos}/{self.upos})"


def _word_tokens(text: str, start: int, end: int, out: list[_Tok]) -> None:
    """Append a word, split PTB-style into stem + clitic ("don't" -> "do" + "n't")."""
    word = text[start:end]
    # (a clitic needs an apostrophe, "cannot" six letters: most words skip both searches)
    m = _CLITIC_RE.search(word) if "'" in word or "’" in word else None
    if m and m.start() > 0:
        cut = start + m.start()
        out.append(_Tok(text[start:cut], start, cut, _WORD))
        out.append(_Tok(text[cut:end], cut, end, _WORD))
        return
    m = _CANNOT_RE.fullmatch(word) if len(word) == 6 else None
    if m:
        cut = start + 3
        out.append(_Tok(text[start:cut], start, cut, _WORD))
        out.append(_Tok(text[cut:end], cut, end, _WORD))
        return
    out.append(_Tok(word, start, end, _WORD))


@dataclass
class _Span:
    start: int  # token index, inclusive
    end: int  # token index, exclusive
    type: str
    strong: bool = True  # typed by a cue (not a fallback guess)
