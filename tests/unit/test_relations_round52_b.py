"""Round 52 (B): relation readings left open by round 51.

- a work arrangement ("hybrid, 3 days in the West Loop office", "fully remote now", 现在每周三天去
  公司坐班) leaves the employer and the home as they are; a move to an office still doubts them;
- a start told after a quit with no subject of its own, before a day still to come ("I quit Target.
  starting at Fernbrook on May 20" said on 8 May), is a plan: it states nothing now;
- "I'm single" ends a marriage ("single-handedly", "a single room", "single malt" do not); 我和小刚
  结婚了 / 我跟小刚领证了 marry the speaker to 小刚, and 我现在单身 ends it;
- "Sorry, I meant ramen." alone replaces the one taste or possession the speaker's turn just
  before told, and nothing when it told two or none.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.doubt_figures import FIGURES, plain
from recall_memory_plugins.engine.relations.meant_alone import value_meant

AT = datetime(2024, 5, 8, 18, tzinfo=timezone.utc)


def _facts(*turns: str, speaker: str = "user") -> dict[tuple[str, str], bool]:
    """(type, object) -> unsure? of the speaker's current relations after ``turns``."""
    m = TemporalGraphMemory(":memory:", annotator="offline")
    for turn in turns:
        m.add(turn, speaker=speaker, at=AT)
    rels = m.relations(speaker, include_unsure=True)
    return {(r.type, str(r.object_name)): r.attributes.get("unsure") == "true" for r in rels}


# -- 1. a work arrangement doubts nothing --------------------------------------------------------


def test_a_work_arrangement_after_a_new_job_keeps_it() -> None:
    facts = _facts("I quit Target. starting at a startup called Fernbrook", "hybrid, 3 days in the West Loop office",
                   speaker="Luis")
    assert facts == {("WORKS_FOR", "Fernbrook"): False}


@pytest.mark.parametrize(
    "then",
    ["hybrid, 3 days in the West Loop office", "fully remote now", "WFH on Fridays", "back in the office Tuesdays",
     "3 days a week on site", "I'm working from home these days", "we went hybrid, in the office twice a week",
     "mostly remote now, on site Mondays and Thursdays"],
)
def test_en_work_arrangements_keep_the_job_and_the_home(then: str) -> None:
    facts = _facts("I work at Acme. I live in Chicago.", then)
    assert facts == {("WORKS_FOR", "Acme"): False, ("LIVES_IN", "Chicago"): False}


@pytest.mark.parametrize("then", ["现在每周三天去公司坐班", "在家办公", "居家办公", "现在居家办公", "我们现在每周两天远程办公"])
def test_zh_work_arrangements_keep_the_job_and_the_home(then: str) -> None:
    facts = _facts("我在奥美做广告文案，住在上海", then)
    assert facts == {("WORKS_FOR", "奥美"): False, ("LIVES_IN", "上海"): False}


@pytest.mark.parametrize(
    "then",
    ["I moved to the Denver office of Acme.", "I transferred to the Austin office.", "I'm in the Austin office now"],
)
def test_a_move_to_an_office_still_doubts_the_home(then: str) -> None:
    """Look-alikes: a transfer to another office is no arrangement; the home is left unsure, as before."""
    facts = _facts("I work at Acme. I live in Chicago.", then)
    assert facts.get(("LIVES_IN", "Chicago")) is True


def test_a_change_beside_an_arrangement_is_still_read() -> None:
    assert _facts("I work at Acme. I live in Chicago.", "I moved to Denver and now work remotely")[("LIVES_IN", "Denver")] is False
    assert ("WORKS_FOR", "奥美") not in {k for k, unsure in _facts("我在奥美做广告文案", "我跳槽了，现在居家办公").items() if not unsure}
    assert ("WORKS_FOR", "Acme") not in _facts("I work at Acme.", "I left Acme, fully remote now at Globex")


def test_a_taste_of_an_arrangement_is_still_doubted() -> None:
    """Look-alike: a feeling about working from home is a taste the doubt rule reads."""
    assert _facts("I love remote work.", "honestly remote work is awful now") == {("LIKES", "remote work"): True}
    m = TemporalGraphMemory(":memory:", annotator="offline")
    m.add("黄涛喜欢远程办公。", at=AT)
    m.add("黄涛说在家办公一年，现在真受不了了。", at=AT)
    assert not m.relations("黄涛")


