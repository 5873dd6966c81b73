"""Catalog batch m6: android-obd-reader#22, NewsBlur#1053 (osmdroid#1030 is batch m5's). Every
catalog bug's human steps are replayed by ``tests/test_catalog_human_steps.py``; here: the screens
on the way carry the real ids and texts, the crash block has the bug's exception, and plausible
wrong sequences do not trigger the bug."""

from __future__ import annotations

import pytest

from device_agent.actions import Action
from device_agent.virtual.catalog import find_app_for_bug, load_app
from device_agent.virtual.catalog.newsblur import PACKAGE as NBP
from device_agent.virtual.catalog.newsblur import NewsBlur, url_parses
from device_agent.virtual.catalog.obdreader import PACKAGE as OBD
from device_agent.virtual.catalog.obdreader import ObdReader
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

ALLOW = "com.android.permissioncontroller:id/permission_allow_button"


def _crash_log(device: VirtualDevice) -> str:
    return "\n".join(device.read_logcat(0, ("crash",)).lines)


def _crashed(device: VirtualDevice, package: str) -> bool:
    return any(c["package"] == package for c in device.system_records()["crashes"])


def _do(device: VirtualDevice, kind: str, **kw: str) -> None:
    result = device.execute(Action(kind=kind, **kw))  # type: ignore[arg-type]
    assert result.performed, result.detail


