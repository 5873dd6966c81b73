"""Catalog batch A on a real :class:`VirtualDevice`: AnyMemo#422, Birthdroid#13, mhabit#270,
markor#331 and markor#194. Every bug's human steps trigger its ground-truth oracle from a fresh
install (crash bugs write the ``FATAL EXCEPTION`` block for the app's package), and plausible
wrong sequences do not."""

from __future__ import annotations

import csv
from typing import Any

import pytest

from device_agent.actions import Action, Bounds
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.catalog import find_app_for_bug, load_app
from device_agent.virtual.catalog.anymemo import AnyMemo
from device_agent.virtual.catalog.birthdroid import Birthdroid
from device_agent.virtual.catalog.markor import Markor032, Markor110
from device_agent.virtual.catalog.mhabit import MHabit
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, tap, texts, triggered

ANYMEMO = "org.liberty.android.fantastischmemo"
BIRTHDROID = "com.rigid.birthdroid"
MHABIT = "io.github.friesi23.mhabit"
MARKOR = "net.gsantner.markor"
ALLOW = {"resource_id": "com.android.permissioncontroller:id/permission_allow_button"}

# (app class, bug id, package, label)
BUGS = [
    (AnyMemo, "AnyMemo#422", ANYMEMO, "AnyMemo"),
    (Birthdroid, "Birthdroid#13", BIRTHDROID, "Birthdroid"),
    (MHabit, "mhabit#270", MHABIT, "Table Habit"),
    (Markor110, "markor#331", MARKOR, "Markor"),
    (Markor032, "markor#194", MARKOR, "Markor"),
]


# -- helpers ---------------------------------------------------------------------------------------


def back(device: VirtualDevice) -> None:
    device.execute(Action(kind="press_back"))


def rotate(device: VirtualDevice, orientation: str = "landscape") -> None:
    device.execute(Action(kind="rotate", orientation=orientation))


def crashed(device: VirtualDevice, package: str) -> bool:
    return any(c["package"] == package for c in device.system_records()["crashes"])


# -- the human steps of every bug ------------------------------------------------------------------


@pytest.mark.parametrize(("app_cls", "bug_id", "package", "label"), BUGS, ids=[b[1] for b in BUGS])
def test_human_steps_trigger_the_oracle(
    app_cls: type, bug_id: str, package: str, label: str
) -> None:
    device = fresh(app_cls)
    spec = app_cls().bug(bug_id)
    seen = []
    for step in spec.human_steps:
        seen.append(triggered(device, bug_id))
        tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
        assert any(n.package == package for n in tree.iter())
        result = device.execute(Action.from_json(step))
        assert result.performed, f"{bug_id}: step {step} not performed: {result.detail}"
    assert triggered(device, bug_id)
    assert not any(seen), f"{bug_id} triggered before the last step: {seen}"
    if spec.kind == "crash":
        crash_log = "\n".join(device.read_logcat(0, ("crash",)).lines)
        assert "FATAL EXCEPTION" in crash_log
        assert f"Process: {package}, PID:" in crash_log
        crash = device.system_records()["crashes"][-1]
        assert f"{crash['exception']}: {crash['message']}" in crash_log
        assert "Caused by: " in crash_log
        assert f"{label} keeps stopping" in texts(device)
    else:
        assert not crashed(device, package)


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


def test_catalog_finds_each_model_by_the_datasets_apk_name() -> None:
    assert isinstance(load_app("AnyMemo_v10.9.922.apk"), AnyMemo)
    assert isinstance(load_app("Birthdroid_v0.6.3.apk"), Birthdroid)
    assert isinstance(load_app("mhabit_v1.16.7+74arm64.apk"), MHabit)
    assert isinstance(load_app("markor_v1.1.0.apk"), Markor110)
    assert isinstance(load_app("markor_v0.3.2.apk"), Markor032)
    assert find_app_for_bug("markor#194") is Markor032
    assert find_app_for_bug("markor#331") is Markor110


# -- AnyMemo#422 -----------------------------------------------------------------------------------


def anymemo_learning() -> VirtualDevice:
    device = fresh(AnyMemo)
    tap(device, **ALLOW)
    tap(device, resource_id="android:id/button1", text="OK")
    tap(device, resource_id=f"{ANYMEMO}:id/recent_item_filename", text="french-body-parts.db")
    assert "Show answer" in texts(device)
    return device


