"""Metrics that outlive the run (issue 14 part 5): the driver pushes its registry to a real
Prometheus Pushgateway on loopback at the start, periodically and at the end, under
``{job, instance=<run id>}``; a sweep that ends before Prometheus ever scraped it still has its
final counts in Prometheus once Prometheus scrapes the gateway, and the dashboard's per-run panel
shows them; a gateway that is down is a warning, never a failed run; a malformed ``--pushgateway``
is bad input (exit 2)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import structlog

from orchestrator.cli import main
from orchestrator.errors import ConfigError
from orchestrator.metrics import DriverMetrics
from orchestrator.pushgateway import PUSHGATEWAY_ENV, MetricsPusher, gateway_url
from tests.conftest import EXAMPLES
from tests.prometheus_harness import (
    NEEDS_PROMETHEUS,
    NEEDS_PUSHGATEWAY,
    free_port,
    get,
    prometheus_server,
    pushgateway_server,
    query,
    wait_for,
)

DASHBOARD = Path(__file__).resolve().parents[1] / "helm" / "reprofarm" / "dashboards"


def gateway_groups(url: str) -> dict[tuple[str, str], dict[str, object]]:
    """The Pushgateway's groups by ``(job, instance)``, from its JSON API."""
    reply = json.loads(get(f"{url}/api/v1/metrics"))
    return {(g["labels"]["job"], g["labels"].get("instance", "")): g for g in reply["data"]}


def pushed_value(url: str, name: str, labels: dict[str, str]) -> float | None:
    """The value of sample ``name`` with ``labels`` among the gateway's exposed metrics."""
    from prometheus_client.parser import text_string_to_metric_families

    for family in text_string_to_metric_families(get(f"{url}/metrics").decode()):
        for sample in family.samples:
            if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items()):
                return float(sample.value)
    return None


# -- the pusher --------------------------------------------------------------------------------
@NEEDS_PUSHGATEWAY
def test_pushes_periodically_and_keeps_runs_apart(tmp_path: Path) -> None:
    with pushgateway_server(tmp_path) as url:
        first, second = DriverMetrics(), DriverMetrics()
        one = MetricsPusher(
            first.exported, url, job="reprofarm-sweep", instance=first.run_id, interval_s=0.2
        )
        two = MetricsPusher(
            second.exported, url, job="reprofarm-nightly", instance=second.run_id, interval_s=60
        )
        with one, two:
            # Started: both groups exist with zeros before anything finished.
            groups = gateway_groups(url)
            assert {("reprofarm-sweep", first.run_id), ("reprofarm-nightly", second.run_id)} <= set(
                groups
            )
            first.reproduction_finished({"verdict": "crash"})
            first.set_devices(busy=2, idle=0, quarantined=0)
            labels = {"job": "reprofarm-sweep", "instance": first.run_id, "run": first.run_id}
            deadline = time.monotonic() + 10
            # No explicit push: the periodic one carries the new count.
            while (
                pushed_value(url, "reprofarm_reproductions_total", {**labels, "outcome": "crash"})
                != 1
            ):
                assert time.monotonic() < deadline, "no periodic push within 10 s"
                time.sleep(0.1)
            assert pushed_value(url, "reprofarm_devices", {**labels, "state": "busy"}) == 2
            second.reproduction_finished({"verdict": "not_reproduced"})
        assert one.failures == 0 and two.failures == 0 and one.pushes >= 3
        # Closed: the final push; the other run's group is untouched by the first run's pushes.
        other = {"job": "reprofarm-nightly", "instance": second.run_id}
        assert (
            pushed_value(url, "reprofarm_reproductions_total", {**other, "outcome": "crash"}) == 0
        )
        assert (
            pushed_value(
                url, "reprofarm_reproductions_total", {**other, "outcome": "not_reproduced"}
            )
            == 1
        )


