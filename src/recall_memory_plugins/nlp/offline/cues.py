"""English word lists that cue dates and entity types (pure data).

Shared by the tagger (a sentence-initial "Project Orion" or "Bank of America" is a name) and the
entity rules in :mod:`.entities`.
"""

from __future__ import annotations

import re

_MONTHS = frozenset(
    """january february march april may june july august september october november december""".split()
)
_MONTH_ABBREVS = frozenset("jan feb mar apr jun jul aug sep sept oct nov dec".split())
_NAME_MONTHS = frozenset({"may", "april", "june", "august"})  # also given names
_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
# feasts said as times ("Christmas card list", "since Easter"): dates, never a person
_HOLIDAYS = frozenset("christmas xmas easter halloween thanksgiving diwali ramadan hanukkah".split())
_WEEKDAY_ABBREVS = frozenset("mon tue tues wed thu thur thurs fri sat sun".split())
_RELATIVE_DAYS = frozenset({"today", "yesterday", "tomorrow", "tonight"})
_RELATIVE_MODS = frozenset({"last", "next", "this", "coming", "past", "previous", "following"})
_DATE_UNITS = frozenset(
    """week weeks month months year years weekend day days quarter summer winter spring autumn
    fall decade""".split()
)
_DAY_PARTS = frozenset({"morning", "afternoon", "evening", "night"})
_YEAR_PREPS = frozenset("in since by until till before after during from of around circa".split())
_DATE_CUE_PREPS = frozenset({"in", "on", "since", "until", "till", "by", "during", "early", "late"})
_NUMBER_WORDS = frozenset(
    "a an one two three four five six seven eight nine ten eleven twelve few several".split()
)
_DAY_NUM_RE = re.compile(r"^(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?$")
_YEAR_RE = re.compile(r"^(?:1[0-9]|20|21)\d\d$")

_TITLES = frozenset(
    """Mr Mrs Ms Mx Dr Prof Professor Sir Dame Lady Lord Madam Miss President Senator Governor
    Mayor Captain Judge Uncle Aunt Auntie Doctor Rev Gen Col Capt Lt Sgt Officer Coach
    Chairman Chairwoman Minister Chancellor King Queen Prince Princess""".split()
)
_CONNECTORS = frozenset("of de da di del della van von der den du la le & y bin".split())
_ORG_SUFFIXES = frozenset(
    """Inc Corp Corporation Ltd LLC LLP PLC GmbH AG SA Co Company Companies University College
    Institute School Academy Department Dept Team Group Bank Agency Association Foundation
    Committee Council Ministry Labs Lab Laboratory Laboratories Technologies Technology Systems
    Industries Partners Holdings Club Society Office Bureau Hospital Clinic Airlines Airways
    Motors Capital Ventures Studios Studio Media Press Network Networks Solutions Services
    Consulting Software Games Pharmaceuticals Bancorp Trust Fund Union Federation League
    Commission Authority Board Organization Organisation Party Army Navy Police""".split()
)
_ORG_HEADS = frozenset(
    """University College Institute School Academy Department Ministry Bank Bureau Office
    Board Council Committee Federation Association Society Museum Church Commission Agency""".split()
)
_PROJECT_HEADS = frozenset({"Project", "Operation", "Program", "Programme", "Initiative"})
_PROJECT_TAILS = frozenset({"Project", "Program", "Programme", "Initiative"})
_LOC_HEADS = frozenset("Lake Mount Mt Mt. Cape Fort Port Saint St St. Isle Gulf Bay Lake".split())
_LOC_TAILS = frozenset(
    """City County Street St St. Avenue Ave Ave. Road Rd Rd. Boulevard Blvd Lane Drive Square
    River Lake Island Islands Bay Valley Beach Mountains Mountain Hills Province State Region
    District Airport Station Park Bridge Harbor Harbour Coast Desert Sea Ocean Peninsula""".split()
)
# a romanised Korean given name ("Jin-woo", "Seo-yeon", "Min-jun"): two syllables joined by a
# hyphen, the second in lower case; with one of these family names the span is a person, even
# where the family name is a place's last word ("Jin-woo Park", not a park)
_HYPHEN_GIVEN = re.compile(
    r"^[A-Z][a-z]{1,5}-(?:a|ae|ah|bin|bo|chan|chang|cheol|chul|dae|do|dong|eun|gi|gu|gyu|ha|hae|han"
    r"|ho|hoon|hun|hwa|hwan|hee|hye|hyeon|hyun|hyuk|in|jae|ja|jeong|ji|jin|jong|joo|ju|jun|jung"
    r"|kyung|min|mi|myung|na|nam|ok|rae|ri|rin|sang|seo|seok|seon|seong|seung|shin|sik|so|soo|su"
    r"|suk|sun|sung|tae|won|woo|woong|ya|yeon|yeong|yong|yoon|young|yu|yun)$"
)
_KOREAN_SURNAMES = frozenset(
    """Park Kim Lee Choi Jung Jeong Kang Cho Yoon Yun Jang Lim Han Oh Seo Shin Kwon Hwang Ahn
    Song Yoo Hong Jeon Ko Moon Yang Son Bae Baek Heo Nam Noh Ha Kwak Sung Cha Ryu Woo""".split()
)
_LOC_PREPS = frozenset(
    "in to from at near into across toward towards around via outside inside through".split()
)
_PERSON_PREV = frozenset(
    """with met meet meets meeting called call calls told tell tells asked ask asks emailed email
    texted thanked thank invited invite hired married introduced congratulated messaged
    and""".split()
)


_NAME_HEADS = _ORG_HEADS | _PROJECT_HEADS | _LOC_HEADS
