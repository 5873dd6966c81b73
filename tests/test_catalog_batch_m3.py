"""Catalog batch m3 (issue 13): anglers-log#151, KISS#1481, focus-android#3297. Every catalog
bug's human steps are replayed by ``tests/test_catalog_human_steps.py``; here: the human steps
show the misbehaviour on screen, the screens on the way carry the real ids, and plausible wrong
sequences do not trigger it."""

from __future__ import annotations

from device_agent.actions import Action, Selector
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.catalog import find_app_for_bug, load_app
from device_agent.virtual.catalog.anglerslog import (
    DONE_DESC,
    DRAWER_DESC,
    ERROR_NO_SPOTS,
    LOCATION_DENIED,
    PACKAGE,
    REFRESH_DESC,
    AnglersLog125,
    AnglersLog131,
)
from device_agent.virtual.catalog.focus import Focus70
from device_agent.virtual.catalog.kiss import MENU, Kiss3135
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

AL = "anglers-log#151"
ALLOW = {"resource_id": "com.android.permissioncontroller:id/permission_allow_button"}
DENY = {"resource_id": "com.android.permissioncontroller:id/permission_deny_button"}


def _fields(device: VirtualDevice) -> list[Selector]:
    """Selectors (with bounds) of the ``edit_text`` fields on screen, top to bottom, left to
    right: in the fishing-spot dialog the name, latitude and longitude."""
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    top = tree.top_window()
    assert top is not None
    nodes = [n for n in top.iter() if n.resource_id == f"{PACKAGE}:id/edit_text"]
    return [Selector(resource_id=n.resource_id, bounds=n.bounds) for n in nodes]


def _field_texts(device: VirtualDevice) -> list[str]:
    """The texts of the top window's ``edit_text`` fields (see :func:`_fields`)."""
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    top = tree.top_window()
    assert top is not None
    return [n.text for n in top.iter() if n.resource_id == f"{PACKAGE}:id/edit_text"]


def _type(device: VirtualDevice, target: Selector, text: str) -> None:
    result = device.execute(Action(kind="input_text", target=target, text=text))
    assert result.performed, result.detail


def _new_location_spot_dialog(allow: bool = True) -> VirtualDevice:
    """Fresh install → dismiss the sheet → Locations → new location "Lake Simcoe" → Add
    fishing spot → answer the location permission."""
    device = fresh(AnglersLog125)
    tap(device, text="Dismiss")
    tap(device, content_desc=DRAWER_DESC)
    tap(device, text="Locations")
    tap(device, resource_id=f"{PACKAGE}:id/new_button")
    act(device, "input_text", "Lake Simcoe", resource_id=f"{PACKAGE}:id/edit_text")
    tap(device, resource_id=f"{PACKAGE}:id/primary_button")
    tap(device, **(ALLOW if allow else DENY))
    return device


def _name_and_type(device: VirtualDevice, lat: str, lng: str) -> None:
    name, _, _ = _fields(device)
    _type(device, name, "North Shore")
    _, lat_field, lng_field = _fields(device)
    _type(device, lat_field, lat)
    _type(device, lng_field, lng)


def _spot_subtitle(device: VirtualDevice) -> str:
    return node_text(device, f"{PACKAGE}:id/subtitle_text_view")


def test_the_apk_name_picks_1_2_5_and_the_bug_is_declared_there_only() -> None:
    assert isinstance(load_app("anglers-log_v1.2.5.apk"), AnglersLog125)
    assert isinstance(load_app("anglers-log"), AnglersLog131)  # the newest build
    assert find_app_for_bug(AL) is AnglersLog125
    assert find_app_for_bug("anglers-log#347") is AnglersLog131
    assert [b.bug_id for b in AnglersLog125.bugs] == [AL]


def test_fresh_install_shows_the_instabug_sheet_until_dismissed() -> None:
    device = fresh(AnglersLog125)
    shown = texts(device)
    assert "Bugs & Suggestions" in shown and "Dismiss" in shown
    node_text(device, f"{PACKAGE}:id/description_text_view")
    tap(device, resource_id=f"{PACKAGE}:id/close_button")
    assert "Bugs & Suggestions" not in texts(device)
    device.execute(Action(kind="press_home"))
    device.launch_app()
    assert "Bugs & Suggestions" not in texts(device)  # a preference: it stays dismissed


