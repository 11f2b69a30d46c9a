"""What a sentence states when it also asks (the doubt rule, :mod:`.doubt`): a request to the
assistant or a question asks nothing about the facts beside it, so its clauses are left out; a
question mark that asks nothing (a tag, a first-person "??", news asked as a question) is read
as a statement."""

from __future__ import annotations

import re

from .gates import Gated
from .lazy_regex import lazy_pattern

__all__ = ["news_asked", "stated_part"]

# a request to the assistant asks nothing about the facts beside it: its clause is left out
# a change said in passing inside a request: "a dentist near my new flat in Glasgow?"
_SAID_IN_PASSING = lazy_pattern(
    r"\bthe (?:new|old) (?:flat|place|address|house|home|apartment)\b"
    r"|\b(?:my|our) (?:new|old) (?:flat|place|address|house|home|apartment|job|office|boss|manager|team"
    r"|employer|school|uni|university|company)\b|\bleaving (?:drinks|do|party)\b"
    r"|我的新(?:家|住处|地址|公司|单位|老板|领导|学校)|新家|新地址|老东家"
    # a request to update a record states the change: "please update Wilma's home address"
    r"|\b(?:update|change|amend|correct)\b[^.?!]{0,40}\b(?:address|status|employer|manager|details"
    r"|records?|file|contact|surname)\b|(?:更新|修改|变更|改一?下)[^，。]{0,10}(?:地址|信息|单位|状态)",
    re.IGNORECASE,
)
_REQUEST = lazy_pattern(  # (not an announcement: "please note …", "please welcome …")
    r"\b(?:can|could|would|will) you\b|\bhelp me\b|\bplease\b(?!\s+(?:note|be\s+(?:advised|aware)|welcome|join\s+(?:me|us)\s+in\s+welcoming)\b)|帮我|帮忙|能不能帮|可以帮|麻烦你",
    re.IGNORECASE,
)
_REQUEST_GATE = Gated(_REQUEST)  # (searched only where one of its words is)
# a question mark that asks nothing: a tag after a statement ("刘洋辞职了你们知道吗？", "she quit,
# you know?") or a first-person "??" in a chat ("I can't stand the smell of it now??")
# (and "…搬到深圳了你不知道？", "she moved, didn't you know?")
_TAG = lazy_pattern(r"(?<=了)\s*(?:你们?|大家)?(?:知道|听说)(?:了)?(?:吗|不|没)\s*[?？]+|(?<=了)\s*(?:你们?|大家)?(?:不|没)(?:知道|听说)(?:吗)?\s*[?？]+"
                    r"|[,，]\s*(?:you know|right|can you believe it)\s*[?？]+|[,，]?\s*(?:didn'?t you know|you didn'?t know)\s*[?？]+",
                    re.IGNORECASE)
# news asked as a question: "did u hear Ingrid got bumped off Harbor??", 你听说了吗，…
_NEWS_ASKED = lazy_pattern(r"^\s*(?:(?:wait|omg|ok|okay|so|btw|hey|guys|yo|oh|lol)[,.!]*\s+)*(?:did|have|has)\s+(?:you|u|ya|anyone)\s+(?:hear|heard|see|seen)\b(?:\s+that)?\s+"
                           r"(?!(?:whether|if|about|what|who|whom|how|why|when|where|anything|something)\b)"
                           r"(?=[^?？]*\b(?:got|was|were|is|has|had|left|quit|moved|relocated|swapped|traded|joined|started|married|divorced|switched)\b)([^?？]+)[?？]+", re.IGNORECASE)
# news in a question about who knows it: "did anyone tell grandma that Kenji's lease ran out ...??",
# "does Mum know that Ivy moved out?" (whoever knows it, the "that" clause is given as true)
_TOLD_ASKED = lazy_pattern(
    r"^\s*(?:did|does|do|has|have)\s+(?:[\w'’]+\s+){1,2}?(?:tell|told|let\s+[\w'’]+\s+know|know|knew"
    r"|realise|realize|inform(?:ed)?\s+[\w'’]+|remind(?:ed)?\s+[\w'’]+|warn(?:ed)?\s+[\w'’]+)"
    r"\s+(?:[\w'’]+\s+){0,2}?that\s+(?=\S+\s+\S)([^?？]+)[?？]+",  # (not "know that place?")
    re.IGNORECASE,
)
# news a question takes as given: "who's running Horizon now that Carlos moved to Nova?"
_GIVEN = lazy_pattern(r"\b(?:now that|seeing as|since)\s+([^?？,，]{8,}?)\s*[?？]+", re.IGNORECASE)
_SAID_ASKING = lazy_pattern(r"\b(?:i|i'm|im|i've|my)\b[^?？.!。！]*?[?？]{2,}"
                            r"|[我俺][^?？。！]*?[?？]{2,}",
                            re.IGNORECASE)
# "?" stays with its clause; a sentence end the annotator did not split at ("… the blender. girls
# night thursday?") ends one too
# (not a purpose before the question mark: "any tips for the first week so I don't feel awful?"
# asks all of it; "…, so how do I …?" is a question of its own)
_ASKED = lazy_pattern(r"(?<=[?？。！])|(?<=[.!])\s+|[，；;,:：—–～~]|\s-\s|\band then\b|\bso\b(?!(?:\s+that)?\s+"
                      r"(?!(?i:can|could|would|will|should|do|does|did|is|are|was|were|has|have|how|what|where|why"
                      r"|whether|who|which|when|any|anyone|next|question|please|help)\b)[^,;:.!?？]*[?？])")
# a clause that asks: a question mark, a question word or auxiliary first, 吗 last, a request
_ASKING = lazy_pattern(
    r"[?？]|[吗么呢]\s*$|^\s*(?:and |but |or )?(?:did|does|do|is|are|was|were|can|could|would|will"
    r"|should|has|have|how|what|where|why|whether)\b|"  # not "…, who joined Bosch": relative
    + _REQUEST.pattern,
    re.IGNORECASE,
)


def news_asked(text: str) -> bool:
    """Whether ``text`` is news asked as a question ("did u hear Sofia finally swapped Porto for
    Lisbon??"): its relations are stated, not asked."""
    found = _NEWS_ASKED.match(text)
    return found is not None and not text[found.end() :].strip()


def stated_part(text: str) -> str:
    """``text`` without its asking clauses ("I got let go from Spotify, so could you help me
    ...?", "we're all unpacked in Austin now, so next question: how do I ...?"); a change said
    in passing inside one stays ("a dentist near my new flat in Glasgow?")."""
    if "?" in text or "？" in text:  # (a question mark that asks nothing: no question)
        text = _SAID_ASKING.sub(lambda m: m.group().rstrip("?？") + "!", _TAG.sub("!", text))
        text = _NEWS_ASKED.sub(lambda m: m.group(1) + "!", text)
        text = _TOLD_ASKED.sub(lambda m: m.group(1) + "!", text)
        text = _GIVEN.sub(lambda m: "? " + m.group(1) + "!", text)
    # (a last clause that asks with 吗 alone: "…就头大，能文字沟通的就别拉会了行吗")
    if _REQUEST_GATE.search(text) or "?" in text or "？" in text or text.rstrip("。！! ").endswith(("吗", "么")):
        text = "，".join(
            c if not _ASKING.search(c) else re.sub("[?？]", "", c)  # said in passing
            for c in _ASKED.split(text)
            if c.strip() and (not _ASKING.search(c) or _SAID_IN_PASSING.search(c))
        )  # fmt: skip
    return text
