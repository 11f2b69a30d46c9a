"""When a text says its change happened: the time phrases of a statement, read by rules.

"Back in 2019, Alice moved to Paris", added today while "Alice lives in Rome" is the current
fact, is history, not news; "Bob moved to Lyon last month" began last month, not when it was
written down. :func:`sentence_dates` reads the past time phrases of one sentence against the
time the statement was said (``at``) and gives each as a :class:`TextDate`: the period it names,
``[start, end)``, aware UTC, clipped to ``at``. A phrase is read in the calendar of the zone ``at``
is given in ("yesterday" said at 07:00 in Shanghai on 1 March is 28 February there, from its
midnight there), a naive ``at`` in UTC's. What it reads:

- calendar dates: "9 November 2022", "November 9, 2022", "2022-11-09", "2022/11/09", "09/11/2022",
  "09.11.2022" (day first: 9 November; "11/13/2022" is 13 November), "March 2019", "in March" (the latest March not
  after ``at``), "in 2019", "in the year 2019", "in '19", "in early / mid / late 2019", "mid-2019",
  "the end of 2019", "the summer of 2019", "last summer", "the summer of last year", "late last
  year", "at Christmas 2019", "on New Year's Day 2019", "in Q3 2019", "the first half of 2019",
  "in the 1990s" (:mod:`.calendar_spans`; a part of a year is whole months: "late" is September
  to December); 2019年, 2019年3月, 2019年3月5日, 2019年底 / 年初 / 上半年 / 下半年, 3月份, 去年夏天;
  二〇一九年 / 二零一九年 (a year in Chinese digits), ２０１９年 (full-width digits are read as ASCII);
  19年 (the latest year ending in 19, not after ``at``) where it cannot be a count: opening a
  clause or after 早在 / 在 / 于, or after a name and before a verb ("李明19年搬到了北京"), never
  after 了 / 有 / 满 ... or before 的 / 多 / 来 / 后 ... ("工作了19年", "19年的经验"); 19年3月(5日);
  3月5日 / 3月5号 (that day of the latest year it has passed in);
- relative ones: "yesterday", "last night / week / month / year", "last weekend" (the Saturday
  and Sunday before this week's Monday), "the week / month /
  year before last", "N days / weeks / months / years ago" (that day: the same date N months or
  years back, the month's last when it has none; digits or words, "a couple of", "a few"),
  "earlier this year / month", "a decade ago"; 昨天, 前天, 上周, 上个月(初 / 底), 去年(年底), 前年, 大前年, 三年前,
  两个月前, 十天前, 今年3月.

A phrase after "since" / 自从 (or before 以来 / 至今 / 起 / 开始) is *ongoing*: it dates a change
that still holds, never history; so is a state's length after a present perfect ("has been
living in Austin for a year now": from a year ago; 已经两周了). A phrase that bounds a range ("until 2019", "before 2019",
"after 2019", "by 2019", "from 2015", "for 2019", 到2019年, 2019年前 / 以后 / 之后) dates nothing,
nor does a phrase of the future (it is a plan). :mod:`.dated_changes` decides what a date does
to a plan's changes.
"""

from __future__ import annotations

import functools
import re
from calendar import monthrange
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone, tzinfo

from ..periods import MONTHS
from .calendar_spans import SEASONS as _SEASONS
from .calendar_spans import day_span as _day
from .calendar_spans import full_year as _full_year
from .calendar_spans import midnight as _midnight
from .calendar_spans import month_span as _month_span
from .calendar_spans import named_period as _named_period
from .calendar_spans import part_of as _part
from .calendar_spans import season_span as _season
from .lazy_regex import lazy_pattern

__all__ = ["NOW", "VAGUE_PAST", "TextDate", "sentence_dates", "unplaced_year"]

# a text that says its news holds now: "Wei is now running Nimbus", "ever since", 现在在浙大读研
NOW = lazy_pattern(
    r"\b(?:now|currently|these days|nowadays|ever since|at the moment|right now)\b"
    # "still" in the present tense: "and still works there", "is still there" (not "was still")
    r"|\b(?:still\s+(?:(?:works|lives|reports|leads|manages|runs|heads|stays|teaches|studies|is|are|am|has|have)\b"
    r"|(?:work|live|report|lead|manage|run|head|stay|teach|study)\s+(?:there|here|at|in|for|with|under)\b)"
    r"|(?:is|are|am|['’]s|['’]re)\s+still\b(?!\s+(?:not|n['’]t)\b))"
    r"|现在|目前|如今|至今|迄今",
    re.IGNORECASE,
)

