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

from ..lazy_regex import lazy_pattern

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
        "whole: a report its own words call false",
        # "The newspaper wrongly reported that …", "falsely claimed", "reported in error that …"
        # (not "was wrongly dismissed": a wrong act, which happened)
        r"\b(?:wrongly|falsely|mistakenly|erroneously|incorrectly|inaccurately|untruthfully|wrongfully)\s+"
        r"(?:(?:been|being|was|were)\s+)?(?:report|claim|stat|announc|alleg|suggest|assert|insinuat|rumou?r|post|tweet"
        r"|list|nam|identifi|describ|attribut|credit|sa(?:y|id))\w*\b"
        r"|\b(?:reported|claimed|said|stated|announced|listed|wrote|posted)\s+(?:\w+\s+)?(?:wrongly|falsely|mistakenly"
        r"|erroneously|incorrectly|in\s+error)\b"
        # denied by the one it is about: "Alice denied that she had joined Globex", "denies ever
        # having worked there", "dismissed reports that …"
        r"|\bden(?:y|ies|ied|ying)\s+(?:(?:flatly|strongly|firmly|publicly)\s+)?(?:that\b|(?:ever\s+)?having\b"
        r"|(?:ever\s+)?(?:being|moving|joining|leaving|quitting|marrying|dating|working|living|relocating|resigning"
        r"|taking|switching|getting)\b|(?:i|he|she|they|we|it)\s+(?:had|has|have|was|were|is|did|ever|would)\b)"
        r"|\b(?:refut|dismiss|reject|rebut|debunk|deni)\w*\s+(?:the\s+|those\s+|these\s+|all\s+|any\s+)?(?:\w+\s+)?"
        r"(?:reports?|rumou?rs?|claims?|stories|story|allegations?|suggestions?|speculation)\s+(?:that|of|about)\b"
        # a report denied right after it: "The paper reported that Dana had moved; she has not."
        r"|\b(?:report(?:ed|s)?|claim(?:ed|s)?|said|says|stated|wrote|announced|alleged|suggested|heard|posted|tweeted)\b"
        r"[^.!?]{1,160}[;,:—–]\s*(?:(?:but|though|yet)\s+)?(?:(?:in\s+fact|actually|in\s+reality|in\s+truth)\s*,?\s+)?"
        r"(?:he|she|they|it|i|we)\s+(?:(?:has|have|had|did|does|is|was|were)(?:n['’]t|\s+not|\s+never)|never\s+did)"
        r"(?:\s+(?:really|actually|at\s+all|moved|left|joined|quit|gone|done\s+so|resigned|married))?\s*[.!…]*\s*$",
        ("The newspaper wrongly reported that Dana Kerr had moved to Cardiff.",
         "The newspaper falsely claimed that Alice Moreau joined Globex.",
         "Alice Moreau denied that she had joined Globex.",
         "It was mistakenly reported that Tom had left Acme.",
         "The blog said in error that Sam works at Initech.",
         "Tom denies ever having worked for Initech.",
         "Acme dismissed reports that Joan had quit.",
         "The paper reported that Dana had moved to Cardiff; she has not.",
         "Someone posted that Tom left Acme, but he didn't."),
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
        "whole: a claim taken back as a daydream or a denial",
        # "I moved to Berlin in my dreams", "I work at Google, I wish", "I joined Google... not",
        # "imagine me living in Berlin lol", "Tom says I moved to Berlin, news to me" (a report about
        # oneself that is news to one is denied), "I live in Berlin now, said my brother" (the "I"
        # is the brother's)
        r"\b(?:only\s+)?in\s+(?:my|your|his|her|their|our)\s+(?:wildest\s+|sweetest\s+)?dreams\b"
        r"|[,;—–(…]\s*(?:(?:but|and)\s+)?(?:i|we)\s+(?:can\s+)?(?:wish|wished|hope)\s*[.!…)]*\s*(?:lol|haha+|lmao)?\s*[.!…)]*\s*$"
        r"|(?:\.{2,}|…|[—–]|\s-)\s*not+\s*[.!…)]*\s*(?:lol|haha+|lmao)?\s*$"
        r"|\bimagine\s+(?:me|him|her|us|them|(?-i:[A-Z])\w+)\s+(?:\w+ly\s+)?\w+ing\b"
        r"|\b(?:says?|said|tells?\s+\w+|told\s+\w+|thinks?|thought|claims?|claimed|reckons?)\s+(?:that\s+)?i(?:['’]m|\s)[^.;!?]{0,60}?"
        r"\b(?:(?:that|this|it)(?:['’]s|\s+is|\s+was)\s+)?(?:(?:total|complete)\s+)?news\s+to\s+me\b"
        r"|^\s*i(?:['’]m|['’]ve|\s)[^.;!?]{1,80}?,\s*(?:said|says)\s+(?:my|our|his|her|their|the)\s+\w+\s*[.!]?\s*$",
        ("I moved to Berlin in my dreams", "I joined Google in my dreams.", "I work at Google, I wish",
         "I joined Google... not", "imagine me living in Berlin lol", "Tom says I moved to Berlin, news to me",
         "I live in Berlin now, said my brother", "Imagine Alice working at Google!"),
    ),
    (
        "a claim one will not make",
        # "I wouldn't say I love sushi", "can't say I love sushi", "I never said I love sushi", "not
        # that I love sushi or anything": the words after deny or hedge it (not "can't say enough",
        # "not that it matters")
        r"\b(?:can['’]?t|cannot|can\s+not|couldn['’]?t|could\s+not|wouldn['’]?t|would\s+not|won['’]t|will\s+not|never"
        r"|didn['’]?t|did\s+not)\s+(?:(?:really|exactly|honestly|ever|actually|necessarily|truly|quite|go\s+so\s+far\s+as\s+to)\s+)*"
        r"(?:say|said|claim|claimed)\s+(?!enough\b|no\b|a\s+word\b|anything\b|much\b|for\s+sure\b|that\s+enough\b)"
        r"|(?:^|[,;:.!?(—–]\s*)not\s+that\s+(?!it\s+matters\b|i\s+mind\b|i\s+care\b|(?:it|that)['’]s\s+(?:a\s+)?(?:bad|problem)\b)",
        ("I wouldn't say I love sushi.", "can't say I love sushi", "I never said I love sushi",
         "not that I love sushi or anything", "Alice would never claim she works at Acme."),
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
    (
        "a pretence or an exercise",
        # "asked Alice to pretend she had left Acme", "let's play-act that …", "Example 1: I live in
        # London" (a sentence written as an example; not "for example, …": news told by an instance)
        r"(?<!stop )(?<!stopped )(?<!quit )(?<!not )(?<!n't )(?<!no more )\b(?:pretend(?:s|ed|ing)?|make[-\s]believe|play[-\s]act(?:s|ed|ing)?|role[-\s]?play(?:s|ed|ing)?"
        r"|act(?:s|ed|ing)?\s+as\s+(?:if|though))\s+(?:that\s+|to\s+be\s+)?"
        r"(?:i|he|she|they|we|you|someone|somebody|(?-i:[A-Z])[\w'’-]*)\b"
        r"|(?:^|[.;:!?\n]\s*)(?:(?:example|sample|practice|model|test)(?:\s+sentence)?(?:\s*:|\s+(?:\d{1,2}|[a-h]|[ivx]{1,4})\s*[:.)])"
        r"|(?:sentence|exercise)\s+(?:\d{1,2}|[a-h]|[ivx]{1,4})\s*[:.)])\s+(?=\S)",
        ("The coach asked Alice Moreau to pretend she had left Acme and joined Globex.",
         "Let's pretend that Tom lives in Paris.", "Pretend you work at Globex.",
         "Example 1: I live in London.", "Sentence 2: I work at a bank.", "Example: Tom moved to Paris."),
    ),
    (
        "a document never issued",
        # what a draft says ("The draft press release says that Alice joined Globex"), or a text
        # that was never sent or published ("the announcement … was never sent")
        r"\b(?:draft|unpublished|unsent|unreleased|unapproved|mock|dummy|fictitious|hypothetical|template)\b"
        r"(?:\s+[\w-]+){0,3}?\s+(?:says?|said|reads?|states?|stated|claims?|claimed|announces?|announced|lists?|listed"
        r"|mentions?|mentioned|shows?|showed|describes?|described|names?|named)\b"
        r"|\baccording\s+to\s+(?:the|a|an|this|that|my|his|her|their|our)\s+(?:[\w-]+\s+)?(?:draft|unpublished|unsent"
        r"|unreleased|mock|dummy|template)\b"
        r"|\b(?:press\s+release|announcement|memo|letter|e-?mail|post|article|statement|notice|tweet|bio|profile|draft)\b"
        r"[^.;!?]{0,120}?\b(?:was|were|has|had|is|are|got)\s*(?:n['’]t|\s+never|\s+not)\s+(?:(?:yet|been|ever|actually)\s+){0,2}"
        r"(?:published|sent|released|issued|posted|approved|printed|made\s+public|finali[sz]ed)\b",
        ("The draft press release says that Alice Moreau joined Globex, but it was never published.",
         "According to the draft memo, Tom reports to Kim.",
         "The announcement that Tom had joined Globex was never sent."),
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
    "Dana was wrongly dismissed by Acme and now works at Globex.",
    "Dana was denied a visa, so she stayed in Lyon.",
    "Tom moved to Leeds; Anna has not.",
    "I can't say enough good things about my job at Acme.",
    "Not that it matters, but I love sushi.",
    "I said I love sushi and I meant it.",
    "Tom said he moved to Leeds, and he did.",
    "For example, Tom moved to Paris last year.",
    "Tom drafted the report and works at Acme.",
    "Tom acts as our team lead at Acme.",
    "Tom was picked in the NFL draft and plays for the Bears.",
    "Note to self: stop pretending I still love horror films.",
    "Arjun, once Jira's loudest critic, now works at Atlassian.",
    "Tom moved to Berlin, which was news to me.",
    "Tom says he moved to Berlin, news to me.",
    "I moved to Berlin, living the dream.",
    "I moved to Berlin - not Munich.",
    "I can't imagine living anywhere but Berlin.",
    "My brother said I should move to Berlin, and I did.",
    "I live in Berlin now, so my brother visits.",
)

_WHOLE = lazy_pattern("|".join(f"(?:{regex})" for name, regex, _ in HEDGE_TABLE if name.startswith("whole:")),
                      re.IGNORECASE)


def hedged_whole(sentence: str) -> bool:
    """Whether ``sentence`` denies, by its frame, what it says or only guesses at all of it
    ("It isn't true that …", "…, but that's wrong", "…, or maybe to Omar"): nothing in it holds."""
    return _WHOLE.search(sentence) is not None
