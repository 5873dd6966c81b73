"""The shell of the adb-speaking virtual device: the commands the adb backend sends, answered from
a :class:`~device_agent.virtual.device.VirtualDevice` in the output formats of real Android.

A command line is split like ``sh`` does (quotes, backslashes; ``;``, ``&&`` and ``||`` chain
commands, ``$?`` is the last exit status); pipes and redirections are not supported (the backend
filters output itself). Supported commands, each with the output real devices print:
``uiautomator dump [--compressed] [FILE|/dev/tty]``, ``screencap [-p] [FILE]``, ``input
tap|swipe|text|keyevent``, ``settings get|put|list``, ``dumpsys window [windows]|activity
[activities]|input_method|package PKG``, ``logcat -d [-b B]... [-v threadtime] [-t N|TIME]``,
``logcat [-b B]... -c`` (clears those buffers, by default main, system and crash), ``getprop
[NAME]``, ``wm size [WxH|reset]|density`` (an override size scales dumps and input, a
display of another size), ``am force-stop|start``, ``monkey -p PKG ... 1``,
``pm clear|list packages|path``, ``cmd package resolve-activity --brief PKG``, ``cat``, ``rm``,
``echo``, ``sleep``, ``true``/``false``. Anything else is ``sh: X: not found`` (status 127).

:class:`Faults` makes the device slow or wedged on purpose, for tests of the backend's error
paths (a dump that cannot get an idle state, or that hangs).
"""

from __future__ import annotations

import re
import shlex
import time
import zlib
from dataclasses import dataclass, field
from datetime import datetime

from device_agent.virtual.device import API_LEVEL, DENSITY_DPI, SCREEN_SIZE, VirtualDevice
from device_agent.virtual.logcat import EPOCH

DUMP_TRAILER = "UI hierchary dumped to: {path}\n"  # sic: uiautomator's own spelling
IDLE_ERROR = "ERROR: could not get idle state.\n"
# What `input` prints (exit status 0) when the system refuses the injection.
INPUT_EXCEPTION = (
    "Exception occurred while executing 'tap':\n"
    "java.lang.SecurityException: Injecting input events requires the caller (or the source of "
    "the instrumentation, if any) to have the INJECT_EVENTS permission.\n"
    "\tat com.android.server.input.InputManagerService.injectInputEventToTarget(InputManagerService"
    ".java:805)\n"
)
ADB_KEYBOARD = "com.android.adbkeyboard/.AdbIME"
LATIN_IME = "com.android.inputmethod.latin/.LatinIME"
_BOUNDS_RE = re.compile(r'bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"')

# KEYCODE_* names and numbers (android.view.KeyEvent) the device reacts to.
KEYCODES = {
    "KEYCODE_HOME": 3,
    "KEYCODE_BACK": 4,
    "KEYCODE_ENTER": 66,
    "KEYCODE_DEL": 67,
    "KEYCODE_MOVE_END": 123,
    "KEYCODE_MOVE_HOME": 122,
    "KEYCODE_ESCAPE": 111,
    "KEYCODE_WAKEUP": 224,
    "KEYCODE_MENU": 82,
}
_KEY_ACTIONS = {3: "home", 4: "back", 66: "enter", 67: "delete"}

PROPS = {
    "ro.build.version.sdk": str(API_LEVEL),
    "ro.build.version.release": "11",
    "ro.build.fingerprint": "reprofarm/sdk_gphone_x86_64/generic_x86_64:11/RSR1.201013.001/"
    "6903271:userdebug/dev-keys",
    "ro.product.model": "reprofarm virtual device",
    "ro.product.name": "sdk_gphone_x86_64",
    "ro.product.device": "generic_x86_64",
    "ro.kernel.qemu": "1",
    "ro.boot.qemu": "1",
    "sys.boot_completed": "1",
    "init.svc.bootanim": "stopped",
}


