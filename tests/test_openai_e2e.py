"""End to end through the ``openai`` reasoner: ``reprofarm reproduce REPORT --reasoner openai``
against the fake OpenAI server on 127.0.0.1 (a rule-based "model" that reads the prompts),
2 virtual devices over gRPC and Ray. The catalog bug is reproduced; ``result.json``'s token
totals equal what the server reported, per role; requests carry screenshots and schemas; a
repeated run with the cache makes zero calls; a missing key is one line and exit status 3."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from orchestrator.cli import main
from tests.conftest import EXAMPLES

try:  # tests/ as a package (repo root on sys.path) or as a plain directory (pytest's default)
    from tests.fake_openai_server import FakeOpenAIServer
except ModuleNotFoundError:
    from fake_openai_server import FakeOpenAIServer  # type: ignore[no-redef]

pytestmark = pytest.mark.e2e

REPORT = EXAMPLES / "amaze-1796.md"
PRICES = {"fake-model": {"input": 2.0, "output": 8.0}}


def _cli_gap() -> str:
    """Why the CLI cannot run this test yet ("" when it can)."""
    from orchestrator import cli

    argv = ["reproduce", "r.md", "--out", "o", "--reasoner", "openai", "--model", "m"]
    argv += ["--llm-cache", "c", "--prices", "p.json"]
    with contextlib.redirect_stderr(io.StringIO()):
        try:
            parser = getattr(cli, "build_parser", None) or getattr(cli, "_parser")  # noqa: B009
            parser().parse_args(argv)
        except SystemExit:
            return "the CLI lacks --reasoner openai, --model, --llm-cache or --prices"
    if not REPORT.is_file():
        return f"{REPORT} is missing"
    return ""


@pytest.fixture(scope="module")
def llm_env(tmp_path_factory):
    """The fake server, the environment pointing at it, and a price table."""
    gap = _cli_gap()
    if gap:
        pytest.skip(gap)
    tmp = tmp_path_factory.mktemp("llm")
    with pytest.MonkeyPatch.context() as mp, FakeOpenAIServer() as server:
        for var in ("REPROFARM_LLM_CACHE", "REPROFARM_LLM_PRICES", "REPROFARM_LLM_MODEL"):
            mp.delenv(var, raising=False)
        mp.delenv("AZURE_OPENAI_ENDPOINT", raising=False)
        mp.setenv("OPENAI_BASE_URL", server.base_url)
        mp.setenv("OPENAI_API_KEY", server.api_key)
        prices = tmp / "prices.json"
        prices.write_text(json.dumps(PRICES))
        yield server, prices, tmp


def _reproduce(out: Path, prices: Path, *extra: str) -> tuple[int, dict]:
    argv = ["reproduce", str(REPORT), "--reasoner", "openai", "--model", "fake-model"]
    argv += ["--devices", "2", "--no-progress", "--out", str(out), "--prices", str(prices), *extra]
    code = main(argv)
    return code, json.loads((out / "result.json").read_text())


@pytest.fixture(scope="module")
def first_run(ray_session, llm_env):
    """One reproduction through the LLM, its replies cached: ``(code, result, calls, cache)``."""
    server, prices, tmp = llm_env
    cache = tmp / "cache"
    code, result = _reproduce(tmp / "run", prices, "--llm-cache", str(cache))
    return code, result, server.calls(), cache


@pytest.mark.slow
def test_pipeline_reproduces_a_catalog_bug_through_the_llm(llm_env, first_run):
    server, _, _ = llm_env
    code, result, calls, _ = first_run
    assert code == 0, json.dumps(result, indent=1)[:3000]
    assert result["verdict"] == "crash" and result["reproduced"] is True
    assert result["crash"]["exception_class"].endswith("IndexOutOfBoundsException")
    assert result["reasoner"] == "openai"
    # While the model judged, idle devices were sent to the kept states (decision 0022).
    assert result["search"]["devices_positioned"] > 0

    # Accounting: result.json equals what the server reported, in total and per role.
    llm = result["llm"]
    assert llm["calls"] == server.reported_total("calls") == calls > 0
    assert llm["prompt_tokens"] == server.reported_total("prompt_tokens")
    assert llm["completion_tokens"] == server.reported_total("completion_tokens")
    for role, tally in server.reported.items():
        assert llm["by_role"][role]["prompt_tokens"] == tally["prompt_tokens"], role
        assert llm["by_role"][role]["calls"] == tally["calls"], role
    cost = (llm["prompt_tokens"] * 2.0 + llm["completion_tokens"] * 8.0) / 1e6
    assert llm["cost_usd"] == pytest.approx(cost, abs=1e-6)

    # Every request asked for its role's schema; the visual roles carried screenshots.
    requests = server.requests[:calls]
    roles = {r.role for r in requests}
    assert {"report_analysis", "action_filter", "transition_summary", "path_evaluation"} <= roles
    for req in requests:
        assert req.body["response_format"]["json_schema"]["name"] == req.role
    filters = [r for r in requests if r.role == "action_filter"]
    summaries = [r for r in requests if r.role == "transition_summary"]
    # Issue 27's savings (decision 0038): a filter whose list names every candidate goes without
    # a picture, a summary the structural diff gives makes no request, and one that needs the
    # model carries the after screen only.
    assert filters and all(len(r.images) <= 1 for r in filters)
    assert all(len(r.images) == 1 for r in summaries)
    assert llm["by_role"]["transition_summary"]["deterministic"] > len(summaries)
    assert not [r for r in requests if r.role == "report_analysis" and r.images]


@pytest.mark.slow
def test_a_repeated_run_is_served_by_the_cache(llm_env, first_run, tmp_path: Path):
    server, prices, _ = llm_env
    code, first, calls, cache = first_run
    code, second = _reproduce(tmp_path / "again", prices, "--llm-cache", str(cache))
    assert code == 0
    assert server.calls() == calls, "the repeated run reached the server"
    assert second["llm"]["calls"] == 0 and second["llm"]["cost_usd"] == 0
    assert [s["action"] for s in second["trace"]] == [s["action"] for s in first["trace"]]

    def count(result: dict, key: str) -> int:
        return sum(slot.get(key, 0) for slot in result["llm"]["by_role"].values())

    # One hit per question the first run asked: those it sent (repair rounds are extra requests
    # of the same question) and those it had already asked itself within the run.
    asked = first["llm"]["calls"] - count(first, "repairs") + count(first, "cache_hits")
    assert count(second, "cache_hits") == asked


def test_missing_key_is_one_line_and_exit_3(llm_env, monkeypatch, tmp_path: Path, capsys):
    server, _, _ = llm_env
    before = server.calls()
    monkeypatch.delenv("OPENAI_API_KEY")
    argv = ["reproduce", str(REPORT), "--reasoner", "openai", "--model", "m", "--no-progress"]
    code = main([*argv, "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err.strip()
    assert code == 3
    assert err.count("\n") == 0 and "OPENAI_API_KEY" in err
    assert server.calls() == before


@pytest.mark.slow
def test_a_misbehaving_endpoint_costs_judgements_not_the_run(llm_env, ray_session, tmp_path):
    """The model refuses every image part (HTTP 400) and its first path evaluation is
    malformed twice (the reply and its repair): the bug is still reproduced, exit 0; the lost
    judgement is one ``no_opinion``; the refusal is reported once naming the model, the refused
    request is resent without images, no later request carries one (decision 0036), and none
    switches the run to a weaker mode."""
    server, prices, _ = llm_env
    before = server.calls()
    server.refuse_images = True
    server.fail("malformed_json", times=2, role="path_evaluation")
    try:
        # Small images: this test is about the protocol, not the pictures (and stays fast).
        code, result = _reproduce(tmp_path / "run", prices, "--llm-image-side", "256")
    finally:
        server.refuse_images = False
    assert code == 0, json.dumps(result, indent=1)[:3000]
    assert result["verdict"] == "crash" and result["reproduced"] is True
    llm = result["llm"]
    assert llm["no_opinion"] == 1 and llm["by_role"]["path_evaluation"]["no_opinion"] == 1
    (note,) = llm["downgrades"]
    assert note["model"] == "fake-model" and note["kind"] == "image_refused"
    requests = server.requests[before:]
    refused = [r for r in requests if r.status == 400]
    assert len(refused) == 1 and refused[0].images
    downgraded = sum(slot.get("downgrades", 0) for slot in llm["by_role"].values())
    assert downgraded == 1
    after = requests[requests.index(refused[0]) + 1 :]
    assert after and not [r for r in after if r.images]
    assert all(r.body["response_format"]["type"] == "json_schema" for r in requests)


def _probes_logged(out: Path) -> int:
    return len((out / "probes.jsonl").read_text().splitlines())


@pytest.fixture
def quick_retries(monkeypatch):
    """Retries without their backoff waits (the failing endpoint is the subject, not the
    backoff, which tests/test_openai_client.py covers)."""
    from orchestrator.llm.client import LLMClient

    monkeypatch.setattr(LLMClient, "_delay", lambda self, attempt, retry_after: 0.01)


@pytest.mark.slow
def test_an_endpoint_failing_80_percent_of_requests_still_ends_in_a_verdict(
    llm_env, ray_session, tmp_path, quick_retries
):
    """Issue 29: 4 requests in 5 answered HTTP 500. A call that fails all its 5 attempts is
    answered by the offline reasoner and the search goes on: the run ends with a verdict, not
    exit 3, and keeps every probe."""
    server, prices, _ = llm_env
    before = len(server.requests)
    server.fail_rate = 0.8
    try:
        code, result = _reproduce(tmp_path / "run", prices)
    finally:
        server.fail_rate = 0.0
    requests = [r for r in server.requests[before:] if r.path.endswith("/chat/completions")]
    failed = sum(1 for r in requests if r.status == 500)
    assert 0.7 < failed / len(requests) < 0.9
    assert code in (0, 1) and result["verdict"] in ("crash", "symptom", "not_reproduced")
    assert not result.get("error")
    llm = result["llm"]
    assert llm["offline_fallbacks"] > 0  # some calls failed every attempt and were answered
    (warning,) = [w for w in result["warnings"] if "failed every retry" in w]
    assert f"{llm['offline_fallbacks']} calls failed every retry" in warning
    assert result["search"]["probes"] > 0 and _probes_logged(tmp_path / "run") > 0


@pytest.mark.slow
def test_an_endpoint_that_goes_down_mid_run_stops_it_keeping_every_probe(
    llm_env, ray_session, tmp_path, quick_retries, capsys
):
    """The endpoint answers the analysis and the first questions, then fails every request:
    after --llm-max-failed-calls failed calls in a row the run stops, exit 3 and one line,
    with result.json (verdict error) and every probe already made in probes.jsonl."""
    server, prices, _ = llm_env
    answered = []
    rule = server.responder

    def then_down(role: str, body: dict):
        answered.append(role)
        if len(answered) >= 12:
            server.fail_rate = 1.0  # from the next request on
        return rule(role, body)

    server.responder = then_down
    try:
        code, result = _reproduce(tmp_path / "run", prices, "--llm-max-failed-calls", "3")
    finally:
        server.responder, server.fail_rate = rule, 0.0
    err = capsys.readouterr().err
    assert code == 3, json.dumps(result, indent=1)[:3000]
    assert result["verdict"] == "error"
    assert "3 LLM calls in a row failed every retry" in result["error"]
    assert "HTTP 500" in result["error"] and "--llm-timeout" not in result["error"]
    (line,) = [x for x in err.splitlines() if "LLM calls in a row" in x]
    assert line.startswith("reprofarm: ")
    assert result["llm"]["offline_fallbacks"] >= 3  # calls in flight at once may fail too
    probes = _probes_logged(tmp_path / "run")
    assert result["search"]["probes"] >= probes > 0
    assert result["search"]["stop_reason"] == result["error"]
