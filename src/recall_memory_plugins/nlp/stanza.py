"""Stanza annotator (install the ``[stanza]`` extra).

Stanza's neural pipelines give better tags, lemmas, entities and a dependency parse than the
offline annotator, at the price of torch and about 0.5-1 GB of models per language. Models are
never downloaded behind the user's back: pass ``download=True`` or run ``stanza.download``.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from .._optional import require
from ..errors import AnnotationError, ConfigurationError
from .base import Annotation, Sentence, Token
from .offline import detect_language

__all__ = ["StanzaAnnotator", "convert_document", "default_resources_dir", "models_available"]

logger = logging.getLogger(__name__)

LANGUAGES = ("en", "zh")
# Stanza's Chinese models have no multi-word-token expansion.
_PROCESSORS = {"en": "tokenize,mwt,pos,lemma,ner", "zh": "tokenize,pos,lemma,ner"}
_PURPOSE = "the Stanza annotator"


def _stanza() -> ModuleType:
    return require("stanza", extra="stanza", purpose=_PURPOSE)


def default_resources_dir() -> Path:
    """Where Stanza keeps its models (``$STANZA_RESOURCES_DIR`` or Stanza's cache directory).

    Raises:
        MissingDependencyError: If stanza is not installed.
    """
    _stanza()
    from stanza.resources.common import DEFAULT_MODEL_DIR

    return Path(DEFAULT_MODEL_DIR)


def _processors(lang: str, depparse: bool) -> str:
    return _PROCESSORS[lang] + (",depparse" if depparse else "")


def _required_model_files(directory: Path, lang: str, processors: str) -> list[Path] | None:
    """The model files Stanza's ``Pipeline`` would load, or None without a resources.json.

    Mirrors how ``stanza.Pipeline`` expands processors, packages and dependencies, without any
    network access.
    """
    resources_file = directory / "resources.json"
    if not resources_file.is_file():
        return None
    from stanza.pipeline.core import filter_variants
    from stanza.resources.common import (
        add_dependencies,
        flatten_processor_list,
        maintain_processor_list,
        process_pipeline_parameters,
    )

    with resources_file.open(encoding="utf-8") as fh:
        resources = json.load(fh)
    lang, _, package, procs = process_pipeline_parameters(
        lang, str(directory), "default", processors
    )
    while lang in resources and "alias" in resources[lang]:
        lang = resources[lang]["alias"]
    if lang not in resources:
        return []
    load_list = maintain_processor_list(resources, lang, package, procs, maybe_add_mwt=True)
    load_list = add_dependencies(resources, lang, load_list)
    load_list = [item for item in load_list if item[0] in resources[lang]]
    flat = flatten_processor_list(filter_variants(load_list))
    return [directory / lang / processor / f"{pkg}.pt" for processor, pkg in flat]


def models_available(
    lang: str = "en",
    *,
    resources_dir: str | os.PathLike[str] | None = None,
    depparse: bool = False,
) -> bool:
    """Whether Stanza's models for ``lang`` are on disk (no network access).

    Args:
        lang: ``"en"`` or ``"zh"``.
        resources_dir: Stanza's resources directory; defaults to :func:`default_resources_dir`.
        depparse: Also require the dependency parser.

    Returns:
        True when every model the pipeline would load exists; False when stanza is not installed,
        ``resources.json`` is missing, or any model file is missing.
    """
    if lang not in _PROCESSORS:
        return False
    try:
        directory = Path(resources_dir) if resources_dir is not None else default_resources_dir()
    except ImportError:  # MissingDependencyError is an ImportError
        return False
    try:
        files = _required_model_files(directory, lang, _processors(lang, depparse))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, ImportError) as exc:
        # A corrupt resources.json or a changed Stanza internal API: report "not available".
        logger.debug("Could not check Stanza models in %s: %r", directory, exc)
        return False
    if not files:
        return False
    try:
        missing = [f for f in files if not f.is_file()]
    except OSError as exc:  # an unreadable language directory: not available to this process
        logger.debug("Could not check Stanza models in %s: %r", directory, exc)
        return False
    if missing:
        logger.debug("Stanza %s models missing in %s: %s", lang, directory, missing)
    return not missing


def unreadable_models(directory: Path, lang: str = "en") -> OSError | None:
    """The error that keeps this process from reading Stanza's models in ``directory`` (a
    directory or ``resources.json`` it has no permission for), or None: they are readable or
    simply not there."""
    try:
        for folder in (directory, directory / lang):
            if folder.is_dir():  # (stat: fails when a parent cannot be searched)
                os.listdir(folder)
        resources = directory / "resources.json"
        if resources.is_file():
            with resources.open("rb"):
                pass
    except OSError as exc:
        return exc
    return None


def _download_hint(lang: str, directory: Path | None) -> str:
    where = f", model_dir={str(directory)!r}" if directory is not None else ""
    return (
        f"Download them once with: python -c \"import stanza; stanza.download('{lang}'{where})\" "
        "or create the annotator with StanzaAnnotator(download=True); "
        "or use the offline annotator (make_annotator('offline'))."
    )


# --------------------------------------------------------------------------------------------------
# Conversion
# --------------------------------------------------------------------------------------------------


def _split_ner(tag: str, n: int) -> list[str]:
    """Spread a token's BIOES tag over the ``n`` words of a multi-word token."""
    if n == 1 or tag == "O" or "-" not in tag:
        return [tag] * n
    prefix, typ = tag.split("-", 1)
    inner = [f"I-{typ}"] * n
    if prefix in ("S", "B"):
        inner[0] = f"B-{typ}"
    if prefix in ("S", "E"):
        inner[-1] = f"E-{typ}"
    return inner