def test_human_steps_show_the_map_centre_instead_of_the_typed_coordinates() -> None:
    device = fresh(AnglersLog125)
    for step in AnglersLog125().bug(AL).human_steps:
        assert device.execute(Action.from_json(step)).performed
    assert triggered(device, AL)
    # back on the location's add screen, the spot shows the GPS fix, not 44.4, -79.3
    assert node_text(device, f"{PACKAGE}:id/title_text_view") == "North Shore"
    assert _spot_subtitle(device) == "37.421998, -122.084000"


def test_the_spot_dialog_has_the_real_ids_and_follows_the_gps_fix() -> None:
    device = _new_location_spot_dialog()
    for rid in (
        "toolbar_view",
        "back_button",
        "done_button",
        "fishing_spot_map",
        "crosshairs",
        "latitude_layout",
        "longitude_layout",
        "coordinate_refresh_button",
    ):
        node_text(device, f"{PACKAGE}:id/{rid}")
    shown = texts(device)
    assert {"Latitude", "Longitude", "Select map type", REFRESH_DESC, DONE_DESC} <= set(shown)
    assert _field_texts(device)[1:] == ["37.421998", "-122.084000"]


def test_syncing_before_saving_keeps_the_typed_coordinates() -> None:
    device = _new_location_spot_dialog()
    _name_and_type(device, "44.4", "-79.3")
    device.execute(Action(kind="press_back"))  # hide the keyboard, which covers the button
    tap(device, resource_id=f"{PACKAGE}:id/coordinate_refresh_button")
    tap(device, resource_id=f"{PACKAGE}:id/done_button")
    assert _spot_subtitle(device) == "44.400000, -79.300000"
    assert not triggered(device, AL)


def test_saving_the_gps_fix_untouched_is_not_the_bug() -> None:
    device = _new_location_spot_dialog()
    name, _, _ = _fields(device)
    _type(device, name, "North Shore")
    tap(device, resource_id=f"{PACKAGE}:id/done_button")
    assert _spot_subtitle(device) == "37.421998, -122.084000"
    assert not triggered(device, AL)


def test_typing_then_going_back_saves_nothing() -> None:
    device = _new_location_spot_dialog()
    _name_and_type(device, "44.4", "-79.3")
    tap(device, resource_id=f"{PACKAGE}:id/back_button")
    assert "North Shore" not in texts(device)
    assert not triggered(device, AL)
    tap(device, content_desc="Done")  # the location without a spot is refused
    assert ERROR_NO_SPOTS in texts(device)


def test_letters_typed_into_a_coordinate_are_dropped_and_nothing_valid_is_lost() -> None:
    device = _new_location_spot_dialog()
    _name_and_type(device, "test", "test")
    assert _field_texts(device)[1:] == ["", ""]  # a signed-decimal field takes no letters
    tap(device, resource_id=f"{PACKAGE}:id/done_button")
    assert not triggered(device, AL)


def test_denying_the_location_leaves_the_map_at_zero_and_the_typed_values_are_still_lost() -> None:
    device = _new_location_spot_dialog(allow=False)
    assert LOCATION_DENIED in texts(device)
    tap(device, text="OK")
    _name_and_type(device, "44.4", "-79.3")
    tap(device, resource_id=f"{PACKAGE}:id/done_button")
    assert _spot_subtitle(device) == "0.000000, 0.000000"
    assert triggered(device, AL)


def test_saved_location_is_listed_and_its_spot_edits_start_from_the_stored_coordinates() -> None:
    device = _new_location_spot_dialog()
    name, _, _ = _fields(device)
    _type(device, name, "North Shore")
    tap(device, resource_id=f"{PACKAGE}:id/done_button")
    tap(device, content_desc="Done")
    assert "Successfully added location" in texts(device)
    assert "1 Fishing Spot" in texts(device)
    tap(device, text="Lake Simcoe")
    assert "North Shore" in texts(device)  # the details' fishing-spot spinner
    tap(device, content_desc="Edit")
    tap(device, text="North Shore")
    assert _field_texts(device)[1:] == ["37.421998", "-122.084000"]
    assert not triggered(device, AL)


# -- KISS#1481 ---------------------------------------------------------------------------------

KISS = "KISS#1481"
KP = "fr.neamar.kiss"


