"""DuoRC (RecallM's question set): is the answer string in the recalled context?

    python -m benchmarks.duorc [--smoke] [--out benchmarks/results] [--data DIR]

RecallM's paper compares its memory with a vector database on 571 DuoRC (ParaphraseRC) movie
plots and 6,740 questions, with gpt-3.5 answers graded by GPT (RecallM 48.13 %, vector DB
55.71 %). This suite measures the retrieval side of that comparison without an LLM: every plot
is split into chunks of whole sentences (≤ 80 tokens), each chunk is added as one statement (one
time step) to the plot's namespace, and for every question each system fills a context of
250 / 500 / 1000 tokens; the score is whether a reference answer appears (normalised: lower
case, punctuation and articles removed) in the context. The headline counts the questions whose
answer appears in the plot at all ("answerable by string match"); ParaphraseRC answers are often
paraphrased, so the rest can only be judged by an LLM.

Data: ``../shared/data/recallm/`` (``--data`` or ``RECALL_RECALLM_PATH``), Apache-2.0/MIT.
"""

from __future__ import annotations

import ast
import os
import re
import tempfile
import time
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from . import _common as C

BUDGETS = (250, 500, 1000)
CHUNK_TOKENS = 80
TUNING_PLOTS = 285  # plots 1-285 (file order) choose parameters, 286-571 report them
PUBLISHED = {"recallm": 0.4813382899628253, "vectordb": 0.5571747211895911,
             "hybrid": 0.5267657992565056}
T0 = datetime(2025, 1, 6, 9, 0, tzinfo=timezone.utc)
_SENT_RE = re.compile(r"(?<=[.!?])[\"')\]]?\s+|(?<=[a-z][.!?])(?=[A-Z])")
_ARTICLES = re.compile(r"\b(a|an|the)\b")


def default_data_dir() -> Path:
    env = os.environ.get("RECALL_RECALLM_PATH")
    return Path(env) if env else C.SHARED_DATA / "recallm"


def normalise(text: str) -> str:
    """The suites' answer normalisation (``_common.normalise_answer``: lower case, punctuation
    removed, white space collapsed) and, as SQuAD-style answer matching does, articles removed
    (DuoRC's reference answers often differ from the plot only by an article)."""
    return " ".join(_ARTICLES.sub(" ", C.normalise_answer(text)).split())


def parse_plot(path: Path) -> tuple[str, list[tuple[str, list[str]]]]:
    raw = path.read_text(encoding="utf-8")
    head, _, tail = raw.partition("\nQUESTIONS")
    plot = head.replace("PARAGRAPH", "", 1).strip()
    questions: list[tuple[str, list[str]]] = []
    q: str | None = None
    for line in tail.splitlines():
        if line.startswith("q: "):
            q = line[3:].strip()
        elif line.startswith("a: ") and q is not None:
            try:
                answers = [str(a) for a in ast.literal_eval(line[3:].strip())]
            except (ValueError, SyntaxError):
                answers = [line[3:].strip()]
            questions.append((q, answers))
            q = None
    return plot, questions


def chunk_plot(plot: str, max_tokens: int = CHUNK_TOKENS) -> list[str]:
    """Whole sentences grouped into chunks of at most ``max_tokens`` tokens."""
    counter = C.token_counter()
    chunks: list[str] = []
    buf: list[str] = []
    size = 0
    for para in plot.splitlines():
        for sent in _SENT_RE.split(para.strip()):
            sent = sent.strip()
            if not sent:
                continue
            n = counter.count(sent)
            if buf and size + n > max_tokens:
                chunks.append(" ".join(buf))
                buf, size = [], 0
            buf.append(sent)
            size += n
        if buf:  # never merge across paragraphs
            chunks.append(" ".join(buf))
            buf, size = [], 0
    return chunks


def answer_in(answers: Sequence[str], context_norm: str) -> bool:
    for a in answers:
        na = normalise(a)
        if na and re.search(r"(?<!\w)" + re.escape(na) + r"(?!\w)", context_norm):
            return True
    return False


