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