@dataclass
class Faults:
    """Misbehaviour on demand (tests): the next ``idle_errors`` dumps print
    :data:`IDLE_ERROR`; the next ``empty_dumps`` dumps hold no node (``<hierarchy rotation="0"
    />``, as when uiautomator catches no window); every dump first sleeps ``dump_delay_s``;
    ``snapshot_load_ko`` makes the console refuse snapshot loads; after ``wedge_after_dumps``
    dumps the shell hangs.

    Devices that lie (issue 15, section 3), each counting down per occurrence:
    ``screencap_crlf`` screenshots come back with every ``\n`` turned into ``\r\n`` (a tty's
    line-ending conversion); ``screencap_empty`` come back empty; ``black_screens`` are all
    black; ``input_exceptions`` ``input`` commands print :data:`INPUT_EXCEPTION`, do nothing and
    exit 0; ``text_drops`` ``input text`` commands lose their last character. ``load_noop``: the
    console answers OK to snapshot loads without loading. ``foreign_anr``: the package whose
    "isn't responding" dialog appears at the next dump (then cleared). ``adb_keyboard``: the
    ADBKeyboard input method is installed (``ime list``, ``am broadcast -a ADB_INPUT_B64``).
    ``logcat_clear_fails``: ``logcat -c`` prints ``failed to clear the 'crash' log`` and exits 1,
    clearing nothing (as on devices that refuse it).
    ``input_service_missing``: that many ``input`` commands print ``cmd: Can't find service:
    input`` on stderr and exit 20, doing nothing (the input service not up yet after a snapshot
    load). ``never_idle``: every plain ``uiautomator dump`` prints :data:`IDLE_ERROR` (an
    animated screen); with ``never_idle_compressed`` ``--compressed`` dumps do too. ``taps``
    records every ``input tap`` point.
    """

    idle_errors: int = 0
    empty_dumps: int = 0
    dump_delay_s: float = 0.0
    snapshot_load_ko: bool = False
    wedge_after_dumps: int = -1
    wedge_s: float = 30.0
    dumps: int = 0
    screencap_crlf: int = 0
    screencap_empty: int = 0
    black_screens: int = 0
    input_exceptions: int = 0
    text_drops: int = 0
    load_noop: bool = False
    foreign_anr: str = ""
    adb_keyboard: bool = False
    logcat_clear_fails: bool = False
    input_service_missing: int = 0
    never_idle: bool = False
    never_idle_compressed: bool = False
    taps: list[tuple[int, int]] = field(default_factory=list)

    @property
    def wedged(self) -> bool:
        """True once ``wedge_after_dumps`` (>= 0) dumps were served: from then on every shell
        command hangs ``wedge_s`` seconds before answering (a device that stopped responding)."""
        return 0 <= self.wedge_after_dumps <= self.dumps


@dataclass
class Result:
    """What a command wrote and its exit status."""

    stdout: bytes = b""
    stderr: bytes = b""
    status: int = 0