def test_anymemo_rotating_with_the_answer_shown_keeps_learning() -> None:
    device = anymemo_learning()
    tap(device, resource_id=f"{ANYMEMO}:id/show_answer")
    rotate(device)
    assert not triggered(device, "AnyMemo#422")
    assert "5 Very Easy" in texts(device)
    tap(device, resource_id=f"{ANYMEMO}:id/grade_button_4")
    rotate(device, "portrait")  # the next question shows: rotating now crashes, as reported
    assert triggered(device, "AnyMemo#422")


def test_anymemo_rotating_outside_learning_does_not_crash() -> None:
    device = fresh(AnyMemo)
    tap(device, **ALLOW)
    rotate(device)  # the "New version installed" dialog survives
    assert "New version installed" in texts(device)
    tap(device, resource_id="android:id/button1", text="OK")
    act(device, "long_click", resource_id=f"{ANYMEMO}:id/recent_item_filename")
    tap(device, text="Preview/edit")
    rotate(device, "portrait")
    assert "la tête" in texts(device)
    assert not crashed(device, ANYMEMO)


def test_anymemo_denying_storage_leaves_no_database_to_learn() -> None:
    device = fresh(AnyMemo)
    tap(device, resource_id="com.android.permissioncontroller:id/permission_deny_button")
    tap(device, resource_id="android:id/button1", text="OK")
    assert "french-body-parts.db" not in texts(device)


# -- Birthdroid#13 ---------------------------------------------------------------------------------


def birthdroid_set_foresight(value: str, confirm: bool = True) -> VirtualDevice:
    device = fresh(Birthdroid)
    tap(device, content_desc="More options")
    tap(device, resource_id="android:id/title", text="Settings")
    tap(device, resource_id="android:id/title", text="Foresight period")
    act(device, "input_text", value, resource_id="android:id/edit")
    tap(device, resource_id="android:id/button1" if confirm else "android:id/button2")
    return device


def test_birthdroid_largest_int_is_accepted() -> None:
    device = birthdroid_set_foresight("2147483647")
    back(device)
    assert not triggered(device, "Birthdroid#13")
    assert device.s["data"]["prefs"]["widget_future_days"] == "2147483647"


def test_birthdroid_ten_digits_beyond_int_crash_too() -> None:
    # The report blames 11 digits; the real limit is Integer.MAX_VALUE.
    device = birthdroid_set_foresight("2147483648")
    assert not crashed(device, BIRTHDROID)  # not before the preferences are left
    back(device)
    assert triggered(device, "Birthdroid#13")


def test_birthdroid_cancelled_dialog_and_letters_do_not_crash() -> None:
    device = birthdroid_set_foresight("111111111111", confirm=False)
    back(device)
    assert not triggered(device, "Birthdroid#13")
    device = birthdroid_set_foresight("12abc")
    assert device.s["data"]["prefs"]["widget_future_days"] == "12"
    back(device)
    assert not crashed(device, BIRTHDROID)


def test_birthdroid_flip_interval_overflow_is_not_this_bug() -> None:
    device = fresh(Birthdroid)
    tap(device, content_desc="More options")
    tap(device, text="Settings")
    tap(device, text="Layout settings")
    tap(device, text="Flip cycle interval")
    act(device, "input_text", "99999999999", resource_id="android:id/edit")
    tap(device, resource_id="android:id/button1")
    back(device)  # back to the top preference screen
    back(device)  # leave: the same unguarded parse crashes
    assert crashed(device, BIRTHDROID)
    assert not triggered(device, "Birthdroid#13")


# -- mhabit#270 ------------------------------------------------------------------------------------


def mhabit_with_habit(name: str = "Read a book") -> VirtualDevice:
    device = fresh(MHabit)
    tap(device, content_desc="New Habit")
    act(device, "input_text", name, text="Habit Name ...")
    back(device)
    tap(device, content_desc="Save")
    assert name in texts(device)
    return device


def test_mhabit_deleting_from_the_selection_bar_updates_the_list() -> None:
    device = mhabit_with_habit()
    act(device, "long_click", content_desc="Read a book")
    tap(device, content_desc="Show menu")
    tap(device, content_desc="Delete")
    assert "Delete Selected Habits?" in texts(device)
    tap(device, content_desc="confirm")
    assert "Read a book" not in texts(device)
    assert not triggered(device, "mhabit#270")


