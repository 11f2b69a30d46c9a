"""The :class:`OfflineAnnotator`: sentences, tokens, tags, lemmas and entities in one pass."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...errors import AnnotationError
from ..base import Annotation, Sentence, Token
from .chinese import _finish_chinese, _merge_chinese, _segment_chinese, _zh_entity
from .english import _tag_english, _upos_english
from .entities import _english_spans
from .lemmas import _FEATS, _lemma_english
from .resources import _chinese, _ChineseResources, _english, _EnglishResources
from .scripts import _CJK_RUN_RE, detect_language
from .sentences import split_sentences
from .tokens import _KIND_OF_GROUP, _PUNCT, _TOKEN_RE, _ZH, _Span, _Tok, _word_tokens

# Above names x characters, _any_substring slides over the sentence instead of searching per name.
_NAIVE_SEARCH_BUDGET = 2_000_000


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


def _any_substring(sentence: str, names: frozenset[str]) -> bool:
    """Whether any of ``names`` (runs of Han characters) occurs in ``sentence``.

    A text with thousands of distinct names and long sentences would make one substring search
    per name quadratic; past a size the sentence's Han runs are slid over once per name length
    instead (the same answer).
    """
    if not names:
        return False
    if len(names) * len(sentence) <= _NAIVE_SEARCH_BUDGET:
        return any(name in sentence for name in names)
    lengths = {len(name) for name in names}
    for run in _CJK_RUN_RE.findall(sentence):
        for width in lengths:
            if any(run[i : i + width] in names for i in range(len(run) - width + 1)):
                return True
    return False


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
        # (xpos, upos, lemma) of a lone punctuation mark between Chinese words ("。", "，")
        self._punct_memo: dict[str, tuple[str, str, str]] = {}

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
            if _any_substring(text[d.start : d.end], names.difference(present)):
                d.toks = _merge_chinese(d.raw, text, zh, names)
        for d in drafts:
            if any(t.zh for t in d.toks):
                d.spans = _finish_chinese(d.toks, zh)

    def _english_pass(self, d: _Draft, en: _EnglishResources) -> None:
        toks = d.toks
        # Tag each run of non-Chinese tokens; Chinese tokens separate runs.
        run: list[_Tok] = []
        run_at_start = True
        other = words = False
        for k, tok in enumerate(toks):
            if tok.zh:
                if run:
                    self._tag_run(run, en, run_at_start)
                    run = []
                continue
            if not run:
                run_at_start = k == 0
            other = True
            words = words or tok.kind != _PUNCT
            run.append(tok)
        if run:
            self._tag_run(run, en, run_at_start)
        if words:  # punctuation starts no English name or date span
            d.spans = sorted(d.spans + _english_spans(toks, en), key=lambda s: s.start)
        elif other:
            d.spans = sorted(d.spans, key=lambda s: s.start)

    def _tag_run(self, run: list[_Tok], en: _EnglishResources, at_start: bool) -> None:
        if len(run) == 1 and run[0].kind == _PUNCT:
            # a lone mark between Chinese words is tagged by its text alone (lexicon or shape)
            tok = run[0]
            known = self._punct_memo.get(tok.text)
            if known is None:
                self._tag_words(run, en, at_start)
                self._punct_memo[tok.text] = (tok.xpos, tok.upos, tok.lemma)
            else:
                tok.xpos, tok.upos, tok.lemma = known
            return
        self._tag_words(run, en, at_start)

    @staticmethod
    def _tag_words(run: list[_Tok], en: _EnglishResources, at_start: bool) -> None:
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
        feats = _FEATS
        # positional (text, lemma, upos, xpos, ner, head, deprel, start, end, feats): a long
        # text builds hundreds of thousands of tokens
        tokens = tuple(
            [
                Token(
                    t.text,
                    t.lemma or t.text,
                    t.upos or "X",
                    t.xpos,
                    tag,
                    -1,
                    "",
                    t.start,
                    t.end,
                    "" if t.zh else feats.get(t.xpos, ""),
                )
                for t, tag in zip(d.toks, ner, strict=True)
            ]  # a list, then a tuple: faster than a tuple of a generator
        )
        return Sentence(
            text=text[d.start : d.end],
            tokens=tokens,
            start_char=d.start,
            end_char=d.end,
            lang=d.lang,
        )
