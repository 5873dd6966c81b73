"""The agent's Prometheus metrics: recorded by real RPCs through a served backend, exported over
HTTP and parsed back with prometheus-client's own text parser; ``agent serve --metrics-port``
serves them from a real agent process."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from device_agent.actions import PRESS_BACK, Action
from device_agent.client import AgentClient
from device_agent.errors import AgentStartupError, StateMismatchError
from device_agent.metrics import AgentMetrics, start_metrics_server
from device_agent.server import serve
from device_agent.state import DeviceState
from tests.bind_helpers import answers, non_loopback_ipv4
from tests.test_agent_state import CountingBackend, add_button


def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """GET /metrics and return ``{(sample name, sorted labels): value}``."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as resp:
        text = resp.read().decode()
    samples = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            samples[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return samples


class Served:
    def __init__(self, device_id: str, metrics: AgentMetrics) -> None:
        self.backend = CountingBackend(device_id)
        self.backend.save_snapshot("base")
        self.server, port = serve(self.backend, metrics=metrics)
        self.client = AgentClient(f"127.0.0.1:{port}", timeout=10)

    def close(self) -> None:
        self.client.close()
        self.server.stop(None)


@pytest.fixture()
def served() -> Iterator[tuple[Served, Served, AgentMetrics, AgentMetrics]]:
    ma, mb = AgentMetrics(), AgentMetrics()
    a, b = Served("m-a", ma), Served("m-b", mb)
    yield a, b, ma, mb
    a.close()
    b.close()


def test_rpcs_record_phases_snapshots_and_errors(served):
    a, b, ma, mb = served
    http, _, port = start_metrics_server(0, "127.0.0.1", ma)
    try:
        before = scrape(port)
        # Every phase child exists before any probe: dashboards show 0, not "no data".
        assert before[("reprofarm_agent_probe_phase_seconds_count", (("phase", "act"),))] == 0

        base = DeviceState("base")
        first = a.client.probe(base, add_button(), save_snapshot_as="p1")
        a.client.probe(base, add_button())
        a.client.copy_snapshot_to(b.client, "p1")
        with pytest.raises(StateMismatchError):
            a.client.probe(
                DeviceState("base", (add_button(),), expected_hash="0" * 16), add_button()
            )

        after = scrape(port)
    finally:
        http.shutdown()

    for phase in ("restore", "act", "observe"):
        key = ("reprofarm_agent_probe_phase_seconds_count", (("phase", phase),))
        assert after[key] == 2, phase
    act_sum = after[("reprofarm_agent_probe_phase_seconds_sum", (("phase", "act"),))]
    assert act_sum >= first.act_seconds > 0
    size = first.saved_snapshot.size_bytes
    assert after[("reprofarm_agent_snapshot_bytes_sum", (("op", "save"),))] == size
    assert after[("reprofarm_agent_snapshot_bytes_sum", (("op", "export"),))] == size
    assert (
        after[("reprofarm_agent_snapshot_transfer_seconds_count", (("direction", "export"),))] == 1
    )
    assert after[("reprofarm_agent_errors_total", (("kind", "StateMismatchError"),))] == 1
    # The import happened on the other agent, in its own registry.
    assert ("reprofarm_agent_snapshot_bytes_sum", (("op", "import"),)) not in after
    imported = mb.snapshot_bytes.labels(op="import")._sum.get()  # noqa: SLF001
    assert imported == size
    assert mb.snapshot_transfer_seconds.labels(direction="import")._sum.get() > 0  # noqa: SLF001


def test_metrics_port_in_use_is_a_startup_error():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(AgentStartupError, match="--metrics-port"):
            start_metrics_server(taken.getsockname()[1], "127.0.0.1", AgentMetrics())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def agent_process(tmp_path: Path, metrics_port: int, *flags: str) -> Iterator[str]:
    """A real ``agent serve`` process for OpenCalc serving metrics on ``metrics_port`` (no
    --metrics-host: the default must be loopback, issue 15); yields its address."""
    port_file = tmp_path / f"port-{metrics_port}"
    cmd = [
        sys.executable, "-m", "device_agent", "serve", "--app", "OpenCalc",
        "--port-file", str(port_file), "--metrics-port", str(metrics_port), *flags,
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        deadline = time.monotonic() + 30
        while not port_file.exists():
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            assert time.monotonic() < deadline, "agent did not start in 30 s"
            time.sleep(0.05)
        yield f"127.0.0.1:{port_file.read_text().strip()}"
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def test_agent_serve_exports_metrics(tmp_path: Path):
    metrics_port = _free_port()
    with agent_process(tmp_path, metrics_port) as address:
        with AgentClient(address, timeout=10) as client:
            client.probe(DeviceState("base"), Action(PRESS_BACK), screenshots=False)
        samples = scrape(metrics_port)
        key = ("reprofarm_agent_probe_phase_seconds_count", (("phase", "restore"),))
        assert samples[key] == 1
        outward = non_loopback_ipv4()
        if outward is not None:  # bound to loopback: nothing answers on the host's own address
            assert not answers(outward, metrics_port)


def test_skipped_dumps_are_counted_and_the_switch_turns_known_screens_off(tmp_path: Path):
    # The same probes on two real agent processes, one started with --no-known-screens: a
    # restore from the device's own snapshot skips its verification dump (decision 0019) only
    # on the first, and the counter says so.
    from tests.test_known_screens import ONE, TWO

    skipped = {}
    for flags in ((), ("--no-known-screens",)):
        metrics_port = _free_port()
        with agent_process(tmp_path, metrics_port, *flags) as address:
            with AgentClient(address, timeout=10) as client:
                base = client.load_snapshot("base").reached_hash
                root = DeviceState("base", (), "base", base)
                first = client.probe(root, ONE, save_snapshot_as="s1", screenshots=False)
                client.probe(root, TWO, screenshots=False)  # the device moves on
                child = DeviceState("base", (ONE,), "s1", first.after_hash)
                again = client.probe(child, TWO, screenshots=False)
                assert again.restore_method == "snapshot_local"
            samples = scrape(metrics_port)
            skipped[flags] = samples[("reprofarm_agent_probe_dumps_skipped_total", ())]
    assert skipped[()] >= 1
    assert skipped[("--no-known-screens",)] == 0
