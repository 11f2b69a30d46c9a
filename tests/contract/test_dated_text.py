"""Texts that say when their change happened (``engine/relations/dated_changes.py``) on every
store: an old episode told later is history beside the fact that holds now, recent news is dated
when it happened, and a text said together with the fact it changes still corrects it."""

from __future__ import annotations

from datetime import datetime, timezone

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.base import GraphStore


def _d(year: int, month: int, day: int = 1) -> datetime:
    return datetime(year, month, day, 12, tzinfo=timezone.utc)


def _rows(memory: TemporalGraphMemory, entity: str) -> list[tuple[str, str, str]]:
    """(object, valid from, valid to) of every relation of ``entity``, oldest first."""
    return [
        (
            r.object_name or "",
            r.valid_from.date().isoformat(),
            r.valid_to.date().isoformat() if r.valid_to else "",
        )
        for r in memory.timeline(entity)
    ]


def _now(memory: TemporalGraphMemory, entity: str) -> list[str]:
    return [r.object_name or "" for r in memory.relations(entity)]


def test_an_old_episode_told_later_is_history(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Alice lives in Rome.", at=_d(2026, 1, 10))
    memory.add("Back in 2019, Alice moved to Paris.", at=_d(2026, 6))
    memory.add("王五住在上海。", at=_d(2026, 1, 10))
    memory.add("王五2018年搬到了北京。", at=_d(2026, 6))
    assert _now(memory, "Alice") == ["Rome"]
    assert _rows(memory, "Alice") == [
        ("Paris", "2019-01-01", "2026-01-10"),
        ("Rome", "2026-01-10", ""),
    ]
    assert [r.object_name for r in memory.relations("Alice", as_of=_d(2020, 5))] == ["Paris"]
    assert _now(memory, "王五") == ["上海"]
    assert [r.object_name for r in memory.relations("王五", as_of=_d(2019, 5))] == ["北京"]
    # the prompt leads with the fact that holds now
    text = memory.recall("Where does Alice live?").text
    assert "Alice lives in Rome" in text
    assert "Alice lives in Paris (" not in text


def test_recent_news_is_dated_when_it_happened(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Alice lives in Paris.", at=_d(2026, 1, 10))
    memory.add("Alice moved to Rome last month.", at=_d(2026, 6, 10))
    memory.add("李四住在杭州。", at=_d(2026, 1, 10))
    memory.add("李四上个月搬到了成都。", at=_d(2026, 6, 10))
    assert _now(memory, "Alice") == ["Rome"]
    assert _rows(memory, "Alice") == [
        ("Paris", "2026-01-10", "2026-05-01"),
        ("Rome", "2026-05-01", ""),
    ]
    assert [r.object_name for r in memory.relations("Alice", as_of=_d(2026, 5, 20))] == ["Rome"]
    assert _now(memory, "李四") == ["成都"]
    assert [r.object_name for r in memory.relations("李四", as_of=_d(2026, 5, 20))] == ["成都"]


def test_a_text_said_with_the_fact_or_naming_it_corrects_it(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    # said together (no times): the later text is news, as before
    memory.add("Sofia works for Telefonica.")
    memory.add("Sofia left Telefonica and joined Vodafone last spring.")
    assert _now(memory, "Sofia") == ["Vodafone"]
    # the text names the value it changes from: a correction, dated
    memory.add("Matteo lives in Turin.", at=_d(2026, 1, 10))
    memory.add("Matteo moved from Turin to Lisbon back in March.", at=_d(2026, 6, 10))
    assert _now(memory, "Matteo") == ["Lisbon"]
    # "since": the new value holds now, never history
    memory.add("Omar works for Siemens.", at=_d(2026, 1, 10))
    memory.add("Omar works for Bosch since 2019.", at=_d(2026, 6, 10))  # Siemens is newer
    assert _now(memory, "Omar") == ["Bosch"]
    memory.add("Since March, Omar works for Bosch.", at=_d(2026, 6, 10))
    memory.add("Lena works for Siemens.", at=_d(2026, 1, 10))
    memory.add("Since March, Lena works for Bosch.", at=_d(2026, 6, 10))
    assert _rows(memory, "Lena") == [
        ("Siemens", "2026-01-10", "2026-03-01"),
        ("Bosch", "2026-03-01", ""),
    ]
    # a range in the past leaves today's fact current and unsure of nothing
    memory.add("Tomasz lives in Gdansk.", at=_d(2026, 1, 10))
    memory.add("Tomasz lived in Lisbon from 2018 to 2020.", at=_d(2026, 6, 10))
    assert _now(memory, "Tomasz") == ["Gdansk"]
    # an old marriage told with its years is history beside today's, and over when they were
    memory.add("Marcus is married to Keisha.", at=_d(2026, 1, 10))
    memory.add("Marcus was married to Rachel from 2008 to 2013.", at=_d(2026, 6, 10))
    assert sorted(_now(memory, "Marcus")) == ["Keisha", "Marcus"]
    assert ("Rachel", "2008-01-01", "2014-01-01") in _rows(memory, "Marcus")


def test_dated_texts_in_a_batch_match_one_by_one(store: GraphStore, ns: str) -> None:
    texts = [
        ("Alice lives in Rome.", _d(2026, 1, 10)),
        ("Back in 2019, Alice moved to Paris.", _d(2026, 6)),
        ("Bob works for Google.", _d(2026, 1, 10)),
        ("Bob joined Meta two weeks ago.", _d(2026, 6, 15)),
    ]
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    for text, at in texts:
        memory.add(text, at=at)
    batch = ns + "-batch"
    try:
        memory.add_many([{"text": t, "at": at} for t, at in texts], namespace=batch)
        for entity in ("Alice", "Bob"):
            one = [(r.object_name, r.valid_from, r.valid_to) for r in memory.timeline(entity)]
            many = [
                (r.object_name, r.valid_from, r.valid_to)
                for r in memory.timeline(entity, namespace=batch)
            ]
            assert one == many
        assert _now(memory, "Bob") == ["Meta"]
        assert [r.object_name for r in memory.relations("Bob", as_of=_d(2026, 6, 5))] == ["Meta"]
    finally:
        store.clear(batch)


def test_a_dated_past_state_is_history_and_an_undated_one_says_nothing(
    store: GraphStore, ns: str
) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Kwame worked at Unilever from 2014 to 2019.", at=_d(2026, 6, 10))
    assert _now(memory, "Kwame") == []
    assert _rows(memory, "Kwame") == [("Unilever", "2014-01-01", "2020-01-01")]
    memory.add("Tomasz lives in Gdansk.", at=_d(2026, 1, 10))
    memory.add("In 2019 Tomasz lived in Lisbon.", at=_d(2026, 6, 10))
    assert _now(memory, "Tomasz") == ["Gdansk"]
    assert [r.object_name for r in memory.relations("Tomasz", as_of=_d(2019, 6))] == ["Lisbon"]
    memory.add("王丽住在北京。", at=_d(2026, 1, 10))
    memory.add("王丽2017年到2019年在杭州住过。", at=_d(2026, 6, 10))
    assert _now(memory, "王丽") == ["北京"]
    assert [r.object_name for r in memory.relations("王丽", as_of=_d(2018, 6))] == ["杭州"]
    # a reading from the clause of a closed range is a past state of that range
    memory.add("吴刚在腾讯工作。", at=_d(2026, 1, 10))
    memory.add("吴刚回忆，2006年到2010年他在网易做游戏策划。如今他在腾讯已经待了快十年。", at=_d(2026, 6, 10))
    assert _now(memory, "吴刚") == ["腾讯"]
    assert ("网易", "2006-01-01", "2011-01-01") in _rows(memory, "吴刚")
    # undated, a past state says nothing of now or then
    memory.add("Tom lived in Denver.", at=_d(2026, 6, 10))
    assert memory.relations("Tom", include_ended=True) == []


def test_the_prompt_gives_the_dates_a_text_gave(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Alice lives in Rome.", at=_d(2026, 1, 10))
    memory.add("Back in 2019, Alice moved to Paris.", at=_d(2026, 6, 1))
    memory.add("Bob lives in Paris.", at=_d(2026, 1, 10))
    memory.add("Bob moved to Lyon last month.", at=_d(2026, 6, 10))
    text = memory.recall("Where do Alice and Bob live?").text
    assert "Bob lives in Lyon (since May 2026, step 4; before: Paris, steps 3-4)" in text
    assert "Alice lives in Rome (since step 1; before: Paris, 2019 to 2026-01-10, step 2)" in text


def test_dates_from_text_can_be_switched_off(store: GraphStore, ns: str) -> None:
    import pytest

    from recall_memory_plugins import ConfigurationError, MemoryConfig

    memory = TemporalGraphMemory(
        store, annotator="offline", namespace=ns, config=MemoryConfig(dates_from_text=False)
    )
    memory.add("Alice lives in Rome.", at=_d(2026, 1, 10))
    memory.add("Back in 2019, Alice moved to Paris.", at=_d(2026, 6))
    memory.add("Kwame worked at Unilever from 2014 to 2019.", at=_d(2026, 6))
    assert _now(memory, "Alice") == ["Paris"]  # news of the moment, as before the option
    assert memory.relations("Kwame", include_ended=True) == []
    with pytest.raises(ConfigurationError):
        MemoryConfig(dates_from_text="no")  # type: ignore[arg-type]


def test_an_old_marriage_told_with_an_undated_sentence_after_it_is_history(store: GraphStore, ns: str) -> None:
    # the first sentence is dated; the second is not, and names no fact: the new marriage's doubt
    # of the older one comes from the dated reading and is dated with it
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Katarzyna Nowak is married to Pavel Dvorak.", at=_d(2025, 4, 2))
    memory.add(
        "For the reunion list: Katarzyna Nowak was married to Tomasz Zielinski from 2003 until their "
        "divorce in 2009. No children, so he needn't go on the list.",
        at=_d(2025, 11, 20),
    )
    assert sorted(_now(memory, "Katarzyna Nowak")) == ["Katarzyna Nowak", "Pavel Dvorak"]
    then = memory.relations("Katarzyna Nowak", as_of=_d(2009, 6))
    assert sorted(r.object_name or "" for r in then) == ["Katarzyna Nowak", "Tomasz Zielinski"]


def test_a_dates_month_is_no_part_of_the_name_after_it(store: GraphStore, ns: str) -> None:
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    memory.add("Hannah Berg reports to Lars Ek.", at=_d(2026, 1, 8))
    memory.add("Since the reorg on the 1st of June Hannah Berg reports to Mira Saar.", at=_d(2026, 7, 3))
    assert _now(memory, "Hannah Berg") == ["Mira Saar"]
    assert _rows(memory, "Hannah Berg") == [("Lars Ek", "2026-01-08", "2026-06-01"), ("Mira Saar", "2026-06-01", "")]
