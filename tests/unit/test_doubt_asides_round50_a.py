"""The doubt rule's asides (``engine/relations/doubt_asides.py``): a question with a clause, an
idiom, a hobby, a diet, a thing, a pet, health news, a boss's change and the current value said
to hold are no news of a home, a job or a marriage (round 50, black-box defects A).

Each row is a fact, a later sentence, and what must stay current; the look-alikes below it are
real changes said beside the same words, which must still leave the fact unsure (or replace
it). Real SQLite (``:memory:``), offline annotator; no mocks.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

# (first statement, later statement, speaker or None, the person, the fact that must stay current)
KEPT = [
    # a question stays a question with a clause after "so"
    ("I live in Denver.", "Any tips for the first week so I don't feel awful?", "user", ("LIVES_IN", "Denver")),
    ("I live in Denver.", "Ok I started the keto diet today. Any ideas for breakfast so I'm not hungry by ten?",
     "user", ("LIVES_IN", "Denver")),
    # an idiom or a preference is no topic word
    ("I work at Stripe.", "I adopted a cockatiel named Pesto to keep Kiwi company.", "user", ("WORKS_FOR", "Stripe")),
    ("I work at Stripe.", "We got a kitten to keep our dog company.", "user", ("WORKS_FOR", "Stripe")),
    ("I live in Paris and work at Acme.", "my favourite city is Berlin", "Alice", ("LIVES_IN", "Paris")),
    # a hobby, a diet, a thing, a pet
    ("I live in Chicago.", "I quit guitar lessons and signed up for pottery instead.", "user", ("LIVES_IN", "Chicago")),
    ("I live in Chicago.", "I gave up piano last year.", "user", ("LIVES_IN", "Chicago")),
    ("I live in Chicago.", "I've decided to quit my yoga class.", "user", ("LIVES_IN", "Chicago")),
    ("Alice works at Acme.", "Alice quit climbing.", None, ("WORKS_FOR", "Acme")),
    ("Alice works at Acme.", "Alice is vegan.", None, ("WORKS_FOR", "Acme")),
    ("Alice is married to Tom.", "Alice is vegetarian.", None, ("MARRIED_TO", "Tom")),
    ("Alice lives in Paris.", "Alice went vegetarian in March.", None, ("LIVES_IN", "Paris")),
    ("Alice works at Acme.", "Alice no longer plays tennis.", None, ("WORKS_FOR", "Acme")),
    ("Alice works at Acme.", "Alice doesn't eat meat anymore.", None, ("WORKS_FOR", "Acme")),
    ("Alice works at Acme.", "Alice switched to oat milk.", None, ("WORKS_FOR", "Acme")),
    ("Alice works at Acme.", "Alice now goes to the gym on Tuesdays, not Mondays.", None, ("WORKS_FOR", "Acme")),
    ("I work at Acme.", "I'm vegan now.", "Alice", ("WORKS_FOR", "Acme")),
    ("I work at Ford.", "Now I'm down to one credit card.", "user", ("WORKS_FOR", "Ford")),
    ("I work at Ford.", "Paid off the second card, so now I'm down to just 1 card with no balance.", "user",
     ("WORKS_FOR", "Ford")),
    ("I work at Ford.", "Traded in the Civic for a used Tesla Model 3 yesterday.", "user", ("WORKS_FOR", "Ford")),
    ("I work at Ford.", "I sold my car and my bike.", "user", ("WORKS_FOR", "Ford")),
    ("我在华为上班。", "我最近开始健身了。", "小王", ("WORKS_FOR", "华为")),
    ("我在华为上班。", "我现在在减肥。", "小王", ("WORKS_FOR", "华为")),
    ("我在华为上班。", "我新养了一只猫。", "小王", ("WORKS_FOR", "华为")),
    ("我住在北京。", "我现在吃素了。", "小王", ("LIVES_IN", "北京")),
    ("我住在北京。", "我不再吃肉了。", "小王", ("LIVES_IN", "北京")),
    # health news: a stay or an absence
    ("I live in Paris and work at Acme.", "I'm back at work after my surgery", "Alice", ("WORKS_FOR", "Acme")),
    ("I live in Paris and work at Acme.", "my doctor signed me off work for two weeks", "Alice", ("WORKS_FOR", "Acme")),
    ("I live in Paris and work at Acme.", "I'm recovering at my parents' house in York", "Alice", ("LIVES_IN", "Paris")),
    # the value said to hold
    ("I live in Paris and work at Acme.", "I love living in Paris", "Alice", ("LIVES_IN", "Paris")),
    ("I live in Paris and work at Acme.", "I hate living in Paris", "Alice", ("LIVES_IN", "Paris")),
    ("I live in Paris and work at Acme.", "I love working at Acme", "Alice", ("WORKS_FOR", "Acme")),
    ("I live in Paris and work at Acme.", "working at Acme is exhausting", "Alice", ("WORKS_FOR", "Acme")),
    ("I live in Paris and work at Acme.", "I have worked at Acme since 2020", "Alice", ("WORKS_FOR", "Acme")),
    ("I live in Paris and work at Acme.", "I have worked at Acme since 2020", "Alice", ("LIVES_IN", "Paris")),
    ("Alice works at Acme.", "Alice has worked at Acme since 2019.", None, ("WORKS_FOR", "Acme")),
    ("I love climbing.", "I have loved climbing since June", "Alice", ("LIKES", "climbing")),
    ("I love climbing.", "I've loved climbing ever since I was a kid", "Alice", ("LIKES", "climbing")),
    # a boss's change is the boss's: the employer stays
    ("Alice works at Acme.", "Alice's boss quit.", None, ("WORKS_FOR", "Acme")),
    ("I work at Acme.", "my boss quit today, chaos", "Alice", ("WORKS_FOR", "Acme")),
    ("I work at Acme.", "my manager retired", "Alice", ("WORKS_FOR", "Acme")),
    ("I work at Acme.", "my boss left Acme", "Alice", ("WORKS_FOR", "Acme")),
    ("我在华为上班。", "我的老板辞职了。", "小王", ("WORKS_FOR", "华为")),
]

# look-alikes: a real change beside the same words still leaves the fact unsure or replaces it
CHANGED = [
    ("I live in Denver.", "We moved to Austin so how do I get a library card?", "user", ("LIVES_IN", "Denver")),
    ("I live in Denver.", "Moved to Austin last week so can you suggest a gym?", "user", ("LIVES_IN", "Denver")),
    ("I work at Stripe.", "I left Stripe and joined a new company.", "user", ("WORKS_FOR", "Stripe")),
    ("I live in Chicago.", "I quit my job and moved to Austin.", "user", ("LIVES_IN", "Chicago")),
    ("I work at Ford.", "I quit yesterday.", "user", ("WORKS_FOR", "Ford")),
    ("I work at Ford.", "These days I'm at GM.", "user", ("WORKS_FOR", "Ford")),
    ("Alice works at Acme.", "Alice switched to Globex.", None, ("WORKS_FOR", "Acme")),
    ("Alice works at Acme.", "Alice no longer works there.", None, ("WORKS_FOR", "Acme")),
    ("Alice works at Acme.", "Alice has been at Globex since March.", None, ("WORKS_FOR", "Acme")),
    ("Alice works at Acme.", "Alice is between jobs right now.", None, ("WORKS_FOR", "Acme")),
    ("I live in Paris and work at Acme.", "After my surgery I moved to York for good", "Alice", ("LIVES_IN", "Paris")),
    ("I live in Paris and work at Acme.", "I used to work at Acme", "Alice", ("WORKS_FOR", "Acme")),
    ("Alice works at Acme. Alice reports to Mae.", "Alice's boss quit.", None, ("REPORTS_TO", "Mae")),
    ("Alice works at Acme. Alice reports to Mae.", "Alice quit.", None, ("WORKS_FOR", "Acme")),
    ("I work at Acme.", "I quit, my boss was awful", "Alice", ("WORKS_FOR", "Acme")),
    ("Alice likes climbing.", "Alice quit climbing.", None, ("LIKES", "climbing")),
    ("我在华为上班。", "我辞职了。", "小王", ("WORKS_FOR", "华为")),
    ("我住在北京。", "我不再住在北京了。", "小王", ("LIVES_IN", "北京")),
    ("我在华为上班。", "我现在在腾讯上班了。", "小王", ("WORKS_FOR", "华为")),
]


def _current_after(first: str, later: str, speaker: str | None) -> tuple[set, set]:
    person = speaker or first.split()[0]
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        said = {"speaker": speaker} if speaker else {}
        memory.add(first, namespace="u", **said)
        before = {(r.type, r.object_name) for r in memory.relations(person, namespace="u")}
        memory.add(later, namespace="u", **said)
        after = {(r.type, r.object_name) for r in memory.relations(person, namespace="u")}
    return before, after


@pytest.mark.parametrize(("first", "later", "speaker", "fact"), KEPT)
def test_an_aside_keeps_the_current_fact(first: str, later: str, speaker: str | None, fact: tuple) -> None:
    before, after = _current_after(first, later, speaker)
    assert fact in before, f"setup: {fact} not read from {first!r}"
    assert fact in after, f"{later!r} hid {fact}: {sorted(after)}"


@pytest.mark.parametrize(("first", "later", "speaker", "fact"), CHANGED)
def test_a_real_change_beside_the_same_words_still_counts(
    first: str, later: str, speaker: str | None, fact: tuple
) -> None:
    before, after = _current_after(first, later, speaker)
    assert fact in before, f"setup: {fact} not read from {first!r}"
    assert fact not in after, f"{later!r} left {fact} current: {sorted(after)}"
