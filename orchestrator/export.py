"""``reprofarm export``: a confirmed trace from ``result.json`` as something a developer runs
without reprofarm.

Two forms, both pure functions of the result dict (no device, no network):

- :func:`to_adb_script`: a POSIX ``sh`` script that drives the device with ``adb`` alone, the way
  the adb backend (``device_agent/adb/backend.py``) performs each action: taps and long presses
  at the centre of the target's recorded bounds, swipes over the target (or the screen), ``input
  text`` escaped by :func:`device_agent.adb.parsers.input_text_args`, key events, rotation through
  ``settings put system user_rotation``. It warns when the device's screen size differs from the
  recorded one and, for a crash, ends by looking for the app's crash in ``logcat -b crash``.
- :func:`to_maestro_flow`: a Maestro flow (YAML) that finds widgets by resource-id, text or
  content-desc (regex-escaped: Maestro matches them as regular expressions), falling back to
  the recorded point.

Both raise :class:`~orchestrator.errors.BadInputError` for a result that is not a confirmed
reproduction (unless ``allow_unconfirmed``), has an empty trace, or has a malformed one.
"""

from __future__ import annotations

import math
import re
import shlex
from dataclasses import dataclass, field
from typing import Any

import yaml

from device_agent import actions as A
from device_agent.actions import Action, Selector
from device_agent.adb.backend import LONG_PRESS_MS, SWIPE_MS
from device_agent.adb.parsers import input_text_args
from device_agent.virtual.device import SCREEN_SIZE
from device_agent.virtual.uixml import escape_attr
from orchestrator.errors import BadInputError
from orchestrator.replay import trace_actions
from orchestrator.report_images import action_points
from orchestrator.screen_checks import evidence_text

ADB_SCRIPT_NAME = "repro.sh"
MAESTRO_FLOW_NAME = "repro.maestro.yaml"
CONFIRMED_VERDICTS = ("crash", "symptom")
DEFAULT_DELAY_S = 1.0
LAUNCH_WAIT_S = 3.0
# Keys per `input keyevent` command when clearing a field (the adb backend batches the same way).
KEYS_PER_COMMAND = 64
# Maestro's eraseText removes 50 characters unless told more.
MAESTRO_ERASE_MIN = 50

_KEYCODES = {
    A.PRESS_BACK: "KEYCODE_BACK",
    A.PRESS_ENTER: "KEYCODE_ENTER",
    A.PRESS_DELETE: "KEYCODE_DEL",
    A.PRESS_HOME: "KEYCODE_HOME",
}
_MAESTRO_KEYS = {A.PRESS_ENTER: "Enter", A.PRESS_DELETE: "Backspace", A.PRESS_HOME: "Home"}
# Android's user_rotation values (Surface.ROTATION_0 / ROTATION_90), as the adb backend sets them;
# Maestro's setOrientation maps PORTRAIT / LANDSCAPE_LEFT to the same two values on Android.
_USER_ROTATION = {"portrait": 0, "landscape": 1}
_MAESTRO_ORIENTATION = {"portrait": "PORTRAIT", "landscape": "LANDSCAPE_LEFT"}

_PACKAGE_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$")
_ACTIVITY_RE = re.compile(r"^[A-Za-z0-9_.$]+/[A-Za-z0-9_.$]+$")
_REGEX_SPECIAL = frozenset("\\.^$|?*+()[]{}")
# Entry names (after ":id/") that list rows, preference items and menu entries share.
_GENERIC_ID_RE = re.compile(
    r"(?:^|_)(?:label|title|text\d*|name|icon|image|summary|subtitle|item|row|checkbox|"
    r"content|value|desc|description|list|container)$",
    re.IGNORECASE,
)
_PERMISSION_PREFIXES = (
    "com.android.permissioncontroller",
    "com.google.android.permissioncontroller",
)


@dataclass(frozen=True)
class Export:
    """An exported reproduction: ``text`` (the script or flow, ready to write to a file) and
    ``notes`` (one line each: what a person should know before running it, e.g. text that cannot
    be typed, an assumed screen size, a command that needs a recent Maestro)."""

    text: str
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Step:
    number: int
    action: Action
    description: str
    activity: str
    orientation: str  # the screen's orientation when the step starts


@dataclass
class _Trace:
    bug_id: str
    title: str
    verdict: str
    package: str
    app_name: str
    app_version: str
    launch_activity: str
    screen: tuple[int, int]  # portrait pixels (width, height)
    screen_recorded: bool
    start_orientation: str
    steps: list[_Step]
    crash: dict[str, Any] | None
    symptom: str
    device: str = ""  # one line: the device the trace was found on
    evidence: str = ""
    checks: list[dict[str, Any]] = field(default_factory=list)
    id_counts: dict[int, int] = field(default_factory=dict)  # step → widgets with its id
    notes: list[str] = field(default_factory=list)


# -- reading the result ------------------------------------------------------------------------


def _one_line(value: Any, limit: int = 200) -> str:
    """``value`` as one printable line (comments and messages must not break out of a line)."""
    text = " ".join(str(value or "").split())
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _screen_size(
    result: dict[str, Any], override: tuple[int, int] | None
) -> tuple[tuple[int, int], bool]:
    """The recorded screen size in portrait pixels and whether the result recorded it."""
    if override is not None:
        ow, oh = override
        if ow <= 0 or oh <= 0:
            raise BadInputError(
                f"screen size {ow}x{oh} is not positive; give WIDTHxHEIGHT in pixels"
            )
        return (min(ow, oh), max(ow, oh)), True
    device = result.get("device")
    candidates: list[Any] = [result.get("screen")]
    if isinstance(device, dict):
        candidates.append(
            {"width": device.get("screen_width"), "height": device.get("screen_height")}
        )
    devices = result.get("devices")
    if isinstance(devices, list):
        candidates += [
            {"width": d.get("screen_width"), "height": d.get("screen_height")}
            for d in devices
            if isinstance(d, dict)
        ]
    for c in candidates:
        if isinstance(c, dict):
            w, h = c.get("width"), c.get("height")
            if isinstance(w, int) and isinstance(h, int) and w > 0 and h > 0:
                return (min(w, h), max(w, h)), True
    return (int(SCREEN_SIZE[0]), int(SCREEN_SIZE[1])), False


