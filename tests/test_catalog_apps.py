"""The built-in catalog apps on a real :class:`VirtualDevice`: every bug's human steps trigger its
ground-truth oracle from a fresh install, plausible wrong paths do not, and the screens on the way
are well-formed ``uiautomator`` dumps."""

from __future__ import annotations

import csv
from typing import Any

import pytest

from device_agent.actions import Action
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.catalog import find_app_for_bug, load_app
from device_agent.virtual.catalog.amaze import AmazeFileManager
from device_agent.virtual.catalog.opencalc import OpenCalc310Beta1, OpenCalc314
from device_agent.virtual.catalog.screenrecorder import ScreenRecorder
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

AMAZE = "com.amaze.filemanager"
CALC = "com.darkempire78.opencalculator"
RECORDER = "com.orpheusdroid.screenrecorder"
ALLOW = {"resource_id": "com.android.permissioncontroller:id/permission_allow_button"}

# (app class, bug id, package, label)
BUGS = [
    (AmazeFileManager, "AmazeFileManager#1796", AMAZE, "Amaze"),
    (OpenCalc314, "OpenCalc#532", CALC, "OpenCalc"),
    (OpenCalc310Beta1, "OpenCalc#510", CALC, "OpenCalc"),
    (ScreenRecorder, "screenrecorder#25", RECORDER, "Screen Recorder"),
]


# -- helpers ---------------------------------------------------------------------------------------


# -- the human steps of every bug ------------------------------------------------------------------


@pytest.mark.parametrize(("app_cls", "bug_id", "package", "label"), BUGS, ids=[b[1] for b in BUGS])
def test_human_steps_trigger_the_oracle(
    app_cls: type, bug_id: str, package: str, label: str
) -> None:
    device = fresh(app_cls)
    spec = app_cls().bug(bug_id)
    assert spec.human_steps, f"{bug_id} has no human steps"
    seen = []
    for step in spec.human_steps:
        seen.append(triggered(device, bug_id))
        # Every screen on the way is a well-formed dump with the app's own nodes.
        tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
        assert any(n.package == package for n in tree.iter())
        result = device.execute(Action.from_json(step))
        assert result.performed, f"{bug_id}: step {step} not performed: {result.detail}"
    assert triggered(device, bug_id)
    assert not seen[0], f"{bug_id} is triggered on a fresh install"
    assert seen == sorted(seen), f"{bug_id}: the oracle went back to False: {seen}"
    if spec.kind == "crash":
        assert not any(seen), f"{bug_id} crashed before the last step: {seen}"
    if spec.kind == "crash":
        crash_log = "\n".join(device.read_logcat(0, ("crash",)).lines)
        assert "FATAL EXCEPTION" in crash_log
        assert f"Process: {package}, PID:" in crash_log
        crash = device.system_records()["crashes"][-1]
        assert f"{crash['exception']}: {crash['message']}" in crash_log
        assert f"{label} keeps stopping" in texts(device)


@pytest.mark.parametrize(("app_cls", "bug_id", "package", "label"), BUGS, ids=[b[1] for b in BUGS])
def test_reset_clears_the_trigger(app_cls: type, bug_id: str, package: str, label: str) -> None:
    device = fresh(app_cls)
    for step in app_cls().bug(bug_id).human_steps:
        device.execute(Action.from_json(step))
    assert triggered(device, bug_id)
    device.reset_app()
    assert not triggered(device, bug_id)


def test_human_steps_are_about_as_long_as_the_datasets(shared_dir: Any) -> None:
    index = shared_dir / "datasets" / "ltgdroid_reports" / "index.tsv"
    if not index.is_file():
        pytest.skip(f"{index} is absent")
    with index.open(newline="") as fh:
        counts = {
            row["id"]: int(row["gt_action_count"]) for row in csv.DictReader(fh, delimiter="\t")
        }
    for app_cls, bug_id, _, _ in BUGS:
        steps = len(app_cls().bug(bug_id).human_steps)
        assert abs(steps - counts[bug_id]) <= 2, (
            f"{bug_id}: {steps} steps, the dataset's person needed {counts[bug_id]}"
        )


