"""Catalog batch m2: AntennaPod, Memento-Calendar and fastnfitness. Every catalog bug's human
steps are replayed by ``tests/test_catalog_human_steps.py``; here: the screens on the way carry
the real ids and texts, a crash block has the report's exception, and plausible wrong sequences
do not trigger the bug."""

from __future__ import annotations

from device_agent.actions import Action
from device_agent.virtual.catalog.antennapod import PACKAGE as APP
from device_agent.virtual.catalog.antennapod import AntennaPod380
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

AP_MENU = "AntennaPod#7611"
AP_FYYD = "AntennaPod#7866"


def _do(device: VirtualDevice, **fields: str) -> None:
    result = device.execute(Action(**fields))  # type: ignore[arg-type]
    assert result.performed, result.detail


def _ap_statistics() -> VirtualDevice:
    device = fresh(AntennaPod380)
    tap(device, resource_id=f"{APP}:id/bottom_navigation_subscriptions")
    tap(device, resource_id=f"{APP}:id/action_statistics")
    return device


def _ap_add_podcast() -> VirtualDevice:
    device = fresh(AntennaPod380)
    tap(device, resource_id=f"{APP}:id/bottom_navigation_more")
    tap(device, resource_id=f"{APP}:id/titleLabel", text="Add podcast")
    return device


def test_antennapod_first_start_shows_home_and_the_bottom_navigation() -> None:
    device = fresh(AntennaPod380)
    shown = texts(device)
    for text in ("Home", "Welcome to AntennaPod!", "Queue", "Inbox", "Subscriptions", "More"):
        assert text in shown
    tap(device, resource_id=f"{APP}:id/bottom_navigation_more")
    shown = texts(device)
    for text in ("Episodes", "Downloads", "Playback history", "Add podcast", "Settings"):
        assert text in shown
    _do(device, kind="press_back")
    tap(device, resource_id=f"{APP}:id/bottom_navigation_subscriptions")
    assert node_text(device, f"{APP}:id/emptyViewTitle") == "No subscriptions"
    node_text(device, f"{APP}:id/subscriptions_add")


def test_antennapod_statistics_screen_has_the_tabs_and_the_subscriptions_menu() -> None:
    device = _ap_statistics()
    shown = texts(device)
    for text in ("Statistics", "Back", "Subscriptions", "Years", "Downloads", "Filter"):
        assert text in shown
    assert node_text(device, f"{APP}:id/total_time") == "0.0 hours"
    tap(device, content_desc="More options")
    tap(device, text="Reset statistics data")
    assert "Are you sure you want to proceed?" in " ".join(texts(device))
    tap(device, resource_id="android:id/button2", text="Cancel")
    tap(device, resource_id=f"{APP}:id/statistics_filter")
    assert node_text(device, "android:id/alertTitle") == "Filter"
    assert not triggered(device, AP_MENU)


def test_antennapod_first_tab_tap_keeps_the_previous_pages_menu() -> None:
    device = _ap_statistics()
    tap(device, text="Downloads", class_name="android.widget.TextView")
    assert triggered(device, AP_MENU)
    assert "Filter" in texts(device)  # the Downloads page shows no Filter
    assert node_text(device, f"{APP}:id/total_description").startswith("Total size of 0")


def test_antennapod_swiping_to_a_page_prepares_its_menu() -> None:
    device = _ap_statistics()
    _do(device, kind="swipe", direction="left")
    assert "Filter" not in texts(device) and "More options" in texts(device)
    _do(device, kind="swipe", direction="left")
    assert "Filter" not in texts(device) and "More options" not in texts(device)
    assert not triggered(device, AP_MENU)


def test_antennapod_tapping_a_page_shown_before_prepares_its_menu() -> None:
    device = _ap_statistics()
    _do(device, kind="swipe", direction="left")  # Years, laid out by the drag
    tap(device, text="Subscriptions", class_name="android.widget.TextView")
    tap(device, text="Years", class_name="android.widget.TextView")
    assert "Filter" not in texts(device)
    tap(device, text="Subscriptions", class_name="android.widget.TextView")
    assert "Filter" in texts(device)
    assert not triggered(device, AP_MENU)


def test_antennapod_add_podcast_screen_has_the_real_entries() -> None:
    device = _ap_add_podcast()
    shown = texts(device)
    for text in (
        "Add podcast by RSS address",
        "Add local folder",
        "Search Apple Podcasts",
        "Search fyyd",
        "Search Podcast Index",
        "Search podcast…",
    ):
        assert text in shown
    node_text(device, f"{APP}:id/combinedFeedSearchEditText")
    _do(device, kind="swipe", direction="up")
    assert "Import podcast list (OPML)" in texts(device)


def test_antennapod_fyyd_search_shows_the_reports_error() -> None:
    device = _ap_add_podcast()
    tap(device, resource_id=f"{APP}:id/searchFyydButton")
    assert node_text(device, f"{APP}:id/search_powered_by") == "Results by fyyd"
    assert not triggered(device, AP_FYYD)  # opening the search screen alone
    act(device, "input_text", "Serious Trouble", resource_id=f"{APP}:id/search_src_text")
    _do(device, kind="press_enter")
    assert triggered(device, AP_FYYD)
    error = node_text(device, f"{APP}:id/txtvError")
    assert error.startswith("java.lang.IllegalArgumentException: Unable to create call adapter")
    assert "Retry" in texts(device)


def test_antennapod_other_providers_and_the_combined_search_find_podcasts() -> None:
    device = _ap_add_podcast()
    tap(device, resource_id=f"{APP}:id/searchItunesButton")
    act(device, "input_text", "Future Knowledge", resource_id=f"{APP}:id/search_src_text")
    _do(device, kind="press_enter")
    assert node_text(device, f"{APP}:id/txtvTitle") == "Future Knowledge"
    tap(device, content_desc="Back")
    act(device, "input_text", "Serious", resource_id=f"{APP}:id/combinedFeedSearchEditText")
    _do(device, kind="press_enter")
    assert node_text(device, f"{APP}:id/txtvTitle") == "Serious Trouble"
    assert "Results by fyyd, Apple, Podcast Index" in texts(device)
    assert not triggered(device, AP_FYYD)


def test_antennapod_leaving_the_fyyd_search_before_submitting_does_not_fail() -> None:
    device = _ap_add_podcast()
    tap(device, resource_id=f"{APP}:id/searchFyydButton")
    act(device, "input_text", "Future Knowledge", resource_id=f"{APP}:id/search_src_text")
    tap(device, content_desc="Collapse")
    assert "Search fyyd" in texts(device)
    assert not triggered(device, AP_FYYD)
