"""Logcat and adb outputs with long runs: the patterns that took seconds to minutes (a crash
frame or a threadtime header with a run of 100k spaces) now parse with the right result. Timing
is ``benchmarks/fuzz_parsers.py``'s; these tests assert results on the inputs that hung."""

from __future__ import annotations

import pytest

from device_agent.adb import parsers as adb
from orchestrator.logcat import MAX_LINE_CHARS, app_crash, find_crashes, parse_logcat

RUN = 100_000
HEAD = "04-28 16:41:12.866  4246  4246 E AndroidRuntime"


def _crash(frame: str) -> str:
    return (
        f"{HEAD}: FATAL EXCEPTION: main\n"
        f"{HEAD}: Process: com.acme.notes, PID: 4246\n"
        f"{HEAD}: java.lang.IllegalStateException: boom\n"
        f"{HEAD}: {frame}\n"
        f"{HEAD}: \tat com.acme.notes.Main.onStart(Main.java:20)\n"
    )


@pytest.mark.parametrize("filler", [" ", "\t", "\u00a0", "a", ".", ":"])
def test_a_crash_frame_with_a_long_run_parses(filler: str) -> None:
    frame = "\tat com.acme.notes.Main.onCreate(Main.java:12)" + filler * RUN + "x"
    crash = app_crash(_crash(frame), "com.acme.notes")
    assert crash is not None and crash.exception_class == "java.lang.IllegalStateException"
    assert crash.frames[0].startswith("com.acme.notes.Main.onCreate(Main.java:12)")
    assert crash.frames[-1] == "com.acme.notes.Main.onStart(Main.java:20)"


@pytest.mark.parametrize("tail", ["x", "", ": msg"])
def test_a_threadtime_header_with_a_long_run_of_spaces_parses(tail: str) -> None:
    # Just under the line bound: 8000 spaces here took 2.7 s of CPU with the old pattern.
    pad = " " * (MAX_LINE_CHARS - len(HEAD) - 10)
    (entry,) = parse_logcat([f"{HEAD}{pad}{tail}"])
    if tail == ": msg":  # a tag padded with spaces is still the tag
        assert (entry.tag, entry.message, entry.pid) == ("AndroidRuntime", "msg", 4246)
    else:
        assert entry.continuation  # no ':' after the tag: not a header
    (cut,) = parse_logcat([f"{HEAD}{' ' * RUN}{tail}"])  # beyond the bound: cut, not read
    assert cut.continuation and len(cut.message) <= MAX_LINE_CHARS


def test_many_native_crash_lines_and_unclosed_pids_parse() -> None:
    bad = "Fatal signal 11 (SIGSEGV) " + "pid 1 (x" * 20_000
    good = (
        "04-28 16:41:12.866  900  900 F libc    : Fatal signal 11 (SIGSEGV), code 1 "
        "(SEGV_MAPERR), fault addr 0x0 in tid 901 (RenderThread), pid 900 (com.acme.notes)"
    )
    crashes = find_crashes(f"{HEAD}: {bad}\n{good}\n")
    assert [(c.exception_class, c.package, c.pid) for c in crashes] == [
        ("SIGSEGV", "com.acme.notes", 900)
    ]


def test_a_log_of_many_fatal_blocks_is_read_block_by_block() -> None:
    log = _crash("\tat com.acme.notes.Main.onCreate(Main.java:12)") * 3000
    crashes = find_crashes(log)
    assert len(crashes) == 3000 and all(len(c.frames) == 2 for c in crashes)


def test_adb_outputs_with_long_runs_parse() -> None:
    window = "mCurrentFocus=Window{1a2b u0 " + "x" * RUN + "\n  mCurrentFocus=Window{3c u0 a/.B}"
    assert adb.current_focus(window) == "a/.B"  # the overlong title is not taken
    trace = "----- pid 12 at 2024-01-01 -----\nBuild fingerprint: '" + "a" * RUN + "\nCmd line: x\n"
    parsed = adb.parse_anr_trace(trace)
    assert (parsed.pid, parsed.fingerprint, parsed.cmd_line) == (12, "", "x")
    lines = [f"{HEAD}: Process: com.acme.notes, PID: 4246" + " " * RUN]
    assert adb.app_problems(lines, "com.acme.notes")[0][0] == "crash"


def test_numbers_too_long_for_int_are_not_headers() -> None:
    """Found by the fuzz run: a 7000-digit pid made int() raise ValueError in the header parser."""
    digits = "4" * 7000
    entries = parse_logcat([f"04-28 16:41:12.866  {digits}  4246 E AndroidRuntime: x"])
    assert entries[0].continuation and entries[0].pid is None
    assert find_crashes(f"E/AndroidRuntime({digits}): FATAL EXCEPTION: main\n") == []
    assert adb.density(f"Physical density: {digits}") == 0
    with pytest.raises(ValueError, match="no size"):
        adb.screen_size(f"Physical size: {digits}x4")
