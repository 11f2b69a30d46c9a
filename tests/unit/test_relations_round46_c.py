"""Forty-sixth round of the relation layer (c): when the changes of an English text happened.

A chain of moves ends at its last stop ("moved to Paris after college, then to Rome": Rome is the
home, Paris is not); a state's length after a present perfect says when it began ("has been
living in Austin for a year now": from a year ago, and the old home ended then); a text of two
events dates each by its own time phrase ("left Acme in 2025 and joined Globex in January"); and
"last weekend" is the Saturday and Sunday before this week's Monday, not last week's Monday.
Real SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""
from __future__ import annotations

import datetime as dt

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.text_dates import sentence_dates

UTC = dt.timezone.utc
OLD = dt.datetime(2023, 1, 10, 12, tzinfo=UTC)
SAID = dt.datetime(2026, 6, 15, 12, tzinfo=UTC)


def _told(texts: list[str], ats: list[dt.datetime]) -> TemporalGraphMemory:
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    for text, at in zip(texts, ats, strict=True):
        memory.add(text, namespace="u", at=at)
    return memory


def _facts(memory: TemporalGraphMemory, as_of: dt.datetime | None = None) -> set[tuple[str, str, str]]:
    return {(r.subject_name, r.type, r.object_name) for r in memory.relations(namespace="u", as_of=as_of)}


def _since(memory: TemporalGraphMemory, who: str, what: str) -> dt.datetime | None:
    found = [r.valid_from for r in memory.timeline(who, namespace="u") if r.object_name == what and r.valid_to is None]
    return found[0] if found else None


# -- 10. a chain of moves: the last stop is the home --------------------------------------------------

@pytest.mark.parametrize(("chain", "home"), [
    ("Alice moved to Paris after college, then to Rome.", "Rome"),
    ("Alice moved to Paris, and later to Berlin.", "Berlin"),
    ("Alice moved to Paris, then back to Rome.", "Rome"),
    ("Alice moved to Paris before moving to Berlin.", "Berlin"),
    ("Alice moved to Paris, then Berlin.", "Berlin"),
    ("Alice relocated to Oslo after the divorce, and then to Bergen.", "Bergen"),
    ("Alice moved from Rome to Paris in 2025, and then to Berlin this year.", "Berlin"),
])
def test_a_chain_of_moves_ends_at_its_last_stop(chain: str, home: str) -> None:
    memory = _told(["Alice lives in Rome.", chain], [OLD, SAID])
    homes = {f[2] for f in _facts(memory) if f[:2] == ("Alice", "LIVES_IN")}
    assert homes == {home}, homes


def test_a_chain_is_dated_by_its_last_step_only() -> None:
    memory = _told(["Alice lives in Rome.", "Alice moved from Rome to Paris in 2025, and then to Berlin this year."], [OLD, SAID])
    assert _facts(memory, dt.datetime(2025, 6, 1, tzinfo=UTC)) & {("Alice", "LIVES_IN", "Berlin"), ("Alice", "LIVES_IN", "Rome")} == set()
    memory = _told(["Alice moved to Paris in 2020 and then on to Berlin in 2023."], [SAID])
    assert _since(memory, "Alice", "Berlin") == dt.datetime(2023, 1, 1, tzinfo=UTC)
    assert ("Alice", "LIVES_IN", "Paris") not in _facts(memory, dt.datetime(2024, 1, 1, tzinfo=UTC))


def test_a_move_before_another_persons_clause_is_no_chain() -> None:
    memory = _told(["Alice lives in Rome.", "Alice moved to Paris, then Bob joined Acme."], [OLD, SAID])
    assert ("Alice", "LIVES_IN", "Paris") in _facts(memory)


# -- 11. "has been living in Austin for a year now": it began a year ago ------------------------------

@pytest.mark.parametrize(("old", "new", "then", "now"), [
    ("Tom lives in Denver.", "Tom has been living in Austin for a year now.", "2025-12-01", ("Tom", "LIVES_IN", "Austin")),
    ("Tom lives in Denver.", "Tom's been in Austin for about two years.", "2025-01-15", ("Tom", "LIVES_IN", "Austin")),
    ("Tom lives in Denver.", "Tom has been living in Austin for the past eight months.", "2026-01-15", ("Tom", "LIVES_IN", "Austin")),
    ("Tom lives in Denver.", "Tom has lived in Austin for two years.", "2025-01-15", ("Tom", "LIVES_IN", "Austin")),
    ("Tom works at IBM.", "Tom has been working at Google for two years now.", "2025-01-15", ("Tom", "WORKS_FOR", "Google")),
])
def test_how_long_a_state_has_held_dates_its_start(old: str, new: str, then: str, now: tuple[str, str, str]) -> None:
    memory = _told([old, new], [OLD, SAID])
    at_then = _facts(memory, dt.datetime.fromisoformat(then).replace(tzinfo=UTC))
    assert now in at_then, at_then
    assert not any(f[:2] == now[:2] and f != now for f in at_then), at_then


@pytest.mark.parametrize("text", [
    "Tom lived in Austin for two years.", "Tom had lived in Austin for two years.",
    "Tom will have been in Austin for a year in May.", "Tom hasn't lived in Austin for two years.",
    "Tom is staying in Austin for two weeks.", "Tom has been to Austin. He stayed for two weeks.",
])
def test_a_length_without_a_present_perfect_dates_nothing(text: str) -> None:
    assert all(not d.ongoing for d in sentence_dates(text, SAID)), text


# -- 12. two events, each of its own time ---------------------------------------------------------

@pytest.mark.parametrize(("old", "text", "probe", "now"), [
    ("Alice works at Acme.", "Alice left Acme in 2025 and joined Globex in January.", "2026-03-01", ("Alice", "WORKS_FOR", "Globex")),
    ("Alice works at Acme.", "Alice joined Globex in January after leaving Acme in 2025.", "2026-03-01", ("Alice", "WORKS_FOR", "Globex")),
    ("Alice works at Acme.", "Alice left Acme in 2025. She joined Globex in January.", "2026-03-01", ("Alice", "WORKS_FOR", "Globex")),
    ("Alice works at Acme.", "In 2025 Alice left Acme, and in March she joined Globex.", "2026-04-01", ("Alice", "WORKS_FOR", "Globex")),
    ("Alice works at Acme.", "Alice quit Acme in March 2025; she joined Globex in January.", "2026-03-01", ("Alice", "WORKS_FOR", "Globex")),
    ("Alice lives in Rome.", "Alice left Rome in 2025 and moved to Paris in January.", "2026-03-01", ("Alice", "LIVES_IN", "Paris")),
])
def test_each_event_is_dated_by_its_own_time(old: str, text: str, probe: str, now: tuple[str, str, str]) -> None:
    memory = _told([old, text], [dt.datetime(2024, 1, 10, 12, tzinfo=UTC), SAID])
    at_probe = _facts(memory, dt.datetime.fromisoformat(probe).replace(tzinfo=UTC))
    assert {f for f in at_probe if f[:2] == now[:2]} == {now}, at_probe
    # the old value ended in 2025, not at the time the text was told
    assert not any(f[:2] == now[:2] for f in _facts(memory, dt.datetime(2025, 9, 1, tzinfo=UTC))), memory.timeline("Alice", namespace="u")


def test_one_time_for_two_changes_dates_both() -> None:
    memory = _told(["Alice works at Acme.", "In March Alice left Acme and joined Globex."], [dt.datetime(2024, 1, 10, 12, tzinfo=UTC), SAID])
    assert _since(memory, "Alice", "Globex") == dt.datetime(2026, 3, 1, tzinfo=UTC)


# -- 14. "last weekend" ---------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "saturday"), [
    (dt.datetime(2026, 3, 9, 12, tzinfo=UTC), dt.datetime(2026, 3, 7, tzinfo=UTC)),  # a Monday
    (dt.datetime(2026, 3, 11, 12, tzinfo=UTC), dt.datetime(2026, 3, 7, tzinfo=UTC)),  # a Wednesday
    (dt.datetime(2026, 3, 15, 12, tzinfo=UTC), dt.datetime(2026, 3, 7, tzinfo=UTC)),  # a Sunday
])
@pytest.mark.parametrize("text", ["Tom moved to Austin last weekend.", "Tom joined Google this past weekend."])
def test_last_weekend_is_the_weekend_before_this_week(said: dt.datetime, saturday: dt.datetime, text: str) -> None:
    (date,) = sentence_dates(text, said)
    assert (date.start, date.end) == (saturday, saturday + dt.timedelta(days=2))
    old = "Tom lives in Denver." if "Austin" in text else "Tom works at IBM."
    memory = _told([old, text], [OLD, said])
    thursday = saturday - dt.timedelta(days=2)
    assert not any(f[2] in ("Austin", "Google") for f in _facts(memory, thursday))
    assert any(f[2] in ("Austin", "Google") for f in _facts(memory, saturday + dt.timedelta(hours=12)))
