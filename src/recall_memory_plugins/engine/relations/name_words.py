"""Ids of people by a word of their name, so a short name is looked up, never scanned for.

"Olu" (the start of a first name), "Daniel O." (a first name and an initial), "Ms Ortega" (a surname) and 周女士
(a Chinese name's first one or two characters) each read the people filed under that word: a text
of a thousand people used to compare each of its names with all the others (quadratic).
"""

from __future__ import annotations

from collections.abc import Iterable

from .names import is_cjk

__all__ = ["NameWords", "only"]


class NameWords(dict[tuple[str, str], set[str]]):
    """``(kind, word) -> ids``: kinds ``prefix`` (3+ letters of a first name), ``initial`` (first
    name and the surname's initial), ``middle`` (the first two of three words or more) and
    ``last`` (case-folded surname) for names of two words or more; ``zh`` for Chinese names."""

    @staticmethod
    def _keys(name: str) -> set[tuple[str, str]]:
        parts = name.split()
        if is_cjk(name):
            return {("zh", name[:1]), ("zh", name[:2])}
        if len(parts) < 2:
            return set()
        first = parts[0]
        keys = {("last", parts[-1].casefold()), ("initial", f"{first} {parts[-1][:1]}")}
        if len(parts) >= 3:
            keys.add(("middle", f"{first} {parts[1]}"))
        keys.update(("prefix", first[:k]) for k in range(3, len(first) + 1))
        return keys

    def add(self, entity_id: str, name: str) -> None:
        for key in self._keys(name):
            self.setdefault(key, set()).add(entity_id)

    def remove(self, entity_id: str, name: str) -> None:
        for key in self._keys(name):
            if key in self:
                self[key].discard(entity_id)


def only(ids: Iterable[str]) -> str | None:
    """The one id of ``ids`` (None when there are none or several: read no further than two)."""
    found: str | None = None
    for i in ids:
        if found is not None and i != found:
            return None
        found = i
    return found