def _load(result: Any, *, allow_unconfirmed: bool, screen_size: tuple[int, int] | None) -> _Trace:
    if not isinstance(result, dict) or "trace" not in result or "app" not in result:
        raise BadInputError(
            "not a reprofarm result (no 'trace' or 'app' key): pass the result.json that "
            "`reprofarm reproduce` wrote"
        )
    bug_id = _one_line(result.get("bug_id") or "the bug")
    verdict = str(result.get("verdict", ""))
    if verdict not in CONFIRMED_VERDICTS and not allow_unconfirmed:
        raise BadInputError(
            f"{bug_id}: the verdict is {verdict or 'missing'!r}, not a confirmed reproduction "
            "(crash or symptom), so its trace is not known to trigger the bug; export it anyway "
            "with --allow-unconfirmed"
        )
    trace = result["trace"]
    if not isinstance(trace, list):
        raise BadInputError(f"{bug_id}: the result's trace is malformed (not a list of steps)")
    if not trace:
        raise BadInputError(
            f"{bug_id}: the result has an empty trace (verdict {verdict or 'missing'}): there is "
            "nothing to export"
        )
    actions = trace_actions(result)
    app = result["app"] if isinstance(result["app"], dict) else {}
    package = str(app.get("package", ""))
    if not _PACKAGE_RE.match(package):
        raise BadInputError(
            f"{bug_id}: the result's app package {package!r} is missing or not an Android "
            "package name (e.g. com.example.app); fix 'app.package' in result.json"
        )
    activity = str(app.get("launch_activity") or app.get("activity") or "")
    if activity and not _ACTIVITY_RE.match(activity):
        activity = ""
    screen, recorded = _screen_size(result, screen_size)

    steps: list[_Step] = []
    first_from = trace[0].get("from_screen") if isinstance(trace[0], dict) else None
    orientation = "portrait"
    if isinstance(first_from, dict) and first_from.get("orientation") in A.ORIENTATIONS:
        orientation = str(first_from["orientation"])
    start = orientation
    for i, (raw, action) in enumerate(zip(trace, actions, strict=True)):
        from_screen = raw.get("from_screen") if isinstance(raw, dict) else None
        from_screen = from_screen if isinstance(from_screen, dict) else {}
        if from_screen.get("orientation") in A.ORIENTATIONS:
            orientation = str(from_screen["orientation"])
        description = raw.get("description") if isinstance(raw, dict) else ""
        steps.append(
            _Step(
                number=i + 1,
                action=action,
                description=_one_line(description or action.describe()),
                activity=_one_line(from_screen.get("activity", "")),
                orientation=orientation,
            )
        )
        if action.kind == A.ROTATE:
            orientation = action.orientation
    raw_crash, raw_spec = result.get("crash"), result.get("spec")
    crash: dict[str, Any] | None = raw_crash if isinstance(raw_crash, dict) else None
    spec: dict[str, Any] = raw_spec if isinstance(raw_spec, dict) else {}
    out = _Trace(
        bug_id=bug_id,
        title=_one_line(result.get("title", "")),
        verdict=verdict,
        package=package,
        app_name=_one_line(app.get("name", "")),
        app_version=_one_line(app.get("version", "")),
        launch_activity=activity,
        screen=screen,
        screen_recorded=recorded,
        start_orientation=start,
        steps=steps,
        crash=crash if verdict == "crash" else None,
        symptom=_one_line(spec.get("symptom", ""), 300),
        device=_device_line(result.get("device")),
        evidence=_one_line(evidence_text(result.get("evidence")), 300),
        checks=_checks(result.get("final_screen")),
        id_counts={
            i + 1: int(raw["from_screen"]["target_id_count"])
            for i, raw in enumerate(trace)
            if isinstance(raw, dict)
            and isinstance(raw.get("from_screen"), dict)
            and isinstance(raw["from_screen"].get("target_id_count"), int)
        },
    )
    if not recorded:
        out.notes.append(
            f"result.json does not record the screen size; assumed {screen[0]}x{screen[1]}, the "
            "virtual device's (give --screen WxH if the run used another device)"
        )
    return out


def _device_line(device: Any) -> str:
    """``result.json``'s ``device`` as one line, e.g. ``virtual, API 30, 420 dpi, portrait``."""
    if not isinstance(device, dict):
        return ""
    parts = [
        str(device.get("backend") or ""),
        f"API {device['api_level']}" if device.get("api_level") else "",
        f"{device['density_dpi']} dpi" if device.get("density_dpi") else "",
        str(device.get("orientation") or ""),
    ]
    return _one_line(", ".join(p for p in parts if p))


_CHECK_KINDS = ("shown", "absent", "checked", "app_left")


def _checks(final_screen: Any) -> list[dict[str, Any]]:
    """The well-formed checks of ``result.json``'s ``final_screen`` (see
    :mod:`orchestrator.screen_checks`); malformed entries are dropped."""
    raw = final_screen.get("checks") if isinstance(final_screen, dict) else None
    out: list[dict[str, Any]] = []
    for check in raw if isinstance(raw, list) else []:
        if not isinstance(check, dict) or check.get("kind") not in _CHECK_KINDS:
            continue
        if check["kind"] != "app_left" and not isinstance(check.get("text"), str):
            continue
        out.append(check)
    return out


def _crash_line(crash: dict[str, Any] | None) -> str:
    if not crash:
        return ""
    raw_root = crash.get("root_cause")
    root: dict[str, Any] = raw_root if isinstance(raw_root, dict) else {}
    cls = root.get("exception_class") or crash.get("exception_class") or "an exception"
    msg = root.get("message") or crash.get("message") or ""
    return _one_line(f"{cls}: {msg}" if msg else cls)


def _oriented(screen: tuple[int, int], orientation: str) -> tuple[int, int]:
    w, h = screen
    return (h, w) if orientation == "landscape" else (w, h)


def _target_point(step: _Step, trace: _Trace, what: str) -> tuple[int, int]:
    target = step.action.target
    if target is None or target.bounds is None:
        raise BadInputError(
            f"{trace.bug_id}: step {step.number} ({step.description}) has no recorded bounds for "
            f"its target, so the {what} cannot know where to touch; use --format maestro, which "
            "finds widgets by id or text"
        )
    x, y = target.bounds.center
    w, h = _oriented(trace.screen, step.orientation)
    if not (0 <= x < w and 0 <= y < h):
        trace.notes.append(
            f"step {step.number}: the point ({x},{y}) lies outside the {w}x{h} screen it was "
            "recorded on"
        )
    return x, y


