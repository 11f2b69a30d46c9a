"""The English pattern table: one row per phrasing, with the sentences it must match.

Each row is a spec (see ``blocks.py`` for ``{S}``, ``{O}``, ``{ADV}`` ...), the handler that
reads the match (it picks the relation type from the ends' entity types) and examples: a
sentence and one relation the extractor yields for it. Adding a phrasing is one row plus its
examples; ``tests/unit/test_relations_patterns_table.py`` runs every example. Row order matters
only for the order of candidates ending at the same position.
"""

from __future__ import annotations

import re

from .blocks import PatternRow, en, ex
from .english_changes import EN_CHANGE_ROWS
from .english_ends import EN_END_ROWS
from .english_life import EN_LIFE_ROWS
from .english_more import EN_MORE_ROWS
from .english_status import EN_STATUS_ROWS
from .handlers import (
    _born,
    _boss_is,
    _depends,
    _friend,
    _from,
    _hired,
    _hired_away,
    _involved,
    _join,
    _join_team,
    _leave,
    _lives,
    _manages,
    _married,
    _move,
    _owns,
    _possessive_role,
    _reports,
    _role,
    _status,
    _studies,
    _takeover,
    _visited,
    _wants_to_visit,
    _works_for,
)
from .match import Handler
from .past_states import EN_PAST_ROWS
from .tastes import _likes

__all__ = ["EN_PATTERNS", "EN_ROWS"]

