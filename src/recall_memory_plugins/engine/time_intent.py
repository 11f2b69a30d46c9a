"""A question's time intent: whether it asks for the current (latest) value of something told
several times, or the first (original, earlier) one; read by rules (pure functions).

In a long history a value is told again as it changes ("I've saved $3,000" ... "$5,200 now" ...
"up to $6,800"; LDL 168, then 131, then 112; 首付攒了3万 ... 8万). The statements that tell it
match the question's topic about equally, and the one a tight budget keeps is then often older or
newer than the one asked for. ``recall`` reorders them a little (:func:`time_intent_boost`,
``MemoryConfig.time_intent_weight``): a question asking what holds now ("What's my balance
now?", "my most recent LDL?", 我现在住在哪个区？, 最近一次…) prefers, among the candidates that
match it best, the newer; one asking for the first value ("when I first asked you", "originally",
"before the barn flooded", 一开始, 最初, 之前) the older. A question with no such cue, or with
"now" in another sense ("Now, what was the name of...", "now that I moved", "until now"), keeps
its order. The cue is a reordering, not a filter: every candidate stays.
"""

from __future__ import annotations

import re
from typing import Literal

from ..models import Statement
from .periods import question_period

__all__ = [
    "EARLIEST",
    "LATEST",
    "TIME_INTENT_CANDIDATES",
    "TOPIC_SHARE",
    "question_time_intent",
    "time_intent_boost",
]

Intent = Literal["latest", "earliest"]
Ranked = list[tuple[Statement, float, tuple[str, ...]]]

TIME_INTENT_CANDIDATES = 30  # best candidates reordered (those below seldom reach a budget)
TOPIC_SHARE = 0.5  # ...of which those scoring at least this share of the best match the topic

# Each row: a pattern and examples it must match (tests/unit/test_time_intent_round52_a.py runs
# them). English words are matched case-insensitively on word boundaries.
LATEST: tuple[tuple[str, tuple[str, ...]], ...] = (
    # "now" as a time ("How much is it now?", "now" closing the question), not "now that" (since),
    # "Now, what ..." (a discourse opener), "until/by/for/up to now", "just now", "now and then"
    (
        r"(?<!\buntil )(?<!\bby )(?<!\bfor )(?<!\bup to )(?<!\bjust )(?<!\bfrom )(?<!^)"
        r"\bnow\b(?!\s+that\b|\s+and\s+then\b|\s+on\b|,)",
        ("What's my student loan balance now?", "How much do I weigh now?"),
    ),
    (
        r"\b(?:currently|current|these days|nowadays|at the moment|at present|right now|"
        r"as of today|anymore|any more|so far|up to date)\b",
        ("What's my diet these days?", "Where do I currently work?", "my current rent?"),
    ),
    (
        r"\b(?:latest|most recent|most recently|newest|last time|last checked|lately|"
        r"still|updated|the last (?:time|reading|check|number|value|one))\b",
        ("What was my most recent LDL number?", "What did I weigh last time I checked in?"),
    ),
    (
        r"现在|目前|如今|眼下|当前|这阵子|这些天|这段时间|近来|最新|最后一次|最近一次|最近一回|"
        r"最近(?![的一点些])|现阶段|至今|还在",
        ("我现在住在上海哪个区？", "最近一次体检的血压是多少？", "我目前攒了多少首付？"),
    ),
)
EARLIEST: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        r"\b(?:originally|original|initially|initial|at first|(?:in|at) the (?:very )?"
        r"(?:start|beginning|outset)(?! of)|to begin with|to start with|"
        r"first (?:asked|told|mentioned|said|checked|started|began|came|talked|wrote|planned|set)|"
        r"when I first|the first time|used to|previously|previous|formerly|"
        r"former|earlier|back then|back when|(?:was|were) (?:supposed|going|meant|planned) to)\b",
        (
            "What was my LDL when I first asked you?",
            "How many guests were we planning on originally?",
        ),
    ),
    # "before" a change told in the past ("before the barn flooded", "before I switched jobs")
    (
        r"\bbefore (?:the |my |our |we |I |it |they |he |she |you |his |her |their )"
        r"[^?.!]*?\b(?:\w+ed|moved|switched|changed|got|went|left|took|began|broke|fell|came)\b",
        ("What date was the wedding supposed to be before the barn flooded?",),
    ),
    # 一开始 / 最初 / 当初 / 以前 ... ; X之前 / X以前 unless X is a time (三点之前, 周五以前: a deadline)
    (
        r"一开始|刚开始|开始的时候|最初|最早|起初|起先|当初|原本|本来|原先|早先|先前|第一次|头一次|"
        r"(?<![\d一二三四五六七八九十两点号日天周月年底末前后])(?:以前|之前)",
        ("我刚开始攒首付的时候攒了多少？", "我最初打算请多少客人？", "婚礼改期之前定在哪天？"),
    ),
)


