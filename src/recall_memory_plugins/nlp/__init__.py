"""NLP annotators: turn text into sentences of tokens with Stanza's fields.

* :class:`OfflineAnnotator` (``"offline"``): English and Chinese from the base install, no downloads.
* :class:`StanzaAnnotator` (``"stanza"``, extra ``[stanza]``): Stanza's neural pipelines; stanza
  itself is imported only when one is created.
* :class:`CoreNLPAnnotator` (``"corenlp"``, extra ``[corenlp]``): a Stanford CoreNLP server
  (``url=``, else ``$CORENLP_URL``).

:func:`make_annotator` builds either from a name; ``"auto"`` picks Stanza when it is installed and
its English models are on disk, else the offline annotator.
"""

from __future__ import annotations

import importlib.util
import inspect
import logging
import os
import threading
from pathlib import Path
from typing import Any

from ..errors import ConfigurationError
from .base import Annotation, Annotator, Sentence, Token
from .corenlp import CoreNLPAnnotator  # imports stanza only when used
from .offline import OfflineAnnotator, detect_language, split_sentences
from .stanza import StanzaAnnotator, models_available  # imports stanza only when used

__all__ = [
    "ANNOTATOR_NAMES",
    "Annotation",
    "Annotator",
    "CoreNLPAnnotator",
    "OfflineAnnotator",
    "Sentence",
    "StanzaAnnotator",
    "Token",
    "chinese_places",
    "detect_language",
    "make_annotator",
    "models_available",
    "split_sentences",
]

logger = logging.getLogger(__name__)

ANNOTATOR_NAMES = ("auto", "offline", "stanza", "corenlp")

_auto_lock = threading.Lock()
_auto_reported = False
_auto_unreadable: set[str] = set()  # the unreadable model directories "auto" warned about


def chinese_places() -> frozenset[str]:
    """The Chinese place names the offline annotator knows (provinces and cities: 浙江, 北京),
    read from the package's word list once."""
    from .offline.resources import chinese_place_names

    return chinese_place_names()


def _maybe_stanza_resources(resources_dir: str | os.PathLike[str] | None) -> bool:
    """Cheap pre-check (no stanza import, ~4 s with torch): could any Stanza models exist?"""
    if resources_dir is not None:
        return (Path(resources_dir) / "resources.json").is_file()
    env = os.environ.get("STANZA_RESOURCES_DIR")
    if env:
        return (Path(env) / "resources.json").is_file()
    from platformdirs import user_cache_dir

    # Stanza keeps models in <user cache>/stanza/<resources version>/resources on every platform.
    base = Path(user_cache_dir("stanza", "StanfordNLP"))
    if any(base.glob("*/resources/resources.json")):
        return True
    return (Path.home() / "stanza_resources" / "resources.json").is_file()  # Stanza < 1.10


def _report(message: str, *args: object) -> None:
    global _auto_reported
    with _auto_lock:
        first, _auto_reported = not _auto_reported, True
    logger.log(logging.INFO if first else logging.DEBUG, message, *args)


def _offline_options(kw: dict[str, Any]) -> dict[str, Any]:
    accepted = inspect.signature(OfflineAnnotator).parameters
    ignored = sorted(k for k in kw if k not in accepted)
    if ignored:
        logger.debug("Options %s only apply to the Stanza annotator; ignored", ignored)
    return {k: v for k, v in kw.items() if k in accepted}


def _build(cls: Any, kw: dict[str, Any]) -> Annotator:
    try:
        annotator: Annotator = cls(**kw)
    except TypeError as exc:
        raise ConfigurationError(f"Invalid options for {cls.__name__}: {exc}") from exc
    return annotator


def make_annotator(spec: str | Annotator = "auto", **kw: Any) -> Annotator:
    """Build an annotator from a name, or pass an annotator through.

    Args:
        spec: ``"offline"``, ``"stanza"``, ``"corenlp"`` (server at ``url=``, else
            ``$CORENLP_URL``), ``"auto"`` (Stanza when stanza is installed and its English
            models are downloaded, else offline; the choice is logged once at INFO), or an
            object implementing :class:`Annotator`, returned as is.
        **kw: Keyword options for the annotator's constructor. With ``"auto"`` they go to
            whichever annotator is chosen (``resources_dir`` also directs the model check);
            options the offline annotator does not take are ignored when it is chosen.

    Returns:
        The annotator.

    Raises:
        ConfigurationError: For an unknown name, invalid options, or a ``spec`` that is neither a
            name nor an annotator.
        MissingDependencyError: For ``"stanza"`` without the ``[stanza]`` extra (``"corenlp"``:
            ``[corenlp]``).
    """
    if not isinstance(spec, str):
        if isinstance(spec, Annotator):
            if kw:
                raise ConfigurationError("Options cannot be applied to an annotator instance")
            return spec
        raise ConfigurationError(
            f"An annotator must be one of {ANNOTATOR_NAMES} or an Annotator instance "
            f"(with name, annotate and annotate_many), got {type(spec).__name__}"
        )
    name = spec.strip().lower()
    if name == "offline":
        return _build(OfflineAnnotator, kw)
    if name == "stanza":
        return _build(StanzaAnnotator, kw)
    if name == "corenlp":
        # the server's address: url=..., else $CORENLP_URL (read here, at the caller's request)
        return _build(CoreNLPAnnotator if "url" in kw else CoreNLPAnnotator.from_env, kw)
    if name != "auto":
        raise ConfigurationError(f"Unknown annotator {spec!r}; use one of {ANNOTATOR_NAMES}")

    if importlib.util.find_spec("stanza") is None:
        reason = "stanza is not installed (pip install 'recall-memory-plugins[stanza]')"
    elif _stanza_ready(kw.get("resources_dir")):
        _report("Annotator 'auto': using Stanza (its English models are downloaded)")
        return _build(StanzaAnnotator, kw)
    else:
        reason = "Stanza's English models are not downloaded (stanza.download('en'))"
    _report("Annotator 'auto': using the offline annotator because %s", reason)
    return _build(OfflineAnnotator, _offline_options(kw))


def _stanza_ready(resources_dir: str | os.PathLike[str] | None) -> bool:
    """Whether "auto" can use Stanza: its English models are on disk and readable. Models this
    process may not read (another user's cache: a service started with an inherited HOME) count
    as not downloaded, with a warning naming the path."""
    problem: OSError | None = None
    try:
        maybe = _maybe_stanza_resources(resources_dir)
    except OSError as exc:
        maybe, problem = False, exc
    if maybe and models_available("en", resources_dir=resources_dir):
        return True
    if maybe:  # resources.json is there: is a language directory unreadable?
        from .stanza import default_resources_dir, unreadable_models

        folder = Path(resources_dir) if resources_dir is not None else default_resources_dir()
        problem = unreadable_models(folder, "en")
    if problem is not None:
        with _auto_lock:  # (once per path and process, then at DEBUG)
            first = str(problem.filename) not in _auto_unreadable
            _auto_unreadable.add(str(problem.filename))
        logger.log(
            logging.WARNING if first else logging.DEBUG,
            "Annotator 'auto': cannot read Stanza's model directory (%s: %s); using the offline "
            "annotator (check its permissions, or set STANZA_RESOURCES_DIR to a readable copy)",
            problem.filename,
            problem.strerror or problem,
        )
    return False