def test_catalog_finds_each_model_by_apk_name_and_bug() -> None:
    assert isinstance(load_app("AmazeFileManager_v3.3.2.apk"), AmazeFileManager)
    assert isinstance(load_app("OpenCalc_v3.1.0-beta1.apk"), OpenCalc310Beta1)
    assert isinstance(load_app("OpenCalc_v3.1.4.apk"), OpenCalc314)
    assert isinstance(load_app("screenrecorder_v1.8.2.apk"), ScreenRecorder)
    assert find_app_for_bug("OpenCalc#510") is OpenCalc310Beta1
    assert find_app_for_bug("OpenCalc#532") is OpenCalc314


# -- AmazeFileManager#1796 -------------------------------------------------------------------------


def amaze_with_folder(
    name: str = "test2", parent: str = "Movies", kind: str = "Folder"
) -> VirtualDevice:
    """Amaze after the permission, with a new folder (or file) ``name`` inside ``parent``."""
    device = fresh(AmazeFileManager)
    tap(device, **ALLOW)
    tap(device, resource_id=f"{AMAZE}:id/firstline", text=parent)
    tap(device, resource_id=f"{AMAZE}:id/sd_main_fab")
    tap(device, resource_id=f"{AMAZE}:id/sd_label", text=kind)
    act(device, "input_text", name, resource_id=f"{AMAZE}:id/singleedittext_input")
    device.execute(Action(kind="press_back"))  # hide the keyboard
    tap(device, resource_id=f"{AMAZE}:id/md_buttonDefaultPositive")
    assert name in texts(device)
    return device


def fs(device: VirtualDevice) -> dict[str, Any]:
    return device.s["data"]["fs"]


def test_amaze_cut_and_paste_into_another_folder_moves_it() -> None:
    device = amaze_with_folder()
    act(device, "long_click", resource_id=f"{AMAZE}:id/firstline", text="test2")
    tap(device, content_desc="Cut")
    device.execute(Action(kind="press_back"))  # up to /storage/emulated/0
    tap(device, resource_id=f"{AMAZE}:id/firstline", text="Download")
    tap(device, content_desc="Paste")
    assert not triggered(device, "AmazeFileManager#1796")
    assert "/storage/emulated/0/Download/test2" in fs(device)
    assert "/storage/emulated/0/Movies/test2" not in fs(device)
    assert "test2" in texts(device)


def test_amaze_cut_and_paste_in_the_same_folder_changes_nothing() -> None:
    device = amaze_with_folder()
    act(device, "long_click", resource_id=f"{AMAZE}:id/firstline", text="test2")
    tap(device, content_desc="Cut")
    tap(device, content_desc="Paste")
    assert not triggered(device, "AmazeFileManager#1796")
    assert "/storage/emulated/0/Movies/test2" in fs(device)


def test_amaze_copy_into_itself_does_not_crash() -> None:
    device = amaze_with_folder()
    act(device, "long_click", resource_id=f"{AMAZE}:id/firstline", text="test2")
    tap(device, content_desc="Copy")
    tap(device, resource_id=f"{AMAZE}:id/firstline", text="test2")
    tap(device, content_desc="Paste")
    assert not triggered(device, "AmazeFileManager#1796")
    assert "/storage/emulated/0/Movies/test2/test2" in fs(device)


def test_amaze_cutting_a_file_does_not_crash() -> None:
    device = amaze_with_folder("notes.txt", kind="File")
    act(device, "long_click", resource_id=f"{AMAZE}:id/firstline", text="notes.txt")
    tap(device, content_desc="Cut")
    device.execute(Action(kind="press_back"))
    tap(device, resource_id=f"{AMAZE}:id/firstline", text="Music")
    tap(device, content_desc="Paste")
    assert not triggered(device, "AmazeFileManager#1796")
    assert fs(device)["/storage/emulated/0/Music/notes.txt"]["dir"] is False


def test_amaze_cutting_a_parent_and_pasting_below_it_is_the_same_crash() -> None:
    device = amaze_with_folder()
    device.execute(Action(kind="press_back"))
    act(device, "long_click", resource_id=f"{AMAZE}:id/firstline", text="Movies")
    tap(device, content_desc="Cut")
    tap(device, resource_id=f"{AMAZE}:id/firstline", text="Movies")
    tap(device, resource_id=f"{AMAZE}:id/firstline", text="test2")
    tap(device, content_desc="Paste")
    assert triggered(device, "AmazeFileManager#1796")


