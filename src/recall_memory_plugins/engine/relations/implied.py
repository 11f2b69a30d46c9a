"""The speaker as the dropped subject of a chat turn ("Started my new role at Stripe!",
"终于搬进了南京的新家").

Chat turns often leave out "I": a sentence that opens with a past-tense verb (after at most a
few adverbs) has the speaker as its subject. For the relation layer only, such a sentence gets
an explicit first-person pronoun ("I " / "我") in front of it, so the pattern rows read it like
any other first-person statement; the stored text and its index terms are never changed. A
gerund ("Moving to Denver next month!") and a question keep their text: a plan or a question
states nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...nlp.base import Annotation, CorefChain, CorefMention, Sentence, Token
from .forwards import forwarded
from .lazy_regex import lazy_pattern
from .lexicon import gender_of
from .names import is_cjk

__all__ = ["signed_by", "star_slip_names", "with_implied_speaker", "written_by"]

# words that may stand before the verb of a subjectless turn
_EN_LEAD = frozenset(
    "just finally officially recently actually also so today yesterday and then".split()
)
# chat interjections before it: "I" goes after them ("yep I relocated to Sapporo")
_EN_INTERJECTIONS = frozenset("yep yeah yup yes ok okay well lol haha welp oh".split())
_ZH_LEAD = frozenset(
    "终于 刚 刚刚 已经 今天 昨天 上周 上个月 前天 最近 总算 正式 也 又 就 去年 今年".split()
)
# a note's heading before what the note says: 随手记：…, 备忘：…
_ZH_NOTE_HEADING = lazy_pattern(r"(?:随手记|备忘|日记|笔记|碎碎念|记一下|近况|更新)\s*[:：]\s*")
_ZH_PRONOUN_OR_NAME = frozenset({"PRON", "PROPN", "NOUN"})
_ZH_CHANGE_START = lazy_pattern(r"[调搬离辞跳入换转升退毕]")
# a mail's or a note's last line that signs it: "Nadia", "- Tom", "Cheers, Ana", "Thanks,\nBen"
_SIGNED = lazy_pattern(
    r"\n[ \t]*(?:(?:[-–—~]+|(?:cheers|thanks|thank you|best|regards|best regards|kind regards|many thanks"
    r"|love|warmly|yours)[,!]?)[ \t]*\n?[ \t]*)?([A-Z][a-z]+(?:[ -][A-Z][a-z]+)?)[ \t]*[.!]?\s*$",
    re.IGNORECASE,
)
_NOT_SIGNED = frozenset(
    "thanks thank cheers best regards love bye later soon yours everyone all team ok okay yes no"
    " sure great congrats hi hello hey me".split()
)


# who wrote a forwarded mail or a quoted card: "From: Björn Karlsson", "From Amira's holiday
# card: …", "罗丹朋友圈：…", a Chinese signature "…——吴敏"
_FROM = lazy_pattern(
    r"^[ \t]*From:[ \t]*([A-Z][\w'’-]+(?:[ -][A-Z][\w'’-]+){0,2})[ \t]*(?:<[^>\n]*>)?[ \t]*$"
    r"|^[ \t]*(?:[Ff]rom|[Ii]n)[ \t]+([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)['’]s\s+(?:[a-z]+\s+){0,2}?(?:card|letter|post|note"
    r"|diary|blog|e-?mail|message|newsletter|journal)\b[^:\n]{0,30}:"
    r"|^[ \t]*([\u4e00-\u9fff]{2,3})的?(?:朋友圈|微博|日记|动态|来信|留言)\s*[：:]",
    re.MULTILINE,  # (no \s at a line's start: a run of blank lines would be read from each of them)
)
_ZH_SIGNED = lazy_pattern(r"(?:——|—|--)\s*([\u4e00-\u9fff]{2,3})\s*$")


def signed_by(text: str) -> str | None:
    """The name a text of several lines is signed with on its last line ("...\n\nCount me out
    for the sushi place ...\nNadia"), a known first name first, or that a header or a Chinese
    signature names (see ``_FROM``): its writer, when no speaker is given. None otherwise."""
    # (each header of _FROM ends in a colon: a text without one is not searched line by line)
    header = _FROM.search(text) if ":" in text or "：" in text else None
    header = header or _ZH_SIGNED.search(text[-12:])
    if header is not None:
        return next(g for g in header.groups() if g)
    found = _SIGNED.search(text[-60:]) if "\n" in text.strip() else None
    if found is None:
        return None
    name = found.group(1)
    first = name.split()[0].split("-")[0]
    if not name[:1].isupper() or first.casefold() in _NOT_SIGNED or gender_of(first) is None:
        return None  # (a first name of the name list: not "- Eggs" ending a list)
    return name


def written_by(speaker: str, text: str) -> str | None:
    """Who "I" is in the turn ``text`` said by ``speaker`` (may be empty): the speaker, or when
    none is given, the writer a signature or header names (:func:`signed_by`); in a forwarded or
    quoted message (:func:`.forwards.forwarded`) the writer a forwarded e-mail's "From:" line
    names, else nobody. A text the speaker pastes that another name signs or heads ("…\n\nTom" from
    Hannah) is that writer's: its "I" is nobody (the speaker may sign with another name)."""
    if not forwarded(text):
        if not speaker:
            return signed_by(text)
        signer = signed_by(text)  # (not 训练日记：…: a diary's kind, read as a name)
        if signer and not is_cjk(signer) and not set(_WORDS.findall(signer.casefold())) & set(_WORDS.findall(speaker.casefold())):
            return None
        return speaker
    if _MAIL.match(text) and _FROM.search(text):
        return signed_by(text)
    return None


_WORDS = lazy_pattern(r"[^\W\d_]+")
# a forwarded e-mail, whose header names its writer ("From: Tom Lee <tom@x.com>")
_MAIL = lazy_pattern(r"^\s*(?:-{2,}\s*forwarded\s+message\s*-{2,}|begin\s+forwarded\s+message\s*:|(?:subject\s*:\s*)?(?:fwd?|fw)\s*:)", re.IGNORECASE)


def _implied_en(sentence: Sentence, first: bool = False) -> int | None:
    """Where "I " goes into an English sentence whose subject was left out (a character
    offset), or None."""
    if sentence.text.rstrip().endswith("?") or not sentence.tokens[:1] or _INVERTED.match(sentence.text):
        return None  # (nor "Has Anna moved to Paris": a question without its mark)
    # a turn's sentence starts with a capital, or opens the turn ("handed Aurora over to Kemi")
    if not first and not sentence.tokens[0].text[:1].isupper():
        return None
    at, opening = sentence.start_char, True
    for tok in sentence.tokens:
        low = tok.text.lower()
        if opening and (low in _EN_INTERJECTIONS or low == ","):
            at = -1  # after it
            continue
        opening = False
        if at < 0:
            at = tok.start_char
        if low in _EN_LEAD and tok.upos in ("ADV", "CCONJ", "NOUN", "ADP", "PART"):
            continue
        if low in _HANDING:  # "handing Mercury over to Liang tomorrow": "I'm handing …"
            return at
        if tok.upos not in ("VERB", "AUX") or low.endswith("ing"):
            return None
        # an inflected form, not an imperative ("Started", "Got", "Moved"; not "Start")
        return at if tok.lemma and low != tok.lemma.lower() else None
    return None


# an auxiliary before its subject: a question ("Has Anna moved to Paris", "did u move")
_INVERTED = lazy_pattern(r"\W*(?i:has|have|did|does|do|is|are|was|were)\s+(?:[A-Z][\w'’-]+|(?i:he|she|they|you|u|it|anyone|your|his|her|their))\b(?!['’])")
# a turn that opens with the speaker's divorce, "my" left out ("divorce papers w Lucia signed")
_EN_MY_DIVORCE = lazy_pattern(r"divorce\s+(?:papers\s+|paperwork\s+)?(?:with|w/?|from)\s+[A-Z]")
_HANDING = ("handing", "passing")  # (a handover under way; "I am" goes in front)
# "新老板是韩冰" in a chat turn: the speaker's new boss
_ZH_NEW_BOSS = lazy_pattern(r"新(?:老板|领导|上司|上级|经理|主管)(?:是|换成)")
_ZH_THIRD = lazy_pattern(r"[他她]")
_ZH_NEW_BOSS_CLAUSE = lazy_pattern(r"[，,；;]\s*(?=新(?:老板|领导|上司|上级|经理|主管)(?:是|换成))")


def _implied_zh(sentence: Sentence) -> int | None:
    """Where "我" goes into a Chinese sentence whose subject was left out: its start, or after a
    note's heading ("随手记：最近完全听不进爵士乐了"); None when it has a subject."""
    if sentence.text.rstrip().endswith(("?", "？", "吗")):
        return None
    heading = _ZH_NOTE_HEADING.match(sentence.text)
    at = sentence.start_char + (heading.end() if heading else 0)
    tokens = sentence.tokens
    for k, tok in enumerate(tokens):
        if tok.start_char < at or tok.text in _ZH_LEAD or tok.upos == "ADV":
            continue
        # a verb, or 把/被/跟 opening a clause ("刚把家从杭州搬到了苏州", "被划到谢辉组下面了", "跟谢芳离了以后"), or a change tagged as a
        # noun that 了 follows ("调岗了，现在直接向陈刚汇报")
        nxt = tokens[k + 1] if k + 1 < len(tokens) else None
        with_someone = tok.text in ("跟", "和", "与") and nxt is not None and nxt.upos == "PROPN"
        implied = tok.upos == "VERB" or tok.text in ("把", "被") or with_someone or _ZH_NEW_BOSS.match(
            sentence.text, tok.start_char - sentence.start_char) is not None or (
            k + 1 < len(tokens) and tokens[k + 1].text == "了" and _ZH_CHANGE_START.match(tok.text) is not None
        )
        return at if implied else None
    return None


def _shifted(tok: Token, at: int, by: int) -> Token:
    if tok.start_char < at:
        return tok
    return replace(tok, start_char=tok.start_char + by, end_char=tok.end_char + by)


def _shift_mention(m: CorefMention, at: int, by: int) -> CorefMention:
    def move(x: int | None) -> int | None:
        return None if x is None else x + by if x >= at else x

    return replace(
        m,
        start_char=m.start_char + by if m.start_char >= at else m.start_char,
        end_char=m.end_char + by if m.end_char > at else m.end_char,
        head_start=move(m.head_start),
        head_end=move(m.head_end),
    )


def with_implied_speaker(annotation: Annotation) -> Annotation:
    """``annotation`` with "I"/"我" in front of each sentence whose subject was left out (the
    same annotation when there is none)."""
    inserts: list[tuple[int, int, str, bool]] = []  # (sentence index, offset, text, zh)
    for i, sentence in enumerate(annotation.sentences):
        zh = sentence.lang.startswith("zh") or is_cjk(sentence.text)
        if zh and (at := _implied_zh(sentence)) is not None:
            inserts.append((i, at, "我的" if _ZH_NEW_BOSS.match(annotation.text, at) else "我", zh))
        if zh:  # a clause of a chat turn: "郭峰走了，新老板是韩梅" (the speaker's, not 郭峰's; but
            # "她转岗去了产品部，新领导是唐丽" is hers)
            inserts.extend((i, sentence.start_char + m.end(), "我的", zh) for m in _ZH_NEW_BOSS_CLAUSE.finditer(sentence.text)
                           if not _ZH_THIRD.search(sentence.text, 0, m.start()))
        elif not zh and (at := _implied_en(sentence, first=i == 0)) is not None:
            inserts.append((i, at, "I am " if annotation.text[at:at + 8].lower().startswith(_HANDING) else "I ", zh))
        elif not zh and i == 0 and _EN_MY_DIVORCE.match(sentence.text):  # "divorce papers w Lucia signed"
            inserts.append((i, sentence.start_char, "my ", zh))
    if not inserts:
        return annotation
    inserts.sort(key=lambda x: x[1])
    text = annotation.text
    sentences = list(annotation.sentences)
    chains = list(annotation.coref_chains)
    for i, at, word, zh in reversed(inserts):  # from the end: earlier offsets stay valid
        by = len(word)
        text = text[:at] + word + text[at:]
        said = word.strip()[:1] if zh else word.split()[0]  # (我 of 我的, I of "I am": the rest is text, no token)
        pronoun = Token(
            text=said,
            lemma=said if zh else "I",
            upos="PRON",
            xpos="PN" if zh else "PRP",
            start_char=at,
            end_char=at + len(said),
        )
        for j in range(len(sentences)):
            t = sentences[j]
            tokens = tuple(_shifted(tok, at, by) for tok in t.tokens)
            start = t.start_char + by if t.start_char > at else t.start_char
            end = t.end_char + by if t.end_char > at or j == i else t.end_char
            if j == i:
                k = sum(1 for tok in t.tokens if tok.start_char < at)
                cut = at - t.start_char
                sentences[j] = replace(
                    t,
                    text=t.text[:cut] + word + t.text[cut:],
                    tokens=(*tokens[:k], pronoun, *tokens[k:]),
                    start_char=t.start_char,
                    end_char=end,
                )
            else:
                sentences[j] = replace(t, tokens=tokens, start_char=start, end_char=end)
        chains = [
            CorefChain(tuple(_shift_mention(m, at, by) for m in c.mentions), c.representative)
            for c in chains
        ]
    return Annotation(text, tuple(sentences), tuple(chains))


# a chat slip corrected with a star ("*Bath", "* Reading!", "Nice*"): the capitalised words at
# the star name the value meant, though a tagger reads "Bath", "Reading", "Nice" as words
_STAR_LEAD = lazy_pattern(r"^\s*\*\s*$")
_STAR_TAIL = lazy_pattern(r"^\s*\*?\s*[.!~…]*\s*$")


def star_slip_names(annotation: Annotation) -> Annotation:
    """``annotation`` with the capitalised words next to a slip's star ("*Bath") tagged as a name,
    as the tagger tags "*Cardiff" (the same annotation when the text opens or ends with no star)."""
    text = annotation.text
    if len(annotation.sentences) != 1 or "*" not in text or not (text.lstrip().startswith("*") or text.rstrip().endswith("*")):
        return annotation
    sentence = annotation.sentences[0]
    toks = sentence.tokens
    words = [k for k, t in enumerate(toks) if t.text[:1].isupper() and t.text.isascii() and t.text.isalpha()]
    run = [k for k in words if (k == 0 or k - 1 in words or toks[k - 1].text == "*")]
    after = text[toks[run[-1]].end_char :] if run else ""
    if not run or not (_STAR_LEAD.match(text[: toks[run[0]].start_char]) or ("*" in after and _STAR_TAIL.match(after))):
        return annotation
    if run != list(range(run[0], run[-1] + 1)) or any(toks[k].ner not in ("O", "", None) for k in run):
        return annotation  # (a name the tagger found is read as it is)
    tagged = list(toks)
    for n, k in enumerate(run):
        tag = "S-MISC" if len(run) == 1 else "B-MISC" if n == 0 else "E-MISC" if n == len(run) - 1 else "I-MISC"
        tagged[k] = replace(toks[k], upos="PROPN", xpos="NNP", ner=tag, lemma=toks[k].text)
    return Annotation(text, (replace(sentence, tokens=tuple(tagged)),), annotation.coref_chains)
