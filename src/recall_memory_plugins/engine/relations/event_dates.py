"""Each change of a text dated by the time phrase of its own event.

:func:`.dated_changes.text_date` dates a text by the one past period it names. A text may name
one per event: "Alice left Acme in 2025 and joined Globex in January" (Acme ended in 2025,
Globex began in January); "moved to Paris in 2020 and then to Berlin in 2023"; "moved from Rome
to Paris in 2025, and then to Berlin" (Rome ended in 2025; when Berlin began is not said).
:func:`event_dates` cuts the text into events -- sentences, and within one at "then", "later",
"afterwards" ..., and when it names several periods also at "and", "but", "after", "before",
";" -- and dates a change by the period of the event that names its value (the object: Acme,
Globex; for a marriage either person), the first one after the value in that event, else the
last one before it ("In 2019, Alice moved to Paris"). An event with no period leaves its change
undated (news when said). An end whose value the text does not name takes its successor's date;
when the text replaced that successor in turn ("Alice moved to Berlin in 2018. She moved to Rome
in 2021.": the plan keeps Rome, not Berlin), the first period told after the end's value began
(:func:`_replaced_again`: ended no later than it really did, so never stated after it ended).
When all of them fall in one period, that period dates the text as :func:`.dated_changes.date_changes`
does a text of one (history before a newer fact included); when every change has a period of its
own, the changes of each period are dated as a text of that period, history or news
("Bob joined Acme in 2024. He moved to Rome in 2025.", Initech stated since 2026: Acme history
until Initech began, Rome from 2025).

When a change cannot be placed so (its value is named nowhere, or in events of different
periods) the text's several periods date every change by the end of the latest: each happened
by then, so no value is stated before it began or after it ended, and the old one is not said to
have held until the text was told. Texts whose changes would become history (a current fact
that began after the period) or that say something holds now are left to
:func:`.dated_changes.date_changes`, as are texts of one period and one event.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from itertools import pairwise

from ...models import Relation, RelationChange
from ...nlp.base import Annotation
from .schema import Mention
from .text_dates import NOW, TextDate, sentence_dates
from .updates import SYMMETRIC

__all__ = ["event_dates"]

# where a later event begins: "then", "and later", "afterwards" (not "since then", "back then")
_LATER = re.compile(
    r"(?<!\bsince\s)(?<!\bby\s)(?<!\buntil\s)(?<!\btill\s)(?<!\bback\s)(?<!\bjust\s)(?<!\bfrom\s)(?<!\beven\s)"
    r"\b(?:(?:and\s+)?then|(?:and\s+)?later(?!\s+(?:that|this|in|on)\b)|afterwards?|after\s+that|subsequently)\b",
    re.IGNORECASE,
)
# where another event may begin, in a text of several periods
_ANOTHER = re.compile(r";|\b(?:and|but|after|before|following|while|whereas)\b", re.IGNORECASE)
_UNDATED = "undated"  # (an event without a period: the change is news when said)

Slot = TextDate | str | None  # a period, _UNDATED, or None (not placed)


def event_dates(
    changes: Sequence[RelationChange],
    current: Sequence[Relation],
    *,
    annotation: Annotation,
    mentions: Sequence[Mention],
    read_sentences: Sequence[int],
    others: bool,
    at: datetime,
    when: datetime | None = None,
) -> dict[str, TextDate | None] | TextDate | None:
    """The period that dates each of ``changes`` (by ``relation_id``; None: undated), the one
    period that dates them all, or None to leave the text to :func:`.dated_changes.text_date`
    and :func:`.dated_changes.date_changes` (see the module docstring). ``at``:
    when the text was said; ``when``: the caller's time of it (older than a current fact: left
    to :func:`.backdated.backdate`, as before)."""
    if not mentions or (not read_sentences and not others):
        return None
    if when is not None and any(r.is_current and r.valid_from > when for r in current):
        return None
    found = [sentence_dates(s.text, at) for s in annotation.sentences]
    periods = {d for dates in found for d in dates}
    dated = {i for i, dates in enumerate(found) if dates}
    if not periods or (others and len(dated) != len(found)):
        return None  # (as :func:`.dated_changes.text_date`: a proposal of an unknown, undated sentence)
    # a reading of an undated sentence ("Ten years ago, Tom joined Lumen. He lives in Porto."):
    # its change is news when said, the others dated by their own events, when each is placed
    undated = any(i not in dated for i in read_sentences)
    several = len(periods) > 1
    events = _events(annotation, found, several)
    if not several and not undated and len(events) == len(annotation.sentences):
        return None  # one period, one event a sentence: as before
    spots: dict[str, list[int]] = {}
    for m in mentions:
        for i in m.entity_ids:
            spots.setdefault(i, []).append(m.start)
    stored = {r.id: r for r in current if r.is_current}
    placed: dict[str, Slot] = {}
    for c in changes:
        if c.op == "add":
            placed[c.relation_id] = _place(_values(c.type, c.subject_id, c.object_id), spots, events)
        elif c.op == "end" and c.relation_id in stored:
            r = stored[c.relation_id]
            placed[c.relation_id] = _place(_values(r.type, r.subject_id, r.object_id), spots, events)
    for c in changes:  # an end the text does not name: when its successor began
        if c.op == "end" and placed.get(c.relation_id) is None and c.superseded_by in placed:
            placed[c.relation_id] = placed[c.superseded_by]
        elif c.op == "end" and placed.get(c.relation_id) is None and c.relation_id in stored and c.superseded_by:
            placed[c.relation_id] = _replaced_again(stored[c.relation_id], changes, placed, events)
    ending = [(stored[c.relation_id], placed.get(c.relation_id)) for c in changes if c.op == "end" and c.relation_id in stored]
    if all(placed.get(c.relation_id) is not None for c in changes if c.op in ("add", "end")):
        own = {v for v in placed.values() if isinstance(v, TextDate)}
        if _UNDATED not in placed.values() and len(own) <= 1:
            # every change of one period ("moved to Paris in 2020 and then to Berlin in 2023":
            # Berlin's): the text is dated by it, as a text of one period
            return next(iter(own)) if several and own else None
        # (every change of its own period, some older than the facts they change: each event
        # dated by its own, history or news, by :func:`.dated_changes.in_time`)
        if _UNDATED not in placed.values() or not any(isinstance(d, TextDate) and r.valid_from >= d.start for r, d in ending):
            return {k: v if isinstance(v, TextDate) else None for k, v in placed.items()}
    if undated or not several or any(d.ongoing for d in periods) or NOW.search(annotation.text):
        return None
    first, latest = min(d.start for d in periods), max(d.end for d in periods)
    if any(r.valid_from >= first for r, _ in ending):
        return None  # (history beside a newer fact: :func:`.dated_changes.date_changes`)
    by_then = TextDate(latest, latest)
    return {c.relation_id: by_then for c in changes if c.op in ("add", "end")}


def _replaced_again(r: Relation, changes: Sequence[RelationChange], placed: Mapping[str, Slot],
                    events: Sequence[tuple[int, int, list[TextDate]]]) -> Slot:
    """When ``r`` ended, for a text that replaced its successor in turn ("Alice moved to Berlin
    in 2018. She moved to Rome in 2021.": Paris gave way to Berlin, which the plan does not
    keep): when the first of them began, not known here but not before the first period named
    up to the last successor's event that is after ``r`` began -- ended then, ``r`` is never
    stated after it ended. With none, the last successor's period (older than ``r``: history);
    None when a period told before the last successor is later than its own."""
    same = [c for c in changes if c.op == "add" and c.type == r.type]
    last = [placed.get(c.relation_id) for c in same if c.subject_id == r.subject_id] or [
        placed.get(c.relation_id) for c in same if c.object_id == r.object_id
    ]
    if not last or not isinstance(last[-1], TextDate):
        return None
    slot = last[-1]
    told = [d for lo, _, dates in events if lo <= slot.span[0] for d in dates]
    if any(d.start > slot.start for d in told):
        return None  # (told out of order: which value came last is not known here)
    after = [d for d in told if d.start > r.valid_from]
    free = [d for d in after if d not in placed.values()]  # (the replaced successor's: it dates no change)
    return min(free or after, key=lambda d: d.start) if after else slot


def _values(type_: str, subject_id: str, object_id: str | None) -> tuple[str, ...]:
    """The ends that name a relation's value, in the order tried: its object; for a marriage
    (either way round) also its subject."""
    if object_id is None:
        return (subject_id,)
    return (object_id, subject_id) if type_ in SYMMETRIC else (object_id,)


def _place(ids: tuple[str, ...], spots: Mapping[str, list[int]], events: Sequence[tuple[int, int, list[TextDate]]]) -> Slot:
    """The period of the events that name the first of ``ids`` the text names in events of one
    period (None: named nowhere, or each in events of different periods)."""
    for i in ids:
        if i not in spots:
            continue
        slots = {_in_event(p, events) for p in spots[i]}
        slots.discard(None)
        if len(slots) == 1:
            return next(iter(slots))
    return None


def _in_event(spot: int, events: Sequence[tuple[int, int, list[TextDate]]]) -> Slot:
    for lo, hi, dates in events:
        if lo <= spot < hi:
            if not dates:
                return _UNDATED
            after = [d for d in dates if d.span[0] >= spot]  # (absolute offsets, see _events)
            return after[0] if after else dates[-1]
    return None


def _events(annotation: Annotation, found: Sequence[Sequence[TextDate]], several: bool) -> list[tuple[int, int, list[TextDate]]]:
    """The events of the text, in order: (start, end, their periods in text order; each period's
    ``span`` moved to offsets into the annotated text)."""
    out: list[tuple[int, int, list[TextDate]]] = []
    for s, dates in zip(annotation.sentences, found, strict=True):
        cuts = [m.start() for m in _LATER.finditer(s.text)]
        if several:
            cuts += [m.start() for m in _ANOTHER.finditer(s.text)]
        bounds = [0, *sorted(set(cuts)), len(s.text)]
        for lo, hi in pairwise(bounds):
            inside = sorted((d for d in dates if lo <= d.span[0] < hi), key=lambda d: d.span[0])
            moved = [_moved(d, s.start_char) for d in inside]
            out.append((s.start_char + lo, s.start_char + hi, moved))
    return out


def _moved(d: TextDate, offset: int) -> TextDate:
    return TextDate(d.start, d.end, d.ongoing, d.point, d.history_only, d.bounded, (d.span[0] + offset, d.span[1] + offset))
