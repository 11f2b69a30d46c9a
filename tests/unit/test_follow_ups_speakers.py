"""Follow-up turns and the speaker boost of the fused strategy."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import ConfigurationError, MemoryConfig, TemporalGraphMemory
from recall_memory_plugins.engine.retrieval import add_follow_ups, speaker_boost
from recall_memory_plugins.models import Statement

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=timezone.utc)


def _st(i: int, t: int, text: str, speaker: str | None = "Ann") -> Statement:
    return Statement(i, "ns", text, t, T0 + timedelta(minutes=t), speaker)


def test_follow_ups_join_at_a_fraction_of_the_hit_score() -> None:
    hit = _st(1, 1, "Did you go camping?", "Ann")
    reply = _st(2, 2, "Yes! We roasted marshmallows.", "Bob")
    later = _st(3, 3, "Sounds lovely.", "Ann")
    weak = _st(9, 9, "Camping gear is on sale.", "Bob")
    ranked = [(hit, 1.0, ("camp",)), (weak, 0.2, ())]
    out = add_follow_ups(ranked, [reply, later], (0.7, 0.5), hits=8)
    assert [(st.id, score) for st, score, _ in out] == [(1, 1.0), (2, 0.7), (3, 0.5), (9, 0.2)]
    # a candidate that follows a hit keeps the higher of its own and the follow-up score (and,
    # being a hit itself, brings its own follow-up)
    out = add_follow_ups([(hit, 1.0, ()), (reply, 0.9, ())], [later], (0.7,), hits=8)
    assert [(st.id, score) for st, score, _ in out] == [(1, 1.0), (2, 0.9), (3, 0.63)]
    # only turns follow turns: plain text chunks (no speaker) get no follow-ups
    plain = [(_st(1, 1, "Chapter one.", None), 1.0, ())]
    assert add_follow_ups(plain, [_st(2, 2, "Chapter two.", None)], (0.7,), hits=8) == plain
    assert add_follow_ups(ranked, [reply], (), hits=8) == ranked


def test_speaker_boost_prefers_turns_of_the_named_speaker() -> None:
    about = _st(1, 1, "Melanie loves pottery.", "Caroline")
    own = _st(2, 2, "I love painting.", "Melanie")
    out = speaker_boost([(about, 1.0, ()), (own, 0.8, ())], {"melani", "love"}, 0.4)
    assert [(st.id, score) for st, score, _ in out] == [(2, 1.12), (1, 1.0)]
    assert speaker_boost([(about, 1.0, ())], {"love"}, 0.4) == [(about, 1.0, ())]


def test_recall_brings_the_reply_to_a_matching_turn() -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline", fill_recent=False)
    turns = [
        ("Caroline", "How was your camping trip last weekend, Melanie?"),
        ("Melanie", "Amazing! We roasted marshmallows and hiked up to a waterfall."),
        ("Caroline", "I adopted a puppy called Rex."),
    ]
    for i, (speaker, text) in enumerate(turns):
        memory.add(text, at=T0 + timedelta(minutes=i), speaker=speaker)
    texts = [r.statement.text for r in memory.recall("How was the camping trip?").statements]
    assert texts[:2] == [turns[0][1], turns[1][1]]
    lean = TemporalGraphMemory(
        memory.store, annotator="offline", fill_recent=False, follow_up_weights=()
    )
    assert [r.statement.text for r in lean.recall("How was the camping trip?").statements] == [
        turns[0][1]
    ]


def test_follow_up_and_speaker_options() -> None:
    cfg = MemoryConfig.from_env(
        {"RECALL_FOLLOW_UP_WEIGHTS": "0.6, 0.3", "RECALL_SPEAKER_WEIGHT": "0"}
    )
    assert cfg.follow_up_weights == (0.6, 0.3) and cfg.speaker_weight == 0.0
    with pytest.raises(ConfigurationError):
        MemoryConfig(follow_up_weights=(1.5,))
    with pytest.raises(ConfigurationError):
        MemoryConfig(speaker_weight=-1.0)