def _swipe_points(step: _Step, trace: _Trace) -> tuple[tuple[int, int], tuple[int, int]]:
    """Start and end of a swipe, as the adb backend computes them
    (:func:`orchestrator.report_images.action_points`: 30% of the area either side of its
    centre, the area being the target's bounds or the screen minus a tenth at the top and the
    bottom)."""
    start, end = action_points(step.action.to_json(), _oriented(trace.screen, step.orientation))
    return start, end


# -- the adb script ----------------------------------------------------------------------------


def _sh_words(*words: Any) -> str:
    return " ".join(shlex.quote(str(w)) for w in words)


def _seconds(value: float) -> str:
    return f"{value:g}"


def to_adb_script(
    result: dict[str, Any],
    *,
    delay_s: float = DEFAULT_DELAY_S,
    allow_unconfirmed: bool = False,
    screen_size: tuple[int, int] | None = None,
) -> str:
    """The trace of ``result`` (a ``result.json`` dict) as a POSIX ``sh`` script that needs only
    ``adb`` on the PATH.

    ``delay_s`` is the default pause between steps in seconds (the script's ``REPRO_DELAY``
    overrides it); ``screen_size`` ``(width, height)`` in pixels replaces the recorded screen
    size. The script selects the device the way adb does (``ANDROID_SERIAL``), force-stops the app,
    clears its data (unless ``--keep-data``), sets the recorded start orientation, launches the
    app and performs each step. Exit status: 0 reproduced (a crash bug: the app's crash in
    ``logcat -b crash`` after the script's start, found with a time cursor; else the recorded
    evidence on the final screen), 1 not reproduced with every widget found, 2 not reproduced
    after a step's recorded widget was missing (the path was not followed), 3 a device or setup
    problem (adb failing, the app not installed, no dump, bad usage). Raises ``BadInputError`` (see
    :func:`adb_export`)."""
    return adb_export(
        result, delay_s=delay_s, allow_unconfirmed=allow_unconfirmed, screen_size=screen_size
    ).text