def test_a_gateway_that_is_down_is_one_warning_not_an_error() -> None:
    dead = f"http://127.0.0.1:{free_port()}"
    metrics = DriverMetrics()
    pusher = MetricsPusher(metrics.exported, dead, job="reprofarm-sweep", instance="x", timeout_s=2)
    with structlog.testing.capture_logs() as logs:
        began = time.monotonic()
        assert pusher.push() is False
        assert pusher.push() is False
        assert pusher.close() is False
    assert time.monotonic() - began < 10
    assert pusher.failures == 3 and pusher.pushes == 0
    warnings = [e for e in logs if e["log_level"] == "warning"]
    assert [e["event"] for e in warnings] == ["metrics_push_failed"]  # once, with the reason
    assert warnings[0]["pushgateway"] == dead and warnings[0]["error"]


@pytest.mark.parametrize("bad", ["ftp://gateway:9091", "http://", "http://gw:port", "gw:9091?x=1"])
def test_a_malformed_gateway_url_is_a_config_error(bad: str) -> None:
    with pytest.raises(ConfigError, match="--pushgateway"):
        gateway_url(bad)


def test_gateway_urls_accepted() -> None:
    assert gateway_url("pushgateway:9091") == "http://pushgateway:9091"
    assert gateway_url("https://gw.example.com/prefix/") == "https://gw.example.com/prefix"


def test_bad_pushgateway_flag_is_exit_2_before_any_device(tmp_path: Path, capsys) -> None:
    code = main(["sweep", "OpenCalc#532", "--out", str(tmp_path), "--pushgateway", "ftp://gw:1"])
    assert code == 2
    assert "--pushgateway" in capsys.readouterr().err
    assert not (tmp_path / "results.sqlite").exists()
    code = main(["sweep", "OpenCalc#532", "--out", str(tmp_path), "--push-interval", "0"])
    assert code == 2 and "--push-interval" in capsys.readouterr().err


def test_the_environment_names_the_gateway(monkeypatch: pytest.MonkeyPatch) -> None:
    from orchestrator.cli import build_parser
    from orchestrator.commands.sweep import config_from_args

    monkeypatch.setenv(PUSHGATEWAY_ENV, "gw.monitoring:9091")
    for command in (
        ["sweep", "--out", "x"],
        ["nightly", "--out", "x"],
        ["reproduce", "r.md", "--out", "x"],
    ):
        assert build_parser().parse_args(command).pushgateway == "gw.monitoring:9091"
    config = config_from_args(build_parser().parse_args(["sweep", "--out", "x"]))
    assert config.pushgateway == "http://gw.monitoring:9091"
    assert config.metrics_host == "127.0.0.1"  # loopback unless told otherwise


# -- end to end ---------------------------------------------------------------------------------
@NEEDS_PUSHGATEWAY
@NEEDS_PROMETHEUS
def test_a_sweep_that_ends_before_any_scrape_keeps_its_final_counts(
    ray_session, tmp_path: Path
) -> None:
    with pushgateway_server(tmp_path) as url:
        out = tmp_path / "sweep"
        code = main(
            [
                "sweep",
                "OpenCalc#532",
                "--out",
                str(out),
                "--devices",
                "2",
                "--no-progress",
                "--pushgateway",
                url,
            ]
        )
        assert code == 0
        summary = json.loads((out / "summary.json").read_text())
        run = summary["meta"]["metrics"]["run"]
        assert summary["meta"]["metrics"]["job"] == "reprofarm-sweep"
        assert summary["meta"]["replaced"] == []  # no device was lost (decision 0046)
        verdicts = [
            json.loads((Path(d) / "result.json").read_text())["verdict"]
            for bug in summary["per_bug"]
            for d in bug["run_dirs"]
        ]
        assert verdicts
        # The sweep is over and no Prometheus ran while it did: only now does one start, and it
        # scrapes nothing but the gateway.
        target = url.removeprefix("http://")
        with prometheus_server(tmp_path, [], gateways=[target]) as api:
            series = wait_for(api, f'reprofarm_reproductions_total{{run="{run}"}}', count=4)
            counts = {s["metric"]["outcome"]: float(s["value"][1]) for s in series}
            assert {s["metric"]["job"] for s in series} == {"reprofarm-sweep"}
            assert {s["metric"]["instance"] for s in series} == {run}
            for outcome, count in counts.items():
                assert count == verdicts.count(outcome), (outcome, counts, verdicts)
            assert sum(counts.values()) == len(verdicts)
            # The gauges were zeroed before the final push: the ended run holds no devices.
            busy = query(api, f'reprofarm_devices{{run="{run}",state="busy"}}')
            assert [float(s["value"][1]) for s in busy] == [0.0]
            # The dashboard's per-run panel shows the final counts of this run.
            dashboard = json.loads((DASHBOARD / "reprofarm.json").read_text())
            panel = next(
                p for p in dashboard["panels"] if p["title"].startswith("Runs of the last")
            )
            rows = query(api, panel["targets"][0]["expr"])
            shown = {
                r["metric"]["outcome"]: float(r["value"][1])
                for r in rows
                if r["metric"]["run"] == run
            }
            assert shown == counts


