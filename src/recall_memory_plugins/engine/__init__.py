"""The framework-agnostic engine. Sees only the Protocols in ``stores.base`` and ``nlp.base``."""

from .memory import TemporalGraphMemory

__all__ = ["TemporalGraphMemory"]