_EN_MAIN_ROWS: tuple[PatternRow, ...] = (
    en(
        r"{S}\s+(?:is|was|'s|’s|has\s+been|became|becomes|remains|will\s+be)\s+(?P<neg>no\s+"
        r"longer\s+|not\s+)?{ADV}(?:the|a|an|our|their)\s+(?P<role>[a-z][a-z \-]{0,40}?)\s+"
        r"(?P<prep>of|at|for|in|on|with)\s+{THE}{O}",
        _role,
        ex(
            "Heidi is a software engineer at Globex.",
            "Heidi",
            "WORKS_FOR",
            "Globex",
            role="software engineer",
        ),
        ex("Oscar is the project manager of Project Orion.", "Oscar", "MANAGES", "Project Orion"),
    ),
    en(
        # a tracker's or an admin's words: "remove Chloé as lead of project Orion"
        r"(?P<neg>\b(?:remove|removed|removing|drop|dropped|unassign|unassigned))\s+{S}\s+as\s+"
        r"(?:the\s+|a\s+|an\s+)?(?P<role>[a-z][a-z \-]{0,40}?)\s+(?P<prep>of|on|for|at|in)\s+{THE}(?:project\s+)?{O}",
        _role,
        ex("Please remove Ada Lee as lead of the Orion project.", "Ada Lee", "MANAGES", "Orion project",
           negated=True),
    ),
    en(
        r"{S}\s+(?:was|has\s+been|is)\s+(?:appointed|named|promoted|made)\s+(?:as\s+|to\s+)?"
        r"(?:the\s+|a\s+|an\s+)?(?P<role>[a-z][a-z \-]{0,40}?)\s+(?P<prep>of|at|for|in)\s+{THE}{O}",
        _role,
        ex(
            "Nina was appointed the director of Umbrella Corp.",
            "Nina",
            "WORKS_FOR",
            "Umbrella Corp",
            role="director",
        ),
    ),
    en(
        r"{S}\s+(?:is|was|'s|’s|became|becomes|remains)\s+(?P<neg>no\s+longer\s+|not\s+)?"
        r"{ADV}{O}(?:'s|’s)\s+(?P<role>[a-z][a-z \-]{0,30}?)(?=\s*(?:[,.;!?]|$|\s+and\b|\s+but\b"
        r"|\s+now\b|\s+since\b))",
        _possessive_role,
        ex("Peggy is Trent's manager.", "Trent", "REPORTS_TO", "Peggy"),
        ex("Li Si is Zhang San's team member.", "Li Si", "REPORTS_TO", "Zhang San"),
    ),
    en(
        r"{S}(?:'s|’s)?\s+(?:new\s+|current\s+)?(?:direct\s+|line\s+)?(?:manager|boss|supervisor"
        r"|team\s+lead|lead)(?:\s*,\s*(?:who|whom)\s[^,;]{1,60},)?\s+(?:is|was)\s+{ADV}"
        r"(?:now\s+)?{O}",
        _boss_is,
        ex("Rita's manager is Sam.", "Rita", "REPORTS_TO", "Sam"),
        ex("Rita's new manager is Sam.", "Rita", "REPORTS_TO", "Sam"),
        ex("Rita's boss, who joined in May, is Sam.", "Rita", "REPORTS_TO", "Sam"),
        ex("Rita's new line manager is Sam.", "Rita", "REPORTS_TO", "Sam"),
    ),
    en(
        r"{S}\s+(?:is|was)\s+{NEG}{ADV}(?:a\s+)?(?:member\s+of|on|in|part\s+of)\s+{O}(?:'s|’s)"
        r"\s+team",
        _join_team,
        ex("Mike is on Laura's team.", "Mike", "REPORTS_TO", "Laura"),
    ),
    en(
        r"{S}\s+(?:has\s+|have\s+|had\s+|will\s+|also\s+)?{ADV}(?:joined|joins|join|is\s+joining"
        r"|rejoined)\s+{O}(?:'s|’s)\s+team",
        _join_team,
        ex("Tom joined Laura's team.", "Tom", "REPORTS_TO", "Laura"),
    ),
    en(
        r"{S}\s+(?:is\s+|was\s+)?{NEG}{ADV}(?:works?|working|has\s+been\s+working|started\s+"
        r"working|began\s+working|employed|got\s+a\s+job|got\s+hired"
        r"|started\s+(?:(?:my|his|her|their|a|\ue000\d+\ue001)\s+)?new\s+(?:job|role|position))"
        r"\s+(?:at|for|with|by)\s+"
        r"{THE}{O}{ANYMORE}",
        _works_for,
        ex("Alice works at Acme Corp.", "Alice", "WORKS_FOR", "Acme Corp"),
        ex("Yuri is not working at Acme anymore.", "Yuri", "WORKS_FOR", "Acme", negated=True),
    ),
    en(
        r"{S}\s+(?:was|has\s+been|got|is)\s+{ADV}(?:hired|recruited|employed|taken\s+on)\s+(?:by|at)\s+{THE}{O}",
        _hired,
        ex("Quinn was hired by Initech.", "Quinn", "WORKS_FOR", "Initech"),
    ),
    # "Globex hired Quinn", "Hooli poached Dana from Acme": Dana works for Hooli, not for Acme
    en(
        r"{O}\s+(?:has\s+|had\s+)?{ADV}(?:hired|recruited|employs|employed|poached|headhunted|lured"
        r"|snapped\s+up)\s+{S}(?!['\u2019]s)(?:\s+(?:away\s+)?from\s+{THE}{Z})?",
        _hired_away,
        ex("Globex hired Quinn.", "Quinn", "WORKS_FOR", "Globex"),
        ex("Globex poached Dana from Initech.", "Dana", "WORKS_FOR", "Globex"),
        ex("Hooli hired Dana away from Acme in May.", "Dana", "WORKS_FOR", "Acme", negated=True),
    ),
    en(
        r"{S}\s+(?:is\s+|was\s+)?{NEG}{ADV}(?:works?|working|worked|has\s+been\s+working)\s+on\s+"
        r"{THE}{O}{ANYMORE}",
        _involved,
        ex("Victor works on Project Nova.", "Victor", "INVOLVED_IN", "Project Nova"),
    ),
    en(
        r"{S}\s+(?:is|was|are|has\s+been)\s+{NEG}{ADV}(?:involved\s+in|(?:a\s+)?part\s+of"
        r"|a\s+member\s+of|a\s+contributor\s+to|assigned\s+to|on\s+the\s+team\s+(?:of|for))\s+"
        r"{THE}{O}{ANYMORE}",
        _involved,
        ex("Sara is involved in Project Titan.", "Sara", "INVOLVED_IN", "Project Titan"),
    ),
    en(
        r"{S}\s+{NEG}{ADV}(?:participates|participated|contributes|contributed)\s+(?:in|to)\s+"
        r"{THE}{O}",
        _involved,
        ex("Ivan contributes to Project Hermes.", "Ivan", "INVOLVED_IN", "Project Hermes"),
    ),
    en(
        r"{S}\s+(?:has\s+|have\s+|had\s+|will\s+)?{ADV}(?:joined|joins|join|is\s+joining"
        r"|rejoined)\s+{THE}{O}",
        _join,
        ex("Pat joined Project Nova.", "Pat", "INVOLVED_IN", "Project Nova"),
    ),
    en(
        r"{S}(?:\s+|(?=['’][sm]\s))(?:has\s+|have\s+|had\s+|will\s+)?{ADV}(?:left|leaves|leave|is\s+leaving|quit"
        r"|quits|resigned\s+from|retired\s+from|departed(?:\s+from)?|stepped\s+down\s+from"
        # (off a project: "stepping off Beacon effective today", "he's stepping off Harbor")
        r"|(?:is\s+|am\s+|['’][ms]\s+)?(?:stepped|stepping|steps)\s+(?:off|away\s+from)"
        r"|was\s+fired\s+from|was\s+let\s+go\s+from|moved\s+out\s+of|moved\s+away\s+from)\s+"
        r"{THE}{O}",
        _leave,
        ex("Alice left Initech.", "Alice", "WORKS_FOR", "Initech", negated=True),
        ex("Arjun is stepping off Project Beacon.", "Arjun", "MANAGES", "Project Beacon", negated=True),
    ),
    en(
        r"{S}\s+(?:has\s+|have\s+|had\s+|will\s+|is\s+going\s+to\s+)?{ADV}(?:moved|moves|move"
        r"|is\s+moving|relocated|relocates|relocate)\s+(?:back\s+|up\s+|down\s+|out\s+)?to\s+{THE}{O}",
        _move,
        ex("Bob moved to Berlin.", "Bob", "LIVES_IN", "Berlin"),
        ex("Bob moved up to Bilbao for good.", "Bob", "LIVES_IN", "Bilbao"),
    ),
    en(
        r"{S}\s+(?:is\s+|are\s+)?{NEG}{ADV}(?:lives?|living|has\s+lived|have\s+lived|(?:has|have)\s+been\s+living|resides?"
        r"|residing|settled|based|stays?|staying)\s+in\s+{THE}{O}{ANYMORE}",
        _lives,
        ex("Carol lives in London.", "Carol", "LIVES_IN", "London"),
        ex("Carol has been living in Leeds since May.", "Carol", "LIVES_IN", "Leeds"),
    ),
    en(
        r"{S}\s+(?:has\s+|had\s+|will\s+)?{ADV}(?:took|takes|take|taken|is\s+taking)\s+over\s+"
        r"(?:the\s+reins\s+(?:of|on|for)\s+|leadership\s+of\s+|control\s+of\s+|ownership\s+of\s+)?{THE}{O}(?:\s+from\s+{Z})?",
        _takeover,
        ex("Dave took over Project Apollo from Erin.", "Dave", "MANAGES", "Project Apollo"),
        ex("Dave has taken over the reins on Apollo from Erin.", "Dave", "MANAGES", "Apollo"),
        ex(
            "Dave took over Project Apollo from Erin.",
            "Erin",
            "MANAGES",
            "Project Apollo",
            negated=True,
        ),
    ),
    en(
        r"{S}\s+(?:has\s+|had\s+|will\s+)?{ADV}(?:took|takes|take|taken|is\s+taking)\s+{THE}{O}"
        r"\s+over(?:\s+from\s+{Z})?",
        _takeover,
        ex("Dave took Project Apollo over from Erin.", "Dave", "MANAGES", "Project Apollo"),
    ),
    en(
        r"{S}\s+(?:has\s+|had\s+|will\s+)?{ADV}(?:took|takes|take|taken|is\s+taking)\s+over"
        r"(?:\s+from\s+{Z})?(?=\s*(?:[,.;!?]|$|\s+(?:now|today|last|this|in|on)\b))",
        _takeover,
        ex(
            "Project Apollo needed a new lead, so Dave took over from Erin.",
            "Dave",
            "MANAGES",
            "Project Apollo",
        ),
    ),
    en(
        r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:replaced|replaces|succeeded|succeeds)\s+{Z}\s+as\s+"
        r"(?:the\s+)?(?:manager|lead|leader|head|owner|director)\s+of\s+{THE}{O}",
        _manages,
        ex(
            "Kate replaced Erin as the manager of Project Apollo.",
            "Kate",
            "MANAGES",
            "Project Apollo",
        ),
        ex(
            "Kate replaced Erin as the manager of Project Apollo.",
            "Erin",
            "MANAGES",
            "Project Apollo",
            negated=True,
        ),
    ),
    # "Alice handed Project Orion over to Bob": Bob manages it now, Alice no longer does
    en(
        r"{Z}(?:\s+(?:has\s+|had\s+)?{ADV}(?:handed|hands|passed|passes|transferred|transfers)"
        # (said as under way: "I'm handing Kestrel over to Ben"; not "talk of Ingrid handing …")
        r"|(?:['’]m|\s+am|['’]s|\s+is|['’]re|\s+are)\s+{ADV}(?:handing|passing))"
        r"\s+(?:over\s+|off\s+)?(?:the\s+reins\s+of\s+|control\s+of\s+|ownership\s+of\s+)?{THE}{O}"
        r"\s+(?:over\s+|ovr\s+|off\s+|on\s+)?to\s+{S}",
        _takeover,
        ex("Alice handed Project Orion over to Bob.", "Bob", "MANAGES", "Project Orion"),
        ex("Alice handed the reins of Project Orion over to Bob.", "Bob", "MANAGES", "Project Orion"),
        ex(
            "Alice handed Project Orion over to Bob.",
            "Alice",
            "MANAGES",
            "Project Orion",
            negated=True,
        ),
    ),
    en(
        # (a note drops the verb: "Mercury now owned by Tom Fletcher")
        r"{O}\s+(?:(?:is|was|has\s+been|is\s+being)\s+{ADV}(?:now\s+)?(?:being\s+)?|now\s+)(?:led|managed|run|headed|overseen|owned|taken\s+over)"
        r"\s+by\s+{S}",
        _manages,
        ex("Project Delta is now led by Zoe.", "Zoe", "MANAGES", "Project Delta"),
        ex("Notes - Project Mercury now owned by Tom Fletcher, Grace out on leave.", "Tom Fletcher", "MANAGES", "Project Mercury"),
    ),
    en(
        r"{S}\s+(?:is\s+|was\s+|are\s+|has\s+been\s+|have\s+been\s+)?{NEG}{ADV}(?:manages?|managing|leads?|leading|runs?"
        r"|running|heads?|heading|oversees?|overseeing|in\s+charge\s+of|responsible\s+for"
        r"|the\s+one\s+leading)\s+{THE}{O}{ANYMORE}"
        # (a meeting of it is not it: "running the Horizon standups while I'm out")
        r"(?!\s+(?:stand-?ups?|meetings?|retros?|syncs?|demos?|calls?|sessions?|ceremonies|check-?ins?|workshops?)\b)",
        _manages,
        ex("Erin leads Project Apollo.", "Erin", "MANAGES", "Project Apollo"),
        ex("Erin has been running Project Apollo.", "Erin", "MANAGES", "Project Apollo"),
        ex(
            "Ben is no longer in charge of Project Echo.",
            "Ben",
            "MANAGES",
            "Project Echo",
            negated=True,
        ),
    ),
    en(
        r"{S}\s+{NEG}{ADV}(?:reports?|reported|reporting|is\s+reporting)\s+(?:directly\s+)?(?:in)?to\s+"
        r"{O}{ANYMORE}",
        _reports,
        ex("Frank reports to Grace.", "Frank", "REPORTS_TO", "Grace"),
        ex("Mateo is reporting into Sanjay.", "Mateo", "REPORTS_TO", "Sanjay"),
    ),
    # "now reports to Hannah's own boss, Viktor Ivanov": the one named after the comma
    en(
        r"{S}\s+{ADV}(?:reports?|reporting|is\s+reporting)\s+(?:directly\s+)?(?:in)?to\s+(?:{Z}['’]s|her|his|their|my|our)\s+"
        r"(?:own\s+|new\s+)?(?:boss|manager|line\s+manager|supervisor|replacement|successor)\s*,\s*"
        r"(?:(?:some|a|the)\s+(?:guy|woman|man|person|lady)\s+(?:called|named)\s+)?{O}",
        _reports,
        ex("Mateo now reports to Hannah's own boss, Viktor Ivanov.", "Mateo", "REPORTS_TO", "Viktor Ivanov"),
    ),
    en(
        r"{S}\s+(?:is\s+|was\s+)?{NEG}{ADV}(?:depends?|depended|depending|relies|rely|relied"
        r"|relying|builds|built|is\s+built)\s+(?:up)?on\s+{THE}(?:{O}|{NP})",
        _depends,
        ex(
            "Project Apollo depends on Project Gemini.",
            "Project Apollo",
            "DEPENDS_ON",
            "Project Gemini",
        ),
    ),
    en(
        r"{S}\s+(?:is|was|are)\s+{NEG}{ADV}(?:blocked\s+by|dependent\s+on|waiting\s+(?:on|for))"
        r"\s+{THE}(?:{O}|{NP})",
        _depends,
        ex(
            "Project Apollo is blocked by Project Gemini.",
            "Project Apollo",
            "DEPENDS_ON",
            "Project Gemini",
        ),
    ),
    en(
        r"{S}\s+{BE}\s+{ADV}(?:in|at)\s+(?:the\s+)?(?P<status>[a-z]+(?:\s+[a-z]+)?)\s+"
        r"(?:phase|stage)",
        _status,
        ex("Project Apollo is in the testing phase.", "Project Apollo", "STATUS", status="testing"),
    ),
    en(
        r"{S}\s+{BE}\s+{ADV}in\s+{STATUS_IN}\b",
        _status,
        ex("Project Apollo is now in testing.", "Project Apollo", "STATUS", status="testing"),
    ),
    en(
        r"{S}\s+(?:has\s+)?{ADV}(?:moved|went|entered|transitioned|is\s+moving|progressed)\s+"
        r"(?:in)?to\s+(?:the\s+)?{STATUS_IN}(?:\s+(?:phase|stage))?",
        _status,
        ex(
            "Project Apollo moved into production.", "Project Apollo", "STATUS", status="production"
        ),
    ),
    en(
        # (not "got shipped off to Marketing": a person sent somewhere)
        r"{S}\s+(?:is|was|has\s+been|got|'s|’s|have\s+been|were)\s+{ADV}{STATUS_DONE}\b(?!\s+(?:off|out|over)\b)",
        _status,
        ex("Project Echo was cancelled.", "Project Echo", "STATUS", status="cancelled"),
    ),
    en(
        r"{S}(?:'s|’s)\s+status\s+(?:is|was|changed\s+to)\s+{ADV}(?:now\s+)?"
        r"(?P<status>[a-z]+(?:\s+[a-z]+)?)",
        _status,
        ex("Project Apollo's status is delayed.", "Project Apollo", "STATUS", status="delayed"),
    ),
    en(
        r"(?:the\s+)?status\s+of\s+{S}\s+(?:is|was|changed\s+to)\s+{ADV}"
        r"(?P<status>[a-z]+(?:\s+[a-z]+)?)",
        _status,
        ex(
            "The status of Project Apollo is delayed.", "Project Apollo", "STATUS", status="delayed"
        ),
    ),
    en(
        r"{S}(?:\s+(?:is|am|are)|\s*(?:'m|’m|'re|’re)"
        # "she's (really) into": "'s" is "is" only before these ("Family's love grounds us" is an owner's)
        r"|\s*['’]s(?=\s+(?:(?:really|totally|so|a|big|huge|completely|seriously|absolutely|genuinely|truly)\s+)*"
        r"(?:into|obsessed|hooked|fan|fond|crazy|loving)\b))?\s+{NEG}{ADV}"
        # "really loves", "is totally into", "is obsessed with"
        r"(?:(?:really|truly|absolutely|totally|genuinely|seriously|honestly|completely)\s+)?"
        r"(?P<verb>loves?|loved|loving|likes?|liked|enjoys?|enjoyed|(?<=is\s)obsessed\s+with"
        r"|(?:(?<=am\s)|(?<='m\s)|(?<=’m\s)|(?<=are\s)|(?<='re\s)|(?<=’re\s)|(?<='s\s)|(?<=’s\s))obsessed\s+with"
        r"|hooked\s+on"
        r"|adores?|adored|is\s+fond\s+of|fond\s+of|is\s+a\s+(?:big\s+|huge\s+)?fan\s+of"
        r"|(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of|is\s+into|is\s+crazy\s+about|prefers?"
        # "I'm (really) into jazz"; not "turned me into a convert"
        r"|(?:(?<=am\s)|(?<=are\s)|(?<='m\s)|(?<=’m\s)|(?<='re\s)|(?<=’re\s)|(?<='s\s)|(?<=’s\s)|(?<=really\s)"
        r"|(?<=so\s)|(?<=totally\s))into"
        r"|hates?|hated|dislikes?|disliked|can['’]t\s+stand|detests?)\s+{THE}(?:{O}|{NP})"
        r"{ANYMORE}",
        _likes,
        ex("Judy loves tea.", "Judy", "LIKES", "tea"),
        ex("Judy hates tea.", "Judy", "DISLIKES", "tea"),
        ex("Judy used to love tea.", "Judy", "LIKES", "tea", negated=True),
    ),
    en(
        r"{S}\s+{NEG}{ADV}(?:wants?|wanted|would\s+(?:really\s+)?like|'d\s+like|’d\s+like|plans?"
        r"|planned|planning|is\s+planning|hopes?|hoped|dreams?\s+of|is\s+dreaming\s+of"
        r"|is\s+going|intends?|longs?|wishes|wish)\s+(?:to\s+)?(?:travel(?:l?ing)?|go(?:ing)?"
        r"|fly(?:ing)?|visit(?:ing)?|see(?:ing)?|take\s+a\s+trip|make\s+a\s+trip)\s+(?:to\s+)?"
        r"{THE}(?:{O}|{NP})",
        _wants_to_visit,
        ex("Kim wants to visit Tokyo.", "Kim", "WANTS_TO_VISIT", "Tokyo"),
    ),
    en(
        r"{S}\s+(?:has\s+|had\s+|have\s+)?{ADV}(?:visited|went\s+to|traveled\s+to|travelled\s+to"
        r"|flew\s+to|been\s+to)\s+{THE}(?:{O})",
        _visited,
        ex("Kim visited Tokyo.", "Kim", "VISITED", "Tokyo"),
    ),
    en(
        # (not in a comparison: "walks in like she owns the place", "as if he owned it")
        r"(?<!\blike\s)(?<!\bas if\s)(?<!\bas though\s)"
        r"{S}\s+(?:has\s+|have\s+)?{NEG}{ADV}(?:owns?|bought|buys|adopted|adopts|(?<=has )owned"
        r"|(?<=have )owned)\s+(?:(?:a|an"
        r"|the|two|three|four|\d+|new|some)\s+)*(?:{O}|{NP})",
        _owns,
        ex("Vera owns a red bicycle.", "Vera", "OWNS", "red bicycle"),
        ex("Vera has owned Project Lark since May.", "Vera", "MANAGES", "Project Lark"),
    ),
    en(
        r"{S}\s+(?:was|were)\s+born\s+in\s+{THE}{O}",
        _born,
        ex("Mallory was born in Paris.", "Mallory", "BORN_IN", "Paris"),
    ),
    en(
        r"{S}\s+(?:is|was|are|comes?|came)\s+(?:originally\s+)?from\s+{THE}{O}",
        _from,
        ex("Olga is from Brazil.", "Olga", "FROM", "Brazil"),
    ),
    en(
        r"{S}\s+(?:is\s+)?{NEG}{ADV}(?:studies|studied|studying|study|attends?|attending|enrolled)\s+"
        r"(?:at\s+|in\s+)?{THE}{O}",
        _studies,
        ex("Uma studies at Stanford University.", "Uma", "STUDIES_AT", "Stanford University"),
    ),
    en(
        r"{S}\s+(?:is\s+|was\s+|got\s+)?{ADV}(?:re)?married\s+(?:to\s+)?{O}",
        _married,
        ex("Ned is married to Ola.", "Ned", "MARRIED_TO", "Ola"),
        ex("Ned is married to Ola.", "Ola", "MARRIED_TO", "Ned"),
    ),
    en(
        r"{S}\s+(?:is|was|are)\s+{ADV}(?:a\s+|an\s+)?(?:old\s+|good\s+|close\s+|best\s+)?"
        r"friends?\s+(?:of|with)\s+{O}",
        _friend,
        ex("Wes is a good friend of Xena.", "Wes", "FRIEND_OF", "Xena"),
    ),
    en(
        r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:started|starts|began|took|accepted|landed|got|has|found)"
        r"\s+(?:a\s+|an\s+)?(?:new\s+)?(?:job|position|role|gig)\s+(?:at|with)\s+{THE}{O}",
        _works_for,
        ex("Gina started a new job at Globex.", "Gina", "WORKS_FOR", "Globex"),
    ),
    en(
        r"{S}\s+(?:has\s+been\s+|had\s+been\s+|was\s+|got\s+|has\s+|had\s+)?{ADV}(?:moved|relocated|relocates|moves)\s+(?:back\s+)?from\s+{THE}{Z}"
        r"\s+to\s+{THE}{O}",
        _move,
        ex("Hank moved from Boston to Denver.", "Hank", "LIVES_IN", "Denver"),
    ),
    en(
        r"{S}\s+{ADV}(?:has|owns|rents|bought)\s+(?:an?\s+)?(?:new\s+)?(?:apartment|flat|house|home"
        r"|place|condo)\s+in\s+{THE}{O}",
        _lives,
        ex("Iris bought a house in Lisbon.", "Iris", "LIVES_IN", "Lisbon"),
    ),
)

EN_ROWS: tuple[PatternRow, ...] = _EN_MAIN_ROWS + EN_MORE_ROWS + EN_CHANGE_ROWS + EN_PAST_ROWS + EN_LIFE_ROWS + EN_STATUS_ROWS + EN_END_ROWS

# What the extractor and the literal pre-filter run: (compiled regex, handler) per row.
EN_PATTERNS: list[tuple[re.Pattern[str], Handler]] = [(r.pattern, r.handler) for r in EN_ROWS]
