"""Chinese facts stated as current that were stale or wrong (round 53, C).

Each test adds a fact and a later text that changes it, in words of the kind the blind
paraphrase batches found, and checks the facts the memory states as current; each has look-alikes
that must keep the old fact (someone else's feeling, a question, a stand-in, a real name).
"""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory

Fact = tuple[str, str, str]


def stated(*texts: str, speaker: str | None = None) -> set[Fact]:
    """The current facts after adding ``texts`` in order (the first without a speaker when it
    names its subject; the rest from ``speaker``)."""
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        for i, text in enumerate(texts):
            memory.add(text, namespace="t", speaker=speaker if (i or text.startswith("我")) else None)
        return {
            (r.subject_name, r.type, str(r.object_name if r.object_name is not None else r.attributes.get("status", "")))
            for r in memory.relations(namespace="t")
        }


# --- a taste turned: the opposite feeling said in words the list lacked ---------------------

@pytest.mark.parametrize(
    "later",
    [
        "生完孩子以后闻到臭豆腐就想吐。",  # 想吐
        "感冒之后一闻臭豆腐就难受。",  # 就难受
        "被熏了一次之后，我对臭豆腐彻底没好感了。",  # 没好感
        "胃不好，臭豆腐戒了。",  # 戒
    ],
)
def test_a_taste_turned_in_a_speakers_own_words_is_no_longer_stated(later: str) -> None:
    facts = stated("我喜欢臭豆腐。", later, speaker="韩露")
    assert ("韩露", "LIKES", "臭豆腐") not in facts


@pytest.mark.parametrize(
    "later",
    [
        "韩露的老公一闻到臭豆腐就想吐，所以她只能自己偷偷去吃。",  # her husband's feeling
        "我男朋友一闻到臭豆腐就难受，只好等他出差再吃。",  # the speaker's boyfriend's
        "他送了我一枚戒指，晚上一起去吃了臭豆腐。",  # 戒指 is a ring
        "医生让我少吃，我嘴上说要戒，其实还是离不开臭豆腐。",  # a plan to quit, not kept
        "一天不吃臭豆腐就难受。",  # can't do without it
        "臭豆腐这辈子都戒不掉。",  # can't give it up
    ],
)
def test_someone_elses_aversion_or_a_ring_keeps_the_taste(later: str) -> None:
    facts = stated("韩露喜欢臭豆腐。", later, speaker="韩露")
    assert ("韩露", "LIKES", "臭豆腐") in facts


# --- a project handed on, with a time or a stand-in's word before 由/归 ---------------------------

@pytest.mark.parametrize(
    ("later", "new"),
    [
        ("极光项目往后归冯刚管了。", "冯刚"),
        ("极光项目自即日起由蔡琴负责。", "蔡琴"),
        ("极光项目被划给了蔡琴管，韦东只做顾问。", "蔡琴"),
        ("通知：极光项目负责人由韦东变更为蔡琴。", "蔡琴"),
    ],
)
def test_a_project_handed_on_names_its_new_lead(later: str, new: str) -> None:
    facts = stated("韦东负责极光项目。", later)
    assert (new, "MANAGES", "极光项目") in facts
    assert ("韦东", "MANAGES", "极光项目") not in facts


@pytest.mark.parametrize(
    "later",
    [
        "极光项目以后归蔡琴管吗？",  # a question
        "韦东休年假期间，极光项目暂时由蔡琴负责。",  # a stand-in changes no role
        "蔡琴以后归韦东管。",  # a reporting line, not the project
    ],
)
def test_a_question_or_a_stand_in_keeps_the_lead(later: str) -> None:
    facts = stated("韦东负责极光项目。", later)
    assert ("韦东", "MANAGES", "极光项目") in facts
    assert ("蔡琴", "MANAGES", "极光项目") not in facts


# --- a minutes list: "(原X，现Y)" after a name --------------------------------------------------

def test_a_minutes_list_former_and_current_firm_states_the_current() -> None:
    facts = stated("孔磊在联想工作。", "会议记录：出席人员：孔磊（原联想，现小米）、邵婷（记录）。")
    assert ("孔磊", "WORKS_FOR", "小米") in facts
    assert ("孔磊", "WORKS_FOR", "联想") not in facts


def test_a_minutes_list_role_in_brackets_changes_no_firm() -> None:
    facts = stated("孔磊在联想工作。", "会议记录：出席人员：孔磊（主持）、邵婷（记录）。")
    assert ("孔磊", "WORKS_FOR", "联想") in facts


# --- a chat line whose clauses are cut by spaces -----------------------------------------------

def test_a_move_after_a_request_in_a_spaced_chat_line_doubts_the_old_home() -> None:
    facts = stated("我住在南昌。", "亲 收货地址帮我改一下 已经不在南昌了 九江这边刚租了房", speaker="孟凡")
    assert ("孟凡", "LIVES_IN", "南昌") not in facts


def test_a_spaced_chat_request_without_a_change_keeps_the_home() -> None:
    facts = stated("我住在南昌。", "亲 帮我问一下 快递明天能到吗", speaker="孟凡")
    assert ("孟凡", "LIVES_IN", "南昌") in facts


# --- an apology near "today" is no negation of the change ----------------------------------------

def test_an_apology_beside_today_does_not_hide_a_move() -> None:
    facts = stated("我住在南昌。", "今天迟到了不好意思😅 刚从南昌搬到九江，路还不熟", speaker="孟凡")
    assert ("孟凡", "LIVES_IN", "南昌") not in facts


def test_a_day_negated_still_keeps_the_home() -> None:
    facts = stated("我住在南昌。", "今天没搬成家，还是南昌的老房子", speaker="孟凡")
    assert ("孟凡", "LIVES_IN", "南昌") in facts


# --- a name with the next verb glued on by the segmenter -------------------------------------

def test_a_name_followed_by_shuo_is_the_same_person() -> None:
    facts = stated("林晓喜欢咖啡。", "笔记：林晓说最近胃不好，改喝绿茶了。")
    assert not any(s.endswith("说") for s, _, _ in facts)
    assert ("林晓", "LIKES", "绿茶") in facts


def test_a_name_followed_by_fa_ge_is_the_same_person() -> None:
    facts = stated("周杰在华为工作。", "提醒：给周杰发个红包，祝贺他在小米入职满一个月。")
    assert not any(s.endswith("发") for s, _, _ in facts)


def test_a_real_name_ending_in_fa_is_kept_whole() -> None:
    facts = stated("王建发在华为工作。")
    assert ("王建发", "WORKS_FOR", "华为") in facts
