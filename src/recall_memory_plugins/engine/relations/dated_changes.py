"""A text that says when its change happened: the change dated then, history when it is older
than the facts it would change.

Before this module the relation rules read every text as news of the moment it was added:
"Alice lives in Rome" (said in January), then "Back in 2019, Alice moved to Paris" (said in June)
ended Rome and stated Paris as current; "Bob joined Meta in 2015" replaced the employer Bob has
now; "Cem moved to Lyon last month" began when it was written down. :func:`text_date` finds the
one past period a text's readings name (:mod:`.text_dates`), and :func:`date_changes` applies it
to the plan's changes, against the current relations they were decided against:

- a relation the text would end that began after the period (Rome, January 2026, against 2019):
  the text is older than it; :func:`.backdated.backdate` makes the new value history (Paris from
  2019 until Rome began, never current) and drops the end, as for a statement added with an old
  ``at``. Only when the text is no correction of that fact, though: it was stated at least
  :data:`SETTLED` before the text (two texts said together, "Sofia works for Telefónica" then
  "she was poached by Vodafone last spring", or a history added without times, read in order)
  or began after the text was said (a text told late, its ``at`` older than the fact),
  the text does not name its value ("moved from Turin to Lisbon back in March", "the divorce
  from Giulia was finalised in June") and says nothing holds now ("now", "ever since", 现在);
  otherwise the text is read as before, news at the time it was said;
- otherwise the change is news, dated: each added relation holds from when the text says
  (the period's start: "last month" is the first of last month; "two years ago" that day), each
  relation it ends ends there;
- a relation that began *within* the period (said in May, "moved last month" said in June)
  cannot be ordered against it: the text is read as before, news at the time it was said.

"Since ..." (ongoing) dates news only. A closed range ("from 2018 to 2020") bounds what it
dates: it held no longer. When the text is history, its other additions that share an end with
the newer fact are history too ("Marcus was married to Rachel from 2008 to 2013" beside his
marriage to Keisha). A text qualifies when its past time phrases name one period, every sentence
the patterns read a relation from holds one, and -- when the doubt or implied-end rules proposed
anything, whose sentences are not known here -- every sentence does; several periods ("married
in 2012, divorced in 2016") date history only, by their span. A reading from an undated sentence
leaves the text read as before. Dated past states (:mod:`.patterns.past_states`: "worked at
Unilever from 2014 to 2019") are history of their own period beside the plan
(:func:`decide_in_time`): they end nothing and are never current.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from ...models import Relation, RelationChange
from ...nlp.base import Annotation
from .backdated import EndedReader, backdate, late_endings
from .corrections import as_corrected
from .endings import close_late_starts, ending_marks, without_marks
from .event_dates import event_dates
from .past_bounds import past_changes
from .patterns.past_states import PAST
from .schema import Mention, RelationCandidate, RelationProposal
from .text_dates import NOW, TextDate, sentence_dates
from .updates import SYMMETRIC, UNSURE

__all__ = ["SETTLED", "date_changes", "decide_in_time", "in_time", "others_than_read", "text_date"]

# how long a fact must have been stated before a text for the text's older period to make
# history beside it, not correct it
SETTLED = timedelta(days=1)


def decide_in_time(
    current: Sequence[Relation],
    proposals: Sequence[RelationProposal],
    candidates: Sequence[RelationCandidate],
    *,
    decide: Callable[..., list[RelationChange]],
    exclusivity: Mapping[str, str],
    new_id: Callable[[], str],
    **timing: Any,
) -> list[RelationChange]:
    """The changes that bring ``current`` up to date with ``proposals`` (``decide``), placed in
    time (:func:`in_time`, ``timing`` its other arguments); a dated past state
    (:mod:`.patterns.past_states`) is history over its period, beside them: it ends nothing."""
    if not proposals and not current:
        return []  # (nothing read and nothing current: every step below gives nothing; most chat)
    past = [p for p in proposals if PAST in p.attributes]
    rest = [p for p in proposals if PAST not in p.attributes] if past else list(proposals)
    decided = decide(current, rest, exclusivity=exclusivity, new_id=new_id)
    read = timing.get("ended")  # (the stored relations with the marks of endings: .endings)
    if read is not None:  # (the rules below never see a mark)
        timing["ended"] = lambda side, end, type_: without_marks(read(side, end, type_))
    sentences = [c.sentence for c in candidates if PAST not in c.attributes]
    changes = in_time(decided, current, read_sentences=sentences, exclusivity=exclusivity, new_id=new_id, **timing)
    if timing.get("when") is not None and timing.get("ended") is not None:  # a late "left X"
        changes += late_endings(rest, changes, timing["when"], timing["ended"])
    # an ending imported before its start: a mark, which a start told later closes at (.endings)
    changes = close_late_starts(changes, when=timing.get("when"), exclusivity=exclusivity, read=read, said_at=timing.get("said_at"))
    if any(p.negated for p in rest):
        at = _ending_time(sentences, **timing)
        changes += ending_marks(rest, decided, current, at=at, exclusivity=exclusivity, new_id=new_id)
    changes = as_corrected(changes)  # (a slip taken back never held: .corrections)
    # (the current same fact ends with the period: .past_bounds)
    done = frozenset(c.relation_id for c in changes if c.op == "end")
    return changes + past_changes(past, current, key=PAST, new_id=new_id, done=done, exclusivity=exclusivity,
                                  history=timing.get("ended"))


def _ending_time(read_sentences: Sequence[int], **timing: Any) -> datetime | None:
    """When the endings of a plan happened: the time its text names, else its statement's."""
    said_at, when = timing.get("said_at"), timing.get("when")
    if said_at is not None:
        date = text_date(timing["annotation"], read_sentences, timing.get("others", False), said_at)
        if date is not None and not date.history_only:
            return date.when
    return when if when is not None else said_at


