"""Proto ⇄ dataclass conversions: every value survives the wire unchanged."""

from __future__ import annotations

import pytest

from device_agent import convert
from device_agent.actions import (
    CLICK,
    INPUT_TEXT,
    LONG_CLICK,
    PRESS_BACK,
    PRESS_DELETE,
    PRESS_ENTER,
    PRESS_HOME,
    ROTATE,
    SWIPE,
    Action,
    Bounds,
    Selector,
)
from device_agent.backend import (
    AppStatus,
    DeviceInfo,
    ExecuteResult,
    LogcatChunk,
    Observation,
    SnapshotInfo,
)
from device_agent.proto import agent_pb2 as pb
from device_agent.state import RESTORE_METHODS, DeviceState, ProbeResult, RestoreReport

FOLDER = Selector(
    resource_id="com.amaze.filemanager:id/firstline",
    text="test2",
    class_name="android.widget.TextView",
    bounds=Bounds(0, 200, 1080, 330),
)
ACTIONS = [
    Action(CLICK, target=FOLDER),
    Action(LONG_CLICK, target=Selector(content_desc="More options")),
    Action(INPUT_TEXT, target=Selector(resource_id="x:id/name"), text="héllo wörld"),
    Action(SWIPE, direction="up"),
    Action(ROTATE, orientation="landscape"),
    Action(PRESS_BACK),
    Action(PRESS_ENTER),
    Action(PRESS_DELETE),
    Action(PRESS_HOME),
]


def wire(msg):
    """Serialise and parse, as gRPC does."""
    return type(msg).FromString(msg.SerializeToString())


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.kind)
def test_actions_round_trip(action: Action):
    back = convert.action_from_proto(wire(convert.action_to_proto(action)))
    assert back == action
    assert back.key() == action.key()


def test_selector_without_bounds_stays_without():
    selector = Selector(text="OK")
    back = convert.selector_from_proto(wire(convert.selector_to_proto(selector)))
    assert back.bounds is None and back == selector
    zero = Selector(text="OK", bounds=Bounds(0, 0, 0, 0))  # a real (empty) rectangle
    assert convert.selector_from_proto(wire(convert.selector_to_proto(zero))) == zero


def test_unspecified_action_kind_is_rejected():
    with pytest.raises(ValueError, match="unspecified"):
        convert.action_from_proto(pb.Action())
    with pytest.raises(ValueError, match="needs a target"):
        convert.action_from_proto(pb.Action(kind=pb.CLICK))


def test_state_round_trip():
    state = DeviceState("base", tuple(ACTIONS), snapshot_id="s9", expected_hash="abcd")
    back = convert.state_from_proto(wire(convert.state_to_proto(state)))
    assert back == state and back.key() == state.key()


def test_device_facts_round_trip():
    info = DeviceInfo("d1", "virtual", 1080, 1920, 420, 30, "key", "pkg", "1.2", "instant", 0.01)
    assert convert.device_info_from_proto(wire(convert.device_info_to_proto(info))) == info
    snap = SnapshotInfo("s1", "key", "ab" * 32, 1234, 1700000000.5, imported=True)
    assert convert.snapshot_info_from_proto(wire(convert.snapshot_info_to_proto(snap))) == snap
    status = AppStatus("pkg", "1.2", "Amaze", True)
    assert convert.app_status_from_proto(wire(convert.app_status_to_proto(status))) == status
    chunk = LogcatChunk(["line 1", "line 2"], 42)
    assert convert.logcat_from_proto(wire(convert.logcat_to_proto(chunk))) == chunk
    result = ExecuteResult(False, "no widget", -1, -1)
    assert (
        convert.execute_result_from_proto(wire(convert.execute_result_to_proto(result))) == result
    )


@pytest.mark.parametrize("method", RESTORE_METHODS)
def test_restore_report_round_trip(method: str):
    report = RestoreReport(method, 0.25, "ffff")
    assert (
        convert.restore_report_from_proto(wire(convert.restore_report_to_proto(report))) == report
    )


def test_unknown_restore_method_is_rejected():
    with pytest.raises(ValueError, match="restore method"):
        convert.restore_method_to_proto("teleport")


def test_probe_result_round_trip():
    before = Observation(b"\x89PNG1", "<hierarchy/>", "pkg", "pkg/.A", "portrait", False, 3)
    after = Observation(b"\x89PNG2", "<hierarchy/>", "pkg", "pkg/.B", "landscape", True, 7)
    result = ProbeResult(
        device_id="d1",
        restore_method="snapshot_imported",
        restore_seconds=0.6,
        act_seconds=0.05,
        observe_seconds=1.2,
        executed=ExecuteResult(True, "tapped", 540, 265),
        after=after,
        before=before,
        logcat=["E AndroidRuntime: FATAL EXCEPTION: main"],
        saved_snapshot=SnapshotInfo("s2", "key", "cd" * 32, 99, 1.0),
        reached_hash="r",
        before_hash="b",
        after_hash="a",
    )
    assert convert.probe_result_from_proto(wire(convert.probe_result_to_proto(result))) == result
    bare = ProbeResult("d1", "replay", 1.0, 0.1, 0.2, ExecuteResult(True), after, after_hash="a")
    back = convert.probe_result_from_proto(wire(convert.probe_result_to_proto(bare)))
    assert back.before is None and back.saved_snapshot is None and back == bare
