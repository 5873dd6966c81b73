"""Catalog batch B on a real :class:`VirtualDevice`: privacy-friendly-todo-list#158, OpenCalc#493
and #448, AmazeFileManager#4185 and Omni-Notes#377. Every bug's human steps trigger its
ground-truth oracle from a fresh install (crashes write the ``FATAL EXCEPTION`` block for the
app's package), and plausible wrong sequences do not."""

from __future__ import annotations

import csv
from typing import Any

import pytest

from device_agent.actions import Action, Selector
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.catalog import find_app_for_bug, load_app
from device_agent.virtual.catalog.amaze import AmazeFileManager, AmazeFileManager310
from device_agent.virtual.catalog.omninotes import OmniNotes540
from device_agent.virtual.catalog.opencalc import OpenCalc310Beta1, OpenCalc314
from device_agent.virtual.catalog.todolist import PrivacyFriendlyTodoList310
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, tap, texts, triggered

AMAZE = "com.amaze.filemanager"
CALC = "com.darkempire78.opencalculator"
OMNI = "it.feio.android.omninotes"
TODO = "org.secuso.privacyfriendlytodolist"
ALLOW = {"resource_id": "com.android.permissioncontroller:id/permission_allow_button"}

# (app class, bug id, package, label)
BUGS = [
    (PrivacyFriendlyTodoList310, "privacy-friendly-todo-list#158", TODO, "To-Do List"),
    (OpenCalc310Beta1, "OpenCalc#493", CALC, "OpenCalc"),
    (OpenCalc310Beta1, "OpenCalc#448", CALC, "OpenCalc"),
    (AmazeFileManager310, "AmazeFileManager#4185", AMAZE, "Amaze"),
    (OmniNotes540, "Omni-Notes#377", OMNI, "Omni Notes"),
]


# -- helpers ---------------------------------------------------------------------------------------


def rotate(device: VirtualDevice, orientation: str = "landscape") -> None:
    assert device.execute(Action(kind="rotate", orientation=orientation)).performed


def back(device: VirtualDevice) -> None:
    device.execute(Action(kind="press_back"))


def crashed(device: VirtualDevice) -> bool:
    return bool(device.system_records()["crashes"])


# -- every bug: the human steps, reset, length -----------------------------------------------------


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
        assert crash["package"] == package
        assert f"{crash['exception']}: {crash['message']}" in crash_log
        assert f"{label} keeps stopping" in texts(device)
    else:
        assert not crashed(device), f"{bug_id} is a non-crash bug but the app crashed"


@pytest.mark.parametrize(("app_cls", "bug_id", "package", "label"), BUGS, ids=[b[1] for b in BUGS])
def test_reset_clears_the_trigger(app_cls: type, bug_id: str, package: str, label: str) -> None:
    device = fresh(app_cls)
    for step in app_cls().bug(bug_id).human_steps:
        device.execute(Action.from_json(step))
    assert triggered(device, bug_id)
    device.reset_app()
    assert not triggered(device, bug_id)


@pytest.mark.parametrize(("app_cls", "bug_id", "package", "label"), BUGS, ids=[b[1] for b in BUGS])
def test_other_bugs_of_the_same_app_stay_quiet(
    app_cls: type, bug_id: str, package: str, label: str
) -> None:
    """Scoring replays a claim with one bug's oracle: another bug's steps must not satisfy it."""
    device = fresh(app_cls)
    for step in app_cls().bug(bug_id).human_steps:
        device.execute(Action.from_json(step))
    others = [b.bug_id for b in app_cls.bugs if b.bug_id != bug_id]
    assert not [o for o in others if triggered(device, o)]


def test_human_steps_are_about_as_long_as_the_datasets(shared_dir: Any) -> None:
    index = shared_dir / "datasets" / "ltgdroid_reports" / "index.tsv"
    if not index.is_file():
        pytest.skip(f"{index} is absent")
    with index.open(newline="") as fh:
        rows = {row["id"]: row for row in csv.DictReader(fh, delimiter="\t")}
    for app_cls, bug_id, _, _ in BUGS:
        spec = app_cls().bug(bug_id)
        steps = len(spec.human_steps)
        wanted = int(rows[bug_id]["gt_action_count"])
        assert abs(steps - wanted) <= 2, f"{bug_id}: {steps} steps, the dataset's {wanted}"
        assert spec.kind == rows[bug_id]["type_paper"]
        # The dataset's apk name picks this very model.
        assert type(load_app(rows[bug_id]["apk_name"])) is app_cls
        assert find_app_for_bug(bug_id) is app_cls


# -- privacy-friendly-todo-list#158 ----------------------------------------------------------------

DRAWER = {"content_desc": "Open navigation drawer"}


def todo_with_lists(*names: str) -> VirtualDevice:
    device = fresh(PrivacyFriendlyTodoList310)
    assert "SKIP" in texts(device), "the first run starts with the tutorial"
    tap(device, resource_id=f"{TODO}:id/btn_skip")
    for name in names:
        tap(device, resource_id=f"{TODO}:id/fab_new_list")
        act(device, "input_text", name, resource_id=f"{TODO}:id/et_todo_list_name")
        tap(device, resource_id=f"{TODO}:id/bt_newtodolist_ok")
    return device