def test_amaze_new_folder_dialog_checks_names() -> None:
    device = amaze_with_folder()
    tap(device, resource_id=f"{AMAZE}:id/sd_main_fab")
    tap(device, resource_id=f"{AMAZE}:id/sd_label", text="Folder")
    act(device, "input_text", "test2", resource_id=f"{AMAZE}:id/singleedittext_input")
    device.execute(Action(kind="press_back"))
    assert "File already exists" in texts(device)
    tap(device, resource_id=f"{AMAZE}:id/md_buttonDefaultPositive")  # disabled: nothing happens
    assert [p for p in fs(device) if p.endswith("/test2")] == ["/storage/emulated/0/Movies/test2"]
    tap(device, resource_id=f"{AMAZE}:id/md_buttonDefaultNegative")
    assert "New Folder" not in texts(device)


def test_amaze_denied_permission_asks_again() -> None:
    device = fresh(AmazeFileManager)
    tap(device, resource_id="com.android.permissioncontroller:id/permission_deny_button")
    assert "Grant permission" in texts(device)
    assert "Movies" not in texts(device)
    tap(device, resource_id=f"{AMAZE}:id/md_buttonDefaultPositive", text="GRANT")
    tap(device, **ALLOW)
    assert "Movies" in texts(device)


def test_amaze_back_goes_up_then_asks_before_leaving() -> None:
    device = amaze_with_folder()
    tap(device, resource_id=f"{AMAZE}:id/firstline", text="test2")
    assert node_text(device, f"{AMAZE}:id/fullpath") == "/storage/emulated/0/Movies/test2"
    device.execute(Action(kind="press_back"))
    device.execute(Action(kind="press_back"))
    assert node_text(device, f"{AMAZE}:id/fullpath") == "/storage/emulated/0"
    device.execute(Action(kind="press_back"))
    assert device.observe(screenshot=False).package == AMAZE  # "Press back again to exit"
    device.execute(Action(kind="press_back"))
    assert device.observe(screenshot=False).package != AMAZE


def test_amaze_cut_survives_rotation_and_a_snapshot() -> None:
    device = amaze_with_folder()
    act(device, "long_click", resource_id=f"{AMAZE}:id/firstline", text="test2")
    tap(device, content_desc="Cut")
    device.execute(Action(kind="rotate", orientation="landscape"))
    assert "Paste" in texts(device)
    device.save_snapshot("cut")
    tap(device, resource_id=f"{AMAZE}:id/firstline", text="test2")
    tap(device, content_desc="Paste")
    assert triggered(device, "AmazeFileManager#1796")
    device.load_snapshot("cut")
    assert not triggered(device, "AmazeFileManager#1796")
    assert "Paste" in texts(device)


def test_amaze_other_screens_parse() -> None:
    device = amaze_with_folder()
    for opener, expected in (
        ({"content_desc": "More options"}, "Sort By"),
        ({"content_desc": "Open navigation drawer"}, "Internal Storage"),
        ({"content_desc": "Search"}, "Search..."),
    ):
        tap(device, **opener)
        tree = parse_hierarchy(device.observe().hierarchy_xml)
        labels = [n.text or n.content_desc for n in tree.iter()]
        assert expected in labels
        assert all(":id/" in n.resource_id for n in tree.iter() if n.resource_id)
        device.execute(Action(kind="press_back"))
    tap(device, content_desc="More options")
    tap(device, text="Sort By")
    tap(device, text="Size")
    tap(device, text="DESCENDING")
    assert device.s["data"]["prefs"] == {
        **device.s["data"]["prefs"],
        "sort": "Size",
        "ascending": False,
    }


# -- OpenCalc --------------------------------------------------------------------------------------

KEYS = {
    **{
        d: f"{name}Button"
        for d, name in zip(
            "0123456789",
            ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
            strict=True,
        )
    },
    "+": "addButton",
    "-": "subtractButton",
    "×": "multiplyButton",
    "÷": "divideButton",
    "%": "divideBy100Button",
    "!": "factorialButton",
    "^": "exponentButton",
    "√": "squareButton",
    "π": "piButton",
    "()": "parenthesesButton",
    ".": "pointButton",
    "=": "equalsButton",
    "AC": "clearButton",
    "⌫": "backspaceButton",
}


