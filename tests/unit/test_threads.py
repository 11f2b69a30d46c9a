"""One memory shared by many threads: every add gets its own time step, nothing is lost."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from recall_memory_plugins import TemporalGraphMemory


def test_concurrent_adds_and_recalls_on_one_file(tmp_path: Path) -> None:
    memory = TemporalGraphMemory(tmp_path / "m.db", annotator="offline")

    def work(worker: int) -> list[int]:
        steps = []
        for i in range(20):
            steps.append(memory.add(f"Worker {worker} painted fence number {i}.").t_index)
            memory.recall(f"What did worker {worker} paint?")
        return steps

    with ThreadPoolExecutor(max_workers=6) as pool:
        steps = [s for batch in pool.map(work, range(6)) for s in batch]
    assert sorted(steps) == list(range(1, 121))
    assert memory.stats().statements == 120
    assert memory.store.current_step("default") == 120
    memory.close()


def _random_texts(seed: int, n: int) -> list[str]:
    # words nobody has stemmed before in this process (the stem cache would hide a race)
    rng = random.Random(seed)
    letters = "abcdefghiklmnoprstuvwy"
    suffixes = ("", "ing", "ed", "ness", "ation", "ies", "ly", "ful", "ement")
    return [
        " ".join(
            "".join(rng.choice(letters) for _ in range(rng.randint(4, 10))) + rng.choice(suffixes)
            for _ in range(40)
        )
        + "."
        for _ in range(n)
    ]


def test_text_analysis_in_threads_gives_the_single_threaded_terms() -> None:
    """Threads analysing text at once (adds and recalls run analysis outside any lock) get the
    same index terms and concepts as one thread: the Porter stemmer kept the word being stemmed
    in shared fields, so two threads raised IndexError or swapped stems, and the stem cache kept
    a wrong stem for the life of the process."""
    from recall_memory_plugins.engine.text import extract, normalise_word
    from recall_memory_plugins.nlp import make_annotator

    annotator = make_annotator("offline")
    texts = {seed: _random_texts(seed, 60) for seed in range(4)}

    def analyse(seed: int) -> list[tuple[list[str], list[str]]]:
        out = []
        for text in texts[seed]:
            ex = extract(annotator.annotate(text))
            out.append((sorted(ex.terms()), ex.concept_names()))
        return out

    normalise_word.cache_clear()
    barrier = threading.Barrier(4)

    def racing(seed: int) -> list[tuple[list[str], list[str]]]:
        barrier.wait()
        return analyse(seed)

    with ThreadPoolExecutor(max_workers=4) as pool:
        concurrent = list(pool.map(racing, range(4)))
    normalise_word.cache_clear()
    sequential = [analyse(seed) for seed in range(4)]
    assert concurrent == sequential


def test_add_on_one_thread_while_add_many_runs_on_another_does_not_deadlock(
    tmp_path: Path,
) -> None:
    """add_many took the store's lock and then the engine's, add() the other way round: the two
    threads waited for each other for ever after a few adds."""
    memory = TemporalGraphMemory(tmp_path / "m.db", annotator="offline")
    items = [f"Alice met Bob number {i} at the market in Paris." for i in range(400)]
    bulk = threading.Thread(target=memory.add_many, args=(items,), daemon=True)
    added: list[int] = []

    def single() -> None:
        for i in range(40):
            added.append(memory.add(f"Carol said hello {i}.").t_index)

    one = threading.Thread(target=single, daemon=True)
    bulk.start()
    one.start()
    bulk.join(120)
    one.join(120)
    assert not bulk.is_alive() and not one.is_alive(), "add and add_many deadlocked"
    assert memory.stats().statements == 440
    assert len(set(added)) == 40
    memory.close()


def test_a_recall_reads_the_last_commit_while_another_thread_holds_a_batch(
    tmp_path: Path,
) -> None:
    """Reads outside a batch use the thread's own read connection: they neither wait for a
    batch that another thread holds open nor see its uncommitted updates."""
    memory = TemporalGraphMemory(tmp_path / "m.db", annotator="offline")
    memory.add("Alice lives in Paris.")
    store = memory.store
    opened, release = threading.Event(), threading.Event()

    def writer() -> None:
        with store.batch():
            memory.add("Alice adopted a parrot called Kiwi.")
            opened.set()
            release.wait(60)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    assert opened.wait(60)
    seen: list[str] = []
    reader = threading.Thread(
        target=lambda: seen.append(memory.recall("What pet does Alice have?").text), daemon=True
    )
    reader.start()
    reader.join(30)
    still_open = thread.is_alive()
    release.set()
    thread.join(60)
    assert not reader.is_alive(), "the recall waited for the other thread's batch"
    assert still_open
    assert "Paris" in seen[0] and "Kiwi" not in seen[0]
    assert "Kiwi" in memory.recall("What pet does Alice have?").text
    memory.close()


def test_one_read_sees_one_commit_while_another_thread_writes(tmp_path: Path) -> None:
    """The queries of one read block (an export, stats()) run in one read transaction of the
    thread's read connection: a commit by another thread in between is not half seen (an export
    once held the clock of one step and the statements of the next)."""
    memory = TemporalGraphMemory(tmp_path / "m.db", annotator="offline")
    memory.add("Alice lives in Paris.")
    store = memory.store
    counts: list[int] = []

    with store._read() as conn:
        counts.append(conn.execute("SELECT count(*) FROM statements").fetchone()[0])
        writer = threading.Thread(target=memory.add, args=("Bob lives in Rome.",))
        writer.start()
        writer.join(60)
        counts.append(conn.execute("SELECT count(*) FROM statements").fetchone()[0])
    assert not writer.is_alive()
    assert counts == [1, 1]
    assert memory.stats().statements == 2
    memory.close()


def test_read_connections_open_the_store_file_after_a_change_of_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store opened with a relative path keeps reading its own file from threads that open
    their read connection after the process changed directory (and creates no file there)."""
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    monkeypatch.chdir(home)
    memory = TemporalGraphMemory("memory.db", annotator="offline")
    memory.add("Alice lives in Paris.")
    monkeypatch.chdir(elsewhere)
    seen: list[str] = []
    reader = threading.Thread(target=lambda: seen.append(memory.recall("Where is Alice?").text))
    reader.start()
    reader.join(60)
    assert seen and "Paris" in seen[0]
    assert list(elsewhere.iterdir()) == []
    memory.close()