def _kiss_settings(*switches: str, favorites_screen: tuple[str, ...] = ()) -> VirtualDevice:
    """Fresh KISS → Menu → KISS settings → flip ``favorites_screen`` switches under Favorites
    settings and ``switches`` under User experience → back home."""
    device = fresh(Kiss3135)
    tap(device, content_desc="Menu")
    tap(device, text="KISS settings")
    if favorites_screen:
        tap(device, text="Favorites settings")
        for title in favorites_screen:
            tap(device, resource_id="android:id/title", text=title)
        device.execute(Action(kind="press_back"))
    tap(device, text="User experience")
    for title in switches:  # by the row's title: a category is also named "Minimalistic UI"
        tap(device, resource_id="android:id/title", text=title)
    device.execute(Action(kind="press_back"))
    device.execute(Action(kind="press_back"))
    return device


def _tap_home(device: VirtualDevice) -> None:
    tap(device, resource_id=f"{KP}:id/widgetLayout")


def _favorites_shown(device: VirtualDevice) -> list[str]:
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    return [n.content_desc for n in tree.iter() if n.resource_id == f"{KP}:id/favorite"]


def test_kiss_is_found_by_apk_name_and_package() -> None:
    assert isinstance(load_app("KISS_v3.13.5.apk"), Kiss3135)
    assert isinstance(load_app(KP), Kiss3135)
    assert find_app_for_bug(KISS) is Kiss3135


def test_kiss_fresh_install_shows_intro_default_favorites_and_search_bar() -> None:
    device = fresh(Kiss3135)
    shown = texts(device)
    assert "Start searching for anything" in shown
    assert _favorites_shown(device) == ["Phone", "Contacts", "Chrome", "Messages"]
    for rid in ("launcherButton", "searchEditText", "menuButton", "externalFavoriteBar"):
        node_text(device, f"{KP}:id/{rid}")
    tap(device, content_desc="Menu")
    assert [t for t in texts(device) if t in MENU] == list(MENU)


def test_kiss_human_steps_leave_the_favorites_bar_hidden_after_the_tap() -> None:
    device = fresh(Kiss3135)
    for step in Kiss3135().bug(KISS).human_steps:
        assert device.execute(Action.from_json(step)).performed
    assert triggered(device, KISS)
    assert _favorites_shown(device) == []  # the visible misbehaviour
    assert device.observe(screenshot=False).activity.endswith(".MainActivity")


def test_kiss_app_list_long_press_adds_a_favorite() -> None:
    device = fresh(Kiss3135)
    tap(device, content_desc="Display app list")
    assert "Calculator" in texts(device) and _favorites_shown(device) == []
    act(device, "long_click", text="Calculator")
    assert "Add to favorites" in texts(device) and "Remove favorite" not in texts(device)
    tap(device, text="Add to favorites")
    device.execute(Action(kind="press_back"))
    assert _favorites_shown(device)[-1] == "Calculator"


def test_kiss_dependent_switches_are_disabled_until_minimalistic_ui() -> None:
    device = fresh(Kiss3135)
    tap(device, content_desc="Menu")
    tap(device, text="KISS settings")
    tap(device, text="User experience")
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    rows = {n.text: n for n in tree.iter() if n.resource_id == "android:id/title"}
    assert not rows["Hide favorites bar initially"].enabled
    assert not rows["Show history on touch"].enabled and rows["Minimalistic UI"].enabled
    tap(device, resource_id="android:id/title", text="Minimalistic UI")
    tap(device, resource_id="android:id/title", text="Hide favorites bar initially")
    device.execute(Action(kind="press_back"))
    device.execute(Action(kind="press_back"))
    assert _favorites_shown(device) == []  # hidden initially, as the switch says


def test_kiss_with_show_history_on_touch_the_tap_shows_the_bar() -> None:
    device = _kiss_settings(
        "Minimalistic UI", "Show history on touch", "Hide favorites bar initially"
    )
    assert _favorites_shown(device) == []
    _tap_home(device)
    assert _favorites_shown(device) == ["Phone", "Contacts", "Chrome", "Messages"]
    assert not triggered(device, KISS)


def test_kiss_minimalistic_ui_alone_keeps_the_bar() -> None:
    device = _kiss_settings("Minimalistic UI")
    assert _favorites_shown(device)
    _tap_home(device)
    assert not triggered(device, KISS)


