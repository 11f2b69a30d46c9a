"""One memory shared by many threads: every add gets its own time step, nothing is lost."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

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