def test_every_work_arrangement_example_is_taken_out() -> None:
    (row,) = [r for r in FIGURES if r[0] == "a work arrangement"]
    for text in row[2]:
        assert not re.search(r"remote|hybrid|wfh|office|site|now|坐班|办公|公司|现在", plain(text), re.IGNORECASE), text
    for kept in ("I moved to the Denver office of Acme.", "I transferred to the Austin office.", "I'm in the Austin office now"):
        assert plain(kept) == kept


# -- 2. a start with no subject on a day still to come is a plan ---------------------------------


@pytest.mark.parametrize(
    "then",
    ["soooo I quit Target. starting at a startup called Fernbrook on May 20", "I quit Target. starting at Atkins on 20 May",
     "I quit Target, starting at Atkins in June", "I quit Target. starting at Stripe next month"],
)
def test_en_a_start_on_a_day_to_come_is_a_plan(then: str) -> None:
    assert _facts("I work at Target.", then, speaker="Luis") == {}  # (Target quit, the new job not yet)


@pytest.mark.parametrize("then", ["starting at Stripe next month", "starting at a startup called Fernbrook on May 20"])
def test_en_a_plan_with_no_subject_states_no_new_job(then: str) -> None:
    assert ("WORKS_FOR", "Stripe") not in _facts("I work at Target.", then, speaker="Luis")
    assert ("WORKS_FOR", "Fernbrook") not in _facts("I work at Target.", then, speaker="Luis")


@pytest.mark.parametrize(
    ("then", "new"),
    [("I quit Target. starting at Atkins", "Atkins"), ("I quit Target. starting at Atkins last week", "Atkins"),
     ("I quit Target, started at Atkins on May 2", "Atkins")],
)
def test_en_a_start_now_or_done_is_still_the_new_job(then: str, new: str) -> None:
    assert _facts("I work at Target.", then, speaker="Luis") == {("WORKS_FOR", new): False}


def test_en_a_move_done_on_a_named_day_is_still_read() -> None:
    assert _facts("I live in Chicago.", "Moved to Leeds on May 3!") == {("LIVES_IN", "Leeds"): False}


@pytest.mark.parametrize("then", ["下个月去字节上班", "我从奥美辞职了，下个月去字节上班", "我从奥美辞职了，5月20日去字节上班"])
def test_zh_a_job_start_to_come_states_nothing_now(then: str) -> None:
    assert ("WORKS_FOR", "字节") not in _facts("我在奥美做广告文案", then)


# -- 3. single, and Chinese marriages of the speaker --------------------------------------------


@pytest.mark.parametrize("then", ["I'm single", "I'm single now", "I'm single lol", "I'm single and loving it"])
def test_en_single_ends_the_marriage(then: str) -> None:
    assert ("MARRIED_TO", "Tom") not in _facts("I'm married to Tom.", then)


@pytest.mark.parametrize(
    "then",
    ["I did it single-handedly", "I booked a single room", "I love single malt", "I'm not single", "Are you single?",
     "I'm single-minded about this", "I'm single parenting this week"],
)
def test_en_single_look_alikes_keep_the_marriage(then: str) -> None:
    assert _facts("I'm married to Tom.", then).get(("MARRIED_TO", "Tom")) is False


@pytest.mark.parametrize("first", ["我和小刚结婚了", "我跟小刚领证了", "我和阿强结婚了"])
def test_zh_the_speaker_marries_a_pet_name(first: str) -> None:
    spouse = first[2:4]
    assert _facts(first) == {("MARRIED_TO", spouse): False, ("MARRIED_TO", "user"): False}
    assert ("MARRIED_TO", spouse) not in _facts(first, "我现在单身")


@pytest.mark.parametrize("text", ["我想和小刚结婚", "我和小刚没结婚", "我和小孩结婚了", "我和小刚要结婚了", "我和小刚下个月结婚"])
def test_zh_no_marriage_told_done(text: str) -> None:
    assert _facts(text) == {}


