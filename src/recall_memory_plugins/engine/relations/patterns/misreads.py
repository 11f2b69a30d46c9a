"""Matches whose relation is about something other than the row says: read, then dropped.

A row matches the words around a name; these rules look at what follows or precedes the match
and drop a candidate the sentence does not state:

- "works with Globex (on the merger)": a partner or a client, no employer;
- "works for Globex's biggest client", "leads Atlas's QA effort", "leads the Atlas mobile
  team": the name only qualifies the real object (kept: a site or unit of an employer, "works
  at Google's London office", and a project's own team, "leads the Atlas team");
- "is staying in York this weekend", "is living in York for a few weeks": a stay, no home (a
  home held for a while is one: "has been living in York for two months");
- "moved to Spotify (from Apple)": an organisation is never a home;
- "is the treasurer of the Leeds Rowing Club": an office in a club, no job;
- "Alice and Ben are married, but not to each other": no couple.

Each rule is one function with the sentences it is written for; ``misread`` runs them all.
"""

from __future__ import annotations

import re

from ..lazy_regex import lazy_pattern
from ..schema import ORG, RelationCandidate
from .blocks import _SLOT_RE, _TIME_WORDS
from .match import _Match

__all__ = ["KNOWN_FIRMS", "misread"]

# Companies well known by a one-word or short name that a weak tagger reads as a town after "to"
# or "in" ("moved to Spotify"). Names that are also places are left out (Orange, Nokia, Toyota,
# Santander, Mercedes, Phoenix, Roche). The fictional ones are the stock examples of firms in English.
KNOWN_FIRMS = frozenset(
    name.casefold()
    for name in (
        "Google", "Alphabet", "Apple", "Microsoft", "Amazon", "Meta", "Facebook", "Instagram",
        "WhatsApp", "Netflix", "Spotify", "Uber", "Lyft", "Airbnb", "Stripe", "Shopify",
        "Salesforce", "Oracle", "IBM", "Intel", "Nvidia", "AMD", "Qualcomm", "Cisco", "Tesla",
        "SpaceX", "OpenAI", "Anthropic", "DeepMind", "Twitter", "LinkedIn", "Slack", "Zoom",
        "Dropbox", "Atlassian", "Adobe", "SAP", "Siemens", "Bosch", "Philips", "Deloitte",
        "Accenture", "McKinsey", "KPMG", "PwC", "EY", "Goldman Sachs", "JPMorgan",
        "Morgan Stanley", "Barclays", "HSBC", "Revolut", "Monzo", "Klarna", "Zalando",
        "ByteDance", "TikTok", "Tencent", "Alibaba", "Baidu", "Huawei", "Samsung", "Sony",
        "Nintendo", "Unilever", "Pfizer", "Moderna", "Novartis", "Walmart", "Starbucks",
        "IKEA", "Boeing", "Airbus", "Yandex", "JetBrains", "GitHub", "GitLab", "Snowflake",
        "Databricks", "Palantir", "PayPal", "Visa", "Mastercard", "Deutsche Bank", "Ericsson",
        "Acme", "Globex", "Initech", "Hooli", "Umbrella Corp", "Wayne Enterprises",
        "Stark Industries", "Dunder Mifflin", "Pied Piper", "Cyberdyne", "Vandelay Industries",
    )
)  # fmt: skip


def _object_end(h: _Match, cand: RelationCandidate) -> int | None:
    """The view offset where the ``o`` slot ends, when the candidate's object is that slot and
    the match ends there (nothing after the name was read)."""
    if cand.object is None or h.slot("o") is None:
        return None
    tail = h.view.text[h.m.end("o") : h.m.end()].strip().casefold()
    if tail not in ("", "anymore", "any more") or cand.object.name not in {r.name for r in h.refs("o")}:
        return None
    return h.m.end()


# --------------------------------------------------------------------------- "works with"
# "works with Globex", "is working closely with Globex", "worked with Globex": a partner, a client
_WORK_WITH = lazy_pattern(
    r"\bwork(?:s|ed|ing)?\s+(?:\w+ly\s+|together\s+)?with\s+(?:the\s+)?$", re.IGNORECASE
)


def _works_with(h: _Match, cand: RelationCandidate) -> bool:
    """ "Alice works with Globex on the merger": no employer (Globex is a partner)."""
    if cand.type != "WORKS_FOR" or cand.object is None or h.slot("o") is None:
        return False
    start = h.m.start("o")
    return _WORK_WITH.search(h.view.text, max(0, start - 60), start) is not None


