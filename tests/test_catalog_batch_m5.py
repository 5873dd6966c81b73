"""Catalog batch m5 (issue 13): ActivityDiary#285, LibreNews-Android#22 and #23. Every catalog
bug's human steps are replayed by ``tests/test_catalog_human_steps.py``; here: the screens on the
way carry the real ids, the crash block has the report's exception, and plausible wrong sequences
do not trigger the bug."""

from __future__ import annotations

from device_agent.actions import Action
from device_agent.virtual.catalog.activitydiary import (
    NO_ACTIVE_ERROR,
    OPEN_NAVIGATION,
    ActivityDiary,
)
from device_agent.virtual.catalog.activitydiary import PACKAGE as ADP
from device_agent.virtual.catalog.librenews import PACKAGE as LNP
from device_agent.virtual.catalog.librenews import LibreNews
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

AD = "ActivityDiary#285"
ALLOW = "com.android.permissioncontroller:id/permission_allow_button"


def _crash_log(device: VirtualDevice) -> str:
    return "\n".join(device.read_logcat(0, ("crash",)).lines)


def _ad_settings() -> VirtualDevice:
    device = fresh(ActivityDiary)
    tap(device, content_desc=OPEN_NAVIGATION)
    tap(device, resource_id=f"{ADP}:id/design_menu_item_text", text="Settings")
    return device


def _ad_network(device: VirtualDevice) -> None:
    device_swipe(device)
    tap(device, resource_id="android:id/title", text="Location Service")
    tap(device, resource_id="android:id/text1", text="Network")
    tap(device, resource_id=ALLOW)


def device_swipe(device: VirtualDevice) -> None:
    result = device.execute(Action(kind="swipe", direction="up"))
    assert result.performed, result.detail


def _ad_period(device: VirtualDevice, typed: str) -> None:
    tap(device, resource_id="android:id/title", text="Update period")
    act(device, "input_text", typed, resource_id="android:id/edit")
    tap(device, resource_id="android:id/button1", text="OK")


def test_activitydiary_main_screen_has_the_real_toolbar_header_grid_and_fabs() -> None:
    device = fresh(ActivityDiary)
    shown = texts(device)
    for text in ("Activity Diary", "What are you doing?", "<No Activity>", "Add Activity"):
        assert text in shown
    for name in ("Gardening", "Cooking", "Sleeping", "Statistics", "Note", "Pictures"):
        assert name in shown
    node_text(device, f"{ADP}:id/fab_edit_note")
    node_text(device, f"{ADP}:id/select_recycler")
    tap(device, resource_id=f"{ADP}:id/fab_edit_note")
    assert NO_ACTIVE_ERROR in texts(device)
    tap(device, text="Cooking")
    assert node_text(device, f"{ADP}:id/activity_name") == "Cooking"
    tap(device, content_desc=OPEN_NAVIGATION)
    shown = texts(device)
    for entry in ("Select Activity", "Diary", "Statistics", "Map", "Edit Activities", "About"):
        assert entry in shown
    tap(device, content_desc="Close navigation")
    tap(device, resource_id=f"{ADP}:id/search_button")
    act(device, "input_text", "coo", resource_id=f"{ADP}:id/search_src_text")
    shown = texts(device)
    assert "Cooking" in shown and "Gardening" not in shown and "Note" not in shown
    _back(device)  # hides the keyboard
    _back(device)  # collapses the filter
    assert "Gardening" in texts(device) and "Note" in texts(device)


def test_activitydiary_settings_disable_the_period_until_location_is_on() -> None:
    device = _ad_settings()
    assert "Date format" in texts(device) and "Settings" in texts(device)
    device_swipe(device)
    assert "User location not tracked at all" in texts(device)
    tap(device, resource_id="android:id/title", text="Update period")  # disabled: no dialog
    assert "Cancel" not in texts(device)
    assert not triggered(device, AD)


def test_activitydiary_human_path_crashes_with_the_reports_exception() -> None:
    device = _ad_settings()
    _ad_network(device)
    assert "Network used to track device location" in texts(device)
    _ad_period(device, "")
    assert triggered(device, AD)
    log = _crash_log(device)
    assert 'java.lang.NumberFormatException: Invalid int: ""' in log
    assert "SettingsActivity.updateLocationAge(SettingsActivity.java:238)" in log


def test_activitydiary_the_stored_value_crashes_settings_on_every_open() -> None:
    device = _ad_settings()
    _ad_network(device)
    _ad_period(device, "abc")  # no digits: replaceAll("\\D", "") leaves ""
    assert triggered(device, AD)
    tap(device, resource_id="android:id/aerr_close")
    device.launch_app()
    tap(device, content_desc=OPEN_NAVIGATION)
    tap(device, resource_id=f"{ADP}:id/design_menu_item_text", text="Settings")
    log = _crash_log(device)
    assert "Unable to start activity ComponentInfo" in log
    assert "SettingsActivity.onCreate(SettingsActivity.java:471)" in log


def test_activitydiary_a_valid_period_is_clamped_and_saved() -> None:
    device = _ad_settings()
    _ad_network(device)
    _ad_period(device, "90")
    assert "Request a location update every 60 minutes" in texts(device)
    assert not triggered(device, AD)


def test_activitydiary_emptying_the_distance_is_another_crash_not_this_bug() -> None:
    device = _ad_settings()
    _ad_network(device)
    tap(device, resource_id="android:id/title", text="Update distance")
    act(device, "input_text", "", resource_id="android:id/edit")
    tap(device, resource_id="android:id/button1", text="OK")
    assert "updateLocationDist" in _crash_log(device)
    assert not triggered(device, AD)


