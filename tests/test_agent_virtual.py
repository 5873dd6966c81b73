"""End to end through the agent API with the real virtual device: two agents on loopback, each
owning a VirtualDevice running OpenCalc 3.1.4 (whose bug OpenCalc#532 crashes on ``1!%``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from device_agent.actions import CLICK, PRESS_BACK, Action, Selector
from device_agent.client import AgentClient
from device_agent.errors import AppNotFoundError, SnapshotError, StateMismatchError
from device_agent.hierarchy import structural_hash
from device_agent.server import AgentServer, serve
from device_agent.state import (
    ALREADY_THERE,
    REPLAY,
    SNAPSHOT_IMPORTED,
    SNAPSHOT_LOCAL,
    DeviceState,
)
from device_agent.virtual.device import VirtualDevice

APP, VERSION, BUG = "OpenCalc", "3.1.4", "OpenCalc#532"
PKG = "com.darkempire78.opencalculator"
BASE = DeviceState("base")


def key(resource: str) -> Action:
    return Action(CLICK, target=Selector(resource_id=f"{PKG}:id/{resource}"))


ONE, FACTORIAL, PERCENT, PLUS = (
    key("oneButton"),
    key("factorialButton"),
    key("divideBy100Button"),
    key("addButton"),
)


class VirtualAgent:
    def __init__(self, device_id: str) -> None:
        self.device = VirtualDevice(device_id)
        self.server: AgentServer
        self.server, port = serve(self.device)
        self.client = AgentClient(f"127.0.0.1:{port}", timeout=20)
        # What the orchestrator does before a run (orchestrator.farm.DeviceWorker.prepare).
        self.client.install_app(APP, VERSION)
        self.client.reset_app(launch=True)
        self.client.save_snapshot("base")

    def close(self) -> None:
        self.client.close()
        self.server.stop(None)


@pytest.fixture(scope="module")
def agents() -> Iterator[tuple[VirtualAgent, VirtualAgent]]:
    a, b = VirtualAgent("virtual-a"), VirtualAgent("virtual-b")
    yield a, b
    a.close()
    b.close()


def test_every_rpc_round_trips(agents):
    client = agents[0].client
    info = client.info()
    assert (info.device_id, info.backend, info.app_package) == ("virtual-a", "virtual", PKG)
    assert info.app_version == VERSION and info.snapshot_compat_key
    assert client.load_snapshot("base").method == SNAPSHOT_LOCAL
    obs = client.observe()
    assert obs.screenshot_png.startswith(b"\x89PNG") and obs.package == PKG
    assert obs.orientation == "portrait" and "oneButton" in obs.hierarchy_xml
    done = client.execute(ONE)
    assert done.performed and done.x > 0 and done.y > 0
    missing = client.execute(Action(CLICK, target=Selector(resource_id=f"{PKG}:id/nope")))
    assert missing.performed is False
    assert 'text="1"' in client.observe(screenshot=False).hierarchy_xml
    assert client.read_logcat(0).next_cursor >= obs.logcat_cursor
    saved = client.save_snapshot("one")
    assert saved.snapshot_id == "one" and len(saved.sha256) == 64 and saved.size_bytes > 0
    assert {"base", "one"} <= {s.snapshot_id for s in client.list_snapshots()}
    assert client.delete_snapshot("one") and not client.delete_snapshot("one")
    assert client.launch_app().running
    assert client.check_bug_oracle(BUG)[0] is False
    assert client.reset_app(launch=True).package == PKG
    with pytest.raises(AppNotFoundError):
        client.install_app("NoSuchAppAnywhere")


def test_probe_reports_the_crash_and_the_oracle_agrees(agents):
    client = agents[0].client
    state = BASE.child(ONE).child(FACTORIAL)
    result = client.probe(state, PERCENT, observe_before=True, save_snapshot_as="crashed")
    assert result.restore_method == REPLAY and result.device_id == "virtual-a"
    assert result.executed.performed
    assert result.before is not None and result.before.package == PKG
    assert "1!" in result.before.hierarchy_xml
    assert result.before_hash == structural_hash(result.before.hierarchy_xml)
    assert result.after_hash == structural_hash(result.after.hierarchy_xml)
    assert result.after_hash != result.before_hash
    assert result.after.screenshot_png.startswith(b"\x89PNG")
    crash = "\n".join(result.logcat)
    assert "FATAL EXCEPTION" in crash
    assert "java.lang.StringIndexOutOfBoundsException" in crash
    assert result.saved_snapshot is not None and result.saved_snapshot.snapshot_id == "crashed"
    assert client.check_bug_oracle(BUG)[0] is True
    # The saved after-state comes back by snapshot, crash dialog and all.
    client.reset_app(launch=True)
    report = client.bring_to_state(state.child(PERCENT, "crashed", result.after_hash))
    assert report.method == SNAPSHOT_LOCAL and report.reached_hash == result.after_hash


def test_bring_to_state_snapshot_vs_replay_and_mismatch(agents):
    client = agents[0].client
    plus = client.probe(BASE.child(ONE), PLUS, screenshots=False, save_snapshot_as="one-plus")
    target = BASE.child(ONE).child(PLUS, expected_hash=plus.after_hash)
    assert client.bring_to_state(target).method == ALREADY_THERE
    client.execute(Action(PRESS_BACK))
    replayed = client.bring_to_state(target)
    assert replayed.method == REPLAY and replayed.reached_hash == plus.after_hash
    cached = DeviceState("base", target.prefix, "one-plus", plus.after_hash)
    client.load_snapshot("base")
    assert client.bring_to_state(cached).method == SNAPSHOT_LOCAL
    wrong = DeviceState("base", (key("menuButton"),), expected_hash=plus.after_hash)  # menu open
    with pytest.raises(StateMismatchError) as err:
        client.bring_to_state(wrong)
    assert plus.after_hash in str(err.value)


def test_snapshot_moves_between_agents(agents):
    a, b = agents
    result = a.client.probe(BASE.child(ONE), FACTORIAL, screenshots=False, save_snapshot_as="fact")
    stored = a.client.copy_snapshot_to(b.client, "fact")
    assert stored.imported and stored.sha256 == result.saved_snapshot.sha256
    assert b.client.load_snapshot("fact").reached_hash == result.after_hash
    b.client.load_snapshot("base")
    state = BASE.child(ONE).child(FACTORIAL, "fact", result.after_hash)
    report = b.client.bring_to_state(state)
    assert report.method == SNAPSHOT_IMPORTED and report.reached_hash == result.after_hash


def test_tampered_or_foreign_snapshot_is_refused(agents):
    a, b = agents
    a.client.save_snapshot("tamper")
    info, chunks = a.client.export_snapshot("tamper", chunk_bytes=4096)
    data = bytearray(b"".join(chunks))
    data[len(data) // 2] ^= 0x20
    with pytest.raises(SnapshotError, match="corrupt"):
        b.client.import_snapshot(info, bytes(data))
    assert "tamper" not in {s.snapshot_id for s in b.client.list_snapshots()}
    info, chunks = a.client.export_snapshot("tamper")
    foreign = type(info)(info.snapshot_id, "0" * 24, info.sha256, info.size_bytes, 0.0)
    with pytest.raises(SnapshotError, match="compatibility key"):
        b.client.import_snapshot(foreign, list(chunks))
