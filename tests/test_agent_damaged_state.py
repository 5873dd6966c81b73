"""A device that keeps failing is not SERVING (issue 29, decision 0035): a damaged snapshot (valid
checksum, app data missing a key) is refused at import; health turns NOT_SERVING while probes keep
failing on the device; an unknown bug id is NOT_FOUND; the import quota is the backend's.

A real gRPC server on loopback over the virtual device (as in ``test_agent_hostile.py``)."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from device_agent.actions import Action
from device_agent.backend import SnapshotInfo
from device_agent.client import AgentClient
from device_agent.errors import BugNotFoundError, DeviceError, QuotaError, SnapshotError
from device_agent.proto import agent_pb2 as pb
from device_agent.proto import agent_pb2_grpc as pb_grpc
from device_agent.server import FAILING_AFTER_PROBES, serve
from device_agent.state import DeviceState
from device_agent.virtual.device import VirtualDevice

APP, VERSION = "OpenCalc", "3.1.4"
SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


class BreakableDevice(VirtualDevice):
    """A VirtualDevice whose actions raise an unexpected error while ``broken`` is set."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.broken = threading.Event()
        super().__init__(*args, **kwargs)

    def _execute_impl(self, action):  # type: ignore[no-untyped-def]
        if self.broken.is_set():
            raise KeyError("folders")  # what an app handler reading missing data raises
        return super()._execute_impl(action)


class Served:
    def __init__(self, device: VirtualDevice, **kw: Any) -> None:
        self.device = device
        self.server, port = serve(device, **kw)
        self.channel = grpc.insecure_channel(f"127.0.0.1:{port}")
        self.stub = pb_grpc.DeviceAgentStub(self.channel)
        self.health = health_pb2_grpc.HealthStub(self.channel)
        self.client = AgentClient(f"127.0.0.1:{port}", timeout=20)

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *exc: object) -> None:
        self.client.close()
        self.channel.close()
        self.server.stop(None)

    def status(self) -> int:
        return int(self.health.Check(health_pb2.HealthCheckRequest(), timeout=5).status)

    def wait_status(self, want: int, within: float = 10.0) -> None:
        deadline = time.monotonic() + within
        while self.status() != want:
            assert time.monotonic() < deadline, f"health did not turn {want} in {within} s"
            time.sleep(0.1)


def _device(cls: type[VirtualDevice] = VirtualDevice) -> VirtualDevice:
    device = cls("damaged", APP, version=VERSION)
    device.launch_app()
    device.save_snapshot("base")
    return device


def _forged(device: VirtualDevice, state: Any, name: str) -> tuple[SnapshotInfo, bytes]:
    doc = {"format": 1, "compat_key": device.compat_key, "state": state}
    blob = json.dumps(doc, separators=(",", ":")).encode()
    digest = hashlib.sha256(blob).hexdigest()
    return SnapshotInfo(name, device.compat_key, digest, len(blob), time.time()), blob


def test_a_base_missing_a_key_of_the_app_data_is_refused_at_import() -> None:
    with Served(_device()) as agent:
        state = json.loads(b"".join(agent.device.export_snapshot("base")[1]))["state"]
        key = sorted(state["s"]["data"])[0]
        del state["s"]["data"][key]  # the checksum is valid: the bytes are what was sent
        info, blob = _forged(agent.device, state, "base")
        with pytest.raises(SnapshotError, match=f"lacks the key {key!r}"):
            agent.client.import_snapshot(info, blob)
        # The device's own base is untouched: probes from it still work.
        result = agent.client.probe(DeviceState("base"), Action("press_back"))
        assert result.after.hierarchy_xml
        assert agent.status() == SERVING


def test_health_turns_not_serving_while_probes_keep_failing_and_back_after_one_works() -> None:
    device = _device(BreakableDevice)
    assert isinstance(device, BreakableDevice)
    with Served(device) as agent:
        device.broken.set()
        for _ in range(FAILING_AFTER_PROBES):
            with pytest.raises(DeviceError):  # INTERNAL
                agent.client.probe(DeviceState("base"), Action("press_back"))
        agent.wait_status(NOT_SERVING)
        device.broken.clear()
        agent.client.probe(DeviceState("base"), Action("press_back"))
        agent.wait_status(SERVING)


def test_failures_that_are_the_callers_do_not_turn_health_not_serving() -> None:
    with Served(_device()) as agent:
        for _ in range(FAILING_AFTER_PROBES + 1):
            with pytest.raises(SnapshotError):  # FAILED_PRECONDITION: no such snapshot
                agent.client.probe(DeviceState("nope"), Action("press_back"))
        time.sleep(2.5)  # two rounds of the health watcher
        assert agent.status() == SERVING


def test_check_bug_oracle_with_an_unknown_bug_id_is_not_found() -> None:
    with Served(_device()) as agent:
        with pytest.raises(grpc.RpcError) as info:
            agent.stub.CheckBugOracle(pb.CheckBugOracleRequest(bug_id="OpenCalc#999999"))
        assert info.value.code() == grpc.StatusCode.NOT_FOUND
        with pytest.raises(BugNotFoundError):
            agent.client.check_bug_oracle("OpenCalc#999999")
        assert agent.client.check_bug_oracle("OpenCalc#532")[0] is False


def test_the_default_import_quota_is_what_the_backends_state_can_be() -> None:
    from device_agent.adb.backend import AdbDevice

    with Served(_device()) as agent:
        info, stream = agent.client.export_snapshot("base")
        assert info.size_bytes < 64 << 10  # a virtual state is kilobytes
        big = SnapshotInfo("big", info.compat_key, "0" * 64, 64 << 20, time.time())
        with pytest.raises(QuotaError, match=f"imports at most {4 << 20} bytes"):
            agent.client.import_snapshot(big, b"")
    assert VirtualDevice.import_quota == (4 << 20, 256)
    assert AdbDevice.import_quota == (4096 << 20, 512)  # an emulator snapshot: hundreds of MB