def in_time(
    changes: Sequence[RelationChange],
    current: Sequence[Relation],
    *,
    annotation: Annotation,
    read_sentences: Sequence[int],
    others: bool,
    said_at: datetime | None,
    when: datetime | None,
    named: frozenset[str] = frozenset(),
    mentions: Sequence[Mention] = (),
    exclusivity: Mapping[str, str] | None,
    ended: EndedReader | None,
    new_id: Callable[[], str] | None,
) -> list[RelationChange]:
    """A plan's ``changes`` placed in time: dated by the text (:func:`.event_dates.event_dates`
    when it tells several events, each by its own; else :func:`text_date`, said at ``said_at``)
    when it says when they happened, else history when the statement's caller-given
    time ``when`` is older than a fact they change (:func:`.backdated.backdate`)."""
    if said_at is not None and changes:
        each = event_dates(changes, current, annotation=annotation, mentions=mentions, read_sentences=read_sentences,
                           others=others, at=said_at, when=when)  # several events, each of its own time
        if isinstance(each, dict):
            now = bool(NOW.search(annotation.text))
            by_event = _by_event(changes, current, each, exclusivity, ended, new_id, said_at=said_at, named=named, now=now)
            if by_event is not None:
                return by_event
            each = None  # (an event that cannot be ordered against what it ends: as before)
        date = each if each is not None else text_date(annotation, read_sentences, others, said_at)
        if date is not None:
            dated = date_changes(
                changes, current, date, exclusivity, ended, new_id,
                said_at=said_at, named=named, now=bool(NOW.search(annotation.text)),
            )  # fmt: skip
            if dated is not None:
                return dated
    if when is None:
        return list(changes)
    return backdate(changes, current, when, exclusivity, ended, new_id)


def others_than_read(proposals: Sequence[RelationProposal], n_read: int) -> bool:
    """Whether the plan holds proposals besides the first ``n_read`` (read from the text) that
    do not follow from them: a new marriage or school read beside a current one leaves the older
    unsure in the reading's own sentence ("was married to Marco from 2004 until their divorce in
    2010"), so such a doubt is dated with that reading; any other may come from any sentence."""
    read = [r for r in proposals[:n_read] if PAST not in r.attributes]  # (a past state dates nothing: as before)
    return any(
        not (
            UNSURE in p.attributes
            and p.type in SYMMETRIC | {"STUDIES_AT"}
            and any(r.type == p.type and not r.negated and r.subject_id in (p.subject_id, p.object_id) for r in read)
        )
        for p in proposals[n_read:]
    )


def text_date(
    annotation: Annotation,
    read_sentences: Sequence[int],
    others: bool,
    at: datetime,
) -> TextDate | None:
    """The one past period that dates the readings of ``annotation`` (said at ``at``), or None.

    ``read_sentences``: the sentences the relation candidates come from; ``others``: whether the
    plan holds proposals of unknown sentences (doubts, implied ends, turned tastes)."""
    if not read_sentences and not others:
        return None
    found = [sentence_dates(s.text, at) for s in annotation.sentences]
    periods = {d for dates in found for d in dates}
    if not periods:
        return None
    dated = {i for i, dates in enumerate(found) if dates}
    if any(i not in dated for i in read_sentences):
        return None
    if others and len(dated) != len(annotation.sentences):
        return None
    if len(periods) == 1:
        return next(iter(periods))
    if any(d.ongoing for d in periods):
        return None
    # "married in 2012, divorced in 2016": which change is which is not known; together they
    # are older than a fact that began after both (history), and date nothing else
    return TextDate(
        min(d.start for d in periods), max(d.end for d in periods), history_only=True
    )


