"""What the relation layer states after a few statements: the helper of the doubt-rule tests."""

from __future__ import annotations

from recall_memory_plugins import TemporalGraphMemory


def current_facts(
    memory: TemporalGraphMemory, ns: str, texts: list[str], speaker: str | None = None
) -> set[tuple[str, str, str]]:
    """``(subject, type, object)`` of every current fact after ``texts`` are added to ``ns``
    (each with ``speaker``)."""
    for text in texts:
        memory.add(text, namespace=ns, speaker=speaker)
    return {(r.subject_name, r.type, str(r.object_name)) for r in memory.relations(namespace=ns)}
