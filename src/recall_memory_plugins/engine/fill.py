"""What a recall does when its statements do not fit its budget whole, mixed into
:class:`~recall_memory_plugins.engine.recall.RecallMixin`: long statements shortened to their
sentences that match the question, their whole texts restored while the budget allows, and the
best statement cut to a budget too small for any whole statement."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from ..models import RecalledStatement, Statement, date_header, render_statements, statement_line
from .text import excerpt

if TYPE_CHECKING:
    from ..config import MemoryConfig
    from .tokens import TokenCounter

__all__ = ["BudgetFillMixin"]

_MORE_SENTENCES = 8  # at most this many more matching sentences join an oversized statement's excerpt


class BudgetFillMixin:
    """Excerpts and truncation for :class:`~recall_memory_plugins.engine.recall.RecallMixin`."""

    if TYPE_CHECKING:  # provided by TemporalGraphMemory
        config: MemoryConfig
        _tokens: TokenCounter

    def _restore_full_texts(
        self,
        kept: list[RecalledStatement],
        full_texts: dict[int, str],
        budget: int,
        grouped: bool,
    ) -> list[RecalledStatement]:
        """Excerpted statements get their whole text back, best first, while the budget allows."""
        count = self._tokens.count
        free = budget - count(render_statements([r.statement for r in kept], grouped=grouped))
        out = []
        for r in sorted(kept, key=lambda r: -r.score):
            full = full_texts.get(r.statement.id)
            if full is None:
                out.append(r)
                continue
            whole = replace(r.statement, text=full)
            cost = count(statement_line(whole, with_date=not grouped)) + 1
            if cost - r.tokens <= free:
                free -= cost - r.tokens
                out.append(replace(r, statement=whole, tokens=cost))
            else:
                out.append(replace(r, full_text=full))
        return out

    def _excerpts(
        self,
        ranked: list[tuple[Statement, float, tuple[str, ...]]],
        weights: dict[str, float],
        full_texts: dict[int, str],
    ) -> list[tuple[Statement, float, tuple[str, ...]]]:
        """Long statements shortened to their sentences that match the question."""
        out = []
        turns_only = self.config.excerpts == "turns"
        for st, score, concepts in ranked:
            if turns_only and not st.speaker:
                out.append((st, score, concepts))
                continue
            short = excerpt(st.text, weights, max_sentences=self.config.excerpt_sentences)
            if short != st.text:
                full_texts[st.id] = st.text
                st = replace(st, text=short)
            out.append((st, score, concepts))
        return out

    def _excerpt_oversized(
        self,
        ranked: list[tuple[Statement, float, tuple[str, ...]]],
        weights: dict[str, float],
        full_texts: dict[int, str],
        budget: int,
        grouped: bool,
    ) -> list[tuple[Statement, float, tuple[str, ...]]]:
        """With ``excerpts="off"``: a statement longer than the whole ``budget`` (it could never
        enter whole) shortened to its sentences that match the question; the rest as they are."""
        out = []
        for st, score, concepts in ranked:
            # (a token holds at least one byte: a text of fewer bytes than the budget fits)
            if st.id not in full_texts and len(st.text.encode("utf-8", "surrogatepass")) > budget \
                    and self._tokens.count(statement_line(st, with_date=not grouped)) + 1 > budget:
                short = self._fitting_excerpt(st, weights, budget, grouped)
                if short != st.text:
                    full_texts[st.id] = st.text
                    st = replace(st, text=short)
            out.append((st, score, concepts))
        return out

    def _fitting_excerpt(self, st: Statement, weights: Mapping[str, float], budget: int, grouped: bool) -> str:
        """The sentences of ``st`` that match the question, with the sentence after each when
        that still fits ``budget`` (a line and, grouped, its date header), else without it."""
        n = self.config.excerpt_sentences
        header = self._tokens.count(date_header(st)) + 1 if grouped else 0

        def cost(text: str) -> int:
            return self._tokens.count(statement_line(replace(st, text=text), with_date=not grouped)) + 1 + header

        best = excerpt(st.text, weights, max_sentences=n, following=1)
        if best == st.text or cost(best) > budget:
            return excerpt(st.text, weights, max_sentences=n)
        # more of its matching sentences (the next best first, each with the one after it) while
        # the excerpt stays within half the budget: a note's header may match the question's
        # date, its answer a later paragraph ("Treasurer's report. The balance is …")
        cap = max(budget // 2, cost(best))
        for k in range(n + 1, n + _MORE_SENTENCES + 1):
            more = excerpt(st.text, weights, max_sentences=k, following=1)
            if more == best or more == st.text or cost(more) > cap:
                break
            best = more
        return best

    def _truncated(
        self,
        best: tuple[Statement, float, tuple[str, ...]],
        budget: int,
        grouped: bool,
        weights: Mapping[str, float] | None = None,
        full_texts: dict[int, str] | None = None,
    ) -> RecalledStatement:
        """The best statement cut to fit a budget too small for any whole statement.

        With the question's term ``weights`` it is first cut to its sentences that match the
        question (what the budget can hold of the answer), and only then to its first tokens.
        """
        st, score, concepts = best
        if weights and (full_texts is None or st.id not in full_texts):  # not yet an excerpt
            short = self._fitting_excerpt(st, weights, budget, grouped)
            if short != st.text:
                if full_texts is not None:
                    full_texts[st.id] = st.text
                st = replace(st, text=short)
                cost = self._tokens.count(statement_line(st, with_date=not grouped)) + 1
                header = self._tokens.count(date_header(st)) + 1 if grouped else 0
                if cost + header <= budget:
                    return RecalledStatement(st, score, concepts, cost)
        probe = replace(st, text="")
        overhead = self._tokens.count(statement_line(probe, with_date=not grouped)) + 2
        if grouped:
            overhead += self._tokens.count(date_header(st)) + 1
        text = self._tokens.truncate(st.text, max(budget - overhead, 1)).rstrip() + "…"
        cut = replace(st, text=text)
        return RecalledStatement(
            cut, score, concepts, self._tokens.count(statement_line(cut, with_date=not grouped)) + 1
        )