# --------------------------------------------------------------------------- a name as modifier
# what a name's "'s" may open without naming something else: "McDonald's in town", "Acme's."
_NOT_OWNED = lazy_pattern(
    r"['’]s\s+(?!(?:in|at|on|for|to|from|with|and|but|or|now|since|as|until|till|before|after"
    r"|because|so|then|too|again|anymore|any|last|this|next|today|yesterday|is|was|been)\b)"
    r"(?:[\w-]+|" + _SLOT_RE.pattern.replace("(", "(?:") + r")",
    re.IGNORECASE,
)
# a part of an employer: working there is working for it ("Google's London office", "the Acme
# sales team")
_UNIT = lazy_pattern(
    r"\b(?:office|offices|branch|team|department|dept|division|group|unit|site|campus|plant"
    r"|factory|store|shop|lab|labs|hq|headquarters|studio|warehouse|centre|center|arm|side"
    # (a workplace of the firm: "works at the Tesco supermarket", "the Hilton hotel")
    r"|supermarket|hotel|restaurant|caf[eé]|outlet|building|facility|depot|mill|clinic|hospital"
    r"|programme|program|scheme)\b",  # (its graduate programme: a job there)
    re.IGNORECASE,
)
_DETERMINED = lazy_pattern(r"\b(?:the|a|an|our|their|its|his|her|my|your)\s+$", re.IGNORECASE)
_OWNED_TYPES = frozenset({"WORKS_FOR", "MANAGES"})  # (a boss's: the handlers read "Nadia's team")
_TIME_NOUNS = _TIME_WORDS | frozenset(
    "time times day days weeks months years hours weekends mornings evenings nights".split()
)


def _modifier(h: _Match, cand: RelationCandidate) -> bool:
    """ "works for Globex's biggest client", "leads the Atlas mobile team": the named one only
    qualifies what the relation is about (one word after it names the project's own work: "the
    Kestrel rollout", "Atlas's roadmap"; a unit names the employer: "the Bosch mobility team")."""
    if cand.type not in _OWNED_TYPES:
        return False
    end = _object_end(h, cand)
    if end is None:
        return False
    owned = _NOT_OWNED.match(h.view.text, end)
    if owned is None and _DETERMINED.search(h.view.text, max(0, h.m.start("o") - 8), h.m.start("o")) is None:
        return False  # (without "the", a word after the name is as often a verb: "Acme Corp. Bob works")
    # (read in the text: a unit may be inside a name, "Google's London office")
    lo = h.view.origin[end - 1] + 1
    text = h.ex.annotation.text
    if owned is not None:
        lo = text.find("s", lo) + 1
    if cand.type == "WORKS_FOR":
        if owned is not None:  # (a name after "'s" ends no phrase: "Google's London office")
            rest = re.split(r"[,.;:!?()]", text[lo : lo + 60], maxsplit=1)[0]
            return _UNIT.search(" ".join(rest.split()[:5])) is None
        words = _phrase_after(text, lo)
        return bool(words) and not any(_UNIT.fullmatch(w) for w in words)
    return len(_phrase_after(text, lo)) > 1


_PHRASE_WORD = lazy_pattern(r"[ \t]+([\w-]+)")
# words that end a noun phrase after a name: function words, adverbs of time, auxiliaries
_PHRASE_STOP = frozenset(
    """in at on for to from with by of and but or nor as so than then now since until till before
    after because while when where who whom which that this these those next last is are was were be
    been being has have had do does did will would can could should may might must here there too
    also again anymore any yet still already just soon instead full full-time part-time under over
    about into onto within without across through via per like near the a an my your his her its
    our their me him us them it myself yourself himself herself itself ourselves themselves""".split()
) | _TIME_NOUNS


def _phrase_after(text: str, pos: int) -> list[str]:
    """The common-noun words right after ``pos`` ("mobile team", "QA effort"), at most four; a
    capitalised name, a function word, an adverb or punctuation ends them."""
    words: list[str] = []
    while len(words) < 4:
        found = _PHRASE_WORD.match(text, pos)
        if found is None:
            break
        word = found.group(1)
        low = word.casefold()
        if low in _PHRASE_STOP or low.endswith("ly") or (word[:1].isupper() and not word.isupper()) \
                or (words and low.endswith("ing")):  # (a participle after the noun: "the backlog going forward")
            break
        words.append(low)
        pos = found.end()
    return words


# --------------------------------------------------------------------------- short stays
_SPAN = (r"(?:nights?|days?|weeks?|weekends?|fortnight|months?|summer|winter|spring|autumn|fall"
         r"|holidays?|vacation|break|semester|term|conference|trip|visit)")
