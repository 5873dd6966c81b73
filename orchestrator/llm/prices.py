"""What tokens cost: a price table per model, in US dollars per million tokens.

Defaults are OpenAI's published list prices for the models people use with LTGDroid-style agents
(GPT-4.1 family at its April 2025 launch; GPT-4o family; o4-mini). Prices change and Azure or
self-hosted deployments have their own, so a user file overrides or extends the table:

.. code-block:: json

    {"my-azure-deployment": {"input": 2.0, "output": 8.0, "cached_input": 0.5},
     "llama3.1:8b": {"input": 0, "output": 0}}

A model is looked up by exact name, then by the longest known prefix (so ``gpt-4.1-2025-04-14``
is priced as ``gpt-4.1`` and ``gpt-4.1-mini-2025-04-14`` as ``gpt-4.1-mini``). An unknown model
costs 0 (and the run's ``llm`` block says which models were unpriced).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from orchestrator.errors import ConfigError

PER = 1_000_000


@dataclass(frozen=True)
class Price:
    """US dollars per million tokens: ``input`` (prompt), ``output`` (completion) and
    ``cached_input`` (prompt tokens the server served from its prompt cache; ``None``: same as
    ``input``)."""

    input: float
    output: float
    cached_input: float | None = None


DEFAULT_PRICES: dict[str, Price] = {
    "gpt-4.1": Price(2.00, 8.00, 0.50),
    "gpt-4.1-mini": Price(0.40, 1.60, 0.10),
    "gpt-4.1-nano": Price(0.10, 0.40, 0.025),
    "gpt-4o": Price(2.50, 10.00, 1.25),
    "gpt-4o-mini": Price(0.15, 0.60, 0.075),
    "o4-mini": Price(1.10, 4.40, 0.275),
}


class PriceTable:
    """Model name → :class:`Price`, with prefix lookup."""

    def __init__(self, prices: Mapping[str, Price] | None = None) -> None:
        self.prices: dict[str, Price] = dict(DEFAULT_PRICES if prices is None else prices)

    @classmethod
    def load(cls, path: str | Path | None = None) -> PriceTable:
        """The defaults, overridden by the JSON file at ``path`` when given.

        Raises ``ConfigError`` naming the file and the problem (missing, not JSON, an entry
        without numeric ``input``/``output``).
        """
        table = cls()
        if not path:
            return table
        p = Path(path)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(f"price table {p} does not exist; fix --prices") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ConfigError(
                f"price table {p} is not readable JSON ({exc}); fix --prices"
            ) from exc
        if not isinstance(data, dict):
            raise ConfigError(f"price table {p} must be an object of model → prices")
        for model, entry in data.items():
            try:
                cached = entry.get("cached_input")
                table.prices[str(model)] = Price(
                    float(entry["input"]),
                    float(entry["output"]),
                    None if cached is None else float(cached),
                )
            except (AttributeError, KeyError, TypeError, ValueError):
                raise ConfigError(
                    f"price table {p}: entry {model!r} needs numeric 'input' and 'output' "
                    "(US dollars per million tokens)"
                ) from None
        return table

    def lookup(self, model: str) -> Price | None:
        """The price of ``model``: exact name, else the longest known prefix, else ``None``."""
        if model in self.prices:
            return self.prices[model]
        best = ""
        for name in self.prices:
            if model.startswith(name) and len(name) > len(best):
                best = name
        return self.prices[best] if best else None

    def cost(
        self, model: str, prompt_tokens: int, completion_tokens: int, cached_tokens: int = 0
    ) -> float:
        """US dollars for one reply; 0 for an unpriced model. ``cached_tokens`` are the part of
        ``prompt_tokens`` the server billed at its cached-input rate."""
        price = self.lookup(model)
        if price is None:
            return 0.0
        cached = min(max(cached_tokens, 0), prompt_tokens)
        cached_rate = price.input if price.cached_input is None else price.cached_input
        return (
            (prompt_tokens - cached) * price.input
            + cached * cached_rate
            + completion_tokens * price.output
        ) / PER


# -- the estimate printed before a run with a model -----------------------------------------------
# Assumed tokens per call, by kind (LTGDroid's prompts: a screen's widget list and the path so far
# for text; the same plus screenshots for vision roles). Image tokens follow OpenAI's published
# rule for high detail: 85 + 170 per 512-pixel tile of the image fitted in 2048 and scaled so its
# short side is at most 768 (a 1024x576 screenshot: 4 tiles, 765 tokens).
TEXT_PROMPT_TOKENS = 2000
COMPLETION_TOKENS = 250
IMAGE_TILE_TOKENS, IMAGE_BASE_TOKENS = 170, 85


def image_tokens(long_side: int) -> int:
    """Prompt tokens of one phone screenshot (9:16) downscaled to ``long_side`` pixels, at
    OpenAI's high-detail rate; 0 when no screenshots are sent (``long_side`` 0)."""
    if long_side <= 0:
        return 0
    long, short = min(long_side, 2048), min(long_side, 2048) * 9 // 16
    if short > 768:
        long, short = long * 768 // short, 768
    tiles = -(-long // 512) * -(-short // 512)
    return IMAGE_BASE_TOKENS + IMAGE_TILE_TOKENS * tiles


@dataclass(frozen=True)
class RunEstimate:
    """An upper estimate of a search's model use from its budget: ``calls``, ``levels`` (of the
    beam search), ``cost_usd`` (``None`` when a model is unpriced), the ``models`` priced and the
    ``max_cost_usd`` that will stop the search (0: none)."""

    calls: int
    levels: int
    cost_usd: float | None
    models: tuple[str, ...]
    max_cost_usd: float = 0.0

    def line(self) -> str:
        """One line for the terminal before the run starts."""
        cost = (
            f"about ${self.cost_usd:.2f} at list prices"
            if self.cost_usd is not None
            else "cost unknown (a model is not in the price table: give --prices)"
        )
        stop = (
            f"; --max-cost-usd {self.max_cost_usd:g} stops the search there"
            if self.max_cost_usd > 0
            else "; --max-cost-usd caps it"
        )
        return (
            f"estimate for {', '.join(self.models) or 'the model'}: up to {self.calls} model "
            f"calls over {self.levels} search levels, {cost}{stop}"
        )


def run_estimate(
    *,
    beam: int,
    branch: int,
    max_global: int,
    max_actions: int,
    max_probes: int,
    text_model: str,
    vision_model: str,
    image_side: int,
    max_cost_usd: float = 0.0,
    prices: PriceTable | None = None,
) -> RunEstimate:
    """The most a search with this budget can ask of the model: one report analysis, then per
    level (at most ``max_actions`` levels, and no more than the probes allow at
    ``beam * (branch + max_global)`` per level) one action filter (vision) and one verification
    (vision) per path, one transition summary (vision, two screenshots) per probe and one path
    evaluation (text). Cost from :data:`TEXT_PROMPT_TOKENS`, :data:`COMPLETION_TOKENS` and
    :func:`image_tokens`; ``None`` when a model is not in ``prices``."""
    per_level_probes = max(1, beam * (branch + max_global))
    levels = max(1, min(max_actions, -(-max_probes // per_level_probes)))
    probes = min(max_probes, levels * per_level_probes)
    image = image_tokens(image_side)
    text_calls = 1 + levels  # analysis + one evaluation per level
    vision = [  # (calls, images per call)
        (levels * beam, 1),  # action filter
        (levels * beam, 1),  # verification
        (probes, 2),  # transition summaries
    ]
    table = prices or PriceTable()
    vision_calls = sum(n for n, _ in vision)
    text_price, vision_price = table.lookup(text_model), table.lookup(vision_model or text_model)
    cost: float | None = None
    if text_price is not None and vision_price is not None:
        cost = text_calls * table.cost(text_model, TEXT_PROMPT_TOKENS, COMPLETION_TOKENS)
        for n, images in vision:
            cost += n * table.cost(
                vision_model or text_model,
                TEXT_PROMPT_TOKENS + images * image,
                COMPLETION_TOKENS,
            )
    models = tuple(dict.fromkeys(m for m in (text_model, vision_model or text_model) if m))
    return RunEstimate(text_calls + vision_calls, levels, cost, models, max_cost_usd)