# a past with no date: "a long time ago", "years ago", 很久以前, 多年前. Nothing to date a change
# by, yet the change is over: :func:`.patterns.past_states.dated_past` reads nothing from its part
VAGUE_PAST = lazy_pattern(
    r"\b(?:(?:a\s+)?long\s+(?:time\s+)?ago|(?:(?:many|several|some|so\s+many)\s+)?(?:years|decades|ages|moons)\s+(?:ago|back)"
    r"|once\s+upon\s+a\s+time|in\s+a\s+previous\s+life)\b"
    r"|(?:很|好)(?:久|早)(?:很久)?(?:以前|之前)|(?:很|好|许)?多年(?:以|之)?前|早年间?|早些年",
    re.IGNORECASE,
)
# a text read with ASCII digits (the same length: a phrase's offsets hold in the text itself)
_FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")
_ZH_YEAR_DIGITS = lazy_pattern(r"[〇○零一二三四五六七八九]{4}(?=\s*年)")
_ZH_DIGIT = dict(zip("〇○零一二三四五六七八九", "000123456789", strict=True))


def _ascii_digits(text: str) -> str:
    text = text.translate(_FULL_WIDTH)
    if "年" not in text:
        return text
    return _ZH_YEAR_DIGITS.sub(lambda m: "".join(_ZH_DIGIT[ch] for ch in m.group(0)), text)


@dataclass(frozen=True, slots=True)
class TextDate:
    """A period a time phrase names, ``[start, end)`` (aware UTC, ``end`` at most the time the
    text was said); ``ongoing`` for "since ...": the change still holds. ``point``: when the
    change happened, best guess (the period's start, or "two years ago" itself)."""

    start: datetime
    end: datetime
    ongoing: bool = False
    point: datetime | None = None
    history_only: bool = False  # several periods' span: dates history, never news
    bounded: bool = False  # a range ("2018 to 2020"): what it dates held no longer than the period
    span: tuple[int, int] = field(default=(0, 0), compare=False)  # where the phrase stands

    @property
    def when(self) -> datetime:
        """The time a dated change takes: ``point``, else ``start``."""
        return self.point if self.point is not None else self.start


_MONTHS = MONTHS
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "a couple of": 2, "a couple": 2, "couple of": 2, "a few": 3, "few": 3,
}  # fmt: skip
_ZH_DIGITS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_SEASONS = {"春天": 3, "春季": 3, "夏天": 6, "夏季": 6, "暑假": 7, "秋天": 9, "秋季": 9, "冬天": 12, "冬季": 12}

