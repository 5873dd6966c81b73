"""Conversions between the agent API's protobuf messages and the project's Python dataclasses.

One function pair per type, named ``<type>_to_proto`` / ``<type>_from_proto``. Both sides of the
gRPC API (``server`` and ``client``) use them, so the wire format lives in one place. Action
kinds map by name (``click`` ⇄ ``CLICK``); restore methods likewise (``replay`` ⇄ ``REPLAY``).
``*_from_proto`` raise ``ValueError`` on messages that do not form a valid value (e.g. an action
with kind ``ACTION_KIND_UNSPECIFIED``).
"""

from __future__ import annotations

from typing import cast

from device_agent.actions import Action, Bounds, Selector
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

# -- actions --------------------------------------------------------------------------------


def bounds_to_proto(bounds: Bounds) -> pb.Bounds:
    return pb.Bounds(left=bounds.left, top=bounds.top, right=bounds.right, bottom=bounds.bottom)


def bounds_from_proto(msg: pb.Bounds) -> Bounds:
    return Bounds(msg.left, msg.top, msg.right, msg.bottom)


def selector_to_proto(selector: Selector) -> pb.Selector:
    msg = pb.Selector(
        resource_id=selector.resource_id,
        text=selector.text,
        content_desc=selector.content_desc,
        class_name=selector.class_name,
        has_bounds=selector.bounds is not None,
        label=selector.label,
    )
    if selector.bounds is not None:
        msg.bounds.CopyFrom(bounds_to_proto(selector.bounds))
    return msg


def selector_from_proto(msg: pb.Selector) -> Selector:
    return Selector(
        resource_id=msg.resource_id,
        text=msg.text,
        content_desc=msg.content_desc,
        class_name=msg.class_name,
        bounds=bounds_from_proto(msg.bounds) if msg.has_bounds else None,
        label=msg.label,
    )


def action_to_proto(action: Action) -> pb.Action:
    msg = pb.Action(
        kind=pb.ActionKind.Value(action.kind.upper()),
        text=action.text,
        direction=action.direction,
        orientation=action.orientation,
    )
    if action.target is not None:
        msg.target.CopyFrom(selector_to_proto(action.target))
    return msg


def action_from_proto(msg: pb.Action) -> Action:
    """Raises ``ValueError`` for an unspecified kind or fields that do not fit the kind."""
    if msg.kind == pb.ACTION_KIND_UNSPECIFIED:
        raise ValueError("action kind is unspecified; set Action.kind (CLICK, SWIPE, ...)")
    kind = pb.ActionKind.Name(msg.kind).lower()
    return Action(
        kind=kind,
        target=selector_from_proto(msg.target) if msg.HasField("target") else None,
        text=msg.text,
        direction=msg.direction,
        orientation=msg.orientation,
    )


# -- states ---------------------------------------------------------------------------------


def state_to_proto(state: DeviceState) -> pb.DeviceState:
    return pb.DeviceState(
        base_snapshot=state.base_snapshot,
        prefix=[action_to_proto(a) for a in state.prefix],
        snapshot_id=state.snapshot_id,
        expected_hash=state.expected_hash,
    )


def state_from_proto(msg: pb.DeviceState) -> DeviceState:
    return DeviceState(
        base_snapshot=msg.base_snapshot,
        prefix=tuple(action_from_proto(a) for a in msg.prefix),
        snapshot_id=msg.snapshot_id,
        expected_hash=msg.expected_hash,
    )


def restore_method_to_proto(method: str) -> pb.RestoreMethod:
    if method not in RESTORE_METHODS:
        raise ValueError(f"unknown restore method {method!r}; expected one of {RESTORE_METHODS}")
    return cast("pb.RestoreMethod", pb.RestoreMethod.Value(method.upper()))


def restore_method_from_proto(value: pb.RestoreMethod | int) -> str:
    """``""`` for ``RESTORE_METHOD_UNSPECIFIED``."""
    if value == pb.RESTORE_METHOD_UNSPECIFIED:
        return ""
    return pb.RestoreMethod.Name(value).lower()


def restore_report_from_proto(msg: pb.BringToStateResponse) -> RestoreReport:
    return RestoreReport(restore_method_from_proto(msg.method), msg.seconds, msg.reached_hash)


def restore_report_to_proto(report: RestoreReport) -> pb.BringToStateResponse:
    return pb.BringToStateResponse(
        method=restore_method_to_proto(report.method),
        seconds=report.seconds,
        reached_hash=report.reached_hash,
    )


# -- device facts ---------------------------------------------------------------------------


def device_info_to_proto(info: DeviceInfo) -> pb.DeviceInfo:
    return pb.DeviceInfo(
        device_id=info.device_id,
        backend=info.backend,
        screen_width=info.screen_width,
        screen_height=info.screen_height,
        density_dpi=info.density_dpi,
        api_level=info.api_level,
        snapshot_compat_key=info.snapshot_compat_key,
        app_package=info.app_package,
        app_version=info.app_version,
        profile=info.profile,
        time_scale=info.time_scale,
    )


