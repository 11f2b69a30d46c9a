"""Change words and topic words of the doubt rule (:mod:`.doubt`) in languages the patterns do
not read: Spanish, Portuguese, French, Italian, German, Russian, Korean and Japanese.

No pattern reads a relation from these languages, so a change said in one of them ("Ben ya no
trabaja en Lloyds", "Бен переехал в Москву") could only leave the old value current. With these
words the doubt rule leaves it unsure instead, as it does for a change in English or Chinese
whose new value it cannot read. The lists are short on purpose: each word is a change or a topic
word in its language and rare in English and Chinese text (French "plus" alone is not a change
word: "ne … plus" is). Merged into :data:`.doubt_words.CHANGE` and ``STRONG``; no topic words:
a value restated in these languages ("Ben trabaja mucho en Lloyds") is read by no pattern, and
a topic word alone would leave it unsure.
"""

from __future__ import annotations

__all__ = ["CHANGE_WORLD", "STRONG_WORLD"]

# a word of a spaced script stands alone: no letter before or after it (accents, Cyrillic)
_SPACED = r"(?<![^\W\d_])(?:{})(?![^\W\d_])"


def _spaced(*parts: str) -> str:
    return _SPACED.format("|".join(parts))


# "no longer" in each language: the strong change words
STRONG_WORLD = "|".join((
    _spaced(
        "ya no", r"no \w+ m[aá]s",  # es
        r"n[aã]o \w+ mais", r"j[aá] n[aã]o",  # pt
        r"ne \w+ plus", r"n['’]\w+ plus", "plus jamais",  # fr
        r"non \w+ pi[uù]", "non più", "non piu",  # it
        "nicht mehr", "kein mehr", r"keine[nm]? \w+ mehr",  # de
        "больше не", "уже не", r"бывш\w*",  # ru
    ),
    "더 이상|이제 안|그만뒀|그만두었|퇴사했|전 직장",  # ko
    "もう[^。！？]{0,12}(?:ない|ません|ていない)|辞めた|辞めました|退職した|退職しました|元の会社",  # ja
))

CHANGE_WORLD = "|".join((
    STRONG_WORLD,
    _spaced(
        r"se mud[oó]", r"mud[oó]", r"mudad[oa]s?", r"mudarse", r"dej[oó]", r"renunci[oó]", "ahora",
        r"nuev[oa] (?:trabajo|empleo|casa|piso|ciudad)",  # es
        r"mudou(?:-se)?", "se mudou", r"deixou", r"saiu", r"novo (?:emprego|trabalho)",  # pt
        r"d[ée]m[ée]nag\w*", r"a quitt[ée]", r"quitt[ée]", r"d[ée]missionn\w*", "maintenant",
        r"nouveau (?:poste|travail|boulot|job)", "nouvelle maison",  # fr
        r"trasferit[oaie]", r"si [èe] trasferit\w", r"ha lasciato", r"lasciato", r"dimess[oa]",
        "adesso", r"nuovo lavoro",  # it
        r"umgezogen", r"zieht um", r"gezogen", r"gek[üu]ndigt", r"verlassen", r"gewechselt",
        "jetzt", r"neue[nr]? (?:job|stelle|arbeit|wohnung)",  # de
        r"переех\w*", r"уволи\w*", r"ушёл", r"ушел", r"ушла", r"теперь", r"сменил\w*",
        r"нов(?:ая|ую|ой) работ\w*",  # ru
    ),
    "이사|이직|퇴사|그만두|그만뒀|지금은|이제는|새 직장|새 회사|옮겼",  # ko
    "引っ越|引越|転職|辞め|退職|今は|新しい(?:会社|仕事|家)|移った|移りました",  # ja
))
