"""A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions API, for tests.

It answers ``POST .../chat/completions`` (any prefix, so ``/v1`` and Azure's
``/openai/deployments/<name>/chat/completions`` both work) and ``GET .../models``, checks the
bearer token (or Azure's ``api-key`` header), and reports ``usage`` figures computed the way
OpenAI bills: about 4 characters per text token, and for each image 85 tokens plus 170 per
512-pixel tile after OpenAI's resizing (fit in 2048×2048, then shortest side at most 768; "low"
detail: 85), and OpenAI's prompt caching: a prompt of 1,024 tokens or more that starts like an
earlier one has that prefix, in steps of 128 tokens, reported as
``usage.prompt_tokens_details.cached_tokens`` (:class:`PromptCache`; ``prompt_cache=False``
turns it off). Those are estimates of a real tokenizer, but they are *the* figures the client
receives, so accounting tests compare against :attr:`FakeOpenAIServer.reported`.

Replies: per role (the ``response_format`` schema name, or the schema ``title`` spelled out in
the system message when the client fell back to plain JSON), first any replies queued with
:meth:`script`, else a rule-based "model" (:func:`rule_reply`) that reads the prompt text: it
numbers the report's steps, picks candidate widgets whose labels share words with the steps,
types the first quoted value, and judges paths by how many steps their actions cover in order.
It has no knowledge of any particular app or report.

Failure injection (:meth:`fail`): ``rate_limit`` (429 with ``Retry-After``), ``server_error``
(500), ``slow`` (answers after a delay, for client timeouts), ``malformed_json`` (content that
is not JSON), ``schema_break`` (JSON that breaks the role's schema), ``empty_choices`` (200 with
``choices: []``), ``bad_body`` (200 whose body is not JSON), ``unauthorized`` (401). Servers
that do not support structured output are modelled by ``refuse_json_schema`` /
``refuse_json_object``, reasoning models that take no temperature by ``refuse_temperature``.
``fail_rate`` answers that fraction of the chat requests (not already given a queued fault) with
a 500, drawn from a ``random.Random(seed)``: an endpoint that fails often, not always.

Permanent rejections, as real servers word them: ``refuse_images`` answers every request with
an image part with OpenAI's 400 "Invalid content type. image_url is only supported by certain
models."; ``max_images`` answers a request with more image parts with vLLM's 400 "At most N
image(s) may be provided in one request." (``--limit-mm-per-prompt``); ``max_request_tokens``
answers a request whose prompt is larger with OpenAI's 429
"Request too large ... must be reduced" (no ``Retry-After``: waiting does not help).
``strict`` models guided decoding (OpenAI strict structured outputs, vLLM): a reply value
outside an ``enum`` of the request's schema is replaced by the enum's first value, as a
constrained decoder can never emit it. ``responder`` replaces the rule-based model.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import math
import random
import re
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from PIL import Image

ROLES = (
    "report_analysis",
    "action_filter",
    "input_text",
    "transition_summary",
    "path_evaluation",
    "verification",
)
FAULTS = (
    "rate_limit",
    "server_error",
    "slow",
    "malformed_json",
    "schema_break",
    "empty_choices",
    "bad_body",
    "unauthorized",
)


@dataclass
class Fault:
    kind: str
    role: str | None = None
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class Recorded:
    """One request as the server saw it."""

    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    role: str
    status: int = 0
    fault: str = ""

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages", []))

    @property
    def images(self) -> list[str]:
        """The data URLs of every image part, in order."""
        return [url for _, url in _image_parts(self.messages)]

    @property
    def text(self) -> str:
        return "\n".join(_texts(self.messages))


def _texts(messages: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for message in messages:
        content = message.get("content")
        if isinstance(content, str):
            out.append(content)
        elif isinstance(content, list):
            out += [str(p.get("text", "")) for p in content if p.get("type") == "text"]
    return out


def _image_parts(messages: list[dict[str, Any]]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for message in messages:
        content = message.get("content")
        if isinstance(content, list):
            for part in content:
                if part.get("type") == "image_url":
                    img = part.get("image_url", {})
                    out.append((str(img.get("detail", "auto")), str(img.get("url", ""))))
    return out


def image_tokens(width: int, height: int, detail: str = "high") -> int:
    """OpenAI's published rule for GPT-4o/4.1-class vision input."""
    if detail == "low":
        return 85
    scale = min(1.0, 2048 / max(width, height))
    w, h = width * scale, height * scale
    scale = min(1.0, 768 / min(w, h))
    w, h = w * scale, h * scale
    return 85 + 170 * math.ceil(w / 512) * math.ceil(h / 512)