_MONTH = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>(?:19|20)\d\d|(?<![\w'’])['’]\d\d(?![\w'’]))"  # (or '19: see :func:`_full_year`)
_NUM = r"(?P<n>\d{1,2}|" + "|".join(sorted(_NUMBERS, key=len, reverse=True)) + r")"
_UNIT = r"(?P<unit>day|week|fortnight|month|year|decade|yr|wk|mth|mo)s?"  # (chat spellings: "2 yrs ago", "3 mos ago")
_ABBR = {"yr": "year", "wk": "week", "mth": "month", "mo": "month"}
_ZH_YEAR = r"(?<!\d)(?P<year>(?:19|20)?\d\d)"  # (two digits: see :func:`_full_year`)
_ZH_MONTH = r"1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九]"
_ZH_DAY = r"3[01]|[12]\d|0?[1-9]|三十一?|二?十[一二三四五六七八九]?|[一二三四五六七八九]"
_ZH_NUM = r"(?P<n>\d{1,2}|十|[一两二三四五六七八九]十?|十[一二三四五六七八九])"
_PART = r"(?P<part>early|mid-?|late|the (?:start|beginning|end) of|the middle of)(?:\s+|(?<=-))"  # (mid-2019)

# (kind, pattern), most specific first; each match blanks its text so a "March 2019" inside
# "5 March 2019" is not read twice
_WEEKDAYS = {d: i for i, d in enumerate("monday tuesday wednesday thursday friday saturday sunday".split())}
_YEAR2 = r"(?P<year2>(?:19|20)\d\d)"
_EN: tuple[tuple[str, re.Pattern[str]], ...] = tuple(  # (compiled on first use: the import stays quick)
    (kind, lazy_pattern(pattern, re.IGNORECASE))
    for kind, pattern in (
        # a range: "2018 to 2020", "from 2016 until spring 2020", "January to November 2021", "between March 2018 and June 2020"
        ("month_year_range", rf"\b(?:(?P<between>between)\s+)?{_MONTH}\s+(?:of\s+)?{_YEAR}\s*(?P<sep>to|until|till|through|-|–|and)\s*(?P<month2>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + rf")\.?\s+(?:of\s+)?{_YEAR2}\b"),
        ("range", rf"\b{_YEAR}\s*(?:to|until|till|through|-|–|and)\s*(?:(?:early|mid-?|late|spring|summer|autumn|fall|winter)\s+(?:of\s+)?)?{_YEAR2}\b"),
        ("month_range", rf"\b{_MONTH}\s*(?:to|until|till|through|-|–)\s*(?P<month2>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + rf")\.?,?\s+{_YEAR}\b"),
        ("day", rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}\b"),
        ("day", rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR}\b"),
        ("day", r"\b(?P<year>(?:19|20)\d\d)[-/](?P<month>1[0-2]|0?[1-9])[-/](?P<day>3[01]|[12]\d|0?[1-9])\b"),
        ("slash", r"\b(?P<a>3[01]|[12]\d|0?[1-9])(?P<sep>[/.])(?P<b>3[01]|[12]\d|0?[1-9])[/.](?P<year>(?:19|20)\d\d)\b"),
        ("month", rf"\b(?:{_PART})?{_MONTH}\s+(?:of\s+)?{_YEAR}\b"),
        # a named day, a quarter, a half: "at Christmas 2019", "in Q3 2019", "the first half of 2019"
        ("holiday", rf"\b(?P<holiday>christmas(?:\s+eve|\s+day)?|xmas|new\s+year['’]?s(?:\s+eve|\s+day)?)\s+(?:of\s+)?{_YEAR}\b"),
        ("holiday", r"\b(?P<rel>last|this past)\s+(?P<holiday>christmas(?:\s+eve|\s+day)?|xmas|new\s+year['’]?s(?:\s+eve|\s+day)?)\b"),
        ("quarter", rf"\b(?:q(?P<q>[1-4])|h(?P<h>[12])|the\s+(?P<nth>first|second|third|fourth|1st|2nd|3rd|4th)\s+(?P<of>quarter|half))\s+(?:of\s+)?{_YEAR}\b"),
        # the part of a year before the year itself: "the summer of 2019", "the end of 2021"
        ("season_year", rf"\b(?:the\s+)?(?P<season>spring|summer|autumn|fall|winter)\s+(?:of\s+)?{_YEAR}\b"),
        ("season_rel", r"\b(?:the\s+)?(?P<season>spring|summer|autumn|fall|winter)\s+of\s+(?P<rel>last|this)\s+year\b"),
        ("year", rf"\b{_PART}{_YEAR}\b(?!\s*(?:-|–|to)\s*\d)"),
        ("year", rf"\b(?:in|during|around|back in|since|as of|of)\s+(?:the\s+year\s+)?{_YEAR}\b(?!\s*(?:-|–|to)\s*\d)"),
        ("decade", r"\b(?:in|during|around|back in|since|of)\s+the\s+(?:(?P<part>early|mid|late)[\s-]+)?(?P<decade>(?:19|20)\d0|['’]?\d0)['’]?s\b"),
        ("season", r"\b(?P<rel>last|this past|this)\s+(?P<season>spring|summer|autumn|fall|winter)\b"),
        ("day_month", rf"\b(?P<lead>on|since|as\s+of|effective(?:\s+from)?|starting(?:\s+on)?)\s+(?:the\s+)?{_DAY}\s+(?:of\s+)?{_MONTH}\b(?!\s*,?\s*\d)"),
        ("day_month", rf"\b(?P<lead>on|since|as\s+of|effective(?:\s+from)?|starting(?:\s+on)?)\s+{_MONTH}\s+{_DAY}\b(?!\s*,?\s*\d)"),
        ("nth_day", r"\bon\s+the\s+(?P<day>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?![ \t]*[\w-])"),  # "on the 1st": this month's or last
        ("month_alone", rf"\b(?:in|since|last|this past|during)\s+(?:{_PART})?{_MONTH}(?!\s*\d)\b"),
        ("before_last", r"\bthe\s+(?P<unit>week|month|year)\s+before\s+last\b"),
        ("ago", rf"\b{_NUM}\s+{_UNIT}\s+(?:ago|since)\b"),
        # a state's length so far: "has been living in Austin for a year now" (it began then;
        # only after a present perfect, :data:`_PERFECT`: "lived there for a year" is over)
        ("en_for", rf"\bfor\s+(?:the\s+(?:past|last)\s+)?(?:(?:about|around|almost|nearly|over|more\s+than|roughly)\s+)?{_NUM}\s+{_UNIT}\b(?!\s+(?:ago|before|after|later|earlier|from))"),
        ("weekday", r"\b(?P<rel>last|this past|on|this|since)\s+(?P<weekday>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"),
        ("part_of", r"\b(?:at\s+)?the\s+(?P<part>start|beginning|end|middle)\s+of\s+(?P<rel>the|this|last)\s+(?P<unit>week|month|year)\b"),
        ("part_of", r"\b(?P<part>early|mid|late)[\s-]+(?P<rel>last|this)\s+(?P<unit>week|month|year)\b"),
        ("last", r"\b(?:last|this\s+past)\s+(?P<unit>weekend)\b|\blast\s+(?P<unit2>night|week|month|year|wk|yr|mth|mo)\b"),
        ("yesterday", r"\b(?:the day before )?(?:yesterday|yday|ystrdy)\b"),
        ("this", r"\bearlier\s+this\s+(?P<unit>week|month|year)\b"),
    )
)
_ZH: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, lazy_pattern(pattern))
    for kind, pattern in (
        ("month_year_range", rf"{_ZH_YEAR}\s*年\s*(?P<month>{_ZH_MONTH})\s*月份?\s*(?:到|至|-|–|~|—)\s*(?P<year2>(?:19|20)\d\d)\s*年\s*(?P<month2>{_ZH_MONTH})\s*月份?"),
        ("range", r"(?<![\d了有满快都近这那第每花用足约共过要需])(?P<year>(?:19|20)\d\d|\d\d(?=\s*年))\s*年?\s*(?:到|至|-|–|~|—)\s*(?P<year2>(?:19|20)?\d\d)\s*年(?![的多半间来后前以之左里内过代级届个月度])"),  # (18年到20年: see :func:`_full_year`)
        # a state's length so far: 住了三年了, 上班满一个月了, 搬到成都已经快两周了 (it began then)
        ("zh_for", rf"(?:已经|快|都|满|有)+\s*{_ZH_NUM}\s*(?P<unit>年|个月|個月|天|周|个星期|個星期|星期)了"),
        # the length right after the state's verb: 在阿里巴巴工作两年了, 在杭州住了三年了 (the last 了: still so)
        ("zh_for", rf"(?:(?<=工作|上班|任职|就职|生活|定居)(?<!找工作)|(?<=[住干待呆]))了?\s*{_ZH_NUM}\s*(?P<unit>年|个月|個月|天|周|个星期|個星期|星期)了"),
        ("day", rf"{_ZH_YEAR}\s*年\s*(?P<month>{_ZH_MONTH})\s*月\s*(?P<day>{_ZH_DAY})\s*[日号]"),
        ("zh_month_day", rf"(?<![\d年])(?P<month>{_ZH_MONTH})\s*月\s*(?P<day>{_ZH_DAY})\s*[日号]"),
        ("month", rf"{_ZH_YEAR}\s*年\s*(?P<lunar>农历|阴历|旧历)?(?P<month>{_ZH_MONTH})\s*(?:(?:月份?)?\s*(?:到|至|-|–|~|—)\s*(?P<month2>{_ZH_MONTH})\s*)?月(?!\s*(?:{_ZH_DAY})\s*[日号])(?P<zpart>初|中旬?|底|末)?"),
        ("year", r"(?P<year>(?:19|20)\d\d)\s*年(?P<zpart>初|底|末|年初|年底|年末|上半年|下半年)?"
                 r"(?P<zseason>春天|春季|夏天|夏季|暑假|秋天|秋季|冬天|冬季)?(?![\d一二三四五六七八九十两]+月)"),
        # a day named inside a past period: 上个月15号, 去年3月5日, 上周五 (that day, not the period)
        ("zh_rel_day", rf"(?P<rel>大前年|前年|去年|今年)(?:的)?(?P<month>{_ZH_MONTH})\s*月\s*(?P<day>{_ZH_DAY})\s*[日号]"),
        ("zh_rel_day", rf"(?P<mrel>上上个?月|上个?月|这个月|本月)(?:的)?\s*(?P<day>{_ZH_DAY})\s*[日号]"),
        ("zh_week_day", r"(?P<rel>上上|上|这)(?:个)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])"),
        ("zh_rel_year", r"(?P<rel>大前年|前年|去年|今年)(?:的)?(?:(?P<lunar>农历|阴历|旧历)?(?P<zmonth>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])月(?:份)?|(?P<zpart>初|底|末|年初|年底|年末|上半年|下半年)|(?P<zseason>春天|春季|夏天|夏季|暑假|秋天|秋季|冬天|冬季))?"),
        ("zh_rel_month", r"(?P<rel>上个?月|上上个?月|这个月|本月)(?P<zpart>初|中旬?|底|末)?"),
        ("zh_month_alone", r"(?<![\d年历])(?P<zmonth>1[0-2]|[1-9]|十[一二]?|[一二三四五六七八九])月(?:份)?(?P<zpart>初|中旬?|底|末)?(?![\d一二三四五六七八九十]+[日号])"),
        ("zh_ago", rf"{_ZH_NUM}\s*(?P<unit>年|个月|個月|天|周|个星期|個星期|星期|个礼拜|礼拜)(?:以前|之前|前)"),
        ("zh_week", r"上上?(?:个)?(?:周|星期|礼拜)(?P<wend>末)?"),  # 上周末: that week's Saturday and Sunday
        ("zh_day", r"大前天|前天|昨天|昨晚|昨日"),
        # 19年: opening a clause (早在19年, 19年，…) or between a name and a verb, never a count
        ("year", r"(?:(?<=^)|(?<=[\s，,。；;：:、（(])|(?<=早在)|(?<=[在于从自]))(?P<year>\d\d)\s*年(?![的多半间来后前以之左里内过代级届个月度])"
                 r"|(?<=[\u4e00-\u9fff])(?<![了有满快都近去这那第每花用足约共过])(?P<year2>\d\d)\s*年(?=[就才便又也还]?(?:搬|入职|加入|去|来|到|进|离开|毕业|结婚|离婚|跳槽|调|开始|在|住|考|买|卖|辞职|离职|回|创办|成立|读|上|当|升|被|认识|出生|生|嫁|娶|退休|换))"),
    )
)
# words before a phrase: "since" (ongoing); a range's bound (no date)
_EN_SINCE = lazy_pattern(r"\b(?:since|ever since|as of|starting|effective)\s+(?:the\s+)?$", re.IGNORECASE)
_EN_BOUND = lazy_pattern(
    r"\b(?:until|till|til|before|after|by|from|through|between|for|to|prior to|"
    r"not since|not until|next|every|each)\s+(?:the\s+)?(?:end of\s+|start of\s+)?$",
    re.IGNORECASE,
)
_ZH_SINCE_BEFORE = lazy_pattern(r"(?:自从|自打|打从|自)$")
_ZH_SINCE_AFTER = lazy_pattern(r"^(?:以来|至今|起|开始|到现在|到今天)")
_ZH_BOUND_BEFORE = lazy_pattern(r"(?:到|直到|截至|截止|从|每|下)$")
_ZH_BOUND_AFTER = lazy_pattern(r"^(?:前|以前|之前|以后|之后|后|到|至|开始到)")


