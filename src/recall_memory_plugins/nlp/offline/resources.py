"""Lexicons and rules, loaded lazily once per process and read-only afterwards.

English: TextBlob's vendored Brill lexicon, morphology and contextual rules and its entity list,
plus our word lists in ``nlp/data``. Chinese: jieba's dictionary and tags on a private tokenizer,
plus our surname and place lists.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources as importlib_resources
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from ...errors import AnnotationError
from .jieba_pos import _JiebaPOS

# The package whose ``data`` folder holds our word lists (this module lives one level below it).
_DATA_PACKAGE = __name__.rsplit(".", 2)[0]

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


_LOCK = threading.Lock()
_EN: _EnglishResources | None = None
_ZH_RES: _ChineseResources | None = None


def _read_lines(path: Path | Any) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [
        ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith((";;;", "#"))
    ]


def _package_words(name: str) -> list[str]:
    return _read_lines(importlib_resources.files(_DATA_PACKAGE) / "data" / name)


@functools.lru_cache(maxsize=1)
def chinese_place_names() -> frozenset[str]:
    """The package's Chinese place list (``zh_places.txt``), without loading jieba."""
    return frozenset(_package_words("zh_places.txt"))


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


# Words of today's workplace and companies that jieba's dictionary lacks or splits, with their
# jieba tag (n noun, nt organisation, v verb).
_MODERN_WORDS = (
    ("高管", "n"),
    ("微博", "n"),
    ("公众号", "n"),
    ("字节跳动", "nt"),
    ("蔚来", "nt"),
    ("小红书", "nt"),
    ("拼多多", "nt"),
    ("美团", "nt"),
    ("抖音", "nt"),
    ("快手", "nt"),
    ("宁德时代", "nt"),
    ("大疆", "nt"),
    ("蚂蚁集团", "nt"),
    ("理想汽车", "nt"),
    ("入职", "v"),  # (赵敏入职字节跳动: not a name 赵敏入 + 职)
    ("调岗", "v"),
    ("官宣", "v"),
    ("读博", "v"),  # (彭丽读博转到清华大学: 彭丽 + 读博, not a name 彭丽读博)
    ("保研", "v"),  # (彭亮保研到了清华大学: not 彭亮保 + 研到)
    ("大一", "t"),  # (袁博大二转学: not a name 袁博大)
    ("大二", "t"),
    ("大三", "t"),
    ("大四", "t"),
    ("读硕", "v"),
    ("考博", "v"),
    ("上礼拜", "t"),  # (李娜上礼拜从上海搬到杭州: not 李娜 + 上 + 礼拜, a place)
    ("这礼拜", "t"),
    ("下礼拜", "t"),
)


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
    for word, tag in _MODERN_WORDS:  # words newer than jieba's dictionary (高管 was 高 + 管)
        tokenizer.add_word(word, 2000, tag)
        tags[word] = tag
    # A noun or a name glued to 叫 ("to be called") is the noun and the verb: 我的猫叫什么 asks
    # the name of the 猫, not about a 猫叫 ("meow"); 郭靖叫他 is 郭靖 + 叫. (名叫, 尖叫 stay.)
    for word in [w for w, f in tokenizer.FREQ.items() if f and len(w) > 1 and w[-1] == "叫"]:
        if tags.get(word[:-1], "").startswith("n"):
            tokenizer.del_word(word)
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
