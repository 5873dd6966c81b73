"""The chat client: one JSON answer per role from any OpenAI-compatible endpoint.

Built on the official ``openai`` package (its own retries are off: this module owns them, so
every failure mode is bounded, logged and tested). One call of :meth:`LLMClient.complete_json`:

1. looks the request up among the replies of this run, then in the on-disk cache (a hit costs no
   request at all);
2. asks for strict structured output (``response_format`` with the role's JSON schema); a server
   that refuses it (HTTP 400/422) is asked again in JSON mode (``{"type": "json_object"}``), then
   with no ``response_format`` at all, the schema then being spelled out in the system message;
   the first mode that works is kept for the rest of the run (a refusal naming ``temperature``,
   as reasoning models give, drops the temperature instead);
3. retries 429, 5xx, timeouts, connection errors and replies without choices, at most
   ``max_retries`` times, waiting the server's ``Retry-After``/``retry-after-ms`` when it sends
   one (capped), else an exponential backoff with jitter;
4. parses the reply (code fences and surrounding prose are tolerated), validates it against the
   schema (``jsonschema``) and the caller's own checks, and on failure asks once more, quoting
   the problems (one repair round); a reply still unusable after it raises
   :class:`UnusableReply`, which callers treat as "no opinion" on that one question;
   a request the server refuses for good (an image part refused with 400/422, or a request
   too large: HTTP 413, a 429 saying so, a context-length 400) is not resent unchanged and
   does not weaken the run's structured-output mode: it raises :class:`RequestRejected` naming
   the kind, and the caller may resend it once downgraded;
5. books every reply that carries ``usage`` in :class:`orchestrator.model.LLMUsage`, per role,
   priced by :class:`orchestrator.llm.prices.PriceTable`; the prompt tokens the server says it
   served from its prompt cache (``usage.prompt_tokens_details.cached_tokens``) are booked as
   ``cached_tokens`` and priced at the model's cached-input rate.

Every failure that ends a call is a ``ReasonerError`` (or one of the two subclasses above) with
one line naming the endpoint, the problem and the fix. All requests pass through a
:class:`ConcurrencyLimiter`.
"""

from __future__ import annotations

import copy
import email.utils
import json
import random
import re
import threading
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import jsonschema
import openai
import structlog

from orchestrator.errors import ReasonerError
from orchestrator.llm.cache import ReplyCache, request_key
from orchestrator.llm.limiter import ConcurrencyLimiter
from orchestrator.llm.prices import PriceTable
from orchestrator.llm.schemas import SCHEMAS, response_format
from orchestrator.llm.settings import LLMSettings
from orchestrator.model import LLMUsage

log = structlog.get_logger("reprofarm.llm")

# Structured-output modes, strongest first.
JSON_SCHEMA = "json_schema"
JSON_OBJECT = "json_object"
PLAIN = "plain"
_MODES = (JSON_SCHEMA, JSON_OBJECT, PLAIN)
_WEAKER = {JSON_SCHEMA: JSON_OBJECT, JSON_OBJECT: PLAIN}
# Replies remembered in memory: a run asks some questions twice (the same action from the same
# screen to the same screen, on two paths); the second costs nothing, even without --llm-cache.
MEMO_SIZE = 4096

Check = Callable[[dict[str, Any]], list[str]]

_FENCE_RE = re.compile(r"^```[a-zA-Z]*\s*\n?(.*?)\n?```\s*$", re.DOTALL)


# Kinds of permanent rejection (RequestRejected.kind).
IMAGE_REFUSED = "image_refused"
TOO_LARGE = "too_large"
# OpenAI: "Request too large for gpt-4o ... The input or output tokens must be reduced" (429),
# "This model's maximum context length is 8192 tokens ... Please reduce the length of the
# messages" (400, code context_length_exceeded); proxies: 413 "Payload Too Large".
_TOO_LARGE_RE = re.compile(
    r"too large|must be reduced|maximum context length|context_length_exceeded|"
    r"reduce the length|too many tokens",
    re.IGNORECASE,
)
# OpenAI: "Invalid content type. image_url is only supported by certain models."; vLLM: "At
# most 1 image(s) may be provided in one request"; "... is not a multimodal model".
_IMAGE_RE = re.compile(r"image|multi-?modal|vision", re.IGNORECASE)
# vLLM's --limit-mm-per-prompt: "At most 1 image(s) may be provided in one request".
_AT_MOST_IMAGES_RE = re.compile(r"at most (\d+) image", re.IGNORECASE)


