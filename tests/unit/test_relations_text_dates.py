"""The time phrases of a statement (``engine/relations/text_dates.py``) and what a date does to a
plan's changes (``engine/relations/dated_changes.py``)."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from recall_memory_plugins.engine.relations.dated_changes import SETTLED, date_changes
from recall_memory_plugins.engine.relations.text_dates import TextDate, sentence_dates
from recall_memory_plugins.models import Relation, RelationChange

AT = datetime(2026, 6, 10, 12, tzinfo=timezone.utc)  # a Wednesday


@pytest.mark.parametrize(
    ("text", "start", "end", "ongoing"),
    [
        ("Back in 2019, Alice moved to Paris.", date(2019, 1, 1), date(2020, 1, 1), False),
        ("Bob joined Meta on 9 November 2022.", date(2022, 11, 9), date(2022, 11, 10), False),
        ("She started there in March 2021.", date(2021, 3, 1), date(2021, 4, 1), False),
        ("We moved in late 2020.", date(2020, 9, 1), date(2021, 1, 1), False),
        ("He moved to Lyon last month.", date(2026, 5, 1), date(2026, 6, 1), False),
        ("I quit yesterday.", date(2026, 6, 9), date(2026, 6, 10), False),
        ("as of last Monday I'm leading Polaris", date(2026, 6, 8), date(2026, 6, 9), True),
        ("he started at Google on Monday", date(2026, 6, 8), date(2026, 6, 9), False),
        ("I lived in Lisbon, 2018 to 2020.", date(2018, 1, 1), date(2021, 1, 1), False),
        ("my notes from January to November 2021", date(2021, 1, 1), date(2021, 12, 1), False),
        ("I have lived in Rome since 2019.", date(2019, 1, 1), date(2020, 1, 1), True),
        ("in March she took over", date(2026, 3, 1), date(2026, 4, 1), False),
        ("in August he moved", date(2025, 8, 1), date(2025, 9, 1), False),  # the latest August
        ("王五2018年搬到了北京。", date(2018, 1, 1), date(2019, 1, 1), False),
        ("王五上个月搬到了北京。", date(2026, 5, 1), date(2026, 6, 1), False),
        ("去年年底他跳槽了。", date(2025, 9, 1), date(2026, 1, 1), False),
        ("前年他在杭州住过。", date(2024, 1, 1), date(2025, 1, 1), False),
        ("我2017年到2019年在杭州住过。", date(2017, 1, 1), date(2020, 1, 1), False),
        ("自从2020年以来他一直在华为。", date(2020, 1, 1), date(2021, 1, 1), True),
        ("前天起我改向何丽汇报了。", date(2026, 6, 8), date(2026, 6, 9), True),
    ],
)
def test_a_phrase_names_its_period(text: str, start: date, end: date, ongoing: bool) -> None:
    (found,) = sentence_dates(text, AT)
    assert (found.start.date(), found.end.date(), found.ongoing) == (start, end, ongoing)


@pytest.mark.parametrize(
    "text",
    [
        "Next month I move to Rome.",  # the future: a plan
        "我明年搬去上海。",
        "Until 2019 I lived in Rome.",  # a bound, not a date
        "He will stay there till March.",
        "Before 2015 she worked for IBM.",
        "2019年以前他住在上海。",
        "I have lived here for 2 years.",
        "Alice lives in Paris.",
    ],
)
def test_no_date_where_none_is_said(text: str) -> None:
    assert sentence_dates(text, AT) == []


def test_n_units_ago_is_that_point() -> None:
    (two_years,) = sentence_dates("Alice moved to Rome two years ago.", AT)
    assert two_years.when.date() == date(2024, 6, 10)
    (weeks,) = sentence_dates("搬到成都已经快两周了", AT)
    assert weeks.ongoing and weeks.when.date() == date(2026, 5, 27)


def _rel(rid: str, obj: str, valid_from: datetime) -> Relation:
    return Relation(
        namespace="n", id=rid, subject_id="alice", subject_name="Alice", type="LIVES_IN",
        object_id=obj, object_name=obj, attributes={}, valid_from_step=1,
        valid_from=valid_from, recorded_at=valid_from,
    )  # fmt: skip


MOVE = [
    RelationChange(op="end", relation_id="rome", superseded_by="paris"),
    RelationChange(op="add", relation_id="paris", subject_id="alice", type="LIVES_IN", object_id="paris"),
]  # fmt: skip
Y2019 = TextDate(datetime(2019, 1, 1, tzinfo=timezone.utc), datetime(2020, 1, 1, tzinfo=timezone.utc))


def test_older_than_a_settled_fact_is_history() -> None:
    rome = _rel("rome", "rome", datetime(2026, 1, 10, tzinfo=timezone.utc))
    out = date_changes(MOVE, [rome], Y2019, said_at=AT)
    assert out is not None
    assert [c.op for c in out] == ["add"]  # Rome is not ended
    (paris,) = out
    assert paris.valid_from == Y2019.start and paris.valid_to == rome.valid_from
    assert paris.superseded_by == "rome"


def test_a_correction_is_not_history() -> None:
    rome = _rel("rome", "rome", datetime(2026, 1, 10, tzinfo=timezone.utc))
    # said right after the fact it changes: read as before
    assert date_changes(MOVE, [rome], Y2019, said_at=rome.valid_from + SETTLED / 2) is None
    # the text names the value it changes from, or says its news holds now
    assert date_changes(MOVE, [rome], Y2019, said_at=AT, named=frozenset({"rome"})) is None
    assert date_changes(MOVE, [rome], Y2019, said_at=AT, now=True) is None
    # a fact that began within the period cannot be ordered against it
    in_2019 = _rel("rome", "rome", datetime(2019, 6, 1, tzinfo=timezone.utc))
    assert date_changes(MOVE, [in_2019], Y2019, said_at=AT) is None


def test_news_is_dated_at_its_start() -> None:
    rome = _rel("rome", "rome", datetime(2018, 3, 1, tzinfo=timezone.utc))
    out = date_changes(MOVE, [rome], Y2019, said_at=AT)
    assert out is not None
    end, add = out
    assert end.op == "end" and end.valid_to == Y2019.start
    assert add.op == "add" and add.valid_from == Y2019.start and add.valid_to is None


@pytest.mark.parametrize(
    "at",
    [datetime(1, 1, 1, tzinfo=timezone.utc), datetime(9999, 12, 31, 23, tzinfo=timezone.utc)],
)
def test_a_time_at_the_calendars_ends_dates_nothing_and_raises_nothing(at: datetime) -> None:
    for text in ("Alice moved to Rome last year.", "two years ago", "in December", "去年", "三年前",
                 "the year before last", "earlier this month", "上上个月"):  # fmt: skip
        for found in sentence_dates(text, at):
            assert found.start < found.end <= at