def press(device: VirtualDevice, *keys: str) -> None:
    for key in keys:
        tap(device, resource_id=f"{CALC}:id/{KEYS[key]}")


def display(device: VirtualDevice) -> tuple[str, str]:
    return node_text(device, f"{CALC}:id/input"), node_text(device, f"{CALC}:id/resultDisplay")


@pytest.mark.parametrize(
    ("keys", "preview", "result"),
    [
        (("1", "2", "+", "7", "×", "3"), "33", "33"),
        (("1", "÷", "3"), "0.3333333333", "0.3333333333"),
        (("2", "0", "0", "+", "1", "0", "%"), "220", "220"),
        (("2", "^", "1", "0"), "1,024", "1,024"),
        (("√", "1", "6"), "4", "4"),
        (("()", "1", "+", "2", "()", "×", "3"), "9", "9"),
        (("5", "!", "-", "2", "0"), "100", "100"),
        (("0", ".", "1", "+", "0", ".", "2"), "0.3", "0.3"),
        (("9", "-", "1", "2"), "-3", "-3"),
    ],
)
def test_opencalc_keypad_arithmetic(keys: tuple[str, ...], preview: str, result: str) -> None:
    for app_cls in (OpenCalc310Beta1, OpenCalc314):
        device = fresh(app_cls)
        press(device, *keys)
        assert display(device)[1] == preview
        press(device, "=")
        assert display(device) == (result, "")
        assert not device.s["data"]["wrong_results"]


def test_opencalc_division_by_zero_is_reported() -> None:
    device = fresh(OpenCalc314)
    press(device, "7", "÷", "0")
    assert display(device) == ("7÷0", "")
    press(device, "=")
    assert display(device) == ("7÷0", "Can't divide by 0")


def test_opencalc_result_then_digit_starts_over_and_operator_continues() -> None:
    device = fresh(OpenCalc314)
    press(device, "6", "×", "7", "=")
    assert display(device)[0] == "42"
    press(device, "+", "1", "=")
    assert display(device)[0] == "43"
    press(device, "5")
    assert display(device)[0] == "5"


def test_opencalc_operator_replaces_operator_and_keypad_never_closes_unopened() -> None:
    device = fresh(OpenCalc310Beta1)
    press(device, "1", "+", "×", "2")
    assert display(device)[0] == "1×2"
    press(device, "()", "()", "()")  # "1×2(" then "1×2((" ... never a stray ')'
    assert display(device)[0].count(")") <= display(device)[0].count("(")
    press(device, "AC", "1", "+", "2", "×", "3", "⌫", "⌫")
    assert display(device)[0] == "1+2"


def test_opencalc_510_balanced_input_is_not_the_bug() -> None:
    device = fresh(OpenCalc310Beta1)
    act(device, "input_text", "1+2)", resource_id=f"{CALC}:id/input")
    press(device, "=")  # 3, which is also what (1+2) gives: not a wrong result
    assert not triggered(device, "OpenCalc#510")
    act(device, "input_text", "(1+2)×3", resource_id=f"{CALC}:id/input")
    press(device, "=")
    assert display(device)[0] == "9"
    assert not triggered(device, "OpenCalc#510")


def test_opencalc_510_shows_the_wrong_value_and_keeps_no_keyboard() -> None:
    device = fresh(OpenCalc310Beta1)
    act(device, "input_text", "1+2)×3", resource_id=f"{CALC}:id/input")
    assert not device.observe(screenshot=False).keyboard_shown
    assert display(device) == ("1+2)×3", "3")
    assert triggered(device, "OpenCalc#510")


def test_opencalc_fixed_version_reports_a_syntax_error_for_a_stray_parenthesis() -> None:
    device = fresh(OpenCalc314)
    act(device, "input_text", "1+2)×3", resource_id=f"{CALC}:id/input")
    assert display(device)[1] == ""
    press(device, "=")
    assert display(device) == ("1+2)×3", "Syntax error")
    assert not device.s["data"]["wrong_results"]


