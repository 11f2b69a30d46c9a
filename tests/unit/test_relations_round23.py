"""Twenty-third round of the relation layer: general readings. A reason said after a plan is
said ("…will be run by Dmitri from next term, as Léa has stepped back"); "until further notice"
announces, as "going forward" does; a baton passed is a handover. Real SQLite (``:memory:``),
offline annotator; no mocks. The sentences are written for these tests.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

from ._facts import facts_after

FIRST = "Lena manages the Orbit project."


@pytest.mark.parametrize(
    "later",
    [
        "Note to parents: the Orbit project will be run by Omar from next term, as Lena has "
        "stepped down to coach the debate team.",
        "The Orbit project will be led by Omar next year, because Lena has stepped aside.",
    ],
)
def test_a_reason_after_a_plan_is_said(memory: TemporalGraphMemory, later: str) -> None:
    assert ("Lena", "MANAGES", "Orbit project") in facts_after(memory, [(None, FIRST)])
    facts = facts_after(memory, [("Ms. Ruiz", later)])
    assert ("Lena", "MANAGES", "Orbit project") not in facts, facts


@pytest.mark.parametrize(
    "later",
    [
        # a future reason is no change: a stay
        "Please post Lena's new badge to her mum's place in Porto this once, as she'll be staying "
        "there over the long weekend.",
        # the plan alone is still a plan
        "The Orbit project might be run by Omar from next term.",
    ],
)
def test_a_future_reason_or_a_plan_alone_changes_nothing(
    memory: TemporalGraphMemory, later: str
) -> None:
    both = {("Lena", "MANAGES", "Orbit project"), ("Lena", "LIVES_IN", "Braga")}
    assert both <= facts_after(memory, [(None, FIRST), (None, "Lena lives in Braga.")])
    facts = facts_after(memory, [(None, later)])
    assert both <= facts, facts


def test_until_further_notice_announces_the_change(memory: TemporalGraphMemory) -> None:
    later = (
        "Update from HR: with Ilse moving over to the Berlin launch from Monday, the Helix "
        "project will be run by Jonas until further notice."
    )
    assert ("Ilse", "MANAGES", "Helix project") in facts_after(
        memory, [(None, "Ilse manages the Helix project.")]
    )
    facts = facts_after(memory, [(None, later)])
    assert ("Ilse", "MANAGES", "Helix project") not in facts, facts


def test_a_baton_passed_is_a_handover(memory: TemporalGraphMemory) -> None:
    later = "ok all, passing the Quartz baton, Priya you are up from Monday 🙌 off to the Lumen launch"
    assert ("Tobi", "MANAGES", "Quartz project") in facts_after(
        memory, [(None, "Tobi manages the Quartz project.")]
    )
    facts = facts_after(memory, [("Tobi", later)])
    assert ("Tobi", "MANAGES", "Quartz project") not in facts, facts


@pytest.mark.parametrize("announced", ["henceforth", "with immediate effect", "from now on"])
def test_an_announcement_word_states_the_change(
    memory: TemporalGraphMemory, announced: str
) -> None:
    later = (
        f"Club newsletter: the Orbit project will {announced} be run by Omar, as Lena steps back "
        "to finish her thesis."
    )
    assert ("Lena", "MANAGES", "Orbit project") in facts_after(memory, [(None, FIRST)])
    facts = facts_after(memory, [(None, later)])
    assert ("Lena", "MANAGES", "Orbit project") not in facts, facts
