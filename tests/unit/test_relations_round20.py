"""Twentieth round of the relation layer's rules, from facts stated as current at the end of real
chats that were no facts: "it" taken as a person ("It's been a rough week - I gave in and bought
some snacks" stated that a place named turns before owned the snacks), "it" as the thing someone
relies on or loves, a time or an aspect read as a thing ("the aquarium I bought the day before
yesterday", "I love the color and texture"), one thing in front of the speaker read as a taste
("I'm loving this recipe I found") and an example read as a taste ("- like The Legend of
Zelda"). Real SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for
these tests.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

from ._facts import Case, assert_case, facts_after

_facts = facts_after


_TRIP = ("Evan", "Thanks! I went up to the Rocky Mountains, it was so refreshing!")


def test_a_clause_after_a_dash_borrows_its_own_subject_not_it(memory: TemporalGraphMemory) -> None:
    # (round 50: food bought is no possession, so the clause reads a thing kept: a telescope)
    facts = _facts(memory, [_TRIP, ("Sam", "Hey Evan! It's been a rough week - I gave in and bought a new telescope.")])
    assert ("Sam", "OWNS", "new telescope") in facts or ("Sam", "OWNS", "telescope") in facts, facts
    assert not [f for f in facts if f[0] == "Rocky Mountains"], facts


@pytest.mark.parametrize(
    "text",
    [
        "Haven't tried it yet, but it looks like a fun way to get in some exercise and enjoy nature.",
        "Love is amazing. It brings so much joy, like a beautiful sunset that lights up our lives.",
    ],
)
def test_it_is_no_person(memory: TemporalGraphMemory, text: str) -> None:
    facts = _facts(memory, [_TRIP, ("Sam", text)])
    assert not [f for f in facts if f[0] == "Rocky Mountains"], facts


@pytest.mark.parametrize(
    ("speaker", "text"),
    [
        ("Evan", "My new car broke down. It's a stressor since I rely on it for my road trips."),
        ("Evan", "He loves it! We usually hit the beach and he plays in the water."),
    ],
)
def test_it_is_no_thing_liked_owned_or_relied_on(memory: TemporalGraphMemory, speaker: str, text: str) -> None:
    facts = _facts(memory, [_TRIP, (speaker, text)])
    assert not [f for f in facts if f[2] == "Rocky Mountains"], facts


@pytest.mark.parametrize(
    ("speaker", "text"),
    [
        ("Jolene", "Here are new photos of Seraphim in the new aquarium that I bought the day before yesterday."),
        ("Joanna", "Wow, that looks amazing! I love the color and texture."),
        ("Tim", "Learning German has been tough. I like the structure of the language."),
        ("Dave", "I love the lesson it teaches about following your dreams."),
        ("Sam", "Sure, I'm loving this recipe I found."),
        ("Tim", "I'm a huge fan of this genre!"),
        ("James", "I enjoy 2D adventures with puzzles - like The Legend of Zelda."),
    ],
)
def test_a_time_an_aspect_one_thing_seen_or_an_example_is_no_fact(
    memory: TemporalGraphMemory, speaker: str, text: str
) -> None:
    facts = _facts(memory, [(speaker, text)])
    things = {"day", "color", "structure", "lesson", "recipe", "genre", "Legend of Zelda", "The Legend of Zelda"}
    assert not [f for f in facts if f[2] in things], facts


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I love the ocean.", ("Ana", "LIKES", "ocean")),
        ("I bought a new laptop last week.", ("Ana", "OWNS", "laptop")),
        ("I like jazz - and I play it too.", ("Ana", "LIKES", "jazz")),
    ],
)
def test_tastes_and_things_still_read(memory: TemporalGraphMemory, text: str, fact: tuple[str, str, str]) -> None:
    facts = _facts(memory, [("Ana", text)])
    assert fact in facts, facts


@pytest.mark.parametrize(
    ("speaker", "text", "bad"),
    [
        # the sentence's subject is the owner's thing; a clause without a subject does not borrow the owner
        ("Maria", "Nature's beauty reminds me to slow down and enjoy the small stuff.", "Nature"),
        # an adjective cut from its noun at "and"
        ("Calvin", "I'm totally into cars too and love making new and powerful models.", "making new"),
        # a fan is no employee, however big
        ("John", "I'm a huge fan of the Lakers!", "WORKS_FOR"),
    ],
)
def test_an_owner_a_cut_adjective_or_a_fan_states_nothing(
    memory: TemporalGraphMemory, speaker: str, text: str, bad: str
) -> None:
    facts = _facts(memory, [(speaker, text)])
    assert not [f for f in facts if bad in f], facts


@pytest.mark.parametrize(
    "case",
    [
        # "alum" says the studies are over, like "alumna" and "graduated"
        ("Raj", "Priya studies at Monash.", "Priya is a proud Monash alum!!",
         ("Priya", "STUDIES_AT", "Monash"), False),
        # the family's doubled name (丽丽 for 孙丽) is the person
        (None, "孙丽在南开大学读书。", "丽丽今天在南开大学拿到毕业证了，下个月去上班",
         ("孙丽", "STUDIES_AT", "南开大学"), False),
        (None, "王涛在京东工作。", "涛涛上周从京东离职了", ("王涛", "WORKS_FOR", "京东"), False),
    ],
)
def test_an_alum_and_a_doubled_name(memory: TemporalGraphMemory, case: Case) -> None:
    assert_case(memory, case)


def test_a_doubled_name_finds_the_person(memory: TemporalGraphMemory) -> None:
    memory.add("孙丽在南开大学读书。")
    assert [e.name for e in memory.entities("丽丽")] == ["孙丽"]


@pytest.mark.parametrize(
    "case",
    [
        # the opposite feeling, said of the named thing
        ("Omar", "I like open-plan offices.", "a year of hot-desking later: open-plan offices are the worst.",
         ("Omar", "LIKES", "open-plan offices"), False),
        (None, "Lina dislikes karaoke.", "Lina said karaoke with the team was the most fun she had all month.",
         ("Lina", "DISLIKES", "karaoke"), False),
        # a past marker before the subject: what was
        (None, "王刚在华为工作。", "据悉，王刚已加盟腾讯，此前他在华为任职八年。", ("王刚", "WORKS_FOR", "华为"), False),
        # an admin's words end a lead
        (None, "Ada Lee manages the Orion project.", "Please remove Ada Lee as lead of project Orion.",
         ("Ada Lee", "MANAGES", "Orion project"), False),
        # a last session is a farewell
        ("Rahul", "I work for Hillside Academy.", "tonight is my last session with the Hillside Academy kids",
         ("Rahul", "WORKS_FOR", "Hillside Academy"), False),
        # "three months ago" is no past marker
        (None, "王刚住在北京。", "三个月之前王刚还在北京见过老张。", ("王刚", "LIVES_IN", "北京"), True),
    ],
)
def test_feelings_past_markers_admin_words_and_last_sessions(memory: TemporalGraphMemory, case: Case) -> None:
    assert_case(memory, case)


def test_a_department_is_no_home_and_holding_a_post_is_no_role(memory: TemporalGraphMemory) -> None:
    memory.add("项目组解散后，黄丽回到研发部做技术支持。")
    memory.add("王刚在华为任职八年。")
    facts = {(r.subject_name, r.type, r.object_name): r.attributes for r in memory.relations()}
    assert not [f for f in facts if f[1] == "LIVES_IN"], facts
    assert "role" not in facts.get(("王刚", "WORKS_FOR", "华为"), {"role": "missing fact"}), facts


def test_a_name_after_since_opens_its_clause(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [("Ana", "Daniela lives in Porto."),
                            ("Rui", "since Daniela swapped Porto for Madrid back in March we barely see her")])
    assert ("Daniela", "LIVES_IN", "Porto") not in facts, facts


def test_a_request_in_the_next_chat_sentence_is_no_denial_of_the_divorce(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [("Ana", "Nadia is married to Omar."),
                            ("Layla", "Nadia and Omar's divorce came through this morning. she's fine, we're ordering pizza "
                                      "tonight, pls don't message her")])
    assert not [f for f in facts if f[1] == "MARRIED_TO"], facts


@pytest.mark.parametrize(
    "case",
    [
        ("Fatou", "I like open-plan offices.", "honestly? open-plan offices are a nightmare.",
         ("Fatou", "LIKES", "open-plan offices"), False),
        ("Jamal", "I study at Howard University.", "TASSEL TURNED, Howard you were a whole vibe",
         ("Jamal", "STUDIES_AT", "Howard University"), False),
        (None, "王芳在阿里巴巴工作。", "王芳已被腾讯聘为产品总监。", ("王芳", "WORKS_FOR", "阿里巴巴"), False),
    ],
)
def test_a_nightmare_a_tassel_and_a_hire(memory: TemporalGraphMemory, case: Case) -> None:
    assert_case(memory, case)


def test_the_thing_after_de_jiu_shi_is_the_taste(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [("老师", "潘杰现在最讨厌的就是数学。")])
    assert ("潘杰", "DISLIKES", "数学") in facts, facts


def test_a_short_chinese_name_taken_for_a_place_is_the_speaker(memory: TemporalGraphMemory) -> None:
    # the offline annotator's weak NER types 钱坤 as a place (jieba's ns); the speaker 钱坤 is the same one
    facts = _facts(memory, [("老金", "钱坤喜欢足球。"), ("钱坤", "我对足球彻底死心了，现在周末都在打羽毛球")])
    assert ("钱坤", "LIKES", "足球") not in facts, facts
    assert len(memory.entities("钱坤")) == 1, memory.entities("钱坤")
