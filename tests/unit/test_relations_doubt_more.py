"""The doubt rule's second round (blind batch 13, `benchmarks/data/paraphrases.jsonl`,
``*-probe13*``): changes said by a speaker who names no one, plans in another clause, the end a
change leaves named after "from"/从, named preferences with "now", negated Chinese verbs, both
ends of a marriage; and the look-alikes that must keep the fact. Real SQLite (``:memory:``),
offline annotator; no mocks.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.updates import is_unsure

Fact = tuple[str, str, "str | None"]


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:") as m:
        yield m


def _facts(memory: TemporalGraphMemory, turns: list[tuple[str, str | None]]) -> set[Fact]:
    for text, speaker in turns:
        memory.add(text, speaker=speaker)
    return {(r.subject_name, r.type, r.object_name) for r in memory.relations()}


@pytest.mark.parametrize(
    ("first", "change", "speaker", "doubted"),
    [
        # the speaker of a turn that names no one else ("新工作在美团")
        ("我在华为上班。", "新工作在美团，挺累的，不过比在华为的时候自由多了。", "李娜",
         ("李娜", "WORKS_FOR", "华为")),
        ("I live in Chicago.",
         "Movers just dropped the last boxes at our new place in Milwaukee — Chicago is "
         "officially in the rear-view mirror.", "Tariq", ("Tariq", "LIVES_IN", "Chicago")),
        # ("Started at Stripe this week after four years at Deloitte!" is read now: Stripe is
        # the job, Deloitte ends; tests/unit/test_job_moves_round51_e.py)
        # a plan in another clause leaves the change in its own
        # the end left, named after "from"; the object of "transferred" is the one who moved
        ("Kenji lives in Osaka.",
         "Kenji's firm transferred him from Osaka to Tokyo in the spring.", None,
         ("Kenji", "LIVES_IN", "Osaka")),
        ("邵峰在联想工作。", "邵峰从联想出来以后自己创业，开了家设计工作室。", None,
         ("邵峰", "WORKS_FOR", "联想")),
        # a named preference with a word of the present, a negated Chinese verb
        ("I hate podcasts.", "Who knew — I'm totally hooked on podcasts now.", "Gabe",
         ("Gabe", "DISLIKES", "podcasts")),
        ("我不喜欢猫。", "自从楼下那只橘猫天天来蹭饭，我现在看见猫就走不动道。", "江涛",
         ("江涛", "DISLIKES", "猫")),
        ("罗斌喜欢爬山。", "罗斌现在迷上了钓鱼，爬山早就不去了。", None,
         ("罗斌", "LIKES", "爬山")),
        ("Zoe likes coffee.", "Zoe quit coffee in January.", None, ("Zoe", "LIKES", "coffee")),
        # idioms of the kind the batch used
        ("Paula works for Pfizer.", "Pfizer couldn't match Moderna's offer, so Paula jumped ship.",
         None, ("Paula", "WORKS_FOR", "Pfizer")),
        ("Wendell likes opera.", "After a four-hour Wagner, Wendell swore off opera for good.",
         None, ("Wendell", "LIKES", "opera")),
        # blind batch 14
        ("Lily reports to George.", "Lily's reporting line changed from George to Rebecca.",
         None, ("Lily", "REPORTS_TO", "George")),
        ("陶然在滴滴工作。", "陶然今年三月被滴滴裁了，后来去了携程。", None,
         ("陶然", "WORKS_FOR", "滴滴")),
        ("我在中国移动上班。", "我早就不在移动干了，现在给顺丰做财务。", "卢静",
         ("卢静", "WORKS_FOR", "中国移动")),
        ("雷婷在四川大学读博。", "雷婷已经戴上了博士帽，跟川大说了拜拜。", None,
         ("雷婷", "STUDIES_AT", "四川大学")),
        ("I don't like hiking.", "That trip to Patagonia turned me into a total hiking convert.",
         "Mei", ("Mei", "DISLIKES", "hiking")),
        # blind batch 15
        ("Yara lives in Cairo.", "Yara was posted from Cairo to Dubai in January.", None,
         ("Yara", "LIVES_IN", "Cairo")),
        ("I lead Project Tundra.", "My boss pulled me off Project Tundra last week.", "Ingrid",
         ("Ingrid", "MANAGES", "Project Tundra")),
        ("I can't stand cooking.",
         "Ever since that Thai cooking class, cooking has become my favourite way to unwind.",
         "Rashid", ("Rashid", "DISLIKES", "cooking")),
        ("汤磊在海尔工作。", "汤磊今年开春跟海尔解了约，转身进了美的。", None,
         ("汤磊", "WORKS_FOR", "海尔")),
        ("尚文讨厌跑步。", "尚文去年被同事拉去跑了一次半马，从此爱上了跑步。", None,
         ("尚文", "DISLIKES", "跑步")),
        # blind batch 16: any change word puts a named preference in doubt
        ("Erin likes reality TV.",
         "Erin cancelled her streaming subscription because she's had it with reality TV.", None,
         ("Erin", "LIKES", "reality tv")),
        ("季红负责直播团队。", "柯文上个月正式执掌直播团队，季红则调回总部做战略。", None,
         ("季红", "MANAGES", "直播团队")),
        # blind batch 17
        ("I work at Dropbox.", "Atlassian poached me last month.", "Conrad",
         ("Conrad", "WORKS_FOR", "Dropbox")),
        ("Keiran studies at Yale.", "Keiran's Yale years are behind him.", None,
         ("Keiran", "STUDIES_AT", "Yale")),
        ("Cyril likes podcasts.", "Cyril unsubscribed from every podcast he used to follow.", None,
         ("Cyril", "LIKES", "podcasts")),
        ("我在苏宁上班。", "苏宁的工位我已经清空了。", "万琦", ("万琦", "WORKS_FOR", "苏宁")),
        ("伍梅向申强汇报。", "申强外派新加坡以后，伍梅手上的活儿都听柴静安排了。", None,
         ("伍梅", "REPORTS_TO", "申强")),
    ],
)  # fmt: skip
def test_a_change_leaves_the_fact_unsure(
    memory: TemporalGraphMemory, first: str, change: str, speaker: str | None, doubted: Fact
) -> None:
    assert doubted in _facts(memory, [(first, speaker)])
    assert doubted not in _facts(memory, [(change, speaker)])
    kept = [r for r in memory.relations(include_unsure=True) if r.object_name == doubted[2]]
    assert kept and all(is_unsure(r) for r in kept if r.type == doubted[1])


def test_a_split_doubts_both_ends_of_the_marriage(memory: TemporalGraphMemory) -> None:
    assert ("Josh", "MARRIED_TO", "Marta") in _facts(memory, [("Marta is married to Josh.", None)])
    after = _facts(memory, [("Marta split from Josh two years ago.", None)])
    assert not {f for f in after if f[1] == "MARRIED_TO"}


def test_a_new_like_does_not_keep_the_old_one_from_doubt(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [("罗斌喜欢爬山。", None), ("罗斌现在迷上了钓鱼，爬山早就不去了。", None)])
    assert ("罗斌", "LIKES", "钓鱼") in facts
    assert ("罗斌", "LIKES", "爬山") not in facts


@pytest.mark.parametrize(
    ("first", "other", "speaker", "kept"),
    [
        ("Ann works for Acme.", "Ann worked for Globex before joining Acme.", None,
         ("Ann", "WORKS_FOR", "Acme")),
        ("石磊向龙飞汇报。", "石磊没有调到叶青的团队。", None, ("石磊", "REPORTS_TO", "龙飞")),
        ("Owen works for Oracle.", "Owen isn't at the office today.", None,
         ("Owen", "WORKS_FOR", "Oracle")),
        ("Zoe likes coffee.", "Zoe's sister quit coffee.", None, ("Zoe", "LIKES", "coffee")),
        ("我住在杭州。", "我朋友刚从杭州搬到了苏州。", "陈静", ("陈静", "LIVES_IN", "杭州")),
        ("Kenji lives in Osaka.", "Kenji's firm moved its office from Osaka to Kobe.", None,
         ("Kenji", "LIVES_IN", "Osaka")),
        ("Hana loves tea.", "Is tea still Hana's thing now?", None, ("Hana", "LIKES", "tea")),
        ("Lea lives in Oslo.", "Lea may move to Bergen in May.", None, ("Lea", "LIVES_IN", "Oslo")),
        ("Lily reports to George.", "Lily's reporting line might change in April.", None,
         ("Lily", "REPORTS_TO", "George")),
        ("Yara lives in Cairo.", "Yara flew from Cairo to Dubai for a conference.", None,
         ("Yara", "LIVES_IN", "Cairo")),
    ],
)  # fmt: skip
def test_look_alikes_keep_the_fact(
    memory: TemporalGraphMemory, first: str, other: str, speaker: str | None, kept: Fact
) -> None:
    assert kept in _facts(memory, [(first, speaker)])
    assert kept in _facts(memory, [(other, speaker)])
    assert not any(is_unsure(r) for r in memory.relations(include_unsure=True))


@pytest.mark.parametrize(
    "text",
    [
        "徐明今年六月硕士毕业了，现在在一家律所上班。",
        "她现在在某公司上班。",
    ],
)
def test_a_description_is_no_employer(memory: TemporalGraphMemory, text: str) -> None:
    facts = _facts(memory, [(text, None)])
    assert not {f for f in facts if f[1] == "WORKS_FOR"}


def test_years_before_is_a_bounded_past(memory: TemporalGraphMemory) -> None:
    facts = _facts(
        memory,
        [
            ("Bianca reports to Leon.", None),
            ("Years before she joined Leon's team, Bianca reported to Harriet.", None),
        ],
    )
    assert ("Bianca", "REPORTS_TO", "Harriet") not in facts


def test_into_is_a_liking_only_after_a_form_of_be(memory: TemporalGraphMemory) -> None:
    assert ("Mei", "LIKES", "jazz") in _facts(memory, [("I'm into jazz.", "Mei")])
    facts = _facts(memory, [("That trip turned Omar into a total hiking convert.", None)])
    assert not {f for f in facts if f[0] == "Omar" and f[1] == "LIKES"}


def test_a_quantity_is_not_the_thing_owned(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [("Esther bought a chunk of Boeing shares last month.", None)])
    assert not {f for f in facts if f[1] == "OWNS" and f[2] == "chunk"}