def test_zh_a_registered_marriage_is_read_of_persons_only() -> None:
    m = TemporalGraphMemory(":memory:", annotator="offline")
    m.add("王五跟李梅领证了。", at=AT)
    assert {(r.subject_name, r.object_name) for r in m.relations("王五")} == {("王五", "李梅"), ("李梅", "王五")}
    m = TemporalGraphMemory(":memory:", annotator="offline")
    m.add("赵强和周敏结婚了。", at=AT)
    m.add("他去年和周敏离婚后，本月与林芳登记结婚。", at=AT)
    assert not [r for r in m.relations("周敏") if r.object_name == "林芳" or r.subject_name == "林芳"]
    m = TemporalGraphMemory(":memory:", annotator="offline")
    m.add("周琳在复旦大学读书。", speaker="周琳", at=AT)
    m.add("复旦毕业啦，上周和陈亮领证了", speaker="周琳", at=AT)
    assert not [r for r in m.relations("陈亮") if r.type == "MARRIED_TO" and "复旦" in (r.subject_name + str(r.object_name))]


@pytest.mark.parametrize("then", ["我单身", "我是单身", "我现在单身"])
def test_zh_single_ends_the_marriage(then: str) -> None:
    assert ("MARRIED_TO", "李梅") not in _facts("我和李梅结婚了", then)


@pytest.mark.parametrize("then", ["你单身吗？", "我的朋友小王单身"])
def test_zh_single_of_others_or_asked_keeps_the_marriage(then: str) -> None:
    assert _facts("我和李梅结婚了", then).get(("MARRIED_TO", "李梅")) is False


# -- 4. the value meant alone -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "then", "new", "old"),
    [
        ("I love sushi.", "Sorry, I meant ramen.", ("LIKES", "ramen"), ("LIKES", "sushi")),
        ("I really like tacos.", "oops, meant burritos lol", ("LIKES", "burritos"), ("LIKES", "tacos")),
        ("I adopted a cat.", "sorry, I meant a dog", ("OWNS", "dog"), ("OWNS", "cat")),
        ("I love sushi.", "*ramen", ("LIKES", "ramen"), ("LIKES", "sushi")),
        ("我喜欢寿司", "不好意思，我是说拉面", ("LIKES", "拉面"), ("LIKES", "寿司")),
        ("我喜欢寿司", "说错了，是拉面", ("LIKES", "拉面"), ("LIKES", "寿司")),
    ],
)
def test_the_value_meant_alone_replaces_the_one_just_told(first: str, then: str, new: tuple[str, str], old: tuple[str, str]) -> None:
    facts = _facts(first, then)
    assert facts.get(new) is False and old not in facts


@pytest.mark.parametrize(
    ("turns", "kept"),
    [
        (("I love sushi.", "Sorry, I meant it."), [("LIKES", "sushi")]),
        (("I love sushi.", "Sorry, I meant well."), [("LIKES", "sushi")]),
        (("I love sushi.", "sorry I meant to ask, is it healthy?"), [("LIKES", "sushi")]),
        (("I adopted a cat last week.", "sorry, I meant two weeks ago"), [("OWNS", "cat")]),
        (("I love sushi. I love pizza.", "Sorry, I meant ramen."), [("LIKES", "sushi"), ("LIKES", "pizza")]),
        (("I love sushi, and I adopted a cat.", "Sorry, I meant ramen."), [("LIKES", "sushi"), ("OWNS", "cat")]),
        (("I love sushi.", "I moved to Ghent.", "Sorry, I meant ramen."), [("LIKES", "sushi")]),
    ],
)
def test_no_single_value_just_told_means_nothing_new(turns: tuple[str, ...], kept: list[tuple[str, str]]) -> None:
    facts = _facts(*turns)
    assert all(facts.get(k) is False for k in kept) and ("LIKES", "ramen") not in facts


def test_another_speakers_taste_is_not_corrected() -> None:
    m = TemporalGraphMemory(":memory:", annotator="offline")
    m.add("I love sushi.", speaker="Bob", at=AT)
    m.add("Sorry, I meant ramen.", speaker="Alice", at=AT)
    assert {(r.type, r.object_name) for r in m.relations("Bob")} == {("LIKES", "sushi")}


@pytest.mark.parametrize(
    ("text", "value"),
    [("Sorry, I meant ramen.", "ramen"), ("oops, meant a Toyota", "Toyota"), ("不好意思，我是说拉面", "拉面"),
     ("I meant it.", None), ("sorry, I meant yesterday", None), ("Sorry, I meant ramen?", None),
     ("Sorry, I meant ramen, not sushi, and I moved to Ghent.", None)],
)
def test_value_meant(text: str, value: str | None) -> None:
    assert value_meant(text) == value
