"""Forty-eighth round of the relation layer, session T: being right about *when*.

- a text of several dated sentences dates each change by its own sentence ("Nadia moved to
  Quito in 2017. She moved to Lima in 2022."), news or history told late;
- a past start with a present "still" ("joined Acme in 2019 and still works there") is news that
  holds now, not history beside an older fact;
- a past range given with months ("from April 2016 to May 2019", 2015年4月到2018年9月) is read as
  that range, and doubts nothing about today's value;
- a dated past state that an ended value of an exclusive type held through ("In 2019 Nadia lived
  in Cusco", Quito stated 2015 to 2021) is not stored: two homes at once are never stated, and
  the value we were told held is not cut;
- chat spellings of time phrases ("2 yrs ago", "last wk", "3 mos ago", "yday") date a change as
  the spelled-out forms do.

Real SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

SAID = datetime(2026, 6, 10, 12, tzinfo=timezone.utc)


def _d(year: int, month: int = 1, day: int = 1) -> datetime:
    return datetime(year, month, day, tzinfo=timezone.utc)


@pytest.fixture
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


def _spans(memory: TemporalGraphMemory, who: str, type_: str) -> dict[str, tuple[datetime, datetime | None]]:
    return {r.object_name: (r.valid_from, r.valid_to) for r in memory.timeline(who, namespace="n") if r.type == type_}


def _now(memory: TemporalGraphMemory, who: str) -> set[str]:
    return {r.object_name for r in memory.relations(who, namespace="n")}


# --- several dated sentences: each change dated by its own -------------------------------------

TWO_MOVES = [
    ("Nadia moved to Quito in 2017. She moved to Lima in 2022.", _d(2017), _d(2022)),
    ("In 2017 Nadia moved to Quito. In 2022 she moved to Lima.", _d(2017), _d(2022)),
    ("Nadia moved to Quito in April 2017. She moved to Lima in October 2022.", _d(2017, 4), _d(2022, 10)),
    ("Nadia relocated to Quito in 2017. She moved to Lima in 2022.", _d(2017), _d(2022)),
]


@pytest.mark.parametrize(("text", "first", "second"), TWO_MOVES)
def test_each_sentence_dates_its_own_move_news(memory: TemporalGraphMemory, text: str, first: datetime, second: datetime) -> None:
    memory.add("Nadia lives in Bogota.", namespace="n", at=_d(2009))
    memory.add(text, namespace="n", at=SAID)
    homes = _spans(memory, "Nadia", "LIVES_IN")
    assert homes["Lima"] == (second, None)
    # Bogota is never stated for a time the text places her elsewhere (after the first move)
    assert homes["Bogota"][1] is not None and homes["Bogota"][1] <= first
    assert _now(memory, "Nadia") == {"Lima"}
    assert {r.object_name for r in memory.relations("Nadia", namespace="n", as_of=second + timedelta(days=40))} == {"Lima"}


@pytest.mark.parametrize(("text", "first", "second"), TWO_MOVES)
def test_each_sentence_dates_its_own_move_history(memory: TemporalGraphMemory, text: str, first: datetime, second: datetime) -> None:
    del first
    memory.add("Nadia lives in Bogota.", namespace="n", at=_d(2026, 1))
    memory.add(text, namespace="n", at=SAID)
    homes = _spans(memory, "Nadia", "LIVES_IN")
    assert homes.get("Lima") in (None, (second, _d(2026, 1)))  # history until Bogota, from its own year
    assert _now(memory, "Nadia") == {"Bogota"}


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Omar joined Globex in 2023. He moved to Porto in 2025.", {"Globex": _d(2023), "Porto": _d(2025)}),
        ("Omar visited Seville in 2019. He moved to Porto in 2024.", {"Porto": _d(2024)}),
    ],
)
def test_sentences_of_other_facts_date_nothing_else(memory: TemporalGraphMemory, text: str, values: dict[str, datetime]) -> None:
    memory.add("Omar works at Hooli.", namespace="n", at=_d(2026, 1))
    memory.add(text, namespace="n", at=SAID)
    starts = {r.object_name: r.valid_from for r in memory.timeline("Omar", namespace="n")}
    for name, start in values.items():
        assert starts[name] == start
    assert "Hooli" in _now(memory, "Omar")


# --- "still" in the present tense: the news holds now -------------------------------------------


@pytest.mark.parametrize(
    ("first", "text", "value", "old"),
    [
        ("Ravi works at Initrode.", "Ravi joined Vandelay in 2020 and still works there.", "Vandelay", "Initrode"),
        ("Ravi works at Initrode.", "Ravi joined Vandelay in 2020 and is still there.", "Vandelay", "Initrode"),
        ("Ravi works at Initrode.", "Back in 2020 Ravi joined Vandelay, where he still works.", "Vandelay", "Initrode"),
        ("Ravi works at Initrode.", "Ravi joined Vandelay in 2020; he's still with them.", "Vandelay", "Initrode"),
        ("Ravi lives in Kyiv.", "Ravi moved to Riga in 2019 and still lives there.", "Riga", "Kyiv"),
    ],
)
def test_a_past_start_that_still_holds_is_current(memory: TemporalGraphMemory, first: str, text: str, value: str, old: str) -> None:
    memory.add(first, namespace="n", at=_d(2026, 1))
    memory.add(text, namespace="n", at=SAID)
    now = _now(memory, "Ravi")
    assert old not in now
    assert value in now


def test_still_in_the_past_tense_is_no_news(memory: TemporalGraphMemory) -> None:
    memory.add("Ravi works at Initrode.", namespace="n", at=_d(2026, 1))
    memory.add("In 2019 Ravi was still working at Vandelay.", namespace="n", at=SAID)
    assert "Initrode" in _now(memory, "Ravi")
    assert "Vandelay" not in _now(memory, "Ravi")


# --- past ranges with months ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "text", "who", "value", "old", "span"),
    [
        ("Lena lives in Graz.", "Lena lived in Linz between April 2016 and May 2019.", "Lena", "Linz", "Graz", (_d(2016, 4), _d(2019, 6))),
        ("Lena lives in Graz.", "Lena lived in Linz from April 2016 to May 2019.", "Lena", "Linz", "Graz", (_d(2016, 4), _d(2019, 6))),
        ("Lena lives in Graz.", "From Sept 2015 until Dec 2018 Lena lived in Linz.", "Lena", "Linz", "Graz", (_d(2015, 9), _d(2019, 1))),
        ("Lena works at Umbrella.", "Lena worked at Cyberdyne from April 2013 to May 2017.", "Lena", "Cyberdyne", "Umbrella", (_d(2013, 4), _d(2017, 6))),
        ("李雷在华为工作。", "李雷2015年4月到2018年9月在小米工作。", "李雷", "小米", "华为", (_d(2015, 4), _d(2018, 10))),
        ("李雷在华为工作。", "李雷2015年4月至2018年9月在小米工作。", "李雷", "小米", "华为", (_d(2015, 4), _d(2018, 10))),
    ],
)
def test_a_month_range_is_that_range_and_doubts_nothing(
    memory: TemporalGraphMemory, first: str, text: str, who: str, value: str, old: str, span: tuple[datetime, datetime]
) -> None:
    memory.add(first, namespace="n", at=_d(2026, 1))
    memory.add(text, namespace="n", at=SAID)
    assert _now(memory, who) == {old}
    assert _spans(memory, who, memory.timeline(who, namespace="n")[0].type).get(value) in (None, span)


def test_a_month_range_alone_is_history_not_a_last_month(memory: TemporalGraphMemory) -> None:
    memory.add("Lena lived in Linz between April 2016 and May 2019.", namespace="n", at=SAID)
    assert _spans(memory, "Lena", "LIVES_IN")["Linz"] == (_d(2016, 4), _d(2019, 6))
    assert not _now(memory, "Lena")


# --- a dated past state inside an ended value: one value at every time ----------------------------


@pytest.mark.parametrize(
    ("texts", "late", "who", "asked"),
    [
        ((("Nadia lives in Quito.", _d(2015)), ("Nadia moved to Lima.", _d(2021))), "In 2019 Nadia lived in Cusco.", "Nadia", _d(2019, 6)),
        ((("Nadia lives in Quito.", _d(2015)), ("Nadia moved to Lima.", _d(2021))), "Nadia lived in Cusco from 2017 to 2018.", "Nadia", _d(2017, 6)),
        ((("Tariq reports to Ines.", _d(2020)), ("Tariq reports to Joao.", _d(2024))), "Tariq reported to Kofi in 2022.", "Tariq", _d(2022, 6)),
    ],
)
def test_a_past_state_inside_an_ended_value_states_one_value(
    memory: TemporalGraphMemory, texts: tuple[tuple[str, datetime], ...], late: str, who: str, asked: datetime
) -> None:
    for text, at in texts:
        memory.add(text, namespace="n", at=at)
    memory.add(late, namespace="n", at=SAID)
    then = [(r.type, r.object_name) for r in memory.relations(who, namespace="n", as_of=asked)]
    assert len(then) == len({t for t, _ in then}) == 1


def test_a_past_state_between_ended_values_is_still_history(memory: TemporalGraphMemory) -> None:
    memory.add("Nadia lives in Quito.", namespace="n", at=_d(2021))
    memory.add("In 2018 Nadia lived in Cusco.", namespace="n", at=SAID)
    assert _spans(memory, "Nadia", "LIVES_IN")["Cusco"] == (_d(2018), _d(2019))


# --- chat spellings of time phrases -------------------------------------------------------------

CHAT_SAID = datetime(2026, 6, 17, 12, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("turn", "spelled"),
    [
        ("I moved to Tromso 2 yrs ago", "I moved to Tromso 2 years ago"),
        ("moved to Tromso 3 yrs ago lol", "moved to Tromso 3 years ago lol"),
        ("I moved to Tromso last wk", "I moved to Tromso last week"),
        ("I moved to Tromso 4 mos ago", "I moved to Tromso 4 months ago"),
        ("I moved to Tromso 1 wk ago", "I moved to Tromso 1 week ago"),
        ("I moved to Tromso yday", "I moved to Tromso yesterday"),
        ("I moved to Tromso last yr", "I moved to Tromso last year"),
    ],
)
def test_chat_spellings_date_as_spelled_out(turn: str, spelled: str) -> None:
    starts = []
    for text in (turn, spelled):
        with TemporalGraphMemory(":memory:", annotator="offline") as m:
            m.add("I live in Bergen.", namespace="n", speaker="Ben", at=CHAT_SAID - timedelta(days=4000))
            m.add(text, namespace="n", speaker="Ben", at=CHAT_SAID)
            starts.append({r.object_name: r.valid_from for r in m.timeline("Ben", namespace="n")}.get("Tromso"))
    assert starts[1] is not None and starts[1] < CHAT_SAID - timedelta(hours=12)
    assert starts[0] == starts[1]
