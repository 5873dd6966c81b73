"""The virtual device: a simulated Android phone hosting one app model (DESIGN §2.2).

``VirtualDevice`` implements :class:`~device_agent.backend.DeviceBackend` on top of an app written
against :mod:`device_agent.virtual.app` and :mod:`device_agent.virtual.views`. It is faithful where
the pipeline looks:

- the screen is laid out (:mod:`.layout`), dumped exactly like ``uiautomator dump``
  (:mod:`.uixml`) and drawn as a PNG (:mod:`.render`): a 1080x1920 420-dpi phone, API 30, status
  bar 63 px, navigation bar 126 px (on the right in landscape), the activity window first, then each
  dialog / menu / sheet, system dialog and toast as a further window; the soft keyboard is drawn
  and covers the bottom of the screen but is not in the dump, as on real devices;
- the system behaves like Android: an activity back stack, Back (keyboard, then the topmost
  cancelable window, then ``app.on_back``, then finish; an empty stack shows the launcher), Home
  (and back from the launcher icon: ``app.on_activity_stop`` then ``app.on_activity_restart``),
  Enter/Delete on the focused field, focus and soft keyboard, rotation re-creating the activity
  (``save_instance_state`` then ``on_create``), swipes scrolling lists, toasts, runtime permission
  dialogs, modal windows that swallow touches and close on a touch outside;
- an uncaught :class:`JavaException` is a real crash: the ``FATAL EXCEPTION: main`` block in
  logcat's crash buffer, ``Force finishing activity``, the process killed (back stack and ui
  state gone, app data kept) and the "<App> keeps stopping" dialog; :class:`AppNotResponding`
  is an ANR (``ANR in <process>``, "<App> isn't responding");
- the whole state is snapshotted as JSON (:mod:`.snapshot`), and each operation costs the time of
  the device's latency profile (:mod:`.latency`).

Any other Python exception from app code is a bug in the app model: it is raised as
:class:`DeviceError` naming the app and the handler, never turned into a simulated crash.
"""

from __future__ import annotations

import copy
import hashlib
import json
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from device_agent import actions as A
from device_agent.actions import Action, Selector
from device_agent.backend import (
    AppStatus,
    DeviceBackend,
    DeviceInfo,
    ExecuteResult,
    LogcatChunk,
    Observation,
    SnapshotInfo,
)
from device_agent.errors import AppNotFoundError, BugNotFoundError, DeviceError, SnapshotError
from device_agent.hierarchy import Hierarchy, find_node
from device_agent.virtual import latency as L
from device_agent.virtual import snapshot as snap
from device_agent.virtual.app import AppNotResponding, JavaException, VirtualApp
from device_agent.virtual.layout import Geometry, LayoutContext, LNode, is_empty
from device_agent.virtual.logcat import Logcat, VirtualClock
from device_agent.virtual.system_log import (
    SYSTEM_SERVER_PID,
    anr_lines,
    config_line,
    crash_block,
    crash_tid,
    default_frames,
)
from device_agent.virtual.views import Screen
from device_agent.virtual.windows import (
    LAUNCHER_ACTIVITY,
    LAUNCHER_PACKAGE,
    PERMISSION_ACTIVITY,
    PERMISSION_PACKAGE,
    SETTINGS_ACTIVITY,
    SETTINGS_PACKAGE,
    Frame,
    FrameWindow,
    activity_window,
    app_window,
    error_window,
    launcher_window,
    lift_above_keyboard,
    permission_window,
    settings_window,
    toast_window,
)

__all__ = [
    "API_LEVEL",
    "BACKEND",
    "DENSITY_DPI",
    "LAUNCHER_PACKAGE",
    "PERMISSION_PACKAGE",
    "SCREEN_SIZE",
    "SETTINGS_PACKAGE",
    "Frame",
    "FrameWindow",
    "VirtualDevice",
]

BACKEND = "virtual"
SCREEN_SIZE = (1080, 1920)
DENSITY_DPI = 420
API_LEVEL = 30

FIRST_APP_PID = 4203

# Virtual time an operation takes at least, whatever the latency profile (keeps log times apart).
_MIN_ACTION_S = 0.15
_MIN_LAUNCH_S = 0.4
_AWAY_MS = 2000  # how long "leave the app and come back" stays on the home screen


class _RenderCrashed(Exception):
    """Internal: the app crashed while rendering; the frame must be rebuilt."""


class _Ctx:
    """The :class:`~device_agent.virtual.app.AppContext` handed to app code for one activity."""

    def __init__(self, device: VirtualDevice, record: dict[str, Any]) -> None:
        self._device = device
        self._record = record
        state = device.s
        self.data: dict[str, Any] = state["data"]
        self.memory: dict[str, Any] = state.setdefault("memory", {})
        self.ui: dict[str, Any] = record["ui"]
        self.extras: dict[str, Any] = record["extras"]
        self.activity: str = record["activity"]
        self.orientation: str = state["orientation"]
        geo = device.geometry
        self.screen_size: tuple[int, int] = (geo.width, geo.height)
        self.permissions: set[str] = set(state["permissions"])
        focus = state.get("focus")
        self.focus: str = focus.get("rid", "") if focus else ""

    def start_activity(self, activity: str, extras: dict[str, Any] | None = None) -> None:
        self._device._pending.append(("start", activity, dict(extras or {})))

    def finish(self) -> None:
        self._device._pending.append(("finish", self._record.get("id", -1), None))

    def toast(self, text: str) -> None:
        self._device.s["toast"] = str(text)

    def request_permission(self, permission: str) -> None:
        self._device._pending.append(("permission", permission, None))

    def log(self, tag: str, message: str, level: str = "D") -> None:
        pid = self._device.s["pid"] or FIRST_APP_PID
        lvl = level if level in ("V", "D", "I", "W", "E", "F") else "D"
        self._device.logcat.write("main", pid, pid, lvl, tag, message)

    def hide_keyboard(self) -> None:
        self._device.s["keyboard"] = False
        self._device.s["focus"] = None
        self.focus = ""


def _fresh_state() -> dict[str, Any]:
    return {
        "installed": False,
        "data": {},
        "memory": {},
        "running": False,
        "pid": 0,
        "next_pid": FIRST_APP_PID,
        "stack": [],
        "next_instance": 1,
        "foreground": "home",
        "orientation": "portrait",
        "keyboard": False,
        "focus": None,
        "toast": None,
        "sys_windows": [],
        "permission_requests": [],
        "permissions": [],
        "crashes": [],
        "anrs": [],
    }


def _json_mismatch(live: Any, restored: Any, path: str = "") -> str:
    """Where ``live`` differs from its JSON round trip (``""`` when equal)."""
    if type(live) is not type(restored) and not (
        isinstance(live, int | float) and isinstance(restored, int | float)
    ):
        return f"{path or '<root>'} is a {type(live).__name__}"
    if isinstance(live, dict):
        for key, value in live.items():
            if not isinstance(key, str):
                return f"{path}[{key!r}] has a non-string key"
            where = _json_mismatch(value, restored.get(key), f"{path}[{key!r}]")
            if where:
                return where
    elif isinstance(live, list):
        for i, (a, b) in enumerate(zip(live, restored, strict=False)):
            where = _json_mismatch(a, b, f"{path}[{i}]")
            if where:
                return where
    return ""


