"""English part-of-speech tagging: Penn tags (lexicon, morphology, Brill rules, capitalisation)
and their mapping to UPOS.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .cues import _CONNECTORS, _NAME_HEADS
from .resources import _EnglishResources
from .tokens import _ABBR, _DATE, _EMOJI_K, _NUM, _PUNCT, _URL, _WORD, _Tok

_CD_RE = re.compile(r"^[0-9\-,.:/%$]+$")
_CLOSED_TAGS = frozenset("PRP PRP$ DT IN CC MD WDT WP WP$ WRB TO EX PDT UH RP POS".split())
_NNP_TAGS = frozenset({"NNP", "NNPS"})
_OBJECT_START = frozenset({"DT", "IN", "TO", "PRP$", "PRP", "RB", "NN", "NNS", "JJ", "CD"})
_VERBISH = frozenset({"VB", "VBD", "VBP", "VBZ", "MD"})
_OPENERS = frozenset({'"', "“", "'", "‘", "``", "(", "[", "-", "–", "—", "*", "•", ":", "·"})
# Acronyms that name things, not entities.
_COMMON_ACRONYMS = frozenset(
    """AI API CEO CTO CFO COO CMO VP OK TV PC PDF URL FAQ ID IT UI UX SQL CPU GPU USB FYI ASAP ETA
    AM PM DIY RAM LLM NLP ML HR PR QA KPI OKR ROI SDK CLI GUI HTML CSS JSON XML HTTP HTTPS DNS
    VPN SSD OS iOS MVP PhD MBA BA BS MS TBD WFH OOO EOD EOW AOB TODO WIP""".split()
)
# Note-taking words written capitalised at the start of a line ("Mtg notes 3/14 — ...", "Fwd:")
_NOTE_WORDS = frozenset("mtg mtgs fwd fw re todo org quick".split())  # ("Org update: ...", "Quick update: ...")
# what a sentence opens with before "of <Name>" and is no part of it ("Ownership of Fjord passes …")
_OF_OPENERS = frozenset("ownership leadership management control custody responsibility".split())
# Words of spoken chat that open a message capitalised and are no names ("Ach", "Omg", "Ugh").
_INTERJECTIONS = frozenset(
    """ach ah aw aww argh eh er erm gah gosh ha haha hah hehe hm hmm huh jeez lol lmao meh nah
    nope oh ohh omg ooh oops ouch phew pfft psst shh ugh uh um umm welp whoa wow yay yeah yep
    yikes yup hooray blimey crikey dear hi hello hey""".split()
)
_CLITIC_TAGS = {
    "n't": "RB",
    "n’t": "RB",
    "'m": "VBP",
    "’m": "VBP",
    "'re": "VBP",
    "’re": "VBP",
    "'ve": "VBP",
    "’ve": "VBP",
    "'ll": "MD",
    "’ll": "MD",
}
_NEGATED_MODALS = frozenset({"ca", "wo", "sha"})  # "ca" + "n't"
_S_VERB_HOSTS = frozenset(
    "it he she that there what who where here how this everything nothing everyone".split()
)

_PUNCT_TAGS: dict[str, tuple[str, str]] = {}
for _chars, _tag, _upos in (
    (".!?。！？…", ".", "PUNCT"),
    (",，、", ",", "PUNCT"),
    (":;：；-–—~～", ":", "PUNCT"),
    ('"“‘`«「『', "``", "PUNCT"),
    ("”’»」』'", "''", "PUNCT"),
    ("([{（【《〈", "-LRB-", "PUNCT"),
    (")]}）】》〉", "-RRB-", "PUNCT"),
    ("$€£¥₹₩", "$", "SYM"),
    ("#", "#", "SYM"),
    ("%％", "NN", "SYM"),
    ("&＆", "CC", "CCONJ"),
):
    for _c in _chars:
        _PUNCT_TAGS[_c] = (_tag, _upos)


def _punct_tag(text: str) -> tuple[str, str]:
    return _PUNCT_TAGS.get(text[0], ("SYM", "SYM"))


def _morphology(res: _EnglishResources, word: str, prev: str, nxt: str) -> str:
    """Pattern's ``Morphology.apply`` for an unknown lower-case word (default NN)."""
    tag = "NN"
    lex = res.lexicon
    for r in res.morphology:
        if r.if_tag is not None and tag != r.if_tag:
            continue
        a, c = r.affix, r.cmd
        if (
            (c == "hassuf" and word.endswith(a))
            or (c == "char" and a in word)
            or (c == "haspref" and word.startswith(a))
            or (c == "addsuf" and word + a in lex)
            or (c == "addpref" and a + word in lex)
            or (c == "deletesuf" and word.endswith(a) and word[: -len(a)] in lex)
            or (c == "deletepref" and word.startswith(a) and word[len(a) :] in lex)
            or (c == "goodleft" and a == nxt)
            or (c == "goodright" and a == prev)
        ):
            tag = r.tag
    return tag


