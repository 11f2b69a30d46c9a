"""The paraphrase suite (``benchmarks/data/paraphrases.jsonl``): the relation layer's current facts
are right on hand-written EN/ZH paraphrases (precision >= 99 %, the issue's target), and the
scoring counts what it says it counts."""

from __future__ import annotations

import hashlib

from benchmarks import paraphrases as P

TARGET = 0.99


def test_suite_covers_every_category_in_both_languages_with_enough_phrasings() -> None:
    cases = P.load_cases()
    for lang in ("en", "zh"):
        for category in ("move", "job", "manager", "reporting", "status", "preference"):
            n = sum(1 for c in cases if c["lang"] == lang and c["category"] == category)
            assert n >= 10, (lang, category, n)
    assert len({c["id"] for c in cases}) == len(cases)


def test_held_out_split_is_the_fixed_hash_of_the_id() -> None:
    # the second and third batches ("-probe" ids) were each scored blind once, and every miss
    # of them was looked at while fixing: all dev, none held out
    probes = [c for c in P.load_cases() if "-probe" in c["id"]]
    assert probes and all(c["split"] == "dev" for c in probes)
    cases = [c for c in P.load_cases() if "-probe" not in c["id"]]
    for c in cases:
        bucket = int(hashlib.sha1(c["id"].encode()).hexdigest(), 16) % 10
        assert c["split"] == ("heldout" if bucket < 3 else "dev"), c["id"]
    share = sum(c["split"] == "heldout" for c in cases) / len(cases)
    assert 0.2 <= share <= 0.4


def test_scoring_counts_unlisted_and_stale_facts_as_wrong() -> None:
    case = {
        "current": [["王五", "LIVES_IN", "上海"]],
        "not_current": [["王五", "LIVES_IN", "北京"]],
        "allowed": [],
    }
    right = P.score_case(case, [("王五", "LIVES_IN", "上海")])
    assert (right["stated"], right["right"], right["found"], right["wrong"]) == (1, 1, 1, [])
    wrong = P.score_case(case, [("王五", "LIVES_IN", "北京"), ("北京", "LIVES_IN", "上海")])
    assert wrong["right"] == 0 and wrong["found"] == 0
    assert [w["kind"] for w in wrong["wrong"]] == ["contradicted", "unlisted"]
    assert P.score_case(case, [])["stated"] == 0  # stating nothing costs recall only


def test_scoring_ignores_a_leading_the_of_a_thing_only() -> None:
    case = {"current": [["Rafael", "LIKES", "the Friday standups"]], "not_current": [], "allowed": []}
    assert P.score_case(case, [("Rafael", "LIKES", "Friday standups")])["right"] == 1
    assert P.score_case(case, [("Rafael", "LIKES", "The Friday standups")])["right"] == 1
    # only a whole leading word: "theatre" is no "the atre", and other words still count
    theatre = {"current": [["Ana", "LIKES", "theatre"]], "not_current": [], "allowed": []}
    assert P.score_case(theatre, [("Ana", "LIKES", "atre")])["right"] == 0
    assert P.score_case(case, [("Rafael", "LIKES", "Friday")])["right"] == 0


def test_scoring_reads_an_entity_by_any_of_its_names() -> None:
    case = {
        "current": [["Dmitri", "MANAGES", "Atlas"]],
        "not_current": [["Chloe", "MANAGES", "Atlas"]],
        "allowed": [],
    }
    stated = [("Dmitri", "MANAGES", "Atlas project")]
    plain = P.score_case(case, stated)
    assert (plain["right"], plain["found"]) == (0, 0)
    named = P.score_case(case, stated, [(("Dmitri",), ("Atlas project", "Atlas"))])
    assert (named["right"], named["found"], named["wrong"]) == (1, 1, [])
    # another entity's alias does not make a stale fact right
    stale = P.score_case(case, [("Chloe", "MANAGES", "Atlas project")],
                         [(("Chloe",), ("Atlas project", "Atlas"))])
    assert stale["right"] == 0 and [w["kind"] for w in stale["wrong"]] == ["contradicted"]


def test_current_facts_are_right_on_the_paraphrase_suite() -> None:
    rows = P.run_cases(P.load_cases())
    summary = P.summarise(rows)
    wrong = [(r["id"], w["fact"]) for r in rows for w in r["wrong"]]
    assert summary["precision"] >= TARGET, wrong
    assert summary["duplicates"] == 0
    # stating nothing everywhere would be precise and useless: most facts are still found (the
    # 517 cases before blind batches 13-17 at >= 75 %, 81.7 % since the wide reading; their idioms, which the layer mostly
    # doubts without reading the new value, and the wide doubt reading of batches 18-21, which
    # trades look-alikes' facts for fewer stale ones, bring the whole suite to ~62 %)
    assert summary["recall"] >= 0.57, summary
    earlier = P.summarise([r for r in rows if not any(b in r["id"] for b in ("probe13", "probe14", "probe15", "probe16", "probe17"))])
    assert earlier["recall"] >= 0.75, earlier


def test_statements_are_added_at_their_dates_and_held_facts_read_as_of() -> None:
    case = {
        "id": "en-dated-test-01", "split": "dev", "lang": "en", "category": "move", "note": "test",
        "statements": [
            {"text": "Alice lives in Rome.", "at": "2026-01-10"},
            {"text": "Back in 2019, Alice moved to Paris.", "at": "2026-06-01"},
        ],
        "current": [["Alice", "LIVES_IN", "Rome"]],
        "not_current": [["Alice", "LIVES_IN", "Paris"]],
        "allowed": [],
        "held": [["Alice", "LIVES_IN", "Paris", "2019-06-01"], ["Alice", "LIVES_IN", "Rome", "2026-03-01"],
                 ["Alice", "LIVES_IN", "Rome", "2019-06-01"]],
    }  # fmt: skip
    (row,) = P.run_cases([case])
    assert (row["found"], row["wrong"]) == (1, [])
    # Paris in 2019 and Rome in March are found; "Rome in 2019" is missed, and Paris is the
    # other value stated then
    assert (row["held_expected"], row["held_found"]) == (3, 2)
    assert row["held_missed"] == [["Alice", "LIVES_IN", "Rome", "2019-06-01"]]
    assert row["wrong_then"] == [["Alice", "LIVES_IN", "Paris", "2019-06-01"]]
    agg = P.aggregate([row])
    assert (agg["all"]["held_found"], agg["all"]["wrong_then"]) == (2, 1)


def test_the_dated_file_is_well_formed() -> None:
    cases = P.load_cases(P.DATA.parent / "paraphrases_dated.jsonl")
    assert len({c["id"] for c in cases}) == len(cases) >= 120
    for c in cases:
        assert all(len(st["at"]) == 10 for st in c["statements"]), c["id"]
        assert all(len(h) == 4 for h in c.get("held", [])), c["id"]
