"""Catalog batch m1 (issue 13): gpstest#404, kiwix-android#990, gnucash-android#664. Every
catalog bug's human steps are replayed by ``tests/test_catalog_human_steps.py``; here: the
screens on the way carry the real ids, and plausible wrong sequences do not trigger the bug."""

from __future__ import annotations

from device_agent.actions import Action
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.catalog.gnucash import PACKAGE as GNUCASH
from device_agent.virtual.catalog.gnucash import GnuCash215
from device_agent.virtual.catalog.gpstest import PACKAGE as GPS
from device_agent.virtual.catalog.gpstest import GpsTest364
from device_agent.virtual.catalog.kiwix import PACKAGE as KIWIX
from device_agent.virtual.catalog.kiwix import Kiwix24
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import fresh, node_text, tap, texts, triggered

GT = "gpstest#404"
ALLOW = "com.android.permissioncontroller:id/permission_allow_button"
DENY = "com.android.permissioncontroller:id/permission_deny_button"
LOG_TOAST = "Logging to new file: /storage/emulated/0/gnss_log/gnss_log_2020_05_07_09_06_1"


def _log_toasts(device: VirtualDevice) -> list[str]:
    return [t for t in texts(device) if t.startswith(LOG_TOAST)]


def _gps_started() -> VirtualDevice:
    """A fresh install with the location permission granted and What's New closed."""
    device = fresh(GpsTest364)
    tap(device, resource_id=ALLOW)
    assert "What's New?" in texts(device)
    tap(device, text="Close")
    return device


def _open(device: VirtualDevice, item: str) -> None:
    tap(device, content_desc="Open navigation drawer")
    tap(device, resource_id=f"{GPS}:id/title", text=item)


def _output_screen(device: VirtualDevice) -> None:
    _open(device, "Settings")
    for _ in range(2):
        result = device.execute(Action(kind="swipe", direction="up"))
        assert result.performed, result.detail
    tap(device, resource_id="android:id/title", text="Logging and Output")


def _enable_nmea_file_log(device: VirtualDevice, allow: bool = True) -> None:
    _output_screen(device)
    tap(device, resource_id="android:id/title", text="NMEA")
    tap(device, resource_id=ALLOW if allow else DENY)


def _rotate(device: VirtualDevice, orientation: str = "landscape") -> None:
    result = device.execute(Action(kind="rotate", orientation=orientation))
    assert result.performed, result.detail


def _back(device: VirtualDevice) -> None:
    assert device.execute(Action(kind="press_back")).performed


def test_fresh_install_asks_for_location_then_shows_whats_new_and_the_real_toolbar() -> None:
    device = fresh(GpsTest364)
    assert "Allow GPSTest to access this device's location?" in texts(device)
    tap(device, resource_id=ALLOW)
    shown = texts(device)
    assert shown[:4] == ["Open navigation drawer", "Status", "Sort by", "Share"]
    assert "What's New?" in shown
    tap(device, text="Close")
    assert node_text(device, f"{GPS}:id/latitude") == "28.0586800 \u00b0"
    node_text(device, f"{GPS}:id/gps_switch")
    tap(device, content_desc="Open navigation drawer")
    shown = texts(device)
    for entry in (
        "Status",
        "Map",
        "Sky",
        "Accuracy",
        "Modify assist data",
        "Clear assist data",
        "Visit us on GitHub",
        "Settings",
        "Help",
        "Send feedback",
    ):
        assert entry in shown
    tap(device, resource_id=f"{GPS}:id/title", text="Accuracy")
    assert node_text(device, f"{GPS}:id/set_ground_truth1") == "Measure accuracy"
    node_text(device, f"{GPS}:id/ground_truth_lat_text")
    assert not triggered(device, GT)


def test_denying_location_shows_the_rationale_and_ok_asks_again() -> None:
    device = fresh(GpsTest364)
    tap(device, resource_id=DENY)
    assert "Need location permission" in texts(device)
    tap(device, resource_id="android:id/button1", text="OK")
    tap(device, resource_id=ALLOW)
    assert "What's New?" in texts(device)


def test_enabling_file_logging_starts_one_log_and_rotating_starts_another() -> None:
    device = _gps_started()
    _enable_nmea_file_log(device)
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    boxes = [n.checked for n in tree.iter() if n.resource_id == "android:id/checkbox"]
    assert boxes[:4] == [True, False, False, False]  # File Output: NMEA ticked
    _back(device)
    _back(device)
    assert len(_log_toasts(device)) == 1 and not triggered(device, GT)
    _open(device, "Accuracy")
    _rotate(device)
    assert _log_toasts(device) == [f"{LOG_TOAST}3.txt"]
    assert triggered(device, GT)


