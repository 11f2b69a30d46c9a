"""Round 49 (a): documents and notes whose framed text is no fact of now.

- a report its own words call false or denied ("wrongly reported", "falsely claimed", "denied
  that she had joined", "…; she has not") leaves the fact it contradicts current;
- a pretence, an unpublished draft, example sentences and a change "once the contract is signed"
  state nothing;
- the "I" of a text someone else wrote (a forwarded e-mail under a "Subject:" line, a pasted CV,
  "Message from Tom, pasted here:", a mail signed by another name) is not the speaker;
- what follows an old source's heading ("Archive copy of the 2019 staff directory:", "Re-reading
  my old notes from January:") is no news;
- a place described by where it lies ("a market town in the county of Eastmoor") has no employer.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.frames import FRAME_TABLE, NOT_FRAMED, framed_sentences
from recall_memory_plugins.engine.relations.implied import written_by
from recall_memory_plugins.nlp import OfflineAnnotator

U = timezone.utc
FRAMES = [(name, text) for name, _, examples in FRAME_TABLE for text in examples]
_ANNOTATOR = OfflineAnnotator()


@pytest.mark.parametrize(("name", "text"), FRAMES, ids=[f"{n}:{t}" for n, t in FRAMES])
def test_frame_rows_frame_their_examples_last_sentence(name: str, text: str) -> None:
    annotation = _ANNOTATOR.annotate(text)
    assert len(annotation.sentences) - 1 in framed_sentences(annotation), (name, text)


@pytest.mark.parametrize("text", NOT_FRAMED)
def test_plain_notes_are_not_framed(text: str) -> None:
    annotation = _ANNOTATOR.annotate(text)
    assert len(annotation.sentences) - 1 not in framed_sentences(annotation)


def _facts(turns: list[tuple[str | None, str]], question: str) -> tuple[str, ...]:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for speaker, text in turns:
            memory.add(text, speaker=speaker)
        return memory.recall(question, token_budget=300).facts


@pytest.mark.parametrize(
    "second",
    [
        "The newspaper wrongly reported that Dana Kerr had moved to Cardiff; she has not.",
        "A local blog falsely claimed Dana Kerr moved to Cardiff.",
        "It was mistakenly reported that Dana Kerr relocated to Cardiff.",
        "Dana Kerr denied that she had moved to Cardiff.",
        "Dana Kerr denies moving to Cardiff.",
        "The paper said Dana Kerr had moved to Cardiff, but she hasn't.",
        "The local radio reported in error that Dana Kerr moved to Cardiff.",
    ],
)
def test_a_report_called_false_or_denied_keeps_the_home(second: str) -> None:
    facts = _facts([(None, "Dana Kerr lives in Bristol."), (None, second)], "Where does Dana Kerr live now?")
    assert any("Bristol" in f for f in facts) and not any("Cardiff" in f for f in facts), facts


@pytest.mark.parametrize(
    "second",
    [
        "The newspaper falsely claimed that Alice Moreau joined Globex.",
        "Alice Moreau denied that she had joined Globex.",
        "Alice Moreau dismissed reports that she had joined Globex.",
        "Globex wrongly announced that Alice Moreau had joined them.",
        # a pretence, a draft, a text never sent
        "Notes from interview practice: the coach asked Alice Moreau to pretend she had left Acme and joined Globex.",
        "In the mock interview, Alice Moreau had to pretend that she works at Globex.",
        "Let's pretend Alice Moreau joined Globex.",
        "The draft press release says that Alice Moreau joined Globex, but it was never published.",
        "According to the draft memo, Alice Moreau joined Globex.",
        "The announcement that Alice Moreau had joined Globex was never sent.",
    ],
)
def test_a_denied_report_a_pretence_or_a_draft_keeps_the_employer(second: str) -> None:
    facts = _facts([(None, "Alice Moreau works at Acme."), (None, second)], "Where does Alice Moreau work now?")
    assert any("Acme" in f for f in facts) and not any("Globex" in f for f in facts), facts


@pytest.mark.parametrize(
    "second",
    [
        "For the English class I had to write example sentences. Example 1: I live in London. Example 2: I work at a bank.",
        "My homework was five practice sentences: I live in London. I work at Globex.",
        "Sentence 3: I live in London.",
        "Reminder: update my LinkedIn to say I work at Globex once the contract is signed.",
        "Note to self: my profile should say I work at Globex once it's official.",
        # another's words: a forwarded mail, a CV, a pasted message, a mail signed by someone else
        "Subject: Fwd: hello\n\n---------- Forwarded message ---------\nFrom: Tom Becker\n\n"
        "Hi all, I have left Acme and I now work at Globex. I moved to London last month.\n\nTom",
        "See below.\n\n---------- Forwarded message ---------\nFrom: Tom Becker\n\nI work at Globex now and I live in London.",
        "Pasting the CV of the candidate for my notes:\n\nCURRICULUM VITAE\nName: Elena Marsh\n"
        "I live in London and I work at Globex as a risk analyst.",
        "RÉSUMÉ\nName: Elena Marsh\nI live in London and work at Globex.",
        "Message from Tom, pasted here: I live in London now and work at Globex.",
        "Message from Tom, copied verbatim: I live in London now and work at Globex.",
        "Hello team,\nI moved to London and I work at Globex now.\nBest regards,\nTom",
    ],
)
def test_examples_conditions_and_others_words_leave_the_speaker_as_she_was(second: str) -> None:
    facts = _facts([("Hannah", "I work at Acme and I live in Leeds."), ("Hannah", second)],
                   "Where does Hannah live and work now?")
    assert any("Leeds" in f for f in facts) and any("Acme" in f for f in facts), facts
    assert not any("London" in f or "Globex" in f for f in facts), facts


def test_a_forwarded_mail_under_a_subject_line_is_its_writers() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Subject: Fwd: news\n\n---------- Forwarded message ---------\nFrom: Tom Becker\n\n"
                   "Hi all, I now work at Globex.\n\nTom", speaker="Hannah")
        assert [r.object_name for r in memory.relations("Tom Becker", type="WORKS_FOR")] == ["Globex"]
        assert memory.relations("Hannah") == []


@pytest.mark.parametrize(("speaker", "text", "writer"), [
    ("Hannah", "Hi all, I now work at Globex.\n\nTom", None),
    ("Hannah Lee", "Hi all, I now work at Globex.\n\nCheers,\nHannah", "Hannah Lee"),
    ("小王", "工作日记：我搬到杭州了。", "小王"),  # a diary's kind, not a signature
    ("小王", "健身日记：我不跑步了。", "小王"),
])
def test_who_writes_a_signed_text(speaker: str, text: str, writer: str | None) -> None:
    assert written_by(speaker, text) == writer


def test_a_mail_signed_by_the_speaker_is_hers() -> None:
    facts = _facts([("Hannah", "I work at Acme."), ("Hannah", "Hi all, I now work at Globex.\n\nCheers,\nHannah")],
                   "Where does Hannah work now?")
    assert any("Globex" in f for f in facts), facts


@pytest.mark.parametrize(
    "third",
    [
        "Archive copy of the 2019 staff directory: Tom Becker works at Acme and lives in Leeds.",
        "Re-reading my old notes from January: Tom Becker works at Acme.",
        "From the archives: Tom Becker works at Acme and lives in Leeds.",
        "Found an old printout of the team page: Tom Becker works at Acme.",
        "Going through my notes from last year: Tom Becker lives in Leeds and works at Acme.",
        "Outdated version of the team page:\nTom Becker works at Acme.\nHe lives in Leeds.",
    ],
)
def test_an_old_source_restates_nothing_as_current(third: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("Tom Becker works at Acme. He lives in Leeds.", at=datetime(2026, 1, 2, tzinfo=U), speaker="Hannah")
        memory.add("Tom Becker left Acme and joined Globex. He moved to York.", at=datetime(2026, 3, 1, tzinfo=U),
                   speaker="Hannah")
        memory.add(third, at=datetime(2026, 4, 1, tzinfo=U), speaker="Mei")
        facts = memory.recall("Where does Tom Becker work and live now?", token_budget=300).facts
    assert any("Globex" in f for f in facts) and any("York" in f for f in facts), facts
    assert not any("works for Acme" in f or "lives in Leeds" in f for f in facts), facts


def test_notes_of_today_are_news() -> None:
    facts = _facts([(None, "Tom Becker works at Acme."), ("Mei", "Notes from today's meeting: Tom Becker joined Globex.")],
                   "Where does Tom Becker work now?")
    assert any("Globex" in f for f in facts), facts


@pytest.mark.parametrize(
    "text",
    [
        "Vellmar Ridge is a market town in the fictional county of Eastmoor. At the last census it had a population of 1,842.",
        "Thornbury Vale is a farming parish in the Upper Wold.",
        "Lake Orta is a small lake in the province of Novara.",
        "Millbrook is a quiet village in the district of Wealden.",
    ],
)
def test_a_place_described_by_where_it_lies_has_no_employer(text: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(text)
        assert [r for r in memory.relations(include_unsure=True) if r.type == "WORKS_FOR"] == []


@pytest.mark.parametrize(("text", "who", "employer"), [
    ("Tom is a town planner at Acme.", "Tom", "Acme"),
    ("Heidi is a software engineer at Globex.", "Heidi", "Globex"),
])
def test_a_job_named_with_a_place_word_still_has_its_employer(text: str, who: str, employer: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(text)
        assert [r.object_name for r in memory.relations(who, type="WORKS_FOR")] == [employer]
