"""One memory shared by many threads: every add gets its own time step, nothing is lost."""

from __future__ import annotations

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
