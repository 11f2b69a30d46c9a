"""Frozen configuration. The environment is read only by the explicit ``from_env()``."""

from __future__ import annotations

import os
import reprlib
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from .errors import ConfigurationError

__all__ = ["MemoryConfig"]

Anchor = Literal["start", "newest"]
Strategy = Literal["fused", "seed"]
Order = Literal["chronological", "rank"]
Excerpts = Literal["turns", "all", "off"]

MAX_COUNT = 2**62  # counts and limits reach SQL, whose integers are 64-bit signed
MAX_DEPTH = 32  # hops of the expansion; the Neo4j store refuses more (stores/neo4j/statements.py)
MAX_TOKEN_BUDGET = 10_000_000  # as recall(token_budget=) (engine/validation.py)
MAX_WEIGHT = 1e6  # the weights are relative: far beyond this one signal alone decides
MAX_FOLLOW_UPS = 100  # follow-up steps of each of the best hits read at every recall
_INT_RANGES = {
    "distance": (1, MAX_COUNT),
    "sentence_window": (1, MAX_COUNT),
    "context_limit": (1, MAX_COUNT),
    "max_statement_tokens": (1, MAX_COUNT),
    "temporal_window": (0, MAX_COUNT),
    "depth": (1, MAX_DEPTH),
    "max_neighbors": (1, MAX_COUNT),
    "token_budget": (1, MAX_TOKEN_BUDGET),
    "dense_candidates": (0, MAX_COUNT),
    "excerpt_sentences": (1, MAX_COUNT),
}
_WEIGHTS = (
    "time_weight",
    "lexical_weight",
    "graph_weight",
    "recency_weight",
    "dense_weight",
    "speaker_weight",
    "period_weight",
    "coverage_weight",
    "time_intent_weight",
)


def _shown(value: object) -> str:
    """``repr(value)``, shortened: a long tuple or a huge int would flood the message."""
    if isinstance(value, int) and value.bit_length() > 10_000:
        return f"an int of {value.bit_length():,} bits"  # (repr refuses over 4,300 digits)
    return reprlib.repr(value)


