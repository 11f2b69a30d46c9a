"""The memoised last step of the Chinese annotation (part of speech, tag and entity type of each
token, memoised on its text, tag, kind and merged type) gives what the unmemoised step gives,
for the same word in different roles: a merged name, a date, a common word."""

from __future__ import annotations

import copy

from recall_memory_plugins.nlp.offline import chinese
from recall_memory_plugins.nlp.offline.annotator import OfflineAnnotator
from recall_memory_plugins.nlp.offline.resources import _chinese
from recall_memory_plugins.nlp.offline.tokens import _ZH, _ZHDATE, _Tok

TEXTS = [
    "张三在北京的销售部工作。张三昨天见了李雷。",
    "老刘和欧阳娜娜去了上海，今天她们去星火计划的研发中心开会。",
    "明天张三要去深圳。张三喜欢喝咖啡，2023年3月他搬到了杭州。",
]


def _plain(toks: list[_Tok]) -> list[tuple[str, str, str, str]]:
    return [(t.text, t.upos, t.xpos, t.lemma) for t in toks]


def test_memoised_finish_equals_the_plain_step() -> None:
    zh = _chinese()
    tokens = [
        _Tok("今天", 0, 2, _ZH, "t"),
        _Tok("今天", 0, 2, _ZHDATE, "t"),
        _Tok("张三", 0, 2, _ZH, "nr"),
        _Tok("张三", 0, 2, _ZH, "nr"),
        _Tok("北京", 0, 2, _ZH, "ns"),
        _Tok("城市", 0, 2, _ZH, "ns"),
        _Tok("销售部", 0, 3, _ZH, "nt"),
    ]
    tokens[3].upos = "@ORG"  # the same word merged with another type
    for _ in range(2):  # cold, then warm memo
        toks = copy.deepcopy(tokens)
        spans = chinese._finish_chinese(toks, zh)
        want = copy.deepcopy(tokens)
        for tok in want:
            tok.upos, tok.xpos, _ent = chinese._finish_one(tok, zh)
            tok.lemma = tok.text
        assert _plain(toks) == _plain(want)
        assert [(s.start, s.type) for s in spans] == [
            (k, chinese._finish_one(t, zh)[2])
            for k, t in enumerate(tokens)
            if chinese._finish_one(t, zh)[2]
        ]
    assert [s.type for s in chinese._finish_chinese(copy.deepcopy(tokens[2:4]), zh)] == [
        "PERSON",
        "ORG",
    ]


def test_annotations_do_not_depend_on_the_memo() -> None:
    ann = OfflineAnnotator()
    chinese._FINISH_MEMO.clear()
    cold = [ann.annotate(t) for t in TEXTS]
    warm = [ann.annotate(t) for t in TEXTS]
    assert cold == warm
    assert chinese._FINISH_MEMO  # the memo was used
