"""The agent as a security boundary (issue 15, section 1): hostile requests through a real gRPC
server on loopback, over the real virtual device. Each test feeds the attack and asserts the safe
outcome: ``INVALID_ARGUMENT`` before any backend method runs, a bounded wait, a quota, a refused
import, health NOT_SERVING while stuck, and an agent process that SIGTERM always stops.
"""

from __future__ import annotations

import hashlib
import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from device_agent import convert
from device_agent.actions import CLICK, Action, Bounds, Selector
from device_agent.backend import SnapshotInfo
from device_agent.client import AgentClient
from device_agent.errors import DeadlineError, QuotaError, SnapshotError
from device_agent.proto import agent_pb2 as pb
from device_agent.proto import agent_pb2_grpc as pb_grpc
from device_agent.server import AgentServer, serve
from device_agent.state import DeviceState
from device_agent.virtual.device import VirtualDevice

APP, VERSION = "OpenCalc", "3.1.4"
ATTACK_IDS = [
    "base\navd snapshot del base",  # a second console command
    "../../../../tmp/reprofarm-pwned",  # a file outside the agent's directory
    "/etc/passwd",
    "x; rm -rf /",  # a shell command
    "..",
    "a" * 200,
    "s\x00",
]


class RecordingDevice(VirtualDevice):
    """A VirtualDevice that records every backend call (name) it receives."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.calls: list[str] = []
        super().__init__(*args, **kwargs)

    def _call(self, name, fn, *args):  # type: ignore[no-untyped-def]
        self.calls.append(name)
        return super()._call(name, fn, *args)


class Served:
    def __init__(self, device: VirtualDevice, **kw: Any) -> None:
        self.device = device
        self.server: AgentServer
        self.server, port = serve(device, **kw)
        self.channel = grpc.insecure_channel(f"127.0.0.1:{port}")
        self.stub = pb_grpc.DeviceAgentStub(self.channel)
        self.health = health_pb2_grpc.HealthStub(self.channel)
        self.client = AgentClient(f"127.0.0.1:{port}", timeout=20)

    def close(self) -> None:
        self.client.close()
        self.channel.close()
        self.server.stop(None)

    def status(self) -> int:
        return int(self.health.Check(health_pb2.HealthCheckRequest(), timeout=5).status)


def _device(cls: type[VirtualDevice] = RecordingDevice, **kw: Any) -> VirtualDevice:
    device = cls("hostile", APP, version=VERSION, **kw)
    device.launch_app()
    device.save_snapshot("base")
    return device


@pytest.fixture(scope="module")
def agent() -> Iterator[Served]:
    served = Served(_device())
    yield served
    served.close()


def _code(call: Any) -> grpc.StatusCode:
    with pytest.raises(grpc.RpcError) as info:
        call()
    return info.value.code()


def _state(base: str = "base", snapshot_id: str = "", **kw: Any) -> pb.DeviceState:
    return pb.DeviceState(base_snapshot=base, snapshot_id=snapshot_id, **kw)


def test_hostile_identifiers_are_refused_before_the_backend(agent: Served) -> None:
    s = agent.stub
    device = agent.device
    assert isinstance(device, RecordingDevice)
    for bad in ATTACK_IDS:
        calls: list[Any] = [
            lambda b=bad: s.SaveSnapshot(pb.SaveSnapshotRequest(snapshot_id=b), timeout=5),
            lambda b=bad: s.LoadSnapshot(pb.LoadSnapshotRequest(snapshot_id=b), timeout=5),
            lambda b=bad: s.DeleteSnapshot(pb.DeleteSnapshotRequest(snapshot_id=b), timeout=5),
            lambda b=bad: list(
                s.ExportSnapshot(pb.ExportSnapshotRequest(snapshot_id=b), timeout=5)
            ),
            lambda b=bad: s.BringToState(pb.BringToStateRequest(state=_state(b)), timeout=5),
            lambda b=bad: s.BringToState(
                pb.BringToStateRequest(state=_state("base", b)), timeout=5
            ),
            lambda b=bad: s.Probe(
                pb.ProbeRequest(
                    state=_state(),
                    action=pb.Action(kind=pb.PRESS_BACK),
                    save_snapshot_as=b,
                ),
                timeout=5,
            ),
            lambda b=bad: s.ImportSnapshot(
                iter([pb.SnapshotChunk(info=pb.SnapshotInfo(snapshot_id=b), data=b"{}")]),
                timeout=5,
            ),
            lambda b=bad: s.InstallApp(pb.InstallAppRequest(app=b), timeout=5),
            lambda b=bad: s.InstallApp(pb.InstallAppRequest(app=APP, apk_path=b), timeout=5),
            lambda b=bad: s.CheckBugOracle(pb.CheckBugOracleRequest(bug_id=b), timeout=5),
        ]
        for call in calls:
            device.calls.clear()
            assert _code(call) == grpc.StatusCode.INVALID_ARGUMENT, bad
            assert device.calls == [], f"{bad!r} reached the backend: {device.calls}"
    # An APK path is a file name inside --apk-dir, never a path on the agent's host.
    for path in ("/etc/passwd", "../secret.apk", "dir/app.apk", "app.txt"):
        request = pb.InstallAppRequest(app=APP, apk_path=path)
        code = _code(lambda r=request: s.InstallApp(r, timeout=5))
        assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert [i.snapshot_id for i in agent.client.list_snapshots()] == ["base"]


def test_numeric_fields_are_range_checked(agent: Served) -> None:
    s = agent.stub
    back = pb.Action(kind=pb.PRESS_BACK)
    for settle in (1e9, float("inf"), float("nan"), -1.0):
        start = time.monotonic()
        request = pb.ProbeRequest(state=_state(), action=back, settle_seconds=settle)
        assert _code(lambda r=request: s.Probe(r, timeout=5)) == grpc.StatusCode.INVALID_ARGUMENT
        assert time.monotonic() - start < 2
    bad_requests: list[Any] = [
        lambda: list(
            s.ExportSnapshot(pb.ExportSnapshotRequest(snapshot_id="base", chunk_bytes=-5))
        ),
        lambda: s.ReadLogcat(pb.ReadLogcatRequest(cursor=-1)),
        lambda: s.ReadLogcat(pb.ReadLogcatRequest(max_lines=-3)),
        lambda: s.ReadLogcat(pb.ReadLogcatRequest(buffers=["main; reboot"])),
        lambda: s.BringToState(
            pb.BringToStateRequest(state=_state(prefix=[back] * 5000)), timeout=5
        ),
        lambda: s.BringToState(pb.BringToStateRequest(state=_state(expected_hash="zz\n"))),
    ]
    far = Action(CLICK, target=Selector(bounds=Bounds(0, 0, 2_000_000_000, 10)))
    bad_requests.append(lambda: s.Execute(pb.ExecuteRequest(action=convert.action_to_proto(far))))
    long_text = pb.Action(kind=pb.INPUT_TEXT, target=pb.Selector(text="x"), text="y" * 20_000)
    bad_requests.append(lambda: s.Execute(pb.ExecuteRequest(action=long_text)))
    for call in bad_requests:
        assert _code(call) == grpc.StatusCode.INVALID_ARGUMENT
    # The device still answers normally afterwards.
    assert agent.client.info().app_package


def test_settle_wait_ends_at_the_deadline_and_frees_the_device() -> None:
    served = Served(_device(time_scale=1.0))
    try:
        request = pb.ProbeRequest(
            state=_state(), action=pb.Action(kind=pb.PRESS_BACK), settle_seconds=100
        )
        start = time.monotonic()
        code = _code(lambda: served.stub.Probe(request, timeout=1.5))
        assert code == grpc.StatusCode.DEADLINE_EXCEEDED
        assert time.monotonic() - start < 4
        # The lock is free again: a call with a short deadline gets the device.
        assert served.client.info(timeout=2).device_id == "hostile"
    finally:
        served.close()


class WedgingDevice(VirtualDevice):
    """Observations block while ``wedge`` is set (a device that stopped answering)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.wedge = threading.Event()
        self.release = threading.Event()
        super().__init__(*args, **kwargs)

    def _observe_impl(self, screenshot: bool, hierarchy: bool):  # type: ignore[no-untyped-def]
        if self.wedge.is_set():
            self.release.wait(30)
        return super()._observe_impl(screenshot, hierarchy)


