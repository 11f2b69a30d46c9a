"""A writer process for the multi-writer and crash tests (run as ``python -m tests.integration._writer``).

    python -m tests.integration._writer STORE NAMESPACE MODE TAG COUNT [LOG]

STORE is a SQLite path or ``neo4j`` (settings from NEO4J_* variables). MODE ``relations`` runs
2 engines x 4 threads adding statements that move people between companies (each add plans
relation changes against what the other writers stored); MODE ``crash`` adds texts in a loop
(single adds and ``add_many`` batches, some long enough to be several statements) and appends
each committed step's texts to LOG, flushing, until it is killed. MODE ``bulk`` runs 2 threads,
each with its own engine on one shared store (on Neo4j ``bulk_size=4``: queued updates written
by a helper thread while the next are planned), adding the ``relations`` texts through
``add_many`` in batches of 5.
"""

from __future__ import annotations

import json
import sys
import threading
from typing import Any

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.errors import RecallError


def open_store(spec: str, **neo4j_options: Any) -> Any:
    if spec == "neo4j":
        from recall_memory_plugins.stores.neo4j import Neo4jConfig, Neo4jGraphStore

        store = Neo4jGraphStore.from_config(Neo4jConfig.from_env(), **neo4j_options)
        store.setup()
        return store
    from recall_memory_plugins.stores.sqlite import SqliteGraphStore

    return SqliteGraphStore(spec)


PEOPLE = ("Alice", "Bob", "Carol", "Dave")
COMPANIES = ("Acme", "Globex", "Initech", "Umbrella", "Hooli")


def relations_mode(spec: str, ns: str, tag: str, count: int) -> int:
    stores = [open_store(spec), open_store(spec)]
    engines = [TemporalGraphMemory(s, annotator="offline", namespace=ns) for s in stores]
    failures: list[str] = []

    def work(engine: TemporalGraphMemory, worker: str) -> None:
        for i in range(count):
            person = PEOPLE[(i + len(worker)) % len(PEOPLE)]
            company = COMPANIES[(i * 7 + len(worker)) % len(COMPANIES)]
            text = f"{person} joined {company}. Note {worker}-{i} from {tag}."
            try:
                engine.add(text, speaker=f"writer-{worker}", source=f"{worker}-{i}")
            except RecallError as exc:  # a lost statement: report it
                failures.append(f"{worker}-{i}: {type(exc).__name__}: {exc}")

    threads = [
        threading.Thread(target=work, args=(engine, f"{tag}e{e}t{t}"))
        for e, engine in enumerate(engines)
        for t in range(4)
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for store in stores:
        store.close()
    sys.stdout.write(json.dumps({"failures": failures}) + "\n")
    return 0


def bulk_mode(spec: str, ns: str, tag: str, count: int) -> int:
    store = open_store(spec, bulk_size=4) if spec == "neo4j" else open_store(spec)
    failures: list[str] = []

    def work(worker: str) -> None:
        engine = TemporalGraphMemory(store, annotator="offline", namespace=ns)
        items = []
        for i in range(count):
            person = PEOPLE[(i + len(worker)) % len(PEOPLE)]
            company = COMPANIES[(i * 7 + len(worker)) % len(COMPANIES)]
            text = f"{person} joined {company}. Note {worker}-{i} from {tag}."
            items.append({"text": text, "speaker": f"writer-{worker}", "source": f"{worker}-{i}"})
        for start in range(0, count, 5):
            try:
                engine.add_many(items[start : start + 5])
            except RecallError as exc:  # lost statements: report them
                failures.append(f"{worker}-{start}: {type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=work, args=(f"{tag}t{t}",)) for t in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    store.close()
    sys.stdout.write(json.dumps({"failures": failures}) + "\n")
    return 0


def crash_mode(spec: str, ns: str, tag: str, count: int, log_path: str) -> int:
    store = open_store(spec)
    memory = TemporalGraphMemory(store, annotator="offline", namespace=ns)
    long_text = " ".join(f"Sentence {k} of a long note about the harbour." for k in range(60))
    with open(log_path, "a", encoding="utf-8") as log:
        i = 0
        while i < count:
            if i % 3 == 2:
                texts = [f"{tag} batch item {i}-{k}: Erin visited Oslo." for k in range(5)]
                results = memory.add_many(texts)
            else:
                texts = [long_text if i % 5 == 0 else f"{tag} single {i}: Frank met Grace."]
                results = [memory.add(texts[0])]
            for text, result in zip(texts, results, strict=True):
                log.write(json.dumps({"step": result.t_index, "text": text}) + "\n")
            log.flush()
            i += 1
    return 0


def main(argv: list[str]) -> int:
    spec, ns, mode, tag, count = argv[:5]
    if mode == "relations":
        return relations_mode(spec, ns, tag, int(count))
    if mode == "bulk":
        return bulk_mode(spec, ns, tag, int(count))
    return crash_mode(spec, ns, tag, int(count), argv[5])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
