"""Crashes and ANRs in logcat: the real logs in ``../shared/fixtures`` (threadtime, Android Studio
copy-paste, the older Studio datetime format), the ANR traces file (not logcat: no crash), and
synthetic logs for ANRs, native crashes, old formats and other processes' crashes."""

from __future__ import annotations

import pytest

from orchestrator.logcat import (
    ParsedCrash,
    app_crash,
    crash_matches,
    find_anrs,
    find_crashes,
    find_exceptions_in_text,
    named_exceptions,
    parse_logcat,
)
from tests.conftest import SHARED

FIXTURES = SHARED / "fixtures"
needs_fixtures = pytest.mark.skipif(not FIXTURES.is_dir(), reason=f"{FIXTURES} is absent")


def _lines(name: str) -> list[str]:
    return (FIXTURES / name).read_text(encoding="utf-8").splitlines()


def _frame_lines_after(lines: list[str], start_marker: str) -> int:
    """Count ``at`` frame lines from the first line containing ``start_marker`` up to the next
    line that is neither a frame nor part of the trace (independent of the parser)."""
    started = False
    count = 0
    for line in lines:
        if start_marker in line:
            started = True
            continue
        if started:
            body = line.split(": ", 1)[-1] if " E AndroidRuntime:" in line else line
            stripped = body.strip(" \t\u00a0")
            if stripped.startswith("at "):
                count += 1
            elif stripped.startswith(("Caused by", "...")) or not stripped:
                break
    return count


@needs_fixtures
def test_threadtime_crash_with_caused_by_chain() -> None:
    lines = _lines("markor_crash_threadtime.log")
    crashes = find_crashes(lines)
    assert len(crashes) == 1
    crash = crashes[0]
    assert isinstance(crash, ParsedCrash)
    assert crash.package == "net.gsantner.markor" and crash.pid == 4246 and crash.thread == "main"
    assert crash.exception_class == "java.lang.RuntimeException"
    assert crash.message.startswith("Unable to start activity ComponentInfo{net.gsantner.markor/")
    assert (
        crash.frames[0]
        == "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2416)"
    )
    assert len(crash.frames) == _frame_lines_after(lines, "java.lang.RuntimeException: Unable")
    assert [c.exception_class for c in crash.causes] == ["java.lang.NullPointerException"]
    assert crash.root_cause.frames[0].startswith(
        "net.gsantner.opoc.ui.FilesystemDialog.onViewCreated"
    )
    assert crash_matches(crash, "NullPointerException") and crash_matches(
        crash, "java.lang.RuntimeException"
    )
    assert not crash_matches(crash, "IllegalStateException")
    assert (
        app_crash(lines, "net.gsantner.markor") is crash
        or app_crash(lines, "net.gsantner.markor").pid == 4246
    )
    assert app_crash(lines, "com.other.app") is None
    assert find_anrs(lines) == []
    data = crash.to_json()
    assert data["root_cause"]["exception_class"] == "java.lang.NullPointerException"
    assert len(data["frames"]) <= 8


@needs_fixtures
def test_spaces_indented_frames_and_suppressed_blocks() -> None:
    crash = find_crashes(_lines("themis_markor_1329_crash_threadtime.log"))[0]
    assert crash.exception_class == "java.lang.NoClassDefFoundError"
    assert crash.message == "Failed resolution of: Ljava/util/function/Consumer;"
    assert len(crash.frames) == 21
    # The nested "Caused by" inside the Suppressed block is not part of the main chain.
    assert [c.exception_class for c in crash.causes] == ["java.lang.ClassNotFoundException"]
    assert len(crash.causes[0].frames) == 3


@needs_fixtures
def test_android_studio_copy_paste_with_nbsp() -> None:
    lines = _lines("themis_ankidroid_10545_crash_studio.log")
    assert any("\u00a0" in line for line in lines)
    crash = app_crash(lines, "com.ichi2.anki")
    assert crash is not None and crash.pid == 10975
    assert crash.thread == "AsyncTask #2"
    assert crash.exception_class == "java.lang.RuntimeException"
    assert crash.causes[0].exception_class == "java.util.IllegalFormatFlagsException"
    assert crash.causes[0].message == "Flags = ' '"
    assert len(crash.frames) == 8 and len(crash.causes[0].frames) == 16
    assert all("\u00a0" not in f for f in crash.causes[0].frames)
    entries = parse_logcat(lines)
    assert entries[0].tag == "AndroidRuntime" and entries[0].level == "E"
    assert all(e.continuation for e in entries[1:])


