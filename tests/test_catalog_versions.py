"""Later builds of AnyMemo, Omni Notes and Birthdroid (issue 6, nightly re-reproduction; decision
0005): each app has a build that changes the UI on the bug's path with the bug still there, and a
build after it with the bug fixed. On a real :class:`VirtualDevice`: every build's human steps
trigger (buggy) or do not trigger (fixed) the ground-truth oracle; the original version's human
steps break on the changed builds where the change says; the catalog still answers every bug with
its original version and the whole-catalog bug list is unchanged."""

from __future__ import annotations

import io
import json
from argparse import Namespace
from contextlib import redirect_stdout
from typing import Any

import pytest

from device_agent.actions import Action, Bounds
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.app import VirtualApp
from device_agent.virtual.catalog import find_app_for_bug, list_apps, load_app
from device_agent.virtual.catalog.anymemo import AnyMemo, AnyMemo10100, AnyMemo10101
from device_agent.virtual.catalog.birthdroid import Birthdroid, Birthdroid070, Birthdroid071
from device_agent.virtual.catalog.omninotes import OmniNotes540, OmniNotes550, OmniNotes551
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

ANYMEMO = "org.liberty.android.fantastischmemo"
OMNI = "it.feio.android.omninotes"
BIRTHDROID = "com.rigid.birthdroid"
ALLOW = "com.android.permissioncontroller:id/permission_allow_button"

# (build, bug id, package, label, original version, bug present?)
BUILDS = [
    (AnyMemo10100, "AnyMemo#422", ANYMEMO, "AnyMemo", AnyMemo, True),
    (AnyMemo10101, "AnyMemo#422", ANYMEMO, "AnyMemo", AnyMemo, False),
    (OmniNotes550, "Omni-Notes#377", OMNI, "Omni Notes", OmniNotes540, True),
    (OmniNotes551, "Omni-Notes#377", OMNI, "Omni Notes", OmniNotes540, False),
    (Birthdroid070, "Birthdroid#13", BIRTHDROID, "Birthdroid", Birthdroid, True),
    (Birthdroid071, "Birthdroid#13", BIRTHDROID, "Birthdroid", Birthdroid, False),
]
IDS = [f"{b[0].name}-{b[0].version}" for b in BUILDS]
FIELDS = ("build", "bug_id", "package", "label", "original", "buggy")

# The bugs of the catalog, each on the version it was reported on.
CATALOG = {
    "ActivityDiary#285": "1.4.0",
    "AmazeFileManager#1796": "3.3.2",
    "AmazeFileManager#4185": "3.10",
    "AndrOBD#144": "2.0.7",
    "android-noad-music-player#1": "0.8.20190518-2",
    "android-obd-reader#22": "2.0",
    "anglers-log#151": "1.2.5",
    "anglers-log#347": "1.3.1",
    "Anki-Android#10584": "2.16alpha52",
    "Anki-Android#4977": "2.9alpha",
    "Anki-Android#4707": "2.9alpha4",
    "Anki-Android#4586": "2.8.2",
    "Anki-Android#5638": "2.9.1",
    "Anki-Android#5753": "2.9.1",
    "Anki-Android#6432": "2.11.0",
    "AntennaPod#7611": "3.8.0",
    "AntennaPod#7866": "3.8.0",
    "AnyMemo#422": "10.9.922",
    "AnyMemo#440": "10.10.1",
    "APhotoManager#116": "0.6.4.180314",
    "AsciiCam#17": "1.2.3",
    "Birthdroid#13": "0.6.3",
    "FastAdapter#394": "2.5.1",
    "fastnfitness#142": "0.19.0",
    "fastnfitness#293": "0.20.6",
    "FirefoxLite#5085": "2.1.20",
    "focus-android#3297": "7.0",
    "gnucash-android#664": "2.1.5",
    "gpstest#404": "3.6.4",
    "KISS#1481": "3.13.5",
    "kiwix-android#990": "2.4",
    "LibreNews-Android#22": "1.4",
    "LibreNews-Android#23": "1.4",
    "LocalMaterialNotes#327": "1.10.0-dev1",
    "LocalMaterialNotes#415": "1.12.1",
    "markor#194": "0.3.2",
    "markor#331": "1.1.0",
    "markor#1020": "2.3.2",
    "MaterialFiles#1392": "1.7.4",
    "Memento-Calendar#7": "3.6",
    "Memento-Calendar#169": "3.6",
    "mhabit#270": "1.16.7+74",
    "microMathematics#39": "2.15.4",
    "NewPipe#11914": "0.27.4",
    "NewPipe#11915": "0.27.4",
    "NewsBlur#1053": "6.10",
    "NotallyX#517": "7.3.0",
    "NotallyX#569": "7.4.0",
    "NotallyX#609": "7.4.0",
    "Omni-Notes#377": "5.4.0",
    "OpenCalc#510": "3.1.0-beta1",
    "OpenCalc#493": "3.1.0-beta1",
    "OpenCalc#448": "3.1.0-beta1",
    "OpenCalc#524": "3.1.0-beta1",
    "OpenCalc#532": "3.1.4",
    "osmdroid#1030": "6.0.1",
    "privacy-friendly-todo-list#158": "3.1.0",
    "privacy-friendly-weather#61": "2.0",
    "qksms#585": "2.7.1",
    "screenrecorder#25": "1.8.2",
    "thunderbird-android#3255": "5.403",
    "thunderbird-android#3971": "5.502",
    "Transportr#972": "2.2.2",
    "trickytripper#42": "1.6.0",
    "uhabits#1545": "2.1.1",
    "uhabits#2112": "2.2.0",
    "URLCheck#493": "3.4",
    "WiFiAnalyzer#222": "2.0.3",
}


