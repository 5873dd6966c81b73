"""Reasoners: the judgements of the LTGDroid loop behind one interface (see ``base``)."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any

from orchestrator.errors import ConfigError
from orchestrator.reasoner.base import Reasoner

if TYPE_CHECKING:
    from orchestrator.ablation import Ablation
    from orchestrator.llm.settings import LLMSettings

AVAILABLE = ("heuristic", "openai")


def make_reasoner(
    name: str,
    *,
    ablation: Ablation | None = None,
    beam: int = 3,
    llm: LLMSettings | None = None,
    **llm_options: Any,
) -> Reasoner:
    """Build a reasoner by name.

    ``ablation``: LTGDroid's Table IV switches (default: every module on). ``beam``: the search's
    beam width (the ``openai`` evaluator keeps at most this many paths). ``llm`` and
    ``llm_options`` configure the ``openai`` reasoner: any field of
    :class:`orchestrator.llm.settings.LLMSettings` (``model``, ``vision_model``, ``base_url``,
    ``cache_dir``, ``prices_file``, ``max_image_side``, ``concurrency``, ``timeout_s``...), the
    keyword options overriding ``llm``; empty ones fall back to the environment.

    Raises ``ConfigError`` for an unknown name or option (exit 2) and ``ReasonerError`` for a
    missing API key (exit 3).
    """
    if name == "heuristic":
        from orchestrator.reasoner.heuristic import HeuristicReasoner

        if ablation is not None and ablation.active:
            from orchestrator.ablation import AblatedReasoner

            return AblatedReasoner(HeuristicReasoner(), ablation)
        return HeuristicReasoner()
    if name == "openai":
        from orchestrator.llm.settings import LLMSettings
        from orchestrator.reasoner.openai_reasoner import OpenAIReasoner

        known = {f.name for f in fields(LLMSettings)}
        unknown = sorted(set(llm_options) - known)
        if unknown:
            raise ConfigError(
                f"unknown LLM option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
            )
        given = {k: v for k, v in llm_options.items() if v is not None}
        settings = replace(llm or LLMSettings(), **given)
        return OpenAIReasoner(settings, ablation=ablation, beam=beam)
    raise ConfigError(f"unknown --reasoner {name!r}; available: {', '.join(AVAILABLE)}")
