"""StateKeeper (DESIGN §2.1): the cheapest way to a state, and never a silent wrong state.

These tests use a small counting backend (defined here) so they can assert exactly which device
operations each restore method costs; the end-to-end agent tests use the real VirtualDevice.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import Counter
from collections.abc import Iterable, Iterator

import pytest

from device_agent.actions import CLICK, PRESS_BACK, Action, Selector
from device_agent.backend import (
    AppStatus,
    DeviceBackend,
    DeviceInfo,
    ExecuteResult,
    LogcatChunk,
    Observation,
    SnapshotInfo,
)
from device_agent.errors import SnapshotError, StateMismatchError
from device_agent.hierarchy import structural_hash
from device_agent.state import (
    ALREADY_THERE,
    REPLAY,
    SNAPSHOT_IMPORTED,
    SNAPSHOT_LOCAL,
    DeviceState,
    StateKeeper,
)

PKG = "com.example.counter"


def add_button() -> Action:
    return Action(CLICK, target=Selector(resource_id=f"{PKG}:id/add", text="ADD"))


class CountingBackend(DeviceBackend):
    """A one-screen device: a list of items and an ADD button; Back removes the last item.
    ``calls`` counts every backend operation."""

    def __init__(self, device_id: str = "fake-1", compat: str = "fake-compat") -> None:
        super().__init__(device_id)
        self.items: list[str] = []
        self.snapshots: dict[str, tuple[SnapshotInfo, bytes]] = {}
        self.logcat: list[str] = []
        self.calls: Counter[str] = Counter()
        self.compat = compat
        self.missing_button = False
        self.load_delay = 0.0  # seconds each snapshot load takes (for deadline tests)
        # Set by tests that race: each load sets `load_started`, then waits for `load_gate`.
        self.load_started = threading.Event()
        self.load_gate: threading.Event | None = None

    def _xml(self) -> str:
        rows = "".join(
            f'<node index="{i}" text="{t}" resource-id="{PKG}:id/row" '
            f'class="android.widget.TextView" package="{PKG}" '
            f'bounds="[0,{100 * i}][100,{100 * i + 90}]" />'
            for i, t in enumerate(self.items)
        )
        button = (
            ""
            if self.missing_button
            else f'<node index="9" text="ADD" resource-id="{PKG}:id/add" '
            f'class="android.widget.Button" package="{PKG}" clickable="true" '
            'bounds="[0,900][200,1000]" />'
        )
        return (
            '<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">'
            f'<node index="0" text="" class="android.widget.FrameLayout" package="{PKG}" '
            f'bounds="[0,0][1080,1920]">{rows}{button}</node></hierarchy>'
        )

    def _info_impl(self) -> DeviceInfo:
        return DeviceInfo(self.device_id, "fake", 1080, 1920, 420, 30, self.compat, PKG, "1")

    def _observe_impl(self, screenshot: bool, hierarchy: bool) -> Observation:
        self.calls["observe_hierarchy" if hierarchy else "observe_bare"] += 1
        return Observation(
            b"PNG" if screenshot else b"",
            self._xml() if hierarchy else "",
            PKG,
            f"{PKG}/.Main",
            "portrait",
            False,
            len(self.logcat),
        )

    def _execute_impl(self, action: Action) -> ExecuteResult:
        self.calls["execute"] += 1
        if action.kind == CLICK and not self.missing_button:
            self.items.append(f"item{len(self.items)}")
            self.logcat.append(f"I Counter: added {self.items[-1]}")
            return ExecuteResult(True, "clicked ADD", 100, 950)
        if action.kind == PRESS_BACK and self.items:
            self.items.pop()
            return ExecuteResult(True, "back")
        return ExecuteResult(False, "no such widget")

    def _save_snapshot_impl(self, snapshot_id: str) -> SnapshotInfo:
        self.calls["save"] += 1
        blob = json.dumps(self.items).encode()
        info = SnapshotInfo(
            snapshot_id, self.compat, hashlib.sha256(blob).hexdigest(), len(blob), time.time()
        )
        self.snapshots[snapshot_id] = (info, blob)
        return info

    def _load_snapshot_impl(self, snapshot_id: str) -> None:
        self.calls["load"] += 1
        self.load_started.set()
        if self.load_gate is not None:
            assert self.load_gate.wait(60), "the test never released the load"
        time.sleep(self.load_delay)
        if snapshot_id not in self.snapshots:
            raise SnapshotError(f"no snapshot {snapshot_id!r}")
        self.items = json.loads(self.snapshots[snapshot_id][1])

    def _list_snapshots_impl(self) -> list[SnapshotInfo]:
        return [info for info, _ in self.snapshots.values()]

    def _delete_snapshot_impl(self, snapshot_id: str) -> bool:
        return self.snapshots.pop(snapshot_id, None) is not None

    def _export_snapshot_impl(
        self, snapshot_id: str, chunk_bytes: int
    ) -> tuple[SnapshotInfo, Iterator[bytes]]:
        info, blob = self.snapshots[snapshot_id]
        return info, iter([blob[i : i + chunk_bytes] for i in range(0, len(blob), chunk_bytes)])

    def _import_snapshot_impl(self, info: SnapshotInfo, chunks: Iterable[bytes]) -> SnapshotInfo:
        blob = b"".join(chunks)
        if hashlib.sha256(blob).hexdigest() != info.sha256:
            raise SnapshotError("checksum mismatch")
        stored = SnapshotInfo(
            info.snapshot_id, info.compat_key, info.sha256, len(blob), info.created_unix, True
        )
        self.snapshots[info.snapshot_id] = (stored, blob)
        return stored

    def _read_logcat_impl(
        self, cursor: int, buffers: tuple[str, ...], max_lines: int
    ) -> LogcatChunk:
        return LogcatChunk(self.logcat[cursor:], len(self.logcat))

    def _install_app_impl(self, app: str, version: str, apk_path: str) -> AppStatus:
        return AppStatus(PKG, version or "1", "Counter", False)

    def _launch_app_impl(self) -> AppStatus:
        return AppStatus(PKG, "1", "Counter", True)

    def _reset_app_impl(self, launch: bool) -> AppStatus:
        self.items = []
        return AppStatus(PKG, "1", "Counter", launch)


@pytest.fixture()
def device() -> CountingBackend:
    backend = CountingBackend()
    backend.save_snapshot("base")
    backend.calls.clear()
    return backend


def screen_hash(backend: CountingBackend, items: int) -> str:
    saved = list(backend.items)
    backend.items = [f"item{i}" for i in range(items)]
    digest = structural_hash(backend._xml())
    backend.items = saved
    return digest


def test_state_identity_is_the_path_not_the_hints():
    a = DeviceState("base", [add_button()])  # type: ignore[arg-type]  # lists are accepted
    b = DeviceState("base", (add_button(),), snapshot_id="s1", expected_hash="abc")
    assert isinstance(a.prefix, tuple)
    assert a.key() == b.key() and len(a.key()) == 16
    assert a != b  # the dataclass still compares every field
    assert DeviceState("base").child(add_button()).key() == a.key()
    assert a.child(add_button()).key() != a.key()
    assert DeviceState("other", a.prefix).key() != a.key()
    assert {a: 1}[DeviceState("base", (add_button(),))] == 1  # hashable
    assert DeviceState.from_json(b.to_json()) == b
    with pytest.raises(ValueError, match="base snapshot"):
        DeviceState("")


def test_replay_then_already_there(device: CountingBackend):
    keeper = StateKeeper(device)
    state = DeviceState("base", (add_button(), add_button()), expected_hash=screen_hash(device, 2))
    report = keeper.bring_to(state)
    assert report.method == REPLAY
    assert report.reached_hash == state.expected_hash
    assert device.items == ["item0", "item1"]
    assert device.calls["load"] == 1 and device.calls["execute"] == 2
    device.calls.clear()
    again = keeper.bring_to(state)
    assert again.method == ALREADY_THERE and again.reached_hash == state.expected_hash
    assert sum(device.calls.values()) == 0  # nothing ran on the device
    keeper.invalidate()
    assert keeper.bring_to(state).method == REPLAY


def test_base_alone_is_a_snapshot_load(device: CountingBackend):
    report = StateKeeper(device).bring_to(DeviceState("base"))
    assert report.method == SNAPSHOT_LOCAL
    assert device.calls["execute"] == 0 and device.calls["load"] == 1
    assert report.reached_hash == ""  # no expected hash: nothing was checked


def test_snapshot_preferred_over_replay(device: CountingBackend):
    device.items = ["item0", "item1", "item2"]
    device.save_snapshot("s3")
    device.items = []
    device.calls.clear()
    state = DeviceState("base", (add_button(),) * 3, "s3", screen_hash(device, 3))
    report = StateKeeper(device).bring_to(state)
    assert report.method == SNAPSHOT_LOCAL
    assert device.calls["execute"] == 0
    assert device.items == ["item0", "item1", "item2"]


def test_imported_snapshot_is_reported(device: CountingBackend):
    other = CountingBackend("fake-2")
    other.items = ["item0"]
    info, chunks = other.save_snapshot("s1"), other.export_snapshot("s1")[1]
    device.import_snapshot(info, chunks)
    report = StateKeeper(device).bring_to(DeviceState("base", (add_button(),), "s1"))
    assert report.method == SNAPSHOT_IMPORTED
    assert device.items == ["item0"]


def test_wrong_snapshot_falls_back_to_replay(device: CountingBackend):
    device.items = ["item0", "item1", "item2", "item3"]  # not the state's screen
    device.save_snapshot("stale")
    state = DeviceState("base", (add_button(),), "stale", screen_hash(device, 1))
    report = StateKeeper(device).bring_to(state)
    assert report.method == REPLAY
    assert device.items == ["item0"]


def test_hash_mismatch_is_an_error_naming_both_hashes(device: CountingBackend):
    keeper = StateKeeper(device)
    state = DeviceState("base", (add_button(),), expected_hash="0123456789abcdef")
    with pytest.raises(StateMismatchError) as err:
        keeper.bring_to(state)
    assert "0123456789abcdef" in str(err.value)
    assert screen_hash(device, 1) in str(err.value)
    assert keeper.current is None  # a failed restore leaves the state unknown


def test_unperformed_replay_step_is_a_mismatch(device: CountingBackend):
    device.missing_button = True
    with pytest.raises(StateMismatchError, match=r"step 1/2 .*not performed"):
        StateKeeper(device).bring_to(DeviceState("base", (add_button(), add_button())))


def test_missing_base_snapshot_names_what_the_device_holds(device: CountingBackend):
    with pytest.raises(SnapshotError, match=r"holds no snapshot 'nope'.*base"):
        StateKeeper(device).bring_to(DeviceState("nope", (add_button(),)))


def test_drifted_device_is_restored_again(device: CountingBackend):
    keeper = StateKeeper(device)
    state = DeviceState("base", (add_button(),), expected_hash=screen_hash(device, 1))
    keeper.bring_to(state)
    device.items.append("intruder")  # something changed the device behind the keeper's back
    keeper.mark(state)  # ...and the caller believed it was still there, hash unknown
    report = keeper.bring_to(state)
    assert report.method == REPLAY
    assert device.items == ["item0"]