def drawer_long_click(device: VirtualDevice, entry: str) -> None:
    tap(device, **DRAWER)
    act(device, "long_click", text=entry, resource_id=f"{TODO}:id/nav_item_title")


def test_todo_tutorial_pages_then_overview() -> None:
    device = fresh(PrivacyFriendlyTodoList310)
    tap(device, resource_id=f"{TODO}:id/btn_next")
    tap(device, resource_id=f"{TODO}:id/btn_next")
    tap(device, text="GOT IT")
    assert "No to-do lists yet. Tap + to add one." in texts(device)


def test_todo_long_click_on_settings_is_nothing_while_lists_exist() -> None:
    device = todo_with_lists("Groceries")
    assert "Groceries" in texts(device)
    tap(device, **DRAWER)
    result = device.execute(
        Action(
            kind="long_click",
            target=Selector(text="Settings", resource_id=f"{TODO}:id/nav_item_title"),
        )
    )
    assert not triggered(device, "privacy-friendly-todo-list#158")
    assert "Delete list" not in texts(device), result.detail


def test_todo_deleting_one_of_two_lists_leaves_the_drawer_right() -> None:
    device = todo_with_lists("Groceries", "Work")
    drawer_long_click(device, "Groceries")
    tap(device, text="Delete list")
    tap(device, **DRAWER)
    device.execute(
        Action(
            kind="long_click",
            target=Selector(text="Settings", resource_id=f"{TODO}:id/nav_item_title"),
        )
    )
    assert not triggered(device, "privacy-friendly-todo-list#158")


def test_todo_rotation_rebuilds_the_drawer() -> None:
    device = todo_with_lists("Groceries")
    drawer_long_click(device, "Groceries")
    tap(device, text="Delete list")
    rotate(device)
    tap(device, **DRAWER)
    device.execute(
        Action(
            kind="long_click",
            target=Selector(text="Settings", resource_id=f"{TODO}:id/nav_item_title"),
        )
    )
    assert not triggered(device, "privacy-friendly-todo-list#158")


def test_todo_action_on_the_settings_entry_logs_the_reports_error() -> None:
    device = todo_with_lists("Groceries")
    drawer_long_click(device, "Groceries")
    tap(device, text="Delete list")
    drawer_long_click(device, "Settings")
    assert triggered(device, "privacy-friendly-todo-list#158")
    tap(device, text="Edit list")
    log = "\n".join(device.read_logcat(0, ("main",)).lines)
    assert "E PFA MainActivity: Todo list with ID 1 not found." in log
    assert not crashed(device)


def test_todo_tasks_of_a_list() -> None:
    device = todo_with_lists("Groceries")
    tap(device, resource_id=f"{TODO}:id/tv_todo_list_title", text="Groceries")
    tap(device, resource_id=f"{TODO}:id/fab_new_task")
    act(device, "input_text", "Milk", resource_id=f"{TODO}:id/et_new_task_name")
    tap(device, resource_id=f"{TODO}:id/bt_new_task_ok")
    tap(device, resource_id=f"{TODO}:id/cb_task_done")
    back(device)
    assert "1/1 tasks" in texts(device)


# -- OpenCalc#493 and #448 -------------------------------------------------------------------------


def calc_keys(device: VirtualDevice, *ids: str) -> None:
    for rid in ids:
        tap(device, resource_id=f"{CALC}:id/{rid}")


def preview(device: VirtualDevice) -> str:
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    return next(n.text for n in tree.iter() if n.resource_id == f"{CALC}:id/resultDisplay")


def test_opencalc_493_one_lower_works_and_huge_powers_alone_are_fine() -> None:
    device = fresh(OpenCalc310Beta1)
    act(device, "input_text", "√(2^(1023))", resource_id=f"{CALC}:id/input")
    assert preview(device) == "9.480751908E153"
    act(device, "input_text", "2^1024", resource_id=f"{CALC}:id/input")  # no square root
    assert preview(device) == "1.797693135E308"
    act(device, "input_text", "√(2^1024)÷2", resource_id=f"{CALC}:id/input")
    assert triggered(device, "OpenCalc#493")
    crash = device.system_records()["crashes"][-1]
    assert crash["message"] == "Infinite or NaN"


def test_opencalc_493_typed_on_the_keypad_crashes_at_the_last_digit() -> None:
    device = fresh(OpenCalc310Beta1)
    calc_keys(device, "squareButton", "parenthesesButton", "twoButton", "exponentButton")
    calc_keys(device, "parenthesesButton", "oneButton", "zeroButton", "twoButton")
    assert not triggered(device, "OpenCalc#493")
    calc_keys(device, "fourButton")
    assert triggered(device, "OpenCalc#493")


def test_opencalc_493_is_not_in_3_1_4() -> None:
    device = fresh(OpenCalc314)
    act(device, "input_text", "√(2^(1024))", resource_id=f"{CALC}:id/input")
    assert not crashed(device)


