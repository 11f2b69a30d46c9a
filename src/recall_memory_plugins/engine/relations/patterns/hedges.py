"""English claims their own sentence denies or only guesses at, and stories told as fiction.

"It isn't true that Dana reports to Lee", "Whoever says Dana reports to Lee is wrong", "I heard
Dana reports to Lee, but that's wrong", "Maybe Dana reports to Lee", "Dana reports to Lee, or
maybe to Omar", "In the novel, Dana reports to Lee": none of these says what holds, so the
relation layer states nothing of them (precision before recall; the true fact stays current).

Each row is a table row (name, regex, the sentences it must flag) that :mod:`.mood` adds to its
rows; a row whose name starts with ``whole:`` also takes back the parts before its match (a
trailing hedge or denial: "Dana reports to Lee, maybe."), as a report called false does.
``tests/unit/test_relations_round47_e.py`` runs every example and the counter-examples in
:data:`NOT_HEDGED`.
"""

from __future__ import annotations

import re

__all__ = ["HEDGE_TABLE", "NOT_HEDGED", "hedged_whole"]

_ADV = r"(?:(?:simply|just|really|completely|totally|entirely|absolutely|plainly|plain|dead|all|so)\s+)?"
_WRONG = (r"(?:wrong|incorrect|inaccurate|mistaken|untrue|false|a\s+myth|a\s+misunderstanding|a\s+misconception"
          r"|(?:not|n['’]t)\s+(?:true|right|correct|accurate|the\s+case|so)\b)")
# a time after the hedge: "moved to Paris maybe two years ago" hedges the time, not the move
_NO_TIME = (r"(?!\s+(?:about\s+|around\s+)?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|a\s+few"
            r"|a\s+couple(?:\s+of)?|half\s+an?)\s+(?:\w+\s+)?(?:minutes?|hours?|days?|weeks?|months?|years?|times?)\b)")
_GUESS = r"(?:maybe|perhaps|possibly|probably|presumably|conceivably)"

