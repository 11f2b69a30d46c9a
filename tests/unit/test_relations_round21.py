"""Twenty-first round of the relation layer: two general readings, not phrasings. A transcript
pasted as one text ("Ana: how are you?\nTomasz: I moved to Kraków") has turns of its own, and
"I" after a label is the labelled person's; "Kwame's moved to Kumasi" is "has moved", not an
owner's. Real SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for
these tests.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.nlp.offline import OfflineAnnotator

from ._facts import facts_after

_facts = facts_after


@pytest.mark.parametrize(
    "transcript",
    [
        "Ana: how are you?\nTomasz: I moved to Kraków last month.",
        "Ana: how are you? Tomasz: I moved to Kraków last month.",
    ],
)
def test_i_after_a_speaker_label_is_the_labelled_person(memory: TemporalGraphMemory, transcript: str) -> None:
    facts = _facts(memory, [(None, "Tomasz lives in Gdańsk."), ("Ana", transcript)])
    assert ("Tomasz", "LIVES_IN", "Kraków") in facts, facts
    assert ("Tomasz", "LIVES_IN", "Gdańsk") not in facts, facts
    assert not [f for f in facts if f[0] == "Ana"], facts


def test_a_chinese_label_speaks_for_its_turn(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [(None, "马超住在成都。"), ("郑丽", "郑丽：你好吗？\n马超：我上个月搬到了重庆。")])
    assert ("马超", "LIVES_IN", "重庆") in facts, facts
    assert ("马超", "LIVES_IN", "成都") not in facts, facts


def test_a_name_mid_sentence_before_a_colon_is_no_label(memory: TemporalGraphMemory) -> None:
    # the speaker's own "I": "Note to Tomasz: ..." labels nothing (the name does not open a line)
    facts = _facts(memory, [("Ana", "Note to Tomasz: I moved to Lyon last month.")])
    assert ("Ana", "LIVES_IN", "Lyon") in facts, facts
    assert ("Tomasz", "LIVES_IN", "Lyon") not in facts, facts


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Kwame's moved to Kumasi.", ("Kwame", "LIVES_IN", "Kumasi")),
        ("Kwame’s moved to Kumasi.", ("Kwame", "LIVES_IN", "Kumasi")),
    ],
)
def test_a_name_s_before_a_participle_is_has(memory: TemporalGraphMemory, text: str, fact: tuple[str, str, str]) -> None:
    facts = _facts(memory, [(None, "Kwame lives in Accra."), (None, text)])
    assert fact in facts, facts
    assert ("Kwame", "LIVES_IN", "Accra") not in facts, facts


def test_a_name_s_before_a_noun_stays_an_owner(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [(None, "Kwame lives in Accra."), (None, "Kwame's used car broke down again.")])
    assert ("Kwame", "LIVES_IN", "Accra") in facts, facts


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("Kwame's moved to Kumasi.", "VBZ"),
        ("Kwame's left Accra.", "VBZ"),
        ("Kwame's broken leg is healing.", "POS"),
        ("Kwame's married sister lives here.", "POS"),
    ],
)
def test_the_tagger_reads_s_after_a_name(text: str, tag: str) -> None:
    tokens = OfflineAnnotator().annotate(text).sentences[0].tokens
    assert tokens[1].text in ("'s", "’s")
    assert tokens[1].xpos == tag, [(t.text, t.xpos) for t in tokens]


@pytest.mark.parametrize(
    ("text", "name", "kind"),
    [
        ("Jin-woo Park studies at KAIST.", "Jin-woo Park", "PERSON"),
        ("Seo-yeon Kim moved to Busan.", "Seo-yeon Kim", "PERSON"),
        ("Jin-woo sent over his diploma.", "Jin-woo", "PERSON"),
        ("We walked in Hyde Park.", "Hyde Park", "LOCATION"),
        ("Coca-cola is great.", "Coca-cola", "MISC"),
    ],
)
def test_a_romanised_korean_name_is_a_person(text: str, name: str, kind: str) -> None:
    tokens = OfflineAnnotator().annotate(text).sentences[0].tokens
    words = name.split()
    start = next(k for k, t in enumerate(tokens) if t.text == words[0])
    tags = {t.ner.split("-", 1)[-1] for t in tokens[start : start + len(words)]}
    assert tags == {kind}, [(t.text, t.ner) for t in tokens]


def test_a_korean_person_s_change_reaches_the_fact(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [
        (None, "Hyun-woo Park dislikes email newsletters."),
        (None, "Hyun-woo told the agent he actually enjoys the email newsletters now that they're shorter."),
    ])
    assert ("Hyun-woo Park", "LIKES", "email newsletters") in facts, facts
    assert ("Hyun-woo Park", "DISLIKES", "email newsletters") not in facts, facts


@pytest.mark.parametrize("text", ["郭建华住在成都。", "郭建华在华为工作。"])
def test_a_surname_before_a_known_given_name_is_one_name(text: str) -> None:
    tokens = OfflineAnnotator().annotate(text).sentences[0].tokens
    assert tokens[0].text == "郭建华" and tokens[0].ner == "S-PERSON", [(t.text, t.ner) for t in tokens]


def test_the_whole_chinese_name_holds_the_fact(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [(None, "郭建华住在成都。")])
    assert facts == {("郭建华", "LIVES_IN", "成都")}, facts


def test_a_surname_with_gong_is_the_engineer(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [(None, "郭建华住在成都。"), (None, "郭工上个月搬到了重庆。")])
    assert ("郭建华", "LIVES_IN", "重庆") in facts, facts
    assert ("郭建华", "LIVES_IN", "成都") not in facts, facts


def test_gong_in_a_word_is_no_title(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [(None, "郭建华住在成都。"), (None, "郭工作很忙，上个月搬到了重庆。")])
    assert ("郭建华", "LIVES_IN", "成都") in facts, facts


@pytest.mark.parametrize("title", ["教练", "老师", "经理"])
def test_a_title_after_a_chinese_name_is_part_of_it(memory: TemporalGraphMemory, title: str) -> None:
    facts = _facts(memory, [(None, "刘洋在星辰篮球俱乐部工作。"), (None, f"刘洋{title}已被飞翔体育聘为青训总监。")])
    assert ("刘洋", "WORKS_FOR", "飞翔体育") in facts, facts
    assert ("刘洋", "WORKS_FOR", "星辰篮球俱乐部") not in facts, facts


@pytest.mark.parametrize(
    "text",
    [
        "I'm into electronic and rock music.",
        "I'm a fan of both classical like Bach and Mozart, as well as modern music.",
        "I love the self-acceptance and love theme.",
    ],
)
def test_a_modifier_cut_from_its_noun_is_no_taste(memory: TemporalGraphMemory, text: str) -> None:
    facts = _facts(memory, [("John", text)])
    assert not [f for f in facts if f[1] == "LIKES" and f[2] in ("electronic", "classical", "self-acceptance")], facts


def test_a_whole_thing_before_and_stays_a_taste(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [("John", "I love reading and playing games.")])
    assert ("John", "LIKES", "reading") in facts, facts


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I'm a huge fan of Lord of the Rings! The adventure is awesome.", "Lord of the Rings"),
        ("I love Pirates of the Caribbean.", "Pirates of the Caribbean"),
    ],
)
def test_a_title_with_of_the_is_one_thing(memory: TemporalGraphMemory, text: str, thing: str) -> None:
    facts = _facts(memory, [("John", text)])
    assert ("John", "LIKES", thing) in facts, facts


@pytest.mark.parametrize(
    "text",
    ["I love the tech and funny jokes of Iron Man too.", "I love the freedom and connection it brings."],
)
def test_an_aspect_of_something_is_no_taste(memory: TemporalGraphMemory, text: str) -> None:
    facts = _facts(memory, [("John", text)])
    assert not [f for f in facts if f[1] == "LIKES" and f[2] in ("tech", "freedom")], facts


def test_the_thing_itself_stays_a_taste(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [("John", "I love the ocean and the mountains.")])
    assert ("John", "LIKES", "ocean") in facts, facts


@pytest.mark.parametrize(
    ("first", "fact"),
    [
        ("Kwame lives in Accra.", ("Kwame", "LIVES_IN", "Accra")),
        ("Kwame studies at the University of Ghana.", ("Kwame", "STUDIES_AT", "University of Ghana")),
    ],
)
def test_a_promotion_leaves_home_and_school(memory: TemporalGraphMemory, first: str, fact: tuple[str, str, str]) -> None:
    facts = _facts(memory, [(None, first), (None, "Kwame has been promoted to head of sales.")])
    assert fact in facts, facts


@pytest.mark.parametrize(
    ("turns", "junk"),
    [
        ([("Hannah", "1:1 with Ines moved to Thursdays now that she's my manager.")], ("Ines", "LIVES_IN", "Thursdays")),
        ([("Siddharth", "1:1 w/ Gareth moved to Weds now that he's my manager.")], ("Gareth", "LIVES_IN", "Weds")),
        (
            [(None, "ZURICH — Mateo, 24, is now a doctoral candidate at ETH Zurich, where he studies glacier melt.")],
            ("ZURICH", "WORKS_FOR", "ETH Zurich"),
        ),
        (
            [(None, "Email from facilities: our Lyon office is moving to Grenoble next quarter.")],
            ("Lyon office", "LIVES_IN", "Grenoble"),
        ),
    ],
)
def test_a_day_is_no_home_and_a_place_or_firm_no_person(
    memory: TemporalGraphMemory, turns: list[tuple[str | None, str]], junk: tuple[str, str, str]
) -> None:
    facts = _facts(memory, turns)
    assert junk not in facts, facts


def test_a_move_to_a_city_stays(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [("Ines", "I moved to Thurso last month.")])
    assert ("Ines", "LIVES_IN", "Thurso") in facts, facts


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("我喜欢靠窗的座位。", ("彭丽", "LIKES", "靠窗的座位")),
        ("我喜欢红色的裙子。", ("彭丽", "LIKES", "红色的裙子")),
        ("我现在养了条柯基。", ("彭丽", "OWNS", "柯基")),
    ],
)
def test_a_chinese_thing_is_read_whole(memory: TemporalGraphMemory, text: str, fact: tuple[str, str, str]) -> None:
    facts = _facts(memory, [("彭丽", text)])
    assert fact in facts, facts


def test_a_chinese_count_is_no_thing(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [("曾丽", "开玩笑的啦，刚又买了一整个，真香。")])
    assert not [f for f in facts if f[1] == "OWNS"], facts


def test_a_described_chinese_name_is_the_object(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, [(None, "胡军的上级是宋雨。"), (None, "宋雨升任副总裁后，胡军改向接替她的唐亮汇报。")])
    assert ("胡军", "REPORTS_TO", "唐亮") in facts, facts


@pytest.mark.parametrize(
    ("second", "junk"),
    [
        ("赵敏已被美团正式录用，入职手续周一办完。", "手续周一办完"),
        ("有人说赵敏现在转到韩梅手下了。", "韩梅手下"),
    ],
)
def test_a_day_or_a_charge_is_no_firm(memory: TemporalGraphMemory, second: str, junk: str) -> None:
    facts = _facts(memory, [(None, "赵敏在阿里巴巴工作。"), (None, second)])
    assert not [f for f in facts if f[2] == junk], facts


@pytest.mark.parametrize("text", ["Since the baby arrived I can't stand anything scary.", "I love everything about it."])
def test_an_indefinite_is_no_thing(memory: TemporalGraphMemory, text: str) -> None:
    facts = _facts(memory, [("Layla", text)])
    assert not [f for f in facts if f[1] in ("LIKES", "DISLIKES")], facts


@pytest.mark.parametrize(
    ("first", "transcript", "fact", "stays"),
    [
        ("周杰和林小雨结婚了。", "李梅：周杰，听说你和小雨分开了？\n周杰：嗯，手续上个月办完了，别担心", ("周杰", "MARRIED_TO", "林小雨"), False),
        ("Rahul works for Infosys.", "Layla: Rahul, is it true you left Infosys?\nRahul: yep, handed in my badge on Friday.",
         ("Rahul", "WORKS_FOR", "Infosys"), False),
        ("Rahul works for Infosys.", "Layla: Rahul, is it true you left Infosys?\nRahul: no way, still there.",
         ("Rahul", "WORKS_FOR", "Infosys"), True),
    ],
)
def test_a_question_answered_yes_states_its_news(
    memory: TemporalGraphMemory, first: str, transcript: str, fact: tuple[str, str, str], stays: bool
) -> None:
    facts = _facts(memory, [(None, first), ("李梅" if "李梅" in transcript else "Layla", transcript)])
    assert (fact in facts) is stays, facts