def test_rotating_without_file_logging_starts_no_log() -> None:
    device = _gps_started()
    _open(device, "Accuracy")
    _rotate(device)
    _rotate(device, "portrait")
    assert not _log_toasts(device) and not triggered(device, GT)


def test_rotating_in_settings_before_the_first_log_starts_only_that_log() -> None:
    device = _gps_started()
    _enable_nmea_file_log(device)
    _rotate(device)  # Settings is re-created; GpsTestActivity is re-created on return
    _back(device)
    _back(device)
    assert len(_log_toasts(device)) == 1
    assert not triggered(device, GT)


def test_denied_storage_or_leaving_through_home_starts_no_second_log() -> None:
    device = _gps_started()
    _enable_nmea_file_log(device, allow=False)
    _back(device)
    _back(device)
    _rotate(device)
    assert not _log_toasts(device) and not triggered(device, GT)

    device = _gps_started()
    _enable_nmea_file_log(device)
    _back(device)
    _back(device)
    _open(device, "Accuracy")
    assert device.execute(Action(kind="press_home")).performed
    device.launch_app()
    assert not _log_toasts(device) and not triggered(device, GT)


# -- kiwix-android#990 ---------------------------------------------------------------------------
KW = "kiwix-android#990"


def _downloading(rotate_first: str = "") -> VirtualDevice:
    """Kiwix from a fresh install: (optionally rotate on the help page), Get Content, Online,
    start downloading "Ray Charles"."""
    device = fresh(Kiwix24)
    if rotate_first:
        _rotate(device, rotate_first)
    tap(device, resource_id=f"{KIWIX}:id/get_content_card")
    tap(device, text="ONLINE")
    tap(device, resource_id=f"{KIWIX}:id/title", text="Ray Charles")
    return device


def test_kiwix_help_page_library_and_download_row_carry_the_real_ids() -> None:
    device = fresh(Kiwix24)
    assert texts(device)[:2] == ["Kiwix", "More options"]
    tap(device, content_desc="More options")
    assert [t for t in texts(device) if t in ("Bookmarks", "Get Content", "Help", "Settings")][
        -4:
    ] == ["Bookmarks", "Get Content", "Help", "Settings"]
    _back(device)
    tap(device, resource_id=f"{KIWIX}:id/get_content_card")
    assert texts(device)[:5] == ["Navigate up", "Library", "DEVICE", "ONLINE", "DOWNLOADING"]
    assert node_text(device, f"{KIWIX}:id/file_management_no_files") == "No files here"
    tap(device, text="DOWNLOADING")
    assert "No downloads here" in texts(device)
    tap(device, text="ONLINE")
    assert "Selected languages:" in texts(device)
    node_text(device, f"{KIWIX}:id/select_language")
    assert node_text(device, f"{KIWIX}:id/fileName") == "wikipedia_en_ray_charles_2018-07"
    tap(device, resource_id=f"{KIWIX}:id/title", text="Ray Charles")
    shown = texts(device)
    assert "Download started\u2026" in shown and "3 min left" in shown
    node_text(device, f"{KIWIX}:id/pause")
    node_text(device, f"{KIWIX}:id/stop")


def test_kiwix_rotated_library_crashes_on_pause_with_the_npe_in_logcat() -> None:
    device = _downloading()
    _rotate(device)
    tap(device, resource_id=f"{KIWIX}:id/pause")
    assert triggered(device, KW)
    crash = "\n".join(device.read_logcat().lines)
    assert "java.lang.NullPointerException: Attempt to invoke virtual method 'void " in crash
    assert "DownloadService.pauseDownload(DownloadService.java:272)" in crash


def test_kiwix_pausing_without_a_rotation_pauses_and_resumes() -> None:
    device = _downloading()
    tap(device, resource_id=f"{KIWIX}:id/pause")
    assert "3 min left" not in texts(device)
    tap(device, resource_id=f"{KIWIX}:id/pause")
    assert "3 min left" in texts(device) and not triggered(device, KW)


