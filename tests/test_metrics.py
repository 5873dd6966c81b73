"""The driver's Prometheus metrics: names and labels by convention (every series labelled with its
run), an endpoint on loopback unless told otherwise, and a real Prometheus server scraping the
endpoint and reading the reproductions counter back."""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest

from orchestrator.errors import ConfigError
from orchestrator.metrics import OUTCOMES, DriverMetrics
from tests.bind_helpers import answers, non_loopback_ipv4
from tests.prometheus_harness import NEEDS_PROMETHEUS, prometheus_server, wait_for

NAMES = (
    "reprofarm_reproductions_total",
    "reprofarm_transitions_total",
    "reprofarm_devices",
    "reprofarm_queue_depth",
    "reprofarm_probe_seconds_bucket",
    "reprofarm_llm_tokens_total",
    "reprofarm_llm_cost_usd_total",
)


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as resp:  # noqa: S310 - loopback only
        return resp.read().decode()


def _feed(metrics: DriverMetrics) -> None:
    call = {"role": "evaluator", "prompt_tokens": 1200, "completion_tokens": 80, "cost_usd": 0.01}
    result = {"verdict": "crash", "llm": {"by_role": {"evaluator": call}}}
    metrics.search_event("llm_usage", call)
    metrics.reproduction_finished(result)
    metrics.reproduction_finished({"verdict": "not_reproduced", "llm": {}})
    metrics.search_event("llm_usage", call)
    metrics.reproduction_finished(result)  # counted by the calls already, not again
    for _ in range(5):
        metrics.search_event("probe", {"device": "local-0"})
    metrics.search_event("level", {"level": 1, "probes": 5, "beam": 1})
    metrics.probe_observed(0.02)
    metrics.set_devices(busy=3, idle=1, quarantined=0)
    metrics.set_queue_depth(7)


def test_endpoint_exposes_every_metric_by_convention() -> None:
    metrics = DriverMetrics(run_id="r1")
    port = metrics.serve(0, "127.0.0.1")
    try:
        _feed(metrics)
        text = _get(f"http://127.0.0.1:{port}/metrics")
    finally:
        metrics.close()
    for name in NAMES:
        assert name in text
    # Every series carries the run's id (one run scraped and pushed is one run, runs apart).
    assert 'reprofarm_reproductions_total{outcome="crash",run="r1"} 2.0' in text
    assert 'reprofarm_reproductions_total{outcome="error",run="r1"} 0.0' in text  # zeros exported
    assert 'reprofarm_transitions_total{run="r1"} 5.0' in text  # only probes are transitions
    assert 'reprofarm_llm_tokens_total{kind="prompt",role="evaluator",run="r1"} 2400.0' in text
    assert 'reprofarm_llm_cost_usd_total{role="evaluator",run="r1"} 0.02' in text
    assert 'reprofarm_devices{run="r1",state="busy"} 3.0' in text
    assert 'reprofarm_queue_depth{run="r1"} 7.0' in text
    assert 'reprofarm_probe_seconds_bucket{le="0.025",run="r1"} 1.0' in text
    assert "reprofarm_run_start_time_seconds{" in text
    assert "# TYPE reprofarm_probe_seconds histogram" in text


def test_endpoint_binds_loopback_unless_told_otherwise() -> None:
    metrics = DriverMetrics()
    port = metrics.serve(0)  # the default host
    try:
        assert answers("127.0.0.1", port)
        outward = non_loopback_ipv4()
        if outward is not None:
            assert not answers(outward, port)
    finally:
        metrics.close()
    if outward is None:
        pytest.skip("this host has no non-loopback IPv4 address to try the endpoint on")
    anywhere = DriverMetrics()
    port = anywhere.serve(0, "0.0.0.0")
    try:
        assert answers(outward, port)  # --metrics-host 0.0.0.0: reachable from elsewhere
    finally:
        anywhere.close()


def test_run_ids_differ_and_the_bare_registry_has_no_run_label() -> None:
    first, second = DriverMetrics(), DriverMetrics()
    assert first.run_id != second.run_id
    first.reproduction_finished({"verdict": "crash"})
    bare = first.registry.get_sample_value
    assert bare("reprofarm_reproductions_total", {"outcome": "crash"}) == 1
    labelled = first.exported.get_sample_value
    assert labelled("reprofarm_reproductions_total", {"outcome": "crash", "run": first.run_id}) == 1


def test_a_taken_port_is_a_config_error() -> None:
    first = DriverMetrics()
    port = first.serve(0, "127.0.0.1")
    try:
        with pytest.raises(ConfigError, match="--metrics-port"):
            DriverMetrics().serve(port, "127.0.0.1")
    finally:
        first.close()