def count_prompt_tokens(body: dict[str, Any]) -> int:
    messages = body.get("messages", [])
    chars = sum(len(t) for t in _texts(messages))
    if body.get("response_format"):
        chars += len(json.dumps(body["response_format"]))
    tokens = math.ceil(chars / 4) + 4 * len(messages)
    for detail, url in _image_parts(messages):
        _, _, b64 = url.partition(",")
        with Image.open(io.BytesIO(base64.b64decode(b64))) as image:
            tokens += image_tokens(*image.size, detail)
    return tokens


# OpenAI's prompt caching: prompts of at least 1,024 tokens are cached; a later request whose
# prompt starts with the same tokens gets the longest cached prefix billed as ``cached_tokens``,
# in steps of 128 tokens. The schema of structured output is part of the prefix (it precedes the
# system message), then the messages in order, images included.
CACHE_MIN_TOKENS = 1024
CACHE_STEP_TOKENS = 128


def prompt_stream(body: dict[str, Any]) -> str:
    """The request's prompt as one string of about 4 characters per token, in the order the
    server reads it (``response_format`` first, then each message's text and images): an image is
    a marker of 4 characters per image token, unique to its pixels, so a prefix of the string
    stands for a prefix of the prompt's tokens."""
    parts: list[str] = []
    if body.get("response_format"):
        parts.append(json.dumps(body["response_format"], sort_keys=True))
    for message in body.get("messages", []):
        parts.append(f"<|{message.get('role', '')}|>")
        content = message.get("content")
        if isinstance(content, str):
            parts.append(content)
        elif isinstance(content, list):
            for part in content:
                if part.get("type") == "text":
                    parts.append(str(part.get("text", "")))
                elif part.get("type") == "image_url":
                    img = part.get("image_url", {})
                    url, detail = str(img.get("url", "")), str(img.get("detail", "auto"))
                    _, _, b64 = url.partition(",")
                    with Image.open(io.BytesIO(base64.b64decode(b64))) as image:
                        tokens = image_tokens(*image.size, detail)
                    digest = hashlib.sha256(url.encode()).hexdigest()
                    parts.append((digest * (4 * tokens // len(digest) + 1))[: 4 * tokens])
    return "".join(parts)


class PromptCache:
    """The prefixes of every prompt served so far, at 128-token boundaries (thread-safe)."""

    def __init__(self) -> None:
        self._seen: set[bytes] = set()
        self._lock = threading.Lock()

    def serve(self, body: dict[str, Any], prompt_tokens: int) -> int:
        """The cached tokens of this request (0 below :data:`CACHE_MIN_TOKENS`); then remember
        its prefixes."""
        stream = prompt_stream(body).encode("utf-8", "surrogatepass")
        step = 4 * CACHE_STEP_TOKENS
        digests = []
        digest = hashlib.sha256()
        for end in range(step, len(stream) + 1, step):
            digest.update(stream[end - step : end])
            digests.append(digest.copy().digest())
        with self._lock:
            hit = 0
            for n, key in enumerate(digests, 1):
                if key not in self._seen:
                    break
                hit = n
            self._seen.update(digests)
        cached = hit * CACHE_STEP_TOKENS
        if prompt_tokens < CACHE_MIN_TOKENS or cached < CACHE_MIN_TOKENS:
            return 0
        return min(cached, prompt_tokens)


def detect_role(body: dict[str, Any]) -> str:
    fmt = body.get("response_format") or {}
    if fmt.get("type") == "json_schema":
        return str(fmt.get("json_schema", {}).get("name", ""))
    system = next((t for t in _texts(body.get("messages", [])[:1])), "")
    match = re.search(r'"title":\s*"(\w+)"', system)
    return match.group(1) if match and match.group(1) in ROLES else "unknown"


class FakeOpenAIServer:
    """The server (see the module docstring). Use as a context manager; ``base_url`` ends in
    ``/v1``. Thread-safe counters: ``requests`` (every request), ``reported`` (usage reported
    per role), ``max_in_flight``."""

    def __init__(
        self,
        *,
        api_key: str = "test-key",
        refuse_json_schema: bool = False,
        refuse_json_object: bool = False,
        refuse_temperature: bool = False,
        refuse_images: bool = False,
        max_images: int | None = None,
        fail_rate: float = 0.0,
        seed: int = 0,
        max_request_tokens: int = 0,
        strict: bool = False,
        responder: Callable[[str, dict[str, Any]], dict[str, Any] | str] | None = None,
        prompt_cache: bool = True,
    ) -> None:
        self.api_key = api_key
        self.refuse_images = refuse_images
        self.max_images = max_images
        self.fail_rate = fail_rate
        self._rng = random.Random(seed)
        self.max_request_tokens = max_request_tokens
        self.strict = strict
        self.refuse_json_schema = refuse_json_schema
        self.refuse_json_object = refuse_json_object
        self.refuse_temperature = refuse_temperature
        self.responder = responder or rule_reply
        self.prompt_cache = PromptCache() if prompt_cache else None
        self.requests: list[Recorded] = []
        self.reported: dict[str, Counter[str]] = {}
        self.max_in_flight = 0
        self._in_flight = 0
        self._faults: deque[Fault] = deque()
        self._scripts: dict[str, deque[dict[str, Any] | str]] = {}
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------------------
    def start(self) -> FakeOpenAIServer:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                server._handle(self, "GET")

            def do_POST(self) -> None:
                server._handle(self, "POST")

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="fake-openai",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def root_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # -- scripting -------------------------------------------------------------------------------
    def script(self, role: str, *replies: dict[str, Any] | str) -> None:
        """Queue replies for ``role`` (a dict is sent as JSON content, a str as is)."""
        with self._lock:
            self._scripts.setdefault(role, deque()).extend(replies)

    def fail(self, kind: str, *, times: int = 1, role: str | None = None, **params: Any) -> None:
        """Queue ``times`` faults of ``kind`` for the next requests (of ``role`` if given).
        Params: ``retry_after`` (seconds, str) for rate_limit; ``seconds`` for slow
        (and ``until_in_flight``: answer early once that many requests are in flight)."""
        if kind not in FAULTS:
            raise ValueError(f"unknown fault {kind!r}; known: {FAULTS}")
        with self._lock:
            self._faults.extend(Fault(kind, role, params) for _ in range(times))

    def calls(self, role: str | None = None) -> int:
        """Requests received (of ``role`` if given)."""
        with self._lock:
            return sum(1 for r in self.requests if role is None or r.role == role)

    def reported_total(self, key: str) -> int:
        with self._lock:
            return sum(c[key] for c in self.reported.values())

    # -- serving ---------------------------------------------------------------------------------
    def _take_fault(self, role: str) -> Fault | None:
        with self._lock:
            for fault in self._faults:
                if fault.role is None or fault.role == role:
                    self._faults.remove(fault)
                    return fault
        return None

    def _handle(self, handler: BaseHTTPRequestHandler, method: str) -> None:
        with self._lock:
            self._in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self._in_flight)
        try:
            self._serve(handler, method)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout): nothing to answer
        finally:
            with self._lock:
                self._in_flight -= 1

    def _hold(self, seconds: float, until_in_flight: int | None) -> None:
        """Sleep ``seconds``; with ``until_in_flight``, stop early once that many requests are in
        flight at once (a barrier: a test of a concurrency limit then does not depend on how
        quickly the clients happen to start)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if until_in_flight is not None and self.max_in_flight >= int(until_in_flight):
                return
            time.sleep(0.01)

    def _serve(self, handler: BaseHTTPRequestHandler, method: str) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length) if length else b""
        headers = {k.lower(): v for k, v in handler.headers.items()}
        path = handler.path.split("?", 1)[0]
        if method == "GET" and path.endswith("/models"):
            self._send(
                handler, 200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]}
            )
            return
        if method != "POST" or not path.endswith("/chat/completions"):
            self._send(handler, 404, _error(f"no route {method} {path}", "not_found"))
            return
        body = json.loads(raw or b"{}")
        role = detect_role(body)
        record = Recorded(path=path, headers=headers, body=body, role=role)
        with self._lock:
            self.requests.append(record)
        token = headers.get("authorization", "").removeprefix("Bearer ").strip() or headers.get(
            "api-key", ""
        )
        if self.api_key and token != self.api_key:
            record.status = 401
            self._send(handler, 401, _error("Incorrect API key provided", "invalid_request_error"))
            return
        fmt = (body.get("response_format") or {}).get("type")
        if (self.refuse_json_schema and fmt == "json_schema") or (
            self.refuse_json_object and fmt == "json_object"
        ):
            record.status = 400
            self._send(
                handler,
                400,
                _error(f"response_format type {fmt} is not supported", "invalid_request_error"),
            )
            return
        if self.refuse_temperature and body.get("temperature") not in (None, 1):
            record.status = 400
            message = "Unsupported value: 'temperature' does not support 0 with this model."
            self._send(handler, 400, _error(message, "invalid_request_error"))
            return
        if self.refuse_images and _image_parts(body.get("messages", [])):
            record.status = 400
            message = "Invalid content type. image_url is only supported by certain models."
            self._send(handler, 400, _error(message, "invalid_request_error"))
            return
        shown = len(_image_parts(body.get("messages", [])))
        if self.max_images is not None and shown > self.max_images:
            record.status = 400
            message = f"At most {self.max_images} image(s) may be provided in one request."
            self._send(handler, 400, _error(message, "BadRequestError"))
            return
        if self.max_request_tokens and count_prompt_tokens(body) > self.max_request_tokens:
            record.status = 429
            message = (
                f"Request too large for {body.get('model')} in organization org-fake on tokens per "
                f"min (TPM): Limit {self.max_request_tokens}, Requested "
                f"{count_prompt_tokens(body)}. The input or output tokens must be reduced in order "
                "to run successfully."
            )
            self._send(handler, 429, _error(message, "tokens", "rate_limit_exceeded"))
            return
        fault = self._take_fault(role)
        if fault is None and self.fail_rate:
            with self._lock:
                unlucky = self._rng.random() < self.fail_rate
            if unlucky:
                fault = Fault("server_error", role)
        if fault is not None:
            record.fault = fault.kind
        if fault is not None and fault.kind == "unauthorized":
            record.status = 401
            self._send(handler, 401, _error("Incorrect API key provided", "invalid_request_error"))
            return
        if fault is not None and fault.kind == "rate_limit":
            record.status = 429
            extra = {"Retry-After": str(fault.params.get("retry_after", "1"))}
            self._send(handler, 429, _error("Rate limit reached", "rate_limit_error"), extra)
            return
        if fault is not None and fault.kind == "server_error":
            record.status = 500
            self._send(handler, 500, _error("The server had an error", "server_error"))
            return
        if fault is not None and fault.kind == "slow":
            self._hold(float(fault.params.get("seconds", 2.0)), fault.params.get("until_in_flight"))
        if fault is not None and fault.kind == "bad_body":
            record.status = 200
            self._send_raw(handler, 200, b"<html>gateway says hello</html>", "application/json")
            return
        prompt_tokens = count_prompt_tokens(body)
        if fault is not None and fault.kind == "empty_choices":
            record.status = 200
            self._book(role, prompt_tokens, 0)
            self._send(handler, 200, _completion(body, [], prompt_tokens, 0))
            return
        if fault is not None and fault.kind == "malformed_json":
            content = '{"oops": [1, 2,'
        elif fault is not None and fault.kind == "schema_break":
            content = json.dumps({"unexpected": True, "note": "this breaks the schema"})
        else:
            content = self._reply(role, body)
        completion_tokens = max(1, math.ceil(len(content) / 4))
        cached = self.prompt_cache.serve(body, prompt_tokens) if self.prompt_cache else 0
        record.status = 200
        self._book(role, prompt_tokens, completion_tokens, cached)
        choice = {
            "index": 0,
            "message": {"role": "assistant", "content": content},
            "finish_reason": "stop",
        }
        self._send(
            handler, 200, _completion(body, [choice], prompt_tokens, completion_tokens, cached)
        )

    def _reply(self, role: str, body: dict[str, Any]) -> str:
        with self._lock:
            queue = self._scripts.get(role)
            scripted = queue.popleft() if queue else None
        reply = scripted if scripted is not None else self.responder(role, body)
        fmt = body.get("response_format") or {}
        if self.strict and not isinstance(reply, str) and fmt.get("type") == "json_schema":
            reply = constrain(reply, fmt["json_schema"]["schema"])
        return reply if isinstance(reply, str) else json.dumps(reply)

    def _book(self, role: str, prompt: int, completion: int, cached: int = 0) -> None:
        with self._lock:
            tally = self.reported.setdefault(role, Counter())
            tally["calls"] += 1
            tally["prompt_tokens"] += prompt
            tally["completion_tokens"] += completion
            tally["cached_tokens"] += cached

    @staticmethod
    def _send(
        handler: BaseHTTPRequestHandler,
        status: int,
        payload: dict[str, Any],
        headers: dict[str, str] | None = None,
    ) -> None:
        FakeOpenAIServer._send_raw(
            handler, status, json.dumps(payload).encode(), "application/json", headers
        )

    @staticmethod
    def _send_raw(
        handler: BaseHTTPRequestHandler,
        status: int,
        data: bytes,
        ctype: str,
        headers: dict[str, str] | None = None,
    ) -> None:
        handler.send_response(status)
        handler.send_header("Content-Type", ctype)
        handler.send_header("Content-Length", str(len(data)))
        for key, value in (headers or {}).items():
            handler.send_header(key, value)
        handler.end_headers()
        handler.wfile.write(data)
        handler.wfile.flush()


def _error(message: str, kind: str, code: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "code": code}}


def constrain(value: Any, schema: dict[str, Any]) -> Any:
    """``value`` as a decoder constrained by ``schema`` would have produced it: a value outside
    an ``enum`` becomes the enum's first value (objects and arrays are walked)."""
    if "enum" in schema and value not in schema["enum"]:
        return schema["enum"][0]
    if isinstance(value, dict):
        props = schema.get("properties", {})
        return {k: constrain(v, props[k]) if k in props else v for k, v in value.items()}
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [constrain(v, schema["items"]) for v in value]
    return value


def _completion(
    body: dict[str, Any],
    choices: list[dict[str, Any]],
    prompt: int,
    completion: int,
    cached: int = 0,
) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-fake-{time.monotonic_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": str(body.get("model", "fake-model")),
        "choices": choices,
        "usage": {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": cached},
        },
    }


# -- the rule-based "model" -----------------------------------------------------------------------
# Words that name no widget: articles, prepositions, and the verbs of UI steps.
_STOP = frozenset(
    re.findall(
        r"\w+",
        "a an the to in on of and or it is into onto then go click tap press long select choose "
        "open named name with for from at by this that its be will app screen button step steps "
        "again after before when you your i my me",
    )
)
# A quoted label: '...', "...", `...`, typographic quotes, or Markdown **bold**.
_QUOTED = re.compile(r"\*\*([^*]{1,60})\*\*|['\"`‘’“”]([^'\"`‘’“”]{1,60})['\"`‘’“”]")


def _quoted(text: str) -> list[str]:
    return [a or b for a, b in _QUOTED.findall(text)]


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _STOP and len(w) > 1}