def _reproduce(out: Path, gateway: str) -> tuple[int, dict[str, object]]:
    """``reprofarm reproduce`` OpenCalc#532 on 2 devices with ``--pushgateway gateway``."""
    argv = ["reproduce", str(EXAMPLES / "opencalc-532.md"), "--devices", "2", "--no-progress"]
    code = main([*argv, "--out", str(out), "--pushgateway", gateway])
    return code, json.loads((out / "result.json").read_text())


@NEEDS_PUSHGATEWAY
def test_reproduce_pushes_its_verdict(ray_session, tmp_path: Path) -> None:
    with pushgateway_server(tmp_path) as url:
        code, result = _reproduce(tmp_path / "run", url)
        assert code == (0 if result["reproduced"] else 1)
        groups = gateway_groups(url)
        found = [k for k in groups if k[0] == "reprofarm-reproduce"]
        assert len(found) == 1, list(groups)
        labels = {"job": "reprofarm-reproduce", "instance": found[0][1]}
        verdict = {**labels, "outcome": str(result["verdict"])}
        assert pushed_value(url, "reprofarm_reproductions_total", verdict) == 1
        transitions = pushed_value(url, "reprofarm_transitions_total", labels)
        assert transitions is not None and transitions >= int(result["actions_executed"]) > 0


def test_reproduce_with_the_gateway_down_still_succeeds(
    ray_session, tmp_path: Path, capsys
) -> None:
    code, result = _reproduce(tmp_path / "run", f"http://127.0.0.1:{free_port()}")
    assert result["verdict"] != "error" and code == (0 if result["reproduced"] else 1)
    err = capsys.readouterr().err.splitlines()
    events = [json.loads(line) for line in err if line.startswith("{")]
    failed = [e for e in events if e["event"] == "metrics_push_failed"]
    assert len(failed) == 1 and failed[0]["level"] == "warning"  # once, however many pushes


@NEEDS_PUSHGATEWAY
@NEEDS_PROMETHEUS
def test_a_run_both_scraped_and_pushed_counts_once_on_the_dashboard(tmp_path: Path) -> None:
    metrics = DriverMetrics()
    metrics.set_devices(busy=3, idle=1, quarantined=0)
    metrics.set_queue_depth(5)
    port = metrics.serve(0)
    dashboard = json.loads((DASHBOARD / "reprofarm.json").read_text())
    panels = {p["title"]: p["targets"][0]["expr"] for p in dashboard["panels"]}
    run = metrics.run_id
    try:
        with (
            pushgateway_server(tmp_path) as url,
            MetricsPusher(metrics.exported, url, job="reprofarm-sweep", instance=run),
            prometheus_server(
                tmp_path, [f"127.0.0.1:{port}"], gateways=[url.removeprefix("http://")]
            ) as api,
        ):
            # Both copies are in Prometheus: the live scrape and the pushed group.
            copies = wait_for(api, f'reprofarm_devices{{run="{run}",state="busy"}}', count=2)
            assert {c["metric"]["job"] for c in copies} == {"reprofarm", "reprofarm-sweep"}
            assert float(query(api, 'sum(reprofarm_devices{state="busy"})')[0]["value"][1]) == 6
            by_state = {
                r["metric"]["state"]: float(r["value"][1])
                for r in query(api, panels["Devices by state"])
            }
            assert by_state == {"busy": 3.0, "idle": 1.0, "quarantined": 0.0}
            assert float(query(api, panels["Queue depth"])[0]["value"][1]) == 5.0
            utilisation = query(api, panels["Device utilisation"])
            assert float(utilisation[0]["value"][1]) == pytest.approx(0.75)
    finally:
        metrics.close()
