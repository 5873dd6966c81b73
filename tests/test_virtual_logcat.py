"""Virtual logcat: threadtime format, buffers, cursors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from device_agent.virtual.logcat import Logcat, VirtualClock

FIXTURE = (
    Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "markor_crash_threadtime.log"
)
THREADTIME = re.compile(r"^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ [VDIWEF] .{8,}?: ")


def test_format_matches_real_threadtime_lines() -> None:
    if not FIXTURE.exists():
        pytest.skip(f"{FIXTURE} is absent (shared fixtures ship with CI)")
    real = [ln for ln in FIXTURE.read_text().splitlines() if "AndroidRuntime: FATAL" in ln][0]
    log = Logcat(VirtualClock())
    log.write("crash", 4246, 4246, "E", "AndroidRuntime", "FATAL EXCEPTION: main")
    ours = log.read(0, ("crash",))[0][1]
    # Same columns: timestamp, pid and tid right-aligned in 5, level, tag, message.
    assert ours[18:] == real[18:]
    short = Logcat(VirtualClock())
    short.write("main", 1, 2, "W", "art", "x")
    line = short.read(0, ("main",))[0][1]
    assert line.endswith("     1     2 W art     : x")
    assert THREADTIME.match(line)


def test_buffers_separators_cursor_and_max_lines() -> None:
    clock = VirtualClock()
    log = Logcat(clock)
    log.write("main", 10, 10, "I", "A", "one")
    clock.advance(1.5)
    log.write("system", 20, 21, "I", "B", "two")
    log.write("crash", 10, 10, "E", "C", "three\nfour")
    lines, cursor = log.read(0, ("main", "system", "crash"))
    assert lines[0] == "--------- beginning of main"
    assert lines[2] == "--------- beginning of system"
    assert lines[4] == "--------- beginning of crash"
    assert lines[5].endswith("C       : three") and lines[6].endswith("C       : four")
    assert lines[3].startswith("05-14 09:30:01.500")
    assert cursor == log.cursor == 4
    assert log.read(cursor, ("main", "system", "crash")) == ([], 4)
    assert (
        log.read(0, ("all",))
        == log.read(0, ("default",))
        == log.read(0, ("main", "system", "crash"))
    )
    # Only crash lines, but the cursor still moves past the others.
    lines, cursor = log.read(0, ("crash",))
    assert len(lines) == 3 and cursor == 4
    # max_lines stops early and the cursor resumes where it stopped.
    first, c1 = log.read(0, ("main", "system", "crash"), max_lines=2)
    rest, c2 = log.read(c1, ("main", "system", "crash"))
    assert c1 == 2 and c2 == 4
    assert [ln for ln in first + rest if not ln.startswith("-")] == [
        ln for ln in log.read(0, ("main", "system", "crash"))[0] if not ln.startswith("-")
    ]


def test_ring_buffer_drops_oldest_and_json_round_trip() -> None:
    log = Logcat(VirtualClock(), max_lines=3)
    for i in range(5):
        log.write("main", 1, 1, "D", "T", f"m{i}")
    lines, _ = log.read(0, ("main",))
    assert [ln.rsplit(": ", 1)[1] for ln in lines[1:]] == ["m2", "m3", "m4"]
    copy = Logcat(VirtualClock(), max_lines=3)
    copy.load_json(log.to_json())
    assert copy.read(0, ("main",)) == log.read(0, ("main",))
