"""The embedder interface: text to unit vectors, for the optional semantic signal of recall."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

__all__ = ["Embedder"]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into vectors; recall compares them by cosine similarity.

    Attributes:
        name: the vector space (model id). Vectors are stored with it and only vectors of the
            same name are compared, so a memory can switch models without mixing spaces.
        dimensions: the length of every vector.
    """

    name: str
    dimensions: int

    def embed(self, texts: Sequence[str]) -> Sequence[Sequence[float]]:
        """One vector per text, in order (recall normalises them to unit length).

        An embedder may also have ``embed_query(text) -> vector``: recall then uses it for the
        question (models that embed questions and passages differently)."""
        ...