def adb_export(
    result: dict[str, Any],
    *,
    delay_s: float = DEFAULT_DELAY_S,
    allow_unconfirmed: bool = False,
    screen_size: tuple[int, int] | None = None,
) -> Export:
    """:func:`to_adb_script` with its notes. Raises ``BadInputError`` for a result that is not a
    confirmed reproduction (unless ``allow_unconfirmed``), an empty or malformed trace, a bad
    package name, a widget step without recorded bounds, or a negative or non-finite
    ``delay_s``."""
    if not (isinstance(delay_s, int | float) and math.isfinite(delay_s) and delay_s >= 0):
        raise BadInputError(f"the delay between steps must be 0 or more seconds, got {delay_s!r}")
    t = _load(result, allow_unconfirmed=allow_unconfirmed, screen_size=screen_size)
    pkg = t.package
    w, h = t.screen
    crash = _crash_line(t.crash)
    out: list[str] = ["#!/bin/sh"]
    out.append(f"# Reproduces {t.bug_id} with adb alone" + (f": {t.title}" if t.title else "."))
    out.append(
        f"# Generated by `reprofarm export --format adb` from a result.json with verdict "
        f"{t.verdict or 'unknown'}" + (f" ({crash})." if crash else ".")
    )
    if t.verdict not in CONFIRMED_VERDICTS:
        out.append("# WARNING: this trace was NOT confirmed to trigger the bug.")
    if t.symptom and t.verdict != "crash":
        out.append(f"# Expected symptom: {t.symptom}")
    version = " ".join(v for v in (t.app_name, t.app_version) if v)
    out.append(f"# App: {pkg}" + (f" ({version}); install that version first." if version else "."))
    out.append(
        f"# Screen: {w}x{h} (portrait pixels{'' if t.screen_recorded else ', assumed'})"
        + (f"; device: {t.device}" if t.device else "")
        + "."
    )
    out += [
        "# Each widget is found on a fresh `uiautomator dump` the way the trace recorded it:",
        "# resource id, then text, then content description; failing those, the recorded",
        "# position scaled to the device's screen. Each step says which it used.",
        "#",
        f"# Usage: ANDROID_SERIAL=<serial> sh {ADB_SCRIPT_NAME} [--keep-data]",
        "#   --keep-data          do not clear the app's data first (the trace starts from fresh",
        "#                        data, as after `pm clear`)",
        f"#   REPRO_DELAY=S        seconds between steps (default {_seconds(delay_s)})",
        f"#   REPRO_LAUNCH_WAIT=S  seconds for the app to start "
        f"(default {_seconds(LAUNCH_WAIT_S)})",
    ]
    out += [
        "#",
        "# Exit status (a nightly job can tell a fix from a broken test):",
        "#   0  reproduced: "
        + (
            "the app crashed after this script started"
            if crash
            else "the final screen shows the recorded evidence of the bug"
        ),
        "#   1  not reproduced: every step's widget was found and the bug did not show",
        "#   2  the recorded path could not be followed (a step's widget is not on the",
        "#      screen any more) and the bug did not show: the test needs a look, not the bug",
        "#   3  a device or setup problem (adb missing or failing, the app not installed, no",
        "#      uiautomator dump, bad usage)",
    ]
    out += [
        "set -eu",
        "",
        'ME=$(basename "$0")',
        f"PKG={shlex.quote(pkg)}",
        f"SCREEN={w}x{h}",
        f"REC_W={w}",
        f"REC_H={h}",
        f'DELAY="${{REPRO_DELAY:-{_seconds(delay_s)}}}"',
        f'LAUNCH_WAIT="${{REPRO_LAUNCH_WAIT:-{_seconds(LAUNCH_WAIT_S)}}}"',
        "CLEAR=1",
        'for arg in "$@"; do',
        '  case "$arg" in',
        "    --keep-data) CLEAR=0 ;;",
        "    -h|--help) sed -n '2,/^set -eu/p' \"$0\" | sed '$d'; exit 0 ;;",
        '    *) echo "$ME: unknown argument $arg (try --help)" >&2; exit 3 ;;',
        "  esac",
        "done",
        "",
        "# Every adb call goes through here: a failure stops the script with status 3.",
        "adb() {",
        '  command adb "$@" || {',
        "    status=$?",
        "    echo \"$ME: 'adb $*' failed (status $status)\" >&2",
        "    exit 3",
        "  }",
        "}",
        "step() {",
        "  printf '%s\\n' \"$*\"",
        "}",
        "by_hand() {",
        '  printf \'%s: %s\\n\' "$ME" "$*" >&2',
        "  if [ -t 0 ]; then printf 'press Enter when done ' >&2; read -r _; fi",
        "}",
        *_SH_LOCATOR.splitlines(),
        "",
        "if ! command -v adb >/dev/null 2>&1; then",
        '  echo "$ME: adb is not on the PATH (install the Android platform-tools)" >&2',
        "  exit 3",
        "fi",
        "adb get-state >/dev/null",
        "size=$(adb shell wm size | tr -d '\\r' | awk -F': *' "
        "'/^Override size/ {o=$2} /^Physical size/ {p=$2} END {print (o != \"\" ? o : p)}')",
        "DEV_W=${size%%x*}",
        "DEV_H=${size#*x}",
        'case "$DEV_W:$DEV_H" in',
        "  *[!0-9:]*|:*|*:) echo \"$ME: warning: cannot read the device's screen size "
        '(${size:-nothing}); positions stay as recorded" >&2; DEV_W=$REC_W; DEV_H=$REC_H ;;',
        "esac",
        'if [ "$DEV_W" -gt "$DEV_H" ]; then t=$DEV_W; DEV_W=$DEV_H; DEV_H=$t; fi',
        'if [ "${DEV_W}x$DEV_H" != "$SCREEN" ]; then',
        "  echo \"$ME: the device's screen is ${DEV_W}x$DEV_H, the trace was recorded on "
        '$SCREEN: widgets are found by id or text, positions are scaled" >&2',
        "fi",
        'if ! command adb shell pm path "$PKG" >/dev/null 2>&1; then',
        '  echo "$ME: $PKG is not installed on the device"'
        + (" " + shlex.quote(f"(install {version})") if version else "")
        + " >&2",
        "  exit 3",
        "fi",
        "",
        "# A fresh start, as the recording had: app stopped, data cleared, orientation fixed.",
        'adb shell am force-stop "$PKG"',
        'if [ "$CLEAR" = 1 ]; then adb shell pm clear "$PKG" >/dev/null; fi',
        "adb shell settings put system accelerometer_rotation 0",
        f"adb shell settings put system user_rotation {_USER_ROTATION[t.start_orientation]}",
    ]
    if crash:
        out += [
            "# Only crashes after this point count: a time cursor on the crash buffer (its newest",
            "# line's time and how many lines share it), since not every device honours -c.",
            "before=$(adb shell logcat -d -v threadtime -b crash)",
            "cursor=$(printf '%s\\n' \"$before\" | tr -d '\\r' | awk \"$CURSOR_AWK\")",
            "C_AT=${cursor% *}; C_SKIP=${cursor##* }",
            "command adb shell logcat -b crash -c >/dev/null 2>&1 || true  # forget older crashes",
        ]
    if t.launch_activity:
        out.append(f"adb shell am start -n {shlex.quote(t.launch_activity)} >/dev/null")
    else:
        out.append('adb shell monkey -p "$PKG" -c android.intent.category.LAUNCHER 1 >/dev/null')
    out.append('sleep "$LAUNCH_WAIT"')
    total = len(t.steps)
    for step in t.steps:
        out.append("")
        where = f" (on {step.activity})" if step.activity else ""
        out.append(f"# step {step.number}/{total}: {step.description}{where}")
        out.append(f"STEP={step.number}")
        out.append(_sh_words("step", f"step {step.number}/{total}: {step.description}"))
        out += _adb_step_lines(step, t)
        out.append('sleep "$DELAY"')
    out.append("")
    if crash:
        not_reproduced = f"not reproduced: no crash of {pkg} in logcat -b crash since the start"
        out += [
            "# The last step crashed the app when reprofarm recorded this trace.",
            'if [ -n "$C_AT" ]; then',
            "  crashes=$(adb shell logcat -d -v threadtime -b crash -t \"'$C_AT'\")",
            "else",
            "  crashes=$(adb shell logcat -d -v threadtime -b crash)",
            "fi",
            "crashes=$(printf '%s\\n' \"$crashes\" | tr -d '\\r' | C_AT=$C_AT C_SKIP=$C_SKIP "
            'awk "$AFTER_AWK")',
            'if printf \'%s\\n\' "$crashes" | grep -qF "Process: $PKG,"; then',
            "  printf '%s\\n' \"$crashes\" | tail -n 60",
            f"  echo {shlex.quote(f'reproduced: {pkg} crashed (recorded: {crash})')}",
            "  exit 0",
            "fi",
            "not_followed",
            f"echo {shlex.quote(not_reproduced)} >&2",
            "exit 1",
        ]
    else:
        out += _evidence_lines(t)
    return Export("\n".join(out) + "\n", list(t.notes))