def _is_heading(toks: list[_Tok]) -> bool:
    """A title-case or all-caps line ("Meeting Notes For Tuesday") is not running text."""
    alpha = [t.text for t in toks if t.kind == _WORD and len(t.text) > 1]
    if len(alpha) < 4:
        return False
    return all(w[0].isupper() for w in alpha)


def _common_compound(word: str, lex: Mapping[str, str]) -> bool:
    """Whether ``word`` is a hyphenated compound of common words, lower case after its first
    ("Remote-work", "Follow-up"; not "Jean-Luc", "Al-Hassan")."""
    parts = word.split("-")
    return len(parts) >= 2 and all(p.isalpha() and p.islower() for p in parts[1:]) \
        and all(p.lower() in lex for p in parts)


def _tag_english(run: list[_Tok], res: _EnglishResources, at_sentence_start: bool) -> None:
    """Tag a run of non-Chinese tokens with Penn Treebank tags (xpos)."""
    lex = res.lexicon
    n = len(run)
    words = [t.text for t in run]
    tags: list[str] = [""] * n
    heading = _is_heading(run)
    for k, tok in enumerate(run):
        w = words[k]
        kind = tok.kind
        if kind == _PUNCT or kind == _EMOJI_K:
            tags[k] = "NFP" if kind == _EMOJI_K else (lex.get(w) or _punct_tag(w)[0])
            continue
        if kind == _URL:
            tags[k] = "ADD"
            continue
        if kind == _DATE:
            tags[k] = "CD"
            continue
        tag = _CLITIC_TAGS.get(w) if k > 0 else None
        if w.lower() in _NEGATED_MODALS and k + 1 < n and words[k + 1] in ("n't", "n’t"):
            tag = "MD"
        if tag is None:
            tag = lex.get(w)
        if tag is None and ((k == 0 and at_sentence_start) or heading):
            tag = lex.get(w.lower())
        if tag is None:
            if w[0].isupper():
                tag = "NNP"
            elif _CD_RE.match(w) or kind == _NUM:
                tag = "CD"
            else:
                tag = _morphology(
                    res, w, words[k - 1] if k else "", words[k + 1] if k + 1 < n else ""
                )
        tags[k] = tag

    # The lexicon knows one tag per word: "lives" is NNS, but after a name or he/she/it, before
    # an object or a preposition, it is a verb ("Emma lives in", "Alice cooks dinner").
    for k in range(1, n):
        w = words[k]
        if tags[k] != "NNS" or not w.endswith("s") or w[0].isupper():
            continue
        prev = words[k - 1]
        subject = prev.lower() in ("he", "she", "it") or (
            tags[k - 1] in _NNP_TAGS and (k < 2 or tags[k - 2] not in _NNP_TAGS)
        )
        if not subject:
            continue
        stem = lex.get(w[:-1]) or (lex.get(w[:-2]) if w.endswith("es") else None)
        nxt_tag = tags[k + 1] if k + 1 < n else ""
        if stem in ("VB", "VBP") or (stem is not None and nxt_tag in _OBJECT_START):
            tags[k] = "VBZ"

    # Brill contextual rules, padded like pattern does.
    pad = ["STAART"] * 3
    w3 = pad + words + pad
    t3 = pad + tags + pad
    candidates = res.context.candidates
    for i in range(3, n + 3):
        for to, test in candidates(t3[i], w3[i], t3[i - 1]):
            if test(w3, t3, i):
                t3[i] = to
                break
    lexical = tags
    tags = t3[3:-3]
    for k in range(n - 2):  # "can't stand open-plan offices any more": no verb before "any more"
        if tags[k] == "VBZ" and lexical[k] == "NNS" and words[k + 1].lower() == "any" \
                and words[k + 2].lower() in ("more", "longer"):
            tags[k] = "NNS"

    for k in range(n):
        w = words[k]
        # Brill's rules were learnt on newswire, where "NN NNP" is often a name; a lower-case
        # word is not ("my sister Emma", "next Friday").
        if tags[k] in _NNP_TAGS and not w[0].isupper() and lexical[k] not in _NNP_TAGS:
            tags[k] = lexical[k]

    # Capitalisation: proper nouns in running text; common words at the start of a sentence.
    for k, tok in enumerate(run):
        w = words[k]
        if tok.kind not in (_WORD, _ABBR) or not w[0].isupper():
            continue
        if w == "I":
            tags[k] = "PRP"
            continue
        if w.lower() in _INTERJECTIONS:  # "Ach, so my brother ...": no name
            tags[k] = "UH"
            continue
        if w.lower() in _NOTE_WORDS:  # "Mtg notes 3/14": no name
            tags[k] = "NN"
            continue
        if w in _COMMON_ACRONYMS or (w.isupper() and w.lower() in _COMMON_ACRONYMS_LOWER):
            tags[k] = "NNS" if w.endswith("s") and w[:-1] in _COMMON_ACRONYMS else "NN"
            continue
        exact = lex.get(w)
        low = lex.get(w.lower())
        nxt = words[k + 1] if k + 1 < n else ""
        nxt_cap = bool(nxt) and nxt[0].isupper() and nxt != "I" and run[k + 1].kind == _WORD
        if heading:
            if exact in _NNP_TAGS or low is None:
                tags[k] = exact if exact in _NNP_TAGS else "NNP"
            else:
                tags[k] = low
            continue
        start = (k == 0 and at_sentence_start) or (k > 0 and words[k - 1] in _OPENERS)
        if start:
            named = (
                # the lexicon's "Update"/NNP (a headline's word) opening an order: "Update Nadia's card"
                (exact in _NNP_TAGS and not (low == "VB" and nxt_cap))
                or w in res.first_names
                or w.lower() in res.places
                or low == "FW"  # a foreign word capitalised first is a name: "Sana Qureshi reports to …"
            )
            after = words[k + 2] if k + 2 < n else ""
            if (nxt in _CONNECTORS and after[:1].isupper() and w.lower() not in _OF_OPENERS) or (w in _NAME_HEADS and nxt_cap):
                tags[k] = "NNP"  # "Bank of America ...", "Project Orion ..." opening a sentence
            elif low is None and lex.get(nxt) in ("NN", "NNS") and _common_compound(w, lex):  # (not "Sung-min Park", "Coca-cola is")
                tags[k] = "NN"  # "Remote-work form updated — …": two common words, no name
            elif low is None:
                tags[k] = exact if exact and exact not in _CLOSED_TAGS else "NNP"
            elif low in _CLOSED_TAGS:
                tags[k] = "NNP" if (nxt_cap and named) else low
            elif named and (
                nxt_cap
                or (k + 1 < n and tags[k + 1] in _VERBISH)
                or nxt in ("'s", "’s", ",", "and")
                or w in res.first_names
                or w.lower() in res.places
            ):
                tags[k] = "NNPS" if exact == "NNPS" else "NNP"
            elif tags[k] in _NNP_TAGS:
                tags[k] = low
        else:
            if exact in _CLOSED_TAGS or exact == "CD":
                tags[k] = exact
            elif exact == "JJ" and not nxt_cap:
                tags[k] = "JJ"
            else:
                tags[k] = "NNPS" if exact == "NNPS" else "NNP"

    # Clitics: fixed tags, or tags that depend on the neighbours.
    for k in range(1, n):
        w = words[k]
        if w in _CLITIC_TAGS:
            tags[k] = _CLITIC_TAGS[w]
        elif w in ("'s", "’s"):
            host = words[k - 1].lower()
            if host == "let":
                tags[k] = "PRP"
                if k + 1 < n and tags[k + 1] in ("NN", "VBP"):
                    tags[k + 1] = "VB"  # "let's go"
            elif host in _S_VERB_HOSTS or tags[k - 1] in ("PRP", "WP", "EX"):
                tags[k] = "VBZ"
            elif (
                tags[k - 1] in ("NNP", "NNPS")
                and k + 1 < n
                and lexical[k + 1] in ("VBN", "VBD")
                and (k + 2 >= n or tags[k + 2] not in ("NN", "NNS", "JJ"))
            ):  # "Kwame's moved to Kumasi", "Ana's left Accra": has; not "Ana's broken leg"
                tags[k] = "VBZ"
                tags[k + 1] = "VBN"
            else:
                tags[k] = "POS"
        elif w in ("'d", "’d"):
            # "he'd left" (had + participle) versus "she'd go" (would + base form).
            if k + 1 < n and lexical[k + 1] in ("VBN", "VBD"):
                tags[k] = "VBD"
                tags[k + 1] = "VBN"
            else:
                tags[k] = "MD"

    for k in range(n):  # the lexicon's chat "2"/"4" (to, for) only where a number cannot stand
        if words[k] in ("2", "4") and tags[k] != "CD" and not _chat_digit(words, tags, lex, k):
            tags[k] = "CD"

    for tok, tag in zip(run, tags, strict=True):
        tok.xpos = tag


