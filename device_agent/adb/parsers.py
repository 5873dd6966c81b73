"""Parsing what Android prints over adb. Pure functions, no I/O; each names the command whose
output it reads. Checked against real captures in ``../shared/fixtures``
(``tests/test_adb_parsers.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from device_agent.errors import HierarchyError
from device_agent.hierarchy import clean_dump, has_empty_root, parse_hierarchy

# `uiautomator dump` says this when the app never goes idle (animations, a busy main thread).
IDLE_STATE_ERROR = "could not get idle state"

# -- uiautomator dump -------------------------------------------------------------------------


def is_idle_error(output: str) -> bool:
    """True when ``uiautomator dump`` failed with ``ERROR: could not get idle state.`` (retry)."""
    return IDLE_STATE_ERROR in output


def dump_xml(output: str | bytes) -> str:
    """The XML of ``uiautomator dump /dev/tty`` output, without the ``UI hierchary dumped to:``
    trailer. Never returns half a file: raises :class:`HierarchyError` when the output is an
    error, has no ``<hierarchy>`` element, stops before ``</hierarchy>`` or is not well-formed."""
    text = output.decode("utf-8", errors="replace") if isinstance(output, bytes) else output
    if is_idle_error(text):
        raise HierarchyError(
            "uiautomator dump: could not get idle state (the app keeps animating or its main "
            "thread is busy); retry, or turn animations off"
        )
    if "<hierarchy" in text and "</hierarchy>" not in text and not has_empty_root(text):
        raise HierarchyError(
            f"uiautomator dump was cut off after {len(text)} characters (no </hierarchy>); "
            "the device or the adb connection stopped mid-dump"
        )
    xml = clean_dump(text)
    parse_hierarchy(xml)  # raises HierarchyError when not well-formed
    return xml


def has_no_nodes(xml: str) -> bool:
    """True for a dump without a single ``<node>`` (``<hierarchy rotation="0" />``): uiautomator
    caught no window. With an app window in front that is a failed dump to retry, not an empty
    screen (every window has at least its decor node)."""
    if "<node" in xml:  # attribute values escape '<', so this is a node element
        return False
    return next(parse_hierarchy(xml).iter(), None) is None


# -- dumpsys ------------------------------------------------------------------------------------

# Patterns here run in linear time: repeats that could scan to the end of the text from many
# starts are bounded or stop at the line's end (tests/test_adb_parsers.py pumps them).
_FOCUS_RE = re.compile(r"mCurrentFocus=Window\{[0-9a-f]{1,16} (?:u\d+ )?(?P<title>[^}\n]{0,512})\}")
_RESUMED_RES = (
    re.compile(r"\bmResumedActivity: ActivityRecord\{[0-9a-f]+ u\d+ (?P<comp>\S+/\S+)"),
    re.compile(r"\bResumedActivity: ActivityRecord\{[0-9a-f]+ u\d+ (?P<comp>\S+/\S+)"),
    re.compile(r"\btopResumedActivity=ActivityRecord\{[0-9a-f]+ u\d+ (?P<comp>\S+/\S+)"),
    re.compile(r"\bmFocusedApp=ActivityRecord\{[0-9a-f]+ u\d+ (?P<comp>\S+/\S+)"),
)
_ERROR_TITLE_RE = re.compile(r"^(Application Error|Application Not Responding): (?P<pkg>\S+)")


def short_component(component: str) -> str:
    """``pkg/pkg.ui.Main`` → ``pkg/.ui.Main`` (the ``package/.Activity`` form observations use);
    other components are returned unchanged."""
    package, _, cls = component.partition("/")
    if cls.startswith(package + "."):
        cls = cls[len(package) :]
    return f"{package}/{cls}" if cls else component


def current_focus(dumpsys_window: str) -> str | None:
    """The focused window's component from ``dumpsys window windows`` (``mCurrentFocus=``), as
    ``package/.Activity``; ``None`` when the focus is not an activity (a system dialog, the
    notification shade, ``null``, or a keyguard)."""
    match = _FOCUS_RE.search(dumpsys_window)
    if not match:
        return None
    title = match.group("title").strip()
    if "/" not in title or " " in title:
        return None
    return short_component(title)


def error_window(dumpsys_window: str) -> tuple[str, str] | None:
    """``("crash"|"anr", package)`` when the focused window is the system's error dialog
    (``mCurrentFocus=Window{... Application Error: pkg}``), else ``None``."""
    match = _FOCUS_RE.search(dumpsys_window)
    if not match:
        return None
    err = _ERROR_TITLE_RE.match(match.group("title").strip())
    if not err:
        return None
    kind = "anr" if "Not Responding" in err.group(1) else "crash"
    return kind, err.group("pkg")


def resumed_activity(dumpsys_activity: str) -> str | None:
    """The resumed activity from ``dumpsys activity activities`` as ``package/.Activity``: the old
    ``mResumedActivity:`` line, Android 13's ``ResumedActivity:``, ``topResumedActivity=``, or
    ``mFocusedApp=`` as a last resort; ``None`` when none is printed (device asleep)."""
    for pattern in _RESUMED_RES:
        match = pattern.search(dumpsys_activity)
        if match:
            return short_component(match.group("comp").rstrip("}"))
    return None


def input_shown(dumpsys_input_method: str) -> bool:
    """Whether the soft keyboard is up (``mInputShown=true`` in ``dumpsys input_method``)."""
    return "mInputShown=true" in dumpsys_input_method


def screen_size(wm_size: str) -> tuple[int, int]:
    """``(width, height)`` in portrait pixels from ``wm size`` (the override size when set).
    Raises ``ValueError`` when there is none."""
    sizes = dict(re.findall(r"(Physical|Override) size: (\d{1,6}x\d{1,6})\b", wm_size))
    value = sizes.get("Override") or sizes.get("Physical")
    if not value:
        raise ValueError(f"`wm size` printed no size: {wm_size.strip()[:80]!r}")
    w, h = (int(v) for v in value.split("x"))
    return (min(w, h), max(w, h))


def density(wm_density: str) -> int:
    """Dots per inch from ``wm density`` (the override when set); 0 when absent."""
    values = dict(re.findall(r"(Physical|Override) density: (\d{1,6})\b", wm_density))
    return int(values.get("Override") or values.get("Physical") or 0)


def version_name(dumpsys_package: str) -> str:
    """``versionName=`` from ``dumpsys package PKG`` (``""`` when not installed)."""
    match = re.search(r"versionName=(\S+)", dumpsys_package)
    return match.group(1) if match else ""


# -- logcat -------------------------------------------------------------------------------------

_STAMP_RE = re.compile(r"^(?:\d{4}-)?(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\.(\d{3})")
_K_BITS = 10  # lines sharing the newest millisecond, packed under the time in a cursor


def stamp_ms(line: str) -> int | None:
    """Milliseconds since 1 January 00:00 of a ``threadtime`` line's timestamp
    (``MM-DD HH:MM:SS.mmm``; the year is not printed); ``None`` for other lines."""
    match = _STAMP_RE.match(line)
    if not match:
        return None
    month, day, hour, minute, second, ms = (int(g) for g in match.groups())
    try:  # a leap year, so 02-29 exists
        start = datetime(2000, 1, 1)
        at = datetime(2000, month, day, hour, minute, second)
    except ValueError:
        return None
    return int((at - start).total_seconds()) * 1000 + ms


def format_stamp(ms: int) -> str:
    """Inverse of :func:`stamp_ms`: ``"MM-DD HH:MM:SS.mmm"`` for ``logcat -t``."""
    from datetime import timedelta

    at = datetime(2000, 1, 1) + timedelta(milliseconds=ms)
    return at.strftime("%m-%d %H:%M:%S.") + f"{ms % 1000:03d}"


def cursor_after(lines: list[str]) -> int:
    """A logcat cursor for "after these lines": the newest line's time and how many lines carry
    exactly that time (so lines of the same millisecond written later are not lost). 0 when no
    line has a timestamp. Real logcat has no sequence numbers; time is what ``-t`` accepts."""
    stamps = [s for s in (stamp_ms(ln) for ln in lines) if s is not None]
    if not stamps:
        return 0
    newest = max(stamps)
    same = min(sum(1 for s in stamps if s == newest), (1 << _K_BITS) - 1)
    return ((newest + 1) << _K_BITS) | same  # +1: cursor 0 stays "from the beginning"


def since_argument(cursor: int) -> str:
    """The ``logcat -t '<time>'`` argument that prints everything from a cursor's time on."""
    return format_stamp((cursor >> _K_BITS) - 1)


