"""Annotator agreement: the offline annotator measured against Stanford CoreNLP (EN + ZH).

    eval "$(scripts/corenlp-server start)"
    python -m benchmarks.annotators [--smoke] [--out DIR] [--n 500] [--no-temporal] [--no-locomo]
        [--locomo-conversations 2]

Texts: English = LOCOMO turns (read in place, never copied; seeded sample over the 10
conversations, BLIP captions left out) plus the English texts of the temporal streams
(``benchmarks/data/temporal_streams.json``: facts, filler and questions); Chinese = the Chinese
texts of the temporal streams. Both annotators annotate each text; CoreNLP runs without
coreference here (it changes no field compared), its speed with coreference is measured apart.

Agreement, with CoreNLP as the reference, on character spans:

- *token F1*: tokens with identical (start, end);
- *noun/PROPN F1*: tokens with identical span **and** tag, for tags NOUN and PROPN (micro F1 over
  both); *nominal F1* merges the two tags (is it a noun at all); *tag agreement on shared tokens*
  isolates tagging from tokenisation;
- *entity span F1*: entity spans (from the BIOES tags) with identical (start, end), any type; also
  for names only (PERSON / ORG / LOC-GPE-FAC on either side) and typed over those;
- speed: sentences (as each annotator splits them) per second, one text at a time.

Effect on the memory, once per annotator (offline; CoreNLP without coreference; CoreNLP with
coreference, whose chains the relation layer prefers to its rules): ``benchmarks.temporal``
(``--smoke`` streams unless ``--temporal-full``) and ``benchmarks.locomo`` on the first
``--locomo-conversations`` conversations of the tuning half (our memory only, no baselines; with
``--smoke``: LOCOMO's smoke slice). The CoreNLP server on loopback is allowed through the suites'
network guard (every other connection is still blocked and counted).

Targets: offline noun/PROPN F1 >= 0.90 (en) and >= 0.85 (zh) against CoreNLP.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from . import _common as C

TEMPORAL_DATA = Path(__file__).parent / "data" / "temporal_streams.json"
TARGETS = {"en": 0.90, "zh": 0.85}
NOMINAL = ("NOUN", "PROPN")
_NAME_TYPES = {"PERSON": "PERSON", "PER": "PERSON", "ORG": "ORG", "GPE": "LOC", "LOC": "LOC",
               "FAC": "LOC", "LOCATION": "LOC"}


def locomo_path() -> Path:
    env = os.environ.get("RECALL_LOCOMO_PATH")
    return Path(env) if env else C.SHARED_DATA / "locomo" / "locomo10.json"


def load_texts(n: int, seed: int, locomo: Path) -> dict[str, list[tuple[str, str]]]:
    """``{"en": [(source, text)], "zh": [...]}``: ``n`` texts per language."""
    rng = random.Random(seed)
    data = json.loads(TEMPORAL_DATA.read_text(encoding="utf-8"))
    temporal: dict[str, list[str]] = {"en": [], "zh": []}
    for stream in data["streams"]:
        temporal[stream["lang"]].extend([*stream["facts"], stream["question"]])
    for lang in ("en", "zh"):
        temporal[lang].extend(data["filler"][lang])
        temporal[lang] = sorted(set(temporal[lang]))
    out: dict[str, list[tuple[str, str]]] = {}
    zh = rng.sample(temporal["zh"], min(n, len(temporal["zh"])))
    out["zh"] = [("temporal", t) for t in zh]
    n_temporal_en = n // 5
    en = [("temporal", t) for t in rng.sample(temporal["en"], min(n_temporal_en, len(temporal["en"])))]
    if not locomo.is_file():
        C.die_data_missing("LOCOMO (locomo10.json)", locomo,
                           "set RECALL_LOCOMO_PATH to a copy of locomo10.json (CC BY-NC 4.0)")
    turns: list[str] = []
    for sample in json.loads(locomo.read_text(encoding="utf-8")):
        conv = sample["conversation"]
        for key, value in conv.items():
            if key.startswith("session_") and isinstance(value, list):
                turns.extend(str(t.get("text", "")).strip() for t in value if str(t.get("text", "")).strip())
    en += [("locomo", t) for t in rng.sample(sorted(set(turns)), n - len(en))]
    out["en"] = en
    return out


# ----------------------------------------------------------------------------------- spans
def token_items(ann: Any) -> list[tuple[int, int, str]]:
    return [(t.start_char, t.end_char, t.upos) for t in ann.tokens if t.end_char > t.start_char]


def entity_spans(ann: Any) -> list[tuple[int, int, str]]:
    """(start, end, type) of the BIOES entity spans."""
    out: list[tuple[int, int, str]] = []
    for sent in ann.sentences:
        start: int | None = None
        for tok in sent.tokens:
            tag = tok.ner or "O"
            if tag == "O":
                start = None
                continue
            prefix, _, typ = tag.partition("-") if "-" in tag else ("S", "", tag)
            if prefix in ("B", "S") or start is None:
                start = tok.start_char
            if prefix in ("E", "S"):
                out.append((start, tok.end_char, typ))
                start = None
    return out


class PRF:
    """Micro precision / recall / F1 of item sets (system vs reference)."""

    def __init__(self) -> None:
        self.tp = self.sys = self.ref = 0

    def add(self, system: set[Any], reference: set[Any]) -> None:
        self.tp += len(system & reference)
        self.sys += len(system)
        self.ref += len(reference)

    def as_dict(self) -> dict[str, float | int]:
        p = self.tp / self.sys if self.sys else float("nan")
        r = self.tp / self.ref if self.ref else float("nan")
        f = 2 * p * r / (p + r) if self.sys and self.ref and p + r else float("nan")
        return {"precision": p, "recall": r, "f1": f, "tp": self.tp, "system": self.sys,
                "reference": self.ref}


def compare(pairs: Sequence[tuple[str, Any, Any]]) -> dict[str, Any]:
    """Agreement of (text, offline annotation, CoreNLP annotation) triples."""
    m = {k: PRF() for k in ("token", "noun_propn", "nominal", "entity_span", "name_span",
                            "name_typed")}
    shared = agree = 0
    confusions: Counter[tuple[str, str]] = Counter()
    examples: dict[tuple[str, str], Counter[str]] = {}
    boundary = Counter[str]()
    for text, off, ref in pairs:
        o_tok, r_tok = token_items(off), token_items(ref)
        m["token"].add({(s, e) for s, e, _ in o_tok}, {(s, e) for s, e, _ in r_tok})
        o_nom = {(s, e, u) for s, e, u in o_tok if u in NOMINAL}
        r_nom = {(s, e, u) for s, e, u in r_tok if u in NOMINAL}
        m["noun_propn"].add(o_nom, r_nom)
        m["nominal"].add({(s, e) for s, e, _ in o_nom}, {(s, e) for s, e, _ in r_nom})
        r_tag = {(s, e): u for s, e, u in r_tok}
        o_tag = {(s, e): u for s, e, u in o_tok}
        for span, u in o_tag.items():
            if span in r_tag:
                shared += 1
                agree += u == r_tag[span]
                if u != r_tag[span] and (u in NOMINAL or r_tag[span] in NOMINAL):
                    key = (u, r_tag[span])
                    confusions[key] += 1
                    examples.setdefault(key, Counter())[text[span[0]:span[1]]] += 1
        # nominal disagreements caused by tokenisation: a reference noun whose span the offline
        # annotator does not have as a token (or the reverse)
        for s, e, _ in r_nom:
            if (s, e) not in o_tag:
                boundary["reference noun not an offline token"] += 1
        for s, e, _ in o_nom:
            if (s, e) not in r_tag:
                boundary["offline noun not a reference token"] += 1
        o_ent, r_ent = entity_spans(off), entity_spans(ref)
        m["entity_span"].add({(s, e) for s, e, _ in o_ent}, {(s, e) for s, e, _ in r_ent})
        o_names = {(s, e, _NAME_TYPES[t]) for s, e, t in o_ent if t in _NAME_TYPES}
        r_names = {(s, e, _NAME_TYPES[t]) for s, e, t in r_ent if t in _NAME_TYPES}
        m["name_span"].add({(s, e) for s, e, _ in o_names}, {(s, e) for s, e, _ in r_names})
        m["name_typed"].add(o_names, r_names)
    out: dict[str, Any] = {k: v.as_dict() for k, v in m.items()}
    out["tag_agreement_shared_tokens"] = agree / shared if shared else float("nan")
    out["shared_tokens"] = shared
    out["nominal_confusions"] = [
        {"offline": a, "corenlp": b, "count": n,
         "examples": [w for w, _ in examples[(a, b)].most_common(6)]}
        for (a, b), n in confusions.most_common(10)]
    out["nominal_boundary_misses"] = dict(boundary)
    return out


# ----------------------------------------------------------------------------------- timing
def annotate_all(annotator: Any, texts: Sequence[str]) -> tuple[list[Any], list[float]]:
    """Annotations and the seconds each text took."""
    out, secs = [], []
    for text in texts:
        t0 = time.perf_counter()
        out.append(annotator.annotate(text))
        secs.append(time.perf_counter() - t0)
    return out, secs


def n_sentences(anns: Sequence[Any]) -> int:
    return sum(len(a.sentences) for a in anns)


# ----------------------------------------------------------------------------------- temporal
class _LoopbackGuard(C.NetworkGuard):
    """The suite's guard, letting the CoreNLP server on loopback through."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.allow = (*self.allow, "127.0.0.1", "localhost", "::1")


