"""The English pattern table, second part: rows for the less common phrasings of a change (negated
or passive status changes, "switched from A to B", passive handovers, endings of a taste ...).

Same row format as :mod:`.english` (which chains these rows after its own); every example runs in
``tests/unit/test_relations_patterns_table.py``.
"""

from __future__ import annotations

from .blocks import PatternRow, en, ex
from .handlers import (
    _baton,
    _boss_is,
    _divorced,
    _graduated,
    _handed_from,
    _job_ended_at,
    _join_team,
    _leave,
    _left_for,
    _left_job,
    _left_school,
    _lives,
    _manages,
    _married,
    _move,
    _picks_up,
    _replaced_as_head,
    _reports,
    _status,
    _swapped,
    _takeover,
    _under,
    _widowed,
    _works_for,
)
from .tastes import _stopped_liking, _taste_switch

__all__ = ["EN_MORE_ROWS"]

# S opens its clause (the sentence, a clause after punctuation or a conjunction, or after a short
# time phrase): "the manager who hired Mia retired" is not about Mia
_OPENS = (
    r"(?:^|[,;:]\s*|\b(?:and|but|then|so)\s+)(?:(?:in|on|last|this|early|late|yesterday|today"
    r"|recently|eventually|finally|later|since)\b[^,;.]{0,20}?\s+)?"
)
EN_MORE_ROWS: tuple[PatternRow, ...] = (
    # negated project status: "Project Echo is no longer paused" ends the current status
    en(
        r"{S}\s+{BE}\s+(?P<neg>no\s+longer|not)\s+{ADV}{STATUS_DONE}\b",
        _status,
        ex(
            "Project Echo is no longer paused.",
            "Project Echo",
            "STATUS",
            negated=True,
            status="paused",
        ),
    ),
    en(
        r"{S}\s+(?:and|&)\s+{O}\s+(?:got|are|were|have\s+been|had\s+been)\s+{ADV}(?:married|hitched)",
        _married,
        ex("Eve and Frank got married in June.", "Eve", "MARRIED_TO", "Frank"),
        ex("Eve and Frank got hitched in June.", "Eve", "MARRIED_TO", "Frank"),
    ),
    en(
        r"{S}\s+(?:and|&)\s+{O}\s+(?:have\s+|had\s+|finally\s+|just\s+)?{ADV}tied\s+the\s+knot",
        _married,
        ex("Eve and Frank tied the knot in June.", "Frank", "MARRIED_TO", "Eve"),
    ),
    en(
        r"{S}\s+(?:has\s+|had\s+|finally\s+|just\s+)?{ADV}(?:(?:tied\s+the\s+knot|got\s+hitched)\s+(?:to|with)"
        r"|wed)\s+{O}",  # ("last Saturday he wed Beatriz")
        _married,
        ex("Eve tied the knot with Frank.", "Eve", "MARRIED_TO", "Frank"),
    ),
    en(
        r"{S}\s+(?:and|&)\s+{O}(?:\s+(?:got\s+|are\s+|were\s+|have\s+|had\s+)?{ADV}(?:divorced|separated"
        r"|split\s+up|broke\s+up|split(?=\s*(?:[,.;!]|$|\s+(?:in|last|this|after|and|recently)\b"
        # ("split a couple of years back", "split two years ago"; not "split a bill")
        r"|\s+(?:a\s+(?:couple|few)\s+of\s+|an?\s+|(?:two|three|four|five|six|several|some|\d+)\s+)?(?:years?|months?|weeks?|ages)\s+(?:ago|back)\b)))"
        r"|['’]s\s+divorce\s+(?:was\s+|is\s+|has\s+been\s+|got\s+)?(?:finali[sz]ed|final|through))",
        _divorced,
        ex("Gina and Hugo got divorced.", "Gina", "MARRIED_TO", "Hugo", negated=True),
        ex("Gina and Hugo separated in 2022.", "Hugo", "MARRIED_TO", "Gina", negated=True),
        ex("Aisha and Kunle's divorce was finalised in May.", "Aisha", "MARRIED_TO", "Kunle", negated=True),
        ex("Elena and Igor officially split, she kept the flat.", "Elena", "MARRIED_TO", "Igor", negated=True),
        ex("Marcus and Chloe split a couple of years back.", "Chloe", "MARRIED_TO", "Marcus", negated=True),
    ),
    # "following his divorce from Sarah": a divorce named after "following", "since", "after"
    en(
        r"\b(?:following|after|since|post)\s+{S}\s+(?:recent\s+|messy\s+|final\s+)?divorce\s+from\s+{O}",
        _divorced,
        ex("Daniel is happier following his divorce from Sarah.", "Daniel", "MARRIED_TO", "Sarah", negated=True),
    ),
    en(
        r"{S}\s+(?:has\s+|had\s+|got\s+|is\s+|was\s+)?{ADV}(?:divorced\s+(?:from\s+)?|separated"
        r"\s+from\s+|split\s+up\s+with\s+|broke\s+up\s+with\s+){O}",
        _divorced,
        ex("Gina divorced Hugo.", "Gina", "MARRIED_TO", "Hugo", negated=True),
    ),
    en(
        r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:graduated|graduates|dropped\s+out)\s+(?:from|of)\s+"
        r"{THE}{O}",
        _graduated,
        ex(
            "Ian graduated from Stanford University.",
            "Ian",
            "STUDIES_AT",
            "Stanford University",
            negated=True,
        ),
    ),
    en(
        r"{S}\s+(?:was|got|has\s+been|had\s+been)\s+{ADV}(?:laid\s+off|fired|let\s+go|dismissed"
        r"|sacked)\s+(?:by|from)\s+{THE}{O}",
        _leave,
        ex("Chloe was laid off by Airbnb.", "Chloe", "WORKS_FOR", "Airbnb", negated=True),
    ),
    en(
        r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:stepped|steps|stood|stands)\s+down\s+as\s+(?:the\s+|a\s+)?"
        r"[a-z][a-z \-]{0,30}?\s+(?:of|at|for)\s+{THE}{O}",
        _leave,
        ex(
            "Olivia stepped down as the lead of Project Cobalt.",
            "Olivia",
            "MANAGES",
            "Project Cobalt",
            negated=True,
        ),
    ),
    en(
        r"{S}(?:\s+(?:is|was|am|are|were)|\s*(?:'m|’m|'re|’re))\s+(?P<neg>no\s+longer)\s+(?:working\s+|employed\s+)?"
        r"(?:at|with)\s+"
        r"{THE}{O}",
        _works_for,
        ex("Noah is no longer at Intel.", "Noah", "WORKS_FOR", "Intel", negated=True),
    ),
    # "S switched from Z to O": S left Z; whether O is a job or a school is unsure
    en(
        r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:switched|switches|transferred|transfers|changed)"
        r"\s+(?:jobs\s+|schools\s+)?from\s+{THE}{Z}\s+to\s+{THE}{O}",
        _left_for,
        ex(
            "Marcus switched from Acme Corp to Umbrella Corp.",
            "Marcus",
            "WORKS_FOR",
            "Acme Corp",
            negated=True,
        ),
    ),
    en(
        r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:moved|switched|transferred)\s+from\s+{Z}(?:'s|’s)\s+team"
        r"\s+to\s+{O}(?:'s|’s)\s+team",
        _join_team,
        ex("Mike moved from Laura's team to Omar's team.", "Mike", "REPORTS_TO", "Omar"),
        ex(
            "Mike moved from Laura's team to Omar's team.",
            "Mike",
            "REPORTS_TO",
            "Laura",
            negated=True,
        ),
    ),
    en(
        r"{S}\s+(?:was|has\s+been|got|had\s+been)\s+{ADV}(?:moved|transferred|reassigned|assigned"
        r"|added)\s+to\s+{O}(?:'s|’s)\s+team",
        _join_team,
        ex("Dora was moved to Fiona's team.", "Dora", "REPORTS_TO", "Fiona"),
    ),
    # a passive handover without the giver: "Project Phoenix was handed over to Jack"
    en(
        r"{O}\s+(?:was|has\s+been|is|got|had\s+been)\s+{ADV}(?:handed|passed|transferred|given)"
        r"\s+(?:over\s+|off\s+|on\s+)?to\s+{S}",
        _takeover,
        ex("Project Phoenix was handed over to Jack.", "Jack", "MANAGES", "Project Phoenix"),
    ),
    # with the giver: "ownership of Atlas transferred from Ingrid to Rajesh"
    en(
        # ("Harbor PM role", a note's "Falcon: ownership passed from …")
        r"{O}(?:\s*:?\s+(?:PM|lead|owner|manager|management|leadership|ownership)(?:\s+role)?|\s+role)?"
        r"\s+(?:was\s+|has\s+been\s+|had\s+been\s+|got\s+)?{ADV}(?:handed|passed|transferred|moved"
        r"|passes|moves|goes|went)\s+(?:over\s+)?from\s+{Z}\s+to\s+{S}",
        _handed_from,
        ex("Project Atlas was transferred from Ingrid to Rajesh.", "Rajesh", "MANAGES", "Project Atlas"),
        ex("Project Atlas was transferred from Ingrid to Rajesh.", "Ingrid", "MANAGES", "Project Atlas",
           negated=True),
        ex("Per the board, Project Atlas passes from Ingrid to Rajesh.", "Rajesh", "MANAGES", "Project Atlas"),
        ex("The Harbor PM role passed from Ingrid to Rajesh.", "Rajesh", "MANAGES", "Harbor"),
        ex("Ownership of Project Fjord passes from Ingrid to Lars Berg.", "Lars Berg", "MANAGES", "Project Fjord"),
        ex("- Project Falcon: ownership passed from Hiroshi to Leilani", "Leilani", "MANAGES", "Project Falcon"),
    ),
    en(
        r"{S}(?:['’]s\s+(?=gone|grown|got|fallen|lost)|\s+(?:has\s+|have\s+|had\s+|is\s+|was\s+)?{ADV})(?:grown\s+tired\s+of"
        r"|got\s+tired\s+of|grew\s+tired\s+of|tired\s+of|sick\s+of|lost\s+(?:all\s+)?interest\s+in"
        r"|gone\s+(?:right\s+|completely\s+|totally\s+)?off"
        r"|fallen\s+out\s+of\s+love\s+with|fell\s+out\s+of\s+love\s+with|(?:stopped|quit)\s+(?:liking|loving|enjoying))\s+{THE}(?:{O}|{NP})",
        _stopped_liking,
        ex("Xena has grown tired of jazz.", "Xena", "LIKES", "jazz", negated=True),
        ex("Xena's gone right off jazz.", "Xena", "LIKES", "jazz", negated=True),
    ),
    # a job ended without naming it: "Mia retired last year", "Sam quit his job", "Ann was fired"
    # (S opens the clause: "the manager who hired Mia retired" is not Mia's; the clause ends or a
    # time phrase follows: "quit smoking" is not a job)
    en(
        _OPENS + r"{S}\s+(?:has\s+been\s+|had\s+been\s+|has\s+|had\s+|is\s+|was\s+|got\s+)?{ADV}"
        r"(?:retired|resigned|quit|quits|resigns|retires|laid\s+off|fired|let\s+go|dismissed|sacked)"
        r"(?:\s+(?:from\s+)?(?:his|her|their|my|the|\ue000\d+\ue001)\s+(?:job|post|position))?"
        r"(?=\s*(?:[.,;!]|$)|\s+(?:last|this|in|on|after|yesterday|today|recently|earlier|now"
        r"|early|at\s+the\s+end|a\s+(?:week|month|year)|two|three|and\b))",
        _left_job,
        ex("Mia retired last year.", "Mia", "WORKS_FOR", None, negated=True),
        ex("Sam quit his job.", "Sam", "WORKS_FOR", None, negated=True),
        ex("Ann was fired in May.", "Ann", "REPORTS_TO", None, negated=True),
        ex("Mia is retired now.", "Mia", "MANAGES", None, negated=True),
    ),
    # jobless: "Tariq has been unemployed since May", "Sam lost his job"
    en(
        _OPENS + r"{S}\s+(?:is\s+now\s+|is\s+|was\s+|has\s+been\s+|had\s+been\s+|became\s+|got\s+)"
        r"{ADV}(?:unemployed|jobless|out\s+of\s+(?:a\s+)?work)\b",
        _left_job,
        ex("Tariq has been unemployed since March.", "Tariq", "WORKS_FOR", None, negated=True),
    ),
    en(
        _OPENS
        + r"{S}\s+(?:has\s+|had\s+)?{ADV}lost\s+(?:his|her|their|my|\ue000\d+\ue001)\s+job\b",
        _left_job,
        ex("Sam lost his job in May.", "Sam", "WORKS_FOR", None, negated=True),
    ),
    # "Lena's last day at SAP was Friday" (past: a last day still to come ends nothing yet)
    en(
        r"{S}(?:'s|’s)\s+last\s+(?:day|week|shift)\s+(?:at|with)\s+{THE}{O}\s+was\b",
        _job_ended_at,
        ex("Lena's last day at Initech was Friday.", "Lena", "WORKS_FOR", "Initech", negated=True),
    ),
    # "Rita's husband Sam passed away": the marriage ends both ways
    en(
        r"{S}(?:'s|’s)\s+(?:husband|wife|spouse|partner)\s*,?\s*{O}\s*,?\s+(?:has\s+|had\s+)?"
        r"{ADV}(?:passed\s+away|died)",
        _divorced,
        ex("Rita's husband Sam passed away last year.", "Rita", "MARRIED_TO", "Sam", negated=True),
    ),
    # "Amara's residence has been changed from Lagos to Accra"
    en(
        r"{S}(?:'s|’s)\s+(?:residence|address|home\s+address|home|city\s+of\s+residence)\s+(?:has\s+been\s+|was\s+|is\s+)?"
        r"(?:changed|updated|moved)\s+from\s+{Z}\s+to\s+{O}",
        _move,
        ex("Amara's residence has been changed from Lagos to Accra.", "Amara", "LIVES_IN", "Accra"),
    ),
    # "Luke's manager changed from Nora to Felix"
    en(
        r"{S}(?:'s|’s)\s+(?:line\s+)?(?:manager|boss|supervisor|team\s+lead|mgr)\s+(?:has\s+|had\s+)?"
        r"(?:changed|switched)\s+from\s+{Z}\s+to\s+{O}",
        _join_team,
        ex("Luke's manager changed from Nora to Felix.", "Luke", "REPORTS_TO", "Felix"),
        ex(
            "Luke's manager changed from Nora to Felix.", "Luke", "REPORTS_TO", "Nora", negated=True
        ),
    ),
    # "Ji-woo Kim is my manager now", "Sam Reed is Ana Diaz's new boss"
    en(
        r"{O}\s+(?:is|['’]s)\s+(?:now\s+)?{S}(?:['’]s)?\s+(?:new\s+)?(?:line\s+|direct\s+)?"
        r"(?:manager|boss|supervisor|team\s+lead|mgr)\b(?!['’])",
        _boss_is,
        ex("Sam Reed is Ana Diaz's new boss.", "Ana Diaz", "REPORTS_TO", "Sam Reed"),
    ),
    # "Project Atlas has a new lead: Bruno"
    en(
        r"{O}\s+(?:has|got|gets|now\s+has)\s+a\s+new\s+(?:lead|leader|manager|head|owner|director)"
        # (not a relative clause: "Pathfinder got a new owner I haven't even met")
        r"\s*[:,—-]?\s*{S}(?![\s'’]+(?:\w+n['’]t|have|has|had|am|is|was|were|will|would|ve|d|ll|m|never|just)\b)",
        _takeover,
        ex("Project Atlas has a new lead: Bruno.", "Bruno", "MANAGES", "Project Atlas"),
    ),
    # "Ian and his wife now live in Edinburgh"
    en(
        r"{S}\s+and\s+(?:his|her|their|\ue000\d+\ue001)\s+(?:wife|husband|family|partner|kids|children"
        r"|parents|girlfriend|boyfriend|fianc[eé]e?)\s+{ADV}(?:live|lived|have\s+lived)\s+in\s+{O}",
        _lives,
        ex("Ian and his wife now live in Edinburgh.", "Ian", "LIVES_IN", "Edinburgh"),
    ),
    # "Abe is now self-employed", "Jo went freelance last year": no employer any more
    en(
        _OPENS
        + r"{S}\s+(?:is\s+now\s+|is\s+|has\s+been\s+|became\s+|went\s+|has\s+gone\s+|had\s+gone\s+)"
        r"{ADV}(?:self-employed|self\s+employed|freelance|freelancing|a\s+freelancer"
        r"|(?:his|her|their)\s+own\s+boss)\b",
        _left_job,
        ex("Abe is now self-employed.", "Abe", "WORKS_FOR", None, negated=True),
        ex("Jo went freelance last year.", "Jo", "REPORTS_TO", None, negated=True),
    ),
    # "Ada was moved under Cleo", "Meg now answers to Ivy"
    en(
        r"{S}\s+(?:was|has\s+been|had\s+been|got|is\s+now)\s+{ADV}(?:moved|transferred|reassigned|placed"
        r"|put)\s+under\s+{O}(?!['\u2019]s)",
        _reports,
        ex("Ada was moved under Cleo.", "Ada", "REPORTS_TO", "Cleo"),
    ),
    en(
        r"{S}\s+{NEG}{ADV}(?:answers|answer|answered|answering)\s+(?:directly\s+)?to\s+{O}{ANYMORE}",
        _reports,
        ex("Meg now answers to Ivy.", "Meg", "REPORTS_TO", "Ivy"),
    ),
    en(
        r"{S}\s+(?:has\s+)?{ADV}(?:picks|picked|picking)\s+up\s+{THE}{O}(?!\s+(?:from|at)\b)",
        _picks_up,
        ex("Tariq picks up Project Orion.", "Tariq", "MANAGES", "Project Orion"),
    ),
    en(
        r"{Z}\s+(?:has\s+|had\s+)?{ADV}(?:passed|handed)\s+(?:on\s+)?the\s+(?:baton|reins)\s+(?:on\s+|over\s+)?to\s+{S}"
        r"(?!\s+and\s+(?:is|was|has|now|will)\b)",  # ("... to Lukas and is now running Atlas": Z's clause)
        _baton,
        ex("Project Phoenix retro: Chen Wei passed the baton to Ingrid.", "Ingrid", "MANAGES", "Project Phoenix"),
    ),
    en(
        r"{S}\s+(?:is|'s|’s)\s+{ADV}(?:now\s+)?(?:directly\s+)?under\s+{O}(?!['’]s)(?=\s*(?:[,.;!]|$|now\b|these\s+days\b))",
        _under,
        ex("Emily is under Priyanka Rao now.", "Emily", "REPORTS_TO", "Priyanka Rao"),
    ),
    # "big shoutout to @Noura for taking Helios over from Gabriel"
    en(
        r"\b(?:thanks|thank\s+you|shout-?out|kudos|props|congrats|congratulations)\s+to\s+@?{S}\s+for\s+"
        r"taking\s+(?=over\s|(?:the\s+)?\S+\s+over\b)(?:over\s+)?{THE}{O}(?:\s+over)?(?:\s+from\s+{Z})?",
        _takeover,
        ex("Big shoutout to Noura for taking Helios over from Gabriel!", "Noura", "MANAGES", "Helios"),
    ),
    # "Sofia finally swapped Porto for Lisbon", "traded Deloitte for KPMG"
    en(
        r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:swapped|swaps|traded|trades|exchanged)\s+{THE}{Z}\s+for\s+{THE}{O}",
        _swapped,
        ex("Sofia finally swapped Porto for Lisbon.", "Sofia", "LIVES_IN", "Lisbon"),
    ),
    # "Samir has dropped tennis for padel, plays 3x a week" (not "dropped it for a while")
    en(
        r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:dropped|ditched|gave\s+up|given\s+up)\s+{THE}(?:{Z}|(?P<znp>[a-z][a-z'\-]*))"
        r"\s+for\s+(?!(?:a|an|the|some|good|now|ever|years?|months?|weeks?|days?|work|school|him|her|them|me|us)\b)"
        r"(?:{O}|{NP})(?=\s*(?:[,.;!]|$|now\b|and\b|but\b))",
        _taste_switch,
        ex("Samir has dropped tennis for padel, plays 3x a week.", "Samir", "LIKES", "padel"),
    ),
    # "Zed switched from tea to coffee": a taste, not a job (organisations, places, people: no)
    en(
        r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:switched|switches|changed|moved)\s+from\s+{THE}(?:{Z}|(?P<znp>[a-z][a-z'\-]*))"
        r"\s+to\s+{THE}(?:{O}|{NP})",
        _taste_switch,
        ex("Zed switched from tea to coffee.", "Zed", "LIKES", "coffee"),
        ex("Zed switched from tea to coffee.", "Zed", "LIKES", "tea", negated=True),
    ),
    # "Bea gave up running"
    en(
        r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:gave|given|gives|give)\s+up\s+{THE}(?:{O}|{NP})",
        _stopped_liking,
        ex("Bea gave up running after her injury.", "Bea", "LIKES", "running", negated=True),
    ),
    # "These days Kira calls Vienna home"
    en(
        r"{S}\s+{ADV}(?:calls|call|called|has\s+called)\s+{O}\s+(?:her|his|their|my)?\s*home\b",
        _lives,
        ex("These days Kira calls Vienna home.", "Kira", "LIVES_IN", "Vienna"),
    ),
    # "Dev, who moved to Bangalore in 2021, loves it there"
    en(
        r"{S}\s*,\s*who\s+(?:has\s+|had\s+)?{ADV}(?:moved|relocated|emigrated)\s+(?:back\s+)?to\s+{O}",
        _move,
        ex(
            "Dev, who moved to Bangalore in 2021, loves the weather.",
            "Dev",
            "LIVES_IN",
            "Bangalore",
        ),
    ),
    # "Lou was replaced as head of Project Echo" (no successor named)
    en(
        r"{S}\s+(?:was|has\s+been|had\s+been|got)\s+{ADV}replaced\s+as\s+(?:the\s+)?(?:project\s+)?"
        r"(?:manager|lead|leader|head|owner|director)\s+of\s+{THE}{O}",
        _replaced_as_head,
        ex(
            "Lou was replaced as head of Project Echo.",
            "Lou",
            "MANAGES",
            "Project Echo",
            negated=True,
        ),
    ),
    # "Quin isn't my boss anymore", "Sue is no longer Rob's manager", "she's not my manager anymore"
    en(
        r"{O}(?:\s+(?:is|was)|['’]s(?=\s))(?P<neg>n['’]t|\s+not|\s+no\s+longer)\s+{S}(?:'s|’s)?\s+(?:direct\s+)?"
        r"(?:manager|boss|supervisor|team\s+lead)",
        _boss_is,
        ex("Sue is no longer Rob's manager.", "Rob", "REPORTS_TO", "Sue", negated=True),
        ex("Sue's not Rob's manager anymore.", "Rob", "REPORTS_TO", "Sue", negated=True),
    ),
    # "I just graduated!", "Tom has graduated" (no school named: every school ends)
    en(
        _OPENS + r"{S}\s+(?:has\s+|have\s+|had\s+|'ve\s+|’ve\s+)?{ADV}graduated"
        r"(?=\s*(?:[.,;!]|$)|\s+(?:last|this|in|on|yesterday|today|recently|earlier|and\b))",
        _left_school,
        ex("Tom just graduated!", "Tom", "STUDIES_AT", None, negated=True),
    ),
    # "Yan's new address is in Osaka"
    en(
        r"{S}(?:'s|’s)?\s+new\s+(?:address|home|place|apartment|flat|house)\s+(?:is\s+)?in\s+{O}",
        _lives,
        ex("Yan's new address is in Osaka.", "Yan", "LIVES_IN", "Osaka"),
    ),
    # "Tai isn't at Nike anymore" (without "anymore" it may be today only)
    en(
        r"{S}(?:\s+(?:isn['’]t|is\s+not|aren['’]t|are\s+not|wasn['’]t)|\s*['’](?:s|re|m)\s+not)\s+"
        r"(?:working\s+|employed\s+)?(?:at|with)\s+{THE}{O}(?P<anymore>\s+any\s?more)",
        _works_for,
        ex("Tai isn't at Nike anymore.", "Tai", "WORKS_FOR", "Nike", negated=True),
    ),
    # "Oz quit drinking beer", "Bea stopped playing tennis"
    en(
        r"{S}\s+(?:has\s+|had\s+)?{ADV}(?:quit|quits|stopped|stops|gave\s+up|given\s+up)\s+"
        r"(?:drinking|eating|playing|watching|listening\s+to|reading|doing)\s+"
        # a pause is no change of taste: "stopped drinking beer for a month"
        r"(?![^.,;!?]*\b(?:for|during)\s+(?:a|an|one|two|three|the|lent|ramadan)\b)"
        r"{THE}(?:{O}|{NP})",
        _stopped_liking,
        ex("Oz quit drinking beer.", "Oz", "LIKES", "beer", negated=True),
    ),
    # "Lu is a widow now", "Rita's husband died" (no name: every current marriage of S ends)
    en(
        _OPENS
        + r"{S}\s+(?:is|was|became|has\s+been|'s|’s)\s+{ADV}(?:now\s+)?(?:a\s+)?(?:widow|widower|widowed)\b",
        _widowed,
        ex("Lu is a widow now.", "Lu", "MARRIED_TO", None, negated=True),
    ),
    # "I'm single", "I'm officially single again" (not "single-handedly", "a single mum", "single malt")
    en(
        _OPENS + r"{S}\s+(?:is|'s|’s)\s+{ADV}(?:(?:officially|legally|finally|happily|totally|very\s+much)\s+)?single(?:\s+(?:again|now))?"
        r"(?=\s*(?:$|[.,;:!?)…~\U0001F300-\U0001FAFF\u2600-\u27BF]|(?:and|but|so|lol|lmao|haha\w*|tbh|ngl|now|again|atm|these\s+days|for\s+now|though|tho)\b))",
        _widowed,
        ex("Ana is officially single again.", "Ana", "MARRIED_TO", None, negated=True),
    ),
    en(
        r"{S}(?:'s|’s)\s+(?:husband|wife|spouse)\s+(?:has\s+|had\s+)?{ADV}(?:passed\s+away|died)\b",
        _widowed,
        ex("Rita's husband died last year.", "Rita", "MARRIED_TO", None, negated=True),
    ),
    # "Leo's contract with Oracle ended in March"
    en(
        r"{S}(?:'s|’s)\s+(?:contract|employment|job|internship|position)\s+(?:with|at)\s+{THE}{O}\s+"
        r"(?:has\s+|had\s+)?(?:ended|expired|ran\s+out|was\s+terminated|was\s+not\s+renewed)",
        _job_ended_at,
        ex(
            "Leo's contract with Globex ended in March.",
            "Leo",
            "WORKS_FOR",
            "Globex",
            negated=True,
        ),
    ),
    # the employer acts: "Oracle let Leo go", "Globex fired Ann", "Acme laid Bo off"
    en(
        r"{O}\s+(?:has\s+|had\s+)?{ADV}let\s+{S}\s+go\b",
        _job_ended_at,
        ex("Globex let Leo go.", "Leo", "WORKS_FOR", "Globex", negated=True),
    ),
    en(
        r"{O}\s+(?:has\s+|had\s+)?{ADV}(?:fired|dismissed|sacked|laid\s+off)\s+{S}(?!['’]s)",
        _job_ended_at,
        ex("Globex fired Ann in May.", "Ann", "WORKS_FOR", "Globex", negated=True),
    ),
    # "Project Rio no longer has Ivy as its lead"
    en(
        r"{O}\s+(?P<neg>no\s+longer)\s+has\s+{S}\s+as\s+(?:its|their|the|\ue000\d+\ue001)\s+(?:lead|leader|manager|head"
        r"|owner|director)",
        _manages,
        ex(
            "Project Rio no longer has Ivy as its lead.",
            "Ivy",
            "MANAGES",
            "Project Rio",
            negated=True,
        ),
    ),
    # "Rock isn't Eli's thing anymore" (from a word's start: inside a run of 10,000 letters, each start read the rest)
    en(
        r"(?<![\w'’-])(?:{O}|{NP})\s+(?:isn['’]t|is\s+not|is\s+no\s+longer)\s+{S}(?:'s|’s)\s+(?:thing|cup\s+of\s+tea)",
        _stopped_liking,
        ex("Jazz isn't Eli's thing anymore.", "Eli", "LIKES", "Jazz", negated=True),
    ),
    # "She's been in Portland since the spring" (not "in Accra for like three weeks": a stay)
    en(
        r"{S}\s*(?:'s|’s|\s+has|\s+have|'ve|’ve)\s+been\s+(?P<living>living\s+)?in\s+{O}\s+(?:since|for)\b"
        r"(?(living)|(?!\s+(?:like\s+|about\s+|around\s+|almost\s+|nearly\s+|only\s+|just\s+)?(?:a|an|one|two|three|four|five|six|"
        r"a\s+few|a\s+couple(?:\s+of)?|few|couple\s+of|\d+)\s+(?:days?|nights?|weeks?)\b))",
        _lives,
        ex("Maya has been in Portland since the spring.", "Maya", "LIVES_IN", "Portland"),
        ex("Maya has been living in Portland for three weeks.", "Maya", "LIVES_IN", "Portland"),
    ),
    en(
        r"{Z}\s+(?:was|has\s+been|had\s+been|got)\s+{ADV}replaced\s+by\s+{S}\s+as\s+(?:the\s+)?"
        r"(?:project\s+)?(?:manager|lead|leader|head|owner|director)\s+of\s+{THE}{O}",
        _manages,
        ex(
            "Kate was replaced by Leo as the manager of Project Apollo.",
            "Leo",
            "MANAGES",
            "Project Apollo",
        ),
        ex(
            "Kate was replaced by Leo as the manager of Project Apollo.",
            "Kate",
            "MANAGES",
            "Project Apollo",
            negated=True,
        ),
    ),
)