@NEEDS_PROMETHEUS
def test_a_real_prometheus_scrapes_the_reproductions_counter(tmp_path: Path) -> None:
    metrics = DriverMetrics()
    port = metrics.serve(0, "127.0.0.1")
    _feed(metrics)
    try:
        with prometheus_server(tmp_path, [f"127.0.0.1:{port}"]) as api:
            samples = wait_for(api, "reprofarm_reproductions_total", count=len(OUTCOMES))
    finally:
        metrics.close()
    values = {s["metric"]["outcome"]: float(s["value"][1]) for s in samples}
    assert values["crash"] == 2.0
    assert values["not_reproduced"] == 1.0
    assert values["error"] == 0.0
    assert {s["metric"]["run"] for s in samples} == {metrics.run_id}


def test_sweep_and_nightly_flags_choose_the_metrics_host() -> None:
    from orchestrator.cli import build_parser
    from orchestrator.commands.sweep import config_from_args

    for command in ("sweep", "nightly"):
        default = build_parser().parse_args([command, "--out", "x", "--metrics-port", "9100"])
        assert config_from_args(default).metrics_host == "127.0.0.1"
        told = build_parser().parse_args([command, "--out", "x", "--metrics-host", "0.0.0.0"])
        assert config_from_args(told).metrics_host == "0.0.0.0"


@NEEDS_PROMETHEUS
@pytest.mark.slow
def test_a_scrape_mid_run_sees_the_model_tokens_already_spent(
    ray_session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real reproduction through the ``openai`` reasoner (the fake OpenAI server, 2 virtual
    devices) with a real Prometheus scraping the driver's endpoint every second: the tokens show
    while the run is still going (they used to be counted only when it ended, so a single
    reproduce's panel showed 0 and a sweep's missed each run's first value), and at the end they
    equal what ``result.json`` books."""
    import json
    import threading
    import time

    from orchestrator.config import FarmConfig, RunConfig, SearchConfig
    from orchestrator.llm.settings import LLMSettings
    from orchestrator.run import reproduce
    from tests.conftest import EXAMPLES
    from tests.fake_openai_server import FakeOpenAIServer, rule_reply
    from tests.prometheus_harness import query

    def slow_model(role: str, body: dict) -> dict:
        time.sleep(0.3)  # a run long enough for several scrapes
        return rule_reply(role, body)

    tokens = 'sum(reprofarm_llm_tokens_total{run="%s"})'
    metrics = DriverMetrics()
    port = metrics.serve(0, "127.0.0.1")
    with FakeOpenAIServer(responder=slow_model) as server:
        for var in ("REPROFARM_LLM_CACHE", "REPROFARM_LLM_PRICES", "AZURE_OPENAI_ENDPOINT"):
            monkeypatch.delenv(var, raising=False)
        config = RunConfig(
            report_path=str(EXAMPLES / "amaze-1796.md"),
            out_dir=str(tmp_path / "run"),
            reasoner="openai",
            llm=LLMSettings(model="fake-model", base_url=server.base_url, api_key=server.api_key),
            farm=FarmConfig(devices=2),
            search=SearchConfig(max_probes=60),
            progress=False,
        )
        done: dict[str, dict] = {}

        def run() -> None:
            done["result"], _ = reproduce(config, listener=metrics.search_event)

        try:
            with prometheus_server(tmp_path, [f"127.0.0.1:{port}"]) as api:
                runner = threading.Thread(target=run, name="reproduce")
                runner.start()
                seen: list[float] = []
                deadline = time.monotonic() + 240
                while runner.is_alive() and time.monotonic() < deadline:
                    found = query(api, tokens % metrics.run_id)
                    if found and float(found[0]["value"][1]) > 0:
                        seen.append(float(found[0]["value"][1]))
                        break
                    time.sleep(0.25)
                mid_run = runner.is_alive()
                runner.join(timeout=300)
                assert not runner.is_alive()
                assert seen and mid_run, "no tokens scraped while the run was going"
                metrics.reproduction_finished(done["result"])
                llm = done["result"]["llm"]
                total = llm["prompt_tokens"] + llm["completion_tokens"]
                assert total == server.reported_total("prompt_tokens") + server.reported_total(
                    "completion_tokens"
                )
                final = wait_for(api, f"{tokens % metrics.run_id} == {total}")
                assert float(final[0]["value"][1]) == total
                assert 0 < seen[0] < total
        finally:
            metrics.close()
    assert json.loads((tmp_path / "run" / "result.json").read_text())["llm"]["calls"] > 0
