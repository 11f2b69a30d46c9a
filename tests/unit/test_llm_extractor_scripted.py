"""The optional LLM extractor (Mem0^g) with a scripted chat model: realistic tool calls, and
malformed ones that must be rejected or skipped without losing anything already stored.

A hosted LLM cannot run here, so the chat model is scripted (LangChain's GenericFakeChatModel
replaying prepared ``AIMessage`` answers); everything else is real.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("langchain_core")

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage

from recall_memory_plugins import ExtractionError, TemporalGraphMemory
from recall_memory_plugins.engine.relations import (
    ExtractionContext,
    RelationExtractor,
    RelationTracker,
)
from recall_memory_plugins.extractors import LLMRelationExtractor
from recall_memory_plugins.extractors.llm import TOOL_NAME
from recall_memory_plugins.nlp import make_annotator


class ScriptedChatModel(GenericFakeChatModel):
    """Replays scripted answers; records what it was asked."""

    seen: list[list[BaseMessage]] = []  # noqa: RUF012 - pydantic field, reset per instance
    tools: list[Any] = []  # noqa: RUF012

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedChatModel:
        self.tools = list(tools)
        return self

    def invoke(self, input: Any, *args: Any, **kwargs: Any) -> Any:
        self.seen.append(list(input))
        return super().invoke(input, *args, **kwargs)


def call(*relations: Any, entities: Any = None) -> AIMessage:
    args: dict[str, Any] = {"relations": list(relations)}
    if entities is not None:
        args["entities"] = entities
    return AIMessage(content="", tool_calls=[{"name": TOOL_NAME, "args": args, "id": "call_1"}])


def scripted_memory(*answers: AIMessage | str) -> tuple[TemporalGraphMemory, ScriptedChatModel]:
    model = ScriptedChatModel(messages=iter(answers), seen=[])
    tracker = RelationTracker(extractor=LLMRelationExtractor(model))
    memory = TemporalGraphMemory(":memory:", annotator="offline", tracker=tracker)
    return memory, model


def triples(memory: TemporalGraphMemory, **kw: Any) -> set[tuple[str, str, str | None]]:
    return {(r.subject_name, r.type, r.object_name) for r in memory.relations(**kw)}


@pytest.fixture
def seeded() -> Iterator[tuple[TemporalGraphMemory, ScriptedChatModel]]:
    memory, model = scripted_memory(
        call(
            {
                "op": "ADD",
                "source": "张三",
                "relation": "WORKS_FOR",
                "destination": "销售部",
                "attributes": {"role": "经理"},
            },
            {"op": "ADD", "source": "张三", "relation": "MANAGES", "destination": "星火计划"},
            entities=[
                {"name": "张三", "type": "PERSON"},
                {"name": "销售部", "type": "ORG"},
                {"name": "星火计划", "type": "PROJECT"},
            ],
        ),
    )
    memory.add("张三是销售部的经理，他正在负责星火计划项目。")
    yield memory, model
    memory.close()


def test_scripted_extractor_is_a_relation_extractor() -> None:
    model = ScriptedChatModel(messages=iter([]))
    assert isinstance(LLMRelationExtractor(model), RelationExtractor)


def test_scripted_add_stores_entities_and_relations(seeded: Any) -> None:
    memory, model = seeded
    assert triples(memory) == {("张三", "WORKS_FOR", "销售部"), ("张三", "MANAGES", "星火计划")}
    assert memory.relations("张三", type="WORKS_FOR")[0].attributes == {"role": "经理"}
    assert memory.get_entity("星火计划").type == "PROJECT"
    assert model.tools[0]["function"]["name"] == TOOL_NAME


def test_scripted_update_ends_the_old_relation_and_the_model_saw_it(seeded: Any) -> None:
    memory, model = seeded
    old = memory.relations("星火计划", type="MANAGES")[0]
    model.messages = iter(
        [
            call(
                {
                    "op": "UPDATE",
                    "relation_id": old.id,
                    "source": "王五",
                    "relation": "MANAGES",
                    "destination": "星火计划",
                },
                {
                    "op": "NOOP",
                    "relation_id": old.id,
                    "source": "张三",
                    "relation": "MANAGES",
                    "destination": "星火计划",
                },
            )
        ]
    )
    memory.add("张三不再负责星火计划了，现在由王五接手。")
    asked = model.seen[-1][-1].content
    assert f"[{old.id}] 张三 MANAGES 星火计划" in asked  # the current relations were given
    assert triples(memory, entity="星火计划", type="MANAGES") == {("王五", "MANAGES", "星火计划")}
    ended = memory.timeline("张三")
    manages = [r for r in ended if r.type == "MANAGES"]
    assert (manages[0].valid_to_step, manages[0].superseded_by is not None) == (2, True)
    assert memory.recall("现在谁负责星火计划？").facts[0].startswith("王五 manages 星火计划")


def test_scripted_delete_ends_without_successor_and_keeps_history(seeded: Any) -> None:
    memory, model = seeded
    rel = memory.relations("张三", type="WORKS_FOR")[0]
    model.messages = iter(
        [
            call(
                {
                    "op": "DELETE",
                    "relation_id": rel.id,
                    "source": "张三",
                    "relation": "WORKS_FOR",
                    "destination": "销售部",
                }
            )
        ]
    )
    memory.add("张三离开了销售部。")
    assert triples(memory, entity="张三") == {("张三", "MANAGES", "星火计划")}
    (history,) = [r for r in memory.timeline("张三") if r.type == "WORKS_FOR"]
    assert (history.valid_to_step, history.superseded_by) == (2, None)


def test_scripted_first_person_is_the_speaker() -> None:
    memory, _ = scripted_memory(
        call({"op": "ADD", "source": "I", "relation": "lives in", "destination": "Stockholm"})
    )
    memory.add("I moved to Stockholm.", speaker="Caroline")
    assert triples(memory) == {("Caroline", "LIVES_IN", "Stockholm")}


@pytest.mark.parametrize(
    "answer",
    [
        AIMessage(content="Sure! Alice now works at Globex."),  # not JSON, no tool call
        AIMessage(
            content="",
            invalid_tool_calls=[
                {"name": TOOL_NAME, "args": "{'relations': [", "id": "c1", "error": "bad JSON"}
            ],
        ),
        AIMessage(
            content="",
            tool_calls=[
                {"name": TOOL_NAME, "args": {"relations": "Alice WORKS_FOR Globex"}, "id": "c1"}
            ],
        ),
        AIMessage(content=""),  # nothing at all
    ],
    ids=["prose", "invalid-json", "relations-not-a-list", "empty"],
)
def test_scripted_unusable_answers_raise_extraction_error(answer: AIMessage) -> None:
    model = ScriptedChatModel(messages=iter([answer]))
    extractor = LLMRelationExtractor(model)
    annotation = make_annotator("offline").annotate("Alice left Initech and joined Globex.")
    with pytest.raises(ExtractionError):
        extractor.extract(annotation, ExtractionContext(namespace="n"))


def test_scripted_unusable_answer_falls_back_and_loses_nothing(
    seeded: Any, caplog: pytest.LogCaptureFixture
) -> None:
    memory, model = seeded
    before = triples(memory)
    model.messages = iter([AIMessage(content="I could not find anything {")])
    with caplog.at_level(logging.WARNING):
        memory.add("王五也加入了星火计划。")  # the pattern extractor reads this one
    assert "using the pattern extractor" in caplog.text
    assert before <= triples(memory)
    assert ("王五", "INVOLVED_IN", "星火计划") in triples(memory)
    assert len(memory.statements()) == 2


def test_scripted_malformed_triples_are_skipped_with_a_warning(
    seeded: Any, caplog: pytest.LogCaptureFixture
) -> None:
    memory, model = seeded
    before = memory.relations(include_ended=True)
    model.messages = iter(
        [
            call(
                {"op": "ADD", "source": "张三", "relation": "TELEPORTS_TO", "destination": "火星"},
                {"op": "ADD", "source": 42, "relation": "LIKES", "destination": "茶"},
                {"op": "ADD", "source": "张三", "relation": ["LIKES"], "destination": "茶"},
                {"op": "ADD", "source": "张三", "relation": "LIKES", "destination": {"x": 1}},
                {"op": "DELETE", "relation_id": "no-such-relation"},
                {
                    "op": "UPDATE",
                    "relation_id": 7,
                    "source": "张三",
                    "relation": "LIKES",
                    "destination": "茶",
                },
                {"op": "EXPLODE", "source": "张三", "relation": "LIKES", "destination": "茶"},
                {"source": "张三"},
                "junk",
                {
                    "op": "ADD",
                    "source": "张三",
                    "relation": "likes",
                    "destination": "茶",
                    "attributes": ["not", "a", "dict"],
                },
            )
        ]
    )
    with caplog.at_level(logging.WARNING, logger="recall_memory_plugins.extractors.llm"):
        memory.add("张三喜欢喝茶。")
    warnings = [r.getMessage() for r in caplog.records]
    assert any("unknown type 'TELEPORTS_TO'" in w for w in warnings)
    assert any("unknown relation 'no-such-relation'" in w for w in warnings)
    assert any("unknown op 'EXPLODE'" in w for w in warnings)
    assert len(warnings) >= 8
    # the one valid triple is stored; nothing stored before was touched
    assert triples(memory) == {(r.subject_name, r.type, r.object_name) for r in before} | {
        ("张三", "LIKES", "茶")
    }
    assert all(r.is_current for r in memory.relations(include_ended=True))


def test_scripted_model_errors_become_extraction_errors() -> None:
    class BrokenModel(ScriptedChatModel):
        def invoke(self, input: Any, *args: Any, **kwargs: Any) -> Any:
            raise TimeoutError("the provider timed out")

    extractor = LLMRelationExtractor(BrokenModel(messages=iter([])))
    annotation = make_annotator("offline").annotate("Alice works at Acme.")
    with pytest.raises(ExtractionError, match="timed out"):
        extractor.extract(annotation, ExtractionContext(namespace="n"))
    memory = TemporalGraphMemory(
        ":memory:", annotator="offline", tracker=RelationTracker(extractor=extractor)
    )
    memory.add("Alice works at Acme.")  # falls back to the patterns
    assert triples(memory) == {("Alice", "WORKS_FOR", "Acme")}


def test_scripted_structured_output_models_work_too() -> None:
    class StructuredOnly(ScriptedChatModel):
        def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
            raise NotImplementedError

        def with_structured_output(self, schema: Any, **kwargs: Any) -> Any:
            outer = self

            class Runnable:
                def invoke(self, messages: Any) -> Any:
                    outer.seen.append(list(messages))
                    return {
                        "relations": [
                            {
                                "op": "ADD",
                                "source": "Alice",
                                "relation": "LIKES",
                                "destination": "tea",
                            }
                        ]
                    }

            return Runnable()

    memory = TemporalGraphMemory(
        ":memory:",
        annotator="offline",
        tracker=RelationTracker(extractor=LLMRelationExtractor(StructuredOnly(messages=iter([])))),
    )
    memory.add("Alice enjoys a cup of tea.")
    assert triples(memory) == {("Alice", "LIKES", "tea")}
