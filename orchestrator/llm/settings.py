"""Every setting of the LLM client, typed, with the environment as the fallback.

The environment variables are those of the official ``openai`` package (``OPENAI_BASE_URL``,
``OPENAI_API_KEY``), Azure's (``AZURE_OPENAI_ENDPOINT``, ``AZURE_OPENAI_API_KEY``,
``OPENAI_API_VERSION``) and a few of our own (``REPROFARM_LLM_MODEL``, ``REPROFARM_LLM_CACHE``,
``REPROFARM_LLM_PRICES``, ``REPROFARM_PROMPTS``). A flag beats the environment.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from orchestrator.errors import ConfigError, ReasonerError

OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1"
AZURE_DEFAULT_API_VERSION = "2024-10-21"
IMAGE_DETAILS = ("high", "low", "auto")


@dataclass(frozen=True)
class LLMSettings:
    """How to reach the model and how hard to try.

    ``model``: the chat model (Azure: the deployment name) for text-only roles; ``vision_model``:
    the model for roles that send screenshots (empty: ``model``). ``base_url``/``api_key``:
    empty means the environment. ``timeout_s``: seconds per HTTP request; ``max_retries``: extra
    attempts after a 429, 5xx, timeout, connection error or empty reply; the wait before retry
    *n* (0-based) is uniform in ``[0, min(backoff_max_s, backoff_base_s * 2**n)]`` ("full
    jitter"), or the server's ``Retry-After`` (capped at ``max_retry_after_s``) when it sends one.
    ``concurrency``: requests in flight at once for the whole run. ``cache_dir``: on-disk cache
    of replies keyed by the exact request (empty: no cache). ``prices_file``: JSON price table
    merged over the defaults (see ``orchestrator.llm.prices``). ``max_image_side``: screenshots
    are downscaled so their longest side is at most this many pixels (0: send no images);
    ``image_detail``: the image ``detail`` the API is asked for. ``temperature``: ``None`` leaves
    it to the server (some reasoning models refuse any other value). ``max_global``: global
    actions (back, swipes, rotation) the filter may add on top of the widget limit.
    ``min_verify_confidence``: the verifier's stricter bar: a "reproduced" answer below this
    confidence counts as not reproduced. ``share_limit_with_ray``: when Ray is running, the
    concurrency limit is held by a named Ray actor so that every worker of the run shares it.
    ``max_failed_calls``: calls in a row that failed every attempt (each answered offline) after
    which the reasoner stops the run (exit 3); ``max_unusable``: model answers in a row still
    unusable after the repair round (each "no opinion") after which it stops the run.
    ``savings``: the cost savings of issue 27 (decision 0038): deterministic summaries where the
    structural diff says what happened, one question asked once per search, one screenshot per
    summary, path evaluation from summaries; ``False`` asks every question as before (for
    measuring what they save: ``benchmarks/llm_cost.py``).
    """

    model: str = ""
    vision_model: str = ""
    base_url: str = ""
    api_key: str = field(default="", repr=False)
    timeout_s: float = 60.0
    max_retries: int = 4
    backoff_base_s: float = 1.0
    backoff_max_s: float = 30.0
    max_retry_after_s: float = 60.0
    concurrency: int = 8
    cache_dir: str = ""
    prices_file: str = ""
    prompts_dir: str = ""
    max_image_side: int = 1024
    image_detail: str = "high"
    temperature: float | None = 0.0
    max_global: int = 2
    min_verify_confidence: float = 0.6
    share_limit_with_ray: bool = True
    max_failed_calls: int = 10
    max_unusable: int = 10
    savings: bool = True
    azure_endpoint: str = ""
    api_version: str = ""

    @property
    def text_model(self) -> str:
        return self.model

    @property
    def image_model(self) -> str:
        return self.vision_model or self.model

    @property
    def azure(self) -> bool:
        """True when the client should speak Azure's deployment-style API."""
        return bool(self.azure_endpoint) and not self.base_url

    def resolved(self, env: Mapping[str, str] | None = None) -> LLMSettings:
        """Fill empty fields from the environment and check the result.

        Raises ``ConfigError`` (exit 2) for a missing model or a bad number, and
        ``ReasonerError`` (exit 3) for a missing API key, each with the fix on one line.
        """
        env = os.environ if env is None else env
        s = self
        if not s.model:
            s = replace(s, model=env.get("REPROFARM_LLM_MODEL", ""))
        if not s.base_url and not s.azure_endpoint:
            s = replace(
                s,
                base_url=env.get("OPENAI_BASE_URL", ""),
                azure_endpoint=""
                if env.get("OPENAI_BASE_URL")
                else env.get("AZURE_OPENAI_ENDPOINT", ""),
            )
        if s.azure and not s.api_version:
            s = replace(s, api_version=env.get("OPENAI_API_VERSION", AZURE_DEFAULT_API_VERSION))
        if not s.base_url and not s.azure:
            s = replace(s, base_url=OPENAI_DEFAULT_BASE_URL)
        if not s.api_key:
            key_var = "AZURE_OPENAI_API_KEY" if s.azure else "OPENAI_API_KEY"
            s = replace(s, api_key=env.get(key_var, "") or env.get("OPENAI_API_KEY", ""))
        if not s.cache_dir:
            s = replace(s, cache_dir=env.get("REPROFARM_LLM_CACHE", ""))
        if not s.prices_file:
            s = replace(s, prices_file=env.get("REPROFARM_LLM_PRICES", ""))
        if not s.prompts_dir:
            s = replace(s, prompts_dir=env.get("REPROFARM_PROMPTS", ""))
        s.validate()
        return s

    def validate(self) -> None:
        """Raise ``ConfigError``/``ReasonerError`` naming the bad setting and the fix."""
        if not self.model:
            raise ConfigError(
                "--reasoner openai needs a model: pass --model NAME (Azure: the deployment name) "
                "or set REPROFARM_LLM_MODEL"
            )
        if not self.api_key:
            where = "AZURE_OPENAI_API_KEY" if self.azure else "OPENAI_API_KEY"
            raise ReasonerError(
                f"no API key for the LLM endpoint {self.endpoint}: set {where} "
                "(local servers such as vLLM or Ollama accept any value, e.g. OPENAI_API_KEY=local)"
            )
        checks = (
            (self.timeout_s > 0, f"--llm-timeout must be positive, got {self.timeout_s}"),
            (self.max_retries >= 0, f"LLM max_retries must be 0 or more, got {self.max_retries}"),
            (
                self.concurrency >= 1,
                f"--llm-concurrency must be at least 1, got {self.concurrency}",
            ),
            (
                self.max_image_side >= 0,
                f"--llm-image-side must be 0 or more, got {self.max_image_side}",
            ),
            (
                self.image_detail in IMAGE_DETAILS,
                f"image detail must be one of {'/'.join(IMAGE_DETAILS)}, not {self.image_detail!r}",
            ),
            (
                self.max_failed_calls >= 1,
                f"--llm-max-failed-calls must be at least 1, got {self.max_failed_calls}",
            ),
            (
                self.max_unusable >= 1,
                f"--llm-max-unusable must be at least 1, got {self.max_unusable}",
            ),
            (
                self.backoff_base_s >= 0 and self.backoff_max_s >= 0,
                "LLM backoff must not be negative",
            ),
        )
        for ok, message in checks:
            if not ok:
                raise ConfigError(message)

    @property
    def endpoint(self) -> str:
        """Where requests go, for messages (never includes the key)."""
        return self.azure_endpoint if self.azure else (self.base_url or OPENAI_DEFAULT_BASE_URL)

    def to_json(self) -> dict[str, Any]:
        """The settings for ``result.json``, without the key."""
        data = asdict(self)
        data.pop("api_key", None)
        return data
