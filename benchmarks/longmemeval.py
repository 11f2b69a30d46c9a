"""LongMemEval: the user's facts in a chat assistant's history, within a token budget.

    RECALL_LONGMEMEVAL_PATH=.../longmemeval_s_cleaned.json python -m benchmarks.longmemeval \\
        [--limit N] [--types knowledge-update temporal-reasoning ...] [--budgets 250 500 1000] [--out DIR]

LongMemEval (Wu et al., ICLR 2025; https://github.com/xiaowu0162/LongMemEval, MIT) gives each of
its 500 questions its own history: sessions between a user and an assistant, each dated, with
the evidence turns marked ``has_answer``. The data are not stored here (the Hugging Face dataset
``xiaowu0162/longmemeval-cleaned`` cannot be reached from this workplace): point
``RECALL_LONGMEMEVAL_PATH`` (or ``--data``) at ``longmemeval_oracle.json``,
``longmemeval_s_cleaned.json`` or ``longmemeval_m_cleaned.json``. No parameter of the memory was
chosen on LongMemEval.

Per question: its sessions are added in date order, turn by turn (``speaker`` the role, ``at``
the session's time plus one second per turn, ``source`` ``<session id>#<turn>``) to a fresh
SQLite memory with the offline annotator; the question is recalled ``as_of`` its
``question_date`` (relative phrases count from then) at each budget. Measured, ours against BM25
(``bm25s``) over whole ``[date] role: text`` turns filled into the same budget the same way:

- **answer in context**: the normalised answer occurs in the normalised recall text; only
  questions whose answer occurs in their history count (the official scorer is an LLM judge;
  this is its LLM-free part), n reported;
- **evidence recall**: the fraction of the question's ``has_answer`` turns in the context, and
  **session recall**: the fraction of ``answer_session_ids`` with a turn in it. Abstention
  questions (``_abs``) have no evidence and count in neither.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from . import _common as C

BUDGETS = (250, 500, 1000)
ENV = "RECALL_LONGMEMEVAL_PATH"
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})(?:\s*\([A-Za-z]{3}\))?(?:\s+(\d{1,2}):(\d{2}))?")


def parse_date(text: str) -> datetime:
    """LongMemEval's ``2023/05/20 (Sat) 02:21`` (or an ISO date) as an aware UTC datetime."""
    m = _DATE.search(text)
    if m:
        y, mo, d, h, mi = m.groups()
        return datetime(int(y), int(mo), int(d), int(h or 0), int(mi or 0), tzinfo=timezone.utc)
    at = datetime.fromisoformat(text.strip())
    return at if at.tzinfo else at.replace(tzinfo=timezone.utc)


def load(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, list) or not all(isinstance(x, dict) and "haystack_sessions" in x for x in data):
        raise SystemExit(f"error: {path} is not a LongMemEval file (a list of instances with haystack_sessions)")
    return data


def turns_of(instance: dict[str, Any]) -> list[dict[str, Any]]:
    """The instance's turns in date order: text, speaker, at, source, evidence (``has_answer``)."""
    sessions = zip(instance["haystack_session_ids"], instance["haystack_dates"], instance["haystack_sessions"], strict=True)
    out: list[dict[str, Any]] = []
    for sid, date, session in sorted(sessions, key=lambda s: parse_date(s[1])):
        start = parse_date(date)
        for k, turn in enumerate(session):
            text = str(turn.get("content") or "").strip()
            if text:
                out.append({"text": text, "speaker": turn.get("role") or None, "at": start + timedelta(seconds=k),
                            "source": f"{sid}#{k}", "session": str(sid), "evidence": bool(turn.get("has_answer"))})
    return out