class _Refused(Exception):
    """The server answered 400/413/422 (or a 429 saying the request is too large): the request
    (perhaps its response_format) was refused."""

    def __init__(self, status: int, message: str, code: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code


class UnusableReply(ReasonerError):
    """The model's reply to one question was still not JSON, or still broke the role's schema,
    after the repair round. The run goes on: the caller treats that question as "no opinion"."""


class CallFailed(ReasonerError):
    """One request failed every attempt (5xx, 429, timeouts, connection errors, replies without
    choices, ``1 + max_retries`` times). ``timed_out``: the last attempt ran out of time (only
    then does the message suggest raising ``--llm-timeout``). The caller may answer that one
    question offline and go on; a run of them means the endpoint is down."""

    def __init__(self, message: str, *, timed_out: bool = False) -> None:
        super().__init__(message)
        self.timed_out = timed_out


class RequestRejected(ReasonerError):
    """The server refused one request for good (``kind``: :data:`IMAGE_REFUSED` or
    :data:`TOO_LARGE`); resending it unchanged cannot help. ``model`` is the model asked,
    ``status`` the HTTP status and ``reason`` the server's message (shortened)."""

    def __init__(self, message: str, *, kind: str, model: str, status: int, reason: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.model = model
        self.status = status
        self.reason = reason


def rejection_kind(status: int, message: str, code: str = "", has_images: bool = False) -> str:
    """The kind of permanent rejection an HTTP error is (:data:`TOO_LARGE` or
    :data:`IMAGE_REFUSED`), or ``""`` when it is not one (e.g. a refused ``response_format``).

    ``status``: the HTTP status; ``message``/``code``: the server's error message and code;
    ``has_images``: whether the refused request carried image parts (a message about images
    counts only then). The phrases are those of OpenAI, Azure and vLLM (see the patterns)."""
    text = f"{message} {code}"
    if status == 413 or (status in (400, 422, 429) and _TOO_LARGE_RE.search(text)):
        return TOO_LARGE
    if status in (400, 422) and has_images and _IMAGE_RE.search(text):
        return IMAGE_REFUSED
    return ""


def has_image_parts(messages: list[dict[str, Any]]) -> bool:
    """Whether any message carries an ``image_url`` content part."""
    return any(
        isinstance(m.get("content"), list)
        and any(isinstance(p, dict) and p.get("type") == "image_url" for p in m["content"])
        for m in messages
    )


def extract_json(text: str) -> Any:
    """Parse a reply that should be a JSON object, tolerating a Markdown code fence or prose
    around it. Raises ``ValueError`` with the parser's complaint."""
    stripped = text.strip()
    candidates = [stripped]
    fence = _FENCE_RE.match(stripped)
    if fence:
        candidates.append(fence.group(1).strip())
    start, end = stripped.find("{"), stripped.rfind("}")
    if 0 <= start < end:
        candidates.append(stripped[start : end + 1])
    first_error: json.JSONDecodeError | None = None
    for candidate in candidates:
        try:
            return json.loads(candidate)
        except json.JSONDecodeError as exc:
            first_error = first_error or exc
    snippet = " ".join(stripped.split())[:80]
    raise ValueError(f"not valid JSON ({first_error}): {snippet!r}")


def schema_errors(data: Any, schema: dict[str, Any], limit: int = 5) -> list[str]:
    """Up to ``limit`` violations of ``schema`` by ``data``, each as ``"at $.path: message"``."""
    validator = jsonschema.Draft202012Validator(schema)
    errors = []
    for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.path))):
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.path)
        errors.append(f"at {where}: {error.message}")
        if len(errors) >= limit:
            break
    return errors


