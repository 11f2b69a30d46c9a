"""Round 47 (e): claims denied by their frame, guesses and fiction state nothing; a team, a party
or a site one joins is no employer; a reply's quote of an older e-mail is no news; an ended status
is said ended; a project taken up again has a new status."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations.patterns.hedges import HEDGE_TABLE, NOT_HEDGED
from recall_memory_plugins.engine.relations.patterns.mood import retracted, unasserted

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
HEDGE_EXAMPLES = [(name, text) for name, _, examples in HEDGE_TABLE for text in examples]


def _memory(*texts: str, days: int = 30) -> TemporalGraphMemory:
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    for k, text in enumerate(texts):
        memory.add(text, namespace="u", at=T0 + timedelta(days=days * k))
    return memory


def _current(memory: TemporalGraphMemory, entity: str, type_: str | None = None) -> set[str]:
    return {r.object_name or r.attributes.get("status", "") for r in memory.relations(entity, namespace="u", type=type_)}


@pytest.mark.parametrize(("name", "text"), HEDGE_EXAMPLES, ids=[t for _, t in HEDGE_EXAMPLES])
def test_hedge_rows_flag_their_examples(name: str, text: str) -> None:
    assert unasserted(text)
    assert retracted(text) == name.startswith("whole:")


@pytest.mark.parametrize("text", NOT_HEDGED)
def test_plain_statements_are_not_hedged(text: str) -> None:
    assert not unasserted(text) and not retracted(text)


@pytest.mark.parametrize("said", [
    "It isn't true that Dana reports to Lee.",
    "Not true that Dana reports to Lee.",
    "It's a myth that Dana reports to Lee.",
    "Whoever says Dana reports to Lee is wrong.",
    "I heard Dana reports to Lee, but that's wrong.",
    "It is simply not the case that Dana reports to Lee.",
    "Anyone who claims Dana reports to Lee is mistaken.",
    "People say Dana reports to Lee, which isn't true.",
    "The idea that Dana reports to Lee is a myth.",
    "Maybe Dana reports to Lee.",
    "Perhaps Dana reports to Lee.",
    "Possibly Dana reports to Lee.",
    "Dana probably reports to Lee.",
    "Dana reports to Lee, maybe.",
    "Dana reports to Lee, I think.",
    "I'm not sure, but Dana reports to Lee.",
    "Dana reports to Lee, but I'm not 100% sure.",
    "Dana reports to Lee, or maybe to Omar.",
    "Dana reports to Lee or perhaps Omar.",
    "In the novel, Dana reports to Lee.",
    "In a parallel universe, Dana reports to Lee.",
    "In the game Dana reports to Lee.",
])
def test_denied_guessed_or_fictional_claims_state_nothing(said: str) -> None:
    with _memory("Dana reports to Kim.", said) as memory:
        assert _current(memory, "Dana", "REPORTS_TO") == {"Kim"}


@pytest.mark.parametrize("said", ["Dana now reports to Lee.", "Dana reports to Lee now, which is great."])
def test_plain_news_still_changes_the_fact(said: str) -> None:
    with _memory("Dana reports to Kim.", said) as memory:
        assert _current(memory, "Dana", "REPORTS_TO") == {"Lee"}


@pytest.mark.parametrize("joined", [
    "Dana joined the Risk team.", "Dana joined the Labour Party.", "Dana joined LinkedIn.",
    "Dana joined the Green Party last year.", "Dana joined the chess club.", "Dana joined the Stripe team.",
])
def test_a_team_party_club_or_site_is_no_employer(joined: str) -> None:
    with _memory("Dana works at Acme.", joined) as memory:
        works = {r.object_name for r in memory.relations("Dana", namespace="u", type="WORKS_FOR", include_unsure=True)}
        assert works == {"Acme"}
        facts = memory.recall("Where does Dana work?", namespace="u", token_budget=300).facts
        assert not any("before: Acme" in f or "no longer works" in f for f in facts), facts


def test_joining_a_company_is_still_a_new_employer() -> None:
    with _memory("Dana works at Acme.", "Dana joined Globex.") as memory:
        assert _current(memory, "Dana", "WORKS_FOR") == {"Globex"}


@pytest.mark.parametrize("reply", [
    "Thanks, noted!\n\nOn Mon, Jan 5, 2026 at 9:00 AM Kim wrote:\n> Hi all, Dana reports to Kim.",
    "Sounds good.\n\n-----Original Message-----\nFrom: Kim\nSent: Monday, January 5, 2026 9:00 AM\n"
    "Subject: org\n\nDana reports to Kim.",
    "Agreed.\n> Dana reports to Kim.",
    "> Dana reports to Kim.\nCool, thanks for the update!",
    "Thanks.\n\nOn Jan 5, 2026, at 09:00, Kim <kim@acme.com> wrote:\n\nDana reports to Kim now.",
])
def test_a_quoted_older_mail_is_no_news(reply: str) -> None:
    with _memory("Dana reports to Kim.", "Dana now reports to Lee.", reply) as memory:
        assert _current(memory, "Dana", "REPORTS_TO") == {"Lee"}


def test_a_quoted_home_is_no_news() -> None:
    with _memory("Alice lives in Rome.", "Alice moved to Paris.", "Agreed.\n> Alice lives in Rome.") as memory:
        assert _current(memory, "Alice", "LIVES_IN") == {"Paris"}


def test_an_ended_status_is_said_ended() -> None:
    with _memory("Project Orion is on hold.", "Project Orion is no longer on hold.") as memory:
        facts = memory.recall("What is the status of Project Orion?", namespace="u", token_budget=300).facts
        assert facts and all("no longer on hold" in f for f in facts if "on hold" in f), facts


@pytest.mark.parametrize(("first", "change", "old"), [
    ("Project Orion is on hold.", "Project Orion is back on track.", "on hold"),
    ("Project Orion is on hold.", "We resumed work on Project Orion.", "on hold"),
    ("Project Orion is on hold.", "The team has resumed work on Project Orion.", "on hold"),
    ("Project Orion is on hold.", "Project Orion is active again.", "on hold"),
    ("Project Orion is paused.", "Project Orion is now running again.", "paused"),
    ("Project Orion is on hold.", "Project Orion was restarted last week.", "on hold"),
    ("Project Orion was cancelled.", "Project Orion was revived.", "cancelled"),
    ("Project Orion was cancelled.", "Project Orion has been reactivated.", "cancelled"),
    ("Project Orion is delayed.", "Project Orion launched last week.", "delayed"),
    ("Project Orion is delayed.", "Project Orion finally went live.", "delayed"),
])
def test_a_project_taken_up_again_ends_its_old_status(first: str, change: str, old: str) -> None:
    with _memory(first, change) as memory:
        statuses = _current(memory, "Project Orion", "STATUS")
        assert statuses and old not in statuses, statuses


def test_restarting_a_thing_is_no_project_status() -> None:
    with _memory("Project Orion is on hold.", "Sam restarted Windows.") as memory:
        assert _current(memory, "Project Orion", "STATUS") == {"on hold"}
        assert not memory.relations("Windows", namespace="u", type="STATUS")


def test_a_quoted_question_answered_on_its_line_is_read() -> None:
    with _memory("Alice lives in Rome.", "> Where does Alice live now? Alice moved to Paris last month.") as memory:
        assert _current(memory, "Alice", "LIVES_IN") != {"Rome"}


def test_a_mail_forwarded_as_news_is_read() -> None:
    forwarded = ("FYI, news below.\n\n-----Original Message-----\nFrom: HR\nSent: Monday, March 2, 2026\n"
                 "Subject: org\n\nDana now reports to Lee.")
    with _memory("Dana reports to Kim.", forwarded) as memory:
        assert "Kim" not in _current(memory, "Dana", "REPORTS_TO")
