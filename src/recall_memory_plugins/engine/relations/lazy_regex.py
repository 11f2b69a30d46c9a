"""A regex compiled on first use: the pattern tables hold about a thousand of them.

Compiling every row of the English and Chinese tables at import took seconds, paid by every CLI
start and every script, while an English-only user never runs a Chinese row and the literal
pre-filter (``prefilter.py``) runs only the rows whose literals a text holds. A
:class:`LazyPattern` keeps the source and flags (what the pre-filter reads) and compiles on the
first search; the compiled pattern's bound methods then stand in the instance's own dictionary,
where attribute look-up finds them before the class's methods, so later searches cost what a
compiled pattern's do.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, cast

__all__ = ["LazyPattern", "compiled_count", "lazy_pattern"]

_COMPILED = [0]  # how many lazy patterns were compiled in this process (tests read it)
_GLOBAL_FLAGS = re.compile(r"\(\?[aiLmsux]+\)")  # (these change the compiled pattern's flags)
_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner")


def lazy_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, done on first use; typed as the ``re.Pattern`` it stands
    for (a pattern that sets global flags inline, whose ``flags`` only compiling tells, is
    compiled now)."""
    if _GLOBAL_FLAGS.match(pattern) or flags & (re.ASCII | re.LOCALE):
        return re.compile(pattern, flags)
    return cast("re.Pattern[str]", LazyPattern(pattern, flags))


def compiled_count() -> int:
    """How many :class:`LazyPattern` objects of this process have compiled their regex."""
    return _COMPILED[0]


class LazyPattern:
    """An ``re.Pattern``-like object that compiles ``pattern`` with ``flags`` when first used.

    ``pattern`` and ``flags`` are there at once (no compilation); the search methods and the rest
    of ``re.Pattern`` (``groupindex``, ``groups``, ``scanner``) compile it first. (Properties, not
    ``__getattr__``: a class with ``__getattr__`` looks up every attribute through it, which made
    each search cost about 200 ns more than a compiled pattern's.)
    """

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags: int = flags | re.UNICODE  # (as re.compile reports a str pattern's flags)
        self._compiled: re.Pattern[str] | None = None

    @property
    def is_compiled(self) -> bool:
        """Whether the regex was compiled already."""
        return self._compiled is not None

    def compiled(self) -> re.Pattern[str]:
        """The compiled regex (compiled now if it was not)."""
        if self._compiled is None:
            compiled = re.compile(self.pattern, self.flags)
            self.flags = compiled.flags
            for name in _METHODS:  # (found before the methods below from now on)
                self.__dict__[name] = getattr(compiled, name)
            self._compiled = compiled
            _COMPILED[0] += 1
        return self._compiled

    @property
    def groups(self) -> int:
        return self.compiled().groups

    @property
    def groupindex(self) -> Mapping[str, int]:
        return self.compiled().groupindex

    def scanner(self, *args: Any, **kwargs: Any) -> Any:
        return cast("Any", self.compiled()).scanner(*args, **kwargs)  # (not in typeshed)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self.flags!r})"

    # as re.Pattern: equal by source and flags, shared by copies, pickled as its source
    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyPattern | re.Pattern):
            return bool(self.pattern == other.pattern and self.flags == other.flags)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.pattern, self.flags))

    def __copy__(self) -> LazyPattern:
        return self

    def __deepcopy__(self, memo: Any) -> LazyPattern:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return LazyPattern, (self.pattern, self.flags)

    # Called only before the first compilation: afterwards the instance's bound methods of the
    # compiled pattern shadow these.
    def search(self, *args: Any, **kwargs: Any) -> re.Match[str] | None:
        return self.compiled().search(*args, **kwargs)

    def match(self, *args: Any, **kwargs: Any) -> re.Match[str] | None:
        return self.compiled().match(*args, **kwargs)

    def fullmatch(self, *args: Any, **kwargs: Any) -> re.Match[str] | None:
        return self.compiled().fullmatch(*args, **kwargs)

    def finditer(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().finditer(*args, **kwargs)

    def findall(self, *args: Any, **kwargs: Any) -> list[Any]:
        return self.compiled().findall(*args, **kwargs)

    def sub(self, *args: Any, **kwargs: Any) -> str:
        return self.compiled().sub(*args, **kwargs)

    def subn(self, *args: Any, **kwargs: Any) -> tuple[str, int]:
        return self.compiled().subn(*args, **kwargs)

    def split(self, *args: Any, **kwargs: Any) -> list[Any]:
        return self.compiled().split(*args, **kwargs)
