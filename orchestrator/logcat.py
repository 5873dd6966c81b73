"""Find app crashes and ANRs in logcat text.

Formats read (real samples in ``../shared/fixtures``):

- ``threadtime`` (``adb logcat -v threadtime``, the default):
  ``04-28 16:41:12.866  4246  4246 E AndroidRuntime: FATAL EXCEPTION: main``, optionally with a
  year (``-v year``); frames indented with a tab or with spaces;
- ``time`` and ``brief``: ``06-16 15:10:35.019: E/AndroidRuntime(5038): ...``,
  ``E/AndroidRuntime( 5038): ...``;
- Android Studio's older Logcat window: ``2022-05-30 12:41:32.252 5007-5007/net.pkg E/Tag: ...``,
  and its newer one: ``2024-01-01 10:00:00.000  5007-5007  Tag  net.pkg  E  ...``;
- Android Studio copy-paste: only the first line has a header (``E/AndroidRuntime: FATAL
  EXCEPTION: AsyncTask #2``); the rest are indented continuation lines, some ending in U+00A0.

A crash is the ``FATAL EXCEPTION`` block ``AndroidRuntime`` writes for an uncaught exception
(``Process: <pkg>, PID: <n>``, the exception line, ``at`` frames, ``Caused by:`` chain,
``Suppressed:`` blocks, ``... N more``); a native crash is libc's ``Fatal signal N (SIGx) ...
pid N (<process>)``; an ANR is ActivityManager's ``ANR in <process>`` with ``PID:`` and
``Reason:`` lines. An ANR *traces* file (``/data/anr/traces.txt``) is not logcat and yields
nothing. :func:`app_crash` keeps only the app under test's process (DESIGN: a crash counts only
if it is in the app under test's process).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from orchestrator.model import CrashInfo

# --- line formats -------------------------------------------------------------------------------
_LEVELS = "VDIWEFA"
# Every pattern here runs in linear time: no two adjacent quantifiers can match the same
# character (a tag starts at a non-space and stops at the first ':', its trailing spaces are
# stripped afterwards), and repeats that could scan to the end of the line from many starts are
# bounded. tests/test_logcat_hostile.py and benchmarks/fuzz_parsers.py pump them with long runs.
_THREADTIME_RE = re.compile(
    rf"^(?:\d{{4}}-)?\d\d-\d\d\s+\d\d:\d\d:\d\d\.\d+\s+(?P<pid>\d{{1,10}})\s+(?P<tid>\d{{1,10}})\s+"
    rf"(?P<level>[{_LEVELS}])\s+(?P<tag>[^\s:][^:]*)?: ?(?P<msg>.*)$"
)
_STUDIO_OLD_RE = re.compile(
    rf"^\d{{4}}-\d\d-\d\d\s+\d\d:\d\d:\d\d\.\d+\s+(?P<pid>\d{{1,10}})-(?P<tid>\d{{1,10}})/"
    rf"(?P<pkg>\S+)\s+"
    rf"(?P<level>[{_LEVELS}])/(?P<tag>.*?): ?(?P<msg>.*)$"
)
_STUDIO_NEW_RE = re.compile(
    rf"^\d{{4}}-\d\d-\d\d\s+\d\d:\d\d:\d\d\.\d+\s+(?P<pid>\d{{1,10}})-(?P<tid>\d{{1,10}})\s+"
    rf"(?P<tag>\S+)\s+"
    rf"(?P<pkg>\S+)\s+(?P<level>[{_LEVELS}])\s+(?P<msg>.*)$"
)
_TIME_RE = re.compile(
    rf"^(?:\d{{4}}-)?\d\d-\d\d\s+\d\d:\d\d:\d\d\.\d+:?\s+(?P<level>[{_LEVELS}])/(?P<tag>[^(]*?)"
    rf"\(\s*(?P<pid>\d{{1,10}})\): ?(?P<msg>.*)$"
)
_BRIEF_RE = re.compile(
    rf"^(?P<level>[{_LEVELS}])/(?P<tag>[^(:]*?)\(\s*(?P<pid>\d{{1,10}})\): ?(?P<msg>.*)$"
)
_TAG_ONLY_RE = re.compile(rf"^(?P<level>[{_LEVELS}])/(?P<tag>[A-Za-z][\w.$ -]*?): ?(?P<msg>.*)$")
_SEPARATOR_RE = re.compile(r"^-{5,}\s*beginning of \w+")

# --- trace grammar ------------------------------------------------------------------------------
_FATAL_RE = re.compile(r"^FATAL EXCEPTION:\s*(?P<thread>.*)$")
_PROCESS_RE = re.compile(r"^Process:\s*(?P<pkg>[^,\s]+)\s*,\s*PID:\s*(?P<pid>\d{1,10})")
_CLASS = r"(?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*|[A-Z][\w$]*(?:Exception|Error|Throwable)"
_EXCEPTION_RE = re.compile(
    rf"^(?:Exception in thread \"[^\"]*\"\s+)?(?P<cls>{_CLASS})(?::\s?(?P<msg>.*))?$"
)
_FRAME_RE = re.compile(r"^at\s+(?P<frame>\S.*)$")  # callers strip the line's end
_CAUSED_RE = re.compile(rf"^Caused by:\s*(?P<cls>{_CLASS})(?::\s?(?P<msg>.*))?$")
_SUPPRESSED_RE = re.compile(r"^Suppressed:\s")
_MORE_RE = re.compile(r"^\.\.\.\s*\d+\s+more")
_ANR_RE = re.compile(r"^ANR in (?P<proc>[^\s(]+)(?:\s*\((?P<component>[^)]*)\))?")
_ANR_PID_RE = re.compile(r"^PID:\s*(?P<pid>\d{1,10})")
_ANR_REASON_RE = re.compile(r"^Reason:\s*(?P<reason>.*)$")
# libc: "Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0 in tid 9 (RenderThread),
# pid 9 (com.x)"; the gaps are bounded so that a line of many "pid N (" costs linear time.
_SIGNAL_RE = re.compile(
    r"Fatal signal (?P<num>\d{1,3}) \((?P<sig>\w{1,20})\).{0,400}?"
    r"pid (?P<pid>\d{1,10}) \((?P<proc>[^)]{1,256})\)"
)
# Whole-word exception names, for reports that mention one without a trace.
_NAMED_EXCEPTION_RE = re.compile(
    r"(?<![\w.$])(?P<cls>(?:[a-z_][\w$]*\.)*[A-Z][\w$]*(?:Exception|Error))(?![\w$])"
)
_STRIP_CHARS = " \t\u00a0\ufeff\r\n"
# A logcat entry's payload is at most 4068 bytes (liblog's LOGGER_ENTRY_MAX_PAYLOAD); longer lines
# are not logcat and are cut here so that no line costs more than a bounded amount of work.
MAX_LINE_CHARS = 8192
_FOREIGN_LIMIT = 200  # interleaved lines of other processes tolerated inside one crash block


@dataclass
class LogLine:
    """One logcat entry. ``pid``/``tid`` are ``None`` when the format does not carry them;
    ``package`` is set by the Android Studio formats; ``continuation`` marks a header-less line
    that continues the previous entry; ``lineno`` is 1-based."""

    message: str
    level: str = ""
    tag: str = ""
    pid: int | None = None
    tid: int | None = None
    package: str = ""
    continuation: bool = False
    lineno: int = 0


@dataclass
class ThrowableRecord:
    """One link of an exception chain: class, message and ``at`` frames (without ``at``)."""

    exception_class: str
    message: str = ""
    frames: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "exception_class": self.exception_class,
            "message": self.message,
            "frames": self.frames[:8],
        }

    def __str__(self) -> str:
        # Callers that treat a cause as its class name (``str(cause)``) get the class name.
        return self.exception_class


@dataclass
class ParsedCrash(CrashInfo):
    """A :class:`CrashInfo` with what logcat said beyond it: the crashing ``thread``, the
    ``Caused by`` chain in order (``causes``; the last one is the root cause) and the 1-based
    ``line`` where the block starts."""

    thread: str = ""
    causes: list[ThrowableRecord] = field(default_factory=list)
    line: int = 0

    @property
    def root_cause(self) -> ThrowableRecord:
        """The innermost ``Caused by`` (the top exception itself when there is none)."""
        if self.causes:
            return self.causes[-1]
        return ThrowableRecord(self.exception_class, self.message, self.frames)

    def exception_classes(self) -> list[str]:
        """The top exception's class then every cause's, in order."""
        return [self.exception_class] + [c.exception_class for c in self.causes]

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["thread"] = self.thread
        out["caused_by"] = [c.to_json() for c in self.causes]
        root = self.root_cause
        out["root_cause"] = {"exception_class": root.exception_class, "message": root.message}
        return out


def _indent(raw: str) -> int:
    expanded = raw.replace("\t", " " * 8).replace("\u00a0", " ")
    return len(expanded) - len(expanded.lstrip(" "))


def parse_logcat(lines: Iterable[str] | str) -> list[LogLine]:
    """Parse logcat text (any format above) into entries; a header-less line becomes a
    ``continuation`` entry that inherits the previous entry's pid, tag, level and package.
    ``lines`` may be one string; a line longer than :data:`MAX_LINE_CHARS` is cut there. Never
    raises on odd input: unknown lines are continuations."""
    if isinstance(lines, str):
        lines = lines.splitlines()
    out: list[LogLine] = []
    prev: LogLine | None = None
    for lineno, raw in enumerate(lines, 1):
        raw = raw[:MAX_LINE_CHARS].rstrip("\r\n")
        text = raw.strip(_STRIP_CHARS)
        if not text:
            continue
        if _SEPARATOR_RE.match(text):
            prev = None
            continue
        entry = _parse_header(text, lineno)
        if entry is None:
            # Keep the indentation: it tells a ``Caused by`` of the chain from a nested one.
            body = raw.rstrip(_STRIP_CHARS)
            entry = LogLine(
                message=body,
                level=prev.level if prev else "",
                tag=prev.tag if prev else "",
                pid=prev.pid if prev else None,
                tid=prev.tid if prev else None,
                package=prev.package if prev else "",
                continuation=True,
                lineno=lineno,
            )
        out.append(entry)
        prev = entry
    return out


def _parse_header(text: str, lineno: int) -> LogLine | None:
    for regex in (
        _THREADTIME_RE,
        _STUDIO_OLD_RE,
        _STUDIO_NEW_RE,
        _TIME_RE,
        _BRIEF_RE,
        _TAG_ONLY_RE,
    ):
        match = regex.match(text)
        if not match:
            continue
        groups = match.groupdict()
        pid = int(groups["pid"]) if groups.get("pid") else None
        tid = int(groups["tid"]) if groups.get("tid") else None
        pkg = groups.get("pkg") or ""
        return LogLine(
            message=(groups.get("msg") or "").rstrip(_STRIP_CHARS),
            level=groups["level"],
            tag=(groups.get("tag") or "").strip(),
            pid=pid,
            tid=tid,
            package="" if pkg in ("?", "system_process") else pkg,
            lineno=lineno,
        )
    return None


def _scan_chain(messages: list[str]) -> tuple[ThrowableRecord | None, list[ThrowableRecord]]:
    """Read an exception chain from trace lines (headers already stripped).

    Returns the top exception and its ``Caused by`` chain. ``Suppressed:`` blocks and the causes
    nested inside them are skipped: a ``Caused by`` belongs to the main chain only when it is
    indented less than the main trace's frames. Lines between an exception line and its first
    frame continue the exception's message.
    """
    top: ThrowableRecord | None = None
    causes: list[ThrowableRecord] = []
    current: ThrowableRecord | None = None
    frame_indent: int | None = None
    suppressed_indent: int | None = None
    for raw in messages:
        text = raw.strip(_STRIP_CHARS).lstrip("`").strip()
        if not text:
            continue
        indent = _indent(raw)
        caused = _CAUSED_RE.match(text)
        if suppressed_indent is not None:
            limit = frame_indent if frame_indent is not None else suppressed_indent
            if not (caused and indent < limit):
                continue  # frames and nested causes of a Suppressed block
            suppressed_indent = None
        if caused:
            current = ThrowableRecord(caused.group("cls"), (caused.group("msg") or "").strip())
            causes.append(current)
            continue
        if _SUPPRESSED_RE.match(text):
            suppressed_indent = indent
            continue
        frame = _FRAME_RE.match(text)
        if frame:
            if current is not None:
                if current is top and frame_indent is None:
                    frame_indent = indent
                current.frames.append(frame.group("frame").rstrip())
            continue
        if _MORE_RE.match(text):
            continue
        if top is None:
            exc = _EXCEPTION_RE.match(text)
            if exc:
                top = ThrowableRecord(exc.group("cls"), (exc.group("msg") or "").strip())
                current = top
        elif current is not None and not current.frames:
            current.message = f"{current.message}\n{text}".strip()
    return top, causes


def find_crashes(lines: Iterable[str] | str) -> list[CrashInfo]:
    """Every Java crash (``FATAL EXCEPTION`` block) and native crash (``Fatal signal``) in the
    log, in log order, as :class:`ParsedCrash`. ``package`` is the block's ``Process:`` line (or
    the Android Studio format's package column, or ``""`` when the log does not say); ``pid`` is
    ``-1`` when unknown. ANRs are not included (see :func:`find_anrs`)."""
    entries = parse_logcat(lines)
    crashes: list[CrashInfo] = []
    for i, entry in enumerate(entries):
        fatal = _FATAL_RE.match(entry.message.strip(_STRIP_CHARS))
        if fatal:
            crashes.append(_read_fatal_block(entries, i, fatal.group("thread").strip()))
            continue
        signal = _SIGNAL_RE.search(entry.message)
        if signal and not entry.continuation:
            crashes.append(
                ParsedCrash(
                    exception_class=signal.group("sig"),
                    message=f"Fatal signal {signal.group('num')} ({signal.group('sig')})",
                    package=signal.group("proc").strip(),
                    pid=int(signal.group("pid")),
                    line=entry.lineno,
                )
            )
    return crashes


def _belongs(entry: LogLine, start: LogLine) -> bool:
    if entry.continuation:
        return True
    if entry.tag != start.tag:
        return False
    return start.pid is None or entry.pid == start.pid


def _read_fatal_block(entries: list[LogLine], start: int, thread: str) -> ParsedCrash:
    head = entries[start]
    messages: list[str] = []
    foreign = 0
    last_belonging = True
    for index in range(start + 1, len(entries)):  # no slice: a log of many crashes stays linear
        entry = entries[index]
        if entry.continuation and not last_belonging:
            continue  # continuation of an interleaved foreign entry
        if _FATAL_RE.match(entry.message.strip(_STRIP_CHARS)):
            break
        if entry.continuation or _belongs(entry, head):
            messages.append(entry.message)
            last_belonging = True
            foreign = 0
            continue
        last_belonging = False
        foreign += 1
        if foreign > _FOREIGN_LIMIT:
            break
    package, pid = head.package, head.pid if head.pid is not None else -1
    body: list[str] = []
    for msg in messages:
        proc = _PROCESS_RE.match(msg.strip(_STRIP_CHARS))
        if proc and not body:
            package, pid = proc.group("pkg"), int(proc.group("pid"))
            continue
        body.append(msg)
    top, causes = _scan_chain(body)
    if top is None:
        top = ThrowableRecord("unknown", "")
    return ParsedCrash(
        exception_class=top.exception_class,
        message=top.message,
        package=package,
        pid=pid,
        frames=top.frames,
        kind="crash",
        thread=thread,
        causes=causes,
        line=head.lineno,
    )


def find_anrs(lines: Iterable[str] | str) -> list[CrashInfo]:
    """Every ``ANR in <process>`` entry, as a :class:`CrashInfo` with ``kind="anr"``,
    ``exception_class="ANR"`` and the ``Reason:`` line as the message."""
    entries = parse_logcat(lines)
    anrs: list[CrashInfo] = []
    for i, entry in enumerate(entries):
        match = _ANR_RE.match(entry.message.strip(_STRIP_CHARS))
        if not match or entry.continuation:
            continue
        pid, reason = -1, ""
        for follower in entries[i + 1 : i + 12]:
            if not (follower.continuation or _belongs(follower, entry)):
                continue
            text = follower.message.strip(_STRIP_CHARS)
            if _ANR_RE.match(text):
                break
            if m := _ANR_PID_RE.match(text):
                pid = int(m.group("pid"))
            elif m := _ANR_REASON_RE.match(text):
                reason = m.group("reason").strip()
        anrs.append(
            ParsedCrash(
                exception_class="ANR",
                message=reason,
                package=match.group("proc"),
                pid=pid,
                kind="anr",
                line=entry.lineno,
            )
        )
    return anrs


def is_app_process(process: str, package: str) -> bool:
    """True when ``process`` is the app's main process or one of its own (``pkg:remote``)."""
    return bool(package) and (process == package or process.startswith(package + ":"))