@needs_fixtures
def test_older_studio_format_ignores_leaked_receiver_warning() -> None:
    lines = _lines("themis_markor_1698_crash_studio_datetime.log")
    crashes = find_crashes(lines)
    assert len(crashes) == 1  # the IntentReceiverLeaked error above it is not a crash
    crash = crashes[0]
    assert crash.package == "net.gsantner.markor_test" and crash.pid == 5007
    assert crash.exception_class == "java.lang.IllegalArgumentException"
    assert crash.line == 99
    # The app under test is net.gsantner.markor_test, not net.gsantner.markor.
    assert app_crash(lines, "net.gsantner.markor") is None
    assert app_crash(lines, "net.gsantner.markor_test") is not None
    entries = parse_logcat(lines)
    assert entries[0].package == "net.gsantner.markor_test" and entries[0].pid == 5007


@needs_fixtures
def test_anr_traces_file_and_dumpsys_are_not_crashes() -> None:
    for name in ("anr_traces_samsung_j3_android7.txt", "dumpsys_activity_activities_android13.txt"):
        lines = _lines(name)
        assert find_crashes(lines) == [] and find_anrs(lines) == []
        assert app_crash(lines, "one.hix.testadbshell") is None


SYNTHETIC = """\
--------- beginning of main
11-02 10:00:00.100  1000  1000 I ActivityManager: Start proc 2222:com.example.app/u0a77
11-02 10:00:01.000  3333  3333 E AndroidRuntime: FATAL EXCEPTION: main
11-02 10:00:01.000  3333  3333 E AndroidRuntime: Process: com.other.app, PID: 3333
11-02 10:00:01.000  3333  3333 E AndroidRuntime: java.lang.IllegalStateException: not ours
11-02 10:00:01.000  3333  3333 E AndroidRuntime: \tat com.other.app.Main.run(Main.java:1)
11-02 10:00:02.000  2222  2222 E AndroidRuntime: FATAL EXCEPTION: main
11-02 10:00:02.000  2222  2222 E AndroidRuntime: Process: com.example.app, PID: 2222
11-02 10:00:02.001  1000  1010 I WindowManager: interleaved line of another process
11-02 10:00:02.000  2222  2222 E AndroidRuntime: java.lang.IndexOutOfBoundsException: index 0
11-02 10:00:02.000  2222  2222 E AndroidRuntime: \tat java.util.ArrayList.get(ArrayList.java:308)
11-02 10:00:02.000  2222  2222 E AndroidRuntime: \tat com.example.app.Task.done(Task.java:175)
11-02 10:00:03.000  1000  1011 E ActivityManager: ANR in com.example.app:remote (com.example.app/.S)
11-02 10:00:03.000  1000  1011 E ActivityManager: PID: 2300
11-02 10:00:03.000  1000  1011 E ActivityManager: Reason: executing service com.example.app/.Svc
11-02 10:00:04.000  4444  4460 F libc    : Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), \
fault addr 0x0 in tid 4460 (RenderThread), pid 4444 (com.native.app)
"""


def test_only_the_app_under_tests_crash_counts() -> None:
    crashes = find_crashes(SYNTHETIC)
    assert [(c.package, c.exception_class) for c in crashes] == [
        ("com.other.app", "java.lang.IllegalStateException"),
        ("com.example.app", "java.lang.IndexOutOfBoundsException"),
        ("com.native.app", "SIGSEGV"),
    ]
    ours = app_crash(SYNTHETIC, "com.example.app")
    assert ours is not None and ours.pid == 2222
    assert ours.frames == [
        "java.util.ArrayList.get(ArrayList.java:308)",
        "com.example.app.Task.done(Task.java:175)",
    ]
    assert app_crash(SYNTHETIC.splitlines(), "com.native.app").exception_class == "SIGSEGV"
    assert app_crash(SYNTHETIC, "com.example") is None  # a package prefix is another app


def test_anr_of_the_apps_own_process() -> None:
    anrs = find_anrs(SYNTHETIC)
    assert len(anrs) == 1
    anr = anrs[0]
    assert anr.kind == "anr" and anr.exception_class == "ANR"
    assert anr.package == "com.example.app:remote" and anr.pid == 2300
    assert anr.message == "executing service com.example.app/.Svc"
    only_anr = "\n".join(line for line in SYNTHETIC.splitlines() if "2222" not in line)
    found = app_crash(only_anr, "com.example.app")
    assert found is not None and found.kind == "anr"