def test_mhabit_cancelled_delete_and_refresh_do_not_show_the_bug() -> None:
    device = mhabit_with_habit()
    tap(device, content_desc="Read a book")
    tap(device, content_desc="Show menu")
    tap(device, content_desc="Delete")
    tap(device, content_desc="cancel")
    tap(device, content_desc="Back")
    assert not triggered(device, "mhabit#270")
    # Now the real delete: the stale row shows until the list is pulled down.
    tap(device, content_desc="Read a book")
    tap(device, content_desc="Show menu")
    tap(device, content_desc="Delete")
    tap(device, content_desc="confirm")
    assert triggered(device, "mhabit#270")
    assert "Read a book" in texts(device)
    device.execute(Action(kind="swipe", direction="down"))
    assert "Read a book" not in texts(device)
    assert not triggered(device, "mhabit#270")


# -- markor#331 ------------------------------------------------------------------------------------


def markor110_new_note(title: str = "Shopping", body: str = "Milk and bread") -> VirtualDevice:
    device = fresh(Markor110)
    tap(device, **ALLOW)
    tap(device, resource_id=f"{MARKOR}:id/fab_add_new_item")
    act(device, "input_text", title, resource_id=f"{MARKOR}:id/note__activity__edit_note_title")
    act(
        device,
        "input_text",
        body,
        resource_id=f"{MARKOR}:id/document__fragment__edit__highlighting_editor",
    )
    back(device)  # hide the keyboard
    return device


def test_markor331_leaving_without_save_creates_the_note() -> None:
    device = markor110_new_note()
    tap(device, content_desc="Navigate up")
    assert not triggered(device, "markor#331")
    assert device.s["data"]["files"]["/storage/emulated/0/markor/Shopping.md"] == "Milk and bread"
    assert "Shopping.md" in texts(device)


def test_markor331_preview_after_save_still_saves() -> None:
    device = markor110_new_note()
    tap(device, content_desc="Save")
    tap(device, content_desc="Preview")
    tap(device, content_desc="Navigate up")
    assert not triggered(device, "markor#331")
    assert "Shopping.md" in texts(device)


def test_markor331_save_button_is_greyed_until_the_text_changes() -> None:
    device = fresh(Markor110)
    tap(device, **ALLOW)
    tap(device, resource_id=f"{MARKOR}:id/fab_add_new_item")
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    save = [n for n in tree.iter() if n.content_desc == "Save"]
    assert save and not save[0].enabled


# -- markor#194 ------------------------------------------------------------------------------------


def test_markor194_the_settings_path_of_the_reports_trace_crashes_too() -> None:
    device = fresh(Markor032)
    tap(device, **ALLOW)
    tap(device, content_desc="More options")
    tap(device, text="Settings")
    tap(device, text="Notebook directory")
    assert "Select folder" in texts(device)
    rotate(device)
    assert triggered(device, "markor#194")
    crash = device.system_records()["crashes"][-1]
    assert "net.gsantner.markor.activity.SettingsActivity" in crash["message"]


def test_markor194_rotating_without_the_file_browser_does_not_crash() -> None:
    device = fresh(Markor032)
    tap(device, **ALLOW)
    tap(device, resource_id=f"{MARKOR}:id/fab_expand_menu_button")
    tap(device, resource_id=f"{MARKOR}:id/create_note")
    # The "Insert image" icon (no id, no description): the last button of the Markdown bar.
    tap(device, class_name="android.widget.ImageView", bounds=Bounds(882, 1647, 1008, 1794))
    assert "BROWSE FILESYSTEM" in texts(device)
    rotate(device)
    assert not crashed(device, MARKOR)
    assert "BROWSE FILESYSTEM" in texts(device)


def test_markor194_is_fixed_in_1_1_0() -> None:
    device = fresh(Markor110)
    tap(device, **ALLOW)
    tap(device, content_desc="More options")
    tap(device, text="Settings")
    tap(device, text="Notebook directory")
    rotate(device)
    assert not crashed(device, MARKOR)
    assert "Select folder" in texts(device)