def lines_after(lines: list[str], cursor: int) -> list[str]:
    """Of ``logcat -t <since_argument(cursor)>`` output, the lines after the cursor: drops the
    lines of the cursor's millisecond that it had already counted (buffer separators kept)."""
    if cursor <= 0:
        return list(lines)
    at, skip = (cursor >> _K_BITS) - 1, cursor & ((1 << _K_BITS) - 1)
    out: list[str] = []
    for line in lines:
        s = stamp_ms(line)
        if s is not None and s < at:
            continue
        if s == at and skip > 0:
            skip -= 1
            continue
        out.append(line)
    return out


_ANR_IN_RE = re.compile(r"\bANR in (?P<process>\S+)")
_FATAL_PROCESS_RE = re.compile(r"\bProcess: (?P<process>\S+), PID: (?P<pid>\d+)")


def app_problems(lines: list[str], package: str) -> list[tuple[str, str]]:
    """``("crash"|"anr", line)`` for each crash (``FATAL EXCEPTION`` block's ``Process: pkg``
    line, from ``logcat -b crash``) and each ``ANR in pkg`` (system buffer) of ``package`` or
    one of its ``:sub`` processes, oldest first. The full parse is orchestrator.logcat's."""
    out: list[tuple[str, str]] = []
    for line in lines:
        for kind, pattern in (("crash", _FATAL_PROCESS_RE), ("anr", _ANR_IN_RE)):
            match = pattern.search(line)
            if match:
                process = match.group("process")
                if process == package or process.startswith(package + ":"):
                    out.append((kind, line.strip()))
    return out


