"""The offline default annotator: English and Chinese without downloads.

Everything :class:`OfflineAnnotator` needs ships inside wheels of the base install:

* English part-of-speech tags come from the Brill lexicon and rules that TextBlob vendors from
  *pattern* (``textblob/en/en-*.txt``). The files are read directly, which keeps tokenisation under
  our control and avoids importing NLTK. The contextual rules are indexed by tag, which gives the
  same result as pattern's ``Context.apply`` scan, much faster.
* Chinese words and tags come from jieba's dictionary and part-of-speech HMM on a private
  ``jieba.Tokenizer`` (never jieba's global one), through a faster port of ``posseg``'s cut.
* Lemmas, upos, sentence splitting and entity spans (BIOES, Stanza-style types) come from small
  rules in this module and the word lists in ``nlp/data``.

The output uses the same fields as Stanza (see :mod:`recall_memory_plugins.nlp.base`); there is no
dependency parse, so ``head`` is -1 and ``deprel`` is empty. Offsets are exact character offsets
into the annotated text.
"""

from __future__ import annotations

import functools
import itertools
import logging
import re
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources as importlib_resources
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from ..errors import AnnotationError
from .base import Annotation, Sentence, Token

__all__ = ["OfflineAnnotator", "detect_language", "split_sentences"]

logger = logging.getLogger(__name__)

# --------------------------------------------------------------------------------------------------
# Scripts and language
# --------------------------------------------------------------------------------------------------

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


# --------------------------------------------------------------------------------------------------
# Sentence splitting
# --------------------------------------------------------------------------------------------------

_TERMINATOR_RE = re.compile(r"[。！？；]+|[.!?…]+|\n")
_CLOSERS = frozenset("\"'”’」』）)]》»")
_WORD_BEFORE_RE = re.compile(r"[\w.'’&-]+$")
_DOTTED_RE = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]")
_NEXT_WORD_RE = re.compile(r"[\"'“‘(\[]*([A-Za-z]+)")

# A period after these never ends a sentence (a name or a number follows).
_NEVER_FINAL_ABBREVS = frozenset(
    """mr mrs ms mx dr prof rev hon gen col capt lt sgt gov sen rep pres supt fig figs vs v cf
    e.g i.e eg ie approx al ca ph.d""".split()
)
# A period after these ends a sentence only when a typical sentence opener follows.
_MAYBE_FINAL_ABBREVS = frozenset(
    """etc inc ltd co corp llc plc bros jr sr st mt no nos vol ed eds dept univ ave blvd rd est
    jan feb mar apr jun jul aug sep sept oct nov dec tue tues thu thur thurs fri""".split()
)
_SENTENCE_STARTERS = frozenset(
    """The A An I He She It We They You This That These Those There Then But And So Or Yet
    However Meanwhile Also In On At After Before When While If My Our His Her Their Its Your
    What Why How Who Where Which Yesterday Today Tomorrow Now Later Next Finally Still Because
    Although Since Please Thanks Thank No Yes""".split()
)


