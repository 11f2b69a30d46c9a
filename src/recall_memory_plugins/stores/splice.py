"""What becomes of a relation's predecessors when the relation is deleted with its statement.

"Alice lives in Paris." then "Alice moved to Rome.": Rome supersedes Paris, which ends. When the
Rome statement is deleted with ``cascade_relations=True`` (it was wrong), Paris takes Rome's
ending: current again if Rome was, else ended where and by what ended Rome. Without this, Paris
stayed ended by a statement that no longer exists ("Alice no longer lives in Paris").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["Ending", "spliced_endings"]

# (valid_to_step, valid_to, expired_at, superseded_by) of a relation, as its store keeps them
Ending = tuple[Any, Any, Any, Any]


def spliced_endings(gone: Mapping[str, Ending], predecessors: Sequence[tuple[str, str]]) -> list[tuple[str, Ending]]:
    """``(id, new ending)`` of each predecessor ``(id, superseded_by)`` whose successor is in
    ``gone`` (the relations being deleted, by id): the ending of the first relation after it that
    stays, or the last deleted one's (current when that one was)."""
    out = []
    for pid, successor in predecessors:
        if pid in gone or successor not in gone:
            continue
        ending, seen = gone[successor], {successor}
        while ending[3] in gone and ending[3] not in seen:
            seen.add(ending[3])
            ending = gone[ending[3]]
        out.append((pid, ending))
    return out
