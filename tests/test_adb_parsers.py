"""The adb backend's parsers on real device output (``../shared/fixtures``) and on the shapes
Android prints that the fixtures lack."""

from __future__ import annotations

from pathlib import Path

import pytest

from device_agent.adb import parsers as P
from device_agent.errors import HierarchyError
from device_agent.hierarchy import parse_hierarchy

DUMPS = [
    "markor_crash_dialog_landscape.xml",
    "markor_file_picker_list.xml",
    "maps_timeline_dialog.xml",
    "maps_search_results_deep.xml",
    "nora_chat_chinese_edittext.xml",
    "flutter_ide_explorer_naf.xml",
    "gmail_welcome_tour.xml",
]


def fixture(shared_dir: Path, name: str) -> str:
    return (shared_dir / "fixtures" / name).read_text(encoding="utf-8")


# -- uiautomator dump --------------------------------------------------------------------------
@pytest.mark.parametrize("name", DUMPS)
def test_dump_xml_strips_the_trailer_and_keeps_every_node(shared_dir: Path, name: str):
    raw = fixture(shared_dir, name)
    xml = P.dump_xml(raw + "UI hierchary dumped to: /dev/tty\n")
    assert xml.rstrip().endswith("</hierarchy>")
    assert "dumped to" not in xml
    assert sum(1 for _ in parse_hierarchy(xml).iter()) == raw.count("<node ")


