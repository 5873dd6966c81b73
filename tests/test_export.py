"""``reprofarm export``: a confirmed trace as an adb script or a Maestro flow.

The adb script is checked three ways: its text (taps at the centres of the recorded bounds), a
run against a fake ``adb`` on the PATH that logs every invocation (the exact sequence, and what
the device's shell would hand to ``input`` for tricky text), and, when Debian's ``adb`` is
installed, a run through the real adb server against a virtual emulator, where the app model's
ground truth must say the bug was triggered. The Maestro flow is parsed back with PyYAML.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from device_agent.actions import Bounds
from orchestrator.cli import main
from orchestrator.errors import BadInputError
from orchestrator.export import (
    adb_export,
    maestro_export,
    maestro_regex,
    parse_screen_size,
    to_adb_script,
    to_maestro_flow,
)
from tests.adb_harness import NEEDS_ADB, adb_server

DATA = Path(__file__).parent / "data"
AMAZE = "com.amaze.filemanager"


def load(name: str) -> dict[str, Any]:
    return json.loads((DATA / f"export_{name}.json").read_text(encoding="utf-8"))


def step(action: dict[str, Any], orientation: str = "portrait") -> dict[str, Any]:
    return {
        "action": action,
        "from_screen": {"activity": "com.example.app/.Main", "orientation": orientation},
    }


def widget(kind: str, bounds: list[int] | None = None, **fields: str) -> dict[str, Any]:
    target: dict[str, Any] = {
        "resource_id": "",
        "text": "",
        "content_desc": "",
        "class_name": "android.widget.Button",
    }
    target.update(fields)
    if bounds is not None:
        target["bounds"] = bounds
    return {"kind": kind, "target": target}


def result_of(*steps: dict[str, Any], verdict: str = "crash") -> dict[str, Any]:
    return {
        "bug_id": "Example#1",
        "title": "Example",
        "verdict": verdict,
        "reproduced": verdict in ("crash", "symptom"),
        "app": {"name": "Example", "version": "1.0", "package": "com.example.app"},
        "trace": list(steps),
        "crash": {"exception_class": "java.lang.IllegalStateException", "message": "boom"},
        "spec": {"symptom": "The list stays empty."},
        "evidence": "'The list' is still shown",
        "final_screen": {"checks": [{"kind": "shown", "text": "The list", "match": "exact"}]},
    }


WIDGET_KINDS = ("click", "long_click", "input_text")
FIELD = [0, 200, 1080, 350]  # centre (540, 275)


def typing(text: str, current: str = "") -> dict[str, Any]:
    action = widget(
        "input_text",
        FIELD,
        resource_id="com.example.app:id/name",
        text=current,
        class_name="android.widget.EditText",
    )
    action["text"] = text
    return step(action)


# -- a fake adb ---------------------------------------------------------------------------------

FAKE_ADB = r'''#!{python}
"""A stand-in for adb: logs its argv; for `shell input ...` also logs the words the device's
shell would pass to `input` (adb joins its arguments with spaces; a POSIX sh splits them)."""
import json, os, subprocess, sys

args = sys.argv[1:]
log = os.environ["FAKE_ADB_LOG"]
with open(log, "a") as fh:
    fh.write(json.dumps(args) + "\n")
fail = os.environ.get("FAKE_ADB_FAIL", "")
if fail and " ".join(args).startswith(fail):
    sys.exit(1)
if args[:1] == ["get-state"]:
    print("device")
elif args[:3] == ["shell", "wm", "size"]:
    print("Physical size: " + os.environ.get("FAKE_ADB_SIZE", "1080x1920"), end="\r\n")
elif args[:3] == ["shell", "pm", "path"]:
    print("package:/data/app/base.apk")
elif args[:3] == ["shell", "cat", "/sdcard/reprofarm-dump.xml"]:
    print(os.environ.get("FAKE_ADB_DUMP", '<hierarchy rotation="0"><node index="0" text="The '
          'list" resource-id="" class="android.widget.TextView" package="com.example.app" '
          'content-desc="" bounds="[0,0][10,10]" /></hierarchy>'))
elif args[:2] == ["shell", "logcat"] and "-d" in args:
    # The first read is the script's cursor at its start: the buffer before the run.
    with open(log) as fh:
        reads = sum(1 for ln in fh if ln.startswith('["shell", "logcat", "-d"'))
    before = os.environ.get("FAKE_ADB_CRASH_BEFORE", "")
    sys.stdout.write(before if reads == 1 else before + os.environ.get("FAKE_ADB_CRASH", ""))
elif args[:2] == ["shell", "input"]:
    script = 'input() {{ for a in "$@"; do printf "%s\\0" "$a"; done; }}; ' + " ".join(args[1:])
    words = subprocess.run(["sh", "-c", script], capture_output=True).stdout.decode()
    with open(log + ".input", "a") as fh:
        fh.write(json.dumps(words.split("\0")[:-1]) + "\n")
'''


def without_dumps(calls: list[list[str]]) -> list[list[str]]:
    """The calls that act on the device (the script's dumps and reads of them left out)."""
    return [c for c in calls if c[:2] not in (["shell", "uiautomator"], ["shell", "cat"])]


class FakeAdb:
    def __init__(self, root: Path) -> None:
        self.bin = root / "bin"
        self.bin.mkdir()
        adb = self.bin / "adb"
        adb.write_text(FAKE_ADB.format(python=sys.executable))
        adb.chmod(0o755)
        self.log = root / "adb.log"

    def run(
        self, script: str, *args: str, tmp: Path, **env: str
    ) -> subprocess.CompletedProcess[str]:
        path = tmp / "repro.sh"
        path.write_text(script)
        self.log.write_text("")
        (tmp / "adb.log.input").write_text("")
        full_env = dict(
            os.environ,
            PATH=f"{self.bin}{os.pathsep}{os.environ['PATH']}",
            FAKE_ADB_LOG=str(self.log),
            REPRO_DELAY="0",
            REPRO_LAUNCH_WAIT="0",
        )
        full_env.update(env)
        return subprocess.run(
            ["sh", str(path), *args], env=full_env, capture_output=True, text=True, timeout=60
        )

    def calls(self) -> list[list[str]]:
        return [json.loads(line) for line in self.log.read_text().splitlines()]

    def input_words(self) -> list[list[str]]:
        lines = (self.log.parent / "adb.log.input").read_text().splitlines()
        return [json.loads(line) for line in lines]


@pytest.fixture
def fake_adb(tmp_path: Path) -> FakeAdb:
    return FakeAdb(tmp_path)


CRASH_BUFFER = (
    "--------- beginning of crash\n"
    "05-14 09:30:04.206  4203  4203 E AndroidRuntime: FATAL EXCEPTION: main\n"
    f"05-14 09:30:04.206  4203  4203 E AndroidRuntime: Process: {AMAZE}, PID: 4203\n"
)


# -- the adb script -----------------------------------------------------------------------------


def test_adb_script_taps_at_the_centres_of_the_recorded_bounds() -> None:
    result = load("amaze-1796")
    lines = to_adb_script(result).splitlines()
    # Each widget step looks its target up and falls back to the recorded centre (last words).
    taps = [
        tuple(map(int, ln.split()[-2:]))
        for ln, nxt in zip(lines, lines[1:], strict=False)
        if ln.startswith("find_widget ") and nxt == 'adb shell input tap "$X" "$Y"'
    ]
    clicks = [
        Bounds.from_list(s["action"]["target"]["bounds"]).center
        for s in result["trace"]
        if s["action"]["kind"] in ("click", "input_text")
    ]
    assert taps == clicks
    assert (540, 933) in taps  # the permission dialog's Allow, [92,863][988,1003]
    long_press = [
        nxt
        for ln, nxt in zip(lines, lines[1:], strict=False)
        if ln.startswith("find_widget ") and ln.endswith(" 540 1628")
    ]
    assert 'adb shell input swipe "$X" "$Y" "$X" "$Y" 1000' in long_press


def test_adb_script_header_names_bug_app_screen_and_verdict() -> None:
    text = to_adb_script(load("amaze-1796"), delay_s=0.5)
    head = text.split("set -eu")[0]
    assert text.startswith("#!/bin/sh\n")
    assert "AmazeFileManager#1796" in head and "com.amaze.filemanager" in head
    assert "AmazeFileManager 3.3.2" in head and "1080x1920" in head
    assert "verdict crash (java.lang.IndexOutOfBoundsException" in head
    assert 'DELAY="${REPRO_DELAY:-0.5}"' in text


@pytest.mark.parametrize("shell", ["sh", "dash", "bash"])
@pytest.mark.parametrize("name", ["amaze-1796", "markor-194"])
def test_adb_script_is_valid_sh(shell: str, name: str, tmp_path: Path) -> None:
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed")
    path = tmp_path / "repro.sh"
    path.write_text(to_adb_script(load(name)))
    checked = subprocess.run([shell, "-n", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


AMAZE_CALLS = [
    ["get-state"],
    ["shell", "wm", "size"],
    ["shell", "pm", "path", AMAZE],
    ["shell", "am", "force-stop", AMAZE],
    ["shell", "pm", "clear", AMAZE],
    ["shell", "settings", "put", "system", "accelerometer_rotation", "0"],
    ["shell", "settings", "put", "system", "user_rotation", "0"],
    ["shell", "logcat", "-d", "-v", "threadtime", "-b", "crash"],
    ["shell", "logcat", "-b", "crash", "-c"],
    ["shell", "monkey", "-p", AMAZE, "-c", "android.intent.category.LAUNCHER", "1"],
    ["shell", "input", "tap", "540", "933"],  # Allow
    ["shell", "input", "tap", "952", "1666"],  # the FAB
    ["shell", "input", "tap", "646", "1497"],  # Folder
    ["shell", "input", "tap", "540", "928"],  # the name field...
    ["shell", "input", "keyevent", "KEYCODE_MOVE_END"] + ["KEYCODE_DEL"] * len("Enter name"),
    ["shell", "input", "text", "test2"],
    ["shell", "input", "tap", "864", "964"],  # CREATE
    ["shell", "input", "swipe", "540", "1420", "540", "500", "300"],  # swipe up the screen
    ["shell", "input", "swipe", "540", "1628", "540", "1628", "1000"],  # long press test2
    ["shell", "input", "tap", "733", "136"],  # Cut
    ["shell", "input", "tap", "540", "1628"],  # open test2
    ["shell", "input", "tap", "733", "136"],  # Paste
    ["shell", "logcat", "-d", "-v", "threadtime", "-b", "crash"],
]


def test_adb_script_against_a_fake_adb_makes_the_exact_calls(
    fake_adb: FakeAdb, tmp_path: Path
) -> None:
    ran = fake_adb.run(to_adb_script(load("amaze-1796")), tmp=tmp_path, FAKE_ADB_CRASH=CRASH_BUFFER)
    assert ran.returncode == 0, ran.stderr
    assert without_dumps(fake_adb.calls()) == AMAZE_CALLS
    # The fake device's dump shows none of the widgets: every step says it used the position.
    widget_steps = [s for s in load("amaze-1796")["trace"] if s["action"]["kind"] in WIDGET_KINDS]
    assert ran.stdout.count("tapping the recorded position scaled") == len(widget_steps)
    assert "step 10/10: click TextView [Paste]" in ran.stdout
    assert f"Process: {AMAZE}, PID: 4203" in ran.stdout
    assert "reproduced: com.amaze.filemanager crashed" in ran.stdout
    assert ran.stderr == ""  # same screen size: no warning


def test_adb_script_exit_status_and_options(fake_adb: FakeAdb, tmp_path: Path) -> None:
    script = to_adb_script(load("amaze-1796"))
    # No crash of the app in the buffer (another app's does not count), and the fake device's
    # dump lacks the recorded widgets: the path was not followed (status 2, not 1).
    other = CRASH_BUFFER.replace(AMAZE, AMAZE + ".other")
    ran = fake_adb.run(script, tmp=tmp_path, FAKE_ADB_CRASH=other)
    assert ran.returncode == 2
    assert "could not follow the recorded path: the widget of step(s) 1 2 3 4 5 7" in ran.stderr
    # --keep-data skips `pm clear`; another screen size is warned about, not fatal.
    ran = fake_adb.run(
        script, "--keep-data", tmp=tmp_path, FAKE_ADB_SIZE="1440x2560", FAKE_ADB_CRASH=CRASH_BUFFER
    )
    assert ran.returncode == 0
    assert ["shell", "pm", "clear", AMAZE] not in fake_adb.calls()
    assert "the device's screen is 1440x2560, the trace was recorded on 1080x1920" in ran.stderr
    assert ["shell", "input", "tap", "861", "1996"] in fake_adb.calls()  # (646,1497) scaled
    # A failing adb call stops the script with status 3, naming the call.
    ran = fake_adb.run(script, tmp=tmp_path, FAKE_ADB_FAIL="shell input tap 646 1497")
    assert ran.returncode == 3
    assert "'adb shell input tap 646 1497' failed" in ran.stderr
    assert fake_adb.calls()[-1] == ["shell", "input", "tap", "646", "1497"]
    # Bad usage is a setup problem.
    ran = fake_adb.run(script, "--bogus", tmp=tmp_path)
    assert ran.returncode == 3 and "unknown argument --bogus" in ran.stderr
    ran = fake_adb.run(script, "--help", tmp=tmp_path)
    assert ran.returncode == 0 and "Usage: ANDROID_SERIAL=" in ran.stdout
    assert fake_adb.calls() == []


GO = step(widget("click", [0, 0, 100, 100], text="Go"))
GO_DUMP = (
    '<hierarchy rotation="0"><node index="0" text="Go" resource-id="" class="android.widget.'
    'Button" package="com.example.app" content-desc="" bounds="[0,0][100,100]" /></hierarchy>'
)
OLD_CRASH = CRASH_BUFFER.replace(AMAZE, "com.example.app")
NEW_CRASH = OLD_CRASH.replace("09:30:04.206", "09:31:10.000").replace("beginning", "again")


@pytest.mark.parametrize(
    ("env", "status", "says"),
    [
        ({"FAKE_ADB_DUMP": GO_DUMP, "FAKE_ADB_CRASH": NEW_CRASH}, 0, "reproduced: com.example"),
        ({"FAKE_ADB_DUMP": GO_DUMP}, 1, "not reproduced: no crash of com.example.app"),
        # A crash from before the script started does not count, even when `logcat -c` was
        # ignored (the fake keeps the old lines): a time cursor.
        ({"FAKE_ADB_DUMP": GO_DUMP, "FAKE_ADB_CRASH_BEFORE": OLD_CRASH}, 1, "not reproduced"),
        (
            {
                "FAKE_ADB_DUMP": GO_DUMP,
                "FAKE_ADB_CRASH_BEFORE": OLD_CRASH,
                "FAKE_ADB_CRASH": NEW_CRASH,
            },
            0,
            "reproduced: com.example",
        ),
        ({}, 2, "could not follow the recorded path: the widget of step(s) 1 is not"),
        ({"FAKE_ADB_CRASH": NEW_CRASH}, 0, "reproduced: com.example"),  # the crash still counts
        ({"FAKE_ADB_FAIL": "shell uiautomator"}, 3, "device problem: no uiautomator dump at step"),
    ],
)
def test_adb_script_exit_status_tells_fixed_from_broken_test(
    fake_adb: FakeAdb, tmp_path: Path, env: dict[str, str], status: int, says: str
) -> None:
    ran = fake_adb.run(to_adb_script(result_of(GO)), tmp=tmp_path, **env)
    assert ran.returncode == status, ran.stdout + ran.stderr
    assert says in ran.stdout + ran.stderr


@pytest.mark.parametrize(
    ("dump", "status", "says"),
    [
        (GO_DUMP.replace('"Go"', '"Other"'), 2, "could not follow the recorded path"),
        (GO_DUMP, 1, "not reproduced: 1 check(s)"),  # Go found, the evidence not shown
        ("", 0, "reproduced: the final screen shows"),  # the default shows it, Go is gone
    ],
)
def test_adb_non_crash_script_says_2_only_when_a_widget_is_gone_and_the_bug_did_not_show(
    fake_adb: FakeAdb, tmp_path: Path, dump: str, status: int, says: str
) -> None:
    env = {"FAKE_ADB_DUMP": dump} if dump else {}
    ran = fake_adb.run(to_adb_script(result_of(GO, verdict="symptom")), tmp=tmp_path, **env)
    assert ran.returncode == status, ran.stdout + ran.stderr
    assert says in ran.stdout + ran.stderr


@pytest.mark.parametrize(
    "text",
    [
        "hello world",
        'it\'s "quoted"',
        "a&b;c|d",
        "$HOME `id` $(id)",
        "(x)[y]{z}<w>*?!~#^\\",
        "100% sure",
        "  two  spaces ",
        "x" * 150,  # more than one `input text` chunk
    ],
)
def test_adb_input_text_reaches_the_device_intact(
    text: str, fake_adb: FakeAdb, tmp_path: Path
) -> None:
    script = to_adb_script(result_of(typing(text), verdict="symptom"))
    ran = fake_adb.run(script, tmp=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert "holds: the screen shows 'The list'" in ran.stdout
    typed = [words for words in fake_adb.input_words() if words[0] == "text"]
    assert all(len(words) == 2 for words in typed), typed  # one argument each, nothing run
    assert "".join(words[1] for words in typed).replace("%s", " ") == text
    assert len(typed) == -(-len(text) // 64)


def test_adb_input_text_clears_the_field_first_and_spaces_become_percent_s(
    fake_adb: FakeAdb, tmp_path: Path
) -> None:
    script = to_adb_script(result_of(typing("a b", current="old"), verdict="symptom"))
    ran = fake_adb.run(script, tmp=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert without_dumps(fake_adb.calls())[-3:] == [
        ["shell", "input", "tap", "540", "275"],
        [
            "shell",
            "input",
            "keyevent",
            "KEYCODE_MOVE_END",
            "KEYCODE_DEL",
            "KEYCODE_DEL",
            "KEYCODE_DEL",
        ],
        ["shell", "input", "text", "a%sb"],
    ]
    assert "reproduced: the final screen shows the evidence" in ran.stdout


@pytest.mark.parametrize("text", ["Grüße", "日本", "tab\there"])  # "%s": typed in two parts
def test_adb_text_that_input_cannot_type_is_left_to_a_person(
    text: str, fake_adb: FakeAdb, tmp_path: Path
) -> None:
    export = adb_export(result_of(typing(text), verdict="symptom"))
    assert any("adb cannot type" in note and "step 1" in note for note in export.notes)
    assert "by_hand 'step 1: type " in export.text
    ran = fake_adb.run(export.text, tmp=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert not any(call[:3] == ["shell", "input", "text"] for call in fake_adb.calls())
    assert "step 1: type" in ran.stderr  # stdin is not a terminal: no pause


def test_adb_global_actions_swipes_and_rotation() -> None:
    result = result_of(
        step({"kind": "rotate", "orientation": "landscape"}),
        step({"kind": "swipe", "direction": "left"}, "landscape"),
        step(
            {
                **widget("swipe", [100, 300, 500, 700], resource_id="com.example.app:id/list"),
                "direction": "down",
            },
            "landscape",
        ),
        step({"kind": "press_back"}, "landscape"),
        step({"kind": "press_enter"}, "landscape"),
        step({"kind": "press_delete"}, "landscape"),
        step({"kind": "press_home"}, "landscape"),
        step({"kind": "rotate", "orientation": "portrait"}, "landscape"),
    )
    lines = [ln for ln in to_adb_script(result).splitlines() if ln.startswith("adb shell")]
    steps = lines[
        lines.index('adb shell monkey -p "$PKG" -c android.intent.category.LAUNCHER 1 >/dev/null')
        + 1 :
    ]
    assert steps == [
        "adb shell settings put system accelerometer_rotation 0",
        "adb shell settings put system user_rotation 1",
        'adb shell input swipe "$x1" "$y1" "$SX" "$SY" 300',
        'adb shell input swipe "$x1" "$y1" "$SX" "$SY" 300',
        "adb shell input keyevent KEYCODE_BACK",
        "adb shell input keyevent KEYCODE_ENTER",
        "adb shell input keyevent KEYCODE_DEL",
        "adb shell input keyevent KEYCODE_HOME",
        "adb shell settings put system accelerometer_rotation 0",
        "adb shell settings put system user_rotation 0",
    ]


def test_adb_swipes_are_scaled_from_the_recorded_points() -> None:
    result = result_of(
        step({"kind": "swipe", "direction": "left"}, "landscape"),
        step(
            {
                **widget("swipe", [100, 300, 500, 700], resource_id="com.example.app:id/list"),
                "direction": "down",
            },
            "landscape",
        ),
    )
    scaled = [ln for ln in to_adb_script(result).splitlines() if ln.startswith("scaled ")]
    assert scaled == [
        # landscape 1920x1080: the screen minus a tenth top and bottom, 30% either side
        "scaled landscape 1536 540; x1=$SX; y1=$SY",
        "scaled landscape 384 540",
        # over the target's bounds [100,300][500,700]
        "scaled landscape 300 380; x1=$SX; y1=$SY",
        "scaled landscape 300 620",
    ]


def test_adb_script_starts_in_the_recorded_orientation_and_can_use_am_start() -> None:
    result = load("markor-194")
    result["app"]["launch_activity"] = "net.gsantner.markor/.activity.MainActivity"
    result["trace"][0]["from_screen"]["orientation"] = "landscape"
    text = to_adb_script(result)
    start = text.index("# A fresh start")
    assert "user_rotation 1" in text[start : text.index("# step 1/")]
    assert "adb shell am start -n net.gsantner.markor/.activity.MainActivity" in text
    assert "monkey" not in text


def test_adb_screen_size_comes_from_the_result_or_an_override() -> None:
    result = result_of(step(widget("click", [0, 0, 100, 100], text="OK")))
    assert "SCREEN=1080x1920" in to_adb_script(result)
    assert any("assumed 1080x1920" in n for n in adb_export(result).notes)
    result["screen"] = {"width": 1440, "height": 2560}
    assert "SCREEN=1440x2560" in to_adb_script(result)
    assert adb_export(result).notes == []
    assert "SCREEN=720x1280" in to_adb_script(result, screen_size=(1280, 720))
    assert parse_screen_size("720x1280") == (720, 1280)
    with pytest.raises(BadInputError, match="WIDTHxHEIGHT"):
        parse_screen_size("big")


def test_hand_edited_values_cannot_break_out_of_comments_or_strings(
    fake_adb: FakeAdb, tmp_path: Path
) -> None:
    result = result_of(step(widget("click", [0, 0, 100, 100], text="OK")))
    result["title"] = "evil\nrm -rf /tmp/nothing; echo pwned"
    result["app"]["version"] = '1.0" ; echo pwned ; "'
    result["trace"][0]["description"] = "click\n$(echo pwned)"
    ran = fake_adb.run(to_adb_script(result), tmp=tmp_path, FAKE_ADB_CRASH="")
    assert ran.returncode == 2  # not reproduced, the fake's dump lacking the OK button
    assert "pwned" not in ran.stdout.replace("$(echo pwned)", "")


# -- the Maestro flow ---------------------------------------------------------------------------


def parse_flow(text: str) -> tuple[dict[str, Any], list[Any]]:
    config, commands = yaml.safe_load_all(text)
    return config, commands


def test_maestro_flow_for_amaze_parses_with_the_expected_commands() -> None:
    text = to_maestro_flow(load("amaze-1796"))
    config, commands = parse_flow(text)
    assert config == {"appId": AMAZE, "name": "reproduce AmazeFileManager#1796"}
    assert commands == [
        {"launchApp": {"clearState": True, "permissions": {"all": "unset"}}},
        {"tapOn": {"id": r"com\.android\.permissioncontroller:id/permission_allow_button"}},
        {"tapOn": {"id": r"com\.amaze\.filemanager:id/sd_main_fab"}},
        {"tapOn": "Folder"},  # `sd_label` is shared by every speed-dial entry: by text
        {"tapOn": {"id": r"com\.amaze\.filemanager:id/singleedittext_input"}},
        {"eraseText": 50},
        {"inputText": "test2"},
        {"tapOn": {"id": r"com\.amaze\.filemanager:id/md_buttonDefaultPositive"}},
        {"swipe": {"direction": "UP"}},
        {"longPressOn": "test2"},  # a list row: by the text inside it
        {"tapOn": {"id": r"com\.amaze\.filemanager:id/cut"}},
        {"tapOn": "test2"},
        {"tapOn": {"id": r"com\.amaze\.filemanager:id/paste"}},
    ]
    assert "# step 10/10: click TextView [Paste]" in text
    assert "Maestro has no command that asserts a crash" in text
    assert "# the recorded path could not be followed (repro.sh's status 2)" in text
    assert "setOrientation" not in text


def test_maestro_flow_rotates_with_set_orientation() -> None:
    export = maestro_export(load("markor-194"))
    _, commands = parse_flow(export.text)
    assert commands[0] == {"setOrientation": "PORTRAIT"}
    assert commands[1]["launchApp"]["permissions"] == {"all": "unset"}
    assert commands[2] == {"setOrientation": "LANDSCAPE_LEFT"}
    assert {"tapOn": "More options"} in commands  # content-desc only
    assert {"tapOn": "Notebook directory"} in commands  # a preference row: its label
    assert commands[-1] == {"setOrientation": "PORTRAIT"}
    assert "Maestro 2.0.0" in export.text
    assert any("setOrientation" in n for n in export.notes)


def test_maestro_selectors_keys_and_escaping() -> None:
    typed = typing("price ${total} (x)", current="12")
    result = result_of(
        step(widget("click", [0, 0, 100, 100], text="Total (3) $5.00 [a]")),
        step(widget("long_click", [0, 0, 100, 100], content_desc="More options")),
        step(widget("click", [10, 20, 30, 40], class_name="android.view.View")),
        step(widget("click", [0, 0, 100, 100], resource_id="android:id/title", text="Sort")),
        typed,
        step({"kind": "press_back"}),
        step({"kind": "press_enter"}),
        step({"kind": "press_delete"}),
        step({"kind": "press_home"}),
        step({"kind": "swipe", "direction": "left"}),
        step(
            {
                **widget("swipe", [0, 0, 10, 10], resource_id="com.example.app:id/pager"),
                "direction": "right",
            }
        ),
        verdict="symptom",
    )
    export = maestro_export(result)
    _, commands = parse_flow(export.text)
    assert commands[1:] == [
        {"tapOn": r"Total \(3\) \$5\.00 \[a\]"},
        {"longPressOn": "More options"},
        {"tapOn": {"point": "20,30"}},
        {"tapOn": "Sort"},  # android:id/title names every preference's title
        {"tapOn": {"id": r"com\.example\.app:id/name"}},
        {"eraseText": 50},
        {"inputText": "price $"},  # "${" would be read as JavaScript
        {"inputText": "{total} (x)"},
        "back",
        {"pressKey": "Enter"},
        {"pressKey": "Backspace"},
        {"pressKey": "Home"},
        {"swipe": {"direction": "LEFT"}},
        {"swipe": {"from": {"id": r"com\.example\.app:id/pager"}, "direction": "RIGHT"}},
    ]
    assert commands[0] == {"launchApp": {"clearState": True}}  # no permission dialog
    assert any("recorded point (20,30)" in n for n in export.notes)
    assert "# Expected symptom: The list stays empty." in export.text


def test_maestro_regex_escapes_every_metacharacter() -> None:
    import re

    tricky = r"a.b*c+d?e^f$g|h(i)j[k]l{m}n\o"
    assert re.fullmatch(maestro_regex(tricky), tricky)
    assert maestro_regex("plain text") == "plain text"


def test_maestro_flow_ids_reused_by_different_widgets_fall_back_to_text() -> None:
    result = result_of(
        step(widget("click", [0, 0, 100, 100], resource_id="com.example.app:id/chip", text="Red")),
        step(widget("click", [0, 0, 100, 100], resource_id="com.example.app:id/chip", text="Blue")),
    )
    _, commands = parse_flow(to_maestro_flow(result))
    assert commands[1:] == [{"tapOn": "Red"}, {"tapOn": "Blue"}]


def test_maestro_flow_notes_non_ascii_input() -> None:
    export = maestro_export(result_of(typing("Grüße"), verdict="symptom"))
    assert "Maestro cannot type non-ASCII text on Android" in export.text
    assert any("Grüße" in n for n in export.notes)


# -- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize("export", [to_adb_script, to_maestro_flow])
def test_bad_results_raise_bad_input_errors_that_say_why(export: Any) -> None:
    good = load("amaze-1796")
    cases: list[tuple[Any, str]] = [
        ([], "not a reprofarm result"),
        ({"app": {}}, "not a reprofarm result"),
        ({**good, "trace": []}, "empty trace"),
        ({**good, "trace": "steps"}, "malformed"),
        ({**good, "verdict": "not_reproduced"}, "--allow-unconfirmed"),
        ({**good, "trace": [{"action": {"kind": "fly"}}]}, "malformed"),
        ({**good, "trace": [{"description": "no action"}]}, "malformed"),
        ({**good, "app": {"package": "com.x; rm -rf /"}}, "not an Android package name"),
    ]
    for bad, message in cases:
        with pytest.raises(BadInputError, match=message):
            export(bad)


def test_unconfirmed_traces_export_only_when_allowed() -> None:
    result = {**load("amaze-1796"), "verdict": "not_reproduced", "reproduced": False}
    with pytest.raises(BadInputError, match="not a confirmed reproduction"):
        to_adb_script(result)
    text = to_adb_script(result, allow_unconfirmed=True)
    assert "NOT confirmed" in text
    assert "NOT confirmed" in to_maestro_flow(result, allow_unconfirmed=True)


def test_adb_needs_bounds_and_a_sane_delay_but_maestro_finds_widgets_by_id() -> None:
    result = result_of(step(widget("click", None, resource_id="com.example.app:id/go")))
    with pytest.raises(BadInputError, match="step 1 .* no recorded bounds.*--format maestro"):
        to_adb_script(result)
    _, commands = parse_flow(to_maestro_flow(result))
    assert commands[1] == {"tapOn": {"id": r"com\.example\.app:id/go"}}
    nothing = result_of(step(widget("click", None)))
    with pytest.raises(BadInputError, match="nothing to find it by"):
        to_maestro_flow(nothing)
    with pytest.raises(BadInputError, match="delay"):
        to_adb_script(load("amaze-1796"), delay_s=-1)


# -- the command --------------------------------------------------------------------------------


def test_cli_writes_both_files_next_to_the_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    (run_dir / "result.json").write_text(json.dumps(load("amaze-1796")))
    assert main(["export", str(run_dir / "result.json")]) == 0
    script = run_dir / "repro.sh"
    assert script.read_text() == to_adb_script(load("amaze-1796"))
    assert script.stat().st_mode & stat.S_IXUSR
    out = capsys.readouterr()
    assert "wrote" in out.out and "repro.sh" in out.out and "note: " in out.err
    assert f"({len(load('amaze-1796')['trace'])} steps)" in out.out

    one_step = tmp_path / "one-step"
    one_step.mkdir()
    one_click = result_of(step(widget("click", [0, 0, 100, 100], text="OK")))
    (one_step / "result.json").write_text(json.dumps(one_click))
    assert main(["export", str(one_step)]) == 0
    assert "(1 step);" in capsys.readouterr().out

    assert main(["export", str(run_dir), "--format", "maestro"]) == 0
    assert (run_dir / "repro.maestro.yaml").read_text() == to_maestro_flow(load("amaze-1796"))

    # An existing file needs --force; --out and --delay are honoured.
    assert main(["export", str(run_dir)]) == 2
    assert "exists; pass --force" in capsys.readouterr().err
    assert main(["export", str(run_dir), "--force", "--delay", "2.5"]) == 0
    assert "REPRO_DELAY:-2.5" in script.read_text()
    other = tmp_path / "elsewhere" / "amaze.sh"
    assert main(["export", str(run_dir), "--out", str(other), "--screen", "1080x1920"]) == 0
    assert other.is_file()


def test_cli_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", str(tmp_path / "missing.json")]) == 2
    assert "no result file" in capsys.readouterr().err
    result = {**load("amaze-1796"), "verdict": "not_reproduced", "reproduced": False}
    path = tmp_path / "result.json"
    path.write_text(json.dumps(result))
    assert main(["export", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--allow-unconfirmed" in err
    assert not (tmp_path / "repro.sh").exists()
    assert main(["export", str(path), "--allow-unconfirmed"]) == 0
    assert main(["export", str(path), "--force", "--delay", "-1"]) == 2
    assert main(["export", str(path), "--force", "--screen", "huge"]) == 2
    assert main(["export", str(path), "--allow-unconfirmed", "--out", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


# -- the real thing: Debian's adb against a virtual emulator -------------------------------------


@NEEDS_ADB
@pytest.mark.e2e
@pytest.mark.parametrize("name", ["amaze-1796", "markor-194"])
def test_adb_script_reproduces_the_bug_through_real_adb(name: str, tmp_path: Path) -> None:
    from device_agent.adbd.emulator import AdbEmulator
    from device_agent.virtual.device import VirtualDevice

    result = load(name)
    script = tmp_path / "repro.sh"
    script.write_text(to_adb_script(result))
    token = tmp_path / "console-token"
    token.write_text("export-test\n")
    with adb_server() as server:
        device = VirtualDevice("export", result["app"]["name"], version=result["app"]["version"])
        emulator = AdbEmulator(device, 0, token_file=token)
        emulator.start(server.port)
        try:
            server.wait_for(emulator.serial)
            env = server.script_env(emulator.serial)
            ran = subprocess.run(
                ["sh", str(script)], env=env, capture_output=True, text=True, timeout=120
            )
            triggered, detail = device.check_bug_oracle(result["bug_id"])
        finally:
            emulator.stop()
    assert ran.returncode == 0, ran.stdout[-2000:] + ran.stderr[-2000:]
    assert f"reproduced: {result['app']['package']} crashed" in ran.stdout
    assert triggered, detail


@pytest.mark.parametrize(("count", "selector"), [(1, "id"), (2, "text"), (None, "text")])
def test_maestro_keeps_an_id_that_is_unique_on_its_screen(count: int | None, selector: str) -> None:
    clicked = step(
        widget(
            "click", [0, 400, 1080, 520], resource_id="com.example.app:id/settings_item",
            text="Settings",
        )
    )  # fmt: skip
    if count is not None:
        clicked["from_screen"]["target_id_count"] = count
    command = list(yaml.safe_load_all(to_maestro_flow(result_of(clicked))))[1][-1]
    expected = {"id": "com\\.example\\.app:id/settings_item"} if selector == "id" else "Settings"
    assert command == {"tapOn": expected}


def test_cli_warns_when_the_ground_truth_says_the_claim_is_false(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = load("amaze-1796")
    result["ground_truth"] = {"cause": "claimed_not_triggered", "probes_triggering": 0}
    (tmp_path / "result.json").write_text(json.dumps(result))
    assert main(["export", str(tmp_path)]) == 0
    assert "likely false" in capsys.readouterr().err
    result["ground_truth"] = {"cause": "reproduced", "probes_triggering": 1}
    (tmp_path / "result.json").write_text(json.dumps(result))
    assert main(["export", str(tmp_path), "--force"]) == 0
    assert "likely false" not in capsys.readouterr().err
