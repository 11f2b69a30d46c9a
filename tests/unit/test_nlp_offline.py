"""The offline annotator: offsets, sentences, tags, lemmas and entities in English and Chinese."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from recall_memory_plugins.errors import AnnotationError
from recall_memory_plugins.nlp import (
    Annotation,
    Annotator,
    OfflineAnnotator,
    detect_language,
    split_sentences,
)

WORKED_EXAMPLE = (
    "张三是销售部的经理，他正在负责星火计划项目。"
    "李四是张三的团队成员，最近王五也加入了星火计划。"
    "张三不再负责星火计划了，现在由王五接手。"
)
INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\ufeff")


@pytest.fixture(scope="module")
def ann() -> OfflineAnnotator:
    return OfflineAnnotator()


def entities(annotation: Annotation) -> list[tuple[str, str]]:
    """(surface text, type) of every BIOES span, in order."""
    found: list[tuple[str, str]] = []
    for sentence in annotation.sentences:
        start = 0
        for tok in sentence.tokens:
            if tok.ner[:2] in ("B-", "S-"):
                start = tok.start_char
            if tok.ner[:2] in ("E-", "S-"):
                found.append((annotation.text[start : tok.end_char], tok.ner[2:]))
    return found


def token(annotation: Annotation, text: str, nth: int = 0):  # type: ignore[no-untyped-def]
    return [t for t in annotation.tokens if t.text == text][nth]


# ---------------------------------------------------------------------------------- offsets


@pytest.mark.parametrize(
    "text",
    [
        "Brandon loves coffee.",
        "  Dr. Smith paid $3.50 on 2024-03-05 (really!)  \n\nNext line: e.g. U.S. Army.  ",
        WORKED_EXAMPLE,
        "我昨天在上海见到了Alice Moreau，她是OpenAI的研究员。I met 张三 in Beijing.",
        "Great job 👍🏽 team 🎉! Family: 👨\u200d👩\u200d👧 🇫🇷 ok",
        "Don't stop—we’re “almost” there… See https://example.com/a?b=1, mail me@x.org.",
        "Ünïcödé café naïve résumé, São Paulo; Zürich!",
        "tabs\tand\r\nwindows\r\nlines",
        "数字3.5和2024年3月5日，还有Version 2.0。",
    ],
)
def test_offsets_are_exact_and_no_input_is_dropped(ann: OfflineAnnotator, text: str) -> None:
    result = ann.annotate(text)
    assert result.text == text
    covered = [False] * len(text)
    last_end = 0
    for sentence in result.sentences:
        assert text[sentence.start_char : sentence.end_char] == sentence.text
        assert sentence.text == sentence.text.strip()
        assert sentence.lang in ("en", "zh")
        for tok in sentence.tokens:
            assert text[tok.start_char : tok.end_char] == tok.text
            assert sentence.start_char <= tok.start_char < tok.end_char <= sentence.end_char
            assert tok.start_char >= last_end, "tokens overlap or go backwards"
            last_end = tok.end_char
            assert tok.upos and tok.lemma
            assert tok.head == -1 and tok.deprel == ""
            for k in range(tok.start_char, tok.end_char):
                covered[k] = True
    dropped = [c for c, hit in zip(text, covered, strict=True) if not hit and not c.isspace()]
    assert [c for c in dropped if c not in INVISIBLE] == []


def test_empty_and_whitespace_text_give_empty_annotations(ann: OfflineAnnotator) -> None:
    for text in ("", "   ", "\n\t \r\n"):
        result = ann.annotate(text)
        assert result == Annotation(text=text, sentences=())
        assert result.tokens == ()


def test_rejects_non_text(ann: OfflineAnnotator) -> None:
    with pytest.raises(AnnotationError, match="str"):
        ann.annotate(b"bytes")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------- sentences


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Dr. Smith met Mr. Jones at 3.5 p.m. yesterday. They talked.",
            ["Dr. Smith met Mr. Jones at 3.5 p.m. yesterday.", "They talked."],
        ),
        (
            "We use tools, e.g. Python and Go. It works!",
            ["We use tools, e.g. Python and Go.", "It works!"],
        ),
        (
            "He lives in the U.S. He likes it. The U.S. Army is big.",
            ["He lives in the U.S.", "He likes it.", "The U.S. Army is big."],
        ),
        (
            "J. K. Rowling wrote it. Apple Inc. is big.",
            ["J. K. Rowling wrote it.", "Apple Inc. is big."],
        ),
        ("It costs $3.50. Version 2.0 is out.", ["It costs $3.50.", "Version 2.0 is out."]),
        ("Wait... what? Really?! Yes.", ["Wait... what?", "Really?!", "Yes."]),
        ("“Stop.” She left.", ["“Stop.”", "She left."]),
        (
            "第一句。第二句！第三句？第四句；第五句……第六句",
            ["第一句。", "第二句！", "第三句？", "第四句；", "第五句……", "第六句"],
        ),
        ("张三来了!李四也来了.", ["张三来了!", "李四也来了."]),
        (
            "Wrapped line without period\ncontinues here.\n\n- item one\n- item two",
            ["Wrapped line without period\ncontinues here.", "- item one", "- item two"],
        ),
        ("No. 5 is here. I said no. We left.", ["No. 5 is here.", "I said no.", "We left."]),
        # chat style: a lower-case sentence after a full stop, never after an abbreviation
        (
            "the divorce went through this morning. she's ok. pls don't spam her",
            ["the divorce went through this morning.", "she's ok.", "pls don't spam her"],
        ),
        ("We met at approx. five today. he was late.", ["We met at approx. five today.", "he was late."]),
        ("see e.g. the docs", ["see e.g. the docs"]),
        ("It costs 3 vs. i think 4.", ["It costs 3 vs. i think 4."]),
    ],
)
def test_sentence_splitting(text: str, expected: list[str]) -> None:
    assert [text[s:e] for s, e in split_sentences(text)] == expected


def test_sentences_of_the_annotation_follow_the_splitter(ann: OfflineAnnotator) -> None:
    text = "Dr. Smith moved to Paris. 他很高兴。"
    result = ann.annotate(text)
    assert [s.text for s in result.sentences] == ["Dr. Smith moved to Paris.", "他很高兴。"]
    assert [s.lang for s in result.sentences] == ["en", "zh"]


# ---------------------------------------------------------------------------------- English


def test_brandon_loves_coffee_matches_stanza_fields(ann: OfflineAnnotator) -> None:
    result = ann.annotate("Brandon loves coffee.")
    toks = result.tokens
    assert [t.text for t in toks] == ["Brandon", "loves", "coffee", "."]
    assert [t.upos for t in toks] == ["PROPN", "VERB", "NOUN", "PUNCT"]
    assert [t.xpos for t in toks] == ["NNP", "VBZ", "NN", "."]
    assert [t.lemma for t in toks] == ["Brandon", "love", "coffee", "."]
    assert [t.ner for t in toks] == ["S-PERSON", "O", "O", "O"]
    assert [(t.start_char, t.end_char) for t in toks] == [(0, 7), (8, 13), (14, 20), (20, 21)]
    assert toks[0].feats == "Number=Sing"
    assert toks[1].feats == "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin"
    assert toks[2].feats == "Number=Sing"
    assert result.sentences[0].lang == "en"


def test_multi_word_names_are_one_span_of_proper_nouns(ann: OfflineAnnotator) -> None:
    text = "Alice Moreau joined Project Orion in San Francisco and Bank of America in New York."
    result = ann.annotate(text)
    assert entities(result) == [
        ("Alice Moreau", "PERSON"),
        ("Project Orion", "PROJECT"),
        ("San Francisco", "LOCATION"),
        ("Bank of America", "ORG"),
        ("New York", "LOCATION"),
    ]
    for name in ("Alice", "Moreau", "Project", "Orion", "San", "Francisco"):
        assert token(result, name).upos == "PROPN"
    assert [token(result, w).ner for w in ("Alice", "Moreau")] == ["B-PERSON", "E-PERSON"]
    assert [t.ner for t in result.tokens if t.text in ("Bank", "of", "America")] == [
        "B-ORG",
        "I-ORG",
        "E-ORG",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dr. Jane Doe works at Acme Corp.", [("Jane Doe", "PERSON"), ("Acme Corp", "ORG")]),
        (
            "Kai moved to Berlin last week.",
            [("Kai", "PERSON"), ("Berlin", "LOCATION"), ("last week", "DATE")],
        ),
        ("We met on March 5, 2024 in Tokyo.", [("March 5, 2024", "DATE"), ("Tokyo", "LOCATION")]),
        (
            "Operation Sunrise starts Monday.",
            [("Operation Sunrise", "PROJECT"), ("Monday", "DATE")],
        ),
        (
            "She joined the University of Oxford two weeks ago.",
            [("University of Oxford", "ORG"), ("two weeks ago", "DATE")],
        ),
        (
            "Xiaoming met Priya yesterday.",
            [("Xiaoming", "PERSON"), ("Priya", "PERSON"), ("yesterday", "DATE")],
        ),
    ],
)
def test_entity_types_from_cues(
    ann: OfflineAnnotator, text: str, expected: list[tuple[str, str]]
) -> None:
    assert entities(ann.annotate(text)) == expected


def test_a_surname_alone_inherits_the_type_of_the_full_name(ann: OfflineAnnotator) -> None:
    result = ann.annotate("Alice Moreau joined the team. Later, Moreau left.")
    assert entities(result)[-1] == ("Moreau", "PERSON")


def test_bare_numbers_are_num_without_entity(ann: OfflineAnnotator) -> None:
    tok = token(ann.annotate("I bought 3 apples and 12 pears."), "12")
    assert (tok.upos, tok.xpos, tok.ner) == ("NUM", "CD", "O")


def test_pronouns_auxiliaries_and_contractions(ann: OfflineAnnotator) -> None:
    result = ann.annotate("I don't think she's here; they can't stop.")
    pairs = [(t.text, t.upos, t.lemma) for t in result.tokens]
    assert pairs[:6] == [
        ("I", "PRON", "I"),
        ("do", "AUX", "do"),
        ("n't", "PART", "not"),
        ("think", "VERB", "think"),
        ("she", "PRON", "she"),
        ("'s", "AUX", "be"),
    ]
    assert ("ca", "AUX", "can") in pairs
    assert ("them", "PRON", "they") in [
        (t.text, t.upos, t.lemma) for t in ann.annotate("He gave it to them.").tokens
    ]


@pytest.mark.parametrize(
    ("text", "word", "lemma"),
    [
        ("The children were running.", "children", "child"),
        ("The children were running.", "were", "be"),
        ("The children were running.", "running", "run"),
        ("She studied the cities.", "studied", "study"),
        ("She studied the cities.", "cities", "city"),
        ("He hoped it worked.", "hoped", "hope"),
        ("They are making plans and stopped shopping.", "making", "make"),
        ("They are making plans and stopped shopping.", "stopped", "stop"),
        ("The knives were bigger.", "knives", "knife"),
        ("The knives were bigger.", "bigger", "big"),
        ("Alice went home.", "went", "go"),
    ],
)
def test_lemmas(ann: OfflineAnnotator, text: str, word: str, lemma: str) -> None:
    assert token(ann.annotate(text), word).lemma == lemma


def test_lemmas_are_lower_case_except_proper_nouns(ann: OfflineAnnotator) -> None:
    result = ann.annotate("The Meeting with Alice happened.")
    assert token(result, "The").lemma == "the"
    assert token(result, "Alice").lemma == "Alice"


def test_emoji_stay_whole(ann: OfflineAnnotator) -> None:
    result = ann.annotate("Great job 👍🏽 team 🎉! Family: 👨\u200d👩\u200d👧")
    emoji = [t for t in result.tokens if t.upos == "SYM"]
    assert [t.text for t in emoji] == ["👍🏽", "🎉", "👨\u200d👩\u200d👧"]


def test_very_long_text(ann: OfflineAnnotator) -> None:
    sentences = [f"Alice met Bob {i} times in Paris." for i in range(3000)]
    result = ann.annotate(" ".join(sentences))
    assert len(result.sentences) == 3000
    assert entities(result)[-1] == ("Paris", "LOCATION")
    run_on = " ".join(["word"] * 20000)  # one 100k-character sentence, no punctuation
    assert len(ann.annotate(run_on).tokens) == 20000


def test_extra_first_names_and_places() -> None:
    text = "Zork visited Qarth."
    custom = OfflineAnnotator(extra_first_names=["Zork"], extra_places=["Qarth"])
    assert entities(custom.annotate(text)) == [("Zork", "PERSON"), ("Qarth", "LOCATION")]


# ---------------------------------------------------------------------------------- Chinese


def test_chinese_worked_example(ann: OfflineAnnotator) -> None:
    result = ann.annotate(WORKED_EXAMPLE)
    assert [s.lang for s in result.sentences] == ["zh", "zh", "zh"]
    assert [entities(Annotation(result.text, (s,))) for s in result.sentences] == [
        [("张三", "PERSON"), ("销售部", "ORG"), ("星火计划", "PROJECT")],
        [("李四", "PERSON"), ("张三", "PERSON"), ("王五", "PERSON"), ("星火计划", "PROJECT")],
        [("张三", "PERSON"), ("星火计划", "PROJECT"), ("王五", "PERSON")],
    ]
    for name in ("张三", "李四", "王五", "销售部", "星火计划"):
        for tok in (t for t in result.tokens if t.text == name):
            assert tok.upos == "PROPN" and tok.ner.startswith("S-"), tok
    first = result.sentences[0].tokens
    assert [t.text for t in first][:5] == ["张三", "是", "销售部", "的", "经理"]
    assert (token(result, "项目").upos, token(result, "项目").ner) == ("NOUN", "O")
    assert token(result, "经理").upos == "NOUN"
    assert token(result, "他").upos == "PRON"
    assert token(result, "负责").upos == "VERB"
    assert all(t.lemma == t.text for t in result.tokens)


def test_chinese_names_jieba_segments_badly(ann: OfflineAnnotator) -> None:
    result = ann.annotate("赵六和李雷、韩梅梅去了北京。老刘说欧阳娜娜也来了。")
    assert entities(result) == [
        ("赵六", "PERSON"),
        ("李雷", "PERSON"),
        ("韩梅梅", "PERSON"),
        ("北京", "LOCATION"),
        ("老刘", "PERSON"),
        ("欧阳娜娜", "PERSON"),
    ]


def test_chinese_organisations_projects_and_dates(ann: OfflineAnnotator) -> None:
    result = ann.annotate("研发中心和市场处讨论阿波罗工程。我们在2024年3月5日和上周五见过面。")
    assert entities(result) == [
        ("研发中心", "ORG"),
        ("市场处", "ORG"),
        ("阿波罗工程", "PROJECT"),
        ("2024年3月5日", "DATE"),
        ("上周五", "DATE"),
    ]


def test_chinese_common_words_are_not_names(ann: OfflineAnnotator) -> None:
    # jieba's dictionary tags 陈述/索引 as person names and 城市/深度 as places.
    result = ann.annotate("这些陈述按索引排列，城市之间的深度关联很重要，全部内容见五年计划。")
    assert entities(result) == []


def test_mixed_language_sentences(ann: OfflineAnnotator) -> None:
    result = ann.annotate("我昨天在上海见到了Alice Moreau。I met 张三 in Beijing.")
    zh, en = result.sentences
    assert (zh.lang, en.lang) == ("zh", "en")
    assert entities(Annotation(result.text, (zh,))) == [
        ("昨天", "DATE"),
        ("上海", "LOCATION"),
        ("Alice Moreau", "PERSON"),
    ]
    assert entities(Annotation(result.text, (en,))) == [("张三", "PERSON"), ("Beijing", "LOCATION")]
    assert [t.upos for t in zh.tokens if t.text in ("Alice", "Moreau")] == ["PROPN", "PROPN"]


def test_detect_language() -> None:
    assert detect_language("") == "en"
    assert detect_language("Brandon loves coffee.") == "en"
    assert detect_language("张三是经理。") == "zh"
    assert detect_language("我用Python和Java写代码。") == "zh"
    assert detect_language("I met 张三 in Beijing yesterday.") == "en"


def test_fast_jieba_port_matches_jieba_posseg() -> None:
    import jieba
    import jieba.posseg

    from recall_memory_plugins.nlp import offline

    zh = offline._chinese()
    reference = jieba.posseg.POSTokenizer(jieba.Tokenizer())
    for text in (
        WORKED_EXAMPLE,
        "赵六和李雷韩梅梅去了北京欧阳娜娜喜欢喝咖啡",
        "我们需要执行以下步骤识别概念概念通常是句子中的名词它们可以与其他概念建立关系",
        "马尔可夫链蒙特卡洛方法在贝叶斯统计中很常见",
    ):
        expected = [(p.word, p.flag) for p in reference.lcut(text)]
        assert zh.pos.lcut(text) == expected


# ---------------------------------------------------------------------------------- contract


def test_is_an_annotator_and_annotates_many(ann: OfflineAnnotator) -> None:
    assert isinstance(ann, Annotator)
    assert ann.name == "offline"
    texts = ["Brandon loves coffee.", "", WORKED_EXAMPLE]
    assert ann.annotate_many(texts) == [ann.annotate(t) for t in texts]


def test_thread_safe(ann: OfflineAnnotator) -> None:
    texts = [WORKED_EXAMPLE, "Alice Moreau joined Project Orion.", "I met 张三 in Beijing."] * 20
    expected = [ann.annotate(t) for t in texts]
    with ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(ann.annotate, texts)) == expected
