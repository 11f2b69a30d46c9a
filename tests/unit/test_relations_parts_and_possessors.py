"""Fourteenth round of the relation layer's rules (blind batches 54-57): a future or a condition
holds for its own part of a clause, prefixes and idioms of a change ("ex-Nokia", "X and Y
split"), whose person a name is ("Leila's cousin Nadia", "Arjun's new intern"), handovers with
both ends, and Chinese clues (周报, 架构, 派 … 常驻, 这周起). Real SQLite (``:memory:``), offline
annotator; no mocks. The sentences are written for these tests, not taken from the batches.
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

from ._facts import Case, after_turns


@pytest.mark.parametrize(
    "case",
    [
        # (a future or a condition in a later part of the clause)
        (None, "Priya lives in Bristol.",
         "Priya has finished her move to Cardiff and will join the Monday calls from there.",
         ("Priya", "LIVES_IN", "Bristol"), False),
        ("Marek", "I work for Nokia.",
         "Wrapped up my notice at Nokia on Friday, let me know if you hear of any contracts.",
         ("Marek", "WORKS_FOR", "Nokia"), False),
        # look-alikes: the future says the change is a stay, or the future comes first
        (None, "Priya lives in Bristol.",
         "Priya packed a bag for Cardiff, since she'll be staying with her aunt over the holidays.",
         ("Priya", "LIVES_IN", "Bristol"), True),
        (None, "Priya lives in Bristol.", "Priya is going to move to Cardiff and sell the flat.",
         ("Priya", "LIVES_IN", "Bristol"), True),
        # (prefixes and idioms)
        ("Marek", "I work for Nokia.", "ex-Nokia as of Friday 🙂 lmk if u need a hand with anything",
         ("Marek", "WORKS_FOR", "Nokia"), False),
        (None, "Greta is married to Tom.", "Greta and Tom split ages ago, she said yes to Karl in May.",
         ("Greta", "MARRIED_TO", "Tom"), False),
        (None, "Greta is married to Tom.", "Greta and Tom split the bill at dinner with friends.",
         ("Greta", "MARRIED_TO", "Tom"), True),
        # "it" is a thing, and so is a liked thing a weak NER calls a person: the chat turn still
        # has its speaker as the one whose taste changed
        ("Lena", "I like Asana.",
         "tbh Asana has been unbearable since the update, moved the team board to Linear and "
         "honestly loving it.", ("Lena", "LIKES", "Asana"), False),
        # (whose person a name is)
        (None, "Omar is married to Leila.", "Omar's brother Karim married Leila's cousin Nadia in June.",
         ("Karim", "MARRIED_TO", "Leila"), False),
        (None, "Arjun reports to Leila.", "Arjun's new intern started today and reports to him now.",
         ("Arjun", "REPORTS_TO", "Leila"), True),
        # (a handover from one person to another; a project's own move is none)
        (None, "Ingrid manages the Atlas project.",
         "Ownership of the Atlas project passed from Ingrid to Rajesh on Monday.",
         ("Ingrid", "MANAGES", "Atlas project"), False),
        (None, "Ingrid manages the Atlas project.",
         "Ownership of the Atlas project passed from Ingrid to Rajesh on Monday.",
         ("Rajesh", "MANAGES", "Atlas project"), True),
        # (a move said in passing)
        ("Tomasz", "I live in Leeds.",
         "The removal van was emptied in York on Saturday, so please send my post to the new address.",
         ("Tomasz", "LIVES_IN", "Leeds"), False),
        # (Chinese)
        ("孔雪", "我的上级是梁军。", "组织架构又调了，以后我的周报发给邓华。",
         ("孔雪", "REPORTS_TO", "梁军"), False),
        (None, "冯涛住在南京。", "单位派冯涛常驻成都，南京的房子已经退租。", ("冯涛", "LIVES_IN", "南京"),
         False),
        ("韦强", "我负责青松项目。", "青松项目我这周起就不管了，交给了小蒋。", ("韦强", "MANAGES", "青松项目"),
         False),
        ("韦强", "我负责青松项目。", "这周不去公司了，在家休息。", ("韦强", "MANAGES", "青松项目"), True),
        # "由X负责" after a topic of its own: not the project of an earlier sentence
        (None, "唐敏负责飞鱼项目。", "现在唐敏的报销审批由罗军负责。", ("罗军", "MANAGES", "飞鱼项目"), False),
        # (batches 58-61: spoken chat, a plan or a denial in its own part, names of things)
        (None, "Maeve is married to Colm.",
         "Um, I don't know if you heard but Maeve and Colm have split, properly this time.",
         ("Maeve", "MARRIED_TO", "Colm"), False),
        ("Lena", "I work for Zalando.",
         "Handed in my Zalando badge on Friday and might try freelancing for a while.",
         ("Lena", "WORKS_FOR", "Zalando"), False),
        ("Callum", "I live in Glasgow.",
         "Ugh, my brother relocated to Inverness and Mum asks when I'm following, and I'm like, "
         "never, I'm not leaving Glasgow.", ("Callum", "LIVES_IN", "Glasgow"), True),
        ("Ingrid", "I live in Leeds.",
         "Ever since the movers dropped everything off in York, my post keeps going to the old flat.",
         ("Ingrid", "LIVES_IN", "Leeds"), False),
        (None, "Ravi likes the Sonos Arc.", "Ravi says the Arc has been awful since the update.",
         ("Ravi", "LIKES", "Sonos Arc"), False),
        ("马超", "我喜欢羽毛球。", "腰伤了以后对羽毛球真提不起兴趣了。", ("马超", "LIKES", "羽毛球"), False),
        (None, "Tariq reports to Helena.",
         "Tariq's teammate Owen has a new boss since the reorg: he reports to Sven now.",
         ("Tariq", "REPORTS_TO", "Sven"), False),
        (None, "Tariq reports to Helena.",
         "Owen got a new boss after the reorg, but Tariq is still under Helena.",
         ("Tariq", "REPORTS_TO", "Helena"), True),
        # (batches 62-65: emails, news, letters, banter)
        # two dashes leave an empty clause, which denies nothing
        (None, "钱芳在京东工作。", "周五聚餐——钱芳的欢送会别忘了。", ("钱芳", "WORKS_FOR", "京东"), False),
        # the sentence opens with a possessor: the brother moved
        (None, "Hamish lives in Aberdeen.", "Hamish's brother packed up and moved to Dundee.",
         ("Hamish", "LIVES_IN", "Dundee"), False),
        (None, "Hamish lives in Aberdeen.",
         "His sister moved to Dundee, but Hamish says he's staying put.",
         ("Hamish", "LIVES_IN", "Aberdeen"), True),
        ("Aoife", "I dislike open-plan offices.", "Honestly, open-plan offices have grown on me.",
         ("Aoife", "DISLIKES", "open-plan offices"), False),
        # a "while" or "who" clause is asserted on its own, whatever the future before it
        (None, "Ingrid manages the Atlas project.",
         "The CTO said Atlas will be led by Kenji from now on, while Ingrid moves over to head the "
         "Orion team.", ("Ingrid", "MANAGES", "Atlas project"), False),
        (None, "Zara reports to Henry Walsh.",
         "The reference will come from Ingrid Olsen, who Zara has answered to since Henry Walsh "
         "retired.", ("Zara", "REPORTS_TO", "Henry Walsh"), False),
        # "consider it my farewell" is no plan
        ("Marcus", "I work for Deloitte.", "Consider it my farewell round, since on Monday I start at KPMG.",
         ("Marcus", "WORKS_FOR", "Deloitte"), False),
        # a rumour, or a report denied, states nothing
        (None, "刘洋在腾讯工作。", "网传刘洋将跳槽至阿里巴巴一事，腾讯回应称消息不实。",
         ("刘洋", "WORKS_FOR", "阿里巴巴"), False),
        (None, "刘洋在腾讯工作。", "网传刘洋将跳槽至阿里巴巴一事，腾讯回应称消息不实。",
         ("刘洋", "WORKS_FOR", "腾讯"), True),
        (None, "Joan works for Google.", "Joan is rumoured to have joined Meta.",
         ("Joan", "WORKS_FOR", "Meta"), False),
        # 前华为高管: a former employer
        (None, "赵雪梅在华为工作。", "小米宣布任命前华为高管赵雪梅为副总裁。", ("赵雪梅", "WORKS_FOR", "华为"),
         False),
        # (batches 66-69: posts, HR notes, messages between friends, school chats)
        # a post's author (陈晓 + 发朋友圈, 柯蓝 + 微博), and 朋友圈 is no friend
        (None, "陈晓在阿里巴巴工作。", "陈晓发朋友圈：交还了阿里的工牌，领到了京东的新工牌。",
         ("陈晓", "WORKS_FOR", "阿里巴巴"), False),
        (None, "柯蓝喜欢榴莲。", "柯蓝微博：以前是榴莲脑残粉，现在闻到味道就想跑。", ("柯蓝", "LIKES", "榴莲"),
         False),
        # the other end of a split said with 跟 / from: the speaker still changed
        ("何静", "我和林峰结婚了。", "跟林峰和平分手了，手续都办完了。", ("何静", "MARRIED_TO", "林峰"), False),
        ("Tobias", "I am married to Helga.", "The divorce from Helga finally went through last week.",
         ("Tobias", "MARRIED_TO", "Helga"), False),
        ("Noor", "I work for Accenture.", "Handed back my Accenture pass this morning.",
         ("Noor", "WORKS_FOR", "Accenture"), False),
        # a short name of a Chinese activity (团建 for 团建活动) and an aversion (头疼)
        (None, "韩梅喜欢团建活动。", "韩梅说现在一听到周末团建就头疼。", ("韩梅", "LIKES", "团建活动"), False),
        # (batches 70-73: interviews, shorthand notes, gossip, long messages)
        # an owner after a verb is the one who changed (Priya's card, 孙伟的欢送会, 她…的新家)
        (None, "Priya Shah works for Barclays.", "Update Priya's contact card: ex-Barclays, now at HSBC.",
         ("Priya Shah", "WORKS_FOR", "Barclays"), False),
        (None, "孙伟在华为工作。", "提醒：周五参加孙伟的欢送会。", ("孙伟", "WORKS_FOR", "华为"), False),
        (None, "李芳住在成都。", "给李芳的快递改寄她重庆的新家，成都那边退租了。", ("李芳", "LIVES_IN", "成都"),
         False),
        (None, "Mira works for Deloitte.", "Saw Mira at the Unilever gate — turns out she jumped ship from "
         "Deloitte.", ("Mira", "WORKS_FOR", "Deloitte"), False),
        # a wish is no fact
        (None, "Ivo reports to Greta.", "Ivo keeps saying he wishes he reported to Bart instead.",
         ("Ivo", "REPORTS_TO", "Bart"), False),
        (None, "Ivo reports to Greta.", "Ivo keeps saying he wishes he reported to Bart instead.",
         ("Ivo", "REPORTS_TO", "Greta"), True),
        (None, "钟敏和高翔结婚了。", "钟敏说她和高翔两年前就分开了。", ("钟敏", "MARRIED_TO", "高翔"), False),
        # 考上了X的公务员 is a job in a city, not a school
        (None, "孟琪住在沈阳。", "孟琪考上了杭州的公务员。", ("孟琪", "STUDIES_AT", "杭州"), False),
        # a clause with no subject: the person who opens the clause before it
        (None, "马骏的上级是邵峰。", "邵峰和马骏闹掰了，马骏申请调岗成功，现在归孟琳管。",
         ("邵峰", "REPORTS_TO", "孟琳"), False),
        (None, "马骏的上级是邵峰。", "邵峰和马骏闹掰了，马骏申请调岗成功，现在归孟琳管。",
         ("马骏", "REPORTS_TO", "孟琳"), True),
        # a liked thing named earlier in the statement, the aversion in the next sentence
        (None, "蒋悦喜欢榴莲。", "别再给蒋悦买榴莲了！她说现在闻着都受不了。", ("蒋悦", "LIKES", "榴莲"), False),
        (None, "Leo likes cricket.", "Leo can't stand sitting through a five-day test.",
         ("Leo", "DISLIKES", "sitting"), False),
        (None, "Amira reports to Gordon.",
         "Gordon's boss will sit in on Amira's review, but the line management doesn't change.",
         ("Amira", "REPORTS_TO", "Gordon"), True),
    ],
)
def test_a_later_statement_leaves_the_fact_or_keeps_it(memory: TemporalGraphMemory, case: Case) -> None:
    speaker, first, later, fact, kept = case
    facts = after_turns(memory, speaker, first, later)
    assert (fact in facts) is kept, facts


def test_a_verb_before_an_industry_word_is_no_company_name(memory: TemporalGraphMemory) -> None:
    memory.add("黄东负责数据平台。")
    memory.add("黄东已卸任数据平台负责人，由周婷接手。")
    names = {e.name for e in memory.entities()}
    assert not any(n.startswith("卸任") for n in names), names


def test_a_first_name_typed_as_a_place_is_the_known_person(memory: TemporalGraphMemory) -> None:
    memory.add("Ingrid manages the Atlas project.")
    memory.add("Ownership of the Atlas project passed from Ingrid to Rajesh on Monday.")
    ingrids = [e for e in memory.entities() if e.name == "Ingrid"]
    assert len(ingrids) == 1 and ingrids[0].type == "PERSON"


def test_an_interjection_opening_a_message_is_no_name(memory: TemporalGraphMemory) -> None:
    memory.add("Ach, so my cousin Euan's gone and relocated to Inverness.", speaker="Callum")
    memory.add("Dear Dr Shah, since the injury I can't stand running.", speaker="Callum")
    names = {e.name for e in memory.entities()}
    assert "Ach" not in names and "Dear" not in names and "Inverness" in names, names


def test_a_project_name_keeps_the_noun_before_its_generic_word(memory: TemporalGraphMemory) -> None:
    memory.add("周婷负责薪酬系统升级项目。")
    assert "薪酬系统升级项目" in {e.name for e in memory.entities()}