def test_health_is_not_serving_while_a_call_is_stuck() -> None:
    device = _device(WedgingDevice)
    assert isinstance(device, WedgingDevice)
    served = Served(device, stuck_after_s=0.5)
    serving = health_pb2.HealthCheckResponse.SERVING
    try:
        assert served.status() == serving
        device.wedge.set()
        caller = threading.Thread(
            target=lambda: served.stub.Observe(pb.ObserveRequest(), timeout=30), daemon=True
        )
        caller.start()
        deadline = time.monotonic() + 10
        while served.status() == serving:
            assert time.monotonic() < deadline, "health stayed SERVING while the device was stuck"
            time.sleep(0.1)
        assert served.status() == health_pb2.HealthCheckResponse.NOT_SERVING
        device.wedge.clear()
        device.release.set()
        caller.join(10)
        deadline = time.monotonic() + 10
        while served.status() != serving:
            assert time.monotonic() < deadline, "health did not come back after the call ended"
            time.sleep(0.1)
    finally:
        device.release.set()
        served.close()


def _snapshot_blob(device: VirtualDevice, state: Any) -> bytes:
    doc = {"format": 1, "compat_key": device.compat_key, "state": state}
    return json.dumps(doc, separators=(",", ":")).encode()


def test_import_quotas_size_and_count() -> None:
    served = Served(_device(), max_snapshot_mb=1, max_snapshots=3)
    try:
        info, stream = served.client.export_snapshot("base")
        data = b"".join(stream)
        big = SnapshotInfo("big", info.compat_key, "0" * 64, 5 << 20, time.time())
        with pytest.raises(QuotaError, match="imports at most 1048576 bytes"):
            served.client.import_snapshot(big, b"")
        # A stream that lies about its size is cut off once it passes the quota.
        liar = SnapshotInfo("liar", info.compat_key, info.sha256, len(data), time.time())
        with pytest.raises(QuotaError, match="quota"):
            served.client.import_snapshot(liar, [b"x" * (1 << 20)] * 3)
        for name in ("copy1", "copy2"):
            copy = SnapshotInfo(name, info.compat_key, info.sha256, len(data), time.time())
            served.client.import_snapshot(copy, data)
        third = SnapshotInfo("copy3", info.compat_key, info.sha256, len(data), time.time())
        with pytest.raises(QuotaError, match="holds 3 snapshots"):
            served.client.import_snapshot(third, data)
        served.client.delete_snapshot("copy1")
        served.client.import_snapshot(third, data)
        names = sorted(i.snapshot_id for i in served.client.list_snapshots())
        assert names == ["base", "copy2", "copy3"]
    finally:
        served.close()


