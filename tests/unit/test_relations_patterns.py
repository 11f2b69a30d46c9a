"""Pattern coverage (English and Chinese) and the dependency-parse fallback, through the public API."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

import pytest

from recall_memory_plugins import Relation, TemporalGraphMemory
from recall_memory_plugins.nlp.base import Annotation, Sentence, Token


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline") as mem:
        yield mem


def facts(rels: list[Relation]) -> set[tuple[str, str, str | None, tuple[tuple[str, str], ...]]]:
    return {
        (r.subject_name, r.type, r.object_name, tuple(sorted(r.attributes.items()))) for r in rels
    }


NO: tuple[tuple[str, str], ...] = ()

SINGLE = [
    # English
    ("Alice works at Acme Corp.", ("Alice", "WORKS_FOR", "Acme Corp", NO)),
    (
        "Heidi is a software engineer at Globex.",
        ("Heidi", "WORKS_FOR", "Globex", (("role", "software engineer"),)),
    ),
    ("Frank reports to Grace.", ("Frank", "REPORTS_TO", "Grace", NO)),
    ("Rita's manager is Sam.", ("Rita", "REPORTS_TO", "Sam", NO)),
    ("Peggy is Trent's manager.", ("Trent", "REPORTS_TO", "Peggy", NO)),
    ("Dave took over Project Apollo from Erin.", ("Dave", "MANAGES", "Project Apollo", NO)),
    ("Oscar is the project manager of Project Orion.", ("Oscar", "MANAGES", "Project Orion", NO)),
    ("Zoe is the new head of Project Delta.", ("Zoe", "MANAGES", "Project Delta", NO)),
    (
        "Liam is the lead designer on Project Nova.",
        ("Liam", "HAS_ROLE_IN", "Project Nova", (("role", "lead designer"),)),
    ),
    ("Pat joined Project Nova.", ("Pat", "INVOLVED_IN", "Project Nova", NO)),
    (
        "Project Apollo depends on Project Gemini.",
        ("Project Apollo", "DEPENDS_ON", "Project Gemini", NO),
    ),
    (
        "Project Apollo is now in testing.",
        ("Project Apollo", "STATUS", None, (("status", "testing"),)),
    ),
    ("Project Echo was cancelled.", ("Project Echo", "STATUS", None, (("status", "cancelled"),))),
    ("Bob moved to Berlin.", ("Bob", "LIVES_IN", "Berlin", NO)),
    ("Carol lives in London.", ("Carol", "LIVES_IN", "London", NO)),
    ("Mallory was born in Paris.", ("Mallory", "BORN_IN", "Paris", NO)),
    ("Olga is from Brazil.", ("Olga", "FROM", "Brazil", NO)),
    ("Uma studies at Stanford University.", ("Uma", "STUDIES_AT", "Stanford University", NO)),
    ("Judy hates tea.", ("Judy", "DISLIKES", "tea", NO)),
    ("Kim visited Tokyo.", ("Kim", "VISITED", "Tokyo", NO)),
    ("Vera owns a red bicycle.", ("Vera", "OWNS", "red bicycle", NO)),
    ("Wes is a good friend of Xena.", ("Wes", "FRIEND_OF", "Xena", NO)),
    ("Ned is married to Ola.", ("Ola", "MARRIED_TO", "Ned", NO)),
    # Chinese
    ("赵六在腾讯公司工作。", ("赵六", "WORKS_FOR", "腾讯公司", NO)),
    ("张三是销售部的经理。", ("张三", "WORKS_FOR", "销售部", (("role", "经理"),))),
    ("孙七的上司是王五。", ("孙七", "REPORTS_TO", "王五", NO)),
    ("李四是张三的团队成员。", ("李四", "REPORTS_TO", "张三", NO)),
    ("吴九负责北斗计划。", ("吴九", "MANAGES", "北斗计划", NO)),
    ("北斗计划由郑十负责。", ("郑十", "MANAGES", "北斗计划", NO)),
    ("郑十接替了吴九，负责北斗计划。", ("郑十", "MANAGES", "北斗计划", NO)),
    ("王五是星火计划的工程师。", ("王五", "HAS_ROLE_IN", "星火计划", (("role", "工程师"),))),
    ("王五也加入了星火计划。", ("王五", "INVOLVED_IN", "星火计划", NO)),
    ("星火计划依赖于天网项目。", ("星火计划", "DEPENDS_ON", "天网项目", NO)),
    ("星火计划目前处于测试阶段。", ("星火计划", "STATUS", None, (("status", "测试"),))),
    ("王五搬到了上海。", ("王五", "LIVES_IN", "上海", NO)),
    ("陈一喜欢咖啡。", ("陈一", "LIKES", "咖啡", NO)),
    ("王五想去巴黎旅行。", ("王五", "WANTS_TO_VISIT", "巴黎", NO)),
]


@pytest.mark.parametrize(("text", "expected"), SINGLE, ids=[t for t, _ in SINGLE])
def test_pattern(memory: TemporalGraphMemory, text: str, expected: tuple[object, ...]) -> None:
    memory.add(text)
    assert expected in facts(memory.relations())


EVOLUTION: list[tuple[Sequence[str], set[tuple[str, str, str | None]], int]] = [
    (
        ["Alice works at Initech.", "She left Initech and joined Globex."],
        {("Alice", "WORKS_FOR", "Globex")},
        2,
    ),
    (["Bob moved to Berlin.", "Bob moved to Paris."], {("Bob", "LIVES_IN", "Paris")}, 2),
    (
        ["Erin leads Project Apollo.", "Dave took over Project Apollo from Erin."],
        {("Dave", "MANAGES", "Project Apollo")},
        2,
    ),
    (
        ["Alice leads Project Orion.", "Alice handed Project Orion over to Bob."],
        {("Bob", "MANAGES", "Project Orion")},
        2,
    ),
    (
        ["Amy leads Project Delta.", "Project Delta is now led by Zoe."],
        {("Zoe", "MANAGES", "Project Delta")},
        2,
    ),
    (
        ["Ben is in charge of Project Echo.", "Ben is no longer in charge of Project Echo."],
        set(),
        1,
    ),
    (["Yuri works at Acme.", "Yuri is not working at Acme anymore."], set(), 1),
    (["Judy likes coffee.", "Judy doesn't like coffee anymore."], set(), 1),
    (["Judy loves tea.", "Judy hates tea now."], {("Judy", "DISLIKES", "tea")}, 2),
    (["Frank reports to Grace.", "Frank reports to Heidi."], {("Frank", "REPORTS_TO", "Heidi")}, 2),
    (
        ["Project Apollo is in development.", "Project Apollo is now in testing."],
        {("Project Apollo", "STATUS", None)},
        2,
    ),
    (
        ["赵六在腾讯公司工作。", "赵六离开了腾讯公司，加入了阿里巴巴。"],
        {("赵六", "WORKS_FOR", "阿里巴巴")},
        2,
    ),
    (["王五住在北京。", "王五搬到了上海。"], {("王五", "LIVES_IN", "上海")}, 2),
    (["星火计划目前处于测试阶段。", "星火计划已经上线了。"], {("星火计划", "STATUS", None)}, 2),
    (["陈一喜欢咖啡。", "陈一不再喜欢咖啡了。"], set(), 1),
    (["吴九负责北斗计划。", "吴九不再负责北斗计划。"], set(), 1),
]


@pytest.mark.parametrize(
    ("texts", "current", "total"), EVOLUTION, ids=[" / ".join(t) for t, _, _ in EVOLUTION]
)
def test_evolution(
    memory: TemporalGraphMemory,
    texts: Sequence[str],
    current: set[tuple[str, str, str | None]],
    total: int,
) -> None:
    for text in texts:
        memory.add(text)
    assert {(r.subject_name, r.type, r.object_name) for r in memory.relations()} == current
    assert len(memory.relations(include_ended=True)) == total
    for rel in memory.relations(include_ended=True):
        if not rel.is_current:
            assert rel.valid_to_step == 2  # ended by the second statement, kept as history


# ------------------------------------------------------------------------------ dependency parse
def _tok(
    text: str, lemma: str, upos: str, head: int, deprel: str, start: int, ner: str = "O"
) -> Token:
    return Token(
        text,
        lemma,
        upos,
        ner=ner,
        head=head,
        deprel=deprel,
        start_char=start,
        end_char=start + len(text),
    )


class HandParsedAnnotator:
    """Stands in for Stanza (its models cannot be downloaded here): returns hand-written
    Universal Dependencies parses, the fields Stanza fills."""

    name = "hand-parsed"

    PARSES: ClassVar[dict[str, list[Token]]] = {
        "Grace founded Umbrella.": [
            _tok("Grace", "Grace", "PROPN", 2, "nsubj", 0, "S-PERSON"),
            _tok("founded", "found", "VERB", 0, "root", 6),
            _tok("Umbrella", "Umbrella", "PROPN", 2, "obj", 14, "S-ORG"),
            _tok(".", ".", "PUNCT", 2, "punct", 22),
        ],
        "Grace does not oversee Umbrella.": [
            _tok("Grace", "Grace", "PROPN", 4, "nsubj", 0, "S-PERSON"),
            _tok("does", "do", "AUX", 4, "aux", 6),
            _tok("not", "not", "PART", 4, "advmod", 11),
            _tok("oversee", "oversee", "VERB", 0, "root", 15),
            _tok("Umbrella", "Umbrella", "PROPN", 4, "obj", 23, "S-ORG"),
            _tok(".", ".", "PUNCT", 4, "punct", 31),
        ],
        "Grace ordinarily oversees Umbrella.": [
            _tok("Grace", "Grace", "PROPN", 3, "nsubj", 0, "S-PERSON"),
            _tok("ordinarily", "ordinarily", "ADV", 3, "advmod", 6),
            _tok("oversees", "oversee", "VERB", 0, "root", 17),
            _tok("Umbrella", "Umbrella", "PROPN", 3, "obj", 26, "S-ORG"),
            _tok(".", ".", "PUNCT", 3, "punct", 34),
        ],
    }

    def annotate(self, text: str) -> Annotation:
        tokens = tuple(self.PARSES.get(text, []))
        return Annotation(text, (Sentence(text, tokens, 0, len(text), "en"),) if tokens else ())

    def annotate_many(self, texts: Sequence[str]) -> list[Annotation]:
        return [self.annotate(t) for t in texts]


def test_dependency_parse_fallback_reads_triples_no_pattern_covers() -> None:
    with TemporalGraphMemory(":memory:", annotator=HandParsedAnnotator()) as mem:
        mem.add("Grace founded Umbrella.")  # no pattern for "founded": generic FOUND
        mem.add("Grace ordinarily oversees Umbrella.")  # a known verb: MANAGES
        assert {(r.subject_name, r.type, r.object_name) for r in mem.relations()} == {
            ("Grace", "FOUND", "Umbrella"),
            ("Grace", "MANAGES", "Umbrella"),
        }
        mem.add("Grace does not oversee Umbrella.")  # negation from the parse
        assert {(r.subject_name, r.type) for r in mem.relations()} == {("Grace", "FOUND")}
