"""English lemmas and morphological features (``feats``) from the Penn tag and the lexicon."""

from __future__ import annotations

from .tokens import _DATE, _URL, _Tok


def _pairs(spec: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in spec.split():
        base, _, forms = item.partition(":")
        for form in forms.split(","):
            out[form] = base
    return out


_IRREGULAR_VERBS = _pairs(
    """be:am,is,are,was,were,been,being,'m,’m,'re,’re,ai have:has,had,having,'ve,’ve
    do:does,did,done,doing go:goes,went,gone say:said make:made get:got,gotten know:knew,known
    think:thought take:took,taken see:saw,seen come:came give:gave,given find:found tell:told
    become:became leave:left feel:felt bring:brought begin:began,begun keep:kept hold:held
    write:wrote,written stand:stood hear:heard mean:meant meet:met run:ran pay:paid sit:sat
    speak:spoke,spoken lead:led grow:grew,grown lose:lost fall:fell,fallen send:sent build:built
    understand:understood draw:drew,drawn break:broke,broken spend:spent rise:rose,risen
    drive:drove,driven buy:bought wear:wore,worn choose:chose,chosen seek:sought
    throw:threw,thrown catch:caught deal:dealt win:won forget:forgot,forgotten teach:taught
    sell:sold fight:fought eat:ate,eaten drink:drank,drunk sing:sang,sung swim:swam,swum
    fly:flew,flown sleep:slept feed:fed hide:hid,hidden ride:rode,ridden shake:shook,shaken
    steal:stole,stolen wake:woke,woken freeze:froze,frozen forgive:forgave,forgiven
    bite:bit,bitten hang:hung shoot:shot light:lit slide:slid bend:bent lend:lent bind:bound
    dig:dug stick:stuck strike:struck swing:swung flee:fled weep:wept sweep:swept creep:crept
    kneel:knelt leap:leapt dream:dreamt learn:learnt burn:burnt spell:spelt smell:smelt
    mistake:mistook,mistaken undertake:undertook,undertaken overcome:overcame arise:arose,arisen
    withdraw:withdrew,withdrawn lie:lay,lain ring:rang,rung show:showed,shown
    prove:proved,proven tear:tore,torn bear:bore,borne,born beat:beaten blow:blew,blown
    hit:hit will:'ll,’ll,wo can:ca shall:sha die:dying lie:lying tie:tying"""
)
_IRREGULAR_NOUNS = _pairs(
    """man:men woman:women child:children person:people mouse:mice foot:feet tooth:teeth
    goose:geese ox:oxen criterion:criteria phenomenon:phenomena analysis:analyses
    thesis:theses crisis:crises basis:bases diagnosis:diagnoses hypothesis:hypotheses
    life:lives wife:wives knife:knives leaf:leaves wolf:wolves half:halves shelf:shelves
    thief:thieves self:selves cactus:cacti fungus:fungi index:indices matrix:matrices
    appendix:appendices series:series species:species sheep:sheep fish:fish deer:deer
    news:news"""
)
_IRREGULAR_DEGREE = _pairs("good:better,best bad:worse,worst far:farther,farthest,further,furthest")
_PRONOUN_LEMMAS = {"i": "I", "me": "I", "him": "he", "her": "she", "us": "we", "them": "they"}
_CLITIC_LEMMAS = {"n't": "not", "n’t": "not", "'ll": "will", "’ll": "will"}
_MODAL_LEMMAS = {"ca": "can", "wo": "will", "sha": "shall"}
_VOWELS = frozenset("aeiou")


def _cvc(stem: str) -> bool:
    """Consonant-vowel-consonant ending (hop, us): the base likely ends in a silent e."""
    if len(stem) < 2 or stem[-1] in _VOWELS or stem[-1] in "wxy" or stem[-2] not in _VOWELS:
        return False
    return len(stem) == 2 or stem[-3] not in _VOWELS


def _first_known(cands: list[str], lex: dict[str, str], fallback: str) -> str:
    for c in cands:
        if c in lex:
            return c
    return fallback


def _strip_s(low: str, lex: dict[str, str]) -> str:
    if low.endswith("ies") and len(low) > 4:
        return _first_known([low[:-3] + "y", low[:-1]], lex, low[:-3] + "y")
    if low.endswith("ves") and len(low) > 4:
        cands = [low[:-1], low[:-3] + "f", low[:-3] + "fe"]
        return _first_known(cands, lex, low[:-1])
    if low.endswith("es") and len(low) > 3:
        fallback = low[:-2] if low[:-2].endswith(("s", "x", "z", "ch", "sh", "o")) else low[:-1]
        return _first_known([low[:-1], low[:-2]], lex, fallback)
    if low.endswith("s") and not low.endswith(("ss", "us", "is")) and len(low) > 2:
        return low[:-1]
    return low


def _strip_ing(low: str, lex: dict[str, str]) -> str:
    if len(low) <= 4 or not low.endswith("ing"):
        return low
    stem = low[:-3]
    if len(stem) >= 2 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS:
        keep = stem[-1] in "lsfz"
        return _first_known([stem, stem[:-1]], lex, stem if keep else stem[:-1])
    if _cvc(stem):
        return _first_known([stem + "e", stem], lex, stem + "e")
    return _first_known([stem, stem + "e"], lex, stem)


def _strip_ed(low: str, lex: dict[str, str]) -> str:
    if low.endswith("ied") and len(low) > 4:
        return _first_known([low[:-3] + "y", low[:-1]], lex, low[:-3] + "y")
    if not low.endswith("ed") or len(low) <= 3:
        return low
    stem = low[:-2]
    cands = [low[:-1], stem]
    if len(stem) >= 2 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS:
        cands.append(stem[:-1])
        fallback = stem if stem[-1] in "lsfz" else stem[:-1]
    else:
        fallback = stem + "e" if _cvc(stem) else stem
    return _first_known(cands, lex, fallback)


def _strip_degree(low: str, lex: dict[str, str]) -> str:
    irregular = _IRREGULAR_DEGREE.get(low)
    if irregular:
        return irregular
    for suffix in ("est", "er"):
        if low.endswith(suffix) and len(low) > len(suffix) + 2:
            stem = low[: -len(suffix)]
            cands = [stem[:-1] + "y"] if stem.endswith("i") else []
            cands += [stem + "e", stem]
            if len(stem) >= 2 and stem[-1] == stem[-2]:
                cands.append(stem[:-1])
            return _first_known(cands, lex, low)
    return low


def _lemma_english(tok: _Tok, lex: dict[str, str]) -> str:
    w, x, upos = tok.text, tok.xpos, tok.upos
    if upos == "PROPN" or tok.kind in (_URL, _DATE):
        return w
    low = w.lower()
    if low in _CLITIC_LEMMAS:
        return _CLITIC_LEMMAS[low]
    if x == "MD" and low in _MODAL_LEMMAS:
        return _MODAL_LEMMAS[low]
    if low in ("'s", "’s"):
        return {"VBZ": "be", "PRP": "us"}.get(x, low)
    if low in ("'d", "’d"):
        return "have" if x == "VBD" else "would"
    if upos == "PRON":
        return _PRONOUN_LEMMAS.get(low, low)
    if x.startswith("VB"):
        irregular = _IRREGULAR_VERBS.get(low)
        if irregular:
            return irregular
        if x == "VBZ":
            return _strip_s(low, lex)
        if x == "VBG":
            return _strip_ing(low, lex)
        if x in ("VBD", "VBN"):
            return _strip_ed(low, lex)
        return low
    if x == "NNS":
        return _IRREGULAR_NOUNS.get(low) or _strip_s(low, lex)
    if x in ("JJR", "JJS"):
        return _strip_degree(low, lex)
    if x in ("RBR", "RBS"):
        return "well" if low in ("better", "best") else low
    return low


_FEATS = {
    "NN": "Number=Sing",
    "NNS": "Number=Plur",
    "NNP": "Number=Sing",
    "NNPS": "Number=Plur",
    "VBZ": "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin",
    "VBP": "Mood=Ind|Tense=Pres|VerbForm=Fin",
    "VBD": "Mood=Ind|Tense=Past|VerbForm=Fin",
    "VBN": "Tense=Past|VerbForm=Part",
    "VBG": "VerbForm=Ger",
    "VB": "VerbForm=Inf",
    "MD": "VerbForm=Fin",
    "JJ": "Degree=Pos",
    "JJR": "Degree=Cmp",
    "JJS": "Degree=Sup",
    "RBR": "Degree=Cmp",
    "RBS": "Degree=Sup",
    "CD": "NumType=Card",
}