@dataclass
class Shell:
    """Runs shell command lines against ``device``; ``files`` is the device's tiny file system
    (path → bytes) where dumps and screenshots are written; ``settings`` holds
    ``settings put`` values by ``namespace/key``."""

    device: VirtualDevice
    faults: Faults = field(default_factory=Faults)
    files: dict[str, bytes] = field(default_factory=dict)
    settings: dict[str, str] = field(
        default_factory=lambda: {
            "system/accelerometer_rotation": "1",
            "system/user_rotation": "0",
            "secure/default_input_method": LATIN_IME,
        }
    )
    display_size: tuple[int, int] | None = None  # `wm size WxH` (portrait pixels)

    # -- command lines -------------------------------------------------------------------------
    def run(self, line: str) -> Result:
        """Run a command line (``a; b && c || d``); output of all commands, last status."""
        if self.faults.wedged:
            time.sleep(self.faults.wedge_s)
        out = Result()
        last = 0
        lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|")
        lexer.whitespace_split = True
        words: list[str] = []
        pending_op = ";"
        tokens = list(lexer) + [";"]
        for tok in tokens:
            if tok in (";", "&&", "||", "&", "|"):
                if tok == "|":
                    return Result(stderr=b"sh: pipes are not supported by this device\n", status=2)
                if words:
                    run_it = (
                        pending_op in (";", "&")
                        or (pending_op == "&&" and last == 0)
                        or (pending_op == "||" and last != 0)
                    )
                    if run_it:
                        words = [w.replace("$?", str(last)) for w in words]
                        res = self.command(words)
                        out.stdout += res.stdout
                        out.stderr += res.stderr
                        last = res.status
                    words = []
                pending_op = tok
            else:
                words.append(tok)
        out.status = last
        return out

    def command(self, argv: list[str]) -> Result:
        """Run one command (already split into words)."""
        name, args = argv[0], argv[1:]
        handler = getattr(self, "_cmd_" + name.replace("-", "_"), None)
        if handler is None:
            return Result(stderr=f"/system/bin/sh: {name}: not found\n".encode(), status=127)
        try:
            result: Result = handler(args)
        except _Usage as exc:
            return Result(stderr=f"{name}: {exc}\n".encode(), status=1)
        return result

    # -- files and trivia --------------------------------------------------------------------------
    def _cmd_true(self, args: list[str]) -> Result:
        return Result()

    def _cmd_false(self, args: list[str]) -> Result:
        return Result(status=1)

    def _cmd_echo(self, args: list[str]) -> Result:
        return Result(stdout=(" ".join(args) + "\n").encode())

    def _cmd_sleep(self, args: list[str]) -> Result:
        time.sleep(min(float(args[0]) if args else 0.0, 5.0))
        return Result()

    def _cmd_cat(self, args: list[str]) -> Result:
        out = b""
        for path in args:
            if path not in self.files:
                return Result(
                    stdout=out,
                    stderr=f"cat: {path}: No such file or directory\n".encode(),
                    status=1,
                )
            out += self.files[path]
        return Result(stdout=out)

    def _cmd_rm(self, args: list[str]) -> Result:
        force = "-f" in args
        for path in (a for a in args if not a.startswith("-")):
            if self.files.pop(path, None) is None and not force:
                return Result(stderr=f"rm: {path}: No such file or directory\n".encode(), status=1)
        return Result()

    def _cmd_getprop(self, args: list[str]) -> Result:
        if args:
            return Result(stdout=(PROPS.get(args[0], "") + "\n").encode())
        return Result(stdout="".join(f"[{k}]: [{v}]\n" for k, v in sorted(PROPS.items())).encode())

    # -- display size override (`wm size WxH`): the screen as a phone of another size shows it --
    def _display(self) -> tuple[float, float]:
        """Device pixels per virtual pixel ``(x, y)`` in the current orientation: 1 unless
        ``wm size WxH`` set an override, which then scales dumps and input (the app is laid out
        at the virtual device's 1080x1920 and shown scaled, like a display of another size)."""
        if self.display_size is None:
            return 1.0, 1.0
        w, h = self.display_size
        if self.device.s["orientation"] == "landscape":
            return h / SCREEN_SIZE[1], w / SCREEN_SIZE[0]
        return w / SCREEN_SIZE[0], h / SCREEN_SIZE[1]

    def _to_virtual(self, x: int, y: int) -> tuple[int, int]:
        fx, fy = self._display()
        return int(x / fx), int(y / fy)

    def _scaled_dump(self, xml: str) -> str:
        fx, fy = self._display()
        if (fx, fy) == (1.0, 1.0):
            return xml

        def scale(m: re.Match[str]) -> str:
            x1, y1, x2, y2 = (int(v) for v in m.groups())
            return (
                f'bounds="[{round(x1 * fx)},{round(y1 * fy)}][{round(x2 * fx)},{round(y2 * fy)}]"'
            )

        return _BOUNDS_RE.sub(scale, xml)

    def _cmd_wm(self, args: list[str]) -> Result:
        if args[:1] == ["size"]:
            if len(args) == 2 and args[1] == "reset":
                self.display_size = None
                return Result()
            if len(args) == 2:
                m = re.fullmatch(r"(\d+)x(\d+)", args[1])
                if not m:
                    raise _Usage(f"bad size {args[1]!r} (WIDTHxHEIGHT or reset)")
                self.display_size = (int(m.group(1)), int(m.group(2)))
                return Result()
            out = f"Physical size: {SCREEN_SIZE[0]}x{SCREEN_SIZE[1]}\n"
            if self.display_size is not None:
                out += f"Override size: {self.display_size[0]}x{self.display_size[1]}\n"
            return Result(stdout=out.encode())
        if args[:1] == ["density"]:
            return Result(stdout=f"Physical density: {DENSITY_DPI}\n".encode())
        raise _Usage("usage: wm size|density")

    # -- the screen --------------------------------------------------------------------------------
    def _cmd_uiautomator(self, args: list[str]) -> Result:
        if not args or args[0] != "dump":
            raise _Usage("only `uiautomator dump [--compressed] [FILE]` is supported")
        paths = [a for a in args[1:] if not a.startswith("--")]
        path = paths[0] if paths else "/sdcard/window_dump.xml"
        self.faults.dumps += 1
        if self.faults.dump_delay_s:
            time.sleep(self.faults.dump_delay_s)
        if self.faults.idle_errors > 0:
            self.faults.idle_errors -= 1
            return Result(stderr=IDLE_ERROR.encode(), status=1)
        compressed = "--compressed" in args
        if (self.faults.never_idle and not compressed) or self.faults.never_idle_compressed:
            return Result(stderr=IDLE_ERROR.encode(), status=1)
        if self.faults.foreign_anr:
            package, self.faults.foreign_anr = self.faults.foreign_anr, ""
            label = package.rsplit(".", 1)[-1]
            self.device.s["sys_windows"].append({"kind": "anr", "package": package, "label": label})
            self.device._invalidate()
        xml = self._scaled_dump(self.device.observe(screenshot=False, hierarchy=True).hierarchy_xml)
        if self.faults.empty_dumps > 0:
            self.faults.empty_dumps -= 1
            xml = xml[: xml.index("<hierarchy")] + '<hierarchy rotation="0" />'
        trailer = DUMP_TRAILER.format(path=path).encode()
        if path == "/dev/tty":
            return Result(stdout=xml.encode("utf-8") + trailer)
        self.files[path] = xml.encode("utf-8")
        return Result(stdout=trailer)

    def _cmd_screencap(self, args: list[str]) -> Result:
        png = self.device.observe(screenshot=True, hierarchy=False).screenshot_png
        f = self.faults
        if f.screencap_empty > 0:
            f.screencap_empty -= 1
            png = b""
        elif f.black_screens > 0:
            f.black_screens -= 1
            png = _black_png(png)
        elif f.screencap_crlf > 0:
            f.screencap_crlf -= 1
            png = png.replace(b"\n", b"\r\n")
        paths = [a for a in args if not a.startswith("-")]
        if paths:
            self.files[paths[0]] = png
            return Result()
        return Result(stdout=png)

    # -- input -------------------------------------------------------------------------------------
    def _cmd_input(self, args: list[str]) -> Result:
        if args and args[0] in ("touchscreen", "keyboard", "mouse", "dpad", "trackball"):
            args = args[1:]  # the input source does not matter here
        if not args:
            raise _Usage("usage: input [source] tap|swipe|text|keyevent ...")
        verb, rest = args[0], args[1:]
        d = self.device
        if self.faults.input_service_missing > 0:
            self.faults.input_service_missing -= 1
            return Result(stderr=b"cmd: Can't find service: input\n", status=20)
        if self.faults.input_exceptions > 0:
            self.faults.input_exceptions -= 1
            return Result(stdout=INPUT_EXCEPTION.replace("'tap'", f"'{verb}'").encode())
        try:
            if verb == "tap" and len(rest) == 2:
                x, y = self._to_virtual(int(float(rest[0])), int(float(rest[1])))
                self.faults.taps.append((x, y))
                d.tap(x, y)
            elif verb == "swipe" and len(rest) in (4, 5):
                x1, y1, x2, y2 = (int(float(v)) for v in rest[:4])
                (x1, y1), (x2, y2) = self._to_virtual(x1, y1), self._to_virtual(x2, y2)
                d.swipe_points(x1, y1, x2, y2, int(rest[4]) if len(rest) == 5 else 300)
            elif verb == "text" and rest:
                # `input text` turns %s into a space (the shell has already removed escapes).
                text = " ".join(rest).replace("%s", " ")
                if self.faults.text_drops > 0:
                    self.faults.text_drops -= 1
                    text = text[:-1]
                d.type_text(text)
            elif verb == "keyevent" and rest:
                for key in (k for k in rest if not k.startswith("--")):
                    code = KEYCODES.get(key) if not key.isdigit() else int(key)
                    if code is None and not key.startswith("KEYCODE_"):
                        code = KEYCODES.get("KEYCODE_" + key.upper())
                    if code is None:
                        raise _Usage(f"unknown keycode {key!r}")
                    action = _KEY_ACTIONS.get(code)
                    if action is not None:
                        d.key(action)
            else:
                raise _Usage(f"bad input command: {' '.join(args)}")
        except ValueError as exc:
            raise _Usage(f"bad number in `input {' '.join(args)}`: {exc}") from exc
        return Result()

    # -- settings (rotation, animations) ---------------------------------------------------------
    def _cmd_settings(self, args: list[str]) -> Result:
        if len(args) >= 3 and args[0] == "get":
            return Result(
                stdout=(self.settings.get(f"{args[1]}/{args[2]}", "null") + "\n").encode()
            )
        if len(args) >= 4 and args[0] == "put":
            key, value = f"{args[1]}/{args[2]}", args[3]
            self.settings[key] = value
            self._apply_rotation()
            return Result()
        if len(args) >= 2 and args[0] == "list":
            lines = [f"{k.split('/', 1)[1]}={v}" for k, v in sorted(self.settings.items())]
            return Result(stdout="".join(line + "\n" for line in lines if line).encode())
        raise _Usage("usage: settings get|put|list NAMESPACE [KEY [VALUE]]")

    def _apply_rotation(self) -> None:
        """With accelerometer rotation off, ``user_rotation`` decides (0/2 portrait, 1/3
        landscape); the device re-creates the foreground activity when it changes."""
        if self.settings.get("system/accelerometer_rotation", "1") != "0":
            return
        wanted = (
            "landscape" if self.settings.get("system/user_rotation", "0") in "13" else "portrait"
        )
        if self.device.s["orientation"] != wanted:
            from device_agent.actions import ROTATE, Action

            self.device.execute(Action(ROTATE, orientation=wanted))

    # -- dumpsys -----------------------------------------------------------------------------------
    def _focus(self) -> tuple[str, str]:
        """``(mCurrentFocus window title, mFocusedApp component)``."""
        obs = self.device.observe(screenshot=False, hierarchy=False)
        sys_windows = self.device.s.get("sys_windows") or []
        component = obs.activity
        if sys_windows:
            top = sys_windows[-1]
            title = "Application Not Responding" if top["kind"] == "anr" else "Application Error"
            return f"{title}: {top['package']}", component
        return component, component

    def _cmd_dumpsys(self, args: list[str]) -> Result:
        what = args[0] if args else ""
        focus, app = self._focus()
        h = f"{zlib.crc32(app.encode()) % 0xFFFFFFF:07x}"  # a stable window id
        if what == "window":
            lines = ["WINDOW MANAGER WINDOWS (dumpsys window windows)"]
            if self.device.observe(screenshot=False, hierarchy=False).keyboard_shown:
                left, top, right, bottom = self.device.geometry.keyboard
                lines += [
                    "  Window #1 Window{7d1e2f0 u0 InputMethod}:",
                    "    mDisplayId=0 rootTaskId=1 mSession=Session{1c2d3e4 987:u0a10050}",
                    f"    mFrame=[{left},{top}][{right},{bottom}] last=[0,0][0,0]",
                ]
            lines += [
                f"  Window #0 Window{{{h} u0 {app}}}:",
                "    mDisplayId=0 rootTaskId=1 mSession=Session{4f3a2b1 1234:u0a10088} mClient=x",
                f"  mCurrentFocus=Window{{{h} u0 {focus}}}",
                f"  mFocusedApp=ActivityRecord{{{h} u0 {app} t12}}",
            ]
        elif what == "activity":
            lines = [
                "ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)",
                "Display #0 (activities from top to bottom):",
                "  * Task{6c3f1d2 #12 type=standard I=" + app + "}",
                f"  ResumedActivity: ActivityRecord{{{h} u0 {app} t12}}",
                f"  mResumedActivity: ActivityRecord{{{h} u0 {app} t12}}",
                f"  mFocusedApp=ActivityRecord{{{h} u0 {app} t12}}",
            ]
        elif what == "input_method":
            shown = self.device.observe(screenshot=False, hierarchy=False).keyboard_shown
            lines = [
                "Input Method Manager Service state:",
                f"  mInputShown={'true' if shown else 'false'}",
                f"  mDecorViewVisible={'true' if shown else 'false'}",
            ]
        elif what == "package" and len(args) > 1:
            app_model = self.device.app
            if app_model is None or app_model.package != args[1]:
                return Result(stdout=b"")
            lines = [
                "Packages:",
                f"  Package [{app_model.package}] (5b1c3d2):",
                f"    versionName={app_model.version}",
            ]
        else:
            raise _Usage("supported: dumpsys window|activity|input_method|package PKG")
        return Result(stdout="".join(line + "\n" for line in lines).encode())

    # -- logcat ------------------------------------------------------------------------------------
    def _cmd_logcat(self, args: list[str]) -> Result:
        buffers: list[str] = []
        tail: int = 0
        since: str = ""
        clear = False
        i = 0
        while i < len(args):
            a = args[i]
            if a in ("-b", "-v", "-t", "-T") and i + 1 < len(args):
                value = args[i + 1]
                if a == "-b":
                    buffers += value.split(",")
                elif a in ("-t", "-T"):
                    if value.isdigit():
                        tail = int(value)
                    else:
                        since = value
                i += 2
                continue
            clear = clear or a == "-c"
            i += 1
        if clear:
            picked = tuple(buffers or ["main", "system", "crash"])
            if self.faults.logcat_clear_fails:
                # Some devices refuse it (SELinux, a crash buffer owned by another user).
                return Result(stderr=f"failed to clear the '{picked[0]}' log\n".encode(), status=1)
            self.device.clear_logcat(picked)
            return Result()
        chunk = self.device.read_logcat(0, tuple(buffers or ["main", "system", "crash"]), 0)
        lines = chunk.lines
        if since:
            limit = _stamp_key(since)
            lines = [ln for ln in lines if ln.startswith("-") or _stamp_key(ln[:18]) >= limit]
        if tail:
            body = [ln for ln in lines if not ln.startswith("--------- ")]
            lines = body[-tail:]
        return Result(stdout="".join(line + "\n" for line in lines).encode())

    # -- apps --------------------------------------------------------------------------------------
    def _package_ok(self, package: str) -> bool:
        app = self.device.app
        return app is not None and app.package == package

    def _cmd_am(self, args: list[str]) -> Result:
        if args[:1] == ["broadcast"]:
            return self._am_broadcast(args[1:])
        if args[:1] == ["force-stop"] and len(args) > 1:
            if self._package_ok(args[-1]):
                self.device.force_stop()
            return Result()
        if args[:1] == ["start"]:
            comps = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "-n"]
            if comps and self.device.app and comps[0].split("/")[0] == self.device.app.package:
                self.device.launch_app()
                return Result(stdout=f"Starting: Intent {{ cmp={comps[0]} }}\n".encode())
            return Result(
                stderr=b"Error: Activity not started, unable to resolve Intent\n", status=1
            )
        raise _Usage("supported: am force-stop PKG | am start -n PKG/ACTIVITY")

    def _cmd_ime(self, args: list[str]) -> Result:
        installed = [LATIN_IME] + ([ADB_KEYBOARD] if self.faults.adb_keyboard else [])
        if args[:1] == ["list"]:
            return Result(stdout="".join(f"{name}\n" for name in installed).encode())
        if args[:1] in (["set"], ["enable"]) and len(args) == 2:
            if args[1] not in installed:
                return Result(
                    stderr=f"Unknown input method {args[1]} cannot be selected\n".encode(),
                    status=255,
                )
            if args[0] == "set":
                self.settings["secure/default_input_method"] = args[1]
            return Result(stdout=f"Input method {args[1]} selected for user #0\n".encode())
        raise _Usage("supported: ime list [-s] | ime enable|set ID")

    def _am_broadcast(self, args: list[str]) -> Result:
        """``am broadcast -a ADB_INPUT_B64 --es msg BASE64``: ADBKeyboard types the text into the
        focused field, when it is the current input method."""
        import base64

        action = args[args.index("-a") + 1] if "-a" in args[:-1] else ""
        extras = {args[i + 1]: args[i + 2] for i, a in enumerate(args[:-2]) if a == "--es"}
        active = self.settings.get("secure/default_input_method") == ADB_KEYBOARD
        if action == "ADB_INPUT_B64" and active and "msg" in extras:
            self.device.type_text(base64.b64decode(extras["msg"]).decode("utf-8"))
        return Result(
            stdout=b"Broadcasting: Intent { act=" + action.encode() + b" flg=0x400000 }\n"
            b"Broadcast completed: result=0\n"
        )

    def _cmd_monkey(self, args: list[str]) -> Result:
        pkgs = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "-p"]
        if not pkgs or not self._package_ok(pkgs[0]):
            return Result(stdout=b"** No activities found to run, monkey aborted.\n", status=251)
        self.device.launch_app()
        return Result(stdout=b"Events injected: 1\n## Network stats: elapsed time=12ms\n")

    def _cmd_pm(self, args: list[str]) -> Result:
        app = self.device.app
        if args[:1] == ["clear"] and len(args) > 1:
            if not self._package_ok(args[1]):
                return Result(stdout=b"Failed\n", status=1)
            self.device.reset_app(launch=False)
            return Result(stdout=b"Success\n")
        if args[:2] == ["list", "packages"]:
            names = ["android", "com.android.systemui", "com.android.settings"]
            if app is not None:
                names.append(app.package)
            wanted = [a for a in args[2:] if not a.startswith("-")]
            names = [n for n in names if not wanted or wanted[0] in n]
            return Result(stdout="".join(f"package:{n}\n" for n in names).encode())
        if args[:1] == ["path"] and len(args) > 1:
            if not self._package_ok(args[1]):
                return Result(status=1)
            return Result(stdout=f"package:/data/app/{args[1]}-1/base.apk\n".encode())
        if args[:1] == ["install"]:
            return Result(
                stdout=b"Failure [INSTALL_FAILED_INVALID_APK: the virtual device runs catalog "
                b"app models only; start it with `reprofarm virtual-device --app NAME`]\n",
                status=1,
            )
        raise _Usage("supported: pm clear|list packages|path|install")

    def _cmd_cmd(self, args: list[str]) -> Result:
        app = self.device.app
        if args[:2] == ["package", "resolve-activity"] and args and self._package_ok(args[-1]):
            assert app is not None
            return Result(stdout=f"{app.package}/{app.launch_activity}\n".encode())
        return Result(stdout=b"No activity found\n")


def _black_png(like: bytes) -> bytes:
    """An all-black PNG of the same size as the PNG ``like`` (a display not drawn yet)."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(like)) as img:
        size = img.size
    out = io.BytesIO()
    Image.new("RGB", size).save(out, format="PNG")
    return out.getvalue()


class _Usage(Exception):
    """A command was called in a way this device does not support (exit status 1)."""


def _stamp_key(stamp: str) -> tuple[int, int, int, int, int, int]:
    """``"MM-DD HH:MM:SS.mmm"`` (or with a leading ``YYYY-``) → a sortable tuple."""
    stamp = stamp.strip()
    if len(stamp) >= 23 and stamp[4] == "-":
        stamp = stamp[5:]
    try:
        at = datetime.strptime(stamp[:18], "%m-%d %H:%M:%S.%f")
    except ValueError:
        return (0, 0, 0, 0, 0, 0)
    return (at.month, at.day, at.hour, at.minute, at.second, at.microsecond // 1000)


__all__ = [
    "ADB_KEYBOARD",
    "EPOCH",
    "Faults",
    "IDLE_ERROR",
    "INPUT_EXCEPTION",
    "KEYCODES",
    "PROPS",
    "Result",
    "Shell",
]
