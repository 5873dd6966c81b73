"""The LLM client against a real HTTP server on 127.0.0.1 (tests/fake_openai_server.py):
structured output, fallbacks, retries, repair, cache, accounting, concurrency, clear errors."""

from __future__ import annotations

import json
import pickle
import socket
import threading
import time
from pathlib import Path

import pytest

from orchestrator.errors import ConfigError, ReasonerError
from orchestrator.llm.client import LLMClient, extract_json, retry_after_seconds
from orchestrator.llm.prices import PriceTable
from orchestrator.llm.schemas import INPUT_TEXT, SCHEMAS
from orchestrator.llm.settings import LLMSettings

try:  # tests/ as a package (repo root on sys.path) or as a plain directory (pytest's default)
    from tests.fake_openai_server import FakeOpenAIServer
except ModuleNotFoundError:
    from fake_openai_server import FakeOpenAIServer  # type: ignore[no-redef]

REPLY = {"text": "test2", "reason": "the value the report quotes"}
MESSAGES = [
    {"role": "system", "content": "You decide the text to type. Reply with JSON."},
    {"role": "user", "content": "Field: Name. Steps: 1. type 'test2'"},
]


@pytest.fixture
def server():
    with FakeOpenAIServer() as srv:
        yield srv


def make_settings(server: FakeOpenAIServer, **kw) -> LLMSettings:
    base = {
        "model": "fake-model",
        "base_url": server.base_url,
        "api_key": "test-key",
        "timeout_s": 2.0,
        "max_retries": 3,
        "backoff_base_s": 0.01,
        "backoff_max_s": 0.05,
        "share_limit_with_ray": False,
    }
    base.update(kw)
    return LLMSettings(**base).resolved(env={})


def make_client(server: FakeOpenAIServer, **kw) -> LLMClient:
    return LLMClient(make_settings(server, **kw))


def ask(client: LLMClient, messages=MESSAGES) -> dict:
    return client.complete_json(INPUT_TEXT, client.settings.model, messages)


def question(i: int) -> list[dict]:
    """A different question each time (the client remembers the replies of a run)."""
    return [MESSAGES[0], {"role": "user", "content": f"Field: Name. Question {i}."}]


def test_request_carries_strict_schema_and_key(server):
    server.script(INPUT_TEXT, REPLY)
    client = make_client(server)
    assert ask(client) == REPLY
    (req,) = server.requests
    fmt = req.body["response_format"]
    assert fmt["type"] == "json_schema"
    assert fmt["json_schema"]["name"] == INPUT_TEXT and fmt["json_schema"]["strict"] is True
    assert fmt["json_schema"]["schema"] == SCHEMAS[INPUT_TEXT]
    assert req.headers["authorization"] == "Bearer test-key"
    assert req.body["model"] == "fake-model" and req.body["temperature"] == 0.0


def test_accounting_equals_what_the_server_reported(server, tmp_path: Path):
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"fake-model": {"input": 2.0, "output": 8.0}}))
    client = make_client(server, prices_file=str(prices))
    for i in range(3):
        ask(client, question(i))
    reported = server.reported[INPUT_TEXT]
    usage = client.usage
    assert usage.calls == reported["calls"] == 3
    assert usage.prompt_tokens == reported["prompt_tokens"] > 0
    assert usage.completion_tokens == reported["completion_tokens"] > 0
    expected = (reported["prompt_tokens"] * 2.0 + reported["completion_tokens"] * 8.0) / 1e6
    assert usage.cost_usd == pytest.approx(expected)
    assert usage.by_role[INPUT_TEXT]["prompt_tokens"] == reported["prompt_tokens"]


def test_429_honours_retry_after(server):
    server.fail("rate_limit", retry_after="1")
    client = make_client(server)
    t0 = time.monotonic()
    assert ask(client) == {"text": "test", "reason": "value from the report"}
    elapsed = time.monotonic() - t0
    assert 1.0 <= elapsed < 5.0, elapsed
    assert [r.status for r in server.requests] == [429, 200]
    slot = client.usage.by_role[INPUT_TEXT]
    assert slot["rate_limited"] == 1 and slot["retries"] == 1
    assert client.usage.calls == 1  # the 429 carried no usage and is not a billed call


def test_500_is_retried(server):
    server.fail("server_error", times=2)
    client = make_client(server)
    assert ask(client)["text"]
    assert [r.status for r in server.requests] == [500, 500, 200]


def test_persistent_500_ends_in_one_clear_line(server):
    server.fail("server_error", times=10)
    client = make_client(server, max_retries=2)
    with pytest.raises(ReasonerError) as info:
        ask(client)
    message = str(info.value)
    assert "HTTP 500" in message and "3 times" in message and server.base_url in message
    assert "--llm-timeout" not in message  # only a timeout is cured by a longer timeout
    assert "\n" not in message and info.value.exit_code == 3
    assert server.calls() == 3  # bounded: 1 + max_retries