def _first_user_text(body: dict[str, Any]) -> str:
    messages = body.get("messages", [])
    return _texts(messages[1:2])[0] if len(messages) > 1 and _texts(messages[1:2]) else ""


def _section(text: str, start: str, stop: str) -> str:
    i = text.find(start)
    if i < 0:
        return ""
    j = text.find(stop, i + len(start)) if stop else -1
    return text[i + len(start) : j if j >= 0 else None]


def _s2r(text: str) -> list[str]:
    block = _section(text, "Steps to reproduce (S2R), in order:", "\nSymptom:")
    if not block:
        block = _section(text, '"""', '"""')
    steps = [m.group(1) for m in re.finditer(r"^\s*\d+[.)]\s+(.+)$", block, re.MULTILINE)]
    return steps or [line for line in block.splitlines() if line.strip()]


def rule_reply(role: str, body: dict[str, Any]) -> dict[str, Any]:
    """A plausible answer for ``role`` from the prompt's text (see the module docstring)."""
    text = _first_user_text(body)
    if role == "report_analysis":
        return _analysis(text)
    if role == "action_filter":
        return _filter(text)
    if role == "input_text":
        quoted = _quoted(_section(text, "Input values the report quotes:", "\n") or "")
        quoted = quoted or _quoted("\n".join(_s2r(text)))
        return {"text": quoted[0] if quoted else "test", "reason": "value from the report"}
    if role == "transition_summary":
        action = _section(text, "Action performed:", "\n").strip()
        changes = _section(text, "Structural differences:\n", "").strip().splitlines()
        summary = f"Did {action}; {changes[0] if changes else 'no change'}"
        return {"effect": summary, "summary": summary}
    if role == "path_evaluation":
        return _evaluate(text)
    if role == "verification":
        symptom = _words(_section(text, "Symptom:", "\n"))
        shown = _words(_section(text, "Texts on it:", "\n"))
        hit = bool(symptom & shown)
        return {
            "reproduced": hit,
            "evidence": "symptom words on screen" if hit else "not seen",
            "confidence": 0.9 if hit else 0.2,
        }
    return {}