def _word_offsets(token: Any, cursor: int, text: str) -> list[tuple[int, int]]:
    """Character offsets of the words of a Stanza token (words of an MWT may have none)."""
    start, end = token.start_char, token.end_char
    if start is None or end is None:
        found = text.find(token.text, cursor) if text else -1
        start = found if found >= 0 else cursor
        end = start + len(token.text)
    words = token.words
    if len(words) == 1:
        w = words[0]
        if w.start_char is not None and w.end_char is not None:
            return [(w.start_char, w.end_char)]
        return [(start, end)]
    if all(w.start_char is not None and w.end_char is not None for w in words):
        return [(w.start_char, w.end_char) for w in words]
    if "".join(w.text for w in words) == token.text:  # "don't" -> "do" + "n't"
        out, pos = [], start
        for w in words:
            out.append((pos, pos + len(w.text)))
            pos += len(w.text)
        return out
    return [(start, end)] * len(words)  # "del" -> "de" + "el": both span the token


def _lang_code(lang: str | None) -> str | None:
    return lang.split("-", 1)[0].lower() if lang else None


def convert_document(doc: Any, *, lang: str | None = None) -> Annotation:
    """Convert a ``stanza.Document`` to an :class:`Annotation`.

    Tokens are Stanza *words* (so "don't" gives "do" and "n't"), with ``text``, ``lemma``,
    ``upos``, ``xpos``, ``feats``, ``head``, ``deprel`` and offsets; ``ner`` comes from the
    word's parent token. Missing fields get the defaults of :class:`Token` (``head`` -1 without
    a parse).

    Args:
        doc: A processed ``stanza.Document``.
        lang: The language code to record on sentences; defaults to the document's language or
            a guess from its text.

    Returns:
        The annotation, with offsets into ``doc.text``.
    """
    text: str = doc.text or ""
    code = _lang_code(lang) or _lang_code(getattr(doc, "lang", None))
    sentences: list[Sentence] = []
    cursor = 0
    for sent in doc.sentences:
        tokens: list[Token] = []
        for token in sent.tokens:
            offsets = _word_offsets(token, cursor, text)
            ners = _split_ner(token.ner or "O", len(token.words))
            for word, (start, end), ner in zip(token.words, offsets, ners, strict=True):
                tokens.append(
                    Token(
                        text=word.text,
                        lemma=word.lemma if word.lemma is not None else word.text,
                        upos=word.upos or "X",
                        xpos=word.xpos or "",
                        ner=ner,
                        head=word.head if word.head is not None else -1,
                        deprel=word.deprel or "",
                        start_char=start,
                        end_char=end,
                        feats=word.feats or "",
                    )
                )
            if offsets:
                cursor = max(cursor, offsets[-1][1])
        if not tokens:
            continue
        start, end = tokens[0].start_char, max(t.end_char for t in tokens)
        sent_text = text[start:end] if text else (sent.text or "")
        sentences.append(
            Sentence(
                text=sent_text,
                tokens=tuple(tokens),
                start_char=start,
                end_char=end,
                lang=code or detect_language(sent_text),
            )
        )
    return Annotation(text=text, sentences=tuple(sentences))


# --------------------------------------------------------------------------------------------------
# The annotator
# --------------------------------------------------------------------------------------------------