def sentence_dates(text: str, at: datetime) -> list[TextDate]:
    """The past periods the time phrases of ``text`` (one sentence) name, said at ``at``; see
    the module docstring. Future and range-bound phrases are left out. Memoised: a plan reads
    a sentence twice (its past states, then the text's date)."""
    return list(_sentence_dates(text, at, at.tzinfo)[0])  # (one instant, read in two zones: two keys)


def unplaced_year(text: str, at: datetime) -> tuple[int, int] | None:
    """Where ``text`` (one sentence, said at ``at``) names a year before ``at``'s -- 2019,
    '19, the 1990s -- outside every time phrase :func:`sentence_dates` reads ("Rome 2019",
    "at Easter 2019"): the change it dates cannot be placed, yet it is no news. A year a phrase
    bounds ("from 2015", "since 2019") is placed; a number before a noun ("2000 euros") is no year."""
    dates, rest = _sentence_dates(text, at, at.tzinfo)
    if dates or not rest:
        return None
    for m in _YEAR_WORD.finditer(rest):
        year = _full_year(m.group("year") or m.group("short"), at)
        before = rest[max(0, m.start() - 24) : m.start()]
        if year < at.year and (_PAST_BOUND.search(before) or not (_EN_SINCE.search(before) or _EN_BOUND.search(before))):
            return m.span()
    return None