# The locator the script carries: POSIX sh and awk only. `find_widget` reads a fresh dump and
# sets X, Y and HOW (id | text | content-desc | label | position); `scaled` maps a recorded point
# to the device's screen. Attribute values are compared XML-escaped, as the dump writes them.
_SH_LOCATOR = r"""
# SCREEN_XML <- a fresh `uiautomator dump` of the device (3 tries); status 1 when none comes.
dump_screen() {
  tries=0
  while [ "$tries" -lt 3 ]; do
    if command adb shell uiautomator dump /sdcard/reprofarm-dump.xml >/dev/null 2>&1; then
      SCREEN_XML=$(command adb shell cat /sdcard/reprofarm-dump.xml 2>/dev/null | tr -d '\r')
      case "$SCREEN_XML" in *"<hierarchy"*) return 0 ;; esac
    fi
    tries=$((tries + 1))
    sleep 1
  done
  SCREEN_XML=""
  return 1
}
# scaled ORIENTATION X Y: SX SY <- the recorded point on this device's screen.
scaled() {
  if [ "$1" = landscape ]; then
    SX=$(($2 * DEV_H / REC_H)); SY=$(($3 * DEV_W / REC_W))
  else
    SX=$(($2 * DEV_W / REC_W)); SY=$(($3 * DEV_H / REC_H))
  fi
}
ATTR_AWK='
function attr(rec, name,   i, s) {
  i = index(rec, " " name "=\"")
  if (i == 0) return ""
  s = substr(rec, i + length(name) + 3)
  return substr(s, 1, index(s, "\"") - 1)
}
'
FIND_AWK="$ATTR_AWK"'
BEGIN {
  RS = "<"; best = 9; ids = 0
  how[1] = "id"; how[2] = "text"; how[3] = "content-desc"; how[4] = "label"; how[5] = "id"
  wid = ENVIRON["W_ID"]; wt = ENVIRON["W_TEXT"]; wd = ENVIRON["W_DESC"]
  wl = ENVIRON["W_LABEL"]; edit = ENVIRON["W_EDIT"]; px = ENVIRON["SX"] + 0; py = ENVIRON["SY"] + 0
}
substr($0, 1, 5) == "node " {
  b = attr($0, "bounds"); gsub(/[^0-9]+/, " ", b)
  if (split(b, c, " ") < 4 || c[3] + 0 <= c[1] + 0 || c[4] + 0 <= c[2] + 0) next
  cx = int((c[1] + c[3]) / 2); cy = int((c[2] + c[4]) / 2)
  id = attr($0, "resource-id"); tx = attr($0, "text"); ds = attr($0, "content-desc")
  lv = 0
  same = (wt == "" || edit == "1" || tx == wt) && (wd == "" || ds == wd)
  if (wid != "" && id == wid && same) lv = 1
  else if (wt != "" && edit != "1" && tx == wt) lv = 2
  else if (wd != "" && ds == wd) lv = 3
  else if (wl != "" && tx == wl) lv = 4
  else if (wid != "" && id == wid) { lv = 5; ids++ }
  if (lv == 0) next
  d = (cx - px) * (cx - px) + (cy - py) * (cy - py)
  if (lv < best || (lv == best && d < bd)) { best = lv; bd = d; bx = cx; by = cy }
}
END {
  if (best == 5 && ids > 1) best = 9
  if (best < 9) print bx, by, how[best]; else print px, py, "position"
}'
# find_widget ORIENTATION ID TEXT DESC LABEL EDIT X Y: X Y HOW <- where the widget is now.
# A widget recorded with an id, text or content-desc that the dump lacks adds its step to LOST
# (the path was not followed there); a step without a dump goes to NO_DUMP.
STEP=0
LOST=""
NO_DUMP=""
# Called when the bug did not show: exit 3 when dumps failed, 2 when the path was not followed.
not_followed() {
  if [ -n "$NO_DUMP" ]; then
    echo "$ME: device problem: no uiautomator dump at step(s)$NO_DUMP, so their widgets were" \
      "not looked up; the bug did not show" >&2
    exit 3
  fi
  if [ -n "$LOST" ]; then
    echo "could not follow the recorded path: the widget of step(s)$LOST is not on the" \
      "screen any more (tapped the recorded position instead); the bug did not show" >&2
    exit 2
  fi
}
find_widget() {
  scaled "$1" "$7" "$8"
  if ! dump_screen; then
    echo "$ME: warning: no uiautomator dump; using the recorded position" >&2
    NO_DUMP="$NO_DUMP $STEP"
  fi
  found=$(printf '%s\n' "$SCREEN_XML" | W_ID=$2 W_TEXT=$3 W_DESC=$4 W_LABEL=$5 W_EDIT=$6 \
    SX=$SX SY=$SY awk "$FIND_AWK")
  X=${found%% *}; found=${found#* }; Y=${found%% *}; HOW=${found#* }
  if [ "$HOW" = position ]; then
    echo "  not found by id, text or content-desc: tapping the recorded position scaled ($X,$Y)"
    if [ -n "$2$3$4$5" ] && [ -n "$SCREEN_XML" ]; then LOST="$LOST $STEP"; fi
  else
    echo "  found by $HOW at ($X,$Y)"
  fi
}
# The crash buffer's newest time and how many lines carry it ("MM-DD HH:MM:SS.mmm N").
STAMP_RE='^[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9][.][0-9][0-9][0-9]'
export STAMP_RE
CURSOR_AWK='
$0 ~ ENVIRON["STAMP_RE"] { s = substr($0, 1, 18); if (s > at) { at = s; n = 0 } if (s == at) n++ }
END { if (at != "") print at, n }'
# The lines after the cursor C_AT/C_SKIP (all when C_AT is empty); separators dropped.
AFTER_AWK='
BEGIN { at = ENVIRON["C_AT"]; skip = ENVIRON["C_SKIP"] + 0 }
$0 ~ ENVIRON["STAMP_RE"] {
  s = substr($0, 1, 18)
  if (s < at) next
  if (s == at && skip > 0) { skip--; next }
  print
}'
CHECK_AWK="$ATTR_AWK"'
BEGIN { RS = "<"; t = ENVIRON["W_TEXT"]; rid = ENVIRON["W_ID"]; got = "" }
substr($0, 1, 5) == "node " && got == "" {
  if (attr($0, "text") == t && attr($0, "checkable") == "true") got = attr($0, "checked")
  else if (rid != "" && attr($0, "resource-id") == rid && byid == "") byid = attr($0, "checked")
}
END { print (got != "" ? got : byid) }'
# The final screen's evidence: each check says whether it holds and counts a failure.
FAILED=0
holds() { echo "  holds: $*"; }
fails() { echo "  does not hold: $*" >&2; FAILED=$((FAILED + 1)); }
check_shown() {
  case "$SCREEN_XML" in
    *" text=\"$1\""*|*" content-desc=\"$1\""*) holds "the screen shows $2"; return ;;
  esac
  if [ "$3" = contains ]; then
    case "$SCREEN_XML" in *"$1"*) holds "the screen shows $2"; return ;; esac
  fi
  fails "the screen does not show $2"
}
check_absent() {
  case "$SCREEN_XML" in
    *" text=\"$1\""*|*" content-desc=\"$1\""*) fails "the screen shows $2" ;;
    *) holds "the screen does not show $2" ;;
  esac
}
check_checked() {
  state=$(printf '%s\n' "$SCREEN_XML" | W_TEXT=$1 W_ID=$3 awk "$CHECK_AWK")
  if [ "$state" = "$4" ]; then holds "$2 is checked=$4"
  else fails "$2 is checked=${state:-?}, recorded $4"; fi
}
check_app_left() {
  case "$SCREEN_XML" in
    *" package=\"$PKG\""*) fails "the app is still in front" ;;
    *) holds "the app is no longer in front" ;;
  esac
}
"""


