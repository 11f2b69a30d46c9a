"""Round 50: a change said in a language no pattern reads (Spanish, Portuguese, French, Italian,
German, Russian, Korean, Japanese) leaves the old home or employer unsure instead of current;
a Latin name before a kana or hangul particle is a word of its own ("Ben은", "Benは"). Each
with look-alikes in the same language that change nothing.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.nlp.offline import OfflineAnnotator

_JOB, _HOME = "Ben works at Lloyds.", "Ben lives in Leeds."


def _after(first: str, second: str) -> dict[str, bool]:
    """Ben's relations after the two texts: object -> unsure."""
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(first)
        memory.add(second)
        return {str(r.object_name): r.attributes.get("unsure") == "true"
                for r in memory.relations("Ben", include_unsure=True)}


@pytest.mark.parametrize(("first", "change"), [
    (_JOB, "Ben ya no trabaja en Lloyds, ahora trabaja en Barclays."),
    (_HOME, "Ben se mudó a Madrid."),
    (_JOB, "Ben não trabalha mais na Lloyds."),
    (_HOME, "Ben se mudou para Lisboa."),
    (_JOB, "Ben ne travaille plus chez Lloyds."),
    (_HOME, "Ben a déménagé à Lyon."),
    (_JOB, "Ben non lavora più da Lloyds."),
    (_HOME, "Ben si è trasferito a Roma."),
    (_JOB, "Ben arbeitet nicht mehr bei Lloyds."),
    (_HOME, "Ben ist nach Berlin umgezogen."),
    (_JOB, "Ben больше не работает в Lloyds."),
    (_HOME, "Ben переехал в Москву."),
    (_JOB, "Ben은 더 이상 Lloyds에서 일하지 않아요."),
    (_HOME, "Ben은 서울로 이사했어요."),
    (_JOB, "BenはもうLloydsで働いていません。"),
    (_HOME, "Benは東京に引っ越しました。"),
])
def test_a_change_in_another_language_leaves_the_old_value_unsure(first: str, change: str) -> None:
    facts = _after(first, change)
    assert facts and all(facts.values()), facts


@pytest.mark.parametrize(("first", "same"), [
    (_JOB, "Ben trabaja mucho en Lloyds."),  # works a lot: no change
    (_HOME, "Ben vive muy feliz."),
    (_JOB, "Ben travaille beaucoup chez Lloyds."),
    (_HOME, "Ben wohnt gern dort."),
    (_JOB, "Ben работает в Lloyds."),
    (_HOME, "Ben plus Anna went hiking."),  # English "plus" is no French "ne … plus"
    (_HOME, "Ben said ahoy to everyone."),
])
def test_the_same_value_in_another_language_changes_nothing(first: str, same: str) -> None:
    facts = _after(first, same)
    assert facts and not any(facts.values()), facts


@pytest.mark.parametrize(("text", "name"), [("Ben은 서울로 이사했어요.", "Ben"), ("BenはもうLloydsで働いていません。", "Lloyds")])
def test_a_latin_name_before_a_particle_is_its_own_word(text: str, name: str) -> None:
    words = [t.text for s in OfflineAnnotator().annotate(text).sentences for t in s.tokens]
    assert name in words, words
