"""What the relation layer accepts as a name, and whose name tells a gender (thirteenth round).

A clause read as a name ("入职第一周就一直在催"), a generic noun as a liked thing ("the stuff")
and a pronoun resolved to a person of the other gender each made a wrong fact current. Real
SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.lexicon import gender_of

Fact = tuple[str, str, "str | None"]


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:") as m:
        yield m


def _facts(memory: TemporalGraphMemory, *turns: tuple[str | None, str]) -> set[Fact]:
    for speaker, text in turns:
        memory.add(text, speaker=speaker)
    return {(r.subject_name, r.type, r.object_name) for r in memory.relations()}


@pytest.mark.parametrize(
    "text",
    [
        "字节跳动的HR在我入职第一周就一直在催。",
        "祝贺他在小米入职满一个月。",
        "我入职三个月了。",
    ],
)
def test_a_clause_after_a_verb_of_joining_is_no_employer(
    memory: TemporalGraphMemory, text: str
) -> None:
    facts = _facts(memory, ("赵敏", text))
    assert not any(t == "WORKS_FOR" for _s, t, _o in facts), facts


@pytest.mark.parametrize(
    ("text", "fact"),
    [  # look-alikes: names read as text still work
        ("李雷跳槽到了华为。", ("李雷", "WORKS_FOR", "华为")),
        ("王芳入职了第一财经。", ("王芳", "WORKS_FOR", "第一财经")),
    ],
)
def test_names_read_as_text_still_read(memory: TemporalGraphMemory, text: str, fact: Fact) -> None:
    assert fact in _facts(memory, (None, text))


def test_a_generic_noun_is_no_liked_or_disliked_thing(memory: TemporalGraphMemory) -> None:
    facts = _facts(
        memory,
        ("Zoe", "I like coffee."),
        ("Zoe", "Since the doctor's chat I can't stand the stuff, it makes me jittery."),
    )
    assert not any(o == "stuff" for _s, _t, o in facts), facts
    # a thing named outright is still read
    assert ("Zoe", "DISLIKES", "olives") in _facts(memory, ("Zoe", "I can't stand olives."))


@pytest.mark.parametrize(
    ("name", "gender"),
    [
        ("Lucia", "f"), ("Kwame Asante", "m"), ("Freya", "f"), ("Dmitri", "m"),
        ("徐刚", "m"), ("杨雪", "f"), ("王磊", "m"), ("李梅", "f"),
        ("Jordan", "m"),  # the older list's reading, unchanged
        ("张三", None), ("Robin", None), ("高峰项目", None), ("Sydney", None),
    ],
)
def test_gender_of_names(name: str, gender: str | None) -> None:
    assert gender_of(name) == gender


def test_a_pronoun_skips_a_person_of_the_other_gender(memory: TemporalGraphMemory) -> None:
    facts = _facts(
        memory,
        (None, "杨雪的上级是徐刚。"),
        (None, "徐刚上个月调去总部了，她的新领导是宋佳。"),
    )
    assert ("杨雪", "REPORTS_TO", "宋佳") in facts
    assert ("徐刚", "REPORTS_TO", "宋佳") not in facts


@pytest.mark.parametrize(
    ("first", "later", "gone"),
    [  # a title and surname name the person named in full before
        ("Marisol Ortega lives in Phoenix.",
         "Ms Ortega called: the movers dropped her furniture at her new place in Denver.",
         ("Marisol Ortega", "LIVES_IN", "Phoenix")),
        ("Graham Whitlock works for Rolls-Royce.",
         "Mr. Whitlock left the company in June; his new work email is at Airbus.",
         ("Graham Whitlock", "WORKS_FOR", "Rolls-Royce")),
        ("周婷住在武汉。", "客服备注：周女士来电称已经落户厦门，要求把宽带迁到新住址。",
         ("周婷", "LIVES_IN", "武汉")),
    ],
)
def test_a_title_and_surname_name_the_known_person(
    memory: TemporalGraphMemory, first: str, later: str, gone: Fact
) -> None:
    assert gone in _facts(memory, (None, first))
    assert gone not in _facts(memory, (None, later))


def test_a_title_of_the_other_gender_or_another_surname_names_no_one(
    memory: TemporalGraphMemory,
) -> None:
    facts = _facts(
        memory,
        (None, "Marisol Ortega lives in Phoenix."),
        (None, "Mr Ortega called: the movers dropped his furniture at his new place in Denver."),
        (None, "Ms Romero called about her new flat in Denver."),
        (None, "周婷住在武汉。"),
        (None, "周先生来电称已经搬到厦门。"),
    )
    assert ("Marisol Ortega", "LIVES_IN", "Phoenix") in facts
    assert ("周婷", "LIVES_IN", "武汉") in facts


@pytest.mark.parametrize(
    ("first", "later", "kept"),
    [
        ("Beatriz likes aisle seats.",
         "Since her back surgery Beatriz finds aisle seats unbearable.", False),
        ("韩冰喜欢榴莲。", "韩冰说她现在一吃榴莲就反胃。", False),
        ("Bea dislikes running.", "Who knew Bea would end up loving running so much.", False),
        # the feeling is about something else
        ("Beatriz likes aisle seats.", "Beatriz finds long flights unbearable.", True),
        ("韩冰喜欢榴莲。", "韩冰说她一闻到香菜就反胃。", True),
    ],
)
def test_the_opposite_feeling_about_a_named_thing_leaves_the_preference_unsure(
    memory: TemporalGraphMemory, first: str, later: str, kept: bool
) -> None:
    before = _facts(memory, (None, first))
    assert len(before) == 1
    fact = next(iter(before))
    assert (fact in _facts(memory, (None, later))) is kept


def test_a_bare_surname_names_the_one_salient_person_of_that_surname(
    memory: TemporalGraphMemory,
) -> None:
    facts = _facts(
        memory,
        (None, "Harriet Okafor works for Barclays."),
        (None, "Okafor, who spent eleven years at Barclays, has been poached by HSBC."),
    )
    assert ("Harriet Okafor", "WORKS_FOR", "Barclays") not in facts
    assert not any(s == "Okafor" for s, _t, _o in facts), facts


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("韩梅改为直接向CEO冯志远汇报。", ("韩梅", "REPORTS_TO", "冯志远")),
        ("姜国栋改为向副总裁白建华汇报。", ("姜国栋", "REPORTS_TO", "白建华")),
    ],
)
def test_a_chinese_job_title_before_a_name_is_not_part_of_it(
    memory: TemporalGraphMemory, text: str, fact: Fact
) -> None:
    assert fact in _facts(memory, (None, text))


def test_an_indefinite_description_inside_a_name_read_as_text_names_nothing(
    memory: TemporalGraphMemory,
) -> None:
    facts = _facts(memory, (None, "吴昊已从复旦大学毕业，如今在上海一家律所当实习律师。"))
    assert not any(t == "WORKS_FOR" for _s, t, _o in facts), facts


def test_the_person_of_a_relative_clause_is_the_one_who_changed(
    memory: TemporalGraphMemory,
) -> None:
    facts = _facts(
        memory,
        (None, "Ingrid Sørensen works for Maersk."),
        (None, "New faces: a warm welcome to Ingrid Sørensen, who joins our customs team at DSV "
               "after eleven years at Maersk."),
    )
    assert ("Ingrid Sørensen", "WORKS_FOR", "Maersk") not in facts
    # one person, however the tagger typed her name the second time
    assert len([e for e in memory.entities() if e.name == "Ingrid Sørensen"]) == 1


def test_a_relative_clause_that_keeps_the_job_keeps_it(memory: TemporalGraphMemory) -> None:
    facts = _facts(
        memory,
        (None, "Ingrid Sørensen works for Maersk."),
        (None, "We had lunch with Ingrid Sørensen, who is staying at Maersk."),
    )
    assert ("Ingrid Sørensen", "WORKS_FOR", "Maersk") in facts


def test_a_new_project_read_beside_a_handover_leaves_the_old_one_unsure(
    memory: TemporalGraphMemory,
) -> None:
    facts = _facts(
        memory,
        (None, "Beatrice Achterberg manages the Riverside project."),
        (None, "Ms Achterberg says the Riverside project has been handed to a colleague and she's "
               "now running the Harbour Quay project — please send the paperwork there."),
    )
    assert ("Beatrice Achterberg", "MANAGES", "Riverside project") not in facts


def test_a_full_name_with_a_known_first_name_is_also_known_by_it(
    memory: TemporalGraphMemory,
) -> None:
    _facts(memory, (None, "Kwame Asante reports to Lucy Barnes."))
    kwame = [e for e in memory.entities() if e.name == "Kwame Asante"]
    assert kwame and "Kwame" in kwame[0].aliases



@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("林晓峰改为直接向首席技术官罗建华汇报。", ("林晓峰", "REPORTS_TO", "罗建华")),
    ],
)
def test_a_chief_officer_title_is_not_part_of_the_name(
    memory: TemporalGraphMemory, text: str, fact: Fact
) -> None:
    assert fact in _facts(memory, (None, text))


def test_a_post_is_no_employer(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, (None, "黄晓燕在腾讯工作。"), (None, "黄晓燕仍在原岗位任职。"))
    assert ("黄晓燕", "WORKS_FOR", "原岗位") not in facts


@pytest.mark.parametrize(
    ("first", "later", "gone"),
    [  # 小孙, 韩姐, 潘主管: a salient person by surname and a familiar form
        ("孙丽华住在南京。", "人事备忘：小孙上个月已在杭州买房安家。", ("孙丽华", "LIVES_IN", "南京")),
        ("罗佳的上级是韩雪。", "韩姐的欢送会结束了，眼泪止不住。", ("罗佳", "REPORTS_TO", "韩雪")),
        ("潘晓燕喜欢咖啡。", "潘主管说现在闻到咖啡味就反胃。", ("潘晓燕", "LIKES", "咖啡")),
    ],
)
def test_chinese_familiar_forms_name_the_person(
    memory: TemporalGraphMemory, first: str, later: str, gone: Fact
) -> None:
    assert gone in _facts(memory, (None, first))
    assert gone not in _facts(memory, (None, later))


def test_a_familiar_form_of_the_other_gender_names_no_one(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, (None, "罗佳的上级是韩雪。"), (None, "韩哥的欢送会结束了。"))
    assert ("罗佳", "REPORTS_TO", "韩雪") in facts



@pytest.mark.parametrize(
    ("text", "fact", "absent"),
    [
        ("韩雪改向新任市场部总监吴凡汇报。", ("韩雪", "REPORTS_TO", "吴凡"), None),
        ("林芳改向新来的总监邓欣汇报。", ("林芳", "REPORTS_TO", "邓欣"), None),
        ("公司总部已从成都搬到了重庆。", None, ("公司总部", "LIVES_IN", "重庆")),
    ],
)
def test_chinese_titles_companies_and_cities(
    memory: TemporalGraphMemory, text: str, fact: Fact | None, absent: Fact | None
) -> None:
    facts = _facts(memory, (None, text))
    if fact is not None:
        assert fact in facts
    if absent is not None:
        assert absent not in facts


@pytest.mark.parametrize(
    ("first", "later", "gone"),
    [  # a given name, a school's short name
        ("赵雨桐住在成都。", "雨桐上个月把成都的房子退了，现在每天挤深圳地铁去南山上班。",
         ("赵雨桐", "LIVES_IN", "成都")),
        ("宋佳怡在北京大学读书。", "宋佳怡今年夏天已经从北大毕业了。", ("宋佳怡", "STUDIES_AT", "北京大学")),
    ],
)
def test_chinese_short_names(memory: TemporalGraphMemory, first: str, later: str, gone: Fact) -> None:
    assert gone in _facts(memory, (None, first))
    assert gone not in _facts(memory, (None, later))


def test_going_to_a_department_is_no_visit(memory: TemporalGraphMemory) -> None:
    facts = _facts(memory, (None, "架构一调整，马丽去了市场部。"))
    assert not any(t == "VISITED" for _s, t, _o in facts), facts


def test_a_plan_for_someone_else_makes_no_manager(memory: TemporalGraphMemory) -> None:
    facts = _facts(
        memory,
        (None, "郭晓明负责星火项目。"),
        (None, "听说老板想让何佳接手星火项目，但郭晓明坚持要带到上线。"),
    )
    assert ("郭晓明", "MANAGES", "星火项目") in facts
    assert not any(t == "MANAGES" and s == "何佳" for s, t, _o in facts)


def test_a_replacement_read_in_the_same_sentence_is_not_undone(
    memory: TemporalGraphMemory,
) -> None:
    # the old boss's name typed differently the second time (a place) must not bring him back
    facts = _facts(
        memory,
        (None, "邓超向郑浩汇报。"),
        (None, "小美昨天在南京吃了寿司。"),
        (None, "邓超不再向郑浩汇报，改为向曾毅汇报。"),
    )
    assert ("邓超", "REPORTS_TO", "曾毅") in facts
    assert ("邓超", "REPORTS_TO", "郑浩") not in facts


@pytest.mark.parametrize(
    ("text", "employer"),
    [("我昨天正式入职字节跳动啦，百度那边上周办完离职", "字节跳动"), ("李娜入职字节跳动啦", "字节跳动"), ("李娜入职了哈啰", "哈啰")],
)
def test_a_sentence_final_particle_is_no_part_of_a_name(
    memory: TemporalGraphMemory, text: str, employer: str
) -> None:
    facts = _facts(memory, (None, "李娜在百度工作。"), ("李娜", text))
    assert ("李娜", "WORKS_FOR", employer) in facts


@pytest.mark.parametrize("text", ["原来的凤凰项目已交由同事接手。", "凤凰项目交给了新人。"])
def test_a_colleague_unnamed_is_no_one(memory: TemporalGraphMemory, text: str) -> None:
    facts = _facts(memory, (None, "郑洁负责凤凰项目。"), (None, text))
    assert not any(f[0] in ("同事", "新人") for f in facts)