def run(args: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    from recall_memory_plugins import TemporalGraphMemory

    root = Path(args.data) if args.data else default_data_dir()
    plots_dir = root / "datasets" / "duorc"
    if not plots_dir.is_dir():
        C.die_data_missing("RecallM DuoRC plots", plots_dir,
                           "pass --data DIR (the recallm/ folder of cisco-open/DeepVision) or set "
                           "RECALL_RECALLM_PATH.")
    files = sorted(plots_dir.glob("test-*.txt"), key=lambda p: int(p.stem.split("-")[1]))
    half = getattr(args, "half", "all")
    if half != "all":  # plots 1-285 (file order) tune, 286-571 report
        files = files[:TUNING_PLOTS] if half == "tuning" else files[TUNING_PLOTS:]
    if args.smoke:
        files = files[:4]
    elif args.plots:
        files = files[: args.plots]
    budgets = tuple(args.budgets)
    annotator = C.make_annotator(args.annotator)
    env = C.environment(annotator)  # at the start: the commit whose code this run loaded
    systems = ["ours", "semantic", "whole", "seed", "dense", "bm25", "fusion"]
    hits: dict[str, dict[str, list[float]]] = {f"{s}@{b}": {"all": [], "answerable": []}
                                               for s in systems for b in budgets}
    tokens: dict[str, list[float]] = {k: [] for k in hits}
    full: dict[str, list[float]] = {"all": [], "answerable": []}
    full_tokens: list[float] = []
    n_chunks = 0
    n_questions = 0
    ingest_s = 0.0
    guard = C.NetworkGuard()
    t_start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        store = C.make_store("sqlite", Path(tmp) / "duorc.db")
        memory = TemporalGraphMemory(store, annotator=annotator)
        whole = TemporalGraphMemory(store, annotator=annotator, excerpts=False)
        # the same store read with the optional semantic signal (statements embedded at recall)
        semantic = TemporalGraphMemory(store, annotator=annotator, embedder=C.minilm_embedder())
        for fi, path in enumerate(files):
            plot, questions = parse_plot(path)
            if not questions:
                continue
            ns = path.stem
            chunks = chunk_plot(plot)
            n_chunks += len(chunks)
            t0 = time.perf_counter()
            with guard:
                for i, chunk in enumerate(chunks):
                    memory.add(chunk, namespace=ns, at=T0 + timedelta(minutes=i), source=f"{ns}:{i}")
            ingest_s += time.perf_counter() - t0
            statements = [C.statement(i + 1, ns, c, t_index=i + 1, at=T0 + timedelta(minutes=i),
                                      source=f"{ns}:{i}") for i, c in enumerate(chunks)]
            plot_norm = normalise(plot)
            bm25 = C.BM25Index(chunks)
            dense = C.DenseIndex(chunks)
            q_emb = C.embed([q for q, _ in questions])
            full_ctx_tokens = C.rendered_tokens(statements)
            for qi, (question, answers) in enumerate(questions):
                n_questions += 1
                answerable = answer_in(answers, plot_norm)
                full["all"].append(float(answerable))
                if answerable:
                    full["answerable"].append(1.0)
                full_tokens.append(full_ctx_tokens)
                rankings = {"bm25": bm25.rank(question), "dense": dense.rank(question, q_emb[qi])}
                rankings["fusion"] = C.rrf([rankings["bm25"], rankings["dense"]])
                for budget in budgets:
                    contexts: dict[str, tuple[str, int]] = {}
                    with guard:
                        for key, mem, strategy in (("ours", memory, "fused"),
                                                   ("semantic", semantic, "fused"),
                                                   ("whole", whole, "fused"),
                                                   ("seed", memory, "seed")):
                            rec = mem.recall(question, namespace=ns, token_budget=budget,
                                             strategy=strategy)
                            contexts[key] = (rec.text, rec.token_count)
                    for name, order in rankings.items():
                        _, used, text = C.fill_budget([statements[i] for i in order], budget)
                        contexts[name] = (text, used)
                    for name, (ctx, used) in contexts.items():
                        ok = float(answer_in(answers, normalise(ctx)))
                        key = f"{name}@{budget}"
                        hits[key]["all"].append(ok)
                        if answerable:
                            hits[key]["answerable"].append(ok)
                        tokens[key].append(float(used))
            if (fi + 1) % 50 == 0 or fi + 1 == len(files):
                C.log(f"  {fi + 1}/{len(files)} plots, {n_questions} questions "
                      f"({time.perf_counter() - t_start:.0f} s)")
        store.close()
    agg: dict[str, Any] = {
        key: {"answerable": C.mean(v["answerable"]), "all": C.mean(v["all"]),
              "tokens": C.mean(tokens[key])}
        for key, v in hits.items()
    }
    agg["full"] = {"answerable": 1.0, "all": C.mean(full["all"]), "tokens": C.mean(full_tokens)}
    meta = {
        "command": "python -m benchmarks.duorc" + (" --smoke" if args.smoke else "")
        + (f" --half {half}" if half != "all" else "") + (f" --plots {args.plots}" if args.plots else ""),
        "environment": env, "plots": len(files), "chunks": n_chunks,
        "questions": n_questions, "answerable": len(full["answerable"]),
        "chunk_tokens": CHUNK_TOKENS, "budgets": list(budgets),
        "ingest_statements_per_s": n_chunks / ingest_s if ingest_s else float("nan"),
        "network_attempts": len(guard.attempts), "seconds": time.perf_counter() - t_start,
        "published_llm_graded": PUBLISHED,
    }
    return agg, meta


LABELS = {"ours": "**ours** (fused)", "semantic": "ours + MiniLM (`embedder=`, [dense] extra)", "whole": "ours, excerpts=False (whole chunks)", "seed": "ours, strategy=seed (RecallM)",
          "dense": "vector DB (dense MiniLM)", "bm25": "BM25", "fusion": "BM25+dense RRF",
          "full": "whole plot"}


def render(agg: dict[str, Any], meta: dict[str, Any], plots: Sequence[str]) -> str:
    budgets = meta["budgets"]
    rows = []
    for b in budgets:
        for s in ("ours", "semantic", "whole", "seed", "dense", "bm25", "fusion"):
            if f"{s}@{b}" not in agg:
                continue
            a = agg[f"{s}@{b}"]
            rows.append([LABELS[s], b, C.pct(a["answerable"]), C.pct(a["all"]), f"{a['tokens']:.0f}"])
    f = agg["full"]
    rows.append([LABELS["full"], "∞", C.pct(f["answerable"]), C.pct(f["all"]), f"{f['tokens']:.0f}"])
    head_b = 500 if 500 in budgets else budgets[0]
    ours, vec = agg[f"ours@{head_b}"]["answerable"], agg[f"dense@{head_b}"]["answerable"]
    verdicts = []
    for b in budgets:
        o = agg[f"ours@{b}"]["answerable"]
        best = max(("dense", "bm25", "fusion"), key=lambda s: agg[f"{s}@{b}"]["answerable"])
        bv = agg[f"{best}@{b}"]["answerable"]
        verdicts.append(f"- {b} tokens: ours {C.pct(o)} vs {LABELS[best]} {C.pct(bv)} → "
                        f"{100 * (o - bv):+.1f} points: **{'met' if o >= bv else 'NOT met'}**")
        if f"semantic@{b}" in agg:
            sv = agg[f"semantic@{b}"]["answerable"]
            verdicts.append(f"- {b} tokens, with the [dense] extra: ours + MiniLM {C.pct(sv)} vs "
                            f"{C.pct(bv)} → {100 * (sv - bv):+.1f} points: "
                            f"**{'met' if sv >= bv else 'NOT met'}**")
    lines = [
        "# DuoRC (RecallM's question set): answer string in the recalled context",
        "", C.env_line(meta["environment"]), "",
        f"Command: `{meta['command']}` · {meta['plots']} plots → {meta['chunks']} statements "
        f"(sentence chunks ≤ {meta['chunk_tokens']} tokens, one `add` each), {meta['questions']} "
        f"questions, {meta['answerable']} answerable by string match · run time "
        f"{meta['seconds']:.0f} s.",
        "",
        "A retrieval proxy of the paper's LLM-graded QA accuracy: the answer (any reference, "
        "normalised) must appear in the context. Published (gpt-3.5 answers, GPT-graded): "
        f"RecallM {C.pct(PUBLISHED['recallm'], 2)}, vector DB {C.pct(PUBLISHED['vectordb'], 2)}, "
        f"hybrid {C.pct(PUBLISHED['hybrid'], 2)}.",
        "",
        C.md_table(["system", "budget", f"answer in context (answerable, n={meta['answerable']})",
                    f"(all questions, n={meta['questions']})", "tokens"], rows),
        "",
        "Target: ours at least level with the best baseline (whole chunks, same budget):",
        "",
        *verdicts,
        "",
        f"At {head_b} tokens ours vs the vector DB baseline: {C.pct(ours)} vs {C.pct(vec)} "
        f"({100 * (ours - vec):+.1f} points).",
        "",
        f"Ingest: {meta['ingest_statements_per_s']:.0f} statements/s; network connections attempted "
        f"by the memory: {meta['network_attempts']}.",
        "",
    ]
    for p in plots:
        lines += [f"![{p}]({p})", ""]
    return "\n".join(lines)


def plot(agg: dict[str, Any], meta: dict[str, Any], out: Path) -> list[str]:
    plt = C.pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2))
    colors = {"ours": "C3", "semantic": "C5", "whole": "C4", "seed": "C7", "dense": "C2", "bm25": "C1", "fusion": "C0"}
    for s in ("ours", "semantic", "whole", "seed", "dense", "bm25", "fusion"):
        if f"{s}@{meta['budgets'][0]}" not in agg:
            continue
        pts = [(agg[f"{s}@{b}"]["tokens"], agg[f"{s}@{b}"]["answerable"]) for b in meta["budgets"]]
        ax.plot([p[0] for p in pts], [100 * p[1] for p in pts], marker="o", color=colors[s],
                label=LABELS[s].replace("**", ""))
    ax.set_xlabel("context tokens used (mean)")
    ax.set_ylabel("answer in context, answerable questions (%)")
    ax.set_ylim(0, 105)
    ax.set_title("DuoRC (RecallM's set): answer string in the context")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    out.mkdir(parents=True, exist_ok=True)
    fig.savefig(out / "duorc_answer_in_context.png", dpi=120)
    plt.close(fig)
    return ["duorc_answer_in_context.png"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = C.base_parser(__doc__.splitlines()[0])
    parser.add_argument("--data", help="the recallm/ data folder (default ../shared/data/recallm)")
    parser.add_argument("--budgets", type=int, nargs="+", default=list(BUDGETS))
    parser.add_argument("--plots", type=int, default=None, help="only the first N plots")
    parser.add_argument("--half", choices=("all", "tuning", "reporting"), default="all",
                        help="plots 1-285 (tuning) or 286-571 (reporting); default all")
    args = parser.parse_args(argv)
    agg, meta = run(args)
    plots = plot(agg, meta, args.out)
    md = render(agg, meta, plots)
    C.write_results(args.out, "duorc", md, {"meta": meta, "results": agg})
    C.log(md)
    return 1 if meta["network_attempts"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