def test_old_time_format_without_process_line_uses_frames() -> None:
    log = (
        "06-16 15:10:35.019: E/AndroidRuntime(5038): FATAL EXCEPTION: main\n"
        "06-16 15:10:35.019: E/AndroidRuntime(5038): java.lang.IllegalArgumentException: "
        "Service not registered\n"
        "06-16 15:10:35.019: E/AndroidRuntime(5038):     "
        "at android.app.LoadedApk.forget(LoadedApk.java:926)\n"
        "06-16 15:10:35.019: E/AndroidRuntime(5038):     "
        "at pt.lighthouselabs.obd.reader.Main.stop(Main.java:296)\n"
    )
    crash = find_crashes(log)[0]
    assert crash.pid == 5038 and crash.package == "" and len(crash.frames) == 2
    assert (
        app_crash(log, "pt.lighthouselabs.obd.reader") is crash
        or app_crash(log, "pt.lighthouselabs.obd.reader").pid == 5038
    )
    assert app_crash(log, "com.unrelated") is None


def test_brief_format_and_multiline_message() -> None:
    log = (
        "E/AndroidRuntime( 812): FATAL EXCEPTION: main\n"
        "E/AndroidRuntime( 812): Process: com.newsblur, PID: 812\n"
        "E/AndroidRuntime( 812): java.lang.IllegalArgumentException: unexpected url: x2\n"
        "E/AndroidRuntime( 812): /api/login\n"
        "E/AndroidRuntime( 812): \tat okhttp3.Request$Builder.url(Request.java:143)\n"
    )
    crash = app_crash(log, "com.newsblur")
    assert crash is not None
    assert crash.message == "unexpected url: x2\n/api/login"
    assert crash.frames == ["okhttp3.Request$Builder.url(Request.java:143)"]


def test_traces_in_report_text() -> None:
    text = (
        "Stack traces\n```\n"
        "11-01 14:56:58.360 12058 12058 W System.err: java.io.FileNotFoundException: caught\n"
        "11-01 14:56:58.360 12058 12058 W System.err:    at a.b.C.d(C.java:1)\n"
        "```\n"
        "// CRASH: app.librenews.io.librenews (pid 3182)\n"
        "// java.lang.ArrayIndexOutOfBoundsException: length=0; index=-1\n"
        "// \tat app.librenews.io.librenews.controllers.FlashManager.x(FlashManager.java:184)\n"
        "> java.lang.RuntimeException: Unable to resume activity\n"
        ">   at android.app.ActivityThread.performResumeActivity(ActivityThread.java:3103)\n"
        "> Caused by: java.lang.NullPointerException: boom\n"
    )
    found = find_exceptions_in_text(text)
    classes = [f.exception_class for f in found]
    assert "java.io.FileNotFoundException" not in classes  # System.err: caught, not a crash
    assert classes == ["java.lang.ArrayIndexOutOfBoundsException", "java.lang.RuntimeException"]
    assert found[0].frames == [
        "app.librenews.io.librenews.controllers.FlashManager.x(FlashManager.java:184)"
    ]
    assert found[1].root_cause.exception_class == "java.lang.NullPointerException"
    assert named_exceptions("a ``NumberFormatException`` then java.lang.NumberFormatException") == [
        "NumberFormatException",
        "java.lang.NumberFormatException",
    ]


def test_string_input_is_split_into_lines_and_odd_lines_never_raise() -> None:
    assert find_crashes("") == [] and find_anrs("") == []
    assert find_crashes(["\x00\x01 garbage", "   ", "E/: weird"]) == []
    entries = parse_logcat("just text\n  more text")
    assert len(entries) == 2 and all(e.continuation for e in entries)


def test_a_column_a_log_viewer_appends_to_every_trace_line_is_cut_off() -> None:
    """A copy whose every line ends with the log's tag: the frames end at their parenthesis and
    the message loses the tag, so both match the app's own crash."""
    text = "\n".join(
        [
            "java.lang.IllegalStateException: Fragment Foo not attached to a context."
            "   AndroidRuntime",
            "\tat com.example.app.Foo.bar(Foo.kt:10)   AndroidRuntime",
            "\tat com.example.app.Baz.qux(Baz.kt:20)   AndroidRuntime",
            "\tat android.os.Handler.handleCallback(Handler.java:938)   AndroidRuntime",
        ]
    )
    (trace,) = find_exceptions_in_text(text)
    assert trace.message == "Fragment Foo not attached to a context."
    assert trace.frames[:2] == [
        "com.example.app.Foo.bar(Foo.kt:10)",
        "com.example.app.Baz.qux(Baz.kt:20)",
    ]
    # One frame with a remark after it is no column: the lines are left as written.
    remark = "java.lang.Error: boom\n\tat a.B.c(B.java:1) <- here\n\tat a.B.d(B.java:2)"
    (kept,) = find_exceptions_in_text(remark)
    assert kept.message == "boom"