def _check_number(name: str, value: object, high: float) -> None:
    """``value`` must be an int or a float in ``0 .. high`` (not a bool, NaN or infinite)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= high:
        raise ConfigurationError(
            f"MemoryConfig.{name} must be a number in 0..{high:g}, got {_shown(value)}"
        )


def _encoding_names() -> tuple[str, ...]:
    """The encodings tiktoken knows (its own and its plugins'), by name; none are loaded."""
    try:
        import tiktoken

        return tuple(tiktoken.list_encoding_names())
    except Exception:  # pragma: no cover - tiktoken is a base dependency
        return ()


@dataclass(frozen=True, slots=True)
class MemoryConfig:
    """Options of :class:`~recall_memory_plugins.TemporalGraphMemory`.

    Attributes:
        distance: link each concept to those within this many positions (RecallM's ``distance``).
        sentence_window: only link concepts that lie within this many consecutive sentences
            (1 = same sentence), so unrelated sentences of one text are not chained.
        context_limit: statements kept in each concept's context (the newest win).
        max_statement_tokens: longer texts are stored as several statements of whole sentences.
        temporal_window: time steps a related concept may lag behind its anchor.
        window_anchor: ``"start"`` counts the window back from each start (question) concept's
            own time step, as RecallM does; ``"newest"`` counts back from the namespace's newest step.
        depth: hops of the RELATED expansion from the question's concepts. ``None`` (default):
            2 for ``seed`` (RecallM's), 1 for ``fused``, where a second hop costs several times
            more and changed LOCOMO evidence recall by 0.1 point (benchmarks/results/experiments.md).
        max_neighbors: neighbours followed per concept (most recent first), so hubs stay cheap.
        time_weight: the factor of ``t_index`` in ``sort_val = sum(t_index * w + strength)``.
        token_budget: default budget of a recalled context, in cl100k tokens.
        strategy: ``"fused"`` scores each statement by question relevance (BM25 over statement
            terms) fused with the concept graph and recency; ``"seed"`` is RecallM's selection
            (whole concept contexts in ascending ``sort_val``, question concepts last).
        lexical_weight, graph_weight, recency_weight: how the ``fused`` strategy mixes a
            statement's question relevance (BM25), its concepts' graph score and its recency
            (each normalised to 0..1 over the candidates).
        dense_weight: with ``fused`` and an ``embedder``, the weight of the semantic signal
            (cosine similarity of question and statement, normalised to 0..1 over the
            candidates) beside ``lexical_weight`` (ignored without an embedder).
        dense_candidates: with ``fused`` and an ``embedder``, how many statements nearest to the
            question in meaning join the lexical and graph candidates (an answer that shares no
            word with the question is found only this way); 0: the semantic signal only
            reorders what the other stages found. 10 (default) was chosen on the LOCOMO tuning
            half (level with 0; as many as the ranking keeps cost 1-3 points of answers there)
            and DuoRC plots 1-120 (+0.9 points at 250 and 500 tokens); benchmarks/README.md.
        excerpts: with ``fused``, whether a long statement may enter the context as its
            ``excerpt_sentences`` sentences that best match the question ("…" marks what was
            left out; the full text stays in :attr:`RecalledStatement.full_text`). ``"off"``
            (default): whole statements. Excerpts fit more statements into the budget but often
            cut the sentence that holds the answer (LOCOMO tuning half, 500 tokens: the answer
            string in the context 64.0 % with ``"turns"`` vs 77.2 % with ``"off"``).
            ``"turns"``: only chat turns (statements with a speaker) are excerpted; ``"all"``:
            every statement (``True`` / ``False`` are accepted for ``"all"`` / ``"off"``).
        speaker_weight: with ``fused``, a statement whose speaker the question names (e.g.
            Melanie's own turns for "What does Melanie do to relax?") scores ``1 + speaker_weight``
            times as much (0 disables). ``speaker_weight``, ``period_weight`` and
            ``coverage_weight`` were chosen on the LOCOMO tuning half (0.4, 0, 0 before).
        period_weight: with ``fused``, a statement said within the calendar period the question
            names ("on 9 November, 2022", "in January 2024", "2023年5月"; a month needs its year)
            or up to 7 days after it scores ``1 + period_weight`` times as much (0 disables).
            Relative phrases ("last year") count from the clock. The date lives in the statement's time, not its words, so BM25 alone
            cannot see it.
        coverage_weight: with ``fused``, a statement scores ``1 + coverage_weight * share``
            times as much, ``share`` being the part of the question's distinct terms it contains
            (its words or its speaker), so matching more of the question beats one rare word
            (0 disables).
        time_intent_weight: with ``fused``, a question that asks for the current value of
            something told several times ("What's my balance now?", "my most recent LDL?",
            我现在住在哪个区？) or for the first one ("when I first asked", "originally", "before
            the move" in a past question, 一开始, 最初) reorders the best candidates that match its topic (those
            scoring at least half the best): the oldest of them scores up to
            ``1 + time_intent_weight`` times as much, or the newest up to half that (the recency
            signal already leans that way), in proportion to their place in time
            (``engine/time_intent.py``; 0 disables). A reordering after the follow-ups, never a
            filter. 0.3 is the least weight with which the fixtures' first values enter a tight
            budget (``tests/unit/test_time_intent_round52_a.py``); the LOCOMO tuning half is
            level at 0.3, 0.5 and 1.0 (it asks few such questions).
        follow_up_weights: with ``fused``, the turns 1, 2, ... time steps after each of the best
            matching turns join the candidates at these fractions of the match's score (in a
            dialogue the reply often answers without repeating the question's words); only
            statements with a speaker follow one another. ``()`` disables. The default
            ``(0.8, 0.6, 0.4)`` was chosen on the LOCOMO tuning half (conversations 1-5) only.
        fill_recent: with ``fused``, budget the question's matches leave free is filled with the
            newest other statements (an excerpt first gets its whole text back if it fits).
        order: ``"chronological"`` renders the chosen statements oldest first (what the prompt
            promises); ``"rank"`` keeps the strategy's order.
        relations: track typed entities and relations (the relation layer) on every add.
        exclusive_relations: relation types of which a subject has one current value.
        dates_from_text: a text that says when its change happened dates it ("Back in 2019,
            Alice moved to Paris" told after "Alice lives in Rome" is history; "moved to Lyon
            last month" starts last month; "worked at Unilever from 2014 to 2019" is history of
            those years): docs/configuration.md, "Time". ``False`` reads every text as news of the
            moment it is added (a caller-given ``at`` still backdates).
        encoding: tiktoken encoding used to count tokens: a name ``tiktoken.list_encoding_names()``
            gives (``cl100k_base`` ships with this package; others are loaded by tiktoken).

    Raises:
        ConfigurationError: an option of the wrong type (a bool is not a number) or out of its
            range: counts and limits up to 2**62 (they reach SQL), ``depth`` 1..32,
            ``token_budget`` 1..10,000,000, weights 0..1e6, at most 100 ``follow_up_weights``
            in 0..1, an ``encoding`` tiktoken does not know.
    """

    distance: int = 1
    sentence_window: int = 1
    context_limit: int = 50
    max_statement_tokens: int = 200
    temporal_window: int = 15
    window_anchor: Anchor = "start"
    depth: int | None = None
    max_neighbors: int = 12
    time_weight: float = 3.0
    token_budget: int = 500
    lexical_weight: float = 1.0
    graph_weight: float = 0.2
    recency_weight: float = 0.1
    dense_weight: float = 1.0
    dense_candidates: int = 10
    excerpts: Excerpts | bool = "off"
    fill_recent: bool = True
    excerpt_sentences: int = 1
    speaker_weight: float = 0.2
    period_weight: float = 2.0
    coverage_weight: float = 1.0
    time_intent_weight: float = 0.3
    follow_up_weights: tuple[float, ...] = (0.8, 0.6, 0.4)
    strategy: Strategy = "fused"
    order: Order = "chronological"
    relations: bool = True
    exclusive_relations: tuple[str, ...] = (
        "WORKS_FOR",
        "LIVES_IN",
        "REPORTS_TO",
        "MANAGES",
        "HAS_ROLE_IN",
        "STATUS",
    )
    dates_from_text: bool = True
    encoding: str = "cl100k_base"

    def __post_init__(self) -> None:
        for name in ("dates_from_text", "fill_recent", "relations"):
            setting = getattr(self, name)
            if not isinstance(setting, bool):
                raise ConfigurationError(
                    f"MemoryConfig.{name} must be True or False, got {_shown(setting)}"
                )
        budget: object = self.token_budget
        if isinstance(budget, float) and budget.is_integer():
            object.__setattr__(self, "token_budget", int(budget))  # as recall(token_budget=)
        for name, (low, high) in _INT_RANGES.items():
            value = getattr(self, name)
            if value is None and name == "depth":
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ConfigurationError(
                    f"MemoryConfig.{name} must be an int in {low}..{high:,}"
                    f"{' or None' if name == 'depth' else ''}, got {_shown(value)}"
                )
        for name in _WEIGHTS:
            _check_number(name, getattr(self, name), MAX_WEIGHT)
        weights = self.follow_up_weights
        if not isinstance(weights, (tuple, list)) or len(weights) > MAX_FOLLOW_UPS:
            raise ConfigurationError(
                "MemoryConfig.follow_up_weights must be a tuple of at most "
                f"{MAX_FOLLOW_UPS} numbers in 0..1, got {_shown(weights)}"
            )
        for weight in weights:
            _check_number("follow_up_weights", weight, 1.0)
        object.__setattr__(self, "follow_up_weights", tuple(weights))
        types = self.exclusive_relations
        if not isinstance(types, (tuple, list)) or not all(
            isinstance(t, str) and t.strip() for t in types
        ):
            raise ConfigurationError(
                "MemoryConfig.exclusive_relations must be a tuple of relation type names "
                f"(e.g. ('WORKS_FOR', 'LIVES_IN')), got {_shown(types)}"
            )
        object.__setattr__(self, "exclusive_relations", tuple(types))
        known = _encoding_names()
        if (
            not isinstance(self.encoding, str)
            or not self.encoding.strip()
            or (known and self.encoding not in known)
        ):
            raise ConfigurationError(
                "MemoryConfig.encoding must be a tiktoken encoding name"
                f"{' (' + ', '.join(known) + ')' if known else ''}, got {_shown(self.encoding)}"
            )
        if self.window_anchor not in ("start", "newest"):
            raise ConfigurationError(
                "MemoryConfig.window_anchor must be 'start' or 'newest', "
                f"got {_shown(self.window_anchor)}"
            )
        flag = (
            {
                "true": True,
                "1": True,
                "yes": True,
                "on": True,
                "false": False,
                "0": False,
                "no": False,
            }.get(str(self.excerpts).lower())
            if isinstance(self.excerpts, str)
            else None
        )
        if flag is not None:  # RECALL_EXCERPTS=true/false
            object.__setattr__(self, "excerpts", "all" if flag else "off")
        if self.excerpts is True or self.excerpts is False:
            object.__setattr__(self, "excerpts", "all" if self.excerpts else "off")
        if self.excerpts not in ("turns", "all", "off"):
            raise ConfigurationError(
                "MemoryConfig.excerpts must be 'turns', 'all' or 'off', "
                f"got {_shown(self.excerpts)}"
            )
        if self.strategy not in ("fused", "seed"):
            raise ConfigurationError(
                f"MemoryConfig.strategy must be 'fused' or 'seed', got {_shown(self.strategy)}"
            )
        if self.order not in ("chronological", "rank"):
            raise ConfigurationError(
                "MemoryConfig.order must be 'chronological' or 'rank', "
                f"got {_shown(self.order)}"
            )

    def depth_for(self, strategy: str) -> int:
        """The expansion depth used by ``strategy`` (see :attr:`depth`)."""
        if self.depth is not None:
            return int(self.depth)
        return 2 if strategy == "seed" else 1

    def with_options(self, **changes: Any) -> MemoryConfig:
        """A copy with some options changed."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise ConfigurationError(
                f"unknown MemoryConfig option(s): {', '.join(sorted(unknown))}"
            )
        return replace(self, **changes)

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, *, prefix: str = "RECALL_"
    ) -> MemoryConfig:
        """Read options from ``RECALL_<OPTION>`` variables (e.g. ``RECALL_TOKEN_BUDGET=800``)."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = env.get(prefix + f.name.upper())
            if raw is None:
                continue
            default = getattr(cls(), f.name)
            try:
                if isinstance(default, bool):
                    word = raw.strip().lower()
                    if word not in ("1", "true", "yes", "on", "0", "false", "no", "off"):
                        raise ValueError("expected 1/true/yes/on or 0/false/no/off")
                    values[f.name] = word in ("1", "true", "yes", "on")
                elif isinstance(default, int) or f.name == "depth":
                    values[f.name] = int(raw)
                elif isinstance(default, float):
                    values[f.name] = float(raw)
                elif isinstance(default, tuple):
                    items = tuple(x.strip() for x in raw.split(",") if x.strip())
                    if default and all(isinstance(x, float) for x in default):
                        items = tuple(float(x) for x in items)  # type: ignore[misc]
                    values[f.name] = items
                else:
                    values[f.name] = raw
            except ValueError as exc:
                raise ConfigurationError(
                    f"{prefix}{f.name.upper()}={raw!r} is not valid: {exc}"
                ) from exc
        return cls(**values)