# a bound that puts a change before a past year: "moved there before 2019" is no news either
_PAST_BOUND = lazy_pattern(r"(?<!since )\b(?:before|by|prior to)\s+(?:the\s+)?(?:end of\s+|start of\s+)?$", re.IGNORECASE)

# a year as a word: 2019, 1990s, '19, '90s (not 2019.5, $2000, 2000 euros, COVID-2019)
_YEAR_WORD = lazy_pattern(
    r"(?:(?<![\w$£€¥#@.,:/-])(?P<year>(?:19|20)\d\d)(?:['’]?s)?(?![\w%]|[.,:]\d|[/-]\d{3})"
    r"|(?<![\w'’])(?P<short>['’]\d\d)s?(?![\w'’]))"
    r"(?!\s+(?!(?:and|or|to|in|at|on|with|for|from|when|after|before|but|then|so|as|because|while|until)\b)[a-z])"
)


@functools.lru_cache(maxsize=256)
def _sentence_dates(text: str, at: datetime, zone: tzinfo | None) -> tuple[tuple[TextDate, ...], str]:
    """The periods of ``text`` (see :func:`sentence_dates`), and ``text`` with every phrase read
    blanked."""
    tables = [(t, zh) for t, zh, cue in ((_EN, False, _EN_CUE), (_ZH, True, _ZH_CUE)) if cue.search(text)]
    if not tables:  # (most sentences: one search)
        return (), ""
    zone = zone or timezone.utc  # (a naive ``at``: UTC)
    at = at if at.tzinfo is not None else at.replace(tzinfo=zone)
    wall = at.astimezone(zone).replace(tzinfo=None)  # the caller's calendar and clock
    at = at.astimezone(timezone.utc)
    out: list[TextDate] = []
    current = text = _ascii_digits(text)
    digits = any(ch.isdigit() for ch in text)
    folded = text.casefold()
    for table, zh in tables:
        for kind, pattern in table:
            if (not digits and kind in _DIGIT_KINDS) or (kind == "ago" and "ago" not in folded and "since" not in folded) \
                    or (kind == "en_for" and "for " not in folded):
                continue  # (a phrase of these holds a digit, or "ago" / "since")
            found = list(pattern.finditer(current))
            if not found:
                continue
            chars = list(current)
            for m in found:
                try:  # the period on the caller's wall clock, then in UTC
                    span = _in_utc(_period(kind, m, wall), zone, kind in _AGO_KINDS)
                except (ValueError, OverflowError):  # beyond the calendar: "last year" in year 1
                    span = None
                start, end = m.span()
                chars[start:end] = " " * (end - start)
                if span is None or (kind == "en_for" and not _PERFECT.search(text, 0, start)):
                    continue
                ongoing, bounded = (False, False) if kind.endswith("range") else _context(text, start, end, zh)
                if bounded or span[0] >= at:
                    continue
                point = span[0] + (span[1] - span[0]) / 2 if kind in _AGO_KINDS else None
                out.append(TextDate(span[0], min(span[1], at), ongoing or kind in _FOR_KINDS, point,
                                    bounded=kind.endswith("range") and span[1] <= at, span=(start, end)))
            current = "".join(chars)
    return tuple(out), current


