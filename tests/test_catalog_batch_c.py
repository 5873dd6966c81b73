"""Catalog batch C (issue 13): microMathematics#39, privacy-friendly-weather#61, Transportr#972,
markor#1020. Every catalog
bug's human steps are replayed by ``tests/test_catalog_human_steps.py``; here: the screens on the
way carry the real ids, and plausible wrong sequences do not trigger the bug."""

from __future__ import annotations

from device_agent.actions import Action, Selector
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.catalog.markor import PACKAGE as MARKOR
from device_agent.virtual.catalog.markor import Markor232
from device_agent.virtual.catalog.micromath import PACKAGE, MicroMathematics2154
from device_agent.virtual.catalog.pfweather import PACKAGE as WEATHER
from device_agent.virtual.catalog.pfweather import PrivacyFriendlyWeather20
from device_agent.virtual.catalog.transportr import PACKAGE as TRANSPORTR
from device_agent.virtual.catalog.transportr import Transportr222
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import fresh, node_text, tap, texts, triggered

MM = "microMathematics#39"
FIELD = f"{PACKAGE}:id/edit_text_value"


def _document_settings() -> VirtualDevice:
    device = fresh(MicroMathematics2154)
    tap(device, content_desc="More options")
    tap(device, text="Document settings")
    return device


def _second(device: VirtualDevice, **attrs: str) -> Selector:
    """A selector for the second node with ``attrs``: the significant-digits picker's (both
    pickers' views share their ids and descriptions)."""
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    found = [n for n in tree.iter() if all(getattr(n, k) == v for k, v in attrs.items())]
    return Selector(bounds=found[1].bounds, **attrs)


def _significant(device: VirtualDevice, typed: str) -> None:
    target = _second(device, resource_id=FIELD)
    result = device.execute(Action(kind="input_text", target=target, text=typed))
    assert result.performed, result.detail


def _press(device: VirtualDevice, desc: str) -> None:
    device.execute(Action(kind="click", target=_second(device, content_desc=desc)))


def test_fresh_install_shows_the_welcome_worksheet_with_the_real_action_bar() -> None:
    device = fresh(MicroMathematics2154)
    shown = texts(device)
    assert shown[:5] == [
        "Open navigation drawer",
        "Worksheet",
        "Undo",
        "New element",
        "More options",
    ]
    assert "Add equation" in shown and "Document settings" not in shown
    tap(device, content_desc="More options")
    assert "Document settings" in texts(device) and "Open file" not in texts(device)


def test_document_settings_dialog_has_the_pickers_of_the_layout() -> None:
    device = _document_settings()
    assert node_text(device, f"{PACKAGE}:id/dialog_title_text") == "Document settings"
    shown = texts(device)
    assert {"Line length", "Significant digits in result", "OK", "Cancel"} <= set(shown)
    assert shown.count("Increase value") == 2


def test_in_range_values_step_without_crashing() -> None:
    device = _document_settings()
    _significant(device, "12")
    _press(device, "Increase value")
    assert "13" in texts(device)
    _significant(device, "15")
    _press(device, "Increase value")  # beyond the maximum (15): unchanged
    assert "15" in texts(device)
    assert not triggered(device, MM)


def test_letters_cannot_be_typed_into_the_digits_only_field() -> None:
    device = _document_settings()
    _significant(device, "twelve")
    _press(device, "Increase value")  # an empty field and +: becomes 1
    assert not triggered(device, MM)


def test_huge_value_then_cancel_does_not_crash() -> None:
    device = _document_settings()
    _significant(device, "123456789012")
    tap(device, text="Cancel")
    assert not triggered(device, MM)


def test_huge_value_then_ok_crashes_in_get_value_as_the_code_does() -> None:
    device = _document_settings()
    _significant(device, "123456789012")
    tap(device, text="OK")
    assert triggered(device, MM)
    crash = device.check_bug_oracle(MM)[1]
    assert "NumberFormatException" in crash


# -- privacy-friendly-weather#61 -------------------------------------------------------------------
PFW = "privacy-friendly-weather#61"
LANDSCAPE = Action(kind="rotate", orientation="landscape")


def test_first_run_tutorial_pages_and_buttons_carry_the_layout_ids() -> None:
    device = fresh(PrivacyFriendlyWeather20)
    assert texts(device)[0] == "Welcome!"
    assert node_text(device, f"{WEATHER}:id/btn_skip") == "Skip"
    tap(device, resource_id=f"{WEATHER}:id/btn_skip")
    assert "The First Location" in texts(device)
    assert node_text(device, f"{WEATHER}:id/btn_next") == "Okay"
    assert "Skip" not in texts(device)


def test_rotating_an_earlier_tutorial_page_does_not_crash() -> None:
    device = fresh(PrivacyFriendlyWeather20)
    device.execute(LANDSCAPE)
    assert not triggered(device, PFW)
    tap(device, text="Next")
    tap(device, text="Next")
    device.execute(Action(kind="rotate", orientation="portrait"))
    assert "Github" in texts(device) and not triggered(device, PFW)