def _analysis(text: str) -> dict[str, Any]:
    title = _section(text, "Title:", "\n").strip()
    body = _section(text, "Body:", "")
    steps_text = [
        m.group(1).strip() for m in re.finditer(r"^\s*\d+[.)]\s+(.+)$", body, re.MULTILINE)
    ]
    steps_text = steps_text or [title]
    steps = []
    values = []
    for s in steps_text:
        quoted = _quoted(s)
        low = s.lower()
        if "long" in low:
            hint = "long_click"
        elif "rotat" in low:
            hint = "rotate"
        elif re.search(r"\b(type|enter|input|write)\b", low):
            hint = "input_text"
        else:
            hint = "click"
        value = quoted[0] if quoted and hint == "input_text" else ""
        values += quoted
        steps.append({"text": s, "action_hint": hint, "targets": quoted, "value": value})
    exc = re.search(r"\b((?:[a-z_$][\w$]*\.)*[A-Z][\w$]*(?:Exception|Error))\b", body)
    crash = bool(exc) or "crash" in (title + body).lower()
    return {
        "steps": steps,
        "symptom": title,
        "bug_kind": "crash" if crash else "non-crash",
        "exception_class": exc.group(1) if exc else "",
        "input_values": list(dict.fromkeys(values)),
        "setup_notes": [],
    }


