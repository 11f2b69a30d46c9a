"""Every text of the paraphrase suites (hand-written, open and blind; English and Chinese): a
corpus for tests that compare two ways of searching the same patterns."""

from __future__ import annotations

import json
from pathlib import Path

_DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"


def suite_texts() -> list[str]:
    """The strings of every case of the three suites, in file order."""
    texts: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for name in ("paraphrases.jsonl", "paraphrases_open.jsonl", "paraphrases_blind.jsonl"):
        for line in (_DATA / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                walk(json.loads(line))
    return texts
