"""``AdbDevice``: a real Android emulator or phone, driven through an adb server with adbutils.

What each operation sends (all through one adb server, ``adb -P`` / ``--adb-port``):

- screen: ``uiautomator dump /dev/tty`` (retried on ``could not get idle state``, bounded by a
  timeout, never half a file: :func:`.parsers.dump_xml`); ``exec:screencap -p`` for PNG bytes;
- focus: ``dumpsys window windows`` (``mCurrentFocus``), falling back to ``dumpsys activity
  activities`` (``mResumedActivity`` / ``ResumedActivity``); keyboard from ``dumpsys input_method``;
- input: ``input tap``, ``input swipe`` (a long press is a swipe that does not move, 1 s),
  ``input keyevent``, ``input text`` (escaped and chunked by :func:`.parsers.input_text_args`,
  a newline as Enter: :func:`.parsers.input_text_commands`);
  a widget action first resolves its selector on a fresh dump with the same locator cascade as
  everywhere else (:func:`device_agent.hierarchy.find_node`);
- rotation: ``settings put system accelerometer_rotation 0`` then ``user_rotation 0|1``;
- logcat: ``logcat -d -v threadtime -b ... -t '<time>'`` with time cursors
  (:func:`.parsers.cursor_after`);
- the app: ``pm path``/``pm install``, ``monkey -p PKG -c android.intent.category.LAUNCHER 1``,
  ``am force-stop``, ``pm clear``; animations are turned off at :meth:`AdbDevice.setup`;
- snapshots: the emulator console (:class:`.console.EmulatorConsole`, ``avd snapshot
  save|load|list|del|pull|push``), each load followed by a readiness check (the screen is drawn,
  not black, and two dumps in a row agree). A phone has no console: there a snapshot is the
  path of actions run since the app's fresh start, and loading it is ``pm clear``, launch and a
  replay of that path (DESIGN §2.1); export and import are unsupported.

Failures are this project's errors with the serial and the fix in the message: a dump or command
that does not answer is a :class:`DeadlineError`, a device that vanished from the adb server a
:class:`DeviceError`, a console ``KO:`` a :class:`SnapshotError`. :attr:`AdbDevice.healthy` turns
False after :data:`UNHEALTHY_AFTER` infrastructure failures in a row (the agent then reports
NOT_SERVING, see ``device_agent.cli``).
"""

from __future__ import annotations

import base64
import hashlib
import io
import shutil
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

import adbutils
import structlog

from device_agent import actions as A
from device_agent import validation as V
from device_agent.actions import Action, Selector
from device_agent.adb import parsers as P
from device_agent.adb.console import ConsoleError, EmulatorConsole
from device_agent.adb.emulator_grpc import EmulatorGrpc
from device_agent.backend import (
    AppStatus,
    DeviceBackend,
    DeviceInfo,
    ExecuteResult,
    LogcatChunk,
    Observation,
    SnapshotInfo,
)
from device_agent.errors import (
    AppNotFoundError,
    DeadlineError,
    DeviceError,
    HierarchyError,
    ScreenNotIdleError,
    SnapshotError,
    UnsupportedError,
)
from device_agent.hierarchy import Hierarchy, ViewNode, find_node, parse_hierarchy, structural_hash

log = structlog.get_logger("device_agent.adb")

BACKEND = "adb"
UNHEALTHY_AFTER = 3
LONG_PRESS_MS = 1000
SWIPE_MS = 300
_LOGCAT_TAIL = 200
_SPLIT = "---reprofarm-split---"
# A dump+screenshot pair taken since the last action is reused for this long (readiness checks
# and the observation right after them see the same screen).
_SEEN_MAX_AGE_S = 1.0
ADB_KEYBOARD_IME = "com.android.adbkeyboard/.AdbIME"
SCREENSHOT_ATTEMPTS = 3
# Android's status bar height (frameworks/base core/res values/dimens.xml status_bar_height,
# API 23+): left out of screen fingerprints.
STATUS_BAR_DP = 24
# How long a load of a snapshot with a known screen waits for that screen before the usual
# dump-based readiness check (a load that says OK settles in about 0.5 s: DESIGN §2.2).
KNOWN_SCREEN_WAIT_S = 3.0
# How long a loaded snapshot may take to accept input (the input service registers a moment
# after the load; until then `input` prints "cmd: Can't find service: input" and exits 20).
INPUT_READY_WAIT_S = 2.0
# The share of dump_timeout_s a plain `uiautomator dump` gets before `--compressed` is tried.
PLAIN_DUMP_SHARE = 2 / 3
_KEYS = {A.PRESS_BACK: 4, A.PRESS_HOME: 3, A.PRESS_ENTER: 66, A.PRESS_DELETE: 67}
_AWAY_S = 2.0  # how long "leave the app and come back" stays on the home screen
_ANIMATION_SETTINGS = (
    "window_animation_scale",
    "transition_animation_scale",
    "animator_duration_scale",
)