def retry_after_seconds(headers: Any) -> float | None:
    """The server's requested wait from ``retry-after-ms`` or ``Retry-After`` (seconds or an
    HTTP date), or ``None``."""
    if headers is None:
        return None
    value = headers.get("retry-after-ms")
    if value:
        try:
            return max(0.0, float(value) / 1000.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


class LLMClient:
    """JSON answers per role, with the guarantees listed in the module docstring.

    ``settings`` must be resolved (:meth:`LLMSettings.resolved`). ``usage`` receives the
    accounting (pass the reasoner's). Picklable: a copy in another process rebuilds its HTTP
    client and shares the concurrency limit through Ray when Ray is running.
    """

    def __init__(
        self,
        settings: LLMSettings,
        *,
        usage: LLMUsage | None = None,
        prices: PriceTable | None = None,
        limiter: ConcurrencyLimiter | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings
        self.usage = usage if usage is not None else LLMUsage()
        self.prices = (
            prices if prices is not None else PriceTable.load(settings.prices_file or None)
        )
        ray_name = f"reprofarm-llm-{uuid.uuid4().hex[:12]}" if settings.share_limit_with_ray else ""
        self.limiter = limiter or ConcurrencyLimiter(
            settings.concurrency,
            ray_name=ray_name,
            acquire_timeout_s=settings.timeout_s * (settings.max_retries + 1) * 4,
        )
        self.cache = ReplyCache(settings.cache_dir) if settings.cache_dir else None
        self.mode = JSON_SCHEMA
        self.send_temperature = settings.temperature is not None
        self.unpriced: set[str] = set()
        # Per model: the most image parts it accepts in one request, learnt from its refusals
        # (0: none). Requests with more go without images for the rest of the run.
        self.image_limits: dict[str, int] = {}
        self._sleep = sleep
        self._init_runtime()

    def _init_runtime(self) -> None:
        self._client: Any = None
        self._memo: dict[str, dict[str, Any]] = {}
        self._lock = threading.Lock()
        self._rng = random.Random()

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        for name in ("_client", "_lock", "_rng", "_memo"):
            state.pop(name, None)
        state["_sleep"] = time.sleep
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._init_runtime()

    # -- the public call ------------------------------------------------------------------------
    def complete_json(
        self,
        role: str,
        model: str,
        messages: list[dict[str, Any]],
        check: Check | None = None,
        schema: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The model's JSON object for ``role`` (valid against ``SCHEMAS[role]``). ``schema``:
        the schema to send instead, a narrowed copy with this request's ids and names as
        ``enum`` (:func:`orchestrator.llm.schemas.narrowed`), so that strict servers can only
        produce allowed values.

        ``messages``: chat messages, the first a ``system`` message with string content.
        ``check``: extra validation returning problems (empty list: fine); its problems trigger
        the repair round like schema violations, but a reply still failing only ``check`` (or
        only the narrowed enums) after the repair is returned (the caller must cope), while one
        still breaking the role's schema raises :class:`UnusableReply`.
        """
        schema = schema or SCHEMAS[role]
        key = request_key(
            {
                "endpoint": self.settings.endpoint,
                "model": model,
                "messages": messages,
                "schema": schema,
                "temperature": self.settings.temperature,
            }
        )
        with self._lock:
            remembered = self._memo.get(key)
        if remembered is not None:
            self.count(role, "cache_hits")
            return copy.deepcopy(remembered)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None and isinstance(hit.get("data"), dict):
                self.count(role, "cache_hits")
                return hit["data"]
        data = self._complete(role, model, messages, schema, check)
        with self._lock:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.pop(next(iter(self._memo)))  # oldest first
            self._memo[key] = copy.deepcopy(data)
        if self.cache is not None:
            self.cache.put(
                key, {"role": role, "model": model, "data": data, "created": time.time()}
            )
        return data

    # -- parsing and repair ---------------------------------------------------------------------
    def _complete(
        self,
        role: str,
        model: str,
        messages: list[dict[str, Any]],
        schema: dict[str, Any],
        check: Check | None,
    ) -> dict[str, Any]:
        content = self._ask(role, model, messages, schema)
        data, problems, schema_ok = self._parse(content, SCHEMAS[role], schema, check)
        if not problems:
            assert data is not None
            return data
        self.count(role, "repairs")
        log.info("llm_repair", role=role, problems=problems[:3])
        repair = [
            *messages,
            {"role": "assistant", "content": content or ""},
            {
                "role": "user",
                "content": (
                    "Your reply could not be used: "
                    + "; ".join(problems)
                    + ". Reply again with only the JSON object, valid against this JSON Schema: "
                    + json.dumps(schema, ensure_ascii=False)
                ),
            },
        ]
        content = self._ask(role, model, repair, schema)
        data, problems, schema_ok = self._parse(content, SCHEMAS[role], schema, check)
        if data is not None and schema_ok:
            return data
        raise UnusableReply(
            f"the model {model!r} at {self.settings.endpoint} gave no usable {role} reply after "
            f"one repair round ({problems[0] if problems else 'empty reply'}); try a stronger model"
        )

    @staticmethod
    def _parse(
        content: str | None, base: dict[str, Any], schema: dict[str, Any], check: Check | None
    ) -> tuple[dict[str, Any] | None, list[str], bool]:
        """``(data, problems, schema_ok)``. ``schema_ok``: valid against the role's ``base``
        schema (the caller can read it); a value outside the request's narrowed enums is a
        problem to repair, like the caller's own ``check``, not a broken reply."""
        if not content or not content.strip():
            return None, ["the reply was empty"], False
        try:
            data = extract_json(content)
        except ValueError as exc:
            return None, [f"the reply is {exc}"], False
        if not isinstance(data, dict):
            return None, [f"the reply is JSON but not an object (a {type(data).__name__})"], False
        problems = schema_errors(data, base)
        if problems:
            return data, problems, False
        narrowed = schema_errors(data, schema) if schema is not base else []
        return data, narrowed + (check(data) if check else []), True

    # -- structured-output modes ------------------------------------------------------------------
    def _ask(
        self, role: str, model: str, messages: list[dict[str, Any]], schema: dict[str, Any]
    ) -> str | None:
        """The reply's content, trying weaker structured-output modes while the server refuses
        the request. A weaker mode is kept for the run only once it has worked: a refusal that
        had nothing to do with the mode must not weaken every later request. Raises
        :class:`RequestRejected` for a permanent rejection (see :func:`rejection_kind`)."""
        mode = self.mode
        while True:
            body = self._body(role, model, messages, mode, schema)
            try:
                content = self._send(role, model, body)
            except _Refused as refused:
                kind = rejection_kind(
                    refused.status, refused.message, refused.code, has_image_parts(messages)
                )
                if kind:
                    self.count(role, "rejected")
                    raise RequestRejected(
                        f"the LLM endpoint {self.settings.endpoint} refused the {role} request "
                        f"to model {model!r} for good (HTTP {refused.status}: "
                        f"{_short(refused.message)})",
                        kind=kind,
                        model=model,
                        status=refused.status,
                        reason=_short(refused.message),
                    ) from None
                if self.send_temperature and "temperature" in refused.message.lower():
                    # Reasoning models accept only their default temperature: ask without one.
                    log.warning("llm_temperature_dropped", role=role, error=_short(refused.message))
                    self.count(role, "fallbacks")
                    self.send_temperature = False
                    continue
                weaker = _WEAKER.get(mode)
                if weaker is None:
                    raise ReasonerError(
                        f"the LLM endpoint {self.settings.endpoint} refused the {role} request "
                        f"(HTTP {refused.status}: {_short(refused.message)}); check --model and "
                        "whether the model accepts images (or pass --llm-image-side 0)"
                    ) from None
                log.warning(
                    "llm_mode_fallback",
                    role=role,
                    refused=mode,
                    next=weaker,
                    error=_short(refused.message),
                )
                self.count(role, "fallbacks")
                mode = weaker
                continue
            with self._lock:
                if _MODES.index(mode) > _MODES.index(self.mode):
                    self.mode = mode
            return content

    def _body(
        self,
        role: str,
        model: str,
        messages: list[dict[str, Any]],
        mode: str,
        schema: dict[str, Any],
    ) -> dict[str, Any]:
        msgs = copy.deepcopy(messages)
        if mode != JSON_SCHEMA and msgs and msgs[0].get("role") == "system":
            msgs[0]["content"] = (
                str(msgs[0]["content"])
                + "\n\nThe reply must be one JSON object, valid against this JSON Schema:\n"
                + json.dumps(schema, ensure_ascii=False)
            )
        body: dict[str, Any] = {"model": model, "messages": msgs}
        if self.send_temperature and self.settings.temperature is not None:
            body["temperature"] = self.settings.temperature
        if mode == JSON_SCHEMA:
            body["response_format"] = response_format(role, schema)
        elif mode == JSON_OBJECT:
            body["response_format"] = {"type": "json_object"}
        return body

    # -- HTTP with retries -------------------------------------------------------------------------
    def _openai(self) -> Any:
        with self._lock:
            if self._client is None:
                s = self.settings
                if s.azure:
                    self._client = openai.AzureOpenAI(
                        azure_endpoint=s.azure_endpoint,
                        api_key=s.api_key,
                        api_version=s.api_version,
                        timeout=s.timeout_s,
                        max_retries=0,
                    )
                else:
                    self._client = openai.OpenAI(
                        api_key=s.api_key, base_url=s.base_url, timeout=s.timeout_s, max_retries=0
                    )
            return self._client

    def _send(self, role: str, model: str, body: dict[str, Any]) -> str | None:
        """POST one chat completion; returns the first choice's content. Raises ``_Refused`` on
        400/422, :class:`CallFailed` when every attempt failed, and ``ReasonerError`` on
        everything that retrying cannot fix (key, permission, model)."""
        s = self.settings
        attempts = s.max_retries + 1
        problem = ""
        for attempt in range(attempts):
            wait: float | None = None
            timed_out = False
            try:
                with self.limiter.slot():
                    completion = self._openai().chat.completions.create(**body)
            except openai.APITimeoutError:
                problem = f"no answer within {s.timeout_s:g} s"
                timed_out = True
                self.count(role, "timeouts")
            except openai.APIConnectionError as exc:
                problem = f"cannot connect ({_cause(exc)})"
            except openai.AuthenticationError as exc:
                raise ReasonerError(
                    f"the LLM endpoint {s.endpoint} rejected the API key (HTTP {exc.status_code}); "
                    "set OPENAI_API_KEY (Azure: AZURE_OPENAI_API_KEY) to a valid key"
                ) from None
            except openai.PermissionDeniedError as exc:
                raise ReasonerError(
                    f"the LLM endpoint {s.endpoint} denied access to model {model!r} "
                    f"(HTTP {exc.status_code}: {_short(exc.message)}); check the key's permissions"
                ) from None
            except openai.NotFoundError as exc:
                raise ReasonerError(
                    f"model {model!r} not found at {s.endpoint} (HTTP 404: {_short(exc.message)}); "
                    "check --model (Azure: the deployment name) and OPENAI_BASE_URL"
                ) from None
            except (openai.BadRequestError, openai.UnprocessableEntityError) as exc:
                raise _Refused(exc.status_code, exc.message, str(exc.code or "")) from None
            except openai.APIStatusError as exc:
                if rejection_kind(exc.status_code, exc.message, str(exc.code or "")) == TOO_LARGE:
                    # 413, or a 429 "Request too large": waiting cannot make the request fit.
                    raise _Refused(exc.status_code, exc.message, str(exc.code or "")) from None
                if exc.status_code not in (408, 409, 429) and exc.status_code < 500:
                    raise ReasonerError(
                        f"the LLM endpoint {s.endpoint} answered HTTP {exc.status_code} "
                        f"({_short(exc.message)}); check the endpoint and model"
                    ) from None
                problem = f"HTTP {exc.status_code} ({_short(exc.message)})"
                wait = retry_after_seconds(exc.response.headers)
                self.count(role, "rate_limited" if exc.status_code == 429 else "server_errors")
            except (openai.APIError, ValueError) as exc:  # e.g. a 200 whose body is not JSON
                problem = f"unreadable reply ({_short(str(exc))})"
            else:
                self._book(role, model, completion)
                choices = getattr(completion, "choices", None)
                if choices:
                    return choices[0].message.content
                problem = "a reply with an empty list of choices"
            if attempt + 1 >= attempts:
                break
            delay = self._delay(attempt, wait)
            self.count(role, "retries")
            log.warning(
                "llm_retry",
                role=role,
                attempt=attempt + 1,
                of=attempts,
                wait_s=round(delay, 3),
                problem=problem,
            )
            self._sleep(delay)
        fix = (
            "the server answers too slowly: raise --llm-timeout"
            if timed_out
            else "check OPENAI_BASE_URL and that the server is up"
        )
        raise CallFailed(
            f"the LLM endpoint {s.endpoint} failed the {role} request {attempts} times, last with "
            f"{problem}; {fix}",
            timed_out=timed_out,
        )

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        s = self.settings
        if retry_after is not None:
            # Honour the server, capped, plus a little jitter so parallel callers do not return
            # in lockstep.
            base = min(retry_after, s.max_retry_after_s)
            return base + self._rng.uniform(0, 0.1 * base)
        cap = min(s.backoff_max_s, s.backoff_base_s * (2**attempt))
        # "Equal jitter": at least half the exponential step, at most all of it.
        return cap / 2 + self._rng.uniform(0, cap / 2)

    # -- accounting ------------------------------------------------------------------------------
    def _slot(self, role: str) -> dict[str, float]:
        return self.usage.by_role.setdefault(
            role, {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost_usd": 0.0}
        )

    def note_image_refusal(self, model: str, images: int, reason: str) -> None:
        """Remember that ``model`` refused a request carrying ``images`` image parts with
        ``reason``: later requests to it carry none (or, when the server said "at most N
        image(s)" with N below ``images``, at most N), for the rest of the run."""
        limit = 0
        stated = _AT_MOST_IMAGES_RE.search(reason)
        if stated and int(stated.group(1)) < images:
            limit = int(stated.group(1))
        with self._lock:
            self.image_limits[model] = min(limit, self.image_limits.get(model, limit))

    def images_allowed(self, model: str, images: int) -> bool:
        """Whether a request to ``model`` may carry ``images`` image parts (see
        :meth:`note_image_refusal`)."""
        with self._lock:
            limit = self.image_limits.get(model)
        return limit is None or images <= limit

    def note_downgrade(self, role: str, rejected: RequestRejected, downgrade: str) -> None:
        """Count a request resent downgraded (``by_role[role]["downgrades"]``) after
        ``rejected``; the first time per model and kind of rejection, log it and list it in
        ``usage.downgrades`` (``downgrade`` says what was left out or made smaller)."""
        self.count(role, "downgrades")
        with self._lock:
            if any(
                d["model"] == rejected.model and d["kind"] == rejected.kind
                for d in self.usage.downgrades
            ):
                return
            self.usage.downgrades.append(
                {
                    "model": rejected.model,
                    "role": role,
                    "kind": rejected.kind,
                    "status": rejected.status,
                    "reason": rejected.reason,
                    "downgrade": downgrade,
                }
            )
        log.warning(
            "llm_request_downgraded",
            model=rejected.model,
            role=role,
            kind=rejected.kind,
            status=rejected.status,
            reason=rejected.reason,
            downgrade=downgrade,
            note="reported once per model and kind"
            + (
                "; later requests go without the images it refused"
                if rejected.kind == IMAGE_REFUSED
                else "; later requests are still sent whole"
            ),
        )

    def count(self, role: str, counter: str) -> None:
        """Add one to ``usage.by_role[role][counter]`` (thread-safe)."""
        with self._lock:
            slot = self._slot(role)
            slot[counter] = slot.get(counter, 0) + 1

    def _book(self, role: str, model: str, completion: Any) -> None:
        usage = getattr(completion, "usage", None)
        prompt = int(getattr(usage, "prompt_tokens", 0) or 0)
        done = int(getattr(usage, "completion_tokens", 0) or 0)
        details = getattr(usage, "prompt_tokens_details", None)
        cached = int(getattr(details, "cached_tokens", 0) or 0)
        priced_as = model
        if self.prices.lookup(model) is None and getattr(completion, "model", None):
            priced_as = str(completion.model)  # Azure answers with the model behind a deployment
        if self.prices.lookup(priced_as) is None:
            self.unpriced.add(model)
        cost = self.prices.cost(priced_as, prompt, done, cached)
        with self._lock:
            self.usage.add(role, prompt, done, cost)
            if cached:
                # The part of prompt_tokens the server served from its prompt cache, priced above
                # at the model's cached-input rate.
                self.usage.cached_tokens += cached
                slot = self._slot(role)
                slot["cached_tokens"] = slot.get("cached_tokens", 0) + cached
            if usage is None:
                slot = self._slot(role)
                slot["no_usage"] = slot.get("no_usage", 0) + 1


def _short(text: str, limit: int = 160) -> str:
    one = " ".join(str(text).split())
    return one if len(one) <= limit else one[: limit - 3] + "..."


def _cause(exc: BaseException) -> str:
    inner = exc.__cause__ or exc.__context__
    return _short(str(inner) if inner else str(exc), 100)
