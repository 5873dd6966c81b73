"""Catalog batch m4 on a real :class:`VirtualDevice`: APhotoManager#116 and the batch's other
short crash bugs. Each bug's human steps crash the app with the modelled exception from a fresh
install; plausible wrong sequences do not; the screens on the way carry the real ids."""

from __future__ import annotations

import pytest

from device_agent.actions import Action, Bounds
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.catalog import find_app_for_bug, load_app
from device_agent.virtual.catalog.aphotomanager import APhotoManager064
from device_agent.virtual.catalog.asciicam import AsciiCam123
from device_agent.virtual.catalog.fastadapter import FastAdapterSample251
from device_agent.virtual.catalog.noadplayer import NoadPlayer08
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import fresh, tap, texts, triggered

APHOTO = "de.k3b.android.androFotoFinder"
ASCIICAM = "com.dozingcatsoftware.asciicam"
NOAD = "com.droidheat.musicplayer"
FASTADAPTER = "com.mikepenz.fastadapter.app"
ALLOW = {"resource_id": "com.android.permissioncontroller:id/permission_allow_button"}

# (app class, bug id, package, label, exception class somewhere in the crash block)
BUGS = [
    (
        APhotoManager064,
        "APhotoManager#116",
        APHOTO,
        "A Photo Manager",
        "android.view.InflateException",
    ),
    (
        AsciiCam123,
        "AsciiCam#17",
        ASCIICAM,
        "AsciiCam",
        "java.lang.IndexOutOfBoundsException: Invalid index 0, size is 0",
    ),
    (
        NoadPlayer08,
        "android-noad-music-player#1",
        NOAD,
        "Noad Player",
        "android.view.InflateException: Binary XML file line #21",
    ),
    (
        FastAdapterSample251,
        "FastAdapter#394",
        FASTADAPTER,
        "FastAdapter",
        "TypedArray.recycle()' on a null object reference",
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


# -- AsciiCam#17 -------------------------------------------------------------------------------

TOP_LEFT_CELL = Bounds(0, 63, 270, 283)


def rotate(device: VirtualDevice, orientation: str) -> None:
    assert device.execute(Action(kind="rotate", orientation=orientation)).performed


def asciicam_with_pictures(count: int) -> VirtualDevice:
    """A fresh AsciiCam with both permissions granted and ``count`` pictures taken."""
    device = fresh(AsciiCam123)
    tap(device, **ALLOW)
    tap(device, **ALLOW)
    for _ in range(count):
        tap(device, resource_id=f"{ASCIICAM}:id/shutterButton")
        tap(device, resource_id=f"{ASCIICAM}:id/exitViewImageButton", text="Return")
    return device


def open_top_left_picture(device: VirtualDevice) -> None:
    tap(device, resource_id=f"{ASCIICAM}:id/galleryButton")
    tap(device, bounds=TOP_LEFT_CELL)
    assert f"{ASCIICAM}:id/deleteImageButton" in ids(device)


def test_asciicam_screens_have_the_real_ids() -> None:
    device = asciicam_with_pictures(1)
    assert {
        f"{ASCIICAM}:id/{rid}"
        for rid in (
            "cameraView",
            "overlayView",
            "verticalButtonBar",
            "shutterButton",
            "cycleColorButton",
            "settingsButton",
            "galleryButton",
            "convertPictureButton",
            "switchCameraButton",
            "helpButton",
        )
    } <= ids(device)
    open_top_left_picture(device)
    assert {f"{ASCIICAM}:id/shareButton", f"{ASCIICAM}:id/exitViewImageButton"} <= ids(device)
    tap(device, resource_id=f"{ASCIICAM}:id/shareButton")
    assert "How do you want to share this picture?" in texts(device)
    tap(device, resource_id="android:id/text1", text="Share HTML")
    tap(device, resource_id="android:id/button2", text="Cancel")
    assert "How do you want to share this picture?" not in texts(device)
    back(device)
    assert f"{ASCIICAM}:id/grid_image" in ids(device)


def test_asciicam_deleting_without_rotating_empties_the_library() -> None:
    device = asciicam_with_pictures(1)
    open_top_left_picture(device)
    tap(device, resource_id=f"{ASCIICAM}:id/deleteImageButton", text="Delete Picture")
    assert "You have not saved any pictures yet." in texts(device)
    assert not crashed(device, ASCIICAM)


def test_asciicam_rotating_in_the_library_before_opening_does_not_crash() -> None:
    device = asciicam_with_pictures(1)
    tap(device, resource_id=f"{ASCIICAM}:id/galleryButton")
    rotate(device, "landscape")
    tap(device, bounds=TOP_LEFT_CELL)
    tap(device, resource_id=f"{ASCIICAM}:id/deleteImageButton", text="Delete Picture")
    assert "You have not saved any pictures yet." in texts(device)
    assert not crashed(device, ASCIICAM)


def test_asciicam_with_two_pictures_the_wrong_cell_goes_but_nothing_crashes() -> None:
    device = asciicam_with_pictures(2)
    open_top_left_picture(device)
    rotate(device, "landscape")
    tap(device, resource_id=f"{ASCIICAM}:id/deleteImageButton", text="Delete Picture")
    assert not triggered(device, "AsciiCam#17")
    assert not crashed(device, ASCIICAM)
    # The re-created library re-read one picture, then removed "index 0" from it as well.
    assert "You have not saved any pictures yet." in texts(device)
    assert len(device.s["data"]["pictures"]) == 1


def test_asciicam_rotating_there_and_back_while_viewing_does_not_crash() -> None:
    device = asciicam_with_pictures(1)
    open_top_left_picture(device)
    rotate(device, "landscape")
    rotate(device, "portrait")
    tap(device, resource_id=f"{ASCIICAM}:id/deleteImageButton", text="Delete Picture")
    assert not crashed(device, ASCIICAM)


def test_asciicam_library_before_any_picture_is_another_crash() -> None:
    device = asciicam_with_pictures(0)
    tap(device, resource_id=f"{ASCIICAM}:id/galleryButton")
    assert crashed(device, ASCIICAM)
    assert not triggered(device, "AsciiCam#17")
    crash_log = "\n".join(device.read_logcat(0, ("crash",)).lines)
    assert "ImageLibrary.allImagePaths(ImageLibrary.java:22)" in crash_log


# -- android-noad-music-player#1 ---------------------------------------------------------------

DENY = {"resource_id": "com.android.permissioncontroller:id/permission_deny_button"}


def test_noad_splash_asks_with_the_apps_own_dialog_first() -> None:
    device = fresh(NoadPlayer08)
    assert {f"{NOAD}:id/progressBar", f"{NOAD}:id/textView10"} <= ids(device)
    shown = texts(device)
    assert "Request for permissions" in shown
    assert "Initiating.." in shown


def test_noad_declining_closes_the_app_without_a_crash() -> None:
    device = fresh(NoadPlayer08)
    tap(device, resource_id="android:id/button2", text="Decline")
    assert not crashed(device, NOAD)
    assert device.s["stack"] == []


def test_noad_denying_in_the_system_dialog_exits_without_a_crash() -> None:
    device = fresh(NoadPlayer08)
    tap(device, resource_id="android:id/button1", text="Accept")
    tap(device, **DENY)
    assert not crashed(device, NOAD)
    assert "Application needs permission to run. Exiting!" in texts(device)


def test_noad_dismissing_the_request_leaves_the_splash_waiting() -> None:
    device = fresh(NoadPlayer08)
    back(device)
    assert not crashed(device, NOAD)
    shown = texts(device)
    assert "Initiating.." in shown
    assert "Request for permissions" not in shown


def test_noad_every_start_after_the_grant_crashes_again() -> None:
    device = fresh(NoadPlayer08)
    for step in NoadPlayer08().bug("android-noad-music-player#1").human_steps:
        device.execute(Action.from_json(step))
    assert len(device.system_records()["crashes"]) == 1
    device.launch_app()
    assert len(device.system_records()["crashes"]) == 2


# -- FastAdapter#394 ---------------------------------------------------------------------------


def drawer_row(title: str) -> dict[str, str]:
    return {"resource_id": f"{FASTADAPTER}:id/material_drawer_name", "text": title}


def test_fastadapter_first_start_shows_the_drawer_of_samples() -> None:
    device = fresh(FastAdapterSample251)
    assert {
        f"{FASTADAPTER}:id/material_drawer_layout",
        f"{FASTADAPTER}:id/material_drawer_slider_layout",
        f"{FASTADAPTER}:id/material_drawer_recycler_view",
        f"{FASTADAPTER}:id/toolbar",
        f"{FASTADAPTER}:id/item_add",
        f"{FASTADAPTER}:id/rv",
    } <= ids(device)
    shown = texts(device)
    for title in ("IconGrid Sample", "MultiSelect Sample", "GenericItem Sample", "Close"):
        assert title in shown
    back(device)  # closes the drawer
    assert "Open" in texts(device)
    assert "GenericItem Sample" not in texts(device)


def test_fastadapter_the_neighbouring_samples_open_without_a_crash() -> None:
    device = fresh(FastAdapterSample251)
    for title in ("MultiGenericItem Sample", "Advanced Sample", "IconGrid Sample"):
        tap(device, **drawer_row(title))
        assert title in texts(device)
        back(device)
        tap(device, content_desc="Open")
    assert not crashed(device, FASTADAPTER)


def test_fastadapter_toolbar_actions_edit_the_cards_without_a_crash() -> None:
    device = fresh(FastAdapterSample251)
    back(device)
    tap(device, resource_id=f"{FASTADAPTER}:id/item_add")
    assert "NEW" in texts(device)
    tap(device, resource_id=f"{FASTADAPTER}:id/item_image_name", text="Victoria Australia")
    tap(device, resource_id=f"{FASTADAPTER}:id/item_change")
    shown = texts(device)
    assert "CHANGED" in shown and "Victoria Australia" not in shown
    tap(device, resource_id=f"{FASTADAPTER}:id/item_delete")
    assert "CHANGED" not in texts(device)
    assert not triggered(device, "FastAdapter#394")


def test_fastadapter_the_drawer_opens_only_on_the_first_start() -> None:
    device = fresh(FastAdapterSample251)
    back(device)
    back(device)  # leaves the app
    device.launch_app()
    assert "GenericItem Sample" not in texts(device)
    tap(device, content_desc="Open")
    tap(device, **drawer_row("GenericItem Sample"))
    assert triggered(device, "FastAdapter#394")