def test_timeout_is_retried(server):
    server.fail("slow", seconds=1.5)
    client = make_client(server, timeout_s=0.4)
    t0 = time.monotonic()
    assert ask(client)["text"]
    assert time.monotonic() - t0 < 1.5
    assert client.usage.by_role[INPUT_TEXT]["timeouts"] == 1


def test_persistent_timeout_never_hangs(server):
    server.fail("slow", times=5, seconds=1.0)
    client = make_client(server, timeout_s=0.25, max_retries=1)
    t0 = time.monotonic()
    with pytest.raises(ReasonerError, match="no answer within 0.25 s.*raise --llm-timeout"):
        ask(client)
    assert time.monotonic() - t0 < 2.0


def test_malformed_json_gets_one_repair_round(server):
    server.fail("malformed_json")
    client = make_client(server)
    assert ask(client)["text"] == "test"
    first, repair = server.requests
    assert repair.messages[:2] == first.messages
    assert repair.messages[2] == {"role": "assistant", "content": '{"oops": [1, 2,'}
    assert "not valid JSON" in repair.messages[3]["content"]
    assert client.usage.by_role[INPUT_TEXT]["repairs"] == 1
    assert client.usage.calls == 2  # both replies were billed


def test_schema_breaking_reply_is_repaired(server):
    server.fail("schema_break")
    client = make_client(server)
    assert ask(client)["text"] == "test"
    repair_text = server.requests[1].messages[3]["content"]
    assert "'text' is a required property" in repair_text
    assert json.dumps(SCHEMAS[INPUT_TEXT], ensure_ascii=False) in repair_text


def test_unrepairable_reply_is_a_clear_error(server):
    server.fail("malformed_json", times=2)
    client = make_client(server)
    with pytest.raises(ReasonerError, match="after one repair round") as info:
        ask(client)
    assert "\n" not in str(info.value)
    assert server.calls() == 2


def test_empty_choices_are_retried_and_billed(server):
    server.fail("empty_choices")
    client = make_client(server)
    assert ask(client)["text"]
    assert server.calls() == 2
    assert client.usage.prompt_tokens == server.reported_total("prompt_tokens")


def test_persistent_empty_choices_are_a_clear_error(server):
    server.fail("empty_choices", times=10)
    client = make_client(server, max_retries=1)
    with pytest.raises(ReasonerError, match="empty list of choices"):
        ask(client)
    assert server.calls() == 2


def test_unreadable_body_is_retried(server):
    server.fail("bad_body")
    client = make_client(server)
    assert ask(client)["text"]
    assert server.calls() == 2


def test_refused_json_schema_falls_back_to_json_mode_and_stays_there():
    with FakeOpenAIServer(refuse_json_schema=True) as server:
        client = make_client(server)
        assert ask(client, question(1))["text"]
        assert ask(client, question(2))["text"]
        modes = [r.body.get("response_format", {}).get("type") for r in server.requests]
        assert modes == ["json_schema", "json_object", "json_object"]
        system = server.requests[1].messages[0]["content"]
        assert json.dumps(SCHEMAS[INPUT_TEXT], ensure_ascii=False) in system
        assert client.usage.by_role[INPUT_TEXT]["fallbacks"] == 1


def test_server_without_any_json_mode_gets_plain_prompt_and_fenced_reply_is_parsed():
    with FakeOpenAIServer(refuse_json_schema=True, refuse_json_object=True) as server:
        server.script(INPUT_TEXT, "Sure! Here it is:\n```json\n" + json.dumps(REPLY) + "\n```")
        client = make_client(server)
        assert ask(client) == REPLY
        assert "response_format" not in server.requests[-1].body
        assert [r.status for r in server.requests] == [400, 400, 200]


def test_model_refusing_temperature_is_asked_without_it():
    with FakeOpenAIServer(refuse_temperature=True) as server:
        client = make_client(server)
        assert ask(client, question(1))["text"] and ask(client, question(2))["text"]
        assert [r.status for r in server.requests] == [400, 200, 200]
        assert "temperature" not in server.requests[2].body
        assert server.requests[2].body["response_format"]["type"] == "json_schema"


def test_missing_key_is_one_clear_line():
    with pytest.raises(ReasonerError) as info:
        LLMSettings(model="m", base_url="http://127.0.0.1:9/v1").resolved(env={})
    message = str(info.value)
    assert "OPENAI_API_KEY" in message and "\n" not in message and info.value.exit_code == 3


def test_missing_model_is_a_config_error():
    with pytest.raises(ConfigError, match="--model"):
        LLMSettings(api_key="k").resolved(env={})


def test_environment_supplies_endpoint_and_key():
    s = LLMSettings(model="m").resolved(
        env={"OPENAI_BASE_URL": "http://127.0.0.1:1/v1", "OPENAI_API_KEY": "k"}
    )
    assert (s.base_url, s.api_key, s.azure) == ("http://127.0.0.1:1/v1", "k", False)
    assert "api_key" not in s.to_json()