def _trimmed(text: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None


def _newline_breaks(text: str, i: int) -> bool:
    """Whether the single newline at ``i`` ends a sentence (wrapped English prose does not)."""
    n = len(text)
    j = i + 1
    while j < n and text[j] in " \t\r\f\v":
        j += 1
    if j >= n or text[j] == "\n":
        return True  # a blank line or the end of the text
    k = i - 1
    while k >= 0 and text[k] in " \t\r\f\v":
        k -= 1
    if k < 0:
        return True
    prev, nxt = text[k], text[j]
    # A hard-wrapped English line continues in lower case after a letter, digit or comma.
    return not (nxt.islower() and (prev.isalnum() or prev in ",;:-–(") and not _is_cjk(prev))


def _latin_break(text: str, s: int, e: int, term: str) -> bool:
    """Whether the Latin terminator ``text[s:e]`` (closers included) ends a sentence."""
    n = len(text)
    if (s > 0 and _is_cjk(text[s - 1])) or (e < n and _is_cjk(text[e])):
        return True  # Chinese text puts no space between sentences
    if e >= n:
        return True
    if not text[e].isspace():
        return False  # 3.5, e.g., example.com, "?!" inside a token
    j = e
    while j < n and text[j].isspace():
        j += 1
    if j >= n:
        return True
    if "!" in term or "?" in term:
        return True
    if text[j].islower():
        return False
    if term != ".":
        return True  # an ellipsis followed by a capital
    m = _WORD_BEFORE_RE.search(text, max(0, s - 40), s)
    word = m.group().lstrip(".'’&-") if m else ""
    low = word.lower()
    if low in _NEVER_FINAL_ABBREVS:
        return False
    if len(word) == 1 and word.isupper():
        return False  # an initial: "J. K. Rowling"
    if low in _MAYBE_FINAL_ABBREVS or _DOTTED_RE.fullmatch(word):
        nm = _NEXT_WORD_RE.match(text, j)
        return nm is not None and nm.group(1) in _SENTENCE_STARTERS
    return True


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Split ``text`` into sentences and return their ``(start, end)`` character offsets.

    English sentences end at ``.``, ``!``, ``?`` or an ellipsis followed by white space, except
    after abbreviations ("Dr. Smith", "e.g.", "U.S. Army"), initials and inside numbers ("3.5").
    Chinese sentences end at ``。！？；…`` (and at ASCII ``!?.`` next to Han characters). Closing
    quotes and brackets stay with their sentence. Blank lines always split; a single newline
    splits unless it looks like wrapped English prose. Offsets exclude surrounding white space.

    Args:
        text: The text to split.

    Returns:
        Non-empty, non-overlapping ``(start, end)`` pairs in text order.
    """
    spans: list[tuple[int, int]] = []
    start = 0
    n = len(text)

    def add(a: int, b: int) -> None:
        span = _trimmed(text, a, b)
        if span:
            spans.append(span)

    for m in _TERMINATOR_RE.finditer(text):
        s, e = m.span()
        if s < start:
            continue
        term = m.group()
        if term == "\n":
            if _newline_breaks(text, s):
                add(start, s)
                start = s + 1
            continue
        while e < n and text[e] in _CLOSERS:
            e += 1
        if term[0] in "。！？；" or _latin_break(text, s, e, term):
            add(start, e)
            start = e
    add(start, n)
    return spans


# --------------------------------------------------------------------------------------------------
# Tokenisation
# --------------------------------------------------------------------------------------------------

_TOKEN_ABBREVS = (
    "Mrs|Mr|Ms|Mx|Dr|Prof|Sr|Jr|St|Mt|Gen|Col|Capt|Lt|Sgt|Rev|Hon|Gov|Sen|Rep|Pres|Inc|Ltd|Corp|"
    "Co|Bros|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec|Tues|Tue|Thurs|Thur|Thu|Fri|No|Nos|"
    "Fig|Vol|vs|etc|approx|cf|al|Ave|Blvd|Rd|Dept|Univ|viz|est"
)
_LETTER = f"[^\\W\\d_{_CJK}]"
_WORD_CHAR = f"[^\\W_{_CJK}]"
_EMOJI_CORE = "\u2300-\u23ff\u2600-\u27bf\u2b00-\u2bff\U0001f000-\U0001faff"
_EMOJI = (
    f"(?:[\U0001f1e6-\U0001f1ff]{{2}}|[{_EMOJI_CORE}]"
    f"(?:\ufe0f|[\U0001f3fb-\U0001f3ff]|\u200d[{_EMOJI_CORE}])*)"
)
_TOKEN_RE = re.compile(
    r"(?P<zhdate>\d{2,4}年(?:\d{1,2}月(?:\d{1,2}[日号])?)?|\d{1,2}月(?:\d{1,2}[日号]|份)?)"
    f"|(?P<cjk>[{_CJK}]+)"
    r"|(?P<url>(?:https?://|www\.)[^\s<>\"'，。！？、；）]*[^\s<>\"'，。！？、；）.,;:!?)\]])"
    r"|(?P<email>[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)"
    r"|(?P<date>\d{4}-\d{1,2}-\d{1,2}(?:T\d{1,2}:\d{2}(?::\d{2})?)?|\d{1,2}/\d{1,2}/\d{2,4})"
    f"|(?P<abbr>(?:[A-Za-z]\\.){{2,}}|\\b(?:{_TOKEN_ABBREVS})\\.(?=\\s*\\S))"
    r"|(?P<num>\d+(?:[.,:]\d+)*(?:[A-Za-z]+)?)"
    f"|(?P<word>{_LETTER}(?:{_WORD_CHAR}|[\u0300-\u036f]|['’](?={_LETTER})|[-.&](?={_WORD_CHAR}))*)"
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

    __slots__ = ("end", "kind", "lemma", "start", "text", "upos", "xpos")

    def __init__(self, text: str, start: int, end: int, kind: int, xpos: str = "") -> None:
        self.text = text
        self.start = start
        self.end = end
        self.kind = kind
        self.xpos = xpos
        self.upos = ""
        self.lemma = ""

    @property
    def zh(self) -> bool:
        return self.kind == _ZH or self.kind == _ZHDATE

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"_Tok({self.text!r}, {self.xpos}/{self.upos})"


def _word_tokens(text: str, start: int, end: int, out: list[_Tok]) -> None:
    """Append a word, split PTB-style into stem + clitic ("don't" -> "do" + "n't")."""
    word = text[start:end]
    m = _CLITIC_RE.search(word)
    if m and m.start() > 0:
        cut = start + m.start()
        out.append(_Tok(text[start:cut], start, cut, _WORD))
        out.append(_Tok(text[cut:end], cut, end, _WORD))
        return
    m = _CANNOT_RE.fullmatch(word)
    if m:
        cut = start + 3
        out.append(_Tok(text[start:cut], start, cut, _WORD))
        out.append(_Tok(text[cut:end], cut, end, _WORD))
        return
    out.append(_Tok(word, start, end, _WORD))


# --------------------------------------------------------------------------------------------------
# Resources (loaded lazily, once per process, read-only afterwards)
# --------------------------------------------------------------------------------------------------

_Rule = Callable[[list[str], list[str], int], bool]


@dataclass(frozen=True)
class _MorphRule:
    if_tag: str | None  # the rule only applies to words currently tagged so ("f" rules)
    affix: str
    cmd: str
    tag: str


class _ContextRules:
    """Brill's contextual rules, narrowed per token by the two conditions most of them name.

    Pattern applies every rule in file order and the last match wins; the tests never look at
    the current token's (changing) tag, so the rules are kept reversed, by from-tag, and the
    first match is taken. Most rules also require a current word or a previous tag (final by the
    time a token is tagged, left to right), so a token only tests the rules whose required word
    and previous tag it has: the same result, a fraction of the tests.
    """

    __slots__ = ("_any", "_by_tag", "_cache", "_words")

    _MAX_CACHE = 65536

    def __init__(self, rules: Sequence[tuple[str, str, str | None, str | None, _Rule]]) -> None:
        """``rules``: (from-tag or "*", to-tag, required word, required previous tag, test), in
        file order."""
        ordered = list(reversed(rules))
        tags = {r[0] for r in ordered if r[0] != "*"}
        self._by_tag = {tag: tuple(r[1:] for r in ordered if r[0] in (tag, "*")) for tag in tags}
        self._any = tuple(r[1:] for r in ordered if r[0] == "*")
        self._words = frozenset(r[2] for r in ordered if r[2] is not None)
        self._cache: dict[tuple[str, str, str], tuple[tuple[str, _Rule], ...]] = {}

    def candidates(self, tag: str, word: str, prev: str) -> tuple[tuple[str, _Rule], ...]:
        """(to-tag, test) of the rules that may fire on ``word`` tagged ``tag`` after ``prev``."""
        key = (tag, word if word in self._words else "", prev)
        hit = self._cache.get(key)
        if hit is None:
            hit = tuple(
                (to, test)
                for to, need_word, need_prev, test in self._by_tag.get(tag, self._any)
                if (need_word is None or need_word == key[1])
                and (need_prev is None or need_prev == prev)
            )
            if len(self._cache) < self._MAX_CACHE:
                self._cache[key] = hit
        return hit


# The argument of a Brill rule that is the current word / the previous tag, by command.
_RULE_WORD = {
    "curwd": 3,
    "wdprevtag": 4,
    "wdnexttag": 3,
    "wdand2aft": 3,
    "wdand2tagbfr": 4,
    "wdand2tagaft": 3,
    "lbigram": 4,
    "rbigram": 3,
}
_RULE_PREV = {"prevtag": 3, "surroundtag": 3, "prevbigram": 4, "wdprevtag": 3}


@dataclass(frozen=True)
class _EnglishResources:
    lexicon: dict[str, str]
    morphology: tuple[_MorphRule, ...]
    context: _ContextRules
    entities: dict[str, str]  # lower-cased multi-word name -> entity type
    first_names: frozenset[str]
    places: frozenset[str]  # lower-cased


@dataclass(frozen=True)
class _ChineseResources:
    pos: _JiebaPOS
    freq: dict[str, int]
    tags: dict[str, str]
    surnames: frozenset[str]
    compound_surnames: frozenset[str]
    places: frozenset[str]


_MIN_FLOAT = -3.14e100
_JIEBA_HAN_RE = re.compile("([\u4e00-\u9fd5]+)")
_JIEBA_SKIP_RE = re.compile(r"([.0-9]+|[a-zA-Z0-9]+)")
_JIEBA_NUM_RE = re.compile(r"[.0-9]+")
_JIEBA_ENG_RE = re.compile(r"[a-zA-Z0-9]+")

_State = tuple[str, str]


class _JiebaPOS:
    """``jieba.posseg.POSTokenizer.lcut`` on a private tokenizer, about three times faster.

    The algorithm and the model are jieba's own (the DAG over the dictionary, then the joint
    segmentation-and-tagging HMM for out-of-vocabulary stretches); only the Viterbi search is
    rewritten to follow the sparse transitions backwards (about 20 of 256 states per state) and
    its results are cached per stretch. The output is identical (a unit test checks it).
    """

    def __init__(self, tokenizer: Any, tags: dict[str, str], model: Any) -> None:
        self._tokenizer = tokenizer
        self._freq: dict[str, int] = tokenizer.FREQ
        self._tags = tags
        self._char_states: dict[str, tuple[_State, ...]] = model.char_state_tab_P
        self._start: dict[_State, float] = model.start_P
        self._emit: dict[_State, dict[str, float]] = model.emit_P
        trans: dict[_State, dict[_State, float]] = model.trans_P
        self._all_states = tuple(trans)
        self._next = {s: tuple(d) for s, d in trans.items()}
        self._rev: dict[_State, dict[_State, float]] = {s: {} for s in trans}
        for s0, d in trans.items():
            for s1, prob in d.items():
                self._rev.setdefault(s1, {})[s0] = prob
        self._hmm = functools.lru_cache(maxsize=8192)(self._hmm_cut)

    def lcut(self, sentence: str) -> list[tuple[str, str]]:
        """Segment and tag a run of Han characters: ``[(word, flag), ...]``."""
        out: list[tuple[str, str]] = []
        dag = self._tokenizer.get_DAG(sentence)
        route: dict[int, tuple[float, int]] = {}
        self._tokenizer.calc(sentence, dag, route)
        x, n, buf, tags = 0, len(sentence), "", self._tags
        while x < n:
            y = route[x][1] + 1
            word = sentence[x:y]
            if y - x == 1:
                buf += word
            else:
                if buf:
                    self._flush(buf, out)
                    buf = ""
                out.append((word, tags.get(word, "x")))
            x = y
        if buf:
            self._flush(buf, out)
        return out

    def _flush(self, buf: str, out: list[tuple[str, str]]) -> None:
        if len(buf) == 1:
            out.append((buf, self._tags.get(buf, "x")))
        elif not self._freq.get(buf):
            for blk in _JIEBA_HAN_RE.split(buf):
                if not blk:
                    continue
                if _JIEBA_HAN_RE.match(blk):
                    out.extend(self._hmm(blk))
                    continue
                for part in _JIEBA_SKIP_RE.split(blk):
                    if part:
                        flag = (
                            "m"
                            if _JIEBA_NUM_RE.match(part)
                            else "eng"
                            if _JIEBA_ENG_RE.match(part)
                            else "x"
                        )
                        out.append((part, flag))
        else:
            out.extend((ch, self._tags.get(ch, "x")) for ch in buf)

    def _hmm_cut(self, s: str) -> tuple[tuple[str, str], ...]:
        route = self._viterbi(s)
        out: list[tuple[str, str]] = []
        begin = nexti = 0
        for i, ch in enumerate(s):
            bmes, flag = route[i]
            if bmes == "B":
                begin = i
            elif bmes == "E":
                out.append((s[begin : i + 1], flag))
                nexti = i + 1
            elif bmes == "S":
                out.append((ch, flag))
                nexti = i + 1
        if nexti < len(s):
            out.append((s[nexti:], route[nexti][1]))
        return tuple(out)

    def _viterbi(self, obs: str) -> list[_State]:
        emit, rev, nxt, all_states = self._emit, self._rev, self._next, self._all_states
        v = {
            y: self._start[y] + emit[y].get(obs[0], _MIN_FLOAT)
            for y in self._char_states.get(obs[0], all_states)
        }
        back: list[dict[_State, _State]] = []
        for ch in obs[1:]:
            prev = [x for x in v if nxt[x]]
            expected: set[_State] = set()
            for x in prev:
                expected.update(nxt[x])
            candidates = set(self._char_states.get(ch, all_states)) & expected
            if not candidates:
                candidates = expected or set(all_states)
            new_v: dict[_State, float] = {}
            pointers: dict[_State, _State] = {}
            for y in candidates:
                best_p: float | None = None
                best_s: _State | None = None
                # Ties go to the larger state, as in jieba's max() over (prob, state) pairs.
                for y0, tp in rev[y].items():
                    p0 = v.get(y0)
                    if p0 is None or not nxt[y0]:
                        continue
                    p = p0 + tp
                    if (
                        best_p is None
                        or p > best_p
                        or (p == best_p and best_s is not None and y0 > best_s)
                    ):
                        best_p, best_s = p, y0
                if best_p is None or best_s is None:
                    best_p, best_s = float("-inf"), max(prev)
                new_v[y] = best_p + emit[y].get(ch, _MIN_FLOAT)
                pointers[y] = best_s
            v = new_v
            back.append(pointers)
        state = max((p, y) for y, p in v.items())[1]
        route = [state]
        for pointers in reversed(back):
            state = pointers[state]
            route.append(state)
        route.reverse()
        return route


_LOCK = threading.Lock()
_EN: _EnglishResources | None = None
_ZH_RES: _ChineseResources | None = None


def _read_lines(path: Path | Any) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [
        ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith((";;;", "#"))
    ]


def _package_words(name: str) -> list[str]:
    return _read_lines(importlib_resources.files(__package__) / "data" / name)


def _textblob_en_dir() -> Path:
    spec = find_spec("textblob")
    locations = list(spec.submodule_search_locations or []) if spec else []
    if not locations:
        raise AnnotationError(
            "The offline annotator needs TextBlob's bundled lexicon, but 'textblob' is not "
            "installed. Reinstall recall-memory-plugins (pip install recall-memory-plugins)."
        )
    return Path(locations[0]) / "en"


def _context_test(cmd: str, x: str, y: str) -> _Rule:
    """Compile one Brill contextual rule (pattern's ``Context.apply`` semantics)."""
    if cmd == "prevtag":
        return lambda w, t, i: t[i - 1] == x
    if cmd == "nexttag":
        return lambda w, t, i: t[i + 1] == x
    if cmd == "prev2tag":
        return lambda w, t, i: t[i - 2] == x
    if cmd == "next2tag":
        return lambda w, t, i: t[i + 2] == x
    if cmd == "prev1or2tag":
        return lambda w, t, i: x in (t[i - 1], t[i - 2])
    if cmd == "next1or2tag":
        return lambda w, t, i: x in (t[i + 1], t[i + 2])
    if cmd == "prev1or2or3tag":
        return lambda w, t, i: x in (t[i - 1], t[i - 2], t[i - 3])
    if cmd == "next1or2or3tag":
        return lambda w, t, i: x in (t[i + 1], t[i + 2], t[i + 3])
    if cmd == "surroundtag":
        return lambda w, t, i: t[i - 1] == x and t[i + 1] == y
    if cmd == "curwd":
        return lambda w, t, i: w[i] == x
    if cmd == "prevwd":
        return lambda w, t, i: w[i - 1] == x
    if cmd == "nextwd":
        return lambda w, t, i: w[i + 1] == x
    if cmd == "prev1or2wd":
        return lambda w, t, i: x in (w[i - 1], w[i - 2])
    if cmd == "next1or2wd":
        return lambda w, t, i: x in (w[i + 1], w[i + 2])
    if cmd == "prevwdtag":
        return lambda w, t, i: w[i - 1] == x and t[i - 1] == y
    if cmd == "nextwdtag":
        return lambda w, t, i: w[i + 1] == x and t[i + 1] == y
    if cmd == "wdprevtag":
        return lambda w, t, i: t[i - 1] == x and w[i] == y
    if cmd == "wdnexttag":
        return lambda w, t, i: w[i] == x and t[i + 1] == y
    if cmd == "wdand2aft":
        return lambda w, t, i: w[i] == x and w[i + 2] == y
    if cmd == "wdand2tagbfr":
        return lambda w, t, i: t[i - 2] == x and w[i] == y
    if cmd == "wdand2tagaft":
        return lambda w, t, i: w[i] == x and t[i + 2] == y
    if cmd == "lbigram":
        return lambda w, t, i: w[i - 1] == x and w[i] == y
    if cmd == "rbigram":
        return lambda w, t, i: w[i] == x and w[i + 1] == y
    if cmd == "prevbigram":
        return lambda w, t, i: t[i - 2] == x and t[i - 1] == y
    if cmd == "nextbigram":
        return lambda w, t, i: t[i + 1] == x and t[i + 2] == y
    return lambda w, t, i: False


_MORPH_CMDS = frozenset(
    "char haspref hassuf addpref addsuf deletepref deletesuf goodleft goodright".split()
)


def _load_english() -> _EnglishResources:
    base = _textblob_en_dir()
    try:
        lexicon: dict[str, str] = {}
        for line in _read_lines(base / "en-lexicon.txt"):
            parts = line.split(" ")
            if len(parts) >= 2:
                lexicon[parts[0]] = parts[1]
        morphology: list[_MorphRule] = []
        for line in _read_lines(base / "en-morphology.txt"):
            r = line.split()
            if len(r) >= 5 and r[1].lower() in _MORPH_CMDS:  # "ly hassuf 2 RB x"
                morphology.append(_MorphRule(None, r[0], r[1].lower(), r[-2]))
            elif len(r) >= 6 and r[2].lower().lstrip("f") in _MORPH_CMDS:  # "NN s fhassuf 1 NNS x"
                morphology.append(_MorphRule(r[0], r[1], r[2].lower().lstrip("f"), r[-2]))
        raw_rules = [ln.split() for ln in _read_lines(base / "en-context.txt")]
        entity_lines = _read_lines(base / "en-entities.txt")
    except OSError as exc:
        raise AnnotationError(
            f"Could not read TextBlob's English lexicon in {base}; reinstall 'textblob'."
        ) from exc

    compiled = []
    for r in raw_rules:
        if len(r) < 4:
            continue
        cmd = r[2].lower()
        args = r if len(r) > 4 else [*r, ""]
        word = args[_RULE_WORD[cmd]] if cmd in _RULE_WORD else None
        prev = args[_RULE_PREV[cmd]] if cmd in _RULE_PREV else None
        compiled.append((r[0], r[1], word, prev, _context_test(cmd, args[3], args[4])))
    context = _ContextRules(compiled)

    entities: dict[str, str] = {}
    kinds = {"PERS": "PERSON", "LOC": "LOCATION", "ORG": "ORG"}
    for line in entity_lines:
        words = line.split()
        if len(words) >= 2 and words[-1] in kinds:
            entities[" ".join(words[:-1]).lower()] = kinds[words[-1]]

    return _EnglishResources(
        lexicon=lexicon,
        morphology=tuple(morphology),
        context=context,
        entities=entities,
        first_names=frozenset(_package_words("first_names.txt")),
        places=frozenset(w.lower() for w in _package_words("places.txt")),
    )


def _english() -> _EnglishResources:
    global _EN
    if _EN is None:
        with _LOCK:
            if _EN is None:
                _EN = _load_english()
    return _EN


def _load_chinese() -> _ChineseResources:
    try:
        import jieba
        import jieba.posseg
    except ImportError as exc:  # jieba is a base dependency
        raise AnnotationError(
            "The offline annotator needs 'jieba' for Chinese text; reinstall "
            "recall-memory-plugins (pip install recall-memory-plugins)."
        ) from exc
    jieba_logger = logging.getLogger("jieba")
    if jieba_logger.getEffectiveLevel() < logging.WARNING:
        # jieba logs "Building prefix dict ..." to stderr at DEBUG through its own handler.
        jieba_logger.setLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    try:
        tokenizer.initialize()
        tags = jieba.posseg.POSTokenizer(tokenizer).word_tag_tab
    except (OSError, ValueError) as exc:
        raise AnnotationError("Could not load jieba's dictionary; reinstall 'jieba'.") from exc
    surnames = _package_words("zh_surnames.txt")
    return _ChineseResources(
        pos=_JiebaPOS(tokenizer, tags, jieba.posseg),
        freq=tokenizer.FREQ,
        tags=tags,
        surnames=frozenset(s for s in surnames if len(s) == 1),
        compound_surnames=frozenset(s for s in surnames if len(s) > 1),
        places=frozenset(_package_words("zh_places.txt")),
    )


def _chinese() -> _ChineseResources:
    global _ZH_RES
    if _ZH_RES is None:
        with _LOCK:
            if _ZH_RES is None:
                _ZH_RES = _load_chinese()
    return _ZH_RES


# --------------------------------------------------------------------------------------------------
# English tagging
# --------------------------------------------------------------------------------------------------

_CD_RE = re.compile(r"^[0-9\-,.:/%$]+$")
_CLOSED_TAGS = frozenset("PRP PRP$ DT IN CC MD WDT WP WP$ WRB TO EX PDT UH RP POS".split())
_NNP_TAGS = frozenset({"NNP", "NNPS"})
_OBJECT_START = frozenset({"DT", "IN", "TO", "PRP$", "PRP", "RB", "NN", "NNS", "JJ", "CD"})
_VERBISH = frozenset({"VB", "VBD", "VBP", "VBZ", "MD"})
_OPENERS = frozenset({'"', "“", "'", "‘", "``", "(", "[", "-", "–", "—", "*", "•", ":", "·"})
# Acronyms that name things, not entities.
_COMMON_ACRONYMS = frozenset(
    """AI API CEO CTO CFO COO CMO VP OK TV PC PDF URL FAQ ID IT UI UX SQL CPU GPU USB FYI ASAP ETA
    AM PM DIY RAM LLM NLP ML HR PR QA KPI OKR ROI SDK CLI GUI HTML CSS JSON XML HTTP HTTPS DNS
    VPN SSD OS iOS MVP PhD MBA BA BS MS TBD""".split()
)
_CLITIC_TAGS = {
    "n't": "RB",
    "n’t": "RB",
    "'m": "VBP",
    "’m": "VBP",
    "'re": "VBP",
    "’re": "VBP",
    "'ve": "VBP",
    "’ve": "VBP",
    "'ll": "MD",
    "’ll": "MD",
}
_NEGATED_MODALS = frozenset({"ca", "wo", "sha"})  # "ca" + "n't"
_S_VERB_HOSTS = frozenset(
    "it he she that there what who where here how this everything nothing everyone".split()
)

_PUNCT_TAGS: dict[str, tuple[str, str]] = {}
for _chars, _tag, _upos in (
    (".!?。！？…", ".", "PUNCT"),
    (",，、", ",", "PUNCT"),
    (":;：；-–—~～", ":", "PUNCT"),
    ('"“‘`«「『', "``", "PUNCT"),
    ("”’»」』'", "''", "PUNCT"),
    ("([{（【《〈", "-LRB-", "PUNCT"),
    (")]}）】》〉", "-RRB-", "PUNCT"),
    ("$€£¥₹₩", "$", "SYM"),
    ("#", "#", "SYM"),
    ("%％", "NN", "SYM"),
    ("&＆", "CC", "CCONJ"),
):
    for _c in _chars:
        _PUNCT_TAGS[_c] = (_tag, _upos)


def _punct_tag(text: str) -> tuple[str, str]:
    return _PUNCT_TAGS.get(text[0], ("SYM", "SYM"))


def _morphology(res: _EnglishResources, word: str, prev: str, nxt: str) -> str:
    """Pattern's ``Morphology.apply`` for an unknown lower-case word (default NN)."""
    tag = "NN"
    lex = res.lexicon
    for r in res.morphology:
        if r.if_tag is not None and tag != r.if_tag:
            continue
        a, c = r.affix, r.cmd
        if (
            (c == "hassuf" and word.endswith(a))
            or (c == "char" and a in word)
            or (c == "haspref" and word.startswith(a))
            or (c == "addsuf" and word + a in lex)
            or (c == "addpref" and a + word in lex)
            or (c == "deletesuf" and word.endswith(a) and word[: -len(a)] in lex)
            or (c == "deletepref" and word.startswith(a) and word[len(a) :] in lex)
            or (c == "goodleft" and a == nxt)
            or (c == "goodright" and a == prev)
        ):
            tag = r.tag
    return tag


def _is_heading(toks: list[_Tok]) -> bool:
    """A title-case or all-caps line ("Meeting Notes For Tuesday") is not running text."""
    alpha = [t.text for t in toks if t.kind == _WORD and len(t.text) > 1]
    if len(alpha) < 4:
        return False
    return all(w[0].isupper() for w in alpha)


def _tag_english(run: list[_Tok], res: _EnglishResources, at_sentence_start: bool) -> None:
    """Tag a run of non-Chinese tokens with Penn Treebank tags (xpos)."""
    lex = res.lexicon
    n = len(run)
    words = [t.text for t in run]
    tags: list[str] = [""] * n
    heading = _is_heading(run)
    for k, tok in enumerate(run):
        w = words[k]
        kind = tok.kind
        if kind == _PUNCT or kind == _EMOJI_K:
            tags[k] = "NFP" if kind == _EMOJI_K else (lex.get(w) or _punct_tag(w)[0])
            continue
        if kind == _URL:
            tags[k] = "ADD"
            continue
        if kind == _DATE:
            tags[k] = "CD"
            continue
        tag = _CLITIC_TAGS.get(w) if k > 0 else None
        if w.lower() in _NEGATED_MODALS and k + 1 < n and words[k + 1] in ("n't", "n’t"):
            tag = "MD"
        if tag is None:
            tag = lex.get(w)
        if tag is None and ((k == 0 and at_sentence_start) or heading):
            tag = lex.get(w.lower())
        if tag is None:
            if w[0].isupper():
                tag = "NNP"
            elif _CD_RE.match(w) or kind == _NUM:
                tag = "CD"
            else:
                tag = _morphology(
                    res, w, words[k - 1] if k else "", words[k + 1] if k + 1 < n else ""
                )
        tags[k] = tag

    # The lexicon knows one tag per word: "lives" is NNS, but after a name or he/she/it, before
    # an object or a preposition, it is a verb ("Emma lives in", "Alice cooks dinner").
    for k in range(1, n):
        w = words[k]
        if tags[k] != "NNS" or not w.endswith("s") or w[0].isupper():
            continue
        prev = words[k - 1]
        subject = prev.lower() in ("he", "she", "it") or (
            tags[k - 1] in _NNP_TAGS and (k < 2 or tags[k - 2] not in _NNP_TAGS)
        )
        if not subject:
            continue
        stem = lex.get(w[:-1]) or (lex.get(w[:-2]) if w.endswith("es") else None)
        nxt_tag = tags[k + 1] if k + 1 < n else ""
        if stem in ("VB", "VBP") or (stem is not None and nxt_tag in _OBJECT_START):
            tags[k] = "VBZ"

    # Brill contextual rules, padded like pattern does.
    pad = ["STAART"] * 3
    w3 = pad + words + pad
    t3 = pad + tags + pad
    candidates = res.context.candidates
    for i in range(3, n + 3):
        for to, test in candidates(t3[i], w3[i], t3[i - 1]):
            if test(w3, t3, i):
                t3[i] = to
                break
    lexical = tags
    tags = t3[3:-3]

    for k in range(n):
        w = words[k]
        # Brill's rules were learnt on newswire, where "NN NNP" is often a name; a lower-case
        # word is not ("my sister Emma", "next Friday").
        if tags[k] in _NNP_TAGS and not w[0].isupper() and lexical[k] not in _NNP_TAGS:
            tags[k] = lexical[k]

    # Capitalisation: proper nouns in running text; common words at the start of a sentence.
    for k, tok in enumerate(run):
        w = words[k]
        if tok.kind not in (_WORD, _ABBR) or not w[0].isupper():
            continue
        if w == "I":
            tags[k] = "PRP"
            continue
        if w in _COMMON_ACRONYMS or (w.isupper() and w.lower() in _COMMON_ACRONYMS_LOWER):
            tags[k] = "NNS" if w.endswith("s") and w[:-1] in _COMMON_ACRONYMS else "NN"
            continue
        exact = lex.get(w)
        low = lex.get(w.lower())
        nxt = words[k + 1] if k + 1 < n else ""
        nxt_cap = bool(nxt) and nxt[0].isupper() and nxt != "I" and run[k + 1].kind == _WORD
        if heading:
            if exact in _NNP_TAGS or low is None:
                tags[k] = exact if exact in _NNP_TAGS else "NNP"
            else:
                tags[k] = low
            continue
        start = (k == 0 and at_sentence_start) or (k > 0 and words[k - 1] in _OPENERS)
        if start:
            named = exact in _NNP_TAGS or w in res.first_names or w.lower() in res.places
            after = words[k + 2] if k + 2 < n else ""
            if (nxt in _CONNECTORS and after[:1].isupper()) or (w in _NAME_HEADS and nxt_cap):
                tags[k] = "NNP"  # "Bank of America ...", "Project Orion ..." opening a sentence
            elif low is None:
                tags[k] = exact if exact and exact not in _CLOSED_TAGS else "NNP"
            elif low in _CLOSED_TAGS:
                tags[k] = "NNP" if (nxt_cap and named) else low
            elif named and (
                nxt_cap
                or (k + 1 < n and tags[k + 1] in _VERBISH)
                or nxt in ("'s", "’s", ",", "and")
                or w in res.first_names
                or w.lower() in res.places
            ):
                tags[k] = "NNPS" if exact == "NNPS" else "NNP"
            elif tags[k] in _NNP_TAGS:
                tags[k] = low
        else:
            if exact in _CLOSED_TAGS or exact == "CD":
                tags[k] = exact
            elif exact == "JJ" and not nxt_cap:
                tags[k] = "JJ"
            else:
                tags[k] = "NNPS" if exact == "NNPS" else "NNP"

    # Clitics: fixed tags, or tags that depend on the neighbours.
    for k in range(1, n):
        w = words[k]
        if w in _CLITIC_TAGS:
            tags[k] = _CLITIC_TAGS[w]
        elif w in ("'s", "’s"):
            host = words[k - 1].lower()
            if host == "let":
                tags[k] = "PRP"
                if k + 1 < n and tags[k + 1] in ("NN", "VBP"):
                    tags[k + 1] = "VB"  # "let's go"
            elif host in _S_VERB_HOSTS or tags[k - 1] in ("PRP", "WP", "EX"):
                tags[k] = "VBZ"
            else:
                tags[k] = "POS"
        elif w in ("'d", "’d"):
            # "he'd left" (had + participle) versus "she'd go" (would + base form).
            if k + 1 < n and lexical[k + 1] in ("VBN", "VBD"):
                tags[k] = "VBD"
                tags[k + 1] = "VBN"
            else:
                tags[k] = "MD"

    for tok, tag in zip(run, tags, strict=True):
        tok.xpos = tag


_COMMON_ACRONYMS_LOWER = frozenset(a.lower() for a in _COMMON_ACRONYMS)

_PTB_UPOS = {
    "CC": "CCONJ",
    "CD": "NUM",
    "DT": "DET",
    "EX": "PRON",
    "FW": "X",
    "IN": "ADP",
    "JJ": "ADJ",
    "JJR": "ADJ",
    "JJS": "ADJ",
    "LS": "X",
    "MD": "AUX",
    "NN": "NOUN",
    "NNS": "NOUN",
    "NNP": "PROPN",
    "NNPS": "PROPN",
    "PDT": "DET",
    "POS": "PART",
    "PRP": "PRON",
    "PRP$": "PRON",
    "RB": "ADV",
    "RBR": "ADV",
    "RBS": "ADV",
    "RP": "ADP",
    "SYM": "SYM",
    "TO": "PART",
    "UH": "INTJ",
    "VB": "VERB",
    "VBD": "VERB",
    "VBG": "VERB",
    "VBN": "VERB",
    "VBP": "VERB",
    "VBZ": "VERB",
    "WDT": "PRON",
    "WP": "PRON",
    "WP$": "PRON",
    "WRB": "ADV",
    "NFP": "SYM",
    "ADD": "X",
    "$": "SYM",
    "#": "SYM",
}
_BE_FORMS = frozenset("be am is are was were been being 'm ’m 're ’re 's ’s ai".split())
_HAVE_FORMS = frozenset("have has had having 've ’ve 'd ’d".split())
_DO_FORMS = frozenset("do does did".split())
_SCONJ = frozenset("because although though whereas unless whether if that while once".split())
_NOMINAL = frozenset({"NN", "NNS", "NNP", "NNPS", "JJ", "JJR", "JJS", "CD"})


def _upos_english(run: list[_Tok]) -> None:
    """Map Penn tags to UPOS, with UD's conventions for auxiliaries, particles and pronouns."""
    n = len(run)
    for k, tok in enumerate(run):
        x = tok.xpos
        low = tok.text.lower()
        if tok.kind == _PUNCT or tok.kind == _EMOJI_K:
            tok.upos = "SYM" if tok.kind == _EMOJI_K else _punct_tag(tok.text)[1]
            if tok.upos == "SYM" and x in (".", ",", ":", "``", "''", "-LRB-", "-RRB-"):
                tok.upos = "PUNCT"
            continue
        upos = _PTB_UPOS.get(x, "X")
        if x.startswith("VB"):
            if low in _BE_FORMS:
                upos = "AUX"
            elif low in _HAVE_FORMS or low in _DO_FORMS:
                # An auxiliary when a verb follows (skipping adverbs, negation, a subject).
                j = k + 1
                while j < n and (run[j].xpos in ("RB", "PRP", "EX") or run[j].text == "n't"):
                    j += 1
                if j < n and run[j].xpos in (
                    ("VBN", "VBD") if low in _HAVE_FORMS else ("VB", "VBP")
                ):
                    upos = "AUX"
        elif x == "RB" and low in ("not", "n't", "n’t"):
            upos = "PART"
        elif x == "IN" and low in _SCONJ:
            upos = "SCONJ"
        elif x == "TO":
            upos = "PART" if k + 1 < n and run[k + 1].xpos.startswith("VB") else "ADP"
        elif x in ("DT", "WDT") and low in ("this", "that", "these", "those", "which", "what"):
            following = run[k + 1].xpos if k + 1 < n else ""
            upos = "DET" if following in _NOMINAL else "PRON"
        tok.upos = upos


# --------------------------------------------------------------------------------------------------
# English lemmas and features
# --------------------------------------------------------------------------------------------------


def _pairs(spec: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in spec.split():
        base, _, forms = item.partition(":")
        for form in forms.split(","):
            out[form] = base
    return out


_IRREGULAR_VERBS = _pairs(
    """be:am,is,are,was,were,been,being,'m,’m,'re,’re,ai have:has,had,having,'ve,’ve
    do:does,did,done,doing go:goes,went,gone say:said make:made get:got,gotten know:knew,known
    think:thought take:took,taken see:saw,seen come:came give:gave,given find:found tell:told
    become:became leave:left feel:felt bring:brought begin:began,begun keep:kept hold:held
    write:wrote,written stand:stood hear:heard mean:meant meet:met run:ran pay:paid sit:sat
    speak:spoke,spoken lead:led grow:grew,grown lose:lost fall:fell,fallen send:sent build:built
    understand:understood draw:drew,drawn break:broke,broken spend:spent rise:rose,risen
    drive:drove,driven buy:bought wear:wore,worn choose:chose,chosen seek:sought
    throw:threw,thrown catch:caught deal:dealt win:won forget:forgot,forgotten teach:taught
    sell:sold fight:fought eat:ate,eaten drink:drank,drunk sing:sang,sung swim:swam,swum
    fly:flew,flown sleep:slept feed:fed hide:hid,hidden ride:rode,ridden shake:shook,shaken
    steal:stole,stolen wake:woke,woken freeze:froze,frozen forgive:forgave,forgiven
    bite:bit,bitten hang:hung shoot:shot light:lit slide:slid bend:bent lend:lent bind:bound
    dig:dug stick:stuck strike:struck swing:swung flee:fled weep:wept sweep:swept creep:crept
    kneel:knelt leap:leapt dream:dreamt learn:learnt burn:burnt spell:spelt smell:smelt
    mistake:mistook,mistaken undertake:undertook,undertaken overcome:overcame arise:arose,arisen
    withdraw:withdrew,withdrawn lie:lay,lain ring:rang,rung show:showed,shown
    prove:proved,proven tear:tore,torn bear:bore,borne,born beat:beaten blow:blew,blown
    hit:hit will:'ll,’ll,wo can:ca shall:sha die:dying lie:lying tie:tying"""
)
_IRREGULAR_NOUNS = _pairs(
    """man:men woman:women child:children person:people mouse:mice foot:feet tooth:teeth
    goose:geese ox:oxen criterion:criteria phenomenon:phenomena analysis:analyses
    thesis:theses crisis:crises basis:bases diagnosis:diagnoses hypothesis:hypotheses
    life:lives wife:wives knife:knives leaf:leaves wolf:wolves half:halves shelf:shelves
    thief:thieves self:selves cactus:cacti fungus:fungi index:indices matrix:matrices
    appendix:appendices series:series species:species sheep:sheep fish:fish deer:deer
    news:news"""
)
_IRREGULAR_DEGREE = _pairs("good:better,best bad:worse,worst far:farther,farthest,further,furthest")
_PRONOUN_LEMMAS = {"i": "I", "me": "I", "him": "he", "her": "she", "us": "we", "them": "they"}
_CLITIC_LEMMAS = {"n't": "not", "n’t": "not", "'ll": "will", "’ll": "will"}
_MODAL_LEMMAS = {"ca": "can", "wo": "will", "sha": "shall"}
_VOWELS = frozenset("aeiou")


def _cvc(stem: str) -> bool:
    """Consonant-vowel-consonant ending (hop, us): the base likely ends in a silent e."""
    if len(stem) < 2 or stem[-1] in _VOWELS or stem[-1] in "wxy" or stem[-2] not in _VOWELS:
        return False
    return len(stem) == 2 or stem[-3] not in _VOWELS


def _first_known(cands: list[str], lex: dict[str, str], fallback: str) -> str:
    for c in cands:
        if c in lex:
            return c
    return fallback


def _strip_s(low: str, lex: dict[str, str]) -> str:
    if low.endswith("ies") and len(low) > 4:
        return _first_known([low[:-3] + "y", low[:-1]], lex, low[:-3] + "y")
    if low.endswith("ves") and len(low) > 4:
        cands = [low[:-1], low[:-3] + "f", low[:-3] + "fe"]
        return _first_known(cands, lex, low[:-1])
    if low.endswith("es") and len(low) > 3:
        fallback = low[:-2] if low[:-2].endswith(("s", "x", "z", "ch", "sh", "o")) else low[:-1]
        return _first_known([low[:-1], low[:-2]], lex, fallback)
    if low.endswith("s") and not low.endswith(("ss", "us", "is")) and len(low) > 2:
        return low[:-1]
    return low


def _strip_ing(low: str, lex: dict[str, str]) -> str:
    if len(low) <= 4 or not low.endswith("ing"):
        return low
    stem = low[:-3]
    if len(stem) >= 2 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS:
        keep = stem[-1] in "lsfz"
        return _first_known([stem, stem[:-1]], lex, stem if keep else stem[:-1])
    if _cvc(stem):
        return _first_known([stem + "e", stem], lex, stem + "e")
    return _first_known([stem, stem + "e"], lex, stem)


def _strip_ed(low: str, lex: dict[str, str]) -> str:
    if low.endswith("ied") and len(low) > 4:
        return _first_known([low[:-3] + "y", low[:-1]], lex, low[:-3] + "y")
    if not low.endswith("ed") or len(low) <= 3:
        return low
    stem = low[:-2]
    cands = [low[:-1], stem]
    if len(stem) >= 2 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS:
        cands.append(stem[:-1])
        fallback = stem if stem[-1] in "lsfz" else stem[:-1]
    else:
        fallback = stem + "e" if _cvc(stem) else stem
    return _first_known(cands, lex, fallback)


def _strip_degree(low: str, lex: dict[str, str]) -> str:
    irregular = _IRREGULAR_DEGREE.get(low)
    if irregular:
        return irregular
    for suffix in ("est", "er"):
        if low.endswith(suffix) and len(low) > len(suffix) + 2:
            stem = low[: -len(suffix)]
            cands = [stem[:-1] + "y"] if stem.endswith("i") else []
            cands += [stem + "e", stem]
            if len(stem) >= 2 and stem[-1] == stem[-2]:
                cands.append(stem[:-1])
            return _first_known(cands, lex, low)
    return low


def _lemma_english(tok: _Tok, lex: dict[str, str]) -> str:
    w, x, upos = tok.text, tok.xpos, tok.upos
    if upos == "PROPN" or tok.kind in (_URL, _DATE):
        return w
    low = w.lower()
    if low in _CLITIC_LEMMAS:
        return _CLITIC_LEMMAS[low]
    if x == "MD" and low in _MODAL_LEMMAS:
        return _MODAL_LEMMAS[low]
    if low in ("'s", "’s"):
        return {"VBZ": "be", "PRP": "us"}.get(x, low)
    if low in ("'d", "’d"):
        return "have" if x == "VBD" else "would"
    if upos == "PRON":
        return _PRONOUN_LEMMAS.get(low, low)
    if x.startswith("VB"):
        irregular = _IRREGULAR_VERBS.get(low)
        if irregular:
            return irregular
        if x == "VBZ":
            return _strip_s(low, lex)
        if x == "VBG":
            return _strip_ing(low, lex)
        if x in ("VBD", "VBN"):
            return _strip_ed(low, lex)
        return low
    if x == "NNS":
        return _IRREGULAR_NOUNS.get(low) or _strip_s(low, lex)
    if x in ("JJR", "JJS"):
        return _strip_degree(low, lex)
    if x in ("RBR", "RBS"):
        return "well" if low in ("better", "best") else low
    return low


_FEATS = {
    "NN": "Number=Sing",
    "NNS": "Number=Plur",
    "NNP": "Number=Sing",
    "NNPS": "Number=Plur",
    "VBZ": "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin",
    "VBP": "Mood=Ind|Tense=Pres|VerbForm=Fin",
    "VBD": "Mood=Ind|Tense=Past|VerbForm=Fin",
    "VBN": "Tense=Past|VerbForm=Part",
    "VBG": "VerbForm=Ger",
    "VB": "VerbForm=Inf",
    "MD": "VerbForm=Fin",
    "JJ": "Degree=Pos",
    "JJR": "Degree=Cmp",
    "JJS": "Degree=Sup",
    "RBR": "Degree=Cmp",
    "RBS": "Degree=Sup",
    "CD": "NumType=Card",
}


# --------------------------------------------------------------------------------------------------
# English entities
# --------------------------------------------------------------------------------------------------

_MONTHS = frozenset(
    """january february march april may june july august september october november december""".split()
)
_MONTH_ABBREVS = frozenset("jan feb mar apr jun jul aug sep sept oct nov dec".split())
_NAME_MONTHS = frozenset({"may", "april", "june", "august"})  # also given names
_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
_WEEKDAY_ABBREVS = frozenset("mon tue tues wed thu thur thurs fri sat sun".split())
_RELATIVE_DAYS = frozenset({"today", "yesterday", "tomorrow", "tonight"})
_RELATIVE_MODS = frozenset({"last", "next", "this", "coming", "past", "previous", "following"})
_DATE_UNITS = frozenset(
    """week weeks month months year years weekend day days quarter summer winter spring autumn
    fall decade""".split()
)
_DAY_PARTS = frozenset({"morning", "afternoon", "evening", "night"})
_YEAR_PREPS = frozenset("in since by until till before after during from of around circa".split())
_DATE_CUE_PREPS = frozenset({"in", "on", "since", "until", "till", "by", "during", "early", "late"})
_NUMBER_WORDS = frozenset(
    "a an one two three four five six seven eight nine ten eleven twelve few several".split()
)
_DAY_NUM_RE = re.compile(r"^(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?$")
_YEAR_RE = re.compile(r"^(?:1[0-9]|20|21)\d\d$")

_TITLES = frozenset(
    """Mr Mrs Ms Mx Dr Prof Professor Sir Dame Lady Lord Madam Miss President Senator Governor
    Mayor Captain Judge Uncle Aunt Auntie Doctor Rev Gen Col Capt Lt Sgt Officer Coach
    Chairman Chairwoman Minister Chancellor King Queen Prince Princess""".split()
)
_CONNECTORS = frozenset("of de da di del della van von der den du la le & y bin".split())
_ORG_SUFFIXES = frozenset(
    """Inc Corp Corporation Ltd LLC LLP PLC GmbH AG SA Co Company Companies University College
    Institute School Academy Department Dept Team Group Bank Agency Association Foundation
    Committee Council Ministry Labs Lab Laboratory Laboratories Technologies Technology Systems
    Industries Partners Holdings Club Society Office Bureau Hospital Clinic Airlines Airways
    Motors Capital Ventures Studios Studio Media Press Network Networks Solutions Services
    Consulting Software Games Pharmaceuticals Bancorp Trust Fund Union Federation League
    Commission Authority Board Organization Organisation Party Army Navy Police""".split()
)
_ORG_HEADS = frozenset(
    """University College Institute School Academy Department Ministry Bank Bureau Office
    Board Council Committee Federation Association Society Museum Church Commission Agency""".split()
)
_PROJECT_HEADS = frozenset({"Project", "Operation", "Program", "Programme", "Initiative"})
_PROJECT_TAILS = frozenset({"Project", "Program", "Programme", "Initiative"})
_LOC_HEADS = frozenset("Lake Mount Mt Mt. Cape Fort Port Saint St St. Isle Gulf Bay Lake".split())
_LOC_TAILS = frozenset(
    """City County Street St St. Avenue Ave Ave. Road Rd Rd. Boulevard Blvd Lane Drive Square
    River Lake Island Islands Bay Valley Beach Mountains Mountain Hills Province State Region
    District Airport Station Park Bridge Harbor Harbour Coast Desert Sea Ocean Peninsula""".split()
)
_LOC_PREPS = frozenset(
    "in to from at near into across toward towards around via outside inside through".split()
)
_PERSON_PREV = frozenset(
    """with met meet meets meeting called call calls told tell tells asked ask asks emailed email
    texted thanked thank invited invite hired married introduced congratulated messaged
    and""".split()
)


@dataclass
class _Span:
    start: int  # token index, inclusive
    end: int  # token index, exclusive
    type: str
    strong: bool = True  # typed by a cue (not a fallback guess)


_NAME_HEADS = _ORG_HEADS | _PROJECT_HEADS | _LOC_HEADS


def _is_day_num(tok: _Tok) -> bool:
    return tok.kind in (_NUM, _WORD) and _DAY_NUM_RE.match(tok.text) is not None


def _is_year(tok: _Tok) -> bool:
    return tok.kind == _NUM and _YEAR_RE.match(tok.text) is not None


def _month_or_weekday(toks: list[_Tok], k: int) -> bool:
    tok = toks[k]
    if tok.zh or not tok.text[:1].isupper():
        return False
    bare = tok.text.rstrip(".").lower()
    n = len(toks)
    near_number = (k > 0 and (_is_day_num(toks[k - 1]) or toks[k - 1].kind == _NUM)) or (
        k + 1 < n and toks[k + 1].kind == _NUM
    )
    if bare in _WEEKDAYS:
        return True
    if bare in _MONTHS:
        if bare in _NAME_MONTHS:
            prev = toks[k - 1].text.lower() if k > 0 else ""
            return near_number or prev in _DATE_CUE_PREPS or prev in _RELATIVE_MODS
        return True
    if bare in _MONTH_ABBREVS or bare in _WEEKDAY_ABBREVS:
        return tok.text.endswith(".") or near_number
    return False


def _date_spans(toks: list[_Tok], taken: list[bool]) -> list[_Span]:
    spans: list[_Span] = []
    n = len(toks)
    k = 0
    while k < n:
        tok = toks[k]
        if tok.zh or taken[k]:
            k += 1
            continue
        low = tok.text.lower()
        start, end = k, k
        if tok.kind == _DATE:
            end = k + 1
        elif low in _RELATIVE_DAYS:
            end = k + 1
        elif _month_or_weekday(toks, k):
            end = k + 1
            if k > 0 and not taken[k - 1]:
                prev = toks[k - 1]
                if prev.text.lower() in _RELATIVE_MODS or _is_day_num(prev):
                    start = k - 1
        elif low in _RELATIVE_MODS and k + 1 < n and toks[k + 1].text.lower() in _DATE_UNITS:
            end = k + 2
        elif (
            (tok.kind == _NUM or low in _NUMBER_WORDS)
            and k + 2 < n
            and toks[k + 1].text.lower() in _DATE_UNITS
            and toks[k + 2].text.lower() == "ago"
        ):
            end = k + 3
        elif _is_year(tok) and k > 0 and toks[k - 1].text.lower() in _YEAR_PREPS:
            end = k + 1
        if end == k:
            k += 1
            continue
        # Grow over day numbers, years, month/weekday names and day parts ("March 5, 2024").
        while end < n and not taken[end]:
            nt = toks[end]
            if (
                _is_day_num(nt)
                or _is_year(nt)
                or _month_or_weekday(toks, end)
                or nt.text.lower() in _DAY_PARTS
            ):
                end += 1
            elif (
                nt.text == ","
                and end + 1 < n
                and (_is_year(toks[end + 1]) or _month_or_weekday(toks, end + 1))
            ):
                end += 2
            else:
                break
        for j in range(start, end):
            taken[j] = True
        spans.append(_Span(start, end, "DATE"))
        k = end
    return spans


def _is_title(tok: _Tok) -> bool:
    return tok.text.rstrip(".") in _TITLES


def _span_type(toks: list[_Tok], i: int, j: int, res: _EnglishResources) -> tuple[str, bool]:
    """Type a proper-noun span from cues; returns (type, strong)."""
    words = [toks[k].text for k in range(i, j)]
    key = " ".join(words).lower()
    first, last = words[0].rstrip("."), words[-1].rstrip(".")
    single = j - i == 1
    prev = toks[i - 1].text.lower() if i > 0 else ""
    is_first_name = words[0] in res.first_names
    if key in res.places:
        # "Jordan", "Austin": a place after a place preposition, otherwise a person.
        if is_first_name and single and prev not in _LOC_PREPS:
            return "PERSON", True
        return "LOCATION", True
    if key in res.entities:
        return res.entities[key], True
    if not single and (first in _PROJECT_HEADS or last in _PROJECT_TAILS):
        return "PROJECT", True
    if not single and last in _ORG_SUFFIXES:
        return "ORG", True
    if not single and first in _ORG_HEADS:
        return "ORG", True
    if i > 0 and _is_title(toks[i - 1]):
        return "PERSON", True
    if is_first_name and last not in _LOC_TAILS:
        return "PERSON", True
    if not single and (first in _LOC_HEADS or last in _LOC_TAILS):
        return "LOCATION", True
    if prev in _LOC_PREPS:
        return "LOCATION", False
    nxt = toks[j] if j < len(toks) else None
    verb_follows = nxt is not None and (nxt.xpos in _VERBISH or nxt.upos == "AUX")
    # Fallbacks. Acronyms and CamelCase words (RAG, GraphRAG, OpenAI) are as often products or
    # methods as organisations, so they stay MISC unless a cue or the gazetteer says otherwise.
    # A word the lexicon has never seen, acting as a subject or after "met"/"with", is most
    # likely a given name ("Xiaoming moved to Berlin").
    if (
        single
        and words[0].istitle()
        and words[0] not in res.lexicon
        and (nxt is None or not nxt.zh)
        and (verb_follows or prev in _PERSON_PREV)
    ):
        return "PERSON", False
    return "MISC", False


def _english_spans(toks: list[_Tok], res: _EnglishResources) -> list[_Span]:
    n = len(toks)
    taken = [False] * n
    spans = _date_spans(toks, taken)
    i = 0
    while i < n:
        t = toks[i]
        if taken[i] or t.zh or t.upos != "PROPN" or _is_title(t):
            i += 1
            continue
        j = i + 1
        while j < n:
            u = toks[j]
            if u.zh or taken[j]:
                break
            if u.upos == "PROPN" and not _is_title(u):
                j += 1
                continue
            if (
                u.text in _CONNECTORS
                and j + 1 < n
                and toks[j + 1].upos == "PROPN"
                and not toks[j + 1].zh
                and not taken[j + 1]
            ):
                j += 2
                continue
            break
        typ, strong = _span_type(toks, i, j, res)
        spans.append(_Span(i, j, typ, strong))
        i = j
    return spans


# --------------------------------------------------------------------------------------------------
# Chinese
# --------------------------------------------------------------------------------------------------

_ZH_UPOS = {
    "n": "NOUN",
    "ng": "NOUN",
    "nl": "NOUN",
    "nr": "PROPN",
    "nrfg": "PROPN",
    "nrt": "PROPN",
    "ns": "PROPN",
    "nt": "PROPN",
    "nz": "PROPN",
    "vn": "NOUN",
    "an": "NOUN",
    "s": "NOUN",
    "f": "NOUN",
    "t": "NOUN",
    "tg": "NOUN",
    "g": "NOUN",
    "j": "NOUN",
    "l": "NOUN",
    "q": "NOUN",
    "i": "X",
    "v": "VERB",
    "vd": "VERB",
    "vg": "VERB",
    "vi": "VERB",
    "vq": "VERB",
    "a": "ADJ",
    "ag": "ADJ",
    "ad": "ADV",
    "z": "ADJ",
    "zg": "ADJ",
    "b": "ADJ",
    "r": "PRON",
    "rr": "PRON",
    "rz": "PRON",
    "rg": "PRON",
    "m": "NUM",
    "mq": "NUM",
    "d": "ADV",
    "dg": "ADV",
    "df": "ADV",
    "p": "ADP",
    "c": "CCONJ",
    "u": "PART",
    "uj": "PART",
    "ul": "PART",
    "uz": "PART",
    "ug": "PART",
    "uv": "PART",
    "ud": "PART",
    "y": "PART",
    "k": "PART",
    "h": "X",
    "e": "INTJ",
    "o": "X",
    "x": "PUNCT",
    "w": "PUNCT",
}
_ZH_WORD_UPOS = {"是": "AUX", "正在": "ADV"}
_ZH_SCONJ = frozenset("如果 因为 虽然 尽管 即使 只要 除非 假如 要是 由于 既然".split())
_ZH_NUMERALS = frozenset("一二三四五六七八九十")
_ZH_DATE_WORDS = frozenset(
    """今天 昨天 明天 前天 后天 今年 去年 明年 前年 后年 今晚 昨晚 明晚 本周 上周 下周 这周
    本月 上个月 下个月 这个月 上月 下月 周末 星期一 星期二 星期三 星期四 星期五 星期六 星期日
    星期天 周一 周二 周三 周四 周五 周六 周日 礼拜一 礼拜二 礼拜三 礼拜四 礼拜五 礼拜六 礼拜天
    上半年 下半年 本季度 上季度 下季度""".split()
) | frozenset(
    f"{when}{week}{day}"
    for when in ("上", "下", "本", "这", "这个", "上个", "下个")
    for week in ("周", "星期", "礼拜")
    for day in ("一", "二", "三", "四", "五", "六", "日", "天", "末")
)
_ZH_ORG_SUFFIXES = frozenset(
    """部 处 科 组 中心 公司 集团 团队 部门 小组 委员会 研究院 研究所 大学 学院 银行 医院 协会
    实验室 工作室 事业部 办公室 分公司 总部""".split()
)
_ZH_PROJECT_SUFFIXES = frozenset({"计划", "项目", "工程"})
_ZH_NAME_SUFFIXES = _ZH_ORG_SUFFIXES | _ZH_PROJECT_SUFFIXES
# Words before 部/处/... that name a part or a direction, not an organisation (全部, 东北部).
_ZH_NOT_ORG_PREFIXES = frozenset(
    """东北 东南 西北 西南 中东 东中 中西 中北 中南 上半 下半 上腹 下腹 下颌 大多 局 全 内
    外 好 坏 到 用 之 住 远 深 益 一 这 那 每 各 某 本 我们 你们 他们 她们""".split()
)
# Generic plans and projects ("五年计划", "合作项目"), not named ones.
_ZH_GENERIC_PREFIXES = frozenset(
    """国家 财务 家庭 课程 成本 年度 工作 学习 教学 行动 发展 研究 开发 测试 生产 销售 营销
    培训 旅行 旅游 投资 融资 采购 招聘 预算 短期 长期 中期 应变 调整 复习 收购 扩军 扩厂 这个
    那个 这些 那些 新 老 大型 小型 重点 合作 建设 基建 水利 软件 系统 土木 电气 机械 化学 生物
    环境 交通 体育 科研 基金 外资 创业 保留 子 核 周密 短 长 特征 提示 知识 数据 网络 信息 遗传
    基因 金融 工业 社会 城市 农业 医疗 教育 安全 质量 改进 改造 扶贫 民生 试点 示范 后续""".split()
)
# Common words that jieba's dictionary tags as person (nr) or place (ns) names.
_ZH_NOT_NAMES = frozenset(
    """陈述 索引 连贯 连贯性 鲁棒 鲁棒性 多义词 子图 明白 文明 武功 小姐 阳光 道德 卫星 雷达 荣誉
    古老 冷笑 明星 权威 宫殿 光荣 智慧 维生素 顾问 师傅 师兄 和尚 王朝 陆军 汉白玉 花岗岩 老太太
    贡献者 丘陵 言语 封锁 宣言 胡同 玉米 帝王 王爷 王公 侍卫 太后 武林 峰 岩 城市 深度 关联 维度
    东西 英雄 太阳 哥哥 海洋 美丽 上市 建国 大街 王国 平原 外国 爱国 朝廷 湖泊 大桥 高原 山区
    江湖 城镇 开国 共和国 自治州 自治县 长安 永乐 天门 中原 华北 华南 华东 华中 西北 东北 东南
    西南 南北 东西部 高级 平安 安全 方便 金融 文化 时代 龙头 宝贝 高峰 秦始皇陵""".split()
)
_ZH_ORGS = frozenset(
    """华为 阿里巴巴 阿里 腾讯 百度 小米 字节跳动 京东 美团 滴滴 网易 联想 比亚迪 拼多多 快手
    微软 谷歌 苹果公司 亚马逊 英伟达 特斯拉 三星 索尼 丰田 联合国 世卫组织 清华 北大""".split()
)
# Characters of transliterated foreign names (奥巴马, 马尔可夫).
_ZH_TRANSLIT = frozenset(
    """阿埃艾安奥巴拜班邦保鲍贝本比彼毕波伯博布查达戴丹道德迪蒂丁杜多厄恩法菲费芬弗福盖冈戈格
    哈海汉豪赫亨胡华霍基吉加贾杰金卡凯坎康考柯科克肯库拉莱赖兰朗劳勒雷里利莉丽林琳隆卢鲁路伦
    罗洛马玛迈麦曼梅门蒙米密摩莫姆穆纳娜奈南内尼妮涅纽努诺欧帕潘佩皮普奇齐乔切琼丘萨塞赛桑瑟
    森沙莎尚舍圣施什史舒斯松苏索塔泰坦汤唐特提汀图托瓦万威韦维温沃乌西希席夏谢辛休雅亚扬耶伊
    因英尤约泽扎詹芝朱兹卓佐默尔夫茨娃琪瑞蕾黛露可""".replace("\n", "").replace(" ", "")
)
_ZH_NOUNISH = frozenset({"n", "nz", "ns", "nt", "nl", "ng", "j", "vn", "an", "l", "eng"})
_ZH_NAMEISH = frozenset({"nr", "nrt", "nrfg"})
_ZH_FUNCTION_FLAGS = frozenset(
    {"p", "c", "u", "uj", "ul", "uz", "ug", "uv", "ud", "y", "r", "d", "x", "w", "m", "q", "e"}
)


def _zh_tok(text: str, start: int, end: int, flag: str) -> _Tok:
    return _Tok(text, start, end, _ZH, flag)


def _segment_chinese(run: str, start: int, zh: _ChineseResources) -> list[_Tok]:
    out: list[_Tok] = []
    pos = start
    for word, flag in zh.pos.lcut(run):
        end = pos + len(word)
        out.append(_zh_tok(word, pos, end, flag))
        pos = end
    return out


def _split_junk_name(tok: _Tok, zh: _ChineseResources) -> list[_Tok] | None:
    """Split a rare dictionary "name" that is really two words (喝咖啡/nr -> 喝 + 咖啡)."""
    w = tok.text
    if (
        tok.xpos not in _ZH_NAMEISH
        or len(w) < 3
        or w[0] in zh.surnames
        or w[:2] in zh.compound_surnames
        or zh.freq.get(w, 0) > 5
    ):
        return None
    best: tuple[int, int] | None = None
    for k in range(1, len(w)):
        left, right = zh.freq.get(w[:k], 0), zh.freq.get(w[k:], 0)
        if left >= 100 and right >= 100 and (best is None or left * right > best[1]):
            best = (k, left * right)
    if best is None:
        return None
    k = best[0]
    cut = tok.start + k
    return [
        _zh_tok(w[:k], tok.start, cut, zh.tags.get(w[:k], "x")),
        _zh_tok(w[k:], cut, tok.end, zh.tags.get(w[k:], "x")),
    ]


def _merged(toks: list[_Tok], text: str, flag: str, upos: str) -> _Tok:
    tok = _Tok(text[toks[0].start : toks[-1].end], toks[0].start, toks[-1].end, _ZH, flag)
    tok.upos = upos
    return tok


def _contiguous(toks: list[_Tok]) -> bool:
    return all(a.end == b.start for a, b in itertools.pairwise(toks))


def _zh_prefix_ok(prefix: str, zh: _ChineseResources, stop: frozenset[str]) -> bool:
    """Whether the part before an 部/计划-like suffix can start a name."""
    if len(prefix) < 2 or prefix in stop or any(c in _ZH_NUMERALS or c.isdigit() for c in prefix):
        return False
    flag = zh.tags.get(prefix)
    return flag is None or flag in _ZH_NOUNISH or flag in _ZH_NAMEISH or flag.startswith("v")


def _zh_entity(tok: _Tok, zh: _ChineseResources) -> str | None:
    """The entity type of a Chinese token after merging, or None."""
    if tok.upos.startswith("@"):
        return tok.upos[1:]
    w, flag = tok.text, tok.xpos
    if tok.kind == _ZHDATE or w in _ZH_DATE_WORDS:
        return "DATE"
    for suffix in _ZH_PROJECT_SUFFIXES:
        if w.endswith(suffix) and flag in ("n", "nz", "l") and suffix != "项目":
            if _zh_prefix_ok(w[: -len(suffix)], zh, _ZH_GENERIC_PREFIXES):
                return "PROJECT"
    if w in zh.places:
        return "LOCATION"
    if w in _ZH_ORGS or flag == "nt":
        return "ORG"
    for suffix in _ZH_ORG_SUFFIXES:
        if w.endswith(suffix) and len(w) > len(suffix) and flag in ("n", "nz", "j"):
            if _zh_prefix_ok(w[: -len(suffix)], zh, _ZH_NOT_ORG_PREFIXES):
                return "ORG"
    if w in _ZH_NOT_NAMES or len(w) < 2:
        return None
    if flag in _ZH_NAMEISH:
        return "PERSON" if _zh_person_ok(w, zh) else None
    if flag == "ns":
        return "LOCATION"
    if flag == "nz":
        return "MISC"
    return None


def _zh_person_ok(w: str, zh: _ChineseResources) -> bool:
    """Whether a word jieba tags as a name looks like one (its dictionary tags are noisy)."""
    if w[0] in zh.surnames or w[:2] in zh.compound_surnames:
        # Frequent two-character dictionary words are mostly common words (陈述, 文明).
        return len(w) <= 4 and not (len(w) == 2 and zh.freq.get(w, 0) >= 300)
    if len(w) == 2 and w[0] in "老小阿" and w[1] in zh.surnames:
        return True  # 老刘, 小王
    return len(w) >= 3 and all(c in _ZH_TRANSLIT for c in w)


def _merge_chinese(
    toks: list[_Tok], text: str, zh: _ChineseResources, known_names: frozenset[str]
) -> list[_Tok]:
    """Fix jieba's segmentation of names, dates, organisations and projects in one sentence.

    Merged tokens carry their entity type as ``upos = "@TYPE"`` until :func:`_finish_chinese`.
    """
    expanded: list[_Tok] = []
    for t in toks:
        parts = _split_junk_name(t, zh) if t.kind == _ZH else None
        expanded.extend(parts or (t,))
    toks = expanded

    out: list[_Tok] = []
    n = len(toks)
    i = 0
    while i < n:
        t = toks[i]
        if t.kind != _ZH:
            out.append(t)
            i += 1
            continue
        # Known multi-token strings: date words, names seen elsewhere in the text.
        done = False
        for width in (3, 2):
            group = toks[i : i + width]
            if len(group) == width and all(g.kind == _ZH for g in group) and _contiguous(group):
                s = "".join(g.text for g in group)
                if s in _ZH_DATE_WORDS:
                    out.append(_merged(group, text, "t", "@DATE"))
                elif s in known_names:
                    out.append(_merged(group, text, "nr", "@PERSON"))
                else:
                    continue
                i += width
                done = True
                break
        if done:
            continue
        nxt = toks[i + 1] if i + 1 < n else None
        if nxt is not None and nxt.kind == _ZH and t.end == nxt.start:
            prev_flag = out[-1].xpos if out and out[-1].kind == _ZH else ""
            w, v = t.text, nxt.text
            if w in ("老", "小") and len(v) == 1 and v in zh.surnames and nxt.xpos in _ZH_NAMEISH:
                out.append(_merged([t, nxt], text, "nr", "@PERSON"))  # 老 + 刘
                i += 2
                continue
            surname = w in zh.compound_surnames or (len(w) == 1 and w in zh.surnames)
            if (
                surname
                and prev_flag not in ("m", "q", "mq")
                and (
                    # 张 + 三 (placeholder names), 欧阳 + 娜娜, 李 + 雷/nr
                    (len(v) == 1 and v in _ZH_NUMERALS and len(w) == 1)
                    or (len(v) <= 2 and nxt.xpos in _ZH_NAMEISH)
                    or (
                        len(w) == 2
                        and len(v) <= 2
                        and nxt.xpos not in _ZH_FUNCTION_FLAGS
                        and not nxt.xpos.startswith("v")
                    )
                )
            ):
                out.append(_merged([t, nxt], text, "nr", "@PERSON"))
                i += 2
                continue
        # X + 部/中心/公司... -> ORG; X + 计划/项目/工程 -> PROJECT (X a noun, not generic).
        if out and t.text in _ZH_NAME_SUFFIXES:
            x = out[-1]
            project = t.text in _ZH_PROJECT_SUFFIXES
            x_ent = _zh_entity(x, zh) if x.kind == _ZH else None
            ok_ents = (
                (None, "MISC", "PERSON", "LOCATION") if project else (None, "MISC", "LOCATION")
            )
            if x.end == t.start and not x.upos.startswith("@") and x_ent in ok_ents:
                if x.kind == _ZH:
                    allowed = _ZH_NOUNISH | _ZH_NAMEISH if project else _ZH_NOUNISH | {"v"}
                    ok = x.xpos in allowed and _zh_prefix_ok(
                        x.text, zh, _ZH_GENERIC_PREFIXES if project else _ZH_NOT_ORG_PREFIXES
                    )
                else:  # a Latin name: "Orion计划"
                    ok = x.kind == _WORD and x.text[:1].isupper()
                if ok:
                    group = [out.pop(), t]
                    if not project and out and out[-1].kind == _ZH and out[-1].end == x.start:
                        y = out[-1]  # one more noun in front: 北京 + 销售 + 部
                        if y.xpos in ("n", "ns", "nz", "j") and _zh_entity(y, zh) in (
                            None,
                            "LOCATION",
                        ):
                            group.insert(0, out.pop())
                    if project:
                        out.append(_merged(group, text, "nz", "@PROJECT"))
                    else:
                        out.append(_merged(group, text, "nt", "@ORG"))
                    i += 1
                    continue
        out.append(t)
        i += 1
    return out


def _finish_chinese(toks: list[_Tok], zh: _ChineseResources) -> list[_Span]:
    """Set upos/lemma of Chinese tokens and return their (single-token) entity spans."""
    spans: list[_Span] = []
    for k, tok in enumerate(toks):
        if not tok.zh:
            continue
        ent = _zh_entity(tok, zh)
        w, flag = tok.text, tok.xpos
        if tok.kind == _ZHDATE:
            tok.xpos = flag = "t"
        if ent in ("PERSON", "ORG", "LOCATION", "PROJECT", "MISC"):
            tok.upos = "PROPN"
        elif ent == "DATE":
            tok.upos = "NOUN"
        elif w in _ZH_WORD_UPOS:
            tok.upos = _ZH_WORD_UPOS[w]
        elif flag.startswith("c") and w in _ZH_SCONJ:
            tok.upos = "SCONJ"
        elif flag in ("nr", "nrt", "nrfg", "ns", "nt", "nz"):
            tok.upos = "NOUN"  # jieba's name tag on a common word (城市/ns, 陈述/nr)
        elif flag == "x" and w.isalnum():
            tok.upos = "X"  # a rare Han character outside jieba's range
        else:
            tok.upos = _ZH_UPOS.get(flag) or _ZH_UPOS.get(flag[:1], "X")
        tok.lemma = w
        if ent:
            spans.append(_Span(k, k + 1, ent))
    return spans


# --------------------------------------------------------------------------------------------------
# The annotator
# --------------------------------------------------------------------------------------------------


class _Draft:
    """One sentence on its way to a :class:`Sentence`."""

    __slots__ = ("end", "lang", "raw", "spans", "start", "toks")

    def __init__(self, start: int, end: int, lang: str, raw: list[_Tok]) -> None:
        self.start = start
        self.end = end
        self.lang = lang
        self.raw = raw  # tokens before Chinese merging (kept for a second pass)
        self.toks = raw
        self.spans: list[_Span] = []


def _bioes(n: int, spans: Iterable[_Span]) -> list[str]:
    tags = ["O"] * n
    for sp in spans:
        if sp.end - sp.start == 1:
            tags[sp.start] = f"S-{sp.type}"
            continue
        tags[sp.start] = f"B-{sp.type}"
        for k in range(sp.start + 1, sp.end - 1):
            tags[k] = f"I-{sp.type}"
        tags[sp.end - 1] = f"E-{sp.type}"
    return tags


class OfflineAnnotator:
    """Annotate English and Chinese text offline, with no model downloads.

    Tokens carry ``text``, ``lemma``, ``upos``, ``xpos`` (Penn tags for English, jieba tags for
    Chinese), ``feats`` (English), exact ``start_char``/``end_char`` and a BIOES ``ner`` tag with
    Stanza-style types (``PERSON``, ``ORG``, ``LOCATION``, ``DATE``, ``MISC``) plus ``PROJECT``.
    Each sentence gets its own language, so mixed text works. There is no dependency parse
    (``head == -1``).

    The lexicons load on first use (under 0.1 s for English, 1-2 s for Chinese) and are shared,
    read-only, by all instances; :meth:`warm_up` loads them eagerly. Instances are thread-safe.

    Args:
        extra_first_names: More given names that mark a PERSON ("Brandon" is built in).
        extra_places: More place names that mark a LOCATION (matched case-insensitively).

    Example:
        >>> ann = OfflineAnnotator().annotate("Brandon loves coffee.")
        >>> [t.upos for t in ann.tokens]
        ['PROPN', 'VERB', 'NOUN', 'PUNCT']
    """

    name = "offline"

    def __init__(
        self, *, extra_first_names: Iterable[str] = (), extra_places: Iterable[str] = ()
    ) -> None:
        self._extra_first_names = frozenset(extra_first_names)
        self._extra_places = frozenset(p.lower() for p in extra_places)
        self._en: _EnglishResources | None = None

    def __repr__(self) -> str:
        return "OfflineAnnotator()"

    def warm_up(self, *, languages: Sequence[str] = ("en", "zh")) -> None:
        """Load the lexicons now instead of on first use.

        Args:
            languages: Which of ``"en"`` and ``"zh"`` to load.
        """
        if "en" in languages:
            self._english()
        if "zh" in languages:
            _chinese()

    def annotate(self, text: str) -> Annotation:
        """Annotate ``text``.

        Args:
            text: Any text; empty or white-space-only text gives an empty annotation.

        Returns:
            The sentences and tokens of ``text`` with offsets into ``text``.

        Raises:
            AnnotationError: If a bundled lexicon cannot be loaded.
        """
        if not isinstance(text, str):
            raise AnnotationError(f"annotate() needs a str, got {type(text).__name__}")
        if not text.strip():
            return Annotation(text=text, sentences=())
        en = self._english()
        drafts = [self._tokenize(text, s, e) for s, e in split_sentences(text)]
        zh = _chinese() if any(t.kind == _ZH for d in drafts for t in d.raw) else None
        if zh is not None:
            self._chinese_pass(drafts, text, zh)
        for d in drafts:
            self._english_pass(d, en)
        self._propagate_entities(drafts)
        return Annotation(text=text, sentences=tuple(self._sentence(d, text) for d in drafts))

    def annotate_many(self, texts: Sequence[str]) -> list[Annotation]:
        """Annotate several texts, one after another.

        Args:
            texts: The texts.

        Returns:
            One annotation per text, in order.
        """
        return [self.annotate(t) for t in texts]

    # -- internals ---------------------------------------------------------------------------------

    def _english(self) -> _EnglishResources:
        if self._en is None:
            shared = _english()
            if self._extra_first_names or self._extra_places:
                shared = _EnglishResources(
                    lexicon=shared.lexicon,
                    morphology=shared.morphology,
                    context=shared.context,
                    entities=shared.entities,
                    first_names=shared.first_names | self._extra_first_names,
                    places=shared.places | self._extra_places,
                )
            self._en = shared
        return self._en

    def _tokenize(self, text: str, start: int, end: int) -> _Draft:
        toks: list[_Tok] = []
        zh: _ChineseResources | None = None
        for m in _TOKEN_RE.finditer(text, start, end):
            group = m.lastgroup
            s, e = m.span()
            if group == "cjk":
                zh = zh or _chinese()
                toks.extend(_segment_chinese(m.group(), s, zh))
            elif group == "word":
                _word_tokens(text, s, e, toks)
            elif group is not None:
                toks.append(_Tok(m.group(), s, e, _KIND_OF_GROUP[group]))
        return _Draft(start, end, detect_language(text[start:end]), toks)

    def _chinese_pass(self, drafts: list[_Draft], text: str, zh: _ChineseResources) -> None:
        for d in drafts:
            if any(t.kind == _ZH for t in d.raw):
                d.toks = _merge_chinese(d.raw, text, zh, frozenset())
        # Names found anywhere in the text fix sentences where jieba split them (张 + 三).
        names = frozenset(
            t.text
            for d in drafts
            for t in d.toks
            if t.kind == _ZH and len(t.text) >= 2 and _zh_entity(t, zh) == "PERSON"
        )
        for d in drafts:
            if not names or not any(t.kind == _ZH for t in d.raw):
                continue
            present = {t.text for t in d.toks}
            sentence = text[d.start : d.end]
            if any(name in sentence and name not in present for name in names):
                d.toks = _merge_chinese(d.raw, text, zh, names)
        for d in drafts:
            if any(t.zh for t in d.toks):
                d.spans = _finish_chinese(d.toks, zh)

    def _english_pass(self, d: _Draft, en: _EnglishResources) -> None:
        toks = d.toks
        # Tag each run of non-Chinese tokens; Chinese tokens separate runs.
        run: list[_Tok] = []
        run_at_start = True
        for k, tok in enumerate(toks):
            if tok.zh:
                if run:
                    self._tag_run(run, en, run_at_start)
                    run = []
                continue
            if not run:
                run_at_start = k == 0
            run.append(tok)
        if run:
            self._tag_run(run, en, run_at_start)
        if any(not t.zh for t in toks):
            d.spans = sorted(d.spans + _english_spans(toks, en), key=lambda s: s.start)

    @staticmethod
    def _tag_run(run: list[_Tok], en: _EnglishResources, at_start: bool) -> None:
        _tag_english(run, en, at_start)
        _upos_english(run)
        lex = en.lexicon
        for tok in run:
            tok.lemma = _lemma_english(tok, lex)

    @staticmethod
    def _propagate_entities(drafts: list[_Draft]) -> None:
        """Make weakly typed mentions agree with strongly typed ones in the same text.

        "Alice Moreau" (a first name) is a PERSON, so a later bare "Moreau" is one too.
        """
        strong: dict[str, str] = {}
        person_words: set[str] = set()
        for d in drafts:
            for sp in d.spans:
                if not sp.strong or sp.type == "DATE":
                    continue
                words = [d.toks[k].text for k in range(sp.start, sp.end)]
                strong.setdefault(" ".join(words), sp.type)
                if sp.type == "PERSON" and not d.toks[sp.start].zh:
                    person_words.update(w for w in words if w[:1].isupper())
        if not strong:
            return
        for d in drafts:
            for sp in d.spans:
                if sp.strong:
                    continue
                key = " ".join(d.toks[k].text for k in range(sp.start, sp.end))
                if key in strong:
                    sp.type = strong[key]
                elif sp.end - sp.start == 1 and key in person_words:
                    sp.type = "PERSON"

    @staticmethod
    def _sentence(d: _Draft, text: str) -> Sentence:
        ner = _bioes(len(d.toks), d.spans)
        tokens = tuple(
            Token(
                text=t.text,
                lemma=t.lemma or t.text,
                upos=t.upos or "X",
                xpos=t.xpos,
                ner=tag,
                start_char=t.start,
                end_char=t.end,
                feats="" if t.zh else _FEATS.get(t.xpos, ""),
            )
            for t, tag in zip(d.toks, ner, strict=True)
        )
        return Sentence(
            text=text[d.start : d.end],
            tokens=tokens,
            start_char=d.start,
            end_char=d.end,
            lang=d.lang,
        )