# "before" + what came later, in a question told in the past ("Which firm was I at before going
# solo?", "What did I do before the biotech job?", "Where did Luis work before the startup?",
# "before my current job"): the value held before that, the older. Not a time of day or a
# deadline ("before noon", "before 2020": a period, read elsewhere), not "before tax", not
# "before that/then/now"; a question not in the past ("What should I pack before traveling?")
# asks for no earlier value.
BEFORE_LATER = (
    r"\bbefore\s+(?!(?:that|then|now|this|these|those|today|tonight|tomorrow|yesterday|noon|"
    r"midnight|dawn|sunrise|sunset|bed|bedtime|breakfast|lunch|dinner|tax|taxes|you|it)\b)"
    r"(?=[^\W\d])[\w'&.-]+"
)
PAST_QUESTION = r"\b(?:did|was|were|had|used)\b"


def _compile(rows: tuple[tuple[str, tuple[str, ...]], ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p, _ in rows), re.IGNORECASE)


_LATEST_RE = _compile(LATEST)
_EARLIEST_RE = _compile(EARLIEST)
_BEFORE_RE = re.compile(BEFORE_LATER, re.IGNORECASE)
_BEFORE_PHRASE_RE = re.compile(BEFORE_LATER + r"[^?.!,;]*", re.IGNORECASE)
_PAST_RE = re.compile(PAST_QUESTION, re.IGNORECASE)


def question_time_intent(question: str) -> Intent | None:
    """``"latest"`` when ``question`` asks for the current value, ``"earliest"`` when it asks
    for the first or an earlier one, None when it names neither or both ("What was it at first
    and what is it now?") or names a calendar period ("What was I currently reading in May
    2023?": its "now" is then; the period boost ranks what was said then)."""
    if question_period(question) is not None:
        return None
    before = bool(_BEFORE_RE.search(question)) and bool(_PAST_RE.search(question))
    # ("before my current job": its "current" names the later value, not the one asked for)
    rest = _BEFORE_PHRASE_RE.sub(" ", question) if before else question
    latest = bool(_LATEST_RE.search(rest))
    earliest = before or bool(_EARLIEST_RE.search(question))
    if latest == earliest:
        return None
    return "latest" if latest else "earliest"


def time_intent_boost(
    ranked: Ranked,
    question: str,
    weight: float,
    *,
    top: int = TIME_INTENT_CANDIDATES,
    share: float = TOPIC_SHARE,
) -> Ranked:
    """Among the ``top`` best candidates, those scoring at least ``share`` of the best (the ones
    matching the question's topic) score up to ``1 + weight`` times as much: the newest of them
    for a question asking for the current value, the oldest for one asking for the first
    (:func:`question_time_intent`), in proportion to their place in time between the oldest and
    the newest of them. ``ranked`` is returned unchanged with no intent or ``weight`` 0."""
    intent = question_time_intent(question) if weight and question else None
    if intent is None or len(ranked) < 2:
        return ranked
    ordered = sorted(ranked, key=lambda r: (-r[1], -r[0].t_index, -r[0].id))
    best = ordered[0][1]
    if best <= 0:
        return ranked
    head = [r for r in ordered[:top] if r[1] >= share * best]
    low = min(st.t_index for st, _, _ in head)
    span = max(st.t_index for st, _, _ in head) - low
    if not span:
        return ranked
    chosen = {st.id for st, _, _ in head}
    out: Ranked = []
    for st, score, concepts in ordered:
        if st.id in chosen:
            place = (st.t_index - low) / span
            # (the newer half: the fused score's recency already leans that way)
            factor = 1 + (weight / 2 * place if intent == "latest" else weight * (1 - place))
            score = round(score * factor, 6)
        out.append((st, score, concepts))
    out.sort(key=lambda r: (-r[1], -r[0].t_index, -r[0].id))
    return out