def locomo_effect(annotators: dict[str, Any], *, smoke: bool, conversations: int, data: Path,
                  seed: int) -> dict[str, Any]:
    """Answer in context and evidence recall of our memory on LOCOMO's tuning half, per annotator."""
    from . import locomo

    out: dict[str, Any] = {}
    original = C.NetworkGuard
    try:
        C.NetworkGuard = _LoopbackGuard  # type: ignore[misc]
        for name, annotator in annotators.items():
            args = argparse.Namespace(smoke=smoke, annotator=annotator, budgets=list(locomo.BUDGETS),
                                      conversations=conversations, half="tuning", no_dense=True,
                                      data=str(data), seed=seed, out=None)
            C.log(f"LOCOMO ({'smoke' if smoke else f'{conversations} tuning conversations'}) "
                  f"with the {name} annotator ...")
            t0 = time.perf_counter()
            try:
                aggs, meta = locomo.run(args, systems=("ours",))
            except Exception as exc:  # report, do not lose the other results
                out[name] = {"error": f"{type(exc).__name__}: {exc}"}
                continue
            agg = aggs.get("tuning", aggs["all"])
            out[name] = {
                "conversations": meta["conversations"], "turns": meta["turns"],
                "questions": meta["questions"], "ids": meta["tuning_ids"],
                "seconds": time.perf_counter() - t0,
                "ingest_statements_per_s": meta["ingest_statements_per_s"],
                "answer_in_context": {str(b): agg[f"ours@{b}"]["1-5"]["answer_in_context"]
                                      for b in locomo.BUDGETS},
                "answer_n": agg[f"ours@{locomo.BUDGETS[0]}"]["1-5"]["answer_n"],
                "evidence_recall": {str(b): agg[f"ours@{b}"]["1-4"]["evidence_recall"]
                                    for b in locomo.BUDGETS},
                "network_attempts_outside_loopback": meta["network_attempts"],
            }
    finally:
        C.NetworkGuard = original  # type: ignore[misc]
    return out