def app_crash(lines: Iterable[str] | str, package: str) -> CrashInfo | None:
    """The first crash or ANR of the app under test in the log, or ``None``.

    Only the app's own processes count (``package`` or ``package:<name>``): a crash of the
    system, another app or the test harness is ignored. A crash block that names no process (old
    Android versions printed none) counts when one of its frames is in the app's package.
    """
    text = lines if isinstance(lines, str) else list(lines)
    events = sorted(find_crashes(text) + find_anrs(text), key=lambda c: getattr(c, "line", 0))
    for crash in events:
        if is_app_process(crash.package, package):
            return crash
        if not crash.package and _frames_mention(crash, package):
            return crash
    return None


def _frames_mention(crash: CrashInfo, package: str) -> bool:
    frames = list(crash.frames)
    if isinstance(crash, ParsedCrash):
        for cause in crash.causes:
            frames += cause.frames
    return any(f.startswith(package + ".") for f in frames)


def find_exceptions_in_text(text: str) -> list[ParsedCrash]:
    """Stack traces pasted into free text (a bug report): logcat lines, Android Studio copies,
    monkey's ``// ``-prefixed output, Markdown quotes (``> ``) or bare traces. Each trace is a
    :class:`ParsedCrash` (package and pid unknown unless a ``Process:`` line says); a trace
    without ``at`` frames is returned too (callers check ``frames``)."""
    messages: list[str] = []
    for entry in parse_logcat(text.replace("\r\n", "\n").splitlines()):
        msg = entry.message
        if entry.tag == "System.err" and not entry.continuation:
            messages.append("")  # a caught exception printed by the app, not a crash
            continue
        stripped = msg.lstrip(_STRIP_CHARS)
        for prefix in ("// ", "//", "> ", ">"):
            if stripped.startswith(prefix):
                msg = stripped[len(prefix) :]  # the trace's own indentation starts after it
                break
        messages.append(msg)
    messages = _without_column_suffix(messages)
    found: list[ParsedCrash] = []
    i = 0
    while i < len(messages):
        text_i = messages[i].strip(_STRIP_CHARS).lstrip("`").strip()
        proc = _PROCESS_RE.match(text_i)
        exc = _EXCEPTION_RE.match(text_i)
        if not exc or proc or not _plausible_exception(exc.group("cls")):
            i += 1
            continue
        j = i + 1
        while j < len(messages) and _is_trace_line(messages[j]):
            j += 1
        top, causes = _scan_chain(messages[i:j])
        if top is not None and (top.frames or causes or _named_throwable(top.exception_class)):
            package, pid = "", -1
            if i > 0 and (p := _PROCESS_RE.match(messages[i - 1].strip(_STRIP_CHARS))):
                package, pid = p.group("pkg"), int(p.group("pid"))
            found.append(
                ParsedCrash(
                    exception_class=top.exception_class,
                    message=top.message,
                    package=package,
                    pid=pid,
                    frames=top.frames,
                    causes=causes,
                    line=i + 1,
                )
            )
        i = max(j, i + 1)
    return found