class AdbDevice(DeviceBackend):
    """One emulator or phone behind an adb server.

    ``serial`` is what ``adb devices`` lists (``emulator-5554``, a USB serial, ``host:port``);
    ``adb_host``/``adb_port`` locate the adb server. ``package`` is the app under test
    (``apk_path``, given by the operator, installs it when given; ``label`` names it in
    messages). ``apk_dir`` is the only directory an install *request* may take an APK from (by
    bare file name); ``data_dir`` is the agent's own directory for snapshot files in transit
    (default: a private temporary directory removed by :meth:`close`). Every identifier that
    reaches a device command or a file name is checked again here
    (:mod:`device_agent.validation`), so no caller can inject console or shell commands. The
    emulator console is found at ``console_host`` (default: the adb server's host) and
    ``console_port`` (default: N of ``emulator-N``; ``None`` for a serial that is not an
    emulator: no snapshots). Timeouts are in seconds: ``command_timeout_s`` per shell command,
    ``dump_timeout_s`` for one dump including retries, ``ready_timeout_s`` for the screen to
    settle after a launch or a snapshot load.
    """

    def __init__(
        self,
        device_id: str,
        serial: str,
        *,
        package: str,
        adb_host: str = "127.0.0.1",
        adb_port: int = 5037,
        apk_path: str = "",
        label: str = "",
        apk_dir: str | Path | None = None,
        data_dir: str | Path | None = None,
        console_host: str | None = None,
        console_port: int | None = -1,
        console_token_file: Path | None = None,
        emulator_grpc_port: int | None = None,
        command_timeout_s: float = 30.0,
        dump_timeout_s: float = 20.0,
        ready_timeout_s: float = 30.0,
    ) -> None:
        super().__init__(device_id)
        if not package:
            raise AppNotFoundError("the adb backend needs the app's package name (--package)")
        V.check_package(package)
        self.serial = serial
        self.package = package
        self.apk_path = apk_path
        self.apk_dir = Path(apk_dir) if apk_dir else None
        self._own_data_dir = data_dir is None
        self.data_dir = Path(data_dir or tempfile.mkdtemp(prefix="reprofarm-agent-"))
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.label = label or package
        self.command_timeout_s = command_timeout_s
        self.dump_timeout_s = dump_timeout_s
        self.ready_timeout_s = ready_timeout_s
        self.adb_host, self.adb_port = adb_host, adb_port
        self._client = adbutils.AdbClient(host=adb_host, port=adb_port)
        self._dev = self._client.device(serial)
        if console_port == -1:
            console_port = _console_port_of(serial)
        self.console: EmulatorConsole | None = (
            EmulatorConsole(console_host or adb_host, console_port, console_token_file)
            if console_port
            else None
        )
        self.grpc: EmulatorGrpc | None = (
            EmulatorGrpc(console_host or adb_host, emulator_grpc_port)
            if emulator_grpc_port
            else None
        )
        self.failures = 0
        self.last_failure = ""
        self._lock = threading.RLock()
        self._snapshots: dict[str, SnapshotInfo] = {}
        # Actions run since the app's fresh start (None: unknown). On a phone a "snapshot" is
        # such a path, and loading it is a fresh start plus a replay (DESIGN 2.1).
        self._path: list[Action] | None = None
        self._cleared = False
        self._replay_points: dict[str, list[Action]] = {}
        self._running = False
        self._info: DeviceInfo | None = None
        self._seen: tuple[float, str, bytes] | None = None  # (monotonic time, xml, png)
        # (monotonic time, keyboard shown, its frame) seen by the last status query.
        self._keyboard: tuple[float, bool, tuple[int, int, int, int] | None] | None = None
        self._adb_keyboard: bool | None = None  # ADBKeyboard installed (None: not asked yet)
        self._reported: set[str] = set()  # reasons of untypable text already logged
        # The activity in front when each snapshot was saved: a load must bring it back.
        self._snapshot_activity: dict[str, str] = {}
        self.environment_blockers = 0  # other packages' ANR dialogs dismissed

    # -- health -----------------------------------------------------------------------------------
    @property
    def healthy(self) -> bool:
        """False after :data:`UNHEALTHY_AFTER` infrastructure failures in a row."""
        return self.failures < UNHEALTHY_AFTER

    def check_health(self, timeout_s: float = 5.0) -> bool:
        """Ask the device for ``echo ok``; a success resets the failure count."""
        try:
            self._sh("echo ok", timeout_s=timeout_s)
        except DeviceError:
            return False
        return True

    def _failed(self, message: str) -> None:
        self.failures += 1
        self.last_failure = message
        log.warning("adb_failure", serial=self.serial, failures=self.failures, error=message)

    # -- adb primitives ---------------------------------------------------------------------------
    def _sh(
        self, cmd: str, timeout_s: float | None = None, check: bool = True, both: bool = False
    ) -> str:
        """Run ``cmd`` with ``shell,v2`` and return stdout (with ``both``: stdout then stderr).
        Raises :class:`DeadlineError` when it does not finish in time, :class:`DeviceError` when
        the device is gone or, with ``check``, when the command exits non-zero (stderr in the
        message)."""
        timeout = timeout_s or self.command_timeout_s
        try:
            result = self._dev.shell2(cmd, timeout=timeout, v2=True)
        except adbutils.AdbTimeout as exc:
            self._failed(f"timeout: {cmd}")
            raise DeadlineError(
                f"`adb -s {self.serial} shell {cmd}` did not finish within {timeout:.0f} s; the "
                "device is slow or wedged"
            ) from exc
        except (adbutils.AdbError, OSError) as exc:
            self._failed(f"{type(exc).__name__}: {exc}")
            raise DeviceError(
                f"adb lost device {self.serial} running `{cmd}`: {exc}; check `adb devices` "
                f"(server {self.adb_host}:{self.adb_port}) and the emulator or cable"
            ) from exc
        self.failures = 0
        if check and result.returncode != 0:
            raise DeviceError(
                f"`{cmd}` failed on {self.serial} (exit {result.returncode}): "
                f"{(result.stderr or result.stdout).strip()[:300]}"
            )
        return str(result.stdout) + (str(result.stderr or "") if both else "")

    def _input(self, args: str) -> None:
        """Run ``input ARGS``; raises :class:`InputRefusedError` when it printed an exception
        although it exited 0, or exited non-zero (``cmd: Can't find service: input``, exit 20):
        the event was not injected."""
        out = self._sh(f"input {args}; echo {P.EXIT_MARK}$?", both=True)
        why = P.input_failure(out)
        status = P.exit_status(out)
        if not why and status:
            why = f"exit {status}"
        if why:
            raise InputRefusedError(f"`input {args[:60]}` on {self.serial} failed: {why}")

    def _exec_out(self, cmd: str, timeout_s: float | None = None) -> bytes:
        """Raw stdout of ``cmd`` through ``exec:`` (binary-safe: no tty, no CRLF mangling)."""
        timeout = timeout_s or self.command_timeout_s
        try:
            conn = self._dev.open_transport(timeout=timeout)
            try:
                conn.send_command("exec:" + cmd)
                conn.check_okay()
                data = conn.read_until_close(encoding=None)
            finally:
                conn.close()
        except adbutils.AdbTimeout as exc:
            self._failed(f"timeout: {cmd}")
            raise DeadlineError(
                f"`adb -s {self.serial} exec-out {cmd}` did not finish within {timeout:.0f} s"
            ) from exc
        except (adbutils.AdbError, OSError) as exc:
            self._failed(f"{type(exc).__name__}: {exc}")
            raise DeviceError(f"adb lost device {self.serial} running `{cmd}`: {exc}") from exc
        self.failures = 0
        return bytes(data)

    # -- setup ------------------------------------------------------------------------------------
    def setup(self) -> None:
        """Make the device deterministic: animations off, rotation fixed to portrait."""
        for name in _ANIMATION_SETTINGS:
            self._sh(f"settings put global {name} 0")
        self._sh("settings put system accelerometer_rotation 0")
        self._sh("settings put system user_rotation 0")

    # -- DeviceBackend: info and observation ------------------------------------------------------
    def _info_impl(self) -> DeviceInfo:
        if self._info is None:
            width, height = P.screen_size(self._sh("wm size"))
            dpi = P.density(self._sh("wm density"))
            api = int(self._sh("getprop ro.build.version.sdk").strip() or 0)
            fingerprint = self._sh("getprop ro.build.fingerprint").strip()
            version = P.version_name(self._sh(f"dumpsys package {self.package}", check=False))
            avd = ""
            if self.console is not None:
                avd = self.console.command("avd name").strip()
            key = hashlib.sha256(
                "|".join(
                    [
                        BACKEND,
                        fingerprint,
                        avd,
                        f"{width}x{height}",
                        str(dpi),
                        self.package,
                        version,
                    ]
                ).encode()
            ).hexdigest()[:16]
            self._info = DeviceInfo(
                device_id=self.device_id,
                backend=BACKEND,
                screen_width=width,
                screen_height=height,
                density_dpi=dpi,
                api_level=api,
                snapshot_compat_key=key,
                app_package=self.package,
                app_version=version,
            )
        return self._info

    def dump(self) -> str:
        """The current ``uiautomator dump`` XML. Retries ``could not get idle state``, and a dump
        without nodes while an app window is in front; when a plain dump still gave no complete
        hierarchy after :data:`PLAIN_DUMP_SHARE` of ``dump_timeout_s`` (a screen that never goes
        idle), tries ``uiautomator dump --compressed`` (fewer views to wait on) for the rest.
        Raises :class:`ScreenNotIdleError` (no complete hierarchy either way: observe falls back
        to a screenshot), :class:`DeadlineError` (the shell did not answer in time) or
        :class:`HierarchyError`."""
        started = time.monotonic()
        try:
            return self._dump_until(started + self.dump_timeout_s * PLAIN_DUMP_SHARE, "")
        except ScreenNotIdleError as exc:
            log.warning("dump_compressed_fallback", serial=self.serial, reason=str(exc))
            return self._dump_until(started + self.dump_timeout_s, "--compressed ")

    def _dump_until(self, deadline: float, flags: str) -> str:
        """:meth:`dump`'s retry loop for ``uiautomator dump {flags}/dev/tty`` until the
        ``time.monotonic()`` ``deadline``."""
        last = ""
        dismissed = 0
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self._failed("dump timed out")
                raise ScreenNotIdleError(
                    f"uiautomator dump {flags}on {self.serial} gave no complete hierarchy within "
                    f"{self.dump_timeout_s:.0f} s (last: {last or 'no answer'}); the app is busy "
                    "or the device is wedged"
                )
            try:
                out = self._sh(
                    f"uiautomator dump {flags}/dev/tty", timeout_s=max(0.25, left), check=False
                )
                xml = P.dump_xml(out)
                if P.has_no_nodes(xml) and (front := self.foreground()[1]):
                    raise HierarchyError(f"uiautomator dump has no nodes while {front} is in front")
                if (
                    dismissed < 3
                    and ("aerr_wait" in xml or "responding" in xml)  # cheap before parsing
                    and P.error_dialog(xml) == "anr"
                    and self._dismiss_foreign_anr(xml)
                ):
                    dismissed += 1
                    continue  # dump the screen behind it
                return xml
            except HierarchyError as exc:
                last = str(exc)
                time.sleep(min(0.2, max(0.0, deadline - time.monotonic())))
            except DeadlineError:
                raise DeadlineError(
                    f"uiautomator dump on {self.serial} did not answer within "
                    f"{self.dump_timeout_s:.0f} s; the app is busy or the device is wedged"
                ) from None

    def _dismiss_foreign_anr(self, xml: str) -> bool:
        """When the "isn't responding" dialog on screen belongs to another package than the app
        under test (System UI, a launcher...), press its "Wait" (never "Close app", which would
        kill a system process) and return True: an environment blocker, not the app's bug.
        Returns False when the dialog is the app's own (that is evidence) or its owner is
        unknown."""
        owner = P.error_window(self._sh("dumpsys window windows", check=False))
        if owner is None or owner[0] != "anr" or owner[1] == self.package:
            return False
        hierarchy = parse_hierarchy(xml)
        wait = find_node(hierarchy, Selector(resource_id="android:id/aerr_wait")) or find_node(
            hierarchy, Selector(text="Wait")
        )
        if wait is None:
            return False
        x, y = wait.bounds.center
        self._input(f"tap {x} {y}")
        self.environment_blockers += 1
        self._seen = None
        self._keyboard = None
        log.warning("foreign_anr_dismissed", serial=self.serial, package=owner[1], button="Wait")
        return True

    def screenshot(self) -> bytes:
        """PNG bytes of the screen (the emulator's gRPC ``getScreenshot`` when its port was
        given, else ``screencap -p``). A PNG mangled by line-ending conversion (every ``\n``
        turned into ``\r\n`` by a tty) is repaired; an empty or undecodable one is taken again,
        up to :data:`SCREENSHOT_ATTEMPTS` times; then :class:`DeviceError`."""
        problem = ""
        for attempt in range(1, SCREENSHOT_ATTEMPTS + 1):
            png = self.grpc.screenshot_png() if self.grpc else self._exec_out("screencap -p")
            if not png:
                problem = "an empty screenshot"
            else:
                repaired = _decodable_png(png)
                if repaired is not None:
                    if repaired is not png:
                        log.warning("screenshot_repaired", serial=self.serial, fix="crlf")
                    return repaired
                problem = f"no decodable PNG ({png[:16]!r}...)"
            log.warning("screenshot_retry", serial=self.serial, attempt=attempt, problem=problem)
            time.sleep(0.1 * attempt)
        raise DeviceError(
            f"screencap on {self.serial} returned {problem} {SCREENSHOT_ATTEMPTS} times; the "
            "display or adb is broken"
        )

    def foreground(self) -> tuple[str, str]:
        """``(package, "package/.Activity")`` of what has the focus."""
        focus = P.current_focus(self._sh("dumpsys window windows"))
        if focus is None:
            focus = P.resumed_activity(self._sh("dumpsys activity activities")) or ""
        return focus.partition("/")[0], focus

    def _logcat(self, buffers: tuple[str, ...], extra: str) -> list[str]:
        flags = " ".join(f"-b {b}" for b in buffers)
        out = self._sh(f"logcat -d -v threadtime {flags} {extra}")
        return out.splitlines()

    def _screen_status(self) -> tuple[str, bool, int, list[str]]:
        """Focus, keyboard, rotation and the logcat tail in one shell round trip (each adb call
        costs ~20 ms through the adb server): ``(package/.Activity, keyboard_shown,
        user_rotation, tail lines)``."""
        out = self._sh(
            f"dumpsys window windows; echo {_SPLIT}; dumpsys input_method; echo {_SPLIT}; "
            f"settings get system user_rotation; echo {_SPLIT}; "
            f"logcat -d -v threadtime -b main -b system -b crash -t {_LOGCAT_TAIL}",
            check=False,
        )
        parts = out.split(_SPLIT + "\n")
        if len(parts) != 4:
            raise DeviceError(f"unexpected status output from {self.serial}: {out[:200]!r}")
        window, ime, rotation, tail = parts
        self._keyboard = (time.monotonic(), P.input_shown(ime), P.ime_frame(window))
        focus = P.current_focus(window)
        if focus is None:
            focus = P.resumed_activity(self._sh("dumpsys activity activities")) or ""
        value = rotation.strip()
        return focus, P.input_shown(ime), int(value) if value.isdigit() else 0, tail.splitlines()

    def _fresh_screen(self) -> tuple[str, bytes]:
        """The dump and screenshot taken since the last action, when younger than
        :data:`_SEEN_MAX_AGE_S` (``("", b"")`` otherwise)."""
        if self._seen is None or time.monotonic() - self._seen[0] > _SEEN_MAX_AGE_S:
            return "", b""
        return self._seen[1], self._seen[2]

    def _observe_impl(self, screenshot: bool, hierarchy: bool) -> Observation:
        """A screen that never goes idle (no dump, plain or compressed: :meth:`dump`) is
        observed by a screenshot only, marked in ``hierarchy_missing``."""
        with self._lock:
            seen_xml, seen_png = self._fresh_screen()
            missing = ""
            try:
                xml = (seen_xml or self.dump()) if hierarchy else ""
            except ScreenNotIdleError as exc:
                xml, missing, screenshot = "", f"screenshot only: {exc}", True
                log.warning("observed_by_screenshot_only", serial=self.serial, reason=str(exc))
            png = (seen_png or self.screenshot()) if screenshot else b""
            if xml and png:
                self._seen = (time.monotonic(), xml, png)
            focus, keyboard, rotation, tail = self._screen_status()
            package, activity = focus.partition("/")[0], focus
            if xml:
                rotation = parse_hierarchy(xml).rotation
        return Observation(
            screenshot_png=png,
            hierarchy_xml=xml,
            package=package,
            activity=activity,
            orientation="landscape" if rotation in (1, 3) else "portrait",
            keyboard_shown=keyboard,
            logcat_cursor=P.cursor_after(tail),
            hierarchy_missing=missing,
        )

    # -- DeviceBackend: actions -------------------------------------------------------------------
    def _resolve(self, selector: Selector) -> tuple[ViewNode | None, tuple[int, int], str]:
        """The node a selector means on a fresh dump and the point to act on, or
        ``(None, (-1, -1), why)``; a selector with bounds only acts on their centre."""
        hierarchy: Hierarchy = parse_hierarchy(self._fresh_screen()[0] or self.dump())
        node = find_node(hierarchy, selector)
        if node is not None:
            return (
                node,
                node.bounds.center,
                f"matched {node.short_class} at {node.bounds.to_uiautomator()}",
            )
        if not (selector.resource_id or selector.text or selector.content_desc):
            if selector.bounds is None:
                return None, (-1, -1), "the selector is empty (no id, text, description or bounds)"
            return None, selector.bounds.center, f"bounds {selector.bounds.to_uiautomator()}"
        return None, (-1, -1), f"target not found: no {selector.describe()} on the current screen"

    def _execute_impl(self, action: Action) -> ExecuteResult:
        with self._lock:
            kind = action.kind
            try:
                result = self._act(action, kind)
            except InputRefusedError as exc:
                # The device refused the event: nothing happened (a typed text may be half in).
                result = ExecuteResult(False, str(exc), dirty=kind == A.INPUT_TEXT)
            except BaseException:
                self._path = None
                raise
            finally:
                self._seen = None  # whatever was on screen may have changed
                self._keyboard = None
            if not result.performed:
                if result.dirty:
                    self._path = None
                return result
            if self._path is not None:
                self._path.append(action)
            return result

    def _act(self, action: Action, kind: str) -> ExecuteResult:
        if kind in (A.CLICK, A.LONG_CLICK, A.INPUT_TEXT):
            assert action.target is not None
            node, (x, y), how = self._resolve(action.target)
            if x < 0:
                return ExecuteResult(False, how)
            covered = self._under_keyboard(x, y)
            if covered:
                # Never tap blind into the soft keyboard: hide it, then find the target again.
                self._input(f"keyevent {_KEYS[A.PRESS_BACK]}")
                self._seen = None
                self._keyboard = None
                node, (x, y), how = self._resolve(action.target)
                if x < 0:
                    return ExecuteResult(False, f"after hiding the soft keyboard: {how}")
                if self._under_keyboard(x, y):
                    return ExecuteResult(
                        False,
                        f"{action.target.describe()} at ({x},{y}) is under the soft keyboard, "
                        "which did not hide; not tapped",
                    )
                how += " (after hiding the soft keyboard that covered it)"
            if kind == A.CLICK:
                if self.grpc is not None:
                    self.grpc.tap(x, y)
                else:
                    self._input(f"tap {x} {y}")
                return ExecuteResult(True, f"tapped ({x},{y}): {how}", x, y)
            if kind == A.LONG_CLICK:
                self._input(f"swipe {x} {y} {x} {y} {LONG_PRESS_MS}")
                return ExecuteResult(True, f"long-pressed ({x},{y}): {how}", x, y)
            return self._input_text(action, node, x, y)
        if kind == A.SWIPE:
            return self._swipe(action)
        if kind == A.RESTART_APP:
            self._sh(f"am force-stop {self.package}")
            out = self._sh(
                f"monkey -p {self.package} -c android.intent.category.LAUNCHER 1", check=False
            )
            if "No activities found" in out or "monkey aborted" in out:
                return ExecuteResult(False, f"could not open {self.package} again: {out.strip()}")
            self._running = True
            self.wait_ready(f"after restarting {self.package}")
            return ExecuteResult(True, f"stopped {self.package} and opened it again")
        if kind == A.LEAVE_AND_RETURN:
            if self.grpc is not None:
                self.grpc.key("home")
            else:
                self._input(f"keyevent {_KEYS[A.PRESS_HOME]}")
            time.sleep(_AWAY_S)
            # The launcher intent brings the existing task to the front (no new instance).
            out = self._sh(
                f"monkey -p {self.package} -c android.intent.category.LAUNCHER 1", check=False
            )
            if "No activities found" in out or "monkey aborted" in out:
                return ExecuteResult(False, f"could not return to {self.package}: {out.strip()}")
            self.wait_ready(f"after returning to {self.package}")
            return ExecuteResult(True, f"went to the home screen and came back to {self.package}")
        if kind == A.ROTATE:
            value = 1 if action.orientation == "landscape" else 0
            self._sh(
                "settings put system accelerometer_rotation 0 && "
                f"settings put system user_rotation {value}"
            )
            return ExecuteResult(True, f"rotated to {action.orientation}")
        if self.grpc is not None:
            self.grpc.key(kind.removeprefix("press_"))
        else:
            self._input(f"keyevent {_KEYS[kind]}")
        return ExecuteResult(True, f"pressed {kind.removeprefix('press_')}")

    def _input_text(self, action: Action, node: ViewNode | None, x: int, y: int) -> ExecuteResult:
        if node is None or not node.is_editable:
            assert action.target is not None
            return ExecuteResult(
                False, f"{action.target.describe()} is not an editable text field", x, y
            )
        try:
            # Printable ASCII through `input text` (a literal "%s" in two parts), a newline as
            # the Enter key; anything else through ADBKeyboard when the device has it.
            commands: list[str] | None = P.input_text_commands(action.text)
        except ValueError as exc:
            commands = None
            if not self._has_adb_keyboard():
                return self._cannot_type(action.text, str(exc), x, y)
        self._input(f"tap {x} {y}")  # focus the field
        current = "" if node.password else node.text
        for attempt in (1, 2):
            if current:
                # The cursor goes to the end, then one DEL per character (in batches).
                keys = ["KEYCODE_MOVE_END"] + ["KEYCODE_DEL"] * len(current)
                for start in range(0, len(keys), 64):
                    self._input("keyevent " + " ".join(keys[start : start + 64]))
            if commands is None:
                self._type_with_adb_keyboard(action.text)
            else:
                for command in commands:
                    self._input(command)
            if node.password or "\n" in action.text:
                # A password field shows dots; an Enter may have submitted the field or moved
                # the focus, and typing again would press it twice: nothing to read back.
                break
            shown = self._field_text(node)
            if shown == action.text:
                break
            log.warning(
                "typed_text_mismatch", serial=self.serial, attempt=attempt, shown=shown[:80]
            )
            if attempt == 2:
                return ExecuteResult(
                    False,
                    f'typed "{action.text}" but the field shows "{shown}" (read back twice)',
                    x,
                    y,
                    dirty=True,
                )
            current = shown
        return ExecuteResult(
            True, f'typed "{action.text}" into {node.short_class} at ({x},{y})', x, y
        )

    def _field_text(self, typed_into: ViewNode) -> str:
        """The text the field now shows: the focused editable node of a fresh dump (else the
        editable node at the same place)."""
        hierarchy = parse_hierarchy(self.dump())
        fields = [n for n in hierarchy.iter() if n.is_editable]
        focused = [n for n in fields if n.focused]
        same = [n for n in fields if n.bounds == typed_into.bounds]
        found = focused or same
        return found[0].text if found else ""

    def _has_adb_keyboard(self) -> bool:
        """Whether the ADBKeyboard input method (github.com/senzhk/ADBKeyBoard) is installed:
        it types any Unicode text, ``%s`` included, from a broadcast."""
        if self._adb_keyboard is None:
            listed = self._sh("ime list -s", check=False)
            self._adb_keyboard = ADB_KEYBOARD_IME in listed.split()
        return self._adb_keyboard

    def _type_with_adb_keyboard(self, text: str) -> None:
        """Type ``text`` through ADBKeyboard (``ADB_INPUT_B64``: base64 needs no escaping), then
        switch back to the input method that was active."""
        previous = self._sh("settings get secure default_input_method", check=False).strip()
        self._sh(f"ime enable {ADB_KEYBOARD_IME}", check=False)
        self._sh(f"ime set {ADB_KEYBOARD_IME}")
        try:
            encoded = base64.b64encode(text.encode("utf-8")).decode("ascii")
            self._sh(f"am broadcast -a ADB_INPUT_B64 --es msg {encoded}")
        finally:
            if previous != ADB_KEYBOARD_IME and V.IME_ID_RE.fullmatch(previous):
                self._sh(f"ime set {previous}", check=False)

    def _cannot_type(self, text: str, reason: str, x: int, y: int) -> ExecuteResult:
        """Not performed: this device cannot type ``text``. Logged once per reason."""
        message = (
            f"cannot type {text!r} on {self.serial}: {reason}; install ADBKeyboard "
            "(com.android.adbkeyboard) on the device to type any text"
        )
        if reason not in self._reported:
            self._reported.add(reason)
            log.warning("text_not_typable", serial=self.serial, reason=reason)
        return ExecuteResult(False, message, x, y)

    def _under_keyboard(self, x: int, y: int) -> bool:
        """Whether the soft keyboard is shown and covers the point ``(x, y)`` (its window frame
        from ``dumpsys window``; the bottom 40 % of the screen when no frame is listed)."""
        known = self._keyboard
        if known is not None and time.monotonic() - known[0] <= _SEEN_MAX_AGE_S:
            shown, frame = known[1], known[2]  # from the observation just before, no action since
        else:
            out = self._sh(
                f"dumpsys window windows; echo {_SPLIT}; dumpsys input_method", check=False
            )
            window, _, ime = out.partition(_SPLIT + "\n")
            shown, frame = P.input_shown(ime), P.ime_frame(window)
        if not shown:
            return False
        if frame is None:
            info = self.info()
            landscape = self._screen_status()[2] in (1, 3)
            w, h = (
                (info.screen_height, info.screen_width)
                if landscape
                else (info.screen_width, info.screen_height)
            )
            frame = (0, h * 6 // 10, w, h)
        left, top, right, bottom = frame
        return left <= x < right and top <= y < bottom

    def _swipe(self, action: Action) -> ExecuteResult:
        area: tuple[int, int, int, int] | None = None
        if action.target is not None and (
            action.target.resource_id or action.target.text or action.target.content_desc
        ):
            node, _, _ = self._resolve(action.target)
            if node is not None:
                b = node.bounds
                area = (b.left, b.top, b.right, b.bottom)
        if area is None and action.target is not None and action.target.bounds is not None:
            b = action.target.bounds
            area = (b.left, b.top, b.right, b.bottom)
        if area is None:
            info = self.info()
            landscape = self._screen_status()[2] in (1, 3)
            w, h = (
                (info.screen_height, info.screen_width)
                if landscape
                else (
                    info.screen_width,
                    info.screen_height,
                )
            )
            area = (0, h // 10, w, h - h // 10)
        left, top, right, bottom = area
        cx, cy = (left + right) // 2, (top + bottom) // 2
        dx, dy = (right - left) * 3 // 10, (bottom - top) * 3 // 10
        start, end = {
            "up": ((cx, cy + dy), (cx, cy - dy)),
            "down": ((cx, cy - dy), (cx, cy + dy)),
            "left": ((cx + dx, cy), (cx - dx, cy)),
            "right": ((cx - dx, cy), (cx + dx, cy)),
        }[action.direction]
        self._input(f"swipe {start[0]} {start[1]} {end[0]} {end[1]} {SWIPE_MS}")
        return ExecuteResult(True, f"swiped {action.direction} from {start} to {end}", *start)

    # -- DeviceBackend: snapshots -----------------------------------------------------------------
    def _require_console(self, what: str) -> EmulatorConsole:
        if self.console is None:
            raise UnsupportedError(
                f"{what}: {self.serial} is not an emulator (no console), so it has no snapshots; "
                "its states are reached by replay from the app's fresh start"
            )
        return self.console

    def _console(self, line: str, snapshot_id: str, timeout_s: float | None = None) -> str:
        if snapshot_id:
            V.check_snapshot_id(snapshot_id)
        console = self._require_console(line.split()[2] if len(line.split()) > 2 else line)
        try:
            return console.command(line, timeout_s)
        except ConsoleError as exc:
            raise SnapshotError(
                f"the emulator console of {self.serial} refused `{line}`: KO: {exc}"
            ) from exc
        except DeviceError as exc:
            self._failed(str(exc))
            raise

    def _save_snapshot_impl(self, snapshot_id: str) -> SnapshotInfo:
        with self._lock:
            if self.console is None:
                if self._path is None:
                    raise UnsupportedError(
                        f"{self.serial} is a phone (no snapshots) and the way to its current "
                        f"state is unknown, so it cannot be saved as {snapshot_id!r}; start from "
                        "reset_app(launch=True)"
                    )
                self._replay_points[snapshot_id] = list(self._path)
            else:
                self._console(f"avd snapshot save {snapshot_id}", snapshot_id)
                self._snapshot_activity[snapshot_id] = self.foreground()[1]
            info = SnapshotInfo(
                snapshot_id=snapshot_id,
                compat_key=self.info().snapshot_compat_key,
                sha256="",
                size_bytes=0,
                created_unix=time.time(),
            )
            self._snapshots[snapshot_id] = info
            return info

    def _load_snapshot_impl(self, snapshot_id: str) -> None:
        with self._lock:
            if self.console is None:
                self._replay(snapshot_id)
                return
            self._seen = None
            self._keyboard = None
            self._path = None
            self._console(f"avd snapshot load {snapshot_id}", snapshot_id)
            self._verify_restored(snapshot_id)

    def _load_snapshot_expecting_impl(self, snapshot_id: str, fingerprint: str) -> bool:
        """A load whose screen is known: instead of the dump-based readiness check, screenshots
        until one shows exactly ``fingerprint`` (about 20 ms each over the emulator's
        gRPC, against two or more ``uiautomator dump``s); then the input and activity checks
        as for any load. When the screen settles on something else (or never settles within
        :data:`KNOWN_SCREEN_WAIT_S`), the usual check runs and the answer is False."""
        with self._lock:
            if self.console is None:
                self._replay(snapshot_id)
                return self._screen_fingerprint_impl() == fingerprint
            self._seen = None
            self._keyboard = None
            self._path = None
            self._console(f"avd snapshot load {snapshot_id}", snapshot_id)
            if self._shows(fingerprint):
                self._check_restored(snapshot_id)
                return True
            self._verify_restored(snapshot_id)
            return False

    def _shows(self, fingerprint: str) -> bool:
        """True once a screenshot has ``fingerprint`` (the saved screen, which was settled when
        it was recorded); False as soon as two in a row agree on another screen (it settled
        elsewhere) or after :data:`KNOWN_SCREEN_WAIT_S`."""
        deadline = time.monotonic() + min(KNOWN_SCREEN_WAIT_S, self.ready_timeout_s)
        previous = ""
        while time.monotonic() < deadline:
            try:
                current = _screen_digest(self.screenshot(), self.info().density_dpi)
            except DeviceError:
                return False  # no screenshot: the dump-based check decides
            if current == fingerprint:
                return True
            if current == previous:
                return False
            previous = current
            time.sleep(0.05)
        return False

    def _screen_fingerprint_impl(self) -> str:
        with self._lock:
            png = self._fresh_screen()[1] or self.screenshot()
        return _screen_digest(png, self.info().density_dpi)

    def _verify_restored(self, snapshot_id: str) -> None:
        """A load that answered OK counts as restored only when the screen is drawn (not black)
        and stable, input is accepted, and the activity in front when the snapshot was saved
        is in front again; otherwise :class:`SnapshotError` (the caller falls back to replay)."""
        self.wait_ready(f"after loading snapshot {snapshot_id!r}")
        self._check_restored(snapshot_id)

    def _check_restored(self, snapshot_id: str) -> None:
        """The input and activity halves of :meth:`_verify_restored` (no dump). Input must
        work within :data:`INPUT_READY_WAIT_S` (the input service comes up a moment after a
        load: ``cmd: Can't find service: input``, exit 20, until then)."""
        deadline = time.monotonic() + INPUT_READY_WAIT_S
        while True:
            # KEYCODE_UNKNOWN changes nothing and proves input works; the focus in the same trip.
            out = self._sh(
                f"input keyevent 0; echo {P.EXIT_MARK}$?; echo {_SPLIT}; dumpsys window windows",
                both=True,
            )
            window = out.partition(_SPLIT + "\n")[2]
            why = P.input_failure(out)  # stderr comes after stdout: read all of it
            status = P.exit_status(out)
            if not why and status:
                why = f"`input keyevent 0` exited {status}"
            if not why:
                break
            # Only a service not up yet is worth waiting for (an exception such as a missing
            # INJECT_EVENTS permission stays).
            coming_up = bool(status) or "Can't find service" in why
            if not coming_up or time.monotonic() >= deadline:
                self._failed(why)
                raise SnapshotError(
                    f"snapshot {snapshot_id!r} loaded on {self.serial} but input does not work: "
                    f"{why}" + (f" (still after {INPUT_READY_WAIT_S:g} s)" if coming_up else "")
                )
            time.sleep(0.25)
        expected = self._snapshot_activity.get(snapshot_id, "")
        if expected:
            activity = P.current_focus(window) or self.foreground()[1]
            if activity != expected:
                raise SnapshotError(
                    f"loading snapshot {snapshot_id!r} on {self.serial} answered OK, but "
                    f"{activity or 'nothing'} is in front instead of {expected}; not restored"
                )

    def _replay(self, snapshot_id: str) -> None:
        """A phone's snapshot load: clear and launch the app, then run the saved path again."""
        if snapshot_id not in self._replay_points:
            raise SnapshotError(f"no snapshot {snapshot_id!r} on phone {self.serial}")
        path = self._replay_points[snapshot_id]
        self._reset_app_impl(launch=True)
        for i, action in enumerate(path):
            if not self._execute_impl(action).performed:
                raise SnapshotError(
                    f"replaying snapshot {snapshot_id!r} on phone {self.serial}: step {i + 1} "
                    f"({action.describe()}) found no target; the app did not behave the same"
                )
        self.wait_ready(f"after replaying {len(path)} actions for {snapshot_id!r}")

    def wait_ready(self, when: str) -> str:
        """Wait until the screen is drawn (the screenshot is not black) and stable (two dumps in
        a row with the same structural hash); returns the dump. Raises :class:`SnapshotError`
        when that does not happen within ``ready_timeout_s``."""
        deadline = time.monotonic() + self.ready_timeout_s
        previous = ""
        problem = "no dump yet"
        while time.monotonic() < deadline:
            try:
                xml = self.dump()
                digest = structural_hash(xml)
                if digest == previous:
                    png = self.screenshot()
                    if not _is_black(png):
                        self._seen = (time.monotonic(), xml, png)
                        return xml
                problem = "the screen was still changing" if digest != previous else "black screen"
                previous = digest
            except DeviceError as exc:
                problem = str(exc)
                previous = ""
                time.sleep(0.2)
        self._failed(f"not ready {when}")
        raise SnapshotError(
            f"{self.serial} did not settle {when} within {self.ready_timeout_s:.0f} s ({problem})"
        )

    def _list_snapshots_impl(self) -> list[SnapshotInfo]:
        if self.console is None:
            return list(self._snapshots.values())
        names = P.snapshot_names(self._console("avd snapshot list", ""))
        key = self.info().snapshot_compat_key
        return [self._snapshots.get(n) or SnapshotInfo(n, key, "", 0, 0.0) for n in names]

    def _delete_snapshot_impl(self, snapshot_id: str) -> bool:
        self._snapshots.pop(snapshot_id, None)
        if self.console is None:
            return self._replay_points.pop(snapshot_id, None) is not None
        try:
            self._console(f"avd snapshot del {snapshot_id}", snapshot_id)
        except SnapshotError:
            return False
        return True

    def _export_snapshot_impl(
        self, snapshot_id: str, chunk_bytes: int
    ) -> tuple[SnapshotInfo, Iterator[bytes]]:
        # `pull` writes the file on the emulator's host: the agent must run on that host.
        path = self._transit_file(snapshot_id)
        try:
            self._console(f"avd snapshot pull {snapshot_id} {path}", snapshot_id, 600.0)
            data = path.read_bytes()
        finally:
            path.unlink(missing_ok=True)
        base = self._snapshots.get(snapshot_id)
        info = SnapshotInfo(
            snapshot_id=snapshot_id,
            compat_key=self.info().snapshot_compat_key,
            sha256=hashlib.sha256(data).hexdigest(),
            size_bytes=len(data),
            created_unix=base.created_unix if base else time.time(),
            imported=base.imported if base else False,
        )
        return info, (data[i : i + chunk_bytes] for i in range(0, len(data), chunk_bytes))

    def _transit_file(self, snapshot_id: str) -> Path:
        """The file a snapshot passes through on this host: ``<data_dir>/snapshots/<id>.tar``,
        checked to stay inside the data directory (``ValueError`` otherwise)."""
        V.check_snapshot_id(snapshot_id)
        folder = self.data_dir / "snapshots"
        folder.mkdir(exist_ok=True)
        return V.inside(folder, f"{snapshot_id}.tar")

    def _import_snapshot_impl(self, info: SnapshotInfo, chunks: Iterable[bytes]) -> SnapshotInfo:
        V.check_snapshot_id(info.snapshot_id)
        key = self.info().snapshot_compat_key
        if info.compat_key != key:
            raise SnapshotError(
                f"cannot import snapshot {info.snapshot_id!r} into {self.serial}: it was taken "
                f"with compatibility key {info.compat_key!r}, this device has {key!r} (same "
                "emulator build, system image, AVD config, CPU vendor and app build are needed)"
            )
        data = b"".join(chunks)
        if info.sha256 and hashlib.sha256(data).hexdigest() != info.sha256:
            raise SnapshotError(
                f"snapshot {info.snapshot_id!r} arrived corrupt (sha256 mismatch); export it again"
            )
        path = self._transit_file(info.snapshot_id)
        try:
            path.write_bytes(data)
            self._console(f"avd snapshot push {info.snapshot_id} {path}", info.snapshot_id, 600.0)
        finally:
            path.unlink(missing_ok=True)
        stored = SnapshotInfo(
            snapshot_id=info.snapshot_id,
            compat_key=key,
            sha256=hashlib.sha256(data).hexdigest(),
            size_bytes=len(data),
            created_unix=time.time(),
            imported=True,
        )
        self._snapshots[info.snapshot_id] = stored
        return stored

    # -- DeviceBackend: logcat --------------------------------------------------------------------
    def _read_logcat_impl(
        self, cursor: int, buffers: tuple[str, ...], max_lines: int
    ) -> LogcatChunk:
        buffers = tuple(buffers) or ("main", "system", "crash")
        extra = f"-t '{P.since_argument(cursor)}'" if cursor > 0 else ""
        lines = self._logcat(buffers, extra)
        fresh = P.lines_after(lines, cursor)
        if max_lines > 0:
            fresh = fresh[:max_lines]
        next_cursor = P.cursor_after(lines if not max_lines else _upto(lines, fresh)) or cursor
        return LogcatChunk(lines=fresh, next_cursor=next_cursor)

    # -- DeviceBackend: the app -------------------------------------------------------------------
    def _status(self) -> AppStatus:
        version = P.version_name(self._sh(f"dumpsys package {self.package}", check=False))
        return AppStatus(self.package, version, self.label, self._running)

    def _requested_apk(self, name: str) -> Path:
        """The APK a request names: a bare file name inside ``apk_dir``, resolved and checked
        (``ValueError`` for anything else, :class:`AppNotFoundError` when absent)."""
        V.check_id(name, "apk_path", V.APK_NAME_RE)
        if self.apk_dir is None:
            raise ValueError(
                f"apk_path {name!r}: this agent installs APKs only from the directory it was "
                "started with; restart it with --apk-dir DIR and put the APK there"
            )
        path = V.inside(self.apk_dir, name)
        if not path.is_file():
            raise AppNotFoundError(f"no APK {name!r} in the agent's --apk-dir {self.apk_dir}")
        return path

    def _install_app_impl(self, app: str, version: str, apk_path: str) -> AppStatus:
        apk = str(self._requested_apk(apk_path)) if apk_path else self.apk_path
        if apk:
            if not Path(apk).is_file():
                raise AppNotFoundError(f"--apk {apk!r} is not a file")
            remote = f"/data/local/tmp/{V.check_id(Path(apk).name, 'APK name', V.APK_NAME_RE)}"
            try:
                self._dev.sync.push(apk, remote)
            except (adbutils.AdbError, OSError) as exc:
                raise DeviceError(f"could not push {apk} to {self.serial}: {exc}") from exc
            out = self._sh(f"pm install -r -t {remote}", check=False)
            if "Success" not in out:
                raise DeviceError(f"pm install {apk} failed on {self.serial}: {out.strip()}")
        if not self._sh(f"pm path {self.package}", check=False).strip():
            raise AppNotFoundError(
                f"package {self.package} is not installed on {self.serial}; pass --apk to "
                "install it"
            )
        self._info = None
        return self._status()

    def _launch_app_impl(self) -> AppStatus:
        with self._lock:
            self._keyboard = None
            out = self._sh(
                f"monkey -p {self.package} -c android.intent.category.LAUNCHER 1", check=False
            )
            if "No activities found" in out or "monkey aborted" in out:
                raise AppNotFoundError(
                    f"{self.package} has no launcher activity on {self.serial}: {out.strip()}"
                )
            self._running = True
            self._path = [] if self._cleared else None
            self._cleared = False
            screen = self.wait_ready(f"after launching {self.package}")
            problem = P.error_dialog(screen)
            if problem:  # the bug may be exactly that: report it, do not fail
                log.warning("app_error_dialog_at_launch", serial=self.serial, kind=problem)
            return self._status()

    def _reset_app_impl(self, launch: bool) -> AppStatus:
        with self._lock:
            self._keyboard = None
            self._sh(f"am force-stop {self.package}")
            out = self._sh(f"pm clear {self.package}", check=False)
            if "Success" not in out:
                raise DeviceError(f"pm clear {self.package} failed on {self.serial}: {out.strip()}")
            self._running = False
            self._cleared = True
            if launch:
                self._launch_app_impl()
            return self._status()

    def _close_impl(self) -> None:
        if self.grpc is not None:
            self.grpc.close()
        if self.console is not None:
            self.console.close()
        if self._own_data_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)


class InputRefusedError(DeviceError):
    """``input`` printed an exception (exit status 0): the event was not injected."""


def ensure_adb_server(host: str = "127.0.0.1", port: int = 5037, timeout_s: float = 20.0) -> None:
    """Make sure an adb server answers at ``host:port``: start one with the ``adb`` binary when
    none does and the host is this machine. Raises :class:`DeviceError` naming the fix."""
    import socket
    import subprocess

    try:
        socket.create_connection((host, port), timeout=2.0).close()
        return
    except OSError:
        pass
    adb = shutil.which("adb")
    if host not in ("127.0.0.1", "localhost", "::1") or adb is None:
        raise DeviceError(
            f"no adb server at {host}:{port}"
            + ("" if adb else " and no `adb` binary on PATH (apt-get install adb)")
            + f"; start one with `adb -P {port} start-server`"
        )
    result = subprocess.run(
        [adb, "-P", str(port), "start-server"], capture_output=True, text=True, timeout=timeout_s
    )
    if result.returncode != 0:
        raise DeviceError(f"`adb -P {port} start-server` failed: {result.stderr.strip()}")


def _upto(lines: list[str], taken: list[str]) -> list[str]:
    """``lines`` up to and including the last line of ``taken`` (for a truncated read)."""
    if not taken:
        return []
    last = taken[-1]
    index = max(i for i, line in enumerate(lines) if line == last)
    return lines[: index + 1]


def _console_port_of(serial: str) -> int | None:
    """N of ``emulator-N``; ``None`` for other serials (phones, ``host:port``)."""
    if serial.startswith("emulator-") and serial[len("emulator-") :].isdigit():
        return int(serial[len("emulator-") :])
    return None


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_END = b"IEND\xaeB`\x82"  # the IEND chunk's type and CRC: the last 8 bytes of every PNG


def _decodable_png(data: bytes) -> bytes | None:
    """``data`` when it is a whole PNG (signature first, IEND chunk last: cheap, no pixel
    decoding); the repaired bytes when it is one after undoing a ``\n`` → ``\r\n`` conversion
    (which breaks the signature: ``\x89PNG\r\r\n``); ``None`` otherwise (empty, cut short,
    not a PNG)."""
    if data.startswith(_PNG_SIGNATURE) and data.endswith(_PNG_END):
        return data
    if b"\r\n" in data:
        repaired = data.replace(b"\r\n", b"\n")
        if repaired.startswith(_PNG_SIGNATURE) and repaired.endswith(_PNG_END):
            return repaired
    return None


def _screen_digest(png: bytes, density_dpi: int) -> str:
    """sha256 of a screenshot's pixels below the status bar (:data:`STATUS_BAR_DP`; its clock
    and icons change by themselves), with the image size: the screen fingerprint of
    :meth:`AdbDevice.screen_fingerprint`. A taller status bar (a display cutout) only makes
    fingerprints differ more often, which costs a dump, never a wrong state."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as img:
        width, height = img.size
        bar = min(-(-STATUS_BAR_DP * density_dpi // 160), height)
        digest = hashlib.sha256(f"{width}x{height}|{img.mode}|".encode())
        digest.update(img.crop((0, bar, width, height)).tobytes())
    return digest.hexdigest()


def _is_black(png: bytes) -> bool:
    """True when the screenshot is (almost) all black: the display is not drawn yet."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as img:
        extrema = img.convert("L").getextrema()
    high = extrema[1] if isinstance(extrema[1], int | float) else 255
    return bool(high < 16)


__all__ = ["AdbDevice", "BACKEND", "UNHEALTHY_AFTER", "ensure_adb_server"]