def temporal_effect(annotators: dict[str, Any], *, smoke: bool, seed: int) -> dict[str, Any]:
    from . import temporal

    out: dict[str, Any] = {}
    original = C.NetworkGuard
    try:
        C.NetworkGuard = _LoopbackGuard  # type: ignore[misc]
        for name, annotator in annotators.items():
            args = argparse.Namespace(smoke=smoke, annotator=annotator, budget=temporal.BUDGET,
                                      no_dense=True, seed=seed, max_gap=None, out=None)
            C.log(f"temporal suite ({'smoke' if smoke else 'full'}) with the {name} annotator ...")
            t0 = time.perf_counter()
            try:
                agg, payload = temporal.run(args)
            except Exception as exc:  # report, do not lose the agreement results
                out[name] = {"error": f"{type(exc).__name__}: {exc}"}
                continue
            meta = payload["meta"]
            ours = agg["ours"]
            out[name] = {
                "streams": meta["streams"], "statements": meta["statements"],
                "seconds": time.perf_counter() - t0,
                "ingest_statements_per_s": meta["ingest_statements_per_s"],
                "current_first": {k: ours[k]["current_first"] for k in ("all", "lang=en", "lang=zh") if k in ours},
                "in_context": {k: ours[k]["in_context"] for k in ("all", "lang=en", "lang=zh") if k in ours},
                "relations_correct": {k: agg["relations"][k]["correct"]
                                      for k in ("all", "lang=en", "lang=zh") if k in agg["relations"]},
                "network_attempts_outside_loopback": meta["network_attempts"],
            }
    finally:
        C.NetworkGuard = original  # type: ignore[misc]
    return out


