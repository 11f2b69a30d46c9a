"""The default relation extractor: patterns over annotated text, no LLM.

Modules, each owning one part:

- ``blocks.py``: placeholders, the regex fragments patterns are written with, role words, and
  the row type (:class:`PatternRow`: spec, handler, examples).
- ``english.py`` / ``chinese.py``: the pattern tables, one row per phrasing with its examples.
- ``handlers.py``: what a match means (the relation type from the ends' entity types).
- ``views.py``: sentence views (mentions replaced by placeholders) and per-sentence state.
- ``prefilter.py``: which patterns may match a text, from one scan for their literals.
- ``dependency.py``: subject-verb-object triples from a dependency parse (fallback).
- ``extractor.py``: :class:`PatternRelationExtractor`, which runs all of the above.
"""

from __future__ import annotations

from .blocks import CLOSE, OPEN, Example, PatternRow
from .chinese import ZH_PATTERNS, ZH_ROWS
from .english import EN_PATTERNS, EN_ROWS
from .extractor import PatternRelationExtractor
from .prefilter import _triggers as _triggers

__all__ = [
    "CLOSE",
    "EN_PATTERNS",
    "EN_ROWS",
    "OPEN",
    "ZH_PATTERNS",
    "ZH_ROWS",
    "Example",
    "PatternRelationExtractor",
    "PatternRow",
]