def _evidence_lines(t: _Trace) -> list[str]:
    """The end of a non-crash script: a fresh dump of the final screen, each recorded check
    (:mod:`orchestrator.screen_checks`), exit 0 only when there are checks and all hold."""
    evidence = t.evidence or "none recorded"
    lines = [
        "# The verifier's evidence when reprofarm recorded this trace:",
        f"# {evidence}",
        'echo "checking the final screen for the recorded evidence"',
        "if ! dump_screen; then",
        '  echo "$ME: cannot read the final screen (uiautomator dump failed)" >&2',
        "  exit 3",
        "fi",
    ]
    if not t.checks:
        t.notes.append(
            "the recorded evidence names nothing a script can check on the screen; the script "
            "exits 1 and prints the evidence for a person to judge"
        )
        lines += [
            _sh_words(
                "echo",
                f"not reproduced (undetermined): the evidence names nothing this script can "
                f"check; look at the screen for: {evidence}",
            )
            + " >&2",
            "exit 1",
        ]
        return lines
    for check in t.checks:
        kind = check["kind"]
        text = str(check.get("text", ""))
        shown = _one_line(repr(text), 120)
        if kind == "shown":
            lines.append(
                _sh_words("check_shown", escape_attr(text), shown, check.get("match", "exact"))
            )
        elif kind == "absent":
            lines.append(_sh_words("check_absent", escape_attr(text), shown))
        elif kind == "checked":
            lines.append(
                _sh_words(
                    "check_checked",
                    escape_attr(text),
                    shown,
                    escape_attr(str(check.get("resource_id", ""))),
                    "true" if check.get("checked") else "false",
                )
            )
        else:
            lines.append("check_app_left")
    lines += [
        'if [ "$FAILED" = 0 ]; then',
        f"  echo {shlex.quote(f'reproduced: the final screen shows the evidence ({evidence})')}",
        "  exit 0",
        "fi",
        "not_followed",
        'echo "not reproduced: $FAILED check(s) of the recorded evidence do not hold" >&2',
        "exit 1",
    ]
    return lines


def _locate_lines(step: _Step, t: _Trace, what: str) -> list[str]:
    """``find_widget`` for ``step``'s target: its recorded id, text, content-desc and label,
    and its recorded centre."""
    x, y = _target_point(step, t, what)
    sel = step.action.target
    assert sel is not None
    edit = "1" if "EditText" in sel.class_name or step.action.kind == A.INPUT_TEXT else "0"
    return [
        _sh_words(
            "find_widget",
            step.orientation,
            escape_attr(sel.resource_id),
            escape_attr(sel.text),
            escape_attr(sel.content_desc),
            escape_attr(sel.label),
            edit,
            x,
            y,
        )
    ]


def _adb_step_lines(step: _Step, t: _Trace) -> list[str]:
    action = step.action
    kind = action.kind
    if kind == A.CLICK:
        return _locate_lines(step, t, "adb script") + ['adb shell input tap "$X" "$Y"']
    if kind == A.LONG_CLICK:
        return _locate_lines(step, t, "adb script") + [
            f'adb shell input swipe "$X" "$Y" "$X" "$Y" {LONG_PRESS_MS}'
        ]
    if kind == A.INPUT_TEXT:
        lines = _locate_lines(step, t, "adb script") + ['adb shell input tap "$X" "$Y"']
        assert action.target is not None
        current = action.target.text
        if current:
            keys = ["KEYCODE_MOVE_END"] + ["KEYCODE_DEL"] * len(current)
            lines.append(f"# clear the field: it showed {len(current)} characters")
            for start in range(0, len(keys), KEYS_PER_COMMAND):
                lines.append(
                    "adb shell input keyevent " + " ".join(keys[start : start + KEYS_PER_COMMAND])
                )
        try:
            chunks = input_text_args(action.text)
        except ValueError as exc:
            problem = _one_line(exc)
            t.notes.append(
                f"step {step.number}: adb cannot type {action.text!r} ({problem}); the script "
                "asks for it to be typed by hand"
            )
            lines.append(f"# adb's `input text` cannot type this: {problem}")
            lines.append(
                _sh_words(
                    "by_hand",
                    f"step {step.number}: type {action.text!r} into the field on the device",
                )
            )
            return lines
        for chunk in chunks:
            lines.append("adb shell input text " + shlex.quote(chunk))
        return lines
    if kind == A.SWIPE:
        (x1, y1), (x2, y2) = _swipe_points(step, t)
        return [
            f"scaled {step.orientation} {x1} {y1}; x1=$SX; y1=$SY",
            f"scaled {step.orientation} {x2} {y2}",
            f'adb shell input swipe "$x1" "$y1" "$SX" "$SY" {SWIPE_MS}',
        ]
    return _fixed_step_lines(step, package='"$PKG"', wait='"$LAUNCH_WAIT"')


def _fixed_step_lines(step: _Step, package: str, wait: str) -> list[str]:
    """Steps that need no widget: rotation, keys and a restart of the app (``package`` and the
    seconds to ``wait`` for its launch, as shell words)."""
    action = step.action
    if action.kind == A.RESTART_APP:
        return [
            f"adb shell am force-stop {package}",
            f"adb shell monkey -p {package} -c android.intent.category.LAUNCHER 1 >/dev/null",
            f"sleep {wait}",
        ]
    if action.kind == A.LEAVE_AND_RETURN:
        # Home, a moment away, then the launcher intent: it resumes the task (no restart)
        return [
            "adb shell input keyevent KEYCODE_HOME",
            "sleep 2",
            f"adb shell monkey -p {package} -c android.intent.category.LAUNCHER 1 >/dev/null",
            f"sleep {wait}",
        ]
    if action.kind == A.ROTATE:
        return [
            "adb shell settings put system accelerometer_rotation 0",
            f"adb shell settings put system user_rotation {_USER_ROTATION[action.orientation]}",
        ]
    return [f"adb shell input keyevent {_KEYCODES[action.kind]}"]