def test_opencalc_448_percent_after_a_parenthesis_is_wrong_only_there() -> None:
    device = fresh(OpenCalc310Beta1)
    calc_keys(device, "fiveButton", "addButton", "fourButton", "divideBy100Button")
    assert preview(device) == "5.2"  # 5+4%: the app's "user friendly" percent, right
    calc_keys(device, "clearButton", "fiveButton", "zeroButton", "divideBy100Button")
    assert preview(device) == "0.5"
    assert not triggered(device, "OpenCalc#448")
    calc_keys(device, "clearButton", "parenthesesButton", "fiveButton", "addButton")
    calc_keys(device, "fourButton", "parenthesesButton", "divideBy100Button")
    assert preview(device) == "5.2"  # should be 0.09
    assert triggered(device, "OpenCalc#448")
    assert not triggered(device, "OpenCalc#510")


def test_opencalc_448_is_fixed_in_3_1_4() -> None:
    device = fresh(OpenCalc314)
    calc_keys(device, "parenthesesButton", "fiveButton", "addButton", "fourButton")
    calc_keys(device, "parenthesesButton", "divideBy100Button")
    assert preview(device) == "0.09"


# -- AmazeFileManager#4185 -------------------------------------------------------------------------


def amaze_ready(app_cls: type = AmazeFileManager310) -> VirtualDevice:
    device = fresh(app_cls)
    tap(device, **ALLOW)
    return device


def test_amaze_310_rotation_without_a_query_is_fine() -> None:
    device = amaze_ready()
    rotate(device)
    tap(device, resource_id=f"{AMAZE}:id/search")
    rotate(device, "portrait")
    assert not crashed(device)


def test_amaze_310_closed_search_then_rotation_is_fine() -> None:
    device = amaze_ready()
    tap(device, resource_id=f"{AMAZE}:id/search")
    act(device, "input_text", "Music", resource_id=f"{AMAZE}:id/search_edit_text")
    assert "Music" in texts(device)
    back(device)  # hides the keyboard
    back(device)  # closes the search
    rotate(device)
    assert not crashed(device)
    assert not triggered(device, "AmazeFileManager#4185")


def test_amaze_332_keeps_the_query_on_rotation() -> None:
    device = amaze_ready(AmazeFileManager)
    tap(device, resource_id=f"{AMAZE}:id/search")
    act(device, "input_text", "Music", resource_id=f"{AMAZE}:id/search_edit_text")
    rotate(device)
    assert not crashed(device)
    assert "Music" in texts(device)


# -- Omni-Notes#377 --------------------------------------------------------------------------------


def omni_ready() -> VirtualDevice:
    device = fresh(OmniNotes540)
    assert "SKIP" in texts(device), "the first run starts with the intro"
    tap(device, resource_id=f"{OMNI}:id/skip")
    return device


def test_omni_intro_has_six_slides_and_done() -> None:
    device = fresh(OmniNotes540)
    for _ in range(5):
        tap(device, resource_id=f"{OMNI}:id/next")
    tap(device, resource_id=f"{OMNI}:id/done")
    assert "Nothing here!" in texts(device)


def test_omni_writing_and_saving_a_note_does_not_crash() -> None:
    device = omni_ready()
    tap(device, resource_id=f"{OMNI}:id/fab_expand_menu_button")
    tap(device, resource_id=f"{OMNI}:id/fab_note")
    act(device, "input_text", "Shopping", resource_id=f"{OMNI}:id/detail_title")
    back(device)  # keyboard
    tap(device, content_desc="Navigate up")
    assert "Shopping" in texts(device)
    tap(device, resource_id=f"{OMNI}:id/note_title", text="Shopping")
    tap(device, resource_id=f"{OMNI}:id/menu_attachment")
    back(device)
    rotate(device)
    assert not crashed(device)
    assert not triggered(device, "Omni-Notes#377")


def test_omni_reminder_of_a_checklist_is_the_same_crash() -> None:
    device = omni_ready()
    tap(device, resource_id=f"{OMNI}:id/fab_expand_menu_button")
    tap(device, resource_id=f"{OMNI}:id/fab_checklist")
    tap(device, resource_id=f"{OMNI}:id/reminder_layout")
    assert triggered(device, "Omni-Notes#377")


# -- the example reports ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "bug_id"),
    [
        ("todolist-158.md", "privacy-friendly-todo-list#158"),
        ("opencalc-493.md", "OpenCalc#493"),
        ("opencalc-448.md", "OpenCalc#448"),
        ("amaze-4185.md", "AmazeFileManager#4185"),
        ("omninotes-377.md", "Omni-Notes#377"),
    ],
)
def test_example_reports_name_their_model(name: str, bug_id: str) -> None:
    from orchestrator.report import load_report
    from tests.conftest import EXAMPLES

    report = load_report(EXAMPLES / name)
    assert report.bug_id == bug_id
    app_cls = find_app_for_bug(bug_id)
    assert app_cls is not None
    assert type(load_app(report.apk_name)) is app_cls