# -- helpers ---------------------------------------------------------------------------------------


def run(device: VirtualDevice, step: dict[str, Any]) -> bool:
    """Execute one recorded step; whether it reached its target."""
    return device.execute(Action.from_json(step)).performed


def crashed(device: VirtualDevice, package: str) -> bool:
    return any(c["package"] == package for c in device.system_records()["crashes"])


def bounds_of(device: VirtualDevice, text: str = "", resource_id: str = "") -> Bounds:
    """Bounds of the first clickable node whose subtree shows ``text`` (or has the id)."""
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    for node in tree.iter():
        if not node.clickable:
            continue
        if resource_id and node.resource_id == resource_id:
            return node.bounds
        if text and any(n.text == text for n in node.iter()):
            return node.bounds
    raise AssertionError(f"no clickable {text or resource_id!r}; texts: {texts(device)}")


def original_step(app: type[VirtualApp], bug_id: str, index: int) -> dict[str, Any]:
    """Step ``index`` of the human steps of ``app`` (the original version) for ``bug_id``."""
    return dict(app().bug(bug_id).human_steps[index])


def relaunch(device: VirtualDevice) -> None:
    """Stop the app (its storage kept) and start it again from the launcher."""
    device.force_stop()
    device.launch_app()


# -- every build: its human steps against the oracle -----------------------------------------------


@pytest.mark.parametrize(FIELDS, BUILDS, ids=IDS)
def test_human_steps_of_each_build(
    build: type[VirtualApp],
    bug_id: str,
    package: str,
    label: str,
    original: type[VirtualApp],
    buggy: bool,
) -> None:
    device = fresh(build)
    spec = build().bug(bug_id)
    assert spec.bug_id == original().bug(bug_id).bug_id == bug_id
    seen = []
    for step in spec.human_steps:
        seen.append(triggered(device, bug_id))
        assert run(device, step), f"{build.version}: step {step} not performed"
    assert not any(seen), f"{bug_id} triggered before the last step on {build.version}: {seen}"
    assert triggered(device, bug_id) is buggy
    if buggy:
        crash = device.system_records()["crashes"][-1]
        crash_log = "\n".join(device.read_logcat(0, ("crash",)).lines)
        assert f"Process: {package}, PID:" in crash_log
        assert f"{crash['exception']}: {crash['message']}" in crash_log
        assert f"{label} keeps stopping" in texts(device)
    else:
        assert not crashed(device, package)
        assert f"{label} keeps stopping" not in texts(device)