def step_commands(result: dict[str, Any]) -> list[str]:
    """One copyable line per trace step of ``result`` (``result.json``) for a person at a
    terminal: the ``adb shell`` command(s) at the recorded positions (joined with ``&&``), e.g.
    ``adb shell input tap 540 275``. ``[]`` when the trace cannot be exported (no package, a
    step without bounds): the report then shows the steps without commands."""
    try:
        t = _load(result, allow_unconfirmed=True, screen_size=None)
        lines: list[str] = []
        for step in t.steps:
            action = step.action
            if action.kind in (A.CLICK, A.LONG_CLICK, A.INPUT_TEXT):
                x, y = _target_point(step, t, "report")
                if action.kind == A.LONG_CLICK:
                    cmds = [f"adb shell input swipe {x} {y} {x} {y} {LONG_PRESS_MS}"]
                else:
                    cmds = [f"adb shell input tap {x} {y}"]
                if action.kind == A.INPUT_TEXT:
                    cmds += [
                        "adb shell input text " + shlex.quote(chunk)
                        for chunk in input_text_args(action.text)
                    ]
            elif action.kind == A.SWIPE:
                (x1, y1), (x2, y2) = _swipe_points(step, t)
                cmds = [f"adb shell input swipe {x1} {y1} {x2} {y2} {SWIPE_MS}"]
            else:
                cmds = _fixed_step_lines(
                    step, package=shlex.quote(t.package), wait=_seconds(LAUNCH_WAIT_S)
                )
            lines.append(" && ".join(cmds))
        return lines
    except (BadInputError, ValueError):
        return []


# -- the Maestro flow --------------------------------------------------------------------------


def maestro_regex(text: str) -> str:
    """``text`` as a Maestro regular expression that matches exactly it: each regex
    metacharacter gets a backslash (Maestro matches ``text`` and ``id`` selectors as whole-string
    regexes). Escaping ``$`` and ``{`` also keeps Maestro from reading ``${...}`` as JavaScript."""
    return "".join("\\" + c if c in _REGEX_SPECIAL else c for c in text)


def _id_looks_unique(
    sel: Selector, id_widgets: dict[str, set[str]], count_on_screen: int | None = None
) -> bool:
    """Whether ``sel``'s resource-id names one widget on its screen. ``count_on_screen`` (how
    many widgets of the recorded screen carry the id, ``result.json``'s ``target_id_count``)
    decides when known; otherwise the id must not label a list row by a descendant, not be used
    by differently labelled widgets in this trace, and (for anything but a text field) not be
    one of the entry names rows and menu items share (``title``, ``summary``, ``item``...)."""
    rid = sel.resource_id
    if not rid:
        return False
    if count_on_screen is not None:
        return count_on_screen == 1
    if sel.label and sel.label not in (sel.text, sel.content_desc):
        return False
    if len(id_widgets.get(rid, set())) > 1:
        return False
    if "EditText" in sel.class_name:
        return True  # a field's text is its changing content: its id is the better handle
    return not _GENERIC_ID_RE.search(rid.rsplit("/", 1)[-1])


def _widget_identity(sel: Selector) -> str | None:
    if "EditText" in sel.class_name:
        return None  # a field's text changes as it is typed into
    return sel.content_desc or sel.label or sel.text


def _maestro_selector(
    step: _Step, t: _Trace, id_widgets: dict[str, set[str]]
) -> tuple[str | dict[str, str], str]:
    """The selector for ``step``'s target and a word saying which kind it is."""
    sel = step.action.target
    assert sel is not None
    if _id_looks_unique(sel, id_widgets, t.id_counts.get(step.number)):
        return {"id": maestro_regex(sel.resource_id)}, "id"
    for kind, value in (
        ("text", sel.text),
        ("content-desc", sel.content_desc),
        ("label", sel.label),
    ):
        if value:
            return maestro_regex(value), kind
    if sel.bounds is not None:
        x, y = _target_point(step, t, "flow")
        t.notes.append(
            f"step {step.number}: the target has no usable id, text or content-desc; the flow "
            f"taps the recorded point ({x},{y})"
        )
        return {"point": f"{x},{y}"}, "point"
    if sel.resource_id:
        return {"id": maestro_regex(sel.resource_id)}, "id"
    raise BadInputError(
        f"{t.bug_id}: step {step.number} ({step.description}) has a target with no id, text, "
        "content-desc or bounds: nothing to find it by"
    )


def _dump(value: Any) -> str:
    return yaml.safe_dump(
        value, sort_keys=False, allow_unicode=True, default_flow_style=False, width=4096
    )


def to_maestro_flow(
    result: dict[str, Any],
    *,
    allow_unconfirmed: bool = False,
    screen_size: tuple[int, int] | None = None,
) -> str:
    """The trace of ``result`` (a ``result.json`` dict) as a Maestro flow (YAML text: a config
    document with ``appId``, ``---``, then the commands, each step preceded by a comment).

    ``launchApp`` clears the app's state (and leaves permissions unset when the trace answers a
    permission dialog, as the recording did); widgets are found by resource-id when it looks
    unique, else by text, content-desc or the label of a list row (all regex-escaped), else by
    the recorded point. Rotation uses ``setOrientation`` (Maestro 2.0.0 or later). Maestro cannot
    assert a crash: for a crash bug the flow ends with a comment saying how to check it. Raises
    ``BadInputError`` (see :func:`maestro_export`)."""
    return maestro_export(result, allow_unconfirmed=allow_unconfirmed, screen_size=screen_size).text