def test_kiwix_library_opened_in_landscape_or_reopened_after_rotating_pauses_fine() -> None:
    device = _downloading(rotate_first="landscape")  # the library starts in landscape
    tap(device, resource_id=f"{KIWIX}:id/pause")
    assert not triggered(device, KW)

    device = _downloading()
    _rotate(device)
    tap(device, content_desc="Navigate up")
    tap(device, resource_id=f"{KIWIX}:id/get_content_card")  # a fresh library
    tap(device, text="DOWNLOADING")
    tap(device, resource_id=f"{KIWIX}:id/stop")
    assert "Stop download?" in texts(device)
    tap(device, text="Yes")
    assert "No downloads here" in texts(device) and not triggered(device, KW)


# -- gnucash-android#664 -------------------------------------------------------------------------
GC = "gnucash-android#664"
NEXT = f"{GNUCASH}:id/btn_save"


def _through_wizard(rotate_on_page: int = -1) -> VirtualDevice:
    """GnuCash from a fresh install through the first-run wizard with its defaults ("Disable
    crash reports" for the one required choice), What's New dismissed; optionally rotating to
    landscape and back on wizard page ``rotate_on_page``."""
    device = fresh(GnuCash215)
    for page in range(4):
        if page == rotate_on_page:
            _rotate(device)
            _rotate(device, "portrait")
        if page == 3:
            tap(device, text="Disable crash reports")
        tap(device, resource_id=NEXT)
    assert "Review" in texts(device)
    tap(device, resource_id=NEXT, text="Done")
    tap(device, text="Dismiss")
    return device


def test_gnucash_wizard_pages_and_accounts_carry_the_real_ids() -> None:
    device = fresh(GnuCash215)
    assert texts(device)[:2] == ["Setup GnuCash", "Welcome to GnuCash"]
    tap(device, resource_id=NEXT)
    assert node_text(device, "android:id/title") == "Default Currency"
    tap(device, text="Other\u2026")
    tap(device, resource_id=NEXT)
    assert node_text(device, "android:id/title") == "Select Currency"
    tap(device, resource_id=f"{GNUCASH}:id/btn_cancel", text="Back")
    tap(device, text="USD")
    tap(device, resource_id=NEXT)
    tap(device, resource_id=NEXT)
    assert node_text(device, "android:id/title") == "Feedback Options"
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    assert [n.enabled for n in tree.iter() if n.resource_id == NEXT] == [False]
    tap(device, text="Disable crash reports")
    tap(device, resource_id=NEXT)
    tap(device, resource_id=NEXT, text="Done")
    shown = texts(device)
    assert shown[:6] == [
        "Navigation drawer opened",
        "Accounts",
        "Search",
        "RECENT",
        "ALL",
        "FAVORITES",
    ]
    assert "What's New" in shown and "GRANT" in shown
    tap(device, text="Dismiss")
    names = [
        t for t in texts(device) if t in ("Assets", "Equity", "Expenses", "Income", "Liabilities")
    ]
    assert names == ["Assets", "Equity", "Expenses", "Income", "Liabilities"]
    node_text(device, f"{GNUCASH}:id/fab_create_account")
    tap(device, resource_id=f"{GNUCASH}:id/primary_text", text="Expenses")
    assert node_text(device, "android:id/text1") == "Expenses"  # the toolbar spinner
    assert "4 sub-accounts" in texts(device) and "TRANSACTIONS" not in texts(device)
    node_text(device, f"{GNUCASH}:id/transactions_sum")
    tap(device, resource_id=f"{GNUCASH}:id/primary_text", text="Auto")
    assert node_text(device, "android:id/text1") == "Expenses:Auto"
    assert "TRANSACTIONS" in texts(device)  # Auto is no placeholder: it has a Transactions tab
    assert not triggered(device, GC)


def test_gnucash_rotating_an_account_s_transactions_crashes_with_the_npe() -> None:
    device = _through_wizard()
    tap(device, resource_id=f"{GNUCASH}:id/primary_text", text="Income")
    _rotate(device)
    assert triggered(device, GC)
    crash = "\n".join(device.read_logcat().lines)
    assert "setCompoundDrawablesWithIntrinsicBounds(int, int, int, int)' on a null" in crash
    assert "TransactionsActivity$1.onItemSelected(TransactionsActivity.java:147)" in crash


def test_gnucash_rotating_the_wizard_or_the_accounts_list_does_not_crash() -> None:
    device = _through_wizard(rotate_on_page=2)
    _rotate(device)
    _rotate(device, "portrait")
    assert "Expenses" in texts(device)
    tap(device, resource_id=f"{GNUCASH}:id/primary_text", text="Expenses")
    _back(device)  # back on the accounts list, then rotate there
    _rotate(device)
    assert "RECENT" in texts(device) and not triggered(device, GC)
