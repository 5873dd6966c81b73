"""The device pool follows Kubernetes: device pods that appear during a run are prepared and get
probes, a pod that disappears mid-probe has its probe retried elsewhere — no work is lost.

Real device agents (virtual devices, separate processes) play the pods' agents; the loopback API
server of ``test_k8s_discovery`` lists and watches the pods; the pool is a real
:class:`~orchestrator.farm.DevicePool` on Ray, fed by :func:`orchestrator.k8s.pool_listener`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip(
    "kubernetes", reason="the kubernetes client is not installed: pip install -e '.[k8s]'"
)

from device_agent.actions import PRESS_BACK, Action  # noqa: E402
from device_agent.launcher import LocalAgentFarm  # noqa: E402
from device_agent.state import DeviceState  # noqa: E402
from orchestrator.farm import DevicePool, ProbeOutcome, ProbeSpec  # noqa: E402
from orchestrator.k8s import AgentEvent, K8sAgentSource, pool_listener  # noqa: E402
from tests.test_k8s_discovery import (  # noqa: E402
    NS,
    SELECTOR,
    FakeKubeAPI,
    make_pod,
    wait_until,
    write_kubeconfig,
)

pytestmark = pytest.mark.e2e

if not hasattr(DevicePool, "add_device"):
    pytest.skip(
        "DevicePool.add_device/retire_device are not in orchestrator/farm.py yet (the lead's "
        "integration of k8s:// discovery)",
        allow_module_level=True,
    )


@pytest.fixture()
def api() -> Iterator[FakeKubeAPI]:
    server = FakeKubeAPI()
    yield server
    server.close()


def pod_for(name: str, address: str) -> dict:
    host, port = address.rsplit(":", 1)
    return make_pod(name, host, port=int(port))


def test_pool_follows_pods_during_a_run_without_losing_work(
    ray_session, api: FakeKubeAPI, tmp_path: Path
):
    kubeconfig = write_kubeconfig(tmp_path / "kubeconfig", api.url)
    with LocalAgentFarm(3, "OpenCalc", profile="emulator-grpc", time_scale=0.02) as farm:
        first, second, later = farm.addresses
        api.put(pod_for("rf-device-0", first))
        api.put(pod_for("rf-device-1", second))
        source = K8sAgentSource(f"k8s://{NS}/{SELECTOR}", kubeconfig=str(kubeconfig))
        addresses = source.list_ready()
        assert addresses == [first, second]
        pool = DevicePool(addresses, probe_timeout_s=30)
        try:
            pool.prepare("OpenCalc")
            seen: list[AgentEvent] = []
            listener = pool_listener(pool)

            def on_event(event: AgentEvent) -> None:
                listener(event)
                seen.append(event)

            source.start(on_event)
            changed = threading.Event()
            specs = [ProbeSpec(DeviceState("base"), Action(PRESS_BACK), tag=i) for i in range(40)]
            outcomes: list[ProbeOutcome] = []

            def on_result(outcome: ProbeOutcome) -> None:
                outcomes.append(outcome)
                if len(outcomes) == 4 and not changed.is_set():
                    changed.set()
                    # The first device's pod is deleted mid-run: its agent dies with a probe
                    # queued; a new pod becomes ready and should take over.
                    farm.kill(0)
                    api.delete("rf-device-0")
                    api.put(pod_for("rf-device-2", later))
                    wait_until(lambda: len(seen) >= 2, timeout=20)
                    wait_until(lambda: any(d.address == later for d in pool.healthy), 20)

            pool.run_probes(specs, on_result=on_result)
        finally:
            source.stop()
            usage = pool.utilisation()
            pool.close()

    # No work lost: every probe ran exactly once.
    assert sorted(o.spec.tag for o in outcomes) == list(range(40))
    assert AgentEvent("removed", first, "rf-device-0") in seen
    assert AgentEvent("added", later, "rf-device-2") in seen
    by_address = {u["address"]: u for u in usage}
    assert by_address[first]["quarantined"] is True
    assert by_address[later]["quarantined"] is False
    assert by_address[later]["probes"] > 0, "the pod that appeared mid-run got no work"
    assert {"event": "device_added", "device": later} in pool.events


def test_reproduce_finds_device_pods_through_k8s_url(
    ray_session, api: FakeKubeAPI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """``reprofarm reproduce --agents k8s://...`` uses the ready device pods by itself (the pod
    that is not ready is left alone) and asks for the StatefulSet's scale."""
    import inspect
    import json

    from orchestrator import run
    from orchestrator.cli import main
    from tests.conftest import EXAMPLES

    if "k8s://" not in inspect.getsource(run.farm_addresses):
        pytest.skip("orchestrator/run.py does not route k8s:// to orchestrator.k8s yet")
    monkeypatch.setenv("KUBECONFIG", str(write_kubeconfig(tmp_path / "kubeconfig", api.url)))
    monkeypatch.delenv("KUBERNETES_SERVICE_HOST", raising=False)
    with LocalAgentFarm(2, "AmazeFileManager") as farm:
        api.put(pod_for("rf-device-0", farm.addresses[0]))
        api.put(pod_for("rf-device-1", farm.addresses[1]))
        api.put(make_pod("rf-device-2", "127.0.0.1", port=1, ready=False))  # still booting
        out = tmp_path / "run"
        url = f"k8s://{NS}/{SELECTOR}?scale=rf-device&min=1&max=6"
        code = main(
            ["reproduce", str(EXAMPLES / "amaze-1796.md"), "--agents", url, "--no-progress",
             "--out", str(out)]
        )  # fmt: skip
    result = json.loads((out / "result.json").read_text())
    assert code == 0, json.dumps(result, indent=1)[:2000]
    assert result["verdict"] == "crash"
    assert sorted(d["address"] for d in result["devices"]) == sorted(farm.addresses)
    assert api.patches, "the StatefulSet's scale was never set"