def device_info_from_proto(msg: pb.DeviceInfo) -> DeviceInfo:
    return DeviceInfo(
        device_id=msg.device_id,
        backend=msg.backend,
        screen_width=msg.screen_width,
        screen_height=msg.screen_height,
        density_dpi=msg.density_dpi,
        api_level=msg.api_level,
        snapshot_compat_key=msg.snapshot_compat_key,
        app_package=msg.app_package,
        app_version=msg.app_version,
        profile=msg.profile,
        time_scale=msg.time_scale,
    )


def observation_to_proto(obs: Observation, structural_hash: str = "") -> pb.Observation:
    return pb.Observation(
        screenshot_png=obs.screenshot_png,
        hierarchy_xml=obs.hierarchy_xml,
        package=obs.package,
        activity=obs.activity,
        orientation=obs.orientation,
        keyboard_shown=obs.keyboard_shown,
        logcat_cursor=obs.logcat_cursor,
        structural_hash=structural_hash,
        hierarchy_missing=obs.hierarchy_missing,
    )


def observation_from_proto(msg: pb.Observation) -> Observation:
    """The dataclass has no hash field: read ``msg.structural_hash`` separately."""
    return Observation(
        screenshot_png=msg.screenshot_png,
        hierarchy_xml=msg.hierarchy_xml,
        package=msg.package,
        activity=msg.activity,
        orientation=msg.orientation,
        keyboard_shown=msg.keyboard_shown,
        logcat_cursor=msg.logcat_cursor,
        hierarchy_missing=msg.hierarchy_missing,
    )


def execute_result_to_proto(result: ExecuteResult) -> pb.ExecuteResponse:
    return pb.ExecuteResponse(
        performed=result.performed, detail=result.detail, x=result.x, y=result.y
    )


def execute_result_from_proto(msg: pb.ExecuteResponse) -> ExecuteResult:
    return ExecuteResult(performed=msg.performed, detail=msg.detail, x=msg.x, y=msg.y)


def snapshot_info_to_proto(info: SnapshotInfo) -> pb.SnapshotInfo:
    return pb.SnapshotInfo(
        snapshot_id=info.snapshot_id,
        compat_key=info.compat_key,
        sha256=info.sha256,
        size_bytes=info.size_bytes,
        created_unix=info.created_unix,
        imported=info.imported,
    )


def snapshot_info_from_proto(msg: pb.SnapshotInfo) -> SnapshotInfo:
    return SnapshotInfo(
        snapshot_id=msg.snapshot_id,
        compat_key=msg.compat_key,
        sha256=msg.sha256,
        size_bytes=msg.size_bytes,
        created_unix=msg.created_unix,
        imported=msg.imported,
    )


def logcat_to_proto(chunk: LogcatChunk) -> pb.ReadLogcatResponse:
    return pb.ReadLogcatResponse(lines=list(chunk.lines), next_cursor=chunk.next_cursor)


def logcat_from_proto(msg: pb.ReadLogcatResponse) -> LogcatChunk:
    return LogcatChunk(lines=list(msg.lines), next_cursor=msg.next_cursor)


def app_status_to_proto(status: AppStatus) -> pb.AppStatus:
    return pb.AppStatus(
        package=status.package, version=status.version, label=status.label, running=status.running
    )


def app_status_from_proto(msg: pb.AppStatus) -> AppStatus:
    return AppStatus(package=msg.package, version=msg.version, label=msg.label, running=msg.running)


# -- probes ---------------------------------------------------------------------------------


def probe_result_from_proto(msg: pb.ProbeResponse) -> ProbeResult:
    """A :class:`ProbeResult`; ``before`` and ``saved_snapshot`` are ``None`` when unset."""
    before = observation_from_proto(msg.before) if msg.HasField("before") else None
    saved = snapshot_info_from_proto(msg.saved_snapshot) if msg.HasField("saved_snapshot") else None
    return ProbeResult(
        device_id=msg.device_id,
        restore_method=restore_method_from_proto(msg.restore_method),
        restore_seconds=msg.restore_seconds,
        act_seconds=msg.act_seconds,
        observe_seconds=msg.observe_seconds,
        executed=execute_result_from_proto(msg.executed),
        after=observation_from_proto(msg.after),
        before=before,
        logcat=list(msg.logcat),
        saved_snapshot=saved,
        reached_hash=msg.reached_hash,
        before_hash=msg.before.structural_hash if before is not None else "",
        after_hash=msg.after.structural_hash,
    )


def probe_result_to_proto(result: ProbeResult) -> pb.ProbeResponse:
    msg = pb.ProbeResponse(
        restore_method=restore_method_to_proto(result.restore_method),
        restore_seconds=result.restore_seconds,
        act_seconds=result.act_seconds,
        observe_seconds=result.observe_seconds,
        executed=execute_result_to_proto(result.executed),
        after=observation_to_proto(result.after, result.after_hash),
        logcat=list(result.logcat),
        device_id=result.device_id,
        reached_hash=result.reached_hash,
    )
    if result.before is not None:
        msg.before.CopyFrom(observation_to_proto(result.before, result.before_hash))
    if result.saved_snapshot is not None:
        msg.saved_snapshot.CopyFrom(snapshot_info_to_proto(result.saved_snapshot))
    return msg