@pytest.mark.parametrize(
    "state",
    [
        {"s": {}, "logcat": {}, "clock_ms": 0},
        {"s": "not a dict", "logcat": {}, "clock_ms": 0},
        {"logcat": {}, "clock_ms": 0},
        "just a string",
        None,
    ],
)
def test_import_with_valid_checksum_but_invalid_content_is_refused(
    agent: Served, state: Any
) -> None:
    device = agent.device
    blob = _snapshot_blob(device, state)
    info = SnapshotInfo(
        "forged", device.compat_key, hashlib.sha256(blob).hexdigest(), len(blob), time.time()
    )
    with pytest.raises(SnapshotError, match="not a valid device state|not a virtual-device"):
        agent.client.import_snapshot(info, blob)
    assert "forged" not in {i.snapshot_id for i in agent.client.list_snapshots()}
    # Every later call still works (no KeyError/TypeError until a restart).
    assert agent.client.load_snapshot("base").reached_hash
    assert agent.client.observe().hierarchy_xml


def test_import_with_broken_inner_state_is_refused(agent: Served) -> None:
    """The right shape on the outside, garbage inside: refused by the trial restore."""
    device = agent.device
    good = json.loads(b"".join(device.export_snapshot("base")[1]))["state"]
    good["s"]["stack"] = [{"activity": 42}]
    good["logcat"] = {"buffers": {"main": [["not", "a", "line"]]}}
    blob = _snapshot_blob(device, good)
    info = SnapshotInfo(
        "forged2", device.compat_key, hashlib.sha256(blob).hexdigest(), len(blob), time.time()
    )
    with pytest.raises(SnapshotError, match="not a valid device state"):
        agent.client.import_snapshot(info, blob)
    assert agent.client.observe(screenshot=False).hierarchy_xml


def _start_agent(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[str], AgentClient]:
    port_file = tmp_path / "agent.port"
    cmd = [sys.executable, "-m", "device_agent", "serve", "--app", APP, "--version", VERSION]
    cmd += ["--port", "0", "--port-file", str(port_file), "--device-id", "wedged", *extra]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not port_file.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise AssertionError(f"the agent did not start: {proc.communicate()[1][-2000:]}")
        time.sleep(0.05)
    client = AgentClient(f"127.0.0.1:{port_file.read_text().strip()}", timeout=60)
    client.wait_ready(30)
    return proc, client


def test_sigterm_stops_an_agent_wedged_by_a_long_settle_time(tmp_path: Path) -> None:
    """A probe with a long (legal) settle time and no deadline holds the device; SIGTERM still
    ends the process promptly with status 0."""
    proc, client = _start_agent(tmp_path, "--time-scale", "1")
    try:
        channel = grpc.insecure_channel(client.address)
        stub = pb_grpc.DeviceAgentStub(channel)
        request = pb.ProbeRequest(
            state=_state(), action=pb.Action(kind=pb.PRESS_BACK), settle_seconds=110
        )
        call = stub.Probe.future(request)
        time.sleep(1.0)  # the probe is settling now
        assert not call.done()
        start = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0
        assert time.monotonic() - start < 10
        channel.close()
    finally:
        client.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_deadline_error_type_is_mapped(agent: Served) -> None:
    """A settle time longer than the deadline is a DeadlineError for the client too."""
    with pytest.raises(DeadlineError):
        agent.client.probe(
            DeviceState("base"),
            Action("press_back"),
            settle_seconds=100,
            timeout=0.5,
        )


def test_inside_refuses_paths_that_escape_the_directory(tmp_path: Path) -> None:
    from device_agent.validation import inside

    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "link").symlink_to(tmp_path)  # a symlink pointing out
    assert inside(tmp_path / "data", "s1.tar") == (tmp_path / "data" / "s1.tar").resolve()
    for name in ("../x.tar", "/etc/passwd", "link/x.tar", "."):
        with pytest.raises(ValueError, match="outside the agent's directory"):
            inside(tmp_path / "data", name)