# A frame line with something after its closing parenthesis: "at a.B.c(B.java:1)  AndroidRuntime".
_FRAME_TAIL_RE = re.compile(r"^\s*at\s+\S+\([^)]*\)(?P<tail>\s+\S.*?)\s*$")


def _without_column_suffix(messages: list[str]) -> list[str]:
    """The lines with a column a log viewer appends to every line (a tag, a package, a level:
    "...(Foo.kt:10)   AndroidRuntime") cut off: when most frame lines (at least two) end with
    the same text after the frame's closing parenthesis, that text is no part of the trace and
    is removed wherever a line ends with it (the exception line's message too)."""
    tails = [m.group("tail").strip() for m in map(_FRAME_TAIL_RE.match, messages) if m]
    frames = sum(1 for line in messages if _FRAME_RE.match(line.strip(_STRIP_CHARS).strip()))
    if len(tails) < 2:
        return messages
    tail, count = Counter(tails).most_common(1)[0]
    if count < 2 or count < 0.8 * frames:
        return messages
    return [
        line.rstrip()[: -len(tail)].rstrip() if line.rstrip().endswith(tail) else line
        for line in messages
    ]


def _named_throwable(cls: str) -> bool:
    return cls.endswith(("Exception", "Error", "Throwable"))


def _plausible_exception(cls: str) -> bool:
    """A dotted name is a throwable when its last part looks like a class (capitalised)."""
    last = cls.rsplit(".", 1)[-1]
    return bool(last) and last[0].isupper() and ("." in cls or _named_throwable(cls))