def test_kiss_without_the_favorites_bar_setting_no_bar_is_expected() -> None:
    device = _kiss_settings(
        "Minimalistic UI",
        "Hide favorites bar initially",
        favorites_screen=("Show favorites above search bar",),
    )
    _tap_home(device)
    assert _favorites_shown(device) == []
    assert not triggered(device, KISS)


def test_kiss_settings_but_no_tap_is_not_the_bug() -> None:
    device = _kiss_settings("Minimalistic UI", "Hide favorites bar initially")
    tap(device, content_desc="Display app list")
    device.execute(Action(kind="press_back"))
    assert _favorites_shown(device) == []
    assert not triggered(device, KISS)


# -- focus-android#3297 ------------------------------------------------------------------------

FOCUS = "focus-android#3297"
FP = "org.mozilla.focus"


def _add_engine_form() -> VirtualDevice:
    """Fresh Focus → Skip → More options → Settings → Search → Google → + Add another."""
    device = fresh(Focus70)
    tap(device, resource_id=f"{FP}:id/skip")
    tap(device, content_desc="More options")
    tap(device, text="Settings")
    tap(device, resource_id="android:id/title", text="Search")
    tap(device, resource_id="android:id/title", text="Google")
    tap(device, text="+ Add another search engine")
    act(device, "input_text", "Test", resource_id=f"{FP}:id/edit_engine_name")
    return device


def test_focus_is_found_by_the_apk_name_with_its_build_suffix() -> None:
    assert isinstance(load_app("focus-android_v7.0-B1-aarch64.apk"), Focus70)
    assert find_app_for_bug(FOCUS) is Focus70


def test_focus_first_run_pages_then_home_with_the_real_ids() -> None:
    device = fresh(Focus70)
    assert "Power up your privacy" in texts(device)
    for _ in range(3):
        tap(device, resource_id=f"{FP}:id/button", text="Next")
    tap(device, text="OK, got it!")
    for rid in ("urlView", "menuView", "homeViewTipsLabel"):
        node_text(device, f"{FP}:id/{rid}")
    tap(device, content_desc="More options")
    assert {"What's New", "Help", "Settings"} <= set(texts(device))


def test_focus_human_steps_drop_the_form_and_land_on_home() -> None:
    device = fresh(Focus70)
    for step in Focus70().bug(FOCUS).human_steps:
        assert device.execute(Action.from_json(step)).performed
    assert triggered(device, FOCUS)
    shown = texts(device)
    assert "Search or enter address" in shown and "Add search engine" not in shown
    assert device.observe(screenshot=False).activity.endswith(".MainActivity")


def test_focus_learn_more_shows_the_sumo_page_and_finishes_the_settings() -> None:
    device = _add_engine_form()
    node_text(device, f"{FP}:id/edit_search_string")
    tap(device, content_desc="Learn more")
    assert node_text(device, f"{FP}:id/display_url").endswith("/add-search-engine")
    assert not triggered(device, FOCUS)  # not yet: the page is shown, Back is the test
    tap(device, content_desc="Erase browsing history")  # erasing lands home: its job
    assert "Search or enter address" in texts(device)
    assert not triggered(device, FOCUS)


def test_focus_back_from_the_form_returns_to_the_engines_list() -> None:
    device = _add_engine_form()
    tap(device, content_desc="Navigate up")  # the form's close icon
    assert "Installed search engines" in texts(device)
    assert not triggered(device, FOCUS)


def test_focus_saving_an_engine_adds_it_without_the_bug() -> None:
    device = _add_engine_form()
    act(device, "input_text", "example.com/search/?q=%s", resource_id=f"{FP}:id/edit_search_string")
    tap(device, resource_id=f"{FP}:id/menu_save_search_engine")
    assert "Test" in texts(device) and "Installed search engines" in texts(device)
    assert not triggered(device, FOCUS)


def test_focus_browsing_a_typed_address_then_back_is_not_the_bug() -> None:
    device = fresh(Focus70)
    tap(device, resource_id=f"{FP}:id/skip")
    act(device, "input_text", "example.com", resource_id=f"{FP}:id/urlView")
    device.execute(Action(kind="press_enter"))
    assert node_text(device, f"{FP}:id/display_url") == "example.com"
    device.execute(Action(kind="press_back"))
    assert "Search or enter address" in texts(device)
    assert not triggered(device, FOCUS)