def test_opencalc_factorial_then_percent_is_fine_in_the_older_version() -> None:
    device = fresh(OpenCalc310Beta1)
    press(device, "1", "!", "%")
    assert display(device) == ("1!%", "0.01")
    assert device.system_records()["crashes"] == []


def test_opencalc_532_needs_percent_right_after_factorial() -> None:
    device = fresh(OpenCalc314)
    press(device, "1", "%", "!")  # percent first: no crash
    press(device, "AC", "3", "!", "+", "1")
    assert display(device) == ("3!+1", "7")
    assert not triggered(device, "OpenCalc#532")
    press(device, "⌫", "⌫")
    assert display(device) == ("3!", "6")
    press(device, "%")
    assert triggered(device, "OpenCalc#532")
    crash_log = "\n".join(device.read_logcat(0, ("crash",)).lines)
    assert "Expression.getPercentString" in crash_log


def test_opencalc_menu_scientific_panel_and_history() -> None:
    device = fresh(OpenCalc314)
    tap(device, content_desc="scientific mode switch")
    tap(device, resource_id=f"{CALC}:id/sineButton", text="sin")
    press(device, "3", "0")
    assert display(device) == ("sin(30", "0.5")
    press(device, "=")
    tap(device, resource_id=f"{CALC}:id/history_sliding_layout_button")
    assert "sin(30" in texts(device)
    tap(device, resource_id=f"{CALC}:id/menuButton")
    tap(device, text="About")
    assert "3.1.4" in texts(device)
    device.execute(Action(kind="press_back"))
    tap(device, resource_id=f"{CALC}:id/menuButton")
    tap(device, text="Settings")
    tap(device, text="Radians")
    assert device.s["data"]["prefs"]["radians"] is True


# -- screenrecorder#25 -----------------------------------------------------------------------------


def recorder_ready() -> VirtualDevice:
    device = fresh(ScreenRecorder)
    assert "Allow Storage Permission" in texts(device)
    tap(device, text="OK")
    tap(device, **ALLOW)
    return device


def open_about(device: VirtualDevice) -> None:
    tap(device, content_desc="More options")
    tap(device, text="About")


def test_recorder_about_once_and_privacy_policy_do_not_crash() -> None:
    device = recorder_ready()
    open_about(device)
    assert device.observe(screenshot=False).activity.endswith(".AboutActivity")
    tap(device, content_desc="Navigate up")
    tap(device, content_desc="More options")
    tap(device, text="Privacy Policy")
    device.execute(Action(kind="press_back"))
    assert not triggered(device, "screenrecorder#25")


def test_recorder_about_again_after_leaving_the_app_does_not_crash() -> None:
    device = recorder_ready()
    open_about(device)
    device.execute(Action(kind="press_back"))
    device.execute(Action(kind="press_back"))  # leaves the app: the main activity is gone
    device.launch_app()
    open_about(device)
    assert not triggered(device, "screenrecorder#25")


def test_recorder_second_about_crashes_with_the_cause_chain() -> None:
    device = recorder_ready()
    open_about(device)
    tap(device, content_desc="Navigate up")
    device.execute(Action(kind="rotate", orientation="landscape"))  # the leak outlives rotation
    open_about(device)
    assert triggered(device, "screenrecorder#25")
    crash_log = "\n".join(device.read_logcat(0, ("crash",)).lines)
    assert "Caused by: android.view.InflateException" in crash_log
    assert "Caused by: java.lang.OutOfMemoryError" in crash_log


def test_recorder_tabs_settings_and_record_button() -> None:
    device = recorder_ready()
    tap(device, text="Resolution")
    tap(device, text="720P")
    assert "720P" in texts(device)
    device.execute(Action(kind="swipe", direction="left"))
    assert "No videos available" in texts(device)
    tap(device, text="SETTINGS")
    tap(device, resource_id=f"{RECORDER}:id/fab")
    assert "START NOW" in texts(device)
    tap(device, text="CANCEL")
    tap(device, text="Record audio")
    assert "Allow Screen Recorder to record audio?" in texts(device)
    tap(device, **ALLOW)
    assert device.s["data"]["prefs"]["audiorec"] is True
