"""Forty-ninth round of the relation layer (E): who said it and whose it is. The "I" inside a
quotation someone else says ('Tom said, "I live in Porto now."') is never the speaker's. Real
SQLite (``:memory:``), offline annotator; no mocks. The sentences are written for these tests.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory

T0 = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


@pytest.fixture
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


def _current(memory: TemporalGraphMemory) -> set[tuple[str, str, str | None]]:
    return {(r.subject_name, r.type, r.object_name) for r in memory.relations()}


@pytest.mark.parametrize(
    "quote",
    [
        'Tom told me: "I live in Porto now and work at Globex."',
        'Tom said, "I live in Porto now and work at Globex."',
        'Tom said "I live in Porto now and work at Globex."',
        "Met Tom for coffee. He told me, “I moved to Porto and I work at Globex now.”",
        '"I live in Porto now and I work at Globex," Tom told me.',
        "My cousin said: 'I moved to Porto, I work at Globex now.'",
        'Tom told me: I live in Porto now and work at Globex.',
    ],
)
def test_the_first_person_in_someone_elses_quote_is_not_the_speaker(memory: TemporalGraphMemory, quote: str) -> None:
    memory.add("I work at Acme and I live in Leeds.", speaker="Hannah", at=T0)
    memory.add(quote, speaker="Hannah", at=T0 + timedelta(days=30))
    current = _current(memory)
    assert ("Hannah", "LIVES_IN", "Leeds") in current and ("Hannah", "WORKS_FOR", "Acme") in current, current
    assert not {o for s, _, o in current if s == "Hannah"} & {"Porto", "Globex"}, current


@pytest.mark.parametrize("own", ['I told Tom, "I moved to Porto."', "I said: 'I moved to Porto.'", "I moved to Porto."])
def test_ones_own_words_stay_ones_own(memory: TemporalGraphMemory, own: str) -> None:
    memory.add("I live in Leeds.", speaker="Hannah", at=T0)
    memory.add(own, speaker="Hannah", at=T0 + timedelta(days=30))
    assert ("Hannah", "LIVES_IN", "Leeds") not in _current(memory)


@pytest.mark.parametrize(
    ("sentence", "kind", "value"),
    [
        ("The brother of Ana lives in Madrid.", "LIVES_IN", "Madrid"),
        ("A friend of Ana lives in Madrid.", "LIVES_IN", "Madrid"),
        ("The older sister of Ana just moved to Madrid.", "LIVES_IN", "Madrid"),
        ("A colleague of Ana's moved to Madrid.", "LIVES_IN", "Madrid"),
        ("The husband of Ana started at Google last week.", "WORKS_FOR", "Google"),
        ("El hermano de Ana lives in Madrid.", "LIVES_IN", "Madrid"),
        ("La hermana de Ana works at Google.", "WORKS_FOR", "Google"),
        ("El jefe de Ana works at Google.", "WORKS_FOR", "Google"),
    ],
)
def test_a_person_of_someones_named_with_of_is_not_that_someone(
    memory: TemporalGraphMemory, sentence: str, kind: str, value: str
) -> None:
    memory.add("Ana lives in Lisbon. Ana works at Acme.", at=T0)
    memory.add(sentence, at=T0 + timedelta(days=30))
    assert value not in [r.object_name for r in memory.relations("Ana", type=kind)]


def test_a_person_named_of_someone_still_changes_when_named_first(memory: TemporalGraphMemory) -> None:
    memory.add("Ana lives in Lisbon.", at=T0)
    memory.add("Ana, a friend of Tom, moved to Madrid.", at=T0 + timedelta(days=30))
    assert ("Ana", "LIVES_IN", "Madrid") in _current(memory)


@pytest.mark.parametrize(
    ("relative", "pronoun_turn", "other"),
    [
        ("my brother Theo lives in Cardiff.", "she just moved to Reading", "Ruth"),
        ("my brother, Theo, lives in Cardiff.", "She has moved to Reading now.", "Ruth"),
        ("our son Kai lives in Cardiff.", "she just moved to Reading", "Ruth"),
        ("my sister Noor lives in Cardiff.", "he just moved to Reading", "Bram"),
    ],
)
def test_a_pronoun_in_a_later_turn_agrees_with_a_relatives_gender(
    memory: TemporalGraphMemory, relative: str, pronoun_turn: str, other: str
) -> None:
    first = "My sister Ruth lives in Oxford." if other == "Ruth" else "My brother Bram lives in Oxford."
    name = relative.split()[2].strip(",")
    for i, (speaker, text) in enumerate([("Maya", first), ("Leo", relative), ("Maya", pronoun_turn)]):
        memory.add(text, speaker=speaker, at=T0 + timedelta(hours=i))
    homes = {(s, o) for s, _, o in _current(memory)}
    assert (name, "Reading") not in homes and (name, "Cardiff") in homes, homes


def _owners(memory: TemporalGraphMemory) -> set[str]:
    return {r.subject_name for r in memory.relations(type="OWNS")}


@pytest.mark.parametrize(
    ("sale", "owners"),
    [
        ("Carla sold Sunny Side Bakery to Dev.", set()),
        ("Carla sold Sunny Side Bakery to Tom Lee last month.", {"Tom Lee"}),
        ("Dev bought Sunny Side Bakery from Carla.", {"Dev"}),
        ("Tom Lee has bought Sunny Side Bakery from Carla Ruiz.", {"Tom Lee"}),
        ("I sold Sunny Side Bakery to Dev last month", set()),
        ("Carla has sold Sunny Side Bakery to her nephew.", set()),
    ],
)
def test_a_sale_to_or_from_someone_ends_the_sellers_ownership(
    memory: TemporalGraphMemory, sale: str, owners: set[str]
) -> None:
    memory.add("Carla owns Sunny Side Bakery.", speaker="Carla", at=T0)
    memory.add(sale, speaker="Carla", at=T0 + timedelta(days=60))
    assert _owners(memory) <= owners and "Carla" not in _owners(memory), _owners(memory)


@pytest.mark.parametrize(
    ("speaker", "own", "later"),
    [
        ("Nurse Kelly", "I work at Eastgate Clinic.", "Kelly left Eastgate Clinic."),
        ("Mr Hale", "I work at Kingsbridge College.", "Hale left Kingsbridge College."),
        ("Dr. Okafor", "I work at Eastgate Clinic.", "Okafor has left Eastgate Clinic."),
        ("Coach Reyes", "I work at Kingsbridge College.", "Reyes left Kingsbridge College last week."),
    ],
)
def test_a_speaker_named_with_a_title_is_the_bare_name(
    memory: TemporalGraphMemory, speaker: str, own: str, later: str
) -> None:
    memory.add(own, speaker=speaker, at=T0)
    memory.add(later, speaker="Kwabena", at=T0 + timedelta(days=60))
    assert not [r for r in memory.relations(type="WORKS_FOR")], _current(memory)


@pytest.mark.parametrize("label", ["Btw", "Info", "Nota", "Hinweis", "Aviso", "Obs", "Nachtrag", "Remarque", "Nb", "Tldr"])
def test_a_label_before_a_colon_is_no_transcript_speaker(memory: TemporalGraphMemory, label: str) -> None:
    memory.add("I live in Rome.", speaker="Lin", at=T0)
    memory.add(f"{label}: I moved to Lyon.", speaker="Lin", at=T0 + timedelta(days=30))
    homes = {(r.subject_name, r.object_name) for r in memory.relations(type="LIVES_IN")}
    assert homes == {("Lin", "Lyon")}, homes


def test_a_named_transcript_line_is_still_its_persons(memory: TemporalGraphMemory) -> None:
    memory.add("I live in Rome.", speaker="Lin", at=T0)
    memory.add("Greta Olsen: I moved to Lyon.", speaker="Lin", at=T0 + timedelta(days=30))
    assert ("Lin", "LIVES_IN", "Rome") in _current(memory)


@pytest.mark.parametrize(
    "pasted",
    [
        "Alice: my bf moved to Paris.",
        "Bob: hi\nAlice: my brother moved to Shanghai.",
        "Alice：我哥哥搬到了上海。",
        "Alice: My sister just started at Google.",
        "Bob: how's the family?\nAlice: my mum moved to Lisbon last week",
    ],
)
def test_a_relatives_move_on_a_transcript_line_leaves_the_label_person_alone(
    memory: TemporalGraphMemory, pasted: str
) -> None:
    memory.add("Alice lives in Rome. Alice works at Acme.", at=T0)
    memory.add(pasted, at=T0 + timedelta(days=30))
    assert sorted(r.object_name for r in memory.relations("Alice")) == ["Acme", "Rome"]


@pytest.mark.parametrize("pasted", ["Alice: I moved away from Rome, finally.", "Alice: I quit my job at Acme!"])
def test_a_transcript_lines_own_change_still_counts(memory: TemporalGraphMemory, pasted: str) -> None:
    memory.add("Alice lives in Rome. Alice works at Acme.", at=T0)
    memory.add(pasted, at=T0 + timedelta(days=30))
    assert len(memory.relations("Alice")) < 2