@dataclass(frozen=True)
class AnrTrace:
    """The head of an ANR traces dump (``/data/anr/traces.txt`` or ``/data/anr/anr_*``): the
    process, when, the build, and the ``"main"`` thread's state and top frames."""

    pid: int
    time: str
    cmd_line: str
    fingerprint: str
    main_state: str
    main_frames: list[str]


def parse_anr_trace(text: str) -> AnrTrace:
    """Parse the first process block of an ANR traces dump. Raises ``ValueError`` when the text
    has no ``----- pid N at TIME -----`` header."""
    head = re.search(r"^----- pid (\d{1,10}) at (.+?) -----$", text, re.MULTILINE)
    if not head:
        raise ValueError("not an ANR traces dump: no '----- pid N at TIME -----' line")
    body = text[head.end() :]
    cmd = re.search(r"^Cmd line: (.*)$", body, re.MULTILINE)
    fp = re.search(r"^Build fingerprint: '([^'\n]*)'", body, re.MULTILINE)
    main = re.search(r'^"main" .*?$\n(?P<body>(?:^ .*$\n?)*)', body, re.MULTILINE)
    state, frames = "", []
    if main:
        # The header ends with the thread state: `"main" prio=5 tid=1 TimedWaiting`.
        state = main.group(0).splitlines()[0].split()[-1]
        frames = [
            ln.strip()[3:] if ln.strip().startswith("at ") else ln.strip()
            for ln in main.group("body").splitlines()
            if ln.strip().startswith(("at ", "native:", "- waiting", "- locked", "- sleeping"))
        ]
    return AnrTrace(
        pid=int(head.group(1)),
        time=head.group(2).strip(),
        cmd_line=cmd.group(1).strip() if cmd else "",
        fingerprint=fp.group(1) if fp else "",
        main_state=state,
        main_frames=frames,
    )


# -- the screen ----------------------------------------------------------------------------------

_CRASH_WORDS = ("keeps stopping", "has stopped", "stopped unexpectedly")
_ANR_WORDS = ("isn't responding", "is not responding")
_ERROR_IDS = ("android:id/aerr_close", "android:id/aerr_wait", "android:id/aerr_app_info")


def error_dialog(hierarchy_xml: str) -> str:
    """``"crash"`` when the screen shows "<App> keeps stopping" / "Unfortunately, <App> has
    stopped.", ``"anr"`` for "<App> isn't responding", ``""`` otherwise (or for a bad dump)."""
    try:
        hierarchy = parse_hierarchy(hierarchy_xml)
    except HierarchyError:
        return ""
    texts = [n.text.lower() for n in hierarchy.iter() if n.text]
    if any(w in t for t in texts for w in _ANR_WORDS):
        return "anr"
    if any(w in t for t in texts for w in _CRASH_WORDS):
        return "crash"
    ids = {n.resource_id for n in hierarchy.iter()}
    if "android:id/aerr_wait" in ids:
        return "anr"
    if ids & set(_ERROR_IDS):
        return "crash"
    return ""


# -- input text --------------------------------------------------------------------------------

# Characters the device shell would interpret: escaped with a backslash for `input text`.
_SHELL_SPECIAL = set("\\'\"`$&|;<>()[]{}*?!~#^")
INPUT_CHUNK = 64


