"""The whole reproduction through ``--backend adb``: ``reprofarm reproduce --agents`` pointing at
agents (``reprofarm agent serve --backend adb``, real processes) that drive adb-speaking virtual
devices through the real adb server. The result must match the virtual backend's, even though
one device wedges mid-run: its probes time out with a clear error, its agent reports NOT_SERVING,
and the farm quarantines it and moves the work to the other device."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest

from device_agent.actions import Action
from device_agent.adbd.emulator import AdbEmulator
from device_agent.adbd.shell import Faults
from device_agent.cli import BASE_SNAPSHOT
from device_agent.state import DeviceState
from orchestrator.cli import main
from orchestrator.farm import DevicePool, ProbeSpec
from tests.adb_harness import NEEDS_ADB, AdbServer, adb_server, virtual_emulator
from tests.conftest import EXAMPLES

pytestmark = [pytest.mark.e2e, pytest.mark.slow, NEEDS_ADB]

# A short search (about 90 probes) that still passes a dialog and a permission request.
APP = "ScreenRecorder"
REPORT = EXAMPLES / "screenrecorder-25.md"


def start_agent(serial: str, server: AdbServer, token_file: Path, tmp: Path) -> tuple[str, object]:
    port_file = tmp / f"{serial}.port"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "device_agent",
            "serve",
            "--backend",
            "adb",
            "--serial",
            serial,
            "--adb-port",
            str(server.port),
            "--app",
            APP,
            "--console-token-file",
            str(token_file),
            "--port",
            "0",
            "--port-file",
            str(port_file),
            "--device-id",
            serial,
            "--dump-timeout",
            "2",
            "--command-timeout",
            "3",
            "--ready-timeout",
            "3",
        ],
        env=dict(os.environ, HOME=server.env["HOME"]),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not port_file.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise AssertionError(f"agent for {serial} did not start: {proc.stderr.read()}")
        time.sleep(0.1)
    return f"127.0.0.1:{port_file.read_text().strip()}", proc


@dataclass
class Agents:
    addresses: list[str]
    emulators: list[AdbEmulator]


@pytest.fixture(scope="module")
def adb_agents(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Agents]:
    """Two agent processes, each driving its own adb-speaking virtual device."""
    tmp = tmp_path_factory.mktemp("adb-agents")
    token_file = tmp / "console-token"
    token_file.write_text("e2e-token\n")
    with ExitStack() as stack, adb_server() as server:
        procs = []
        agents = Agents([], [])
        for _ in range(2):
            emu = stack.enter_context(
                virtual_emulator(APP, server, token_file, faults=Faults(wedge_s=8), launch=False)
            )
            address, proc = start_agent(emu.serial, server, token_file, tmp)
            agents.addresses.append(address)
            agents.emulators.append(emu)
            procs.append(proc)
        try:
            yield agents
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()


def health(address: str) -> str:
    """The agent's grpc.health.v1 status, waiting up to 10 s for its watchdog to notice."""
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    deadline = time.monotonic() + 10
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while True:
            status = stub.Check(health_pb2.HealthCheckRequest(service=""), timeout=5).status
            name = health_pb2.HealthCheckResponse.ServingStatus.Name(status)
            if name != "SERVING" or time.monotonic() > deadline or address.endswith("#"):
                return name
            time.sleep(0.5)


def trace_of(result: dict) -> list[dict]:
    return [step["action"] for step in result["trace"]]


def test_reproduce_screenrecorder_25_through_adb_matches_virtual(
    ray_session, adb_agents: Agents, virtual_reproduction, tmp_path: Path
):
    out_adb = tmp_path / "adb"
    code = main(
        ["reproduce", str(REPORT), "--agents", ",".join(adb_agents.addresses), "--no-progress"]
        + ["--out", str(out_adb)]
    )
    adb_result = json.loads((out_adb / "result.json").read_text())
    assert code == 0, json.dumps(adb_result, indent=1)[:3000]
    assert adb_result["reproduced"] is True and adb_result["verdict"] == "crash"
    assert adb_result["crash"]["exception_class"].endswith("RuntimeException")
    assert all(d["probes"] > 0 for d in adb_result["devices"])

    # The virtual backend's run of the same report (on 4 devices: the search's decisions do
    # not depend on the device count, test_strategy.py), shared with test_e2e_reproduce.py.
    code, out_virtual = virtual_reproduction(REPORT.name)
    assert code == 0
    virtual_result = json.loads((out_virtual / "result.json").read_text())
    assert trace_of(adb_result) == trace_of(virtual_result)
    assert adb_result["crash"]["exception_class"] == virtual_result["crash"]["exception_class"]


def test_wedged_device_is_quarantined_and_its_probes_move(ray_session, adb_agents: Agents):
    """A device that stops answering adb: its probes fail with a clear timeout, its agent reports
    NOT_SERVING, the pool quarantines it and every probe still completes on the other device."""
    pool = DevicePool(adb_agents.addresses, probe_timeout_s=30, max_device_failures=1)
    try:
        pool.prepare(APP)
        adb_agents.emulators[0].faults.wedge_after_dumps = 0  # from now on every command hangs
        root = DeviceState(BASE_SNAPSHOT)
        actions = [Action("swipe", direction=d) for d in ("up", "down", "left", "right")]
        actions += [Action("rotate", orientation="landscape"), Action("press_back")]
        specs = [ProbeSpec(root, a, tag=i) for i, a in enumerate(actions)]
        outcomes = pool.run_probes(specs)
        usage = pool.utilisation()
        events = list(pool.events)
    finally:
        pool.close()
    assert sorted(o.spec.tag for o in outcomes) == list(range(len(actions)))
    assert {o.device_id for o in outcomes} == {adb_agents.emulators[1].serial}
    assert [u["quarantined"] for u in usage] == [True, False]
    failed = [e for e in events if e["event"] == "probe_failed"]
    assert failed and {e["device"] for e in failed} == {adb_agents.addresses[0]}
    # The error names the device and what went wrong, not just "INTERNAL".
    assert adb_agents.emulators[0].serial in failed[0]["error"], failed[0]["error"]
    assert health(adb_agents.addresses[0]) == "NOT_SERVING"
    assert health(adb_agents.addresses[1]) == "SERVING"