def test_unreachable_endpoint_fails_fast_with_one_line():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    settings = LLMSettings(
        model="m",
        base_url=f"http://127.0.0.1:{port}/v1",
        api_key="k",
        max_retries=2,
        backoff_base_s=0.01,
        backoff_max_s=0.02,
        timeout_s=1.0,
        share_limit_with_ray=False,
    ).resolved(env={})
    t0 = time.monotonic()
    with pytest.raises(ReasonerError) as info:
        ask(LLMClient(settings))
    assert time.monotonic() - t0 < 5.0
    message = str(info.value)
    assert "cannot connect" in message and f"127.0.0.1:{port}" in message and "\n" not in message


def test_wrong_key_is_not_retried(server):
    client = LLMClient(make_settings(server, api_key="wrong"))
    with pytest.raises(ReasonerError, match="rejected the API key"):
        ask(client)
    assert server.calls() == 1


def test_a_question_asked_twice_in_a_run_is_asked_once(server):
    client = make_client(server)
    first, again = ask(client), ask(client)
    assert first == again and server.calls() == 1
    again["text"] = "changed by the caller"
    assert ask(client) == first  # callers get copies
    assert client.usage.calls == 1 and client.usage.by_role[INPUT_TEXT]["cache_hits"] == 2


def test_cache_serves_a_repeat_with_zero_calls(server, tmp_path: Path):
    first = make_client(server, cache_dir=str(tmp_path / "cache"))
    answer = ask(first)
    assert server.calls() == 1
    second = make_client(server, cache_dir=str(tmp_path / "cache"))  # a new run, same cache
    assert ask(second) == answer
    assert server.calls() == 1
    assert second.usage.calls == 0 and second.usage.cost_usd == 0
    assert second.usage.by_role[INPUT_TEXT]["cache_hits"] == 1
    other = [MESSAGES[0], {"role": "user", "content": "Field: Age."}]
    ask(second, other)
    assert server.calls() == 2  # a different request is a miss


def test_cache_hit_even_when_first_run_needed_fallback_and_repair(tmp_path: Path):
    with FakeOpenAIServer(refuse_json_schema=True) as server:
        server.fail("schema_break")
        ask(make_client(server, cache_dir=str(tmp_path)))
        calls = server.calls()
        assert calls == 3  # refused, schema break, repair
        assert ask(make_client(server, cache_dir=str(tmp_path)))["text"]
        assert server.calls() == calls


def test_concurrency_limit_holds(server):
    server.fail("slow", times=6, seconds=0.3)
    client = make_client(server, concurrency=2)
    threads = [threading.Thread(target=ask, args=(client, question(i))) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert server.calls() == 6
    assert server.max_in_flight == 2


def test_client_survives_pickling(server):
    client = pickle.loads(pickle.dumps(make_client(server)))
    assert ask(client)["text"]


def test_azure_deployment_api(server):
    settings = LLMSettings(
        model="my-deployment",
        azure_endpoint=server.root_url,
        api_key="test-key",
        api_version="2024-10-21",
        share_limit_with_ray=False,
    ).resolved(env={})
    assert settings.azure
    assert ask(LLMClient(settings))["text"]
    (req,) = server.requests
    assert req.path == "/openai/deployments/my-deployment/chat/completions"
    assert req.headers["api-key"] == "test-key"


def test_azure_endpoint_from_environment():
    s = LLMSettings(model="dep").resolved(
        env={"AZURE_OPENAI_ENDPOINT": "https://x.openai.azure.com", "AZURE_OPENAI_API_KEY": "k"}
    )
    assert s.azure and s.api_key == "k" and s.api_version


def test_retry_after_header_forms():
    assert retry_after_seconds({"retry-after-ms": "250"}) == pytest.approx(0.25)
    assert retry_after_seconds({"retry-after": "3"}) == 3.0
    assert retry_after_seconds({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}) == 0.0  # past date
    assert retry_after_seconds({}) is None


def test_extract_json_tolerates_fences_and_prose():
    assert extract_json('```json\n{"a": 1}\n```') == {"a": 1}
    assert extract_json('Here you go: {"a": [1, 2]} hope it helps') == {"a": [1, 2]}
    with pytest.raises(ValueError, match="not valid JSON"):
        extract_json("no json here")


def test_price_table_prefix_and_override(tmp_path: Path):
    table = PriceTable.load()
    assert table.cost("gpt-4.1-2025-04-14", 1_000_000, 0) == pytest.approx(2.0)
    assert table.cost("gpt-4.1-mini-2025-04-14", 0, 1_000_000) == pytest.approx(1.6)
    assert table.cost("gpt-4.1", 1_000_000, 0, cached_tokens=1_000_000) == pytest.approx(0.5)
    assert table.cost("llama3", 10**6, 10**6) == 0.0
    bad = tmp_path / "p.json"
    bad.write_text('{"m": {"input": "x"}}')
    with pytest.raises(ConfigError, match="numeric"):
        PriceTable.load(bad)