def input_text_args(text: str, chunk: int = INPUT_CHUNK) -> list[str]:
    """The arguments of successive ``input text`` commands that type ``text``: spaces become
    ``%s`` (``input``'s own escape), shell metacharacters get a backslash, and long text is cut
    into chunks of ``chunk`` characters (``input`` drops characters from very long arguments). A
    literal ``%s`` (``100%sure``), which ``input`` would turn into a space, is typed in two
    commands: one ending with the ``%``, the next starting with the ``s``. Raises
    ``ValueError`` for characters ``input text`` cannot type (non-ASCII, control characters; a
    newline is a key event: :func:`input_text_commands`; use a keyboard app such as ADBKeyboard
    for the others)."""
    bad = sorted({c for c in text if not (" " <= c <= "~")})
    if bad:
        raise ValueError(
            f"`input text` types printable ASCII only; cannot type {bad!r} (install a keyboard "
            "app such as ADBKeyboard for other characters)"
        )
    # Cut after every '%' that an 's' follows: no argument then holds a literal "%s".
    pieces = re.split(r"(?<=%)(?=s)", text)
    out: list[str] = []
    for part in pieces:
        for start in range(0, len(part), chunk):
            piece = part[start : start + chunk]
            escaped = "".join(
                "%s" if c == " " else ("\\" + c if c in _SHELL_SPECIAL else c) for c in piece
            )
            out.append(escaped)
    return out


def input_text_commands(text: str, chunk: int = INPUT_CHUNK) -> list[str]:
    """The ``input`` commands (their arguments: ``text ...`` or ``keyevent KEYCODE_ENTER``) that
    type ``text``: each line through :func:`input_text_args`, and each newline (LF or CRLF) as
    the Enter key. Raises ``ValueError`` as :func:`input_text_args` does."""
    commands: list[str] = []
    for i, line in enumerate(text.replace("\r\n", "\n").split("\n")):
        if i:
            commands.append("keyevent KEYCODE_ENTER")
        commands += [f"text {arg}" for arg in input_text_args(line, chunk)]
    return commands


# -- the emulator console ----------------------------------------------------------------------


def snapshot_names(list_output: str) -> list[str]:
    """Snapshot tags from ``avd snapshot list`` (the console's table; the header lines and the
    final ``OK`` are skipped)."""
    names: list[str] = []
    for line in list_output.splitlines():
        parts = line.split()
        if (
            len(parts) >= 2
            and parts[0] in ("--",)
            or (parts and parts[0].isdigit() and len(parts) > 1)
        ):
            names.append(parts[1])
    return names


# -- devices that lie (issue 15, section 3) -----------------------------------------------------

_INPUT_FAILURE_RE = re.compile(
    r"^(?:Exception occurred while executing|(?:java|android)\.[\w.$]{1,200}(?:Exception|Error)\b"
    r"|(?:cmd: )?Can't find service: [\w.]{1,100})"
)
# The line ``echo MARK$?`` prints after a command: its exit status.
_EXIT_MARK_RE = re.compile(r"^---reprofarm-exit-(\d{1,3})$", re.MULTILINE)
EXIT_MARK = "---reprofarm-exit-"
_IME_WINDOW_RE = re.compile(r"Window\{[0-9a-f]+ (?:u\d+ )?InputMethod\}")
_FRAME_RE = re.compile(r"\b(?:mFrame|frame)=\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")


def input_failure(output: str) -> str:
    """Why an ``input`` command failed although it exited 0 (it prints a Java exception, e.g.
    ``java.lang.SecurityException: Injecting input events requires ... INJECT_EVENTS``), or
    while the input service is not up (``cmd: Can't find service: input``, exit 20, right after
    a snapshot load or a boot), as one line; ``""`` when the output shows no failure. Only the
    first 200 lines are read."""
    lines = output.splitlines()[:200]
    for i, line in enumerate(lines):
        if _INPUT_FAILURE_RE.match(line.strip()[:300]):
            cause = next(
                (n.strip() for n in lines[i + 1 :] if _INPUT_FAILURE_RE.match(n.strip()[:300])),
                "",
            )
            return (line.strip() + (" " + cause if cause else ""))[:300]
    return ""


def exit_status(output: str) -> int | None:
    """The exit status a command printed with ``; echo {EXIT_MARK}$?`` after it (the first such
    line), or None when there is none."""
    match = _EXIT_MARK_RE.search(output)
    return int(match.group(1)) if match else None


def ime_frame(dumpsys_window: str) -> tuple[int, int, int, int] | None:
    """The soft keyboard's window frame ``(left, top, right, bottom)`` from ``dumpsys window
    windows`` (the ``InputMethod`` window's ``mFrame=[l,t][r,b]``, or ``frame=`` on newer
    releases); ``None`` when no such window or frame is listed."""
    match = _IME_WINDOW_RE.search(dumpsys_window)
    if not match:
        return None
    block = dumpsys_window[match.end() : match.end() + 4000]
    nxt = block.find("Window #")
    frame = _FRAME_RE.search(block[: nxt if nxt >= 0 else len(block)])
    if not frame:
        return None
    left, top, right, bottom = (int(v) for v in frame.groups())
    return left, top, right, bottom
