"""Which statements a recall may use: ``where`` filters and ``as_of`` views.

``recall(..., where=...)`` keeps only the candidates a :class:`StatementFilter` accepts (before the
token budget is filled, so the budget goes to statements that pass); ``recall(..., as_of=...)``
keeps the statements stored up to that time step (or instant) and shows the relation facts that
held then. Pure functions of the candidates: no store access.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from ..errors import InputError
from ..models import Relation, Statement
from .relations.facts import cue_types, profile_question, render_fact
from .validation import check_label, check_time

__all__ = ["StatementFilter", "facts_as_of", "filter_candidates"]

_KEYS = ("speaker", "source", "since", "until", "since_step", "until_step")


def _labels(value: object, what: str) -> frozenset[str] | None:
    if value is None:
        return None
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, Iterable) or isinstance(values, Mapping):
        raise InputError(f"{what} must be a string or a list of strings, got {value!r}")
    out = frozenset(check_label(v, what) or "" for v in values)
    if not out:
        raise InputError(f"{what} must name at least one value")
    return out


def _step(value: object, what: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(f"{what} must be a time step (an int >= 0), got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class StatementFilter:
    """Conditions a recalled statement must meet (all of them; None means any).

    Args:
        speakers: the statement's speaker is one of these.
        sources: the statement's source is one of these.
        since: said at or after this aware datetime.
        until: said at or before this aware datetime.
        since_step: stored at this time step or later.
        until_step: stored at this time step or earlier.

    Example:
        >>> StatementFilter.of(speaker="Alice", since_step=3)
        StatementFilter(speakers=frozenset({'Alice'}), sources=None, since=None, until=None, since_step=3, until_step=None)
    """

    speakers: frozenset[str] | None = None
    sources: frozenset[str] | None = None
    since: datetime | None = None
    until: datetime | None = None
    since_step: int | None = None
    until_step: int | None = None

    @classmethod
    def of(
        cls,
        *,
        speaker: str | Iterable[str] | None = None,
        source: str | Iterable[str] | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        since_step: int | None = None,
        until_step: int | None = None,
    ) -> StatementFilter:
        """A checked filter (one speaker/source or several); raises :class:`InputError`."""
        return cls(
            speakers=_labels(speaker, "speaker"),
            sources=_labels(source, "source"),
            since=None if since is None else check_time(since, "since"),
            until=None if until is None else check_time(until, "until"),
            since_step=_step(since_step, "since_step"),
            until_step=_step(until_step, "until_step"),
        )

    @classmethod
    def coerce(cls, where: StatementFilter | Mapping[str, Any] | None) -> StatementFilter | None:
        """``where`` as a filter: a filter, a mapping of :meth:`of`'s keywords, or None."""
        if where is None or isinstance(where, StatementFilter):
            return where
        if not isinstance(where, Mapping):
            raise InputError(f"where must be a StatementFilter or a mapping, got {where!r}")
        unknown = sorted(str(k) for k in where if k not in _KEYS)
        if unknown:
            raise InputError(f"unknown filter keys {unknown}; use {list(_KEYS)}")
        return cls.of(**where)

    def with_as_of(self, as_of: int | datetime | None) -> StatementFilter:
        """This filter narrowed to what was stored up to ``as_of`` (a step or an instant)."""
        if as_of is None:
            return self
        if isinstance(as_of, datetime):
            until = as_of if self.until is None else min(as_of, self.until)
            return replace(self, until=until)
        step = as_of if self.until_step is None else min(as_of, self.until_step)
        return replace(self, until_step=step)

    def matches(self, statement: Statement) -> bool:
        """Whether ``statement`` meets every condition."""
        if self.speakers is not None and statement.speaker not in self.speakers:
            return False
        if self.sources is not None and statement.source not in self.sources:
            return False
        if self.since is not None and statement.at < self.since:
            return False
        if self.until is not None and statement.at > self.until:
            return False
        if self.since_step is not None and statement.t_index < self.since_step:
            return False
        return self.until_step is None or statement.t_index <= self.until_step


def filter_candidates(
    ranked: Sequence[tuple[Statement, float, tuple[str, ...]]], where: StatementFilter | None
) -> list[tuple[Statement, float, tuple[str, ...]]]:
    """The ranked candidates ``where`` accepts, in their order."""
    if where is None:
        return list(ranked)
    return [c for c in ranked if where.matches(c[0])]


def facts_as_of(relations: Iterable[Relation], question: str, *, limit: int = 8) -> list[str]:
    """Facts of the relations that held at some past moment (``relations``: those that held),
    keeping those whose subject or object the question names, newest first.

    A relation that ended later is shown as it was then: current ("since step N"). The
    relations kept are chosen as a recall of the present chooses them: of the types the
    question's words ask about when it names one (when none of those held, as if it named none),
    else those whose both ends it names, or all of whom it names when it asks about them as a
    whole with no relation word ("Tell me about Alice").
    """
    text = question.casefold()

    def in_text(name: str | None) -> bool:
        return name is not None and name.casefold() in text

    named = [r for r in relations if in_text(r.subject_name) or in_text(r.object_name)]
    cues = cue_types(question)
    if cues and any(r.type in cues for r in named):
        named = [r for r in named if r.type in cues]
    elif cues or not profile_question(question):
        named = [r for r in named if in_text(r.subject_name) and in_text(r.object_name)]
    named.sort(key=lambda r: -r.valid_from_step)
    then = [replace(r, valid_to_step=None, valid_to=None, expired_at=None) for r in named]
    return [render_fact(r) for r in then[:limit]]