# The first step of the original version's human steps that no longer reaches its target.
FIRST_BROKEN = {"AnyMemo": 0, "Omni-Notes": 3, "Birthdroid": 2}


@pytest.mark.parametrize(FIELDS, BUILDS, ids=IDS)
def test_original_steps_break_on_a_changed_build(
    build: type[VirtualApp],
    bug_id: str,
    package: str,
    label: str,
    original: type[VirtualApp],
    buggy: bool,
) -> None:
    device = fresh(build)
    performed = [run(device, step) for step in original().bug(bug_id).human_steps]
    assert performed.index(False) == FIRST_BROKEN[build.name], performed
    assert not triggered(device, bug_id) and not crashed(device, package)
    # The same steps still reproduce on the original version.
    device = fresh(original)
    assert all(run(device, step) for step in original().bug(bug_id).human_steps)
    assert triggered(device, bug_id)


# -- AnyMemo 10.10.x: the What's new dialog --------------------------------------------------------


@pytest.mark.parametrize("build", [AnyMemo10100, AnyMemo10101], ids=["10.10.0", "10.10.1"])
def test_anymemo_whats_new_is_in_front_at_the_first_launch(build: type[AnyMemo]) -> None:
    device = fresh(build)
    assert node_text(device, "android:id/alertTitle") == "What's new"
    assert node_text(device, "android:id/message").startswith(f"AnyMemo {build.version}\n")
    assert node_text(device, "android:id/button1") == "OK"
    assert "Allow" not in texts(device)  # the permission request waits for the dialog
    first = original_step(AnyMemo, "AnyMemo#422", 0)
    assert first["target"]["resource_id"] == ALLOW and not run(device, first)
    tap(device, resource_id="android:id/button1")
    assert device.s["data"]["whats_new_seen"] == build.version
    assert "Allow" in texts(device)
    tap(device, resource_id=ALLOW)
    assert "New version installed" not in texts(device)  # replaced by What's new
    assert node_text(device, f"{ANYMEMO}:id/recent_item_filename") == "french-body-parts.db"


def test_anymemo_whats_new_shows_only_on_the_first_launch() -> None:
    device = fresh(AnyMemo10100)
    tap(device, resource_id="android:id/button1")
    tap(device, resource_id=ALLOW)
    relaunch(device)
    assert "What's new" not in texts(device)
    assert node_text(device, f"{ANYMEMO}:id/recent_item_filename") == "french-body-parts.db"
    # A fresh install (reset) shows it again.
    device.reset_app(launch=True)
    assert "What's new" in texts(device)


def test_anymemo_whats_new_back_counts_as_seen_but_a_stop_before_does_not() -> None:
    device = fresh(AnyMemo10100)
    relaunch(device)  # stopped before the dialog was dismissed: it shows again
    assert "What's new" in texts(device)
    device.execute(Action(kind="press_back"))
    assert "What's new" not in texts(device) and "Allow" in texts(device)
    tap(device, resource_id=ALLOW)
    relaunch(device)
    assert "What's new" not in texts(device)
    assert device.s["data"]["whats_new_seen"] == "10.10.0"


def test_anymemo_whats_new_survives_rotation() -> None:
    device = fresh(AnyMemo10100)
    assert device.execute(Action(kind="rotate", orientation="landscape")).performed
    assert node_text(device, "android:id/alertTitle") == "What's new"
    assert not crashed(device, ANYMEMO)


def test_anymemo_original_shows_no_whats_new() -> None:
    device = fresh(AnyMemo)
    assert "What's new" not in texts(device) and "Allow" in texts(device)


def test_anymemo_fixed_build_recreates_the_study_screen_on_the_same_card() -> None:
    device = fresh(AnyMemo10101)
    for step in AnyMemo10101().bug("AnyMemo#422").human_steps:
        assert run(device, step)
    assert device.system_records()["orientation"] == "landscape"
    assert device.system_records()["activity"] == ".ui.StudyActivity"
    assert node_text(device, f"{ANYMEMO}:id/question") == "la tête"
    assert node_text(device, f"{ANYMEMO}:id/show_answer") == "Show answer"
    # and learning goes on
    tap(device, resource_id=f"{ANYMEMO}:id/show_answer")
    assert node_text(device, f"{ANYMEMO}:id/answer") == "head"