def maestro_export(
    result: dict[str, Any],
    *,
    allow_unconfirmed: bool = False,
    screen_size: tuple[int, int] | None = None,
) -> Export:
    """:func:`to_maestro_flow` with its notes. Raises ``BadInputError`` for a result that is not
    a confirmed reproduction (unless ``allow_unconfirmed``), an empty or malformed trace, a bad
    package name, or a widget step with nothing to find its target by."""
    t = _load(result, allow_unconfirmed=allow_unconfirmed, screen_size=screen_size)
    crash = _crash_line(t.crash)
    rotates = t.start_orientation != "portrait" or any(s.action.kind == A.ROTATE for s in t.steps)
    permission_steps = any(
        s.activity.split("/", 1)[0].startswith(_PERMISSION_PREFIXES)
        or (
            s.action.target is not None
            and s.action.target.resource_id.startswith(_PERMISSION_PREFIXES)
        )
        for s in t.steps
    )
    id_widgets: dict[str, set[str]] = {}
    for s in t.steps:
        sel = s.action.target
        if sel is not None and sel.resource_id:
            identity = _widget_identity(sel)
            if identity is not None:
                id_widgets.setdefault(sel.resource_id, set()).add(identity)

    w, h = t.screen
    version = " ".join(v for v in (t.app_name, t.app_version) if v)
    head = [
        f"# Reproduces {t.bug_id}" + (f": {t.title}" if t.title else "."),
        f"# Generated by `reprofarm export --format maestro` from a result.json with verdict "
        f"{t.verdict or 'unknown'}" + (f" ({crash})." if crash else "."),
    ]
    if t.verdict not in CONFIRMED_VERDICTS:
        head.append("# WARNING: this trace was NOT confirmed to trigger the bug.")
    head += [
        f"# App: {t.package}" + (f" ({version})." if version else "."),
        f"# Recorded on a {w}x{h} screen{'' if t.screen_recorded else ' (assumed)'}; "
        "widgets are found by id or text where the trace has them.",
        f"# Run: maestro test {MAESTRO_FLOW_NAME}",
        "# Exit status: Maestro fails the flow (non-zero) at a step whose widget it cannot find:",
        "# the recorded path could not be followed (repro.sh's status 2). Whether the bug showed",
        "# it cannot tell by itself: see the end of the flow.",
    ]
    if rotates:
        head.append("# Needs Maestro 2.0.0 or later for setOrientation.")
        t.notes.append(
            "the flow rotates the screen with setOrientation, which needs Maestro 2.0.0 or later"
        )
    config = {"appId": t.package, "name": f"reproduce {t.bug_id}".replace("${", "$ {")}
    parts = ["\n".join(head) + "\n", _dump(config), "---\n"]

    if rotates:
        parts.append(f"# the recording started in {t.start_orientation}\n")
        parts.append(_dump([{"setOrientation": _MAESTRO_ORIENTATION[t.start_orientation]}]))
    launch: dict[str, Any] = {"clearState": True}
    if permission_steps:
        parts.append(
            "# permissions stay unset (Maestro grants them all by default) so that the\n"
            "# permission dialog the trace answers appears, as after `pm clear`\n"
        )
        launch["permissions"] = {"all": "unset"}
    parts.append(_dump([{"launchApp": launch}]))

    total = len(t.steps)
    for step in t.steps:
        where = f" (on {step.activity})" if step.activity else ""
        parts.append(f"# step {step.number}/{total}: {step.description}{where}\n")
        commands, comments = _maestro_step(step, t, id_widgets)
        parts += [f"# {c}\n" for c in comments]
        parts.append(_dump(commands))
    if crash:
        parts.append(
            "# The last step crashed the app when reprofarm recorded this trace\n"
            f"# ({crash}).\n"
            "# Maestro has no command that asserts a crash, and after a first crash Android\n"
            "# usually just shows the home screen (no dialog), so this flow does not fail by\n"
            "# itself while the bug is there. Check `adb logcat -d -b crash` after it runs, or\n"
            "# make it a regression test by adding what the fixed app should show, e.g.\n"
            "#   - assertVisible: <a widget of the screen the fixed app stays on>\n"
        )
    elif t.symptom:
        parts.append(
            f"# Expected symptom: {t.symptom}\n"
            "# Add an assertVisible / assertNotVisible for it to make this a regression test.\n"
        )
    return Export("".join(parts), list(t.notes))


def _maestro_step(
    step: _Step, t: _Trace, id_widgets: dict[str, set[str]]
) -> tuple[list[Any], list[str]]:
    action = step.action
    kind = action.kind
    comments: list[str] = []
    if kind in (A.CLICK, A.LONG_CLICK, A.INPUT_TEXT):
        selector, how = _maestro_selector(step, t, id_widgets)
        if how == "label":
            comments.append("the row is found by the text inside it")
        if kind == A.CLICK:
            return [{"tapOn": selector}], comments
        if kind == A.LONG_CLICK:
            return [{"longPressOn": selector}], comments
        assert action.target is not None
        erase = max(MAESTRO_ERASE_MIN, len(action.target.text))
        commands: list[Any] = [{"tapOn": selector}, {"eraseText": erase}]
        text = action.text
        if any(not (" " <= c <= "~") for c in text):
            comments.append("Maestro cannot type non-ASCII text on Android: check this step")
            t.notes.append(
                f"step {step.number}: Maestro's inputText cannot type {text!r} on Android "
                "(non-ASCII); the flow tries anyway"
            )
        # Maestro evaluates ${...} as JavaScript: type "$" and "{" in separate commands.
        pieces = text.replace("${", "$\0{").split("\0")
        commands += [{"inputText": piece} for piece in pieces if piece]
        return commands, comments
    if kind == A.SWIPE:
        swipe: dict[str, Any] = {}
        target = action.target
        if target is not None and (target.resource_id or target.text or target.content_desc):
            swipe["from"] = (
                {"id": maestro_regex(target.resource_id)}
                if target.resource_id
                else {"text": maestro_regex(target.text or target.content_desc)}
            )
        swipe["direction"] = action.direction.upper()
        return [{"swipe": swipe}], comments
    if kind == A.ROTATE:
        return [{"setOrientation": _MAESTRO_ORIENTATION[action.orientation]}], comments
    if kind == A.PRESS_BACK:
        return ["back"], comments
    if kind == A.RESTART_APP:
        return [{"launchApp": {"stopApp": True}}], comments
    if kind == A.LEAVE_AND_RETURN:
        return [{"pressKey": "Home"}, {"launchApp": {"stopApp": False}}], comments
    return [{"pressKey": _MAESTRO_KEYS[kind]}], comments


def parse_screen_size(value: str) -> tuple[int, int]:
    """``"1080x1920"`` → ``(1080, 1920)``; raises ``BadInputError`` for anything else."""
    m = re.fullmatch(r"\s*(\d{2,5})\s*[xX]\s*(\d{2,5})\s*", value or "")
    if not m:
        raise BadInputError(f"screen size {value!r} is not WIDTHxHEIGHT in pixels, e.g. 1080x1920")
    return int(m.group(1)), int(m.group(2))