def _progress(steps: list[set[str]], actions: list[str]) -> int:
    """How many steps, in order, the actions cover: each step needs a later action sharing a
    word with it."""
    reached, cursor = 0, 0
    for step in steps:
        found = next((j for j in range(cursor, len(actions)) if step & _words(actions[j])), None)
        if found is None:
            break
        reached, cursor = reached + 1, found + 1
    return reached


def _filter(text: str) -> dict[str, Any]:
    steps = _s2r(text)
    step_words = [_words(s) for s in steps]
    done = _section(text, "Actions done so far:\n", "\n\n")
    actions = [
        m.group(1).split(" -> ")[0] for m in re.finditer(r"^\d+\. (.+)$", done, re.MULTILINE)
    ]
    at = _progress(step_words, actions)
    upcoming = step_words[at] if at < len(steps) else set()
    later = set().union(*step_words[at + 1 :]) if at + 1 < len(steps) else set()
    single = "Choose the one next action." in text
    limit_match = re.search(r"Choose at most (\d+) widgets", text)
    limit = 1 if single else int(limit_match.group(1)) if limit_match else 3
    widgets = []
    for m in re.finditer(r"^\[(\d+)\] (.+?) -- actions: (.+)$", text, re.MULTILINE):
        label = m.group(2)
        name = _quoted(label)
        words = _words(" ".join(name) if name else label.split(",")[0])
        widgets.append((int(m.group(1)), words, [a.strip() for a in m.group(3).split(",")]))
    if not widgets:
        name = re.search(r"^- (\w+):", _section(text, "Global actions:", ""), re.MULTILINE)
        globals_ = [{"name": name.group(1), "reason": "no widgets"}] if name else []
        return {"widgets": [], "global_actions": globals_}
    # The widget the next step names first, then widgets later steps name, then the rest in
    # screen order: a person exploring an unknown screen tries what is there.
    scored = sorted(widgets, key=lambda w: (-3 * len(w[1] & upcoming) - len(w[1] & later), w[0]))
    next_text = steps[at].lower() if at < len(steps) else ""
    out = []
    for wid, words, kinds in scored[:limit]:
        if "long_click" in kinds and "long" in next_text and words & upcoming:
            action = "long_click"
        elif "input_text" in kinds:
            action = "input_text"
        else:
            action = kinds[0]
        out.append({"id": wid, "action": action, "reason": f"towards step {at + 1}"})
    return {"widgets": out, "global_actions": []}


