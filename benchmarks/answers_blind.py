"""Answer in context on conversations nobody tuned on: ours against BM25 over whole turns.

    python -m benchmarks.answers_blind [--smoke] [--budgets 250 500 1000] [--out benchmarks/results]

The data (``benchmarks/data/answers_blind.jsonl``) are eleven conversations (six English, five
Chinese; 558 turns, 282 questions) written in the forty-eighth round by two helper sessions that
read only the README and the docs, never the code nor the other benchmarks, with questions a
user would ask (when / where / who / how many / what changed / what was said on a day) and a
short answer that occurs word for word in one turn. No parameter of the memory was chosen on
them: they are a reporting set only (never change a default to move these numbers).

Each conversation is added turn by turn (``speaker=``, ``at=``) to a fresh SQLite memory with
the offline annotator and asked every question at each budget; a question counts when its
normalised answer occurs in the normalised recall text (``_common.answer_in``, as LOCOMO's
"answer in context"). BM25 (``bm25s`` over ``[date] speaker: text``, jieba words for Chinese)
ranks the whole turns, which fill the same budget as the engine fills its own
(``_common.fill_budget``: same renderer, same token counter).

A second reporting set, ``answers_blind2.jsonl`` (22 conversations: English chats ``en-talk-*``,
Chinese chats ``zh-talk-*`` and documents ``docs-*`` with no speaker, written by three black-box
testers in the forty-ninth round), runs with ``--data benchmarks/data/answers_blind2.jsonl``; the
results are then named after the data file and add a row per id group. A third,
``answers_blind3.jsonl`` (10 histories, 119 questions: a user and a chat assistant whose replies
are long, ``asst-en-*`` and ``asst-zh-*``, LongMemEval's kinds of question; two black-box testers
of the fiftieth round), runs the same way. A fourth, ``answers_blind4.jsonl`` (12 conversations,
192 questions: user-and-assistant histories ``en-asst-*`` / ``zh-asst-*`` with look-alike decoy
replies, and group chats of four friends ``en-group-*`` / ``zh-group-*``; written in the
fifty-first round by a helper that read no file of the repository, only its brief).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from . import _common as C

DATA = C.REPO_ROOT / "benchmarks" / "data" / "answers_blind.jsonl"
BUDGETS = (250, 500, 1000)


def load(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def run(conversations: Sequence[dict[str, Any]], budgets: Sequence[int], annotator: str) -> dict[str, Any]:
    from recall_memory_plugins import TemporalGraphMemory

    rows: list[dict[str, Any]] = []
    for conv in conversations:
        turns = [(datetime.fromisoformat(t["at"]), t.get("speaker"), t["text"]) for t in conv["turns"]]
        statements = [C.statement(i + 1, conv["id"], text, t_index=i + 1, at=at, speaker=speaker)
                      for i, (at, speaker, text) in enumerate(turns)]
        bm25 = C.BM25Index([f"[{at.date()}] {speaker}: {text}" if speaker else f"[{at.date()}] {text}"
                            for at, speaker, text in turns])
        with TemporalGraphMemory(":memory:", annotator=C.make_annotator(annotator)) as memory:
            memory.add_many([{"text": text, "speaker": speaker, "at": at} for at, speaker, text in turns])
            for q in conv["questions"]:
                answer = C.normalise_answer(q["answer"])
                ranked = [statements[i] for i in bm25.rank(q["question"])]
                for budget in budgets:
                    ours = memory.recall(q["question"], token_budget=budget)
                    _, _, base = C.fill_budget(ranked, budget)
                    rows.append({
                        "conversation": conv["id"], "group": group(conv), "language": conv["language"],
                        "question": q["question"],
                        "answer": q["answer"], "budget": budget,
                        "ours": C.answer_in(answer, C.normalise_answer(ours.text)),
                        "bm25": C.answer_in(answer, C.normalise_answer(base)),
                        "ours_tokens": ours.token_count,
                    })
        C.log(f"  {conv['id']}: {len(turns)} turns, {len(conv['questions'])} questions")
    return {"rows": rows}


def group(conv: dict[str, Any]) -> str:
    """The id without its number: ``en-talk-3`` is in ``en-talk``, ``zh-2`` in ``zh``."""
    return str(conv["id"]).rsplit("-", 1)[0]


def table(rows: Sequence[dict[str, Any]], budgets: Sequence[int]) -> str:
    out = []
    groups = [g for g in dict.fromkeys(r["group"] for r in rows) if g not in ("en", "zh")]
    for lang in ("all", "en", "zh", *groups):
        for budget in budgets:
            sel = [r for r in rows if r["budget"] == budget and lang in ("all", r["language"], r["group"])]
            if not sel:
                continue
            ours = sum(r["ours"] for r in sel) / len(sel)
            base = sum(r["bm25"] for r in sel) / len(sel)
            out.append([lang, budget, len(sel), C.pct(ours), C.pct(base), f"{100 * (ours - base):+.1f}"])
    return C.md_table(["conversations", "budget", "questions", "**ours** (default)", "BM25 (whole turns)", "ours − BM25 (points)"], out)


def by_conversation(rows: Sequence[dict[str, Any]], conversations: Sequence[dict[str, Any]], budgets: Sequence[int]) -> str:
    out = []
    for conv in conversations:
        cells: list[object] = [conv["id"], conv["title"], len(conv["turns"]), len(conv["questions"])]
        for budget in budgets:
            sel = [r for r in rows if r["conversation"] == conv["id"] and r["budget"] == budget]
            cells.append(f"{sum(r['ours'] for r in sel)} / {sum(r['bm25'] for r in sel)}")
        out.append(cells)
    return C.md_table(["id", "conversation", "turns", "questions", *(f"ours / BM25 at {b}" for b in budgets)], out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = C.base_parser(__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help=f"conversations (default: {DATA})")
    parser.add_argument("--budgets", type=int, nargs="+", default=list(BUDGETS))
    args = parser.parse_args(argv)
    C.quiet_jieba()
    conversations = load(args.data)
    if args.smoke:  # one conversation per language, three questions each
        conversations = [dict(c, questions=c["questions"][:3]) for c in
                         [next(c for c in conversations if c["language"] == lang) for lang in ("en", "zh")]]
    with C.stopwatch() as elapsed:
        result = run(conversations, args.budgets, args.annotator)
    info = C.environment(C.make_annotator(args.annotator))
    default = args.data.resolve() == DATA.resolve()
    command = ("python -m benchmarks.answers_blind" + ("" if default else f" --data {args.data}")
               + (" --smoke" if args.smoke else ""))
    markdown = "\n".join([
        "# Answer in context on conversations nobody tuned on" if default
        else f"# Answer in context on `{args.data.name}`",
        "",
        C.env_line(info),
        "",
        f"Command: `{command}` · {len(conversations)} conversations, "
        f"{sum(len(c['questions']) for c in conversations)} questions (`{args.data.name}`) · run time {elapsed[0]:.1f} s.",
        "",
        "A question counts when its normalised answer occurs in the normalised text the model receives "
        "(the recall text; for BM25 the whole turns it ranks first, filled into the same budget the same way)."
        + (" No parameter of the memory was chosen on these conversations." if default else ""),
        "",
        table(result["rows"], args.budgets),
        "",
        "## By conversation",
        "",
        by_conversation(result["rows"], conversations, args.budgets),
    ])
    C.write_results(args.out, "answers_blind" if default else args.data.stem, markdown, {"command": command, "environment": info, **result})
    print(table(result["rows"], args.budgets))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