# ----------------------------------------------------------------------------------- report
def f(x: float) -> str:
    return "–" if x != x else f"{x:.3f}"


def render(payload: dict[str, Any]) -> str:
    meta, res = payload["meta"], payload["results"]
    lines = [
        "# Annotator agreement: the offline annotator against Stanford CoreNLP",
        "", C.env_line(meta["environment"]), "",
        f"Command: `{meta['command']}` · CoreNLP {meta['corenlp_version']} (server from "
        f"`scripts/corenlp-server`, English `{meta['corenlp_pipelines']['en']}`, Chinese "
        f"`{meta['corenlp_pipelines']['zh']}`) · texts: "
        + ", ".join(f"{lang} {d['texts']} ({d['sources']})" for lang, d in meta["texts"].items())
        + f" · seed {meta['seed']} · run time {meta['seconds']:.0f} s.",
        "",
        "CoreNLP is the reference. Spans are character offsets; a token or entity agrees only with "
        "the identical span.",
        "",
        "## Headline",
        "",
    ]
    rows = []
    for lang in ("en", "zh"):
        r = res.get(lang)
        if not r:
            continue
        a = r["agreement"]
        target = TARGETS[lang]
        met = a["noun_propn"]["f1"] >= target
        rows.append([lang, r["texts"], f(a["token"]["f1"]),
                     f"**{f(a['noun_propn']['f1'])}** (target {target:.2f}: {'met' if met else 'NOT met'})",
                     f(a["nominal"]["f1"]), f(a["tag_agreement_shared_tokens"]),
                     f(a["entity_span"]["f1"]), f(a["name_span"]["f1"]), f(a["name_typed"]["f1"])])
    lines += [C.md_table(["lang", "texts", "token F1", "noun/PROPN F1", "nominal F1 (NOUN∪PROPN)",
                          "tag agreement on shared tokens", "entity span F1 (any type)",
                          "name span F1 (PER/ORG/LOC)", "name typed F1"], rows), ""]
    lines += ["## Speed (one text at a time, sentences/s as each annotator splits them)", ""]
    rows = []
    for lang in ("en", "zh"):
        r = res.get(lang)
        if not r:
            continue
        for name, s in r["speed"].items():
            rows.append([lang, name, s["texts"], s["sentences"], f"{s['seconds']:.1f}",
                         f"{s['sentences_per_s']:.1f}"])
    lines += [C.md_table(["lang", "annotator", "texts", "sentences", "seconds", "sentences/s"], rows),
              "", f"_{meta['load_note']}_", ""]
    for lang in ("en", "zh"):
        r = res.get(lang)
        if not r:
            continue
        a = r["agreement"]
        lines += [f"## Noun/PROPN disagreements ({lang})", "",
                  "Precision / recall of the offline annotator: "
                  f"noun/PROPN {f(a['noun_propn']['precision'])} / {f(a['noun_propn']['recall'])}, "
                  f"tokens {f(a['token']['precision'])} / {f(a['token']['recall'])}, "
                  f"entity spans {f(a['entity_span']['precision'])} / {f(a['entity_span']['recall'])}.",
                  "",
                  "Tokenisation: " + (", ".join(f"{k}: {v}" for k, v in a["nominal_boundary_misses"].items())
                                      or "no noun of either side lacks a matching token")
                  + f" (of {a['noun_propn']['reference']} CoreNLP and {a['noun_propn']['system']} offline "
                    "nouns).", "",
                  C.md_table(["offline tag", "CoreNLP tag", "shared tokens", "most frequent words"],
                             [[c["offline"], c["corenlp"], c["count"], ", ".join(c["examples"])]
                              for c in a["nominal_confusions"]]), ""]
    if payload.get("causes"):
        lines += ["## Where the targets are missed: main causes", ""]
        lines += [f"- {c}" for c in payload["causes"]] + [""]
    loc = payload.get("locomo")
    tmp = payload.get("temporal")
    if loc or tmp:
        lines += ["## Effect on the memory", "",
                  "Each suite run once per annotator: offline; CoreNLP without coreference; CoreNLP "
                  "with coreference (the relation layer resolves pronouns through its chains first, "
                  "the rules otherwise).", ""]
    if loc:
        first = next((v for v in loc.values() if "error" not in v), None)
        what = ("`benchmarks.locomo --smoke` slice" if meta.get("locomo_smoke") else
                f"`benchmarks.locomo --half tuning --conversations {meta.get('locomo_conversations')}`")
        if first:
            what += (f" ({', '.join(first['ids'])}: {first['turns']} turns, "
                     f"{first['answer_n']} answerable questions)")
        lines += [f"LOCOMO, {what}, our memory only (fused, default options), answer in context "
                  "(categories 1-5) and evidence recall (1-4) at each budget:", ""]
        rows = []
        for name, t in loc.items():
            if "error" in t:
                rows.append([name, "error: " + t["error"], "", "", ""])
                continue
            rows.append([name,
                         " / ".join(C.pct(v) for v in t["answer_in_context"].values()),
                         " / ".join(C.pct(v) for v in t["evidence_recall"].values()),
                         f"{t['ingest_statements_per_s']:.1f}", t["network_attempts_outside_loopback"]])
        budgets = " / ".join(first["answer_in_context"]) if first else ""
        lines += [C.md_table(["annotator", f"answer in context @ {budgets} tokens",
                              f"evidence recall @ {budgets}", "ingest turns/s",
                              "network attempts (non-loopback)"], rows), ""]
    if tmp:
        lines += [f"Temporal suite, `benchmarks.temporal{' --smoke' if meta['temporal_smoke'] else ''}` "
                  "(BM25 / dense baselines not run):", ""]
        rows = []
        for name, t in tmp.items():
            if "error" in t:
                rows.append([name, "error: " + t["error"], "", "", "", ""])
                continue
            rows.append([name, t["streams"],
                         " / ".join(C.pct(t["current_first"].get(k, float("nan"))) for k in ("all", "lang=en", "lang=zh")),
                         " / ".join(C.pct(t["relations_correct"].get(k, float("nan"))) for k in ("all", "lang=en", "lang=zh")),
                         f"{t['ingest_statements_per_s']:.1f}", t["network_attempts_outside_loopback"]])
        lines += [C.md_table(["annotator", "streams", "current-correct all / en / zh",
                              "relation layer all / en / zh", "ingest statements/s",
                              "network attempts (non-loopback)"], rows), ""]
    return "\n".join(lines)


