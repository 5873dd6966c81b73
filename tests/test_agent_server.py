"""The agent's gRPC API over a small in-process backend: every RPC through a real server on
loopback, errors mapped both ways, auth, health, deadlines.

The end-to-end tests with the real virtual device are in ``test_agent_virtual.py``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import grpc
import pytest
import structlog.testing
from grpc_health.v1 import health_pb2, health_pb2_grpc

from device_agent.actions import PRESS_BACK, Action
from device_agent.client import AgentClient
from device_agent.errors import (
    AgentUnavailableError,
    AuthError,
    DeadlineError,
    SnapshotError,
    StateMismatchError,
    UnsupportedError,
)
from device_agent.hierarchy import structural_hash
from device_agent.proto import agent_pb2 as pb
from device_agent.proto import agent_pb2_grpc as pb_grpc
from device_agent.server import SERVICE_NAME, AgentServer, serve
from device_agent.state import ALREADY_THERE, REPLAY, SNAPSHOT_LOCAL, DeviceState
from tests.test_agent_state import PKG, CountingBackend, add_button


class Agent:
    """A served backend plus a client to it."""

    def __init__(self, backend: CountingBackend, token: str | None = None) -> None:
        backend.save_snapshot("base")
        self.backend = backend
        self.server, self.port = serve(backend, token=token)
        self.address = f"127.0.0.1:{self.port}"
        self.client = AgentClient(self.address, token=token, timeout=10)

    def close(self) -> None:
        self.client.close()
        self.server.stop(None)


@pytest.fixture(scope="module")
def agent() -> Iterator[Agent]:
    a = Agent(CountingBackend("fake-a"))
    yield a
    a.close()


@pytest.fixture(scope="module")
def other_agent() -> Iterator[Agent]:
    a = Agent(CountingBackend("fake-b"))
    yield a
    a.close()


@pytest.fixture(autouse=True)
def _fresh_device(request: pytest.FixtureRequest) -> None:
    """Each test starts from the base screen (module-scoped servers are shared)."""
    for name in ("agent", "other_agent"):
        if name in request.fixturenames:
            a = request.getfixturevalue(name)
            a.client.load_snapshot("base")


def test_device_facts_observe_execute_logcat(agent: Agent):
    client = agent.client
    info = client.info()
    assert info.device_id == "fake-a" and info.app_package == PKG
    obs = client.observe()
    assert obs.screenshot_png == b"PNG" and "ADD" in obs.hierarchy_xml
    bare = client.observe(screenshot=False, hierarchy=False)
    assert bare.screenshot_png == b"" and bare.hierarchy_xml == ""
    assert client.execute(add_button()).performed
    assert client.execute(Action(PRESS_BACK)).performed  # removes item0
    assert client.execute(Action(PRESS_BACK)).performed is False
    chunk = client.read_logcat(obs.logcat_cursor)
    assert chunk.lines == ["I Counter: added item0"]
    assert client.read_logcat(chunk.next_cursor).lines == []


def test_snapshot_and_app_rpcs(agent: Agent):
    client = agent.client
    client.execute(add_button())
    saved = client.save_snapshot("one")
    assert saved.snapshot_id == "one" and saved.compat_key == "fake-compat"
    assert {"base", "one"} <= {s.snapshot_id for s in client.list_snapshots()}
    report = client.load_snapshot("base")
    assert report.method == SNAPSHOT_LOCAL
    assert report.reached_hash == structural_hash(client.observe().hierarchy_xml)
    assert client.load_snapshot("one").reached_hash != report.reached_hash
    assert client.delete_snapshot("one") is True
    assert client.delete_snapshot("one") is False
    with pytest.raises(SnapshotError, match="holds no snapshot 'one'"):
        client.load_snapshot("one")
    assert client.install_app("Counter", "2").version == "2"
    assert client.launch_app().running is True
    assert client.reset_app(launch=False).running is False
    with pytest.raises(ValueError, match="snapshot_id"):
        client.save_snapshot("")


def test_unsupported_oracle_maps_to_unsupported_error(agent: Agent):
    with pytest.raises(UnsupportedError, match="no ground-truth oracle"):
        agent.client.check_bug_oracle("any-bug")


def test_probe_returns_before_after_logcat_and_saves(agent: Agent):
    base = DeviceState("base")
    result = agent.client.probe(base, add_button(), observe_before=True, save_snapshot_as="p1")
    assert result.device_id == "fake-a"
    assert result.restore_method == SNAPSHOT_LOCAL
    assert result.executed.performed and (result.executed.x, result.executed.y) == (100, 950)
    assert result.before is not None and "item0" not in result.before.hierarchy_xml
    assert "item0" in result.after.hierarchy_xml
    assert result.before_hash == structural_hash(result.before.hierarchy_xml)
    assert result.after_hash == structural_hash(result.after.hierarchy_xml)
    assert result.reached_hash == result.before_hash
    assert result.logcat == ["I Counter: added item0"]
    assert result.saved_snapshot is not None and result.saved_snapshot.snapshot_id == "p1"
    assert min(result.restore_seconds, result.act_seconds, result.observe_seconds) >= 0
    # The saved after-state is reachable by snapshot, without replaying anything.
    agent.backend.calls.clear()
    child = base.child(add_button(), snapshot_id="p1", expected_hash=result.after_hash)
    agent.client.load_snapshot("base")
    report = agent.client.bring_to_state(child)
    assert report.method == SNAPSHOT_LOCAL and report.reached_hash == result.after_hash
    assert agent.backend.calls["execute"] == 0


def test_probe_without_screenshots_or_before(agent: Agent):
    result = agent.client.probe(DeviceState("base"), add_button(), screenshots=False)
    assert result.before is None and result.before_hash == ""
    assert result.after.screenshot_png == b"" and result.after.hierarchy_xml
    assert result.saved_snapshot is None


def test_bring_to_state_picks_the_cheapest_way(agent: Agent):
    client = agent.client
    state = DeviceState("base", (add_button(), add_button()))
    first = client.bring_to_state(state)
    assert first.method == REPLAY
    assert client.bring_to_state(state).method == ALREADY_THERE
    client.execute(add_button())  # the device moved on: no longer "already there"
    assert client.bring_to_state(state).method == REPLAY
    client.save_snapshot("two")
    client.load_snapshot("base")
    via_snapshot = DeviceState("base", state.prefix, snapshot_id="two")
    assert client.bring_to_state(via_snapshot).method == SNAPSHOT_LOCAL


def test_probe_chain_reuses_the_state_it_left(agent: Agent):
    base = DeviceState("base")
    first = agent.client.probe(base, add_button())
    second = agent.client.probe(base.child(add_button()), add_button())
    assert first.restore_method == SNAPSHOT_LOCAL
    assert second.restore_method == ALREADY_THERE
    assert second.reached_hash == first.after_hash


def test_hash_mismatch_is_failed_precondition(agent: Agent):
    bad = DeviceState("base", (add_button(),), expected_hash="0000000000000000")
    with pytest.raises(StateMismatchError, match="0000000000000000"):
        agent.client.bring_to_state(bad)
    with pytest.raises(StateMismatchError):
        agent.client.probe(bad, add_button())


def test_export_import_between_agents(agent: Agent, other_agent: Agent):
    agent.client.execute(add_button())
    agent.client.execute(add_button())
    agent.client.save_snapshot("moved")
    want = agent.client.load_snapshot("moved").reached_hash
    stored = agent.client.copy_snapshot_to(other_agent.client, "moved")
    assert stored.imported and stored.snapshot_id == "moved"
    report = other_agent.client.load_snapshot("moved")
    assert report.reached_hash == want
    assert report.method == "snapshot_imported"
    state = DeviceState("base", (add_button(), add_button()), "moved", want)
    other_agent.client.load_snapshot("base")
    assert other_agent.client.bring_to_state(state).method == "snapshot_imported"


def test_tampered_import_is_snapshot_error(agent: Agent, other_agent: Agent):
    agent.client.execute(add_button())
    agent.client.save_snapshot("tamper")
    info, chunks = agent.client.export_snapshot("tamper")
    data = b"".join(chunks)
    flipped = bytes([data[0] ^ 0x01]) + data[1:]
    with pytest.raises(SnapshotError, match="corrupt"):
        other_agent.client.import_snapshot(info, [flipped])
    assert "tamper" not in {s.snapshot_id for s in other_agent.client.list_snapshots()}
    foreign = type(info)(info.snapshot_id, "other-device-kind", info.sha256, info.size_bytes, 0.0)
    with pytest.raises(SnapshotError, match="compatibility key"):
        other_agent.client.import_snapshot(foreign, [data])


def test_export_streams_in_chunks(agent: Agent):
    for _ in range(20):
        agent.client.execute(add_button())
    agent.client.save_snapshot("big")
    info, chunks = agent.client.export_snapshot("big", chunk_bytes=16)
    pieces = list(chunks)
    assert len(pieces) > 1 and all(len(p) <= 16 for p in pieces)
    assert sum(map(len, pieces)) == info.size_bytes


def test_bad_request_is_invalid_argument(agent: Agent):
    stub = pb_grpc.DeviceAgentStub(grpc.insecure_channel(agent.address))
    with pytest.raises(grpc.RpcError) as err:
        stub.Execute(pb.ExecuteRequest(action=pb.Action()), timeout=5)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "unspecified" in (err.value.details() or "")


def test_token_is_required_when_set():
    secured = Agent(CountingBackend("fake-auth"), token="s3cret")
    try:
        assert secured.client.info().device_id == "fake-auth"
        with AgentClient(secured.address, timeout=5) as anonymous:
            with pytest.raises(AuthError, match="token"):
                anonymous.info()
            with pytest.raises(AuthError):
                list(anonymous.export_snapshot("base")[1])
            anonymous.wait_ready(5)  # health checks stay open
        with (
            AgentClient(secured.address, token="wrong", timeout=5) as wrong,
            pytest.raises(AuthError),
        ):
            wrong.observe()
    finally:
        secured.close()


def test_health_reports_serving_and_answers_during_a_long_call():
    backend = CountingBackend("fake-slow")
    slow = Agent(backend)
    try:
        assert slow.client.health() == "SERVING"
        backend.load_gate = threading.Event()  # the load holds the device until released
        worker = threading.Thread(target=slow.client.load_snapshot, args=("base",))
        worker.start()
        assert backend.load_started.wait(30)  # the load now holds the device
        assert slow.client.health() == "SERVING"  # answered while the load holds it
        assert worker.is_alive()
        backend.load_gate.set()
        worker.join()
    finally:
        slow.close()


def test_health_not_serving_until_ready_and_after_stop():
    backend = CountingBackend("fake-boot")
    server, port = serve(backend, serving=False)
    assert isinstance(server, AgentServer) and isinstance(server, grpc.Server)
    try:
        stub = health_pb2_grpc.HealthStub(grpc.insecure_channel(f"127.0.0.1:{port}"))
        request = health_pb2.HealthCheckRequest(service=SERVICE_NAME)
        assert stub.Check(request, timeout=5).status == health_pb2.HealthCheckResponse.NOT_SERVING
        server.set_serving(True)
        assert stub.Check(request, timeout=5).status == health_pb2.HealthCheckResponse.SERVING
    finally:
        server.stop(None)
    # Stopped: the health servicer says NOT_SERVING (seen by in-process checks during a grace).
    reply = server.health.Check(request, None)
    assert reply.status == health_pb2.HealthCheckResponse.NOT_SERVING


def test_deadline_exceeded_is_a_timeout():
    backend = CountingBackend("fake-deadline")
    slow = Agent(backend)
    try:
        backend.load_gate = threading.Event()  # the restore holds until the client gave up
        with pytest.raises(DeadlineError) as err:
            slow.client.probe(DeviceState("base"), add_button(), timeout=0.2)
        assert isinstance(err.value, TimeoutError)
        assert "now 0.2 s" in str(err.value)  # the deadline the call ran with, not the client's
        assert backend.load_started.is_set()
        backend.load_gate.set()
        slow.client.observe()  # waits for the device: the probe's call has ended on the server
        assert backend.calls["execute"] == 0  # it stopped after the restore phase
    finally:
        slow.close()


def test_dead_agent_is_unavailable_quickly():
    # A port that was just free: nobody listens there.
    server, port = serve(CountingBackend("fake-gone"))
    server.stop(None).wait()
    start = time.perf_counter()
    with AgentClient(f"127.0.0.1:{port}", timeout=30) as client:
        with pytest.raises(AgentUnavailableError, match="is it running"):
            client.info()
        with pytest.raises(AgentUnavailableError):
            client.execute(add_button())
        with pytest.raises(AgentUnavailableError, match="ready"):
            client.wait_ready(0.5)
    assert time.perf_counter() - start < 5


def test_idempotent_calls_rebuild_the_channel_once(agent: Agent):
    """A broken channel (here: one pointing at a dead port) is replaced and the call retried;
    ``execute`` is never retried, since it would act twice."""
    server, dead_port = serve(CountingBackend("fake-dead"))
    server.stop(None).wait()
    with AgentClient(agent.address, timeout=5) as client:

        def break_channel() -> None:
            channel = grpc.insecure_channel(f"127.0.0.1:{dead_port}")
            client._stub = pb_grpc.DeviceAgentStub(channel)

        break_channel()
        assert client.info().device_id == "fake-a"  # retried on a rebuilt channel
        break_channel()
        agent.backend.calls.clear()
        with pytest.raises(AgentUnavailableError):
            client.execute(add_button())
        assert agent.backend.calls["execute"] == 0
        # ...but the channel was rebuilt, so the next call goes through.
        assert client.execute(add_button()).performed


def test_settle_wait_is_part_of_the_action(agent: Agent):
    quick = agent.client.probe(DeviceState("base"), add_button(), screenshots=False)
    settled = agent.client.probe(
        DeviceState("base"), add_button(), screenshots=False, settle_seconds=0.3
    )
    assert quick.act_seconds < 0.2 and settled.act_seconds >= 0.3  # fake device: time_scale 1


def test_one_log_line_per_rpc_with_the_device_id(agent: Agent):
    with structlog.testing.capture_logs() as logs:
        agent.client.info()
        with pytest.raises(SnapshotError):
            agent.client.load_snapshot("nowhere")
    rpcs = [e for e in logs if e.get("event") == "rpc"]
    assert [(e["method"], e["status"]) for e in rpcs] == [
        ("GetDeviceInfo", "OK"),
        ("LoadSnapshot", "FAILED_PRECONDITION"),
    ]
    assert all(e["device_id"] == "fake-a" and e["ms"] >= 0 for e in rpcs)
    assert "nowhere" in rpcs[1]["error"]
