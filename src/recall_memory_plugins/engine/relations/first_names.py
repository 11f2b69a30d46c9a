"""First names that tell a person's gender, for pronoun resolution and for typing a name.

:func:`.lexicon.gender_of` reads these. A name is listed only when it is given to one gender far
more often than the other across the languages it is common in; names that are also places or
words ("Florence" stays, "Sydney", "Chelsea", "Georgia" are not listed) or often given to both
("Alex", "Sam", "Jordan" stay in the older lists; "Robin", "Kim" elsewhere) are left out here.

Chinese given names do not tell the gender as reliably; :data:`ZH_MALE_CHARS` and
:data:`ZH_FEMALE_CHARS` are the characters that, as the last character of a given name, are
strongly of one gender (徐刚, 杨雪). A name ending in another character has no gender.
"""

from __future__ import annotations

__all__ = ["MORE_FEMALE_NAMES", "MORE_MALE_NAMES", "ZH_FEMALE_CHARS", "ZH_MALE_CHARS"]

MORE_MALE_NAMES = frozenset(
    """
    abdul ahmad aleksandr alejandro alessandro alexei alfonso amir anders andre andreas andrei
    angus anil antoine anton antonio arjun armando arnav aryan axel barry bastian benedikt
    bernard bjorn boris brendan callum cameron carsten cedric cesar christoph ciaran cillian
    clement conor cristian damian darius declan deepak desmond diego dmitri dmitry domenico
    duncan eamon edgar eduardo elias emil emilio emmanuel enrique erik ernesto esteban fabian
    fabio farhan federico felipe felix fernando finn finlay florian francesco francisco franz
    frederick frederik fyodor gareth gavin gerhard giorgio giovanni giuseppe graham grant gustav
    hamid hans harold harvey hassan hector heinrich henrik hiroshi hussein ibrahim igor ivan
    jakob jan javier jens jesus jiro joaquin johan johannes jorge jurgen kai kamal karan karl
    kenji klaus konstantin kwabena kwame kofi lars laurent leonardo lorenzo luca luigi luis
    lukas magnus malcolm manuel marco marek mario marius markus mateo matteo matthias maurice
    mehmet miguel mikhail milan mohammad moritz mustafa nabil nadir nikolai nikolaus niklas
    nils nolan olaf oleg ollie olivier pablo paolo pascal pavel pedro pierre pieter pradeep
    rafael rahul raj rajesh ramon rashid raul ravi reza ricardo riccardo rohan roland rory ruben
    rupert rustam salvatore samir sandeep sanjay sergei sergio seamus shane siddharth soren
    stefan sven takeshi tariq tobias tomas torsten umar vikram vladimir wolfgang xavier yannick
    yousef yusuf zoltan
    """.split()
)

MORE_FEMALE_NAMES = frozenset(
    """
    adriana agnes agnieszka aisha aiko alessia alina amara amina ananya anastasia angelica anika
    anja annika antonia aoife astrid beatriz bettina bianca birgit brigitte carina carolina
    catarina cecilia celine chiara claudia constanza daniela daria deepa delphine divya dolores
    elisa elise elke ellie elodie eloise elsa elsie esme esther eugenia ewa federica francesca
    freya frida gabriela gabriele gemma gisela giulia greta gudrun hana hanna harriet hazel heidi
    helga hilde ines ingrid irene irina isla ivana jacqueline joana johanna josephine juliana
    juliette kasia katarina katharina katja katrin kavya keiko klara kristina larissa layla leila
    lena leonie leonor liesel lina lucia lucie luisa magda magdalena maja manon margarita margot
    mariana marina marisol marta martina matilda meera mei mercedes mira miriam monika nadia
    nadine naomi natalia natasha neha niamh noor nora nuria olga orla paola petra phoebe pilar
    pooja priya rania renata rita rosa rosalind sabine sabrina saoirse seren siobhan silvia
    simone sigrid sinead sonia stella susanne svetlana tamara tatiana theresa ulrike ursula
    valentina valeria vera veronica violet wilma yasmin yelena yulia yumi zainab zara zofia
    """.split()
)

ZH_MALE_CHARS = frozenset("刚强伟军磊涛勇杰斌鹏浩峰龙辉波超亮健彪虎豪雄毅飞锋鑫坤凯")
ZH_FEMALE_CHARS = frozenset("丽娜静婷芳敏燕雪玲霞梅琳慧颖倩璐瑶萍洁婉娟媛妍薇蓉莉菲嫣姗妮")