def causes_of(res: dict[str, Any]) -> list[str]:
    """Plain statements of the biggest contributors to a missed noun/PROPN target."""
    out = []
    for lang, r in res.items():
        a = r["agreement"]
        if a["noun_propn"]["f1"] >= TARGETS[lang]:
            continue
        np_ = a["noun_propn"]
        misses = (np_["system"] - np_["tp"]) + (np_["reference"] - np_["tp"])
        bound = sum(a["nominal_boundary_misses"].values())
        conf = a["nominal_confusions"]
        top = "; ".join(f"{c['offline']}→{c['corenlp']} ×{c['count']} ({', '.join(c['examples'][:3])})"
                        for c in conf[:4])
        out.append(f"{lang}: noun/PROPN F1 {f(np_['f1'])} < {TARGETS[lang]:.2f}; of {misses} "
                   f"disagreeing noun items, {bound} come from different token boundaries and the "
                   f"rest from different tags on the same token; top tag pairs (offline→CoreNLP): {top}.")
    return out


def iter_langs(texts: dict[str, list[tuple[str, str]]]) -> Iterator[tuple[str, list[tuple[str, str]]]]:
    for lang in ("en", "zh"):
        if texts.get(lang):
            yield lang, texts[lang]


def main(argv: Sequence[str] | None = None) -> int:
    parser = C.base_parser(__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=500, help="texts per language (default 500)")
    parser.add_argument("--coref-n", type=int, default=100,
                        help="English texts for the speed of CoreNLP with coreference (default 100)")
    parser.add_argument("--url", default=None, help="CoreNLP server (default $CORENLP_URL)")
    parser.add_argument("--data", type=Path, default=None, help="locomo10.json (default: shared data)")
    parser.add_argument("--no-temporal", action="store_true", help="skip the temporal suite runs")
    parser.add_argument("--temporal-full", action="store_true",
                        help="run the full temporal suite instead of its --smoke streams")
    parser.add_argument("--no-locomo", action="store_true", help="skip the LOCOMO runs")
    parser.add_argument("--effects", action="store_true",
                        help="with --smoke: run the temporal and LOCOMO smoke slices too (minutes)")
    parser.add_argument("--locomo-conversations", type=int, default=2,
                        help="LOCOMO runs on the first N conversations of the tuning half (default 2)")
    args = parser.parse_args(argv)
    if args.smoke:  # a few sentences; the memory runs only with --effects
        args.n, args.coref_n = 10, 3
        args.no_temporal = args.no_temporal or not args.effects
        args.no_locomo = args.no_locomo or not args.effects
    from recall_memory_plugins.errors import RecallError
    from recall_memory_plugins.nlp import OfflineAnnotator
    from recall_memory_plugins.nlp.corenlp import CoreNLPAnnotator

    url = args.url or os.environ.get("CORENLP_URL")
    if not url:
        print("error: no CoreNLP server: start one with "
              '`eval "$(scripts/corenlp-server start)"` or pass --url', file=sys.stderr)
        return C.EXIT_DATA_MISSING
    C.quiet_jieba()
    t_start = time.perf_counter()
    texts = load_texts(args.n, args.seed, args.data or locomo_path())
    offline = OfflineAnnotator()
    corenlp = CoreNLPAnnotator(url=url, coref=False)
    corenlp_coref = CoreNLPAnnotator(url=url, coref=True)
    env = C.environment(offline)
    env["annotator"] = "offline vs corenlp"
    try:
        import urllib.request

        with urllib.request.urlopen(url.rstrip("/") + "/ready", timeout=10) as r:
            r.read()
        # warm both pipelines (the server may build them on first use)
        corenlp.annotate("Alice leads Project Orion.")
        corenlp.annotate("张三负责星火计划。")
        corenlp_coref.annotate("Alice leads Project Orion. She hired Bob.")
        offline.annotate_many(["Alice leads Project Orion.", "张三负责星火计划。"])
    except (OSError, RecallError) as exc:
        print(f"error: CoreNLP at {url} is not usable: {exc}", file=sys.stderr)
        return C.EXIT_DATA_MISSING

    results: dict[str, Any] = {}
    for lang, items in iter_langs(texts):
        sample = [t for _, t in items]
        C.log(f"{lang}: {len(sample)} texts; offline ...")
        off, off_s = annotate_all(offline, sample)
        C.log(f"{lang}: CoreNLP ...")
        ref, ref_s = annotate_all(corenlp, sample)
        speed = {
            "offline": {"texts": len(sample), "sentences": n_sentences(off), "seconds": sum(off_s)},
            "corenlp": {"texts": len(sample), "sentences": n_sentences(ref), "seconds": sum(ref_s)},
        }
        if lang == "en" and args.coref_n:
            # an evenly spread subset, timed with and without coreference
            step = max(1, len(sample) // args.coref_n)
            idx = list(range(0, len(sample), step))[: args.coref_n]
            C.log(f"en: CoreNLP with coreference on {len(idx)} texts ...")
            co, co_s = annotate_all(corenlp_coref, [sample[i] for i in idx])
            speed["corenlp (coref subset)"] = {
                "texts": len(idx), "sentences": n_sentences([ref[i] for i in idx]),
                "seconds": sum(ref_s[i] for i in idx)}
            speed["corenlp + coref (coref subset)"] = {
                "texts": len(idx), "sentences": n_sentences(co), "seconds": sum(co_s)}
        for s in speed.values():
            s["sentences_per_s"] = s["sentences"] / s["seconds"] if s["seconds"] else float("nan")
        results[lang] = {
            "texts": len(sample),
            "sources": dict(Counter(src for src, _ in items)),
            "agreement": compare(list(zip(sample, off, ref, strict=True))),
            "speed": speed,
        }
        a = results[lang]["agreement"]
        C.log(f"{lang}: token F1 {f(a['token']['f1'])}, noun/PROPN F1 {f(a['noun_propn']['f1'])}, "
              f"entity span F1 {f(a['entity_span']['f1'])}")

    memories = {"offline": offline, "corenlp": corenlp, "corenlp + coref": corenlp_coref}
    temporal: dict[str, Any] = {}
    if not args.no_temporal:
        temporal = temporal_effect(memories, smoke=args.smoke or not args.temporal_full,
                                   seed=args.seed)
    locomo: dict[str, Any] = {}
    if not args.no_locomo:
        locomo = locomo_effect(memories, smoke=args.smoke, conversations=args.locomo_conversations,
                               data=args.data or locomo_path(), seed=args.seed)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    meta = {
        "command": "python -m benchmarks.annotators" + (" --smoke" if args.smoke else "")
                   + (" --effects" if args.smoke and args.effects else "")
                   + (" --temporal-full" if args.temporal_full else "")
                   + (f" --locomo-conversations {args.locomo_conversations}"
                      if args.locomo_conversations != 2 else ""),
        "environment": env, "seed": args.seed, "seconds": time.perf_counter() - t_start,
        "corenlp_version": os.environ.get("CORENLP_VERSION", "4.5.10"),
        "corenlp_pipelines": {lang: corenlp.properties(lang)["annotators"] for lang in ("en", "zh")},
        "texts": {lang: {"texts": r["texts"],
                         "sources": ", ".join(f"{k} {v}" for k, v in r["sources"].items())}
                  for lang, r in results.items()},
        "temporal_smoke": args.smoke or not args.temporal_full,
        "locomo_smoke": args.smoke, "locomo_conversations": args.locomo_conversations,
        "load_note": f"1-minute load average at the end: {load:.1f} on {os.cpu_count()} CPUs "
                     "(the machine is shared; CoreNLP's server and this client compete for them).",
    }
    payload: dict[str, Any] = {"meta": meta, "results": results, "temporal": temporal,
                               "locomo": locomo}
    payload["causes"] = causes_of(results)
    md = render(payload)
    C.write_results(args.out, "annotators", md, payload)
    C.log(md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