def _chat_digit(words: list[str], tags: list[str], lex: dict[str, str], k: int) -> bool:
    """Whether "2" or "4" stands for "to"/"for" ("going 2 school", "talk 2 me", "thanks 4
    coming", "moved 2 Leeds"): a name follows a verb, or a lower-case word that is no plural
    noun follows and no noun, number, determiner or preposition comes before ("week 2",
    "floor 4 is closed", "in 2 weeks", "have 2 kids" are numbers)."""
    nxt = words[k + 1] if k + 1 < len(words) else ""
    if nxt[:1].isupper() and nxt.isalpha() and k and tags[k - 1].startswith("VB"):
        return True  # "moved 2 Leeds"
    if not (nxt.isalpha() and nxt.islower()) or lex.get(nxt) == "NNS":
        return False
    prev = words[k - 1].lower() if k else ""
    return prev in ("thanks", "thx") or not (k and tags[k - 1] in _NUMBER_BEFORE)


_NUMBER_BEFORE = frozenset({"NN", "NNS", "NNP", "NNPS", "CD", "DT", "IN"})


_COMMON_ACRONYMS_LOWER = frozenset(a.lower() for a in _COMMON_ACRONYMS)

_PTB_UPOS = {
    "CC": "CCONJ",
    "CD": "NUM",
    "DT": "DET",
    "EX": "PRON",
    "FW": "X",
    "IN": "ADP",
    "JJ": "ADJ",
    "JJR": "ADJ",
    "JJS": "ADJ",
    "LS": "X",
    "MD": "AUX",
    "NN": "NOUN",
    "NNS": "NOUN",
    "NNP": "PROPN",
    "NNPS": "PROPN",
    "PDT": "DET",
    "POS": "PART",
    "PRP": "PRON",
    "PRP$": "PRON",
    "RB": "ADV",
    "RBR": "ADV",
    "RBS": "ADV",
    "RP": "ADP",
    "SYM": "SYM",
    "TO": "PART",
    "UH": "INTJ",
    "VB": "VERB",
    "VBD": "VERB",
    "VBG": "VERB",
    "VBN": "VERB",
    "VBP": "VERB",
    "VBZ": "VERB",
    "WDT": "PRON",
    "WP": "PRON",
    "WP$": "PRON",
    "WRB": "ADV",
    "NFP": "SYM",
    "ADD": "X",
    "$": "SYM",
    "#": "SYM",
}
_BE_FORMS = frozenset("be am is are was were been being 'm ’m 're ’re 's ’s ai".split())
_HAVE_FORMS = frozenset("have has had having 've ’ve 'd ’d".split())
_DO_FORMS = frozenset("do does did".split())
_SCONJ = frozenset("because although though whereas unless whether if that while once".split())
_NOMINAL = frozenset({"NN", "NNS", "NNP", "NNPS", "JJ", "JJR", "JJS", "CD"})