# -- Omni Notes 5.5.x: the reminder moved to the toolbar -------------------------------------------


def omni_editor(build: type[VirtualApp]) -> VirtualDevice:
    device = fresh(build)
    for step in OmniNotes540().bug("Omni-Notes#377").human_steps[:3]:
        assert run(device, step)
    return device


@pytest.mark.parametrize("build", [OmniNotes550, OmniNotes551], ids=["5.5.0", "5.5.1"])
def test_omni_reminder_row_became_a_toolbar_action(build: type[VirtualApp]) -> None:
    old = omni_editor(OmniNotes540)
    old_bounds = bounds_of(old, resource_id=f"{OMNI}:id/reminder_layout")
    device = omni_editor(build)
    last = original_step(OmniNotes540, "Omni-Notes#377", 3)
    assert last["target"]["resource_id"] == f"{OMNI}:id/reminder_layout"
    assert not run(device, last)
    assert "Add reminder" not in texts(device)
    moved = bounds_of(device, resource_id=f"{OMNI}:id/menu_reminder")
    assert moved.bottom <= 210 < old_bounds.top  # from under the content to the toolbar
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    node = next(n for n in tree.iter() if n.resource_id == f"{OMNI}:id/menu_reminder")
    assert node.content_desc == "Set reminder" and node.text == ""
    assert not crashed(device, OMNI)


def test_omni_fixed_build_opens_the_picker_and_sets_a_reminder() -> None:
    device = omni_editor(OmniNotes551)
    tap(device, resource_id=f"{OMNI}:id/menu_reminder")
    assert node_text(device, "android:id/alertTitle") == "Set reminder"
    assert node_text(device, f"{OMNI}:id/date_picker_date") == "Jun 13, 2017"
    tap(device, resource_id="android:id/button1")
    assert node_text(device, f"{OMNI}:id/datetime").startswith("Reminder: Jun 13, 2017")
    act(device, "input_text", "milk", resource_id=f"{OMNI}:id/detail_title")
    tap(device, content_desc="Navigate up")
    tap(device, content_desc="Open navigation drawer")
    tap(device, text="Reminders")
    assert node_text(device, f"{OMNI}:id/note_title") == "milk"
    assert not crashed(device, OMNI)


# -- Birthdroid 0.7.x: Foresight period one screen further -----------------------------------------


def birthdroid_settings(build: type[VirtualApp]) -> VirtualDevice:
    device = fresh(build)
    for step in Birthdroid().bug("Birthdroid#13").human_steps[:2]:
        assert run(device, step)
    return device


@pytest.mark.parametrize("build", [Birthdroid070, Birthdroid071], ids=["0.7.0", "0.7.1"])
def test_birthdroid_foresight_moved_to_the_widget_settings_screen(build: type[VirtualApp]) -> None:
    old = birthdroid_settings(Birthdroid)
    foresight = bounds_of(old, text="Foresight period")
    device = birthdroid_settings(build)
    third = original_step(Birthdroid, "Birthdroid#13", 2)
    assert third["target"]["text"] == "Foresight period"
    assert not run(device, third)
    assert "Foresight period" not in texts(device)
    # The entry that replaced the Widget category sits where the preference was.
    assert bounds_of(device, text="Widget settings") == foresight
    tap(device, text="Widget settings")
    assert device.system_records()["activity"] == ".WidgetPreferencesActivity"
    assert "Foresight period" in texts(device) and "Layout settings" in texts(device)