class VirtualDevice(DeviceBackend):
    """A simulated Android phone running one app model.

    ``app`` is a :class:`VirtualApp` instance or class, a catalog name (resolved with
    :func:`device_agent.virtual.catalog.load_app`, also searching ``app_dir``, at ``version``
    when given), or ``None`` (an empty phone; call :meth:`install_app`). ``profile`` is a latency
    profile of :mod:`device_agent.virtual.latency`; ``time_scale`` multiplies every real sleep.

    Extra attributes for tests and benchmarks: ``simulated_seconds`` (device time spent, unscaled),
    ``logcat``, ``clock``, ``s`` (the raw state dict; treat as read-only).
    """

    # A virtual state is a few kB of JSON (an app's data, the windows, the logcat since boot:
    # ~100 kB after 300 launches); 4 MiB leaves room for a noisy app, 256 of them for any search.
    import_quota = (4 << 20, 256)

    def __init__(
        self,
        device_id: str,
        app: VirtualApp | type[VirtualApp] | str | None = None,
        *,
        profile: str = L.INSTANT,
        time_scale: float = 1.0,
        app_dir: str | Path | None = None,
        version: str = "",
    ) -> None:
        super().__init__(device_id)
        self.latency = L.LatencyModel(profile, time_scale)
        self.clock = VirtualClock()
        self.logcat = Logcat(self.clock)
        self.snapshots = snap.SnapshotStore()
        self.app_dir = app_dir
        self.app: VirtualApp | None = None
        self.s: dict[str, Any] = _fresh_state()
        self._pending: list[tuple[str, Any, Any]] = []
        self._frame: Frame | None = None
        self._lock = threading.RLock()
        self.last_call_seconds = 0.0
        self.logcat.write(
            "system",
            SYSTEM_SERVER_PID,
            SYSTEM_SERVER_PID,
            "I",
            "SystemServer",
            "Entered the Android system server!",
        )
        if app is not None:
            self._install(self._resolve_app(app, version))

    # -- public extras ----------------------------------------------------------------------
    @property
    def simulated_seconds(self) -> float:
        """Device time spent so far under the latency profile, in unscaled seconds."""
        return self.latency.simulated_seconds

    @property
    def geometry(self) -> Geometry:
        return Geometry.for_orientation(self.s["orientation"], SCREEN_SIZE)

    @property
    def compat_key(self) -> str:
        app = self.app
        return snap.compat_key(
            BACKEND,
            app.package if app else "",
            app.version if app else "",
            SCREEN_SIZE,
            DENSITY_DPI,
            API_LEVEL,
        )

    def frame(self) -> Frame:
        """The current frame (laid-out windows); rebuilt after every state change."""
        with self._lock:
            return self._ensure_frame()

    # -- DeviceBackend ----------------------------------------------------------------------
    def _info_impl(self) -> DeviceInfo:
        app = self.app
        return DeviceInfo(
            device_id=self.device_id,
            backend=BACKEND,
            screen_width=SCREEN_SIZE[0],
            screen_height=SCREEN_SIZE[1],
            density_dpi=DENSITY_DPI,
            api_level=API_LEVEL,
            snapshot_compat_key=self.compat_key,
            app_package=app.package if app else "",
            app_version=app.version if app else "",
            profile=self.latency.profile,
            time_scale=self.latency.time_scale,
        )

    def _observe_impl(self, screenshot: bool, hierarchy: bool) -> Observation:
        with self._lock:
            frame = self._ensure_frame()
            xml = frame.xml() if hierarchy else ""
            png = frame.png() if screenshot else b""
            package, activity = self._foreground()
            cursor = self.logcat.cursor
            keyboard = frame.keyboard
            orientation = self.s["orientation"]
        if hierarchy:
            self._charge(L.DUMP)
        if screenshot:
            self._charge(L.SCREENSHOT)
        return Observation(
            screenshot_png=png,
            hierarchy_xml=xml,
            package=package,
            activity=activity,
            orientation=orientation,
            keyboard_shown=keyboard,
            logcat_cursor=cursor,
        )

    def _execute_impl(self, action: Action) -> ExecuteResult:
        with self._lock:
            self._ensure_frame()
            self.s["toast"] = None  # a toast lasts until the next action
            kind = action.kind
            if kind in (A.CLICK, A.LONG_CLICK):
                result = self._do_touch(action)
            elif kind == A.INPUT_TEXT:
                result = self._do_input(action)
            elif kind == A.SWIPE:
                result = self._do_swipe(action)
            elif kind == A.ROTATE:
                result = self._do_rotate(action.orientation)
            elif kind == A.PRESS_BACK:
                result = self._do_back()
            elif kind == A.PRESS_HOME:
                result = self._do_home()
            elif kind == A.RESTART_APP:
                result = self._do_restart()
            elif kind == A.LEAVE_AND_RETURN:
                result = self._do_leave_and_return()
            elif kind == A.PRESS_ENTER:
                result = self._do_key("enter")
            elif kind == A.PRESS_DELETE:
                result = self._do_key("delete")
            else:  # pragma: no cover - Action validates kinds
                raise DeviceError(f"unsupported action kind {kind!r}")
            self._settle()
        self._charge(L.INPUT, _MIN_ACTION_S)
        return result

    def _save_snapshot_impl(self, snapshot_id: str) -> SnapshotInfo:
        with self._lock:
            self._ensure_frame()
            state = {"s": self.s, "logcat": self.logcat.to_json(), "clock_ms": self.clock.now_ms}
            blob = snap.encode(state, self.compat_key)
            restored = json.loads(blob)["state"]["s"]
            where = _json_mismatch(self.s, restored)
            if where:
                name = self.app.name if self.app else "?"
                raise SnapshotError(
                    f"app model {name}: state {where} does not survive JSON (snapshots would "
                    "restore a different state); keep only dicts with str keys, lists, str, int, "
                    "float, bool and None in ctx.data and ctx.ui"
                )
            info = self.snapshots.put(snapshot_id, blob, self.compat_key)
        self._charge(L.SNAPSHOT_SAVE)
        return info

    def _load_snapshot_impl(self, snapshot_id: str) -> None:
        with self._lock:
            info, blob = self.snapshots.get(snapshot_id)
            if info.compat_key != self.compat_key:
                raise SnapshotError(
                    f"snapshot {snapshot_id!r} was saved with app "
                    f"compatibility key {info.compat_key!r}, but this device now has "
                    f"{self.compat_key!r} (a different app is installed)"
                )
            self._restore(snap.decode(blob, self.compat_key, snapshot_id))
        self._charge(L.SNAPSHOT_LOAD)

    def _screen_fingerprint_impl(self) -> str:
        """What the renderer would draw below the status bar, hashed without drawing it: the
        laid-out windows (their dump: every node's text, ids, flags and bounds), each window's
        kind and dimming, the keyboard and the orientation. At least as discriminating as the
        PNG's pixels (the status bar's clock left out, as on an emulator); charged as a
        screenshot."""
        with self._lock:
            frame = self._ensure_frame()
            digest = hashlib.sha256(frame.xml().encode())
            digest.update(repr([(w.kind, w.dim) for w in frame.windows]).encode())
            digest.update(f"|{frame.keyboard}|{self.s['orientation']}".encode())
        self._charge(L.SCREENSHOT)
        return digest.hexdigest()

    def _list_snapshots_impl(self) -> list[SnapshotInfo]:
        return self.snapshots.list()

    def _delete_snapshot_impl(self, snapshot_id: str) -> bool:
        return self.snapshots.delete(snapshot_id)

    def _export_snapshot_impl(
        self, snapshot_id: str, chunk_bytes: int
    ) -> tuple[SnapshotInfo, Iterator[bytes]]:
        return self.snapshots.export(snapshot_id, chunk_bytes)

    def _import_snapshot_impl(self, info: SnapshotInfo, chunks: Iterable[bytes]) -> SnapshotInfo:
        stored, _ = self.snapshots.import_(
            info, chunks, self.compat_key, validate=self._check_restorable
        )
        self._charge(L.SNAPSHOT_TRANSFER)
        return stored

    def _check_restorable(self, state: dict[str, Any]) -> None:
        """Raise unless ``state`` is a device state this device can run: the right shape, and a
        scratch device with the same app restores it, renders it and reads its logcat."""
        snap.check_shape(state, {"s": _fresh_state(), "logcat": {}, "clock_ms": 0})
        if self.app is not None and state["s"].get("installed"):
            # The app model's handlers read every top-level key of its data: a state without
            # one (or with another JSON type there) renders fine and fails every later action.
            snap.check_shape(
                state["s"]["data"],
                {k: _loose(v) for k, v in self._initial_data(self.app).items()},
                f"the data of app model {self.app.name}",
            )
        scratch = VirtualDevice(f"{self.device_id}-import-check", self.app, app_dir=self.app_dir)
        scratch._restore(copy.deepcopy(state))
        scratch.observe(screenshot=True, hierarchy=True)
        scratch.read_logcat(0)

    def _read_logcat_impl(
        self, cursor: int, buffers: tuple[str, ...], max_lines: int
    ) -> LogcatChunk:
        with self._lock:
            lines, next_cursor = self.logcat.read(
                cursor, tuple(buffers) or ("main", "system", "crash"), max_lines
            )
        return LogcatChunk(lines=lines, next_cursor=next_cursor)

    def clear_logcat(self, buffers: tuple[str, ...] = ("main", "system", "crash")) -> None:
        """``logcat -c``: forget the stored lines of ``buffers`` (see :meth:`Logcat.clear`)."""
        with self._lock:
            self.logcat.clear(tuple(buffers) or ("main", "system", "crash"))

    def _install_app_impl(self, app: str, version: str, apk_path: str) -> AppStatus:
        with self._lock:
            name = app or (Path(apk_path).name if apk_path else "")
            if not name:
                raise AppNotFoundError("install_app needs an app name or an apk path")
            self._install(self._resolve_app(name, version))
            return self._status()

    def _launch_app_impl(self) -> AppStatus:
        with self._lock:
            self._require_app()
            self._launch()
            self._settle()
            status = self._status()
        self._charge(L.INPUT, _MIN_LAUNCH_S)
        return status

    def _reset_app_impl(self, launch: bool) -> AppStatus:
        with self._lock:
            app = self._require_app()
            self._kill_process("pm clear")
            self.s["data"] = self._initial_data(app)
            self.s["permissions"] = []
            self.s["permission_requests"] = []
            self.s["crashes"] = [c for c in self.s["crashes"] if c.get("package") != app.package]
            self.s["anrs"] = [c for c in self.s["anrs"] if c.get("package") != app.package]
            self.s["sys_windows"] = [
                w for w in self.s["sys_windows"] if w.get("package") != app.package
            ]
            self.s["foreground"] = "home"
            self.s["toast"] = None
            if launch:
                self._launch()
            self._settle()
            status = self._status()
        self._charge(L.INPUT, _MIN_LAUNCH_S)
        return status

    def _check_bug_oracle_impl(self, bug_id: str) -> tuple[bool, str]:
        with self._lock:
            app = self._require_app()
            try:
                spec = app.bug(bug_id)
            except KeyError as exc:
                raise BugNotFoundError(str(exc.args[0]) if exc.args else str(exc)) from exc
            system = self.system_records()
            try:
                triggered = bool(spec.oracle(copy.deepcopy(self.s["data"]), system))
            except Exception as exc:  # noqa: BLE001 - an app-model bug, reported with its name
                raise DeviceError(
                    f"the oracle of {bug_id} in app model {app.name} raised "
                    f"{type(exc).__name__}: {exc}"
                ) from exc
        crashes = [c for c in system["crashes"] if c["package"] == app.package]
        detail = f"{bug_id} ({spec.kind}): {'triggered' if triggered else 'not triggered'}"
        if crashes:
            last = crashes[-1]
            detail += f"; last crash {last['exception']}: {last['message']}"
        return triggered, detail

    def _sleep_impl(self, operation: str) -> None:
        self._charge(operation)

    # -- touch-level input ----------------------------------------------------------------------
    # What `adb shell input ...` delivers: pixel points and key codes rather than widgets. Used by
    # the adb endpoint (device_agent.adbd), which answers `input tap x y` from this device.
    def tap(self, x: int, y: int, long: bool = False) -> ExecuteResult:
        """A touch at pixel ``(x, y)`` of the current orientation (a long press when ``long``);
        the same hit test as a click, so whatever is drawn there gets it."""
        kind = A.LONG_CLICK if long else A.CLICK
        return self.execute(Action(kind, Selector(bounds=A.Bounds(x, y, x + 1, y + 1))))

    def swipe_points(
        self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300
    ) -> ExecuteResult:
        """A finger moving from ``(x1, y1)`` to ``(x2, y2)`` in ``duration_ms``. Shorter than 24 px
        is a tap (a long press from 500 ms: ``input swipe x y x y 1000`` is how adb long-presses);
        otherwise a swipe in the dominant direction, scrolling the innermost scrollable view under
        the start point (or, when there is none, what a swipe without a target scrolls)."""
        dx, dy = x2 - x1, y2 - y1
        if abs(dx) < 24 and abs(dy) < 24:
            return self.tap(x1, y1, long=duration_ms >= 500)
        if abs(dy) >= abs(dx):
            direction = "up" if dy < 0 else "down"
        else:
            direction = "left" if dx < 0 else "right"
        with self._lock:
            frame = self._ensure_frame()
            top = frame.hierarchy().top_window()
            under = [
                n
                for n in (top.iter() if top is not None else [])
                if n.scrollable and n.bounds.contains(x1, y1)
            ]
        target = Selector(bounds=under[-1].bounds) if under else None
        return self.execute(Action(A.SWIPE, target, direction=direction))

    def key(self, name: str) -> ExecuteResult:
        """A key press: ``back``, ``home``, ``enter`` or ``delete``; raises ``ValueError`` for
        other names (callers map the keys they do not simulate to nothing)."""
        kinds = {
            "back": A.PRESS_BACK,
            "home": A.PRESS_HOME,
            "enter": A.PRESS_ENTER,
            "delete": A.PRESS_DELETE,
        }
        if name not in kinds:
            raise ValueError(f"unsupported key {name!r}; expected one of {sorted(kinds)}")
        return self.execute(Action(kinds[name]))

    def type_text(self, text: str) -> ExecuteResult:
        """Characters typed into the focused text field, appended to its content (``input text``);
        nothing happens when no field has the focus."""
        with self._lock:
            frame = self._ensure_frame()
            self.s["toast"] = None
            focused = frame.focused
            if focused is None or focused.view is None or focused.view.on_text is None:
                return ExecuteResult(True, "typed text, but no text field has the focus")
            desc = self._describe(focused)
            if not focused.enabled:
                return ExecuteResult(True, f"{desc} is disabled; no text entered")
            self._invoke(f"on_text of {desc}", focused.view.on_text, focused.view.text + text)
            self._settle()
        self._charge(L.INPUT, _MIN_ACTION_S)
        return ExecuteResult(True, f'typed "{text}" into {desc}')

    def force_stop(self) -> AppStatus:
        """Kill the app's process like ``am force-stop`` (data kept, back stack gone)."""
        with self._lock:
            self._require_app()
            self._kill_process("from pid 1321")
            self._settle()
            return self._status()

    # -- system records ---------------------------------------------------------------------
    def system_records(self) -> dict[str, Any]:
        """What a bug oracle sees: ``crashes`` and ``anrs`` (each ``{"package", "exception",
        "message", "activity"}``), ``orientation``, ``activity`` (the app's top activity, ``""``
        when none) and ``foreground`` (``app``/``home``/``settings``)."""
        stack = self.s["stack"]
        return {
            "crashes": copy.deepcopy(self.s["crashes"]),
            "anrs": copy.deepcopy(self.s["anrs"]),
            "orientation": self.s["orientation"],
            "activity": stack[-1]["activity"] if stack else "",
            "foreground": self.s["foreground"],
            "permissions": sorted(self.s["permissions"]),
        }

    # -- app lifecycle ----------------------------------------------------------------------
    def _resolve_app(self, app: VirtualApp | type[VirtualApp] | str, version: str) -> VirtualApp:
        if isinstance(app, VirtualApp):
            return app
        if isinstance(app, type) and issubclass(app, VirtualApp):
            return app()
        if isinstance(app, str):
            from device_agent.virtual.catalog import load_app

            return load_app(app, self.app_dir, version)
        raise DeviceError(
            f"cannot install {app!r}: expected a VirtualApp, a VirtualApp class or a catalog name"
        )

    def _require_app(self) -> VirtualApp:
        if self.app is None or not self.s["installed"]:
            raise AppNotFoundError(
                f"no app is installed on virtual device {self.device_id}; call install_app first"
            )
        return self.app

    def _initial_data(self, app: VirtualApp) -> dict[str, Any]:
        try:
            data = app.initial_data()
        except Exception as exc:  # noqa: BLE001 - app-model bug
            raise DeviceError(
                f"app model {app.name}: initial_data() raised {type(exc).__name__}: {exc}"
            ) from exc
        where = _json_mismatch(data, json.loads(json.dumps(data, default=str)))
        if not isinstance(data, dict) or where:
            raise DeviceError(
                f"app model {app.name}: initial_data() must return JSON-able data (dict with "
                f"str keys, lists, str, int, float, bool, None); problem at {where or 'the root'}"
            )
        return copy.deepcopy(data)

    def _install(self, app: VirtualApp) -> None:
        same = self.app is not None and self.app.package == app.package and self.s["installed"]
        if self.app is not None and self.s["installed"]:
            self._kill_process("install")
        self.app = app
        if not same:
            self.s["data"] = self._initial_data(app)
            self.s["permissions"] = []
        self.s["installed"] = True
        self.s["foreground"] = "home"
        self.logcat.write(
            "main",
            SYSTEM_SERVER_PID,
            SYSTEM_SERVER_PID + 57,
            "I",
            "PackageManager",
            f"Package {app.package} installed, version {app.version}",
        )
        self._invalidate()

    def _uid(self) -> str:
        pkg = self.app.package if self.app else ""
        return f"u0a{100 + zlib.crc32(pkg.encode()) % 200}"

    def _component(self, activity: str) -> str:
        """``pkg/.Activity`` (or ``pkg/full.Name``)."""
        pkg = self.app.package if self.app else ""
        return f"{pkg}/{activity}"

    def _full_activity(self, activity: str) -> str:
        pkg = self.app.package if self.app else ""
        return f"{pkg}{activity}" if activity.startswith(".") else activity

    def _sys_log(self, level: str, tag: str, message: str, buffer: str = "system") -> None:
        self.logcat.write(buffer, SYSTEM_SERVER_PID, SYSTEM_SERVER_PID + 13, level, tag, message)

    def _start_process(self) -> None:
        app = self._require_app()
        pid = self.s["next_pid"]
        self.s["next_pid"] = pid + 37
        self.s["pid"] = pid
        self.s["running"] = True
        full = self._full_activity(app.launch_activity)
        self._sys_log(
            "I",
            "ActivityManager",
            f"Start proc {pid}:{app.package}/{self._uid()} for pre-top-activity "
            f"{{{app.package}/{full}}}",
        )

    def _launch(self) -> None:
        """Like tapping the launcher icon: resume the task, or start the launch activity."""
        app = self._require_app()
        self.s["toast"] = None
        self._sys_log(
            "I",
            "ActivityTaskManager",
            "START u0 {act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] "
            f"flg=0x10200000 cmp={self._component(app.launch_activity)}}} from uid 10088",
        )
        if not self.s["running"]:
            self._start_process()
        self.s["foreground"] = "app"
        if not self.s["stack"]:
            self._push_activity(app.launch_activity, {}, log_start=False)
        else:
            self._resume_top()

    def _push_activity(self, activity: str, extras: dict[str, Any], log_start: bool = True) -> None:
        app = self._require_app()
        if log_start:
            self._sys_log(
                "I",
                "ActivityTaskManager",
                f"START u0 {{cmp={self._component(activity)}{' (has extras)' if extras else ''}}}"
                f" from uid 10{self._uid()[3:]}",
            )
        record = {
            "id": self.s["next_instance"],
            "activity": activity,
            "ui": {},
            "extras": extras,
            "orientation": self.s["orientation"],
        }
        self.s["next_instance"] += 1
        self.s["stack"].append(record)
        self.s["focus"] = None
        self.s["keyboard"] = False
        if self._invoke(f"{activity}.onCreate", app.on_create, record=record)[0]:
            ms = 180 + zlib.crc32(activity.encode()) % 420
            self.clock.advance_ms(ms)  # Displayed is logged once the first frame is drawn
            self._sys_log(
                "I", "ActivityTaskManager", f"Displayed {self._component(activity)}: +{ms}ms"
            )

    def _resume_top(self) -> None:
        """The top activity becomes visible again: re-created if the orientation changed, else
        restarted (``app.on_activity_restart``) when Home had stopped it."""
        stack = self.s["stack"]
        if not stack:
            return
        top = stack[-1]
        stopped = bool(top.pop("stopped", False))
        if top.get("orientation") != self.s["orientation"]:
            self._recreate(top)
        elif stopped and self.app is not None:
            self._invoke(f"{top['activity']}.onRestart", self.app.on_activity_restart, record=top)

    def _recreate(self, record: dict[str, Any]) -> None:
        """Configuration change: ``save_instance_state``, new instance, ``on_create``."""
        app = self._require_app()
        ok, saved = self._call_app(
            f"{record['activity']}.onSaveInstanceState", app.save_instance_state, record
        )
        if not ok:
            return
        if not isinstance(saved, dict):
            raise DeviceError(
                f"app model {app.name}: save_instance_state must return a dict, "
                f"got {type(saved).__name__}"
            )
        record["ui"] = copy.deepcopy(saved)
        record["orientation"] = self.s["orientation"]
        record["id"] = self.s["next_instance"]
        self.s["next_instance"] += 1
        self.s["focus"] = None
        self.s["keyboard"] = False
        self._invoke(f"{record['activity']}.onCreate", app.on_create, record=record)

    def _kill_process(self, reason: str, log: bool = True) -> None:
        if log and self.s["running"] and self.app is not None:
            pid = self.s["pid"]
            self._sys_log(
                "I",
                "ActivityManager",
                f"Killing {pid}:{self.app.package}/{self._uid()} (adj 0): {reason}",
            )
        self.s["running"] = False
        self.s["pid"] = 0
        self.s["memory"] = {}  # the process's memory dies with it; storage (data) stays
        self.s["stack"] = []
        self.s["focus"] = None
        self.s["keyboard"] = False
        self.s["permission_requests"] = []
        self._pending.clear()
        if self.s["foreground"] == "app":
            self.s["foreground"] = "home"

    # -- calling app code ---------------------------------------------------------------------
    def _ctx(self, record: dict[str, Any] | None = None) -> _Ctx:
        if record is None:
            stack = self.s["stack"]
            record = stack[-1] if stack else {"id": -1, "activity": "", "ui": {}, "extras": {}}
        return _Ctx(self, record)

    def _call_app(
        self, what: str, fn: Callable[..., Any], record: dict[str, Any] | None, *args: Any
    ) -> tuple[bool, Any]:
        """Run app code. ``(True, result)``, or ``(False, None)`` after a simulated crash/ANR.
        Raises :class:`DeviceError` when the app model itself is broken."""
        ctx = self._ctx(record)
        try:
            return True, fn(ctx, *args)
        except JavaException as exc:
            self._crash(exc, what)
        except AppNotResponding as exc:
            self._anr(exc, what)
        except DeviceError:
            raise
        except Exception as exc:  # noqa: BLE001 - an app-model bug must surface, named
            name = self.app.name if self.app else "?"
            raise DeviceError(
                f"app model {name} raised {type(exc).__name__}: {exc} in {what} "
                f"({getattr(fn, '__qualname__', fn)}); this is a bug in the model, not a simulated "
                "crash (raise JavaException for an app crash)"
            ) from exc
        return False, None

    def _invoke(
        self, what: str, fn: Callable[..., Any], *args: Any, record: dict[str, Any] | None = None
    ) -> tuple[bool, Any]:
        """Run app code, then what it asked the system to do (start/finish activities, permission
        requests). ``(alive, result)``: ``alive`` is False when the app crashed or hung."""
        self._pending.clear()
        ok, value = self._call_app(what, fn, record, *args)
        if ok:
            self._run_pending()
        return ok and bool(self.s["running"]) and not self.s["sys_windows"], value

    def _run_pending(self) -> None:
        app = self.app
        while self._pending and app is not None and self.s["running"]:
            op, arg, extra = self._pending.pop(0)
            rest = list(self._pending)
            self._pending.clear()
            if op == "start":
                self._push_activity(str(arg), extra)
            elif op == "finish":
                self._finish_activity(arg)
            elif op == "permission":
                self._request_permission(str(arg))
            # Operations queued by the code just run come first, then the older ones.
            self._pending.extend(rest)

    def _finish_activity(self, instance_id: int) -> None:
        stack = self.s["stack"]
        index = next((i for i, r in enumerate(stack) if r.get("id") == instance_id), len(stack) - 1)
        if not stack:
            return
        was_top = index == len(stack) - 1
        del stack[index]
        if was_top:
            self.s["focus"] = None
            self.s["keyboard"] = False
        if not stack:
            if self.s["foreground"] == "app":
                self.s["foreground"] = "home"
        elif was_top:
            self._resume_top()

    def _request_permission(self, permission: str) -> None:
        app = self._require_app()
        if permission in self.s["permissions"]:
            self._invoke(
                f"onRequestPermissionsResult({permission})",
                app.on_permission_result,
                permission,
                True,
            )
            return
        if permission not in self.s["permission_requests"]:
            self.s["permission_requests"].append(permission)
            self.s["keyboard"] = False

    def _answer_permission(self, granted: bool) -> None:
        app = self._require_app()
        if not self.s["permission_requests"]:
            return
        permission = self.s["permission_requests"].pop(0)
        if granted and permission not in self.s["permissions"]:
            self.s["permissions"].append(permission)
        self._invoke(
            f"onRequestPermissionsResult({permission})",
            app.on_permission_result,
            permission,
            granted,
        )

    # -- crashes and ANRs ---------------------------------------------------------------------
    def _crash(self, exc: JavaException, where: str) -> None:
        app = self._require_app()
        pid = self.s["pid"] or FIRST_APP_PID
        stack = self.s["stack"]
        activity = stack[-1]["activity"] if stack else app.launch_activity
        frames = list(exc.frames) or default_frames(self._full_activity(activity), where)
        self.logcat.write("main", pid, pid, "D", "AndroidRuntime", "Shutting down VM")
        tid = crash_tid(pid, exc)
        for line in crash_block(app.package, pid, exc, frames):
            self.logcat.write("crash", pid, tid, "E", "AndroidRuntime", line)
        self.logcat.write("main", pid, pid, "I", "Process", f"Sending signal. PID: {pid} SIG: 9")
        self.clock.advance_ms(12)
        self._sys_log(
            "W", "ActivityTaskManager", f"  Force finishing activity {self._component(activity)}"
        )
        self.s["crashes"].append(
            {
                "package": app.package,
                "exception": exc.java_class,
                "message": exc.message,
                "activity": activity,
                "where": where,
            }
        )
        self._kill_process("crash", log=False)
        self._sys_log(
            "I", "ActivityManager", f"Process {app.package} (pid {pid}) has died: fg  TOP "
        )
        self.s["sys_windows"] = [
            w for w in self.s["sys_windows"] if w.get("package") != app.package
        ]
        self.s["sys_windows"].append({"kind": "crash", "package": app.package, "label": app.label})
        self.s["foreground"] = "home"

    def _anr(self, exc: AppNotResponding, where: str) -> None:
        app = self._require_app()
        pid = self.s["pid"] or FIRST_APP_PID
        stack = self.s["stack"]
        activity = stack[-1]["activity"] if stack else app.launch_activity
        self.clock.advance(5.0)  # input dispatching times out after 5 s
        self.logcat.write("main", pid, pid, "I", "Process", f"Sending signal. PID: {pid} SIG: 3")
        component = self._component(activity)
        for line in anr_lines(app.package, component, pid, exc.reason):
            self._sys_log("E", "ActivityManager", line)
        self.s["anrs"].append(
            {
                "package": app.package,
                "exception": "ANR",
                "message": exc.reason,
                "activity": activity,
                "where": where,
            }
        )
        self.s["keyboard"] = False
        self.s["sys_windows"].append({"kind": "anr", "package": app.package, "label": app.label})

    def _close_sys_window(self, index: int, action: str) -> None:
        windows = self.s["sys_windows"]
        if not 0 <= index < len(windows):
            return
        win = windows.pop(index)
        if (
            action == "close"
            and win["kind"] == "anr"
            and self.app
            and win["package"] == self.app.package
        ):
            self._kill_process("user request after error")
        elif action == "app_info":
            self.s["foreground"] = "settings"
            self.s["keyboard"] = False

    # -- frames -------------------------------------------------------------------------------
    def _invalidate(self) -> None:
        self._frame = None

    def _settle(self) -> None:
        """After a state change: rebuild the frame now, so a crash while drawing happens now."""
        self._invalidate()
        self._ensure_frame()

    def _ensure_frame(self) -> Frame:
        for _ in range(4):
            if self._frame is not None:
                return self._frame
            try:
                self._frame = self._build_frame()
            except _RenderCrashed:
                self._frame = None
        if self._frame is None:  # pragma: no cover - a crash always empties the stack
            raise DeviceError(
                "the virtual device could not settle on a screen after repeated crashes"
            )
        return self._frame

    def _build_frame(self) -> Frame:
        geo = self.geometry
        windows: list[FrameWindow] = []
        app = self.app
        fg = self.s["foreground"]
        if fg == "app" and app is not None and self.s["running"] and self.s["stack"]:
            record = self.s["stack"][-1]
            self._pending.clear()
            ok, screen = self._call_app(f"{record['activity']}.render", app.render, record)
            self._pending.clear()
            if not ok:
                raise _RenderCrashed()
            if not isinstance(screen, Screen):
                raise DeviceError(
                    f"app model {app.name}: render() must return a Screen, "
                    f"got {type(screen).__name__}"
                )
            lctx = LayoutContext(app.package, record["ui"])
            windows.append(FrameWindow(activity_window(screen, geo, lctx), "activity"))
            for i, win in enumerate(screen.windows):
                shown = app_window(win, i, geo, lctx)
                if not is_empty(shown.node.bounds):  # entirely off screen: not shown
                    windows.append(shown)
            if self.s["permission_requests"]:
                permission = self.s["permission_requests"][0]
                windows.append(
                    permission_window(permission, app.label, geo, self._answer_permission)
                )
        elif fg == "settings" and app is not None:
            windows.append(self._settings_window(geo))
        else:
            label = app.label if app is not None and self.s["installed"] else ""
            windows.append(launcher_window(geo, label, lambda _c: self._launch()))
        for i, sys_win in enumerate(self.s["sys_windows"]):
            windows.append(self._error_window(sys_win, i, geo))
        if self.s["toast"]:
            windows.append(toast_window(str(self.s["toast"]), geo))
        focused = self._mark_focus(windows)
        keyboard = bool(self.s["keyboard"] and focused is not None)
        if not keyboard:
            self.s["keyboard"] = False
        else:
            lift_above_keyboard(windows, geo)
        return Frame(
            geo=geo,
            windows=windows,
            keyboard=keyboard,
            clock_text=self.clock.clock_text(),
            focused=focused,
        )

    def _mark_focus(self, windows: list[FrameWindow]) -> LNode | None:
        focus = self.s.get("focus")
        if not focus:
            return None
        rid, lpath = focus.get("rid", ""), focus.get("lpath", "")
        candidates = [
            node
            for win in windows
            if not win.system
            for node in win.node.iter()
            if node.editable
            and node.view is not None
            and (node.view.resource_id == rid if rid else node.lpath == lpath)
        ]
        # Among fields sharing an id, the one at the same place keeps the focus.
        found = next(
            (n for n in candidates if n.lpath == lpath), candidates[0] if candidates else None
        )
        if found is None:
            self.s["focus"] = None
            return None
        found.focused = True
        return found

    def _error_window(self, win: dict[str, Any], index: int, geo: Geometry) -> FrameWindow:
        other = "wait" if win["kind"] == "anr" else "app_info"
        return error_window(
            win["kind"],
            win.get("label", "App"),
            geo,
            lambda _c: self._close_sys_window(index, "close"),
            lambda _c: self._close_sys_window(index, other),
        )

    def _settings_window(self, geo: Geometry) -> FrameWindow:
        app = self._require_app()

        def force_stop(_c: Any) -> None:
            self._kill_process("from pid 1321")
            self.s["foreground"] = "settings"

        return settings_window(
            geo,
            app.label,
            app.version,
            bool(self.s["running"]),
            lambda _c: self._launch(),
            force_stop,
        )

    def _foreground(self) -> tuple[str, str]:
        app = self.app
        fg = self.s["foreground"]
        if fg == "app" and app is not None and self.s["running"] and self.s["stack"]:
            if self.s["permission_requests"]:
                return PERMISSION_PACKAGE, PERMISSION_ACTIVITY
            return app.package, self._component(self.s["stack"][-1]["activity"])
        if fg == "settings":
            return SETTINGS_PACKAGE, SETTINGS_ACTIVITY
        return LAUNCHER_PACKAGE, LAUNCHER_ACTIVITY

    def _status(self) -> AppStatus:
        app = self._require_app()
        return AppStatus(
            package=app.package,
            version=app.version,
            label=app.label,
            running=bool(self.s["running"]),
        )

    # -- targets and touches ----------------------------------------------------------------------
    def _touchable_windows(self, frame: Frame) -> list[FrameWindow]:
        """Windows that take touches, topmost first, down to (and including) the first modal one."""
        out: list[FrameWindow] = []
        for win in reversed(frame.windows):
            if win.kind == "toast":
                continue
            out.append(win)
            if win.modal:
                break
        return out

    def _resolve(self, selector: Selector) -> tuple[LNode | None, tuple[int, int], str]:
        """The live node a selector means and the point to act on, or ``(None, (-1,-1), why)``."""
        frame = self._ensure_frame()
        labelled = bool(selector.resource_id or selector.text or selector.content_desc)
        paths = frame.paths()
        hierarchy = frame.hierarchy()
        if not labelled:
            if selector.bounds is None:
                return None, (-1, -1), "the selector is empty (no id, text, description or bounds)"
            node = find_node(hierarchy, selector)
            x, y = selector.bounds.center
            return (
                (paths.get(node.path) if node else None),
                (x, y),
                f"bounds {selector.bounds.to_uiautomator()}",
            )
        window_index = {id(w.node): i for i, w in enumerate(frame.windows)}
        for win in self._touchable_windows(frame):
            i = window_index[id(win.node)]
            node = find_node(
                Hierarchy(windows=[hierarchy.windows[i]], rotation=hierarchy.rotation), selector
            )
            if node is not None:
                live = paths.get(node.path)
                return (
                    live,
                    node.bounds.center,
                    f"matched {node.short_class} at {node.bounds.to_uiautomator()}",
                )
        return None, (-1, -1), f"target not found: no {selector.describe()} on the current screen"

    def _hit(self, frame: Frame, x: int, y: int) -> tuple[str, FrameWindow | None, LNode | None]:
        """What a touch at ``(x, y)`` reaches: ``("node", win, node)``, ``("keyboard", ...)``,
        ``("outside", modal_win, None)``, ``("blocked", win, None)`` or
        ``("nothing", win, None)``."""
        if frame.keyboard:
            kl, kt, kr, kb = frame.geo.keyboard
            if kl <= x < kr and kt <= y < kb:
                return "keyboard", None, None
        for win in self._touchable_windows(frame):
            if win.node.contains(x, y):
                target = self._deepest(win.node, x, y)
                return ("node" if target is not None else "nothing"), win, target
            if win.modal:
                return ("outside" if win.cancelable else "blocked"), win, None
        return "nothing", None, None

    def _deepest(self, node: LNode, x: int, y: int) -> LNode | None:
        """The deepest view under the point that takes touches (later siblings are on top)."""
        for child in reversed(node.children):
            if child.contains(x, y):
                found = self._deepest(child, x, y)
                if found is not None:
                    return found
        if node.view is not None and (node.clickable or node.long_clickable or node.editable):
            return node
        return None

    @staticmethod
    def _describe(node: LNode) -> str:
        label = node.text or node.content_desc or node.resource_id.rsplit("/", 1)[-1]
        return f'{node.short_class} "{label}"' if label else node.short_class

    def _focus(self, node: LNode) -> None:
        assert node.view is not None
        self.s["focus"] = {"rid": node.view.resource_id, "lpath": node.lpath}
        self.s["keyboard"] = True

    def _dismiss_window(self, win: FrameWindow) -> str:
        if win.on_dismiss is None:
            return "the window has no on_dismiss handler; it stays"
        self._invoke(f"{win.kind}.on_dismiss", win.on_dismiss)
        return f"dismissed the {win.kind}"

    def _do_touch(self, action: Action) -> ExecuteResult:
        assert action.target is not None
        node, (x, y), how = self._resolve(action.target)
        if x < 0:
            return ExecuteResult(False, how)
        frame = self._ensure_frame()
        kind, win, target = self._hit(frame, x, y)
        verb = "long-clicked" if action.kind == A.LONG_CLICK else "clicked"
        if kind == "keyboard":
            return ExecuteResult(True, f"the touch at ({x},{y}) landed on the soft keyboard", x, y)
        if kind == "outside" and win is not None:
            return ExecuteResult(
                True, f"touched outside the {win.kind}: {self._dismiss_window(win)}", x, y
            )
        if kind == "blocked" and win is not None:
            return ExecuteResult(
                True, f"the touch at ({x},{y}) was blocked by a {win.kind} window", x, y
            )
        if target is None or win is None:
            return ExecuteResult(True, f"tapped ({x},{y}): nothing there reacts", x, y)
        desc = self._describe(target)
        view = target.view
        assert view is not None
        if not target.enabled:
            return ExecuteResult(True, f"{desc} is disabled; nothing happened", x, y)
        if win.system:
            handler = (
                view.on_click if action.kind == A.CLICK else (view.on_long_click or view.on_click)
            )
            if handler is not None:
                handler(None)  # type: ignore[arg-type]  # system callbacks take no context
            return ExecuteResult(True, f"{verb} {desc}", x, y)
        if target.editable:
            self._focus(target)
        if action.kind == A.LONG_CLICK and view.on_long_click is not None:
            self._invoke(f"on_long_click of {desc}", view.on_long_click)
        elif view.on_click is not None and (action.kind == A.CLICK or view.on_long_click is None):
            # A long press on a view without a long-click listener clicks it on release.
            self._invoke(f"on_click of {desc}", view.on_click)
        return ExecuteResult(True, f"{verb} {desc} ({how})", x, y)

    def _do_input(self, action: Action) -> ExecuteResult:
        assert action.target is not None
        node, (x, y), how = self._resolve(action.target)
        if x < 0:
            return ExecuteResult(False, how)
        frame = self._ensure_frame()
        target = node if node is not None and node.editable else None
        if target is None:
            kind, _, hit = self._hit(frame, x, y)
            target = hit if kind == "node" and hit is not None and hit.editable else None
        if target is None or target.view is None or target.view.on_text is None:
            return ExecuteResult(
                False, f"{action.target.describe()} is not an editable text field", x, y
            )
        desc = self._describe(target)
        if not target.enabled:
            return ExecuteResult(True, f"{desc} is disabled; no text entered", x, y)
        self._focus(target)
        self._invoke(f"on_text of {desc}", target.view.on_text, action.text)
        return ExecuteResult(True, f'typed "{action.text}" into {desc}', x, y)

    def _do_key(self, key: str) -> ExecuteResult:
        frame = self._ensure_frame()
        app = self.app
        if (
            self.s["sys_windows"]
            or self.s["foreground"] != "app"
            or app is None
            or not self.s["stack"]
        ):
            return ExecuteResult(True, f"pressed {key}: nothing on screen takes it")
        if self.s["permission_requests"]:
            return ExecuteResult(True, f"pressed {key}: the permission dialog ignores it")
        focused = frame.focused
        if focused is not None and focused.view is not None and focused.view.on_text is not None:
            current = focused.view.text
            desc = self._describe(focused)
            if key == "delete":
                if current:
                    self._invoke(f"on_text of {desc}", focused.view.on_text, current[:-1])
                    return ExecuteResult(True, f"deleted the last character of {desc}")
                return ExecuteResult(True, f"{desc} is empty; nothing to delete")
            if focused.view.extra.get("multiline"):
                self._invoke(f"on_text of {desc}", focused.view.on_text, current + "\n")
                return ExecuteResult(True, f"inserted a new line in {desc}")
        ok, consumed = self._invoke(f"on_key({key!r})", app.on_key, key)
        return ExecuteResult(
            True, f"pressed {key}" + (" (handled by the app)" if ok and consumed else "")
        )

    def _do_back(self) -> ExecuteResult:
        frame = self._ensure_frame()
        if frame.keyboard:
            self.s["keyboard"] = False
            return ExecuteResult(True, "hid the soft keyboard")
        if self.s["sys_windows"]:
            top = self.s["sys_windows"][-1]
            self._close_sys_window(
                len(self.s["sys_windows"]) - 1, "wait" if top["kind"] == "anr" else "close"
            )
            return ExecuteResult(True, f"closed the {top['kind']} dialog")
        fg = self.s["foreground"]
        if fg == "settings":
            self.s["foreground"] = "home"
            return ExecuteResult(True, "left App info")
        if fg != "app" or not self.s["stack"] or self.app is None:
            return ExecuteResult(True, "pressed back on the home screen: nothing happened")
        if self.s["permission_requests"]:
            self._answer_permission(False)
            return ExecuteResult(True, "cancelled the permission dialog (denied)")
        app_windows = [w for w in frame.windows if w.kind in ("dialog", "menu", "sheet")]
        if app_windows:
            win = app_windows[-1]
            if not win.cancelable:
                return ExecuteResult(True, f"the {win.kind} is not cancelable; back did nothing")
            return ExecuteResult(True, f"back: {self._dismiss_window(win)}")
        ok, consumed = self._invoke("on_back", self.app.on_back)
        if not ok:
            return ExecuteResult(True, "back: the app died or hung handling it")
        if consumed:
            return ExecuteResult(True, "back handled by the app")
        top = self.s["stack"][-1] if self.s["stack"] else None
        if top is not None:
            self._finish_activity(top["id"])
        return ExecuteResult(
            True, "back: finished the activity" + ("" if self.s["stack"] else "; home screen")
        )

    def _do_home(self) -> ExecuteResult:
        """The home screen comes to the front; the app's top activity, if it was in sight, is
        stopped (``app.on_activity_stop``) until the launcher icon brings it back
        (:meth:`_resume_top`)."""
        self.s["keyboard"] = False
        self.s["sys_windows"] = []  # ACTION_CLOSE_SYSTEM_DIALOGS closes error dialogs
        in_sight = self.s["foreground"] == "app" and self.s["running"] and self.s["stack"]
        self.s["foreground"] = "home"
        if in_sight and self.app is not None:
            top = self.s["stack"][-1]
            top["stopped"] = True
            self._invoke(f"{top['activity']}.onStop", self.app.on_activity_stop, record=top)
        return ExecuteResult(True, "went to the home screen")

    def _do_restart(self) -> ExecuteResult:
        """``am force-stop`` then the launcher icon: the process and back stack go, the app's
        storage (``ctx.data``) stays, and the launch activity starts afresh."""
        self._require_app()
        self.s["sys_windows"] = []
        self._kill_process("stop from user request")
        self._launch()
        return ExecuteResult(True, "stopped the app and opened it again")

    def _do_leave_and_return(self) -> ExecuteResult:
        """Home, a moment on the home screen, then the launcher icon (:meth:`_do_home`, then
        :meth:`_launch`): the top activity is stopped and restarted in the same process."""
        self._require_app()
        left = self._do_home()
        if self.s["sys_windows"]:
            return ExecuteResult(True, left.detail + "; the app failed on stopping")
        self.clock.advance_ms(_AWAY_MS)
        self._launch()
        if self.s["sys_windows"] or not self.s["running"]:
            return ExecuteResult(True, left.detail + "; the app failed on coming back")
        return ExecuteResult(True, left.detail + " and came back to the app")

    def _do_rotate(self, orientation: str) -> ExecuteResult:
        if orientation == self.s["orientation"]:
            return ExecuteResult(True, f"already {orientation}")
        self.s["orientation"] = orientation
        self.s["keyboard"] = False
        self._sys_log(
            "I",
            "ActivityTaskManager",
            config_line(orientation),
        )
        if self.s["foreground"] == "app" and self.s["running"] and self.s["stack"]:
            self._recreate(self.s["stack"][-1])
            return ExecuteResult(True, f"rotated to {orientation}; the activity was re-created")
        return ExecuteResult(True, f"rotated to {orientation}")

    def _do_swipe(self, action: Action) -> ExecuteResult:
        frame = self._ensure_frame()
        direction = action.direction
        axis = "v" if direction in ("up", "down") else "h"
        container: LNode | None = None
        window: FrameWindow | None = None
        touchable = self._touchable_windows(frame)
        if action.target is not None and (
            action.target.resource_id
            or action.target.text
            or action.target.content_desc
            or action.target.bounds
        ):
            node, _, _ = self._resolve(action.target)
            if node is not None:
                for win in touchable:
                    chain = [
                        n
                        for n in win.node.iter()
                        if n.scroll is not None
                        and n.scroll.axis == axis
                        and n.scroll.can_scroll
                        and self._encloses(n, node)
                    ]
                    if chain:
                        container, window = chain[-1], win
                        break
        if container is None:
            for win in touchable:
                lists = [
                    n
                    for n in win.node.iter()
                    if n.scroll is not None and n.scroll.axis == axis and n.scroll.can_scroll
                ]
                if lists:
                    cx = (frame.geo.app[0] + frame.geo.app[2]) // 2
                    cy = (frame.geo.app[1] + frame.geo.app[3]) // 2
                    at_centre = [n for n in lists if n.contains(cx, cy)]
                    pick = at_centre or sorted(
                        lists,
                        key=lambda n: -(n.bounds[2] - n.bounds[0]) * (n.bounds[3] - n.bounds[1]),
                    )
                    container, window = pick[-1] if at_centre else pick[0], win
                    break
        if (
            container is not None
            and container.scroll is not None
            and window is not None
            and not window.system
        ):
            info = container.scroll
            step = max(1, info.page - 1)
            forward = direction in ("up", "left")
            new_first = max(0, min(info.max_first, info.first + (step if forward else -step)))
            cx, cy = (
                (container.bounds[0] + container.bounds[2]) // 2,
                (container.bounds[1] + container.bounds[3]) // 2,
            )
            if new_first != info.first:
                self.s["stack"][-1]["ui"][info.key] = new_first
                return ExecuteResult(
                    True,
                    f"scrolled {self._describe(container)} from item {info.first} to {new_first}",
                    cx,
                    cy,
                )
        app = self.app
        if (
            self.s["foreground"] == "app"
            and app is not None
            and self.s["stack"]
            and not self.s["sys_windows"]
            and not self.s["permission_requests"]
        ):
            ok, consumed = self._invoke(f"on_swipe({direction!r})", app.on_swipe, direction)
            if ok and consumed:
                return ExecuteResult(True, f"swipe {direction} handled by the app")
        return ExecuteResult(True, f"swipe {direction}: nothing to scroll")

    @staticmethod
    def _encloses(outer: LNode, inner: LNode) -> bool:
        return (
            outer is inner
            or inner.lpath.startswith(outer.lpath + ".")
            or (
                not is_empty(outer.bounds)
                and outer.bounds[0] <= inner.bounds[0]
                and outer.bounds[1] <= inner.bounds[1]
                and inner.bounds[2] <= outer.bounds[2]
                and inner.bounds[3] <= outer.bounds[3]
            )
        )

    # -- snapshots --------------------------------------------------------------------------------
    def _restore(self, state: dict[str, Any]) -> None:
        self.s = state["s"]
        self.logcat.load_json(state["logcat"])
        self.clock.now_ms = int(state["clock_ms"])
        self._pending.clear()
        self._settle()

    # -- latency ----------------------------------------------------------------------------------
    def _charge(self, operation: str, min_virtual_s: float = 0.0) -> None:
        seconds = self.latency.delay(operation)
        with self._lock:
            self.clock.advance(max(seconds, min_virtual_s))
        self.latency.charge(operation)


def _loose(value: Any) -> Any:
    """A :func:`snapshot.check_shape` template for one top-level value of an app's data: a dict
    or a list stays one (its keys and items change as the app runs: an empty one accepts any),
    a scalar may become anything (``None``: a selection made, a field cleared)."""
    if isinstance(value, dict):
        return {}
    if isinstance(value, list):
        return []
    return None
