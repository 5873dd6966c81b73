"""Catalog batch m4: AnyMemo#440, FirefoxLite#5085. Every catalog bug's human steps are replayed by
``tests/test_catalog_human_steps.py``; here: the screens on the way carry the real ids and texts,
the crash block has the bug's exception, and plausible wrong sequences do not trigger the bug."""

from __future__ import annotations

from device_agent.virtual.catalog.anymemo import PACKAGE as AMP
from device_agent.virtual.catalog.anymemo import AnyMemo10100, AnyMemo10101
from device_agent.virtual.catalog.firefoxlite import PACKAGE as FLP
from device_agent.virtual.catalog.firefoxlite import FirefoxLite
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

ALLOW = "com.android.permissioncontroller:id/permission_allow_button"
AM = "AnyMemo#440"


def _crash_log(device: VirtualDevice) -> str:
    return "\n".join(device.read_logcat(0, ("crash",)).lines)


def _crashed(device: VirtualDevice, package: str) -> bool:
    return any(c["package"] == package for c in device.system_records()["crashes"])


# -- AnyMemo#440 ---------------------------------------------------------------------------------


def _am_quiz_dialog(app: type = AnyMemo10101) -> VirtualDevice:
    device = fresh(app)
    tap(device, resource_id="android:id/button1", text="OK")
    tap(device, resource_id=ALLOW)
    tap(device, resource_id=f"{AMP}:id/recent_item_more_button", text="MORE")
    tap(device, resource_id=f"{AMP}:id/quiz")
    return device


def _am_quiz() -> VirtualDevice:
    device = _am_quiz_dialog()
    tap(device, resource_id=f"{AMP}:id/start_quiz_button", text="Start quiz")
    return device


def test_anymemo_quiz_dialog_has_the_real_ids_and_texts() -> None:
    device = _am_quiz_dialog()
    assert node_text(device, "android:id/alertTitle") == "Quiz"
    assert node_text(device, f"{AMP}:id/quiz_by_group_radio") == "Quiz by group"
    assert node_text(device, f"{AMP}:id/quiz_group_size_title") == "Quiz group size (1-12)"
    assert node_text(device, f"{AMP}:id/quiz_group_size") == "12"
    assert node_text(device, f"{AMP}:id/quiz_group_number_title") == "Quiz group number (1-1)"
    assert node_text(device, f"{AMP}:id/quiz_group_number") == "1"
    assert node_text(device, f"{AMP}:id/shuffle_checkbox") == "Shuffle cards"
    tap(device, resource_id=f"{AMP}:id/quiz_by_range_radio", text="Quiz by range")
    assert node_text(device, f"{AMP}:id/quiz_range_start_size_title") == "Start ordinal (1-12)"
    assert "Quiz group size (1-12)" not in texts(device)
    tap(device, resource_id=f"{AMP}:id/quiz_by_category_radio", text="Quiz by category")
    assert node_text(device, f"{AMP}:id/category_button") == "Select category"


def test_anymemo_quiz_screen_and_its_menu() -> None:
    device = _am_quiz()
    assert node_text(device, f"{AMP}:id/small_title_bar") == "Quiz: 0/12 Rev: 0 ID: 1 "
    assert node_text(device, f"{AMP}:id/question") == "la tête"
    assert "Look up in a dictionary" in texts(device)
    tap(device, content_desc="More options")
    shown = texts(device)
    assert shown[-3:] == ["Paint", "Speak question", "Speak answer"]
    act(device, "press_back")
    tap(device, resource_id=f"{AMP}:id/question")
    assert node_text(device, f"{AMP}:id/answer") == "head"
    tap(device, resource_id=f"{AMP}:id/grade_button_5", text="Remember")
    assert node_text(device, f"{AMP}:id/small_title_bar") == "Quiz: 1/12 Rev: 0 ID: 2 "


def test_anymemo_paint_in_the_quiz_crashes_with_the_null_path() -> None:
    device = _am_quiz()
    tap(device, content_desc="More options")
    tap(device, resource_id=f"{AMP}:id/title", text="Paint")
    assert triggered(device, AM)
    log = _crash_log(device)
    assert "java.lang.RuntimeException: Unable to start activity" in log
    assert "Caused by: java.lang.NullPointerException" in log
    assert "QACardActivity.startInit" in log
    assert "AnyMemo keeps stopping" in texts(device)


def test_anymemo_other_quiz_menu_items_do_not_crash() -> None:
    device = _am_quiz()
    for item in ("Speak question", "Speak answer"):
        tap(device, content_desc="More options")
        tap(device, resource_id=f"{AMP}:id/title", text=item)
    tap(device, resource_id=f"{AMP}:id/menu_lookup")
    assert not _crashed(device, AMP) and not triggered(device, AM)


def test_anymemo_a_whole_quiz_by_category_without_paint_does_not_crash() -> None:
    device = _am_quiz_dialog()
    tap(device, resource_id=f"{AMP}:id/quiz_by_category_radio")
    tap(device, resource_id=f"{AMP}:id/start_quiz_button")
    for _ in range(12):
        tap(device, resource_id=f"{AMP}:id/answer_layout")
        tap(device, resource_id=f"{AMP}:id/grade_button_5")
    assert "Congratulations, you have completed the quiz!" in texts(device)
    assert not triggered(device, AM)


