"""Embedders for the optional semantic signal of recall (``TemporalGraphMemory(embedder=...)``).

Nothing here is imported by the base install's code paths; :class:`MiniLMEmbedder` needs the
``dense`` extra (``pip install 'recall-memory-plugins[dense]'``) when it first embeds.
"""

from __future__ import annotations

from .base import Embedder
from .function import FunctionEmbedder
from .minilm import MiniLMEmbedder

__all__ = ["Embedder", "FunctionEmbedder", "MiniLMEmbedder"]