def date_changes(
    changes: Sequence[RelationChange],
    current: Sequence[Relation],
    date: TextDate,
    exclusivity: Mapping[str, str] | None = None,
    ended: EndedReader | None = None,
    new_id: Callable[[], str] | None = None,
    *,
    said_at: datetime | None = None,
    named: frozenset[str] = frozenset(),
    now: bool = False,
) -> list[RelationChange] | None:
    """``changes`` dated by ``date`` (see the module docstring), or None when the date cannot be
    ordered against a relation they end, or the text corrects it (read the text as before).
    ``said_at``: when the text was said; ``named``: the entities it names; ``now``: whether it
    says something holds now."""
    stored = {r.id: r for r in current if r.is_current}
    ending = [stored[c.relation_id] for c in changes if c.op == "end" and c.relation_id in stored]
    if any(date.start <= r.valid_from < date.end for r in ending):
        return None
    newer = [r for r in ending if r.valid_from >= date.end]
    if (newer and date.ongoing) or (not newer and date.history_only):
        return None
    for r in newer:  # history beside a settled fact, or a correction of it (as before)
        # the end it does not share with the text's readings: its value (Turin for Matteo's
        # home, the old manager for a project)
        other = {r.subject_id, r.object_id} - {e for c in changes if c.op == "add" for e in (c.subject_id, c.object_id)}
        # (a text said before the fact began, told late, corrects nothing of it: history)
        if now or (said_at is not None and timedelta(0) <= said_at - r.valid_from < SETTLED) or other & named:
            return None
    out = list(changes)
    if newer:  # older than a fact it would change: history
        out = [_beside(c, newer, date) for c in backdate(out, current, date.when, exclusivity, ended, new_id)]
    return [_dated(c, date) for c in out]


def _by_event(
    changes: Sequence[RelationChange],
    current: Sequence[Relation],
    each: Mapping[str, TextDate | None],
    exclusivity: Mapping[str, str] | None,
    ended: EndedReader | None,
    new_id: Callable[[], str] | None,
    **text: Any,
) -> list[RelationChange] | None:
    """``changes`` dated each by its own event's period (``each``, by relation id; None:
    undated, news when said): the changes of one period as :func:`date_changes` dates a text of
    that period ("Bob joined Acme in 2024. He moved to Rome in 2025.", Initech since 2026: Acme
    history until Initech began, Rome from 2025), or None when one of them cannot be dated so."""
    if not any(r.is_current and c.op == "end" and r.id == c.relation_id and (d := each.get(c.relation_id)) is not None
               and r.valid_from >= d.start for c in changes for r in current):
        return [_dated(c, d) if (d := each.get(c.relation_id)) is not None else c for c in changes]
    groups: dict[TextDate | None, list[RelationChange]] = {}
    for c in changes:
        groups.setdefault(each.get(c.relation_id), []).append(c)
    out: list[RelationChange] = []
    for date, group in groups.items():
        dated = group if date is None else date_changes(group, current, date, exclusivity, ended, new_id, **text)
        if dated is None:
            return None
        out += dated
    return out


def _beside(change: RelationChange, newer: Sequence[Relation], date: TextDate) -> RelationChange:
    """An add of a history text: history too when a newer fact of its type shares an end with it
    ("Marcus was married to Rachel from 2008 to 2013", Marcus married to Keisha since 2026: not a
    second marriage now), and over when its range is ("lived in Lisbon, 2018 to 2020")."""
    if change.op != "add":
        return change
    if change.valid_to is None:
        ends = {change.subject_id, change.object_id}
        same = [r for r in newer if r.type == change.type and ends & {r.subject_id, r.object_id}]
        if same:
            first = min(same, key=lambda r: r.valid_from)
            change = replace(change, valid_to=first.valid_from, superseded_by=first.id)
    if date.bounded and change.valid_to is not None and date.end < change.valid_to:
        change = replace(change, valid_to=date.end)
    return change


def _dated(change: RelationChange, date: TextDate) -> RelationChange:
    if change.op == "add":
        if change.valid_from is None:
            change = replace(change, valid_from=date.when)
        if date.bounded and change.valid_to is None:  # a closed range: held within it
            change = replace(change, valid_to=date.end)
        return change
    if change.op == "end" and change.valid_to is None:
        return replace(change, valid_to=date.when)
    return change