def test_choosing_a_city_then_rotating_the_forecast_does_not_crash() -> None:
    device = fresh(PrivacyFriendlyWeather20)
    tap(device, text="Skip")
    field = Selector(resource_id=f"{WEATHER}:id/autoCompleteTvAddFirstStart")
    device.execute(Action(kind="input_text", target=field, text="Ber"))
    assert {"Berlin, DE", "Bern, CH", "Bergen, NO"} <= set(texts(device))
    tap(device, text="Berlin, DE")
    device.execute(Action(kind="press_back"))  # the keyboard covers "Okay": hide it first
    tap(device, text="Okay")
    assert "Berlin" in texts(device)
    device.execute(LANDSCAPE)
    assert not triggered(device, PFW)


def test_okay_without_a_city_keeps_the_tutorial() -> None:
    device = fresh(PrivacyFriendlyWeather20)
    tap(device, text="Skip")
    tap(device, text="Okay")
    assert "The First Location" in texts(device) and not triggered(device, PFW)


# -- Transportr#972 --------------------------------------------------------------------------------
TR = "Transportr#972"
SEARCH = Selector(resource_id=f"{TRANSPORTR}:id/location")


def _with_network(name: str = "Deutsche Bahn") -> VirtualDevice:
    device = fresh(Transportr222)
    assert "Choose Area" in texts(device)  # the first run asks for a network
    tap(device, text="Europe")
    tap(device, text="🇩🇪 Germany")
    tap(device, text=name)
    assert "Search here" in texts(device)
    return device


def test_two_characters_stay_below_the_suggestion_threshold() -> None:
    device = _with_network()
    device.execute(Action(kind="input_text", target=SEARCH, text="Be"))
    assert not triggered(device, TR)


def test_browsing_networks_and_favourites_without_typing_does_not_crash() -> None:
    device = _with_network("BVG")
    tap(device, text="Home")
    assert "Set Home Location" in texts(device)
    device.execute(Action(kind="press_back"))
    tap(device, content_desc="Directions")
    assert not triggered(device, TR)


def test_typing_a_work_location_crashes_like_the_search_field() -> None:
    device = _with_network("VBB")
    tap(device, text="Work")
    device.execute(Action(kind="input_text", target=SEARCH, text="Arbeit"))
    assert triggered(device, TR)


# -- markor#1020 -----------------------------------------------------------------------------------
MK = "markor#1020"
ALLOW = {"resource_id": "com.android.permissioncontroller:id/permission_allow_button"}


def _markor_new_file(name: str, file_type: str = "", ok: bool = True) -> VirtualDevice:
    device = fresh(Markor232)
    tap(device, content_desc="SKIP")
    tap(device, **ALLOW)
    tap(device, resource_id=f"{MARKOR}:id/fab_add_new_item")
    field = Selector(resource_id=f"{MARKOR}:id/new_file_dialog__name")
    device.execute(Action(kind="input_text", target=field, text=name))
    if file_type:
        tap(device, resource_id=f"{MARKOR}:id/new_file_dialog__type")
        tap(device, text=file_type)
    device.execute(Action(kind="press_back"))  # the keyboard
    tap(device, text="OK" if ok else "Cancel")
    if ok:
        tap(device, content_desc="Navigate up")
    tap(device, resource_id=f"{MARKOR}:id/fab_add_new_item")
    return device


def test_first_run_intro_then_the_file_browser_toolbar() -> None:
    device = fresh(Markor232)
    assert texts(device)[0] == "Main View" and "SKIP" in texts(device)
    tap(device, content_desc="SKIP")
    tap(device, **ALLOW)
    assert texts(device)[:5] == ["Markor", "Go to", "Sort by", "Search", "More options"]


def test_after_a_todo_txt_file_the_dialog_says_markdown() -> None:
    device = _markor_new_file("tasks", "todo.txt")
    shown = texts(device)
    assert ".todo.txt" in shown and "Markdown" in shown
    assert triggered(device, MK)


def test_a_markdown_file_then_a_new_one_agrees() -> None:
    device = _markor_new_file("notes")
    assert ".md" in texts(device) and not triggered(device, MK)


def test_a_cancelled_todo_txt_dialog_leaves_markdown() -> None:
    device = _markor_new_file("tasks", "todo.txt", ok=False)
    assert ".md" in texts(device) and not triggered(device, MK)


def test_choosing_a_type_sets_its_extension_in_the_same_dialog() -> None:
    device = fresh(Markor232)
    tap(device, content_desc="SKIP")
    tap(device, **ALLOW)
    tap(device, resource_id=f"{MARKOR}:id/fab_add_new_item")
    tap(device, resource_id=f"{MARKOR}:id/new_file_dialog__type")
    tap(device, text="Plain Text")
    assert node_text(device, f"{MARKOR}:id/new_file_dialog__ext") == ".txt"
    assert not triggered(device, MK)