# a stay's bound after the place: "this weekend", "for the weekend", "for a few weeks", "over
# the holidays", "tonight"
_BOUNDED = lazy_pattern(
    r"^[^.;!?]{0,60}?\b(?:tonight|(?:this|next|that|the\s+coming)\s+" + _SPAN
    + r"|(?:for|over|during)\s+(?:the\s+|a\s+|an\s+|one\s+|some\s+|several\s+|a\s+few\s+"
    r"|a\s+couple\s+(?:of\s+)?|(?:two|three|four|five|six|\d+)\s+)?(?:more\s+|extra\s+)?" + _SPAN
    # ("until Sunday", "till tomorrow"; not "till the school year ends": staying put)
    + r"|(?:until|till)\s+(?:tomorrow|tonight|(?:next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|the\s+(?:weekend|end\s+of\s+the\s+(?:week|month))))\b",
    re.IGNORECASE,
)
_STAY = lazy_pattern(r"\bstay(?:s|ed|ing)?\b", re.IGNORECASE)
_LIVING = lazy_pattern(r"\bliv(?:e|es|ing)\b", re.IGNORECASE)
_HELD = lazy_pattern(r"\b(?:has|have|had|['’]s\s+been|['’]ve\s+been)\b", re.IGNORECASE)


def _short_stay(h: _Match, cand: RelationCandidate) -> bool:
    """ "I'm staying in York this weekend", "Tom is living in York for a few weeks": no home."""
    if cand.type != "LIVES_IN" or h.slot("o") is None:
        return False
    said, after = h.m.group(0), h.view.text[h.m.end("o") :]
    if _STAY.search(said) or (_LIVING.search(said) and not _HELD.search(said)):  # (not "moved … this week")
        return _BOUNDED.match(after) is not None
    return False


# --------------------------------------------------------------------------- a firm as home
_FROM_SLOT = lazy_pattern(r"\s+(?:back\s+)?from\s+(?:the\s+)?" + _SLOT_RE.pattern)


def _firm_as_home(h: _Match, cand: RelationCandidate) -> bool:
    """ "Alice moved to Spotify", "moved to Globex from Initech": a firm (a known one, or one
    left for it) is no home."""
    if cand.type != "LIVES_IN" or cand.object is None:
        return False
    if cand.object.type == ORG or cand.object.name.casefold() in KNOWN_FIRMS:
        return True
    left = _FROM_SLOT.match(h.view.text, h.m.end())
    if left is None:
        return False
    before = h.ex.refs(int(left.group(1)))
    return any(r.type == ORG or r.name.casefold() in KNOWN_FIRMS for r in before)


# a club, a society or an association whose officers are members, not staff
_CLUB = lazy_pattern(r"(?:^|\s)(?:club|society|association|league|guild|choir|chorus|orchestra|fraternity|sorority"
                     r"|lodge|circle|collective|book\s+group|reading\s+group)$", re.IGNORECASE)
_CLUB_OFFICES = frozenset({
    "treasurer", "secretary", "president", "vice president", "vice-president", "chair", "chairman", "chairwoman",
    "chairperson", "captain", "vice captain", "vice-captain", "member", "organiser", "organizer", "founder",
    "co-founder", "cofounder", "volunteer", "convenor", "convener", "social secretary", "membership secretary",
    "committee member", "honorary secretary", "honorary treasurer",
})  # fmt: skip


def _club_office(h: _Match, cand: RelationCandidate) -> bool:
    """ "Alice is the treasurer of the Leeds Rowing Club", "the president of the Chess Society": an
    office in a club or a society is no job there (its coach or manager may be paid: kept)."""
    if cand.type != "WORKS_FOR" or cand.object is None:
        return False
    role = cand.attributes.get("role", "").casefold()
    role = role.removeprefix("honorary ").removeprefix("club ").removeprefix("society ")
    return role in _CLUB_OFFICES and _CLUB.search(cand.object.name.strip()) is not None


# a wedding of two to others: "Alice and Ben are married, but not to each other", "got married to
# other people", "to different people", "to their partners", "each to someone else"
_TO_OTHERS = lazy_pattern(
    r"[^.;!?]{0,60}?\b(?:(?:but\s+)?not\s+to\s+each\s+other|not\s+to\s+one\s+another"
    r"|to\s+(?:(?:two\s+)?other|different|separate)\s+(?:people|persons|partners|men|women|guys|girls|spouses)"
    r"|to\s+(?:their|each\s+other['’]s|\ue000\d+\ue001)\s+(?:own\s+|respective\s+)?(?:partners?|spouses?|girlfriends?|boyfriends?|fianc[eé]e?s?|sweethearts?)"
    r"|(?:each\s+)?to\s+(?:someone|somebody)\s+else)\b",
    re.IGNORECASE,
)


def _married_to_others(h: _Match, cand: RelationCandidate) -> bool:
    """ "Alice and Ben are married, but not to each other": the two are no couple."""
    return cand.type == "MARRIED_TO" and _TO_OTHERS.match(h.view.text, h.m.end()) is not None


def misread(h: _Match, cand: RelationCandidate) -> bool:
    """Whether the sentence does not state ``cand`` though the row matched (see the module)."""
    if h.view.zh:
        return False
    return (_works_with(h, cand) or _modifier(h, cand) or _short_stay(h, cand)
            or _firm_as_home(h, cand) or _club_office(h, cand) or _married_to_others(h, cand))