def _upos_english(run: list[_Tok]) -> None:
    """Map Penn tags to UPOS, with UD's conventions for auxiliaries, particles and pronouns."""
    n = len(run)
    for k, tok in enumerate(run):
        x = tok.xpos
        low = tok.text.lower()
        if tok.kind == _PUNCT or tok.kind == _EMOJI_K:
            tok.upos = "SYM" if tok.kind == _EMOJI_K else _punct_tag(tok.text)[1]
            if tok.upos == "SYM" and x in (".", ",", ":", "``", "''", "-LRB-", "-RRB-"):
                tok.upos = "PUNCT"
            continue
        upos = _PTB_UPOS.get(x, "X")
        if x.startswith("VB"):
            if low in _BE_FORMS:
                upos = "AUX"
            elif low in _HAVE_FORMS or low in _DO_FORMS:
                # An auxiliary when a verb follows (skipping adverbs, negation, a subject).
                j = k + 1
                while j < n and (run[j].xpos in ("RB", "PRP", "EX") or run[j].text == "n't"):
                    j += 1
                if j < n and run[j].xpos in (
                    ("VBN", "VBD") if low in _HAVE_FORMS else ("VB", "VBP")
                ):
                    upos = "AUX"
        elif x == "RB" and low in ("not", "n't", "n’t"):
            upos = "PART"
        elif x == "IN" and low in _SCONJ:
            upos = "SCONJ"
        elif x == "TO":
            upos = "PART" if k + 1 < n and run[k + 1].xpos.startswith("VB") else "ADP"
        elif x in ("DT", "WDT") and low in ("this", "that", "these", "those", "which", "what"):
            following = run[k + 1].xpos if k + 1 < n else ""
            upos = "DET" if following in _NOMINAL else "PRON"
        tok.upos = upos