def test_activitydiary_cancelling_the_emptied_period_keeps_the_value() -> None:
    device = _ad_settings()
    _ad_network(device)
    tap(device, resource_id="android:id/title", text="Update period")
    act(device, "input_text", "", resource_id="android:id/edit")
    tap(device, resource_id="android:id/button2", text="Cancel")
    assert "Request a location update every 5 minutes" in texts(device)
    assert not triggered(device, AD)


# -- LibreNews 1.4 -----------------------------------------------------------------------------
LN22 = "LibreNews-Android#22"
LN23 = "LibreNews-Android#23"
GO = {"resource_id": f"{LNP}:id/startLibreNews", "text": "GO TO LIBRENEWS"}
AUTO = {"resource_id": "android:id/title", "text": "Automatically refresh"}


def _ln_main() -> VirtualDevice:
    device = fresh(LibreNews)
    tap(device, **GO)
    return device


def _ln_server(device: VirtualDevice, url: str) -> None:
    tap(device, resource_id="android:id/title", text="Server")
    act(device, "input_text", url, resource_id="android:id/edit")
    tap(device, resource_id="android:id/button1", text="OK")


def _back(device: VirtualDevice) -> None:
    result = device.execute(Action(kind="press_back"))
    assert result.performed, result.detail


def test_librenews_fresh_install_shows_the_welcome_screen_then_the_settings() -> None:
    device = fresh(LibreNews)
    shown = texts(device)
    assert "About LibreNews" in shown and "GO TO LIBRENEWS" in shown
    tap(device, **GO)
    assert node_text(device, f"{LNP}:id/status_text") == "sync every 5 minutes"
    assert node_text(device, f"{LNP}:id/app_info") == "INFO"
    assert node_text(device, f"{LNP}:id/refresh_button") == "REFRESH"
    for title in ("Server", "Refresh rate", "Channels", "Notifications enabled"):
        assert title in texts(device)
    tap(device, **AUTO)
    assert node_text(device, f"{LNP}:id/status_text") == "sync disabled"
    # the fixed feed was fetched in the background: the flash file holds it
    assert len(device.s["data"]["flash_file"]) == 3


def test_librenews_go_to_librenews_starts_two_main_screens() -> None:
    device = _ln_main()
    _back(device)
    assert "REFRESH" in texts(device)  # the second instance
    _back(device)
    assert "GO TO LIBRENEWS" in texts(device)


def test_librenews_22_refresh_after_a_server_change_crashes_with_the_reports_trace() -> None:
    device = _ln_main()
    _ln_server(device, "xxyyzz")
    assert node_text(device, f"{LNP}:id/status_text") == "server must be HTTPS"
    assert not triggered(device, LN22)
    tap(device, resource_id=f"{LNP}:id/refresh_button")
    assert triggered(device, LN22) and not triggered(device, LN23)
    log = _crash_log(device)
    assert "java.lang.ArrayIndexOutOfBoundsException: length=0; index=0" in log
    assert "FlashManager.convertFlashesToOutputString(FlashManager.java:184)" in log


def test_librenews_22_refresh_without_a_server_change_fetches_the_feed() -> None:
    device = _ln_main()
    tap(device, **AUTO)
    tap(device, resource_id=f"{LNP}:id/refresh_button")
    assert not triggered(device, LN22)
    assert len(device.s["data"]["flash_file"]) == 3


def test_librenews_22_a_main_screen_created_after_the_change_refreshes_fine() -> None:
    device = _ln_main()
    _ln_server(device, "xxyyzz")
    tap(device, resource_id=f"{LNP}:id/app_info")
    tap(device, **GO)
    tap(device, resource_id=f"{LNP}:id/refresh_button")
    assert not triggered(device, LN22)


def test_librenews_22_cancelling_the_server_dialog_then_refresh_is_fine() -> None:
    device = _ln_main()
    tap(device, resource_id="android:id/title", text="Server")
    act(device, "input_text", "xxyyzz", resource_id="android:id/edit")
    tap(device, resource_id="android:id/button2", text="Cancel")
    tap(device, resource_id=f"{LNP}:id/refresh_button")
    assert not triggered(device, LN22)


def test_librenews_23_toggle_after_back_from_a_second_main_screen_crashes() -> None:
    device = _ln_main()
    _back(device)
    tap(device, **AUTO)
    assert triggered(device, LN23) and not triggered(device, LN22)
    log = _crash_log(device)
    assert "View.getContext()' on a null object reference" in log
    assert (
        "SettingsActivityFragment.onSharedPreferenceChanged(SettingsActivityFragment.java:26)"
        in (log)
    )


def test_librenews_23_toggles_with_every_screen_alive_do_not_crash() -> None:
    device = _ln_main()
    tap(device, **AUTO)
    tap(device, **AUTO)
    tap(device, resource_id=f"{LNP}:id/app_info")
    tap(device, **GO)
    tap(device, **AUTO)
    assert not triggered(device, LN23)


def test_librenews_23_other_preferences_skip_the_dead_fragment() -> None:
    device = _ln_main()
    tap(device, resource_id=f"{LNP}:id/app_info")
    tap(device, **GO)
    _back(device)
    tap(device, resource_id="android:id/title", text="Notifications enabled")
    _ln_server(device, "https://example.org/api")
    assert node_text(device, f"{LNP}:id/status_text") == "notifications disabled"
    assert not triggered(device, LN23)


def test_librenews_23_a_new_process_forgets_the_dead_listeners() -> None:
    device = _ln_main()
    _back(device)
    device.force_stop()
    device.launch_app()
    tap(device, **AUTO)
    assert not triggered(device, LN23)
