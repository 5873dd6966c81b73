"""Catalog batch m4 on a real :class:`VirtualDevice`: APhotoManager#116 and the batch's other
short crash bugs. Each bug's human steps crash the app with the modelled exception from a fresh
install; plausible wrong sequences do not; the screens on the way carry the real ids."""

from __future__ import annotations

import pytest

from device_agent.actions import Action
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.catalog import find_app_for_bug, load_app
from device_agent.virtual.catalog.aphotomanager import APhotoManager064
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import fresh, tap, texts, triggered

APHOTO = "de.k3b.android.androFotoFinder"

# (app class, bug id, package, label, exception class somewhere in the crash block)
BUGS = [
    (
        APhotoManager064,
        "APhotoManager#116",
        APHOTO,
        "A Photo Manager",
        "android.view.InflateException",
    ),
]


def back(device: VirtualDevice) -> None:
    device.execute(Action(kind="press_back"))


def crashed(device: VirtualDevice, package: str) -> bool:
    return any(c["package"] == package for c in device.system_records()["crashes"])


def ids(device: VirtualDevice) -> set[str]:
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    return {n.resource_id for n in tree.iter() if n.resource_id}


# -- every bug ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("app_cls", "bug_id", "package", "label", "exc"), BUGS, ids=[b[1] for b in BUGS]
)
def test_human_steps_crash_with_the_reported_exception(
    app_cls: type, bug_id: str, package: str, label: str, exc: str
) -> None:
    device = fresh(app_cls)
    for step in app_cls().bug(bug_id).human_steps:
        assert not triggered(device, bug_id)
        result = device.execute(Action.from_json(step))
        assert result.performed, f"{bug_id}: {step}: {result.detail}"
    assert triggered(device, bug_id)
    crash_log = "\n".join(device.read_logcat(0, ("crash",)).lines)
    assert "FATAL EXCEPTION: main" in crash_log
    assert f"Process: {package}, PID:" in crash_log
    assert exc in crash_log
    assert f"{label} keeps stopping" in texts(device)
    device.reset_app()
    assert not triggered(device, bug_id)


@pytest.mark.parametrize(
    ("app_cls", "bug_id", "package", "label", "exc"), BUGS, ids=[b[1] for b in BUGS]
)
def test_the_catalog_finds_the_model_by_its_apk_name(
    app_cls: type, bug_id: str, package: str, label: str, exc: str
) -> None:
    assert find_app_for_bug(bug_id) is app_cls
    assert isinstance(load_app(f"{app_cls.name}_v{app_cls.version}.apk"), app_cls)


# -- APhotoManager#116 -------------------------------------------------------------------------


def aphoto_overflow() -> VirtualDevice:
    device = fresh(APhotoManager064)
    tap(device, content_desc="More options")
    return device


def test_aphoto_gallery_has_the_real_action_bar_and_grid() -> None:
    device = fresh(APhotoManager064)
    assert {
        f"{APHOTO}:id/cmd_select_folder",
        f"{APHOTO}:id/cmd_select_lat_lon",
        f"{APHOTO}:id/gridView",
        f"{APHOTO}:id/root_view",
    } <= ids(device)
    shown = texts(device)
    assert "Folder - /(6)" in shown
    assert "IMG_20180301_101512.jpg" in shown
    device = aphoto_overflow()
    shown = texts(device)
    for entry in ("Tag Filter", "Filter", "Sort: Date V", "Load bookmark from …", "More …"):
        assert entry in shown


def test_aphoto_other_overflow_entries_do_not_crash() -> None:
    device = aphoto_overflow()
    tap(device, text="More …")
    assert 'About "A Photo Manager"' in texts(device)
    tap(device, text='About "A Photo Manager"')
    tap(device, resource_id="android:id/button1", text="OK")
    tap(device, content_desc="More options")
    tap(device, text="Sort: Date V")
    tap(device, text="Date")
    tap(device, content_desc="More options")
    assert "Sort: Date ^" in texts(device)
    tap(device, text="Filter")
    back(device)
    assert not triggered(device, "APhotoManager#116")
    assert not crashed(device, APHOTO)


def test_aphoto_action_icons_and_photos_do_not_crash() -> None:
    device = fresh(APhotoManager064)
    tap(device, resource_id=f"{APHOTO}:id/cmd_select_folder")
    tap(device, resource_id="android:id/button2", text="Cancel")
    tap(device, resource_id=f"{APHOTO}:id/cmd_select_lat_lon")
    assert "Map Area Filter" in texts(device)
    back(device)
    tap(device, resource_id=f"{APHOTO}:id/text", text="IMG_20180305_092211.jpg")
    assert "IMG_20180305_092211.jpg" in texts(device)
    back(device)
    assert not crashed(device, APHOTO)


def test_aphoto_settings_crash_names_the_missing_class() -> None:
    device = aphoto_overflow()
    tap(device, text="Settings")
    crash_log = "\n".join(device.read_logcat(0, ("crash",)).lines)
    assert "Caused by: android.view.InflateException: Binary XML file line #49" in crash_log
    assert "Caused by: java.lang.ClassNotFoundException" in crash_log
    assert "de.k3b.android.androFotoFinder.SettingsActivity.onCreate(SettingsActivity.java:78)" in (
        crash_log
    )