@pytest.mark.parametrize("name", ["maps_search_results_deep.xml", "gmail_welcome_tour.xml"])
def test_dump_xml_never_returns_half_a_file(shared_dir: Path, name: str):
    raw = fixture(shared_dir, name)
    for cut in (len(raw) // 3, len(raw) - 20):
        with pytest.raises(HierarchyError, match="cut off"):
            P.dump_xml(raw[:cut])


def test_dump_xml_reports_the_idle_state_error():
    out = "ERROR: could not get idle state.\n"
    assert P.is_idle_error(out)
    with pytest.raises(HierarchyError, match="idle state"):
        P.dump_xml(out)
    with pytest.raises(HierarchyError):
        P.dump_xml("")


def test_error_dialog_on_real_screens(shared_dir: Path):
    assert P.error_dialog(fixture(shared_dir, "markor_crash_dialog_landscape.xml")) == "crash"
    for name in ("gmail_welcome_tour.xml", "maps_timeline_dialog.xml"):
        assert P.error_dialog(fixture(shared_dir, name)) == ""
    anr = fixture(shared_dir, "gmail_welcome_tour.xml").replace(
        'text="GOT IT"', 'text="Gmail isn\'t responding"'
    )
    assert P.error_dialog(anr) == "anr"


# -- dumpsys -----------------------------------------------------------------------------------
def test_dumpsys_activity_android13_resumed_activity_and_focus(shared_dir: Path):
    text = fixture(shared_dir, "dumpsys_activity_activities_android13.txt")
    assert P.resumed_activity(text) == "com.mediatek.camera/.CameraLauncher"
    # The focus is the notification shade, a system window: no activity to report.
    assert P.current_focus(text) is None
    assert P.error_window(text) is None


def test_dumpsys_window_focus_forms():
    app = "  mCurrentFocus=Window{3b1c2d4 u0 com.example/com.example.ui.MainActivity}\n"
    assert P.current_focus(app) == "com.example/.ui.MainActivity"
    other = "  mCurrentFocus=Window{3b1c2d4 u0 com.example/org.lib.Picker}\n"
    assert P.current_focus(other) == "com.example/org.lib.Picker"
    crash = "  mCurrentFocus=Window{91aa u0 Application Error: com.example}\n"
    assert P.current_focus(crash) is None
    assert P.error_window(crash) == ("crash", "com.example")
    anr = "  mCurrentFocus=Window{91aa u0 Application Not Responding: com.example}\n"
    assert P.error_window(anr) == ("anr", "com.example")
    assert P.current_focus("  mCurrentFocus=null\n") is None
    old = "  mResumedActivity: ActivityRecord{c0ffee u0 com.example/.Main t3}\n"
    assert P.resumed_activity(old) == "com.example/.Main"
    assert P.resumed_activity("nothing resumed") is None


def test_wm_and_package_outputs():
    assert P.screen_size("Physical size: 1080x1920\n") == (1080, 1920)
    assert P.screen_size("Physical size: 1440x2560\nOverride size: 1080x1920\n") == (1080, 1920)
    assert P.screen_size("Physical size: 2560x1440\n") == (1440, 2560)
    with pytest.raises(ValueError):
        P.screen_size("")
    assert P.density("Physical density: 420\nOverride density: 320\n") == 320
    assert P.version_name("    versionCode=96 minSdk=14\n    versionName=3.4.3\n") == "3.4.3"
    assert P.input_shown("  mInputShown=true\n") and not P.input_shown("  mInputShown=false")


# -- logcat --------------------------------------------------------------------------------------
def test_crash_found_in_real_threadtime_log(shared_dir: Path):
    lines = fixture(shared_dir, "markor_crash_threadtime.log").splitlines()
    problems = P.app_problems(lines, "net.gsantner.markor")
    assert [k for k, _ in problems] == ["crash"]
    assert "PID: 4246" in problems[0][1]
    assert P.app_problems(lines, "com.other.app") == []
    anr = ["05-14 09:30:05.000  1000  1013 E ActivityManager: ANR in net.gsantner.markor:sync"]
    assert P.app_problems(anr, "net.gsantner.markor") == [("anr", anr[0])]


def test_time_cursor_splits_a_real_log_exactly(shared_dir: Path):
    lines = fixture(shared_dir, "markor_crash_threadtime.log").splitlines()
    stamped = [i for i, ln in enumerate(lines) if P.stamp_ms(ln) is not None]
    # Cut in the middle of the crash block, where many lines share one millisecond.
    fatal = next(i for i, ln in enumerate(lines) if "FATAL EXCEPTION" in ln)
    for cut in (stamped[10], fatal + 3, stamped[-1]):
        seen, rest = lines[: cut + 1], lines[cut + 1 :]
        cursor = P.cursor_after(seen)
        since = P.since_argument(cursor)
        assert lines[cut].startswith(since)
        # `logcat -t TIME` prints from that time on (inclusive); lines_after drops what was seen.
        printed = [ln for ln in lines if (P.stamp_ms(ln) or 0) >= P.stamp_ms(since)]
        assert [ln for ln in P.lines_after(printed, cursor) if P.stamp_ms(ln) is not None] == [
            ln for ln in rest if P.stamp_ms(ln) is not None
        ]
    assert P.cursor_after(["--------- beginning of main"]) == 0
    assert P.stamp_ms("2022-05-30 12:41:07.630 5007-5065/x E/T: m") == P.stamp_ms(
        "05-30 12:41:07.630  5007  5065 E T: m"
    )


def test_anr_traces_header_and_main_thread(shared_dir: Path):
    trace = P.parse_anr_trace(fixture(shared_dir, "anr_traces_samsung_j3_android7.txt"))
    assert trace.pid == 3986
    assert trace.time == "2020-08-20 18:16:17"
    assert trace.cmd_line == "one.hix.testadbshell"
    assert trace.fingerprint.startswith("samsung/to_j3xnlte/j3xnlte:7.1.2/")
    assert trace.main_state == "TimedWaiting"
    assert trace.main_frames[0] == "java.lang.Object.wait!(Native method)"
    assert any("runBlocking" in f for f in trace.main_frames)
    with pytest.raises(ValueError):
        P.parse_anr_trace("not a trace")


# -- input text ------------------------------------------------------------------------------------
def test_input_text_escaping_and_chunks():
    assert P.input_text_args("a b") == ["a%sb"]
    assert P.input_text_args("it's (1)&2;") == ["it\\'s%s\\(1\\)\\&2\\;"]
    assert P.input_text_args('x"$y') == ['x\\"\\$y']
    long = "abcdefghij" * 20
    chunks = P.input_text_args(long, chunk=64)
    assert len(chunks) == 4 and "".join(chunks) == long
    assert P.input_text_args("") == []
    with pytest.raises(ValueError, match="ASCII"):
        P.input_text_args("héllo")
    # A literal "%s" is typed in two parts (one argument would turn it into a space).
    assert P.input_text_args("100%sure") == ["100%", "sure"]
    assert P.input_text_args("a %s") == ["a%s%", "s"]
    with pytest.raises(ValueError, match="ASCII"):
        P.input_text_args("a\nb")  # a newline is a key event, not text


def test_input_text_commands_type_a_newline_as_enter():
    assert P.input_text_commands("a b\nc") == ["text a%sb", "keyevent KEYCODE_ENTER", "text c"]
    assert P.input_text_commands("x\r\n") == ["text x", "keyevent KEYCODE_ENTER"]
    assert P.input_text_commands("100%sure") == ["text 100%", "text sure"]
    with pytest.raises(ValueError, match="ASCII"):
        P.input_text_commands("tab\there")


def test_input_text_round_trips_through_a_posix_shell():
    import shlex

    text = 'it\'s a "test" (#1) & $HOME; ok? [x] {y} * ~ ^ ! | < > `z` \\'
    # What the device's shell hands to `input text`, per chunk, joined, with %s as spaces:
    joined = "".join(shlex.split(a)[0] for a in P.input_text_args(text)).replace("%s", " ")
    assert joined == text


def test_console_snapshot_list():
    out = (
        "List of snapshots present on all disks:\n"
        "ID        TAG                 VM SIZE                DATE       VM CLOCK\n"
        "--        default_boot           66M 2019-06-17 11:06:24   00:01:24.410\n"
        "--        base                  120M 2019-06-17 11:08:01   00:02:00.000\n"
    )
    assert P.snapshot_names(out) == ["default_boot", "base"]
    assert P.snapshot_names("") == []