def test_birthdroid_single_back_after_ok_leaves_the_widget_screen_and_crashes() -> None:
    # 0.7.0: the sub-screen is an activity of its own that broadcasts from onPause, so one Back
    # after OK is enough (as in 0.6.3), and Back with a valid value only goes back a screen.
    device = birthdroid_settings(Birthdroid070)
    tap(device, text="Widget settings")
    device.execute(Action(kind="press_back"))
    assert device.system_records()["activity"] == ".PreferencesActivity"
    assert not crashed(device, BIRTHDROID)
    tap(device, text="Widget settings")
    tap(device, text="Foresight period")
    act(device, "input_text", "111111111111", resource_id="android:id/edit")
    tap(device, resource_id="android:id/button1")
    assert not crashed(device, BIRTHDROID)
    device.execute(Action(kind="press_back"))
    assert triggered(device, "Birthdroid#13")


def test_birthdroid_fixed_build_rejects_the_number_and_keeps_valid_ones() -> None:
    device = birthdroid_settings(Birthdroid071)
    tap(device, text="Widget settings")
    tap(device, text="Foresight period")
    act(device, "input_text", "111111111111", resource_id="android:id/edit")
    tap(device, resource_id="android:id/button1")
    assert "Invalid number: 111111111111" in texts(device)
    assert device.s["data"]["prefs"]["widget_future_days"] == "5"
    tap(device, text="Foresight period")
    act(device, "input_text", "30", resource_id="android:id/edit")
    tap(device, resource_id="android:id/button1")
    assert device.s["data"]["prefs"]["widget_future_days"] == "30"
    device.execute(Action(kind="press_back"))
    device.execute(Action(kind="press_back"))
    assert not crashed(device, BIRTHDROID)


def test_birthdroid_about_names_the_build() -> None:
    for build in (Birthdroid, Birthdroid070, Birthdroid071):
        device = fresh(build)
        tap(device, content_desc="More options")
        tap(device, text="About")
        assert node_text(device, f"{BIRTHDROID}:id/about_title") == f"Birthdroid v{build.version}"


# -- the catalog -----------------------------------------------------------------------------------


def test_bugs_resolve_to_their_original_version_and_builds_load_by_version() -> None:
    assert find_app_for_bug("AnyMemo#422") is AnyMemo
    assert find_app_for_bug("Omni-Notes#377") is OmniNotes540
    assert find_app_for_bug("Birthdroid#13") is Birthdroid
    for build, *_ in BUILDS:
        assert type(load_app(build.name, version=build.version)) is build
        assert type(load_app(f"{build.name}_v{build.version}.apk")) is build
    assert type(load_app("AnyMemo_v10.9.922.apk")) is AnyMemo
    # Without a version, the newest build (the fixed one).
    assert type(load_app("AnyMemo")) is AnyMemo10101
    assert type(load_app("Omni-Notes")) is OmniNotes551
    assert type(load_app("Birthdroid")) is Birthdroid071


def test_the_whole_catalog_bug_list_is_unchanged() -> None:
    from orchestrator.config import FarmConfig
    from orchestrator.sweep.inputs import catalog_bugs, plan

    bugs = catalog_bugs()
    assert [b for b, _ in bugs] == list(dict.fromkeys(b for b, _ in bugs))  # each once
    assert {b for b, _ in bugs} == set(CATALOG)
    for bug_id, version in CATALOG.items():
        app = find_app_for_bug(bug_id)
        assert app is not None and app.version == version, bug_id
    declared = [b.bug_id for app in list_apps() for b in app.bugs]
    assert len(declared) == len(CATALOG) + 6  # the later builds declare their bug again
    items, skipped = plan([], farm=FarmConfig())
    planned = [i.bug_id for i in items] + [s.bug_id for s in skipped]
    assert sorted(planned) == sorted(CATALOG)
    for item in items:
        assert dict(item.app)["version"] == CATALOG[item.bug_id], item.bug_id


def test_apps_command_lists_the_new_builds() -> None:
    from orchestrator.commands import apps

    out = io.StringIO()
    with redirect_stdout(out):
        assert apps.run(Namespace(app_dir="", json=True)) == 0
    rows = {(r["name"], r["version"]): r for r in json.loads(out.getvalue())}
    for build, bug_id, *_ in BUILDS:
        assert bug_id in [b["bug_id"] for b in rows[(build.name, build.version)]["bugs"]]