def _is_trace_line(raw: str) -> bool:
    text = raw.strip(_STRIP_CHARS).lstrip("`").strip()
    if not text:
        return False
    return bool(
        _FRAME_RE.match(text)
        or _CAUSED_RE.match(text)
        or _SUPPRESSED_RE.match(text)
        or _MORE_RE.match(text)
        or _indent(raw) > 0  # an indented continuation of a multi-line message
    )


def named_exceptions(text: str) -> list[str]:
    """Exception class names mentioned anywhere in ``text`` (``java.lang.NullPointerException``,
    ``NumberFormatException``), in order of first mention, without duplicates."""
    seen: list[str] = []
    for match in _NAMED_EXCEPTION_RE.finditer(text):
        cls = match.group("cls")
        if cls not in seen:
            seen.append(cls)
    return seen


def same_exception(a: str, b: str) -> bool:
    """True when two exception class names denote the same class (``NullPointerException`` and
    ``java.lang.NullPointerException`` do)."""
    if not a or not b:
        return False
    return a == b or a.rsplit(".", 1)[-1] == b.rsplit(".", 1)[-1]


def crash_matches(crash: CrashInfo, exception_class: str) -> bool:
    """True when ``exception_class`` is the crash's exception or any link of its cause chain."""
    classes = [crash.exception_class]
    if isinstance(crash, ParsedCrash):
        classes = crash.exception_classes()
    return any(same_exception(c, exception_class) for c in classes)