@pytest.mark.parametrize(
    ("name", "bug_id"),
    [
        ("android-obd-reader-22.md", "android-obd-reader#22"),
        ("newsblur-1053.md", "NewsBlur#1053"),
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


# -- android-obd-reader#22 -----------------------------------------------------------------------
OB = "android-obd-reader#22"


def _obd_main() -> VirtualDevice:
    device = fresh(ObdReader)
    assert "You have Bluetooth disabled. Please enable it!" in texts(device)
    _do(device, "press_back")
    return device


def _obd_option(device: VirtualDevice, title: str) -> None:
    tap(device, content_desc="More options")
    tap(device, resource_id="android:id/title", text=title)


def _obd_crashes(device: VirtualDevice) -> list[str]:
    return [c["exception"] for c in device.system_records()["crashes"] if c["package"] == OBD]


def test_obdreader_main_screen_carries_the_real_ids_and_the_mock_service() -> None:
    device = fresh(ObdReader)
    assert "BT is disabled, will use Mock service instead" in texts(device)
    _do(device, "press_back")
    assert "You have Bluetooth disabled. Please enable it!" not in texts(device)
    assert node_text(device, f"{OBD}:id/compass_text") == "N"
    assert node_text(device, f"{OBD}:id/avg_fuel_econ_lbl") == "l/100km"
    assert node_text(device, f"{OBD}:id/run_time_text") == "00:00:00"
    _obd_option(device, "Start Live Data")
    assert node_text(device, f"{OBD}:id/rpm_text") == "0 RPM"
    assert node_text(device, f"{OBD}:id/spd_text") == "0km/h"
    shown = texts(device)
    assert "Reset OBD: " in shown and "Fuel Economy: " in shown and "-1.0 l/100km" in shown


def test_obdreader_second_stop_crashes_with_the_reports_exception() -> None:
    device = _obd_main()
    for title in ("Start Live Data", "Stop Live Data", "Start Live Data"):
        _obd_option(device, title)
        assert not triggered(device, OB)
    _obd_option(device, "Stop Live Data")
    assert triggered(device, OB)
    log = _crash_log(device)
    assert "java.lang.IllegalArgumentException: Service not registered: " in log
    assert "MainActivity.doUnbindService(MainActivity.java:408)" in log
    assert "MainActivity.stopLiveData(MainActivity.java:296)" in log


def test_obdreader_the_menu_follows_the_service_state() -> None:
    device = _obd_main()
    tap(device, content_desc="More options")
    tap(device, resource_id="android:id/title", text="Stop Live Data")  # disabled: nothing
    assert "Get DTC" in texts(device)  # the menu stays open
    _do(device, "press_back")
    _obd_option(device, "Start Live Data")
    tap(device, content_desc="More options")
    tap(device, resource_id="android:id/title", text="Start Live Data")  # disabled now
    _do(device, "press_back")
    _obd_option(device, "Stop Live Data")
    assert not triggered(device, OB) and not _obd_crashes(device)


def test_obdreader_one_start_stop_and_a_restart_do_not_crash() -> None:
    device = _obd_main()
    _obd_option(device, "Start Live Data")
    _obd_option(device, "Stop Live Data")
    _obd_option(device, "Start Live Data")
    _obd_option(device, "Get DTC")  # disabled while running: nothing
    _do(device, "press_back")
    assert "Reset OBD: " in texts(device)
    assert not _obd_crashes(device)


def test_obdreader_get_dtc_without_a_device_toasts_and_returns() -> None:
    device = _obd_main()
    _obd_option(device, "Get DTC")
    assert "No bluetooth device selected!" in texts(device)
    assert node_text(device, f"{OBD}:id/compass_text") == "N"
    _obd_option(device, "Settings")
    assert "Bluetooth Devices" in texts(device)
    assert not _obd_crashes(device)


def test_obdreader_leaving_after_a_stop_is_another_crash_not_this_bug() -> None:
    device = _obd_main()
    _obd_option(device, "Start Live Data")
    _obd_option(device, "Stop Live Data")
    _do(device, "press_back")
    assert _obd_crashes(device) == ["java.lang.RuntimeException"]
    assert "Unable to destroy activity" in _crash_log(device)
    assert not triggered(device, OB)


def test_obdreader_rotating_while_running_rebinds_a_fresh_activity() -> None:
    device = _obd_main()
    _obd_option(device, "Start Live Data")
    _do(device, "rotate", orientation="landscape")
    assert not _obd_crashes(device)
    _do(device, "press_back")  # the re-created activity shows the Bluetooth message again
    _obd_option(device, "Start Live Data")
    _obd_option(device, "Stop Live Data")
    assert not triggered(device, OB)


# -- NewsBlur#1053 -------------------------------------------------------------------------------
NB = "NewsBlur#1053"


def _nb(rid: str) -> str:
    return f"{NBP}:id/{rid}"


def _nb_type(device: VirtualDevice, rid: str, typed: str) -> None:
    act(device, "input_text", typed, resource_id=_nb(rid))


def _nb_login(device: VirtualDevice, server: str | None, username: str = "t") -> None:
    if server is not None:
        tap(device, resource_id=_nb("login_custom_server"), text="I have a custom server")
        _nb_type(device, "login_custom_server_value", server)
    if username:
        _nb_type(device, "login_username", username)
    _nb_type(device, "login_password", "t")
    tap(device, resource_id=_nb("login_button"), text="Log In")


def test_newsblur_login_screen_carries_the_real_ids_and_texts() -> None:
    device = fresh(NewsBlur)
    shown = texts(device)
    for text in ("NewsBlur Logo", "username", "password", "Log In", "I need to register"):
        assert text in shown
    assert "I forgot my password" in shown and "I have a custom server" in shown
    assert _nb("login_custom_server_value") not in device.observe(screenshot=False).hierarchy_xml
    tap(device, resource_id=_nb("login_custom_server"))
    assert "I have a custom server" not in texts(device)
    assert node_text(device, _nb("login_custom_server_value")) == "https://www.newsblur.com"
    tap(device, resource_id=_nb("login_change_to_register"), text="I need to register")
    assert "email address" in texts(device) and "Register" in texts(device)
    tap(device, resource_id=_nb("login_change_to_login"), text="I need to log in!")
    assert "Log In" in texts(device)


def test_newsblur_an_invalid_custom_server_crashes_the_login_task() -> None:
    device = fresh(NewsBlur)
    _nb_login(device, "xx")
    assert triggered(device, NB)
    log = _crash_log(device)
    assert "FATAL EXCEPTION: AsyncTask #1" in log
    assert "java.lang.RuntimeException: An error occurred while executing doInBackground()" in log
    assert "Caused by: java.lang.IllegalArgumentException: unexpected url: xx/api/login" in log
    assert "okhttp3.Request$Builder.url(Request.java:143)" in log
    assert "LoginProgressFragment$LoginTask.doInBackground(LoginProgressFragment.java:83)" in log


def test_newsblur_a_valid_server_fails_the_login_with_a_toast() -> None:
    device = fresh(NewsBlur)
    _nb_login(device, "https://newsblur.example.com")
    assert "There was problem logging in to NewsBlur." in texts(device)
    assert "Log In" in texts(device)  # back on Login
    assert not _crashed(device, NBP)
    _nb_login(device, None)  # the default server
    assert not _crashed(device, NBP) and not triggered(device, NB)


def test_newsblur_without_a_username_log_in_does_nothing() -> None:
    device = fresh(NewsBlur)
    _nb_login(device, "xx", username="")
    assert "Log In" in texts(device)
    assert not _crashed(device, NBP) and not triggered(device, NB)


def test_newsblur_registering_on_a_fresh_install_fails_without_a_crash() -> None:
    device = fresh(NewsBlur)
    tap(device, resource_id=_nb("login_change_to_register"))
    _nb_type(device, "registration_username", "t")
    _nb_type(device, "registration_password", "t")
    _nb_type(device, "registration_email", "t@example.com")
    _do(device, "press_back")  # hides the keyboard over the button bar
    tap(device, resource_id=_nb("registration_button"), text="Register")
    assert "There was problem registering for NewsBlur." in texts(device)
    assert not _crashed(device, NBP) and not triggered(device, NB)


def test_newsblur_the_saved_server_crashes_the_next_login_too() -> None:
    device = fresh(NewsBlur)
    _nb_login(device, "http://[::1")
    assert triggered(device, NB)
    tap(device, resource_id="android:id/aerr_close")
    device.launch_app()
    assert "I have a custom server" in texts(device)
    _nb_login(device, None)  # no address typed: APIManager takes the saved one
    assert "unexpected url: http://[::1/api/login" in _crash_log(device)


def test_newsblur_url_rule_follows_okhttp() -> None:
    assert not url_parses("xx/api/login")
    assert url_parses("https://www.newsblur.com/api/login")
    assert url_parses("HTTP://example.com:8080/api/login")
    assert not url_parses("ftp://example.com/api/login")
    assert not url_parses("http://a b/api/login")
    assert not url_parses("http://example.com:0/api/login")
    assert url_parses("ws://example.com/api/login")