class StanzaAnnotator:
    """Annotate with Stanza's neural pipelines (English and Chinese).

    The language of each text is detected (``"zh"`` when it is mostly Chinese) unless ``lang``
    fixes it. Pipelines are built on first use, cached per language, and used under a lock, so
    one instance can be shared between threads.

    Args:
        lang: ``"en"`` or ``"zh"`` to skip detection; None detects per text.
        download: Download missing models on first use (Stanza shows a progress bar). When
            False, missing models raise :class:`AnnotationError` saying how to get them.
        resources_dir: Stanza's resources directory; defaults to ``$STANZA_RESOURCES_DIR`` or
            Stanza's cache directory.
        use_gpu: Let Stanza use a GPU when one is available.
        depparse: Add the dependency parser (fills ``head`` and ``deprel``).
        pipeline_options: Extra keyword arguments for ``stanza.Pipeline``.

    Raises:
        MissingDependencyError: If stanza is not installed.
        ConfigurationError: If ``lang`` is not supported.
    """

    name = "stanza"

    def __init__(
        self,
        *,
        lang: str | None = None,
        download: bool = False,
        resources_dir: str | os.PathLike[str] | None = None,
        use_gpu: bool = False,
        depparse: bool = False,
        pipeline_options: Mapping[str, Any] | None = None,
    ) -> None:
        if lang is not None and lang not in _PROCESSORS:
            raise ConfigurationError(
                f"StanzaAnnotator supports lang in {LANGUAGES} (or None to detect), got {lang!r}"
            )
        self._stanza = _stanza()
        self._lang = lang
        self._download = download
        self._resources_dir = Path(resources_dir) if resources_dir is not None else None
        self._use_gpu = use_gpu
        self._depparse = depparse
        self._options = dict(pipeline_options or {})
        self._pipelines: dict[str, Any] = {}
        self._run_locks = {code: threading.Lock() for code in _PROCESSORS}
        self._build_lock = threading.Lock()

    def __repr__(self) -> str:
        return f"StanzaAnnotator(lang={self._lang!r}, download={self._download!r})"

    def annotate(self, text: str) -> Annotation:
        """Annotate ``text``.

        Args:
            text: Any text; empty or white-space-only text gives an empty annotation.

        Returns:
            The annotation with offsets into ``text``.

        Raises:
            AnnotationError: If the models are missing (and ``download`` is False) or Stanza
                fails.
        """
        if not text.strip():
            return Annotation(text=text, sentences=())
        lang = self._lang or detect_language(text)
        pipeline = self._pipeline(lang)
        with self._run_locks[lang]:
            try:
                doc = pipeline(text)
            except Exception as exc:  # a third-party boundary: torch, Stanza internals
                raise AnnotationError(f"Stanza failed to annotate a {lang} text: {exc}") from exc
        return convert_document(doc, lang=lang)

    def annotate_many(self, texts: Sequence[str]) -> list[Annotation]:
        """Annotate several texts, batching them per language through Stanza.

        Args:
            texts: The texts.

        Returns:
            One annotation per text, in order.

        Raises:
            AnnotationError: As :meth:`annotate`.
        """
        results: list[Annotation | None] = [None] * len(texts)
        by_lang: dict[str, list[int]] = {}
        for i, text in enumerate(texts):
            if not text.strip():
                results[i] = Annotation(text=text, sentences=())
            else:
                by_lang.setdefault(self._lang or detect_language(text), []).append(i)
        document_cls = self._stanza.Document
        for lang, indices in by_lang.items():
            pipeline = self._pipeline(lang)
            docs = [document_cls([], text=texts[i]) for i in indices]
            with self._run_locks[lang]:
                try:
                    done = pipeline(docs)
                except Exception as exc:  # a third-party boundary: torch, Stanza internals
                    raise AnnotationError(
                        f"Stanza failed to annotate {len(docs)} {lang} texts: {exc}"
                    ) from exc
            for i, doc in zip(indices, done, strict=True):
                results[i] = convert_document(doc, lang=lang)
        return [r for r in results if r is not None]

    def _pipeline(self, lang: str) -> Any:
        pipeline = self._pipelines.get(lang)
        if pipeline is not None:
            return pipeline
        with self._build_lock:
            pipeline = self._pipelines.get(lang)
            if pipeline is None:
                pipeline = self._build(lang)
                self._pipelines[lang] = pipeline
        return pipeline

    def _build(self, lang: str) -> Any:
        directory = self._resources_dir or default_resources_dir()
        processors = _processors(lang, self._depparse)
        if not self._download and not models_available(
            lang, resources_dir=directory, depparse=self._depparse
        ):
            problem = unreadable_models(directory, lang)
            if problem is not None:
                raise AnnotationError(
                    f"Cannot read Stanza's {lang!r} models in {directory}: "
                    f"{problem.strerror or problem} ({problem.filename}); check that this user "
                    "may read that directory, or point resources_dir= (or "
                    "$STANZA_RESOURCES_DIR) at a readable copy."
                ) from problem
            raise AnnotationError(
                f"Stanza's {lang!r} models ({processors}) are not downloaded in {directory}. "
                + _download_hint(lang, self._resources_dir)
            )
        stanza = self._stanza
        options: dict[str, Any] = {
            "lang": lang,
            "dir": str(directory),
            "processors": processors,
            "use_gpu": self._use_gpu,
            # REUSE_RESOURCES downloads only what is missing; None never touches the network.
            "download_method": stanza.DownloadMethod.REUSE_RESOURCES if self._download else None,
        }
        if not self._download:
            options["logging_level"] = "WARN"  # keep Stanza's model table off stderr
        options.update(self._options)
        logger.info("Loading Stanza %s pipeline (%s) from %s", lang, processors, directory)
        try:
            return stanza.Pipeline(**options)
        except Exception as exc:  # a third-party boundary: downloads, torch, model files
            raise AnnotationError(
                f"Could not load Stanza's {lang!r} pipeline from {directory}: {exc}. "
                + _download_hint(lang, self._resources_dir)
            ) from exc
