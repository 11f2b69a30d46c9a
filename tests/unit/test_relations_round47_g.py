"""Round 47 (g): time phrases the date reader did not know, parts of a year, and how a closed
period is shown.

- a change placed in the past by a phrase the reader did not know ("in the year 2019", "at
  Christmas 2019", "a decade ago") became today's news and ended the home held since; a past
  year no phrase places ("at Easter 2019", "Rome 2019") now stores nothing;
- "the summer of 2019", "at the end of 2021", "late last year" were read as the whole year;
- "late 2021" began at 08:00 on 1 September (a third of the year's length), not at midnight;
- "from 2014 to 2019" was shown as "2014 to 2020" (the stored end is exclusive).
"""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.text_dates import sentence_dates, unplaced_year

U = timezone.utc
SAID = datetime(2022, 6, 15, tzinfo=U)


def _home_after(phrase: str) -> list[str]:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add("Alice lives in Paris.", at=datetime(2000, 1, 1, tzinfo=U))
        m.add("Alice lives in Berlin.", at=datetime(2021, 1, 1, tzinfo=U))
        m.add(f"Alice moved to Rome {phrase}.", at=SAID)
        return [r.object_name or "" for r in m.relations("Alice", type="LIVES_IN")]


@pytest.mark.parametrize(
    "phrase",
    [
        "in the year 2019", "in mid-2019", "at Christmas 2019", "on New Year's Day 2019", "in Q3 2019",
        "in '19", "a decade ago", "around Christmas of 2019", "in the third quarter of 2019",
        "in the first half of 2019", "in spring '19", "two decades ago", "in the late '90s", "in the 1990s",
        "on 05/03/2019", "on 2019/03/05", "on Christmas Eve 2019",
    ],
)  # fmt: skip
def test_a_move_dated_before_the_current_home_is_history(phrase: str) -> None:
    assert _home_after(phrase) == ["Berlin"]


@pytest.mark.parametrize("phrase", ["2019", "at Easter 2019", "during Ramadan 2019", "before 2019", "by 2019"])
def test_a_move_in_a_past_year_no_phrase_places_is_never_news(phrase: str) -> None:
    assert "Rome" not in _home_after(phrase)


def test_a_year_that_bounds_or_counts_is_no_unplaced_year() -> None:
    for text in ("Alice moved to Rome from 2019.", "Alice paid 2000 euros to move to Rome.",
                 "Alice has lived in Rome since before 2019.", "Alice moved to Rome in 2019.",
                 "Alice moved to Rome in 2022."):  # fmt: skip
        assert unplaced_year(text, SAID) is None, text
    assert unplaced_year("Alice moved to Rome at Easter 2019.", SAID) is not None


@pytest.mark.parametrize(
    ("phrase", "start"),
    [
        ("in the summer of 2019", datetime(2019, 6, 1, tzinfo=U)),
        ("in the autumn of 2019", datetime(2019, 9, 1, tzinfo=U)),
        ("at the end of 2021", datetime(2021, 9, 1, tzinfo=U)),
        ("late last year", datetime(2021, 9, 1, tzinfo=U)),
        ("toward the end of 2021", datetime(2021, 9, 1, tzinfo=U)),
        ("in the summer of last year", datetime(2021, 6, 1, tzinfo=U)),
        ("in the middle of last year", datetime(2021, 5, 1, tzinfo=U)),
        ("in mid-2021", datetime(2021, 5, 1, tzinfo=U)),
    ],
)
def test_a_part_of_a_year_dates_the_move_within_it(phrase: str, start: datetime) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add("Alice lives in Paris.", at=datetime(2000, 1, 1, tzinfo=U))
        m.add(f"Alice moved to Rome {phrase}.", at=SAID)
        rome = [r.valid_from for r in m.relations("Alice") if r.object_name == "Rome"]
        before = [r.object_name for r in m.relations("Alice", as_of=datetime(start.year, 3, 1, tzinfo=U))]
    assert rome == [start]
    assert before == ["Paris"]


@pytest.mark.parametrize("zone", [U, ZoneInfo("Asia/Shanghai"), ZoneInfo("America/New_York")])
@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("She moved late 2021.", (2021, 9, 1)),
        ("She moved at the end of last year.", (2021, 9, 1)),
        ("She moved in early 2021.", (2021, 1, 1)),
        ("She moved in mid-2021.", (2021, 5, 1)),
        ("She moved in late March 2021.", (2021, 3, 22)),
        ("她去年年底搬家了。", (2021, 9, 1)),
        ("她2021年下半年搬家了。", (2021, 7, 1)),
    ],
)
def test_a_part_of_a_period_starts_at_local_midnight(text: str, first: tuple[int, int, int], zone: object) -> None:
    at = datetime(2022, 6, 15, 12, tzinfo=zone)  # type: ignore[arg-type]
    (date,) = sentence_dates(text, at)
    assert date.start.astimezone(at.tzinfo) == datetime(*first, tzinfo=at.tzinfo)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Kwame worked at Unilever from 2014 to 2019.", "2014 to 2019"),
        ("Kwame worked at Unilever between 2014 and 2019.", "2014 to 2019"),
        ("Kwame worked at Unilever from 2014 until 2019.", "2014 to 2019"),
        ("In 2019 Kwame worked at Unilever.", "(2019, step 1)"),
        ("Kwame worked at Unilever from March to May 2019.", "Mar 2019 to May 2019"),
    ],
)
def test_a_closed_period_is_shown_as_the_text_said_it(text: str, shown: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add(text, at=SAID)
        facts = m.recall("Where did Kwame work?", token_budget=200).facts
    assert any(shown in f for f in facts), facts
    assert not any("2020" in f or "Jun 2019" in f for f in facts), facts


def test_history_before_a_newer_fact_ends_where_that_fact_began() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as m:
        m.add("Alice moved to Rome in 2021.", at=SAID)
        m.add("Alice moved to Paris in 2019.", at=SAID)
        facts = m.recall("Where does Alice live?", token_budget=200).facts
    assert any("before: Paris, 2019 to 2021" in f for f in facts), facts
