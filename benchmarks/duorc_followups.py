"""DuoRC split by file order: does the next plain-text chunk help, as the next turn does in chat?

    python -m benchmarks.duorc_followups --half tuning --weights 0.3
    python -m benchmarks.duorc_followups --half reporting          # the default (no weights)

Plots 1-285 (file order) are the tuning half, 286-571 the reporting half. Only "ours" is run
(default options), answer in context of the answerable questions at 250 / 500 tokens, normalised
as in :mod:`benchmarks.duorc`. With ``--weights``, the engine's follow-up step is patched so that
the chunks 1, 2, ... steps after each of the best matching chunks (statements without a speaker)
join at these fractions of its score; the engine itself only lets turns follow turns. Prints one
line; writes nothing. Results: benchmarks/README.md (DuoRC section).
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

from . import _common as C
from . import duorc as D

TUNING_PLOTS = D.TUNING_PLOTS


def narrative_follow_ups(weights: Sequence[float]) -> Any:
    """``add_follow_ups`` where statements without a speaker follow one another too."""
    from recall_memory_plugins.engine.retrieval import _best_first

    def follow(ranked: Any, pool: Any, turn_weights: Any, *, hits: int) -> Any:
        if not ranked:
            return ranked
        by_step: dict[int, list[Any]] = {}
        for st in pool:
            by_step.setdefault(st.t_index, []).append(st)
        for st, _, _ in ranked:
            by_step.setdefault(st.t_index, []).append(st)
        best = {st.id: (st, score, c) for st, score, c in ranked}
        for hit, score, concepts in ranked[:hits]:
            for k, w in enumerate(turn_weights if hit.speaker else weights, start=1):
                for st in by_step.get(hit.t_index + k, ()):
                    if bool(st.speaker) != bool(hit.speaker):
                        continue
                    f = round(score * w, 6)
                    if st.id not in best or best[st.id][1] < f:
                        best[st.id] = (st, f, best[st.id][2] if st.id in best else concepts)
        return _best_first(list(best.values()))

    return follow


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("tuning", "reporting"), default="tuning")
    parser.add_argument("--weights", type=float, nargs="*", default=[])
    parser.add_argument("--data", help="the recallm/ data folder (default ../shared/data/recallm)")
    args = parser.parse_args(argv)
    import recall_memory_plugins.engine.recall as recall_module
    from recall_memory_plugins import TemporalGraphMemory

    if args.weights:
        recall_module.add_follow_ups = narrative_follow_ups(tuple(args.weights))  # type: ignore[attr-defined]
    root = (Path(args.data) if args.data else D.default_data_dir()) / "datasets" / "duorc"
    if not root.is_dir():
        C.die_data_missing("RecallM DuoRC plots", root, "pass --data DIR or set RECALL_RECALLM_PATH.")
    files = sorted(root.glob("test-*.txt"), key=lambda p: int(p.stem.split("-")[1]))
    files = files[:TUNING_PLOTS] if args.half == "tuning" else files[TUNING_PLOTS:]
    hits: dict[int, list[bool]] = {250: [], 500: []}
    with tempfile.TemporaryDirectory() as tmp:
        store = C.make_store("sqlite", Path(tmp) / "duorc.db")
        memory = TemporalGraphMemory(store, annotator=C.make_annotator("offline"))
        for path in files:
            plot, questions = D.parse_plot(path)
            ns = path.stem
            for i, chunk in enumerate(D.chunk_plot(plot)):
                memory.add(chunk, namespace=ns, at=D.T0 + timedelta(minutes=i), source=f"{ns}:{i}")
            plot_norm = D.normalise(plot)
            for question, answers in questions:
                if not D.answer_in(answers, plot_norm):
                    continue
                for budget, found in hits.items():
                    text = memory.recall(question, namespace=ns, token_budget=budget).text
                    found.append(D.answer_in(answers, D.normalise(text)))
        store.close()
    shown = " / ".join(f"{100 * sum(v) / len(v):.1f}" for v in hits.values())
    C.log(f"{args.half} half, weights {tuple(args.weights) or 'none'}: answer in context at "
          f"250 / 500 tokens {shown} % (n={len(hits[250])})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
