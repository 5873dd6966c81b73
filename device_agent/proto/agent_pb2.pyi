# Regenerate with `python -m device_agent.proto.generate`; CI runs it with --check.
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ActionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACTION_KIND_UNSPECIFIED: _ClassVar[ActionKind]
    CLICK: _ClassVar[ActionKind]
    LONG_CLICK: _ClassVar[ActionKind]
    INPUT_TEXT: _ClassVar[ActionKind]
    SWIPE: _ClassVar[ActionKind]
    ROTATE: _ClassVar[ActionKind]
    PRESS_BACK: _ClassVar[ActionKind]
    PRESS_ENTER: _ClassVar[ActionKind]
    PRESS_DELETE: _ClassVar[ActionKind]
    PRESS_HOME: _ClassVar[ActionKind]
    RESTART_APP: _ClassVar[ActionKind]
    LEAVE_AND_RETURN: _ClassVar[ActionKind]

class RestoreMethod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RESTORE_METHOD_UNSPECIFIED: _ClassVar[RestoreMethod]
    ALREADY_THERE: _ClassVar[RestoreMethod]
    SNAPSHOT_LOCAL: _ClassVar[RestoreMethod]
    SNAPSHOT_IMPORTED: _ClassVar[RestoreMethod]
    REPLAY: _ClassVar[RestoreMethod]
ACTION_KIND_UNSPECIFIED: ActionKind
CLICK: ActionKind
LONG_CLICK: ActionKind
INPUT_TEXT: ActionKind
SWIPE: ActionKind
ROTATE: ActionKind
PRESS_BACK: ActionKind
PRESS_ENTER: ActionKind
PRESS_DELETE: ActionKind
PRESS_HOME: ActionKind
RESTART_APP: ActionKind
LEAVE_AND_RETURN: ActionKind
RESTORE_METHOD_UNSPECIFIED: RestoreMethod
ALREADY_THERE: RestoreMethod
SNAPSHOT_LOCAL: RestoreMethod
SNAPSHOT_IMPORTED: RestoreMethod
REPLAY: RestoreMethod

class Bounds(_message.Message):
    __slots__ = ("left", "top", "right", "bottom")
    LEFT_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    RIGHT_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_FIELD_NUMBER: _ClassVar[int]
    left: int
    top: int
    right: int
    bottom: int
    def __init__(self, left: _Optional[int] = ..., top: _Optional[int] = ..., right: _Optional[int] = ..., bottom: _Optional[int] = ...) -> None: ...

