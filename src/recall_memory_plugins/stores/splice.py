"""What becomes of a relation's predecessors when the relation is deleted with its statement.

"Alice lives in Paris." then "Alice moved to Rome.": Rome supersedes Paris, which ends. When the
Rome statement is deleted with ``cascade_relations=True`` (it was wrong), Paris takes Rome's
ending: current again if Rome was, else ended where and by what ended Rome. Without this, Paris
stayed ended by a statement that no longer exists ("Alice no longer lives in Paris").

A predecessor that had already ended before the deleted relation was recorded (a history told
late clipped it: "Dave moved to Rome", dated June, said after the October move to Oslo, ended
Lyon in June) gets back only its world-time end and successor, from the first relation after it
that stays: its own recorded end (step, expiry) never changed, so it is kept.

An ending imported before its start ("Ben left Lloyds", then "Ben works at Lloyds" dated before
it) ended the start through its mark; deleted, the start is current again.

A relation that another current statement repeats ("Alice still lives in Paris.") is not
deleted with its statement: that statement becomes its evidence (:func:`surviving_evidence`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

__all__ = ["Ending", "spliced_endings", "surviving_evidence"]

# (valid_to_step, valid_to, expired_at, superseded_by) of a relation, as its store keeps them
Ending = tuple[Any, Any, Any, Any]


def spliced_endings(
    gone: Mapping[str, Ending],
    predecessors: Sequence[tuple[str, str] | tuple[str, str, Ending] | tuple[str, str, Ending, Any]],
    began: Mapping[str, Any] | None = None,
    marks: Collection[str] = (),
) -> list[tuple[str, Ending]]:
    """``(id, new ending)`` of each predecessor ``(id, superseded_by[, own ending[, its
    valid_from_step]])`` whose successor is in ``gone`` (the relations being deleted, by id): the
    ending of the first relation after it that stays, or the last deleted one's (current when that
    one was).

    ``began``: the ``valid_from_step`` of the deleted relations. A predecessor whose own ending
    is given and was recorded before its successor began was clipped by it, not ended: it keeps
    its recorded end and takes only the world-time end (its own expiry when the chain's is
    current, as an ``end`` records it) and the successor. So does one recorded after the step the
    chain ends at (history told late, clipped when it was stored): a step interval never inverts.

    ``marks``: the deleted relations that are marks of an ending imported before its start
    (:mod:`~recall_memory_plugins.engine.relations.endings`): what one ended is current again.
    """
    out = []
    for pred in predecessors:
        pid, successor = pred[0], pred[1]
        if pid in gone or successor not in gone:
            continue
        if successor in marks:
            out.append((pid, (None, None, None, None)))
            continue
        ending, seen = gone[successor], {successor}
        while ending[3] in gone and ending[3] not in seen:
            seen.add(ending[3])
            ending = gone[ending[3]]
        own = pred[2] if len(pred) > 2 else None  # type: ignore[misc]
        start = None if began is None else began.get(successor)
        first = pred[3] if len(pred) > 3 else None  # type: ignore[misc]
        late = own is not None and None not in (ending[0], first) and ending[0] < first
        if own is not None and own[0] is not None and start is not None and own[0] < start:
            world = ending[1] if ending[1] is not None else own[2]
            ending = (own[0], world, own[2], ending[3])
        elif late and own is not None:  # (told after the chain's end: ends at its own step)
            ending = (first if own[0] is None else own[0], ending[1], own[2], ending[3])
        out.append((pid, ending))
    return out


def surviving_evidence(
    drawn: Iterable[str], supporters: Iterable[tuple[str, int]], doomed: Collection[int]
) -> dict[str, int]:
    """Relation id -> its new evidence statement, for each relation ``drawn`` from a ``doomed``
    statement that a statement outside ``doomed`` still states (``supporters``: ``(relation id,
    current statement id)`` pairs): the earliest of them. The others go with their statement."""
    wanted = set(drawn)
    out: dict[str, int] = {}
    for rid, sid in supporters:
        if rid in wanted and sid not in doomed and (rid not in out or sid < out[rid]):
            out[rid] = int(sid)
    return out
