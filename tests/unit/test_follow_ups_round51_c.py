"""Round 51 (C): a chunk of a long message that joins a recall for its place (the rest of a hit's
turn, a later chunk of the reply to a hit) takes its place's score times the share of the hit's
matched question weight that it matches itself. A generic closing that shares one common word with
the question ("these are general suggestions") no longer ranks next to the hit it follows, above
the chunk that answers and above the user's short turns. Look-alikes that keep their scores: a
reply's first chunk, a later chunk matching as much as the hit, and every chunk when the question
has no weighted term."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.retrieval import add_follow_ups
from recall_memory_plugins.models import Statement

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=timezone.utc)
TERMS = {"hotel": 3.0, "lisbon": 3.0, "recommend": 0.5}


def _st(i: int, t: int, text: str, speaker: str | None = "user") -> Statement:
    return Statement(i, "ns", text, t, T0 + timedelta(minutes=t), speaker)


def _scores(out: list[tuple[Statement, float, tuple[str, ...]]]) -> dict[int, float]:
    return {st.id: score for st, score, _ in out}


def test_a_later_chunk_of_a_reply_scores_by_what_it_matches() -> None:
    hit = _st(1, 1, "Can you recommend a hotel in Lisbon?")
    answer = _st(
        2, 2, "Here are three picks. First, Casa do Barao. Second, Memmo Alfama.", "assistant"
    )
    closing = _st(3, 2, "Glad to recommend more. Ask me any time. Enjoy the trip.", "assistant")
    out = add_follow_ups([(hit, 1.0, ())], [answer, closing], (0.8,), hits=8, terms=TERMS)
    scores = _scores(out)
    assert scores[2] == 0.8  # the reply's first chunk: the reply's full weight
    assert scores[3] == round(0.8 * 0.5 / 6.5, 6)  # matches "recommend" only
    # look-alike: a later chunk that matches as much as the hit keeps the reply's weight
    more = _st(
        3, 2, "A fourth hotel I recommend in Lisbon is The Lisboans. It is central.", "assistant"
    )
    out = add_follow_ups([(hit, 1.0, ())], [answer, more], (0.8,), hits=8, terms=TERMS)
    assert _scores(out)[3] == 0.8
    # without the question's terms, no rule to judge by: every chunk keeps its place's score
    out = add_follow_ups([(hit, 1.0, ())], [answer, closing], (0.8,), hits=8)
    assert _scores(out) == {1: 1.0, 2: 0.8, 3: 0.8}


def test_the_rest_of_a_long_hit_scores_by_what_it_matches() -> None:
    hit = _st(
        1, 1, "In Lisbon I recommend the hotel Casa do Barao. Breakfast is included.", "assistant"
    )
    rest = _st(2, 1, "I also recommend the tram. It is cheap. Enjoy.", "assistant")
    same = _st(3, 1, "Another Lisbon hotel is Memmo. Book early.", "assistant")
    out = add_follow_ups([(hit, 2.0, ())], [rest, same], (0.8,), hits=8, terms=TERMS)
    scores = _scores(out)
    assert scores[2] == round(2.0 * 0.95 * 0.5 / 6.5, 6)
    # look-alike: the next chunk that names the hotel and the city keeps continuation ** 2
    assert scores[3] == round(2.0 * 0.95**2 * 6.0 / 6.5, 6)
    # a chunk that is a candidate of its own keeps its own score when that is higher
    out = add_follow_ups([(hit, 2.0, ()), (rest, 1.5, ())], [same], (0.8,), hits=8, terms=TERMS)
    assert _scores(out)[2] == 1.5
    # look-alike: a hit whose last sentence matches runs on into the next chunk, which keeps
    # its whole place ("I have booked a hotel in Lisbon." - "It is on ...")
    ends = _st(1, 1, "Breakfast is included. I have booked the Lisbon hotel for you.", "assistant")
    out = add_follow_ups([(ends, 2.0, ())], [rest, same], (0.8,), hits=8, terms=TERMS)
    assert _scores(out)[2] == 1.9
    assert _scores(out)[3] == round(2.0 * 0.95**2, 6)  # matches all the hit matched


_CLOSING = (
    "Keep in mind that these are general suggestions rather than professional advice, and your "
    "own situation may call for something different. Feel free to share more details and I will "
    "tailor the recommendations further. If anything here is unclear, just ask."
)


def _reply(intro: str, items: list[str]) -> str:
    body = "\n".join(f"{i}. {item}" for i, item in enumerate(items, start=1))
    filler = " ".join(
        f"Tip {i}: plan the day around the weather and carry water and a light jacket."
        for i in range(1, 9)
    )
    return f"{intro}\n\n{body}\n\n{filler}\n\n{_CLOSING} {_CLOSING}"


def test_what_did_you_suggest_brings_the_answering_chunk_not_the_closing() -> None:
    turns = [
        ("user", "I am planning a weekend in Lisbon. Can you suggest some hotels? Mid-range."),
        (
            "assistant",
            _reply(
                "Lisbon has great mid-range hotels. Here are my picks:",
                [
                    "Casa do Barao, a guesthouse with a small pool.",
                    "Memmo Alfama, with a terrace over the river.",
                    "The Lisboans, apartments near the main square.",
                ],
            ),
        ),
        ("user", "I started a sourdough starter last week. What flour should I feed it?"),
        (
            "assistant",
            _reply(
                "Great project! Feeding advice:",
                [
                    "Use unbleached bread flour.",
                    "Add some whole wheat.",
                    "Keep it warm.",
                ],
            ),
        ),
    ]
    with TemporalGraphMemory(":memory:", annotator="offline", fill_recent=False) as memory:
        for i, (speaker, text) in enumerate(turns):
            memory.add(text, speaker=speaker, at=T0 + timedelta(days=i // 2, minutes=i))
        text = memory.recall("Which hotels did you suggest for Lisbon?", token_budget=250).text
        assert "The Lisboans" in text
        assert "general suggestions rather than professional advice" not in text


def test_a_recipes_later_chunk_does_not_outrank_the_recipe_asked_for() -> None:
    # the later reply compares with the first dish; its second chunk only shares 冰糖 with the
    # question and no longer ranks above the first recipe's chunk that names the dish
    steps = "；".join(f"{i}. 小火慢炖，注意火候，适时翻面" for i in range(1, 13))
    turns = [
        ("user", "教我做红烧肉吧"),
        ("assistant", "红烧肉做法：材料：五花肉五百克，冰糖三十克，生抽两勺。" + steps + "。"),
        ("user", "我想学东坡肉"),
        (
            "assistant",
            "东坡肉比红烧肉更酥烂，材料：五花肉八百克，冰糖四十克，黄酒一瓶。"
            + steps
            + "。最后加入冰糖，收汁即可，"
            + steps
            + "。",
        ),
    ]
    with TemporalGraphMemory(":memory:", annotator="offline", fill_recent=False) as memory:
        for i, (speaker, text) in enumerate(turns):
            memory.add(text, speaker=speaker, at=T0 + timedelta(days=i // 2, minutes=i))
        recall = memory.recall("你给我的红烧肉菜谱里放多少克冰糖？", token_budget=500)
        assert "冰糖三十克" in recall.text