def _step_actions(block: str) -> list[str]:
    """The actions of the numbered lines of a block (``  3. action -> summary``)."""
    lines = re.finditer(r"^\s+\d+\. (.+)$", block, re.MULTILINE)
    return [m.group(1).split(" -> ")[0] for m in lines]


def _evaluate(text: str) -> dict[str, Any]:
    steps = [_words(s) for s in _s2r(text)]
    keep_match = re.search(r"choose at most (\d+) to keep", text)
    keep = int(keep_match.group(1)) if keep_match else 3
    # Beginnings several paths share are listed once ("Prefix A:") before the paths.
    shared = _section(text, "Shared beginnings", "\nLive paths")
    prefix_blocks = re.split(r"^Prefix ([A-Z]+):$", shared, flags=re.MULTILINE)
    prefixes = {
        prefix_blocks[i]: _step_actions(prefix_blocks[i + 1])
        for i in range(1, len(prefix_blocks) - 1, 2)
    }
    live = _section(text, "\nLive paths", "") or text
    blocks = re.split(r"^Path (\d+)(?: \(continues prefix ([A-Z]+)\))?:$", live, flags=re.MULTILINE)
    judged = []
    for i in range(1, len(blocks) - 2, 3):
        pid, prefix, block = int(blocks[i]), blocks[i + 1], blocks[i + 2]
        actions = prefixes.get(prefix or "", []) + _step_actions(block)
        reached = _progress(steps, actions)
        complete = bool(steps) and reached == len(steps)
        judged.append(
            {"id": pid, "reached_step": reached, "complete": complete, "reason": f"{reached} steps"}
        )
    order = sorted(judged, key=lambda j: (-j["reached_step"], j["id"]))
    return {"paths": judged, "keep": [j["id"] for j in order[:keep]]}