#: (name, regex, sentences it must flag)
HEDGE_TABLE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "whole: a claim its frame calls untrue",
        # "It isn't true that …", "It is simply not the case that …", "Not true that …"
        r"\b(?:it|that|this)\s*(?:(?:is|was)n['’]t|(?:\s(?:is|was)|['’]s)\s+(?:\w+ly\s+)?(?:not|never))\s+" + _ADV
        + r"(?:true|the\s+case|correct|accurate|right|so)\s+that\b"
        r"|(?:^|[.;:!?]\s*)(?:(?:no|nope|nah)[,!]?\s+)?(?:not|never|hardly)\s+(?:\w+ly\s+)?true\s+that\b"
        # "It's a myth that …", "It's nonsense that …", "It is wrong that …"
        r"|\b(?:it|that|this)(?:\s+(?:is|was)|['’]s)\s+(?:(?:just|only|simply|all|a|an|complete|total|utter|pure|an?\s+(?:old|urban"
        r"|common|popular|persistent|total|complete))\s+){0,3}(?:myth|lie|fiction|fabrication|misconception|falsehood"
        r"|rumou?r|hoax|nonsense|rubbish|untrue|false|incorrect|wrong|fake(?:\s+news)?)\s+that\b",
        ("It isn't true that Dana reports to Lee.", "Not true that Dana reports to Lee.",
         "It's a myth that Dana reports to Lee.", "It is simply not the case that Tom moved to Austin.",
         "It wasn't true that Alice joined Globex.", "It's an urban myth that Sam works at Acme."),
    ),
    (
        "whole: a claim its sayers are called wrong about",
        # "Whoever says Dana reports to Lee is wrong", "People who think Tom moved to Austin are mistaken"
        r"\b(?:whoever|anyone\s+who|anybody\s+who|everyone\s+who|everybody\s+who|people\s+who|those\s+who|whoever\s+told"
        r"\s+(?:you|me|him|her|them|us))\s+(?:(?:ever|still)\s+)?(?:says?|said|claims?|claimed|thinks?|thought|believes?"
        r"|believed|tells?\s+\w+|told\s+\w+|wrote|writes|posted|posts)\b[^.;!?]{1,120}?\b(?:is|are|was|were|['’]s|['’]re)\s+"
        + _ADV + r"(?:wrong|mistaken|lying|misinformed|confused|making\s+(?:it|that|this|things|stuff)\s+up)\b"
        # "The idea that Tom moved to Austin is a myth", "That Dana reports to Lee is false"
        r"|(?:\b(?:idea|notion|belief|assumption|impression)\s+that|^\s*that)\s[^.;!?]{1,100}?\b(?:is|was|are|were)\s+"
        + _ADV + _WRONG,
        ("Whoever says Dana reports to Lee is wrong.", "Anyone who thinks Tom moved to Austin is mistaken.",
         "The idea that Sam works at Acme is a myth.", "That Dana reports to Lee is simply not true."),
    ),
    (
        "whole: a claim taken back after it",
        # "I heard Dana reports to Lee, but that's wrong", "…, which isn't true"
        r"(?:[,;:—–]\s*|\b(?:but|and)\s+)(?:(?:but|and)\s+)?(?:that|this|it|which)(?:['’]s|\s+is|\s+was|\s+turned\s+out\s+to\s+be"
        r"|\s+(?:is|was)n['’]t)\s+" + _ADV + r"(?:wrong|incorrect|inaccurate|mistaken|a\s+myth|a\s+misunderstanding"
        r"|outdated|out\s+of\s+date|old\s+news|no\s+longer\s+(?:true|the\s+case)"
        r"|(?<=n['’]t\s)(?:true|right|correct|accurate|the\s+case|so)|not\s+(?:right|correct|accurate|the\s+case|so))\b",
        ("I heard Dana reports to Lee, but that's wrong.", "Tom moved to Austin, which isn't true.",
         "Sam works at Acme, but that is completely outdated.", "People say Alice joined Globex, but that isn't so."),
    ),
    (
        "whole: a guess tacked on",
        # "Dana reports to Lee, maybe.", "…, or maybe to Omar", "…, I think.", "…, but I'm not sure"
        r"[,;—–(]\s*(?:(?:but|though|or|and)\s+)?" + _GUESS + r"\s*[.!…)]*\s*$"
        r"|\bor\s+(?:else\s+)?" + _GUESS + r"\b"
        r"|[,;—–(]\s*(?:(?:but|though)\s+)?(?:i|we)\s+(?:think|guess|believe|suppose|reckon|assume|presume)\s*[.!…)]*\s*$"
        # "I'm not sure, but …", "…, not sure."; not "not sure when" (a detail hedged)
        r"|\b(?:(?:not|n['’]t)\s+(?:(?:really|totally|quite|completely|entirely|100\s*%)\s+)?(?:sure|certain|positive)"
        r"|unsure|uncertain)\s*(?:[,;:.!…—–)]|$|\s+(?:but|though|tbh|lol|haha)\b)",
        ("Dana reports to Lee, maybe.", "Dana reports to Lee, or maybe to Omar.",
         "I'm not sure, but Dana reports to Lee.", "Tom moved to Austin, I think.",
         "Sam works at Acme, but I'm not 100% sure.", "Alice joined Globex or perhaps Initech."),
    ),
    (
        "a guess",
        # "Maybe Dana reports to Lee": its part says nothing sure (the parts before it still do)
        r"\b" + _GUESS + r"\b" + _NO_TIME,
        ("Maybe Dana reports to Lee.", "Perhaps Dana reports to Lee.", "Possibly Dana reports to Lee.",
         "Tom probably moved to Austin."),
    ),
    (
        "a story told as fiction",
        # "In the novel, Dana reports to Lee", "In a parallel universe, Sam works at Acme"
        r"(?:^|[.;:!?]\s*)(?:(?:so|and|but|well|ok|okay)\s*,?\s+)?in\s+(?:the|a|an|my|his|her|their|our|this|that|one|another)\s+"
        r"(?:[\w'’-]+\s+){0,2}?(?:novels?|books?|story|stories|film|movie|show|series|sitcom|(?:video\s+)?game|play|comic"
        r"|manga|anime|fantasy|simulation|dream|nightmare|(?:parallel|alternate|alternative)\s+(?:universe|reality|world|timeline)"
        r"|fiction|fan\s*fic(?:tion)?|role[-\s]?play|(?<=another\s)life|(?<=past\s)life|(?<=previous\s)life)\b(?!\s+(?:club|industry|company|studio|shop|store|team|department"
        r"|business|sector|group|night|room)\b)",
        ("In the novel, Dana reports to Lee.", "In a parallel universe, Sam works at Acme.",
         "In the game, Alice lives in Paris.", "In another life, Tom is married to Ann."),
    ),
)

#: sentences that state something and must not be flagged by any row
NOT_HEDGED: tuple[str, ...] = (
    "Dana reports to Lee.",
    "Tom moved to Austin maybe two years ago.",
    "Dana moved to Paris, not sure when.",
    "Dana works in the game industry.",
    "In the book club, Dana met Lee.",
    "In my life, Dana has lived in Rome and Paris.",
    "Dana reports to Lee now, which is great.",
    "It is true that Dana reports to Lee.",
    "That's right, Dana reports to Lee.",
)

_WHOLE = re.compile("|".join(f"(?:{regex})" for name, regex, _ in HEDGE_TABLE if name.startswith("whole:")),
                    re.IGNORECASE)


def hedged_whole(sentence: str) -> bool:
    """Whether ``sentence`` denies, by its frame, what it says or only guesses at all of it
    ("It isn't true that …", "…, but that's wrong", "…, or maybe to Omar"): nothing in it holds."""
    return _WHOLE.search(sentence) is not None