def test_anymemo_learning_instead_of_the_quiz_does_not_crash() -> None:
    device = _am_quiz_dialog()
    act(device, "press_back")  # the quiz dialog is dismissed without starting
    tap(device, resource_id=f"{AMP}:id/recent_item_filename")
    tap(device, resource_id=f"{AMP}:id/show_answer")
    tap(device, resource_id=f"{AMP}:id/grade_button_4")
    assert not _crashed(device, AMP) and not triggered(device, AM)


def test_anymemo_earlier_build_keeps_quiz_unmodelled() -> None:
    device = _am_quiz_dialog(AnyMemo10100)
    assert "Start quiz" not in texts(device)
    assert AM not in [b.bug_id for b in AnyMemo10100.bugs]


# -- FirefoxLite#5085 ----------------------------------------------------------------------------

FL = "FirefoxLite#5085"


def _fl_settings() -> VirtualDevice:
    device = fresh(FirefoxLite)
    tap(device, resource_id=f"{FLP}:id/next", text="OK")
    tap(device, resource_id=f"{FLP}:id/home_fragment_menu_button")
    tap(device, resource_id=f"{FLP}:id/menu_item_text", text="Settings")
    return device


def test_firefoxlite_home_shows_the_spotlight_then_the_menu() -> None:
    device = fresh(FirefoxLite)
    assert node_text(device, f"{FLP}:id/content_services_plateform_onboarding_message") == (
        "Tap to read trending news, plan your next trip and more!"
    )
    tap(device, resource_id=f"{FLP}:id/next", text="OK")
    shown = texts(device)
    for text in ("Content & Services", "Travel", "News", "Game", "YouTube", "Search…"):
        assert text in shown
    assert "Tap to read trending news, plan your next trip and more!" not in shown
    tap(device, resource_id=f"{FLP}:id/home_fragment_menu_button")
    shown = texts(device)
    for text in ("Bookmarks", "Turbo mode", "Night mode", "Clear cache", "Settings", "Exit"):
        assert text in shown
    node_text(device, f"{FLP}:id/menu_preferences")
    node_text(device, f"{FLP}:id/bottom_bar_share")


def test_firefoxlite_settings_and_the_language_dialog() -> None:
    device = _fl_settings()
    shown = texts(device)
    for text in ("Settings", "Language", "System default", "Default search engine", "Google"):
        assert text in shown
    tap(device, resource_id="android:id/title", text="Language")
    assert node_text(device, "android:id/alertTitle") == "Language"
    shown = texts(device)
    for text in ("System default", "Bahasa Indonesia", "English (United States)", "Tiếng Việt"):
        assert text in shown
    assert node_text(device, "android:id/button2") == "Cancel"


def test_firefoxlite_changing_the_language_crashes_on_the_null_arguments() -> None:
    device = _fl_settings()
    tap(device, resource_id="android:id/title", text="Language")
    tap(device, resource_id="android:id/text1", text="Bahasa Indonesia")
    assert triggered(device, FL)
    log = _crash_log(device)
    assert "java.lang.NullPointerException" in log and "Bundle.getString" in log
    assert "SettingsFragment.onCreate(SettingsFragment.kt:53)" in log
    assert "Firefox Lite keeps stopping" in texts(device)


def test_firefoxlite_choosing_the_selected_language_does_not_crash() -> None:
    device = _fl_settings()
    tap(device, resource_id="android:id/title", text="Language")
    tap(device, resource_id="android:id/text1", text="System default")
    assert not _crashed(device, FLP) and not triggered(device, FL)
    assert "Language" in texts(device)


def test_firefoxlite_cancelling_the_language_dialog_does_not_crash() -> None:
    device = _fl_settings()
    tap(device, resource_id="android:id/title", text="Language")
    tap(device, resource_id="android:id/button2", text="Cancel")
    act(device, "press_back")
    assert not _crashed(device, FLP) and not triggered(device, FL)


def test_firefoxlite_changing_the_search_engine_does_not_crash() -> None:
    device = _fl_settings()
    tap(device, resource_id="android:id/title", text="Default search engine")
    tap(device, resource_id="android:id/text1", text="DuckDuckGo")
    assert "DuckDuckGo" in texts(device)
    assert not _crashed(device, FLP) and not triggered(device, FL)


def test_firefoxlite_menu_toggles_then_settings_without_a_language_change() -> None:
    device = fresh(FirefoxLite)
    tap(device, resource_id=f"{FLP}:id/next")
    tap(device, resource_id=f"{FLP}:id/home_fragment_menu_button")
    tap(device, resource_id=f"{FLP}:id/menu_item_text", text="Night mode")
    tap(device, resource_id=f"{FLP}:id/home_fragment_menu_button")
    tap(device, resource_id=f"{FLP}:id/menu_item_text", text="Settings")
    tap(device, resource_id="android:id/title", text="Night mode brightness")
    assert not _crashed(device, FLP) and not triggered(device, FL)