class Selector(_message.Message):
    __slots__ = ("resource_id", "text", "content_desc", "class_name", "bounds", "has_bounds", "label")
    RESOURCE_ID_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    CONTENT_DESC_FIELD_NUMBER: _ClassVar[int]
    CLASS_NAME_FIELD_NUMBER: _ClassVar[int]
    BOUNDS_FIELD_NUMBER: _ClassVar[int]
    HAS_BOUNDS_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    resource_id: str
    text: str
    content_desc: str
    class_name: str
    bounds: Bounds
    has_bounds: bool
    label: str
    def __init__(self, resource_id: _Optional[str] = ..., text: _Optional[str] = ..., content_desc: _Optional[str] = ..., class_name: _Optional[str] = ..., bounds: _Optional[_Union[Bounds, _Mapping]] = ..., has_bounds: _Optional[bool] = ..., label: _Optional[str] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("kind", "target", "text", "direction", "orientation")
    KIND_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    ORIENTATION_FIELD_NUMBER: _ClassVar[int]
    kind: ActionKind
    target: Selector
    text: str
    direction: str
    orientation: str
    def __init__(self, kind: _Optional[_Union[ActionKind, str]] = ..., target: _Optional[_Union[Selector, _Mapping]] = ..., text: _Optional[str] = ..., direction: _Optional[str] = ..., orientation: _Optional[str] = ...) -> None: ...

class DeviceInfo(_message.Message):
    __slots__ = ("device_id", "backend", "screen_width", "screen_height", "density_dpi", "api_level", "snapshot_compat_key", "app_package", "app_version", "profile", "time_scale")
    DEVICE_ID_FIELD_NUMBER: _ClassVar[int]
    BACKEND_FIELD_NUMBER: _ClassVar[int]
    SCREEN_WIDTH_FIELD_NUMBER: _ClassVar[int]
    SCREEN_HEIGHT_FIELD_NUMBER: _ClassVar[int]
    DENSITY_DPI_FIELD_NUMBER: _ClassVar[int]
    API_LEVEL_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_COMPAT_KEY_FIELD_NUMBER: _ClassVar[int]
    APP_PACKAGE_FIELD_NUMBER: _ClassVar[int]
    APP_VERSION_FIELD_NUMBER: _ClassVar[int]
    PROFILE_FIELD_NUMBER: _ClassVar[int]
    TIME_SCALE_FIELD_NUMBER: _ClassVar[int]
    device_id: str
    backend: str
    screen_width: int
    screen_height: int
    density_dpi: int
    api_level: int
    snapshot_compat_key: str
    app_package: str
    app_version: str
    profile: str
    time_scale: float
    def __init__(self, device_id: _Optional[str] = ..., backend: _Optional[str] = ..., screen_width: _Optional[int] = ..., screen_height: _Optional[int] = ..., density_dpi: _Optional[int] = ..., api_level: _Optional[int] = ..., snapshot_compat_key: _Optional[str] = ..., app_package: _Optional[str] = ..., app_version: _Optional[str] = ..., profile: _Optional[str] = ..., time_scale: _Optional[float] = ...) -> None: ...

class GetDeviceInfoRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ObserveRequest(_message.Message):
    __slots__ = ("skip_screenshot", "skip_hierarchy")
    SKIP_SCREENSHOT_FIELD_NUMBER: _ClassVar[int]
    SKIP_HIERARCHY_FIELD_NUMBER: _ClassVar[int]
    skip_screenshot: bool
    skip_hierarchy: bool
    def __init__(self, skip_screenshot: _Optional[bool] = ..., skip_hierarchy: _Optional[bool] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("screenshot_png", "hierarchy_xml", "package", "activity", "orientation", "keyboard_shown", "logcat_cursor", "structural_hash", "hierarchy_missing")
    SCREENSHOT_PNG_FIELD_NUMBER: _ClassVar[int]
    HIERARCHY_XML_FIELD_NUMBER: _ClassVar[int]
    PACKAGE_FIELD_NUMBER: _ClassVar[int]
    ACTIVITY_FIELD_NUMBER: _ClassVar[int]
    ORIENTATION_FIELD_NUMBER: _ClassVar[int]
    KEYBOARD_SHOWN_FIELD_NUMBER: _ClassVar[int]
    LOGCAT_CURSOR_FIELD_NUMBER: _ClassVar[int]
    STRUCTURAL_HASH_FIELD_NUMBER: _ClassVar[int]
    HIERARCHY_MISSING_FIELD_NUMBER: _ClassVar[int]
    screenshot_png: bytes
    hierarchy_xml: str
    package: str
    activity: str
    orientation: str
    keyboard_shown: bool
    logcat_cursor: int
    structural_hash: str
    hierarchy_missing: str
    def __init__(self, screenshot_png: _Optional[bytes] = ..., hierarchy_xml: _Optional[str] = ..., package: _Optional[str] = ..., activity: _Optional[str] = ..., orientation: _Optional[str] = ..., keyboard_shown: _Optional[bool] = ..., logcat_cursor: _Optional[int] = ..., structural_hash: _Optional[str] = ..., hierarchy_missing: _Optional[str] = ...) -> None: ...

class ExecuteRequest(_message.Message):
    __slots__ = ("action",)
    ACTION_FIELD_NUMBER: _ClassVar[int]
    action: Action
    def __init__(self, action: _Optional[_Union[Action, _Mapping]] = ...) -> None: ...

class ExecuteResponse(_message.Message):
    __slots__ = ("performed", "detail", "x", "y")
    PERFORMED_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    performed: bool
    detail: str
    x: int
    y: int
    def __init__(self, performed: _Optional[bool] = ..., detail: _Optional[str] = ..., x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class DeviceState(_message.Message):
    __slots__ = ("base_snapshot", "prefix", "snapshot_id", "expected_hash")
    BASE_SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    PREFIX_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_HASH_FIELD_NUMBER: _ClassVar[int]
    base_snapshot: str
    prefix: _containers.RepeatedCompositeFieldContainer[Action]
    snapshot_id: str
    expected_hash: str
    def __init__(self, base_snapshot: _Optional[str] = ..., prefix: _Optional[_Iterable[_Union[Action, _Mapping]]] = ..., snapshot_id: _Optional[str] = ..., expected_hash: _Optional[str] = ...) -> None: ...

class BringToStateRequest(_message.Message):
    __slots__ = ("state",)
    STATE_FIELD_NUMBER: _ClassVar[int]
    state: DeviceState
    def __init__(self, state: _Optional[_Union[DeviceState, _Mapping]] = ...) -> None: ...

class BringToStateResponse(_message.Message):
    __slots__ = ("method", "seconds", "reached_hash")
    METHOD_FIELD_NUMBER: _ClassVar[int]
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    REACHED_HASH_FIELD_NUMBER: _ClassVar[int]
    method: RestoreMethod
    seconds: float
    reached_hash: str
    def __init__(self, method: _Optional[_Union[RestoreMethod, str]] = ..., seconds: _Optional[float] = ..., reached_hash: _Optional[str] = ...) -> None: ...

class ProbeRequest(_message.Message):
    __slots__ = ("state", "action", "observe_before", "save_snapshot_as", "skip_screenshots", "settle_seconds")
    STATE_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    OBSERVE_BEFORE_FIELD_NUMBER: _ClassVar[int]
    SAVE_SNAPSHOT_AS_FIELD_NUMBER: _ClassVar[int]
    SKIP_SCREENSHOTS_FIELD_NUMBER: _ClassVar[int]
    SETTLE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    state: DeviceState
    action: Action
    observe_before: bool
    save_snapshot_as: str
    skip_screenshots: bool
    settle_seconds: float
    def __init__(self, state: _Optional[_Union[DeviceState, _Mapping]] = ..., action: _Optional[_Union[Action, _Mapping]] = ..., observe_before: _Optional[bool] = ..., save_snapshot_as: _Optional[str] = ..., skip_screenshots: _Optional[bool] = ..., settle_seconds: _Optional[float] = ...) -> None: ...

class ProbeResponse(_message.Message):
    __slots__ = ("restore_method", "restore_seconds", "act_seconds", "observe_seconds", "executed", "before", "after", "logcat", "saved_snapshot", "device_id", "reached_hash")
    RESTORE_METHOD_FIELD_NUMBER: _ClassVar[int]
    RESTORE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    ACT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    OBSERVE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    EXECUTED_FIELD_NUMBER: _ClassVar[int]
    BEFORE_FIELD_NUMBER: _ClassVar[int]
    AFTER_FIELD_NUMBER: _ClassVar[int]
    LOGCAT_FIELD_NUMBER: _ClassVar[int]
    SAVED_SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    DEVICE_ID_FIELD_NUMBER: _ClassVar[int]
    REACHED_HASH_FIELD_NUMBER: _ClassVar[int]
    restore_method: RestoreMethod
    restore_seconds: float
    act_seconds: float
    observe_seconds: float
    executed: ExecuteResponse
    before: Observation
    after: Observation
    logcat: _containers.RepeatedScalarFieldContainer[str]
    saved_snapshot: SnapshotInfo
    device_id: str
    reached_hash: str
    def __init__(self, restore_method: _Optional[_Union[RestoreMethod, str]] = ..., restore_seconds: _Optional[float] = ..., act_seconds: _Optional[float] = ..., observe_seconds: _Optional[float] = ..., executed: _Optional[_Union[ExecuteResponse, _Mapping]] = ..., before: _Optional[_Union[Observation, _Mapping]] = ..., after: _Optional[_Union[Observation, _Mapping]] = ..., logcat: _Optional[_Iterable[str]] = ..., saved_snapshot: _Optional[_Union[SnapshotInfo, _Mapping]] = ..., device_id: _Optional[str] = ..., reached_hash: _Optional[str] = ...) -> None: ...

class SnapshotInfo(_message.Message):
    __slots__ = ("snapshot_id", "compat_key", "sha256", "size_bytes", "created_unix", "imported")
    SNAPSHOT_ID_FIELD_NUMBER: _ClassVar[int]
    COMPAT_KEY_FIELD_NUMBER: _ClassVar[int]
    SHA256_FIELD_NUMBER: _ClassVar[int]
    SIZE_BYTES_FIELD_NUMBER: _ClassVar[int]
    CREATED_UNIX_FIELD_NUMBER: _ClassVar[int]
    IMPORTED_FIELD_NUMBER: _ClassVar[int]
    snapshot_id: str
    compat_key: str
    sha256: str
    size_bytes: int
    created_unix: float
    imported: bool
    def __init__(self, snapshot_id: _Optional[str] = ..., compat_key: _Optional[str] = ..., sha256: _Optional[str] = ..., size_bytes: _Optional[int] = ..., created_unix: _Optional[float] = ..., imported: _Optional[bool] = ...) -> None: ...

class SaveSnapshotRequest(_message.Message):
    __slots__ = ("snapshot_id",)
    SNAPSHOT_ID_FIELD_NUMBER: _ClassVar[int]
    snapshot_id: str
    def __init__(self, snapshot_id: _Optional[str] = ...) -> None: ...

class LoadSnapshotRequest(_message.Message):
    __slots__ = ("snapshot_id",)
    SNAPSHOT_ID_FIELD_NUMBER: _ClassVar[int]
    snapshot_id: str
    def __init__(self, snapshot_id: _Optional[str] = ...) -> None: ...

class LoadSnapshotResponse(_message.Message):
    __slots__ = ("seconds", "reached_hash", "method")
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    REACHED_HASH_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    seconds: float
    reached_hash: str
    method: RestoreMethod
    def __init__(self, seconds: _Optional[float] = ..., reached_hash: _Optional[str] = ..., method: _Optional[_Union[RestoreMethod, str]] = ...) -> None: ...

class ListSnapshotsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListSnapshotsResponse(_message.Message):
    __slots__ = ("snapshots",)
    SNAPSHOTS_FIELD_NUMBER: _ClassVar[int]
    snapshots: _containers.RepeatedCompositeFieldContainer[SnapshotInfo]
    def __init__(self, snapshots: _Optional[_Iterable[_Union[SnapshotInfo, _Mapping]]] = ...) -> None: ...

class DeleteSnapshotRequest(_message.Message):
    __slots__ = ("snapshot_id",)
    SNAPSHOT_ID_FIELD_NUMBER: _ClassVar[int]
    snapshot_id: str
    def __init__(self, snapshot_id: _Optional[str] = ...) -> None: ...

class DeleteSnapshotResponse(_message.Message):
    __slots__ = ("deleted",)
    DELETED_FIELD_NUMBER: _ClassVar[int]
    deleted: bool
    def __init__(self, deleted: _Optional[bool] = ...) -> None: ...

class ExportSnapshotRequest(_message.Message):
    __slots__ = ("snapshot_id", "chunk_bytes")
    SNAPSHOT_ID_FIELD_NUMBER: _ClassVar[int]
    CHUNK_BYTES_FIELD_NUMBER: _ClassVar[int]
    snapshot_id: str
    chunk_bytes: int
    def __init__(self, snapshot_id: _Optional[str] = ..., chunk_bytes: _Optional[int] = ...) -> None: ...

class SnapshotChunk(_message.Message):
    __slots__ = ("info", "data")
    INFO_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    info: SnapshotInfo
    data: bytes
    def __init__(self, info: _Optional[_Union[SnapshotInfo, _Mapping]] = ..., data: _Optional[bytes] = ...) -> None: ...

class ReadLogcatRequest(_message.Message):
    __slots__ = ("cursor", "buffers", "max_lines")
    CURSOR_FIELD_NUMBER: _ClassVar[int]
    BUFFERS_FIELD_NUMBER: _ClassVar[int]
    MAX_LINES_FIELD_NUMBER: _ClassVar[int]
    cursor: int
    buffers: _containers.RepeatedScalarFieldContainer[str]
    max_lines: int
    def __init__(self, cursor: _Optional[int] = ..., buffers: _Optional[_Iterable[str]] = ..., max_lines: _Optional[int] = ...) -> None: ...

class ReadLogcatResponse(_message.Message):
    __slots__ = ("lines", "next_cursor")
    LINES_FIELD_NUMBER: _ClassVar[int]
    NEXT_CURSOR_FIELD_NUMBER: _ClassVar[int]
    lines: _containers.RepeatedScalarFieldContainer[str]
    next_cursor: int
    def __init__(self, lines: _Optional[_Iterable[str]] = ..., next_cursor: _Optional[int] = ...) -> None: ...

class InstallAppRequest(_message.Message):
    __slots__ = ("app", "version", "apk_path")
    APP_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    APK_PATH_FIELD_NUMBER: _ClassVar[int]
    app: str
    version: str
    apk_path: str
    def __init__(self, app: _Optional[str] = ..., version: _Optional[str] = ..., apk_path: _Optional[str] = ...) -> None: ...

class LaunchAppRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ResetAppRequest(_message.Message):
    __slots__ = ("launch",)
    LAUNCH_FIELD_NUMBER: _ClassVar[int]
    launch: bool
    def __init__(self, launch: _Optional[bool] = ...) -> None: ...

class AppStatus(_message.Message):
    __slots__ = ("package", "version", "label", "running")
    PACKAGE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    RUNNING_FIELD_NUMBER: _ClassVar[int]
    package: str
    version: str
    label: str
    running: bool
    def __init__(self, package: _Optional[str] = ..., version: _Optional[str] = ..., label: _Optional[str] = ..., running: _Optional[bool] = ...) -> None: ...

class CheckBugOracleRequest(_message.Message):
    __slots__ = ("bug_id",)
    BUG_ID_FIELD_NUMBER: _ClassVar[int]
    bug_id: str
    def __init__(self, bug_id: _Optional[str] = ...) -> None: ...

class CheckBugOracleResponse(_message.Message):
    __slots__ = ("triggered", "detail")
    TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    triggered: bool
    detail: str
    def __init__(self, triggered: _Optional[bool] = ..., detail: _Optional[str] = ...) -> None: ...