# what every phrase of a table holds at least one of: a sentence with none is read no further
_EN_CUE = lazy_pattern(
    r"\d|\b(?:yesterday|yday|ystrdy|last|ago|since|earlier|spring|summer|autumn|fall|winter|(?:day|week|weekend|month|year)s?|"
    + "|".join(_WEEKDAYS)
    + "|"
    + "|".join(sorted(_MONTHS, key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)
_ZH_CUE = lazy_pattern(r"[年月天周昨]|星期|礼拜")
_DIGIT_KINDS = frozenset({"range", "month_range", "month_year_range", "day", "month", "year", "season_year", "day_month", "quarter", "decade", "slash", "nth_day"})
_AGO_KINDS = frozenset({"ago", "zh_ago", "zh_for", "en_for"})  # a point, give or take half a unit
_FOR_KINDS = frozenset({"zh_for", "en_for"})  # how long a state has held: since then, ongoing
# a present perfect before "for N years", in the same clause, of a state that names its value:
# "has been living in Austin", "'ve worked at Google" (not "had lived", "will have been",
# "hasn't lived"; not "have lived here": no value named, nothing this length could date)
_PERFECT = lazy_pattern(
    r"(?<!\bwill\s)(?<!\bwould\s)(?<!\bmight\s)(?<!\bmust\s)(?<!\bcould\s)(?<!\bshould\s)(?<!['’]ll\s)"
    r"(?:\bhas|\bhave|['’]s|['’]ve)\s+(?:been|lived|worked|stayed|resided|studied|served|led|managed|run|headed"
    r"|owned|dated|reported)\b(?=[^.;!?]*$)(?-i:[^.;!?]*?\b[A-Z])",
    re.IGNORECASE,
)


def _context(text: str, start: int, end: int, zh: bool) -> tuple[bool, bool]:
    """(ongoing, bounded) from the words around a phrase at ``text[start:end]``."""
    before, after = text[max(0, start - 24) : start], text[end : end + 6]
    phrase = text[start:end]
    if not zh:
        if re.match(r"(?i)(?:since|as\s+of|effective|starting)\b", phrase) or _EN_SINCE.search(before):
            return True, False
        return False, bool(_EN_BOUND.search(before)) or bool(re.match(r"\s*(?:-|–|to|until)\s*\d", after))
    if _ZH_SINCE_BEFORE.search(before) or _ZH_SINCE_AFTER.match(after):
        return True, False
    return False, bool(_ZH_BOUND_BEFORE.search(before) or _ZH_BOUND_AFTER.match(after))


def _period(kind: str, m: re.Match[str], at: datetime) -> tuple[datetime, datetime] | None:
    g = m.groupdict()
    if kind == "day":
        return _day(_full_year(g["year"], at), _month_of(g["month"]), _number(g["day"]))
    if kind == "month":
        return _part(_month_span(_full_year(g["year"], at), _month_of(g["month"]), lunar=bool(g.get("lunar")), through=_month_of(g.get("month2") or "0")), g.get("part") or g.get("zpart"))
    if kind == "year":
        year = _full_year(g["year"] or g["year2"], at)
        if g.get("zseason"):
            return _season(year, _ZH_SEASONS[g["zseason"]])
        return _part(_year_span(year), g.get("part") or g.get("zpart"))
    if kind == "season":
        return _last_season(_SEASONS[g["season"].lower()], at, this=g["rel"].lower() == "this")
    if kind == "season_year":
        return _season(_full_year(g["year"], at), _SEASONS[g["season"].lower()])
    if kind in ("season_rel", "holiday", "quarter", "decade", "slash", "month_year_range", "nth_day"):
        return _named_period(kind, g, at)
    if kind in ("day_month", "zh_month_day"):
        month, day = _month_of(g["month"]), _number(g["day"])
        ahead = (month, day) > (at.month, at.day)  # (last year's; "as of 1 June" said in May: a plan, no date)
        return None if ahead and (g.get("lead") or "on").lower()[:2] not in ("on", "si") else _day(at.year - ahead, month, day)
    if kind == "month_alone":
        return _part(_latest_month(_month_of(g["month"]), at), g.get("part"))
    if kind == "range":
        first, last = _full_year(g["year"], at), _full_year(g["year2"], at)
        return (_midnight(first), _midnight(last + 1)) if first <= last else None
    if kind == "month_range":
        first, last = _month_of(g["month"]), _month_of(g["month2"])
        year = _full_year(g["year"], at)
        return (_midnight(year, first), _month_span(year, last)[1]) if first <= last else None
    if kind == "weekday":
        today = _midnight(at.year, at.month, at.day)
        back = (today.weekday() - _WEEKDAYS[g["weekday"].lower()]) % 7
        if g["rel"].lower() in ("last", "this past") and back == 0:
            back = 7
        start = today - timedelta(days=back)
        return start, start + timedelta(days=1)
    if kind == "part_of":
        unit, rel, part = g["unit"].lower(), g["rel"].lower(), g["part"].lower()
        part = part if part in ("early", "mid", "late") else "the " + part + " of"
        return _part(_relative(unit, 1 if rel == "last" else 0, at), part)
    if kind == "before_last":
        return _relative(g["unit"].lower(), 2, at)
    if kind in ("ago", "en_for"):
        n, unit = _number(g["n"]), _ABBR.get(g["unit"].lower(), g["unit"].lower())
        return _ago(10 * n, "year", at) if unit == "decade" else _ago(2 * n, "week", at) if unit == "fortnight" else _ago(n, unit, at)
    if kind == "last":
        unit = _ABBR.get(word := (g["unit"] or g["unit2"]).lower(), word)
        if unit == "night":
            return _relative("day", 1, at)
        if unit == "weekend":  # the Saturday and Sunday before this week's Monday
            monday = _relative("week", 0, at)[0]
            return monday - timedelta(days=2), monday
        return _relative(unit, 1, at)
    if kind == "yesterday":
        return _relative("day", 2 if m.group(0).lower().startswith("the day") else 1, at)
    if kind == "this":
        return _relative(g["unit"].lower(), 0, at)
    return _zh_period(kind, m, at)


def _zh_period(kind: str, m: re.Match[str], at: datetime) -> tuple[datetime, datetime] | None:
    g = m.groupdict()
    if kind == "zh_rel_year":
        back = {"大前年": 3, "前年": 2, "去年": 1, "今年": 0}[g["rel"]]
        year = at.year - back
        if g.get("zmonth"):
            return _month_span(year, _month_of(g["zmonth"]), lunar=bool(g.get("lunar")))
        if g.get("zseason"):
            return _season(year, _ZH_SEASONS[g["zseason"]])
        if back == 0 and not g.get("zpart"):
            return None  # 今年 alone: this year so far, no date worth setting
        return _part(_year_span(year), g.get("zpart"))
    if kind == "zh_rel_day":
        day = _number(g["day"])
        if g.get("mrel"):
            rel = g["mrel"]
            month_start = _relative("month", 2 if rel.startswith("上上") else 1 if rel.startswith("上") else 0, at)[0]
            return _day(month_start.year, month_start.month, day)
        return _day(at.year - {"大前年": 3, "前年": 2, "去年": 1, "今年": 0}[g["rel"]], _month_of(g["month"]), day)
    if kind == "zh_week_day":
        back = {"上上": 2, "上": 1, "这": 0}[g["rel"]]
        start = _relative("week", back, at)[0] + timedelta(days="一二三四五六日天".index(g["wd"]) if g["wd"] != "天" else 6)
        return start, start + timedelta(days=1)
    if kind == "zh_rel_month":
        rel = g["rel"]
        back = 2 if rel.startswith("上上") else 1 if rel.startswith("上") else 0
        return _part(_relative("month", back, at), g.get("zpart"))
    if kind == "zh_month_alone":
        return _part(_latest_month(_month_of(g["zmonth"]), at), g.get("zpart"))
    if kind == "zh_ago" or kind == "zh_for":
        unit = g["unit"]
        unit = "year" if unit == "年" else "day" if unit == "天" else "month" if "月" in unit else "week"
        return _ago(_number(g["n"]), unit, at)
    if kind == "zh_week":
        week = _relative("week", 2 if m.group(0).startswith("上上") else 1, at)
        return (week[1] - timedelta(days=2), week[1]) if g.get("wend") else week
    if kind == "zh_day":
        return _relative("day", {"大前天": 3, "前天": 2}.get(m.group(0), 1), at)
    return None


def _number(text: str) -> int:
    text = text.lower()
    if text.isdigit():
        return int(text)
    if text in _NUMBERS:
        return _NUMBERS[text]
    if text == "十":
        return 10
    if "十" not in text:
        return _ZH_DIGITS[text]
    tens, _, units = text.rpartition("十")  # 十二, 二十, 二十三
    return 10 * (_ZH_DIGITS[tens] if tens else 1) + (_ZH_DIGITS[units] if units else 0)


def _month_of(text: str) -> int:
    text = text.lower().rstrip(".")
    if text in _MONTHS:
        return _MONTHS[text]
    if text.isdigit():
        return int(text)
    return _number(text)


def _in_utc(
    span: tuple[datetime, datetime] | None, zone: tzinfo, centred: bool
) -> tuple[datetime, datetime] | None:
    """``span``, on the wall clock of ``zone``, in UTC. ``centred`` (N units ago): its middle is
    the point (a midnight there), the span around it as long as it was."""
    if span is None:
        return None
    if not centred:
        return _aware(span[0], zone), _aware(span[1], zone)
    half = (span[1] - span[0]) / 2
    point = _aware(span[0] + half, zone)
    return point - half, point + half


def _aware(wall: datetime, zone: tzinfo) -> datetime:
    return wall.replace(tzinfo=zone).astimezone(timezone.utc)


def _year_span(year: int) -> tuple[datetime, datetime]:
    return _midnight(year), _midnight(year + 1)


def _latest_month(month: int, at: datetime) -> tuple[datetime, datetime]:
    return _month_span(at.year if month <= at.month else at.year - 1, month)


def _last_season(first_month: int, at: datetime, *, this: bool) -> tuple[datetime, datetime]:
    """The latest such season that has begun ("this summer") or ended ("last summer")."""
    for year in (at.year, at.year - 1, at.year - 2):
        start, end = _season(year, first_month)
        if (start <= at) if this else (end <= at):
            return start, end
    return _season(at.year - 2, first_month)  # pragma: no cover - the loop always finds one


def _relative(unit: str, back: int, at: datetime) -> tuple[datetime, datetime]:
    """The calendar ``unit`` ``back`` units before the one holding ``at`` (0: this one, up to
    ``at``)."""
    day = _midnight(at.year, at.month, at.day)
    if unit == "day":
        start = day - timedelta(days=back)
        return start, start + timedelta(days=1)
    if unit == "week":
        start = day - timedelta(days=day.weekday() + 7 * back)
        return start, start + timedelta(days=7)
    if unit == "month":
        index = at.year * 12 + at.month - 1 - back
        return _month_span(index // 12, index % 12 + 1)
    return _year_span(at.year - back)


def _ago(n: int, unit: str, at: datetime) -> tuple[datetime, datetime] | None:
    """"N units ago": that day (the same date N months or years back, the month's last when it
    has none: a month before 31 July is 30 June), from its midnight, give or take half a unit (a
    year ago: the twelve months around it)."""
    if n <= 0 or n > 80:
        return None
    if unit in ("month", "year"):
        index = at.year * 12 + at.month - 1 - (n if unit == "month" else 12 * n)
        year, month = index // 12, index % 12 + 1
        point = _midnight(year, month, min(at.day, monthrange(year, month)[1]))
    else:
        point = _midnight(at.year, at.month, at.day) - timedelta(days=n * (7 if unit == "week" else 1))
    half = timedelta(days={"day": 1, "week": 7, "month": 30.44, "year": 365.25}[unit] / 2)
    return point - half, point + half