def run(instances: Sequence[dict[str, Any]], budgets: Sequence[int], annotator: str) -> dict[str, Any]:
    from recall_memory_plugins import TemporalGraphMemory

    rows: list[dict[str, Any]] = []
    for n, inst in enumerate(instances, 1):
        turns = turns_of(inst)
        if not turns:
            continue
        statements = [C.statement(i + 1, "q", t["text"], t_index=i + 1, at=t["at"], speaker=t["speaker"], source=t["source"])
                      for i, t in enumerate(turns)]
        bm25 = C.BM25Index([f"[{t['at'].date()}] {t['speaker']}: {t['text']}" for t in turns])
        evidence = {t["source"] for t in turns if t["evidence"]}
        sessions = {str(s) for s in inst.get("answer_session_ids") or ()}
        session_of = {t["source"]: t["session"] for t in turns}
        answer = C.normalise_answer(inst.get("answer", ""))
        answerable = bool(answer) and C.answer_in(answer, C.normalise_answer(" ".join(t["text"] for t in turns)))
        asked = parse_date(inst["question_date"]) if inst.get("question_date") else None
        if asked is not None and asked < turns[-1]["at"]:
            asked = None  # (a question dated before its history: recall from the history's end)
        with TemporalGraphMemory(":memory:", annotator=C.make_annotator(annotator)) as memory:
            memory.add_many([{k: t[k] for k in ("text", "speaker", "at", "source")} for t in turns], namespace="q")
            ranked = [statements[i] for i in bm25.rank(inst["question"])]
            for budget in budgets:
                ours = memory.recall(inst["question"], namespace="q", token_budget=budget, as_of=asked)
                kept, _, base = C.fill_budget(ranked, budget)
                row: dict[str, Any] = {"id": inst["question_id"], "type": inst.get("question_type", ""), "budget": budget,
                                       "answerable": answerable, "evidence": len(evidence)}
                for name, text, sources in (("ours", ours.text, {s.statement.source for s in ours.statements}),
                                            ("bm25", base, {s.source for s in kept})):
                    row[name] = answerable and C.answer_in(answer, C.normalise_answer(text))
                    row[f"{name}_evidence"] = len(evidence & sources) / len(evidence) if evidence else None
                    row[f"{name}_sessions"] = (len({session_of[s] for s in sources if s in session_of} & sessions) / len(sessions)
                                               if sessions and evidence else None)
                rows.append(row)
        if n % 10 == 0 or n == len(instances):
            C.log(f"  {n}/{len(instances)} questions")
    return {"rows": rows}


def table(rows: Sequence[dict[str, Any]], budgets: Sequence[int]) -> str:
    out = []
    for kind in ("all", *dict.fromkeys(r["type"] for r in rows)):
        for budget in budgets:
            sel = [r for r in rows if r["budget"] == budget and kind in ("all", r["type"])]
            answ = [r for r in sel if r["answerable"]]
            ev = [r for r in sel if r["ours_evidence"] is not None]
            cells: list[object] = [kind, budget]
            cells += [len(answ), C.pct(sum(r["ours"] for r in answ) / len(answ)) if answ else "–",
                      C.pct(sum(r["bm25"] for r in answ) / len(answ)) if answ else "–"]
            cells += [len(ev)] + [C.pct(C.mean([r[f"{s}_{m}"] for r in ev])) if ev else "–"
                                  for m in ("evidence", "sessions") for s in ("ours", "bm25")]
            out.append(cells)
    return C.md_table(["questions", "budget", "n (answer in history)", "**ours**: answer in context", "BM25: answer in context",
                       "n (with evidence)", "**ours**: evidence", "BM25: evidence", "**ours**: sessions", "BM25: sessions"], out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = C.base_parser(__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path(os.environ[ENV]) if os.environ.get(ENV) else None,
                        help=f"a LongMemEval JSON file (default: ${ENV})")
    parser.add_argument("--budgets", type=int, nargs="+", default=list(BUDGETS))
    parser.add_argument("--limit", type=int, default=None, help="the first N questions only")
    parser.add_argument("--types", nargs="+", default=None, help="question types to keep (e.g. knowledge-update)")
    args = parser.parse_args(argv)
    if args.data is None or not args.data.is_file():
        C.die_data_missing("LongMemEval data", args.data or Path(f"${ENV}"),
                           f"set {ENV} or --data to longmemeval_oracle.json / longmemeval_s_cleaned.json "
                           "(Hugging Face dataset xiaowu0162/longmemeval-cleaned)")
    C.quiet_jieba()
    instances = load(args.data)
    if args.types:
        instances = [x for x in instances if x.get("question_type") in args.types]
    if args.smoke:
        instances = instances[:3]
    elif args.limit:
        instances = instances[: args.limit]
    with C.stopwatch() as elapsed:
        result = run(instances, args.budgets, args.annotator)
    info = C.environment(C.make_annotator(args.annotator))
    command = ("python -m benchmarks.longmemeval --data " + args.data.name
               + (f" --types {' '.join(args.types)}" if args.types else "")
               + (" --smoke" if args.smoke else f" --limit {args.limit}" if args.limit else ""))
    markdown = "\n".join([
        f"# LongMemEval (`{args.data.name}`): answer in context and evidence, ours against BM25",
        "",
        C.env_line(info),
        "",
        f"Command: `{command}` · {len(instances)} questions · run time {elapsed[0]:.1f} s.",
        "",
        "Answer in context counts the questions whose normalised answer occurs in their history; evidence and "
        "sessions count the questions with `has_answer` turns. BM25 ranks whole turns into the same budget.",
        "",
        table(result["rows"], args.budgets),
    ])
    C.write_results(args.out, f"longmemeval_{args.data.stem}", markdown, {"command": command, "environment": info, **result})
    print(table(result["rows"], args.budgets))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
