"""Round 51, helper B.

1. A question whose only content is a period reads that period's statements by an index of the
   time they were said (a SQLite migration adds it; an older file is upgraded), and a store
   written before the new read (a third-party one without ``find_statements_said``) still works:
   it is recalled as before.
2. First-person questions about the past get their facts ("Where did I live in 2023?", "Where
   did I live before Boston?", 我搬到上海之前住在哪里？), as the third person does and as "Where do I
   live now?" already did; the present and third-person readings are unchanged.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.stores.sqlite import SqliteGraphStore
from recall_memory_plugins.stores.sqlite.schema import LATEST_VERSION, MIGRATIONS

U = timezone.utc
BY_TIME = next(v for v, description, _ in MIGRATIONS if "by the time they were said" in description)


def _month_chat(memory: TemporalGraphMemory) -> None:
    memory.add("I started the keto diet today.", speaker="user", at=datetime(2024, 3, 20, tzinfo=U))
    for month in range(4, 10):
        memory.add(
            f"Update {month}: a quiet month at work.",
            speaker="user",
            at=datetime(2024, month, 5, tzinfo=U),
        )


# ---------------------------------------------------------------------------------- 1. the read


def test_the_read_by_time_uses_its_index(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with TemporalGraphMemory(path, annotator="offline") as memory:
        _month_chat(memory)
        assert "keto" in memory.recall("What did I do in March 2024?", token_budget=60).text
    conn = sqlite3.connect(path)
    try:
        plan = " ".join(
            str(row[-1])
            for row in conn.execute(
                "EXPLAIN QUERY PLAN SELECT id FROM statements INDEXED BY ix_statements_ns_at "
                "WHERE namespace = ? AND at >= ? AND at < ? AND superseded_by IS NULL "
                "AND t_index <= ? ORDER BY at DESC, id DESC LIMIT 10",
                ("default", "2024-03-01", "2024-04-01", 99),
            )
        )
    finally:
        conn.close()
    assert "ix_statements_ns_at" in plan and "SCAN statements" not in plan


def test_a_database_before_the_index_is_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with TemporalGraphMemory(path, annotator="offline") as memory:
        _month_chat(memory)
    conn = sqlite3.connect(path)
    conn.executescript(
        f"DROP INDEX ix_statements_ns_at; DELETE FROM schema_migrations WHERE version >= {BY_TIME};"
    )
    conn.commit()
    conn.close()
    with SqliteGraphStore(path) as store:
        assert store.schema_version() == LATEST_VERSION >= BY_TIME
    with TemporalGraphMemory(path, annotator="offline") as memory:
        assert "keto" in memory.recall("What did I do in March 2024?", token_budget=60).text


class _StoreWithoutTheRead:
    """A store written before ``find_statements_said`` (a third party's): every other member."""

    def __init__(self, inner: SqliteGraphStore) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> Any:
        if name == "find_statements_said":
            raise AttributeError(name)
        return getattr(self._inner, name)


def test_a_store_without_the_read_is_still_a_store_and_recalls_as_before() -> None:
    with SqliteGraphStore(":memory:") as inner:
        inner.setup()
        store = _StoreWithoutTheRead(inner)
        assert not hasattr(store, "find_statements_said")
        memory = TemporalGraphMemory(store, annotator="offline")
        _month_chat(memory)
        text = memory.recall("What did I do in March 2024?", token_budget=60).text
        assert "keto" not in text and "Update 9" in text  # (the newest, as before this round)
        assert "keto" in memory.recall("What diet did I start in March 2024?", token_budget=60).text


# ------------------------------------------------------------------- 2. first-person past facts


def _moves(memory: TemporalGraphMemory, who: str = "I", ns: str = "default") -> None:
    memory.add(f"{who} live{'s' if who != 'I' else ''} in Chicago.", namespace=ns, speaker="user",
               at=datetime(2023, 11, 5, tzinfo=U))  # fmt: skip
    memory.add(
        f"{who} moved to Boston.", namespace=ns, speaker="user", at=datetime(2024, 6, 5, tzinfo=U)
    )


def _facts(memory: TemporalGraphMemory, question: str, ns: str = "default") -> list[str]:
    return [str(f) for f in memory.recall(question, namespace=ns, token_budget=300).facts]


def test_first_person_past_questions_get_the_facts_that_held_then() -> None:
    clock = lambda: datetime(2024, 9, 1, tzinfo=U)  # noqa: E731 ("last year": 2023)
    with TemporalGraphMemory(":memory:", annotator="offline", clock=clock) as memory:
        _moves(memory)
        for question in (
            "Where did I live in 2023?",
            "Where did I live before Boston?",
            "Where did I live in November 2023?",
            "Where was my home before I moved to Boston?",
            "Where did I live last year?",
        ):
            facts = _facts(memory, question)
            assert any("lived in Chicago (2023-11-05 to 2024-06-05" in f for f in facts), (
                question,
                facts,
            )
        # look-alikes: the present reading is unchanged, and a period that is not over is current
        assert _facts(memory, "Where do I live now?") == [
            "user lives in Boston (since step 2; before: Chicago, steps 1-2)"
        ]
        assert _facts(memory, "Where did I live after Chicago?") == [
            "user lives in Boston (since 2024-06-05, step 2)"
        ]
        # a past question with no relation word: no facts read by type
        assert _facts(memory, "What did I say in 2023?") == _facts(
            memory, "What did Mia say in 2023?"
        )


def test_first_person_employers_and_the_third_person_are_unchanged() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("I work at Google.", speaker="user", at=datetime(2022, 3, 5, tzinfo=U))
        memory.add("I joined Stripe in May.", speaker="user", at=datetime(2024, 6, 5, tzinfo=U))
        assert any(
            "worked for Google" in f for f in _facts(memory, "Where did I work before Stripe?")
        )
        assert any("worked for Google" in f for f in _facts(memory, "Who was my employer in 2023?"))
        _moves(memory, "Lena", ns="third")
        assert _facts(memory, "Where did Lena live in 2023?", ns="third") == [
            "Lena lived in Chicago (2023-11-05 to 2024-06-05, steps 1-2)"
        ]


def test_chinese_first_person_past_questions() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("我住在北京。", speaker="user", at=datetime(2023, 3, 5, tzinfo=U))
        memory.add("我搬到上海了。", speaker="user", at=datetime(2024, 6, 5, tzinfo=U))
        for question in ("2023年我住在哪里？", "我搬到上海之前住在哪里？"):
            assert any("lived in 北京" in f for f in _facts(memory, question)), question
        assert any("lives in 上海" in f for f in _facts(memory, "我现在住在哪里？"))
